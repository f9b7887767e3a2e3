"""Binding: the expanded syntax tree becomes ludeme objects, checked against the registry.

Each call is looked up by name (two-word names such as ``move Add`` take the first argument
when it is a constant), its arguments are matched to the declared parameters, and every
mismatch is reported at the argument's location with a hint. A name the registry lacks is an
:class:`~.errors.UnsupportedLudeme` when Ludii's vocabulary has it (``Ludii's `forEach Die` is
not supported yet``), else an unknown ludeme with the closest names.

The binder reads past a mistake: a part that fails becomes a *reported* value and binding goes
on, so one run finds every independent error (:func:`bind_all`). A reported value whose ludeme
is known stands in for it in its parent's checks (a broken ``(is Line ...)`` is still a
condition); one whose ludeme is unknown fits anywhere, and its call says nothing more about its
positional arguments, so no error is a consequence of another.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from .errors import BindError, Collected, LudError, UnsupportedLudeme
from .ludemes import base
from .ludemes.base import OVERLOADS, REGISTRY, BoundArray, Ludeme, Param
from .ludii import is_ludii_form, ludii_form_of
from .ludii.class_names import CLASS_NAMES
from .syntax.nodes import (
    Array,
    Bool,
    Broken,
    Call,
    Const,
    DefineRef,
    Float,
    Hole,
    Int,
    Named,
    NegatedRef,
    Node,
    Omit,
    Param as ParamNode,
    Placeholder,
    Range,
    Span,
    Str,
)

MAX_BIND_DEPTH = 150


def bind(node: Node, expected: base.PType | None = None) -> Any:
    """Bind one expanded node; raises the first error found (``expected`` is unused, kept for
    callers that name what they expect)."""
    try:
        return _Binder(_Strict()).bind(node, 0)
    except _TooDeep as stop:
        raise stop.error from None


def bind_all(node: Node, defines: Iterable[str] = (), into: Collected | None = None) -> tuple[Any, list[LudError]]:
    """Bind ``node`` and gather every error on the way: (the bound value, or None when there
    were errors; the errors in the order found). ``defines`` are the define names in scope, for
    "did you mean" on an unknown one; ``into`` collects the errors too."""
    collected = into if into is not None else Collected()
    before = len(collected.errors)
    binder = _Binder(collected, tuple(defines))
    try:
        value = binder.bind(node, 0)
    except _TooDeep as stop:
        collected.add(stop.error)
        value = None
    found = collected.errors[before:]
    if found or isinstance(value, _Reported):
        return None, found
    return value, found


class _Strict(Collected):
    """Errors raised at once: loading a game wants the first one only."""

    def add(self, err: LudError) -> None:
        raise err


class _TooDeep(Exception):
    """Nesting beyond MAX_BIND_DEPTH: binding stops (reading on would recurse as deep)."""

    def __init__(self, error: BindError):
        self.error = error


class _Reported:
    """A part whose error is already reported. ``cls`` is its ludeme class when known: an
    instance made without arguments (``stand_in``) answers its parent's type checks."""

    __slots__ = ("cls", "span", "stand_in")

    def __init__(self, cls: type[Ludeme] | None, span: Any):
        self.cls = cls
        self.span = span
        self.stand_in = None
        if cls is not None:
            stand_in = cls.__new__(cls)
            stand_in.span = span
            self.stand_in = stand_in


def _tainted(value: Any) -> bool:
    """Whether a bound value holds a reported part."""
    if isinstance(value, _Reported):
        return True
    if isinstance(value, BoundArray):
        return any(_tainted(v) for v in value.items)
    return False


def _checked(value: Any) -> Any | None:
    """The value to type-check in place of ``value`` (stand-ins for reported parts), or None
    when a reported part of unknown kind makes the check meaningless."""
    if isinstance(value, _Reported):
        return value.stand_in
    if isinstance(value, BoundArray) and _tainted(value):
        items = [_checked(v) for v in value.items]
        if any(i is None for i in items):
            return None
        return BoundArray(items, value.span)
    return value


