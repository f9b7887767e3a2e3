"""Canonical text of syntax trees (used by ``ludeme expand`` and ``ludeme fmt``).

A form that fits on one line (``WIDTH`` columns with its indent) is written inline; otherwise
its head and leading atoms stay on the first line and every other argument goes on its own
line, indented by four spaces, with the closing bracket on a line of its own.
"""

from __future__ import annotations

from .nodes import (
    Array, Bool, Call, Const, DefineRef, Float, Int, Item, Named, Node, Omit, Param, Placeholder,
    Range, Str, Value,
)

WIDTH = 100
INDENT = "    "


def quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def format_float(value: float) -> str:
    text = repr(value)
    return text if ("." in text or "e" in text or "n" in text) else text + ".0"


def format_inline(node: Node, unquote_strings: bool = False) -> str:
    """One-line text of a node. ``unquote_strings`` gives a string's bare value (text splicing)."""
    if isinstance(node, Str):
        return node.value if unquote_strings else quote(node.value)
    if isinstance(node, Bool):
        return "True" if node.value else "False"
    if isinstance(node, Int):
        return str(node.value)
    if isinstance(node, Float):
        return format_float(node.value)
    if isinstance(node, Const):
        return node.name
    if isinstance(node, Param):
        return f"#{node.index}"
    if isinstance(node, Placeholder):
        return node.text
    if isinstance(node, Omit):
        return "~"
    if isinstance(node, Range):
        return f"{format_inline(node.lo)}..{format_inline(node.hi)}"
    if isinstance(node, Named):
        return f"{node.key}:{format_inline(node.value)}"
    if isinstance(node, Array):
        return "{" + " ".join(format_inline(n) for n in node.items) + "}" if node.items else "{}"
    if isinstance(node, Value):
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


def format_head(head: object) -> str:
    if isinstance(head, str):
        return head
    if isinstance(head, DefineRef):
        return quote(head.name)
    return format_inline(head)  # type: ignore[arg-type]


def _is_leaf(node: Node) -> bool:
    return not isinstance(node, (Call, Array, Item, Named, Value)) or (
        isinstance(node, Named) and _is_leaf(node.value))


def format_node(node: Node, indent: int = 0) -> str:
    """Multi-line canonical text of ``node`` starting at ``indent`` levels."""
    return "\n".join(format_lines(node, indent, lambda _node, _indent: []))


def format_lines(node: Node, indent: int, before) -> list[str]:
    """Lines of ``node``; ``before(child, indent)`` yields lines (comments) to put before a child
    that starts on a line of its own."""
    pad = INDENT * indent
    inline = format_inline(node)
    if len(pad) + len(inline) <= WIDTH and "\n" not in inline and not _has_comments(node, before):
        return [pad + inline]
    if isinstance(node, Named):
        inner = format_lines(node.value, indent, before)
        return [pad + f"{node.key}:" + inner[0].lstrip()] + inner[1:]
    if isinstance(node, (Array, Value)):
        open_, close = ("{", "}") if isinstance(node, Array) else ("<", ">")
        lines = [pad + open_]
        for child in node.items:
            lines.extend(before(child, indent + 1))
            lines.extend(format_lines(child, indent + 1, before))
        lines.append(pad + close)
        return lines
    if isinstance(node, (Call, Item)):
        if isinstance(node, Item):
            first = ["item", quote(node.name)]
            rest: list[Node] = list(node.values)
            tail = [quote(node.help)] if node.help is not None else []
        else:
            first = [format_head(node.head)]
            rest = list(node.args)
            tail = []
        # Leading leaves stay on the first line: (game "Name" ... / (board (square 19) ...
        while rest and _is_leaf(rest[0]) and len(pad) + len(" ".join(first)) < WIDTH // 2:
            first.append(format_inline(rest.pop(0)))
        lines = [pad + "(" + " ".join(first)]
        for child in rest:
            lines.extend(before(child, indent + 1))
            lines.extend(format_lines(child, indent + 1, before))
        for t in tail:
            lines.append(pad + INDENT + t)
        lines.append(pad + ")" + "*" * node.stars)
        return lines
    return [pad + inline]


def _has_comments(node: Node, before) -> bool:
    if not isinstance(node, (Call, Array, Item, Named, Value)):
        return False
    for child in node.walk():
        if child is not node and before(child, 0, peek=True) if _accepts_peek(before) else False:
            return True
    return False


def _accepts_peek(before) -> bool:
    return getattr(before, "supports_peek", False)
