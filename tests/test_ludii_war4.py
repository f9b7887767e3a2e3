"""Forms Ludii's production files of the family board/war use beyond the sample (issue 24, the
held-out probe lud4war). Each on a small position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- (do <effect> ifAfterwards:...) as a consequence (A K'aak'il's throws) ---------------------------
# Ludii's Do lists the effect's one move, tries it on a copy and keeps it only when the condition
# holds there; in a then, the kept move is applied. Here a value is remembered only while fewer
# than two are remembered: the third move remembers nothing.
DO_EFFECT = '''(game "T" (players 1) (equipment {(board (square 4)) (piece "A" P1)})
 (rules (play (move Add (to (sites Empty))
   (then (do (remember Value (last To)) ifAfterwards:(<= (size Array (values Remembered)) 2)))))
 (end (if (is Full) (result Mover Win)))))'''


def test_do_an_effect_if_afterwards_in_a_then_keeps_it_only_when_the_condition_holds():
    g = load(DO_EFFECT)
    s = g.initial_state()
    for site in (0, 5, 9):
        m = next(m for m in s.legal_moves() if m.to == site)
        s.apply(m)
    assert s.arrays["remembered"][0] == (0, 5)  # the third value was tried, and taken back


# --- (count Pieces <player>) counts the pieces in hand too (Poprad Game's end) --------------------------
# Ludii's CountPieces without in: visits every position the player owns, their hand's sites with
# their counts too: P2 holding 3 pieces in hand and none on the board has 3 pieces.
def _count_game(hand: str, place: str) -> str:
    return f'''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each) {hand}}})
 (rules (start {{{place}}})
 (play (move Add (to (sites Empty))))
 (end {{(if (= (count Pieces P2) 3) (result P1 Win)) (if (= (count Pieces P2) 0) (result P2 Win))}})))'''


def test_count_pieces_counts_a_counted_hand():
    g = load(_count_game("(hand Each)", '(place "Disc2" "Hand2" count:3)'))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [1]


def test_count_pieces_counts_a_hand_site_with_its_count():
    g = load(_count_game("(hand Each size:2)", '(place "Disc2" (handSite P2) count:3)'))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [1]


def test_count_pieces_in_a_region_does_not_count_the_hand():
    g = load(_count_game("(hand Each)", '(place "Disc2" "Hand2" count:3)').replace(
        "(count Pieces P2)", "(count Pieces P2 in:(sites Board))"))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [2]
