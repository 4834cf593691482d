"""Small wrongs of the lobby's and the join screens' states: where a screen that opens on a bad link puts
focus and how it leads home, which one button of the host's lobby is primary, what an ended match's results
say once the host applied other options, and the Japanese words for a connection's states."""

import re

from gamenight import games
from gamenight.i18n import _
from gamenight.ui.svg import text_of
from tests.unit.test_catalogues import catalogue, forms
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, invite_link, match_with_bea, reply_tab
from tests.unit.words import in_language

HEADING = "main h1"


def primaries(page: Page) -> list[str]:
    """The words of the page's primary buttons."""
    return [text_of(e) for e in page.find(lambda e: "primary" in str(e.attr("class") or "").split())]


def home_links(page: Page) -> list[str]:
    """The words of the page's links home drawn as buttons (the header's site name leads home too)."""
    return [
        text_of(e)
        for e in page.find(lambda e: e.tag == "a" and e.attr("href") == "#/" and "button" in str(e.attr("class")))
    ]


def test_a_join_link_that_fails_as_the_page_opens_puts_focus_on_its_heading():
    """Opened fresh (no route change, whose heading the shell focuses), the problem's page asked for no focus: a
    keyboard or screen-reader user started at the page's top, before the header. Its heading says the
    invitation cannot be used (its alert says why), and the next Tab is "← All games"."""
    rtc = FakeRtc()
    for code in ("garbage123", "x"):
        page = rtc.page(Browser(), f"#join={code}")
        assert page.inner.stage == "problem"
        assert page.focused == [HEADING], (code, page.focused)
        assert page.focus_in("h1") and "This invitation cannot be used" in page.text
    # An invitation already answered in this browser, opened again in a new tab: the same.
    host = host_lobby(rtc, Browser())
    browser = Browser()
    link = invite_link(host)
    first = rtc.visit(browser, link)
    first.submit("join", name="Bea")
    again = rtc.visit(browser, link)
    assert again.inner.stage == "problem" and again.focused == [HEADING]


def test_a_reply_link_with_a_bad_code_leads_home_and_puts_focus_on_its_heading():
    rtc = FakeRtc()
    tab = rtc.page(Browser(), "#reply=garbage123")
    assert tab.inner.stage == "problem"
    assert home_links(tab) == ["← All games"], "every screen has a way home"
    assert tab.focused == [HEADING]
    with in_language("ja"):
        assert home_links(tab) == [_("← All games")] and _("← All games") != "← All games"


def test_the_reply_tab_leads_home_in_its_other_stages_too():
    rtc = FakeRtc()
    _bea, tab = reply_tab(rtc, host_lobby(rtc, Browser()))
    assert tab.inner.stage == "sent" and home_links(tab) == ["← All games"]
    tab.tick("reply-wait")
    assert tab.inner.stage == "alone" and home_links(tab) == ["← All games"]


def test_the_host_s_lobby_has_one_primary_button_the_one_its_state_asks_for_next():
    """While an invitation waits for its reply, Connect (pasting that reply) is the host's next step: the
    match's button is secondary then. Otherwise the match's button (Start the match, Rematch) is the one.
    Both Connect and Start the match were primary, and looked equally the thing to press."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    assert primaries(host) == ["Start the match"]
    link = invite_link(host)
    assert primaries(host) == ["Connect"], "a reply to paste"
    bea = rtc.visit(Browser(), link)
    bea.submit("join", name="Bea")
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert primaries(host) == ["Start the match"], "the reply taken: no invitation waits"
    assert primaries(bea) == [], "a guest has no match's button"


def test_after_a_match_the_rematch_gives_way_to_connect_while_an_invitation_waits():
    host, _bea = match_with_bea(FakeRtc())
    host.click("end")
    host.click("end")
    assert primaries(host) == ["Rematch"]
    invite_link(host)
    assert primaries(host) == ["Connect"]


def last_match_notes(page: Page) -> list[str]:
    return [text_of(e) for e in page.by_class("last-match")]


def test_an_ended_match_s_results_say_they_are_the_last_match_s_once_other_options_are_applied():
    """The host applied other options for the next match: the ended match stays on show (who won can still be
    read), and every page says its results are the last match's, under its own options, not the next one's."""
    host, bea = match_with_bea(FakeRtc())
    host.click("end")
    host.click("end")
    assert last_match_notes(host) == [] and last_match_notes(bea) == []
    host.submit("choose", game="raythread", players="2", target="20")
    said = ["These are the last match's results. The next match is played with the options set since."]
    assert last_match_notes(host) == said and last_match_notes(bea) == said
    assert host.by_class("match-status"), "the ended match is still on show"
    # … and the match the host starts now is a new one, under those options: its seats do not turn
    # (``Session._here``). The button said "Rematch", and its line who would start "the rematch".
    assert primaries(host) == ["Start the match"]
    assert [text_of(e) for e in bea.by_class("rematch-note")] == ["The host can start the next match."]
    assert [text_of(e) for e in host.by_class("rematch-starts")] == ["In the next match, Ann\u00a0(A) starts."]
    with in_language("ja"):
        assert last_match_notes(host) == [_(said[0])] and _(said[0]) != said[0]
    host.submit("choose", game="raythread", players="2", target=str(_default_target()))
    assert last_match_notes(host) == [], "the options are the last match's again"


def _default_target() -> int:
    fields = {f.name: f for f in games.rules("raythread").option_fields}
    return fields["target"].default


def test_japanese_says_whether_a_connection_is_made_or_being_made():
    """「接続中」 reads both as connected and as connecting: a member's row said it of a connected player, an
    invitation's card of one being connected. Each place now says which (「再接続中」 is only ever under way)."""
    ja = catalogue("ja")
    ambiguous = [m.id for m in ja if m.id and any(re.search(r"(?<!再)接続中", s) for s in forms(m.string))]
    assert ambiguous == []
    with in_language("ja"):
        assert _("connected") == "接続済み"
        assert "しています" in _("Connecting…") and "しています" in _("Connecting {name}…")
