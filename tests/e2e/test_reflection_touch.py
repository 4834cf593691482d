"""Reflection as people play it on a phone (390×844, touch, dark) and by keyboard alone: a solo puzzle
solved by taps, tiles dragged by a finger, and a built race over peer links where one player builds and
solves by keyboard alone and the other by touch on a phone, to the reveal and the match's end.

The solo puzzle is computed with the same engine on CPython, so the test knows its solution; the race's
puzzles are the players' own layouts (tests/e2e/test_reflection_match.py).
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from gamenight.reflection.laser import Layout
from gamenight.reflection.solve import solve
from tests.e2e.conftest import (
    PHONE,
    People,
    assert_in_window,
    count_pointer_events,
    open_app,
    pointer_events,
    resize,
    watched_page,
)
from tests.e2e.test_keyboard_and_touch import tab_to
from tests.e2e.test_peer_links import CONNECT_MS, join, member, seat
from tests.e2e.test_reflection_match import (
    EASY,
    GRID_CURSOR,
    KINDS,
    LAYOUTS,
    choose,
    give_up,
    open_host,
    page_scores,
    read_puzzle,
    sit,
    solved_by,
)
from tests.e2e.test_reflection_solo_play import LINK, SOLUTION, cell, open_puzzle, solo_link, walk

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the keyboard race's screenshots go there

TILES = """[...document.querySelectorAll('.rf-cell[data-tile]')]
    .map(e => [Number(e.dataset.r), Number(e.dataset.c), e.dataset.tile])"""


def tiles(page: Page) -> set[tuple[int, int, str]]:
    """The tiles on the page's board, as (row, column, tile)."""
    return {tuple(t) for t in page.evaluate(TILES)}


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def centre(page: Page, selector: str) -> tuple[float, float]:
    """Where a finger touches ``selector``: its centre, which must be on the screen."""
    box, screen = page.locator(selector).bounding_box(), page.viewport_size
    assert box and screen, f"{selector} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert 0 <= x < screen["width"] and 0 <= y < screen["height"], f"{selector} is off the screen"
    return x, y


