"""The generic engine on small made-up games: topology, moves, consequences, phases, ends."""

from __future__ import annotations

import random

import pytest

from interpreter import LudError, MoveError, load
from interpreter.engine import boards
from interpreter.engine.result import Termination
from interpreter.engine.topology import build


def grid(rows: int, cols: int):
    """A rows x cols board of square cells."""
    return build(lambda: boards.rectangle(rows, cols), "Cell")


def game_text(board: str, play: str, end: str = "", pieces: str = '(piece "Disc" Each)',
              start: str = "", players: int = 2, extra: str = "") -> str:
    return (f'(game "T" (players {players}) (equipment {{(board {board}) {pieces} {extra}}}) '
            f'(rules {start} {play} {end}))')


# --- topology ------------------------------------------------------------------------------------

def test_grid_labels_directions_rays_and_regions():
    topo = grid(3, 4)
    assert topo.n == 12
    assert topo.labels[:5] == ["A1", "B1", "C1", "D1", "A2"]
    a1, b2, d3 = topo.site("A1"), topo.site("B2"), topo.site("D3")
    assert topo.step["NE"][a1] == b2
    assert topo.step["S"][a1] == -1
    assert [topo.labels[s] for s in topo.ray(a1, "E")] == ["B1", "C1", "D1"]
    assert {topo.labels[s] for s in topo.regions["Corners"]} == {"A1", "D1", "A3", "D3"}
    assert {topo.labels[s] for s in topo.regions["Top"]} == {"A3", "B3", "C3", "D3"}
    assert topo.labels[d3] == "D3"
    assert set(topo.expand_directions(["Orthogonal"])) == {"N", "E", "S", "W"}
    assert topo.distances(a1, topo.expand_directions(["All"]))[d3] == 3
    assert topo.distances(a1, topo.expand_directions(["Orthogonal"]))[d3] == 5


def test_networkx_graph_of_the_board():
    import networkx as nx
    topo = grid(3, 3)
    g = topo.graph
    assert g.number_of_nodes() == 9
    assert nx.shortest_path_length(g, topo.site("A1"), topo.site("C3")) == 2  # diagonals are edges


def test_removed_sites_and_named_regions():
    game = load(game_text('(remove (square 3) cells:{"B2"})', '(play (move Add (to (sites "Home"))))',
                          extra='(regions "Home" (sites {"A1" "C3"}))'))
    assert game.topology.n == 8 and game.topology.site("B2") == -1
    assert sorted(str(m) for m in game.initial_state().legal_moves()) == ["A1", "C3"]
    # no adjacency through the hole
    a2 = game.topology.site("A2")
    assert game.topology.step["E"][a2] == -1


def test_custom_labels():
    game = load(game_text('(rectangle 1 3) labels:{"x" "y" "z"}', "(play (move Add (to (sites Empty))))"))
    assert [str(m) for m in game.initial_state().legal_moves()] == ["x", "y", "z"]


def test_wrong_label_count_is_a_description_error():
    with pytest.raises(LudError, match="labels"):
        load(game_text('(rectangle 1 3) labels:{"x" "y"}', "(play (move Add (to (sites Empty))))"))


def test_unknown_site_label_is_located():
    with pytest.raises(LudError) as err:
        load(game_text("(square 3)", '(play (move Add (to (sites {"Z9"}))))'))
    assert "no site 'Z9'" in err.value.render() and "<text>:1:" in err.value.render()


# --- moves and consequences ---------------------------------------------------------------------

def test_step_moves_and_move_again():
    text = game_text("(square 3)", "(play (forEach Piece))",
                     pieces='(piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))) (then (if (= (count Moves) 1) (moveAgain)))))',
                     start='(start {(place "Disc1" {"A1"}) (place "Disc2" {"C3"})})')
    state = load(text).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["A1-A2", "A1-B1"]
    state.apply("A1-B1")
    assert state.mover == 1  # moved again: as in Ludii, the first move counts itself in its consequences
    state.apply("B1-C1")
    assert state.mover == 2 and state.ply == 2


