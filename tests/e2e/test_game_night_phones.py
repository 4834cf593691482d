"""A game night as people have one: the host on a laptop, the guests on phones, playing by touch, and a
guest whose page speaks Japanese while the host's speaks English. Real pages over WebRTC
(``?stun=none``, in the private network namespace of ``tools/hermetic.sh``).

The guests join from the host's invitation by taps (they open the link the host sent them, type a name,
tap Join, tap "Copy reply"), take seats, chat and play whole matches by taps; the host plays by clicks.
Every page's scores and result are the CPython engine's replay of the record the host page saved, and
no phone page scrolls sideways or shows a control too small for a finger (``test_phone``). The
Japanese guest reads everything that comes over the wire in Japanese: no line of her page is an
English sentence of the catalogue that has a Japanese translation.

Screenshots of the phone pages at each stage go to ``$GNC_SHOTS`` when it is set (for a person to look at).
"""

from __future__ import annotations

import os
import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from gamenight import i18n
from gamenight.lightseeker import GAME as LIGHTSEEKER
from gamenight.lightseeker import bot
from gamenight.raythread import GAME as RAYTHREAD
from gamenight.raythread import rules as rt_rules
from tests.e2e import test_lightseeker as ls
from tests.e2e import test_raythread as rt
from tests.e2e.conftest import PHONE, ROOT, People, assert_in_window, resize, skip_replay, soon, status_says
from tests.e2e.test_keyboard_and_touch import ls_taps, rt_taps
from tests.e2e.test_lobby_bots import BOT_MS, replayed, saved_record, wait_for_steps
from tests.e2e.test_peer_links import (
    CONNECT_MS,
    TRACK_CHANNELS,
    hosted_match,
    member,
    new_invitation,
    open_host,
    paste_reply,
    seat,
    valley,
)
from tests.e2e.test_phone import phone_problems

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]

LAPTOP = {"viewport": {"width": 1280, "height": 800}, "color_scheme": "light"}
SHOTS = os.environ.get("GNC_SHOTS")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def fits(page: Page) -> None:
    """The phone page neither scrolls sideways nor shows a control smaller than a finger."""
    assert phone_problems(page, 390) == []


def type_into(page: Page, selector: str, text: str) -> None:
    """Tap a field and type, as on a phone's keyboard."""
    page.tap(selector)
    page.keyboard.type(text)


def invited_phone(people: People, host: Page, device: dict) -> Page:
    """A guest's phone (``device``) with the link of a new invitation open, its page still booting."""
    context = people.person(**device)
    context.add_init_script(TRACK_CHANNELS)  # so a test can drop her connection as a network would
    return people.visit(context, new_invitation(host))


def join_by_taps(
    people: People, host: Page, name: str, device: dict, before=None, check=fits, page: Page | None = None
) -> Page:
    """A guest on a phone opens the invitation link the host sent her (or has it open on ``page``:
    ``invited_phone``; ``before``: what she does on the page first), types her name, taps Join and "Copy reply",
    and sends the reply; the host pastes it. ``check``: what must hold of her page at each step."""
    guest = people.ready(page if page is not None else invited_phone(people, host, device))
    soon(guest.locator("main.join h1")).to_have_text("Friday night")
    if before:
        before(guest)
    shot(guest, f"{name}-1-invited")
    check(guest)
    type_into(guest, "input[name=name]", name)
    guest.tap("form[data-action=join] button[type=submit]")
    code = guest.locator(".reply-code")
    soon(code).to_be_visible(timeout=CONNECT_MS)
    guest.tap("button[data-action=copy][data-text]:not([data-text*='#'])")  # "Copy reply"
    shot(guest, f"{name}-2-reply")
    check(guest)
    paste_reply(host, code.input_value())
    soon(member(guest, name)).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    return guest


def chat_by_taps(guest: Page, text: str) -> None:
    type_into(guest, "form[data-action=chat] input[name=text]", text)
    guest.tap("form[data-action=chat] button[type=submit]")


