"""Hostile input, generated: descriptions, positions, move texts and command lines.

Every case is built from a fixed seed, so a failure is reproducible from its seed and case
number (both are in the failure message). Each case must either work or fail with a clear
error: a LudError (description, position) or a MoveError (move) from the Python API, exit code
2 with no traceback from the command line. Each case runs under a time limit (no hang), the
whole module under a memory limit (no unbounded memory), and the module takes well under a
minute on a 2-core machine.

The generators aim at the classes of defects found before: values of the wrong type or out of
range in every field, names that collide, texts that are too large or nested too deeply, YAML
aliases, paths that cannot be read, and plain garbage.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import signal
import sys
from pathlib import Path

import pytest

from interpreter import LudError, MoveError, load
from interpreter.cli import main

ROOT = Path(__file__).resolve().parents[1]
DESCRIPTIONS = ROOT / "descriptions"
CASE_SECONDS = 20  # generous: the machine is shared; a hang is minutes, not seconds
MEMORY_HEADROOM = 1_500_000_000  # bytes above what the process uses when the module starts


# ---------------------------------------------------------------------------------------------
# guards: time and memory


class CaseTimeout(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` swallows it."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str):
    if not hasattr(signal, "setitimer"):  # pragma: no cover - not on this platform
        yield
        return

    def expire(signum, frame):
        raise CaseTimeout(f"{what}: still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module", autouse=True)
def memory_limit():
    """Cap the address space for this module's cases, then give it back."""
    try:
        import resource
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):  # pragma: no cover - not Linux
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = used + MEMORY_HEADROOM
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def run_case(label: str, action):
    """Run one case: it may succeed or raise LudError/MoveError; anything else fails the test."""
    if len(label) > 3000:
        label = label[:3000] + f"... ({len(label)} characters)"
    try:
        with time_limit(CASE_SECONDS, label):
            action()
    except (LudError, MoveError) as err:
        if isinstance(err, LudError):
            text = err.render()  # rendering must work too
            assert "Traceback" not in text, label
            return type(err).__name__
        return "MoveError"  # whichever kind (invalid, illegal, ambiguous)
    except MemoryError:
        pytest.fail(f"{label}: ran out of memory")
    except CaseTimeout as err:
        pytest.fail(str(err))
    except Exception as err:  # pragma: no cover - reported with its case
        pytest.fail(f"{label}: {type(err).__name__}: {err}")
    return "ok"


# ---------------------------------------------------------------------------------------------
# values worth trying anywhere

NUMBERS = ["0", "-1", "-2", "1", "2", "3", "5", "16", "17", "100", "101", "10000", "2147483647",
           "2147483648", "-2147483649", "99999999999999999999", "1.5", "0.0", "Infinity"]
WORDS = ['""', '" "', '"a b"', '"pass"', '"1-2"', '"2@3"', '"A1"', '"a1"', '"/"', '"x/y"',
         '"\\""', '"\u00e9"', '"\ufeff"', '"' + "w" * 300 + '"', "Mover", "P17", "Nope", "All"]
ANY = NUMBERS + WORDS + ["(sites Empty)", "{}", "{1 1}", "{1..3}", "(+ 2147483647 1)",
                         "(* 65536 65536)", "(- 0 5)", "(score Mover)", "(last To)", "#1", "<X>"]


# ---------------------------------------------------------------------------------------------
# descriptions: a small game with hostile values in its slots

TEMPLATE = """(define "Capture" (custodial (from (last To)) All (between {BETWEEN} if:(is Next (who at:(between)))
    (apply (remove (between)))) (to if:(is Mover (who at:(to))))))
(game {TITLE} (players {PLAYERS})
    (equipment {{(board ({SHAPE}) {USE} {LABELS}) (piece {PIECE} {OWNER}) {EXTRA}}})
    (rules
        {META}
        (start {{(set Score Each {SCORE})}})
        (play (move Add (to (sites Empty)) (then (and ("Capture") (addScore {WHO} {AMOUNT})))))
        (end {{(if (is Line {LINE}) (result Mover Win)) (if (>= (score Mover) {TARGET}) (result Mover Win))
              (if (is Full) (result All Draw))}})
    )
)
{OPTIONS}
"""

