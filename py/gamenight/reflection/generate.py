"""The puzzle generator: random layouts, kept only when the solver proves their solution unique.

A generated puzzle's solution set is exactly its hidden layout: no other layout within the tile set
(fewer tiles included) shows the same clues, so every tile is visible to some laser. The generator
draws layouts from the seed until one passes; the same arguments always give the same puzzle.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from itertools import count

from gamenight.core.grid import Cell
from gamenight.core.rng import rng
from gamenight.reflection.laser import CHAR, STOP, TURN, WARP_CODE, Layout, TraceLoopError, geometry
from gamenight.reflection.puzzle import Puzzle, TileSet, puzzle_of
from gamenight.reflection.solve import finish, solve_steps

# A layout whose uniqueness takes the solver more decisions than this is passed over: it would cost
# too long to prove, and a puzzle that needs that much search is no fun by hand either.
SEARCH_BUDGET = 5_000
MAX_ATTEMPTS = 2_000


@dataclass(frozen=True)
class Preset:
    """A player-facing difficulty: board size, number of tiles, black holes on or off."""

    name: str
    size: int
    tiles: int
    black_holes: bool

    @property
    def mix(self) -> TileSet:
        return mix(self.tiles, self.black_holes)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("easy", 6, 6, False),
        Preset("normal", 8, 10, False),
        Preset("hard", 10, 20, False),
        Preset("expert", 10, 26, True),
    )
}


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its hidden layout and how hard it was to prove unique.

    ``effort`` is the solver's decision count for that proof (0 when uniqueness was not asked
    for): a difficulty estimate, since the solver's search mirrors the trial and error a player needs.
    ``attempts`` counts the layouts drawn, this one included.
    """

    puzzle: Puzzle
    layout: Layout
    effort: int
    attempts: int


def mix(tiles: int, black_holes: bool = False) -> TileSet:
    """The kinds of ``tiles`` items: about 15% flat mirrors, 15% blocks, one black hole per 12
    items (at least one) when black holes are on, and diagonal mirrors for the rest."""
    if tiles < 0:
        raise ValueError("the number of tiles is never negative")
    hole = max(1, (tiles + 6) // 12) if black_holes and tiles else 0
    flat = block = (tiles * 3 + 10) // 20
    while flat + block + hole > tiles:  # tiny sets: drop extras, keeping diagonal mirrors first
        if block >= flat and block:
            block -= 1
        elif flat:
            flat -= 1
        else:
            hole -= 1
    return TileSet(tiles - flat - block - hole, flat, block, hole)


def generate(
    size: int, tiles: int, black_holes: bool = False, warp: bool = False, seed: int = 0, unique: bool = True
) -> Generated:
    """A random puzzle on a ``size × size`` board with ``tiles`` items mixed by ``mix``.

    With ``warp``, two warp cells are drawn first. With ``unique`` (the default) the puzzle has
    exactly one solution; without, every tile still changes some laser.
    """
    return generate_with(size, mix(tiles, black_holes), warp, seed, unique)


def generate_with(size: int, tileset: TileSet, warp: bool = False, seed: int = 0, unique: bool = True) -> Generated:
    """``generate`` with an explicit tile set."""
    return finish(generate_steps(size, tileset, warp, seed, unique))


def generate_steps(
    size: int, tileset: TileSet, warp: bool = False, seed: int = 0, unique: bool = True
) -> Generator[int, None, Generated]:
    """``generate_with`` in small steps: yields the number of the layout being tried (once as it is
    drawn, and again every few milliseconds of its uniqueness proof), returns the puzzle. The browser
    runs it in slices between frames, so the page stays responsive."""
    free = size * size - (2 if warp else 0)
    if tileset.total > free:
        raise ValueError(f"{tileset.total} tiles do not fit on {free} free cells")
    r = rng(seed, "reflection", "generate", size, *tileset.counts(), warp)
    cells = [(row, col) for row in range(size) for col in range(size)]
    warps: tuple[Cell, ...] = tuple(sorted(r.sample(cells, 2))) if warp else ()
    spots = [c for c in cells if c not in warps]
    kinds = ["/\\"] * tileset.diagonal + ["|-"] * tileset.flat + ["#"] * tileset.block + ["o"] * tileset.hole
    for attempt in count(1):
        yield attempt
        if attempt > MAX_ATTEMPTS:
            raise RuntimeError(f"no unique puzzle found in {MAX_ATTEMPTS} attempts")
        placed = dict(zip(r.sample(spots, len(kinds)), (r.choice(k) for k in kinds), strict=True))
        layout = Layout.of(size, placed)
        if not all_visible(layout, warps):
            continue
        puzzle = puzzle_of(layout, warps, tileset)
        if not unique:
            return Generated(puzzle, layout, 0, attempt)
        proof = solve_steps(puzzle, 2, budget=SEARCH_BUDGET)
        while True:
            try:
                next(proof)
            except StopIteration as done:
                solved = done.value
                break
            yield attempt
        if solved.unique:
            return Generated(puzzle, layout, solved.nodes, attempt)
    raise AssertionError("unreachable")


def all_visible(layout: Layout, warps: tuple[Cell, ...] = ()) -> bool:
    """Whether every tile changes the path of some laser (a tile no laser notices could be taken away)."""
    geo = geometry(layout.size, warps)
    grid = geo.codes(layout)
    hidden = {i for i, code in enumerate(grid) if code != WARP_CODE and CHAR[code] != "."}
    nxt, partner = geo.nxt, geo.partner
    for edge in range(geo.edges):
        cell, heading = geo.entry[edge]
        for _ in range(geo.limit):
            code = grid[cell]
            if code == WARP_CODE:
                cell = partner[cell]
                new = heading
            else:
                new = TURN[code * 4 + heading]
                if new != heading:
                    hidden.discard(cell)
                    if new == STOP:
                        break
            cell = nxt[cell * 4 + new]
            if cell < 0:
                break
            heading = new
        else:
            raise TraceLoopError(f"the laser of edge {edge} passed {geo.limit} cell entries")
        if not hidden:
            return True
    return False
