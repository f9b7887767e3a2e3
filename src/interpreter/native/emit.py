"""Writing a game's compiled functions: the emitter the ludemes' kernels write through.

A kernel is the compiled tier's version of a ludeme's reference closure: given the emitter
``k``, it returns the code of a value (an int or boolean expression of the state, a region it
can loop over) or writes statements (the moves a rule makes, the changes an effect makes).
Generated functions read the state vector ``st`` and the game's tables ``T`` (the layout first:
see :mod:`.abi`); what the reference engine reads from its frame (:class:`~..engine.env.Env`),
``(to)``, ``(from)``, ``(between)``..., is a local variable bound by the construct that loops
over it (:meth:`Emitter.bind`): as in the reference, the binding is lexical.

A kernel that meets a parameter it cannot honour raises :class:`NoKernel`, and the game runs on
the reference engine; nothing is ignored.
"""

from __future__ import annotations

import builtins
import contextlib
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, overload

import numpy as np

from ..engine.move import MoveKind
from ..ludemes.base import BoundArray, Ludeme
from ..syntax.nodes import Bool, Const, Int, Str
from . import abi

INFINITY = 1 << 30  # as the reference engine's (engine.values.INFINITY)

Emit = Callable[["Emitter"], None]


class NoKernel(Exception):
    """A ludeme (or one of its parameters) the compiled tier cannot run: the game falls back to
    the reference engine. ``what`` names it, as ``ludeme info`` reports it."""

    def __init__(self, what: str, why: str = ""):
        super().__init__(f"{what}: {why}" if why else what)
        self.what = what
        self.why = why


# --- kernels, by ludeme class and role -------------------------------------------------------------
# A ludeme says how it compiles in its own class, beside its reference ``compile``: a method
# ``kernel_<role>(self, k, ...)`` that emits its code through the Emitter ``k`` (the methods import
# the compiled tier's helpers when they run, so loading the ludemes never loads it). Classes that
# are not ludemes (syntax constants) register theirs here with :func:`kernel`.
ROLES = ("int", "bool", "region", "moves", "effect", "end", "outcome", "directions", "draw", "ints")
KERNELS: dict[tuple[type, str], Callable[..., Any]] = {}


