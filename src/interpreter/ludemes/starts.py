"""Start rules that set a player's piece on sites (Ludii's ``(set P1 (sites {...}))``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BindError
from .base import REGION_FN, START_RULE, Ludeme, Param
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler


def _set_player_class(player: int) -> type:
    role = f"P{player}"
    doc = (f"Start rule: put {role}'s first piece (the piece numbered {player}, as in Ludii: with "
           f"pieces declared for ``Each``, {role}'s own of the first kind) on every site of a region.\n\n"
           f"    Examples:\n        (set {role} (sites {{0 5 6}}))\n        (set {role} Vertex (sites {{0 5 6}}))\n    ")

    def compile_effect(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        game = c.game
        if player > game.num_players:
            raise BindError(f"{role} does not exist in a {game.num_players}-player game", self.span)
        if player >= len(game.components) or game.owner_of[player] != player:
            raise BindError(f"(set {role} ...) puts the piece numbered {player}, which is not {role}'s",
                            self.span, hint=f'declare the pieces for Each, or use (place "Name" ...)')
        region = c.region(self.sites)

        def run(s):
            for site in region(s):
                if site >= 0:
                    s.place(site, player)
        return run

    return type(f"SetP{player}", (Ludeme,), {
        "name": f"set {role}", "kind": START_RULE, "concepts": ("PiecesPlacedOnBoard",),
        "params": (Param("type", SITE_TYPE, optional=True), Param("sites", REGION_FN)),
        "compile_effect": compile_effect, "__doc__": doc, "__module__": __name__})


SetP1 = _set_player_class(1)
SetP2 = _set_player_class(2)
