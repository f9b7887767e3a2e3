"""The TextMate grammar (docs/lud.tmLanguage.json) is the Lark grammar's: generated from its
terminals (a test fails when it is stale), and, run as an editor runs it (a small TextMate
scanner, line by line), it marks what the parser reads: comments, strings, numbers, call heads
and named arguments of every bundled description."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter.lsp import textmate
from interpreter.syntax.nodes import Call, Int, Named, Str
from interpreter.syntax.parser import parse, scan_comments

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "docs" / "lud.tmLanguage.json"
DESCRIPTIONS = sorted((ROOT / "descriptions").glob("*.lud"))


def test_the_grammar_file_is_current():
    assert FILE.read_text(encoding="utf-8") == textmate.text(), \
        "docs/lud.tmLanguage.json is stale: PYTHONPATH=src python -m interpreter.lsp.textmate"
    assert textmate.main(["--check", "--output", str(FILE)]) == 0


def test_it_takes_the_terminals_of_the_lark_grammar():
    terminals = textmate.terminals()
    repo = json.loads(FILE.read_text(encoding="utf-8"))["repository"]
    assert repo["comment"]["match"] == terminals["COMMENT"]
    assert repo["key"]["match"] == terminals["KEY"]
    assert repo["placeholder"]["match"] == terminals["PLACEHOLDER"]
    assert repo["param"]["match"] == terminals["PARAM"]
    assert terminals["INT"] in repo["number"]["match"] and terminals["FLOAT"] in repo["number"]["match"]
    assert terminals["BOOL"] in repo["boolean"]["match"] and terminals["NAME"] in repo["head"]["match"]
    for rule in repo.values():
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key])


def scopes(text: str) -> dict[tuple[int, int], str]:
    """(line, column) -> scope of each token start, as a TextMate engine finds them: at each
    place the pattern matching earliest wins (the first listed on a tie); a begin/end rule
    runs over lines until its end."""
    grammar = json.loads(FILE.read_text(encoding="utf-8"))
    rules = [grammar["repository"][p["include"][1:]] for p in grammar["patterns"]]
    found: dict[tuple[int, int], str] = {}
    inside = None  # the begin/end rule still open
    for number, line in enumerate(text.split("\n"), start=1):
        i = 0
        while i <= len(line):
            if inside is not None:
                escape = re.compile(inside["patterns"][0]["match"])
                end = re.compile(inside["end"])
                j = i
                while j < len(line):
                    if escape.match(line, j):
                        j += 2
                        continue
                    if end.match(line, j):
                        break
                    j += 1
                if j >= len(line):
                    break  # the string goes on to the next line
                i = j + 1
                inside = None
                continue
            best = None
            for rule in rules:
                m = re.compile(rule.get("match") or rule["begin"]).search(line, i)
                if m and (best is None or m.start() < best[0].start()):
                    best = (m, rule)
            if best is None:
                break
            m, rule = best
            if "begin" in rule:
                found[(number, m.start() + 1)] = rule["name"]
                inside = rule
                i = m.end()
                continue
            if "captures" in rule:
                for group, capture in rule["captures"].items():
                    if m.group(int(group)) is not None:
                        found[(number, m.start(int(group)) + 1)] = capture["name"]
            else:
                found[(number, m.start() + 1)] = rule["name"]
            i = max(m.end(), i + 1)
    return found


@pytest.mark.parametrize("path", DESCRIPTIONS, ids=[p.stem for p in DESCRIPTIONS])
def test_it_marks_what_the_parser_reads(path):
    text = path.read_text(encoding="utf-8")
    found = scopes(text)
    doc = parse(text, str(path))
    for comment in scan_comments(text):
        assert found.get((comment.line, comment.col)) == "comment.line.double-slash.lud", comment
    checked = 0
    for form in doc.forms:
        for node in form.walk():
            where = (node.span.line, node.span.col)
            if isinstance(node, Str) and text.split("\n")[node.span.line - 1][node.span.col - 1] == '"':
                assert found.get(where) == "string.quoted.double.lud", (node, where)
            elif isinstance(node, Int) and node.span.end_col > node.span.col:
                assert found.get(where) == "constant.numeric.lud", (node, where)
            elif isinstance(node, Named):
                assert found.get(where) == "variable.parameter.named.lud", (node, where)
            elif isinstance(node, Call) and isinstance(node.head, str) and node.head not in ("item",):
                line = text.split("\n")[node.span.line - 1]
                head = re.compile(r"\(\s*").match(line, node.span.col - 1)
                if head is not None and head.end() < len(line):
                    assert found.get((node.span.line, head.end() + 1)) == "entity.name.function.ludeme.lud", (node.head, where)
            else:
                continue
            checked += 1
    assert checked > 20
