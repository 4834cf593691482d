"""Raythread Rally's board in the browser (Pyodide): input → board repainted, with DOM morphing and
without it, side by side in one run.

The page is a table on this device restored from a saved match: 11×11, four players, 36 tiles on the
board, four beams. Measured per input, inside the page: ``handler`` is the synchronous work of the
event's dispatch (the Python update, the view, its markup and putting it on the page), ``frame`` is
from the dispatch until the next frame has been produced (a ``requestAnimationFrame`` callback
followed by a task, so style, layout and paint are included). Inputs: choosing a hand tile, hovering
a cell (the preview of the beams after that move) and placing a tile (a whole move: rules, new
position, log; each followed by an undo, measured apart). Each kind of input runs under the morphing
shell (idiomorph, what ships) and under plain ``innerHTML`` replacement (what the shell did before),
alternating in rounds. Budget (issue 12): click → repainted p95 ≤ 16 ms, preview p95 ≤ 16 ms.
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

from bench.stats import median_p95  # noqa: E402
from gamenight.lobby.record import Entry, Record  # noqa: E402
from gamenight.raythread import GAME, rules  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

OPTIONS = {"mirrors": 40, "prisms": 20, "target": 28}
ROUNDS = 4

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
PLAIN = """() => {
    window.__morph = window.__morph || Idiomorph.morph;
    Idiomorph.morph = (root, html) => { root.innerHTML = html; };
}"""
MORPH = "() => { if (window.__morph) Idiomorph.morph = window.__morph; }"


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


def measure(page, plain: bool) -> dict[str, list[tuple[float, float]]]:
    page.evaluate(PLAIN if plain else MORPH)
    out: dict[str, list[tuple[float, float]]] = {"choose": [], "preview": [], "place": [], "undo": []}
    for i in range(12):
        kind = "mirror" if i % 2 else "prism"
        if page.locator(f".rt-hand-tile[data-kind={kind}]:not([disabled])").count() == 0:
            kind = "mirror" if kind == "prism" else "prism"
        out["choose"].append(page.evaluate(TIMED, [f".rt-hand-tile[data-kind={kind}]", "click"]))
        targets = page.eval_on_selector_all(".rt-cell.rt-target", "els => els.map(e => '#' + e.id)")
        for selector in targets[i :: max(1, len(targets) // 6)][:6]:
            out["preview"].append(page.evaluate(TIMED, [selector, "pointerover"]))
        out["place"].append(page.evaluate(TIMED, [targets[(i * 5) % len(targets)], "click"]))
        out["undo"].append(page.evaluate(TIMED, ["button[data-action=table-undo]", "click"]))
    return out


def summary(samples: list[tuple[float, float]], which: int) -> str:
    return median_p95([s[which] for s in samples])


def main() -> None:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    url, server = serve_in_thread(site)
    load = os.getloadavg()
    results: dict[bool, dict[str, list]] = {False: {}, True: {}}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{url}/#/")
            page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["gnc:table.raythread", saved_match()])
            page.evaluate("location.hash = '#/raythread/table'")
            page.wait_for_selector(".rt-board")
            assert page.locator(".rt-tile").count() == 36
            for _ in range(ROUNDS):
                for plain in (False, True):
                    for name, samples in measure(page, plain).items():
                        results[plain].setdefault(name, []).extend(samples)
            browser.close()
    finally:
        server.shutdown()
    print(f"Raythread board, 11×11, 36 tiles, 4 beams, headless Chromium; load average before: {load[0]:.2f}")
    head = f"  {'input':8} {'n':>4}  {'morph: handler med/p95':>24}  {'frame med/p95':>14}"
    print(head + f"   {'innerHTML: handler':>20}  {'frame':>14}")
    for name in results[False]:
        morph, plain = results[False][name], results[True][name]
        print(
            f"  {name:8} {len(morph):4}  {summary(morph, 0):>24}  {summary(morph, 1):>14}"
            f"   {summary(plain, 0):>20}  {summary(plain, 1):>14}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f} (ms; budget: click and preview p95 ≤ 16 ms)")


if __name__ == "__main__":
    main()
