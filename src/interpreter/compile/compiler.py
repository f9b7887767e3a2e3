"""Compile bound ludemes into closures over precomputed tables.

Each ludeme class has a ``compile(c)`` method returning a plain function ``fn(state, env)``
(an int, a boolean, a region, or an effect that changes the state) or a move generator
(:class:`~interpreter.engine.movegen.MoveGen`); ``c`` is the :class:`Compiler` of this module,
which turns a parameter value - a literal or a ludeme - into such a function, so no ludeme
re-implements the conversions, and gives the helpers every rule shares: a region filtered by a
condition with a site bound (:meth:`Compiler.filter`), an effect run for each site of a region
(:meth:`Compiler.each`), the consequences a move carries (:meth:`Compiler.rule`). Ludemes only
receive a compiler; they never import this module (the layers read: syntax -> ludemes ->
compile -> engine).
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, overload

from ..engine import turns
from ..engine.env import Env
from ..engine.game import Consequence
from ..engine.movegen import ByMover, Choice, FnGen, MoveGen
from ..engine.values import APPLICATION_CONSTANTS, INFINITY, Fn, const_fn, constant
from ..errors import BindError
from ..ludemes.base import BoundArray, DirectionsByCondition, Ludeme, uses_facing
from ..syntax.nodes import Bool, Const, Int, Span, Str

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.move import Move
    from ..engine.state import State
    from ..engine.topology import Topology

# the sites a rule's frame binds ((to), (from)...) are always on the board
_ON_BOARD = {"to", "frm", "between", "site"}


def _fold(fn: Fn, kind: type) -> Fn:
    """Constant folding: a value that never looks at the state nor the frame ((+ 5 1), (if True
    4 2)...) is computed once. Functions that read either fail on ``None`` and are kept."""
    if hasattr(fn, "const"):
        return fn
    try:
        value = fn(None, None)
    except Exception:
        return fn
    return const_fn(value) if isinstance(value, kind) else fn


def _choose_among(which: Fn, made: list, moves: bool) -> Any:
    """One of several compiled versions of a ludeme, by the branch ``which`` gives when it runs."""
    if moves:
        from ..engine.movegen import Switch
        return Switch(which, made)
    return lambda s, e: made[which(s, e)](s, e)


def _choose_fn(cond: Fn, yes: Fn, no: Fn) -> Fn:
    """One compiled function or the other, by a condition tested when it runs."""
    return lambda s, e: yes(s, e) if cond(s, e) else no(s, e)


def _path(s: Any, e: Env) -> tuple[int, ...]:
    """The sites the move being applied passed over."""
    return e.path


def pieces_named(game: Any, name: str) -> list[int]:
    """Component indices for a piece name: exact ("Ball1"), a base name ("Ball": all owners), or
    Ludii's name with the owner's number after it ("Wolf2", "Rock0" for a neutral piece); none
    when no piece has that name."""
    if name in game.component_index:
        return [game.component_index[name]]
    found = [c.index for c in game.components[1:] if c.base == name]
    if not found and name[-1:].isdigit():
        base = name.rstrip("0123456789")
        owner = int(name[len(base):])
        found = [c.index for c in game.components[1:] if c.base == base and c.owner == owner]
    return found


class _Compiles(Protocol):
    """A ludeme that compiles to a function or a move generator (each such ludeme class defines
    ``compile``; the base class does not declare it)."""

    def compile(self, c: Compiler) -> Any: ...


class _Directions(Protocol):
    """A directions ludeme, resolved on the board before play."""

    def static_directions(self, c: Compiler) -> tuple[str, ...]: ...


def _compile(value: Ludeme, c: Compiler) -> Any:
    """``value`` compiled (a function, or a move generator)."""
    return cast(_Compiles, value).compile(c)


class Compiler:
    """What a ludeme may use while compiling: the game being built and conversions."""

    def __init__(self, game: Game | None, topology: Any = None, phase_names: Sequence[str] = (),
                 tracks: Sequence[Any] = (), players: int = 0):
        self.game_or_none = game
        self._players = players  # the player count, known before the game is built (0: not known)  # None while the game itself is being built (player count, regions...)
        self._topo: Topology | None = topology if topology is not None else (
            game.topology if game is not None else None)
        self.phase_names = list(phase_names)  # the phases of the rules being compiled
        self._tracks = list(tracks)
        # the compass direction the pieces whose moves are being compiled face (a piece's own
        # moves, or the play rule for one player): what Forward, FL... mean; None elsewhere
        self.facing: str | None = None
        # the facing of each kind of piece, while a play rule's steps turn by the piece at their
        # origin (moves_facing, when pieces face otherwise than their owners)
        self.facing_by_origin: tuple[str | None, ...] | None = None
        self.player_facings: dict[int, str] = {}  # the direction each player faces, if given
        # what the compiled rules add to the game, installed once when it is built
        self.consequences: list[Consequence] = []
        self._consequence_of: dict[tuple[int, int], int] = {}
        self.meta_moves: list[MoveGen] = []
        self.piece_moves: list[MoveGen | None] = []  # per component: its own moves, once compiled
        # while the equipment's regions are built: the players' regions declared so far (Ludii
        # reads a region made of another, (sites P1 "Inner"), in the game's context)
        self.regions_so_far: Any = None
        self.equipment_sites = 0  # before the game is built: the sites of its hands and dice
        self._testing_moves = 0  # > 0 while compiling moves whose existence only is asked
        # the frame's sites that may be off the board (-1) in what is compiled now (off_board)
        self._off_board: frozenset[str] = frozenset()
        self._facing_free: dict[tuple[Any, ...], dict[str, Any]] = {}  # facing_free_parts
        # the values naming elements of another kind than the board's, by id (sitetypes.site_kinds)
        self.site_kinds: dict[builtins.int, str] = {}

    @property
    def topo(self) -> Topology:
        """The board (a compiler made before the board, for constants only, has none)."""
        if self._topo is None:  # an AttributeError, as reading None's attributes gave: callers catch it
            raise AttributeError("this compiler has no board: it reads constants only")
        return self._topo

    @property
    def game(self) -> Game:
        """The game whose rules are being compiled (:attr:`game_or_none` is None while the game
        itself is being built: reading it then raises AttributeError, which callers catch)."""
        if self.game_or_none is None:
            raise AttributeError("the game is not built yet: its players and pieces are not known")
        return self.game_or_none

    @property
    def num_players(self) -> int:
        """The number of players: the game's, or the count known while it is being built."""
        if self.game_or_none is None and self._players:
            return self._players
        return self.game.num_players

    def built(self) -> Game:
        """:attr:`game` (the game whose rules are being compiled)."""
        return self.game

    @property
    def tracks(self) -> list[Any]:
        """The board's tracks (known before the game itself, for regions made of tracks)."""
        return list(self.game_or_none.tracks) if self.game_or_none is not None else self._tracks

    # --- errors ----------------------------------------------------------------------------------------
    @staticmethod
    def error(message: str, where: Any, hint: str | None = None) -> BindError:
        span = where.span if hasattr(where, "span") else where if isinstance(where, Span) else None
        return BindError(message, span, hint)

    def phase_index(self, name: str, where: Any) -> int:
        """The number of the phase called ``name`` (an error naming the phases if none is)."""
        if name not in self.phase_names:
            raise self.error(f'no phase named "{name}"', where, hint="phases: " + ", ".join(self.phase_names))
        return self.phase_names.index(name)

    # --- conversions -----------------------------------------------------------------------------------
    def int(self, value: Any) -> Fn:
        """An int expression (a literal, Infinity or an int ludeme) as a function."""
        if isinstance(value, Int):
            return const_fn(value.value)
        if isinstance(value, Const) and value.name == "Infinity":
            return const_fn(INFINITY)
        if isinstance(value, Const) and value.name in APPLICATION_CONSTANTS:  # Off, End, Undefined
            return const_fn(APPLICATION_CONSTANTS[value.name])
        if isinstance(value, Ludeme):
            return self._by_branch(lambda: _fold(_compile(value, self), int), _choose_fn)
        raise self.error(f"expected an int, got {value!r}", value)

    def static_int(self, value: Any) -> builtins.int:
        """An int known at compile time (board sizes, line lengths...)."""
        if isinstance(value, Int):
            return value.value
        if isinstance(value, Const) and value.name == "Infinity":
            return INFINITY
        if isinstance(value, Const) and value.name in APPLICATION_CONSTANTS:
            return APPLICATION_CONSTANTS[value.name]
        if isinstance(value, Ludeme) and value.kind == "int":
            result = constant(self.int(value))  # folded when it never looks at the state
            if isinstance(result, int):
                return result
        raise self.error("this argument must be a number known before play", value)

    def bool(self, value: Any) -> Fn:
        """A condition (a literal or a boolean ludeme) as a function."""
        if isinstance(value, Bool):
            return const_fn(value.value)
        if isinstance(value, Ludeme):
            return self._by_branch(lambda: _fold(_compile(value, self), bool), _choose_fn)
        raise self.error(f"expected a boolean, got {value!r}", value)

    def site(self, value: Any) -> Fn:
        """A site (a label, a number or an int expression) as a function giving -1 when off the board."""
        if isinstance(value, Str):
            return const_fn(self.label(value))
        kind = self.site_kinds.get(id(value))
        if kind is not None and self._topo is not None and self._topo.elements is not None:
            return self._site_of_kind(value, kind)
        game = self.game_or_none
        # the board's sites, then those of Ludii's hands of sites (hand Each size:N), if any
        n = self.topo.n + (len(game.arrays.get("hand_sites", ())) if game is not None else 0)
        if isinstance(value, Int) and not 0 <= value.value < self.topo.n + self.sites_after_board():
            # a site by its number: the board's, or (as Ludii numbers every container's sites in
            # turn) a hand's, the deck's or a die's
            raise self.error(f"site {value.value} is not on this board (sites are numbered 0 to "
                             f"{self.topo.n - 1}, then {self.sites_after_board()} of the hands and dice)"
                             if self.sites_after_board() else
                             f"site {value.value} is not on this board (sites are numbered 0 to "
                             f"{self.topo.n - 1})", value, hint="or name the site by its label, e.g. \"A1\"")
        fn = self.int(value)
        field = getattr(value, "env_field", None)
        if constant(fn) is not None or (field in _ON_BOARD and field not in self._off_board):
            return fn

        def checked(s: State, e: Env) -> int:
            # a computed site, or (last To) before any move: -1 (no site) when off the board
            x = fn(s, e)
            return x if 0 <= x < n else -1
        return checked

    def _site_of_kind(self, value: Any, kind: str) -> Fn:
        """:meth:`site` for an element of ``kind`` (not the board's own): the number of one of
        its elements, else -1."""
        elements = self.topo.elements
        count = elements.count(kind) if elements is not None else 0
        # Ludii's hands are containers of cells: their sites, numbered after the board's, are cells too
        hands = range(self.topo.n, self.topo.n + self.sites_after_board()) if kind == "Cell" else range(0)
        if isinstance(value, Int) and not (0 <= value.value < count or value.value in hands):
            raise self.error(f"{kind.lower()} {value.value} is not on this board ({kind.lower()}s are "
                             f"numbered 0 to {count - 1})", value)
        fn = self.int(value)
        if constant(fn) is not None:
            return fn
        return lambda s, e: x if 0 <= (x := fn(s, e)) < count or x in hands else -1

    def sites_after_board(self) -> builtins.int:
        """How many sites Ludii numbers after the board's: each hand's (one for a hand without
        ``size:``), the deck's, then one per die (Ludii's containers in turn, Equipment's
        ``sitesFrom``); while the game is built, as the equipment declares them."""
        game = self.game_or_none
        if game is None:
            return self.equipment_sites
        from ..engine.sites import off_board_sites
        return off_board_sites(game) + sum(ds.size for ds in game.dice)

    def frame_site(self, value: Any) -> Callable[[Env], builtins.int] | None:
        """For ``(to)``, ``(from)``, ``(between)``, ``(site)`` (a site of the frame, always on the
        board): a C-level getter of that site from the frame, so a condition on it reads the
        site without a call of its own (``(is Empty (to))`` is ``s.what[e.to] == 0``); None for
        any other value, and for a site that may be off the board here (:meth:`off_board`)."""
        field = getattr(value, "env_field", None)
        if field not in _ON_BOARD or field in self._off_board or getattr(value, "sites", None) is not None:
            return None
        return operator.attrgetter(field)

    def off_board(self, field: str, compile_one: Callable[[], Any]) -> Any:
        """``compile_one()`` where the frame's site ``field`` (``"to"``...) may be off the board
        (-1: Ludii's Constants.OFF, as custodial's (to) past the board's edge): what reads it
        then reads it as any computed site (nothing there)."""
        saved = self._off_board
        self._off_board = saved | {field}
        try:
            return compile_one()
        finally:
            self._off_board = saved

    def label(self, value: Str) -> builtins.int:
        """The site named by a label; an error naming a few labels when there is none."""
        site = self.topo.site(value.value)
        if site < 0:
            sample = ", ".join(self.topo.labels[:5])
            raise self.error(f"no site '{value.value}' on this board", value,
                             hint=f"site labels look like {sample} ...")
        return site

    def region(self, value: Any) -> Fn:
        """A function returning a sequence of sites."""
        if isinstance(value, Str):
            site = self.label(value)
            return const_fn((site,))
        if isinstance(value, Int):
            return const_fn((self.site(value)(None, None),))
        if isinstance(value, BoundArray):
            return self.site_list(value.items)
        if isinstance(value, Ludeme):
            if value.kind == "int":
                one = self.site(value)
                return lambda s, e: (x,) if (x := one(s, e)) >= 0 else ()
            return self._by_branch(lambda: _compile(value, self), _choose_fn)
        raise self.error(f"expected a region, got {value!r}", value)

    def sites_in_order(self, value: Any) -> Fn:
        """A region as Ludii reads it where its order shows (``regionSite``, ``forEach Site``,
        ``array``): every Ludii region is a Region, a bitset, so its sites come each once in
        increasing order. Sorted once here when known before play; as it is when the region
        says it comes so (:meth:`in_order`); else sorted and deduplicated each time it is read."""
        fn = self.region(value)
        fixed = constant(fn)
        if fixed is not None:
            return const_fn(tuple(sorted(set(fixed))))
        if self.in_order(value):
            return fn
        return lambda s, e: sorted(set(fn(s, e)))

    def in_order(self, value: Any) -> builtins.bool:
        """Whether a region's sites always come each once in increasing order, as Ludii's
        Region holds them: one site; a region ludeme whose ``in_order(c)`` says so (its sites
        found by a scan of the board, or sorted where made); else False."""
        if isinstance(value, (Str, Int)):
            return True
        if isinstance(value, Ludeme):
            if value.kind == "int":
                return True
            says = getattr(value, "in_order", None)
            return says is not None and builtins.bool(says(self))
        return False

    def ints(self, value: Ludeme) -> Callable[[State, Env], Sequence[builtins.int]]:
        """An array of ints (a ludeme of kind ints: ``(values Remembered)``, ``(sizes Group)``...)
        as a function."""
        fn: Callable[[State, Env], Sequence[builtins.int]] = _compile(value, self)
        return fn

    def site_list(self, items: Sequence[Any]) -> Fn:
        """Several sites as one function returning a tuple (constant when all are literals). A
        label that names no site of the board is left out, as Ludii's SitesCoords finds nothing
        for it (Terhuchu's "G6"); none found at all is an error (a description for another
        board)."""
        labels = [v for v in items if isinstance(v, Str)]
        if labels and any(self.topo.site(v.value) >= 0 for v in labels):
            items = [v for v in items if not isinstance(v, Str) or self.topo.site(v.value) >= 0]
        fns = [self.site(v) for v in items]
        if all(isinstance(v, (Str, Int)) for v in items):
            sites = tuple(f(None, None) for f in fns)
            return const_fn(sites)
        return lambda s, e: tuple(x for f in fns if (x := f(s, e)) >= 0)

    def player(self, value: Any) -> Fn:
        """Player roles (Mover, Next, P2...) or an int expression → player number."""
        if isinstance(value, Const):
            return self._role(value)
        n = self.built().num_players
        if isinstance(value, Int):
            if not 1 <= value.value <= n:
                raise self.error(f"there is no player {value.value} in a {n}-player game", value,
                                 hint=f"players are numbered 1 to {n} (or Mover, Next, P1...)")
            return const_fn(value.value)
        fn = self.int(value)
        if constant(fn) is not None:
            if not 1 <= constant(fn) <= n:
                raise self.error(f"there is no player {constant(fn)} in a {n}-player game", value)
            return fn

        def checked(s: State, e: Env) -> int:
            p = fn(s, e)
            if 0 <= p <= n:  # 0 (nobody, neutral) is what (who at:...) gives for an empty site
                return p
            raise self.error(f"there is no player {p} in a {n}-player game (the value of this "
                             "expression now)", value)
        return checked

    def _role(self, value: Const) -> Fn:
        """A player role (Mover, Next, Prev, Player, P2, Neutral) → player number."""
        name = value.name
        if name == "Mover":
            return lambda s, e: s.mover
        if name == "Next":  # Ludii's State.next: the mover again once a moveAgain said so
            return lambda s, e: turns.ludii_next(s)
        if name == "Prev":  # who made the previous move: the mover again within a turn
            return lambda s, e: turns.prev_player(s)
        if name == "Player":
            return lambda s, e: e.player  # the player visited by (forEach Player ...)
        if name == "TeamMover":  # the mover's team, named by the mover (results go to the team)
            return lambda s, e: s.mover
        if name.startswith("P") and name[1:].isdigit():
            p = int(name[1:])
            players = self.num_players  # known while the game is built (regions of P1...)
            if not 1 <= p <= players:
                raise self.error(f"{name} does not exist in a {players}-player game", value)
            return const_fn(p)
        if name == "Neutral":
            return const_fn(0)
        if name.startswith("Team") and name[4:].isdigit():  # a team's first player (results go to the team)
            game = self.built()
            members = [p for p in range(1, game.num_players + 1) if game.team_of[p] == 100 + int(name[4:])]
            if members:
                return const_fn(members[0])
        raise self.error(f"the role {name} does not name one player here", value,
                         hint="use Mover, Next, Prev, P1, P2 ...")

    def players(self, value: Any) -> Callable[[State, Env], tuple[builtins.int, ...]]:
        """Like :meth:`player`, but Each/All give every player."""
        if isinstance(value, Const) and value.name in ("Each", "All"):
            everyone = tuple(range(1, self.built().num_players + 1))
            return const_fn(everyone)
        one = self.player(value)
        return lambda s, e: (one(s, e),)

    def moves(self, value: Any) -> MoveGen:
        """A move generator (a moves ludeme) compiled."""
        if self.facing_by_origin is not None and getattr(value, "turns_by_origin", False) \
                and value.directions is not None and self.uses_facing(value.directions):
            return self._moves_by_origin(value)
        if isinstance(value, Ludeme):
            effect = hasattr(value, "compile_effect")  # Ludii's effects are moves too
            if not hasattr(value, "compile"):
                if effect:  # an effect only: the moves of its actions
                    return self._by_branch(lambda: self._effect_moves(value), Choice)
                raise self.error(f"({value.name} ...) is an effect: it says what a move does, so it goes "
                                 "in the (then ...) of a move, not where moves are chosen", value,
                                 hint=f"e.g. (move Add (to (sites Empty)) (then ({value.name} ...)))")

            def made() -> MoveGen:
                try:  # a ludeme both moves and an effect ((or ...), (if ...)) lists its moves
                    gen = value.compile(self)
                except BindError as err:  # an effect only (its compile refuses to make moves)
                    if not effect or "is an effect" not in str(err) \
                            or (not self.testing_moves and err.span != value.span):
                        raise
                    return self._effect_moves(value)
                return gen if isinstance(gen, MoveGen) else FnGen(gen)
            return self._by_branch(made, Choice)
        raise self.error("expected moves", value)

    def _effect_moves(self, value: Any) -> MoveGen:
        """The moves of an effect (:mod:`.effect_moves`): where moves are only tested (``(can
        Move ...)``), whether it would act; where a player chooses, the move of its actions, a
        decision of its own (``(and (set Var 0) (move ...))``)."""
        from .effect_moves import effect_moves
        return effect_moves(self, value, decision=not self.testing_moves)

    def listed_when(self, value: Any) -> Callable[[State, Env], builtins.bool] | None:
        """When the effect ``value`` makes its move whatever it changes, as Ludii's eval of its
        class (:func:`.effect_moves.listed_when`); None: only when it acts."""
        from .effect_moves import listed_when
        return listed_when(self, value)

    @property
    def testing_moves(self) -> builtins.bool:
        """True while compiling moves whose existence only is asked (:meth:`moves_tested`)."""
        return self._testing_moves > 0

    def moves_tested(self, value: Any) -> MoveGen:
        """Moves whose existence only is asked (``(can Move ...)``): there, as in Ludii, an
        effect gives a move when it would act (a capture found: :mod:`.effect_moves`)."""
        self._testing_moves += 1
        try:
            return self.moves(value)
        finally:
            self._testing_moves -= 1

    def _by_branch(self, compile_one: Callable[[], Any], choose: Callable[[Fn, Any, Any], Any]) -> Any:
        """``compile_one()``; when the ludeme it compiles reads directions chosen by a condition
        (:class:`DirectionsByCondition`), the ludeme compiled once per branch, the branch chosen
        by the condition when it runs (``choose(cond, yes, no)``)."""
        try:
            return compile_one()
        except DirectionsByCondition as chosen:
            node = chosen.node
            count, which = node.branches(self)  # which(state, env) -> the branch that runs
            made = []
            try:
                for index in range(count):
                    node.forced = index
                    made.append(self._by_branch(compile_one, choose))
            finally:
                node.forced = None
            if count == 2 and choose is not None:
                return choose(lambda s, e: which(s, e) == 0, made[0], made[1])
            return _choose_among(which, made, choose is Choice)

    def facing_free_parts(self, node: Any) -> dict[str, Any]:
        """Where a rule compiled once per facing keeps its parts that read no facing, compiled
        once: the same for every compilation of ``node`` in the same context (moves listed or
        only tested, the sites that may be off the board, the facings by origin), so a rule
        compiled per facing inside another one (a leap of two turned steps) compiles them once,
        not once per facing of the rule around it."""
        key = (id(node), self.testing_moves, self._off_board, self.facing_by_origin)
        parts = self._facing_free.get(key)
        if parts is None:
            parts = self._facing_free[key] = {"node": node}  # kept: the id stays this node's
        return parts

    @staticmethod
    def uses_facing(value: Any) -> builtins.bool:
        """The rule uses directions relative to a facing (Forward, FL...) somewhere."""
        return uses_facing(value)

    def moves_facing(self, value: Any) -> MoveGen:
        """A play rule: when it uses directions relative to a facing (Forward, FL...), one
        generator per player, each compiled with that player's facing (North when they have
        none), chosen by the mover."""
        relative = self.uses_facing(value)
        if not relative or self.facing is not None:
            return self.moves(value)
        game = self.built()
        facings = [None, *(comp.facing for comp in game.components[1:])]
        # pieces facing otherwise than their owner (Ludii's (piece "Counter" P2 S) for a player
        # without a direction): a step's relative directions turn by the piece at its origin
        mixed = any(f != self.player_facings.get(game.owner_of[i], "N") for i, f in enumerate(facings) if i)
        gens: list[MoveGen | None] = [None]
        for p in range(1, game.num_players + 1):
            self.facing = self.player_facings.get(p, "N")
            self.facing_by_origin = tuple(facings) if mixed else None
            try:
                gens.append(self.moves(value))
            finally:
                self.facing = None
                self.facing_by_origin = None
        return ByMover(gens)

    def _moves_by_origin(self, value: Any) -> MoveGen:
        """A step, hop or slide whose relative directions (FR, Forward...) Ludii turns by the
        facing of the piece at its origin (Directions: the component's dirn; no piece there, no
        direction): compiled once per facing of the game's pieces, each keeping the moves whose
        origin holds a piece of that facing (Dama (Italy)'s capture continuing from
        (last To) with (directions {FR FL}) for a man declared facing South)."""
        from ..engine.handsites import what_at
        table = self.facing_by_origin
        assert table is not None
        saved = self.facing
        made: dict[str, MoveGen] = {}
        self.facing_by_origin = None
        try:
            for f in sorted({x for x in table if x}):
                self.facing = f
                made[f] = self.moves(value)
        finally:
            self.facing, self.facing_by_origin = saved, table

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            for f, g in made.items():
                for m in g.moves(s, e):
                    if m.frm >= 0 and table[what_at(s, m.frm)] == f:
                        out.append(m)
            return out
        return FnGen(gen, unique=all(g.unique for g in made.values()))

    @overload
    def effect(self, value: None) -> None: ...

    @overload
    def effect(self, value: Any) -> Callable[[State, Env], None]: ...

    def effect(self, value: Any) -> Callable[[State, Env], None] | None:
        """A ludeme used as a consequence: run its effect on the state (None: no effect)."""
        if value is None:
            return None
        if isinstance(value, Ludeme):
            if hasattr(value, "compile_effect"):
                return self._by_branch(lambda: value.compile_effect(self), _choose_fn)
            # moves made to be applied: an effect among them (Ludii's (forEach Die (if ...
            # (remember Value ...)))) gives its move as where their existence is asked
            gen = self.moves_tested(value)

            def run_all(s: State, e: Env) -> None:
                # A move generator used as an effect: apply all its moves (Ludii applies the
                # effect moves it produces).
                for m in gen.moves(s, e):
                    turns.act(s, m, as_last=False, outer=e)
            return run_all
        raise self.error("expected an effect", value)

    # --- helpers every rule shares -----------------------------------------------------------------
    def rule(self, before: Any = None, after: Any = None) -> tuple[builtins.int, ...]:
        """The consequences a move carries (:attr:`Move.rules`): ``before`` runs before its
        action (its own effects: a capture by replacement, the sites it jumps), ``after`` after
        it (its ``then``); () when there is neither. The same pair is registered once."""
        if before is None and after is None:
            return ()
        key = (id(before), id(after))
        index = self._consequence_of.get(key)
        if index is None:
            index = self._consequence_of[key] = len(self.consequences)
            self.consequences.append(Consequence(before, after))  # kept: the ids stay valid
        return (index,)

    @staticmethod
    def filter(region: Fn, cond: Fn | None, bind: str | tuple[str, ...] = "site") -> Fn:
        """The sites of ``region`` where ``cond`` holds, each tested with it bound as ``bind``
        (``"to"``, ``"frm"``, ``"between"``, ``"site"``, or several of them) in a frame of the
        filter's own; the region itself when there is no condition."""
        if cond is None or constant(cond) is True:
            return region
        if constant(cond) is False:
            return const_fn(())
        names = (bind,) if isinstance(bind, str) else bind

        def filtered(s: State, e: Env) -> list[int]:
            frame = e.child()
            out = []
            for site in region(s, e):
                for name in names:
                    setattr(frame, name, site)
                if cond(s, frame):
                    out.append(site)
            return out
        return filtered

    @staticmethod
    def each(sites: Fn, effect: Callable[[State, Env], None],
             bind: str | tuple[str, ...] = "site") -> Callable[[State, Env], None]:
        """An effect that runs ``effect`` once for each site of ``sites`` (read once, before the
        first run), with the site bound as ``bind`` (or each of several names) in a frame of its own."""
        names = (bind,) if isinstance(bind, str) else bind

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for site in tuple(sites(s, e)):
                for name in names:
                    setattr(frame, name, site)
                effect(s, frame)
        return run

    def move_effects(self, to_effect: Any = None, between_effect: Any = None) -> Any:
        """What a move does before its action: ``to_effect`` on the site it reaches, then
        ``between_effect`` on each site it passed over (its path: a hop's jumped pieces), as
        one effect (None for neither)."""
        over = self.each(_path, between_effect, bind="between") if between_effect is not None else None
        if over is None or to_effect is None:
            return over if over is not None else to_effect

        def both(s: State, e: Env) -> None:
            to_effect(s, e)
            over(s, e)
        return both

    def directions(self, value: Any, default: str = "Adjacent") -> tuple[str, ...]:
        """Directions (a constant such as Orthogonal, or a directions ludeme) resolved on this
        board: the direction keys the topology walks (a relation stays a relation, see
        :meth:`Topology.keys`)."""
        if value is None:
            return self.topo.keys([default])
        if isinstance(value, Const) and value.name in ("SameDirection", "OppositeDirection"):
            from ..ludemes.directionfns import last_move_direction
            return last_move_direction(self, value.name, value)
        if isinstance(value, Const):  # none where the board lacks it: no step that way, as Ludii's radials
            return self.direction_names([value.name], value)
        if isinstance(value, Ludeme):
            return cast(_Directions, value).static_directions(self)
        raise self.error("expected directions", value)

    def direction_names(self, names: Sequence[str], where: Any, of: str = "Adjacent") -> tuple[str, ...]:
        """Direction names (compass, relations, or relative to the facing: Forward, FL...) →
        this board's direction keys; relative ones among the compass directions the board
        supports for the relation ``of`` (Ludii's ``(directions ... of:...)``, Adjacent)."""
        from ..engine.facing import RELATIVE, relative
        out: list[str] = []
        for name in names:
            if name in RELATIVE:
                if self.facing is None:
                    raise self.error(f"{name} is relative to a piece's facing, which is not known here",
                                     where, hint="use relative directions in a piece's own moves, "
                                                 "or in the play rule of players with directions")
                from ..ludemes.rotations import turned_facing  # a turned piece's facing turns with it
                facing = turned_facing(self, self.facing, of, where)
                found = relative(name, facing, self.topo.relation_directions.get(of, ()))
            else:
                found = self.topo.keys([name])
            out.extend(d for d in found if d not in out)
        return tuple(out)

    def adjacency(self, value: Any, default: str = "Adjacent") -> tuple[tuple[builtins.int, ...], ...]:
        """A neighbour table (per site, its neighbours) for directions: a relation (Orthogonal,
        Adjacent, All...) gives the board's own lists, compass directions their steps."""
        from ..engine.groups import merged
        name = value.name if isinstance(value, Const) else (default if value is None else None)
        if name is not None and name in self.topo.neighbours:
            return self.topo.neighbours[name]
        dirs = self.directions(value, default)
        return merged([self.topo.steps_of(d) for d in dirs])

    def components_named(self, name: str, where: Any) -> list[builtins.int]:
        """Component indices for a piece name: exact ("Ball1") or base name ("Ball": all owners)."""
        game = self.built()
        found = pieces_named(game, name)
        if not found:
            names = sorted({c.base for c in game.components[1:]} | {c.name for c in game.components[1:]})
            raise self.error(f"no piece named '{name}'", where, hint="pieces: " + ", ".join(names))
        return found
