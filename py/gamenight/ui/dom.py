"""The browser side of the UI: the only module here that touches the page (via ``js``).

It puts an element tree on the page with one ``innerHTML`` assignment, and reports boot progress
to the static loading screen in ``index.html``.
"""

from __future__ import annotations

from collections.abc import Callable

import js  # Pyodide's bridge to the page: browser-only by design
from pyodide.ffi import create_proxy

from gamenight.ui.svg import Element, render

_listeners: list = []  # proxies must stay alive as long as the listeners they back


def mount(element_id: str, tree: Element) -> None:
    """Replace the content of ``#element_id`` with ``tree`` in a single DOM call."""
    js.document.getElementById(element_id).innerHTML = render(tree)


def location_hash() -> str:
    return str(js.location.hash)


def set_title(text: str) -> None:
    js.document.title = text


def on_hash_change(callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever the URL's hash changes (navigation and back/forward)."""
    proxy = create_proxy(lambda _event: callback())
    _listeners.append(proxy)
    js.window.addEventListener("hashchange", proxy)


def boot_progress(percent: int, text: str) -> None:
    """Move the static loading screen's progress bar (a no-op once the app is shown)."""
    js.window.gncBoot.progress(percent, text)


def show_app() -> None:
    """Swap the loading screen for the app and mark the page ready (tests and benchmarks wait for it)."""
    js.document.getElementById("boot").remove()
    js.document.getElementById("app").hidden = False
    js.document.documentElement.dataset.app = "ready"
