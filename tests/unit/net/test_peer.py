"""The STUN option read from the page address, and the links built from it."""

from gamenight.net import peer as pe


def test_stun_servers_come_from_the_page_address():
    assert pe.ice_servers("https://x.example/gnc/#/host") == pe.DEFAULT_STUN
    assert pe.ice_servers("http://127.0.0.1:8000/?stun=none#join=abc") == ()
    chosen = "https://x.example/?stun=stun:a.example:3478,turn:evil,stun:b.example:19302#/host"
    assert pe.ice_servers(chosen) == ("stun:a.example:3478", "stun:b.example:19302")


def test_links_start_from_the_page_address_without_its_fragment():
    assert pe.site_url("https://x.example/gnc/?stun=none#/host?game=raythread") == "https://x.example/gnc/?stun=none"
