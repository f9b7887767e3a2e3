"""What the language server knows about a description, as plain data (no LSP library here).

Every answer is computed from the text with the project's own reader: diagnostics are
:func:`~interpreter.check.check_text`'s errors (the messages of ``ludeme check``), hovers are the
entries of ``ludemes.md`` (:mod:`interpreter.docs`), formatting is ``ludeme fmt``. Positions are
0-based (line, character), as in LSP. Work per request is bounded: the reader's own limits
(1,000,000 characters, 150,000 tokens, nesting) hold for every feature, and what only needs
the text around the cursor (hover, completion, definitions) reads only that, with linear scans.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..check import Checked, check_text
from ..docs import param_markdown, section_markdown
from ..errors import LudError
from ..ludemes import REGISTRY
from ..ludemes.base import Ludeme, Param
from ..syntax.nodes import Call, Document, Span, Str
from ..syntax.parser import bracket_pairs, open_brackets, strings_of

Range = tuple[int, int, int, int]  # start line, start character, end line, end character (0-based)


@dataclass
class Diagnostic:
    range: Range
    message: str
    kind: str  # "syntax error", "bind error"...
    related: list[tuple[Range, str]] = field(default_factory=list)  # (place, what it is)


@dataclass
class Symbol:
    name: str
    kind: str  # "game", "option", "item", "define", "ruleset", "metadata"
    range: Range
    selection: Range
    children: list[Symbol] = field(default_factory=list)


@dataclass
class Completion:
    label: str
    kind: str  # "ludeme", "argument", "constant", "option", "define"
    detail: str = ""
    documentation: str = ""
    insert: str | None = None


class Lines:
    """Offsets <-> (line, character) of one text."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def offset(self, line: int, character: int) -> int:
        if line < 0:
            return 0
        if line >= len(self.starts):
            return len(self.text)
        start = self.starts[line]
        end = self.starts[line + 1] - 1 if line + 1 < len(self.starts) else len(self.text)
        return min(start + max(0, character), end)

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line, offset - self.starts[line]


# --- diagnostics -----------------------------------------------------------------------------------
def span_range(span: Span) -> Range:
    """A span (1-based, end exclusive) as a 0-based range, never empty."""
    line, col = max(span.line - 1, 0), max(span.col - 1, 0)
    end_line, end_col = span.end_line - 1, span.end_col - 1
    if end_line < line or (end_line == line and end_col <= col):
        end_line, end_col = line, col + 1
    return line, col, end_line, end_col


def _in_file(span: Span, file: str) -> bool:
    return str(span.file) == str(file)


MAX_DIAGNOSTICS = 200  # errors sent for one document; a last diagnostic counts the rest


def diagnostics(checked: Checked) -> list[Diagnostic]:
    """The errors of a check as diagnostics: each at its place; one inside a define at the
    definition and again at the outermost use that brought it (marked with the define's name).
    At most MAX_DIAGNOSTICS errors, then one diagnostic saying how many more there are."""
    out: list[Diagnostic] = []
    for err in checked.errors[:MAX_DIAGNOSTICS]:
        out.extend(_diagnostics_of(err, checked.file))
    rest = checked.total - min(len(checked.errors), MAX_DIAGNOSTICS)
    if rest > 0:
        last = out[-1].range if out else (0, 0, 0, 1)
        out.append(Diagnostic(last, f"{rest} more errors not shown ({checked.total} in all)", "limit"))
    return out


def _diagnostics_of(err: LudError, file: str) -> list[Diagnostic]:
    text = err.message + (f"\nhint: {err.hint}" if err.hint else "")
    span = err.span
    if span is None:
        return [Diagnostic((0, 0, 0, 1), text, err.kind)]
    uses = [via for via in span.via if _in_file(via.span, file)]
    found: list[Diagnostic] = []
    if _in_file(span, file):
        here = Diagnostic(span_range(span), text, err.kind)
        found.append(here)
        for via in uses:
            here.related.append((span_range(via.span), f'define "{via.name}" used here'))
    for via in uses[-1:]:  # the outermost use, in the game itself
        where = span_range(span) if _in_file(span, file) else None
        use = Diagnostic(span_range(via.span), f'in define "{via.name}": {text}', err.kind)
        if where is not None:
            use.related.append((where, "the error, in the define"))
        found.append(use)
    return found


