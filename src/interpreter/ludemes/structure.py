"""The frame of a game: game, players, equipment, board shapes, pieces, rules, phases, end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.facing import FACINGS
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Bool, Const, Int, Str
from .base import (
    ANY_INT,
    BOOL_FN,
    END,
    END_RULE,
    EQUIPMENT,
    EQUIPMENT_ITEM,
    GAME,
    INT,
    INT_FN,
    INT_LIT,
    META_RULE,
    MOVES,
    MOVES_T,
    NEXT_PHASE,
    PHASE,
    PIECE_NUMBER,
    PLAY,
    PLAYERS,
    RESULT,
    ROLE,
    RULES,
    SITE_NUMBER,
    START_RULE,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
)
from .boards import Board
from .hands import Id

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.phases import NextOf
    from ..engine.state import State
    from ..native.emit import Emitter

MAX_PLAYERS = 16


class GameLudeme(Ludeme):
    """A whole game: its name, players, equipment and rules.

    Parameters:
        title: the game's name
        players: the players
        mode: how the players move (in turn by default; ``(mode Simultaneous)``)
        equipment: the board and pieces
        rules: the rules

    Examples:
        (game "Tiny" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
    """

    name = "game"
    kind = GAME
    title: Any = Param(STR_LIT)
    players: Any = Param(kind_of(PLAYERS))
    mode: Any = Param(kind_of("mode"), optional=True)
    equipment: Any = Param(kind_of(EQUIPMENT))
    rules: Any = Param(kind_of(RULES))


class Players(Ludeme):
    """The number of players (0 to 16); they move in turn P1, P2, ... The number may be an
    expression of options, known before play. With 0 players the game is a simulation (Ludii's):
    nobody moves (the mover is 0), each move is all the moves the rules make, applied at once,
    and it ends by its end rules, its ply limit, or when its rules make no move. A list of ``(player D)`` gives each player the
    direction their pieces face (what ``Forward`` means for them).

    Parameters:
        count: the number of players, or a list of ``(player ...)`` with their facings

    Examples:
        (players 2)
        (players 0)
        (players (if True 4 2))
        (players {(player N) (player S)})
    """

    name = "players"
    kind = PLAYERS
    count: Any = Param(Either((INT_FN, ArrayOf(Instance("player"), single=False))), range=(0, MAX_PLAYERS))

    def validate(self) -> None:
        self.facings: list[str | None] = []  # per player (from P1), the direction they face
        if isinstance(self.count, BoundArray):
            players = self.count.items
            if not players:
                raise BindError("(players {}) lists no player", self.count.span)
            self.facings = [p.facing_name() for p in players]
            self.count = Int(len(players), span=self.count.span)

    def concepts_at(self, where):
        # a player facing a direction gives it to their pieces (Ludii's Player concepts)
        if any(f is not None for f in getattr(self, "facings", ())):
            return ("PlayersWithDirections", "PieceDirection")
        return ()


class Equipment(Ludeme):
    """The board and the pieces.

    Parameters:
        items: the board, pieces, hands, dice, regions and the like

    Examples:
        (equipment {(board (square 19) use:Vertex) (piece "Ball" Each)})
    """

    name = "equipment"
    kind = EQUIPMENT
    items: Any = Param(ArrayOf(kind_of(EQUIPMENT_ITEM)), many=True)

    def validate(self) -> None:
        items = self.items.items if isinstance(self.items, BoundArray) else [self.items]
        boards = [i for i in items if isinstance(i, Board)]
        if len(boards) != 1:
            raise BindError("equipment needs exactly one (board ...)", self.span)
        self.board: Board = boards[0]
        # the pieces, in order: declared one by one, or made by a set (Ludii's (dominoes), a deck)
        # (a deck's cards first: Ludii makes its containers' items before the pieces)
        self.pieces: list[PieceDecl] = [p for first in (True, False) for i in items
                                        if getattr(i, "pieces_first", False) is first
                                        for p in ([i] if isinstance(i, PieceDecl) else getattr(i, "pieces_made", list)())]
        for piece in self.pieces:
            if piece.state is not None:
                raise BindError("state: is of a piece placed (move Add (piece ... state:1)), not of equipment",
                                piece.state.span)
            if piece.index is not None:
                raise BindError("a piece is declared by its name", piece.span, hint='(piece "Disc" Each)')
            if piece.names is not None:
                raise BindError("a piece is declared with one name", piece.span,
                                hint='a list of names chooses among pieces in (move Add (piece {"A" "B"}) ...)')
        self.teams: list[Team] = [i for i in items if isinstance(i, Team)]
        self.regions: list[Regions] = [i for i in items if isinstance(i, Regions)]
        # the other items (hands, passages...) set themselves up in the game:
        # item.install(game, compiler)
        self.others: list[Ludeme] = [i for i in items if hasattr(i, "install")]
        names: dict[str, list[tuple[str, Regions]]] = {}
        for region in self.regions:
            if region.title is None or region.role is not None:  # a player's own named region
                continue
            # one name may be given to a region of each player ((regions "Home" P1 ...) and P2)
            owner = region.role.name if region.role is not None else ""
            same = names.setdefault(region.title.value, [])
            first = next((r for o, r in same if not o or not owner or o == owner), region)
            same.append((owner, region))
            if first is not region:
                raise BindError(f'region "{region.title.value}" is declared twice', region.title.span,
                                hint=f"the first is at {first.span}")


class PieceDecl(Ludeme):
    """A kind of piece, for each player (``Each``) or one owner (``P1``, ``Neutral``), with
    optional moves of its own (used by ``(forEach Piece)``) and an optional value
    (``value:3``, read by ``(value Piece at:...)``). A compass direction after the owner is the
    way the piece faces (``Forward`` in its moves); without it the piece faces its owner's
    direction (``(players {(player N) (player S)})``), else North.

    In ``move Add``, ``(piece "Disc")`` names the piece to place, and ``(piece {"A" "B"})``
    lets the mover choose among several kinds (their own of each).

    Parameters:
        piece_name: the kind of piece (its name; or several names)
        role: who owns it: ``Each`` player, one player, or ``Neutral``
        facing: the direction the piece faces (what ``Forward`` means for it; its owner's when left
            out)
        flips: the two states ``flip`` turns into each other (``(flips 1 2)``)
        moves: the piece's own moves (used by ``forEach Piece``)
        value: a number the piece is worth (``value Piece``)
        maxState: the largest local state Ludii's state tables should hold for it (Ludii sizes
            its tables by it; ours hold any state, so play is the same)
        maxCount: the largest count Ludii's tables should hold (as ``maxState:``)
        maxValue: the largest piece value Ludii's tables should hold (as ``maxState:``)
        state: as the piece placed by ``move Add`` or ``claim`` (Ludii's util ``piece``), the
            local state its site gets

    Examples:
        (piece "Ball" Each)
        (piece "Disc" P1)
        (piece "3Dot" Each value:3)
        (piece "Square" Each maxState:4)
        (piece "Disc1" state:1)
    """

    name = "piece"
    concepts = ("Piece",)

    def where_for(self, param, where):
        # a piece's moves count where (forEach Piece) plays them (Ludii's components bring none)
        return None if param.name == "moves" else where
    kind = EQUIPMENT_ITEM
    piece_name: Any = Param(Either((STR_LIT, ArrayOf(STR_LIT, single=False), Kind(("int",), "id", literals=(Int,)),
                                    ArrayOf(Kind(("int",), "int", literals=(Int,)), single=False))),
                            range=PIECE_NUMBER)
    role: Any = Param(ROLE, optional=True)
    facing: Any = Param(Enum(FACINGS, "direction"), optional=True, doc="the direction the piece faces (what Forward means for it) [its owner's, else N]")
    flips: Any = Param(Instance("flips"), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    value: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    maxState: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))
    maxCount: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))
    maxValue: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def validate(self) -> None:
        self.each = self.role is None or self.role.name == "Each"
        self.names: list[str] | None = None
        self.index = None  # a piece given by number: (piece (what at:(from)))
        self.indices: list[Any] | None = None  # pieces given by numbers: (piece {1 2}) (Ludii's int[])
        by_number = isinstance(self.piece_name, (Ludeme, Int))  # Ludii's IntFunction form: (piece 1) too
        self.number = self.piece_name if by_number else None  # its number, (id ...) too
        if by_number:
            named = self.piece_name
            name = named.component_name(0) if isinstance(named, Id) else None
            if name is not None:  # (piece (id "1Dot" Mover)): the mover's "1Dot", as "1Dot" says
                if self.role is not None or self.moves is not None or self.value is not None:
                    raise BindError("a piece given by its id names the mover's or a player's piece to place, "
                                    "and nothing else", self.span, hint='(move Add (piece (id "Disc" Mover)) ...)')
                self.piece_name = name
                return
            if self.role is not None or self.moves is not None or self.value is not None or \
                    self.facing is not None:
                raise BindError("a piece given by number takes nothing else", self.span)
            self.index = named  # a piece given by number: (piece (what at:(from)))
            self.piece_name = ""
            return
        if isinstance(self.piece_name, BoundArray):
            items = self.piece_name.items
            if not items:
                raise BindError("an empty list of pieces", self.piece_name.span)
            if not all(isinstance(item, Str) for item in items):  # Ludii's int[]: pieces by number
                if self.role is not None or self.moves is not None or self.value is not None or \
                        self.facing is not None:
                    raise BindError("pieces given by number take nothing else", self.span)
                self.indices = list(items)
                self.index = items[0]
                self.piece_name = ""
                return
            if self.role is not None or self.moves is not None or self.value is not None or self.facing is not None:
                raise BindError("a list of piece names takes nothing else", self.span,
                                hint='it only chooses pieces to place: (move Add (piece {"A" "B"}) ...)')
            self.names = [_piece_name(item) for item in items]
            self.piece_name = self.names[0]
            return
        self.piece_name = _piece_name(self.piece_name)

    def names_listed(self) -> list[str]:
        """The piece names given: one, or the list."""
        if self.index is not None:
            raise BindError("name the piece here: a piece given by number is only read by (sites Start ...)",
                            self.span, hint='(piece "Disc")')
        return list(self.names) if self.names is not None else [self.piece_name]

    def number_read(self) -> Any:
        """Where the piece's number is read at play (a number, or ``(id "King" Mover)``: the
        first piece of the mover's whose name holds "King", -1 when none, as Ludii's ``Id``
        reads it), else None (a piece given by name)."""
        if self.index is not None:
            return self.index
        return self.number if isinstance(self.number, Id) else None

    def index_of(self, c: Compiler, many: bool = False):
        """The piece's number as a function of the state (a piece given by name: fixed); with
        ``many`` (a placement), the numbers of Ludii's ``int[]`` form as a tuple."""
        if self.indices is not None:
            if not many:
                raise BindError("several pieces by number are read by a placement only here", self.span,
                                hint="(move Add (piece {1 2}) (to (sites Empty)))")
            fns = [c.int(x) for x in self.indices]
            return lambda s, e: tuple(f(s, e) for f in fns)
        number = self.number_read()
        if number is not None:
            return c.int(number)
        kinds = c.components_named(self.piece_name, self)
        if len(kinds) != 1:
            raise BindError(f'"{self.piece_name}" names several pieces: say whose ("{self.piece_name}1")', self.span)
        return const_fn(kinds[0])

    def owners(self, num_players: int) -> list[int]:
        if self.each:
            return list(range(1, num_players + 1))
        name = self.role.name
        if name == "Neutral" or name == "Shared":
            return [0]
        if name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]) <= num_players:
            return [int(name[1:])]
        raise BindError(f"piece owner {name} is not a player of this game", self.role.span)


