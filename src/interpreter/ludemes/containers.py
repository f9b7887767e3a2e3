"""Containers of counted pieces: the mancala board with its stores, the tracks seeds and pieces
follow, and the regions read from them (Ludii's ``game.equipment.container.board`` and
``sites Track``).

``(mancalaBoard ROWS COLUMNS)`` is Ludii's board of pits (2 to 6 rows of COLUMNS pits, points
of a graph): with stores (``store:Outer``, the default) site 0 is the left store, the pits
follow row by row from the bottom left, and the right store is the last site; ``store:None``
has only the pits. Its tracks (``(track "Track" "1,E,N,W" loop:True)``) are laid on it when
the game is built and read by ``sow`` and ``(sites Track)``.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from ..engine import boards as gen
from ..engine.topology import Topology, build
from ..engine.tracks import END, Track as LaidTrack, TrackError, make_track, steps_to_sites
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Const, Int, Str
from .base import (
    ANY_INT,
    BOOL_LIT,
    EQUIPMENT_ITEM,
    INT,
    INT_FN,
    INT_LIT,
    PLAYER_NUMBER,
    REGION,
    ROLE,
    SITE_NUMBER,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
)
from .boards import Board, StaticInt

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

TRACK = "track"
_TRACK = Instance("track")
_TRACKS = ArrayOf(_TRACK)

# the stores of a mancala board: (x, y) of the left store and the right store's x offset from
# the last column, per number of rows (Ludii's MancalaBoard)
_STORES = {2: (-0.85, 0.5, -0.15), 3: (-1.0, 1.0, 0.0), 4: (-0.9, 1.5, -0.1), 5: (-1.0, 2.0, 0.0),  # 5: +0.1-0.1
           6: (-0.9, 2.5, -0.1)}
_ROW_CONCEPTS = {2: "MancalaTwoRows", 3: "MancalaThreeRows", 4: "MancalaFourRows", 6: "MancalaSixRows"}
MAX_COLUMNS = 100


def mancala_graph(rows: int, columns: int, stores: bool) -> gen.BoardGraph:
    """Ludii's mancala board: the left store, the rows of pits from the bottom, the right store,
    as Ludii's ``(union {...} connect:True)`` of one-row boards and two single points: each row
    joined along itself, then every two points closer than 1.1 times the average line are
    joined (a pit to the pits above and below it, each store to the end pits it stands by)."""
    points: list[tuple[float, float]] = []
    edges: list[tuple[int, int]] = []
    if stores:
        left_x, y, _ = _STORES[rows]
        points.append((left_x, y))
    for r in range(rows):
        for col in range(columns):
            points.append((col, r))
            if col:
                edges.append((len(points) - 2, len(points) - 1))
    if stores:
        _, y, shift = _STORES[rows]
        points.append((columns + shift, y))
    if edges:  # the union's connect: one unit (the rows' lines) and a tenth
        near = 1.1 * sum(math.dist(points[a], points[b]) for a, b in edges) / len(edges)
        known = {frozenset(e) for e in edges}
        for a in range(len(points)):
            for b in range(len(points)):
                if a != b and frozenset((a, b)) not in known and math.dist(points[a], points[b]) < near:
                    known.add(frozenset((a, b)))
                    edges.append((a, b))
    return gen.graph(points, edges)


class Track(Ludeme):
    """A named path of sites on the board: site numbers (``{0 2 4 6 8 9 7 5 3 1}``), or steps
    (``"1,E,N,W"``: from site 1 east as far as the board goes, then north, then west; ``N1``
    one step north; a number jumps to that site; ``End`` is the way off the board). ``loop:True``
    goes on from the last site to the first; an owner (``P1``, or a number) makes it that
    player's track; ``directed:True`` forbids going back along it.

    Parameters:
        title: the track's name
        steps: the sites in order, or a walk of steps such as ``"1,E,N,W"``
        loop: True: the track goes on from its last site to its first
        owner: the player whose track it is (a role or a number; nobody's when left out)
        directed: True: pieces may not go back along the track

    Examples:
        (track "Track" "1,E,N,W" loop:True)
        (track "Track1" "0,E,N1,W" loop:True P1)
        (track "Track" {0 2 4 6 8 9 7 5 3 1} loop:True)
    """

    name = "track"
    kind = TRACK
    concepts = ("Track",)
    title: Any = Param(STR_LIT)
    steps: Any = Param(Either((STR_LIT, ArrayOf(Either((INT_LIT, Enum(("End",), "End"))), single=False))), range=SITE_NUMBER)
    loop: Any = Param(BOOL_LIT, optional=True, named=True)
    owner: Any = Param(Either((INT_LIT, ROLE)), optional=True, range=PLAYER_NUMBER)
    directed: Any = Param(BOOL_LIT, optional=True, named=True)

    def concepts_at(self, where):
        out = ["Track"]
        if self.looped:
            out.append("TrackLoop")
        if self.owner is not None:
            out.append("TrackOwned")
        return out

    @property
    def looped(self) -> bool:
        return bool(self.loop is not None and self.loop.value)

    def owner_number(self, num_players: int) -> int:
        """The player owning the track (0: nobody)."""
        if self.owner is None:
            return 0
        if isinstance(self.owner, Int):
            number = self.owner.value
        else:
            name = self.owner.name
            if name in ("Neutral", "Shared", "All"):
                return 0
            if not (name.startswith("P") and name[1:].isdigit()):
                raise BindError(f"a track belongs to P1, P2 ... not to {name}", self.owner.span)
            number = int(name[1:])
        if number < 0:
            raise BindError(f"a track belongs to a player, not to {number}", self.owner.span)
        # Ludii keeps a track owned by a player the game does not have (a description's tracks
        # for four players loaded with two): no player's owned tracks hold it, as in Ludii's
        # Container, where each player's tracks are those whose owner is that player.
        return number

    def build(self, topo: Topology, num_players: int) -> LaidTrack:
        """The engine's track on this board (a located error when it does not fit)."""
        try:
            if isinstance(self.steps, Str):
                sites = steps_to_sites(topo, self.steps.value, self.title.value)
            else:
                sites = [END if isinstance(v, Const) else v.value for v in self.steps.items]
            directed = bool(self.directed is not None and self.directed.value)
            return make_track(topo, self.title.value, sites, self.looped, self.owner_number(num_players), directed)
        except TrackError as err:
            raise BindError(str(err), self.steps.span) from None


def build_tracks(tracks: Any, topo: Topology, num_players: int) -> list[LaidTrack]:
    """The tracks (a track ludeme, an array of them or None) laid on a board, in declaration
    order; the game keeps them as ``game.tracks``. Several may share a name, as Ludii's board
    keeps every track: a slide along a name goes along each (Cylinder Chess's rows named "E"),
    and a rule that takes one track by name takes the first."""
    items = tracks.items if isinstance(tracks, BoundArray) else [tracks] if tracks is not None else []
    return [item.build(topo, num_players) for item in items]


class MancalaBoard(Board):
    """A mancala board (Ludii's): ROWS (2 to 6) rows of COLUMNS pits, points of a graph, with
    a store at each end (``store:Outer``, the default: site 0 is the left store and the last
    site the right one) or none (``store:None``); then the board's tracks.

    Pits are numbered row by row from the bottom left; labels are measured from the positions
    (``B1`` is the first pit of a board with stores). ``(sites Bottom)`` and ``(sites Top)`` are
    the outer rows of pits.

    Parameters:
        rows: the number of rows of pits (2 to 6)
        columns: the number of pits in a row
        store: where the stores are: one at each end (``Outer``), none (``None``), or inside
        numStores: how many stores there are
        tracks: the board's tracks (the sowing paths)

    Examples:
        (mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))
        (mancalaBoard 2 4 store:None {(track "Track" "0,E,N,W" loop:True)})
    """

    name = "mancalaBoard"
    concepts = ("MancalaBoard",)
    rows: Any = Param(INT_FN, range=(2, 6))
    columns: Any = Param(INT_FN, range=(1, MAX_COLUMNS))
    store: Any = Param(Enum(("None", "Outer", "Inner")), optional=True, named=True)
    numStores: Any = Param(INT_FN, optional=True, named=True, range=(0, 2))
    tracks: Any = Param(_TRACKS, optional=True)
    shape = None
    use = None
    labels = None

    def validate(self) -> None:
        if self.store is not None and self.store.name == "Inner":
            raise BindError("store:Inner is not supported: Ludii itself builds a plain square board then",
                            self.store.span, hint="use store:Outer (the default) or store:None")

    def concepts_at(self, where):
        out = ["MancalaBoard"]
        rows = self.rows.value if isinstance(self.rows, Int) else 0
        if rows in _ROW_CONCEPTS:
            out.append(_ROW_CONCEPTS[rows])
        if self.store is None or self.store.name != "None":
            out.append("MancalaStores")
        return out

    @property
    def site_type(self) -> str:
        return "Vertex"

    @property
    def has_stores(self) -> bool:
        return self.store is None or self.store.name == "Outer"

    def _size(self, static_int: StaticInt) -> tuple[int, int, bool]:
        rows, columns = static_int(self.rows), static_int(self.columns)
        if not 2 <= rows <= 6:
            raise BindError(f"a mancala board has 2 to 6 rows, not {rows}", self.rows.span)
        if not 1 <= columns <= MAX_COLUMNS:
            raise BindError(f"a mancala board has 1 to {MAX_COLUMNS} columns, not {columns}", self.columns.span)
        if self.numStores is not None and static_int(self.numStores) != 2:
            raise BindError("a mancala board has two stores or none (store:None)", self.numStores.span)
        return rows, columns, self.has_stores

    def whole_graph(self, static_int: StaticInt):
        """The board's points and lines: the pits and the stores."""
        return mancala_graph(*self._size(static_int))

    def topology(self, static_int: StaticInt) -> Topology:
        rows, columns, stores = self._size(static_int)
        return build(lambda: mancala_graph(rows, columns, stores), "Vertex", ("mancalaBoard", rows, columns, stores))

    def build_tracks(self, topo: Topology, num_players: int) -> list:
        """The tracks laid on the board (the game's ``tracks``)."""
        return build_tracks(self.tracks, topo, num_players)


class SitesTrack(Ludeme):
    """The sites of a track, as a region (in site order, each once): the track of that exact
    name, else the first whose name contains it and that belongs to the player given or to
    nobody (any such track when no name is given); no sites when there is none. With ``from:``,
    the sites from that one (included) along the track to ``to:`` (included; going round to the
    track's start when ``to:`` comes before ``from:``), or to the track's end.

    Parameters:
        role: the player whose tracks are searched (nobody's when left out)
        title: the track's name, or part of it (the first track when left out)
        from: the site of the track the sites start from
        to: the site of the track they go up to

    Examples:
        (sites Track)
        (sites Track "TrackCW")
        (sites Track Mover "Track")
        (sites Track from:(last From) to:(last To))
    """

    name = "sites Track"
    kind = REGION
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    title: Any = Param(STR_LIT, optional=True)
    frm: Any = Param(INT_FN, optional=True, named=True, key="from", range=SITE_NUMBER)
    to: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)

    def compile(self, c: Compiler):
        tracks = c.tracks
        title = self.title.value if self.title is not None else ""
        if not tracks:
            raise BindError("(sites Track) but the board has no tracks", self.span)
        if self.role is None:
            who = const_fn(0)
            players = [0]
        else:
            who = owner_fn(c, self.role)
            players = list(range(0, (c.game_or_none.num_players if c.game_or_none is not None else 16) + 2))
        table = {p: find_track(tracks, title, p) for p in players}
        if self.frm is None and self.to is None:
            regions = {p: (t.region() if t is not None else ()) for p, t in table.items()}
            if self.role is None:
                return const_fn(regions[0])
            return lambda s, e: regions.get(who(s, e), ())
        frm = c.int(self.frm) if self.frm is not None else const_fn(-1)
        to = c.int(self.to) if self.to is not None else const_fn(-1)

        def part(s: State, e: Env) -> tuple[int, ...]:
            track = table.get(who(s, e))
            if track is None:
                return ()
            return track_part(track, frm(s, e), to(s, e))
        return part


