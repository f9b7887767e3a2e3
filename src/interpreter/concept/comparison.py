"""Concepts of one game, and the comparison of several, as plain data.

    >>> from interpreter import concepts, compare
    >>> c = concepts("tic-tac-toe")
    >>> "LineWin" in c.boolean, c.numbers["NumRows"]
    (True, 3)
    >>> table = compare(["tic-tac-toe", "gomoku"])
    >>> table.games
    ['tic-tac-toe', 'gomoku']
    >>> table.row("NumRows").values
    [3, 15]

A game is named by a bundled name, a path or a text, optionally with option items after a colon:
``"pente:Players/4,Team Mode/Enabled"`` (items are ``Label/Item``, separated by commas; a piece
without ``/`` belongs to the item before it). A :class:`Game` object may be given as well.

The distance between two games is ``(J + M) / 2``: ``J`` is the Jaccard distance of their sets of
true boolean compilation concepts (``1 - |A ∩ B| / |A ∪ B|``), ``M`` the mean over the numeric
concepts (compilation numbers and playout means) of ``|a - b| / (max - min)``, the range taken
over all the games compared (0 where they all agree); with no numbers, the distance is ``J``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from .catalogue import catalogue
from .detect import boolean_concepts, numeric_concepts
from .metrics import Metric, Progress, playout_metrics

if TYPE_CHECKING:
    from ..engine.game import Game

GameRef = Union[str, "Game"]

DISTANCE = ("(J + M) / 2: J the Jaccard distance of the true boolean concepts, M the mean over numeric "
            "concepts of |a - b| / range over the games compared")


@dataclass
class GameConcepts:
    """The concepts of one game: true boolean compilation concepts (parents included), numeric
    compilation concepts, and playout metrics (empty without playouts)."""

    label: str
    name: str
    options: tuple[str, ...]
    boolean: frozenset[str]
    numbers: dict[str, float]
    metrics: dict[str, Metric] = field(default_factory=dict)
    playouts: int = 0
    seed: int = 0
    agents: tuple[str, ...] = ("random",)

    def value(self, concept: str) -> Any:
        """The value of a concept: True/False, a number, a metric's mean, or None (not measured)."""
        if concept in self.metrics:
            return self.metrics[concept].mean
        if concept in self.numbers:
            return self.numbers[concept]
        if catalogue()[concept].boolean and catalogue()[concept].computation == "compilation":
            return concept in self.boolean
        return None

    def to_dict(self) -> dict:
        return {
            "game": self.label, "name": self.name, "options": list(self.options),
            "boolean": sorted(self.boolean, key=lambda n: catalogue()[n].key),
            "numbers": dict(self.numbers),
            "metrics": {k: v.to_dict() for k, v in self.metrics.items()},
            "playouts": self.playouts, "seed": self.seed, "agents": list(self.agents),
        }


@dataclass
class Row:
    """One concept across the games compared; ``spreads`` for playout metrics."""

    concept: str
    id: int
    taxonomy: str
    group: str
    type: str
    computation: str
    ours: bool
    values: list[Any]
    spreads: list[float | None] | None = None

    @property
    def agree(self) -> bool:
        """Every game has the same value."""
        return all(v == self.values[0] for v in self.values[1:])

    def to_dict(self) -> dict:
        out = {"concept": self.concept, "id": self.id, "taxonomy": self.taxonomy, "group": self.group,
               "type": self.type, "computation": self.computation, "ours": self.ours, "values": list(self.values)}
        if self.spreads is not None:
            out["spreads"] = list(self.spreads)
        return out


@dataclass
class Comparison:
    """Games as columns, concepts as rows (taxonomy order), and the distances between games."""

    games: list[str]
    rows: list[Row]
    distance: list[list[float]]
    playouts: int = 0
    seed: int = 0
    agents: tuple[str, ...] = ("random",)
    distance_name: str = DISTANCE
    folded: int = 0  # rows left out because every game agrees (differences only)

    def row(self, concept: str) -> Row:
        """The row of a concept (KeyError if it is not in the table)."""
        for r in self.rows:
            if r.concept == concept:
                return r
        raise KeyError(concept)

    def differences(self) -> Comparison:
        """The same table without the rows where every game agrees."""
        kept = [r for r in self.rows if not r.agree]
        return Comparison(self.games, kept, self.distance, self.playouts, self.seed, self.agents,
                          self.distance_name, self.folded + len(self.rows) - len(kept))

    def groups(self) -> list[tuple[str, list[Row]]]:
        """The rows by taxonomy group, in order."""
        out: list[tuple[str, list[Row]]] = []
        for r in self.rows:
            if not out or out[-1][0] != r.group:
                out.append((r.group, []))
            out[-1][1].append(r)
        return out

    def to_dict(self) -> dict:
        return {"games": list(self.games), "playouts": self.playouts, "seed": self.seed,
                "agents": list(self.agents), "rows": [r.to_dict() for r in self.rows],
                "folded": self.folded, "distance": {"definition": self.distance_name,
                                                    "matrix": [list(r) for r in self.distance]}}


# --- loading games by name (with options) --------------------------------------------------------------
def split_game_spec(spec: str) -> tuple[str, list[str]]:
    """``"pente:Players/4,Team Mode/Enabled"`` → ``("pente", ["Players/4", "Team Mode/Enabled"])``;
    a name that is a bundled game or a file is taken whole."""
    from ..resources import resolve_description
    if _is_text(spec) or resolve_description(spec) is not None or ":" not in spec:
        return spec, []
    name, _, rest = spec.partition(":")
    items: list[str] = []
    for piece in rest.split(","):
        piece = piece.strip()
        if items and "/" not in piece:
            items[-1] += "," + piece
        elif piece:
            items.append(piece)
    return name, items


