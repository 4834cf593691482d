"""The in-memory network: nothing moves until pumped, order is kept, closing reaches both sides."""

import pytest

from gamenight.net.loopback import Loopback


def wired():
    net = Loopback()
    at_host, at_guest, closed = [], {}, []
    net.host.on_message(lambda peer, text: at_host.append((peer, text)))
    net.host.on_close(lambda peer: closed.append(("host saw", peer)))
    ends = {}
    for name in ("a", "b"):
        end = net.connect()
        at_guest[end.peer] = []
        end.on_message(at_guest[end.peer].append)
        end.on_close(lambda peer=end.peer: closed.append(("guest saw", peer)))
        ends[name] = end
    return net, ends, at_host, at_guest, closed


def test_messages_wait_for_pump_and_arrive_in_order():
    net, ends, at_host, at_guest, _ = wired()
    ends["a"].send("1")
    ends["b"].send("2")
    ends["a"].send("3")
    net.host.send("peer2", "x")
    assert at_host == [] and at_guest["peer2"] == []
    assert net.pump() == 4
    assert at_host == [("peer1", "1"), ("peer2", "2"), ("peer1", "3")]
    assert at_guest == {"peer1": [], "peer2": ["x"]}
    assert net.delivered == [("peer2", "x")]


def test_closing_comes_after_what_was_sent_and_both_sides_hear_of_it():
    net, ends, _, at_guest, closed = wired()
    net.host.send("peer1", "bye")
    net.host.close("peer1")
    net.host.send("peer1", "too late")
    net.pump()
    assert at_guest["peer1"] == ["bye"]
    assert closed == [("guest saw", "peer1"), ("host saw", "peer1")]
    ends["a"].send("ignored")
    ends["a"].close()
    assert net.pump() == 1 and closed == [("guest saw", "peer1"), ("host saw", "peer1")]


def test_a_chosen_message_can_be_lost():
    net, _, _, at_guest, _ = wired()
    net.lose = lambda peer, text: peer == "peer1" and text == "2"
    for text in ("1", "2", "3"):
        net.host.send("peer1", text)
    net.pump()
    assert at_guest["peer1"] == ["1", "3"]


def test_peer_ids_are_fresh_unless_given_and_an_open_one_is_not_reused():
    net = Loopback()
    assert [net.connect().peer, net.connect().peer, net.connect("host").peer] == ["peer1", "peer2", "host"]
    with pytest.raises(ValueError):
        net.connect("host")


def test_a_network_that_never_settles_is_reported():
    net = Loopback()
    end = net.connect()
    net.host.on_message(lambda peer, text: end.send(text))  # an echo loop through the host
    end.send("ping")
    with pytest.raises(RuntimeError):
        net.pump(limit=50)
