"""The glue between a transport and the lobby, the same for WebRTC in the browser and the loopback in tests.

A host transport carries text to and from peers by id; a guest transport carries text to and from
the host. The host page is itself a peer of its session (``session.host_peer``), joined to it by an
in-page transport, so its screens use the same ``Client`` mirror as every guest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gamenight.core.errors import BadMessage
from gamenight.core.game import JSON
from gamenight.lobby.client import Client
from gamenight.lobby.protocol import Error, encode, frames
from gamenight.lobby.session import Out, Session


class HostTransport(Protocol):
    def send(self, peer: str, text: str) -> None: ...
    def close(self, peer: str) -> None: ...
    def on_message(self, handler: Callable[[str, str], None]) -> None: ...
    def on_close(self, handler: Callable[[str], None]) -> None: ...


class GuestTransport(Protocol):
    def send(self, text: str) -> None: ...
    def close(self) -> None: ...
    def on_message(self, handler: Callable[[str], None]) -> None: ...
    def on_close(self, handler: Callable[[], None]) -> None: ...


class HostLink:
    """Runs ``session`` over ``transport``: every message in is handled, every message out is sent.

    ``clock()`` gives the time in milliseconds; the page calls ``tick()`` on a timer for timed games.
    """

    def __init__(self, session: Session, transport: HostTransport, clock: Callable[[], int]) -> None:
        self.session, self.transport, self.clock = session, transport, clock
        # The last refusal of each connection's hello ({"code", "params"}), while it is not a member's: the
        # guest's page says why it could not join, and the host's page says it too (ui/lobby/host.py).
        self.turned_away: dict[str, JSON] = {}
        transport.on_message(lambda peer, text: self._send(self.session.handle(peer, text, self.clock())))
        transport.on_close(lambda peer: self._send(self.session.disconnect(peer, self.clock())))

    def tick(self) -> None:
        self._send(self.session.tick(self.clock()))

    def prepared(self, key: str, value: JSON) -> None:
        """The page's background work for the match (``Session.preparation``) finished with ``value``."""
        self._send(self.session.prepared(key, value, self.clock()))

    def close(self) -> None:
        """The host closes the game night: each guest hears so (``Session.close``), then its connection closes."""
        self._send(self.session.close())

    def bot_move(self, at: int, seat: str, move: JSON) -> None:
        """A computer seat's move, thought by the page for the position after step ``at`` (``Session.bot_move``)."""
        self._send(self.session.bot_move(at, seat, move, self.clock()))

    def _send(self, out: Out) -> None:
        for peer, message in out:
            if message["type"] == "error" and message.get("about") == "hello" and peer not in self.session.peers:
                self.turned_away[peer] = {"code": message["code"], "params": dict(message.get("params") or {})}
            try:
                texts = frames(encode(message))
            except BadMessage as err:  # beyond every budget of docs/protocol.md: never expected
                texts = [encode({**Error.of(err).to_json(), "ack": message.get("ack", 0)})]
            for text in texts:
                self.transport.send(peer, text)
            if message["type"] == "bye":
                self.transport.close(peer)


class GuestLink:
    """Keeps ``client`` in step over ``transport``: says hello (or, for the host page, asks for a snapshot).

    ``clock()`` gives the time in milliseconds (for the client's retries).
    """

    def __init__(
        self,
        client: Client,
        transport: GuestTransport,
        *,
        host_page: bool = False,
        clock: Callable[[], int] = lambda: 0,
    ) -> None:
        self.client, self.transport, self.clock = client, transport, clock
        transport.on_message(self._receive)
        self.send(client.resync(clock()) if host_page else client.hello(clock()))

    def send(self, message: JSON) -> None:
        self.transport.send(encode(message))

    def request(self, message: JSON) -> None:
        """Send a numbered request (chat, sit, move …) through the client."""
        for numbered in self.client.request(message, self.clock()):
            self.send(numbered)

    def poll(self) -> None:
        """Send again what got no answer (call on a timer)."""
        for again in self.client.poll(self.clock()):
            self.send(again)

    def try_again(self) -> None:
        for again in self.client.try_again(self.clock()):
            self.send(again)

    def _receive(self, text: str) -> None:
        for reply in self.client.receive(text, self.clock()):
            self.send(reply)
