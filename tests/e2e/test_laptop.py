"""Laptop windows: on the commonest ones a player sees the status line, the board and what a move needs
beside or under it (Raythread's hand, Light Seeker's turn) without scrolling (docs/accessibility.md)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e import test_lightseeker, test_raythread
from tests.e2e.conftest import assert_in_window

pytestmark = pytest.mark.e2e
LAPTOPS = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1280x720": (1280, 720)}
GAMES = {
    "raythread": (test_raythread.start, (".match-status", ".rt-board", ".rt-hand")),
    "lightseeker": (test_lightseeker.start, (".ls-info", ".ls-board", ".ls-turn")),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", LAPTOPS.values(), ids=LAPTOPS.keys())
def test_the_board_and_what_a_move_needs_fit_a_laptops_window(browser: Browser, site_url: str, game, size):
    start, parts = GAMES[game]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        start(page, site_url)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, parts)
    finally:
        context.close()


@pytest.mark.parametrize("size", LAPTOPS.values(), ids=LAPTOPS.keys())
def test_why_a_raythread_click_did_nothing_is_said_inside_the_laptops_window(browser: Browser, site_url: str, size):
    """A click on a cell no move can use leaves the board as it was and says why under the hand: that note
    was below the window (at 1280×800 its line began 11 px under the window's bottom), so for a player
    who sees the page the click did nothing."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        test_raythread.start(page, site_url)
        page.evaluate("window.scrollTo(0, 0)")
        middle = int(page.get_attribute(".rt-board-wrap", "data-size") or 11) // 2
        # The centre beacon, with a tile chosen (with none chosen, the hint in view says what to do and
        # the refusal is for screen readers only: test_controls.py). The first the hand holds: the hand is
        # dealt at random, and about one deal in thirty gives the first seat no mirror.
        page.click(".rt-hand-tile:not([disabled])")
        page.click(f"#rt-c{middle}-{middle}")
        expect(page.locator(".rt-note")).to_have_text("That cell holds a beacon.")
        page.evaluate("window.scrollTo(0, 0)")  # as the page stood (a click scrolls nothing)
        assert_in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-note"))
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1024, 768), (1100, 800)], ids=["1024x768", "1100x800"])
def test_light_seeker_s_turn_stands_beside_the_board_on_a_small_laptop(browser: Browser, site_url: str, size):
    """QA: at 1024×768 and 1100×800 (text at 100 %) the turn panel went under the board, "Confirm turn" below
    the window's bottom (862 px down on 1024×768), so every turn meant scrolling: the panel stood beside
    only where the match screen was 44rem wide or as wide as the window is tall less 3rem (604 and 680 px
    there). Where the board and the panel under it would not both fit the window's height, the panel
    stands beside (the board giving up room), and with a cube chosen its buttons are in the window too."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        test_lightseeker.start(page, site_url)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".ls-info", ".ls-board", ".ls-turn", "button[data-action=ls-confirm]"))
        board, turn = page.locator(".ls-board").bounding_box(), page.locator(".ls-turn").bounding_box()
        assert board is not None and turn is not None and turn["x"] >= board["x"] + board["width"], (board, turn)
        state = test_lightseeker.engine(page)
        cube = next(i for i in range(9) if i != state.board.buh)
        page.click(test_lightseeker.cell(state.board, cube))
        expect(page.locator(".ls-moves")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".ls-board", ".ls-moves", "button[data-action=ls-confirm]"))
    finally:
        context.close()


SMALL_LAPTOPS = {"1024x768": (1024, 768), "1100x800": (1100, 800)}
# A taller screen: at 100 % the board and the panel under it fit its height, at 125 % they do not.
TALL = {"1280x1024": (1280, 1024)}


@pytest.mark.parametrize("size", (LAPTOPS | SMALL_LAPTOPS | TALL).values(), ids=(LAPTOPS | SMALL_LAPTOPS | TALL).keys())
def test_light_seeker_s_turn_stays_beside_the_board_with_larger_text(browser: Browser, site_url: str, size):
    """QA: with the text at 125 % (a browser's "large" font size) the turn panel went under the board, its
    buttons below the window's bottom (at 1280×800 it began 774 px down, "Confirm turn" further), so
    every turn meant scrolling; the board's height is capped by the window there, and the panel fits
    beside it. With a cube chosen, its action buttons are in the window too. On 1024×768 and 1100×800 the
    seat list beside the match (22rem, 440 px) left the match 499 and 575 px, less than the board's
    smallest (16rem), the gap and the panel (13rem) need (600 px): the panel stood under the board, and
    "Confirm turn" 849 px down (957 with a cube chosen) in a 768 px window. On 1280×1024 the panel stood
    under the board too: the rule that puts it beside where both do not fit the window's height was for
    windows up to 63rem tall counted at 16 px (1008), the height that holds both at 100 % text; at 125 %
    it takes 1260 px."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.add_init_script(
            "addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '125%'; })"
        )
        test_lightseeker.start(page, site_url)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".ls-info", ".ls-board", ".ls-turn", "button[data-action=ls-confirm]"))
        board, turn = page.locator(".ls-board").bounding_box(), page.locator(".ls-turn").bounding_box()
        assert board is not None and turn is not None and turn["x"] >= board["x"] + board["width"], (board, turn)
        state = test_lightseeker.engine(page)
        cube = next(i for i in range(9) if i != state.board.buh)
        page.click(test_lightseeker.cell(state.board, cube))
        expect(page.locator(".ls-moves")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".ls-board", ".ls-moves", "button[data-action=ls-confirm]"))
    finally:
        context.close()
