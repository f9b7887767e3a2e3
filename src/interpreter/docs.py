"""The vocabulary reference, ``ludemes.md``, generated from the ludeme registry.

Every ludeme class declares its name, the kind of value it returns, its parameters and a
docstring (summary, details, ``Examples:``); this module turns those declarations into one
Markdown page, so the reference can never disagree with what the binder accepts::

    python -m interpreter.docs           # rewrite ludemes.md at the top of the repository
    python -m interpreter.docs --check   # exit 1 when ludemes.md is stale (for CI and tests)

The output is deterministic (sorted, no dates), so the check is a plain text comparison.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from .ludemes import Ludeme
from .ludemes.base import OVERLOADS, Param, ludeme_classes

#: Where ``python -m interpreter.docs`` writes the reference: the repository's top folder in a
#: source checkout, else the current folder.
_TOP = Path(__file__).resolve().parents[2]
LUDEMES_MD = (_TOP if (_TOP / "pyproject.toml").exists() else Path.cwd()) / "ludemes.md"

COMMAND = "python -m interpreter.docs"

# The order families are presented in: from the outside of a description inwards. Families not
# listed here follow, alphabetically.
FAMILY_ORDER = ("structure", "boards", "shapes", "containers", "tracks", "dice", "chance", "pieces", "hands", "moves", "movement", "war",
                "sowing", "turns", "ranking", "effects", "conditions", "connection", "territory", "patterns", "passages",
                "loops", "values", "functions", "intarrays", "measures", "variables", "gamevars", "counters", "regions",
                "filters", "logic")

FAMILY_TITLES = {
    "structure": "Structure: game, players, equipment, board, rules, phases, end",
    "boards": "Boards: the board and the shapes it is made of",
    "containers": "Containers: mancala boards, tracks, maps",
    "gamevars": "Game variables: values the description names and sets",
    "dice": "Dice: rolling them, and what they show",
    "tracks": "Tracks: their sites, and moves along them",
    "chance": "Chance: random values, sites and moves",
    "sowing": "Sowing and counts: several pieces on a site, choosing a pit, sowing it",
    "shapes": "Board shapes beyond the tilings (wedges, concentric rings) and operators that place and merge boards",
    "moves": "Moves: what a player may do",
    "effects": "Effects: what a move changes (captures, scores, placements)",
    "conditions": "Conditions: questions about the position",
    "connection": "Connection: groups, and what they join",
    "functions": "Functions: sites, numbers, ranges, counts",
    "regions": "Regions: sets of sites",
    "hands": "Hands of sites: Ludii's hands, what is on a site, a piece's number",
    "intarrays": "Arrays of ints: regions as numbers, the least of them",
    "patterns": "Patterns: walks over pieces of one kind",
    "territory": "Territory: surround captures, liberties, and events raised for a player",
    "ranking": "Ranking: the players still in the game",
    "measures": "Measures: steps between sites, coordinates, regions grown by steps or along rays",
    "passages": "Passages and loops: ways through a board's holes, and circuits round them",
    "pieces": "Pieces: values, hands (supplies) and where pieces are",
    "variables": "Variables: values of players, states of pieces, the last move",
    "filters": "Filters: the sites of a region that meet a condition",
    "logic": "Logic and arithmetic comparisons",
    "turns": "Turns: several moves in one turn, what moves remain, parity",
    "loops": "Loops: closed paths of a group's pieces around something",
    "values": "Values: a number per group, and results that compare players by them",
    "movement": "Movement: facings, slides, leaps",
    "war": "War: pieces by kind, threats, promotion, players without pieces, grown regions",
}

# Anchor words for ludeme names made of symbols, e.g. ``<=`` -> ``le``.
_SYMBOL_WORDS = {
    "<=": "le", ">=": "ge", "!=": "ne", "=": "eq", "<": "lt", ">": "gt",
    "+": "plus", "-": "minus", "*": "times", "/": "div", "%": "mod", "^": "pow",
}


# --- pieces -------------------------------------------------------------------------------------
def families() -> list[str]:
    """The registry's families in presentation order."""
    present = {cls.family for cls in ludeme_classes()}
    ordered = [f for f in FAMILY_ORDER if f in present]
    return ordered + sorted(present - set(ordered))


