"""Concepts: what each game's rules use, the playout metrics, comparisons, the commands."""

from __future__ import annotations

import doctest
import json
import math

import pytest
import yaml

from interpreter import compare, concepts, load
from interpreter.cli import main
from interpreter.concept import catalogue as catalogue_module, comparison, metrics
from interpreter.concept.catalogue import catalogue
from interpreter.concept.comparison import split_game_spec
from interpreter.concept.metrics import playout_metrics, run_playouts


def bools(game, options=()):
    return concepts(load(game, options=list(options))).boolean


# --- compilation concepts of the bundled games -------------------------------------------------------
def test_pente_uses_a_square_tiling_custodial_capture_a_line_win_and_scoring():
    found = bools("pente")
    for concept in ("SquareTiling", "SquareShape", "Vertex", "AddDecision", "CustodialCapture", "Capture",
                    "RemoveEffect", "Line", "LineWin", "Scoring", "ScoringEnd", "InitialScore", "Phase", "TwoPlayer",
                    "BallComponent"):
        assert concept in found, concept
    # the capture win is (forEach Player ... (result Player Win)): as in Ludii, only a result of
    # the mover (or, with two players, of the next player) names a kind of win
    for concept in ("HopDecision", "Connection", "Misere", "Draw", "Cell", "HexTiling", "ScoringWin"):
        assert concept not in found, concept


def test_alak_is_a_one_row_board_with_custodial_capture_and_hop_moves():
    c = concepts("alak")
    assert c.numbers["NumRows"] == 1 and c.numbers["NumColumns"] == 11 and c.numbers["NumPlayableSites"] == 11
    for concept in ("SquareTiling", "RectangleShape", "Cell", "HopDecision", "HopDecisionMoreThanOne",
                    "CustodialCapture", "RemoveEffect", "PiecesPlacedOnBoard", "ForEachPiece",
                    "EliminatePiecesEnd", "EliminatePiecesWin", "CountPiecesNextComparison"):
        assert concept in c.boolean, concept
    # pieces jump over any pieces, not over enemies only; nothing is placed during play
    for concept in ("AddDecision", "HopCapture", "HopDecisionEnemyToEmpty", "Line", "StepDecision"):
        assert concept not in c.boolean, concept


def test_tic_tac_toe_gomoku_and_hex():
    ttt = bools("tic-tac-toe")
    # as Ludii: a line looks in its default (adjacent) directions, and a full board is no goal
    assert {"SquareTiling", "Cell", "AddDecision", "LineWin", "Draw", "AdjacentDirection"} <= ttt
    assert not {"Capture", "Scoring", "FillEnd", "FillDraw", "AllDirections"} & ttt
    gomoku = bools("gomoku")
    assert {"SquareTiling", "Vertex", "AddDecision", "LineWin"} <= gomoku and "Capture" not in gomoku
    hex_ = bools("hex")
    assert {"HexTiling", "DiamondShape", "Region", "ConnectionEnd", "ConnectionWin", "AdjacentDirection"} <= hex_
    assert "SquareTiling" not in hex_ and "Misere" not in hex_
    misere = bools("hex", ["End Rules/Misere"])
    assert {"ConnectionLoss", "Misere"} <= misere and "ConnectionWin" not in misere
    assert {"TriangleTiling", "HexShape", "Vertex", "LineWin"} <= bools("gomoku-tri")


def test_the_seed_games_concepts():
    loophole = bools("loophole")
    # the board is a rhombus of hexagons with cells removed: as Ludii, no tiling is claimed for it
    assert {"Cell", "AddDecision", "Loop", "LoopThroughPassage", "LoopWin"} <= loophole
    assert "HexTiling" not in loophole
    assert "Capture" not in loophole and "PassDecision" not in loophole
    loupe = bools("loupe")
    assert {"TriangleTiling", "Vertex", "MultiPlacementTurn", "PassDecision", "Loop", "EnclosureValue",
            "ScoringWin"} <= loupe
    drs = bools("double-run-stone")
    assert {"PieceValue", "Hand", "RemoveEffect", "StepDecision", "AddDecision", "Group", "ScoringWin",
            "Vertex"} <= drs
    assert "HexTiling" not in drs and "LoopWin" not in drs


