"""Boot benchmark: the app's home page against a bare PyScript "hello" page on the same runtime, cold
and warm, with where the time goes.

- **Cold**: each load in a fresh browser context (empty HTTP cache, no service worker), the hello
  page and the app alternately, several rounds.
- **Warm**: a real browser profile that visited the app once (the service worker saved it); each
  round opens the app in a new tab, served from the service worker's cache. The server's log shows
  what a warm start downloaded (only the browser's look at ``sw.js`` for a new version is expected).
- **Stock runtime**: the hello page once more on Pyodide as npm ships it (its standard library as
  sources; ours is precompiled by ``tools/vendor.py``), to show what the precompilation saves.
- **Other pages** (``--page NAME=FILE``, any number): another ``index.html`` (say, main's build) on
  this build's files, cold, in the same rounds: a change to the page compared side by side.
- **A memory snapshot** (``--snapshot``, an experiment: nothing ships it): the app on this build, its
  interpreter restored from a gzipped Pyodide memory snapshot made by ``bench/snapshot.mjs`` instead
  of started (docs/performance.md, "Boot": level with hello or a little under, at the price of ~4.9 MB
  more to download). It slows the app's own loads in the same rounds: compare it with hello.
- **Without PyScript** (``--direct``, an experiment: nothing ships it): the app's page with PyScript's
  script, config and preloads replaced by a module that calls Pyodide's public ``loadPyodide``, writes
  the config's ``files`` into the working folder and runs ``py/main.py`` (none of our Python imports
  ``pyscript``); and a bare hello page on Pyodide alone, the fair reference for it.
- **Phases** (medians), from the ``gnc:`` performance marks (``index.html`` marks PyScript's
  progress events, ``py/main.py`` our imports and first render) and resource timing.

Budgets (DESIGN.md, issue 17): cold ≤ 1.05 × hello; warm median ≤ 2.5 s and ≤ 0.8 × cold; the static
loading screen paints in < 200 ms. Timings are medians with p90 and p95; the machine's load is printed, since
other jobs share its two cores. Each load's CPU time (every Chromium process, from the navigation to
``ready``; Linux ``/proc``) is printed too: on a busy machine it varies far less than the wall time.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

from bench.stats import median_interval  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import Handler  # noqa: E402

# The bare page: PyScript on the same vendored runtime, plus the same progress marks as ours (one line
# of JavaScript, and the mark at the start of its Python, as py/main.py has).
HELLO_HTML = """<!doctype html><html data-app="loading"><head><meta charset="utf-8">
<script>addEventListener("py:progress", e => performance.mark("gnc:" + e.detail));</script>
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./hello.json">
import js
js.performance.mark("gnc:main")
js.document.body.textContent = "hello"
js.document.documentElement.dataset.app = "ready"
</script></body></html>"""
HELLO_CONFIG = '{"interpreter": "./vendor/pyodide/pyodide.mjs"}'
STOCK_CONFIG = '{"interpreter": "./stock/pyodide/pyodide.mjs"}'
READY = "document.documentElement.dataset.app === 'ready'"
MEASURE = """() => {
  const marks = Object.fromEntries(performance.getEntriesByType("mark").map(m => [m.name, m.startTime]));
  const paint = performance.getEntriesByType("paint").find(e => e.name === "first-paint");
  const runtime = performance.getEntriesByType("resource")
    .filter(r => /pyodide\\.asm\\.(wasm|mjs)$|python_stdlib\\.zip$/.test(r.name));
  return {marks, paint: paint ? paint.startTime : null, runtimeEnd: Math.max(0, ...runtime.map(r => r.responseEnd))};
}"""
# (name, start mark, end mark): the boot's phases in order.
PHASES = (
    ("page and PyScript's core", None, "gnc:Loading Pyodide"),
    ("runtime: download + wasm compile + Python start", "gnc:Loading interpreter", "gnc:Loaded interpreter"),
    ("  of which the runtime's download", "gnc:Loading interpreter", "runtimeEnd"),
    ("our files (config 'files')", "gnc:Loading files", "gnc:Loaded files"),
    ("PyScript hands over to main.py", "gnc:Loaded Pyodide", "gnc:main"),
    ("our imports", "gnc:main", "gnc:imported"),
    ("first render (shell, home page)", "gnc:imported", "gnc:rendered"),
)


def cpu_ticks() -> dict[int, int]:
    """CPU time (clock ticks) of each process below this one but Playwright's driver (Node), by pid."""
    children: dict[int, list[tuple[int, str, list[str]]]] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append((int(entry), name, fields))
    ticks, todo = {}, [os.getpid()]
    while todo:
        for pid, name, fields in children.get(todo.pop(), []):
            todo.append(pid)
            if name != "node":
                ticks[pid] = int(fields[11]) + int(fields[12])  # utime + stime
    return ticks