def _piece_name(node: Str) -> str:
    """A piece name, checked: it is part of move texts (Disc1@C3) and positions (pieces: {C3:
    Disc1}). A name may hold spaces, as Ludii's may ("Deputy General"): move texts write them
    as ``_`` (Game.piece_tag). A number is a name (Ludii's N Puzzles names its tiles "1" to "8"): its placements
    name it in full (11@C3), never by its owner's number (Game.piece_tag)."""
    name = node.value
    problem = ("is empty" if not name.strip() else "contains '@'" if "@" in name
               else "contains ':'" if ":" in name else "")
    if problem:
        raise BindError(f"piece name {name!r} {problem}", node.span,
                        hint='name pieces with words, e.g. (piece "Disc" Each)')
    return name


_STATIC_REGIONS = ("Rows", "Columns", "AllDirections", "HintRegions", "Layers", "Diagonals", "SubGrids",
                   "Regions", "Vertices", "Corners", "Sides", "SidesNoCorners", "AllSites", "Touching")


class Regions(Ludeme):
    """A named list of sites, used as ``(sites "Name")``, and/or regions that belong to a
    player (``P1``): the regions ``(is Connected P1)`` asks P1 to join, one per element of the
    array. A name must differ from every site label, from the board's own regions (Top, Centre,
    Corners...) and from other named regions.

    In a deduction puzzle, ``HintRegions`` are the regions of the puzzle's hints (``(hints
    ...)``): those of the cells; with a hint label after the regions, those of the vertices if
    any, else of the cells, else of the edges (Ludii's).

    Parameters:
        title: the region's name (for ``(sites "Name")``)
        role: the player who owns the regions
        sites: the sites, or the regions
        hintLabel: the name of the hint regions (``HintRegions``: see above)

    Examples:
        (regions "Home" (sites {"A1" "B1" "C1"}))
        (regions P1 {(sites Side NE) (sites Side SW)})
        (regions {Columns Rows Diagonals})
        (regions {HintRegions} "Clues")
    """

    name = "regions"
    concepts = ("Region",)
    kind = EQUIPMENT_ITEM
    title: Any = Param(STR_LIT, optional=True)
    role: Any = Param(ROLE, optional=True)
    sites: Any = Param(ArrayOf(Either((Kind(("region", "int"), "region", literals=(Str, Int)),
                                       Enum(_STATIC_REGIONS, "region type")))), range=SITE_NUMBER)
    hintLabel: Any = Param(STR_LIT, optional=True)

    def validate(self) -> None:
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        static = [i for i in items if isinstance(i, Const)]
        if static and len(static) != len(items):
            raise BindError("regions of types (Rows, Columns...) or of sites, not both", self.span)

    def static_types(self) -> list[str]:
        """Ludii's static region types given (Rows, Columns, Diagonals...), for puzzles."""
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        return [i.name for i in items if isinstance(i, Const)]

    def parts(self) -> list:
        """Each region of the array (one region when a single one is given). An array of sites
        (``{0 1 2}``, Ludii's ``Integer[] sites``) is one region, not a region per site."""
        if isinstance(self.sites, BoundArray) and self.sites.items and all(
                isinstance(i, Int) or (isinstance(i, Ludeme) and i.kind == "int") for i in self.sites.items):
            return [self.sites]
        items = list(self.sites.items) if isinstance(self.sites, BoundArray) else [self.sites]
        return [i for i in items if not isinstance(i, Const)]

    def declare(self, d: Any, c: Any) -> None:
        """In a deduction puzzle, the regions its constraints read (Ludii's constraint regions)."""
        from .graph_equipment import hint_regions
        from .puzzles import PUZZLE, declare_regions, static_region_lists
        if PUZZLE not in d.arrays:
            return
        lists = [tuple(sites) for kind in self.static_types() for sites in static_region_lists(kind, c.topo)]
        if "HintRegions" in self.static_types():
            lists.extend(hint_regions(d, self.hintLabel is not None))
        from ..engine.env import Env
        for part in self.parts():  # evaluated as Ludii does, in a context of no move yet
            lists.append(tuple(c.region(part)(None, Env())))
        declare_regions(d, lists)



