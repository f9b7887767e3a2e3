"""Replaying a game Ludii played (a trace: every ply's mover, legal moves and move, in Ludii's
texts) on this engine, ply by ply, chance included.

Ludii's dice come from its own random numbers, which this engine does not reproduce; a trace
keeps only the moves' texts. So where a ply rolls dice (the legal moves are worked out after a
roll), :func:`replay` tries the chance outcomes (:func:`interpreter.engine.dice.outcomes`) and
keeps those whose legal moves are Ludii's: the dice Ludii's texts imply. When several fit, the
first is followed and the others are tried if a later ply disagrees (a search with a budget).
A ply whose legal moves do not depend on the roll (every outcome fits) tells nothing about it:
the outcomes then stay ambiguous, and a later difference may come from that.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ..engine import dice
from ..engine.move import CHOICE, MoveKind

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.move import Move
    from ..engine.state import State

MAX_OUTCOMES = 4096  # chance outcomes tried at one ply, at most
Texts = Callable[["State", Sequence["Move"]], list[str]]


def ludii_texts(state: "State", legal: Sequence["Move"]) -> list[str]:
    """Ludii's texts of our moves: a placement is its site's label, ``LABEL:PIECE`` (the piece's
    full name) when several legal placements share the site; a removal is its site's label; a
    move to a hand is ``Move`` (Ludii's action), a move from a hand its target's label; a
    piece move or pass made
    a second time with other consequences (``A1-B2/2``: another die used) reads as the first;
    other moves as ours."""
    game = state.game
    n = game.topology.n
    shared = Counter(m.to for m in legal if m.kind is MoveKind.ADD)
    out = []
    for m in legal:
        if m.to >= n and m.kind is not MoveKind.ADD:
            out.append("Move")  # to a hand: Ludii's texts have no label for it, only the action
        elif 0 <= m.to < n and m.frm >= n and m.kind in (MoveKind.MOVE, CHOICE):
            out.append(game.topology.labels[m.to])  # from a hand: the site it goes to
        elif m.kind is MoveKind.ADD:
            label = game.topology.labels[m.to]
            out.append(f"{label}:{game.components[m.what].name}" if shared[m.to] > 1 else label)
        elif m.kind is MoveKind.REMOVE:
            out.append(game.topology.labels[m.to])  # Ludii writes a removal as its site
        elif m.kind is not CHOICE and m.word:
            out.append(m.text[:-len(m.word)])
        else:
            out.append(m.text)
    return out


@dataclass
class Replay:
    """How far a replay agreed with the trace: ``plies`` agreed (all of them when ``agreed``),
    why it stopped (``reason``), the state reached, and how many plies rolled dice."""

    agreed: bool
    plies: int
    reason: str
    state: "State"
    rolls: int = 0


def _matches(state: "State", step: dict, texts: Texts) -> tuple[Optional["Move"], str]:
    """The legal move Ludii played at this ply if our legal moves are Ludii's (else None and
    why)."""
    if state.is_over():
        return None, "our game is over, Ludii's goes on"
    if state.mover != step["mover"]:
        return None, f"mover {state.mover} vs Ludii {step['mover']}"
    legal = state.legal_moves()
    ours = texts(state, legal)
    if sorted(ours) != sorted(step["legal"]):
        extra = sorted(set(ours) - set(step["legal"]))
        missing = sorted(set(step["legal"]) - set(ours))
        return None, (f"ours-only {extra[:12]}{'...' if len(extra) > 12 else ''} "
                      f"ludii-only {missing[:12]}{'...' if len(missing) > 12 else ''} "
                      f"(dups {len(ours) - len(set(ours))} vs {len(step['legal']) - len(set(step['legal']))})")
    return legal[ours.index(step["move"])], ""


def replay(game: "Game", trace: dict, texts: Texts = ludii_texts, budget: int = 20_000) -> Replay:
    """Replay ``trace`` (Ludii's JSON trace) on ``game``: the moves Ludii played, the legal moves
    compared before each (see the module's docs for the dice). ``budget`` bounds the plies tried
    in all (backtracking included)."""
    state = game.initial_state()
    plies = trace["plies"]
    every = list(dice.outcomes(game.dice)) if game.dice else []
    if len(every) > MAX_OUTCOMES:
        every = every[:MAX_OUTCOMES]
    choices: list[tuple[int, list[tuple[int, ...]]]] = []  # (ply, outcomes left to try there)
    deepest, why = 0, ""
    rolled = 0
    ply = 0
    tries = 0
    while ply < len(plies):
        tries += 1
        step = plies[ply]
        state._legal = None
        before = dice.rolls(state)
        move, reason = _matches(state, step, texts)
        if every and dice.rolls(state) != before:  # listing the moves rolled: find Ludii's dice
            fits = []
            seen: set[tuple] = set()
            for outcome in every:
                with dice.given(state, outcome):
                    found, _ = _matches(state, step, texts)
                    if found is not None:
                        values = tuple(f[i] for f, i in zip(dice.all_faces(game.dice), outcome))
                        if values not in seen:
                            seen.add(values)
                            fits.append(outcome)
            if fits:
                choices.append((ply, fits[1:]))
                with dice.given(state, fits[0]):
                    found, _ = _matches(state, step, texts)
                    assert found is not None
                    state.apply(found)
                rolled += 1
                ply += 1
                continue
            reason = reason or "no roll of the dice gives Ludii's legal moves"
            move = None
        elif move is not None:
            state.apply(move)
            ply += 1
            continue
        # a difference: the deepest is the one reported; try the other outcomes of the last rolls
        if ply >= deepest:
            deepest, why = ply, reason
        while choices and not choices[-1][1]:
            choices.pop()
        if not choices or tries >= budget:
            break
        at, left = choices[-1]
        while len(state.history) > at:
            state.undo()
        outcome = left.pop(0)
        with dice.given(state, outcome):
            found, _ = _matches(state, plies[at], texts)
            assert found is not None
            state.apply(found)
        ply = at + 1
    else:
        result = trace["result"]
        if state.is_over() != result["over"]:
            return Replay(False, len(plies), f"end: over {state.is_over()} vs Ludii {result['over']}", state, rolled)
        if sorted(state.result().winners) != sorted(result["winners"]):
            return Replay(False, len(plies), f"end: winners {sorted(state.result().winners)} vs Ludii "
                          f"{result['winners']}", state, rolled)
        return Replay(True, len(plies), "", state, rolled)
    return Replay(False, deepest, f"ply {deepest}/{len(plies)}: {why}", state, rolled)


__all__ = ["Replay", "replay", "ludii_texts", "MAX_OUTCOMES"]
