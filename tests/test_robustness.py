"""Untrusted input: mangled descriptions give a LudError, never another exception.

Thousands of random mutations (characters deleted, duplicated or inserted, brackets swapped,
chunks repeated, text truncated) of the bundled descriptions and of a built-in sample go through
``parse`` and ``expand``; each must succeed or raise :class:`LudError` (no traceback, no
RecursionError, no hang). Seeds are fixed, so a failure is reproducible.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.errors import LudError
from interpreter.syntax.expand import expand
from interpreter.syntax.format import format_document
from interpreter.syntax.parser import parse

DESCRIPTIONS = Path(__file__).parents[1] / "descriptions"

# A Pente-like description using every part of the syntax: defines with parameters, a define
# used bare and with ~, options with several args and stars, rulesets, placeholders in strings,
# ranges, floats, comments and multi-line strings.
SAMPLE = r'''// Pente, with captures; a sample for robustness tests.
(define "Custodial"
    (custodial
        (from (last To))
        #1
        (between (exact 2) if:(is Enemy (who at:(between))) (apply (remove (between))))
        (to if:(is Friend (who at:(to))))
        (then (addScore Mover 1))
    )
)
(define "Line" (is Line #1 #2))
(define "Win" (result Mover Win))
(define "Place" (move Add (to (sites Empty)) #1))

(game "Pente <Board:label>"
    (players 2)
    (equipment {
        (board (<Board:type> <Board:size>) use:Vertex) // from the option
        (piece "Ball" Each)
        (regions "Centre" (sites {0..3 <Board:size>}))
    })
    (rules
        (start (set Score Each 0))
        (play ("Place" (then ("Custodial" Orthogonal))))
        (end {
            (if ("Line" <Line> ~) "Win")
            (if (>= (score Mover) 5) "Win")
            (if (= (count Moves) 400) (result Mover Draw))
        })
    )
)

(option "Board" <Board> args:{<type> <size> <label>} {
    (item "Square 19" <square> <19> <"19x19"> "A 19x19 board.")**
    (item "Square 13" <square> <13> <"13x13"> "A 13x13 board.")*
    (item "Hex 7" <hex> <7> <"hex"> "A hexagonal board.")
})
(option "Line" <Line> args:{<n>} {
    (item "Five" <5>)*
    (item "Six" <6>)
    (item "None" <>)
})
(rulesets {
    (ruleset "Ruleset/Pente (Suggested)" {"Board/Square 19" "Line/Five"})*
    (ruleset "Ruleset/Keryo" {"Board/Square 13" "Line/Six"})
})

(metadata
    (define "Colour" (colour #1))
    (info {
        (description "Pente is a \"five in a row\" game // with captures.")
        (rules "Place a stone on an empty point.
Capture pairs by custodianship.")
    })
    (graphics {
        (player Colour P1 ("Colour" White))
        (board Colour InnerEdges (colour 0.5 .8 -.5 +0.94))
    })
)
'''

# Characters worth inserting: every bracket, quote, separator and sigil of the syntax.
INSERTABLE = '(){}<>"*:#~./\\ \n\t-+=!%&|^aZ0_9'
BRACKETS = "(){}<>"
TOTAL_MUTATIONS = 3000
OPTION_CHOICES = ([], ["Board/Hex 7"], ["Line/None", "Board/Square 13"])


def sources() -> list[tuple[str, str]]:
    found = [("sample.lud", SAMPLE)]
    if DESCRIPTIONS.is_dir():
        found += [(p.name, p.read_text(encoding="utf-8")) for p in sorted(DESCRIPTIONS.rglob("*.lud"))]
    return found


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits of ``text``."""
    for _ in range(rng.randint(1, 3)):
        if not text:
            return rng.choice(INSERTABLE)
        i = rng.randrange(len(text))
        kind = rng.randrange(8)
        if kind == 0:  # delete a character
            text = text[:i] + text[i + 1:]
        elif kind == 1:  # duplicate a character
            text = text[:i] + text[i] + text[i:]
        elif kind == 2:  # insert a character
            text = text[:i] + rng.choice(INSERTABLE) + text[i:]
        elif kind == 3:  # swap a bracket for another
            spots = [j for j, c in enumerate(text) if c in BRACKETS]
            if spots:
                j = rng.choice(spots)
                text = text[:j] + rng.choice(BRACKETS.replace(text[j], "")) + text[j + 1:]
        elif kind == 4:  # truncate
            text = text[:i]
        elif kind == 5:  # delete a chunk
            text = text[:i] + text[i + rng.randint(1, 40):]
        elif kind == 6:  # repeat a chunk many times (deep nesting, long chains)
            chunk = text[i:i + rng.randint(1, 12)]
            text = text[:i] + chunk * rng.randint(2, 150) + text[i:]
        else:  # move a chunk elsewhere
            chunk = text[i:i + rng.randint(1, 30)]
            rest = text[:i] + text[i + len(chunk):]
            j = rng.randrange(len(rest) + 1)
            text = rest[:j] + chunk + rest[j:]
    return text


