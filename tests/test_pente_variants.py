"""Pente variants (../shared/seeds/pente.txt, "Options" and "FAQ on variant options").

Each test loads the one description with options, sets up a position from a 9x9 board picture
(x = P1/White, o = P2/Black, + = P3, * = P4), makes a move and checks the outcome.
"""

from __future__ import annotations

import pytest

from interpreter import LudError, MoveError, load
from interpreter.loader import expand_description

NINE = "Board Size/9x9"
_GAMES: dict[tuple[str, ...], object] = {}


def game(*options: str):
    key = tuple(sorted(options))
    if key not in _GAMES:
        _GAMES[key] = load("pente", options=list(options))
    return _GAMES[key]


def setup(options, picture: str, mover: int = 1, scores: dict[int, int] | None = None,
          phase: str = "General"):
    """A 9x9 position from a picture (x = P1, o = P2, + = P3, * = P4), in the general phase."""
    g = game(NINE, *options)
    rows = "\n".join("  " + line.strip() for line in picture.strip("\n").splitlines() if line.strip())
    score_text = ", ".join(f"{p}: {v}" for p, v in (scores or {}).items())
    return g.state_from_text(f"mover: {mover}\nphase: {phase}\nscores: {{{score_text}}}\nboard: |\n{rows}\n")


def owner(state, label: str) -> int:
    return state.who[state.game.topology.site(label)]


