"""Hidden information per level of a stack, as Ludii's stacking containers keep it (ChunkStack:
one flag per player, data type and level): ``(set Hidden ... level:)`` and ``(is Hidden ...
level:)``, in small positions."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import hidden


def game_of(start: str, play: str = "(move Step (from (sites Occupied by:Mover)) Orthogonal (to if:True))",
            end: str = "(end (if (no Moves Next) (result Mover Win)))"):
    return load(f"""(game "T" (players 2) (equipment {{ (board (square 3)) (piece "Disc" Each) }})
        (rules (start {start}) (play {play}) {end}))""")


def pick(s, text):
    return next(m for m in s.legal_moves() if str(m) == text)


def test_each_level_of_a_stack_has_its_own_flags():
    g = game_of('{(place Stack "Disc1" 0 count:3) (set Hidden What at:0 level:1 to:P2) (set Hidden Who at:0 to:P1)}')
    s = g.initial_state()
    assert g.stacking
    assert [hidden.is_hidden(s, "What", 2, 0, lv) for lv in range(3)] == [False, True, False]
    assert not any(hidden.is_hidden(s, "What", 1, 0, lv) for lv in range(3))
    # no level: Ludii's level 0, the bottom of the stack
    assert [hidden.is_hidden(s, "Who", 1, 0, lv) for lv in range(3)] == [True, False, False]


def test_a_level_the_stack_does_not_reach_is_neither_set_nor_hidden():
    # Ludii's ChunkStack writes and reads a level only below the stack's size
    g = game_of('{(place Stack "Disc1" 0 count:2) (set Hidden at:0 level:2 to:P2) (set Hidden at:4 to:P2)}',
                play="(move Add (to 0))")
    s = g.initial_state()
    assert not hidden.is_hidden(s, None, 2, 0, 2) and not hidden.is_hidden(s, None, 2, 4)
    s.apply(s.legal_moves()[0])  # a third piece: level 2 now exists, with nothing hidden
    assert not hidden.is_hidden(s, None, 2, 0, 2)


def test_the_flags_stay_with_the_level_when_the_top_piece_moves():
    # Ludii's stacking moves (ActionMoveTopPiece) carry no hidden information: the level's flags
    # stay at the origin (read again once the stack reaches that level), none at the destination
    g = game_of('{(place Stack "Disc1" 0 count:2) (set Hidden What at:0 level:1 to:P2)}',
                play="(move Step (from (sites Occupied by:Mover)) Orthogonal (to if:True) (then (moveAgain)))")
    s = g.initial_state()
    s.apply(pick(s, "A1-B1"))
    assert not hidden.is_hidden(s, "What", 2, 0, 1)  # the stack of A1 is one piece now
    assert not hidden.is_hidden(s, "What", 2, 1, 0)  # the moved piece is shown
    s.apply(pick(s, "B1-A1"))
    assert hidden.is_hidden(s, "What", 2, 0, 1)  # the level's flag again
    s.undo()
    s.undo()
    assert hidden.is_hidden(s, "What", 2, 0, 1)


def test_is_hidden_at_a_level_decides_the_legal_moves():
    # P1 may add at C3 only while level 1 of A1 is hidden to them: set per level in the start
    # rules and shown by the first move's consequence
    play = """(or (if (is Hidden What at:0 level:1 to:Mover) (move Add (to 8)))
                  (move Add (to 4) (then (set Hidden What at:0 level:(topLevel at:0) False to:P1))))"""
    g = game_of('{(place Stack "Disc1" 0 count:3) (forEach Value min:0 max:(topLevel at:0) '
                '(set Hidden What at:0 level:(value) to:P1))}', play=play)
    s = g.initial_state()
    assert all(hidden.is_hidden(s, "What", 1, 0, lv) for lv in range(3))
    assert sorted(str(m) for m in s.legal_moves()) == ["B2", "C3"]
    s.apply(pick(s, "B2"))  # shows level 2 only: level 1 stays hidden
    assert not hidden.is_hidden(s, "What", 1, 0, 2) and hidden.is_hidden(s, "What", 1, 0, 1)
    s.apply(s.legal_moves()[0])  # P2 moves
    assert sorted(str(m) for m in s.legal_moves()) == ["B2", "C3"]


def test_a_game_of_one_piece_per_site_reads_the_site_whatever_the_level():
    # Ludii's flat containers ignore the level
    g = load("""(game "T" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (start {(place "Disc1" 0) (set Hidden What at:0 level:2 to:P2)})
        (play (move Add (to (sites Empty)))) (end (if (is Hidden What at:0 level:5 to:P2) (result P2 Win)))))""")
    s = g.initial_state()
    assert not g.stacking and hidden.is_hidden(s, "What", 2, 0)
    s.apply(s.legal_moves()[0])
    assert s.over


def test_the_observation_of_a_stack_shows_its_top_piece_as_hidden_or_not():
    g = game_of('{(place Stack "Disc1" 0 count:2) (set Hidden at:0 level:1 to:P2)}')
    s = g.initial_state()
    assert "?" in hidden.observation(s, 2) and "?" not in hidden.observation(s, 1)
    g = game_of('{(place Stack "Disc1" 0 count:2) (set Hidden at:0 to:P2)}')  # the bottom only
    assert "?" not in hidden.observation(g.initial_state(), 2)