class Team(Ludeme):
    """Players who play together: they win and lose together, and are each other's friends
    (not enemies). Each player keeps their own pieces and score.

    Parameters:
        number: the team's number
        members: the players in it

    Examples:
        (team 1 {P1 P3})
    """

    name = "team"
    kind = EQUIPMENT_ITEM
    number: Any = Param(INT_LIT, range=(1, MAX_PLAYERS))
    members: Any = Param(ArrayOf(ROLE))
    concepts = ("Team",)

    def members_of(self, num_players: int) -> list[tuple[int, Any]]:
        """(player, span) of each member, in the order written."""
        members = self.members.items if isinstance(self.members, BoundArray) else [self.members]
        number = self.number.value
        if not 1 <= number <= MAX_PLAYERS:
            raise BindError(f"team numbers go from 1 to {MAX_PLAYERS}, not {number}", self.number.span)
        out = []
        for m in members:
            name = m.name
            if not (name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]) <= num_players):
                raise BindError(f"{name} is not a player of this game", m.span)
            out.append((int(name[1:]), m.span))
        return out


class Rules(Ludeme):
    """The rules: optional meta rules and start, then one play rule or several phases, then end.

    Parameters:
        meta: rules about the whole game (swap, turn limit...)
        start: the starting position
        play: the moves (when there are no phases)
        phases: phases of play, each with its own moves
        end: when the game ends, and the result

    Examples:
        (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw))))
    """

    name = "rules"
    kind = RULES
    meta: Any = Param(kind_of("meta"), optional=True)
    start: Any = Param(kind_of("start"), optional=True)
    play: Any = Param(kind_of(PLAY), optional=True)
    phases: Any = Param(ArrayOf(kind_of(PHASE)), optional=True, named=True)
    end: Any = Param(kind_of(END), optional=True)

    def validate(self) -> None:
        if (self.play is None) == (self.phases is None):
            raise BindError("rules need either (play ...) or phases:{...}", self.span)
        # with phases per player: per phase, its ways out, filled when the rules are compiled
        # (compile.build) and read by the engine's hooks (engine.phases.phase_hooks)
        self.phase_nexts: list[list[NextOf]] = []

    def phase_list(self) -> list:
        if self.phases is None:
            return []
        return list(self.phases.items) if isinstance(self.phases, BoundArray) else [self.phases]

    def phases_per_player(self) -> bool:
        """True when each player is in a phase of their own (Ludii's): a phase names its player,
        or a nextPhase names whose phase it changes."""
        return any(p.role is not None or any(n.role is not None for n in p.next_phases())
                   for p in self.phase_list())

    def declare(self, d: Any, c: Any) -> None:
        """With phases per player: each player's phase (``player_phases``, entry 0: the phase
        the last move was played in), and the engine hooks that start and change them."""
        if not self.phases_per_player():
            return
        from ..engine.phases import PLAYER_PHASES, first_phases, phase_hooks
        roles = [p.role.name if p.role is not None else None for p in self.phase_list()]
        initial = first_phases(roles, d.num_players)
        d.array(PLAYER_PHASES, [initial[1]] + initial[1:])
        start, after = phase_hooks(self)
        d.start.append(start)
        d.after_move.append(after)


