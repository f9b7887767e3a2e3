"""The compiled tier's conventions: the state vector's fixed slots and the move code (no
numba here: the Python side reads them too).

A compiled state is one ``int64`` vector: the scalar variables first, at the fixed offsets
below, then the arrays whose place depends on the board and the players (counts, scores, seats,
the pieces and owners of the sites, the game's own arrays), found through the layout table
(``L``, the first table every generated function receives; see :mod:`.layout`). A move is one
``int64`` (see :func:`encode`).
"""

from __future__ import annotations

# --- the scalar slots of a state vector (the reference State's variables) ---------------------------
MOVER, PHASE, PLY, PASSES, TURN_MOVES, LAST_TO, LAST_FROM, LAST_MOVER, MOVE_AGAIN, OVER, WINNERS, \
    LOSERS, DRAW, TERMINATION, REASON, ERROR, TURNS, STALEMATED, TURN_START, TURN_PASSED, PASS_TURNS, \
    CHECK_PREV, TRIED_NEXT, PREV, UNCOUNTED = range(25)
SCALARS = 25  # CHECK_PREV: Prev while (no Moves Next) lists the next player's moves (0 otherwise)
# TRIED_NEXT: Next plus one while ifAfterwards judges a tried move (engine.turns.next_as_tried; 0 otherwise)
# PREV: Ludii's State.prev, the mover of the last move once its turn is done (State.prev)
# UNCOUNTED: the moves counted in PLY that a move listed leaves out (State._uncounted; State.listed_ply)

# the layout table L: where the arrays start, and the sizes generated code needs at run time
# (L_LIMIT: the game's ply limit; L_MAX_TURNS: Ludii's turn limit)
L_N, L_PLAYERS, L_WHAT, L_WHO, L_COUNTS, L_SCORES, L_SEATS, L_LIMIT, L_SIZE, L_MOVES, L_MAX_TURNS = range(11)
L_FIXED = 11  # the game's own arrays follow, one offset each (layout.Layout.arrays)

# errors a compiled function reports in st[ERROR] (the Python side raises them)
ERR_NONE, ERR_OVERFLOW, ERR_CLASH, ERR_RANGE = 0, 1, 2, 3

# --- the move code -------------------------------------------------------------------------------
# bits: rule 0-9, kind 10-12, frm+1 13-28, to+1 29-44, what 45-56, aux 57-62
RULE_BITS, KIND_SHIFT, FRM_SHIFT, TO_SHIFT, WHAT_SHIFT, AUX_SHIFT = 10, 10, 13, 29, 45, 57
MAX_RULES, MAX_SITES, MAX_WHAT, MAX_AUX = 1 << 10, (1 << 16) - 2, 1 << 12, 1 << 6


def encode(rule: int, kind: int, frm: int, to: int, what: int, aux: int = 0) -> int:
    """A move as one int: the rule that made it (which consequences it has), its kind
    (:class:`~interpreter.engine.move.MoveKind`), its sites (-1 for none), the piece placed or
    the word chosen, and an auxiliary number (a direction, for the sites a hop jumps)."""
    return (rule | (kind << KIND_SHIFT) | ((frm + 1) << FRM_SHIFT) | ((to + 1) << TO_SHIFT)
            | (what << WHAT_SHIFT) | (aux << AUX_SHIFT))


def decode(code: int) -> tuple[int, int, int, int, int, int]:
    """(rule, kind, frm, to, what, aux) of a move code."""
    code = int(code)
    return (code & (MAX_RULES - 1), (code >> KIND_SHIFT) & 7, ((code >> FRM_SHIFT) & 0xFFFF) - 1,
            ((code >> TO_SHIFT) & 0xFFFF) - 1, (code >> WHAT_SHIFT) & 0xFFF, (code >> AUX_SHIFT) & 63)


KEY_MASK = ~((1 << RULE_BITS) - 1) & ~(63 << AUX_SHIFT)  # what a move does: kind, sites, piece


