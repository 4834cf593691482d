"""Whole matches by keyboard alone and by touch alone: Raythread Rally and Light Seeker against the
computer, from the home page's "Play vs computer" to the end and a rematch. By keyboard: no pointer
event at all, and after every computer move the board still has keyboard focus, so a person who plays
by keyboard never has to find it again. By touch: taps on a phone (390×844, dark), where a Raythread cell
is tapped twice (the first tap previews). The moves are chosen at random among the engine's legal ones
for the page's own match, and each one the person makes is checked in the page's saved record."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from gamenight.lightseeker import GAME as LS_GAME
from gamenight.lightseeker import rules as ls_rules
from gamenight.lightseeker import scene as ls_scene
from gamenight.raythread import GAME as RT_GAME
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import count_pointer_events, open_app, pointer_events
from tests.e2e.test_bots import BOT_MS, replayed, wait_for_moves
from tests.e2e.test_lightseeker import KEYS, keys_to

pytestmark = pytest.mark.e2e


# What has focus, as a failing ``tab_to`` tells it: the element's tag, id, class and first words.
FOCUSED = """(s) => {
    const e = document.activeElement;
    if (!e) return [false, "nothing"];
    const words = (e.getAttribute("aria-label") || e.textContent || "").trim().slice(0, 40);
    const tag = `<${e.tagName.toLowerCase()} id="${e.id}" class="${e.getAttribute("class") || ""}">`;
    return [e.matches(s), `${tag} ${words}`];
}"""


def tab_to(page: Page, selector: str, most: int = 60) -> int:
    """Press Tab until ``selector`` has focus; the number of presses."""
    trail = []  # where focus was before each press: the failure says where the Tabs went
    for presses in range(most):
        reached, where = page.evaluate(FOCUSED, selector)
        if reached:
            return presses
        trail.append(where)
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached in {most} Tabs; focus was on:\n  " + "\n  ".join(trail))


def vs_computer(page: Page, site_url: str, game: str) -> None:
    """From the home page to a match against the computer: Tab to the game card's link, Enter."""
    open_app(page, site_url, "#/")
    count_pointer_events(page)
    tab_to(page, f'a[href="#/{game}/table?vs=normal"]')
    page.keyboard.press("Enter")


def cursor(page: Page, board: str, prefix: str, sep: str) -> tuple[int, int] | None:
    """The board's keyboard cursor (its active descendant), if it shows one."""
    active = page.get_attribute(board, "aria-activedescendant")
    if not active:
        return None
    r, c = active.removeprefix(prefix).split(sep)
    return int(r), int(c)


def rt_keys(page: Page, state: object, move: dict) -> None:
    """A Raythread move by keys: the tile's key and its orientation, the cursor to the cell, Enter (for a
    turn: the cursor to the tile, Enter to see the turn, Enter to make it)."""
    if move["type"] == "place":
        key = page.get_attribute(f".rt-hand-tile[data-kind={move['tile']}]", "aria-keyshortcuts") or ""
        page.keyboard.press(key.split()[0])
        page.keyboard.press("Slash" if move["orient"] == "/" else "Backslash")
    at = cursor(page, "#rt-board", "rt-c", "-")
    if at is None:  # no cursor shown yet: an arrow shows it where it starts, one step on
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowUp")
        at = cursor(page, "#rt-board", "rt-c", "-")
    assert at is not None
    keys_to(page, at, tuple(move["cell"]))
    expect(page.locator("#rt-board")).to_have_attribute("aria-activedescendant", "rt-c{}-{}".format(*move["cell"]))
    page.keyboard.press("Enter")
    if move["type"] == "rotate":
        page.keyboard.press("Enter")


def store_of(game_id: str) -> str:
    return rt.STORE if game_id == "raythread" else ls.STORE


