"""Canonical text of syntax trees (used by ``ludeme expand`` and ``ludeme fmt``).

A form that fits on one line (``WIDTH`` columns with its indent) is written inline; otherwise
its head and leading simple arguments stay on the first line and every other argument goes on
its own line, indented by four spaces, with the closing bracket on a line of its own. A call
whose only remaining argument is a long array hugs it, as Ludii's own files do::

    (equipment {
        (board (square 19) use:Vertex)
        (piece "Ball" Each)
    })

:func:`format_document` rewrites a whole file and keeps every ``//`` comment: a comment goes
before the node that followed it in the source (at that node's indent), a comment that ended a
line of code still ends the line of the code it followed, and comments after the last child of a
form go before its closing bracket. Top-level forms are separated by one blank line.
"""

from __future__ import annotations

import math
from decimal import Decimal

from .nodes import (
    Array,
    Bool,
    Call,
    Comment,
    Const,
    DefineRef,
    Document,
    Float,
    Head,
    Hole,
    Int,
    Item,
    Named,
    NegatedRef,
    Node,
    Omit,
    Param,
    Placeholder,
    Range,
    Str,
    Value,
)

WIDTH = 100
INDENT = "    "


def quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def format_float(value: float) -> str:
    """Shortest text that reads back as ``value``, always with a decimal point, never an exponent
    (the grammar has no exponents)."""
    text = repr(value)
    if "e" in text or "E" in text:
        text = format(Decimal(text), "f")
    return text if "." in text or not math.isfinite(value) else text + ".0"


def format_inline(node: Node, unquote_strings: bool = False) -> str:
    """One-line text of a node. ``unquote_strings`` gives a string's bare value (text splicing)."""
    if isinstance(node, Str):
        return node.value if unquote_strings else quote(node.value)
    atom = _format_atom(node)
    return atom if atom is not None else _format_compound(node)


def _format_atom(node: Node) -> str | None:
    """The text of a node that holds no other (a number, a word...); None for the others."""
    if isinstance(node, Bool):
        return "True" if node.value else "False"
    if isinstance(node, Int):
        return str(node.value)
    if isinstance(node, Float):
        if not math.isfinite(node.value) and node.text:
            return node.text  # a literal too large for a float: keep what was written
        return format_float(node.value)
    if isinstance(node, Const):
        return node.name
    if isinstance(node, Param):
        return f"#{node.index}"
    if isinstance(node, Placeholder):
        return node.text
    if isinstance(node, Omit):
        return "~"
    if isinstance(node, NegatedRef):
        return "-" + quote(node.name)
    return None


def _format_compound(node: Node) -> str:
    """The one-line text of a node that holds others (a call, an array...)."""
    if isinstance(node, Hole):
        return "[" + " ".join(format_inline(n) for n in node.items) + "]"
    if isinstance(node, Range):
        return f"{format_inline(node.lo)}..{format_inline(node.hi)}"
    if isinstance(node, Named):
        return f"{node.key}:{format_inline(node.value)}"
    if isinstance(node, Array):
        return "{" + " ".join(format_inline(n) for n in node.items) + "}" if node.items else "{}"
    if isinstance(node, Value):
        if node.raw is not None:
            return "<" + node.raw + ">"
        return "<" + " ".join(format_inline(n) for n in node.items) + ">"
    if isinstance(node, Item):
        parts = ["item", quote(node.name)] + [format_inline(v) for v in node.values]
        if node.help is not None:
            parts.append(quote(node.help))
        return "(" + " ".join(parts) + ")" + "*" * node.stars
    if isinstance(node, Call):
        parts = [format_head(node.head)] + [format_inline(a) for a in node.args]
        return "(" + " ".join(parts) + ")" + "*" * node.stars
    raise TypeError(f"cannot format {type(node).__name__}")


class _TooLong(Exception):
    pass


