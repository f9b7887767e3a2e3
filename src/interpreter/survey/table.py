"""The survey's table: one row per description and option set, as Parquet or CSV.

The columns are fixed (they do not depend on the games surveyed), in this order:

- who: ``game`` (as named: a path or a bundled name), ``options`` (``Label/Item,...``, empty for
  the defaults), ``ruleset``, ``name`` (the game's own), ``fingerprint`` (of the expanded game);
- how far: ``stage`` (the last passed of parse, expand, load, playout: ``playout`` when every
  playout was played), ``reason`` and ``error`` when it stopped (as ``check --report`` says);
- how: ``engine_tier``, ``seed``, ``agents``, ``playouts`` (the playouts measured: all or none);
- the time taken (the *timing columns*, left out by ``--no-timing``): ``load_seconds`` and
  ``playout_seconds``, summed over the row's chunks in their workers;
- every compilation concept of the catalogue by its name (booleans, then Ludii's numbers), as
  ``ludeme concepts`` names them, empty for a game that did not load;
- every playout metric (``DurationMoves``...) and, for those with one, its spread
  (``DurationMoves spread``), empty without playouts.

In CSV a boolean is 1 or 0, a number is written in the fewest digits that read back the same,
a missing value is empty: the same survey gives the same bytes.
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .plan import SurveyError

STRING, INT, FLOAT, BOOL = "string", "int", "float", "bool"
META = (("game", STRING), ("options", STRING), ("ruleset", STRING), ("name", STRING), ("fingerprint", STRING),
        ("stage", STRING), ("reason", STRING), ("error", STRING), ("engine_tier", STRING), ("seed", INT),
        ("agents", STRING), ("playouts", INT))
TIMING = (("load_seconds", FLOAT), ("playout_seconds", FLOAT))
TIMING_COLUMNS = tuple(name for name, _ in TIMING)
SPREAD = " spread"
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


@dataclass(frozen=True)
class Column:
    """A column: its name and type, and the concept it holds (None for the others)."""

    name: str
    type: str
    concept: str | None = None
    spread: bool = False


@lru_cache(maxsize=1)
def metric_names() -> tuple[tuple[str, bool], ...]:
    """The playout metrics that :func:`~interpreter.concept.metrics.summarise` gives (for four
    players, with scores: every one it can), each with whether it has a spread."""
    from ..concept.metrics import GameRecord, summarise
    sample = summarise([GameRecord(0, utilities=(0.0,) * 5)], 4, scores=True)
    return tuple((name, metric.spread is not None) for name, metric in sample.items())


@lru_cache(maxsize=2)
def columns(timing: bool = True) -> tuple[Column, ...]:
    """Every column of the table, in order (module text)."""
    from ..concept.catalogue import COMPILATION, catalogue
    out = [Column(name, kind) for name, kind in META]
    if timing:
        out += [Column(name, kind) for name, kind in TIMING]
    concepts = [c for c in catalogue() if c.computation == COMPILATION]
    out += [Column(c.name, BOOL, c.name) for c in concepts if c.boolean]
    out += [Column(c.name, INT if c.type == "integer" else FLOAT, c.name) for c in concepts if not c.boolean]
    for name, spread in metric_names():
        out.append(Column(name, FLOAT, name))
        if spread:
            out.append(Column(name + SPREAD, FLOAT, name, spread=True))
    return tuple(out)


def table_format(path: str | Path) -> str:
    """``parquet`` or ``csv``, from the file's name."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise SurveyError(f"{path}: a survey table's name ends in .parquet or .csv")
    return fmt


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise SurveyError("Parquet tables need pyarrow: pip install 'ludeme-interpreter[parquet]' "
                          "(or name a .csv table)") from None
    return pyarrow


def write_table(rows: Sequence[dict[str, Any]], path: str | Path, timing: bool = True) -> None:
    """Write the rows (dicts by column name) as Parquet or CSV, by the file's name; the file is
    replaced whole (a reader never sees half a table)."""
    fmt = table_format(path)
    cols = columns(timing)
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        if fmt == "csv":
            temporary.write_text(csv_text(rows, cols), encoding="utf-8", newline="")
        else:
            pa = _pyarrow()
            types = {STRING: pa.string(), INT: pa.int64(), FLOAT: pa.float64(), BOOL: pa.bool_()}
            schema = pa.schema([(c.name, types[c.type]) for c in cols])
            data = {c.name: [_typed(row.get(c.name), c.type) for row in rows] for c in cols}
            pa.parquet.write_table(pa.Table.from_pydict(data, schema=schema), str(temporary))
        os.replace(temporary, path)
    except OSError as err:
        raise SurveyError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        if temporary.exists():
            temporary.unlink()


