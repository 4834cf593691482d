"""A phone held sideways (css/app.css, "A phone held sideways"): on a short, wide touch screen every board is
played without scrolling. The board, the status over the turn and what a turn needs (Raythread's hand, Light
Seeker's turn panel and its Confirm, Reflection's tray) stand in the window at once, and a move is played by
taps with the page never scrolled. A player's pass found each board 200 px or more down the page, its hand or
panel under it or beside it below the window's edge. One page per language walks the three games: in English a
move in each, in Japanese (opened by a link's ``?lang=ja``) the same screens, a finished match, the browser's
text at 200 % and axe's checks."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, expect

from gamenight.lightseeker import GAME as LS_GAME
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import open_app, resize, watched_page
from tests.e2e.test_accessibility import text_at, violations
from tests.e2e.test_reflection_solo_play import LINK, SOLUTION, cell

# Held sideways: the player's pass's phone, and the smaller and larger phones it is checked at too (667 × 375: a
# 4.7-inch phone's window, where Light Seeker's board was 155 px wide beside its panel).
SIDEWAYS = {"width": 844, "height": 390}
SMALL = {"width": 667, "height": 375}
OTHERS = ({"width": 740, "height": 360}, {"width": 915, "height": 412}, SMALL)

# The longest game-night name the host's form allows (40 characters), in each language: whole, it pushed the
# lobby's row of lines (its name, heading and role) onto two rows and the board's foot under the window's edge.
LONG_NIGHT = {
    "en": "Friday night games at Ann's, upstairs, 8",
    "ja": "金曜日の夜のボードゲーム大会：アンの家の二階の広い部屋に夜八時に集合してください",
}

OUTSIDE = """(selectors) => selectors.flatMap((sel) => {
  const found = document.querySelector(sel);
  if (!found) return [`${sel}: missing`];
  const r = found.getBoundingClientRect();
  const inside = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  const box = [r.left, r.top, r.width, r.height].map(Math.round);
  return inside ? [] : [`${sel}: ${box[0]},${box[1]} ${box[2]}x${box[3]}`];
})"""


# The seat cards' names cut short on screen (their box narrower than their words).
CUT_NAMES = """() => [...document.querySelectorAll('.match-seat .seat-name .who')]
    .filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)"""

# Each seat card's name and the first character of each of its lines on screen.
NAME_LINE_STARTS = """() => [...document.querySelectorAll('.match-seat .seat-name')].map((name) => {
  const starts = []; let top = null;
  const walk = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
  for (let node; (node = walk.nextNode());) {
    for (let i = 0; i < node.data.length; i++) {
      if (/\\s/.test(node.data[i])) continue;
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
      const r = range.getClientRects()[0];
      if (r && (top === null || r.top > top + 2)) { starts.push(node.data[i]); top = r.top; }
    }
  }
  return [name.textContent, starts.join("")];
})"""


def in_window(page: Page, *selectors: str) -> None:
    """The page is not scrolled, and each of ``selectors`` lies whole inside the window."""
    assert page.evaluate("[scrollX, scrollY]") == [0, 0], "the page was scrolled"
    assert page.evaluate(OUTSIDE, list(selectors)) == [], f"outside the {page.viewport_size} window"


def at_every_size(page: Page, *selectors: str, sizes: tuple[dict[str, int], ...] = (SIDEWAYS, *OTHERS)) -> None:
    """``in_window`` at each phone held sideways (or each of ``sizes``), back to the first one after."""
    for size in sizes:
        resize(page, size["width"], size["height"])
        page.evaluate("window.scrollTo(0, 0)")
        in_window(page, *selectors)
    resize(page, SIDEWAYS["width"], SIDEWAYS["height"])


# The smallest windows a phone held sideways may have: a page never scrolls sideways there, though a turn's parts
# need not all fit (at 320 × 200 the board and the status do). At 320 × 200 a table's title ("Raythread Rally",
# one word to a player) ran past its column beside the board and drew the page 336–347 px wide.
TINY = ({"width": 320, "height": 200}, {"width": 568, "height": 320}, {"width": 640, "height": 360})


# Whether the header's boxes (the site's name, the languages, help, Settings) stand in one row: each starts
# above the bottom of every other.
HEADER_ONE_ROW = """() => {
    const boxes = [...document.querySelectorAll('.app-header > *')].map((e) => e.getBoundingClientRect());
    return Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom)); }"""


TITLE_AND_BOARD = """() => [document.querySelector('main h1'),
    document.querySelector('.rt-board-wrap, .ls-board-wrap, .rf-board-wrap'),
].map((e) => e.getBoundingClientRect().toJSON())"""


def no_sideways_scroll(page: Page) -> None:
    """At each of the ``TINY`` windows the page is drawn as wide as the window (``resize`` fails by name where it
    is drawn wider), back to the first sideways phone after. The header is one row there: at 320 × 200 the site's
    name took a row of its own over the controls (a 94 px header in a 200 px window)."""
    for size in TINY:
        resize(page, size["width"], size["height"])
        assert page.evaluate(WIDER, size["width"]) <= 0, f"at {size}: the page scrolls sideways"
        assert page.evaluate(HEADER_ONE_ROW), f"at {size}: the header takes more than one row"
        # The page's title beside the board, in the column of the status: Reflection's solo title spanned both
        # columns at 320 × 200, over the board.
        title, board = page.evaluate(TITLE_AND_BOARD)
        assert title["left"] >= board["right"], f"at {size}: the title is not beside the board: {title} {board}"
    resize(page, SIDEWAYS["width"], SIDEWAYS["height"])


def go(page: Page, route: str) -> None:
    page.evaluate("(route) => { location.hash = route; }", route)
    page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)


def test_each_board_is_played_by_taps_with_all_a_turn_needs_in_the_window_of_a_phone_held_sideways(
    browser: Browser, site_url: str
):
    with watched_page(browser, site_url, viewport=SIDEWAYS, has_touch=True, is_mobile=True) as page:
        # Raythread: the status, the board and the hand; a tile placed by taps (its cell twice).
        rt.start(page, site_url, ("", ""))  # the default names, "Player 1 (A)"
        turn = (".match-status", ".rt-board", ".rt-hand")
        at_every_size(page, *turn)
        no_sideways_scroll(page)
        # At 568 × 320 the default name was cut on its seat card, "Playe… (A)": the room kept for the tag was
        # wider than the tag, and the name's box 1 px narrower than the name.
        resize(page, 568, 320)
        assert page.evaluate(CUT_NAMES) == [], "a seat card's name is cut short"
        resize(page, SIDEWAYS["width"], SIDEWAYS["height"])
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
        no_sideways_scroll(page)
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
        no_sideways_scroll(page)
        (r, c), tile = sorted(SOLUTION.tiles().items())[0]
        kind = "diagonal" if tile in "/\\" else "flat" if tile in "|-" else "block"
        page.tap(f".rf-tray-tile[data-kind={kind}]")
        page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')
        expect(cell(page, r, c)).to_have_attribute("data-tile", re.compile("."))
        in_window(page, *turn)

        # A lobby's running match (the host beside a computer player): the board, the status and the hand in the
        # window, and the page's order the order drawn, so Tab from the title meets the board before the host's
        # "Invite a player", drawn under it (a CSS ``order`` drew the board first over a page that put the
        # invitations before it). Upright (390 × 844) the board is whole in the first screen: under the lobby's
        # lines it began 460–600 px down.
        lobby_match(page, LONG_NIGHT["en"])
        at_every_size(page, ".match-status", ".rt-board", ".rt-hand")
        # Cut with an ellipsis on screen, the name is whole in the page (what a screen reader reads).
        expect(page.locator("main h1")).to_have_text(LONG_NIGHT["en"])
        assert tabbed_to(page, "#rt-board", "button[data-action=invite]") == "#rt-board"
        resize(page, 390, 844)
        page.evaluate("window.scrollTo(0, 0)")
        in_window(page, ".match-status", ".rt-board")
        # A tablet held upright (820 × 1180): the board, the hand and the seat cards with the scores in the window, as
        # on a table on one device's page; the lobby's lines over the board pushed the cards under the window's edge.
        resize(page, 820, 1180)
        page.evaluate("window.scrollTo(0, 0)")
        in_window(page, ".match-status", ".rt-board", ".rt-hand", ".match-seat:last-child .score")

        # A Reflection night hosted alone, started from the button down the page: the page scrolls the board whole
        # into the window and no further, keeping the lobby's row over it (the board's own focus put the match's
        # status at the window's top, and the lobby's heading went over the top edge).
        resize(page, SIDEWAYS["width"], SIDEWAYS["height"])
        page.evaluate("localStorage.removeItem('gnc:peer.host')")  # the Raythread night is over
        go(page, "#/host?game=reflection")
        page.fill("input[name=lobby]", "Friday")
        page.fill("input[name=name]", "Ann")
        page.tap("form[data-action=host-setup] button[type=submit]")
        page.tap("button[data-action=start]")
        expect(page.locator(".rf-board")).to_be_visible(timeout=60_000)
        assert page.evaluate(OUTSIDE, [".lobby-heading", ".match-status", ".rf-board"]) == []


def lobby_match(page: Page, night: str) -> None:
    """The host's lobby ``night`` with a computer player (no invitation made: nothing leaves the page), its match
    started."""
    go(page, "#/host?game=raythread")
    page.fill("input[name=lobby]", night)
    page.fill("input[name=name]", "Ann")
    page.tap("form[data-action=host-setup] button[type=submit]")
    page.select_option(".seat[data-seat='C'] select[name=level]", "easy")
    page.tap(".seat[data-seat='C'] form[data-action=add-bot] button[type=submit]")
    page.tap("button[data-action=start]")
    expect(page.locator(".rt-board")).to_be_visible()


def tabbed_to(page: Page, *selectors: str) -> str:
    """Which of ``selectors`` Tab meets first from the page's title."""
    page.locator("main h1").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        found = page.evaluate("(sels) => sels.find((s) => document.activeElement.matches(s)) || ''", list(selectors))
        if found:
            return found
    raise AssertionError(f"Tab met none of {selectors}")


