"""The meanings behind the faster reads of session 40, each on a small game: a threat test asks
a move onto one site of a region (``(to (sites Occupied by:Enemy))``, ``(to (sites Empty))``)
whether the region holds that site, ``forEach Value``'s moves onto a site are those of each
value, and a deduction puzzle's constraints (an ``all Sites`` test of each site, any other
condition) hold or fail on each value tried as when judged afresh."""

from __future__ import annotations

from interpreter import load

# --- threats through a region: a move onto any enemy's site, a move onto an empty site ----------
THREAT = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 4))
  (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Witch" Each (move (from) (to (sites Occupied by:Enemy) (apply (remove (to))))))
  (piece "Ghost" Each (move (from) (to (sites Empty))))
  (piece "Owl" Each (forEach Value min:1 max:3
      (if (= (value) 2) (move Step Forward (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))))})
 (rules (start {START})
  (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def _king_moves(start: str) -> list[str]:
    state = load(THREAT.replace("START", start)).initial_state()
    return sorted(str(m) for m in state.legal_moves() if str(m).startswith("A1"))


def test_a_piece_going_onto_any_enemy_site_threatens_every_site_of_the_king():
    # Witch2 may go onto any site of player 1's: the king is threatened wherever it goes
    assert _king_moves('(place "King1" coord:"A1") (place "King2" coord:"D4") (place "Witch2" coord:"D1")') == []


def test_a_piece_going_onto_empty_sites_only_threatens_no_king():
    # Ghost2 goes to empty sites only: the king's site is never one of them
    assert _king_moves('(place "King1" coord:"A1") (place "King2" coord:"D4") (place "Ghost2" coord:"D1")') == \
        ["A1-A2", "A1-B1", "A1-B2"]


def test_each_value_of_for_each_value_threatens_with_its_own_moves():
    # Owl2 on B3 (facing south) steps one site south for the value 2 only: B2 is threatened
    assert _king_moves('(place "King1" coord:"A1") (place "King2" coord:"D4") (place "Owl2" coord:"B3")') == \
        ["A1-A2", "A1-B1"]


# --- a deduction puzzle: constraints judged for each value tried -----------------------------------
def _puzzle(constraint: str) -> str:
    return ('(game "P" (players 1) (equipment {(board (square 3) (values Cell (range 1 3))) (regions {AllSites})}) '
            f'(rules (play (satisfy {{{constraint}}})) (end (if (= 1 2) (result P1 Win)))))')


NEIGHBOURS_DIFFER = ('(all Sites (sites Board) if:(or (= (what at:(site)) 0) (not (is In (what at:(site)) '
                     '(results from:(site) to:(sites Around (site) Orthogonal) (what at:(to)))))))')


def _label(site: int) -> str:
    return "ABC"[site % 3] + str(site // 3 + 1)


def _settings(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves() if "=" in m.text)


def _expected(given: dict[int, int], ok) -> list[str]:
    out = []
    for x in range(9):
        for v in (1, 2, 3):
            values = dict(given)
            values[x] = v
            if ok(values):
                out.append(f"{_label(x)}={v}")
    return sorted(out)


def _orthogonal_differ(values: dict[int, int]) -> bool:
    for x, v in values.items():
        for y, w in values.items():
            if x != y and v == w and abs(x % 3 - y % 3) + abs(x // 3 - y // 3) == 1:
                return False
    return True


def test_a_site_by_site_constraint_keeps_the_values_no_neighbour_has():
    state = load(_puzzle(NEIGHBOURS_DIFFER)).initial_state()
    state.apply("A1=1")
    state.apply("C3=2")
    state.apply("B2=1")
    assert _settings(state) == _expected({0: 1, 8: 2, 4: 1}, _orthogonal_differ)
    assert "B1=1" not in _settings(state) and "B1=2" in _settings(state)
    assert "B2=2" in _settings(state)  # B2's own value replaced: its neighbours hold no 2


def test_a_constraint_on_two_sites_is_judged_again_when_one_of_them_changes():
    # A1 and B2 differ once both are set: setting any other site keeps the moves onto them
    state = load(_puzzle("(or (= (what at:0) 0) (!= (what at:0) (what at:4)))")).initial_state()
    state.apply("A1=2")

    def differ(values: dict[int, int]) -> bool:
        return values.get(4) != values[0]
    assert _settings(state) == _expected({0: 2}, differ)
    state.apply("C1=3")
    assert _settings(state) == _expected({0: 2, 2: 3}, differ)
