"""Reading the files a user names (descriptions, defines, positions, records): regular files
only, and never more than a limit.

A named pipe, a terminal or a device given where a file is expected would block a command
forever (or feed it without end), so a file is opened without waiting for a writer, looked at,
and refused unless it is a regular file. Every reader of a user's file goes through here.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def read_bytes(path: str | Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path`` (one more than allowed, so the
    caller can tell a file that is too large). Raises :class:`OSError` with a readable
    ``strerror`` for a missing file, a folder, a named pipe or a device."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # O_NONBLOCK: opening a named pipe does not wait for a writer
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode) else \
                "a device or a socket"
            raise OSError(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL,
                          f"it is {kind}, not a regular file", str(path))
        os.set_blocking(fd, True)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit + 1`` characters of it
    (:class:`UnicodeDecodeError` for a file that is not UTF-8, :class:`OSError` as
    :func:`read_bytes`). A byte-order mark is kept, as ``open(..., encoding="utf-8")`` keeps it."""
    data = read_bytes(path, 4 * limit + 4)  # a character is at most 4 bytes
    text = data.decode("utf-8") if len(data) <= 4 * limit else _decode_prefix(data)
    return text[:limit + 1]


def _decode_prefix(data: bytes) -> str:
    """The text of a file cut at the limit: a character split by the cut is left out."""
    for end in range(len(data), max(len(data) - 4, 0), -1):
        try:
            return data[:end].decode("utf-8")
        except UnicodeDecodeError as err:
            if err.start < end - 4:
                raise
    return data.decode("utf-8")


__all__ = ["read_bytes", "read_text"]
