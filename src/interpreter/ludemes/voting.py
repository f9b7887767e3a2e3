"""Voting (Ludii's ``propose``, ``vote``, ``is Proposed``, ``is Decided``).

A player proposes something (a string: ``"End"``, ``"Draw"``), the players vote on it; once
every player has voted (one vote each, as many as there are players), the string voted for by
more than half of them is decided, and the propositions and votes are cleared (Ludii's
ActionVote). The strings are numbered once for the game (Ludii's ``registerVoteString``): every
string a proposal or a vote names, in sorted order; the state keeps, per string, whether it is
proposed and how many votes it has, the number of votes cast, and the string decided (-1:
none).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn
from .base import BOOL, MOVES, STR_LIT, THEN, ArrayOf, BoundArray, Ludeme, Param, kind_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

PROPOSED = "proposed"  # per string: 1 when it is proposed
VOTES = "votes"  # per string: the votes it has
VOTES_CAST = "votes_cast"  # [the votes cast since the last decision]
DECIDED = "decided"  # [the string decided, -1 for none]
_PREFIXES = ("Propose/", "Vote/")


def word_of(kind: str, text: str) -> str:
    """The move word of a proposal or vote of ``text`` (``Vote/End``; spaces as ``_``)."""
    return kind + "/" + text.replace(" ", "_")


def _texts(value: Any) -> list[str]:
    items = value.items if isinstance(value, BoundArray) else [value]
    return [item.value for item in items]


def strings_of(words: Iterable[str]) -> list[str]:
    """The game's vote strings (as words), sorted: their indices number them."""
    return sorted({w.split("/", 1)[1] for w in words if w.startswith(_PREFIXES)})


def declare(d: Declarations, texts: Iterable[str] = (), kind: str = "") -> None:
    """Declare the voting arrays, sized for every string named so far (the arrays grow as the
    ludemes naming strings are declared)."""
    for text in texts:
        d.word(word_of(kind, text))
    size = len(strings_of(d.words))
    d.arrays[PROPOSED] = [0] * size
    d.arrays[VOTES] = [0] * size
    d.array(VOTES_CAST, [0])
    d.array(DECIDED, [-1])


def index_of(c: Compiler, text: str) -> int:
    """The number of a vote string (-1 when no proposal nor vote names it)."""
    strings = strings_of(c.game.words)
    key = text.replace(" ", "_")
    return strings.index(key) if key in strings else -1


def propose(s: State, index: int) -> None:
    """Propose the string ``index`` (Ludii's ActionPropose)."""
    flags = s.arrays[PROPOSED]
    if not flags[index]:
        s.set_item(flags, index, 1)


def vote(s: State, index: int) -> None:
    """Cast a vote for the string ``index``; the last player's vote decides (Ludii's
    ActionVote: more than half of the players for one string decides it) and clears the
    propositions and votes."""
    votes, cast = s.arrays[VOTES], s.arrays[VOTES_CAST]
    s.set_item(votes, index, votes[index] + 1)
    s.set_item(cast, 0, cast[0] + 1)
    n = s.game.num_players
    if cast[0] != n:
        return
    best = max(range(len(votes)), key=lambda i: votes[i])
    if votes[best] > n // 2:
        s.set_item(s.arrays[DECIDED], 0, best)
    for array in (s.arrays[PROPOSED], votes):
        for i, value in enumerate(array):
            if value:
                s.set_item(array, i, 0)
    s.set_item(cast, 0, 0)


class _Ballot(Ludeme):
    """A proposal or a vote on one string or several (one move each)."""

    kind = MOVES
    action = ""  # Propose or Vote
    strings: Any = Param(ArrayOf(STR_LIT))
    then: Any = Param(kind_of(THEN), optional=True)

    def concepts_at(self, where):
        # Ludii's Propose and Vote (rules/play/moves/nonDecision/effect) set ProposeDecision /
        # VoteDecision when they are a decision, and nothing as an effect (no ProposeEffect)
        return (f"{self.action}Decision",) if where.decision else ()

    def declare(self, d: Declarations, c: Any) -> None:
        declare(d, _texts(self.strings), self.action)

    def _apply(self, c: Compiler):
        act = propose if self.action == "Propose" else vote
        return lambda index: (lambda s, e: act(s, index))

    def compile(self, c: Compiler) -> MoveGen:
        then = self.then.compile_effect(c) if self.then is not None else None
        act = self._apply(c)
        moves = [Move(CHOICE, word=word_of(self.action, text), game_id=c.game.uid,
                      rules=c.rule(before=act(index_of(c, text)), after=then))
                 for text in _texts(self.strings)]
        return FnGen(lambda s, e: list(moves), unique=True)

    def compile_effect(self, c: Compiler):
        then = self.then.compile_effect(c) if self.then is not None else None
        act = self._apply(c)
        each = [act(index_of(c, text)) for text in _texts(self.strings)]

        def run(s: State, e: Env) -> None:
            for one in each:
                one(s, e)
            if then is not None:
                then(s, e)
        return run


class Propose(_Ballot):
    """Propose something to the other players (a move per string): it is proposed (``is
    Proposed``) until the next vote of every player.

    Parameters:
        strings: the proposal, or the proposals to choose from
        then: consequences of the proposal

    Examples:
        (propose "End")
        (propose {"End" "Draw"})
    """

    name = "propose"
    action = "Propose"


class MovePropose(Propose):
    """Propose something to the other players (Ludii's ``(move Propose ...)``, the same as
    ``propose``).

    Examples:
        (move Propose "End")
    """

    name = "move Propose"


class Vote(_Ballot):
    """Vote for something (a move per string). Once every player has voted, the string with
    the votes of more than half of the players is decided (``is Decided``), and the proposals
    and votes start again.

    Parameters:
        strings: the vote, or the votes to choose from
        then: consequences of the vote

    Examples:
        (vote "End")
        (vote {"Yes" "No"})
    """

    name = "vote"
    action = "Vote"


class MoveVote(Vote):
    """Vote for something (Ludii's ``(move Vote ...)``, the same as ``vote``).

    Examples:
        (move Vote "End")
    """

    name = "move Vote"


class _IsVoted(Ludeme):
    kind = BOOL
    string: Any = Param(STR_LIT)

    def declare(self, d: Declarations, c: Any) -> None:
        declare(d)


class IsProposed(_IsVoted):
    """Whether a string is proposed (since the last vote of every player).

    Parameters:
        string: the proposal

    Examples:
        (is Proposed "End")
    """

    name = "is Proposed"

    def compile(self, c: Compiler):
        index = index_of(c, self.string.value)
        if index < 0:  # nothing proposes it
            return const_fn(False)
        return lambda s, e: bool(s.arrays[PROPOSED][index])


class IsDecided(_IsVoted):
    """Whether a string was decided by a vote (more than half of the players for it).

    Parameters:
        string: the decision

    Examples:
        (is Decided "End")
    """

    name = "is Decided"

    def compile(self, c: Compiler):
        index = index_of(c, self.string.value)
        if index < 0:  # nothing votes for it
            return const_fn(False)
        return lambda s, e: s.arrays[DECIDED][0] == index


__all__ = ["Propose", "MovePropose", "Vote", "MoveVote", "IsProposed", "IsDecided", "PROPOSED", "VOTES",
           "VOTES_CAST", "DECIDED"]
