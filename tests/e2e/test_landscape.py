"""A phone held sideways (css/app.css, "A phone held sideways"): on a short, wide touch screen every board is
played without scrolling. The board, the status over the turn and what a turn needs (Raythread's hand, Light
Seeker's turn panel and its Confirm, Reflection's tray) stand in the window at once, and a move is played by
taps with the page never scrolled. A player's pass found each board 200 px or more down the page, its hand or
panel under it or beside it below the window's edge. One page walks the three games."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from gamenight.lightseeker import GAME as LS_GAME
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import watched_page
from tests.e2e.test_reflection_solo_play import LINK, SOLUTION, cell

# Held sideways: the player's pass's phone, and the smaller and larger phones it is checked at too.
SIDEWAYS = {"width": 844, "height": 390}
OTHERS = ({"width": 740, "height": 360}, {"width": 915, "height": 412})

OUTSIDE = """(selectors) => selectors.flatMap((sel) => {
  const found = document.querySelector(sel);
  if (!found) return [`${sel}: missing`];
  const r = found.getBoundingClientRect();
  const inside = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  const box = [r.left, r.top, r.width, r.height].map(Math.round);
  return inside ? [] : [`${sel}: ${box[0]},${box[1]} ${box[2]}x${box[3]}`];
})"""


def in_window(page: Page, *selectors: str) -> None:
    """The page is not scrolled, and each of ``selectors`` lies whole inside the window."""
    assert page.evaluate("[scrollX, scrollY]") == [0, 0], "the page was scrolled"
    assert page.evaluate(OUTSIDE, list(selectors)) == [], f"outside the {page.viewport_size} window"


def at_every_size(page: Page, *selectors: str) -> None:
    """``in_window`` at each phone held sideways, back to the first one after."""
    for size in (SIDEWAYS, *OTHERS):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        in_window(page, *selectors)


def test_each_board_is_played_by_taps_with_all_a_turn_needs_in_the_window_of_a_phone_held_sideways(
    browser: Browser, site_url: str
):
    with watched_page(browser, site_url, viewport=SIDEWAYS, has_touch=True, is_mobile=True) as page:
        # Raythread: the status, the board and the hand; a tile placed by taps (its cell twice).
        rt.start(page, site_url)
        turn = (".match-status", ".rt-board", ".rt-hand")
        at_every_size(page, *turn)
        move = next(m for m in rt.rules.legal(rt.engine(page), "A") if m["type"] == "place")
        page.tap(f".rt-hand-tile[data-kind={move['tile']}]")
        page.tap(f".rt-orient[data-orient-name={'slash' if move['orient'] == '/' else 'backslash'}]")
        in_window(page, *turn, ".rt-hint", "#rt-c{}-{}".format(*move["cell"]))
        page.tap("#rt-c{}-{}".format(*move["cell"]))
        expect(page.locator(".rt-board.rt-previewing")).to_have_count(1)
        page.tap("#rt-c{}-{}".format(*move["cell"]))
        page.wait_for_function(f"JSON.parse(localStorage.getItem('{rt.STORE}')).record.log.length == 1")
        in_window(page, ".match-status", ".rt-board")

        # Light Seeker: the status, the light, the board and the turn panel, with a chosen cube's buttons and
        # Confirm turn; a whole turn by taps.
        page.evaluate("location.hash = '#/lightseeker/table'")
        ls.start_table(page)
        turn = (".match-status", ".ls-light", ".ls-board", ".ls-turn")
        at_every_size(page, *turn)
        state = ls.engine(page)
        move = next(m for m in LS_GAME.legal(state, "1") if m["actions"])
        action = move["actions"][0]
        page.tap(ls.cell(state.board, action["cube"]))
        button = f".ls-move[data-cube='{action['cube']}'][data-kind={action['kind']}][data-dir={action['dir']}]"
        at_every_size(page, *turn, button)
        ls.build_turn(page, state, move)
        page.wait_for_function(f"JSON.parse(localStorage.getItem('{ls.STORE}')).record.log.length == 1")
        in_window(page, ".match-status", ".ls-board")

        # Reflection's solo board: its status, the board and the tray; a tile placed by taps.
        page.evaluate(f"location.hash = '{LINK}'")
        expect(page.locator('main[data-phase="playing"] .rf-board')).to_be_visible(timeout=60_000)
        turn = (".rf-status", ".rf-board", ".rf-tray")
        at_every_size(page, *turn)
        (r, c), tile = sorted(SOLUTION.tiles().items())[0]
        kind = "diagonal" if tile in "/\\" else "flat" if tile in "|-" else "block"
        page.tap(f".rf-tray-tile[data-kind={kind}]")
        page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')
        expect(cell(page, r, c)).to_have_attribute("data-tile", re.compile("."))
        in_window(page, *turn)
