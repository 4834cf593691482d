"""The first, naive beam tracer: dicts of tuples and ``Direction`` values, written to be obviously right.

It is the oracle the fast tracer in ``gamenight.raythread.beams`` is tested against, and the baseline
``bench/bench_raythread.py`` measures it against.
"""

from __future__ import annotations

from collections.abc import Mapping

from gamenight.core.grid import Cell, Direction, E, Mirror, N, S, W, step
from gamenight.raythread.board import Board
from gamenight.raythread.rules import State

# A mirror as drawn: ``/`` joins the bottom-left and top-right corners, so a beam moving East meets it and
# goes North; meeting ``\\`` it goes South. (``beams`` turns a direction's number instead: ``d ^ 1``, ``3 - d``.)
_REFLECT: dict[str, dict[Direction, Direction]] = {
    "/": {E: N, N: E, W: S, S: W},
    "\\": {E: S, S: E, W: N, N: W},
}


def reflect(heading: Direction, mirror: Mirror) -> Direction:
    """The direction of a beam moving ``heading`` after it meets ``mirror``."""
    return _REFLECT[mirror][heading]


def in_bounds(cell: Cell, size: int) -> bool:
    """Whether ``cell`` lies on a ``size`` × ``size`` board."""
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def naive_trace(
    size: int,
    start: Cell,
    facing: Direction,
    tiles: Mapping[Cell, tuple[str, str]],
    beacons: set[Cell],
    emitters: set[Cell],
) -> set[Cell]:
    """The beacons one beam reaches, tracing one cell at a time and remembering (cell, direction)."""
    seen: set[tuple[Cell, Direction]] = set()
    hits: set[Cell] = set()
    todo = [(step(start, facing), facing)]
    while todo:
        cell, d = todo.pop()
        while in_bounds(cell, size) and (cell, d) not in seen:
            seen.add((cell, d))
            if cell in beacons:
                hits.add(cell)
                break
            if cell in emitters:
                break
            if cell in tiles:
                kind, orient = tiles[cell]
                if kind == "prism":
                    todo.append((step(cell, d), d))
                d = reflect(d, orient)
            cell = step(cell, d)
    return hits


def naive_inputs(state: State) -> tuple[Board, dict[Cell, tuple[str, str]], set[Cell], set[Cell]]:
    """The dicts and sets the naive tracer reads, built from a state."""
    board = state.board
    tiles = {t.cell: (t.kind, t.orient) for t in state.tiles}
    return board, tiles, {b.cell for b in board.beacons}, {e.cell for e in board.emitters}


def naive_reached(state: State) -> tuple[frozenset[Cell], ...]:
    """For each seat, the beacons its beam reaches (what ``rules.reached`` must return)."""
    board, tiles, beacons, emitters = naive_inputs(state)
    return tuple(frozenset(naive_trace(board.size, e.cell, e.facing, tiles, beacons, emitters)) for e in board.emitters)
