"""Reflection puzzle generation in the browser (Pyodide): time per preset and page responsiveness.

Opens the solo screen's puzzle links one after another in one page (the engine already imported)
and measures, per puzzle, the time from following the link to the board being shown, and the
longest main-thread task while generating (PerformanceObserver "longtask": anything over 50 ms
freezes input). Budget (DESIGN.md): Hard (10×10, 20 tiles) unique puzzle, median ≤ 1 s.

Then, on a Hard board, the time from a click on a cell to the board re-rendered (the Python
update, the markup and the DOM swap all run inside the click's dispatch). Budget: ≤ 16 ms for 95%.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

# Seeds per preset: Expert takes minutes per puzzle (docs/performance.md), so one is enough to show it.
SEEDS = {"easy": 9, "normal": 9, "hard": 7, "expert": 1}
OBSERVE = """() => {
    window.__long = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push(entry.duration);
    }).observe({type: 'longtask', buffered: false});
}"""


def main() -> None:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    url, server = serve_in_thread(site)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            page = browser.new_page()
            page.goto(f"{url}/#/reflection/solo")
            page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
            page.evaluate(OBSERVE)
            for preset, seeds in SEEDS.items():
                times, longest = [], []
                for seed in range(1, seeds + 1):
                    page.evaluate("localStorage.clear(); window.__long = []")
                    start = time.perf_counter()
                    page.evaluate(f"location.hash = '#/reflection/solo?preset={preset}&seed={seed}'")
                    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=120_000)
                    times.append((time.perf_counter() - start) * 1000)
                    longest.append(max(page.evaluate("window.__long"), default=0))
                    page.evaluate("location.hash = '#/'")
                    page.wait_for_selector("main.home")
                rows.append((preset, times, longest))
            clicks = click_times(page)
            browser.close()
    finally:
        server.shutdown()
    print("generation in headless Chromium (Pyodide), seeds 1..n per preset, link → board shown (ms):")
    print(f"  {'preset':8} {'n':>3} {'median':>8} {'p95':>8} {'max':>8}   longest task median / max")
    for preset, times, longest in rows:
        p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
        print(
            f"  {preset:8} {len(times):3} {statistics.median(times):8.0f} {p95:8.0f} {max(times):8.0f}"
            f"   {statistics.median(longest):6.0f} / {max(longest):.0f}"
        )

    p95 = sorted(clicks)[round(0.95 * len(clicks)) - 1]
    print(
        f"click → board re-rendered, Hard 10×10, {len(clicks)} clicks: median {statistics.median(clicks):.1f} ms,"
        f" p95 {p95:.1f} ms (budget ≤ 16 ms for 95%)"
    )


CLICK = """([r, c]) => {
    const cell = document.querySelector(`.rf-cell[data-r="${r}"][data-c="${c}"]`);
    const start = performance.now();
    cell.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return performance.now() - start;
}"""


def click_times(page) -> list[float]:
    """Place, turn and remove tiles all over a Hard board, timing each click's full re-render."""
    page.evaluate("location.hash = '#/reflection/solo?preset=hard&seed=1'")
    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=120_000)
    times = []
    for r in range(10):
        for c in range(10):
            times.append(page.evaluate(CLICK, [r, c]))  # place (or turn) a mirror
            times.append(page.evaluate(CLICK, [r, c]))  # turn it
        page.click('.rf-tray-tile[data-kind="remove"]')
        for c in range(10):
            times.append(page.evaluate(CLICK, [r, c]))  # take it back
        page.click('.rf-tray-tile[data-kind="diagonal"]')
    return times


if __name__ == "__main__":
    main()