class Meta(Ludeme):
    """Rules about the game as a whole, such as the turn limit.

    Parameters:
        items: the meta rules (``swap``, ``no Repeat``, ``turnLimit``...)

    Examples:
        (meta (turnLimit 200))
    """

    name = "meta"
    kind = "meta"
    items: Any = Param(ArrayOf(kind_of(META_RULE)), many=True)


class TurnLimit(Ludeme):
    """End the game as a draw after this many plies (moves, passes included), for a game that
    needs a shorter limit than Ludii's: by default a game ends as a draw after Ludii's 10,000
    moves, or 1,250 turns per player (a turn: the moves a player makes before another moves),
    whichever comes first; the limit of turns applies with this one too.

    Parameters:
        plies: the number of plies before the game ends as a draw

    Examples:
        (turnLimit 500)
    """

    name = "turnLimit"
    kind = META_RULE
    plies: Any = Param(INT_LIT, range=(1, 1_000_000))

    def declare(self, d: Any, c: Any) -> None:
        """The game's turn limit."""
        d.turn_limit = self.plies.value

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the limit is part of the game's layout (:meth:`declare`)."""


class ValueMoveLimit(Ludeme):
    """The game's limit of moves (Ludii's ``Game.getMaxMoveLimit``): 10,000 unless
    ``(turnLimit N)`` sets another; the game's own, whatever limit a run of it is given.

    Examples:
        (value MoveLimit)
    """

    name = "value MoveLimit"
    kind = INT
    # no parameters

    def compile(self, c: Compiler):
        from ..engine.turns import MOVE_LIMIT
        try:
            limit = c.game.turn_limit
        except AttributeError:  # a compiler of constants only: the default
            limit = MOVE_LIMIT
        return const_fn(limit)


