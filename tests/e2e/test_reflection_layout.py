"""Reflection's match screen laid out for the window it is in: on a laptop (1280×800) the board, its
tray and its Submit or Send button in the window together, as Raythread's and Light Seeker's boards
(test_laptop.py); on a phone nothing wider than the screen; clue targets a finger's size; two-digit
clue numbers inside their shapes; and "Bigger cells" kept from one round to the next.

Run in the private network namespace by ``make e2e`` (a built match has two players over a peer link).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamenight.reflection.laser import Layout
from tests.e2e.conftest import PHONE, People, assert_in_window, resize
from tests.e2e.test_peer_links import CONNECT_MS, join
from tests.e2e.test_reflection_match import choose, give_up, open_host, sit
from tests.e2e.test_reflection_solo_play import solo_link, walk

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the screenshots of these layouts go there
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def shoot(page: Page, name: str) -> None:
    """Screenshots of the window as it is (light and dark) for a person to look at, with ``GNC_SHOTS``."""
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=f"{SHOTS}/{name}-{scheme}.png")
    page.emulate_media(color_scheme=None)


def solo_round(people: People, context: BrowserContext, options: dict) -> Page:
    """A one-player random match hosted on ``context``'s page, at its first round's board."""
    host = open_host(people, context=context)
    choose(host, 1, {"mode": "random", "rounds": 3, **options})
    host.click("button[data-action=start]")
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=120_000)
    return host


def build_round(people: People, context: BrowserContext, options: dict) -> Page:
    """A two-player built match hosted on ``context``'s page, at its build phase's board."""
    host = open_host(people, context=context)
    bea = join(people, host, "Bea")
    choose(host, 2, {"mode": "built", **options})
    sit(bea, "2", host)
    host.click("button[data-action=start]")
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=CONNECT_MS)
    return host


WORK = (".match-status", ".rf-phase", ".rf-work svg.rf-board", ".rf-work .rf-tray")


def whole_board(page: Page) -> None:
    """Bigger cells turned off where it is on by default (the fitted board's numbers under 12 px: css/app.css),
    as a player does to see the whole board in the screen's width: the fitted board these tests measure."""
    pressed = page.locator("#rf-zoom-auto")
    if pressed.is_visible():
        pressed.click()
        expect(page.locator(".rf-board-wrap.rf-zoom-auto")).to_have_count(0)


@pytest.mark.parametrize("preset", ["normal", "hard"])
def test_a_solved_round_fits_a_laptop_window(people: People, preset: str):
    """The round's puzzle comes after Start (the host's page makes it): the page as it is then, unscrolled
    by the test, shows the status, the board, the tray and Submit (Submit was 223 px below the window).
    On the Normal board, then, every clue's target is a finger's size
    (``a_clue_s_tap_target_is_a_finger_s_size_on_a_laptop``)."""
    host = solo_round(people, people.person(**LAPTOP), {"preset": preset})
    shoot(host, f"laptop-solve-{preset}")
    assert_in_window(host, (*WORK, ".rf-work button[data-action=rf-submit]"))
    if preset == "normal":
        a_clue_s_tap_target_is_a_finger_s_size_on_a_laptop(host)


@pytest.mark.parametrize("size", [8, 12])
def test_a_puzzle_being_built_fits_a_laptop_window(people: People, size: int):
    """The build phase of a Normal-sized board and of the largest the match offers (custom, 12 × 12)."""
    host = build_round(people, people.person(**LAPTOP), {"preset": "custom", "size": size, "tiles": 8})
    shoot(host, f"laptop-build-{size}")
    assert_in_window(host, (*WORK, ".rf-work button[data-action=rf-send]"))


def at_width(page: Page, width: int) -> None:
    """The phone's window ``width`` × 844 px (the layout is CSS alone: nothing waits for it), scrolled to its top."""
    resize(page, width, 844)
    page.evaluate("window.scrollTo(0, 0)")


def a_phone_s_match_page_is_no_wider_than_the_screen_zoomed(host: Page, width: int) -> None:
    """On a phone the page scrolls down to the tray and Submit, never sideways; the laptop's sizing leaves it be:
    with a Hard board zoomed by default."""
    shoot(host, f"phone{width}-solve-hard")
    assert host.evaluate("document.documentElement.scrollWidth") == width, f"zoomed by default at {width} px"


def a_phone_s_match_page_is_no_wider_than_the_screen_whole(host: Page, width: int) -> None:
    """The same page, Bigger cells turned off: the board in the screen's width, centred."""
    whole_board(host)
    assert host.evaluate("document.documentElement.scrollWidth") == width, f"the whole board at {width} px"
    board = host.locator(".rf-work svg.rf-board").bounding_box()
    assert board is not None
    # The board takes the phone's width but for the room its side clues' targets need (at most 12 px a side:
    # a_big_board_s_outer_clues_are_whole_on_a_phone_and_a_finger_s_target_wide), centred.
    left, right = board["x"], width - board["x"] - board["width"]
    assert 0 <= left <= 12 and abs(left - right) < 1, (width, left, right)


def give_up_for(host: Page, phase: str) -> None:
    """Give up this round's puzzle (``give_up``), and wait for ``phase``'s board."""
    give_up(host)
    expect(host.locator(".rf-phase")).to_have_text(phase, timeout=120_000)
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=120_000)


def test_bigger_cells_stay_on_or_off_at_the_next_round_and_a_phone_s_match_page_is_no_wider_than_the_screen(
    people: People,
):
    """ "Bigger cells" turned on in round 1 of a match on a phone is still on for round 2's board; on a Hard
    board at 390 px it is on by default, and turned off it stays off. Round 1's page, at 390 and 320 px,
    is no wider than the screen, zoomed by default and with the whole board
    (``a_phone_s_match_page_is_no_wider_than_the_screen_zoomed`` and ``…_whole``), the failure naming the width."""
    host = solo_round(people, people.person(**PHONE), {"preset": "hard"})
    expect(host.locator("#rf-board.rf-zoom-auto")).to_have_count(1)
    for width in (390, 320):
        at_width(host, width)
        a_phone_s_match_page_is_no_wider_than_the_screen_zoomed(host, width)
    at_width(host, 390)
    host.tap("#rf-zoom-auto")  # the whole board
    expect(host.locator("#rf-board.rf-zoom-auto")).to_have_count(0)
    for width in (390, 320):
        at_width(host, width)
        a_phone_s_match_page_is_no_wider_than_the_screen_whole(host, width)
    at_width(host, 390)
    host.tap("#rf-zoom")
    expect(host.locator("#rf-board.rf-zoom")).to_have_count(1)
    give_up_for(host, "Round 2 of 3")
    expect(host.locator("#rf-board.rf-zoom")).to_have_count(1)
    expect(host.locator("#rf-zoom")).to_have_attribute("aria-pressed", "true")
    shoot(host, "phone-round2-zoomed")
    host.tap("#rf-zoom")
    expect(host.locator("#rf-board.rf-zoom, #rf-board.rf-zoom-auto")).to_have_count(0)
    give_up_for(host, "Round 3 of 3")
    expect(host.locator("#rf-board.rf-zoom, #rf-board.rf-zoom-auto")).to_have_count(0)
    expect(host.locator("#rf-zoom")).to_have_attribute("aria-pressed", "false")


