"""Pieces at war: pieces named by kind (``id``, ``what``, ``where``), a player without pieces,
threats (``is Threatened``: the check of Chess) and promotion."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..engine.move import ADD, REMOVE, Move
from ..engine.movegen import FnGen, MoveGen
from ..engine.phases import PLAYER_PHASES
from ..engine.result import Termination
from ..engine.values import Fn, const_fn
from ..errors import BindError
from ..syntax.nodes import Const, Str
from .base import (
    ANY_INT,
    BOOL,
    DIRS,
    DISTANCE,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PIECE_NUMBER,
    PLAYER,
    REGION_FN,
    SITE_FN,
    STR_LIT,
    Either,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .effects import WHEN
from .functions import SITE_TYPE
from .sitetypes import site_type_param
from .variables import PIECE_STATES

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Made


def team_members(game: Any, name: str) -> tuple[int, ...] | None:
    """The players Ludii's ``TeamN`` names (``PlayersIndices``): the team's members in a game with
    teams, player N in a game without; None for another role."""
    if not (name.startswith("Team") and name[4:].isdigit()):
        return None
    number = int(name[4:])
    if any(t >= 100 for t in game.team_of[1:]):
        return tuple(p for p in range(1, game.num_players + 1) if game.team_of[p] == 100 + number)
    return (number,) if number <= game.num_players else ()


def _players(c: Compiler, role: Any) -> Fn:
    """The players a role names, as a function of the state, as Ludii's ``PlayersIndices``
    (Each/All: everyone; Enemy: every player but the mover and their team; Friend and TeamMover:
    the mover's team, the mover alone without teams; Ally: the mover's teammates; TeamN: that
    team's members)."""
    game = c.game
    everyone = tuple(range(1, game.num_players + 1))
    if role is None:
        return const_fn(everyone)
    if isinstance(role, Const):
        if role.name in ("All", "Each"):
            return const_fn(everyone)
        if role.name == "Enemy":
            return lambda s, e: tuple(p for p in everyone if not game.friends(p, s.mover))
        if role.name in ("Friend", "TeamMover"):
            return lambda s, e: tuple(p for p in everyone if game.friends(p, s.mover))
        if role.name == "Ally":
            return lambda s, e: tuple(p for p in everyone if p != s.mover and game.friends(p, s.mover))
        members = team_members(game, role.name)
        if members is not None:
            return const_fn(members)
        if role.name == "NonMover":
            return lambda s, e: tuple(p for p in everyone if p != s.mover)
        if role.name == "Shared":  # the pieces all players share are owned by no one here
            return const_fn((0,))
    one = c.player(role)
    return lambda s, e: (one(s, e),)


def kinds_holding(game: Any, name: str) -> list[int]:
    """Ludii's ``WhereSite`` by name: per owner, the first piece (by number) whose full name
    holds ``name`` ("King" is in "King_noCross1"); none when no piece's name holds it."""
    first: dict[int, int] = {}
    for comp in game.components[1:]:
        if name in comp.name:
            first.setdefault(comp.owner, comp.index)
    return sorted(first.values())


def _kinds_named(c: Compiler, name: Str, owner: Any = None, holding: bool = False) -> Fn:
    """The kinds of piece called ``name`` (in full, or by base name for every owner), limited to
    those of the players ``owner`` names: a function of the state giving a frozenset. With
    ``holding``, Ludii's ``where``: per owner the first piece whose name holds ``name``."""
    kinds = kinds_holding(c.game, name.value) if holding else c.components_named(name.value, name)
    if owner is None:
        fixed = frozenset(kinds)
        return const_fn(fixed)
    owners = _players(c, owner)
    of = c.game.owner_of
    by_players: dict[tuple, frozenset] = {}

    def chosen(s: State, e: Env) -> frozenset:
        ps = owners(s, e)
        found = by_players.get(ps)
        if found is None:
            found = by_players[ps] = frozenset(k for k in kinds if of[k] in ps)
        return found
    return chosen


class Where(Ludeme):
    """The site of a piece of a kind (the first, in site order), or -1 (off the board) when
    there is none: ``(where "King" Mover)``, or ``(where (id "King" Mover))``. A name with its
    owner is Ludii's: the owner's first piece whose name holds it ("King" finds a
    "King_noCross"); a name no piece holds is never on the board (-1).

    Parameters:
        piece: the kind of piece (a name or a number)
        role: whose piece (with a name)
        state: the local state the piece must have (any when left out)
        type: the kind of site (the board's own kind when left out)

    Examples:
        (where "Wolf" P2)
        (where (id "King" Mover))
        (where "Pawn" Mover state:1 Cell)
    """

    name = "where"
    kind = INT
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    piece: Any = Param(Either((STR_LIT, INT_FN)), range=PIECE_NUMBER)
    role: Any = Param(PLAYER, optional=True)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    type: Any = Param(SITE_TYPE, optional=True)

    def validate(self) -> None:
        if self.state is not None and not isinstance(self.piece, Str):
            raise BindError("where: state: goes with a piece's name and its owner", self.state.span
                            if hasattr(self.state, "span") else self.span)

    def declare(self, d: Any, c: Any) -> None:
        if self.state is not None:
            from .variables import piece_states
            piece_states(d)

    def compile(self, c: Compiler):
        if isinstance(self.piece, Str):
            kinds = _kinds_named(c, self.piece, self.role, holding=self.role is not None)
        else:
            one = c.int(self.piece)
            kinds = lambda s, e: (one(s, e),)  # noqa: E731
        state = c.int(self.state) if self.state is not None else None
        if c.game.stacking:  # Ludii looks at every level of the stacks
            return _where_stacked(c, kinds, state)

        def where(s: State, e: Env) -> int:
            wanted = kinds(s, e)
            if state is None:
                for site, w in enumerate(s.what):
                    if w and w in wanted:
                        return site
                return -1
            local = state(s, e)
            states = s.arrays[PIECE_STATES]
            for site, w in enumerate(s.what):
                if w and w in wanted and states[site] == local:
                    return site
            return -1
        return where

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _components_named
        from ..native.kernels.pieces import _owner_test
        if self.state is not None or k.game.stacking:
            raise NoKernel("(where ... state:...) or where in a stacking game")
        owner_of = k.table(np.array(k.game.owner_of, dtype=np.int64))
        if isinstance(self.piece, Str):
            mask = np.zeros(len(k.game.components), dtype=np.int64)
            mask[_components_named(k, self.piece.value) if self.role is None
                 else kinds_holding(k.game, self.piece.value)] = 1
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


def _where_stacked(c: Compiler, kinds: Any, state: Any) -> Fn:
    """Ludii's where in a stacking game: the first site of the board with such a piece at any
    level of its stack (and that local state there, when asked)."""
    from ..engine import stacks
    n = c.topo.n

    def where(s: State, e: Env) -> int:
        wanted = kinds(s, e)
        local = state(s, e) if state is not None else None
        for site in range(n):
            for level in range(stacks.size(s, site)):
                if stacks.what_at(s, site, level) in wanted and (
                        local is None or stacks.value_at(s, site, level, PIECE_STATES) == local):
                    return site
        return -1
    return where


def _takes_in_nobody(role: Any, of: Any, owner_of: Any) -> bool:
    """Ludii's ``(no Pieces ...)`` asks about players by ``PlayersIndices.getIdPlayers``: All (the
    default when neither a role nor ``of:`` is given) and NonMover take in player 0's pieces,
    those shared or neutral; it matters only in a game that has such pieces."""
    if of is not None and role is None:
        return False
    if role is not None and not (isinstance(role, Const) and role.name in ("All", "NonMover")):
        return False
    return any(o == 0 for o in owner_of[1:])


class NoPieces(Ludeme):
    """The player(s) have no piece on the board (of the named kind, or in the region when
    given). ``Enemy``: none of the mover's enemies has one; no role: nobody has one. As in
    Ludii, ``All`` (and no role) and ``NonMover`` count the pieces of no player too, the shared
    and neutral ones (a mancala's seeds).

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        role: the player(s) asked about (left out: no player has any piece)
        piece: the kind of piece
        of: the player asked about, written as a named argument (Ludii's ``of:``), when no role
            is given
        in: the region looked at (the whole board when left out)

    Examples:
        (no Pieces Next)
        (no Pieces Mover "King")
        (no Pieces Next in:(sites "Home"))
        (no Pieces Cell Mover)
    """

    name = "no Pieces"

    def words(self, w):
        kind = f"{self.piece.value} " if self.piece is not None else ""
        where = f" in {w.of(self.region)}" if self.region is not None else ""
        owner = self.of if self.of is not None else self.role
        return f"{w.of(owner) if owner is not None else 'nobody'} has no {kind}pieces{where}"
    kind = BOOL
    termination = Termination.RULE
    concepts = ("NoPiece",)
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    role: Any = Param(PLAYER, optional=True)
    piece: Any = Param(STR_LIT, optional=True)
    of: Any = Param(PLAYER, optional=True, named=True)

    def concepts_at(self, where):
        role = getattr(self.role, "name", None)
        return self.concepts + {"Mover": ("NoPieceMover",), "Next": ("NoPieceNext",)}.get(role, ())
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")

    def compile(self, c: Compiler):
        who_role = self.role if self.role is not None else self.of
        players = _players(c, who_role)
        # Ludii counts a player's pieces in every container: those in their hand too
        from ..engine.arrays import HAND, HAND_SITES
        owner_of = c.game.owner_of
        nobody = _takes_in_nobody(self.role, self.of, owner_of)
        if nobody:  # Ludii's All and NonMover count the pieces of no player too (a mancala's seeds)
            some = players
            players = lambda s, e: (0, *some(s, e))  # noqa: E731
        supply = (HAND in c.game.arrays or HAND_SITES in c.game.arrays) and self.region is None
        counted = HAND if HAND in c.game.arrays else None
        from ..engine import stacks
        stacking = c.game.stacking

        def in_hand(s: State, ps, wanted) -> bool:
            if counted is not None:  # counted hands: the number held of each kind
                held = s.arrays[counted]
                if any(n and owner_of[w] in ps and (wanted is None or w in wanted) for w, n in enumerate(held)):
                    return True
            sites = s.arrays.get(HAND_SITES, ())  # hands of sites: the piece on each
            if any(w and owner_of[w] in ps and (wanted is None or w in wanted) for w in sites):
                return True
            if not stacking:
                return False
            n = len(s.what)  # a hand's stack: the pieces under its top too
            return any(owner_of[p[0]] in ps and (wanted is None or p[0] in wanted)
                       for k in range(len(sites)) for p in stacks.below(s, n + k))
        if self.piece is None and self.region is None and not nobody:
            if supply:
                def none_held(s: State, e: Env) -> bool:
                    ps = players(s, e)
                    return not any(s.counts[p] for p in ps) and not in_hand(s, ps, None)
                return none_held
            return lambda s, e: not any(s.counts[p] for p in players(s, e))
        region = c.region(self.region) if self.region is not None else None
        kinds = _kinds_named(c, self.piece) if self.piece is not None else None

        def none(s: State, e: Env) -> bool:
            ps = players(s, e)
            sites = region(s, e) if region is not None else range(len(s.who))
            wanted = kinds(s, e) if kinds is not None else None
            if any(_held_at(s, site, ps, wanted, counted, stacking) for site in sites):
                return False
            return not (supply and in_hand(s, ps, wanted))
        return none

    def kernel_bool(self, k: Emitter) -> str:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _components_named
        from ..native.kernels.pieces import _owner_test
        role = self.role if self.role is not None else self.of
        if ("hand" in k.layout.arrays or k.layout.hand_sites) and self.region is None:
            raise NoKernel("(no Pieces ...)", "pieces in hand count too")
        if _takes_in_nobody(self.role, self.of, k.game.owner_of):
            raise NoKernel("(no Pieces All ...)", "the pieces of no player count too")
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


def _held_at(s: State, site: int, ps, wanted, counted: str | None, stacking: bool) -> bool:
    """Whether one of the players ``ps`` has a piece (of the kinds ``wanted``, any when None) on
    ``site``: in a stacking game at any level of its stack (Ludii's NoPieces looks at every
    level: a piece buried under an enemy's is still one its owner has), else the site's piece
    (on a site after the board's, see :func:`_held_off_board`)."""
    from ..engine import stacks
    n = len(s.who)
    if stacking and (site < n or counted is None):
        owner_of = s.game.owner_of
        return any(owner_of[p[0]] in ps and (wanted is None or p[0] in wanted) for p in stacks.levels(s, site))
    if site >= n:
        return _held_off_board(s, site, ps, wanted, counted)
    what = s.what[site]
    return bool(what) and s.who[site] in ps and (wanted is None or what in wanted)


def _held_off_board(s: State, site: int, ps, wanted, counted: str | None) -> bool:
    """Whether one of the players ``ps`` has a piece (of the kinds ``wanted``, any when None) on a
    site after the board's, a hand's (in a region such as ``(union (sites Hand Mover) ...)``):
    Ludii's NoPieces looks at every site its players own pieces on, whatever the container, and
    keeps those in the region. A counted hand (``counted``: the array of pieces held by kind)
    holds its player's pieces."""
    from ..engine.counts import hand_owner
    from ..engine.handsites import what_at
    owner_of = s.game.owner_of
    top = what_at(s, site)
    if top:
        return owner_of[top] in ps and (wanted is None or top in wanted)
    if counted is None:
        return False
    owner = hand_owner(s.game, site)
    return owner in ps and any(n and owner_of[w] == owner and (wanted is None or w in wanted)
                               for w, n in enumerate(s.arrays[counted]))


def _threat_sites(s: State, e: Env, w: int, at: Any, region: Any) -> Sequence[int]:
    """The sites ``is Threatened`` tests, as Ludii's IntArrayFromRegion: ``at:``, else ``in:``,
    else where the piece ``w`` is (when given), else every occupied site."""
    if at is not None:
        return (at(s, e),)
    if region is not None:
        return tuple(region(s, e))
    if w:  # the first site of that piece (the list's own search)
        return (s.what.index(w),) if w in s.what else ()
    return [i for i, x in enumerate(s.who) if x]


class IsThreatened(Ludeme):
    """A piece could be taken: some enemy of its owner has a move (by the rules of that enemy's
    own phase, as if it were their turn) that ends on its site. With a kind of piece
    (``(id "King" Mover)``) the site is where that piece is, or ``at:`` a site (or each site of
    ``in:``) where it would stand (it is put there for the test); without one, the piece on the
    site ``at:``, or any piece on the sites of ``in:`` (every occupied site by default). Threats are not looked for inside the enemy's moves (a move that
    would leave the enemy's own king in check still threatens), as in Ludii. As Ludii's, while
    the enemy's moves are listed the owner is ``Prev``; ``Next`` is the piece's owner when no
    kind is named (and no piece is threatened when there is no next player, as on a first move
    that moves again), else the next player as it was.

    Parameters:
        what: the kind of piece threatened (any piece when left out)
        type: the kind of site (the board's own; another kind is refused)
        at: the site where it stands, or would stand
        in: the sites whose pieces are tested (every occupied site when left out)
        moves: the enemy moves looked at (their rules of their own phase when left out)

    Examples:
        (is Threatened (id "King" Mover))
        (is Threatened (id "King" Mover) at:(to))
        (is Threatened Cell at:(to))
    """

    name = "is Threatened"
    kind = BOOL
    concepts = ("Threat", "CopyContext")  # Ludii tries the enemy's moves on a copy of the position
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    what: Any = Param(INT_FN, optional=True, range=PIECE_NUMBER)
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, optional=True, named=True)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    moves: Any = Param(MOVES_T, optional=True)

    def compile(self, c: Compiler):
        game = c.game
        what = c.int(self.what) if self.what is not None else None
        at = c.site(self.at) if self.at is not None else None
        region = c.region(self.region) if self.region is not None else None
        specific = c.moves(self.moves) if self.moves is not None else None
        everyone = range(1, game.num_players + 1)
        of = game.owner_of

        def phase_of(s: State, player: int) -> int:
            """The phase of ``player`` (Ludii's State.currentPhase(player))."""
            phases = s.arrays.get(PLAYER_PHASES)
            return phases[player] if phases is not None else s.phase

        def attacked(s: State, e: Env, site: int, owner: int, nxt: int) -> bool:
            saved = s.mover, s._check_prev, s._tried_next
            for enemy in everyone:
                if game.friends(enemy, owner) or enemy == owner:
                    continue
                gen = specific if specific is not None else game.phases[phase_of(s, enemy)].play
                # Ludii's TempContext: the enemy moves, the owner is Prev (setPrev(ownerWhat)):
                # a rule asking (is Prev Mover), the "SameTurn" of a promotion, is false there
                s.mover, s._check_prev, s._tried_next = enemy, owner, nxt
                try:
                    moves = gen.reaching(s, e, site)  # only the moves onto the site
                finally:
                    s.mover, s._check_prev, s._tried_next = saved
                if any(m.to == site for m in moves):
                    return True
            return False

        def threatened(s: State, e: Env) -> bool:
            if s.__dict__.get("_threat_test"):
                return False  # no threats looked for inside a threat test (Ludii's autoFail)
            w = what(s, e) if what is not None else 0
            if what is not None and w < 1:
                return False
            nxt = turns.ludii_next(s)  # Ludii's Next, as it is before the test
            if what is None and not 1 <= nxt <= game.num_players:
                return False  # Ludii's guard "to avoid the infinite call of this ludeme"
            s.__dict__["_threat_test"] = True  # an ad hoc flag of this state (and its copies)
            try:
                for site in _threat_sites(s, e, w, at, region):
                    piece = w or (s.what[site] if site >= 0 else 0)
                    if site < 0 or not piece:
                        continue
                    mark = s.mark()  # each site tested on its own copy (Ludii's TempContext)
                    try:
                        if s.what[site] != piece:
                            s.place(site, piece)  # the piece would stand there
                        # without a kind named, Ludii sets Next to the owner (setNext(ownerWhat))
                        if attacked(s, e, site, of[piece], nxt if w else of[piece]):
                            return True
                    finally:
                        s.rollback(mark)
                return False
            finally:
                s.__dict__["_threat_test"] = False
        return threatened


