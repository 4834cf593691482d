"""Reflection's generator in steps: the longest stretch between two yields, before and after a change.

The browser runs ``generate.steps(order)`` in slices of 8–12 ms (``Work``); a slice ends only at a
yield, so the longest stretch between two yields is what a slice can overrun by, and a page task is
about a slice plus that stretch (issue 14's budget: no main-thread task over 50 ms while a host makes
a match's puzzles). For each case and seed the puzzle is made by the code of two git revisions
side by side, in turn, under the same load: CPython (two worker processes, CPU time of the process)
and headless Chromium (two pages of the built site, one running the other revision's package; wall
clock, which a loaded machine inflates; "cpu" is the page's main-thread CPU time for the whole puzzle,
from Chrome's ``ThreadTime``). Both must give the same puzzle. "gc max" is the longest pause of
Python's cycle collector while a puzzle was made: it falls inside whichever step allocated last.

Run: ``python bench/bench_reflection_steps.py [--before REV] [--seeds N] [--no-browser]`` after
``make site``; ``REV`` defaults to the commit before issue 14's pauses (fd81d04).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from bench.baseline import package_of, site_of  # noqa: E402

BEFORE = "fd81d04"
# name: (board size, tile counts (diagonal, flat, block, hole), warp cells)
CASES = {
    "normal": (8, (6, 2, 2, 0), False),
    "hard": (10, (14, 3, 3, 0), False),
    "hard+warp": (10, (14, 3, 3, 0), True),
}
# One order in, one line of JSON out: the time of the whole, of the longest step, the number of steps,
# the longest pause of Python's garbage collector (which may fall in any step), and the puzzle's
# layout. The same code runs in the worker processes and in the pages.
MEASURE = """
import gc, json, time
from gamenight.reflection.generate import Order, steps
from gamenight.reflection.puzzle import TileSet

collecting = [0.0, 0.0, time.perf_counter]  # start, longest, the clock of the measure

def timed_gc(phase, info):
    if phase == "start":
        collecting[0] = collecting[2]()
    else:
        collecting[1] = max(collecting[1], collecting[2]() - collecting[0])

gc.callbacks.append(timed_gc)

def measure(text, clock):
    size, counts, warp, seed = json.loads(text)
    work = steps(Order(size, TileSet(*counts), warp, seed))
    total = longest = 0.0
    count = 0
    collecting[1:] = [0.0, clock]
    while True:
        start = clock()
        try:
            next(work)
        except StopIteration as done:
            made = done.value
            break
        finally:
            spent = clock() - start
            total += spent
            longest = max(longest, spent)
            count += 1
    return json.dumps(
        {"ms": total * 1000, "longest": longest * 1000, "steps": count, "gc": collecting[1] * 1000,
         "layout": made.layout.rows}
    )
"""
WORKER = (
    MEASURE
    + """
import sys
for line in sys.stdin:
    print(measure(line, time.process_time), flush=True)
