"""No step of making a puzzle runs long between two pauses: the browser runs the steps in slices of a
few milliseconds, and one step that runs on past its slice blocks the page (issue 14: no main-thread
task over 50 ms while a host makes a match's puzzles).

A step's length is measured in work, not time: the lines of the package's Python code the interpreter
runs between two yields (``sys.settrace``). Pyodide runs the same code, so the bound holds on any
machine in proportion to its speed (docs/performance.md has lines per millisecond in the browser).
"""

import sys
from collections.abc import Generator
from typing import Any

from gamenight.core.steps import finish
from gamenight.reflection import solve as solver
from gamenight.reflection.generate import PRESETS, Order, generate, generate_steps, mix, steps
from gamenight.reflection.laser import geometry
from gamenight.reflection.solve import solve_steps

# About 1.6 ms of CPU on CPython (≈ 40,000 lines a millisecond) and ≈ 3 ms in Pyodide (≈ 1.8 times
# slower) on the development machine (docs/performance.md): a step this long leaves a 12 ms slice well
# under 50 ms even on a machine several times slower. The solver pauses every ``solve.PAUSE`` (8)
# decisions, and one decision runs up to about 7,000 lines.
LINES = 64_000


def stretches(work: Generator[Any, None, Any]) -> tuple[list[int], Any]:
    """The lines of ``gamenight`` code run by each step of ``work`` (up to its next yield or its end),
    and its value."""
    counted = [0]

    def local(frame, event, arg):
        if event == "line":
            counted[0] += 1
        return local

    def calls(frame, event, arg):
        return local if "gamenight" in frame.f_code.co_filename else None

    lines = []
    sys.settrace(calls)
    try:
        while True:
            counted[0] = 0
            try:
                next(work)
            except StopIteration as done:
                lines.append(counted[0])
                return lines, done.value
            lines.append(counted[0])
    finally:
        sys.settrace(None)


def test_making_hard_puzzles_never_runs_long_between_pauses():
    # One seed: every line it runs is traced, and seed 2 (0.7 s of 2.7) ran the same kinds of step (its
    # first layout drawn, filtered and proved, as seed 1's) with a shorter longest one (29,059 lines
    # against 33,746).
    hard = PRESETS["hard"]
    lines, made = stretches(steps(Order(hard.size, hard.mix, seed=1)))
    assert made.puzzle.size == 10 and max(lines) <= LINES, max(lines)


def test_a_new_board_shape_builds_its_tables_in_steps():
    # A board with warp cells is a new shape for every puzzle: its tables are built in steps, once.
    order = Order(10, mix(12), warp=True, seed=4)
    solver._BUILT.clear()
    lines, made = stretches(steps(order))
    assert made.puzzle.warps and max(lines) <= LINES, max(lines)
    assert len(solver._BUILT) == 1
    shape = next(iter(solver._BUILT))
    assert shape.warp and shape.size == 10
    lines, again = stretches(solve_steps(made.puzzle))
    assert again.unique and len(solver._BUILT) == 1  # built once


def test_normal_and_easy_puzzles_and_a_builders_check_pause_as_often():
    for name in ("easy", "normal"):
        preset = PRESETS[name]
        for seed in (1, 2, 3):
            lines, _ = stretches(generate_steps(preset.size, preset.mix, False, seed))
            assert max(lines) <= LINES, (name, seed, max(lines))
    # The build phase's check of a builder's layout (any layout, often with several solutions).
    drawn = generate(10, 20, seed=5, unique=False)
    lines, solved = stretches(solve_steps(drawn.puzzle, 2, budget=3_000))
    assert solved.nodes > 100 and max(lines) <= LINES, (solved.nodes, max(lines))


def test_the_tables_built_in_steps_hold_the_distances_through_the_warp_pair():
    geo = geometry(5, ((1, 1), (3, 4)))
    tables = finish(solver._tables(geo))

    def fewest(a: int, b: int) -> int:  # Manhattan, or to one warp cell, one entry to jump, on from the other
        (ar, ac), (br, bc) = divmod(a, 5), divmod(b, 5)
        best = abs(ar - br) + abs(ac - bc)
        for (xr, xc), (yr, yc) in (((1, 1), (3, 4)), ((3, 4), (1, 1))):
            best = min(best, abs(ar - xr) + abs(ac - xc) + 1 + abs(yr - br) + abs(yc - bc))
        return best

    assert tables.dist == [fewest(a, b) for a in range(25) for b in range(25)]
    assert tables.dist[0 * 25 + 24] == 4  # corner to corner: to (1, 1), jump, on to (4, 4)
    assert len(tables.passes) == 25 * 4 and all(len(row) == 2 * 5 + 2 for row in tables.balls)
