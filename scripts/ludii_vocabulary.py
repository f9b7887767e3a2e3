"""Build ``src/interpreter/ludii/vocabulary.yaml``: Ludii's vocabulary, ludeme by ludeme.

Ludii's grammar is its Java classes: every public constructor of a ludeme class
(or every ``construct(...)`` overload of a class that dispatches on an enum, like
``Move`` with ``MoveType`` or ``Sites`` with ``SitesSimpleType``) is one signature
of the ludeme whose name is the class name with its first letter lower-cased
(``Add`` -> ``add``), or the class's ``@Alias`` (``+``, ``=``...).  A dispatcher's
enum value becomes the form's second word (``move Add``, ``sites Empty``); when the
enum argument is ``@Opt`` the bare name is a form too (``count`` besides
``count Sites``).  Parameters marked ``@Opt`` are optional, ``@Name`` ones are
written ``name:value`` (the Java name with its first letter lower-cased, so
``If`` -> ``if:``), and runs of ``@Or`` / ``@Or2`` parameters are either-or groups.

How the committed YAML was made
-------------------------------
No Ludii checkout was at hand.  The classes were read one by one from the public
repository ``Ludeme/Ludii`` (``Core/src/game``, as stored in a source index whose
files come from several commits of 2021-2024: e.g. ``Move.java`` at 2294c2fb,
``Is.java`` / ``Sites.java`` / ``Count.java`` at 0366cb37, most others at
bb0b1516 / fd326060), listing every file of each folder and transcribing each
ludeme class's constructors (or the dispatcher's ``construct`` overloads) into
``scripts/ludii_vocabulary.txt``.  That transcription is this script's input; the
YAML is its output, and ``tests/test_ludii_coverage.py`` checks that the two agree.
Abstract bases, ``@Hide`` classes and constructors, helpers and copy constructors
are left out (the transcription says where).

Transcription format (one line per signature)::

    ## family                        starts a family
    # path @commit                   a comment (source files, notes)
    form: p1 p2 ...                  one signature of the form
    @enum Name: V1 V2 ...            an enumeration's values

    <t>        positional parameter of type t       [<t>]   optional
    name:<t>   named parameter                       [name:<t>]  optional named
    {<t>}      an array of t, {{<t>}} an array of arrays
    ...|a      member of either-or group a (|b, |c: other groups of the same signature)

A local Ludii checkout can be read instead (best effort, for comparison; the
committed YAML stays the transcription's)::

    python scripts/ludii_vocabulary.py                  # txt -> YAML
    python scripts/ludii_vocabulary.py --check          # exit 1 when the YAML is stale
    python scripts/ludii_vocabulary.py --java ~/Ludii/Core/src/game --out /tmp/v.yaml
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTION = ROOT / "scripts" / "ludii_vocabulary.txt"
VOCABULARY = ROOT / "src" / "interpreter" / "ludii" / "vocabulary.yaml"

SOURCE = {
    "repository": "Ludeme/Ludii",
    "path": "Core/src/game",
    "commits": "mixed, 2021-2024 (per file; see the '# path @commit' notes in scripts/ludii_vocabulary.txt)",
    "made_by": "scripts/ludii_vocabulary.py from scripts/ludii_vocabulary.txt (hand transcription of the Java classes)",
}

_PARAM = re.compile(
    r"^(?P<open>\[)?"
    r"(?:(?P<name>[A-Za-z][A-Za-z0-9]*):)?"
    r"(?P<lb>\{*)<(?P<type>[A-Za-z][A-Za-z0-9]*)>(?P<rb>\}*)"
    r"(?P<close>\])?"
    r"(?:\|(?P<group>[a-z]))?$"
)


class TranscriptionError(ValueError):
    pass


def parse_param(token: str) -> dict:
    m = _PARAM.match(token)
    if not m or len(m["lb"]) != len(m["rb"]) or bool(m["open"]) != bool(m["close"]):
        raise TranscriptionError(f"bad parameter {token!r}")
    param: dict = {}
    if m["name"]:
        param["name"] = m["name"]
    param["type"] = m["type"] + "[]" * len(m["lb"])
    param["optional"] = bool(m["open"])
    if m["group"]:
        param["group"] = m["group"]
    return param


def parse_transcription(text: str) -> dict:
    families: dict[str, dict] = {}
    enums: dict[str, list[str]] = {}
    family = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            if line.startswith("## "):
                family = families.setdefault(line[3:].strip(), {"sources": [], "forms": {}})
            elif line.startswith("#"):
                note = line.lstrip("#").strip()
                if family is not None and note and "/" in note.split()[0]:
                    family["sources"].append(note)
            elif line.startswith("@enum "):
                name, _, values = line[len("@enum "):].partition(":")
                enums[name.strip()] = values.split()
            else:
                if family is None:
                    raise TranscriptionError("a signature before any '## family'")
                form, sep, rest = line.partition(":")
                if not sep or not form.strip():
                    raise TranscriptionError("expected 'form: parameters'")
                params = [parse_param(t) for t in rest.split()]
                family["forms"].setdefault(form.strip(), []).append({"params": params})
        except TranscriptionError as e:
            raise TranscriptionError(f"line {number}: {e}") from None
    families = {name: f for name, f in families.items() if f["forms"]}  # "## types" holds only enums
    return {"ludii": dict(SOURCE), "families": families, "enums": enums}


def dump(vocabulary: dict) -> str:
    head = (
        "# Ludii's vocabulary, family by family: each form (as written in a .lud) with\n"
        "# its signatures.  Generated by scripts/ludii_vocabulary.py -- do not edit.\n"
        "# A parameter: type (t[] an array), optional, name (written name:value) when\n"
        "# named, group (either-or group within the signature) when in one.\n"
    )
    return head + yaml.safe_dump(vocabulary, sort_keys=False, default_flow_style=None, width=200)


# ---------------------------------------------------------------------------
# Reading a local checkout of Ludii's Core/src/game (best effort)

FAMILY_FOLDERS = [
    ("rules/play/moves", "moves"),
    ("rules/start", "start"),
    ("rules/end", "end"),
    ("rules/meta", "meta"),
    ("rules/phase", "phase"),
    ("rules/play", "rules"),
    ("rules", "rules"),
    ("functions/ints", "ints"),
    ("functions/booleans", "booleans"),
    ("functions/region", "region"),
    ("functions/directions", "directions"),
    ("functions/graph", "graph"),
    ("functions/dim", "dim"),
    ("functions/floats", "floats"),
    ("functions/intArray", "intArray"),
    ("functions/range", "range"),
    ("equipment", "equipment"),
    ("players", "players"),
    ("mode", "mode"),
    ("match", "match"),
    ("util", "util"),
]

JAVA_TYPES = {
    "IntFunction": "int", "Integer": "int", "int": "int",
    "BooleanFunction": "boolean", "Boolean": "boolean", "boolean": "boolean",
    "FloatFunction": "float", "Float": "float",
    "RegionFunction": "region", "Moves": "moves", "NonDecision": "nonDecision",
    "String": "string", "DimFunction": "dim", "GraphFunction": "graph",
    "IntArrayFunction": "ints", "RangeFunction": "range",
    "DirectionsFunction": "direction", "Direction": "direction",
}

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _lower_first(word: str) -> str:
    return word[:1].lower() + word[1:]


def _java_type(text: str) -> str:
    text = text.strip()
    depth = text.count("[]")
    base = text.replace("[]", "").strip().split(".")[-1]
    return JAVA_TYPES.get(base, _lower_first(base)) + "[]" * depth


def _split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def _java_params(text: str) -> list[dict]:
    params, last_group, group_letter = [], None, None
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    for raw in _split_top(text):
        annotations = set(re.findall(r"@(\w+)", raw))
        body = re.sub(r"@\w+(\([^)]*\))?", " ", raw).replace("final ", " ").split()
        if len(body) < 2:
            continue
        jtype, name = " ".join(body[:-1]), body[-1]
        param: dict = {}
        if "Name" in annotations:
            param["name"] = _lower_first(name)
        param["type"] = _java_type(jtype)
        param["optional"] = "Opt" in annotations
        group = "Or" if "Or" in annotations else "Or2" if "Or2" in annotations else None
        if group:
            if group != last_group:
                group_letter = next(letters)
            param["group"] = group_letter
        last_group = group
        params.append(param)
    return params


def _enum_values(path: Path) -> list[str] | None:
    if not path.exists():
        return None
    text = _COMMENTS.sub("", path.read_text(encoding="utf-8", errors="replace"))
    m = re.search(r"\benum\s+\w+[^{]*\{(.*?)(;|\}\s*$)", text, re.S)
    if not m:
        return None
    values = []
    for item in _split_top(m[1]):
        word = re.match(r"\s*([A-Za-z_]\w*)", item)
        if word:
            values.append(word[1])
    return values


def _signatures(text: str, cls: str) -> list[tuple[str, str]]:
    """(kind, parameter text) for each public constructor / construct method not @Hide."""
    out = []
    for m in re.finditer(rf"public\s+(?:static\s+\w+(?:<[^>]*>)?\s+(construct)|({cls}))\s*\(", text):
        before = text[max(0, m.start() - 200):m.start()]
        before = re.split(r"[;}]", before)[-1]
        if "@Hide" in before:
            continue
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        out.append(("construct" if m[1] else "new", text[m.end():i - 1]))
    return out


def read_java_class(path: Path) -> dict[str, list[dict]]:
    """The forms one Java file defines: {form: [{params: [...]}, ...]} (empty if not a ludeme)."""
    text = _COMMENTS.sub("", path.read_text(encoding="utf-8", errors="replace"))
    m = re.search(r"((?:@\w+(?:\([^)]*\))?\s*)*)public\s+((?:final|abstract)\s+)*class\s+(\w+)", text)
    if not m or (m[2] and "abstract" in m[2]) or "@Hide" in (m[1] or ""):
        return {}
    cls = m[3]
    alias = re.search(r'@Alias\s*\(\s*alias\s*=\s*"([^"]+)"', m[1] or "")
    name = alias[1] if alias else _lower_first(cls)
    forms: dict[str, list[dict]] = {}
    for kind, ptext in _signatures(text, cls):
        params = _java_params(ptext)
        if kind == "construct" and params:
            first = params[0]
            values = _enum_values(path.parent / (first["type"][:1].upper() + first["type"][1:] + ".java"))
            if values and "name" not in first and not first["type"].endswith("[]"):
                for value in values:
                    forms.setdefault(f"{name} {value}", []).append({"params": params[1:]})
                if first["optional"]:
                    forms.setdefault(name, []).append({"params": params[1:]})
                continue
        if kind == "new" and len(params) == 1 and params[0]["type"] == _lower_first(cls):
            continue  # a copy constructor
        forms.setdefault(name, []).append({"params": params})
    return forms


def read_java_tree(root: Path) -> dict:
    families: dict[str, dict] = {}
    for path in sorted(root.rglob("*.java")):
        rel = path.relative_to(root).as_posix()
        family = next((f for folder, f in FAMILY_FOLDERS if rel.startswith(folder + "/")), None)
        if rel == "Game.java":
            family = "game"
        if family is None or path.name == "package-info.java":
            continue
        forms = read_java_class(path)
        if not forms:
            continue
        entry = families.setdefault(family, {"sources": [], "forms": {}})
        entry["sources"].append(rel)
        for form, sigs in forms.items():
            entry["forms"].setdefault(form, []).extend(sigs)
    return {"ludii": {**SOURCE, "made_by": f"scripts/ludii_vocabulary.py --java {root}"}, "families": families, "enums": {}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the YAML is not the transcription's")
    ap.add_argument("--java", metavar="DIR", help="read a local checkout's Core/src/game instead of the transcription")
    ap.add_argument("--out", metavar="FILE", help=f"where to write (default {VOCABULARY.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    if args.java:
        vocabulary = read_java_tree(Path(args.java).expanduser())
    else:
        vocabulary = parse_transcription(TRANSCRIPTION.read_text(encoding="utf-8"))
    text = dump(vocabulary)
    out = Path(args.out) if args.out else VOCABULARY
    if args.check:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            print(f"{out} is not current: run python scripts/ludii_vocabulary.py", file=sys.stderr)
            return 1
        return 0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    forms = sum(len(f["forms"]) for f in vocabulary["families"].values())
    print(f"{out}: {len(vocabulary['families'])} families, {forms} forms, {len(vocabulary['enums'])} enums")
    return 0


if __name__ == "__main__":
    sys.exit(main())
