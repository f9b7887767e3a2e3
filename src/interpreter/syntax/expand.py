"""Expansion: options, rulesets and defines turn a parsed document into one game tree.

Order, as in Ludii: the chosen option items replace their ``<Tag>`` placeholders everywhere
(define bodies included), then defines are inlined, innermost arguments first. Every node that
comes out of a define remembers where the define was used (``Span.via``).
"""

from __future__ import annotations

import copy
import difflib
import re
from collections import ChainMap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from ..errors import ExpansionError
from ..files import read_text
from .nodes import (
    Array,
    Broken,
    Call,
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
    Span,
    Str,
    Value,
    Via,
)

MAX_DEFINE_DEPTH = 64  # nested define uses
MAX_NODES = 100_000  # nodes that defines (or option values) add to the written text, per
# expansion (the largest Ludii sample needs ~2,000); the text itself is bounded by the parser
MAX_STRING = 100_000  # characters of a string after placeholders and parameters are filled in
MAX_DEFINE_FILE = 1_000_000  # characters of a library file of defines (.def) looked into
MAX_TREE_DEPTH = 100  # bracket nesting of the expanded tree, as parser.MAX_DEPTH bounds the text

_TEXT_PLACEHOLDER = re.compile(r"<\s*([A-Za-z_]\w*)\s*(?::\s*(\w+)\s*)?>")
_TEXT_PARAM = re.compile(r"#(\d+)")


# ---------------------------------------------------------------------------------------------
# options and rulesets


@dataclass
class OptionItem:
    name: str
    values: list[Value]
    help: str | None
    stars: int
    span: Span


@dataclass
class Option:
    """``(option "Label" <Tag> args:{<a> <b>} { (item ...)... })``."""

    label: str
    tag: str
    args: list[str]
    items: list[OptionItem]
    span: Span

    @property
    def default(self) -> OptionItem:
        best = max(item.stars for item in self.items)
        return next(item for item in self.items if item.stars == best)

    def find(self, name: str) -> OptionItem | None:
        for item in self.items:
            if item.name == name:
                return item
        lowered = name.lower()
        for item in self.items:
            if item.name.lower() == lowered:
                return item
        return None


@dataclass
class Ruleset:
    name: str
    choices: list[str]
    stars: int
    span: Span
    spans: list[Span] = field(default_factory=list)  # of each choice


@dataclass
class Expanded:
    """The result of expansion: the game tree plus what was chosen and declared around it."""

    game: Call
    metadata: Call | None
    options: list[Option]
    chosen: dict[str, str]  # option label -> item name
    rulesets: list[Ruleset]
    ruleset: str | None
    defines: Mapping[str, Define]
    document: Document
    extra: list[Node] = field(default_factory=list)

    @property
    def choice_strings(self) -> list[str]:
        return [f"{label}/{item}" for label, item in self.chosen.items()]


@dataclass
class Define:
    """``(define "Name" body...)``: the body is every form after the name (Ludii splices the
    define's text, so a body may be several forms, or none)."""

    name: str
    body: list[Node]
    span: Span
    # names given by several defines of the description: the one this body's uses of each read
    # (see :func:`collect_defines`)
    scope: dict[str, Define] = field(default_factory=dict)


def read_options(doc: Document) -> tuple[list[Option], list[Ruleset]]:
    options: list[Option] = []
    rulesets: list[Ruleset] = []
    for form in doc.forms:
        if isinstance(form, Call) and form.name == "option":
            options.append(_read_option(form))
        elif isinstance(form, Call) and form.name == "rulesets":
            rulesets.extend(_read_rulesets(form))
    labels: dict[str, Option] = {}
    # Ludii (Expander.realiseOptions) expands the options in their order, each replacing the
    # <Tag:arg> (and then <Tag>) markers its chosen item has values for: two options may share a
    # tag (Theseus and the Minotaur's <Minotaur:move> and <Minotaur:threat>; Ceelkoqyuqkoqiji's
    # "Board Size" and "Play Rules" both <Row:size>), and then the first to give a value wins
    for opt in options:
        first = labels.get(opt.label.lower())
        if first is not None:
            raise ExpansionError(f'option "{opt.label}" is declared twice', opt.span,
                                 hint=f"the first is at {first.span}")
        labels[opt.label.lower()] = opt
    _check_rulesets(options, rulesets)
    return options, rulesets


def _check_rulesets(options: list[Option], rulesets: list[Ruleset]) -> None:
    """Every ruleset, chosen or not, names real option items, one per option; names are unique
    and at most one ruleset is the default."""
    by_label = {opt.label: opt for opt in options}
    names: dict[str, Ruleset] = {}
    for rs in rulesets:
        key = rs.name.lower()
        if key in names:
            raise ExpansionError(f'ruleset "{rs.name}" is declared twice', rs.span,
                                 hint=f"the first is at {names[key].span}")
        names[key] = rs
        chosen: dict[str, str] = {}
        for choice, span in zip(rs.choices, rs.spans):
            opt, item = _resolve(by_label, choice, span)
            if chosen.get(opt.label, item.name) != item.name:
                raise ExpansionError(f'ruleset "{rs.name}" chooses two items of option "{opt.label}": '
                                     f'"{chosen[opt.label]}" and "{item.name}"', span)
            chosen[opt.label] = item.name
    starred = [r for r in rulesets if r.stars]
    if starred:
        best = max(r.stars for r in starred)
        tied = [r for r in starred if r.stars == best]
        if len(tied) > 1:
            raise ExpansionError(f'rulesets "{tied[0].name}" and "{tied[1].name}" are both the default '
                                 f'({"*" * best})', tied[1].span, hint="mark one default ruleset with the most stars")