def ranking(page: Page) -> list[str]:
    return page.eval_on_selector_all(".match-result li[data-seat]", "els => els.map(e => e.dataset.seat)")


def light_seeker_move(state) -> dict:
    """The turn its player picks: one that wins at once if the valley offers one (so the match is short), else
    one at random, seeded by the turn. The computer's Easy level picks so (``bot.easy``): it reads the light
    areas of each arrangement a turn can leave and builds the one turn chosen: 0.014 s of Python a turn, where
    playing each of the 2,000–3,000 legal turns through the rules to find a win took 0.45 s (20 deals, load
    average 8; matches as long: 4.4 turns on average, 4.6 before). The walk still builds that turn on the page,
    and the host's record of it replays in the engine."""
    return bot.easy(bot.read_view(LIGHTSEEKER.view(state, state.to_move)), random.Random(state.turn))


def play_light_seeker(host: Page, guest: Page, her_turn: str, after=lambda played: None):
    """A Light Seeker match in the lobby to its end, the host (seat 1) by clicks, the guest (seat 2) by
    taps, each when their page says it is their turn (``her_turn``: how the guest's page says so);
    ``after(played)`` after each turn. The engine's final state."""
    state, saved = hosted_match(host)
    while state.outcome is None:
        move = light_seeker_move(state)
        # The one to move skips the playback of the other's turn on her page (a tap, a click on the valley:
        # 0.6 s a step otherwise); the last turn's plays to its end on the loser's page.
        if state.to_move == "2":
            skip_replay(guest, her_turn)
            status_says(guest, her_turn, CONNECT_MS)
            ls_taps(guest, state, move)
        else:
            skip_replay(host, "your turn")
            status_says(host, "your turn", CONNECT_MS)
            ls.build_turn(host, state, move)
        wait_for_steps(host, saved + 1)
        state, saved = hosted_match(host)
        after(saved)
    return state


def raythread_move(state, seat: str, chooser: random.Random, greedy: bool) -> dict:
    """A move at random that leaves the match going (if one does), or (``greedy``) the one among a sample that
    scores most for ``seat``."""
    legal = rt_rules.legal(state, seat)
    if not greedy:
        going = [m for m in legal if not rt_rules.play(state, seat, m)[0].ended]
        return chooser.choice(going or legal)
    sample = legal if len(legal) <= 200 else chooser.sample(legal, 200)
    return max(sample, key=lambda m: rt_rules.view(rt_rules.play(state, seat, m)[0], None)["scores"][seat])