def test_hop_capture_over_an_enemy():
    text = game_text("(rectangle 1 5)", "(play (forEach Piece))",
                     pieces='(piece "Disc" Each (move Hop Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to)))))',
                     start='(start {(place "Disc1" {"A1"}) (place "Disc2" {"B1" "E1"})})')
    state = load(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["A1-C1"]
    state.apply("A1-C1")
    assert state.counts[2] == 1


def test_custodial_length_constraints():
    def capture_count(between: str, row: str) -> int:
        text = game_text("(rectangle 1 6)",
                         f"(play (move Add (to (sites Empty)) (then (custodial (between {between} if:(is Next (who at:(between))) (apply (remove (between)))) (to if:(is Mover (who at:(to))))))))")
        game = load(text)
        state = game.state_from_text(f"board: '{row}'\n")
        before = state.counts[2]
        state.apply("A1")
        return before - state.counts[2]
    assert capture_count("(exact 2)", "_oox__") == 2
    assert capture_count("(exact 2)", "_ox___") == 1  # Ludii's limit: at most 2, one will do
    assert capture_count("(exact 2)", "_ooox_") == 0
    assert capture_count("(max 2)", "_ox___") == 1
    assert capture_count("(max 2)", "_ooox_") == 0
    assert capture_count("(range 1 Infinity)", "_oooox") == 4
    assert capture_count("(exact 0)", "_ox___") == 0  # a limit of 0 encloses nothing


def test_priority_takes_the_first_generator_with_moves():
    text = game_text("(square 3)", '(play (priority {(move Add (to (sites {"B2"}))) (move Add (to (sites Empty)))}))')
    state = load(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["B2"]
    state.apply("B2")
    # Ludii's Add tests no site of its region: the occupied B2 is still a placement (it keeps P1's piece)
    assert [str(m) for m in state.legal_moves()] == ["B2"]
    state.apply("B2")
    assert state.who[4] == 1
    # a first generator with no moves: the second's
    text = game_text("(square 3)", '(play (priority {(move Add (to (sites {"B2"}) if:(is Empty (to)))) '
                     '(move Add (to (sites Empty)))}))')
    state = load(text).initial_state()
    state.apply("B2")
    assert len(state.legal_moves()) == 8


def test_phases_and_next_phase_condition():
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules '
            'phases:{(phase "Corners" (play (move Add (to (sites Corners)))) (nextPhase (= (count Pieces All) 2) "Any")) '
            '(phase "Any" (play (move Add (to (sites Empty)))))}))')
    state = load(text).initial_state()
    assert len(state.legal_moves()) == 4
    state.apply("A1")
    assert len(state.legal_moves()) == 4  # Ludii's Add lists the occupied corner A1 too
    state.apply("C3")
    assert len(state.legal_moves()) == 7  # two pieces: the phase "Any"


def test_unknown_phase_is_a_description_error():
    with pytest.raises(LudError, match='no phase named "Nowhere"'):
        load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules '
             'phases:{(phase "A" (play (move Add (to (sites Empty)))) (nextPhase "Nowhere"))}))')


def test_no_legal_move_is_a_forced_pass_and_all_passing_is_a_draw():
    state = load(game_text("(square 1)", "(play (move Add (to (sites Empty))))")).initial_state()
    state.apply("A1")
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.apply("pass")
    assert not state.is_over()
    state.apply("pass")
    assert state.is_over() and state.result().draw and state.result().reason == "all players passed"


def test_no_moves_ends_the_game():
    text = game_text("(square 2)", "(play (move Add (to (sites Empty))))",
                     end="(end (if (no Moves Next) (result Mover Win)))")
    state = load(text).initial_state()
    for m in ["A1", "B1", "A2"]:
        state.apply(m)
        assert not state.is_over()
    state.apply("B2")
    assert state.is_over() and state.result().winners == [2]


