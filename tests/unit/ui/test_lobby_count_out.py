"""The host counts out a Reflection player whose page is gone, from that seat's card: before it, the host
and Cal read "Bea (2) … disconnected" for ever, with no computer player to take her seat and only "End
the match" left."""

from gamenight.ui.lobby import host as host_screen
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import (
    Browser,
    FakeRtc,
    Page,
    host_lobby,
    invited_back,
    join,
    match_with_bea,
    welcomed_back,
)
from tests.unit.ui.test_lobby_screens import play, seats
from tests.unit.words import in_language


def race(rtc: FakeRtc) -> tuple[Page, Page, Page]:
    """A three-player race of built puzzles: Ann (host) in 1, Bea in 2, Cal in 3, all building."""
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="3", mode="built", preset="easy")
    bea, cal = join(rtc, host, "Bea"), join(rtc, host, "Cal")
    bea.click("sit", seat="2")
    cal.click("sit", seat="3")
    host.click("start")
    return host, bea, cal


def counted_out(rtc: FakeRtc) -> tuple[Page, Page, Page]:
    """``race``, then Bea's page gone and the host has counted her out (asked, and answered)."""
    host, bea, cal = race(rtc)
    bea.close()
    host.click("count-out-ask", seat="2")
    host.click("count-out", seat="2")
    return host, bea, cal


def count_out_buttons(page: Page) -> list:
    """The seats' "Count … out" buttons (one more stands beside the match's status: ``status_buttons``)."""
    return [b for s in page.by_class("seats") for b in find_all(s, lambda e: e.attr("data-action") == "count-out-ask")]


def news(page: Page) -> str:
    return text_of(page.find(lambda e: e.attr("id") == "match-news")[0])


def test_the_host_counts_out_a_player_who_left_and_everyone_sees_the_race_go_on():
    rtc = FakeRtc()
    host, bea, cal = race(rtc)
    assert not count_out_buttons(host), "Bea is connected: nobody is counted out"
    bea.close()
    assert text_of(host.by_class("match-status")[0]) == (
        "Everyone builds at once · still building: you, Bea\u00a0(2) and Cal\u00a0(3) · Bea\u00a0(2) is disconnected"
    )
    assert not count_out_buttons(cal), "only the host may count a player out"
    (button,) = count_out_buttons(host)
    assert button.tag == "button" and button.attr("data-seat") == "2" and text_of(button) == "Count Bea out"
    with in_language("ja"):
        assert text_of(count_out_buttons(host)[0]) == "Beaを離脱扱いにする"
    host.focus_on(BUTTON)
    host.click("count-out-ask", seat="2")
    host.click("count-out", seat="2")  # "Count Bea out" again, in the question it asks
    assert not count_out_buttons(host)
    # Focus goes to the match's status, which says whom the race waits for now, and the live region
    # says what happened.
    assert host.focus_in(".match-status")
    for page in (host, cal):
        assert "Bea\u00a0(2)" not in text_of(page.by_class("match-status")[0])
        assert "Bea\u00a0(2) left and was counted out: the race goes on without them." in news(page)
        assert seats(page)["2"] == "Bea · counted out"
        cards = {c.attr("data-seat"): text_of(c) for c in page.by_class("match-seat")}
        assert "counted out" in cards["2"], cards
    with in_language("ja"):
        assert seats(cal)["2"] == "Bea・離脱扱い"


BUTTON = ".seat[data-seat='2'] button[data-action=count-out-ask]"


def test_counting_a_player_out_asks_first_as_ending_the_match_does_and_waiting_on_changes_nothing():
    """Counting out cannot be undone, yet one press (or a stray Enter on the button) did it."""
    rtc = FakeRtc()
    host, bea, cal = race(rtc)
    bea.close()
    host.click("count-out-ask", seat="2")  # the first press asks, on the host's page only; nothing is sent
    (question,) = host.by_class("confirm")
    assert question.tag == "div" and question.attr("role") == "group"
    (said,) = find_all(question, lambda e: e.tag == "p")
    assert question.attr("aria-labelledby") == said.attr("id") == "count-out-question-2"
    assert text_of(said) == "Count Bea out? The match goes on without them, and this cannot be undone."
    answers = find_all(question, lambda e: e.tag == "button")
    assert [(b.attr("data-action"), b.attr("data-seat"), b.attr("class"), text_of(b)) for b in answers] == [
        ("count-out-cancel", "2", "button", "Keep waiting"),
        ("count-out", "2", "button danger", "Count Bea out"),  # as every answer that loses something
    ]
    assert host.focused[-1] == "button[data-action=count-out-cancel]", "the safe answer first, as End's"
    assert not cal.by_class("confirm") and not host.inner.live.client.errors
    for page in (host, cal):
        assert seats(page)["2"] == "Bea" and "Bea\u00a0(2) is disconnected" in text_of(page.by_class("match-status")[0])
    with in_language("ja"):
        assert text_of(host.by_class("confirm")[0]).startswith(
            "Beaを離脱扱いにしますか？　対戦はBeaなしで続き、取り消せません。"
        )
    host.click("count-out-cancel", seat="2")
    assert not host.by_class("confirm") and host.focused[-1] == BUTTON
    assert host.focus_in(BUTTON)
    for choice in ("count-out-cancel", "count-out"):  # Escape on either answer is the safe one: keep waiting
        host.click("count-out-ask", seat="2")
        host.send(UiEvent("keydown", choice, {"seat": "2"}, key="Escape", now_ms=rtc.now))
        assert not host.by_class("confirm") and host.focused[-1] == BUTTON, choice
        assert seats(host)["2"] == "Bea"
    host.click("count-out-ask", seat="2")
    host.submit("chat", text="brb")  # any other input answers "keep waiting", as for End
    assert not host.by_class("confirm") and seats(host)["2"] == "Bea"
    host.click("count-out", seat="2")  # the answer of a question no longer asked does nothing (below)
    assert not host.by_class("confirm") and seats(host)["2"] == "Bea"
    host.click("count-out-ask", seat="2")
    host.click("count-out", seat="2")
    for page in (host, cal):
        assert seats(page)["2"] == "Bea · counted out"
    assert not host.by_class("confirm")


