"""Raythread Rally's board in the browser (Pyodide): input → board repainted, this build side by side
with another version's.

The page is a table on this device restored from a saved match: 11×11, four players, 36 tiles on the
board, four beams. Measured per input, inside the page: ``handler`` is the synchronous work of the
event's dispatch (the Python update, the view, its markup and putting it on the page), ``frame`` is
from the dispatch until the next frame has been produced (a ``requestAnimationFrame`` callback
followed by a task, so style, layout and paint are included). Inputs: choosing a hand tile, hovering
a cell (the preview of the beams after that move) and placing a tile (a whole move: rules, new
position, log; the pointer passes over the cell first, untimed, as a real one does, so the preview of
that move is on the board when the click comes; each followed by an undo, measured apart). Budget
(issue 12): click → repainted p95 ≤ 16 ms, preview p95 ≤ 16 ms.

``--against REF`` (e.g. ``main``) builds that git ref's site (bench/baseline.py) and alternates
rounds between the two builds, one page each in the same browser, which page goes first alternating
too; ``--rounds N`` (default 4).
``misses`` counts the renders whose kept parts the page could not match (the whole markup was sent
again): 0 expected.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.baseline import sites_to_compare  # noqa: E402
from bench.stats import input_table  # noqa: E402
from gamenight.lobby.record import Entry, Record  # noqa: E402
from gamenight.raythread import GAME, rules  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

OPTIONS = {"mirrors": 40, "prisms": 20, "target": 28}

TIMED = """async ([selector, type]) => {
    const target = document.querySelector(selector);
    const start = performance.now();
    const init = {bubbles: true, pointerType: 'mouse'};
    const event = type === 'pointerover' ? new PointerEvent('pointerover', init) : new MouseEvent('click', init);
    target.dispatchEvent(event);
    const handler = performance.now() - start;
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return [handler, performance.now() - start];
}"""


def saved_match(seed: int = 11, tiles: int = 36) -> str:
    """A four-player match with ``tiles`` tiles placed, as the table stores it."""
    seats = ("A", "B", "C", "D")
    state = GAME.setup(GAME.options(OPTIONS), seats, seed)
    chooser = random.Random(seed)
    log = []
    while len(state.tiles) < tiles:
        seat = state.seats[state.turn]
        move = chooser.choice([m for m in rules.legal(state, seat) if m["type"] == "place"])
        state, _ = rules.play(state, seat, move)
        log.append(Entry(0, seat, move))
    assert not state.ended and len(rules.view(state, None)["beams"]) == 4
    names = dict(zip(seats, ("Ann", "Bea", "Cy", "Dee"), strict=True))
    record = Record("raythread", OPTIONS, seats, names, seed, tuple(log))
    return json.dumps({"v": 1, "record": record.to_json()})


def measure(page) -> dict[str, list[tuple[float, float]]]:
    out: dict[str, list[tuple[float, float]]] = {"choose": [], "preview": [], "place": [], "undo": []}
    for i in range(12):
        kind = "mirror" if i % 2 else "prism"
        if page.locator(f".rt-hand-tile[data-kind={kind}]:not([disabled])").count() == 0:
            kind = "mirror" if kind == "prism" else "prism"
        out["choose"].append(page.evaluate(TIMED, [f".rt-hand-tile[data-kind={kind}]", "click"]))
        targets = page.eval_on_selector_all(".rt-cell.rt-target", "els => els.map(e => '#' + e.id)")
        for selector in targets[i :: max(1, len(targets) // 6)][:6]:
            out["preview"].append(page.evaluate(TIMED, [selector, "pointerover"]))
        place = targets[(i * 5) % len(targets)]
        # A pointer passes over a cell before it clicks it: the preview of that very move is on the
        # board when the click comes (as with the keyboard: the cursor's cell, then Enter). Untimed.
        page.evaluate(TIMED, [place, "pointerover"])
        out["place"].append(page.evaluate(TIMED, [place, "click"]))
        out["undo"].append(page.evaluate(TIMED, ["button[data-action=table-undo]", "click"]))
    return out


def open_table(browser, url: str):
    """A page of the site at ``url`` showing the saved match."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block").new_page()
    page.goto(f"{url}/#/")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["gnc:table.raythread", saved_match()])
    page.evaluate("location.hash = '#/raythread/table'")
    page.wait_for_selector(".rt-board")
    assert page.locator(".rt-tile").count() == 36
    return page


def main() -> None:
    args, sites = sites_to_compare(__doc__.split("\n\n")[0])
    servers = {name: serve_in_thread(site) for name, site in sites.items()}
    load = os.getloadavg()
    results: dict[str, dict[str, list]] = {name: {} for name in sites}
    misses = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            pages = {name: open_table(browser, url) for name, (url, _server) in servers.items()}
            for round_ in range(args.rounds):
                # ABBA: the page measured first in a round is measurably slower (about 1 ms at load 7),
                # so the order alternates between rounds.
                order = list(pages.items())
                for name, page in order[:: -1 if round_ % 2 else 1]:
                    for kind, samples in measure(page).items():
                        results[name].setdefault(kind, []).extend(samples)
            misses = {name: page.evaluate("window.gncRender.misses") for name, page in pages.items()}
            browser.close()
    finally:
        for _url, server in servers.values():
            server.shutdown()
    print(f"Raythread board, 11×11, 36 tiles, 4 beams, headless Chromium; load average before: {load[0]:.2f}")
    print("\n".join(input_table(results, 8)))
    print(f"misses: {misses}")
    print(f"load average after: {os.getloadavg()[0]:.2f} (ms; budget: click and preview p95 ≤ 16 ms)")


if __name__ == "__main__":
    main()
