"""Reflection benchmarks on CPython: generator time per preset, solver time, tracing.

Run ``python bench/bench_reflection.py [scale] [preset ...]``: each preset generates ``scale`` × its
base number of seeds (Easy/Normal 30, Hard 15, Expert 2). Prints success rate (calls that found a unique
puzzle within the generator's attempt limit), medians and 95th percentiles, and each median as a ratio
of the budget (Hard unique puzzle: median ≤ 0.3 s on CPython).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from gamenight.reflection.generate import PRESETS, generate_steps
from gamenight.reflection.puzzle import clues
from gamenight.reflection.solve import solve

BUDGET_S = 0.3


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


BASE_RUNS = {"easy": 30, "normal": 30, "hard": 15, "expert": 2}


def bench_generator(scale: float, names: list[str]) -> dict[str, list]:
    print("generator (seeds 0..runs-1, no warp); attempts = layouts drawn per puzzle")
    print("longest step = the longest stretch between two yields of generate_steps (what blocks a browser frame)")
    head = ("preset", "tiles", "runs", "success", "median s", "p95 s", "max s", "attempts", "vs 0.3 s", "step ms")
    print("{:8} {:>13} {:>5} {:>8} {:>9} {:>8} {:>8} {:>9} {:>9} {:>8}".format(*head))
    made: dict[str, list] = {}
    for name in names:
        p = PRESETS[name]
        runs = max(1, round(BASE_RUNS[name] * scale))
        times, attempts, puzzles, longest = [], [], [], 0.0
        for seed in range(runs):
            start = time.perf_counter()
            g, step = _stepped(generate_steps(p.size, p.mix, False, seed))
            times.append(time.perf_counter() - start)
            longest = max(longest, step)
            if g is not None:
                attempts.append(g.attempts)
                puzzles.append(g)
        made[name] = puzzles
        med = statistics.median(times)
        mix = p.mix
        kinds = f"{mix.diagonal}d {mix.flat}f {mix.block}b {mix.hole}h"
        mean_attempts = statistics.mean(attempts) if attempts else float("nan")
        print(
            f"{name:8} {kinds:>13} {runs:5} {len(puzzles) / runs:8.0%} {med:9.3f} {pct(times, 0.95):8.3f}"
            f" {max(times):8.3f} {mean_attempts:9.1f} {med / BUDGET_S:8.2f}x {longest * 1000:8.0f}"
        )
    return made


def _stepped(steps):
    """Run a stepping generation to its end: its result (``None`` when it gave up) and the longest step."""
    longest = 0.0
    last = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, max(longest, time.perf_counter() - last)
        except RuntimeError:
            return None, longest
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now


def bench_solver(made: dict[str, list]) -> None:
    print("\nsolver on the generated puzzles (limit 2: prove uniqueness), 3 runs each, best of 3")
    print(f"{'preset':8} {'median ms':>10} {'p95 ms':>8} {'median decisions':>17}")
    for name, puzzles in made.items():
        if not puzzles:
            continue
        times = []
        for g in puzzles:
            best = min(_timed(lambda g=g: solve(g.puzzle)) for _ in range(3))
            times.append(best * 1000)
        efforts = [g.effort for g in puzzles]
        print(f"{name:8} {statistics.median(times):10.1f} {pct(times, 0.95):8.1f} {statistics.median(efforts):17.0f}")


def bench_trace(made: dict[str, list]) -> None:
    if not made.get("hard"):
        return
    g = made["hard"][0]
    reps = 200
    best = min(_timed(lambda: [clues(g.layout) for _ in range(reps)]) for _ in range(5))
    print(f"\nall 40 clues of a Hard layout: {best / reps * 1e6:.0f} µs")


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    names = sys.argv[2:] or list(PRESETS)
    made = bench_generator(scale, names)
    bench_solver(made)
    bench_trace(made)
