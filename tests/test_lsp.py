"""What the language server answers, computed without a session (interpreter.lsp.analysis):
diagnostics, hover, completion, defines, symbols, folding, formatting. The session itself, over
pipes, is tests/test_lsp_session.py (heavy)."""

from __future__ import annotations

from interpreter.docs import section_markdown
from interpreter.lsp import analysis
from interpreter.ludemes import REGISTRY

TEXT = """// A game with a define, an option and rulesets
(define "Place" (move Add (to (sites Empty))))

(game "Lines"
    (players 2)
    (equipment {
        (board (square <Size>))
        (piece "Disc" Each)
    })
    (rules
        (play ("Place"))
        (end (if (is Line 3 through:(last To)) (result Mover Win)))
    )
)

(option "Board Size" <Size> {(item "3x3" <3> "small")* (item "4x4" <4> "larger")})
(rulesets {(ruleset "Ruleset/Small (Described)" {"Board Size/3x3"})})
"""


def position(text: str, needle: str, delta: int = 0) -> tuple[int, int]:
    offset = text.index(needle) + delta
    lines = analysis.Lines(text)
    return lines.position(offset)


def test_a_valid_document_has_no_diagnostics():
    checked = analysis.analyse(TEXT, "game.lud", build=True)
    assert checked.ok and analysis.diagnostics(checked) == []


def test_diagnostics_have_the_messages_and_places_of_check():
    text = TEXT.replace("(sites Empty)", "(sites Emtpy)").replace("(is Line 3", '(is Line "three"')
    found = analysis.diagnostics(analysis.analyse(text, "game.lud"))
    messages = [d.message.splitlines()[0] for d in found]
    # the error inside the define: at the definition (line 2) and at its use (line 11)
    assert messages == ["unknown ludeme 'sites Emtpy'", "in define \"Place\": unknown ludeme 'sites Emtpy'",
                        "is Line: argument 'length' expects int, got string \"three\""]
    assert [d.range[0] for d in found] == [1, 10, 11]
    line, ch = position(text, "Emtpy")
    assert found[0].range == (line, ch, line, ch + len("Emtpy"))  # the word Emtpy
    assert found[0].related and found[0].related[0][0][0] == 10
    assert found[1].related[0][0] == found[0].range
    assert "hint: did you mean 'sites Empty'" in found[0].message


def test_hover_gives_the_reference_entry():
    line, ch = position(TEXT, "is Line", 1)
    assert analysis.hover(TEXT, line, ch) == section_markdown(REGISTRY["is Line"])
    line, ch = position(TEXT, "Line 3", 1)  # the second word of a two-word name
    assert analysis.hover(TEXT, line, ch) == section_markdown(REGISTRY["is Line"])
    line, ch = position(TEXT, "(square", 2)
    assert analysis.hover(TEXT, line, ch).startswith("### square\n\n`(square")
    line, ch = position(TEXT, "through:", 2)  # a named argument: its line of the table
    text = analysis.hover(TEXT, line, ch)
    assert "`[through:site]` of `is Line`" in text and "the site the line must run through" in text
    line, ch = position(TEXT, "Each", 1)  # a constant: what it is, and the parameter taking it
    text = analysis.hover(TEXT, line, ch)
    assert text.startswith("`Each`: a role (a player)") and "`[<role>]` of `piece`" in text
    line, ch = position(TEXT, "Lines", 1)
    assert analysis.hover(TEXT, line, ch) is None  # inside a string: nothing
    assert analysis.hover(TEXT, 999, 0) is None and analysis.hover("", 0, 0) is None


def test_completion_after_a_bracket_lists_ludemes():
    text = TEXT.replace("(play (\"Place\"))", "(play (mo")
    line, ch = position(text, "(mo", 3)
    labels = {c.label for c in analysis.completions(text, line, ch)}
    assert {"move Add", "move Step", "moveAgain", "is Line"} <= labels


