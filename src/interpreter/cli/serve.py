"""``ludeme serve``: the web app (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import sys

from .common import EXIT_OK, UsageError, defines_arg, whole_number

INSTALL_HINT = "ludeme serve needs the web extra: pip install 'ludeme-interpreter[web]' (or pip install '.[web]' in a checkout)"


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    from ..web import LOOPBACK, initial_game, serve
    first = initial_game(args.game) if args.game else None  # a wrong description stops here (exit 2)
    if args.host not in LOOPBACK:
        print(f"ludeme serve: warning: listening on {args.host}, not only on this machine: anyone who "
              "can reach it can open games (there are no accounts)", file=sys.stderr)
    try:
        serve(args.host, args.port, first, workers=args.workers, sessions=args.sessions, idle=args.idle * 60)
    except OSError as err:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {err.strerror or err}") from None
    return EXIT_OK


def add_commands(command) -> None:
    p = command("serve", cmd_serve, "play, watch and step through games in the browser",
                "Serve a web page to play games by clicking, watch agents play, and step through\n"
                "records and positions. Listens on 127.0.0.1 (this machine only) unless --host says\n"
                "otherwise. GAME (a bundled name or a .lud file) opens the page on that game.\n"
                "Needs the web extra: pip install 'ludeme-interpreter[web]'.")
    p.add_argument("game", nargs="?", metavar="GAME", help="a bundled game's name or a .lud file to open first")
    defines_arg(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=whole_number(0, 65535), default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--workers", type=whole_number(1, 16), default=2, metavar="N",
                   help="processes that run the agents' searches (default 2)")
    p.add_argument("--sessions", type=whole_number(1, 10000), default=200, metavar="N",
                   help="games open at once at most (default 200)")
    p.add_argument("--idle", type=whole_number(1, 24 * 60), default=60, metavar="MIN",
                   help="minutes after which an idle game is closed (default 60)")