def track_part(track: Any, frm: int, to: int) -> tuple[int, ...]:
    """Ludii's sites of a track from a site (-1: its start) to a site (-1: its end), going round
    to its start when ``to`` is not met; a region (sorted, once each)."""
    sites = track.sites
    start = 0 if frm == -1 else track.index_of(frm)
    if start < 0:
        return ()
    out = []
    found = False
    for i in range(start, len(sites)):
        out.append(sites[i])
        if sites[i] == to:
            found = True
            break
    if not found:
        for i in range(start):
            out.append(sites[i])
            if sites[i] == to:
                break
    return tuple(sorted({x for x in out if x >= 0}))


def owner_fn(c: Compiler, role: Any):
    """The number a role (or a player, ``(player 1)``) stands for as the owner of a track or
    container: a player's number, 0 for Neutral, the number of players plus one for Shared and
    All (Ludii's numbering)."""
    if isinstance(role, Const) and role.name in ("Shared", "All"):
        return const_fn((c.game_or_none.num_players if c.game_or_none is not None else 16) + 1)
    if isinstance(role, Ludeme):
        return c.int(role)
    return c.player(role)


def find_track(tracks: list, title: str | None, player: int):
    """Ludii's choice of a track by name and player (``(sites Track)``'s): the track of that
    name, or the first whose name contains it and that belongs to the player or to nobody (any
    track of theirs when no name is given); None when there is none."""
    for track in tracks:
        if title:
            if track.name == title or (title in track.name and track.owner in (player, 0)):
                return track
        elif track.owner in (player, 0):
            return track
    return None




