"""Reflection with friends in real browser pages over peer links (run in the private network namespace
by ``make e2e``): a built match from the first tile to the final ranking, a random round where one
player gives up, a round that runs out of time, and how long the host's page is blocked while it makes
random puzzles. Every page is watched: a request outside the site or a console error fails the test.
"""

from __future__ import annotations

import json
import os
import re
import statistics

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamenight.reflection import GAME
from gamenight.reflection.generate import mix
from gamenight.reflection.laser import Layout, edge_names
from gamenight.reflection.match import submission
from gamenight.reflection.puzzle import Clue, Puzzle, TileSet
from gamenight.reflection.solve import solve
from tests.e2e.conftest import PHONE, People, assert_in_window, resize
from tests.e2e.test_accessibility import in_both_themes
from tests.e2e.test_peer_links import CONNECT_MS, invited, join, seat
from tests.unit.reflection.match_helpers import Match, salt

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
SHOTS = os.environ.get("GNC_SHOTS")

KINDS = {"/": "diagonal", "\\": "diagonal", "|": "flat", "-": "flat", "#": "block", "o": "hole"}
GRID_CURSOR = '.rf-work [role="grid"] [tabindex="0"]'  # the board's one Tab stop: the cell under its cursor
EASY = mix(6)  # 6 × 6: 4 diagonal mirrors, 1 flat mirror, 1 block
# Each builder's puzzle, placed by clicking (every tile of the set, none hidden from every laser).
LAYOUTS = {
    "1": Layout(("......", ".\\..#.", "......", "...|..", "./...\\", "...../")),
    "2": Layout(("./....", "......", "..#\\..", "......", ".-../.", "....\\.")),
    "3": Layout(("...\\..", "#.....", "....|.", "./....", "......", "..\\./.")),
}
# Record every text a page receives over its data channels (installed before the app starts).
CAPTURE = """
window.__received = [];
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, handler, ...rest) {
  if (type === 'message') {
    const seen = (event) => { window.__received.push(String(event.data)); return handler.call(this, event); };
    return listen.call(this, type, seen, ...rest);
  }
  return listen.call(this, type, handler, ...rest);
};
"""
LONG_TASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def open_host(people: People, name: str = "Ann", context: BrowserContext | None = None) -> Page:
    page = people.open(context or people.person(), f"{people.site_url}/?stun=none#/host?game=reflection")
    page.fill("input[name=lobby]", "Friday night")
    page.fill("input[name=name]", name)
    page.select_option("form[data-action=host-setup] select[name=game]", "reflection")
    page.click("form[data-action=host-setup] button[type=submit]")
    expect(page.locator("main.host[data-stage=lobby] h1")).to_have_text("Friday night")
    return page


def choose(host: Page, players: int, options: dict) -> None:
    """The host sets the player count and the options in the lobby's form, as a person does."""
    form = host.locator("form[data-action=choose]")
    form.locator("select[name=players]").select_option(str(players))
    details = form.locator("details.table-options")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    for name, value in options.items():
        control = form.locator(f"[name={name}]")
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    form.locator("button[type=submit]").click()


def sit(page: Page, seat_id: str, host: Page) -> None:
    page.click(f".seat[data-seat='{seat_id}'] button[data-action=sit]")
    expect(seat(host, seat_id)).not_to_have_text("free")


def accessible(page: Page) -> None:
    """No serious or critical axe-core violation on the page, in the light and the dark theme."""
    assert in_both_themes(page) == []


def place(page: Page, layout: Layout) -> None:
    """Put ``layout``'s tiles on the page's board by clicking: a kind in the tray, then a cell (again to turn)."""
    tiles = sorted(layout.tiles().items())
    for i, ((r, c), tile) in enumerate(tiles):
        cell = page.locator(f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']")
        current = cell.get_attribute("data-tile")
        if current == tile:
            continue
        if current is None:
            page.click(f".rf-work .rf-tray-tile[data-kind={KINDS[tile]}]")
            cell.click()
        if current is not None or tile in ("\\", "-"):  # a mirror goes in as / or ‖: a click turns it
            cell.click()
        if i < len(tiles) - 1:  # the last tile may finish the puzzle, and the next one replaces it
            expect(cell).to_have_attribute("data-tile", tile)


def read_puzzle(page: Page, tiles: TileSet) -> Puzzle:
    """The puzzle on the page's board, read from its edge numbers (colour from the class)."""
    size = int(page.locator(".rf-work svg.rf-board").get_attribute("data-size"))
    found = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.rf-work .rf-edge')].map(e => [
            e.dataset.edge,
            [['green', 'yellow', 'black'].find(c => e.classList.contains('rf-' + c)),
             Number(e.querySelector('.rf-number').textContent)]]))"""
    )
    clues = tuple(Clue(found[name][1], found[name][0]) for name in edge_names(size))
    return Puzzle(size, (), tiles, clues)


def page_scores(page: Page) -> dict[str, int]:
    seats = page.locator(".match-seat")
    expect(seats.first).to_be_visible()
    return {
        seats.nth(i).get_attribute("data-seat"): int(seats.nth(i).locator(".score").get_attribute("data-score"))
        for i in range(seats.count())
    }


def solved_by(page: Page) -> None:
    expect(page.locator(".rf-finished")).to_contain_text("Solved in", timeout=CONNECT_MS)


def points_of(number: str, round_: int) -> str:
    """The score table's cell of seat ``number`` in ``round_``, once it has points."""
    return f".rf-scores tr[data-seat='{number}'] td[data-round='{round_}'][data-points]"


def joined(texts: list[str]) -> list[str]:
    """The messages a page received, a long one's ``part`` frames joined back (a layout split across
    two frames would otherwise escape the search)."""
    messages, pieces = [], []
    for text in texts:
        frame = json.loads(text)
        if frame.get("type") != "part":
            messages.append(text)
            continue
        pieces.append(frame["data"])
        if frame["i"] == frame["of"] - 1:
            messages.append("".join(pieces))
            pieces = []
    return messages


def rows_of(layout: Layout) -> str:
    """A layout's rows as they would appear in a message (compact JSON, as the host writes it)."""
    return json.dumps(list(layout.rows), separators=(",", ":"))


