"""A compiled game: what it is (:class:`GameInfo`), its board, pieces, phases and end rules.

A game is built once by :mod:`interpreter.compile` from a description and is then only read:
states (:class:`~.state.State`) hold everything that changes, and :mod:`.turns` drives them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .env import Env
from .move import PASS, Move, register_game
from .movegen import MoveGen
from .result import Termination
from .state import State
from .topology import Topology

Effect = Callable[[State, Env], None]
Cond = Callable[[State, Env], Any]
# an end rule's verdict: winners, losers, draw, and optionally a text saying why (added to the
# end rule's reason) and, for ranked games, (kind, player) of the result
Verdict = tuple[Any, ...] | None


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
    rebuild: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Component:
    """A kind of piece with its owner (0 = neutral); index 0 of a game's list is "no piece"."""

    index: int
    name: str  # full name, e.g. "Ball1"
    base: str  # name as written, e.g. "Ball"
    owner: int  # 0 = neutral
    value: int = 0  # the piece's value (``(piece "Disc" Each value:3)``), 0 when it has none
    facing: str = "N"  # the compass direction the piece faces (what Forward means for it)
    # what else a kind of piece carries, by name: a domino's second value ("value2"), a card's suit...
    data: tuple[tuple[str, int], ...] = ()
    flips: tuple[int, int] | None = None  # the two states (flip) turns into each other ((flips 1 2))
    # a Shared piece: owner 0 here, as a neutral one, but Ludii's Shared role (player count + 1),
    # which (sites Occupied by:Shared) finds and by:Neutral does not
    shared: bool = False


@dataclass(frozen=True)
class Phase:
    """A phase of play: its moves and the phases that may follow it."""

    name: str
    play: MoveGen
    next: tuple[tuple[Cond | None, int], ...] = ()  # (condition, target phase)
    span: Any = None  # where its play rule is written, for errors found while it runs


@dataclass(frozen=True)
class EndRule:
    """One end rule: ``check`` gives the verdict when the rule applies (else None); ``reason``
    and ``termination`` say why the game ended when it does (``describe``, when given, says it
    for the position that ended it, e.g. which loops won; ``explain`` lists what the rule
    compares, e.g. each group's value, for views of any position)."""

    check: Callable[[State, Env], Verdict]
    reason: str = "rule"
    termination: Termination = Termination.RULE
    # what the rule would compare in a position (e.g. each player's group values), as lines of
    # text, for views of a position; None for rules that only test a condition
    explain: Callable[[State, Env], list[str]] | None = None
    describe: Callable[[State, Env], str] | None = None  # the reason in words for this position


@dataclass(frozen=True)
class Consequence:
    """What a rule makes its moves do besides their action: ``before`` runs before the action
    (what the move's ``(to ... (apply ...))`` and ``(between ... (apply ...))`` do), ``after``
    after it (the ``(then ...)``). A move names the consequences it carries by their index in
    :attr:`Game.consequences`."""

    before: Effect | None = None
    after: Effect | None = None