# --- maps: pairs of values (Ludii's game.equipment.other.Map) -------------------------------------------
#: Ludii's LandmarkType (its spelling, "Topsite" included)
_LANDMARKS = ("FirstSite", "LastSite", "CentreSite", "BottomSite", "LeftSite", "RightSite", "Topsite")
#: a number (Ludii's IntFunction, evaluated once before play), a site's label or a player
_KEY = Either((INT_FN, STR_LIT, ROLE))
_VALUE = Either((INT_FN, STR_LIT, ROLE, Enum(_LANDMARKS)))
_LANDMARK_REGIONS = {"BottomSite": "Bottom", "LeftSite": "Left", "RightSite": "Right", "Topsite": "Top",
                     "CentreSite": "Centre"}


class Pair(Ludeme):
    """One entry of a map: a key (a number, a site label or a player) and a value (a number, a
    site label, a player, or a landmark site of the board: ``FirstSite``, ``LastSite``,
    ``CentreSite``, ``BottomSite``, ``LeftSite``, ``RightSite``, ``Topsite``). A number may be
    any int function: as in Ludii, it is evaluated once, before play (``(pair P1 (coord "G2"))``).
    A site label stands for its site's number, as Ludii's maps read it; a value that is
    not a coordinate (Ludii's: digits, or one to three letters then digits) names a piece and
    stands for its number (``(pair 0 "SquareLarge0")``). As in Ludii, a pair whose label or
    piece is not found is left out of the map, and so is a number worked out as -1 (Ludii's
    Off): ``(pair (id "Disc1") (id "Disc2"))``.

    Key and value may be numbers worked out as the game starts (Ludii's IntFunction pairs,
    evaluated once: ``(pair (id "Chick" P1) (handSite P2 2))``).

    Parameters:
        key: the key (a number, a site label, a player or a number worked out)
        value: what the key gives: a number, a site label, a player, a landmark site or a number
            worked out

    Examples:
        (pair P1 FirstSite)
        (pair 2 "A1")
        (pair "A1" "C3")
        (pair 1 "Disc1")
        (pair (id "Disc1") (id "Disc2"))
        (pair P1 (coord "G2"))
    """

    name = "pair"
    kind = "pair"
    key: Any = Param(_KEY, range=ANY_INT)
    value: Any = Param(_VALUE, range=ANY_INT)

    def worked_out(self) -> bool:
        """Whether the key or value is a function (evaluated once the game's layout is known)."""
        return isinstance(self.key, Ludeme) or isinstance(self.value, Ludeme)

    def entry(self, topo: Topology, num_players: int,
              components: dict[str, int] | None = None, c: Any = None) -> tuple[int, int] | None:
        """(key, value); None when Ludii leaves the pair out (a label or piece not found, or a
        number worked out as -1, Ludii's OFF). ``c``: a compiler of the game, for a key or value
        worked out."""
        if isinstance(self.key, Str) and topo.site(self.key.value) < 0:
            return None  # Ludii's SiteFinder finds no such site: no entry
        key = _map_number(self.key, topo, num_players, c)
        if isinstance(self.key, Ludeme) and key == -1:
            return None
        if isinstance(self.value, Ludeme):
            value = _map_number(self.value, topo, num_players, c)
            return (key, value) if value != -1 else None
        if isinstance(self.value, Str):
            text = self.value.value
            if is_coordinate(text):
                site = topo.site(text)
                return (key, site) if site >= 0 else None
            index = (components or {}).get(text)
            return (key, index) if index is not None else None
        return key, _map_number(self.value, topo, num_players, c)