def kernel(cls: type, *roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register ``fn(value, k, ...)`` as the kernel of ``cls`` (a class that is not a ludeme) in
    the given roles."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for role in roles:
            assert role in ROLES, role
            KERNELS[cls, role] = fn
        return fn
    return register


def find_kernel(klass: type, role: str, inherited: bool = True) -> Callable[..., Any] | None:
    """The kernel of ``klass`` in ``role``: its method ``kernel_<role>`` (its own, or inherited
    when ``inherited``), else one registered for it; None when it has none."""
    name = f"kernel_{role}"
    for cls in (klass.__mro__ if inherited else (klass,)):
        fn = vars(cls).get(name)
        if fn is not None:
            return fn
        fn = KERNELS.get((cls, role))
        if fn is not None:
            return fn
    return None


def kernel_of(ludeme: Any, role: str) -> Callable[..., Any]:
    """The kernel of ``ludeme`` in ``role``; :class:`NoKernel` when its class has none."""
    fn = find_kernel(type(ludeme), role)
    if fn is not None:
        return fn
    name = ludeme.name if isinstance(ludeme, Ludeme) else type(ludeme).__name__
    raise NoKernel(f"({name} ...)", f"no compiled {role} kernel")


def _facing(emit: Emit, facing: str) -> Emit:
    """An effect written with directions relative to ``facing`` (a piece's own moves' effects,
    as the reference compiles them with the piece's moves)."""
    def run(k: Emitter) -> None:
        saved = k.notes.get("facing")
        k.notes["facing"] = facing
        try:
            emit(k)
        finally:
            k.notes["facing"] = saved
    return run


# --- regions: what a kernel can loop over -------------------------------------------------------------
class Region:
    """A region as kernels see it: something to loop over (:meth:`loop`) and to test a site
    against (:meth:`contains`). ``ascending``: its loop gives each site once, in increasing
    order, as Ludii's Region (see :func:`in_order`)."""

    ascending: builtins.bool = False

    def loop(self, k: Emitter, var: str) -> contextlib.AbstractContextManager[None]:
        raise NotImplementedError

    def contains(self, k: Emitter, site: str) -> str:
        raise NotImplementedError

    def fill(self, k: Emitter) -> tuple[str, str]:
        """(buffer, count): the region's sites written into a buffer."""
        buf, count = k.buffer(), k.temp("c")
        k.line(f"{count} = 0")
        var = k.temp("x")
        with self.loop(k, var):
            k.line(f"{buf}[{count}] = {var}")
            k.line(f"{count} += 1")
        if var in k.hand_vars:  # the buffer holds sites of hands too
            k.hand_vars.add(buf)
        return buf, count

    def count(self, k: Emitter) -> str:
        """The number of sites in the region."""
        return self.fill(k)[1]


@dataclass
class Everywhere(Region):
    """Every site of the board that passes a test (``pred(var)`` -> condition, or None)."""

    pred: Callable[[str], str] | None = None
    ascending = True

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        k.line(f"for {var} in range(N):")
        with k.indented():
            if self.pred is not None:
                k.line(f"if not ({self.pred(var)}):")
                k.line("    continue")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        test = f"(0 <= {site} < N)"
        return f"({test} and ({self.pred(site)}))" if self.pred is not None else test


@dataclass
class Listed(Region):
    """A fixed list of sites (a table)."""

    sites: tuple[int, ...]
    table: str = ""
    mask: str = ""

    @property
    def ascending(self) -> builtins.bool:  # type: ignore[override]
        return all(a < b for a, b in zip(self.sites, self.sites[1:]))

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        name = k.table(np.array(self.sites, dtype=np.int64))
        i = k.temp("i")
        k.line(f"for {i} in range({name}.shape[0]):")
        with k.indented():
            k.line(f"{var} = {name}[{i}]")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        if not self.sites:
            return "False"
        mask = k.table(k.mask_of(self.sites))
        return f"(0 <= {site} < N and {mask}[{site}] != 0)"

    def count(self, k: Emitter) -> str:
        name = k.table(np.array(self.sites, dtype=np.int64))
        return f"{name}.shape[0]"


@dataclass
class Buffered(Region):
    """Sites written into a buffer by statements already emitted."""

    buf: str
    n: str
    ascending: builtins.bool = False

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        i = k.temp("i")
        k.line(f"for {i} in range({self.n}):")
        if self.buf in k.hand_vars:
            k.hand_vars.add(var)
        with k.indented():
            k.line(f"{var} = {self.buf}[{i}]")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        found = k.temp("b")
        i = k.temp("i")
        k.line(f"{found} = False")
        k.line(f"for {i} in range({self.n}):")
        k.line(f"    if {self.buf}[{i}] == {site}:")
        k.line(f"        {found} = True")
        k.line("        break")
        return found

    def fill(self, k: Emitter) -> tuple[str, str]:
        return self.buf, self.n

    def count(self, k: Emitter) -> str:
        return self.n


@dataclass
class OneSite(Region):
    """One site, or none when the expression is -1."""

    site: str
    ascending = True

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        first = k.temp("s")
        k.line(f"{first} = {self.site}")
        if self.site in k.hand_vars:
            k.hand_vars.add(var)
        with k.indented(f"for {var} in range({first}, {first} + 1 if {first} >= 0 else {first}):"):
            yield

    def contains(self, k: Emitter, site: str) -> str:
        return f"({site} >= 0 and {site} == {self.site})"

    def count(self, k: Emitter) -> str:
        return f"(1 if {self.site} >= 0 else 0)"


def in_order(k: Emitter, region: Region) -> Region:
    """A region as Ludii's Region, a bitset, is read where its order shows (``forEach Site``):
    each site once, in increasing order. As it is when it comes so; a fixed list sorted before
    play; else its sites copied into a buffer of their own, sorted, each kept once."""
    if region.ascending:
        return region
    if isinstance(region, Listed):
        return Listed(tuple(sorted(set(region.sites))))
    buf, count = Region.fill(region, k)
    kept, i = k.temp("c"), k.temp("i")
    k.line(f"{buf}[:{count}].sort()")
    k.line(f"{kept} = 0")
    with k.indented(f"for {i} in range({count}):"):
        with k.indented(f"if {kept} == 0 or {buf}[{i}] != {buf}[{kept} - 1]:"):
            k.line(f"{buf}[{kept}] = {buf}[{i}]")
            k.line(f"{kept} += 1")
    return Buffered(buf, kept, ascending=True)


@dataclass(frozen=True)
class Made:
    """What a generator's moves can be: ``unique`` when it never makes the same move twice,
    and the kinds of move it makes (two generators of different kinds never share a move)."""

    unique: bool = False
    kinds: frozenset[int] = frozenset(range(5))

    @staticmethod
    def union(parts: Sequence[Made]) -> Made:
        """The moves of all the parts together."""
        kinds: set[int] = set()
        unique = True
        for part in parts:
            unique = unique and part.unique and not (kinds & part.kinds)
            kinds |= part.kinds
        return Made(unique, frozenset(kinds))

    @staticmethod
    def either(parts: Sequence[Made]) -> Made:
        """The moves of one of the parts at a time."""
        return Made(all(p.unique for p in parts), frozenset().union(*(p.kinds for p in parts)))


# --- rules: what a move does besides its action ----------------------------------------------------------
@dataclass
class Rule:
    """The consequences of the moves one generator makes, as emitters run when a move with
    this rule id is applied: ``before`` its action (a move's own effects), ``after`` it (its
    ``then``). The sites of the move are bound as ``(from)``/``(to)`` in both."""

    before: tuple[Emit, ...] = ()
    after: tuple[Emit, ...] = ()
    plain: bool = True  # nothing happens besides the action: duplicates merge silently


@dataclass
class Function:
    """A generated function being written."""

    name: str
    args: str
    lines: list[str] = field(default_factory=list)
    temps: int = 0
    tables: set[int] = field(default_factory=set)
    buffers: list[str] = field(default_factory=list)


class Emitter:
    """The state of code generation for one game: its tables, rules and functions; the
    function being written, its indentation and lexical bindings."""

    def __init__(self, game: Any, layout: Any):
        self.game = game
        self.topo = game.topology
        self.layout = layout
        self.players = game.num_players
        self.n = game.topology.n
        self.tables: list[np.ndarray] = []
        self._table_keys: dict[tuple, int] = {}
        self.rules: list[Rule] = [Rule()]  # rule 0: the forced pass, and moves with no consequences
        self.rule_memo: dict[tuple, int] = {}
        self.functions: dict[str, Function] = {}
        self.order: list[str] = []
        self.fn: Function = Function("", "")
        self.depth = 0
        self.env: dict[str, str | Region] = {}  # local names; for ``region``, the Region visited
        # the variables that may hold a site of one of Ludii's hands (numbered from N on): only
        # kernels that read hand sites (Emitter.site(..., hands=True)) accept them
        self.hand_vars: set[str] = set()
        self.st = "st"
        # (ludeme, emitter): consequences wrappers add to the moves inside them, and effects
        # wrappers put before them
        self.then_stack: list[tuple[Any, Emit]] = []
        self.before_stack: list[tuple[Any, Emit]] = []
        self.sinks: list[Callable[[Emitter, str], None]] = []
        self.accepts: list[Callable[[Emitter, str], None]] = []
        self.notes: dict[Hashable, Any] = {}  # what the turn machinery needs to know (meta moves...)
        self.helpers: list[Function] = []  # functions kernels wrote for themselves (helper())
        self.imports: dict[str, set[str]] = {}  # module -> names the generated code calls
        self.table(layout.table())  # T[0]: the layout

    # --- tables ----------------------------------------------------------------------------------------
    def table(self, array: np.ndarray) -> str:
        """A local name for a table of the game (an int64 array), shared by equal tables."""
        array = np.ascontiguousarray(array, dtype=np.int64)
        key = (array.shape, array.tobytes())
        index = self._table_keys.get(key)
        if index is None:
            index = self._table_keys[key] = len(self.tables)
            self.tables.append(array)
        self.fn.tables.add(index)
        return f"t{index}"

    def mask_of(self, sites: Sequence[int]) -> np.ndarray:
        mask = np.zeros(self.n, dtype=np.int64)
        for s in sites:
            if 0 <= s < self.n:
                mask[s] = 1
        return mask

    # --- functions --------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def function(self, name: str, args: str) -> Iterator[Function]:
        """Write the body of a generated function (nested calls keep the outer one)."""
        outer = (self.fn, self.depth, self.env, self.st, self.then_stack, self.before_stack, self.sinks,
                 self.accepts, self.hand_vars)
        fn = self.fn = Function(name, args)
        self.depth = 1
        self.env = {}
        self.hand_vars = set()
        self.st = "st"
        self.then_stack, self.before_stack, self.sinks, self.accepts = [], [], [], []
        try:
            yield fn
        finally:
            self.functions[name] = fn
            if name not in self.order:
                self.order.append(name)
            (self.fn, self.depth, self.env, self.st, self.then_stack, self.before_stack, self.sinks,
             self.accepts, self.hand_vars) = outer

    @contextlib.contextmanager
    def helper(self, prefix: str, args: str) -> Iterator[str]:
        """Write a function of a kernel's own (its name is given to the body): code that must
        stop early (``return``) wherever it stands, called from the function being written.
        It is rendered into the module and inlined where it is called."""
        name = f"{prefix}_{len(self.helpers)}"
        with self.function(name, args) as fn:
            yield name
        self.helpers.append(fn)

    def runtime(self, module: str, *names: str) -> None:
        """Generated code calls these compiled functions of ``module`` (compiled and cached once
        for every game, unlike the module's own)."""
        self.imports.setdefault(module, set()).update(names)

    def line(self, text: str) -> None:
        self.fn.lines.append("    " * self.depth + text)

    @contextlib.contextmanager
    def indented(self, header: str | None = None) -> Iterator[None]:
        if header is not None:
            self.line(header)
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def temp(self, prefix: str = "v") -> str:
        assert prefix != "t", "t<i> names the tables"
        self.fn.temps += 1
        return f"{prefix}{self.fn.temps}"

    def buffer(self) -> str:
        """A scratch array of the function, as long as the board (plus hand sites)."""
        name = f"buf{len(self.fn.buffers)}"
        self.fn.buffers.append(name)
        return name

    # --- lexical bindings ---------------------------------------------------------------------------------
    @contextlib.contextmanager
    def bind(self, **names: str | Region) -> Iterator[None]:
        """Bind context variables (``to``, ``frm``, ``between``, ``site``, ``player``,
        ``region``) to local names for the code emitted inside."""
        saved = dict(self.env)
        self.env.update(names)
        try:
            yield
        finally:
            self.env = saved

    # ``region`` is bound to the Region visited, every other name to a local's name (a caller
    # passing the name "region" as a plain str would be told str: none does)
    @overload
    def bound(self, name: Literal["region"], what: str) -> Region: ...  # type: ignore[overload-overlap]

    @overload
    def bound(self, name: str, what: str) -> str: ...

    def bound(self, name: str, what: str) -> str | Region:
        """The local name bound to ``name`` (the Region for ``region``); ``what`` is the ludeme
        asking, for the message when nothing is bound."""
        if name not in self.env:
            raise NoKernel(what, f"used where no {name} is bound")
        return self.env[name]

    @contextlib.contextmanager
    def on_state(self, var: str) -> Iterator[None]:
        """Emit code that reads another state vector (a move tried on a copy)."""
        saved = self.st
        self.st = var
        try:
            yield
        finally:
            self.st = saved

    # --- state access -----------------------------------------------------------------------------------
    def what(self, site: str) -> str:
        return f"{self.st}[WHAT + {site}]"

    def who(self, site: str) -> str:
        return f"{self.st}[WHO + {site}]"

    def place(self, site: str, what: str) -> None:
        """Put component ``what`` (0: none) on ``site``, keeping the counts (and resetting the
        per-piece arrays), as :meth:`State.place` does; written inline (calls cost)."""
        st = self.st
        owner_of = self.table(np.array(self.game.owner_of, dtype=np.int64))
        old, owner = self.temp("o"), self.temp("w")
        self.line(f"{owner} = {owner_of}[{what}]")
        self.line(f"{old} = {st}[WHO + {site}]")
        with self.indented(f"if {old} != {owner}:"):
            self.line(f"if {old} != 0:")
            self.line(f"    {st}[COUNTS + {old}] -= 1")
            self.line(f"if {owner} != 0:")
            self.line(f"    {st}[COUNTS + {owner}] += 1")
            self.line(f"{st}[WHO + {site}] = {owner}")
        self.line(f"{st}[WHAT + {site}] = {what}")
        for name in self.layout.piece_arrays:
            self.line(f"{st}[{name.upper()} + {site}] = 0")

    def scratch(self, size: int) -> str:
        """A work array of its own for one kernel (a table the code writes into: T holds
        arrays, and nothing else uses this one, so no call can disturb it)."""
        self.scratch_count = getattr(self, "scratch_count", 0) + 1
        array = np.zeros(size + 1, dtype=np.int64)
        array[-1] = self.scratch_count  # distinct contents: tables are shared by equality
        return self.table(array)

    def var(self, slot: int) -> str:
        return f"{self.st}[{slot}]"

    @property
    def mover(self) -> str:
        return f"{self.st}[{abi.MOVER}]"

    def next_player(self) -> str:
        """Ludii's ``Next`` in the state read now (engine.turns.ludii_next): the mover again
        once a moveAgain said so; while ifAfterwards judges a tried move, the player it set
        (TRIED_NEXT holds it plus one)."""
        st, mover = self.st, self.mover
        after = f"next_active({st}, T, {mover})" if self.game.ranked else f"{mover} % {self.players} + 1"
        return (f"({st}[{abi.TRIED_NEXT}] - 1 if {st}[{abi.TRIED_NEXT}] != 0 else "
                f"{mover} if {st}[{abi.MOVE_AGAIN}] != 0 else {after})")

    def prev_player(self) -> str:
        """Ludii's ``Prev`` in the state read now (engine.turns.prev_player)."""
        st = self.st
        return f"({st}[{abi.CHECK_PREV}] if {st}[{abi.CHECK_PREV}] != 0 else {st}[{abi.PREV}])"

    # --- values -----------------------------------------------------------------------------------------
    def int(self, value: Any) -> str:
        if isinstance(value, Int):
            return str(value.value)
        if isinstance(value, Const):
            if value.name == "Infinity":
                return str(INFINITY)
            if value.name in ("Off", "Undefined"):
                return "-1"
            if value.name == "End":
                return "-2"
        if isinstance(value, Ludeme):
            return kernel_of(value, "int")(value, self)
        raise NoKernel(f"{value!r}", "not an int the compiled tier reads")

    def static_int(self, value: Any) -> builtins.int | None:
        """The value of an int known before play (a literal), else None."""
        if isinstance(value, Int):
            return value.value
        if isinstance(value, Const) and value.name == "Infinity":
            return INFINITY
        text = self.int(value) if isinstance(value, Ludeme) else None
        if text is not None and text.lstrip("-").isdigit():
            return int(text)
        return None

    def bool(self, value: Any) -> str:
        if isinstance(value, Bool):
            return "True" if value.value else "False"
        if isinstance(value, Ludeme):
            return kernel_of(value, "bool")(value, self)
        raise NoKernel(f"{value!r}", "not a condition the compiled tier reads")

    def site(self, value: Any, hands: builtins.bool = False) -> str:
        """A site expression, -1 when off the board (as the reference's ``Compiler.site``).
        In a game with Ludii's hands of sites, a computed site may be one of theirs (numbered
        from N on): only a kernel that reads hand sites asks for one (``hands``); others
        fall back."""
        if isinstance(value, Str):
            site = self.topo.site(value.value)
            if site < 0:
                raise NoKernel(f'"{value.value}"', "no such site")
            return str(site)
        if isinstance(value, Int):
            return str(value.value)
        expr = self.int(value)
        if expr in self.hand_vars and not hands:
            raise NoKernel(f"({value.name} ...)", "a site of a hand where only board sites are read")
        if expr.lstrip("-").isdigit() or getattr(value, "context_site", False):
            return expr
        if self.layout.hand_sites and not hands and not getattr(value, "board_site", False):
            raise NoKernel(f"({value.name} ...)", "a computed site in a game with hand sites")
        limit = "N"
        if self.layout.hand_sites:
            limit = f"{self.table(np.array([self.n + self.layout.hand_sites], dtype=np.int64))}[0]"
        x = self.temp("s")
        self.line(f"{x} = {expr}")
        self.line(f"if {x} < 0 or {x} >= {limit}:")
        self.line(f"    {x} = -1")
        if self.layout.hand_sites:
            self.hand_vars.add(x)
        return x

    def player(self, value: Any) -> str:
        """A player number expression (roles as the reference's ``Compiler.player``)."""
        if isinstance(value, Const):
            name = value.name
            if name == "Mover":
                return self.mover
            if name == "Next":
                return self.next_player()
            if name == "Prev":
                return self.prev_player()
            if name == "Player":
                return self.bound("player", "(Player)")
            if name.startswith("P") and name[1:].isdigit():
                p = int(name[1:])
                if not 1 <= p <= self.players:
                    raise NoKernel(name, "no such player")
                return str(p)
            if name == "Neutral":
                return "0"
            raise NoKernel(name, "a role that names no one player")
        if isinstance(value, Int):
            return str(value.value)
        expr = self.int(value)
        if expr.isdigit():
            return expr
        x = self.temp("p")
        self.line(f"{x} = {expr}")
        self.line(f"if {x} < 0 or {x} > {self.players}:")
        self.line(f"    {self.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
        self.line(f"    {x} = 0")
        return x

    def players_of(self, value: Any) -> tuple[builtins.int, ...] | None:
        """Each/All: every player; None for a single player role."""
        if isinstance(value, Const) and value.name in ("Each", "All"):
            return tuple(range(1, self.players + 1))
        return None

    def region(self, value: Any, hands: builtins.bool = False) -> Region:
        """The region of a value; with ``hands``, its sites may be sites of Ludii's hands."""
        if isinstance(value, Str):
            return Listed((int(self.site(value)),))
        if isinstance(value, Int):
            if not 0 <= value.value < self.n:
                raise NoKernel(str(value.value), "a site off the board")
            return Listed((value.value,))
        if isinstance(value, BoundArray):
            items = [self.site(v, hands) for v in value.items]
            if all(x.isdigit() for x in items):
                return Listed(tuple(int(x) for x in items))
            buf, cnt = self.buffer(), self.temp("c")
            self.line(f"{cnt} = 0")
            for x in items:
                self.line(f"if {x} >= 0:")
                self.line(f"    {buf}[{cnt}] = {x}")
                self.line(f"    {cnt} += 1")
                if x in self.hand_vars:
                    self.hand_vars.add(buf)
            return Buffered(buf, cnt)
        if isinstance(value, Ludeme):
            if value.kind == "int":
                return OneSite(self.site(value, hands))
            return kernel_of(value, "region")(value, self)
        raise NoKernel(f"{value!r}", "not a region the compiled tier reads")

    def static_region(self, value: Any) -> tuple[builtins.int, ...] | None:
        """The sites of a region known before play, else None (nothing emitted for those)."""
        if isinstance(value, (Str, Int)):
            region = self.region(value)
            return region.sites if isinstance(region, Listed) else None
        if isinstance(value, BoundArray) and all(isinstance(v, (Str, Int)) for v in value.items):
            region = self.region(value)
            return region.sites if isinstance(region, Listed) else None
        fn = find_kernel(type(value), "region", inherited=False) if isinstance(value, Ludeme) else None
        if fn is not None and vars(type(value)).get("kernel_static", False):
            region = fn(value, self)
            return region.sites
        return None

    # --- moves and effects --------------------------------------------------------------------------------
    def draw(self, value: Any) -> str:
        """Emit a random candidate move of a moves ludeme (``return`` of its code, -1 when the
        candidate is not legal, -2 to give up drawing now); the number of candidates. Each legal
        move is exactly one candidate, so accepted draws are uniform over the legal moves.
        The number is an expression (board sizes are read at run time)."""
        if not isinstance(value, Ludeme):
            raise NoKernel(f"{value!r}", "not moves")
        return kernel_of(value, "draw")(value, self)

    def accept(self, code: str) -> None:
        """In a draw: the candidate ``code`` is legal (unless a wrapper tests it further)."""
        if self.accepts:
            self.accepts[-1](self, code)
        else:
            self.line(f"return {code}")

    @contextlib.contextmanager
    def accepting(self, fn: Callable[[Emitter, str], None]) -> Iterator[None]:
        outer = list(self.accepts)
        self.accepts.append(lambda k, code: self._accept_through(fn, outer, k, code))
        try:
            yield
        finally:
            self.accepts.pop()

    def _accept_through(self, fn: Callable[[Emitter, str], None], outer: list[Any], k: Emitter,
                        code: str) -> None:
        inner = self.accepts
        self.accepts = outer  # what fn accepts goes to the wrappers outside it
        try:
            fn(k, code)
        finally:
            self.accepts = inner

    def moves(self, value: Any) -> Made:
        """Emit the moves of a moves ludeme into the current sink; what they can be."""
        if not isinstance(value, Ludeme):
            raise NoKernel(f"{value!r}", "not moves")
        made = kernel_of(value, "moves")(value, self)
        return made if isinstance(made, Made) else Made()

    def effect(self, value: Any) -> None:
        """Emit what an effect does (a consequence, a start rule...)."""
        if value is None:
            return
        if not isinstance(value, Ludeme):
            raise NoKernel(f"{value!r}", "not an effect")
        fn = find_kernel(type(value), "effect")
        if fn is None:
            raise NoKernel(f"({value.name} ...)", "no compiled effect kernel")
        fn(value, self)

    def rule(self, owner: Any, before: Sequence[Emit] = (), after: Sequence[Emit] = ()) -> builtins.int:
        """A rule id for the moves of ``owner`` (a ludeme) with these consequences, plus those
        of the wrappers around it (their ``then`` after the move's own, their prior effects
        first). The same generator inside the same wrappers always has the same id (its moves
        are written twice: listed, and drawn)."""
        # (and the facing its directions were read with: a piece's moves, once per facing)
        memo_key = (id(owner), tuple(id(o) for o, _ in self.then_stack), tuple(id(o) for o, _ in self.before_stack),
                    self.notes.get("facing"))
        found = self.rule_memo.get(memo_key)
        if found is not None:
            return found
        facing = self.notes.get("facing")
        if facing is not None:  # the move's own effects read directions as its moves did
            before, after = [_facing(e, facing) for e in before], [_facing(e, facing) for e in after]
        before = tuple(e for _, e in self.before_stack) + tuple(before)
        after = tuple(after) + tuple(e for _, e in reversed(self.then_stack))
        if not before and not after:
            self.rule_memo[memo_key] = 0
            return 0
        self.rule_memo[memo_key] = len(self.rules)
        self.rules.append(Rule(before, after, plain=False))
        if len(self.rules) > abi.MAX_RULES:
            raise NoKernel("the rules", f"more than {abi.MAX_RULES} move rules")
        return len(self.rules) - 1

    def move(self, rule: builtins.int, kind: MoveKind, frm: str = "-1", to: str = "-1", what: str = "0",
             aux: str = "0") -> None:
        """Emit one move into the current sink."""
        parts = [str(rule), f"({int(kind)} << {abi.KIND_SHIFT})"]
        parts.append(f"(({frm} + 1) << {abi.FRM_SHIFT})" if frm != "-1" else "0")
        parts.append(f"(({to} + 1) << {abi.TO_SHIFT})" if to != "-1" else "0")
        if what != "0":
            parts.append(f"({what} << {abi.WHAT_SHIFT})")
        if aux != "0":
            parts.append(f"({aux} << {abi.AUX_SHIFT})")
        code = " | ".join(p for p in parts if p != "0")
        if self.sinks:
            self.sinks[-1](self, code)
        else:
            self.put(code)

    def put(self, code: str) -> None:
        """Append a move code to ``out`` (counted past its end: legal() then reports an
        overflow, and the caller retries with a longer list)."""
        self.line("if n < out.shape[0]:")
        self.line(f"    out[n] = {code}")
        self.line("n += 1")

    @contextlib.contextmanager
    def sink(self, fn: Callable[[Emitter, str], None]) -> Iterator[None]:
        self.sinks.append(fn)
        try:
            yield
        finally:
            self.sinks.pop()

    @contextlib.contextmanager
    def then(self, then: Any) -> Iterator[None]:
        """Moves emitted inside get the ``(then ...)`` ludeme ``then`` as a consequence after
        their own (nothing for None)."""
        if then is None:
            yield
            return
        self.then_stack.append((then, lambda k: k.effect(then)))
        try:
            yield
        finally:
            self.then_stack.pop()

    def then_of(self, then: Any) -> Emit | None:
        """The emitter of a ``(then ...)`` parameter (None for none)."""
        if then is None:
            return None
        return lambda k: k.effect(then)