def analyse(text: str, file: str, build: bool = False) -> Checked:
    """Check a document (``build``: compile it too, as ``ludeme check`` does)."""
    return check_text(text, file, build=build)


# --- hover -----------------------------------------------------------------------------------------
_WORD = re.compile(r"[A-Za-z0-9_]")
_SYMBOL = re.compile(r"[<>=!+\-*/%^&|]")
_HEAD = re.compile(r'\(\s*([^\s(){}"]+)(?:\s+([A-Z][A-Za-z0-9_]*))?')


def word_at(text: str, offset: int) -> tuple[int, int]:
    """The (start, end) of the word (or operator) at ``offset``; empty when there is none."""
    for pattern in (_WORD, _SYMBOL):
        start = end = offset
        while start > 0 and pattern.match(text, start - 1):
            start -= 1
        while end < len(text) and pattern.match(text, end):
            end += 1
        if end > start:
            return start, end
    return offset, offset


def call_at(text: str, open_offset: int) -> tuple[type[Ludeme] | None, int, int]:
    """The ludeme of the call opening at ``open_offset``, with the offsets where its name ends
    and where its first word ends: (class or None, end of name, end of first word)."""
    m = _HEAD.match(text, open_offset)
    if m is None:
        return None, open_offset + 1, open_offset + 1
    head, second = m.group(1), m.group(2)
    if second and f"{head} {second}" in REGISTRY:
        return REGISTRY[f"{head} {second}"], m.end(2), m.end(1)
    return REGISTRY.get(head), m.end(1), m.end(1)


def enclosing_call(text: str, offset: int) -> tuple[type[Ludeme] | None, int | None]:
    """The ludeme of the innermost call around ``offset`` (arrays are looked through)."""
    for start in reversed(open_brackets(text, offset)):
        if text[start] == "(":
            return call_at(text, start)[0], start
    return None, None


def hover(text: str, line: int, character: int) -> str | None:
    """The reference entry of the ludeme named at a place, or of the named argument there."""
    lines = Lines(text)
    offset = lines.offset(line, character)
    start, end = word_at(text, offset)
    if start == end or _string_at(text, start) is not None:  # nothing, or words of a string
        return None
    if end < len(text) and text[end] == ":":  # a named argument: key:value
        cls, _ = enclosing_call(text, start)
        param = _param(cls, text[start:end]) if cls else None
        return param_markdown(cls, param) if param is not None and cls is not None else None
    before = text[:start].rstrip()
    if before.endswith("("):  # the head of a call
        cls, _, _ = call_at(text, len(before) - 1)
        return section_markdown(cls) if cls else None
    # the second word of a two-word name: (move Add ...)
    opener = text.rfind("(", 0, start)
    if opener >= 0:
        cls, name_end, first_end = call_at(text, opener)
        if cls is not None and first_end < start and name_end == end:
            return section_markdown(cls)
    return _constant_hover(text, start, text[start:end])


def _constant_hover(text: str, start: int, word: str) -> str | None:
    """A constant: what kind of name it is, and which parameter of the call around takes it."""
    from ..bind import known_constants
    from ..ludemes.base import DIRECTION_NAMES, ROLES
    if word not in known_constants():
        return None
    kinds = [k for k, names in (("a direction", DIRECTION_NAMES), ("a role (a player)", ROLES)) if word in names]
    lines = [f"`{word}`: " + (" or ".join(kinds) if kinds else "a constant")]
    cls, _ = enclosing_call(text, start)
    if cls is not None:
        from ..bind import constants_of
        takers = [p for p in cls.params if word in constants_of(p.type)]
        lines.extend(param_markdown(cls, p) for p in takers[:1])
    return "\n\n".join(lines)


def _param(cls: type[Ludeme] | None, word: str) -> Param | None:
    if cls is None:
        return None
    return next((p for p in cls.params if p.word == word and p.named), None)


