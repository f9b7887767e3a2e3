"""Regions: sets of sites (empty, occupied, edges, named lists, distances, flanked and bracketed
runs) and operations on them."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.values import INFINITY, const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Bool, Const, Int, Str
from .base import (
    ANY_INT,
    BOOL_FN,
    BOOL_LIT,
    DIRECTION_NAMES,
    DIRS,
    INT_FN,
    MOVES_T,
    PLAYER,
    RANGE,
    REGION,
    REGION_FN,
    ROLE,
    SITE_FN,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Kind,
    Literal,
    Ludeme,
    Param,
    kind_of,
)
from .logic import value_fn
from .region_sites import PLAYER_CALL, WALKS
from .sitetypes import board_region, kind_of_site, site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Region


class SitesLabels(Ludeme):
    """The sites with the given labels (or site numbers, counted from 0), or the sites of a named
    region. With no argument, the region being visited (the group of ``forEach Group``). With a
    player (``Mover``, ``P1``...), the regions that player owns (``(regions P1 ...)``), all
    together.

    Parameters:
        role: the player whose regions are meant (with a name: that player's region of that name);
            a role or ``(player N)``
        type: the kind of site the labels name (the board's own kind; another is refused)
        sites: site labels or numbers, or the name of a region; with walks, the site they start
            from (``(from)`` when left out)
        walks: turtle walks (``F`` forward, ``R``/``L`` turn to the next orthogonal direction):
            the region is where they end (:mod:`.region_walk`)
        rotations: with walks, whether each starts facing every orthogonal direction (True by
            default) or the first only

    Examples:
        (sites {"A1" "B1"})
        (sites "J10")
        (sites)
        (sites Mover)
        (sites P1 "Home")
        (sites (player 2))
        (sites Vertex {"A1" "B2"})
        (sites {{F F R F} {F F L F}})
        (sites (last To) {{F R F}} rotations:False)
    """

    name = "sites"
    checks_site_type = True  # the board's own kind of site only (see .sitetypes)

    def words(self, w):
        if self.role is not None:
            named = f' "{self.sites.value}"' if self.sites is not None else ""
            return f"{w.whose(self.role)} sites{named}"
        if isinstance(self.sites, Str):
            return f'the region "{self.sites.value}"'
        return None
    kind = REGION
    role: Any = Param(Either((ROLE, PLAYER_CALL)), optional=True)
    type: Any = site_type_param()
    sites: Any = Param(Either((ArrayOf(SITE_FN), Kind(("ints",), "ints"))), optional=True)
    walks: Any = Param(WALKS, optional=True)
    rotations: Any = Param(BOOL_FN, named=True, optional=True)

    def validate(self) -> None:
        if self.walks is None and self.rotations is not None:
            raise BindError("rotations: goes with turtle walks: (sites {{F F R F}} rotations:False)", self.span)
        if self.walks is not None:
            one = self.sites is None or (isinstance(self.sites, Ludeme) and self.sites.kind != "ints") \
                or isinstance(self.sites, (Int, Str))
            if self.role is not None or not one:
                raise BindError("turtle walks start from one site: (sites (from) {{F F R F}})", self.span)
            return
        if self.role is not None and self.sites is not None and not isinstance(self.sites, Str):
            raise BindError("(sites PLAYER) takes a region name or nothing: (sites P1 \"Home\"), (sites Mover)",
                            self.span)

    def compile(self, c: Compiler):
        if self.walks is not None:
            from .region_walk import compile_walks
            return compile_walks(c, self.sites, self.walks, self.rotations)
        if self.role is not None and self.sites is not None:  # a player's named region
            game = c.game_or_none or c.regions_so_far or c.game  # regions of regions while building
            name = self.sites.value
            exact = any(key[1] == name for key in game.owned_regions)
            # as Ludii, a player's regions whose name contains the one given ("Palace" for "PalaceP1")
            matches = (lambda k: k == name) if exact else (lambda k: name in k)
            if not any(matches(key[1]) for key in game.owned_regions):
                raise BindError(f'no player owns a region named "{name}"', self.sites.span,
                                hint='declare it with (regions "Name" P1 ...)')
            if self.role.name in ("Each", "All"):
                every = tuple(dict.fromkeys(x for (p, k), v in game.owned_regions.items() if matches(k) for x in v))
                return lambda s, e: every
            owned = {p: tuple(dict.fromkeys(x for (q, k), v in game.owned_regions.items() if q == p and matches(k)
                                            for x in v)) for p in region_owners(game)}
            who = _region_owner(c, self.role)
            return lambda s, e: owned.get(who(s, e), ())
        if self.role is not None:
            game = c.game_or_none or c.regions_so_far or c.game
            table = {p: tuple(dict.fromkeys(x for part in game.player_regions.get(p, ()) for x in part))
                     for p in region_owners(game)}
            beyond = player_beyond(self.role, game.num_players)
            if beyond is not None:  # a player the game does not have: its regions (empty, unless declared)
                owned_beyond = tuple(dict.fromkeys(x for part in game.player_regions.get(beyond, ()) for x in part))
                return lambda s, e: owned_beyond
            if self.role.name in ("Each", "All"):
                every = tuple(dict.fromkeys(x for p in table for x in table[p]))
                return lambda s, e: every
            who = _region_owner(c, self.role)
            return lambda s, e: table.get(who(s, e), ())
        if self.sites is None:
            return lambda s, e: e.region  # the group visited by forEach Group
        if isinstance(self.sites, Ludeme) and self.sites.kind == "ints":  # (sites (values Remembered))
            numbers = c.ints(self.sites)
            n = c.topo.n
            # Ludii's Region, a bitset: each site once, in the order of their numbers
            return lambda s, e: tuple(sorted({x for x in numbers(s, e) if 0 <= x < n}))
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        if self._named(c.topo, items):
            sites = c.topo.regions[items[0].value]
            return lambda s, e: sites
        if self._unknown_region_name(c.topo, items):
            return lambda s, e: ()
        listed = c.site_list(items)
        fixed = constant(listed)
        if fixed is not None:  # Ludii's Region, a bitset: each site once, in the order of their numbers
            return const_fn(tuple(sorted(set(fixed))))
        return lambda s, e: tuple(sorted(set(listed(s, e))))  # sites worked out: (sites {(from) (to)})

    def in_order(self, c: Compiler) -> bool:
        """Sites listed or given by numbers come in increasing order, each once (compile); a
        region by its name or a player's, the group visited, turtle walks: as declared or found."""
        if self.walks is not None or self.role is not None or self.sites is None:
            return False
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        return not self._named(c.topo, items)

    @staticmethod
    def _named(topo: Any, items: list) -> bool:
        """``(sites "Name")`` naming a region of the board."""
        return len(items) == 1 and isinstance(items[0], Str) and items[0].value in topo.regions

    def _unknown_region_name(self, topo: Any, items: list) -> bool:
        """``(sites "Name")`` naming neither a region nor a site, in a game that has regions: as
        Ludii's SitesEquipmentRegion (regions matched by their exact name), the empty region."""
        return self.sites is not None and not isinstance(self.sites, BoundArray) and len(items) == 1 \
            and isinstance(items[0], Str) and bool(topo.regions) and topo.site(items[0].value) < 0

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Listed
        from ..native.kernels.placement import _players_region
        if self.walks is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(sites <walks>)")
        if self.role is not None:
            return _players_region(self, k)
        if self.sites is None:  # the region being visited (a group of forEach Group...)
            return k.bound("region", "(sites)")
        if isinstance(self.sites, Ludeme) and self.sites.kind == "ints":
            from ..native.emit import NoKernel
            raise NoKernel("(sites <ints>)")
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        if len(items) == 1 and hasattr(items[0], "value") and isinstance(items[0].value, str) \
                and items[0].value in k.topo.regions:
            return Listed(tuple(k.topo.regions[items[0].value]))
        if self._unknown_region_name(k.topo, items):
            return Listed(())
        from ..native.emit import in_order
        return in_order(k, k.region(BoundArray(items, self.span)))  # as the reference: each site once, in order


class SitesEmpty(Ludeme):
    """The empty sites of the board, or of another container: container 1 is the first
    player's hand, 2 the second's... (Ludii's numbering; the sites of a hand are numbered after
    the board's, so its empty sites are those numbers).

    Parameters:
        type: the kind of site (the board's own kind when left out: see :mod:`.sitetypes`)
        container: the container: 0 the board (when left out), N the N-th player's hand

    Examples:
        (sites Empty)
        (sites Empty Edge)
        (sites Empty 1)
    """

    name = "sites Empty"
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)

    def words(self, w):
        return "the empty sites"
    kind = REGION
    type: Any = site_type_param()
    container: Any = Param(INT_FN, optional=True, range=(0, 10_000))

    def _board_only(self) -> bool:
        return self.container is None or (isinstance(self.container, Int) and self.container.value == 0)

    reads_other_kinds = True  # (sites Empty Edge) on a board of cells: the empty edges (.other_sites)

    def compile(self, c: Compiler):
        from .other_sites import other_kind
        kind = other_kind(c, self.type)
        if kind is not None:
            return self._on_other_kind(c, kind)
        sites = range(c.topo.n)

        def empty(s: State, e: Env) -> list[int]:
            return [i for i, w in zip(sites, s.what) if not w]
        n = c.topo.n
        at_site = lambda s, e, x: (x,) if 0 <= x < n and not s.what[x] else ()  # noqa: E731
        from .large_pieces import COVER, has_cover
        if has_cover(c.game):  # the cells large pieces cover are not empty (Ludii's)
            def empty(s: State, e: Env) -> list[int]:  # noqa: F811
                return [i for i, (w, k) in enumerate(zip(s.what, s.arrays[COVER])) if not w and not k]
            at_site = lambda s, e, x: (x,) if 0 <= x < n and not s.what[x] and not s.arrays[COVER][x] else ()  # noqa: E731
        if self._board_only():
            return with_site_test(empty, at_site)
        return _empty_in_container(c, self, empty)

    def in_order(self, c: Compiler) -> bool:
        """The board's (or its elements') empty sites are found in order (compile)."""
        return self._board_only()

    def _on_other_kind(self, c: Compiler, kind: str):
        """The elements of another kind than the board's without a piece (all of them in a game
        that puts no piece there)."""
        from .other_sites import pieces_array, sited_count
        if not self._board_only():
            raise BindError(f"(sites Empty {kind} ...) of a container other than the board", self.container.span)
        name = pieces_array(kind)
        if name not in c.game.arrays:
            every = list(range(sited_count(c, kind)))
            return lambda s, e: every
        return lambda s, e: [i for i, w in enumerate(s.arrays[name]) if not w]

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Everywhere, NoKernel
        if not self._board_only():
            raise NoKernel("(sites Empty <container>)")
        if self.type is not None and self.type.name != k.topo.use:
            raise NoKernel(f"(sites Empty {self.type.name})", "pieces on another kind of site than the board's")
        st = k.st
        return Everywhere(lambda x: f"{st}[WHAT + {x}] == 0")


def with_site_test(region: Any, at_site: Any) -> Any:
    """``region`` that also answers for one site: ``region.at_site(s, e, x)`` -> the sites of
    ``region`` that are ``x`` (``(x,)`` or none). The moves onto one site (a threat test's)
    ask that, not for every site of the region (a scan of the whole board)."""
    region.at_site = at_site
    return region


def _empty_in_container(c: Compiler, ludeme: SitesEmpty, board: Any) -> Any:
    """The empty sites of the container a number gives during play (0: the board's; a hand's,
    numbered as Ludii numbers its containers; none for a container the game does not have)."""
    from ..engine.handsites import what_at
    from .hands import hand_size
    hand_size(c, ludeme)  # counted hands (no sites) are refused
    which = _container_sites(c, ludeme.container)
    number = c.int(ludeme.container)

    def empty(s: State, e: Env) -> list[int]:
        if number(s, e) == 0:
            return board(s, e)
        return [x for x in which(s, e) if not what_at(s, x)]
    return empty


class SitesOccupied(Ludeme):
    """The sites holding a piece of the given player(s): a player, or a role (``All`` or no
    ``by:``: anyone's; ``Enemy``: the mover's opponents', teammates excepted; ``Friend``: the
    mover's and teammates'; ``NonMover``: anyone's but the mover's; ``Neutral``: the neutral
    pieces'). ``container:`` keeps the board's sites (``"Board"``, 0) or the hands' (``"Hand"``,
    with Ludii's hands of sites); ``top:False`` in a stacking game, the sites where they
    have a piece at any level (the top piece's owner by default); ``component:`` or ``components:`` only the pieces of those
    names (a name without its owner's number: that piece of any of the players asked).

    Parameters:
        by: the player(s) whose pieces count (anyone's when left out, or with ``All``)
        container: the board (``"Board"`` or 0) or the hands (``"Hand"``)
        component: only the pieces of this name
        components: only the pieces of these names
        top: False: in a stacking game, a piece at any level of a stack counts (True by default:
            the top piece)
        on: the kind of site (the board's own kind when left out: see :mod:`.sitetypes`)

    Examples:
        (sites Occupied by:Mover)
        (sites Occupied by:Enemy container:"Board")
        (sites Occupied by:Mover component:"King")
        (sites Occupied by:Neutral on:Edge)
    """

    name = "sites Occupied"
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    reads_other_kinds = True  # on:Edge on a board of cells reads the pieces there (.other_sites)

    def words(self, w):
        return f"the sites occupied by {w.of(self.by)}" if self.by is not None else "the occupied sites"
    kind = REGION
    by: Any = Param(Either((PLAYER, PLAYER_CALL)), named=True, optional=True)
    container: Any = Param(Either((INT_FN, Literal(Str, "string"))), named=True, optional=True, range=(0, 10_000))
    component: Any = Param(Either((INT_FN, Literal(Str, "string"))), named=True, optional=True, range=(0, 10_000))
    components: Any = Param(ArrayOf(Literal(Str, "string")), named=True, optional=True)
    top: Any = Param(BOOL_FN, named=True, optional=True)
    on: Any = site_type_param(named=True)

    _ROLES = ("All", "Each", "Shared", "Enemy", "Friend", "NonMover", "TeamMover")

    def _plain(self) -> bool:
        """Only by: (the form both tiers compile)."""
        return self.container is None and self.component is None and self.components is None and self.on is None

    def _plain_but_kinds(self, on_board: bool = False) -> bool:
        """Only by: and component:/components: (on the board; ``on_board``: the board's
        container, on the kind of site ``on:`` names)."""
        return (self.component is not None or self.components is not None) and \
            (on_board or self.container is None and self.on is None)

    def _owners(self, c: Compiler):
        """owners(state, env) -> a test of a site's owner (and piece) for by:."""
        game = c.game
        by = self.by
        name = by.name if isinstance(by, Const) else None
        # a test that is the same in every position is one function, given every time
        if by is None or name in ("All", "Each"):
            anyone = lambda o, w: w != 0  # noqa: E731
            return lambda s, e: anyone
        shared = game.shared_kinds  # Ludii's Shared role is a player of its own (count + 1)
        if name == "Shared":
            in_shared = lambda o, w: w in shared  # noqa: E731
            return lambda s, e: in_shared
        if name == "Enemy":
            return lambda s, e: (lambda o, w, m=s.mover: o != 0 and not game.friends(o, m))
        if name in ("Friend", "TeamMover"):  # Ludii's TeamMover: the mover's team
            return lambda s, e: (lambda o, w, m=s.mover: o != 0 and game.friends(o, m))
        if name == "NonMover":  # Ludii's: the neutral pieces too, not the Shared ones
            return lambda s, e: (lambda o, w, m=s.mover: w != 0 and o != m and w not in shared)
        who = c.player(by)

        def owners(s: State, e: Env):
            p = who(s, e)
            if p:
                return lambda o, w: o == p
            return lambda o, w: w != 0 and o == 0 and w not in shared  # Neutral's
        return owners

    def in_order(self, c: Compiler) -> bool:
        """A player's pieces on the board are found in order, its dice's sites (numbered after
        the board's) after them (compile)."""
        return self._plain() and self.top is None and not self.with_hands(c)

    def compile(self, c: Compiler):
        sites = self._compile_sites(c)
        dice = self._dice_held(c)
        if dice is None:
            return sites
        return lambda s, e: sites(s, e) + dice(s, e)

    def _dice_held(self, c: Any):  # a Compiler, or an Emitter asking whether it would be None
        """fn(s, e) -> the dice's sites whose die is of the players asked, or None when none can
        be: Ludii places each die of a ``dice`` container as a piece (Game.start's PlaceItem
        "Die<i>", owned by the dice's owner, Shared by default) on its site, a cell; SitesOccupied
        keeps the owned sites of the board's kind of site in every container, so on a board of
        cells the dice's sites are among everybody's (no ``by:`` or ``All``: every id, Shared's
        too), ``Shared``'s (shared dice) and a player's (that player's dice). A die is of no kind
        named, and in no container named here."""
        from .dice import first_dice_site
        game = c.game
        if not game.dice or c.topo.use != "Cell" or self.container is not None or self.component is not None \
                or self.components is not None or (self.on is not None and self.on.name != "Cell"):
            return None
        first = first_dice_site(game)
        dice = [(first + ds.first + j, ds.owner) for ds in game.dice for j in range(ds.size)]
        by = self.by
        name = by.name if isinstance(by, Const) else None
        if by is None or name == "All":
            every = [x for x, _ in dice]
            return lambda s, e: list(every)
        if name in ("Shared", "Neutral"):
            owner = game.shared_role if name == "Shared" else 0
            mine = [x for x, o in dice if o == owner]
            return (lambda s, e: list(mine)) if mine else None
        if name is not None and not (name in ("Mover", "Next", "Prev") or (name[:1] == "P" and name[1:].isdigit())):
            return None  # a set of players (Each, Enemy, Friend...): their own pieces only, as before
        if all(o == game.shared_role for _, o in dice):
            return None  # a player owns no die
        who = c.player(by)
        return lambda s, e: [x for x, o in dice if o == who(s, e)]

    def _compile_sites(self, c: Compiler):
        n = c.topo.n
        from .other_sites import other_kind
        if other_kind(c, self.on) is not None:
            return self._on_other_kind(c, self.on.name)
        if c.game.stacking and isinstance(self.top, Bool) and not self.top.value:
            return _occupied_any_level(c, self)
        if c.game.stacking and self._plain_but_kinds():  # a kind below the top counts too (Ludii's)
            return _occupied_any_level(c, self, top=True)
        if self._plain() and not self.with_hands(c):
            if self.by is None or (isinstance(self.by, Const) and self.by.name in ("All", "Each")):
                return with_site_test(lambda s, e: [i for i in range(n) if s.what[i]],
                                      lambda s, e, x: (x,) if 0 <= x < n and s.what[x] else ())
            if isinstance(self.by, Const) and self.by.name in self._ROLES:
                test_of = self._owners(c)

                def by_role(s: State, e: Env):
                    test = test_of(s, e)
                    return [i for i, (o, w) in enumerate(zip(s.who, s.what)) if test(o, w)]

                def role_at(s: State, e: Env, x: int) -> tuple[int, ...]:
                    return (x,) if 0 <= x < len(s.who) and test_of(s, e)(s.who[x], s.what[x]) else ()
                return with_site_test(by_role, role_at)
            who = c.player(self.by)
            shared = c.game.shared_kinds

            def occupied(s: State, e: Env):
                p = who(s, e)
                if p:
                    return [i for i, o in enumerate(s.who) if o == p]
                return [i for i, (o, w) in enumerate(zip(s.who, s.what))
                        if w and not o and w not in shared]  # Neutral's

            def occupied_at(s: State, e: Env, x: int) -> tuple[int, ...]:
                if not 0 <= x < len(s.who):
                    return ()
                p, o, w = who(s, e), s.who[x], s.what[x]
                return (x,) if (o == p if p else w and not o and w not in shared) else ()
            return with_site_test(occupied, occupied_at)
        return self._compile_full(c)

    def _on_other_kind(self, c: Compiler, kind: str):
        """The elements of another kind than the board's holding such pieces (none in a game
        that puts no piece there: .other_sites)."""
        from .other_sites import pieces_array
        name = pieces_array(kind)
        container = self.container  # the board's own container (Ludii's "Board", 0) is where those elements are
        on_board = container is None or (isinstance(container, Str) and container.value == "Board") or \
            (isinstance(container, Int) and container.value == 0)
        stacked = c.game.stacking and name in c.game.arrays  # pieces stack there (engine.multisite)
        if not on_board or self.top is not None and not stacked:
            raise BindError("(sites Occupied ... on:) of another kind of site takes no container: but the "
                            "board's, nor top: but in a stacking game", self.span)
        if name not in c.game.arrays:
            return lambda s, e: []
        if stacked and isinstance(self.top, Bool) and not self.top.value:
            return _occupied_any_level(c, self, kind=kind)
        if stacked and self._plain_but_kinds(on_board=True):  # a kind below the top counts too (Ludii's)
            return _occupied_any_level(c, self, top=True, kind=kind)
        test_of = self._owners(c)
        names = None
        if self.component is not None or self.components is not None:
            wanted = [self.component] if self.component is not None else list(self.components.items)
            names = set()
            for item in wanted:
                if not isinstance(item, Str):
                    raise BindError("component: on another kind of site is a piece's name", item.span)
                names.update(c.components_named(item.value, item))
        owner_of = c.game.owner_of
        # the occupied elements of the latest contents seen (a path rule asks again and again
        # on one position): a copy of the array, its (element, piece) pairs, and the latest
        # test with the elements it kept
        seen: list[Any] = [None, (), None, ()]

        def occupied(s: State, e: Env) -> list[int]:
            pieces = s.arrays[name]
            if pieces != seen[0]:
                seen[:] = list(pieces), [(x, w) for x, w in enumerate(pieces) if w], None, ()
            test = test_of(s, e)
            if test is not seen[2]:
                seen[2], seen[3] = test, [x for x, w in seen[1] if test(owner_of[w], w) and (names is None or w in names)]
            return list(seen[3])
        return occupied

    @staticmethod
    def with_hands(c: Any) -> bool:
        """Whether the hands' sites count: Ludii's hands are containers of cells, so on a board
        of cells the occupied sites of a hand (``(hand Each size:N)``, or the one site of
        ``(hand Each)`` while it holds a piece) are among them (SitesOccupied keeps the owned
        sites of the board's kind of site, in every container)."""
        from ..engine.arrays import HAND, HAND_SITES
        return (HAND_SITES in c.game.arrays or HAND in c.game.arrays) and c.topo.use == "Cell"

    def _compile_full(self, c: Compiler):
        from ..engine.arrays import HAND, HAND_SITES
        from .measures import check_site_type
        check_site_type(c, self, self.on)
        game = c.game
        n = c.topo.n
        test_of = self._owners(c)
        # Ludii's hands are containers of cells: on a board of cells, their occupied sites count too
        board, hands = True, self.with_hands(c)
        from ..engine.handsites import what_at
        container = None  # a container's number worked out in play: its sites only (Ludii's ContainerId)
        if self.container is not None:
            where = self.container.value if isinstance(self.container, (Str, Int)) else None
            if where is None or isinstance(where, int) and where > 0:  # one container, by its number
                container = _container_sites(c, self.container)
            board = where in ("Board", 0)
            hands = isinstance(where, str) and where.startswith("Hand") or (isinstance(where, int) and where > 0)
        kinds = self._kinds_wanted(c)
        owner_of = game.owner_of
        from ..engine.handsites import hand_players
        counted_hands = range(n, n + len(hand_players(game.arrays, game.num_players)))  # one site each

        def occupied(s: State, e: Env) -> list[int]:
            test = test_of(s, e)
            names = kinds(s, e)
            out = []
            supply = s.arrays.get(HAND) if HAND_SITES not in s.arrays else None
            held = _hand_holds(game, supply, test, names)
            if container is not None:
                for x in container(s, e):
                    if supply is not None and x >= n:
                        if held(x):
                            out.append(x)
                        continue
                    w = what_at(s, x)
                    if w and test(owner_of[w], w) and (names is None or w in names):
                        out.append(x)
                return out
            if board:
                for i in range(n):
                    w = s.what[i]
                    if w and test(s.who[i], w) and (names is None or w in names):
                        out.append(i)
            if hands:
                sited = s.arrays.get(HAND_SITES)
                out.extend((n + k for k, w in enumerate(sited) if w and test(owner_of[w], w)
                            and (names is None or w in names)) if sited is not None else
                           (x for x in counted_hands if held(x)))
            return out
        return occupied

    def _kinds_wanted(self, c: Compiler) -> Any:
        """kinds(state, env) -> the kinds of piece ``component:``/``components:`` keep (None:
        any); a ``component:`` number worked out in play (Ludii's IntFunction component, e.g.
        ``(id "King" Mover)``) is asked each time."""
        if self.component is None and self.components is None:
            return lambda s, e: None
        if self.component is not None and not isinstance(self.component, (Int, Str)):
            number = c.int(self.component)
            return lambda s, e: {number(s, e)}
        wanted = [self.component] if self.component is not None else list(self.components.items)
        names: set[int] = set()
        for item in wanted:
            if isinstance(item, Int):
                names.add(item.value)
            else:
                names.update(c.components_named(item.value, item))
        return lambda s, e: names

    def _with_hands(self, c: Compiler):
        from ..engine.arrays import HAND_SITES
        n = c.topo.n
        owner_of = c.game.owner_of
        anyone = self.by is None or (isinstance(self.by, Const) and self.by.name in ("All", "Each"))
        who = None if anyone else c.player(self.by)

        def occupied(s: State, e: Env) -> list[int]:
            hands = s.arrays[HAND_SITES]
            if who is None:
                return ([i for i in range(n) if s.who[i]]
                        + [n + i for i, w in enumerate(hands) if w])
            p = who(s, e)
            board = [i for i, (o, w) in enumerate(zip(s.who, s.what)) if w and o == p]
            return board + [n + i for i, w in enumerate(hands) if w and owner_of[w] == p]
        return occupied

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Everywhere, NoKernel
        if not self._plain() or (isinstance(self.by, Const) and self.by.name in ("Enemy", "Friend", "NonMover")):
            raise NoKernel("(sites Occupied ...)", "by a role, or in a container or of a component")
        if self.with_hands(k):
            raise NoKernel("(sites Occupied ...)", "the sites of the hands are occupied sites too")
        if self._dice_held(k) is not None:
            raise NoKernel("(sites Occupied ...)", "the dice's sites are occupied sites too")
        st = k.st
        if self.by is None or k.players_of(self.by) is not None:  # anyone's, neutral pieces too
            return Everywhere(lambda x: f"{st}[WHAT + {x}] != 0")
        p = k.player(self.by)
        if k.game.shared_kinds and not (p.isdigit() and p != "0"):
            raise NoKernel("(sites Occupied ...)", "the neutral pieces of a game with Shared pieces")
        if p == "0":
            return Everywhere(lambda x: f"({st}[WHAT + {x}] != 0 and {st}[WHO + {x}] == 0)")
        who = k.temp("p")
        k.line(f"{who} = {p}")
        # a player 0 (an expression giving nobody) means the neutral pieces, as the reference's
        return Everywhere(lambda x: f"({st}[WHO + {x}] == {who} if {who} != 0 else "
                                    f"({st}[WHAT + {x}] != 0 and {st}[WHO + {x}] == 0))")


def _hand_holds(game: Any, supply: Any, test: Any, names: set[int] | None) -> Any:
    """held(site) -> whether the site of a plain hand (counted pieces; ``supply`` the count per
    kind, None for hands of sites) holds a piece of its player that ``test(owner, piece)`` and
    the kinds wanted keep."""
    from ..engine.counts import hand_owner
    owner_of = game.owner_of

    def held(x: int) -> bool:
        holder = hand_owner(game, x)
        return supply is not None and any(number and owner_of[w] == holder and test(owner_of[w], w)
                                          and (names is None or w in names) for w, number in enumerate(supply))
    return held


def _container_sites(c: Compiler, container: Any) -> Any:
    """``fn(s, e)``: the sites of the container whose number ``container`` gives in play
    (Ludii's containers: 0 the board, then each player's hand, then the shared hand)."""
    from ..engine.sites import container_sites
    number = c.int(container)
    game = c.game
    return lambda s, e: container_sites(game, number(s, e))


def _occupied_any_level(c: Compiler, ludeme: SitesOccupied, top: bool = False, kind: str | None = None) -> Any:
    """The sites where the player(s) have a piece at any level of the stack (``top:False``);
    a role (``Enemy``, ``Friend``, ``NonMover``...) tests each level's owner as ``by:`` does.
    With ``component:``/``components:``, a piece of those kinds (Ludii's owned sites of the
    component, every level); ``top``: and the top piece is the player(s)' too (Ludii's
    SitesOccupied keeps, of those sites, the ones whose top piece they own). ``kind``: the
    elements of that kind, not the board's own (engine.multisite)."""
    from ..engine import stacks
    from ..engine.multisite import KindView
    from .other_sites import sited_count
    n = c.topo.n if kind is None else sited_count(c, kind)
    test_of = ludeme._owners(c)
    owner_of = c.game.owner_of
    kinds = ludeme._kinds_wanted(c)

    def occupied(s: State, e: Env) -> list[int]:
        test = test_of(s, e)
        names = kinds(s, e)
        v: Any = s if kind is None else KindView(s, kind)
        out = []
        for i in range(n):
            w = v.what[i]
            if not w or top and not test(owner_of[w], w):
                continue
            if any(test(owner_of[level[0]], level[0]) and (names is None or level[0] in names)
                   for level in stacks.levels(v, i)):
                out.append(i)
        return out
    return occupied


def _region_class(region: str, meaning: str, key: str | None = None) -> type:
    """``(sites <region> [<siteType>])``: the board's measured region ``key`` (the form's own
    name when left out)."""
    name = region
    region = key or region
    doc = (f"{meaning} With a site type (``Cell``, ``Vertex``, ``Edge``), the elements of that "
           f"kind (Ludii's numbers of them), whichever kind the board is played on.\n\n"
           f"    Parameters:\n        type: the kind of site (the board's own kind when left out)\n\n"
           f"    Examples:\n        (sites {name})\n        (sites {name} Vertex)\n    ")

    def compile(self, c: Compiler):
        sites = board_region(c, self, region)
        return lambda s, e: sites

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Listed, NoKernel
        sites = k.topo.regions_of(kind_of_site(self.type, k.topo.use)).get(region)
        if sites is None:
            raise NoKernel(f"(sites {region})", "this board has no such region")
        return Listed(tuple(sites))

    return type(f"Sites{name}", (Ludeme,), {
        "name": f"sites {name}", "kind": REGION, "compile": compile, "__doc__": doc,
        "__module__": __name__, "kernel_region": kernel_region, "kernel_static": True,
        "__annotations__": {"type": Any}, "type": site_type_param()})


SitesBoard = _region_class("Board", "Every site of the board.")
SitesTop = _region_class("Top", "The sites of the top row.")
SitesBottom = _region_class("Bottom", "The sites of the bottom row.")
SitesLeft = _region_class("Left", "The sites of the leftmost column.")
SitesRight = _region_class("Right", "The sites of the rightmost column.")
SitesCentre = _region_class("Centre", "The centre site (the central 2x2 or 1x2 sites on even sides).")
SitesCorners = _region_class("Corners", "The corner sites.")
SitesPerimeter = _region_class("Perimeter", "The sites on the edge of the board.")
SitesInner = _region_class("Inner", "The sites not on the edge of the board.")


class SitesDistance(Ludeme):
    """The sites whose distance in steps (along the given directions) from a site is in a range.
    With ``All`` directions on a square grid this is the king-move distance, so
    ``(range 3 Infinity)`` is everything outside the 5x5 square centred on the site.

    With a step (Ludii's ``(step <directions> (to if:...))``), the sites reached by repeating
    it from a site, as Ludii's ``SitesDistance`` walks them: the step's targets (where its
    ``to`` condition holds, ``(from)`` the site stepped from, ``(to)`` the target; an empty
    site by default) at distance 1, then level after level, each site once; as Ludii, a level
    L beyond the first is kept when L - 1 reaches the range's least distance, and the walk
    stops after level ``max - 1``. In increasing order.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: the steps counted (``Adjacent`` when left out; not used beside a step, as
            in Ludii)
        step: the step repeated (its own directions are walked)
        newRotation: Ludii's rotation of the piece after each step, ``(value)`` being the one
            before (it turns relative directions only: taken with a step in absolute directions)
        from: the site (or region) the distance is measured from
        distance: the distances kept, as a range

    Examples:
        (sites Distance All from:(sites Centre) (range 3 Infinity))
        (sites Distance (step Orthogonal (to if:(is Empty (to)))) from:(from) (range 1 Infinity))
    """

    name = "sites Distance"
    concepts = ("Distance",)
    kind = REGION
    checks_site_type = True  # the board's own kind of site only (see .sitetypes)
    type: Any = site_type_param()
    directions: Any = Param(DIRS, optional=True)
    step: Any = Param(Instance("step"), optional=True)
    new_rotation: Any = Param(INT_FN, optional=True, named=True, key="newRotation", range=ANY_INT)
    origin: Any = Param(REGION_FN, named=True, key="from")
    distance: Any = Param(kind_of(RANGE))

    def validate(self) -> None:
        # with a step, Ludii's SitesDistance walks the step's own directions: a relation given
        # beside it is read and not used
        if self.new_rotation is not None:
            from ..engine.facing import RELATIVE
            if self.step is None:
                raise BindError("sites Distance: newRotation: turns the piece of a step move: give the step",
                                self.new_rotation.span)
            dirs = self.step.directions
            names = [d.name for d in (dirs.items if isinstance(dirs, BoundArray) else [dirs]) if isinstance(d, Const)]
            relative = [n for n in names if n in RELATIVE]
            if relative:
                raise BindError(f"sites Distance: newRotation: with a step in relative directions ({relative[0]}) "
                                "is not supported yet", self.new_rotation.span)

    def compile(self, c: Compiler):
        if self.step is not None:
            return _distance_by_step(c, self)
        dirs = c.directions(self.directions, "Adjacent")
        origin = c.region(self.origin)
        from .functions import range_bounds
        known = range_bounds(c, self.distance)  # Ludii's range is evaluated as the region is
        topo = c.topo
        cache: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
        nearest: dict[tuple[int, ...], list[int]] = {}

        def region(s: State, e: Env):
            lo, hi = known if isinstance(known, tuple) else known(s, e)
            sites = tuple(origin(s, e))
            key = (sites, lo, hi)
            if key not in cache:
                best = nearest.get(sites)
                if best is None:
                    best = nearest[sites] = [INFINITY] * topo.n
                    for o in sites:
                        for i, d in enumerate(topo.distances_from(o, dirs)):
                            if 0 <= d < best[i]:
                                best[i] = d
                cache[key] = tuple(i for i, d in enumerate(best) if lo <= d <= hi)
            return cache[key]
        return region

    def kernel_region(self, k: Emitter) -> Region:
        import numpy as np

        from ..native.emit import INFINITY, Buffered, Listed, NoKernel
        from ..native.kernels.capture import bounds
        from ..native.kernels.placement import _directions
        if self.step is not None:
            raise NoKernel("(sites Distance <step> ...)")
        if k.n > 2048:
            raise NoKernel("(sites Distance ...)", "a board of more than 2048 sites")
        dirs = _directions(k, self.directions, "Adjacent")
        try:
            lo, hi = bounds(k, self.distance)
        except BindError:
            raise NoKernel("(sites Distance ...)", "a range worked out in play") from None
        static = k.static_region(self.origin)
        topo = k.topo
        if static is not None:  # from sites known before play: the region itself is known
            nearest = [INFINITY] * k.n
            for start in static:
                for i, d in enumerate(topo.distances(start, dirs)):
                    if 0 <= d < nearest[i]:
                        nearest[i] = d
            return Listed(tuple(i for i, d in enumerate(nearest) if lo <= d <= hi))
        table = np.array([topo.distances(o, dirs) for o in range(k.n)], dtype=np.int64)
        dist = k.table(table)
        origin = k.region(self.origin)
        best, buf, count, x, y, o = k.buffer(), k.buffer(), k.temp("c"), k.temp("x"), k.temp("y"), k.temp("o")
        k.line(f"for {x} in range(N):")
        k.line(f"    {best}[{x}] = {INFINITY}")
        with origin.loop(k, o):
            with k.indented(f"for {y} in range(N):"):
                k.line(f"if 0 <= {dist}[{o}, {y}] < {best}[{y}]:")
                k.line(f"    {best}[{y}] = {dist}[{o}, {y}]")
        k.line(f"{count} = 0")
        with k.indented(f"for {x} in range(N):"):
            k.line(f"if {lo} <= {best}[{x}] <= {hi}:")
            k.line(f"    {buf}[{count}] = {x}")
            k.line(f"    {count} += 1")
        return Buffered(buf, count)


def _distance_by_step(c: Compiler, ludeme: SitesDistance) -> Any:
    """(sites Distance <step> from:... <range>) as Ludii's SitesDistance walks it."""
    step = ludeme.step
    rays_at = c.topo.rays_for(c.directions(step.directions, "Adjacent"))
    to = step.to
    cond = c.bool(to.condition) if to is not None and to.condition is not None else None
    origin = c.site(ludeme.origin)
    from .functions import range_bounds
    known = range_bounds(c, ludeme.distance)  # Ludii's range is evaluated as the region is
    n = c.topo.n

    def targets(s: State, frame: Env, x: int) -> list[int]:
        frame.frm = x
        out = []
        for ray in rays_at[x]:
            frame.to = t = ray[0]
            if (cond(s, frame) if cond is not None else not s.what[t]) and t not in out:
                out.append(t)
        return out

    def region(s: State, e: Env) -> list[int]:
        x = origin(s, e)
        lo, hi = known if isinstance(known, tuple) else known(s, e)
        if not 0 <= x < n or lo < 0:
            return []
        frame = e.child()
        current = targets(s, frame, x)
        found = set(current) if lo <= 1 else set()
        checked = {x, *current}
        level = 1
        while current and level < hi - 1:
            following: list[int] = []
            for site in current:
                following.extend(t for t in targets(s, frame, site) if t not in checked and t not in following)
            checked.update(current)
            current = following
            if level >= lo:  # Ludii's: the level walked, not the one reached
                found.update(following)
            level += 1
        return sorted(found)
    return region


# Ludii's RegionTypeDynamic: which neighbours (sites Around) keeps, relative to the mover
_AROUND_TYPES = ("Empty", "NotEmpty", "Own", "NotOwn", "Enemy", "NotEnemy")


def _neighbour_test(kind: str, friends: Any) -> Any:
    """keep(state) -> the test of a neighbour (site -> bool) for a region type of ``sites
    Around``, relative to the mover (``friends``: the game's test of two players)."""
    def keep(s: State) -> Any:
        who, what, mover = s.who, s.what, s.mover
        if kind == "Empty":
            return lambda t: not what[t]
        if kind == "NotEmpty":
            return lambda t: what[t]
        if kind == "Own":
            return lambda t: who[t] == mover
        if kind == "NotOwn":
            return lambda t: who[t] != mover
        if kind == "Enemy":
            return lambda t: who[t] and not friends(who[t], mover)
        return lambda t: not who[t] or friends(who[t], mover)
    return keep


class SitesAround(Ludeme):
    """The neighbours of a site along the given directions: with a relation (``Orthogonal``,
    ``All``...; ``Adjacent`` by default) the board's own neighbours under it, on any tiling;
    with compass directions, the next site in each. With a type, only those that are
    ``Empty``, ``NotEmpty``, ``Own`` (the mover's pieces), ``NotOwn``, ``Enemy`` (the mover's
    opponents' pieces) or ``NotEnemy``, as Ludii's region types. With ``if:``, only the
    neighbours where the condition holds, ``(to)`` being the neighbour tested.

    Parameters:
        site_type: the kind of site (the board's own kind when left out)
        site: the site whose neighbours are taken (or the sites of a region, each in turn)
        type: only neighbours of this kind (``Empty``, ``Enemy``...)
        distance: how many steps away along each direction (1 when left out)
        directions: the directions or relation (``Adjacent`` when left out)
        if: the condition a neighbour must meet, ``(to)`` being the neighbour
        includeSelf: True: the sites themselves are part of the region (else they are not)

    Examples:
        (sites Around (last To) Orthogonal)
        (sites Around (last To) includeSelf:True)
        (sites Around (sites Occupied by:Mover) distance:2 Orthogonal)
        (sites Around (to) All)
        (sites Around (to) Enemy)
        (sites Around (to) Orthogonal if:(is Empty (to)))
    """

    name = "sites Around"
    default_directions = "Adjacent"
    kind = REGION
    site_type: Any = Param(Enum(("Vertex", "Cell", "Edge"), "site type"), optional=True)
    site: Any = Param(REGION_FN)
    type: Any = Param(Enum(_AROUND_TYPES), optional=True)
    distance: Any = Param(INT_FN, optional=True, named=True, range=(0, 10_000))
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    includeSelf: Any = Param(BOOL_FN, optional=True, named=True)

    def _general(self) -> bool:
        """Ludii's full form: around a region, at a distance, with the sites themselves."""
        one_site = isinstance(self.site, (Int, Str)) or (isinstance(self.site, Ludeme) and self.site.kind == "int")
        return not one_site or self.distance is not None or self.includeSelf is not None

    def _compile_general(self, c: Compiler):
        """As Ludii's SitesAround: for each site of the region (``(from)`` bound to it), the site
        ``distance`` steps along each radial of the directions that is long enough (``(to)``
        bound to it) where the type and condition hold; then the sites themselves added
        (``includeSelf:True``) or taken out; in increasing order."""
        one_site = isinstance(self.site, (Int, Str)) or (isinstance(self.site, Ludeme) and self.site.kind == "int")
        if one_site:
            single = c.site(self.site)
            sites = lambda s, e: (single(s, e),)  # noqa: E731
        else:
            sites = c.region(self.site)
        distance = c.int(self.distance) if self.distance is not None else (lambda s, e: 1)
        rays_at = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        keep = _neighbour_test(self.type.name, c.game.friends) if self.type is not None else None
        cond = c.bool(self.condition) if self.condition is not None else None
        itself = c.bool(self.includeSelf) if self.includeSelf is not None else (lambda s, e: False)
        n = c.topo.n

        def around(s: State, e: Env) -> list[int]:
            origins = [x for x in sites(s, e)]
            if one_site and origins[0] < 0:
                return []
            d = distance(s, e)
            frame = e.child()
            test = keep(s) if keep is not None else None
            found: set[int] = set()
            for x in origins:
                if not 0 <= x < n:
                    continue
                frame.frm = x
                for ray in rays_at[x]:
                    if d == 0:
                        to = x
                    elif d <= len(ray):
                        to = ray[d - 1]
                    else:
                        continue
                    frame.to = to
                    if (cond is None or cond(s, frame)) and (test is None or test(to)):
                        found.add(to)
            if itself(s, e):
                found.update(x for x in origins if x >= 0)
            else:
                found.difference_update(origins)
            return sorted(found)
        return around

    def compile(self, c: Compiler):
        from .measures import check_site_type
        from .other_sites import other_kind
        kind = other_kind(c, self.site_type)
        if kind is None:
            check_site_type(c, self, self.site_type)
        elif self.type is not None or self._general():
            raise BindError(f"sites Around {kind}: a type, a distance or a region around {kind.lower()}s "
                            "is not supported yet", self.span)
        if self._general():
            return self._compile_general(c)
        site = c.site(self.site)
        table = self._table(c, kind)
        if self.type is None:
            around: Callable[[State, Env], Sequence[int]] = \
                lambda s, e: table[x] if 0 <= (x := site(s, e)) < len(table) else ()  # noqa: E731
        else:
            keep = _neighbour_test(self.type.name, c.game.friends)

            def kept(s: State, e: Env) -> list[int]:
                x = site(s, e)
                if not 0 <= x < len(table):  # off the board (a hand's site): none, as Ludii's
                    return []
                test = keep(s)
                return [t for t in table[x] if test(t)]
            around = kept
        if self.condition is None:
            return around
        return c.filter(around, c.bool(self.condition), bind="to")  # if: (to) at each neighbour, as Ludii's

    def compile_count(self, c: Compiler):
        """count(state, env) -> the number of sites of the region, for (count Sites in:...):
        the neighbours of a type are counted without making the list."""
        from .other_sites import other_kind
        if self.condition is not None or self.type is None or self._general() or other_kind(c, self.site_type):
            region = self.compile(c)
            return lambda s, e: len(region(s, e))
        site = c.site(self.site)
        table = self._table(c)
        kind = self.type.name
        keep = _neighbour_test(kind, c.game.friends)
        # the owners of a site's neighbours in one call (a placement rule counts the neighbours
        # of every empty site)
        owners_of = [operator.itemgetter(*nbrs) if len(nbrs) > 1 else
                     (lambda who, t=nbrs[0]: (who[t],)) if nbrs else (lambda who: ()) for nbrs in table]
        two_sides = c.game.num_players == 2 and c.game.team_of[1] != c.game.team_of[2]

        def count(s: State, e: Env) -> int:
            x = site(s, e)
            if not 0 <= x < len(table):
                return 0
            if kind == "Own":
                return owners_of[x](s.who).count(s.mover)
            if two_sides and kind == "Enemy":
                owners = owners_of[x](s.who)
                return len(owners) - owners.count(0) - owners.count(s.mover)
            test = keep(s)
            return sum(1 for t in table[x] if test(t))
        return count

    def _table(self, c: Compiler, kind: str | None = None) -> tuple[tuple[int, ...], ...]:
        """Per site, its neighbours along the directions (the board's own lists for a relation);
        of the elements of ``kind`` among themselves when it is another kind than the board's
        (the cells' diagonal neighbours of a board of vertices)."""
        relation = self.directions.name if isinstance(self.directions, Const) else \
            "Adjacent" if self.directions is None else None
        topo = c.topo if kind is None else c.topo.of_kind(kind)
        if relation in topo.neighbours:
            return topo.neighbours[relation]
        dirs = c.directions(self.directions, "Adjacent")
        return tuple(tuple(topo.neighbours_of(x, dirs)) for x in range(topo.n))

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.core import _friends
        from ..native.kernels.regions import Around, _fixed, around_table
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.site_type)
        if self._general():
            from ..native.emit import NoKernel
            raise NoKernel("(sites Around ... distance:/includeSelf:/<region>)")
        site = _fixed(k, k.site(self.site))
        nbrs = around_table(k, self.directions)
        kind = self.type.name if self.type is not None else None
        st = k.st
        mover = _fixed(k, k.mover, "p")
        tests: dict[str, Callable[[str], str]] = {
            "Empty": lambda t: f"{st}[WHAT + {t}] == 0",
            "NotEmpty": lambda t: f"{st}[WHAT + {t}] != 0",
            "Own": lambda t: f"{st}[WHO + {t}] == {mover}",
            "NotOwn": lambda t: f"{st}[WHO + {t}] != {mover}",
            "Enemy": lambda t: f"({st}[WHO + {t}] != 0 and not {_friends(k, f'{st}[WHO + {t}]', mover)})",
            "NotEnemy": lambda t: f"({st}[WHO + {t}] == 0 or {_friends(k, f'{st}[WHO + {t}]', mover)})",
        }
        typed = tests[kind] if kind is not None else None
        cond = self.condition

        def keep(e: Emitter, t: str) -> str:
            parts = [typed(t)] if typed is not None else []
            if cond is not None:
                if parts:  # the condition is read only for the neighbours of the type (as the reference)
                    ok = e.temp("b")
                    e.line(f"{ok} = False")
                    with e.indented(f"if {parts[0]}:"):
                        with e.bind(to=t):
                            e.line(f"{ok} = {e.bool(cond)}")
                    return ok
                with e.bind(to=t):
                    return e.bool(cond)
            return parts[0]
        return Around(site, nbrs, keep if (typed is not None or cond is not None) else None)


