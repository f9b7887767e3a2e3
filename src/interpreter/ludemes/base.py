"""The ludeme registry: one Python class per ludeme, its signature declared once.

A ludeme class says its Ludii-style name (``"move Add"``), what it returns (its *kind*: moves,
int, bool, region...), and its parameters, as annotated attributes (a dataclass-like field list
that type checkers see, through ``dataclass_transform``)::

    class MoveAdd(Ludeme):
        '''Place a piece on a site. ... Examples: (move Add (to (sites Empty)))'''
        name = "move Add"
        kind = MOVES
        piece: Any = Param(PIECE_REF, optional=True)
        to: Any = Param(Instance("to"))
        then: Any = Param(kind_of(THEN), optional=True)

Declaring the class registers it (``__init_subclass__``). The binder matches a call's arguments
to ``params`` by position and type (optional parameters may be skipped, as in Ludii) or by name
(``key:value``), then builds the instance with the matched values as attributes. Docs
(``ludemes.md``), type checks and child walking all come from this one declaration.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, ClassVar

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # Python 3.10: only type checkers read it
    def dataclass_transform(**_: Any) -> Callable[[type], type]:
        return lambda cls: cls

from ..engine.result import Termination
from ..syntax.nodes import Array, Bool, Call, Const, Float, Int, Node, Span, Str

# --- kinds: what a ludeme evaluates to ------------------------------------------------------
GAME = "game"
PLAYERS = "players"
EQUIPMENT = "equipment"
EQUIPMENT_ITEM = "equipment item"
BOARD_SHAPE = "board shape"
RULES = "rules"
START_RULE = "start rule"
META_RULE = "meta rule"
PHASE = "phase"
NEXT_PHASE = "nextPhase"
PLAY = "play"
END = "end"
END_RULE = "end rule"
RESULT = "result"
MOVES = "moves"  # move generators and effects (Ludii's Moves)
INT = "int"
INTS = "ints"  # an array of ints (Ludii's IntArrayFunction), e.g. the values of groups
BOOL = "boolean"
REGION = "region"
DIRECTIONS = "directions"
THEN = "then"
RANGE = "range"
MISC = "misc"

ROLES = (
    ["Mover", "Next", "Prev", "Player", "Each", "All", "Shared", "Neutral", "NonMover", "Enemy",
     "Friend", "Ally", "TeamMover"]
    + [f"P{i}" for i in range(1, 17)] + [f"Team{i}" for i in range(1, 17)]
)
DIRECTION_NAMES = ["N", "S", "E", "W", "NE", "NW", "SE", "SW", "Orthogonal", "Diagonal", "All",
                   "Adjacent", "Forward", "Backward", "Forwards", "Backwards", "Leftward", "Rightward",
                   "FL", "FR", "BL", "BR", "Leftwards", "Rightwards", "OffDiagonal",
                   "Axial", "Angled",  # Ludii's classes of compass directions: N E S W (U D), the others
                   "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW",
                   "FLL", "FLLL", "FRR", "FRRR", "BLL", "BLLL", "BRR", "BRRR",
                   "SameDirection", "OppositeDirection",  # the last move's direction, and back
                   "In", "Out", "CW", "CCW", "Rotational",  # circular: boards with a pivot
                   "SameLayer", "Upward", "Downward",  # boards of layers: in the plane, up, down
                   "U", "UN", "UNE", "UE", "USE", "US", "USW", "UW", "UNW",
                   "D", "DN", "DNE", "DE", "DSE", "DS", "DSW", "DW", "DNW"]


# --- parameter types ---------------------------------------------------------------------------
class PType:
    """A parameter type: says whether a bound argument fits, and how to name it in docs."""

    label = "?"

    def accepts(self, value: Any) -> bool:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class Literal(PType):
    """An atom of the given node class (int, float, boolean, string)."""

    node_type: type
    label: str

    def accepts(self, value: Any) -> bool:
        if self.node_type is Float and isinstance(value, Int):
            return True
        return isinstance(value, self.node_type)


@dataclass(frozen=True)
class Kind(PType):
    """A ludeme returning one of ``kinds`` (or a literal that stands for one)."""

    kinds: tuple[str, ...]
    label: str = ""
    literals: tuple[type, ...] = ()
    consts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", " | ".join(self.kinds))

    def accepts(self, value: Any) -> bool:
        if isinstance(value, Ludeme):
            return value.kind in self.kinds
        if self.literals and isinstance(value, self.literals):
            return True
        if self.consts and isinstance(value, Const) and value.name in self.consts:
            return True
        return False


@dataclass(frozen=True)
class Enum(PType):
    """One constant out of a fixed set (``Vertex``, ``Cell`` ...)."""

    names: tuple[str, ...]
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", " | ".join(self.names))

    def accepts(self, value: Any) -> bool:
        return isinstance(value, Const) and value.name in self.names


@dataclass(frozen=True)
class ArrayOf(PType):
    """``{ ... }`` of elements of ``item``; a single element is accepted too, as in Ludii."""

    item: PType
    single: bool = True

    @property
    def label(self) -> str:  # type: ignore[override]  # computed, where PType holds a plain label
        return "{" + str(self.item) + "}"

    def accepts(self, value: Any) -> bool:
        if isinstance(value, BoundArray):
            return all(self.item.accepts(v) for v in value.items)
        return self.single and self.item.accepts(value)


@dataclass(frozen=True)
class Either(PType):
    options: tuple[PType, ...]

    @property
    def label(self) -> str:  # type: ignore[override]  # computed, where PType holds a plain label
        return " | ".join(str(o) for o in self.options)

    def accepts(self, value: Any) -> bool:
        return any(o.accepts(value) for o in self.options)


@dataclass(frozen=True)
class Instance(PType):
    """A ludeme of one particular name, e.g. the ``(to ...)`` of a move."""

    ludeme: str

    @property
    def label(self) -> str:  # type: ignore[override]  # computed, where PType holds a plain label
        return f"({self.ludeme} ...)"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, Ludeme) and value.name == self.ludeme


INT_LIT = Literal(Int, "int")
FLOAT_LIT = Literal(Float, "float")
BOOL_LIT = Literal(Bool, "boolean")
STR_LIT = Literal(Str, "string")
# Ludii's application constants, ints anywhere an int is: Off (no site, -1), End (the end of a
# track, -2), Undefined (-1), Infinity
INT_FN = Kind((INT,), "int", literals=(Int,), consts=("Infinity", "Off", "End", "Undefined"))
BOOL_FN = Kind((BOOL,), "boolean", literals=(Bool,))
PLAYER = Kind((INT,), "player", literals=(Int,), consts=tuple(ROLES))
ROLE = Enum(tuple(ROLES), "role")
SITE_FN = Kind((INT,), "site", literals=(Int, Str))


@dataclass(frozen=True)
class RegionType(PType):
    """A region: a region ludeme, one site (label, number or int expression), or ``{...}`` of
    sites."""

    label: str = "region"

    def accepts(self, value: Any) -> bool:
        if isinstance(value, BoundArray):
            return all(SITE_FN.accepts(v) for v in value.items)
        return isinstance(value, (Int, Str)) or (isinstance(value, Ludeme) and value.kind in (REGION, INT))


REGION_FN = RegionType()
DIRS = Kind((DIRECTIONS,), "directions", consts=tuple(DIRECTION_NAMES))
MOVES_T = Kind((MOVES,), "moves")


def kind_of(*kinds: str) -> Kind:
    return Kind(tuple(kinds))


@dataclass
class BoundArray:
    """A bound ``{ ... }``: its items are bound values (ludemes or literal nodes)."""

    items: list[Any]
    span: Span


# --- declared ranges ---------------------------------------------------------------------------
INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1  # values are 32-bit integers, as in Ludii


@dataclass(frozen=True)
class Range:
    """The values a numeric parameter may take, both ends included: ``Param(INT_FN, range=(1,
    64))`` or a named ``Range``. The binder checks every number written for the parameter
    (and each number of an array) against it, with a located error, so every later stage (the
    engine, pictures, concepts) may rely on it; values computed during play are bounded where
    they are used. ``what`` says what the numbers stand for, in messages."""

    lo: float
    hi: float
    what: str = ""

    def __contains__(self, value: float) -> bool:
        return self.lo <= value <= self.hi

    def __str__(self) -> str:
        return f"from {_number(self.lo)} to {_number(self.hi)}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


#: ranges shared by many parameters
ANY_INT = Range(INT_MIN, INT_MAX, "a 32-bit integer")  # an operand: any value the engine holds
SITE_NUMBER = Range(-1, 20_000, "a site number")  # on the board (checked when compiled) or a hand
PLAYER_NUMBER = Range(0, 16, "a player number")
COUNT = Range(0, 1_000_000, "a number of pieces")  # a pit's seeds
PIECES = Range(1, 1_000_000, "a number of pieces, at least one")
LENGTH = Range(1, 10_000, "a number of sites")  # a line, a walk: at most a board's sites
DISTANCE = Range(0, 10_000, "a number of steps or sites")
INDEX = Range(0, 10_000, "a row, column or index")
LEVEL = Range(0, 1000, "a level of a stack")
PIECE_NUMBER = Range(0, 10_000, "a piece's number")
VERTEX_NUMBER = Range(0, 40_000, "a vertex number")
BOARD_SIZE = Range(1, 100, "a board dimension (sites per side)")
COORDINATE = Range(-10_000, 10_000, "a coordinate in board units")  # of points and shifts
FACTOR = Range(-100, 100, "a factor")
SCALE = Range(0.01, 100, "a scale factor")  # 0 would fold a board onto one point
ANGLE = Range(-360, 360, "an angle in degrees")


# --- parameters and ludemes --------------------------------------------------------------------
_REQUIRED = object()


@dataclass(frozen=True)
class Param:
    """One parameter, declared as an annotated class attribute of its ludeme::

        to: Any = Param(Instance("to"))
        then: Any = Param(kind_of(THEN), optional=True)

    ``named`` parameters are written ``key:value``; ``optional`` ones may be left out (their
    value is then ``default``); ``range`` bounds a numeric parameter (see :class:`Range`). ``name`` is the attribute (filled in when the class is made);
    ``key`` the word written in a description when it differs (``condition: Any =
    Param(BOOL_FN, named=True, key="if")`` reads ``if:``)."""

    type: PType
    optional: bool = False
    named: bool = False
    default: Any = None
    doc: str = ""
    many: bool = False  # takes all following positional arguments of its type: (and a b c)
    key: str = ""
    name: str = ""
    range: Range | None = None  # the numbers it accepts

    def __init__(self, type: PType, optional: bool = False, named: bool = False, default: Any = None,
                 doc: str = "", many: bool = False, key: str = "", name: str = "",
                 range: Range | tuple[float, float] | None = None) -> None:
        """The dataclass's own, but ``range`` may be written as a (low, high) pair."""
        fields = dict(type=type, optional=optional, named=named, default=default, doc=doc, many=many,
                      key=key, name=name, range=Range(*range) if isinstance(range, tuple) else range)
        for attr, value in fields.items():
            object.__setattr__(self, attr, value)

    @property
    def word(self) -> str:
        """The parameter's name in a description."""
        return self.key or self.name

    def signature(self) -> str:
        text = f"{self.word}:{self.type}" if self.named else f"<{self.type}>"
        if self.many:
            text += "..."
        return f"[{text}]" if self.optional else text