def _read_option(form: Call) -> Option:
    pos = form.positional()
    if len(pos) < 3 or not isinstance(pos[0], Str) or not isinstance(pos[1], Placeholder) \
            or not isinstance(pos[-1], Array):
        raise ExpansionError('malformed option', form.span,
                             hint='write (option "Label" <Tag> args:{<a>} { (item "Name" <value> "Help")* ... })')
    args_node = form.named().get("args")
    args: list[str] = []
    if args_node is not None:
        # Ludii reads only the <name> parts of args:{...}: a stray '>' ({<a> <b>>}) is ignored
        names = [a for a in args_node.items if not _angle_marks(a)] if isinstance(args_node, Array) else None
        tags = [a.tag for a in names or () if isinstance(a, Placeholder)]
        if names is None or len(tags) != len(names):
            raise ExpansionError("option args must be an array of <name>", args_node.span)
        args = tags
    label = pos[0].value
    # "Label/Item" is how an item is chosen: neither part may be empty or hold a "/"
    if not label.strip() or "/" in label:
        raise ExpansionError(f'option label "{label}" ' + ("is empty" if not label.strip() else 'contains "/"'),
                             pos[0].span, hint='items are chosen as "Label/Item": write the label without "/"')
    if len(set(args)) != len(args):
        raise ExpansionError("an option arg is declared twice", args_node.span if args_node is not None else form.span)
    items: list[OptionItem] = []
    seen: dict[str, OptionItem] = {}
    for node in pos[-1].items:
        if not isinstance(node, Item):
            raise ExpansionError("an option lists (item ...) forms only", node.span)
        item = OptionItem(node.name, node.values, node.help, node.stars, node.span)
        if not item.name.strip() or "/" in item.name:
            raise ExpansionError(f'option item "{item.name}" ' + ("is empty" if not item.name.strip()
                                                                   else 'contains "/"'), node.span,
                                 hint='items are chosen as "Label/Item": write the item name without "/"')
        first = seen.get(item.name.lower())
        if first is not None:
            raise ExpansionError(f'option "{label}" has two items named "{item.name}"', node.span,
                                 hint=f"the first is at {first.span} (item names are compared without regard to case)")
        seen[item.name.lower()] = item
        items.append(item)
    if not items:
        raise ExpansionError(f'option "{label}" has no items', form.span)
    width = max(1, len(args))
    for item in items:
        # as Ludii's Option: the values go to the args in order; fewer values than args leave
        # the last args without one (an error only where one of them is used), more is an error
        if len(item.values) > width:
            raise ExpansionError(
                f'item "{item.name}" has {len(item.values)} values but the option declares {width} args',
                item.span)
    return Option(pos[0].value, pos[1].tag, args, items, form.span)


def _angle_marks(node: Node) -> bool:
    """A bare run of '<' and '>' (a stray bracket of an option's args)."""
    return isinstance(node, Const) and bool(node.name) and set(node.name) <= {"<", ">"}


def _read_rulesets(form: Call) -> list[Ruleset]:
    found = []
    for arr in form.positional():
        if not isinstance(arr, Array):
            raise ExpansionError("rulesets holds an array of (ruleset ...)", arr.span)
        for node in arr.items:
            if not (isinstance(node, Call) and node.name == "ruleset"):
                raise ExpansionError("rulesets holds (ruleset \"Name\" {...}) forms", node.span)
            pos = node.positional()
            if len(pos) < 2 or not isinstance(pos[0], Str) or not isinstance(pos[1], Array):
                raise ExpansionError('malformed ruleset', node.span,
                                     hint='write (ruleset "Ruleset/Name" { "Option/Item" ... })')
            for c in pos[1].items:
                if not isinstance(c, Str):
                    raise ExpansionError('a ruleset lists "Option/Item" strings only', c.span)
            choices = [c.value for c in pos[1].items if isinstance(c, Str)]  # all of them, as just checked
            found.append(Ruleset(pos[0].value, choices, node.stars, node.span, [c.span for c in pos[1].items]))
    return found


@dataclass
class Incompatibility:
    """``(incompatible {"A/x" ...} {"B/y" ...})`` in the metadata: no item of the first set
    may be chosen together with an item of the second."""

    first: list[str]
    second: list[str]
    span: Span


def read_incompatibilities(doc: Document, options: list[Option]) -> list[Incompatibility]:
    found: list[Incompatibility] = []
    by_label = {o.label: o for o in options}
    for form in doc.forms:
        if not (isinstance(form, Call) and form.name == "metadata"):
            continue
        for node in form.walk():
            if not (isinstance(node, Call) and node.name == "incompatible"):
                continue
            pos = node.positional()
            sets: list[list[str]] = []
            for arg in pos:
                items = arg.items if isinstance(arg, Array) else [arg]
                strings = [i for i in items if isinstance(i, Str)]
                if not items or len(strings) != len(items):
                    raise ExpansionError('incompatible takes two strings or arrays of "Option/Item"', arg.span)
                for i in strings:
                    _resolve(by_label, i.value, i.span)  # both must name real option items
                sets.append([i.value for i in strings])
            if len(sets) != 2:
                raise ExpansionError("incompatible takes two sets of option items", node.span,
                                     hint='(incompatible {"Players/3"} {"Opening/Swap" "Opening/Swap2"})')
            found.append(Incompatibility(sets[0], sets[1], node.span))
    return found


@dataclass
class Implication:
    """``(implies {"A/x" ...} "B/y")`` in the metadata: choosing any item of the first set
    chooses ``B/y`` too (and choosing another item of B with it is an error)."""

    first: list[str]
    then: str
    span: Span


def read_implications(doc: Document, options: list[Option]) -> list[Implication]:
    found: list[Implication] = []
    by_label = {o.label: o for o in options}
    for form in doc.forms:
        if not (isinstance(form, Call) and form.name == "metadata"):
            continue
        for node in form.walk():
            if not (isinstance(node, Call) and node.name == "implies"):
                continue
            pos = node.positional()
            usage = '(implies {"Team Mode/Enabled"} "Players/4")'
            if len(pos) != 2 or not isinstance(pos[1], Str):
                raise ExpansionError('implies takes the chosen items, then one "Option/Item" they imply',
                                     node.span, hint=usage)
            items = pos[0].items if isinstance(pos[0], Array) else [pos[0]]
            strings = [i for i in items if isinstance(i, Str)]
            if not items or len(strings) != len(items):
                raise ExpansionError('implies takes a string or an array of "Option/Item" first', pos[0].span,
                                     hint=usage)
            target, _ = _resolve(by_label, pos[1].value, pos[1].span)
            for i in strings:
                opt, _ = _resolve(by_label, i.value, i.span)
                if opt is target:
                    raise ExpansionError(f'an item of option "{opt.label}" cannot imply another item of it',
                                         i.span)
            found.append(Implication([i.value for i in strings], pos[1].value, node.span))
    return found


