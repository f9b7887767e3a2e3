"""The level a ``forEach Level`` leaves behind, as Ludii's one shared context keeps it.

Ludii evaluates every rule in one mutable context. Its ForEachLevel sets the context's level
for each level it visits and never puts the old one back (it restores only ``(to)`` and
``(site)``), so after it ``(level)`` is the last level visited, for whatever is evaluated next
in that context, until a rule sets it again (forEach Piece sets it for each piece and restores
it after). In particular, a move's ``(to ... (apply ...))`` is worked out when the move is
generated (Ludii's FromTo chains its effect then): a ``forEach Level`` there changes the
``(level)`` the next moves of the same generator see (the next die of a ``forEach Die``, its
``(from (from) level:(level))``). Here each rule gets its own frame (:mod:`..engine.env`), so
this module works out that level: :func:`level_left` gives, for an effect, a function
``(state, frame) -> level or None`` (None: the effect leaves the level as it was), which the
generators that work such effects out in Ludii call after making each move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import stacks
from ..engine.env import ROOT, Env
from .base import Ludeme

if TYPE_CHECKING:
    from ..engine.state import State

LevelLeft = Callable[["State", Env], "int | None"]


def level_left(c: Any, item: Any) -> LevelLeft | None:
    """The level Ludii's context holds after evaluating the effect ``item`` (moves worked out
    as an effect) in a frame, as a function of the state and that frame (None from it: the
    level is unchanged); None when ``item`` never changes it (no ``forEach Level`` in it)."""
    from .effects import ForEachSite
    from .logic import And, If
    from .stacks import ForEachLevel
    if not isinstance(item, Ludeme):
        return None
    if isinstance(item, ForEachLevel):
        return _for_each_level(c, item)
    if isinstance(item, If) and item.then is None:
        return _if(c, item)
    if isinstance(item, And) and item.then is None:
        return _sequence(c, list(item.items.items))
    if isinstance(item, ForEachSite) and item.then is None and item.noMoveYet is None:
        return _for_each_site(c, item)
    return None


def _for_each_level(c: Any, item: Any) -> LevelLeft:
    """Ludii's ForEachLevel: the last level it visits (the bottom one, or the top one
    ``FromBottom``), or what the effect at that level leaves; nothing on an empty site."""
    site = c.site(item.site)
    inner = level_left(c, item.moves)
    from_top = item.from_top()

    def left(s: State, e: Env) -> int | None:
        at = site(s, e)
        n = stacks.size(s, at) if at >= 0 else 0
        if not n:
            return None
        last = 0 if from_top else n - 1
        if inner is None:
            return last
        frame = e.child()
        frame.level = last
        found = inner(s, frame)
        return last if found is None else found
    return left


def _if(c: Any, item: Any) -> LevelLeft | None:
    """Ludii's If as an effect: the condition, then the branch it chooses."""
    yes = level_left(c, item.then_branch)
    no = level_left(c, item.else_branch) if item.else_branch is not None else None
    if yes is None and no is None:
        return None
    cond = c.bool(item.condition)

    def left(s: State, e: Env) -> int | None:
        branch = yes if cond(s, e) else no
        return branch(s, e) if branch is not None else None
    return left


def _sequence(c: Any, items: list[Any]) -> LevelLeft | None:
    """Effects worked out one after the other in the same context (Ludii's And): each sees
    the level the ones before it left."""
    parts = [level_left(c, x) for x in items]
    if all(p is None for p in parts):
        return None

    def left(s: State, e: Env) -> int | None:
        frame = e.child()
        found = None
        for part in parts:
            if part is None:
                continue
            level = part(s, frame)
            if level is not None:
                found = frame.level = level
        return found
    return left


def _for_each_site(c: Any, item: Any) -> LevelLeft | None:
    """Ludii's ForEachSite: the effect at every site of the region in turn (``(site)`` and
    ``(to)`` the site), each seeing the level the ones before it left."""
    inner = level_left(c, item.effect)
    if inner is None:
        return None
    region = c.region(item.region)

    def left(s: State, e: Env) -> int | None:
        frame = e.child()
        found = None
        for site in list(region(s, e)):
            frame.site = frame.to = site
            level = inner(s, frame)
            if level is not None:
                found = frame.level = level
        return found
    return left


def leave_level(e: Env, level: int | None) -> None:
    """Keep ``level`` as the ``(level)`` of the frame ``e`` a generator was given (as Ludii's
    shared context keeps it); never the root frame, which is never written to."""
    if level is not None and e is not ROOT:
        e.level = level


def _keep_nothing(s: State, frame: Env, e: Env) -> None:
    return None


def level_keeper(left: LevelLeft | None) -> Callable[[State, Env, Env], None]:
    """What a generator calls after making each move whose effect ``left`` says the level of
    (see :func:`level_left`): ``keep(state, frame, given)`` sets that level in its own frame and
    in the frame it was given, as Ludii's context keeps it (nothing when ``left`` is None)."""
    if left is None:
        return _keep_nothing

    def keep(s: State, frame: Env, e: Env) -> None:
        level = left(s, frame)
        if level is not None:
            frame.level = level
            leave_level(e, level)
    return keep


__all__ = ["level_left", "leave_level", "level_keeper", "LevelLeft"]
