"""The lobby screens run as pages over a fake WebRTC: host, invitations, replies, the lobby, reconnects."""

import json
from dataclasses import replace

import pytest

from gamenight import games, i18n
from gamenight.core.game import LOG_KEPT, log_start
from gamenight.lobby import protocol as p
from gamenight.lobby.session import Session
from gamenight.net import invite as iv
from gamenight.net import peer as pe
from gamenight.ui import app
from gamenight.ui import match as screen
from gamenight.ui.lobby import host as lobby_host
from gamenight.ui.lobby import join as join_screen
from gamenight.ui.lobby.panel import lobby_requests
from gamenight.ui.program import Env, StartTimer, Tick, UiEvent, WorkDone, run_work
from gamenight.ui.svg import Element, find_all, h, render, text_of
from tests.unit.ui.peers import (
    SITE,
    Browser,
    FakeRtc,
    Page,
    answer,
    host_lobby,
    invite_link,
    invited_back,
    join,
    match_with_bea,
    reply_tab,
    welcomed_back,
)
from tests.unit.ui.test_table import said_once
from tests.unit.words import in_language


def end_match(host) -> None:
    """The host ends the match: "End the match", then the same in the question it asks."""
    host.click("end")
    host.click("end")


def members(page: Page) -> dict[str, str]:
    """Member name → state shown on ``page``."""
    return {
        text_of(find_all(li, lambda e: e.attr("class") == "name")[0]): str(li.attr("data-state"))
        for li in page.by_class("member")
    }


def seats(page: Page) -> dict[str, str]:
    """Seat → holder's name (or "free") shown on ``page``."""
    return {
        str(li.attr("data-seat")): text_of(find_all(li, lambda e: e.attr("class") == "holder")[0])
        for li in page.by_class("seat")
    }


def test_home_cards_and_game_pages_lead_to_the_host_screen():
    model, _ = app.init("#/", Env())
    hrefs = {str(a.attr("href")) for a in find_all(app.view(model), lambda e: e.tag == "a")}
    assert {"#/host?game=raythread", "#/host?game=lightseeker", "#/host?game=reflection"} <= hrefs
    route = app.parse_route("#/host?game=raythread")
    assert (route.page, route.screen, route.params) == ("lobby", "host", {"game": "raythread"})
    assert app.parse_route("#join=abc-_12").params == {"code": "abc-_12"}
    assert app.parse_route("#reply=xyz").screen == "reply"
    assert app.parse_route("#nope=xyz").page == "missing"


def test_a_game_without_rules_yet_cannot_be_hosted_but_others_can(monkeypatch):
    monkeypatch.delitem(games.RULES, "lightseeker")
    rtc = FakeRtc()
    page = rtc.page(Browser(), "#/host?game=lightseeker")
    assert "Light Seeker cannot be hosted yet" in page.text
    options = {o.attr("value") for o in page.find(lambda e: e.tag == "option")}
    assert "lightseeker" not in options and {"raythread", "reflection"} <= options


def test_the_setup_form_checks_names():
    rtc = FakeRtc()
    page = rtc.page(Browser(), "#/host?game=raythread")
    page.submit("host-setup", lobby="  ", name="Ann", game="raythread")
    assert "lobby name has 1 to 40" in page.text and page.inner.live is None
    page.submit("host-setup", lobby="Fun", name="", game="raythread")
    assert "name has 1 to 24" in page.text


def test_an_invitation_shows_its_link_qr_code_and_expiry():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    assert link.startswith(SITE + "#join=")
    code = link.partition("#join=")[2]
    assert len(code) <= 200
    invitation = iv.decode_invitation(code, rtc.now // 1000)
    assert invitation.lobby_name == "Friday night" and invitation.lobby_id == host.inner.live.lobby_id
    card = host.by_class("invite")[0]
    assert card.attr("data-state") == "waiting"
    assert "Expires in 10:00" in text_of(card)
    # Its state is a live region, so a screen reader hears it change (and a failure's reason).
    (status,) = find_all(card, lambda e: e.attr("class") == "status")
    assert status.attr("role") == "status" and "Expires" not in text_of(status)
    qr = host.by_class("qr")
    assert qr and int(qr[0].attr("data-modules")) >= 21
    host.click("copy", text=link)
    assert host.copied == [link]
    assert "The invitation link is copied. Send it to the player it is for." in host.text


def test_a_guest_joins_through_the_codes_and_appears_on_both_pages():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    guest = rtc.visit(Browser(), link)
    assert "Friday night" in guest.text and guest.model.inner.stage == "name"
    guest.submit("join", name="Bea")
    reply_code = guest.value_of("reply-code")
    assert len(reply_code) <= 200 and guest.by_class("qr")
    assert guest.by_class("reply-link")[0].attr("href") == f"{SITE}#reply={reply_code}"
    assert "Bea" not in members(host)  # nothing happens before the host pastes the reply
    host.submit("reply", reply=reply_code)
    assert members(host) == {"Ann": "connected", "Bea": "connected"}
    assert members(guest) == {"Ann": "connected", "Bea": "connected"}
    assert not host.by_class("invite"), "her invitation has done its job"


def test_host_and_two_guests_sit_chat_and_a_late_joiner_spectates():
    rtc = FakeRtc()
    host, bea, cal = three_seats(rtc)
    for page in (host, bea, cal):
        assert seats(page) == {"A": "Ann", "B": "Bea", "C": "Cal"}
        assert set(members(page)) == {"Ann", "Bea", "Cal"}
    bea.submit("chat", text="Good luck!")
    for page in (host, bea, cal):
        assert "Bea: Good luck!" in page.text
    host.click("start")
    assert host.warn and bea.warn, "leaving asks to confirm while a match runs"
    dan = join(rtc, host, "Dan")
    for page in (host, bea, cal, dan):
        assert page.by_class("match-screen"), "the match's board reaches every page"
        assert page.by_class("rt-board")
    assert dan.by_class("spectator") and "You are watching this match." in dan.text
    assert "You play seat B." in bea.text
    assert dan.tree.attr("data-page") == "lobby" and dan.by_class("lobby")[0].attr("data-phase") == "playing"


def test_a_joined_invitations_card_goes_once_its_guest_is_a_member_and_the_note_says_who_joined():
    """A joined invitation has done its job: its card goes once the guest is in the members list (it
    piled up over a night), and the note under the reply form says who joined last. What the host still
    needs stays: an invitation waiting for a reply, and the refusal of a reply pasted twice."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, reply = answer(rtc, host, "Bea")
    host.submit("reply", reply=reply)
    assert members(host)["Bea"] == "connected"
    assert not host.by_class("invite"), "Bea is a member: her invitation's card has gone"
    assert not host.by_class("invite-list"), "no empty list left to add a gap of its own"
    assert "Bea is connected." in text_of(host.by_class("invites")[0])
    join(rtc, host, "Cal")
    assert not host.by_class("invite") and "Cal is connected." in text_of(host.by_class("invites")[0])
    # The invitation is still known: the same reply pasted again is refused as used, not as unknown.
    host.submit("reply", reply=reply)
    assert "This reply was already used" in text_of(host.by_class("error")[0])
    # A guest who leaves does not bring the card back: the members list shows her disconnected.
    bea.close()
    assert members(host)["Bea"] == "gone" and not host.by_class("invite")
    # An invitation waiting for its reply stays, and so does one that expired unanswered.
    host.click("invite")
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["waiting"]
    rtc.now += 11 * 60 * 1000
    host.tick(lobby_host.TIMER)
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["expired"]


def test_an_invitations_card_says_joined_only_once_the_lobby_took_the_guests_hello():
    """Between the channel opening and the guest's hello the card said "Joined.", and the note under
    the form "Bea is connected.", before the lobby had taken her in (a hello it refuses never joins)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    _bea, reply = answer(rtc, host, "Bea")
    host.send(UiEvent("submit", "reply", {}, form={"reply": reply}, now_ms=rtc.now))
    (card,) = host.by_class("invite")
    assert card.attr("data-state") == "connecting" and "Connecting…" in text_of(card)
    # One message for one thing: the card (a live region) says how the guest comes in; a note "Connecting
    # Bea…" beside it said it twice, and stayed while the card already said "Joining the lobby…".
    assert "Connecting Bea…" not in host.text, "the card says it"
    rtc.queue.popleft()()  # the host's end of the channel opens; the guest's hello is still on its way
    (card,) = host.by_class("invite")
    assert card.attr("data-state") == "greeting", "the channel is open: the guest is joining"
    assert "Joined" not in text_of(card) and "Joining the lobby…" in text_of(card)
    assert "Bea is connected." not in host.text and "Connecting Bea…" not in host.text
    rtc.pump()
    assert members(host)["Bea"] == "connected" and not host.by_class("invite"), "joined: the card has done its job"
    assert "Bea is connected." in text_of(host.by_class("invites")[0])
    with in_language("ja"):
        host.send(UiEvent("click", "invite", {}, now_ms=rtc.now))
        _cal, reply = answer(rtc, host, "Cal")
        host.send(UiEvent("submit", "reply", {}, form={"reply": reply}, now_ms=rtc.now))
        rtc.queue.popleft()()
        (card,) = [c for c in host.by_class("invite") if c.attr("data-state") == "greeting"]
        assert "ロビーに参加しています…" in text_of(card)
    rtc.pump()


def test_the_note_of_who_joined_last_is_gone_once_a_match_has_started():
    """ "Bea is connected." stands under "Invite a player" before a match; hidden while the match runs, it
    came back when the match ended, about a join long past."""
    rtc = FakeRtc()
    host, _bea = two_player_match(rtc)
    assert "Bea is connected." not in host.text, "hidden while the match runs"
    end_match(host)
    assert "Bea is connected." not in host.text, "old news once a match has been played"
    cal = join(rtc, host, "Cal")  # a join between matches is said as before
    assert members(cal)["Cal"] == "connected" and "Cal is connected." in host.text


def test_a_guest_the_lobby_turns_away_is_said_on_the_hosts_card_with_the_reason():
    """A hello the host's lobby refuses (a full lobby, a name already there) gave the host no sign: the
    card said "Joined." and the note "Cal is connected.", while the guest's page said why it could not
    join. The card now says the guest was turned away and what the guest was told."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    guest, reply = answer(rtc, host, "ann")  # the host is Ann: a name that looks the same is refused
    host.submit("reply", reply=reply)
    assert set(members(host)) == {"Ann"}
    (card,) = host.by_class("invite")
    assert card.attr("data-state") == "refused"
    (status,) = find_all(card, lambda e: e.attr("class") == "status")
    assert text_of(status) == (
        "Invitation 1: ann was turned away. They were told: Someone here is already called Ann (or a name that "
        "looks the same); choose another name."
    )
    assert "is connected" not in host.text and "Connecting ann" not in host.text
    assert "Someone here is already called Ann" in guest.text, "the guest reads the same reason"
    # Its page says hello again now and then: still refused, the card stays as it is.
    rtc.now += 20_000
    guest.tick(join_screen.POLL)
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["refused"]
    with in_language("ja"):
        (status,) = find_all(host.by_class("invite")[0], lambda e: e.attr("class") == "status")
        assert text_of(status).startswith("1通目の招待：annさんは参加を断られました。伝えられた理由：")
    # A full lobby: the same, with its reason.
    for n in range(23):
        join(rtc, host, f"P{n}")
    late, reply = answer(rtc, host, "Zed")
    host.submit("reply", reply=reply)
    refused = [c for c in host.by_class("invite") if "Zed" in text_of(c)]
    assert [c.attr("data-state") for c in refused] == ["refused"]
    assert "Zed was turned away. They were told: This lobby is full (24 members)." in text_of(refused[0])
    # Once the host has removed someone, Zed's next hello gets in: the card goes as a joined one.
    p0 = next(m for m, info in host.inner.live.session.members.items() if info.name == "P0")
    host.click("kick", member=p0)
    rtc.now += 20_000
    late.tick(join_screen.POLL)
    assert members(host)["Zed"] == "connected"
    assert not [c for c in host.by_class("invite") if "Zed" in text_of(c)] and "Zed is connected." in host.text


def test_the_reply_form_is_there_only_while_an_invitation_waits_for_a_reply():
    """Before a match the form for a guest's reply code stayed on the host's page with nothing to paste
    (no invitation waiting), for the note of who connected last. It comes with an invitation that waits
    and goes with the last one answered; focus, which was in it, goes to "Invite a player" (the host's
    next step; the card's status, a live region, says how the guest's connection goes)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    assert not host.by_class("reply-form"), "no invitation yet"
    _bea, bea_reply = answer(rtc, host, "Bea")
    _cal, cal_reply = answer(rtc, host, "Cal")
    assert host.by_class("reply-form"), "two invitations wait for their replies"
    host.submit("reply", reply=bea_reply)
    assert host.by_class("reply-form") and not host.focused, "Cal's still waits: focus stays in the form"
    host.submit("reply", reply=cal_reply)
    assert not host.by_class("reply-form"), "nothing left to paste"
    assert host.focused[-1] == "button[data-action=invite]"
    (note,) = host.by_class("note")
    assert text_of(note) == "Cal is connected." and note.attr("role") == "status"
    # A reply pasted when nothing waits any more (here from another tab, by a reply link) is refused in a
    # form that shows the reason.
    host.send(pe.Signal(json.dumps({"reply": bea_reply})))
    rtc.pump()
    assert "This reply was already used" in text_of(host.by_class("reply-form")[0])


def test_used_invitations_fold_away_while_a_match_runs():
    """On the host's page the invitation cards come before the lobby and its board: once a match runs,
    the used ones still listed (expired, failed) fold into a closed "Answered invitations", so the board
    is not pushed down; one still open stays in sight, with the reply form (shown during a match only
    while an invitation waits or a pasted reply was refused)."""
    rtc = FakeRtc()
    host, _bea, _cal = three_seats(rtc)
    host.click("invite")
    rtc.now += 11 * 60 * 1000
    host.tick(lobby_host.TIMER)
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["expired"]
    assert not host.find(lambda e: e.tag == "details" and "invites-done" in str(e.attr("class"))), "no match yet"
    assert not host.by_class("reply-form"), "nothing to paste: no invitation waits for a reply"
    assert "Cal is connected." in text_of(host.by_class("invites")[0]), "before the match: who connected last"
    host.click("start")
    assert not host.by_class("reply-form"), "nothing to paste: the form is not above the board"
    host.click("invite")
    (folded,) = host.find(lambda e: e.tag == "details" and "invites-done" in str(e.attr("class")))
    assert not folded.attr("open") and "Answered invitations (1)" in text_of(folded)
    inside = [c.attr("data-state") for c in find_all(folded, lambda e: e.attr("class") == "invite")]
    assert inside == ["expired"]
    open_list = host.by_class("invite-list")[0]  # the folded ones have a list of their own
    assert [c.attr("data-state") for c in find_all(open_list, lambda e: e.attr("class") == "invite")] == ["waiting"]
    assert host.by_class("reply-form") and host.by_class("match-screen")


def log_text(page: Page) -> str:
    return text_of(page.by_class("match-log")[0])


def two_player_match(rtc: FakeRtc) -> tuple[Page, Page]:
    """The host in seat A and Bea in seat C of a Raythread match the host has just started."""
    host, bea = match_with_bea(rtc)
    return host, bea


def play(page: Page, session: Session, seat: str) -> None:
    """``page`` makes the first move the rules allow ``seat`` by clicks: a placement, or a turn."""
    move = games.rules("raythread").legal(session.match.state, seat)[0]
    r, c = (str(n) for n in move["cell"])
    if move["type"] == "place":
        page.click("rt-hand", kind=move["tile"])
        page.click("rt-orient", orient=move["orient"])
    else:
        page.click("rt-cell", r=r, c=c)  # the player's own tile: chosen to turn, then turned
    page.click("rt-cell", r=r, c=c)


def log_moves(page: Page) -> list[list[str]]:
    """The log panel's items (one per move, newest first) and their lines, as ``page`` shows them."""
    items = find_all(page.by_class("match-log")[0], lambda e: e.tag == "li")
    return [[text_of(line) for line in li.children] for li in items]


def unseen(page: Page) -> int:
    """The moves the "earlier moves" line under ``page``'s log counts (0: it has none)."""
    note = page.find(lambda e: e.attr("data-unseen") is not None)
    return int(note[0].attr("data-unseen")) if note else 0


def test_a_page_that_joins_a_match_under_way_lists_the_moves_played_before_it_came():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    assert "No moves yet." in log_text(bea)
    session = host.inner.live.session
    play(host, session, "A")
    assert "places a" in log_text(bea) and "not listed" not in log_text(bea)
    # A latecomer's snapshot carries the match's recent events: its log lists that move as Bea's does.
    dan = join(rtc, host, "Dan")
    assert log_moves(dan) == log_moves(bea) == log_moves(host) and len(log_moves(dan)) == 1
    assert "No moves yet." not in log_text(dan) and "not listed" not in log_text(dan)
    # The next move is listed above it; a new match starts with an empty log again.
    play(bea, session, "C")
    assert "Bea\u00a0(B) places a" in log_moves(dan)[0][0] and log_moves(dan) == log_moves(bea)
    end_match(host)
    host.click("start")
    assert "No moves yet." in log_text(dan) and "not listed" not in log_text(dan)


def test_a_latecomer_to_a_long_match_lists_the_same_recent_moves_and_counts_those_cut_off():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    session = host.inner.live.session
    while session.match.running and sum(map(len, session.match.events)) < LOG_KEPT + 12:
        turn = "A" if session.match.state.turn == 0 else "C"
        play(host if turn == "A" else bea, session, turn)
    dan = join(rtc, host, "Dan")
    # The same recent lines as the pages that saw every move, and the same count of the moves before
    # them: left out of the snapshot, or cut by the bound of the pages that followed them.
    assert log_moves(dan) == log_moves(bea) == log_moves(host)
    cut = sum(1 for e in session.match.record.log[: log_start(session.match.events)] if e.seat is not None)
    for page in (dan, bea, host):
        note = find_all(page.by_class("match-log")[0], lambda e: e.attr("data-unseen") is not None)
        assert cut > 0 and [n.attr("data-unseen") for n in note] == [cut]
        assert text_of(note[0]).endswith("earlier moves are not listed." if cut > 1 else "earlier move is not listed.")
    if session.match.running:  # the next move reaches everyone's log alike, and its line too
        turn = "A" if session.match.state.turn == 0 else "C"
        play(host if turn == "A" else bea, session, turn)
        assert log_moves(dan) == log_moves(bea) == log_moves(host)
        assert unseen(dan) == unseen(bea) == unseen(host) >= cut


def test_the_end_of_a_light_seeker_match_names_the_winner_not_the_bare_seat():
    table = screen.Table("lightseeker", (screen.SeatAt("1", "Ann", "amber"), screen.SeatAt("2", "Bea", "sky")))
    reason = {"code": "lightseeker-lit", "params": {"seat": "1", "value": 10}}
    result = {"winners": ["1"], "ranking": [["1"], ["2"]], "reason": reason}
    assert text_of(screen.result_panel(result, table)).count("Ann\u00a0(1) lit an area worth 10") == 1
    said = games.board("lightseeker").event_text({"type": "end", "reason": reason}, table.names)
    assert said == "The match is over: Ann\u00a0(1) lit an area worth 10."
    stuck = {"code": "lightseeker-stuck-draw", "params": {"seat": "2"}}
    assert "Bea\u00a0(2) has no legal turn: a draw" in text_of(
        screen.result_panel({"draw": True, "reason": stuck}, table)
    )


def test_when_the_host_ends_a_match_every_board_stops_and_says_so():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    assert "your turn" not in text_of(bea.by_class("match-status")[0])
    assert host.by_class("rt-hand") and "your turn" in text_of(host.by_class("match-status")[0])
    host.click("end")  # the first press asks, on the host's page only; the match goes on meanwhile
    (question,) = host.by_class("confirm")
    assert text_of(question).startswith("End the match for everyone? It cannot be resumed.")
    answers = find_all(question, lambda e: e.tag == "button")
    assert [(b.attr("data-action"), b.attr("class")) for b in answers] == [
        ("end-cancel", "button"),
        ("end", "button danger"),  # as every answer that loses something (test_table, test_settings)
    ]
    assert host.focused[-1] == "button[data-action=end-cancel]" and not bea.by_class("confirm")
    host.click("end-cancel")
    assert not host.by_class("confirm") and host.focused[-1] == "button[data-action=end]"
    assert "your turn" in text_of(host.by_class("match-status")[0])
    for choice in ("end-cancel", "end"):  # Escape on either answer is the safe one: keep playing
        host.click("end")
        host.send(UiEvent("keydown", choice, key="Escape", now_ms=rtc.now))
        assert not host.by_class("confirm") and host.focused[-1] == "button[data-action=end]", choice
        assert "your turn" in text_of(host.by_class("match-status")[0])
    host.click("end")
    host.click("end")  # "End the match" in the question
    for page, said in ((host, "You ended the match."), (bea, "The host ended the match.")):
        screen = page.by_class("match-screen")[0]
        assert text_of(page.by_class("match-status")[0]) == said, "the host's own page says 'you'"
        assert screen.attr("data-ended") == "1"
        # No seat is marked to play any more, nor keeps the mark's room (hidden, while a match goes on).
        assert not page.by_class("turn-badge") and page.by_class("match-seat")
        assert not page.by_class("rt-hand"), "no hand to play from once the match is ended"
    # A key on the board changes nothing: no tile is chosen, no cell offered.
    before = host.text
    host.click("rt-hand", kind="mirror")
    assert host.text == before and not host.by_class("rt-target")
    # The next match is played again on every board: a rematch, so Bea, who moved second, starts it.
    host.click("start")
    for page in (host, bea):
        assert page.by_class("match-screen")[0].attr("data-ended") is None
    assert "your turn" in text_of(bea.by_class("match-status")[0]) and bea.by_class("rt-hand")
    # Shown, a turn's words (the status keeps one room from the first turn on); heard, who starts the rematch.
    assert text_of(host.by_class("match-status")[0]) == "Bea\u00a0(A) to play"
    assert "Rematch: Bea\u00a0(A) starts" in text_of(host.find(lambda e: e.attr("id") == "match-news")[0])


def test_a_guest_s_focus_goes_to_the_copy_reply_button_then_to_the_lobby_s_heading_on_join_and_rejoin():
    """Join and Rejoin take away the form pressed: focus goes to what the guest does next, sending the
    reply, and once the host has pasted it to the lobby's heading (the reply's buttons are gone then)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    bea = rtc.visit(bea_browser, invite_link(host))
    name_field, rejoin = join_screen.FOCUS_NAME.selector, join_screen.FOCUS_REJOIN.selector  # the page's opening
    assert bea.focused == [name_field]
    bea.submit("join", name="Bea")
    copy_reply = "#copy-reply"  # the "Copy reply" button (found by its id below)
    assert bea.focused == [name_field, copy_reply]
    (button,) = bea.find(lambda e: e.tag == "button" and f"#{e.attr('id')}" == copy_reply)
    assert text_of(button) == "Copy reply" and button.attr("data-text") == bea.value_of("reply-code")
    bea.click("copy", text=bea.value_of("reply-code"))  # the page says what to do with it
    assert bea.copied == [bea.value_of("reply-code")] and "The reply is copied. Send it to your host." in bea.text
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert bea.focused == [name_field, copy_reply, "main h1"]
    assert text_of(bea.find(lambda e: e.tag == "h1")[0]) == "Friday night"
    bea.click("sit", seat="C")
    assert bea.focused == [name_field, copy_reply, "main h1"]  # in the lobby, the page moves focus no more

    bea.close()  # Bea comes back on a new invitation: this browser keeps her token
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again = rtc.visit(bea_browser, str(host.by_class("invite-link")[0].attr("value")))
    assert again.focused == [rejoin]  # no name to type: the page opens on its Rejoin button
    again.submit("join")  # its button reads "Rejoin"
    assert again.focused == [rejoin, copy_reply]
    host.submit("reply", reply=again.value_of("reply-code"))
    assert again.focused == [rejoin, copy_reply, "main h1"] and seats(again)["C"] == "Bea"


def test_a_dropped_guest_shows_disconnected_and_regains_its_seat_with_a_new_invitation():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    bea = join(rtc, host, "Bea", bea_browser)
    bea.click("sit", seat="C")
    token = json.loads(bea_browser.storage["peer.tokens"])[host.inner.live.lobby_id]["token"]
    assert len(token) == 32
    bea.close()
    assert members(host)["Bea"] == "gone" and "disconnected" in host.text
    assert seats(host)["C"] == "Bea"
    # The host invites Bea again from her row; she opens the link in the same browser.
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    link = str(host.by_class("invite-link")[0].attr("value"))
    assert "Invitation for Bea" in host.text
    again = rtc.visit(bea_browser, link)
    assert "Welcome back, Bea" in again.text
    again.submit("join")
    host.submit("reply", reply=again.value_of("reply-code"))
    assert members(host)["Bea"] == "connected" and seats(host)["C"] == "Bea"
    assert seats(again)["C"] == "Bea" and again.inner.client.member == bea_id


@pytest.mark.parametrize(
    "stored",
    [
        {"name": "Bea (old)"},  # a name an older version took and today's rules refuse
        {"name": "B" * 40},  # longer than a name may be
        {"name": 7},  # not text
        {"name": None},
    ],
)
def test_a_kept_membership_whose_name_no_longer_reads_asks_the_name_says_why_and_keeps_the_seat(stored):
    """A stored membership (``peer.tokens``) whose name the host would refuse: the page once sent it in
    its hello, the host refused it, and "Try again" sent it again for ever. Its token still holds the seat:
    the page asks for the name, says why, and comes back with the token."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    bea = join(rtc, host, "Bea", bea_browser)
    bea.click("sit", seat="C")
    lobby_id = host.inner.live.lobby_id
    kept = json.loads(bea_browser.storage[join_screen.TOKENS_KEY])
    kept[lobby_id] = {**kept[lobby_id], **stored}
    bea_browser.storage[join_screen.TOKENS_KEY] = json.dumps(kept)
    bea.close()
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again = rtc.visit(bea_browser, str(host.by_class("invite-link")[0].attr("value")))
    assert "Welcome back" not in again.text
    (field,) = again.find(lambda e: e.tag == "input" and e.attr("name") == "name")
    (note,) = again.by_class("name-lost")
    assert text_of(note).startswith("The name this browser kept for this game night cannot be used any more")
    assert str(field.attr("aria-describedby")).split()[-1] == note.attr("id"), "read with the field it explains"
    again.submit("join", name="Bea")
    host.submit("reply", reply=again.value_of("reply-code"))
    assert members(host) == {"Ann": "connected", "Bea": "connected"} and seats(again)["C"] == "Bea"
    assert again.inner.client.member == bea_id and not again.inner.client.errors
    # Kept again as it reads now: the next invitation welcomes Bea back by name.
    assert json.loads(bea_browser.storage[join_screen.TOKENS_KEY])[lobby_id]["name"] == "Bea"


def bea_answered(rtc: FakeRtc) -> tuple[Page, Browser, str, Page]:
    """The host, Bea's browser, the invitation link Bea answered there, and her page (joined)."""
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    link = invite_link(host)
    bea = rtc.visit(bea_browser, link)
    bea.submit("join", name="Bea")
    host.submit("reply", reply=bea.value_of("reply-code"))
    return host, bea_browser, link, bea


def bea_back(rtc: FakeRtc) -> Page:
    """Bea's page opened again on her answered link after it closed: the rejoin form ("back")."""
    _host, bea_browser, link, bea = bea_answered(rtc)
    bea.close()
    again = rtc.visit(bea_browser, link)
    assert again.inner.stage == "back"
    return again


def test_a_reloaded_guest_page_takes_the_hosts_new_invitation_in_one_paste_and_keeps_its_seat():
    rtc = FakeRtc()
    host, bea_browser, link, bea = bea_answered(rtc)
    bea.click("sit", seat="C")
    host.click("start")
    # The page reloads at its old address: that invitation is used up, but this browser holds a seat.
    bea.close()
    again = rtc.visit(bea_browser, link)
    assert again.inner.stage == "back" and "ask your host for a new one" not in again.text
    assert "Welcome back, Bea" in again.text and "Ask the host for a new one and paste it below" in again.text
    # Anything but the lobby's own new invitation is refused with its reason.
    again.submit("rejoin", invitation="not a code")
    assert again.inner.stage == "back" and again.by_class("error")
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=again.value_of("reply-code"))
    assert members(host)["Bea"] == "connected" and seats(host)["C"] == "Bea"
    assert again.inner.client.member == bea_id and "You play seat B." in again.text
    assert "your turn" not in text_of(again.by_class("match-status")[0]) and again.by_class("rt-board")
    # An expired invitation reopened in the same browser comes back the same way; in another browser,
    # a used-up invitation still only says why it cannot be used.
    rtc.now += 11 * 60 * 1000
    expired = rtc.visit(bea_browser, link)
    assert expired.inner.stage == "back" and "this invitation has expired." in expired.text
    stranger = rtc.visit(Browser(), link)
    assert stranger.inner.stage == "problem" and "expired" in stranger.text


