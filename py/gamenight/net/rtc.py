"""The browser's WebRTC service: carries out the effects of ``net/peer.py`` and reports back.

One RTCPeerConnection with one ordered, reliable data channel per peer. ICE candidates are gathered
completely (or until ``GATHER_TIMEOUT_MS``) before an offer or answer is handed to the screen, since
the handshake travels as one code each way. ``install()`` registers the handlers with the shell.

A channel's listeners are all attached before the screen hears that it is open: the guest says hello
from inside that report, so every listener must already be there (docs/peer-links.md, "No message
lost"). Once open, the selected candidate pair tells how the connection runs (``PeerRoute``).

A TURN relay that refuses its login is remembered (``icecandidateerror``): a
connection that then has no candidate at all, or that fails, ends with that reason instead of the
generic one, so the page says to check the relay setting (docs/peer-links.md, "STUN, TURN and networks").
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js  # browser-only by design
from pyodide.ffi import create_proxy, to_js

from gamenight.net import peer as pe
from gamenight.ui import dom

# A connection ended on purpose waits at most this long for its channel to send what it queued and close
# (``Rtc._close_when_sent``); the channel's state is looked at every ``CLOSE_POLL_MS``.
CLOSE_GRACE_MS = 5000
CLOSE_POLL_MS = 50


class Connection:
    """One peer's connection, its channel and the listeners that must live as long as they do."""

    def __init__(self, name: str, pc: Any) -> None:
        self.name = name
        self.pc = pc
        self.channel: Any = None
        self.proxies: list[tuple[Any, str, Any]] = []
        self.open = False
        self.ended = False
        self.interrupted = False
        self.waiting: list[str] = []
        self.relay_problem = ""  # a reason code when the TURN relay refused the login

    def listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self.proxies.append((target, kind, proxy))
        target.addEventListener(kind, proxy)


