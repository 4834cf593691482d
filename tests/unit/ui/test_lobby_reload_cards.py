"""A game-night pass: a host who made invitations and reloaded the page found the lobby back and the cards
gone, though the links were still in the guests' chats. A link made before a reload cannot be answered by the
new page (its connection offer belonged to the page that made it: docs/peer-links.md, *Host reload*), so the
cards come back saying so, each with "Invite again" (a new link, for the same player) and "Dismiss"; and a reply
to such a link says why it cannot be used, not that the invitation "was already used"."""

import json

from gamenight.ui.lobby import host as host_screen
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, invited_back, join, match_with_bea
from tests.unit.words import in_language

LOST = "This link stopped working when this page was reloaded: invite the player again if they have not joined."


def cards(page: Page) -> list[tuple[str, str]]:
    """Each invitation card shown, newest first: its title and its state."""
    return [(text_of(card.children[0]), str(card.attr("data-state"))) for card in page.by_class("invite")]


def card(page: Page, title: str) -> Element:
    (found,) = [c for c in page.by_class("invite") if text_of(c.children[0]) == title]
    return found


def buttons(part: Element) -> dict[str, Element]:
    """A card's buttons by their spoken names (the words shown when they have none)."""
    found = find_all(part, lambda e: e.tag == "button")
    return {str(b.attr("aria-label") or text_of(b)): b for b in found}


def saved(browser: Browser) -> dict:
    return json.loads(browser.storage[host_screen.STORE_KEY])


def test_invitations_open_when_the_host_reloads_come_back_saying_their_links_no_longer_work():
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    join(rtc, host, "Bea")  # Invitation 1: answered, its card done
    host.click("invite")  # Invitation 2: sent to a friend who has not answered yet
    assert cards(host) == [("Invitation 2", "waiting")]
    reloaded = host.reload()
    assert cards(reloaded) == [("Invitation 2", "lost")], "the lobby came back, the card did not"
    lost = card(reloaded, "Invitation 2")
    assert LOST in text_of(lost)
    assert not find_all(lost, lambda e: e.attr("class") == "invite-link"), "no link to send: it would not work"
    assert set(buttons(lost)) == {"Invite again: Invitation 2", "Dismiss: Invitation 2"}
    with in_language("ja"):
        assert LOST not in text_of(card(reloaded, "2通目の招待")), "said in the page's language"
    again = reloaded.reload()  # saved as it is, until the host does something about it
    assert cards(again) == [("Invitation 2", "lost")]


def test_invite_again_on_a_lost_card_makes_a_new_link_in_its_place_and_dismiss_puts_it_away():
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    host.click("invite")
    reloaded = host.reload()
    assert cards(reloaded) == [("Invitation 2", "lost"), ("Invitation 1", "lost")]
    (again,) = [b for name, b in buttons(card(reloaded, "Invitation 2")).items() if name.startswith("Invite again")]
    reloaded.click("invite", **{k[5:]: str(v) for k, v in again.attrs if k.startswith("data-") and k != "data-action"})
    assert cards(reloaded) == [("Invitation 3", "waiting"), ("Invitation 1", "lost")], "a new link in its place"
    assert reloaded.focused[-1] == f"#{card(reloaded, 'Invitation 3').children[0].attr('id')}"
    (dismiss,) = [b for name, b in buttons(card(reloaded, "Invitation 1")).items() if name.startswith("Dismiss")]
    reloaded.click("dismiss-invite", invite=str(dismiss.attr("data-invite")))
    assert cards(reloaded) == [("Invitation 3", "waiting")]
    assert reloaded.focused[-1] == "button[data-action=invite]"
    assert cards(reloaded.reload()) == [("Invitation 3", "lost")], "the dismissed card stays away"


