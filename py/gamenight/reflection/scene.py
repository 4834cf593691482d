"""The Reflection board as an SVG element tree: grid, warp cells, tiles, edge clues, one laser path.

Pure: a function of the puzzle, the layout and what the player is looking at. Cells and edge clues
carry ``data-action`` attributes so the shell's one delegated listener can tell what was touched.
Clue colours come with a shape (green ○, yellow ◇, black ■) so they read without colour too.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gamenight.core.grid import Cell
from gamenight.i18n import N_
from gamenight.reflection.laser import EMPTY, Layout, Trace, edge_names
from gamenight.reflection.puzzle import KIND_OF, Puzzle
from gamenight.ui.svg import Element, h

CELL = 40  # user units per cell; the SVG scales to its box
CUE = {"green": "○", "yellow": "◇", "black": "■"}
KIND_NAMES = {
    "diagonal": "diagonal mirror",
    "flat": "flat mirror",
    "block": "block",
    "hole": "black hole",
    "triangle": N_("triangle mirror"),
}
TILE_NAMES = {
    "/": "mirror /",
    "\\": "mirror \\",
    "|": "flat mirror ‖",
    "-": "flat mirror =",
    "#": "block",
    "o": "black hole",
    "◤": N_("triangle mirror, top-left"),
    "◥": N_("triangle mirror, top-right"),
    "◢": N_("triangle mirror, bottom-right"),
    "◣": N_("triangle mirror, bottom-left"),
}
# A triangle mirror fills the half of its cell at one corner: the three corners it covers, in the
# order (corner, the two ends of its long side). Corners: 0 top-left, 1 top-right, 2 bottom-right,
# 3 bottom-left.
TRIANGLE_CORNERS = {"◤": (0, 1, 3), "◥": (1, 2, 0), "◢": (2, 3, 1), "◣": (3, 0, 2)}


@dataclass(frozen=True)
class Look:
    """What the board shows beyond the tiles: red frames, one laser, the keyboard cursor."""

    wrong: Collection[str] = ()
    path: Trace | None = None
    cursor: Cell | None = None
    solved: bool = False


def edge_cell(size: int, name: str) -> Cell:
    """The ring position (row, col) of edge cell ``name``: rows/cols -1 and ``size`` are the ring."""
    side, index = name[0], int(name[1:]) - 1
    return {"T": (-1, index), "R": (index, size), "B": (size, index), "L": (index, -1)}[side]


def centre(cell: Cell) -> tuple[float, float]:
    """The SVG coordinates of a board or ring cell's centre (the ring sits one cell outside)."""
    return ((cell[1] + 1.5) * CELL, (cell[0] + 1.5) * CELL)


def board(puzzle: Puzzle, layout: Layout, look: Look = Look()) -> Element:
    """The whole board for ``puzzle`` with ``layout`` placed on it."""
    n = puzzle.size
    width = (n + 2) * CELL
    return h(
        "svg",
        {
            "class": "rf-board" + (" rf-solved" if look.solved else ""),
            "viewBox": f"0 0 {width} {width}",
            "role": "img",
            "aria-label": f"{n} by {n} Reflection board",
            "data-size": n,
        },
        h("g", {"class": "rf-cells"}, [cell(puzzle, layout, (r, c)) for r in range(n) for c in range(n)]),
        h("g", {"class": "rf-edges"}, [edge(puzzle, name, name in look.wrong) for name in edge_names(n)]),
        laser(puzzle.size, look.path) if look.path else None,
        cursor(look.cursor) if look.cursor else None,
    )


def cell(puzzle: Puzzle, layout: Layout, at: Cell) -> Element:
    x, y = (at[1] + 1) * CELL, (at[0] + 1) * CELL
    warp = at in puzzle.warps
    tile = layout.at(at)
    label = "warp" if warp else TILE_NAMES.get(tile, "empty")
    return h(
        "g",
        {
            "class": "rf-cell" + (" rf-warp" if warp else ""),
            "data-action": "cell",
            "data-r": at[0],
            "data-c": at[1],
            "data-tile": tile if tile != EMPTY else None,
            "aria-label": f"row {at[0] + 1} column {at[1] + 1}: {label}",
        },
        h("rect", {"x": x, "y": y, "width": CELL, "height": CELL}),
        warp_mark(x, y) if warp else tile_shape(tile, x, y),
    )


def warp_mark(x: float, y: float) -> Element:
    m = CELL * 0.25
    return h(
        "path",
        {
            "class": "rf-warp-mark",
            "d": f"M{x + m} {y + m}L{x + CELL - m} {y + CELL - m}M{x + CELL - m} {y + m}L{x + m} {y + CELL - m}",
        },
    )


