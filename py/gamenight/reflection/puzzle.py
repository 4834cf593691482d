"""Puzzles: the tile set, the clues around the board, the solution check and live feedback.

A puzzle is what a solver sees: the board size, the warp cells, the tile set (how many tiles of
each kind every builder and solver gets) and one clue (number and colour) per edge cell. The
builder's layout is not part of it. A layout solves a puzzle when it uses no more of each kind than
the tile set, leaves the warp cells empty and reproduces every clue; fewer tiles are fine, and so is
a layout other than the builder's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

from gamenight.core.errors import BadMessage
from gamenight.core.grid import Cell, on_board
from gamenight.core.jsonutil import get_int, obj, only_keys
from gamenight.i18n import N_, reasons, terms
from gamenight.reflection.laser import (
    EMPTY,
    MAX_SIZE,
    MIN_SIZE,
    TILES,
    TRIANGLES,
    Colour,
    Layout,
    colour_of,
    edge_names,
    geometry,
)

Kind = Literal["diagonal", "flat", "block", "hole", "triangle"]
KINDS: tuple[Kind, ...] = ("diagonal", "flat", "block", "hole", "triangle")
KIND_OF: dict[str, Kind] = {
    "/": "diagonal",
    "\\": "diagonal",
    "|": "flat",
    "-": "flat",
    "#": "block",
    "o": "hole",
    **dict.fromkeys(TRIANGLES, "triangle"),
}
COLOURS: tuple[Colour, ...] = ("green", "yellow", "black")
reasons(
    {
        "puzzle-tiles-fit": N_("{n} tiles do not fit on {cells} free cells"),
        "puzzle-clue-count": N_("'clues' must be a list of {n} clues, one per edge cell"),
        "puzzle-yellow-odd": N_("a yellow number is always odd: the laser goes in and comes back the same way"),
        "puzzle-green-pairs": N_("green numbers come in pairs: each green laser ends at another green cell"),
        "puzzle-warps": N_("'warps' must be a list of no cells or two cells"),
        "puzzle-warp-cell": N_("a warp cell must be a [row, column] pair on the {size}×{size} board"),
        "puzzle-warps-differ": N_("the two warp cells must differ"),
        "puzzle-clue": N_("a clue is a colour letter g, y or b and a number, like 'g5', not '{got}'"),
        "puzzle-clue-number": N_("a clue number must be between 1 and {limit}, not {value}"),
        "layout-shape": N_("a layout is {size} rows of {size} characters"),
        "layout-characters": N_("a layout holds only '{empty}' and the tiles {tiles}"),
    }
)
terms({"puzzle": N_("a puzzle"), "tiles": N_("'tiles'"), "layout": N_("a layout")})


@dataclass(frozen=True)
class Clue:
    """What an edge cell shows: the laser's number and colour."""

    number: int
    colour: Colour

    def __str__(self) -> str:
        return f"{self.colour[0]}{self.number}"


@dataclass(frozen=True)
class TileSet:
    """How many tiles of each kind a builder places and a solver may use (a mirror turns freely)."""

    diagonal: int = 0
    flat: int = 0
    block: int = 0
    hole: int = 0
    triangle: int = 0  # triangle mirrors (an option, off by default)

    def __post_init__(self) -> None:
        if min(self.counts()) < 0:
            raise ValueError("tile counts are never negative")

    def counts(self) -> tuple[int, int, int, int, int]:
        """The counts in ``KINDS`` order."""
        return (self.diagonal, self.flat, self.block, self.hole, self.triangle)

    def to_json(self) -> dict[str, int]:
        """Kind -> count; triangle mirrors only when there are any (so codes from before them read the same)."""
        return {k: n for k, n in zip(KINDS, self.counts(), strict=True) if n or k != "triangle"}

    @property
    def total(self) -> int:
        return sum(self.counts())

    @classmethod
    def of(cls, layout: Layout) -> TileSet:
        """Exactly the tiles ``layout`` uses."""
        used = Counter(KIND_OF[t] for t in layout.tiles().values())
        return cls(*(used[k] for k in KINDS))

    def allows(self, layout: Layout) -> bool:
        """Whether ``layout`` uses no more of any kind than this set holds."""
        return all(u <= have for u, have in zip(TileSet.of(layout).counts(), self.counts(), strict=True))


@dataclass(frozen=True)
class Puzzle:
    """Size, warp cells (none or two), tile set and the clues in edge order ``T1..TN, R.., B.., L..``."""

    size: int
    warps: tuple[Cell, ...]
    tiles: TileSet
    clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        if len(self.clues) != 4 * self.size:
            raise ValueError(f"a {self.size}×{self.size} puzzle has {4 * self.size} clues")
        geometry(self.size, self.warps)  # validates the warp cells

    def clue(self, edge: str) -> Clue:
        return self.clues[edge_names(self.size).index(edge)]

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "warps": [list(w) for w in self.warps],
            "tiles": self.tiles.to_json(),
            "clues": [str(c) for c in self.clues],
        }


