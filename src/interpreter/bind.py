"""Binding: the expanded syntax tree becomes ludeme objects, checked against the registry.

Each call is looked up by name (two-word names such as ``move Add`` take the first argument
when it is a constant), its arguments are matched to the declared parameters, and every
mismatch is reported at the argument's location with a hint.
"""

from __future__ import annotations

import difflib
from typing import Any

from .errors import BindError
from .ludemes import base
from .ludemes.base import REGISTRY, BoundArray, Ludeme, Param
from .syntax.nodes import (
    Array, Bool, Call, Hole, NegatedRef, Const, DefineRef, Float, Int, Named, Node, Omit, Param as ParamNode,
    Placeholder, Range, Str,
)

MAX_BIND_DEPTH = 150


def bind(node: Node, expected: base.PType | None = None) -> Any:
    """Bind one expanded node; ``expected`` is only used for better error messages."""
    return _Binder().bind(node, 0)


class _Binder:
    def bind(self, node: Node, depth: int) -> Any:
        if depth > MAX_BIND_DEPTH:
            raise BindError(f"description nested more than {MAX_BIND_DEPTH} levels deep", node.span)
        if isinstance(node, Call):
            return self.bind_call(node, depth)
        if isinstance(node, Array):
            items: list[Any] = []
            for n in node.items:
                bound = self.bind(n, depth + 1)
                if isinstance(n, Range):
                    items.extend(bound.items)  # {1..5 8} is 1 2 3 4 5 8
                else:
                    items.append(bound)
            return BoundArray(items, node.span)
        if isinstance(node, Range):
            lo, hi = node.lo, node.hi
            if not isinstance(lo, Int) or not isinstance(hi, Int):
                raise BindError("a range needs two numbers", node.span)
            if abs(hi.value - lo.value) > 100_000:
                raise BindError("range too long (at most 100000 values)", node.span)
            step = 1 if hi.value >= lo.value else -1
            return BoundArray([Int(v, span=node.span) for v in range(lo.value, hi.value + step, step)],
                              node.span)
        if isinstance(node, Named):
            raise BindError(f"named argument {node.key}: outside a call", node.span)
        if isinstance(node, ParamNode):
            raise BindError(f"#{node.index} outside a define", node.span,
                            hint="define parameters only mean something inside (define ...)")
        if isinstance(node, Placeholder):
            raise BindError(f"option placeholder {node.text} was not replaced", node.span)
        if isinstance(node, Hole):
            raise BindError("[...] marks a gap in a reconstruction; it cannot be played", node.span,
                            hint="replace it with the rule it stands for")
        if isinstance(node, NegatedRef):
            raise BindError(f'-"{node.name}": no define of that name', node.span)
        if isinstance(node, Omit):
            raise BindError("~ stands for an omitted define argument; it cannot be used here", node.span)
        return node  # literal atoms stay as nodes (Int, Float, Bool, Str, Const)

    # ------------------------------------------------------------------------------------------
    def resolve(self, call: Call) -> tuple[type[Ludeme], list[Node]]:
        if isinstance(call.head, DefineRef):
            raise BindError(f'unknown define "{call.head.name}"', call.span)
        name = call.head if isinstance(call.head, str) else ""
        args = list(call.args)
        first = next((a for a in args if not isinstance(a, Named)), None)
        if isinstance(first, Const):
            two = f"{name} {first.name}"
            if two in REGISTRY:
                args.remove(first)
                return REGISTRY[two], args
            single = REGISTRY.get(name)
            family = [n for n in REGISTRY if n.startswith(name + " ")]
            if family and (single is None or not any(p.type.accepts(first) for p in single.params
                                                      if not p.named)):
                close = difflib.get_close_matches(two, family, n=3, cutoff=0.5) or family[:6]
                where = first.span if single is not None else call.span
                raise BindError(f"unknown ludeme '{two}'", where,
                                hint="did you mean " + ", ".join(f"'{c}'" for c in close) + "?")
        if name in REGISTRY:
            return REGISTRY[name], args
        wanted = f"{name} {first.name}" if isinstance(first, Const) else name
        candidates = difflib.get_close_matches(wanted, list(REGISTRY), n=3, cutoff=0.6)
        if not candidates:
            candidates = [n for n in REGISTRY if n.split(" ")[0] == name][:6]
        hint = ("did you mean " + ", ".join(f"'{c}'" for c in candidates) + "?") if candidates else \
            "see ludemes.md for the vocabulary"
        raise BindError(f"unknown ludeme '{wanted}'", call.span, hint=hint)

    def bind_call(self, call: Call, depth: int) -> Ludeme:
        cls, args = self.resolve(call)
        values: dict[str, Any] = {}
        by_name = {p.word: p for p in cls.params}
        positional = [p for p in cls.params if not p.named]
        index = 0
        for arg in args:
            if isinstance(arg, Named):
                param = by_name.get(arg.key)
                if param is None or not param.named:
                    names = [p.word for p in cls.params if p.named]
                    close = difflib.get_close_matches(arg.key, names, n=2)
                    hint = (f"did you mean {close[0]}:?" if close else
                            (f"named arguments of {cls.name}: " + ", ".join(f"{n}:" for n in names))
                            if names else f"{cls.name} takes no named arguments")
                    raise BindError(f"unknown named argument '{arg.key}:' for {cls.name}", arg.span, hint=hint)
                if param.name in values:
                    raise BindError(f"argument '{arg.key}:' given twice", arg.span)
                value = self.bind(arg.value, depth + 1)
                if not param.type.accepts(value):
                    raise BindError(f"{cls.name}: {arg.key}: expects {param.type}, got {_describe(value)}",
                                    arg.value.span, hint=f"signature: {cls.signature()}")
                values[param.name] = value
                continue
            value = self.bind(arg, depth + 1)
            placed = False
            while index < len(positional):
                param = positional[index]
                index += 1
                if param.name in values:
                    current = values[param.name]
                    if param.many and isinstance(current, BoundArray) and param.type.item.accepts(value) \
                            and not isinstance(value, BoundArray):
                        current.items.append(value)
                        index -= 1
                        placed = True
                        break
                    continue
                if param.many and isinstance(param.type, base.ArrayOf) and param.type.item.accepts(value):
                    values[param.name] = BoundArray([value], arg.span)
                    index -= 1  # stay on this parameter for the next arguments
                    placed = True
                    break
                if param.type.accepts(value):
                    values[param.name] = value
                    placed = True
                    break
                if not param.optional:
                    raise BindError(f"{cls.name}: argument '{param.word}' expects {param.type}, "
                                    f"got {_describe(value)}", arg.span,
                                    hint=_type_hint(cls, param, value))
            if not placed:
                raise BindError(f"{cls.name}: too many arguments, or {_describe(value)} fits no parameter",
                                arg.span, hint=f"signature: {cls.signature()}")
        for p in cls.params:
            if not p.optional and p.name not in values:
                raise BindError(f"{cls.name}: missing required argument '{p.word}' ({p.type})", call.span,
                                hint=f"signature: {cls.signature()}")
            if p.range is not None and p.name in values:
                check_range(cls, p, values[p.name])
        return cls(call.span, **values)


def check_range(cls: type[Ludeme], param: Param, value: Any) -> None:
    """Every number written for ``param`` (an array's too) lies in its declared range; a
    located error naming the range otherwise."""
    if isinstance(value, BoundArray):
        for item in value.items:
            check_range(cls, param, item)
        return
    if isinstance(value, (Int, Float)) and value.value not in param.range:
        bounds = param.range
        what = f" ({bounds.what})" if bounds.what else ""
        raise BindError(f"{cls.name}: {param.word} is {value.value}, out of its range {bounds}{what}",
                        value.span, hint=f"signature: {cls.signature()}")


def _type_hint(cls: type[Ludeme], param: Param, value: Any) -> str:
    """The signature, and for a misspelt constant the closest valid ones."""
    hint = f"signature: {cls.signature()}"
    if isinstance(value, Const):
        names = list(getattr(param.type, "names", ())) + list(getattr(param.type, "consts", ()))
        close = difflib.get_close_matches(value.name, names, n=3, cutoff=0.5)
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