class SitesFlanked(Ludeme):
    """Every maximal run of pieces of ``of`` that lies along a line between two pieces of ``by``
    (no empty site in between): the general form of custodial enclosure, for all lines at once.

    Parameters:
        directions: the directions searched (``Adjacent`` when left out)
        of: the player whose runs are flanked
        by: the player whose pieces flank them

    Examples:
        (sites Flanked Orthogonal of:Next by:Mover)
    """

    name = "sites Flanked"
    default_directions = "All"

    def concepts_at(self, where):
        return ("CustodialCapture",) if where.capture else ()  # a flanked run taken off the board
    kind = REGION
    directions: Any = Param(DIRS, optional=True)
    of: Any = Param(PLAYER, named=True)
    by: Any = Param(PLAYER, named=True)

    def compile(self, c: Compiler):
        dirs = c.directions(self.directions, "All")
        axes_at = c.topo.axes_for(dirs)
        of, by = c.player(self.of), c.player(self.by)

        def region(s: State, e: Env):
            p, q = of(s, e), by(s, e)
            who = s.who
            found: list[int] = []
            for site, owner in enumerate(who):
                if owner != p:
                    continue
                for fwd, back in axes_at[site]:
                    # start of a run: a p piece whose neighbour behind is a q piece
                    if not back or who[back[0]] != q:
                        continue
                    run = [site]
                    for x in fwd:
                        if who[x] != p:
                            if who[x] == q:
                                found.extend(run)
                            break
                        run.append(x)
            return list(dict.fromkeys(found))
        return region

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered
        from ..native.kernels.placement import _directions, axes_table
        from ..native.kernels.regions import _fixed
        axes = axes_table(k, _directions(k, self.directions, "All"))
        p, q = _fixed(k, k.player(self.of), "p"), _fixed(k, k.player(self.by), "q")
        st = k.st
        buf, count, seen = k.scratch(k.n), k.temp("c"), k.scratch(k.n)
        site, a, j, x, i, y = (k.temp(v) for v in ("s", "a", "j", "x", "i", "y"))
        k.line(f"{count} = 0")
        k.line(f"for {site} in range(N):")
        k.line(f"    {seen}[{site}] = 0")
        with k.indented(f"for {site} in range(N):"):
            k.line(f"if {st}[WHO + {site}] != {p}:")
            k.line("    continue")
            with k.indented(f"for {a} in range({axes}.shape[1]):"):
                k.line(f"{x} = {axes}[{site}, {a}, 1, 0]")
                k.line(f"if {x} < 0 or {st}[WHO + {x}] != {q}:")
                k.line("    continue")
                # the run of p from the site forward, closed by a piece of q
                with k.indented(f"for {j} in range({axes}.shape[3] + 1):"):
                    k.line(f"{x} = {axes}[{site}, {a}, 0, {j}] if {j} < {axes}.shape[3] else -1")
                    k.line(f"if {x} >= 0 and {st}[WHO + {x}] == {p}:")
                    k.line("    continue")
                    with k.indented(f"if {x} >= 0 and {st}[WHO + {x}] == {q}:"):
                        with k.indented(f"for {i} in range({j} + 1):"):
                            k.line(f"{y} = {site} if {i} == 0 else {axes}[{site}, {a}, 0, {i} - 1]")
                            with k.indented(f"if {seen}[{y}] == 0:"):
                                k.line(f"{seen}[{y}] = 1")
                                k.line(f"{buf}[{count}] = {y}")
                                k.line(f"{count} += 1")
                    k.line("break")
        return Buffered(buf, count)