@dataclass
class Declarations:
    """What a game's ludemes declare before its rules are compiled (the collect pass, each
    ludeme's ``declare``): the arrays a state holds besides the board, the named decisions, the
    equipment tables the rules read, and the engine's own hooks a rule needs. The game is built
    from them with a fixed layout; nothing is added to it afterwards."""

    num_players: int
    num_sites: int = 0  # the board's
    num_components: int = 0  # kinds of piece, with the empty placeholder (index 0)
    turn_limit: int | None = None  # plies before the game ends as a draw (None: Ludii's 10,000)
    # the rules handle passing themselves (Ludii's NotAllPass flag: (all Passed), a pass in a
    # game of one player, dice, cards): every player passing does not end the game as a draw
    not_all_pass: bool = False
    # the moves set or add to scores (Ludii's HashScores flag, raised by its SetScore and
    # AddScore): the scores are part of the situation a repetition rule compares
    hash_scores: bool = False
    stacking: bool = False  # pieces stack on sites (Ludii's stacking games: engine.stacks)
    # Ludii's mode: Alternating, Simultaneous (engine.simultaneous) or Simulation (engine.simulation)
    mode: str = "Alternating"
    arrays: dict[str, list[Any]] = field(default_factory=dict)  # name -> initial values
    piece_arrays: list[str] = field(default_factory=list)  # per-site arrays that move with pieces
    # arrays declared by the rules that Ludii's position hash (State.stateHash) holds besides the
    # pieces (engine.repetition): the sites visited in a turn, the playable cells of a table
    hashed: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # the named decisions, in declaration order
    maps: dict[str, dict[int, int]] = field(default_factory=dict)  # (map ...) tables by name
    dice: list[Any] = field(default_factory=list)  # the sets of dice (engine.dice.DiceSet), one per owner
    passages: dict[int, list[Any]] = field(default_factory=dict)  # player -> their passages
    start: list[Callable[[State], None]] = field(default_factory=list)  # run once the start rules ran
    # run before the start rules (Ludii's Game.start fills its decks before them)
    before_start: list[Callable[[State], None]] = field(default_factory=list)
    turn_end: list[Callable[[State], None]] = field(default_factory=list)  # when a turn ends
    after_move: list[Callable[[State], None]] = field(default_factory=list)  # after every move
    # after every move, once the end rules and the phases are done, before the next mover
    after_end: list[Callable[[State], None]] = field(default_factory=list)
    # meta rules that forbid some of the legal moves: (state, moves) -> the moves allowed
    move_filters: list[Callable[[State, list[Move]], list[Move]]] = field(default_factory=list)
    component_index: dict[str, int] = field(default_factory=dict)  # piece name ("Disc1") -> its number
    # declarations that need the game's layout (a map's pair given by functions: (id "Lion" P1),
    # (handSite P2)): hook(declarations, compiler of a draft of the game), run once every ludeme
    # declared, in declaration order
    late: list[Callable[[Declarations, Any], None]] = field(default_factory=list)

    def array(self, name: str, initial: list[Any], *, per_piece: bool = False, hashed: bool = False) -> None:
        """A state array ``name`` starting as ``initial`` (declared once: a second declaration
        of the same name is the same array). ``per_piece``: its values belong to the piece on
        each site, move with it, and go back to 0 when another piece, or none, takes the site.
        ``hashed``: it is part of the position a repetition rule compares (:attr:`hashed`)."""
        if name not in self.arrays:
            self.arrays[name] = list(initial)
        if per_piece and name not in self.piece_arrays:
            self.piece_arrays.append(name)
        if hashed and name not in self.hashed:
            self.hashed.append(name)

    def word(self, word: str) -> None:
        """A named decision (``choose-white``, ``swap``) moves may carry."""
        if word not in self.words:
            self.words.append(word)


@dataclass(frozen=True)
class CompiledRules:
    """The compiled rules a game plays by, installed once when it is built."""

    phases: tuple[Phase, ...] = ()
    end_rules: tuple[EndRule, ...] = ()
    start: tuple[Effect, ...] = ()  # the start rules
    consequences: tuple[Consequence, ...] = ()
    piece_moves: tuple[MoveGen | None, ...] = ()  # per component: its own moves (forEach Piece)
    meta_moves: tuple[MoveGen, ...] = ()  # moves meta rules add to every phase's (the swap rule)


_FROZEN = "_frozen"


