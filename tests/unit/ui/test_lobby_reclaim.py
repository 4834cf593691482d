"""A player whose browser is gone comes back to their seat from another one, through the invitation the host made
from their row; the host's page names who joined by the lobby's name for them; a reply pasted with words around it."""

from gamenight.net import invite as iv
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, answer, host_lobby, invite_link, join, match_with_bea
from tests.unit.words import in_language


def members(page: Page) -> dict[str, str]:
    return {
        text_of(find_all(row, lambda e: e.attr("class") == "name")[0]): str(row.attr("data-state"))
        for row in page.by_class("member")
    }


def reply_field(page: Page) -> str:
    fields = find_all(page.tree, lambda e: e.tag == "input" and e.attr("name") == "reply")
    return str(fields[0].attr("value") or "") if fields else ""  # the form goes once no invitation waits


def invitation_for(rtc: FakeRtc, host: Page, name: str) -> Page:
    """The host's "Invite again" on member ``name``'s row, opened in a browser that never was in the lobby."""
    member = next(m for m, info in host.inner.live.session.members.items() if info.name == name)
    host.click("invite", member=member)
    return rtc.visit(Browser(), str(host.by_class("invite-link")[0].attr("value")))


def test_a_player_whose_browser_is_gone_takes_their_seat_back_from_another_browser():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    bea_browser = bea.browser
    bea.close()  # her browser is gone (a phone's battery ran out)
    back = invitation_for(rtc, host, "Bea")  # "Invite again" on her row, opened on another device
    assert back.inner.invitation.member == "Bea"
    assert "This invitation is for Bea: rejoin your seat." in back.text
    (field,) = find_all(back.tree, lambda e: e.tag == "input" and e.attr("name") == "name")
    assert (field.attr("value"), field.attr("readonly")) == ("Bea", True)
    assert "invited-for" in str(field.attr("aria-describedby"))
    assert back.focus_in("form[data-action=join] button[type=submit]"), "Rejoin: her name is filled in already"
    back.submit("join")
    host.submit("reply", reply=back.value_of("reply-code"))
    assert members(host)["Bea"] == "connected" and members(back)["Bea"] == "connected"
    assert back.inner.connected[0].seat == "C", "her seat, not a watcher's place"
    assert "You play seat B." in back.text  # the match's B: Raythread's seat C in a two-player match
    assert not host.by_class("error") and "Bea is connected." not in back.text
    assert "Someone here is already called" not in back.text
    # Her old browser, should it come back through an invitation, is told its seat moved and changes nothing.
    old, reply = answer(rtc, host, "Bea", bea_browser)
    host.submit("reply", reply=reply)
    assert "came back to this game night on another device" in old.text
    # It asks for another name to watch under: a field holding hers again was refused at once (a player's pass).
    (again,) = find_all(old.tree, lambda e: e.tag == "input" and e.attr("name") == "name")
    assert (again.attr("value") or "") == ""
    assert members(host)["Bea"] == "connected" and host.inner.live.session.peer_of("m2") is not None
    assert back.inner.connected[0].seat == "C"


def test_the_rejoin_form_says_whose_invitation_it_is_in_japanese():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    bea.close()
    with in_language("ja"):
        back = invitation_for(rtc, host, "Bea")
        assert "この招待はBeaさんのものです。" in back.text


def test_after_a_name_clash_and_a_rename_the_host_is_told_the_name_that_joined():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    link = invite_link(host)
    cal = rtc.visit(Browser(), link)
    cal.submit("join", name="Bea")  # Cal typed a name that is taken …
    host.submit("reply", reply=cal.value_of("reply-code"))
    cal.submit("rename", name="Cal")  # … and renamed
    assert "Cal" in members(host)
    assert "Cal is connected." in host.text and "Bea is connected." not in host.text
    # The same link answered on another device: the refusal names who used the invitation, Cal.
    other = rtc.visit(Browser(), link)
    other.submit("join", name="Dee")
    host.submit("reply", reply=other.value_of("reply-code"))
    assert "Dee's reply answers the invitation Cal already used" in text_of(host.by_class("error")[0])


def test_a_reply_pasted_with_the_words_it_came_with_is_taken_and_a_refused_one_stays_in_the_field():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    _bea, reply = answer(rtc, host, "Bea")
    host.submit("reply", reply="here you go: oops thanks!")
    assert "not a Game Night reply code" in text_of(host.by_class("error")[0])
    assert reply_field(host) == "here you go: oops thanks!", "the host corrects it, not pastes it again"
    host.submit("reply", reply=f"here you go:  {reply} \n thanks!")
    assert members(host)["Bea"] == "connected" and reply_field(host) == ""
    _cal, other = answer(rtc, host, "Cal")
    host.submit("reply", reply=f"{other} and {iv.encode_reply(iv.decode_reply(reply))[:-1]}x")
    assert members(host)["Cal"] == "connected"  # a broken second code is no second code


def test_after_a_reply_pasted_mid_match_focus_goes_back_to_the_match_not_the_page_s_top():
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    _dan, reply = answer(rtc, host, "Dan")  # a watcher, invited while the match runs
    host.focus_on("form[data-action=reply] input[name=reply]")
    host.submit("reply", reply=reply)
    assert members(host)["Dan"] == "connected"
    assert host.focus_in("[data-focus-home]"), "the match's status, where the host plays, not Invite a player"
    assert not host.focus_in("button[data-action=invite]")