# The page's width past the window's (a phone shows a wider page zoomed out: its window grows past the screen).
WIDER = "(width) => Math.max(document.documentElement.scrollWidth, innerWidth) - width"


def test_a_japanese_page_a_finished_match_and_large_text_keep_to_the_window_of_a_phone_held_sideways(
    browser: Browser, site_url: str
):
    """A Japanese friend opens a shared link with ``?lang=ja``: the page is in Japanese at once, keeps it as her
    choice, and the address no longer carries it. Sideways, at 844 × 390 and 667 × 375, each board and what its
    turn needs are in the window in Japanese (its words are wider: the hand wrapped), and so are a finished
    match's result (the status), its board and Rematch (first in the side column, before the standings: under
    them, at 320 × 640 the focused Rematch stood below the window). With the browser's text at 200 % the page may scroll
    down to the words, but never sideways, and each board stays whole in the window: Light Seeker's board was
    0 px wide (its width was the window's less 32rem), and Reflection's cut at the window's edge under a header
    of two rows. axe finds no serious violation on any of these screens."""
    sizes = (SIDEWAYS, SMALL)
    with watched_page(browser, site_url, viewport=SIDEWAYS, has_touch=True, is_mobile=True) as page:
        open_app(page, site_url, "?lang=ja#/raythread/table")
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        assert page.evaluate("localStorage.getItem('gnc:lang')") == "ja"
        assert page.evaluate("location.search + location.hash") == "#/raythread/table"
        found: dict[str, list[str]] = {}

        rt.seat_players(page)
        page.tap(".rt-hand-tile:not([disabled])")
        at_every_size(page, ".match-status", ".rt-board", ".rt-hand", ".rt-orient", sizes=sizes)
        found["raythread"] = violations(page)

        go(page, "#/lightseeker/table")
        ls.start_table(page)
        state = ls.engine(page)
        action = next(m for m in LS_GAME.legal(state, "1") if m["actions"])["actions"][0]
        page.tap(ls.cell(state.board, action["cube"]))
        button = f".ls-move[data-cube='{action['cube']}'][data-kind={action['kind']}][data-dir={action['dir']}]"
        at_every_size(page, ".match-status", ".ls-board", ".ls-turn", button, sizes=sizes)
        found["lightseeker"] = violations(page)

        go(page, LINK)
        expect(page.locator('main[data-phase="playing"] .rf-board')).to_be_visible(timeout=60_000)
        at_every_size(page, ".rf-status", ".rf-board", ".rf-tray", sizes=sizes)
        found["reflection"] = violations(page)

        saved, _state = rt.finished_table(rt.seated("Ann", "Bea"), 1)
        page.evaluate(f"localStorage.setItem('{rt.STORE}', {json.dumps(saved)})")
        go(page, "#/")
        go(page, "#/raythread/table")
        expect(page.locator(".match-result")).to_be_visible()
        # Who came second, with how many points, in the window too, under the focused Rematch: the standings began
        # 452 px down a 375 px window (667 × 375), and 310 px down at 844 × 390, their rows under its edge.
        rematch = "button[data-action=table-new]"
        page.focus(rematch)
        standings = (".match-result h2", ".match-result .ranking li:nth-child(2) .points")
        at_every_size(page, ".match-status", ".rt-board", rematch, *standings, sizes=sizes)
        expect(page.locator(rematch)).to_be_focused()
        found["finished"] = violations(page)
        assert not any(found.values()), found

        # A lobby's running match under the longest name in Japanese (wider than the English one): the board whole.
        lobby_match(page, LONG_NIGHT["ja"])
        at_every_size(page, ".match-status", ".rt-board", ".rt-hand", sizes=(SIDEWAYS, OTHERS[0]))

        text_at(page, 200)
        boards = {"#/raythread/table": ".rt-board", "#/lightseeker/table": ".ls-board", LINK: ".rf-board"}
        for route, board in boards.items():
            go(page, route)
            expect(page.locator(board)).to_be_visible(timeout=60_000)
            for size in sizes:
                resize(page, size["width"], size["height"])
                page.evaluate("window.scrollTo(0, 0)")
                assert page.evaluate(WIDER, size["width"]) <= 0, f"{route} at {size}: the page scrolls sideways"
                in_window(page, board)

        # Four seats, three of them computers, on a 320 px phone at 200 %: "ボットC（むずかしい" / "）" left a bracket
        # alone on a line of the seat card (no line of a name starts with a closing bracket).
        page.evaluate(f"localStorage.removeItem('{rt.STORE}')")
        go(page, "#/")
        go(page, "#/raythread/table")
        page.select_option("select[name=players]", "4")
        for i, level in ((1, "easy"), (2, "hard"), (3, "normal")):
            page.select_option(f"select[name=kind{i}]", level)
        page.click("form[data-action=table-setup] button[type=submit]")
        expect(page.locator(".match-seat")).to_have_count(4)
        resize(page, 320, 640)
        starts = page.evaluate(NAME_LINE_STARTS)
        assert not [name for name, first in starts if any(c in ")）" for c in first)], starts
