"""Hostile input, generated: descriptions, positions, move texts and command lines.

Every case is built from a fixed seed, so a failure is reproducible from its seed and case
number (both are in the failure message). Each case must either work or fail with a clear
error: a LudError (description, position) or a MoveError (move) from the Python API, exit code
2 with no traceback from the command line. Each case runs under a time limit (no hang), the
whole module under a memory limit (no unbounded memory), and the module takes well under a
minute on a 2-core machine.

The generators aim at the classes of defects found before: values of the wrong type or out of
range in every field, names that collide, texts that are too large or nested too deeply, YAML
aliases, paths that cannot be read, and plain garbage. Then a family per class of issue 26:

- data lost or unreadable: output paths onto inputs, links, folders, pipes and existing records
  (with and without --force/--append), every record written replays; records with turn limits
  from 1 to 100000 and cut at a random byte; site labels that read as moves; copies and pickles;
- hangs and unbounded memory: sowing up to a million seeds, regions grown a billion steps, dense
  graph boards and merges of many boards, a long line of option values, batch line lengths (work
  measured by counts: journal entries, neighbour look-ups, polygon tests, characters parsed);
- internal errors: effects in every parent, concepts/compare/OpenSpiel on mancala boards,
  degenerate board operators, tiny agent budgets, OpenSpiel actions legal and illegal;
- processes: SIGTERM/SIGKILL during match, compare and concepts leave no worker, --jobs bound,
  named pipes, folders and devices given as files;
- nonsense: numbers, regions, defines, metadata and positions that make no sense are refused
  where they are written;
- declared ranges: numbers around every declared range, in the ludemes' own examples.
"""

from __future__ import annotations

import contextlib
import gc
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
CASE_SECONDS = 120  # a hang guard: a busy shared machine is ten times slower, a hang never ends
MEMORY_HEADROOM = 1_500_000_000  # bytes above what the process uses when the module starts


# ---------------------------------------------------------------------------------------------
# guards: time and memory