def test_a_player_counted_out_who_comes_back_watches_the_race_from_their_seat():
    rtc = FakeRtc()
    host, bea, cal = counted_out(rtc)
    back = welcomed_back(rtc, host, "Bea", bea.browser)
    assert text_of(back.by_class("role")[0]) == "You play seat 2."
    (note,) = back.by_class("rf-out-note")
    assert text_of(note) == (
        "You left, and the host counted you out so the race could go on: you watch the rest of this match."
    )
    # The others still build: she has no board of her own to build on (her seat builds no more).
    (board,) = back.by_class("rf-match")
    assert board.attr("data-phase") == "build" and board.attr("data-task") == "rest"
    assert not back.find(lambda e: e.attr("data-action") == "rf-submit")
    assert "your turn" not in text_of(back.by_class("match-status")[0])
    assert not host.by_class("rf-out-note") and not cal.by_class("rf-out-note")


def test_the_count_out_question_goes_when_the_player_comes_back_and_does_not_come_back_unasked():
    """The question was cleared only by the host's next input: Bea back while it was open, it went with her
    button, and came back by itself when she left again."""
    rtc = FakeRtc()
    host, bea, _cal = race(rtc)
    bea.close()
    back, reply = invited_back(rtc, host, "Bea", bea.browser)
    # The host pastes Bea's reply, and asks to count her out before her link opens.
    host.send(UiEvent("submit", "reply", {}, form={"reply": reply}, now_ms=rtc.now))
    host.click("count-out-ask", seat="2")  # the question is asked; then the link opens and Bea is back
    assert "Bea\u00a0(2) is disconnected" not in text_of(host.by_class("match-status")[0])
    assert not host.by_class("confirm")
    back.close()  # she leaves again, and the host has done nothing since
    assert "Bea\u00a0(2) is disconnected" in text_of(host.by_class("match-status")[0])
    assert not host.by_class("confirm"), "the host did not ask again"
    (button,) = count_out_buttons(host)
    assert button.tag == "button" and text_of(button) == "Count Bea out"


def test_the_rematch_after_a_count_out_is_for_the_players_who_are_here_and_says_so():
    """ "Rematch" seated Bea, counted out and still gone, again: the new race waited for her for ever."""
    rtc = FakeRtc()
    host, _bea, cal = counted_out(rtc)
    host.click("end")
    host.click("end")
    # Before the press: who the rematch goes without, and why; certain on the host's page, whose Rematch
    # does it, and "may" on another, which cannot tell a host's page that waits for her (a reload's grace).
    (note,) = host.by_class("rematch-without")
    assert text_of(note) == "Bea was counted out and has not come back: the rematch starts without them."
    (note,) = cal.by_class("rematch-without")
    assert text_of(note) == "Bea was counted out and has not come back: the rematch may start without them."
    with in_language("ja"):
        assert text_of(host.by_class("rematch-without")[0]) == (
            "Beaは離脱扱いになり、まだ戻っていません。再戦はBeaなしで始まります。"
        )
    host.click("start")
    for page in (host, cal):
        assert seats(page) == {"1": "Ann", "2": "Cal"}
        assert not page.by_class("rematch-without")
    assert text_of(cal.by_class("role")[0]) == "You play seat 2 (sky blue) this time.", "Cal closed up: a new colour"
    assert not count_out_buttons(host), "nobody in the rematch is gone"


def back_after_the_end(rtc: FakeRtc) -> tuple[Page, Page]:
    """Bea counted out of the race, the host ends it, then invites her back and she is welcomed: the host's
    page and hers."""
    host, bea, _cal = counted_out(rtc)
    host.click("end")
    host.click("end")
    return host, welcomed_back(rtc, host, "Bea", bea.browser)


def test_a_counted_out_player_back_before_the_rematch_plays_it():
    rtc = FakeRtc()
    host, back = back_after_the_end(rtc)
    assert not host.by_class("rematch-without"), "she is here: the rematch is hers too"
    host.click("start")
    assert seats(host) == {"1": "Ann", "2": "Bea", "3": "Cal"}
    assert text_of(back.by_class("role")[0]) == "You play seat 2."


