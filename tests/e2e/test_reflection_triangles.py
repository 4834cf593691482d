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


def roving(page: Page) -> tuple[int, int]:
    """The board cell that holds the roving cursor (the board's one Tab stop)."""
    at = page.locator('.rf-board [tabindex="0"]')
    return int(at.get_attribute("data-r")), int(at.get_attribute("data-c"))


def test_a_triangle_mirror_puzzle_is_solved_by_clicking_and_turning(app: Page, site_url: str):
    assert MADE.puzzle.tiles.triangle == 2 and sum(t in TRIANGLES for t in MADE.layout.tiles().values()) == 2
    open_app(app, site_url, LINK)
    expect(app.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=60_000)
    for edge in app.locator(".rf-edge").all():
        clue = MADE.puzzle.clue(edge.get_attribute("data-edge"))
        shown = edge.get_attribute("aria-label").split(":")[1].split(",")[0].split()  # "top 1: green 5, …"
        assert shown == [clue.colour, str(clue.number)]
    tiles = sorted(MADE.layout.tiles().items(), key=lambda item: item[1] in TRIANGLES)
    *others, ((kr, kc), keyed) = tiles
    for (r, c), tile in others:
        app.locator(f"#rf-tool-{KIND_OF[tile]}").click()
        cell(app, r, c).click()
        for _ in range(3):  # a triangle takes up to three quarter turns to reach its corner
            if cell(app, r, c).get_attribute("data-tile") == tile:
                break
            cell(app, r, c).click()
        expect(cell(app, r, c)).to_have_attribute("data-tile", tile)
    # The last triangle by keyboard: arrows walk the cursor there, V places it, T turns it.
    app.locator('.rf-board [tabindex="0"]').focus()
    r, c = roving(app)
    for _ in range(abs(kr - r)):
        app.keyboard.press("ArrowDown" if kr > r else "ArrowUp")
    for _ in range(abs(kc - c)):
        app.keyboard.press("ArrowRight" if kc > c else "ArrowLeft")
    expect(app.locator('.rf-board [tabindex="0"]')).to_have_attribute("data-r", str(kr))
    expect(app.locator('.rf-board [tabindex="0"]')).to_have_attribute("data-c", str(kc))
    app.keyboard.press("v")
    for turns in range(TRIANGLES.index(keyed)):
        expect(cell(app, kr, kc)).to_have_attribute("data-tile", TRIANGLES[turns])
        app.keyboard.press("t")
    expect(app.locator("main")).to_have_attribute("data-phase", "solved")
    expect(app.locator(".rf-message")).to_have_text(re.compile(r"Solved in \d+:\d\d!"))
    expect(cell(app, kr, kc)).to_have_attribute("data-tile", keyed)
