"""Reflection match flow on CPython: setup, making the random puzzles (the host's background work, with
its longest step), a judged solve, a reveal, a view.

Run: ``python bench/bench_reflection_match.py``. Several runs, medians; each line also shows its
ratio to the 16 ms frame budget of a move (a move and its views must fit well inside it).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the ``bench`` package

from bench.stats import median_ms
from gamenight.reflection import GAME
from gamenight.reflection.generate import generate
from gamenight.reflection.match import submission

RUNS = 7
FRAME_MS = 16.0


def built_match(players: int):
    """A built match on a Hard-sized board, every puzzle submitted, round 1 running."""
    options = GAME.options({"mode": "built", "preset": "hard"})
    seats = tuple(str(n) for n in range(1, players + 1))
    state = GAME.setup(options, seats, 1)
    layouts = {seat: generate(options.size, options.tiles, seed=k, unique=False).layout for k, seat in enumerate(seats)}
    for k, seat in enumerate(seats):
        state, _ = GAME.play(state, seat, submission(layouts[seat], (), f"{k:02x}" * 16), 1000 + k)
    return state, layouts


def prepare_all(state, steps: list[float]):
    """Make every puzzle the match waits for, as the host's page does in slices; ``steps`` gets the
    time of each step (what one slice can at least block the page for)."""
    while (preparation := GAME.prepare(state)) is not None:
        work = preparation.steps()
        before = time.perf_counter()
        while True:
            try:
                next(work)
            except StopIteration as done:
                value = done.value
                break
            now = time.perf_counter()
            steps.append((now - before) * 1000)
            before = now
        state, _events = GAME.prepared(state, value, 0)
    return state


def main() -> None:
    rows = []
    for preset, rounds in (("easy", 5), ("normal", 5), ("hard", 1)):
        options = GAME.options({"preset": preset, "rounds": rounds})
        ms = median_ms(lambda o=options: GAME.setup(o, ("1", "2", "3"), 7), runs=3)
        rows.append((f"setup random, {preset}, {rounds} round(s) (puzzles made later)", ms))
        steps: list[float] = []
        ms = median_ms(lambda o=options, s=steps: prepare_all(GAME.setup(o, ("1", "2", "3"), 7), s), runs=3)
        rows.append((f"prepare: all {rounds} puzzle(s), {preset}", ms))
        rows.append((f"prepare: longest step between two yields, {preset}", max(steps)))
    state, layouts = built_match(6)
    solver, builder = "1", "2"  # in round 1 seat 1 solves seat 2's puzzle
    move = {"type": "solve", "layout": layouts[builder].to_json()}
    judged = median_ms(lambda: GAME.play(state, solver, move, 5000), RUNS)
    rows.append(("play: a judged solve, 10×10, 20 tiles", judged))
    rows.append(("view of one seat, 6 players", median_ms(lambda: GAME.view(state, solver), RUNS)))
    rows.append(
        ("views of 6 seats + spectator", median_ms(lambda: [GAME.view(state, s) for s in (*state.seats, None)], RUNS))
    )
    rows.append(("tick with nothing due", median_ms(lambda: GAME.tick(state, 6000), RUNS)))
    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  {'median ms':>10}  {'÷ 16 ms':>8}")
    for name, ms in rows:
        print(f"{name:<{width}}  {ms:>10.3f}  {ms / FRAME_MS:>8.3f}")


if __name__ == "__main__":
    main()
