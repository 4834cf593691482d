"""The puzzle generator: random layouts, kept only when the solver proves their solution unique.

A generated puzzle's solution set is exactly its hidden layout: no other layout within the tile set
(fewer tiles included) shows the same clues, so every tile is visible to some laser. The generator
draws layouts from the seed until one passes; the same arguments always give the same puzzle.

The generator is versioned: a seed gives the same puzzle only under the same ``version``. Version 1
proved uniqueness with the solver of the first releases; version 2 (``VERSION``) lets the solver use
its counting bounds, which prove more layouts within the search budget (so a seed may give another
puzzle than under version 1), and takes the settings that have a verified bank (Expert) from it. Old
links carry no version and keep their meaning through ``version=1``.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from itertools import count
from typing import TypeVar

from gamenight.core.grid import Cell
from gamenight.core.rng import rng
from gamenight.core.steps import finish
from gamenight.reflection import bank
from gamenight.reflection.laser import (
    CHAR,
    EMPTY_CODE,
    STOP,
    TRIANGLES,
    TURN,
    WARP_CODE,
    Geometry,
    Layout,
    TraceLoopError,
    geometry,
)
from gamenight.reflection.puzzle import Puzzle, TileSet, puzzle_of
from gamenight.reflection.solve import solve_steps

VERSION = 2
VERSIONS = (1, 2)
# A layout whose uniqueness takes the solver more decisions than this is passed over: it would cost
# too long to prove, and a puzzle that needs that much search is no fun by hand either. Version 2's
# solver needs fewer decisions for the same proof, so its budget is recalibrated (docs/performance.md).
SEARCH_BUDGETS = {1: 5_000, 2: 5_000}
MAX_ATTEMPTS = 2_000
# Triangle mirrors are offered on boards up to this size. On a 10 × 10 board with them the uniqueness
# proof runs out of its budget on nearly every layout (Hard: no unique puzzle among 60 layouts, none among
# 30 with ten times the budget; docs/performance.md), so a Hard or Expert puzzle with triangles took
# minutes and then failed; an 8 × 8 one (Normal) is made in a fraction of a second. Counting tiles by the
# set of kinds a cell may hold (Hall's condition) proves 7 in 30 with ten times the budget: still seconds
# per puzzle, so not done (docs/performance.md, "where the proof blows up").
TRIANGLES_UP_TO = 8
T = TypeVar("T")


def makes_triangles(size: int) -> bool:
    """Whether the generator is asked for puzzles with triangle mirrors on a ``size × size`` board: the
    one test of a board against ``TRIANGLES_UP_TO`` (the solo settings and a race's options ask here)."""
    return size <= TRIANGLES_UP_TO


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
    for): a difficulty estimate, since the solver's search mirrors the trial and error a player needs
    (counts of different generator versions are on different scales). ``attempts`` counts the layouts
    drawn, this one included (0 for a puzzle from a bank).
    """

    puzzle: Puzzle
    layout: Layout
    effort: int
    attempts: int


@dataclass(frozen=True)
class Order:
    """A request for one puzzle: the board, the tile set, warp cells or not, the seed and the generator
    version. A value, so a puzzle made ahead (in the background, or by a host before a round) is known
    to be exactly the one asked for: ``make(order)`` always gives the same ``Generated``."""

    size: int
    tiles: TileSet
    warp: bool = False
    seed: int = 0
    version: int = VERSION

    @property
    def banked(self) -> bool:
        """Whether the puzzle comes from a verified bank instead of live generation."""
        return self.version >= 2 and not self.warp and bank.find(self.size, self.tiles) is not None


def steps(order: Order) -> Generator[int, None, Generated]:
    """The puzzle of ``order`` in small steps (run them in ``Work`` slices in the browser): from the
    bank when the settings have one, else ``generate_steps``. Yields what ``generate_steps`` yields."""
    if order.banked:
        found = bank.find(order.size, order.tiles)
        assert found is not None
        layout, effort = found.get(order.seed % len(found))
        yield 1
        return Generated(puzzle_of(layout, (), order.tiles), layout, effort, 0)
    return (yield from generate_steps(order.size, order.tiles, order.warp, order.seed, version=order.version))


def make(order: Order) -> Generated:
    """The puzzle of ``order`` at once (``steps`` run to the end)."""
    return finish(steps(order))


def mix(tiles: int, black_holes: bool = False, triangles: bool = False) -> TileSet:
    """The kinds of ``tiles`` items: about 15% flat mirrors, 15% blocks, one black hole per 12
    items (at least one) when black holes are on, and diagonal mirrors for the rest; with triangle
    mirrors on, about 15% of the items are triangle mirrors instead of diagonal ones (at least one
    diagonal mirror stays)."""
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
    diagonal = tiles - flat - block - hole
    triangle = min((tiles * 3 + 10) // 20, diagonal - 1) if triangles and diagonal > 1 else 0
    return TileSet(diagonal - triangle, flat, block, hole, triangle)


def generate(
    size: int,
    tiles: int,
    black_holes: bool = False,
    warp: bool = False,
    seed: int = 0,
    unique: bool = True,
    version: int = VERSION,
    triangles: bool = False,
) -> Generated:
    """A random puzzle on a ``size × size`` board with ``tiles`` items mixed by ``mix``.

    With ``warp``, two warp cells are drawn first. With ``unique`` (the default) the puzzle has
    exactly one solution; without, every tile still changes some laser.
    """
    return generate_with(size, mix(tiles, black_holes, triangles), warp, seed, unique, version)


def generate_with(
    size: int, tileset: TileSet, warp: bool = False, seed: int = 0, unique: bool = True, version: int = VERSION
) -> Generated:
    """``generate`` with an explicit tile set."""
    return finish(generate_steps(size, tileset, warp, seed, unique, version))


def generate_steps(
    size: int, tileset: TileSet, warp: bool = False, seed: int = 0, unique: bool = True, version: int = VERSION
) -> Generator[int, None, Generated]:
    """``generate_with`` in small steps: yields the number of the layout being tried (as it is drawn,
    once its clues are known, and again at every pause of the local filter and of the uniqueness
    proof: a step is at most a few milliseconds in Pyodide), returns the puzzle. The browser runs it in
    slices between frames, so the page stays responsive (issue 14: no task over 50 ms).

    Layouts with a second solution close by (``nearby_solution``) are passed over before the proof;
    that never changes which puzzle a seed gives, since the proof would reject them too."""
    if version not in VERSIONS:
        raise ValueError(f"no generator version {version}")
    free = size * size - (2 if warp else 0)
    if tileset.total > free:
        raise ValueError(f"{tileset.total} tiles do not fit on {free} free cells")
    # The stream's label names the tile counts; triangle mirrors only when there are any, so every
    # puzzle from before them keeps its seed.
    counts = tileset.counts() if tileset.triangle else tileset.counts()[:4]
    r = rng(seed, "reflection", "generate", size, *counts, warp)
    cells = [(row, col) for row in range(size) for col in range(size)]
    warps: tuple[Cell, ...] = tuple(sorted(r.sample(cells, 2))) if warp else ()
    spots = [c for c in cells if c not in warps]
    kinds = ["/\\"] * tileset.diagonal + ["|-"] * tileset.flat + ["#"] * tileset.block + ["o"] * tileset.hole
    kinds += ["".join(TRIANGLES)] * tileset.triangle
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
        yield attempt
        if (yield from _as(nearby_steps(puzzle, layout), attempt)) is not None:
            continue  # a second solution close by: no need for the proof
        proof = solve_steps(puzzle, 2, budget=SEARCH_BUDGETS[version], counting=version >= 2)
        solved = yield from _as(proof, attempt)
        if solved.unique:
            return Generated(puzzle, layout, solved.nodes, attempt)
    raise AssertionError("unreachable")


def _as(steps: Generator[int, None, T], value: int) -> Generator[int, None, T]:
    """Run ``steps`` to the end and return their value, yielding ``value`` wherever they yield."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        yield value


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


