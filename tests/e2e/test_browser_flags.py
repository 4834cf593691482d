"""The browser the tests drive runs with Playwright's own disabled features and ours (tools/browser.py)."""

import re

from playwright.sync_api import Error, Page, Playwright

from tests.e2e.conftest import open_app
from tools.browser import DISABLED_FEATURES, launch_args, playwright_disabled_features

# What a browser session that draws Chromium's in-process heap profiler runs with, made certain and frequent:
# every session and every renderer profiled, a sample every 1000 bytes allocated (the default is megabytes).
# This one ``--enable-features`` replaces Playwright's own (a screenshot setting this test does not use).
HEAP_PROFILER_DRAWN = (
    "--enable-features=HeapProfilerReporting:stable-probability/1.0/nonstable-probability/1.0"
    "/renderer-prob-pct/100/renderer-sampling-rate-bytes/1000"
)


def test_the_browser_keeps_playwright_s_disabled_features_and_ours_in_one_switch(page: Page):
    """Chromium keeps only the last copy of a switch: a second ``--disable-features`` (ours, for WebRTC host
    candidates) after Playwright's dropped its whole list. One switch now holds both lists, and Chromium's
    own page shows the browser launched with it alone."""
    page.goto("chrome://version")
    line = page.locator("#command_line").inner_text()
    switches = re.findall(r"--disable-features=(\S*)", line)
    assert len(switches) == 1, switches
    theirs = playwright_disabled_features()
    assert theirs and set(switches[0].split(",")) == {*theirs, *DISABLED_FEATURES}, switches


def test_a_browser_session_that_draws_chromium_s_heap_profiler_boots_the_app_without_a_crash(
    playwright: Playwright, site_url: str
):
    """Chromium's heap profiler walks the stack of each sampled allocation past the top of the WebAssembly
    stack Pyodide runs Python on, and the renderer dies ("Target crashed"): with it on, 5 of 6 boots crashed.
    tools/browser.py turns the profiler off (a disabled feature outweighs an enabled one), so the same
    session boots every page."""
    launch = launch_args()
    launch["args"].append(HEAP_PROFILER_DRAWN)
    browser = playwright.chromium.launch(**launch)
    crashed = []
    try:
        for route in ("#/reflection/solo", "#/", "#/raythread/table?vs=normal"):
            context = browser.new_context()
            try:
                open_app(context.new_page(), site_url, route)
            except Error as error:
                crashed.append((route, error.message))
            context.close()
    finally:
        browser.close()
    assert crashed == []
