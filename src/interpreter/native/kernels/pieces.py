"""Kernels of pieces' values and whereabouts (ludemes/pieces.py, war.py): ``value Piece``, ``is
Within``, ``no Pieces``, ``where``, ``promote``, ``move Remove``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine.move import MoveKind
from ...ludemes import pieces, war
from ...syntax.nodes import Const, Str
from ..emit import Emitter, Everywhere, Made, NoKernel, OneSite, kernel
from .core import _components_named, _friends


@kernel(pieces.ValuePiece, "int")
def _value_piece(self: pieces.ValuePiece, k: Emitter) -> str:
    values = k.table(np.array([comp.value for comp in k.game.components], dtype=np.int64))
    site = k.site(self.at)
    if getattr(self.at, "context_site", False) or site.isdigit():
        return f"{values}[{k.what(site)}]"
    return f"({values}[{k.what(site)}] if {site} >= 0 else 0)"


@kernel(pieces.IsWithin, "bool")
def _is_within(self: pieces.IsWithin, k: Emitter) -> str:
    if isinstance(self.piece, Str):
        mask = np.zeros(len(k.game.components), dtype=np.int64)
        mask[_components_named(k, self.piece.value)] = 1
        kinds = k.table(mask)
        wanted = lambda x: f"{kinds}[{k.what(x)}] != 0"  # noqa: E731
    else:
        one = k.temp("w")
        k.line(f"{one} = {k.int(self.piece)}")  # a piece's number: (id "1Dot" Mover)
        wanted = lambda x: f"{k.what(x)} == {one}"  # noqa: E731
    if self.at is not None:
        site = k.site(self.at)
        if getattr(self.at, "context_site", False) or site.isdigit():
            return f"({wanted(site)})"
        return f"({site} >= 0 and {wanted(site)})"
    found, x = k.temp("b"), k.temp("x")
    k.line(f"{found} = False")
    with k.region(self.region).loop(k, x):
        k.line(f"if {wanted(x)}:")
        k.line(f"    {found} = True")
        k.line("    break")
    return found


def _owner_test(k: Emitter, role: Any) -> Any:
    """A test of a player number ``p`` (never 0) against the players a role names, as the
    reference's ``war._players``: every player (no role, Each, All), the mover's enemies,
    friends, everyone but the mover; None for one player (``k.player`` names them)."""
    if role is None or (isinstance(role, Const) and role.name in ("All", "Each")):
        return lambda p: "True"
    if isinstance(role, Const) and role.name == "Enemy":
        return lambda p: f"not {_friends(k, p, k.mover)}"
    if isinstance(role, Const) and role.name == "Friend":
        return lambda p: _friends(k, p, k.mover)
    if isinstance(role, Const) and role.name == "NonMover":
        return lambda p: f"{p} != {k.mover}"
    return None


@kernel(war.NoPieces, "bool")
def _no_pieces(self: war.NoPieces, k: Emitter) -> str:
    role = self.role if self.role is not None else self.of
    test = _owner_test(k, role)
    one = None
    if test is None:
        one = k.temp("q")
        k.line(f"{one} = {k.player(role)}")
    none = k.temp("b")
    k.line(f"{none} = True")
    if self.piece is None and self.region is None:  # the players' counts
        if one is not None:
            return f"({k.st}[COUNTS + {one}] == 0)"
        p = k.temp("p")
        with k.indented(f"for {p} in range(1, {k.players + 1}):"):
            k.line(f"if {test(p)} and {k.st}[COUNTS + {p}] != 0:")
            k.line(f"    {none} = False")
            k.line("    break")
        return none
    kinds = None
    if self.piece is not None:
        mask = np.zeros(len(k.game.components), dtype=np.int64)
        mask[_components_named(k, self.piece.value)] = 1
        kinds = k.table(mask)
    x, w = k.temp("x"), k.temp("w")

    def body() -> None:
        k.line(f"{w} = {k.who(x)}")
        tests = [f"{w} == {one}" if one is not None else f"{w} != 0 and {test(w)}"]
        if kinds is not None:
            tests.append(f"{kinds}[{k.what(x)}] != 0")
        k.line(f"if {' and '.join(tests)}:")
        k.line(f"    {none} = False")
        k.line("    break")
    if self.region is None:  # every site the reference's state holds: the board's, then hands'
        limit = "N"
        if k.layout.hand_sites:
            limit = f"{k.table(np.array([k.n + k.layout.hand_sites], dtype=np.int64))}[0]"
        with k.indented(f"for {x} in range({limit}):"):
            body()
    else:
        with k.region(self.region, hands=True).loop(k, x):
            body()
    return none


@kernel(war.Where, "int")
def _where(self: war.Where, k: Emitter) -> str:
    owner_of = k.table(np.array(k.game.owner_of, dtype=np.int64))
    if isinstance(self.piece, Str):
        mask = np.zeros(len(k.game.components), dtype=np.int64)
        mask[_components_named(k, self.piece.value)] = 1
        kinds = k.table(mask)
        test = _owner_test(k, self.role)
        if test is None:
            one = k.temp("q")
            k.line(f"{one} = {k.player(self.role)}")
            wanted = lambda w: f"{kinds}[{w}] != 0 and {owner_of}[{w}] == {one}"  # noqa: E731
        else:
            # a role names players 1.. only: a piece of no one's is not theirs
            guard = "" if self.role is None else f"{owner_of}[{{w}}] != 0 and "
            wanted = lambda w: f"{kinds}[{w}] != 0 and {guard.format(w=w)}{test(f'{owner_of}[{w}]')}"  # noqa: E731
    else:
        if self.role is not None:
            raise NoKernel("(where <number> <player>)")
        number = k.temp("n")
        k.line(f"{number} = {k.int(self.piece)}")
        wanted = lambda w: f"{w} == {number}"  # noqa: E731
    # the first site, in the order of the reference's state: the board's, then hands'
    found, x, w = k.temp("s"), k.temp("x"), k.temp("w")
    limit = "N"
    if k.layout.hand_sites:
        limit = f"{k.table(np.array([k.n + k.layout.hand_sites], dtype=np.int64))}[0]"
        k.hand_vars.add(found)
    k.line(f"{found} = -1")
    with k.indented(f"for {x} in range({limit}):"):
        k.line(f"{w} = {k.what(x)}")
        k.line(f"if {w} != 0 and {wanted(w)}:")
        k.line(f"    {found} = {x}")
        k.line("    break")
    return found


@kernel(war.Promote, "effect")
def _promote(self: war.Promote, k: Emitter) -> None:
    if k.notes.get("union_find") is not None:
        raise NoKernel("(promote ...)", "a piece replaced in a game keeping its groups")
    names = self.piece.names_listed()
    if len(names) > 1:
        raise NoKernel("(promote (piece {...}))", "a choice of pieces")
    kinds = _components_named(k, names[0])
    owner_of = k.game.owner_of
    per_owner = {owner_of[w]: w for w in kinds}
    default = kinds[0] if len(kinds) == 1 else 0
    table = k.table(np.array([per_owner.get(p, default) for p in range(k.players + 1)], dtype=np.int64))
    x, w = k.temp("x"), k.temp("w")
    k.line(f"{x} = {k.site(self.site) if self.site is not None else k.bound('to', '(to)')}")
    with k.indented(f"if {x} >= 0 and {k.what(x)} != 0:"):
        k.line(f"{w} = {table}[{k.player(self.role) if self.role is not None else k.who(x)}]")
        with k.indented(f"if {w} != 0:"):
            k.place(x, w)


@kernel(war.MoveRemove, "moves")
def _move_remove(self: war.MoveRemove, k: Emitter) -> Made:
    then = k.then_of(self.then)
    rule = k.rule(self, after=[then] if then else [])
    region = k.region(self.sites)
    x = k.temp("x")
    with region.loop(k, x):
        if x in k.hand_vars:
            raise NoKernel("(move Remove ...)", "from a site of a hand")
        k.line(f"if {x} >= 0 and {k.what(x)} != 0:")
        with k.indented():
            k.move(rule, MoveKind.REMOVE, to=x)
    # a site listed twice is one move (the reference's dict.fromkeys): listing dedups unless one site
    return Made(isinstance(region, (OneSite, Everywhere)), frozenset({int(MoveKind.REMOVE)}))


__all__: list[Any] = []