@pytest.mark.parametrize("stored", [{"name": "Bea (old)"}, {"name": "B" * 40}, {"name": 7}, {"name": None}])
def test_a_reloaded_guest_page_whose_kept_name_no_longer_reads_asks_the_name_with_the_new_invitation(stored):
    """Bea's page reloaded at its used invitation, with a kept token and a kept name today's rules refuse:
    it said "This invitation cannot be used" (already used), a dead end, though her token holds her seat.
    It is the reloaded member's page (paste the host's new invitation), with the name field and its note,
    and comes back to the seat under the name typed."""
    rtc = FakeRtc()
    host, bea_browser, link, bea = bea_answered(rtc)
    bea.click("sit", seat="C")
    lobby_id = host.inner.live.lobby_id
    kept = json.loads(bea_browser.storage[join_screen.TOKENS_KEY])
    kept[lobby_id] = {**kept[lobby_id], **stored}
    bea_browser.storage[join_screen.TOKENS_KEY] = json.dumps(kept)
    bea.close()
    again = rtc.visit(bea_browser, link)
    assert again.inner.stage == "back" and "This invitation cannot be used" not in again.text
    assert "Welcome back: this invitation has already been used." in again.text
    (form,) = again.by_class("rejoin")
    (field,) = find_all(form, lambda e: e.tag == "input" and e.attr("name") == "name")
    (note,) = again.by_class("name-lost")
    assert text_of(note).startswith("The name this browser kept for this game night cannot be used any more")
    assert field.attr("aria-describedby") == note.attr("id") and field.attr("required")
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    invitation = str(host.by_class("invite-link")[0].attr("value"))
    again.submit("rejoin", invitation=invitation, name="B" * 40)  # a name refused says why, here
    (alert,) = again.find(lambda e: str(e.attr("id")).startswith("name-alert-") and e.children)
    assert "name" in text_of(alert).lower() and again.inner.stage == "back"
    again.submit("rejoin", invitation=invitation, name="Bea")
    host.submit("reply", reply=again.value_of("reply-code"))
    assert members(host) == {"Ann": "connected", "Bea": "connected"} and seats(again)["C"] == "Bea"
    assert again.inner.client.member == bea_id and not again.inner.client.errors
    assert json.loads(bea_browser.storage[join_screen.TOKENS_KEY])[lobby_id]["name"] == "Bea"


@pytest.mark.parametrize(
    "entry", [{"name": "Bea", "token": 7}, {"name": "Bea", "token": ""}, {"token": "t" * 65}, "Bea"]
)
def test_a_kept_membership_whose_token_cannot_be_read_is_set_aside_and_the_page_says_so(entry):
    """A stored token of the wrong type, empty or longer than a token may be was dropped without a word: Bea,
    back at the host's new invitation, read a plain "Join" as if this browser had never been here. The page
    says what it set aside and what to do, and changes nothing else: she joins as a new player."""
    rtc = FakeRtc()
    host, bea_browser, link, bea = bea_answered(rtc)
    lobby_id = host.inner.live.lobby_id
    kept = json.loads(bea_browser.storage[join_screen.TOKENS_KEY])
    kept[lobby_id] = entry
    bea_browser.storage[join_screen.TOKENS_KEY] = stored = json.dumps(kept)
    bea.close()
    said = (
        "This browser kept your place in this game night, but it could not be read, so it was set aside: you "
        "join as a new player. If you had a seat, tell the host."
    )
    again = rtc.visit(bea_browser, link)  # the used invitation, reloaded
    assert again.inner.stage == "problem" and "This invitation cannot be used" in again.text
    (note,) = again.by_class("token-dropped")
    assert text_of(note) == said
    fresh = rtc.visit(bea_browser, invite_link(host))  # a new invitation
    assert fresh.inner.stage == "name" and "Welcome back" not in fresh.text
    (note,) = fresh.by_class("token-dropped")
    assert text_of(note) == said and note.attr("role") is None, "a note read with the page, not an alarm"
    with in_language("ja"):
        assert "読み取れなかった" in text_of(fresh.by_class("token-dropped")[0])
    assert bea_browser.storage[join_screen.TOKENS_KEY] == stored, "nothing else changed: nothing written"
    fresh.submit("join", name="Bee")
    host.submit("reply", reply=fresh.value_of("reply-code"))
    assert members(host) == {"Ann": "connected", "Bea": "gone", "Bee": "connected"}, "a new member"
    assert not fresh.by_class("token-dropped")


def test_a_browser_with_no_kept_membership_reads_no_note_of_one():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    page = rtc.visit(Browser(), invite_link(host))
    assert page.inner.stage == "name" and not page.by_class("token-dropped") and not page.by_class("name-lost")


def test_a_second_tab_on_an_answered_invitation_says_it_was_answered_here_and_the_first_tab_plays_on():
    """The same invitation link opened in a second tab of the browser that answered it, while the first
    tab is still in the game night: the page said this page had left when it was reloaded or closed."""
    rtc = FakeRtc()
    _host, bea_browser, link, bea = bea_answered(rtc)
    second = rtc.visit(bea_browser, link)
    assert second.inner.stage == "back"
    assert "this invitation has already been used" in second.text
    assert "If another tab is still in the game night, carry on there." in second.text
    assert "This page left the game night" not in second.text
    assert members(bea)["Bea"] == "connected", "the first tab is still in"


def test_a_lobby_refusal_goes_once_the_lobby_has_moved_on():
    """A refusal answers the lobby as it was: it stays while only the chat moves (it is still true), and
    goes when the lobby changes (here a newcomer joins), rather than waiting for the player's next request."""
    rtc = FakeRtc()
    host, bea, cal = three_seats(rtc)
    cal.click("sit", seat="B")  # Bea's seat
    assert cal.by_class("error"), "refused: the seat is taken"
    bea.submit("chat", text="Mine!")
    assert cal.by_class("error") and "Bea: Mine!" in cal.text
    join(rtc, host, "Dan")
    assert not cal.by_class("error")
    assert seats(cal)["B"] == "Bea"