def finger(page: Page, cdp: CDPSession, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger put down at ``start``, moved to ``end`` in a fifth of a second, held still and lifted:
    real touch events, so the browser decides as on a phone whether it is a drag or a pan (Playwright's
    ``tap`` cannot move). Lifted at speed, it would be a fling, and the browser would swallow the next
    tap, as a tap that stops a fling."""

    def touch(kind: str, at: tuple[float, float] | None) -> None:
        points = [{"x": at[0], "y": at[1]}] if at else []
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    for i in range(1, 11):
        touch("touchMove", (start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10))
        page.wait_for_timeout(20)
    page.wait_for_timeout(200)
    touch("touchMove", end)
    touch("touchEnd", None)


def tap_tile(page: Page, r: int, c: int, tile: str) -> None:
    """``tile`` on an empty cell by taps: its kind in the tray, then the cell (again to turn a mirror)."""
    page.tap(f"#rf-tool-{KINDS[tile]}")
    page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')
    if tile in ("\\", "-"):  # a mirror goes in as / or ‖: a tap turns it
        page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')


EXPERT = "preset=expert&seed=11&v=2"


def test_taps_and_drags_on_a_phone_s_solo_boards(phone: Page, site_url: str):
    """On one phone page, each board opened in turn by its link (a failure names its case):
    ``a_puzzle_is_solved_by_taps_alone_on_a_phone`` and ``tiles_are_dragged_by_a_finger`` (``LINK``'s Easy
    board), ``with_bigger_cells_a_finger_drags_a_tile_and_pans_the_board_from_an_empty_cell`` (a Hard one)."""
    open_app(phone, site_url, "#/reflection/solo")
    easy = LINK.split("?", 1)[1]
    walk(
        [
            (
                "solved by taps",
                lambda: (solo_link(phone, easy, 390), a_puzzle_is_solved_by_taps_alone_on_a_phone(phone)),
            ),
            ("dragged by a finger", lambda: (solo_link(phone, easy, 390), tiles_are_dragged_by_a_finger(phone))),
            (
                "Bigger cells: a drag and a pan",
                lambda: (
                    solo_link(phone, "preset=hard&seed=5", 390),
                    with_bigger_cells_a_finger_drags_a_tile_and_pans_the_board_from_an_empty_cell(phone),
                ),
            ),
        ]
    )


def a_puzzle_is_solved_by_taps_alone_on_a_phone(phone: Page) -> None:
    """``LINK``'s puzzle solved by taps alone, after a place, a turn, a removal, undo and redo, notes and a
    clue's laser."""
    # The board fills the width and no more; its cells are big enough for a finger.
    assert sideways(phone) <= 0, "the page scrolls sideways"
    board = phone.locator(".rf-board").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert cell(phone, 0, 0).locator(".rf-bg").bounding_box()["width"] >= 44
    empty, other = (1, 0), (2, 3)  # empty in the solution
    assert SOLUTION.at(empty) == "." and SOLUTION.at(other) == "."

    # Place, turn, remove; undo and redo.
    phone.tap("#rf-tool-diagonal")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "/")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "\\")
    phone.tap("#rf-tool-remove")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).not_to_have_attribute("data-tile", "\\")
    # No hover tint stays on the cell a finger last tapped (a finger has no hover).
    fill = "(e) => getComputedStyle(e.querySelector('.rf-bg')).fill"
    assert cell(phone, *empty).evaluate(fill) == cell(phone, *other).evaluate(fill)
    phone.tap("#rf-undo")
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "\\")
    phone.tap("#rf-redo")
    expect(phone.locator(".rf-cell[data-tile]")).to_have_count(0)

    # Notes: a dot on a cell the solution leaves empty, a ring where a tile belongs.
    phone.tap("#rf-tool-dot")
    phone.tap('.rf-cell[data-r="2"][data-c="3"]')
    expect(cell(phone, *other)).to_have_attribute("data-note", "d")
    phone.tap("#rf-tool-ring")
    phone.tap('.rf-cell[data-r="0"][data-c="1"]')
    expect(cell(phone, 0, 1)).to_have_attribute("data-note", "r")

    # A clue's laser, shown and hidden by tapping the clue.
    phone.tap('.rf-edge[data-edge="T2"]')
    expect(phone.locator('.rf-laser[data-edge="T2"]')).to_have_count(1)
    phone.tap('.rf-edge[data-edge="T2"]')
    expect(phone.locator(".rf-laser")).to_have_count(0)

    # The solution, tile by tile: a tile on the ringed cell wipes the ring.
    placed = sorted(SOLUTION.tiles().items())
    for i, ((r, c), tile) in enumerate(placed):
        tap_tile(phone, r, c, tile)
        if i < len(placed) - 1:
            expect(cell(phone, r, c)).to_have_attribute("data-tile", tile)
    expect(phone.locator("main")).to_have_attribute("data-phase", "solved")
    expect(phone.locator(".rf-message")).to_contain_text("Solved in")
    assert tiles(phone) == {(r, c, t) for (r, c), t in placed}
    expect(cell(phone, 0, 1)).not_to_have_attribute("data-note", "r")
    expect(phone.locator("#rf-next")).to_be_visible()
    assert sideways(phone) <= 0


def tiles_are_dragged_by_a_finger(phone: Page) -> None:
    """On ``LINK``'s board: a tile dragged from the tray onto a cell, from that cell to another, and off the board."""
    cdp = phone.context.new_cdp_session(phone)
    # From the tray onto a cell, from that cell to another, and off the board back to the tray.
    finger(phone, cdp, centre(phone, "#rf-tool-diagonal"), centre(phone, '.rf-cell[data-r="1"][data-c="1"]'))
    expect(cell(phone, 1, 1)).to_have_attribute("data-tile", "/")
    finger(
        phone, cdp, centre(phone, '.rf-cell[data-r="1"][data-c="1"]'), centre(phone, '.rf-cell[data-r="3"][data-c="2"]')
    )
    expect(cell(phone, 3, 2)).to_have_attribute("data-tile", "/")
    assert tiles(phone) == {(3, 2, "/")}
    finger(phone, cdp, centre(phone, '.rf-cell[data-r="3"][data-c="2"]'), centre(phone, ".rf-name"))
    expect(phone.locator(".rf-cell[data-tile]")).to_have_count(0)
    assert sideways(phone) <= 0


