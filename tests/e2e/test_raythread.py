"""Raythread Rally in the browser, on one device: a whole match played by clicking (the moves chosen by
the CPython engine for the page's own match), checked against the engine as it goes; undo; a reload;
a move made with the keyboard alone."""

from __future__ import annotations

import base64
import itertools
import json
import os
import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from gamenight.raythread import GAME, rules, scene
from gamenight.raythread.board import seat_tags
from gamenight.ui import app as app_screen
from gamenight.ui.program import Env, Store, UiEvent
from tests.e2e.conftest import (
    count_pointer_events,
    hovered,
    open_app,
    pointer_events,
    resize,
    status_says,
    watch_board_top,
    watched_page,
)

pytestmark = pytest.mark.e2e
STORE = "gnc:table.raythread"
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the screenshots of a click pointing at the hand go there


def start(page: Page, site_url: str, names=("Ann", "Bea")) -> None:
    open_app(page, site_url, "#/raythread/table")
    seat_players(page, names)


def seat_players(page: Page, names=("Ann", "Bea")) -> None:
    """Fill in the table's setup form open on ``page`` and start the match."""
    if len(names) != 2:
        page.select_option("select[name=players]", str(len(names)))
    for i, name in enumerate(names):
        page.fill(f"input[name=name{i}]", name)
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".rt-board")).to_be_visible()