def _is_text(spec: str) -> bool:
    """Whether a game reference is a description's text (its first ludeme comes before any
    colon), not a name or path with options ("Ruleset/Standard (Described)" has brackets)."""
    return "(" in spec.partition(":")[0]


def load_spec(ref: GameRef) -> tuple[str, Game]:
    """(label, game) for a game reference: a Game, or a name/path with options after a colon
    (``NAME:Label/Item,Ruleset/Name``: an item ``Ruleset/...`` chooses that ruleset)."""
    from ..engine.game import Game
    if isinstance(ref, Game):
        opts = f":{','.join(ref.options)}" if ref.options else ""
        return ref.name + opts, ref
    from ..errors import LudError
    from ..loader import load
    name, options = split_game_spec(ref)
    label = ref if not _is_text(ref) else "<text>"
    # a ruleset is named as Ludii names it, "Ruleset/Standard (Described)", among the options
    rulesets = [o for o in options if o.lower().startswith(RULESET_PREFIX)]
    if len(rulesets) > 1:
        raise LudError(f"{label}: one ruleset at a time, not {len(rulesets)} ({', '.join(rulesets)})")
    options = [o for o in options if o not in rulesets]
    return label, load(name, options=options, ruleset=rulesets[0] if rulesets else None)


RULESET_PREFIX = "ruleset/"  # how Ludii's ruleset names begin


def concepts(game: GameRef, playouts: int = 0, seed: int = 0, agents: Sequence[str] = ("random",),
             jobs: int = 1, progress: Progress | None = None) -> GameConcepts:
    """The concepts of a game (a :class:`Game`, or a name/path/text with ``:options``); with
    ``playouts``, the playout metrics of that many games between ``agents`` (specs, in player
    order), seeded by ``seed``, played by ``jobs`` processes."""
    label, g = load_spec(game)
    metrics = playout_metrics(g, playouts, seed, agents, jobs, progress) if playouts else {}
    return GameConcepts(label, g.name, tuple(g.options), boolean_concepts(g), numeric_concepts(g), metrics,
                        playouts, seed, tuple(agents))


def _distances(items: list[GameConcepts], rows: list[Row]) -> list[list[float]]:
    numeric = [r for r in rows if r.type != "boolean"]
    ranges = []
    for r in numeric:
        present = [v for v in r.values if isinstance(v, (int, float))]
        ranges.append((max(present) - min(present)) if len(present) == len(r.values) else None)
    out = []
    for a in range(len(items)):
        line = []
        for b in range(len(items)):
            A, B = items[a].boolean, items[b].boolean
            jaccard = 1 - len(A & B) / len(A | B) if A | B else 0.0
            parts = [abs(r.values[a] - r.values[b]) / span if span else 0.0
                     for r, span in zip(numeric, ranges) if span is not None]
            line.append((jaccard + sum(parts) / len(parts)) / 2 if parts else jaccard)
        out.append(line)
    return out


def table(items: Sequence[GameConcepts]) -> Comparison:
    """The comparison table of games whose concepts are known."""
    cat = catalogue()
    items = list(items)
    true_somewhere = set().union(*(i.boolean for i in items)) if items else set()
    numbers = set().union(*(i.numbers for i in items)) if items else set()
    measured = set().union(*(i.metrics for i in items)) if items else set()
    rows = []
    for concept in cat:
        name = concept.name
        if name not in true_somewhere and name not in numbers and name not in measured:
            continue
        values = [i.value(name) for i in items]
        spreads = [i.metrics[name].spread if name in i.metrics else None for i in items] \
            if name in measured else None
        rows.append(Row(name, concept.id, concept.taxonomy, cat.group(name), concept.type, concept.computation,
                        concept.ours, values, spreads))
    first = items[0] if items else None
    return Comparison([i.label for i in items], rows, _distances(items, rows),
                      first.playouts if first else 0, first.seed if first else 0,
                      first.agents if first else ("random",))


def compare(games: Sequence[GameRef], playouts: int = 0, seed: int = 0, agents: Sequence[str] = ("random",),
            jobs: int = 1, differences: bool = False,
            progress: Callable[[str, int, int], None] | None = None,
            measure: Callable[..., dict[str, Metric]] = playout_metrics) -> Comparison:
    """Compare games (names, paths, texts with ``:options``, or Game objects) by their concepts;
    ``playouts`` games each (same ``seed`` and ``agents`` for all) add the playout metrics.
    ``differences`` leaves out the rows where all games agree. ``progress(label, done, total)``
    is told of the games played. ``measure`` plays them (as :func:`playout_metrics`, which a
    cluster's version replaces)."""
    items = []
    for ref in games:
        label, g = load_spec(ref)
        report = (lambda done, total, label=label: progress(label, done, total)) if progress else None
        metrics = measure(g, playouts, seed, agents, jobs, report) if playouts else {}
        items.append(GameConcepts(label, g.name, tuple(g.options), boolean_concepts(g), numeric_concepts(g),
                                  metrics, playouts, seed, tuple(agents)))
    result = table(items)
    return result.differences() if differences else result


__all__ = ["GameConcepts", "Row", "Comparison", "concepts", "compare", "table", "split_game_spec", "load_spec",
           "DISTANCE"]
