"""Where compiled modules live: one file per generated source (named by its hash) in the cache
folder, with numba's on-disk cache of the machine code beside it, so a game compiles once per
machine and loads in a fraction of a second afterwards.

The folder is ``$LUDEME_CACHE`` (or ``~/.cache/ludeme``), ``native/`` inside it. A folder that
cannot be written is replaced by a temporary one (compiled again in every process).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

_LOADED: dict[str, ModuleType] = {}


def cache_dir() -> Path:
    root = os.environ.get("LUDEME_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "ludeme")
    path = Path(root) / "native"
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError:
        path = Path(tempfile.gettempdir()) / f"ludeme-native-{os.getuid() if hasattr(os, 'getuid') else 0}"
        path.mkdir(parents=True, exist_ok=True)
    return path


def load_module(name: str, source: str) -> ModuleType:
    """The module of a generated source, written to the cache folder if it is not there."""
    module = _LOADED.get(name)
    if module is not None:
        return module
    folder = cache_dir()
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text() != source:
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        tmp.write_text(source)
        os.replace(tmp, path)  # atomic: another process never reads half a file
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    _LOADED[name] = module
    return module


def is_cached(name: str, function: str = "playouts") -> bool:
    """True when numba's cache of the module's ``function`` is on disk (loading is quick)."""
    folder = cache_dir() / "__pycache__"
    return folder.is_dir() and any(p.name.startswith(f"{name}.{function}-") for p in folder.iterdir())
