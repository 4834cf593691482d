"""Beam tracing on a flat grid of cell codes: the hot loop of resolution, of bots and of the scene.

A board is a ``bytes`` of ``size * size`` cell codes (row-major); directions are the integers
0–3 in N, E, S, W order, so a ``/`` reflection is ``d ^ 1`` and a ``\\`` one is ``3 - d``.
A trace visits each (cell, direction) state of one colour at most once, which both stops loops and
bounds the work by ``4 * size * size`` steps per colour.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from gamenight.core.grid import DIRECTIONS, Cell, Direction, Mirror

EMPTY, SLASH_MIRROR, BACKSLASH_MIRROR, SLASH_PRISM, BACKSLASH_PRISM, BEACON, EMITTER = range(7)
_TILE_CODES = {
    ("mirror", "/"): SLASH_MIRROR,
    ("mirror", "\\"): BACKSLASH_MIRROR,
    ("prism", "/"): SLASH_PRISM,
    ("prism", "\\"): BACKSLASH_PRISM,
}

# Why a run of a beam ends (the renderer draws each kind differently).
TURN, EDGE, ABSORBED, BLOCKED, LOOP = "tile", "edge", "beacon", "emitter", "loop"


def tile_code(kind: str, orient: Mirror) -> int:
    """The cell code of a ``kind`` tile (``"mirror"`` or ``"prism"``) drawn as ``orient``."""
    return _TILE_CODES[kind, orient]


def direction_index(direction: Direction) -> int:
    return DIRECTIONS.index(direction)


@cache
def step_table(size: int) -> tuple[int, ...]:
    """``steps[cell * 4 + d]``: the index of the next cell from ``cell`` in direction ``d``, or -1."""
    table = []
    for i in range(size * size):
        r, c = divmod(i, size)
        table += [i - size if r > 0 else -1, i + 1 if c < size - 1 else -1]
        table += [i + size if r < size - 1 else -1, i - 1 if c > 0 else -1]
    return tuple(table)


class Run(NamedTuple):
    """One straight stretch of a beam, from ``start`` (emitter or tile) to ``stop`` heading ``heading``.

    ``end`` says why it stops: at a tile that turns or splits it (``"tile"``), at the board's edge
    (``"edge"``: the beam leaves the board beyond ``stop``), in a beacon, in an emitter, or where it
    would repeat a state already traced (``"loop"``).
    """

    start: Cell
    stop: Cell
    heading: Direction
    end: str


def trace(grid: bytes, size: int, origin: int, heading: int, runs: list[Run] | None = None) -> set[int]:
    """The beacon cells (indices) reached by a beam fired from cell ``origin`` towards ``heading``.

    The beam starts in the cell in front of ``origin``. A mirror turns it, a prism forks it (straight
    on, and turned as a mirror of its orientation would), a beacon or an emitter absorbs it, and it
    leaves at the edge. A branch entering a (cell, direction) already traced stops. When ``runs`` is
    given, the straight runs of every branch are appended to it in a fixed (depth-first) order.
    """
    steps = step_table(size)
    seen = bytearray(4 * size * size)
    hits: set[int] = set()
    pending = [(origin, heading)]
    while pending:
        start, d = pending.pop()
        end, last, i = EDGE, start, steps[start * 4 + d]
        while i >= 0:
            state = i * 4 + d
            last = i
            if seen[state]:
                end = LOOP
                break
            seen[state] = 1
            code = grid[i]
            if code == EMPTY:
                i = steps[state]
                continue
            if code == SLASH_MIRROR:
                end = TURN
                pending.append((i, d ^ 1))
            elif code == BACKSLASH_MIRROR:
                end = TURN
                pending.append((i, 3 - d))
            elif code in (SLASH_PRISM, BACKSLASH_PRISM):
                end = TURN
                # Pushed reflected-first so the straight branch is traced (and listed) first.
                pending.append((i, d ^ 1 if code == SLASH_PRISM else 3 - d))
                pending.append((i, d))
            elif code == BEACON:
                end = ABSORBED
                hits.add(i)
            else:
                end = BLOCKED
            break
        if runs is not None:
            runs.append(Run(divmod(start, size), divmod(last, size), DIRECTIONS[d], end))
    return hits
