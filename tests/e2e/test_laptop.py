"""Laptop windows: on the commonest ones a player sees the status line, the board and what a move needs
beside or under it (Raythread's hand, Light Seeker's turn) without scrolling (docs/accessibility.md).

As the layout is CSS alone (nothing in the app reads the window's width), one page of a game takes each window
in turn (``page.set_viewport_size``), and the browser's text at 125 % is the root's font size set on it; a
failure names the window."""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import test_lightseeker, test_raythread
from tests.e2e.conftest import NO_SERVICE_WORKER, assert_in_window, open_app, resize

pytestmark = pytest.mark.e2e
LAPTOPS = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1280x720": (1280, 720)}


def window(page: Page, size: tuple[int, int]) -> str:
    """``page`` at ``size``, scrolled to its top; the window's name for a failure's message."""
    resize(page, size[0], size[1])
    page.evaluate("window.scrollTo(0, 0)")
    return f"{size[0]}x{size[1]}"


def in_window(page: Page, parts: tuple[str, ...], where: str) -> None:
    """Each of ``parts`` (selectors) lies whole inside the window as it is scrolled now (conftest's
    ``assert_in_window``, its failure naming ``where``)."""
    height = page.viewport_size["height"] if page.viewport_size else 0
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (where, part, box)


BOXES = """() => Object.fromEntries(['.rt-board', '.rt-hand', '.rt-hint', '.match-main', '.match-side'].map((s) => {
  const b = document.querySelector(s).getBoundingClientRect();
  return [s, {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width}];
}))"""
WIDE = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1440x900": (1440, 900)}
BESIDE_NEVER_SMALLER = {"1440x900": (1440, 900), "1440x920": (1440, 920)}


def hand_beside_the_board(page: Page, size: tuple[int, int], where: str) -> None:
    """QA: at 1280×800 the window's height capped the board at 480 px and about 330 px of the main column
    stood empty between it and the players' list (the hand and its hint under the board, each as wide as
    the column). Where the column is that much wider than the board, the hand and the hint stand beside
    the board, filling that room, and the board grows into the height they left, still whole in the window
    with the hand. (A tile chosen: the hint says where it may go.)"""
    box = page.evaluate(BOXES)
    board, hand, hint, main = box[".rt-board"], box[".rt-hand"], box[".rt-hint"], box[".match-main"]
    for part, drawn in ((".rt-hand", hand), (".rt-hint", hint)):
        assert board["right"] < drawn["left"] <= board["right"] + 24, (where, part, drawn, board)
        assert drawn["right"] <= main["right"] + 0.5 and drawn["top"] < board["bottom"], (where, part, drawn, board)
    # What is left of the main column right of the panel: none (the panel takes it), nor under the board.
    assert main["right"] - board["right"] <= 16 + max(hand["width"], hint["width"]) + 0.5, (where, box)
    # 100vh - 15rem, the height the hand left it, or the column's width less the panel's 14rem
    assert board["width"] >= min(size[1] - 15 * 16, main["right"] - main["left"] - 14 * 16) - 1, (where, box)
    assert board["width"] > 520, (where, board)  # 480 px at 1280×800 and 448 at 1366×768 under the hand
    in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-hint"), where)


