"""Directions made of other directions (Ludii's ``game.functions.directions``): the union and
the difference of two sets of directions, both known before play (``(if C A B)`` chooses
directions by a condition: see :class:`~.logic.If`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from .base import DIRECTIONS, DIRS, INT_FN, MOVES, THEN, DirectionsByCondition, Enum, Instance, Ludeme, Param, kind_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler


def _relations(c: Compiler, keys: tuple[str, ...]) -> bool:
    return any(k in c.topo.relation_directions for k in keys)


def _compass(c: Compiler, keys: tuple[str, ...]) -> tuple[str, ...]:
    """Direction keys with relations (Diagonal...) replaced by their compass directions."""
    out: list[str] = []
    for k in keys:
        for d in c.topo.relation_directions.get(k, (k,)):
            if d not in out:
                out.append(d)
    return tuple(out)


def _element_directions(c: Compiler, value: Any) -> list[tuple[str, ...]]:
    """Per site, the compass directions ``value`` stands for there, as Ludii's union and
    difference read directions on each element: a relation is the compass directions of that
    site's own steps of the relation (``Element.supportedDirections``), a compass direction
    itself; a union or difference inside, its own per site."""
    if isinstance(value, (DirectionsUnion, DirectionsDifference)):
        return value.per_site(c)
    topo = c.topo
    keys = c.directions(value)
    own: dict[str, list[tuple[str, ...]]] = {}
    for k in keys:
        if k in topo.neighbours:  # a relation: the compass labels of the site's steps of it
            near = topo.neighbours[k]
            own[k] = [tuple(d for d in topo.directions if any(t in near[x] for t in topo.steps_of(d)[x]))
                      for x in range(topo.n)]
        elif k in topo.derived:
            own[k] = list(topo.derived[k])
    out = []
    for x in range(topo.n):
        found: list[str] = []
        for k in keys:
            for d in (own[k][x] if k in own else (k,)):
                if d not in found:
                    found.append(d)
        out.append(tuple(found))
    return out


def _per_site_key(c: Compiler, board_wide: tuple[str, ...], per_site: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The board-wide compass directions when they walk as the per-site ones at every site
    (every regular board), else a key of the topology with each site's own (see
    :meth:`~interpreter.engine.topology.Topology.derive`)."""
    topo = c.topo
    wide = set(board_wide)
    if all({d for d in wide if topo.steps_of(d)[x]} == {d for d in own if topo.walkable(d) and topo.steps_of(d)[x]}
           for x, own in enumerate(per_site)):
        return board_wide
    return (topo.derive(per_site),)


def _has_relations(c: Compiler, value: Any) -> bool:
    if isinstance(value, (DirectionsUnion, DirectionsDifference)):
        return _has_relations(c, value.first) or _has_relations(c, value.second)
    return any(k in c.topo.neighbours or k in c.topo.derived for k in c.directions(value))


class DirectionsUnion(Ludeme):
    """The directions of both sets.

    Parameters:
        first: some directions
        second: more directions

    Examples:
        (union Orthogonal (directions {NE SW}))
    """

    name = "union"
    overload = True
    kind = DIRECTIONS
    first: Any = Param(DIRS)
    second: Any = Param(DIRS)

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        first, second = c.directions(self.first), c.directions(self.second)
        if set(first) & set(second) or not (_relations(c, first) or _relations(c, second)):
            return first + tuple(d for d in second if d not in first)
        first, second = _compass(c, first), _compass(c, second)
        return _per_site_key(c, first + tuple(d for d in second if d not in first),
                             self.per_site(c))

    def per_site(self, c: Compiler) -> list[tuple[str, ...]]:
        """Ludii's union read on each site (:func:`_element_directions`)."""
        first, second = _element_directions(c, self.first), _element_directions(c, self.second)
        return [a + tuple(d for d in b if d not in a) for a, b in zip(first, second)]