class _Binder:
    def __init__(self, errors: Collected, defines: tuple[str, ...] = ()):
        self.errors = errors
        self.defines = defines

    def fail(self, err: LudError, cls: type[Ludeme] | None = None, span: Any = None) -> _Reported:
        self.errors.add(err)
        return _Reported(cls, span if span is not None else err.span)

    def bind(self, node: Node, depth: int) -> Any:
        if depth > MAX_BIND_DEPTH:
            raise _TooDeep(BindError(f"description nested more than {MAX_BIND_DEPTH} levels deep", node.span))
        if isinstance(node, Call):
            return self.bind_call(node, depth)
        if isinstance(node, Array):
            return self._bind_array(node, depth)
        if isinstance(node, Range):
            return self._bind_range(node)
        if isinstance(node, Broken):
            return _Reported(None, node.span)
        if isinstance(node, Named):
            self.bind(node.value, depth + 1)
            return self.fail(BindError(f"named argument {node.key}: outside a call", node.span))
        refused = self._refusal(node)
        if refused is not None:
            return self.fail(refused)
        return node  # literal atoms stay as nodes (Int, Float, Bool, Str, Const)

    def _bind_array(self, node: Array, depth: int) -> BoundArray:
        items: list[Any] = []
        for n in node.items:
            if isinstance(n, Named):
                n = n.value  # Ludii's ArgArray compiles an element without looking at its label
            bound = self.bind(n, depth + 1)
            if isinstance(n, Range) and isinstance(bound, BoundArray):
                items.extend(bound.items)  # {1..5 8} is 1 2 3 4 5 8
            else:
                items.append(bound)
        return BoundArray(items, node.span)

    def _bind_range(self, node: Range) -> BoundArray | _Reported:
        lo, hi = node.lo, node.hi
        if not isinstance(lo, Int) or not isinstance(hi, Int):
            return self.fail(BindError("a range needs two numbers", node.span))
        if abs(hi.value - lo.value) > 100_000:
            return self.fail(BindError("range too long (at most 100000 values)", node.span))
        step = 1 if hi.value >= lo.value else -1
        return BoundArray([Int(v, span=node.span) for v in range(lo.value, hi.value + step, step)], node.span)

    def _refusal(self, node: Node) -> BindError | None:
        """The error of a node that only means something before the expansion (a define's
        parameter, an option's placeholder, a gap, an omitted argument...); None for the others."""
        if isinstance(node, ParamNode):
            return BindError(f"#{node.index} outside a define", node.span,
                             hint="define parameters only mean something inside (define ...)")
        if isinstance(node, Placeholder):
            return BindError(f"option placeholder {node.text} was not replaced", node.span)
        if isinstance(node, Hole):
            return BindError("[...] marks a gap in a reconstruction; it cannot be played", node.span,
                             hint="replace it with the rule it stands for")
        if isinstance(node, NegatedRef):
            return BindError(f'-"{node.name}": no define of that name', node.span,
                             hint=_did_you_mean(node.name, self.defines, quote='"'))
        if isinstance(node, Omit):
            return BindError("~ stands for an omitted define argument; it cannot be used here", node.span)
        return None

    # ------------------------------------------------------------------------------------------
    def resolve(self, call: Call) -> tuple[type[Ludeme], list[Node]]:
        if isinstance(call.head, DefineRef):
            name = call.head.name
            raise BindError(f'unknown define "{name}"', call.span,
                            hint=_did_you_mean(name, self.defines, quote='"')
                            or f'declare it with (define "{name}" ...)')
        name = call.head if isinstance(call.head, str) else ""
        if name not in REGISTRY and name in CLASS_NAMES:  # Ludii's class name of an aliased ludeme
            name = CLASS_NAMES[name]
        args = list(call.args)
        first = next((a for a in args if not isinstance(a, Named)), None)
        if isinstance(first, Const):
            positional = [a for a in args if not isinstance(a, Named)]
            second = positional[1] if len(positional) > 1 else None
            if isinstance(second, Const) and f"{name} {first.name} {second.name}" in REGISTRY:
                args.remove(first)  # a name of three words (Ludii's move Swap Pieces)
                args.remove(second)
                return REGISTRY[f"{name} {first.name} {second.name}"], args
            two = f"{name} {first.name}"
            rest = [a for a in args if not isinstance(a, Named)]
            second = rest[1] if len(rest) > 1 else None
            if isinstance(second, Const) and f"{two} {second.name}" in REGISTRY:  # (move Set TrumpSuit ...)
                args.remove(first)
                args.remove(second)
                return REGISTRY[f"{two} {second.name}"], args
            if two in REGISTRY:
                args.remove(first)
                return REGISTRY[two], args
            single = REGISTRY.get(name)
            family = [n for n in REGISTRY if n.startswith(name + " ")]
            overloads = OVERLOADS.get(name, ()) if single is not None else ()
            if family and not any(p.type.accepts(first) for cls in overloads for p in cls.params
                                  if not p.named):
                where = first.span if single is not None else call.span
                if is_ludii_form(two):  # Ludii's, not a typo: said as such, without guesses
                    raise UnsupportedLudeme(two, _form_span(call, name, first))
                close = list(_close(two, tuple(family), 0.5)) or family[:6]
                raise BindError(f"unknown ludeme '{two}'", where,
                                hint="did you mean " + ", ".join(f"'{c}'" for c in close) + "?")
        if name in REGISTRY:
            return REGISTRY[name], args
        wanted = f"{name} {first.name}" if isinstance(first, Const) else name
        ludii = ludii_form_of(name, first.name if isinstance(first, Const) else None)
        if ludii is not None:
            raise UnsupportedLudeme(ludii, _form_span(call, name, first) if " " in ludii else _head_span(call, name))
        raise BindError(f"unknown ludeme '{wanted}'", _head_span(call, name), hint=_unknown_ludeme_hint(wanted, name))

    def bind_call(self, call: Call, depth: int) -> Any:
        try:
            cls, args = self.resolve(call)
        except BindError as err:
            self.errors.add(err)
            for arg in call.args:  # errors inside an unknown call are still errors
                self.bind(arg.value if isinstance(arg, Named) else arg, depth + 1)
            return _Reported(None, call.span)
        prebound: dict[int, Any] = {}
        if len(OVERLOADS.get(cls.name, ())) > 1:
            cls = self._overload(cls, args, prebound, depth)
            if not args:  # written bare: the overload that says so ((player): the player iterated)
                cls = next((o for o in OVERLOADS[cls.name] if getattr(o, "bare", False)), cls)
        placing = _Arguments(self, cls)
        for arg in args:
            if isinstance(arg, Named):
                placing.named(arg, self.bind(arg.value, depth + 1))
            else:
                placing.positional(arg, prebound.pop(id(arg)) if id(arg) in prebound else self.bind(arg, depth + 1))
        return placing.finish(call)

    def _overload(self, cls: type[Ludeme], args: list[Node], prebound: dict[int, Any], depth: int) -> type[Ludeme]:
        """The class of an overloaded name (``remove``) whose first positional parameter takes
        the first positional argument (bound here once, kept in ``prebound``)."""
        first = next((a for a in args if not isinstance(a, Named)), None)
        if first is None:
            # named arguments only: the overload that takes them all and needs no positional one
            # (Ludii's int function (phase of:(to)) beside the phase of a game's rules)
            keys = {a.key for a in args if isinstance(a, Named)}
            if not keys:
                return cls
            return next((o for o in OVERLOADS[cls.name]
                         if keys <= {p.word for p in o.params if p.named}
                         and not any(not p.named and not p.optional for p in o.params)), cls)
        value = prebound[id(first)] = self.bind(first, depth + 1)
        shown = _checked(value)
        if shown is None:
            return cls
        fitting = [c for c in OVERLOADS[cls.name] if _takes(c, [shown])]
        if len(fitting) > 1:  # several take the first argument: the second and the names decide
            keys = {a.key for a in args if isinstance(a, Named)}
            second = next((a for a in args if not isinstance(a, Named) and a is not first), None)
            shown2 = None
            if second is not None:
                prebound[id(second)] = self.bind(second, depth + 1)
                shown2 = _checked(prebound[id(second)])
            if second is None or shown2 is not None:
                for candidate in fitting:
                    names = {p.word for p in candidate.params if p.named}
                    if keys <= names and _takes(candidate, [shown] if second is None else [shown, shown2]):
                        return candidate
        for candidate in OVERLOADS[cls.name]:
            for param in (p for p in candidate.params if not p.named):
                if param.type.accepts(shown):
                    return candidate
                if not param.optional:
                    break
        return cls

    # --- messages -------------------------------------------------------------------------------
    def _mismatch(self, cls: type[Ludeme], param: Param, value: Any, arg: Node) -> BindError:
        unknown = None if constants_of(param.type) else _unknown_constant(cls, value)
        if unknown is not None:
            return unknown
        return BindError(f"{cls.name}: argument '{param.word}' expects {param.type}, got {_describe(value)}",
                         arg.span, hint=_type_hint(cls, param, value))

    def _no_place(self, cls: type[Ludeme], value: Any, arg: Node) -> BindError:
        unknown = _unknown_constant(cls, value)
        if unknown is not None:
            return unknown
        return BindError(f"{cls.name}: too many arguments, or {_describe(value)} fits no parameter",
                         arg.span, hint=_constants_hint(cls, value) or f"signature: {cls.signature()}")


