"""An in-memory network for tests: one host end and guest ends with the browser transports' interface.

Nothing is delivered until ``pump()``, which delivers queued messages in order, so a test decides
when the network runs. ``delivered`` lists every text that reached each guest (for leak tests), and
``lose`` / ``lose_to_host`` may drop chosen texts either way (for gap and retry tests).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable


class Loopback:
    """The network: a host end, guest ends by peer id, and a queue of deliveries."""

    def __init__(self) -> None:
        self.now_ms = 0
        self.host = HostEnd(self)
        self.guests: dict[str, GuestEnd] = {}
        self.delivered: list[tuple[str, str]] = []
        self.lose: Callable[[str, str], bool] | None = None
        self.lose_to_host: Callable[[str, str], bool] | None = None
        self._queue: deque[Callable[[], None]] = deque()
        self._count = 0

    def clock(self) -> int:
        return self.now_ms

    def connect(self, peer: str | None = None) -> GuestEnd:
        """A new open connection to the host (a fresh peer id unless ``peer`` is given)."""
        if peer is None:
            self._count += 1
            peer = f"peer{self._count}"
        if peer in self.guests and self.guests[peer].open:
            raise ValueError(f"{peer} is already connected")
        end = GuestEnd(self, peer)
        self.guests[peer] = end
        return end

    def pump(self, limit: int = 100_000) -> int:
        """Deliver until nothing is queued; returns how many deliveries ran."""
        done = 0
        while self._queue:
            if done == limit:
                raise RuntimeError("the loopback network does not settle")
            self._queue.popleft()()
            done += 1
        return done

    def _to_guest(self, peer: str, text: str) -> None:
        end = self.guests.get(peer)
        if end is None or not end.open or (self.lose and self.lose(peer, text)):
            return

        def deliver() -> None:
            if end.open:
                self.delivered.append((peer, text))
                if end._on_message:
                    end._on_message(text)

        self._queue.append(deliver)

    def _to_host(self, peer: str, text: str) -> None:
        if self.lose_to_host and self.lose_to_host(peer, text):
            return

        def deliver() -> None:
            if self.host._on_message:
                self.host._on_message(peer, text)

        self._queue.append(deliver)

    def _close(self, end: GuestEnd) -> None:
        """Close ``end`` after what is already queued; both sides hear of it."""

        def close() -> None:
            if not end.open:
                return
            end.open = False
            if end._on_close:
                end._on_close()
            if self.host._on_close:
                self.host._on_close(end.peer)

        self._queue.append(close)


class HostEnd:
    """The host's side: ``send(peer, text)``, ``close(peer)``, ``on_message(f(peer, text))``, ``on_close(f(peer))``."""

    def __init__(self, net: Loopback) -> None:
        self._net = net
        self._on_message: Callable[[str, str], None] | None = None
        self._on_close: Callable[[str], None] | None = None

    def send(self, peer: str, text: str) -> None:
        self._net._to_guest(peer, text)

    def close(self, peer: str) -> None:
        end = self._net.guests.get(peer)
        if end is not None:
            self._net._close(end)

    def on_message(self, handler: Callable[[str, str], None]) -> None:
        self._on_message = handler

    def on_close(self, handler: Callable[[str], None]) -> None:
        self._on_close = handler


class GuestEnd:
    """A guest's side: ``send(text)``, ``close()``, ``on_message(f(text))``, ``on_close(f())``."""

    def __init__(self, net: Loopback, peer: str) -> None:
        self._net = net
        self.peer = peer
        self.open = True
        self._on_message: Callable[[str], None] | None = None
        self._on_close: Callable[[], None] | None = None

    def send(self, text: str) -> None:
        if self.open:
            self._net._to_host(self.peer, text)

    def close(self) -> None:
        self._net._close(self)

    def on_message(self, handler: Callable[[str], None]) -> None:
        self._on_message = handler

    def on_close(self, handler: Callable[[], None]) -> None:
        self._on_close = handler
