"""An invitation opened on a second device: Bea answered it on her phone and is in; the same link is opened on
her laptop (or forwarded to Cal). That page cannot know the link was used (there is no server): it asks a name
and makes a reply, which the host's page refuses. The host reads who used the invitation and what the other
device needs, not "This reply was already used" (it was not: the invitation was); Bea's phone keeps its seat."""

from gamenight.ui.lobby import join as join_screen
from tests.unit.ui.peers import Browser, FakeRtc, Page
from tests.unit.ui.test_lobby_alerts import alerts_of
from tests.unit.ui.test_lobby_screens import bea_answered, members
from tests.unit.words import in_language


def second_reply(rtc: FakeRtc, link: str, name: str) -> Page:
    """The used link opened in another browser (a laptop, a friend's phone), answered as ``name``."""
    other = rtc.visit(Browser(), link)
    assert other.inner.stage == "name", "it cannot know the link was used"
    other.submit("join", name=name)
    assert other.inner.stage == "reply"
    return other


def reply_error(host: Page) -> str:
    """What the host's reply form says is wrong with the reply pasted last."""
    (error,) = [text for _rid, text in alerts_of(host, "reply-alert") if text]
    return error


def test_bea_s_laptop_on_the_invitation_her_phone_used_leaves_her_seat_and_the_host_reads_what_happened():
    rtc = FakeRtc()
    host, _phone_browser, link, phone = bea_answered(rtc)
    laptop = second_reply(rtc, link, "Bea")
    host.submit("reply", reply=laptop.inner.reply)
    said = reply_error(host)
    assert said == (
        "Bea already joined with this invitation (on another device, tab or browser). Each invitation lets one "
        "player in, so nothing changed. Another device needs an invitation of its own, and joins as another "
        "player."
    ), said
    assert members(host) == {"Ann": "connected", "Bea": "connected"} and phone.inner.stage == "lobby"
    with in_language("ja"):
        assert "Bea" in reply_error(host) and "招待" in reply_error(host)
    # The laptop is never told by the host (no connection): after its wait it says what may have happened.
    rtc.now += join_screen.HOST_WAIT_MS + 1
    laptop.tick(join_screen.HOST_WAIT)
    assert "this invitation was already used" in laptop.text


def test_a_friend_s_reply_to_an_invitation_bea_used_names_both_and_the_same_reply_again_is_said_as_before():
    rtc = FakeRtc()
    host, _phone_browser, link, phone = bea_answered(rtc)
    cal = second_reply(rtc, link, "Cal")
    host.submit("reply", reply=cal.inner.reply)
    assert reply_error(host) == (
        "Cal's reply answers the invitation Bea already used: each invitation lets one player in. Make a new "
        "invitation for Cal."
    )
    host.submit("reply", reply=phone.inner.reply)  # Bea's own reply, pasted again
    assert reply_error(host).startswith("This reply was already used")
