"""End-to-end harness: the built ``_site/`` served on a free localhost port, driven in headless Chromium.

Chromium comes from ``$CHROMIUM``, else Debian's ``/usr/bin/chromium``, else Playwright's own build.
Every page opened through ``watch`` records its requests, console errors and failed responses, and
the test fails if the page reached outside its own origin or logged an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from time import monotonic
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, Request, Response, expect
from playwright.sync_api import Error as PlaywrightError

from tools.browser import launch_args
from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
BOOT_TIMEOUT_MS = 60_000
# Per test (pytest-timeout; the unit tests' limit is in pyproject.toml): a page boot may take a minute on
# a loaded machine and a peer test waits for two boots and a connection, so a browser test gets more.
E2E_TIMEOUT_S = 300


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here) and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(E2E_TIMEOUT_S))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **launch_args()}


# No service worker in the contexts these fixtures make (``context``/``app``, ``watched_page``/``phone``,
# ``People.person``). Once a page is ready, index.html registers one, whose install downloads the whole app
# again (14 MB) into the context's Cache Storage: about 1 s of the browser's CPU behind every page of every
# test, which none of them reads (measured 2026-12-07: 0.7–1.6 s with it, 0.1–0.6 s without, in the 2 s
# after a boot). Playwright's "block" makes ``register`` a no-op that logs a warning (not an error): the
# app's catch says "offline copy unavailable", and a reload boots from the server, not from that copy.
# ``test_offline.py`` installs and reads the service worker in contexts of its own, which allow it.
NO_SERVICE_WORKER = {"service_workers": "block"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **NO_SERVICE_WORKER}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("_site/ is not built: run `make site` (make test does it for you)")
    url, server = serve_in_thread(SITE)
    yield url
    server.shutdown()


@dataclass
class PageWatch:
    """What a page did: every request URL, console errors, uncaught errors, failed responses."""

    origin: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> Page:
        page.on("request", self._on_request)
        page.on("console", self._on_console)
        page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))
        page.on("response", self._on_response)
        return page

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def foreign_requests(self) -> list[str]:
        """Requests that left the page's own origin (data: and blob: URLs stay on the page)."""
        return [
            url
            for url in self.requests
            if not url.startswith(self.origin + "/") and not url.startswith(("data:", "blob:"))
        ]

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(allowed in e for allowed in self.allowed_errors)]

    def check(self) -> None:
        assert self.requests, "the page made no request at all: was it opened?"
        assert self.foreign_requests() == [], "the page reached outside its origin"
        assert self.unexpected_errors() == [], "the page logged errors"


@pytest.fixture
def watch(site_url: str) -> PageWatch:
    return PageWatch(origin=site_url)


@pytest.fixture
def app(context: BrowserContext, watch: PageWatch) -> Iterator[Page]:
    """A fresh page, watched; the test fails afterwards on foreign requests or errors."""
    page = watch.attach(context.new_page())
    yield page
    watch.check()


# A phone: 390×844 CSS px, touch, dark (tests/e2e/test_keyboard_and_touch.py, test_reflection_touch.py).
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}


@contextmanager
def watched_page(browser: Browser, site_url: str, **options) -> Iterator[Page]:
    """A page in a browser context of its own (``options`` as ``Browser.new_context`` takes them), watched like
    ``app``'s: checked once the body passed, its context closed either way. A context closed at the end of a
    test's body stayed open when an assertion failed before it, its page's Pyodide (about 200 MB) with it,
    in the worker's browser for every later test."""
    context = browser.new_context(**{**NO_SERVICE_WORKER, **options})
    try:
        watch = PageWatch(origin=site_url)
        page = watch.attach(context.new_page())
        yield page
        watch.check()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[Page]:
    """A page on a phone, watched like ``app`` (``watched_page``: its context is closed even when the watch
    fails the test)."""
    with watched_page(browser, site_url, **PHONE) as page:
        yield page


def open_app(page: Page, site_url: str, route: str = "#/") -> Page:
    """Load the app at ``route`` and wait until Python has mounted it."""
    page.goto(f"{site_url}/{route}")
    page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.documentElement.dataset.app")
    assert state == "ready", f"boot ended in state {state!r}: {page.inner_text('#boot')}"
    return page


def resize(page: Page, width: int, height: int) -> None:
    """``page``'s window set to ``width`` × ``height`` CSS px, and the page drawn at that width: a test that takes
    several widths on one live page (docs/testing.md) must not read a layout at the width before. A phone's
    browser shows a page wider than its screen zoomed out, its window as wide as the page (``innerWidth``): a
    page that could not narrow fails here by name instead of being checked in its wider layout again. Call it
    before a check, never inside an assertion's message (evaluated only after the check failed)."""
    page.set_viewport_size({"width": width, "height": height})
    drawn = page.evaluate("window.innerWidth")
    assert drawn == width, f"the window went to {width}×{height} px but the page is drawn {drawn} px wide"


POINTER_EVENTS = ("pointerdown", "mousedown", "touchstart", "wheel")