def test_raythread_s_board_and_hand_at_each_laptop_window(browser: Browser, site_url: str):
    """One page of a two-player match takes each window in turn:

    - before a tile is chosen, the status, the board and the hand fit each laptop's window (1280×800,
      1366×768, 1280×720);
    - at 1024×768 the main column (604 px) is only a little wider than the board the height allows (448 px):
      beside the hand the board would shrink to 380 px, so the hand stays under it;
    - a tile chosen, at 1280×800, 1366×768 and 1440×900 the hand and its hint stand beside the board where
      the window's height caps it (``hand_beside_the_board``);
    - at 1440 × 900 the board over the hand was 580 px (100vh - 20rem); beside it, 572, held to the main
      column (796 px) less the panel's 14rem. Beside the hand the board takes at least the room it had over
      it, and the panel what is left (1440 × 920: the narrowest, 11rem), the hand whole in it;
    - a click on a cell no move can use leaves the board as it was and says why under the hand: that note
      was below the window (at 1280×800 its line began 11 px under the window's bottom), so for a player
      who sees the page the click did nothing. It is in each laptop's window."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        test_raythread.start(page, site_url)
        for size in LAPTOPS.values():
            where = window(page, size)
            in_window(page, (".match-status", ".rt-board", ".rt-hand"), where)
        where = window(page, (1024, 768))
        box = page.evaluate(BOXES)
        assert box[".rt-hand"]["top"] >= box[".rt-board"]["bottom"], (where, box)
        assert box[".rt-board"]["width"] >= 768 - 20 * 16 - 1, (where, box)
        in_window(page, (".match-status", ".rt-board", ".rt-hand"), where)
        # The first tile the hand holds: the hand is dealt at random, and about one deal in thirty gives the
        # first seat no mirror.
        page.click(".rt-hand-tile:not([disabled])")
        for size in WIDE.values():
            hand_beside_the_board(page, size, window(page, size))
        for size in BESIDE_NEVER_SMALLER.values():
            where = window(page, size)
            box = page.evaluate(BOXES)
            board, hand, main = box[".rt-board"], box[".rt-hand"], box[".match-main"]
            assert board["width"] >= min(44 * 16, size[1] - 20 * 16) - 0.5, (where, box)
            assert board["right"] < hand["left"] and hand["right"] <= main["right"] + 0.5, (where, box)
            tiles = page.evaluate(
                "() => [...document.querySelectorAll('.rt-hand button')].map((b) => b.scrollWidth - b.clientWidth)"
            )
            assert max(tiles) <= 0, (where, tiles)  # no button's words cut
            in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-hint"), where)
        # The centre beacon, with the tile chosen (with none chosen, the hint in view says what to do and the
        # refusal is for screen readers only: test_controls.py).
        middle = int(page.get_attribute(".rt-board-wrap", "data-size") or 11) // 2
        page.click(f"#rt-c{middle}-{middle}")
        expect(page.locator(".rt-note")).to_have_text("That cell holds a beacon.")
        for size in LAPTOPS.values():
            where = window(page, size)  # as the page stood (a click scrolls nothing)
            in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-note"), where)
        keys_bring_the_hint_and_the_cursor_into_a_zoomed_window(page)
    finally:
        context.close()


def keys_bring_the_hint_and_the_cursor_into_a_zoomed_window(page: Page) -> None:
    """1280 × 800 at 200 % is a 640 × 400 CSS px window: the board beside the status, the hand and the hint under
    them, below the window's foot. A keyboard player's keys scroll nothing, so the hint that says what the keys
    do next ("Move the cursor with the arrow keys …") was never seen. A key that changes it brings it into the
    window, the cursor's cell with it; an arrow that moves the cursor keeps its cell in sight."""
    where = window(page, (640, 400))
    page.focus(".rt-board")
    page.keyboard.press("Escape")  # the tile chosen by the click above let go
    kind = page.get_attribute(".rt-hand-tile:not([disabled])", "data-kind")
    page.keyboard.press("1" if kind == "mirror" else "2")
    expect(page.locator(".rt-hint")).to_contain_text("arrow keys")
    cursor = "#" + (page.get_attribute(".rt-board", "aria-activedescendant") or "")
    in_window(page, (".rt-hint", cursor), where)
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    cursor = "#" + (page.get_attribute(".rt-board", "aria-activedescendant") or "")
    in_window(page, (cursor,), where)


CUT = """() => [...document.querySelectorAll('.rt-play button, .rt-info > *, .match-status')]
  .filter((e) => e.offsetParent !== null)
  .filter((e) => e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5)
  .map((e) => e.outerHTML.slice(0, 80))"""