def _apply_implications(rules: list[Implication], by_label: dict[str, Option],
                        picked: dict[str, OptionItem], explicit: dict[str, str]) -> None:
    """Choose the items implied by chosen items (in ``picked``; ``explicit`` maps each chosen
    option's label to how it was chosen: ``"chosen"`` or the implying item)."""
    changed = True
    while changed:  # implied items may imply others; each pass fixes at least one option
        changed = False
        for rule in rules:
            cause = None
            for choice in rule.first:
                opt, item = _resolve(by_label, choice, rule.span)
                if opt.label in explicit and picked.get(opt.label) is item:
                    cause = f"{opt.label}/{item.name}"
                    break
            if cause is None:
                continue
            opt, item = _resolve(by_label, rule.then, rule.span)
            if opt.label in explicit:
                if picked[opt.label] is not item:
                    how = explicit[opt.label]
                    other = f"{opt.label}/{picked[opt.label].name}"
                    raise ExpansionError(
                        f'option item "{cause}" means "{opt.label}/{item.name}", but "{other}" was '
                        + ("chosen" if how == "chosen" else f'implied by "{how}"'), None,
                        hint=f"the description declares it at {rule.span}; leave out \"{other}\" "
                             "or choose another item")
                continue
            picked[opt.label] = item
            explicit[opt.label] = cause
            changed = True


def _check_incompatible(rules: list[Incompatibility], by_label: dict[str, Option],
                        picked: dict[str, OptionItem], explicit: set[str]) -> None:
    """Two chosen items declared incompatible are an error (a default item never is: a
    description may let one option override another's default)."""
    for rule in rules:
        hits = []
        for group in (rule.first, rule.second):
            hit = None
            for choice in group:
                opt, item = _resolve(by_label, choice, rule.span)
                if opt.label in explicit and picked.get(opt.label) is item:
                    hit = f"{opt.label}/{item.name}"
                    break
            hits.append(hit)
        if hits[0] and hits[1]:
            raise ExpansionError(f'option items "{hits[0]}" and "{hits[1]}" do not go together', None,
                                 hint=f"the description declares them incompatible at {rule.span}; "
                                      "choose another item for one of them")


def choose(options: list[Option], rulesets: list[Ruleset], requested: Sequence[str],
           ruleset: str | None) -> tuple[dict[str, OptionItem], str | None]:
    """Resolve requested ``"Label/Item"`` strings and a ruleset name to one item per option."""
    by_label = {opt.label: opt for opt in options}
    picked: dict[str, OptionItem] = {}
    explicit: dict[str, str] = {}
    chosen_ruleset = None
    if ruleset is not None:
        rs = _find_ruleset(rulesets, ruleset)
        chosen_ruleset = rs.name
        for choice in rs.choices:
            opt, item = _resolve(by_label, choice, rs.span)
            picked[opt.label] = item
    for choice in requested:
        opt, item = _resolve(by_label, choice, None)
        if opt.label in explicit and explicit[opt.label] != item.name:
            raise ExpansionError(
                f'two items chosen for option "{opt.label}": "{explicit[opt.label]}" and "{item.name}"',
                hint="choose one item per option")
        explicit[opt.label] = item.name
        picked[opt.label] = item
    for opt in options:
        if opt.label not in picked:  # the default: the first item with the most stars (Ludii's)
            picked[opt.label] = opt.default
    return picked, chosen_ruleset


def _explicit(options: list[Option], rulesets: list[Ruleset], requested: Sequence[str],
              ruleset: str | None) -> set[str]:
    """Labels of the options whose item was chosen (by the user or a ruleset), not defaulted."""
    by_label = {opt.label: opt for opt in options}
    choices = list(requested)
    if ruleset is not None:
        choices += _find_ruleset(rulesets, ruleset).choices
    return {_resolve(by_label, c, None)[0].label for c in choices}


def _find_ruleset(rulesets: list[Ruleset], name: str) -> Ruleset:
    want = name.lower().removeprefix("ruleset/")
    for rs in rulesets:
        full = rs.name.lower().removeprefix("ruleset/")
        if full == want or full.split(" (")[0] == want:
            return rs
    names = ", ".join(f'"{r.name}"' for r in rulesets) or "none"
    close = difflib.get_close_matches(name, [r.name for r in rulesets], n=2, cutoff=0.5)
    guess = ("did you mean " + " or ".join(f'"{c}"' for c in close) + "? ") if close else ""
    raise ExpansionError(f'unknown ruleset "{name}"', hint=f"{guess}rulesets in this description: {names}")


def _resolve(by_label: dict[str, Option], choice: str, span: Span | None) -> tuple[Option, OptionItem]:
    label, sep, item_name = choice.rpartition("/")
    if not sep:
        raise ExpansionError(f'option choice "{choice}" should read "Option Label/Item Name"', span,
                             hint=_list_options(by_label))
    opt = by_label.get(label) or next((o for o in by_label.values() if o.label.lower() == label.lower()), None)
    if opt is None:
        close = difflib.get_close_matches(label, list(by_label), n=3)
        hint = (f"did you mean {', '.join(repr(c) for c in close)}? " if close else "") + _list_options(by_label)
        raise ExpansionError(f'unknown option "{label}"', span, hint=hint)
    item = opt.find(item_name)
    if item is None:
        valid = ", ".join(f'"{opt.label}/{i.name}"' for i in opt.items)
        close = difflib.get_close_matches(item_name, [i.name for i in opt.items], n=3, cutoff=0.5)
        guess = ("did you mean " + " or ".join(f'"{opt.label}/{c}"' for c in close) + "? ") if close else ""
        raise ExpansionError(f'option "{opt.label}" has no item "{item_name}"', span,
                             hint=f"{guess}valid items: {valid}")
    return opt, item


