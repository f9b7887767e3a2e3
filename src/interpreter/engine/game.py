"""A compiled game: what it is (:class:`GameInfo`), its board, pieces, phases and end rules.

A game is built once by :mod:`interpreter.compile` from a description and is then only read:
states (:class:`~.state.State`) hold everything that changes, and :mod:`.turns` drives them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .move import PASS, Move
from .result import Termination
from .state import State
from .topology import Topology

Gen = Callable[[State], list[Move]]
Cond = Callable[[State], Any]
# winners, losers, draw, and optionally a text saying why (added to the end rule's reason)
Outcome = Optional[tuple]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data (OpenSpiel's game type and info): its name, players, the options
    it was built with, what its rules use, and its metadata."""

    name: str
    players: int
    options: tuple[str, ...] = ()
    metadata: dict[str, str] = field(default_factory=dict)  # (info {...}) entries: rules, author...
    concepts: frozenset[str] = frozenset()
    source: str = ""  # the file (or <text>) it was read from
    fingerprint: str = ""  # a hash of the expanded description: same text, same game
    description: Any = None  # the expanded description (syntax tree), for tools that show it
    colours: dict[int, str] = field(default_factory=dict)  # player -> "#rrggbb", from (graphics ...)
    # description -> the same game (a module-level function, so a pickle can name it): how a
    # pickled game is built again in another process; None for a game that cannot be
    rebuild: Optional[Callable[[Any], Any]] = None


@dataclass
class Component:
    """A kind of piece with its owner (0 = neutral); index 0 of a game's list is "no piece"."""

    index: int
    name: str  # full name, e.g. "Ball1"
    base: str  # name as written, e.g. "Ball"
    owner: int  # 0 = neutral
    moves: Optional[Gen] = None  # the piece's own moves (for forEach Piece)
    value: int = 0  # the piece's value (``(piece "Disc" Each value:3)``), 0 when it has none
    facing: str = "N"  # the compass direction the piece faces (what Forward means for it)


@dataclass
class Phase:
    """A phase of play: its moves and the phases that may follow it."""

    name: str
    play: Gen
    next: list[tuple[Optional[Cond], int]] = field(default_factory=list)  # (condition, target phase)
    span: Any = None  # where its play rule is written, for errors found while it runs


@dataclass(frozen=True)
class EndRule:
    """One end rule: ``check`` gives the outcome when the rule applies (else None); ``reason``
    and ``termination`` say why the game ended when it does (``describe``, when given, says it
    for the position that ended it, e.g. which loops won; ``explain`` lists what the rule
    compares, e.g. each group's value, for views of any position)."""

    check: Callable[[State], Outcome]
    reason: str = "rule"
    termination: Termination = Termination.RULE
    # what the rule would compare in a position (e.g. each player's group values), as lines of
    # text, for views of a position; None for rules that only test a condition
    explain: Optional[Callable[[State], list[str]]] = None
    describe: Optional[Callable[[State], str]] = None  # the reason in words for this position


