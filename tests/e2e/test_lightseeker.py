"""Light Seeker in the browser, on one device: a whole match played by clicking (the turns chosen by the
CPython engine for the page's own match), the page's light areas and total light checked against the
engine every turn; an illegal turn explained; undo of an action; a reload; a turn by keyboard alone."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from gamenight import games
from gamenight.core.bot import decide
from gamenight.core.grid import Direction
from gamenight.lightseeker import GAME, rules
from gamenight.ui import app as app_screen
from gamenight.ui.program import Env, Store, UiEvent
from tests.e2e.conftest import (
    assert_in_window,
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
STORE = "gnc:table.lightseeker"
TOUCH = "(pointer: coarse), (hover: none)"  # css/app.css: a touch screen (the arrows take no taps there)


def start(page: Page, site_url: str, names=("Ann", "Bea"), joins: str | None = None) -> None:
    open_app(page, site_url, "#/lightseeker/table")
    start_table(page, names, joins)


@contextmanager
def touch_screen(browser: Browser, site_url: str, width: int, height: int) -> Iterator[Page]:
    """A match started on a touch screen of ``width`` × ``height`` CSS px (a phone, a tablet), on a page
    watched like ``app``'s: checked once the test's body passed, its context closed either way."""
    with watched_page(
        browser, site_url, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    ) as page:
        start(page, site_url)
        yield page


def arrowed_cube(state: rules.State) -> int:
    """A cube, not Buh, with an open cell next to it: chosen, its arrows are drawn."""
    taken = set(state.board.cells)
    return next(
        i
        for i, (r, c) in enumerate(state.board.cells)
        if i != state.board.buh and any(p not in taken for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
    )


def start_table(page: Page, names=("Ann", "Bea"), joins: str | None = None) -> None:
    """Fill the setup form of the table on this device and start the match."""
    for i, name in enumerate(names):
        page.fill(f"input[name=name{i}]", name)
    if joins:
        page.click(".table-options summary")
        page.select_option("select[name=light_joins]", joins)
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".ls-board")).to_be_visible()


def record(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["record"]


def engine(page: Page) -> rules.State:
    """The page's match replayed by the CPython engine from what the page saved."""
    saved = record(page)
    state = GAME.setup(GAME.options(saved["options"]), tuple(saved["seats"]), saved["seed"])
    for entry in saved["log"]:
        state, _ = GAME.play(state, entry["seat"], entry["move"], 0)
    return state


def cell(board: rules.Board, cube: int) -> str:
    r, c = board.cells[cube]
    return f"#ls-c{r}_{c}"


def click_turn(page: Page, state: rules.State, move: dict) -> None:
    """Play ``move`` by clicks on this device's table and wait until it is saved."""
    turns = len(record(page)["log"])
    build_turn(page, state, move, lambda: record(page)["log"] == record(page)["log"][:turns])
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length > {turns}")


