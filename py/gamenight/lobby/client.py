"""The guest's mirror of the host's lobby: applies snapshots and numbered updates, and asks to resync on a gap.

The page renders ``lobby``, ``match`` and ``chat``; it sends the dicts that ``hello``, ``chat``,
``sit``, ``move`` … return, and whatever ``receive`` returns. Messages from the host are untrusted
too: one that does not parse is noted in ``problems`` and ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.core.errors import BadMessage
from gamenight.core.game import JSON
from gamenight.lobby import protocol as p

CHAT_SHOWN = 200


class Client:
    """One member's view of the lobby, kept in step with the host's numbered updates."""

    def __init__(self, name: str, token: str | None = None) -> None:
        self.name = name
        self.token = token  # kept by the page (e.g. in session storage) to come back after a drop
        self.member: str | None = None
        self.seq: int | None = None  # None until the first snapshot
        self.awaiting_snapshot = False
        self.lobby: p.Lobby | None = None
        self.match: p.MatchView | None = None
        self.events: tuple[Mapping[str, Any], ...] = ()  # of the last update applied
        self.chat: list[p.Said] = []
        self.errors: list[p.Error] = []
        self.problems: list[str] = []
        self.closed: str | None = None  # the host's reason, once it has closed this connection

    @property
    def seat(self) -> str | None:
        """The seat this member holds in the lobby, if any."""
        if self.lobby is None:
            return None
        return next((s.id for s in self.lobby.seats if s.member is not None and s.member == self.member), None)

    @property
    def is_host(self) -> bool:
        return self.lobby is not None and self.member is not None and self.lobby.host == self.member

    def receive(self, data: str | bytes) -> list[JSON]:
        """Apply one message from the host; returns the messages to send back (a resync request on a gap)."""
        try:
            message = p.parse_to_guest(data)
        except BadMessage as err:
            self.problems.append(str(err))
            return []
        match message:
            case p.Welcome(member=member, token=token):
                self.member, self.token = member, token
            case p.Snapshot():
                self.seq, self.awaiting_snapshot = message.seq, False
                self.lobby, self.match, self.events = message.lobby, message.match, ()
                self.chat = list(message.chat)
            case p.Update():
                return self._update(message)
            case p.Said():
                self.chat = [*self.chat[-(CHAT_SHOWN - 1) :], message]
            case p.Error():
                self.errors.append(message)
            case p.Bye(reason=reason):
                self.closed = reason
        return []

    def _update(self, update: p.Update) -> list[JSON]:
        if self.awaiting_snapshot or (self.seq is not None and update.seq <= self.seq):
            return []  # stale, or superseded by the snapshot on its way
        if self.seq is None or update.seq != self.seq + 1:
            return [self.resync()]
        self.seq = update.seq
        self.lobby, self.match, self.events = update.lobby, update.match, update.events
        return []

    # --- requests ------------------------------------------------------------------------------

    def hello(self) -> JSON:
        """The first message on every (re)connection; with a token, the host restores this member."""
        self.closed = None
        self.seq, self.awaiting_snapshot = None, True
        return p.Hello(self.name, self.token).to_json()

    def resync(self) -> JSON:
        """Ask for a snapshot; updates are ignored until it comes."""
        self.awaiting_snapshot = True
        return p.Resync().to_json()

    def say(self, text: str) -> JSON:
        return p.Chat(text).to_json()

    def sit(self, seat: str) -> JSON:
        return p.Sit(seat).to_json()

    def stand(self) -> JSON:
        return p.Stand().to_json()

    def move(self, move: Mapping[str, Any]) -> JSON:
        """A move for this member's own seat, made on the position this mirror shows."""
        if self.match is None or self.match.you is None:
            raise BadMessage("you have no seat in this match")
        return p.Move(self.match.you, dict(move), self.match.moves).to_json()
