"""Dice, board tracks and game variables: descriptions written for the test, in Ludii's words.

``(dice ...)`` rolls from the state's own random sequence, so a position decides its rolls: the
moves listed after ``(do (roll) next:...)`` are those the roll allows, the same roll is made
when one is played, and undo takes it back."""

from __future__ import annotations

import random

from interpreter import load

ROLL_AND_PLACE = """
(game "Roll"
    (players 2)
    (equipment {
        (board (rectangle 1 12))
        (piece "Disc" Each)
        (dice d:6 num:2)
    })
    (rules
        (play (do (roll) next:(move Add (to (sites {(- (count Pips) 1)}) if:(is Empty (to))))))
        (end (if (is Full) (result Mover Win)))
    )
)
"""


def test_the_moves_follow_the_roll_they_make():
    game = load(ROLL_AND_PLACE)
    state = game.initial_state()
    for _ in range(40):
        if state.is_over():
            break
        moves = state.legal_moves()
        move = moves[0]
        state.apply(move)
        if move.text != "pass":
            # the stone went where the dice (rolled by this very move) said
            assert game.topology.labels.index(move.text) == sum(state.arrays["dice"]) - 1
            assert 2 <= sum(state.arrays["dice"]) <= 12
            assert all(1 <= v <= 6 for v in state.arrays["dice"])


def test_rolls_are_decided_by_the_position_and_undone():
    game = load(ROLL_AND_PLACE)
    a, b = game.initial_state(), game.initial_state()
    rng = random.Random(3)
    seen = set()
    for _ in range(20):
        if a.is_over():
            break
        move = rng.choice(a.legal_moves())
        a.apply(move)
        b.apply(move.text)
        assert a.arrays["dice"] == b.arrays["dice"]  # the same moves roll the same dice
        seen.add(tuple(a.arrays["dice"]))
    assert len(seen) > 3  # and the dice do change
    before = a.snapshot()
    if not a.is_over():
        a.apply(a.legal_moves()[0])
        a.undo()
        assert a.snapshot() == before


def test_dice_faces_and_count_pips():
    game = load("""
    (game "Faces" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each) (dice d:4 faces:{1 2 5 6} num:3)})
        (rules (play (move Add (to (sites Empty)) (then (roll (then (addScore Mover (count Pips)))))))
               (end (if (is Full) (byScore)))))
    """)
    state = game.initial_state()
    state.apply("A1")
    assert all(v in (1, 2, 5, 6) for v in state.arrays["dice"]) and len(state.arrays["dice"]) == 3
    assert state.scores[1] == sum(state.arrays["dice"])


def test_board_tracks_follow_ludiis_steps():
    # Had's tracks: "0,E,N1,W,N1,E" on a 3 x 14 board: the bottom row east, one step north,
    # the middle row west, one step north, the top row east
    game = load("""
    (game "Tracks" (players 2)
        (equipment {
            (board (rectangle 3 14) {
                (track "Track1" "0,E,N1,W,N1,E" P1 directed:True)
                (track "Track2" "41,W,S1,E,S1,W" P2 directed:True)
            })
            (piece "Marker" Each)
        })
        (rules (play (move Add (to (sites {(trackSite Move from:0 P1 steps:15)}) if:(is Empty (to)))))
               (end (if (is Full) (result Mover Win)))))
    """)
    one, two = game.tracks
    assert one.sites == tuple(range(14)) + tuple(range(27, 13, -1)) + tuple(range(28, 42))
    assert (one.owner, two.owner, one.looped) == (1, 2, False)
    assert two.sites[:3] == (41, 40, 39) and two.sites[-1] == 0
    state = game.initial_state()
    assert [m.text for m in state.legal_moves()] == [game.topology.labels[26]]  # 15 steps: N2's row


def test_game_variables_are_kept_per_game_and_undone():
    game = load("""
    (game "Vars" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (play (move Add (to (sites Empty)) (then (set Var "Placed" (+ 1 (var "Placed"))))))
               (end (if (= (var "Placed") 3) (result Mover Win)))))
    """)
    state = game.initial_state()
    for label in ("A1", "B1", "C1", "A2"):  # unset is -1: 0, 1, 2, 3
        state.apply(label)
    assert state.is_over() and state.result().winners == [2]
    state.undo()
    assert not state.is_over()
    assert game.state_from_text(state.to_text()).snapshot() == state.snapshot()


def test_sowing_skips_the_sites_skipIf_names():
    # Ludii's Sow: a skipped site takes no seed and does not count as one sown
    game = load("""
    (game "Skip" (players 2)
        (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True)) (piece "Seed" Shared)
                    (regions P1 (sites Bottom)) (regions P2 (sites Top))})
        (rules (start (set Count 2 to:(sites Track)))
               (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
                                  (then (sow skipIf:(= (count at:(to)) 3)))))
               (end (if (no Moves Mover) (result Mover Loss)))))
    """)
    state = game.initial_state()
    for move in ("A1", "C2"):
        state.apply(move)
    assert state.arrays["count"] == [0, 3, 3, 3, 3, 0]
    # 3 seeds from site 1 along 2 (3: skipped), 5, 4 (skipped), 3 (skipped), 0, 1 (skipped: Ludii
    # asks skipIf: of the position before the sowing, where site 1 still holds its 3), 2 (skipped), 5
    state.apply("B1")
    assert state.arrays["count"] == [1, 0, 3, 3, 3, 2]
