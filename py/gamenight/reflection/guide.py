"""How to play Reflection, in the app: the rules in short, illustrated by the game's own scene.

Every picture is a small board whose laser is traced by ``laser.trace`` and drawn by ``scene.board``,
so the pictures show exactly what the game does. ``docs/rules/reflection.md`` has every rule in full.
``SHORTCUTS`` are the solo board's keys, listed in the app's help (``?``).
"""

from __future__ import annotations

from gamenight import i18n
from gamenight.i18n import N_, _
from gamenight.reflection import INFO, scene
from gamenight.reflection.laser import Layout, trace
from gamenight.reflection.puzzle import Kind, TileSet, puzzle_of
from gamenight.ui import svg
from gamenight.ui.program import GestureList, KeyList
from gamenight.ui.svg import Element, h

SHORTCUTS: KeyList = (
    # A key per tile, each named in words: a screen reader says "slash" or "number sign", not the tile.
    (("/", "\\"), N_("Reflection: place a diagonal mirror, slash or backslash, at the cursor")),
    (("|", "-"), N_("Reflection: place a flat mirror, upright or level, at the cursor")),
    (("#",), N_("Reflection: place a block at the cursor")),
    (("o",), N_("Reflection: place a black hole at the cursor")),
    (
        ("Space", "Enter"),
        N_("Reflection: use the tray's tool at the cursor (a placed tile turns); on a clue: its laser"),
    ),
    (("V",), N_("Reflection: place a triangle mirror at the cursor")),
    (("T",), N_("Reflection: turn the tile")),
    (("Delete", "X"), N_("Reflection: take the tile or note away")),
    ((".",), N_("Reflection: note a dot, surely empty")),
    (("N",), N_("Reflection: cycle the note: dot, ring, none")),
    (("E",), N_("Reflection: show the lasers through the cursor, one after another")),  # as on the race board
    (("Escape",), N_("Reflection: hide the laser")),  # as on the race board
    (("Home", "End"), N_("Reflection: to the first or last column")),
    (("Ctrl+Z", "U"), N_("Reflection: undo")),
    (("Ctrl+Y", "R"), N_("Reflection: redo")),
)
# A finished solo board (solved, or its solution shown) changes no more, but its lasers are still shown
# (``solo.read_finished``): the keys and the gesture that act there.
FINISHED_SHORTCUTS: KeyList = (
    (("Space", "Enter"), N_("Reflection: on a clue, show or hide its laser")),
    (("E",), N_("Reflection: show the lasers through the cursor, one after another")),
    (("Escape",), N_("Reflection: hide the laser")),
    (("Home", "End"), N_("Reflection: to the first or last column")),
)
# The key that places each kind of tile (solo.KEY_TILES, controls.on_key): over a puzzle with none of that
# kind it only says none is left (an Easy puzzle has no black hole), so the help lists it only with them.
KEY_KINDS: dict[tuple[str, ...], Kind] = {
    ("/", "\\"): "diagonal",
    ("|", "-"): "flat",
    ("#",): "block",
    ("o",): "hole",
    ("V",): "triangle",
}


def for_tiles(shortcuts: KeyList, tiles: TileSet) -> KeyList:
    """``shortcuts`` over a puzzle of ``tiles``: a tile's key only where the puzzle has that kind of tile."""
    return tuple(row for row in shortcuts if row[0] not in KEY_KINDS or getattr(tiles, KEY_KINDS[row[0]]))


# What a touch screen does on the board (solo.py, controls.py), listed in the app's help on such a screen.
GESTURES: GestureList = (
    (N_("Tap a cell"), N_("Reflection: use the tray's tool there (a placed tile turns)")),
    (
        N_("Drag a tile"),
        N_("Reflection: from the tray onto a cell, from cell to cell, or off the board to take it back"),
    ),
    (N_("Tap a clue"), N_("Reflection: show its laser")),
    (N_("Drag an empty cell"), N_("Reflection: with Bigger cells, move the board")),
)
FINISHED_GESTURES: GestureList = ((N_("Tap a clue"), N_("Reflection: show its laser")),)