SLOTS = {
    "TITLE": ['"G"', '""', '"<O>"', "G", '"' + "g" * 2000 + '"'],
    "PLAYERS": ["2", "1", "3", "0", "-1", "17", "(if True 2 3)", "<O>", '"2"', "2147483648"],
    "SHAPE": ["square 3", "square 1", "square 0", "square -3", "square 101", "rectangle 1 3",
              "rectangle 100 101", "square 2147483647", "hex 3", "square <O>", "square (+ 1 2)"],
    "USE": ["", "use:Vertex", "use:Cell", "use:Edge", "use:1"],
    "LABELS": ["", "labels:{1..9}", "labels:{1 1 1 1 1 1 1 1 1}", 'labels:{"a" "b" "c" "d" "e" "f" "g" "h" "A"}',
               "labels:{1..3}", 'labels:{"" 2 3 4 5 6 7 8 9}', 'labels:{"pass" 2 3 4 5 6 7 8 9}',
               "labels:{-1..7}", "labels:{}", "labels:{1..100000}"],
    "PIECE": ['"Disc"', '""', '"2"', '"a b"', '"x@y"', "Disc", '"Disc1"'],
    "OWNER": ["Each", "P1", "P3", "Neutral", "Shared", "Nope", "1"],
    "EXTRA": ["", '(piece "Disc" Each)', "(team 1 {P1 P2})", "(team 1 {P1}) (team 1 {P2})",
              "(team 0 {P1})", "(team 1 {P1 P1})", '(regions "R" (sites {"A1"}))', '(regions "R" (sites {"Z9"}))',
              "(board (square 2))"],
    "META": ["", "(meta (turnLimit 5))", "(meta (turnLimit 0))", "(meta (turnLimit 99999999))",
             "(meta (turnLimit -1))"],
    "BETWEEN": ["(exact 2)", "(exact 0)", "(exact -1)", "(range 1 Infinity)", "(range 3 1)", "(max 0)",
                "(range -2 2)", "(exact 2147483647)", "(exact <O>)"],
    "SCORE": NUMBERS[:12] + ["(* 65536 65536)", "(+ 2147483647 1)", "(- 0 2147483647)"],
    "WHO": ["Mover", "Next", "P1", "P3", "0", "5", "(mover)", "(+ (mover) 1)", "All", "Each"],
    "AMOUNT": ["1", "0", "-1", "2147483647", "(score Mover)", "(* (score Mover) (score Mover))",
               "(* (+ (score Mover) 2) (+ (score Mover) 2))"],
    "LINE": ["3", "1", "0", "-2", "(- 1 3)", "99", "2147483647", "(+ 1 (score Mover))"],
    "TARGET": ["10", "0", "-1", "2147483647", "(score Next)", "Infinity"],
    "OPTIONS": ["", '(option "O" <O> {(item "A" <2>) (item "a" <3>)})',
                '(option "O" <O> {(item "A" <2>)* (item "B" <3>)*})', '(option "O/P" <O> {(item "A" <2>)})',
                '(option "O" <O> {(item "A" <3>)}) (option "Q" <O> {(item "B" <4>)})',
                '(option "O" <O> {(item "A" <3>)}) (rulesets {(ruleset "Ruleset/R" {"Nope/X"})})',
                '(option "O" <O> {(item "A" <3>)}) (metadata (implies {"O/A"} "O/A"))',
                '(define "Capture" (f 1))'],
}


def hostile_description(rng: random.Random) -> str:
    values = {slot: (rng.choice(choices) if rng.random() < 0.1 else choices[0]) for slot, choices in SLOTS.items()}
    if rng.random() < 0.2:  # any value anywhere
        slot = rng.choice(list(SLOTS))
        values[slot] = rng.choice(ANY)
    text = TEMPLATE.format(**values)
    if rng.random() < 0.1:
        text = "\ufeff" + text
    return text


def load_and_play(text: str, rng: random.Random) -> None:
    game = load(text)
    state = game.initial_state()
    for _ in range(rng.randint(0, 12)):
        if state.is_over():
            break
        legal = state.legal_moves()
        state.apply(rng.choice(legal))
        if rng.random() < 0.2:
            state.undo()
    state.to_text()
    str(state)
    state.result().to_json()


