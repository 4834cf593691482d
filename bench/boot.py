"""Cold-load benchmark: the app's home page against a bare PyScript "hello" page on the same runtime.

Both pages are loaded alternately in one browser run, each in a fresh browser context (empty cache),
several times; the medians and their ratio are printed. Budget (DESIGN.md): the app is interactive
within 1.25 × the hello page, and the static loading screen paints in under 200 ms.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

HELLO_HTML = """<!doctype html><html data-app="loading"><head><meta charset="utf-8">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./hello.json">
import js
js.document.body.textContent = "hello"
js.document.documentElement.dataset.app = "ready"
</script></body></html>"""
HELLO_CONFIG = '{"interpreter": "./vendor/pyodide/pyodide.mjs"}'
FIRST_PAINT = "performance.getEntriesByType('paint').find(e => e.name === 'first-paint')?.startTime ?? null"


def bench_root(site: Path) -> Path:
    """A copy of the built site plus the hello page (kept out of _site/, which is what ships)."""
    root = Path(tempfile.mkdtemp(prefix="gnc-bench-"))
    shutil.copytree(site, root / "site")
    (root / "site" / "hello.html").write_text(HELLO_HTML)
    (root / "site" / "hello.json").write_text(HELLO_CONFIG)
    return root / "site"


def cold_load(browser: Browser, url: str) -> tuple[float, float]:
    """Milliseconds from navigation to ``data-app=ready``, and to the first paint."""
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000, polling=10)
    ready_ms = (time.perf_counter() - start) * 1000
    paint_ms = page.evaluate(FIRST_PAINT)
    context.close()
    return ready_ms, paint_ms


def main(rounds: int = 7) -> dict[str, float]:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    root = bench_root(site)
    url, server = serve_in_thread(root)
    app_ms, hello_ms, app_paint = [], [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            cold_load(browser, f"{url}/hello.html")  # warm the OS file cache, not measured
            for _ in range(rounds):
                ms, _paint = cold_load(browser, f"{url}/hello.html")
                hello_ms.append(ms)
                ms, paint = cold_load(browser, f"{url}/index.html")
                app_ms.append(ms)
                app_paint.append(paint)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(root.parent, ignore_errors=True)
    result = {
        "hello_median_ms": statistics.median(hello_ms),
        "app_median_ms": statistics.median(app_ms),
        "ratio": statistics.median(app_ms) / statistics.median(hello_ms),
        "app_first_paint_median_ms": statistics.median(app_paint),
    }
    print(f"cold load, {rounds} alternating rounds, fresh context each (ms):")
    print(f"  hello page  {' '.join(f'{x:6.0f}' for x in hello_ms)}   median {result['hello_median_ms']:.0f}")
    print(f"  app (home)  {' '.join(f'{x:6.0f}' for x in app_ms)}   median {result['app_median_ms']:.0f}")
    print(f"  ratio app/hello = {result['ratio']:.2f}   (budget ≤ 1.25)")
    print(f"  app first paint median {result['app_first_paint_median_ms']:.0f} ms   (budget < 200)")
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