def tile_shape(tile: str, x: float, y: float) -> Element | None:
    """The drawing of ``tile`` in the cell whose top-left corner is ``(x, y)``."""
    m, c = CELL * 0.15, CELL / 2
    if tile == "/":
        return h("path", {"class": "rf-mirror", "d": f"M{x + m} {y + CELL - m}L{x + CELL - m} {y + m}"})
    if tile == "\\":
        return h("path", {"class": "rf-mirror", "d": f"M{x + m} {y + m}L{x + CELL - m} {y + CELL - m}"})
    if tile == "|":  # drawn ‖
        return h(
            "path",
            {"class": "rf-mirror", "d": f"M{x + c - 4} {y + m}V{y + CELL - m}M{x + c + 4} {y + m}V{y + CELL - m}"},
        )
    if tile == "-":  # drawn =
        return h(
            "path",
            {"class": "rf-mirror", "d": f"M{x + m} {y + c - 4}H{x + CELL - m}M{x + m} {y + c + 4}H{x + CELL - m}"},
        )
    if tile == "#":
        return h("rect", {"class": "rf-block", "x": x + m, "y": y + m, "width": CELL - 2 * m, "height": CELL - 2 * m})
    if tile == "o":
        return h("circle", {"class": "rf-hole", "cx": x + c, "cy": y + c, "r": CELL * 0.3})
    if tile in TRIANGLE_CORNERS:
        corners = ((x + m, y + m), (x + CELL - m, y + m), (x + CELL - m, y + CELL - m), (x + m, y + CELL - m))
        (ax, ay), (bx, by), (cx, cy) = (corners[i] for i in TRIANGLE_CORNERS[tile])
        # The body is a solid (its short sides send lasers back); the long side is drawn as a mirror.
        return h(
            "g",
            {"class": "rf-triangle"},
            h("path", {"class": "rf-triangle-body", "d": f"M{ax:g} {ay:g}L{bx:g} {by:g}L{cx:g} {cy:g}Z"}),
            h("path", {"class": "rf-mirror", "d": f"M{bx:g} {by:g}L{cx:g} {cy:g}"}),
        )
    return None


def edge(puzzle: Puzzle, name: str, wrong: bool) -> Element:
    clue = puzzle.clue(name)
    x, y = (v - CELL / 2 for v in centre(edge_cell(puzzle.size, name)))
    pad = 3
    return h(
        "g",
        {
            "class": f"rf-edge rf-{clue.colour}" + (" rf-wrong" if wrong else ""),
            "data-action": "edge",
            "data-edge": name,
            "aria-label": f"{name}: {clue.colour} {clue.number}" + (", not matched yet" if wrong else ""),
        },
        h("rect", {"x": x + pad, "y": y + pad, "width": CELL - 2 * pad, "height": CELL - 2 * pad, "rx": 6}),
        h("text", {"x": x + CELL / 2, "y": y + CELL / 2 + 1, "class": "rf-number"}, str(clue.number)),
        h("text", {"x": x + CELL - 9, "y": y + 12, "class": "rf-cue"}, CUE[clue.colour]),
    )


def laser(size: int, path: Trace) -> Element:
    """The laser of ``path`` from its edge cell, with the running count in every cell it enters.

    A warp jump breaks the line: the laser leaves one warp cell and comes out of the other.
    """
    segments: list[list[tuple[float, float]]] = [[centre(edge_cell(size, path.edge))]]
    previous: Cell | None = None
    for step in path.steps:
        if previous is not None and abs(step.cell[0] - previous[0]) + abs(step.cell[1] - previous[1]) > 1:
            segments.append([])
        segments[-1].append(centre(step.cell))
        previous = step.cell
    if path.exit:
        segments[-1].append(centre(edge_cell(size, path.exit)))
    seen: dict[Cell, int] = {}
    counts = []
    for step in path.steps:
        visit = seen.get(step.cell, 0)
        seen[step.cell] = visit + 1
        x, y = centre(step.cell)
        # Later visits of the same cell are written lower down so both counts stay readable.
        counts.append(
            h("text", {"class": "rf-count", "x": x - CELL * 0.28, "y": y - CELL * 0.2 + visit * 12}, str(step.count))
        )
    return h(
        "g",
        {"class": f"rf-laser rf-laser-{path.colour}", "data-edge": path.edge, "data-number": path.number},
        [h("polyline", {"points": " ".join(f"{x:g},{y:g}" for x, y in seg)}) for seg in segments if len(seg) > 1],
        counts,
    )


def cursor(at: Cell) -> Element:
    x, y = (at[1] + 1) * CELL, (at[0] + 1) * CELL
    return h("rect", {"class": "rf-cursor", "x": x + 2, "y": y + 2, "width": CELL - 4, "height": CELL - 4, "rx": 4})


def tray(puzzle: Puzzle, layout: Layout, selected: str | None) -> Element:
    """The tiles still to place, by kind with their counts, plus the remove tool."""
    used = {kind: 0 for kind in KIND_NAMES}
    for tile in layout.tiles().values():
        used[KIND_OF[tile]] += 1
    icons = {"diagonal": "/", "flat": "|", "block": "#", "hole": "o", "triangle": "◤"}
    buttons = []
    for kind, have in zip(KIND_NAMES, puzzle.tiles.counts(), strict=True):
        if not have:
            continue
        left = have - used[kind]
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "rf-tray-tile" + (" selected" if selected == kind else ""),
                    "data-action": "tray",
                    "data-kind": kind,
                    "aria-pressed": "true" if selected == kind else "false",
                    "disabled": left <= 0 and selected != kind,
                    "title": f"{KIND_NAMES[kind]}: {left} left",
                },
                icon(icons[kind]),
                h("span", {"class": "rf-left", "data-left": left}, f"× {left}"),
            )
        )
    buttons.append(
        h(
            "button",
            {
                "type": "button",
                "class": "rf-tray-tile rf-remove" + (" selected" if selected == "remove" else ""),
                "data-action": "tray",
                "data-kind": "remove",
                "aria-pressed": "true" if selected == "remove" else "false",
                "title": "remove tiles: click a placed tile to take it back",
            },
            "Remove",
        )
    )
    return h("div", {"class": "rf-tray", "role": "toolbar", "aria-label": "tiles to place"}, buttons)


def icon(tile: str) -> Element:
    return h(
        "svg", {"class": "rf-icon", "viewBox": f"0 0 {CELL} {CELL}", "aria-hidden": "true"}, tile_shape(tile, 0, 0)
    )