def status_buttons(page: Page) -> list:
    """The buttons right under the match's status (its words stay its own)."""
    return [b for beside in page.by_class("match-beside") for b in find_all(beside, lambda e: e.tag == "button")]


def test_the_host_reads_beside_the_status_that_a_player_left_and_what_can_be_done():
    """On a phone "Count Bea out" sat on the Seats card, under the board, the match's seats and its log:
    the status said "Bea (2) is disconnected" at the top, with nothing to do there."""
    rtc = FakeRtc()
    host, bea, cal = race(rtc)
    assert not status_buttons(host)
    bea.close()
    (button, again) = status_buttons(host)  # and "Invite again", as her row in the members list has
    assert (again.attr("data-action"), text_of(again)) == ("invite", "Invite again")
    assert (button.attr("data-action"), button.attr("data-seat"), text_of(button)) == (
        "count-out-ask",
        "2",
        "Count Bea out",
    )
    assert "Bea\u00a0(2) is disconnected" in text_of(host.by_class("match-status")[0])
    assert not status_buttons(cal), "only the host counts out"
    with in_language("ja"):
        assert text_of(status_buttons(host)[0]) == "Beaを離脱扱いにする"
    for _press in range(2):  # it asks, on the seat's card, and never counts out by itself: a second press asks
        host.click("count-out-ask", seat="2")
        assert host.by_class("confirm") and host.focused[-1] == "button[data-action=count-out-cancel]"
        assert seats(host)["2"] == "Bea"
    host.click("count-out", seat="2")  # "Count Bea out" in the question
    assert seats(cal)["2"] == "Bea · counted out"
    assert not status_buttons(host), "nothing left to do for her seat"


def test_the_host_of_a_game_with_computer_players_is_shown_the_take_over_from_the_status():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    bea.close()
    (button, again) = status_buttons(host)
    assert (again.attr("data-action"), text_of(again)) == ("invite", "Invite again")
    assert (button.attr("data-action"), text_of(button)) == (
        "take-over-ask",
        "Let a computer player take over for Bea…",
    )
    host.click("take-over-ask", seat="C")
    assert host.focused[-1] == ".seat[data-seat='C'] form.add-bot select", "on the seat card's offer"
    assert seats(host)["C"] == "Bea", "nothing is done until the host picks the level and submits"


def test_the_host_s_two_ways_to_count_a_player_out_read_and_act_the_same():
    """The host saw two buttons for one thing: "Count Bea out…" beside the match's status and "Count Bea out"
    on her seat's card. Both ask first, the same question on the card; now they read the same (no ellipsis:
    the press asks a question, as "End the match" and "Give up" do, and asks for nothing more) and send the
    same action, in English and Japanese."""
    rtc = FakeRtc()
    host, bea, _cal = race(rtc)
    bea.close()

    def buttons():
        beside = [b for b in status_buttons(host) if b.attr("data-action") != "invite"]
        (card,) = [b for s in host.by_class("seats") for b in find_all(s, lambda e: e.tag == "button")]
        return [(b.attr("data-action"), b.attr("data-seat"), text_of(b)) for b in (*beside, card)]

    assert buttons() == [("count-out-ask", "2", "Count Bea out")] * 2
    with in_language("ja"):
        assert buttons() == [("count-out-ask", "2", "Beaを離脱扱いにする")] * 2


def test_an_answer_to_a_count_out_question_no_longer_asked_is_ignored():
    """ "Count Bea out" pressed in a question another input had closed (a chat line sent, a double click
    landing after the first one's redraw) asked the question again: harmless, but the host read a question
    they had just answered come back. An answer whose question is not open does nothing: no question, no
    request, focus where it was; the question open for another seat stays open."""
    rtc = FakeRtc()
    host, bea, cal = race(rtc)
    bea.close()
    cal.close()
    host.click("count-out-ask", seat="2")
    host.submit("chat", text="brb")  # answers "keep waiting"
    focused, asked = list(host.focused), len(host.focus_asked)
    host.click("count-out", seat="2")
    assert not host.by_class("confirm"), "not asked again"
    assert seats(host)["2"] == "Bea" and not host.inner.live.client.errors
    assert host.focused == focused and len(host.focus_asked) == asked, "no focus moved"
    host.click("count-out-ask", seat="3")  # Cal's question is open; a stale answer for Bea leaves it open
    host.click("count-out", seat="2")
    (question,) = host.by_class("confirm")
    assert question.attr("aria-labelledby") == "count-out-question-3"
    assert seats(host) == {"1": "Ann", "2": "Bea", "3": "Cal"}
    host.click("count-out", seat="3")  # the open question's own answer still acts
    assert seats(host)["3"] == "Cal · counted out" and seats(host)["2"] == "Bea"