@pytest.mark.timeout(420)
def test_a_host_on_a_laptop_and_guests_on_phones_play_light_seeker_then_raythread_with_a_bot_by_touch(
    people: People,
):
    host = open_host(people, game="lightseeker", context=people.person(**LAPTOP))
    bea = join_by_taps(people, host, "Bea", PHONE)
    shot(bea, "Bea-3-lobby")
    fits(bea)
    bea.tap(".seat[data-seat='2'] button[data-action=sit]")
    for page in (host, bea):
        soon(seat(page, "2")).to_have_text("Bea")
    chat_by_taps(bea, "Hi from my phone!")
    for page in (host, bea):
        soon(page.locator(".chat-lines")).to_contain_text("Bea: Hi from my phone!")
    expect(bea.locator("form[data-action=chat] input[name=text]")).to_have_value("")

    # Cy (a second phone, light) has her invitation open already: her page boots while Ann and Bea play Light
    # Seeker, and she joins for the Raythread match after it.
    cy_phone = invited_phone(people, host, {**PHONE, "color_scheme": "light"})

    # Light Seeker: Bea by taps, Ann by clicks, to the end.
    host.click("button[data-action=start]")
    soon(bea.locator(".ls-board")).to_be_visible()
    # Held sideways, the running match fills her window as a table on one device's, under one row of the lobby's
    # title, connection line, heading and role line, in the page's order (its board stood 230 px down a 390 px
    # window under those lines a row each; docs/lobby.md).
    resize(bea, 844, 390)
    bea.evaluate("window.scrollTo(0, 0)")
    for part in (".connection-strip", ".match-status", ".match-screen [role=grid]"):
        box = bea.locator(part).bounding_box()
        assert box is not None and box["y"] < 130 and box["y"] + box["height"] <= 390, (part, box)
    resize(bea, PHONE["viewport"]["width"], PHONE["viewport"]["height"])

    def first_turn(played: int) -> None:
        if played == 1:
            shot(bea, "Bea-4-light-seeker")
            fits(bea)

    state = play_light_seeker(host, bea, "your turn", first_turn)
    result = LIGHTSEEKER.result(state)
    for page in (host, bea):
        soon(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
        ls.assert_page_shows(page, state)
        assert ranking(page) == [s for place in result.ranking for s in place]
    winner = "Ann" if result.ranking[0] == ("1",) else "Bea"
    soon(bea.locator(".match-status")).to_contain_text(f"{winner} (")
    shot(bea, "Bea-5-light-seeker-over")
    fits(bea)

    # Raythread Rally next, four seats: Ann, Bea, Cy (a second phone, light) and a Normal bot.
    host.select_option("form[data-action=choose] select[name=game]", "raythread")
    host.click("form[data-action=choose] button[type=submit]")
    soon(bea.locator(".lobby > h2")).to_have_text("Raythread Rally · choosing seats")
    cy = join_by_taps(people, host, "Cy", {**PHONE, "color_scheme": "light"}, page=cy_phone)
    host.select_option("form[data-action=choose] select[name=players]", "4")
    host.click("form[data-action=choose] details summary")
    # Short, but no seat can end it in the first round (one move scored at most 7 on 150 deals, a seat at most 9
    # after the first round on 600; with 6 the bot sometimes won at move 4), so each guest has a tile of its own
    # to turn in the second (the people's moves of the first two rounds leave the match going). With 12 it ran
    # 31 moves on average (CPython, 6 deals, half to the supply's end); with 10, 17 (40 deals).
    host.fill("form[data-action=choose] input[name=target]", "10")
    host.click("form[data-action=choose] button[type=submit]")
    soon(cy.locator(".seat")).to_have_count(4)
    soon(seat(cy, "B")).to_have_text("Bea")  # she keeps her place in the seat order
    cy.tap(".seat[data-seat='C'] button[data-action=sit]")
    host.select_option(".seat[data-seat='D'] select[name=level]", "normal")
    host.click(".seat[data-seat='D'] form[data-action=add-bot] button[type=submit]")
    for page in (host, bea, cy):
        for seat_id, name in (("A", "Ann"), ("B", "Bea"), ("C", "Cy"), ("D", "Bot D (Normal)")):
            soon(seat(page, seat_id)).to_have_text(name)
    shot(cy, "Cy-3-lobby-light")
    fits(cy)
    chat_by_taps(cy, "Ready!")
    for page in (host, bea, cy):
        soon(page.locator(".chat-lines")).to_contain_text("Cy: Ready!")

    host.click("button[data-action=start]")
    pages = {"A": host, "B": bea, "C": cy}
    chooser = random.Random(5)
    count, state = replayed(host)
    assert count == 0
    turned, moved = set(), set()
    while not state.ended:
        mover = state.seats[state.turn]
        if mover in pages:
            page = pages[mover]
            status_says(page, "your turn", CONNECT_MS)
            if page is not host and mover not in moved:
                # A guest's first turn: the page's first screen holds her tiles and the hint, as a table on one
                # device's does (the lobby's lines over the board held them under the window's edge). From the
                # page's top: her taps in the lobby (the chat, under the seats) left it scrolled.
                moved.add(mover)
                page.evaluate("window.scrollTo(0, 0)")
                assert_in_window(page, (".rt-hand", ".rt-hint"))
            rotations = [m for m in rt_rules.legal(state, mover) if m["type"] == "rotate"]
            if page is not host and rotations and mover not in turned:  # a guest turns a tile, once
                move = chooser.choice(rotations)
                turned.add(mover)
            else:
                move = raythread_move(state, mover, chooser, greedy=count >= 8)  # two rounds first
            if page is host:
                rt.clicks(host, move)
            else:
                rt_taps(page, state, move)
            wait_for_steps(host, count + 1)
            # One read: the bot (D) may already have answered, but nothing else may follow the guest's move.
            log = saved_record(host)["log"]
            assert (log[count]["seat"], log[count]["move"]) == (mover, move)
            assert all(entry["seat"] == "D" for entry in log[count + 1 :]), log[count:]
        else:
            wait_for_steps(host, count + 1, BOT_MS)  # the host's page thinks for the bot
        count, state = replayed(host)
        if count == 4:
            shot(bea, "Bea-6-raythread")
            shot(cy, "Cy-6-raythread-light")
            for phone in (bea, cy):
                fits(phone)
    assert turned, f"a guest turned a tile by taps ({count} moves)"
    result = RAYTHREAD.result(state)
    for page in (host, bea, cy):
        soon(page.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
        rt.assert_page_shows(page, state)
        assert ranking(page) == [s for place in result.ranking for s in place]
    shot(bea, "Bea-7-raythread-over")
    shot(cy, "Cy-7-raythread-over-light")
    for phone in (bea, cy):
        fits(phone)
        soon(phone.locator(".rematch-note")).to_have_text("The host can start a rematch.")
    for page in (host, bea, cy):  # who starts it, before the press, on every page: the computer player, by the
        # seat it will sit at (it sat at D: named by its seat, as the board's letters and colours are)
        soon(page.locator("#rematch-starts")).to_have_text("In the rematch, Bot A (Normal) starts.")
    # The host's rematch: a fresh board on every page, the seats turned one place so another player starts
    # (the same seat started every match): the computer player, in D, moves to A and plays first, then Ann,
    # now in B; each page sees who is where and whose turn it is.
    host.get_by_role("button", name="Rematch").click()
    for page in (host, bea, cy):
        soon(page.locator(".match-result")).to_have_count(0)
    wait_for_steps(host, 1, BOT_MS)
    record = saved_record(host)
    assert [record["names"][s] for s in "BCD"] == ["Ann", "Bea", "Cy"] and record["bots"] == {"A": "normal"}
    assert record["log"][0]["seat"] == "A", "the computer player, now in the first seat, starts"
    soon(host.locator(".match-status")).to_contain_text("your turn", timeout=CONNECT_MS)
    for page in (bea, cy):
        soon(page.locator(".match-status")).to_contain_text("Ann (B) to play", timeout=CONNECT_MS)
    soon(bea.locator(".match-seat[data-seat='C']")).to_contain_text("you")
    for page in (host, bea, cy):  # the computer now at A is "Bot A", not the "Bot D" it was at D
        soon(page.locator(".match-seat[data-seat='A'] .seat-name")).to_have_text("Bot A (Normal)")
    # Each player's seat and colour moved: said on their page (the colour stays with the seat).
    soon(host.locator(".role")).to_have_text("You play seat B (sky blue) this time.")
    soon(bea.locator(".role")).to_have_text("You play seat C (pink) this time.")
    shot(bea, "Bea-8-raythread-rematch")
    shot(host, "Ann-8-raythread-rematch")


# --- a guest in Japanese ---------------------------------------------------------------------------------

CATALOGUE = ROOT / "locale" / "ja" / "LC_MESSAGES" / "gamenight.po"


@cache
def japanese() -> dict[str, str]:
    """English msgid → Japanese msgstr, for every entry translated into something else, as the page shows
    it: without the word joiners that keep a word whole (``i18n.JOINER``: the page draws no-break spans)."""
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    found = {}
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if msgid and strs[0] and strs[0] != msgid:
                found[msgid] = i18n.plain(strs[0])
    return found


@cache
def english_patterns() -> list[tuple[str, re.Pattern]]:
    """Each translated English sentence as a pattern of a whole line: its placeholders stand for any text.
    A msgid with too few letters of its own (``{name}: {text}``) matches too much to tell."""
    patterns = []
    for msgid in japanese():
        # As the page gives it: a no-break space of the msgid ("Bot\u00a0({level})") is a plain space in a
        # no-break span, so an English "Bot (Normal)" left on her page is still found.
        shown = i18n.plain(msgid)
        literal = re.sub(r"\{[a-z_0-9]*\}", "", shown)
        if sum(ch.isalpha() for ch in literal) < 4:
            continue
        parts = re.split(r"(\{[a-z_0-9]*\})", shown)
        body = "".join(".+?" if re.fullmatch(r"\{[a-z_0-9]*\}", part) else re.escape(part) for part in parts)
        patterns.append((msgid, re.compile(body, re.S)))
    return patterns


# Every text of the page a person reads or hears: its lines, each text node, and the labels of controls.
TEXTS = """() => {
    const texts = document.body.innerText.split('\\n');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement.closest('script, style')) texts.push(node.textContent);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
        for (const name of ['aria-label', 'title', 'placeholder']) {
            if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
        }
    }
    return [...new Set(texts.map(t => t.trim()).filter(t => t))];
}"""


@cache
def english_checks() -> tuple[tuple[str, re.Pattern, str | None], ...]:
    """Each of ``english_patterns`` with the phrase a text must not hold anywhere (a msgid of two words or more
    and no placeholder, as the page gives it), else ``None``."""
    return tuple(
        (msgid, pattern, i18n.plain(msgid) if " " in msgid and "{" not in msgid else None)
        for msgid, pattern in english_patterns()
    )


@cache
def any_english() -> tuple[re.Pattern, re.Pattern]:
    """All of ``english_checks`` as two patterns, one of the whole lines and one of the phrases: a text neither
    finds is no leak, so ``leaking`` reads the checks one by one only on the texts they find. One by one on
    every text, a page's check took about 2 s of the test's Python (1,200 patterns for each of 200 texts)."""
    checks = english_checks()
    whole = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern, _ in checks), re.S)
    phrases = re.compile("|".join(re.escape(phrase) for _, _, phrase in checks if phrase))
    return whole, phrases


