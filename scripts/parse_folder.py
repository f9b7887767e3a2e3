"""Parse every .lud and .def file under the given folders and report the ones that fail.

    python scripts/parse_folder.py ../shared/ludii-sample descriptions

prints one line per failing file (``path:line:col: message``), then ``N files, M failed`` with the
parse rate; exits with 1 if any file failed, 2 if a folder does not exist.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from interpreter.errors import LudError  # noqa: E402
from interpreter.syntax.parser import parse_file  # noqa: E402


def lud_files(folders: list[str]) -> list[Path]:
    files: list[Path] = []
    for folder in folders:
        path = Path(folder)
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".lud", ".def") and p.is_file()))
        else:
            raise FileNotFoundError(folder)
    return files


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    try:
        files = lud_files(argv)
    except FileNotFoundError as err:
        print(f"error: no such file or folder: {err}", file=sys.stderr)
        return 2
    failed = 0
    for path in files:
        try:
            parse_file(path)
        except LudError as err:
            failed += 1
            where = f"{err.span.file}:{err.span.line}:{err.span.col}" if err.span else str(path)
            print(f"{where}: {err.message}")
        except OSError as err:
            failed += 1
            print(f"{path}: cannot read: {err.strerror or err}")
    rate = 100.0 * (len(files) - failed) / len(files) if files else 100.0
    print(f"{len(files)} files, {failed} failed ({rate:.1f}% parsed)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
