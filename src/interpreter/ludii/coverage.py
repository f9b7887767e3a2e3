"""How much of Ludii's vocabulary the registry covers, form by form: ``docs/ludii-coverage.md``.

    python -m interpreter.ludii.coverage            # print the summary table
    python -m interpreter.ludii.coverage --write    # rewrite docs/ludii-coverage.md
    python -m interpreter.ludii.coverage --check    # exit 1 when docs/ludii-coverage.md is stale

Each form of Ludii's vocabulary (``vocabulary.yaml``) is looked up by name in the registry:

- **missing**: no ludeme of that name;
- **complete**: every signature Ludii gives the form is covered: each of its parameters has a
  counterpart here of the same kind (a named one of the same name, a positional one in order)
  that accepts what Ludii's accepts, optional wherever Ludii's is optional, and nothing required
  here that the signature does not have;
- **partial**: the ludeme exists, but some of that does not hold (the details say what).

"Accepts" is tried on stand-ins: for a Ludii ``int``, the number 1 or an int function; for a
``region``, a region function; for an enumeration, its values; for a helper ludeme (``to``,
``piece``...), one of that name. A type with no stand-in (an enumeration the vocabulary does not
list) is taken to match. Enumerations are covered value by value: a value counts when some
parameter of the registry accepts it as a constant (or it is the second word of a ludeme).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..ludemes import base
from ..ludemes.base import BoundArray, Ludeme, Param
from ..syntax.nodes import Bool, Const, Float, Int, Span, Str
from . import vocabulary

COMMAND = "python -m interpreter.ludii.coverage"
_TOP = Path(__file__).resolve().parents[3]
COVERAGE_MD = (_TOP if (_TOP / "pyproject.toml").exists() else Path.cwd()) / "docs" / "ludii-coverage.md"

COMPLETE, PARTIAL, MISSING = "complete", "partial", "missing"


# --- stand-ins for Ludii's parameter types -------------------------------------------------------
class _StandIn(Ludeme):
    """A ludeme of a given kind and name, made only to ask a parameter type whether it fits (no
    ``name`` of its own: it is never registered)."""


def _ludeme(kind: str, name: str = "") -> Ludeme:
    probe = object.__new__(_StandIn)
    # a stand-in sets on itself what a ludeme class declares once for all its calls (class variables)
    probe.kind = kind  # type: ignore[misc]
    probe.name = name  # type: ignore[misc]
    probe.span = Span()
    return probe


# Ludii types that name a kind of ludeme here (the others that are ludeme names use that ludeme)
_KINDS = {
    "int": base.INT, "dim": base.INT, "boolean": base.BOOL, "region": base.REGION,
    "moves": base.MOVES, "nonDecision": base.MOVES, "then": base.THEN, "ints": base.INTS,
    "range": base.RANGE, "direction": base.DIRECTIONS, "graph": base.BOARD_SHAPE,
    "item": base.EQUIPMENT_ITEM, "startRule": base.START_RULE, "endRule": base.END_RULE,
    "metaRule": base.META_RULE,
}
_LITERALS: dict[str, list[Any]] = {
    "int": [Int(1)], "dim": [Int(3)], "boolean": [Bool(True)], "float": [Float(0.5, "0.5")],
    "string": [Str("A1")], "roleType": [Const("P1"), Const("Mover")],
}


def _enums() -> dict[str, list[str]]:
    """Ludii's enumerations by the type name a parameter uses (``SiteType`` -> ``siteType``)."""
    found = {name[:1].lower() + name[1:]: values for name, values in vocabulary()["enums"].items()}
    found.setdefault("direction", found.get("absoluteDirection", []) + found.get("relativeDirection", []))
    return found


def stand_ins(ltype: str, registry: Mapping[str, type[Ludeme]] | None = None) -> list[Any]:
    """What a Ludii argument of type ``ltype`` (``int``, ``region[]``, ``siteType``...) may be;
    empty when nothing stands for it."""
    registry = base.REGISTRY if registry is None else registry
    depth = ltype.count("[]")
    name = ltype.replace("[]", "")
    items: list[Any] = list(_LITERALS.get(name, []))
    if name in _KINDS:
        items.append(_ludeme(_KINDS[name]))
    elif name in registry:
        items.append(_ludeme(registry[name].kind, name))
    items.extend(Const(v) for v in _enums().get(name, []))
    for _ in range(depth):
        items = [BoundArray([item], Span()) for item in items]
    return items


def _accepts(param: Param, probes: list[Any]) -> bool:
    return not probes or any(param.type.accepts(p) for p in probes)


