"""``ludeme serve``: a board in the browser to play, watch and step through any description.

A Starlette app (:mod:`.app`) over game sessions kept on the server (:mod:`.sessions`), the
pictures of the SVG renderer with a clickable target per site (:mod:`.view`), agents thinking in
worker processes (:mod:`.workers`), and one plain HTML page with its script and style
(``static/``, nothing fetched from elsewhere). Needs the ``web`` extra:
``pip install 'ludeme-interpreter[web]'``.
"""

from __future__ import annotations

import sys

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def initial_game(name_or_path: str) -> dict[str, str]:
    """The game the page opens on: ``{"game": NAME}`` for a bundled game, ``{"text": ...,
    "file": PATH}`` for a description file (read here, once: the server itself opens no path).
    A description that does not load raises its :class:`~interpreter.errors.LudError`."""
    from ..errors import LudError
    from ..loader import load
    from ..resources import bundled_descriptions, resolve_description
    from ..syntax.parser import parse
    key = name_or_path.lower().replace(" ", "-").removesuffix(".lud")
    if key in bundled_descriptions() and not name_or_path.endswith(".lud"):
        return {"game": key}
    path = resolve_description(name_or_path)
    if path is None:
        raise LudError(f"no description named '{name_or_path}'",
                       hint="give a path to a .lud file or a bundled name: ludeme list")
    text = path.read_text(encoding="utf-8")
    load(parse(text, str(path)))
    return {"text": text, "file": str(path)}


def serve(host: str = "127.0.0.1", port: int = 8000, game: dict[str, str] | None = None, workers: int = 2,
          sessions: int = 200, idle: float = 3600.0) -> None:
    """Run the server until interrupted (uvicorn); ``game`` (from :func:`initial_game`) is the
    game the page opens on."""
    import uvicorn

    from .app import Server, create_app
    hosts = None
    if host in LOOPBACK:  # answer only to this machine's names (no DNS rebinding)
        hosts = ["127.0.0.1", "localhost", "[::1]", "::1"]
    app = create_app(Server(workers=workers, sessions=sessions, idle=idle, initial=game), allowed_hosts=hosts)
    where = f"[{host}]" if ":" in host else host
    print(f"ludeme serve: http://{where}:{port}/  (Ctrl-C stops it)", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