def _inline_within(node: Node, limit: int) -> str | None:
    """:func:`format_inline` of ``node`` when it is at most ``limit`` characters long and holds
    no line break, else None, found without writing out more than ``limit`` characters (the
    layout asks this of every form, so a large form is not written out once per level)."""
    parts: list[str] = []
    size = 0

    def emit(text: str) -> None:
        nonlocal size
        size += len(text)
        if size > limit or "\n" in text:
            raise _TooLong
        parts.append(text)

    def walk(n: Node) -> None:
        if isinstance(n, Call):
            emit("(" + format_head(n.head))
            for a in n.args:
                emit(" ")
                walk(a)
            emit(")" + "*" * n.stars)
        elif isinstance(n, Array):
            if not n.items:
                emit("{}")
                return
            emit("{")
            for i, x in enumerate(n.items):
                if i:
                    emit(" ")
                walk(x)
            emit("}")
        elif isinstance(n, Named):
            emit(f"{n.key}:")
            walk(n.value)
        else:
            emit(format_inline(n))

    try:
        walk(node)
    except _TooLong:
        return None
    return "".join(parts)


def format_head(head: Head) -> str:
    if isinstance(head, str):
        return head
    if isinstance(head, DefineRef):
        return quote(head.name)
    return format_inline(head)


def format_node(node: Node, indent: int = 0) -> str:
    """Multi-line canonical text of ``node`` starting at ``indent`` levels."""
    writer = _Writer([], "")
    writer.node(node, indent)
    return "\n".join(writer.lines)


def format_document(doc: Document) -> str:
    """The whole file in canonical form, every comment kept, forms in their order.

    Stable: formatting the result again changes nothing; parsing the result gives the same
    forms and the same comments (texts and order) as ``doc``.
    """
    writer = _Writer(doc.comments, doc.text)
    previous: str | None = None  # "form" or "comment": what the last top-level line was
    last_line = 0  # source line where the previous top-level thing ended
    next_starts = [_start(form) for form in doc.forms[1:]] + [(math.inf, 0)]
    for form, next_start in zip(doc.forms, next_starts):
        previous, last_line = writer.top_comments(_start(form), previous, last_line)
        if previous is not None and (previous == "form" or _start(form)[0] - last_line > 1):
            writer.lines.append("")
        writer.node(form, 0)
        previous, last_line = "form", form.span.end_line
        writer.trailing_comment(next_start)
    writer.top_comments((math.inf, 0), previous, last_line)
    return "\n".join(writer.lines) + "\n" if writer.lines else ""


# ---------------------------------------------------------------------------------------------
# layout


def _start(node: Node) -> tuple[float, float]:
    return (node.span.line, node.span.col)


def _end(node: Node) -> tuple[float, float]:
    return (node.span.end_line, node.span.end_col)


def _is_leaf(node: Node) -> bool:
    return not isinstance(node, (Call, Array, Item, Named, Value))


def _is_simple(node: Node) -> bool:
    """Arguments that may stay on their form's first line: atoms, ``key:atom``, ``key:{atoms}``,
    and an item's ``<atoms>`` values."""
    if isinstance(node, Named):
        value = node.value
        return _is_leaf(value) or (isinstance(value, Array) and all(_is_leaf(v) for v in value.items))
    if isinstance(node, Value):
        return all(_is_leaf(v) for v in node.items)
    return _is_leaf(node)


def _splittable(node: Node) -> bool:
    """A simple argument that can still be split over lines to keep a comment inside it."""
    return isinstance(node, Value) or (isinstance(node, Named) and isinstance(node.value, Array))