def count_pointer_events(page: Page) -> None:
    """From now on, count the pointer events the page receives (a keyboard-only run expects none)."""
    page.evaluate(
        """(kinds) => { window.gncPointers = 0;
            for (const kind of kinds) addEventListener(kind, () => { window.gncPointers += 1; }, true); }""",
        list(POINTER_EVENTS),
    )


def pointer_events(page: Page) -> int:
    """The pointer events counted since ``count_pointer_events``."""
    return page.evaluate("window.gncPointers")


class People:
    """Browser contexts (one per person) and their watched pages; all pages are checked at the end."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.watches: list[PageWatch] = []
        self.contexts: list[BrowserContext] = []

    def person(self, **options) -> BrowserContext:
        """A new person's browser context (``options`` as ``Browser.new_context`` takes them: ``**PHONE``)."""
        context = self.browser.new_context(**{**NO_SERVICE_WORKER, **options})
        self.contexts.append(context)
        return context

    def open(self, context: BrowserContext, url: str) -> Page:
        return self.ready(self.visit(context, url))

    def visit(self, context: BrowserContext, url: str) -> Page:
        """A watched page of ``context`` gone to ``url`` (its document loaded), its app still booting: the test may
        do something else meanwhile (a guest opens the link while the others play), then wait with ``ready``."""
        watch = PageWatch(origin=self.site_url)
        self.watches.append(watch)
        page = watch.attach(context.new_page())
        page.goto(url)
        return page

    @staticmethod
    def ready(page: Page) -> Page:
        """``page`` once its app has booted (``visit``)."""
        page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.app") == "ready"
        return page

    def check(self) -> None:
        for watch in self.watches:
            watch.check()


@pytest.fixture
def people(browser: Browser, site_url: str) -> Iterator[People]:
    """People in their own browser contexts; every page they opened is checked at the end."""
    crowd = People(browser, site_url)
    try:
        yield crowd
        crowd.check()
    finally:  # as ``phone``'s: a failed check left every person's context open in the worker's browser
        for context in crowd.contexts:
            context.close()


# An init script that records every stage label the loading screen shows, from the first paint on
# (``window.__stages``; the label the HTML parser painted first included).
RECORD_STAGES = """
    window.__stages = [];
    new MutationObserver((records) => {
        for (const record of records) {
            if (record.target.id !== 'boot-stage') continue;
            for (const node of record.addedNodes) window.__stages.push(node.textContent);
        }
    }).observe(document, {subtree: true, childList: true});
"""


def assert_in_window(page: Page, parts: tuple[str, ...]) -> None:
    """Each of ``parts`` (selectors) lies whole inside the window as it is scrolled now."""
    height = page.viewport_size["height"] if page.viewport_size else 0
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box)


