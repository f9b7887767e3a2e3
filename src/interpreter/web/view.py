"""What the page shows of a session, as plain JSON: the picture (the SVG renderer's, with a
clickable target per site), whose turn and which ply of it, the legal moves (sites and the
choices that are not sites), scores, hands, the result in words."""

from __future__ import annotations

from typing import Any

from ..engine.arrays import HAND
from ..engine.move import MoveKind, game_named
from ..render.svg import PIECE_COLOURS, _chosen_options
from ..render.text import turn_ply
from .sessions import Session


def player_colours(game) -> dict[int, str]:
    """Each player's piece colour (the description's, else the picture's default)."""
    return {p: game.info.colours.get(p, PIECE_COLOURS.get(p, ("#888888",))[0])
            for p in range(1, game.num_players + 1)}


def _move(move) -> dict[str, Any]:
    game = game_named(move.game_id)
    labels = game.topology.labels if game is not None else None

    def site(s: int) -> str | None:
        return labels[s] if labels is not None and 0 <= s < len(labels) else None
    return {"text": move.text, "kind": MoveKind(move.kind).name.lower(), "from": site(move.frm),
            "to": site(move.to), "piece": move.prefix or None, "piece_label": _piece_label(move)}


def _piece_label(move) -> str | None:
    """How the palette names a placement's piece: ``2Dot1``, or ``P2's ball`` for ``2@C3``
    (a player's only kind of piece, named by the player's number)."""
    if not move.prefix:
        return None
    game = game_named(move.game_id)
    if move.prefix.isdigit() and game is not None and move.what and move.prefix not in game.component_index:
        return f"P{move.prefix}'s {game.components[move.what].base.lower()}"
    return move.prefix


def result_words(session: Session) -> str:
    """The result as a sentence: who won and why, a draw, or a resignation."""
    if session.resigned:
        others = [p for p in range(1, session.game.num_players + 1) if p != session.resigned]
        winner = f"P{others[0]} wins" if len(others) == 1 else "the others play no more"
        return f"P{session.resigned} resigned: {winner}"
    result = session.state.result()
    if not result.over:
        return ""
    if result.draw or not result.winners:
        head = "Draw"
    elif len(result.winners) == 1:
        head = f"P{result.winners[0]} wins"
    else:
        head = " and ".join(f"P{p}" for p in result.winners) + " win"
    return head + (f" ({result.reason})" if result.reason else "")


def turn_words(session: Session) -> str:
    """Whose turn it is, and which ply of it when the turn has several (Loupe's second stone)."""
    state = session.state
    if session.over():
        return result_words(session)
    seat = session.seat_of_mover()
    who = f"P{state.mover}" + ("" if seat == "human" else f" ({seat.split(':')[0]})")
    ply = turn_ply(state)
    return f"{who} to move: the {ply} of the turn" if ply else f"{who} to move"


def hands(session: Session) -> dict[str, dict[str, int]]:
    """Pieces in hand per player and kind (Double-Run Stone's supplies), when the game has hands."""
    game, state = session.game, session.state
    if HAND not in game.arrays:
        return {}
    out: dict[str, dict[str, int]] = {}
    for comp in game.components[1:]:
        if comp.owner:
            out.setdefault(str(comp.owner), {})[comp.name] = state.arrays[HAND][comp.index]
    return out


def _picture(session: Session) -> str:
    """The position's SVG with a target per site, drawn once per version of the session."""
    from ..render import render_svg
    cached = session.picture
    if cached is None or cached[0] != session.version:
        cached = session.picture = (session.version, render_svg(session.state, targets=True))
    return cached[1]


def state_view(session: Session) -> dict[str, Any]:
    """Everything the page draws, as JSON."""
    game, state = session.game, session.state
    over = session.over()
    human_turn = not over and session.seat_of_mover() == "human"
    legal = [_move(m) for m in state.legal_moves()] if human_turn and session.thinking is None else []
    counts = {str(p): state.counts[p] for p in range(1, game.num_players + 1)}
    return {
        "id": session.id,
        "version": session.version,
        "game": game.name,
        "source": session.source.label,
        "options": list(game.options),
        "chosen": _chosen_options(game),
        "players": game.num_players,
        "colours": {str(p): c for p, c in player_colours(game).items()},
        "seats": {str(p): s for p, s in session.seats.items()},
        "delay": session.delay,
        "ply": state.ply,
        "mover": state.mover,
        "turn_ply": state.turn_moves + 1,
        "turn": turn_words(session),
        "over": over,
        "result": result_words(session),
        "winners": list(state.result().winners) if state.is_over() else
                   [p for p in range(1, game.num_players + 1) if session.resigned and p != session.resigned],
        "scores": {str(p): v for p, v in state.result().scores.items()},
        "pieces": counts,
        "hands": hands(session),
        "values": game.explain(state) if state.is_over() else [],
        "svg": _picture(session),
        "legal": legal,
        "human_turn": human_turn,
        "thinking": session.thinking is not None,
        "paused": session.paused,
        "cursor": session.cursor,
        "line": list(session.line),
        "last": session.line[session.cursor - 1] if session.cursor else None,
        "hint": session.hint,
        "message": session.message,
    }
