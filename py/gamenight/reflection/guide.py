"""How to play Reflection, in the app: the laser's rules and the clues, illustrated by the game's own
scene on small puzzles (the pictures are traced by the physics engine, so they show exactly what the
game does). ``docs/rules/reflection.md`` has every rule in full; the wording follows the original
Japanese rules text.
"""

from __future__ import annotations

from gamenight.core.grid import Cell
from gamenight.i18n import N_, _
from gamenight.reflection import scene
from gamenight.reflection.laser import Layout, trace
from gamenight.reflection.puzzle import puzzle_of
from gamenight.ui.svg import Element, h

SHORTCUTS = (
    ("/ \\ | - # o", N_("Reflection: put that tile at the cursor")),
    ("Space", N_("Reflection: place the chosen tile, or turn the tile at the cursor")),
    ("Delete", N_("Reflection: take the tile at the cursor back")),
)


def picture(size: int, tiles: dict[Cell, str], edge: str, label: str) -> Element:
    """A small puzzle with one laser drawn, as a picture (not a board to play on)."""
    layout = Layout.of(size, tiles)
    puzzle = puzzle_of(layout)
    board = scene.board(puzzle, layout, scene.Look(path=trace(layout, edge)))
    dropped = {"role", "tabindex", "data-action", "aria-activedescendant", "id"}
    inert = Element(
        board.tag, (*((k, v) for k, v in board.attrs if k not in dropped), ("aria-hidden", "true")), board.children
    )
    return h(
        "figure",
        {"class": "guide-figure"},
        h("div", {"class": "guide-board", "role": "img", "aria-label": label}, inert),
        h("figcaption", {}, label),
    )


def page() -> Element:
    """The rules of Reflection, short and illustrated."""
    return h(
        "article",
        {"class": "guide", "data-game": "reflection"},
        h("h2", {}, _("Reflection: how to play")),
        h(
            "p",
            {},
            _(
                "Every player builds a puzzle from the same tiles, then everyone solves the others' puzzles. "
                "The faster you solve, the more points you score. Alone, you train on generated puzzles."
            ),
        ),
        h("h3", {}, _("The lasers")),
        h(
            "p",
            {},
            _(
                "From every square around the board an invisible laser shines straight in. The number on the "
                "square counts the cells its laser crosses before it leaves the board, the tiles' cells included."
            ),
        ),
        h(
            "div",
            {"class": "guide-figures"},
            picture(4, {(1, 2): "/"}, "L2", _("A mirror tile / or \\ turns the laser by 90 degrees.")),
            picture(
                4,
                {(1, 2): "|"},
                "L2",
                _("A mirror tile ‖ or = sends a laser that hits it square-on back; one running along it passes."),
            ),
            picture(4, {(2, 1): "#"}, "T2", _("A block ■ sends the laser back the way it came.")),
            picture(4, {(2, 2): "o"}, "L3", _("A black hole ● stops the laser.")),
        ),
        h("h3", {}, _("The numbers and their colours")),
        h(
            "ul",
            {},
            h(
                "li",
                {},
                _(
                    "Green square ○: its laser comes out at another square, which shows the same green number: "
                    "the two are joined by the laser."
                ),
            ),
            h(
                "li",
                {},
                _(
                    "Yellow square ◇: its laser comes back to the same square (a mirror ‖ = or a block sent it "
                    "back): the number counts the way there and back, plus the tile's own cell."
                ),
            ),
            h("li", {}, _("Black square ■: its laser ends in a black hole.")),
            h("li", {}, _("Lasers never disturb each other where they cross or overlap.")),
        ),
        h("h3", {}, _("Solving")),
        h(
            "p",
            {},
            _(
                "Place the tiles so that every number and colour around the board matches the puzzle. Numbers "
                "that do not match yet are framed. Giving up shows a solution, and costs points in a match."
            ),
        ),
    )