# --- comparing one signature with one ludeme -----------------------------------------------------
def _show(lparam: dict[str, Any]) -> str:
    shown = f"{lparam['name']}:{lparam['type']}" if lparam.get("name") else f"<{lparam['type']}>"
    return f"[{shown}]" if lparam.get("optional") else shown


def _named_issue(lparam: dict[str, Any], named: Mapping[str, Param], probes: list[Any], used: set[str]) -> str | None:
    """What keeps our named parameter from taking Ludii's ``lparam`` (None: nothing); ours is
    marked ``used``."""
    mine = named.get(lparam["name"])
    if mine is None:
        return f"no `{lparam['name']}:` ({lparam['type']})"
    used.add(mine.name)
    if not _accepts(mine, probes):
        return f"`{lparam['name']}:` does not take {lparam['type']}"
    if lparam.get("optional", False) and not mine.optional:
        return f"`{lparam['name']}:` is required here, optional in Ludii"
    return None


def _place(positional: Sequence[Param], start: int, probes: list[Any], used: set[str]) -> int | None:
    """The first of our positional parameters from ``start`` that takes the ``probes`` (None
    when a required one not yet used stands in the way, or none does)."""
    for i in range(start, len(positional)):
        mine = positional[i]
        if _accepts(mine, probes):
            return i
        if not mine.optional and mine.name not in used:
            return None  # a required parameter of ours stands in the way
    return None


def compare_signature(params: Sequence[dict[str, Any]], cls: type[Ludeme],
                      registry: Mapping[str, type[Ludeme]] | None = None) -> list[str]:
    """What keeps ``cls`` from taking every call Ludii's signature ``params`` allows (empty when
    nothing does)."""
    issues: list[str] = []
    ours = list(cls.params)
    positional = [p for p in ours if not p.named]
    named = {p.word: p for p in ours if p.named}
    used: set[str] = set()
    index = 0
    group_start: tuple[str, int] | None = None  # (group, index where its members start)
    group_end = 0
    for lparam in params:
        probes = stand_ins(lparam["type"], registry)
        optional = lparam.get("optional", False)  # an either-or group is as optional as its members
        if lparam.get("name"):
            issue = _named_issue(lparam, named, probes, used)
            if issue is not None:
                issues.append(issue)
            continue
        group = lparam.get("group")
        if group and group_start is not None and group_start[0] == group:
            start = group_start[1]  # the members of a group stand at the same place
        else:
            if group_start is not None:
                index = max(index, group_end)
            group_start = (group, index) if group else None
            start = index
        found = _place(positional, start, probes, used)
        if found is None:
            issues.append(f"no place for {_show(lparam)}")
            continue
        mine = positional[found]
        used.add(mine.name)
        if optional and not mine.optional and not mine.many:
            issues.append(f"`{mine.word}` is required here, optional in Ludii")
        after = found if mine.many else found + 1
        if group_start is not None:
            group_end = max(group_end, after)
        else:
            index = after
    for mine in ours:
        if not mine.optional and mine.name not in used:
            issues.append(f"requires `{mine.word}` ({mine.type}), not in this signature")
    return list(dict.fromkeys(issues))


@dataclass
class FormCoverage:
    family: str
    form: str
    status: str
    issues: list[str] = field(default_factory=list)  # "(signature n) what" lines


def form_coverage(family: str, form: str, signatures: Sequence[dict],
                  registry: Mapping[str, type[Ludeme]] | None = None) -> FormCoverage:
    own = registry is None
    registry = base.REGISTRY if registry is None else registry
    cls = registry.get(form)
    if cls is None:
        return FormCoverage(family, form, MISSING)
    # an overloaded name (remove: an effect and a board operator; set: a role's pieces and a
    # puzzle's values): each signature judged by the class closest to it, as Ludii's
    # constructors of one name may be different classes
    candidates = base.OVERLOADS.get(form, (cls,)) if own else (cls,)
    issues: list[str] = []
    for n, signature in enumerate(signatures, 1):
        prefix = f"({n}) " if len(signatures) > 1 else ""
        best = min((compare_signature(signature["params"], candidate, registry) for candidate in candidates), key=len)
        issues.extend(prefix + issue for issue in best)
    return FormCoverage(family, form, PARTIAL if issues else COMPLETE, issues)


def coverage(vocab: Mapping[str, Any] | None = None,
             registry: Mapping[str, type[Ludeme]] | None = None) -> list[FormCoverage]:
    """Every form of every family, in the vocabulary's order."""
    import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
    vocab = vocabulary() if vocab is None else vocab
    return [form_coverage(family, form, signatures, registry)
            for family, entry in vocab["families"].items()
            for form, signatures in entry["forms"].items()]