class _SitesOfMoves(Ludeme):
    """The sites of a set of moves (the moves the mover would have now), each once and in the
    order of their numbers: Ludii's SitesTo/SitesFrom make a Region, a bitset, of the moves'
    sites. A move on one site (a placement) starts where it goes, as Ludii's Add sets its move's
    from to its to.

    Parameters:
        moves: the moves looked at (nothing is played)
    """

    kind = REGION
    moves: Any = Param(MOVES_T)
    field = ""

    def compile(self, c: Compiler):
        gen = c.moves(self.moves)
        field = self.field

        def region(s: State, e: Env) -> list[int]:
            found = {x for m in gen.moves(s, e) if (x := getattr(m, field)) >= 0 or (x := m.to) >= 0}
            return sorted(found)
        return region

    def in_order(self, c: Compiler) -> bool:
        return True


class SitesTo(_SitesOfMoves):
    """The sites the moves go to (Ludii's ``(sites To ...)``): where a placement or a move
    generator, with all its conditions, would put a piece now. With ``do`` it names the sites
    where a move would have a given outcome.

    Examples:
        (sites To (move Add (to (sites Empty))))
        (sites To (do (move Add (to (sites Empty))) ifAfterwards:(is Line 5)))
    """

    name = "sites To"
    field = "to"

    def kernel_region(self, k: Emitter) -> Any:
        from ..native.kernels.decisions import _sites_of_moves
        return _sites_of_moves(self, k, 'to')