def _takes(cls: type[Ludeme], values: list[Any]) -> bool:
    """Whether ``cls``'s positional parameters take ``values`` in order (optional ones may be
    skipped; a required one may not)."""
    params = [p for p in cls.params if not p.named]
    i = 0
    for value in values:
        while i < len(params) and not params[i].type.accepts(value):
            if not params[i].optional:
                return False
            i += 1
        if i == len(params):
            return False
        if not (params[i].many and isinstance(params[i].type, base.ArrayOf)):
            i += 1
    return True


def _other_reading(value: Any, param: Param) -> Any:
    """An overloaded ludeme written without arguments read as its other overload that fits
    ``param`` (Ludii's ``(player)``: the player iterated where a number is wanted, the
    equipment's player elsewhere); None when there is none."""
    if not isinstance(value, base.Ludeme) or any(getattr(value, p.name) is not None for p in type(value).params):
        return None
    for cls in base.OVERLOADS.get(value.name, ()):
        if cls is type(value) or any(not p.optional for p in cls.params):
            continue
        other = cls(value.span)
        if param.type.accepts(other):
            return other
    return None


class _Arguments:
    """The arguments of one call being placed in its ludeme's parameters, in order: a named one
    by its key, a positional one in the first parameter after the last filled that takes it."""

    def __init__(self, binder: _Binder, cls: type[Ludeme]):
        self.binder = binder
        self.cls = cls
        self.values: dict[str, Any] = {}
        self.by_name = {p.word: p for p in cls.params}
        self.positionals = [p for p in cls.params if not p.named]
        self.index = 0  # the next positional parameter
        self.failed = False  # this call reported an error of its own
        self.lenient = False  # a reported part of unknown kind: its place cannot be checked

    def error(self, err: LudError) -> None:
        self.binder.errors.add(err)
        self.failed = True

    def named(self, arg: Named, value: Any) -> None:
        """``key:value``, its value bound."""
        cls = self.cls
        param = self.by_name.get(arg.key)
        if param is None or not param.named:
            self.error(BindError(f"unknown named argument '{arg.key}:' for {cls.name}", arg.span,
                                 hint=_named_hint(cls, arg.key)))
            return
        if param.name in self.values:
            self.error(BindError(f"argument '{arg.key}:' given twice", arg.span))
            return
        shown = _checked(value)
        if shown is not None and not param.type.accepts(shown):
            other = _other_reading(shown, param)
            if other is not None:
                self.values[param.name] = other
                return
            self.error(BindError(f"{cls.name}: {arg.key}: expects {param.type}, got {_describe(shown)}",
                                 arg.value.span, hint=_type_hint(cls, param, shown)))
        self.values[param.name] = value

    def positional(self, arg: Node, value: Any) -> None:
        """A positional argument, bound."""
        shown = _checked(value)
        if shown is None:
            self.lenient = True  # where it belongs is unknown: positional checks stop here
        if self.lenient:
            return
        if not self._place(arg, value, shown):
            if not _tainted(value):
                self.error(self.binder._no_place(self.cls, shown, arg))
            self.lenient = True

    def _place(self, arg: Node, value: Any, shown: Any) -> bool:
        """Put ``value`` in the next parameter that takes it (or report the required one it
        does not fit); False when no parameter is left for it."""
        while self.index < len(self.positionals):
            param = self.positionals[self.index]
            self.index += 1
            many = param.type if param.many and isinstance(param.type, base.ArrayOf) else None
            if param.name in self.values:
                current = self.values[param.name]
                if many is not None and isinstance(current, BoundArray) and many.item.accepts(shown) \
                        and not isinstance(shown, BoundArray):
                    current.items.append(value)
                    self.index -= 1
                    return True
                continue
            if many is not None and many.item.accepts(shown):
                self.values[param.name] = BoundArray([value], arg.span)
                self.index -= 1  # stay on this parameter for the next arguments
                return True
            if param.type.accepts(shown):
                self.values[param.name] = value
                return True
            other = _other_reading(shown, param)
            if other is not None:
                self.values[param.name] = other
                return True
            if not param.optional:
                if not _tainted(value):  # a reported part that fits nowhere says nothing more
                    self.error(self.binder._mismatch(self.cls, param, shown, arg))
                self.lenient = True  # the arguments after it cannot be placed reliably
                return True
        return False

    def finish(self, call: Call) -> Any:
        """The ludeme, once every argument is placed: required parameters given, numbers in
        their ranges; a stand-in for a call with errors."""
        cls, values = self.cls, self.values
        if not self.lenient and not self.failed:
            for p in cls.params:
                if not p.optional and p.name not in values:
                    self.error(BindError(f"{cls.name}: missing required argument '{p.word}' ({p.type})",
                                         call.span, hint=f"signature: {cls.signature()}"))
        for p in cls.params:  # a number outside its declared range, where it is written
            if p.range is not None and p.name in values:
                try:
                    check_range(cls, p, values[p.name])
                except BindError as err:
                    self.error(err)
        if self.failed or self.lenient or any(_tainted(v) for v in values.values()):
            return _Reported(cls, call.span)
        try:
            return cls(call.span, **values)
        except LudError as err:  # a ludeme's own checks (validate)
            return self.binder.fail(err, cls, call.span)