def is_coordinate(text: str) -> bool:
    """Ludii's ``StringRoutines.isCoordinate``: digits only, or one to three letters (the first
    two alike when there are three) followed by digits ("A1", "AA12", "37")."""
    if not text or not text[-1].isdigit():
        return False
    letters = text.rstrip("0123456789")
    if not letters:
        return True
    if len(letters) > 3 or (len(letters) > 2 and letters[0] != letters[1]):
        return False
    return all("a" <= ch <= "z" or "A" <= ch <= "Z" for ch in letters)


def _map_number(value: Any, topo: Topology, num_players: int, c: Any = None) -> int:
    if isinstance(value, Int):
        return value.value
    from .hands import Id
    role = getattr(value, "role", None)
    fixed = role is None or getattr(role, "name", "") in ("Neutral", "Shared") or \
        re.fullmatch(r"P\d+", getattr(role, "name", "")) is not None  # a player known before play
    if isinstance(value, Id) and value.piece_name is not None and fixed:
        return _piece_number(value, c.game.component_index)
    if isinstance(value, Ludeme):  # a function (Ludii evaluates a map's pairs once, at the start)
        fn = c.int(value)
        try:
            return int(fn(None, None))
        except (AttributeError, TypeError, IndexError) as err:
            raise BindError("a map's pair is a number known before play", value.span) from err
    if isinstance(value, Const) and value.name in ("Infinity", "Off", "End", "Undefined"):
        return int(c.static_int(value))
    if isinstance(value, Str):
        site = topo.site(value.value)
        if site < 0:
            raise BindError(f"no site '{value.value}' on this board", value.span)
        return site
    name = value.name
    if name == "FirstSite":
        return 0
    if name == "LastSite":
        return topo.n - 1
    if name in _LANDMARK_REGIONS:  # Ludii: the first site of the board's side (or centre)
        region = topo.regions.get(_LANDMARK_REGIONS[name], ())
        return region[0] if region else -1
    if name.startswith("P") and name[1:].isdigit():
        number = int(name[1:])
        if not 1 <= number <= num_players:
            raise BindError(f"{name} does not exist in a {num_players}-player game", value.span)
        return number
    if name == "Neutral":
        return 0
    raise BindError(f"{name} names no fixed player here: a map's keys are numbers or P1, P2 ...", value.span)