class SitesFrom(_SitesOfMoves):
    """The sites the moves start from (Ludii's ``(sites From ...)``): the pieces that can move.

    Examples:
        (sites From (forEach Piece))
    """

    name = "sites From"
    field = "frm"

    def kernel_region(self, k: Emitter) -> Any:
        from ..native.kernels.decisions import _sites_of_moves
        return _sites_of_moves(self, k, 'frm')


class _SetOp(Ludeme):
    """Regions combined into one.

    Parameters:
        regions: the regions
    """

    kind = REGION
    regions: Any = Param(ArrayOf(REGION_FN), many=True)


class Union(_SetOp):
    """Sites in any of the regions. Applied to board shapes, the boards side by side in one
    (Ludii's graph ``union``: their points, lines and cells in order, nothing joined).

    Boards put side by side with ``connect:True`` have every two points nearer than 1.1 times
    the mean length of a line joined, and their cells traced again.

    Parameters:
        regions: the regions joined (or boards put side by side)
        connect: for boards: join the points near each other (``False`` by default)

    Examples:
        (union (sites Top) (sites Bottom))
        (union (square 1) (shift 0 2 (square 1)))
        (union (square 1) (shift 1.5 0 (square 1)) connect:True)
    """

    name = "union"
    concepts = ("Union",)
    regions: Any = Param(ArrayOf(Either((REGION_FN, Kind(("board shape",), "board shape")))), many=True)
    connect: Any = Param(BOOL_LIT, optional=True, named=True)

    def validate(self) -> None:
        items = self.regions.items if isinstance(self.regions, BoundArray) else [self.regions]
        shapes = [isinstance(i, Ludeme) and i.kind == "board shape" for i in items]
        if any(shapes):
            if not all(shapes):
                raise BindError("union takes regions or boards, not both", self.span)
            self.kind = "board shape"  # type: ignore[misc]  # this instance's: a union of boards
        elif self.connect is not None:
            raise BindError("connect: joins boards, not regions", self.connect.span)

    def concepts_at(self, where):
        return () if self.kind == "board shape" else self.concepts

    def where_for(self, param, where):
        # Ludii's graph union says nothing of the shapes joined (their tiling and shape no
        # longer describe the board)
        return None if self.kind == "board shape" else where

    def graph(self, use: str, static_int):
        """As a board shape: the boards side by side."""
        from ..engine.boards import union
        connect = self.connect is not None and bool(self.connect.value)
        return union([b.graph(use, static_int) for b in self.regions.items], connect=connect)

    def key(self, static_int) -> tuple:
        """As a board shape: a value naming the board exactly."""
        connect = self.connect is not None and bool(self.connect.value)
        return ("union", connect) + tuple(b.key(static_int) for b in self.regions.items)

    def compile(self, c: Compiler):
        fns = [c.region(r) for r in self.regions.items]
        return lambda s, e: list(dict.fromkeys(x for f in fns for x in f(s, e)))

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered, Listed
        parts = [k.region(r) for r in self.regions.items]
        listed = [p for p in parts if isinstance(p, Listed)]
        if len(listed) == len(parts):  # known before play
            return Listed(tuple(dict.fromkeys(x for p in listed for x in p.sites)))
        # the sites of each in turn, each once where first met (as the reference's list)
        buf, count, x = k.buffer(), k.temp("c"), k.temp("x")
        k.line(f"{count} = 0")
        seen = Buffered(buf, count)
        for part in parts:
            with part.loop(k, x):
                k.line(f"if not {seen.contains(k, x)}:")
                k.line(f"    {buf}[{count}] = {x}")
                k.line(f"    {count} += 1")
            if x in k.hand_vars:
                k.hand_vars.add(buf)
        return seen