"""
)
PAGE = """<!doctype html><html data-app="loading"><head><meta charset="utf-8">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./pyscript.json">
import js
from pyodide.ffi import create_proxy
%s
js.window.benchOne = create_proxy(lambda text: measure(text, time.perf_counter))
js.document.documentElement.dataset.app = "ready"
</script></body></html>"""


def median(values: list[float]) -> float:
    return statistics.median(values)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


class Worker:
    """A CPython process running the package of one source tree, measuring one order at a time."""

    def __init__(self, py: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(py)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )

    def measure(self, order: list) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


def row(name: str, results: list[dict]) -> str:
    steps = [r["longest"] for r in results]
    totals = [r["ms"] for r in results]
    return (
        f"{name:>7} {median(totals):8.0f} {p95(totals):8.0f}   {median(steps):6.1f} {p95(steps):6.1f} {max(steps):6.1f}"
        f"  {median([r['steps'] for r in results]):7.0f}   {max(r['gc'] for r in results):6.1f}"
        + (f"   {median([r['cpu'] for r in results]):7.0f}" if "cpu" in results[0] else "")
    )


def report(title: str, before: dict[str, list[dict]], after: dict[str, list[dict]]) -> None:
    print(title)
    cpu = "   cpu med" if "cpu" in next(iter(before.values()))[0] else ""
    print(
        f"  {'case':10} {'code':>7} {'total ms':>8} {'p95':>8}   {'longest step med/p95/max':>20}  {'steps':>7}"
        f"   gc max{cpu}"
    )
    for case in before:
        b, a = before[case], after[case]
        print(f"  {case:10} {row('before', b)}")
        ratio = max(r["longest"] for r in b) / max(max(r["longest"] for r in a), 1e-9)
        print(f"  {'':10} {row('after', a)}   longest step max before/after {ratio:.1f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=BEFORE, help=f"the revision to compare with (default {BEFORE})")
    parser.add_argument("--seeds", type=int, default=10, help="seeds per case (default 10)")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--case", action="append", choices=tuple(CASES), help="only this case (repeatable)")
    args = parser.parse_args()
    cases = {name: CASES[name] for name in args.case or CASES}
    seeds = range(1, args.seeds + 1)
    orders = {name: [[size, counts, warp, seed] for seed in seeds] for name, (size, counts, warp) in cases.items()}
    print(f"({load()}) before = {args.before}, after = the working tree")
    old = package_of(args.before)
    try:
        workers = {"before": Worker(old / "py"), "after": Worker(ROOT / "py")}
        cpu: dict[str, dict[str, list[dict]]] = {"before": {}, "after": {}}
        for name, items in orders.items():
            for order in items:  # in turn, so both see the same load
                for code, worker in workers.items():
                    cpu[code].setdefault(name, []).append(worker.measure(order))
        for worker in workers.values():
            worker.close()
        check_same(cpu)
        report("CPython (CPU time of the process, ms):", cpu["before"], cpu["after"])
        print(f"({load()})", flush=True)
        if not args.no_browser:
            web = browser(args.before, orders)
            check_same(web)
            report("Chromium (Pyodide, wall clock, ms):", web["before"], web["after"])
            print(f"({load()})")
    finally:
        shutil.rmtree(old, ignore_errors=True)


def check_same(results: dict[str, dict[str, list[dict]]]) -> None:
    for case, made in results["before"].items():
        for b, a in zip(made, results["after"][case], strict=True):
            if b["layout"] != a["layout"]:
                raise SystemExit(f"{case}: the two revisions made different puzzles")


def thread_ms(cdp) -> float:
    """The page's main-thread CPU time so far (Chrome's ``ThreadTime`` metric), in ms."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime") * 1000


def browser(rev: str, orders: dict[str, list[list]]) -> dict[str, dict[str, list[dict]]]:
    """Every order made in two pages of headless Chromium, one per revision, in turn."""
    from playwright.sync_api import sync_playwright

    from tools.browser import launch_args
    from tools.serve import serve_in_thread

    if not (ROOT / "_site" / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    before_site = site_of(rev)
    after_site = Path(tempfile.mkdtemp(prefix="gnc-after-")) / "site"
    shutil.copytree(ROOT / "_site", after_site)
    servers, pages = [], {}
    results: dict[str, dict[str, list[dict]]] = {"before": {}, "after": {}}
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(**launch_args())
            for code, site in (("before", before_site), ("after", after_site)):
                (site / "bench-steps.html").write_text(PAGE % MEASURE)
                url, server = serve_in_thread(site)
                servers.append(server)
                page = chromium.new_context(service_workers="block").new_page()
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
                page.goto(f"{url}/bench-steps.html")
                page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=300_000)
                pages[code] = page, cdp
            for name, items in orders.items():
                for order in items:
                    for code, (page, cdp) in pages.items():
                        busy = thread_ms(cdp)
                        result = json.loads(page.evaluate("(t) => window.benchOne(t)", json.dumps(order)))
                        result["cpu"] = thread_ms(cdp) - busy
                        results[code].setdefault(name, []).append(result)
            chromium.close()
    finally:
        for server in servers:
            server.shutdown()
        shutil.rmtree(after_site.parent, ignore_errors=True)
    return results


if __name__ == "__main__":
    main()