def clues(layout: Layout, warps: tuple[Cell, ...] = ()) -> tuple[Clue, ...]:
    """The clue of every edge cell of ``layout``, in edge order."""
    geo = geometry(layout.size, warps)
    grid = geo.codes(layout)
    found: list[Clue | None] = [None] * geo.edges
    for edge in range(geo.edges):
        if found[edge] is None:
            number, exit = geo.run(grid, edge)
            found[edge] = Clue(number, colour_of(edge, exit))
            if exit >= 0:
                found[exit] = found[edge]  # the partner's laser retraces this path backwards
    # Every edge now has its clue (its own run's or its partner's): none is None, which mypy cannot see.
    return tuple(found)  # type: ignore[arg-type]


def puzzle_of(layout: Layout, warps: tuple[Cell, ...] = (), tiles: TileSet | None = None) -> Puzzle:
    """The puzzle a builder's ``layout`` makes (its tile set defaults to exactly the tiles used)."""
    tiles = TileSet.of(layout) if tiles is None else tiles
    if not tiles.allows(layout):
        raise ValueError("the layout uses more tiles than the tile set")
    return Puzzle(layout.size, warps, tiles, clues(layout, warps))


def fits(puzzle: Puzzle, layout: Layout) -> bool:
    """Whether ``layout`` may be placed at all: right size, within the tile set, warp cells empty."""
    return (
        layout.size == puzzle.size and puzzle.tiles.allows(layout) and all(layout.at(w) == EMPTY for w in puzzle.warps)
    )


def mismatches(puzzle: Puzzle, layout: Layout) -> tuple[str, ...]:
    """The edge cells whose laser on ``layout`` does not (yet) show the puzzle's clue — drawn in red."""
    names = edge_names(puzzle.size)
    return tuple(
        names[i]
        for i, (want, got) in enumerate(zip(puzzle.clues, clues(layout, puzzle.warps), strict=True))
        if want != got
    )


def check(puzzle: Puzzle, layout: Layout) -> bool:
    """Whether ``layout`` solves ``puzzle``: it fits and reproduces every clue exactly."""
    return fits(puzzle, layout) and clues(layout, puzzle.warps) == puzzle.clues


def parse_puzzle(data: Any) -> Puzzle:
    """A puzzle from untrusted JSON (a pasted code or a peer message); raises ``BadMessage``."""
    data = obj(data, "puzzle", BadMessage)
    only_keys(data, ("size", "warps", "tiles", "clues"), "puzzle", BadMessage)
    size = get_int(data, "size", BadMessage, MIN_SIZE, MAX_SIZE)
    warps = parse_warps(data.get("warps"), size)
    tiles = parse_tiles(data.get("tiles"), size * size - len(warps))
    raw = data.get("clues")
    if not isinstance(raw, list) or len(raw) != 4 * size:
        raise BadMessage("puzzle-clue-count", n=4 * size)
    parsed = tuple(_parse_clue(c, geometry(size, warps).limit) for c in raw)
    if any(c.colour == "yellow" and c.number % 2 == 0 for c in parsed):
        raise BadMessage("puzzle-yellow-odd")
    greens = Counter(c.number for c in parsed if c.colour == "green")
    if any(n % 2 for n in greens.values()):
        raise BadMessage("puzzle-green-pairs")
    return Puzzle(size, warps, tiles, parsed)


def parse_tiles(raw: Any, cells: int) -> TileSet:
    """The tiles of a puzzle with ``cells`` cells that hold tiles, from untrusted JSON; raises ``BadMessage``."""
    raw = obj(raw, "tiles", BadMessage)
    only_keys(raw, KINDS, "tiles", BadMessage)
    tiles = TileSet(*(get_int(raw, k, BadMessage, 0, cells, default=0) for k in KINDS))
    if tiles.total > cells:
        raise BadMessage("puzzle-tiles-fit", n=tiles.total, cells=cells)
    return tiles


def parse_warps(raw: Any, size: int) -> tuple[Cell, ...]:
    """A puzzle's warp gates (none or two cells of a ``size`` board) from untrusted JSON; raises ``BadMessage``."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) not in (0, 2):
        raise BadMessage("puzzle-warps")
    warps = []
    for cell in raw:
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in cell)
            or not on_board(cell, size)
        ):
            raise BadMessage("puzzle-warp-cell", size=size)
        warps.append((cell[0], cell[1]))
    if len(set(warps)) != len(warps):
        raise BadMessage("puzzle-warps-differ")
    return tuple(warps)


def _parse_clue(raw: Any, limit: int) -> Clue:
    colours = {c[0]: c for c in COLOURS}
    if (
        not isinstance(raw, str)
        or len(raw) < 2
        or raw[0] not in colours
        or not raw[1:].isascii()
        or not raw[1:].isdigit()
    ):
        raise BadMessage("puzzle-clue", got=str(raw)[:20])
    number = int(raw[1:])
    if not 1 <= number <= limit:
        raise BadMessage("puzzle-clue-number", limit=limit, value=number)
    return Clue(number, colours[raw[0]])


def parse_layout(data: Any, size: int) -> Layout:
    """A ``size × size`` layout from untrusted JSON ``{"rows": [...]}``; raises ``BadMessage``."""
    data = obj(data, "layout", BadMessage)
    only_keys(data, ("rows",), "layout", BadMessage)
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != size or not all(isinstance(r, str) and len(r) == size for r in rows):
        raise BadMessage("layout-shape", size=size)
    if any(ch != EMPTY and ch not in TILES for r in rows for ch in r):
        raise BadMessage("layout-characters", empty=EMPTY, tiles=" ".join(TILES))
    return Layout(tuple(rows))
