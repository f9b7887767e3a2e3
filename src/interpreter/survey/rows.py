"""A row of the survey's table from its chunks' results (the table's columns: :mod:`.table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .table import BOOL, SPREAD, columns

if TYPE_CHECKING:
    from .runner import RowState, Settings


def build_row(row: RowState, settings: Settings) -> dict[str, Any]:
    """The values of a finished row: how far its game got, its concepts and its metrics (the
    playouts' records summed up in their order, so that any sharing of blocks gives the same)."""
    from ..concept.metrics import summarise
    from .tasks import record_of
    target = row.target
    out: dict[str, Any] = dict.fromkeys(c.name for c in columns(True))
    out.update({"game": target.label, "options": row.options.text(), "ruleset": row.options.ruleset or "",
                "name": "", "fingerprint": "", "stage": "", "reason": "", "error": "", "engine_tier": "",
                "seed": settings.seed, "agents": ",".join(settings.agents), "playouts": 0})
    if target.reason:
        out.update(reason=target.reason, error=target.error)
        return out
    load = row.load or {}
    out["load_seconds"] = load.get("seconds")
    if load.get("status") != "ok" or not isinstance(load.get("data"), dict):
        message = f"loading: {load.get('message') or 'no result'}"
        out.update(reason=message, error=message)
        return out
    data = load["data"]
    for name in ("stage", "reason", "error", "name", "fingerprint", "engine_tier"):
        out[name] = data.get(name) or ""
    if data.get("stage") != "load":
        return out
    true = set(data.get("boolean") or ())
    numbers = data.get("numbers") or {}
    for column in columns(False):
        if column.concept is None or column.concept != column.name:
            continue
        if column.type == BOOL:
            out[column.name] = column.name in true
        elif column.name in numbers:
            out[column.name] = numbers[column.name]
    if not row.blocks:
        return out
    out["playout_seconds"] = sum(float(row.plays[start].get("seconds") or 0.0) for start, _ in row.blocks)
    for start, stop in row.blocks:
        entry = row.plays[start]
        if entry.get("status") != "ok":
            message = f"playouts {start}-{stop - 1}: {entry.get('message') or entry.get('status')}"
            out.update(reason=message, error=message)
            return out
    records = [record_of(r) for start, _ in row.blocks for r in row.plays[start]["data"]]
    metrics = summarise(records, int(data.get("players") or 1), scores=bool(data.get("scores")))
    for name, metric in metrics.items():
        out[name] = metric.mean
        if metric.spread is not None:
            out[name + SPREAD] = metric.spread
    out["stage"] = "playout"
    out["playouts"] = len(records)
    return out


__all__ = ["build_row"]