def _list_options(by_label: dict[str, Option]) -> str:
    if not by_label:
        return "this description declares no options"
    return "options: " + "; ".join(f'"{o.label}" ({", ".join(i.name for i in o.items)})' for o in by_label.values())


class _OptionSubstituter:
    """Replaces ``<Tag>`` / ``<Tag:arg>`` with the values of the chosen items."""

    def __init__(self, options: list[Option], picked: dict[str, OptionItem], errors=None):
        self.errors = errors  # a Collected: an unknown placeholder is reported and read past
        self.values: dict[tuple[str, str | None], list[Node]] = {}
        self.raw: dict[tuple[str, str | None], str] = {}  # values spliced as text (<(dual>)
        self.missing: dict[tuple[str, str | None], str] = {}  # args the chosen item gives no value
        # as Ludii's Expander.realiseOptions: option by option, in their order, so where two
        # options share a tag the first that gives a marker a value expands it
        for opt in options:
            item = picked[opt.label]
            names: list[str | None] = list(opt.args) or [None]
            for i, arg in enumerate(names):
                if (opt.tag, arg) in self.values:
                    continue
                if opt.args and i >= len(item.values):
                    self.missing.setdefault((opt.tag, arg), f'{opt.label}/{item.name}')
                    continue
                self.missing.pop((opt.tag, arg), None)
                value = item.values[i].items if i < len(item.values) else []
                self.values[(opt.tag, arg)] = value
                raw = item.values[i].raw if i < len(item.values) else None
                if raw is not None:
                    self.raw[(opt.tag, arg)] = _uncommented(raw)
                if i == 0:
                    self.values.setdefault((opt.tag, None), value)
                    if (opt.tag, arg) in self.raw:
                        self.raw.setdefault((opt.tag, None), self.raw[(opt.tag, arg)])
        self.tags = sorted({tag for tag, _ in self.values})
        self.depth = 0
        self.produced = 0  # nodes copied out of option values (values may hold placeholders)

    def lookup(self, ph: Placeholder) -> list[Node]:
        key = (ph.tag, ph.arg)
        if key in self.missing:
            raise ExpansionError(f'option item "{self.missing[key]}" gives no value for {ph.text}', ph.span,
                                 hint="give the item a value for each of the option's args")
        if key not in self.values:
            if ph.arg is not None and (ph.tag, None) in self.values:
                raise ExpansionError(f"option <{ph.tag}> has no argument '{ph.arg}'", ph.span)
            close = difflib.get_close_matches(ph.tag, self.tags, n=3)
            hint = f"did you mean <{close[0]}>?" if close else (
                f"declared tags: {', '.join('<' + t + '>' for t in self.tags)}" if self.tags
                else "declare it with (option \"Label\" <Tag> args:{...} {...})")
            error = ExpansionError(f"unknown option placeholder {ph.text}", ph.span, hint=hint)
            if self.errors is None:
                raise error
            self.errors.add(error)
            return [Broken(ph.text, span=ph.span)]
        # values may hold placeholders of other options: substitute them too (bounded, since
        # an option could name itself)
        self.depth += 1
        try:
            if self.depth > 32:
                raise ExpansionError(f"option values refer to each other too deeply (at {ph.text})", ph.span)
            out: list[Node] = []
            for n in self.values[key]:
                self.produced += _size(n)
                if self.produced > MAX_NODES:
                    raise ExpansionError(f"option values expand to more than {MAX_NODES} nodes", ph.span,
                                         hint="option values that hold placeholders of other options "
                                              "multiply their size")
                out.extend(self.apply(_clone_at(n, ph.span)))
            return out
        finally:
            self.depth -= 1

    def text(self, s: Str) -> Str:
        def sub(m: re.Match[str]) -> str:
            key = (m.group(1), m.group(2))
            if key in self.raw:
                return self.raw[key]
            if key not in self.values:
                return m.group(0)
            from .format import format_inline
            return " ".join(format_inline(n, unquote_strings=True) for n in self.values[key])
        new = _bounded(_TEXT_PLACEHOLDER.sub(sub, s.value), s.span)
        return s if new == s.value else Str(new, span=s.span)

    def apply(self, node: Node) -> list[Node]:
        return _map(node, self._visit)

    def _visit(self, node: Node) -> list[Node] | None:
        if isinstance(node, Placeholder):
            return self.lookup(node)
        if isinstance(node, Str) and "<" in node.value:
            return [self.text(node)]
        if isinstance(node, Call) and isinstance(node.head, Placeholder):
            spliced = self.lookup(node.head)
            return [_call_from_splice(spliced, node, self.apply)]
        if isinstance(node, Call) and node.name == "option":
            return [node]  # option declarations keep their placeholders
        return None


def _spliced_name(node: Const, arg: Callable[[int, Span], list[Node]]) -> Const:
    """``P#1``: a name with a define parameter at its end, the argument's text spliced into it
    as Ludii substitutes ``#N`` in a define's text (``P#1`` with ``1`` is ``P1``)."""
    def text(m: re.Match[str]) -> str:
        vals = arg(int(m.group(1)), node.span)
        if len(vals) != 1 or not isinstance(vals[0], (Int, Const)):
            raise ExpansionError(f"{node.name}: #{m.group(1)} must be one number or name here, to make "
                                 "one name", node.span)
        return str(vals[0].value if isinstance(vals[0], Int) else vals[0].name)
    return Const(_TEXT_PARAM.sub(text, node.name), span=node.span)


