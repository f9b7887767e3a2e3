"""Hidden information, cards, dominoes and voting as Ludii defines them (``set Hidden``, ``is
Hidden``, ``sites Hidden`` and HiddenData; ``propose``, ``vote``, ``is Proposed``, ``is
Decided``; ``take Control``), in small positions."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import hidden


def game_of(equipment: str, play: str, start: str = "", end: str = "(end (if (no Moves Next) (result Mover Win)))",
            players: int = 2):
    return load(f"""(game "T" (players {players}) (equipment {{ {equipment} }})
        (rules {f"(start {start})" if start else ""} (play {play}) {end}))""")


BOARD = '(board (square 3)) (piece "Disc" Each)'


def pick(s, text):
    return next(m for m in s.legal_moves() if str(m) == text)


# --- hidden information ---------------------------------------------------------------------------
def test_set_hidden_in_the_start_rules_hides_each_data_type_per_player():
    g = game_of(BOARD, "(move Add (to (sites Empty)))",
                start='{(place "Disc1" {"A1"}) (set Hidden What (sites Board) to:P2) (set Hidden {Who Count} at:0 to:All)}')
    s = g.initial_state()
    assert hidden.is_hidden(s, "What", 2, 0) and not hidden.is_hidden(s, "What", 1, 0)
    assert hidden.is_hidden(s, "Who", 1, 0) and hidden.is_hidden(s, "Count", 2, 0)
    assert not hidden.is_hidden(s, None, 2, 0)  # invisible only when no data type is given
    assert hidden.hidden_sites(s, 1) == {0: ("Who", "Count")}


def test_the_flags_stay_on_a_site_for_an_add_and_go_with_a_moving_piece():
    g = game_of(BOARD, "(move Step (from (sites Occupied by:Mover)) Orthogonal (to if:(is Empty (to))))",
                start='{(place "Disc1" {"A1"}) (set Hidden (sites {"A1" "C3"}) to:P2)}')
    s = g.initial_state()
    s.apply(pick(s, "A1-B1"))
    # Ludii's ActionMove: the destination takes the origin's flags; the emptied origin shows all
    assert hidden.is_hidden(s, None, 2, 1) and not hidden.is_hidden(s, None, 2, 0)
    assert hidden.is_hidden(s, None, 2, 8)  # an empty site keeps its flag
    s.undo()
    assert hidden.is_hidden(s, None, 2, 0) and not hidden.is_hidden(s, None, 2, 1)


def test_set_hidden_as_a_consequence_with_a_value_and_is_hidden():
    g = game_of(BOARD, "(move Add (to (sites Empty)) (then (set Hidden What at:(last To) (= (count Moves) 1) to:Next)))",
                end="(end (if (is Hidden What at:(last To) to:P1) (result P2 Win)))")
    s = g.initial_state()
    s.apply(pick(s, "A1"))
    assert hidden.is_hidden(s, "What", 2, 0) and not s.over  # the first move hides it from P2
    s.apply(pick(s, "B1"))
    assert not hidden.is_hidden(s, "What", 1, 1) and not s.over  # the second does not


def test_sites_hidden_reads_the_board_for_one_player_or_several():
    g = game_of(BOARD, "(move Add (to (sites Hidden What to:Mover)))",
                start='{(set Hidden What (sites {"A1" "B1"}) to:P1) (set Hidden What (sites {"C1"}) to:P2)}')
    s = g.initial_state()
    assert sorted(str(m) for m in s.legal_moves()) == ["A1", "B1"]
    g2 = game_of(BOARD, "(move Add (to (sites Hidden What to:All)))",
                 start='{(set Hidden What (sites {"A1" "B1"}) to:P1) (set Hidden What (sites {"C1"}) to:P2)}')
    assert sorted(str(m) for m in g2.initial_state().legal_moves()) == ["A1", "B1", "C1"]


def test_an_observation_shows_only_what_the_player_may_see():
    g = game_of(BOARD, "(move Add (to (sites Empty)))",
                start='{(place "Disc1" {"A1"}) (place "Disc2" {"B1"}) (set Hidden (sites {"A1"}) to:P2)}')
    s = g.initial_state()
    assert "?" in hidden.observation(s, 2) and "?" not in hidden.observation(s, 1)
    assert hidden.observation(s, 1) == str(s)


def test_an_observation_of_a_counting_game_hides_the_counts_hidden():
    g = load("""(game "M" (players 2)
      (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True)) (piece "Seed" Shared)})
      (rules (start {(set Count 3 to:(sites Track)) (set Hidden Count (sites Bottom) to:P2)})
        (play (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then (sow))))
        (end (if (no Moves Mover) (result Mover Loss)))))""")
    s = g.initial_state()
    assert hidden.observation(s, 2).count("?") == 3 and "?" not in hidden.observation(s, 1)


def test_the_openspiel_observation_of_each_player_respects_the_mask():
    from interpreter.openspiel import SpielGame
    g = game_of(BOARD, "(move Add (to (sites Empty)))",
                start='{(place "Disc1" {"A1"}) (set Hidden (sites {"A1"}) to:P2)}')
    state = SpielGame(g).new_initial_state()
    assert state.observation_string(0) == str(state.state)  # P1 sees all
    assert state.observation_string(1) != str(state.state) and "?" in state.observation_string(1)


def test_set_hidden_concepts_as_ludii():
    from interpreter.concept import detect
    g = game_of(BOARD, "(move Add (to (sites Empty)) (then (set Hidden What at:(last To) to:Next)))")
    assert {"HiddenInformation", "HidePieceType", "SetHiddenWhat"} <= detect.declared(g)
    g = game_of(BOARD, "(move Add (to (sites Empty)))", start="(set Hidden (sites Board) to:P1)")
    found = detect.declared(g)
    assert {"HiddenInformation", "InvisiblePiece"} <= found and "SetInvisible" not in found  # a start rule


# --- voting ---------------------------------------------------------------------------------------
VOTING = '(or {(move Propose "End") (vote {"End" "Go on"}) (move Add (to (sites Empty)))})'


def test_a_proposal_is_proposed_until_everyone_voted():
    g = game_of(BOARD, VOTING, end='(end (if (is Proposed "End") (result Mover Draw)))')
    s = g.initial_state()
    assert {"Propose/End", "Vote/End", "Vote/Go_on"} <= {str(m) for m in s.legal_moves()}
    s.apply(pick(s, "Propose/End"))
    assert s.over and s.result().draw


def test_a_majority_of_all_the_players_decides():
    g = game_of(BOARD, VOTING, end='(end (if (is Decided "End") (result Mover Win)))', players=3)
    s = g.initial_state()
    s.apply(pick(s, "Vote/End"))
    s.apply(pick(s, "Vote/Go_on"))
    assert not s.over
    s.apply(pick(s, "Vote/End"))  # two of three: more than half
    assert s.arrays["decided"] == [0] and s.arrays["votes"] == [0, 0] and s.arrays["votes_cast"] == [0]


def test_no_majority_decides_nothing_and_starts_again():
    g = game_of(BOARD, VOTING, end='(end (if (is Decided "End") (result Mover Win)))')
    s = g.initial_state()
    s.apply(pick(s, "Vote/End"))
    s.apply(pick(s, "Vote/Go_on"))  # one each of two: not more than half
    assert not s.over and s.arrays["decided"] == [-1] and s.arrays["votes_cast"] == [0]
    s.apply(pick(s, "Vote/End"))
    s.apply(pick(s, "Vote/End"))
    assert s.over and s.result().winners == [2]
    s.undo()
    assert s.arrays["decided"] == [-1] and s.arrays["votes"] == [1, 0]


def test_is_decided_of_a_string_nobody_votes_for_is_false():
    g = game_of(BOARD, '(move Add (to (sites Empty)))', end='(end (if (is Decided "Never") (result Mover Win)))')
    assert not g.initial_state().over


# --- take Control ---------------------------------------------------------------------------------
def test_take_control_gives_the_pieces_to_another_player_in_a_region():
    g = game_of('(board (square 3)) (piece "Disc" Each) (piece "King" P1)',
                "(move Add (to (sites Empty)) (then (take Control of:P2 by:Mover to:(sites Row 1))))",
                start='{(place "Disc2" {"B2" "C3"}) (place "King1" {"A3"})}')
    s = g.initial_state()
    s.apply(pick(s, "Disc1@A1"))
    disc1 = next(c.index for c in g.components if c.name == "Disc1")
    disc2 = next(c.index for c in g.components if c.name == "Disc2")
    assert s.what[4] == disc1 and s.what[8] == disc2  # B2 in row 1 changes hands, C3 does not


def test_take_control_of_all_at_one_site():
    g = game_of(BOARD, "(move Add (to (sites Empty)) (then (take Control of:All by:Mover at:4)))",
                start='{(place "Disc2" {"B2" "C3"})}')
    s = g.initial_state()
    s.apply(pick(s, "A1"))
    assert s.who[4] == 1 and s.who[8] == 2


# --- dominoes -------------------------------------------------------------------------------------
DOMINOES = '(board (square 5)) (hand Each size:21) (dominoes)'


def test_the_set_of_dominoes_as_ludii_names_and_values_them():
    g = game_of(DOMINOES, "(move Pass)")
    dominoes = g.components[1:]
    assert len(dominoes) == 28 and dominoes[0].name == "Domino00" and dominoes[-1].name == "Domino66"
    d = next(c for c in dominoes if c.name == "Domino25")
    assert d.value == 2 and dict(d.data)["value2"] == 5 and d.owner == 0
    assert len(game_of('(board (square 5)) (hand Each size:21) (dominoes upTo:3)', "(move Pass)").components) == 11


def test_a_domino_declared_alone():
    g = game_of('(board (square 5)) (domino "Domino45" Shared value:4 value2:5)', "(move Pass)")
    [d] = g.components[1:]
    assert (d.name, d.value, dict(d.data)["value2"]) == ("Domino45", 4, 5)
    assert any(key.startswith("walk.") for key, _ in d.data)  # a large piece: Ludii's walk (ludemes/large.py)


def test_deal_dominoes_fills_each_hand_in_turn_with_distinct_dominoes_and_replays_alike():
    g = game_of(DOMINOES, "(move Pass)", start="(deal Dominoes 7)")
    s = g.initial_state()
    held = s.arrays["hand_sites"]
    mine, theirs = held[:21], held[21:]
    assert all(mine[:7]) and not any(mine[7:]) and all(theirs[:7]) and not any(theirs[7:])
    dealt = [w for w in held if w]
    assert len(set(dealt)) == 14
    assert g.initial_state().arrays["hand_sites"] == held  # the same random sequence: the same deal


def test_take_domino_takes_one_left_into_the_first_empty_site_of_the_movers_hand():
    g = game_of(DOMINOES, "(move Pass (then (take Domino)))", start="(deal Dominoes 7)")
    s = g.initial_state()
    before = list(s.arrays["hand_sites"])
    s.apply(s.legal_moves()[0])
    after = s.arrays["hand_sites"]
    taken = after[7]
    assert after[:7] == before[:7] and taken and taken not in before
    s.undo()
    assert s.arrays["hand_sites"] == before


def test_deal_cards_without_a_deck_deals_nothing():
    g = game_of(DOMINOES, "(move Pass)", start="(deal Cards 3)")
    assert not any(g.initial_state().arrays["hand_sites"])


# --- cards ----------------------------------------------------------------------------------------
CARDS = ('(board (square 2)) (hand Each size:3) '
         '(card "Card" Each King rank:6 value:4 trumpRank:3 trumpValue:5 suit:1) '
         '(card "Ace" P1 Ace rank:7 value:11 trumpRank:5 trumpValue:11 suit:2)')
DEALT = '{(place "Card1" (handSite P1)) (place "Ace1" (handSite P1 1)) (place "Card2" (handSite P2))}'


def test_a_card_is_a_piece_with_ludiis_data():
    g = game_of(CARDS, "(move Pass)")
    ace = next(c for c in g.components if c.name == "Ace1")
    assert ace.value == 11 and dict(ace.data) == {"type": 1, "rank": 7, "trumpRank": 5, "trumpValue": 11, "suit": 2}


def test_play_card_moves_each_card_of_the_movers_hand_to_the_site_before_the_mover():
    g = game_of(CARDS, "(move PlayCard)", start=DEALT,
                end="(end (if (= (card Suit at:0) 2) (result Mover Win)))")
    s = g.initial_state()
    assert [str(m) for m in s.legal_moves()] == ["Hand1_1-A1", "Hand1_2-A1"]
    s.apply(pick(s, "Hand1_2-A1"))
    assert s.over and s.result().winners == [1]
    s2 = g.initial_state()
    s2.apply(pick(s2, "Hand1_1-A1"))
    assert [str(m) for m in s2.legal_moves()] == ["Hand2_1-B1"]  # P2 plays to site 1


def test_card_functions_read_the_card_on_a_site_or_minus_one():
    g = game_of(CARDS, "(move PlayCard (then (set Score Mover (+ {(card Rank at:0) (card TrumpRank at:0) "
                       "(card TrumpValue at:0) (card Suit at:3)}))))", start=DEALT)
    s = g.initial_state()
    s.apply(pick(s, "Hand1_1-A1"))
    assert s.scores[1] == 6 + 3 + 5 - 1  # nothing on site 3: -1


def test_trump_suit_is_off_until_chosen_among_the_suits_offered():
    g = game_of(BOARD, "(if (= (card TrumpSuit) -1) (move Set TrumpSuit (difference {1 2 3 4} {2})) "
                       "(move Add (to (sites Empty))))",
                end="(end (if (= (card TrumpSuit) 3) (result Mover Win)))")
    s = g.initial_state()
    assert [str(m) for m in s.legal_moves()] == ["Trump/1", "Trump/3", "Trump/4"]
    s.apply(pick(s, "Trump/3"))
    assert s.over and s.result().winners == [1]
    g2 = game_of(BOARD, "(move Add (to (sites Empty)) (then (set TrumpSuit 4)))")
    s2 = g2.initial_state()
    s2.apply(s2.legal_moves()[0])
    assert s2.arrays["trump_suit"] == [4]
