"""Build the verified puzzle banks: ``py/gamenight/reflection/bank_data.py``.

    python tools/build_bank.py [--count N] [--jobs J]

A bank holds, for one board size and tile set, the puzzle the live generator (version
``generate.VERSION``, bank bypassed) gives for each seed ``0 .. N - 1``. Every entry is proven unique
by that generator (a complete search within its budget); this tool proves it again with an unlimited
search before writing it, and checks that it reads back. Work is kept in ``--scratch`` (one line per
seed), so an interrupted build resumes where it stopped and a bigger ``--count`` extends a bank.

The Expert preset (10×10, 26 items with black holes) is the only bank: live generation there takes
seconds in CPython and more in the browser (docs/performance.md).
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from gamenight.reflection import bank  # noqa: E402
from gamenight.reflection.generate import PRESETS, VERSION, generate_with  # noqa: E402
from gamenight.reflection.laser import Layout  # noqa: E402
from gamenight.reflection.puzzle import TileSet  # noqa: E402
from gamenight.reflection.solve import solve  # noqa: E402

TARGET = ROOT / "py" / "gamenight" / "reflection" / "bank_data.py"
BANKED = ("expert",)
LINE = 100  # base64 characters per line of the written module


def make(job: tuple[int, tuple[int, int, int, int, int], int]) -> tuple[int, list[str], int, float]:
    """Seed ``seed``'s live puzzle, proven unique again: (seed, rows, effort, seconds)."""
    size, counts, seed = job[0], job[1], job[2]
    start = time.perf_counter()
    made = generate_with(size, TileSet(*counts), False, seed, version=VERSION)
    proof = solve(made.puzzle)
    if not (proof.unique and proof.layout == made.layout and proof.nodes == made.effort):
        raise RuntimeError(f"seed {seed}: the generated puzzle did not prove unique again")
    return seed, list(made.layout.rows), made.effort, time.perf_counter() - start


def build(name: str, count: int, jobs: int, scratch: Path) -> str:
    """Entries ``0 .. count - 1`` of preset ``name``'s bank (resuming from ``scratch``), as base64."""
    preset = PRESETS[name]
    tiles = preset.mix
    done: dict[int, tuple[list[str], int]] = {}
    log = scratch / f"{name}-v{VERSION}.jsonl"
    if log.exists():
        for line in log.read_text().splitlines():
            row = json.loads(line)
            done[row["seed"]] = (row["rows"], row["effort"])
    todo = [(preset.size, tiles.counts(), seed) for seed in range(count) if seed not in done]
    print(f"{name}: {len(done)} entries kept, {len(todo)} to make with {jobs} jobs", file=sys.stderr)
    with log.open("a") as out, ProcessPoolExecutor(jobs) as pool:
        for seed, rows, effort, seconds in pool.map(make, todo):
            done[seed] = (rows, effort)
            out.write(json.dumps({"seed": seed, "rows": rows, "effort": effort, "s": round(seconds, 2)}) + "\n")
            out.flush()
            print(f"  seed {seed}: effort {effort}, {seconds:.1f} s", file=sys.stderr)
    entries = [(Layout(tuple(done[seed][0])), done[seed][1]) for seed in range(count)]
    text = bank.encode(preset.size, tiles, entries)
    check = bank.Bank(preset.size, tiles, base64.b64decode(text))
    assert len(check) == count and all(check.get(i) == entries[i] for i in range(count))
    return text


def module(banks: list[tuple[int, tuple[int, ...], str]]) -> str:
    """The text of ``bank_data.py``."""
    out = [
        '"""Verified puzzle banks, written by ``tools/build_bank.py``: do not edit by hand.',
        "",
        "Each bank: board size, tile counts (diagonal, flat, block, hole, triangle) and its entries as base64 text.",
        '"""',
        "",
        "BANKS: tuple[tuple[int, tuple[int, int, int, int, int], tuple[str, ...]], ...] = (",
    ]
    for size, counts, text in banks:
        out.append(f"    (\n        {size},\n        {tuple(counts)},\n        (")
        out += [f'            "{text[i : i + LINE]}",' for i in range(0, len(text), LINE)]
        out.append("        ),\n    ),")
    out.append(")")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000, help="puzzles per bank (seeds 0..count-1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--scratch", type=Path, default=ROOT / ".bank-work", help="where partial work is kept")
    args = parser.parse_args()
    args.scratch.mkdir(parents=True, exist_ok=True)
    banks = []
    for name in BANKED:
        preset = PRESETS[name]
        banks.append((preset.size, preset.mix.counts(), build(name, args.count, args.jobs, args.scratch)))
    TARGET.write_text(module(banks))
    print(f"wrote {TARGET.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
