"""Laser physics of Reflection: the board, its edge cells, the tiles and how a laser is traced.

A board is ``size × size`` cells, ``(row, col)`` from the top-left. Around it sit ``4 × size`` edge
cells, named ``T1..TN`` (top, left to right), ``R1..RN`` (right, top to bottom), ``B1..BN`` (bottom,
left to right) and ``L1..LN`` (left, top to bottom). Each fires a laser straight into the board.

Tiles: ``/`` and ``\\`` turn a laser by 90°; ``|`` reverses a laser moving East/West and lets one
moving North/South pass (``-`` the other way round); ``#`` reverses any laser; ``o`` (a black hole)
stops it. A triangle mirror fills half a cell, cut along a diagonal; it is named by the corner it
fills (``◤`` top-left, ``◥`` top-right, ``◢`` bottom-right, ``◣`` bottom-left). A laser that meets
its long side (the diagonal) turns as on a diagonal mirror along it; one that meets a short side (on
the cell's edge) is sent back as by a block. A pair of warp cells ``X`` (fixed by the puzzle, never
holding a tile) sends a laser that enters one out of the other in the same direction.

The number of a laser counts every cell entry until it leaves the board or stops: a cell crossed
twice counts twice, the cell that turns, reverses or stops it counts, and a warp jump counts both
warp cells. Because every move can be undone (the physics is reversible), a laser never enters the
same cell in the same way twice, so a trace ends after at most ``4 × size² + 8`` entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from gamenight.core.grid import DIRECTIONS, Cell, Direction, on_board

Tile = Literal["/", "\\", "|", "-", "#", "o", "◤", "◥", "◢", "◣"]
Colour = Literal["green", "yellow", "black"]
TILES: tuple[Tile, ...] = ("/", "\\", "|", "-", "#", "o", "◤", "◥", "◢", "◣")
TRIANGLES: tuple[Tile, ...] = ("◤", "◥", "◢", "◣")  # clockwise: a quarter turn is the next one
EMPTY = "."
WARP = "X"
SIDES = ("T", "R", "B", "L")
MIN_SIZE, MAX_SIZE = 4, 12

# Tile codes used by the fast tracer and the solver: an index into ``TURN``.
EMPTY_CODE, WARP_CODE = 0, 11
CODE: dict[str, int] = {EMPTY: 0, "/": 1, "\\": 2, "|": 3, "-": 4, "#": 5, "o": 6, "◤": 7, "◥": 8, "◢": 9, "◣": 10}
CHAR = "./\\|-#o◤◥◢◣"
STOP = -1
# TURN[code * 4 + heading] -> new heading (0=N, 1=E, 2=S, 3=W), or STOP for a black hole.
TURN: tuple[int, ...] = (
    *(0, 1, 2, 3),  # empty: straight on
    *(1, 0, 3, 2),  # "/": N->E, E->N, S->W, W->S
    *(3, 2, 1, 0),  # "\": N->W, E->S, S->E, W->N
    *(0, 3, 2, 1),  # "|": passes N/S, reverses E/W
    *(2, 1, 0, 3),  # "-": reverses N/S, passes E/W
    *(2, 3, 0, 1),  # "#": reverses everything
    *(STOP, STOP, STOP, STOP),  # "o": stops
    # A triangle's short sides send a laser back; its long side turns it like the mirror along it.
    *(1, 3, 0, 2),  # "◤" (long side "/"): N->E, W->S; met from the north or west: back
    *(3, 2, 0, 1),  # "◥" (long side "\\"): N->W, E->S; met from the north or east: back
    *(2, 0, 3, 1),  # "◢" (long side "/"): E->N, S->W; met from the south or east: back
    *(2, 3, 1, 0),  # "◣" (long side "\\"): S->E, W->N; met from the south or west: back
)


class TraceLoopError(RuntimeError):
    """Internal error: a trace ran past the bound the reversibility proof guarantees."""


@dataclass(frozen=True)
class Layout:
    """Tiles on a board, one string per row with ``.`` for an empty cell (the canonical form)."""

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        size = len(self.rows)
        if any(len(row) != size for row in self.rows):
            raise ValueError("a layout is square: every row has one character per column")
        if any(ch != EMPTY and ch not in TILES for row in self.rows for ch in row):
            raise ValueError(f"a layout holds only {EMPTY!r} and the tiles {''.join(TILES)!r}")

    @classmethod
    def empty(cls, size: int) -> Layout:
        return cls((EMPTY * size,) * size)

    @classmethod
    def of(cls, size: int, tiles: Mapping[Cell, str]) -> Layout:
        """The layout with ``tiles`` (cell -> tile) on an otherwise empty ``size × size`` board."""
        grid = [[EMPTY] * size for _ in range(size)]
        for (r, c), tile in tiles.items():
            if not on_board((r, c), size):
                raise ValueError(f"cell {(r, c)} is off a {size}×{size} board")
            grid[r][c] = tile
        return cls(tuple("".join(row) for row in grid))

    @property
    def size(self) -> int:
        return len(self.rows)

    def at(self, cell: Cell) -> str:
        """The tile on ``cell``, or ``"."`` when it is empty."""
        return self.rows[cell[0]][cell[1]]

    def tiles(self) -> dict[Cell, Tile]:
        """Every placed tile by cell."""
        # A row holds only tiles and "." (__post_init__ checks it): mypy sees its characters as str.
        return {(r, c): ch for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != EMPTY}  # type: ignore[misc]

    def place(self, cell: Cell, tile: str) -> Layout:
        """This layout with ``tile`` (or ``"."`` to clear) on ``cell``."""
        r, c = cell
        row = self.rows[r]
        return Layout((*self.rows[:r], row[:c] + tile + row[c + 1 :], *self.rows[r + 1 :]))

    def to_json(self) -> dict[str, object]:
        """Canonical JSON (``core.jsonutil.dumps`` of it is what a commitment hashes)."""
        return {"rows": list(self.rows)}


def edge_names(size: int) -> tuple[str, ...]:
    """Every edge cell in clue order: ``T1..TN, R1..RN, B1..BN, L1..LN``."""
    return tuple(f"{side}{i}" for side in SIDES for i in range(1, size + 1))


def clue_codes(edges: Sequence[str]) -> str:
    """Clues as a reason's ``clues`` parameter carries them, "T3 R2" (past six, five and "+n" more: a
    parameter is short, ``core.errors.MAX_PARAM``); each page puts them into words when it draws the
    reason, in its language then (``scene.clue_words``)."""
    if len(edges) > 6:
        return " ".join([*edges[:5], f"+{len(edges) - 5}"])
    return " ".join(edges)


def edge_index(size: int, name: str) -> int:
    """The position of edge ``name`` (e.g. ``"R3"``) in clue order; raises ``ValueError``."""
    try:
        return edge_names(size).index(name)
    except ValueError:
        raise ValueError(f"{name!r} is not an edge cell of a {size}×{size} board") from None


@dataclass(frozen=True)
class Step:
    """One cell entry of a laser: the cell, the running count, the heading it entered with and left with.

    ``leaving`` is ``None`` where a black hole stopped the laser; a warp jump is two steps (one per
    warp cell) with the same heading.
    """

    cell: Cell
    count: int
    entering: Direction
    leaving: Direction | None


@dataclass(frozen=True)
class Trace:
    """The full path of the laser fired from ``edge``: where it went, its number and colour."""

    edge: str
    steps: tuple[Step, ...]
    exit: str | None
    colour: Colour

    @property
    def number(self) -> int:
        return len(self.steps)


class Geometry:
    """Flat lookup tables of one board shape (size and warp cells), shared by the tracer and the solver.

    Cells are indices ``row * size + col``; headings are 0..3 for N, E, S, W.
    """

    def __init__(self, size: int, warps: tuple[Cell, ...]) -> None:
        if len(warps) not in (0, 2) or len(set(warps)) != len(warps):
            raise ValueError("a board has no warp cells or exactly two distinct ones")
        n = size
        self.size = n
        self.edges = 4 * n
        # A laser enters a given cell with a given heading at most once, except that each warp
        # cell can also be reached by a jump: 4 states per cell, 8 more for the two warps.
        self.limit = 4 * n * n + 8
        self.warp = tuple(r * n + c for r, c in warps)
        self.partner = [-1] * (n * n)
        if self.warp:
            a, b = self.warp
            self.partner[a], self.partner[b] = b, a
        # Where each edge's laser enters: (cell, heading).
        self.entry: list[tuple[int, int]] = (
            [(c, 2) for c in range(n)]
            + [(r * n + n - 1, 3) for r in range(n)]
            + [((n - 1) * n + c, 0) for c in range(n)]
            + [(r * n, 1) for r in range(n)]
        )
        # nxt[cell * 4 + heading]: the next cell, or -1 - edge when the laser leaves by that edge.
        nxt = []
        for r in range(n):
            for c in range(n):
                nxt.append(r * n + c - n if r > 0 else -1 - c)
                nxt.append(r * n + c + 1 if c < n - 1 else -1 - (n + r))
                nxt.append(r * n + c + n if r < n - 1 else -1 - (2 * n + c))
                nxt.append(r * n + c - 1 if c > 0 else -1 - (3 * n + r))
        self.nxt = nxt

    def cell(self, index: int) -> Cell:
        return divmod(index, self.size)

    def codes(self, layout: Layout) -> list[int]:
        """The layout as a flat list of tile codes, warp cells marked; tiles on warp cells are refused."""
        if layout.size != self.size:
            raise ValueError(f"the layout is {layout.size}×{layout.size}, the board {self.size}×{self.size}")
        grid = [CODE[ch] for row in layout.rows for ch in row]
        for w in self.warp:
            if grid[w] != EMPTY_CODE:
                raise ValueError(f"cell {self.cell(w)} is a warp cell and cannot hold a tile")
            grid[w] = WARP_CODE
        return grid

    def run(self, grid: Sequence[int], edge: int) -> tuple[int, int]:
        """Trace the laser of ``edge`` on a code grid: ``(number, exit)``, exit ``-1`` when it stopped."""
        nxt, turn, partner, limit = self.nxt, TURN, self.partner, self.limit
        cell, heading = self.entry[edge]
        count = 0
        while True:
            count += 1
            code = grid[cell]
            if code == WARP_CODE:
                cell = partner[cell]
                count += 1
            else:
                heading = turn[code * 4 + heading]
                if heading < 0:
                    return count, -1
            cell = nxt[cell * 4 + heading]
            if cell < 0:
                return count, -1 - cell
            if count > limit:
                raise TraceLoopError(f"the laser of edge {edge} passed {limit} cell entries")


@lru_cache(maxsize=64)
def geometry(size: int, warps: tuple[Cell, ...] = ()) -> Geometry:
    """The (cached) lookup tables of a ``size × size`` board with these warp cells."""
    return Geometry(size, warps)


def colour_of(edge: int, exit: int) -> Colour:
    """Green when the laser left by another edge, yellow when by its own, black when it stopped."""
    if exit < 0:
        return "black"
    return "yellow" if exit == edge else "green"


def trace(layout: Layout, edge: str, warps: tuple[Cell, ...] = ()) -> Trace:
    """The path of the laser fired from ``edge`` (e.g. ``"T3"``), cell by cell with its running count."""
    geo = geometry(layout.size, warps)
    grid = geo.codes(layout)
    start = edge_index(layout.size, edge)
    cell, heading = geo.entry[start]
    steps: list[Step] = []
    while True:
        code = grid[cell]
        entering = DIRECTIONS[heading]
        if code == WARP_CODE:
            steps.append(Step(geo.cell(cell), len(steps) + 1, entering, entering))
            cell = geo.partner[cell]
            steps.append(Step(geo.cell(cell), len(steps) + 1, entering, entering))
        else:
            heading = TURN[code * 4 + heading]
            leaving = DIRECTIONS[heading] if heading >= 0 else None
            steps.append(Step(geo.cell(cell), len(steps) + 1, entering, leaving))
            if heading < 0:
                return Trace(edge, tuple(steps), None, "black")
        cell = geo.nxt[cell * 4 + heading]
        if cell < 0:
            exit = -1 - cell
            return Trace(edge, tuple(steps), edge_names(layout.size)[exit], colour_of(start, exit))
        if len(steps) > geo.limit:
            raise TraceLoopError(f"the laser of {edge} passed {geo.limit} cell entries")