def test_the_count_out_beside_the_status_says_why_when_the_status_does_not():
    """Bea gave up her puzzle, then closed her page: the status named only those still solving ("Ann (1) and
    Cal (3) to play · your turn"), and "Count Bea out" stood under it with nothing there to say why (only her
    seat's card, under the board on a phone, said "disconnected"). The button comes with its own line."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="3", mode="random", preset="easy", rounds="1")
    bea, cal = join(rtc, host, "Bea"), join(rtc, host, "Cal")
    bea.click("sit", seat="2")
    cal.click("sit", seat="3")
    host.click("start")
    host.work()
    bea.tick("match.clock")
    bea.click("rf-give-up")
    bea.click("rf-give-up")  # "Give up" in its question
    bea.close()
    assert "Bea" not in text_of(host.by_class("match-status")[0]), "the status names those still solving"
    (beside,) = host.by_class("match-beside")
    (line,) = beside.children
    assert line.attr("class") == "gone-line" and text_of(line) == "Bea\u00a0(2) has left. Count Bea outInvite again"
    (button, again) = status_buttons(host)
    assert button.attr("data-action") == "count-out-ask" and button in line.children and again in line.children
    with in_language("ja"):
        assert (
            text_of(host.by_class("match-beside")[0])
            == "Bea\u2060（\u20602\u2060）が抜けました。Beaを離脱扱いにする再招待"
        )
    cal.close()  # the status says Cal is disconnected, so her line beside it need not: a line per seat, in order
    assert "Cal\u00a0(3) is disconnected" in text_of(host.by_class("match-status")[0])
    assert [text_of(line) for line in host.by_class("gone-line")] == [
        "Bea\u00a0(2) has left. Count Bea outInvite again",
        "Count Cal outInvite again",
    ]


def whole_runs(line: Element) -> list[str]:
    """A ``gone-line``'s flex items, each a run of words or a button: a bare text or a word joined by no-break
    spans would be an item of its own, and the line broke "Bea (" / "B) has not reconnected …" (a player's
    pass, 390 px)."""
    assert all(isinstance(child, Element) for child in line.children if child), line.children
    return [text_of(child).strip() for child in line.children if child]


def test_the_take_over_beside_the_status_says_why_too():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    bea.close()
    (line,) = host.by_class("gone-line")
    assert text_of(line) == "Bea\u00a0(B) has left. Let a computer player take over for Bea…Invite again"
    assert whole_runs(line) == ["Bea\u00a0(B) has left.", "Let a computer player take over for Bea…", "Invite again"]


def test_after_the_host_reloads_count_out_waits_a_grace_period_for_guests_who_may_be_waiting():
    """The host reloads mid-race: every guest shows as disconnected, though their pages are still open and
    wait to be invited again. "Count Bea out" stood at once under the status and on her card, inviting a
    mistake. A guest the reloaded page has not heard from is not known to be gone: the count-out is offered
    for them only after ``RELOAD_GRACE_MS``; a guest back and gone again is gone at once, as mid-match."""
    rtc = FakeRtc()
    reloaded, _bea, cal = reloaded_race(rtc)
    assert "Bea\u00a0(2) and Cal\u00a0(3) are disconnected" in text_of(reloaded.by_class("match-status")[0])
    assert not count_out_buttons(reloaded), "their pages may be waiting"
    assert [b.attr("data-action") for b in status_buttons(reloaded)] == ["invite", "invite"], "invited again, rather"
    reloaded.click("count-out-ask", seat="2")  # a press from a page drawn before: nothing is asked
    assert not reloaded.by_class("confirm")
    rtc.now += host_screen.RELOAD_GRACE_MS - 1000
    reloaded.tick(host_screen.TIMER)
    assert not count_out_buttons(reloaded)
    # Cal is invited again and comes back, then leaves: gone at once, as anyone who drops mid-match.
    back = welcomed_back(rtc, reloaded, "Cal", cal.browser)
    assert text_of(back.by_class("role")[0]) == "You play seat 3."
    back.close()
    assert [b.attr("data-seat") for b in count_out_buttons(reloaded)] == ["3"]
    rtc.now += 1000  # the grace is over: Bea, never heard from since the reload, may be counted out too
    reloaded.tick(host_screen.TIMER)
    assert [b.attr("data-seat") for b in count_out_buttons(reloaded)] == ["2", "3"]
    # Both still build: the status says they are disconnected, and the lines beside it hold the buttons alone.
    assert [text_of(line) for line in reloaded.by_class("gone-line")] == [
        "Count Bea outInvite again",
        "Count Cal outInvite again",
    ]
    reloaded.click("count-out-ask", seat="2")
    reloaded.click("count-out", seat="2")
    assert seats(reloaded)["2"] == "Bea · counted out"


def test_a_player_counted_out_is_not_said_to_be_disconnected_at_every_news():
    # A player's pass: the live region says who dropped while others play ("Bea (2) is disconnected."); once the
    # host has counted Bea out, the region has said so, and the race goes on without her: no such line.
    rtc = FakeRtc()
    host, _bea, _cal = counted_out(rtc)
    assert "Bea\u00a0(2) left and was counted out" in news(host) and "is disconnected" not in news(host), news(host)


def take_overs(page: Page) -> list[str]:
    """The host's offers of a computer player for a seat whose player left: beside the status, and the
    seat card's form (its button), as the texts shown."""
    beside = [text_of(b) for b in status_buttons(page) if b.attr("data-action") == "take-over-ask"]
    cards = [text_of(f) for s in page.by_class("seats") for f in find_all(s, lambda e: e.attr("class") == "add-bot")]
    return beside + cards