def test_pente_options_bring_their_concepts():
    four = bools("pente", ["Team Mode/Enabled"])
    assert {"Team", "Multiplayer"} <= four and "TwoPlayer" not in four
    swap = bools("pente", ["Opening/Swap2"])
    assert {"ChoiceDecision", "PromotionEffect", "MoveAgain", "SetPhase"} <= swap
    overtime = bools("pente", ["Overtime/Capture the line"])
    assert {"NoMoves", "NoMovesNext", "NoMovesWin", "DoLudeme"} <= overtime
    assert "ChoiceDecision" not in bools("pente")


def test_parents_are_implied_and_every_concept_is_in_the_catalogue():
    found = bools("tic-tac-toe")
    for parent in ("LineEnd", "SpaceEnd", "End", "Rules", "Tiling", "Board", "Container", "Equipment"):
        assert parent in found
    assert found <= {c.name for c in catalogue()}
    assert "NumPlayers" not in found  # a numeric parent is a number, not a yes/no concept
    assert concepts("tic-tac-toe").numbers["NumPlayers"] == 2


# --- concepts depend on where a ludeme stands ------------------------------------------------------------
GAME = """(game "G" (players 2) (equipment {{(board (square 5)) (piece "Disc" Each)}})
    (rules (play {play}) (end {end})))"""


def declared(play="(move Add (to (sites Empty)))", end="(if (is Line 3) (result Mover Win))"):
    return load(GAME.format(play=play, end=end)).concepts


def test_an_add_in_a_consequence_is_an_effect_not_a_decision():
    assert "AddDecision" in declared() and "AddEffect" not in declared()
    chained = declared('(move Add (to (sites Empty)) (then (forEach Site (sites {"A1"}) (add (to (site))))))')
    assert {"AddDecision", "AddEffect"} <= chained


def test_a_move_constructor_is_a_decision_wherever_it_stands():
    # Ludii's (move ...) constructors set the decision flag: tested or generated in a consequence,
    # their moves are still decisions (El Perro's (can Move (move Hop ...)) in a then)
    chained = declared('(move Add (to (sites Empty)) (then (forEach Site (sites {"A1"}) (move Add (to (site))))))')
    assert "AddDecision" in chained and "AddEffect" not in chained


def test_a_removed_flanked_run_is_a_capture_but_a_counted_one_is_not():
    removed = declared("(move Add (to (sites Empty)) (then (remove (sites Flanked of:Next by:Mover))))")
    assert {"CustodialCapture", "RemoveEffect"} <= removed
    counted = declared("(move Add (to (sites Empty)))",
                       "(if (> (count Sites in:(sites Flanked of:Next by:Mover)) 2) (result Mover Win))")
    assert "CustodialCapture" not in counted


def test_end_concepts_follow_the_condition_and_the_result():
    assert {"LineWin"} <= declared(end="(if (is Line 3) (result Mover Win))")
    loss = declared(end="(if (is Line 3) (result Mover Loss))")
    assert {"LineLoss", "Misere"} <= loss and "LineWin" not in loss
    assert {"LineLoss", "Misere"} <= declared(end="(if (is Line 3) (result Next Win))")
    assert {"LineDraw", "Draw"} <= declared(end="(if (is Line 3) (result All Draw))")
    assert {"NoMovesEnd", "NoMovesWin"} <= declared(end="(if (no Moves Next) (result Next Loss))")


def test_hop_concepts_depend_on_what_is_jumped():
    hop = ("(forEach Piece)")
    game = GAME.replace('(piece "Disc" Each)', '(piece "Disc" Each (move Hop (between if:(is Enemy (who at:(between))) '
                        '(apply (remove (between)))) (to if:(is Empty (to)))))').format(play=hop, end="(if (is Line 3) (result Mover Win))")
    found = load(game).concepts
    assert {"HopDecision", "HopCapture", "HopDecisionEnemyToEmpty", "IsEnemy", "IsEmpty"} <= found
    assert "HopDecisionMoreThanOne" not in found


