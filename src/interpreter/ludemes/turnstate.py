"""What Ludii's state keeps about turns and players besides the pieces: the sites visited
during a turn (``is Visited``), whether a player still plays (``is Active``), and teams set by
the rules (``set Team``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    BOOL,
    INT_FN,
    INTS,
    MOVES,
    PLAYER,
    ROLE,
    START_RULE,
    THEN,
    ArrayOf,
    Either,
    Kind,
    Ludeme,
    Param,
    kind_of,
)

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

VISITED = "visited"  # per site: 1 when a move of the turn going on started or ended there


def _visit(s: State) -> None:
    """After a move, as Ludii's Game.applyInternal once the end rules and the phases are done
    and the position is remembered (engine.repetition): when the same player moves again, the
    move's sites are visited; when the turn passes, nothing is."""
    visited = s.arrays[VISITED]
    if s.move_again:
        for site in (s.last_from, s.last_to):
            if 0 <= site < len(visited) and not visited[site]:
                s.set_item(visited, site, 1)
    else:
        for site, flag in enumerate(visited):
            if flag:
                s.set_item(visited, site, 0)


class IsVisited(Ludeme):
    """A move of the turn going on (a player moving again: a capture sequence) started or
    ended on the site; the sites are forgotten when the turn passes, as Ludii's visited sites.

    Parameters:
        site: the site tested (``(to)`` when left out)

    Examples:
        (is Visited (to))
    """

    name = "is Visited"
    kind = BOOL
    concepts = ("VisitedSites",)
    site: Any = Param(INT_FN, optional=True, range=(-1, 20_000))

    def declare(self, d: Declarations, c: Any) -> None:
        if VISITED not in d.arrays:
            d.array(VISITED, [0] * d.num_sites, hashed=True)  # Ludii's visited: in its state hash
            d.after_end.append(_visit)

    def compile(self, c: Compiler):
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        return lambda s, e: (x := site(s, e)) >= 0 and x < len(s.arrays[VISITED]) and s.arrays[VISITED][x] == 1


class IsActive(Ludeme):
    """The player still plays: not yet ranked out of a game where results rank the players one
    by one (with more than two players), and the game is not over.

    Parameters:
        player: the player tested (a number or a role)

    Examples:
        (is Active P2)
    """

    name = "is Active"
    kind = BOOL
    player: Any = Param(Either((INT_FN, ROLE)), range=(0, 16))

    def compile(self, c: Compiler):
        who = c.player(self.player)
        ranked = c.game.ranked

        def active(s: State, e: Env) -> bool:
            if s.over:
                return False
            p = who(s, e)
            if not 1 <= p <= s.game.num_players:
                return False
            return not (ranked and s.arrays["ranks"][p])
        return active


TEAMS = "teams"  # per player: the team set by (set Team ...), 0 when none


class SetTeam(Ludeme):
    """Start rule (or effect): put players in a team (Ludii's ``set Team``). Teammates are
    friends (``is Friend``, ``Enemy`` regions), and a team's victory is every member's.

    Parameters:
        number: the team's number
        members: the players of the team
        then: consequences (as an effect)

    Examples:
        (set Team 1 {P1 P3})
    """

    name = "set Team"
    kind = START_RULE
    concepts = ("Team",)  # Ludii's SetTeam (1.3.13 reports no Coalition for it)
    number: Any = Param(INT_FN, range=(1, 16))
    members: Any = Param(ArrayOf(ROLE))
    then: Any = Param(kind_of(THEN), optional=True)

    def team_members(self, num_players: int) -> tuple[int, list[int]]:
        """(team number, its players), known before play."""
        from ..syntax.nodes import Int
        if not isinstance(self.number, Int):
            raise BindError("a team's number is a number known before play", self.number.span)
        items = self.members.items if hasattr(self.members, "items") else [self.members]
        out = []
        for m in items:
            name = m.name
            if not (name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]) <= num_players):
                raise BindError(f"{name} is not a player of this game", m.span)
            out.append(int(name[1:]))
        return self.number.value, out

    def compile_effect(self, c: Compiler):
        # the teams are part of the game as it is built (see compile.build): nothing to do here
        return lambda s, e: None


__all__ = ["IsVisited", "IsActive", "SetTeam", "VISITED", "TEAMS"]


NEXT_PLAYER = "next_player"  # the player set to move next by (set NextPlayer ...), 0 when none


class SetNextPlayer(Ludeme):
    """Effect: the player who moves after this move, instead of the next in turn order (Ludii's
    ``set NextPlayer``). As in Ludii, where a ``moveAgain`` is a (set NextPlayer (mover)), the
    last of them in a move decides, and choosing the mover is moving again. Given several players
    (an array), the last that exists; a number that is no player sets nothing (as Ludii's).

    Parameters:
        who: the next player (``(player 2)``, ``(mover)``...), or an array of players
        then: taken as Ludii's grammar takes it, and never applied, as in Ludii (its
            SetNextPlayer makes its moves without the consequences)

    Examples:
        (set NextPlayer (player 1))
        (set NextPlayer (next))
        (set NextPlayer (players All) (then (moveAgain)))
    """

    name = "set NextPlayer"
    kind = MOVES

    def concepts_at(self, where: Any) -> tuple[str, ...]:
        # Ludii's SetNextPlayer says its concept only as a decision
        return () if where.effect else ("SetNextPlayer",)
    who: Any = Param(Either((INT_FN, PLAYER, Kind((INTS,), "ints"))), range=(0, 16))
    then: Any = Param(Kind(("then",), "then"), optional=True)
    always_a_move = True  # as Ludii's SetNextPlayer.eval: a move whoever moves next (effect_moves)

    def declare(self, d: Declarations, c: Any) -> None:
        super().declare(d, c)
        d.array(NEXT_PLAYER, [0])

    def _ids(self, c: Compiler) -> Callable[[State, Env], Iterable[int]]:
        if isinstance(self.who, Ludeme) and self.who.kind == INTS:
            return c.ints(self.who)
        one = c.player(self.who) if isinstance(self.who, Const) else c.int(self.who)
        return lambda s, e: (one(s, e),)

    def move_guard(self, c: Compiler) -> Callable[[State, Env], bool]:
        """Ludii's SetNextPlayer.eval makes a move for each player that exists (none for a number
        that is no player)."""
        ids, n = self._ids(c), c.game.num_players
        return lambda s, e: any(1 <= p <= n for p in ids(s, e))

    def compile_effect(self, c: Compiler):
        ids = self._ids(c)
        n = c.game.num_players

        def run(s: State, e: Env) -> None:
            chosen = 0
            for p in ids(s, e):
                if 1 <= p <= n:
                    chosen = p
            if chosen == s.mover:
                again(s)
            elif chosen:
                s.set_item(s.arrays[NEXT_PLAYER], 0, chosen)
                if s.move_again:
                    s.set_var("move_again", False)
        return run


def again(s: State) -> None:
    """The mover moves again (Ludii's moveAgain): this replaces a next player chosen before in
    the same move."""
    if not s.move_again:
        s.set_var("move_again", True)
    chosen = s.arrays.get(NEXT_PLAYER)
    if chosen is not None and chosen[0]:
        s.set_item(chosen, 0, 0)


__all__ += ["SetNextPlayer", "NEXT_PLAYER", "again"]
