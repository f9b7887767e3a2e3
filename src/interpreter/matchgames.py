"""Building a match (``(match ...)``): its games, found by their names, and its end rules
(see :mod:`interpreter.engine.matchplay` for how a match plays).

A game of a match is named as Ludii names it, by the game's name (``(subgame "Portes")``):
its description is looked for beside the match's file (``Portes.lud``, or a file named
``..._Portes.lud`` as Ludii's files are when copied flat, such as
``subgame__race__escape__Portes.lud``), then in the folders above it (Ludii keeps a match's
games in ``lud/subgame/...``), and among the bundled descriptions.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from .engine.game import GameInfo
from .engine.matchplay import Instance, MatchGame, is_match
from .errors import BindError, LudError
from .ludemes.base import BoundArray

if TYPE_CHECKING:
    from .ludemes.matches import MatchLudeme
    from .syntax.expand import Expanded

SEARCH_UP = 4  # folders above the match's file searched for its games
SEARCH_LIMIT = 20_000  # files and folders looked at in each of them, at most
MAX_PLAYERS = 16


def find_subgame(name: str, near: Path | None) -> Path | None:
    """The description of the game ``name`` (see the module docs), or None."""
    wanted = {f"{name}.lud".lower()}
    suffix = f"__{name}.lud".lower()

    def fits(path: Path) -> bool:
        low = path.name.lower()
        return low in wanted or low.endswith(suffix)

    if near is not None:
        folder = near.parent
        for candidate in sorted(folder.glob("*.lud")):
            if fits(candidate):
                return candidate
        found = _search(folder, fits)  # its folders (Ludii's lud/subgame/...), then above
        if found is not None:
            return found
        for _ in range(SEARCH_UP):
            folder = folder.parent
            if folder == folder.parent:
                break
            found = _search(folder, fits)
            if found is not None:
                return found
    from .resources import bundled_descriptions
    return bundled_descriptions().get(name.lower().replace(" ", "-"))


def _search(folder: Path, fits: Any) -> Path | None:
    """The first fitting .lud file under ``folder`` (its own files first, then its folders in
    order, hidden ones skipped), looking at no more than :data:`SEARCH_LIMIT` entries."""
    seen = 0
    queue = [folder]
    while queue:
        here = queue.pop(0)
        try:
            entries = sorted(here.iterdir())
        except OSError:
            continue
        seen += len(entries)
        if seen > SEARCH_LIMIT:
            return None
        for entry in entries:
            if entry.suffix == ".lud" and fits(entry):
                return entry
        queue.extend(e for e in entries if e.is_dir() and not e.name.startswith("."))
    return None


def _games(bound: MatchLudeme, near: Path | None, num: int) -> list[tuple[Any, Any]]:
    """Each subgame of the match with its built game."""
    games = []
    for sub in bound.games.subgames():
        name = sub.title.value
        path = find_subgame(name, near)
        if path is None:
            raise BindError(f'the game "{name}" of this match was not found', sub.title.span,
                            hint=f"put its description, {name}.lud, beside the match's file")
        options = [sub.option.value] if sub.option is not None else []
        game = _load_subgame(path, options, sub)
        if is_match(game):
            raise BindError(f'"{name}" is a match: the games of a match are games', sub.title.span)
        if game.num_players != num:
            raise BindError(f'"{name}" is a game of {game.num_players} players, the match has {num}', sub.span)
        games.append((sub, game))
    return games


def build_match(expanded: Expanded, bound: MatchLudeme) -> MatchGame:
    """The match of a bound ``(match ...)`` description."""
    from .compile.build import end_rule
    from .compile.compiler import Compiler
    from .loader import fingerprint

    source = expanded.document.file
    near = Path(source) if source and not source.startswith("<") else None
    num = 2
    if bound.players is not None:
        num = Compiler(None).static_int(bound.players.count)
        if not 1 <= num <= MAX_PLAYERS:
            raise BindError(f"players must be between 1 and {MAX_PLAYERS}, not {num}", bound.players.span)
    if near is not None:
        _LOADING.append(near.resolve())
    try:
        games = _games(bound, near, num)
    finally:
        if near is not None:
            _LOADING.pop()
    first = games[0][1]
    c = Compiler(first, phase_names=[p.name for p in first.phases])
    rules = list(bound.end.rules.items) if isinstance(bound.end.rules, BoundArray) else [bound.end.rules]
    end_rules = [end_rule(rule, c) for rule in rules]
    instances = []
    for sub, game in games:
        _check_next(sub, len(games))
        nxt = c.int(sub.next) if sub.next is not None else None
        result = Compiler(game, phase_names=[p.name for p in game.phases]).int(sub.result) \
            if sub.result is not None else None
        instances.append(Instance(game, sub.title.value, nxt, result))
    info = GameInfo(name=bound.title.value, players=num, options=tuple(expanded.choice_strings),
                    concepts=frozenset({"Match"}) | first.info.concepts, source=str(source),
                    fingerprint=fingerprint(expanded), description=expanded, colours=dict(first.info.colours))
    return MatchGame(bound.title.value, num, instances, end_rules, info)


_LOADING: list[Path] = []  # the matches being built, outermost first: a match never plays itself


def _load_subgame(path: Path, options: list[str], sub: Any) -> Any:
    """The game of ``sub`` built from ``path``; an error with no place of its own (an unknown
    option) is placed on the subgame."""
    from .loader import load
    here = path.resolve()
    if here in _LOADING:
        raise BindError(f'"{sub.title.value}" is this match itself ({path.name}): a match plays games',
                        sub.title.span)
    _LOADING.append(here)
    try:
        return load(path, options=options)
    except LudError as error:
        if error.span is not None:
            raise
        raise BindError(f'"{sub.title.value}" ({path.name}): {error.message}', sub.span, hint=error.hint) from None
    finally:
        _LOADING.pop()


def _check_next(sub: Any, count: int) -> None:
    """A constant ``next:`` names one of the match's games (counted from 0)."""
    if sub.next is None:
        return
    from .compile.compiler import Compiler
    try:
        value = Compiler(None).static_int(sub.next)
    except Exception:  # noqa: BLE001 - known in play only: checked when the game ends
        return
    if not 0 <= value < count:
        raise BindError(f"next:{value} names no game of this match (games 0 to {count - 1})", sub.next.span)


def matches(bound: Any) -> TypeGuard[MatchLudeme]:
    """Whether a bound description is a match."""
    from .ludemes.matches import MatchLudeme
    return isinstance(bound, MatchLudeme)


__all__ = ["build_match", "find_subgame", "matches"]