# Each clue's digits as drawn (their ink, measured on a canvas in the clue's own font: an SVG text's box
# is its whole line, far taller than digits) and its shape, in the board's units. The digits are centred
# on the clue (``scene.edge``: text-anchor and dominant-baseline middle). Set 10 times larger, as CLUE_ROOM
# measures them: at the clue's size the canvas rounds its ink's box to whole units (a disc's "4" 12 × 13, its
# box's corners 8.85 from the middle, where it is 10.4 × 12.4 and they are 8.1 in a disc of 8.5).
CLUE_FITS = """() => [...document.querySelectorAll('.rf-edge')].map(e => {
    const text = e.querySelector('text'), shape = e.querySelector('.rf-shape');
    const style = getComputedStyle(text), k = 10;
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${parseFloat(style.fontSize) * k}px ${style.fontFamily}`;
    const ink = ctx.measureText(text.textContent);
    const b = shape.getBBox(), x = b.x + b.width / 2, y = b.y + b.height / 2;
    // Condensed to its ``textLength`` (a left or right clue's two digits), its ink is as much narrower.
    const across = text.hasAttribute('textLength') ? text.textLength.baseVal.value / (ink.width / k) : 1;
    const w = across * (ink.actualBoundingBoxLeft + ink.actualBoundingBoxRight) / k;
    const h = (ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent) / k;
    // The corners of the digits' box, centred on the shape, in its outline (a long diamond's flat middle too).
    const inside = [[-1, -1], [1, -1], [1, 1], [-1, 1]].every(([sx, sy]) =>
        shape.isPointInFill(new DOMPoint(x + sx * w / 2, y + sy * h / 2)));
    return {
        edge: e.dataset.edge, number: text.textContent, kind: shape.tagName, inside, w, h,
        colour: ['green', 'yellow', 'black'].find(c => e.classList.contains('rf-' + c)),
        size: parseFloat(style.fontSize),
    };
})"""


def fits(c: dict) -> bool:
    """Whether a clue's digits (``CLUE_FITS``) lie inside its shape: the browser's own test of its outline
    (``isPointInFill``), for a disc, a pill, a rectangle, a diamond and a long one alike."""
    return bool(c["inside"])


def two_digit_clue_numbers_fit_inside_their_shapes(app: Page) -> None:
    """Every clue's digits lie inside its shape: a yellow diamond's two digits ran out over its tips
    (13.5 units in a 23 × 23 diamond), a green disc's over its edge (17 units in a 21 disc); and none is
    drawn smaller than 13.5 units to make it fit. On the board of ``preset=normal&seed=3&v=2``."""
    clues = app.evaluate(CLUE_FITS)
    assert {c["edge"] for c in clues if c["colour"] == "yellow" and len(c["number"]) == 2} >= {"T3", "R7", "L6"}
    assert [c for c in clues if not fits(c) or c["size"] < 13.5] == []
    if SHOTS:
        app.locator(".rf-board").screenshot(path=f"{SHOTS}/clues-normal-3.png")


# Every left or right clue of two digits (they run across the ring: a pill, a rectangle, a long diamond), drawn
# with each of ``numbers``
# in turn, as a player sees it: each digit's ink where the browser puts it (its glyph's cell from the SVG text,
# as laid out, condensed or not; its ink inside the cell from a canvas in the text's own font, set 10 times
# larger so that it is not rounded to whole units), grown by the text's halo (its stroke, the clue's colour,
# which paints over the shape's outline where it reaches it) and by ``room``; a corner that is outside the
# shape's fill or on its outline (its stroke) is out. Measured to the shape's geometry alone, the whole inner
# half of the outline counted as inside, the halo not at all, and the digits' box was centred on the shape,
# where a "1"'s ink is not: an "11" that crossed its outline passed.
# ``sides`` and ``digits`` pick the clues (two digits on the left and right, three on every side).
SIDE_FITS = """([numbers, room, sides, digits]) => [...document.querySelectorAll('.rf-play .rf-board .rf-edge')]
    .filter((e) => sides.includes(e.dataset.edge[0]) && e.querySelector('text').textContent.length === digits)
    .flatMap((e) => {
    const text = e.querySelector('text'), shape = e.querySelector('.rf-shape'), was = text.textContent;
    const style = getComputedStyle(text), k = 10, grow = parseFloat(style.strokeWidth) / 2 + room;
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${parseFloat(style.fontSize) * k}px ${style.fontFamily}`;
    const drawn = numbers.map((n) => {
        text.textContent = n;
        const out = [...n].flatMap((d, i) => {
            const cell = text.getExtentOfChar(i), m = ctx.measureText(d), s = cell.width / (m.width / k);
            const base = cell.y + m.fontBoundingBoxAscent / k;
            const left = cell.x - s * m.actualBoundingBoxLeft / k - grow;
            const right = cell.x + s * m.actualBoundingBoxRight / k + grow;
            const top = base - m.actualBoundingBoxAscent / k - grow;
            const bottom = base + m.actualBoundingBoxDescent / k + grow;
            return [[left, top], [right, top], [right, bottom], [left, bottom]].filter(([x, y]) =>
                !shape.isPointInFill(new DOMPoint(x, y)) || shape.isPointInStroke(new DOMPoint(x, y)));
        });
        const size = parseFloat(style.fontSize), px = size * Math.abs(text.getScreenCTM().a);
        return {edge: e.dataset.edge, kind: shape.tagName, number: n, out: out.length, size, px};
    });
    text.textContent = was;
    return drawn;
})"""
ACROSS_ROOM = 0.5  # units the digits' halo keeps from a left or right clue's outline


SIDE_CLUE = "preset=normal&seed=7&v=2"


def a_side_clue_s_two_digits_stay_inside_its_outline(page: Page, width: int) -> None:
    """A player's pass: on a left or right clue a two-digit number ("11", "14") ran over its narrow upright
    pill, its digits (their halo) touching or crossing the pill's outline, at 1280 and on phones alike, on a
    solo board and on a race's solutions. Every number 10–19 and a wide one ("48"), on a left and on a right
    pill and on a long diamond, keeps its digits and their halo inside the fill with ``ACROSS_ROOM`` to spare,
    15 units high (condensed to fit: they were 13.5 and crossed it). On the board of ``SIDE_CLUE``, on a
    laptop at 1280 px, on a phone at 390 and 320."""
    numbers = [str(n) for n in range(10, 20)] + ["48"]
    drawn = page.evaluate(SIDE_FITS, [numbers, ACROSS_ROOM, "LR", 2])
    pills = {d["edge"][0] for d in drawn if d["kind"] == "rect"}
    assert pills == {"L", "R"} and "path" in {d["kind"] for d in drawn}, "two-digit pills left and right, a diamond"
    assert [d for d in drawn if d["out"]] == [], "two digits over their side clue's outline"
    assert min(d["size"] for d in drawn) >= 15, "digits made smaller to fit"
    if SHOTS:
        page.locator(".rf-board").screenshot(path=f"{SHOTS}/side-clues-{width}.png")