class Intersection(_SetOp):
    """Sites in every one of the regions.

    Examples:
        (intersection (sites Empty) (sites Centre))
    """

    name = "intersection"
    concepts = ("Intersection",)

    def in_order(self, c: Compiler) -> bool:
        """The first region's sites are kept in its order."""
        return c.in_order(self.regions.items[0])

    def compile(self, c: Compiler):
        first, *rest = [c.region(r) for r in self.regions.items]

        if len(rest) == 1:
            other = rest[0]

            def pair(s: State, e: Env):
                head, second = first(s, e), other(s, e)  # each worked out once (as in Ludii)
                if not head or not second:
                    return []
                keep = set(second)
                return [x for x in head if x in keep]
            return pair

        def region(s: State, e: Env):
            head = first(s, e)  # worked out once (each region is, in Ludii)
            keep = None
            for f in rest:
                keep = set(f(s, e)) if keep is None else keep.intersection(f(s, e))
            return [x for x in head if x in keep] if keep is not None else list(head)
        return region

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered
        from ..native.kernels.regions import Filtered
        first, *rest = [k.region(r) for r in self.regions.items]
        others = [Buffered(*r.fill(k)) for r in rest]  # worked out first, as the reference's sets

        def test(e: Emitter, x: str) -> str:
            return " and ".join(o.contains(e, x) for o in others) or "True"
        return Filtered(first, test)


