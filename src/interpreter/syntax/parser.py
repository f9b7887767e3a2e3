"""Text → :class:`Document` with the Lark grammar in ``grammar/lud.lark``.

The grammar is LALR with Lark's contextual lexer, so ``<`` means a comparison right after ``(``,
an option value inside ``(item ...)`` and a placeholder elsewhere. An option value is one token,
cut where Ludii cuts it (at the first ``>`` that is not a ``(>`` head, spaces or comments allowed
after the bracket, as ``ludeme fmt`` may write them), then read again on its own
at its place in the text; a value whose brackets do not balance is kept as text (``Value.raw``)
for the expansion to splice. Brackets that hold calls (``((a) (b))``) are spliced into the form
around them, as Ludii removes double brackets. Parse errors become
:class:`LudSyntaxError` with a location, a caret and a hint (unclosed bracket, unterminated
string...).

Speed: Lark calls :class:`_Builder` as each rule is reduced (an inline transformer), so our nodes
are built directly, without a Lark parse tree in between (building that tree, and positions for
it, took most of the time). Every token is kept, so each node's span runs from its first token
to its last, as Lark's own positions would. A UTF-8 byte-order mark at the start is ignored.
"""

from __future__ import annotations

import bisect
import gc
import re
import threading
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import LudError, LudSyntaxError
from ..files import read_text as read_regular
from ..resources import grammar_path
from .nodes import (
    Array,
    Bool,
    Broken,
    Call,
    Comment,
    Const,
    DefineRef,
    Document,
    Float,
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
    SourceName,
    Span,
    Str,
    Value,
)

MAX_TEXT = 1_000_000  # characters; a description larger than this is refused (Ludii's largest
# files are a few hundred thousand characters; parsing 1,000,000 takes about a second)
MAX_TOKENS = 150_000  # words, numbers, strings and brackets: real descriptions have about one per
# 9 characters (Ludii's sample: 64,000 in 566,000 characters); Lark takes ~20 us for each
MAX_DEPTH = 100  # bracket nesting; deeper text is refused before Lark sees it
BOM = "\ufeff"  # a UTF-8 byte-order mark, as editors on Windows write it

_LOCK = threading.Lock()  # the builder holds the file name of the text being parsed


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        keep_all_tokens=True,  # brackets too: they give each node its span
        maybe_placeholders=False,
        transformer=_BUILDER,
        start=["start", "value_body"],
    )


def parse(text: str, file: str = "<text>", broken: frozenset[tuple[int, int]] = frozenset()) -> Document:
    """Parse a description. Raises :class:`LudSyntaxError` on malformed text; one raised while
    the grammar reads the text (not a bracket or size error, found first) has ``recoverable``
    set: :func:`parse_all` reads past it. ``broken`` holds the (line, column) of words that
    stand for text already reported (they become :class:`Broken` nodes)."""
    if not isinstance(text, str):
        raise LudSyntaxError(f"a description is a text, not {type(text).__name__}", Span(file, 1, 1))
    text = text.removeprefix(BOM)
    file = SourceName(file, text)  # spans carry the text, so errors quote the right lines
    if len(text) > MAX_TEXT:
        raise LudSyntaxError(f"description too large ({len(text)} characters, at most {MAX_TEXT})",
                             Span(file, 1, 1))
    comments, stray = _check_brackets(text, file)
    tokens = len(_WORDS.findall(text))
    if tokens > MAX_TOKENS:
        raise LudSyntaxError(f"description too large ({tokens} words, numbers and brackets, at most "
                             f"{MAX_TOKENS})", Span(file, 1, 1))
    collecting = gc.isenabled()
    gc.disable()  # the parse allocates many small objects and frees none of them
    try:
        with _LOCK:
            _BUILDER.file = file
            _BUILDER.chains = {}
            _BUILDER.broken = broken
            try:
                read = _spaced(text, stray) if stray else text
                forms = cast("list[Node]", _lark().parse(read, start="start"))  # the builder's nodes
            finally:
                _BUILDER.chains = {}
                _BUILDER.broken = frozenset()
    except UnexpectedInput as err:
        error = _syntax_error(err, text, file)
        error.recoverable = "lark"
        raise error from None
    except LudSyntaxError as err:  # raised by the builder, at a node it could not make
        if err.recoverable is None:
            err.recoverable = "node"
        raise
    finally:
        if collecting:
            gc.enable()
    return Document(forms=forms, comments=comments, file=file, text=text)