def test_after_the_host_reloads_the_take_over_waits_the_same_grace_as_the_count_out():
    """An earlier change made "Count … out" wait ``RELOAD_GRACE_MS`` after a host's reload for the guests it has not
    heard from since (their pages may be waiting to be invited again); "Let a computer player take over for
    Bea…" still stood at once, beside the status and on her seat's card, for the same guest."""
    rtc = FakeRtc()
    reloaded = reloaded_raythread(rtc)
    assert seats(reloaded)["C"] == "Bea"
    assert not take_overs(reloaded), "her page may be waiting"
    assert [b.attr("data-action") for b in status_buttons(reloaded)] == ["invite"], "invited again, rather"
    rtc.now += host_screen.RELOAD_GRACE_MS - 1000
    reloaded.tick(host_screen.TIMER)
    assert not take_overs(reloaded)
    rtc.now += 1000  # the grace is over: Bea, not heard from since the reload, has left
    reloaded.tick(host_screen.TIMER)
    assert [text_of(line) for line in reloaded.by_class("gone-line")] == [
        "Bea\u00a0(B) has left. Let a computer player take over for Bea…Invite again"
    ]
    assert len(take_overs(reloaded)) == 2 and "Let a computer player take over" in take_overs(reloaded)[1]


def news_lines(page: Page) -> list[str]:
    return [text_of(line) for line in page.find(lambda e: e.attr("id") == "match-news")[0].children]


def test_the_host_hears_a_player_who_was_said_to_be_disconnected_come_back_once():
    """A player's pass said at once in the match's live region that Bea's page dropped; when she rejoined, nothing
    said so (the invitation card's "Joining the lobby…" only): a screen-reader host heard her go, not come
    back. "Bea (B) is back." stands where "Bea (B) is disconnected." stood, until the next move's news."""
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    session = host.inner.live.session
    bea.close()  # during Ann's turn
    assert news_lines(host)[-1] == "Bea\u00a0(B) is disconnected."
    back, reply = invited_back(rtc, host, "Bea", bea.browser)
    before = news_lines(host)
    host.submit("reply", reply=reply)
    assert news_lines(host) == [*before[:-1], "Bea\u00a0(B) is back."]
    host.submit("chat", text="wb")  # other news of the lobby: the line stays as it was, not said again
    assert news_lines(host) == [*before[:-1], "Bea\u00a0(B) is back."]
    with in_language("ja"):
        assert news_lines(host)[-1] == "Bea\u2060（\u2060B\u2060）が戻りました。"
    play(host, session, "A")
    assert news_lines(host)[-1] == "Bea\u00a0(B) to play" and "back" not in " ".join(news_lines(host)), news_lines(host)
    back.close()  # during her own turn: a line of its own, the turn's line kept; back again, said so once more
    assert news_lines(host)[-2:] == ["Bea\u00a0(B) to play", "Bea\u00a0(B) is disconnected."]
    welcomed_back(rtc, host, "Bea", bea.browser)
    assert news_lines(host)[-2:] == ["Bea\u00a0(B) to play", "Bea\u00a0(B) is back."]


def test_the_other_players_hear_a_player_come_back_too():
    # Cal's page said "Bea (2) is disconnected" as the host's did (the status, in a round all three play):
    # it says she is back as well.
    rtc = FakeRtc()
    host, bea, cal = race(rtc)
    bea.close()
    assert "Bea\u00a0(2) is disconnected" in news(cal)
    welcomed_back(rtc, host, "Bea", bea.browser)
    for page in (host, cal):
        assert news_lines(page)[-1] == "Bea\u00a0(2) is back." and "disconnected" not in news(page), news_lines(page)


def reloaded_race(rtc: FakeRtc) -> tuple[Page, Page, Page]:
    """``race``, then the host's page reloads: Bea and Cal show as disconnected, their pages still open."""
    host_browser = Browser()
    host = host_lobby(rtc, host_browser, game="reflection")
    host.submit("choose", game="reflection", players="3", mode="built", preset="easy")
    bea, cal = join(rtc, host, "Bea", Browser()), join(rtc, host, "Cal", Browser())
    bea.click("sit", seat="2")
    cal.click("sit", seat="3")
    host.click("start")
    host.close()
    return rtc.page(host_browser, "#/host?game=reflection"), bea, cal


def reloaded_raythread(rtc: FakeRtc) -> Page:
    """``match_with_bea`` (Bea in seat C, the match's B), then the host's page reloads: the reloaded page,
    with Bea shown as disconnected, her page still open."""
    host_browser = Browser()
    host, _bea = match_with_bea(rtc, host_browser)
    host.close()
    return rtc.page(host_browser, "#/host?game=raythread")


def seat_card_words(page: Page, seat: str) -> str:
    """What the seat's card says in place of its offer (the card's other words: "Seat 2", "Bea")."""
    (card,) = [c for s in page.by_class("seats") for c in find_all(s, lambda e: e.attr("data-seat") == seat)]
    return text_of(find_all(card, lambda e: e.attr("class") == "seat-later")[0])


