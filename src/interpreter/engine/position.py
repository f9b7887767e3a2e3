"""The position text format: a small YAML document that says everything about a state.

    game: Pente
    mover: 2
    ply: 3
    phase: General
    scores: {1: 2, 2: 0}
    last: {from: null, to: J10}
    pieces: {J10: Ball1, K10: Ball2, K11: Ball1}

``board:`` may replace ``pieces:`` with a picture as printed by the game (``xxxx___oooo`` or a
grid with row numbers), where ``x`` is P1's piece, ``o`` P2's, ``+`` P3's, ``*`` P4's. Keys left
out keep the initial state's values. ``State.to_text()`` writes the format; reading it back gives
the same state (``snapshot()`` equal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

from ..errors import LudError
from .render import EMPTY_GRID, EMPTY_ROW, SYMBOLS
from .result import Termination

if TYPE_CHECKING:
    from .game import Game
    from .state import State

_VARS = ("mover", "ply", "passes", "last_mover", "move_again", "over", "draw", "reason")


def write_position(state: "State") -> str:
    """The position format (YAML) of ``state``."""
    game = state.game
    labels = game.topology.labels
    data: dict[str, Any] = {
        "game": game.name,
        "options": list(game.options),
        "mover": state.mover,
        "ply": state.ply,
        "phase": game.phases[state.phase].name,
        "passes": state.passes,
        "scores": {p: state.scores[p] for p in range(1, game.num_players + 1)},
        "last": {"from": labels[state.last_from] if state.last_from >= 0 else None,
                 "to": labels[state.last_to] if state.last_to >= 0 else None,
                 "mover": state.last_mover},
        "move_again": state.move_again,
        "pieces": {labels[i]: game.components[w].name for i, w in enumerate(state.what) if w},
    }
    if state.over:
        data["result"] = {"winners": list(state.winners), "losers": list(state.losers),
                          "draw": state.draw, "reason": state.reason,
                          "termination": state.termination.value if state.termination else None}
    for name in game.arrays:
        data.setdefault("vars", {})[name] = list(getattr(state, name))
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)


def read_position(game: "Game", text: str) -> "State":
    """A state of ``game`` from the position format; LudError when the text is not one."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise LudError(f"position is not valid YAML: {err}") from None
    if not isinstance(data, dict):
        raise LudError("a position is a mapping (game:, mover:, pieces: ...)")
    state = game.initial_state()
    topo = game.topology
    unknown = set(data) - {"game", "options", "mover", "ply", "phase", "passes", "scores", "last",
                           "move_again", "pieces", "board", "result", "vars"}
    if unknown:
        raise LudError(f"unknown keys in position: {', '.join(sorted(map(str, unknown)))}")
    if "pieces" in data or "board" in data:
        for site in range(topo.n):
            state.what[site] = 0
            state.who[site] = 0
    if "pieces" in data:
        for label, name in (data["pieces"] or {}).items():
            site = topo.site(str(label))
            if site < 0:
                raise LudError(f"position: no site '{label}' on this board")
            if name not in game.component_index:
                raise LudError(f"position: no piece '{name}' (pieces: "
                               f"{', '.join(c.name for c in game.components[1:])})")
            _put(state, site, game.component_index[name])
    if "board" in data:
        _read_board(game, state, str(data["board"]))
    state.counts = [0] * (game.num_players + 1)
    for o in state.who:
        if o:
            state.counts[o] += 1
    if "mover" in data:
        mover = int(data["mover"])
        if not 1 <= mover <= game.num_players:
            raise LudError(f"position: mover {mover} is not a player")
        state.mover = mover
    for key in ("ply", "passes"):
        if key in data:
            setattr(state, key, int(data[key]))
    if "move_again" in data:
        state.move_again = bool(data["move_again"])
    if "phase" in data:
        names = [p.name for p in game.phases]
        if data["phase"] not in names:
            raise LudError(f"position: no phase '{data['phase']}' (phases: {', '.join(names)})")
        state.phase = names.index(data["phase"])
    if "scores" in data:
        for p, v in (data["scores"] or {}).items():
            state.scores[int(p)] = int(v)
    last = data.get("last") or {}
    state.last_from = topo.site(str(last["from"])) if last.get("from") is not None else -1
    state.last_to = topo.site(str(last["to"])) if last.get("to") is not None else -1
    state.last_mover = int(last.get("mover", 0) or 0)
    if "result" in data and data["result"]:
        r = data["result"]
        state.over = True
        state.winners = tuple(r.get("winners", ()))
        state.losers = tuple(r.get("losers", ()))
        state.draw = bool(r.get("draw", False))
        state.reason = str(r.get("reason", ""))
        kinds = {t.value: t for t in Termination}
        kind = r.get("termination")
        if kind is not None and kind not in kinds:
            raise LudError(f"position: termination '{kind}' is not one of: {', '.join(kinds)}")
        state.termination = kinds.get(kind, Termination.RULE) if kind is not None else Termination.RULE
    for name, value in (data.get("vars") or {}).items():
        setattr(state, name, value)
    state._legal = None
    return state


def _put(state: "State", site: int, what: int) -> None:
    state.what[site] = what
    state.who[site] = state.game.owner_of[what]


def _read_board(game: "Game", state: "State", picture: str) -> None:
    topo = game.topology
    by_player = {}
    for comp in game.components[1:]:
        by_player.setdefault(comp.owner, comp.index)
    rows = [line for line in picture.splitlines() if line.strip()]
    if topo.rows == 1:
        cells = rows[0].strip() if rows else ""
        if len(cells) != topo.n:
            raise LudError(f"position: board row has {len(cells)} slots, the board {topo.n}")
        grid = [cells]
    else:
        grid = []
        for line in rows:
            parts = line.split()
            if parts and parts[0].isdigit():
                grid.append("".join(p for p in parts[1:] if not p.isdigit()))
        if len(grid) != topo.rows:
            raise LudError(f"position: board picture has {len(grid)} numbered rows, the board {topo.rows}")
        grid.reverse()  # pictures list the top row first
    by_coord = {coord: i for i, coord in enumerate(topo.coords)}
    for r, cells in enumerate(grid):
        for col, ch in enumerate(cells):
            if ch in (EMPTY_GRID, EMPTY_ROW):
                continue
            site = by_coord.get((r, col))
            player = SYMBOLS.find(ch)
            if site is None or player <= 0 or player not in by_player:
                raise LudError(f"position: unexpected '{ch}' at row {r + 1}, column {col + 1}")
            _put(state, site, by_player[player])