def test_by_score_and_shared_victory():
    text = game_text("(square 2)", "(play (move Add (to (sites Empty)) (then (addScore Mover 1))))",
                     end="(end (if (is Full) (byScore)))")
    state = load(text).initial_state()
    for m in ["A1", "B1", "A2", "B2"]:
        state.apply(m)
    assert state.result().draw and state.result().winners == []  # every player equal: a draw, as Ludii
    three = load(text.replace("(players 2)", "(players 3)").replace("(square 2)", "(rectangle 1 5)"))
    state = three.initial_state()
    for m in ["A1", "B1", "C1", "D1", "E1"]:
        state.apply(m)
    assert state.result().winners == [1, 2] and state.result().headline() == "P1 P2 WIN"


def test_turn_limit_ends_as_a_draw():
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (meta (turnLimit 4)) (play (move Add (to (sites Empty))))))')
    game = load(text)
    assert game.turn_limit == 4
    state = game.initial_state()
    for move in ["A1", "B1", "C1"]:
        state.apply(move)
        assert not state.is_over()
    state.apply("A2")
    assert state.result().draw and state.result().termination is Termination.TURN_LIMIT


def test_default_limits_are_ludiis():
    """Ludii's limits: 10,000 moves (our ply limit, unless (turnLimit N) says otherwise) and
    1,250 turns per player."""
    game = load("pente")
    assert game.turn_limit == 10_000 and game.max_turns == 2_500
    assert load("pente", options=["Players/3"]).max_turns == 3_750


def test_the_turn_limit_counts_turns_not_moves():
    """Ludii's numTurn starts at 1 and counts the changes of mover: moves made again in the same
    turn (moveAgain) do not count; the game ends as a draw when it reaches 1,250 per player."""
    text = ('(game "T" (players 2) (equipment {(board (square 9)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)) (then (if (is Odd (count Moves)) (moveAgain)))))))')
    state = load(text).initial_state()
    assert state.turns == 1
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    assert state.turns == 4  # moves 1+2 (P1), 3+4 (P2), 5+6 (P1): three changes of mover
    state = load(text).with_turn_limit(100).initial_state()
    state.turns = state.game.max_turns - 1
    state.apply(state.legal_moves()[0])  # P1's first move: their turn goes on
    assert not state.is_over()
    state.apply(state.legal_moves()[0])
    assert not state.is_over() and state.turns == state.game.max_turns
    state.apply(state.legal_moves()[0])
    assert state.result().draw and state.result().reason == "turn limit (2500 turns)"


PASSING = ('(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}}) '
           '(rules {START} (play (or (move Add (to (sites Empty))) (move Pass))) {END}))')


def test_all_players_passing_ends_as_a_draw():
    """Ludii's End.eval: after the end rules, every player having passed on their latest turn
    ends the game as a draw (Context.allPass reads the turns backwards)."""
    state = load(PASSING.format(START='(start (place "Disc1" "B2"))', END="")).initial_state()
    state.apply("pass")
    assert not state.is_over()  # P2 has not passed (the start placements are no pass)
    state.apply("A1")
    state.apply("pass")
    assert not state.is_over()
    state.apply("pass")
    result = state.result()
    assert result.draw and result.termination is Termination.PASSES and result.reason == "all players passed"


def test_a_first_move_that_passes_ends_a_game_without_start_placements():
    """Ludii's allPass answers with the turns it could read: with no start placements and a
    first move that passes, every turn played was a pass."""
    state = load(PASSING.format(START="", END="")).initial_state()
    state.apply("pass")
    assert state.result().draw and state.result().termination is Termination.PASSES


def test_rules_that_handle_passing_do_not_end_as_a_draw():
    """(all Passed) in the rules (Ludii's NotAllPass) leaves passing to them: two passes end the
    game by the rule, not by the draw."""
    game = load(PASSING.format(START="", END="(end (if (all Passed) (result Mover Win)))"))
    assert not game.requires_all_pass
    state = game.initial_state()
    state.apply("pass")
    assert not state.is_over()  # (all Passed) waits for every player to have moved
    state.apply("pass")
    assert state.result().winners == [2]