def legal(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# --- the option table ----------------------------------------------------------------------------

def test_every_option_and_its_default_is_declared():
    options = {o.label: ([i.name for i in o.items], o.default.name) for o in expand_description("pente").options}
    assert options["Board Size"] == (["9x9", "13x13", "15x15", "19x19"], "19x19")
    assert options["Players"] == (["2", "3", "4"], "2")
    assert options["Team Mode"] == (["Disabled", "Enabled"], "Disabled")
    assert options["Overline"] == (["Win", "Forbidden"], "Win")
    assert options["Capture Win"] == (["Enabled", "Disabled"], "Enabled")
    assert options["Capture Three"] == (["Disabled", "Enabled"], "Disabled")
    assert options["Opening"] == (["Standard", "None", "Pro", "Long Pro", "Swap", "Swap2"], "Standard")
    assert options["Self-capture"] == (["No effect", "Self-capture", "Forbidden"], "No effect")
    assert options["Overtime"] == (["Disabled", "Break the line", "Capture the line"], "Disabled")
    assert options["Mixed Capture"] == (["Disabled", "Enabled"], "Disabled")


@pytest.mark.parametrize("choices, names", [
    (["Players/3", "Opening/Swap"], ["Opening/Swap", "Players/3"]),
    (["Players/4", "Opening/Pro"], ["Opening/Pro", "Players/4"]),
    (["Players/3", "Capture Win/Disabled"], ["Capture Win/Disabled", "Players/3"]),
    (["Players/2", "Team Mode/Enabled"], ["Team Mode/Enabled", "Players/2"]),
])
def test_items_that_do_not_go_together_are_rejected_naming_both(choices, names):
    with pytest.raises(LudError) as err:
        load("pente", options=choices)
    for name in names:
        assert name in err.value.render()


def test_two_openings_at_once_are_rejected():
    with pytest.raises(LudError, match="two items chosen for option \"Opening\""):
        load("pente", options=["Opening/Swap2", "Overline/Forbidden", "Opening/Long Pro"])


def test_team_mode_alone_means_four_players_in_two_teams():
    g = game(NINE, "Team Mode/Enabled")
    assert g.num_players == 4
    assert g.team(1) == (1, 3) and g.team(2) == (2, 4)
    assert "Players/4" in g.options and "Players/2" not in g.options  # the options agree


@pytest.mark.parametrize("other", ["Players/2", "Players/3"])
def test_team_mode_with_two_or_three_players_is_refused_naming_both(other):
    with pytest.raises(LudError) as err:
        load("pente", options=["Team Mode/Enabled", other])
    assert "Team Mode/Enabled" in err.value.message and other in err.value.message


@pytest.mark.parametrize("other", ["Opening/Pro", "Opening/Swap2", "Capture Win/Disabled"])
def test_team_mode_refuses_what_four_players_refuse(other):
    # team mode is four players: two-player-only items are refused with it too
    with pytest.raises(LudError, match="Players/4"):
        load("pente", options=["Team Mode/Enabled", other])


# --- goals and capture targets --------------------------------------------------------------------

def test_three_players_win_with_four_in_a_row():
    state = setup(["Players/3"], """
        9 . . . . . . . . +
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x . . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . .
          A B C D E F G H I
        """)
    state.apply("D5")
    assert state.is_over() and state.result().winners == [1]


def test_teams_need_five_in_a_row():
    state = setup(["Players/4", "Team Mode/Enabled"], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x . . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . .
          A B C D E F G H I
        """)
    state.apply("D5")
    assert not state.is_over()


def test_a_team_line_is_made_of_one_players_stones():
    # P1 and P3 are teammates, but P1 P1 P3 P1 P1 is no line of five
    state = setup(["Players/4", "Team Mode/Enabled"], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x + x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . .
          A B C D E F G H I
        """)
    state.apply("E5")
    assert not state.is_over()


def test_a_players_win_is_the_teams_win():
    state = setup(["Players/4", "Team Mode/Enabled"], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 + + + + . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . .
          A B C D E F G H I
        """, mover=3)
    state.apply("E5")
    assert state.result().winners == [1, 3]
    assert state.result().headline() == "P1 P3 WIN"


def test_play_order_is_p1_p2_p3_p4():
    state = game(NINE, "Team Mode/Enabled").initial_state()
    order = []
    for _ in range(5):
        order.append(state.mover)
        state.apply(state.legal_moves()[0])
    assert order == [1, 2, 3, 4, 1]


@pytest.mark.parametrize("options, before, wins", [
    ([], 8, True),
    (["Players/3"], 6, True),  # 8 stones in non-team multiplayer
    (["Players/3"], 4, False),
    (["Capture Three/Enabled"], 8, False),  # 15 with capture three
    (["Capture Three/Enabled"], 13, True),
    (["Players/4", "Capture Three/Enabled"], 10, True),  # 12 with capture three, multiplayer
    (["Players/4", "Capture Three/Enabled"], 8, False),
    (["Players/4", "Team Mode/Enabled"], 6, False),  # teams count 10 like two players
    (["Capture Win/Disabled"], 30, False),
])
def test_capture_targets(options, before, wins):
    state = setup(options, """
        9 . . . . . . . . o
        8 . . . . . . . . o
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o o x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """, scores={1: before})
    state.apply("A5")
    assert state.scores[1] == before + 2
    assert state.is_over() == wins


# --- capture three and mixed capture ----------------------------------------------------------

def test_capture_three_takes_three_stones():
    state = setup(["Capture Three/Enabled"], """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o o o x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """)
    state.apply("A5")
    assert [owner(state, s) for s in ("B5", "C5", "D5")] == [0, 0, 0]
    assert state.scores[1] == 3


def test_capture_three_still_takes_pairs_but_not_four():
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o o x . . . . .
        4 . o . . . . . . .
        3 . . o . . . . . .
        2 . . . o . . . . .
        1 . . . . x . . . .
          A B C D E F G H I
        """
    state = setup(["Capture Three/Enabled"], picture)
    state.apply("A5")  # the pair east and the three on the diagonal south-east
    assert state.scores[1] == 5
    four = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . . . . . .
        4 . . . . . . . . .
        3 . o o o o x . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Capture Three/Enabled"], four)
    state.apply("A3")
    assert state.scores[1] == 0 and state.counts[2] == 5


def test_without_mixed_capture_a_pair_of_two_colours_stays():
    state = setup(["Players/3"], """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o + x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . +
          A B C D E F G H I
        """)
    state.apply("A5")
    assert owner(state, "B5") == 2 and owner(state, "C5") == 3


def test_mixed_capture_takes_a_pair_of_two_colours():
    state = setup(["Players/3", "Mixed Capture/Enabled"], """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o + x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . +
          A B C D E F G H I
        """)
    state.apply("A5")
    assert owner(state, "B5") == 0 and owner(state, "C5") == 0
    assert state.scores[1] == 2


def test_teammates_stones_can_be_captured_but_score_nothing():
    state = setup(["Players/4", "Team Mode/Enabled"], """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . + + x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """)
    state.apply("A5")
    assert owner(state, "B5") == 0 and owner(state, "C5") == 0
    assert state.scores[1] == 0


# --- overline --------------------------------------------------------------------------------------

def test_overline_forbidden_makes_six_illegal_and_five_wins():
    state = setup(["Overline/Forbidden"], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x . x x . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o . . . . . . .
          A B C D E F G H I
        """)
    assert "D5" not in legal(state)
    with pytest.raises(MoveError):
        state.apply("D5")
    state = setup(["Overline/Forbidden"], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x . x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o . . . . . . .
          A B C D E F G H I
        """)
    state.apply("D5")
    assert state.is_over() and state.result().winners == [1]


def test_overline_forbidden_with_three_players_is_five():
    state = setup(["Overline/Forbidden", "Players/3"], """
        9 . . . . . . . . +
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x . x x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . .
          A B C D E F G H I
        """)
    assert "C5" not in legal(state)


def test_overline_win_by_default():
    state = setup([], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x . x x . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o . . . . . . .
          A B C D E F G H I
        """)
    state.apply("D5")
    assert state.is_over() and state.result().winners == [1]


# --- openings --------------------------------------------------------------------------------------

def test_opening_none_allows_any_first_stone():
    state = game(NINE, "Opening/None").initial_state()
    assert len(state.legal_moves()) == 81
    state.apply("A1")


@pytest.mark.parametrize("opening, distance", [("Pro", 3), ("Long Pro", 4)])
def test_pro_openings(opening, distance):
    state = game("Opening/" + opening).initial_state()  # 19x19, centre J10
    assert legal(state) == {"J10"}
    state.apply("J10")
    assert len(state.legal_moves()) == 360  # Black's first stone anywhere
    state.apply("K11")
    third = legal(state)
    size = 2 * distance - 1  # the square around the centre that is closed to White
    assert len(third) == 361 - size * size - (0 if "K11" in third else 0)
    near = f"{'ABCDEFGHJKLMNOPQRST'[0]}"  # noqa: F841 (labels below are explicit)
    assert "L12" not in third  # two away
    far_label = {3: "M10", 4: "N10"}[distance]
    assert far_label in third
    too_near = {3: "L10", 4: "M10"}[distance]
    assert too_near not in third
    state.apply(far_label)
    assert len(state.legal_moves()) == 361 - 3  # then free


@pytest.mark.parametrize("opening", ["Pro", "Long Pro"])
def test_pro_openings_place_on_empty_sites_only(opening):
    # the region of White's second stone (far from White's) holds Black's far stone: it is no placement
    state = game("Opening/" + opening).initial_state()
    state.apply("J10")
    state.apply("A1")
    assert "A1" not in legal(state) and "A2" in legal(state)


def test_swap_opening():
    state = game(NINE, "Opening/Swap").initial_state()
    assert "1@A1" in legal(state) and "2@A1" in legal(state)
    for move in ("1@A1", "1@B1"):
        state.apply(move)
        assert state.mover == 1
    assert all(m.startswith("2@") for m in legal(state))  # two white already: black only
    state.apply("2@C1")
    state.apply("2@D1")
    assert state.mover == 2
    assert legal(state) == {"choose-white", "choose-black"}
    white = state.clone()
    white.apply("choose-white")
    # the second player now plays White's stones and plays White's third stone at once
    assert [owner(white, s) for s in ("A1", "B1", "C1", "D1")] == [2, 2, 1, 1]
    assert white.mover == 2
    black = state.clone()
    black.apply("choose-black")
    assert [owner(black, s) for s in ("A1", "B1", "C1", "D1")] == [1, 1, 2, 2]
    assert black.mover == 1
    black.apply("E5")
    assert black.mover == 2


def swap2_start():
    state = game(NINE, "Opening/Swap2").initial_state()
    for move in ("1@A1", "1@B1"):
        state.apply(move)
    assert all(m.startswith("2@") for m in legal(state))
    state.apply("2@C1")
    assert state.mover == 2
    return state


def test_swap2_second_player_takes_white():
    state = swap2_start()
    assert {"choose-white", "choose-black", "1@E5", "2@E5"} <= legal(state)
    state.apply("choose-white")
    assert [owner(state, s) for s in ("A1", "B1", "C1")] == [2, 2, 1]
    assert state.mover == 1  # Black (now P1) places Black's second stone
    state.apply("E5")
    assert owner(state, "E5") == 1


def test_swap2_second_player_takes_black_and_places_a_second_black():
    state = swap2_start()
    state.apply("choose-black")
    assert state.mover == 2
    assert all(m.startswith("2@") for m in legal(state))
    state.apply("2@E5")
    assert owner(state, "E5") == 2
    assert state.mover == 1  # White's turn: P1 kept White
    state.apply("F6")
    assert owner(state, "F6") == 1


@pytest.mark.parametrize("first_choice", ["choose-white", "choose-black"])
def test_swap2_two_more_stones_and_the_choice_goes_back(first_choice):
    state = swap2_start()
    state.apply("1@E5")
    assert state.mover == 2
    assert all(m.startswith("2@") for m in legal(state))  # now the other colour
    state.apply("2@F5")
    assert state.mover == 1
    assert legal(state) == {"choose-white", "choose-black"}
    state.apply(first_choice)
    if first_choice == "choose-white":
        assert owner(state, "E5") == 1 and state.mover == 2  # Black (P2) moves next
    else:
        assert owner(state, "E5") == 2 and owner(state, "F5") == 1 and state.mover == 1


def test_ambiguous_placement_text_asks_which_piece():
    state = game(NINE, "Opening/Swap").initial_state()
    with pytest.raises(MoveError, match="ambiguous"):
        state.apply("C3")


# --- self-capture positions ----------------------------------------------------------------------

BRACKET = """
    9 . . . . . . . . o
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 . o x . o . . . .
    4 . . . . . . . . .
    3 . . . . . . . . .
    2 . . . . . . . . .
    1 . . . . . . . . x
      A B C D E F G H I
    """  # o x _ o : D5 closes a pair in a bracket


def test_self_capture_no_effect_by_default():
    state = setup([], BRACKET)
    state.apply("D5")
    assert owner(state, "C5") == 1 and owner(state, "D5") == 1


def test_self_capture_gives_the_pair_to_the_bracketing_player():
    state = setup(["Self-capture/Self-capture"], BRACKET)
    state.apply("D5")
    assert owner(state, "C5") == 0 and owner(state, "D5") == 0
    assert state.scores[2] == 2 and state.scores[1] == 0


def test_self_capture_three_with_capture_three():
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o x x . o . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . x
          A B C D E F G H I
        """
    state = setup(["Self-capture/Self-capture", "Capture Three/Enabled"], picture)
    state.apply("E5")
    assert [owner(state, s) for s in ("C5", "D5", "E5")] == [0, 0, 0]
    assert state.scores[2] == 3
    state = setup(["Self-capture/Self-capture"], picture)
    state.apply("E5")
    assert [owner(state, s) for s in ("C5", "D5", "E5")] == [1, 1, 1]


def test_self_capture_happens_before_the_end_check():
    # D5 completes A5-E5, but D5 also closes D5-D6 between o on D4 and D7: no line, no win
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . o . . . . .
        6 . . . x . . . . .
        5 x x x . x . . . .
        4 . . . o . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Self-capture/Self-capture"], picture)
    state.apply("D5")
    assert not state.is_over()
    assert owner(state, "D5") == 0 and state.scores[2] == 2


def test_forbidden_self_capture_position_is_illegal():
    state = setup(["Self-capture/Forbidden"], BRACKET)
    assert "D5" not in legal(state)
    with pytest.raises(MoveError):
        state.apply("D5")


def test_forbidden_self_capture_wins_over_a_capture():
    # D5 would also capture E5-F5 (closed by G5): still locked
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o x . o o x . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . x
          A B C D E F G H I
        """
    state = setup(["Self-capture/Forbidden"], picture)
    assert "D5" not in legal(state)
    assert "D5" in legal(setup([], picture))


def test_forbidden_self_capture_wins_over_a_win():
    # D5 would make five in a column D3-D7, and closes C5-D5 between B5 and E5
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . x . . . . .
        6 . . . x . . . . .
        5 . o x . o . . . .
        4 . . . x . . . . .
        3 . . . x . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . x
          A B C D E F G H I
        """
    state = setup(["Self-capture/Forbidden"], picture)
    assert "D5" not in legal(state)


def test_forbidden_self_capture_wins_over_a_capture_win():
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . o x . o o x . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . x
          A B C D E F G H I
        """
    state = setup(["Self-capture/Forbidden"], picture, scores={1: 8})
    assert "D5" not in legal(state)


def test_mixed_and_self_capture_contested_stones_vanish():
    # row 5: o(P2) X(P1 plays B5) +(P3) o(P2) x(P1)
    # P1 captures C5+D5 (mixed pair closed by E5); P2 self-captures B5+C5 (mixed run between
    # A5 and D5). C5 is claimed by both: removed, scored by nobody. B5 scores for P2, D5 for P1.
    picture = """
        9 . . . . . . . . +
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o . + o x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . x o
          A B C D E F G H I
        """
    options = ["Players/3", "Mixed Capture/Enabled", "Self-capture/Self-capture"]
    state = setup(options, picture)
    state.apply("B5")
    assert [owner(state, s) for s in ("A5", "B5", "C5", "D5", "E5")] == [2, 0, 0, 0, 1]
    assert state.scores[1:] == [1, 1, 0]


def test_teammates_self_capture_applies_too():
    # P1's pair closed between two stones of P3, P1's teammate: captured, scored by nobody
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . + x . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Players/4", "Team Mode/Enabled", "Self-capture/Self-capture"], picture)
    state.apply("D5")
    assert owner(state, "C5") == 0 and owner(state, "D5") == 0
    assert state.scores[1:] == [0, 0, 0, 0]


# --- overtime -----------------------------------------------------------------------------------

LINE = """
    9 . . . . . . . . .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 x x x x . . . . .
    4 . . . . . . . . .
    3 . . . . . . . . .
    2 . . . . . . . . .
    1 o o o . . . . . .
      A B C D E F G H I
    """


def test_overtime_disabled_ends_at_once():
    state = setup([], """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . o . . . . .
        6 . . . x . . . . .
        5 x x x x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o o . . . . . .
          A B C D E F G H I
        """)
    state.apply("E5")
    assert state.is_over()


def test_break_the_line_game_goes_on_and_the_next_player_must_break():
    # o can capture D6+D5 with D4 against D7, breaking A5-E5
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . o . . . . .
        6 . . . x . . . . .
        5 x x x x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o o . . . . . .
          A B C D E F G H I
        """
    state = setup(["Overtime/Break the line"], picture)
    state.apply("E5")
    assert not state.is_over()
    assert legal(state) == {"D4"}  # the only move that breaks the line
    state.apply("D4")
    assert owner(state, "D5") == 0 and not state.is_over()
    assert state.mover == 1


def test_break_the_line_fails_when_no_capture_breaks_it():
    state = setup(["Overtime/Break the line"], LINE)
    state.apply("E5")
    assert state.is_over() and state.result().winners == [1]


def test_shortening_an_overline_to_five_is_no_break():
    # x x x x x x on row 5 (A-F); o could capture F5+F6 (F4 against F7), leaving five: no break
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . o . . .
        6 . . . . . x . . .
        5 x x x x x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Overtime/Break the line"], picture)
    state.apply("F5")
    assert state.is_over() and state.result().winners == [1]


def test_a_capture_win_ends_the_game_even_in_overtime():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . o . . . . .
        6 . . . x . . . . .
        5 x x x x . . o o x
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o o . . . . . .
          A B C D E F G H I
        """
    state = setup(["Overtime/Break the line"], picture, scores={1: 8})
    state.apply("F5")  # captures G5+H5: 10 stones, the capture win is immediate
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_by_the_next_players_stone_at_the_blocked_end():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x x o . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o o o . . . . . .
          A B C D E F G H I
        """  # o blocks E5; x plays... the line will be B5-F5? build it below
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture)
    state.apply("F5")  # five B5-F5, blocked by o at A5, open at G5
    assert not state.is_over()
    assert legal(state) == {"G5"}
    state.apply("G5")
    assert [owner(state, s) for s in ("B5", "C5", "D5", "E5", "F5")] == [0] * 5
    assert state.scores[2] == 5
    assert not state.is_over()


def test_capture_the_line_needs_one_end_blocked_and_one_open():
    open_both = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . x x x x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], open_both)
    state.apply("F5")
    assert state.is_over() and state.result().winners == [1]
    blocked_both = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . o . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], blocked_both)
    state.apply("F5")
    assert state.is_over() and state.result().winners == [1]


