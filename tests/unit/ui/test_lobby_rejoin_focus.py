"""Where a guest's keyboard focus goes when the page comes back to a running match (a reload, the invitation
reopened, a rejoin after the host was lost): where a keyboard player continues, as a table on one device
puts it (its board on the player's turn, else the match's status, the screen's focus home), not the page's
``h1``, from which a keyboard player tabbed through the lobby's title and lines to reach the board."""

from gamenight.net import peer as pe
from gamenight.ui import match
from tests.unit.ui.peers import FakeRtc, match_with_bea, welcomed_back
from tests.unit.ui.test_lobby_bots import click_place, first_place


def test_a_guest_back_in_a_running_match_has_focus_on_the_status_or_on_the_board_on_her_turn():
    rtc = FakeRtc()
    ann, bea = match_with_bea(rtc)
    # Ann (A) is to play: Bea, back on a reopened invitation, reads whose turn it is.
    bea.close()
    back = welcomed_back(rtc, ann, "Bea", bea.browser)
    assert back.focused[-1] != "main h1", back.focused
    assert back.focus_in(".match-status"), back.focused
    # Ann plays; Bea's page is reloaded on her turn: her board has focus, to play on.
    click_place(ann, first_place(ann, "A"))
    back.close()
    again = welcomed_back(rtc, ann, "Bea", bea.browser)
    assert again.focused[-1] == match.focus_board("raythread").selector, again.focused
    assert again.focus_in("[role=grid]")


def test_a_guest_that_rejoins_after_losing_the_host_has_focus_on_the_board_on_her_turn():
    rtc = FakeRtc()
    ann, bea = match_with_bea(rtc)
    click_place(ann, first_place(ann, "A"))
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    bea_id = next(m for m, info in ann.inner.live.session.members.items() if info.name == "Bea")
    ann.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(ann.by_class("invite-link")[0].attr("value")))
    ann.submit("reply", reply=bea.value_of("reply-code"))
    assert bea.focused[-1] == match.focus_board("raythread").selector, bea.focused
    assert bea.focus_in("[role=grid]")
