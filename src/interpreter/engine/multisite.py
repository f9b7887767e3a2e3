"""Pieces on more than one kind of site of one board (Ludii's ``ContainerState`` keeps its
pieces per ``SiteType``: cells, vertices and edges each have their own).

The board's own kind (its ``use:``) keeps the state's ``what``/``who`` arrays and the hot path
of every game. A game whose rules put pieces on another kind (``(move Add (to Edge ...))``,
``(set Shared Edge ...)``, ``(remove Edge (to))``) declares, per such kind, the array
``pieces@Edge`` (``@Vertex``, ``@Cell``): the piece on each element of that kind, in Ludii's
numbering of those elements (its owner is the piece's). A move to such an element is a
:class:`SitedMove` (a :class:`~.move.Move` that names its kind: ``Edge 12`` as Ludii writes
it); only games with such arrays get the actions below, which put its piece there and note the
kind of the last move's site (``(is LastTo Edge)``). A piece on such an element moves too
(``(move Step (from Cell) Diagonal (to Cell ...))`` on a board of vertices): its move names the
kind of its ``frm`` as well (``frm_on``).

Those pieces may stack and have a local state, as on the board's own kind (Ludii's
ContainerStateStacks keeps its per level arrays for each site type): a stacking game keeps the
levels below each element's top piece in ``stack@Edge`` (as :mod:`.stacks`' ``stack``), and a
game that sets the local state of pieces there keeps the top piece's in ``piece_states@Edge``.
:class:`KindView` shows one kind's arrays as a state of their own, so :mod:`.stacks` changes
and reads them as it does the board's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .move import ADD, MOVE, PASS, REMOVE, Bound, Move, MoveKind

if TYPE_CHECKING:
    from .state import State

PREFIX = "pieces@"
STACK_PREFIX = "stack@"  # the levels below the top piece of each element of a kind (stacking games)
STATES_PREFIX = "piece_states@"  # the local state of the top piece of each element of a kind
LAST_KIND = "last@kind"  # [kind of (last To)]: 0 the board's own, else 1 + KINDS.index(kind)
KINDS = ("Cell", "Vertex", "Edge")


def pieces_array(kind: str) -> str:
    """The name of the state array of the pieces on the elements of ``kind``."""
    return PREFIX + kind


def stack_array(kind: str) -> str:
    """The name of the state array of the levels below the top of each element of ``kind``."""
    return STACK_PREFIX + kind


def states_array(kind: str) -> str:
    """The name of the state array of the local state of the piece on each element of ``kind``."""
    return STATES_PREFIX + kind


def kinds_held(arrays: Any) -> tuple[str, ...]:
    """The kinds of site besides the board's own that a game's arrays hold pieces on."""
    return tuple(name[len(PREFIX):] for name in arrays if name.startswith(PREFIX))


class SitedMove(Move):
    """A move whose ``to`` is an element of another kind than the board's (``on``: ``Edge``,
    ``Vertex`` or ``Cell``), or whose ``frm`` is (``frm_on``; ``on`` is then empty when the
    piece goes to a site of the board's kind): equal only to moves between those same elements
    of those same kinds (Ludii's moves name the site type of each end)."""

    __slots__ = ("on", "frm_on")

    def __init__(self, kind: MoveKind, *args: Any, on: str = "Edge", frm_on: str = "", **kwargs: Any):
        super().__init__(kind, *args, **kwargs)
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "frm_on", frm_on)
        object.__setattr__(self, "_key", self._key + ("on", on) + (("from", frm_on) if frm_on else ()))

    @classmethod
    def of(cls, move: Move, on: str, frm_on: str = "") -> SitedMove:
        """``move`` sent to an element of kind ``on`` (from one of kind ``frm_on``)."""
        return cls(move.kind, move.frm, move.to, move.what, move.word, move.prefix, move.game_id, move.rules,
                   move.between, bound=move.bound, levels=move.levels, mover=move.mover, on=on, frm_on=frm_on)

    def with_prefix(self, prefix: str) -> Move:
        return SitedMove.of(super().with_prefix(prefix), self.on, self.frm_on)

    def with_rules(self, rules: tuple[int, ...]) -> Move:
        return SitedMove.of(super().with_rules(rules), self.on, self.frm_on)

    def with_word(self, word: str) -> Move:
        return SitedMove.of(super().with_word(word), self.on, self.frm_on)

    def with_bound(self, name: str, value: Bound) -> Move:
        return SitedMove.of(super().with_bound(name, value), self.on, self.frm_on)

    def with_mover(self, mover: int) -> Move:
        return SitedMove.of(super().with_mover(mover), self.on, self.frm_on)

    def __repr__(self) -> str:
        frm_on = f", frm_on={self.frm_on!r}" if self.frm_on else ""
        return super().__repr__()[:-1] + f", on={self.on!r}{frm_on})"

    def __reduce__(self) -> Any:
        return (_sited, (super().__reduce__()[1], self.on, self.frm_on))


def _sited(args: tuple[Any, ...], on: str, frm_on: str = "") -> SitedMove:
    kind, frm, to, what, word, prefix, game_id, rules, between, text, bound, levels, mover = args
    return SitedMove(kind, frm, to, what, word, prefix, game_id, rules, between, text, bound, levels, mover,
                     on=on, frm_on=frm_on)


class _KindGame:
    """What :mod:`.stacks` reads of the game, for the pieces on one kind of element."""

    __slots__ = ("owner_of", "piece_arrays", "on_track", "stacking")

    def __init__(self, game: Any, piece_arrays: tuple[str, ...]):
        self.owner_of = game.owner_of
        self.piece_arrays = piece_arrays  # the local state, when the game sets it on that kind
        self.on_track = None  # tracks run over the board's own sites
        self.stacking = game.stacking


class KindView:
    """The pieces on the elements of one kind (not the board's own) seen as a state of their own:
    ``what`` is their ``pieces@`` array, ``arrays`` holds their levels below the top (``stack``)
    and their local states (``piece_states``); every change is journaled in the real state.
    The players' counts are the board's pieces only (``counts`` here is scratch)."""

    __slots__ = ("state", "what", "arrays", "game", "counts")

    def __init__(self, state: State, kind: str):
        arrays = state.arrays
        self.state = state
        self.what: list[int] = arrays[pieces_array(kind)]
        own = {}
        if stack_array(kind) in arrays:
            own["stack"] = arrays[stack_array(kind)]
        if states_array(kind) in arrays:
            own["piece_states"] = arrays[states_array(kind)]
        self.arrays = own
        self.game = _KindGame(state.game, ("piece_states",) if "piece_states" in own else ())
        self.counts = [0] * len(state.counts)

    def set_item(self, container: Any, key: Any, value: Any) -> None:
        """Write through the real state, so the change is journalled for undo."""
        self.state.set_item(container, key, value)

    def place(self, site: int, what: int) -> None:
        """Put ``what`` (0: none) on ``site``: a new piece (or none), its local state 0."""
        data = self.what
        if data[site] != what:
            self.state.set_item(data, site, what)
        states = self.arrays.get("piece_states")
        if states is not None and states[site]:
            self.state.set_item(states, site, 0)

    def clear(self, site: int) -> None:
        """Empty ``site`` (in a stacking game, take its top piece)."""
        if self.what[site]:
            if self.game.stacking:
                from .stacks import pop
                pop(self, site)  # type: ignore[arg-type]  # a state of one kind's pieces
            else:
                self.place(site, 0)


def put(state: State, kind: str, site: int, what: int) -> None:
    """Put piece ``what`` (0: none) on element ``site`` of ``kind``, journaled (a new piece: its
    local state is 0)."""
    data = state.arrays[pieces_array(kind)]
    if 0 <= site < len(data) and data[site] != what:
        KindView(state, kind).place(site, what)


def push(state: State, kind: str, site: int, what: int) -> None:
    """Put piece ``what`` on top of element ``site`` of ``kind`` (a stacking game)."""
    from . import stacks
    view = KindView(state, kind)
    if 0 <= site < len(view.what):
        stacks.push(view, site, stacks.new_entry(view, what))  # type: ignore[arg-type]


def take_top(state: State, kind: str, site: int) -> None:
    """Take the piece off element ``site`` of ``kind`` (the top one in a stacking game)."""
    view = KindView(state, kind)
    if 0 <= site < len(view.what):
        view.clear(site)


def piece_at(state: State, kind: str, site: int) -> int:
    """The piece on element ``site`` of ``kind`` (0: none, or no pieces ever put there)."""
    data = state.arrays.get(pieces_array(kind))
    return data[site] if data is not None and 0 <= site < len(data) else 0


def _states_of(state: State, kind: str) -> Any:
    """The local states of the pieces on ``kind`` ("": the board's own kind), None when the
    game keeps none there."""
    return state.arrays.get(states_array(kind) if kind else "piece_states")


def _state_at(state: State, kind: str, site: int) -> int:
    """The local state of the piece on ``site`` of ``kind`` ("": the board's own), 0 if none."""
    data = _states_of(state, kind)
    return data[site] if data is not None and 0 <= site < len(data) else 0


def _set_state_at(state: State, kind: str, site: int, value: int) -> None:
    """Set the local state of the piece on ``site`` of ``kind``, where the game keeps one."""
    data = _states_of(state, kind)
    if data is not None and 0 <= site < len(data) and data[site] != value:
        state.set_item(data, site, value)


def sited_actions(actions: dict[MoveKind, Callable[[State, Move], None]], take: Callable[[State, int], object]
                  ) -> dict[MoveKind, Callable[[State, Move], None]]:
    """The actions of a game that holds pieces on several kinds of site: a move naming its kind
    acts there; every move notes the kind of its ``to`` (a pass keeps the last one's)."""
    def note(state: State, move: Move) -> None:
        last = state.arrays[LAST_KIND]
        kind = 1 + KINDS.index(move.on) if move.on else 0
        if last[0] != kind:
            state.set_item(last, 0, kind)

    def add(state: State, move: Move) -> None:
        note(state, move)
        if move.on and state.game.stacking:  # on top of the pieces there
            push(state, move.on, move.to, move.what)
        elif move.on:  # as Ludii's Add, an occupied element keeps its piece
            if not piece_at(state, move.on, move.to):
                put(state, move.on, move.to, move.what)
        else:
            actions[ADD](state, move)

    def remove(state: State, move: Move) -> None:
        note(state, move)
        if move.on:
            take_top(state, move.on, move.to)
        else:
            actions[REMOVE](state, move)

    def move_piece(state: State, move: Move) -> None:
        note(state, move)
        if not move.on and not move.frm_on:
            actions[MOVE](state, move)
            return
        carried = _state_at(state, move.frm_on, move.frm)  # Ludii's ActionMove carries the piece's state
        if move.frm_on:  # its piece off an element of another kind
            put(state, move.frm_on, move.frm, 0)
        else:  # or off a site of the board's kind, or a hand's
            take(state, move.frm)
        if move.on:
            put(state, move.on, move.to, move.what)
        else:  # onto a site of the board's kind
            actions[ADD](state, Move(ADD, to=move.to, what=move.what, game_id=move.game_id))
        if carried:
            _set_state_at(state, move.on, move.to, carried)
    return {**actions, ADD: add, REMOVE: remove, MOVE: move_piece, PASS: actions[PASS]}


__all__ = ["PREFIX", "LAST_KIND", "KINDS", "pieces_array", "stack_array", "states_array", "kinds_held", "SitedMove",
           "KindView", "put", "push", "take_top", "piece_at", "sited_actions"]
