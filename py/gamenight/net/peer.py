"""What lobby screens and the browser's WebRTC service (``net/rtc.py``) say to each other, as plain data.

Screens return the effects below; ``rtc.py`` carries them out with RTCPeerConnection and
BroadcastChannel and reports back with the messages. Peers are named by the screens (the host names
each peer after its invite; a guest calls its one peer ``"host"``). Also here: the ICE server
option read from the page address, and the host page's in-memory transport (``PageHub``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qsl, urlsplit

DEFAULT_STUN = ("stun:stun.l.google.com:19302",)
GATHER_TIMEOUT_MS = 5000  # ICE gathering stops here and the candidates found so far are used
SIGNAL_CHANNEL = "gnc-peer"  # the BroadcastChannel that carries reply links to the host's tab

# --- effects (screen → rtc.py) --------------------------------------------------------------------


@dataclass(frozen=True)
class OpenInvite:
    """Host: a new connection and data channel for ``peer``; its offer comes back as ``OfferReady``."""

    peer: str
    ice_servers: tuple[str, ...]


@dataclass(frozen=True)
class AcceptAnswer:
    """Host: the guest's answer for ``peer``; the channel then opens (``PeerOpened``) or fails."""

    peer: str
    sdp: str


@dataclass(frozen=True)
class AnswerOffer:
    """Guest: answer the host's offer on a new connection ``peer``; comes back as ``AnswerReady``."""

    peer: str
    sdp: str
    ice_servers: tuple[str, ...]


@dataclass(frozen=True)
class SendText:
    peer: str
    text: str


@dataclass(frozen=True)
class ClosePeer:
    peer: str


@dataclass(frozen=True)
class ListenSignals:
    """Start hearing other tabs of this site on the signal channel (``Signal`` messages)."""


@dataclass(frozen=True)
class PostSignal:
    """Tell the other tabs of this site ``text`` on the signal channel."""

    text: str


# --- messages (rtc.py → screen) -------------------------------------------------------------------


@dataclass(frozen=True)
class OfferReady:
    peer: str
    sdp: str


@dataclass(frozen=True)
class AnswerReady:
    peer: str
    sdp: str


@dataclass(frozen=True)
class PeerOpened:
    peer: str
    now_ms: int


@dataclass(frozen=True)
class PeerText:
    peer: str
    text: str
    now_ms: int


@dataclass(frozen=True)
class PeerState:
    """The connection to ``peer`` was interrupted (``reconnecting``) or came back (``connected``)."""

    peer: str
    state: Literal["connected", "reconnecting"]


@dataclass(frozen=True)
class PeerClosed:
    """The connection to ``peer`` is gone for good (closed, failed, or never opened: ``reason``)."""

    peer: str
    now_ms: int
    reason: str = ""


@dataclass(frozen=True)
class Signal:
    text: str


# --- options --------------------------------------------------------------------------------------


def ice_servers(page_url: str) -> tuple[str, ...]:
    """The STUN servers to use, from the page address's ``stun`` parameter.

    Absent: the public default. ``stun=none``: none (tests, and a local network). Otherwise a
    comma-separated list of ``stun:host:port`` URLs; anything else is ignored.
    """
    query = dict(parse_qsl(urlsplit(page_url).query))
    if "stun" not in query:
        return DEFAULT_STUN
    urls = [u.strip() for u in query["stun"].split(",")]
    return tuple(u for u in urls if u.startswith(("stun:", "stuns:")) and len(u) < 200)


def site_url(page_url: str) -> str:
    """The page address without its fragment: invitation and reply links start with it."""
    return page_url.partition("#")[0]


# --- the host page's transport --------------------------------------------------------------------


class PageHub:
    """The host page's ``HostTransport``: its own member's mirror in memory, remote peers by effects.

    Texts for ``local`` go to ``local_end`` (a ``GuestTransport``) when ``pump`` runs; texts for
    other peers become ``SendText``/``ClosePeer`` effects, collected until ``drain``.
    """

    def __init__(self, local: str) -> None:
        self.local = local
        self.local_end = _LocalEnd(self)
        self._outbox: list[SendText | ClosePeer] = []
        self._queue: deque[Callable[[], None]] = deque()
        self._on_message: Callable[[str, str], None] | None = None
        self._on_close: Callable[[str], None] | None = None

    # HostTransport
    def send(self, peer: str, text: str) -> None:
        if peer == self.local:
            self._queue.append(lambda: self.local_end.deliver(text))
        else:
            self._outbox.append(SendText(peer, text))

    def close(self, peer: str) -> None:
        if peer != self.local:
            self._outbox.append(ClosePeer(peer))

    def on_message(self, handler: Callable[[str, str], None]) -> None:
        self._on_message = handler

    def on_close(self, handler: Callable[[str], None]) -> None:
        self._on_close = handler

    # from the network
    def receive(self, peer: str, text: str) -> None:
        """A text from a remote peer (or from the local end)."""
        self._queue.append(lambda: self._on_message and self._on_message(peer, text))

    def closed(self, peer: str) -> None:
        self._queue.append(lambda: self._on_close and self._on_close(peer))

    def pump(self) -> list[SendText | ClosePeer]:
        """Deliver everything queued (in order, including what deliveries queue) and return the effects."""
        for _ in range(100_000):
            if not self._queue:
                break
            self._queue.popleft()()
        else:
            raise RuntimeError("the host page's messages do not settle")
        out, self._outbox = self._outbox, []
        return out


class _LocalEnd:
    """The host page's own member's end of ``PageHub``."""

    def __init__(self, hub: PageHub) -> None:
        self.hub = hub
        self._on_message: Callable[[str], None] | None = None

    def send(self, text: str) -> None:
        self.hub.receive(self.hub.local, text)

    def close(self) -> None:
        """The host page never leaves its own lobby."""

    def on_message(self, handler: Callable[[str], None]) -> None:
        self._on_message = handler

    def on_close(self, handler: Callable[[], None]) -> None:
        """The host page's own link never closes."""

    def deliver(self, text: str) -> None:
        if self._on_message:
            self._on_message(text)


class Outbox:
    """A guest page's ``GuestTransport`` to its host over peer ``peer``: sends become effects."""

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.effects: list[SendText | ClosePeer] = []
        self._on_message: Callable[[str], None] | None = None

    def send(self, text: str) -> None:
        self.effects.append(SendText(self.peer, text))

    def close(self) -> None:
        self.effects.append(ClosePeer(self.peer))

    def on_message(self, handler: Callable[[str], None]) -> None:
        self._on_message = handler

    def on_close(self, handler: Callable[[], None]) -> None:
        """The page learns of a closed connection from ``PeerClosed``."""

    def deliver(self, text: str) -> None:
        if self._on_message:
            self._on_message(text)

    def drain(self) -> list[SendText | ClosePeer]:
        out, self.effects = self.effects, []
        return out