def test_everyone_reads_that_the_player_to_move_is_disconnected_and_the_match_waits():
    rtc = FakeRtc()
    host, bea, cal = three_seats(rtc)
    host.click("start")
    assert text_of(bea.by_class("match-status")[0]) == "Ann\u00a0(A) to play"
    rules = games.rules("raythread")
    move = next(m for m in rules.legal(host.inner.live.session.match.state, "A") if m["type"] == "place")
    bea.close()  # Bea, to play next, is gone
    # Before her turn comes, her card beside the board says so (the status line names whose turn it is).
    for page in (host, cal):
        cards = {c.attr("data-seat"): text_of(c) for c in page.by_class("match-seat")}
        assert "disconnected" in cards["B"] and "disconnected" not in cards["A"] + cards["C"], cards
    host.click("rt-hand", kind=move["tile"])
    host.click("rt-orient", orient=move["orient"])
    host.click("rt-cell", r=str(move["cell"][0]), c=str(move["cell"][1]))
    for page in (host, cal):
        assert text_of(page.by_class("match-status")[0]) == "Bea\u00a0(B) to play · disconnected"
    with in_language("ja"):  # in the state's form, as 接続済み (connected) is: 切断 alone read as "a cut"
        assert text_of(cal.by_class("match-status")[0]) == "Bea\u2060（\u2060B\u2060）の番・切断中"
        assert members(cal)["Bea"] == "gone" and "切断中" in text_of(cal.by_class("members")[0])
    back = welcomed_back(rtc, host, "Bea", bea.browser)
    for page in (host, cal):
        assert text_of(page.by_class("match-status")[0]) == "Bea\u00a0(B) to play"
        assert not any("disconnected" in text_of(c) for c in page.by_class("match-seat")), "she is back"
    assert text_of(back.by_class("match-status")[0]) == "Bea\u00a0(B) to play · your turn"


def test_a_player_whose_turn_it_is_too_reads_that_another_player_of_a_race_is_disconnected():
    """In a game where the seats play at once (Reflection), the host's own turn ("your turn") took the
    status, and nothing near the board said that Bea, building at the same time, had dropped: only the
    members list far below did, and the host waited for a puzzle that could not come."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="2", mode="built", preset="easy")
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    host.click("start")
    assert text_of(host.by_class("match-status")[0]) == (
        "Everyone builds at once · still building: you and Bea\u00a0(2)"
    )
    bea.close()
    assert text_of(host.by_class("match-status")[0]) == (
        "Everyone builds at once · still building: you and Bea\u00a0(2) · Bea\u00a0(2) is disconnected"
    )
    with in_language("ja"):
        assert text_of(host.by_class("match-status")[0]) == (
            "全員が同時に作成・作成中：あなた\u2060とBea\u2060（\u20602\u2060）"
            "・Bea\u2060（\u20602\u2060）\u2060は切断中"  # と and は held to the names (docs/i18n.md)
        )


def test_a_move_the_host_refuses_is_explained_on_the_guests_board_in_its_language_and_play_goes_on():
    """On a slow connection a guest can make a second move before the host's answer to the first arrives.
    Her page holds it back, its status saying the first is on its way (a numbered request it keeps until the
    host answers: ``Client.moving``); a move the host refuses all the same (one an older page sent for an earlier
    position) is worded on her page in its own language, which keeps following the match (it used to fail
    on the refusal and then on every later message from the host, so her board froze)."""
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    session = host.inner.live.session
    play(host, session, "A")
    with in_language("ja"):
        places = [m for m in games.rules("raythread").legal(session.match.state, "C") if m["type"] == "place"]
        for move in places[:2]:  # both made before anything arrives from the host
            bea.send(UiEvent("click", "rt-hand", {"kind": move["tile"]}, now_ms=rtc.now))
            bea.send(UiEvent("click", "rt-orient", {"orient": move["orient"]}, now_ms=rtc.now))
            bea.send(
                UiEvent("click", "rt-cell", {"r": str(move["cell"][0]), "c": str(move["cell"][1])}, now_ms=rtc.now)
            )
        assert text_of(bea.by_class("match-status")[0]) == i18n._("Sending your move…")
        assert not bea.by_class("match-error")
        rtc.pump()
        assert len(session.match.record.log) == 2, "the first move is played, the second never sent"
        assert not bea.by_class("match-error")
        # A move for the position before Ann's last one (as an older page would send): the host refuses it.
        bea.inner.link.request(p.Move("C", places[1], 1).to_json())
        bea.run(bea.inner.outbox.drain())
        rtc.pump()
        assert len(session.match.record.log) == 2
        error = bea.by_class("match-error")
        assert [text_of(e) for e in error] == ["その手は前の局面で指されたものです。ボードはその後変わっています。"]
    play(host, session, "A")  # and her page still follows the match, and plays
    assert len(session.match.record.log) == 3
    assert text_of(bea.by_class("match-status")[0]) == "Bea\u00a0(B) to play · your turn"
    assert not bea.by_class("match-error")
    play(bea, session, "C")
    assert len(session.match.record.log) == 4


def test_a_guest_whose_connection_drops_is_told_how_to_come_back():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.send(pe.PeerState("host", "reconnecting"))
    assert "Reconnecting to the host" in bea.text
    host.send(pe.PeerState(next(p for p in host.inner.live.session.peers if p != "host"), "reconnecting"))
    assert members(host)["Bea"] == "reconnecting"
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    assert bea.inner.stage == "lost" and "Ask the host for a new invitation" in bea.text
    assert "Cut off from the host" in bea.text and bea.by_class("rejoin")
    # Its last word from the host was "connected": the host it lost is shown gone, not connected.
    assert members(bea) == {"Ann": "gone", "Bea": "gone"}


def test_a_guest_that_lost_the_host_does_not_show_the_other_members_last_states_as_known():
    """Cut off from the host, a page learns nothing of the others: Cal's "connected" and Dan's
    "disconnected" were the host's last word, not what is true now. Their rows say no state, and one line
    says why, once; the page itself and the host it lost are shown disconnected."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, cal, dan = join(rtc, host, "Bea"), join(rtc, host, "Cal"), join(rtc, host, "Dan")
    host.submit("choose", game="raythread", players="4")
    dan.close()
    assert members(bea) == {"Ann": "connected", "Bea": "connected", "Cal": "connected", "Dan": "gone"}
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    assert members(bea) == {"Ann": "gone", "Bea": "gone", "Cal": "unknown", "Dan": "unknown"}
    rows = {text_of(find_all(li, lambda e: e.attr("class") == "name")[0]): text_of(li) for li in bea.by_class("member")}
    assert "disconnected" in rows["Ann"] and "disconnected" in rows["Bea"]
    assert not any(w in rows[n] for n in ("Cal", "Dan") for w in ("connected", "disconnected")), rows
    note = "Until you are back, this page cannot tell who else is connected."
    assert text_of(bea.by_class("members")[0]).count(note) == 1
    with in_language("ja"):
        assert "戻るまで、ほかの人が接続しているかどうかはわかりません。" in text_of(bea.by_class("members")[0])
    assert note not in text_of(cal.by_class("members")[0]), "Cal's page is connected: it knows"
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert members(bea) == {"Ann": "connected", "Bea": "connected", "Cal": "connected", "Dan": "gone"}
    assert note not in bea.text


def test_a_guest_that_lost_the_host_says_on_the_seat_cards_what_its_members_list_says():
    """The seat cards beside the board said what the mirror last knew: Cal "disconnected" (a guess now), and
    nothing for the host this page has lost. They say what the members list says: the host disconnected,
    nobody else's state, until the page is back (this page's own card says nothing: the status line above
    the board says it is not connected)."""
    rtc = FakeRtc()
    host, bea, cal = three_seats(rtc)
    host.click("start")
    cal.close()

    def cards(page: Page) -> dict[str, str]:
        return {str(c.attr("data-seat")): text_of(c) for c in page.by_class("match-seat")}

    assert "disconnected" in cards(bea)["C"] and "disconnected" not in cards(bea)["A"] + cards(bea)["B"]
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    assert members(bea) == {"Ann": "gone", "Bea": "gone", "Cal": "unknown"}
    shown = cards(bea)
    assert "disconnected" in shown["A"] and "disconnected" not in shown["B"], shown
    assert "disconnected" not in shown["C"], "Cal's state is the host's last word, not what the page knows now"
    assert "Not connected to the host" in text_of(bea.by_class("match-status")[0])
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=bea.value_of("reply-code"))
    shown = cards(bea)
    assert "disconnected" in shown["C"] and "disconnected" not in shown["A"] + shown["B"], shown


def test_a_guest_that_loses_the_host_on_its_turn_is_told_on_its_board_and_plays_on_after_rejoining():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    rules = games.rules("raythread")
    move = next(m for m in rules.legal(host.inner.live.session.match.state, "A") if m["type"] == "place")
    host.click("rt-hand", kind=move["tile"])
    host.click("rt-orient", orient=move["orient"])
    host.click("rt-cell", r=str(move["cell"][0]), c=str(move["cell"][1]))
    assert "your turn" in text_of(bea.by_class("match-status")[0]) and bea.by_class("rt-hand")
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    # No move can reach the host: the board says so where the player looks, and offers no hand.
    status = text_of(bea.by_class("match-status")[0])
    assert "Not connected to the host" in status and "your turn" not in status
    assert not bea.by_class("rt-hand") and bea.by_class("rt-board")
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    # The reply page says what to do once ("Send this reply to your host …"); its connection line, which
    # said it a second time in other words, says what coming back is for: the seat.
    (line,) = bea.find(lambda e: e.attr("data-connection") == "rejoining")
    assert text_of(line) == "Coming back to your seat…"
    assert bea.text.count("Send this reply to your host") == 1
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert "your turn" in text_of(bea.by_class("match-status")[0]) and bea.by_class("rt-hand")
    move = next(m for m in rules.legal(host.inner.live.session.match.state, "C") if m["type"] == "place")
    bea.click("rt-hand", kind=move["tile"])
    bea.click("rt-orient", orient=move["orient"])
    bea.click("rt-cell", r=str(move["cell"][0]), c=str(move["cell"][1]))
    assert [e.seat for e in host.inner.live.session.match.record.log] == ["A", "C"], "Bea's move reached the host"
    assert "your turn" in text_of(host.by_class("match-status")[0])


def in_order(page: Page, *marks) -> list[int]:
    """Where on ``page`` (its elements in document order) the first element each of ``marks`` picks is."""
    order = page.find(lambda e: True)
    return [next(i for i, e in enumerate(order) if mark(e)) for mark in marks]


def test_a_guest_that_loses_the_host_keeps_the_board_in_place_and_rejoins_under_it_with_the_lobby_on_show():
    """A halt put the red notice and the Rejoin form above the board, which they pushed down (183 px at
    1280 × 800, 265 px at 390 × 844), and the rejoin's reply code took the whole lobby's place. Above the
    board only the connection strip changes its words, in a room laid for the longest of them; what to do
    and the reply code come under the board, and the lobby and its board stay on show, offline, meanwhile."""
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)

    def of_class(name: str):
        return lambda e: name in str(e.attr("class")).split()

    def room(page: Page) -> list[str]:
        return [text_of(e) for e in find_all(page.by_class("connection-room")[0], lambda e: e.tag == "span")]

    strip, board = of_class("connection-strip"), of_class("rt-board")
    words = room(bea)
    assert "Connected to the host." in words and "Cut off from the host." in words
    assert "Coming back to your seat…" in words
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    (line,) = bea.find(lambda e: e.attr("data-connection") == "away")
    assert text_of(line) == "Cut off from the host." and room(bea) == words
    # Right under the board: on a phone, before the match's seats and its log.
    form = in_order(bea, strip, board, lambda e: e.attr("data-action") == "rejoin", of_class("match-side"))
    assert form == sorted(form)
    assert "Ask the host for a new invitation" in text_of(bea.by_class("rejoin-steps")[0])
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    # Coming back: the reply code under the board, the lobby's seats and members on show, its controls idle.
    copy = in_order(bea, strip, board, lambda e: e.attr("id") == "copy-reply", of_class("match-side"))
    assert copy == sorted(copy)
    assert bea.by_class("lobby-grid") and "Not connected to the host" in text_of(bea.by_class("match-status")[0])
    assert not bea.by_class("rt-hand")
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert text_of(bea.by_class("match-status")[0]) == "Ann\u00a0(A) to play" and not bea.by_class("rejoin-steps")


def shown_options(page: Page) -> dict[str, str]:
    """The match's options as a guest's page shows them, read-only: label → value."""
    (box,) = page.by_class("match-options")
    terms = [text_of(e) for e in find_all(box, lambda e: e.tag == "dt")]
    return dict(zip(terms, [text_of(e) for e in find_all(box, lambda e: e.tag == "dd")], strict=True))


def test_a_guest_sees_the_match_s_options_before_it_starts_as_the_host_set_them():
    """A guest could not see the points to win, nor any other option the host set, before the match started
    (only the host's form shows them). The lobby's message carries them already: the guest's page shows them
    read-only, in its own language, and follows the host's changes; options its game refuses (a peer's bad
    message) are said as such, and none is shown as if it held."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="2", size="9", mirrors="20", prisms="10", hand="3", target="20")
    assert host.inner.live.session.options["target"] == 20
    assert shown_options(bea) == {
        "Board size": "9 × 9",
        "Mirrors in the deck": "20",
        "Prisms in the deck": "10",
        "Tiles in hand": "3",
        "Points to win": "20",
    }
    assert not host.by_class("match-options"), "the host's form shows them"
    with in_language("ja"):
        assert shown_options(bea)["勝利点"] == "20"
    host.submit("choose", game="lightseeker", players="2")  # another game starts from its defaults
    assert shown_options(bea) == {
        "Light joins": "where lit edges meet",
        "A player with no legal turn": "loses the match",
    }
    host.submit("choose", game="lightseeker", players="2", light_joins="faces", no_legal_turn="draw")
    assert shown_options(bea) == {
        "Light joins": "where lit faces touch",
        "A player with no legal turn": "ends it in a draw",
    }
    client = bea.inner.client
    client.lobby = replace(client.lobby, options={"no_legal_turn": "sometimes"})
    (box,) = bea.by_class("match-options")
    assert not find_all(box, lambda e: e.tag == "dd")
    assert text_of(box) == "OptionsThe host's options cannot be read: 'no_legal_turn' must be one of 'loses', 'draw'."


def test_a_guest_sees_only_the_options_that_count_in_the_match_the_host_set():
    """Reflection's form has options that count only with others (docs/rules/reflection.md, "counts in"):
    the variant with puzzles built by the players, the rounds and teams with puzzles made by the app, the
    board size, tiles and black holes with a custom difficulty. A guest's read-only list showed them all, so
    a race of puzzles made by the app on Easy read "Built puzzles: A: solve all the others" and "Custom
    board size: 6" (a player's pass): it lists what the match will play by."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="reflection", players="2", mode="random", preset="easy", rounds="3")
    assert list(shown_options(bea)) == [
        "Puzzles",
        "Rounds (made by the app)",
        "Teams",
        "Time per round",
        "Difficulty",
        "Warp gates",
        "Triangle mirrors",
    ]
    assert shown_options(bea)["Rounds (made by the app)"] == "3"
    host.submit(
        "choose", game="reflection", players="2", mode="built", variant="A", preset="custom", size="7", tiles="9"
    )
    shown = shown_options(bea)
    assert list(shown) == [
        "Puzzles",
        "Built puzzles",
        "Time per round",
        "Difficulty",
        "Custom board size",
        "Custom tiles",
        "Custom: black holes",
        "Warp gates",
        "Triangle mirrors",
    ]
    assert (shown["Custom board size"], shown["Custom tiles"]) == ("7", "9")


def test_each_invitation_lets_one_player_in():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    bea = rtc.visit(Browser(), link)
    bea.submit("join", name="Bea")
    reply_code = bea.value_of("reply-code")
    host.submit("reply", reply=reply_code)
    host.submit("reply", reply=reply_code)
    assert "already used" in text_of(host.by_class("reply-form")[0])
    # A second guest opening the same link gets in nowhere: the host refuses its reply.
    cal = rtc.visit(Browser(), link)
    cal.submit("join", name="Cal")
    host.submit("reply", reply=cal.value_of("reply-code"))
    assert "already used" in host.text and "Cal" not in members(host)


def test_a_reloaded_guest_page_does_not_answer_the_same_invitation_twice():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    browser = Browser()
    rtc.visit(browser, link).submit("join", name="Bea")
    again = rtc.visit(browser, link)
    assert again.inner.stage == "problem" and "already answered this invitation" in again.text


def test_invitations_expire_after_ten_minutes_with_a_clear_message():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    bea = rtc.visit(Browser(), link)
    bea.submit("join", name="Bea")
    rtc.now += 10 * 60 * 1000 + 2000
    host.tick(lobby_host.TIMER)
    assert host.by_class("invite")[0].attr("data-state") == "expired"
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert "has expired" in host.text and "Bea" not in members(host)
    late = rtc.visit(Browser(), link)
    assert late.inner.stage == "problem" and "This invitation expired" in late.text