def _call_from_splice(spliced: list[Node], call: Call, recurse: Callable[[Node], list[Node]]) -> Call | Broken:
    """``(<Tag> args)`` or ``(#1 args)``: the first spliced node names the call."""
    if not spliced:
        raise ExpansionError("the head of this call expands to nothing", call.span)
    first, rest = spliced[0], spliced[1:]
    head: Head
    if isinstance(first, Broken):  # an unknown placeholder, already reported
        return Broken(first.text, span=call.span)
    if isinstance(first, Const):
        head = first.name
    elif isinstance(first, Str):
        head = DefineRef(first.value, span=first.span)
    elif isinstance(first, Call) and not rest and not call.args:
        return first
    else:
        raise ExpansionError("the head of this call must expand to a name", call.span)
    args: list[Node] = list(rest)
    for a in call.args:
        args.extend(recurse(a))
    return Call(head, args, call.stars, span=call.span)


# ---------------------------------------------------------------------------------------------
# defines


_NAMED_FORMS = ("game", "match", "instance")


class _DefineExpander:
    def __init__(self, defines: Mapping[str, Define], errors=None):
        self.defines = defines
        self.errors = errors  # a Collected: an unknown define is reported and read past
        self.produced = 0
        self.scope: dict[str, Define] = {}  # the repeated names the body being expanded reads
        self._takes_args: dict[int, bool] = {}  # whether a define's body has #1, #2...

    def expand(self, node: Node, depth: int = 0) -> list[Node]:
        return _map(node, lambda n: self._visit(n, depth))

    def _count(self, span: Span, nodes: int = 1) -> None:
        self.produced += nodes
        if self.produced > MAX_NODES:
            raise ExpansionError(f"defines expand to more than {MAX_NODES} nodes", span,
                                 hint="a define that uses another several times multiplies its size; "
                                      "a define may also use itself, directly or through others")

    def _visit(self, node: Node, depth: int) -> list[Node] | None:
        if isinstance(node, Call) and isinstance(node.head, DefineRef):
            return self._use(node.head.name, node.args, node, depth)
        if isinstance(node, Call) and node.name in _NAMED_FORMS and node.args and isinstance(node.args[0], Str):
            # (game "Name" ...): the name is never a define use, as in Ludii
            args: list[Node] = [node.args[0]]
            for a in node.args[1:]:
                args.extend(self.expand(a, depth))
            return [Call(node.head, args, node.stars, span=node.span)]
        if isinstance(node, Str) and node.value in self.defines:
            return self._use(node.value, [], node, depth)
        if isinstance(node, NegatedRef):
            return [self._negate(node, depth)]
        if isinstance(node, Call) and node.name == "define":
            return []  # declarations vanish from the expanded tree (collected beforehand)
        return None

    def _passed_by_name(self, arg: Node, callee: Define) -> bool:
        """``arg`` is the bare name of a define that takes arguments, the same define read
        from the body it is given to (a name given by several defines may read another there)."""
        if not isinstance(arg, Str):
            return False
        named = self.scope.get(arg.value) or self.defines.get(arg.value)
        if named is None or named is not (callee.scope.get(arg.value) or self.defines.get(arg.value)):
            return False
        takes = self._takes_args.get(id(named))
        if takes is None:
            takes = any(isinstance(n, Param) for part in named.body for n in part.walk())
            self._takes_args[id(named)] = takes
        return takes

    def _negate(self, node: NegatedRef, depth: int) -> Node:
        """``-"Name"``: the define must give one number."""
        value = self._use(node.name, [], node, depth)
        if len(value) == 1 and isinstance(value[0], Int):
            return Int(-value[0].value, span=node.span)
        if len(value) == 1 and isinstance(value[0], Float):
            return Float(-value[0].value, span=node.span)
        raise ExpansionError(f'-"{node.name}" needs a define that gives one number', node.span)

    def _use(self, name: str, args: list[Node], use: Node, depth: int) -> list[Node]:
        define = self.scope.get(name) or self.defines.get(name)
        if define is None:
            close = difflib.get_close_matches(name, list(self.defines), n=3)
            hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else \
                f'declare it with (define "{name}" ...)'
            error = ExpansionError(f'unknown define "{name}"', use.span, hint=hint)
            if self.errors is None:
                raise error
            self.errors.add(error)
            for a in args:  # errors inside its arguments are errors too
                self.expand(a, depth)
            return [Broken(name, span=use.span)]
        if depth >= MAX_DEFINE_DEPTH:
            raise ExpansionError(f'defines nested more than {MAX_DEFINE_DEPTH} deep (at "{name}")', use.span,
                                 hint="a define probably uses itself, directly or through others")
        # Arguments are expanded where they are written, before they enter the body; but the
        # name of a define that takes arguments stays a name (Ludii substitutes the text, then
        # expands it): ``(#1 args)`` in the body is then a use of that define with those arguments
        expanded_args: list[list[Node]] = [
            [a] if self._passed_by_name(a, define) else self.expand(a, depth) for a in args]
        sizes = [sum(_size(n) for n in arg) for arg in expanded_args]
        via = Via(name, use.span)
        out: list[Node] = []
        outer, self.scope = self.scope, define.scope
        try:
            for part in define.body:
                # what defines add is counted as it is copied, arguments included (#1 used many
                # times); the written text itself is bounded by the parser
                self._count(use.span, _size(part) + sum(
                    sizes[n.index - 1] for n in part.walk() if isinstance(n, Param) and 1 <= n.index <= len(sizes)))
                for n in _substitute_params(_relocate(part, via), expanded_args, use.span):
                    out.extend(self.expand(n, depth + 1))
        finally:
            self.scope = outer
        return out


def _relocate(node: Node, via: Via) -> Node:
    """A deep copy of a define body whose spans say they came through ``via``."""
    return _copy(node, via)