def _declared_params(cls: type) -> tuple[Param, ...]:
    """The parameters of a ludeme class in declaration order, its bases' first. A subclass that
    declares a parameter again moves it to its own place; one that sets it to a plain value
    (``shape = None``) does without it."""
    found: dict[str, Param] = {}
    for klass in reversed(cls.__mro__):
        own = klass.__dict__
        for attr in [a for a in found if a in own and not isinstance(own[a], Param)]:
            del found[attr]
        for attr in own.get("__annotations__", {}):
            value = own.get(attr)
            if isinstance(value, Param):
                found.pop(attr, None)
                found[attr] = value if value.name == attr else replace(value, name=attr)
    return tuple(found.values())


REGISTRY: dict[str, type[Ludeme]] = {}  # name -> the class of that name (the first, when overloaded)
# name -> every class of that name: Ludii overloads a few names by argument type (``remove`` is
# an effect on pieces and an operator on boards), each overload a class of its own
OVERLOADS: dict[str, tuple[type[Ludeme], ...]] = {}


def ludeme_classes() -> list[type[Ludeme]]:
    """Every registered ludeme class, overloads included."""
    return [cls for classes in OVERLOADS.values() for cls in classes]


def _overload_order(cls: type) -> tuple[bool, bool, str]:
    """The order of the classes of one name: the primary one, then the overloads by module (a
    stable sort keeps a module's own in definition order), those marked ``overload_last``
    after the others (tried only where none of the others takes the arguments)."""
    return bool(cls.__dict__.get("overload", False)), bool(cls.__dict__.get("overload_last", False)), cls.__module__