class Difference(Ludeme):
    """Sites of the first region that are not in the second.

    Parameters:
        region: the sites kept
        minus: the sites taken out

    Examples:
        (difference (sites Board) (sites Centre))
    """

    name = "difference"
    concepts = ("Complement",)
    kind = REGION
    region: Any = Param(REGION_FN)
    minus: Any = Param(REGION_FN)

    def in_order(self, c: Compiler) -> bool:
        """The first region's sites are kept in its order."""
        return c.in_order(self.region)

    def compile(self, c: Compiler):
        a = c.region(self.region)
        if isinstance(self.minus, Ludeme) and self.minus.kind == "int":  # one site: (to), (from)...
            one = c.site(self.minus)
            return lambda s, e: [x for x in a(s, e) if x != y] if (y := one(s, e)) >= 0 else a(s, e)
        b = c.region(self.minus)

        def region(s: State, e: Env):
            drop = set(b(s, e))
            return [x for x in a(s, e) if x not in drop]
        return region

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered
        from ..native.kernels.regions import Filtered, _fixed
        a = k.region(self.region)
        from .base import Ludeme
        if isinstance(self.minus, Ludeme) and self.minus.kind == "int":  # one site: (to), (from)...
            y = _fixed(k, k.site(self.minus))
            return Filtered(a, lambda e, x: f"{x} != {y}")
        buf, count = k.region(self.minus).fill(k)  # the sites dropped, worked out first
        dropped = Buffered(buf, count)
        return Filtered(a, lambda e, x: f"not {dropped.contains(e, x)}")