def test_during_the_grace_the_host_reads_why_there_is_no_count_out_and_when_it_comes():
    """After the host's reload, Bea and Cal read "disconnected" with no "Count … out" anywhere, and nothing said
    why or until when. Where the button will be (beside the status, on the seat's card), the page says so, by its
    own clock; the page's one-second timer redraws it, and the button comes with the tick that ends the grace."""
    rtc = FakeRtc()
    reloaded, _bea, _cal = reloaded_race(rtc)
    assert [text_of(line) for line in reloaded.by_class("gone-line")] == [
        "Bea\u00a0(2) has not reconnected since the game night was restored. You can count Bea out\u00a0in\u00a02:00."
        "Invite again",
        "Cal\u00a0(3) has not reconnected since the game night was restored. You can count Cal out\u00a0in\u00a02:00."
        "Invite again",
    ]
    assert [b.attr("data-action") for b in status_buttons(reloaded)] == ["invite", "invite"], "no count-out yet"
    assert seat_card_words(reloaded, "2") == "You can count Bea out\u00a0in\u00a02:00."
    rtc.now += 45_500  # 74.5 s left: said as the whole seconds left, as the invitations' expiry
    reloaded.tick(host_screen.TIMER)
    assert text_of(reloaded.by_class("gone-line")[0]).endswith("You can count Bea out\u00a0in\u00a01:15.Invite again")
    with in_language("ja"):
        assert text_of(reloaded.by_class("gone-line")[0]) == (
            "Bea\u2060（\u20602\u2060）はゲームナイトの復元後、まだ再接続していません。あ\u2060と\u20601:15\u2060でBeaを離脱扱いにできます。"
            "再招待"
        )
    # No other message comes: the host's timer ticks every second, and its tick at the grace's end draws the buttons.
    assert host_screen.TIMER in reloaded.timers and reloaded.every[host_screen.TIMER] == 1000
    rtc.now += host_screen.RELOAD_GRACE_MS - 45_500
    reloaded.tick(host_screen.TIMER)
    assert [b.attr("data-seat") for b in status_buttons(reloaded) if b.attr("data-seat")] == ["2", "3"]
    assert "not reconnected" not in reloaded.text and "You can count" not in reloaded.text
    assert [b.attr("data-seat") for b in count_out_buttons(reloaded)] == ["2", "3"]


def test_during_the_grace_the_host_reads_when_a_computer_player_can_take_over():
    rtc = FakeRtc()
    reloaded = reloaded_raythread(rtc)
    assert [text_of(line) for line in reloaded.by_class("gone-line")] == [
        "Bea\u00a0(B) has not reconnected since the game night was restored. "
        "A computer player can take over for Bea\u00a0in\u00a02:00.Invite again"
    ]
    (line,) = reloaded.by_class("gone-line")
    assert len(whole_runs(line)) == 2, "one run of words, and nothing to press yet but Invite again"
    assert seat_card_words(reloaded, "C") == "A computer player can take over for Bea\u00a0in\u00a02:00."
    with in_language("ja"):
        said = text_of(reloaded.by_class("gone-line")[0])
        held = "あ\u2060と\u20602:00\u2060で"  # "あと2:00で" held whole by the catalogue's joiners
        assert said.endswith(held + "Beaの代わりをCPUに任せられます。再招待"), said
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    assert [text_of(line) for line in reloaded.by_class("gone-line")] == [
        "Bea\u00a0(B) has left. Let a computer player take over for Bea…Invite again"
    ]


def test_a_stale_press_during_the_grace_asks_no_focus_for_a_control_that_is_not_drawn():
    """A "Count Bea out" (or a take-over's) press from a page drawn before asked focus on "Keep waiting" (or on
    the seat card's level), neither of which was on the page."""
    rtc = FakeRtc()
    reloaded, _bea, _cal = reloaded_race(rtc)
    asked = len(reloaded.focus_asked)
    reloaded.click("count-out-ask", seat="2")
    assert not reloaded.by_class("confirm")
    assert len(reloaded.focus_asked) == asked, reloaded.focus_asked[asked:]
    reloaded.click("take-over-ask", seat="2")  # a game without computer players: none to offer either
    assert len(reloaded.focus_asked) == asked, reloaded.focus_asked[asked:]
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    reloaded.click("count-out-ask", seat="2")  # once offered, it asks as always
    assert reloaded.by_class("confirm") and reloaded.focused[-1] == "button[data-action=count-out-cancel]"


def test_a_stale_take_over_press_during_the_grace_asks_no_focus_either():
    rtc = FakeRtc()
    reloaded = reloaded_raythread(rtc)
    asked = len(reloaded.focus_asked)
    reloaded.click("take-over-ask", seat="C")
    assert len(reloaded.focus_asked) == asked, reloaded.focus_asked[asked:]
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    reloaded.click("take-over-ask", seat="C")
    assert reloaded.focused[-1] == ".seat[data-seat='C'] form.add-bot select"