def long_lasers(size: int) -> list[tuple[str, str]]:
    """Save codes of custom boards whose clues have three digits (a laser along every row, turned a quarter turn
    or more: ``tests/unit/reflection/test_scene.py``'s ``snake``), with what each shows: on an 8 × 8 board a
    yellow 127 (a long diamond) on each side in turn; on a 12 × 12 one a green 144 (a pill) on every side, and a
    black one (a rectangle) on the left and top."""
    from gamenight.reflection import savecode, training
    from gamenight.reflection.puzzle import TileSet, puzzle_of
    from tests.unit.reflection.test_scene import snake, turned

    boards = (
        [(snake(8, "#"), k, "yellow") for k in range(4)] if size == 8 else [(snake(12), k, "green") for k in (0, 2)]
    )
    boards += [(snake(12, "o"), k, "black") for k in range(2)] if size == 12 else []
    codes = []
    for layout, quarter, colour in boards:
        board, tiles = turned(layout, quarter), TileSet.of(layout)
        params = {"preset": "custom", "size": str(size), **{k: str(v) for k, v in tiles.to_json().items()}}
        settings = training.parse_settings({**params, "warp": "0", "seed": "1"}, 0)
        progress = training.Progress(settings, puzzle_of(board, (), tiles), board, Layout.empty(size), 0, 0)
        codes.append((savecode.export(progress), f"{size}-{colour}-{quarter}"))
    return codes


def a_three_digit_clue_stays_inside_its_shape_and_readable(page: Page, width: int, height: int, size: int) -> None:
    """A clue counts every cell a laser enters: on a custom board it reaches three digits (127 on an 8 × 8 one,
    144 on a 12 × 12 one). Set at 11.5 units and their own width, three digits ran over a left or right clue's
    pill (24 units of digits in 19), and on an 8 × 8 board fitted at 390 px they were 11.9 px, under the 12 px
    "Bigger cells" keeps. On every side and shape (a long diamond, a pill, a rectangle), three digits, a wide
    "888" and the largest count "584" among them, keep their ink and halo inside the fill with ``ACROSS_ROOM``
    to spare, 13.5 units high, and 12 px or more on the board as the page shows it (fitted, or zoomed by default).
    Each board's code imported on the options, as a player pastes it: on a laptop at 1280 px, on a phone at 390."""
    drawn = []
    for code, name in long_lasers(size):
        solo_link(page, "", width, height)  # the puzzle in progress would come back instead of the import
        page.locator("#rf-code-in").fill(code)
        page.locator("#rf-open").click()
        expect(page.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=30_000)
        drawn += page.evaluate(SIDE_FITS, [["100", "127", "144", "188", "584", "888"], ACROSS_ROOM, "TRBL", 3])
        if SHOTS:  # a zoomed board's three-digit clue may be out of its frame's sight: brought into it
            page.evaluate("""() => [...document.querySelectorAll('.rf-play .rf-edge')]
                .find((e) => e.textContent.length === 3).scrollIntoView({block: 'center', inline: 'center'})""")
        shoot(page, f"three-digits-{name}-{width}")
    assert {d["edge"][0] for d in drawn} == set("TRBL"), drawn
    assert {d["kind"] for d in drawn} == ({"path"} if size == 8 else {"rect"}), drawn
    assert [d for d in drawn if d["out"]] == [], "three digits over their clue's outline"
    assert min(d["size"] for d in drawn) >= 13.5 and min(d["px"] for d in drawn) >= 12, "three digits too small"


# Each clue of ``digits`` digits ("one", or "more": two or more) drawn on a shape of ``tag`` (scene.clue_shape:
# "rect", a pill or a rectangle of two or more digits, a one-digit square; "circle", a one-digit disc; "path",
# a diamond; "" for any) on the boards matching ``boards``: how far its shape, with its stroke, keeps from the
# grid's edge (the line between the ring of clues and the cells), in px as drawn.
CLUE_ROOM = """([boards, tag, digits]) => [...document.querySelectorAll(boards)].flatMap((board) => {
    const n = +board.dataset.size, low = 24, high = 24 + n * 40;  // scene.EDGE, scene.CELL
    return [...board.querySelectorAll('.rf-edge')].filter((e) => (!tag || e.querySelector('.rf-shape').tagName === tag)
        && (e.querySelector('text').textContent.length === 1) === (digits === 'one')).map((e) => {
        const shape = e.querySelector('.rf-shape'), b = shape.getBBox(), m = shape.getScreenCTM();
        const half = parseFloat(getComputedStyle(shape).strokeWidth) / 2;
        const units = {T: low - (b.y + b.height + half), B: b.y - half - high,
                       L: low - (b.x + b.width + half), R: b.x - half - high}[e.dataset.edge[0]];
        // Its digits inside it, as CLUE_FITS measures them (a canvas in the text's own font), set 10 times
        // larger: at the clue's size the canvas rounds its ink's box to whole units (a "9" 11 × 13, not 10 × 12.9).
        const text = e.querySelector('text'), style = getComputedStyle(text), k = 10;
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontWeight} ${parseFloat(style.fontSize) * k}px ${style.fontFamily}`;
        const ink = ctx.measureText(text.textContent), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
        const across = text.hasAttribute('textLength') ? text.textLength.baseVal.value / (ink.width / k) : 1;
        const w = across * (ink.actualBoundingBoxLeft + ink.actualBoundingBoxRight) / k;
        const h = (ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent) / k;
        const fits = [[-1, -1], [1, -1], [1, 1], [-1, 1]].every(([sx, sy]) =>
            shape.isPointInFill(new DOMPoint(cx + sx * w / 2, cy + sy * h / 2)));
        return {edge: e.dataset.edge, number: text.textContent, kind: shape.tagName, px: units * Math.abs(m.a), fits,
                size: parseFloat(style.fontSize)};
    });
})"""
PAIR_PX = 2  # room a pill keeps from the grid's edge: 0 or less read as touching it


PILLS = ("preset=easy&seed=3", "preset=normal&seed=11")


