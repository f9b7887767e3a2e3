"""Position texts are data from anywhere: every field is checked against the game before use.

Each case says what was wrong and where, as a PositionError (a LudError: exit 2 at the command
line), never a Python message, a crash later in play, a hang or unbounded memory.
"""

from __future__ import annotations

import pytest
import yaml

from interpreter import LudError, load
from interpreter.cli import main
from interpreter.engine.position import PositionError

NINE = ["Board Size/9x9"]


@pytest.fixture(scope="module")
def pente9():
    return load("pente", options=NINE)


@pytest.fixture(scope="module")
def ttt():
    return load("tic-tac-toe")


def refused(game, text: str) -> str:
    with pytest.raises(PositionError) as err:
        game.state_from_text(text)
    message = err.value.render()
    assert "object has no attribute" not in message and "Traceback" not in message
    return message


# --- YAML itself -------------------------------------------------------------------------------------
BOMB = "\n".join(
    [f'{chr(97)}: &{chr(97)} ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{chr(97 + i)}: &{chr(97 + i)} [" + ",".join([f"*{chr(96 + i)}"] * 9) + "]" for i in range(1, 9)]
)


def test_an_alias_bomb_is_refused_at_once(ttt):
    assert len(BOMB) < 600
    assert "aliases" in refused(ttt, BOMB)  # at the first alias: the bomb is never expanded


def test_aliases_are_refused_even_small_ones(ttt):
    assert "aliases" in refused(ttt, "scores: &s {1: 0}\nlast: *s\n")


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, "a:\n" + "".join(" " * i + "- \n" for i in range(200)),
                                  "{a: " * 3000 + "1" + "}" * 3000])
def test_deep_nesting_is_refused_not_a_recursion_error(ttt, text):
    assert "nested more than" in refused(ttt, text) or "not valid YAML" in refused(ttt, text)


def test_oversized_texts_are_refused(ttt):
    assert "too large" in refused(ttt, "#" * 1_000_001)


def test_a_key_given_twice_is_refused(ttt):
    assert "given twice" in refused(ttt, "mover: 1\nmover: 2\n")


def test_a_number_too_long_to_read_is_refused(ttt):
    assert "too large" in refused(ttt, "scores: {1: " + "9" * 5000 + "}\n")


def test_a_byte_order_mark_is_accepted(ttt):
    assert ttt.state_from_text("\ufeffmover: 2\n").mover == 2


def test_a_position_is_a_text(ttt):
    assert "a text" in refused(ttt, 42)  # type: ignore[arg-type]


# --- the game and its options ------------------------------------------------------------------------
def test_a_position_of_another_game_is_refused(ttt):
    assert "of 'Chess', not of 'Tic-Tac-Toe'" in refused(ttt, "game: Chess\n")


def test_a_position_saved_with_other_options_is_refused_naming_them(pente9):
    text = pente9.initial_state().to_text()
    big = load("pente")
    message = refused(big, text)
    assert "Board Size/9x9 (this game: Board Size/19x19)" in message
    assert "saved with the options Board Size/9x9" in message


def test_unknown_saved_options_are_refused(ttt):
    assert "no such option here" in refused(ttt, "options: [Board Size/9x9]\n")


