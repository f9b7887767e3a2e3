"""A language server for ``.lud`` descriptions: ``ludeme lsp`` (LSP over stdin and stdout).

Needs the optional extra ``lsp`` (``pip install '.[lsp]'``: pygls and lsprotocol). What it
answers is computed by :mod:`.analysis`, which needs neither; :mod:`.server` speaks LSP.
See ``docs/editors.md`` for hooking it into VS Code, Neovim and Emacs.
"""

from __future__ import annotations


def available() -> str | None:
    """None when the server can run, else what is missing."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError as err:
        return str(err.name or err)
    return None


def serve() -> None:
    from .server import serve as run
    run()