class Directions(Ludeme):
    """A set of directions. Relative ones (``Forward``, ``FR``...) are taken among the compass
    directions the board has for a relation: its adjacent steps unless ``of:`` names another
    (on a board of vertices the adjacent steps are its lines, so ``FR`` there is no diagonal;
    ``of:All`` lets it be one).

    With ``bySite:True`` relative directions are taken among the directions of the relation
    that the site moved from has steps in (Ludii's element's own supported directions), not
    the board's.

    Parameters:
        names: the directions (compass points, relations such as ``Orthogonal``, or relative
            to the piece's facing) [Forward, as Ludii's]
        of: the relation whose directions relative ones are taken among [Adjacent]
        bySite: True: among the directions of the site's own steps [False]

    Examples:
        (directions {N S})
        (directions {FR FL} of:All)
        (directions)
        (directions Forwards of:All bySite:True)
    """

    name = "directions"
    kind = "directions"
    names: Any = Param(ArrayOf(Enum(tuple(DIRECTION_NAMES))), optional=True)
    of: Any = Param(Enum(("Adjacent", "All", "Orthogonal", "Diagonal", "OffDiagonal")),
                    optional=True, named=True)
    bySite: Any = Param(BOOL_LIT, optional=True, named=True)

    def by_site(self) -> bool:
        """Whether relative directions are read among the site's own directions (``bySite:``)."""
        return isinstance(self.bySite, Bool) and self.bySite.value

    def relation_of(self) -> str:
        """The relation relative directions are read among (Ludii's ``of:``, Adjacent)."""
        return self.of.name if self.of is not None else "Adjacent"

    def named(self) -> list[str]:
        """The directions named; Ludii's ``(directions)`` is the piece's forward direction."""
        if self.names is None:
            return ["Forward"]
        items = self.names.items if isinstance(self.names, BoundArray) else [self.names]
        return [i.name for i in items]

    def concepts_at(self, where):
        from .concepts import DIRECTION_CONCEPTS
        return {DIRECTION_CONCEPTS[n] for n in self.named() if n in DIRECTION_CONCEPTS}

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        from ..engine.facing import RELATIVE
        names = self.named()
        if not self.by_site() or not any(n in RELATIVE for n in names):
            return c.direction_names(names, self, self.relation_of())
        from .rotations import site_directions
        return site_directions(c, names, self, self.relation_of())