def test_cli_refuses_a_position_with_other_options(tmp_path, capsys, pente9):
    path = tmp_path / "nine.yaml"
    state = pente9.initial_state()
    state.apply("E5")
    path.write_text(state.to_text())
    assert main(["apply", "pente", "--position", str(path), "--moves", "A1"]) == 0  # its own options
    capsys.readouterr()
    assert main(["apply", "pente", "--option", "Board Size/19x19", "--position", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Board Size/9x9" in err and "Traceback" not in err


def test_cli_refuses_a_position_of_another_game(tmp_path, capsys):
    path = tmp_path / "chess.yaml"
    path.write_text("game: Chess\nmover: 1\n")
    assert main(["apply", "tic-tac-toe", "--position", str(path)]) == 2
    assert "of 'Chess', not of 'Tic-Tac-Toe'" in capsys.readouterr().err


def test_cli_reports_bad_saved_options_as_the_positions(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("options: [Board Size/99x99]\n")
    assert main(["apply", "pente", "--position", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the options saved in the position" in err and "99x99" in err


# --- every field against the game -------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("scores: {99: 7}\n", "scores: a key: expected a player number from 1 to 2, got the number 99"),
    ("scores: {0: 7}\n", "scores: a key: expected a player number"),
    ("scores: {-1: 7}\n", "scores: a key: expected a player number"),
    ("scores: {true: 7}\n", "got the boolean true"),
    ("scores: {1: 2147483648}\n", "scores: 1: expected a 32-bit whole number"),
    ("scores: {1: x}\n", "scores: 1: expected a 32-bit whole number"),
    ("scores: [1, 2]\n", "scores: expected a mapping, got a list"),
    ("vars: {mover: 99}\n", "'mover' is not a variable of this game"),
    ("vars: {what: null}\n", "'what' is not a variable of this game"),
    ("mover: true\n", "mover: expected a player number from 1 to 2, got the boolean true"),
    ("mover: 1.9\n", "mover: expected a player number from 1 to 2, got the number 1.9"),
    ("mover: 0\n", "mover: expected a player number"),
    ("mover: '1'\n", "mover: expected a player number"),
    ("ply: -1\n", "ply: expected a whole number from 0"),
    ("passes: 9\n", "passes: expected a whole number from 0 to 2"),
    ("move_again: 1\n", "move_again: expected true or false"),
    ("phase: [1]\n", "phase: expected a phase name"),
    ("last: [1, 2]\n", "last: expected a mapping"),
    ("last: {to: Z9}\n", "last: to: no site 'Z9'"),
    ("last: {to: [1]}\n", "last: to: expected a site label"),
    ("last: {mover: 3}\n", "last: mover: expected a player number (0 for nobody) from 0 to 2"),
    ("last: {when: 1}\n", "last: unknown key 'when'"),
    ("pieces: {A1: Disc1, a1: Disc2}\n", "site A1 is given twice"),
    ("pieces: {A1: 7}\n", "pieces: A1: expected a piece name"),
    ("pieces: {A1: Rook}\n", "no piece 'Rook'"),
    ("pieces: [A1]\n", "pieces: expected a mapping"),
    ("pieces: {A1: Disc1}\nboard: 'x'\n", "not both"),
    ("result: {winners: [3]}\n", "result: winners: expected a player number"),
    ("result: {winners: [0]}\n", "result: winners: expected a player number"),
    ("result: {winners: [1], losers: [1]}\n", "P1 is both a winner and a loser"),
    ("result: {winners: [1, 1]}\n", "listed twice"),
    ("result: {winners: [1], draw: true}\n", "a draw has no winners"),
    ("result: {winners: 1}\n", "result: winners: expected a list"),
    ("result: {draw: maybe}\n", "result: draw: expected true or false"),
    ("result: {reason: [1]}\n", "result: reason: expected a text"),
    ("result: [1]\n", "result: expected a mapping"),
    ("game: [x]\n", "game: expected the game's name"),
    ("options: Board Size/9x9\n", "options: expected a list"),
    ("- 1\n", "a position is a mapping"),
    ("board: 7\n", "board: expected a picture of the board"),
])
def test_every_field_is_checked_against_the_game(ttt, text, message):
    assert message in refused(ttt, text)


@pytest.mark.parametrize("picture, message", [
    ("3 . . .\n2 . x\n1 . . .", "2 symbols where row 2 has 3 sites"),
    ("3 . . .\n2 . x . .\n1 . . .", "4 symbols where row 2 has 3 sites"),
    ("3 . . .\n3 . x .\n1 . . .", "row 3 is given twice"),
    ("3 . . .\n1 . . .", "row 2 is missing"),
    ("4 . . .\n3 . . .\n2 . . .\n1 . . .", "there is no row 4"),
    ("3 . . .\n2 . q .\n1 . . .", "unexpected 'q' at B2"),
    ("3 . . .\nhello\n2 . . .\n1 . . .", "'hello' is not a row of the board"),
    ("3 . . . 3\n2 . x . 2\n1 . . . 1\n  A B C", None),
    ("3 ...\n2 .x.\n1 ...", None),
])
def test_board_pictures_must_match_the_board(ttt, picture, message):
    text = "board: |\n" + "\n".join("  " + line for line in picture.splitlines()) + "\n"
    if message is None:
        assert ttt.state_from_text(text).who.count(1) == picture.count("x")
    else:
        assert message in refused(ttt, text)


def test_one_row_pictures_must_match_the_board():
    alak = load("alak")
    assert "10 symbols where the board has 11 sites" in refused(alak, "board: 'xxxx__oooo_'\n"[:-3] + "'\n")
    assert "one line of 11 slots" in refused(alak, "board: |\n  xxxx___oooo\n  xxxx___oooo\n")


# --- positions that are already over ------------------------------------------------------------------
# P2's pass after P1's: every player passed on their latest turn (Ludii's allPass)
PASSED = "ply: 2\nlast: {mover: 2}\nmover: 1\npassing: {turn_start: 1, turn_passed: true, pass_turns: 1}\n"

@pytest.mark.parametrize("text, message, result", [
    ("board: |\n  3 . . .\n  2 o o .\n  1 x x x\nlast: {to: C1, mover: 1}\nmover: 2\n", "P1 the win",
     "{winners: [1], reason: rule}"),
    (PASSED, "every player passed", "{draw: true, reason: all players passed}"),
    ("ply: 10000\n", "the turn limit (10000 plies)", "{draw: true, termination: turn limit}"),
    ("ply: 2499\nturns: 2500\n", "the turn limit (2500 turns)", "{draw: true, termination: turn limit}"),
])
def test_a_position_over_by_the_rules_must_say_so(ttt, text, message, result):
    assert message in refused(ttt, text)
    over = ttt.state_from_text(text + f"result: {result}\n")
    assert over.is_over() and over.result().winners == ([1] if "winners" in result else [])


@pytest.mark.parametrize("text, message", [
    # a result the rules do not give: the game goes on, or ends otherwise
    ("result: {winners: [1], reason: fake}\n", "P1 winning, but the rules do not end the game here"),
    (PASSED + "result: {winners: [1]}\n", "P1 winning, but the rules give a draw here"),
    ("board: |\n  3 . . .\n  2 o o .\n  1 x x x\nlast: {to: C1, mover: 1}\nmover: 2\nresult: {winners: [2]}\n",
     "P2 winning, but the rules give P1 winning here"),
    # turn counters that play could not reach
    ("ply: 1\npasses: 2\n", "2 passes in a row after 1 plies"),
    ("ply: 2\nturn_moves: 3\n", "3 moves in this turn after 2 plies"),
    ("ply: 4\nturn_moves: 1\nmover: 2\nlast: {to: A1, mover: 1}\n", "but the last move was P1's"),
])
def test_nonsense_results_and_counters_are_refused(ttt, text, message):
    assert message in refused(ttt, text)


def test_nonsense_hands_are_refused():
    game = load("double-run-stone")
    assert "1Dot1: 50 in hand and 0 on the board, but the game has 5 of them" in refused(game, "hands: {1Dot1: 50}\n")
    assert "1Dot1: 5 in hand and 1 on the board" in refused(game, "pieces: {A1: 1Dot1}\nhands: {1Dot1: 5}\n")
    game.state_from_text("pieces: {A1: 1Dot1}\nhands: {1Dot1: 4}\n")  # one placed, four left


def test_a_pente_position_over_by_captures_must_say_so(pente9):
    assert "P1 the win" in refused(pente9, "scores: {1: 10, 2: 0}\nphase: General\n")
    assert not pente9.state_from_text("scores: {1: 8, 2: 0}\nphase: General\n").is_over()


def test_written_positions_read_back_including_finished_games(ttt):
    state = ttt.initial_state()
    for move in ("A1", "A2", "B1", "B2", "C1"):
        state.apply(move)
    assert state.is_over()
    again = ttt.state_from_text(state.to_text())
    assert again.snapshot() == state.snapshot()


def test_position_errors_are_lud_errors():
    assert issubclass(PositionError, LudError)


MANCALA = ('(game "M" (players 2) (equipment {(mancalaBoard 2 3 {(track "Track" "1,E,N,W" loop:True)}) '
           '(piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))}) '
           '(rules (start (set Count 2 to:(sites Track))) (play (move Select (from (sites Mover) '
           'if:(> (count at:(from)) 0)) (then (sow)))) (end (if (no Moves Mover) (result Mover Loss)))))')


def test_nonsense_counts_are_refused():
    game = load(MANCALA)
    data = yaml.safe_load(game.initial_state().to_text())
    counts = data["vars"]["count"]
    negative = dict(data, vars={**data["vars"], "count": [-3] + counts[1:]})
    assert "-3 pieces on" in refused(game, yaml.safe_dump(negative)) and "at least 0" in refused(game, yaml.safe_dump(negative))
    empty = next(site for site, n in enumerate(counts) if n == 0 and site < game.topology.n)  # a store
    extra = list(counts)
    extra[empty] = 7
    where = game.topology.labels[empty]
    assert f"7 pieces counted on {where}, where no piece is" in refused(
        game, yaml.safe_dump(dict(data, vars={**data["vars"], "count": extra})))


PASSING = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
           '(rules (play (or (move Add (to (sites Empty))) (move Pass))) (end (if (all Passed) (result Mover Win)))))')


@pytest.mark.parametrize("head", ["", "ply: 5\nturns: 5\n"])
def test_passes_say_the_latest_turns_were_passes(head):
    """``passes: N`` without ``passing:``: the latest N turns were passes, so (all Passed) holds
    once the mover passes after one pass, and not after none (with or without the ply)."""
    game = load(PASSING)
    board = "pieces: {A1: Disc1, B1: Disc2}\n"
    state = game.state_from_text(f"{head}mover: 2\npasses: 1\nlast: {{mover: 1}}\n{board}")
    state.apply("pass")
    assert state.result().winners == [2]
    state = game.state_from_text(f"{head}mover: 2\npasses: 0\nlast: {{mover: 1}}\n{board}")
    state.apply("pass")
    assert not state.is_over()
    state.apply("pass")
    assert state.result().winners == [1]


def test_a_last_move_from_a_hand_is_written_and_read_back():
    g = load('''(game "FromHand" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each) (hand Each)})
        (rules (start {(place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:2)})
            (play (move (from (handSite Mover)) (to (sites Empty))))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("Hand1-B2")
    text = s.to_text()
    assert "from: Hand1" in text and "to: B2" in text
    back = g.state_from_text(text)
    assert back.last_from == s.last_from and back.to_text() == text
