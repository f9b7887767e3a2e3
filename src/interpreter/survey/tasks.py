"""The work of one chunk, as a worker process does it: load a game and take its compilation
concepts, or play a block of its playouts. Results are plain data (dicts, lists, numbers,
strings), the same in a journal line, a pipe or a Dask message."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from .plan import LoadRequest, PlayRequest, option_sets
from .stages import _first_line, load_stage

if TYPE_CHECKING:
    from ..concept.metrics import GameRecord
    from ..engine.game import Game

CACHED_GAMES = 4  # games a worker keeps loaded (a game's blocks follow each other)


def engine_tier(game: Game) -> str:
    """The engine tier that plays ``game``'s playouts: ``"compiled"`` when every ludeme of the
    game has a kernel (interpreter.native), unless ``--engine reference`` says otherwise; else
    ``"reference"``. Decided by the game alone (not by what is cached), so a table is the same
    on every machine and every run."""
    from ..native.choice import compiled_form, engine_mode
    from ..native.emit import NoKernel
    if engine_mode() == "reference" or isinstance(compiled_form(game), NoKernel):
        return "reference"
    return "compiled"


def load_task(request: LoadRequest) -> dict[str, Any]:
    """Load a row's game and take its concepts: how far it got, and for a loaded game its name,
    fingerprint, tier, concepts and the expanded text its playouts are played from."""
    from ..concept.detect import boolean_concepts, numeric_concepts
    from ..concept.metrics import game_text
    result, game, _ = load_stage(request.path, request.text, request.options, request.ruleset,
                                 request.defines)
    data: dict[str, Any] = {"stage": result.stage, "reason": result.reason, "error": result.error,
                            "name": "", "fingerprint": "", "engine_tier": "", "players": 0, "scores": False,
                            "turn_limit": 0, "game_text": "", "boolean": [], "numbers": {}}
    if request.list_option_sets:
        data["option_sets"] = [[list(s.options), s.ruleset] for s in option_sets(request.text, request.path)[1:]]
    if game is None:
        return data
    try:
        boolean = sorted(boolean_concepts(game))
        numbers = numeric_concepts(game)
        text = game_text(game)
    except MemoryError:
        raise
    except Exception as err:  # the engine's fault: reported in the row
        data.update(stage="expand", reason=f"engine error in the concepts: {type(err).__name__}: {_first_line(err)}")
        data["error"] = data["reason"]
        return data
    data.update(name=game.name, fingerprint=game.info.fingerprint, engine_tier=engine_tier(game),
                players=game.num_players, scores="Scoring" in game.concepts, turn_limit=game.turn_limit,
                game_text=text, boolean=boolean, numbers=numbers)
    return data


_GAMES: OrderedDict[tuple[str, int], Game] = OrderedDict()


def cached_game(text: str, turn_limit: int) -> Game:
    """The game of an expanded text with this turn limit, loaded once per worker process."""
    from ..loader import load
    key = (text, turn_limit)
    game = _GAMES.get(key)
    if game is None:
        game = load(text)
        if game.turn_limit != turn_limit:
            game = game.with_turn_limit(turn_limit)
        _GAMES[key] = game
        while len(_GAMES) > CACHED_GAMES:
            _GAMES.popitem(last=False)
    _GAMES.move_to_end(key)
    return game


def play_task(request: PlayRequest) -> list[dict[str, Any]]:
    """Play and measure playouts ``start`` to ``stop - 1`` of a row's game."""
    from ..concept.metrics import native_records, play_one
    from ..native import choice
    game = cached_game(request.game_text, request.turn_limit)
    tier = engine_tier(game)
    if tier == "compiled" and all(a.strip().lower() == "random" for a in request.agents):
        from ..native.api import native_game
        records = native_records(native_game(game), request.stop - request.start, request.seed, request.start)
        return [asdict(r) for r in records]
    outer = choice.engine_mode()
    choice.set_engine(tier)  # searching agents on the row's tier, whatever is cached
    try:
        return [asdict(play_one(game, i, request.seed, request.agents)) for i in range(request.start, request.stop)]
    finally:
        choice.set_engine(outer)


def record_of(data: dict[str, Any]) -> GameRecord:
    """A playout's record from its plain form (lists back to tuples)."""
    from ..concept.metrics import GameRecord
    fields = dict(data)
    fields["winners"] = tuple(fields.get("winners", ()))
    fields["utilities"] = tuple(fields.get("utilities", ()))
    return GameRecord(**fields)


def run_task(request: LoadRequest | PlayRequest) -> Any:
    """Do a chunk's work (a load or a block of playouts)."""
    if isinstance(request, LoadRequest):
        return load_task(request)
    if isinstance(request, PlayRequest):
        return play_task(request)
    raise TypeError(f"not a chunk: {type(request).__name__}")


__all__ = ["CACHED_GAMES", "cached_game", "engine_tier", "load_task", "play_task", "record_of", "run_task"]