# --- playout metrics ---------------------------------------------------------------------------------------
def test_tic_tac_toe_under_random_play_matches_the_known_figures():
    """P1 wins about 58.5%, P2 about 28.8%, draws about 12.7%, about 7.6 moves. With N games the
    standard error of a share p is sqrt(p(1-p)/N); we allow four of them."""
    n = 3000
    m = playout_metrics(load("tic-tac-toe"), n, seed=2024)
    for name, expected in (("AdvantageP1", 0.585), ("WinsP2", 0.288), ("DrawRate", 0.127)):
        tolerance = 4 * math.sqrt(expected * (1 - expected) / n)
        assert abs(m[name].mean - expected) <= tolerance, (name, m[name].mean)
    length = m["DurationMoves"]
    assert abs(length.mean - 7.6) <= 4 * length.spread / math.sqrt(n) + 0.05
    assert m["Timeouts"].mean == 0 and m["Finished"].mean == 1
    assert m["Drawishness"].mean == m["DrawRate"].mean
    assert m["Completion"].mean == pytest.approx(1 - m["DrawRate"].mean)
    assert m["Balance"].mean == pytest.approx(1 - (m["AdvantageP1"].mean - m["WinsP2"].mean))
    assert 5 < m["BranchingFactorAverage"].mean < 6.5
    assert m["RemoveEffectFrequency"].mean == 0
    # a two-player game: utilities 1/-1/0; 1 - mean variance
    p1, p2 = m["AdvantageP1"].mean, m["WinsP2"].mean
    variance = (p1 + p2) - (p1 - p2) ** 2
    assert m["OutcomeUniformity"].mean == pytest.approx(1 - variance)


def test_the_numbers_do_not_depend_on_the_number_of_processes():
    game = load("alak")
    one = run_playouts(game, 24, seed=5, jobs=1)
    two = run_playouts(game, 24, seed=5, jobs=2)
    assert one == two
    assert playout_metrics(game, 24, seed=5) == playout_metrics(game, 24, seed=5, jobs=2)
    assert playout_metrics(game, 24, seed=6) != playout_metrics(game, 24, seed=5)
    assert [r.index for r in two] == list(range(24))


def test_capture_metrics_and_scores():
    m = playout_metrics(load("pente", options=["Board Size/9x9"]), 12, seed=1)
    assert m["RemoveEffectFrequency"].mean > 0 and m["PiecesRemovedAverage"].mean > 0
    assert "ScoreDifferenceAverage" in m
    alak = playout_metrics(load("alak"), 20, seed=1)
    assert alak["RemoveEffectFrequency"].mean > 0 and "ScoreDifferenceAverage" not in alak


def test_utilities_share_ranks():
    assert metrics.utilities((1,), False, 2) == (0.0, 1.0, -1.0)
    assert metrics.utilities((), True, 2) == (0.0, 0.0, 0.0)
    assert metrics.utilities((1, 3), False, 4) == pytest.approx((0.0, 2 / 3, -2 / 3, 2 / 3, -2 / 3))


# --- comparisons ---------------------------------------------------------------------------------------------
def test_a_comparison_has_games_as_columns_and_a_distance_matrix():
    table = compare(["tic-tac-toe", "gomoku", "pente:Players/4,Team Mode/Enabled"])
    assert table.games == ["tic-tac-toe", "gomoku", "pente:Players/4,Team Mode/Enabled"]
    assert table.row("NumPlayers").values == [2, 2, 4]
    assert table.row("Team").values == [False, False, True]
    assert table.row("LineWin").agree
    keys = [catalogue()[r.concept].key for r in table.rows]
    assert keys == sorted(keys)
    d = table.distance
    assert all(d[i][i] == 0 for i in range(3))
    assert all(d[i][j] == d[j][i] and 0 <= d[i][j] <= 1 for i in range(3) for j in range(3))
    assert d[0][1] < d[0][2]  # tic-tac-toe is nearer gomoku than four-player pente
    diff = table.differences()
    assert diff.folded > 0 and all(not r.agree for r in diff.rows)
    assert "LineWin" not in [r.concept for r in diff.rows]
    json.dumps(table.to_dict())


def test_game_specs_with_options():
    assert split_game_spec("pente:Players/4,Team Mode/Enabled") == ("pente", ["Players/4", "Team Mode/Enabled"])
    assert split_game_spec("pente") == ("pente", [])
    assert split_game_spec("pente:Opening/Pro,Board Size/9x9") == ("pente", ["Opening/Pro", "Board Size/9x9"])


def test_concept_docs_run():
    for module in (catalogue_module, comparison):
        assert doctest.testmod(module).failed == 0


