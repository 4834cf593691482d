"""A guest's page that loses the host, on a phone: its connection strip takes one line where its words fit,
and the board stays where it stood while the match halts (docs/accessibility.md, "A lost host moves nothing").

The strip's four states are reached as a player reaches them. "Reconnecting" is the browser's: the peer
connection's ICE state turns "disconnected" while its data channel is still open (net/rtc.py ``_ice_state``),
which a closed channel never does; here the network stops carrying the guest's packets (``cut_off``: an
"unreachable" rule in the private namespace of tools/hermetic.sh) and carries them again. "Cut off" follows a
closed channel, "Coming back" a new invitation."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page

from tests.e2e import test_peer_links as peer
from tests.e2e.conftest import PHONE, People, resize, soon
from tests.e2e.test_reflection_match import CONNECT_MS

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("GNC_SHOTS")

# The strip's room: the lines each of its words takes (as laid unseen in it), its own height, and one line's.
STRIP = """() => {
    const strip = document.querySelector('.connection-strip');
    const lines = (e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const style = getComputedStyle(strip);
    const inner = strip.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const shown = strip.querySelector('.connection');  // one line: "Connected to the host."
    return {
        words: [...strip.querySelectorAll('.connection-room > span')].map((s) => [s.textContent, lines(s)]),
        inner, line: shown.getBoundingClientRect().height, height: strip.getBoundingClientRect().height,
    };
}"""
BOARD_TOP = "document.querySelector('.rt-board').getBoundingClientRect().top + scrollY"
# The page's peer connections, kept where a test can read their candidates (after TRACK_CHANNELS' wrapper).
TRACK_PEERS = """
(() => {
  const Original = window.RTCPeerConnection;
  window.__peers = [];
  function Tracked(...args) {
    const pc = new Original(...args);
    window.__peers.push(pc);
    return pc;
  }
  Tracked.prototype = Original.prototype;
  window.RTCPeerConnection = Tracked;
})();
"""
# The UDP ports of the page's own ICE candidates: every path the host's packets take to it.
LOCAL_PORTS = """async () => {
    const ports = new Set();
    for (const pc of window.__peers) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s) => {
            if (s.type === 'local-candidate' && s.protocol === 'udp') ports.add(s.port);
        });
    }
    return [...ports];
}"""


@contextmanager
def cut_off(ports: list[int]) -> Iterator[None]:
    """No UDP packet reaches ``ports`` while the block runs, as a network that stops carrying them (a lift, a
    tunnel): an "unreachable" rule for each in the private network namespace (tools/hermetic.sh looks the
    local table up after these rules); the rules go when the block ends. Not "blackhole": a send refused with
    EINVAL is an error Chromium's UDP socket does not survive, and the connection never came back (it stayed
    "reconnecting" 40 s after the rules went); EHOSTUNREACH is one it rides out, as a network's. Only in the
    namespace: outside it the rule would be the machine's."""
    if not os.environ.get("GNC_HERMETIC"):
        pytest.fail("cutting a peer connection needs the private network namespace of tools/hermetic.sh (root)")
    rules = [["pref", "10", "ipproto", "udp", "dport", str(port), "unreachable"] for port in ports]
    for rule in rules:
        subprocess.run(["ip", "rule", "add", *rule], check=True)
    try:
        yield
    finally:
        for rule in rules:
            subprocess.run(["ip", "rule", "del", *rule], check=True)


def lost_host_match(people: People, language: str = "en-GB") -> tuple[Page, Page]:
    """Ann hosts a Raythread match that Bea plays in seat C on a phone (390 px, light), in ``language``."""
    host = peer.open_host(people)
    phone = people.person(**{**PHONE, "color_scheme": "light"})
    phone.add_init_script(peer.TRACK_CHANNELS)
    phone.add_init_script(TRACK_PEERS)
    bea = peer.join(people, host, "Bea", phone)
    if language == "ja-JP":
        bea.tap(".lang-switch .lang[data-lang=ja]")
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    # The host starts once its page has Bea in the seat (as test_peer_links does): pressed before her request
    # arrived, Start found one player and the match never began (a clean-clone CI run, 320 px).
    soon(peer.seat(host, "C")).to_have_text("Bea")
    host.click("button[data-action=start]")
    soon(bea.locator(".lobby")).to_have_attribute("data-phase", "playing")
    soon(bea.locator(".rt-board")).to_be_visible()
    return host, bea


# The phone's widths and colour schemes each language is read at: one page takes them in turn (the layout is
# CSS alone); a language is the page's, chosen once.
LOOKS = {
    "en-GB": ((390, "light"), (390, "dark"), (320, "light"), (320, "dark")),
    "ja-JP": ((390, "light"), (320, "light")),
}


def looks(page: Page, language: str) -> Iterator[tuple[str, int, str]]:
    """Sets ``page`` to each of ``language``'s widths and schemes in turn; yields the case's name (for a
    failure's message), its width and its scheme."""
    for width, scheme in LOOKS[language]:
        resize(page, width, 844)
        page.emulate_media(color_scheme=scheme)
        yield f"{width} px, {language}, {scheme}", width, scheme


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png")


