"""Reflection benchmarks on CPython: generator time per preset, the quick filter, the solver, tracing.

Run ``python bench/bench_reflection.py [scale] [preset ...]``: each preset generates ``scale`` × its
base number of seeds (Easy/Normal/Hard 40, Expert 30 from the bank and 6 live) with the current
generator (version 2), and Hard also with version 1 on the same seeds, side by side. Prints medians,
90th and 95th percentiles of the wall time and of the process's CPU time (the machine is shared: CPU
time moves less with the load), attempts per puzzle, and each median as a ratio of the budget (Hard
unique puzzle: median ≤ 0.3 s on CPython). Also the load average before and after.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from gamenight.reflection.generate import PRESETS, VERSION, Order, all_visible, generate_steps, nearby_solution, steps
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import clues, puzzle_of
from gamenight.reflection.solve import solve

BUDGET_S = 0.3
BASE_RUNS = {"easy": 40, "normal": 40, "hard": 40, "expert": 30}
EXPERT_LIVE = 6


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def timed_run(make) -> tuple[object, float, float, float]:
    """Run a stepping computation to its end: its result (``None`` if it gave up), wall and CPU
    seconds, and the longest stretch between two yields (what blocks a browser frame)."""
    wall, cpu = time.perf_counter(), time.process_time()
    longest, last = 0.0, wall
    stepper = make()
    while True:
        try:
            next(stepper)
        except StopIteration as done:
            now = time.perf_counter()
            return done.value, now - wall, time.process_time() - cpu, max(longest, now - last)
        except RuntimeError:
            return None, time.perf_counter() - wall, time.process_time() - cpu, longest
        now = time.perf_counter()
        longest, last = max(longest, now - last), now


HEAD = ("preset", "gen", "runs", "ok", "med s", "p90 s", "p95 s", "max s", "cpu med", "cpu p90", "attempts", "vs .3s")


def row(name: str, label: str, results: list[tuple[object, float, float, float]]) -> str:
    walls = [r[1] for r in results]
    cpus = [r[2] for r in results]
    made = [r[0] for r in results if r[0] is not None]
    attempts = statistics.median(m.attempts for m in made) if made else float("nan")
    med = statistics.median(walls)
    return (
        f"{name:8} {label:>9} {len(results):5} {len(made) / len(results):4.0%} {med:7.3f} {pct(walls, 0.9):7.3f}"
        f" {pct(walls, 0.95):7.3f} {max(walls):7.3f} {statistics.median(cpus):8.3f} {pct(cpus, 0.9):8.3f}"
        f" {attempts:8.0f} {med / BUDGET_S:6.2f}x  longest step {max(r[3] for r in results) * 1000:.0f} ms"
    )


def bench_generator(scale: float, names: list[str]) -> dict[str, list]:
    print(f"generator, seeds 0..runs-1, no warp ({load()})")
    print("{:8} {:>9} {:>5} {:>4} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8} {:>6}".format(*HEAD))
    made: dict[str, list] = {}
    for name in names:
        p = PRESETS[name]
        runs = max(1, round(BASE_RUNS[name] * scale))
        if name == "expert":
            bank = [timed_run(partial(steps, Order(p.size, p.mix, seed=seed))) for seed in range(runs)]
            print(row(name, "v2 bank", bank))
            live_runs = max(1, round(EXPERT_LIVE * scale))
            live = [timed_run(partial(generate_steps, p.size, p.mix, False, seed)) for seed in range(live_runs)]
            print(row(name, "v2 live", live))
            made[name] = [r[0] for r in bank if r[0] is not None]
            continue
        now = [timed_run(partial(generate_steps, p.size, p.mix, False, seed)) for seed in range(runs)]
        print(row(name, f"v{VERSION}", now))
        made[name] = [r[0] for r in now if r[0] is not None]
        if name == "hard":
            before = [timed_run(partial(generate_steps, p.size, p.mix, False, seed, version=1)) for seed in range(runs)]
            print(row(name, "v1", before))
            ratio = statistics.median(r[1] for r in before) / statistics.median(r[1] for r in now)
            print(f"{'':8} {'v1 / v2':>9} median wall time ratio {ratio:.1f}x (same seeds, same run)")
    print(f"({load()})")
    return made


def bench_filter(scale: float) -> None:
    """What the quick filter catches on random visible Hard layouts, and what it costs."""
    import random

    p = PRESETS["hard"]
    rnd = random.Random(16)
    kinds = ["/\\"] * p.mix.diagonal + ["|-"] * p.mix.flat + ["#"] * p.mix.block
    cells = [(r, c) for r in range(p.size) for c in range(p.size)]
    times, caught, tried = [], 0, 0
    while tried < round(200 * scale):
        spots = rnd.sample(cells, len(kinds))
        layout = Layout.of(p.size, dict(zip(spots, (rnd.choice(k) for k in kinds), strict=True)))
        if not all_visible(layout):
            continue
        tried += 1
        puzzle = puzzle_of(layout, (), p.mix)
        start = time.perf_counter()
        caught += nearby_solution(puzzle, layout) is not None
        times.append(time.perf_counter() - start)
    print(
        f"\nquick filter on {tried} random visible Hard layouts: {caught / tried:.0%} have a second solution one"
        f" tile away; median {statistics.median(times) * 1000:.2f} ms, p95 {pct(times, 0.95) * 1000:.2f} ms"
    )


def bench_solver(made: dict[str, list]) -> None:
    print("\nsolver proving the generated puzzles unique (limit 2), best of 3, with and without the counting bounds")
    print(f"{'preset':8} {'median ms':>10} {'p95 ms':>8} {'decisions':>10} {'v1 ms':>8} {'v1 decisions':>13}")
    for name, puzzles in made.items():
        if not puzzles:
            continue
        now, old, old_nodes = [], [], []
        for g in puzzles[:30]:
            now.append(min(_timed(lambda g=g: solve(g.puzzle)) for _ in range(3)) * 1000)
            old.append(min(_timed(lambda g=g: solve(g.puzzle, counting=False)) for _ in range(3)) * 1000)
            old_nodes.append(solve(g.puzzle, counting=False).nodes)
        efforts = [g.effort for g in puzzles[:30]]
        print(
            f"{name:8} {statistics.median(now):10.1f} {pct(now, 0.95):8.1f} {statistics.median(efforts):10.0f}"
            f" {statistics.median(old):8.1f} {statistics.median(old_nodes):13.0f}"
        )


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
    bench_filter(scale)
    bench_solver(made)
    bench_trace(made)