def two_digit_clue_pills_keep_room_from_the_grid_s_edge(page: Page, width: int, route: str) -> None:
    """A player's pass: a two-digit clue's pill (green "10", "14") or rectangle was 23 units across a ring 24 deep,
    so with its stroke it crossed the grid's edge by a quarter unit on Easy and Normal boards at every width.
    On a top or bottom clue, where the digits run along it, it keeps 2 px or more from the grid's edge; on a
    left or right clue, whose digits run across the ring, it was 22 across and 0.2–0.5 px from that edge
    (a player's pass), and keeps 2 px or more too, its digits smaller and the shape out from the ring's middle.
    On each of ``PILLS``' boards, on a laptop at 1280 px, on a phone at 390 and 320."""
    whole_board(page)
    pairs = page.evaluate(CLUE_ROOM, [".rf-play .rf-board", "rect", "more"])
    assert {p["edge"][0] for p in pairs} >= {"B", "R"}, "the board has two-digit pills on its sides, top or bottom"
    assert [p for p in pairs if not p["fits"]] == [], "two digits out of their pill or rectangle"
    assert [p for p in pairs if p["px"] < PAIR_PX] == [], f"two-digit pills at the grid's edge at {width} px"
    shoot(page, f"pairs-{width}-{route.split('&')[0].split('=')[1]}")


ONE_PX = 1.5  # room every clue's shape keeps from the grid's edge at 320 px (docs/accessibility.md)
CUSTOM_12 = "preset=custom&size=12&diagonal=8&flat=3&block=3"  # the largest board a player can pick


EVERY_CLUE = (
    ("preset=easy&seed=9", {"circle", "path"}),
    ("preset=normal&seed=3", {"circle", "path"}),
    ("preset=hard&seed=1", {"circle", "path"}),
    ("preset=expert&seed=1", {"circle", "path", "rect"}),
    (f"{CUSTOM_12}&seed=1", {"circle", "path"}),
)


def every_clue_keeps_room_from_the_grid_s_edge_at_320_px(page: Page, route: str, shapes: set[str]) -> None:
    """A player's pass: at 320×640 a green one-digit clue's disc (21 units across, 22.5 with its stroke, in a ring
    24 deep) was 0.83 px from the grid's edge on an Easy board, 0.51 on a Hard one: it read as touching the
    cells. Then a yellow one-digit diamond and a black square (20 across, 21.5 with the stroke) kept 1.25
    units, 0.84 px on a Hard board. Then a yellow two-digit diamond still kept those 1.25 units (0.84 px on a
    Hard board), and on a 12 × 12 custom board a one-digit shape kept 1.3 px (0.58 px a unit there). Every
    clue's shape, one digit or more, keeps 1.5 px or more now on every preset and on the largest custom board,
    where the board is drawn smallest, its digits whole inside it (the corners of their ink's box) and no
    smaller than before (a diamond's one digit 15 units, a disc's or a square's 17, two digits 13.5). Black
    squares come with black holes: an Expert board's, as big as a Hard one. On a phone at 320 × 640, each of
    ``EVERY_CLUE``' boards (version 2)."""
    whole_board(page)  # where the board is drawn smallest
    ones = page.evaluate(CLUE_ROOM, [".rf-play .rf-board", "", "one"])
    more = page.evaluate(CLUE_ROOM, [".rf-play .rf-board", "", "more"])
    assert {c["kind"] for c in ones} >= shapes, "the board has one-digit clues of every shape it can draw"
    assert {c["edge"][0] in "LR" for c in more if c["kind"] == "path"} == {True, False}, (
        "the board has two-digit diamonds on a side and on the top or bottom"
    )
    assert [c for c in ones + more if not c["fits"]] == [], "digits out of their shape"
    assert min(c["size"] for c in ones) >= 15 and min(c["size"] for c in more) >= 13.5, "digits made smaller to fit"
    near = [c for c in ones + more if c["px"] < ONE_PX]
    assert near == [], f"clues near the grid's edge on {route} at 320 px"
    shoot(page, f"clues-320-{route.split('&')[0].split('=')[1]}")


# Each clue's tap target as the page hit-tests it: from the centre of its shape, how far a finger may go
# left, right, up and down (in px, inside the window) and still land on the clue.
# ``scope``: the board's section, a match's ``.rf-work`` or the solo screen's ``.rf-play``.
CLUE_TARGETS = """(scope) => [...document.querySelectorAll(scope + ' .rf-edge')].map(e => {
    const s = e.querySelector('.rf-shape').getBoundingClientRect();
    const cx = s.x + s.width / 2, cy = s.y + s.height / 2;
    const on = (x, y) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
        && document.elementFromPoint(x, y)?.closest('.rf-edge') === e;
    const run = (dx, dy) => {
        let k = 0;
        while (k < 200 && on(cx + (k + 1) * dx, cy + (k + 1) * dy)) k += 1;
        return k;
    };
    return {edge: e.dataset.edge, w: run(-1, 0) + 1 + run(1, 0), h: run(0, -1) + 1 + run(0, 1)};
})"""


@pytest.mark.parametrize("width", [320, 390])
def test_a_clue_s_tap_target_is_a_finger_s_size_on_an_easy_board(people: People, width: int):
    """On an Easy board, whose cells are 44 px or more on a phone, a top or bottom clue's target is 44 px
    both ways (it was the ring's 26.7 px deep at 320 px), reaching out past the ring and never onto a cell
    nor under the tray. A left or right clue's ring is at (320 px: the board takes the phone's whole width)
    or near the screen's edge: its target reaches from the edge to the board, and no further."""
    phone = {**PHONE, "viewport": {"width": width, "height": 844}}
    host = solo_round(people, people.person(**phone), {"preset": "easy"})
    host.locator(".rf-work .rf-board").scroll_into_view_if_needed()
    host.evaluate("window.scrollBy(0, -60)")  # the top clues' reach above the board in the window too
    shoot(host, f"phone{width}-easy")
    cell = host.locator(".rf-work .rf-cell .rf-bg").first.bounding_box()
    assert cell is not None and cell["width"] >= 44
    expect(host.locator("#rf-zoom")).to_be_hidden()  # its cells are a finger's size already
    targets = host.evaluate(CLUE_TARGETS, ".rf-work")
    small = [t for t in targets if t["edge"][0] in "TB" and (t["w"] < 44 or t["h"] < 44)]
    assert small == [], f"top and bottom clues' targets under 44 px at {width} px: {small}"
    for t in targets:
        if t["edge"][0] in "LR":  # flush with the screen's edge, a cell tall, the ring deep
            assert t["h"] >= 44 and t["w"] >= round(0.6 * cell["width"]) - 1, t
    assert host.evaluate("document.documentElement.scrollWidth") == width
    # The tray's tiles, under the bottom clues' reach, are still what a finger hits.
    tile = host.locator(".rf-work .rf-tray-tile").first.bounding_box()
    assert tile is not None
    hit = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.rf-tray-tile')"
    assert host.evaluate(hit, [tile["x"] + tile["width"] / 2, tile["y"] + 1])