def _copy(node: Node, via: Via | None) -> Node:
    """A structural deep copy (spans are immutable and shared, or moved through ``via``).
    ``copy.deepcopy`` also copied every span and was the bottleneck of large expansions."""
    span = node.span
    if via is not None:  # Span.through, without dataclasses.replace (slow on hot paths)
        span = Span(span.file, span.line, span.col, span.end_line, span.end_col, (via,) + span.via)
    if isinstance(node, Call):
        # a copy keeps its node's class: a head stays a head
        head = cast(Head, _copy(node.head, via)) if isinstance(node.head, Node) else node.head
        return Call(head, [_copy(a, via) for a in node.args], node.stars, span=span)
    if isinstance(node, Array):
        return Array([_copy(a, via) for a in node.items], span=span)
    if isinstance(node, Named):
        return Named(node.key, _copy(node.value, via), span=span)
    if isinstance(node, Value):
        return Value([_copy(a, via) for a in node.items], span=span)
    if isinstance(node, Item):
        return Item(node.name, [cast(Value, _copy(v, via)) for v in node.values], node.help,
                    node.stars, span=span)
    if isinstance(node, Range):
        return Range(_copy(node.lo, via), _copy(node.hi, via), span=span)
    new = copy.copy(node)  # an atom
    object.__setattr__(new, "span", span)
    return new


def _substitute_params(body: Node, args: list[list[Node]], use_span: Span) -> list[Node]:
    def arg(index: int, span: Span) -> list[Node]:
        if 1 <= index <= len(args):
            return [_clone_at(n, None) for n in args[index - 1] if not isinstance(n, Omit)]
        return []

    def visit(node: Node) -> list[Node] | None:
        if isinstance(node, Param):
            return arg(node.index, node.span)
        if isinstance(node, Named) and isinstance(node.value, Param):
            values = arg(node.value.index, node.span)
            if not values:
                return []
            if len(values) > 1:
                raise ExpansionError(f"#{node.value.index} gives several values to {node.key}:", use_span)
            return [Named(node.key, values[0], span=node.span)]
        if isinstance(node, Str) and "#" in node.value:
            def sub(m: re.Match[str]) -> str:
                vals = arg(int(m.group(1)), node.span)
                from .format import format_inline
                return " ".join(format_inline(v, unquote_strings=True) for v in vals)
            return [Str(_bounded(_TEXT_PARAM.sub(sub, node.value), node.span), span=node.span)]
        if isinstance(node, Const) and "#" in node.name:
            return [_spliced_name(node, arg)]
        if isinstance(node, Call) and isinstance(node.head, Param):
            return [_call_from_splice(arg(node.head.index, node.span), node, lambda n: _map(n, visit))]
        if isinstance(node, Range):
            lo = _map(node.lo, visit)
            hi = _map(node.hi, visit)
            if len(lo) != 1 or len(hi) != 1:
                raise ExpansionError("a range bound must be one number", node.span)
            return [Range(lo[0], hi[0], span=node.span)]
        return None

    return _map(body, visit)


# ---------------------------------------------------------------------------------------------
# tree mapping


def _map(node: Node, visit) -> list[Node]:
    """Rebuild ``node`` bottom-up; ``visit`` may replace any node by a list (splice)."""
    replaced = visit(node)
    if replaced is not None:
        return replaced
    if isinstance(node, Call):
        args: list[Node] = []
        for a in node.args:
            args.extend(_map(a, visit))
        return [Call(node.head, args, node.stars, span=node.span)]
    if isinstance(node, Array):
        items: list[Node] = []
        for a in node.items:
            items.extend(_map(a, visit))
        return [Array(items, span=node.span)]
    if isinstance(node, Named):
        values = _map(node.value, visit)
        if not values:
            return []
        if len(values) > 1:
            return [Named(node.key, values[0], span=node.span)] + values[1:]
        return [Named(node.key, values[0], span=node.span)]
    if isinstance(node, Value):
        items = []
        for a in node.items:
            items.extend(_map(a, visit))
        return [Value(items, span=node.span)]
    if isinstance(node, Range):
        lo, hi = _map(node.lo, visit), _map(node.hi, visit)
        if len(lo) != 1 or len(hi) != 1:
            raise ExpansionError("a range bound must be one number", node.span)
        return [Range(lo[0], hi[0], span=node.span)]
    if isinstance(node, Hole):
        items = []
        for a in node.items:
            items.extend(_map(a, visit))
        return [Hole(items, span=node.span)]
    return [node]


def _clone_at(node: Node, span: Span | None) -> Node:
    return _copy(node, None)


def _size(node: Node) -> int:
    return sum(1 for _ in node.walk())


def _bounded(text: str, span: Span) -> str:
    """A string after filling in placeholders or parameters, refused when it grew too long."""
    if len(text) > MAX_STRING:
        raise ExpansionError(f"a string grows to {len(text)} characters when its placeholders or define "
                             f"parameters are filled in (at most {MAX_STRING})", span)
    return text


# ---------------------------------------------------------------------------------------------
# entry point


def collect_defines(forms: Iterable[Node], into: dict[str, Define] | None = None,
                    repeats: bool = False) -> dict[str, Define]:
    """The defines among ``forms`` (at any depth), added to ``into``. The same body twice, as
    some Ludii files have, is harmless. A name given twice with different bodies is an error,
    unless ``repeats`` (a description's own defines): then it is Ludii's meaning. Ludii's
    expander takes the defines in the file's order, round after round, each expanding every use
    in the text at its turn; so the first define of a name reads every use, except the uses
    written in the body of a define placed after it, which the next define of that name after
    that body reads (it comes first once that body is spliced in)."""
    defines = {} if into is None else into
    order: list[Define] = []
    for top in forms:
        for form in top.walk():
            if isinstance(form, Call) and form.name == "define":
                pos = form.positional()
                if not pos or not isinstance(pos[0], Str):
                    raise ExpansionError('malformed define', form.span, hint='write (define "Name" body)')
                body = [a for a in form.args if a is not pos[0]]
                first = defines.get(pos[0].value)
                if first is not None and first.body != body and not repeats:
                    raise ExpansionError(f'define "{pos[0].value}" is given twice', form.span,
                                         hint=f"the first is at {first.span}; rename one of them")
                if first is None or first.body != body:
                    _check_parameters(pos[0].value, body, form.span)
                    define = Define(pos[0].value, body, form.span)
                    order.append(define)
                    defines.setdefault(define.name, define)
    _scope_repeats(order)
    return defines