def test_the_join_page_says_which_game_who_hosts_and_when_the_invitation_expires():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker", name="Ann")
    link = invite_link(host)
    rtc.now += 150 * 1000  # opened two and a half minutes after it was made
    bea = rtc.visit(Browser(), link)
    assert bea.inner.stage == "name" and join_screen.EXPIRY in bea.timers
    assert "Ann invites you to play Light Seeker." in bea.text
    assert "This invitation expires in 8 minutes" in bea.text
    rtc.now += 7 * 60 * 1000 + 20 * 1000  # 40 s left: still counted as a minute
    bea.tick(join_screen.EXPIRY)
    assert "expires in 1 minute:" in bea.text
    rtc.now += 41 * 1000
    bea.tick(join_screen.EXPIRY)  # the page tells at once, before the player types a name
    assert bea.inner.stage == "problem" and "This invitation expired" in bea.text
    assert join_screen.EXPIRY not in bea.timers
    bea.submit("join", name="Bea")
    assert bea.inner.stage == "problem" and not any(end.page is bea for end in rtc.ends.values())


def test_a_guest_whose_clock_is_behind_the_hosts_is_never_promised_more_than_ten_minutes():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    rtc.now -= 25 * 60 * 1000  # the guest's device: its clock 25 minutes behind the host's
    bea = rtc.visit(Browser(), link)
    assert bea.inner.stage == "name" and "This invitation expires in 10 minutes" in bea.text


def test_an_invitation_answered_after_it_expired_says_so_and_sends_nothing():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    bea = rtc.visit(Browser(), link)
    rtc.now += iv.INVITE_TTL_S * 1000 + 61 * 1000  # no tick came (a sleeping tab): the submit checks
    bea.submit("join", name="Bea")
    assert bea.inner.stage == "problem" and "expired 1 min ago" in bea.text
    assert not any(end.page is bea for end in rtc.ends.values()) and "peer.used" not in str(bea.browser.storage)


def test_a_garbled_invitation_link_is_not_blamed_on_another_version():
    rtc = FakeRtc()
    for code in ("not-a-code", "garbage123", "x"):
        page = rtc.page(Browser(), f"#join={code}")
        assert page.inner.stage == "problem", code
        assert "not a Game Night invitation code" in page.text and "version" not in page.text, code


def test_garbled_codes_show_an_error_and_change_nothing():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    broken = rtc.page(Browser(), link.partition(SITE)[2][:-10] + "%%%")
    assert broken.inner.stage == "problem" and broken.by_class("error")
    before = host.inner.live.saved()
    host.submit("reply", reply="not-a-code")
    assert host.by_class("error") and host.inner.live.saved() == before
    host.submit("reply", reply=link)  # the invitation itself, pasted by mistake
    assert "not a reply" in host.text


def test_several_invitations_can_be_pending_at_once():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    first, second = invite_link(host), invite_link(host)
    assert first != second
    bea = rtc.visit(Browser(), second)
    cal = rtc.visit(Browser(), first)
    bea.submit("join", name="Bea")
    cal.submit("join", name="Cal")
    host.submit("reply", reply=bea.value_of("reply-code"))
    host.submit("reply", reply=cal.value_of("reply-code"))
    assert members(host) == {"Ann": "connected", "Bea": "connected", "Cal": "connected"}


def test_a_reply_link_in_the_hosts_browser_is_handed_to_the_host_tab():
    rtc = FakeRtc()
    host_browser = Browser()
    host = host_lobby(rtc, host_browser)
    bea, tab = reply_tab(rtc, host, browser=host_browser)
    assert tab.inner.stage == "taken" and "you can close this tab" in tab.text
    assert members(host)["Bea"] == "connected"
    # The same link again: the host tab refuses it and the reply tab says why.
    again = rtc.visit(host_browser, f"{SITE}#reply={bea.inner.reply}")
    assert again.inner.stage == "refused" and "already used" in again.text


def test_a_reply_link_with_no_host_tab_open_says_to_paste_the_code():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, tab = reply_tab(rtc, host)
    assert tab.inner.stage == "sent"
    tab.tick("reply-wait")
    assert tab.inner.stage == "alone" and "No host page" in tab.text
    assert tab.value_of("reply-code") == bea.value_of("reply-code")


def three_seats(rtc: FakeRtc) -> tuple[Page, Page, Page]:
    """The host in seat A, Bea in seat B and Cal in seat C of a three-seat Raythread table."""
    host = host_lobby(rtc, Browser())
    bea, cal = join(rtc, host, "Bea"), join(rtc, host, "Cal")
    host.submit("choose", game="raythread", players="3")
    bea.click("sit", seat="B")
    cal.click("sit", seat="C")
    return host, bea, cal


def test_a_guest_s_page_brings_the_board_into_view_when_the_host_starts_the_match_unless_it_is_typing():
    """The host's page puts focus on the board at Start, which scrolls it into the window; a guest's page
    did nothing, and a guest on a 320×640 phone saw the lobby's title, connection line and role above the
    board's first rows. Its page now asks for the same focus once, at the match's start, not at every move,
    and not when the guest is typing (Cal's chat line keeps the focus)."""
    rtc = FakeRtc()
    host, bea, cal = three_seats(rtc)
    cal.focus_on("input[name=text]")
    asked = {page: len(page.focus_asked) for page in (bea, cal)}
    host.click("start")
    board = screen.focus_board("raythread")
    for page in (bea, cal):
        assert [f.selector for f in page.focus_asked[asked[page] :]] == [board.selector], page.focus_asked
    assert bea.focused[-1] == board.selector and bea.focus_in("[role=grid]")
    assert cal.focus_in("input[name=text]"), "Cal was typing: the match's start leaves her focus there"
    asked = {page: len(page.focus_asked) for page in (bea, cal)}
    play(host, host.inner.live.session, "A")
    assert all(len(page.focus_asked) == asked[page] for page in (bea, cal)), "a move asks for no focus"


def test_the_match_s_start_takes_a_guest_s_focus_only_from_the_waiting_lobby_not_from_a_control_that_stays():
    """The start of a match took the focus of a guest on the chat's Send button, or on the header's help,
    to the board: only text fields were spared. The board takes it from the waiting lobby (a seat's
    button, the lobby's heading, the join page's title) and from nowhere (the body); a control that is
    still there and no part of the waiting (the chat, the header) keeps it (docs/accessibility.md)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, cal, dan, eve, fay = (join(rtc, host, name) for name in ("Bea", "Cal", "Dan", "Eve", "Fay"))
    host.submit("choose", game="raythread", players="3")
    bea.click("sit", seat="B")
    cal.click("sit", seat="C")
    bea.focus_on(".chat-form button[type=submit]")  # she has just sent a line
    cal.focus_on('[data-action="stand"]')  # a seat's button: the waiting lobby's
    dan.focus_on("#app-help")  # the header's "?"
    eve.focus_on(".lobby-heading")
    fay.focus = None  # on nothing: a tap on the page's text
    host.click("start")
    board = screen.focus_board("raythread").selector
    assert bea.focus_in(".chat-form button[type=submit]"), "Send is still there: her focus stays on it"
    assert dan.focus_in("#app-help"), "the header is no part of the lobby: his focus stays there"
    for page in (cal, eve, fay):
        assert page.focused[-1:] == [board] and page.focus_in("[role=grid]"), page.focus


def ended_three_seat_match(rtc: FakeRtc) -> tuple[Page, Page, Page]:
    """The host, Bea in seat B and Cal in seat C: a Raythread match the host started and ended."""
    host, bea, cal = three_seats(rtc)
    host.click("start")
    end_match(host)
    return host, bea, cal


def test_an_ended_match_keeps_naming_who_played_it_when_seats_change_after_its_end():
    rtc = FakeRtc()
    host, bea, cal = ended_three_seat_match(rtc)
    dan = join(rtc, host, "Dan")  # a latecomer sees the ended match as it was too
    cal.click("stand")
    dan.click("sit", seat="C")
    assert seats(host)["C"] == "Dan"
    for page in (host, bea, cal, dan):
        players = text_of(page.by_class("match-seats")[0])
        assert "Cal\u00a0(C)" in players and "Dan" not in players, "the ended match was played by Cal"
    assert "You play seat C." in cal.text and "You are watching this match." in dan.text
    host.click("start")  # the next match is played by the seats as they are now
    for page in (host, bea, cal, dan):
        players = text_of(page.by_class("match-seats")[0])
        assert "Dan\u00a0(C)" in players and "Cal" not in players
    assert "You play seat C." in dan.text and "You are watching this match." in cal.text


def test_the_last_match_leaves_the_boards_when_the_host_sets_up_another_game_or_seat_count():
    rtc = FakeRtc()
    host, bea, cal = ended_three_seat_match(rtc)
    for page in (host, bea):  # the ended match stays on show, named, with a rematch for the host
        assert page.by_class("rt-board") and "Bea\u00a0(B)" in text_of(page.by_class("match-screen")[0])
        assert "Raythread\u00a0Rally · match over" in page.text and "choosing seats" not in page.text
    assert "Rematch" in host.text
    # Two seats now: the three-seat board would name its seats from the new table, so it goes.
    host.submit("choose", game="raythread", players="2")
    for page in (host, bea, cal):
        assert not page.by_class("match-screen") and not page.by_class("rt-board")
        assert "Rematch" not in page.text and "You play seat" not in page.text
    host.submit("choose", game="raythread", players="3")
    host.click("start")
    end_match(host)
    host.submit("choose", game="lightseeker", players="2")
    for page in (host, bea, cal):
        assert not page.by_class("rt-board") and not page.by_class("match-screen")
        assert "Light\u00a0Seeker · choosing seats" in page.text and "Rematch" not in page.text
    host.click("start")
    for page in (host, bea, cal):
        assert page.by_class("ls-board") and not page.by_class("rt-board")
    assert "You play seat 2." in bea.text and "You are watching this match." in cal.text


def reloaded_mid_match(rtc: FakeRtc) -> tuple[Page, Page, Browser]:
    """A Light Seeker night, Bea in seat 2 and a match on, whose host page is closed and opened again: the
    reloaded host page, Bea's page (lost) and her browser."""
    host_browser, bea_browser = Browser(), Browser()
    host = host_lobby(rtc, host_browser, game="lightseeker")
    bea = join(rtc, host, "Bea", bea_browser)
    bea.click("sit", seat="2")
    host.click("start")
    host.close()
    return rtc.page(host_browser, "#/host?game=lightseeker"), bea, bea_browser


def test_a_reloaded_host_page_restores_the_lobby_and_match_and_reinvites():
    rtc = FakeRtc()
    reloaded, bea, bea_browser = reloaded_mid_match(rtc)
    assert bea.inner.stage == "lost"
    assert "was restored" in reloaded.text and reloaded.warn
    assert members(reloaded) == {"Ann": "connected", "Bea": "gone"}
    # The restored match is shown on its board at once.
    assert reloaded.by_class("match-screen") and seats(reloaded) == {"1": "Ann", "2": "Bea"}
    back, reply = invited_back(rtc, reloaded, "Bea", bea_browser)
    reloaded.submit("reply", reply=reply)
    assert "You play seat 2." in back.text and members(reloaded)["Bea"] == "connected"


def room(page: Page) -> list[str]:
    """The words laid unseen under the match's status on ``page`` (``screen.status_room``)."""
    (laid,) = page.by_class("match-room")
    return [text_of(span) for span in laid.children]


def test_a_guest_that_lost_the_host_keeps_the_running_status_s_room_so_the_board_stays_put_until_it_rejoins():
    """A player's pass: Bea's page lost the host mid-match (the host's page closed). Her status said "Not connected
    to the host: rejoin below to play on." in the room of an ended match (``room_ended``: none), so the board
    under it moved to that line's height; rejoined to the match that went on, the running match's room came
    back and the board moved again. The match did not end: the room stays the running match's throughout."""
    rtc = FakeRtc()
    host_browser, bea_browser = Browser(), Browser()
    host = host_lobby(rtc, host_browser, game="lightseeker")
    bea = join(rtc, host, "Bea", bea_browser)
    bea.click("sit", seat="2")
    host.click("start")
    running = room(bea)
    assert running and "Ann\u00a0(1) to play" in running
    host.close()
    assert bea.inner.stage == "lost" and "Not connected to the host" in text_of(bea.by_class("match-status")[0])
    assert room(bea) == running
    reloaded = rtc.page(host_browser, "#/host?game=lightseeker")
    bea_id = next(m for m, info in reloaded.inner.live.session.members.items() if info.name == "Bea")
    reloaded.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(reloaded.by_class("invite-link")[0].attr("value")))
    reloaded.submit("reply", reply=bea.value_of("reply-code"))
    assert bea.inner.stage == "lobby" and not bea.inner.board.halted and room(bea) == running


def leave_asked(page: Page, where: str, words: str = "disconnects your guests") -> None:
    """A page in a game night (the host's with a guest connected, a guest's) follows a link to ``where``: it
    asks first, at its own address, saying ``words`` of what leaving ends."""
    here = page.address
    page.send(app.RouteChanged(where))
    assert page.model.overlay == app.LEAVE and page.model.leaving == where
    assert page.address == here, "the address goes back to the night's until the player says leave"
    (question,) = page.find(lambda e: e.attr("role") == "alertdialog")
    assert words in text_of(question)