def ludemes_of(family: str) -> list[type[Ludeme]]:
    return sorted((cls for cls in ludeme_classes() if cls.family == family), key=lambda c: c.name)


def anchor(name: str) -> str:
    """A stable HTML anchor for a ludeme name: ``move Add`` -> ``ludeme-move-add``."""
    word = _SYMBOL_WORDS.get(name)
    if word is None:
        word = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"ludeme-{word}"


def class_anchor(cls: type[Ludeme]) -> str:
    """A ludeme class's anchor: its name's, and for a second class of an overloaded name
    (``remove`` of a board) its family's after it (``ludeme-remove-boards``)."""
    first = OVERLOADS.get(cls.name, (cls,))[0]
    return anchor(cls.name) if cls is first else f"{anchor(cls.name)}-{cls.family}"


def family_anchor(family: str) -> str:
    return "family-" + re.sub(r"[^a-z0-9]+", "-", family.lower()).strip("-")


def family_title(family: str) -> str:
    return FAMILY_TITLES.get(family, family.capitalize())


def _md(text: str) -> str:
    """Docstring prose to Markdown: reST ````code```` becomes `code`, lines are joined."""
    return " ".join(text.replace("``", "`").split())


def _cell(text: str) -> str:
    """Text for a Markdown table cell (a ``|`` would end the cell)."""
    return text.replace("|", "\\|")


def _code(text: str) -> str:
    """A code span that survives backticks inside ``text``."""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def details(cls: type[Ludeme]) -> list[str]:
    """The docstring paragraphs after the summary and before ``Examples:``, as Markdown."""
    doc = inspect.cleandoc(cls.__doc__ or "")
    body = doc.split("Examples:", 1)[0].split("Parameters:", 1)[0]
    paragraphs = [p for p in re.split(r"\n\s*\n", body.strip()) if p.strip()]
    return [_md(p) for p in paragraphs[1:]]


def param_form(p: Param) -> str:
    """How a parameter is written: positional or ``name:``, required or optional, repeated."""
    words = [f"named `{p.word}:`" if p.named else "positional"]
    words.append("optional" if p.optional else "required")
    if p.many:
        words.append("repeatable")
    return ", ".join(words)


def param_type(p: Param) -> str:
    """A parameter's type, with the numbers it accepts when it declares a range."""
    text = _cell(_code(str(p.type)))
    return f"{text} ({p.range})" if p.range is not None else text


def param_default(p: Param) -> str:
    if p.default is not None:
        return _code(str(getattr(p.default, "value", p.default)))
    return "—"


def param_range(p: Param) -> str:
    """The values a parameter may take, as its declaration gives them (``range=``), else ""."""
    declared = getattr(p, "range", None)
    if declared is None:
        return ""
    if isinstance(declared, (tuple, list)) and len(declared) == 2:
        lo, hi = declared
        return _code(f"{'' if lo is None else lo}..{'' if hi is None else hi}")
    return _code(str(declared))


def ludeme_section(cls: type[Ludeme]) -> list[str]:
    """The Markdown lines documenting one ludeme."""
    lines = [f'<a id="{class_anchor(cls)}"></a>', "", f"### {cls.name}", ""]
    lines.append(f"{_code(cls.signature())} → *{cls.kind}*")
    lines.append("")
    summary = _md(cls.summary())
    lines.append(summary if summary else "*(no summary)*")
    lines.append("")
    for paragraph in details(cls):
        lines.extend([paragraph, ""])
    if cls.params:
        ranged = any(param_range(p) for p in cls.params)
        head = "| Parameter | Type | Form | Default |" + (" Range |" if ranged else "") + " Meaning |"
        rule = "|---|---|---|---|" + ("---|" if ranged else "") + "---|"
        lines.extend([head, rule])
        for p in cls.params:
            row = (f"| `{p.word}` | {param_type(p)} | {param_form(p)} | "
                   f"{_cell(param_default(p))} |")
            if ranged:
                row += f" {_cell(param_range(p) or '—')} |"
            row += f" {_cell(_md(cls.meaning(p)) or '—')} |"
            lines.append(row)
        lines.append("")
    else:
        lines.extend(["No parameters.", ""])
    examples = cls.examples()
    if examples:
        lines.append("```lud")
        lines.extend(examples)
        lines.append("```")
        lines.append("")
    return lines