def a_clue_s_tap_target_is_a_finger_s_size_on_a_laptop(host: Page) -> None:
    """At 1280×800, where the board is beside the page's margins, every clue's target is 44 px both ways
    (a Normal board's ring is 35 px deep there). In ``test_a_solved_round_fits_a_laptop_window[normal]``."""
    targets = host.evaluate(CLUE_TARGETS, ".rf-work")
    assert [t for t in targets if t["w"] < 44 or t["h"] < 44] == []


def a_solo_bottom_clue_s_tap_target_is_a_finger_s_size_above_the_side_column(page: Page) -> None:
    """On the solo screen at 320 px wide the status and the tray (the side column) come under the board:
    the bottom clues' targets reach into the gap between them, which cut them at 42.7 px deep (the ring's
    26.7 and a 16 px gap) under DESIGN.md's 44. On a phone at 320 × 844, ``preset=easy&seed=2024``."""
    page.locator(".rf-play .rf-board").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -60)")  # the top clues' reach in the window too
    cell = page.locator(".rf-play .rf-cell .rf-bg").first.bounding_box()
    assert cell is not None and cell["width"] >= 44
    targets = page.evaluate(CLUE_TARGETS, ".rf-play")
    assert len(targets) == 24
    small = [t for t in targets if t["edge"][0] in "TB" and (t["w"] < 44 or t["h"] < 44)]
    assert small == [], f"top and bottom clues' targets under 44 px: {small}"
    shoot(page, "solo320-easy")


# The zoomed board's clues as the page hit-tests them, inside the frame the board pans in: a clue's
# depth away from the board (up for a top clue, left for a left one…), in px, from the centre of its shape.
ZOOMED_TARGETS = """() => {
    const frame = document.querySelector('.rf-board-wrap:is(.rf-zoom, .rf-zoom-auto)').getBoundingClientRect();
    const inside = (x, y) => x >= Math.max(0, frame.left) && y >= Math.max(0, frame.top)
        && x < Math.min(innerWidth, frame.right) && y < Math.min(innerHeight, frame.bottom);
    const cell = document.querySelector(':is(.rf-zoom, .rf-zoom-auto) .rf-cell .rf-bg').getBoundingClientRect().width;
    const seen = [];
    for (const e of document.querySelectorAll(':is(.rf-zoom, .rf-zoom-auto) .rf-edge')) {
        const s = e.querySelector('.rf-shape').getBoundingClientRect();
        const cx = s.x + s.width / 2, cy = s.y + s.height / 2;
        if (!inside(cx, cy)) continue;
        const on = (x, y) => inside(x, y) && document.elementFromPoint(x, y)?.closest('.rf-edge') === e;
        const run = (dx, dy) => {
            let k = 0;
            while (k < 200 && on(cx + (k + 1) * dx, cy + (k + 1) * dy)) k += 1;
            return k;
        };
        const side = e.dataset.edge[0];
        const deep = side === 'T' || side === 'B' ? run(0, -1) + 1 + run(0, 1) : run(-1, 0) + 1 + run(1, 0);
        seen.push({edge: e.dataset.edge, deep, cell});
    }
    return seen;
}"""


def a_zoomed_board_s_clue_targets_are_a_cell_deep_as_on_the_fitted_board(page: Page) -> None:
    """With Bigger cells (46 px) a clue's target reached no further than the ring, 27.6 px deep: the
    frame the board pans in cut off its reach. Panned to each corner, every clue in the frame is a cell
    deep (44 px or more), as on the fitted board. A Hard board at 390 px is zoomed by default
    (``preset=hard&seed=5`` on a phone at 390 × 844)."""
    expect(page.locator("#rf-zoom-auto")).to_be_visible()
    frame = page.locator(".rf-board-wrap.rf-zoom-auto")
    expect(frame).to_have_count(1)
    frame.scroll_into_view_if_needed()
    seen: dict[str, dict] = {}
    for corner in ("0, 0", "1e6, 1e6"):
        frame.evaluate(f"e => e.scrollTo({corner})")
        seen.update({t["edge"]: t for t in page.evaluate(ZOOMED_TARGETS)})
    assert {name[0] for name in seen} == set("TBLR"), sorted(seen)
    shallow = [t for t in seen.values() if t["deep"] < min(44, t["cell"] - 1)]
    assert shallow == [], f"clue targets under a cell deep on the zoomed board: {shallow}"
    shoot(page, "phone390-hard-zoomed-corner")


# A cell's size on the solo board as drawn, in px: the board's width over its viewBox's, times a cell's
# 40 units (a cell's drawn box is wider by its stroke).
CELL_PX = """() => { const svg = document.querySelector('.rf-play .rf-board');
    return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 40; }"""


# Where "Bigger cells" is offered: the solo board's puzzle and the phone's width, and the cells there.
OFFERED = (("easy", 320), ("easy", 390), ("normal", 390), ("normal", 400), ("normal", 412), ("hard", 600))
SEEDS = {"easy": "seed=2024", "normal": "seed=3&v=2", "hard": "seed=5"}