def test_generated_hostile_descriptions_load_and_play_or_give_clear_errors():
    rng = random.Random(160101)
    outcomes: dict[str, int] = {}
    for case in range(400):
        text = hostile_description(rng)
        play_rng = random.Random(case)
        kind = run_case(f"description case {case} (seed 160101):\n{text}", lambda: load_and_play(text, play_rng))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    # the generator must reach both sides: games that play and errors of several kinds
    assert outcomes.get("ok", 0) > 40 and sum(v for k, v in outcomes.items() if k != "ok") > 100, outcomes


@pytest.mark.parametrize("text", [
    "\ufeff" * 3 + "(game)",
    "(game " + "(a)" * 20_000 + ")",
    "(game {" + "1 " * 150_001 + "})",
    '(define "D" {"D" "D"}) (game "G" "D")',
    '(game "G" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) (rules (play (move Add (to (sites Empty)))) '
    '(end (if (is Line 3) (result Mover Win)))))' + " " * 1_000_000,
    '(option "A" <A> args:{<v>} {(item "x" <"' + "y" * 60_000 + '">)}) (game "<A><A>")',
    "(game " + "{" * 99 + "}" * 99 + ")",
    "(game " + "x:" * 5000 + "1)",
    '(game "G" (players 2) (equipment {(board (square 3) labels:{' + "1 " * 9 + '}) (piece "D" Each)}) (rules (play (move Add (to (sites Empty))))))',
    # Ludii's shapes: a value that never ends, a huge site range, text values that keep
    # bringing their own placeholder, brackets holding brackets
    '(option "A" <A> args:{<v>} {(item "x" <' + '// c "q\n' * 5000 + ')})',
    '(game "G" (f {"A1".."Z99999"}))',
    '(game "G" (g <A:a> <A:b>)) (option "A" <A> args:{<a> <b>} {(item "x" <(f <A:a>> <)> "")})',
    "(game " + "(" * 90 + "(a)" + ")" * 90 + ")",
])
def test_pathological_descriptions(text):
    run_case(f"pathological description {text[:80]!r}", lambda: load_and_play(text, random.Random(0)))


# ---------------------------------------------------------------------------------------------
# positions: real positions with hostile values, and mangled position texts

GAMES = {
    "tic-tac-toe": [],
    "alak": [],
    "pente-9": ["Board Size/9x9"],
    "pente-9-3p": ["Board Size/9x9", "Players/3", "Overtime/Capture the line"],
}
POSITION_VALUES = [None, True, False, 0, -1, 1, 2, 3, 99, 1.9, float("nan"), float("inf"), 2 ** 31, -(2 ** 31) - 1,
                   10 ** 30, "", "x", "A1", "Z99", "J10", "pass", "Ball1", "Disc1", "General", [], [1], [1, 1], ["A1"],
                   {}, {"a": 1}, {1: 2}, {99: 7}, {"from": "A1"}, "x" * 5000, "3 . . .\n3 . . .",
                   "xxxx___oooo", "\ufeff", "*alias"]
KEYS = ["game", "options", "mover", "ply", "phase", "passes", "scores", "last", "move_again", "pieces", "board",
        "result", "vars", "colour"]


def real_position_data(game, rng: random.Random) -> dict:
    import yaml
    state = game.initial_state()
    for _ in range(rng.randint(0, 20)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    return yaml.safe_load(state.to_text())


def set_somewhere(data, rng: random.Random, value) -> None:
    """Put ``value`` at a random key of the position, or inside one of its mappings or lists."""
    key = rng.choice(KEYS)
    inner = data.get(key)
    if isinstance(inner, dict) and inner and rng.random() < 0.5:
        inner_key = rng.choice(list(inner)) if rng.random() < 0.7 else rng.choice(POSITION_VALUES[:20] + ["to", "from"])
        try:
            inner[inner_key] = value
        except TypeError:
            data[key] = value
    elif isinstance(inner, list) and inner and rng.random() < 0.5:
        inner[rng.randrange(len(inner))] = value
    else:
        data[key] = value


def dump(data) -> str:
    import yaml
    try:
        return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)
    except yaml.YAMLError:
        return str(data)