def leaking(texts: list[str]) -> list[str]:
    whole, phrases = any_english()
    return [
        f"{text!r} (msgid {msgid!r})"
        for text in texts
        if whole.fullmatch(text) or phrases.search(text)
        for msgid, pattern, phrase in english_checks()
        if pattern.fullmatch(text) or (phrase is not None and phrase in text)
    ]


def leaks(page: Page) -> list[str]:
    """The page's texts that are English sentences of the catalogue (translated there into Japanese): a
    whole text that is one, or a text holding one of two words or more."""
    return leaking(page.evaluate(TEXTS))


def speaks_japanese(page: Page) -> None:
    soon(page.locator("html")).to_have_attribute("lang", "ja")
    assert leaks(page) == []


# Records every text the match's status line and its notes show, however briefly (a refusal next to the
# board lasts until the next move arrives; "… is thinking" while the computer player thinks).
WATCH_TEXTS = """() => {
    window.shown = [];
    const look = () => {
        for (const el of document.querySelectorAll('.match-status, .match-error, .rt-note, .lobby .error')) {
            const text = el.textContent.trim();
            if (text && !window.shown.includes(text)) window.shown.push(text);
        }
    };
    new MutationObserver(look).observe(document.body, {subtree: true, childList: true, characterData: true});
    look();
}"""