# Where the board stands on the page, and the heights of the rows above it (for a failure's message).
ROWS = """() => {
    const tall = (s) => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().height : null; };
    return {board: document.querySelector('.rt-board').getBoundingClientRect().top + scrollY,
            head: tall('.match-head'), info: tall('.rt-info'), strip: tall('.connection-strip')};
}"""


@pytest.mark.parametrize("language", ["en-GB", "ja-JP"])
def test_a_guest_s_connection_strip_takes_one_line_and_the_board_stays_put_on_a_phone_in_every_state(
    people: People, language: str
):
    """A player's pass: the strip was two lines tall on a phone in every state, its room sized for
    "Reconnecting to the host… Your seat is kept; wait a moment.". Each of its words fits one line at 390 and
    320 px now, in English (light and dark) and Japanese (light), so its room is one line, and it keeps that
    room as the state changes: connected, reconnecting (the network stops carrying the host's packets, then
    carries them again: the state a script once drew for a look), cut off (the channel closes) and coming back.
    One page per language takes its widths and schemes in turn in each state (``LOOKS``).

    Another pass, in English at 390 × 844, light and dark: the board moved 32 px when the host was lost
    (Raythread's board takes no input then and drew no "Zoom in", so the row of facts above it lost the
    button's height). It keeps its place: the row keeps the button's room.

    Checks, each naming its width, language and scheme: the words on one line and one line of room (connected);
    the strip's height unchanged while reconnecting, cut off and coming back; the reconnecting words; the
    steps' live region empty before the drop, kept by the morph, its words when cut off and when coming back;
    at 390 px in English, the board where it stood before the drop and "Not connected to the host"."""
    host, bea = lost_host_match(people, language)
    strips = {}
    for case, width, scheme in looks(bea, language):
        strip = bea.evaluate(STRIP)
        assert [words for words, lines in strip["words"] if lines != 1] == [], (case, strip)
        assert strip["inner"] < 1.5 * strip["line"], (case, strip)  # one line of room, not two
        strips[case] = strip
        shot(bea, f"strip-connected-{width}-{language}-{scheme}")
    state = bea.locator("[data-connection]")
    ports = bea.evaluate(LOCAL_PORTS)
    assert ports, "the guest's page has no candidate to cut"
    with cut_off(ports):
        soon(state).to_have_attribute("data-connection", "reconnecting", timeout=CONNECT_MS)
        soon(state).to_have_text("Reconnecting to the host…" if language == "en-GB" else "ホストに再接続中…")
        for case, width, scheme in looks(bea, language):
            assert bea.evaluate(STRIP)["height"] == strips[case]["height"], case
            shot(bea, f"strip-reconnecting-{width}-{language}-{scheme}")
    soon(state).to_have_attribute("data-connection", "connected", timeout=CONNECT_MS)
    # The steps' live region is on the page, empty, before the drop, and the morph keeps that element as its words
    # come: a region drawn with its words is not announced.
    said = bea.locator("#rejoin-said[aria-live=polite]")
    soon(said).to_have_text("")
    bea.evaluate("window.__said = document.getElementById('rejoin-said')")
    # Where the board stands while the match is played, at 390 px in English (light and dark), before the drop.
    playing = {
        case: bea.evaluate(ROWS) for case, width, _ in looks(bea, language) if (width, language) == (390, "en-GB")
    }
    bea.evaluate("window.__channels.forEach((channel) => channel.close())")  # the connection drops
    soon(state).to_have_attribute("data-connection", "away", timeout=CONNECT_MS)
    if language == "en-GB":
        soon(bea.locator(".match-status")).to_contain_text("Not connected to the host")
    soon(said).to_contain_text("Ask the host" if language == "en-GB" else "ホストに新しい招待")
    assert bea.evaluate("window.__said === document.getElementById('rejoin-said')")
    for case, width, scheme in looks(bea, language):
        assert bea.evaluate(STRIP)["height"] == strips[case]["height"], case
        if case in playing:
            halted = bea.evaluate(ROWS)
            assert halted["board"] == playing[case]["board"], (case, playing[case], halted)
            shot(bea, f"halt-board-390-{scheme}")
        shot(bea, f"strip-away-{width}-{language}-{scheme}")
    peer.member(host, "Bea").locator("button[data-action=invite]").click()
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "waiting", timeout=CONNECT_MS)
    bea.fill("form[data-action=rejoin] input[name=invitation]", card.locator(".invite-link").input_value())
    bea.click("form[data-action=rejoin] button[type=submit]")
    soon(state).to_have_attribute("data-connection", "rejoining", timeout=CONNECT_MS)
    soon(said).to_contain_text("Send this reply" if language == "en-GB" else "この返信をホストに")
    assert bea.evaluate("window.__said === document.getElementById('rejoin-said')")
    for case, width, scheme in looks(bea, language):
        assert bea.evaluate(STRIP)["height"] == strips[case]["height"], case
        bea.evaluate("window.scrollTo(0, 0)")
        shot(bea, f"strip-rejoining-{width}-{language}-{scheme}")