def _scope_repeats(order: list[Define]) -> None:
    """For each define whose body uses a name given by several defines, the one it reads when
    it is not the first (Ludii's order: see :func:`collect_defines`)."""
    names = [d.name for d in order]
    repeated = {n for n in names if names.count(n) > 1}
    if not repeated:
        return
    for i, define in enumerate(order):
        used: set[str] = set()
        for part in define.body:
            for n in part.walk():
                if isinstance(n, Call) and isinstance(n.head, DefineRef):
                    used.add(n.head.name)
                elif isinstance(n, Str):
                    used.add(n.value)
        used &= repeated
        for name in used:
            later = next((d for d in order[i + 1:] if d.name == name), None)
            first = next(d for d in order if d.name == name)
            if later is not None and later is not first and order.index(first) < i:
                define.scope[name] = later


def _check_parameters(name: str, body: list[Node], span: Span) -> None:
    """A define's parameters are numbered from #1 without a gap: a body that uses #5 but not
    #2 to #4 would drop #5 from every use that does not give five arguments, without a word
    (Ludii drops missing arguments: that is how optional ones are left out)."""
    used: dict[int, Span] = {}
    for part in body:
        for node in part.walk():
            if isinstance(node, Param):
                used.setdefault(node.index, node.span)
            elif isinstance(node, Str):
                for m in _TEXT_PARAM.finditer(node.value):
                    used.setdefault(int(m.group(1)), node.span)
    missing = [i for i in range(1, max(used, default=0)) if i not in used]
    if missing:
        top = max(used)
        listed = ", ".join(f"#{i}" for i in missing)
        raise ExpansionError(f'define "{name}" uses #{top} but not {listed}', used[top],
                             hint=f"number its parameters from #1: a use gives them in that order (the define is at {span})")


def expand(doc: Document, options: Sequence[str] = (), ruleset: str | None = None,
           library: Mapping[str, Define] | None = None, errors=None) -> Expanded:
    """Choose options, apply a ruleset, inline defines; return the game tree. ``library``
    holds the defines a description may use without declaring them (its own replace them).
    With ``errors`` (a :class:`~interpreter.errors.Collected`), unknown defines and option
    placeholders are reported there and read past (they become :class:`Broken` nodes)."""
    for _ in range(MAX_TEXT_SPLICES):
        spliced = _splice_text_values(doc, options, ruleset)
        if spliced is None:
            return _expand(doc, options, ruleset, library, errors)
        doc = spliced
    raise ExpansionError("option values spliced as text keep bringing placeholders of such values",
                         Span(doc.file, 1, 1), hint="an option value probably holds its own placeholder")


def _pick(doc: Document, opts: list[Option], rulesets: list[Ruleset], options: Sequence[str],
          ruleset: str | None) -> tuple[dict[str, OptionItem], str | None]:
    """The item chosen for each option (by the user, a ruleset, an implication or by default)
    and the ruleset applied (only one asked for: as Ludii's loader, a description loaded without
    options takes each option's default item, even where a ruleset is starred)."""
    picked, chosen_ruleset = choose(opts, rulesets, options, ruleset)
    by_label = {o.label: o for o in opts}
    explicit = dict.fromkeys(_explicit(opts, rulesets, options, chosen_ruleset), "chosen")
    _apply_implications(read_implications(doc, opts), by_label, picked, explicit)
    _check_incompatible(read_incompatibilities(doc, opts), by_label, picked, set(explicit))
    return picked, chosen_ruleset


def _expand(doc: Document, options: Sequence[str], ruleset: str | None,
            library: Mapping[str, Define] | None, errors=None) -> Expanded:
    opts, rulesets = read_options(doc)
    picked, chosen_ruleset = _pick(doc, opts, rulesets, options, ruleset)
    subst = _OptionSubstituter(opts, picked, errors)

    forms: list[Node] = []
    for form in doc.forms:
        if isinstance(form, Call) and form.name in ("option", "rulesets"):
            continue
        forms.extend(subst.apply(form))

    own = collect_defines(forms, repeats=True)  # the description's own defines replace the library's
    # a read-only view (ChainMap's types want mutable maps, but only ``own`` could be written)
    defines: Mapping[str, Define] = ChainMap(own, library) if library else own  # type: ignore[arg-type]
    expander = _DefineExpander(defines, errors)

    game: Call | None = None
    metadata: Call | None = None
    extra: list[Node] = []
    for form in forms:
        if isinstance(form, Call) and form.name == "define":
            continue
        try:
            out = expander.expand(form)
        except RecursionError:
            # Defines nested in defines can build a tree deeper than Python's stack.
            raise ExpansionError(f"the expanded description nests more than {MAX_TREE_DEPTH} deep",
                                 form.span, hint="defines probably wrap each other too many times") from None
        out = [m for n in out for m in _site_ranges(n)]
        for n in out:
            _check_depth(n)
        for n in out:
            if isinstance(n, Call) and n.name in ("game", "match"):
                if game is not None:
                    raise ExpansionError("a description holds one (game ...)", n.span,
                                         hint=f"the first is at {game.span}")
                game = n
            elif isinstance(n, Call) and n.name == "metadata":
                metadata = n
            else:
                extra.append(n)
    if game is None:
        raise ExpansionError("no (game ...) in this description", Span(doc.file, 1, 1),
                             hint='a description is (game "Name" (players ...) (equipment {...}) (rules ...))')
    chosen = {label: item.name for label, item in picked.items()}
    return Expanded(game, metadata, opts, chosen, rulesets, chosen_ruleset, defines, doc, extra)


# ---------------------------------------------------------------------------------------------
# option values spliced as text


MAX_TEXT_SPLICES = 8  # rounds of splicing text values (a value may bring placeholders of others)


