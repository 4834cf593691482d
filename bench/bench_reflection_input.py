"""Reflection solo: input → board re-rendered, in headless Chromium (Pyodide), side by side.

On a Hard board (10×10, seed 1), times each input's whole dispatch — the Python update, the view, the
markup and the DOM swap all run inside it: clicks that place, turn and take back tiles all over the
board, and (where the screen has a keyboard grid) key presses on the focused cell that move the
cursor and place and remove tiles. Budget (DESIGN.md): ≤ 16 ms for 95% of inputs.

With ``--against DIR`` (another build's ``_site/``, e.g. main's), both sites are measured in
alternating rounds in one browser, so the ratio between them holds even on a busy machine.

    python bench/bench_reflection_input.py [--rounds 3] [--against /path/to/other/_site]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

LINK = "#/reflection/solo?preset=hard&seed=1"
CLICK = """([r, c]) => {
    const cell = document.querySelector(`.rf-cell[data-r="${r}"][data-c="${c}"]`);
    const start = performance.now();
    cell.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return performance.now() - start;
}"""
KEY = """(key) => {
    const target = document.activeElement;
    const start = performance.now();
    target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
    return performance.now() - start;
}"""


def open_board(page, url: str) -> None:
    page.goto(f"{url}/")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    page.evaluate("localStorage.clear()")
    page.goto(f"{url}/{LINK}")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=300_000)


def click_times(page) -> list[float]:
    """Place (or turn) a mirror, turn it, and take it back, on every cell."""
    times = []
    for r in range(10):
        for c in range(10):
            times.append(page.evaluate(CLICK, [r, c]))
            times.append(page.evaluate(CLICK, [r, c]))
        page.click('.rf-tray-tile[data-kind="remove"]')
        for c in range(10):
            times.append(page.evaluate(CLICK, [r, c]))
        page.click('.rf-tray-tile[data-kind="diagonal"]')
    return times


def key_times(page) -> list[float]:
    """Walk the board by arrows from its Tab stop, placing a mirror and a note and taking them back."""
    cell = page.locator('.rf-board [tabindex="0"]')
    if not cell.count():
        return []
    cell.focus()
    times = []
    for _row in range(10):
        for _ in range(9):
            for key in ("/", "Delete", ".", "Delete", "ArrowRight"):
                times.append(page.evaluate(KEY, key))
        times.append(page.evaluate(KEY, "ArrowDown"))
        times.append(page.evaluate(KEY, "Home"))
    return times


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[max(0, round(0.95 * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another build's _site/ to measure side by side")
    args = parser.parse_args()
    sites = {"this": ROOT / "_site"}
    if args.against:
        sites["other"] = args.against
    servers = {name: serve_in_thread(path) for name, path in sites.items()}
    results: dict[str, dict[str, list[float]]] = {name: {"click": [], "key": []} for name in sites}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            for _ in range(args.rounds):
                for name, (url, _server) in servers.items():
                    page = browser.new_page()
                    open_board(page, url)
                    results[name]["click"] += click_times(page)
                    open_board(page, url)
                    results[name]["key"] += key_times(page)
                    page.close()
            browser.close()
    finally:
        for _url, server in servers.values():
            server.shutdown()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("input → board re-rendered, Hard 10×10 (ms; budget p95 ≤ 16 ms)")
    for name in sites:
        for kind, times in results[name].items():
            if times:
                median, p95 = summary(times)
                print(
                    f"  {name:6} {kind:6} n={len(times):5}  median {median:6.1f}  p95 {p95:6.1f}  max {max(times):6.1f}"
                )
    if "other" in results:
        this, other = summary(results["this"]["click"]), summary(results["other"]["click"])
        print(f"  clicks, this / other: median ×{this[0] / other[0]:.2f}, p95 ×{this[1] / other[1]:.2f}")


if __name__ == "__main__":
    main()