class CaseTimeout(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` swallows it."""


@contextlib.contextmanager
def no_gc_callbacks():
    """Run without the garbage collector's callbacks (hypothesis installs one, process-wide, that
    times collections). An alarm or a MemoryError raised while a callback runs cannot propagate:
    Python reports it as unraisable (a PytestUnraisableExceptionWarning at the end of the run)
    and the guarded case goes on without its limit."""
    saved = list(gc.callbacks)
    gc.callbacks.clear()
    try:
        yield
    finally:
        gc.callbacks[:] = saved + [c for c in gc.callbacks if c not in saved]


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
        with no_gc_callbacks():
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
    on_both_tiers(game)
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


def on_both_tiers(game) -> None:
    """The compiled tier takes every game that loads: it generates its module, or refuses it
    with the ludeme it cannot run (NoKernel), never anything else."""
    from interpreter.native.api import compiled_form
    from interpreter.native.codegen import Compiled
    from interpreter.native.emit import NoKernel
    form = compiled_form(game)
    assert isinstance(form, (Compiled, NoKernel)), form


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


@pytest.mark.heavy
def test_generated_hostile_games_play_the_same_on_both_tiers():
    """The generated games the compiled tier takes, compiled and replayed ply by ply beside the
    reference engine (each is a module of its own: a few, fixed seeds)."""
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    rng = random.Random(160101)
    replayed = 0
    for case in range(400):
        text = hostile_description(rng)
        try:
            game = load(text)
        except LudError:
            continue
        compiled = native.native_game(game)
        if compiled is None:
            continue
        for seed in range(2):
            assert compare_game(game, compiled, seed, max_plies=200) is None, f"case {case}, seed {seed}:\n{text}"
        replayed += 1
        if replayed == 6:
            break
    assert replayed == 6


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


# =============================================================================================
# The classes of issue 26, a family each: data that is lost or cannot be read back, hangs and
# unbounded memory, internal errors where a clear answer is due, processes and resources,
# nonsense accepted without a word, declared ranges.

def cli(argv: list[str], stdin: str = "quit\n") -> tuple[int, str, str]:
    """Run a command line in this process: (exit code, out, err); a traceback fails the case."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text and "internal error" not in text, f"ludeme {' '.join(argv)}\n{text}"
    return code, out.getvalue(), err.getvalue()


def cli_case(label: str, argv: list[str], allowed=(0, 2), stdin: str = "quit\n") -> tuple[int, str, str]:
    result: dict = {}

    def run():
        result["r"] = cli(argv, stdin)
    assert run_case(label, run) == "ok", label
    code = result["r"][0]
    assert code in allowed, f"{label}: exit {code}\n{result['r'][2][-1500:]}"
    return result["r"]


# --- outputs: no output path destroys an input; existing records need --force/--append --------
@pytest.fixture
def inputs(tmp_path):
    """Files a command reads, a record to replay, and paths an output may be pointed at."""
    base = tmp_path
    (base / "g.lud").write_text((DESCRIPTIONS / "tic-tac-toe.lud").read_text())
    (base / "p.yaml").write_text(load("tic-tac-toe").initial_state().to_text())
    assert main(["run", "tic-tac-toe", "-n", "2", "--record", str(base / "r.jsonl")]) == 0
    (base / "folder").mkdir()
    (base / "notes.txt").write_text("keep me\n")
    (base / "link.svg").symlink_to(base / "p.yaml")
    (base / "link.jsonl").symlink_to(base / "g.lud")
    (base / "link.yaml").symlink_to(base / "p.yaml")
    (base / "old.yaml").write_text("an old position\n")
    if hasattr(os, "mkfifo"):
        os.mkfifo(base / "pipe.jsonl")
        os.mkfifo(base / "pipe.svg")
    return base


OUTPUT_COMMANDS = [
    ["run", "{g}", "-n", "2", "--record", "{out}"],
    ["run", "tic-tac-toe", "-n", "1", "--max-plies", "3", "--position", "{p}", "--record", "{out}"],
    ["match", "{g}", "--agents", "random", "random", "--games", "2", "--record", "{out}"],
    ["play", "{g}", "--p1", "random", "--seed", "2", "--record", "{out}"],
    ["play", "tic-tac-toe", "--p1", "random", "--position", "{p}", "--record", "{out}"],
    ["render", "{g}", "--position", "{p}", "-o", "{out}"],
    ["replay", "{r}", "--game", "1", "--svg", "{out}"],
    ["apply", "{g}", "--moves", "B2", "--save-position", "{out}"],
    ["apply", "tic-tac-toe", "--position", "{p}", "--moves", "B2", "--save-position", "{out}"],
    ["trace", "{g}", "--seed", "1", "--save-position", "{out}"],
]
OUTPUT_TARGETS = ["{g}", "{p}", "{r}", "link.svg", "link.jsonl", "folder", "missing/x.jsonl", "missing/x.svg",
                  "notes.txt", "pipe.jsonl", "pipe.svg", "new.jsonl", "new.svg", "newdir", "r.jsonl", "old.yaml",
                  "new.yaml", "link.yaml", "missing/x.yaml"]


def test_no_output_path_destroys_an_input_and_every_record_replays(inputs):
    rng = random.Random(260101)
    names = {"g": str(inputs / "g.lud"), "p": str(inputs / "p.yaml"), "r": str(inputs / "r.jsonl")}
    codes: dict[int, int] = {}

    def files() -> dict[Path, bytes]:
        return {f.resolve(): f.read_bytes() for f in inputs.iterdir() if f.is_file() and not f.is_symlink()}
    for case in range(80):
        command = rng.choice(OUTPUT_COMMANDS)
        out = rng.choice(OUTPUT_TARGETS).format(**names)
        out = out if out.startswith("/") else str(inputs / out)
        argv = [a.format(out=out, **names) for a in command]
        argv += rng.choice([[], [], ["--force"], ["--append"]]) if "--record" in argv else []
        read = {Path(names[k]).resolve() for k in names if "{" + k + "}" in command}  # what it reads
        before = files()
        code, _, err = cli_case(f"output case {case} (seed 260101): {argv}", argv)
        codes[code] = codes.get(code, 0) + 1
        target = Path(out).resolve()
        for path, data in before.items():
            now = path.read_bytes() if path.exists() else b""
            if now == data:
                continue
            label = f"case {case}: {argv} changed {path.name}\n{err}"
            assert path == target and path not in read, label  # only the output, never an input
            replaced = "--record" not in argv and path.suffix in (".yaml", ".svg")  # a position or picture
            assert replaced or "--force" in argv or ("--append" in argv and now.startswith(data)), label
        if code == 0 and "--record" in argv:
            assert cli(["replay", out])[0] == 0, f"case {case}: the record of {argv} does not replay"
    assert codes.get(2, 0) > 20 and codes.get(0, 0) > 5, codes


# --- records carry what their replay needs; a damaged line spoils only its own game ---------------
RECORD_GAMES = [("tic-tac-toe", []), ("alak", []), ("pente", ["Board Size/9x9"]), ("hex", []), ("loupe", [])]


def test_generated_records_replay_whatever_their_limit_start_and_damage(tmp_path):
    rng = random.Random(260201)
    for case in range(14):
        name, options = rng.choice(RECORD_GAMES)
        path = tmp_path / f"r{case}.jsonl"
        argv = ["run", name, "-n", str(rng.randint(1, 3)), "--seed", str(case), "--record", str(path)]
        argv += [x for o in options for x in ("--option", o)]
        if rng.random() < 0.6:
            argv += ["--max-plies", str(rng.choice([1, 2, 5, 40, 301, 100000]))]
        if rng.random() < 0.4:
            argv[0:1] = ["match"]
            argv[2:4] = ["--games", argv[3]]
            argv += ["--agents", "random", "random"]
        cli_case(f"record case {case} (seed 260201): {argv}", argv, allowed=(0,))
        code, out, err = cli_case(f"replay of record case {case}: {argv}", ["replay", str(path)], allowed=(0,))
        # the last write cut short anywhere: the games before it still replay, one by one
        data = path.read_bytes()
        lines = data.count(b"\n")
        last = data[:-1].rfind(b"\n") + 1  # where the last game's line starts
        cut = rng.randrange(last, len(data))
        path.write_bytes(data[:cut])
        for number in range(1, lines):
            cli_case(f"game {number} of cut record {case}", ["replay", str(path), "--game", str(number)], allowed=(0,))
        code, _, err = cli_case(f"whole cut record {case}", ["replay", str(path)], allowed=(0, 2))
        whole = cut in (last, len(data) - 1)  # a line boundary, or only the last newline lost
        if lines > 1 or whole:
            assert code == (0 if whole else 2), f"record case {case} cut at {cut}: exit {code}\n{err}"
            assert whole or "damaged line" in err


# --- labels: whatever a description calls its sites, every legal move reads back as itself -------
LABEL_PIECES = ["a", "b", "A1", "x", "xa", "xA1", "x:y", "a:Disc1", "b/2", "1", "2", "-1", "pass", "PASS", "Disc1",
                "1@a", "é", "z9", "B1", "b1", "c", "d", "e", "f", "g", "h", "xb", "choose-x", "12", "x12"]


def _label_game(labels: list[str]) -> str:
    quoted = " ".join(f'"{label}"' for label in labels)
    return (f'(game "L" (players 2) (equipment {{(board (square 3) labels:{{{quoted}}}) (piece "Disc" Each)}}) '
            '(rules (play (or (move Add (to (sites Empty))) (move Remove (sites Occupied by:Next)))) '
            '(end (if (is Line 3) (result Mover Win)))))')


def test_generated_labels_are_refused_or_every_move_reads_back():
    rng = random.Random(260301)
    outcomes: dict[str, int] = {}

    def play(text: str) -> None:
        state = load(text).initial_state()
        for _ in range(8):
            if state.is_over():
                break
            legal = state.legal_moves()
            for move in legal:
                assert state.parse_move(str(move)) == move, f"{move} does not read back"
            state.apply(str(rng.choice(legal)))
    for case in range(80):
        labels = [rng.choice(LABEL_PIECES) if rng.random() < 0.3 else f"s{i}" for i in range(9)]
        text = _label_game(labels)
        kind = run_case(f"label case {case} (seed 260301): {labels}", lambda: play(text))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("ok", 0) > 5 and outcomes.get("BindError", 0) > 20, outcomes


# --- copies: copy, deepcopy and pickle of any state are independent and equal --------------------
def test_generated_copies_of_states_are_independent_and_equal():
    import copy
    import pickle
    rng = random.Random(260401)
    games = [load(name, options=options) for name, options in RECORD_GAMES]

    def check(game) -> None:
        state = game.initial_state()
        for _ in range(rng.randint(0, 25)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
        before = state.snapshot()
        for make in (copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))):
            other = make(state)
            assert other.snapshot() == before and [str(m) for m in other.history] == [str(m) for m in state.history]
            if not other.is_over():
                other.apply(rng.choice(other.legal_moves()))
            assert state.snapshot() == before
    for case in range(25):
        game = rng.choice(games)
        assert run_case(f"copy case {case} of {game.name} (seed 260401)", lambda: check(game)) == "ok"


# --- hangs and unbounded memory: work per step bounded by the board and the declared ranges ----
# (each case also runs under the time limit and the module's memory limit)
def _counting(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of ``module.name`` (a bound on the work, measured as a count, not a time)."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)
    return calls


MANCALA = ('(game "M" (players 2) (equipment {{(mancalaBoard 2 {cols} {{(track "Track" "1,E,N,W" loop:True)}}) '
           '(piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))}}) '
           '(rules (start (set Count {seeds} to:(sites Track))) (play (move Select (from (sites Mover) '
           'if:(> (count at:(from)) 0)) (then (sow {sow})))) (end (if (no Moves Mover) (result Mover Loss)))))')


def test_generated_sowings_of_many_seeds_do_work_bounded_by_the_track():
    rng = random.Random(260501)
    for case in range(16):
        cols = rng.choice([2, 3, 6, 9])
        seeds = rng.choice([1, 7, 1000, 99_999, 1_000_000])
        sow = rng.choice(["", "includeSelf:False", "numPerHole:3", "origin:True", "numPerHole:1000000"])
        text = MANCALA.format(cols=cols, seeds=seeds, sow=sow)

        def play() -> None:
            game = load(text)
            state = game.initial_state()
            total = sum(state.arrays["count"])
            for _ in range(6):
                if state.is_over():
                    break
                before = len(state._log)
                state.apply(rng.choice(state.legal_moves()))
                assert len(state._log) - before < 60 * game.topology.n, "a sowing journaled per seed"
                assert sum(state.arrays["count"]) == total  # sowing keeps every seed
        assert run_case(f"sowing case {case} (seed 260501): {text}", play) == "ok"


def test_grown_regions_stop_when_nothing_new_is_reached(monkeypatch):
    from interpreter.engine import topology
    calls = _counting(monkeypatch, topology.Topology, "neighbours_of")
    text = ('(game "E" (players 2) (equipment {(board (square 9)) (piece "D" Each)}) (rules (play (move Add '
            '(to (expand (sites Centre) steps:(* 1000 1000000))))) (end (if (is Full) (result All Draw)))))')
    state = load(text).initial_state()
    assert run_case("expand by a billion steps", lambda: state.legal_moves()) == "ok"
    assert len(state.legal_moves()) == 81 and calls[0] <= 2 * 81


def _dense_graph(side: int, reach: float) -> str:
    points = [(x, y) for y in range(side) for x in range(side)]
    edges = [(i, j) for i, (x, y) in enumerate(points) for j, (u, v) in enumerate(points)
             if i < j and (x - u) ** 2 + (y - v) ** 2 <= reach]
    vertices = " ".join(f"{{{x} {y}}}" for x, y in points)
    return f"(graph vertices:{{{vertices}}} edges:{{{' '.join(f'{{{a} {b}}}' for a, b in edges)}}})"


@pytest.mark.parametrize("board, use", [
    (_dense_graph(9, 5), "Cell"),  # 81 vertices, crossing edges: hundreds of cells, dozens of neighbours each
    (_dense_graph(12, 2), "Vertex"),
    ("(merge {" + " ".join(f"(shift {3 * (k % 15)} {3 * (k // 15)} (square 2))" for k in range(150)) + "})", "Cell"),
])
def test_dense_and_merged_boards_load_with_work_near_linear_in_their_size(board, use, monkeypatch):
    from interpreter.engine.boards import regions, trajectories
    pip = _counting(monkeypatch, regions, "point_in_polygon")
    bends = _counting(monkeypatch, trajectories, "_least_bend")
    text = (f'(game "B" (players 2) (equipment {{(board {board} use:{use}) (piece "D" Each)}}) '
            "(rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))")
    game = {}
    assert run_case(f"board {board[:60]}", lambda: game.setdefault("g", load(text))) == "ok"
    topo = game["g"].topology
    links = sum(len(t) for t in topo.neighbours["All"]) + topo.n
    assert pip[0] <= 20 * (topo.n + links), (pip[0], topo.n)
    assert bends[0] <= 40 * links, (bends[0], links)


def test_a_long_line_of_option_values_is_parsed_in_linear_time(monkeypatch):
    from interpreter.syntax import parser
    lark = parser._lark()
    handed = [0]
    real = lark.parse

    def parse(text, *args, **kwargs):
        handed[0] += len(text)
        return real(text, *args, **kwargs)
    monkeypatch.setattr(lark, "parse", parse)
    items = " ".join(f'(item "i{k}" <{k % 5 + 2}>)' for k in range(3000))
    text = (f'(option "Size" <S> {{{items}}})\n(game "G" (players 2) (equipment {{(board (square <S>)) '
            '(piece "D" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))')
    assert run_case("3000 option items on one line", lambda: parser.parse(text, "<t>")) == "ok"
    assert handed[0] <= 3 * len(text)  # each value handed to the parser once, not padded to its column


def test_the_compiled_tier_never_sizes_its_arrays_by_an_unchecked_number():
    """A line longer than the board (the retired batch path allocated by it): the compiled
    tier's tables depend on the board only (and such a game plays to its end: below)."""
    from interpreter.native import api as native
    rng = random.Random(260601)
    sizes: dict[int, set[int]] = {}
    for case in range(10):
        size, length = rng.choice([3, 10, 30]), rng.choice([1, 3, 50, 200, 9000, 10000])
        text = (f'(game "B" (players 2) (equipment {{(board (square {size})) (piece "D" Each)}}) '
                f"(rules (play (move Add (to (sites Empty)))) (end (if (is Line {length}) (result Mover Win)))))")

        def generate() -> None:
            form = native.compiled_form(load(text))
            assert not isinstance(form, Exception), form
            sizes.setdefault(size, set()).add(sum(t.size for t in form.tables) + form.layout.size)
        assert run_case(f"compiled case {case}: square {size}, line {length}", generate) == "ok"
    assert all(len(found) == 1 for found in sizes.values()), sizes  # the same whatever the length


@pytest.mark.heavy  # a module to compile (numba): seconds of CPU
def test_a_line_longer_than_the_board_plays_to_its_end_on_the_compiled_tier():
    from interpreter.native import api as native
    game = load('(game "B" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) '
                "(rules (play (move Add (to (sites Empty)))) (end (if (is Line 9000) (result Mover Win)))))")
    compiled = native.native_game(game)
    assert compiled is not None
    from interpreter.native.conformance import compare_game
    for seed in range(3):  # ply by ply as the reference engine, to the end
        assert compare_game(game, compiled, seed) is None
    played = compiled.playouts(4, 1)
    assert len(played) == 4 and not played.winners.any() and (played.plies >= 9).all()


# --- internal errors where a clear answer is due --------------------------------------------------
EFFECTS = ["(surround (from (last To)) Orthogonal)", "(intervene (from (last To)) Orthogonal)", "(set Counter)",
           "(set Pending)", "(remove (last To))", "(addScore Mover 1)", "(moveAgain)", "(set Var 3)",
           '(promote (last To) (piece "Disc") Mover)', "(custodial (from (last To)) Orthogonal)"]
PARENTS = ["{X}", "(or {X} (move Pass))", "(and {X} (move Pass))", "(priority {X} (move Pass))",
           "(if (is Even (count Moves)) {X} (move Pass))", "(forEach Site (sites Board) {X})",
           "(move Add (to (sites Empty)) (then {X}))", "(move Add (to (sites Empty)) (then (priority {X} {Y})))",
           "(move Add (to (sites Empty)) (then (or {X} {Y})))", "(move Add (to (sites Empty)) (then (if True {X} {Y})))",
           "(move Add (to (sites Empty)) (then (forEach Site (sites Occupied by:Next) {X})))"]


def test_generated_effects_in_every_parent_compile_or_are_refused_where_they_stand():
    rng = random.Random(260701)
    outcomes: dict[str, int] = {}
    for case in range(60):
        play = rng.choice(PARENTS).replace("{X}", rng.choice(EFFECTS)).replace("{Y}", rng.choice(EFFECTS))
        text = ('(game "G" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)}) '
                f"(rules (play {play}) (end (if (is Line 3) (result Mover Win)))))")
        kind = run_case(f"effect case {case} (seed 260701): {play}", lambda: load_and_play(text, random.Random(case)))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    # an effect where a player chooses is a move of its own (Ludii's effects are moves); one that
    # cannot be told apart from its twin is refused with a located error, never a crash
    assert set(outcomes) <= {"ok", "BindError", "LudError"} and outcomes.get("ok", 0) > 40, outcomes


def _sample(pattern: str) -> list[Path]:
    folder = ROOT.parent / "shared" / "ludii-sample"
    return sorted(folder.glob(pattern)) if folder.is_dir() else []


MANCALA_FILES = _sample("*__sow__*.lud")


@pytest.mark.skipif(not MANCALA_FILES, reason="Ludii's sample is not beside the repository")
def test_concepts_compare_and_openspiel_read_every_mancala_board():
    from interpreter.openspiel import SpielGame
    rng = random.Random(260801)
    for case, path in enumerate(rng.sample(MANCALA_FILES, min(5, len(MANCALA_FILES)))):
        # 3: a file right by Ludii's language that calls a ludeme not supported yet
        cli_case(f"concepts of {path.name}", ["concepts", str(path), "-n", "1", "--format", "json"],
                 allowed=(0, 2, 3))

        def spiel() -> None:
            state = SpielGame(load(str(path))).new_initial_state()
            for _ in range(10):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
        assert run_case(f"OpenSpiel on {path.name}", spiel) in ("ok", "BindError", "LudError", "UnsupportedLudeme")
    cli_case("compare of two mancala files", ["compare", str(MANCALA_FILES[0]), str(MANCALA_FILES[-1]), "-n", "1"])


OPERATORS = ["(scale {a} {s})", "(scale {a} {b} {s})", "(shift {a} {b} {s})", "(skew {a} {s})", "(rotate {a} {s})",
             "(merge {s} (shift {a} {b} {s}))", "(subdivide {s})", "(dual {s})", "(complete {s})",
             "(remove {s} cells:{{0}})", "(hole {s} (poly {{{{0 0}} {{1 0}} {{1 1}}}}))"]
SHAPES = ["(square 3)", "(hex 2)", "(tri 3)", "(rectangle 2 3)", "(concentric {1 4 8})", "(regular 5)", "(wedge 3)"]
FACTORS = ["0", "0.01", "-0.01", "1", "100", "-100", "10000", "-10000", "360", "1e-2", "99.99", "0.5"]


def _operated(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(SHAPES)
    return rng.choice(OPERATORS).format(a=rng.choice(FACTORS), b=rng.choice(FACTORS), s=_operated(rng, depth - 1))


def test_generated_board_operators_with_degenerate_arguments_build_or_are_refused():
    rng = random.Random(260901)
    outcomes: dict[str, int] = {}
    for case in range(50):
        board = _operated(rng, rng.randint(1, 4))
        use = rng.choice(["Cell", "Vertex"])
        text = (f'(game "B" (players 2) (equipment {{(board {board} use:{use}) (piece "D" Each)}}) '
                "(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))")
        kind = run_case(f"operator case {case} (seed 260901): {board} use:{use}", lambda: load(text))
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("ok", 0) > 15 and outcomes.get("BindError", 0) > 5, outcomes


AGENT_SPECS = ["mcts:seconds=1e-9", "mcts:seconds=1e-6,iterations=1", "mcts:iterations=1,playout=1", "flat:seconds=1e-9",
               "flat:iterations=1", "alphabeta:seconds=1e-9", "alphabeta:depth=1", "mcts:c=0,iterations=2", "random"]


def test_generated_agent_budgets_always_give_a_legal_move():
    from interpreter.agents import make_agent
    rng = random.Random(261001)
    games = [load(name, options=options) for name, options in RECORD_GAMES[:4]]
    for case in range(30):
        game, spec = rng.choice(games), rng.choice(AGENT_SPECS)

        def decide() -> None:
            state = game.initial_state()
            agent = make_agent(spec, case)
            for _ in range(3):
                if state.is_over():
                    break
                state.apply(agent.choose(state))
        assert run_case(f"agent case {case} (seed 261001): {spec} on {game.name}", decide) == "ok"


def test_openspiel_actions_of_every_kind_or_illegal_moves():
    from interpreter.errors import IllegalMoveError
    from interpreter.openspiel import SpielGame
    rng = random.Random(261101)
    for name, options in RECORD_GAMES:
        spiel = SpielGame(load(name, options=options))
        state = spiel.new_initial_state()
        for case in range(20):
            if state.is_terminal():
                state = spiel.new_initial_state()
            action = rng.choice(state.legal_actions()) if rng.random() < 0.6 else rng.randrange(spiel.num_distinct_actions())
            try:
                state.apply_action(action)
            except IllegalMoveError:
                assert action not in state.legal_actions()


# --- processes and resources: no worker left alive, one --jobs bound, no waiting on a pipe -----------
POOL_COMMANDS = [["match", "alak", "--agents", "random", "random", "--games"],
                 ["compare", "alak", "tic-tac-toe", "--playouts"],
                 ["concepts", "alak", "--playouts"]]  # each followed by how many games


def _live_children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _poll(predicate, seconds: float) -> bool:
    """Wait for ``predicate`` at most ``seconds`` (a bound on waiting, not a measure of speed)."""
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end and not predicate():
        time.sleep(0.1)
    return predicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_generated_signals_leave_no_worker_alive(tmp_path):
    import subprocess
    import time
    rng = random.Random(261201)
    for case in range(3):
        command, how = POOL_COMMANDS[case], rng.choice([signal.SIGTERM, signal.SIGKILL])
        with open(tmp_path / f"err{case}.txt", "w") as log:
            process = subprocess.Popen([sys.executable, "-m", "interpreter", *command, "100000", "--jobs", "2"],
                                       stdout=subprocess.DEVNULL, stderr=log)
        workers: list[int] = []
        try:
            assert _poll(lambda: len(_live_children(process.pid)) >= 2, 120), f"{command}: no workers"
            workers = _live_children(process.pid)
            time.sleep(rng.random())  # at some moment of the work
            process.send_signal(how)
            process.wait(timeout=60)
            assert _poll(lambda: not any(_alive(w) for w in workers), 60), f"{command} {how!r}: workers left"
        finally:
            for w in workers:
                if _alive(w):
                    os.kill(w, signal.SIGKILL)
            if process.poll() is None:
                process.kill()


def test_generated_jobs_are_bounded_by_the_cores_for_every_command():
    from interpreter.workers import max_jobs
    rng = random.Random(261301)
    for case in range(12):
        jobs = rng.choice([0, -1, 1, 2, max_jobs(), max_jobs() + 1, 64, 300, 10 ** 6])
        argv = rng.choice(POOL_COMMANDS) + ["2", "--jobs", str(jobs)]
        code, _, err = cli_case(f"jobs case {case}: {argv}", argv)
        assert code == (0 if 1 <= jobs <= max_jobs() else 2), (jobs, err)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_generated_files_that_are_not_regular_are_refused_at_once(tmp_path):
    for name in ("p.lud", "p.yaml", "p.jsonl", "p.def"):
        os.mkfifo(tmp_path / name)
    (tmp_path / "d.lud").mkdir()
    oddities = [str(tmp_path / "p.lud"), str(tmp_path / "d.lud"), "/dev/zero", "/dev/null"]
    rng = random.Random(261401)
    templates = [["check", "{f}"], ["run", "{f}", "-n", "1"], ["info", "tic-tac-toe", "--position", "{y}"],
                 ["apply", "tic-tac-toe", "--position", "{y}"], ["replay", "{j}"], ["fmt", "--check", "{f}"],
                 ["check", "tic-tac-toe", "--defines", "{d}"], ["trace", "tic-tac-toe", "--position", "{y}"]]
    for case in range(16):
        argv = [a.format(f=rng.choice(oddities), y=rng.choice([str(tmp_path / "p.yaml"), "/dev/zero"]),
                         j=rng.choice([str(tmp_path / "p.jsonl"), "/dev/zero"]), d=str(tmp_path / "p.def"))
                for a in rng.choice(templates)]
        code, out, err = cli_case(f"file case {case} (seed 261401): {argv}", argv, allowed=(2,))


# --- nonsense accepted without a word: refused where it is written --------------------------------
NONSENSE = [  # (a place in a small game, a value that makes no sense there)
    ("(start (set Count {v} to:(sites Board)))", ["-4", "-1", "2000000000"]),
    ("(play (move Add (to (sites Empty)) (then (sow numPerHole:{v}))))", ["0", "-2"]),
    ("(play (move Add (to (sites Empty)) (then (fromTo (from (last To)) (to (last To)) count:{v}))))", ["0", "-6"]),
    # a negative ring count is Ludii's ring of points not joined around: only a count past the range is nonsense
    ("(equipment {{(board (concentric {{{v} -5}})) (piece \"D\" Each)}})", ["2000", "-2000"]),
    ("(play (move Add (to (sites {{(coord \"{v}\")}}))))", ["Q17", "A9", "Z1"]),
    ("(play (move Add (to (sites Row {v}))))", ["99", "3", "-1"]),
    ("(play (move Add (to (sites Column {v}))))", ["7", "-2"]),
    ("(play (move Add (to (expand (sites Centre) steps:{v}))))", ["-1", "2000000000"]),
    ("(end (if (is Line {v}) (result Mover Win)))", ["0", "-3", "20000"]),
    ("(equipment {{(board (scale {v} (square 3))) (piece \"D\" Each)}})", ["0", "-1", "1000"]),
    ("(equipment {{(board (square {v})) (piece \"D\" Each)}})", ["0", "-3", "101"]),
    ("(equipment {{(board (square 3)) (piece \"D\" Each) (dice d:{v} num:1)}})", ["0", "65"]),
]
NONSENSE_GAME = {"equipment": '(equipment {(board (square 3)) (piece "D" Each)})', "start": "",
                 "play": "(play (move Add (to (sites Empty))))", "end": "(end (if (is Full) (result All Draw)))"}


def test_generated_nonsense_numbers_and_regions_are_located_errors():
    rng = random.Random(261501)
    for case in range(40):
        place, values = rng.choice(NONSENSE)
        value = rng.choice(values)
        part = place.format(v=value)
        key = part[1:].split(" ", 1)[0]
        pieces = dict(NONSENSE_GAME, **{key: part})
        text = f'(game "N" (players 2) {pieces["equipment"]} (rules {pieces["start"]} {pieces["play"]} {pieces["end"]}))'
        with time_limit(CASE_SECONDS, part):
            with pytest.raises(LudError) as info:
                load(text)
        err = info.value
        assert err.span is not None and text[err.span.col - 1:].startswith(("(", value, f'"{value}"')), \
            f"case {case} (seed 261501): {part}: {err.render()}"


NONSENSE_DEFINES = ['(define "D" (is Line #5)) ', '(define "D" (f #1 #3)) ', '(define "D" (f "#2")) ']
NONSENSE_METADATA = ["(player Colour P3 (colour Red))", "(player Colour P1 (colour 256 0 0))",
                     "(player Colour P2 (colour 0 0 -1))", "(player Colour P17 (colour Red))"]


def test_generated_nonsense_defines_and_metadata_are_located_errors():
    rng = random.Random(261601)
    for case in range(12):
        define = rng.choice(NONSENSE_DEFINES + [""])
        graphics = rng.choice(NONSENSE_METADATA) if not define or rng.random() < 0.5 else ""
        text = (define + '(game "N" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) (rules (play '
                '(move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))'
                + (f" (metadata (graphics {{{graphics}}}))" if graphics else ""))
        if not define and not graphics:
            continue
        with pytest.raises(LudError) as info:
            load(text)
        assert info.value.span is not None, f"case {case}: {text}: {info.value.message}"


def test_generated_nonsense_positions_are_position_errors():
    import yaml

    from interpreter.engine.position import PositionError
    rng = random.Random(261701)
    ttt, drs = load("tic-tac-toe"), load("double-run-stone")
    mancala = load(MANCALA.format(cols=3, seeds=2, sow=""))
    cases = [
        (ttt, {"result": {"winners": [1], "reason": "fake"}}), (ttt, {"result": {"winners": [2]}, "ply": 1}),
        (ttt, {"passes": 2}), (ttt, {"turn_moves": 5, "ply": 1}), (ttt, {"ply": 3, "turn_moves": 1, "mover": 2,
                                                              "last": {"to": "A1", "mover": 1}}),
        (drs, {"hands": {"1Dot1": 6}}), (drs, {"hands": {"3Dot2": 400}}), (drs, {"pieces": {"A1": "1Dot1", "B1": "1Dot1"},
                                                                                  "hands": {"1Dot1": 4}}),
        (mancala, {"vars": "negative"}), (mancala, {"vars": "empty site"}),
    ]
    for case in range(len(cases) * 2):
        game, change = cases[case % len(cases)]
        data = yaml.safe_load(game.initial_state().to_text())
        if change.get("vars") == "negative":
            data["vars"]["count"][rng.randrange(game.topology.n)] = -rng.randint(1, 9)
        elif change.get("vars") == "empty site":
            empty = [i for i in range(game.topology.n) if data["vars"]["count"][i] == 0]
            data["vars"]["count"][rng.choice(empty)] = rng.randint(1, 9)
        else:
            data.update(change)
        text = yaml.safe_dump(data)
        with pytest.raises(PositionError):
            game.state_from_text(text)


# --- declared ranges: a number just outside a parameter's range is refused where it is written --------
def test_generated_numbers_around_every_declared_range_bind_or_are_refused_at_the_number():
    from conftest import ranged_numbers
    from interpreter.bind import bind
    from interpreter.syntax.parser import parse
    rng = random.Random(261801)
    uses = [(example, item, param.range) for example, item, param in ranged_numbers()]
    assert len(uses) > 100
    for case in range(120):
        example, item, bounds = rng.choice(uses)
        value = int(rng.choice([bounds.lo - 1, bounds.lo, bounds.hi, bounds.hi + 1, bounds.lo - 1000, bounds.hi * 2]))
        if not -(2 ** 31) <= value < 2 ** 31:
            continue
        col = item.span.col
        text = example[:col - 1] + str(value) + example[col - 1 + len(str(item.value)):]
        try:
            bind(parse(text, "<e>").forms[0])
        except LudError as err:
            inside = bounds.lo <= value <= bounds.hi
            assert inside or (err.span.col == col and "out of its range" in err.message), \
                f"case {case} (seed 261801): {text}: {err.message}"
            continue
        assert bounds.lo <= value <= bounds.hi, f"case {case}: {text} bound with {value} outside {bounds}"
