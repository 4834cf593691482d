"""Raythread Rally: full beam resolution on 11×11 with 36 tiles and 4 colours (budget ≤ 2 ms on CPython).

Run ``python bench/bench_raythread.py``. It times, side by side on the same random boards:

- naive:  the first tracer (dicts of tuples, ``Direction`` values; tests/unit/raythread/reference.py),
          given its dicts ready-made;
- fast:   ``rules.reached`` (flat ``bytes`` grid, integer directions, a precomputed step table);
- runs:   ``rules.beam_runs`` (the same trace recording every straight run, for views and scenes);
- play:   a whole ``play`` call (placement, resolution, draw, next turn), what a bot calls per node.

Each figure is the median over rounds of the mean time per call over all boards. The same cases are
then timed on the worst board found (the one, among many random boards, whose beams cross the most
cells) and on that board made worse by a greedy search. Whatever the tiles, a colour's trace visits
each (cell, direction) at most once, so it never exceeds 4 × 121 states.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from gamenight.raythread.board import COLOURS, make_board  # noqa: E402
from gamenight.raythread.rules import KINDS, Options, Tile, beam_runs, board_grid, play, reached, start  # noqa: E402
from tests.unit.raythread.reference import naive_inputs, naive_trace  # noqa: E402

BOARDS = 60
ROUNDS = 11
CALLS = 20
SEARCHED = 3000  # random boards searched for the one with the longest beams
CLIMB = 3000  # single-tile changes tried to lengthen that board's beams further


def random_position(seed: int):
    """A 4-player 11×11 match with 24 mirrors and 12 prisms placed at random, and a move to play."""
    chooser = random.Random(seed)
    options = Options()
    state = start(options, COLOURS, make_board(11, COLOURS, seed), ("mirror",) * 20)
    empty = [divmod(i, 11) for i, code in enumerate(state.grid) if not code]
    cells = chooser.sample(empty, 37)
    kinds = ["mirror"] * 24 + ["prism"] * 12
    tiles = tuple(
        Tile(cell, kind, chooser.choice("/\\"), chooser.choice(COLOURS))
        for cell, kind in zip(cells, kinds, strict=False)
    )
    state = replace(state, tiles=tiles, grid=board_grid(state.board, tiles))
    move = {"type": "place", "tile": KINDS[0], "cell": list(cells[36]), "orient": "/"}
    return state, move


def adversarial(seed: int):
    """The board of ``seed`` after a greedy search that moves or turns one tile at a time whenever
    that makes the beams cross at least as many cells."""
    chooser = random.Random(seed)
    state, move = random_position(seed)
    best = cells_lit(state)
    for _ in range(CLIMB):
        tiles = list(state.tiles)
        n = chooser.randrange(len(tiles))
        if chooser.random() < 0.5:
            tiles[n] = replace(tiles[n], orient="/" if tiles[n].orient == "\\" else "\\")
        else:
            empty = [divmod(i, 11) for i, code in enumerate(state.grid) if not code]
            tiles[n] = replace(tiles[n], cell=chooser.choice(empty))
        trial = replace(state, tiles=tuple(tiles), grid=board_grid(state.board, tiles))
        if trial.grid[move["cell"][0] * 11 + move["cell"][1]] == 0 and cells_lit(trial) >= best:
            state, best = trial, cells_lit(trial)
    return state, move


def naive_resolution(prepared):
    board, tiles, beacons, emitters = prepared
    return [naive_trace(board.size, e.cell, e.facing, tiles, beacons, emitters) for e in board.emitters]


def timed(fn, args) -> float:
    """Mean seconds per call of ``fn`` over ``args``, each called CALLS times."""
    t0 = time.perf_counter()
    for a in args:
        for _ in range(CALLS):
            fn(a)
    return (time.perf_counter() - t0) / (len(args) * CALLS)


def cells_lit(state) -> int:
    """How many cells the beams cross in one resolution (the tracer's work)."""
    return sum(
        abs(r.stop[0] - r.start[0]) + abs(r.stop[1] - r.start[1]) for runs in beam_runs(state).values() for r in runs
    )


def measure(title: str, positions) -> None:
    states = [s for s, _ in positions]
    prepared = [naive_inputs(s) for s in states]
    assert [frozenset(map(frozenset, naive_resolution(p))) for p in prepared] == [
        frozenset(reached(s)) for s in states
    ], "the tracers disagree"
    cases = {
        "naive": (naive_resolution, prepared),
        "fast": (reached, states),
        "runs": (beam_runs, states),
        "play": (lambda sm: play(sm[0], "A", sm[1]), positions),
    }
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(ROUNDS):
        for name, (fn, args) in cases.items():
            samples[name].append(timed(fn, args))
    medians = {name: statistics.median(s) for name, s in samples.items()}
    lit = [cells_lit(s) for s in states]
    print(f"\n{title}: cells crossed per resolution median {statistics.median(lit)}, max {max(lit)}")
    print(f"{'case':<8}{'median µs':>12}{'vs naive':>10}{'of 2 ms':>10}")
    for name, m in medians.items():
        print(f"{name:<8}{m * 1e6:>12.1f}{medians['naive'] / m:>9.1f}×{m / 2e-3:>9.1%}")


def main() -> None:
    print(f"Raythread Rally, 11×11, 36 tiles, 4 colours; {ROUNDS} rounds × {CALLS} calls per board")
    measure(f"{BOARDS} random boards", [random_position(seed) for seed in range(BOARDS)])
    worst = max(range(SEARCHED), key=lambda seed: cells_lit(random_position(seed)[0]))
    # One board, repeated so that each sample makes as many calls as the random-boards case.
    measure(f"worst of {SEARCHED} random boards (seed {worst})", [random_position(worst)] * BOARDS)
    measure(f"that board after {CLIMB} greedy tile changes", [adversarial(worst)] * BOARDS)


if __name__ == "__main__":
    main()