def record(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["record"]


def engine(page: Page) -> rules.State:
    """The page's match replayed by the CPython engine from what the page saved."""
    saved = record(page)
    state = GAME.setup(GAME.options(saved["options"]), tuple(saved["seats"]), saved["seed"])
    for entry in saved["log"]:
        state, _ = rules.play(state, entry["seat"], entry["move"])
    return state


def clicks(page: Page, move: dict) -> None:
    """The clicks a person makes for ``move`` on a Raythread board: the tile and its orientation, then
    the cell (twice for a rotation)."""
    if move["type"] == "place":
        page.click(f".rt-hand-tile[data-kind={move['tile']}]")
        orient = "slash" if move["orient"] == "/" else "backslash"
        page.click(f".rt-orient[data-orient-name={orient}]")
    r, c = move["cell"]
    page.click(f"#rt-c{r}-{c}")
    if move["type"] == "rotate":
        page.click(f"#rt-c{r}-{c}")


def click_move(page: Page, move: dict) -> None:
    moves = len(record(page)["log"])
    clicks(page, move)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length > {moves}")


def assert_page_shows(page: Page, state: rules.State) -> None:
    """Scores, claims and beams on the page are the engine's."""
    view = rules.view(state, None)
    for seat, score in view["scores"].items():
        expect(page.locator(f".match-seat[data-seat={seat}] .score")).to_have_attribute("data-score", str(score))
    claimed = {f"rt-k{b['cell'][0]}-{b['cell'][1]}" for b in view["beacons"] if b["claimers"]}
    on_page = set(page.eval_on_selector_all(".rt-beacon.rt-claimed", "els => els.map(e => e.id)"))
    assert on_page == claimed
    for beacon in view["beacons"]:
        ring = page.locator(f"#rt-k{beacon['cell'][0]}-{beacon['cell'][1]} .rt-claim")
        expect(ring).to_have_count(len(beacon["claimers"]))
    drawn = set(page.eval_on_selector_all(".rt-beam[id]", "els => els.map(e => e.id)"))
    assert drawn <= scene.beam_keys(view) and len(drawn) >= len(scene.beam_keys(view)) - len(view["beams"]) * 4
    tiles = page.locator(".rt-tile")
    expect(tiles).to_have_count(len(view["tiles"]))


def test_a_whole_match_on_one_device_played_by_clicking(app: Page, site_url: str):
    start(app, site_url)
    state = engine(app)
    chooser = random.Random(record(app)["seed"])
    moves = 0
    while not state.ended:
        seat = state.seats[state.turn]
        status_says(app, f"({seat_tags(state.seats)[seat]}) to play")
        move = chooser.choice(rules.legal(state, seat))
        click_move(app, move)
        state, _ = rules.play(state, seat, move)
        assert engine(app) == state
        moves += 1
        if moves % 6 == 0:
            assert_page_shows(app, state)
    assert_page_shows(app, state)
    result = GAME.result(state)
    panel = app.locator(".match-result")
    expect(panel).to_be_visible()
    # Who won is said once, by the status at the top; the panel beside the board ranks.
    status_says(app, "draw" if result.draw else "wins")
    expect(panel.locator("h2")).to_have_text("Final standings")
    places = app.eval_on_selector_all(".match-result li[data-seat]", "els => els.map(e => e.dataset.seat)")
    assert places == [s for place in result.ranking for s in place]
    expect(app.locator("button[data-action=table-new]")).to_have_text("Rematch")


def test_undo_and_a_reload_keep_the_match(app: Page, site_url: str):
    start(app, site_url, ("Ann", "Bea", "Cy"))
    state = engine(app)
    before = []
    for _ in range(3):
        seat = state.seats[state.turn]
        move = [m for m in rules.legal(state, seat) if m["type"] == "place"][11]
        click_move(app, move)
        before.append(state)
        state, _ = rules.play(state, seat, move)
    app.click("button[data-action=table-undo]")
    expect(app.locator(".rt-tile")).to_have_count(2)
    assert engine(app) == before[-1]
    assert_page_shows(app, before[-1])
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(app.locator(".notice")).to_contain_text("Welcome back")
    assert_page_shows(app, before[-1])
    # A preview: pointing at a cell with a tile chosen shows the beams after the move.
    app.click(".rt-hand-tile:not([disabled])")
    target = app.locator(".rt-cell.rt-target").nth(3)
    target.hover()
    expect(app.locator(".rt-board.rt-previewing")).to_have_count(1)


def test_a_tile_chosen_stays_chosen_across_a_reload_and_is_placed_after_it(app: Page, site_url: str):
    """A turn begun (a tile chosen and turned to backslash) is kept in this browser (``gnc:match.turns``)
    and found again after a reload: the tile and its orientation pressed, its cells offered; placed then."""
    start(app, site_url)
    state = engine(app)
    move = next(m for m in rules.legal(state, "A") if m["type"] == "place" and m["orient"] == "\\")
    app.click(f".rt-hand-tile[data-kind={move['tile']}]")
    app.click(".rt-orient[data-orient-name=backslash]")
    # Kept as it changes: the orientation chosen is in the entry before the page goes.
    kept = "Object.values(JSON.parse(localStorage.getItem('gnc:match.turns') || '{}'))"
    app.wait_for_function(f"{kept}.some(e => e.turn.orient === '\\\\')")
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(app.locator(".notice")).to_contain_text("Welcome back")
    expect(app.locator(f".rt-hand-tile[data-kind={move['tile']}]")).to_have_attribute("aria-pressed", "true")
    expect(app.locator(".rt-orient[data-orient-name=backslash]")).to_have_attribute("aria-pressed", "true")
    r, c = move["cell"]
    expect(app.locator(f"#rt-c{r}-{c}")).to_have_class(re.compile("rt-target"))
    app.click(f"#rt-c{r}-{c}")
    app.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length === 1")
    assert record(app)["log"][0]["move"] == move
    expect(app.locator(".rt-hand-tile[aria-pressed=true]")).to_have_count(0)


def test_a_move_with_the_keyboard_alone(app: Page, site_url: str):
    open_app(app, site_url, "#/raythread/table")
    count_pointer_events(app)
    app.keyboard.press("Tab")
    for _ in range(40):  # Tab through the page to the first player's name field
        if app.evaluate("document.activeElement.name") == "name0":
            break
        app.keyboard.press("Tab")
    app.keyboard.type("Ann")
    app.keyboard.press("Enter")  # submits the setup form
    expect(app.locator(".rt-board")).to_be_visible()
    expect(app.locator("#rt-board")).to_be_focused()  # the Start button is gone: focus is on the board
    app.keyboard.press("Shift+Tab")
    app.keyboard.press("Tab")
    expect(app.locator("#rt-board")).to_be_focused()  # and the board is one Tab stop
    # The cursor starts next to the middle, on a cell a tile may go to: the centre is always a beacon.
    expect(app.locator("#rt-board")).to_have_attribute("aria-activedescendant", "rt-c4-5")
    scroll = app.evaluate("window.scrollY")
    # Choose a tile by its key: the first kind the (randomly dealt) hand holds.
    tile = app.locator(".rt-hand-tile:not([disabled])").first
    kind, key = tile.get_attribute("data-kind"), tile.get_attribute("aria-keyshortcuts") or ""
    app.keyboard.press(key)
    expect(app.locator(f".rt-hand-tile[data-kind={kind}]")).to_have_attribute("aria-pressed", "true")
    app.keyboard.press("Backslash")
    for key in ("ArrowUp", "ArrowUp", "ArrowLeft"):
        app.keyboard.press(key)
    assert app.evaluate("window.scrollY") == scroll, "arrow keys move the cursor, not the page"
    expect(app.locator("#rt-board")).to_have_attribute("aria-activedescendant", "rt-c2-4")
    # Beacons are seeded at random: walk the cursor to a cell the board offers (its nearest one).
    offered = [
        tuple(int(n) for n in (cell.get_attribute("id") or "").removeprefix("rt-c").split("-"))
        for cell in app.locator(".rt-target").all()
    ]
    row, col = min(offered, key=lambda rc: (abs(rc[0] - 2) + abs(rc[1] - 4), rc))
    for key, steps in (("ArrowDown", row - 2), ("ArrowUp", 2 - row), ("ArrowRight", col - 4), ("ArrowLeft", 4 - col)):
        for _ in range(max(steps, 0)):
            app.keyboard.press(key)
    expect(app.locator("#rt-board")).to_have_attribute("aria-activedescendant", f"rt-c{row}-{col}")
    app.keyboard.press("Enter")
    app.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length === 1")
    entry = record(app)["log"][0]
    assert entry["move"] == {"type": "place", "tile": kind, "cell": [row, col], "orient": "\\"}
    expect(app.locator("#match-news")).to_contain_text(f"places a {kind}")
    assert pointer_events(app) == 0, "a move made with no pointer at all"


def test_a_refused_setup_keeps_what_was_typed(app: Page, site_url: str):
    """The names typed, the seats' players and the options stay in the form beside the reason (every
    field was emptied by a refused submit), so the player corrects one name and starts."""
    open_app(app, site_url, "#/raythread/table")
    app.select_option("select[name=players]", "3")
    for i, name in enumerate(("Ann", "Bea", "ann")):
        app.fill(f"input[name=name{i}]", name)
    app.select_option("select[name=kind1]", "hard")
    app.click(".table-options summary")
    app.fill("input[name=target]", "9")
    app.click("form[data-action=table-setup] button[type=submit]")
    expect(app.locator(".notice")).to_have_text("Give every player a different name.")
    for i, name in enumerate(("Ann", "Bea", "ann")):
        expect(app.locator(f"input[name=name{i}]")).to_have_value(name)
    expect(app.locator("select[name=kind1]")).to_have_value("hard")
    expect(app.locator("input[name=target]")).to_have_value("9")
    app.fill("input[name=name2]", "Cy")
    app.click("form[data-action=table-setup] button[type=submit]")
    expect(app.locator(".rt-board")).to_be_visible()
    saved = record(app)
    assert [saved["names"][s] for s in saved["seats"]] == ["Ann", "Bea", "Cy"] and saved["options"]["target"] == 9
    # The host's setup too: a refused relay keeps the game night's name, the host's and the relay's.
    app.evaluate("location.hash = '#/host?game=raythread'")
    app.fill("input[name=lobby]", "Friday night")
    app.fill("input[name=name]", "Ann")
    app.click("details.relay summary")
    app.fill("input[name=turn]", "turn:relay.example.org:3478")
    app.click("form[data-action=host-setup] button[type=submit]")
    expect(app.locator("form[data-action=host-setup] .error")).to_contain_text("user name and password")
    for name, value in (("lobby", "Friday night"), ("name", "Ann"), ("turn", "turn:relay.example.org:3478")):
        expect(app.locator(f"input[name={name}]")).to_have_value(value)


def test_starting_from_players_and_options_asks_before_the_match_in_progress_is_lost(app: Page, site_url: str):
    """During a match, "Players and options" then "Start the match": the page asks first, as "New match"
    does; "Keep playing" goes back to the match untouched, and the question's "Start the match" deals
    with the choices the form still holds."""
    start(app, site_url)
    click_move(app, rules.legal(engine(app), "A")[0])
    played = record(app)
    app.click("button[data-action=table-setup]")
    app.select_option("select[name=players]", "3")
    app.fill("input[name=name2]", "Cy")
    app.click("form[data-action=table-setup] .actions button[type=submit]")
    question = app.locator(".table-setup .confirm")
    expect(question).to_contain_text("Start a new match? This one will be lost.")
    expect(app.locator("button[data-action=table-new-cancel]")).to_be_focused()
    assert record(app) == played, "nothing is dealt yet"
    app.click("button[data-action=table-new-cancel]")
    expect(app.locator(".rt-board")).to_be_visible()
    assert record(app) == played and app.locator(".match-log li").count() == 1
    app.click("button[data-action=table-setup]")
    app.select_option("select[name=players]", "3")
    app.fill("input[name=name2]", "Cy")
    app.click("form[data-action=table-setup] .actions button[type=submit]")
    question.locator("button[type=submit]").click()
    expect(app.locator(".rt-board")).to_be_visible()
    dealt = record(app)
    assert dealt["log"] == [] and [dealt["names"][s] for s in dealt["seats"]] == ["Ann", "Bea", "Cy"]


def finished_table(form: dict[str, str], seed: int) -> tuple[str, rules.State]:
    """A Raythread table on this device as its page saves it, set up with ``form`` (the setup form's fields),
    dealt from ``seed`` and played to its end by moves chosen at random (seeded): the saved text and the end."""
    model, _ = app_screen.init("#/raythread/table", Env(stored={}, now_ms=1_000))
    _model, effects = app_screen.update(
        model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), Env(now_ms=2_000)
    )
    saved = json.loads(next(e for e in effects if isinstance(e, Store)).text)
    played = saved["record"]
    played["seed"] = seed
    state = GAME.setup(GAME.options(played["options"]), tuple(played["seats"]), seed)
    chooser = random.Random(seed)
    while not state.ended:
        seat = state.seats[state.turn]
        move = chooser.choice(rules.legal(state, seat))
        played["log"].append({"at": 3_000, "seat": seat, "move": move})
        state, _ = rules.play(state, seat, move)
    played["ended"] = "over"
    return json.dumps(saved), state


