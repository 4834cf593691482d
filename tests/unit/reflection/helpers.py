"""Shared test helpers: random layouts for property tests and an independent brute-force counter."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from gamenight.reflection.laser import Layout, geometry
from gamenight.reflection.puzzle import Puzzle

KIND_TILES = (("/", "\\"), ("|", "-"), ("#",), ("o",))


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