class Game:
    """A game built from a description: read-only once built."""

    def __init__(self, info: GameInfo, topology: Topology, components: list[Component],
                 teams: Optional[dict[int, int]] = None,
                 player_regions: Optional[dict[int, list[tuple[int, ...]]]] = None):
        self.info = info
        self.name = info.name
        self.num_players = info.players
        self.topology = topology
        self.components = components  # index 0 is the empty placeholder
        self.owner_of = [c.owner for c in components]
        self.component_index = {c.name: c.index for c in components}
        # each player is their own team unless declared otherwise (player -> team number)
        self.team_of = list(range(info.players + 1))
        for player, team in (teams or {}).items():
            self.team_of[player] = team
        # the regions each player owns (e.g. the sides Hex asks them to connect)
        self.player_regions = {p: list((player_regions or {}).get(p, ())) for p in range(info.players + 1)}
        # filled by the compiler before the game is handed out
        self.phases: list[Phase] = []
        self.end_rules: list[EndRule] = []
        self.start: list[Callable[[State], None]] = []
        self.turn_limit = max(3 * topology.n, 300)
        self.arrays: dict[str, list[Any]] = {}  # extra state arrays: name -> initial values
        # with more than two players and no teams, results rank the players one by one and the
        # others play on (Ludii's); ranks[p] is p's rank, 0 while p still plays (engine.turns)
        self.ranked = info.players > 2 and not teams
        if self.ranked:
            self.arrays["ranks"] = [0] * (info.players + 1)
        self.passages: dict[int, list[Any]] = {}  # player -> their passages (engine.passages.Passage)
        self.tracks: list[Any] = []  # the board's tracks (engine.tracks.Track), in declaration order
        self.maps: dict[str, dict[int, int]] = {}  # (map ...) tables by name ("" for an unnamed one)
        self.owned_regions: dict[tuple[int, str], tuple[int, ...]] = {}  # (player, name) -> sites
        self.dice: list[tuple[int, ...]] = []  # the face values of each die (engine.dice)
        # per-site arrays among them that belong to the piece on the site (its local state):
        # they move with the piece and go back to 0 when another piece, or none, takes the site
        self.piece_arrays: list[str] = []
        self.kinds_of = [0] * (info.players + 1)  # how many kinds of piece each owner has
        for comp in components[1:]:
            if 0 <= comp.owner <= info.players:
                self.kinds_of[comp.owner] += 1
        self.words: list[str] = []  # the named decisions (choose-white...), in declaration order
        self.meta_moves: list[Gen] = []  # moves meta rules add to every phase's (the swap rule)
        self.turn_end: list[Callable[[State], None]] = []  # effects run when a turn ends
        self.after_move: list[Callable[[State], None]] = []  # effects run after every move
        # meta rules that forbid some of the legal moves: (state, moves) -> the moves allowed
        self.move_filters: list[Callable[[State, list[Move]], list[Move]]] = []
        self.forced_pass = Move(PASS, game=self)
        from .notation import Notation
        self.notation = Notation(self)

    @property
    def options(self) -> tuple[str, ...]:
        """The option items the game was built with (``"Board Size/9x9"``...)."""
        return self.info.options

    @property
    def concepts(self) -> frozenset[str]:
        """The concepts its rules use (Ludii's names)."""
        return self.info.concepts

    # --- players ------------------------------------------------------------------------------------
    def next_of(self, player: int) -> int:
        """The player after ``player`` in turn order."""
        return player % self.num_players + 1

    def prev_of(self, player: int) -> int:
        """The player before ``player`` in turn order."""
        return (player - 2) % self.num_players + 1

    def friends(self, a: int, b: int) -> bool:
        """Same player or teammates."""
        return a != 0 and b != 0 and self.team_of[a] == self.team_of[b]

    def team(self, player: int) -> tuple[int, ...]:
        """``player`` and their teammates."""
        return tuple(p for p in range(1, self.num_players + 1) if self.team_of[p] == self.team_of[player])

    def same_as(self, other: "Game") -> bool:
        """The same game: this one, or one built from the same expanded description."""
        return other is self or (bool(self.info.fingerprint) and other.info.fingerprint == self.info.fingerprint)

    def with_turn_limit(self, plies: int) -> "Game":
        """The same game ending as a draw after ``plies`` plies (a copy: games are read-only)."""
        if plies < 1:
            raise ValueError("a turn limit is at least 1 ply")
        other = copy.copy(self)
        other.turn_limit = plies
        return other

    # --- states -------------------------------------------------------------------------------------
    def initial_state(self) -> State:
        """A new state at the start of the game (the start rules applied)."""
        state = State(self)
        for rule in self.start:
            rule(state)
        state._log.clear()
        state._marks.clear()
        state._legal = None
        return state

    def state_from_text(self, text: str) -> State:
        """A state from the position format written by :meth:`State.to_text`."""
        from .position import read_position
        return read_position(self, text)

    def explain(self, state: State) -> list[str]:
        """What the end rules would compare in ``state`` (each player's values, for games that
        end by comparing them), as lines of text; empty for games whose end rules only test
        conditions."""
        return [line for rule in self.end_rules if rule.explain is not None for line in rule.explain(state)]

    def piece_tag(self, what: int) -> str:
        """How a placement names its piece (``2@C3``, ``2Dot1@C3``): the owner's number for a
        piece declared for Each player when its owner has no other kind of piece, else the
        piece's full name (which tells one player's kinds apart)."""
        comp = self.components[what]
        if comp.owner and comp.name == f"{comp.base}{comp.owner}" and self.kinds_of[comp.owner] == 1:
            return str(comp.owner)
        return comp.name

    def names_piece(self, what: int) -> bool:
        """True when a placement of ``what`` must name its piece in its text even when it is
        the only one that can go on its site: its owner has several kinds of piece."""
        owner = self.components[what].owner
        return what > 0 and self.kinds_of[owner] > 1

    def __repr__(self) -> str:
        return f"<Game {self.name!r} {self.num_players}p {self.topology.n} sites>"

    # --- copies and other processes -----------------------------------------------------------------
    def __deepcopy__(self, memo: dict) -> "Game":
        return self  # read-only once built: a copy would be the same game

    def __reduce__(self):
        """A game pickles as its expanded description, built again where it is unpickled (its
        rules are closures, which no pickle can carry)."""
        if self.info.rebuild is None or self.info.description is None:
            raise TypeError(f"the game {self.name!r} was not loaded from a description, so it cannot be "
                            "pickled (load it with interpreter.load)")
        return (_rebuilt, (self.info.rebuild, self.info.description, self.turn_limit))


def _rebuilt(rebuild: Callable[[Any], Game], description: Any, turn_limit: int) -> Game:
    """A pickled game, built again (with the turn limit it had)."""
    game = rebuild(description)
    return game if game.turn_limit == turn_limit else game.with_turn_limit(turn_limit)


__all__ = ["Game", "GameInfo", "Component", "Phase", "EndRule", "State", "Move"]