def test_a_built_match_for_three_is_played_to_the_end_and_a_spectator_never_sees_a_layout_early(people: People):
    host = open_host(people)
    # Bea and Cal open their invitations together (their pages boot side by side), then join in turn.
    bea_page, cal_page = invited(people, host), invited(people, host)
    bea = join(people, host, "Bea", page=bea_page)
    cal = join(people, host, "Cal", page=cal_page)
    choose(host, 3, {"mode": "built", "variant": "A", "preset": "easy"})
    sit(bea, "2", host)
    sit(cal, "3", host)
    host.click("button[data-action=start]")
    pages = {"1": host, "2": bea, "3": cal}
    # Dan, a spectator, has his invitation open while they build: his page boots meanwhile, and he joins
    # during round 1 (below).
    context = people.person()
    context.add_init_script(CAPTURE)
    dan_page = invited(people, host, context)

    # Build: every tile placed by clicking, the clues drawn live, the one-solution check shown, then sent.
    for number, page in pages.items():
        expect(page.locator(".rf-phase")).to_have_text("Build your puzzle: place every tile, then send it.")
        place(page, LAYOUTS[number])
        expect(page.locator(".rf-to-place")).to_have_text("Every tile is placed.")
        expect(page.locator(".rf-advice")).to_be_visible()
        if number == "1":
            accessible(page)
        page.click("button[data-action=rf-send]")
        if number != "3":  # the last puzzle sent starts round 1 at once
            expect(page.locator(".rf-to-place")).to_contain_text("Sent.")
            expect(host.locator(f".rf-race li[data-seat='{number}']")).to_have_attribute("data-sent", "1")
        kept = page.evaluate("localStorage.getItem('gnc:reflection.built')")  # commitment → layout and salt
        assert kept and [p["rows"] for p in json.loads(kept).values()] == [list(LAYOUTS[number].rows)]
    for page in pages.values():
        expect(page.locator(".rf-phase")).to_contain_text("Round 1 of 2", timeout=CONNECT_MS)

    # The engine's match, played with the same layouts in the same order.
    ref = Match({"mode": "built", "preset": "easy"}, 3)
    for k, number in enumerate(pages):
        ref.play(number, submission(LAYOUTS[number], (), salt(k)))
        ref.layouts[number] = LAYOUTS[number]

    # A wrong try: Submit names the clues that differ and sends nothing.
    first = dict(sorted(LAYOUTS["2"].tiles().items())[:1])
    place(host, Layout.of(6, first))
    host.click("button[data-action=rf-submit]")
    expect(host.locator(".rf-said")).to_contain_text("The clues that differ:")
    assert not ref.state.finishes

    # Round 1: 1 solves 2's, 2 solves 3's, 3 solves 1's; finishing order Cal, Ann, Bea. Round 2 the others.
    order = {1: ("3", "1", "2"), 2: ("2", "3", "1")}
    dan = None
    for round_ in (1, 2):
        for number in order[round_]:
            builder = str((int(number) - 1 + round_) % 3 + 1)  # variant A: seat i solves seat i + r's
            expect(pages[number].locator(".rf-phase")).to_contain_text(f"Round {round_} of 2", timeout=CONNECT_MS)
            place(pages[number], LAYOUTS[builder])  # the last number that matches sends the solve
            ref.solve(number)
            for page in pages.values():
                expect(page.locator(points_of(number, round_))).to_contain_text("+", timeout=CONNECT_MS)
            if dan is None:
                # A spectator joins during round 1: it watches the puzzles in play, with no layout shown.
                dan = join(people, host, "Dan", page=dan_page)
                expect(dan.locator(".lobby .role")).to_have_text("You are watching this match.")
                expect(dan.locator(".rf-watch")).to_be_visible()
                accessible(dan)
                accessible(host)
            elif round_ == 2 and number == order[2][1]:
                # The last solver is still at work: nothing of any layout on the spectator's page yet.
                expect(dan.locator(".rf-work svg.rf-board")).to_be_visible()
                assert dan.locator("[data-tile]").count() == 0
                assert dan.locator(".rf-revealed").count() == 0

    # The boards reveal by themselves; the ranking follows.
    for page in (*pages.values(), dan):
        expect(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
    for number in pages:
        ref.reveal(number)
    result = GAME.result(ref.state)
    assert result is not None and result.notes == {}
    for page in (*pages.values(), dan):
        assert page_scores(page) == dict(result.scores)
        expect(page.locator(".rf-revealed")).to_have_count(3)
        winner = page.locator(".match-result .ranking li").first
        expect(winner).to_have_attribute("data-seat", result.ranking[0][0])
    for page in pages.values():  # revealed: the devices forget them
        assert page.evaluate("localStorage.getItem('gnc:reflection.built')") is None
    expect(host.locator(".match-controls button[data-action=start]")).to_have_text("Rematch")
    accessible(host)

    # Every message the spectator received: a layout only once its puzzle was revealed.
    received = joined(dan.evaluate("window.__received"))
    assert received, "the spectator's page received nothing"
    for text in received:
        message = json.loads(text)
        view = ((message.get("match") or {}).get("view")) or {}
        shown = {p["builder"]: p for p in view.get("puzzles", [])}
        for builder, layout in LAYOUTS.items():
            if rows_of(layout) in text:
                assert shown.get(builder, {}).get("reveal") == "done", f"{builder}'s layout leaked: {text[:200]}"
        for p in view.get("puzzles", []):
            assert p.get("solution") is None or p.get("reveal") == "done"


def give_up(page: Page) -> None:
    """Give up the page's puzzle: "Give up", then "Yes, give up" in the question it asks."""
    page.click("button[data-action=rf-give-up]")
    expect(page.locator(".rf-confirm")).to_be_visible()
    page.click("button.danger[data-action=rf-give-up]")


def play_random(people: People, options: dict, host_context: BrowserContext | None = None) -> tuple[Page, Page]:
    host = open_host(people, context=host_context)
    bea = join(people, host, "Bea")
    choose(host, 2, options)
    sit(bea, "2", host)
    host.click("button[data-action=start]")
    for page in (host, bea):
        expect(page.locator(".rf-phase")).to_have_text("Round 1 of 1", timeout=CONNECT_MS)
    return host, bea


# The focused element's outline, as drawn: its style and whether it is 2 px wide or more.
FOCUS_RING = """() => { const s = getComputedStyle(document.activeElement);
    return {style: s.outlineStyle, wide: parseFloat(s.outlineWidth) >= 2}; }"""


def test_a_one_round_random_match_where_one_player_solves_and_the_other_gives_up(people: People):
    host, bea = play_random(people, {"mode": "random", "preset": "easy", "rounds": 1})
    puzzle = read_puzzle(host, EASY)
    assert read_puzzle(bea, EASY) == puzzle  # everyone solves the same puzzle
    found = solve(puzzle, 1).layout
    place(host, found)
    solved_by(host)
    # A player's pass: the board its player solved, while Bea still solves, lit the cell under the pointer and
    # showed a hand over it, as if it took tiles: it is only shown now.
    cell = host.locator(".rf-work .rf-cell[data-r='0'][data-c='0'] .rf-bg")
    look = "(e) => [getComputedStyle(e).fill, getComputedStyle(e).cursor]"
    host.mouse.move(0, 0)
    resting = cell.evaluate(look)
    cell.hover()
    assert cell.evaluate(look) == [resting[0], "default"]
    # Bea tries with the keyboard alone: the board is one Tab stop, arrows move its cursor, not the page.
    cursor = bea.locator(GRID_CURSOR)
    # The whole board in view: moving the focus to a cell already on screen scrolls nothing, so any
    # scrolling below would be the arrows' own.
    bea.evaluate("document.querySelector('#rf-board').scrollIntoView({block: 'center'})")
    cursor.focus()
    scrolled = bea.evaluate("window.scrollY")
    for key in ("ArrowUp", "ArrowUp", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown"):
        bea.keyboard.press(key)
    assert bea.evaluate("window.scrollY") == scrolled
    bea.keyboard.press("/")
    expect(bea.locator(".rf-work .rf-cell[data-r='4'][data-c='2']")).to_have_attribute("data-tile", "/")
    expect(bea.locator("#rf-cursor-text")).to_contain_text("Row 5, column 3: diagonal mirror")
    bea.keyboard.press("r")
    expect(bea.locator(".rf-work .rf-cell[data-r='4'][data-c='2']")).to_have_attribute("data-tile", "\\")
    bea.keyboard.press("Delete")
    expect(bea.locator(".rf-work .rf-cell[data-tile]")).to_have_count(0)
    expect(bea.locator(".rf-work .rf-cell[data-r='4'][data-c='2']")).to_be_focused()  # focus follows the cursor
    bea.click("button[data-action=rf-give-up]")
    expect(bea.locator(".rf-confirm")).to_be_visible()  # asked once more first, the safe answer focused
    expect(bea.locator("button[data-action=rf-keep-going]")).to_be_focused()
    if SHOTS:  # the question over its answers, for a person to look at
        size = bea.viewport_size
        for width, height in ((320, 640), (390, 844)):
            resize(bea, width, height)
            bea.locator(".rf-actions").scroll_into_view_if_needed()
            for scheme in ("light", "dark"):
                bea.emulate_media(color_scheme=scheme)
                bea.screenshot(path=f"{SHOTS}/give-up-ask-{width}-{scheme}.png")
        bea.emulate_media(color_scheme="light")
        bea.set_viewport_size(size or {"width": 1280, "height": 800})
    bea.keyboard.press("Escape")  # keeps solving, and focus goes back to Give up
    expect(bea.locator(".rf-confirm")).to_have_count(0)
    expect(bea.locator("button[data-action=rf-give-up]")).to_be_focused()
    bea.keyboard.press("Enter")
    expect(bea.locator("button[data-action=rf-keep-going]")).to_be_focused()
    bea.keyboard.press("Tab")
    expect(bea.locator("button[data-action=rf-give-up]")).to_be_focused()
    bea.keyboard.press("Enter")
    for page in (host, bea):
        expect(page.locator(".match-status")).to_have_text("Ann (1) wins!", timeout=CONNECT_MS)
        assert page_scores(page) == {"1": 120, "2": -60}
        expect(page.locator(".rf-revealed")).to_have_count(1)  # the solution, now that the round is over
        # The match is over: the points table says how each round went (the finish order is gone).
        expect(page.locator(".rf-scores tr[data-seat='2'] td[data-round='1']")).to_contain_text("gave up")
    # A player's pass: at the race's final results focus was on the status, moved there by the page after a
    # key, but no ring showed where it was (WCAG 2.4.7). A keyboard player sees it. "Yes, give up" puts it on
    # the board's heading, now "Final results": on the status, a screen reader read it whole as the live
    # region said the same news (controls.GAVE_UP_FOCUS).
    expect(bea.locator(".match-main .rf-phase")).to_be_focused()
    expect(bea.locator(".match-main .rf-phase")).to_have_text("Final results")
    assert bea.evaluate(FOCUS_RING) == {"style": "solid", "wide": True}, bea.evaluate(FOCUS_RING)
    if SHOTS:  # the final results, the focused status and the Solutions, for a person to look at
        for width, height in ((1280, 800), (390, 844)):
            resize(bea, width, height)
            for scheme in ("light", "dark"):
                bea.emulate_media(color_scheme=scheme)
                bea.screenshot(path=f"{SHOTS}/race-over-focus-{width}-{scheme}.png")
                bea.locator(".rf-gallery").scroll_into_view_if_needed()
                bea.screenshot(path=f"{SHOTS}/race-over-solutions-{width}-{scheme}.png")
                bea.locator(".match-status").scroll_into_view_if_needed()
        bea.emulate_media(color_scheme="light")


def test_start_pressed_by_keyboard_leaves_focus_on_the_match_s_status_while_the_puzzle_is_made(people: People):
    """Start asks for the board, which a Reflection round draws only once its puzzle is made: focus goes
    to the match's status line, not to the control the page morphed into Start's place ("End the match",
    which a second Enter would press) nor to the page's body; one Tab goes on from there to the board.
    While the host's browser makes the puzzle a notice in the side column says so; when the puzzle comes
    the notice goes, and the status must stay where it was, in the phone's window (390×844): it moved
    about 124 px up, out of the window's top, leaving focus out of sight."""
    host = open_host(people, context=people.person(**PHONE))
    choose(host, 1, {"mode": "random", "preset": "easy", "rounds": 1})
    host.locator("button[data-action=start]").focus()
    host.keyboard.press("Enter")
    status = host.locator(".match-status")
    expect(status).to_be_focused()
    expect(host.locator(".rf-phase")).to_have_text("Round 1 of 1", timeout=CONNECT_MS)
    expect(host.locator(".rf-preparing")).to_have_count(0)
    expect(status).to_be_focused()  # the puzzle's arrival leaves it there
    before = status.bounding_box()
    host.wait_for_timeout(300)  # a late scroll or reflow would show here
    assert status.bounding_box() == before
    assert_in_window(host, (".match-status",))
    # One Tab to the board: "Bigger cells" (shown on a phone) comes after it, with Submit and Give up.
    host.keyboard.press("Tab")
    expect(host.locator(GRID_CURSOR)).to_be_focused()


def start_with_an_option_edited_and_not_applied(host: Page) -> None:
    """The host changes the rounds in the Options and presses "Start the match" without Apply: the match
    has the rounds the form shows (the edit was silently dropped, and the old one round played). In
    ``test_a_round_the_host_ends_no_longer_invites_a_pointer_onto_its_board``, whose lobby it starts."""
    details = host.locator("form[data-action=choose] details.table-options")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    rounds = host.locator("form[data-action=choose] [name=rounds]")
    if rounds.evaluate("e => e.tagName") == "SELECT":
        rounds.select_option("3")
    else:
        rounds.fill("3")
    host.click("button[data-action=start]")
    expect(host.locator(".rf-phase")).to_have_text("Round 1 of 3", timeout=CONNECT_MS)


def first_tiles(layout: Layout, keep: int) -> Layout:
    """``layout`` with only its first ``keep`` tiles, row by row."""
    cells = sorted(layout.tiles())[:keep]
    n = layout.size
    return Layout(tuple("".join(layout.at((r, c)) if (r, c) in cells else "." for c in range(n)) for r in range(n)))


def test_a_host_who_reloads_mid_solve_finds_its_tiles_and_notes_and_finishes(people: People):
    host, bea = play_random(people, {"mode": "random", "preset": "easy", "rounds": 1})
    found = solve(read_puzzle(host, EASY), 1).layout
    place(bea, first_tiles(found, 1))
    expect(bea.locator(".rf-work .rf-matched")).to_contain_text("clues match")
    assert bea.locator(".rf-work .rf-edge.rf-wrong").count() > 0  # one tile matches not every number
    give_up(bea)
    # The puzzle is over for Bea while Ann solves on: her tile goes at once, as on the solo board (they
    # stayed, locked, until the round ended), and the finish line says where the solution will be.
    expect(bea.locator(".rf-finished")).to_contain_text("Its solution is shown under Solutions")
    expect(bea.locator(".rf-work .rf-cell[data-tile]")).to_have_count(0)
    # Her emptied board frames no number as unmatched and counts none: she places no more tiles there.
    expect(bea.locator(".rf-work .rf-edge.rf-wrong")).to_have_count(0)
    expect(bea.locator(".rf-work .rf-matched")).to_have_count(0)
    expect(bea.locator(".rf-work")).not_to_contain_text("clues match")
    expect(host.locator(".rf-work .rf-matched")).to_contain_text("clues match")  # Ann still solves
    first = first_tiles(found, 2)
    place(host, first)
    noted = next(
        f"[data-r='{r}'][data-c='{c}']" for r in range(found.size) for c in range(found.size) if found.at((r, c)) == "."
    )
    host.click(".rf-work .rf-tray-tile[data-kind=dot]")  # a note: "surely empty", as on the solo board
    host.click(f".rf-work .rf-cell{noted}")
    expect(host.locator(".rf-work .rf-cell[data-note]")).to_have_count(1)
    host.reload()
    expect(host.locator(".rf-phase")).to_have_text("Round 1 of 1", timeout=CONNECT_MS)
    for (r, c), tile in first.tiles().items():  # the tiles placed before the reload are back (local storage)
        expect(host.locator(f".rf-work .rf-cell[data-r='{r}'][data-c='{c}']")).to_have_attribute("data-tile", tile)
    expect(host.locator(".rf-work .rf-cell[data-tile]")).to_have_count(2)
    expect(host.locator(f".rf-work .rf-cell{noted}")).to_have_attribute("data-note", "d")
    host.click(".rf-work .rf-tray-tile[data-kind=diagonal]")
    place(host, found)
    expect(host.locator(".match-status")).to_have_text("Ann (1) wins!", timeout=CONNECT_MS)


def test_a_round_that_runs_out_of_time_warns_in_its_last_30_seconds_and_ends_as_a_failure(people: People):
    context = people.person()
    context.clock.install()  # the host's clock, which the match runs on, can be moved on
    host, bea = play_random(people, {"mode": "random", "preset": "easy", "rounds": 1, "limit": 2}, context)
    expect(host.locator(".rf-clock")).to_contain_text("left")
    expect(host.locator(".rf-hurry")).to_have_count(0)
    context.clock.fast_forward("01:35")
    expect(host.locator(".rf-clock.rf-hurry")).to_contain_text("Less than 30 seconds!", timeout=CONNECT_MS)
    context.clock.fast_forward("00:30")
    for page in (host, bea):
        expect(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
        expect(page.locator(".rf-scores td[data-round='1']", has_text="out of time")).to_have_count(2)
        assert page_scores(page) == {"1": -60, "2": -60}
        # The round's clock is everyone's: out of time, the round is over and no board is left to mark.
        expect(page.locator(".rf-edge.rf-wrong")).to_have_count(0)
        expect(page.locator(".rf-matched")).to_have_count(0)


def test_a_long_match_s_points_table_scrolls_in_its_box_and_never_widens_a_phone_s_page(people: People):
    # The table's columns (a round each) once widened the whole match screen: after five rounds a 390 px
    # phone's page was 730 px wide, and its board scrolled sideways with it.
    host = open_host(people, context=people.person(**PHONE))
    choose(host, 1, {"mode": "random", "preset": "easy", "rounds": 5})
    host.click("button[data-action=start]")
    for n in range(1, 6):
        expect(host.locator(".rf-phase")).to_have_text(f"Round {n} of 5", timeout=CONNECT_MS)
        give_up(host)
        expect(host.locator(points_of("1", n))).to_have_count(1, timeout=CONNECT_MS)
        assert host.evaluate("document.documentElement.scrollWidth") == 390, f"after round {n}"
    expect(host.locator(".match-result")).to_be_visible()
    box = host.locator(".rf-table-wrap")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth && e.getBoundingClientRect().right <= 390")
    # The total is in sight without scrolling the box: it comes right after the name.
    total = host.locator(".rf-table tr[data-seat='1'] .rf-total")
    assert total.evaluate(
        "e => e.getBoundingClientRect().right <= e.closest('.rf-table-wrap').getBoundingClientRect().right"
    )
    # Cut at the box's right edge ("Round 2" half shown at 390 px), the rounds showed nothing of more to
    # scroll to: a fade stands over the edge where there is more, and goes where there is none.
    assert box.evaluate(CUES) == {"start": False, "end": True}
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    host.wait_for_function(
        f"() => {{ const c = ({CUES})(document.querySelector('.rf-table-wrap')); return c.start && !c.end; }}"
    )
    box.evaluate("e => { e.scrollLeft = e.scrollWidth / 3; }")  # in between: more either way
    host.wait_for_function(
        f"() => {{ const c = ({CUES})(document.querySelector('.rf-table-wrap')); return c.start && c.end; }}"
    )


def test_a_five_round_race_s_points_table_fits_its_box_on_a_laptop(people: People):
    """A five-round race's points table ran past its box at 1280 × 800 (its scroll cue showed at the right): on
    a laptop the whole table is in sight, five rounds and the total, without a scroll; a phone scrolls it, with
    the cue (the test above). A player's pass then saw its rows two lines tall there, each round's word under its
    points, in a 604 px column beside the standings while the window had room to spare: a page showing a match is
    as wide as a table on one device, and each round reads on one line, in English and Japanese."""
    host = open_host(people, context=people.person(viewport={"width": 1280, "height": 800}))
    bea = join(people, host, "Bea")
    choose(host, 2, {"mode": "random", "preset": "easy", "rounds": 5})
    sit(bea, "2", host)
    host.click("button[data-action=start]")
    for n in range(1, 6):
        for page in (host, bea):
            expect(page.locator(".rf-phase")).to_have_text(f"Round {n} of 5", timeout=CONNECT_MS)
        give_up(host)
        give_up(bea)
        expect(host.locator(points_of("2", n))).to_have_count(1, timeout=CONNECT_MS)
    expect(host.locator(".match-result")).to_be_visible()
    box = host.locator(".rf-table-wrap")
    if SHOTS:
        box.scroll_into_view_if_needed()
        for scheme in ("light", "dark"):
            host.emulate_media(color_scheme=scheme)
            host.screenshot(path=f"{SHOTS}/points-five-rounds-1280-{scheme}.png")
        host.emulate_media(color_scheme=None)
    width = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert width[0] <= width[1], f"the table is {width[0]} px wide in a box of {width[1]}"
    assert box.evaluate(CUES) == {"start": False, "end": False}
    assert host.evaluate(CELL_WORDS) == {"cut": [], "hidden": 0}
    assert host.evaluate(SPLIT_CELLS) == [], "a round's points and word on two lines"
    host.click(".lang-switch .lang[data-lang=ja]")
    expect(host.locator(".rf-scores h3")).to_have_text("点数")
    assert host.evaluate(CELL_WORDS) == {"cut": [], "hidden": 0}
    assert host.evaluate(SPLIT_CELLS) == [], "a round's points and word on two lines, in Japanese"
    assert host.evaluate("document.documentElement.scrollWidth") == 1280


# Which edges of a scrolling box show the fade that says there is more past them (css/app.css: drawn, and
# not transparent, at that scroll position).
CUES = """(box) => {
    const shown = (pseudo) => {
        const style = getComputedStyle(box, pseudo);
        return style.content !== 'none' && style.display !== 'none' && Number(style.opacity) > 0.5;
    };
    return {start: shown('::before'), end: shown('::after')};
}"""


def test_the_host_page_stays_responsive_while_it_makes_hard_puzzles(people: People):
    """Reported, not asserted as a timing: the longest main-thread task while the host's page makes
    three Hard puzzles, and a guest's chat line still arrives meanwhile."""
    context = people.person()
    context.add_init_script(LONG_TASKS)
    host = open_host(people, context=context)
    bea = join(people, host, "Bea")
    choose(host, 2, {"mode": "random", "preset": "hard", "rounds": 3})
    sit(bea, "2", host)
    begin = host.evaluate("performance.now()")
    host.click("button[data-action=start]")
    bea.fill("form[data-action=chat] input[name=text]", "Still there?")
    bea.press("form[data-action=chat] input[name=text]", "Enter")
    expect(host.locator(".chat-lines")).to_contain_text("Bea: Still there?")
    # Round 1's puzzle is made under "Preparing round 1…", the next ones under the host's notice.
    chat_while_preparing = host.locator(".rf-preparing, .match-notice").count() >= 1
    # The round's line shows while its puzzle is made, with no notice; the board once it is made, and the
    # notice then while the other rounds' puzzles are made.
    expect(bea.locator(".rf-phase")).to_contain_text("Round 1 of 3", timeout=180_000)
    expect(host.locator(GRID_CURSOR)).to_have_count(1, timeout=180_000)
    expect(host.locator(".match-notice")).to_have_count(0, timeout=300_000)
    end = host.evaluate("performance.now()")
    tasks = [d for start, d in host.evaluate("window.__longtasks") if begin <= start <= end]
    longest = max(tasks, default=0)
    p95 = statistics.quantiles(tasks, n=20)[-1] if len(tasks) >= 2 else longest
    median = statistics.median(tasks) if tasks else 0
    print(
        f"\nhost page making 3 Hard puzzles: {(end - begin) / 1000:.1f} s, {len(tasks)} tasks over 50 ms, "
        f"longest {longest:.0f} ms, p95 of those {p95:.0f} ms, median {median:.0f} ms; "
        f"a guest's chat arrived while it worked: {chat_while_preparing}"
    )


def test_a_guest_of_a_one_player_lobby_waits_for_room_and_the_host_makes_it(people: People):
    """A Reflection lobby starts with the host's one seat: the guest on a phone reads that every seat is
    taken and the host can make room; the host reads who waits and makes room in one click; the guest
    takes the new seat (docs/lobby.md, "Waiting for a seat")."""
    host = open_host(people)
    bea = join(people, host, "Bea", people.person(**PHONE))
    expect(bea.locator(".seats .room-note")).to_contain_text("Waiting for the host to make room for you")
    expect(host.locator(".seats .room-note")).to_contain_text("Bea is waiting for a seat.")
    expect(bea.locator("button[data-action=make-room]")).to_have_count(0)
    accessible(bea)  # light and dark
    if SHOTS:  # for a person to look at
        for page, who in ((host, "host"), (bea, "guest")):
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.screenshot(path=f"{SHOTS}/room-{who}-{scheme}.png", full_page=True)
    host.click("button[data-action=make-room]")
    expect(bea.locator(".seats .room-note")).to_have_count(0)
    expect(host.locator(".seats .room-note")).to_have_count(0)
    bea.click(".seat[data-seat='2'] button[data-action=sit]")
    expect(seat(host, "2")).to_have_text("Bea")
    expect(host.locator("select[name=players]")).to_have_value("2")


def test_a_round_the_host_ends_no_longer_invites_a_pointer_onto_its_board(people: People):
    """While a round is solved a cell under the pointer lights up and the pointer is a hand; once the host
    ends the match the board is only shown: no light, no hand, and the page says nobody still solves.
    A spectator's watched puzzle, which it may try on its own page while the round runs, is only shown
    too: no tray, no puzzle picker. (A random one-player round: it ends only by a solve, which none tries.)
    The match is started with its rounds edited from 1 to 3 and not applied
    (``start_with_an_option_edited_and_not_applied``: it has 3)."""
    host = open_host(people)
    choose(host, 1, {"mode": "random", "preset": "easy", "rounds": 1})
    dan = join(people, host, "Dan")  # sits nowhere: a spectator
    start_with_an_option_edited_and_not_applied(host)
    expect(dan.locator(".rf-watch-note")).to_be_visible(timeout=CONNECT_MS)
    expect(dan.locator(".rf-work .rf-tray-tile").first).to_be_visible()
    cell = host.locator(".rf-work .rf-cell[data-r='2'][data-c='2'] .rf-bg")
    look = "(e) => [getComputedStyle(e).fill, getComputedStyle(e).cursor]"
    resting = host.locator(".rf-work .rf-cell[data-r='3'][data-c='3'] .rf-bg").evaluate(look)
    cell.hover()
    assert cell.evaluate(look) != resting and cell.evaluate(look)[1] == "pointer"
    host.click("button[data-action=end]")
    host.click(".confirm button[data-action=end]")
    expect(host.locator(".match-status")).to_have_text("You ended the match.")
    cell.hover()
    assert cell.evaluate(look) == [resting[0], "default"]
    expect(host.locator(".rf-still")).to_have_text("Did not finish: you")  # Ann's own page
    expect(dan.locator(".match-status")).to_have_text("The host ended the match.")
    expect(dan.locator(".rf-work svg.rf-board")).to_be_visible()  # the puzzle stays on show
    expect(dan.locator(".rf-work .rf-tray-tile")).to_have_count(0)
    expect(dan.locator(".rf-watch")).to_have_count(0)
    dan_cell = dan.locator(".rf-work .rf-cell[data-r='2'][data-c='2'] .rf-bg")
    dan_cell.hover()
    assert dan_cell.evaluate(look)[1] == "default"


# Each round cell's detail ("counted out", "gave up", a time) drawn whole on one line inside its cell, and
# how much of the points table its box hides past its right edge (to be scrolled to).
CELL_WORDS = """() => {
    const box = document.querySelector('.rf-table-wrap');
    const cut = [...box.querySelectorAll('td[data-round] .rf-detail')].filter((word) => {
        const cell = word.closest('td').getBoundingClientRect(), rects = [...word.getClientRects()];
        return rects.length !== 1 || rects[0].left < cell.left - 0.5 || rects[0].right > cell.right + 0.5;
    }).map((word) => word.textContent);
    return {cut, hidden: box.scrollWidth - box.clientWidth};
}"""


# Whether the "counted out" badge of seat 2 stands under the name, and the round cells whose points and
# word part break onto two lines.
ROW_LINES = """() => {
    const table = document.querySelector('.rf-scores table');
    const th = table.querySelector("tbody tr[data-seat='2'] th");
    const range = document.createRange();
    range.selectNodeContents(th.firstChild);
    const name = range.getBoundingClientRect(), badge = th.querySelector('.rf-out').getBoundingClientRect();
    const split = [...table.querySelectorAll('td[data-round]')].filter((td) => {
        const points = document.createRange();
        points.selectNodeContents(td.firstChild);
        return td.querySelector('.rf-detail').getBoundingClientRect().top >= points.getBoundingClientRect().bottom - 1;
    }).map((td) => td.textContent);
    return {under: badge.top >= name.bottom - 1, split};
}"""


# How far the page reaches past the window's right edge at the present width, and the elements that do
# (leaving out those inside a box that scrolls or clips them: the points table's rounds scroll in theirs).
PAST_THE_RIGHT_EDGE = """() => {
    const width = window.innerWidth, past = [];
    const contained = (el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
            if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
        const right = el.getBoundingClientRect().right + window.scrollX;
        if (el.getClientRects().length && right > width + 0.5 && !contained(el))
            past.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} ${right}`);
    }
    return {wide: document.documentElement.scrollWidth - width, past};
}"""


def test_the_host_counts_out_a_guest_who_left_mid_round_and_the_other_two_finish_the_race(people: People):
    """QA saw a three-player race stall for ever once Bea closed her page in round 2: "Bea (2) to play ·
    disconnected", no computer player to take her seat, only "End the match" left."""
    host = open_host(people)
    bea, cal = join(people, host, "Bea"), join(people, host, "Cal")
    choose(host, 3, {"mode": "random", "preset": "easy", "rounds": 3})
    sit(bea, "2", host)
    sit(cal, "3", host)
    host.click("button[data-action=start]")
    for page in (host, bea, cal):
        expect(page.locator(".rf-phase")).to_have_text("Round 1 of 3", timeout=CONNECT_MS)
    place(host, solve(read_puzzle(host, EASY), 1).layout)
    solved_by(host)
    give_up(bea)
    give_up(cal)
    for page in (host, cal):
        expect(page.locator(".rf-phase")).to_have_text("Round 2 of 3", timeout=CONNECT_MS)
    place(host, solve(read_puzzle(host, EASY), 1).layout)
    solved_by(host)
    count_out = host.locator(".seat[data-seat='2'] button[data-action=count-out-ask]")
    expect(count_out).to_have_count(0)  # Bea is here: nobody to count out
    bea.close()  # her page is gone in round 2, and she does not come back
    for page in (host, cal):
        expect(page.locator(".match-status")).to_contain_text("Bea (2) is disconnected", timeout=CONNECT_MS)
    expect(cal.locator("button[data-action=count-out-ask]")).to_have_count(0)  # only the host counts out
    expect(count_out).to_have_text("Count Bea out", timeout=CONNECT_MS)
    # Under the status, the same button, on a line of its own with the member list's "Invite again": the status
    # says why already ("Bea (2) is disconnected"), so the line does not say it again (it does when the status
    # names only others).
    expect(host.locator(".match-beside .gone-line button")).to_have_text(["Count Bea out", "Invite again"])
    accessible(host)
    if SHOTS:  # for a person to look at
        for scheme in ("light", "dark"):
            host.emulate_media(color_scheme=scheme)
            host.screenshot(path=f"{SHOTS}/out-before-host-{scheme}.png", full_page=True)
        host.emulate_media(color_scheme="light")
    count_out.focus()
    host.keyboard.press("Enter")  # by keyboard: a real button, which asks first (it cannot be undone)
    said = "Count Bea out? The match goes on without them, and this cannot be undone."
    question = host.get_by_role("group", name=said)  # what a screen reader says of it
    wait = question.locator("button[data-action=count-out-cancel]")
    expect(wait).to_be_focused()  # the safe answer, first, as "End the match" asks
    expect(cal.locator(".confirm")).to_have_count(0)
    accessible(host)
    host.keyboard.press("Escape")  # "Keep waiting": nothing is sent, focus is back on the button
    expect(question).to_have_count(0)
    expect(count_out).to_be_focused()
    expect(seat(cal, "2")).to_have_text("Bea")
    host.keyboard.press("Enter")
    expect(wait).to_be_focused()
    host.keyboard.press("Tab")
    expect(question.locator("button.danger[data-action=count-out]")).to_be_focused()
    host.keyboard.press("Enter")
    for page in (host, cal):
        expect(seat(page, "2")).to_have_text("Bea · counted out", timeout=CONNECT_MS)
        expect(page.locator("#match-news")).to_contain_text("Bea (2) left and was counted out")
        expect(page.locator(".match-status")).not_to_contain_text("Bea")
        expect(page.locator(".match-seat[data-seat='2']")).to_contain_text("counted out")
    expect(count_out).to_have_count(0)
    expect(host.locator(".match-beside .gone-line")).to_have_count(0)
    expect(host.locator(".match-status")).to_be_focused()  # the button went: focus on whose turn it is now
    place(cal, solve(read_puzzle(cal, EASY), 1).layout)
    for page in (host, cal):  # round 2 ended with Cal's solve: the race did not wait for Bea
        expect(page.locator(".rf-phase")).to_have_text("Round 3 of 3", timeout=CONNECT_MS)
    give_up(host)
    place(cal, solve(read_puzzle(cal, EASY), 1).layout)
    # n = 3, R = 3: a solve is 40 first, 26 second; a failure (Bea counted out: each round of hers) −13.
    for page in (host, cal):
        expect(page.locator(".match-status")).to_have_text("Ann (1) wins!", timeout=CONNECT_MS)
        assert page_scores(page) == {"1": 40 + 40 - 13, "2": -13 * 3, "3": -13 + 26 + 40}
        expect(page.locator(".rf-scores tr[data-seat='2'] .rf-out")).to_have_text("counted out")
        expect(page.locator(".rf-scores tr[data-seat='2'] td[data-round='3']")).to_contain_text("counted out")
        # The final standings rank Bea last, whatever her points, and say why.
        expect(page.locator(".rf-scores tbody tr[data-seat]").last).to_have_attribute("data-seat", "2")
    if SHOTS:
        for page, who in ((host, "host"), (cal, "guest")):
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.screenshot(path=f"{SHOTS}/out-end-{who}-{scheme}.png", full_page=True)
    # At 320 px Cal's page was wider than the screen (scrolled sideways, its left padding gone): whatever
    # sticks out past the window's right edge is named.
    resize(cal, 320, 640)
    past = cal.evaluate(PAST_THE_RIGHT_EDGE)
    assert past["wide"] <= 0, ("en", past)
    if SHOTS:
        for width, height in ((320, 640), (390, 844)):
            resize(cal, width, height)
            cal.locator(".match-result").scroll_into_view_if_needed()
            for scheme in ("light", "dark"):
                cal.emulate_media(color_scheme=scheme)
                cal.screenshot(path=f"{SHOTS}/out-end-guest-{width}-{scheme}.png")
        cal.emulate_media(color_scheme="light")
    # The last round's cell once read "−13 counted" at 1280 px, "out" past the table's box: a cell's points
    # and its word part onto two lines instead. On a phone the rounds scroll in their box (the total stays
    # in sight, test_a_long_match_s_points_table…), each word whole in its cell.
    resize(host, 1280, 800)
    resize(cal, 390, 844)
    for language in ("en", "ja"):
        for page, width in ((host, 1280), (cal, 390)):
            if language == "ja":
                page.click(".lang-switch .lang[data-lang=ja]")
                expect(page.locator(".rf-scores tr[data-seat='2'] .rf-out")).to_have_text("離脱扱い")
            words = page.evaluate(CELL_WORDS)
            assert words["cut"] == [], (width, language)
            # The badge stood beside the name, never under it: the name column took the width the rounds
            # needed ("−13" over "counted out" at 1280 px; in Japanese ギブアップ under its points where
            # 離脱扱い was not), and a phone's table was wider than it needed.
            lines = page.evaluate(ROW_LINES)
            assert lines["under"], (width, language)
            if width == 1280:
                assert words["hidden"] == 0, (language, words)
                assert lines["split"] == [], (language, lines)
            assert page.evaluate("document.documentElement.scrollWidth") == width, language
    resize(cal, 320, 640)
    past = cal.evaluate(PAST_THE_RIGHT_EDGE)
    assert past["wide"] <= 0, ("ja", past)
    # The rematch is for the players who are here: Bea, counted out and still gone, loses her seat and Cal
    # closes up to seat 2 (the rematch seated her again, and the new race waited for her for ever).
    # Certain on the host's page, whose Rematch does it; "may" on Cal's, which cannot tell whether the host's
    # page waits out a reload's grace for her.
    expect(host.locator(".rematch-without")).to_have_text(
        "Beaは離脱扱いになり、まだ戻っていません。再戦はBeaなしで始まります。"
    )
    expect(cal.locator(".rematch-without")).to_have_text(
        "Beaは離脱扱いになり、まだ戻っていません。再戦はBeaなしで始まるかもしれません。"
    )
    host.click("button[data-action=start]")
    for page in (host, cal):
        expect(page.locator(".seats .seat")).to_have_count(2, timeout=CONNECT_MS)
        expect(seat(page, "2")).to_have_text("Cal")
        expect(page.locator(".rematch-without")).to_have_count(0)
    expect(cal.locator(".lobby .role")).to_contain_text("2")


# The points table's round cells whose points and word part break onto two lines.
SPLIT_CELLS = """() => [...document.querySelectorAll('.rf-scores td[data-round][data-points]')].filter((td) => {
    const points = document.createRange();
    points.selectNodeContents(td.firstChild);
    return td.querySelector('.rf-detail').getBoundingClientRect().top >= points.getBoundingClientRect().bottom - 1;
}).map((td) => td.textContent)"""


def test_a_race_in_teams_ends_with_its_points_table_whole_at_1280_px(people: People):
    """Three players in two teams, three rounds, every one given up: the team rows' labels ("Team 1: Ann (1),
    Cal (3)") and averages ("average −40.0") were each one unbreakable line in the name and total columns, so
    at 1280 px the rounds ran past the table's box ("Round 3" and "−13 gave up" cut at its edge, to be
    scrolled to) and their points and words broke onto two lines. A team's label wraps in the name column."""
    host = open_host(people, context=people.person(viewport={"width": 1280, "height": 800}))
    bea, cal = join(people, host, "Bea"), join(people, host, "Cal")
    choose(host, 3, {"mode": "random", "preset": "easy", "rounds": 3, "teams": 2})
    sit(bea, "2", host)
    sit(cal, "3", host)
    host.click("button[data-action=start]")
    for n in (1, 2, 3):
        for page in (host, bea, cal):
            expect(page.locator(".rf-phase")).to_have_text(f"Round {n} of 3", timeout=CONNECT_MS)
            give_up(page)
    # The teams drew, and the headline says so of the teams (it named the three players as if they had drawn).
    expect(host.locator(".match-status")).to_have_text("A draw between Team 1 and Team 2.", timeout=CONNECT_MS)
    # The final standings rank the teams, each team's players under it (they listed the players).
    final = host.locator(".match-result .rf-final-team")
    expect(final).to_have_count(2)
    expect(final.first).to_have_text(re.compile(r"^1\.\s*Team 1 · −39 points\s*Ann \(1\) · −39\s*Cal \(3\) · −39$"))
    # The teams ranked by their points, each with its players' points (a player's pass found the players in team
    # order and no team's points): both on −39, they share first place, a draw.
    teams = host.locator(".rf-teams .rf-team")
    expect(teams).to_have_count(2)
    first = r"^1\. Team 1 · −39 points · draw\s*Ann \(1\) · −39\s*Cal \(3\) · −39$"
    expect(teams.first).to_have_text(re.compile(first))
    expect(teams.nth(1)).to_have_text(re.compile(r"^1\. Team 2 · −39 points · draw\s*Bea \(2\) · −39$"))
    for language in ("en", "ja"):
        if language == "ja":
            host.click(".lang-switch .lang[data-lang=ja]")
            expect(teams.first).to_contain_text("チーム1・−39点・引き分け")
            expect(host.locator(".match-status")).to_have_text("チーム1とチーム2の引き分け。")
            expect(final.first).to_contain_text("チーム1・−39点")
        for width, height in ((1280, 800), (390, 844)):
            resize(host, width, height)
            assert host.evaluate(TEAM_LINES) == [], f"{language} at {width} px"
            assert host.evaluate(FINAL_ROWS) == [], f"{language} at {width} px"
            assert host.evaluate("document.documentElement.scrollWidth") == width, f"{language} at {width} px"
            if SHOTS:
                for shown in (".rf-teams", ".match-result"):
                    host.locator(shown).scroll_into_view_if_needed()
                    for scheme in ("light", "dark"):
                        host.emulate_media(color_scheme=scheme)
                        host.screenshot(path=f"{SHOTS}/teams-{shown[1:]}-{language}-{width}-{scheme}.png")
                host.emulate_media(color_scheme=None)
        resize(host, 1280, 800)
        words = host.evaluate(CELL_WORDS)
        assert words == {"cut": [], "hidden": 0}, language
        assert host.evaluate(SPLIT_CELLS) == [], language
        assert host.evaluate("document.documentElement.scrollWidth") == 1280


# The final standings of a team race: a team's name and points not on one line or past the window's edge; a
# player's row not under its team, not indented, its points off its line or out of the team's points column.
FINAL_ROWS = """() => [...document.querySelectorAll('.match-result .rf-final-team')].flatMap((team) => {
    const text = (element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect();
    };
    const who = text(team.querySelector(':scope > .who'));
    const points = text(team.querySelector(':scope > .points'));
    const out = [];
    if (Math.abs(who.top - points.top) > 2 || points.right > innerWidth) out.push(`${team.textContent}: its line`);
    for (const row of team.querySelectorAll('.rf-final-members li')) {
        const name = text(row.querySelector('.who'));
        const own = text(row.querySelector('.points'));
        if (name.top < who.bottom - 1 || name.left <= who.left) out.push(`${row.textContent}: not under its team`);
        if (Math.abs(name.top - own.top) > 2 || Math.abs(own.right - points.right) > 1) {
            out.push(`${row.textContent}: its points`);
        }
    }
    return out;
})"""

# A team's line ("1. Team 1 · −39 points · draw") broken onto two lines, or a card past the page's edge.
TEAM_LINES = """() => [...document.querySelectorAll('.rf-team-head')].filter((line) => {
    const range = document.createRange();
    range.selectNodeContents(line);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return Math.max(...rects.map((r) => r.top)) >= Math.min(...rects.map((r) => r.bottom)) - 1
        || line.closest('.rf-team').getBoundingClientRect().right > innerWidth;
}).map((line) => line.textContent)"""