def accepted_constants(registry: Mapping[str, type[Ludeme]] | None = None) -> frozenset[str]:
    """Every constant some parameter of the registry takes, and the second words of its ludemes."""
    from ..bind import constants_of
    classes = base.ludeme_classes() if registry is None else list(registry.values())
    registry = base.REGISTRY if registry is None else registry
    names: set[str] = set()
    for cls in classes:
        for p in cls.params:
            names.update(constants_of(p.type))
    names.update(name.split(" ", 1)[1] for name in registry if " " in name)
    return frozenset(names)


# --- the report ----------------------------------------------------------------------------------
def _counts(rows: Iterable[FormCoverage]) -> tuple[int, int, int, int]:
    rows = list(rows)
    return (len(rows), sum(r.status == COMPLETE for r in rows), sum(r.status == PARTIAL for r in rows),
            sum(r.status == MISSING for r in rows))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def summary_table(rows: list[FormCoverage]) -> list[str]:
    lines = ["| family | forms | complete | partial | missing |", "|---|---:|---:|---:|---:|"]
    families = list(dict.fromkeys(r.family for r in rows))
    for family in families:
        total, complete, partial, missing = _counts(r for r in rows if r.family == family)
        lines.append(f"| [{family}](#{family.lower()}) | {total} | {complete} | {partial} | {missing} |")
    total, complete, partial, missing = _counts(rows)
    lines.append(f"| **all** | **{total}** | **{complete}** | **{partial}** | **{missing}** |")
    return lines


def generate_coverage_md(vocab: Mapping[str, Any] | None = None,
                         registry: Mapping[str, type[Ludeme]] | None = None) -> str:
    vocab = vocabulary() if vocab is None else vocab
    rows = coverage(vocab, registry)
    source = vocab.get("ludii", {})
    out = [
        "# Ludii coverage",
        "",
        f"Generated by `{COMMAND} --write` from `src/interpreter/ludii/vocabulary.yaml` and the ludeme",
        "registry; do not edit. The vocabulary is Ludii's own, read from its Java classes",
        f"({source.get('repository', 'Ludeme/Ludii')} `{source.get('path', 'Core/src/game')}`; see",
        "`scripts/ludii_vocabulary.py`): every form a Ludii description may call, with each signature.",
        "",
        "- **complete**: the ludeme exists here and takes every call each of Ludii's signatures allows",
        "  (the same named parameters, positional ones in order taking the same types, optional where",
        "  Ludii's are, nothing more required);",
        "- **partial**: it exists, but not all of that holds (the details list what does not; `(2)` is",
        "  the form's second signature);",
        "- **missing**: no ludeme of that name; loading a description that calls it says",
        "  \"Ludii's `form` is not supported yet\".",
        "",
        "A form may stand in several families (`if` in moves, booleans, ints...): each family judges",
        "it by its own signatures.",
        "",
        "## Summary",
        "",
        *summary_table(rows),
        "",
        "## Enumerations",
        "",
        "A value counts as accepted when some parameter here takes it as a constant.",
        "",
        "| enumeration | values | accepted | not accepted |",
        "|---|---:|---:|---|",
    ]
    constants = accepted_constants(registry)
    for name, values in vocab.get("enums", {}).items():
        absent = [v for v in values if v not in constants]
        out.append(f"| {name} | {len(values)} | {len(values) - len(absent)} | {' '.join(absent) or '-'} |")
    for family in dict.fromkeys(r.family for r in rows):
        family_rows = [r for r in rows if r.family == family]
        total, complete, partial, missing = _counts(family_rows)
        out += ["", f"## {family}", "",
                f"{total} forms: {complete} complete, {partial} partial, {missing} missing.", "",
                "| form | status | what is missing |", "|---|---|---|"]
        for r in family_rows:
            detail = "; ".join(r.issues) if r.issues else ""
            out.append(f"| `{_cell(r.form)}` | {r.status} | {_cell(detail)} |")
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Ludii's vocabulary against the registry.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help=f"rewrite {COVERAGE_MD.name}")
    mode.add_argument("--check", action="store_true", help=f"exit 1 when {COVERAGE_MD.name} is stale")
    parser.add_argument("--output", type=Path, default=COVERAGE_MD, help=f"the file (default {COVERAGE_MD})")
    args = parser.parse_args(argv)
    text = generate_coverage_md()
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else None
        if current != text:
            print(f"{args.output} is stale: run `PYTHONPATH=src {COMMAND} --write`", file=sys.stderr)
            return 1
        return 0
    if args.write:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
        return 0
    print("\n".join(summary_table(coverage())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
