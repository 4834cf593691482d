"""Whole evenings over the loopback network: a host page, guests and spectators, each with its own mirror.

The players' choices come from the game's ``legal`` moves (the test is their brain); everything else
goes through the wire exactly as in the browser: text in, ``Session.handle``, text out, ``Client``.
"""

from __future__ import annotations

import random

from gamenight.core.jsonutil import dumps, loads
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.record import MAX_RECORD_BYTES, parse_record, replay
from gamenight.lobby.session import HOST_PEER, Session
from gamenight.net.link import HostLink
from tests.unit.lobby.helpers import Party, seat_everyone


def test_four_players_and_two_spectators_play_a_full_raythread_match():
    party = Party("raythread", 4)
    seat_everyone(party, {"Host": "A", "Bea": "B", "Cal": "C", "Dot": "D"})
    for name in ("Eve", "Fay"):
        party.join(name)
    party.send("Bea", party.clients["Bea"].say("Good luck, everyone!"))
    assert all(c.chat[-1].text == "Good luck, everyone!" for c in party.clients.values())
    party.send("Host", p.Start(77))
    party.in_step()
    assert {n: c.match.you for n, c in party.clients.items()} == {
        "Host": "A",
        "Bea": "B",
        "Cal": "C",
        "Dot": "D",
        "Eve": None,
        "Fay": None,
    }
    brain = random.Random(5)
    moves = party.play_out(brain)
    final = party.clients["Eve"].match
    assert final.ended == "over" and final.result is not None and final.moves == moves
    assert party.clients["Host"].lobby.phase == "lobby"
    record = parse_record(loads(dumps(party.session.match.record.to_json()), MAX_RECORD_BYTES))
    assert replay(record)[-1] == party.session.match.state
    assert record.names == {"A": "Host", "B": "Bea", "C": "Cal", "D": "Dot"}


def test_two_players_of_raythread_sit_in_its_two_player_seats():
    party = Party("raythread", 2)
    seat_everyone(party, {"Host": "A", "Bea": "C"})
    party.send("Host", p.Start(3))
    party.in_step()
    assert party.clients["Bea"].match.view["seats"] == ["A", "C"]
    assert [s.colour for s in party.clients["Bea"].lobby.seats] == ["amber", "magenta"]


def test_two_players_play_a_full_light_seeker_match_with_a_spectator():
    party = Party("lightseeker", 2)
    seat_everyone(party, {"Host": "1", "Bea": "2"})
    party.join("Eve")
    party.send("Host", p.Start(11))
    party.in_step()
    brain = random.Random(8)
    moves = party.play_out(brain)
    final = party.clients["Eve"].match
    assert final.ended == "over" and final.result is not None and final.moves == moves
    assert final.view["seats"] == ["1", "2"] and final.you is None
    assert (
        replay(parse_record(loads(dumps(party.session.match.record.to_json()), MAX_RECORD_BYTES)))[-1]
        == party.session.match.state
    )


def test_a_late_joiner_watches_and_takes_a_seat_in_the_next_match():
    party = Party("count", 2)
    seat_everyone(party, {"Host": "X", "Bea": "Z"})
    party.send("Host", p.Start(1))
    party.play_one(random.Random(1))
    late = party.join("Lou")
    party.in_step()
    assert late.match.you is None and late.match.view["secret"] is None and late.match.moves == 1
    party.send("Lou", late.sit("Z"))
    assert late.errors[-1].code == "match-running"
    brain = random.Random(2)
    while party.session.match.running:
        party.play_one(brain)
    party.send("Host", p.Assign(party.member("Bea")))
    party.send("Lou", late.sit("Z"))
    party.send("Host", p.Start(2))
    party.in_step()
    assert late.match.you == "Z" and late.match.view["secret"] is not None and late.match.moves == 0


def test_a_dropped_guest_comes_back_to_its_seat_while_the_game_waits():
    party = Party("count", 3)
    seat_everyone(party, {"Host": "X", "Bea": "Y", "Cal": "Z"})
    party.send("Host", p.Start(4))
    party.play_one(random.Random(1))  # now Bea (Y) is to move
    party.drop("Bea")
    party.in_step()
    shown = {m.name: m.connected for m in party.clients["Cal"].lobby.members}
    assert shown == {"Host": True, "Bea": False, "Cal": True}
    party.send("Cal", {"v": 6, "type": "move", "seat": "Y", "move": {"add": 1}})
    assert party.clients["Cal"].errors[-1].code == "not-your-seat"
    assert party.session.match.record.log[-1].seat == "X"  # the game waits for Y
    party.reconnect("Bea")
    party.in_step()
    assert party.clients["Bea"].match.you == "Y" and party.member("Bea") == "m2"
    party.play_one(random.Random(1))
    party.in_step()
    assert party.session.match.record.log[-1].seat == "Y"


def test_a_lost_update_makes_the_guest_resync():
    party = Party("count", 2)
    seat_everyone(party, {"Host": "X", "Bea": "Z"})
    fay = party.join("Fay")
    party.send("Host", p.Start(9))
    lost = []

    def lose_one(peer: str, text: str) -> bool:
        if peer == party.ends["Fay"].peer and not lost and '"update"' in text:
            lost.append(text)
            return True
        return False

    party.net.lose = lose_one
    party.play_one(random.Random(1))  # Fay misses this update...
    assert lost and fay.seq == party.session.seq - 1
    seen = len(party.net.delivered)
    party.play_one(random.Random(1))  # ...sees the gap in the next, and asks for a snapshot
    party.in_step()
    to_fay = [loads(text)["type"] for peer, text in party.net.delivered[seen:] if peer == party.ends["Fay"].peer]
    assert to_fay == ["update", "snapshot"]
    assert fay.match.moves == 2 and fay.problems == []


def test_the_host_reloads_mid_match_and_everyone_comes_back_to_play_on():
    party = Party("count", 3, {"mode": "together", "target": 12})
    seat_everyone(party, {"Host": "X", "Bea": "Y", "Cal": "Z"})
    party.join("Eve")
    party.send("Host", p.Start(11))
    brain = random.Random(4)
    for _ in range(4):
        party.play_one(brain)
    saved = dumps(party.session.to_json())
    for name in party.clients:  # the reload closes every channel
        party.ends[name].close()
    party.pump()

    party.session = Session.restore(saved, random=random.Random(8))
    party.host = HostLink(party.session, party.net.host, party.net.clock)
    assert loads(dumps(party.session.to_json())) == loads(saved)
    party.clients["Host"] = Client("Host")
    party._attach("Host", party.clients["Host"], party.net.connect(HOST_PEER), host_page=True)
    for name in ("Bea", "Cal", "Eve"):
        party.reconnect(name)
    party.in_step()
    assert [party.clients[n].match.you for n in ("Host", "Bea", "Cal", "Eve")] == ["X", "Y", "Z", None]
    party.play_out(brain)
    assert party.clients["Eve"].match.result is not None
    assert replay(party.session.match.record)[-1] == party.session.match.state


def test_a_guest_who_floods_is_warned_once_and_the_others_play_on():
    party = Party("count", 2)
    seat_everyone(party, {"Host": "X", "Bea": "Z"})
    mal = party.join("Mal")
    for n in range(40):
        party.links["Mal"].send(mal.say(f"spam {n}"))
    party.pump()
    floods = [e for e in mal.errors if e.code == "flood"]
    assert len(floods) == 1
    assert sum(1 for line in party.clients["Bea"].chat if line.text.startswith("spam")) == 5  # the chat limit
    party.send("Host", p.Start(1))
    party.play_one(random.Random(1))
    party.in_step()