def build_turn(page: Page, state: rules.State, move: dict, nothing_sent=lambda: True) -> None:
    """Build ``move`` by clicks: each action's cube, then its arrow on the board (on a touch screen, where
    the arrows take no taps, its button); Buh's cube; Confirm. The light shown after each action is the
    engine's. It waits for the position first: a click on the board while a turn made elsewhere is played
    back only ends that replay."""
    expect(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
    board = state.board
    part = ".ls-move" if page.evaluate(f"matchMedia('{TOUCH}').matches") else ".ls-arrow"
    for a in move["actions"]:
        if page.locator(f"#ls-cube-{a['cube']}.ls-selected").count() == 0:
            page.click(cell(board, a["cube"]))
        page.click(f"{part}[data-cube='{a['cube']}'][data-kind={a['kind']}][data-dir={a['dir']}]")
        board = rules.act(board, rules.Action(a["cube"], a["kind"], Direction(a["dir"])))
        expect(page.locator(".ls-light")).to_have_attribute("data-light", str(rules.total_light(board)))
    # The last Slide or Tilt pressed goes with the actions made: focus is on the board, where Buh's cube is
    # chosen next, not on the status line above it (a player's pass, by keyboard and screen reader).
    expect(page.locator("#ls-board")).to_be_focused()
    page.click(cell(board, move["buh"]))
    expect(page.locator(".ls-play")).to_have_attribute("data-step", "confirm")
    assert nothing_sent(), "nothing is sent before Confirm turn"
    page.click("button[data-action=ls-confirm]")


def assert_page_shows(page: Page, state: rules.State) -> None:
    """The light areas (their cubes and values) and the total light on the page are the engine's (once a
    turn made elsewhere, a computer's, has been played back: the position is shown after its steps)."""
    expect(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."))
    view = GAME.view(state, None)
    expect(page.locator(".ls-light")).to_have_attribute("data-light", str(view["total_light"]))
    shown = page.eval_on_selector_all(".ls-value", "els => els.map(e => [e.dataset.cubes, +e.dataset.value])")
    assert sorted(shown) == sorted([",".join(map(str, a["cubes"])), a["value"]] for a in view["areas"])
    for i, cube in enumerate(view["cubes"]):
        r, c = cube["cell"]
        expect(page.locator(f"#ls-cube-{i}")).to_have_attribute(
            "style", f"transform: translate({c * 60}px, {r * 60}px)"
        )
    r, c = view["cubes"][view["buh"]]["cell"]
    expect(page.locator(f"#ls-c{r}_{c}")).to_have_attribute("aria-label", re.compile("Buh sits here"))


@pytest.mark.parametrize("joins", ["edges", "faces"])
def test_a_whole_match_on_one_device_played_by_clicking(app: Page, site_url: str, joins: str):
    start(app, site_url, joins=joins)
    state = engine(app)
    assert state.options.light_joins == joins
    chooser = random.Random(record(app)["seed"])
    while state.outcome is None:
        seat = state.to_move
        status_says(app, f"({seat}) to play")
        move = chooser.choice(GAME.legal(state, seat))
        click_turn(app, state, move)
        state, _ = GAME.play(state, seat, move, 0)
        assert engine(app) == state
        assert_page_shows(app, state)
    result = GAME.result(state)
    panel = app.locator(".match-result")
    expect(panel).to_be_visible()
    # Who won is said once, by the status at the top; the panel beside the board ranks.
    status_says(app, "draw" if result.draw else "wins")
    expect(panel.locator("h2")).to_have_text("Final standings")
    places = app.eval_on_selector_all(".match-result li[data-seat]", "els => els.map(e => e.dataset.seat)")
    assert places == [s for place in result.ranking for s in place]
    if max((a["value"] for a in GAME.view(state, None)["areas"]), default=0) >= 7:
        expect(app.locator(".ls-value.ls-win")).to_have_count(1)
    expect(app.locator("button[data-action=table-new]")).to_have_text("Rematch")


def test_an_illegal_turn_is_explained_undo_takes_an_action_back_and_a_reload_keeps_the_match(app: Page, site_url: str):
    start(app, site_url)
    state = engine(app)
    # On the first turn a slide cannot raise the light: its arrows are dimmed, but may be tried.
    cube = next(
        i
        for i in range(9)
        if i != state.board.buh and rules.step(state.board.cells[i], Direction.N) not in state.board.cells
    )
    app.click(cell(state.board, cube))
    slide = app.locator(f".ls-arrow[data-cube='{cube}'][data-kind=slide][data-dir=N]")
    expect(slide).to_have_class(re.compile("ls-dim"))
    slide.click()
    expect(app.locator(".ls-note")).to_have_text("This turn cannot end here: the light must rise above 0, but it is 0.")
    expect(app.locator("button[data-action=ls-confirm]")).to_be_disabled()
    app.click(
        cell(state.board, (state.board.buh + 1) % 9 if (state.board.buh + 1) % 9 != cube else (state.board.buh + 2) % 9)
    )
    expect(app.locator(".ls-note")).to_contain_text("the light must rise above 0")
    assert record(app)["log"] == []
    # Undo action: the cube is back where it was, and the turn can be made properly.
    app.click("button[data-action=ls-undo]")
    r, c = state.board.cells[cube]
    expect(app.locator(f"#ls-cube-{cube}")).to_have_attribute("style", f"transform: translate({c * 60}px, {r * 60}px)")
    expect(app.locator(".ls-note")).to_have_count(0)
    move = random.Random(1).choice(GAME.legal(state, state.to_move))
    click_turn(app, state, move)
    state, _ = GAME.play(state, state.to_move, move, 0)
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(app.locator(".notice")).to_contain_text("Welcome back")
    assert engine(app) == state
    assert_page_shows(app, state)
    expect(app.locator(".match-log")).to_contain_text("Buh to cube")


def test_a_turn_half_built_stays_across_a_reload_and_is_finished_after_it(app: Page, site_url: str):
    """The actions made and not confirmed are kept in this browser (``gnc:match.turns``) and built again
    after a reload: the cubes where the action left them, the step done in the turn's list; the turn is
    finished and confirmed then."""
    start(app, site_url)
    state = engine(app)
    click_turn(app, state, random.Random(2).choice(GAME.legal(state, state.to_move)))  # the first: one action
    state = engine(app)
    move = random.Random(2).choice(GAME.legal(state, state.to_move))
    first = move["actions"][0]
    expect(app.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
    app.click(cell(state.board, first["cube"]))
    app.click(f".ls-arrow[data-cube='{first['cube']}'][data-kind={first['kind']}][data-dir={first['dir']}]")
    board = rules.act(state.board, rules.Action(first["cube"], first["kind"], Direction(first["dir"])))
    kept = "Object.values(JSON.parse(localStorage.getItem('gnc:match.turns') || '{}'))"
    app.wait_for_function(f"{kept}.some(e => e.turn.actions.length === 1)")
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(app.locator(".notice")).to_contain_text("Welcome back")
    expect(app.locator(".ls-play")).to_have_attribute("data-step", "action2")
    expect(app.locator(".ls-step.done")).to_have_count(1)
    expect(app.locator(".ls-light")).to_have_attribute("data-light", str(rules.total_light(board)))
    r, c = board.cells[first["cube"]]
    expect(app.locator(f"#ls-cube-{first['cube']}")).to_have_attribute(
        "style", f"transform: translate({c * 60}px, {r * 60}px)"
    )
    expect(app.locator("button[data-action=ls-undo]")).to_be_enabled()
    second = move["actions"][1]
    if app.locator(f"#ls-cube-{second['cube']}.ls-selected").count() == 0:
        app.click(cell(board, second["cube"]))
    app.click(f".ls-arrow[data-cube='{second['cube']}'][data-kind={second['kind']}][data-dir={second['dir']}]")
    board = rules.act(board, rules.Action(second["cube"], second["kind"], Direction(second["dir"])))
    app.click(cell(board, move["buh"]))
    app.click("button[data-action=ls-confirm]")
    app.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length === 2")
    assert record(app)["log"][1]["move"] == move
    app.wait_for_function(f"{kept}.length === 0")


def keys_to(page: Page, start: tuple[int, int], goal: tuple[int, int]) -> tuple[int, int]:
    """Move the board's cursor from ``start`` to ``goal`` with arrow keys (rows first, then columns)."""
    r, c = start
    while r != goal[0]:
        page.keyboard.press("ArrowDown" if goal[0] > r else "ArrowUp")
        r += 1 if goal[0] > r else -1
    while c != goal[1]:
        page.keyboard.press("ArrowRight" if goal[1] > c else "ArrowLeft")
        c += 1 if goal[1] > c else -1
    return goal


KEYS = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}


def test_a_turn_with_the_keyboard_alone(app: Page, site_url: str):
    open_app(app, site_url, "#/lightseeker/table")
    count_pointer_events(app)
    for _ in range(40):  # Tab through the page to the first player's name field
        if app.evaluate("document.activeElement.name") == "name0":
            break
        app.keyboard.press("Tab")
    app.keyboard.type("Ann")
    app.keyboard.press("Enter")  # submits the setup form
    expect(app.locator(".ls-board")).to_be_visible()
    expect(app.locator("#ls-board")).to_be_focused()  # the Start button is gone: focus is on the board
    app.keyboard.press("Shift+Tab")
    app.keyboard.press("Tab")
    expect(app.locator("#ls-board")).to_be_focused()  # and the board is one Tab stop
    state = engine(app)
    # The cursor starts on the cube nearest the middle that Buh (on the middle cube 4) does not sit on:
    # (0, 1). The first action's cube is another, reached with arrows (which choose it).
    start = (0, 1)
    assert app.get_attribute("#ls-board", "aria-activedescendant") == "ls-c0_1"
    move = next(
        m
        for m in GAME.legal(state, state.to_move)
        if m["buh"] != 4 and state.board.cells[m["actions"][0]["cube"]] != start
    )
    action = move["actions"][0]
    scroll = app.evaluate("window.scrollY")
    cursor = keys_to(app, start, state.board.cells[action["cube"]])
    expect(app.locator(f"#ls-cube-{action['cube']}")).to_have_class(re.compile("ls-selected"))
    app.keyboard.press("t")
    app.keyboard.press(KEYS[action["dir"]])
    assert app.evaluate("window.scrollY") == scroll, "arrow keys move the cursor, not the page"
    after = rules.act(state.board, rules.Action(action["cube"], "tilt", Direction(action["dir"])))
    expect(app.locator(".ls-play")).to_have_attribute("data-step", "buh")
    cursor = after.cells[action["cube"]]
    keys_to(app, cursor, after.cells[move["buh"]])
    app.keyboard.press("Space")
    expect(app.locator(".ls-play")).to_have_attribute("data-step", "confirm")
    app.keyboard.press("Enter")
    app.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length === 1")
    assert record(app)["log"][0]["move"] == move
    expect(app.locator("#match-news")).to_contain_text("Buh to cube")
    expect(app.locator("#ls-board")).to_be_focused()
    assert pointer_events(app) == 0, "a turn played with no pointer at all"
    # Cubes, Buh and the frame glide, and a tilted face rolls in — unless the player asks for less motion.
    glide = "el => getComputedStyle(el).transitionDuration"
    assert app.eval_on_selector("#ls-cube-0", glide) == "0.32s"
    assert app.eval_on_selector("#ls-world", glide) == "0.32s"
    app.emulate_media(reduced_motion="reduce")
    assert app.eval_on_selector("#ls-cube-0", glide) == "0s"
    assert app.eval_on_selector("#ls-buh", glide) == "0s"
    assert app.eval_on_selector_all(".ls-top", "els => els.map(e => getComputedStyle(e).animationName)") == ["none"] * 9


def saved_table(form: dict[str, str], seed: int) -> dict:
    """A Light Seeker table on this device as its page saves it when set up with ``form`` (the setup
    form's fields), the match dealt from ``seed`` (so the test knows it), no move made yet."""
    model, _ = app_screen.init("#/lightseeker/table", Env(stored={}, now_ms=1_000))
    _model, effects = app_screen.update(
        model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), Env(now_ms=2_000)
    )
    saved = json.loads(next(e for e in effects if isinstance(e, Store)).text)
    saved["record"]["seed"] = seed
    return saved


def saved_one_turn_from_the_end(seed: int, computer_first: bool = False) -> tuple[str, rules.State, dict]:
    """A Light Seeker table of two people on this device as its page saves it, played (by the CPython
    engine, turns chosen at random) up to a position where a turn ends the match; that position and
    that turn. ``computer_first``: the first seat is the computer's (easy), not Ann's (the same turns: the
    position is the same)."""
    first = {"name0": "", "kind0": "easy"} if computer_first else {"name0": "Ann", "kind0": "here"}
    saved = saved_table({**first, "name1": "Bea", "kind1": "here"}, seed)
    state = GAME.setup(GAME.options(saved["record"]["options"]), tuple(saved["record"]["seats"]), seed)
    chooser = random.Random(seed)
    while True:
        seat = state.to_move
        moves = GAME.legal(state, seat)
        if last := next((m for m in moves if GAME.play(state, seat, m, 0)[0].outcome is not None), None):
            return json.dumps(saved), state, last
        move = chooser.choice(moves)
        saved["record"]["log"].append({"at": 3_000, "seat": seat, "move": move})
        state, _ = GAME.play(state, seat, move, 0)


# The lines of words over the valley as a person sees them (the status's, the lines over the valley: each text's
# line boxes, none unseen or visually hidden), as rows of the page from the status's first to the board's top,
# and the space between each row and the next (the board's top last), in CSS px; with a line's height.
LINES_OVER_THE_VALLEY = """() => {
  const rows = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 1) { walk(child); continue; }
      if (child.nodeType !== 3 || !child.textContent.trim()) continue;
      const el = child.parentElement;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(child);
      for (const box of range.getClientRects()) {
        if (box.width === 0) continue;
        const row = rows.find((r) => Math.abs(r.top - box.top) < 3);
        if (row) { row.bottom = Math.max(row.bottom, box.bottom); row.words += ' ' + child.textContent.trim(); }
        else rows.push({top: box.top, bottom: box.bottom, words: child.textContent.trim()});
      }
    }
  };
  walk(document.querySelector('.match-head'));
  walk(document.querySelector('.ls-info'));
  rows.sort((a, b) => a.top - b.top);
  const board = document.querySelector('.ls-board').getBoundingClientRect().top;
  const line = Math.max(...rows.map((r) => r.bottom - r.top));
  const gaps = rows.map((r, k) => [Math.round((k + 1 < rows.length ? rows[k + 1].top : board) - r.bottom), r.words]);
  return {gaps, line, tight: Math.min(...gaps.map(([g]) => g))};
}"""


def assert_no_empty_line(page: Page, said: str) -> None:
    """No line over the valley is empty: between one row of words and the next (or the board) there is less room
    than a line of words and the tightest space between two rows (where another line would fit)."""
    seen = page.evaluate(LINES_OVER_THE_VALLEY)
    empty = [(gap, words) for gap, words in seen["gaps"] if gap >= seen["line"] + max(seen["tight"], 0)]
    assert empty == [], f"{said}: an empty line under these words (px, words): {empty}; {seen}"


# The value discs drawn over Buh, as on the screen: each disc whose circle crosses Buh's body (their boxes'
# middles nearer than their radii together, half a px spared), with that distance and the radii in px. Once the
# board's glides have ended (a CSS transition moves Buh and the frame).
VALUES_OVER_BUH = """async () => {
    await Promise.all(document.getAnimations().filter(a => a instanceof CSSTransition).map(a => a.finished));
    const box = e => {
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2, r.width / 2];
    };
    const [bx, by, br] = box(document.querySelector('#ls-buh .ls-buh-body'));
    return [...document.querySelectorAll('.ls-value circle')].map(c => [box(c), c.parentNode.dataset.cubes])
        .map(([[x, y, r], cubes]) => ({cubes, apart: Math.hypot(x - bx, y - by), buh: br, value: r}))
        .filter(o => o.apart < o.buh + o.value - 0.5);
}"""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_board_stays_put_when_the_match_ends(browser: Browser, site_url: str, language: str):
    """QA: the board moved 25 px up when the match ended: the lines about the turn ("This turn must end
    above …", "Turn N: … actions") went from the line above it. It stays where it was, and their places
    say how many turns were played and why the match ended (the status says who won), in English and in
    Japanese (the browser's language, a parameter).
    QA: a value's disc was drawn over Buh on a 390 px phone (area 6, 7, 8 here, Buh on cube 7, before the last
    turn): no value crosses Buh on the screen, before the turn and at the end.
    A player's pass at 320 × 640: the light going from 9 to 11 laid "Light on the board: 11 (was 9)" on two
    lines (the unseen "(was N)" held the room of one-digit numbers only), and the board moved 20 px down
    with the turn's first action, at a computer's replay too, and stayed there. The line keeps the room of
    the widest light it can say. One page takes a laptop's size (1280 × 800) and a phone's (390 × 844,
    320 × 640) in turn, the table saved one turn from the end (light 9, the last turn makes 11) opened afresh
    at each; a failure names the size.
    A player's pass at 320 × 640 and 390 × 844 (the first seat the computer's here): at the end the rule's place was
    an empty line, and at 320 px "Bea (2) wins!" stood over another, the room of the computer's thinking (two lines
    there). The rule's place says why the match ended, the end's words stand in the middle of that room: no line over
    the valley is empty at the end, and the board stays where it was.
    A rematch's board stays put from its first turn on (a unit test covers the room for every game): at 320 × 640,
    in English, its first two turns (Bea's, by clicks; the computer's, played back) move it nowhere."""
    saved, state, last = saved_one_turn_from_the_end(3, computer_first=True)
    with watched_page(
        browser, site_url, viewport={"width": 1280, "height": 800}, locale="ja-JP" if language == "ja" else "en-GB"
    ) as app:
        app.add_init_script(f"localStorage.getItem('{STORE}') || localStorage.setItem('{STORE}', {json.dumps(saved)})")
        open_app(app, site_url, "#/lightseeker/table")
        for width, height in ((1280, 800), (390, 844), (320, 640)):
            size = f"{width} × {height}"
            if width != 1280:  # the same table afresh, at this size: written as the page saves it, then opened
                resize(app, width, height)
                app.evaluate("location.hash = '#/'")
                expect(app.locator(".ls-board")).to_have_count(0)
                app.evaluate(f"(text) => localStorage.setItem('{STORE}', text)", saved)
                app.evaluate("location.hash = '#/lightseeker/table'")
                expect(app.locator(".ls-board")).to_be_visible()
            assert engine(app) == state, size
            top = "document.querySelector('.ls-board').getBoundingClientRect().top + window.scrollY"
            before = app.evaluate(top)
            # The place of the turn's rule says nothing at the end (the status says who won: QA, said twice).
            above = app.locator(".ls-above > :not(.ls-gone)")
            expect(above).not_to_have_text("")
            assert app.evaluate(VALUES_OVER_BUH) == [], f"{size}: a value over Buh"
            click_turn(app, state, last)
            expect(app.locator(".match-result")).to_be_visible()
            # Why the match ended, where the rule of the turn was (the status says who won).
            expect(above).to_have_text(re.compile("Won by an area worth|のエリアで決着"))
            assert_no_empty_line(app, f"{size}, at the end")
            # Focus goes from the board (Confirm turn put it there) to Rematch, the player's next action.
            expect(app.locator("button[data-action=table-new]")).to_be_focused()
            assert app.evaluate(top) == before, f"{size}: the board moved when the match ended"
            assert app.evaluate(VALUES_OVER_BUH) == [], f"{size}: a value over Buh at the end"
        if language == "en":  # at 320 × 640, the last size
            rematch_stays_put(app)


# The cubes' and the camera's CSS transitions running as the match screen's deal changes (``data-deal``): read in
# the mutation's callback, right after the page drew it (``getAnimations`` styles the page first).
GLIDES_AT_THE_DEAL = """() => {
    window.glidesAtTheDeal = null;
    new MutationObserver((changes, observer) => {
        observer.disconnect();
        window.glidesAtTheDeal = document.getAnimations()
            .filter(a => a instanceof CSSTransition && a.effect.target.closest('.ls-board')).length;
    }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-deal']});
}"""


def rematch_stays_put(page: Page) -> None:
    """The rematch of the match against the computer ended on ``page``: its seats turned, Bea starts it. From its
    first turn on the board's top is the same at every change of the page: Bea's turn built by clicks, the computer's
    played back step by step, Bea's next turn. The new deal is drawn in place: no cube glides there from where the
    last match ended (they crossed the valley over one another), counted as the page draws it."""
    page.evaluate(GLIDES_AT_THE_DEAL)
    page.click("button[data-action=table-new]")
    status_says(page, "your turn")
    expect(page.locator(".match-result")).to_have_count(0)
    assert len(record(page)["log"]) == 0, "a rematch dealt afresh"
    assert page.evaluate("window.glidesAtTheDeal") == 0, "cubes glided into the rematch's deal"
    watch_board_top(page, ".ls-board")
    state = engine(page)
    seat = state.to_move
    move = next(m for m in GAME.legal(state, seat) if GAME.play(state, seat, m, 0)[0].outcome is None)
    click_turn(page, state, move)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length >= 2", timeout=30_000)
    expect(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
    status_says(page, "your turn")
    tops = page.evaluate("window.boardTops")
    assert any(replay for _top, _status, replay in tops), "the computer's turn was played back"
    assert len({top for top, _status, _replay in tops}) == 1, sorted({(t, s) for t, s, _r in tops})


# Buh on the screen against its cube's cell, once the board's glides have ended: the middles of their boxes
# in px, and the boxes of Buh's cube's number and of the one drawn over Buh.
BUH_IN_ITS_CELL = """async () => {
    await Promise.all(document.getAnimations().filter(a => a instanceof CSSTransition).map(a => a.finished));
    const box = e => {
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height];
    };
    const at = [...document.querySelectorAll('.ls-cell')]
        .find(c => c.getAttribute('aria-label').includes('Buh sits here'));
    const cell = at.querySelector('rect'), [r, c] = [at.dataset.r, at.dataset.c];
    const cube = [...document.querySelectorAll('.ls-cube')]
        .find(g => g.getAttribute('style') === `transform: translate(${c * 60}px, ${r * 60}px)`);
    return {buh: box(document.querySelector('#ls-buh .ls-buh-body')), cell: box(cell),
            number: box(cube.querySelector('.ls-num')),
            over: [...document.querySelectorAll('.ls-over .ls-num')].map(box)};
}"""


def test_buh_stands_in_the_middle_of_its_cube_at_every_size(browser: Browser, site_url: str):
    """a player's pass: on a 1280 × 800 laptop Buh stood 4.6 to 6.1 px north-east of its cube's middle (moved
    there to clear its cube's number at a phone's size). At a laptop's and a phone's sizes Buh's middle is its
    cell's (within 1 px), and its cube's number is drawn again over it, on the number, so it reads. One page
    takes 1280 × 800, 390 × 844 and 320 × 640 in turn; a failure names the size."""
    with watched_page(browser, site_url, viewport={"width": 1280, "height": 800}) as page:
        start(page, site_url)
        for width, height in ((1280, 800), (390, 844), (320, 640)):
            resize(page, width, height)
            drawn = page.evaluate(BUH_IN_ITS_CELL)
            said = f"{width} × {height}: {drawn}"
            (bx, by, bw, _bh), (cx, cy, cw, _ch) = drawn["buh"], drawn["cell"]
            assert abs(bx - cx) <= 1 and abs(by - cy) <= 1, said
            assert 0 < bw < cw, said
            (over,) = drawn["over"]
            assert all(abs(a - b) <= 0.5 for a, b in zip(over, drawn["number"], strict=True)), said


# What a finger hits on the Light Seeker board, as the page hit-tests it: the point every 3 px over the
# board's box, and the target there (an element with a data-action, a button or a role=button; the board's
# own, the open field, is none). Each target hit once, with its box in px.
BOARD_TARGETS = """() => {
    const board = document.querySelector('.ls-board'), b = board.getBoundingClientRect(), found = new Map();
    for (let y = b.top + 1; y < b.bottom; y += 3) {
        for (let x = b.left + 1; x < b.right; x += 3) {
            const hit = document.elementFromPoint(x, y)?.closest('[data-action], button, [role=button]');
            if (!hit || hit === board || !board.contains(hit) || found.has(hit)) continue;
            const r = hit.getBoundingClientRect();
            found.set(hit, {target: hit.dataset.action + ' ' + (hit.id || hit.getAttribute('class')),
                            x: r.x, y: r.y, w: r.width, h: r.height});
        }
    }
    return [...found.values()];
}"""


@pytest.mark.parametrize("size", [(320, 640), (390, 844)], ids=["320", "390"])
def test_every_target_on_the_board_is_a_finger_s_size_and_the_note_to_use_the_buttons_is_over_them_on_a_phone(
    browser: Browser, site_url: str, size
):
    """Two checks of one page (a phone's match, a cube chosen, a tap on its arrow), at 320 and 390 px:

    1. QA: at 320 px a chosen cube's arrows were targets 21 × 42 px (each fills half of its open
       cell), at 390 28 × 55. No cell of a phone's valley holds two targets of 44 px both ways, so on a touch
       screen the arrows take no taps (the Slide and Tilt buttons under the board do it, 44 px or more): every
       target a finger hits on the board is 44 × 44 px or more, and no two overlap. A tap on an arrow keeps
       the cube chosen and says to use its buttons, which come into the window.
    2. a player's pass: a tap beside the chosen cube on a touch screen (where its arrows are drawn, which take
       no taps there) says to use its Slide and Tilt buttons, and brings them into the window; the note itself
       stood under the turn panel, below Undo action and Confirm turn, 120 px below a 320 × 640 window (and 68 px
       below 390 × 844). It is in the window now, right over the buttons it names. And a player's pass: the tap
       that chooses the cube brings its buttons into the window (at 320 × 640 they stood wholly below it)."""
    width, height = size
    with touch_screen(browser, site_url, width, height) as page:
        state = engine(page)
        cube = arrowed_cube(state)
        page.tap(cell(state.board, cube))
        expect(page.locator(f"#ls-cube-{cube}.ls-selected")).to_have_count(1)
        expect(page.locator(".ls-arrow").first).to_be_visible()
        # A player's pass: at 320 × 640 the chosen cube's buttons stood wholly below the window.
        expect(page.locator(".ls-moves")).to_be_in_viewport(ratio=1)
        # The hint names the buttons there, not the arrows.
        expect(page.locator(".ls-hint .touch-only")).to_contain_text("Tap a Slide or Tilt button")
        expect(page.locator(".ls-hint .pointer-only")).to_be_hidden()
        targets = page.evaluate(BOARD_TARGETS)
        assert any(t["target"].startswith("ls-cell") for t in targets), targets
        small = [t for t in targets if t["w"] < 44 or t["h"] < 44]
        assert small == [], f"targets under 44 px on the board at {width} px: {small}"
        overlapping = [
            (a["target"], b["target"])
            for i, a in enumerate(targets)
            for b in targets[i + 1 :]
            if min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 0.5
            and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 0.5
        ]
        assert overlapping == [], overlapping
        moves = [page.locator(".ls-move").nth(i).bounding_box() for i in range(page.locator(".ls-move").count())]
        assert moves and all(m is not None and m["width"] >= 44 and m["height"] >= 44 for m in moves), moves
        # A finger on an arrow: the cube stays chosen, its buttons are named and come into the window.
        arrow = page.locator(".ls-arrow").first.bounding_box()
        assert arrow is not None
        page.touchscreen.tap(arrow["x"] + arrow["width"] / 2, arrow["y"] + arrow["height"] / 2)
        note = page.locator(".ls-note")
        expect(note).to_contain_text("slide or tilt it with the Slide and Tilt buttons")
        expect(page.locator(f"#ls-cube-{cube}.ls-selected")).to_have_count(1)
        expect(page.locator(".ls-moves")).to_be_in_viewport(ratio=1)
        assert len(record(page)["log"]) == 0
        # 2. The note is in the window, right over the buttons it names.
        expect(note).to_be_in_viewport(ratio=1)
        said, buttons = note.bounding_box(), page.locator(".ls-moves").bounding_box()
        assert said is not None and buttons is not None
        # Right over the buttons, in the turn panel: nothing between them but the panel's gap.
        assert 0 <= buttons["y"] - (said["y"] + said["height"]) <= 16, (said, buttons)


# The vertical middle of a link's words and of its box, in px from the window's top.
LINK_WORDS_MIDDLE = """(selector) => {
    const link = document.querySelector(selector), words = document.createRange();
    words.selectNodeContents(link);
    const w = words.getBoundingClientRect(), b = link.getBoundingClientRect();
    return {words: (w.top + w.bottom) / 2, box: (b.top + b.bottom) / 2};
}"""


def test_a_chosen_cube_s_buttons_stay_inside_the_turn_panel_on_a_tablet(browser: Browser, site_url: str):
    """QA: on a 768×1024 tablet the turn panel stands beside the board, 208 px wide; with a cube chosen its
    Slide and Tilt rows kept a fifth (empty) column, so the buttons ran 45 px out of the panel, the steps'
    words were cut off at the window's edge and the page scrolled sideways. Then Settings, opened from the
    match: its link back to it reads with its spaces, its words centred in it."""
    with touch_screen(browser, site_url, 768, 1024) as app:
        state = engine(app)
        app.tap(cell(state.board, next(i for i in range(9) if i != state.board.buh)))
        expect(app.locator(".ls-moves")).to_be_visible()
        side = app.locator(".ls-side").bounding_box()
        assert side is not None and side["x"] > app.locator(".ls-board").bounding_box()["x"], "the panel is beside"
        for row in app.locator(".ls-move-row").all():
            box = row.bounding_box()
            assert box is not None and box["x"] + box["width"] <= side["x"] + side["width"] + 0.5, (box, side)
        assert app.evaluate("document.documentElement.scrollWidth") == 768, "the page scrolls sideways"
        # A player's pass: Settings opened from the match leads back to it ("← Back to Light Seeker", the title a
        # no-break span). A link drawn as a button laid its words out as flex items, each run of text an item
        # whose edge spaces collapsed: it read "← Back toLight Seeker". Its words keep their spaces, centred in
        # its 44 px.
        app.tap(".app-header .settings-link")
        back = app.locator(".settings-back")
        expect(back).to_be_visible()
        assert back.inner_text() == "← Back to Light Seeker"
        middle = app.evaluate(LINK_WORDS_MIDDLE, ".settings-back")
        assert abs(middle["words"] - middle["box"]) <= 1.5, middle


def test_no_hover_tint_stays_where_a_finger_tapped(phone: Page, site_url: str):
    """QA: on a phone a cell tapped could keep its hover tint (a finger has no hover, but a touch browser
    keeps :hover on what it tapped): after a turn a lit square stood in the valley where no cube was. So
    could a tapped arrow and a Slide or Tilt button, which stays for a second action. As Reflection's
    cells and the app's buttons, the tints are only where a pointer hovers."""
    start(phone, site_url)
    state = engine(phone)
    cube = next(i for i in range(9) if i != state.board.buh)
    phone.tap(cell(state.board, cube))
    expect(phone.locator(f"#ls-cube-{cube}")).to_have_class(re.compile("ls-selected"))
    other = next(i for i in range(9) if i not in (cube, state.board.buh))
    # Each part beside one like it that nothing touched: the tapped cell, an arrow, a button.
    parts = (
        (f"{cell(state.board, cube)} > rect", f"{cell(state.board, other)} > rect", "fill"),
        (".ls-arrow >> nth=0 >> rect", ".ls-arrow >> nth=-1 >> rect", "fill"),
        (".ls-move:not([disabled]) >> nth=0", ".ls-move:not([disabled]) >> nth=-1", "borderTopColor"),
    )
    hovered(phone, cell(state.board, cube))
    hovered(phone, ".ls-arrow")
    hovered(phone, ".ls-move:not([disabled])")
    look = "(e, prop) => getComputedStyle(e)[prop]"
    after = [phone.locator(part).first.evaluate(look, prop) for part, _like, prop in parts]
    before = [phone.locator(like).first.evaluate(look, prop) for _part, like, prop in parts]
    assert after == before, "a finger's last tap looks hovered"


# Every rule of the page's stylesheets with ``:hover`` in its selector that is not inside an ``@media`` rule
# asking for a pointer that hovers.
HOVER_ANYWHERE = """() => {
  const found = [];
  const walk = (rules, hovering) => {
    for (const rule of rules) {
      if (rule.selectorText?.includes(':hover') && !hovering) found.push(rule.selectorText);
      if (rule.cssRules) walk(rule.cssRules, hovering || rule.conditionText?.includes('(hover: hover)'));
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
  return found;
}"""
# The controls on the page (anything a tap acts on) whose tap leaves the browser's highlight over them.
HIGHLIGHTED = """() => [...document.querySelectorAll('button, a[href], summary, select, [data-action]')]
  .filter((e) => getComputedStyle(e).webkitTapHighlightColor !== 'rgba(0, 0, 0, 0)')
  .map((e) => e.className.baseVal ?? e.className ?? e.tagName)"""


def test_a_tapped_tilt_button_keeps_no_tint_for_the_second_action(phone: Page, site_url: str):
    """Seen on a phone (390 × 844, dark): after a tap, a Tilt button, which stays for the turn's second action,
    looked tinted. Every hover tint of the stylesheet is only where a pointer hovers (a touch browser keeps
    :hover on what it tapped); what a tap still left was the browser's tap highlight, which the app's pills and
    boards turned off but Light Seeker's Slide and Tilt buttons did not: it is off for the whole page now (one
    rule on the root: the property is inherited), every control having its own pressed or chosen look."""
    start(phone, site_url)
    state = engine(phone)
    click_turn(phone, state, random.Random(2).choice(GAME.legal(state, state.to_move)))  # the first: one action
    state = engine(phone)
    expect(phone.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
    cube = next(i for i in range(9) if i != state.board.buh)
    phone.tap(cell(state.board, cube))
    tilt = phone.locator(".ls-move[data-kind=tilt]:not([disabled])").first
    tilt.tap()
    expect(phone.locator(".ls-step.now")).to_contain_text("2")  # the second action's buttons are shown
    expect(phone.locator(".ls-move[data-kind=tilt]").first).to_be_visible()
    assert phone.evaluate(HOVER_ANYWHERE) == [], "a hover tint a finger's tap keeps"
    assert phone.evaluate(HIGHLIGHTED) == [], "a tap leaves the browser's highlight"


# The status line's words, their height and one line's, in CSS px, at every change of the page (with the
# board's top: ``watch_board_top``).
WATCH_STATUS_WORDS = """() => {
  window.statusWords = [];
  new MutationObserver(() => {
    const status = document.querySelector('.match-status');
    if (!status) return;
    const words = document.createRange();
    words.selectNodeContents(status);
    const lines = [...words.getClientRects()].filter((r) => r.width > 0);
    if (!lines.length) return;
    window.statusWords.push([words.getBoundingClientRect().height, Math.max(...lines.map((r) => r.height))]);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
# The height the status line takes, in CSS px: its box, or the box of what holds it with its room (the first
# thing on the match's column) but for the margin under it.
STATUS_ROOM = """() => {
  const status = document.querySelector('.match-status');
  const first = document.querySelector('.match-main').firstElementChild;
  const under = first === status ? 0 : parseFloat(getComputedStyle(status).marginBottom);
  return first.getBoundingClientRect().bottom - under - first.getBoundingClientRect().top;
}"""
# Phones (touch) and a laptop, with the text at 100 % and at 125 % (a browser's "large" font size).
STATUS_SCREENS = {
    "320": {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True},
    "390": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "1024": {"viewport": {"width": 1024, "height": 768}},
}


@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_the_board_stays_put_between_the_players_turn_and_the_computers(browser: Browser, site_url: str, device: str):
    """Found by a QA pass: at 320 px, against the computer, "Player 1 to play · your turn" and "Bot 2 (Easy) is
    thinking…" take one line and the replay of its move ("Bot 2 (Easy)'s move, step 1 of 3 · …") two, so
    the board jumped 20 px down and back at every computer move (at 390 px all take one line). The room of
    two lines was kept by media queries measured in one font: at 390 px with the text at 125 % the replay
    took two lines, and the board jumped again. The status keeps the room of its longest words as laid out
    (ui/match.py status_room): the board stays put at every width and text size, and no line of the status
    is empty (its room is no taller than the tallest words it showed).
    One page per device takes its screens in turn (a phone, touch: 320 × 640 and 390 × 844; a laptop: 1024 ×
    768), each with the text at 100 % and at 125 % (a browser's "large" font size), a match against the
    computer dealt afresh for each; a failure names the screen and the text size.
    A player's pass at 320 × 640 in Japanese: the page sat scrolled down, the header out of sight, on the player's
    turn and through the computer's replay (not in English). What stood over the valley was 59 px taller (the
    rule of the turn on two lines, each line of Japanese 24 px where English takes 19), so the board no longer fitted
    the window with the page's top, and Confirm turn's focus on the board brought it into view by as little as it
    takes, the header left above the window. The phone's last case is 320 × 640 in Japanese: at 320 × 640 with the
    text at 100 % the page's top stays in sight once the turn is confirmed, through the replay and on the next turn."""
    cases = [
        (screen, text, "en")
        for screen in ({"phone": ("320", "390"), "laptop": ("1024",)}[device])
        for text in (100, 125)
    ] + ([("320", 100, "ja")] if device == "phone" else [])
    with watched_page(browser, site_url, **STATUS_SCREENS[cases[0][0]]) as page:
        open_app(page, site_url, "#/")
        watch_board_top(page, ".ls-board")
        page.evaluate(WATCH_STATUS_WORDS)
        page.evaluate(WATCH_SCROLL)
        for screen, text, language in cases:
            said = f"{screen} px, text at {text} %, {language}"
            your_turn = "あなたの番" if language == "ja" else "your turn"
            # A match against the computer dealt afresh ("Play vs computer" with no match kept here), at this
            # screen's size and text size, as a page opened there deals it.
            page.evaluate("location.hash = '#/'")
            expect(page.locator(".ls-board")).to_have_count(0)
            page.evaluate(f"localStorage.removeItem('{STORE}')")
            if page.locator(f"button[data-lang={language}][aria-pressed=false]").count():
                page.click(f"button[data-lang={language}]")
            resize(page, STATUS_SCREENS[screen]["viewport"]["width"], STATUS_SCREENS[screen]["viewport"]["height"])
            page.evaluate("(t) => { document.documentElement.style.fontSize = `${t}%`; }", text)
            page.evaluate("location.hash = '#/lightseeker/table?vs=easy'")
            status_says(page, your_turn)
            page.evaluate("window.boardTops = []; window.statusWords = []; window.scrolls = [];")
            state, bot = engine(page), games.bot("lightseeker")
            assert bot is not None
            assert len(record(page)["log"]) == 0, f"{said}: a match dealt afresh"
            # A turn that leaves the match going (a dealt valley can be won at once), so the computer answers.
            move = next(
                m
                for m in (decide(bot, GAME.view(state, "1"), "easy", seed) for seed in range(50))
                if GAME.play(state, "1", m, 0)[0].outcome is None
            )
            build_turn(page, state, move)
            page.evaluate("window.scrolls = [];")  # from Confirm turn on (the taps before it scroll as a finger does)
            page.wait_for_function(f"JSON.parse(localStorage.getItem('{STORE}')).record.log.length >= 2")
            expect(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
            status_says(page, your_turn)
            if (screen, text) == ("320", 100):  # the board fits the window with the page's top
                seen = page.evaluate("[...window.scrolls, [scrollY, '']]")
                assert any(replay for _y, replay in seen), f"{said}: the computer's move was played back"
                assert {y for y, _replay in seen} == {0}, (said, "the page scrolled from its top", seen)
            tops = page.evaluate("window.boardTops")
            assert any(replay for _top, _status, replay in tops), f"{said}: the computer's move was played back"
            assert len({top for top, _status, _replay in tops}) == 1, (said, sorted({(t, s) for t, s, _r in tops}))
            words = page.evaluate("window.statusWords")
            tallest, line = max(h for h, _line in words), max(line for _h, line in words)
            room = page.evaluate(STATUS_ROOM)
            assert room - tallest < line / 2, (said, room, tallest, line)


# The page's scroll at every change of the page (each step of a replay too), with the replayed step of that moment.
WATCH_SCROLL = """() => {
  window.scrolls = [];
  new MutationObserver(() => {
    const main = document.querySelector('.match-main');
    window.scrolls.push([Math.round(scrollY), (main && main.dataset.replay) || '']);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


# From the status's words (the last line of them, not its box: that holds the room of its longest words) down
# to the line under them, "Light on the board", and the margin the status keeps under it, in CSS px.
UNDER_THE_STATUS = """() => {
  const status = document.querySelector('.match-status'), words = document.createRange();
  words.selectNodeContents(status);
  return {gap: document.querySelector('.ls-info').getBoundingClientRect().top - words.getBoundingClientRect().bottom,
          margin: parseFloat(getComputedStyle(status).marginBottom)};
}"""


def test_no_blank_line_between_the_status_and_the_light_on_the_board(browser: Browser, site_url: str):
    """a player's pass: against the computer, "Ann (1) to play · your turn" stood a blank line (two on a 390 px
    phone) above "Light on the board": the status keeps the room of its longest words (the replay of the
    computer's move with the keys that skip it: two lines at 1280 and 1024 px) so the board stays put, and that room
    lay under the words. The words
    stand at the bottom of their room, right over the line under them; the room above them reads as the
    heading's space (the board staying put is test_the_board_stays_put_between_the_players_turn_and_the_computers).
    A player's pass after that: at 320 px the room stood blank over a turn's one line. How to skip the replay is
    said over the valley now (its words are not in sight in the status), so the room here is one line, and the
    status stands at the top of its room.
    One page takes 1280 × 800 and 1024 × 768 in turn; a failure names the width."""
    with watched_page(browser, site_url, viewport={"width": 1280, "height": 800}) as page:
        open_app(page, site_url, "#/lightseeker/table?vs=easy")
        status_says(page, "your turn")
        for screen in ("1280", "1024"):
            size = {"width": 1280, "height": 800} if screen == "1280" else STATUS_SCREENS[screen]["viewport"]
            resize(page, size["width"], size["height"])
            room = page.evaluate(STATUS_ROOM)
            under = page.evaluate(UNDER_THE_STATUS)
            # How to skip a replay is said over the valley, not in the status (ui.match.says_skip): every status
            # here takes one line, and so does its room.
            assert room < 30, f"{screen} px: the status keeps one line's room here, {room} px"
            assert abs(under["gap"] - under["margin"]) <= 1, (screen, under, room)


def tap_a_turn_to_confirm(page: Page, height: int) -> None:
    """Tap a turn (a computer's choice) up to "Confirm turn", each tap where its target is now (Playwright's
    own tap would scroll it into the window first): the cubes, their Slide and Tilt buttons, Buh's cube."""

    def tap(selector: str) -> None:
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    state, bot = engine(page), games.bot("lightseeker")
    assert bot is not None
    move = decide(bot, GAME.view(state, "1"), "easy", 1)
    board = state.board
    for a in move["actions"]:
        if page.locator(f"#ls-cube-{a['cube']}.ls-selected").count() == 0:
            tap(cell(board, a["cube"]))
            expect(page.locator(f"#ls-cube-{a['cube']}.ls-selected")).to_have_count(1)
        # The chosen cube's button (on a touch screen the arrows take no taps), where a finger scrolls to.
        button = f".ls-move[data-cube='{a['cube']}'][data-kind={a['kind']}][data-dir={a['dir']}]"
        page.locator(button).scroll_into_view_if_needed()
        tap(button)
        board = rules.act(board, rules.Action(a["cube"], a["kind"], Direction(a["dir"])))
        expect(page.locator(".ls-light")).to_have_attribute("data-light", str(rules.total_light(board)))
    tap(cell(board, move["buh"]))
    expect(page.locator(".ls-play")).to_have_attribute("data-step", "confirm")
    confirm = page.locator("button[data-action=ls-confirm]")
    expect(confirm).to_be_enabled()
    expect(confirm).to_be_in_viewport(ratio=1)  # waits for a scroll (a smooth one) to end


@pytest.mark.parametrize("size", [(320, 640), (390, 844)], ids=["320", "390"])
def test_confirm_turn_comes_into_the_window_with_the_turn_panel_s_lower_border_and_room_under_it(
    browser: Browser, site_url: str, size: tuple[int, int]
):
    """A turn tapped up to "Confirm turn" on a phone, at 320 × 640 and 390 × 844:

    1. QA (320 × 640): once Buh's new cube was tapped "Confirm turn" stood almost wholly below the
       window (its top 627 px down in 640, the page where Start's scroll left it): the player could not see
       that the turn now waited for it. When a turn becomes one to confirm, the button is scrolled into the
       window by as little as it takes, the board staying in it.
    2. QA: "Confirm turn" was scrolled into the window exactly, its bottom on the window's edge, so
       the turn panel's padding and lower border stayed below it (the panel's bottom 650 px down in 640): the
       panel looked cut off. The button keeps a scroll margin of the panel's padding and border and some room
       more: the panel's border shows, 8 px or more above the window's bottom."""
    width, height = size
    with touch_screen(browser, site_url, width, height) as page:
        tap_a_turn_to_confirm(page, height)
        if size == (320, 640):
            assert_in_window(page, (".ls-board", "button[data-action=ls-confirm]"))
        panel = page.locator(".ls-turn").bounding_box()
        assert panel is not None and panel["y"] + panel["height"] <= height - 8, (panel, height)
        assert_in_window(page, (".ls-board",))


# With a cube chosen, what of the turn panel stands past the inside of its border (its padding), and how far the page
# scrolls sideways: in px.
PANEL_PAST = """() => {
    const panel = document.querySelector('.ls-turn'), box = panel.getBoundingClientRect();
    const edge = box.right - parseFloat(getComputedStyle(panel).paddingRight) - 1;
    const past = [...panel.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge + 0.5)
        .map(e => `${e.tagName.toLowerCase()}.${e.className.baseVal ?? e.className}`);
    const rows = [...panel.querySelectorAll('.ls-pair')].map(p => [...p.children].map(b => b.getBoundingClientRect()))
        .filter(([a, b]) => Math.abs(a.top - b.top) > 1 || a.width < 44 || b.width < 44);
    return {past: past.slice(0, 4), sideways: document.documentElement.scrollWidth - innerWidth,
            split: rows.length, window: innerWidth};
}"""


def test_the_turn_panel_reflows_with_large_text_on_a_phone(browser: Browser, site_url: str):
    """Large text: at 320 px with the browser's text at 200 %, the turn panel of a chosen cube was 59 px wider
    than the window (a row of its name and four buttons, one line, about 9.5rem at any text size; "Confirm"
    alone 141 px of the 171 inside the panel), and at 390 px it stood out of its own border; in Japanese one
    phrase ("アクションを") took it 39 px past its border. At 320 and 390 px, with the text at 150 and 200 %, in
    English and Japanese, nothing of the panel passes its border, the page does not scroll sideways, and the
    buttons keep to pairs (north and east, south and west) on one line each, 44 px or more."""
    with touch_screen(browser, site_url, 320, 640) as page:
        state = engine(page)
        page.tap(cell(state.board, arrowed_cube(state)))
        expect(page.locator(".ls-moves")).to_be_visible()
        found = {}
        for language in ("English", "日本語"):
            resize(page, 390, 640)
            page.get_by_role("button", name=language, exact=True).click()
            expect(page.locator(".ls-moves")).to_be_visible()
            for scale in (150, 200):
                page.evaluate("(s) => { document.documentElement.style.fontSize = `${s}%`; }", scale)
                for width in (320, 390):
                    resize(page, width, 640)
                    seen = page.evaluate(PANEL_PAST)
                    if seen["past"] or seen["sideways"] > 0 or seen["split"] or seen["window"] != width:
                        found[f"{language}, {width} px, {scale} %"] = seen
            page.evaluate("document.documentElement.style.fontSize = ''")
        assert not found, found


def test_the_board_grows_with_a_tall_window_and_the_turn_still_fits(browser: Browser, site_url: str):
    """At 1920 × 1080 the board stood at 32rem (512 px), the cap of a 1280 × 800 laptop, with about 300 px empty
    under the page. Its column grows with the window's height beside the turn panel, and the board, a chosen
    cube's buttons and Confirm turn stay in the window, as at 1280 × 800 and 1366 × 768, where the board keeps
    its 512 px. It then stopped at a cap of its own, 48rem (768 px at 1920 × 1080, 104 px over the page's
    bottom margin under it, and at 2560 × 1440 464 px under it): it grows as far as the window's height leaves
    it (100vh - 18rem, as on a laptop: 792 and 1152 px), as Raythread's and Reflection's boards do. The same page
    then takes a phone's windows, upright and sideways, where the board keeps its size: the column's width
    (342 and 272 px) upright, the window's height sideways (whole in the window)."""
    with watched_page(browser, site_url, viewport={"width": 1920, "height": 1080}) as page:
        start(page, site_url)
        state = engine(page)
        page.click(cell(state.board, arrowed_cube(state)))
        expect(page.locator(".ls-moves")).to_be_visible()
        sizes = {}
        for width, height in ((1920, 1080), (2560, 1440), (1280, 800), (1366, 768)):
            resize(page, width, height)
            page.evaluate("window.scrollTo(0, 0)")
            assert_in_window(page, (".ls-board", ".ls-moves", "button[data-action=ls-confirm]"))
            sizes[width] = page.locator(".ls-board").bounding_box()["width"]
        # 100vh - 18rem: the height the lines above the board and the page's bottom margin leave it.
        assert sizes == {1920: 1080 - 288, 2560: 1440 - 288, 1280: 512, 1366: 512}, sizes
        for width, height in ((390, 844), (320, 640)):
            resize(page, width, height)
            assert page.locator(".ls-board").bounding_box()["width"] == width - 48, width  # the column's width
        resize(page, 844, 390)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_window(page, (".ls-board",))
