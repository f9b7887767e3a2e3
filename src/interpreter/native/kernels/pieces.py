"""Kernels of pieces' values and whereabouts (ludemes/pieces.py, war.py): ``value Piece``, ``is
Within``, ``no Pieces``, ``where``, ``promote``, ``move Remove``."""

from __future__ import annotations

from typing import Any

from ...syntax.nodes import Const
from ..emit import Emitter
from .core import _friends


def _owner_test(k: Emitter, role: Any) -> Any:
    """A test of a player number ``p`` (never 0) against the players a role names, as the
    reference's ``war._players``: every player (no role, Each, All), the mover's enemies,
    friends, everyone but the mover; None for one player (``k.player`` names them)."""
    if role is None or (isinstance(role, Const) and role.name in ("All", "Each")):
        return lambda p: "True"
    if isinstance(role, Const) and role.name == "Enemy":
        return lambda p: f"not {_friends(k, p, k.mover)}"
    if isinstance(role, Const) and role.name in ("Friend", "TeamMover"):
        return lambda p: _friends(k, p, k.mover)
    if isinstance(role, Const) and role.name == "Ally":
        return lambda p: f"({p} != {k.mover} and {_friends(k, p, k.mover)})"
    if isinstance(role, Const):
        from ...ludemes.war import team_members
        members = team_members(k.game, role.name)
        if members is not None:
            return lambda p: "(" + (" or ".join(f"{p} == {m}" for m in members) or "False") + ")"
    if isinstance(role, Const) and role.name == "NonMover":
        return lambda p: f"{p} != {k.mover}"
    return None


__all__: list[Any] = []
