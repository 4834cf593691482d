"""Peer links through a real TURN relay: Debian's coturn (``turnserver``) runs inside the test's private
network namespace (``tools/hermetic.sh``) with long-term credentials; the host types it into "Relay
server" when opening the game night, the invitation link carries it to the guest, and the guest joins,
plays and chats through it.

The browsers are held to relay candidates by an init script this test adds to their contexts
(``iceTransportPolicy: "relay"``, as a network that blocks every direct path would): the product has no
such switch, so nothing a user types or a link carries can turn it on (docs/peer-links.md). Every peer
packet therefore passes through the turnserver: the codes hold only relay candidates, the host's row
for the guest reads "via relay" from the selected candidate pair, and the turnserver's log shows the
allocations. A wrong password is explained on the host's and on the guest's page. The relay listens
on the namespace's own address; nothing leaves the machine.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import struct
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

from gamenight.net import invite as iv
from tests.e2e.conftest import People, soon, status_says
from tests.e2e.test_peer_links import (
    CONNECT_MS,
    answer,
    member,
    new_invitation,
    one_position,
    paste_reply,
    place,
    seat,
)

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]

ROOT = Path(__file__).resolve().parents[2]
NAMESPACE_ADDRESS = "10.213.0.1"  # tools/hermetic.sh's v0
TURN_USER, TURN_PASS, REALM = "gnc-test", "lantern-and-mirror", "gamenight.test"
READY_S = 30  # the turnserver answers a STUN request within this (a loaded machine starts it slowly)

# Relay-only candidates for this test, and every connection kept so the test can read its statistics.
RELAY_ONLY = """
(() => {
  const Original = window.RTCPeerConnection;
  window.__pcs = [];
  function RelayOnly(config, ...rest) {
    const pc = new Original({...(config || {}), iceTransportPolicy: "relay"}, ...rest);
    window.__pcs.push(pc);
    return pc;
  }
  RelayOnly.prototype = Original.prototype;
  window.RTCPeerConnection = RelayOnly;
})();
"""
# The candidate types of the page's open connection's selected pair (its last connection's).
SELECTED_PAIR = """async () => {
  const pc = window.__pcs[window.__pcs.length - 1];
  const stats = [...(await pc.getStats()).values()];
  const byId = Object.fromEntries(stats.map((s) => [s.id, s]));
  const transport = stats.find((s) => s.type === "transport" && s.selectedCandidatePairId);
  const pair = byId[transport.selectedCandidatePairId];
  return [byId[pair.localCandidateId].candidateType, byId[pair.remoteCandidateId].candidateType];
}"""


@dataclass(frozen=True)
class Relay:
    address: str
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"turn:{self.address}:{self.port}"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def free_udp_port(address: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((address, 0))
        return sock.getsockname()[1]


def stun_answers(address: str, port: int) -> bool:
    """Whether a STUN Binding request (RFC 5389) to the server gets a Binding success response."""
    transaction = secrets.token_bytes(12)
    request = struct.pack(">HHI", 0x0001, 0, 0x2112A442) + transaction
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(0.5)
        sock.sendto(request, (address, port))
        try:
            data = sock.recv(2048)
        except OSError:  # a timeout, or "connection refused" before the server listens
            return False
    return len(data) >= 20 and data[:2] == b"\x01\x01" and data[8:20] == transaction


@pytest.fixture
def relay(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Relay]:
    """A turnserver on a free UDP port of the namespace's address, with one test user; stopped after the
    test, its log copied to ``test-results/`` when the test failed."""
    binary = shutil.which("turnserver")
    if binary is None:
        pytest.fail("turnserver is not installed: `apt-get install coturn` (.ci/run installs it)")
    # Outside a private namespace (not root) the relay stays on loopback: nothing leaves the machine.
    address = NAMESPACE_ADDRESS if os.environ.get("GNC_HERMETIC") else "127.0.0.1"
    found = Relay(address, free_udp_port(address), tmp_path / "turnserver.log")
    args = [
        binary,
        "-n",  # no configuration file: only these options
        f"--listening-ip={address}",
        f"--relay-ip={address}",
        f"--listening-port={found.port}",
        "--lt-cred-mech",
        f"--user={TURN_USER}:{TURN_PASS}",
        f"--realm={REALM}",
        "--fingerprint",
        "--no-tcp",
        "--no-tls",
        "--no-dtls",
        "--no-tcp-relay",
        "--no-cli",
        f"--userdb={tmp_path / 'turndb'}",
        f"--pidfile={tmp_path / 'turnserver.pid'}",
        f"--log-file={found.log}",
        "--simple-log",
        "--no-stdout-log",
        "--verbose",
    ]
    if address.startswith("127."):
        args.append("--allow-loopback-peers")  # the peers' relayed addresses are then on loopback too
    failed_before = request.session.testsfailed
    with open(tmp_path / "turnserver.out", "wb") as out:
        server = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + READY_S
        while not stun_answers(address, found.port):
            if server.poll() is not None or time.monotonic() > deadline:
                output = (tmp_path / "turnserver.out").read_text(errors="replace")
                pytest.fail(f"turnserver did not start:\n{output[-2000:]}\n{found.log_text()[-2000:]}")
        yield found
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if request.session.testsfailed > failed_before:
            kept = ROOT / "test-results" / f"turnserver-{request.node.name}.log"
            kept.parent.mkdir(exist_ok=True)
            kept.write_text(found.log_text())
            print(f"turnserver log kept in {kept}")


def relay_only(people: People) -> BrowserContext:
    context = people.person()
    context.add_init_script(RELAY_ONLY)
    return context


def open_host_with_relay(people: People, relay: Relay, password: str, only: bool = True) -> Page:
    """The host opens a game night with the relay typed into the "Relay server" setting (held to relay
    candidates unless ``only`` is false)."""
    context = relay_only(people) if only else people.person()
    page = people.open(context, f"{people.site_url}/?stun=none#/host?game=raythread")
    page.fill("input[name=lobby]", "Friday night")
    page.fill("input[name=name]", "Ann")
    page.click("details.relay summary")
    page.fill("input[name=turn]", relay.url)
    page.fill("input[name=turn_user]", TURN_USER)
    page.fill("input[name=turn_pass]", password)
    page.click("form[data-action=host-setup] button[type=submit]")
    soon(page.locator("main.host[data-stage=lobby] h1")).to_have_text("Friday night")
    return page


def relayed_only(candidates: tuple[iv.Candidate, ...], relay: Relay) -> bool:
    return bool(candidates) and all(c.type == "relay" and c.address == relay.address for c in candidates)


def chat(page: Page, text: str) -> None:
    box = "form[data-action=chat] input[name=text]"
    page.fill(box, text)
    page.press(box, "Enter")


def test_a_guest_joins_plays_and_chats_through_a_turn_relay(people: People, relay: Relay):
    host = open_host_with_relay(people, relay, TURN_PASS)
    link = new_invitation(host)
    # The link carries the relay setting to the guest; the code holds only the relay's candidates.
    query = parse_qs(urlsplit(link).query)
    assert (query["turn"], query["turn_user"], query["turn_pass"]) == ([relay.url], [TURN_USER], [TURN_PASS])
    invitation = iv.decode_invitation(iv.code_of(link), int(time.time()))
    assert relayed_only(invitation.transport.candidates, relay), invitation.transport.candidates

    bea, reply = answer(people, relay_only(people), link, "Bea")
    assert relayed_only(iv.decode_reply(reply).transport.candidates, relay)
    paste_reply(host, reply)
    soon(member(bea, "Bea")).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
    # The route the host page read from WebRTC's selected candidate pair, and the pair on both pages.
    soon(member(host, "Bea").locator(".route")).to_have_attribute("data-route", "relay", timeout=CONNECT_MS)
    soon(member(host, "Bea").locator(".route")).to_have_text("via relay")
    assert host.evaluate(SELECTED_PAIR) == ["relay", "relay"]
    assert bea.evaluate(SELECTED_PAIR) == ["relay", "relay"]

    # A chat line each way.
    chat(bea, "Hello through the relay")
    chat(host, "Loud and clear")
    for page in (host, bea):
        soon(page.locator(".chat-lines")).to_contain_text("Bea: Hello through the relay")
        soon(page.locator(".chat-lines")).to_contain_text("Ann: Loud and clear")

    # A match: a move each way, one position on both boards.
    bea.click(".seat[data-seat='C'] button[data-action=sit]")
    soon(seat(host, "C")).to_have_text("Bea")
    host.click("button[data-action=start]")
    status_says(bea, "Ann (A) to play")
    place(host, (1, 1))
    status_says(bea, "Bea (B) to play")  # seat C of two reads B
    soon(bea.locator(".rt-tile")).to_have_count(1)
    place(bea, (7, 5))
    status_says(host, "Ann (A) to play")
    one_position((host, bea), 2)  # Bea's page draws her move when the host sends it back

    # The relay's side: the test user's allocations (one per page) and the data sent through them.
    log = relay.log_text()
    allocations = [line for line in log.splitlines() if "ALLOCATE processed, success" in line]
    assert len(allocations) >= 2, log[-3000:]
    assert all(f"user <{TURN_USER}>" in line for line in allocations), allocations
    assert "CREATE_PERMISSION processed, success" in log, log[-3000:]  # each side let the other's relay in


def test_a_wrong_relay_password_says_so_on_the_host_and_the_guest_page(people: People, relay: Relay):
    host = open_host_with_relay(people, relay, "not-the-password")
    host.click("button[data-action=invite]:not([data-member])")
    card = host.locator(".invite").first
    soon(card).to_have_attribute("data-state", "failed", timeout=CONNECT_MS)
    soon(card).to_contain_text("The relay server refused its user name or password")
    # A host whose own addresses work invites a guest held to the relay, with the same wrong password.
    other = open_host_with_relay(people, relay, "not-the-password", only=False)
    guest = people.open(relay_only(people), new_invitation(other))
    guest.fill("input[name=name]", "Bea")
    guest.click("form[data-action=join] button[type=submit]")
    soon(guest.locator("main.join[data-stage=problem] .error")).to_contain_text(
        "The relay server refused its user name or password", timeout=CONNECT_MS
    )
    log = relay.log_text()
    refusals = [line for line in log.splitlines() if "error 401" in line and f"user <{TURN_USER}>" in line]
    assert refusals and "ALLOCATE processed, success" not in log, log[-3000:]