def parse_file(path: str | Path) -> Document:
    path = Path(path)
    return parse(read_text(path), str(path))


def read_text(path: Path) -> str:
    """A description file's text (at most what a description may hold, plus one character)."""
    try:
        return read_regular(path, MAX_TEXT + 1)  # a regular file, never more than a description may hold
    except UnicodeDecodeError as err:
        raise LudSyntaxError(f"file is not UTF-8 text ({err.reason})", Span(str(path), 1, 1)) from None
    except (OSError, ValueError) as err:  # a folder, no permission, an I/O error, a bad name
        reason = getattr(err, "strerror", None) or str(err)
        raise LudError(f"cannot read {path}: {reason}") from None


MAX_ROUNDS = 50  # syntax errors read past in one text (each is one more parse of it)
MAX_REREAD = 5_000_000  # characters parsed again in all, so a huge text is read a few times only


def parse_all(text: str, file: str = "<text>", limit: int = MAX_ROUNDS) -> tuple[Document | None, list[LudSyntaxError]]:
    """Parse a description and read past its syntax errors: (the document, or None when an
    error stops the reading; the errors in source order). A form the grammar cannot read is
    reported, then stands as a :class:`Broken` node of the same size (``(5 a)`` becomes
    ``_____``), so the rest of the text keeps its lines and columns and is read on; the form
    around it is not blamed again. An unbalanced bracket or string, or a text too large, stops
    the reading: what follows it cannot be read reliably."""
    if not isinstance(text, str):
        try:
            return parse(text, file), []
        except LudSyntaxError as err:
            return None, [err]
    text = text.removeprefix(BOM)
    original = SourceName(file, text)
    current = text
    broken: set[tuple[int, int]] = set()
    errors: list[LudSyntaxError] = []
    reread = 0
    while True:
        try:
            doc = parse(current, file, frozenset(broken))
        except LudSyntaxError as err:
            if err.span is not None:
                err.span = Span(original, err.span.line, err.span.col, err.span.end_line, err.span.end_col)
            errors.append(err)
            how = getattr(err, "recoverable", None)
            reread += len(current)
            if how is None or err.span is None or len(errors) >= limit or reread > MAX_REREAD:
                return None, errors
            region = _region(current, err.span, whole_form=how == "node")
            if region is None:
                return None, errors
            start, end = region
            lines = _Lines(current)
            broken.add(lines.at(start))
            current = current[:start] + _blank(current[start:end]) + current[end:]
            continue
        if not errors:
            return doc, []
        doc.text = text
        doc.file = original
        return doc, errors


def _blank(form: str) -> str:
    """Text of the same lines and columns as ``form``: one word of underscores on its first
    line, blanks after it."""
    first, newline, rest = form.partition("\n")
    return "_" * max(1, len(first)) + newline + re.sub(r"[^\n]", " ", rest)


def _region(text: str, span: Span, whole_form: bool) -> tuple[int, int] | None:
    """The offsets of the bracketed form to stand for an error at ``span``: the form that starts
    there when ``whole_form`` (the builder could not make that node), else the innermost form
    around it. None when the error is outside every bracket."""
    lines = _Lines(text)
    if span.line < 1 or span.line > len(lines.starts):
        return None
    offset = lines.starts[span.line - 1] + span.col - 1
    stack: list[int] = []
    target: int | None = None
    for m in _SCAN.finditer(text):
        token = m.group()
        if token[0] in '"/':  # strings and comments hold no brackets
            continue
        if target is None and m.start() >= offset:
            if whole_form and m.start() == offset and token in _OPEN:
                target = m.start()
            elif stack:
                target = stack[-1]
            else:
                return None
        if token in _OPEN:
            stack.append(m.start())
        elif stack and stack.pop() == target:
            return target, m.end()
    return None