class Promote(Ludeme):
    """Replace the piece on a site by another kind (``(promote (last To) (piece "Queen")
    Mover)``). The new piece belongs to the given player (the owner of the piece promoted by
    default). With several kinds named (``(piece {"Queen" "Rook"})``), as Ludii's effect does,
    one promotion per kind, made in turn (the last kind stays), each followed by the ``then``
    consequences. As Ludii's Promote, the site is not tested: an empty site gets the new piece
    (Ludii's ActionPromote sets it there; in a stacking game Ludii fails, and nothing happens
    here).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        site: the site of the piece (``(to)`` when left out)
        piece: the kind, or kinds, it becomes
        role: the owner of the new piece (the old piece's owner when left out)
        then: consequences, after each promotion

    Examples:
        (promote (last To) (piece "Queen") Mover)
        (promote Cell (last To) (piece "King") (player (mover)) (then (moveAgain)))
    """

    name = "promote"
    kind = MOVES
    concepts = ("PromotionEffect",)
    type: Any = Param(SITE_TYPE, optional=True)
    site: Any = Param(SITE_FN, optional=True)
    piece: Any = Param(Instance("piece"))
    role: Any = Param(PLAYER, optional=True)
    then: Any = Param(kind_of("then"), optional=True)
    always_a_move = True  # as Ludii's Promote.eval: its move whatever is on the site (effect_moves)

    def compile(self, c: Compiler) -> MoveGen:
        """Where a player chooses: as Ludii's eval, one move per kind named (``move Promote``'s
        moves: ``Queen1@E8``, ``Rook1@E8``)."""
        return MovePromote.compile(self, c)  # type: ignore[arg-type]  # the same parameters

    def move_guard(self, c: Compiler) -> Callable[[State, Env], bool]:
        """Ludii's Promote.eval makes no move of a site off the board (below 0)."""
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        return lambda s, e: site(s, e) >= 0

    def compile_effect(self, c: Compiler):
        from .measures import check_site_type
        from .moves_then import then_of
        check_site_type(c, self, self.type)
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        owner, by_number, tables = promotion_tables(c, self.piece, self.role)
        then = then_of(c, self.then)
        from ..engine import stacks as stacking
        # in a stacking game, as Ludii's ActionPromote leaves its owned lists (stacks.GHOSTS)
        place = stacking.promote if c.game.stacking else (lambda s, x, k: s.place(x, k))

        stacked = c.game.stacking

        def run(s: State, e: Env) -> None:
            x = site(s, e)
            if x < 0 or stacked and not s.what[x]:
                return
            if by_number is not None:
                for k in by_number(s, e):
                    place(s, x, k)
                    if then is not None:
                        then(s, e)
                return
            p = owner(s, e) if owner is not None else s.who[x]
            for per_owner, alone in tables:
                k = per_owner.get(p, alone)
                if k:
                    place(s, x, k)
                if then is not None:
                    then(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _components_named
        if k.notes.get("union_find") is not None:
            raise NoKernel("(promote ...)", "a piece replaced in a game keeping its groups")
        if self.piece.index is not None or getattr(self.piece, "number", None) is not None:
            raise NoKernel("(promote ... (piece <int>))", "a piece given by number")
        names = self.piece.names_listed()
        if len(names) > 1:
            raise NoKernel("(promote (piece {...}))", "several promotions")
        if self.then is not None:
            raise NoKernel("(promote ... (then ...))")
        if isinstance(self.role, Const) and self.role.name == "Shared":
            raise NoKernel("(promote ... Shared)", "a piece of the players' shared kinds")
        kinds = _components_named(k, names[0])
        owner_of = k.game.owner_of
        per_owner = {owner_of[w]: w for w in kinds}
        default = kinds[0] if len(kinds) == 1 else 0
        table = k.table(np.array([per_owner.get(p, default) for p in range(k.players + 1)], dtype=np.int64))
        x, w = k.temp("x"), k.temp("w")
        k.line(f"{x} = {k.site(self.site) if self.site is not None else k.bound('to', '(to)')}")
        with k.indented(f"if {x} >= 0:"):  # an empty site too (Ludii's Promote tests no site)
            k.line(f"{w} = {table}[{k.player(self.role) if self.role is not None else k.who(x)}]")
            with k.indented(f"if {w} != 0:"):
                k.place(x, w)


class Intervene(Ludeme):
    """Capture by intervention: from a site (the last move's by default), along each line of
    the given directions (``Adjacent`` by default), the runs of sites on both sides satisfying
    the to condition (an enemy by default), as long as the between range allows (one site by
    default), are taken when both sides have one: the to effect (``(apply (remove (to)))`` by
    default) is applied to every site of both runs.

    Parameters:
        from: the site the captures start from (the last move's when left out)
        directions: the directions searched (``Adjacent`` when left out)
        between: what the sites on both sides must be, and what happens to them
        to: the condition of the sites beyond them
        then: consequences applied after the capture

    Examples:
        (intervene (from (last To)) Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
    """

    name = "intervene"
    kind = MOVES

    def concepts_at(self, where):
        from .concepts import captures
        effects = [getattr(self.between, "apply", None), getattr(self.to, "apply", None)]
        return ("InterveneCapture",) if captures(where, *effects) else ()
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    then: Any = Param(kind_of("then"), optional=True)

    def compile_effect(self, c: Compiler):
        frm = c.site(self.source.sites) if self.source is not None and self.source.sites is not None \
            else (lambda s, e: s.last_to)
        axes_at = c.topo.axes_for(c.directions(self.directions, "Adjacent"))
        lo, hi = (1, 1)
        if self.between is not None and self.between.length is not None:
            lo, hi = self.between.length.bounds(c)
        if self.to is not None and self.to.condition is not None:
            target = c.bool(self.to.condition)
        else:
            of = c.game
            target = lambda s, e: of.friends(s.who[e.to], s.who[e.to]) and \
                not of.friends(s.who[e.to], s.mover)  # noqa: E731  (an enemy)
        apply = self.to.apply if self.to is not None else None
        if apply is not None and apply.effect is not None:
            effect = apply.compile_effect(c)
        else:
            effect = lambda s, e: s.clear(e.to)  # noqa: E731
        then = self.then.compile_effect(c) if self.then is not None else None

        def run_of(s: State, frame: Env, ray: tuple[int, ...]) -> list[int] | None:
            """The targets in a row along ``ray`` (with (to) bound in ``frame``), if enough."""
            out = []
            for site in ray[:hi]:
                frame.to = site
                if not target(s, frame):
                    break
                out.append(site)
            return out if len(out) >= lo else None

        def run(s: State, e: Env) -> None:
            x = frm(s, e)
            if x < 0:
                return
            frame = e.child()
            taken = []
            for fwd, back in axes_at[x]:
                one = run_of(s, frame, fwd)
                if one is None:
                    continue
                other = run_of(s, frame, back)
                if other is not None:
                    taken.extend(one + other)
            for site in dict.fromkeys(taken):
                frame.to = site
                effect(s, frame)
            if then is not None:
                then(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        from ..native.emit import Buffered, NoKernel
        from ..native.kernels.capture import _enemy_at, bounds
        from ..native.kernels.placement import _directions, axes_table
        frm = self.source
        if frm is not None and (frm.condition is not None or frm.level is not None):
            raise NoKernel("(intervene (from ... if:/level:))")
        between = self.between
        if between is not None and any(v is not None for v in (between.before, between.after, between.sameOwner,
                                                               between.condition, between.apply)):
            raise NoKernel("(intervene (between ...))", "anything but a range")
        to = self.to
        if to is not None and (to.sites is not None or to.level is not None):
            raise NoKernel("(intervene (to <sites>/level:))")
        lo, hi = (1, 1)
        if between is not None and between.length is not None:
            lo, hi = bounds(k, between.length)
        origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
        axes = axes_table(k, _directions(k, self.directions, "Adjacent"))
        start, found, nf = k.temp("o"), k.buffer(), k.temp("nf")
        a, j, y, n1, n2 = k.temp("a"), k.temp("j"), k.temp("y"), k.temp("n"), k.temp("m")
        taken = Buffered(found, nf)

        def run(side: int, n: str) -> None:
            """The length of the run of targets on one side of the axis, up to the range's most."""
            k.line(f"{n} = 0")
            with k.indented(f"for {j} in range({axes}.shape[3]):"):
                k.line(f"{y} = {axes}[{start}, {a}, {side}, {j}]")
                k.line(f"if {y} < 0 or {j} >= {hi}:")
                k.line("    break")
                with k.bind(to=y):
                    if to is not None and to.condition is not None:
                        target = k.bool(to.condition)
                    else:  # an enemy
                        target = _enemy_at(k, y)
                k.line(f"if not ({target}):")
                k.line("    break")
                k.line(f"{n} += 1")

        def take(side: int, n: str) -> None:
            with k.indented(f"for {j} in range({n}):"):
                k.line(f"{y} = {axes}[{start}, {a}, {side}, {j}]")
                k.line(f"if not {taken.contains(k, y)}:")  # each site once
                k.line(f"    {found}[{nf}] = {y}")
                k.line(f"    {nf} += 1")
        k.line(f"{start} = {origin}")
        with k.indented(f"if {start} >= 0:"):
            # the runs found on both sides of each axis first, then every site of them taken
            k.line(f"{nf} = 0")
            with k.indented(f"for {a} in range({axes}.shape[1]):"):
                run(0, n1)
                k.line(f"if {n1} < {lo}:")
                k.line("    continue")
                run(1, n2)
                with k.indented(f"if {n2} >= {lo}:"):
                    take(0, n1)
                    take(1, n2)
            c, x = k.temp("c"), k.temp("x")
            with k.indented(f"for {c} in range({nf}):"):
                k.line(f"{x} = {found}[{c}]")
                with k.bind(to=x):
                    if to is not None and to.apply is not None and to.apply.effect is not None:
                        k.effect(to.apply)
                    else:  # removed
                        with k.indented(f"if {k.what(x)} != 0:"):
                            k.place(x, "0")
                k.line("pass")
            if self.then is not None:
                k.effect(self.then)


class Surround(Ludeme):
    """Capture by surrounding: each neighbour (under the relation, ``Adjacent`` by default) of
    a site (the last move's by default) that satisfies the between condition (an enemy by
    default) and whose own neighbours all satisfy the to condition (a friend by default; up to
    ``except:`` of them may not; the site it starts from always closes its side, as in Ludii)
    gets the between effect (removal by default).

    Parameters:
        from: the site the captures start from (the last move's when left out)
        directions: the relation of neighbours (``Adjacent`` when left out)
        between: what a surrounded site must be, and what happens to it (an enemy removed when left
            out)
        to: what the sites around it must be (friends when left out)
        except: how many of the sites around may fail that condition
        with: a piece given by number (``(piece (id "King" Mover))``) one of the sites around
            must hold; as Ludii, a piece given by name sets no such need
        then: taken as Ludii's grammar takes it, and never applied, as in Ludii (its Surround
            makes its moves without the consequences)

    Examples:
        (surround (from (last To)) Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Friend (who at:(to)))))
        (surround (from (last To)) Orthogonal with:(piece (id "King" Mover)))
    """

    name = "surround"
    kind = MOVES

    def concepts_at(self, where):
        from .concepts import captures
        effects = [getattr(self.between, "apply", None), getattr(self.to, "apply", None)]
        return ("SurroundCapture",) if captures(where, *effects) else ()
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    exceptions: Any = Param(INT_FN, optional=True, named=True, key="except", range=DISTANCE)
    with_piece: Any = Param(Instance("piece"), optional=True, named=True, key="with")
    then: Any = Param(kind_of("then"), optional=True)

    def compile_effect(self, c: Compiler):
        game = c.game
        number = getattr(self.with_piece, "number", None)  # Ludii reads only a piece given by number
        with_piece = c.int(number) if number is not None else None
        frm = c.site(self.source.sites) if self.source is not None and self.source.sites is not None \
            else (lambda s, e: s.last_to)
        table = c.adjacency(self.directions, "Adjacent")
        between = self.between
        if between is not None and between.condition is not None:
            caught = c.bool(between.condition)
        else:
            caught = lambda s, e: (w := s.who[e.between]) != 0 and not game.friends(w, s.mover)  # noqa: E731
        if between is not None and between.apply is not None:
            effect = between.apply.compile_effect(c)
        else:
            effect = lambda s, e: s.clear(e.between)  # noqa: E731
        if self.to is not None and self.to.condition is not None:
            closed = c.bool(self.to.condition)
        else:
            closed = lambda s, e: game.friends(s.who[e.to], s.mover)  # noqa: E731
        allowed = c.int(self.exceptions) if self.exceptions is not None else const_fn(0)

        def surrounded(s: State, frame: Env, x: int) -> list[int]:
            """The neighbours of ``x`` caught and closed in, found before any is taken
            (``frame`` is the rule's own: (between) and (to) are bound there)."""
            taken = []
            needed = with_piece(s, frame) if with_piece is not None else None
            for b in table[x]:
                frame.between = b
                if not caught(s, frame):
                    continue
                open_sides = 0
                for t in table[b]:
                    frame.to = t
                    if t != x and not closed(s, frame):  # the site it starts from closes its side
                        open_sides += 1
                if open_sides <= allowed(s, frame) and (needed is None or any(s.what[t] == needed for t in table[b])):
                    taken.append(b)
            return taken

        def run(s: State, e: Env) -> None:
            x = frm(s, e)
            if x < 0:
                return
            frame = e.child()
            for b in surrounded(s, frame, x):
                frame.between = b
                effect(s, frame)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.capture import _enemy_at
        from ..native.kernels.core import _friends
        from ..native.kernels.placement import neighbour_table
        frm = self.source
        if frm is not None and (frm.condition is not None or frm.level is not None):
            raise NoKernel("(surround (from ... if:/level:))")
        if self.with_piece is not None:
            raise NoKernel("(surround ... with:...)")
        between = self.between
        if between is not None and any(v is not None for v in (between.before, between.after, between.sameOwner,
                                                               between.length)):
            raise NoKernel("(surround (between before:/after:/sameOwner:/<range>))")
        to = self.to
        if to is not None and (to.sites is not None or to.level is not None or to.apply is not None):
            raise NoKernel("(surround (to <sites>/level:/apply))")
        origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
        nbrs = neighbour_table(k, self.directions)
        st = k.st
        start, found, nf = k.temp("o"), k.buffer(), k.temp("nf")
        j, b, i, t, sides = k.temp("j"), k.temp("b"), k.temp("i"), k.temp("y"), k.temp("n")
        k.line(f"{start} = {origin}")
        with k.indented(f"if {start} >= 0:"):
            # the surrounded neighbours found first, then each taken
            k.line(f"{nf} = 0")
            with k.indented(f"for {j} in range({nbrs}.shape[1]):"):
                k.line(f"{b} = {nbrs}[{start}, {j}]")
                k.line(f"if {b} < 0:")
                k.line("    break")
                with k.bind(between=b):
                    if between is not None and between.condition is not None:
                        caught = k.bool(between.condition)
                    else:  # an enemy
                        caught = _enemy_at(k, b)
                    k.line(f"if not ({caught}):")
                    k.line("    continue")
                    k.line(f"{sides} = 0")
                    with k.indented(f"for {i} in range({nbrs}.shape[1]):"):
                        k.line(f"{t} = {nbrs}[{b}, {i}]")
                        k.line(f"if {t} < 0:")
                        k.line("    break")
                        with k.bind(to=t):
                            closed = k.bool(to.condition) if to is not None and to.condition is not None else \
                                _friends(k, f"{st}[WHO + {t}]", k.mover)
                            k.line(f"if {t} != {start} and not ({closed}):")  # the start closes its side
                            k.line(f"    {sides} += 1")
                        allowed = k.int(self.exceptions) if self.exceptions is not None else "0"
                    with k.indented(f"if {sides} <= {allowed}:"):
                        k.line(f"{found}[{nf}] = {b}")
                        k.line(f"{nf} += 1")
            c = k.temp("c")
            with k.indented(f"for {c} in range({nf}):"):
                k.line(f"{b} = {found}[{c}]")
                with k.bind(between=b):
                    if between is not None and between.apply is not None:
                        k.effect(between.apply)
                    else:  # removed
                        with k.indented(f"if {k.what(b)} != 0:"):
                            k.place(b, "0")
                k.line("pass")


class MoveRemove(Ludeme):
    """A decision: take a piece off the board, from a site of the region (each occupied site is
    one move, written ``xC3``).

    In a stacking game the top piece of the site is taken, or the piece at ``level:``
    (written ``xC3/1``), ``count:`` times; elsewhere the site is emptied whatever its count
    (Ludii's removal from a flat site clears it: ``level:`` and ``count:`` change nothing there).
    With ``at:EndOfTurn`` the piece stays, marked (``(sites ToClear)``), until the turn ends
    (written ``xC3...``, as Ludii's removal applied later); any other time is now, as in Ludii.
    With another kind of site than the board's, from the elements of that kind (``xEdge 12``:
    :mod:`.other_sites`).

    Parameters:
        type: the kind of site (the board's own when left out)
        sites: the sites a piece may be taken from
        level: the level of the piece taken (the top when left out)
        at: EndOfTurn: the piece goes when the turn ends; any other time: now
        count: how many pieces are taken (1 when left out)
        then: consequences of the removal

    Examples:
        (move Remove (from))
        (move Remove (sites Occupied by:Next))
        (move Remove (last From) level:(level))
        (move Remove (sites Occupied by:Next) at:EndOfTurn)
        (move Remove Edge (sites Occupied by:Shared on:Edge))
    """

    name = "move Remove"
    kind = MOVES
    concepts = ("RemoveDecision",)
    type: Any = Param(SITE_TYPE, optional=True)
    sites: Any = Param(REGION_FN)
    level: Any = Param(INT_FN, optional=True, named=True, range=(0, 1000))
    at: Any = Param(WHEN, optional=True, named=True)
    count: Any = Param(INT_FN, optional=True, named=True, range=(0, 1_000_000))
    then: Any = Param(kind_of("then"), optional=True)

    def concepts_at(self, where: Any) -> tuple[str, ...]:
        # Ludii's Remove: any at: makes it a capture sequence
        return self.concepts + (("CaptureSequence",) if self.at is not None else ())

    def at_end_of_turn(self) -> bool:
        """Removed when the turn ends (Ludii's ``at:EndOfTurn``; any other time is now)."""
        return self.at is not None and self.at.name == "EndOfTurn"

    def declare(self, d: Any, c: Any) -> None:
        from .other_sites import declare_pieces, other_kind
        sited = other_kind(c, self.type)
        if sited is not None:
            declare_pieces(d, c, sited)
        if self.at_end_of_turn():
            from .effects import declare_to_clear
            declare_to_clear(d)

    def compile(self, c: Compiler) -> MoveGen:
        return removal_moves(self, c)

    def kernel_moves(self, k: Emitter) -> Made:
        return removal_kernel(self, k)


def _sited_removals(node: Any, c: Compiler, kind: str) -> MoveGen:
    """A removal from an element of another kind than the board's (its pieces are in their
    own array, .other_sites): one move per occupied element of the region (``xEdge 12``)."""
    for name in ("at", "level", "count"):
        given = getattr(node, name)
        if given is not None:
            raise BindError(f"({node.name} {kind} ... {name}:) is not supported yet", given.span)
    from ..engine.multisite import SitedMove, pieces_array
    from .other_sites import sited_count
    region = c.region(node.sites)
    then = node.then.compile_effect(c) if node.then is not None else None
    rules = c.rule(after=then)
    uid, name = c.game.uid, pieces_array(kind)
    made = [SitedMove(REMOVE, to=x, game_id=uid, rules=rules, on=kind) for x in range(sited_count(c, kind))]

    def gen(s: State, e: Env) -> list[Move]:
        pieces = s.arrays[name]
        return [made[x] for x in dict.fromkeys(region(s, e)) if 0 <= x < len(made) and pieces[x]]
    return FnGen(gen, unique=True)


def removal_moves(node: Any, c: Compiler) -> MoveGen:
    """The moves of a removal where a player chooses (``move Remove``, and ``remove`` itself,
    as Ludii's Remove.eval): one move per occupied site of the region, each taking that site's
    piece (``xC3``), with the consequences."""
    from .other_sites import other_kind
    sited = other_kind(c, node.type)
    if sited is not None:
        return _sited_removals(node, c, sited)
    from .measures import check_site_type
    check_site_type(c, node, node.type)
    region = c.region(node.sites)
    then = node.then.compile_effect(c) if node.then is not None else None
    if node.at_end_of_turn():
        return _removals_later(c, region, node.level, node.count, then)
    if c.game.stacking and (node.level is not None or node.count is not None):
        return _stacked_removals(c, region, node.level, node.count, then)
    from ..engine.counts import pieces_at
    from ..engine.sites import off_board_sites
    rules = c.rule(after=then)  # a site of a hand too: Ludii's Remove takes from any container
    uid = c.game.uid
    n = c.topo.n
    made = [Move(REMOVE, to=site, game_id=uid, rules=rules) for site in range(n + off_board_sites(c.game))]

    def gen(s: State, e: Env) -> list[Move]:
        what = s.what
        return [made[x] for x in dict.fromkeys(region(s, e))
                if 0 <= x < n and what[x] or n <= x < len(made) and pieces_at(s, x)]
    return FnGen(gen, unique=True)


def removal_kernel(node: Any, k: Emitter) -> Made:
    """The compiled moves of :func:`removal_moves` (the plain removal: no level:, count: or at:)."""
    from ..engine.move import MoveKind
    from ..native.emit import Everywhere, Made, NoKernel, OneSite
    if node.level is not None or node.count is not None:
        raise NoKernel("(move Remove level:/count:)")
    if node.at_end_of_turn():
        raise NoKernel("(move Remove at:EndOfTurn)")
    from .other_sites import no_sited_kernel
    no_sited_kernel(node, k, node.type)
    then = k.then_of(node.then)
    rule = k.rule(node, after=[then] if then else [])
    region = k.region(node.sites)
    x = k.temp("x")
    with region.loop(k, x):
        if x in k.hand_vars:
            raise NoKernel("(move Remove ...)", "from a site of a hand")
        k.line(f"if {x} >= 0 and {k.what(x)} != 0:")
        with k.indented():
            k.move(rule, MoveKind.REMOVE, to=x)
    # a site listed twice is one move (the reference's dict.fromkeys): listing dedups unless one site
    return Made(isinstance(region, (OneSite, Everywhere)), frozenset({int(MoveKind.REMOVE)}))


def _removals_later(c: Compiler, region: Any, level: Any, count: Any, then: Any) -> MoveGen:
    """``move Remove ... at:EndOfTurn``, as Ludii's removal applied later: one move per occupied
    site of the region (a site marked already too, as Ludii lists it), written ``xC3...``, which
    marks the site (``(sites ToClear)``); its piece goes when the turn ends. Ludii's actions
    applied later only mark the site, whatever their level and count: so here too."""
    from ..engine.move import LATER
    from .effects import TO_CLEAR
    del level, count  # read by Ludii for its actions, which it then applies as marks only

    def mark(s: State, e: Env) -> None:
        flags = s.arrays[TO_CLEAR]
        if 0 <= e.to < len(flags) and not flags[e.to]:
            s.set_item(flags, e.to, 1)
    rules = c.rule(mark, then)
    uid = c.game.uid
    made = [Move(REMOVE, to=site, word=LATER, game_id=uid, rules=rules) for site in range(c.topo.n)]

    def gen(s: State, e: Env) -> list[Move]:
        what = s.what
        return [made[x] for x in dict.fromkeys(region(s, e)) if 0 <= x < len(made) and what[x]]
    return FnGen(gen, unique=True)


def _stacked_removals(c: Compiler, region: Any, level: Any, count: Any, then: Any) -> MoveGen:
    """``move Remove`` with ``level:``/``count:`` in a stacking game, as Ludii's: one move per
    occupied site, taking the piece at the level (clamped to the stack; the top when it is the
    top), ``count`` times (the others before the move's own action)."""
    from ..engine import stacks
    level_fn = c.int(level) if level is not None else None
    count_fn = c.int(count) if count is not None else None
    uid = c.game.uid

    if level is not None and count is not None:
        raise BindError("(move Remove level:... count:...) is not supported yet", count.span)

    def more(s: State, e: Env) -> None:  # the pieces taken besides the one of the move's action
        for _ in range(count_fn(s, e) - 1 if count_fn is not None else 0):
            stacks.pop(s, e.to)
    rules = c.rule(more if count_fn is not None else None, then)

    def gen(s: State, e: Env) -> list[Move]:
        out = []
        for site in dict.fromkeys(region(s, e)):
            if site < 0 or not s.what[site]:
                continue
            size = stacks.size(s, site)
            lv = max(level_fn(s, e), 0) if level_fn is not None else size - 1
            levels = None if lv >= size - 1 else (lv, -1, False)
            out.append(Move(REMOVE, to=site, game_id=uid, rules=rules, levels=levels))
        return out
    return FnGen(gen)


def promotion_tables(c: Compiler, piece, role):
    """What a promotion makes, for Promote and move Promote: the owner of the new piece (a
    function, None for the old piece's owner), the kinds given by number (see
    :func:`promoted_by_number`) and, per kind named, its table (owner -> component, the one
    when alone). As Ludii's Promote, with an owner the kind is the named piece that owner owns;
    the role Shared is Ludii's player of its own after the players, whose pieces are the kinds
    the players share (stored here with owner 0)."""
    shared = isinstance(role, Const) and role.name == "Shared"
    if shared:
        owner: Callable[[State, Env], int] | None = const_fn(0)
    else:
        owner = c.player(role) if role is not None else None
    of = c.game.owner_of
    tables: list[tuple[dict[int, int], int]] = []
    by_number = promoted_by_number(c, piece, owner)
    for name in piece.names_listed() if by_number is None else ():
        kinds = c.components_named(name, piece)
        if shared:
            kinds = [k for k in kinds if k in c.game.shared_kinds]
        tables.append(({of[k]: k for k in kinds}, kinds[0] if len(kinds) == 1 else 0))
    return owner, by_number, tables


def promoted_by_number(c: Compiler, piece, owner):
    """The kinds a promotion to pieces given by number makes (``(piece (mapEntry "Promoted"
    (what at:(last To))))``), as a function of the state; None for pieces given by name.
    Ludii's Promote: one number is worked out in play, nothing when below 1; with an owner, the
    first piece whose name holds that piece's name and that the owner owns (none: nothing);
    numbers in a list (``(piece {...})``) are the pieces themselves, whatever the owner (a
    number that names no piece makes nothing here)."""
    number = piece.index if piece.index is not None else getattr(piece, "number", None)
    if number is None:  # (piece (id "Queen" Mover)) too: Ludii evaluates the id as it promotes
        return None
    comps = c.game.components
    of = c.game.owner_of
    top = len(comps)
    if piece.indices is not None:
        fns = [c.int(x) for x in piece.indices]
        return lambda s, e: [w for f in fns if 1 <= (w := f(s, e)) < top]
    one = c.int(number)

    def kinds(s, e) -> list[int]:
        w = one(s, e)
        if not 1 <= w < top:
            return []
        if owner is None:
            return [w]
        p = owner(s, e)
        name = comps[w].name
        return next(([j] for j in range(1, top) if name in comps[j].name and of[j] == p), [])
    return kinds


class MovePromote(Ludeme):
    """A decision: replace the piece on a site by a piece of one of the named kinds, of the
    given player (the piece's owner by default). Each kind is one move, written like a
    placement that names its piece (``Queen1@E8``). As Ludii's Promote, the site left out is
    ``(to)`` (the frame's: none at the top of the play rules, so no move there), and the site
    is not tested: an empty site gets the new piece (in a stacking game Ludii fails on it, and
    no move is made here).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        site: the site of the piece promoted (``(to)`` when left out)
        piece: the kinds it may become
        role: the owner of the new piece (the old piece's owner when left out)
        then: consequences of the promotion

    Examples:
        (move Promote (last To) (piece {"Queen" "Knight" "Bishop" "Rook"}) Mover)
        (move Promote Cell (last To) (piece "Queen") (player (mover)))
    """

    name = "move Promote"
    kind = MOVES
    concepts = ("PromotionDecision",)
    type: Any = Param(SITE_TYPE, optional=True)
    site: Any = Param(SITE_FN, optional=True)
    piece: Any = Param(Instance("piece"))
    role: Any = Param(PLAYER, optional=True)
    then: Any = Param(kind_of("then"), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        game = c.game
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        owner, by_number, per_owner = promotion_tables(c, self.piece, self.role)
        then = self.then.compile_effect(c) if self.then is not None else None
        rules = c.rule(after=then)
        made: dict[tuple[int, int], Move] = {}
        stacked = game.stacking

        def gen(s: State, e: Env) -> list[Move]:
            x = site(s, e)
            if x < 0 or stacked and not s.what[x]:
                return []
            p = owner(s, e) if owner is not None else s.who[x]
            out = []
            kinds = by_number(s, e) if by_number is not None else \
                [table.get(p, alone) or None for table, alone in per_owner]
            for k in kinds:
                if k is None:
                    continue
                move = made.get((x, k))
                if move is None:
                    move = made[x, k] = Move(ADD, to=x, what=k, prefix=game.components[k].name, game_id=game.uid,
                                             rules=rules)
                out.append(move)
            return out
        return FnGen(gen)


__all__ = ["Where", "NoPieces", "IsThreatened", "Promote", "MovePromote", "Intervene", "Surround", "MoveRemove"]
