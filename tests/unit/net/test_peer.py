"""The ICE server options read from the page address and the host's relay setting, and the links built from them."""

import pytest

from gamenight.core.errors import BadMessage
from gamenight.net import peer as pe


def test_stun_servers_come_from_the_page_address():
    assert pe.ice_servers("https://x.example/gnc/#/host") == tuple(pe.IceServer(u) for u in pe.DEFAULT_STUN)
    assert pe.ice_servers("http://127.0.0.1:8000/?stun=none#join=abc") == ()
    chosen = "https://x.example/?stun=stun:a.example:3478,turn:evil,stun:b.example:19302#/host"
    assert pe.ice_servers(chosen) == (pe.IceServer("stun:a.example:3478"), pe.IceServer("stun:b.example:19302"))


def test_links_start_from_the_page_address_without_its_fragment():
    assert pe.site_url("https://x.example/gnc/?stun=none#/host?game=raythread") == "https://x.example/gnc/?stun=none"


def test_a_turn_relay_set_by_the_host_travels_in_the_invitation_link_and_the_guest_uses_it():
    relay = pe.turn_server(" turn:relay.example:3478 ", "ann", "s3cret&=")
    assert relay == pe.IceServer("turn:relay.example:3478", "ann", "s3cret&=")
    host_page = "https://x.example/gnc/?stun=none#/host?game=raythread"
    assert pe.ice_servers(host_page, relay) == (relay,)
    base = pe.invitation_base(host_page, relay)
    assert base.startswith("https://x.example/gnc/?stun=none&turn=turn%3Arelay.example%3A3478")
    assert pe.ice_servers(base + "#join=CODE") == (relay,)  # the guest's page, opened from the link
    assert relay.to_json() == {"urls": "turn:relay.example:3478", "username": "ann", "credential": "s3cret&="}
    assert pe.invitation_base(host_page, None) == "https://x.example/gnc/?stun=none"
    assert pe.turn_server("", "", "") is None


@pytest.mark.parametrize(
    "url",
    # Chromium refuses the last three ("ICE server parsing failed: Invalid hostname format"), and the host's
    # invitation then never came ("Preparing the invitation…" for ever).
    [
        "stun:x.example",
        "http://relay",
        "turn:a b",
        "turn:" + "x" * 300,
        "turn:",
        "turn:::::",
        "turn:relay.example:port",
    ],
)
def test_a_relay_address_that_is_not_a_turn_url_is_refused(url):
    with pytest.raises(BadMessage, match="turn: or turns:"):
        pe.turn_server(url, "u", "p")
    assert pe.ice_servers(f"https://x.example/?stun=none&turn={url}#join=c") == ()  # a damaged link: no relay


@pytest.mark.parametrize(
    "url", ["turn:relay.example:3478", "turns:10.0.0.1:5349?transport=tcp", "turn:[2001:db8::1]:3478"]
)
def test_a_relay_address_with_a_host_and_port_is_taken(url):
    assert pe.turn_server(url, "u", "p") == pe.IceServer(url, "u", "p")


@pytest.mark.parametrize(("user", "password"), [("", ""), ("ann", ""), ("", "s3cret"), ("  ", "s3cret")])
def test_a_relay_without_its_user_name_and_password_is_refused(user, password):
    # WebRTC will not use a TURN server without both ("Both username and credential are required"): the
    # host's page threw, and its invitation never came.
    with pytest.raises(BadMessage, match="user name and password"):
        pe.turn_server("turn:relay.example:3478", user, password)
    link = f"https://x.example/?stun=none&turn=turn:relay.example:3478&turn_user={user}&turn_pass={password}#join=c"
    assert pe.ice_servers(link) == ()
