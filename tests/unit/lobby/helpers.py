"""A session driven message by message, as the shell would, with a clock that moves 100 ms per message."""

from __future__ import annotations

import random
from typing import Any

from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from gamenight.lobby.session import HOST_PEER, Session


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


def errors(out: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    return [(to, m) for to, m in out if m["type"] == "error"]


def of_type(out: list[tuple[str, dict]], kind: str) -> list[tuple[str, dict]]:
    return [(to, m) for to, m in out if m["type"] == kind]


def last_update(out: list[tuple[str, dict]], peer: str) -> dict:
    return [m for to, m in out if to == peer and m["type"] in ("update", "snapshot")][-1]
