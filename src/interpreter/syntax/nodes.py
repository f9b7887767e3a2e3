"""Syntax tree nodes: what the parser produces and the expander rewrites.

Every node carries a :class:`Span` (file, line, column) so that any later error can point at
the text. A node produced by inlining a define also remembers *where the define was used*
(``Span.via``), so an error inside a define shows both places.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace


class SourceName(str):
    """A file name (or ``<text>``) that carries the text it names, so an error can quote its
    lines: two texts with the same name never mix."""

    text: str

    def __new__(cls, name: str, text: str) -> SourceName:
        self = super().__new__(cls, name)
        self.text = text
        return self

    def __reduce__(self) -> tuple[type[SourceName], tuple[str, str]]:  # copies and pickles keep the text
        return (SourceName, (str(self), self.text))


@dataclass(frozen=True, slots=True)
class Span:
    """A location in a source text. ``via`` lists the define uses this node was expanded through."""

    file: str = "<text>"
    line: int = 0
    col: int = 0
    end_line: int = 0
    end_col: int = 0
    via: tuple[Via, ...] = ()

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def through(self, via: Via) -> Span:
        return replace(self, via=(via,) + self.via)

    @property
    def source(self) -> str | None:
        """The whole text this span is in, when known."""
        return getattr(self.file, "text", None)

    def text(self, limit: int = 0) -> str:
        """The text the span covers, on one line (whitespace runs collapsed); ``limit`` cuts
        it to that many characters with an ellipsis. Empty when the source is unknown."""
        source = self.source
        if source is None or self.line < 1 or self.end_line < self.line:
            return ""
        lines = source.splitlines()[self.line - 1:self.end_line]
        if not lines:
            return ""
        if len(lines) == 1:
            lines[0] = lines[0][self.col - 1:self.end_col - 1]
        else:
            lines[0] = lines[0][self.col - 1:]
            lines[-1] = lines[-1][:self.end_col - 1]
        text = " ".join(" ".join(lines).split())
        if limit and len(text) > limit:
            text = text[:limit - 3].rstrip() + "..."
        return text


@dataclass(frozen=True, slots=True)
class Via:
    """One step of define expansion: the define ``name`` was used at ``span``."""

    name: str
    span: Span


@dataclass(slots=True)
class Node:
    span: Span = field(default_factory=Span, compare=False, repr=False, kw_only=True)

    def children(self) -> Iterator[Node]:
        return iter(())

    def walk(self) -> Iterator[Node]:
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children())))


@dataclass(slots=True)
class Str(Node):
    value: str


@dataclass(slots=True)
class Int(Node):
    value: int


@dataclass(slots=True)
class Float(Node):
    value: float
    text: str = field(default="", compare=False)


@dataclass(slots=True)
class Bool(Node):
    value: bool


@dataclass(slots=True)
class Const(Node):
    """A bare word: an enum constant (``Mover``, ``Vertex``, ``P1``...)."""

    name: str


@dataclass(slots=True)
class Omit(Node):
    """``~``: an argument deliberately left out of a define use."""


@dataclass(slots=True)
class Param(Node):
    """``#n``: the n-th argument of the enclosing define."""

    index: int


@dataclass(slots=True)
class Placeholder(Node):
    """``<Tag>`` or ``<Tag:arg>``: replaced by the chosen item of an option."""

    tag: str
    arg: str | None = None

    @property
    def text(self) -> str:
        return f"<{self.tag}:{self.arg}>" if self.arg else f"<{self.tag}>"


@dataclass(slots=True)
class Range(Node):
    """``lo..hi`` inside an array."""

    lo: Node
    hi: Node

    def children(self) -> Iterator[Node]:
        return iter((self.lo, self.hi))


@dataclass(slots=True)
class Hole(Node):
    """``[#]``, ``[2..16]``: a gap left in a reconstruction description (parsed, never played).
    A bare ``#`` inside is kept as ``Const("#")``."""

    items: list[Node]

    def children(self) -> Iterator[Node]:
        return iter(self.items)


@dataclass(slots=True)
class Broken(Node):
    """Text that could not be read, its error already reported (``check`` reads past it): the
    expansion keeps it, the binder takes it for any argument and reports nothing more."""

    text: str = ""


@dataclass(slots=True)
class NegatedRef(Node):
    """``-"Name"``: the number a define gives, negated."""

    name: str


@dataclass(slots=True)
class Named(Node):
    """``key:value``."""

    key: str
    value: Node

    def children(self) -> Iterator[Node]:
        return iter((self.value,))


@dataclass(slots=True)
class Array(Node):
    items: list[Node]

    def children(self) -> Iterator[Node]:
        return iter(self.items)


# The head of a call: a word or symbol (``str``), a define name (``DefineRef``), a ``Param`` or a
# ``Placeholder``.
@dataclass(slots=True)
class DefineRef(Node):
    """A quoted name in head position: ``("StepToEmpty" ...)``."""

    name: str


Head = str | DefineRef | Param | Placeholder


@dataclass(slots=True)
class Call(Node):
    head: Head
    args: list[Node]
    stars: int = 0  # default marks after a ruleset: (ruleset ...)*

    def children(self) -> Iterator[Node]:
        if isinstance(self.head, Node):
            yield self.head
        yield from self.args

    @property
    def name(self) -> str:
        return self.head if isinstance(self.head, str) else ""

    def positional(self) -> list[Node]:
        return [a for a in self.args if not isinstance(a, Named)]

    def named(self) -> dict[str, Node]:
        return {a.key: a.value for a in self.args if isinstance(a, Named)}


@dataclass(slots=True)
class Value(Node):
    """``<...>``: one value of an option item (any number of expressions, possibly none).
    ``raw`` is the text of a value whose brackets do not balance (``<(dual>``), which Ludii
    splices into the description as text; its ``items`` are then empty."""

    items: list[Node]
    raw: str | None = None

    def children(self) -> Iterator[Node]:
        return iter(self.items)


@dataclass(slots=True)
class Item(Node):
    """``(item "Name" <v1> <v2> "Help")**``."""

    name: str
    values: list[Value]
    help: str | None = None
    stars: int = 0

    def children(self) -> Iterator[Node]:
        return iter(self.values)


@dataclass(slots=True)
class Comment:
    """A ``//`` comment, kept beside the tree so formatting never loses it."""

    text: str
    line: int
    col: int


@dataclass(slots=True)
class Document:
    """A parsed file: its top-level forms and its comments."""

    forms: list[Node]
    comments: list[Comment]
    file: str = "<text>"
    text: str = ""