def _typed(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == STRING:
        return str(value)
    if kind == BOOL:
        return bool(value)
    if kind == INT:
        return int(value)
    return float(value)


def csv_text(rows: Iterable[dict[str, Any]], cols: Sequence[Column]) -> str:
    """The rows as CSV (module text)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([c.name for c in cols])
    for row in rows:
        writer.writerow([_cell(_typed(row.get(c.name), c.type)) for c in cols])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ""
    return str(value)


def read_table(path: str | Path) -> list[dict[str, Any]]:
    """A survey table's rows (Parquet or CSV), typed by their columns; other columns are kept
    as they are."""
    fmt = table_format(path)
    path = Path(path)
    if not path.is_file():
        raise SurveyError(f"no such survey table: {path}")
    if fmt == "parquet":
        pa = _pyarrow()
        try:
            rows = pa.parquet.read_table(str(path)).to_pylist()
        except (OSError, pa.ArrowException) as err:
            raise SurveyError(f"{path} is not a Parquet table: {err}") from None
        header = list(rows[0]) if rows else [f.name for f in pa.parquet.read_schema(str(path))]
    else:
        try:
            with open(path, encoding="utf-8", newline="") as f:
                reader = csv.DictReader(f)
                header = list(reader.fieldnames or [])
                text_rows = list(reader)
        except (OSError, UnicodeDecodeError, csv.Error) as err:
            raise SurveyError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
        kinds = {c.name: c.type for c in columns(True)}
        rows = [{name: _parse(value, kinds.get(name, STRING), path, number)
                 for name, value in row.items() if name is not None}
                for number, row in enumerate(text_rows, 2)]
    missing = [name for name, _ in META if name not in header]
    if missing:
        raise SurveyError(f"{path} is not a survey table: it has no column '{missing[0]}'")
    return rows


def _parse(text: str | None, kind: str, path: Path, line: int) -> Any:
    if text is None or text == "":
        return None if kind != STRING else ""
    try:
        if kind == BOOL:
            if text not in ("0", "1"):
                raise ValueError(text)
            return text == "1"
        if kind == INT:
            return int(text)
        if kind == FLOAT:
            return float(text)
    except ValueError:
        raise SurveyError(f"{path}:{line}: {text[:40]!r} is not a {kind}") from None
    return text


def without_timing(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows without their timing columns (what two runs of a survey share)."""
    return [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]


def option_items(text: str) -> list[str]:
    """``Label/Item,Label/Item`` as a list (a piece without ``/`` belongs to the item before
    it, as ``compare`` reads them: item names may hold commas)."""
    items: list[str] = []
    for piece in (text or "").split(","):
        if items and "/" not in piece:
            items[-1] += "," + piece
        elif piece:
            items.append(piece)
    return items


def label(row: dict[str, Any]) -> str:
    """A row's name as ``compare`` writes a game with options: ``game:Label/Item,...``."""
    chosen = option_items(row.get("options") or "")
    if row.get("ruleset"):
        chosen.append(str(row["ruleset"]))
    return str(row["game"]) + (":" + ",".join(chosen) if chosen else "")


def game_concepts(row: dict[str, Any]):
    """A loaded row as :class:`~interpreter.concept.comparison.GameConcepts` (what ``compare``
    compares); None for a row whose game did not load."""
    from ..concept.comparison import GameConcepts
    from ..concept.metrics import Metric
    if row.get("stage") not in ("load", "playout"):
        return None
    boolean, numbers, metrics = set(), {}, {}
    for column in columns(False):
        if column.concept is None or column.spread:
            continue
        value = row.get(column.name)
        if value is None:
            continue
        if column.type == BOOL:
            if value:
                boolean.add(column.name)
        elif column.concept in dict(metric_names()):
            metrics[column.name] = Metric(value, row.get(column.name + SPREAD))
        else:
            numbers[column.name] = value
    agents = tuple(a for a in (row.get("agents") or "random").split(",") if a)
    options = tuple(option_items(row.get("options") or ""))
    return GameConcepts(label(row), str(row.get("name") or row["game"]), options, frozenset(boolean), numbers,
                        metrics, int(row.get("playouts") or 0) if metrics else 0, int(row.get("seed") or 0),
                        agents or ("random",))


__all__ = ["Column", "FORMATS", "META", "SPREAD", "TIMING", "TIMING_COLUMNS", "columns", "csv_text",
           "game_concepts", "label", "metric_names", "option_items", "read_table", "table_format", "without_timing",
           "write_table"]