@dataclass_transform(kw_only_default=True, field_specifiers=(Param,))
class Ludeme:
    """Base class of every ludeme. Subclasses set ``name``, ``kind``, a docstring, and declare
    their parameters as annotated attributes (``to: Any = Param(...)``); ``params`` lists them."""

    name: ClassVar[str] = ""
    kind: ClassVar[str] = MISC
    params: ClassVar[tuple[Param, ...]] = ()
    family: ClassVar[str] = "misc"
    concepts: ClassVar[tuple[str, ...]] = ()
    termination: ClassVar[Termination | None] = None  # the end it makes, as an end condition
    overload: ClassVar[bool] = False  # another class of a name already registered (chosen by its arguments)
    overload_last: ClassVar[bool] = False  # an overload tried after the others of its name
    meanings: ClassVar[dict[str, str]] = {}  # parameter word -> its meaning (``Parameters:``)
    span: Span

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.params = _declared_params(cls)
        meanings: dict[str, str] = {}
        for klass in reversed(cls.__mro__):  # a base class's meanings, unless the class says otherwise
            meanings.update(parameters_block(klass.__dict__.get("__doc__")))
        cls.meanings = meanings
        if cls.__dict__.get("name"):
            known = OVERLOADS.get(cls.name, ())
            primary = not cls.__dict__.get("overload", False)
            if primary and any(not k.__dict__.get("overload", False) for k in known if k is not cls):
                raise TypeError(f"ludeme {cls.name!r} registered twice (an overload says overload = True)")
            if cls not in known:
                # whatever order the modules are imported in: the class without overload = True
                # first, then the overloads by module (the binder tries them in this order)
                OVERLOADS[cls.name] = tuple(sorted(known + (cls,), key=_overload_order))
            REGISTRY[cls.name] = OVERLOADS[cls.name][0]
            module = cls.__module__.rsplit(".", 1)[-1]
            if "family" not in cls.__dict__:
                cls.family = module

    def __init__(self, span: Span, **values: Any):
        self.span = span
        for p in self.params:
            setattr(self, p.name, values.get(p.name, p.default))
        self.validate()

    def validate(self) -> None:
        """Semantic checks beyond types; raise BindError with a span."""

    def declare(self, d: Any, c: Any) -> None:
        """What this ludeme needs of the game it is part of (a state array, a named decision,
        an equipment table, an engine hook), declared on ``d`` (an
        :class:`~interpreter.engine.game.Declarations`) before the rules are compiled: the
        collect pass, so the game is built with a fixed layout. ``c`` converts static values
        (a compiler without a game). Nothing by default."""

    def children(self) -> Iterator[Any]:
        for p in self.params:
            value = getattr(self, p.name)
            yield from _flatten(value)

    def walk(self) -> Iterator[Ludeme]:
        yield self
        for child in self.children():
            if isinstance(child, Ludeme):
                yield from child.walk()

    # --- concepts (see :mod:`.concepts`: the walk that knows where a ludeme stands) ----------------
    def concepts_at(self, where: Any) -> Iterable[str]:
        """The concepts this ludeme implies where it stands (``where``: a decision or an effect,
        in the end rules...); by default its class's ``concepts``."""
        return self.concepts

    def where_for(self, param: Param, where: Any) -> Any:
        """Where the arguments of ``param`` stand; by default where this ludeme stands."""
        return where

    def words(self, w: Any) -> str | None:
        """This ludeme in plain words (``w``: a :class:`~.words.Words` to say its arguments), for
        the reason a game ended; None when it cannot say itself."""
        return None

    def end_rule(self) -> tuple[Any, list] | None:
        """For an end rule: (its condition, its results); None for anything else."""
        return None

    def __repr__(self) -> str:
        return f"<{self.name} at {self.span}>"

    # --- documentation -------------------------------------------------------------------------
    @classmethod
    def signature(cls) -> str:
        words = cls.name.split(" ")
        return "(" + " ".join(words + [p.signature() for p in cls.params]) + ")"

    @classmethod
    def summary(cls) -> str:
        doc = inspect.cleandoc(cls.__doc__ or "")
        return " ".join(doc.split("\n\n")[0].split()) if doc else ""

    @classmethod
    def meaning(cls, param: Param) -> str:
        """What a parameter means, from the docstring's ``Parameters:`` block (a base class's
        when the class says nothing of it), else the parameter's own ``doc``."""
        return cls.meanings.get(param.word) or cls.meanings.get(param.name) or param.doc

    @classmethod
    def examples(cls) -> list[str]:
        doc = inspect.cleandoc(cls.__doc__ or "")
        if "Examples:" not in doc:
            return []
        block = doc.split("Examples:", 1)[1]
        return [line.strip() for line in block.strip().splitlines() if line.strip()]