class DirectionsDifference(Ludeme):
    """The directions of the first set that are not in the second.

    Parameters:
        first: the directions
        second: the directions taken out

    Examples:
        (difference Diagonal N)
        (difference Adjacent (directions {N S}))
    """

    name = "difference"
    overload = True
    kind = DIRECTIONS
    first: Any = Param(DIRS)
    second: Any = Param(DIRS)

    def concepts_at(self, where):
        # the directions named in both sets, as Ludii's directions concepts
        from .concepts import _direction_concepts
        return _direction_concepts(self.first) | _direction_concepts(self.second)

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        if _has_relations(c, self.first) or _has_relations(c, self.second):
            # relations as their compass directions, read on each site as Ludii's
            first, second = self.board_wide(c)
            gone = set(second)
            return _per_site_key(c, tuple(d for d in first if d not in gone), self.per_site(c))
        first, second = c.directions(self.first), c.directions(self.second)
        gone = set(second)
        return tuple(d for d in first if d not in gone)

    def board_wide(self, c: Compiler) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Both sets as the compass directions their steps use anywhere on the board."""
        return _board_wide(c, self.first), _board_wide(c, self.second)

    def per_site(self, c: Compiler) -> list[tuple[str, ...]]:
        """Ludii's difference read on each site (:func:`_element_directions`)."""
        first, second = _element_directions(c, self.first), _element_directions(c, self.second)
        return [tuple(d for d in a if d not in b) for a, b in zip(first, second)]


def _board_wide(c: Compiler, value: Any) -> tuple[str, ...]:
    """Directions as the compass directions their steps use anywhere on the board."""
    if isinstance(value, (DirectionsUnion, DirectionsDifference)):
        first, second = _board_wide(c, value.first), _board_wide(c, value.second)
        if isinstance(value, DirectionsUnion):
            return first + tuple(d for d in second if d not in first)
        return tuple(d for d in first if d not in set(second))
    return _compass(c, c.directions(value))


def _ray_direction(c: Compiler, keys: tuple[str, ...], frm: Any, to: Any):
    """which(state, env) -> the number of the first key whose ray from ``frm`` reaches ``to``
    (``len(keys)`` when none does)."""
    topo = c.topo
    reach = [{site: i for i in range(len(keys) - 1, -1, -1) for site in topo.ray(x, keys[i])} if x >= 0 else {}
             for x in range(topo.n)]
    none = len(keys)

    def which(s: Any, e: Any) -> int:
        a, b = frm(s, e), to(s, e)
        if not 0 <= a < topo.n:
            return none
        return reach[a].get(b, none)
    return which


class RayDirection:
    """Directions known only in play (Ludii's direction from one site to another, and its
    relative ``SameDirection`` / ``OppositeDirection``, the last move's): the ludeme that reads
    them is compiled once per compass direction of the board (and once with none), the one
    used chosen when the rule runs (see :class:`~.base.DirectionsByCondition`)."""

    def __init__(self, keys: tuple[str, ...], which_of: Any):
        self.keys = keys
        self.which_of = which_of  # (compiler) -> which(state, env)
        self.forced: Any = None

    def branches(self, c: Compiler):
        return len(self.keys) + 1, self.which_of(c)

    def directions(self) -> tuple[str, ...]:
        if self.forced is None:
            raise DirectionsByCondition(self)
        return (self.keys[self.forced],) if self.forced < len(self.keys) else ()


def _compass_keys(c: Compiler) -> tuple[str, ...]:
    """The board's compass directions, clockwise from north (Ludii's supported directions)."""
    order = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
    return tuple(k for k in order if k in c.topo.step)