def mangle(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(text) + 1)
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + rng.choice(":-[]{}&*!|>'\"#%@ \n\t.,0123456789xo") + text[i:]
        elif kind == 2:
            chunk = text[i:i + rng.randint(1, 20)]
            text = text[:i] + chunk * rng.randint(2, 50) + text[i:]
        elif kind == 3:
            text = text[:i]
        else:
            text = text[:i] + "&a " + text[i:] + "\nextra: *a\n"
    return text


def read_and_play(game, text: str, rng: random.Random) -> None:
    state = game.state_from_text(text)
    again = game.state_from_text(state.to_text())
    assert again.snapshot() == state.snapshot(), "a position read back differently"
    for _ in range(rng.randint(0, 5)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    state.undo() if state.history else None
    str(state)
    state.result().to_json()


@pytest.mark.parametrize("name", list(GAMES))
def test_generated_hostile_positions_read_or_give_position_errors(name):
    game = load(name.split("-9")[0] if name.startswith("pente") else name, options=GAMES[name])
    seed = 160200 + list(GAMES).index(name)
    rng = random.Random(seed)
    outcomes: dict[str, int] = {}
    for case in range(150):
        data = real_position_data(game, rng)
        roll = rng.random()
        if roll < 0.3:  # a real position, perhaps with keys left out (they keep initial values)
            for key in rng.sample(list(data), rng.randint(0, 3)):
                del data[key]
            text = dump(data)
        elif roll < 0.65:
            for _ in range(rng.randint(1, 3)):
                set_somewhere(data, rng, rng.choice(POSITION_VALUES))
            text = dump(data)
        else:
            text = mangle(dump(data), rng)
        play_rng = random.Random(case)
        kind = run_case(f"position case {case} of {name} (seed {seed}):\n{text[:2000]}",
                        lambda: read_and_play(game, text, play_rng))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("ok", 0) > 10 and outcomes.get("PositionError", 0) > 50, outcomes


# ---------------------------------------------------------------------------------------------
# move texts

MOVE_PIECES = ["A1", "a1", "J10", "E5", "1", "11", "0", "-1", "1-2", "1 2", "2@C3", "1@", "@", "-", "--", "pass",
               "PASS", "choose-white", "choose-", "Z99", "A0", "\u00e9", "\x00", "\ufeff", " ", "\t", "\n", "1-", "-1-2",
               "A1-A1", "9999999999999", "1@1@1", "x" * 1000]


@pytest.mark.parametrize("name", list(GAMES))
def test_generated_move_texts_apply_or_give_move_errors(name):
    game = load(name.split("-9")[0] if name.startswith("pente") else name, options=GAMES[name])
    seed = 160300 + list(GAMES).index(name)
    rng = random.Random(seed)
    state = game.initial_state()
    outcomes: dict[str, int] = {}
    for case in range(600):
        if state.is_over() or rng.random() < 0.02:
            state = game.initial_state()
        text = "".join(rng.choice(MOVE_PIECES) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.2:
            text = str(rng.choice(state.legal_moves()))  # a legal one now and then, to move on
        kind = run_case(f"move case {case} of {name} (seed {seed}): {text!r}", lambda: state.apply(text))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("ok", 0) > 50 and outcomes.get("MoveError", 0) > 300, outcomes


# ---------------------------------------------------------------------------------------------
# command lines

COMMANDS = ["check", "expand", "info", "run", "trace", "apply", "play", "fmt", "list", "check --syntax", "nope", ""]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Paths a hostile user might pass: good and broken descriptions and positions, a folder
    named like a description, an empty folder, a missing file, a file that is not UTF-8."""
    base = tmp_path_factory.mktemp("hostile")
    (base / "folder.lud").mkdir()
    (base / "empty").mkdir()
    (base / "latin.lud").write_bytes(b'(game "Caf\xe9")')
    (base / "good.lud").write_text((DESCRIPTIONS / "tic-tac-toe.lud").read_text())
    (base / "bom.lud").write_text("\ufeff" + (DESCRIPTIONS / "tic-tac-toe.lud").read_text())
    (base / "broken.lud").write_text('(game "X" (players 2) (equipment {(board (square 3) labels:{1 1 1 1 1 1 1 1 1})}))')
    rng = random.Random(160400)
    ttt = load("tic-tac-toe")
    good = real_position_data(ttt, rng)
    (base / "pos.yaml").write_text(dump(good))
    (base / "bomb.yaml").write_text('a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n')
    (base / "chess.yaml").write_text("game: Chess\n")
    (base / "nine.yaml").write_text(load("pente", options="Board Size/9x9").initial_state().to_text())
    for i in range(4):
        data = real_position_data(ttt, rng)
        set_somewhere(data, rng, rng.choice(POSITION_VALUES))
        (base / f"bad{i}.yaml").write_text(dump(data))
    return base


def hostile_argv(rng: random.Random, base: Path) -> list[str]:
    command = rng.choice(COMMANDS).split()
    games = ["tic-tac-toe", "alak", "pente", "nope", "", str(base / "folder.lud"), str(base / "empty"),
             str(base / "latin.lud"), str(base / "good.lud"), str(base / "bom.lud"), str(base / "broken.lud"),
             str(base / "missing.lud"), '(game "T")', "x\x00y"]
    argv = list(command)
    if command and command[0] not in ("list", "nope"):
        argv.append(rng.choice(games[:3] + [str(base / "good.lud")] if rng.random() < 0.6 else games))
    extras = [
        ["--option", rng.choice(["Board Size/9x9", "Board Size/99", "Nope/1", "/", "", "Players/3",
                                 "Team Mode/Enabled", "Board Size/9x9/x"])],
        ["--ruleset", rng.choice(["x", "", "Ruleset/X"])],
        ["--playouts", rng.choice(["1", "2", "0", "-3", "x", "1e9", "99999999999"])],
        ["--seed", rng.choice(["0", "-1", "x", "9" * 50])],
        ["--max-moves", rng.choice(["1", "0", "5", "x"])],
        ["--max-plies", rng.choice(["3", "0", "x"])],
        ["--position", str(base / rng.choice(["pos.yaml", "bomb.yaml", "chess.yaml", "nine.yaml", "bad0.yaml",
                                               "bad1.yaml", "bad2.yaml", "bad3.yaml", "missing.yaml", "empty"]))],
        ["--p2", rng.choice(["random", "mcts:iterations=2", "mcts:c=nan", "mcts:iterations=1.5", "human", "x:y",
                             "mcts:c=-1", "mcts:playout=0,iterations=3", ""])],
        ["--agents", rng.choice(["random", "random,random", "random,,random", "mcts:iterations=2,c=0.5,random"])],
        ["--moves", " ".join(rng.choice(MOVE_PIECES) for _ in range(rng.randint(0, 4)))],
        ["--json"], ["--syntax"], ["--check"], ["--debug"], ["-v"], ["--defines", str(base / "empty")],
        ["--defines", str(base / "missing")], ["--p5", "random"],
    ]
    for _ in range(rng.randint(0, 3)):
        extra = rng.choice(extras)
        if rng.random() < 0.5 and len(extra) == 2:  # often a sensible value, to get further
            extra = [extra[0], {"--option": "Board Size/9x9", "--playouts": "2", "--seed": "3", "--max-moves": "4",
                                "--max-plies": "6", "--position": str(base / "pos.yaml"), "--p2": "random",
                                "--agents": "random"}.get(extra[0], extra[1])]
        argv += extra
    if "--playouts" not in argv and command[:1] == ["run"]:
        argv += ["--playouts", "1"]
    return argv


def test_generated_command_lines_succeed_or_exit_2_without_a_traceback(files, monkeypatch):
    rng = random.Random(160500)
    codes: dict[int, int] = {}
    for case in range(250):
        argv = hostile_argv(rng, files)
        if argv[:1] == ["fmt"] and "--check" not in argv:
            argv.append("--check")  # never rewrite the fixture files
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        out, err = io.StringIO(), io.StringIO()
        result = {}

        def run():
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                result["code"] = main(argv)
        label = f"command case {case} (seed 160500): ludeme {' '.join(map(repr, argv))}"
        assert run_case(label, run) == "ok", label
        code = result["code"]
        text = err.getvalue()
        assert "Traceback" not in text and "internal error" not in text, f"{label}\n{text}"
        allowed = {0, 2} | ({1} if argv[:1] == ["fmt"] else set())
        assert code in allowed, f"{label}: exit {code}\n{text}"
        codes[code] = codes.get(code, 0) + 1
    assert codes.get(0, 0) > 20 and codes.get(2, 0) > 100, codes