def hovered(page: Page, selector: str) -> None:
    """Keep ``selector`` in :hover, as a touch browser keeps the element a finger last tapped (which
    comes and goes with how the page redraws under the tap: DevTools' forced state holds it)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["hover"]})


def watch_board_top(page: Page, board: str) -> None:
    """From now on, record in ``window.boardTops`` the top of ``board`` at every change of the page (each
    step of a replay too), with the status line and the replayed step of that moment."""
    page.evaluate(
        """(selector) => {
  window.boardTops = [];
  new MutationObserver(() => {
    const board = document.querySelector(selector), status = document.querySelector('.match-status');
    const main = document.querySelector('.match-main');
    if (!board || !status || !main) return;
    window.boardTops.push([Math.round(board.getBoundingClientRect().top + scrollY), status.textContent,
                           main.dataset.replay || '']);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}""",
        board,
    )


# The page shows a Light Seeker turn made elsewhere step by step (``.match-main[data-replay]``), or is past it:
# its status line says ``then`` (a status line is not shown during a replay, ui/match.py ``view``).
_REPLAY_OR = """(then) => {
  const main = document.querySelector('.match-main'), status = document.querySelector('.match-status');
  return Boolean(main && main.dataset.replay) || Boolean(status && status.textContent.includes(then));
}"""
# A point of the valley where a press skips a playback and, should the playback end just before it, takes no cube:
# the board itself (its ``data-action`` "board", the open floor around the cells), else a cell of the frame's
# outer ring. The board draws the cubes' box with a margin of one cell (``scene.frame``), so no cube ever stands
# on that ring; a click there moves only the keyboard's cursor (a watcher's page says it is not their turn). A
# valley whose frame is square and 6 cells or more (cubes spread over 4 × 4, a few turns in) fills the whole
# board with cells: it has no open floor at all, which is what the skip met twice in CI. The bottom margin
# first, where a touch screen's "Tap the board to skip" stands (it lets taps through to the board), then the
# other edges, then a grid over the board: a spot in the window that no cube, arrow, pill or note covers.
_SKIP_SPOT = """() => {
  const board = document.querySelector('.ls-board'), box = board.getBoundingClientRect();
  const cells = [...board.querySelectorAll('.ls-cell')], rows = cells.map(c => +c.dataset.r);
  const cols = cells.map(c => +c.dataset.c);
  const ring = (cell) => [Math.min(...rows), Math.max(...rows)].includes(+cell.dataset.r)
      || [Math.min(...cols), Math.max(...cols)].includes(+cell.dataset.c);
  const spots = [[.5, .985], [.015, .985], [.985, .985], [.015, .015], [.985, .015], [.5, .015]];
  for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) spots.push([i / 20, j / 20]);
  let onRing = null;
  for (const [fx, fy] of spots) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y)?.closest('[data-action]');
    const spot = {x: box.width * fx, y: box.height * fy};
    if (hit === board) return spot;
    if (!onRing && hit && hit.dataset.action === 'ls-cell' && board.contains(hit) && ring(hit)) onRing = spot;
  }
  return onRing;
}"""


def skip_replay(page: Page, then: str) -> None:
    """The person at ``page`` skips the playback of a Light Seeker turn made elsewhere, as the page offers
    ("a click or a key skips it", "Tap the board to skip"): a click, or a tap on a touch screen, on the
    valley while it plays (0.6 s a step, ui/match.py ``STEP_MS``), which shows the position at once; the caller
    then waits for ``then`` in the status line as before. Waits first until the turn has reached the page: it
    is playing, or already past (the status says ``then``; a press then is not made). The press lands on the
    open floor, or where a valley has none on a cell of its outer ring (``_SKIP_SPOT``): it takes no cube, so
    should the playback end just before it, it chooses nothing."""
    page.wait_for_function(_REPLAY_OR, arg=then, timeout=60_000)
    board = page.locator(".ls-board")
    if not page.locator(".match-main[data-replay]").count():
        return
    board.evaluate("b => b.scrollIntoView({block: 'center'})")
    spot = page.evaluate(_SKIP_SPOT)
    assert spot is not None, "no open floor nor cell of the valley's outer ring in the window to press"
    if page.evaluate("navigator.maxTouchPoints > 0"):  # a phone (``has_touch``): a finger's tap
        board.tap(position=spot)
    else:
        board.click(position=spot)


# The page's document changed (a MutationObserver's batches: nodes, text, attributes) since this last said so,
# or ``first``: a call that sets the count it is compared with. A reload's document is another one: changed.
_CHANGED = """(first) => {
  let changes = window.__gncChanges;
  if (!changes) {
    changes = window.__gncChanges = {count: 0, seen: -1};
    new MutationObserver(() => { changes.count += 1; })
      .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  }
  if (!first && changes.count === changes.seen) return false;
  changes.seen = changes.count;
  return true;
}"""
# No wait for a change lasts longer than ``expect``'s own polls: what the observer cannot see (a layout's
# change), or a page whose animation frames a paused ``clock`` holds, is seen as late as ``expect`` saw it.
_CHANGE_WAIT_MS = 500


class Soon:
    """``expect(locator, message)`` whose assertions are checked again as soon as the page changes:
    ``soon(page.locator("#match-news")).to_contain_text("places a", timeout=CONNECT_MS)`` reads as ``expect``'s
    and fails as it does, with what the page showed instead (the error notes the wait). ``expect`` checks again
    20, 50, 100 and 100 ms apart, then every 500 ms (Playwright 1.65's ``retryWithProgressAndBackoff``): what
    came after a computer's thinking, a playback or a round trip over a peer link was seen up to half a second
    after it came, at each turn of a walk. Here each check is ``expect``'s own with a 1 ms timeout (one look),
    and between two checks the page's document is watched (``_CHANGED``, a MutationObserver, read on each
    animation frame): the next check follows the change that may have brought the text, whatever the locator
    or assertion (text, count, its absence, an attribute, visibility)."""

    def __init__(self, locator: Locator, message: str | None = None) -> None:
        self.locator, self.message = locator, message

    def __getattr__(self, name: str) -> Callable[..., None]:
        check = getattr(expect(self.locator, self.message), name)
        page = self.locator.page

        def checked(*args: Any, timeout: float = 5_000, **options: Any) -> None:
            deadline = monotonic() + timeout / 1000
            with suppress(PlaywrightError):  # a reload destroyed the context: look again
                page.evaluate(_CHANGED, True)
            while True:
                try:
                    check(*args, timeout=1, **options)
                    return
                except AssertionError as error:
                    left_ms = (deadline - monotonic()) * 1000
                    if left_ms <= 0:
                        error.add_note(f"(waited {timeout:.0f} ms, checked again at each change of the page)")
                        raise
                # Until the first animation frame after a change (a change between the last look and the check
                # is one too); Playwright's own timeout, not the page's timers, ends a wait for nothing.
                with suppress(PlaywrightError):
                    page.wait_for_function(_CHANGED, arg=False, timeout=min(left_ms, _CHANGE_WAIT_MS))

        return checked


def soon(locator: Locator, message: str | None = None) -> Soon:
    """``expect(locator)`` that sees what it waits for as soon as the page shows it (``Soon``)."""
    return Soon(locator, message)


def status_says(page: Page, text: str, timeout: float = 5_000) -> None:
    """The match's status line says ``text``: ``soon(page.locator(".match-status")).to_contain_text(text)``,
    for the long walks' turns (each turn a wait for the words that name whose it is)."""
    soon(page.locator(".match-status")).to_contain_text(text, timeout=timeout)
