"""The lobby's error lines say the same error twice: each is drawn by ``ui.live.alerts`` as two regions
speaking by turns (the page is morphed, not rebuilt, so the same text set again in one region is not said
again), and each screen counts the errors it gave."""

import json
from dataclasses import dataclass, replace

from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.net import peer as pe
from gamenight.ui.live import new_notes
from gamenight.ui.lobby import panel
from gamenight.ui.svg import text_of
from tests.unit.alerts import Regions, regions, said_in_turns
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, invite_link, invited_back, join
from tests.unit.ui.test_lobby_screens import bea_back, play, three_seats, two_player_match


def alerts_of(page: Page, name: str) -> Regions:
    """The page's alert regions named ``{name}-0`` and ``{name}-1``."""
    return [(rid, text) for rid, text in regions(page.tree) if rid in (f"{name}-0", f"{name}-1")]


def said_twice(page: Page, name: str, act) -> str:
    """What ``act`` (done three times on ``page``) made the screen reader hear each time, checked the same."""
    drawn = []
    for _ in range(3):
        act()
        drawn.append(alerts_of(page, name))
    return said_in_turns(drawn, name)


@dataclass(frozen=True)
class Lines:
    """A screen's model with two error lines, as the host screen's setup and reply forms."""

    error: dict | None = None
    reply_error: dict | None = None


def test_a_screen_counts_each_error_line_an_input_gave_it():
    """``ui.live.new_notes``, by which the host screen (setup and reply forms) and the join screen (problem,
    name and rejoin lines) count their errors: an error given is a new value, counted even in the words
    standing; one kept is the same object, and one taken away says nothing; each line given counts."""
    bad = {"code": "name-length", "params": {"max": 24}}
    before = Lines(error=bad)

    def both(lines: Lines) -> tuple[object, ...]:
        return lines.error, lines.reply_error

    assert new_notes(before, replace(before), both) == 0, "kept through another change"
    assert new_notes(before, Lines(error=dict(bad)), both) == 1, "the same words again"
    assert new_notes(before, Lines(), both) == 0, "taken away"
    assert new_notes(before, Lines(dict(bad), dict(bad)), both) == 2, "two lines at once"
    assert new_notes(before, Lines(dict(bad), dict(bad)), lambda lines: (lines.reply_error,)) == 1, "only those read"


def test_the_setup_form_says_the_same_bad_name_again():
    rtc = FakeRtc()
    page = rtc.page(Browser(), "#/host?game=raythread")
    said = said_twice(page, "setup-alert", lambda: page.submit("host-setup", lobby="Fun", name="", game="raythread"))
    assert "name has 1 to 24" in said


def test_the_reply_form_says_the_same_bad_code_again():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    invite_link(host)
    said = said_twice(host, "reply-alert", lambda: host.submit("reply", reply="not-a-code"))
    assert "not a Game Night reply code" in said


def test_the_lobby_says_the_hosts_same_refusal_again_and_the_hosts_own_refusal_too():
    rtc = FakeRtc()
    host, _bea, cal = three_seats(rtc)
    assert "taken" in said_twice(cal, "lobby-alert", lambda: cal.click("sit", seat="B"))
    said = said_twice(host, "lobby-alert", lambda: host.submit("choose", game="raythread", players="2", target="lots"))
    assert said == "Points to win must be a whole number from 1 to 28."


def test_a_guest_page_says_again_that_the_host_sent_something_it_could_not_read():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    play(host, host.inner.live.session, "A")
    client = bea.inner.client
    view = json.loads(json.dumps(client.match.view))
    view["tiles"][0]["cell"] = [40, 2]
    spoiled = p.Update(client.seq + 1, client.lobby, replace(client.match, view=view), ())
    said = said_twice(bea, "problem-alert", lambda: bea.send(pe.PeerText("host", p.encode(spoiled), rtc.now)))
    assert "could not read" in said and "'tiles[0].cell' is off the board" in said


def test_the_join_form_says_the_same_bad_name_again():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = rtc.visit(Browser(), invite_link(host))
    assert "name has 1 to 24" in said_twice(bea, "name-alert", lambda: bea.submit("join", name="   "))