def _head_span(call: Call, name: str) -> Any:
    """The span of a call's name (``custodail`` of ``(custodail ...)``), else the call's."""
    span = call.span
    text = span.source
    lines = _lines(text) if text is not None and name else ()
    line = lines[span.line - 1] if 1 <= span.line <= len(lines) else None
    if line is None or line[span.col:span.col + len(name)] != name:
        return span
    return Span(span.file, span.line, span.col + 1, span.line, span.col + 1 + len(name), span.via)


def _form_span(call: Call, name: str, first: Node | None) -> Any:
    """The span of a two-word form's words (``forEach Die`` of ``(forEach Die ...)``) when both
    stand on one line, else the name's."""
    head = _head_span(call, name)
    if first is None or head is call.span or first.span.line != head.line or first.span.end_line != head.line:
        return head
    return Span(head.file, head.line, head.col, head.line, first.span.end_col, head.via)


@lru_cache(maxsize=4)
def _lines(text: str) -> list[str]:
    return text.splitlines()  # cached: a text may hold thousands of mistakes (its hash is kept)


@lru_cache(maxsize=4096)
def _unknown_ludeme_hint(wanted: str, name: str) -> str:
    candidates = list(_close(wanted, _registry_names(), 0.6))
    if not candidates:
        candidates = [n for n in REGISTRY if n.split(" ")[0] == name][:6]
    if candidates:
        return "did you mean " + ", ".join(f"'{c}'" for c in candidates) + "?"
    return "see ludemes.md for the vocabulary"


