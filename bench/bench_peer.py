"""Latency of a lobby update over real WebRTC between browser pages (loopback, no STUN).

Run ``python bench/bench_peer.py`` after ``make site``. As root it re-runs itself inside the private
network namespace of ``tools/hermetic.sh`` (as the end-to-end tests do). Three headless Chromium
contexts — a host and two guests — connect through the app's own invitation and reply codes. Then
guest Bea sends chat lines; each travels Bea's page → data channel → the host page's session →
broadcast → data channel → Cal's page, and is timed from Bea's submit to the line appearing in
Cal's DOM (both pages read the same clock: ``performance.timeOrigin + performance.now()``).

Then a three-player Raythread Rally match: the seat to play places a tile on its board, and the move
is timed from the click on the cell (in the mover's page) until every other page's board shows the
new tile (the later of the two). A guest's move travels guest → host (where ``play`` runs) → both other
pages; the host's own move goes straight out to both guests. Budget (DESIGN.md, issue 12): move →
every remote board updated ≤ 50 ms median.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

SAMPLES = 40
WARMUP = 5
MOVES = 36
OPTIONS = {"mirrors": "60", "prisms": "30", "target": "28"}  # a match long enough for every sample
PACE_S = 1.05  # the lobby allows 5 chat lines in 5 seconds per member

SEND = """(text) => {
    const form = document.querySelector('form[data-action=chat]');
    form.querySelector('input[name=text]').value = text;
    const t0 = performance.timeOrigin + performance.now();
    form.requestSubmit();
    return t0;
}"""
WATCH = """(text) => { window.__seen = new Promise((resolve) => {
    const seen = () => {
        const lines = document.querySelector('.chat-lines');
        return lines && lines.textContent.includes(text);
    };
    const observer = new MutationObserver(() => {
        if (seen()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); }
    });
    observer.observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
}); }"""


def main() -> int:
    if os.geteuid() == 0 and not os.environ.get("GNC_HERMETIC"):
        return subprocess.run([str(ROOT / "tools" / "hermetic.sh"), sys.executable, __file__], check=False).returncode
    from playwright.sync_api import sync_playwright

    from tools.browser import launch_args
    from tools.serve import serve_in_thread

    url, server = serve_in_thread(ROOT / "_site")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_args())
            host, bea, cal = (browser.new_context().new_page() for _ in range(3))
            lobby(host, bea, cal, url)
            times = []
            for i in range(WARMUP + SAMPLES):
                text = f"ping {i}"
                time.sleep(PACE_S)
                cal.evaluate(WATCH, text)
                t0 = bea.evaluate(SEND, text)
                t1 = cal.evaluate("Promise.race([window.__seen, new Promise((r) => setTimeout(() => r(null), 5000))])")
                if t1 is None:
                    raise SystemExit(f"{text!r} never reached Cal's page")
                if i >= WARMUP:
                    times.append(t1 - t0)
            moves = match_moves(host, bea, cal)
            browser.close()
    finally:
        server.shutdown()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    report(f"chat line guest → host → other guest, {SAMPLES} samples after {WARMUP} warm-up:", times)
    report(f"Raythread move → every other page's board shows it, {len(moves)} moves after {WARMUP} warm-up:", moves)
    return 0


def report(title: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(title)
    print(f"  median {statistics.median(times):.1f} ms   p95 {p95:.1f} ms   max {times[-1]:.1f} ms   (budget 50 ms)")


TILES_AT_LEAST = """(n) => { window.__tiles = new Promise((resolve) => {
    const check = () => document.querySelectorAll('.rt-tile').length >= n;
    if (check()) { resolve(performance.timeOrigin + performance.now()); return; }
    const observer = new MutationObserver(() => {
        if (check()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); }
    });
    observer.observe(document.getElementById('app'), {childList: true, subtree: true});
}); }"""
PLACE = """(i) => {
    document.querySelector('.rt-hand-tile:not([disabled])').click();
    const targets = document.querySelectorAll('.rt-cell.rt-target');
    const cell = targets[(i * 7) % targets.length];
    const t0 = performance.timeOrigin + performance.now();
    cell.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return t0;
}"""


def match_moves(host, bea, cal) -> list[float]:
    """Seat Bea and Cal, start a three-player match and time every move to the other two boards."""
    host.select_option("form[data-action=choose] select[name=players]", "3")
    host.click("form[data-action=choose] summary")
    for name, value in OPTIONS.items():
        host.fill(f"form[data-action=choose] input[name={name}]", value)
    host.click("form[data-action=choose] button[type=submit]")
    bea.click(".seat[data-seat='B'] button[data-action=sit]")
    bea.locator(".seat[data-seat='B'] button[data-action=stand]").wait_for()
    cal.click(".seat[data-seat='C'] button[data-action=sit]")
    cal.locator(".seat[data-seat='C'] button[data-action=stand]").wait_for()
    host.click("button[data-action=start]")
    pages = {"A": host, "B": bea, "C": cal}
    times = []
    for i in range(WARMUP + MOVES):
        for page in pages.values():
            page.locator(".rt-board").wait_for()
        mover = next(s for s, page in pages.items() if page.locator(".rt-hand-tile").count())
        others = [page for s, page in pages.items() if s != mover]
        for page in others:
            page.evaluate(TILES_AT_LEAST, i + 1)
        t0 = pages[mover].evaluate(PLACE, i)
        seen = [
            page.evaluate("Promise.race([window.__tiles, new Promise((r) => setTimeout(() => r(null), 5000))])")
            for page in others
        ]
        if None in seen:
            raise SystemExit(f"move {i} never reached every board")
        pages[mover].locator(".rt-hand-tile").first.wait_for(state="detached")
        if i >= WARMUP:
            times.append(max(seen) - t0)
    return times


def boot(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60_000)


def lobby(host, bea, cal, url: str) -> None:
    """The host opens a lobby and lets Bea and Cal in through invitation and reply codes."""
    boot(host, f"{url}/?stun=none#/host?game=raythread")
    host.fill("input[name=lobby]", "Bench night")
    host.fill("input[name=name]", "Ann")
    host.click("form[data-action=host-setup] button[type=submit]")
    for guest, name in ((bea, "Bea"), (cal, "Cal")):
        host.click("button[data-action=invite]")
        card = host.locator(".invite").first
        card.locator(".invite-link").wait_for()
        boot(guest, card.locator(".invite-link").input_value())
        guest.fill("input[name=name]", name)
        guest.click("form[data-action=join] button[type=submit]")
        guest.locator(".reply-code").wait_for(timeout=20_000)
        host.fill("form[data-action=reply] input[name=reply]", guest.locator(".reply-code").input_value())
        host.click("form[data-action=reply] button[type=submit]")
        guest.locator(".chat-form").wait_for(timeout=20_000)


if __name__ == "__main__":
    sys.exit(main())
