"""What lobby screens and the browser's WebRTC service (``net/rtc.py``) say to each other, as plain data.

Screens return the effects below; ``rtc.py`` carries them out with RTCPeerConnection and
BroadcastChannel and reports back with the messages. Peers are named by the screens (the host names
each peer after its invite; a guest calls its one peer ``"host"``). Also here: the ICE server
option read from the page address, and the host page's in-memory transport (``PageHub``).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import get_str, obj, only_keys
from gamenight.i18n import N_, reasons
from gamenight.ui.program import Effect, ServiceEffect

DEFAULT_STUN = ("stun:stun.l.google.com:19302",)
GATHER_TIMEOUT_MS = 5000  # ICE gathering stops here and the candidates found so far are used
SIGNAL_CHANNEL = "gnc-peer"  # the BroadcastChannel that carries reply links to the host's tab
# In the tab's own storage (``sessionStorage``, which a reload keeps and another tab does not share): this tab's
# page went while it held an open connection, and none has opened since (``net/rtc.py`` writes it; a guest's page
# reloaded at its used invitation reads it, docs/peer-links.md, *Guest reload*).
LEFT_KEY = "peer.left"
TURN_PARAMS = ("turn", "turn_user", "turn_pass")  # the page address's relay setting
MAX_ICE_TEXT = 200
# A TURN address as WebRTC parses it: a host name or an address (IPv6 in brackets), an optional port, an
# optional transport. One it refuses makes the browser throw when it opens the host's connection.
TURN_URL = re.compile(r"turns?:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::([0-9]{1,5}))?(?:\?transport=(?:udp|tcp))?")

reasons(
    {
        # Why a connection ended (``PeerClosed.reason``), with what to try.
        "peer-closed": N_("The connection closed."),
        "peer-failed": N_(
            "The two browsers could not reach each other. Networks that block direct connections (many "
            "phones and offices) need a relay: the host can set a TURN server when opening the game night. "
            "Or try another network, such as a phone's hotspot."
        ),
        # A connection that had worked failed mid-night: ui/lobby/join.py says this for its ``peer-failed``.
        "peer-dropped": N_("The network between the two browsers broke off."),
        "peer-unusable": N_("The browser could not use this code for a connection: ask for a new invitation."),
        "peer-gone": N_("That invitation's connection is closed: make a new invitation."),
        "relay-refused": N_(
            "The relay server refused its user name or password, so the browsers could not connect through "
            "it. Check the relay's address, user name and password with whoever runs it, then open the game "
            "night again with them."
        ),
        "turn-url": N_("A relay address starts with turn: or turns: (for example turn:relay.example.org:3478)."),
        "turn-login": N_("A relay needs its user name and password: ask whoever runs it for them."),
    }
)


@dataclass(frozen=True)
class IceServer:
    """A STUN or TURN server for RTCPeerConnection (a TURN relay has a user name and credential)."""

    urls: str
    username: str = ""
    credential: str = ""

    def to_json(self) -> dict[str, str]:
        """As ``RTCIceServer`` takes it."""
        own = {"urls": self.urls}
        return {**own, "username": self.username, "credential": self.credential} if self.username else own

    @classmethod
    def parse(cls, raw: Any) -> IceServer:
        """A saved server; raises ``BadMessage``."""
        raw = obj(raw, "ice-server", BadMessage)
        only_keys(raw, ("urls", "username", "credential"), "ice-server", BadMessage)
        return cls(
            get_str(raw, "urls", BadMessage, MAX_ICE_TEXT),
            get_str(raw, "username", BadMessage, MAX_ICE_TEXT, default=""),
            get_str(raw, "credential", BadMessage, MAX_ICE_TEXT, default=""),
        )


# --- effects (screen → rtc.py) --------------------------------------------------------------------


@dataclass(frozen=True)
class OpenInvite(ServiceEffect):
    """Host: a new connection and data channel for ``peer``; its offer comes back as ``OfferReady``."""

    peer: str
    ice_servers: tuple[IceServer, ...]


@dataclass(frozen=True)
class AcceptAnswer(ServiceEffect):
    """Host: the guest's answer for ``peer``; the channel then opens (``PeerOpened``) or fails."""

    peer: str
    sdp: str


@dataclass(frozen=True)
class AnswerOffer(ServiceEffect):
    """Guest: answer the host's offer on a new connection ``peer``; comes back as ``AnswerReady``."""

    peer: str
    sdp: str
    ice_servers: tuple[IceServer, ...]


@dataclass(frozen=True)
class SendText(ServiceEffect):
    peer: str
    text: str