def test_turn_limit_reported_separately():
    text = ('(game "T" (players 2) (equipment {(board (rectangle 1 2)) (piece "Disc" Each)}) '
            '(rules (meta (turnLimit 6)) (start {(place "Disc1" {"A1"})}) (play (forEach Piece))))')
    text = text.replace('(piece "Disc" Each)', '(piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))))')
    state = load(text).initial_state()
    while not state.is_over():
        state.apply(state.legal_moves()[0])
    result = state.result()
    assert state.ply == 6 and result.draw and result.termination is Termination.TURN_LIMIT
    assert result.reason == "turn limit (6 plies)"


def test_undo_restores_everything_after_random_play():
    game = load("pente", options=["Board Size/9x9", "Self-capture/Self-capture", "Capture Three/Enabled"])
    rng = random.Random(5)
    for _ in range(5):
        state = game.initial_state()
        snapshots = []
        while not state.is_over():
            snapshots.append(state.snapshot())
            state.apply(rng.choice(state.legal_moves()))
        while snapshots:
            state.undo()
            assert state.snapshot() == snapshots.pop()
        with pytest.raises(MoveError):
            state.undo()


def test_clone_is_independent():
    state = load("alak").initial_state()
    clone = state.clone()
    clone.apply("4-5")
    assert str(state) == "xxxx___oooo" and str(clone) == "xxx_x__oooo"
    state.apply("1-5")
    assert str(clone) == "xxx_x__oooo"


def test_moves_after_the_end_are_refused():
    state = load("alak").state_from_text("board: 'x_oox______'\n")
    state.apply("1-2")
    assert state.is_over() and state.legal_moves() == ()
    with pytest.raises(MoveError, match="over"):
        state.apply("2-3")


def test_position_text_round_trips():
    game = load("pente", options=["Board Size/9x9"])
    state = game.initial_state()
    rng = random.Random(2)
    for _ in range(30):
        state.apply(rng.choice(state.legal_moves()))
    again = game.state_from_text(state.to_text())
    assert again.snapshot() == state.snapshot()
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]


@pytest.mark.parametrize("text, message", [
    ("mover: 7\n", "mover: expected a player number from 1 to 2, got the number 7"),
    ("pieces: {Z9: Ball1}\n", "no site 'Z9'"),
    ("pieces: {A1: Rook}\n", "no piece 'Rook'"),
    ("colour: red\n", "unknown keys"),
    ("phase: Nope\n", "no phase 'Nope'"),
    ("[1, 2\n", "YAML"),
])
def test_bad_positions_are_explained(text, message):
    game = load("pente", options=["Board Size/9x9"])
    with pytest.raises(LudError, match=message):
        game.state_from_text(text)


def test_moves_asked_inside_their_own_computation_are_not_stalemated():
    # P1's moves ask about P2's, whose rule asks about P1's again: as Ludii's nested calls
    # fail, the inner question is false (P1 is not known to be stalemated), so P2 may place,
    # so P1 is not stalemated either and places too
    game = load('(game "Loop" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) '
                '(rules (play (if (no Moves Next) (move Pass) (move Add (to (sites Empty)))))))')
    assert len(game.initial_state().legal_moves()) == 9


def test_result_ranking():
    state = load("alak").state_from_text("board: 'x_oox______'\n")
    assert state.result().ranking == {}
    state.apply("1-2")
    assert state.result().ranking == {1: 1, 2: 2}
    assert state.result().to_json()["ranking"] == {"1": 1, "2": 2}


def test_package_docstring_example():
    import doctest

    import interpreter
    result = doctest.testmod(interpreter)
    assert result.attempted >= 5 and result.failed == 0


