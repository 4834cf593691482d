"""Square-grid geometry: cells are ``(row, col)`` from the top-left; directions are compass points.

Rows grow downwards, so North is ``row - 1``. Mirrors are named by how they look on screen:
``/`` joins the bottom-left and top-right corners, ``\\`` the top-left and bottom-right ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Literal

Cell = tuple[int, int]
Mirror = Literal["/", "\\"]
MIRRORS: tuple[Mirror, ...] = ("/", "\\")


class Direction(Enum):
    """A compass direction; ``value`` is its one-letter name used on the wire."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> Cell:
        """The ``(drow, dcol)`` of one step this way."""
        return _DELTA[self]

    @property
    def opposite(self) -> Direction:
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 2) % 4]

    @property
    def right(self) -> Direction:
        """The direction after a clockwise quarter turn."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 1) % 4]

    @property
    def left(self) -> Direction:
        """The direction after an anticlockwise quarter turn."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 3) % 4]


N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
DIRECTIONS: tuple[Direction, ...] = (N, E, S, W)
_CLOCKWISE = DIRECTIONS
_DELTA = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}


def step(cell: Cell, direction: Direction, distance: int = 1) -> Cell:
    """The cell ``distance`` steps from ``cell`` in ``direction``."""
    dr, dc = direction.delta
    return (cell[0] + dr * distance, cell[1] + dc * distance)


def on_board(cell: Sequence[int], size: int) -> bool:
    """Whether ``cell`` (a ``(row, col)``, or a ``[row, col]`` read from JSON) lies on a ``size`` × ``size``
    board: the one test of the games' square boards, so an edge is checked the same way everywhere."""
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def flip(mirror: Mirror) -> Mirror:
    """The other diagonal: ``/`` ↔ ``\\`` (a quarter turn of the tile)."""
    return "\\" if mirror == "/" else "/"


def ring(cell: Cell) -> tuple[Cell, ...]:
    """The eight cells around ``cell`` (orthogonal and diagonal), row by row."""
    r, c = cell
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