class Game:
    """A game built from a description: read-only once built (OpenSpiel's game info: data built
    once, complete). Its layout (:attr:`arrays`, :attr:`words`...) comes from the ludemes'
    declarations, its rules from the compiler, each installed once by the builder."""

    def __init__(self, info: GameInfo, topology: Topology, components: list[Component],
                 teams: dict[int, int] | None = None,
                 player_regions: dict[int, list[tuple[int, ...]]] | None = None,
                 declared: Declarations | None = None, tracks: tuple[Any, ...] = (),
                 owned_regions: dict[tuple[int, str], tuple[int, ...]] | None = None):
        declared = declared if declared is not None else Declarations(info.players)
        self.info = info
        self.name = info.name
        self.num_players = info.players
        # the identifier moves carry (moves are values: they name their game, not hold it)
        self.uid = info.fingerprint or f"game-{id(self):x}"
        self.topology = topology
        self.components = tuple(components)  # index 0 is the empty placeholder
        self.owner_of = tuple(c.owner for c in components)
        self.shared_kinds = frozenset(c.index for c in components if c.shared)  # Ludii's Shared pieces
        # Ludii's number of the Shared role (RoleType Shared, Id): one after the players; the owner
        # (who at:...) gives for a Shared piece, stored here with owner 0 as a neutral one
        self.shared_role = info.players + 1
        self.component_index = MappingProxyType({c.name: c.index for c in components})
        # each player is their own team unless declared otherwise (player -> team number)
        team_of = list(range(info.players + 1))
        for player, team in (teams or {}).items():
            team_of[player] = team
        self.team_of = tuple(team_of)
        # the regions each player owns (e.g. the sides Hex asks them to connect), and those of a
        # player beyond the game's count (Ludii keeps them: (sites P3) in a two-player option)
        owners = sorted(set(range(info.players + 1)) | set(player_regions or {}))
        self.player_regions = MappingProxyType({p: tuple((player_regions or {}).get(p, ())) for p in owners})
        from .turns import MOVE_LIMIT, TURNS_PER_PLAYER
        # the ply limit: Ludii's move limit, unless (turnLimit N) says otherwise; and Ludii's turn
        # limit, 1,250 turns per player (a turn: the moves a player makes before another moves)
        self.turn_limit = declared.turn_limit or MOVE_LIMIT
        self.max_turns = TURNS_PER_PLAYER * info.players
        if declared.mode == "Simulation" or info.players == 0:  # Ludii counts no turn of nobody
            self.max_turns = MOVE_LIMIT + 1  # the ply limit stops it (engine.simulation)
        # every player passing on their last turn ends the game as a draw (Ludii's End.eval),
        # unless the rules handle passing themselves (Ludii's NotAllPass: dice set it too)
        self.requires_all_pass = not (declared.not_all_pass or declared.dice)
        self.hash_scores = declared.hash_scores  # engine.repetition: the scores are in the situation
        # Ludii's mode: the players move in turn, or all choose then all move (engine.simultaneous)
        # Ludii's Game: no players is a simulation, one player always takes turns
        mode = declared.mode
        if info.players == 0:
            mode = "Simulation"
        elif info.players == 1:
            mode = "Alternating"
        self.mode = mode
        self.simultaneous = mode == "Simultaneous"
        # all the moves of the rules apply at once, made by nobody (engine.simulation)
        self.simulation = mode == "Simulation"
        # with more than two players and no teams, results rank the players one by one and the
        # others play on (Ludii's); ranks[p] is p's rank, 0 while p still plays (engine.turns)
        self.ranked = info.players > 2 and not teams
        arrays = dict(declared.arrays)
        if self.ranked:
            arrays.setdefault("ranks", [0] * (info.players + 1))
            arrays.setdefault("won", [0] * (info.players + 1))
        # where pieces are along tracks that pass a site twice (Ludii's OnTrackIndices): None
        # when no track does (engine.ontrack)
        from .ontrack import ON_TRACK, layout as track_layout
        self.on_track = track_layout(tracks, len(components))
        if self.on_track is not None:
            arrays[ON_TRACK] = [0] * self.on_track.size
        if declared.stacking:  # pieces on other kinds of site stack too (engine.multisite)
            from .multisite import kinds_held, pieces_array, stack_array
            for kind in kinds_held(arrays):
                arrays.setdefault(stack_array(kind), [()] * len(arrays[pieces_array(kind)]))
        # the state's own arrays besides the board: name -> initial values (State copies them)
        self.arrays: Mapping[str, tuple[Any, ...]] = MappingProxyType({k: tuple(v) for k, v in arrays.items()})
        # per-site arrays among them that belong to the piece on the site (its local state):
        # they move with the piece and go back to 0 when another piece, or none, takes the site
        self.piece_arrays = tuple(declared.piece_arrays)
        self.hashed = tuple(declared.hashed)  # engine.repetition: in the position compared
        self.passages = MappingProxyType({p: tuple(v) for p, v in declared.passages.items()})
        self.tracks = tuple(tracks)  # the board's tracks (engine.tracks.Track), in declaration order
        self.maps = MappingProxyType({k: MappingProxyType(dict(v)) for k, v in declared.maps.items()})
        self.owned_regions = MappingProxyType(dict(owned_regions or {}))  # (player, name) -> sites
        self.dice = tuple(declared.dice)  # the sets of dice, one per owner (engine.dice.DiceSet)
        kinds_of = [0] * (info.players + 1)  # how many kinds of piece each owner has
        for comp in components[1:]:
            if 0 <= comp.owner <= info.players:
                kinds_of[comp.owner] += 1
        self.kinds_of = tuple(kinds_of)
        from .simulation import STEP_WORD
        step = [STEP_WORD] if self.simulation and STEP_WORD not in declared.words else []
        self.words = tuple(declared.words + step)  # the named decisions (choose-white...), in declaration order
        self.on_start = tuple(declared.start)  # engine hooks run once the start rules ran
        self.on_before_start = tuple(declared.before_start)  # engine hooks run before the start rules
        self.turn_end = tuple(declared.turn_end)  # effects run when a turn ends
        self.after_move = tuple(declared.after_move)  # effects run after every move
        self.after_end = tuple(declared.after_end)  # effects run once the end rules ran
        self.move_filters = tuple(declared.move_filters)  # meta rules that forbid moves
        self.forced_pass = Move(PASS, game_id=self.uid)
        # pieces stack on sites (engine.stacks): moves put pieces on top of others there, and
        # the actions of moves are the stacking ones
        self.stacking = declared.stacking
        from .turns import actions_for
        self.actions = actions_for(self.stacking)
        from . import multisite
        if multisite.kinds_held(self.arrays):  # pieces on other kinds of site than the board's too
            from .counts import take_pieces
            self.actions = multisite.sited_actions(self.actions, lambda state, site: take_pieces(state, site, 1))
        self.rules = CompiledRules()
        from .notation import Notation
        self.notation = Notation(self)
        register_game(self)

    def install(self, rules: CompiledRules) -> None:
        """Install the compiled rules (the builder's last step); the game is read-only after."""
        if getattr(self, _FROZEN, False):
            raise AttributeError("a game's rules are installed once, when it is built")
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, _FROZEN, True)

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, _FROZEN, False):
            raise AttributeError(f"a Game is read-only once built (setting {name!r})")
        object.__setattr__(self, name, value)

    # --- the compiled rules ---------------------------------------------------------------------------
    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases of play, in order (one, "Play", for a game without phases)."""
        return self.rules.phases

    @property
    def end_rules(self) -> tuple[EndRule, ...]:
        """The end rules, in order."""
        return self.rules.end_rules

    @property
    def consequences(self) -> tuple[Consequence, ...]:
        """The consequences moves carry, by number (:attr:`Move.rules`)."""
        return self.rules.consequences

    @property
    def meta_moves(self) -> tuple[MoveGen, ...]:
        """Moves meta rules add to every phase's (the swap rule)."""
        return self.rules.meta_moves

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
        """Same player or teammates (the Shared role, one after the players, is no one's friend)."""
        n = self.num_players
        return 0 < a <= n and 0 < b <= n and self.team_of[a] == self.team_of[b]

    def team(self, player: int) -> tuple[int, ...]:
        """``player`` and their teammates."""
        return tuple(p for p in range(1, self.num_players + 1) if self.team_of[p] == self.team_of[player])

    def same_as(self, other: Game) -> bool:
        """The same game: this one, or one built from the same expanded description."""
        return other is self or (bool(self.info.fingerprint) and other.info.fingerprint == self.info.fingerprint)

    def with_turn_limit(self, plies: int) -> Game:
        """The same game ending as a draw after ``plies`` plies at most (a copy: games are
        read-only); Ludii's limit of turns still applies."""
        if plies < 1:
            raise ValueError("a turn limit is at least 1 ply")
        other = copy.copy(self)
        object.__setattr__(other, "turn_limit", plies)
        return other

    # --- states -------------------------------------------------------------------------------------
    def initial_state(self) -> State:
        """A new state at the start of the game (the start rules applied)."""
        state = State(self)
        from .env import ROOT
        for hook in self.on_before_start:
            hook(state)
        for rule in self.rules.start:
            rule(state, ROOT)
        for hook in self.on_start:
            hook(state)
        if self.simulation:  # a simulation whose rules make no move at the start is over
            from .simulation import stop_if_stuck
            stop_if_stuck(state)
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
        from .env import ROOT
        return [line for rule in self.end_rules if rule.explain is not None for line in rule.explain(state, ROOT)]

    def piece_tag(self, what: int) -> str:
        """How a placement names its piece (``2@C3``, ``2Dot1@C3``): the owner's number for a
        piece declared for Each player when its owner has no other kind of piece, else the
        piece's full name (which tells one player's kinds apart, and names a piece whose name
        is that number), its spaces written ``_`` (``Deputy_General1@C3``) so that the text
        stays one word."""
        comp = self.components[what]
        if (comp.owner and comp.name == f"{comp.base}{comp.owner}" and self.kinds_of[comp.owner] == 1
                and str(comp.owner) not in self.component_index):
            return str(comp.owner)
        return "_".join(comp.name.split())

    def names_piece(self, what: int) -> bool:
        """True when a placement of ``what`` must name its piece in its text even when it is
        the only one that can go on its site: its owner has several kinds of piece."""
        owner = self.components[what].owner
        return what > 0 and self.kinds_of[owner] > 1

    def __repr__(self) -> str:
        return f"<Game {self.name!r} {self.num_players}p {self.topology.n} sites>"

    # --- copies and other processes -----------------------------------------------------------------
    def __copy__(self) -> Game:
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # read-only once built: a copy would be the same game

    def __reduce__(self) -> tuple[Any, ...]:
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


__all__ = ["Game", "GameInfo", "Component", "Phase", "EndRule", "Consequence", "Declarations", "CompiledRules",
           "State", "Move"]
