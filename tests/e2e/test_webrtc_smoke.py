"""Two browser contexts exchange a message over an RTCDataChannel with no STUN server.

Run by ``make test`` inside a private network namespace when the machine allows it
(``tools/hermetic.sh``), so the only interfaces are loopback and a veth pair of our own.
"""

from contextlib import closing

import pytest
from playwright.sync_api import Browser

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]

# Plain JavaScript: this smoke test proves the browser and network set-up, not the app's own code.
OPEN_PEER = """async (role) => {
    const pc = new RTCPeerConnection({iceServers: []});
    window.__pc = pc;
    window.__received = new Promise((resolve) => {
        const listen = (channel) => { window.__channel = channel; channel.onmessage = (e) => resolve(e.data); };
        if (role === 'offer') listen(pc.createDataChannel('smoke', {ordered: true}));
        else pc.ondatachannel = (e) => listen(e.channel);
    });
    window.__gathered = new Promise((resolve) => {
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
    });
}"""
MAKE_OFFER = """async () => {
    await window.__pc.setLocalDescription(await window.__pc.createOffer());
    await window.__gathered;
    return window.__pc.localDescription.sdp;
}"""
MAKE_ANSWER = """async (offer) => {
    await window.__pc.setRemoteDescription({type: 'offer', sdp: offer});
    await window.__pc.setLocalDescription(await window.__pc.createAnswer());
    await window.__gathered;
    return window.__pc.localDescription.sdp;
}"""
ACCEPT_ANSWER = "async (answer) => window.__pc.setRemoteDescription({type: 'answer', sdp: answer})"
SEND_WHEN_OPEN = """async (text) => {
    const channel = window.__channel;
    if (channel.readyState !== 'open') await new Promise((r) => channel.addEventListener('open', r, {once: true}));
    channel.send(text);
}"""


def test_two_contexts_exchange_a_message_over_a_data_channel(browser: Browser, site_url: str):
    # Two people's contexts, closed whatever happens (they were never closed). Not watched_page's: the page is
    # a stylesheet, not the app, and the browser logs a 404 for a resource it asks for there.
    with closing(browser.new_context()) as one, closing(browser.new_context()) as two:
        host, guest = one.new_page(), two.new_page()
        for page in (host, guest):
            page.goto(f"{site_url}/css/app.css")  # any same-origin page: a secure context on localhost
        host.evaluate(OPEN_PEER, "offer")
        guest.evaluate(OPEN_PEER, "answer")

        offer = host.evaluate(MAKE_OFFER)
        assert "a=candidate" in offer, "Chromium gathered no ICE candidate (no default route?)"
        assert "stun" not in offer.lower()
        answer = guest.evaluate(MAKE_ANSWER, offer)
        host.evaluate(ACCEPT_ANSWER, answer)

        host.evaluate(SEND_WHEN_OPEN, "hello from the host")
        assert guest.evaluate("window.__received") == "hello from the host"
        guest.evaluate(SEND_WHEN_OPEN, "hello back")
        assert host.evaluate("window.__received") == "hello back"
