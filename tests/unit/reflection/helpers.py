"""Shared test helpers: random layouts for property tests and an independent brute-force counter."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from gamenight.reflection.laser import TRIANGLES, Layout, geometry
from gamenight.reflection.puzzle import Puzzle, TileSet, puzzle_of

KIND_TILES = (("/", "\\"), ("|", "-"), ("#",), ("o",), TRIANGLES)


@st.composite
def layouts(draw, min_size: int = 4, max_size: int = 7, max_tiles: int = 12, warp: bool | None = None):
    """A random ``(layout, warps)``: any tiles anywhere, with or without a warp pair."""
    size = draw(st.integers(min_size, max_size))
    cells = [(r, c) for r in range(size) for c in range(size)]
    use_warp = draw(st.booleans()) if warp is None else warp
    warps = tuple(draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True))) if use_warp else ()
    free = [c for c in cells if c not in warps]
    spots = draw(st.lists(st.sampled_from(free), max_size=max_tiles, unique=True))
    tiles = {c: draw(st.sampled_from("/\\|-#o")) for c in spots}
    return Layout.of(size, tiles), warps


def all_layouts(puzzle: Puzzle) -> Iterator[Layout]:
    """Every layout within the puzzle's tile set, warp cells empty (fewer tiles included)."""
    n = puzzle.size
    cells = [(r, c) for r in range(n) for c in range(n) if (r, c) not in puzzle.warps]
    rows = [["."] * n for _ in range(n)]

    def place(i: int, caps: list[int]) -> Iterator[Layout]:
        if i == len(cells) or not any(caps):
            yield Layout(tuple("".join(row) for row in rows))
            return
        yield from place(i + 1, caps)
        r, c = cells[i]
        for kind, tiles in enumerate(KIND_TILES):
            if caps[kind]:
                caps[kind] -= 1
                for tile in tiles:
                    rows[r][c] = tile
                    yield from place(i + 1, caps)
                rows[r][c] = "."
                caps[kind] += 1

    yield from place(0, list(puzzle.tiles.counts()))


def brute_force_count(puzzle: Puzzle) -> int:
    """How many layouts reproduce every clue, by trying them all (tiny boards only)."""
    geo = geometry(puzzle.size, puzzle.warps)
    wanted = [(c.number, c.colour) for c in puzzle.clues]
    found = 0
    for layout in all_layouts(puzzle):
        grid = geo.codes(layout)
        for edge, (number, colour) in enumerate(wanted):
            got, exit = geo.run(grid, edge)
            shown = "black" if exit < 0 else "yellow" if exit == edge else "green"
            if got != number or shown != colour:
                break
        else:
            found += 1
    return found


def random_puzzle(rnd, sizes: tuple[int, ...], max_tiles: int, spare: bool = False, warp_share: float = 0.2) -> Puzzle:
    """A puzzle from a random layout (any tiles, maybe warp cells); with ``spare``, the tile set may
    hold a tile or two more than the layout uses."""
    size = rnd.choice(sizes)
    cells = [(r, c) for r in range(size) for c in range(size)]
    warps = tuple(rnd.sample(cells, 2)) if rnd.random() < warp_share else ()
    free = [c for c in cells if c not in warps]
    tiles = {c: rnd.choice("//\\\\|-#o") for c in rnd.sample(free, rnd.randint(1, min(max_tiles, len(free) // 2)))}
    layout = Layout.of(size, tiles)
    used = TileSet.of(layout)
    if spare:
        used = TileSet(*(n + rnd.randint(0, 1) for n in used.counts()))
    return puzzle_of(layout, warps, used)


def solutions(puzzle: Puzzle) -> list[Layout]:
    """Every layout that reproduces the clues, by trying them all (tiny boards only)."""
    geo = geometry(puzzle.size, puzzle.warps)
    wanted = [(c.number, c.colour) for c in puzzle.clues]
    found = []
    for layout in all_layouts(puzzle):
        grid = geo.codes(layout)
        shown = []
        for edge in range(geo.edges):
            got, exit = geo.run(grid, edge)
            shown.append((got, "black" if exit < 0 else "yellow" if exit == edge else "green"))
            if shown[-1] != wanted[edge]:
                break
        else:
            found.append(layout)
    return found