def test_a_four_player_raythread_match_at_laptop_windows_and_with_larger_text(browser: Browser, site_url: str):
    """One page of a four-player match, a tile chosen (Cancel and the longest hint), takes each window in turn:

    - at 1280×800, 1366×768 and 1440×900 the hand and its hint stand beside the board where the window's
      height caps it (``hand_beside_the_board``), as with two players;
    - with the text at 125 % (a browser's "large" font size) the board's height cap leaves the lines above
      it their room: at 1280 × 800 the status, the board, the hand beside it and its hint lie whole in the
      window; in a 390 × 844 window the board fits the width and the height with the status above it, the
      hand and its hint under it. Nothing overlaps, no button's or line's words are cut."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        test_raythread.start(page, site_url, names=("Ann", "Bea", "Cy", "Di"))
        page.click(".rt-hand-tile:not([disabled])")
        for size in WIDE.values():
            hand_beside_the_board(page, size, window(page, size))
        page.evaluate("document.documentElement.style.fontSize = '125%'")
        for size in ((1280, 800), (390, 844)):
            where = f"{window(page, size)}, text at 125 %"
            box = page.evaluate(BOXES)
            board, hand, hint, main = box[".rt-board"], box[".rt-hand"], box[".rt-hint"], box[".match-main"]
            info = page.locator(".rt-info").bounding_box()
            assert info is not None and info["y"] + info["height"] <= board["top"] + 0.5, (where, info, board)
            assert hand["right"] <= main["right"] + 0.5 and hint["right"] <= main["right"] + 0.5, (where, box)
            assert hint["top"] >= hand["bottom"] - 0.5, (where, box)
            assert page.evaluate(CUT) == [], where
            if size[0] > 900:
                assert board["right"] < hand["left"] and board["right"] < hint["left"], (where, box)
                in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-hint"), where)
            else:
                assert hand["top"] >= board["bottom"] and board["right"] <= main["right"] + 0.5, (where, box)
                page.evaluate("document.querySelector('.match-status').scrollIntoView()")
                in_window(page, (".match-status", ".rt-board"), where)
    finally:
        context.close()


SMALL_LAPTOPS = {"1024x768": (1024, 768), "1100x800": (1100, 800)}
# A taller screen: at 100 % the board and the panel under it fit its height, at 125 % they do not.
TALL = {"1280x1024": (1280, 1024)}
LS_TURN = (".ls-info", ".ls-board", ".ls-turn", "button[data-action=ls-confirm]")
LS_MOVES = (".ls-board", ".ls-moves", "button[data-action=ls-confirm]")


def turn_beside_the_board(page: Page, where: str) -> None:
    in_window(page, LS_TURN, where)
    board, turn = page.locator(".ls-board").bounding_box(), page.locator(".ls-turn").bounding_box()
    assert board is not None and turn is not None and turn["x"] >= board["x"] + board["width"], (where, board, turn)


def test_light_seeker_s_board_and_turn_at_each_laptop_window(browser: Browser, site_url: str):
    """One page of a match takes each window in turn, the text at 100 % and then at 125 %:

    - the information line, the board and the turn panel fit each laptop's window (1280×800, 1366×768,
      1280×720);
    - QA: at 1024×768 and 1100×800 (text at 100 %) the turn panel went under the board, "Confirm turn" below
      the window's bottom (862 px down on 1024×768), so every turn meant scrolling: the panel stood beside
      only where the match screen was 44rem wide or as wide as the window is tall less 3rem (604 and 680 px
      there). Where the board and the panel under it would not both fit the window's height, the panel
      stands beside (the board giving up room), and with a cube chosen its buttons are in the window too;
    - QA: with the text at 125 % (a browser's "large" font size) the turn panel went under the board, its
      buttons below the window's bottom (at 1280×800 it began 774 px down, "Confirm turn" further), so
      every turn meant scrolling; the board's height is capped by the window there, and the panel fits
      beside it. With a cube chosen, its action buttons are in the window too. On 1024×768 and 1100×800 the
      seat list beside the match (22rem, 440 px) left the match 499 and 575 px, less than the board's
      smallest (16rem), the gap and the panel (13rem) need (600 px): the panel stood under the board, and
      "Confirm turn" 849 px down (957 with a cube chosen) in a 768 px window. On 1280×1024 the panel stood
      under the board too: the rule that puts it beside where both do not fit the window's height was for
      windows up to 63rem tall counted at 16 px (1008), the height that holds both at 100 % text; at 125 %
      it takes 1260 px. Checked at 1280×800, 1366×768, 1280×720, 1024×768, 1100×800 and 1280×1024."""
    larger = (LAPTOPS | SMALL_LAPTOPS | TALL).values()
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        test_lightseeker.start(page, site_url)
        for size in LAPTOPS.values():
            where = window(page, size)
            in_window(page, (".ls-info", ".ls-board", ".ls-turn"), where)
        for size in SMALL_LAPTOPS.values():
            turn_beside_the_board(page, window(page, size))
        page.evaluate("document.documentElement.style.fontSize = '125%'")
        for size in larger:
            turn_beside_the_board(page, f"{window(page, size)}, text at 125 %")
        state = test_lightseeker.engine(page)
        cube = next(i for i in range(9) if i != state.board.buh)
        page.click(test_lightseeker.cell(state.board, cube))
        expect(page.locator(".ls-moves")).to_be_visible()
        for size in larger:
            in_window(page, LS_MOVES, f"{window(page, size)}, text at 125 %, a cube chosen")
        page.evaluate("document.documentElement.style.fontSize = ''")
        for size in SMALL_LAPTOPS.values():
            in_window(page, LS_MOVES, f"{window(page, size)}, a cube chosen")
    finally:
        context.close()


def test_a_finished_four_player_raythread_match_shows_the_result_rematch_and_board_in_the_window(
    browser: Browser, site_url: str
):
    """At 1280 × 800 a finished match of four listed the four seat cards between the final standings and
    Rematch: Rematch stood at the window's bottom edge and "How to play" under it, and the page scrolled
    to reach them. The result, Rematch (with what the table offers beside it) and the board are in the
    window without scrolling."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        open_app(page, site_url, "#/raythread/table")
        page.select_option("select[name=players]", "4")
        for i in range(4):
            page.select_option(f"select[name=kind{i}]", "easy")
        page.click(".table-options summary")
        page.fill("input[name=target]", "4")  # a short match of computers
        page.click("form[data-action=table-setup] button[type=submit]")
        expect(page.locator(".match-result")).to_be_visible(timeout=120_000)
        expect(page.locator("button[data-action=table-new]")).to_have_text("Rematch")
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".match-status", ".rt-board", ".match-result", ".match-controls"))
        tab_from_the_result_reaches_rematch(page)
    finally:
        context.close()


