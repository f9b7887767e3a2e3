"""Forms Ludii's production files of board/race and board/hunt use beyond the sample (issue 24, the
fourth held-out probe, session 34: tables games, stick dice, tracks, hunt games). Each on a small
position, by its meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.dice import given


def _texts(state) -> list[str]:
    return [m.text for m in state.legal_moves()]


# --- (move (from <hand>) (to ... (apply if:C E))): C gates E, not the move ------------------------
# Ludii's FromTo takes the to's (apply if:...) as its capture rule: where it fails, the move is
# made without the effect (FromTo.eval: "else moves.add(move)"). Ssang-Ryouk enters a piece from
# the hand with ("HittingCapture" (handSite Next)): an empty point could not be entered before.
FROM_HAND = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4) use:Vertex) (piece "Disc" Each) (hand Each)})
 (rules (start {(place "Disc1" (handSite P1)) (place "Disc2" 2)})
  (play (move (from (handSite Mover))
         (to (sites Board) if:(not (is Friend (who at:(to))))
          (apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next)))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_apply_if_in_a_move_from_a_hand_gates_the_effect_only():
    s = load(FROM_HAND).initial_state()
    moves = {m.to: m for m in s.legal_moves()}
    assert sorted(moves) == [0, 1, 2, 3]  # the empty points as well as the enemy's
    s.apply(moves[1])
    assert s.who[1] == 1 and s.who[2] == 2  # no capture on an empty point


def test_apply_if_in_a_move_from_a_hand_captures_where_it_holds():
    s = load(FROM_HAND).initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 2))
    assert s.who[2] == 1  # the enemy went to its hand: P2 may enter it again
    assert 2 in {m.frm - 4 + 1 for m in s.legal_moves()}  # P2 plays from its hand (site 5)


# --- a track starting in a hand, on a track with an internal loop ----------------------------------
# Ludii's ActionAdd counts a piece placed anywhere on the tracks passing its site (OnTrackIndices),
# a hand's site too: Kints' pieces start in the hand, where its tracks begin, and a piece entered
# from there walks on. Without the count, the piece had no place on the track (no move).
LOOPED = '''(game "T" (players 1)
 (equipment {(board (rectangle 1 4) {(track "Track1" {4 0 1 2 3 1 End} P1 directed:True)} use:Vertex)
  (piece "Disc" P1 (move (from) (to (trackSite Move steps:2) if:(is Empty (to)))))
  (hand P1)})
 (rules (start (place "Disc1" (handSite P1) count:1))
  (play (or (forEach Piece) (forEach Piece container:(mover))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_a_piece_entered_from_a_hand_walks_on_along_a_looped_track():
    s = load(LOOPED).initial_state()
    assert [m.to for m in s.legal_moves()] == [1]  # hand (index 0) + 2 steps: site 1
    s.apply(s.legal_moves()[0])
    assert [(m.frm, m.to) for m in s.legal_moves()] == [(1, 3)]  # index 2 + 2: site 3


# --- (step (from <site>) ...) and (hop (from <site>) ...) move whatever is there -------------------
# Ludii's Step and Hop check no owner at the site given. Len Cua Kin Ngoa removes every tiger
# that (not (can Move (or (step (from (site)) ...) (hop (from (site)) ...)))) after the oxen's
# move: the tigers are the opponent's pieces. All of them were removed at once before.
BLOCKED = '''(game "T" (players 2)
 (equipment {(board (square 4)) (hand P1) (piece "Ox" P1) (piece "Tiger" P2)})
 (rules (start {(place "Ox1" (handSite P1) count:12) (place "Tiger2" (sites Corners))})
  (play (move (from (handSite P1)) (to (sites Empty))
   (then (forEach Site (sites Occupied by:Next) (if (not (can Move MOVE)) (remove (site)))))))
  (end (if (no Pieces P2) (result P1 Win)))))'''


def _tigers_after(move: str, placed: int) -> list[int]:
    g = load(BLOCKED.replace("MOVE", move))
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == placed))
    return [x for x in range(16) if s.who[x] == 2]


def test_step_from_a_site_given_moves_the_opponents_piece():
    step = "(step (from (site)) Orthogonal (to if:(is Empty (to))))"
    assert _tigers_after(step, 5) == [0, 3, 12, 15]  # every tiger can still step


def test_step_from_a_site_given_blocked_tiger_is_removed():
    # fill the two neighbours of the corner A1 (sites 1 and 4): that tiger is blocked
    g = load(BLOCKED.replace("MOVE", "(step (from (site)) Orthogonal (to if:(is Empty (to))))"))
    s = g.initial_state()
    for site in (1, 4):
        s.apply(next(m for m in s.legal_moves() if m.to == site))
        if s.mover == 2:
            s.apply(s.legal_moves()[0])  # P2 has no moves: it passes
    assert s.who[0] == 0 and s.who[3] == 2


def test_hop_from_a_site_given_moves_the_opponents_piece():
    hop = ("(hop (from (site)) Orthogonal (between if:(= (who at:(between)) P1)) "
           "(to if:(is Empty (to))))")
    # the ox on B1 (site 1): the tiger on A1 hops it to C1; the others have nothing to hop
    assert _tigers_after(hop, 1) == [0]


# --- (count Pieces P) counts the pieces held in hands too -------------------------------------------
# Ludii's CountPieces without in: visits the player's owned positions in every container, a hand's
# count included. Huli-Mane Ata ends with (< (count Pieces P1) 4) while its lambs are placed from
# the hand: the game ended after the first lamb before.
HELD = '''(game "T" (players 2)
 (equipment {(board (square 3)) (hand P1) (piece "Lamb" P1) (piece "Tiger" P2)})
 (rules (start {(place "Lamb1" (handSite P1) count:5) (place "Tiger2" 4)})
  (play (if (is Mover P1) (move (from (handSite P1)) (to (sites Empty))) (move Pass)))
  (end {(if (< (count Pieces P1) 4) (result P2 Win)) (if (= (count Pieces P1) 6) (result P1 Win))})))'''


def test_count_pieces_counts_a_hands_pieces():
    s = load(HELD).initial_state()
    s.apply(s.legal_moves()[0])  # one lamb on the board, four in hand: five
    assert not s.is_over()


def test_count_pieces_in_a_region_counts_the_region_only():
    g = load(HELD.replace("(< (count Pieces P1) 4)", "(< (count Pieces P1 in:(sites Board)) 4)"))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # one lamb on the board
    assert s.is_over() and s.outcome().winners == (2,)


def test_count_pieces_of_every_player_counts_hands_too():
    g = load(HELD.replace("(< (count Pieces P1) 4)", "(< (count Pieces All) 6)"))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # five lambs and the tiger
    assert not s.is_over()


# --- (do <prior> next:...) sees the pending values the previous move left -----------------------
# Ludii works a do's prior out when it lists the legal moves, before Game.applyInternal reboots
# the pending values: Asi Keliya's (do (if (not (is Pending)) (roll)) next:...) does not roll
# again while a So-hatara is being played (the previous move left a pending value).
PENDING = '''(game "T" (players 2)
 (equipment {(board (square 2)) (piece "Disc" Each) (dice d:6 num:1)})
 (rules (play (do (if (not (is Pending)) (roll))
   next:(move Pass (then (if (is Mover P1) (and (set Pending) (moveAgain)))))))
  (end (if (> (count Moves) 6) (result P1 Win)))))'''


def test_do_prior_sees_the_pending_value_of_the_previous_move():
    s = load(PENDING).initial_state()
    with given(s, [2]):
        s.apply(s.legal_moves()[0])
    assert s.arrays["dice_face"] == [2] and s.mover == 1  # rolled, pending, P1 again
    with given(s, [4]):
        s.apply(s.legal_moves()[0])
    assert s.arrays["dice_face"] == [2]  # no roll: the value was pending


def test_do_prior_rolls_without_a_pending_value():
    s = load(PENDING.replace("(is Mover P1)", "(is Mover P3)").replace("(players 2)", "(players 3)")).initial_state()
    with given(s, [2]):
        s.apply(s.legal_moves()[0])
    with given(s, [4]):
        s.apply(s.legal_moves()[0])
    assert s.arrays["dice_face"] == [4]  # P2 rolls: nothing pending


# --- (move Step (to if:C (apply if:K <effect>))): K gates the effect, not the step -----------------
# Ludii's Step chains the to's Apply after the step (MoveUtilities.chainRuleWithAction): where K
# fails the Apply gives no moves and the step stays, without the effect.
STEP_APPLY = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 3)) (piece "Disc" Each
   (move Step (to if:(not (is Friend (who at:(to))))
                (apply if:(is Enemy (who at:(to))) (remove (to))))))})
 (rules (start {(place "Disc1" 1) (place "Disc2" 2)})
  (play (forEach Piece))
  (end (if (no Pieces Next) (result Mover Win)))))'''


def test_step_apply_if_gates_the_effect_not_the_step():
    s = load(STEP_APPLY).initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [0, 2]  # the empty site as well as the enemy's
    s.apply(next(m for m in s.legal_moves() if m.to == 0))
    assert s.who[0] == 1 and s.who[2] == 2  # no capture on the empty site
