"""Mughrabieh's bearing off (Ludii's ``MughrabiehSubgame``, a game of the match Mughrabieh):
which pieces ``(forEach Site <region> ... (move (from (site)) (to ...)))`` moves.

Ludii's ``FromTo`` (``Core/src/game/rules/play/moves/nonDecision/effect/FromTo.java``) moves the
piece found at the origin whoever owns it: it skips an empty origin (``what <= 0``) and checks no
owner. So a bearing-off rule that walks the sites of the mover's home (``(sites Mover "Home")``)
moves an opponent's piece standing there too, along the mover's track, onto a site that is not
the opponent's. Ludii 1.3.13's trace of Mughrabieh never does (ply 1661: P2 bears off with a 2
while two of P1's pieces stand on H1, P2's home, and Ludii lists no H1-J1): the subgame it ran
walks the mover's own pieces (``(sites Occupied by:Mover)``), as its sibling ``MahbousehSubgame``
in the sample does where the repository's older copies walk ``(sites Mover "Home")``. With that
one line, our replay of the trace agrees with Ludii's to its end (2376 plies, the same winner).
The tests below pin both readings on the position of ply 1661 (mirrored: P1 moves), with a step
of two in place of the die.
"""

from __future__ import annotations

from interpreter import load
from interpreter.ludii.traces import ludii_texts

# P1's home is H2..M2 (20..25) and its track ends there (then End); P2's pieces stand on H2 and
# M2, P1's on I2 (1), J2 (4), K2 (4), L2 (6). Two steps: I2-K2, J2-L2, L2 off the board (its two
# steps reach the track's End), K2-M2 is barred (M2 is P2's), M2 is two steps past the end (Off)
BEAR_OFF = """
(game "Bear Off"
    (players 2)
    (equipment {
        (board (rectangle 2 13)
            {
            (track "Track1" {12..7 5..0 13..18 20..25 End} P1 directed:True)
            (track "Track2" {25..20 18..13 0..5 7..12 End} P2 directed:True)
            }
            use:Vertex
        )
        (regions "Home" P1 {20..25})
        (regions "Home" P2 {7..12})
        (piece "Disc" Each)
    })
    (rules
        (start {
            (place Stack "Disc1" 21 count:1) (place Stack "Disc1" 22 count:4)
            (place Stack "Disc1" 23 count:4) (place Stack "Disc1" 24 count:6)
            (place Stack "Disc2" 20 count:2) (place Stack "Disc2" 25 count:2)
        })
        (play
            (forEach Site REGION
                (if (and (!= (what at:(site)) 0) (!= (trackSite Move from:(site) steps:2) Off))
                    (if (= (trackSite Move from:(site) steps:2) End)
                        (move Remove (site))
                        (move (from (site))
                            (to (trackSite Move from:(site) steps:2) if:(not (is Enemy (who at:(to)))))
                        )
                    )
                )
            )
        )
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""

HOME = '(sites Mover "Home")'
OWN = "(sites Occupied by:Mover)"


def _bear_off(region: str):
    return load(BEAR_OFF.replace("REGION", region))


def _texts(state) -> list[str]:
    return sorted(ludii_texts(state, state.legal_moves()))


def test_walking_the_home_moves_an_opponents_piece_standing_there():
    state = _bear_off(HOME).initial_state()
    assert _texts(state) == ["H2-J2", "I2-K2", "J2-L2", "L2"]
    # the opponent's top piece goes along the mover's track, onto the mover's stack
    state.apply(next(m for m in state.legal_moves() if m.text == "H2-J2"))
    labels = state.game.topology.labels
    j2, h2 = labels.index("J2"), labels.index("H2")
    assert state.who[j2] == 2 and state.who[h2] == 2


def test_walking_the_movers_pieces_moves_only_them():
    state = _bear_off(OWN).initial_state()
    assert _texts(state) == ["I2-K2", "J2-L2", "L2"]  # Ludii's legal moves at ply 1661 (mirrored)


def test_a_match_plays_the_subgame_found_beside_its_file(tmp_path):
    (tmp_path / "subgame__race__escape__Bear Off.lud").write_text(BEAR_OFF.replace("REGION", OWN))
    match = tmp_path / "board__race__escape__Bear Off Match.lud"
    match.write_text('(match "Bear Off Match" (players 2) (games (subgame "Bear Off" result:(score Mover)))\n'
                     '  (end {(if (>= (matchScore P1) 1) (result P1 Win)) (if (>= (matchScore P2) 1) '
                     '(result P2 Win))}))\n')
    state = load(match).initial_state()
    assert sorted(ludii_texts(state, state.legal_moves())) == ["I2-K2", "J2-L2", "L2"]
