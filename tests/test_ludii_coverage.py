"""Ludii's vocabulary (src/interpreter/ludii/vocabulary.yaml) and the coverage report built on it:
the YAML is the transcription's, docs/ludii-coverage.md is current, the comparison says what it
should on small cases, and every ludeme Ludii's sample calls is in the vocabulary."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.ludemes.base import BOOL_FN, INT_FN, REGION_FN, ROLE, ArrayOf, Enum, Ludeme, Param, kind_of
from interpreter.ludii import is_ludii_form, ludii_forms, vocabulary
from interpreter.ludii.coverage import (
    COMPLETE,
    MISSING,
    PARTIAL,
    compare_signature,
    coverage,
    form_coverage,
    generate_coverage_md,
    main,
)
from interpreter.syntax import nodes as N
from interpreter.syntax.parser import parse_file

ROOT = Path(__file__).resolve().parents[1]
COVERAGE_MD = ROOT / "docs" / "ludii-coverage.md"


def _script():
    spec = importlib.util.spec_from_file_location("ludii_vocabulary", ROOT / "scripts" / "ludii_vocabulary.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ludii_vocabulary", module)
    spec.loader.exec_module(module)
    return module


def ludeme(name: str, **params: Param) -> type[Ludeme]:
    """A ludeme class for these tests only (never registered)."""
    cls = type("Probe", (Ludeme,), {"__annotations__": {k: Any for k in params}, **params})
    cls.name = name
    return cls


def sig(text: str) -> list[dict]:
    return [_script().parse_param(t) for t in text.split()]


# --- the vocabulary --------------------------------------------------------------------------
def test_vocabulary_yaml_is_the_transcriptions():
    if not (ROOT / "scripts" / "ludii_vocabulary.txt").exists():
        pytest.skip("no scripts/ (an installed package)")
    assert _script().main(["--check"]) == 0, "run `python scripts/ludii_vocabulary.py`"


def test_vocabulary_covers_the_core_families():
    families = vocabulary()["families"]
    for family in ("moves", "ints", "booleans", "region", "directions", "graph", "dim", "floats",
                   "intArray", "range", "start", "end", "meta", "phase", "equipment", "players", "mode",
                   "match"):
        assert families[family]["forms"], family
    for form in ("move Add", "sites Empty", "is Line", "forEach Die", "add", "board", "hex", "count Pips",
                 "set Score", "directions Random", "players Team1", "values Remembered", "+", "!="):
        assert is_ludii_form(form), form
    assert not is_ludii_form("forEach Dice")
    assert {"Vertex", "Edge", "Cell"} == set(vocabulary()["enums"]["SiteType"])


def test_transcription_format():
    script = _script()
    assert script.parse_param("<int>") == {"type": "int", "optional": False}
    assert script.parse_param("[level:<int>]") == {"name": "level", "type": "int", "optional": True}
    assert script.parse_param("[{{<stepType>}}]|b") == {"type": "stepType[][]", "optional": True, "group": "b"}
    assert script.parse_param("value2:<int>|a") == {"name": "value2", "type": "int", "optional": False,
                                                    "group": "a"}
    for bad in ("<int", "[<int>", "{<int>}}", "level:int"):
        with pytest.raises(script.TranscriptionError):
            script.parse_param(bad)
    text = ("## moves\n# rules/Add.java @abc\nmove Add: [<piece>] <to> [count:<int>]\nmove Add:\n"
            "## types\n@enum SiteType: Vertex Edge Cell\n")
    vocab = script.parse_transcription(text)
    assert list(vocab["families"]) == ["moves"]  # a family of enumerations only is left out
    assert vocab["families"]["moves"]["sources"] == ["rules/Add.java @abc"]
    assert [len(s["params"]) for s in vocab["families"]["moves"]["forms"]["move Add"]] == [3, 0]
    assert vocab["enums"] == {"SiteType": ["Vertex", "Edge", "Cell"]}
    with pytest.raises(script.TranscriptionError, match="line 2"):
        script.parse_transcription("## moves\nmove Add: <to\n")


def test_reading_java_sources(tmp_path):
    script = _script()
    effect = tmp_path / "rules" / "play" / "moves" / "nonDecision" / "effect"
    effect.mkdir(parents=True)
    (effect / "Add.java").write_text(
        "package x;\n/** Adds. */\npublic final class Add extends Effect\n{\n"
        "\t/** @param what The piece. */\n\tpublic Add\n\t(\n"
        "\t\t@Opt       final Piece what,\n\t\t           final game.util.moves.To to,\n"
        "\t\t@Opt @Name final IntFunction count,\n\t\t@Opt @Or   final IntFunction a,\n"
        "\t\t@Opt @Or   final RegionFunction[] b,\n\t\t@Opt       final Then then\n\t)\n\t{ }\n"
        "\t@Hide\n\tpublic Add(final Add other) { }\n}\n", encoding="utf-8")
    sites = tmp_path / "functions" / "region" / "sites"
    sites.mkdir(parents=True)
    (sites / "SitesSimpleType.java").write_text("public enum SitesSimpleType { Board, Empty; }\n", encoding="utf-8")
    (sites / "Sites.java").write_text(
        "public final class Sites extends BaseRegionFunction {\n"
        "  public static RegionFunction construct(final SitesSimpleType type, @Opt final SiteType elementType) { }\n"
        "  private Sites() { }\n}\n", encoding="utf-8")
    (sites / "Base.java").write_text("public abstract class Base { public Base(final IntFunction x) { } }\n",
                                     encoding="utf-8")
    vocab = script.read_java_tree(tmp_path)
    add = vocab["families"]["moves"]["forms"]["add"]
    assert add == [{"params": [
        {"type": "piece", "optional": True}, {"type": "to", "optional": False},
        {"name": "count", "type": "int", "optional": True}, {"type": "int", "optional": True, "group": "a"},
        {"type": "region[]", "optional": True, "group": "a"}, {"type": "then", "optional": True}]}]
    region = vocab["families"]["region"]["forms"]
    assert set(region) == {"sites Board", "sites Empty"}
    assert region["sites Empty"] == [{"params": [{"type": "siteType", "optional": True}]}]


# --- comparing signatures --------------------------------------------------------------------
def test_a_matching_ludeme_is_complete():
    cls = ludeme("t", site=Param(INT_FN), level=Param(INT_FN, named=True, optional=True),
                 then=Param(kind_of("then"), optional=True))
    assert compare_signature(sig("<int> [level:<int>] [<then>]"), cls) == []
    assert form_coverage("moves", "t", [{"params": sig("<int>")}, {"params": sig("<int> [<then>]")}],
                         {"t": cls}).status == COMPLETE


def test_what_a_partial_ludeme_lacks():
    cls = ludeme("t", site=Param(INT_FN), level=Param(INT_FN, named=True))
    issues = compare_signature(sig("[<siteType>] <int> [level:<int>] [stack:<boolean>]"), cls)
    assert issues == ["no place for [<siteType>]", "`level:` is required here, optional in Ludii",
                      "no `stack:` (boolean)"]
    assert compare_signature(sig("<int> level:<boolean>"), cls) == ["`level:` does not take boolean"]
    extra = ludeme("t", site=Param(INT_FN), region=Param(REGION_FN))
    assert compare_signature(sig("<int>"), extra) == ["requires `region` (region), not in this signature"]
    single = ludeme("t", site=Param(INT_FN))
    cov = form_coverage("moves", "t", [{"params": sig("<int>")}, {"params": sig("<int> <boolean>")}], {"t": single})
    assert cov.status == PARTIAL and cov.issues == ["(2) no place for <boolean>"]


def test_positional_order_and_kinds():
    cls = ludeme("t", n=Param(INT_FN), flag=Param(BOOL_FN, optional=True), region=Param(REGION_FN))
    assert compare_signature(sig("<int> [<boolean>] <region>"), cls) == []
    assert compare_signature(sig("<int> <region>"), cls) == []  # our optional one is skipped
    assert compare_signature(sig("<region> <int>"), cls) == [  # our required int stands first
        "no place for <region>", "requires `region` (region), not in this signature"]
    named_here = ludeme("t", n=Param(INT_FN, named=True))
    assert compare_signature(sig("<int>"), named_here) == [
        "no place for <int>", "requires `n` (int), not in this signature"]


def test_either_or_groups_share_a_place():
    roles = ludeme("t", who=Param(ROLE), site=Param(INT_FN, optional=True))
    assert compare_signature(sig("<roleType>|a <int>|a"), roles) == []  # the int finds the later place
    either = ludeme("t", who=Param(ArrayOf(INT_FN)), then=Param(kind_of("then"), optional=True))
    assert compare_signature(sig("<int>|a {<int>}|a [<then>]"), either) == []
    assert compare_signature(sig("<int>|a {<int>}|a"), ludeme("t", who=Param(INT_FN))) == ["no place for <int[]>"]
    regions = ludeme("t", regions=Param(ArrayOf(REGION_FN), many=True))
    assert compare_signature(sig("<region> <region>"), regions) == []
    assert compare_signature(sig("{<region>}"), regions) == []
    optional_group = ludeme("t", who=Param(ROLE))
    assert compare_signature(sig("[<roleType>]|a [<int>]|a"), optional_group) == [
        "`who` is required here, optional in Ludii", "no place for [<int>]"]


def test_enumerations_and_missing_forms():
    sites = ludeme("t", type=Param(Enum(("Cell", "Vertex")), optional=True))
    assert compare_signature(sig("[<siteType>]"), sites) == []
    assert form_coverage("moves", "move Nothing", [{"params": []}], {}).status == MISSING


# --- the report ------------------------------------------------------------------------------
def test_ludii_coverage_md_is_current():
    assert COVERAGE_MD.exists(), "docs/ludii-coverage.md is missing: run " \
                                 "`PYTHONPATH=src python -m interpreter.ludii.coverage --write`"
    assert COVERAGE_MD.read_text(encoding="utf-8") == generate_coverage_md(), (
        "docs/ludii-coverage.md is out of date with the registry or the vocabulary: regenerate it with "
        "`PYTHONPATH=src python -m interpreter.ludii.coverage --write` (never edit it by hand)")


def test_check_mode_reports_a_stale_file(tmp_path, capsys):
    stale = tmp_path / "ludii-coverage.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert main(["--check", "--output", str(stale)]) == 1
    assert "--write" in capsys.readouterr().err
    assert main(["--write", "--output", str(stale)]) == 0
    assert main(["--check", "--output", str(stale)]) == 0


def test_report_counts_every_form_once_per_family():
    rows = coverage()
    forms = sum(len(f["forms"]) for f in vocabulary()["families"].values())
    assert len(rows) == forms
    assert COMPLETE in {r.status for r in rows} and {r.status for r in rows} <= {COMPLETE, PARTIAL, MISSING}
    text = generate_coverage_md()
    assert f"| **all** | **{forms}** |" in text
    by_form = {(r.family, r.form): r for r in rows}
    assert by_form[("moves", "forEach Die")].status == COMPLETE
    assert by_form[("region", "sites Empty")].status in (COMPLETE, PARTIAL)


# --- Ludii's sample --------------------------------------------------------------------------
SYNTAX = {"define", "option", "options", "rulesets", "ruleset", "item", "metadata"}


def _calls(node: Any, metadata: bool = False):
    """The calls under ``node``; those inside (metadata ...) only when ``metadata``."""
    if isinstance(node, list):
        for item in node:
            yield from _calls(item, metadata)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, N.Span):
        return
    if isinstance(node, N.Call):
        if node.head == "metadata" and not metadata:
            return  # graphics, info and AI hints: not the game's vocabulary
        yield node
    for f in dataclasses.fields(node):
        if f.name != "span":
            yield from _calls(getattr(node, f.name), metadata)


def test_every_ludeme_of_ludiis_sample_is_in_the_vocabulary(ludii_sample_files):
    forms = ludii_forms()
    docs = [parse_file(path) for path in ludii_sample_files]
    # names the sample uses in (metadata ...): graphics and AI hints, also written in defines
    metadata = {c.head for doc in docs for m in _calls(doc, True) if m.head == "metadata"
                for c in _calls(m.args, True) if isinstance(c.head, str)}
    unknown: dict[str, str] = {}
    for path, doc in zip(ludii_sample_files, docs):
        for call in _calls(doc):
            if not isinstance(call.head, str) or call.head in SYNTAX:
                continue
            first = next((a for a in call.args if not isinstance(a, N.Named)), None)
            if isinstance(first, N.Param):
                continue  # (is #1 ...): the form is a define's argument
            if isinstance(first, N.Const) and f"{call.head} {first.name}" in forms or call.head in forms:
                continue
            if call.head not in metadata:
                unknown.setdefault(call.head, path.name)
    assert not unknown, f"called in Ludii's sample but not in the vocabulary: {unknown}"
