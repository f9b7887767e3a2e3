"""Effects that Ludii's eval makes as several moves (issue 24): where a player chooses, each of
them is a decision of its own, so the legal-move count is Ludii's; applied as consequences, all
of them act. ``remove`` of a region (Remove.java: one move per occupied site), ``addScore`` /
``set Score`` of several players (AddScore.java: one per player), ``promote`` to several kinds
(Promote.java: one per kind), ``take Control`` (TakeControl.java: one per piece, each with the
``then``), one effect made at every site of a loop (``(forEach Site R (set Var 3))``: every
move kept, numbered ``set-Var/2``...), and ``(apply if:C E)`` as moves (Apply.java: E's moves
where C holds, none elsewhere). Each on a small game, by its meaning."""

from __future__ import annotations

from interpreter import load


def _game(play: str, start: str = '(place "Disc1" 0) (place "Disc2" 7) (place "Disc2" 8)',
          end: str = "(if (>= (count Moves) 6) (result Mover Win))"):
    return load(f'''(game "T" (players 2)
 (equipment {{(board (square 3)) (piece "Disc" Each) (piece "Queen" Each) (piece "Rook" Each)}})
 (rules (start {{{start}}})
  (play {play})
  (end {end})))''')


def _texts(s) -> list[str]:
    return [m.text for m in s.legal_moves()]


# --- (remove <region>) as a decision: one move per occupied site --------------------------------
def test_remove_of_a_region_is_a_move_per_occupied_site():
    for play in ("(remove (sites Occupied by:Next))", "(move Remove (sites Occupied by:Next))"):
        s = _game(play).initial_state()
        assert sorted(_texts(s)) == ["xB3", "xC3"]
        s.apply("xC3")
        assert s.what[7] != 0 and s.what[8] == 0  # only the site chosen is emptied


def test_remove_of_a_region_as_a_consequence_takes_every_piece():
    s = _game("(move Add (to (sites Empty)) (then (remove (sites Occupied by:Next))))").initial_state()
    s.apply("B1")
    assert s.what[7] == 0 and s.what[8] == 0


def test_remove_then_runs_with_each_site_chosen():
    s = _game("(remove (sites Occupied by:Next) (then (addScore Mover 1)))").initial_state()
    assert len(s.legal_moves()) == 2
    s.apply("xB3")
    assert s.scores[1] == 1


# --- addScore / set Score of several players ----------------------------------------------------
def test_add_score_of_each_player_is_a_move_per_player():
    s = _game("(addScore Each 2)").initial_state()
    assert _texts(s) == ["addScore", "addScore/2"]
    s.apply("addScore/2")
    assert s.scores[1:] == [0, 2]


def test_add_score_of_listed_players_is_a_move_per_pair():
    s = _game("(addScore {P1 P2} {1 5})").initial_state()
    assert len(s.legal_moves()) == 2
    s.apply("addScore")
    assert s.scores[1:] == [1, 0]
    s = _game("(addScore {P1 P2} {1 5})").initial_state()
    s.apply("addScore/2")
    assert s.scores[1:] == [0, 5]


def test_add_score_of_one_player_is_one_move():
    s = _game("(addScore Mover 3)").initial_state()
    assert _texts(s) == ["addScore"]
    s.apply("addScore")
    assert s.scores[1:] == [3, 0]


def test_set_score_of_each_player_is_a_move_per_player():
    s = _game("(set Score Each 4)").initial_state()
    assert len(s.legal_moves()) == 2


def test_add_score_of_each_as_a_consequence_changes_every_score():
    s = _game("(move Add (to (sites Empty)) (then (addScore Each 2)))").initial_state()
    s.apply("B1")
    assert s.scores[1:] == [2, 2]


# --- promote to several kinds --------------------------------------------------------------------
def test_promote_to_several_kinds_is_a_move_per_kind():
    s = _game('(promote 0 (piece {"Queen" "Rook"}) Mover)').initial_state()
    assert sorted(_texts(s)) == ["Queen1@A1", "Rook1@A1"]
    g = s.game
    s.apply("Rook1@A1")
    assert g.components[s.what[0]].name == "Rook1"


# --- take Control --------------------------------------------------------------------------------
def test_take_control_is_a_move_per_piece_taken():
    s = _game("(take Control of:P2 by:Mover)").initial_state()
    assert len(s.legal_moves()) == 2
    moves = s.legal_moves()
    chosen = next(m for m in moves if m.to == 8)
    s.apply(chosen)
    assert s.who[8] == 1 and s.who[7] == 2  # only that piece changes hands


def test_take_control_as_a_consequence_takes_every_piece_each_with_the_then():
    s = _game("(move Add (to (sites Empty)) (then (take Control of:P2 by:Mover (then (addScore Mover 1)))))"
              ).initial_state()
    s.apply("B1")
    assert s.who[7] == 1 and s.who[8] == 1
    assert s.scores[1] == 2  # as Ludii's: one move per piece, each followed by the then


def test_take_control_with_no_piece_makes_no_move():
    s = _game("(or (take Control of:P2 by:Mover) (move Pass))", start='(place "Disc1" 0)').initial_state()
    assert _texts(s) == ["pass"]


# --- one effect made at every site of a loop: every move kept ------------------------------------
def test_an_effect_at_every_site_is_a_move_per_site():
    s = _game("(forEach Site (sites Empty) (set Var 3))", end="(if (= (var) 3) (result Mover Win))").initial_state()
    texts = _texts(s)
    assert len(texts) == 6 and len(set(texts)) == 6  # each with a text of its own
    assert texts[:2] == ["set-Var", "set-Var/2"]
    s.apply("set-Var/4")
    assert s.over and s.result().winners == [1]


def test_the_same_effect_made_by_two_parts_of_the_rules_is_two_moves():
    # Ludii's Or adds the moves of each part, keeping both
    s = _game("(or (set Var 3) (set Var 3))").initial_state()
    assert _texts(s) == ["set-Var", "set-Var/2"]


# --- (apply if:C E) as moves: E's moves where C holds ---------------------------------------------
def test_apply_if_as_moves_keeps_the_moves_where_its_condition_holds():
    s = _game('(forEach Site (sites Empty) (apply if:(< (site) 4) (add (piece "Disc1") (to (site)))))'
              ).initial_state()
    assert sorted(_texts(s)) == ["Disc1@A2", "Disc1@B1", "Disc1@C1"]  # the empty sites 1, 2, 3
    s = _game("(forEach Site (sites Board) (apply if:(is Empty (site)) (set Var 3)))").initial_state()
    assert len(s.legal_moves()) == 6


def test_apply_if_in_a_consequence_loop_acts_where_its_condition_holds():
    s = _game('(move Add (to (sites Empty)) (then (forEach Site (sites Board) '
              '(apply if:(= (site) 4) (add (piece "Disc2") (to (site)))))))').initial_state()
    s.apply("B1")
    assert s.who[4] == 2 and s.who[5] == 0


# --- the compiled tier lists the removals of a region as the reference does ---------------------
def test_remove_of_a_region_compiled_agrees_with_the_reference():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    game = load('''(game "T" (players 2)
 (equipment {(board (square 4)) (piece "Disc" Each)})
 (rules
  (play (or (move Add (to (sites Empty))) (remove (sites Occupied by:Next))))
  (end (if (is Line 3) (result Mover Win)))))''')
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    for seed in range(4):
        assert compare_game(game, compiled, seed) is None
