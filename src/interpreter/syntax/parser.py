"""Text → :class:`Document` with the Lark grammar in ``grammar/lud.lark``.

The grammar is LALR with Lark's contextual lexer, so ``<`` means a comparison right after ``(``,
an option value inside ``(item ...)`` and a placeholder elsewhere. Parse errors become
:class:`LudSyntaxError` with a location, a caret and a hint (unclosed bracket, unterminated
string...).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterator

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import LudSyntaxError
from ..resources import grammar_path
from .nodes import (
    Array, Bool, Call, Hole, NegatedRef, Comment, Const, DefineRef, Document, Float, Int, Item, Named, Node,
    Omit, Param, Placeholder, Range, SourceName, Span, Str, Value,
)

MAX_TEXT = 2_000_000  # characters; a description larger than this is refused
MAX_DEPTH = 100  # bracket nesting; deeper text is refused before Lark sees it (and before
# the recursive tree builder, which takes ~5 Python frames per level of `key:(...)`)


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def parse(text: str, file: str = "<text>") -> Document:
    """Parse a description. Raises :class:`LudSyntaxError` on malformed text."""
    file = SourceName(file, text)  # spans carry the text, so errors quote the right lines
    if len(text) > MAX_TEXT:
        raise LudSyntaxError(f"description too large ({len(text)} characters, at most {MAX_TEXT})",
                             Span(file, 1, 1))
    _check_brackets(text, file)
    comments: list[Comment] = []
    try:
        tree = _parse_with_comments(text, comments)
    except UnexpectedInput as err:
        raise _syntax_error(err, text, file) from None
    builder = _Builder(file)
    forms = [builder.build(child) for child in tree.children]
    return Document(forms=forms, comments=comments, file=file, text=text)


def parse_file(path: str | Path) -> Document:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise LudSyntaxError(f"file is not UTF-8 text ({err.reason})", Span(str(path), 1, 1)) from None
    return parse(text, str(path))


def _parse_with_comments(text: str, comments: list[Comment]) -> Tree:
    # Comments are ignored by the grammar; collect them with a cheap scan instead of a lexer
    # callback so the cached parser stays stateless.
    comments.extend(scan_comments(text))
    return _lark().parse(text)


def _tokens_outside_strings(text: str) -> Iterator[tuple[str, str, int, int]]:
    """The brackets and comments of ``text`` with their line and column, skipping strings
    (where ``\\"`` does not end the string): ``("comment", text, line, col)``, ``("(", "(", ...)``
    and so on, or ``("unterminated", '"', line, col)`` for a string that never ends."""
    i, n, line, line_start = 0, len(text), 1, 0
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            line_start = i + 1
        elif c == '"':
            start = (line, i - line_start + 1)
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n and text[i + 1] == '"':
                    i += 1
                elif text[i] == "\n":
                    line += 1
                    line_start = i + 1
                i += 1
            if i >= n:
                yield ("unterminated", '"', *start)
                return
        elif c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield ("comment", text[i:end].rstrip(), line, i - line_start + 1)
            i = end
            continue
        elif c in "(){}":
            yield (c, c, line, i - line_start + 1)
        i += 1


def scan_comments(text: str) -> list[Comment]:
    """Every ``//`` comment outside strings, with its position."""
    return [Comment(body, line, col) for kind, body, line, col in _tokens_outside_strings(text)
            if kind == "comment"]


_OPEN = {"(": ")", "{": "}"}
_CLOSE = {")": "(", "}": "{"}


def _check_brackets(text: str, file: str) -> None:
    """Find unbalanced brackets and unterminated strings first: Lark's own message for them is
    far from the cause, and deep nesting must be refused before recursion."""
    stack: list[tuple[str, int, int]] = []
    for kind, _, line, col in _tokens_outside_strings(text):
        if kind == "unterminated":
            raise LudSyntaxError("unterminated string", Span(file, line, col, line, col + 1),
                                 hint='close the string with " (write \\" for a quote inside it)')
        if kind in _OPEN:
            stack.append((kind, line, col))
            if len(stack) > MAX_DEPTH:
                raise LudSyntaxError(f"brackets nested more than {MAX_DEPTH} deep", Span(file, line, col))
        elif kind in _CLOSE:
            if not stack:
                raise LudSyntaxError(f"unexpected '{kind}' with no matching '{_CLOSE[kind]}'",
                                     Span(file, line, col, line, col + 1),
                                     hint="remove it, or add the opening bracket it closes")
            opener, oline, ocol = stack.pop()
            if _OPEN[opener] != kind:
                raise LudSyntaxError(
                    f"'{kind}' does not match '{opener}' opened at {oline}:{ocol}",
                    Span(file, line, col, line, col + 1),
                    hint=f"expected '{_OPEN[opener]}' here",
                )
    if stack:
        opener, oline, ocol = stack[-1]
        raise LudSyntaxError(f"'{opener}' is never closed", Span(file, oline, ocol, oline, ocol + 1),
                             hint=f"add the missing '{_OPEN[opener]}'")


_EXPECT_NAMES = {
    "RPAR": "')'", "LPAR": "'('", "RBRACE": "'}'", "LBRACE": "'{'", "NAME": "a name",
    "STRING": "a string", "INT": "a number", "MORETHAN": "'>'", "LESSTHAN": "'<'",
    "KEY": "key:", "SYMBOL": "an operator", "LSQB": "'['", "RSQB": "']'", "HOLE_MARK": "'#'",
    "MINUS": "'-'", "HOLE_OR": "'|'",
}


def _syntax_error(err: UnexpectedInput, text: str, file: str) -> LudSyntaxError:
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        hint = None
        if ch == ":":
            hint = "a named argument is written key:value with no space before the colon"
        elif ch == "#":
            hint = "#1, #2 ... are define parameters; other uses of # belong in strings"
        return LudSyntaxError(f"unexpected character {ch!r}", Span(file, line, col, line, col + 1), hint)
    if isinstance(err, UnexpectedToken):
        tok: Token = err.token
        expected = sorted(_EXPECT_NAMES.get(t, t) for t in err.expected if not t.startswith("__"))
        width = max(1, len(str(tok.value)))
        msg = f"unexpected {_describe(tok)}"
        hint = None
        if tok.type == "$END":
            msg = "unexpected end of text"
        if getattr(err, "state", None) is not None and expected:
            hint = "expected " + ", ".join(expected[:6]) + (" ..." if len(expected) > 6 else "")
        if tok.type == "HOLE_MARK":
            hint = "#1, #2 ... are define parameters; a lone # only marks a reconstruction gap [#]"
        if tok.type in ("INT", "FLOAT", "STRING", "LBRACE", "RPAR", "COLON") and _after_open_paren(text, err):
            hint = "a call starts with a ludeme name: (name args ...)"
        return LudSyntaxError(msg, Span(file, line, col, line, col + width), hint)
    if isinstance(err, UnexpectedEOF):
        return LudSyntaxError("unexpected end of text", Span(file, line, col))
    return LudSyntaxError(str(err).splitlines()[0], Span(file, line, col))


def _describe(tok: Token) -> str:
    if tok.type == "$END":
        return "end of text"
    return f"{tok.value!r}"


def _after_open_paren(text: str, err: UnexpectedToken) -> bool:
    pos = err.token.start_pos
    if pos is None:
        return False
    before = text[:pos].rstrip()
    return before.endswith("(")


class _Builder:
    """Lark tree → nodes. A plain recursive walk (depth is bounded by MAX_DEPTH)."""

    def __init__(self, file: str):
        self.file = file

    def span(self, item: Tree | Token) -> Span:
        if isinstance(item, Token):
            return Span(self.file, item.line or 0, item.column or 0, item.end_line or 0, item.end_column or 0)
        meta = item.meta
        if getattr(meta, "empty", True):
            return Span(self.file)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def build(self, item: Tree | Token) -> Node:
        if isinstance(item, Token):
            raise AssertionError(f"unexpected bare token {item!r}")
        kind = item.data
        method = getattr(self, "_" + kind)
        return method(item, self.span(item))

    # atoms ---------------------------------------------------------------
    def _string(self, t: Tree, span: Span) -> Node:
        return Str(unquote(t.children[0]), span=span)

    def _int(self, t: Tree, span: Span) -> Node:
        return Int(_number(str(t.children[0]), span), span=span)

    def _float(self, t: Tree, span: Span) -> Node:
        text = str(t.children[0])
        return Float(float(text), text, span=span)

    def _bool(self, t: Tree, span: Span) -> Node:
        return Bool(str(t.children[0]).lower() == "true", span=span)

    def _const(self, t: Tree, span: Span) -> Node:
        return Const(str(t.children[0]), span=span)

    def _param(self, t: Tree, span: Span) -> Node:
        return Param(_number(str(t.children[0])[1:], span), span=span)

    def _placeholder(self, t: Tree, span: Span) -> Node:
        body = str(t.children[0])[1:-1]
        tag, _, arg = body.partition(":")
        return Placeholder(tag.strip(), arg.strip() or None, span=span)

    def _omit(self, t: Tree, span: Span) -> Node:
        return Omit(span=span)

    def _negated_ref(self, t: Tree, span: Span) -> Node:
        return NegatedRef(unquote(t.children[0]), span=span)

    def _paren(self, t: Tree, span: Span) -> Node:
        return self.build(t.children[0])  # ((x)) is (x)

    def _stray(self, t: Tree, span: Span) -> Node:
        return Const(str(t.children[0]), span=span)

    def _hole(self, t: Tree, span: Span) -> Node:
        items: list[Node] = []
        for c in t.children:
            if isinstance(c, Token):  # the # and | marks of a reconstruction gap
                items.append(Const(str(c), span=self.span(c)))
            else:
                items.append(self.build(c))
        return Hole(items, span=span)

    def _name(self, t: Tree, span: Span) -> Node:  # only as a call head
        raise AssertionError("name outside a call head")

    # compound forms --------------------------------------------------------
    def _call(self, t: Tree, span: Span) -> Node:
        head_tree, *rest = t.children
        stars = 0
        if rest and isinstance(rest[-1], Token) and rest[-1].type == "STARS":
            stars = len(rest.pop())
        kind = head_tree.data
        tok = head_tree.children[0]
        head: object
        if kind == "name":
            head = str(tok)
        elif kind == "define_ref":
            head = DefineRef(unquote(tok), span=self.span(head_tree))
        else:
            head = self.build(head_tree)
        return Call(head, [self.build(c) for c in rest], stars, span=span)  # type: ignore[arg-type]

    def _item(self, t: Tree, span: Span) -> Node:
        children = list(t.children)
        stars = 0
        if isinstance(children[-1], Token) and children[-1].type == "STARS":
            stars = len(children.pop())
        name = unquote(children[1])
        values, help_text = [], None
        for c in children[2:]:
            if isinstance(c, Token):
                help_text = unquote(c)
            else:
                values.append(Value([self.build(x) for x in c.children], span=self.span(c)))
        return Item(name, values, help_text, stars, span=span)

    def _array(self, t: Tree, span: Span) -> Node:
        return Array([self.build(c) for c in t.children], span=span)

    def _named(self, t: Tree, span: Span) -> Node:
        key_tok, value = t.children
        return Named(str(key_tok)[:-1], self.build(value), span=span)

    def _range(self, t: Tree, span: Span) -> Node:
        lo, hi = t.children
        return Range(self.build(lo), self.build(hi), span=span)


def _number(text: str, span: Span) -> int:
    # Python refuses to convert integers of more than 4300 digits (ValueError): say so as a
    # description error instead.
    try:
        return int(text)
    except ValueError:
        raise LudSyntaxError(f"number too long ({len(text)} digits)", span) from None


def unquote(token: str) -> str:
    return str(token)[1:-1].replace('\\"', '"')


def quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'
