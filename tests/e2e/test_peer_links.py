"""Peer links in real browser pages: a host and guests in separate Chromium contexts connect over WebRTC
with no STUN server (``?stun=none``), passing the codes through the pages as people would.

Run by ``make test`` inside a private network namespace (``tools/hermetic.sh``). Every page is
watched: a request outside the site's origin or a console error fails the test.
"""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamenight.lightseeker import GAME as LIGHTSEEKER
from gamenight.lobby.session import CHAT_WINDOW_MS
from tests.e2e.conftest import PHONE, People, skip_replay, soon, status_says
from tests.e2e.test_accessibility import in_both_themes
from tests.e2e.test_lightseeker import build_turn
from tests.e2e.test_raythread import WATCH_ALERTS

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]

# Generous: the first connection of a run can be slow while Chromium and the vendored runtime are cold.
CONNECT_MS = 40_000


def open_host(
    people: People, name: str = "Ann", game: str = "raythread", context: BrowserContext | None = None
) -> Page:
    page = people.open(context or people.person(), f"{people.site_url}/?stun=none#/host?game={game}")
    page.fill("input[name=lobby]", "Friday night")
    page.fill("input[name=name]", name)
    page.click("form[data-action=host-setup] button[type=submit]")
    soon(page.locator("main.host[data-stage=lobby] h1")).to_have_text("Friday night")
    return page


# The invitation cards' status regions as the page adds them, with their words then: a region that comes with
# its words is not announced, so each must come empty (its words are a change a screen reader hears).
WATCH_CARD_REGIONS = """() => {
  window.cardRegions = [];
  if (window.cardWatch) return;
  window.cardWatch = new MutationObserver(changes => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const region of [node, ...node.querySelectorAll('[role=status]')]) {
        if (region.matches('.invite [role=status]')) window.cardRegions.push([region.id, region.textContent]);
      }
    }
  });
  window.cardWatch.observe(document.querySelector('.invites'), {subtree: true, childList: true});
}"""


# The lobby's alert regions as they stand (id, words), kept, and every alert added to the page since with the words
# it came with: a region that comes with its words is not announced.
WATCH_LOBBY_ALERT = """() => {
  window.alertsBefore = [...document.querySelectorAll('[id^=lobby-alert-]')];
  window.alertsBeforeSaid = window.alertsBefore.map(e => [e.id, e.textContent]);
  window.alertsCame = [];
  new MutationObserver(changes => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const region of [node, ...node.querySelectorAll('[role=alert]')]) {
        const said = region.textContent;
        if (region.matches('[role=alert]') && said) window.alertsCame.push([region.id, said]);
      }
    }
  }).observe(document.body, {subtree: true, childList: true});
}"""
# Every alert added to the page, from its start (an init script), with the words it came with, and the elements
# themselves: a whole screen that comes with its error line (a garbled invitation's) is said only if the line came
# empty and its words were put in later (``ui.live.settled``).
WATCH_ALERTS_BORN = """(() => {
  window.alertsBorn = [];
  window.alertsBornElements = [];
  new MutationObserver(changes => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const region of [node, ...node.querySelectorAll('[role=alert]')]) {
        if (!region.matches('#app [role=alert]')) continue;  // not the loading screen's own, in index.html
        window.alertsBorn.push([region.id, region.textContent]);
        window.alertsBornElements.push(region);
      }
    }
  }).observe(document, {subtree: true, childList: true});
})()"""
ALERTS_SEEN = "() => [window.alertsBeforeSaid, window.alertsCame]"


def new_invitation(host: Page) -> str:
    """Click "Invite a player" and copy the new link's text from the page; its card's status region came into the
    page empty, and its words into that region (the same element)."""
    before = host.locator(".invite").count()
    host.evaluate(WATCH_CARD_REGIONS)
    host.click("button[data-action=invite]:not([data-member])")
    card = host.locator(".invite").first
    soon(host.locator(".invite")).to_have_count(before + 1)
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    soon(card.locator("svg.qr")).to_be_visible()
    added = host.evaluate("window.cardRegions")
    region = card.locator("[role=status]")
    assert added == [[region.get_attribute("id"), ""]], f"the card's region came with its words: {added}"
    soon(region).to_have_text(re.compile(r"\S"))  # "Send this link …", in the host's language
    return card.locator(".invite-link").input_value()


def invited(people: People, host: Page, context: BrowserContext | None = None) -> Page:
    """A new invitation's link opened in ``context`` (a new person's), its page still booting: the guest joins
    with ``join(..., page=)`` once the test has done something else meanwhile (her page boots beside it)."""
    return people.visit(context or people.person(), new_invitation(host))


def answer(
    people: People, context: BrowserContext, link: str, name: str | None, page: Page | None = None
) -> tuple[Page, str]:
    """A guest opens ``link`` (or has it open on ``page``: ``invited``), gives its name (unless rejoining) and
    copies its reply code."""
    guest = people.ready(page) if page is not None else people.open(context, link)
    soon(guest.locator("main.join h1")).to_have_text("Friday night")
    # What the invitation is for: the game, the host, the minutes left.
    soon(guest.locator(".invited .lede")).to_contain_text(re.compile(r"\S invites you to play \S"))
    soon(guest.locator(".invited .expiry")).to_contain_text(re.compile(r"expires in (9|10) minutes"))
    if name is None:  # this browser was here before: it comes back under its old name
        soon(guest.locator("main.join form")).to_contain_text("Welcome back")
    else:
        guest.fill("input[name=name]", name)
    guest.click("form[data-action=join] button[type=submit]")
    code = guest.locator(".reply-code")
    soon(code).to_be_visible(timeout=CONNECT_MS)
    return guest, code.input_value()


def paste_reply(host: Page, reply: str) -> None:
    host.fill("form[data-action=reply] input[name=reply]", reply)
    host.click("form[data-action=reply] button[type=submit]")


def join(
    people: People, host: Page, name: str, context: BrowserContext | None = None, page: Page | None = None
) -> Page:
    """``name`` joins by a new invitation, or by the one ``page`` has open (``invited``)."""
    if page is not None:
        guest, reply = answer(people, page.context, page.url, name, page)
    else:
        guest, reply = answer(people, context or people.person(), new_invitation(host), name)
    paste_reply(host, reply)
    soon(member(guest, name)).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    return guest


def member(page: Page, name: str):
    return page.locator(".member", has=page.locator(".name", has_text=name))