# Where each part of a finished match's side panel stands in the page (its DOM order, which a screen reader
# reads and Tab follows), by the order of its first element.
PAGE_ORDER = """() => ['button[data-action=table-new]', '.match-result', '.match-seats', '.match-log']
  .map((s) => document.querySelector(s))
  .map((e, i, all) => all.filter((o) => e.compareDocumentPosition(o) & Node.DOCUMENT_POSITION_PRECEDING).length)"""

# The first Tab stop in the side column.
FIRST_SIDE_STOP = """() => document.querySelector('.match-side')
  .querySelector('button, a[href], select, input, [tabindex="0"]')?.dataset.action"""


def tab_from_the_result_reaches_rematch(page: Page) -> None:
    """The page itself puts Rematch, then the result, the seat cards and the log: a screen reader reads them
    as the eye sees them (a style's ``order`` drew Rematch above the seat cards that came before it in the
    page). Rematch comes first (under the result, on a 320 × 640 phone it stood below the window when it took
    focus at the end with the status that says who won in it): the side column's first Tab stop."""
    assert page.evaluate(PAGE_ORDER) == [0, 1, 2, 3]
    assert page.evaluate(FIRST_SIDE_STOP) == "table-new"


def test_a_finished_light_seeker_match_shows_the_result_rematch_and_board_in_the_window(
    browser: Browser, site_url: str
):
    """As a finished Raythread match: at 1280 × 800 the result, Rematch and the board lie in the window
    without scrolling, and Rematch is the side column's first Tab stop (the seat cards came before it)."""
    saved, state, last = test_lightseeker.saved_one_turn_from_the_end(3)
    record = json.loads(saved)
    record["record"]["log"].append({"at": 3_000, "seat": state.to_move, "move": last})
    record["record"]["ended"] = "over"
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(f"localStorage.setItem('{test_lightseeker.STORE}', {json.dumps(json.dumps(record))})")
        open_app(page, site_url, "#/lightseeker/table")
        expect(page.locator(".match-result")).to_be_visible()
        expect(page.locator("button[data-action=table-new]")).to_have_text("Rematch")
        # A finished match is final: no Undo beside Rematch (docs/rules/lightseeker.md, "On this device").
        expect(page.locator("button[data-action=table-undo]")).to_have_count(0)
        if shots := os.environ.get("GNC_SHOTS"):
            page.screenshot(path=f"{shots}/lightseeker-finished-1280x800.png")
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".match-status", ".ls-board", ".match-result", ".match-controls"))
        tab_from_the_result_reaches_rematch(page)
    finally:
        context.close()