def cpu_ms(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU milliseconds spent between two ``cpu_ticks`` (a process that started meanwhile counts whole)."""
    return sum(max(0, t - before.get(pid, 0)) for pid, t in after.items()) * 1000 / os.sysconf("SC_CLK_TCK")


class LoggingHandler(Handler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.answered.append((self.path.split("?")[0], int(code)))


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # A tab closed while a response was on its way (the loads end at ``ready``, not at the last byte).
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(root: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    server = Server(("127.0.0.1", 0), functools.partial(LoggingHandler, directory=str(root)))
    server.answered = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


# The --snapshot page's interpreter: Pyodide's loadPyodide, given the snapshot to restore.
SNAPSHOT_MODULE = """import { loadPyodide as load, version } from "./pyodide.mjs";
export { version };
export function loadPyodide(options) {
  const snapshot = fetch(new URL("./snapshot.bin.gz", import.meta.url))
    .then(r => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  return load({ ...options, _loadSnapshot: snapshot });
}
"""


def add_snapshot_page(site: Path) -> None:
    """Write the snapshot, its loader and a copy of the app page starting from it into ``site``."""
    pyodide = site / "vendor" / "pyodide"
    node = ["node", str(ROOT / "bench" / "snapshot.mjs"), str(pyodide), str(pyodide / "snapshot.bin.gz")]
    print(subprocess.run(node, check=True, capture_output=True, text=True).stdout.strip().split(": ")[-1])
    (pyodide / "snapshot.mjs").write_text(SNAPSHOT_MODULE)
    config = json.loads((site / "pyscript.json").read_text())
    (site / "snapshot.json").write_text(json.dumps({**config, "interpreter": "./vendor/pyodide/snapshot.mjs"}))
    page = (site / "index.html").read_text()
    if page.count('config="./pyscript.json"') != 1:
        raise SystemExit("index.html no longer names ./pyscript.json once: update add_snapshot_page")
    (site / "page-snapshot.html").write_text(page.replace('config="./pyscript.json"', 'config="./snapshot.json"'))


# The --direct pages: Pyodide started by its own loader, with the stages PyScript would report.
DIRECT_LOADER = """<script type="module">
    import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
    const stage = (name) => dispatchEvent(new CustomEvent("py:progress", { detail: name }));
    const bytes = (url) => fetch(url).then((r) => {
      if (!r.ok) throw new Error("Could not load " + url);
      return r.arrayBuffer();
    });
    stage("Loading Pyodide");
    const FILES = %(files)s;
    const files = Promise.all(Object.keys(FILES).map(bytes));
    const main = %(main)s;
    stage("Loading interpreter");
    const py = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", location.href).href });
    stage("Loaded interpreter");
    stage("Loading files");
    (await files).forEach((data, i) => {
      const to = Object.values(FILES)[i];
      py.FS.mkdirTree(to.split("/").slice(0, -1).join("/") || ".");
      py.FS.writeFile(to, new Uint8Array(data));
    });
    const source = main && await fetch(main).then((r) => r.text());
    stage("Loaded files");
    stage("Loaded Pyodide");
    await py.runPythonAsync(source || %(inline)s);
  </script>"""
PYODIDE_HELLO_SOURCE = """import js
js.performance.mark("gnc:main")
js.document.body.textContent = "hello"
js.document.documentElement.dataset.app = "ready"
"""


def direct_loader(files: dict[str, str], main: str | None, inline: str = "") -> str:
    """The module that starts Pyodide without PyScript: ``files`` (URL → path in the working folder, as
    PyScript's config), then the Python at URL ``main``, or ``inline``."""
    return DIRECT_LOADER % {"files": json.dumps(files), "main": json.dumps(main), "inline": json.dumps(inline)}


def direct_page(page: str, config: dict) -> str:
    """The app's ``index.html`` started by Pyodide's own loader instead of PyScript (``--direct``)."""
    lines = page.split("\n")
    kept = [
        line
        for line in lines
        if not line.lstrip().startswith(('["modulepreload", "./vendor/pyscript/', '["preload", "./pyscript.json"]'))
    ]
    if len(lines) - len(kept) < 2:
        raise SystemExit("index.html no longer preloads PyScript's files: update direct_page")
    page = "\n".join(kept)
    core = '<script type="module" src="./vendor/pyscript/core.js"></script>'
    entry = '<script type="py" src="./py/main.py" config="./pyscript.json"></script>'
    if page.count(core) != 1 or page.count(entry) != 1:
        raise SystemExit("index.html no longer starts PyScript as direct_page expects: update it")
    files = config.get("files", {})
    preloads = "".join(f',\n        ["preload", {json.dumps(url)}]' for url in files if url != "./py/gamenight.zip")
    page = page.replace('["preload", "./py/main.py"]', '["preload", "./py/main.py"]' + preloads)
    return page.replace(core, direct_loader(files, "./py/main.py")).replace(entry, "")


def add_direct_pages(site: Path) -> None:
    """Write ``page-direct.html`` (the app without PyScript) and ``page-pyodide-hello.html``."""
    config = json.loads((site / "pyscript.json").read_text())
    (site / "page-direct.html").write_text(direct_page((site / "index.html").read_text(), config))
    head = HELLO_HTML.split('<script type="module"')[0]  # the page's start and its progress marks
    hello = head + direct_loader({}, None, PYODIDE_HELLO_SOURCE) + "</head><body></body></html>"
    (site / "page-pyodide-hello.html").write_text(hello)


def bench_root(site: Path, pages: dict[str, Path] | None = None) -> Path:
    """A copy of the built site plus the hello page and ``pages`` as ``page-NAME.html`` (kept out of
    _site/, which is what ships)."""
    root = Path(tempfile.mkdtemp(prefix="gnc-bench-"))
    shutil.copytree(site, root / "site")
    for name, page in (pages or {}).items():
        shutil.copy2(page, root / "site" / f"page-{name}.html")
    (root / "site" / "hello.html").write_text(HELLO_HTML)
    (root / "site" / "hello.json").write_text(HELLO_CONFIG)
    # The same page on the stock runtime: Pyodide's standard library as npm ships it.
    shutil.copytree(site / "vendor" / "pyodide", root / "site" / "stock" / "pyodide")
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", root / "site" / "stock" / "pyodide")
    (root / "site" / "hello-stock.html").write_text(HELLO_HTML.replace("./hello.json", "./hello-stock.json"))
    (root / "site" / "hello-stock.json").write_text(STOCK_CONFIG)
    return root / "site"


def load(context: BrowserContext, url: str) -> dict:
    """Open ``url`` in a new tab of ``context``: ms to ``data-app=ready``, first paint, marks."""
    page = context.new_page()
    ticks = cpu_ticks()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000, polling=10)
    ready_ms = (time.perf_counter() - start) * 1000
    cpu = cpu_ms(ticks, cpu_ticks())
    measured = page.evaluate(MEASURE)
    page.close()
    return {"ready": ready_ms, "cpu": cpu, **measured}


def cold_load(browser: Browser, url: str) -> dict:
    context = browser.new_context()
    try:
        return load(context, url)
    finally:
        context.close()


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile, nearest rank: the ceil(q·n/100)-th smallest (with 15 runs p90 is the second
    worst and p95 the worst)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def phase_ms(run: dict, start: str | None, end: str) -> float | None:
    marks = {**run["marks"], "runtimeEnd": run["runtimeEnd"]}
    if end not in marks or (start is not None and start not in marks):
        return None
    return marks[end] - (marks[start] if start else 0.0)


def summary(label: str, values: list[float]) -> str:
    runs = " ".join(f"{v:6.0f}" for v in values)
    tail = f"p90 {percentile(values, 90):6.0f}  p95 {percentile(values, 95):6.0f}"
    return f"  {label:<22} {runs}   median {statistics.median(values):6.0f}  {tail}"


def print_phases(series: dict[str, list[dict]]) -> None:
    names = list(series)
    print(f"\nphases, medians (ms)        {'  '.join(f'{n:>10}' for n in names)}")
    for title, start, end in PHASES:
        cells = []
        for name in names:
            values = [v for v in (phase_ms(run, start, end) for run in series[name]) if v is not None]
            cells.append(f"{statistics.median(values):10.0f}" if values else f"{'–':>10}")
        print(f"  {title:<48}{'  '.join(cells)}")


def main(
    rounds: int = 7, pages: dict[str, Path] | None = None, snapshot: bool = False, direct: bool = False
) -> dict[str, float]:
    site = ROOT / "_site"
    if not (site / "sw.js").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    pages = pages or {}
    root = bench_root(site, pages)
    cold_pages: dict[str, list[dict]] = {name: [] for name in pages}
    if snapshot:
        add_snapshot_page(root)
        cold_pages["snapshot"] = []
    if direct:
        add_direct_pages(root)
        cold_pages["pyodide-hello"] = []
        cold_pages["direct"] = []
    url, server = serve(root)
    cold_hello: list[dict] = []
    cold_stock: list[dict] = []
    cold_app: list[dict] = []
    warm_app: list[dict] = []
    warm_downloads: set[str] = set()
    print(f"load before: {os.getloadavg()[0]:.1f} (1-min average, 2 cores)")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            profile = playwright.chromium.launch_persistent_context(tempfile.mkdtemp(dir=root.parent), **launch_args())
            cold_load(browser, f"{url}/hello.html")  # warm the OS file cache, not measured
            # The player's first visit: the service worker saves the app in the background.
            first = profile.new_page()
            first.goto(f"{url}/index.html")
            first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
            first.close()
            for _ in range(rounds):
                cold_hello.append(cold_load(browser, f"{url}/hello.html"))
                cold_stock.append(cold_load(browser, f"{url}/hello-stock.html"))
                cold_app.append(cold_load(browser, f"{url}/index.html"))
                for name, runs in cold_pages.items():
                    runs.append(cold_load(browser, f"{url}/page-{name}.html"))
                server.answered.clear()
                warm_app.append(load(profile, f"{url}/index.html"))
                warm_downloads |= {path for path, code in server.answered if code == 200}
            profile.close()
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(root.parent, ignore_errors=True)
    load_after = os.getloadavg()[0]
    hello = [r["ready"] for r in cold_hello]
    stock = [r["ready"] for r in cold_stock]
    cold = [r["ready"] for r in cold_app]
    warm = [r["ready"] for r in warm_app]
    result = {
        "hello_median_ms": statistics.median(hello),
        "stock_hello_median_ms": statistics.median(stock),
        "cold_median_ms": statistics.median(cold),
        "warm_median_ms": statistics.median(warm),
        "cold_ratio": statistics.median(cold) / statistics.median(hello),
        "warm_ratio": statistics.median(warm) / statistics.median(cold),
        "cold_paint_median_ms": statistics.median(r["paint"] for r in cold_app),
        "warm_paint_median_ms": statistics.median(r["paint"] for r in warm_app),
    }
    print(f"boot to a usable page, {rounds} alternating rounds (ms); load after: {load_after:.1f}")
    print(summary("hello, cold", hello))
    print(summary("hello, stock runtime", stock))
    print(summary("app, cold", cold))
    print(summary("app, warm (SW cache)", warm))
    for name, runs in cold_pages.items():
        values = [r["ready"] for r in runs]
        ratio = statistics.median(values) / statistics.median(hello)
        cpu = statistics.median(r["cpu"] for r in runs) / statistics.median(r["cpu"] for r in cold_hello)
        print(f"{summary(f'page {name}, cold', values)}   / hello {ratio:.2f} (CPU {cpu:.2f})")
        result[f"page_{name}_ratio"] = ratio
    print(f"  cold ratio app/hello = {result['cold_ratio']:.2f}   (budget ≤ 1.05)")
    print("  each round's ratio to that round's hello: median [lowest, highest], 95% interval of the median")
    for name, runs in (("app", cold_app), *((f"page {name}", runs) for name, runs in cold_pages.items())):
        paired = sorted(r["ready"] / h for r, h in zip(runs, hello, strict=True))
        low, high = median_interval(paired)
        print(
            f"    {name:<20} {statistics.median(paired):.2f} [{paired[0]:.2f}, {paired[-1]:.2f}], "
            f"median within [{low:.2f}, {high:.2f}]"
        )
        key = name.replace(" ", "_")
        result[f"{key}_round_ratio_low"], result[f"{key}_round_ratio_high"] = low, high
    warm_line = f"  warm median {result['warm_median_ms']:.0f} ms (budget ≤ 2500)"
    print(f"{warm_line}, warm/cold = {result['warm_ratio']:.2f} (budget ≤ 0.8)")
    print(
        f"  first paint median: cold {result['cold_paint_median_ms']:.0f} ms, "
        f"warm {result['warm_paint_median_ms']:.0f} ms   (budget < 200)"
    )
    print("CPU time of the browser from navigation to ready (ms)")
    for label, runs in (("hello, cold", cold_hello), ("app, cold", cold_app), ("app, warm (SW cache)", warm_app)):
        print(summary(label, [r["cpu"] for r in runs]))
    cpu_ratio = statistics.median(r["cpu"] for r in cold_app) / statistics.median(r["cpu"] for r in cold_hello)
    result["cold_cpu_ratio"] = cpu_ratio
    print(f"  cold CPU ratio app/hello = {cpu_ratio:.2f}")
    print(f"  downloaded by the warm starts: {sorted(warm_downloads) or 'nothing'}")
    print(f"  app cold / hello on the stock runtime = {statistics.median(cold) / statistics.median(stock):.2f}")
    series = {"stock hello": cold_stock, "hello cold": cold_hello, "app cold": cold_app}
    series.update({f"{name} cold"[:10]: runs for name, runs in cold_pages.items()})
    print_phases({**series, "app warm": warm_app})
    return result


def page_option(text: str) -> tuple[str, Path]:
    name, _, path = text.partition("=")
    if not name or not Path(path).is_file():
        raise argparse.ArgumentTypeError(f"expected NAME=FILE (an index.html), got {text!r}")
    return name, Path(path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=7)
    parser.add_argument("--page", action="append", type=page_option, default=[], metavar="NAME=FILE")
    parser.add_argument("--snapshot", action="store_true", help="also the app restored from a memory snapshot")
    parser.add_argument("--direct", action="store_true", help="also the app and hello started without PyScript")
    args = parser.parse_args()
    main(args.rounds, dict(args.page), args.snapshot, args.direct)