def with_bigger_cells_a_finger_drags_a_tile_and_pans_the_board_from_an_empty_cell(phone: Page) -> None:
    """With Bigger cells on a Hard board (12 units of 46 px, wider than the phone) a finger that goes down
    on a tile drags it as on the fitted board, and the board does not pan under it; one that goes down
    on an empty cell pans the board and moves no tile, and the next tap places a tile where it lands.
    (A tile's drag was a pan: the tile stayed and the board moved.) A Hard board at 390 px has them by
    default (its fitted numbers would be under 12 px). On ``preset=hard&seed=5``."""
    cdp = phone.context.new_cdp_session(phone)
    frame = phone.locator(".rf-board-wrap.rf-zoom-auto")
    expect(frame).to_have_count(1)
    assert frame.evaluate("e => e.scrollWidth > e.clientWidth"), "the zoomed board fits: nothing to pan"
    phone.tap('.rf-cell[data-r="1"][data-c="1"]')  # the tray's first tool, a diagonal mirror
    expect(cell(phone, 1, 1)).to_have_attribute("data-tile", "/")
    finger(
        phone, cdp, centre(phone, '.rf-cell[data-r="1"][data-c="1"]'), centre(phone, '.rf-cell[data-r="3"][data-c="3"]')
    )
    expect(cell(phone, 3, 3)).to_have_attribute("data-tile", "/")
    assert tiles(phone) == {(3, 3, "/")}
    assert frame.evaluate("e => [e.scrollLeft, e.scrollTop]") == [0, 0], "the board panned under the tile"
    start = centre(phone, '.rf-cell[data-r="2"][data-c="2"]')  # empty: the board pans
    finger(phone, cdp, start, (start[0] - 120, start[1] - 120))
    assert frame.evaluate("e => e.scrollLeft > 0"), "the board did not pan"  # sideways: it is as tall as its frame
    assert tiles(phone) == {(3, 3, "/")}
    phone.tap('.rf-cell[data-r="2"][data-c="4"]')
    expect(cell(phone, 2, 4)).to_have_attribute("data-tile", "/")
    assert tiles(phone) == {(3, 3, "/"), (2, 4, "/")}
    assert sideways(phone) <= 0
    # Given up, the solution is shown whole: it stayed zoomed and panned where the last taps were, part of
    # it off screen (a player's pass). The board fits the window's width; "Bigger cells" says it is off.
    phone.locator("#rf-give-up").scroll_into_view_if_needed()
    phone.tap("#rf-give-up")
    phone.tap("#rf-give-up")
    expect(phone.locator(".reflection-solo")).to_have_attribute("data-phase", "revealed")
    expect(phone.locator(".rf-board-wrap")).to_have_class("rf-board-wrap")
    board = phone.locator(".rf-play .rf-board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= 390, board
    expect(phone.locator("#rf-zoom")).to_have_attribute("aria-pressed", "false")
    expect(phone.locator("#rf-zoom")).to_be_visible()


SIZES = """() => { const svg = document.querySelector('.rf-work .rf-board');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return {cell: document.querySelector('.rf-work .rf-cell .rf-bg').getBoundingClientRect().width,
            number: parseFloat(getComputedStyle(document.querySelector('.rf-work .rf-number')).fontSize) * scale}; }"""


def test_a_hard_match_on_a_phone_has_bigger_cells_to_tap_and_read(phone: Page, site_url: str):
    """A Hard board fitted to a phone has 35 px cells and 11.5-14.5 px numbers (28 and 11 px when this test
    was written): Bigger cells, as on the solo board, makes them 46 px and the numbers readable
    (docs/accessibility.md), the page never scrolling sideways. It is on by default there (pressed), and
    pressed it shows the whole board. A one-player round made by the app, hosted on the phone itself."""
    open_app(phone, site_url, "?stun=none#/host?game=reflection")
    phone.tap("input[name=name]")
    phone.keyboard.type("Ann")
    phone.tap("form[data-action=host-setup] button[type=submit]")
    form = phone.locator("form[data-action=choose]")
    form.locator("details.table-options summary").tap()
    form.locator("select[name=preset]").select_option("hard")  # the phone's own picker
    form.locator("button[type=submit]").tap()
    phone.tap("button[data-action=start]")
    expect(phone.locator(".rf-phase")).to_have_text("Round 1 of 1", timeout=120_000)
    assert phone.locator(".rf-work .rf-board").get_attribute("data-size") == "10"
    expect(phone.locator("#rf-board.rf-zoom-auto")).to_have_count(1)
    expect(phone.locator("#rf-zoom-auto")).to_have_attribute("aria-pressed", "true")
    zoomed = phone.evaluate(SIZES)
    assert zoomed["cell"] >= 44, f"cells of {zoomed['cell']:.1f} px"
    assert zoomed["number"] >= 14, f"clue numbers of {zoomed['number']:.1f} px"
    assert sideways(phone) <= 0, "the page scrolls sideways"
    phone.tap(".rf-work .rf-cell[data-r='4'][data-c='4']")
    expect(phone.locator(".rf-work .rf-cell[data-r='4'][data-c='4']")).to_have_attribute("data-tile", "/")
    # As on the solo board, a finger that goes down on the tile drags it; the board does not pan.
    phone.locator("#rf-board").scroll_into_view_if_needed()
    cdp = phone.context.new_cdp_session(phone)
    start, end = (centre(phone, f".rf-work .rf-cell[data-r='{n}'][data-c='{n}']") for n in (4, 5))
    finger(phone, cdp, start, end)
    expect(phone.locator(".rf-work .rf-cell[data-r='5'][data-c='5']")).to_have_attribute("data-tile", "/")
    expect(phone.locator(".rf-work .rf-cell[data-tile]")).to_have_count(1)
    phone.tap("#rf-zoom-auto")
    expect(phone.locator("#rf-board.rf-zoom, #rf-board.rf-zoom-auto")).to_have_count(0)
    expect(phone.locator("#rf-zoom")).to_be_focused()  # the button left, pressed no more


# Every cell and clue a finger taps, as drawn: its box on the screen, and whether the board stays on it.
TARGETS = """() => {
    const board = document.querySelector('.rf-work .rf-board') || document.querySelector('.rf-board');
    const boxes = [...board.querySelectorAll('.rf-cell .rf-bg')].map((e) => e.getBoundingClientRect());
    const frame = board.getBoundingClientRect();
    return {smallest: Math.min(...boxes.map((b) => Math.min(b.width, b.height))), count: boxes.length,
            left: frame.left, right: frame.right, screen: window.innerWidth}; }"""


def fits_fingers(page: Page, case: str) -> None:
    """The board's cells are at least 44 px (DESIGN.md) and the whole board is on the screen (``case`` names
    the page and the size in a failure)."""
    found = page.evaluate(TARGETS)
    assert found["count"] == 36, (case, found)
    assert found["smallest"] >= 44, f"{case}: cells of {found['smallest']:.2f} px on a {found['screen']} px screen"
    assert found["left"] >= 0 and found["right"] <= found["screen"], f"{case}: the board is off the screen: {found}"
    assert sideways(page) <= 0, f"{case}: the page scrolls sideways"


# The text blocks (selectors) of a page, each with the gap to the nearer side of the screen: a match's
# (``MATCH_TEXT``) and solo training's (``SOLO_TEXT``).
TEXT_GAPS = """(selectors) => Object.fromEntries(
    selectors.map((s) => [s, document.querySelector(s)]).filter(([, e]) => e).map(([s, e]) => {
        const box = e.getBoundingClientRect();
        return [s, Math.round(Math.min(box.left, window.innerWidth - box.right))]; }))"""


MATCH_TEXT = [".match-status", ".rf-phase", ".rf-status", ".rf-tray", ".rf-actions", ".rf-race", ".match-seats"]
SOLO_TEXT = [".reflection-solo h1", ".rf-name", ".rf-status", ".rf-tray", ".rf-side .actions", ".rf-help"]


FINGER_SIZES = ((390, 844), (360, 844), (320, 568))


def test_an_easy_board_s_cells_are_finger_sized_on_a_phone(browser: Browser, site_url: str):
    """An Easy board (6 × 6 cells and its clues) fitted to a phone 390, 360 or 320 px wide, with no
    Bigger cells: in a match hosted on the phone (its page had 24 px margins, and the cells were
    42.75 px at 390) and in solo training (43 px at 360; 40 px at 320 while the clue ring was a whole
    cell deep). The board alone reaches across the match page's margins: its text keeps the page's
    24 px (it stood 8 px from the screen's edge). One phone takes each of ``FINGER_SIZES`` in turn on the solo
    page, then on the match's page (the layout is CSS alone); a failure names the page and the size."""
    with watched_page(browser, site_url, **PHONE) as page:
        open_puzzle(page, site_url)
        for width, height in FINGER_SIZES:
            resize(page, width, height)
            fits_fingers(page, f"solo at {width} × {height}")
            # Solo training's text keeps the 24 px the home page and a match's page keep (it stood 8 px from the
            # screen's edge); its board alone reaches across them, its cells as they were.
            gaps = page.evaluate(TEXT_GAPS, SOLO_TEXT)
            assert len(gaps) == 6 and all(gap >= 24 for gap in gaps.values()), (f"solo at {width} × {height}", gaps)
        resize(page, PHONE["viewport"]["width"], PHONE["viewport"]["height"])
        open_app(page, site_url, "?stun=none#/host?game=reflection")
        page.tap("input[name=name]")
        page.keyboard.type("Ann")
        page.tap("form[data-action=host-setup] button[type=submit]")
        page.tap("button[data-action=start]")  # one player, Easy random puzzles: the lobby's defaults
        expect(page.locator(".rf-phase")).to_have_text("Round 1 of 1", timeout=120_000)
        assert page.locator(".rf-work .rf-board").get_attribute("data-size") == "6"
        for width, height in FINGER_SIZES:
            resize(page, width, height)
            fits_fingers(page, f"match at {width} × {height}")
            gaps = page.evaluate(TEXT_GAPS, MATCH_TEXT)
            assert len(gaps) == 7 and all(gap >= 24 for gap in gaps.values()), (f"match at {width} × {height}", gaps)


# --- a race over peer links: Ann by keyboard alone at her desk, Bea by touch on her phone -------------


def board_focused(page: Page) -> tuple[int, int]:
    """The board cell with keyboard focus (the test fails if focus is elsewhere)."""
    expect(page.locator(GRID_CURSOR)).to_be_focused()
    at = page.locator(GRID_CURSOR)
    return int(at.get_attribute("data-r")), int(at.get_attribute("data-c"))


def keys_place(page: Page, layout: Layout) -> None:
    """``layout``'s tiles typed on the focused board: the arrows to each cell, then the tile's key."""
    tiles = sorted(layout.tiles().items())
    for i, ((r, c), tile) in enumerate(tiles):
        at = board_focused(page)
        for _ in range(abs(r - at[0])):
            page.keyboard.press("ArrowDown" if r > at[0] else "ArrowUp")
        for _ in range(abs(c - at[1])):
            page.keyboard.press("ArrowRight" if c > at[1] else "ArrowLeft")
        assert board_focused(page) == (r, c)
        page.keyboard.type(tile)
        if i < len(tiles) - 1:  # the last tile may finish the puzzle, and the round's end replaces the board
            expect(page.locator(f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']")).to_have_attribute("data-tile", tile)


def taps_place(page: Page, layout: Layout) -> None:
    """``layout``'s tiles put on the board by taps: the kind in the tray, then the cell (again to turn)."""
    tiles = sorted(layout.tiles().items())
    for i, ((r, c), tile) in enumerate(tiles):
        at = f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']"
        if page.locator(at).get_attribute("data-tile") == tile:
            continue
        page.tap(f".rf-work .rf-tray-tile[data-kind={KINDS[tile]}]")
        page.tap(at)
        if tile in ("\\", "-"):
            page.tap(at)
        if i < len(tiles) - 1:
            expect(page.locator(at)).to_have_attribute("data-tile", tile)


def press(page: Page, selector: str) -> None:
    """Tab to ``selector`` and press Enter."""
    tab_to(page, selector)
    page.keyboard.press("Enter")


def host_by_keyboard(people: People) -> Page:
    """Ann opens the host page and sets up the lobby with the keyboard alone."""
    ann = people.open(people.person(), f"{people.site_url}/?stun=none#/host?game=reflection")
    count_pointer_events(ann)
    tab_to(ann, "input[name=lobby]")
    ann.keyboard.press("Control+a")
    ann.keyboard.type("Friday night")
    ann.keyboard.press("Tab")
    ann.keyboard.type("Ann")
    assert ann.locator("form[data-action=host-setup] select[name=game]").input_value() == "reflection"
    ann.keyboard.press("Enter")
    expect(ann.locator("main.host[data-stage=lobby] h1")).to_have_text("Friday night")
    return ann


def join_by_touch(people: People, ann: Page) -> Page:
    """Ann invites (the link goes to Bea as a message would); Bea opens it on her phone, types her name,
    taps Join and sends back her reply, which Ann pastes and sends with the keyboard."""
    press(ann, "button[data-action=invite]:not([data-member])")
    card = ann.locator(".invite").first
    expect(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    link = card.locator(".invite-link").input_value()
    bea = people.open(people.person(**PHONE), link)
    expect(bea.locator("main.join h1")).to_have_text("Friday night")
    bea.tap("input[name=name]")
    bea.keyboard.type("Bea")
    bea.tap("form[data-action=join] button[type=submit]")
    expect(bea.locator(".reply-code")).to_be_visible(timeout=CONNECT_MS)
    reply = bea.locator(".reply-code").input_value()
    tab_to(ann, "form[data-action=reply] input[name=reply]")
    ann.keyboard.insert_text(reply)  # pasted
    ann.keyboard.press("Enter")
    expect(member(bea, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    return bea


@pytest.mark.webrtc
@pytest.mark.timeout(600)
def test_a_built_race_by_keyboard_alone_against_touch_on_a_phone(people: People):
    ann = host_by_keyboard(people)
    bea = join_by_touch(people, ann)
    # Ann chooses a built match for two (Easy) in the lobby's form: a select takes the key typed.
    tab_to(ann, "form[data-action=choose] select[name=players]")
    ann.keyboard.press("2")
    press(ann, "form[data-action=choose] details.table-options summary")
    tab_to(ann, "form[data-action=choose] select[name=mode]")
    ann.keyboard.press("b")
    assert ann.locator("form[data-action=choose] select[name=mode]").input_value() == "built"
    assert ann.locator("form[data-action=choose] select[name=preset]").input_value() == "easy"
    press(ann, "form[data-action=choose] button[type=submit]")
    bea.tap(".seat[data-seat='2'] button[data-action=sit]")
    expect(seat(ann, "2")).to_have_text("Bea")
    press(ann, "button[data-action=start]")

    # Build: Ann types her puzzle on the board, which Start left focused, and sends it with Tab, Enter.
    for page in (ann, bea):
        expect(page.locator(".rf-phase")).to_have_text("Build your puzzle: place every tile, then send it.")
    board_focused(ann)
    keys_place(ann, LAYOUTS["1"])
    expect(ann.locator(".rf-to-place")).to_have_text("Every tile is placed.")
    press(ann, "button[data-action=rf-send]")
    expect(ann.locator(".rf-to-place")).to_contain_text("Sent.")
    board_focused(ann)  # Send went away: focus is back on the board
    # Bea builds by touch: one tile dragged from the tray by a finger, the others tapped; then Send.
    cdp = bea.context.new_cdp_session(bea)
    (r, c), first = sorted(LAYOUTS["2"].tiles().items())[0]
    expect(bea.locator(".rf-race li[data-seat='1']")).to_have_attribute("data-sent", "1")  # no redraw mid-drag
    bea.locator(".rf-work").evaluate("e => e.scrollIntoView({block: 'start'})")  # the board and the tray in view
    finger(
        bea,
        cdp,
        centre(bea, f".rf-work .rf-tray-tile[data-kind={KINDS[first]}]"),
        centre(bea, f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']"),
    )
    expect(bea.locator(f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']")).to_have_attribute("data-tile", first)
    taps_place(bea, LAYOUTS["2"])
    expect(bea.locator(".rf-to-place")).to_have_text("Every tile is placed.")
    assert sideways(bea) <= 0
    bea.tap("button[data-action=rf-send]")

    # Solve: Ann solves Bea's puzzle by keys, Bea Ann's by taps (a note, a wrong try, then the solution).
    for page in (ann, bea):
        expect(page.locator(".rf-phase")).to_contain_text("Round 1 of 1", timeout=CONNECT_MS)
    board_focused(ann)  # the round replaced the board Ann was on: focus stays on it
    bea.tap(".rf-work .rf-tray-tile[data-kind=dot]")
    empty = next((r, c) for r in range(6) for c in range(6) if LAYOUTS["1"].at((r, c)) == ".")
    bea.tap(f".rf-work .rf-cell[data-r='{empty[0]}'][data-c='{empty[1]}']")
    expect(bea.locator(".rf-work .rf-cell[data-note]")).to_have_count(1)
    bea.tap(".rf-work .rf-tray-tile[data-kind=block]")
    bea.tap(f".rf-work .rf-cell[data-r='{empty[0]}'][data-c='{empty[1]}']")
    expect(bea.locator(".rf-work .rf-cell[data-note]")).to_have_count(0)  # the block took the note's place
    bea.tap("button[data-action=rf-submit]")
    expect(bea.locator(".rf-said")).to_contain_text("The clues that differ:")
    bea.tap(".rf-work .rf-tray-tile[data-kind=remove]")
    bea.tap(f".rf-work .rf-cell[data-r='{empty[0]}'][data-c='{empty[1]}']")
    expect(bea.locator(".rf-work .rf-cell[data-tile]")).to_have_count(0)
    keys_place(ann, LAYOUTS["2"])
    solved_by(ann)
    taps_place(bea, LAYOUTS["1"])  # the last to solve ends the round: the boards reveal by themselves

    # Both pages end the match alike.
    for page in (ann, bea):
        expect(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
        expect(page.locator(".rf-revealed")).to_have_count(2)
        expect(page.locator(".match-status")).to_have_text("Ann (1) wins!")  # she solved first
    assert page_scores(ann) == page_scores(bea) == {"1": 120, "2": 60}
    seats = "l => l.map(e => e.dataset.seat)"
    assert ann.locator(".match-result .ranking li").evaluate_all(seats) == ["1", "2"]
    assert bea.locator(".match-result .ranking li").evaluate_all(seats) == ["1", "2"]
    assert sideways(bea) <= 0
    # The rematch, by keyboard too: both pages build again.
    press(ann, ".match-controls button[data-action=start]")
    for page in (ann, bea):
        expect(page.locator(".rf-phase")).to_have_text("Build your puzzle: place every tile, then send it.")
    expect(bea.locator(".rf-work .rf-cell[data-tile]")).to_have_count(0)
    assert pointer_events(ann) == 0, "Ann played the whole match with no pointer at all"


def in_window(page: Page, selector: str) -> bool:
    """Whether the top of ``selector`` is inside the window as it is scrolled now."""
    top = page.locator(selector).evaluate("e => e.getBoundingClientRect().top")
    return 0 <= top < page.evaluate("innerHeight")


@pytest.mark.webrtc
@pytest.mark.timeout(600)
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_keyboard_solve_keeps_focus_and_the_next_round_shows_its_line_above_the_board(people: People, size: str):
    """Found in a QA game night. A solve by keyboard moved focus from the last cell typed to row 1,
    column 1; and when the next round's board took focus, the page scrolled the focused cell into the
    window's middle, the status, the round and its clock above the board out of sight (on a phone the
    board was at the window's top). Ann plays by keyboard (1280×800, or a 390×844 phone), Bea gives up."""
    window = {"viewport": {"width": 1280, "height": 800}} if size == "laptop" else PHONE
    ann = open_host(people, context=people.person(**window))
    bea = join(people, ann, "Bea")
    choose(ann, 2, {"mode": "random", "preset": "easy", "rounds": 3})
    sit(bea, "2", ann)
    press(ann, "button[data-action=start]")
    expect(ann.locator(".rf-phase")).to_have_text("Round 1 of 3", timeout=CONNECT_MS)
    # The first puzzle is made: the board is drawn (the round's line shows while it is made, with no notice).
    expect(ann.locator(GRID_CURSOR)).to_have_count(1, timeout=CONNECT_MS)
    expect(ann.locator(".match-notice")).to_have_count(0, timeout=CONNECT_MS)  # ... and every other round's
    tab_to(ann, GRID_CURSOR, most=3)  # from the focused status: "Bigger cells" on a phone, then the board
    found = solve(read_puzzle(ann, EASY), 1).layout
    keys_place(ann, found)
    solved_by(ann)
    last = max(found.tiles())  # the last cell typed on (keys_place goes row by row)
    assert board_focused(ann) == last, "focus stays on the cell the player typed on"
    # ... and is seen there: the solved board moves no cursor, but its focused cell wears a ring.
    expect(ann.locator(".rf-work .rf-stop")).to_be_visible()
    expect(ann.locator(".rf-work .rf-cursor")).to_have_count(0)
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/rf-solved-{size}.png")
    # Ann scrolls down, the board at the window's top, to see more of the finish order under it: the
    # status and the round are out of sight, the focused cell still in the window.
    ann.locator("#rf-board").evaluate("e => e.scrollIntoView({block: 'start'})")
    assert not in_window(ann, ".match-status")
    give_up(bea)
    expect(ann.locator(".rf-phase")).to_have_text("Round 2 of 3", timeout=CONNECT_MS)
    board_focused(ann)  # the new round's board took focus from the last one's
    expect(ann.locator(".rf-clock")).to_be_visible()
    for part in (".match-status", ".rf-phase", ".rf-clock", "#rf-board"):
        assert in_window(ann, part), f"{part} is out of the window after the round started"
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/rf-round2-{size}.png")


def test_hint_give_up_and_help_on_a_phone_and_a_laptop(phone: Page, app: Page, site_url: str):
    """One phone page and one laptop page, each board opened in turn by its link (a failure names its case):
    ``a_hint_s_sentence_is_seen_on_a_phone`` and ``give_up_s_question_is_in_the_window_on_a_phone`` (``EXPERT``
    at 390 × 844), ``the_help_under_the_board_names_no_key_on_a_touch_screen`` (``LINK`` on both),
    ``a_hint_s_sentence_moves_nothing_on_a_laptop`` (``EXPERT`` at 1280 × 800)."""
    window = app.viewport_size  # the laptop's own window, where the help was read
    assert window is not None
    open_app(phone, site_url, "#/reflection/solo")
    open_app(app, site_url, "#/reflection/solo")
    easy = LINK.split("?", 1)[1]
    walk(
        [
            ("a hint on a phone", lambda: (solo_link(phone, EXPERT, 390), a_hint_s_sentence_is_seen_on_a_phone(phone))),
            (
                "give up on a phone",
                lambda: (solo_link(phone, EXPERT, 390), give_up_s_question_is_in_the_window_on_a_phone(phone)),
            ),
            ("the help on a phone", lambda: (solo_link(phone, easy, 390), the_help_on_a_touch_screen(phone))),
            (
                "the help on a laptop",
                lambda: (solo_link(app, easy, window["width"], window["height"]), the_help_on_a_laptop(app)),
            ),
            (
                "a hint on a laptop",
                lambda: (solo_link(app, EXPERT, 1280, 800), a_hint_s_sentence_moves_nothing_on_a_laptop(app)),
            ),
        ]
    )


def a_hint_s_sentence_is_seen_on_a_phone(phone: Page) -> None:
    """On a phone the hint's sentence was written under the side column's last buttons, below the window
    where Hint was tapped: nothing seemed to happen. It comes under the Hint row and into the window, the
    Hint button still in it."""
    phone.locator("#rf-hint").scroll_into_view_if_needed()
    phone.tap("#rf-hint")
    expect(phone.locator(".rf-play .rf-message")).to_contain_text("Hint:")
    assert_in_window(phone, (".rf-play .rf-message", "#rf-hint"))
    phone.tap("#rf-check")
    expect(phone.locator(".rf-play .rf-message")).to_contain_text("Check:")
    assert_in_window(phone, (".rf-play .rf-message", "#rf-check"))


def a_hint_s_sentence_moves_nothing_on_a_laptop(app: Page) -> None:
    """On a laptop, where the line is in sight, the page scrolls nothing and the board and the buttons stay
    where they were."""
    where = "[...document.querySelectorAll('.rf-board, #rf-hint, #rf-next')].map(e => e.getBoundingClientRect().y)"
    before = app.evaluate(where)
    app.click("#rf-hint")
    expect(app.locator(".rf-play .rf-message")).to_contain_text("Hint:")
    assert app.evaluate(where) == before and app.evaluate("scrollY") == 0
    assert_in_window(app, (".rf-play .rf-message",))


def give_up_s_question_is_in_the_window_on_a_phone(phone: Page) -> None:
    """A regression guard (it passed before): "Give up this puzzle?" replaces the Give up button, and the
    focus it asks for (Keep solving, under the question) brings both into a phone's window."""
    phone.evaluate("window.scrollTo(0, 0)")
    phone.tap("#rf-give-up")
    expect(phone.locator("#rf-keep-solving")).to_be_focused()
    assert_in_window(phone, (".rf-confirm", "#rf-keep-solving", "#rf-give-up"))


KEY_WORDS = r"\bkeys?\b|\bTab\b|\?|keyboard"


def the_help_on_a_touch_screen(phone: Page) -> None:
    """The line under the solo board said "Tab to the board to play by keyboard; ? lists the keys." on a
    phone too: on a touch screen (css/app.css, ``.keys-only``) it now says only what a finger does
    (``the_help_under_the_board_names_no_key_on_a_touch_screen``, with ``the_help_on_a_laptop``)."""
    shown = phone.locator(".rf-help").inner_text()
    assert "Pick a clue to see its laser." in shown and not re.search(KEY_WORDS, shown), shown


def the_help_on_a_laptop(app: Page) -> None:
    """... and on a laptop it still names the keys."""
    expect(app.locator(".rf-help")).to_contain_text("Pick a clue to see its laser. Tab to the board")
