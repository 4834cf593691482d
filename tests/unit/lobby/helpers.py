"""Test drivers: ``Table`` drives a session message by message; ``Party`` runs pages over the loopback."""

from __future__ import annotations

import random
from typing import Any

from gamenight import games
from gamenight.core.jsonutil import dumps
from gamenight.core.steps import finish
from gamenight.i18n import english
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.session import HOST_PEER, Session
from gamenight.net.link import GuestLink, HostLink
from gamenight.net.loopback import GuestEnd, Loopback

# Sample host messages' parts, for protocol and mirror tests.
LOBBY = p.Lobby(
    game="count",
    title="Count to Ten",
    options={"target": 12},
    players=2,
    phase="playing",
    host="m1",
    members=(
        p.MemberInfo("m1", "Ann", True),
        p.MemberInfo("m2", "Bob", False),
        p.MemberInfo("m3", "Bot", False, "hard"),
    ),
    seats=(p.SeatInfo("X", "amber", "m1"), p.SeatInfo("Z", "magenta", None)),
)
MATCH = p.MatchView("count", "X", {"total": 3, "secret": "s"}, None, 2, None)
SAID = p.Said("m2", "Bob", "hello\nthere", 1500)
MAX_MOVES = 2000  # far more than any test match needs (Raythread's supply runs out well before)


class Table:
    """A host session plus helpers to send messages from peers and read what comes back."""

    def __init__(self, game: str = "count", players: int | None = 3, seed: int = 7, **options: Any) -> None:
        self.session = Session(game, "Ann", options=options or None, players=players, random=random.Random(seed))
        self.now = 1000
        self.tokens: dict[str, str] = {}
        self.members: dict[str, str] = {HOST_PEER: self.session.host}

    def send(self, peer: str, message: p._Message | dict | str | bytes) -> list[tuple[str, dict]]:
        self.now += 100
        if isinstance(message, p._Message):
            message = message.to_json()
        data = message if isinstance(message, str | bytes) else dumps(message)
        return self.session.handle(peer, data, self.now)

    def host(self, message: p._Message | dict) -> list[tuple[str, dict]]:
        return self.send(HOST_PEER, message)

    def join(self, peer: str, name: str, token: str | None = None) -> list[tuple[str, dict]]:
        out = self.send(peer, p.Hello(name, token))
        welcome = next(m for to, m in out if to == peer and m["type"] == "welcome")
        self.tokens[peer], self.members[peer] = welcome["token"], welcome["member"]
        return out

    def seat(self, peer: str, seat: str) -> None:
        assert not errors(self.send(peer, p.Sit(seat)))

    def start(self, seed: int = 42) -> list[tuple[str, dict]]:
        out = self.host(p.Start(seed))
        assert not errors(out), out
        return out

    def state_json(self) -> str:
        return dumps(self.session.to_json())


def sentence(message: dict) -> str:
    """The English sentence of an ``error`` or ``bye`` (the wire carries only its code and parameters)."""
    return english(message["code"], message.get("params"))