class _Writer:
    """Lays out nodes into ``lines``, emitting the source's comments where they belong.

    Comments are consumed in source order through a cursor: before a node that starts a line,
    every comment that came before it in the source is written; before a closing bracket, every
    comment inside the form. A node with a pending comment inside never goes inline.
    """

    def __init__(self, comments: list[Comment], text: str):
        self.comments = sorted(comments, key=lambda c: (c.line, c.col))
        source = text.split("\n") if text else []
        # A trailing comment follows code on its own line; it stays at the end of a line of code.
        self.trailing = [
            0 < c.line <= len(source) and source[c.line - 1][: c.col - 1].strip() != ""
            for c in self.comments
        ]
        self.next = 0
        self.lines: list[str] = []
        self.comment_end = -1  # index of the last line that ends with a comment

    # comments --------------------------------------------------------------------------------
    def pending(self, pos: tuple[float, float]) -> bool:
        """Is there an unwritten comment before ``pos`` in the source?"""
        if self.next >= len(self.comments):
            return False
        c = self.comments[self.next]
        return (c.line, c.col) < pos

    def flush(self, pos: tuple[float, float], indent: int) -> None:
        """Write every comment before ``pos``, at ``indent`` (or at the end of the last line)."""
        while self.pending(pos):
            self.write_comment(indent)

    def write_comment(self, indent: int) -> None:
        comment = self.comments[self.next]
        last = len(self.lines) - 1
        if self.trailing[self.next] and last >= 0 and last != self.comment_end and self.lines[-1].strip():
            self.lines[-1] += " " + comment.text
        else:
            self.lines.append(INDENT * indent + comment.text)
        self.comment_end = len(self.lines) - 1
        self.next += 1

    def trailing_comment(self, limit: tuple[float, float]) -> None:
        """A comment that ends the line of the form just written (before ``limit``) stays there."""
        if self.pending(limit) and self.trailing[self.next]:
            self.write_comment(0)

    def top_comments(self, pos: tuple[float, float], previous: str | None,
                     last_line: int) -> tuple[str | None, int]:
        """Top-level comments before ``pos``: one blank line after a form, and blank lines
        between comments (or a comment and the next form) kept where the source had them."""
        while self.pending(pos):
            comment = self.comments[self.next]
            if previous == "form" or (previous == "comment" and comment.line - last_line > 1):
                self.lines.append("")
            self.write_comment(0)
            previous, last_line = "comment", comment.line
        return previous, last_line

    # nodes -----------------------------------------------------------------------------------
    def node(self, node: Node, indent: int, prefix: str = "") -> None:
        """Write ``node`` starting a line at ``indent``; its first line starts with ``prefix``."""
        pad = INDENT * indent
        inline = _inline_within(node, WIDTH - len(pad) - len(prefix))
        if inline is not None and not self.pending(_end(node)):
            self.lines.append(pad + prefix + inline)
        elif isinstance(node, Named):
            self.node(node.value, indent, prefix + node.key + ":")
        elif isinstance(node, (Array, Value)):
            open_, close = ("{", "}") if isinstance(node, Array) else ("<", ">")
            self.lines.append(pad + prefix + open_)
            self.children(node.items, indent + 1)
            self.flush(_end(node), indent + 1)
            self.lines.append(pad + close)
        elif isinstance(node, (Call, Item)):
            self.form(node, indent, prefix)
        else:
            self.lines.append(pad + prefix + format_inline(node))

    def children(self, children: list[Node], indent: int) -> None:
        for child in children:
            self.flush(_start(child), indent)
            self.node(child, indent)

    def form(self, node: Call | Item, indent: int, prefix: str) -> None:
        pad = INDENT * indent
        if isinstance(node, Item):
            first = ["item", quote(node.name)]
            rest: list[Node] = list(node.values)
            tail = [quote(node.help)] if node.help is not None else []
        else:
            first = [format_head(node.head)]
            rest = list(node.args)
            tail = []
        stars = "*" * node.stars
        # Leading simple arguments stay on the first line: (game "Name" ... / (piece "Disc" Each
        # unless a comment comes first, or sits inside an array that can be split to keep it in
        # place (one inside an atom, as in 1..// note, moves after the atom).
        while (rest and _is_simple(rest[0]) and len(pad) + len(prefix) + len(" ".join(first)) < WIDTH // 2
               and not self.pending(_end(rest[0]) if _splittable(rest[0]) else _start(rest[0]))):
            first.append(format_inline(rest.pop(0)))
        head = pad + prefix + "(" + " ".join(first)
        if not rest and not tail and not self.pending(_end(node)):
            self.lines.append(head + ")" + stars)  # only a long atom made it too wide
            return
        if (len(rest) == 1 and not tail and isinstance(rest[0], Array) and rest[0].items
                and not self.pending(_start(rest[0])) and not self._fits(rest[0], indent + 1)):
            # (equipment { ... }): the call hugs its one long array
            self.lines.append(head + " {")
            self.children(rest[0].items, indent + 1)
            self.flush(_end(node), indent + 1)
            self.lines.append(pad + "})" + stars)
            return
        self.lines.append(head)
        self.children(rest, indent + 1)
        for text in tail:
            self.lines.append(pad + INDENT + text)
        self.flush(_end(node), indent + 1)
        self.lines.append(pad + ")" + stars)

    def _fits(self, node: Node, indent: int) -> bool:
        inline = format_inline(node)
        return (len(INDENT * indent) + len(inline) <= WIDTH and "\n" not in inline
                and not self.pending(_end(node)))