def seated(*names: str, bots: int = 0, level: str = "easy") -> dict[str, str]:
    """The setup form of a table of ``names``, the last ``bots`` of them (unnamed) computer players at ``level``."""
    form = {"players": str(len(names))}
    for i, name in enumerate(names):
        bot = i >= len(names) - bots
        form |= {f"name{i}": "" if bot else name, f"kind{i}": level if bot else "here"}
    return form


# Finished tables (setup form, seed) and the seats whose rows have the tie-break's note: four people and
# computers (Normal: the longest name of one, "Bot B (Normal)", held on one line) with two seats level on points
# and on joint claims (a place shared, no note: the player's pass saw "joint claims: 0" beside both); four with
# three level on 3 points, two of them with a joint claim (the tie-break puts the third below them); three with
# two level on 1 point and a joint claim between them; two.
STANDINGS = {
    "four level on both": (seated("Ann", "", "", "", bots=3, level="normal"), 1, set()),
    "four with a tie-break": (seated("Annabel", "Beatrice", "Cyril", "Dorothy"), 36, {"A", "B", "D"}),
    "three with a tie-break": (seated("Ann", "Beatrice", "Cyril"), 64, {"A", "C"}),
    "two": (seated("Christopher", "Beatrice"), 1, set()),
}

# Each row of the final standings: its seat, how many lines its drawn words take (text on a line starting
# below the bottom of every text before it starts a new one; the joins " · " are not drawn), whether a join
# is drawn, its note's lines, the right edge of its points, how far it reaches past the panel's box, and how far
# its name's drawn text reaches into its points (a name held on one line, "Bot C (Normal)", is wider than its
# column where the panel is narrow).
STANDING_ROWS = """() => [...document.querySelectorAll('.match-result .ranking li')].map((li) => {
    const lines = (el) => {
        const rects = [];
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            if (!n.textContent.trim() || n.parentElement.closest('.join')) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        rects.sort((a, b) => a.top - b.top);
        let count = 0, bottom = -Infinity;
        for (const r of rects) {
            if (r.top >= bottom - 1) count += 1;
            bottom = Math.max(bottom, r.bottom);
        }
        return count;
    };
    const note = li.querySelector('.note'), points = li.querySelector('.points');
    const joins = [...li.querySelectorAll('.join')].filter((j) => j.getBoundingClientRect().width > 1);
    const panel = li.closest('.match-result').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(li.querySelector('.who'));
    const named = Math.max(...[...range.getClientRects()].map((r) => r.right));
    const clash = points ? Math.max(0, Math.round(named - points.getBoundingClientRect().left)) : 0;
    return {place: lines(li.querySelector('.place')), clash,
            seat: li.dataset.seat, lines: lines(li), joins: joins.length, note: note && lines(note),
            right: points && Math.round(points.getBoundingClientRect().right),
            past: Math.max(0, Math.round(li.getBoundingClientRect().right - panel.right))};
})"""