SCORE = ".match-seat:last-child .score"
WIDE_WORDS = """() => { const over = document.documentElement.scrollWidth - innerWidth;
  const out = (e) => e.getBoundingClientRect().right > innerWidth + 1;
  return over <= 0 ? [] : [...document.querySelectorAll('main *')].filter((e) => out(e) && ![...e.children].some(out))
    .slice(0, 4).map((e) => `${over} px: ${e.tagName} ${e.className.baseVal ?? e.className}`); }"""


def test_the_match_screen_keeps_its_board_and_scores_in_a_tablet_a_big_window_and_large_text(
    browser: Browser, site_url: str
):
    """A player's pass, a four-player match in Japanese on one page, the window changed under it: at 768 × 1024
    (a tablet upright) the scores stood below the window's bottom (the last card's 1366 px down in 1024); at
    1024 × 768 they stand beside the board. At 1920 × 1080 and 2560 × 1440 the board was held to 704 px (the
    page's 76rem and the board's 44rem) with ~300 px empty under it: it grows with the height (100vh - 15rem),
    the hand beside it, whole in the window. At 320 px with the text at 200 % the seat cards ran 34 px past the
    window's edge and the hand 38: the page reflows, nothing scrolls sideways."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 768, "height": 1024}, locale="ja-JP")
    try:
        page = context.new_page()
        test_raythread.start(page, site_url, names=("Ann", "Bea", "Cy", "Di"))
        for width, height in ((768, 1024), (1024, 768)):
            resize(page, width, height)
            page.evaluate("window.scrollTo(0, 0)")
            assert_in_window(page, (".match-status", ".rt-board", ".rt-hand", SCORE))
        for width, height in ((1920, 1080), (2560, 1440)):
            resize(page, width, height)
            page.evaluate("window.scrollTo(0, 0)")
            board = page.locator(".rt-board").bounding_box()
            assert board is not None and board["width"] >= height - 15 * 16 - 1, (width, board)
            assert_in_window(page, (".match-status", ".rt-board", ".rt-hand", ".rt-hint", SCORE))
        resize(page, 320, 640)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        assert page.evaluate(WIDE_WORDS) == []
        # Each name whole on its card (the score beside it cut "あかり" to "あ…"): the score goes under it.
        cut = "() => [...document.querySelectorAll('.match-seat .who')].filter((e) => e.scrollWidth > e.clientWidth)"
        assert page.evaluate(f"{cut}.map((e) => e.textContent)") == []
    finally:
        context.close()