@lru_cache(maxsize=4096)
def _close(word: str, names: tuple[str, ...], cutoff: float) -> tuple[str, ...]:
    """The closest names (cached: a file may repeat one mistake thousands of times)."""
    return tuple(difflib.get_close_matches(word, names, n=3, cutoff=cutoff))


def _registry_names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def _did_you_mean(word: str, names: Iterable[str], quote: str = "", cutoff: float = 0.6) -> str | None:
    close = _close(word, tuple(names), cutoff)
    if not close:
        return None
    return "did you mean " + " or ".join(f"{quote}{c}{quote}" for c in close) + "?"


def _named_hint(cls: type[Ludeme], key: str) -> str:
    names = [p.word for p in cls.params if p.named]
    close = _close(key, tuple(names), 0.6)[:2]
    if close:
        return f"did you mean {close[0]}:?"
    if names:
        return f"named arguments of {cls.name}: " + ", ".join(f"{n}:" for n in names)
    return f"{cls.name} takes no named arguments"


def constants_of(ptype: Any) -> list[str]:
    """The constants a parameter type accepts (roles, directions, site types...)."""
    if isinstance(ptype, base.Enum):
        return list(ptype.names)
    if isinstance(ptype, base.Kind):
        return list(ptype.consts)
    if isinstance(ptype, base.ArrayOf):
        return constants_of(ptype.item)
    if isinstance(ptype, base.Either):
        return [n for o in ptype.options for n in constants_of(o)]
    return list(getattr(ptype, "names", ())) + list(getattr(ptype, "consts", ()))