def rejoin(host: Page, guest: Page, name: str, board_top: tuple[str, float] | None = None) -> None:
    """The host's one click ("Invite again" on the member's row), the guest's one paste into the page's
    rejoin form, and the host pasting the reply it shows (``board_top``: a script that measures where the
    board stands, and where it stood before the connection dropped, for while the reply shows)."""
    member(host, name).locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    guest.fill("form[data-action=rejoin] input[name=invitation]", card.locator(".invite-link").input_value())
    guest.click("form[data-action=rejoin] button[type=submit]")
    reply = guest.locator(".reply-code")
    soon(reply).to_be_visible(timeout=CONNECT_MS)
    if board_top is not None:
        assert guest.evaluate(board_top[0]) == board_top[1]
    paste_reply(host, reply.input_value())


def route_after_state(page: Page, name: str) -> dict:
    """How a member's connection route follows its state ("connected · direct"): the space between the
    two words on the screen, and the separator drawn before the route."""
    route = member(page, name).locator(".route")
    soon(route).to_be_visible(timeout=CONNECT_MS)
    return route.evaluate(
        """(route) => {
            const state = route.closest('.member').querySelector('.state');
            return {
                gap: route.getBoundingClientRect().left - state.getBoundingClientRect().right,
                dot: getComputedStyle(route, '::before').content,
            };
        }"""
    )


def seat(page: Page, seat_id: str):
    return page.locator(f".seat[data-seat='{seat_id}'] .holder")


def two_player_match(people: People, context: BrowserContext | None = None) -> tuple[Page, Page]:
    """Ann hosts a Raythread match and Bea, joined over a peer link (from ``context`` if given), plays it
    in seat C."""
    host = open_host(people)
    bea = join(people, host, "Bea", context)
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(seat(host, "C")).to_have_text("Bea")
    host.click("button[data-action=start]")
    return host, bea


def test_host_and_two_guests_join_an_oversized_chat_stalls_no_one_they_sit_chat_and_a_late_joiner_spectates(
    people: People,
):
    """Ann hosts, Bea and Cal join; checks, in turn:

    - their invitations have done their job: the cards go, the note says who joined last;
    - three seats chosen, seat B is free;
    - an oversized chat stalls no one: 34 lines of 2,000 bytes from Bea and Cal reach every page, and
      past the host's chat window a line of Cal's and her seat change (C) reach every page, with no error;
    - Bea sits in B: every page shows all three connected and seated (A, B, C);
    - a chat line of Bea's reaches every page and empties her box;
    - the match starts on every page; Dan, who joins late, watches it (the board, his role, the spectator
      badge on his and the host's page), Bea plays seat B; his snapshot holds the whole chat (over 64 KiB:
      it arrives in parts and is joined) and Cal in seat C, with no error.

    The host's clock is the browser's own (``clock.install``), which the host's chat limit reads: the test
    moves it on by ``CHAT_WINDOW_MS`` where the lines would otherwise wait for the window to pass in real time.
    """
    ann_browser = people.person()
    ann_browser.clock.install()  # runs on in real time, and the test can move it on
    host = open_host(people, context=ann_browser)
    bea = join(people, host, "Bea")
    cal = join(people, host, "Cal")
    # Their invitations have done their job: the cards go, the note says who joined last.
    soon(host.locator(".invite")).to_have_count(0)
    soon(host.locator(".invites .note")).to_have_text("Cal is connected.")

    host.select_option("form[data-action=choose] select[name=players]", "3")
    host.click("form[data-action=choose] button[type=submit]")
    soon(seat(host, "B")).to_have_text("free")

    box = "form[data-action=chat] input[name=text]"
    # The host lets each member send CHAT_LIMIT (5) lines in CHAT_WINDOW_MS: Bea and Cal take turns, each line
    # once the last one reached the host, and after each five of theirs the host's clock moves past the window.
    for k in range(34):
        sender = (bea, cal)[k % 2]
        sender.fill(box, f"{k:02d}{FAT_LINE[2:]}")
        sender.press(box, "Enter")
        soon(host.locator(".chat-lines li")).to_have_count(k + 1, timeout=CONNECT_MS)
        if k % 10 == 9:
            ann_browser.clock.fast_forward(CHAT_WINDOW_MS)
    for page in (host, bea, cal):
        soon(page.locator(".chat-lines li")).to_have_count(34)
    # Everyone keeps working: a chat line and a seat change reach every page. Cal's last lines lie within the
    # host's window (CHAT_LIMIT lines in CHAT_WINDOW_MS), where a sixth is refused, as it should be ("You are
    # chatting too fast"). Past the window it must go through.
    ann_browser.clock.fast_forward(CHAT_WINDOW_MS)
    cal.fill(box, "still here")
    cal.press(box, "Enter")
    cal.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(cal.locator(".lobby .error")).to_have_count(0)
    for page in (host, bea, cal):
        soon(page.locator(".chat-lines")).to_contain_text("Cal: still here")
        soon(seat(page, "C")).to_have_text("Cal")

    bea.click(".seat[data-seat='B'] button[data-action=sit]")
    soon(seat(cal, "B")).to_have_text("Bea")
    for page in (host, bea, cal):
        for name in ("Ann", "Bea", "Cal"):
            soon(member(page, name)).to_have_attribute("data-state", "connected")
        for seat_id, name in (("A", "Ann"), ("B", "Bea"), ("C", "Cal")):
            soon(seat(page, seat_id)).to_have_text(name)

    bea.fill(box, "Good luck, everyone!")
    bea.press(box, "Enter")
    for page in (host, bea, cal):
        soon(page.locator(".chat-lines")).to_contain_text("Bea: Good luck, everyone!")
    expect(bea.locator(box)).to_have_value("")

    host.click("button[data-action=start]")
    for page in (host, bea, cal):
        soon(page.locator(".lobby")).to_have_attribute("data-phase", "playing")
    dan = join(people, host, "Dan")
    soon(dan.locator(".rt-board")).to_be_visible()
    soon(dan.locator(".lobby .role")).to_have_text("You are watching this match.")
    soon(member(dan, "Dan").locator(".badge.spectator")).to_be_visible()
    soon(member(host, "Dan").locator(".badge.spectator")).to_be_visible()
    soon(bea.locator(".lobby .role")).to_have_text("You play seat B.")
    # A newcomer's snapshot holds the whole chat (over 64 KiB): it arrives in parts and is joined.
    soon(dan.locator(".chat-lines li")).to_have_count(36)
    soon(seat(dan, "C")).to_have_text("Cal")
    soon(dan.locator(".lobby .error")).to_have_count(0)


