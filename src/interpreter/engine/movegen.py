"""Move generators: the compiled form of a rule that makes moves.

A :class:`MoveGen` lists the moves of a rule in a position (:meth:`MoveGen.moves`); its other
capabilities have defaults derived from that list, and a generator that can do better says so
by overriding them:

- :meth:`~MoveGen.first`: the first move, without making the others (``(no Moves ...)`` asks);
- :meth:`~MoveGen.reaching`: the moves ending on a site (what a threat test looks for);
- :meth:`~MoveGen.bound`: the sites its moves may ever end on from a given (from), whatever the
  position (a static bound: a threat test skips the pieces that cannot reach its site);
- :meth:`~MoveGen.draw` with :attr:`~MoveGen.space` and :attr:`~MoveGen.kinds`: one candidate out
  of ``space`` equally likely ones, the move when that candidate is legal, else None, so a random
  playout can draw a move without listing them all (:func:`.turns.random_move`);
- :meth:`~MoveGen.branch`: the generator whose moves these are now (``if`` picks a branch);
- :attr:`~MoveGen.unique`: it never lists the same move twice (the turn machinery then skips
  removing duplicates).

The combinators every rule shares (a function as a generator, moves with a consequence added, a
union, a choice by a condition, the first that has moves, a filter, one generator per mover) are
here, written once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .env import Env
from .move import Move

if TYPE_CHECKING:
    from .state import State

Cond = Callable[["State", Env], Any]
MovesFn = Callable[["State", Env], list[Move]]


class MoveGen:
    """A rule that makes moves (see the module's docs for the capabilities)."""

    unique: bool = False  # never lists a move twice
    space: int = 0  # the number of candidates :meth:`draw` draws from (0: it cannot draw)
    kinds: frozenset[int] = frozenset()  # the kinds of move :meth:`draw` may give

    def moves(self, s: State, e: Env) -> list[Move]:
        """The moves of this rule in ``s``."""
        raise NotImplementedError

    def first(self, s: State, e: Env) -> Move | None:
        """The first move :meth:`moves` would give, or None."""
        found = self.moves(s, e)
        return found[0] if found else None

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        """The moves that end on ``site``."""
        return [m for m in self.moves(s, e) if m.to == site]

    def bound(self, frm: int) -> int | None:
        """The sites (a bitset: bit x for site x) that the moves of this rule may end on when its
        (from) is ``frm``, in any position; None when not known. Exact or larger, never smaller:
        a threat test skips a piece whose bound leaves out the site it asks about."""
        return None

    def draw(self, s: State, e: Env, rng: Any) -> Move | None:
        """One of :attr:`space` equally likely candidates: the move when it is legal, else None."""
        raise NotImplementedError(f"{type(self).__name__} cannot draw moves")

    def branch(self, s: State, e: Env) -> MoveGen | None:
        """The generator whose moves this one gives in ``s`` (itself, unless it chooses)."""
        return self

    @property
    def drawable(self) -> bool:
        """True when a random move of this rule may be drawn without listing them."""
        return self.space > 0


class FnGen(MoveGen):
    """A generator made of a function ``fn(state, env) -> list of moves`` (the function is the
    instance's :meth:`moves` itself: no wrapper call on the hot path)."""

    def __init__(self, fn: MovesFn, unique: bool = False,
                 reach: Callable[[State, Env, int], list[Move]] | None = None,
                 bound: Callable[[int], int | None] | None = None):
        # an instance's own function: one call less on the hot path
        self.moves = fn  # type: ignore[method-assign, assignment]  # shadows the method on purpose
        self.unique = unique
        if reach is not None:  # the moves onto a site, worked out without the others
            self.reaching = reach  # type: ignore[method-assign, assignment]  # shadows the method on purpose
        if bound is not None:  # the sites its moves may end on from a (from) (MoveGen.bound)
            self.bound = bound  # type: ignore[method-assign, assignment]  # shadows the method on purpose


def site_bits(sites: Iterable[int]) -> int:
    """A bitset of sites (bit x for site x), as :meth:`MoveGen.bound` gives them."""
    out = 0
    for x in sites:
        if x >= 0:
            out |= 1 << x
    return out


def bound_of(gens: Iterable[MoveGen], frm: int) -> int | None:
    """The union of the bounds of ``gens`` from ``frm`` (:meth:`MoveGen.bound`); None when one
    is not known."""
    out = 0
    for gen in gens:
        found = gen.bound(frm)
        if found is None:
            return None
        out |= found
    return out


class WithRules(MoveGen):
    """The moves of ``gen`` with more consequences after their own (``rules``: a ``(then ...)``
    around a combination of moves). Each move's copy is made once and kept, so the same move is
    always the same object."""

    def __init__(self, gen: MoveGen, rules: tuple[int, ...]):
        self.gen = gen
        self.rules = rules
        self.unique = gen.unique
        self._made: dict[int, tuple[Move, Move]] = {}  # id of a move -> (it, it with the rules)

    def _with(self, m: Move) -> Move:
        made = self._made
        pair = made.get(id(m))
        if pair is None or pair[0] is not m:
            if len(made) > 100_000:  # moves made afresh at every call would pile up
                made.clear()
            pair = made[id(m)] = (m, m.with_rules(m.rules + self.rules))
        return pair[1]

    def moves(self, s: State, e: Env) -> list[Move]:
        return [self._with(m) for m in self.gen.moves(s, e)]

    def first(self, s: State, e: Env) -> Move | None:
        found = self.gen.first(s, e)
        return None if found is None else self._with(found)

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        return [self._with(m) for m in self.gen.reaching(s, e, site)]

    def bound(self, frm: int) -> int | None:
        return self.gen.bound(frm)


def with_rules(gen: MoveGen, rules: tuple[int, ...]) -> MoveGen:
    """``gen`` with ``rules`` added after its moves' own consequences (``gen`` itself for none)."""
    return WithRules(gen, rules) if rules else gen


class Union(MoveGen):
    """The moves of every part, in order (``or`` of moves). It draws when every part draws and
    no two parts make the same kind of move: a candidate of the union is a candidate of one part,
    each part weighted by its number of candidates."""

    def __init__(self, parts: Sequence[MoveGen]):
        self.parts = tuple(parts)
        kinds = [p.kinds for p in self.parts]
        if self.parts and all(p.space > 0 for p in self.parts) and \
                sum(len(k) for k in kinds) == len(frozenset().union(*kinds)):
            self.space = sum(p.space for p in self.parts)
            self.kinds = frozenset().union(*kinds)

    def moves(self, s: State, e: Env) -> list[Move]:
        out: list[Move] = []
        for part in self.parts:
            out.extend(part.moves(s, e))
        return out

    def first(self, s: State, e: Env) -> Move | None:
        for part in self.parts:
            found = part.first(s, e)
            if found is not None:
                return found
        return None

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        return [m for part in self.parts for m in part.reaching(s, e, site)]

    def bound(self, frm: int) -> int | None:
        return bound_of(self.parts, frm)

    def draw(self, s: State, e: Env, rng: Any) -> Move | None:
        i = rng.randrange(self.space)
        for part in self.parts:
            if i < part.space:
                return part.draw(s, e, rng)
            i -= part.space
        return None


class Choice(MoveGen):
    """The moves of ``yes`` when ``cond`` holds, else of ``no`` (none when there is no ``no``):
    ``if`` with moves. One branch runs at a time, so it is unique when both are."""

    def __init__(self, cond: Cond, yes: MoveGen, no: MoveGen | None):
        self.cond = cond
        self.yes = yes
        self.no = no
        self.unique = yes.unique and (no is None or no.unique)

    def branch(self, s: State, e: Env) -> MoveGen | None:
        return self.yes if self.cond(s, e) else self.no

    def moves(self, s: State, e: Env) -> list[Move]:
        chosen = self.branch(s, e)
        return chosen.moves(s, e) if chosen is not None else []

    def first(self, s: State, e: Env) -> Move | None:
        chosen = self.branch(s, e)
        return chosen.first(s, e) if chosen is not None else None

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        chosen = self.branch(s, e)
        return chosen.reaching(s, e, site) if chosen is not None else []

    def bound(self, frm: int) -> int | None:
        return bound_of((self.yes,) if self.no is None else (self.yes, self.no), frm)

    @property
    def drawable(self) -> bool:
        return True  # a draw follows the branch that runs


class FirstOf(MoveGen):
    """The moves of the first part that has any (``priority``); with ``rules``, each move
    chosen carries them after its own consequences."""

    def __init__(self, parts: Sequence[MoveGen], rules: tuple[int, ...] = ()):
        self.parts = tuple(with_rules(p, rules) for p in parts)
        self.unique = all(p.unique for p in parts)  # one part's moves at a time

    def moves(self, s: State, e: Env) -> list[Move]:
        for part in self.parts:
            found = part.moves(s, e)
            if found:
                return found
        return []

    def first(self, s: State, e: Env) -> Move | None:
        for part in self.parts:
            found = part.first(s, e)
            if found is not None:
                return found
        return None

    def bound(self, frm: int) -> int | None:
        return bound_of(self.parts, frm)


class Filtered(MoveGen):
    """The moves of ``gen`` that ``keep(state, env, move)`` accepts (``do ... ifAfterwards:``):
    it draws as ``gen`` does, keeping a drawn move when it is accepted."""

    def __init__(self, gen: MoveGen, keep: Callable[[State, Env, Move], bool]):
        self.gen = gen
        self.keep = keep
        self.unique = gen.unique
        self.space = gen.space
        self.kinds = gen.kinds

    def moves(self, s: State, e: Env) -> list[Move]:
        keep = self.keep
        return [m for m in self.gen.moves(s, e) if keep(s, e, m)]

    def first(self, s: State, e: Env) -> Move | None:
        keep = self.keep
        for m in self.gen.moves(s, e):  # the first that passes, without trying the others
            if keep(s, e, m):
                return m
        return None

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        keep = self.keep
        return [m for m in self.gen.reaching(s, e, site) if keep(s, e, m)]

    def bound(self, frm: int) -> int | None:
        return self.gen.bound(frm)

    def draw(self, s: State, e: Env, rng: Any) -> Move | None:
        move = self.gen.draw(s, e, rng)
        return move if move is not None and self.keep(s, e, move) else None


class ByMover(MoveGen):
    """One generator per player, chosen by the mover (a play rule compiled once per player's
    facing); ``gens[p]`` is player p's."""

    def __init__(self, gens: Sequence[MoveGen | None]):
        present = [g for g in gens if g is not None]
        self.unique = all(g.unique for g in present)
        # a player without a generator (player 0, nobody, who never moves) makes no moves
        self.gens: tuple[MoveGen, ...] = tuple(g if g is not None else Union(()) for g in gens)

    def moves(self, s: State, e: Env) -> list[Move]:
        return self.gens[s.mover].moves(s, e)

    def first(self, s: State, e: Env) -> Move | None:
        return self.gens[s.mover].first(s, e)

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        return self.gens[s.mover].reaching(s, e, site)

    def bound(self, frm: int) -> int | None:
        return bound_of(self.gens, frm)


class Switch(MoveGen):
    """The moves of one of several generators, the one ``which(state, env)`` numbers (a rule
    compiled once per possible value of what it reads, e.g. directions known only in play)."""

    def __init__(self, which: Cond, gens: Sequence[MoveGen]):
        self.which = which
        self.gens = tuple(gens)
        self.unique = all(g.unique for g in self.gens)

    def branch(self, s: State, e: Env) -> MoveGen | None:
        return self.gens[self.which(s, e)]

    def moves(self, s: State, e: Env) -> list[Move]:
        return self.gens[self.which(s, e)].moves(s, e)

    def first(self, s: State, e: Env) -> Move | None:
        return self.gens[self.which(s, e)].first(s, e)

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        return self.gens[self.which(s, e)].reaching(s, e, site)

    def bound(self, frm: int) -> int | None:
        return bound_of(self.gens, frm)

    @property
    def drawable(self) -> bool:
        return True  # a draw follows the branch that runs


def as_gen(value: MoveGen | MovesFn) -> MoveGen:
    """A generator from a generator or a plain function of (state, env)."""
    return value if isinstance(value, MoveGen) else FnGen(value)


def resolve(gen: MoveGen | None, s: State, e: Env) -> MoveGen | None:
    """The generator that gives ``gen``'s moves in ``s``, following branches (``if``) down."""
    while gen is not None:
        chosen = gen.branch(s, e)
        if chosen is gen:
            return gen
        gen = chosen
    return None


def concat(lists: Iterable[list[Move]]) -> list[Move]:
    """Moves of several lists, in order."""
    out: list[Move] = []
    for part in lists:
        out.extend(part)
    return out


__all__ = ["MoveGen", "FnGen", "WithRules", "with_rules", "Union", "Choice", "FirstOf", "Filtered", "ByMover", "Switch",
           "as_gen", "resolve", "concat",
           "site_bits", "bound_of"]
