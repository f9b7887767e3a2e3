"""Dice, tracks and chance as Ludii defines them (``Dice``, ``roll``, ``forEach Die``, ``pips``,
``face``, ``count Pips``, ``all DiceUsed``, ``all DiceEqual``, ``is AnyDie``; ``sites Track``,
``trackSite ...``, ``count StepsOnTrack``, ``firstMoveOnTrack``; ``value Random``, ``sites
Random``, ``random``), in small positions, and Ludii's own games with dice replayed against its
traces (the dice each ply rolled inferred from Ludii's legal moves)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import load
from interpreter.engine import dice
from interpreter.ludii.traces import ludii_texts, replay

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


def game_of(equipment: str, play: str, start: str = "", end: str = "(end (if (no Moves Next) (result Mover Win)))",
            players: int = 2):
    return load(f"""(game "T" (players {players}) (equipment {{ {equipment} }})
        (rules {f"(start {start})" if start else ""} (play {play}) {end}))""")


LINE = '(board (rectangle 1 12) (track "Track" "0,E" directed:True)) (piece "Disc" Each)'


# --- the dice --------------------------------------------------------------------------------------
def test_dice_faces_as_ludii_builds_them():
    g = game_of(f'{LINE} (dice d:4 num:2) (dice d:3 from:0 num:1) (dice facesByDie:{{{{1 2}} {{5 6 7}}}} num:2 P1)',
                "(move Pass)")
    shared, mine = g.dice  # the shared dice are one set (Ludii merges one owner's), P1's another
    assert shared.faces == ((1, 2, 3, 4), (1, 2, 3, 4), (0, 1, 2)) and shared.owner == 3
    assert mine.faces == ((1, 2), (5, 6, 7)) and (mine.owner, mine.first) == (1, 3)
    s = g.initial_state()
    assert s.arrays[dice.DICE] == [1, 1, 0, 1, 5]  # every die on its first face, as Ludii places them


def test_a_roll_rests_each_die_on_a_face_and_undo_takes_it_back():
    g = game_of(f"{LINE} (dice d:6 num:2)",
                "(do (roll) next:(move Add (to (sites Empty)) (then (set Score Mover (count Pips)))))")
    s = g.initial_state()
    before = s.snapshot()
    s.apply(s.legal_moves()[0])
    values = s.arrays[dice.DICE]
    assert all(1 <= v <= 6 for v in values) and s.scores[1] == sum(values)
    assert s.arrays[dice.DICE_EQUAL] == [int(values[0] == values[1])]
    s.undo()
    assert s.snapshot() == before


def test_given_dice_are_the_rolls_of_a_ply():
    g = game_of(f"{LINE} (dice d:6 num:2)",
                "(do (roll) next:(move Add (to (sites {(- (count Pips) 1)}) if:(is Empty (to)))))")
    s = g.initial_state()
    with dice.given(s, (2, 3)):  # faces 3 and 4
        assert [m.text for m in s.legal_moves()] == ["G1"]
        s.apply(s.legal_moves()[0])
    assert s.arrays[dice.DICE] == [3, 4] and dice.pips(s) == 7


def test_a_roll_before_the_moves_rolls_with_the_pass_when_none_is_left():
    # Ludii: with dice, a player without moves passes, and the pass carries the roll
    g = game_of(f"{LINE} (dice d:6 num:1)", "(do (roll) next:(if (= (count Pips) 7) (move Pass)))",
                end="(end (if (> (count Moves) 50) (result Mover Win)))")
    s = g.initial_state()
    with dice.given(s, (4,)):
        (move,) = s.legal_moves()
        assert move.text == "pass"
        s.apply(move)
    assert s.arrays[dice.DICE] == [5]
    for _ in range(6):  # and the players' passes never end a game with dice (Ludii's NotAllPass)
        s.apply(s.legal_moves()[0])
    assert not s.is_over()


# --- forEach Die ----------------------------------------------------------------------------------
FOREACH = f"""{LINE} (dice d:6 num:2)"""
PLAY = """(do (if (not (is Prev Mover)) (roll)) next:(forEach Die if:(!= (pips) 0)
              (move (from (sites Occupied by:Mover)) (to (trackSite Move from:(from) steps:(pips)) if:(is Empty (to))))
              (then (if (not (all DiceUsed)) (moveAgain)))))"""


def test_each_die_moves_and_is_used_up():
    g = game_of(FOREACH, PLAY, start='(place "Disc1" 0)')
    s = g.initial_state()
    with dice.given(s, (1, 4)):  # 2 and 5
        assert sorted(m.text for m in s.legal_moves()) == ["A1-C1", "A1-F1"]
        s.apply(s.parse_move("A1-C1"))
    assert s.arrays[dice.DICE] == [0, 5] and s.mover == 1  # the 2 is used; the mover goes on
    assert [m.text for m in s.legal_moves()] == ["C1-H1"]
    s.apply("C1-H1")
    assert s.arrays[dice.DICE] == [0, 0] and s.mover == 2


def test_two_dice_of_one_value_make_two_moves_read_apart():
    g = game_of(FOREACH, PLAY, start='(place "Disc1" 0)')
    s = g.initial_state()
    with dice.given(s, (2, 2)):
        legal = s.legal_moves()
        assert sorted(m.text for m in legal) == ["A1-D1", "A1-D1/2"]  # Ludii lists both (each die)
        assert ludii_texts(s, legal) == ["A1-D1", "A1-D1"]
        s.apply(s.parse_move("A1-D1/2"))
    assert s.arrays[dice.DICE] == [3, 0]


def test_combined_dice_move_by_their_sum():
    g = game_of(FOREACH, PLAY.replace("(forEach Die if:", "(forEach Die combined:True if:"), start='(place "Disc1" 0)')
    s = g.initial_state()
    with dice.given(s, (0, 2)):  # 1 and 3, and 4 together
        assert sorted(m.text for m in s.legal_moves()) == ["A1-B1", "A1-D1", "A1-E1"]
        s.apply("A1-E1")
    assert s.arrays[dice.DICE] == [0, 0] and s.mover == 2


def test_a_double_is_played_twice_with_replay_double():
    g = game_of(FOREACH, PLAY.replace("(forEach Die if:", "(forEach Die replayDouble:True if:"),
                start='(place "Disc1" 0)')
    s = g.initial_state()
    with dice.given(s, (0, 0)):  # a double 1
        s.apply(s.legal_moves()[0])
    moves = 1
    while s.mover == 1:
        s.apply(s.legal_moves()[0])
        moves += 1
    assert moves == 4 and s.what[4] and s.arrays[dice.TEMP] == [-1]


def test_pips_face_any_die_and_equal_dice():
    g = game_of(f"{LINE} (hand Each size:1) (dice d:6 num:2)",
                "(do (roll) next:(if (and {(is AnyDie 6) (all DiceEqual) (= (face 14) 6) (= (face 15) 6)}) "
                "(move Add (to 3)) (move Add (to 4))))")
    s = g.initial_state()  # the dice's sites follow the board's 12 and the hands' 2: 14 and 15
    with dice.given(s, (5, 5)):
        assert [m.text for m in s.legal_moves()] == ["D1"]
    with dice.given(s, (5, 4)):
        assert [m.text for m in s.legal_moves()] == ["E1"]


def test_count_pips_of_a_players_dice():
    g = game_of(f"{LINE} (dice d:6 num:1 P1) (dice d:6 num:1 P2)",
                "(do (roll) next:(move Add (to (sites {(count Pips Mover)}))))")
    s = g.initial_state()
    with dice.given(s, (1, 4)):  # P1's die shows 2, P2's 5
        assert [m.text for m in s.legal_moves()] == ["C1"]


# --- tracks ----------------------------------------------------------------------------------------
TRACKS = """(board (rectangle 2 4) {(track "Track1" "0,E,N,W" P1 directed:True) (track "Track2" {7 6 5 4 End} P2)})
            (piece "Disc" Each)"""


def test_track_sites_and_parts():
    g = game_of(TRACKS, "(move Add (to (sites Track Mover from:2 to:1)))")
    s = g.initial_state()
    # from site 2 round to site 1 on P1's track 0 1 2 3 7 6 5 4: every site, in site order
    assert [m.to for m in s.legal_moves()] == list(range(8))
    g = game_of(TRACKS, "(move Add (to (sites Track Mover from:3 to:5)))")
    assert [m.to for m in g.initial_state().legal_moves()] == [3, 5, 6, 7]


def test_first_and_end_sites_of_tracks():
    g = game_of(TRACKS, '(move Add (to (sites {(trackSite FirstSite P2 "Track" from:5 if:(is Even (to))) '
                        '(trackSite EndSite P2 "Track")})))')
    assert [m.to for m in g.initial_state().legal_moves()] == [4]  # P2's end is End: no site
    g = game_of(TRACKS, '(move Add (to (sites {(trackSite FirstSite "Track2") (trackSite EndSite)})))')
    assert sorted(m.to for m in g.initial_state().legal_moves()) == [4, 7]


def test_steps_on_a_track():
    g = game_of(TRACKS, "(move Add (to (sites {(count StepsOnTrack 1 6) (count StepsOnTrack P2 4 7)})))")
    # P1's track 0 1 2 3 7 6 5 4: from 1 to 6, 4 steps; P2's 7 6 5 4 End: from 4 past the End
    # and round to 7, 2 (as Ludii counts)
    assert sorted(m.to for m in g.initial_state().legal_moves()) == [2, 4]


def test_first_move_on_a_track():
    g = game_of(TRACKS, '(firstMoveOnTrack "Track1" Mover (if (is Empty (site)) (move Add (to (site)))))',
                start='(place "Disc2" {0 1})')
    assert [m.text for m in g.initial_state().legal_moves()] == ["C1"]


def test_a_track_through_a_hand():
    g = game_of('(board (rectangle 1 4) (track "Track1" {4 0 1 2 3} P1 directed:True)) (piece "Disc" Each) '
                '(hand Each size:1)',
                "(move Add (to (sites {(trackSite Move from:4 steps:2)})))")
    assert [m.text for m in g.initial_state().legal_moves()] == ["B1"]  # 4 is P1's hand: Hand1


# --- chance --------------------------------------------------------------------------------------
def test_random_values_follow_the_position():
    g = game_of(f"{LINE}", "(move Add (to (sites {(value Random (range 2 5))})))", end="(end (if (is Full) (result Mover Draw)))")
    a, b = g.initial_state(), g.initial_state()
    seen = set()
    for _ in range(4):
        move = a.legal_moves()[0]
        assert 2 <= move.to <= 5 or move.text == "pass"  # a site already taken: no move
        seen.add(move.to)
        a.apply(move)
        b.apply(move.text)  # the same moves draw the same values
    assert a.snapshot() == b.snapshot()


def test_random_sites_and_moves():
    g = game_of(f"{LINE}", "(move Add (to (sites Random (sites Empty) num:3)))")
    assert len(g.initial_state().legal_moves()) == 3
    g = game_of(f"{LINE}", "(random {0 1} {(move Add (to 0)) (move Add (to 1))})")
    assert [m.text for m in g.initial_state().legal_moves()] == ["B1"]
    g = game_of(f"{LINE}", "(random (move Add (to (sites Empty))) num:2)")
    assert len(g.initial_state().legal_moves()) in (1, 2)  # two draws, maybe the same move


# --- pieces by number ------------------------------------------------------------------------------
def test_pieces_move_by_number_to_a_hand():
    g = game_of('(board (square 2)) (piece "Bean" Shared) (hand Each)',
                "(move (from (sites Board)) (to (handSite Mover)) count:3)", start='(place "Bean" 0 count:5)',
                end="(end (if (= 0 (count at:0)) (result Mover Win)))")
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["A1-Hand1"]
    s.apply("A1-Hand1")
    assert s.arrays["count"][0] == 2 and s.arrays["count"][4] == 3
    assert ludii_texts(s, s.legal_moves()) == ["Move"]  # Ludii names a move to a hand by its action


# --- Ludii's own games --------------------------------------------------------------------------------
def _trace(name: str) -> dict:
    path = TRACES / f"{name}_seed101.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    return json.loads(path.read_text(encoding="utf-8"))


def test_had_agrees_with_ludiis_game_dice_inferred():
    trace = _trace("board__race__escape__Had")
    done = replay(trace, load(SAMPLE / trace["sample_file"]))  # Ludii's limit: 1,250 turns each
    assert done.agree and not done.random, str(done)
    assert done.rolls == len(trace["plies"])  # every ply rolled, and Ludii's legal moves said the dice


def test_pasa_agrees_with_ludiis_legal_moves():
    # Pasa's moves are all passes: its dice (the scores) cannot be read from Ludii's legal moves,
    # so only the moves are compared, not who reaches 100 first: the replay says so
    trace = _trace("board__race__score__Pasa")
    done = replay(trace, load(SAMPLE / trace["sample_file"]))
    assert done.agree and done.random and done.plies == len(trace["plies"]), str(done)
    assert "the end is not compared" in str(done)
    # a search that stops once its verdict is known (test_ludii_traces): the same verdict
    quick = replay(trace, load(SAMPLE / trace["sample_file"]), verdict_only=True)
    assert (quick.agree, quick.random, quick.plies, str(quick)) == (True, True, done.plies, str(done))


# --- hands on a track -----------------------------------------------------------------------------
UR_LIKE = """(game "UrLike" (players 2)
 (equipment {
   (board (rectangle 3 8) {(track "Track1" "24,0,E,N1,W,End" P1 directed:True)
                           (track "Track2" "25,16,E,S1,W,End" P2 directed:True)})
   (hand Each)
   (dice d:2 from:0 num:4)
   (piece "Disc" Each
     (if (= (trackSite Move steps:(count Pips)) End)
       (move Remove (from))
       (move (from) (to (trackSite Move steps:(count Pips)) if:(not (is Friend (who at:(to))))
         (apply (if (is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next)))))))))})
 (rules (start {(place "Disc1" 24 count:3) (place "Disc2" 25 count:3)})
  (play (do (roll) next:(if (!= (count Pips) 0) (or (forEach Piece) (forEach Piece container:(mover))))))
  (end (if (and (no Pieces Mover) (= 0 (count Cell at:(handSite Mover)))) (result Mover Win)))))"""


def test_pieces_enter_a_track_from_a_hand_and_go_back_when_taken():
    g = load(UR_LIKE)
    s = g.initial_state()  # the hands are sites 24 and 25, at the start of each track
    with dice.given(s, (1, 1, 0, 0)):  # two sticks up: 2
        assert [m.text for m in s.legal_moves()] == ["Hand1-B1"]
        s.apply("Hand1-B1")
    assert s.arrays["hand"][1] == 2 and s.what[1] == 1
    s.place(1, 0)  # put P1's piece where P2's first throw of 3 lands, A3 being P2's first site
    s.place(18, 1)
    with dice.given(s, (1, 1, 1, 0)):
        s.apply("Hand2-C3")
    assert s.arrays["hand"][1] == 3 and s.what[18] == 2  # taken: back in P1's hand


def test_pieces_leave_at_the_end_of_their_track():
    g = load(UR_LIKE)
    s = g.initial_state()
    s.place(8, 1)  # P1's track runs 0-7, then 15-8, then End: from 8 (A2) one step leaves the board
    with dice.given(s, (1, 0, 0, 0)):
        assert sorted(m.text for m in s.legal_moves()) == ["Hand1-A1", "xA2"]


@pytest.mark.parametrize("name", ["board__space__line__Selbia", "board__space__line__Driesticken",
                                  "board__space__line__Ngre E E", "board__war__leaping__orthogonal__Tre Guti"])
def test_games_placing_from_hands_agree_with_ludii(name):
    # (place "Marker" "Hand" count:3), (move (from (handSite Mover)) (to (sites Empty))): a
    # player's pieces in hand are theirs ((no Pieces Next) counts them, as Ludii)
    trace = _trace(name)
    done = replay(trace, load(SAMPLE / trace["sample_file"]))
    assert done.agree, str(done)


def test_a_shared_hand_after_the_players_hands():
    g = load("""(game "T" (players 2) (equipment {(board (square 2)) (piece "Bean" Shared) (hand Each) (hand Shared)})
        (rules (start (place "Bean" (handSite Shared) count:4))
               (play (move (from (handSite Shared)) (to (sites Empty))))
               (end (if (is Full) (result Mover Win)))))""")
    s = g.initial_state()  # sites: the board's 0-3, P1's hand 4, P2's 5, the shared hand 6
    assert s.arrays["count"][6] == 4
    s.apply("HandShared-B2")
    assert s.arrays["count"][6] == 3 and s.what[3]