class ValueTurnLimit(Ludeme):
    """The game's limit of turns (Ludii's ``Game.getMaxTurnLimit``): 1,250 (the game ends as a
    draw after that many turns per player).

    Examples:
        (value TurnLimit)
    """

    name = "value TurnLimit"
    kind = INT
    # no parameters

    def compile(self, c: Compiler):
        from ..engine.turns import TURNS_PER_PLAYER
        return const_fn(TURNS_PER_PLAYER)


class SwapRule(Ludeme):
    """The swap rule: on their first turn, the second player may take over the first player's
    side instead of moving (the move ``swap``): the two exchange seats (``State.seat``), so the
    one who swapped now plays the first player's pieces and goal, and the other, now seated as
    the second player, moves next.

    Examples:
        (swap)
    """

    name = "swap"
    kind = META_RULE
    # no parameters
    concepts = ("SwapOption", "SwapPlayersDecision")

    def declare(self, d: Any, c: Any) -> None:
        d.word("swap")

    def configure(self, c: Compiler) -> None:
        """Offer the swap move at the right ply."""
        game = c.game
        uid = game.uid
        swap_ply = game.num_players - 1

        def exchange(a: int, b: int) -> Any:
            """The swap of seats between players a (who swaps) and b; a plays on, now from b's seat."""
            from .turn_moves import swap_players
            return lambda s, e: swap_players(a, b, s)
        players = range(1, game.num_players + 1)
        made = {(a, b): Move(CHOICE, word="swap", game_id=uid, rules=c.rule(after=exchange(a, b)))
                for a in players for b in players if a != b}

        def offer(s: State, e: Env) -> list[Move]:
            if s.ply == swap_ply and s.last_mover and s.last_mover != s.mover:
                return [made[s.mover, s.last_mover]]
            return []
        c.meta_moves.append(FnGen(offer))