def test_a_guest_who_reloads_mid_match_keeps_its_seat_and_turn_then_leaves_by_the_home_link_keeping_her_turn(
    people: People,
):
    """One Raythread match over a peer link; checks, in turn:

    1. a guest who reloads mid-match pastes the new invitation and keeps her seat and turn: the rejoin form,
       focus on the heading then the field, the host's news ("disconnected", then "is back" once), her
       status and board's focus on her turn, and her move reaching both boards;
    2. on her next turn, the header's link home mid-turn: her page ends its connection, as a reload does
       (left open, the host saw her connected and the match waited on a page that would never answer), and
       keeps the turn she was building (``gnc:match.turns``), as a reload does: she may come back to it (a
       player's pass)."""
    host, bea = two_player_match(people)
    place(host, (1, 1))
    soon(bea.locator(".match-status")).to_contain_text("your turn")
    bea.reload()  # its address still holds the invitation it answered
    bea.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=CONNECT_MS)
    soon(bea.locator("main.join")).to_have_attribute("data-stage", "back")
    # Her tab's own storage kept the mark its page left going while connected: she reads that the reload ended
    # the connection, not that the invitation was used (which read like an error to a player who only reloaded).
    soon(bea.locator("main.join .connection")).to_contain_text(
        "Welcome back, Bea: reloading or closing this page ended its connection to the host."
    )
    soon(bea.locator("main.join .connection")).not_to_contain_text("another tab")
    # Focus where a screen's start puts it (its heading), not on the body: Tab goes on to the rejoin field.
    expect(bea.locator("main.join h1")).to_be_focused()
    bea.keyboard.press("Tab")
    expect(bea.locator("form[data-action=rejoin] input[name=invitation]")).to_be_focused()
    # A tab opened from hers (``window.open``: Chromium copies the tab's own storage into it, as into a duplicated
    # tab) is not the page that was reloaded: it says today's words, and hers still says the reload.
    with bea.context.expect_page() as opened:
        bea.evaluate("window.open(location.href)")
    copy = opened.value
    copy.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=CONNECT_MS)
    soon(copy.locator("main.join")).to_have_attribute("data-stage", "back")
    soon(copy.locator("main.join .connection")).to_contain_text("If another tab is still in the game night")
    soon(copy.locator("main.join .connection")).not_to_contain_text("reloading")
    copy.close()
    soon(bea.locator("main.join .connection")).to_contain_text("reloading or closing this page ended")
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    # Gone on her turn: a line of its own, with her name (the status above the board adds "· disconnected").
    soon(host.locator("#match-news p").last).to_have_text("Bea (B) is disconnected.")
    rejoin(host, bea, "Bea")
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    # The host's live region says she is back, once: the next move's news leaves it out (a player's pass).
    soon(host.locator("#match-news p").last).to_have_text("Bea (B) is back.")
    soon(bea.locator(".lobby .role")).to_have_text("You play seat B.")
    soon(bea.locator(".match-status")).to_contain_text("Bea (B) to play · your turn")
    # Back on her turn, her board has focus (as a table's start puts it), not the page's heading.
    expect(bea.locator(".match-main [role=grid][tabindex='0'], .match-main [role=grid] [tabindex='0']")).to_be_focused()
    place(bea, (7, 5))
    one_position((host, bea), 2)
    soon(host.locator("#match-news")).not_to_contain_text("is back")
    # 2. Her next turn, and the header's link home while she builds it.
    place(host, (1, 1))
    soon(bea.locator(".match-status")).to_contain_text("your turn")
    bea.locator(".rt-hand-tile:not([disabled])").first.click()
    kept = "Object.keys(JSON.parse(localStorage.getItem('gnc:match.turns') || '{}')).length"
    bea.wait_for_function(f"{kept} === 1")
    bea.click("header a[data-nav=home]")
    bea.get_by_role("alertdialog", name="Leave this page?").get_by_role("button", name="Leave").click()
    soon(bea.locator("main.home")).to_be_visible()
    assert bea.evaluate(kept) == 1
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)


def test_after_pasting_a_reply_the_host_sees_the_page_s_top_with_invite_a_player_focused(people: People):
    """The host scrolled down to the reply form, under the invitation's card; once the reply is pasted the card
    and the form shrink away and focus goes to "Invite a player", which was in sight already, so nothing
    scrolled and the page's header stayed cut at the window's top. A focused element near the page's top
    shows the page's top with it."""
    host = open_host(people, game="reflection", context=people.person(viewport={"width": 1280, "height": 800}))
    _bea, reply = answer(people, people.person(**PHONE), new_invitation(host), "Bea")
    host.fill("form[data-action=reply] input[name=reply]", reply)
    connect = host.locator("form[data-action=reply] button[type=submit]")
    connect.scroll_into_view_if_needed()  # as little as it takes: "Invite a player" stays in sight
    assert host.evaluate("scrollY") > 0
    connect.click()
    expect(host.locator("button[data-action=invite]")).to_be_focused()
    soon(host.locator("form[data-action=reply]")).to_have_count(0)
    assert host.evaluate("[scrollY, document.querySelector('header').getBoundingClientRect().top]") == [0, 0]


def test_the_hosts_refused_start_on_a_phone_is_said_in_the_window(people: People):
    """a player's pass: on a phone, the host tapped "Start the match" with a seat still free and saw nothing happen: the
    refusal ("Seat B is empty: …") is drawn under the lobby's heading, above the window, 176 px out of sight
    once the page was scrolled down to the button. The page now scrolls it into the window, as little as it
    takes; focus stays on the button pressed."""
    host = open_host(people, context=people.person(**PHONE))
    # The refusal's alert regions are on the page, empty, before it (an alert that comes with its words is not
    # announced): the page's own elements, kept to compare with the one that speaks, and any alert added since.
    host.evaluate(WATCH_LOBBY_ALERT)
    start = host.locator("button[data-action=start]")
    start.tap()  # Playwright scrolls the button into the window first, as a finger's swipe does
    refusal = host.locator(".lobby .error[role=alert]")
    soon(refusal).to_have_text("Seat B is empty: seat someone or choose fewer players.")
    expect(refusal).to_be_in_viewport()
    expect(start).to_be_focused()
    before, came = host.evaluate(ALERTS_SEEN)
    assert before == [["lobby-alert-0", ""], ["lobby-alert-1", ""]], f"no empty region before the refusal: {before}"
    assert came == [], f"alerts that came onto the page with their words: {came}"
    assert host.evaluate("window.alertsBefore.includes(document.querySelector('.lobby .error[role=alert]'))")