def picture(tiles: dict, edge: str, key: str, label: str, size: int = 3) -> Element:
    """A small board with ``tiles`` and the laser of ``edge`` drawn, shown as a picture; ``key`` makes its
    ids its own."""
    layout = Layout.of(size, tiles)
    puzzle = puzzle_of(layout)
    # The board writes each step's number clear of the tile and the line (``scene.laser``), as the game's does.
    board = scene.board(puzzle, layout, scene.Look(path=trace(layout, edge)))
    return h(
        "figure",
        {"class": "guide-figure"},
        h("div", {"class": "guide-board", "role": "img", "aria-label": label}, svg.picture(board, f"rf-guide-{key}")),
        h("figcaption", {}, label),
    )


def page() -> Element:
    """The rules of Reflection, short and illustrated."""
    return h(
        "article",
        {"class": "guide"},
        # Headed as the other games' guides are: "Reflection" alone read as the game's page, not its rules.
        h("h2", {}, _("{game}: how to play").format(game=i18n.name(INFO.title))),
        h(
            "p",
            {},
            _(
                "Tiles are hidden on the board. Every clue around it is a laser fired into the board: its number "
                "counts the cells the laser enters, its colour tells where it ends. Put the tiles back where they "
                "make every clue come true."
            ),
        ),
        h("h3", {}, _("Tiles")),
        h(
            "div",
            {"class": "guide-figures"},
            picture(
                {(1, 1): "/"},
                "L2",
                "diagonal",
                _("A diagonal mirror turns the laser: from {start} it goes up and leaves at {end}.").format(
                    start=scene.edge_name("L2"), end=scene.edge_name("T2")
                ),
            ),
            picture(
                {(1, 1): "|"},
                "L2",
                "flat-back",
                _(
                    "A flat mirror hit head-on sends it back: the laser of {start} comes back out where it went "
                    "in, yellow 3."
                ).format(start=scene.edge_name("L2")),
            ),
            picture(
                {(1, 1): "|"},
                "T2",
                "flat-along",
                _("Along a flat mirror, the laser passes: from {start} it leaves at {end}, green 3.").format(
                    start=scene.edge_name("T2"), end=scene.edge_name("B2")
                ),
            ),
            picture(
                {(1, 1): "#"},
                "T2",
                "block",
                _("A block sends back every laser: {start} is yellow 3.").format(start=scene.edge_name("T2")),
            ),
            picture(
                {(1, 1): "o"},
                "L2",
                "hole",
                _("A black hole stops the laser: {start} is black 2.").format(start=scene.edge_name("L2")),
            ),
        ),
        h("h3", {}, _("Clues")),
        h(
            "ul",
            {},
            h("li", {}, _("Green (a disc): the laser leaves by another edge cell, which shows the same number.")),
            h("li", {}, _("Yellow (a diamond): the laser comes back out where it went in; its number is odd.")),
            h("li", {}, _("Black (a square): a black hole stopped the laser.")),
            h(
                "li",
                {},
                _("Every cell the laser enters counts: a cell it crosses twice counts twice, and the tile's cell too."),
            ),
        ),
        h("h3", {}, _("With friends")),
        h(
            "p",
            {},
            _(
                "Every player builds a puzzle from the same tiles, then everyone solves the others' puzzles. The "
                "faster you solve, the more points you score; giving up costs points, and a puzzle's solution is "
                "shown once its last round is over."
            ),
        ),
        h("h3", {}, _("Solo play")),
        h(
            "p",
            {},
            _(
                "A clue with a dashed frame does not match your tiles yet. Pick a clue to see its laser. Notes mark "
                "cells: a dot for surely empty, a ring for something here. Undo takes back any step; a hint shows "
                "one cell and the lasers through it; Check counts your misplaced tiles."
            ),
        ),
    )
