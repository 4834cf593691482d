"""Reflection solo training in the browser: a seeded puzzle by URL, played by clicking, end to end.

The test computes the puzzle and its solution with the same Python engine on CPython, and checks
that the page, running that engine on Pyodide, shows the very same clues.
"""

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from gamenight.reflection import training
from gamenight.reflection.generate import make
from gamenight.reflection.puzzle import KIND_OF
from gamenight.reflection.solo import FIRST_TILE
from tests.e2e.conftest import NO_SERVICE_WORKER, open_app, resize

pytestmark = pytest.mark.e2e

SEED = 2024
LINK = f"#/reflection/solo?preset=easy&seed={SEED}"


def expected():
    settings = training.parse_settings({"preset": "easy", "seed": str(SEED)}, 0)  # an old link: version 1
    done = make(settings.order)
    return done.puzzle, done.layout


PUZZLE, SOLUTION = expected()


def cell(page: Page, r: int, c: int):
    return page.locator(f'.rf-cell[data-r="{r}"][data-c="{c}"]')


def open_puzzle(page: Page, site_url: str) -> Page:
    open_app(page, site_url, LINK)
    expect(page.locator(".rf-board")).to_be_visible(timeout=30_000)
    return page


def wrong_count(page: Page) -> int:
    return page.locator(".rf-edge.rf-wrong").count()


def test_a_seeded_puzzle_is_played_by_clicking_until_solved(app: Page, site_url: str):
    open_puzzle(app, site_url)
    shown = {e.get_attribute("data-edge"): e.get_attribute("aria-label") for e in app.locator(".rf-edge").all()}
    # A clue is named by its row or column, as the board says it ("The top clue in column 1: green 6, matched").
    sides = {"T": "top clue in column", "R": "right clue in row", "B": "bottom clue in column", "L": "left clue in row"}
    for name, label in shown.items():
        clue = PUZZLE.clue(name)
        assert label.startswith(f"The {sides[name[0]]} {name[1:]}: {clue.colour} {clue.number}, "), "another puzzle"
    frames = [wrong_count(app)]
    assert frames[0] > 0
    for (r, c), tile in sorted(SOLUTION.tiles().items()):
        app.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
        cell(app, r, c).click()
        if cell(app, r, c).get_attribute("data-tile") != tile:
            cell(app, r, c).click()  # turn it
        if app.locator("main[data-phase=playing]").count():
            expect(cell(app, r, c)).to_have_attribute("data-tile", tile)
            frames.append(wrong_count(app))
    expect(app.locator("main")).to_have_attribute("data-phase", "solved")
    expect(app.locator(".rf-message")).to_have_text(re.compile(r"Solved in \d+:\d\d!"))
    expect(app.locator(".rf-edge.rf-wrong")).to_have_count(0)
    assert len(set(frames)) > 2, "the unmatched frames should change as the tiles go in"
    expect(app.locator('[data-stat="solved"]')).to_have_text("Solved 1")


