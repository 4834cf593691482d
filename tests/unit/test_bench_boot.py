"""The boot benchmark's experimental pages: they must be the app's page, started another way."""

from pathlib import Path

import pytest

from bench.boot import direct_page, percentile, summary

ROOT = Path(__file__).resolve().parents[2]
FILES = {"./py/gamenight.zip": "./gamenight.zip", "./vendor/wheels/w.whl": "./wheels/w.whl"}


def test_the_page_without_pyscript_keeps_the_app_page_and_starts_pyodide_itself():
    page = (ROOT / "index.html").read_text()
    direct = direct_page(page, {"files": FILES})
    assert "./vendor/pyscript/" not in direct
    assert 'type="py"' not in direct and "pyscript.json" not in direct
    assert 'import { loadPyodide } from "./vendor/pyodide/pyodide.mjs"' in direct
    assert '["preload", "./vendor/wheels/w.whl"]' in direct  # the config's files are preloaded, as before
    assert '"./vendor/wheels/w.whl": "./wheels/w.whl"' in direct  # and written where PyScript put them
    assert 'const main = "./py/main.py"' in direct
    # Everything else is the app's page: the loading screen, its progress and the renderer.
    for part in ('<main id="boot"', 'addEventListener("py:progress"', "window.gncRender", '<div id="app" hidden>'):
        assert direct.count(part) == page.count(part) > 0


def test_a_page_that_no_longer_starts_pyscript_as_expected_stops_the_bench():
    page = (ROOT / "index.html").read_text().replace('config="./pyscript.json"', 'config="./other.json"')
    with pytest.raises(SystemExit, match="direct_page"):
        direct_page(page, {"files": FILES})


def test_percentiles_are_nearest_rank():
    """p of n ordered timings is the ceil(p·n)-th: with 20 runs p95 is the second worst, not the worst."""
    twenty = [float(v) for v in range(20, 0, -1)]
    assert percentile(twenty, 95) == 19
    assert percentile(twenty, 90) == 18
    assert percentile([float(v) for v in range(1, 11)], 90) == 9
    assert percentile([float(v) for v in range(1, 16)], 90) == 14
    assert percentile([float(v) for v in range(1, 16)], 95) == 15
    assert percentile([7.0], 95) == 7


def test_each_row_gives_the_median_p90_and_p95():
    row = summary("app, cold", [float(v) for v in range(1, 21)])
    assert row.split()[-6:] == ["median", "10", "p90", "18", "p95", "19"]