def _piece_number(value: Any, components: dict[str, int]) -> int:
    """``(id "Disc")``, ``(id "Disc" P2)`` in a map: the piece's number, -1 when there is no such
    piece (Ludii's Off: the pair is left out)."""
    name = value.piece_name.value
    role = getattr(value.role, "name", None)
    if role is not None and role.startswith("P") and role[1:].isdigit():
        name += role[1:]  # a fixed player's piece: its name with the owner's number
    elif role == "Neutral":
        name += "0"
    return components.get(name, -1)


class Map(Ludeme):
    """A table of pairs, read by ``(mapEntry ...)``: e.g. each player's store. A game may have
    several maps, told apart by name.

    Parameters:
        title: the map's name, when a game has several
        pairs: its entries
        keys: the keys, with the values in another array
        values: the value of each key, in the same order

    Examples:
        (map {(pair P1 FirstSite) (pair P2 LastSite)})
        (map "RightHole" {(pair P1 2) (pair P2 3)})
        (map "Step" {6 7 8} {12 14 16})
    """

    name = "map"
    kind = EQUIPMENT_ITEM
    title: Any = Param(STR_LIT, optional=True)
    pairs: Any = Param(ArrayOf(Instance("pair")), optional=True)
    keys: Any = Param(ArrayOf(INT_FN), optional=True, range=ANY_INT)
    values: Any = Param(ArrayOf(INT_FN), optional=True, range=ANY_INT)

    def validate(self) -> None:
        if (self.pairs is None) == (self.keys is None) or (self.keys is None) != (self.values is None):
            raise BindError("a map takes pairs, or an array of keys and an array of values", self.span,
                            hint="(map {(pair 1 2) (pair 3 4)}) or (map {1 3} {2 4})")

    def declare(self, d: Declarations, c: Any) -> None:
        title = self.title.value if self.title is not None else ""
        if title in d.maps:
            raise BindError(f'map "{title}" is declared twice' if title else "a second map without a name",
                            self.span, hint="give each map its own name")
        table: dict[int, int] = {}
        d.maps[title] = table
        worked = False
        if self.keys is not None:  # Ludii's second form: keys and values, side by side
            keys = self.keys.items if isinstance(self.keys, BoundArray) else [self.keys]
            values = self.values.items if isinstance(self.values, BoundArray) else [self.values]
            if len(keys) != len(values):
                raise BindError(f"a map of {len(keys)} keys and {len(values)} values", self.span)
            worked = any(isinstance(x, Ludeme) for x in (*keys, *values))

            def fill(d: Declarations, c: Any) -> None:
                for k, v in zip(keys, values):
                    key = _map_number(k, c.topo, d.num_players, c)
                    value = _map_number(v, c.topo, d.num_players, c)
                    if key != -1 and value != -1:  # Ludii's OFF: no entry
                        table[key] = value  # as Ludii's map.put: a later pair of the same key wins
        else:
            items = self.pairs.items if isinstance(self.pairs, BoundArray) else [self.pairs]
            worked = any(item.worked_out() for item in items)

            def fill(d: Declarations, c: Any) -> None:
                for item in items:
                    pair = item.entry(c.topo, d.num_players, d.component_index, c)
                    if pair is not None:
                        table[pair[0]] = pair[1]  # as Ludii's map.put: a later pair of the same key wins
        if worked:
            d.late.append(fill)  # (id ...), (handSite ...): read once the layout is known
        else:
            fill(d, c)