# --- completion ------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _ludeme_items() -> tuple[Completion, ...]:
    return tuple(Completion(name, "ludeme", cls.signature(), cls.summary()) for name, cls in sorted(REGISTRY.items()))


@lru_cache(maxsize=1)
def _constant_items() -> tuple[Completion, ...]:
    from ..bind import known_constants
    from ..ludemes.base import DIRECTION_NAMES, ROLES
    def detail(name: str) -> str:
        if name in DIRECTION_NAMES:
            return "direction"
        if name in ROLES:
            return "role"
        return "constant"
    return tuple(Completion(name, "constant", detail(name)) for name in sorted(known_constants()))


def completions(text: str, line: int, character: int, checked: Checked | None = None) -> list[Completion]:
    """What may be written at a place: ludeme names after ``(``, the second word of a two-word
    name, named arguments and constants inside a call, option items and define names inside a
    string."""
    lines = Lines(text)
    offset = lines.offset(line, character)
    string = _string_at(text, offset)
    if string is not None:
        return _string_items(checked)
    start = offset
    while start > 0 and _WORD.match(text, start - 1):
        start -= 1
    before = text[:start].rstrip()
    if before.endswith("("):
        return list(_ludeme_items())
    opener = text.rfind("(", 0, start)
    if opener >= 0 and text[opener + 1:start].strip() and " " not in text[opener + 1:start].strip():
        head = text[opener + 1:start].strip()
        family = sorted(n for n in REGISTRY if n.startswith(head + " "))
        if family:  # (move A|: the second words of the family
            return [Completion(n.split(" ", 1)[1], "ludeme", REGISTRY[n].signature(), REGISTRY[n].summary())
                    for n in family]
    cls, _ = enclosing_call(text, start)
    items: list[Completion] = []
    if cls is not None:
        items.extend(Completion(f"{p.word}:", "argument", f"{p.type}", cls.meaning(p), insert=f"{p.word}:")
                     for p in cls.params if p.named)
    items.extend(_constant_items())
    return items


def _string_at(text: str, offset: int) -> tuple[int, int] | None:
    """The string the place is inside (after its opening quote), if any; a string still being
    typed (no closing quote yet) counts."""
    for start, end in strings_of(text):
        if start >= offset:
            break
        closed = end - start >= 2 and text[end - 1] == '"'
        if offset < end or (offset == end and not closed):
            return start, end
    return None


def _string_items(checked: Checked | None) -> list[Completion]:
    items: list[Completion] = []
    expanded = checked.expanded if checked is not None else None
    document = checked.document if checked is not None else None
    if expanded is not None:
        for opt in expanded.options:
            for item in opt.items:
                items.append(Completion(f"{opt.label}/{item.name}", "option", f"option {opt.label}", item.help or ""))
    elif document is not None:
        from ..syntax.expand import read_options
        try:
            options, _ = read_options(document)
        except LudError:
            options = []
        for opt in options:
            for item in opt.items:
                items.append(Completion(f"{opt.label}/{item.name}", "option", f"option {opt.label}", item.help or ""))
    for name, span in own_defines(document).items():
        items.append(Completion(name, "define", f"define at line {span.line}"))
    return items


# --- defines: definition and references ------------------------------------------------------------
def own_defines(document: Document | None) -> dict[str, Span]:
    """The description's own defines: name -> the span of the name in ``(define "Name" ...)``."""
    found: dict[str, Span] = {}
    if document is None:
        return found
    for form in document.forms:
        for node in form.walk():
            if isinstance(node, Call) and node.name == "define" and node.args and isinstance(node.args[0], Str):
                found.setdefault(node.args[0].value, node.args[0].span)
    return found


_DEFINE = re.compile(r'\(\s*define\s+"((?:[^"\\]|\\"|\\(?!"))*)"')


def define_names(text: str) -> dict[str, tuple[int, int]]:
    """The defines of a text by a scan (works on text that does not parse): name -> the offsets
    of its quoted name."""
    found: dict[str, tuple[int, int]] = {}
    comments = _comment_starts(text)
    for m in _DEFINE.finditer(text):
        if not _inside_comment(comments, text, m.start()):
            found.setdefault(m.group(1), (m.start(1) - 1, m.end(1) + 1))
    return found