def reply_by_keyboard(host: Page, guest: Page) -> None:
    """After Join or Rejoin pressed by keyboard: "Copy reply" has focus; once the host pasted the reply,
    the lobby's heading has."""
    copy = guest.locator("main.join button[data-action=copy]").first
    soon(copy).to_have_text("Copy reply", timeout=CONNECT_MS)
    expect(copy).to_be_focused()
    paste_reply(host, guest.locator(".reply-code").input_value())
    soon(member(guest, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    expect(guest.locator("main.join h1")).to_be_focused()


def test_a_keyboard_guest_who_closes_its_page_shows_disconnected_and_rejoins_its_seat_by_keyboard(people: People):
    """Bea, on a phone, joins by keyboard, sits in C, closes her page and rejoins on a new invitation by
    keyboard. Checks, in turn:

    - Join and Rejoin take their form away: focus goes to what the guest does next (copy the reply), then, once
      the host has pasted it, to the lobby's heading; never to the page's body;
    - the guest who closed her page shows "disconnected" on the host's page, her seat kept, her dimmed row
      readable (axe, light and dark);
    - "Invite again" takes the host to the new card ("Invitation for Bea"), up the page; the invitation names
      the lobby, the game and host, the minutes left, and welcomes her back (her browser's saved token); she
      is back in her seat C, her row badged "you";
    - her phone gone for good (its context closed), the invitation from her row opened in another browser says it
      is hers, with her name filled in, and brings her back to seat C."""
    host = open_host(people)
    bea_phone = people.person(**PHONE)
    bea = people.open(bea_phone, new_invitation(host))
    bea.fill("input[name=name]", "Bea")
    bea.press("input[name=name]", "Enter")  # Join, by keyboard
    reply_by_keyboard(host, bea)
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(seat(host, "C")).to_have_text("Bea")

    bea.close()  # a guest with a saved token comes back on a new invitation
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    soon(member(host, "Bea").locator(".state")).to_have_text("disconnected")
    soon(seat(host, "C")).to_have_text("Bea")
    # Her row is dimmed, yet its words ("disconnected") and buttons ("Invite again", "Remove") stay readable:
    # the whole row at 65 % opacity fell below the contrast minimum (axe color-contrast, serious).
    assert_accessible((host,))

    member(host, "Bea").locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    expect(card.locator("h3")).to_be_focused()  # "Invite again" takes the host to the new card, up the page
    soon(card.locator("h3")).to_have_text("Invitation for Bea")
    again = people.open(bea_phone, card.locator(".invite-link").input_value())
    # What the invitation is for (as ``answer`` reads it): the game, the host, the minutes left; and her name.
    soon(again.locator("main.join h1")).to_have_text("Friday night")
    soon(again.locator(".invited .lede")).to_contain_text(re.compile(r"\S invites you to play \S"))
    soon(again.locator(".invited .expiry")).to_contain_text(re.compile(r"expires in (9|10) minutes"))
    soon(again.locator("main.join form")).to_contain_text("Welcome back")
    rejoin = again.locator("form[data-action=join] button[type=submit]")
    soon(rejoin).to_have_text("Rejoin")
    rejoin.focus()
    again.keyboard.press("Enter")
    reply_by_keyboard(host, again)
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    soon(seat(again, "C")).to_have_text("Bea")
    soon(member(again, "Bea").locator(".badge")).to_have_text("you")

    # Her phone is gone (its browser context closed, her saved token with it): "Invite again" on her row, opened on
    # a laptop, says whose it is, fills in her name and brings her back to seat C; the host's page sees her back.
    bea_phone.close()
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    member(host, "Bea").locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    laptop = people.open(people.person(), card.locator(".invite-link").input_value())
    soon(laptop.locator(".invited-for")).to_have_text("This invitation is for Bea: rejoin your seat.")
    expect(laptop.locator("input[name=name]")).to_have_value("Bea")
    laptop.locator("form[data-action=join] button[type=submit]").click()
    soon(laptop.locator("main.join button[data-action=copy]").first).to_have_text("Copy reply", timeout=CONNECT_MS)
    paste_reply(host, laptop.locator(".reply-code").input_value())
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    soon(seat(laptop, "C")).to_have_text("Bea")
    soon(member(laptop, "Bea").locator(".badge")).to_have_text("you")


def test_an_invitation_made_before_a_game_switch_follows_the_game_and_a_reply_left_waiting_says_what_to_do(
    people: People,
):
    """Two invitation leftovers, in the browser. The host switched the game after inviting: the link still
    named the old game, and a guest who opened it sat down to another without a word. The card's link now
    names the lobby's game and says so, and a guest who opened the earlier link is told once in. A newcomer
    who answered an invitation already used waited on "Waiting for the host…" for ever: after a while the
    page says what may have happened and what to do (the browsers' clocks moved on, not slept through)."""
    host = open_host(people)
    earlier = new_invitation(host)
    bea_context, dan_context = people.person(), people.person()
    for context in (bea_context, dan_context):
        context.clock.install()  # their pages' timers can be moved on
    bea = people.open(bea_context, earlier)
    soon(bea.locator(".invited .lede")).to_have_text("Ann invites you to play Raythread Rally.")
    bea.fill("input[name=name]", "Bea")
    bea.click("form[data-action=join] button[type=submit]")
    soon(bea.locator(".reply-code")).to_be_visible(timeout=CONNECT_MS)
    reply = bea.locator(".reply-code").input_value()

    host.select_option("form[data-action=choose] select[name=game]", "lightseeker")
    card = host.locator(".invite").first
    soon(card.locator(".followed")).to_have_text(
        "Updated: this link now invites to Light Seeker. A player who opened the earlier link is told of the "
        "change when they join."
    )
    # Inside the card's live status line, so a screen-reader host hears it (it was a line of its own).
    soon(card.locator("[role=status]")).to_contain_text("Updated: this link now invites to Light Seeker.")
    followed = card.locator(".invite-link").input_value()
    assert followed != earlier and followed.rpartition("#join=")[0] == earlier.rpartition("#join=")[0]

    waiting = bea.locator("p.waiting")
    soon(waiting).to_have_text("Waiting for the host…")
    bea_context.clock.fast_forward("01:20")  # the host has not pasted the reply yet
    soon(waiting).to_contain_text("Still waiting for the host.")
    expect(bea.locator(".reply-code")).to_have_value(reply)
    paste_reply(host, reply)
    soon(member(bea, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    soon(bea.get_by_text("Still waiting for the host.")).to_have_count(0)
    soon(bea.locator(".notice.switched")).to_have_text(
        "Ann has switched the game since inviting you: this game night now plays Light Seeker, not Raythread Rally."
    )
    bea.click(".seat[data-seat='2'] button[data-action=sit]")
    soon(seat(host, "2")).to_have_text("Bea")

    dan = people.open(dan_context, earlier)  # the used link, sent on to a friend: the host has no form for it
    dan.fill("input[name=name]", "Dan")
    dan.click("form[data-action=join] button[type=submit]")
    soon(dan.locator(".reply-code")).to_be_visible(timeout=CONNECT_MS)
    dan_context.clock.fast_forward("01:20")
    waiting = dan.locator("p.waiting.long")
    soon(waiting).to_contain_text("this invitation was already used or has expired")
    soon(waiting).to_have_attribute("role", "status")
    soon(host.locator("form[data-action=reply]")).to_have_count(0)
    assert_accessible((bea, dan))  # both notes, light and dark
    host.click("button[data-action=start]")
    soon(bea.locator(".ls-board")).to_be_visible(timeout=CONNECT_MS)
    soon(bea.locator(".notice.switched")).to_have_count(0)


def test_a_reply_link_opened_in_the_hosts_browser_reaches_the_host_tab(people: People):
    host = open_host(people)
    # A second host tab in the same browser stands down: the game night stays with the first tab.
    second = people.open(host.context, f"{people.site_url}/?stun=none#/host?game=raythread")
    soon(second.locator("main.host[data-stage=elsewhere]")).to_contain_text("open in another tab")
    soon(second.locator("main.host h1")).to_have_text("Friday night")
    guest, _reply = answer(people, people.person(), new_invitation(host), "Bea")
    reply_link = guest.locator(".reply-link").get_attribute("href")
    tab = people.open(host.context, reply_link)
    soon(tab.locator("main.reply")).to_have_attribute("data-stage", "taken", timeout=CONNECT_MS)
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    soon(second.locator("main.host")).to_have_attribute("data-stage", "elsewhere")


def test_garbled_and_reused_codes_show_errors_and_change_nothing_and_the_same_bad_reply_is_announced_again(
    people: People,
):
    """One host with an invitation out; checks, in turn: a garbled invitation link opened by a guest is
    explained ("code"); a bad reply pasted by the host is explained, and adds no member.

    QA: the host pasting the same bad reply code twice got the same error in the same role=alert line,
    which the morphing render left as it was: a screen reader said it once. Each paste now puts its error
    into the alert region that did not speak last (ui.live.alerts): three pastes, three alerts, one text,
    never the same region twice running."""
    host = open_host(people)
    link = new_invitation(host)
    context = people.person()
    context.add_init_script(WATCH_ALERTS_BORN)
    garbled = people.open(context, link[:-12] + "Zz9")
    problem = garbled.locator("main.join[data-stage=problem] .error[role=alert]")
    soon(problem).to_contain_text("code")
    # The problem's line came with the screen, empty, and its words went into it a moment later: a screen reader
    # hears them (the heading, which takes focus, says only "This invitation cannot be used").
    born = garbled.evaluate("window.alertsBorn")
    assert born and all(words == "" for _id, words in born), f"alerts that came with their words: {born}"
    assert garbled.evaluate("window.alertsBornElements.includes(document.querySelector('.error[role=alert]'))")

    host.evaluate(WATCH_ALERTS, "main")
    for n in range(1, 4):
        paste_reply(host, "this is not a reply code")
        # Before the change, the second paste added nothing to the page: this waited in vain.
        host.wait_for_function("n => window.alerted.length >= n", arg=n, timeout=10_000)
    alerted = host.evaluate("window.alerted")
    assert len(alerted) == 3 and len({text for _id, text in alerted}) == 1, alerted
    assert "not a Game Night reply code" in alerted[0][1]
    assert all(a[0] != b[0] for a, b in itertools.pairwise(alerted)), f"a region said it again unchanged: {alerted}"
    soon(host.locator(".reply-form .error")).to_contain_text("not a Game Night reply code")
    soon(host.locator(".member")).to_have_count(1)


def assert_accessible(pages: tuple[Page, ...]) -> None:
    """axe-core on the lobby's board in play (host, player, spectator), light and dark: no serious or
    critical violation."""
    found = {f"page {n}": problems for n, page in enumerate(pages) if (problems := in_both_themes(page))}
    assert not found, found


def board_state(page: Page) -> dict:
    """What a page's board shows: tiles, claimed beacons, beams and scores."""
    return page.evaluate(
        """() => ({
            tiles: [...document.querySelectorAll('.rt-cell')].filter(c => c.querySelector('.rt-tile'))
                .map(c => c.id + ':' + c.getAttribute('aria-label')).sort(),
            claimed: [...document.querySelectorAll('.rt-beacon.rt-claimed')].map(b => b.id).sort(),
            beams: [...document.querySelectorAll('.rt-beam[id]')].map(b => b.id).sort(),
            scores: [...document.querySelectorAll('.match-seat .score')].map(s => s.dataset.score),
        })"""
    )


def one_position(pages: tuple[Page, ...], tiles: int) -> None:
    """Every page shows the same board, once each has drawn the position with ``tiles`` tiles placed. The
    host's update reaches each guest on its own channel, and a guest's own move only when the host sends
    it back: that one page already shows a move says nothing of when another does."""
    for page in pages:
        soon(page.locator(".rt-tile")).to_have_count(tiles, timeout=CONNECT_MS)
    first, *others = (board_state(page) for page in pages)
    for other in others:
        assert other == first


def place(page: Page, near: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """Place a tile from the page's hand at ``near``, or at the first cell the board offers if ``near``
    is not free (the lobby's seed is random: beacons may stand anywhere, and a hand may hold no mirror).
    Returns the tile's kind and its cell."""
    tile = page.locator(".rt-hand-tile:not([disabled])").first
    kind = tile.get_attribute("data-kind") or ""
    tile.click()
    wanted = page.locator(f"#rt-c{near[0]}-{near[1]}.rt-target")
    target = wanted if wanted.count() else page.locator(".rt-target").first
    row, col = (int(n) for n in (target.get_attribute("id") or "").removeprefix("rt-c").split("-"))
    target.click()
    return kind, (row, col)


def unseen(page: Page) -> tuple[int, int]:
    """The mirrors and prisms a page says are still unseen."""
    counts = page.locator(".rt-unseen-counts li")
    soon(counts).to_have_count(2)
    return tuple(int(counts.nth(i).inner_text().split()[0]) for i in range(2))  # type: ignore[return-value]


# Closing a page's data channels from the outside, as a network that drops a connection would.
TRACK_CHANNELS = """
(() => {
  const Original = window.RTCPeerConnection;
  window.__channels = [];
  function Tracked(...args) {
    const pc = new Original(...args);
    pc.addEventListener("datachannel", (event) => window.__channels.push(event.channel));
    const create = pc.createDataChannel.bind(pc);
    pc.createDataChannel = (...more) => {
      const channel = create(...more);
      window.__channels.push(channel);
      return channel;
    };
    return pc;
  }
  Tracked.prototype = Original.prototype;
  window.RTCPeerConnection = Tracked;
})();
"""
FAT_LINE = "😀" * 500  # 2,000 bytes of UTF-8: 34 such lines make a lobby snapshot larger than 64 KiB


def test_a_guest_whose_channel_closes_mid_match_rejoins_with_one_paste_then_the_host_reloads(people: People):
    """One Raythread match over a peer link; checks, in turn:

    1. a guest whose channel closes mid-match (as a network that drops it) sees the rejoin steps, her board
       where it stood, the host sees her gone with her seat kept; the host's one click and her one paste bring
       her back to her seat, playing, on a direct route ("connected · direct");
    2. then the host's page reloads mid-match and restores the night (an invitation not answered yet comes back
       as its card, saying its link stopped working): focus was on the body, so a keyboard
       host's next Tab began at the header. It goes to the page's focus home, the match's status, without a
       keyboard's focus ring (nobody pressed a key since the load: a ring round the status stood there for a
       mouse player), which the next key shows; Bea, gone, is offered to no computer player within the grace,
       and the line where the offer will be counts down."""
    bea_browser = people.person()
    bea_browser.add_init_script(TRACK_CHANNELS)
    host, bea = two_player_match(people, bea_browser)
    soon(bea.locator(".lobby")).to_have_attribute("data-phase", "playing")
    soon(bea.locator("[data-connection]")).to_have_attribute("data-connection", "connected")
    # Where the board stands on the page: the halt and the rejoin move it not at all (their notice and steps
    # stood above it and pushed it down by 183 px at 1280 × 800; the reply took the whole lobby's place).
    top = "document.querySelector('.rt-board').getBoundingClientRect().top + scrollY"
    playing = bea.evaluate(top)

    bea.evaluate("window.__channels.forEach((channel) => channel.close())")  # the connection drops
    soon(bea.locator("[data-connection]")).to_have_attribute("data-connection", "away", timeout=CONNECT_MS)
    soon(bea.locator(".rejoin-steps")).to_contain_text("Ask the host for a new invitation")
    assert bea.evaluate(top) == playing
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone", timeout=CONNECT_MS)
    soon(seat(host, "C")).to_have_text("Bea")  # the seat is kept, the match waits

    rejoin(host, bea, "Bea", board_top=(top, playing))  # one click for the host, one paste for the guest
    soon(member(host, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    soon(bea.locator("[data-connection]")).to_have_attribute("data-connection", "connected", timeout=CONNECT_MS)
    soon(seat(bea, "C")).to_have_text("Bea")
    soon(bea.locator(".lobby .role")).to_have_text("You play seat B.")  # seat C of two reads B
    soon(bea.locator(".lobby")).to_have_attribute("data-phase", "playing")
    soon(member(host, "Bea").locator(".route")).to_have_text("direct")  # host candidates in the namespace
    said = route_after_state(host, "Bea")
    assert said["dot"] == '"· "' and said["gap"] == pytest.approx(8, abs=0.5), said  # "connected · direct"

    # 2. The host's page reloads mid-match and restores the night. An invitation sent and not answered yet comes
    # back as its card, saying its link stopped working (its offer was the page's), with "Invite again".
    soon(host.locator(".rt-board")).to_be_visible()
    new_invitation(host)
    host.reload()
    host.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=CONNECT_MS)
    soon(host.locator(".rt-board")).to_be_visible()
    expect(host.locator(".match-status")).to_be_focused()
    assert not host.evaluate("document.activeElement.matches(':focus-visible')"), "a ring nobody's key put there"
    lost = host.locator(".invite[data-state=lost]")
    soon(lost.locator("h3")).to_have_text("Invitation 3")
    soon(lost).to_contain_text("This link stopped working when this page was reloaded")
    soon(lost.locator(".invite-link")).to_have_count(0)
    soon(lost.get_by_role("button", name="Invite again: Invitation 3", exact=True)).to_be_visible()
    # Bea's page is open, waiting to be invited again: nothing offers her seat to a computer player within
    # the grace (host.RELOAD_GRACE_MS), as nothing offers to count her out (a player's pass).
    soon(member(host, "Bea")).to_have_attribute("data-state", "gone")
    soon(host.locator("[data-action=take-over-ask], form.add-bot")).to_have_count(0)
    # … and where the offer will be, the page says why there is none and when it comes, redrawn by its
    # one-second timer with no other message (a pass over the lobby).
    waiting = host.locator(".match-beside .gone-line")
    words = waiting.locator("span").first
    line = r"^Bea \(B\) has not reconnected since the game night was restored\. "
    line += r"A computer player can take over for Bea in "
    soon(words).to_have_text(re.compile(line + r"[12]:\d\d\.$"))
    first = words.inner_text()
    soon(words).not_to_have_text(first, timeout=5000)
    soon(words).to_have_text(re.compile(line + r"[01]:\d\d\.$"))
    host.keyboard.press("Tab")
    assert host.evaluate("document.activeElement.closest('.match-screen') !== null")
    assert host.evaluate("document.activeElement.matches(':focus-visible')"), "a key shows where focus is"
    # Meanwhile the line offers "Invite again", as a gone player's does, named for her as her row's is.
    soon(host.get_by_role("button", name="Invite again: Bea", exact=True)).to_have_count(2)
    waiting.get_by_role("button", name="Invite again: Bea", exact=True).click()
    expect(host.locator(".invite h3").first).to_be_focused()
    soon(host.locator(".invite h3").first).to_have_text("Invitation for Bea")


def valley(page: Page) -> dict:
    """What a page's valley shows: where each cube stands and the face on top, Buh, areas, total light;
    read once a turn made elsewhere has been played back (its steps show earlier positions)."""
    soon(page.locator(".match-main")).not_to_have_attribute("data-replay", re.compile("."))
    return page.evaluate(
        """() => ({
            cubes: [...document.querySelectorAll('.ls-cube')].map(c => c.id + ' ' + c.getAttribute('style')
                + ' ' + c.querySelector('.ls-top').id),
            buh: document.querySelector('#ls-buh').getAttribute('style'),
            areas: [...document.querySelectorAll('.ls-value')].map(v => v.dataset.cubes + '=' + v.dataset.value),
            light: document.querySelector('.ls-light').dataset.light,
        })"""
    )


def hosted_match(host: Page):
    """The host's match replayed by the CPython engine from the record the host page saved."""
    saved = json.loads(host.evaluate("localStorage.getItem('gnc:peer.host')"))["session"]["match"]["record"]
    state = LIGHTSEEKER.setup(LIGHTSEEKER.options(saved["options"]), tuple(saved["seats"]), saved["seed"])
    for entry in saved["log"]:
        if entry.get("seat") is not None:
            state, _ = LIGHTSEEKER.play(state, entry["seat"], entry["move"], 0)
    return state, len(saved["log"])


def test_a_raythread_then_a_light_seeker_match_over_peer_links_show_every_page_one_board(people: People):
    """Ann hosts, Bea plays over a peer link; one game night takes, in turn (each part was a test of its own,
    each booting its own pages and connecting them the same way):

    1. ``raythread_match``: a Raythread match shows one position on every board, and to Dan, who joins it
       late as a spectator (his log, his unseen tiles, axe light and dark on all three pages);
    2. ``switching_game_by_keyboard``: the host ends it and switches to Light Seeker: Bea's focus goes to the
       lobby's heading, Tab to her seat; the next match's start takes her focus to the board;
    3. ``light_seeker_match``: four turns of that match show one valley to the players, to Dan, and to Eve,
       who joins it mid-match (axe light and dark on host, Bea and Eve);
    4. ``host_leaves_by_the_home_link``: the host's link home ends the guests' connections; the night stays
       saved."""
    host, bea = two_player_match(people)
    dan = raythread_match(people, host, bea)
    switching_game_by_keyboard(host, bea)
    light_seeker_match(people, host, bea, dan)
    host_leaves_by_the_home_link(host, bea)


def raythread_match(people: People, host: Page, bea: Page) -> Page:
    """Bea's clicks out of turn and an illegal placement are explained on her page and send nothing; the
    tiles still unseen beside the board; both moves in the log; Dan, joining as a spectator, sees the same
    board and log and unseen tiles, has no hand, and his click is explained; a third move reaches all three."""
    # Dan has the link open from the start: his page boots while Ann and Bea play (he joins after two moves).
    dan_page = invited(people, host)
    for page in (host, bea):
        soon(page.locator(".rt-board")).to_be_visible()
        soon(page.locator(".match-status")).to_contain_text("Ann (A) to play")

    # Not Bea's turn: her click is explained on her page and sends nothing.
    bea.click("#rt-c5-2")
    soon(bea.locator(".rt-note")).to_have_text("Wait for your turn.")
    # Beside her board, where her hand stands on her turn: the tiles still unseen. Who is to play is the
    # status line's beside it: the panel's line for a phone's one column is not shown.
    soon(bea.locator(".rt-unseen")).to_be_visible()
    soon(bea.locator(".rt-unseen-turn")).to_have_text("Ann (A) to play")
    soon(bea.locator(".rt-unseen-turn")).to_be_hidden()
    soon(host.locator(".rt-unseen")).to_have_count(0)  # the host's turn: the hand stands there
    dealt = unseen(bea)

    kind, (row, col) = place(host, (1, 1))
    soon(bea.locator(".rt-unseen")).to_have_count(0)  # her turn now
    soon(host.locator(".rt-unseen-turn")).to_have_text("Bea (B) to play")
    drawn = unseen(host)
    assert sum(drawn) == sum(dealt) - 1 and min(a - b for a, b in zip(dealt, drawn, strict=True)) == 0, (dealt, drawn)
    soon(host.locator(".match-status")).to_contain_text("Bea (B) to play")  # seat C of two reads B
    soon(bea.locator(".match-status")).to_contain_text("Bea (B) to play")  # seat C of two reads B
    soon(bea.locator(".match-log")).to_contain_text(f"Ann (A) places a {kind}")
    soon(bea.locator(".match-log")).to_contain_text(f"at row {row + 1}, column {col + 1}.")
    # An illegal placement on Bea's own turn: the rules' reason, and nothing sent.
    bea.locator(".rt-hand-tile:not([disabled])").first.click()
    bea.click(f"#rt-c{row}-{col}")
    soon(bea.locator(".rt-note")).to_contain_text("already holds a tile")
    bea.click("button[data-action=rt-cancel]")
    place(bea, (7, 5))
    soon(host.locator(".match-status")).to_contain_text("Ann (A) to play")
    one_position((host, bea), 2)  # Bea's page draws her move when the host sends it back

    dan = join(people, host, "Dan", page=dan_page)
    soon(dan.locator(".lobby .role")).to_have_text("You are watching this match.")
    one_position((dan, host), 2)
    soon(dan.locator(".rt-hand")).to_have_count(0)  # a spectator has no hand to play from
    # Dan saw neither move played, but his snapshot carried their events: his log lists both, newest
    # first, each move's lines in their order (the tile placed before what it drew), just as Bea's does.
    moves = dan.locator(".match-log li")
    soon(moves).to_have_count(2)
    soon(moves.first.locator("p").first).to_contain_text("Bea (B) places a")
    soon(moves.nth(1).locator("p").first).to_contain_text(f"Ann (A) places a {kind}")
    soon(moves.nth(1).locator("p").last).to_contain_text("Ann (A) draws a")
    soon(dan.locator(".match-log")).not_to_contain_text("not listed")
    assert dan.locator(".match-log ul").inner_text() == bea.locator(".match-log ul").inner_text()
    assert_accessible((host, bea, dan))
    dan.click("#rt-c4-4")
    soon(dan.locator(".rt-note")).to_have_text("You are watching: only the players move.")
    # A spectator reads the tiles unseen from his view as the players do, and who is to play.
    soon(dan.locator(".rt-unseen-turn")).to_have_text("Ann (A) to play")
    assert unseen(dan) == unseen(bea)
    before = unseen(dan)
    place(host, (3, 3))
    one_position((dan, host, bea), 3)  # one update each for Dan and Bea, in no set order
    soon(dan.locator(".rt-unseen-turn")).to_have_text("Bea (B) to play")
    assert sum(unseen(dan)) == sum(before) - 1, (before, unseen(dan))  # Ann drew one
    assert unseen(dan) == unseen(host)
    return dan


def switching_game_by_keyboard(host: Page, bea: Page) -> None:
    """The host ends the match and picks another game: the board the guest had focused goes with the match,
    and focus went to the page's body (the next Tab started at the header). It goes to the lobby's heading,
    which names the new game, and Tab goes on to the guest's seat."""
    soon(bea.locator(".rt-board")).to_be_visible()
    bea.locator("#rt-board").focus()
    host.get_by_role("button", name="End the match").click()
    host.locator(".confirm button[data-action=end]").click()
    host.select_option("form[data-action=choose] select[name=game]", "lightseeker")
    host.click("form[data-action=choose] button[type=submit]")
    heading = bea.locator(".lobby > h2")
    soon(heading).to_have_text("Light Seeker · choosing seats")
    expect(heading).to_be_focused()
    bea.keyboard.press("Tab")
    expect(bea.locator(".seat[data-seat='2'] button[data-action=stand]")).to_be_focused()
    # The host starts the next match while the guest's focus is on the heading: the heading stays (it now says
    # "match running"; focus fell to the body when it stopped being focusable, the focus home moving to the
    # match's status), and the match's start takes the guest's focus to the board, as the host's Start takes
    # the host's; Tab goes on within the match.
    heading.focus()
    host.click("button[data-action=start]")
    soon(bea.locator(".ls-board")).to_be_visible(timeout=CONNECT_MS)
    soon(heading).to_have_text("Light Seeker · match running")
    expect(bea.locator(".ls-board")).to_be_focused()
    bea.keyboard.press("Tab")
    assert bea.evaluate("document.activeElement.closest('.match-screen') !== null")


def light_seeker_match(people: People, host: Page, bea: Page, dan: Page) -> None:
    """Bea's click out of turn is explained and builds no turn; four turns (random ones that leave the match
    going) each reach every page, the host's saved record replays to the same state in the CPython engine,
    and every valley is one; Eve joins after the second turn and sees the same valley, her click explained;
    Dan, there since the Raythread match, follows it as a spectator too."""
    eve_page = invited(people, host)  # she has the link open from the start: her page boots while they play
    soon(seat(host, "2")).to_have_text("Bea")
    for page in (host, bea):
        soon(page.locator(".ls-board")).to_be_visible()
        soon(page.locator(".match-status")).to_contain_text("Ann (1) to play")
    # Not Bea's turn: a click on a cube is explained on her page, she has no turn to build.
    bea.click(".ls-cell[aria-label*='cube 1,']")
    soon(bea.locator(".ls-note")).to_have_text("Wait for your turn.")
    soon(bea.locator(".ls-turn")).to_have_count(0)

    pages = {"1": host, "2": bea}
    eve = None
    for turn in range(4):
        state, saved = hosted_match(host)
        seat_id = state.to_move
        # A turn that leaves the match going (a random one ends it about one deal in 200 by the fourth): the
        # first such in a shuffled order, not each of the 2,000–3,000 legal turns played (1–2 s of Python a turn).
        legal = LIGHTSEEKER.legal(state, seat_id)
        random.Random(turn).shuffle(legal)
        move = next(m for m in legal if LIGHTSEEKER.play(state, seat_id, m, 0)[0].outcome is None)
        build_turn(pages[seat_id], state, move)
        following = "Bea (2)" if seat_id == "1" else "Ann (1)"
        watching = [page for page in (host, bea, dan, *([eve] if eve else [])) if page is not pages[seat_id]]
        if turn < 3:  # each skips its playback (0.6 s a step) by a click on the valley; the last plays out
            for page in watching:
                skip_replay(page, f"{following} to play")
        for page in (host, bea, dan, *([eve] if eve else [])):
            status_says(page, f"{following} to play")
        host.wait_for_function(
            f"JSON.parse(localStorage.getItem('gnc:peer.host')).session.match.record.log.length > {saved}",
            timeout=CONNECT_MS,
        )
        after, _ = LIGHTSEEKER.play(state, seat_id, move, 0)
        assert hosted_match(host)[0] == after
        soon(bea.locator(".ls-light")).to_have_attribute(
            "data-light", str(LIGHTSEEKER.view(after, None)["total_light"])
        )
        assert valley(host) == valley(bea)
        if turn == 1:  # a spectator joins mid-match and sees the same valley
            eve = join(people, host, "Eve", page=eve_page)
            soon(eve.locator(".lobby .role")).to_have_text("You are watching this match.")
            soon(eve.locator(".ls-board")).to_be_visible()
            assert valley(eve) == valley(host)
            eve.click(".ls-cell[aria-label*='cube 2,']")
            soon(eve.locator(".ls-note")).to_have_text("You are watching: only the players move.")
            soon(eve.locator(".ls-turn")).to_have_count(0)
    assert eve is not None
    soon(eve.locator(".match-log")).to_contain_text("Buh to cube")
    assert valley(eve) == valley(host) == valley(bea) == valley(dan)
    assert_accessible((host, bea, eve))


def host_leaves_by_the_home_link(host: Page, bea: Page) -> None:
    """The host's link home mid-match: her page ends every guest's channel, as a reload does (left open, a
    guest's page showed the host connected and waited on moves nobody would relay); the night stays saved.
    With a guest here the page asks first (a tap on the header's Settings ended a whole night): Escape stays,
    the address and focus back; "Leave" goes."""
    here = host.evaluate("location.hash")
    link = host.locator("header a[data-nav=home]")
    link.click()
    question = host.get_by_role("alertdialog", name="Leave this page?")
    soon(question).to_contain_text("disconnects your guests")
    assert host.evaluate("location.hash") == here
    host.keyboard.press("Escape")
    soon(question).to_have_count(0)
    expect(link).to_be_focused()
    soon(bea.locator(".connection-strip")).to_contain_text("Connected to the host.")
    link.click()
    question.get_by_role("button", name="Leave").click()
    soon(host.locator("main.home")).to_be_visible()
    soon(bea.locator(".match-status")).to_contain_text("Not connected to the host", timeout=CONNECT_MS)
    assert host.evaluate("localStorage.getItem('gnc:peer.host')") is not None