# The kind of each tile code (an index into ``TileSet.counts()``), and the codes of each kind.
_KIND = (-1, 0, 0, 1, 1, 2, 3, 4, 4, 4, 4)
_CODES_OF_KIND = ((1, 2), (3, 4), (5,), (6,), (7, 8, 9, 10))


def nearby_solution(puzzle: Puzzle, layout: Layout) -> Layout | None:
    """Another layout solving ``puzzle`` that differs from ``layout`` (a solution) by one tile, if the
    quick search below finds one; ``None`` proves nothing.

    Most random layouts with a second solution have one close by. For each tile: take it away and
    retrace the lasers it touched; if no clue changes, the layout without it is a second solution.
    Otherwise put that tile (or any kind the tile set still has spare), in each orientation, on each
    empty cell every broken laser now visits, and retrace the lasers through that cell: a full match
    is a second solution. About a millisecond for a Hard layout.
    """
    return finish(nearby_steps(puzzle, layout))


def nearby_steps(puzzle: Puzzle, layout: Layout) -> Generator[int, None, Layout | None]:
    """``nearby_solution`` in steps: it pauses (yielding 0) after each tile taken away and each cell
    tried for it, so no step of the page's slices retraces more than a few lasers."""
    geo = geometry(puzzle.size, puzzle.warps)
    grid = geo.codes(layout)
    edges = range(geo.edges)
    want = [_shows(geo, grid, e) for e in edges]
    paths = [_visits(geo, grid, e) for e in edges]
    spare = list(puzzle.tiles.counts())
    for code in grid:
        if code != WARP_CODE and code:
            spare[_KIND[code]] -= 1
    for cell, code in enumerate(grid):
        if code == WARP_CODE or not code:
            continue
        grid[cell] = EMPTY_CODE
        now = list(paths)
        broken = []
        for e in edges:
            if cell in paths[e]:
                now[e] = _visits(geo, grid, e)
                if _shows(geo, grid, e) != want[e]:
                    broken.append(e)
        if not broken:
            return _layout_of(geo, grid)
        yield 0
        spots = set.intersection(*(now[e] for e in broken))
        kind = _KIND[code]
        tries = [t for k, codes in enumerate(_CODES_OF_KIND) if k == kind or spare[k] > 0 for t in codes]
        for spot in sorted(spots):
            if grid[spot] != EMPTY_CODE:
                continue
            through = [e for e in edges if spot in now[e]]
            for t in tries:
                if spot == cell and t == code:
                    continue
                grid[spot] = t
                if all(_shows(geo, grid, e) == want[e] for e in through):
                    return _layout_of(geo, grid)
            grid[spot] = EMPTY_CODE
            yield 0
        grid[cell] = code
    return None


def _shows(geo: Geometry, grid: list[int], edge: int) -> tuple[int, int]:
    """The clue of ``edge`` on a code grid: its number, and 0 green, 1 yellow, 2 black."""
    number, exit = geo.run(grid, edge)
    return number, 2 if exit < 0 else 1 if exit == edge else 0


def _visits(geo: Geometry, grid: list[int], edge: int) -> set[int]:
    """The cells the laser of ``edge`` enters on a code grid."""
    nxt, partner = geo.nxt, geo.partner
    cell, heading = geo.entry[edge]
    seen = set()
    for _ in range(geo.limit):
        seen.add(cell)
        code = grid[cell]
        if code == WARP_CODE:
            cell = partner[cell]
            seen.add(cell)
        else:
            heading = TURN[code * 4 + heading]
            if heading == STOP:
                return seen
        cell = nxt[cell * 4 + heading]
        if cell < 0:
            return seen
    raise TraceLoopError(f"the laser of edge {edge} passed {geo.limit} cell entries")


def _layout_of(geo: Geometry, grid: list[int]) -> Layout:
    chars = "".join(CHAR[code] if code != WARP_CODE else "." for code in grid)
    n = geo.size
    return Layout(tuple(chars[r * n : (r + 1) * n] for r in range(n)))