def play_match(page: Page, game_id: str, seed: int, make: Callable, each_turn=lambda: None) -> int:
    """Play the person's seat (the first) against the computer to the end with ``make(page, state, move)``
    (keys or taps), through the ``Game`` protocol; in Raythread a tile turned once among the moves.
    ``each_turn`` checks the page when the person's turn comes."""
    game, store = (RT_GAME if game_id == "raythread" else LS_GAME), store_of(game_id)
    chooser = random.Random(seed)
    count, state = replayed(page, store, game)
    person = state.seats[0]
    turned = 0
    while game.result(state) is None:
        if person in game.active(state):
            # As a person does: play once the page says it is their turn (the computer's move drawn):
            # "Player 1 (A) to play" in Raythread, "Player 1 to play" in Light Seeker (its seat reads 1).
            expect(page.locator(".match-status")).to_contain_text(re.compile(rf"\b{person}\)? to play"))
            each_turn()
            moves = list(game.legal(state, person))
            rotations = [m for m in moves if m.get("type") == "rotate"]
            move = chooser.choice(rotations if rotations and not turned else moves)  # a turn, once
            turned += move.get("type") == "rotate"
            make(page, state, move)
            wait_for_moves(page, store, count + 1)
            assert json.loads(page.evaluate(f"localStorage.getItem('{store}')"))["record"]["log"][count]["move"] == move
        wait_for_moves(page, store, count + 1)
        count, state = replayed(page, store, game)
    assert turned or game_id != "raythread", f"the person turned a tile at least once ({count} moves)"
    (rt if game_id == "raythread" else ls).assert_page_shows(page, state)
    expect(page.locator(".match-result")).to_be_visible()
    return count


def ls_keys(page: Page, state: ls_rules.State, move: dict) -> None:
    """A Light Seeker turn by keys: for each action, the cursor to its cube (which chooses it), S or T and
    the arrow; then the cursor to Buh's cube, Space, and Enter."""
    board = state.board
    at = cursor(page, "#ls-board", "ls-c", "_")  # the cube nearest the middle that may act (not Buh's)
    assert at is not None, "the board names the cube under its cursor"
    for a in move["actions"]:
        goal = board.cells[a["cube"]]
        if at == goal and page.locator(f"#ls-cube-{a['cube']}.ls-selected").count() == 0:
            page.keyboard.press("Space")  # the cursor starts on the cube: a player chooses it with Space
        at = keys_to(page, at, goal)
        expect(page.locator(f"#ls-cube-{a['cube']}")).to_have_class(ls.re.compile("ls-selected"))
        page.keyboard.press("s" if a["kind"] == "slide" else "t")
        page.keyboard.press(KEYS[a["dir"]])
        # Heard, not only seen: the board's polite region says the action made (it said nothing).
        made = f"Cube {ls_scene.number(a['cube'])} {'slides' if a['kind'] == 'slide' else 'tilts'} "
        expect(page.locator(".ls-side [aria-live=polite]").filter(has_text=made)).to_have_count(1)
        board = ls_rules.act(board, ls_rules.Action(a["cube"], a["kind"], ls.Direction(a["dir"])))
        at = board.cells[a["cube"]]  # the cursor goes with its cube
        expect(page.locator(".ls-light")).to_have_attribute("data-light", str(ls_rules.total_light(board)))
    keys_to(page, at, board.cells[move["buh"]])
    page.keyboard.press("Space")
    expect(page.locator(".ls-play")).to_have_attribute("data-step", "confirm")
    page.keyboard.press("Enter")


def rt_taps(page: Page, state: object, move: dict) -> None:
    """A Raythread move by taps: the tile and its orientation, then the cell twice (the first tap shows
    the move, the second makes it); a turn: the tile twice."""
    if move["type"] == "place":
        page.tap(f".rt-hand-tile[data-kind={move['tile']}]")
        page.tap(f".rt-orient[data-orient-name={'slash' if move['orient'] == '/' else 'backslash'}]")
    cell = "#rt-c{}-{}".format(*move["cell"])
    page.tap(cell)
    expect(page.locator(".rt-board.rt-previewing")).to_have_count(1)
    page.tap(cell)


# The page's scroll and the board's top in the window, in CSS px: the board a finger plays on, where it stands.
BOARD_STILL = "() => [scrollY, document.querySelector('.ls-board').getBoundingClientRect().top]"