def test_the_rename_form_says_the_same_bad_name_again():
    """The rename form (the host refused a guest's name) counted a bad name twice, once where it refused it and
    once as every error line is counted (``new_notes``), so the same region spoke each time: the same bad name
    again left it as it was, and was not heard."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    twin = join(rtc, host, "BEA")
    assert twin.find(lambda e: e.attr("data-action") == "rename" and e.tag == "form")
    assert "name has 1 to 24" in said_twice(twin, "name-alert", lambda: twin.submit("rename", name=" "))


def test_the_rejoin_form_says_the_same_bad_invitation_again():
    rtc = FakeRtc()
    again = bea_back(rtc)
    said = said_twice(again, "rejoin-alert", lambda: again.submit("rejoin", invitation="not a code"))
    assert "not a Game Night invitation code" in said


def test_the_join_screens_problem_line_is_one_of_the_two_regions():
    """The problem stage is the screen's end (nothing there gives the error again), but its line is drawn
    like every other, so a screen reader hears it whichever stage it came from."""
    rtc = FakeRtc()
    page = rtc.page(Browser(), "#join=not-a-code")
    assert page.inner.stage == "problem"
    (spoken,) = [(rid, text) for rid, text in alerts_of(page, "join-alert") if text]
    assert spoken[0] == "join-alert-0" and "not a Game Night invitation code" in spoken[1]


def test_a_reply_tab_says_the_host_tabs_same_refusal_again():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")  # a reply the host took: pasted again, the host tab refuses it
    code = bea.inner.reply
    tab = rtc.page(Browser(), f"#reply={code}")
    refusal = json.dumps({"ack": code, "ok": False, "said": {"code": "reply-used", "params": {}}})
    said = said_twice(tab, "reply-said", lambda: tab.send(pe.Signal(refusal)))
    assert tab.inner.stage == "refused" and said


def test_a_guest_s_refusal_is_shown_in_the_window_as_the_host_s_is():
    """A guest is refused through the page too: two press Take seat on the same seat, and the host takes the
    first and refuses the other ("Seat B is taken."). The refusal is drawn under the lobby's heading, far
    above a phone's seat list, and only the host's page asked the shell to bring it into the window: on a
    guest's phone the press looked like one that did nothing."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, cal = join(rtc, host, "Bea"), join(rtc, host, "Cal")
    host.submit("choose", game="raythread", players="3")
    cal.click("sit", seat="B")
    bea.click("sit", seat="B")  # her page had not heard of Cal's yet: the host refuses it
    assert "Seat B is taken." in bea.text
    assert bea.shown == ["#lobby-alert-0.error, #lobby-alert-1.error"]
    bea.click("sit", seat="B")  # the same refusal again is said again, and shown again
    assert len(bea.shown) == 2
    assert not cal.shown


def test_a_lobby_page_brings_a_refusal_into_the_window_only_when_an_update_gave_one():
    """``panel.shown_refusal``, the one rule of the host's page and a guest's: ``SHOW_REFUSAL`` when the lobby's
    client counts more refusals than before the update (read first: a live lobby's client changes in place);
    nothing for a page with no client yet, nor for an update that refused nothing."""
    client = Client("Bea")
    before = panel.refusals(client)
    assert before == 0 and panel.refusals(None) == 0
    assert panel.shown_refusal(before, client) == [] and panel.shown_refusal(0, None) == []
    client.refusals += 1  # as ``Client.refuse`` counts a refusal the host sent
    assert panel.shown_refusal(before, client) == [panel.SHOW_REFUSAL]
    assert panel.shown_refusal(panel.refusals(client), client) == []


def status_regions(page: Page, name: str) -> Regions:
    """The page's status regions named ``{name}-0`` and ``{name}-1``, as (id, text)."""
    found = page.find(lambda e: e.attr("role") == "status" and e.attr("id") in (f"{name}-0", f"{name}-1"))
    return [(e.attr("id"), text_of(e)) for e in found]


def test_the_hosts_note_of_who_joined_says_the_same_guest_again_when_she_comes_back():
    """A player's pass: "Bea is connected." under the invitations, then Bea drops (the note goes) and comes
    back by a new invitation: the same words again, in a region drawn afresh, which a screen reader need not
    announce. The note is two status regions by turns (``ui.live.alerts``), drawn even when empty, so each
    saying is a change to a region already on the page."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    bea = join(rtc, host, "Bea", bea_browser)
    first = status_regions(host, "reply-note")
    bea.close()
    gone = status_regions(host, "reply-note")
    back, reply = invited_back(rtc, host, "Bea", bea_browser)
    host.submit("reply", reply=reply)
    again = status_regions(host, "reply-note")
    assert [text for _rid, text in gone] == ["", ""], gone
    assert said_in_turns([first, again], "reply-note") == "Bea is connected."
    assert back.inner.stage == "lobby"
