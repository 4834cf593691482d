"""Two tabs of one browser on one saved thing, in Chromium: a table on this device and a Reflection solo
puzzle. Each tab hears of the other's writes (the page's ``storage`` event) and shows them, and its
own next move saves on top of them: nothing either tab did is lost."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamenight.raythread import rules
from gamenight.reflection import training
from gamenight.reflection.puzzle import KIND_OF
from gamenight.reflection.solo import FIRST_TILE
from tests.e2e import test_raythread as rt
from tests.e2e import test_reflection_solo as rf
from tests.e2e.conftest import PageWatch, open_app

pytestmark = pytest.mark.e2e


@pytest.fixture
def second(context: BrowserContext, site_url: str):
    """A second tab of the same browser (the same local storage), watched like ``app``."""
    watch = PageWatch(origin=site_url)
    page = watch.attach(context.new_page())
    yield page
    watch.check()


def a_move(page: Page) -> dict:
    state = rt.engine(page)
    return [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][3]


def test_a_table_played_in_two_tabs_is_one_match(app: Page, second: Page, site_url: str):
    rt.start(app, site_url)
    open_app(second, site_url, "#/raythread/table")
    expect(second.locator(".rt-board")).to_be_visible()
    rt.click_move(app, a_move(app))  # Ann moves in the first tab …
    expect(second.locator(".table")).to_contain_text("played on in another tab")
    expect(second.locator(".rt-tile")).to_have_count(1)
    rt.click_move(second, a_move(second))  # … and Bea in the second, on top of it
    log = rt.record(second)["log"]
    assert [e["seat"] for e in log] == ["A", "C"], "the second tab's save keeps the first tab's move"
    expect(app.locator(".rt-tile")).to_have_count(2)
    rt.assert_page_shows(app, rt.engine(app))
    app.click("button[data-action=table-undo]")
    expect(second.locator(".rt-tile")).to_have_count(1)


def place(page: Page, cell: tuple[int, int], tile: str) -> None:
    """Pick the tile's kind in the tray and click the cell, as a player (the tile's first orientation)."""
    page.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
    rf.cell(page, *cell).click()
    expect(rf.cell(page, *cell)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[tile]])


def test_a_puzzle_played_in_two_tabs_keeps_both_tabs_tiles(app: Page, second: Page, site_url: str):
    rf.open_puzzle(app, site_url)
    rf.open_puzzle(second, site_url)
    (first, tile), (other, other_tile) = sorted(rf.SOLUTION.tiles().items())[:2]
    place(app, first, tile)
    expect(second.locator(".rf-message")).to_contain_text("played on in another tab")
    expect(rf.cell(second, *first)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[tile]])
    place(second, other, other_tile)  # on top of the first tab's tile, which its save keeps
    saved = training.parse_progress(second.evaluate("localStorage.getItem('gnc:reflection.progress')"))
    assert {first, other} <= set(saved.layout.tiles())
    expect(rf.cell(app, *other)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[other_tile]])
    second.click("button[data-action=give-up]")
    second.click("button[data-action=give-up]")  # it asks first
    expect(app.locator(".rf-message")).to_contain_text("closed in another tab")
    expect(app.locator(".rf-board")).to_have_count(0)