def test_a_finished_match_s_standings_read_one_line_a_row_on_a_laptop_and_in_columns_on_a_phone(
    app: Page, site_url: str
):
    """A player's pass: at 1280 × 800 a finished four-player match's standings wrapped each row of two seats
    level on points ("2. Bot B (Easy) · 0 points ·" / "joint claims: 0"), and named the tie-break beside two
    seats level on it too. The note stands only where the tie-break decides an order (the rules' notes,
    tests/unit/raythread/test_rules.py), and on a laptop every row is one line, with two, three or four
    seats, in English and Japanese. On a phone a note may go under its name, whole; the points stand in one
    column, no join (" · ") is left at a line's end, and nothing reaches past the panel. No name runs into its
    points: at 1280 × 800 with the text at 200 % (640 × 400 CSS px), the panel beside the board, a player's pass
    saw "1. Bot C (Normal)12 points", the computer's name (one unbreakable run) drawn over its points. One page
    takes the laptop's size (1280 × 800), the zoomed laptop's and the phone's (390 × 844) in turn; a failure
    names the size, the case and the language."""
    page = open_app(app, site_url, "#/")
    for size in ((1280, 800), (640, 400), (390, 844)):
        resize(page, size[0], size[1])
        for language in ("en", "ja"):
            page.click(f".lang-switch .lang[data-lang={language}]")
            for case, (form, seed, noted) in STANDINGS.items():
                saved, state = finished_table(form, seed)
                assert set(GAME.result(state).notes) == noted, case
                page.evaluate(f"localStorage.setItem('{STORE}', {json.dumps(saved)})")
                page.evaluate("location.hash = '#/'")
                page.evaluate("location.hash = '#/raythread/table'")
                expect(page.locator(".match-result .ranking li")).to_have_count(len(state.seats))
                rows = page.evaluate(STANDING_ROWS)
                said = f"{size[0]}x{size[1]}, {case}, {language}: {rows}"
                assert {r["seat"] for r in rows if r["note"]} == noted, said
                assert all(r["joins"] == 0 and r["past"] == 0 for r in rows), said
                assert all(r["clash"] == 0 for r in rows), f"a name runs into its points: {said}"
                assert all(r["place"] == 1 for r in rows), f"a place broke ('1' / '.'): {said}"
                rights = {r["right"] for r in rows}
                assert len(rights) == 1 and None not in rights, f"the points are not in one column: {said}"
                if size[0] == 1280:
                    assert all(r["lines"] == 1 for r in rows), said
                assert all(r["note"] in (None, 1) for r in rows), f"a note broke: {said}"


