"""Reflection random mode on the host's page (Pyodide): how long the page is blocked while it makes a
match's puzzles in the background, beside the solo screen making puzzles of the same preset.

One host page opens a lobby for one player, starts a random match of three rounds and waits until the
page no longer says it is making puzzles ([data-preparing]); every main-thread task over 50 ms is
recorded with a PerformanceObserver ("longtask"). The match is ended and another started (a fresh
seed each time). In turn with each match, a second page of the same browser follows three solo puzzle
links of that preset (the same generator in the same slices): the two columns, measured under the same
load, compare the host page's overhead with the generator's own steps.
Budget (DESIGN.md): the longest main-thread task during background work ≤ 50 ms.

Run: ``python bench/bench_reflection_host_browser.py [--before REV] [--runs N]`` (after ``make site``);
no network needed. With ``--before``, the same matches and solo puzzles also run on a copy of the site
with the package of git revision ``REV`` (``bench/baseline.py``), in turn with today's, so the rows
before and after a change see the same load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.baseline import site_of  # noqa: E402
from bench.bench_reflection_browser import OBSERVE  # noqa: E402  (the long tasks, in window.__long)
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

RUNS = {"normal": 3, "hard": 3}
ROUNDS = 3


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)] if ordered else 0.0


def host_runs(page, preset: str, runs: int) -> tuple[list[float], list[float]]:
    """Seconds to make a match's puzzles, and every long task meanwhile."""
    seconds, tasks = [], []
    for _ in range(runs):
        form = page.locator("form[data-action=choose]")
        form.locator("select[name=players]").select_option("1")
        for name, value in {"mode": "random", "preset": preset, "rounds": ROUNDS}.items():
            # A choice may redraw the form with its options folded again: unfold before each one.
            if form.locator("details.table-options").get_attribute("open") is None:
                form.locator("details.table-options summary").click()
            form.locator(f"select[name={name}]").select_option(str(value))
        form.locator("button[type=submit]").click()
        start = time.perf_counter()
        page.click("button[data-action=start]")
        # The start itself (a new match drawn, the first time Reflection's board imported) is not the
        # background work: count from here.
        page.evaluate("window.__long = []")
        page.wait_for_selector("[data-preparing]", state="detached", timeout=600_000)
        seconds.append(time.perf_counter() - start)
        tasks += page.evaluate("window.__long")
        page.click(".host-controls button[data-action=end]")
        page.wait_for_selector(".lobby[data-phase=lobby]")
    return seconds, tasks


def solo_runs(page, preset: str, first_seed: int) -> tuple[float, list[float]]:
    """Seconds to make ``ROUNDS`` puzzles of ``preset`` on the solo screen, and every long task meanwhile."""
    tasks = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + ROUNDS):
        page.evaluate("window.__long = []")
        page.evaluate(f"location.hash = '#/reflection/solo?preset={preset}&seed={seed}'")
        page.wait_for_selector('main[data-phase="playing"] .rf-board', timeout=600_000)
        tasks += page.evaluate("window.__long")
        page.evaluate("localStorage.removeItem('gnc:reflection.progress'); location.hash = '#/'")
        page.wait_for_selector("main.home")
    return time.perf_counter() - start, tasks


def open_pages(browser, url: str) -> tuple:
    """A host page in a lobby for one player, and a solo page, both observing long tasks."""
    page = browser.new_context(service_workers="block").new_page()
    page.goto(f"{url}/?stun=none#/host?game=reflection")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    page.evaluate(OBSERVE)
    page.fill("input[name=lobby]", "Bench night")
    page.fill("input[name=name]", "Ann")
    page.select_option("form[data-action=host-setup] select[name=game]", "reflection")
    page.click("form[data-action=host-setup] button[type=submit]")
    page.wait_for_selector("main.host[data-stage=lobby]")
    solo = browser.new_context(service_workers="block").new_page()  # the same browser, used in turn
    solo.goto(f"{url}/#/")
    solo.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    solo.evaluate(OBSERVE)
    return page, solo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="also run the package of this git revision, in turn (e.g. fd81d04)")
    parser.add_argument("--runs", type=int, help="matches per preset (default 3 Normal, 3 Hard)")
    args = parser.parse_args()
    runs_of = {preset: args.runs or runs for preset, runs in RUNS.items()}
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    sites = {"after": site} if args.before else {"": site}
    if args.before:
        sites = {"before": site_of(args.before), **sites}
    print(f"({load()})")
    servers, rows = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            pages = {}
            for code, root in sites.items():
                url, server = serve_in_thread(root)
                servers.append(server)
                pages[code] = open_pages(browser, url)
            for preset, runs in runs_of.items():
                measured = {code: ([], [], [], []) for code in pages}
                for run in range(runs):  # host and solo alternate, so both see the same load
                    for code, (page, solo) in pages.items():
                        seconds, hosted, solo_seconds, alone = measured[code]
                        s, t = host_runs(page, preset, 1)
                        seconds += s
                        hosted += t
                        s2, t2 = solo_runs(solo, preset, 1 + run * ROUNDS)
                        solo_seconds.append(s2)
                        alone += t2
                rows += [(preset, code, *measured[code]) for code in pages]
            browser.close()
    finally:
        for server in servers:
            server.shutdown()
    print(f"random match of {ROUNDS} rounds made on the host page vs the same preset on the solo page:")
    print(
        f"  {'preset':7} {'code':6} {'runs':>4} {'host s':>7} {'solo s':>7}  "
        f"{'host: tasks>50ms / median / p95 / max':>38}  {'solo: tasks>50ms / median / p95 / max':>38}"
    )
    for preset, code, seconds, hosted, solo_seconds, solo in rows:

        def cell(tasks: list[float]) -> str:
            if not tasks:
                return f"{0:>5} / {'–':>6} / {'–':>6} / {'–':>6}"
            return f"{len(tasks):>5} / {statistics.median(tasks):6.0f} / {p95(tasks):6.0f} / {max(tasks):6.0f}"

        print(
            f"  {preset:7} {code:6} {len(seconds):>4} {statistics.median(seconds):7.1f}"
            f" {statistics.median(solo_seconds):7.1f}  {cell(hosted):>38}  {cell(solo):>38}"
        )
    print(f"({load()})")


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