def test_turn_remove_laser_and_give_up(app: Page, site_url: str):
    open_puzzle(app, site_url)
    app.locator('.rf-tray-tile[data-kind="diagonal"]').click()
    cell(app, 2, 2).click()
    expect(cell(app, 2, 2)).to_have_attribute("data-tile", "/")
    cell(app, 2, 2).click()
    expect(cell(app, 2, 2)).to_have_attribute("data-tile", "\\")
    app.locator('.rf-tray-tile[data-kind="remove"]').click()
    cell(app, 2, 2).click()
    expect(cell(app, 2, 2)).not_to_have_attribute("data-tile", "\\")
    # The laser of an edge cell is drawn through the current layout with its running count.
    app.locator('.rf-edge[data-edge="L3"]').click()
    laser = app.locator('.rf-laser[data-edge="L3"]')
    expect(laser).to_be_visible()
    count = int(laser.get_attribute("data-number"))
    expect(laser.locator(".rf-count")).to_have_count(count)
    app.locator('[data-action="give-up"]').click()  # it asks first, with "Keep solving" focused
    expect(app.locator("#rf-keep-solving")).to_be_focused()
    expect(app.locator("main")).to_have_attribute("data-phase", "playing")
    app.locator('[data-action="give-up"]').click()  # "Yes, give up"
    expect(app.locator("main")).to_have_attribute("data-phase", "revealed")
    for (r, c), tile in SOLUTION.tiles().items():
        expect(cell(app, r, c)).to_have_attribute("data-tile", tile)
    # A player's pass: the revealed board's cells still lit up under the pointer and showed the hand, though a click
    # on one changes nothing. Only its clues (their lasers) look clickable.
    look = "(e) => [getComputedStyle(e).fill, getComputedStyle(e).cursor]"
    bg = cell(app, 0, 0).locator(".rf-bg")
    app.mouse.move(0, 0)
    resting = bg.evaluate(look)
    bg.hover()
    assert bg.evaluate(look) == [resting[0], "default"]
    assert app.locator('.rf-edge[data-edge="L3"]').evaluate("(e) => getComputedStyle(e).cursor") == "pointer"
    # A player's pass: reloaded, the page started the same puzzle afresh at 0:00, to be "solved" with the
    # solution just shown. It shows it given up, as it was.
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60_000)
    expect(app.locator("main")).to_have_attribute("data-phase", "revealed")
    expect(app.locator(".rf-message")).to_have_text("You gave up: here is a solution.")
    for (r, c), tile in SOLUTION.tiles().items():
        expect(cell(app, r, c)).to_have_attribute("data-tile", tile)
    # Focus stayed on the page's body: it is where the give-up put it, on "Next puzzle", and the result is said.
    expect(app.locator("#rf-next")).to_be_focused()
    expect(app.locator("#rf-news-0, #rf-news-1").filter(has_text="You gave up: here is a solution.")).to_have_count(1)
    # Over the solution shown, a clue's click and E still show a laser (they did nothing once the puzzle was
    # over), and Escape hides it.
    app.locator('.rf-edge[data-edge="L3"]').click()
    expect(app.locator('.rf-laser[data-edge="L3"]')).to_be_visible()
    app.locator('.rf-board [tabindex="0"]').focus()
    app.keyboard.press("Escape")
    expect(app.locator(".rf-laser")).to_have_count(0)
    app.keyboard.press("ArrowRight")  # from the clue onto the board's first cell of row 3
    app.keyboard.press("e")
    expect(app.locator('.rf-laser[data-edge="L3"]')).to_be_visible()
    app.keyboard.press("Escape")
    expect(app.locator(".rf-laser")).to_have_count(0)
    expect(app.locator("main")).to_have_attribute("data-phase", "revealed")


def test_keyboard_and_drag(app: Page, site_url: str):
    open_puzzle(app, site_url)
    app.locator('.rf-board [tabindex="0"]').focus()
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowDown")
    app.keyboard.press("/")
    expect(cell(app, 1, 1)).to_have_attribute("data-tile", "/")
    app.keyboard.press("t")
    expect(cell(app, 1, 1)).to_have_attribute("data-tile", "\\")
    app.keyboard.press("Delete")
    expect(cell(app, 1, 1)).not_to_have_attribute("data-tile", "\\")
    # E shows a laser through the cursor; Escape hides it, as on the race board (it stayed).
    app.keyboard.press("e")
    expect(app.locator('.rf-laser[data-edge="L2"]')).to_be_visible()
    app.keyboard.press("Escape")
    expect(app.locator(".rf-laser")).to_have_count(0)
    app.locator('.rf-tray-tile[data-kind="diagonal"]').drag_to(cell(app, 3, 4))
    expect(cell(app, 3, 4)).to_have_attribute("data-tile", "/")
    cell(app, 3, 4).drag_to(app.locator(".rf-help"))
    expect(cell(app, 3, 4)).not_to_have_attribute("data-tile", "/")


def test_reload_mid_puzzle_restores_the_layout(app: Page, site_url: str):
    open_puzzle(app, site_url)
    (r, c), tile = sorted(SOLUTION.tiles().items())[0]
    app.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
    cell(app, r, c).click()
    placed = FIRST_TILE[KIND_OF[tile]]
    expect(cell(app, r, c)).to_have_attribute("data-tile", placed)
    app.locator("#rf-tool-ring").click()  # the tool chosen last comes back chosen (it went back to the diagonal)
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60_000)
    expect(cell(app, r, c)).to_have_attribute("data-tile", placed)
    expect(app.locator("#rf-tool-ring")).to_have_attribute("aria-pressed", "true")
    expect(app.locator(".rf-message")).to_contain_text("as you left it")
    # QA14 #11: focus was left on the body and nothing was said. The board's Tab stop has focus (the
    # cursor's cell), and the live region says the welcome once the page is shown (the clock's first tick).
    expect(app.locator('.rf-play [role=grid] [tabindex="0"]')).to_be_focused()
    news = app.locator("#rf-news-0, #rf-news-1")
    expect(news.filter(has_text="Welcome back: your puzzle is as you left it.")).to_have_count(1)
    # A player's pass: a mouse player's reloaded board wore the keyboard's dashed cursor frame on row 1,
    # column 1. It is drawn once a key is used, as before the reload.
    expect(app.locator(".rf-cursor")).to_be_hidden()
    app.keyboard.press("ArrowRight")
    expect(app.locator(".rf-cursor")).to_be_visible()