# Strings (a backslash escapes a following quote only), comments, brackets and line ends.
_SCAN = re.compile(r'"(?:[^"\\]|\\"|\\(?!"))*("?)|//[^\n]*|[(){}]')


# What Lark will see as tokens, roughly: strings, comments, words and numbers, brackets.
_WORDS = re.compile(r'"(?:[^"\\]|\\"|\\(?!"))*"?|//[^\n]*|[^\s(){}"]+|[(){}]')


class _Lines:
    """Line and column (1-based) of offsets into a text."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def _tokens_outside_strings(text: str) -> Iterator[tuple[str, str, int, int]]:
    """The brackets and comments of ``text`` with their line and column, skipping strings
    (where ``\\"`` does not end the string): ``("comment", text, line, col)``, ``("(", "(", ...)``
    and so on, or ``("unterminated", '"', line, col)`` for a string that never ends."""
    lines = _Lines(text)
    for m in _SCAN.finditer(text):
        token = m.group()
        c = token[0]
        if c == '"':
            if not m.group(1):
                yield ("unterminated", '"', *lines.at(m.start()))
                return
        elif c == "/":
            yield ("comment", token.rstrip(), *lines.at(m.start()))
        else:
            yield (c, c, *lines.at(m.start()))


def bracket_pairs(text: str) -> tuple[list[tuple[int, int, str]], list[int]]:
    """The brackets of ``text`` outside strings and comments, paired: ``[(open offset, close
    offset, "(" or "{")]`` in order of closing, and the offsets of those left open."""
    pairs: list[tuple[int, int, str]] = []
    stack: list[tuple[int, str]] = []
    for m in _SCAN.finditer(text):
        c = m.group()[0]
        if c in _OPEN:
            stack.append((m.start(), c))
        elif c in _CLOSE and stack:
            start, opener = stack.pop()
            pairs.append((start, m.start(), opener))
    return pairs, [start for start, _ in stack]


def open_brackets(text: str, offset: int) -> list[int]:
    """The offsets of the brackets still open at ``offset`` (outside strings and comments),
    outermost first: where the calls around a place begin."""
    stack: list[int] = []
    for m in _SCAN.finditer(text, 0, offset):
        c = m.group()[0]
        if c in _OPEN:
            stack.append(m.start())
        elif c in _CLOSE and stack:
            stack.pop()
    return stack


def strings_of(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of every string of ``text`` (quotes included), comments skipped."""
    return [(m.start(), m.end()) for m in _SCAN.finditer(text) if m.group()[0] == '"']


def scan_comments(text: str) -> list[Comment]:
    """Every ``//`` comment outside strings, with its position."""
    return [Comment(body, line, col) for kind, body, line, col in _tokens_outside_strings(text)
            if kind == "comment"]


_OPEN = {"(": ")", "{": "}"}
_CLOSE = {")": "(", "}": "{"}


_TRAILING = re.compile(r"(?:\s|//[^\n]*|[)}])*")


def _spaced(text: str, offsets: list[int]) -> str:
    """``text`` with the characters at ``offsets`` made spaces (the positions stay)."""
    chars = list(text)
    for at in offsets:
        chars[at] = " "
    return "".join(chars)


def _check_brackets(text: str, file: str) -> tuple[list[Comment], list[int]]:
    """Find unbalanced brackets and unterminated strings first: Lark's own message for them is
    far from the cause, and deep nesting must be refused before recursion. Returns the comments
    (which the grammar ignores), found by the same scan, and the offsets of closing brackets
    left over after the last form, or right after a ``(define ...)`` (Ludii's tokeniser reads
    the forms and skips what lies between them, once its defines are cut out by matching
    brackets: one of its files ends its metadata with one bracket too many, another a define)."""
    stack: list[tuple[str, int]] = []
    last_form = -1  # where the last top-level form began
    comments: list[Comment] = []
    stray: list[int] = []
    found: list[_Lines] = []

    def where(offset: int) -> tuple[int, int]:
        if not found:
            found.append(_Lines(text))  # only when a comment or an error needs it
        return found[0].at(offset)

    for m in _SCAN.finditer(text):
        token = m.group()
        kind = token[0]
        if kind == '"':
            if m.group(1):
                continue
            line, col = where(m.start())
            raise LudSyntaxError("unterminated string", Span(file, line, col, line, col + 1),
                                 hint='close the string with " (write \\" for a quote inside it)')
        if kind == "/":
            comments.append(Comment(token.rstrip(), *where(m.start())))
        elif kind in _OPEN:
            stack.append((kind, m.start()))
            if len(stack) > MAX_DEPTH:
                line, col = where(m.start())
                raise LudSyntaxError(f"brackets nested more than {MAX_DEPTH} deep", Span(file, line, col))
        elif not stack:
            if _TRAILING.fullmatch(text, m.end()) or (last_form >= 0 and text.startswith("(define", last_form)):
                stray.append(m.start())  # only closers and comments follow, or a define's: Ludii skips it
                continue
            line, col = where(m.start())
            raise LudSyntaxError(f"unexpected '{kind}' with no matching '{_CLOSE[kind]}'",
                                 Span(file, line, col, line, col + 1),
                                 hint="remove it, or add the opening bracket it closes")
        else:
            opener, start = stack.pop()
            if not stack:
                last_form = start
            if _OPEN[opener] != kind:
                line, col = where(m.start())
                oline, ocol = where(start)
                raise LudSyntaxError(
                    f"'{kind}' does not match '{opener}' opened at {oline}:{ocol}",
                    Span(file, line, col, line, col + 1),
                    hint=f"expected '{_OPEN[opener]}' here",
                )
    if stack:
        opener, start = stack[-1]
        oline, ocol = where(start)
        raise LudSyntaxError(f"'{opener}' is never closed", Span(file, oline, ocol, oline, ocol + 1),
                             hint=f"add the missing '{_OPEN[opener]}'")
    return comments, stray


_EXPECT_NAMES = {
    "RPAR": "')'", "LPAR": "'('", "RBRACE": "'}'", "LBRACE": "'{'", "NAME": "a name",
    "STRING": "a string", "INT": "a number", "MORETHAN": "'>'", "LESSTHAN": "'<'",
    "KEY": "key:", "SYMBOL": "an operator", "LSQB": "'['", "RSQB": "']'", "HOLE_MARK": "'#'",
    "MINUS": "'-'", "HOLE_OR": "'|'", "VALUE": "an option value <...>", "OPERATOR": "an operator",
    "NEGREF": "-\"Name\"", "STRAY": "a separator line", "ITEM": "item", "STARS": "'*'",
}


def _syntax_error(err: UnexpectedInput, text: str, file: str) -> LudSyntaxError:
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream
        ch = text[pos] if pos is not None and pos < len(text) else "?"
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


def _start_of(item: Any) -> tuple[int, int]:
    if isinstance(item, Token):
        return item.line or 0, item.column or 0
    span = item.span
    return span.line, span.col


def _end_of(item: Any) -> tuple[int, int]:
    if isinstance(item, Token):
        return item.end_line or 0, item.end_column or 0
    span = item.span
    return span.end_line, span.end_col


class _Builder(Transformer):
    """Lark's rule reductions → nodes, called by the parser as it goes (an inline transformer:
    no parse tree is built). Every token is kept, so a node's span runs from the start of its
    first token or node to the end of its last. ``file`` is set for each parse (under _LOCK)."""

    file = "<text>"
    chains: dict[int, int] = {}  # id of a Named whose value is a Named -> length of the chain
    broken: frozenset[tuple[int, int]] = frozenset()  # (line, col) of words standing for errors

    def _span(self, first: Any, last: Any) -> Span:
        line, col = _start_of(first)
        end_line, end_col = _end_of(last)
        return Span(self.file, line, col, end_line, end_col)

    def _tok(self, tok: Token) -> Span:
        return Span(self.file, tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)

    def start(self, children: list) -> list[Node]:
        return _flat(children)

    def value_body(self, children: list) -> list[Node]:
        return _flat(children)

    # atoms ---------------------------------------------------------------
    def string(self, c: list) -> Node:
        return Str(unquote(c[0]), span=self._tok(c[0]))

    def int(self, c: list) -> Node:
        span = self._tok(c[0])
        return Int(_number(str(c[0]), span), span=span)

    def float(self, c: list) -> Node:
        text = str(c[0])
        span = self._tok(c[0])
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise LudSyntaxError(f"number too large ({len(text)} digits)", span)
        return Float(value, text, span=span)

    def bool(self, c: list) -> Node:
        return Bool(str(c[0]).lower() == "true", span=self._tok(c[0]))

    def const(self, c: list) -> Node:
        tok = c[0]
        if self.broken and (tok.line, tok.column) in self.broken:
            return Broken(str(tok), span=self._tok(tok))
        return Const(str(tok), span=self._tok(tok))

    def param(self, c: list) -> Node:
        span = self._tok(c[0])
        return Param(_number(str(c[0])[1:], span), span=span)

    def placeholder(self, c: list) -> Node:
        body = str(c[0])[1:-1]
        tag, _, arg = body.partition(":")
        return Placeholder(tag.strip(), arg.strip() or None, span=self._tok(c[0]))

    def omit(self, c: list) -> Node:
        return Omit(span=self._tok(c[0]))

    def negated_ref(self, c: list) -> Node:
        return NegatedRef(unquote(str(c[0])[1:]), span=self._tok(c[0]))

    def group(self, c: list) -> _Group:
        """``((a) (b))``: the forms in a bracket that holds calls are spliced where the bracket
        was, as Ludii removes a double bracket whose inner forms end with a call."""
        forms = _flat(c[1:-1])
        last = c[-2]
        if not isinstance(last, (Call, _Group)):
            raise LudSyntaxError("a bracket that starts with a call must end with one",
                                 self._span(c[0], c[-1]),
                                 hint="((a) (b)) stands for (a) (b); write a name after '(' for a call: "
                                      "(name args ...)")
        return _Group(forms)

    def stray(self, c: list) -> Node:
        return Const(str(c[0]), span=self._tok(c[0]))

    def hole(self, c: list) -> Node:
        items: list[Node] = []
        for x in c[1:-1]:
            if isinstance(x, Token):  # the # and | marks of a reconstruction gap
                items.append(Const(str(x), span=self._tok(x)))
            elif isinstance(x, _Group):
                items.extend(x)
            else:
                items.append(x)
        return Hole(items, span=self._span(c[0], c[-1]))

    # call heads: a word or symbol stays a token (the call takes its text)
    def name(self, c: list) -> Token:
        return c[0]

    def key_head(self, c: list) -> str:
        return str(c[0])[:-1]  # (coord:"A1") is (coord "A1"): Ludii drops the colon

    def define_ref(self, c: list) -> Node:
        return DefineRef(unquote(c[0]), span=self._tok(c[0]))

    # compound forms --------------------------------------------------------
    def call(self, c: list) -> Node:
        last = c[-1]
        stars = 0
        end = -1
        if isinstance(last, Token) and last.type == "STARS":
            stars = len(last)
            end = -2
        head = c[1]
        if isinstance(head, Token):
            head = str(head)
        return Call(head, _flat(c[2:end]), stars, span=self._span(c[0], last))

    def item(self, c: list) -> Node:
        last = c[-1]
        stars = 0
        end = -1  # the closing bracket
        if isinstance(last, Token) and last.type == "STARS":
            stars = len(last)
            end = -2
        name = unquote(c[2])
        values, help_text = [], None
        for x in c[3:end]:
            if x.type == "VALUE":
                values.append(self._value(x))
            else:
                help_text = unquote(x)
        return Item(name, values, help_text, stars, span=self._span(c[0], last))

    def _value(self, tok: Token) -> Value:
        """``<...>``: the text between the angle brackets, read as expressions where it was
        written. A text whose brackets do not balance (``<(dual>``) is kept as it is: Ludii
        splices option values as text, and so does the expansion for such a value."""
        span = self._tok(tok)
        inner = str(tok)[1:-1]
        if not _balanced(inner):
            return Value([], raw=inner, span=span)
        if not inner.strip():
            return Value([], span=span)
        # the value's own text on its line (line ends before it), then what is on that line
        # moved right to its column: padding with the line's text instead would make a long
        # line of values quadratic
        line, column = tok.line or 1, tok.column or 0
        padded = "\n" * (line - 1) + inner
        try:
            items = cast("list[Node]", _lark().parse(padded, start="value_body"))  # the builder's nodes
        except UnexpectedInput as err:
            error = _syntax_error(err, padded, self.file)
            where = None if error.span is None else _moved(error.span, line, column)
            raise LudSyntaxError(error.message, where, error.hint) from None
        for item in items:
            for node in item.walk():
                node.span = _moved(node.span, line, column)
        return Value(items, span=span)

    def array(self, c: list) -> Node:
        return Array(_flat(c[1:-1]), span=self._span(c[0], c[-1]))

    def named(self, c: list) -> Node | _Group:
        key_tok, value = c
        if isinstance(value, _Group):  # key:((a) (b)) is key:(a) (b)
            first = value[0]
            return _Group([Named(str(key_tok)[:-1], first, span=self._span(key_tok, first)), *value[1:]])
        node = Named(str(key_tok)[:-1], value, span=self._span(key_tok, value))
        if isinstance(value, Named):  # a:b:c:1 nests without brackets: bound it as brackets are
            depth = self.chains.pop(id(value), 1) + 1
            if depth > MAX_DEPTH:
                raise LudSyntaxError(f"named arguments nested more than {MAX_DEPTH} deep (key:key:...)",
                                     self._tok(key_tok))
            self.chains[id(node)] = depth
        return node

    def range(self, c: list) -> Node:
        lo, _, hi = c
        return Range(lo, hi, span=self._span(lo, hi))


def _moved(span: Span, line: int, columns: int) -> Span:
    """``span`` with what lies on ``line`` moved ``columns`` to the right."""
    if span.line > line:
        return span
    end_col = span.end_col + columns if span.end_line == line else span.end_col
    return replace(span, col=span.col + columns, end_col=end_col)


_BUILDER = _Builder()


class _Group(list[Node]):
    """The forms of a bracket holding calls, spliced into the form that holds the bracket."""


def _flat(items: list) -> list:
    """``items`` with every group's forms spliced in place."""
    if not any(isinstance(x, _Group) for x in items):
        return items
    out: list = []
    for x in items:
        if isinstance(x, _Group):
            out.extend(x)
        else:
            out.append(x)
    return out


_BRACKETS = re.compile(r'"(?:[^"\\]|\\"|\\(?!"))*"?|//[^\n]*|[()\[\]{}]')


def _balanced(text: str) -> bool:
    """Whether the brackets of ``text`` (outside strings and comments) open and close in order."""
    stack: list[str] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c in "([{":
            stack.append(c)
        elif c in pairs:
            if not stack or stack.pop() != pairs[c]:
                return False
    return not stack


INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1  # numbers are 32-bit, as in Ludii


def _number(text: str, span: Span) -> int:
    if len(text) > 20:  # Python refuses more than 4300 digits; anything this long is out of range
        raise LudSyntaxError(f"number too long ({len(text)} digits)", span,
                             hint=f"numbers are 32-bit, from {INT_MIN} to {INT_MAX}, as in Ludii")
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise LudSyntaxError(f"number {text} is out of range", span,
                             hint=f"numbers are 32-bit, from {INT_MIN} to {INT_MAX}, as in Ludii")
    return value


def unquote(token: str) -> str:
    return str(token)[1:-1].replace('\\"', '"')


def quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'
