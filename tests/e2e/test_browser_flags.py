"""The browser the tests drive runs with Playwright's own disabled features and ours (tools/browser.py)."""

import re

from playwright.sync_api import Page

from tools.browser import DISABLED_FEATURES, playwright_disabled_features


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
