"""A computer player in a hosted lobby, in real browser pages over WebRTC (``?stun=none``, in the private
network namespace of ``tools/hermetic.sh``): the host seats a Normal bot beside a guest, the host's page
thinks for it, and the match is played to its end by clicking on the host's and the guest's boards.
Every page calls the bot "Bot B (Normal)", says when it is thinking, and shows the final scores the
CPython engine gets by replaying the record the host page saved. And when a guest's page is gone
mid-match, the host lets a computer player take over the seat, and the match goes on; when the guest
comes back, the seat is theirs again, the computer player leaves, and the guest plays on. And a
spectator's page shows the host's Light Seeker turn step by step to its end before the computer's
answer, which the host's page plays only then. A page that joins or reloads mid-match marks the last
turn's cubes (Light Seeker) or the last tile (Raythread) as the pages that saw it played, and so does a
page that comes back after missing moves."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, expect

from gamenight import games
from gamenight.core.bot import decide, turn_seed
from gamenight.lightseeker import GAME as LS_GAME
from gamenight.raythread import GAME as RT_GAME
from gamenight.raythread import rules, scene
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import People, assert_in_window, resize, soon, status_says
from tests.e2e.test_lightseeker import build_turn
from tests.e2e.test_peer_links import (
    CONNECT_MS,
    TRACK_CHANNELS,
    answer,
    assert_accessible,
    hosted_match,
    join,
    member,
    open_host,
    paste_reply,
    rejoin,
    seat,
    two_player_match,
)

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
BOT_MS = 90_000  # a generous bound for one computer move on a loaded machine (a state is awaited, not a time)
HOST_STORE = "gnc:peer.host"

# Remembers whether the status line ever said the bot is thinking (it may say so only briefly).
WATCH_THINKING = """() => {
  window.sawThinking = false;
  new MutationObserver(() => {
    const status = document.querySelector('.match-status');
    if (status && status.textContent.includes('Bot B (Normal) is thinking')) window.sawThinking = true;
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def saved_record(host: Page) -> dict:
    return json.loads(host.evaluate(f"localStorage.getItem('{HOST_STORE}')"))["session"]["match"]["record"]


def replayed(host: Page) -> tuple[int, rules.State]:
    """The number of steps the host page saved and the CPython engine's state after them (one read)."""
    record = saved_record(host)
    state = RT_GAME.setup(RT_GAME.options(record["options"]), tuple(record["seats"]), record["seed"])
    for entry in record["log"]:
        state, _ = RT_GAME.play(state, entry["seat"], entry["move"], 0)
    return len(record["log"]), state


def wait_for_steps(host: Page, count: int, timeout: int = CONNECT_MS) -> None:
    host.wait_for_function(
        f"JSON.parse(localStorage.getItem('{HOST_STORE}')).session.match.record.log.length >= {count}",
        timeout=timeout,
    )


def click_move(page: Page, move: dict) -> None:
    """A move by clicks on ``page``'s board (its player's turn, shown on that page first)."""
    status_says(page, "your turn", CONNECT_MS)
    rt.clicks(page, move)


# The animation length of each beam run sweeping in on a page (``.rt-fresh``).
SWEEPS = "[...document.querySelectorAll('.rt-beam.rt-fresh')].map((e) => getComputedStyle(e).animationDuration)"


@pytest.mark.timeout(900)  # a whole three-seat match with a bot's thinking over peer links
def test_a_host_a_guest_and_a_normal_bot_play_raythread_to_the_end(people: People):
    host = open_host(people)
    bea = join(people, host, "Bea")
    host.select_option("form[data-action=choose] select[name=players]", "3")
    host.click("form[data-action=choose] details summary")
    host.fill("form[data-action=choose] input[name=target]", "4")  # a short match
    host.click("form[data-action=choose] button[type=submit]")
    soon(bea.locator(".seat")).to_have_count(3)
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(seat(host, "C")).to_have_text("Bea")
    soon(bea.locator("form[data-action=add-bot]")).to_have_count(0)  # only the host seats bots
    soon(host.locator(".seat[data-seat='B'] form[data-action=add-bot]")).to_be_visible()
    assert_accessible((host,))  # the host's offer of a computer player, light and dark
    host.select_option(".seat[data-seat='B'] select[name=level]", "normal")
    host.click(".seat[data-seat='B'] form[data-action=add-bot] button[type=submit]")
    for page in (host, bea):
        soon(seat(page, "B")).to_have_text("Bot B (Normal)")
        soon(page.locator(".member[data-state=bot] .name")).to_have_text("Bot B (Normal)")
    host.click("button[data-action=start]")
    for page in (host, bea):
        soon(page.locator(".rt-board")).to_be_visible()
        soon(page.locator(".match-seat[data-seat=B]")).to_contain_text("Bot B (Normal)")
    bea.evaluate(WATCH_THINKING)

    chooser = random.Random(7)
    pages = {"A": host, "C": bea}
    count, state = replayed(host)
    checked = False
    sweeps: set[str] = set()  # how long the new beams on Bea's page sweep in, as her browser reads the CSS
    while not state.ended:
        mover = state.seats[state.turn]
        if mover in pages:
            click_move(pages[mover], chooser.choice(rules.legal(state, mover)))
            wait_for_steps(host, count + 1)
        else:
            wait_for_steps(host, count + 1, BOT_MS)  # the host's page thinks and plays for the bot
        count, state = replayed(host)
        sweeps |= set(bea.evaluate(SWEEPS))
        if not checked and count >= 2:  # the board in play beside a bot, on both pages
            assert_accessible((host, bea))
            checked = True
    # The length the board gives the stylesheet (--rt-sweep), the one a computer player's pause waits for.
    assert sweeps == {f"{scene.SWEEP_MS / 1000:g}s"}, sweeps

    record = saved_record(host)
    assert record["bots"] == {"B": "normal"} and record["ended"] == "over"
    assert "B" in [e["seat"] for e in record["log"]]
    assert bea.evaluate("window.sawThinking"), "the guest's page said the bot was thinking"
    for page in (host, bea):
        soon(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
        rt.assert_page_shows(page, state)  # the final scores, claims and beams are the engine's replay
        soon(page.locator(".match-result")).to_contain_text("Bot B (Normal)")


# A lobby row's name and its buttons: each box (is a button on the name's line?).
ROW_LINE = """(row) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    return {name: box(row.querySelector('.name')),
            buttons: [...row.querySelectorAll('button')].map((b) => ({action: b.dataset.action, ...box(b)}))};
}"""


def first_place(host: Page, seat_id: str) -> dict:
    return next(m for m in rules.legal(replayed(host)[1], seat_id) if m["type"] == "place")


@pytest.mark.timeout(600)
def test_a_computer_player_takes_over_the_seat_of_a_guest_who_left_until_she_comes_back(people: People):
    host, bea = two_player_match(people)
    soon(bea.locator(".rt-board")).to_be_visible()
    takeover = host.locator(".seat[data-seat='C'] form[data-action=add-bot]")
    soon(takeover).to_have_count(0)  # nothing to take over while Bea is here
    click_move(host, first_place(host, "A"))
    wait_for_steps(host, 1)
    bea_browser = bea.context
    bea.close()  # Bea's page is gone (her browser keeps her token); the match waits at her turn
    soon(host.locator(".match-status")).to_contain_text("disconnected", timeout=CONNECT_MS)
    soon(takeover).to_contain_text("Let a computer player take over", timeout=CONNECT_MS)
    host.select_option(".seat[data-seat='C'] select[name=level]", "easy")
    host.click(".seat[data-seat='C'] form[data-action=add-bot] button[type=submit]")
    soon(seat(host, "C")).to_have_text("Bot B (Easy)")  # a two-seat Raythread: seat C reads B
    # Bea, a spectator now, on one line at 1280 px: "Bea spectator disconnected", then Invite again and
    # Remove (alone on a second line before: the buttons wrapped one by one).
    row = member(host, "Bea")
    soon(row.locator(".badge.spectator")).to_be_visible()
    seen = row.evaluate(ROW_LINE)
    assert [b["action"] for b in seen["buttons"]] == ["invite", "kick"], seen
    assert all(b["top"] < seen["name"]["bottom"] and b["bottom"] > seen["name"]["top"] for b in seen["buttons"]), seen
    wait_for_steps(host, 2, BOT_MS)  # the host's page plays the seat now
    status_says(host, "your turn", BOT_MS)
    record = saved_record(host)
    assert record["bots"] == {"C": "easy"} and [e["seat"] for e in record["log"]] == ["A", "C"]

    # Bea comes back (the host invites her again): the seat is hers on every page, the bot has left.
    member(host, "Bea").locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    again, reply = answer(people, bea_browser, card.locator(".invite-link").input_value(), None)
    paste_reply(host, reply)
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    for page in (host, again):
        soon(seat(page, "C")).to_have_text("Bea")
        soon(page.locator(".member[data-state=bot]")).to_have_count(0)
        soon(page.locator(".match-seat[data-seat=C]")).to_contain_text("Bea")
    soon(again.locator(".lobby .role")).to_have_text("You play seat B.")
    # She plays her seat again, by clicks on her board, after the host's move.
    click_move(host, first_place(host, "A"))
    wait_for_steps(host, 3)
    click_move(again, first_place(host, "C"))
    wait_for_steps(host, 4)
    record = saved_record(host)
    assert record["bots"] == {"C": "easy"} and [e["seat"] for e in record["log"]] == ["A", "C", "A", "C"]
    soon(host.locator(".match-status")).to_contain_text("your turn", timeout=CONNECT_MS)


def test_the_hosts_board_and_hand_are_in_the_window_when_the_match_starts(people: People):
    # Start puts focus on the board, which scrolls it into view below the lobby: with the status line
    # above it and the hand below it, on a 1280 x 800 laptop.
    host = open_host(people)
    resize(host, 1280, 800)
    host.select_option(".seat[data-seat='C'] select[name=level]", "easy")
    host.click(".seat[data-seat='C'] form[data-action=add-bot] button[type=submit]")
    host.click("button[data-action=start]")
    expect(host.locator("#rt-board")).to_be_focused()
    assert_in_window(host, (".match-status", ".rt-board", ".rt-hand"))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)], ids=["1280x800", "1024x768"])
def test_the_hosts_light_seeker_turn_panel_is_in_the_window_with_a_cube_chosen(people: People, size):
    """QA measured what 582dfcd left: in a lobby Light Seeker's turn panel stood under the board, and Start's
    focus scroll showed the board with 1 rem under it, so at 1280×800 "Confirm turn" ended 6 px below the
    window, and once a cube was chosen its Slide and Tilt rows put it 104 px below (at 1024×768 too). The
    panel stands beside the board where both would not fit the window's height under each other. And at
    1024×768 Start's scroll (the board 5rem under the window's top) left the status line 0.84 px above the
    window: the lines above the board (the status, the light and the turn's facts on two lines) take more."""
    host = open_host(people, game="lightseeker")
    resize(host, size[0], size[1])
    host.select_option(".seat[data-seat='2'] select[name=level]", "easy")
    host.click(".seat[data-seat='2'] form[data-action=add-bot] button[type=submit]")
    host.click("button[data-action=start]")
    expect(host.locator(".ls-board")).to_be_focused()
    assert_in_window(host, (".match-status", ".ls-board", ".ls-turn", "button[data-action=ls-confirm]"))
    host.keyboard.press("Space")  # the cube under the cursor is chosen: its Slide and Tilt rows appear
    soon(host.locator(".ls-moves")).to_be_visible()
    assert_in_window(host, (".ls-board", ".ls-moves", "button[data-action=ls-confirm]"))


# Remembers each change of the replay step a page shows (``data-replay``; none: the position) or of its
# status line (a step 1 of another move), in ``window.steps`` (the test empties it), from when installed.
WATCH_STEPS = """() => {
  window.steps = [];
  const main = () => document.querySelector('.match-main');
  const status = () => document.querySelector('.match-status').textContent;
  const now = () => [main() ? (main().dataset.replay || null) : null, status()];
  let last = JSON.stringify(now());
  new MutationObserver(() => {
    const [step, status] = now();
    if (JSON.stringify([step, status]) === last) return;
    last = JSON.stringify([step, status]);
    window.steps.push({step, status});
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

# A loaded page's replay: each step of a move played back (``ui.match.STEP_MS``, 600 ms) stays three times as
# long (the page's timers are slow), so the next move reaches the page while it still plays the one before.
SLOW_REPLAY = """() => {
  const start = window.setInterval;
  window.setInterval = (callback, ms, ...rest) => start(callback, ms === 600 ? 1800 : ms, ...rest);
}"""

# The computer's answer was played back on the watching page: one of its steps shown, then the position.
ANSWER_WATCHED = """() => window.steps.some(s => s.status.includes("Bot 2 (Easy)'s move"))
  && window.steps[window.steps.length - 1].step === null"""


# The deal the two Light Seeker tests below play: one whose first turns they compute on (Ann's first turn
# that the computer's answer leaves going, a second turn of hers that leaves it going too).
LS_SEED = 5


def deal_from(host: Page, seed: int) -> None:
    """The host's match, just started with no move made, dealt again from ``seed``: its saved record's seed
    rewritten and the page reloaded, which restores the lobby by replaying that record. (A lobby's Start
    deals from a fresh seed each run, so a test that computes on the deal held only for the deals it met.)"""
    host.wait_for_function(f"JSON.parse(localStorage.getItem('{HOST_STORE}')).session.match !== null")
    saved = json.loads(host.evaluate(f"localStorage.getItem('{HOST_STORE}')"))
    record = saved["session"]["match"]["record"]
    assert record["log"] == [], "dealt again before any move"
    record["seed"] = seed
    # Written, and the page's own saves kept out until the reload (one would put the fresh deal back).
    host.evaluate(
        "([key, text]) => { localStorage.setItem(key, text); Storage.prototype.setItem = () => {}; }",
        [HOST_STORE, json.dumps(saved)],
    )
    host.reload()
    host.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=CONNECT_MS)
    soon(host.locator(".match-main")).to_be_visible(timeout=CONNECT_MS)
    assert saved_record(host)["seed"] == seed


def going(state, seat_id: str, then=lambda after: True) -> dict:
    """``seat_id``'s first legal turn that leaves the match going (and passes ``then``)."""
    for move in LS_GAME.legal(state, seat_id):
        after, _ = LS_GAME.play(state, seat_id, move, 0)
        if after.outcome is None and then(after):
            return move
    raise AssertionError("no such turn on this deal")


# The cubes a page marks as moved by the last turn, each with its classes (the mover's colour).
MARKS = """() => Object.fromEntries(
  [...document.querySelectorAll('.ls-moved')].map(c => [c.id, c.getAttribute('class')]))"""


@pytest.mark.timeout(600)
def test_a_spectator_sees_the_hosts_light_seeker_turn_whole_and_a_page_that_joins_or_reloads_marks_the_last(
    people: People,
):
    """Ann's match against an Easy computer player (the deal of ``LS_SEED``), two turns each, watched by Dan
    from before its first move; Eve joins after the first round, and the host's page is reloaded at the end.

    1. A spectator sees the host's turn whole before the computer's answer: the host's own turn is shown as
       made on the host's page, and played back step by step on every other. The computer's answer waits
       until those pages have played it back (and the pause), so Dan's page shows each of Ann's turns to its
       last step, then its position with "thinking…", then the computer's turn: it used to come 0.45 s after
       the computer's thinking and cut Ann's short. (Each of the two rounds.) In the second round Dan's page
       is loaded (its replay's timer three times as slow, ``SLOW_REPLAY``), so the answer reaches it while
       Ann's turn still plays: the page plays Ann's turn to its last step, then the answer from its first
       (``ui.match``'s queue). The answer cut Ann's turn short on such a page (a CI run at load 16).
    2. A page that joins or reloads mid-match marks the last Light Seeker turn: a table's undo and reload
       marked the cubes the last turn moved; a lobby page that opened the match mid-way had only the position
       and marked none. Eve, who joins after the computer's first answer, marks the cubes of that answer as
       the host's page did when it played it (not rolled in again); the host's page, reloaded after the
       second answer, marks that one's as it did before the reload."""
    host = open_host(people, game="lightseeker")
    host.select_option(".seat[data-seat='2'] select[name=level]", "easy")
    host.click(".seat[data-seat='2'] form[data-action=add-bot] button[type=submit]")
    host.click("button[data-action=start]")
    deal_from(host, LS_SEED)
    dan = join(people, host, "Dan")  # the match's spectator from before its first move
    soon(seat(dan, "2")).to_have_text("Bot 2 (Easy)")
    soon(dan.locator(".lobby .role")).to_have_text("You are watching this match.")
    for page in (host, dan):
        soon(page.locator(".ls-board")).to_be_visible()
    bot = games.bot("lightseeker")
    dan.evaluate(WATCH_STEPS)
    for turn in range(2):  # Ann's first turn (one action) and her second (two)
        state, count = hosted_match(host)
        seed = saved_record(host)["seed"]
        soon(dan.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=BOT_MS)
        dan.evaluate("window.steps = []")

        def answer_goes_on(after, count=count, seed=seed) -> bool:
            """The computer's answer (the same move the host's page will think) leaves the match going,
            so Ann has a second turn: a dealt valley can be won early."""
            move = decide(bot, LS_GAME.view(after, "2"), "easy", turn_seed(seed, "2", count + 1))
            return LS_GAME.play(after, "2", move, 0)[0].outcome is None

        move = going(state, "1", answer_goes_on if turn == 0 else lambda after: True)
        if turn == 1:
            # Dan's page is loaded now: its replay's steps take three times as long (its timers, as a page
            # behind the host's clock has), so the computer's answer reaches it while Ann's turn still plays.
            dan.evaluate(SLOW_REPLAY)
        build_turn(host, state, move)
        wait_for_steps(host, count + 2, BOT_MS)  # Ann's turn and the computer's answer
        # Dan's page has played the computer's answer back to its end. (Waiting only for no replay passed
        # in the moment between the host's record and the answer reaching Dan, and read its first step.)
        dan.wait_for_function(ANSWER_WATCHED, timeout=BOT_MS)
        steps = dan.evaluate("window.steps")
        shown = [s["step"] for s in steps]
        ann = len(move["actions"]) + 1  # each action, then Buh
        assert shown[:ann] == [str(k) for k in range(1, ann + 1)], (turn, steps)
        assert all("Ann (1)'s move" in s["status"] for s in steps[:ann]), (turn, steps)
        if turn == 0 or shown[ann] is None:  # the common case: the answer came after Dan's replay and the pause
            assert shown[ann] is None, (turn, steps)
            thinking = "Bot 2 (Easy) is thinking" in steps[ann]["status"]
            assert thinking, f"turn {turn}: Ann's turn whole, then the position"
            rest = shown[ann + 1 :]
        else:  # a loaded page: the answer waited until Ann's turn was played to its end, then came from its first
            rest = shown[ann:]
        assert rest == [str(k) for k in range(1, len(rest))] + [None] and len(rest) >= 2, (turn, steps)
        assert all("Bot 2 (Easy)'s move" in s["status"] for s in steps[ann + 1 : -1]), (turn, steps)
        # The host's page marks the cubes of the computer's answer, in its colour.
        soon(host.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."), timeout=BOT_MS)
        soon(host.locator(".ls-moved").first).to_be_visible()
        seen = host.evaluate(MARKS)
        assert seen and all("seat-" in classes for classes in seen.values()), (turn, seen)
        if turn == 0:  # Eve opens the match mid-way
            eve = join(people, host, "Eve")
            soon(eve.locator(".ls-board")).to_be_visible()
            soon(eve.locator(".ls-moved").first).to_be_visible()
            assert eve.evaluate(MARKS) == seen, "the page that joined marks the last turn"
            assert eve.locator(".ls-roll").count() == 0, "marked, not rolled in again"
    assert [e["seat"] for e in saved_record(host)["log"]] == ["1", "2", "1", "2"]
    host.reload()
    soon(host.locator(".ls-board")).to_be_visible(timeout=CONNECT_MS)
    soon(host.locator(".ls-moved").first).to_be_visible()
    assert host.evaluate(MARKS) == seen, "the reloaded page marks the last turn"


LAST = "() => [...document.querySelectorAll('.rt-cell.rt-last')].map(c => c.id)"


@pytest.mark.timeout(600)
def test_pages_that_join_reload_or_come_back_mid_match_mark_only_the_last_raythread_tile(people: People):
    """Ann and Bea play Raythread, watched by Cal; Dan joins after two moves, and Cal misses the next two.

    1. A page that joins or reloads mid-match marks the last Raythread tile, as the pages that saw it placed:
       Dan, who joins after Bea's first move, marks her tile and no other; the host's page reloaded at the end
       marks Bea's last tile and no other.
    2. A spectator back after missing two moves marks only the last tile: Cal's connection drops while Ann and
       Bea each place a tile; his page, still showing the match two moves behind, rejoins and is put in step
       by a snapshot. It marked what changed since the position it showed, and Raythread marks the first
       changed tile it finds: Ann's, not Bea's last. It marks Bea's, as the pages that saw both moves do."""
    host = open_host(people)
    bea = join(people, host, "Bea")
    cal_browser = people.person()
    cal_browser.add_init_script(TRACK_CHANNELS)
    cal = join(people, host, "Cal", cal_browser)
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(seat(host, "C")).to_have_text("Bea")
    host.click("button[data-action=start]")
    soon(bea.locator(".rt-board")).to_be_visible()
    soon(cal.locator(".rt-board")).to_be_visible()
    click_move(host, first_place(host, "A"))
    wait_for_steps(host, 1)
    move = first_place(host, "C")
    click_move(bea, move)
    wait_for_steps(host, 2)
    r, c = move["cell"]
    for page in (host, bea):
        soon(page.locator(".rt-cell.rt-last")).to_have_attribute("id", f"rt-c{r}-{c}", timeout=CONNECT_MS)
    seen = host.evaluate(LAST)
    assert seen == [f"rt-c{r}-{c}"] and bea.evaluate(LAST) == seen
    dan = join(people, host, "Dan")
    soon(dan.locator(".rt-board")).to_be_visible()
    soon(dan.locator(".rt-cell.rt-last")).to_have_attribute("id", f"rt-c{r}-{c}")
    assert dan.evaluate(LAST) == seen, "the page that joined"

    soon(cal.locator(".rt-tile")).to_have_count(2, timeout=CONNECT_MS)
    cal.evaluate("window.__channels.forEach((channel) => channel.close())")  # the connection drops
    soon(cal.locator("[data-connection]")).to_have_attribute("data-connection", "away", timeout=CONNECT_MS)
    soon(member(host, "Cal")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    click_move(host, first_place(host, "A"))
    wait_for_steps(host, 3)
    last = first_place(host, "C")
    click_move(bea, last)
    wait_for_steps(host, 4)
    soon(cal.locator(".rt-tile")).to_have_count(2)  # two moves behind
    rejoin(host, cal, "Cal")
    soon(cal.locator(".rt-tile")).to_have_count(4, timeout=CONNECT_MS)
    r, c = last["cell"]
    soon(cal.locator(".rt-cell.rt-last")).to_have_attribute("id", f"rt-c{r}-{c}")
    assert cal.evaluate(LAST) == [f"rt-c{r}-{c}"] == host.evaluate(LAST) == bea.evaluate(LAST), "the page back"

    host.reload()
    soon(host.locator(".rt-board")).to_be_visible(timeout=CONNECT_MS)
    soon(host.locator(".rt-cell.rt-last")).to_have_attribute("id", f"rt-c{r}-{c}")
    assert host.evaluate(LAST) == [f"rt-c{r}-{c}"], "the reloaded page"
