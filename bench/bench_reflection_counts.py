"""Reflection's laser counts: the time ``scene.laser`` takes to place a long laser's running counts, before and
after a change.

Each count is written at the first place of its cell clear of the tile, the line and the counts already written
(``scene._counts``); the board keeps a laser while it is redrawn on the same tiles (``scene._laser_kept``), so
the time is paid when a laser is shown or a tile changes under it. The lasers are those of 32 steps or more on
random 8 × 8 boards (22 tiles: mirrors, holes, blocks); each is placed 5 times and its fastest kept, by the code
of two git revisions in turn (two processes, one after the other, CPython). Printed: median, p95 and the
slowest, each revision's and their ratio, and a hash of the markup drawn (the same hash: the same placements).

Run: ``python bench/bench_reflection_counts.py [--before REV] [--lasers N]``; ``REV`` defaults to the commit
before the counts were kept inside their cells and their places precomputed per tile (0a428659).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from bench.baseline import package_of  # noqa: E402

BEFORE = "0a428659"

MEASURE = r"""
import hashlib, json, random, statistics, sys, time
from gamenight.reflection import scene
from gamenight.reflection.laser import Layout, edge_names, trace
from gamenight.ui.svg import render

source, cases = random.Random(9), []
while len(cases) < int(sys.argv[1]):
    tiles = {(source.randrange(8), source.randrange(8)): source.choice("/\\/\\|-o#") for _ in range(22)}
    layout = Layout.of(8, tiles)
    under = {(r, c): layout.at((r, c)) for r in range(8) for c in range(8) if layout.at((r, c)) != "."}
    cases += [(p, under) for e in edge_names(8) if len((p := trace(layout, e)).steps) >= 32]
times, drawn = [], []
for path, under in cases:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        g = scene.laser(8, path, under)
        best = min(best, time.process_time() - start)
    times.append(best * 1000)
    drawn.append(render(g))
times.sort()
print(json.dumps({
    "n": len(times), "steps": statistics.median(len(p.steps) for p, _ in cases),
    "median": statistics.median(times), "p95": times[int(0.95 * len(times))], "max": times[-1],
    "hash": hashlib.sha256("\n".join(drawn).encode()).hexdigest()[:12],
}))
"""


def measure(py: Path, lasers: int) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", MEASURE, str(lasers)],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(py), "PATH": "/usr/bin:/bin"},
    )
    return json.loads(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--lasers", type=int, default=120)
    args = parser.parse_args()
    before = measure(package_of(args.before) / "py", args.lasers)
    after = measure(ROOT / "py", args.lasers)
    print(f"{before['n']} lasers of 32+ steps (median {before['steps']:g} steps), CPU ms per laser")
    for key in ("median", "p95", "max"):
        print(
            f"  {key:6}  {args.before}: {before[key]:.2f}  now: {after[key]:.2f}  ratio {after[key] / before[key]:.2f}"
        )
    print(f"  markup  {args.before}: {before['hash']}  now: {after['hash']}")


if __name__ == "__main__":
    main()