def section_markdown(cls: type[Ludeme]) -> str:
    """One ludeme's entry as ``ludemes.md`` has it (without its anchor): hover text."""
    return "\n".join(ludeme_section(cls)[2:]).strip() + "\n"


def param_markdown(cls: type[Ludeme], p: Param) -> str:
    """One parameter's line of the reference: how it is written, its type, default and meaning."""
    parts = [f"{_code(p.signature())} of {_code(cls.name)}: {param_form(p)}"]
    if p.default is not None:
        parts.append(f"default {param_default(p)}")
    if param_range(p):
        parts.append(f"range {param_range(p)}")
    return ", ".join(parts) + "\n\n" + (_md(cls.meaning(p)) or "")


def ludeme_text(cls: type[Ludeme]) -> str:
    """One ludeme's entry for a terminal (``ludeme doc NAME``): the same content as its section
    of ``ludemes.md``, laid out as plain text."""
    import textwrap
    out = [f"{cls.name}  ->  {cls.kind}", f"    {cls.signature()}", ""]
    for paragraph in [_md(cls.summary())] + details(cls):
        out.extend(textwrap.wrap(paragraph.replace("`", ""), 96) + [""])
    if cls.params:
        out.append("Parameters:")
        width = max(len(p.word) for p in cls.params)
        for p in cls.params:
            facts = [str(p.type), param_form(p).replace("`", "")]
            if p.default is not None:
                facts.append("default " + str(getattr(p.default, "value", p.default)))
            if param_range(p):
                facts.append("range " + param_range(p).replace("`", ""))
            out.append(f"  {p.word:<{width}}  {'; '.join(facts)}")
            for line in textwrap.wrap(_md(cls.meaning(p)).replace("`", ""), 96 - width - 4):
                out.append(" " * (width + 4) + line)
        out.append("")
    examples = cls.examples()
    if examples:
        out.append("Examples:")
        out.extend(f"  {e}" for e in examples)
    return "\n".join(out).rstrip() + "\n"


def table_of_contents() -> list[str]:
    lines = ["## Contents", ""]
    for family in families():
        members = ludemes_of(family)
        links = ", ".join(f"[{_code(cls.name)}](#{class_anchor(cls)})" for cls in members)
        lines.append(f"- [{family_title(family)}](#{family_anchor(family)}) ({len(members)}): {links}")
    lines.append("")
    return lines


def generate_ludemes_md() -> str:
    """The whole reference, deterministic for a given registry."""
    total = len(ludeme_classes())
    lines = [
        "# Ludeme reference",
        "",
        f"Generated from the ludeme registry by `{COMMAND}`; do not edit.",
        "",
        f"The vocabulary has {total} ludemes in {len(families())} families. Each entry gives the "
        "ludeme's signature (`<type>` is a positional argument, `name:type` a named one, "
        "`[...]` optional, `...` repeatable; a `{type}` parameter takes an array `{ ... }` or a "
        "single value), the kind of value it returns, its meaning, its parameters and examples "
        "(every example is parsed and bound by the tests).",
        "",
    ]
    lines.extend(table_of_contents())
    for family in families():
        lines.extend([f'<a id="{family_anchor(family)}"></a>', "", f"## {family_title(family)}", ""])
        for cls in ludemes_of(family):
            lines.extend(ludeme_section(cls))
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


# --- command line --------------------------------------------------------------------------------
def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Generate ludemes.md from the registry.")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 when the file differs from the registry")
    parser.add_argument("--output", type=Path, default=LUDEMES_MD, help=f"default: {LUDEMES_MD}")
    args = parser.parse_args(list(argv) if argv is not None else None)
    text = generate_ludemes_md()
    path: Path = args.output
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            what = "is missing" if current is None else "is out of date"
            print(f"{path} {what}; regenerate it with: PYTHONPATH=src {COMMAND}", file=sys.stderr)
            return 1
        print(f"{path} is up to date ({len(ludeme_classes())} ludemes)")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({len(ludeme_classes())} ludemes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