def test_completion_of_a_second_word_named_arguments_constants_and_options():
    text = TEXT.replace("(is Line 3 through:(last To))", "(is Li")
    line, ch = position(text, "(is Li", 6)
    assert "Line" in {c.label for c in analysis.completions(text, line, ch)}
    text = TEXT.replace("(is Line 3 through:(last To))", "(is Line 3 th")
    line, ch = position(text, "Line 3 th", 9)
    items = analysis.completions(text, line, ch)
    labels = {c.label for c in items}
    assert {"through:", "who:", "exact:"} <= labels and {"Orthogonal", "Mover", "Vertex"} <= labels
    assert next(c for c in items if c.label == "through:").documentation.startswith("the site the line")
    checked = analysis.analyse(TEXT, "game.lud")
    line, ch = position(TEXT, '"Board Size/3x3"', 1)
    labels = {c.label for c in analysis.completions(TEXT, line, ch, checked)}
    assert {"Board Size/3x3", "Board Size/4x4", "Place"} <= labels


def test_definition_and_references_of_a_define():
    line, ch = position(TEXT, '("Place")', 3)
    assert analysis.definition(TEXT, line, ch) == (1, 8, 1, 15)
    uses = analysis.references(TEXT, line, ch)
    assert [r[0] for r in uses] == [1, 10]
    assert [r[0] for r in analysis.references(TEXT, line, ch, include_declaration=False)] == [10]
    line, ch = position(TEXT, '"Disc"', 2)
    assert analysis.definition(TEXT, line, ch) is None and analysis.references(TEXT, line, ch) == []


def test_document_symbols():
    checked = analysis.analyse(TEXT, "game.lud")
    found = analysis.symbols(checked.document)
    assert [(s.kind, s.name) for s in found] == [("define", "Place"), ("game", "Lines"), ("option", "Board Size"),
                                                 ("ruleset", "Ruleset/Small (Described)")]
    assert [c.name for c in found[2].children] == ["3x3", "4x4"]
    assert found[1].range[0] == 3 and found[1].range[2] == 13


def test_folding_of_long_arrays_and_calls():
    folds = analysis.folding(TEXT)
    assert (5, 8, "array") in folds and (3, 13, "call") in folds
    assert all(end - start >= 2 for start, end, _ in folds)


def test_formatting_is_ludeme_fmt():
    from interpreter.syntax.format import format_document
    from interpreter.syntax.parser import parse
    messy = '(game   "X" (players 2)\n\n\n  (equipment {(board (square 3))}))'
    assert analysis.formatted(messy) == format_document(parse(messy))
    assert analysis.formatted("(game (") is None


def test_broken_and_huge_texts_are_answered():
    for text in ["", "(", ")", '"', "(game", "{" * 200, "(a)" * 6_000, "// x\n" * 20_000, "\ufeff(", "(\u00e9 \U0001f600)"]:
        checked = analysis.analyse(text, "bad.lud")
        analysis.diagnostics(checked)
        analysis.symbols(checked.document)
        analysis.folding(text)
        for line, ch in [(0, 0), (0, 3), (5, 1), (10**6, 10**6)]:
            analysis.hover(text, line, ch)
            analysis.completions(text, line, ch, checked)
            analysis.definition(text, line, ch)
            analysis.references(text, line, ch)


def test_lsp_without_pygls_says_what_to_install(monkeypatch, capsys):
    import interpreter.lsp as lsp
    from interpreter.cli import main
    monkeypatch.setattr(lsp, "available", lambda: "pygls")
    assert main(["lsp"]) == 2
    assert "pip install" in capsys.readouterr().err


def test_diagnostics_are_bounded_with_a_count_of_the_rest():
    body = " ".join("(nope)" for _ in range(analysis.MAX_DIAGNOSTICS + 30))
    found = analysis.diagnostics(analysis.analyse(TEXT.replace("(players 2)", f"(players 2) {body}"), "game.lud"))
    assert len(found) == analysis.MAX_DIAGNOSTICS + 1
    assert found[-1].message == f"30 more errors not shown ({analysis.MAX_DIAGNOSTICS + 30} in all)"


def test_a_call_and_its_array_on_the_same_lines_fold_once():
    folds = analysis.folding("(equipment {\n    (board (square 3))\n    (piece \"Disc\" Each)\n})\n")
    assert folds == [(0, 3, "array")]