def test_a_line_inserted_between_two_next_player_stones_wins_at_once():
    # neither self-capture (five is not a capturable length) nor an overtime turn
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x . x x o . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line", "Self-capture/Self-capture"], picture)
    state.apply("D5")
    assert state.is_over() and state.result().winners == [1]
    assert all(owner(state, s) == 1 for s in ("B5", "C5", "D5", "E5", "F5"))


def test_capture_the_line_not_with_two_lines():
    state = setup(["Overtime/Capture the line"], """
        9 . . . . . o . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . . . .
        4 . . . . . x . . .
        3 . . . . . x . . .
        2 . . . . . x . . .
        1 . . . . . x . . .
          A B C D E F G H I
        """)
    state.apply("F5")  # two lines through F5
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_not_when_blocked_by_a_third_players_stone():
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 + x x x . . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . +
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line", "Players/3"], picture)
    state.apply("E5")  # four wins with three players; blocked by P3, not by P2 (the next player)
    assert state.is_over() and state.result().winners == [1]


# Capture the line: the FAQ's five cases where no overtime line capture is allowed, each with an
# ordinary pair capture that would break the line available to the next player (it must not be
# offered: during the overtime turn only a whole-line capture is a legal move).

def test_capture_the_line_issue_example_both_ends_blocked_ends_the_game():
    g = load("pente", options=[NINE, "Opening/None", "Overtime/Capture the line"])
    state = g.initial_state()
    for move in "B5 A5 C5 G5 D5 D3 D4 I9 E5 I1 F5".split():
        state.apply(move)
    # White's B5-F5 is closed by Black at A5 and G5; Black's D6 would capture D5+D4 (a break)
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_offers_only_the_whole_line_capture():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . . . .
        4 . . . x . . . . .
        3 . . . o . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture)
    state.apply("F5")  # B5-F5, closed by o at A5, open at G5; D6 would capture D5+D4
    assert not state.is_over()
    assert legal(state) == {"G5"}
    with pytest.raises(MoveError):
        state.apply("D6")
    state.apply("G5")
    assert [owner(state, s) for s in ("B5", "C5", "D5", "E5", "F5")] == [0] * 5
    assert owner(state, "D4") == 1  # the capturing stone makes no other capture here
    assert state.scores[2] == 5 and not state.is_over()