class Rtc:
    def __init__(self) -> None:
        self.peers: dict[str, Connection] = {}
        self.signals: Any = None
        self._signal_proxy: Any = None
        self._tasks: set[asyncio.Future] = set()

    # --- effects ------------------------------------------------------------------------------

    def open_invite(self, shell: dom.Shell, effect: pe.OpenInvite) -> None:
        conn = self._connection(shell, effect.peer, effect.ice_servers)
        self._channel(shell, conn, conn.pc.createDataChannel("lobby", _js({"ordered": True})))
        self._run(shell, conn, self._offer(shell, conn))

    async def _offer(self, shell: dom.Shell, conn: Connection) -> None:
        await conn.pc.setLocalDescription(await conn.pc.createOffer())
        await self._gathered(conn)
        if not self._refused_by_relay(shell, conn):
            shell.send(pe.OfferReady(conn.name, str(conn.pc.localDescription.sdp)))

    def accept_answer(self, shell: dom.Shell, effect: pe.AcceptAnswer) -> None:
        conn = self.peers.get(effect.peer)
        if conn is None:
            shell.send(pe.PeerClosed(effect.peer, dom.now_ms(), "peer-gone"))
            return
        self._run(shell, conn, conn.pc.setRemoteDescription(_js({"type": "answer", "sdp": effect.sdp})))

    def answer_offer(self, shell: dom.Shell, effect: pe.AnswerOffer) -> None:
        conn = self._connection(shell, effect.peer, effect.ice_servers)
        conn.listen(conn.pc, "datachannel", lambda event: self._channel(shell, conn, event.channel))
        self._run(shell, conn, self._answer(shell, conn, effect.sdp))

    async def _answer(self, shell: dom.Shell, conn: Connection, sdp: str) -> None:
        await conn.pc.setRemoteDescription(_js({"type": "offer", "sdp": sdp}))
        await conn.pc.setLocalDescription(await conn.pc.createAnswer())
        await self._gathered(conn)
        if not self._refused_by_relay(shell, conn):
            shell.send(pe.AnswerReady(conn.name, str(conn.pc.localDescription.sdp)))

    def send_text(self, shell: dom.Shell, effect: pe.SendText) -> None:
        conn = self.peers.get(effect.peer)
        if conn is None or conn.channel is None:
            return
        if str(conn.channel.readyState) == "open":
            conn.channel.send(effect.text)
        elif not conn.open:
            conn.waiting.append(effect.text)  # sent when the channel opens
        # else the channel is closing: its close event follows, and the lobby client sends what was not
        # acknowledged again once it is back (requests are numbered and acknowledged)

    def close_peer(self, shell: dom.Shell, effect: pe.ClosePeer) -> None:
        conn = self.peers.pop(effect.peer, None)
        if conn is not None:
            conn.ended = True
            self._close_when_sent(conn)

    def _close_when_sent(self, conn: Connection) -> None:
        """End a connection on purpose without losing its last words. The page ends one right after sending
        them (the host's "the night is over" or "removed", a guest's goodbye), and ``send`` only queues a text
        on the channel: closing the RTCPeerConnection at once tears down the transport with it, dropping what
        was not yet sent. A data channel's own ``close`` first sends everything queued on it, then closes its
        stream with the other side (W3C WebRTC, "closing procedure"), so the channel is closed first and the
        connection only once the channel is ``closed`` — or after ``CLOSE_GRACE_MS``, for a peer gone silent.
        Nothing from the peer reaches the page meanwhile: its listeners are unhooked now."""
        channel = conn.channel
        if channel is None or str(channel.readyState) != "open":
            _close(conn)
            return
        _unhook(conn)
        channel.close()

        async def closing() -> None:
            waited = 0
            while str(channel.readyState) != "closed" and waited < CLOSE_GRACE_MS:
                await asyncio.sleep(CLOSE_POLL_MS / 1000)
                waited += CLOSE_POLL_MS
            _close(conn)

        task = asyncio.ensure_future(closing())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def listen_signals(self, shell: dom.Shell, effect: pe.ListenSignals) -> None:
        if self._signal_proxy is None:
            self._signal_proxy = create_proxy(lambda event: shell.send(pe.Signal(str(event.data))))
            self._signals().addEventListener("message", self._signal_proxy)

    def post_signal(self, shell: dom.Shell, effect: pe.PostSignal) -> None:
        self._signals().postMessage(effect.text)

    def _signals(self) -> Any:
        if self.signals is None:
            self.signals = js.BroadcastChannel.new(pe.SIGNAL_CHANNEL)
        return self.signals

    # --- connections ----------------------------------------------------------------------------

    def _connection(self, shell: dom.Shell, name: str, ice_servers: tuple[pe.IceServer, ...]) -> Connection:
        old = self.peers.pop(name, None)
        if old is not None:
            old.ended = True
            _close(old)
        config = {"iceServers": [server.to_json() for server in ice_servers]}
        conn = Connection(name, js.RTCPeerConnection.new(_js(config)))
        self.peers[name] = conn
        conn.listen(conn.pc, "iceconnectionstatechange", lambda _e: self._ice_state(shell, conn))
        conn.listen(conn.pc, "icecandidateerror", lambda event: _candidate_error(conn, event))
        return conn

    def _refused_by_relay(self, shell: dom.Shell, conn: Connection) -> bool:
        """End a connection whose gathering found no candidate because its relay failed: a code without
        candidates cannot connect, and the reason tells the host what to fix."""
        if conn.relay_problem and "a=candidate:" not in str(conn.pc.localDescription.sdp):
            self._ended(shell, conn, conn.relay_problem)
            return True
        return False

    def _channel(self, shell: dom.Shell, conn: Connection, channel: Any) -> None:
        conn.channel = channel

        def opened(_event: Any) -> None:
            if conn.open:
                return
            conn.open = True
            _mark_left(False)
            for text in conn.waiting:
                channel.send(text)
            conn.waiting.clear()
            shell.send(pe.PeerOpened(conn.name, dom.now_ms()))  # the guest says hello from in here
            task = asyncio.ensure_future(self._route(shell, conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        # Every listener first, then the report that the channel is open: whatever the screen sends
        # from that report may be answered at once, and the answer must find its listener.
        conn.listen(channel, "message", lambda event: shell.send(pe.PeerText(conn.name, str(event.data), dom.now_ms())))
        conn.listen(channel, "close", lambda _e: self._ended(shell, conn, "peer-closed"))
        conn.listen(channel, "open", opened)
        if str(channel.readyState) == "open":  # an answerer's channel arrives already open in Chromium
            opened(None)

    async def _route(self, shell: dom.Shell, conn: Connection) -> None:
        """How the open connection runs, from the selected candidate pair: direct, via STUN or via relay.
        Only informative: a browser whose statistics differ shows no route, the connection is unaffected."""
        try:
            route = await self._read_route(conn)
        except Exception as err:  # statistics are a browser's own business: never let them end a game
            js.console.warn(f"could not read the route of {conn.name}: {err}")
            return
        if route is not None and not conn.ended:
            shell.send(pe.PeerRoute(conn.name, route))

    async def _read_route(self, conn: Connection) -> pe.Route | None:
        stats = await conn.pc.getStats()
        entries = {str(k): v for k, v in js.Array.from_(stats.entries())}
        pair = None
        for value in entries.values():
            if str(value.type) == "transport" and getattr(value, "selectedCandidatePairId", None):
                pair = entries.get(str(value.selectedCandidatePairId))
        if pair is None:
            pair = next(
                (v for v in entries.values() if str(v.type) == "candidate-pair" and str(v.state) == "succeeded"), None
            )
        if pair is None:
            return None
        kinds = {
            str(getattr(entries.get(str(pair.localCandidateId)), "candidateType", "")),
            str(getattr(entries.get(str(pair.remoteCandidateId)), "candidateType", "")),
        }
        return "relay" if "relay" in kinds else "stun" if kinds & {"srflx", "prflx"} else "direct"

    def _ice_state(self, shell: dom.Shell, conn: Connection) -> None:
        state = str(conn.pc.iceConnectionState)
        if state == "disconnected" and conn.open:
            conn.interrupted = True
            shell.send(pe.PeerState(conn.name, "reconnecting"))
        elif state in ("connected", "completed") and conn.interrupted:
            conn.interrupted = False
            shell.send(pe.PeerState(conn.name, "connected"))
        elif state in ("failed", "closed"):
            self._ended(shell, conn, conn.relay_problem or "peer-failed")

    def _ended(self, shell: dom.Shell, conn: Connection, reason: str) -> None:
        if conn.ended:
            return
        conn.ended = True
        if self.peers.get(conn.name) is conn:
            del self.peers[conn.name]
        _close(conn)
        shell.send(pe.PeerClosed(conn.name, dom.now_ms(), reason))

    async def _gathered(self, conn: Connection) -> None:
        """Until ICE gathering completes, or ``GATHER_TIMEOUT_MS`` passed (then with what was found)."""
        if str(conn.pc.iceGatheringState) == "complete":
            return
        done = asyncio.get_event_loop().create_future()

        def check(_event: Any) -> None:
            if str(conn.pc.iceGatheringState) == "complete" and not done.done():
                done.set_result(None)

        conn.listen(conn.pc, "icegatheringstatechange", check)
        try:
            await asyncio.wait_for(done, pe.GATHER_TIMEOUT_MS / 1000)
        except TimeoutError:
            js.console.warn(f"ICE gathering for {conn.name} timed out; using the candidates found so far")

    def _run(self, shell: dom.Shell, conn: Connection, step: Any) -> None:
        """Run an async step; a failure ends the connection with a readable reason."""

        async def guarded() -> None:
            try:
                await step
            except Exception as err:  # a browser refusal (bad description, closed connection)
                js.console.warn(f"WebRTC step failed for {conn.name}: {err}")
                self._ended(shell, conn, "peer-unusable")

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _candidate_error(conn: Connection, event: Any) -> None:
    """A TURN server's error while gathering: 401 (after the browser's own retry with the login) means
    it refused the user name or password. Other errors and STUN errors change nothing (an unreachable
    relay's error comes only after Chromium's retries: none within 20 s in our test, long after
    gathering stopped)."""
    if not str(getattr(event, "url", "") or "").startswith(("turn:", "turns:")):
        return
    code = int(getattr(event, "errorCode", 0) or 0)
    js.console.warn(f"TURN relay error for {conn.name}: {code} {getattr(event, 'errorText', '')}")
    if code == 401:
        conn.relay_problem = "relay-refused"


def _close(conn: Connection) -> None:
    if conn.channel is not None:
        conn.channel.close()
    conn.pc.close()
    _unhook(conn)


def _unhook(conn: Connection) -> None:
    # Unhooked, not destroyed: a listener may be the caller, and destroying a running proxy breaks it.
    for target, kind, proxy in conn.proxies:
        target.removeEventListener(kind, proxy)
    conn.proxies.clear()


def _js(value: dict) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


SERVICE = Rtc()


def _page_hidden(event: Any) -> None:
    """Closing the tab closes its connections at once, so the other side hears of it now, not after
    ICE gives up (about 30 s). A page kept in the back/forward cache (``persisted``) keeps them."""
    if not event.persisted:
        # Marked in the tab's own storage, which a reload keeps and another tab does not share: a guest's page
        # reloaded at its used invitation says the reload ended its connection (``pe.LEFT_KEY``). Written only as
        # the page goes, so a tab duplicated while this one plays copies no mark.
        if any(conn.open and not conn.ended for conn in SERVICE.peers.values()):
            _mark_left(True)
        for conn in list(SERVICE.peers.values()):
            conn.ended = True
            _close(conn)
        SERVICE.peers.clear()


def _mark_left(gone: bool) -> None:
    """Write or take away ``pe.LEFT_KEY`` in the tab's own storage (a disabled storage keeps no mark)."""
    try:
        if gone:
            js.sessionStorage.setItem(dom.STORAGE_PREFIX + pe.LEFT_KEY, "1")
        else:
            js.sessionStorage.removeItem(dom.STORAGE_PREFIX + pe.LEFT_KEY)
    except Exception:  # storage disabled or blocked: the page says what it says when it cannot tell
        pass


def install() -> None:
    """Let the shell carry out the WebRTC effects."""
    js.window.addEventListener("pagehide", create_proxy(_page_hidden))
    dom.EFFECT_HANDLERS.update(
        {
            pe.OpenInvite: SERVICE.open_invite,
            pe.AcceptAnswer: SERVICE.accept_answer,
            pe.AnswerOffer: SERVICE.answer_offer,
            pe.SendText: SERVICE.send_text,
            pe.ClosePeer: SERVICE.close_peer,
            pe.ListenSignals: SERVICE.listen_signals,
            pe.PostSignal: SERVICE.post_signal,
        }
    )
