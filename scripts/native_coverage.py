"""How much of the Ludii sample (and of the Ludii trace targets) the compiled tier covers, and
which ludemes keep the rest on the reference engine.

    .venv/bin/python scripts/native_coverage.py            # ../shared/ludii-sample
    .venv/bin/python scripts/native_coverage.py --files    # also each file's tier and refusal

Only generates each game's module (pure Python, no numba): a file "compiles" when every ludeme
of it has a kernel that honours all its parameters. Files that do not load are counted apart.
Refusals are tallied by the first ludeme that refuses (what fixing it would unblock first) and by
every ludeme of the play that has no kernel at all (what the rest lack).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter import LudError, load  # noqa: E402
from interpreter.native.api import compiled_form  # noqa: E402
from interpreter.native.emit import KERNELS, NoKernel  # noqa: E402

SHARED = ROOT.parent / "shared"


def kernelless(game) -> list[str]:
    """The ludemes of the game's rules with no kernel in any role (each once)."""
    from interpreter.bind import bind
    from interpreter.ludemes.base import Ludeme
    from interpreter.native import kernels  # noqa: F401  (registers every kernel)
    description = game.info.description
    if description is None:
        return []
    covered = {cls for cls, _ in KERNELS}
    rules = bind(description.game).rules
    parts = [rules.play, rules.end, *rules.phase_list()]
    names: list[str] = []
    for part in parts:
        if part is None:
            continue
        for node in part.walk():
            if not isinstance(node, Ludeme) or node.kind in ("rules", "play", "phase", "end", "start", "meta",
                                                              "then", "range", "apply", "misc"):
                continue
            if node.name in ("to", "from", "between", "piece", "score") or any(c in covered for c in type(node).__mro__):
                continue
            name = f"({node.name} ...)"
            if name not in names:
                names.append(name)
    return names


def trace_targets() -> list[tuple[str, Path, list[str]]]:
    """(trace, Ludii file, options) of every Ludii trace."""
    out = []
    for path in sorted((SHARED / "ludii-traces").glob("*.json")):
        trace = json.loads(path.read_text())
        name = trace["ludii_file"]
        file = SHARED / "ludii-sample" / name.replace("/", "__")
        if not file.exists():
            file = ROOT / "tests" / "data" / "ludii" / Path(name).name
        out.append((path.stem, file, list(trace.get("options", []))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="print each file's tier")
    args = parser.parse_args()
    files = sorted((SHARED / "ludii-sample").rglob("*.lud"))
    covered, unloadable = [], []
    first: Counter[str] = Counter()
    lacking: Counter[str] = Counter()
    for path in files:
        try:
            game = load(path)
        except LudError:
            unloadable.append(path.stem)
            continue
        except Exception as error:  # an engine failure: counted apart, named
            unloadable.append(path.stem)
            print(f"  {path.stem}: the engine fails to load it ({type(error).__name__}: {error})")
            continue
        form = compiled_form(game)
        if isinstance(form, NoKernel):
            first[form.what] += 1
            for name in kernelless(game):
                lacking[name] += 1
            if args.files:
                print(f"  reference  {path.stem}: {form}")
        else:
            covered.append(path.stem)
            if args.files:
                print(f"  compiled   {path.stem}")
    loaded = len(files) - len(unloadable)
    print(f"sample: {len(covered)} of {loaded} loading files compile ({len(files)} files, {len(unloadable)} do not load)")
    print("first refusal (files):", ", ".join(f"{n} {c}" for n, c in first.most_common(25)))
    print("no kernel at all (files):", ", ".join(f"{n} {c}" for n, c in lacking.most_common(25)))
    done, games = 0, set()
    targets = trace_targets()
    for stem, path, options in targets:
        try:
            game = load(path, options=options)
        except LudError as error:
            print(f"  trace {stem}: does not load ({error})")
            continue
        form = compiled_form(game)
        ok = not isinstance(form, NoKernel)
        done += ok
        games.add((path.stem, ok))
        if args.files or not ok:
            print(f"  trace {stem}: {'compiled' if ok else f'reference ({form})'}")
    print(f"traces: {done} of {len(targets)} trace targets compile "
          f"({sum(ok for _, ok in games)} of {len(games)} Ludii files)")


if __name__ == "__main__":
    main()
