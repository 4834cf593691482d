"""A game-night pass: the host's page could not tell its invitations apart, and a gone player's "Invite again"
was only in the member list, below the fold under a match's board."""

from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby, match_with_bea
from tests.unit.ui.test_lobby_regions_first import card_regions
from tests.unit.words import in_language


def test_two_open_invitations_are_numbered_in_the_order_made_and_their_regions_say_which():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.click("invite")
    host.click("invite")
    cards = host.by_class("invite")  # newest first
    assert [text_of(c.children[0]) for c in cards] == ["Invitation 2", "Invitation 1"]
    said = [text for _, text in card_regions(host)]
    assert said == [
        "Invitation 2: Send this link to one player, then paste their reply below.",
        "Invitation 1: Send this link to one player, then paste their reply below.",
    ]
    with in_language("ja"):
        headings = [text_of(c.children[0]) for c in host.by_class("invite")]
    assert len(set(headings)) == 2 and "2" in headings[0], headings


def test_a_gone_player_s_line_beside_the_status_offers_invite_again_as_the_member_list_does():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    bea.close()
    (line,) = host.by_class("gone-line")
    buttons = find_all(line, lambda e: e.tag == "button")
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    assert [(b.attr("data-action"), b.attr("data-member"), text_of(b)) for b in buttons][-1] == (
        "invite",
        bea_id,
        "Invite again",
    ), [text_of(b) for b in buttons]
    host.click("invite", member=bea_id)
    assert "Invitation for Bea" in text_of(host.by_class("invite")[0])