def test_capture_the_line_stone_also_makes_its_ordinary_captures():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . o . .
        7 . . . . . . x . .
        6 . . . . . . x . .
        5 o x x x x . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture)
    state.apply("F5")
    assert legal(state) == {"G5"}
    state.apply("G5")  # the whole line, and the pair G6+G7 against G8
    assert [owner(state, s) for s in ("B5", "C5", "D5", "E5", "F5", "G6", "G7")] == [0] * 7
    assert state.scores[2] == 7


def test_capture_the_line_not_at_the_edge_of_the_board():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 x x x x . . . . .
        4 . . x . . . . . .
        3 . . o . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture)
    state.apply("E5")  # A5-E5 runs to the edge; o at F5 would not bracket it; C6 captures a pair
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_not_after_a_capture_win():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . o o x
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture, scores={1: 8})
    state.apply("F5")  # B5-F5, which o could capture at G5; but F5 also takes G5+H5: 10 stones
    assert state.is_over() and state.result().winners == [1]
    assert state.scores[1] == 10


def test_capture_the_line_not_with_two_lines_even_with_a_pair_to_take():
    state = setup(["Overtime/Capture the line"], """
        9 . . . . . o . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 o x x x x . . . .
        4 . . x . . x . . .
        3 . . o . . x . . .
        2 . . . . . x . . .
        1 . . . . . x . . .
          A B C D E F G H I
        """)
    state.apply("F5")  # two lines through F5; o's C6 would capture C5+C4
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_not_when_two_players_win_at_once():
    # P1's D5 captures E5+F5 (10 stones) and is self-captured with D4 between D3 and D6 (P2
    # reaches 10): two players meet a winning condition together, the game ends, shared
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . o . . . . .
        5 . . . . o o x . .
        4 . . . x . . . . .
        3 . . . o . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line", "Self-capture/Self-capture"], picture, scores={1: 8, 2: 8})
    state.apply("D5")
    assert state.is_over() and state.result().winners == [1, 2]


