"""Reflection benchmarks on CPython: generator time per preset, solver time, tracing.

Run ``python bench/bench_reflection.py [runs-per-preset]``. Prints medians and 95th percentiles, and
each median as a ratio of the budget (Hard unique puzzle: median ≤ 0.3 s on CPython).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from gamenight.reflection.generate import PRESETS, generate
from gamenight.reflection.puzzle import clues
from gamenight.reflection.solve import solve

BUDGET_S = 0.3


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench_generator(runs: int) -> dict[str, list]:
    print(f"generator, {runs} seeds per preset (seed 0..{runs - 1}, no warp)")
    head = ("preset", "tiles", "median s", "p95 s", "max s", "attempts", "yield", "vs 0.3 s")
    print("{:8} {:>20} {:>9} {:>8} {:>7} {:>9} {:>6} {:>9}".format(*head))
    made: dict[str, list] = {}
    for name, p in PRESETS.items():
        times, attempts, puzzles = [], [], []
        for seed in range(runs):
            start = time.perf_counter()
            g = generate(p.size, p.tiles, p.black_holes, seed=seed)
            times.append(time.perf_counter() - start)
            attempts.append(g.attempts)
            puzzles.append(g)
        made[name] = puzzles
        med = statistics.median(times)
        mix = p.mix
        kinds = f"{mix.diagonal}d {mix.flat}f {mix.block}b {mix.hole}h"
        print(
            f"{name:8} {kinds:>20} {med:9.3f} {pct(times, 0.95):8.3f} {max(times):7.3f}"
            f" {statistics.mean(attempts):9.1f} {runs / sum(attempts):6.0%} {med / BUDGET_S:8.2f}x"
        )
    return made


def bench_solver(made: dict[str, list]) -> None:
    print("\nsolver on the generated puzzles (limit 2: prove uniqueness), 3 runs each, best of 3")
    print(f"{'preset':8} {'median ms':>10} {'p95 ms':>8} {'median decisions':>17}")
    for name, puzzles in made.items():
        times = []
        for g in puzzles:
            best = min(_timed(lambda g=g: solve(g.puzzle)) for _ in range(3))
            times.append(best * 1000)
        efforts = [g.effort for g in puzzles]
        print(f"{name:8} {statistics.median(times):10.1f} {pct(times, 0.95):8.1f} {statistics.median(efforts):17.0f}")


def bench_trace(made: dict[str, list]) -> None:
    g = made["hard"][0]
    reps = 200
    best = min(_timed(lambda: [clues(g.layout) for _ in range(reps)]) for _ in range(5))
    print(f"\nall 40 clues of a Hard layout: {best / reps * 1e6:.0f} µs")


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    made = bench_generator(runs)
    bench_solver(made)
    bench_trace(made)
