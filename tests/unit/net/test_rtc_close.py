"""``net/rtc.py`` ends a connection on purpose without dropping the words sent just before.

The page runs it with the browser's ``js`` and ``pyodide.ffi``; here a small stand-in of each plays the
browser, enough to watch the order of the calls: the data channel is closed first (a channel's close sends
what is queued on it), the RTCPeerConnection only once the channel is closed, or after the grace time.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest


class Channel:
    def __init__(self, calls: list[str], state: str = "open") -> None:
        self.calls, self.readyState, self.listeners = calls, state, 0

    def send(self, text: str) -> None:
        self.calls.append(f"send {text}")

    def close(self) -> None:
        self.calls.append("channel.close")
        if self.readyState == "open":
            self.readyState = "closing"  # "closed" only once what was queued went and the other side agreed

    def addEventListener(self, kind: str, proxy: Any) -> None:
        self.listeners += 1

    def removeEventListener(self, kind: str, proxy: Any) -> None:
        self.listeners -= 1


class PeerConnection:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def close(self) -> None:
        self.calls.append("pc.close")

    def removeEventListener(self, kind: str, proxy: Any) -> None:
        pass


@pytest.fixture
def rtc() -> Iterator[Any]:
    """``gamenight.net.rtc`` imported against stand-ins of the browser's modules, forgotten afterwards."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_: value  # type: ignore[attr-defined]
    ffi.jsnull = None  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    browser = {"js": mock.MagicMock(name="js"), "pyodide": pyodide, "pyodide.ffi": ffi}
    with mock.patch.dict(sys.modules, browser):
        for name in ("gamenight.net.rtc", "gamenight.ui.dom"):
            sys.modules.pop(name, None)
        yield importlib.import_module("gamenight.net.rtc")
    for name in ("gamenight.net.rtc", "gamenight.ui.dom"):
        sys.modules.pop(name, None)


def connection(rtc: Any, calls: list[str], state: str = "open") -> Any:
    conn = rtc.Connection("bea", PeerConnection(calls))
    conn.channel = Channel(calls, state)
    conn.open = state == "open"
    conn.listen(conn.channel, "message", lambda _event: None)
    conn.listen(conn.channel, "close", lambda _event: None)
    rtc.SERVICE.peers["bea"] = conn
    return conn


def test_a_connection_ended_on_purpose_closes_its_channel_first_and_itself_once_the_channel_is_closed(rtc: Any):
    calls: list[str] = []

    async def play() -> None:
        conn = connection(rtc, calls)
        rtc.SERVICE.send_text(None, rtc.pe.SendText("bea", "farewell"))
        rtc.SERVICE.close_peer(None, rtc.pe.ClosePeer("bea"))
        assert "bea" not in rtc.SERVICE.peers and conn.ended
        assert conn.channel.listeners == 0  # nothing the guest still says reaches the page
        await asyncio.sleep(0.3)
        # The channel still sends what it queued: the connection under it must stay up meanwhile.
        assert calls == ["send farewell", "channel.close"]
        conn.channel.readyState = "closed"
        await asyncio.sleep(0.2)
        assert calls[-1] == "pc.close"

    asyncio.run(play())


def test_a_peer_gone_silent_is_closed_after_the_grace_time(rtc: Any, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(rtc, "CLOSE_GRACE_MS", 200)
    calls: list[str] = []

    async def play() -> None:
        connection(rtc, calls)
        rtc.SERVICE.close_peer(None, rtc.pe.ClosePeer("bea"))
        assert calls == ["channel.close"]
        # The channel never reports closed. The closing task is awaited, not slept through: it counts its polls
        # (``CLOSE_POLL_MS`` each), and on a loaded machine a fixed sleep's timer ended before its last poll did.
        await asyncio.wait_for(asyncio.gather(*rtc.SERVICE._tasks), 10)
        assert calls[-1] == "pc.close" and calls.count("pc.close") == 1

    asyncio.run(play())


def test_a_connection_whose_channel_never_opened_is_closed_at_once(rtc: Any):
    calls: list[str] = []
    conn = connection(rtc, calls, state="connecting")
    rtc.SERVICE.close_peer(None, rtc.pe.ClosePeer("bea"))
    assert calls == ["channel.close", "pc.close"] and conn.channel.listeners == 0