class SitesBracketed(Ludeme):
    """The runs of pieces through a site that are bracketed on a line by two pieces of one
    player (the *bracketing* player), such as a pair that a placement closes on itself. The run
    is the longest stretch through ``at`` of pieces of the owner of ``at`` (with ``mixed:True``:
    of any players other than the bracketing one); its length must be in the range. An empty
    ``at`` counts as holding a piece of the mover, so the test can be made before placing.
    ``by:`` names the bracketing player; without it, any player other than the run's owner.

    Parameters:
        directions: the directions searched (``Adjacent`` when left out)
        at: the site the run goes through
        length: how long the run may be
        by: the bracketing player (anyone but the run's owner when left out)
        mixed: True: the run may hold pieces of any players but the bracketing one

    Examples:
        (sites Bracketed at:(last To) (range 2 2) by:Next)
    """

    name = "sites Bracketed"
    default_directions = "All"

    def concepts_at(self, where):
        return ("CustodialCapture",) if where.capture else ()  # a bracketed run taken off the board
    kind = REGION
    directions: Any = Param(DIRS, optional=True)
    at: Any = Param(SITE_FN, named=True)
    length: Any = Param(kind_of(RANGE))
    by: Any = Param(PLAYER, optional=True, named=True)
    mixed: Any = Param(BOOL_LIT, optional=True, named=True)

    def scanner(self, c: Compiler):
        """scan(state, env, first_only) -> the bracketed runs (only the first one if asked)."""
        dirs = c.directions(self.directions, "All")
        axes_at = c.topo.axes_for(dirs)
        at = c.site(self.at)
        lo, hi = self.length.bounds(c)
        if lo < 1:
            raise BindError(f"a bracketed run is at least 1 site long, not {lo}", self.length.span)
        by = value_fn(c, self.by) if self.by is not None else None
        mixed = isinstance(self.mixed, Bool) and self.mixed.value
        players = range(1, c.game.num_players + 1)

        def scan(s: State, e: Env, first_only: bool) -> list[int]:
            site = at(s, e)
            if site < 0:
                return []
            who = s.who
            own = who[site] or s.mover  # an empty site holds the mover's piece-to-be
            found: list[int] = []
            brackets = (by(s, e),) if by is not None else tuple(q for q in players if q != own)
            def extend(run: list[int], ray: tuple[int, ...], q: int) -> int:
                """Add the run's sites along ``ray``; the site that ends it (-1: the edge)."""
                for x in ray:
                    if len(run) > hi or ((who[x] in (0, q)) if mixed else who[x] != own):
                        return x
                    run.append(x)
                return -1

            for q in brackets:
                if q == own:
                    continue  # nobody brackets their own piece
                for fwd, back in axes_at[site]:
                    # the run through the site: walk back, then forward
                    run = [site]
                    x = extend(run, back, q)
                    if x < 0 or who[x] != q:
                        continue  # not closed behind by q
                    x = extend(run, fwd, q)
                    if x >= 0 and who[x] == q and lo <= len(run) <= hi:
                        if first_only:
                            return run
                        found.extend(run)
            return list(dict.fromkeys(found))

        return scan

    def compile(self, c: Compiler):
        scan = self.scanner(c)
        return lambda s, e: scan(s, e, False)

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered
        from ..native.kernels.capture import _bracketed
        buf, count = _bracketed(self, k, False)
        return Buffered(buf, count)


class IsBracketed(SitesBracketed):
    """True when ``sites Bracketed`` with the same arguments is not empty.

    Examples:
        (is Bracketed at:(to) (range 2 3))
        (is Bracketed at:(to) (exact 2))
    """

    name = "is Bracketed"
    kind = "boolean"

    def compile(self, c: Compiler):
        scan = self.scanner(c)
        return lambda s, e: bool(scan(s, e, True))  # stops at the first bracket found

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.capture import _bracketed
        _, count = _bracketed(self, k, True)
        return f"({count} > 0)"


class SitesPhase(Ludeme):
    """The sites of one phase of the board (Ludii's ``(sites Phase N)``): the colours of a
    chequered board, measured as Ludii does (neighbours never share a phase; phases 0 to 5). A
    phase the board does not have, or none given, gives no sites.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        phase: the phase: 0 to 5 (a number known during play too)

    Examples:
        (sites Phase 0)
        (sites Phase Vertex 1)
        (sites Phase (% (count Moves) 2))
    """

    name = "sites Phase"
    kind = REGION
    type: Any = site_type_param()
    phase: Any = Param(INT_FN, range=(-1_000_000, 1_000_000), optional=True)

    def compile(self, c: Compiler):
        if self.phase is None:
            return const_fn(())
        name = f"phases {kind_of_site(self.type, c.topo.use)}"
        game = c.game_or_none  # None for a region of the equipment, read before the game is built
        if game is not None and name in game.arrays:  # phases set by the start rules (set Phase)
            wanted = c.int(self.phase)
            return lambda s, e: tuple(x for v in (wanted(s, e),) for x, p in enumerate(s.arrays[name]) if p == v)
        phases = [board_region(c, self, f"Phase{p}") if f"Phase{p}" in
                  c.topo.regions_of(kind_of_site(self.type, c.topo.use)) else () for p in range(6)]
        phase = c.int(self.phase)
        fixed = constant(phase)
        if fixed is not None:
            return const_fn(tuple(phases[fixed]) if 0 <= fixed < 6 else ())
        return lambda s, e: phases[p] if 0 <= (p := phase(s, e)) < 6 else ()


class SitesLineOfSight(Ludeme):
    """The sites in sight of a site along each direction (``Adjacent`` by default): ``Piece``
    (the default) the first occupied site of each line; ``Empty`` the empty sites before it;
    ``Farthest`` the last of those (where a piece sliding as far as it can stops); ``First``
    the first site of each line.

    Parameters:
        type: what is seen: the first piece, the empty sites before it, the farthest of those, or
            the first site
        site_type: the kind of site (the board's own kind when left out)
        at: the site looking (the last move's site, ``(last To)``, when left out)
        directions: the directions looked along (``Adjacent`` when left out)

    Examples:
        (sites LineOfSight at:(from))
        (sites LineOfSight Farthest at:(from) Orthogonal)
        (sites LineOfSight Empty)
    """

    name = "sites LineOfSight"
    kind = REGION
    concepts = ("LineOfSight",)
    default_directions = "Adjacent"
    type: Any = Param(Enum(("Piece", "Empty", "Farthest", "First"), "Piece | Empty | Farthest | First"), optional=True)
    site_type: Any = site_type_param()
    at: Any = Param(SITE_FN, named=True, optional=True)
    directions: Any = Param(DIRS, optional=True)

    def compile(self, c: Compiler):
        from .measures import check_site_type
        check_site_type(c, self, self.site_type)
        at = c.site(self.at) if self.at is not None else (lambda s, e: s.last_to)  # Ludii: (last To)
        rays_at = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        kind = self.type.name if self.type is not None else "Piece"
        n = c.topo.n

        def sight(s: State, e: Env):
            x = at(s, e)
            if not 0 <= x < n:  # off the board, or a hand's site: nothing in sight
                return ()
            what = s.what
            out = []
            for ray in rays_at[x]:
                if kind == "First":
                    out.append(ray[0])
                    continue
                last = -1
                for site in ray:
                    if what[site]:
                        if kind == "Piece":
                            out.append(site)
                        break
                    if kind == "Empty":
                        out.append(site)
                    last = site
                if kind == "Farthest" and last >= 0:
                    out.append(last)
            return tuple(dict.fromkeys(out))
        return sight

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered
        from ..native.kernels.capture import rays_table
        from ..native.kernels.placement import _directions
        from ..native.kernels.regions import _fixed
        kind = self.type.name if self.type is not None else "Piece"
        if self.at is None or self.site_type is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(sites LineOfSight) without at: or with a site type")
        rays, lengths, counts = rays_table(k, _directions(k, self.directions, "Adjacent"))
        x = _fixed(k, k.site(self.at), "s")
        buf, count = k.buffer(), k.temp("c")
        seen = Buffered(buf, count)
        d, j, y, last = k.temp("d"), k.temp("j"), k.temp("y"), k.temp("l")

        def add(site: str) -> None:  # each site once, where first seen
            k.line(f"if not {seen.contains(k, site)}:")
            k.line(f"    {buf}[{count}] = {site}")
            k.line(f"    {count} += 1")
        k.line(f"{count} = 0")
        with k.indented(f"if {x} >= 0:"):
            with k.indented(f"for {d} in range({counts}[{x}]):"):
                if kind == "First":
                    add(f"{rays}[{x}, {d}, 0]")
                    k.line("continue")
                    return seen
                k.line(f"{last} = -1")
                with k.indented(f"for {j} in range({lengths}[{x}, {d}]):"):
                    k.line(f"{y} = {rays}[{x}, {d}, {j}]")
                    with k.indented(f"if {k.what(y)} != 0:"):
                        if kind == "Piece":
                            add(y)
                        k.line("break")
                    if kind == "Empty":
                        add(y)
                    k.line(f"{last} = {y}")
                if kind == "Farthest":
                    with k.indented(f"if {last} >= 0:"):
                        add(last)
        return seen


def region_owners(game: Any) -> range:
    """The owners whose regions ``(sites PLAYER)`` may read: the players and neutral, and any
    ``P<n>`` beyond the game's count that owns a region (an option with fewer players keeps
    the regions of the others: Chinese Checkers' "Home" of P4 to P6 in its 3-player item)."""
    beyond = max((p for p in game.player_regions if isinstance(p, int)), default=0)
    beyond = max(beyond, max((p for p, _ in game.owned_regions if isinstance(p, int)), default=0))
    return range(max(game.num_players, beyond) + 1)


def _region_owner(c: Compiler, role: Any) -> Callable[[State, Env], int]:
    """The player whose regions ``(sites PLAYER)`` reads: a role, or ``(player N)`` whose value
    may name a player beyond the game's count (as Ludii's SitesEquipmentRegion, which keeps the
    regions owned by that index: ``(sites (player (mapEntry (mover))))`` when the map names a
    home of a player the option left out). Such a player owns only the regions declared for it."""
    if isinstance(role, Const):
        return c.player(role)
    return c.int(role)


def player_beyond(role: Any, num_players: int) -> int | None:
    """The number of ``P<n>`` when n is beyond the game's players: Ludii keeps a region owned by
    such a role (There and Back's (regions P3 (sites {})) in its two-player options) and
    ``(sites P3)`` is that region."""
    name = getattr(role, "name", "")
    if isinstance(name, str) and name.startswith("P") and name[1:].isdigit() and int(name[1:]) > num_players:
        return int(name[1:])
    return None
