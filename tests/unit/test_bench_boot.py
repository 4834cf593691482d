"""The boot benchmark's experimental pages: they must be the app's page, started another way."""

from pathlib import Path

import pytest

from bench.boot import direct_page

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
