"""Our compilation concepts beside Ludii's, over Ludii's sample files.

    PYTHONPATH=src python scripts/concepts_vs_ludii.py [--files] [NAME ...]

Loads every sample file that loads here, computes its concepts, and compares them with Ludii's
(``../shared/ludii-concepts-sample.tsv``): per file precision/recall of the true boolean concepts
and the numeric concepts that differ; the totals; the concepts most often missing and extra.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"
if not (SHARED / "ludii-sample").is_dir():
    SHARED = Path("/work/shared")


def main(argv: list[str] | None = None) -> int:
    from interpreter.concept.ludii import sweep
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these sample files (file names)")
    parser.add_argument("--files", action="store_true", help="show every file's differences")
    parser.add_argument("--failed", action="store_true", help="show the files that did not load here")
    parser.add_argument("--top", type=int, default=25, help="how many concepts to list (25)")
    args = parser.parse_args(argv)
    result = sweep(SHARED / "ludii-sample", SHARED / "ludii-concepts-sample.tsv", args.names)
    if args.files or args.names:
        for f in result.files:
            if f.equal:
                print(f"= {f.file}")
                continue
            print(f"~ {f.file}  precision {f.precision:.2f} recall {f.recall:.2f}")
            if f.missing:
                print("    missing:", " ".join(sorted(f.missing)))
            if f.extra:
                print("    extra:  ", " ".join(sorted(f.extra)))
            for name, (ours, theirs) in sorted(f.numbers.items()):
                print(f"    {name}: ours {ours} Ludii {theirs}")
    if args.failed:
        for name, why in sorted(result.failed.items()):
            print(f"! {name}: {why}")
    s = result.summary()
    print(f"files compared {s['files']} (did not load here: {s['failed']})")
    print(f"mean precision {s['precision']:.3f}  mean recall {s['recall']:.3f}")
    print(f"boolean equal {s['boolean_equal']}  numbers equal {s['numbers_equal']}  exactly equal {s['equal']}")
    print("most missing:", ", ".join(f"{c} {n}" for c, n in result.most_missing()[:args.top]))
    print("most extra:  ", ", ".join(f"{c} {n}" for c, n in result.most_extra()[:args.top]))
    print("numbers differing:", ", ".join(f"{c} {n}" for c, n in result.numbers_differing()[:args.top]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