def tap_where_it_is(page: Page, selector: str) -> None:
    """A finger's tap on ``selector`` where it stands now, which must be wholly in the window (Playwright's own
    tap would scroll it there first, as no player's finger does: its checks that nothing else takes the tap
    scroll the page to retry, which moved the board 150 px at Buh's cube)."""
    expect(page.locator(selector)).to_be_visible()
    box, height = page.locator(selector).bounding_box(), page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def ls_taps(page: Page, state: ls_rules.State, move: dict) -> None:
    """A Light Seeker turn by taps: each action's cube and button (on a touch screen the arrows take no
    taps), Buh's cube, Confirm; each tap where its target stands, in the window (``tap_where_it_is``).
    A player's pass on a 390 × 844 phone: the board jumped 12 px up at a cube's tap in the first turn (its Slide
    and Tilt buttons, in the window already, brought in with room under them) and back down at the action's (the
    board's focus showing the page's top); at 320 × 640 it came down 172 px at the action's, away from the buttons
    just brought in. The board stays put through the turn up to Buh's cube: in the first turn (one action) at
    390 × 844 from the turn's first tap on, its buttons in the window with the page's top; else (at 320 × 640, or
    two actions' steps over the buttons) from the first cube's tap on, which brings the buttons in once."""
    # A tap on the board while the computer's turn is played back only ends the replay (``ls.build_turn``).
    expect(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=10_000)
    board = state.board
    fits = len(move["actions"]) == 1 and page.viewport_size["height"] >= 844
    still = page.evaluate(BOARD_STILL) if fits else None
    for i, a in enumerate(move["actions"]):
        if page.locator(f"#ls-cube-{a['cube']}.ls-selected").count() == 0:
            tap_where_it_is(page, ls.cell(board, a["cube"]))
            expect(page.locator(f"#ls-cube-{a['cube']}.ls-selected")).to_have_count(1)
        still = still or page.evaluate(BOARD_STILL)
        assert page.evaluate(BOARD_STILL) == still, f"the board moved at cube {a['cube']}'s tap: {still}"
        tap_where_it_is(page, f".ls-move[data-cube='{a['cube']}'][data-kind={a['kind']}][data-dir={a['dir']}]")
        expect(page.locator(".ls-step.done")).to_have_count(i + 1)
        assert page.evaluate(BOARD_STILL) == still, f"the board moved at action {i + 1}'s tap: {still}"
        board = ls_rules.act(board, ls_rules.Action(a["cube"], a["kind"], ls.Direction(a["dir"])))
        expect(page.locator(".ls-light")).to_have_attribute("data-light", str(ls_rules.total_light(board)))
    tap_where_it_is(page, ls.cell(board, move["buh"]))
    expect(page.locator(".ls-play")).to_have_attribute("data-step", "confirm")
    assert page.evaluate(BOARD_STILL) == still, f"the board moved at Buh's cube's tap: {still}"
    page.tap("button[data-action=ls-confirm]")


# Where the status's words stand in the status's place (the room kept under them: ui/match.py status_room), and
# the board's top on the page, in px.
STATUS_AT = """() => {
    const words = document.createRange();
    words.selectNodeContents(document.querySelector('.match-status'));
    const board = document.querySelector('.ls-board, .rt-board').getBoundingClientRect();
    const head = document.querySelector('.match-head').getBoundingClientRect();
    return {above: words.getBoundingClientRect().top - head.top, board: board.top + window.scrollY};
}"""
GAMES = ["raythread", "lightseeker"]
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the rematch's first position is shot there


def before_rematch(page: Page, game_id: str) -> None:
    """Over the Rematch of the ended match, who will start it: the computer player, whose seat turns to
    the first (nobody was told before the press); it is the button's description. Named by the seat it will
    sit at, as its card and the board will name it then ("Bot A (Normal)", Light Seeker's "Bot 1 (Normal)")."""
    words = f"In the rematch, Bot {'A' if game_id == 'raythread' else '1'} (Normal) starts."
    expect(page.locator("#rematch-starts")).to_have_text(words)
    expect(page.locator("button[data-action=table-new]")).to_have_accessible_description(words)


