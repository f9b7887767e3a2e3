"""Why a placement is refused, in the rule's own words.

The engine says a move is not legal ("placing on F6 is not allowed now"). When a placement on
an empty site is refused, this module looks at the conditions the description puts on its
placements, ``(to REGION if:CONDITION)`` in the current phase's rules, evaluates each one at
that site, and words the one that fails from its ludemes::

    (<= (count Sites in:(sites Around (to) Enemy)) (count Sites in:(sites Around (to) Own)))
    -> no more enemy neighbours than friendly neighbours (here 2 and 1)

and names the define it came from (Loupe's ``"Allowed"``). A condition it cannot word reads as
the description writes it. Nothing here changes the state: each condition is evaluated in a
frame of its own with the site bound as ``(to)``.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .engine.env import Env
from .errors import IllegalMoveError, MoveError
from .syntax.format import format_node
from .syntax.nodes import Call, Const, Int, Node, Str

if TYPE_CHECKING:
    from .engine.game import Game
    from .engine.state import State

_COMPARISONS = {
    "<=": ("no more {a} than {b}", "at most {b} {a}"),
    "<": ("fewer {a} than {b}", "fewer than {b} {a}"),
    ">=": ("at least as many {a} as {b}", "at least {b} {a}"),
    ">": ("more {a} than {b}", "more than {b} {a}"),
    "=": ("as many {a} as {b}", "exactly {b} {a}"),
    "!=": ("not as many {a} as {b}", "not {b} {a}"),
}
_WHOSE = {"Enemy": "enemy ", "Own": "friendly ", "Friend": "friendly ", "Empty": "empty ", "Mover": "friendly ",
          "Next": "enemy ", "Ally": "allied "}


class _Condition:
    """One placement condition: its words, its define, and its compiled test and sides."""

    def __init__(self, node: Call, test: Callable, sides: list[Callable]):
        self.node, self.test, self.sides = node, test, sides
        self.words = words(node)
        via = node.span.via if node.span is not None else ()
        self.define = via[-1].name if via else None


_CACHE: weakref.WeakKeyDictionary[Any, dict[str, list[_Condition]]] = weakref.WeakKeyDictionary()


def words(node: Node) -> str:
    """A condition in words, from its ludemes (the description's text where no words fit)."""
    if isinstance(node, Call):
        args = node.positional()
        if node.name in _COMPARISONS and len(args) == 2:
            a, b = args
            relative, absolute = _COMPARISONS[node.name]
            if isinstance(b, Int):
                return absolute.format(a=_noun(a), b=b.value)
            return relative.format(a=_noun(a), b=_noun(b))
        if node.name == "not" and len(args) == 1:
            return "not: " + words(args[0])
        if node.name in ("and", "or") and args:
            return f" {node.name} ".join(words(a) for a in args)
        if node.name == "is" and args and isinstance(args[0], Const) and args[0].name == "Empty":
            return "an empty site"
    return format_node(node)


def _noun(node: Node) -> str:
    """What a number counts, as a noun: ``enemy neighbours``."""
    if isinstance(node, Call) and node.name == "count":
        named = node.named()
        region = named.get("in")
        if region is not None:
            return _region(region)
    if isinstance(node, Int):
        return str(node.value)
    return format_node(node)


def _region(node: Node) -> str:
    if isinstance(node, Call) and node.name == "sites":
        args = node.positional()
        if args and isinstance(args[0], Const) and args[0].name == "Around":
            whose = next((_WHOSE[a.name] for a in args[1:] if isinstance(a, Const) and a.name in _WHOSE), "")
            return f"{whose}neighbours"
        if args and isinstance(args[0], Const):
            return f"sites {args[0].name}".lower()
    return "sites in " + format_node(node)


def _conditions(game: Game) -> dict[str, list[_Condition]]:
    """The placement conditions of each phase (by name), compiled once per game."""
    cached = _CACHE.get(game)
    if cached is not None:
        return cached
    from .bind import bind
    from .compile.compiler import Compiler
    expanded = game.info.description
    found: dict[str, list[_Condition]] = {}
    if expanded is None:
        _CACHE[game] = found
        return found
    compiler = Compiler(game, phase_names=[p.name for p in game.phases], tracks=game.tracks)

    def collect(root: Node, phase: str) -> None:
        for node in root.walk():
            if not (isinstance(node, Call) and node.name == "to"):
                continue
            cond = node.named().get("if")
            if not isinstance(cond, Call):
                continue
            try:
                test = compiler.bool(bind(cond))
                sides = []
                if cond.name in _COMPARISONS:
                    sides = [compiler.int(bind(a)) for a in cond.positional()]
            except Exception:  # a condition that needs more context than a site: not worded
                continue
            if all(c.words != words(cond) for c in found.setdefault(phase, [])):
                found[phase].append(_Condition(cond, test, sides))

    phases = [n for n in expanded.game.walk() if isinstance(n, Call) and n.name == "phase"]
    for node in phases:
        first = node.positional()[0] if node.positional() else None
        if isinstance(first, Str):
            collect(node, first.value)
    collect(expanded.game, "")  # every placement condition, for games without phases
    _CACHE[game] = found
    return found


def why_not(state: State, site: int) -> str | None:
    """The words of the placement condition that fails on ``site`` now, or None when none
    does (or none can be told)."""
    game = state.game
    if state.what[site]:
        return None
    table = _conditions(game)
    phase = game.phases[state.phase].name if game.phases else ""
    candidates = table.get(phase) or table.get("", [])
    frame = Env(to=site)
    for cond in candidates:
        try:
            if cond.test(state, frame):
                continue
            values = [side(state, frame) for side in cond.sides]
        except Exception:
            continue
        label = game.topology.labels[site]
        rule = f'the rule "{cond.define}"' if cond.define else "the rule"
        here = f" (on {label}: {' against '.join(str(v) for v in values)})" if values else ""
        return f"{rule} asks for {cond.words}{here}"
    return None


def refusal(state: State, text: str, err: MoveError) -> str:
    """The message for a refused move: the engine's, or, for a placement on an empty site
    that a condition forbids, that condition in words."""
    if not isinstance(err, IllegalMoveError):
        return str(err)
    label = text.strip().split("@")[-1]
    site = state.game.topology.site(label.split(":")[0])
    if site < 0:
        return str(err)
    reason = why_not(state, site)
    return f"'{text.strip()}': {state.game.topology.labels[site]} is refused: {reason}" if reason else str(err)