class Start(Ludeme):
    """The starting position: pieces placed, scores set.

    Parameters:
        items: the start rules, applied in order

    Examples:
        (start {(place "Disc1" {"A1" "B1"}) (place "Disc2" (sites Top))})
    """

    name = "start"

    def where_for(self, param, where):
        return where.as_start()
    kind = "start"
    items: Any = Param(ArrayOf(Kind((START_RULE, MOVES))), many=True)


class Play(Ludeme):
    """The moves a player may make on their turn.

    Parameters:
        moves: the moves a player may make

    Examples:
        (play (move Add (to (sites Empty))))
    """

    name = "play"
    kind = PLAY
    moves: Any = Param(MOVES_T)


class PhaseLudeme(Ludeme):
    """A phase of play with its own moves and end rules, left by ``nextPhase``. As in Ludii,
    each player is in a phase of their own when a phase names its player or a ``nextPhase``
    names whose phase it changes: a player starts in the first phase that is theirs (or names
    no player), and plays the moves of their phase. Otherwise the phase is the same for all.
    A phase's end rules are checked before the game's, after a move made in that phase.

    Parameters:
        title: the phase's name
        role: the player whose phase it is (every player's when left out)
        mode: the mode of play in the phase: the game's own (Ludii reads the game's mode for
            the rules; a phase's mode only picks its playouts), another is refused
        play: the moves of the phase
        end: end rules checked after a move made in the phase, before the game's
        next: when to leave it, and for which phase

    Examples:
        (phase "Opening" (play (move Add (to (sites Centre)))) (nextPhase "General"))
        (phase "Placement" P1 (play (move Add (to (sites Empty)))) (nextPhase Mover (is Full) "Movement"))
    """

    name = "phase"
    kind = PHASE
    title: Any = Param(STR_LIT)
    role: Any = Param(ROLE, optional=True)
    mode: Any = Param(kind_of("mode"), optional=True)
    play: Any = Param(kind_of(PLAY))
    end: Any = Param(kind_of(END), optional=True)
    next: Any = Param(ArrayOf(kind_of(NEXT_PHASE)), optional=True, many=True)

    def validate(self) -> None:
        self.title = self.title.value
        # the mode's name only (its ludeme would declare the game's mode a second time)
        self.mode_span = self.mode.span if self.mode is not None else self.span
        self.mode = self.mode.mode.name if self.mode is not None else None

    def declare(self, d: Any, c: Any) -> None:
        """A phase's mode must be the game's (the mode of the rules is the game's, as Ludii's)."""
        if self.mode is not None and self.mode != d.mode:
            raise BindError(f"a phase in mode {self.mode} in a game in mode {d.mode} is not supported",
                            self.mode_span, hint="Ludii plays every phase in the game's mode")

    def next_phases(self) -> list[NextPhase]:
        if self.next is None:
            return []
        return list(self.next.items) if isinstance(self.next, BoundArray) else [self.next]


class NextPhase(Ludeme):
    """Go to another phase after a move, when the condition (if any) holds. With a player
    (``Mover``, ``P1``), only that player's phase changes (see ``phase``).
    Without a name, the phase after the current one in the list (the first after the last).
    Used as a consequence (in ``then``), it moves to that phase at once, whatever the phase's
    own ``nextPhase`` says.

    Parameters:
        role: the player whose phase changes (every player's when left out), a role or Ludii's
            ``(player N)``
        condition: when to go to the phase (always when left out)
        target: the name of the phase gone to (the next one in the list when left out)

    Examples:
        (nextPhase "General")
        (nextPhase (player 2) "Movement")
        (nextPhase (>= (count Moves) 4) "General")
        (nextPhase Mover (is Empty (handSite Mover)) "Movement")
    """

    name = "nextPhase"

    def concepts_at(self, where):
        return ("SetPhase",) if where.effect else ()
    kind = NEXT_PHASE
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    condition: Any = Param(BOOL_FN, optional=True)
    target: Any = Param(STR_LIT, optional=True)

    def validate(self) -> None:
        self.target_span = self.target.span if self.target is not None else self.span
        self.target = self.target.value if self.target is not None else None

    def target_index(self, c: Compiler, current: int) -> int:
        """The phase gone to: the one named (the first of that name), else the phase after
        ``current`` in the list (the first after the last), as Ludii's."""
        if self.target is None:
            return (current + 1) % max(1, len(c.phase_names))
        return c.phase_index(self.target, self.target_span)

    def compile_effect(self, c: Compiler):
        if self.target is None:
            raise BindError("as a consequence, nextPhase names the phase it goes to", self.span)
        target = c.phase_index(self.target, self.target_span)
        cond = c.bool(self.condition) if self.condition is not None else None

        def run(s, e):
            if (cond is None or cond(s, e)) and s.phase != target:
                s.set_var("phase", target)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        from ..native.emit import NoKernel
        if self.target is None or self.role is not None:
            raise NoKernel("(nextPhase ...)", "of one player, or to the next phase")
        target = k.notes["phase_names"].index(self.target)
        cond = k.bool(self.condition) if self.condition is not None else "True"
        k.line(f"if ({cond}) and {k.st}[{abi.PHASE}] != {target}:")
        k.line(f"    {k.st}[{abi.PHASE}] = {target}")