@dataclass(frozen=True)
class ClosePeer(ServiceEffect):
    peer: str


@dataclass(frozen=True)
class ListenSignals(ServiceEffect):
    """Start hearing other tabs of this site on the signal channel (``Signal`` messages)."""


@dataclass(frozen=True)
class PostSignal(ServiceEffect):
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


Route = Literal["direct", "stun", "relay"]


@dataclass(frozen=True)
class PeerRoute:
    """How the open connection to ``peer`` runs: ``direct`` (host candidates), ``stun`` (an address a
    STUN server reported, through a NAT) or ``relay`` (through a TURN server)."""

    peer: str
    route: Route


@dataclass(frozen=True)
class PeerClosed:
    """The connection to ``peer`` is gone for good (closed, failed, or never opened): ``reason`` is a
    reason code (``peer-closed``, ``peer-failed`` …)."""

    peer: str
    now_ms: int
    reason: str = ""


@dataclass(frozen=True)
class Signal:
    text: str


# --- options --------------------------------------------------------------------------------------


def ice_servers(page_url: str, turn: IceServer | None = None) -> tuple[IceServer, ...]:
    """The ICE servers to use: STUN from the page address's ``stun`` parameter, and a TURN relay from
    ``turn`` (the host's setting) or else from the address's ``turn``, ``turn_user``, ``turn_pass``
    (an invitation link carries the host's setting so).

    ``stun`` absent: the public default. ``stun=none``: none (tests, and a local network). Otherwise a
    comma-separated list of ``stun:host:port`` URLs; anything else is ignored.
    """
    query = dict(parse_qsl(urlsplit(page_url).query))
    if "stun" not in query:
        stun: tuple[str, ...] = DEFAULT_STUN
    else:
        urls = [u.strip() for u in query["stun"].split(",")]
        stun = tuple(u for u in urls if u.startswith(("stun:", "stuns:")) and len(u) < MAX_ICE_TEXT)
    if turn is None and query.get("turn"):
        try:
            turn = turn_server(query["turn"], query.get("turn_user", ""), query.get("turn_pass", ""))
        except BadMessage:
            turn = None  # a damaged relay setting in a link: connect without it
    return (*(IceServer(u) for u in stun), *((turn,) if turn else ()))


def turn_server(url: str, username: str, credential: str) -> IceServer | None:
    """The relay a host typed in (``None`` when the address is empty); raises ``BadMessage``."""
    url, username = url.strip(), username.strip()
    if not url:
        return None
    address = TURN_URL.fullmatch(url)
    if not address or len(url) > MAX_ICE_TEXT or not 0 < int(address.group(2) or 3478) < 65536:
        raise BadMessage("turn-url")
    if not username or not credential:
        raise BadMessage("turn-login")
    return IceServer(url, username[:MAX_ICE_TEXT], credential[:MAX_ICE_TEXT])


def site_url(page_url: str) -> str:
    """The page address without its fragment: invitation and reply links start with it."""
    return page_url.partition("#")[0]


def invitation_base(page_url: str, turn: IceServer | None) -> str:
    """The start of an invitation link: the site address with the host's relay setting, if any, so the
    guest's page uses the same relay."""
    base = site_url(page_url)
    if turn is None:
        return base
    url, _, query = base.partition("?")
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k not in TURN_PARAMS]
    relay = [("turn", turn.urls), ("turn_user", turn.username), ("turn_pass", turn.credential)]
    return f"{url}?{urlencode(kept + relay)}"


# --- the host page's transport --------------------------------------------------------------------


class PageHub:
    """The host page's ``HostTransport``: its own member's mirror in memory, remote peers by effects.

    Texts for ``local`` go to ``local_end`` (a ``GuestTransport``) when ``pump`` runs; texts for
    other peers become ``SendText``/``ClosePeer`` effects, which ``pump`` returns.
    """

    def __init__(self, local: str) -> None:
        self.local = local
        self.local_end = _LocalEnd(self)
        self._outbox: list[SendText | ClosePeer] = []
        self._queue: deque[Callable[[], None]] = deque()
        self._on_message: Callable[[str, str], None] | None = None
        self._on_close: Callable[[str], None] | None = None

    # What the session's ``HostLink`` calls (``net.link.HostTransport``).
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

    # What the host page passes on from the network (``PeerText``, ``PeerClosed``), queued with its own
    # member's texts, so that ``pump`` delivers them all in the order they came.
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
        self.effects: list[Effect] = []  # SendText and ClosePeer
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

    def drain(self) -> list[Effect]:
        out, self.effects = self.effects, []
        return out