def errors(out: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    return [(to, m) for to, m in out if m["type"] == "error"]


def of_type(out: list[tuple[str, dict]], kind: str) -> list[tuple[str, dict]]:
    return [(to, m) for to, m in out if m["type"] == kind]


def last_update(out: list[tuple[str, dict]], peer: str) -> dict:
    return [m for to, m in out if to == peer and m["type"] in ("update", "snapshot")][-1]


class Party:
    """A host page and its guests on one loopback network."""

    def __init__(self, game: str, players: int, options: dict | None = None, seed: int = 1) -> None:
        self.net = Loopback()
        self.session = Session(game, "Host", options=options, players=players, random=random.Random(seed))
        self.host = HostLink(self.session, self.net.host, self.net.clock)
        self.clients: dict[str, Client] = {}
        self.links: dict[str, GuestLink] = {}
        self.ends: dict[str, GuestEnd] = {}
        self._attach("Host", Client("Host"), self.net.connect(HOST_PEER), host_page=True)

    def _attach(self, name: str, client: Client, end: GuestEnd, host_page: bool = False) -> None:
        self.clients[name], self.ends[name] = client, end
        self.links[name] = GuestLink(client, end, host_page=host_page, clock=self.net.clock)
        if host_page:
            client.joined_as(self.session.host, self.session.handled.get(self.session.host, 0))
        self.pump()

    def join(self, name: str) -> Client:
        self._attach(name, Client(name), self.net.connect())
        return self.clients[name]

    def reconnect(self, name: str) -> None:
        self._attach(name, self.clients[name], self.net.connect())

    def drop(self, name: str) -> None:
        self.ends[name].close()
        self.pump()

    def send(self, name: str, message: p._Message | dict) -> None:
        self.links[name].send(message.to_json() if isinstance(message, p._Message) else message)
        self.pump()

    def pump(self) -> None:
        self.net.now_ms += 100
        self.net.pump()
        # The host page makes what the match waits for (Reflection's random puzzles) in the background;
        # here it is done at once, and delivered like the page's finished work.
        while (preparation := self.session.preparation()) is not None:
            self.host.prepared(preparation.key, finish(preparation.steps()))
            self.net.pump()
            again = self.session.preparation()
            assert again is None or again.key != preparation.key, "the session refused its own work"

    def member(self, name: str) -> str:
        return next(m.id for m in self.session.members.values() if m.name == name)

    def in_step(self) -> None:
        """Every connected mirror shows exactly what the host would show that member now."""
        for name, client in self.clients.items():
            if not self.ends[name].open:
                continue
            member = self.member(name)
            assert (client.seq, client.awaiting_snapshot) == (self.session.seq, False), name
            assert client.lobby == self.session.lobby(), name
            assert client.match == self.session.match_view(member), name

    def mover(self) -> tuple[str, str]:
        """The name and seat of a member whose turn it is."""
        game = games.rules(self.session.game_id)
        seat = sorted(game.active(self.session.match.state))[0]
        return self.session.members[self.session.seats[seat]].name, seat

    def play_one(self, brain: random.Random) -> None:
        """The member to move plays one of its legal moves, which the host must accept.

        Tests loop ``while the match runs: play_one``; a move the host refuses fails here at once, so a
        rules change that makes ``legal`` and ``play`` disagree fails fast instead of looping forever.
        """
        name, seat = self.mover()
        game = games.rules(self.session.game_id)
        client = self.clients[name]
        assert client.match.you == seat
        record = self.session.match.record
        played = sum(1 for e in record.log if e.seat is not None)
        self.send(name, client.move(brain.choice(game.legal(self.session.match.state, seat))))
        after = self.session.match.record
        assert after.seed == record.seed, "a new match started"
        assert sum(1 for e in after.log if e.seat is not None) == played + 1, f"the host refused {name}'s legal move"
        assert played < MAX_MOVES, f"the match is still running after {MAX_MOVES} moves"

    def play_out(self, brain: random.Random) -> int:
        """The running match played to its end by ``play_one``, every mirror checked ``in_step`` after each
        move; how many moves it took."""
        moves = 0
        while self.session.match.running:
            self.play_one(brain)
            moves += 1
            self.in_step()
        return moves


def seat_everyone(party: Party, seats: dict[str, str]) -> None:
    for name, seat in seats.items():
        if name != "Host":
            party.join(name)
        party.send(name, party.clients[name].sit(seat))


def live_tables_hold_only_the_connected(session: Session) -> None:
    """Flood guards name only connected peers, chat limits only members: what a closed connection or a
    removed member held there was released (a long evening does not grow them)."""
    assert set(session._flood) <= set(session.peers), session._flood
    assert set(session._chat_limits) <= set(session.members), session._chat_limits