def test_a_corrupted_stored_entry_does_not_break_the_page(app: Page, site_url: str):
    # Written before any script of the page runs, so the app starts on the bad entries.
    app.add_init_script(
        """localStorage.setItem('gnc:reflection.progress', '{"v": 1, "puzzle": 7');
        localStorage.setItem('gnc:reflection.stats', JSON.stringify({v: 1, solved: "many"}));"""
    )
    # The puzzle in progress it cannot read: the options, and a word about it, until a new puzzle is saved.
    open_app(app, site_url, "#/reflection/solo")
    expect(app.locator(".rf-unread").first).to_have_text(
        "Your puzzle in progress could not be read: start a new one, and it replaces the old one."
    )
    app.evaluate(f"location.hash = {LINK!r}")  # no reload: the init script does not write the entries again
    expect(app.locator(".rf-board")).to_be_visible(timeout=30_000)
    expect(app.locator(".rf-unread")).to_have_count(1)  # the puzzle was saved over the damaged one
    expect(app.locator('[data-stat="solved"]')).to_have_text("Solved 0")
    assert json.loads(app.evaluate("JSON.stringify(Object.keys(localStorage))"))  # still usable
    # The record it cannot read is said (it started again at zero in silence) and kept as it was
    # until the next result replaces it.
    stored = "localStorage.getItem('gnc:reflection.stats')"
    expect(app.locator(".rf-unread")).to_have_text(
        "Your solo training record could not be read: it starts again at zero, and your next result replaces it."
    )
    assert app.evaluate(stored) == '{"v":1,"solved":"many"}'
    app.locator('[data-action="give-up"]').click()
    app.locator('[data-action="give-up"]').click()  # "Yes, give up"
    expect(app.locator('[data-stat="given-up"]')).to_have_text("Given up 1")
    expect(app.locator(".rf-unread")).to_have_count(0)
    assert json.loads(app.evaluate(stored))["given_up"] == 1


def test_a_link_to_another_puzzle_asks_before_the_one_in_progress_is_lost(app: Page, site_url: str):
    """A friend's puzzle link opened (pasted into the address bar) while a puzzle is in progress: the
    page keeps the puzzle on the board and asks; "Keep this puzzle" keeps it, the link's answer opens
    the linked one."""
    open_puzzle(app, site_url)
    (r, c), tile = sorted(SOLUTION.tiles().items())[0]
    app.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
    cell(app, r, c).click()
    expect(cell(app, r, c)).to_have_attribute("data-tile", re.compile("."))
    placed = cell(app, r, c).get_attribute("data-tile")
    other = "#/reflection/solo?preset=easy&seed=77&v=2"
    app.evaluate(f"location.hash = '{other}'")
    question = app.locator("#rf-linked-question")
    expect(question).to_contain_text("Puzzle #77")
    expect(app.locator("#rf-keep-puzzle")).to_be_focused()
    expect(cell(app, r, c)).to_have_attribute("data-tile", placed)
    app.locator("#rf-keep-puzzle").click()
    expect(question).to_have_count(0)
    expect(cell(app, r, c)).to_have_attribute("data-tile", placed)
    app.evaluate(f"location.hash = '{other}'")
    app.locator("#rf-open-linked").click()
    expect(app.locator(".rf-name")).to_contain_text("#77", timeout=30_000)
    assert app.url.endswith(other)
    assert not app.locator('.rf-cell[data-tile]:not([data-tile=""])').count(), "a fresh board"


def tab_to(page: Page, target, key: str, most: int) -> list[str]:
    """Press ``key`` (Tab or Shift+Tab) until ``target`` has focus, at most ``most`` times: the controls
    focused on the way (their ``data-action`` or tag)."""
    passed = []
    for _ in range(most):
        page.keyboard.press(key)
        if target.evaluate("e => e === document.activeElement"):
            return passed
        passed.append(page.evaluate("(e => e.dataset.action || e.tagName)(document.activeElement)"))
    raise AssertionError(f"{key} never reached the board: {passed}")


