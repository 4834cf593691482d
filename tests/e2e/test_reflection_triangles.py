"""A Reflection puzzle with triangle mirrors, solved in the browser by clicking and turning tiles.

The test computes the puzzle and its solution with the same Python engine on CPython; the page, on
Pyodide, must show the same clues and accept the solution placed tile by tile.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from gamenight.reflection import training
from gamenight.reflection.generate import make
from gamenight.reflection.laser import TRIANGLES
from gamenight.reflection.puzzle import KIND_OF
from tests.e2e.conftest import open_app

pytestmark = pytest.mark.e2e

PARAMS = {"preset": "custom", "size": "6", "diagonal": "3", "flat": "1", "block": "1", "triangle": "2", "seed": "16"}
LINK = "#/reflection/solo?" + "&".join(f"{k}={v}" for k, v in PARAMS.items()) + "&v=2"
MADE = make(training.parse_settings({**PARAMS, "v": "2"}, 0).order)


def cell(page: Page, r: int, c: int):
    return page.locator(f'.rf-cell[data-r="{r}"][data-c="{c}"]')


def test_a_triangle_mirror_puzzle_is_solved_by_clicking_and_turning(app: Page, site_url: str):
    assert MADE.puzzle.tiles.triangle == 2 and sum(t in TRIANGLES for t in MADE.layout.tiles().values()) == 2
    open_app(app, site_url, LINK)
    expect(app.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=60_000)
    for edge in app.locator(".rf-edge").all():
        name = edge.get_attribute("data-edge")
        clue = MADE.puzzle.clue(name)
        assert edge.get_attribute("aria-label").startswith(f"{name}: {clue.colour} {clue.number}")
    tiles = sorted(MADE.layout.tiles().items(), key=lambda item: item[1] in TRIANGLES)
    *others, ((kr, kc), keyed) = tiles
    for (r, c), tile in others:
        app.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
        cell(app, r, c).click()
        for _ in range(3):  # a triangle takes up to three quarter turns to reach its corner
            if cell(app, r, c).get_attribute("data-tile") == tile:
                break
            cell(app, r, c).click()
        expect(cell(app, r, c)).to_have_attribute("data-tile", tile)
    # The last triangle by keyboard: move the cursor there, t places it, r turns it.
    app.locator("#rf-board").focus()
    for _ in range(6):
        app.keyboard.press("ArrowUp")
        app.keyboard.press("ArrowLeft")
    for _ in range(kr):
        app.keyboard.press("ArrowDown")
    for _ in range(kc):
        app.keyboard.press("ArrowRight")
    app.keyboard.press("t")
    for _ in range(TRIANGLES.index(keyed)):
        app.keyboard.press("r")
    expect(app.locator("main")).to_have_attribute("data-phase", "solved")
    expect(app.locator(".rf-message")).to_have_text(re.compile(r"Solved in \d+:\d\d!"))
    expect(cell(app, kr, kc)).to_have_attribute("data-tile", keyed)