def hold_sends(page: Page) -> None:
    """From now on, what the page sends over its data channels waits (in order) until ``release_sends``:
    a slow mobile connection, made as slow as the test needs."""
    page.evaluate(
        """() => {
            window.__send = RTCDataChannel.prototype.send;
            window.__held = [];
            RTCDataChannel.prototype.send = function (data) { window.__held.push([this, data]); };
        }"""
    )


def release_sends(page: Page) -> None:
    page.evaluate(
        """() => {
            RTCDataChannel.prototype.send = window.__send;
            for (const [channel, data] of window.__held) channel.send(data);
        }"""
    )


def place_by_taps(page: Page, state, seat: str, skip: int = 0) -> dict:
    """A placement by taps (tile, orientation, the cell twice): the ``skip``-th the rules allow."""
    move = [m for m in rt_rules.legal(state, seat) if m["type"] == "place"][skip]
    rt_taps(page, state, move)
    return move


@pytest.mark.timeout(300)
def test_a_guest_whose_phone_speaks_japanese_reads_the_english_hosts_lobby_and_match_in_japanese(people: People):
    host = open_host(people, context=people.person(**LAPTOP))
    tr = japanese()

    def switch(page: Page) -> None:  # she switches her page to Japanese in the header
        page.tap(".lang-switch .lang[data-lang=ja]")

    def check(page: Page) -> None:
        speaks_japanese(page)
        fits(page)

    bea = join_by_taps(people, host, "Bea", PHONE, before=switch, check=check)
    speaks_japanese(bea)
    soon(member(host, "Bea").locator(".state")).to_have_text("connected")
    soon(member(bea, "Ann").locator(".state")).to_have_text(tr["connected"])
    # Three seats: Bea takes B, the host seats a Normal computer player in C.
    host.select_option("form[data-action=choose] select[name=players]", "3")
    host.click("form[data-action=choose] button[type=submit]")
    bea.tap(".seat[data-seat='B'] button[data-action=sit]")
    soon(seat(host, "B")).to_have_text("Bea")
    host.select_option(".seat[data-seat='C'] select[name=level]", "normal")
    host.click(".seat[data-seat='C'] form[data-action=add-bot] button[type=submit]")
    soon(seat(host, "C")).to_have_text("Bot C (Normal)")
    bot = tr["Bot\u00a0{seat}\u00a0({level})"].format(seat="C", level=tr["Normal"])
    soon(seat(bea, "C")).to_have_text(bot)
    soon(bea.locator(".seat[data-seat='B'] .seat-name")).to_have_text(tr["Seat {seat}"].format(seat="B"))
    soon(seat(bea, "A")).to_have_text("Ann")
    soon(bea.locator(".member[data-state=bot] .state")).to_have_text(tr["computer player"])
    speaks_japanese(bea)

    # She chats too fast (six lines in a row): the host's refusal, in Japanese. The host counts lines as
    # they arrive (five in five seconds), and six lines by taps took more than five seconds on a loaded
    # machine: her slow connection holds them, and they arrive together.
    hold_sends(bea)
    for k in range(6):
        chat_by_taps(bea, f"やった{k}")
    release_sends(bea)
    soon(bea.locator(".lobby .error")).to_have_text(tr["You are chatting too fast; wait a moment."])
    soon(host.locator(".chat-lines li")).to_have_count(5)
    speaks_japanese(bea)
    shot(bea, "ja-1-lobby")

    # A short match: three mirrors, one in each hand, none left in the deck: it ends after three moves.
    host.click("details.table-options summary")
    host.fill("input[name=mirrors]", "3")
    host.fill("input[name=prisms]", "0")
    host.fill("input[name=hand]", "1")
    host.click("form[data-action=choose] button[type=submit]")
    host.click("button[data-action=start]")
    bea.evaluate(WATCH_TEXTS)
    soon(host.locator(".match-status")).to_contain_text("Ann (A) to play · your turn")
    # "Ann（A）": Japanese brackets, the word joiners of the catalogue drawn as a no-break span, not as text
    ann = tr["{name}\u00a0({seat})"].format(name="Ann", seat="A").replace("\u2060", "")
    soon(bea.locator(".match-status")).to_contain_text(tr["{names} to play"].format(names=ann))
    # Not her turn: her page says so, in Japanese.
    bea.tap("#rt-c5-2")
    soon(bea.locator(".rt-note")).to_have_text(tr["Wait for your turn."])
    speaks_japanese(bea)

    count, state = replayed(host)
    rt.clicks(host, next(m for m in rt_rules.legal(state, "A") if m["type"] == "place"))
    wait_for_steps(host, 1)
    count, state = replayed(host)
    soon(bea.locator(".match-status")).to_contain_text(tr["your turn"])
    soon(bea.locator(".match-log li")).to_have_count(1)
    speaks_japanese(bea)

    # On a slow connection she taps a second move before the host has her first: her status says the first is
    # on its way, in Japanese, and the board takes the second in silence (the first is a numbered request kept
    # until the host answers; it used to send the second too, which the host refused as made on an earlier
    # position, and then scolded her for it), and follows the match on.
    hold_sends(bea)
    first = place_by_taps(bea, state, "B")
    soon(bea.locator(".match-status")).to_have_text(tr["Sending your move…"])
    place_by_taps(bea, state, "B", skip=1)
    soon(bea.locator(".match-screen")).to_have_attribute("data-sending", "1")
    soon(bea.locator(".match-error")).to_have_count(0)
    shot(bea, "ja-2-sending")
    release_sends(bea)
    wait_for_steps(host, 2)
    assert saved_record(host)["log"][1] == {**saved_record(host)["log"][1], "seat": "B", "move": first}

    # The computer player thinks, then moves: both worded on her page in Japanese.
    wait_for_steps(host, 3, BOT_MS)
    count, state = replayed(host)
    assert count == 3 and state.ended, "three mirrors: the deck and every hand are empty"
    bot_seat = tr["Bot\u00a0{seat}\u00a0({level})"].format(seat="C", level=tr["Normal"])  # its tag inside its brackets
    soon(bea.locator(".match-log li").first).to_contain_text(bot_seat)
    thinking = tr["{names} is thinking…"].format(names=bot_seat)
    assert thinking in bea.evaluate("window.shown")
    rt.assert_page_shows(bea, state)
    soon(bea.locator(".match-result")).to_contain_text(tr["the deck and every hand are empty"])
    # Who won is said once, at the top; the panel beside the board ranks.
    won = (re.escape(tr[t]).replace(re.escape("{names}"), ".+") for t in ("{names} wins!", "A draw between {names}."))
    soon(bea.locator(".match-status")).to_have_text(re.compile("^(" + "|".join(won) + ")$"))
    soon(bea.locator(".match-result h2")).to_have_text(tr["Final standings"])
    soon(host.locator(".match-result")).to_contain_text("The deck and every hand are empty.")
    soon(bea.locator(".match-log li")).to_have_count(3)
    speaks_japanese(bea)
    assert leaking(bea.evaluate("window.shown")) == []
    shot(bea, "ja-3-over")
    fits(bea)
    told = bea.locator(".match-log ul").inner_text()

    # Her phone's connection drops (a screen locked, a tunnel): her page says so and how to come back, in
    # Japanese; the host invites her again and she pastes the link by taps. The snapshot that brings her
    # back tells the match's moves again: her log reads as before, in Japanese.
    bea.evaluate("window.__channels.forEach((channel) => channel.close())")
    soon(bea.locator("[data-connection]")).to_have_attribute("data-connection", "away", timeout=CONNECT_MS)
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    speaks_japanese(bea)
    shot(bea, "ja-4-away")
    fits(bea)
    member(host, "Bea").locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    type_into(bea, "form[data-action=rejoin] input[name=invitation]", card.locator(".invite-link").input_value())
    bea.tap("form[data-action=rejoin] button[type=submit]")
    reply = bea.locator(".reply-code")
    soon(reply).to_be_visible(timeout=CONNECT_MS)
    speaks_japanese(bea)
    paste_reply(host, reply.input_value())
    soon(bea.locator("[data-connection]")).to_have_attribute("data-connection", "connected", timeout=CONNECT_MS)
    soon(bea.locator(".match-result")).to_contain_text(tr["the deck and every hand are empty"])
    assert bea.locator(".match-log ul").inner_text() == told
    speaks_japanese(bea)
    fits(bea)

    # Light Seeker next (two seats: the computer player leaves), played by her taps to its end.
    host.select_option("form[data-action=choose] select[name=game]", "lightseeker")
    host.click("form[data-action=choose] button[type=submit]")
    soon(seat(bea, "2")).to_have_text("Bea")
    host.click("button[data-action=start]")
    soon(bea.locator(".ls-board")).to_be_visible()
    state = play_light_seeker(host, bea, tr["your turn"], lambda _played: speaks_japanese(bea))
    ls.assert_page_shows(host, state)  # its words are English: Bea's valley is compared with it
    # The last turn reached Bea's page (the host's record says only that the host has it): her result is
    # drawn, then the turn's replay (if it was Ann's) ends and her valley is read.
    soon(bea.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
    assert valley(bea) == valley(host)
    # How it ended, in her words: an area lit, or a player left with no legal turn (the deal is random).
    result = LIGHTSEEKER.result(state)
    label = tr["{name}\u00a0({seat})"].replace("\u2060", "")  # the joiners are a no-break span on the page
    names = {seat: label.format(name=name, seat=seat) for seat, name in (("1", "Ann"), ("2", "Bea"))}
    params = {k: names.get(v, v) if k == "seat" else v for k, v in result.params.items()}
    if result.reason == "lightseeker-lit":
        assert params["value"] == max(area["value"] for area in LIGHTSEEKER.view(state, None)["areas"])
    ending = tr[i18n.REASONS[result.reason]].format(**params)
    soon(bea.locator(".match-result")).to_contain_text(ending)
    speaks_japanese(bea)
    assert leaking(bea.evaluate("window.shown")) == []
    shot(bea, "ja-5-light-seeker-over")
    fits(bea)

    # The host closes the game night: asked first (a guest is here), then her page says so, in Japanese, and keeps
    # the match's standings; it read "cut off from the host, ask for a new invitation", one that never came.
    host.click("button[data-action=close-lobby]")
    expect(host.locator("button[data-action=close-cancel]")).to_be_focused()
    # The question has the room the others have: it sat flush under the chat form (css/app.css, .page.host > .confirm).
    gap = host.evaluate(
        "() => { const q = document.querySelector('main.host > .confirm');"
        " return q.getBoundingClientRect().top - q.previousElementSibling.getBoundingClientRect().bottom; }"
    )
    assert gap >= 12, f"the question is {gap} px under the lobby above it"
    host.click(".confirm button[data-action=close-lobby]")
    soon(bea.locator("main.join .notice")).to_have_text(tr["The host closed the game night. Thanks for playing!"])
    soon(bea.locator(".match-result")).to_contain_text(ending)
    soon(bea.locator("form[data-action=rejoin]")).to_have_count(0)
    soon(bea.locator(".rematch-note")).to_have_count(0)  # no next match: the night is over
    speaks_japanese(bea)
    shot(bea, "ja-6-night-closed")
    fits(bea)
    # The way on, as the host's page has at its night's end (the guest's page was a dead end).
    bea.click("main.join a[href='#/']")
    soon(bea.locator("main.home")).to_be_visible()