def test_capture_the_line_not_when_blocked_by_a_third_player_even_with_a_pair_to_take():
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 + x x x . . . . .
        4 . . x . . . . . .
        3 . . o . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . +
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line", "Players/3"], picture)
    state.apply("E5")  # four wins with three players; o's C6 would capture C5+C4
    assert state.is_over() and state.result().winners == [1]


def test_capture_the_line_not_when_both_ends_are_open_even_with_a_pair_to_take():
    picture = """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . x x x x . . . .
        4 . . x . . . . . .
        3 . . o . . . . . .
        2 . . . . . . . . .
        1 o . . . . . . . o
          A B C D E F G H I
        """
    state = setup(["Overtime/Capture the line"], picture)
    state.apply("F5")
    assert state.is_over() and state.result().winners == [1]


# --- shared victory --------------------------------------------------------------------------------

def test_players_meeting_a_winning_condition_together_share_the_victory():
    # x plays D5: captures E5+F5 (x G5) reaching 10, and is self-captured with C5 between B5 and
    # E5?  E5 goes in the capture; use a column instead: D4 (x) between D3 (o) and D6 (o)
    picture = """
        9 . . . . . . . . o
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . o . . . . .
        5 . . . . o o x . .
        4 . . . x . . . . .
        3 . . . o . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          A B C D E F G H I
        """
    state = setup(["Self-capture/Self-capture"], picture, scores={1: 8, 2: 8})
    state.apply("D5")
    assert state.scores[1] == 10 and state.scores[2] == 10
    assert state.is_over() and state.result().winners == [1, 2]
    assert state.result().headline() == "P1 P2 WIN"