def bigger_cells_is_offered_only_where_the_board_s_cells_are_under_a_finger_s_size(page: Page, width: int) -> None:
    """An Easy board's cells are 44 px or more on any phone (44.4 at 320 px): "Bigger cells" did nothing
    useful there, and was offered on every narrow screen. Now it is shown where the cells are under 44 px
    at that width (a Normal board's are 41.5 px at 390 and 42.6 at 400, with a quarter rem of room from the
    screen's edges, and 44.5 at 412, where the room is only what leaves them that wide), and, once pressed,
    until it is pressed again. Each of ``OFFERED``' presets (its seed in ``SEEDS``) on a phone at its width × 844."""
    cell = page.evaluate(CELL_PX)
    small = cell < 44
    assert page.locator("#rf-zoom").is_visible() == small, f"cells of {cell:.2f} px at {width} px"
    if small:
        page.tap("#rf-zoom")
        expect(page.locator("#rf-zoom")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#rf-zoom")).to_be_visible()  # to turn it off again
        page.tap("#rf-zoom")
        expect(page.locator(".rf-board-wrap.rf-zoom")).to_have_count(0)


# Every clue number's size on the solo board as drawn, in px: its font size times the board's scale.
NUMBER_PX = """() => { const svg = document.querySelector('.rf-play .rf-board');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('.rf-number')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale); }"""


READABLE = ("preset=normal&seed=3&v=2", "preset=hard&seed=5", f"{CUSTOM_12}&seed=1&v=2")


def clue_numbers_are_readable_on_a_phone_and_the_whole_board_a_tap_away(page: Page, route: str, width: int) -> None:
    """Fitted to a phone, a big board's clue numbers were too small to read: 7.6–9.6 px on a 12 × 12 board
    at 320 px, 9.1–11.5 on a 10 × 10 one, 11.4 for a Normal board's two digits; "Bigger cells" made them
    readable but was off. It is on by itself where the fitted numbers would be under 12 px (css/app.css,
    by the board's size and the screen's width), so every number is 12 px or more; the button says so
    (pressed), and pressing it shows the whole board in the screen's width. Each of ``READABLE``' boards on a
    phone at 320 and 390 × 844."""
    smallest = min(page.evaluate(NUMBER_PX))
    assert smallest >= 12, f"numbers of {smallest:.1f} px at {width} px"
    shown = page.locator("#rf-zoom-auto, #rf-zoom").locator("visible=true")
    expect(shown).to_have_count(1)
    if width == 390 and "normal" in route:  # 14 px fitted: the board stays whole, Bigger cells offered
        expect(shown).to_have_attribute("aria-pressed", "false")
        assert page.locator(".rf-play .rf-board").evaluate("e => e.getBoundingClientRect().right") <= width
        return
    expect(shown).to_have_attribute("aria-pressed", "true")  # the board is bigger than the screen's width
    page.locator(".rf-play .rf-board").scroll_into_view_if_needed()
    shoot(page, f"numbers-{width}-{route.split('&')[0].split('=')[1]}-auto")
    shown.tap()
    expect(page.locator(".rf-board-wrap.rf-zoom, .rf-board-wrap.rf-zoom-auto")).to_have_count(0)
    expect(page.locator("#rf-zoom")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#rf-zoom")).to_be_focused()
    board = page.locator(".rf-play .rf-board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") == width
    shoot(page, f"numbers-{width}-{route.split('&')[0].split('=')[1]}-whole")


# Each clue's frame and shape on the solo board, and how much of its side clues' target is in the window.
CLUES_IN_WINDOW = """() => [...document.querySelectorAll('.rf-play .rf-edge')].map(e => {
    const box = (part) => { const b = e.querySelector(part)?.getBBox(); if (!b) return null;
        const m = e.querySelector(part).getScreenCTM();
        return {left: b.x * m.a + m.e, right: (b.x + b.width) * m.a + m.e}; };
    const stroke = (part) => { const p = e.querySelector(part); return p ?
        parseFloat(getComputedStyle(p).strokeWidth) / 2 * e.querySelector(part).getScreenCTM().a : 0; };
    const frame = box('.rf-frame'), shape = box('.rf-shape');
    return {edge: e.dataset.edge, frame: frame && {left: frame.left - stroke('.rf-frame'),
        right: frame.right + stroke('.rf-frame')}, shape};
})"""


OUTER = (("expert", "11&v=2", 390), ("hard", "5", 390), ("expert", "11&v=2", 360))


def a_big_board_s_outer_clues_are_whole_on_a_phone_and_a_finger_s_target_wide(
    page: Page, preset: str, width: int
) -> None:
    """An Expert board (10×10) took the phone's whole width: its left and right clues' dashed frames were
    cut at the screen's edges, and their targets were the ring's 20.9 px wide at 390 px (under 24). The
    board now keeps as much room from the edges as makes each side clue's target 24 px wide or more (its
    reach past the ring), every frame and shape whole in the window, and nothing wider than the screen. Each of
    ``OUTER``' boards (preset, seed) on a phone at its width × 844."""
    whole_board(page)
    page.locator(".rf-play .rf-board").scroll_into_view_if_needed()
    clues = page.evaluate(CLUES_IN_WINDOW)
    cut = [
        c
        for c in clues
        for part in (c["frame"], c["shape"])
        if part is not None and (part["left"] < 1 or part["right"] > width - 1)  # clear of the edge
    ]
    assert cut == [], f"clue frames or shapes cut at the screen's edge: {cut}"
    assert any(c["frame"] for c in clues if c["edge"][0] in "LR")  # an empty board: unmatched clues framed
    targets = page.evaluate(CLUE_TARGETS, ".rf-play")
    narrow = [t for t in targets if t["edge"][0] in "LR" and (t["w"] < 24 or t["h"] < 24)]
    assert narrow == [], f"side clues' targets under 24 px: {narrow}"
    assert page.evaluate("document.documentElement.scrollWidth") == width
    shoot(page, f"phone{width}-{preset}-clues")


# How far each left or right clue's frame (its outer stroke) and shape are from the screen's nearer edge, in
# px, on the board in ``scope`` (the solo screen's ``.rf-play``, a match's ``.rf-work``); the board's
# cells, in px.
SIDE_ROOM = """(scope) => {
    const board = document.querySelector(scope + ' .rf-board');
    const cell = board.getBoundingClientRect().width / board.viewBox.baseVal.width * 40;
    const room = [...document.querySelectorAll(scope + ' .rf-edge')].filter((e) => 'LR'.includes(e.dataset.edge[0]))
        .map((e) => {
            const part = (sel) => {
                const p = e.querySelector(sel);
                if (!p) return null;
                const b = p.getBBox(), m = p.getScreenCTM();
                const half = sel === '.rf-frame' ? parseFloat(getComputedStyle(p).strokeWidth) / 2 : 0;
                const left = (b.x - half) * m.a + m.e, right = (b.x + b.width + half) * m.a + m.e;
                return Math.min(left, innerWidth - right);
            };
            return {edge: e.dataset.edge, frame: part('.rf-frame'), shape: part('.rf-shape')};
        });
    return {cell, room};
}"""
# A frame that far from the edge reads as inside the screen (0–1 px looked cut); a shape drawn whole (its
# box may reach the ring's edge: 1 px, as test_a_big_board_s_outer_clues_are_whole_on_a_phone_…).
INSET_PX = 2.5


def side_clues_keep_room(page: Page, scope: str, width: int) -> dict:
    """Assert that the board in ``scope``'s left and right clues keep room from the screen's edges, their
    targets 24 px wide or more, and the page no wider than the screen; what ``SIDE_ROOM`` found."""
    found = page.evaluate(SIDE_ROOM, scope)
    near = [c for c in found["room"] if (c["frame"] or INSET_PX) < INSET_PX or c["shape"] < 1]
    assert near == [], f"side clues' frames at the screen's edge at {width} px: {near}"
    targets = page.evaluate(CLUE_TARGETS, scope)
    narrow = [t for t in targets if t["edge"][0] in "LR" and (t["w"] < 24 or t["h"] < 24)]
    assert narrow == [], f"side clues' targets under 24 px at {width} px: {narrow}"
    assert page.evaluate("document.documentElement.scrollWidth") == width, f"wider than the screen at {width} px"
    return found


# An Easy board at 320 px keeps the screen's whole width: its cells are 44.4 px there, a finger's size only
# so (test_a_clue_s_tap_target_is_a_finger_s_size_on_an_easy_board).
SIDE_ROOMS = (
    *((preset, seed, width) for preset, seed in (("normal", "3&v=2"), ("hard", "5")) for width in (320, 360, 390)),
    ("easy", "2024", 360),
    ("easy", "2024", 390),
)


def every_board_s_side_clues_keep_room_from_the_screen_s_edge_on_a_phone(page: Page, preset: str, width: int) -> None:
    """A 10×10 board keeps room from the screen's edges for its side clues; an 8×8 (Normal) board took the
    screen's whole width, its left and right clues' frames 0–1 px from the edges, as an Easy board's. Every
    board now keeps its side clues' frames clear of the edges (a quarter rem of room, or more for a
    10×10's targets), their targets 24 px wide or more, and an Easy board's cells 44 px. Each of ``SIDE_ROOMS``'
    boards (preset, seed) on a phone at its width × 844."""
    whole_board(page)
    page.locator(".rf-play .rf-board").scroll_into_view_if_needed()
    found = side_clues_keep_room(page, ".rf-play", width)
    assert any(c["frame"] is not None for c in found["room"])  # an empty board: unmatched clues framed
    if preset == "easy":
        assert found["cell"] >= 44, found["cell"]
    shoot(page, f"phone{width}-{preset}-side-room")


def test_a_race_s_normal_board_keeps_room_from_the_screen_s_edge_on_a_phone(people: People):
    """The race's board on a phone takes the same room as the solo screen's (test above): a Normal board's
    side clues' frames were 0–1 px from the screen's edges. One round's page at 320 and at 390 px
    (``side_clues_keep_room`` names the width)."""
    host = solo_round(people, people.person(**PHONE), {"preset": "normal"})
    for width in (320, 390):
        at_width(host, width)
        whole_board(host)
        host.locator(".rf-work .rf-board").scroll_into_view_if_needed()
        side_clues_keep_room(host, ".rf-work", width)
        shoot(host, f"phone{width}-race-normal-side-room")


# A race's board as drawn: its cells' size, every clue number's size (its font size times the board's scale)
# and how far its clues' shapes reach to either side, in px on the screen.
RACE_BOARD = """() => {
    const svg = document.querySelector('.rf-work .rf-board');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const numbers = [...svg.querySelectorAll('.rf-number')]
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    const shapes = [...svg.querySelectorAll('.rf-edge .rf-shape')].map((s) => s.getBoundingClientRect());
    return {cell: svg.querySelector('.rf-cell .rf-bg').getBoundingClientRect().width, smallest: Math.min(...numbers),
            left: Math.min(...shapes.map((s) => s.left)), right: Math.max(...shapes.map((s) => s.right))};
}"""


def test_a_race_s_12_by_12_board_on_two_phones(people: People):
    """A race on the largest board a player can pick (12 × 12), Ann's page on a 390 × 844 phone, Bea's on a
    320 × 640 one. Fitted to the screen its numbers would be 7.6–9.6 px: "Bigger cells" is on by default
    (pressed), the cells 46 px and every clue number 14 px or more, the page no wider than the screen. With it
    off the board is an overview (docs/accessibility.md): every clue whole on the screen, the side clues'
    frames clear of its edges and their targets a cell wide or more (24 px at 390; at 320 px a cell is
    22.5 px, under 24), nothing wider than the screen."""
    sizes = {390: {"width": 390, "height": 844}, 320: {"width": 320, "height": 640}}
    ann = open_host(people, context=people.person(**{**PHONE, "viewport": sizes[390]}))
    bea = join(people, ann, "Bea", people.person(**{**PHONE, "viewport": sizes[320]}))
    choose(ann, 2, {"mode": "random", "preset": "custom", "size": 12, "tiles": 8, "rounds": 1})
    sit(bea, "2", ann)
    ann.click("button[data-action=start]")
    for page, width in ((ann, 390), (bea, 320)):
        expect(page.locator(".rf-work svg.rf-board")).to_be_visible(timeout=120_000)
        assert page.locator(".rf-work .rf-board").get_attribute("data-size") == "12"
        expect(page.locator("#rf-zoom-auto")).to_be_visible()  # pressed: the board is drawn bigger
        expect(page.locator("#rf-zoom")).to_be_hidden()
        zoomed = page.evaluate(RACE_BOARD)
        assert zoomed["cell"] >= 44 and zoomed["smallest"] >= 14, zoomed
        assert page.evaluate("document.documentElement.scrollWidth") == width
        page.locator("#rf-board").scroll_into_view_if_needed()
        shoot(page, f"phone{width}-race-12-zoomed")
        page.tap("#rf-zoom-auto")
        expect(page.locator("#rf-zoom")).to_have_attribute("aria-pressed", "false")
        page.locator(".rf-work .rf-board").scroll_into_view_if_needed()
        fitted = page.evaluate(RACE_BOARD)
        assert fitted["left"] >= 1 and fitted["right"] <= width - 1, fitted  # every clue's shape whole
        found = page.evaluate(SIDE_ROOM, ".rf-work")
        assert [c for c in found["room"] if (c["frame"] or INSET_PX) < INSET_PX or c["shape"] < 1] == []
        sides = [t for t in page.evaluate(CLUE_TARGETS, ".rf-work") if t["edge"][0] in "LR"]
        assert min(t["w"] for t in sides) >= min(24, int(fitted["cell"])), (fitted, sides)
        assert page.evaluate("document.documentElement.scrollWidth") == width
        shoot(page, f"phone{width}-race-12-fitted")
        expect(page.locator("#rf-zoom")).to_be_visible()  # the cells under 44 px: offered again


# --- solo boards on one page each, opened in turn by their links (solo_link) -------------------------------

SLOW_CHECKS = (clue_numbers_are_readable_on_a_phone_and_the_whole_board_a_tap_away,)


def on(page: Page, query: str, width: int, height: int, check: Callable[..., None], *args) -> Callable[[], None]:
    """A case of a walk: the solo board of ``query`` opened at ``width`` × ``height``, then ``check(page, *args)``
    (a board made live, a 12 × 12 one, may take two minutes on a loaded machine; the others one)."""

    def run() -> None:
        solo_link(page, query, width, height, timeout=120_000 if check in SLOW_CHECKS else 60_000)
        check(page, *args)

    return run


def by_preset(
    page: Page, what: str, check: Callable[[Page, str, int], None], cases: Iterable[tuple[str, str, int]]
) -> list[tuple[str, Callable[[], None]]]:
    """A phone walk's cases: ``check(page, preset, width)`` on the board of each ``(preset, seed, width)`` of
    ``cases`` at that width × 844, each named by ``what``, its link and its width."""
    return [
        (
            f"{what}, preset={preset}&seed={seed} at {width} px",
            on(page, f"preset={preset}&seed={seed}", width, 844, check, preset, width),
        )
        for preset, seed, width in cases
    ]


@pytest.mark.timeout(600)  # a walk of many boards on a loaded machine
def test_clue_digits_on_a_laptop_s_solo_boards(people: People):
    """On one laptop page, each board opened in turn by its link, every case named when it fails:
    ``two_digit_clue_numbers_fit_inside_their_shapes`` (at 1280 × 720, the default window's size),
    ``a_side_clue_s_two_digits_stay_inside_its_outline``, ``a_three_digit_clue_stays_inside_its_shape_and_readable``
    (the 8 × 8 and the 12 × 12 boards) and ``two_digit_clue_pills_keep_room_from_the_grid_s_edge`` (each of
    ``PILLS``), at 1280 × 800."""
    page = people.open(people.person(**LAPTOP), f"{people.site_url}/#/reflection/solo")
    walk(
        [
            (
                "two digits in their shapes, preset=normal&seed=3&v=2 at 1280 × 720",
                on(page, "preset=normal&seed=3&v=2", 1280, 720, two_digit_clue_numbers_fit_inside_their_shapes),
            ),
            (
                f"a side clue's two digits, {SIDE_CLUE} at 1280 px",
                on(page, SIDE_CLUE, 1280, 800, a_side_clue_s_two_digits_stay_inside_its_outline, 1280),
            ),
            *(
                (
                    f"three digits, {size} × {size} at 1280 px",
                    lambda size=size: a_three_digit_clue_stays_inside_its_shape_and_readable(page, 1280, 800, size),
                )
                for size in (8, 12)
            ),
            *(
                (
                    f"two-digit pills, {route} at 1280 px",
                    on(page, route, 1280, 800, two_digit_clue_pills_keep_room_from_the_grid_s_edge, 1280, route),
                )
                for route in PILLS
            ),
        ]
    )


@pytest.mark.timeout(600)  # a walk of many boards on a loaded machine
def test_clue_digits_and_shapes_on_a_phone_s_solo_boards(people: People):
    """On one phone page, each board opened in turn by its link, every case named when it fails:
    ``a_side_clue_s_two_digits_stay_inside_its_outline`` at 390 and 320 px,
    ``a_three_digit_clue_stays_inside_its_shape_and_readable`` (the 8 × 8 and the 12 × 12 boards) at 390 px,
    ``two_digit_clue_pills_keep_room_from_the_grid_s_edge`` (each of ``PILLS``) at 390 and 320 px, and
    ``every_clue_keeps_room_from_the_grid_s_edge_at_320_px`` (each of ``EVERY_CLUE``) at 320 × 640."""
    page = people.open(people.person(**PHONE), f"{people.site_url}/#/reflection/solo")
    walk(
        [
            *(
                (
                    f"a side clue's two digits, {SIDE_CLUE} at {width} px",
                    on(page, SIDE_CLUE, width, 844, a_side_clue_s_two_digits_stay_inside_its_outline, width),
                )
                for width in (390, 320)
            ),
            *(
                (
                    f"three digits, {size} × {size} at 390 px",
                    lambda size=size: a_three_digit_clue_stays_inside_its_shape_and_readable(page, 390, 844, size),
                )
                for size in (8, 12)
            ),
            *(
                (
                    f"two-digit pills, {route} at {width} px",
                    on(page, route, width, 844, two_digit_clue_pills_keep_room_from_the_grid_s_edge, width, route),
                )
                for route in PILLS
                for width in (390, 320)
            ),
            *(
                (
                    f"every clue's room, {route} at 320 × 640",
                    on(
                        page,
                        f"{route}&v=2",
                        320,
                        640,
                        every_clue_keeps_room_from_the_grid_s_edge_at_320_px,
                        route,
                        shapes,
                    ),
                )
                for route, shapes in EVERY_CLUE
            ),
        ]
    )


@pytest.mark.timeout(600)  # a walk of many boards on a loaded machine
def test_clue_targets_on_a_phone_s_solo_boards(people: People):
    """On one phone page, each board opened in turn by its link, every case named when it fails:
    ``a_solo_bottom_clue_s_tap_target_is_a_finger_s_size_above_the_side_column`` (320 × 844),
    ``a_zoomed_board_s_clue_targets_are_a_cell_deep_as_on_the_fitted_board`` (390 × 844) and
    ``a_big_board_s_outer_clues_are_whole_on_a_phone_and_a_finger_s_target_wide`` (each of ``OUTER``)."""
    page = people.open(people.person(**PHONE), f"{people.site_url}/#/reflection/solo")
    walk(
        [
            (
                "a bottom clue's target over the side column, preset=easy&seed=2024 at 320 px",
                on(
                    page,
                    "preset=easy&seed=2024",
                    320,
                    844,
                    a_solo_bottom_clue_s_tap_target_is_a_finger_s_size_above_the_side_column,
                ),
            ),
            (
                "a zoomed board's targets, preset=hard&seed=5 at 390 px",
                on(
                    page,
                    "preset=hard&seed=5",
                    390,
                    844,
                    a_zoomed_board_s_clue_targets_are_a_cell_deep_as_on_the_fitted_board,
                ),
            ),
            *by_preset(
                page,
                "outer clues whole",
                a_big_board_s_outer_clues_are_whole_on_a_phone_and_a_finger_s_target_wide,
                OUTER,
            ),
        ]
    )


@pytest.mark.timeout(600)  # a walk of many boards on a loaded machine
def test_side_clues_keep_room_on_a_phone_s_solo_boards(people: People):
    """On one phone page, each board opened in turn by its link, every case named when it fails:
    ``every_board_s_side_clues_keep_room_from_the_screen_s_edge_on_a_phone`` (each of ``SIDE_ROOMS``)."""
    page = people.open(people.person(**PHONE), f"{people.site_url}/#/reflection/solo")
    walk(
        by_preset(
            page, "side clues' room", every_board_s_side_clues_keep_room_from_the_screen_s_edge_on_a_phone, SIDE_ROOMS
        )
    )


@pytest.mark.timeout(600)  # a walk of many boards on a loaded machine
def test_bigger_cells_and_readable_numbers_on_a_phone_s_solo_boards(people: People):
    """On one phone page, each board opened in turn by its link, every case named when it fails:
    ``bigger_cells_is_offered_only_where_the_board_s_cells_are_under_a_finger_s_size`` (each of ``OFFERED``) and
    ``clue_numbers_are_readable_on_a_phone_and_the_whole_board_a_tap_away`` (each of ``READABLE`` at 320 and
    390 px)."""
    page = people.open(people.person(**PHONE), f"{people.site_url}/#/reflection/solo")
    walk(
        [
            *(
                (
                    f"Bigger cells offered, preset={preset}&{SEEDS[preset]} at {width} px",
                    on(
                        page,
                        f"preset={preset}&{SEEDS[preset]}",
                        width,
                        844,
                        bigger_cells_is_offered_only_where_the_board_s_cells_are_under_a_finger_s_size,
                        width,
                    ),
                )
                for preset, width in OFFERED
            ),
            *(
                (
                    f"readable numbers, {route} at {width} px",
                    on(
                        page,
                        route,
                        width,
                        844,
                        clue_numbers_are_readable_on_a_phone_and_the_whole_board_a_tap_away,
                        route,
                        width,
                    ),
                )
                for route in READABLE
                for width in (320, 390)
            ),
        ]
    )
