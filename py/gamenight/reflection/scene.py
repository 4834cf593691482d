"""The Reflection board as an SVG element tree: grid, warp cells, tiles, notes, edge clues, one laser path.

Pure: a function of the puzzle, the layout and what the player is looking at. Cells and edge clues
carry ``data-action`` attributes so the shell's one delegated listener can tell what was touched.

The board is an ARIA grid a screen reader can walk: row by row, the top clues, then each board row
between its left and right clue, then the bottom clues; every cell and clue is a named grid cell
("row 3, column 4: diagonal mirror, slash", "top 2: green 5, matched"). It is one Tab stop with a
roving cursor: the cell under the cursor has ``tabindex="0"``, every other one ``-1``, and the shell
keeps focus on it across re-renders. Nothing is told by colour alone: a clue's colour is also its
shape (green ●, yellow ◆, black ■), an unmatched clue has a dashed frame, notes are drawn hollow
and small next to the solid tiles.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise

from gamenight.core.grid import Cell
from gamenight.i18n import N_, _, conjunction, ngettext, pgettext
from gamenight.reflection.history import DOT, RING, Notes
from gamenight.reflection.laser import EMPTY, Layout, Trace
from gamenight.reflection.puzzle import Puzzle, TileSet
from gamenight.ui.svg import Element, Memo, h

CELL = 40  # user units per cell; the SVG scales to its box
# How deep the ring of clues around the board is, in the same units: 0.6 of a cell. An Easy board's
# cells are then 44 px on a 320 px phone (6 cells and two clue columns across; with a whole cell of
# clues each side they were 40 px), and its clues, drawn to fit the ring, stay readable.
EDGE = 24
# How far a clue's tap target reaches out past the ring, away from the board: with it the target is a whole
# cell deep, so wherever cells are a finger's size (44 px) the clues' targets are too (the ring alone was
# 26.7 px at 320 px wide). Drawn outside the board's box (css/app.css lets it overflow), it covers nothing
# of the board's: what comes after the board on the page (its tray) stays on top of it.
REACH = CELL - EDGE
# How thick a top or bottom clue's pill or rectangle is across the ring (two or more digits: ``clue_shape``).
PAIR_ACROSS = 16
# A left or right clue's two digits run across the ring: set at 15 units (``.rf-across``), in a pill, a
# rectangle or a long diamond 19 across, half a unit in from the ring's outer edge (``SIDE_SHIFT`` moves it
# and its digits out from the ring's middle), so 3 units of the ring stay clear on the grid's side, as a top
# or bottom clue's. At 16.5 units they were 22 across, a quarter unit from the grid's edge (0.2–0.5 px).
SIDE_ACROSS = 19
# How wide those two digits are drawn, whatever the font: condensed to it (SVG ``textLength``), as tall as
# their font makes them. At their own width (18.8 units at 13.5 in DejaVu Sans Bold, their ink up to 17.4)
# their halo crossed the outline and their ink touched it (the fill is 17.5 across inside it). Condensed, a
# "48"'s ink is 14.4 wide and a "10"'s, not centred (a "1"'s ink stands well in from its cell's left), reaches
# 7.3 units right of the middle: with a 1.5-unit halo (``.rf-across``) 0.7 units or more of the fill stay clear either
# side (tests/e2e/test_reflection_layout.py measures the fit). At 15 units high they are 0.74 of their width,
# as tall as a top or bottom clue's nearly (16.5); 13.5 high, 0.83 of it, read smaller beside them.
SIDE_DIGITS = 15.5
# A clue counts every cell a laser enters, so it reaches three digits on a custom board (a laser along every row
# of an 8 × 8 one sent back by a block: 127; never four, at most 4 × 12² + 8 entries). Three digits are 13.5 units
# high (``.rf-long``), as a long diamond's two: the smallest clue digits, which "Bigger cells" is turned on for where
# they would be under 12 px (css/app.css). At 11.5 and their own width they were 11.9 px on an 8 × 8 board at 390
# px, and ran over a left or right clue's shape. Condensed (``textLength``): along the ring, on a top or bottom
# clue, to ``LONG_ALONG`` (at 21 the outer digits' corners of a "100" or an "888", with their halo, met a pill's
# round ends and a long diamond's slopes: tests/e2e/test_reflection_layout.py measures the fit); across the ring,
# on a left or right one, to ``SIDE_DIGITS``, as two digits.
LONG_ALONG = 18
SHAPE_STROKE = 1.5  # .rf-edge .rf-shape's stroke-width in css/app.css
SIDE_SHIFT = EDGE / 2 - (0.5 + SHAPE_STROKE / 2 + SIDE_ACROSS / 2)
# A yellow clue's long diamond (two or more digits) is as thick across the ring as a pill or a rectangle of the
# same side (``PAIR_ACROSS``, ``SIDE_ACROSS``: on a left or right clue it and its digits move out as one, by
# ``SIDE_SHIFT``), so it keeps their 3 units of the ring clear of the grid's edge: 2 px on a Hard board at 320
# px. It was 20 across on every side, 1.25 units clear: 0.84 px on a Hard board there.
# How far a one-digit clue's shape reaches across the ring either side of its middle (the ring's, 12 from either
# edge): a green disc's radius, half a black square's side, a yellow diamond's half-width across. With its stroke
# 2.75 units of the ring stay clear, 1.5 px or more on every board a player can pick at 320 px: 1.58 on a 12 × 12
# custom board (0.58 px a unit), 1.86 on a Hard one; a 17-unit digit needs 16.2 across in a disc. At 9 it kept
# 2.25 units, 1.52 px on a Hard board but 1.3 on a 12 × 12 one; a disc of 10.5 was 0.75 units clear,
# 0.83 px on an Easy board at 320 px and 0.51 on a Hard one: it read as touching the cells. A pill's 3 units
# would leave a disc too small for its digit.
ONE_ACROSS = 8.5
# How far a yellow clue's one-digit diamond reaches along the ring either side of its middle, where a cell (40
# long) leaves room. With ONE_ACROSS across it, its digit is 15 units (``.rf-point``: a yellow number is odd,
# its ink's box up to 8.8 × 11.4 units, a "9"): at 17 (10 × 12.9) the corners of a "9" or of a "1"'s foot
# reached its outline, and a longer diamond would meet its neighbour's (14 left a "3" over its sides at 10
# across: tests/e2e/test_reflection_layout.py measures the fit).
DIAMOND_ALONG = 18
GRID_ID = "rf-grid"
KIND_NAMES = {
    "diagonal": N_("diagonal mirror"),
    "flat": N_("flat mirror"),
    "block": N_("block"),
    "hole": N_("black hole"),
    "triangle": N_("triangle mirror"),
}
TILE_NAMES = {
    "/": N_("diagonal mirror, slash"),
    "\\": N_("diagonal mirror, backslash"),
    "|": N_("flat mirror, upright"),
    "-": N_("flat mirror, level"),
    "#": N_("block"),
    "o": N_("black hole"),
    "◤": N_("triangle mirror, top-left"),
    "◥": N_("triangle mirror, top-right"),
    "◢": N_("triangle mirror, bottom-right"),
    "◣": N_("triangle mirror, bottom-left"),
}
# A triangle mirror fills the half of its cell at one corner: the three corners it covers, in the
# order (corner, the two ends of its long side). Corners: 0 top-left, 1 top-right, 2 bottom-right,
# 3 bottom-left.
TRIANGLE_CORNERS = {"◤": (0, 1, 3), "◥": (1, 2, 0), "◢": (2, 3, 1), "◣": (3, 0, 2)}
NOTE_NAMES = {DOT: N_("noted empty"), RING: N_("noted: something here")}
COLOUR_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "black": N_("black")}


@dataclass(frozen=True)
class Look:
    """What the board shows beyond the tiles: unmatched clues, one laser, the cursor (a board cell or
    an edge clue, as a ring position), the notes, and the cell and clues of the last hint."""

    wrong: Collection[str] = ()
    path: Trace | None = None
    cursor: Cell | None = None
    stop: Cell | None = None  # the Tab stop when no cursor is drawn (a board done with): else row 1, column 1
    solved: bool = False
    notes: Notes | None = None
    hint_cell: Cell | None = None
    hint_edges: Collection[str] = ()
    # Whether the clues say if they match (a frame on those in ``wrong``, "matched" or "not matched yet"
    # in their names): not on a board whose player places no more tiles on it and did not solve it (a
    # race puzzle given up is emptied, and would be all "not matched yet").
    matching: bool = True


def edge_cell(size: int, name: str) -> Cell:
    """The ring position (row, col) of edge cell ``name``: rows/cols -1 and ``size`` are the ring."""
    side, index = name[0], int(name[1:]) - 1
    return {"T": (-1, index), "R": (index, size), "B": (size, index), "L": (index, -1)}[side]


def units(size: int) -> float:
    """How many cells wide a board of ``size`` is drawn with its clue ring (the "Bigger cells" zoom
    sizes the board by it)."""
    return size + 2 * EDGE / CELL


def frame_style(size: int) -> str:
    """The style of a board's frame (``.rf-board-wrap``): how many cells wide the board is drawn
    (``units``: "Bigger cells" sizes the board by it) and how far its clues reach past the ring, in
    cells (a zoomed board's frame keeps that much room around the board for them: css/app.css)."""
    return f"--rf-units: {units(size):g}; --rf-reach: {REACH / CELL:g}"


def zoom_class(zoom: bool | None) -> str:
    """The board frame's class for "Bigger cells": on (``True``), off (``False``) or, by default
    (``None``), on where the style sheet finds the fitted board's numbers would be under 12 px (css/app.css,
    by the frame's ``data-size`` and the screen's width; Python never measures the page)."""
    return " rf-zoom" if zoom else " rf-zoom-auto" if zoom is None else ""


def shown_zoom(playing: bool | None, ended: bool, over: bool) -> bool | None:
    """The zoom a board is drawn with, solo or in a race: the player's choice for boards in play (``playing``,
    as ``zoom_class`` takes it) while the board takes moves; once it is over for the player (solved, revealed,
    given up), whole, so the end is in sight (zoomed, it stayed scrolled where the last taps were), unless
    "Bigger cells" was pressed on that board since (``ended``, false at every finish)."""
    return ended if over else playing


def zoom_buttons(zoom: bool | None, size: int, action: str) -> list[Element]:
    """ "Bigger cells", a toggle whose ``aria-pressed`` says what the board shows, and whose ``data-zoom``
    what pressing it asks for. Shown by the style sheet only where a board of ``size``'s cells are under
    44 px at the screen's width, and while pressed. By default (``zoom`` is ``None``) the page alone knows
    whether the board is drawn bigger: two buttons, ``#rf-zoom`` not pressed and ``#rf-zoom-auto`` pressed, of
    which the style sheet shows the one that is true at that width. Pressed, either leaves ``#rf-zoom``."""

    def toggle(on: bool, id_: str, auto: bool) -> Element:
        attrs = {"aria-pressed": "true" if on else "false", "data-zoom": "off" if on else "on"}
        return h(
            "button",
            {
                "type": "button",
                "id": id_,
                "class": "button",
                "data-action": action,
                **attrs,
                "data-size": size,
                "data-auto": "true" if auto else None,
            },
            _("Bigger cells"),
        )

    if zoom is None:
        return [toggle(False, "rf-zoom", True), toggle(True, "rf-zoom-auto", True)]
    return [toggle(zoom, "rf-zoom", False)]


def box(size: int, cell: Cell) -> tuple[float, float, float, float]:
    """The SVG box (x, y, width, height) of a board cell or, one row or column outside it, a clue."""

    def span(i: int) -> tuple[float, float]:
        if i < 0:
            return 0, EDGE
        if i >= size:
            return EDGE + size * CELL, EDGE
        return EDGE + i * CELL, CELL

    (x, w), (y, hh) = span(cell[1]), span(cell[0])
    return x, y, w, hh


def centre(size: int, cell: Cell) -> tuple[float, float]:
    """The SVG coordinates of a board or ring cell's centre."""
    x, y, w, hh = box(size, cell)
    return x + w / 2, y + hh / 2


def edge_at(size: int, at: Cell) -> str | None:
    """The edge clue at ring position ``at`` (row or column -1 or ``size``), else ``None``."""
    r, c = at
    if r == -1 and 0 <= c < size:
        return f"T{c + 1}"
    if r == size and 0 <= c < size:
        return f"B{c + 1}"
    if c == -1 and 0 <= r < size:
        return f"L{r + 1}"
    if c == size and 0 <= r < size:
        return f"R{r + 1}"
    return None


def board(puzzle: Puzzle, layout: Layout, look: Look = Look()) -> Element:
    """The whole board for ``puzzle`` with ``layout`` placed on it, as a grid of named cells."""
    n = puzzle.size
    width = n * CELL + 2 * EDGE
    cursor = look.cursor if look.cursor is not None else look.stop if look.stop is not None else (0, 0)

    words = _("row {r}, column {c}: {what}")  # the language's mark: a kept element speaks one language
    shown = look.path.edge if look.path else None

    def clue(r: int, c: int, column: int | None = None) -> Element:
        name = edge_at(n, (r, c))
        assert name is not None  # clues sit on the ring around the board
        wrong, current = look.matching and name in look.wrong, (r, c) == cursor
        hinted = name in look.hint_edges
        key = (n, name, puzzle.clue(name), look.matching, wrong, current, shown == name, hinted, column, words)
        return _kept(key, lambda: edge(puzzle, name, wrong, current, look, column))

    def square(r: int, c: int) -> Element:
        at = (r, c)
        note = look.notes.at(at) if look.notes else EMPTY
        key = (n, at, at in puzzle.warps, layout.at(at), note, at == cursor, at == look.hint_cell, words)
        return _kept(key, lambda: cell(puzzle, layout, at, look, at == cursor))

    rows = [
        [clue(-1, c, c + 2) for c in range(n)],
        *[[clue(r, -1), *(square(r, c) for c in range(n)), clue(r, n)] for r in range(n)],
        [clue(n, c, c + 2) for c in range(n)],
    ]
    path = look.path
    # What stands in each cell the laser enters, so that its counts stand clear of it (``laser``): a count was
    # written over a note, as over a tile before; and in their neighbours (a count of two digits may reach
    # over its cell's corner).
    steps = path.steps if path else ()
    reached = {(s.cell[0] + dr, s.cell[1] + dc) for s in steps for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    whats = ((at, _under(puzzle, layout, look.notes, at)) for at in sorted(reached) if min(at) >= 0 and max(at) < n)
    under = {at: what for at, what in whats if what != EMPTY}
    over = [_laser_kept(n, path, tuple(under.items())) if path else None]
    if look.hint_cell is not None:
        over.append(hint_mark(n, look.hint_cell))
    # The Tab stop's mark, shown only while the board has keyboard focus (css/app.css): the dashed cursor
    # of a board that takes tiles, else a plain ring (a board done with, solved, sent or given up, moves no
    # cursor, but its focused cell must still be seen).
    over.append(cursor_mark(n, cursor, "rf-cursor" if look.cursor is not None else "rf-stop"))
    return h(
        "svg",
        {
            "id": GRID_ID,
            "class": "rf-board" + (" rf-solved" if look.solved else ""),
            "viewBox": f"0 0 {width} {width}",
            "role": "grid",
            "aria-label": _("Board, {n} by {n}, with its clues around it").format(n=n),
            "data-size": n,
        },
        [h("g", {"role": "row", "class": "rf-row"}, row) for row in rows],
        h("g", {"class": "rf-over", "aria-hidden": "true"}, over),
    )


def _under(puzzle: Puzzle, layout: Layout, notes: Notes | None, at: Cell) -> str:
    """What ``laser``'s counts stand clear of in cell ``at``: ``WARP``, its tile, else its note (if any)."""
    if at in puzzle.warps:
        return WARP
    tile = layout.at(at)
    return notes.at(at) if tile == EMPTY and notes is not None else tile


_KEPT: dict[tuple, Memo] = {}


def _kept(key: tuple, draw) -> Memo:
    """A cell or clue kept while it looks the same: after a move most are unchanged, so their markup
    is reused and the page's morphing step skips them (``svg.Memo``)."""
    kept = _KEPT.get(key)
    if kept is None:
        if len(_KEPT) > 6000:
            _KEPT.clear()
        kept = _KEPT[key] = Memo(draw())
    return kept


def cell_label(puzzle: Puzzle, layout: Layout, at: Cell, look: Look) -> str:
    """ "row 3, column 4: diagonal mirror, slash" (and its note, and whether the hint names it)."""
    tile = layout.at(at)
    if at in puzzle.warps:
        what = _("light warp")
    elif tile != EMPTY:
        what = _(TILE_NAMES[tile])
    else:
        note = look.notes.at(at) if look.notes else EMPTY
        what = _("empty") if note == EMPTY else _("empty, {note}").format(note=_(NOTE_NAMES[note]))
    label = _("row {r}, column {c}: {what}").format(r=at[0] + 1, c=at[1] + 1, what=what)
    return label + (_(", the hint's cell") if at == look.hint_cell else "")


def cell(puzzle: Puzzle, layout: Layout, at: Cell, look: Look = Look(), current: bool = False) -> Element:
    x, y, _w, _h = box(puzzle.size, at)
    warp = at in puzzle.warps
    tile = layout.at(at)
    note = look.notes.at(at) if look.notes and tile == EMPTY else EMPTY
    return h(
        "g",
        {
            "class": "rf-cell" + (" rf-warp" if warp else ""),
            "role": "gridcell",
            "tabindex": 0 if current else -1,
            "data-action": "cell",
            "data-r": at[0],
            "data-c": at[1],
            "data-tile": tile if tile != EMPTY else None,
            "data-note": note if note != EMPTY else None,
            "aria-label": cell_label(puzzle, layout, at, look),
        },
        h("rect", {"class": "rf-bg", "x": x, "y": y, "width": CELL, "height": CELL}),
        warp_mark(x, y) if warp else tile_shape(tile, x, y),
        note_shape(note, x, y) if note != EMPTY else None,
    )


def note_shape(note: str, x: float, y: float) -> Element:
    """A note, drawn small and hollow so it never passes for a tile: a dot, or a dashed ring."""
    c = CELL / 2
    if note == DOT:
        return h("circle", {"class": "rf-note rf-dot", "cx": x + c, "cy": y + c, "r": 4})
    return h("circle", {"class": "rf-note rf-ring", "cx": x + c, "cy": y + c, "r": CELL * 0.3})


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


# A clue named by the row or column it stands at: "right 6" (the 6th on the right) read as a clue showing 6,
# on a board that draws no row or column numbers (QA79).
EDGE_NAMES = {
    "T": N_("the top clue in column {n}"),
    "R": N_("the right clue in row {n}"),
    "B": N_("the bottom clue in column {n}"),
    "L": N_("the left clue in row {n}"),
}


def edge_name(name: str) -> str:
    """ "T2" as the hints, the announcements and the clue cells' names say it: "the top clue in column 2"."""
    return _(EDGE_NAMES[name[0]]).format(n=name[1:])


def edge_list(edges: Sequence[str], most: int = 0) -> str:
    """Clues named as the board names them, in a sentence: "the top clue in column 3 and the left clue in row
    5" ("3列目の上の数字と5行目の左の数字"),
    never the rules' short names ("T3"), which the board does not show. Past ``most`` (0: no limit), the
    first ``most - 1`` and how many more: a list of twenty names is not read to the end."""
    spoken = [edge_name(edge) for edge in edges]
    if most and len(spoken) > most:
        spoken = [*spoken[: most - 1], more_words(len(spoken) - most + 1)]
    return conjunction(spoken)


CLUE_CODE = re.compile(r"[TRBL](?:1[0-2]|[1-9])")  # a board is at most 12 cells wide (laser.MAX_SIZE)
MORE_CODE = re.compile(r"\+[1-9][0-9]?")


def clue_words(codes: str, translate: Callable[[str], str] = _) -> str | None:
    """A ``clues`` parameter (untrusted: a peer's) as the board names its clues, "the top clue in column 3 and
    the right clue in row 2" (and
    "4 more"); ``None`` if it is not one ``laser.clue_codes`` writes. Another ``translate`` than the page's
    (``i18n.english``: ``str(err)``, for logs and tests) gives the words in English. No player reads those:
    a reason reaches a page as codes and is worded there, a saved match's refused step too
    (``lobby.record.because``)."""
    edges = codes.split()
    more = edges.pop() if edges and MORE_CODE.fullmatch(edges[-1]) else ""
    if not edges or len(edges) > 6 or (more and len(edges) != 5) or not all(CLUE_CODE.fullmatch(e) for e in edges):
        return None
    if translate is not _:
        named = [EDGE_NAMES[edge[0]].format(n=edge[1:]) for edge in edges] + ([f"{more[1:]} more"] if more else [])
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    named = [edge_name(edge) for edge in edges] + ([more_words(int(more[1:]))] if more else [])
    return conjunction(named)


def more_words(n: int) -> str:
    """How many clues a list leaves out: "4 more" ("ほか4個")."""
    return ngettext("{n} more", "{n} more", n).format(n=n)


def edge_label(puzzle: Puzzle, name: str, wrong: bool, look: Look = Look()) -> str:
    """ "The top clue in column 2: green 5, matched" (no "matched" where the board says nothing of matching:
    ``Look.matching``)."""
    clue = puzzle.clue(name)
    named = edge_name(name)
    said = {"clue": named[:1].upper() + named[1:], "colour": _(COLOUR_NAMES[clue.colour])}
    if look.matching:
        state = _("not matched yet") if wrong else _("matched")
        label = _("{clue}: {colour} {number}, {state}").format(**said, number=clue.number, state=state)
    else:
        label = _("{clue}: {colour} {number}").format(**said, number=clue.number)
    if look.path is not None and look.path.edge == name:
        label += _(", laser shown")
    if name in look.hint_edges:
        label += _(", named by the hint")
    return label


def edge(
    puzzle: Puzzle, name: str, wrong: bool, current: bool = False, look: Look = Look(), column: int | None = None
) -> Element:
    """An edge clue: its number on a shape that tells its colour, a dashed frame while unmatched."""
    clue = puzzle.clue(name)
    x, y, w, hh = box(puzzle.size, edge_cell(puzzle.size, name))
    cx, cy = x + w / 2, y + hh / 2
    # Two or more digits fit none of the shapes drawn for one: at 17 units a disc's two digits ran out over
    # its edge, and a diamond's over its tips even at 13.5. Their shape is stretched along the ring (a cell
    # long there, only 24 units deep): a disc into a pill, a square into an upright or a lying rectangle, a
    # diamond into a long one; a pill's or a rectangle's two digits are 16.5 units (14 px on a Hard board at
    # 390 px), a diamond's 13.5, three digits 13.5 and condensed (``LONG_ALONG``); on a left or right clue,
    # whatever its shape, two digits run across the ring, 15 units high and condensed (``SIDE_DIGITS``), three
    # 13.5 high in the same width (tests/e2e/test_reflection_layout.py measures the fit).
    along = "" if clue.number < 10 else "x" if name[0] in "TB" else "y"
    fit = (
        " rf-long"
        if clue.number >= 100
        else " rf-point"
        if clue.number < 10 and clue.colour == "yellow"
        else ""
        if clue.number < 10
        else " rf-across"
        if along == "y"
        else " rf-mid"
        if clue.colour == "yellow"
        else " rf-pair"
    )
    # Across the ring, two or three digits are condensed to ``SIDE_DIGITS``, and three along it to ``LONG_ALONG``,
    # so they fit their shape in any font.
    condensed: dict[str, str | float] = {}
    if fit == " rf-across" or clue.number >= 100:
        length = LONG_ALONG if along == "x" else SIDE_DIGITS
        condensed = {"textLength": length, "lengthAdjust": "spacingAndGlyphs"}
    # A left or right clue's pill, rectangle or long diamond, and its digits, sit out from the ring's middle
    # (``SIDE_SHIFT``).
    if along == "y":
        cx += -SIDE_SHIFT if name[0] == "L" else SIDE_SHIFT
    return h(
        "g",
        {
            "class": f"rf-edge rf-{clue.colour}"
            + (" rf-wrong" if wrong else "")
            + (" rf-hinted" if name in look.hint_edges else ""),
            "role": "gridcell",
            "tabindex": 0 if current else -1,
            "aria-colindex": column,
            "data-action": "edge",
            "data-edge": name,
            "aria-label": edge_label(puzzle, name, wrong, look),
        },
        # Inset by half its widest line (a hint's, 3.5): a clue on the board's outer edge keeps it whole.
        h("rect", {"class": "rf-frame", "x": x + 2, "y": y + 2, "width": w - 4, "height": hh - 4, "rx": 5})
        if wrong or name in look.hint_edges
        else None,
        h("rect", {"class": "rf-hit", **reach(name, x, y, w, hh)}),
        clue_shape(clue.colour, cx, cy, along, "x" if name[0] in "TB" else "y"),
        h("text", {"x": cx, "y": cy + 1, "class": "rf-number" + fit, **condensed}, str(clue.number)),
    )


def reach(name: str, x: float, y: float, w: float, hh: float) -> dict[str, float]:
    """The tap target of clue ``name`` whose ring box is ``(x, y, w, hh)``: the box, stretched ``REACH``
    outwards (up for a top clue, left for a left one…), never into the board."""
    side = name[0]
    if side == "T":
        y, hh = y - REACH, hh + REACH
    elif side == "B":
        hh += REACH
    elif side == "L":
        x, w = x - REACH, w + REACH
    else:
        w += REACH
    return {"x": x, "y": y, "width": w, "height": hh}


def clue_shape(colour: str, cx: float, cy: float, along: str = "", ring: str = "x") -> Element:
    """Green is a disc, yellow a diamond, black a square: the shape says the colour too. Each fits
    the ring's depth (``EDGE``), with room for its dashed frame. ``along`` ("x" or "y", the ring's
    direction): the shape is stretched that way to hold two or more digits (``edge``). ``ring``: the ring's
    direction for a shape of one digit (a diamond is a little longer that way)."""
    if colour == "yellow" and not along:
        # One digit: ``ONE_ACROSS`` either side across the ring, as a disc, so its stroke keeps clear of the
        # grid's edge (a square diamond 23 across crossed it by 0.25 units), and ``DIAMOND_ALONG`` along it,
        # where a cell leaves room: its digit a little smaller (``.rf-point``).
        dx, dy = (DIAMOND_ALONG, ONE_ACROSS) if ring == "x" else (ONE_ACROSS, DIAMOND_ALONG)
        return h("path", {"class": "rf-shape", "d": f"M{cx} {cy - dy}L{cx + dx} {cy}L{cx} {cy + dy}L{cx - dx} {cy}Z"})
    # Two or more digits: as thick across the ring as a pill, whatever the shape (``PAIR_ACROSS`` on a top or
    # bottom clue, ``SIDE_ACROSS`` on a left or right one, where the digits run across the ring).
    across = PAIR_ACROSS if along == "x" else SIDE_ACROSS
    if colour == "yellow":
        # Stretched, it is 38 units along the ring (a cell is 40), pointed at both ends as a diamond, with a
        # flat middle ``across`` thick: a long diamond 24 across crossed the grid's edge with its stroke, one
        # 20 across kept 1.25 units clear of it (0.84 px on a Hard board at 320 px), and one narrower than a
        # pill would leave no room for a left or right clue's digits.
        tip, a = 19, across / 2
        ends = ((-tip, 0), (a - tip, -a), (tip - a, -a), (tip, 0), (tip - a, a), (a - tip, a))
        points = [(cx + u, cy + v) if along == "x" else (cx + v, cy + u) for u, v in ends]
        return h("path", {"class": "rf-shape", "d": "M" + "L".join(f"{x:g} {y:g}" for x, y in points) + "Z"})
    if not along:
        if colour == "green":
            return h("circle", {"class": "rf-shape", "cx": cx, "cy": cy, "r": ONE_ACROSS})
        a = ONE_ACROSS
        return h("rect", {"class": "rf-shape", "x": cx - a, "y": cy - a, "width": 2 * a, "height": 2 * a, "rx": 2})
    # A pill (its ends round, as a disc's) or a rectangle, 34 or 30 units along the ring. On a top or bottom
    # clue it is 16 units across (the digits' height is 12): 23 across, with its stroke, it crossed the
    # grid's edge; 16 keeps 3.25 units of the ring clear each side, 2 px or more on every board and on a
    # race's solutions (0.74 px a unit at 320 px wide). On a left or right clue the digits run across the
    # ring: it is ``SIDE_ACROSS``, its digits smaller, moved out from the ring's middle by ``edge``.
    half = 17 if colour == "green" else 15
    hx, hy = (half, across / 2) if along == "x" else (across / 2, half)
    rx = across / 2 if colour == "green" else 2
    return h("rect", {"class": "rf-shape", "x": cx - hx, "y": cy - hy, "width": 2 * hx, "height": 2 * hy, "rx": rx})


def laser(size: int, path: Trace, under: Mapping[Cell, str] | None = None) -> Element:
    """The laser of ``path`` from its edge cell, with the running count in every cell it enters, placed clear
    of what the cell shows (``under``: the tile in each cell, ``WARP`` for a warp, a note's ``DOT`` or ``RING`` in
    an empty cell; none: empty cells) and of the laser's line (``_count_at``).

    A warp jump breaks the line: the laser leaves one warp cell and comes out of the other.
    """
    segments: list[list[tuple[float, float]]] = [[border(size, path.edge)]]
    previous: Cell | None = None
    for step in path.steps:
        if previous is not None and abs(step.cell[0] - previous[0]) + abs(step.cell[1] - previous[1]) > 1:
            segments.append([])
        segments[-1].append(centre(size, step.cell))
        previous = step.cell
    if path.exit:
        segments[-1].append(border(size, path.exit))
    return h(
        "g",
        {"class": f"rf-laser rf-laser-{path.colour}", "data-edge": path.edge, "data-number": path.number},
        [h("polyline", {"points": " ".join(f"{x:g},{y:g}" for x, y in seg)}) for seg in segments if len(seg) > 1],
        _counts(size, path, segments, under or {}),
    )


@lru_cache(maxsize=8)
def _laser_kept(size: int, path: Trace, under: tuple[tuple[Cell, str], ...]) -> Element:
    """``laser``, kept while the board redraws the same laser on the same tiles (each hover or key redraws the
    board; placing a hundred counts clear of everything takes a few milliseconds)."""
    return laser(size, path, dict(under))


WARP = "warp"  # ``laser``'s ``under`` of a warp cell

Box = tuple[float, float, float, float]  # left, top, right, bottom

# Where a count is written, first, in a cell whose top-left corner is (0, 0) (the cell is ``CELL``, 40 units): it
# was written at the cell's top-left corner, where it sat over a block's corner, against a mirror, and on the line
# where the laser crossed itself. A number stands beside the laser's line (a cell's first pass on one side, the
# way back on the other), and in a tile's cell where the tile leaves room: beside the mirror, past the hole's rim,
# or on the block itself in the block's own ink. The rules figures (``guide.picture``) show these places.
COUNT_BESIDE = {"x": ((20, 13), (20, 35)), "y": ((10, 24), (30, 24))}  # a line along x or y: (first, second) pass
COUNT_ON_TILE = {"/": (31, 35), "\\": (31, 13), "|": (32, 24), "-": (20, 35), "o": (36, 38), "#": (20, 31)}
# A ring note's count goes where a hole's does, past its rim (a count inside the ring would stand on the line).
COUNT_ON_TILE[RING] = COUNT_ON_TILE["o"]
# Where else it may go when the first place is taken (a laser that turned, came back or crossed there, a tile
# the first place does not suit): a corner's room (where two counts fit side by side), its middle, beside
# the line's other side, the block's top half, a corner's edge, and the middles of the sides between a warp's arms.
COUNT_ELSEWHERE = (
    # A triangle's free corner, crossed twice by the same two half-lines (in by a side, back by the other): its
    # two counts side by side.
    *((x, y) for y in (12, 32) for x in (5, 14, 26, 35)),
    *((x, y) for y in (13, 35) for x in (10, 30)),
    *COUNT_BESIDE["x"],
    *COUNT_BESIDE["y"],
    (20, 16),
    (36, 38),
    (36, 10),
    # Between a warp's arms, beside the half of its cell the laser leaves empty.
    (8, 24),
    (32, 24),
    (20, 38),
    (20, 11),
    # A hole's corners (below, or above, as past a ring note crossed twice, whose first count stands at the
    # hole's place): a count of two digits there is moved in to stand inside its cell, in the smaller type.
    (38, 40),
    (2, 40),
    (38, 9),
    (2, 9),
)
DIGIT = (7.5, 9.0)  # a digit of ``.rf-count`` (12 units, bold) is about 7 wide and 9 high, in board units
# ``.rf-count-small``'s type (10 units) against ``.rf-count``'s: a count of two digits or more that fits nowhere
# in its cell at full size (past a hole's rim it reached about 6 units over the cell's corner, onto the next cell).
SMALL_COUNT = 10 / 12


def _stroke(a: tuple[float, float], b: tuple[float, float], half: float) -> list[Box]:
    """A straight stroke ``half`` units each side of its line, as small boxes along it (one if it is straight
    along x or y)."""
    if a[0] == b[0] or a[1] == b[1]:
        return [(min(a[0], b[0]) - half, min(a[1], b[1]) - half, max(a[0], b[0]) + half, max(a[1], b[1]) + half)]
    along = [(a[0] + (b[0] - a[0]) * k / 10, a[1] + (b[1] - a[1]) * k / 10) for k in range(11)]
    return [(x - half, y - half, x + half, y + half) for x, y in along]


@cache
def _tile_boxes(tile: str) -> list[Box]:
    """What ``tile_shape`` (or ``warp_mark``) covers in a cell whose top-left corner is (0, 0), as boxes."""
    m, c, far = CELL * 0.15, CELL / 2, CELL * 0.85
    if tile == "/":
        return _stroke((m, far), (far, m), 2)
    if tile == "\\":
        return _stroke((m, m), (far, far), 2)
    if tile == "|":
        return [*_stroke((c - 4, m), (c - 4, far), 2), *_stroke((c + 4, m), (c + 4, far), 2)]
    if tile == "-":
        return [*_stroke((m, c - 4), (far, c - 4), 2), *_stroke((m, c + 4), (far, c + 4), 2)]
    if tile == "o":
        r = CELL * 0.3 + 1  # with its rim's stroke
        return [(c - (w := (r * r - (y - c) ** 2) ** 0.5), y, c + w, y + 1) for y in (c - r + k for k in range(25))]
    if tile in (DOT, RING):  # a note (``note_shape``): a dot, or a ring taken whole, its stroke (2.5) included
        r = 4.5 if tile == DOT else CELL * 0.3 + 1.25
        slices = [c - r + k for k in range(int(2 * r) + 1)]  # a unit high each, as wide as the disc's widest in it
        near = [0.0 if y <= c <= y + 1 else min(abs(y - c), abs(y + 1 - c)) for y in slices]
        return [(c - (w := max(0.0, r * r - d * d) ** 0.5), y, c + w, y + 1) for y, d in zip(slices, near, strict=True)]
    if tile == WARP:
        a, b = CELL * 0.25, CELL * 0.75
        return [*_stroke((a, a), (b, b), 2), *_stroke((b, a), (a, b), 2)]
    if tile in TRIANGLE_CORNERS:
        corners = ((m, m), (far, m), (far, far), (m, far))
        (ax, ay), (bx, by), (cx, cy) = (corners[i] for i in TRIANGLE_CORNERS[tile])
        # The body (its right angle at the first corner) as slices a unit high, and its long side's stroke.
        rows = []
        for k in range(int(far - m) + 1):
            y = m + k
            xs = [
                x
                for x in (m + j for j in range(int(far - m) + 1))
                if _in_triangle((x, y), (ax, ay), (bx, by), (cx, cy))
            ]
            if xs:
                rows.append((min(xs), y - 0.5, max(xs), y + 0.5))
        return [*rows, *_stroke((bx, by), (cx, cy), 2)]
    return []  # a block is a place of its own (``_count_at``); an empty cell holds nothing


def _in_triangle(p: tuple[float, float], *corners: tuple[float, float]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = corners
    sides = [(bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax), (cx - bx) * (p[1] - by) - (cy - by) * (p[0] - bx)]
    sides.append((ax - cx) * (p[1] - cy) - (ay - cy) * (p[0] - cx))
    return all(v >= 0 for v in sides) or all(v <= 0 for v in sides)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _count_box(x: float, y: float, digits: int, spare: float = 0.5, scale: float = 1.0) -> Box:
    w, hh = DIGIT[0] * digits * scale, DIGIT[1] * scale
    return x - w / 2 - spare, y - hh - spare, x + w / 2 + spare, y + spare


def _counts(size: int, path: Trace, segments: list[list[tuple[float, float]]], under: Mapping[Cell, str]) -> list:
    """The running counts of ``laser``, each in its step's cell at the first place of ``_count_at`` clear of the
    tile, the warp's mark, the laser's line and the counts already written."""
    # The line's pieces and the counts written, by the cells they reach: a count looks at its cell's and its
    # neighbours' only (a long laser has a hundred steps).
    lines: dict[Cell, list[Box]] = {}
    for seg in segments:
        for a, b in pairwise(seg):
            for piece in _stroke(a, b, 1.5):
                for at in _cells_of(piece):
                    lines.setdefault(at, []).append(piece)
    written: dict[Cell, list[Box]] = {}
    points = [border(size, path.edge), *(centre(size, s.cell) for s in path.steps)]
    seen: dict[Cell, int] = {}
    out = []
    for i, step in enumerate(path.steps, start=1):
        x0, y0, _w, _h = box(size, step.cell)
        visit = seen.get(step.cell, 0)
        seen[step.cell] = visit + 1
        along = "x" if points[i - 1][1] == points[i][1] else "y"
        r, c = step.cell
        around = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
        # Only what reaches the room a count of this cell can take (the cell, and 0.5 units round it).
        room = (x0 - 0.5, y0 - 0.5, x0 + CELL + 0.5, y0 + CELL + 0.5)
        near = [b for at in around for b in lines.get(at, ()) if _meet(b, room)]
        # The neighbours' tiles and notes are not looked at: a count of two digits reaching over its cell's corner
        # was written on a mirror there, but every count now stands inside its cell (its room 0.5 units out of
        # it), and every drawing keeps 4 units or more inside its own (``_tile_boxes``; unit
        # ``test_a_tile_s_drawing_keeps_inside_its_cell``). Looking at them was half of a long laser's time.
        others = [b for at in around for b in written.get(at, ()) if _meet(b, room)]
        digits = len(str(step.count))
        (x, y), on_block, scale = _count_at(under.get(step.cell, EMPTY), along, visit, digits, near, others, (x0, y0))
        drawn = _count_box(x0 + x, y0 + y, digits, 0, scale)
        for at in _cells_of(drawn):
            written.setdefault(at, []).append(drawn)
        kind = "rf-count" + (" rf-count-on-tile" if on_block else "") + (" rf-count-small" if scale < 1 else "")
        out.append(h("text", {"class": kind, "x": x0 + x, "y": y0 + y, "text-anchor": "middle"}, str(step.count)))
    return out


def _cells_of(area: Box) -> list[Cell]:
    """The cells (rows and columns of the board, the ring's included) ``area`` reaches."""
    rows = range(int((area[1] - EDGE) // CELL), int((area[3] - EDGE) // CELL) + 1)
    columns = range(int((area[0] - EDGE) // CELL), int((area[2] - EDGE) // CELL) + 1)
    return [(r, c) for r in rows for c in columns]


def _count_at(
    tile: str, along: str, visit: int, digits: int, lines: list[Box], written: list[Box], at: tuple[float, float]
) -> tuple[tuple[float, float], bool, float]:
    """Where a count of ``digits`` goes in a cell whose top-left corner is ``at`` holding ``tile``, its laser
    along ``along`` this ``visit`` (0 first): the first place clear of the tile, the lines and the counts
    ``written``, on a block inside its square (the second value: on the block, in its ink), always inside its
    own cell (a place near a side is moved in as far as the count is wide). A count of two digits or more
    clear nowhere at full size tries the places again in the smaller type (the third value, ``SMALL_COUNT``).
    None clear (a cell crossed four times): the first place, in the smallest type tried."""
    first = COUNT_ON_TILE.get(tile) or COUNT_BESIDE[along][min(visit, 1)]
    scales = (1.0, SMALL_COUNT) if digits > 1 else (1.0,)
    for scale in scales:
        for x, y, room in _slots(tile, first, digits, scale):
            here = (at[0] + room[0], at[1] + room[1], at[0] + room[2], at[1] + room[3])
            if not any(_meet(here, b) for b in lines) and not any(_meet(here, b) for b in written):
                return (x, y), tile == "#", scale
    half = DIGIT[0] * digits * scales[-1] / 2
    return (min(max(first[0], half), CELL - half), first[1]), tile == "#", scales[-1]


@cache
def _slots(tile: str, first: tuple[float, float], digits: int, scale: float) -> tuple[tuple[float, float, Box], ...]:
    """``_count_at``'s places for a count of ``digits`` in ``scale`` in a cell holding ``tile``, in order, each
    moved inside the cell and clear of the tile's own drawing (on a block: inside its square), with the room it
    keeps clear, all from the cell's top-left corner. The tile's drawing is the same in every cell: checked once
    here, the lines and counts around a count are all that is left to check (a laser of 32 steps took about
    2 ms, each count checked against the slices of a hole's or a triangle's drawing at every place)."""
    covered = _tile_boxes(tile)
    m, far = CELL * 0.15, CELL * 0.85
    half = DIGIT[0] * digits * scale / 2
    out = []
    for place, y in (first, *COUNT_ELSEWHERE):
        x = min(max(place, half), CELL - half)  # inside its own cell (every place's y is, at 9 to 40)
        here, ink = _count_box(x, y, digits, 0.5, scale), _count_box(x, y, digits, 0, scale)
        if tile == "#" and not (m <= ink[0] and ink[2] <= far and m <= ink[1] and ink[3] <= far):
            continue
        if not any(_meet(here, b) for b in covered):
            out.append((x, y, here))
    return tuple(out)


def border(size: int, edge: str) -> tuple[float, float]:
    """Where edge ``edge``'s laser crosses the board's border, next to its clue: the line starts and ends
    there, as it ran through the clue's number to its centre (QA14: "11" read as struck out)."""
    x, y = centre(size, edge_cell(size, edge))
    low, high = EDGE, EDGE + size * CELL
    return min(max(x, low), high), min(max(y, low), high)


def cursor_mark(size: int, at: Cell, kind: str = "rf-cursor") -> Element:
    x, y, w, hh = box(size, at)
    return h("rect", {"class": kind, "x": x + 2, "y": y + 2, "width": w - 4, "height": hh - 4, "rx": 4})


def hint_mark(size: int, at: Cell) -> Element:
    x, y, _w, _h = box(size, at)
    return h("rect", {"class": "rf-hint", "x": x + 4, "y": y + 4, "width": CELL - 8, "height": CELL - 8, "rx": 6})


NOTE_TOOLS = {
    DOT: (N_("Dot"), N_("note: surely empty")),
    RING: (N_("Ring"), N_("note: something here")),
}


def tiles_left(tiles: TileSet, layout: Layout) -> dict[str, int]:
    """How many tiles of each kind (``KIND_NAMES``' order) are still to place."""
    counts = zip(tiles.counts(), TileSet.of(layout).counts(), strict=True)
    return dict(zip(KIND_NAMES, (have - used for have, used in counts), strict=True))


def live_tool(tool: str, tiles: TileSet, layout: Layout) -> str | None:
    """The tray's tool as it stands: a tile kind with none left gives way to the next kind with tiles left, in
    the tray's order and around (as a polished editor goes on to what is still in hand), and to none once every
    tile is placed (docs/rules/reflection.md). A race's tray kept the spent kind chosen at "×0", as if a tile
    were still in hand; a tap then said there was none."""
    return _next_left(tool, tiles_left(tiles, layout))


def _next_left(tool: str, left: Mapping[str, int]) -> str | None:
    """``live_tool`` with the tiles ``left`` of each kind (``tiles_left``) counted already."""
    if left.get(tool, 1) > 0:
        return tool  # a kind with tiles left, a note or the remove tool
    kinds = list(left)
    after = kinds.index(tool)
    return next((k for k in kinds[after + 1 :] + kinds[: after + 1] if left[k] > 0), None)


def tray(puzzle: Puzzle, layout: Layout, selected: str | None, notes: bool = True) -> Element:
    """The tiles still to place, by kind with their counts; the two notes (unless ``notes`` is false:
    a board that keeps no notes, as a match's); the remove tool. A kind with none left is never shown
    chosen (``live_tool``)."""
    lefts = tiles_left(puzzle.tiles, layout)
    selected = _next_left(selected, lefts) if selected is not None else None
    icons = {"diagonal": "/", "flat": "|", "block": "#", "hole": "o", "triangle": "◤"}
    buttons = []
    for kind, have in zip(KIND_NAMES, puzzle.tiles.counts(), strict=True):
        if not have:
            continue
        left = lefts[kind]
        # Heard as one sentence, "diagonal mirror: 1 left" / "斜めミラー：残り1個"; seen as "×1". A spent kind
        # says so: "diagonal mirror: all placed", seen as a check mark on a dashed button (css/app.css). Dimmed
        # at "×0" alone, every kind looked alike once every tile was placed, the tool in hand among them.
        count = (
            pgettext("tiles remaining", "{n} left").format(n=left)
            if left > 0
            else pgettext("tiles remaining", "all placed")
        )
        heard = _(KIND_NAMES[kind]) + pgettext("before a count", ": ") + count
        shown = ("×", str(left)) if left > 0 else ("✓",)
        buttons.append(
            tool(
                kind,
                selected,
                [
                    icon(icons[kind]),
                    h("span", {"class": "visually-hidden"}, heard),
                    h("span", {"class": "rf-left", "data-left": left, "aria-hidden": "true"}, *shown),
                ],
                disabled=left <= 0,
            )
        )
    for mark, (name, meaning) in NOTE_TOOLS.items() if notes else ():
        shape = note_shape(mark, 0, 0)
        buttons.append(
            tool(
                {DOT: "dot", RING: "ring"}[mark],
                selected,
                [
                    h("svg", {"class": "rf-icon", "viewBox": f"0 0 {CELL} {CELL}", "aria-hidden": "true"}, shape),
                    _(name),
                    h("span", {"class": "visually-hidden"}, pgettext("list separator", ", ") + _(meaning)),
                ],
            )
        )
    # "Remove" is the lobby's word for a member too: Japanese says 外す there, 取り除く for a tile.
    buttons.append(tool("remove", selected, [pgettext("tray tool", "Remove")]))
    label = _("Tiles and notes") if notes else _("Tiles")
    return h("div", {"class": "rf-tray", "role": "group", "aria-label": label}, buttons)


def tool(kind: str, selected: str | None, content: list, disabled: bool = False) -> Element:
    return h(
        "button",
        {
            "type": "button",
            "id": f"rf-tool-{kind}",
            "class": "rf-tray-tile" + (" selected" if selected == kind else "") + (" spent" if disabled else ""),
            "data-action": "tray",
            "data-kind": kind,
            "aria-pressed": "true" if selected == kind else "false",
            "disabled": disabled,
        },
        content,
    )


def icon(tile: str) -> Element:
    return h(
        "svg", {"class": "rf-icon", "viewBox": f"0 0 {CELL} {CELL}", "aria-hidden": "true"}, tile_shape(tile, 0, 0)
    )
