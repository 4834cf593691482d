"""Secrets never travel: no message to a member holds another seat's secret or another member's token.

A whole evening over the loopback — two matches with reseating, simultaneous secret picks, a drop and
reconnect, a lost update and resync, a host reload, chat and refused moves — and then every text each
member's page received is searched for what it must not see.
"""

import random

from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.session import HOST_PEER, Session
from gamenight.net.link import HostLink
from tests.unit.lobby.countgame import secret_of
from tests.unit.lobby.helpers import Party, live_tables_hold_only_the_connected, seat_everyone


def test_no_member_ever_receives_another_seats_secret_or_another_members_token():
    party = Party("count", 3, {"mode": "together", "target": 15})
    seat_everyone(party, {"Host": "X", "Bea": "Y", "Cal": "Z"})
    party.join("Eve")
    peers = {}  # every peer id a member has used
    held = {"Host": {(101, "X"), (202, "X")}, "Bea": {(101, "Y"), (202, "Y")}, "Cal": {(101, "Z")}, "Eve": {(202, "Z")}}

    def note_peers():
        for name, end in party.ends.items():
            peers[end.peer] = name

    brain = random.Random(6)
    party.send("Host", p.Start(101))
    party.send("Cal", {"v": 6, "type": "move", "seat": "Y", "move": {"add": 3}})  # refused: not Cal's seat
    for _ in range(2):
        party.play_one(brain)
    note_peers()
    party.drop("Bea")
    party.reconnect("Bea")
    note_peers()
    party.net.lose = lambda peer, text: peer == party.ends["Eve"].peer and '"update"' in text and brain.random() < 0.3
    while party.session.match.running:
        party.play_one(brain)
        party.send("Eve", party.clients["Eve"].say("nice"))
    party.net.lose = None

    party.send("Host", p.Assign(party.member("Cal")))
    party.send("Eve", party.clients["Eve"].sit("Z"))
    party.send("Host", p.Start(202))
    party.play_one(brain)
    saved = dumps(party.session.to_json())
    for end in party.ends.values():
        end.close()
    party.pump()
    party.session = Session.restore(saved, random=random.Random(2))
    party.host = HostLink(party.session, party.net.host, party.net.clock)
    party.clients["Host"] = Client("Host")
    party._attach("Host", party.clients["Host"], party.net.connect(HOST_PEER), host_page=True)
    for name in ("Bea", "Cal", "Eve"):
        party.reconnect(name)
    note_peers()
    while party.session.match.running:
        party.play_one(brain)
    party.in_step()

    tokens = {m.name: m.token for m in party.session.members.values()}
    party.send("Host", p.Kick(party.member("Eve")))  # the evening ends with a removal
    party.pump()
    live_tables_hold_only_the_connected(party.session)
    assert party.ends["Eve"].peer not in party.session._flood
    secrets = {(seed, seat): secret_of(seed, seat) for seed in (101, 202) for seat in ("X", "Y", "Z")}
    received = {name: [text for peer, text in party.net.delivered if peers[peer] == name] for name in held}
    assert all(received.values())
    for name, texts in received.items():
        forbidden = [s for key, s in secrets.items() if key not in held[name]]
        forbidden += [token for other, token in tokens.items() if other != name]
        leaks = [(f, t) for t in texts for f in forbidden if f in t]
        assert leaks == [], f"{name} received {leaks[0][0]}"
        # What a member may see does reach it (so the search above can find things).
        for key in held[name]:
            assert any(secrets[key] in t for t in texts), (name, key)
        if name != "Host":  # the host page is never welcomed: it owns the session
            assert any(tokens[name] in t for t in texts)