def parameters_block(doc: str | None) -> dict[str, str]:
    """The ``Parameters:`` block of a docstring, before ``Examples:``: one entry per parameter,
    ``word: meaning``, a meaning going on over more indented lines::

        Parameters:
            to: where the piece goes.
            then: what follows the move (captures, scores).
    """
    if not doc or "Parameters:" not in doc:
        return {}
    text = inspect.cleandoc(doc).split("Examples:", 1)[0]
    block = text.split("Parameters:", 1)[1]
    out: dict[str, str] = {}
    current: str | None = None
    indent: int | None = None
    for line in block.splitlines():
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            break  # the block is over
        if indent is None:
            indent = depth
        word, colon, rest = line.strip().partition(":")
        if depth == indent and colon and word and " " not in word:
            current = word
            out[word] = rest.strip()
        elif current is not None:
            out[current] = (out[current] + " " + line.strip()).strip()
    return out


def _flatten(value: Any) -> Iterator[Any]:
    if isinstance(value, BoundArray):
        for v in value.items:
            yield from _flatten(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _flatten(v)
    elif value is not None:
        yield value


def literal_value(value: Any) -> Any:
    """The Python value of a literal node (int, float, bool, str, constant name)."""
    if isinstance(value, (Int, Float, Bool, Str)):
        return value.value
    if isinstance(value, Const):
        return value.name
    return value



def uses_facing(value: Any) -> bool:
    """The rule uses directions relative to a facing (Forward, FL...) somewhere."""
    from ..engine.facing import RELATIVE
    return any(getattr(ludeme, "needs_facing", False) or
               any(isinstance(node, Const) and node.name in RELATIVE for node in ludeme.children())
               for ludeme in value.walk())

__all__ = [
    "Ludeme", "Param", "Range", "REGISTRY", "OVERLOADS", "ludeme_classes", "INT_MIN", "INT_MAX", "ANY_INT", "SITE_NUMBER", "PLAYER_NUMBER",
    "COUNT", "PIECES", "LENGTH", "DISTANCE", "INDEX", "LEVEL", "PIECE_NUMBER", "VERTEX_NUMBER", "BOARD_SIZE",
    "COORDINATE", "FACTOR", "SCALE", "ANGLE", "BoundArray", "PType", "Kind", "Enum", "ArrayOf", "Either",
    "Literal", "Instance", "INT_LIT", "FLOAT_LIT", "BOOL_LIT", "STR_LIT", "INT_FN", "BOOL_FN", "PLAYER", "ROLE",
    "REGION_FN", "SITE_FN", "DIRS", "DIRECTION_NAMES", "MOVES_T", "kind_of", "literal_value", "Call", "Node", "Array", "uses_facing",
]


class DirectionsByCondition(Exception):
    """Raised while compiling a ludeme whose directions depend on the position (Ludii's ``(if
    C dirsA dirsB)`` as directions, the direction from one site to another): the compiler
    catches it where the ludeme is compiled and compiles that ludeme once per branch
    (``node.forced`` set to each branch's number; ``node.branches(c)`` gives their count and the
    function choosing one when the rule runs)."""

    def __init__(self, node: Any):
        super().__init__("directions chosen by a condition")
        self.node = node