def test_sites_off_the_board_are_no_sites():
    # (last To) before any move, and computed sites beyond the board, are simply no site
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) (rules (play '
            '(if (is Empty (last To)) (move Pass) '
            '(move Add (to (sites {(+ (last To) 100) (last To) "A1"})))))))')
    state = load(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["A1"]
    state.apply("A1")
    # the region is A1 alone (once), occupied: Ludii's Add tests no site of its region
    assert [str(m) for m in state.legal_moves()] == ["A1"]


# --- moves are values; errors say why ---------------------------------------------------------
def test_move_is_a_frozen_hashable_value_whose_repr_reads_back():
    from interpreter import Move, MoveKind  # noqa: F401  (the names the repr uses)
    state = load("tic-tac-toe").initial_state()
    move = state.legal_moves()[4]
    assert move.text == str(move) == "B2" and move.kind is MoveKind.ADD
    with pytest.raises(AttributeError):
        move.to = 0
    again = eval(repr(move))
    assert again == move and hash(again) == hash(move) and again.text == "B2"
    assert {move, again} == {move}
    state.apply(again)  # a value equal to a legal move plays it
    assert state.who[4] == 1


def test_a_move_of_another_game_is_refused():
    from interpreter import IllegalMoveError
    ttt = load("tic-tac-toe").initial_state()
    pente = load("pente", options=["Board Size/9x9", "Opening/None"]).initial_state()
    move = ttt.legal_moves()[0]
    with pytest.raises(IllegalMoveError, match="another game"):
        pente.apply(move)
    # the same game loaded twice is the same game
    other = load("tic-tac-toe").initial_state()
    other.apply(move)
    assert other.ply == 1


def test_move_errors_say_what_kind_of_mistake():
    from interpreter import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
    state = load("tic-tac-toe").initial_state()
    with pytest.raises(InvalidMoveError):
        state.apply("Z9")
    with pytest.raises(InvalidMoveError):
        state.apply("")
    state.apply("B2")
    with pytest.raises(IllegalMoveError):
        state.apply("B2")
    swap = load("pente", options=["Board Size/9x9", "Opening/Swap"]).initial_state()
    with pytest.raises(AmbiguousMoveError):
        swap.apply("C3")  # White's or Black's stone?
    for cls in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(cls, MoveError)


def test_a_move_is_read_from_its_text_against_the_game_alone():
    from interpreter import InvalidMoveError, Move, MoveKind
    game = load("tic-tac-toe")
    state = game.initial_state()
    b2 = Move.from_text("b2", game)  # labels are case-insensitive, as at the prompt
    assert b2.kind is MoveKind.ADD and b2.to == 4 and b2.text == "B2" and b2.game_id == game.uid
    played = state.apply(b2)  # the state finds the legal move it writes (its piece, its consequences)
    assert played.what and state.who[4] == 1 and state.mover == 2
    assert Move.from_text("1@A1", game) == Move.from_text("A1:1", game)  # Ludii's SITE:PIECE
    assert Move.from_text("2@a1", game).text == "2@A1"
    assert Move.from_text(" pass ", game).kind is MoveKind.PASS
    hop = Move.from_text("A1 C3", game)
    assert hop == Move.from_text("a1-c3", game) and (hop.kind, hop.frm, hop.to) == (MoveKind.MOVE, 0, 8)
    assert (Move.from_text("xC3", game).kind, Move.from_text("xC3", game).text) == (MoveKind.REMOVE, "xC3")
    again = Move.from_text("B1/2", game)  # a site chosen a second way (sowing along another track)
    assert (again.kind, again.to, again.text) == (MoveKind.CHOICE, 1, "B1/2")
    for text in ("", "Z9", "A1-Z9", "9@A1", "nonsense", "choose-white"):
        with pytest.raises(InvalidMoveError):
            Move.from_text(text, game)
    swap = load(game_text("(square 3)", "(play (move Add (to (sites Empty))))", start="(meta (swap))"))
    state = swap.initial_state()
    state.apply("A1")
    assert state.apply(Move.from_text("SWAP", swap)).text == "swap" and state.seats[1] == 2


@pytest.mark.parametrize("name, options", [("tic-tac-toe", []), ("alak", []), ("double-run-stone", []),
                                           ("pente", ["Board Size/9x9", "Opening/Swap2"])])
def test_every_legal_move_reads_back_from_its_text(name, options):
    from interpreter import Move
    game = load(name, options=options)
    state = game.initial_state()
    rng = random.Random(7)
    for _ in range(30):
        if state.is_over():
            break
        legal = state.legal_moves()
        for move in legal:
            read = Move.from_text(move.text, game)
            assert read.text == move.text
            assert read == move or not read.what  # a bare SITE leaves the piece to the position
        chosen = rng.choice(legal)
        assert state.apply(Move.from_text(chosen.text, game)) is chosen


def test_errors_quote_their_own_text_even_when_names_collide():
    first = '(game "A" (players 2)\n  (equipment {(board (square 3)) (piece "Disc" Each)})\n  (rules (play (move Ad (to (sites Empty))))))'
    second = '(game "B" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules (play (move Pass))))'
    with pytest.raises(LudError) as err:
        load(first)
    load(second)  # parsed later under the same name, <text>
    rendered = err.value.render()
    assert "(move Ad (to (sites Empty)))" in rendered and '(game "B"' not in rendered


def test_result_has_a_termination_kind():
    from interpreter import Termination
    state = load("tic-tac-toe").initial_state()
    for text in ["A1", "A2", "B1", "B2", "C1"]:
        state.apply(text)
    result = state.result()
    assert result.termination is Termination.LINE and result.reason == "a line of 3 pieces"
    alak = load("alak").initial_state()
    rng = random.Random(4)
    while not alak.is_over():
        alak.apply(rng.choice(alak.legal_moves()))
    assert alak.result().termination in (Termination.CAPTURE, Termination.TURN_LIMIT)


# --- numbers are 32-bit, as in Ludii ------------------------------------------------------------
SQUARING = ('(game "Square" (players 2) (equipment {(board (square 5)) (piece "D" Each)}) (rules '
            '(start (set Score Each 2)) (play (move Add (to (sites Empty)) '
            '(then (set Score Mover (* (score Mover) (score Mover)))))) '
            '(end (if (is Full) (result All Draw)))))')


def test_a_score_squared_every_turn_stops_with_a_clear_error_and_an_intact_state():
    state = load(SQUARING).initial_state()
    with pytest.raises(LudError) as err:
        for _ in range(20):
            before = state.snapshot()
            state.apply(state.legal_moves()[0])
    assert "out of range" in err.value.message and "32-bit" in err.value.hint
    assert err.value.span is not None  # at the (* ...) of the description
    assert state.snapshot() == before  # the failed move left nothing behind
    assert max(state.scores) == 2 ** 16
    state.undo()  # and the history is still consistent


def test_a_constant_out_of_range_is_refused_at_load_time():
    with pytest.raises(LudError, match="out of range"):
        load(SQUARING.replace("(set Score Each 2)", "(set Score Each (* 65536 65536))"))


def test_score_effects_are_bounded():
    text = SQUARING.replace("(set Score Mover (* (score Mover) (score Mover)))",
                            "(addScore Mover 2147483647)")
    state = load(text).initial_state()
    with pytest.raises(LudError, match="the score of P1 gives 2147483649, out of range"):
        state.apply(state.legal_moves()[0])


def test_cli_reports_an_overflow_as_a_description_error(capsys):
    from interpreter.cli import main
    assert main(["run", SQUARING, "--playouts", "1"]) == 2
    err = capsys.readouterr().err
    assert "out of range" in err and "internal error" not in err


# --- the Python API takes what people naturally pass ----------------------------------------------
def test_load_accepts_one_option_string():
    assert load("pente", options="Board Size/9x9").topology.n == 81
    assert load("pente", options=("Board Size/9x9",)).topology.n == 81


@pytest.mark.parametrize("kwargs, message", [
    ({"options": 5}, "options is a string or a list of strings, not int"),
    ({"options": ["Board Size/9x9", 3]}, "options is a string or a list of strings"),
    ({"defines": 5}, "defines is a string or a list of strings"),
    ({"ruleset": 5}, "ruleset is a name"),
])
def test_load_explains_arguments_of_the_wrong_type(kwargs, message):
    with pytest.raises(LudError, match=message):
        load("pente", **kwargs)


def test_load_of_something_that_is_no_description():
    with pytest.raises(LudError, match="not int"):
        load(42)


@pytest.mark.parametrize("move", [None, 3, ["A1"], b"A1"])
def test_moves_of_the_wrong_type_are_move_errors(move):
    state = load("tic-tac-toe").initial_state()
    with pytest.raises(MoveError):
        state.apply(move)
    with pytest.raises(MoveError):
        state.parse_move(move)


# --- data that must not be lost: neutral pieces, named regions ----------------------------------
NEUTRAL = ('(game "Rocks" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (piece "Rock" Neutral)}) '
           '(rules (start (place "Rock" {"B2"})) (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))')


def test_neutral_pieces_print_and_read_back():
    game = load(NEUTRAL)
    state = game.initial_state()
    assert " N " in str(state).splitlines()[2]  # row 2: . N .
    picture = "board: |\n  3 . . .\n  2 x N .\n  1 . . o\n"
    again = game.state_from_text(picture)
    assert game.components[again.what[game.topology.site("B2")]].name == "Rock0"  # Ludii names a neutral piece with owner 0
    assert again.who.count(0) == 7 and again.who.count(1) == 1


def test_neutral_pieces_on_a_one_row_board():
    text = NEUTRAL.replace("(square 3)", "(rectangle 1 3)").replace('{"B2"}', '{"B1"}')
    state = load(text).initial_state()
    assert str(state) == "_N_"
    assert str(load(text).state_from_text("board: 'xN_'\n")) == "xN_"


@pytest.mark.parametrize("regions, message", [
    ('(regions "Home" (sites {"A1"})) (regions "Home" (sites {"B1"}))', 'region "Home" is declared twice'),
    ('(regions "Top" (sites {"A1"}))', 'region "Top" is a region of every board'),
    ('(regions "B2" (sites {"A1"}))', 'region "B2" is named like a site'),
])
def test_named_regions_that_would_hide_others_are_refused(regions, message):
    with pytest.raises(LudError, match=message):
        load(game_text("(square 3)", "(play (move Add (to (sites Empty))))", extra=regions))


def test_labels_that_collide_once_upper_cased_are_refused():
    with pytest.raises(LudError, match="given twice"):
        load(game_text('(rectangle 1 3) labels:{"ß" "SS" "c"}', "(play (move Add (to (sites Empty))))"))


def test_two_moves_with_one_text_and_different_outcomes_are_both_listed():
    text = ('(game "C" (players 2) (equipment {(board (square 2)) (piece "D" Each)}) (rules (play (or '
            '(move Choose "a" (then (addScore Mover 1))) (move Choose "a" (then (addScore Mover 2))))) '
            '(end (if (>= (score Mover) 5) (result Mover Win)))))')
    state = load(text).initial_state()
    # Ludii's Or.eval keeps both and its Game.moves drops neither: the second is numbered
    assert [m.text for m in state.legal_moves()] == ["choose-a", "choose-a/2"]
    state.apply("choose-a/2")
    assert state.scores[1] == 2
    # the same move made twice by the rules is listed twice, as Ludii lists it (an `or` keeps
    # every move of its parts); the second is numbered
    twice = text.replace('(move Choose "a" (then (addScore Mover 1))) (move Choose "a" (then (addScore Mover 2)))',
                         "(move Pass) (move Pass)")
    assert [m.text for m in load(twice).initial_state().legal_moves()] == ["pass", "pass/2"]