@lru_cache(maxsize=1)
def known_constants() -> frozenset[str]:
    """Every constant some parameter of the registry accepts: the closed set a bare word must
    belong to."""
    names: set[str] = set(base.ROLES) | set(base.DIRECTION_NAMES)
    for cls in REGISTRY.values():
        for p in cls.params:
            names.update(constants_of(p.type))
    for name in REGISTRY:  # the second word of two-word ludemes (move Add) is a constant too
        if " " in name:
            names.add(name.split(" ", 1)[1])
    return frozenset(names)


@lru_cache(maxsize=1)
def _sorted_constants() -> tuple[str, ...]:
    return tuple(sorted(known_constants()))


def _unknown_constant(cls: type[Ludeme], value: Any) -> BindError | None:
    """A bare word no parameter of any ludeme accepts: a misspelt constant, said as such."""
    if not isinstance(value, Const) or value.name in known_constants():
        return None
    hint = _did_you_mean(value.name, _sorted_constants(), cutoff=0.5)
    return BindError(f"{cls.name}: unknown constant {value.name}", value.span,
                     hint=hint or "constants are roles (Mover, P1...), directions (N, Orthogonal...), "
                                  "site types (Cell, Vertex, Edge) and the like: see ludemes.md")


def _constants_hint(cls: type[Ludeme], value: Any) -> str | None:
    """For a constant in the wrong call: the closest constants this call accepts."""
    if not isinstance(value, Const):
        return None
    names = [n for p in cls.params for n in constants_of(p.type)]
    hint = _did_you_mean(value.name, names, cutoff=0.5)
    return (hint + f" signature: {cls.signature()}") if hint else None


def check_range(cls: type[Ludeme], param: Param, value: Any) -> None:
    """Every number written for ``param`` (an array's too) lies in its declared range; a
    located error naming the range otherwise."""
    bounds = param.range
    if bounds is None:
        return
    if isinstance(value, BoundArray):
        for item in value.items:
            check_range(cls, param, item)
        return
    if isinstance(value, (Int, Float)) and value.value not in bounds:
        what = f" ({bounds.what})" if bounds.what else ""
        raise BindError(f"{cls.name}: {param.word} is {value.value}, out of its range {bounds}{what}",
                        value.span, hint=f"signature: {cls.signature()}")


def _type_hint(cls: type[Ludeme], param: Param, value: Any) -> str:
    """The signature, and for a misspelt constant the closest valid ones."""
    hint = f"signature: {cls.signature()}"
    if isinstance(value, Const):
        close = _close(value.name, tuple(constants_of(param.type)), 0.5)
        if close:
            hint = "did you mean " + " or ".join(close) + "? " + hint
    return hint


def _describe(value: Any) -> str:
    if isinstance(value, Ludeme):
        return f"({value.name}) [{value.kind}]"
    if isinstance(value, BoundArray):
        return "an array"
    if isinstance(value, Str):
        return f'string "{value.value}"'
    if isinstance(value, Int):
        return f"int {value.value}"
    if isinstance(value, Float):
        return f"float {value.value}"
    if isinstance(value, Bool):
        return f"boolean {value.value}"
    if isinstance(value, Const):
        return f"constant {value.name}"
    return type(value).__name__