def test_a_guest_who_leaves_the_lobby_by_a_link_ends_her_connection_and_the_host_sees_her_gone():
    """A player's pass: Bea followed the header's link home mid-match; her page's channel stayed open with no screen
    behind it, so the host saw her connected (no "Invite again", no computer player offered) and the match
    waited for a page that would never answer. Leaving the screen (``Screen.leave``) closes it, as a reload
    does; her browser keeps her seat's token, so she comes back as after a reload. The page asks first
    ("Stay" keeps her connected)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    bea = join(rtc, host, "Bea", bea_browser)
    bea.click("sit", seat="C")
    host.click("start")
    leave_asked(bea, "#/", "disconnects you from the game night")  # asked first, as the host is
    bea.click("leave-stay")
    assert members(host)["Bea"] == "connected"
    leave_asked(bea, "#/", "disconnects you from the game night")
    bea.click("leave-go")
    bea.send(app.RouteChanged(bea.address))
    rtc.pump()
    assert members(host)["Bea"] == "gone"
    welcomed_back(rtc, host, "Bea", bea_browser)
    assert members(host)["Bea"] == "connected" and seats(host)["C"] == "Bea"


def test_a_host_who_leaves_the_lobby_by_a_link_ends_the_night_s_channels_and_keeps_the_night():
    """The host followed a link away mid-match: every guest's channel stayed open with no screen behind it, so
    Bea's page showed the host connected and waited on moves nobody would relay. Leaving the screen closes
    them, as a reload does: Bea's page says it lost the host; the night stays saved, and the host, back,
    invites her again to play on."""
    rtc = FakeRtc()
    host_browser = Browser()
    host, bea = match_with_bea(rtc, host_browser)
    leave_asked(host, "#/")
    host.click("leave-go")  # "Leave": the link is followed (the browser's hashchange, below)
    host.send(app.RouteChanged(host.address))
    rtc.pump()
    assert host.tree.attr("data-page") == "home"
    assert "Not connected to the host" in text_of(bea.by_class("match-status")[0])
    assert host_browser.storage[lobby_host.STORE_KEY], "the night stays saved"
    back = rtc.page(host_browser, "#/host?game=raythread")
    assert members(back)["Bea"] == "gone" and back.inner.live.session.match.running


def test_a_host_s_link_away_from_a_night_with_guests_asks_first_and_stay_keeps_every_connection():
    """A player's pass: the host tapped the header's Settings mid-match to look at something, and the whole game
    night ended (every guest's page lost the host; each had to be invited again). With a guest connected, a
    link away (the header's, Back) asks first; "Stay", or Escape, keeps the night as it was, focus back where
    it was; with no guest (or computers only) the link is followed at once."""
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc, Browser())
    for stay in (lambda: host.click("leave-stay"), lambda: host.send(UiEvent("keydown", "", {}, key="Escape"))):
        leave_asked(host, "#/settings")
        stay()
        rtc.pump()
        assert host.model.overlay == "" and host.model.leaving == ""
        assert host.tree.attr("data-page") == "lobby" and members(host)["Bea"] == "connected"
        assert "Connected to the host." in text_of(bea.by_class("connection-strip")[0])
        assert host.focus_asked[-1].back, "focus goes back to the link the host followed"
    alone = host_lobby(FakeRtc(), Browser())
    alone.send(app.RouteChanged("#/"))
    assert alone.model.overlay == "" and alone.tree.attr("data-page") == "home"


def test_a_saved_lobby_that_does_not_restore_says_why_and_stays_until_a_new_one_is_opened():
    """As the table on this device: a save this page cannot read (damaged, or a newer version's read by
    an older offline copy) is not the page's to delete; opening a new game night replaces it."""
    rtc = FakeRtc()
    for saved, why in (('{"v": 1, "id": "zz"}', "id"), ('{"v": 2}', "version")):
        browser = Browser(storage={lobby_host.STORE_KEY: saved})
        page = rtc.page(browser, "#/host?game=raythread")
        assert "could not be restored" in page.text and why in page.text.lower(), page.text
        assert browser.storage[lobby_host.STORE_KEY] == saved, "the save is left as it was"
    page.submit("host-setup", lobby="Friday night", name="Ann", game="raythread")
    assert json.loads(browser.storage[lobby_host.STORE_KEY])["name"] == "Friday night"


def test_the_host_picks_the_game_and_options_and_sees_refusals():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    host.submit("choose", game="lightseeker", players="4")
    assert text_of(host.by_class("lobby")[0].children[0]).startswith("Light\u00a0Seeker")
    assert list(seats(host)) == ["1", "2"]
    host.click("start")
    assert "Seat 2 is empty" in host.text
    # The options are the game's own fields, read back and validated by the game.
    host.submit("choose", game="raythread", players="2")
    assert host.inner.live.session.options is None
    assert {f.attr("name") for f in host.find(lambda e: e.tag in ("input", "select") and e.attr("name"))} >= {
        "size",
        "mirrors",
        "prisms",
        "hand",
        "target",
    }
    host.submit("choose", game="raythread", players="2", size="13", target="20", mirrors="30")
    assert host.inner.live.session.options == {"size": 13, "target": 20, "mirrors": 30}
    host.submit("choose", game="raythread", players="2", target="lots")
    assert host.by_class("error")[0].children[0] == "Points to win must be a whole number from 1 to 28."
    host.submit("choose", game="raythread", players="2", target="99")
    assert "'target' must be between 1 and 28" in text_of(host.by_class("error")[0])
    assert host.inner.live.session.options == {"size": 13, "target": 20, "mirrors": 30}, "a refusal changes nothing"


def test_the_host_removes_a_member_and_its_page_is_told():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea_id = bea.inner.client.member
    host.click("kick", member=bea_id)
    assert "Bea" not in members(host)
    assert bea.inner.stage == "closed" and "removed Bea" in bea.text


def test_a_player_of_the_running_match_has_no_remove_button_but_a_watcher_does():
    # Removing a player mid-match left their seat empty and the match waiting at its turn for good.
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, cal = join(rtc, host, "Bea"), join(rtc, host, "Cal")
    bea.click("sit", seat="C")
    host.click("start")

    def removable() -> set[str]:
        kicks = find_all(host.tree, lambda e: e.attr("data-action") == "kick")
        return {str(e.attr("data-member")) for e in kicks}

    bea_id, cal_id = bea.inner.client.member, cal.inner.client.member
    assert cal_id in removable() and bea_id not in removable()
    host.click("kick", member=bea_id)  # a stale page's click: refused, nothing changes
    assert "Bea" in members(host) and "end the match first" in host.text
    end_match(host)
    assert bea_id in removable()


def test_closing_the_game_night_forgets_it():
    rtc = FakeRtc()
    browser = Browser()
    host = host_lobby(rtc, browser)
    assert lobby_host.STORE_KEY in browser.storage
    host.click("close-lobby")
    assert lobby_host.STORE_KEY not in browser.storage and host.inner.live is None


def close_night(host: Page) -> None:
    """The host closes the game night with guests here: "Close this game night", then the same in the question."""
    host.click("close-lobby")
    host.click("close-lobby")


def test_closing_the_game_night_with_guests_here_asks_first_and_keeping_it_open_changes_nothing():
    # One click closed the night for everyone and forgot it, mid-match too, right under "End the match", which asks.
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    host.click("close-lobby")
    (question,) = host.by_class("confirm")
    assert text_of(question).startswith("Close this game night for everyone? Your guests' pages are told it is over")
    answers = find_all(question, lambda e: e.tag == "button")
    assert [(b.attr("data-action"), b.attr("class")) for b in answers] == [
        ("close-cancel", "button"),
        ("close-lobby", "button danger"),
    ]
    assert host.focused[-1] == "button[data-action=close-cancel]" and host.inner.live is not None
    # The whole question in the window: on a phone, focus alone scrolled "Keep the night open" to the window's
    # bottom edge and left the answer that closes under it.
    assert host.shown[-1] == ".confirm[aria-labelledby=close-question]"
    host.click("close-cancel")
    assert not host.by_class("confirm") and host.focused[-1] == "button[data-action=close-lobby]"
    for choice in ("close-cancel", "close-lobby"):  # Escape on either answer is the safe one: keep the night
        host.click("close-lobby")
        host.send(UiEvent("keydown", choice, key="Escape", now_ms=rtc.now))
        assert not host.by_class("confirm") and host.focused[-1] == "button[data-action=close-lobby]", choice
    host.click("close-lobby")
    host.click("end")  # any other input answers "keep it open"
    assert host.inner.live is not None and not find_all(host.tree, lambda e: e.attr("id") == "close-question")
    assert bea.inner.stage == "lobby" and "your turn" in text_of(host.by_class("match-status")[0])
    close_night(host)
    assert host.inner.live is None and bea.inner.stage == "closed"
    assert not bea.by_class("match-screen"), "a match cut off mid-way is not kept on show"
    assert bea.find(lambda e: e.tag == "a" and e.attr("href") == "#/" and text_of(e) == "← All games")


def test_closing_the_game_night_tells_each_guest_it_is_over_and_leaves_the_last_match_on_show():
    # A guest whose host closed the night read "Cut off from the host … Ask the host for a new invitation", as if
    # the connection had dropped: she waited for an invitation that would never come (a player's pass).
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    cal = join(rtc, host, "Cal")  # watches
    end_match(host)
    close_night(host)
    for guest in (bea, cal):
        assert guest.inner.stage == "closed"
        assert "The host closed the game night. Thanks for playing!" in guest.text
        assert "new invitation" not in guest.text and not guest.by_class("rejoin")
        # The last match and its standings stay on show, with nothing left to press in the lobby (as offline).
        assert guest.by_class("match-screen") and "The host ended the match." in guest.text
        assert "rematch" not in guest.text.lower(), "no next match to speak of: the night is over"
        assert not find_all(guest.tree, lambda e: e.attr("data-action") in ("sit", "leave"))
        (chat,) = find_all(guest.tree, lambda e: e.attr("data-action") == "chat")
        assert all(b.attr("disabled") for b in find_all(chat, lambda e: e.tag == "button"))
        # The night is over: the page shows the way on (the host's closed page does), not a dead end.
        assert guest.find(lambda e: e.tag == "a" and e.attr("href") == "#/" and text_of(e) == "← All games")


def test_untrusted_names_are_escaped_on_every_page():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.submit("chat", text="<b>Bea</b> & co")
    assert "&lt;b&gt;Bea&lt;/b&gt; &amp; co" in render(host.tree) and "<b>Bea</b> &" not in render(bea.tree)
    cal = rtc.visit(Browser(), invite_link(host))
    cal.submit("join", name="<b>Cal</b>")  # a name cannot hold markup at all
    assert cal.inner.stage == "name" and "letters, digits" in cal.text


def test_only_clicks_and_submissions_act():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    for kind in ("pointerdown", "pointerup", "keydown", "change"):
        host.send(UiEvent(kind, "invite", now_ms=rtc.now))
    assert host.by_class("invite") == []
    host.click("invite")
    assert len(host.by_class("invite")) == 1


def test_a_guest_refused_at_the_door_sees_why():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    twin = join(rtc, host, "ann")  # the host is Ann: names are unique ignoring case
    assert "already called Ann" in twin.text
    assert "ann" not in members(host)


def test_a_guest_turned_away_for_a_name_already_there_chooses_another_and_joins():
    """A guest whose name someone in the lobby already has was left with no name field: her page said
    "choose another name", sent the same hello again now and then (refused each time), and after a while
    said the host had not answered, whose "Try again" sent it once more. Now the page asks for another
    name at once, with the reason, sends nothing while it waits for her, and joins with the new name on
    the same connection (the host's card that said she was turned away goes, as a joined one's does)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    # "Bea." reads as Bea in a seat list: turned away as "BEA" is, with the rename form (``names.name_key``).
    dotted = join(rtc, host, "Bea.")
    assert "already called Bea" in dotted.text
    assert dotted.find(lambda e: e.attr("data-action") == "rename" and e.tag == "form")
    dotted.close()
    twin = join(rtc, host, "BEA")
    assert "already called Bea" in twin.text
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["refused"]
    (form,) = twin.find(lambda e: e.attr("data-action") == "rename" and e.tag == "form")
    assert len(find_all(form, lambda e: e.tag == "input" and e.attr("name") == "name")) == 1
    assert twin.focused and twin.focused[-1] == join_screen.FOCUS_RENAME.selector, "focus goes to the name"
    sent = len(rtc.sent)
    rtc.now += 60_000
    twin.tick(join_screen.POLL)
    twin.tick(join_screen.POLL)
    assert len(rtc.sent) == sent, "the refused name is not sent again"
    assert "has not answered" not in twin.text and "Try again" not in twin.text
    twin.submit("rename", name=" ")
    assert twin.find(lambda e: e.attr("data-action") == "rename"), "an empty name is refused on the page"
    assert len(rtc.sent) == sent
    twin.submit("rename", name="Cal")
    assert members(host) == {"Ann": "connected", "Bea": "connected", "Cal": "connected"}
    assert members(twin)["Cal"] == "connected" and "already called" not in twin.text
    assert host.by_class("invite") == [], "her card went as a joined one's does"
    assert bea.inner.client.name == "Bea"
    # A reload later brings her back as Cal (the name kept with her token is the one the host took).
    assert twin.inner.tokens[twin.inner.invited.lobby_id]["name"] == "Cal"


def test_a_turned_away_guest_s_card_goes_when_she_leaves_or_the_host_dismisses_it():
    """The host's "… was turned away" cards stayed above the match all night, with no way to put them away
    (a player's pass: two of them over a running Raythread match). A card goes when its guest's page
    closes, and the host can dismiss one, which closes that connection (her page says it was cut off)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    gone = join(rtc, host, "bea")
    stays = join(rtc, host, "BEA")
    assert [c.attr("data-state") for c in host.by_class("invite")] == ["refused", "refused"]
    gone.close()
    (card,) = host.by_class("invite")
    assert "BEA was turned away" in text_of(card), "the card of the page that closed went"
    (dismiss,) = find_all(card, lambda e: e.attr("data-action") == "dismiss-invite")
    assert text_of(dismiss) == "Dismiss" and dismiss.attr("data-invite") == card.attr("data-invite")
    host.click("dismiss-invite", invite=str(card.attr("data-invite")))
    assert host.by_class("invite") == []
    assert host.focused[-1] == lobby_host.FOCUS_INVITE.selector, "focus goes to Invite a player, not the body"
    assert stays.inner.stage == "lost" and "Cut off from the host" in stays.text
    assert members(host) == {"Ann": "connected", "Bea": "connected"}
    host.click("dismiss-invite", invite="not-an-invite")  # a stale click changes nothing
    assert members(host) == {"Ann": "connected", "Bea": "connected"}


def test_a_guest_whose_hello_or_lobby_is_lost_asks_again_with_back_off_and_offers_try_again():
    rtc = FakeRtc()
    link = invite_link(host_lobby(rtc, Browser()))
    guest = rtc.visit(Browser(), link)
    model = replace(guest.inner, stage="reply", name="Bea")  # answered; the host has not pasted yet
    model, effects = join_screen.JOIN.update(model, pe.PeerOpened(join_screen.HOST, 1000))
    hellos = [e for e in effects if isinstance(e, pe.SendText)]
    assert [json.loads(e.text)["type"] for e in hellos] == ["hello"]
    assert StartTimer(join_screen.POLL, join_screen.POLL_MS) in effects

    def tick(model, now):
        model, effects = join_screen.JOIN.update(model, Tick(join_screen.POLL, now))
        return model, [json.loads(e.text)["type"] for e in effects if isinstance(e, pe.SendText)]

    # The first hello (or its answer) was lost: asked again after 2 s, then 4 s later, then 8 s later.
    model, early = tick(model, 2999)
    model, again = tick(model, 3000)
    model, later = tick(model, 5000)
    model, after = tick(model, 7000)
    assert (early, again, later, after) == ([], ["hello"], [], ["hello"])  # after 2 s, then 4 s later
    assert "Try again" not in text_of(join_screen.JOIN.view(replace(model, now_ms=5000)))
    slow = text_of(join_screen.JOIN.view(replace(model, now_ms=6500)))
    assert "has not answered yet" in slow and "Try again" in slow
    model, effects = join_screen.JOIN.update(model, UiEvent("click", "try-again", now_ms=6600))
    (retry,) = [e for e in effects if isinstance(e, pe.SendText)]
    session = Session("raythread", "Ann", players=2)
    session.handle("g", hellos[0].text, 1)
    for _to, message in session.handle("g", retry.text, 3002):  # a repeated hello is answered again
        model, _ = join_screen.JOIN.update(model, pe.PeerText(join_screen.HOST, p.encode(message), 6700))
    assert model.client.lobby is not None and not model.client.errors
    model, sent = tick(model, 60000)
    assert sent == []  # nothing is awaited any more


def test_a_host_reloaded_with_a_full_chat_of_the_fattest_lines_gets_its_lobby_back():
    """Version 1 restored the chat into a snapshot over 64 KiB that the host's own page refused, and it
    waited "for the lobby" for ever; now the snapshot travels in parts."""
    rtc = FakeRtc()
    browser = Browser()
    host = host_lobby(rtc, browser)
    bea = join(rtc, host, "Bea")
    for k in range(50):
        rtc.now += 1100
        bea.submit("chat", text=f"{k:02d}" + "😀" * 498)
    assert len(host.inner.live.session.chat) == 50
    assert len(p.encode(host.inner.live.session.snapshot("m1").to_json()).encode()) > p.MAX_BYTES
    host.close()  # the reload: the old page goes
    again = rtc.page(browser, "#/host?game=raythread")
    assert again.inner.live.client.lobby is not None and len(again.inner.live.client.chat) == 50
    assert "Waiting for the lobby" not in again.text
    newcomer = join(rtc, again, "Cal")
    assert newcomer.inner.client.lobby is not None and len(newcomer.inner.client.chat) == 50


def test_a_guest_page_says_when_the_host_sent_something_it_could_not_read_until_the_host_is_in_step_again():
    """A malformed message from the host changes nothing (``Client.receive``), and the player is told so, in
    the page's language, with the reason; the next good update from the host takes the notice away."""
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    session = host.inner.live.session
    play(host, session, "A")
    client = bea.inner.client
    board = text_of(bea.by_class("match-status")[0])
    view = json.loads(json.dumps(client.match.view))
    view["tiles"][0]["cell"] = [40, 2]
    spoiled = p.Update(client.seq + 1, client.lobby, replace(client.match, view=view), ())
    with in_language("ja"):
        bea.send(pe.PeerText("host", p.encode(spoiled), rtc.now))
        notice = bea.by_class("problem")
        assert len(notice) == 1 and notice[0].attr("role") == "alert"
        said = text_of(notice[0])
        assert "ホスト" in said and "'tiles[0].cell'はボードの外です（行と列は0～10）。" in said
    bea.send(pe.PeerText("host", p.encode(spoiled), rtc.now))
    assert "could not read" in text_of(bea.by_class("problem")[0])
    assert "'tiles[0].cell' is off the board" in text_of(bea.by_class("problem")[0])
    assert text_of(bea.by_class("match-status")[0]) == board, "the board is as it was"
    # A garbled text, too (not even JSON).
    bea.send(pe.PeerText("host", "{", rtc.now))
    assert bea.by_class("problem")
    # The host's next update puts Bea's page in step again (a resync: the spoiled update's number was skipped).
    play(bea, session, "C")
    rtc.pump()
    assert not bea.by_class("problem")
    assert len(session.match.record.log) == 2 and client.match.moves == 2


def test_two_tabs_that_join_two_game_nights_at_once_each_keep_their_seat_after_a_reload():
    """Each tab read the browser's reconnection tokens when it opened; the one welcomed last used to store
    its copy over the other's token, so that tab, reloaded, was a stranger to its host."""
    rtc = FakeRtc()
    ann, cho = host_lobby(rtc, Browser()), host_lobby(rtc, Browser(), name="Cho")
    bea_browser = Browser()
    links = [invite_link(ann), invite_link(cho)]
    tabs = [rtc.visit(bea_browser, link) for link in links]  # both open before either joins
    for tab, host in zip(tabs, (ann, cho), strict=True):
        tab.submit("join", name="Bea")
        host.submit("reply", reply=tab.value_of("reply-code"))
        tab.click("sit", seat="C")
    tokens = json.loads(bea_browser.storage["peer.tokens"])
    assert set(tokens) == {ann.inner.live.lobby_id, cho.inner.live.lobby_id}
    answered = json.loads(bea_browser.storage["peer.used"])
    assert len(answered) == 2, "both invitations are remembered as answered"
    # The first tab is reloaded: its invitation is used up, and the host's new one takes it back to its seat.
    tabs[0].close()
    bea_id = next(m for m, info in ann.inner.live.session.members.items() if info.name == "Bea")
    ann.click("invite", member=bea_id)
    again = rtc.visit(bea_browser, str(ann.by_class("invite-link")[0].attr("value")))
    assert "Welcome back, Bea" in again.text
    again.submit("join")
    ann.submit("reply", reply=again.value_of("reply-code"))
    assert seats(ann)["C"] == "Bea" and again.inner.client.member == bea_id


def test_a_second_host_tab_stands_down_and_the_first_keeps_the_game_night():
    """A browser hosts one game night (one saved lobby). A second host tab restored it and ran it beside
    the first, each saving over the other and both taking reply links."""
    rtc = FakeRtc()
    browser = Browser()
    ann = host_lobby(rtc, browser)
    bea = join(rtc, ann, "Bea")
    bea.click("sit", seat="C")
    rtc.now += 5000
    second = rtc.page(browser, "#/host?game=raythread")
    rtc.pump()
    assert second.inner.live is None and second.inner.elsewhere == "Friday night"
    assert "open in another tab of this browser" in second.text and not second.find(lambda e: e.tag == "form")
    assert not second.timers and not second.warn
    assert second.find(lambda e: e.attr("data-stage") == "elsewhere")
    # The first tab goes on as before, and what is saved is its lobby.
    assert members(ann)["Bea"] == "connected"
    saved = json.loads(browser.storage["peer.host"])
    assert saved["id"] == ann.inner.live.lobby_id
    bea.click("stand")  # its changes are saved
    assert seats(ann)["C"] == "free" and json.loads(browser.storage["peer.host"]) != saved
    # A reply link opened in this browser goes to the first tab alone (both used to take it).
    _cy, reply = reply_tab(rtc, ann, "Cy", browser)
    assert reply.inner.stage == "taken" and members(ann)["Cy"] == "connected"
    assert second.inner.live is None and "open in another tab" in second.text
    # Once the first tab is closed, a reload of the second hosts the game night again.
    ann.close()
    again = rtc.page(browser, "#/host?game=raythread")
    rtc.pump()
    assert again.inner.live is not None and again.inner.live.lobby_id == saved["id"]
    assert set(members(again)) == {"Ann", "Bea", "Cy"}


def test_two_tabs_that_open_a_game_night_at_once_keep_the_first_and_its_save():
    rtc = FakeRtc()
    browser = Browser()
    first = rtc.page(browser, "#/host?game=raythread")
    second = rtc.page(browser, "#/host?game=raythread")  # both forms open before either is sent
    first.submit("host-setup", lobby="Friday night", name="Ann", game="raythread")
    rtc.now += 1000
    second.submit("host-setup", lobby="Saturday", name="Ann", game="lightseeker")
    rtc.pump()
    assert first.inner.live is not None and second.inner.live is None and second.inner.elsewhere == "Saturday"
    assert json.loads(browser.storage["peer.host"])["id"] == first.inner.live.lobby_id, "saved again by the first"


def room_note(page: Page) -> str:
    """What the seats section says about members who have no seat (empty: nothing)."""
    return " ".join(text_of(e) for e in page.by_class("room-note"))


def test_a_guest_with_no_free_seat_is_told_to_wait_for_room_and_the_host_is_offered_to_make_it():
    """A Reflection lobby starts with one seat, the host's: a guest who joins had nothing to do and was
    told nothing. The guest reads that every seat is taken and that the host can make room; the host
    reads who waits and raises the count in one click, keeping the game and its options; then the
    guest takes the new seat and both notes are gone."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="1", mode="random", preset="hard", rounds="3")
    bea = join(rtc, host, "Bea")
    assert seats(bea) == {"1": "Ann"}
    said = room_note(bea)
    assert "Every seat is taken" in said and "host" in said and "watch" in said, said
    assert not bea.find(lambda e: e.attr("data-action") == "make-room"), "only the host can make room"
    assert "Bea is waiting for a seat." in room_note(host)
    (button,) = host.find(lambda e: e.attr("data-action") == "make-room")
    assert text_of(button) == "Room for 2 players"
    with in_language("ja"):
        assert "Bea" in room_note(host) and "席" in room_note(bea) and "Every" not in room_note(bea)
    assert button.attr("data-players") == 2
    host.click("make-room", players="2")
    lobby = host.inner.live.client.lobby
    assert (lobby.game, lobby.players) == ("reflection", 2)
    assert (lobby.options or {}).get("preset") == "hard" and lobby.options.get("rounds") == 3, lobby.options
    assert seats(bea) == {"1": "Ann", "2": "free"}
    assert room_note(bea) == room_note(host) == ""
    bea.click("sit", seat="2")
    assert seats(host) == {"1": "Ann", "2": "Bea"}


def test_a_guest_past_the_game_s_most_players_is_told_it_will_watch():
    """Light Seeker seats two: a third member has no seat the host could add, and is told it will watch
    the match (and the host is offered nothing it cannot do)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    cal = join(rtc, host, "Cal")
    assert "Every seat is taken" in room_note(cal) and "at most 2 players" in room_note(cal)
    assert "Cal has no seat and will watch the match." in room_note(host)
    assert not host.find(lambda e: e.attr("data-action") == "make-room")
    assert room_note(bea) == "", "a seated player has nothing to be told"


def pick(page: Page, name: str, value: str) -> None:
    """The host picks ``value`` in the lobby's ``name`` select, as the shell reports it: a change event
    from the nearest element with a ``data-action`` (the select's own, else its form's), no form data."""
    select = page.find(lambda e: e.tag == "select" and e.attr("name") == name)[0]
    holder = select if select.attr("data-action") else page.find(lambda e: e.attr("data-action") == "choose")[0]
    data = {k.removeprefix("data-"): str(v) for k, v in holder.attrs if k.startswith("data-") and k != "data-action"}
    page.send(UiEvent("change", str(holder.attr("data-action")), data, value=value, now_ms=page.rtc.now))
    page.rtc.pump()


def test_picking_a_game_or_a_player_count_in_the_lobby_applies_it_at_once():
    """The host's "Start the match" is not the form's submit: a game picked in the select and left unapplied started
    the old game's match (the form still listed its player counts and options)."""
    rtc = FakeRtc()
    host, bea, _cal = three_seats(rtc)
    pick(host, "game", "lightseeker")
    for page in (host, bea):
        assert (
            "Light\u00a0Seeker · choosing seats" in page.text
            and "Raythread\u00a0Rally · choosing seats" not in page.text
        )
    counts = host.find(lambda e: e.tag == "select" and e.attr("name") == "players")[0]
    assert [o.attr("value") for o in counts.children if isinstance(o, type(counts))] == [2]
    assert seats(host) == seats(bea) == {"1": "Ann", "2": "Bea"}
    pick(host, "game", "raythread")
    pick(host, "players", "4")
    assert seats(host) == seats(bea) == {"A": "Ann", "B": "Bea", "C": "free", "D": "free"}
    pick(host, "game", "lightseeker")
    host.click("start")  # the game the select shows
    assert host.by_class("ls-board") and bea.by_class("ls-board") and not host.by_class("rt-board")


def reflection_started(rounds: int):
    """A Reflection match of random Easy puzzles just started by Ann (the host, seat 1) and Bea (seat 2):
    their pages, the puzzle still being made on the host's."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="2", mode="random", preset="easy", rounds=str(rounds))
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    host.click("start")
    assert not host.by_class("error"), "the options were taken (rounds: 1, 3 or 5)"
    return host, bea


def test_a_reflection_match_the_host_ends_says_nobody_is_still_solving_in_either_language():
    """The host ends a Reflection round while both players solve: on the host's page and the guest's,
    nothing says or implies anyone still solves (the race, the seat list, the clock), and no control
    invites a solve; in English and in Japanese."""
    host, bea = reflection_started(rounds=1)
    host.work()  # the host's browser makes the puzzle
    for page in (host, bea):
        page.tick("match.clock")
        assert "Still solving: you, " in page.text and "solving" in text_of(page.by_class("match-seats")[0])
        assert page.by_class("rf-clock") and page.find(lambda e: e.attr("data-action") == "rf-submit")
    end_match(host)
    for language, still, solving in (("en", "Still solving", "solving"), ("ja", "解答中", "解答中")):
        with in_language(language):
            for page in (host, bea):
                page.tick("match.clock")
                said = text_of(page.by_class("match-screen")[0])
                seat_list = text_of(page.by_class("match-seats")[0])
                assert still not in said and solving not in seat_list, (language, said)
                assert not page.by_class("rf-clock"), "no clock runs for a match that ended"
                assert not page.find(lambda e: e.attr("data-action") in ("rf-submit", "rf-give-up", "rf-tool"))
                assert not page.find(lambda e: e.attr("tabindex") == "0" and e.attr("role") == "gridcell")
                # Each seat says how the match left it: the puzzle unfinished.
                assert seat_list.count("did not finish" if language == "en" else "未完了") == 2, seat_list


def test_a_light_seeker_match_the_host_ends_sets_no_turn_to_anyone():
    """After the host ends a Light Seeker match, neither page says what the turn must do any more."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    host.click("start")

    def shown(node) -> str:  # without the words that only hold their room, unseen and unread
        if isinstance(node, str):
            return node
        return "" if node.attr("class") == "ls-gone" else " ".join(shown(child) for child in node.children)

    def shown_words(page) -> str:  # the line over the valley
        return shown(page.by_class("ls-info")[0])

    for page in (host, bea):
        assert "This turn must end above" in shown_words(page) and "The match is over" not in shown_words(page)
    end_match(host)
    for page, said in ((host, "You ended the match."), (bea, "The host ended the match.")):
        assert text_of(page.by_class("match-status")[0]) == said
        assert "This turn must end above" not in shown_words(page) and "Turn 1" not in shown_words(page)
        # Said once, by the status: not again over the valley (QA); how many turns were played stays.
        assert "The match is over" not in shown_words(page) and "Turns played" in shown_words(page)
        assert not page.by_class("ls-turn")
        assert page.by_class("ls-light") and page.by_class("ls-target"), "what the board shows stays"


def test_the_host_s_word_that_it_makes_a_puzzle_is_the_match_s_notice_under_its_buttons():
    """While the host's page makes a puzzle of the match, it says so in the match screen's notice (in the
    side column, under the buttons), not above the lobby's match, where it moved the board as it came
    and went; the guest's page has no such notice. While the match waits for round 1's puzzle the
    status says so instead (the notice said it a second time)."""
    host, bea = reflection_started(rounds=3)
    assert not host.by_class("match-notice") and text_of(host.by_class("match-status")[0]) == "Making the first puzzle…"
    first = host.works.pop(lobby_host.PREPARE)  # round 1's puzzle is made; round 2's is next
    host.send(WorkDone(first.task, run_work(first)[1], host.rtc.now))
    host.rtc.pump()
    assert host.by_class("rf-work") and lobby_host.PREPARE in host.works
    (notice,) = host.by_class("match-notice")
    assert text_of(notice) == "Your browser is making the match's next puzzle in the background."
    side = host.by_class("match-side")[0]
    assert find_all(side, lambda e: "match-notice" in str(e.attr("class"))) and not bea.by_class("match-notice")
    host.work()
    assert not host.by_class("match-notice")


def test_the_form_s_start_asks_for_a_choose_only_when_the_form_changed_something():
    """``lobby_requests`` is the one place that decides what "Start the match" sends: the form as shown
    starts at once (no needless ``Choose`` on the wire); an edit is ``Choose`` first, then ``Start``."""
    from gamenight.ui.lobby.panel import lobby_requests

    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea").click("sit", seat="C")
    host.submit("choose", game="raythread", players="2")
    client = host.inner.live.client
    (form,) = host.find(lambda e: e.tag == "form" and e.attr("data-action") == "choose")
    shown = {"game": "raythread", "players": "2"}  # the lobby's defaults, as the form writes them out
    shown |= {e.attr("name"): str(e.attr("value")) for e in find_all(form, lambda e: e.tag == "input")}
    shown["size"] = str(games.rules("raythread").options(None).size)

    def sent(**form: str) -> list[str]:
        event = UiEvent("submit", "choose", form={**shown, **form, "start": ""})
        return [m["type"] for m in lobby_requests(client, event)]

    assert sent() == ["start"]
    assert sent(target="20") == ["choose", "start"]
    assert sent(players="3") == ["choose", "start"]
    assert [m["type"] for m in lobby_requests(client, UiEvent("submit", "choose", form=shown))] == ["choose"]


def test_start_the_match_starts_with_the_options_the_form_shows():
    """The host edits an option and presses "Start the match" without Apply: the match starts with the
    edit (it was silently dropped), and a value Apply refuses gets Apply's reason and starts nothing."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea").click("sit", seat="C")
    host.submit("choose", game="raythread", players="2")  # seats A and C
    (form,) = host.find(lambda e: e.tag == "form" and e.attr("data-action") == "choose")
    starts = host.find(lambda e: e.tag == "button" and text_of(e) == "Start the match")
    assert len(starts) == 1 and starts[0].attr("type") == "submit", "Start submits what the form shows"
    assert starts[0].attr("form") == form.attr("id") and starts[0].attr("name") == "start"
    host.submit("choose", game="raythread", players="2", target="lots", start="")
    assert host.by_class("error")[0].children[0] == "Points to win must be a whole number from 1 to 28."
    assert host.inner.live.session.match is None, "a refused value starts nothing"
    host.submit("choose", game="raythread", players="2", target="99", start="")
    assert "'target' must be between 1 and 28" in text_of(host.by_class("error")[0])
    assert host.inner.live.session.match is None
    host.submit("choose", game="raythread", players="2", size="13", target="20", start="")
    assert host.inner.live.session.options == {"size": 13, "target": 20}
    assert host.by_class("rt-board"), "the match started"
    assert host.inner.live.session.match.running


def reflection_with_a_spectator() -> tuple[FakeRtc, Page, Page, Page]:
    """A Reflection race of one round under way: Ann hosts, Bea plays seat 2, Dan watches."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="2", mode="random", preset="easy", rounds="1")
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    dan = join(rtc, host, "Dan")  # sits nowhere: a spectator
    host.click("start")
    host.work()  # the host's browser makes the puzzle
    return rtc, host, bea, dan


def inviting(page: Page) -> list[str]:
    """What on a Reflection match page invites a change to its board."""
    return [
        str(e.attr("data-action") or e.attr("role"))
        for e in page.find(
            lambda e: (
                e.attr("data-action") in ("tray", "rf-watch", "rf-zoom", "rf-submit", "rf-give-up")
                or (e.attr("role") == "gridcell" and e.attr("tabindex") == "0")
            )
        )
    ]


def test_a_spectator_s_watched_puzzle_invites_no_input_once_the_host_ends_the_match():
    """A spectator tries the puzzles in play on its own page (locally); once the host ends the match,
    its watched board is shown as it was left and invites no input, as the players' boards: no tray, no
    cursor in the grid, no puzzle picker, no word that its tiles stay on the page."""
    _rtc, host, _bea, dan = reflection_with_a_spectator()

    assert dan.find(lambda e: e.attr("data-task") == "watch")
    assert "tray" in inviting(dan) and "You are watching" in dan.text  # the spectator may try the puzzle
    end_match(host)
    assert text_of(dan.by_class("match-status")[0]) == "The host ended the match."
    assert dan.by_class("rf-board-wrap"), "the board stays on show"
    assert inviting(dan) == [] and "the tiles you place" not in dan.text
    assert not dan.find(lambda e: e.attr("data-hold"))


def test_a_page_that_loses_the_host_shows_its_reflection_board_taking_no_input_while_the_match_goes_on():
    """A player's and a spectator's page lose the host mid-round: no input reaches the host (the page
    drops it), so neither board looks editable (no tray, no cursor in the grid, no puzzle picker, no
    Bigger cells, no Submit): the board stays on show under the status that says how to rejoin. Unlike
    a match the host ended, it goes on elsewhere: nobody is said to have stopped solving."""
    rtc, host, bea, dan = reflection_with_a_spectator()

    assert "tray" in inviting(dan) and "rf-submit" in inviting(bea)
    bea.click("tray", kind="block")
    bea.click("cell", r="0", c="0")
    placed = bea.inner.board.local.layout
    assert placed.at((0, 0)) == "#"
    for page in (bea, dan):
        page.send(pe.PeerClosed("host", rtc.now, "gone"))
        assert page.inner.stage == "lost" and page.by_class("rejoin")
        assert text_of(page.by_class("match-status")[0]).startswith("Not connected to the host")
        assert page.by_class("rf-board-wrap"), "the board stays on show"
        assert inviting(page) == [], inviting(page)
        assert not page.find(lambda e: e.attr("data-hold"))
        assert "solving" in text_of(page.by_class("match-seats")[0]), "the match goes on at the host's"
        assert "did not finish" not in page.text
    assert "the tiles you place" not in dan.text
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert "rf-submit" in inviting(bea) and "tray" in inviting(bea), "its board takes input again"
    assert bea.inner.board.local.layout == placed, "the tiles placed before are still there"


def test_while_round_1_s_puzzle_is_made_the_status_says_so_and_the_live_regions_say_it_once():
    """While the host's page makes the first puzzle nobody may move: the status says what the match waits
    for, not a bare "Waiting…", on the host's page and the guest's, in English and Japanese; and what
    the screen reader hears of it comes once (the live region's status line), not again from the banner's
    note and the host's notice of background work."""
    host, bea = reflection_started(rounds=3)

    def live_lines(page: Page) -> list[str]:
        regions = page.find(lambda e: bool(e.attr("aria-live")) or e.attr("role") in ("status", "alert"))
        return [text_of(region) for region in regions]

    for language, making in (("en", "Making the first puzzle…"), ("ja", "最初のパズルを作成中…")):
        with in_language(language):
            for page in (host, bea):
                assert text_of(page.by_class("match-status")[0]) == making, language
                said = [line for line in live_lines(page) if "making" in line.lower() or "作" in line]
                assert said == [making], (language, said)
    host.work()  # the puzzle is made: round 1 starts, and the next puzzle is made in the background
    assert "Making" not in text_of(host.by_class("match-status")[0])


def test_while_round_1_s_puzzle_is_made_the_page_says_so_once_and_whose_browser_makes_it():
    """While round 1's puzzle is made, the status says so ("Making the first puzzle…") and the banner
    does not say it again ("Preparing round 1…" over "The host's browser is making the puzzle."): its
    heading names the round, and beside a progress bar a line says whose browser makes the puzzles, the
    host's own on the host's page ("your browser", not "the host's"), in English and Japanese."""
    host, bea = reflection_started(rounds=3)
    notes = {
        "en": (
            "Your browser makes this match's puzzles: keep this page open.",
            "The host's browser makes this match's puzzles.",
        ),
        "ja": (
            "この対戦のパズルはあなたのブラウザが作ります。このページを開いたままにしてください。",
            "この対戦のパズルはホストのブラウザが作ります。",
        ),
    }
    for language, heading in (("en", "Round 1 of 3"), ("ja", "ラウンド1／3")):
        with in_language(language):
            for page, note in zip((host, bea), notes[language], strict=True):
                (banner,) = page.by_class("rf-banner")
                assert text_of(banner.children[0]) == heading, language
                (preparing,) = page.by_class("rf-preparing")
                assert text_of(preparing).strip() == note, language
                (bar,) = find_all(preparing, lambda e: e.tag == "progress")  # the progress bar stays
                # It is named as the status speaks ("Making…"); it was "Preparing the puzzle".
                assert bar.attr("aria-label") == {"en": "Making the puzzle", "ja": "パズルを作成中"}[language]
                shown = text_of(page.by_class("match-main")[0])
                assert "Preparing" not in shown and "準備中" not in shown, (language, shown)


def test_at_the_end_of_a_lobby_s_match_each_page_says_who_won_once():
    """The lobby's match screen is the shared one: its status says who won and the result panel beside
    it ranks, without saying it again (it did, as its heading)."""
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    session = host.inner.live.session
    while session.match.running:
        turn = "A" if session.match.state.turn == 0 else "C"
        play(host if turn == "A" else bea, session, turn)
    for page in (host, bea):
        said_once(page.tree)
        assert text_of(page.by_class("match-result")[0].children[0]) == "Final standings"


def test_hosting_another_game_while_a_game_night_is_saved_says_which_game_the_saved_night_plays():
    """ "Host a game night" from Light Seeker's card opens this browser's saved game night, which plays
    Raythread Rally: the page keeps that night and says plainly that it is another game, and the two
    ways to Light Seeker (pick it in the lobby, or close this night)."""
    rtc = FakeRtc()
    browser = Browser()
    host = host_lobby(rtc, browser, game="raythread")
    host.close()
    saved = browser.storage[lobby_host.STORE_KEY]
    page = rtc.page(browser, "#/host?game=lightseeker")
    assert page.inner.live is not None and page.inner.live.session.game_id == "raythread", "the night is kept"
    assert "Your Raythread Rally game night is still open" in page.text, page.text
    assert "To play Light Seeker, pick it as the game below" in page.text, page.text
    assert "close this game night" in page.text
    assert json.loads(browser.storage[lobby_host.STORE_KEY])["id"] == json.loads(saved)["id"]
    # With a match on, the lobby offers no game to pick until it ends: the page says so.
    page.submit("add-bot", seat="C", level="easy")
    page.click("start")
    assert page.inner.live.session.match.running
    page.close()
    again = rtc.page(browser, "#/host?game=lightseeker")
    assert "with a match on. To play Light Seeker, end the match, then pick it" in again.text, again.text
    # The game the saved night plays, or none asked for, needs no word.
    again.close()
    for route in ("#/host?game=raythread", "#/host"):
        other = rtc.page(browser, route)
        assert "is still open" not in other.text and "was restored" in other.text, other.text
        other.close()
    ja = rtc.page(browser, "#/host?game=lightseeker")
    with in_language("ja"):
        assert "Raythread Rallyのゲームナイトはまだ開いていて、対戦中です。Light Seekerを遊ぶには" in ja.text, ja.text
    # Once the lobby plays the game asked for, the word is gone.
    end_match(ja)
    ja.submit("choose", game="lightseeker", players="2")
    assert ja.inner.live.session.game_id == "lightseeker" and "is still open" not in ja.text, ja.text


def focus_homes(page: Page) -> list[str]:
    """The classes (or tags) of the elements that take focus when the focused element goes (index.html)."""
    return [str(e.attr("class") or e.tag) for e in page.find(lambda e: e.attr("data-focus-home") is not None)]


def test_a_game_switch_gives_the_guests_focus_a_home_on_the_lobby_s_heading_and_a_match_keeps_it_on_its_status():
    """The host ends a match and picks another game: the board a guest had focused goes, and with no focus
    home on the page (the match's status went with it) a keyboard guest's focus fell to the body, the next
    Tab starting at the header. The lobby's heading, which names the new game, is the home while no match
    is shown; while one is, its status is the only one."""
    rtc = FakeRtc()
    host, bea, cal = ended_three_seat_match(rtc)
    for page in (host, bea, cal):
        assert focus_homes(page) == ["match-status"]
    host.submit("choose", game="lightseeker", players="2")
    for page in (host, bea, cal):
        (heading,) = page.find(lambda e: e.tag == "h2" and "Light\u00a0Seeker · choosing seats" in text_of(e))
        assert heading.attr("data-focus-home") is not None and heading.attr("tabindex") == "-1"
        assert len(focus_homes(page)) == 1
    host.click("start")
    for page in (host, bea, cal):
        assert focus_homes(page) == ["match-status"]


def test_invite_again_takes_the_hosts_focus_to_the_new_invitation_far_above_the_members_list():
    """The "Invite again" button sits in the members list, under the board; the invitation it makes is drawn at the top
    of the page, out of sight: focus goes to the new card's heading, which brings it into view and leaves
    the link and "Copy link" the next Tab stops."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea", Browser())
    bea.click("sit", seat="C")
    bea.close()
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    (card,) = [c for c in host.by_class("invite") if "Invitation for Bea" in text_of(c)]
    (heading,) = find_all(card, lambda e: e.tag == "h3")
    assert heading.attr("tabindex") == "-1" and heading.attr("id")
    assert host.focused[-1] == f"#{heading.attr('id')}"
    asked = len(host.focused)
    host.click("invite")  # "Invite a player" at the top: its card comes right under it, focus stays
    assert host.focused[-1] == f"#{heading.attr('id')}" and len(host.focused) == asked


def test_the_restored_notice_goes_once_every_guest_is_back():
    """The notice "Your game night was restored. Guests show as disconnected: invite them again …" stayed atop
    the host's page after every guest had come back, through the rest of the match and the next."""
    rtc = FakeRtc()
    reloaded, _bea, bea_browser = reloaded_mid_match(rtc)
    assert "was restored" in reloaded.text
    _back, reply = invited_back(rtc, reloaded, "Bea", bea_browser)
    assert "was restored" in reloaded.text  # Bea is invited, still away
    reloaded.submit("reply", reply=reply)
    assert members(reloaded)["Bea"] == "connected"
    assert "was restored" not in reloaded.text and "invite them again" not in reloaded.text


def test_a_host_page_reloaded_after_a_game_switch_does_not_offer_the_game_it_was_first_opened_for():
    """The host opened the page for Raythread Rally (``#/host?game=raythread``), then switched the game night
    to Light Seeker in the lobby. Reloaded mid-match, the page read the old address as a wish to play
    Raythread Rally: "Your Light Seeker game night is still open, with a match on. To play Raythread Rally,
    end the match …". The address follows the lobby's game, so a reload restores without that notice."""
    rtc = FakeRtc()
    host_browser = Browser()
    host = host_lobby(rtc, host_browser)
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="lightseeker", players="2")
    bea.click("sit", seat="2")
    host.click("start")
    assert host.address == "#/host?game=lightseeker"
    host.close()
    reloaded = rtc.page(host_browser, host.address)
    assert "was restored" in reloaded.text and reloaded.by_class("ls-board")
    assert "To play" not in reloaded.text, reloaded.text


def test_a_japanese_lobby_heading_says_the_seats_are_being_decided_in_one_word():
    """The heading "席を選び中" (a verb's stem with 中) read oddly and broke on a phone as "席を / 選び中"; seats being
    decided is 席決め中."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    with in_language("ja"):
        (heading,) = host.find(lambda e: e.tag == "h2" and "Raythread Rally" in i18n.plain(text_of(e)))
        assert text_of(heading) == "Raythread\u00a0Rally・席決め中"


def test_the_hosts_connected_note_goes_when_that_guest_leaves():
    """The note "Cal is connected." (the answer to the host's last paste) stayed under the reply form after Bea's page
    closed, and showed again once the host invited someone: beside "disconnected" in the members list."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    cal = join(rtc, host, "Cal")
    assert "Cal is connected." in host.text
    bea.close()  # another guest leaves: the note about Cal stays true
    assert "Cal is connected." in host.text
    cal.close()
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)  # the reply form shows again, for the new invitation
    assert members(host)["Cal"] == "gone" and "Cal is connected." not in host.text


def says_in_short(notice: Element, emphasised: str, whole: str) -> None:
    """``notice`` says ``whole``, and emphasises only its first line, ``emphasised``."""
    assert [text_of(e) for e in find_all(notice, lambda e: e.tag == "strong")] == [emphasised]
    assert text_of(notice) == whole


def test_a_reopened_answered_invitation_says_in_short_what_happened_and_what_to_do_as_information():
    """The page of a member that was closed and reopened: one emphasised line (what happened), then
    the one thing to do, in normal weight, in a box drawn as information (``back``), not as an error
    (``away``, the danger colour): coming back on a used link is a normal step. Short: the seat list says
    what was kept once back, and a computer player is not mentioned (the page cannot know before it
    reconnects whether one took the seat, and mostly none did)."""
    rtc = FakeRtc()
    _host, bea_browser, link, bea = bea_answered(rtc)
    bea.close()
    again = rtc.visit(bea_browser, link)
    (notice,) = again.by_class("connection")
    assert notice.attr("class") == "connection back"
    says_in_short(
        notice,
        "Welcome back, Bea: this invitation has already been used.",
        "Welcome back, Bea: this invitation has already been used. Ask the host for a new one and paste it "
        "below, or scan its QR code. If another tab is still in the game night, carry on there.",
    )
    with in_language("ja"):
        (notice,) = again.by_class("connection")
        assert text_of(notice) == (
            "おかえりなさい、Beaさん。この招待はすでに使われています。ホストに新しい招待をもらい、"
            "下に貼り付けるか、そのQRコードを読み取ってください。"
            "別のタブでまだゲームナイトに参加中なら、そちらで続けてください。"
        )
    # Expired: the other-tab sentence does not apply (a tab still in would not have let it expire unused).
    rtc.now += 11 * 60 * 1000
    expired = rtc.visit(bea_browser, link)
    (notice,) = expired.by_class("connection")
    assert text_of(notice) == (
        "Welcome back, Bea: this invitation has expired. Ask the host for a new one and paste it below, or scan "
        "its QR code."
    )


def test_a_guest_who_only_reloaded_is_told_the_reload_ended_the_connection_and_a_second_tab_gets_todays_words():
    """A player's pass: Bea reloaded mid-match and read "this invitation has already been used", which reads
    like an error to someone who only reloaded. A tab can tell its own reload: ``net/rtc.py`` marks the tab's own
    storage when a page holding an open connection goes (a reload keeps that storage; another tab has its own,
    and a duplicated tab copies it while the first is still connected, before any mark), and takes the mark
    away when a connection opens again. Where the page knows, it says what happened in a player's words."""
    rtc = FakeRtc()
    _host, bea_browser, link, bea = bea_answered(rtc)
    duplicate = Page(rtc, bea_browser, bea.address, dict(bea.session))  # copied while Bea is connected
    reloaded = bea.reload()
    assert reloaded.inner.stage == "back"
    (notice,) = reloaded.by_class("connection")
    says_in_short(
        notice,
        "Welcome back, Bea: reloading or closing this page ended its connection to the host.",
        "Welcome back, Bea: reloading or closing this page ended its connection to the host. Ask the host for a "
        "new invitation and paste it below, or scan its QR code. You keep your name and seat unless the host "
        "has given the seat to someone else.",
    )
    with in_language("ja"):
        (notice,) = reloaded.by_class("connection")
        assert text_of(notice) == (
            "おかえりなさい、Beaさん。ページを再読み込みしたか閉じたため、ホストとの接続が切れました。"
            "ホストに新しい招待を頼んで、下に貼り付けるか、そのQRコードを読み取ってください。"
            "ホストが席を他の人に渡していなければ、名前と席はそのままです。"
        )
    # A tab duplicated from the reloaded one (or opened from it by ``window.open``) copies its storage as it is
    # now: the mark was read, and taken away, by the page that followed the one that left it, so the copy says
    # today's words, and the reloaded page still says its reload.
    copy = Page(rtc, bea_browser, reloaded.address, dict(reloaded.session))
    assert copy.inner.stage == "back"
    assert "reloading" not in copy.text and "If another tab is still in the game night" in copy.text
    assert "reloading or closing this page" in reloaded.text
    # Reloaded again before rejoining: the mark is gone, so the page cannot tell a reload from a copy; today's words.
    again = reloaded.reload()
    assert "reloading" not in again.text and "If another tab is still in the game night" in again.text
    # Another tab, and a tab duplicated from a connected one: the page cannot know, today's words.
    for other in (rtc.visit(bea_browser, link), duplicate):
        assert other.inner.stage == "back"
        assert "reloading" not in other.text and "If another tab is still in the game night" in other.text


def test_a_guest_that_loses_the_host_is_told_in_short_what_happened_what_to_do_and_what_is_kept():
    """The lost connection: what happened in one emphasised line (the strip above the lobby), then under the
    board in normal weight why (when there is more to say than a plain close), the one thing to do and what is
    kept. No computer player: the host decides that, and this page cannot know."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.send(pe.PeerClosed("host", rtc.now, "peer-closed"))

    def said(page: Page) -> tuple[str, str]:
        (line,) = page.find(lambda e: e.attr("data-connection") == "away")
        (strong,) = find_all(line, lambda e: e.tag == "strong")
        assert text_of(strong) == text_of(line)
        return text_of(line), text_of(page.by_class("away-steps")[0])

    assert said(bea) == (
        "Cut off from the host.",
        "Ask the host for a new invitation and paste it below, or scan its QR code. You keep your name and seat "
        "unless the host has given the seat to someone else. Anything the host had not confirmed yet is sent "
        "again when you are back.",
    )
    with in_language("ja"):
        assert said(bea) == (
            "ホストとの接続が切れました。",
            "ホストに新しい招待を頼んで、下に貼り付けるか、そのQRコードを読み取ってください。"
            "ホストが席を他の人に渡していなければ、名前と席はそのままです。"
            "ホストがまだ確認していない操作は、戻ったときに送り直されます。",
        )
    # A connection that failed says why, in normal weight, first under the board. Mid-night it had worked, so
    # the reason is short: not the first connection's advice on networks and relays (``peer-failed``), which
    # filled the notice.
    cal = join(rtc, host, "Cal")
    cal.send(pe.PeerClosed("host", rtc.now, "peer-failed"))
    (why,) = cal.find(lambda e: "why" in str(e.attr("class")).split())
    assert text_of(why) == "The network between the two browsers broke off."
    assert said(cal) == (
        "Cut off from the host.",
        "The network between the two browsers broke off. Ask the host for a new invitation and paste it below, "
        "or scan its QR code. You keep your name and seat unless the host has given the seat to someone else. "
        "Anything the host had not confirmed yet is sent again when you are back.",
    )
    with in_language("ja"):
        (why,) = cal.find(lambda e: "why" in str(e.attr("class")).split())
        assert text_of(why) == "2つのブラウザの間のネットワークが途切れました。"
    # A first connection that fails keeps the long reason: there, the networks' advice is what helps.
    dan, _reply = answer(rtc, host, "Dan")
    dan.send(pe.PeerClosed("host", rtc.now, "peer-failed"))
    assert "The two browsers could not reach each other." in text_of(dan.by_class("error")[0])


def test_a_waiting_invitation_follows_the_table_s_game_and_says_so_on_its_card():
    """An invitation made before the host picked another game kept naming the old one: its link said "Ann invites
    you to play Raythread Rally" to a guest who then sat down to Light Seeker. The link names the table's game now
    (the same invitation: same connection, id and expiry), and its card says that it changed."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    before = invite_link(host)
    made = iv.decode_invitation(before.partition("#join=")[2], rtc.now // 1000)
    assert made.game == "raythread"
    rtc.now += 30 * 1000
    pick(host, "game", "lightseeker")
    (card,) = host.by_class("invite")
    after = str(host.by_class("invite-link")[0].attr("value"))
    follows = iv.decode_invitation(after.partition("#join=")[2], rtc.now // 1000)
    assert follows.game == "lightseeker"
    assert (follows.invite, follows.issued_s, follows.transport) == (made.invite, made.issued_s, made.transport)
    assert "Expires in 9:30" in text_of(card)
    (note,) = find_all(card, lambda e: e.attr("class") == "followed")
    assert text_of(note) == (
        "Updated: this link now invites to Light Seeker. A player who opened the earlier link is told of the change "
        "when they join."
    )
    # Said in the card's live status line, so a screen-reader host hears it; the line stays the same while
    # the expiry counts down, so it is not said again at every render.
    (status,) = find_all(card, lambda e: e.attr("role") == "status")
    assert text_of(note) in text_of(status), "the game switch is in the card's role=status line"
    heard = text_of(status)
    rtc.now += 5 * 1000
    host.tick(lobby_host.TIMER)
    (card,) = host.by_class("invite")
    assert "Expires in 9:25" in text_of(card)
    assert text_of(find_all(card, lambda e: e.attr("role") == "status")[0]) == heard
    copy = find_all(card, lambda e: e.attr("data-action") == "copy")[0]
    assert copy.attr("data-text") == after
    cal = rtc.visit(Browser(), after)
    assert "Ann invites you to play Light Seeker." in cal.text
    pick(host, "game", "raythread")  # back to the game it was made for: nothing to say any more
    assert not host.by_class("followed")
    with in_language("ja"):
        pick(host, "game", "reflection")
        assert text_of(host.by_class("followed")[0]) == (
            "このリンクはReflectionへの招待に変わりました。前のリンクを開いた人には、参加したときにゲームが変わったことが"
            "伝わります。"
        )


def test_a_guest_who_joins_by_a_link_made_before_a_game_switch_is_told_which_game_the_table_plays():
    """The guest who opened the link before the switch read "Raythread Rally" and joined a Light Seeker lobby
    without a word. Once in, the page says which game the table plays now, as information, until a match starts;
    the guest takes a seat of the new game as anyone."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    bea = rtc.visit(Browser(), link)
    assert "Ann invites you to play Raythread Rally." in bea.text
    bea.submit("join", name="Bea")
    pick(host, "game", "lightseeker")
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert members(host) == {"Ann": "connected", "Bea": "connected"}
    (told,) = bea.by_class("switched")
    assert told.attr("role") == "status" and "error" not in str(told.attr("class"))
    assert text_of(told) == (
        "Ann has switched the game since inviting you: this game night now plays Light Seeker, not Raythread Rally."
    )
    bea.click("sit", seat="2")
    assert seats(host) == {"1": "Ann", "2": "Bea"}
    with in_language("ja"):
        assert text_of(bea.by_class("switched")[0]) == (
            "招待のあと、Annさんがゲームを変えました。"
            "このゲームナイトで遊ぶのはRaythread RallyではなくLight Seekerです。"
        )
    host.click("start")
    assert bea.by_class("ls-board") and not bea.by_class("switched"), "a match of that game makes it old news"
    end_match(host)
    assert not bea.by_class("switched")


def test_a_guest_told_of_a_switch_sees_the_note_go_when_the_host_switches_again():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, reply = answer(rtc, host, "Bea")
    pick(host, "game", "lightseeker")
    host.submit("reply", reply=reply)
    assert bea.by_class("switched")
    pick(host, "game", "reflection")  # seen live in the lobby: the note about the invitation no longer fits
    assert not bea.by_class("switched")
    # A guest whose invitation names the table's game is told nothing.
    cal = join(rtc, host, "Cal")
    assert not cal.by_class("switched")


def test_a_reply_the_host_never_takes_says_after_a_while_what_may_have_happened_and_what_to_do():
    """A newcomer who answered an invitation that was already used waited on "Waiting for the host…" for ever: the
    page cannot know. After REPLY_WAIT_MS it says calmly what may have happened and what to do; the reply stays."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    link = invite_link(host)
    bea = rtc.visit(Browser(), link)
    bea.submit("join", name="Bea")
    host.submit("reply", reply=bea.value_of("reply-code"))
    dan = rtc.visit(Browser(), link)  # the used link, sent on to a friend
    dan.submit("join", name="Dan")
    assert join_screen.HOST_WAIT in dan.timers and dan.every[join_screen.HOST_WAIT] == join_screen.HOST_WAIT_MS
    assert 60_000 <= join_screen.HOST_WAIT_MS <= 90_000
    (waiting,) = dan.by_class("waiting")
    assert text_of(waiting) == "Waiting for the host…" and waiting.attr("role") == "status"
    rtc.now += join_screen.HOST_WAIT_MS
    dan.tick(join_screen.HOST_WAIT)
    assert join_screen.HOST_WAIT not in dan.timers
    (waiting,) = dan.by_class("waiting")
    assert waiting.attr("role") == "status" and "error" not in str(waiting.attr("class"))
    assert "long" in str(waiting.attr("class"))
    says_in_short(
        waiting,
        "Still waiting for the host.",
        "Still waiting for the host. The host may not have pasted your reply yet, or this invitation was already "
        "used or has expired. Ask the host: send your reply again (it is still above), or ask for a new invitation.",
    )
    assert dan.value_of("reply-code") and dan.inner.stage == "reply"
    with in_language("ja"):
        assert text_of(dan.by_class("waiting")[0]) == (
            "まだホストを待っています。ホストがまだ返信を貼り付けていないか、この招待がすでに使われたか期限切れになった"
            "のかもしれません。ホストに確かめて、返信をもう一度送るか（上にそのまま残っています）、新しい招待を頼んで"
            "ください。"
        )


def test_the_long_wait_note_goes_when_the_host_connects():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, reply = answer(rtc, host, "Bea")
    rtc.now += join_screen.HOST_WAIT_MS
    bea.tick(join_screen.HOST_WAIT)
    assert "Still waiting for the host." in bea.text
    host.submit("reply", reply=reply)
    assert bea.inner.stage == "lobby" and "Still waiting" not in bea.text and not bea.by_class("waiting")
    assert join_screen.HOST_WAIT not in bea.timers
    # A rejoin's reply waits afresh: the note of the first wait is not carried over.
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    bea.send(pe.PeerClosed("host", rtc.now, "peer-closed"))
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    assert bea.inner.stage == "reply" and "Still waiting" not in bea.text
    assert join_screen.HOST_WAIT in bea.timers


def test_the_host_s_invitation_panel_names_each_heading_once_in_every_language():
    # In Japanese the panel's "Invitations" and its card's "Invitation" both read 招待: one heading twice,
    # one under the other.
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.click("invite")
    seen = {}
    for lang in ("en", "ja"):
        with in_language(lang):
            seen[lang] = [text_of(e) for e in host.find(lambda e: e.tag in ("h1", "h2", "h3"))]
    assert all(len(headings) == len(set(headings)) for headings in seen.values()), seen


def test_a_host_and_a_guest_who_paste_a_name_with_a_no_break_space_are_named_as_it_looks():
    # "Ann Lee" selected from a seat card's "Ann Lee\u00a0(A)" brings the no-break space along; typed with
    # Option+Space on a Mac it is one too. Each form takes the name it looks like (the wire never sees the mark).
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), name="Ann\u00a0Lee\u00a0")
    join(rtc, host, "Bea\u00a0Cole")
    assert sorted(info.name for info in host.inner.live.session.members.values()) == ["Ann Lee", "Bea Cole"]


def primaries(page: Page) -> list[tuple[str, str]]:
    """The primary buttons of ``page``'s lobby (not its invitations'): (action, words)."""
    (lobby,) = page.find(lambda e: e.tag == "section" and "lobby" in str(e.attr("class")).split())
    return [
        (str(b.attr("data-action")), text_of(b))
        for b in find_all(lobby, lambda e: e.tag == "button" and "primary" in str(e.attr("class")).split())
    ]


def test_at_a_finished_match_the_host_s_one_primary_action_is_the_rematch_and_the_form_s_says_what_it_does():
    """A player's pass: at a finished match the host read "Rematch" and the options form's "Start the match",
    both primary, both starting a match, and nothing said how they differ (docs/lobby.md, *Matches*)."""
    rtc = FakeRtc()
    host, _bea = two_player_match(rtc)
    assert primaries(host) == []  # a match runs: nothing to start
    end_match(host)
    assert primaries(host) == [("start", "Rematch")]
    assert form_starts(host) == [], "the form holds no change: the Rematch is the one way to start"
    # An option changed in the form, not applied: the form's button starts a match with it, which the
    # Rematch (the options applied) does not.
    change_option(host, "target", "20")
    (form_start,) = form_starts(host)
    assert form_start.attr("class") == "button" and text_of(form_start) == "New match with these options"
    # It applies the form's options first, then starts (``panel.lobby_requests``).
    assert form_start.attr("data-action") == "start" and form_start.attr("name") == "start"
    change_option(host, "target", "12")
    assert form_starts(host) == [], "the ended match's options again: nothing the Rematch does not do"


def form_starts(page: Page) -> list[Element]:
    """The host's options form's own start button ("New match with these options")."""
    return page.find(lambda e: e.tag == "button" and e.attr("form") == "lobby-choose")


def test_after_other_options_the_host_has_one_button_that_starts_the_next_match():
    """The host applied other options after the match: "Start the match" beside the ended match and the form's
    "New match with these options" both started the same match, as two buttons with two names."""
    rtc = FakeRtc()
    host, _bea = two_player_match(rtc)
    end_match(host)
    host.submit("choose", game="raythread", players="2", target="20")
    starts = host.find(lambda e: e.tag == "button" and e.attr("data-action") == "start")
    assert [text_of(b) for b in starts] == ["Start the match"]
    assert primaries(host) == [("start", "Start the match")]


def test_before_any_match_the_form_s_start_is_the_host_s_primary_action():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    assert primaries(host) == [("start", "Start the match")]


def test_a_guest_that_loses_the_host_hears_each_rejoin_step_politely_once():
    """A player's pass: a screen reader heard only the strip's alert ("The connection to the host was lost."):
    the steps under the board came in page order, never announced. One polite live region, drawn (empty and
    unseen) while the page is connected, so its words are a change when they come: the steps' words, and
    then each of the rejoin's; none of them said by a second region."""
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)

    def region(page: Page) -> Element:
        (said,) = page.find(lambda e: e.attr("id") == "rejoin-said")
        assert said.attr("aria-live") == "polite" and said.attr("aria-atomic") == "true"
        # Nothing in it announces on its own as well (a status or an alert said it twice).
        live = find_all(said, lambda e: e.attr("role") in ("status", "alert") or e.attr("aria-live") is not None)
        assert live == [said]
        return said

    assert text_of(region(bea)) == ""
    (idle,) = bea.find(lambda e: e.attr("id") == "rejoin-steps")
    assert "visually-hidden" in str(idle.attr("class")).split()  # no room taken while connected
    bea.send(pe.PeerClosed("host", rtc.now, "peer-closed"))  # a plain close: no reason said first
    assert text_of(region(bea)).startswith("Ask the host for a new invitation and paste it below")
    assert "rejoin-steps" in str(bea.find(lambda e: e.attr("id") == "rejoin-steps")[0].attr("class")).split()
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    assert text_of(region(bea)) == "Send this reply to your host. You join as soon as the host pastes it."
    assert bea.text.count("Send this reply to your host") == 1
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert text_of(region(bea)) == ""


def test_a_rejoin_s_reply_being_made_is_said_in_the_steps_region_alone():
    rtc = FakeRtc()
    _host, bea = two_player_match(rtc)
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    page = h("main", {}, join_screen._join_view(replace(bea.inner, stage="answering")))
    (said,) = find_all(page, lambda e: e.attr("id") == "rejoin-said")
    assert text_of(said) == "Preparing your reply…"
    assert not find_all(said, lambda e: e.attr("role") == "status")


def host_form(page: Page) -> dict[str, str]:
    """The host's form for the next match as the page draws it, as a browser submits it: each drawn control's
    name and value (a select's selected option, a checkbox's "1" only when checked), in order."""
    (form,) = page.find(lambda e: e.tag == "form" and e.attr("data-action") == "choose")
    sent: dict[str, str] = {}
    for control in find_all(form, lambda e: e.tag in ("select", "input") and e.attr("name")):
        name = str(control.attr("name"))
        if control.tag == "select":
            options = find_all(control, lambda e: e.tag == "option")
            picked = next((o for o in options if o.attr("selected")), options[0])
            sent[name] = str(picked.attr("value"))
        elif control.attr("type") == "checkbox":
            if control.attr("checked"):
                sent[name] = str(control.attr("value"))
        else:
            sent[name] = str(control.attr("value"))
    return sent


def host_form_names(page: Page) -> list[str]:
    """The names of the host's form's option controls as drawn (checked or not), in order."""
    (form,) = page.find(lambda e: e.tag == "form" and e.attr("data-action") == "choose")
    names = [str(c.attr("name")) for c in find_all(form, lambda e: e.tag in ("select", "input") and e.attr("name"))]
    return [n for n in names if n not in ("game", "players")]


def change_option(page: Page, name: str, value: str) -> None:
    """The host changes one option's control in the form (a select picked, a number typed and left, a box
    ticked: "1", or cleared: ""), as ui/dom.py reads the change."""
    page.send(UiEvent("change", "option", {"field": name}, value=value, now_ms=page.rtc.now))
    page.rtc.pump()


def test_the_host_s_form_shows_the_options_that_count_with_what_it_shows_now_before_apply():
    """The guest's list leaves out the options that do not count (``only_with``), but the host's form showed
    every field: "Built puzzles" with puzzles made by the app, "Custom board size" on Easy. It shows what
    counts with the values it shows now, the host's unapplied choices included, and follows each change at
    once; a field that comes back keeps the value the host gave it; focus stays on the control changed; Apply
    sends what the form shows and the guest's list then names the same options."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    bea = join(rtc, host, "Bea")
    random_easy = ["mode", "rounds", "teams", "limit", "preset", "warp", "triangles"]
    assert host_form_names(host) == random_easy
    change_option(host, "rounds", "3")
    host.focus_on("[data-action=option][data-field=mode]")
    change_option(host, "mode", "built")
    assert host_form_names(host) == ["mode", "variant", "limit", "preset", "warp", "triangles"]
    assert host_form(host)["mode"] == "built"
    assert host.focus_in("select[name=mode]"), "focus stays on the control the host changed"
    change_option(host, "preset", "custom")
    assert host_form_names(host) == [
        "mode",
        "variant",
        "limit",
        "preset",
        "size",
        "tiles",
        "black_holes",
        "warp",
        "triangles",
    ]
    change_option(host, "size", "8")
    change_option(host, "black_holes", "1")
    change_option(host, "preset", "hard")
    assert "size" not in host_form_names(host)
    change_option(host, "preset", "custom")
    assert (host_form(host)["size"], host_form(host).get("black_holes")) == ("8", "1"), "the host's values come back"
    change_option(host, "mode", "random")
    assert host_form(host)["rounds"] == "3"
    # Nothing is applied yet: the guest still reads the lobby's options.
    assert shown_options(bea)["Difficulty"] == "Easy"
    host.submit("choose", **host_form(host))
    shown = shown_options(bea)
    labels = {f.name: f.label for f in games.rules("reflection").option_fields}
    assert list(shown) == [labels[n] for n in host_form_names(host)]
    kept = (shown["Rounds (made by the app)"], shown["Custom board size"], shown["Difficulty"])
    assert kept == ("3", "8", "Custom (below)")
    # After Apply, a field that went keeps its value too.
    change_option(host, "preset", "easy")
    change_option(host, "mode", "built")
    change_option(host, "preset", "custom")
    assert host_form(host)["size"] == "8"
    assert host_form(host)["variant"] == "A"


def test_apply_sends_only_the_options_the_form_shows():
    """A value in a field the form does not show (it does not count with the rest) is not sent: Apply asked
    the game to check a custom board size the host could not see on Easy, and refused the form for it."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    (request,) = lobby_requests_of(host, mode="random", preset="easy", rounds="3", size="99", variant="B")
    assert request["options"] == {"mode": "random", "preset": "easy", "rounds": 3, "warp": False, "triangles": False}
    host.submit("choose", game="reflection", players="1", mode="random", preset="easy", rounds="3", size="99")
    assert host.inner.live.client.lobby.options["rounds"] == 3
    assert "size" not in host.inner.live.client.lobby.options


def lobby_requests_of(page: Page, **form: str) -> tuple:
    """The lobby's requests for Apply with ``form`` (the game and player count as the lobby has them)."""
    client = page.inner.live.client
    sent = {"game": client.lobby.game, "players": str(client.lobby.players), **form}
    return lobby_requests(client, UiEvent("submit", "choose", {}, form=sent))


def test_the_host_s_draft_starts_again_with_another_game():
    """The host's unapplied choices belong to the game they were made in: another game, and back, starts from
    the lobby's options (a new game starts from its defaults, as Apply does)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    change_option(host, "mode", "built")
    host.send(UiEvent("change", "choose", {"field": "game"}, value="raythread", now_ms=rtc.now))
    host.send(UiEvent("change", "choose", {"field": "game"}, value="reflection", now_ms=rtc.now))
    assert host_form(host)["mode"] == "random"
    assert "variant" not in host_form_names(host)


def test_the_host_s_unapplied_choices_stay_through_other_inputs():
    """Only Apply (or Start, which submits the form) takes the host's choices: a chat line sent, or a player
    count picked, between them leaves the form as the host left it."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    join(rtc, host, "Bea")
    change_option(host, "mode", "built")
    host.submit("chat", text="one moment")
    host.send(UiEvent("change", "choose", {"field": "players"}, value="2", now_ms=rtc.now))
    rtc.pump()
    assert host_form(host)["mode"] == "built" and host_form(host)["players"] == "2"
    assert "variant" in host_form_names(host)


def test_a_reloaded_night_without_guests_says_nothing_of_guests():
    """A reloaded night with nobody but the host (and its computer players) said "Guests show as disconnected:
    invite them again to keep their seats." until the page's first update: there were none to invite."""
    rtc, host_browser = FakeRtc(), Browser()
    host = host_lobby(rtc, host_browser, game="lightseeker")
    host.submit("add-bot", seat="2", level="easy")
    host.close()
    alone = rtc.page(host_browser, "#/host?game=lightseeker")
    assert "Your game night was restored." in alone.text
    assert "Guests" not in alone.text and "invite them again" not in alone.text, alone.text
    with in_language("ja"):
        assert "ゲームナイトを復元しました。" in alone.text and "ゲスト" not in alone.text
    reloaded, _bea, _browser = reloaded_mid_match(rtc)
    assert "Guests show as disconnected" in reloaded.text, "with a guest away, it is said"


def test_the_lobby_s_screens_do_not_import_the_app_shell():
    """The host's page imported ``offline_note`` from ``ui/app.py``: the lobby depended on the app shell (its
    routes and the start page) for one small note. It lives in ``ui/offline.py``, which both import."""
    import ast
    from pathlib import Path

    lobby = Path(lobby_host.__file__).parent
    for path in sorted(lobby.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        froms = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported = {n.module for n in froms} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        imported |= {f"{n.module}.{a.name}" for n in froms for a in n.names}
        imported &= {"gamenight.ui.app"}
        assert not imported, f"{path.name} imports the app shell"