def rematch(page: Page, game_id: str, moves: int) -> None:
    """After "Rematch" was pressed: a fresh match (fewer moves saved than the ``moves`` of the last), its
    seats turned: the computer player, second in the last match, sits first and moves first, then the
    person is to play (the person started every match before), with the name they had, read with the seat
    they moved to ("Player 1 (B)": every player keeps their name across a rematch), and told their colour now."""
    expect(page.locator(".match-result")).to_have_count(0)
    expect(page.locator("#rematch-starts")).to_have_count(0)
    page.wait_for_function(
        "([k, n]) => JSON.parse(localStorage.getItem(k)).record.log.length < n", arg=[store_of(game_id), moves]
    )
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).record.log.length >= 1", arg=store_of(game_id), timeout=BOT_MS
    )
    saved = json.loads(page.evaluate(f"localStorage.getItem('{store_of(game_id)}')"))
    first = saved["record"]["seats"][0]
    assert saved["bots"] == {first: "normal"} and saved["record"]["log"][0]["seat"] == first
    expect(page.locator(".match-status")).to_contain_text("Player 1", timeout=BOT_MS)
    expect(page.locator(".match-status")).not_to_contain_text("Rematch")
    # The person's colour turned with their seat: on their first turn the live region says it in words with the
    # turn, and their seat card shows them (not the status, whose room they widened: ui/match.py turn_words).
    moved = re.compile(r"your turn · you are [\w ]+ this time")  # "pink", "sky blue"
    expect(page.locator("#match-news")).to_contain_text(moved)
    expect(page.locator(".match-seat.turn")).to_contain_text(re.compile(r"you are [\w ]+ this time"))
    expect(page.locator(".match-status")).not_to_contain_text("this time")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{game_id}-rematch-{page.viewport_size['width']}.png", full_page=True)


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "game_id, seed, keys", [("raythread", 11, rt_keys), ("lightseeker", 3, ls_keys)], ids=["raythread", "lightseeker"]
)
def test_against_the_computer_to_the_end_by_keyboard_alone(app: Page, site_url: str, game_id, seed, keys):
    board = "#rt-board" if game_id == "raythread" else "#ls-board"
    vs_computer(app, site_url, game_id)
    tab_to(app, board)
    # The board keeps focus after each computer move.
    moves = play_match(app, game_id, seed, keys, lambda: expect(app.locator(board)).to_be_focused())
    # At the end focus goes from the board to Rematch, the player's next action (ui.match.FOCUS_END: it stayed
    # on the final board, and a keyboard or screen-reader player had to find Rematch).
    expect(app.locator("button[data-action=table-new]")).to_be_focused()
    # The final board is read cell by cell: its cursor is drawn and the arrows move it (they were dropped
    # once the match had a result, under a cursor still drawn), as a spectator's do during the match.
    prefix, sep = ("rt-c", "-") if game_id == "raythread" else ("ls-c", "_")
    tab_to(app, board)
    expect(app.locator(board)).to_be_focused()
    at = cursor(app, board, prefix, sep)
    assert at is not None, "the final board shows its cursor"
    # The cursor's left edge: the board's for Raythread, the cubes' for Light Seeker (it stays over them).
    edge = 0 if game_id == "raythread" else min(c for _r, c in ls.engine(app).board.cells)
    app.keyboard.press("ArrowRight" if at[1] == edge else "ArrowLeft")
    expect(app.locator(board)).not_to_have_attribute("aria-activedescendant", f"{prefix}{at[0]}{sep}{at[1]}")
    assert cursor(app, board, prefix, sep) is not None
    before_rematch(app, game_id)
    tab_to(app, "button[data-action=table-new]")  # the rematch, by keyboard too
    app.keyboard.press("Enter")
    rematch(app, game_id, moves)
    assert pointer_events(app) == 0, "a whole match with no pointer at all"
    if game_id == "raythread":
        help_over_the_table(app, touch=False)


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "game_id, seed, taps", [("raythread", 12, rt_taps), ("lightseeker", 4, ls_taps)], ids=["raythread", "lightseeker"]
)
def test_against_the_computer_to_the_end_by_touch(phone: Page, site_url: str, game_id, seed, taps):
    """The match is played at 320 × 640 (Raythread's rematch and Light Seeker's first turn at 390 × 844: its board
    staying put through a turn, ``ls_taps``), where the status's words take one
    line or two. A player's pass there: a turn's one line ("Player 1 to play · your turn") stood under the room
    of the computer's longer words (its thinking, its move played back: two lines, three on a screen with keys),
    blank above it, and the board moved 20 px up when the match ended. The status's words stand at the top of its
    room at every turn (Light Seeker's end in its middle); at the end Light Seeker's board is where it was at the
    player's turns, and Raythread's
    moves up once (its win takes its own room: kept, it stood over an empty line, test_phone.py's check)."""
    # Light Seeker's first turn is played at 390 × 844, as a player's pass found its board jumping there (``ls_taps``).
    first = {"width": 390, "height": 844} if game_id == "lightseeker" else {"width": 320, "height": 640}
    phone.set_viewport_size(first)
    open_app(phone, site_url, "#/")
    phone.tap(f'a[href="#/{game_id}/table?vs=normal"]')
    expect(phone.locator(".match-status")).to_be_visible()  # the match saved (play_match reads it)
    tops: list[float] = []
    turns = 0

    def each_turn() -> None:
        nonlocal turns
        turns += 1
        if phone.viewport_size["width"] != 320:
            if turns == 1:  # Light Seeker's first turn, at 390 × 844
                return
            phone.set_viewport_size({"width": 320, "height": 640})  # the rest of its match
        at = phone.evaluate(STATUS_AT)
        assert at["above"] <= 1, f"blank room above the status's words at 320 px: {at}"
        tops.append(at["board"])

    moves = play_match(phone, game_id, seed, taps, each_turn)
    end = phone.evaluate(STATUS_AT)
    # Light Seeker's end stands its words in the middle of the room it keeps (ui/match.py status_room: "Player 1
    # wins!" stood over an empty line): half a line over them at most, 10 px at 320 px.
    assert end["above"] <= (11 if game_id == "lightseeker" else 1), f"blank room above the end's words: {end}"
    assert len(set(tops)) == 1, f"the board's top at the turns {tops}, the end {end}"
    # Light Seeker's board stays put at the end too; Raythread's status takes its own room then, its board moving up
    # (never down) rather than the win standing over an empty line (docs/rules/raythread.md).
    if game_id == "lightseeker":
        assert end["board"] == tops[0], f"the board's top at the turns {tops}, the end {end}"
    else:
        assert end["board"] <= tops[0], f"the board's top at the turns {tops}, the end {end}"
    if game_id == "raythread":  # the final board is zoomed in on to look it over (the tap was dropped)
        phone.set_viewport_size({"width": 390, "height": 844})  # the rematch as on the phone of the rest
        phone.tap("button[data-action=rt-zoom]")
        expect(phone.locator(".rt-board-wrap.zoomed")).to_have_count(1)
    before_rematch(phone, game_id)
    phone.tap("button[data-action=table-new]")
    rematch(phone, game_id, moves)
    if game_id == "raythread":
        help_over_the_table(phone, touch=True)


def help_over_the_table(page: Page, touch: bool) -> None:
    """The header's "?" over Raythread's table in play (the rematch, after the match by keyboard or by touch): a
    phone (touch) shows the gestures first and the keys after; a desktop with a mouse shows only the keys. (It was
    a test of its own, two pages booted for it alone; the keyboard's match asks for it once its pointer-free
    count is checked.)"""
    page.click("#app-help")  # a tap on the phone
    expect(page.locator("#overlay")).to_be_focused()
    expect(page.locator("#overlay .keys").last).to_contain_text("Enter")
    if touch:
        expect(page.locator(".help-touch")).to_be_visible()
        expect(page.locator(".help-touch")).to_contain_text("Tap a cell")
    else:
        expect(page.locator(".help-touch")).to_be_hidden()
