"""A TextMate grammar for ``.lud`` files (VS Code, Sublime Text, many others), generated from the
Lark grammar's terminals, so highlighting reads the text as the parser does::

    python -m interpreter.lsp.textmate           # rewrite docs/lud.tmLanguage.json
    python -m interpreter.lsp.textmate --check   # exit 1 when the file is stale (a test does this)

Comments, strings, named arguments (``key:``), placeholders (``<Tag>``), define parameters
(``#1``), numbers and booleans take the grammar's own patterns; a call's head is a name or a
symbol after ``(``, its second word one of the registry's two-word names (``move Add``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

from ..ludemes import REGISTRY
from ..resources import grammar_path

_TOP = Path(__file__).resolve().parents[3]
TMLANGUAGE = (_TOP if (_TOP / "pyproject.toml").exists() else Path.cwd()) / "docs" / "lud.tmLanguage.json"
COMMAND = "python -m interpreter.lsp.textmate"
# a number or boolean stands alone, not inside P1 or #1; a float never starts at the second dot
# of a range (1..11 is 1, .., 11, as the parser reads it)
_NOT_AFTER_WORD = "(?<![A-Za-z0-9_#])"


def terminals() -> dict[str, str]:
    """The grammar's terminals as regular expressions, by name."""
    from lark import Lark
    lark = Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                start=["start", "value_body"])
    return {t.name: t.pattern.to_regexp() for t in lark.terminals}


def second_words() -> list[str]:
    """The second words of the registry's two-word ludemes (``Add`` of ``move Add``)."""
    return sorted({name.split(" ", 1)[1] for name in REGISTRY if " " in name}, key=lambda w: (-len(w), w))


def generate() -> dict:
    t = terminals()
    head = f"(\\()\\s*({t['NAME']}|{t['SYMBOL']})(?:\\s+({'|'.join(second_words())})(?![A-Za-z0-9_:]))?"
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Ludii game description",
        "scopeName": "source.lud",
        "fileTypes": ["lud", "def"],
        "comment": f"Generated from grammar/lud.lark by `{COMMAND}`; do not edit.",
        "patterns": [{"include": f"#{name}"} for name in (
            "comment", "string", "define-head", "head", "key", "placeholder", "param", "number", "boolean",
            "constant", "brackets")],
        "repository": {
            "comment": {"name": "comment.line.double-slash.lud", "match": t["COMMENT"]},
            "string": {"name": "string.quoted.double.lud", "begin": '"', "end": '"',
                       "patterns": [{"name": "constant.character.escape.lud", "match": '\\\\"'}]},
            "define-head": {"match": '(\\()\\s*(?=")', "captures": {"1": {"name": "punctuation.section.call.lud"}}},
            "head": {"match": head, "captures": {"1": {"name": "punctuation.section.call.lud"},
                                                 "2": {"name": "entity.name.function.ludeme.lud"},
                                                 "3": {"name": "entity.name.function.ludeme.lud"}}},
            "key": {"name": "variable.parameter.named.lud", "match": t["KEY"]},
            "placeholder": {"name": "variable.other.option.lud", "match": t["PLACEHOLDER"]},
            "param": {"name": "variable.parameter.define.lud", "match": t["PARAM"]},
            "number": {"name": "constant.numeric.lud", "match": f"{_NOT_AFTER_WORD}(?:(?<!\\.){t['FLOAT']}|{t['INT']})"},
            "boolean": {"name": "constant.language.boolean.lud", "match": f"{_NOT_AFTER_WORD}{t['BOOL']}"},
            "constant": {"name": "support.constant.lud", "match": f"(?<![A-Za-z0-9_]){t['NAME']}"},
            "brackets": {"name": "punctuation.section.lud", "match": "[(){}\\[\\]]"},
        },
    }


def text() -> str:
    return json.dumps(generate(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Generate the TextMate grammar of .lud files.")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 when the file is stale")
    parser.add_argument("--output", type=Path, default=TMLANGUAGE, help=f"default: {TMLANGUAGE}")
    args = parser.parse_args(list(argv) if argv is not None else None)
    wanted = text()
    path: Path = args.output
    if args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != wanted:
            print(f"{path} is stale; regenerate it with: PYTHONPATH=src {COMMAND}", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(wanted, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
