"""Forms Ludii's hunt games use (issue 24, the seventh probe of board/hunt): goats in stacks that a
tiger hops, hops over lines of pieces of a given length, phases owned by one player, placement
phases that leave a player without moves. Each on a small position, by its meaning in Ludii's
Java (``Remove``/``ActionRemove``, ``Hop``, ``Game.start``'s phases, the forced pass of
``Game.moves``)."""

from __future__ import annotations

from interpreter import load


def texts(state):
    return sorted(m.text for m in state.legal_moves())


# --- a hop over a stack takes its top piece only (Remove: no level: the top) -------------------------
STACK_HOP = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 3) use:Vertex)
  (piece "Tiger" P1 (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                              (to if:(is Empty (to)))))
  (piece "Goat" P2 (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Tiger1" 0) (place Stack "Goat2" 1 count:3)})
 (play (forEach Piece top:True)) (end (if (no Pieces P2) (result P1 Win)))))'''


def test_a_hop_over_a_stack_removes_its_top_piece_only():
    g = load(STACK_HOP)
    s = g.initial_state()
    assert texts(s) == ["A1-C1"]
    s.apply("A1-C1")
    assert s.counts[2] == 2  # two goats left on B1, still a stack
    assert not s.is_over()
    # the goats move one at a time: only the top one of the stack, to the empty A1
    assert texts(s) == ["B1-A1"]


# --- (between (range 1 9)) with a condition on the distance: Rimoe's odd lines ----------------------
ODD_HOP = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7) use:Vertex)
  (piece "King" P1 (move Hop (between (range 1 9) if:(is Enemy (who at:(between))) (apply (remove (between))))
                             (to if:(and (is Empty (to)) (is Even (count Steps (from) (to)))))))
  (piece "Marker" P2)})
 (rules (start {(place "King1" 0) (place "Marker2" (sites {SITES}))})
 (play (forEach Piece)) (end (if (no Pieces P2) (result P1 Win)))))'''


def test_a_hop_over_a_line_takes_an_odd_number_only():
    # one marker: hopped; two: not (the landing is 3 steps away); three: hopped, all three taken
    one = load(ODD_HOP.replace("SITES", "1")).initial_state()
    assert texts(one) == ["A1-C1"]
    two = load(ODD_HOP.replace("SITES", "1 2")).initial_state()
    assert texts(two) == ["pass"]  # Ludii's forced pass: no legal move
    three = load(ODD_HOP.replace("SITES", "1 2 3")).initial_state()
    assert texts(three) == ["A1-E1"]
    three.apply("A1-E1")
    assert three.counts[2] == 0 and three.is_over() and three.result().winners == [1]


# --- phases owned by one player: each player starts in the first phase it owns (Game.start) ---------
OWNED_PHASES = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4) use:Vertex) (hand Each)
  (piece "Ox" P1 (move Step (to if:(is Empty (to))))) (piece "Tiger" P2 (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Ox1" (handSite P1) count:2) (place "Tiger2" 3)})
 phases:{
  (phase "Placement" P1 (play (move (from (handSite P1)) (to (sites Empty)))) (nextPhase (all Sites (sites Hand P1) if:(= 0 (count Cell at:(site)))) "MovementP1"))
  (phase "MovementP1" P1 (play (forEach Piece)))
  (phase "FirstTiger" P2 (play (forEach Piece)) (nextPhase Mover "MovementP2"))
  (phase "MovementP2" P2 (play (move Pass)))}
 (end (if (no Pieces P1) (result P2 Win)))))'''


def test_a_player_starts_in_the_first_phase_it_owns():
    g = load(OWNED_PHASES)
    s = g.initial_state()
    assert texts(s) == ["Hand1-A1", "Hand1-B1", "Hand1-C1"]
    s.apply("Hand1-A1")
    # P2 owns no phase before "FirstTiger": it plays that phase's moves, the tiger's step
    assert texts(s) == ["D1-C1"]
    s.apply("D1-C1")
    s.apply("Hand1-B1")
    # then its nextPhase took P2 alone to "MovementP2"
    assert texts(s) == ["pass"]


# --- a placement phase shared by both: a player with an empty hand passes (forced) -------------------
PLACE_UNTIL_P2 = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5) use:Vertex) (hand Each)
  (piece "Hare" P1 (move Step (to if:(is Empty (to))))) (piece "Dog" P2 (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Hare1" (handSite P1) count:1) (place "Dog2" (handSite P2) count:2)})
 phases:{
  (phase "Placement" (play (if (not (all Sites (sites Hand Mover) if:(= 0 (count Cell at:(site))))) (move (from (handSite Mover)) (to (sites Empty)))))
   (nextPhase (all Sites (sites Hand P2) if:(= 0 (count Cell at:(site)))) "Movement"))
  (phase "Movement" (play (forEach Piece)) (end (if (no Moves Next) (result Next Loss))))}))'''


def test_an_empty_hand_in_a_placement_phase_gives_a_forced_pass():
    g = load(PLACE_UNTIL_P2)
    s = g.initial_state()
    s.apply("Hand1-C1")
    s.apply("Hand2-A1")
    assert texts(s) == ["pass"]  # the hare is placed: P1 has nothing to do until the dogs are
    s.apply("pass")
    s.apply("Hand2-E1")
    # every hand empty: both move now
    assert texts(s) == ["C1-B1", "C1-D1"]