class End(Ludeme):
    """End rules, checked after every move in order; the first that holds ends the game.

    Parameters:
        rules: the end rules, checked in order

    Examples:
        (end (if (is Line 5) (result Mover Win)))
        (end {(if (is Line 5) (result Mover Win)) (if (>= (score Mover) 10) (result Mover Win))})
    """

    name = "end"

    def where_for(self, param, where):
        return where.as_end()
    kind = END
    rules: Any = Param(ArrayOf(Kind((END_RULE, RESULT))), many=True)


class ResultLudeme(Ludeme):
    """An outcome: the player (role) wins, loses, or the game is a draw.

    ``(result Mover Win)``, ``(result Next Loss)``, ``(result All Draw)``. A loss in a
    two-player game is the other player's win. With more players and no teams, as in Ludii, a
    player's win or loss ranks that player (wins from the top, losses from the bottom) and the
    others play on; the game ends when one player is left (ranked next), or with a result for
    ``All`` (a draw ranks the players left together); the winners are the players ranked first.

    Parameters:
        role: the player the result is for (``Mover``, ``P1``, ``All``...)
        outcome: win, loss or draw

    Examples:
        (result Mover Win)
    """

    name = "result"

    def outcome_of(self) -> tuple[str, str]:
        """(role, outcome) for the end concepts: ("Mover", "Win")."""
        return self.role.name, self.outcome.name
    kind = RESULT
    role: Any = Param(ROLE)
    outcome: Any = Param(Enum(("Win", "Loss", "Draw")))

    def compile_outcome(self, c: Compiler):
        # each outcome also says what it is, (kind, player or 0 for All), for games that rank
        # their players one by one (Ludii's, with more than two players: see engine.turns)
        outcome = self.outcome.name
        role = self.role
        everyone = tuple(range(1, c.game.num_players + 1))
        if outcome == "Draw":
            return lambda s, e: ((), (), True, None, ("Draw", 0))
        if role.name in ("All", "Each"):
            if outcome == "Win":
                return lambda s, e: (everyone, (), False, None, ("Win", 0))
            return lambda s, e: ((), everyone, True, None, ("Loss", 0))
        who = c.player(role)
        if outcome == "Win":
            def win(s, e):
                p = who(s, e)
                return ((p,), (), False, None, ("Win", p))
            return win

        def loss(s, e):
            p = who(s, e)
            return (tuple(q for q in everyone if q != p), (p,), False, None, ("Loss", p))
        return loss

    def compile_end(self, c: Compiler):
        return self.compile_outcome(c)

    def kernel_outcome(self, k: Emitter) -> None:
        from ..native.kernels.structure import RESULT_KINDS, _end_vars, end_rule
        if k.notes.get("end_vars") is None:  # a bare result: the game ends at once
            end_rule(self, k)
            return
        hit, w, ls, d, rk, rw = _end_vars(k)
        everyone = sum(1 << p for p in range(1, k.players + 1))
        k.line(f"{hit} = 1")
        outcome = self.outcome.name
        k.line(f"{rk} = {RESULT_KINDS[outcome]}")
        k.line(f"{rw} = 0")
        if outcome == "Draw":
            k.line(f"{d} = 1")
            return
        if self.role.name in ("All", "Each"):
            if outcome == "Win":
                k.line(f"{w} |= {everyone}")
            else:
                k.line(f"{ls} |= {everyone}")
                k.line(f"{d} = 1")
            return
        p = k.temp("p")
        k.line(f"{p} = {k.player(self.role)}")
        k.line(f"{rw} = {p}")
        if outcome == "Win":
            k.line(f"{w} |= 1 << {p}")
        else:
            k.line(f"{w} |= {everyone} & ~(1 << {p})")
            k.line(f"{ls} |= 1 << {p}")

    kernel_end = kernel_outcome