# What the eye sees of the hand and the hint: the first enabled tile's animation (and how many run) and
# ring, the hint's colour and the emphasis colour, and the boxes of the board and the hand.
LOOK = """() => {
    const tile = document.querySelector('.rt-hand-tile:not([disabled])'), style = getComputedStyle(tile);
    const box = sel => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return [r.x + scrollX, r.y + scrollY, r.width, r.height];  // in the page: a tap may scroll it
    };
    const probe = document.createElement('span');
    probe.style.color = 'var(--emphasis)';
    document.body.append(probe);
    const emphasis = getComputedStyle(probe).color;
    probe.remove();
    return {nudge: document.querySelector('.rt-hand').dataset.nudge || null, animation: style.animationName,
            running: tile.getAnimations().length, ring: style.boxShadow,
            hint: getComputedStyle(document.querySelector('.rt-hint')).color, emphasis,
            boxes: [box('.rt-board'), box('.rt-hand'), box('.rt-hint')]};
}"""


@pytest.fixture(
    params=[
        {"viewport": {"width": 1280, "height": 800}},
        {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"},
    ],
    ids=["laptop", "phone"],
)
def laptop_or_phone(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[Page]:
    """A page on a laptop (1280×800) or a phone (390×844, touch), watched like ``app``."""
    with watched_page(browser, site_url, **request.param) as page:
        yield page


def test_the_hint_and_a_cell_pressed_with_no_tile_chosen_and_no_hover_tint_where_a_finger_tapped(
    laptop_or_phone: Page, site_url: str
):
    """One page on a laptop and one on a phone (the parameter names which), each check in turn:

    1. The first hint names the tile keys on a laptop only: on a phone (touch, no keyboard) "(keys 1, 2)" is
       noise, the hint shows without it.
    2. QA: a click (or a tap, or Enter) on a cell with no tile chosen changed nothing on the screen (the
       refusal is hidden under the hint that says it). Each such click now rings the hand's tiles (a pulse,
       replayed on the next click; a still ring with reduced motion) and turns the hint to the emphasis
       colour until a tile is chosen, moving nothing.
    3. Found by a QA pass: a phone keeps :hover on what a finger last tapped, and a target cell tinted on any
       :hover, so a lighter cell stayed where the finger had been after the move. As Light Seeker's and
       Reflection's cells, the tint is for a hovering pointer only: a laptop's mouse still tints."""
    page = laptop_or_phone
    start(page, site_url)
    touch = page.viewport_size is not None and page.viewport_size["width"] < 500
    # 1. The first hint, and its keys on a laptop only.
    expect(page.locator(".rt-hint")).to_contain_text("from your hand")
    if touch:
        expect(page.locator(".rt-hint .keys-only")).to_be_hidden()
        assert "(key" not in page.locator(".rt-hint").inner_text(), "a phone's hint names keys"
    else:
        expect(page.locator(".rt-hint .keys-only")).to_be_visible()
        expect(page.locator(".rt-hint")).to_contain_text("(key")

    # 2. A cell pressed with no tile chosen points at the hand.

    def press_cell() -> None:
        if touch:
            page.tap("#rt-c3-3")
        else:
            page.click("#rt-c3-3")

    before = page.evaluate(LOOK)
    assert before["nudge"] is None and before["running"] == 0 and before["hint"] != before["emphasis"]
    press_cell()
    first = page.evaluate(LOOK)
    assert first["nudge"] is not None, "the click points at the hand"
    assert first["animation"] == f"rt-nudge-{first['nudge']}" and first["running"] == 1, first
    assert first["hint"] == first["emphasis"], first
    assert first["boxes"] == before["boxes"], "nothing moves"
    # Once the pulse is over, a second click plays it again.
    page.wait_for_function("!document.querySelector('.rt-hand-tile:not([disabled])').getAnimations().length")
    assert page.evaluate(LOOK)["hint"] == first["emphasis"], "the hint stays emphasised until a tile is chosen"
    press_cell()
    second = page.evaluate(LOOK)
    assert second["nudge"] not in (None, first["nudge"]) and second["running"] == 1, second
    assert second["animation"] == f"rt-nudge-{second['nudge']}" and second["boxes"] == before["boxes"], second
    if not touch:  # a keyboard player's Enter on the board's cursor is refused alike
        page.wait_for_function("!document.querySelector('.rt-hand-tile:not([disabled])').getAnimations().length")
        page.focus(".rt-board")
        page.keyboard.press("Enter")
        by_key = page.evaluate(LOOK)
        assert by_key["nudge"] not in (None, second["nudge"]) and by_key["running"] == 1, by_key
    chosen = page.locator(".rt-hand-tile:not([disabled])").first
    chosen.click()
    expect(chosen).to_have_attribute("aria-pressed", "true")
    after = page.evaluate(LOOK)
    assert after["nudge"] is None and after["hint"] == before["hint"], "choosing a tile ends the emphasis"

    chosen.click()  # un-chosen again, and the reduced motion a person may ask for: a ring that stands still
    expect(chosen).to_have_attribute("aria-pressed", "false")
    page.emulate_media(reduced_motion="reduce")
    press_cell()
    still = page.evaluate(LOOK)
    assert still["nudge"] is not None and still["animation"] == "none" and still["running"] == 0, still
    assert still["emphasis"] in still["ring"] and still["hint"] == still["emphasis"], still
    assert still["boxes"] == before["boxes"], "nothing moves"
    if SHOTS:
        name = "laptop" if not touch else "phone"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=f"{SHOTS}/rt-nudge-{name}-{scheme}.png")
            page.emulate_media(reduced_motion="no-preference")
            press_cell()  # the pulse at its brightest, held still for the picture
            page.evaluate("document.getAnimations().forEach(a => { a.pause(); a.currentTime = 250; })")
            page.screenshot(path=f"{SHOTS}/rt-nudge-{name}-{scheme}-pulse.png")
            page.evaluate("document.getAnimations().forEach(a => a.finish())")
            page.emulate_media(reduced_motion="reduce")

    # 3. No hover tint stays where a finger tapped; a mouse over a target cell tints it. As a fresh page has
    # it: motion as the device asks, its own scheme, and no mouse resting on the board (the presses above).
    page.emulate_media(reduced_motion="no-preference", color_scheme="dark" if touch else "light")
    if not touch:
        page.mouse.move(0, 0)
    tile = page.locator(".rt-hand-tile:not([disabled])").first
    tile.tap() if touch else tile.click()
    targets = page.locator(".rt-cell.rt-target")
    expect(targets.first).to_be_visible()
    look = "e => getComputedStyle(e.querySelector('rect')).fill"
    untouched = targets.last.evaluate(look)
    hovered(page, ".rt-cell.rt-target")  # the first target, held in :hover as a finger's last tap leaves it
    held = targets.first.evaluate(look)
    if touch:
        assert held == untouched, "a finger's last tap looks hovered"
    else:
        assert held != untouched, "a mouse over a target cell tints it"


# Each text put into a role=alert region under the root (a selector; a text node or an element added, or a
# text node's data changed), with the region's id: what a screen reader is told to announce.
WATCH_ALERTS = """root => {
  window.alerted = [];
  const region = node => node && (node.nodeType === 1 ? node : node.parentElement)?.closest('[role=alert]');
  new MutationObserver(changes => {
    for (const change of changes) {
      const texts = change.type === 'characterData' ? [change.target] : [...change.addedNodes];
      for (const node of texts) {
        const alert = region(node);
        if (alert && node.textContent) window.alerted.push([alert.id, node.textContent]);
      }
    }
  }).observe(document.querySelector(root), {subtree: true, childList: true, characterData: true});
}"""


def test_the_same_refusal_twice_is_announced_twice(app: Page, site_url: str):
    """QA: a second identical refusal (a second click with no tile chosen, the same illegal placement
    again) left the page's role=alert as it was (the same text: the morphing render changed nothing), so
    a screen reader said it once. Each refusal now puts its text into an alert region afresh."""
    start(app, site_url)
    app.evaluate(WATCH_ALERTS, ".match-main")
    # In the words of the hand dealt (a first turn: no tile of Ann's to turn yet).
    mirrors, prisms = engine(app).hands[0]
    choose_first = {
        (True, True): "Choose a mirror or a prism from your hand first.",
        (True, False): "Choose a mirror from your hand first.",
        (False, True): "Choose a prism from your hand first.",
    }[mirrors > 0, prisms > 0]
    for _ in range(3):
        app.click("#rt-c3-3")  # no tile chosen
    app.locator(".rt-hand-tile:not([disabled])").first.click()  # whichever kind the deal gave
    r, c = rules.view(engine(app), None)["beacons"][0]["cell"]
    for _ in range(2):
        app.click(f"#rt-c{r}-{c}")  # a beacon's cell takes no tile
    alerted = app.evaluate("window.alerted")
    assert [text for _id, text in alerted] == [choose_first] * 3 + ["That cell holds a beacon."] * 2, alerted
    assert all(a[0] != b[0] for a, b in itertools.pairwise(alerted)), f"a region said it again unchanged: {alerted}"
    expect(app.locator(".rt-note")).to_have_text("That cell holds a beacon.")


def test_the_board_stays_put_between_the_players_turn_and_the_computers_on_a_narrow_phone(
    browser: Browser, site_url: str
):
    """Found by a QA pass: at 320 px, against the computer, "Player 1 (A) to play · your turn" takes two lines
    and "Bot B (Easy) is thinking…" one, so the board jumped 20 px down and back at every move. The status
    keeps the room of two lines on a phone. And a player's pass: after the first tap on a cell (the preview) the hint
    that says a second tap places is in the window (it stood under the hand, below it), and the status stays in it
    (bringing the hint in scrolled it out)."""
    with watched_page(
        browser, site_url, viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    ) as page:
        open_app(page, site_url, "#/raythread/table?vs=easy")
        status_says(page, "your turn")
        # The emitters' letters (11 units of a 40-unit cell) were 6.8 px on the 11×11 board 272 px wide.
        letters = page.evaluate(
            """() => { const svg = document.querySelector('.rt-board');
                const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return [svg.dataset.size, [...svg.querySelectorAll('.rt-letter')].map(
                    (t) => Math.round(parseFloat(getComputedStyle(t).fontSize) * k * 10) / 10)]; }"""
        )
        assert letters[0] == "11" and letters[1] and min(letters[1]) >= 9, letters
        watch_board_top(page, ".rt-board")
        for moves in (2, 4):
            page.locator(".rt-hand-tile:not([disabled])").first.tap()
            # Bringing the hint in scrolled the status (whose turn, the points) out over the window's top.
            expect(page.locator(".rt-hint")).to_be_in_viewport(ratio=1)
            expect(page.locator(".match-status")).to_be_in_viewport(ratio=1)
            cell = page.locator(".rt-cell.rt-target").nth(moves)
            cell.tap()  # a preview
            # A player's pass: the hint that says a second tap places stood under the hand, below the window.
            expect(page.locator(".rt-hint")).to_contain_text("Tap or click the cell to place the tile")
            expect(page.locator(".rt-hint")).to_be_in_viewport(ratio=1)
            expect(page.locator(".match-status")).to_be_in_viewport(ratio=1)
            cell.tap()  # placed; the computer answers
            page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length >= {moves}")
            status_says(page, "your turn")
        tops = page.evaluate("window.boardTops")
        assert any("thinking" in status for _top, status, _replay in tops), "the computer's turn was seen"
        assert len({top for top, _status, _replay in tops}) == 1, sorted({(top, status) for top, status, _r in tops})


def test_a_mouse_hover_leaves_the_preview_a_tap_made_on_a_touch_laptop(browser: Browser, site_url: str):
    """Seen in Playwright on a touch laptop: after a mouse click (the setup's Start), the page scrolling or
    redrawn under the resting cursor fires the mouse's pointerover (pointerType "mouse"), which moved or
    cleared the preview a tap had made, so the second tap previewed again instead of placing. A mouse's
    hover now leaves a tap's preview; the second tap places the tile where the first one previewed it.
    Two hovers, one turn each on one page (Ann's, then Bea's): the pointerover the browser sends when the page
    moves under the cursor resting where Start was clicked, then a real mouse's move onto another target
    cell; a failure names the hover."""
    with watched_page(browser, site_url, viewport={"width": 1280, "height": 800}, has_touch=True) as page:
        start(page, site_url)  # the setup's Start clicked with the mouse, which rests there
        for moves, hover in enumerate(("pointerover", "mouse-move")):
            tile = page.locator(".rt-hand-tile:not([disabled])").first
            tile.tap()
            kind = tile.get_attribute("data-kind")
            targets = page.locator(".rt-cell.rt-target")
            tapped, other = targets.nth(3), targets.nth(12)
            row, col = (int(n) for n in str(tapped.get_attribute("id")).removeprefix("rt-c").split("-"))
            tapped.tap()
            board, hint = page.locator(".rt-board"), page.locator(".rt-hint")
            expect(board).to_have_class(re.compile(r"\brt-previewing\b"))
            expect(hint).to_contain_text(f"row {row + 1}, column {col + 1}")
            previewed = hint.inner_text()
            if hover == "mouse-move":  # a real mouse's move onto another target cell
                box = other.bounding_box()
                assert box is not None, hover
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            else:  # as the browser sends it when the page moves under a resting cursor, on a cell and off the board
                for element in (other, tile):
                    element.dispatch_event("pointerover", {"pointerType": "mouse", "bubbles": True})
            page.evaluate("() => new Promise(requestAnimationFrame)")  # let the page draw what the hover changed
            expect(board).to_have_class(re.compile(r"\brt-previewing\b"))
            assert hint.inner_text() == previewed, f"{hover}: the tap's preview stands"
            tapped.tap()
            page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length === {moves + 1}")
            assert record(page)["log"][moves]["move"]["cell"] == [row, col], hover
            assert record(page)["log"][moves]["move"]["tile"] == kind, hover


# The most contrast any pixel of a PNG (base64) keeps against ``rgb`` (WCAG's ratio of relative luminances).
MOST_CONTRAST = """async ([png, rgb]) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const data = g.getImageData(0, 0, img.width, img.height).data;
  const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (r, gr, b) => [r, gr, b].map(linear).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const base = lum(...rgb);
  let most = 1;
  for (let i = 0; i < data.length; i += 4) {
    const l = lum(data[i], data[i + 1], data[i + 2]);
    most = Math.max(most, (Math.max(l, base) + 0.05) / (Math.min(l, base) + 0.05));
  }
  return most;
}"""


def test_the_cells_a_chosen_tile_may_go_to_stand_out_from_the_board_in_both_themes(browser: Browser, site_url: str):
    """Seen on the dark page: with a tile chosen, the cells it may go to were tinted white at 10 %, 1.3:1
    against an empty cell (the board is the same night field in both themes: on the light page the dark
    board around them made them look clearer). A state a player must see needs 3:1 (DESIGN.md): a target
    cell is marked by an outline inside it, measured here as drawn, in a cell no beam crosses (inside the
    grid's lines, which every cell has). One page, the light scheme then the dark; a failure names it."""
    with watched_page(browser, site_url, viewport={"width": 1280, "height": 800}, color_scheme="light") as page:
        start(page, site_url)
        page.locator(".rt-hand-tile:not([disabled])").first.click()
        page.mouse.move(0, 0)  # no hover tint or preview on the board
        unlit = page.locator(".rt-cell.rt-target:not([aria-label*='lit by'])")
        expect(unlit.first).to_be_visible()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            field = page.eval_on_selector(".rt-field", "e => getComputedStyle(e).fill")
            rgb = [int(n) for n in re.findall(r"\d+", field)[:3]]
            box = unlit.nth(5).bounding_box()
            assert box is not None, scheme
            inside = {"x": box["x"] + 2, "y": box["y"] + 2, "width": box["width"] - 4, "height": box["height"] - 4}
            png = base64.b64encode(page.screenshot(clip=inside)).decode()
            assert page.evaluate(MOST_CONTRAST, [png, rgb]) >= 3, (
                f"{scheme}: a cell the tile may go to looks like any empty cell"
            )
