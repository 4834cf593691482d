"""The score of a mutation run (``make mutate``): per mutated file, how many mutants the unit tests killed.

Reads mutmut's results in ``mutants/<file>.meta`` and the mutants judged equivalent (no test can tell
them from the original) in ``tools/mutants-equivalent.txt``, one ``name  # why`` a line. A mutant that
timed out counts as killed (the test limit stopped a loop it made endless); one no test reached counts
as surviving. The score is killed / (mutants checked - equivalent). Prints a Markdown table for
docs/testing.md, then every surviving mutant not judged equivalent (``mutmut show NAME`` shows it).

Usage: python tools/mutation_report.py [--fail-under PERCENT] [--file PATH ...]
       python tools/mutation_report.py --sample N [--seed S] [--file PATH ...]   (N mutants a file not run yet,
       for ``MUTANTS=``; ``--file`` keeps to those of the mutated files, so a sample of them does not
       depend on how far the others have run)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tools" / "mutants-equivalent.txt"

KILLED, SURVIVED, TIMEOUT, NO_TESTS = "killed", "survived", "timeout", "no tests"
UNCHECKED, OTHER = "unchecked", "other"
# mutmut's exit codes (its stats.py): 1 and 3 are failing tests, 36 and the SIGXCPU codes a timeout.
STATUS = {1: KILLED, 3: KILLED, 0: SURVIVED, 5: NO_TESTS, 33: NO_TESTS, 36: TIMEOUT, 24: TIMEOUT, -24: TIMEOUT}
STATUS |= {152: TIMEOUT, 255: TIMEOUT, None: UNCHECKED}


def equivalent_mutants(path: Path = EQUIVALENT) -> dict[str, str]:
    """The mutants judged equivalent: name -> the reason given."""
    judged = {}
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        name, _, why = line.partition("#")
        if name.strip():
            judged[name.strip()] = why.strip()
    return judged


def mutated_files() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["mutmut"]["only_mutate"])


def results(file: str) -> dict[str, str]:
    """Each mutant of ``file`` and its status (empty if the file was not mutated yet)."""
    meta = ROOT / "mutants" / f"{file}.meta"
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return {name: STATUS.get(code, OTHER) for name, code in codes.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fail-under", type=float, default=None, help="exit 1 if a file scores below this")
    parser.add_argument("--sample", type=int, default=None, help="print N random unrun mutants of each file")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--file", action="append", default=None, help="only this mutated file (repeatable)")
    args = parser.parse_args()
    files = mutated_files()
    if args.file is not None:
        unknown = [f for f in args.file if f not in files]
        if unknown:
            parser.error(f"not in pyproject.toml's only_mutate: {', '.join(unknown)}")
        files = [f for f in files if f in args.file]
    if args.sample is not None:
        chooser = random.Random(args.seed)
        for file in files:
            names = sorted(name for name, status in results(file).items() if status == UNCHECKED)
            print(" ".join(chooser.sample(names, min(args.sample, len(names)))))
        return 0
    judged = equivalent_mutants()
    print("| file | mutants | killed | timed out | survived | no test | equivalent | unchecked | score |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    survivors, stale, low = [], [], []
    for file in files:
        status = results(file)
        count = Counter(status.values())
        equivalent = {n for n in status if n in judged and status[n] in (SURVIVED, NO_TESTS)}
        stale += [n for n in status if n in judged and status[n] in (KILLED, TIMEOUT)]
        survivors += sorted(n for n, s in status.items() if s in (SURVIVED, NO_TESTS, OTHER) and n not in equivalent)
        killed = count[KILLED] + count[TIMEOUT]
        judged_total = killed + count[SURVIVED] + count[NO_TESTS] + count[OTHER] - len(equivalent)
        score = 100 * killed / judged_total if judged_total else float("nan")
        if args.fail_under is not None and not score >= args.fail_under:
            low.append(file)
        short = file.removeprefix("py/gamenight/")
        print(
            f"| {short} | {len(status)} | {count[KILLED]} | {count[TIMEOUT]} | {count[SURVIVED]} | {count[NO_TESTS]}"
            f" | {len(equivalent)} | {count[UNCHECKED]} | {score:.1f}% |"
        )
    if survivors:
        print(f"\n{len(survivors)} surviving mutants not judged equivalent (`mutmut show NAME`):")
        print("\n".join(f"  {name}" for name in survivors))
    if stale:
        print("\nListed as equivalent but killed (remove them from tools/mutants-equivalent.txt):")
        print("\n".join(f"  {name}" for name in stale))
    if low:
        print(f"\nBelow {args.fail_under}%: {', '.join(low)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