def check(text: str, name: str, options: list[str]) -> str:
    """Parse and expand; return 'ok' or the error kind. Anything but a LudError fails the test."""
    try:
        doc = parse(text, name)
        expand(doc, options=options)
        return "ok"
    except LudError as err:
        err.render()  # rendering must not fail either
        return err.kind
    except RecursionError:  # pragma: no cover - reported with its input below
        raise AssertionError(f"RecursionError on mutated {name}:\n{text}") from None
    except Exception as err:  # pragma: no cover
        raise AssertionError(f"{type(err).__name__}: {err} on mutated {name}:\n{text}") from err


@pytest.mark.parametrize("index", range(len(sources())), ids=[name for name, _ in sources()])
def test_mutations_give_lud_errors_only(index):
    name, text = sources()[index]
    rng = random.Random(20240601 + index)
    count = max(200, TOTAL_MUTATIONS // len(sources()))
    outcomes: dict[str, int] = {}
    for n in range(count):
        mutated = mutate(text, rng)
        kind = check(mutated, name, OPTION_CHOICES[n % len(OPTION_CHOICES)])
        outcomes[kind] = outcomes.get(kind, 0) + 1
    # The test is only meaningful if mutations reach both the parser's and the expander's errors.
    assert outcomes.get("syntax error", 0) > count // 10, outcomes
    if name == "sample.lud":
        assert outcomes.get("expansion error", 0) > 0, outcomes
        assert outcomes.get("ok", 0) > 0, outcomes


def test_unmutated_sample_expands_with_every_option():
    doc = parse(SAMPLE, "sample.lud")
    for options in OPTION_CHOICES:
        assert expand(doc, options=options).game.name == "game"
    assert expand(doc, ruleset="Keryo").chosen == {"Board": "Square 13", "Line": "Six"}


def test_formatting_whatever_parses_round_trips():
    rng = random.Random(7)
    checked = 0
    for _ in range(600):
        mutated = mutate(SAMPLE, rng)
        try:
            doc = parse(mutated)
        except LudError:
            continue
        out = format_document(doc)
        again = parse(out)
        assert again.forms == doc.forms, mutated
        assert [c.text for c in again.comments] == [c.text for c in doc.comments], mutated
        assert format_document(again) == out, mutated
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("text", [
    "(" * 10_000,
    ")" * 10_000,
    "{" * 500 + "}" * 500,
    "(a " * 150 + ")" * 150,
    '"' * 3,
    "\\" * 10,
    "(f " + "9" * 5000 + ")",
    "(f #" + "9" * 5000 + ")",
    "(f " + "9" * 400 + ".5)",
    "\x00\x01\x02",
    "(game \"\udcff\")",
    "(game 'X')",
    "<" * 50,
    "(item)",
    "(option)",
    '(option "A" <A> {}) (game "G")',
    '(option "A" <A> args:{<x>} {(item "I" <1> <2>)}) (game "G")',
    '(rulesets {(ruleset)})(game "G")',
    '(define) (game "G")',
    '(game "G" (#1))',
    '(game "G" (<A>))',
    '(define "A" #1) (game "G" ("A"))',
    '(define "A" (#1 x)) (game "G" ("A" ~))',
    '(define "A" {#1..#2}) (game "G" ("A" (x) 2))',
    '(define "A" (f x:#1)) (game "G" ("A" 1 2) ("A" {1 2}) ("A" ~))',
])
def test_pathological_inputs(text):
    assert check(text, "weird.lud", []) in ("ok", "syntax error", "expansion error")


# ---------------------------------------------------------------------------------------------
# the whole pipeline: mutated bundled descriptions either load and play, or give a LudError


def _load_and_play(text: str, name: str, rng: random.Random) -> str:
    from interpreter import load
    try:
        game = load(text)
        state = game.initial_state()
        for _ in range(12):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
            if rng.random() < 0.2:
                state.undo()
        return "played"
    except LudError as err:
        err.render()
        return err.kind
    except RecursionError:  # pragma: no cover
        raise AssertionError(f"RecursionError on mutated {name}:\n{text}") from None
    except Exception as err:  # pragma: no cover
        raise AssertionError(f"{type(err).__name__}: {err} on mutated {name}:\n{text}") from err


# the default run plays the first quarter of each file's mutations (the same seed, so the same
# ones), the heavy run all of them
SHARES = [pytest.param(4, id="quarter"), pytest.param(1, id="all", marks=pytest.mark.heavy)]


@pytest.mark.parametrize("share", SHARES)
@pytest.mark.parametrize("path", sorted(DESCRIPTIONS.glob("*.lud")), ids=lambda p: p.name)
def test_mutated_descriptions_load_and_play_or_give_lud_errors(path, share):
    text = path.read_text(encoding="utf-8")
    rng = random.Random(7)
    outcomes: dict[str, int] = {}
    for _ in range((400 if path.stem == "pente" else 800) // share):
        kind = _load_and_play(mutate(text, rng), path.name, rng)
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("played", 0) > 0 and len(outcomes) > 1, outcomes
