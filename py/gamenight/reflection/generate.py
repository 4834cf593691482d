"""TEMPORARY STUB for UI development; replaced by the engine's generator (not committed)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.rng import rng
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import Puzzle, TileSet, puzzle_of


@dataclass(frozen=True)
class Preset:
    size: int
    tiles: TileSet
    warp: bool = False


PRESETS = {
    "easy": Preset(6, TileSet(5, 1)),
    "normal": Preset(8, TileSet(7, 2, 1)),
    "hard": Preset(10, TileSet(14, 4, 2)),
    "expert": Preset(10, TileSet(17, 4, 2, 3)),
}


@dataclass(frozen=True)
class Generated:
    puzzle: Puzzle
    solution: Layout


def generate_steps(size, tiles, warp, seed):
    r = rng(seed, "gen")
    cells = [(a, b) for a in range(size) for b in range(size)]
    r.shuffle(cells)
    chars = []
    for kind, n in zip(("/\\", "|-", "#", "o"), tiles.counts()):
        chars += [r.choice(kind) for _ in range(n)]
    yield 1
    layout = Layout.of(size, dict(zip(cells, chars)))
    return Generated(puzzle_of(layout, (), tiles), layout)