def last_move_direction(c: Compiler, name: str, where: Any) -> tuple[str, ...]:
    """``SameDirection`` (from the last move's site to where it went) or ``OppositeDirection``
    (back from where it went to where it came from): one node per place it is written."""
    cache = c.__dict__.setdefault("_ray_directions", {})
    node = cache.get(id(where))
    if node is None:
        keys = _compass_keys(c)
        last_from, last_to = (lambda s, e: s.last_from), (lambda s, e: s.last_to)
        pair = (last_from, last_to) if name == "SameDirection" else (last_to, last_from)
        node = cache[id(where)] = RayDirection(keys, lambda c2: _ray_direction(c2, keys, *pair))
    return node.directions()


class DirectionsBetween(Ludeme):
    """The direction from one site to another (Ludii's ``(directions Cell from:A to:B)``): the
    compass direction along which B lies from A (none when B is on no line from A).

    Parameters:
        type: the kind of site
        from: the first site
        to: the site looked for

    Examples:
        (directions Cell from:(last From) to:(last To))
    """

    name = "directions"
    overload = True
    kind = DIRECTIONS
    type: Any = Param(Enum(("Vertex", "Cell", "Edge"), "site type"))
    frm: Any = Param(INT_FN, named=True, key="from", range=(-1, 20_000))
    to: Any = Param(INT_FN, named=True, range=(-1, 20_000))

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        node = self.__dict__.get("_node")
        if node is None:
            keys = _compass_keys(c)
            node = self._node = RayDirection(keys, lambda c2: _ray_direction(c2, keys, c2.int(self.frm),
                                                                            c2.int(self.to)))
        return node.directions()


__all__ = ["DirectionsUnion", "DirectionsDifference", "DirectionsBetween", "RayDirection", "last_move_direction",
           "Directional"]


class Directional(Ludeme):
    """Effect: from a site (the last move's destination by default), along each direction (by
    default the last move's: from where it came to where it went), the run of consecutive
    sites where the ``to`` condition holds (an enemy piece, by default) from the next site on;
    the ``to`` effect (a removal) is then applied to each of them, all found first, as Ludii's
    approach and withdrawal captures (Fanorona).

    Parameters:
        from: the site the lines start from (``(last To)`` when left out)
        directions: the directions of the lines (the last move's when left out)
        to: the condition of the sites taken, ``(to)`` being the site, and the effect on them
        then: consequences

    Examples:
        (directional (from (last To)) (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
    """

    name = "directional"
    kind = MOVES
    concepts = ("DirectionCapture",)
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    to: Any = Param(Instance("to"), optional=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def where_for(self, param, where):
        return where.as_effect()

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(directional ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        if self.directions is not None:
            dirs = c.directions(self.directions)
        else:  # the last move's direction, known only in play
            node = self.__dict__.get("_node")
            if node is None:
                keys = _compass_keys(c)
                node = self._node = RayDirection(keys, lambda c2: _ray_direction(
                    c2, keys, lambda s, e: s.last_from, lambda s, e: s.last_to))
            dirs = node.directions()
        rays = c.topo.rays_for(dirs)
        if self.source is not None and self.source.sites is not None:
            start = c.site(self.source.sites)
        else:
            start = lambda s, e: s.last_to  # noqa: E731
        to = self.to
        if to is not None and to.condition is not None:
            target = c.bool(to.condition)
        else:  # an enemy piece
            game = c.game
            target = lambda s, e: (o := s.who[e.to]) != 0 and not game.friends(o, s.mover)  # noqa: E731
        if to is not None and getattr(to, "apply", None) is not None and to.apply.effect is not None:
            effect = to.apply.compile_effect(c)
        else:
            effect = lambda s, e: s.clear(e.to) if s.what[e.to] else None  # noqa: E731
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: Any, e: Env) -> None:
            x = start(s, e)
            if x < 0:
                return
            frame = e.child()
            frame.frm = -1
            taken = []
            for ray in rays[x]:
                for site in ray:
                    frame.to = site
                    if not target(s, frame):
                        break
                    taken.append(site)
            for site in taken:  # found first, then taken
                frame.to = site
                effect(s, frame)
            if then is not None:
                then(s, e)
        return run