def test_a_lost_invitation_for_a_player_offers_to_invite_that_player_again_and_goes_once_they_are_back():
    rtc, browser = FakeRtc(), Browser()
    host, bea = match_with_bea(rtc, browser)
    bea.close()
    invited_back(rtc, host, "Bea", bea.browser)  # her new link, opened; her reply not pasted yet
    reloaded = host.reload()
    assert cards(reloaded) == [("Invitation for Bea", "lost")]
    bea_id = next(m for m, info in reloaded.inner.live.session.members.items() if info.name == "Bea")
    again = buttons(card(reloaded, "Invitation for Bea"))["Invite again: Bea"]
    assert again.attr("data-member") == bea_id
    _back, reply = invited_back(rtc, reloaded, "Bea", bea.browser)  # her row's "Invite again" does the same
    assert cards(reloaded) == [("Invitation for Bea", "waiting")], "her new invitation in place of the lost one"
    reloaded.submit("reply", reply=reply)
    assert saved(browser)["open"] == [], "she is back: nothing left to do about it"


def test_a_reply_to_a_link_made_before_the_reload_says_so():
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    link = str(host.by_class("invite-link")[0].attr("value"))
    reloaded = host.reload()
    cy = rtc.visit(Browser(), link)
    cy.submit("join", name="Cy")
    reloaded.submit("reply", reply=cy.value_of("reply-code"))
    (alert,) = [a for a in reloaded.by_class("error") if text_of(a)]
    assert text_of(alert) == (
        "Cy's reply answers an invitation made before this page was reloaded, which ended its link: "
        "make a new invitation for Cy."
    )


def test_the_open_invitations_saved_with_the_night_round_trip_and_a_damaged_list_loses_only_the_cards():
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    (entry,) = saved(browser)["open"]
    assert entry["n"] == 1 and len(entry["id"]) == 8 and entry["member"] == "" and entry["guest"] == ""
    live = host_screen.Live.restore(browser.storage[host_screen.STORE_KEY])
    assert live.saved() == browser.storage[host_screen.STORE_KEY], "read back as it was written"
    night = saved(browser)
    uncounted = rtc.page(Browser(storage={host_screen.STORE_KEY: json.dumps({**night, "invites": "?"})}), "#/host")
    uncounted.click("invite")
    assert cards(uncounted)[0][0] == "Invitation 2", "a damaged count goes on past the lost cards' numbers"
    for value in ("x", [1], [{"n": 0, "id": "zz"}], [{"n": 1, "id": entry["id"], "member": "nobody"}], [entry] * 40):
        damaged = {**night, "open": value}
        page = rtc.page(Browser(storage={host_screen.STORE_KEY: json.dumps(damaged)}), "#/host?game=raythread")
        assert "Your game night was restored." in page.text and "could not" not in page.text, (value, page.text)
        assert len(cards(page)) <= 1, value


def reply_form(page: Page) -> list[Element]:
    return page.find(lambda e: e.tag == "form" and e.attr("data-action") == "reply")


def test_with_only_lost_cards_the_reply_form_is_there_and_a_reply_to_one_says_why_it_fails():
    """A reloaded host page with only lost cards drew no reply form: a host holding a reply to an old link
    learnt why it could not be used only after making a new invitation (the form came with its card). The form
    is there while a reply may be pasted, and the reply to a lost link says so, naming its player."""
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    link = str(host.by_class("invite-link")[0].attr("value"))
    reloaded = host.reload()
    assert cards(reloaded) == [("Invitation 1", "lost")]
    assert reply_form(reloaded), "no reply form beside a lost card"
    cy = rtc.visit(Browser(), link)
    cy.submit("join", name="Cy")
    reloaded.submit("reply", reply=cy.value_of("reply-code"))
    (alert,) = [a for a in reloaded.by_class("error") if text_of(a)]
    assert text_of(alert).startswith("Cy's reply answers an invitation made before this page was reloaded")
    assert reply_form(reloaded), "the form stays with its reason"
    quiet = host_lobby(FakeRtc(), Browser())
    assert not reply_form(quiet), "no invitation, no reply to paste: no form"
