"""A player QA pass over peer links: a guest's invitation, her reply and the host's buttons around a seat.

- The invitation page opened with focus on the page's body: on a laptop, typing one's name at once did nothing.
- The English reply page drew "Copy link" inside its sentence (uneven lines on a phone); the Japanese page,
  whose sentence fills a line, put it on a line of its own.
- A friend waiting for a seat: "Room for N players" and "Start the match" (or "Rematch") were both primary.
- The options form set back to the ended match's options, not applied, said "New match with these options"
  but started a rematch (its seats turned)."""

from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, invite_link, join, match_with_bea
from tests.unit.ui.test_lobby_screens import change_option, end_match, form_starts
from tests.unit.words import in_language

NAME_FIELD = "form[data-action=join] input[name=name]"


def test_the_invitation_page_opens_with_focus_in_the_name_field_which_reads_what_the_invitation_is():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = rtc.visit(Browser(), invite_link(host))
    assert bea.focused == [NAME_FIELD], "typing the name at once types it in the field"
    assert bea.focused_at() is not None, "the field is on the page"
    (field,) = bea.find(lambda e: e.tag == "input" and e.attr("name") == "name")
    # Focus skips the words above the field: a screen reader reads them with it.
    described = str(field.attr("aria-describedby")).split()
    said = [text_of(e) for e in bea.find(lambda e: e.attr("id") in described)]
    assert said[0] == "Ann invites you to play Raythread Rally.", said
    assert said[1].startswith("This invitation expires in 10 minutes"), said


def paragraphs_with_buttons(page: Page) -> list[str]:
    return [text_of(e) for e in page.find(lambda e: e.tag == "p" and find_all(e, lambda b: b.tag == "button"))]


def test_the_reply_page_draws_copy_link_as_copy_reply_on_a_line_of_its_own_in_both_languages():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = rtc.visit(Browser(), invite_link(host))
    bea.submit("join", name="Bea")
    for language in ("en", "ja"):
        with in_language(language):
            assert paragraphs_with_buttons(bea) == [], "no button sits inside a sentence"
            copies = bea.find(lambda e: e.tag == "button" and e.attr("data-action") == "copy")
            assert len(copies) == 2


def primaries(page: Page) -> list[str]:
    (lobby,) = page.find(lambda e: e.tag == "section" and "lobby" in str(e.attr("class")).split())
    primary = lambda e: e.tag == "button" and "primary" in str(e.attr("class")).split()  # noqa: E731
    return [text_of(b) for b in find_all(lobby, primary)]


def room_button(page: Page) -> Element:
    (button,) = page.find(lambda e: e.tag == "button" and e.attr("data-action") == "make-room")
    return button


def test_while_a_friend_waits_for_a_seat_room_for_them_is_the_host_s_one_primary_action():
    """Starting now leaves the friend watching: the host's next step is the room (then Start, primary again)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea").click("sit", seat="C")  # two seats: Ann's and Bea's
    join(rtc, host, "Cy")
    assert text_of(room_button(host)) == "Room for 3 players"
    assert primaries(host) == ["Room for 3 players"], "one primary action"
    host.click("make-room", players="3")
    assert primaries(host) == ["Start the match"]


def test_after_a_match_room_for_a_waiting_friend_is_primary_and_the_rematch_secondary():
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    join(rtc, host, "Cy")
    assert primaries(host) == ["Room for 3 players"]
    (rematch,) = host.find(lambda e: e.tag == "button" and text_of(e) == "Rematch")
    assert rematch.attr("class") == "button"


def test_the_form_set_back_to_the_ended_match_s_options_says_rematch_and_starts_one():
    """Other options applied, then the form set back to the ended match's without Apply: its button starts a
    rematch (``rematch.same_options``: the session turns the seats), so it says so."""
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    host.submit("choose", game="raythread", players="2", target="20")
    change_option(host, "target", "12")  # the ended match's (the default)
    (form_start,) = form_starts(host)
    assert text_of(form_start) == "Rematch", text_of(form_start)
    assert form_start.attr("class") == "button", "secondary: Start the match beside the ended match is primary"
    change_option(host, "target", "15")  # neither the applied options nor the ended match's: a new match
    (form_start,) = form_starts(host)
    assert text_of(form_start) == "New match with these options"
    change_option(host, "target", "12")
    host.submit("choose", game="raythread", players="2", target="12", start="")
    # A rematch's first turn shows a turn's words ("Bea (A) to play": the seats turned) and is heard with who
    # starts it (``match.turn_words``, ``heard``).
    (status,) = host.by_class("match-status")
    assert text_of(status).startswith("Bea\u00a0(A) to play"), text_of(status)
    (news,) = host.find(lambda e: e.attr("id") == "match-news")
    assert "Rematch: Bea\u00a0(A) starts" in text_of(news), text_of(news)
