"""Matches: a series of games played one after another, their results adding up to a match
score (Ludii's ``game.match``: ``match``, ``games``, ``subgame``; ``matchScore``, ``count
Trials``).

``(match "Tavli" (players 2) (games {(subgame "Portes" next:1 result:(score Mover)) ...})
(end ...))`` plays its games in turn (each a description of its own, found by its name: see
:mod:`interpreter.matches`); when one is over, the only move is ``NextInstance``, which adds
each player's points to their match score (the winner's ``result:``, else by their rank: 1
for a win in a game of two), checks the match's end rules and starts the next game (``next:``,
else the following one, round again). The position and moves are those of the game in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import (
    ANY_INT,
    END,
    INT,
    INT_FN,
    PLAYERS,
    ROLE,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Instance,
    Ludeme,
    Param,
    Range,
    kind_of,
)
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env

MATCH = "match"
GAMES = "games"
SUBGAME = "subgame"
MAX_SUBGAMES = 64


class Subgame(Ludeme):
    """One game of a match: the game named (a description found by its name), with an option
    chosen (``"Board Size/9x9"``), the game that follows it (``next:``, counted from 0; the
    following one by default, round again), and the points its winner scores in the match
    (``result:``, evaluated in the game that was just played; by default each player scores by
    rank: in a game of two, 1 for the winner, 0 otherwise).

    Parameters:
        title: the name of the game
        option: an option of the game, as ``"Label/Item"``
        next: the number of the game played after this one (from 0)
        result: the match points of the game's winner

    Examples:
        (subgame "Tic-Tac-Toe")
        (subgame "Portes" next:1 result:(score Mover))
    """

    name = "subgame"
    kind = SUBGAME
    title: Any = Param(STR_LIT)
    option: Any = Param(STR_LIT, optional=True)
    next: Any = Param(INT_FN, optional=True, named=True, range=Range(0, MAX_SUBGAMES - 1, "a game of the match"))
    result: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)


class Games(Ludeme):
    """The games of a match, in order (``(games {(subgame ...) ...})``).

    Parameters:
        games: the games

    Examples:
        (games (subgame "Tic-Tac-Toe"))
        (games {(subgame "Tic-Tac-Toe" next:1) (subgame "Yavalath" next:0)})
    """

    name = "games"
    kind = GAMES
    games: Any = Param(ArrayOf(Instance("subgame")))

    def subgames(self) -> list[Subgame]:
        items = self.games.items if isinstance(self.games, BoundArray) else [self.games]
        if not items:
            raise BindError("a match needs at least one game", self.span)
        if len(items) > MAX_SUBGAMES:
            raise BindError(f"a match has at most {MAX_SUBGAMES} games", self.span)
        return list(items)


class MatchLudeme(Ludeme):
    """A match: several games played one after another, the players' results adding up to
    their match score, until the match's end rules say who won (Ludii's ``match``). Each game
    is a description of its own, found by its name beside the match's file.

    Parameters:
        title: the match's name
        players: the players (two by default)
        games: the games of the match
        end: the end rules of the match (``matchScore`` is each player's match score)

    Examples:
        (match "Match" (players 2) (games {(subgame "Tic-Tac-Toe" next:1) (subgame "Hex" next:0)}) (end {(if (>= (matchScore P1) 3) (result P1 Win)) (if (>= (matchScore P2) 3) (result P2 Win))}))
    """

    name = "match"
    kind = MATCH
    title: Any = Param(STR_LIT)
    players: Any = Param(kind_of(PLAYERS), optional=True)
    games: Any = Param(kind_of(GAMES))
    end: Any = Param(kind_of(END))


class MatchScore(Ludeme):
    """A player's score in the match: the points of the games played so far (-1 outside a
    match, as Ludii's).

    Parameters:
        role: the player

    Examples:
        (matchScore P1)
    """

    name = "matchScore"
    kind = INT
    role: Any = Param(ROLE)

    def compile(self, c: Compiler):
        player = c.player(self.role)

        def score(s: Any, e: Env) -> int:
            if s is None:  # read in play only: never a constant
                raise AttributeError("match_scores")
            scores = getattr(s, "match_scores", None)
            return scores[player(s, e)] if scores is not None else -1
        return score


class CountTrials(Ludeme):
    """The number of games of the match played to their end so far, read by the match's end
    rules or inside one of its games (as Ludii's, which asks the match from a game); 0 outside
    a match.

    Parameters:
        type: Ludii's site type (not used)

    Examples:
        (count Trials)
    """

    name = "count Trials"
    kind = INT
    type: Any = site_type_param()

    def compile(self, c: Compiler):
        def trials(s: Any, e: Env) -> int:
            if s is None:  # read in play only: never a constant
                raise AttributeError("trials_done")
            return getattr(s, "trials_done", 0)
        return trials


__all__ = ["MATCH", "CountTrials", "Games", "MatchLudeme", "MatchScore", "Subgame"]
