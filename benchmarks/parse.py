"""Speed of the parser: seconds per million characters of description text.

    PYTHONPATH=src python benchmarks/parse.py [FOLDER ...]

Parses every ``.lud`` file of the folders (by default the bundled descriptions and, when it is
there, Ludii's sample beside the repository) a few times and prints the best rate, then the rate
on a worst case: one long flat list of numbers as large as the token limit allows.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter.syntax.parser import MAX_TOKENS, parse  # noqa: E402


def rate(texts: list[str], repeats: int = 3) -> tuple[float, int]:
    total = sum(map(len, texts))
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for text in texts:
            parse(text)
        best = min(best, time.perf_counter() - started)
    return best, total


def main(argv: list[str]) -> int:
    folders = [Path(a) for a in argv] or [ROOT / "descriptions", ROOT.parent / "shared" / "ludii-sample"]
    texts = [p.read_text(encoding="utf-8") for f in folders if f.is_dir() for p in sorted(f.rglob("*.lud"))]
    parse("(warm up)")
    seconds, total = rate(texts)
    print(f"{len(texts)} files, {total:,} characters: {seconds:.2f} s, {seconds / total * 1e6:.2f} s per MB")
    worst = "(f " + "1 " * (MAX_TOKENS - 10) + ")"
    seconds, total = rate([worst], 1)
    print(f"worst case ({MAX_TOKENS:,} tokens, {total:,} characters): {seconds:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
