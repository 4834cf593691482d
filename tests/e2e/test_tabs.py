"""Two tabs of one browser on one saved thing, in Chromium: a table on this device and a Reflection solo
puzzle. Each tab hears of the other's writes (the page's ``storage`` event) and shows them, and its
own next move saves on top of them: nothing either tab did is lost."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamenight import games
from gamenight.core.bot import PAUSE_MS, decide, turn_seed
from gamenight.core.game import seat_ids
from gamenight.lightseeker import GAME as LS_GAME
from gamenight.lobby.record import Record
from gamenight.raythread import rules
from gamenight.reflection import training
from gamenight.reflection.puzzle import KIND_OF
from gamenight.reflection.solo import FIRST_TILE
from tests.e2e import test_bots as tb
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e import test_reflection_solo as rf
from tests.e2e.conftest import PageWatch, open_app

pytestmark = pytest.mark.e2e


@pytest.fixture
def second(context: BrowserContext, site_url: str):
    """A second tab of the same browser (the same local storage), watched like ``app``."""
    watch = PageWatch(origin=site_url)
    page = watch.attach(context.new_page())
    yield page
    watch.check()


def a_move(page: Page) -> dict:
    state = rt.engine(page)
    return [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][3]


def test_a_table_then_a_puzzle_played_in_two_tabs_keep_both_tabs_moves(app: Page, second: Page, site_url: str):
    """Two tabs of one browser, booted once, go from a table on this device to a Reflection puzzle (as a
    player follows a link: the page is not loaded again). Checks, in turn:

    - the table is one match: Ann's move in the first tab shows in the second ("played on in another
      tab"), Bea's in the second saves on top of it (the log keeps both), the first tab shows both, and the
      first tab's undo reaches the second;
    - the puzzle keeps both tabs' tiles: the first tab's tile shows in the second, the second's save keeps
      it with its own, the first shows the second's; giving up in the second closes the first's."""
    rt.start(app, site_url)
    open_app(second, site_url, "#/raythread/table")
    expect(second.locator(".rt-board")).to_be_visible()
    rt.click_move(app, a_move(app))  # Ann moves in the first tab …
    expect(second.locator(".table")).to_contain_text("played on in another tab")
    expect(second.locator(".rt-tile")).to_have_count(1)
    rt.click_move(second, a_move(second))  # … and Bea in the second, on top of it
    log = rt.record(second)["log"]
    assert [e["seat"] for e in log] == ["A", "C"], "the second tab's save keeps the first tab's move"
    expect(app.locator(".rt-tile")).to_have_count(2)
    rt.assert_page_shows(app, rt.engine(app))
    app.click("button[data-action=table-undo]")
    expect(second.locator(".rt-tile")).to_have_count(1)
    # The puzzle, in the same two tabs.
    for page in (app, second):
        rf.open_puzzle(page, site_url)
    (first, tile), (other, other_tile) = sorted(rf.SOLUTION.tiles().items())[:2]
    place(app, first, tile)
    expect(second.locator(".rf-message")).to_contain_text("played on in another tab")
    expect(rf.cell(second, *first)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[tile]])
    place(second, other, other_tile)  # on top of the first tab's tile, which its save keeps
    saved = training.parse_progress(second.evaluate("localStorage.getItem('gnc:reflection.progress')"))
    assert {first, other} <= set(saved.layout.tiles())
    expect(rf.cell(app, *other)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[other_tile]])
    second.click("button[data-action=give-up]")
    second.click("button[data-action=give-up]")  # it asks first
    expect(app.locator(".rf-message")).to_contain_text("closed in another tab")
    expect(app.locator(".rf-board")).to_have_count(0)


def place(page: Page, cell: tuple[int, int], tile: str) -> None:
    """Pick the tile's kind in the tray and click the cell, as a player (the tile's first orientation)."""
    page.locator(f'.rf-tray-tile[data-kind="{KIND_OF[tile]}"]').click()
    rf.cell(page, *cell).click()
    expect(rf.cell(page, *cell)).to_have_attribute("data-tile", FIRST_TILE[KIND_OF[tile]])


def lasting_match(turns: int) -> str:
    """A saved Light Seeker table, Ann against the Easy computer, whose match is not over after ``turns`` of
    Ann's turns (each the first legal one) and the computer's answers: a dealt valley can be won early."""
    seats = seat_ids(LS_GAME, 2)
    bot = games.bot("lightseeker")
    for seed in range(1, 200):
        state = LS_GAME.setup(LS_GAME.options({}), seats, seed)
        at = 0
        for _ in range(turns):
            state, _events = LS_GAME.play(state, "1", LS_GAME.legal(state, "1")[0], 0)
            at += 1
            if LS_GAME.result(state) is not None:
                break
            answer = decide(bot, LS_GAME.view(state, "2"), "easy", turn_seed(seed, "2", at))
            state, _events = LS_GAME.play(state, "2", answer, 0)
            at += 1
            if LS_GAME.result(state) is not None:
                break
        else:
            record = Record("lightseeker", {}, seats, dict(zip(seats, ("Ann", "Bea"), strict=True)), seed)
            return json.dumps({"v": 1, "record": record.to_json(), "bots": {"2": "easy"}})
    raise AssertionError(f"no seed lasts {turns} turns")


def test_light_seeker_against_the_computer_in_two_tabs_the_computer_answers_once_from_the_movers_tab(
    context: BrowserContext, app: Page, second: Page, site_url: str
):
    """Both tabs think for the computer after Ann's turn; the tab she played in plays its answer and shows
    it step by step, and the other takes that save (it waits longer: ``table.ELSEWHERE_PAUSE_MS``). With one
    pause for both, either tab could play it, and the other cut its replay short for a copy of it.

    The browser's time is held while both tabs wait to play the answer (the tabs share one clock), and
    the test runs it on by the mover's pause only: the other tab's longer wait cannot end first however
    slow the machine is (in real time, a mover's tab ~4.5 s later than the other would have failed it).
    The computer thinks in tasks the clock does not hold (``test_bots.answer_held_at_its_first_step``)."""
    context.clock.install(time=tb.CLOCK_START)
    # A valley dealt so that neither side wins in these two rounds (a random one sometimes was won by then).
    app.add_init_script(
        f"localStorage.getItem('{ls.STORE}') || localStorage.setItem('{ls.STORE}', {json.dumps(lasting_match(2))})"
    )
    for page in (app, second):
        open_app(page, site_url, "#/lightseeker/table")
        expect(page.locator(".ls-board")).to_be_visible()
    for page in (app, second):
        page.evaluate(tb.WATCH_REPLAY)
    for turn, (mover, other) in enumerate(((app, second), (second, app))):
        context.clock.pause_at(tb.CLOCK_HELD + timedelta(hours=turn))
        for page in (mover, other):
            page.evaluate("window.steps = []")
        state = ls.engine(mover)
        count = len(ls.record(mover)["log"])
        ls.click_turn(mover, state, LS_GAME.legal(state, "1")[0])
        expect(other.locator(".match-status")).to_contain_text("is thinking")  # the other took Ann's turn
        for page in (mover, other):  # both have chosen the answer: it waits on each tab's timer
            expect(page.locator("html")).to_have_attribute("data-work", "0", timeout=tb.BOT_MS)
        context.clock.run_for(PAUSE_MS)  # the mover's pause, shorter than the other's wait
        tb.wait_for_moves(mover, ls.STORE, count + 2)
        expect(other.locator(".match-status")).not_to_contain_text("is thinking")  # it took the answer
        context.clock.resume()  # the mover plays its answer back at the page's pace
        for page in (mover, other):
            expect(page.locator(".ls-play")).to_have_attribute("data-step", "action1", timeout=tb.BOT_MS)
        assert [e["seat"] for e in ls.record(mover)["log"]] == ["1", "2"] * (count // 2 + 1)
        steps = [s["step"] for s in mover.evaluate("window.steps")]
        shown = [step for step in steps if step is not None]
        assert steps[-1] is None and shown == [str(i) for i in range(1, len(shown) + 1)], steps
        assert len(shown) >= 2, "the tab Ann played in shows the computer's turn step by step, to its end"
        assert {s["step"] for s in other.evaluate("window.steps")} <= {None}, "the other tab played nothing"
        ls.assert_page_shows(other, ls.engine(other))