def test_an_add_bot_form_for_a_seat_the_page_is_unsure_of_is_refused_and_changes_nothing():
    """Only the take-over's form was hidden during the grace: a form sent anyway (a page drawn before, a script)
    gave Bea's seat to a computer player while her page may have been waiting to be invited again."""
    rtc = FakeRtc()
    reloaded = reloaded_raythread(rtc)
    session = reloaded.inner.live.session
    seats_before, sent = dict(session.seats), list(session.members)
    reloaded.submit("add-bot", seat="C", level="easy")
    assert dict(session.seats) == seats_before and list(session.members) == sent
    assert seats(reloaded)["C"] == "Bea"
    (alert,) = [a for a in reloaded.by_class("error") if text_of(a)]
    assert text_of(alert) == (
        "Bea may still come back: a computer player can take over 2 minutes after the game night was restored."
    )
    with in_language("ja"):
        assert text_of(next(a for a in reloaded.by_class("error") if text_of(a))) == (
            "Beaはまだ戻ってくるかもしれません。CPUに代わりを任せられるのは、ゲームナイトの復元から2分後です。"
        )
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    reloaded.submit("add-bot", seat="C", level="easy")  # once offered, the same form takes the seat over
    assert seats(reloaded)["C"] == "Bot\u00a0B\u00a0(Easy)"


def test_a_player_counted_out_who_comes_back_is_said_back_watching():
    """Bea, counted out, came back to watch from her seat: the others' live region said nothing (it had said
    she left and was counted out); it says she is back, and that she watches."""
    rtc = FakeRtc()
    host, bea, cal = counted_out(rtc)
    back = welcomed_back(rtc, host, "Bea", bea.browser)
    for page in (host, cal):
        assert news_lines(page)[-1] == "Bea\u00a0(2) is back, watching.", news_lines(page)
    with in_language("ja"):
        assert news_lines(cal)[-1] == "Bea\u2060（\u20602\u2060）が戻り、観戦しています。"
    back.close()  # gone again: counted out already, nothing more is said of her
    for page in (host, cal):
        assert not [line for line in news_lines(page) if "Bea\u00a0(2) is" in line], news_lines(page)


def test_the_line_beside_the_status_does_not_repeat_that_a_player_is_disconnected():
    """In a round all three build at once, the status says "Bea (2) is disconnected" and the line under it said
    "Bea (2) has left." again: where the status says it, the button stands alone."""
    rtc = FakeRtc()
    host, bea, _cal = race(rtc)
    bea.close()
    assert "Bea\u00a0(2) is disconnected" in text_of(host.by_class("match-status")[0])
    assert [text_of(line) for line in host.by_class("gone-line")] == ["Count Bea outInvite again"]


def rematch_words(page: Page) -> list[str]:
    """What the host's page offers under the ended match: its notes, and the Rematch button."""
    notes = [text_of(n) for n in page.find(lambda e: "note rematch" in str(e.attr("class") or ""))]
    button = page.find(lambda e: e.attr("data-action") == "start" and text_of(e) == "Rematch")
    return notes + [text_of(b) for b in button]


def test_a_rematch_waits_for_the_grace_before_it_leaves_out_a_player_counted_out_who_came_back():
    """Bea was counted out, came back, and the race ended; then the host's page reloads. Her page reconnects,
    but until it does the reloaded page cannot tell her from a player still gone: its Rematch, pressed within
    the grace, started the race without her (``rematch.without``: counted out, and away). It waits, as the
    count-out does: it comes as soon as she is back, or when the grace ends."""
    rtc = FakeRtc()
    host, bea = back_after_the_end(rtc)
    assert not host.by_class("rematch-without"), "she is here: the rematch is hers too"
    host.close()
    reloaded = rtc.page(host.browser, "#/host?game=reflection")
    assert rematch_words(reloaded) == [
        "Bea was counted out and has not come back: the rematch may start without them.",
        "Bea has not reconnected since the game night was restored: you can start the rematch\u00a0in\u00a02:00.",
    ], "no Rematch yet: her page may be reconnecting"
    rtc.now += 45_500
    reloaded.tick(host_screen.TIMER)
    assert rematch_words(reloaded)[-1].endswith("you can start the rematch\u00a0in\u00a01:15.")
    welcomed_back(rtc, reloaded, "Bea", bea.browser)
    assert rematch_words(reloaded) == ["Rematch"], "she is back: the rematch is hers too"
    reloaded.click("start")
    assert seats(reloaded) == {"1": "Ann", "2": "Bea", "3": "Cal"}


