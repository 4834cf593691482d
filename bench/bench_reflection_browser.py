"""Reflection puzzles in the browser (Pyodide): making a puzzle per preset, "New puzzle" when the next
one was made ahead, page responsiveness, and a click on the board.

Opens the solo screen's puzzle links one after another in one page (the engine already imported)
and measures, per puzzle, the time from following the link to the board being shown, and the
longest main-thread task meanwhile (PerformanceObserver "longtask": anything over 50 ms freezes
input). Budgets (issue 16): Hard median ≤ 1 s and p90 ≤ 2.5 s; Expert median ≤ 3 s and p90 ≤ 6 s
(live or from the bank).

Then "New puzzle" on a Hard board once the next puzzle is made ahead: the time from the click to
the new board in the page (the click's handler renders it synchronously). Budget: ≤ 100 ms.
Then a click on a cell of a Hard board until it is re-rendered. Budget: ≤ 16 ms for 95%.

The machine these run on is shared (load averages of 15–30 on 2 cores while other jobs run), so
each puzzle also reports the page's main-thread CPU time (Chrome's ``ThreadTime`` metric over the
DevTools protocol): what the wall time would be on an idle machine, less the idle gaps between
slices.

``python bench/bench_reflection_browser.py [scale]`` (30 seeds per preset at scale 1).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.bench_reflection_input import click_times as board_clicks  # noqa: E402  (the same clicks)
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

SEEDS = {"easy": 30, "normal": 30, "hard": 30, "expert": 30}
OBSERVE = """() => {
    window.__long = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push(entry.duration);
    }).observe({type: 'longtask', buffered: false});
}"""
NEXT = """() => {
    const before = document.querySelector('.rf-name').textContent;
    const start = performance.now();
    document.querySelector('[data-action="next"]').click();
    const took = performance.now() - start;
    const shown = document.querySelector('main[data-phase="playing"] .rf-name');
    return [took, shown !== null && shown.textContent !== before];
}"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    url, server = serve_in_thread(site)
    rows = []
    print(f"({load()})")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            page = browser.new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

            def cpu() -> float:
                metrics = cdp.send("Performance.getMetrics")["metrics"]
                return next(m["value"] for m in metrics if m["name"] == "ThreadTime") * 1000

            page.goto(f"{url}/#/reflection/solo")
            page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
            page.evaluate(OBSERVE)
            for preset, seeds in SEEDS.items():
                times, longest, cpus = [], [], []
                for seed in range(1, max(1, round(seeds * scale)) + 1):
                    page.evaluate("localStorage.clear(); window.__long = []")
                    start, busy = time.perf_counter(), cpu()
                    page.evaluate(f"location.hash = '#/reflection/solo?preset={preset}&seed={seed}&v=2'")
                    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=300_000)
                    times.append((time.perf_counter() - start) * 1000)
                    cpus.append(cpu() - busy)
                    longest.append(max(page.evaluate("window.__long"), default=0))
                    page.evaluate("location.hash = '#/'")  # leaving stops the puzzle being made ahead
                    page.wait_for_selector("main.home")
                rows.append((preset, times, longest, cpus))
            new_puzzle, background_longest = next_times(page, max(1, round(30 * scale)))
            clicks = click_times(page)
            browser.close()
    finally:
        server.shutdown()
    print("making a puzzle in headless Chromium (Pyodide), seeds 1..n per preset, link → board shown (ms):")
    head = ("preset", "n", "median", "p90", "p95", "max", "cpu med", "cpu p90")
    print("  {:8} {:>3} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}   longest task median / max".format(*head))
    for preset, times, longest, cpus in rows:
        print(
            f"  {preset:8} {len(times):3} {statistics.median(times):8.0f} {pct(times, 0.9):8.0f}"
            f" {pct(times, 0.95):8.0f} {max(times):8.0f} {statistics.median(cpus):8.0f} {pct(cpus, 0.9):8.0f}"
            f"   {statistics.median(longest):6.0f} / {max(longest):.0f}"
        )
    print(
        f'"New puzzle" with the next one made ahead, Hard, {len(new_puzzle)} clicks: median'
        f" {statistics.median(new_puzzle):.1f} ms, p90 {pct(new_puzzle, 0.9):.1f} ms, max {max(new_puzzle):.1f} ms"
        f" (budget ≤ 100 ms); longest task while it was made: median {statistics.median(background_longest):.0f} ms,"
        f" max {max(background_longest):.0f} ms"
    )
    print(
        f"click → board re-rendered, Hard 10×10, {len(clicks)} clicks: median {statistics.median(clicks):.1f} ms,"
        f" p95 {pct(clicks, 0.95):.1f} ms (budget ≤ 16 ms for 95%)"
    )
    print(f"({load()})")


def next_times(page, count: int) -> tuple[list[float], list[float]]:
    """Press "New puzzle" on Hard boards once the next puzzle is made ahead: the click's time to the
    new board, and the longest task while the next one was being made in the background."""
    page.evaluate("localStorage.clear()")
    page.evaluate("location.hash = '#/reflection/solo?preset=hard&seed=1&v=2'")
    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=300_000)
    took, longest = [], []
    for _ in range(count):
        page.evaluate("window.__long = []")
        page.wait_for_selector('[data-action="next"][data-ready="true"]', timeout=300_000)
        longest.append(max(page.evaluate("window.__long"), default=0))
        ms, shown = page.evaluate(NEXT)
        if not shown:
            raise SystemExit("New puzzle did not show the puzzle made ahead at once")
        took.append(ms)
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("main.home")
    return took, longest


def click_times(page) -> list[float]:
    """Place, turn and remove tiles all over a Hard board, timing each click's full re-render."""
    page.evaluate("location.hash = '#/reflection/solo?preset=hard&seed=1&v=2'")
    page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=120_000)
    page.wait_for_selector('[data-action="next"][data-ready="true"]', timeout=300_000)  # no background work
    return board_clicks(page)


if __name__ == "__main__":
    main()