def test_the_ready_puzzle_s_words_say_where_the_board_is_from_where_focus_is(app: Page, site_url: str):
    """ "New puzzle" pressed mid-puzzle (made ahead) announced "… is ready. Tab to the board", while focus
    stays on the button, after the board: Tab went on to Options. What each start says fits its focus: a
    link on a fresh page or opened on the page (focus on the heading) says Tab, and Tab reaches the board
    before any control beside it; "New puzzle" says Shift+Tab, and Shift+Tab from it reaches the board."""
    open_puzzle(app, site_url)
    news = app.locator("#rf-news-0, #rf-news-1")
    board = app.locator('.rf-play [role=grid] [tabindex="0"]')
    expect(news.filter(has_text="is ready. Tab to the board; arrow keys move")).to_have_count(1)
    assert "next" not in tab_to(app, board, "Tab", 12)  # from the page's top: the header, then the board
    # "New puzzle" by keyboard, once the next one is made: it stays, and focus with it.
    expect(app.locator('#rf-next[data-ready="true"]')).to_have_count(1, timeout=60_000)
    app.locator("#rf-next").focus()
    app.keyboard.press("Enter")
    expect(news.filter(has_text="is ready. Shift+Tab back to the board; arrow keys move")).to_have_count(1)
    expect(app.locator("#rf-next")).to_be_focused()
    tab_to(app, board, "Shift+Tab", 20)
    # A link opened on the page (no puzzle in progress: the options): focus on the heading, then Tab.
    app.locator("[data-action=options]").last.click()
    expect(app.locator("#rf-preset")).to_be_focused()
    app.evaluate("location.hash = '#/reflection/solo?preset=easy&seed=77&v=2'")
    expect(app.locator(".rf-name")).to_contain_text("#77", timeout=30_000)
    expect(news.filter(has_text="is ready. Tab to the board; arrow keys move")).to_have_count(1)
    expect(app.locator("main h1")).to_be_focused()
    assert tab_to(app, board, "Tab", 1) == []  # the board is the next Tab stop


# Each tray tile with a picture: how far (px) its picture's drawing is from the tile's inner left edge (the
# icon's box has room round the drawing), and its last shown word (a count "×4", "Dot") from the inner
# right edge.
TRAY_ROOM = """() => [...document.querySelectorAll('.rf-tray-tile')].filter((t) => t.querySelector('.rf-icon'))
    .map((t) => {
        const box = t.getBoundingClientRect(), edge = parseFloat(getComputedStyle(t).borderLeftWidth);
        const ink = [...t.querySelectorAll('.rf-icon *')].map((e) => e.getBoundingClientRect()).filter((r) => r.width);
        const words = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
        let last = null;
        while (words.nextNode()) {
            if (words.currentNode.textContent.trim() && !words.currentNode.parentElement.closest('.visually-hidden'))
                last = words.currentNode;
        }
        const range = document.createRange();
        range.selectNodeContents(last);
        return {kind: t.dataset.kind, left: Math.min(...ink.map((r) => r.left)) - box.left - edge,
                right: box.right - edge - range.getBoundingClientRect().right};
    })"""


def test_a_tray_tile_s_count_keeps_room_from_its_border(browser: Browser, site_url: str):
    """The count after a tile's picture ("×4") sat 9.6 px from the tile's right border, where the picture's
    drawing keeps 14 px or more from the left one (its icon's own room): it read as pushed against the
    border. The words after a picture keep at least the room of the closest-drawn picture. One page at 320,
    then at 1280 px wide (the layout is CSS alone), a failure naming the width."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 320, "height": 844})
    try:
        page = context.new_page()
        open_puzzle(page, site_url)
        for width in (320, 1280):
            resize(page, width, 844)
            tiles = page.evaluate(TRAY_ROOM)
            assert {t["kind"] for t in tiles} >= {"diagonal", "flat", "block", "dot", "ring"}, (width, tiles)
            least = min(t["left"] for t in tiles)
            assert [t for t in tiles if t["right"] < least] == [], (width, least, tiles)
    finally:
        context.close()


def test_the_saved_game_code_box_looks_like_the_other_fields(browser: Browser, site_url: str):
    """A player's pass: in the dark theme the "Code of a saved game" box had the browser's grey fill (no
    rule of the app's styled a text area), unlike the other fields of the solo options. One page in the
    light, then the dark scheme (``emulate_media``), a failure naming the scheme."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, color_scheme="light")
    open_app(page, site_url, "#/reflection/solo")
    look = "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.color, s.borderColor, s.borderRadius]; }"
    expect(page.locator("#rf-code-in")).to_be_visible()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.locator("#rf-code-in").evaluate(look) == page.locator("#rf-seed").evaluate(look), scheme
    page.close()