# --- commands ------------------------------------------------------------------------------------------------
def test_ludeme_concepts_in_every_format(capsys):
    assert main(["concepts", "alak", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "CustodialCapture" in data["boolean"] and data["numbers"]["NumRows"] == 1
    assert main(["concepts", "pente", "--option", "Board Size/9x9", "--playouts", "4", "--format", "yaml"]) == 0
    data = yaml.safe_load(capsys.readouterr().out)
    assert "Board Size/9x9" in data["options"] and data["game"] == "pente:Board Size/9x9" and data["metrics"]["DurationMoves"]["mean"] > 0
    assert main(["concepts", "tic-tac-toe", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("concept,id,taxonomy,group,type,computation,ours,")
    assert main(["concepts", "tic-tac-toe", "--playouts", "20"]) == 0
    out = capsys.readouterr().out
    assert "LineWin" in out and "AdvantageP1" in out and "3.4.1.1.2" in out


def test_ludeme_compare_table_and_differences(capsys):
    assert main(["compare", "alak", "tic-tac-toe", "--playouts", "6", "--jobs", "2", "--differences"]) == 0
    out = capsys.readouterr().out
    assert "rows where every game agrees are left out" in out and "distance:" in out
    assert "HopDecision" in out and "Properties\n" not in out


def test_ludeme_compare_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "cmp.png"
    assert main(["compare", "alak", "pente", "tic-tac-toe", "gomoku", "--plot", str(png)]) == 0
    assert png.stat().st_size > 10_000 and png.read_bytes()[:4] == b"\x89PNG"
    svg = tmp_path / "cmp.svg"
    assert main(["compare", "tic-tac-toe", "gomoku", "--plot", str(svg), "--format", "csv"]) == 0
    assert "<svg" in svg.read_text()[:500]


def test_ludeme_compare_errors(capsys, tmp_path):
    assert main(["compare", "tic-tac-toe", "--plot", str(tmp_path / "x.gif")]) == 2
    assert "png or .svg" in capsys.readouterr().err
    assert main(["compare", "tic-tac-toe", "nosuchgame"]) == 2
    assert "no description named 'nosuchgame'" in capsys.readouterr().err
    assert main(["compare", "pente:Players/9"]) == 2
    assert "Players" in capsys.readouterr().err
    assert main(["concepts", "alak", "--agents", "nosuchagent", "--playouts", "2"]) == 2
    assert main(["concepts", "alak", "--playouts", "-1"]) == 2
    bad = tmp_path / "bad.lud"
    bad.write_text('(game "Bad" (players 2) (equipment {(board (square 3))}) (rules (play (move Add (to (sites Emptee))))))')
    assert main(["concepts", str(bad)]) == 2
    assert "bad.lud:1:" in capsys.readouterr().err


def _board_examples() -> list[str]:
    """A board of each kind the registry knows: every board's examples, and every board
    shape's in a (board ...)."""
    from interpreter.ludemes.base import BOARD_SHAPE, REGISTRY
    from interpreter.ludemes.boards import Board
    boards = []
    for cls in sorted(REGISTRY.values(), key=lambda c: c.name):
        for example in cls.examples():
            if isinstance(cls, type) and issubclass(cls, Board):
                boards.append(example)
            elif cls.kind == BOARD_SHAPE:
                boards.append(f"(board {example})")
    return boards


BOARDS = _board_examples()


@pytest.mark.parametrize("board", BOARDS)
def test_the_concepts_of_every_kind_of_board(board):
    from interpreter import LudError
    from interpreter.concept.detect import boolean_concepts, numeric_concepts
    text = (f'(game "B" (players 2) (equipment {{{board} (piece "D" Each)}}) '
            "(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))")
    try:
        game = load(text)
    except LudError:
        return  # an example that needs more around it (a track, a second board...): not a board to measure
    numbers = numeric_concepts(game)
    assert numbers["NumPlayableSites"] == game.topology.n
    assert numbers["NumVertices"] > 0 and numbers["NumEdges"] >= 0
    assert boolean_concepts(game)


def test_the_boards_reach_every_kind():
    assert any("mancalaBoard" in b for b in BOARDS) and len(BOARDS) > 30


@pytest.mark.parametrize("where, message", [
    ("{t}/missing/cmp.png", "the folder"),  # and no folder is made
    ("/proc/cmp.png", "cannot write the plot /proc/cmp.png"),  # a place nobody may write, root included
    ("{t}/folder.png", "it is a folder"),
    ("{g}.png", None),  # next to the description: fine
])
def test_compare_plot_outputs_are_checked_before_the_games(where, message, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    game = tmp_path / "g.lud"
    game.write_text(load("tic-tac-toe").info.source and open(load("tic-tac-toe").info.source).read())
    (tmp_path / "folder.png").mkdir()
    out = where.format(t=tmp_path, g=game)
    code = main(["compare", str(game), "alak", "--playouts", "1", "--plot", out])
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err
    if message is None:
        assert code == 0
    else:
        assert code == 2 and message in err, err
    assert not (tmp_path / "missing").exists()
