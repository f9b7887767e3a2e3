"""Small argument checks shared by the generators."""

from __future__ import annotations

USES = ("Cell", "Vertex", "Edge")


def check_use(use: str) -> None:
    """A board's sites are its cells, its vertices or its edges (Ludii's ``SiteType``). The
    generators build a board of edges as Ludii does: like one of vertices wherever Ludii asks
    ``siteType == Cell`` (the grid has as many points as the dimensions say), and without the
    faces Ludii traces only when ``siteType == Vertex``."""
    if use not in USES:
        raise ValueError(f"use:{use} is not supported; use one of {', '.join(USES)}")


def check_dim(value: object, what: str) -> int:
    """A dimension must be a whole number in range (ValueError otherwise); returns it."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"board {what} must be a whole number of at least 1, got {value!r}")
    if value > 10_000:
        raise ValueError(f"board {what} {value} is too large; boards are limited to 10000 sites")
    return value


def shape_and_dims(name: str, args: tuple[object, ...], shapes: tuple[str, ...]) -> tuple[str, list[int]]:
    """Split Ludii-style arguments ``[Shape] dimA [dimB]``; the first shape is the default."""
    if args and isinstance(args[0], str):
        shape, dims = args[0], args[1:]
    else:
        shape, dims = shapes[0], args
    if shape not in shapes:
        raise ValueError(f"({name} {shape} ...): shape not supported; use one of {', '.join(shapes)}")
    if not dims or len(dims) > 2:
        raise ValueError(f"({name} ...) takes one or two dimensions, got {len(dims)}")
    return shape, [check_dim(d, "dimension") for d in dims]
