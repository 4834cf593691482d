"""Nothing is lost and nothing is applied twice (docs/peer-links.md, "No message lost"): over the
loopback, a lost snapshot is asked for again and arrives, a lost or repeated request is handled once,
and a guest whose connection drops mid-match sends again what the host had not confirmed."""

import json

from gamenight.lobby import protocol as p
from tests.unit.lobby.helpers import Party, seat_everyone


def two_player_match() -> Party:
    party = Party("numbered", 2)
    seat_everyone(party, {"Host": "1", "Bob": "2"})
    party.send("Host", p.Start(5))
    return party


def request(party: Party, name: str, message: p._Message) -> None:
    party.links[name].request(message.to_json())
    party.pump()


def moves_by(party: Party, seat: str) -> int:
    return sum(1 for e in party.session.match.record.log if e.seat == seat)


def test_a_lost_snapshot_is_asked_for_again_with_back_off_and_arrives():
    party = Party("count", 2)
    party.net.lose = lambda peer, text: json.loads(text)["type"] == "snapshot" and not party.net.lose_done.append(1)
    party.net.lose_done = []
    bob = party.join("Bob")
    assert bob.lobby is None and bob.waiting_for == "lobby" and len(party.net.lose_done) == 1
    party.net.lose = None
    party.net.now_ms += 1000
    party.links["Bob"].poll()
    party.pump()
    assert bob.lobby is None  # too early: the first retry comes 2 s after the hello
    party.net.now_ms += 1500
    party.links["Bob"].poll()
    party.pump()
    assert bob.lobby is not None and bob.waiting_for is None
    party.in_step()


def test_a_snapshot_that_does_not_parse_is_asked_for_again():
    party = Party("count", 2)
    bob = party.join("Bob")
    bob.resync(party.net.now_ms)
    bob.receive('{"v": 6, "type": "snapshot", "seq": "garbled"}', party.net.now_ms)
    assert bob.problems and bob.waiting_for == "lobby"
    party.net.now_ms += 2500
    party.links["Bob"].poll()
    party.pump()
    assert bob.waiting_for is None
    party.in_step()


def test_a_repeated_request_is_applied_once():
    party = two_player_match()
    party.send("Host", party.clients["Host"].move({"add": 1}))  # Host's turn first
    bob = party.clients["Bob"]
    request(party, "Bob", p.Move("2", {"add": 2}))
    assert moves_by(party, "2") == 1 and bob.outbox == []
    party.links["Bob"].send(
        {**p.Move("2", {"add": 2}).to_json(), "n": bob.next_n - 1}
    )  # the same request again, as after a reconnection
    party.pump()
    assert moves_by(party, "2") == 1 and not bob.errors
    party.in_step()


def test_a_request_lost_on_the_way_is_sent_again_and_applied_once():
    party = two_player_match()
    party.send("Host", party.clients["Host"].move({"add": 1}))
    bob = party.clients["Bob"]
    party.net.lose_to_host = lambda peer, text: json.loads(text)["type"] == "move"
    request(party, "Bob", p.Move("2", {"add": 3}))
    assert moves_by(party, "2") == 0 and len(bob.outbox) == 1 and bob.waiting_for == "answer"
    party.net.lose_to_host = None
    party.net.now_ms += 2500
    party.links["Bob"].poll()
    party.pump()
    assert moves_by(party, "2") == 1 and bob.outbox == [] and bob.waiting_for is None
    party.links["Bob"].poll()  # nothing awaited: nothing sent again
    party.pump()
    assert moves_by(party, "2") == 1
    party.in_step()


def test_a_request_dropped_in_a_flood_is_asked_for_again_by_number():
    party = Party("count", 2)
    bob = party.join("Bob")
    for k in range(25):  # 25 chats in one instant: the flood guard drops some
        bob_line = p.Chat(f"line {k}")
        party.links["Bob"].request(bob_line.to_json())
    party.pump()
    assert len(party.session.chat) < 25
    for _ in range(12):  # a second later the host asks for the missing numbers; five lines per 5 s
        party.net.now_ms += 2000
        party.links["Bob"].poll()
        party.pump()
    said = [line.text for line in party.session.chat]
    assert said == sorted(set(said), key=said.index)  # never twice
    handled = party.session.handled[party.member("Bob")]
    assert handled == 25 and bob.outbox == []  # each request answered once: taken or refused


def test_a_guest_dropped_mid_match_sends_its_unconfirmed_move_again_when_back():
    party = two_player_match()
    party.send("Host", party.clients["Host"].move({"add": 1}))
    bob = party.clients["Bob"]
    party.drop("Bob")
    request(party, "Bob", p.Move("2", {"add": 2}))  # into the dead connection
    assert moves_by(party, "2") == 0 and len(bob.outbox) == 1
    party.reconnect("Bob")  # hello with the token: welcome (with ack), then the move again
    assert moves_by(party, "2") == 1 and bob.outbox == []
    assert party.session.seat_of(party.member("Bob")) == "2"
    party.in_step()


def test_acknowledgements_survive_a_host_reload():
    party = two_player_match()
    request(party, "Bob", p.Chat("before"))
    saved = party.session.to_json()
    (bob,) = [m for m in saved["members"] if m["name"] == "Bob"]
    assert bob["handled"] == party.session.handled[party.member("Bob")] >= 1
