"""Computer players in the browser, at a table on this device: a person against a bot, Raythread Rally
and Light Seeker, each played to its end by clicking; the bot's moves go through the page's one
authority (the saved record replays in the CPython engine), the page says the bot is thinking, and
undo takes back the bot's move with the person's."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from gamenight import games
from gamenight.core.bot import PAUSE_MS
from gamenight.lightseeker import GAME as LS_GAME
from gamenight.lightseeker import rules as LS_rules
from gamenight.raythread import GAME as RT_GAME
from gamenight.raythread import rules
from gamenight.ui.match import SeatAt, Table
from gamenight.ui.program import UiEvent
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import open_app, status_says
from tests.e2e.test_accessibility import violations

pytestmark = pytest.mark.e2e
BOT_MS = 90_000  # a generous bound for one computer move on a loaded machine (a state is awaited, not a time)

# Remembers whether the status line ever said a bot is thinking (it may say so only briefly).
WATCH_THINKING = """() => {
  window.sawThinking = false;
  new MutationObserver(() => {
    const status = document.querySelector('.match-status');
    if (status && status.textContent.includes(' is thinking…')) window.sawThinking = true;
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def setup(page: Page, site_url: str, game: str, level: str) -> None:
    open_app(page, site_url, f"#/{game}/table")
    page.fill("input[name=name0]", "Ann")
    page.select_option("select[name=kind1]", level)
    page.click("form[data-action=table-setup] button[type=submit]")


def wait_for_moves(page: Page, store: str, count: int) -> None:
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{store}')).record.log.length >= {count}", timeout=BOT_MS)


def replayed(page: Page, store: str, game) -> tuple[int, object]:
    """The number of moves the page saved and the engine's state after them (one read of the record,
    so a bot moving meanwhile cannot make the two disagree)."""
    saved = json.loads(page.evaluate(f"localStorage.getItem('{store}')"))["record"]
    state = game.setup(game.options(saved["options"]), tuple(saved["seats"]), saved["seed"])
    for entry in saved["log"]:
        state, _ = game.play(state, entry["seat"], entry["move"], 0)
    return len(saved["log"]), state


@pytest.mark.timeout(600)  # a whole match with a bot's thinking and pauses: longer than one page's test
def test_a_person_against_the_computer_at_raythread_to_the_end(app: Page, site_url: str):
    setup(app, site_url, "raythread", "normal")
    expect(app.locator(".match-seat[data-seat=C] .seat-name")).to_have_text("Bot B (Normal)")
    expect(app.locator(".match-seat[data-seat=C] .badge.bot")).to_have_text("computer")
    app.evaluate(WATCH_THINKING)
    chooser = random.Random(5)
    undone = False
    count, state = replayed(app, rt.STORE, RT_GAME)
    while not state.ended:
        seat = state.seats[state.turn]
        if seat == "A":
            status_says(app, "(A) to play")
            rt.click_move(app, chooser.choice(rules.legal(state, seat)))
        else:
            wait_for_moves(app, rt.STORE, count + 1)
        count, state = replayed(app, rt.STORE, RT_GAME)
        if not undone and count == 4 and state.seats[state.turn] == "A":
            app.click("button[data-action=table-undo]")  # Ann's move and Bea's answer are taken back
            app.wait_for_function(f"JSON.parse(localStorage.getItem('{rt.STORE}')).record.log.length === 2")
            undone = True
            count, state = replayed(app, rt.STORE, RT_GAME)
    assert undone and app.evaluate("window.sawThinking")
    assert [e["seat"] for e in rt.record(app)["log"]][:4] == ["A", "C", "A", "C"]
    rt.assert_page_shows(app, state)
    expect(app.locator(".match-result")).to_be_visible()
    expect(app.locator("button[data-action=table-new]")).to_have_text("Rematch")
    # Why it ended, standing alone, starts with a capital ("The deck and every hand are empty").
    first_letter = "getComputedStyle(document.querySelector('.match-result .reason'), '::first-letter').textTransform"
    assert app.evaluate(first_letter) == "uppercase"
    # The ended match (result panel, a full log) has no serious accessibility violation.
    assert not violations(app)


@pytest.mark.timeout(600)
def test_a_person_against_the_computer_at_light_seeker_to_the_end(app: Page, site_url: str):
    setup(app, site_url, "lightseeker", "easy")
    expect(app.locator(".ls-board")).to_be_visible()
    app.evaluate(WATCH_THINKING)
    chooser = random.Random(2)
    count, state = replayed(app, ls.STORE, LS_GAME)
    while state.outcome is None:
        if state.to_move == "1":
            status_says(app, "(1) to play")
            ls.click_turn(app, state, chooser.choice(LS_GAME.legal(state, "1")))
        else:
            wait_for_moves(app, ls.STORE, count + 1)
        count, state = replayed(app, ls.STORE, LS_GAME)
    assert app.evaluate("window.sawThinking")
    assert {e["seat"] for e in ls.record(app)["log"][1::2]} == {"2"}
    ls.assert_page_shows(app, state)
    expect(app.locator(".match-result")).to_be_visible()
    assert not violations(app)


# Every line the live region gains or changes to, as a screen reader would be told them.
WATCH_NEWS = """() => {
  window.heard = [];
  new MutationObserver(changes => {
    for (const change of changes) {
      if (change.type === 'characterData') window.heard.push(change.target.data);
      for (const node of change.addedNodes) window.heard.push(node.textContent);
    }
  }).observe(document.getElementById('match-news'), {subtree: true, childList: true, characterData: true});
}"""


def test_a_screen_reader_hears_each_computer_move_once_before_the_persons_turn(app: Page, site_url: str):
    open_app(app, site_url, "#/raythread/table")
    app.select_option("select[name=players]", "4")
    app.fill("input[name=name0]", "Ann")
    for i in (1, 2, 3):
        app.select_option(f"select[name=kind{i}]", "easy")
    app.click("form[data-action=table-setup] button[type=submit]")
    status_says(app, "(A) to play")
    app.evaluate(WATCH_NEWS)
    count, state = replayed(app, rt.STORE, RT_GAME)
    rt.click_move(app, rules.legal(state, "A")[0])
    wait_for_moves(app, rt.STORE, count + 4)
    status_says(app, "(A) to play")
    news = app.locator("#match-news p")
    expect(news.last).to_contain_text("(A) to play")
    lines = news.all_text_contents()
    moves = [line for line in lines if " places a " in line or " turns " in line]
    # Unnamed computers: by seat and level. The news is what a reader hears: plain spaces, its no-break
    # marks drawn as a no-break span (ui.svg), never handed over as U+00A0.
    movers = ("Ann", *(f"Bot {tag} (Easy)" for tag in "BCD"))
    assert [next(n for n in movers if line.startswith(n)) for line in moves] == list(movers), lines
    heard = app.evaluate("window.heard")
    for line in moves:  # each move once: the region gains lines, it does not say them all again
        assert heard.count(line) == 1, (line, heard)


# The words the match's live region held when it came onto the page, each time it came (a screen reader hears a
# region's words only if the region was there, empty, before them: docs/accessibility.md). Read once the page's
# change is done, so words put in by the same change are there.
WATCH_NEWS_BORN = """(() => {
  window.newsBorn = [];
  new MutationObserver(changes => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        const region = node.nodeType !== 1 ? null : node.id === 'match-news' ? node : node.querySelector('#match-news');
        if (region) window.newsBorn.push(region.textContent);
      }
    }
  }).observe(document, {subtree: true, childList: true});
})()"""


def test_play_vs_computer_from_the_card_and_a_reload_keeps_the_bot(app: Page, site_url: str):
    app.add_init_script(script=WATCH_NEWS_BORN)
    open_app(app, site_url, "#/")
    app.click("a[href='#/raythread/table?vs=normal']")
    expect(app.locator(".rt-board")).to_be_visible()
    # The news comes empty with the match screen, then says whose turn it is (in the region already there).
    expect(app.locator("#match-news")).to_contain_text("(A) to play")
    assert app.evaluate("window.newsBorn") == [""]
    expect(app.locator(".match-seat[data-seat=C]")).to_contain_text("Bot B (Normal)")
    assert app.evaluate("location.hash") == "#/raythread/table"
    state = rt.engine(app)
    rt.click_move(app, next(m for m in rules.legal(state, "A") if m["type"] == "place"))
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(app.locator(".match-seat[data-seat=C]")).to_contain_text("Bot B (Normal)")
    expect(app.locator("#match-news")).not_to_be_empty()  # a reloaded match is said once, into a region drawn empty
    assert app.evaluate("window.newsBorn") == [""]
    wait_for_moves(app, rt.STORE, 2)  # the bot, interrupted by the reload, thinks again and answers
    assert [e["seat"] for e in rt.record(app)["log"]] == ["A", "C"]
    rt.assert_page_shows(app, rt.engine(app))  # the engine replays the bot's move: it was legal


def test_a_computer_seat_s_name_field_says_its_name_and_an_old_save_calls_its_bot_so(app: Page, site_url: str):
    """The setup's name field of a seat "Played by" the computer has the placeholder the bot is called by
    ("Bot B (Hard)"), following the choice (what was typed stays); a table saved before that rule, its bot
    stored as "Bea", opens with the bot called as every page calls it."""
    open_app(app, site_url, "#/raythread/table")
    app.fill("input[name=name0]", "Ann")
    field = app.locator("input[name=name1]")
    expect(field).to_have_attribute("placeholder", "Player 2")
    app.select_option("select[name=kind1]", "hard")
    expect(field).to_have_attribute("placeholder", "Bot B (Hard)")
    expect(app.locator("input[name=name0]")).to_have_value("Ann")
    expect(app.locator("select[name=kind1]")).to_have_value("hard")
    app.select_option("select[name=kind1]", "here")
    expect(field).to_have_attribute("placeholder", "Player 2")
    app.select_option("select[name=kind1]", "normal")
    app.click("form[data-action=table-setup] button[type=submit]")
    expect(app.locator(".match-seat[data-seat=C] .seat-name")).to_have_text("Bot B (Normal)")
    # As the app saved it before the rule: the unnamed bot of the second seat was "Bea". (Written from
    # the home page: the table, and its computer's thinking, stopped there, so nothing saves over it.)
    app.click("header a[href='#/']")
    expect(app.locator(".rt-board")).to_have_count(0)
    saved = json.loads(app.evaluate(f"localStorage.getItem('{rt.STORE}')"))
    assert saved["record"]["names"] == {"A": "Ann", "C": "Bot"}
    saved["record"]["names"]["C"] = "Bea"
    app.evaluate(f"(text) => localStorage.setItem('{rt.STORE}', text)", json.dumps(saved))
    app.evaluate("location.hash = '#/raythread/table'")  # the table opened again: from what is saved
    expect(app.locator(".match-seat[data-seat=C] .seat-name")).to_have_text("Bot B (Normal)")
    expect(app.locator(".match-seats")).not_to_contain_text("Bea")
    app.click("button[data-action=table-setup]")
    expect(field).to_have_value("")
    expect(field).to_have_attribute("placeholder", "Bot B (Normal)")


def test_a_table_of_two_computers_has_no_undo(app: Page, site_url: str):
    """Undo takes back this device's last move: two computers at a table (ja-JP at 1280 × 800, a player's pass)
    showed it greyed out beside "New match", then "Rematch", with nothing it could ever take back."""
    open_app(app, site_url, "#/raythread/table")
    app.select_option("select[name=kind0]", "hard")
    app.select_option("select[name=kind1]", "normal")
    app.click("form[data-action=table-setup] button[type=submit]")
    expect(app.locator(".rt-board")).to_be_visible()
    expect(app.locator("button[data-action=table-new]")).to_have_text("New match")
    expect(app.locator("button[data-action=table-undo]")).to_have_count(0)
    wait_for_moves(app, rt.STORE, 2)  # and still none once the computers have played
    expect(app.locator("button[data-action=table-undo]")).to_have_count(0)


# Each step of a replay as the page drew it: the step number (``data-replay``, none for the position
# itself), where each cube and Buh stand, and the status line; recorded when the step changes.
WATCH_REPLAY = """() => {
  window.steps = [];
  const shown = () => {
    const main = document.querySelector('.match-main');
    return main ? (main.dataset.replay || null) : null;
  };
  let last = shown();  // from the step shown when installed: a person's own turn records nothing
  window.stepsWatch?.disconnect();  // installed again on the same page: one watch records each step once
  window.stepsWatch = new MutationObserver(() => {
    const step = shown();
    if (step === last) return;
    last = step;
    const cubes = [...document.querySelectorAll('.ls-cube')].map(g => [g.id, g.getAttribute('style')]);
    const rolling = [...document.querySelectorAll('.ls-top[class*=ls-roll-]')];
    window.steps.push({
      step, cubes: Object.fromEntries(cubes), buh: document.getElementById('ls-buh').getAttribute('style'),
      status: document.querySelector('.match-status').textContent,
      animations: rolling.map(e => getComputedStyle(e).animationName),
    });
  });
  window.stepsWatch.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def cube_styles(board) -> dict[str, str]:
    return {f"ls-cube-{i}": f"transform: translate({c * 60}px, {r * 60}px)" for i, (r, c) in enumerate(board.cells)}


def buh_style(board) -> str:
    """Buh's transform on ``board``'s Buh cube: the middle of its cell (``scene.buh_at``)."""
    r, c = board.cells[board.buh]
    return f"transform: translate({(c + 0.5) * 60:g}px, {(r + 0.5) * 60:g}px)"


def test_the_computers_light_seeker_turn_is_played_back_step_by_step(app: Page, site_url: str):
    """The computer's turn is saved at once and played back step by step (its first action, its second, Buh,
    then the position), a tilt rolling its cube as a person's does; with reduced motion, the steps alone.
    One page, with motion and then with reduced motion, the same saved table opened afresh for each; a
    failure names the motion."""
    open_app(app, site_url, "#/")
    for motion in ("no-preference", "reduce"):
        app.emulate_media(reduced_motion=motion)
        # A dealt valley (seed 5) where Ann's first turn leaves the match going and the computer answers with
        # two tilts: a random deal could end the match at once (no answer) or answer with no tilt to roll.
        app.evaluate("location.hash = '#/'")
        expect(app.locator(".ls-board")).to_have_count(0)
        app.evaluate(f"(text) => localStorage.setItem('{ls.STORE}', text)", saved_light_seeker_against_the_computer(5))
        app.evaluate("location.hash = '#/lightseeker/table'")
        expect(app.locator(".ls-board")).to_be_visible()
        state = ls.engine(app)
        assert len(ls.record(app)["log"]) == 0, f"{motion}: the saved table, no move made"
        move = next(m for m in LS_GAME.legal(state, "1") if LS_GAME.play(state, "1", m, 0)[0].outcome is None)
        # Watched from before Ann's turn: the answer comes 0.45 s after hers, which a watch installed once her
        # turn was saved (and a read of the board then) could miss on a loaded machine.
        app.evaluate(WATCH_REPLAY)
        ls.click_turn(app, state, move)
        before = LS_GAME.play(state, "1", move, 0)[0].board
        wait_for_moves(app, ls.STORE, 2)  # the computer's turn is played (and saved) at once …
        turn = ls.record(app)["log"][1]["move"]
        # … and the board shows it step by step: the first action, the second, Buh; then the position.
        expect(app.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=BOT_MS)
        expect(app.locator(".ls-play")).to_have_attribute("data-step", "action1")  # Ann's turn, on the position
        steps = app.evaluate("window.steps")
        assert [s["step"] for s in steps] == ["1", "2", "3", None], (motion, steps)
        parsed = LS_rules.parse_turn(turn, 2)
        first = LS_rules.act(before, parsed.actions[0])
        second = LS_rules.act(first, parsed.actions[1])
        final = LS_rules.apply_turn(before, parsed)
        expected = [(first, before), (second, before), (final, final), (final, final)]
        for shown, (cubes, buh) in zip(steps, expected, strict=True):
            assert shown["cubes"] == cube_styles(cubes), (motion, shown)
            assert shown["buh"] == buh_style(buh), (motion, shown)
        assert "Bot 2 (Easy)'s move, step 1 of 3" in steps[0]["status"], (motion, steps)
        assert "(1) to play" in steps[-1]["status"], (motion, steps)
        rolled = [a for s in steps for a in s["animations"]]
        if motion == "reduce":
            assert set(rolled) <= {"none"}, "no roll with reduced motion: the steps alone show the turn"
        else:
            assert any(a["kind"] == "tilt" for a in turn["actions"]), turn  # the seeded answer tilts
            assert {"ls-roll-x", "ls-roll-y"} & set(rolled), "a tilt rolls its cube as a person's does"


# Where the page's clock starts in the tests that act during the computer's replay, and where it is then
# paused: an hour on, later than a test runs, so the pause is always ahead of the page's time.
CLOCK_START = datetime(2026, 1, 1, tzinfo=UTC)
CLOCK_HELD = CLOCK_START + timedelta(hours=1)


def open_with_time_held(page: Page, site_url: str) -> None:
    """Open the Light Seeker table with the page's time paused once it is shown: the computer's answer
    then stays on each step of its replay until the test moves the time on (``answer_held_at_its_first_step``)."""
    page.clock.install(time=CLOCK_START)
    open_app(page, site_url, "#/lightseeker/table")
    page.clock.pause_at(CLOCK_HELD)


def answer_held_at_its_first_step(page: Page) -> tuple[LS_rules.State, dict]:
    """Ann plays her first turn that leaves the match going (so the computer answers), and the page
    shows the first step of the computer's answer and stays on it while the test acts: the page's time
    is paused, and the replay's timer (a step every ``STEP_MS``) does not move on. Waiting for step 1
    and then acting within its 0.6 s let a loaded machine end the replay first (Space then chose a
    cube, a tap acted on the position). With the time held, only what the test does ends the replay.

    The computer thinks in tasks of its own (``scheduler.postTask``: the clock does not hold them); it
    has chosen once ``<html data-work>`` is back to 0 (it was 1 when Ann's turn was saved: the handler
    that saved it started the thinking). Its move then waits ``PAUSE_MS`` on a timer, run out here.
    Returns the position before Ann's turn and her turn."""
    state = ls.engine(page)
    move = next(m for m in LS_GAME.legal(state, "1") if LS_GAME.play(state, "1", m, 0)[0].outcome is None)
    ls.click_turn(page, state, move)
    expect(page.locator("html")).to_have_attribute("data-work", "0", timeout=BOT_MS)
    page.clock.run_for(PAUSE_MS)
    expect(page.locator(".match-main")).to_have_attribute("data-replay", "1")
    return state, move


def saved_light_seeker_against_the_computer(seed: int) -> str:
    """A Light Seeker table on this device as its page saves it: Ann against the computer (easy), the
    match dealt from ``seed`` (so the test knows it runs on), no move made yet."""
    return json.dumps(ls.saved_table({"name0": "Ann", "name1": "", "kind0": "here", "kind1": "easy"}, seed))


REPLAY_SHOWN = "document.querySelector('.match-main') && document.querySelector('.match-main').dataset.replay"


def test_during_the_computers_replay_a_key_new_match_and_players_and_options_end_it(app: Page, site_url: str):
    """Four answers of the computer on one page, each held at the first step of its replay (a dealt valley,
    seed 11, where Ann's turns and the four answers leave the match going), each ended in turn:

    1. A key pressed while the computer's turn is played back ends the replay. An arrow also moves the
       cursor from where it stands on the position after the turn; Space, which chooses the cube under the
       cursor, only ends it: the player pressed it before seeing that position (Space, then ArrowLeft).
    2. New match asked "Start a new match?" while the computer's turn went on playing back under the
       question, and "Players and options" left it playing on behind the form. Each now ends it first: the
       question stands over the position, and "Back to the match" comes back to it (table-new, then
       table-setup).
    A failure names the key or the control."""
    app.add_init_script(
        f"localStorage.setItem('{ls.STORE}', {json.dumps(saved_light_seeker_against_the_computer(11))})"
    )
    open_with_time_held(app, site_url)
    board = games.board("lightseeker")
    table = Table("lightseeker", (SeatAt("1", "Ann", "amber"), SeatAt("2", "", "sky", "bot", "easy")), frozenset("1"))
    for key in ("Space", "ArrowLeft"):
        assert LS_GAME.result(ls.engine(app)) is None, key
        state, move = answer_held_at_its_first_step(app)
        expect(app.locator("#ls-board")).to_be_focused()  # a keyboard player's focus stayed on the board
        expect(app.locator(".match-status")).to_contain_text("a click or a key skips it; arrows move the cursor too")
        app.keyboard.press(key)
        expect(app.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."))
        status_says(app, "(1) to play")
        after, before = ls.engine(app), LS_GAME.play(state, "1", move, 0)[0]
        shown = board.start(LS_GAME.view(after, "1"), LS_GAME.view(before, "1"))
        if key == "Space":  # only ends the replay: no cube chosen, the cursor where the turn left it
            expect(app.locator(".ls-selected")).to_have_count(0)
            expect(app.locator(".ls-play")).to_have_attribute("data-step", "action1")
        else:
            shown, _ = board.update(shown, LS_GAME.view(after, "1"), "1", table, UiEvent("keydown", "board", key=key))
        expect(app.locator("#ls-board")).to_have_attribute(
            "aria-activedescendant", f"ls-c{shown.cursor[0]}_{shown.cursor[1]}"
        )
        assert len(ls.record(app)["log"]) == {"Space": 2, "ArrowLeft": 4}[key], f"{key}: the key made no move"
    for control in ("table-new", "table-setup"):
        assert LS_GAME.result(ls.engine(app)) is None, control
        answer_held_at_its_first_step(app)
        app.click(f"button[data-action={control}]")
        if control == "table-new":
            expect(app.locator(".confirm")).to_contain_text("Start a new match?")
            # Read at once, with the question (the page is drawn in the click's handler): no step under it.
            assert app.evaluate(REPLAY_SHOWN) is None, "the replay played on under the question"
            status_says(app, "(1) to play")
            app.click("button[data-action=table-new-cancel]")
        else:
            expect(app.locator("form[data-action=table-setup]")).to_be_visible()
            app.click("button[data-action=table-resume]")
            assert app.evaluate(REPLAY_SHOWN) is None, "the match came back to a step of the replay"
        status_says(app, "(1) to play")
        assert len(ls.record(app)["log"]) == {"table-new": 6, "table-setup": 8}[control], (
            f"{control}: nothing else was played"
        )


def test_during_the_computers_replay_a_tap_on_the_board_only_ends_it_and_undo_still_undoes(phone: Page, site_url: str):
    """A tap on the board while the computer's turn is played back ended the replay and then acted on
    the position after it: on a cube's cell it chose that cube, one the player had not seen there. It
    now only ends the replay (a second tap, on the position, chooses). The table's own controls are not
    about the position shown: Undo tapped during the replay takes back Ann's turn and the answer."""
    phone.add_init_script(
        f"localStorage.setItem('{ls.STORE}', {json.dumps(saved_light_seeker_against_the_computer(5))})"
    )
    open_with_time_held(phone, site_url)
    for tapped in ("board", "undo"):
        state, _ = answer_held_at_its_first_step(phone)
        answered = ls.engine(phone)  # the record has the computer's turn from the start of its replay
        if tapped == "board":
            cube = next(i for i in range(LS_rules.CUBES) if i != answered.board.buh)
            phone.locator(ls.cell(answered.board, cube)).tap()
            expect(phone.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."))
            status_says(phone, "(1) to play")
            expect(phone.locator(".ls-play")).to_have_attribute("data-step", "action1")
            expect(phone.locator(".ls-selected")).to_have_count(0)  # the tap chose nothing
            phone.locator(ls.cell(answered.board, cube)).tap()
            expect(phone.locator(f"#ls-cube-{cube}.ls-selected")).to_have_count(1)  # on the position, it does
            assert len(ls.record(phone)["log"]) == 2
        else:
            phone.locator("button[data-action=table-undo]").tap()
            phone.wait_for_function(f"JSON.parse(localStorage.getItem('{ls.STORE}')).record.log.length === 2")
            expect(phone.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."))
            expect(phone.locator(".match-notice")).to_have_text("2 moves taken back.")
            assert ls.engine(phone) == state, "Ann's second turn and the answer taken back"


# The board's top in the page (not the window: a scroll would move it too), the status line as a
# person sees it (innerText: what a touch screen hides is left out) and whatever else the match's main
# column shows that a tap skips, with whether it stands over the board, on each change of the replay step.
WATCH_BOARD_TOP = """() => {
  const top = () => document.querySelector('.ls-board').getBoundingClientRect().top + window.scrollY;
  const shown = () => document.querySelector('.match-main').dataset.replay || null;
  const tap = () => {
    const board = document.querySelector('.ls-board').getBoundingClientRect();
    const seen = [...document.querySelectorAll('.match-main *')].filter(e =>
      e.children.length === 0 && /tap/i.test(e.innerText || '') && e.getClientRects().length);
    return seen.map(e => {
      const r = e.getBoundingClientRect();
      const over = r.top >= board.top && r.bottom <= board.bottom && r.left >= board.left && r.right <= board.right;
      return [e.innerText, over];
    });
  };
  window.tops = [[shown(), top(), document.querySelector('.match-status').innerText, tap()]];
  let last = shown();
  new MutationObserver(() => {
    const step = shown();
    if (step === last) return;
    last = step;
    window.tops.push([step, top(), document.querySelector('.match-status').innerText, tap()]);
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def test_on_a_phone_the_board_stays_put_while_the_computers_turn_is_played_back(phone: Page, site_url: str):
    """QA: the status line of the replay ("…'s move, step 1 of 3 · a key or tap skips it; arrows move
    the cursor too") took three lines on a phone, so the board went 40 px down for the replay and back
    up after it; and it spoke of keys on a touch screen. The board stays where it was, before, during
    and after the replay, and the status names no key there. QA again: then nothing on a phone said that
    a tap skips the replay. A line over the board says so during the replay (over the board: it takes
    no room, and the board does not move), and only then."""
    phone.add_init_script(
        f"localStorage.setItem('{ls.STORE}', {json.dumps(saved_light_seeker_against_the_computer(5))})"
    )
    open_app(phone, site_url, "#/lightseeker/table")
    expect(phone.locator(".ls-board")).to_be_visible()
    phone.evaluate(WATCH_BOARD_TOP)
    state = ls.engine(phone)
    move = next(m for m in LS_GAME.legal(state, "1") if LS_GAME.play(state, "1", m, 0)[0].outcome is None)
    ls.click_turn(phone, state, move)
    wait_for_moves(phone, ls.STORE, 2)
    expect(phone.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=BOT_MS)
    tops = phone.evaluate("window.tops")
    assert [step for step, _top, _status, _tap in tops] == [None, "1", "2", "3", None], tops
    assert len({top for _step, top, _status, _tap in tops}) == 1, f"the board moved: {tops}"
    during = [status for step, _top, status, _tap in tops if step]
    assert all("step" in s and "key" not in s and "arrow" not in s for s in during), during
    said = [tap for _step, _top, _status, tap in tops]
    assert said[1:-1] == [[["Tap the board to skip", True]]] * 3, f"a tap skipping the replay: {tops}"
    assert said[0] == said[-1] == [], f"said when there is no replay to skip: {tops}"