def _splice_text_values(doc: Document, options: Sequence[str], ruleset: str | None) -> Document | None:
    """Ludii splices option values into the text; a value whose brackets do not balance
    (``<(dual>`` and ``<)>``) can only be used that way. When the chosen items hold such values,
    return the document read again with their placeholders replaced by their text (a value
    stays on its line, so line numbers still hold); otherwise None."""
    opts, rulesets = read_options(doc)
    if not any(v.raw is not None for o in opts for i in o.items for v in i.values):
        return None
    picked, _ = _pick(doc, opts, rulesets, options, ruleset)
    raw = _OptionSubstituter(opts, picked).raw
    if not raw:
        return None
    cuts: list[tuple[int, int, str]] = []
    lines = [0] + [m.end() for m in re.finditer("\n", doc.text)]

    def offset(line: int, col: int) -> int:
        return lines[line - 1] + col - 1

    for form in doc.forms:
        if isinstance(form, Call) and form.name in ("option", "rulesets"):
            continue
        for node in form.walk():
            if isinstance(node, Placeholder) and (node.tag, node.arg) in raw:
                sp = node.span
                cuts.append((offset(sp.line, sp.col), offset(sp.end_line, sp.end_col), raw[(node.tag, node.arg)]))
    if not cuts:
        return None
    text = doc.text
    for start, end, value in sorted(cuts, reverse=True):
        text = text[:start] + value + text[end:]
    if len(text) > 1_000_000:
        raise ExpansionError("option values spliced as text make the description too large", Span(doc.file, 1, 1))
    from .parser import parse
    return parse(text, str(doc.file))


def _uncommented(text: str) -> str:
    """A value's text without its // comments (Ludii removes comments before splicing)."""
    return re.sub(r'("(?:[^"\\]|\\")*")|//[^\n]*', lambda m: m.group(1) or "", text)


# ---------------------------------------------------------------------------------------------
# site ranges


_SITE_LABEL = re.compile(r"([A-Za-z])([0-9]+)")
MAX_SITE_RANGE = 100_000  # labels one site range may give


def _site_ranges(node: Node) -> list[Node]:
    """``"A1".."C3"``: every label from column A to C and row 1 to 3, column by column, as
    Ludii expands a range of quoted labels (after defines, so ``"Entry".."End"`` is a range of
    numbers when those names are defines giving numbers)."""
    if not any(isinstance(n, Range) and (isinstance(n.lo, Str) or isinstance(n.hi, Str)) for n in node.walk()):
        return [node]

    def visit(n: Node) -> list[Node] | None:
        if not (isinstance(n, Range) and (isinstance(n.lo, Str) or isinstance(n.hi, Str))):
            return None
        usage = 'a range runs from a number to a number, or from a site label to another ("A1".."C3")'
        if not (isinstance(n.lo, Str) and isinstance(n.hi, Str)):
            raise ExpansionError("a range mixes a site label and a number", n.span, hint=usage)
        lo, hi = _SITE_LABEL.fullmatch(n.lo.value), _SITE_LABEL.fullmatch(n.hi.value)
        if lo is None or hi is None:
            bad = n.lo if lo is None else n.hi
            raise ExpansionError(f'"{bad.value}" is not a site label (a letter and a number) '
                                 "nor a define", bad.span, hint=usage)
        (c0, r0), (c1, r1) = [(m.group(1).upper(), int(m.group(2))) for m in (lo, hi)]
        if len(range(ord(c0), ord(c1) + 1)) * len(range(r0, r1 + 1)) > MAX_SITE_RANGE:
            raise ExpansionError(f"site range too long (at most {MAX_SITE_RANGE} labels)", n.span)
        return [Str(f"{chr(c)}{r}", span=n.span) for c in range(ord(c0), ord(c1) + 1) for r in range(r0, r1 + 1)]

    return _map(node, visit)


def _check_depth(node: Node) -> None:
    """Refuse an expanded tree nested deeper than MAX_TREE_DEPTH brackets, as the parser refuses
    such text (later stages recurse over the tree)."""
    stack = [(node, 0)]
    while stack:
        n, depth = stack.pop()
        if isinstance(n, (Call, Array, Item, Value)):
            depth += 1
            if depth > MAX_TREE_DEPTH:
                raise ExpansionError(f"the expanded description nests more than {MAX_TREE_DEPTH} deep", n.span,
                                     hint="defines probably wrap each other too many times")
        stack.extend((c, depth) for c in n.children())


def load_library(paths: Iterable[Path]) -> dict[str, Define]:
    """Defines from library files (``.def``): each holds ``(define "Name" ...)`` forms."""
    from .parser import parse_file
    defines: dict[str, Define] = {}
    for path in paths:
        collect_defines(parse_file(path).forms, defines)
    return defines


class DefineFolder(Mapping[str, Define]):
    """The defines of a folder of ``.def`` files (Ludii's library: 164 files), read as they are
    needed: a quick scan finds the names, and a file is parsed the first time one of its
    defines is used. Equal folders share one instance (:func:`define_folder`)."""

    _NAME = re.compile(r'\(define\s+"((?:[^"\\]|\\")*)"')

    def __init__(self, folder: Path):
        self.folder = folder
        self._index: dict[str, Path] | None = None
        self._defines: dict[str, Define] = {}
        self._parsed: set[Path] = set()

    @property
    def index(self) -> dict[str, Path]:
        if self._index is None:
            index: dict[str, Path] = {}
            for path in sorted(self.folder.rglob("*.def")):
                try:
                    text = read_text(path, MAX_DEFINE_FILE)
                except (OSError, UnicodeDecodeError):
                    continue  # reported when one of its defines is used, if ever
                for m in self._NAME.finditer(text):
                    index.setdefault(m.group(1).replace('\\"', '"'), path)
            self._index = index
        return self._index

    def __getitem__(self, name: str) -> Define:
        path = self.index[name]
        if path not in self._parsed:
            from .parser import parse_file
            self._parsed.add(path)
            collect_defines(parse_file(path).forms, self._defines)
        return self._defines[name]

    def __contains__(self, name: object) -> bool:
        return name in self.index

    def __iter__(self):
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.index)


_FOLDERS: dict[Path, DefineFolder] = {}


def define_folder(folder: Path) -> DefineFolder:
    """The (shared, lazily read) defines of ``folder``."""
    key = folder.resolve()
    found = _FOLDERS.get(key)
    if found is None:
        found = _FOLDERS[key] = DefineFolder(key)
    return found