def _comment_starts(text: str) -> list[tuple[int, int]]:
    from ..syntax.parser import scan_comments
    lines = Lines(text)
    return [(lines.offset(c.line - 1, c.col - 1), lines.offset(c.line - 1, c.col - 1) + len(c.text))
            for c in scan_comments(text)]


def _inside_comment(comments: list[tuple[int, int]], text: str, offset: int) -> bool:
    return any(start <= offset < end for start, end in comments)


def _string_name_at(text: str, offset: int) -> tuple[str, tuple[int, int]] | None:
    for start, end in strings_of(text):
        if start <= offset < end:
            return text[start + 1:end - 1], (start, end)
        if start > offset:
            break
    return None


def definition(text: str, line: int, character: int) -> Range | None:
    """Where the define named at a place (a quoted name) is defined in this text."""
    lines = Lines(text)
    found = _string_name_at(text, lines.offset(line, character))
    if found is None:
        return None
    place = define_names(text).get(found[0])
    if place is None:
        return None
    return (*lines.position(place[0]), *lines.position(place[1]))


def references(text: str, line: int, character: int, include_declaration: bool = True) -> list[Range]:
    """Every use of the define named at a place (its quoted name anywhere: ``("Name" ...)``,
    ``"Name"`` as an argument), and its definition when asked."""
    lines = Lines(text)
    found = _string_name_at(text, lines.offset(line, character))
    if found is None:
        return []
    name = found[0]
    defines = define_names(text)
    if name not in defines:
        return []
    declared = defines[name]
    out = []
    for start, end in strings_of(text):
        if text[start + 1:end - 1] != name:
            continue
        if (start, end) == declared and not include_declaration:
            continue
        out.append((*lines.position(start), *lines.position(end)))
    return out


# --- symbols, folding, formatting -------------------------------------------------------------------
def symbols(document: Document | None) -> list[Symbol]:
    """The game, its options (with their items), defines, rulesets and metadata."""
    out: list[Symbol] = []
    if document is None:
        return out
    for form in document.forms:
        if not isinstance(form, Call):
            continue
        name = form.args[0].value if form.args and isinstance(form.args[0], Str) else form.name
        selection = span_range(form.args[0].span) if form.args and isinstance(form.args[0], Str) else span_range(form.span)
        if form.name in ("game", "match", "define", "option", "metadata"):
            symbol = Symbol(name, form.name if form.name != "match" else "game", span_range(form.span), selection)
            if form.name == "option":
                from ..syntax.nodes import Item
                for node in form.walk():
                    if isinstance(node, Item):
                        symbol.children.append(Symbol(node.name, "item", span_range(node.span), span_range(node.span)))
            out.append(symbol)
        elif form.name == "rulesets":
            for node in form.walk():
                if isinstance(node, Call) and node.name == "ruleset" and node.args and isinstance(node.args[0], Str):
                    out.append(Symbol(node.args[0].value, "ruleset", span_range(node.span), span_range(node.args[0].span)))
    return out


MIN_FOLD_LINES = 3  # an array or call spanning fewer lines is not worth folding


def folding(text: str) -> list[tuple[int, int, str]]:
    """Foldable brackets: arrays ``{ ... }`` and calls spanning several lines (start line, end
    line, "array" or "call"), outermost first."""
    lines = Lines(text)
    pairs, _ = bracket_pairs(text)
    found: dict[tuple[int, int], str] = {}  # a call and the array in it on the same lines fold once
    for start, end, opener in pairs:
        first, last = lines.position(start)[0], lines.position(end)[0]
        if last - first + 1 >= MIN_FOLD_LINES and found.get((first, last)) != "array":
            found[(first, last)] = "array" if opener == "{" else "call"
    return sorted((first, last, kind) for (first, last), kind in found.items())


def formatted(text: str, file: str = "<text>") -> str | None:
    """The text as ``ludeme fmt`` writes it, or None when it does not parse (nothing to do)."""
    from ..syntax.format import format_document
    from ..syntax.parser import parse
    try:
        return format_document(parse(text, file))
    except LudError:
        return None