def test_while_the_rematch_waits_out_the_grace_no_page_says_it_starts_without_the_player_it_waits_for():
    """Within the reloaded host's grace Bea's page may be reconnecting, and the rematch is hers if it does:
    the host's page waits to offer it, yet every page read "the rematch starts without them" as settled.
    A guest's page cannot tell the host's wait (nothing on the wire says it): it says "may" whenever."""
    rtc = FakeRtc()
    host, bea, cal = counted_out(rtc)
    host.click("end")
    host.click("end")
    welcomed_back(rtc, host, "Bea", bea.browser)
    host.close()
    reloaded = rtc.page(host.browser, "#/host?game=reflection")
    cal = welcomed_back(rtc, reloaded, "Cal", cal.browser)
    may = "Bea was counted out and has not come back: the rematch may start without them."
    assert rematch_words(reloaded) == [
        may,
        "Bea has not reconnected since the game night was restored: you can start the rematch\u00a0in\u00a02:00.",
    ]
    assert [text_of(n) for n in cal.by_class("rematch-without")] == [may]
    with in_language("ja"):
        assert text_of(cal.by_class("rematch-without")[0]) == (
            "Beaは離脱扱いになり、まだ戻っていません。再戦はBeaなしで始まるかもしれません。"
        )
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    assert rematch_words(reloaded)[0].endswith("the rematch starts without them."), "the Rematch does so now"
    assert [text_of(n) for n in cal.by_class("rematch-without")] == [may], "Cal's page cannot tell the grace ended"


def test_after_the_grace_the_rematch_goes_without_a_counted_out_player_who_did_not_come_back():
    rtc = FakeRtc()
    host, _bea = back_after_the_end(rtc)
    host.close()
    reloaded = rtc.page(host.browser, "#/host?game=reflection")
    rtc.now += host_screen.RELOAD_GRACE_MS
    reloaded.tick(host_screen.TIMER)
    assert rematch_words(reloaded) == [
        "Bea was counted out and has not come back: the rematch starts without them.",
        "Rematch",
    ]
    reloaded.click("start")
    assert seats(reloaded) == {"1": "Ann", "2": "Cal"}


def test_the_count_out_question_is_brought_whole_into_the_window_from_either_button():
    """Asked from the button beside the status (a phone's), the question opened on the seat's card far
    below: focus scrolled "Keep waiting" to the window's bottom edge and left "Count Bea out" under it (a
    player's pass at 390 × 844). The page asks the shell to show the whole question, as a refusal is shown."""
    rtc = FakeRtc()
    host, bea, _cal = race(rtc)
    bea.close()
    assert [b.attr("data-seat") for b in status_buttons(host) if b.attr("data-action") == "count-out-ask"] == ["2"]
    for _press in range(2):  # either button sends the same press: the question stands on the seat's card
        shown = len(host.shown)
        host.click("count-out-ask", seat="2")
        assert host.shown[shown:] == [".seat[data-seat='2'] .confirm"]
        assert host.focus_in(".seat[data-seat='2'] .confirm")  # the selector names the question drawn
        host.click("count-out-cancel", seat="2")
        assert host.shown[shown + 1 :] == []  # "Keep waiting" goes back to the button: nothing more to show


def test_after_other_options_the_count_out_note_says_the_next_match_not_the_rematch():
    """The host applies other options after the race: the match Start begins is a new one (its seats do not
    turn, its button says "Start the match"), yet the note over it said "the rematch starts without them" on
    every page, and the reloaded host's wait "you can start the rematch in 2:00"."""
    rtc = FakeRtc()
    host, bea, cal = counted_out(rtc)
    host.click("end")
    host.click("end")
    host.submit("choose", game="reflection", players="3", mode="built", preset="normal")
    (note,) = host.by_class("rematch-without")
    assert text_of(note) == "Bea was counted out and has not come back: the next match starts without them."
    may = "Bea was counted out and has not come back: the next match may start without them."
    assert [text_of(n) for n in cal.by_class("rematch-without")] == [may]
    with in_language("ja"):
        assert text_of(host.by_class("rematch-without")[0]) == (
            "Beaは離脱扱いになり、まだ戻っていません。次の対戦はBeaなしで始まります。"
        )
        assert text_of(cal.by_class("rematch-without")[0]) == (
            "Beaは離脱扱いになり、まだ戻っていません。次の対戦はBeaなしで始まるかもしれません。"
        )
    welcomed_back(rtc, host, "Bea", bea.browser)
    host.close()
    reloaded = rtc.page(host.browser, "#/host?game=reflection")
    assert rematch_words(reloaded) == [
        may,
        "Bea has not reconnected since the game night was restored: you can start the next match\u00a0in\u00a02:00.",
    ]
    with in_language("ja"):
        assert rematch_words(reloaded)[-1].endswith("あと2:00で次の対戦を始められます。"), rematch_words(reloaded)


def test_a_counted_out_seat_s_holder_is_drawn_as_parts():
    """ "Bea · counted out" on a seat's card was one text: in a narrow card a line could start with "·". It is
    a line of parts, drawn as boxes (``ui.heading.parts_row``), the separator clipped at a line's start."""
    rtc = FakeRtc()
    host, _bea, _cal = counted_out(rtc)
    (card,) = host.find(lambda e: e.tag == "li" and e.attr("class") == "seat" and e.attr("data-seat") == "2")
    (holder,) = find_all(card, lambda e: e.attr("class") == "holder")
    boxes = find_all(holder, lambda e: "part" in str(e.attr("class") or "").split())
    assert [text_of(b).removeprefix(" · ") for b in boxes] == ["Bea", "counted out"], holder
    assert text_of(holder) == "Bea · counted out"