class MapEntry(Ludeme):
    """The value a map gives for a key (a number or a player: ``Mover``, ``(mover)``, ``P1``);
    as Ludii's ``MapEntry``, the key itself when the map has no entry for it (a snake or a
    ladder on some sites, the others mapped to themselves). Without a name, the first of the
    game's maps, in their order, that has the key; with a name that no map has, no map (the key
    itself, as Ludii).

    Parameters:
        title: the name of the map read (the game's first map when left out)
        key: the key looked up (a number or a player)

    Examples:
        (mapEntry Mover)
        (mapEntry "RightHole" (mover))
    """

    name = "mapEntry"
    kind = INT
    title: Any = Param(STR_LIT, optional=True)
    key: Any = Param(Either((INT_FN, ROLE)), range=ANY_INT)

    def compile(self, c: Compiler):
        maps = c.game.maps
        if self.title is not None:  # as Ludii, a name no map has (Shogi Puzzle's "Where") finds no entry
            tables = [maps[self.title.value]] if self.title.value in maps else []
        else:  # every map, the first with the key giving its value
            tables = list(maps.values())
        if isinstance(self.key, Const):
            key = c.player(self.key)
        else:
            key = c.int(self.key)
        if not tables:  # no entry: the key itself
            return key
        if len(tables) == 1:
            (table,) = tables
            get = table.get
            return lambda s, e: get(k, k) if (k := key(s, e)) in table else k

        def entry(s: State, e: Env) -> int:
            k = key(s, e)
            return next((t[k] for t in tables if k in t), k)
        return entry


__all__ = ["Track", "MancalaBoard", "SitesTrack", "Pair", "Map", "MapEntry", "build_tracks", "find_track",
           "mancala_graph", "track_part", "owner_fn"]