class ByScore(Ludeme):
    """The player(s) with the highest score win; a tie on top of some players shares the
    victory, and all players equal is a draw (as Ludii's).

    With final scores (``{(score P1 VALUE) ...}``, Ludii's), each player named gets that score
    first (a mancala's seeds in store), then the best score wins.

    Parameters:
        finalScore: each player's end score, when it is not their score as played (``(score P1
            (count Pieces P1))``)
        misere: True: the lowest score wins instead (Ludii's misere version; False by default)

    Examples:
        (byScore)
        (byScore misere:True)
        (byScore {(score P1 (count at:(handSite P1))) (score P2 (count at:(handSite P2)))})
        (byScore {(score P1 (count Pieces P1)) (score P2 (count Pieces P2))})
    """

    name = "byScore"
    concepts = ("Scoring", "ScoringEnd", "ScoringWin")

    def concepts_at(self, where):
        # Ludii's byScore: final scores counting a territory make a territory win
        scores = self.finalScore.items if self.finalScore is not None else ()
        if any("Territory" in where.concepts_of(score) for score in scores):
            return self.concepts + ("TerritoryEnd", "TerritoryWin")
        return self.concepts

    def outcome_of(self) -> tuple[str, str]:
        """The best score wins: a win of no one named (Ludii's end concepts name none)."""
        return "All", "Win"
    kind = RESULT
    finalScore: Any = Param(ArrayOf(Instance("score")), optional=True)
    misere: Any = Param(BOOL_FN, optional=True, named=True)

    def compile_outcome(self, c: Compiler):
        players = tuple(range(1, c.game.num_players + 1))
        items = self.finalScore.items if isinstance(self.finalScore, BoundArray) else \
            [self.finalScore] if self.finalScore is not None else []
        finals = [item.compile_final(c) for item in items]
        misere = c.bool(self.misere) if self.misere is not None else None

        def outcome(s, e):
            lowest = misere is not None and misere(s, e)  # read before the final scores, as Ludii
            for who, value in finals:  # one after the other, as Ludii sets them
                s.set_score(who(s, e), value(s, e))
            best = (min if lowest else max)(s.scores[p] for p in players)
            winners = tuple(p for p in players if s.scores[p] == best)
            said = "scores " + "; ".join(f"P{p}: {s.scores[p]}" for p in players)
            if len(winners) == len(players):  # every player on top: nobody wins (Ludii's ByScore)
                return ((), (), True, said)
            return (winners, tuple(p for p in players if p not in winners), False, said)
        return outcome

    compile_end = compile_outcome

    def kernel_outcome(self, k: Emitter) -> None:
        from ..native.emit import NoKernel
        from ..native.kernels.values import _best_of, _outcome
        items = self.finalScore.items if isinstance(self.finalScore, BoundArray) else \
            [self.finalScore] if self.finalScore is not None else []
        if self.misere is not None and not (isinstance(self.misere, Bool) and not self.misere.value):
            raise NoKernel("(byScore misere:...)", "the lowest score winning")

        def body(hit: str, w: str, ls: str, d: str) -> None:
            st = k.st
            for item in items:  # one after the other, as the reference sets them
                if item.value is None:
                    raise NoKernel("(byScore {(score P)})", "a final score without its value")
                p, v = k.temp("p"), k.temp("v")
                k.line(f"{p} = {k.player(item.role)}")
                k.line(f"{v} = {k.int(item.value)}")
                k.line(f"{st}[SCORES + {p}] = {v}")
            _best_of(k, lambda p: f"{st}[SCORES + {p}]", w, ls, d)
        _outcome(self, k, body)

    kernel_end = kernel_outcome


class Incompatible(Ludeme):
    """Metadata: option items that do not go together. Choosing (by ``--option`` or a ruleset) an
    item of the first set with an item of the second is a load error naming both; default items
    never conflict. Checked when options are chosen, before anything else.

    Parameters:
        first: option items (``"Option/Item"``) of one side
        second: the items that may not go with them

    Examples:
        (incompatible {"Players/3"} {"Opening/Swap" "Opening/Swap2"})
    """

    name = "incompatible"
    kind = "metadata"
    first: Any = Param(ArrayOf(STR_LIT))
    second: Any = Param(ArrayOf(STR_LIT))
