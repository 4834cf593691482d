"""The browser shell: the only UI module that touches the page (through Pyodide's ``js``).

It runs the app program (``ui/app.py``): reads the hash and stored values, puts each new view on the
page with one call (``gncRender`` morphs the markup in; every Python→JavaScript call through Pyodide
is expensive, so the shell makes as few as it can), turns user input into ``UiEvent`` messages through
one delegated listener per event type on the app root, and carries out the effects screens return.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import js  # browser-only by design
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from gamenight import i18n
from gamenight.ui import app, live
from gamenight.ui.program import (
    DIALOG,
    Copied,
    Copy,
    Download,
    Effect,
    Env,
    Focus,
    Navigate,
    SaveFailed,
    SetLanguage,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Stored,
    StoreEntries,
    Tasks,
    Tick,
    UiEvent,
    WarnBeforeLeaving,
    Work,
    WorkDone,
    written,
)
from gamenight.ui.svg import render, render_page

STORAGE_PREFIX = "gnc:"
SESSION = "session:"  # a stored key named so is the tab's own (``stored``)
# Browser services outside the UI (WebRTC, …) add their effect types here: type → handler(shell, effect).
# A handler reports back by ``shell.send(message)``.
EFFECT_HANDLERS: dict[type, Callable[[Shell, Any], None]] = {}
# … or, to keep them out of the start-up time, name them here: the effects defined in the key module are
# carried out by the value module, imported and ``install()``ed when the first such effect arrives.
SERVICES: dict[str, str] = {}
DELEGATED = (
    "click",
    "keydown",
    "change",
    "submit",
    "pointerdown",
    "pointerup",
    "pointerover",
    "dragstart",
    "dragover",
    "drop",
)
# Keys that scroll the page: on a board (role="grid") they move its cursor instead.
SCROLL_KEYS = frozenset(("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " ", "Home", "End", "PageUp", "PageDown"))
FIELDS = ("INPUT", "SELECT", "TEXTAREA")
PRESSABLE = ("BUTTON", "A", "SUMMARY")
# What Tab stops on inside a modal dialog (``Shell.keep_in_dialog``): controls, links and any tabindex but -1.
TAB_STOPS = 'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
MAX_FILE = 65536  # bytes of a picked file handed to a screen
_proxies: list = []  # proxies must live as long as the listeners they back


def _proxy(fn: Callable) -> Any:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    return proxy


def now_ms() -> int:
    return int(js.Date.now())


def stored(keys: tuple[str, ...]) -> dict[str, str]:
    """The local-storage values of ``keys`` that exist (a disabled or failing storage gives none). A key named
    ``session:…`` is read from the tab's own storage (``sessionStorage``: a reload keeps it, another tab has
    its own), under the rest of its name."""
    found: dict[str, str] = {}
    for key in keys:
        try:
            value = (
                js.sessionStorage.getItem(STORAGE_PREFIX + key.removeprefix(SESSION))
                if key.startswith(SESSION)
                else js.localStorage.getItem(STORAGE_PREFIX + key)
            )
        except Exception:  # storage disabled (privacy mode) or blocked: play on without it
            return found
        if value is not None and value is not jsnull:  # a missing entry is JavaScript's null
            found[key] = str(value)
    return found


class Shell:
    """Runs the app program on the page: model in, view out, effects carried out."""

    def __init__(self, root_id: str = "app") -> None:
        self.root = js.document.getElementById(root_id)
        self.timers: dict[str, Any] = {}
        self.tasks = Tasks()
        self.focus: str | None = None
        self.show = ""  # what the page shows with the element focused next (``Focus.show``)
        self.whole = ""  # what it shows whole under it, if it can (``Focus.whole``)
        self.show_first = False  # ``show`` stays in the window where the two do not fit (``Focus.show_first``)
        self.back = False  # focus goes back to ``before_dialog`` if it can (``Focus.back``)
        self.quiet = False  # the focus shows no keyboard's mark (``Focus.quiet``)
        self.still = False  # nothing scrolls where the focused element is in the window (``Focus.still``)
        self.before_dialog: Any = None  # the element focused when the dialog (``DIALOG``) opened
        self.warn_on_leave = False
        self.unsaved = False  # the browser refused the last write to local storage
        self.markup = ""  # the last render's markup, with a stub for every memo (svg.render_page)
        self.shown: frozenset[str] = frozenset()  # the keys of the memos on the page
        # When each live region with an id came onto the page (``live.settled``), and the timer that draws the
        # page again once a new one may speak.
        self.regions: dict[str, int] = {}
        self.settling: tuple[int, Any] | None = None
        self.on_settled = _proxy(self.settled)
        self.moment: int | None = None  # when the shell's current task on the page began (``task_time``)
        self.on_moment_over = _proxy(self.moment_over)
        # A link's ``?lang=ja`` opens the page in that language and keeps it as the player's choice, as the
        # header's switch does; it leaves the address first, so the route, its codes and the links this page
        # makes read as without it (i18n.linked_language).
        linked, address = i18n.linked_language(str(js.location.href))
        if address != str(js.location.href):
            js.history.replaceState(js.history.state, "", address)
        chosen = linked or stored((app.LANGUAGE_KEY,)).get(app.LANGUAGE_KEY)
        self.set_language(i18n.page_language(chosen, browser_languages()))
        self.model, effects = app.init(self.hash(), self.env(self.hash()))
        if linked:
            effects = [Store(app.LANGUAGE_KEY, linked), *effects]
        self.render()
        self.run(effects)
        shown(self.hash())
        for kind in DELEGATED:
            self.root.addEventListener(kind, _proxy(self.on_dom_event))
        # A key pressed with focus on nothing (the page as it opens, or after a click on its background) goes to
        # the page's body, outside the root: "?" did not open the help there. Such a key reaches the app as one
        # pressed on an element with no action does; a key inside the root is the root's listener's alone.
        js.document.addEventListener("keydown", _proxy(self.on_page_key))
        js.window.addEventListener("hashchange", _proxy(lambda _e: self.send(app.RouteChanged(self.hash()))))
        js.window.addEventListener("beforeunload", _proxy(self.on_before_unload))
        js.window.addEventListener("storage", _proxy(self.on_storage))

    def on_storage(self, event: Any) -> None:
        """Another tab of this browser wrote to local storage (the browser tells every page of the origin
        but the writer): the screen hears which entry and what it holds now. Now, not the event's
        ``newValue``: when two tabs write close together, the event of the first write can arrive after
        the second, and a page taking that older value would part from what is stored."""
        key = event.key
        if key is None or key is jsnull or not str(key).startswith(STORAGE_PREFIX):
            return  # ``clear()`` (no key) or not the app's
        name = str(key).removeprefix(STORAGE_PREFIX)
        self.send(Stored(name, stored((name,)).get(name), now_ms()))

    @staticmethod
    def hash() -> str:
        return str(js.location.hash)

    @staticmethod
    def env(location_hash: str) -> Env:
        offset = -int(js.Date.new().getTimezoneOffset())  # minutes ahead of UTC
        return Env(stored(app.storage_keys(location_hash)), now_ms(), str(js.location.href), offset)

    def send(self, message: Any) -> None:
        """Feed one message to the program, re-render, carry out the effects."""
        before = self.model
        env = self.env(message.location_hash) if isinstance(message, app.RouteChanged) else Env(now_ms=now_ms())
        self.model, effects = app.update(self.model, message, env)
        # Effects first: a move or a broadcast leaves for the other pages before this page redraws.
        self.run(effects)
        if self.model is not before:
            self.render()
        if isinstance(message, app.RouteChanged):
            # A link away that the screen asks about first (``app.LEAVE``) leaves the page where it was.
            asked = self.model.overlay == app.LEAVE and self.model.leaving == message.location_hash
            shown(self.model.here if asked else message.location_hash)

    def render(self) -> None:
        # A live region new on the page is drawn empty until a screen reader knows it, its words a drawing later.
        tree, self.regions, wake = live.settled(app.view(self.model), self.regions, self.task_time(), now_ms())
        self.settle_at(wake)
        same, markup, shown = render_page(tree, self.shown)
        js.document.title = app.title(self.model)
        if same == self.markup and not self.focus:
            # Nothing changed on screen (e.g. a timer tick): leave the page alone. Replacing the element
            # under a pressed pointer would also swallow the click that follows.
            return
        self.markup, self.shown = same, shown
        # Re-rendering replaces the elements: keep keyboard focus on the element with the same id
        # (gncRender already keeps typed text and the focus of named form fields). Inside a board
        # (role="grid", one Tab stop with a roving cursor) focus follows the cursor: the grid's cell
        # with tabindex="0".
        active = js.document.activeElement
        focused = str(active.id) if active is not None and active is not jsnull and active.id else ""
        grid = active.closest('[role="grid"][id]') if active is not None and active is not jsnull else None
        if grid is not None and grid is not jsnull and not grid.isSameNode(active):
            focused = f'{grid.id} [tabindex="0"]'
        # One call into JavaScript (index.html); a second only if the page lacked a kept part the
        # markup left out (a stub it could not match): then the whole markup goes.
        # ``still``: a ``Focus.still`` follows, which scrolls nothing where its element is in the window; the
        # focus the render takes away goes to the screen's home unscrolled (the home's scroll moved the board).
        still = bool(self.focus) and self.still
        if not js.window.gncRender(self.root, markup, still):
            js.window.gncRender(self.root, render(tree), still)
        asked = bool(self.focus)  # by a ``Focus`` effect, not kept across this render (a board's roving cursor)
        if focused and not self.focus:
            self.focus = "#" + focused
        self.apply_focus(asked)

    def settle_at(self, wake: int | None) -> None:
        """Draw the page again at ``wake`` (ms; ``None``: no need), when a live region held empty may speak."""
        if self.settling is not None and (wake is None or self.settling[0] != wake):
            js.clearTimeout(self.settling[1])
            self.settling = None
        if wake is not None and self.settling is None:
            self.settling = (wake, js.setTimeout(self.on_settled, max(0, wake - now_ms()) + 1))

    def settled(self) -> None:
        self.settling = None
        self.render()

    def task_time(self) -> int:
        """When the page's current task began, as the shell first asked in it: a region drawn in this task is
        not one a screen reader knows yet, whatever the clock says by the task's end (``live.settled``). A
        zero timeout, run once the task is over, lets the next task read the clock afresh."""
        if self.moment is None:
            self.moment = now_ms()
            js.setTimeout(self.on_moment_over, 0)
        return self.moment

    def moment_over(self) -> None:
        self.moment = None

    def apply_focus(self, asked: bool) -> None:
        """Put keyboard focus where the last render left it to go (``self.focus``): ``asked`` if a ``Focus``
        effect named the element, else it is the element focused before the render."""
        # The app is hidden while the shell starts (the loading screen stands instead): a hidden element takes
        # no focus, so a focus the first screen asks for (a reloaded page's) waits for ``show_app``.
        if self.focus and not self.root.hidden:
            # A screen may ask for an element the page does not draw yet (Start asks for the board, which
            # a Reflection round draws once its puzzle is made): focus then goes to the screen's home for
            # it, as when a render takes the focused element away (index.html), never staying on the body
            # or on what the morph put in the pressed control's place ("End the match" in Start's).
            target = self.root.querySelector(self.focus)
            if self.back:  # the dialog closes: to where focus was when it opened, if that is still drawn
                before, self.before_dialog = self.before_dialog, None
                if _shown(before) and self.root.contains(before):
                    target = before
            if target is None or target is jsnull:
                target = self.root.querySelector("[data-focus-home]")
            # Only a move of focus: focusing the focused element again would scroll it back into view
            # every clock tick (a board the player panned on a phone).
            # A dialog a ``Focus`` effect names has just opened or changed what it shows (the help's "How to
            # play" puts the rules in its place): it starts at its top. The morph keeps the dialog's element,
            # and with it the scroll the help was left at, far down on a phone (where its last button is).
            if asked and target is not None and target is not jsnull and target.getAttribute("role") == "dialog":
                target.scrollTop = 0
            if target is not None and target is not jsnull and not target.isSameNode(js.document.activeElement):
                # Passed only when false: the browser's own rule decides otherwise (a click's focus unmarked).
                shown = {"focusVisible": False} if self.quiet else {}
                target.focus(_options(preventScroll=bool(self.show) or asked, **shown))
                if asked and not self.show and not (self.still and _in_window(target)):
                    self.scroll_to(target)
            if target is not None and target is not jsnull and self.show:
                whole = self.root.querySelector(self.whole) if self.whole else None
                self.scroll_to_show(target, self.root.querySelector(self.show), whole, self.show_first)
            self.focus, self.show, self.whole, self.back, self.quiet = None, "", "", False, False
            self.show_first = self.still = False

    @staticmethod
    def scroll_to(target: Any) -> None:
        """Bring the newly focused ``target`` into view by as little as it takes; but one that fits in the
        window with the page's top shows that top: the page was left scrolled by a few lines (to a form
        under it that has gone, e.g. the host's pasted reply) and, the target being in sight already,
        nothing scrolled back and the page's header stayed cut at the window's top."""
        if target.getBoundingClientRect().bottom + js.window.scrollY <= js.window.innerHeight:
            js.window.scrollTo(0, 0)
        else:
            target.scrollIntoView(_options(block="nearest", inline="nearest"))

    @staticmethod
    def scroll_to_show(target: Any, top: Any, whole: Any = None, first: bool = False) -> None:
        """Bring ``top`` to the window's top with ``target`` (focused) under it, if either is out of the
        window or ``whole`` (if given) ends below it; then ``target`` into view by as little as it takes
        (a cell of a board that pans in its frame, or a window too short for both), since where focus is
        must be seen first. ``first`` (``Focus.show_first``): where the two do not fit together, ``top`` stays
        at the window's top and ``target`` only comes as far into the window as that leaves (a match's end on a
        320 × 640 phone: the win's line over the standings, Rematch under them)."""
        height = js.window.innerHeight
        drawn = top is not None and top is not jsnull
        below = whole is not None and whole is not jsnull and whole.getBoundingClientRect().bottom > height
        if drawn and (top.getBoundingClientRect().top < 0 or target.getBoundingClientRect().bottom > height or below):
            top.scrollIntoView(_options(block="start"))
        if first and drawn and target.getBoundingClientRect().bottom > height and top.getBoundingClientRect().top >= 0:
            return  # both do not fit: the line at the top is what the player reads first
        target.scrollIntoView(_options(block="nearest", inline="nearest"))

    # --- input ---------------------------------------------------------------------------------

    def on_page_key(self, event: Any) -> None:
        """A key pressed outside the app's root (focus on the body): the app's, as ``on_dom_event`` takes it."""
        if str(getattr(event.target, "tagName", "")) in ("BODY", "HTML"):
            self.on_dom_event(event)

    def on_dom_event(self, event: Any) -> None:
        ui = read_event(event)
        if ui is None:
            return
        if (
            ui.type in ("submit", "dragover", "drop")
            # A click is the screen's, not the browser's (a link, a form's button), except in a label
            # (it passes the click to its field: a save-file button opens the file chooser) and on a
            # file input itself, whose default is to open the chooser.
            or (ui.type == "click" and ui.action and not event.target.closest('label, input[type="file"]'))
            or (ui.type == "keydown" and ui.key in SCROLL_KEYS and _on_grid(event.target))
        ):
            event.preventDefault()
        elif ui.type == "keydown" and ui.key != "Tab" and ui.mods in ("", "shift") and _on_grid(event.target):
            event.preventDefault()  # a board's other keys are its own too (Firefox's quick find starts on / and ')
        if ui.type == "pointerdown" and ui.pointer == "touch" and event.target.hasPointerCapture(event.pointerId):
            # A finger's pointer is captured by what it went down on, so its pointerup would name the tray
            # tile a drag began on, never the cell it ends over: let it go, as a mouse's is.
            event.target.releasePointerCapture(event.pointerId)
        if ui.type == "submit" and event.target.hasAttribute("data-clear"):
            # A form whose fields a submit uses up (a chat line, a reply code) starts afresh; any other keeps
            # what was typed, so a refused setup is corrected, not typed again (what was sent is in ``ui.form``).
            event.target.reset()
        if ui.type == "change" and str(event.target.type) == "file":
            self.read_file(event.target, ui)
            return
        if ui.type == "keydown" and ui.key == "Tab" and ui.mods in ("", "shift"):
            self.keep_in_dialog(event, backwards=ui.mods == "shift")
        self.send(ui)

    def keep_in_dialog(self, event: Any, backwards: bool) -> None:
        """Tab and Shift+Tab go round an open modal dialog's own controls (the help and rules overlay): the
        page behind it is inert (``ui.app.view``), so Tab from its last control would leave the page for
        the browser's own bar, and come back at the dialog's first control only a press later."""
        dialog = self.root.querySelector('[aria-modal="true"]')
        if dialog is None or dialog is jsnull:
            return
        stops = [
            el
            for el in js.Array.from_(dialog.querySelectorAll(TAB_STOPS))
            if not el.disabled and el.getClientRects().length  # drawn (not in a closed <details>) and usable
        ]
        active = js.document.activeElement
        inside = active is not None and active is not jsnull and dialog.contains(active)
        if not stops:
            event.preventDefault()
            dialog.focus()
            return
        first, last = stops[0], stops[-1]
        if backwards and (not inside or active.isSameNode(first) or active.isSameNode(dialog)):
            event.preventDefault()
            last.focus()
        elif not backwards and (not inside or active.isSameNode(last)):
            event.preventDefault()
            first.focus()

    def read_file(self, field: Any, ui: UiEvent) -> None:
        """Send ``ui`` once the picked file's text (its first ``MAX_FILE`` bytes) has been read."""
        files = field.files
        if not files or not files.length:
            return
        pending = files.item(0).slice(0, MAX_FILE).text()
        field.value = ""  # picking the same file again is a new change
        pending.then(_proxy(lambda text: self.send(replace(ui, value=str(text)))))

    def copy(self, effect: Copy) -> None:
        """Write to the clipboard and send the app its answer: the browser may refuse (no permission, or
        no clipboard at all on a page not served securely), and the player must then copy by hand."""
        clipboard = getattr(js.navigator, "clipboard", None)
        if clipboard is None:
            self.send(Copied(False, effect.said, effect.serial))
            return
        clipboard.writeText(effect.text).then(
            _proxy(lambda _done=None: self.send(Copied(True, effect.said, effect.serial))),
            _proxy(lambda _error=None: self.send(Copied(False, effect.said, effect.serial))),
        )

    def on_before_unload(self, event: Any) -> None:
        if self.warn_on_leave or self.unsaved:  # a refused save: leaving would lose what it held
            event.preventDefault()  # the browser asks the player to confirm leaving

    # --- effects -------------------------------------------------------------------------------

    def run(self, effects: list[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Store):
                self.store(effect)
            elif isinstance(effect, StoreEntries):
                self.store_entries(effect)
            elif isinstance(effect, Navigate):
                self.navigate(effect)
            elif isinstance(effect, StartTimer):
                self.stop_timer(effect.timer)
                callback = _proxy(lambda name=effect.timer: self.send(Tick(name, now_ms())))
                self.timers[effect.timer] = js.setInterval(callback, effect.every_ms)
                js.document.documentElement.dataset.timers = str(len(self.timers))
            elif isinstance(effect, StopTimer):
                self.stop_timer(effect.timer)
            elif isinstance(effect, Copy):
                self.copy(effect)
            elif isinstance(effect, Work):
                self.tasks.start(effect)
                self.show_tasks()
                soon(partial(self.work_slice, effect))
            elif isinstance(effect, StopWork):
                self.tasks.stop(effect.task)
                self.show_tasks()
            elif isinstance(effect, Focus):
                active = js.document.activeElement
                if effect.only_from and not (
                    _within(active, effect.only_from) or (effect.nowhere and _nowhere(active))
                ):
                    continue  # focus is elsewhere (the chat): the player's, not this request's
                if effect.not_from and _within(js.document.activeElement, effect.not_from):
                    continue  # the player is typing there: the focus is theirs
                opens = self.root.querySelector(DIALOG)
                if effect.selector == DIALOG and (opens is None or opens is jsnull):  # not help to rules
                    self.before_dialog = js.document.activeElement
                self.focus, self.show, self.whole = effect.selector, effect.show, effect.whole
                self.show_first = effect.show_first
                self.back, self.quiet, self.still = effect.back, effect.quiet, effect.still
                self.render()
            elif isinstance(effect, ShowInWindow):
                self.render()
                shown = self.root.querySelector(effect.selector)
                if shown is not None and shown is not jsnull and not (effect.still and _in_window(shown)):
                    shown.scrollIntoView(_options(block="nearest", inline="nearest"))
                    kept = self.root.querySelector(effect.keep) if effect.keep else None
                    if kept is not None and kept is not jsnull:
                        # < 0: scrolled out over the top; whole pixels, or a fraction of one stayed out of sight.
                        above = math.floor(kept.getBoundingClientRect().top)
                        room = js.window.innerHeight - shown.getBoundingClientRect().bottom
                        if above < 0 and room >= -above:
                            js.window.scrollBy(0, above)
            elif isinstance(effect, WarnBeforeLeaving):
                self.warn_on_leave = effect.on
            elif isinstance(effect, SetLanguage):
                self.set_language(effect.code)
                self.render()
            elif isinstance(effect, Download):
                download(effect.filename, effect.text)
            elif type(effect) in EFFECT_HANDLERS or type(effect).__module__ in SERVICES:
                if type(effect) not in EFFECT_HANDLERS:
                    importlib.import_module(SERVICES.pop(type(effect).__module__)).install()
                EFFECT_HANDLERS[type(effect)](self, effect)
            else:
                raise TypeError(f"no handler for the effect {effect!r}")

    @staticmethod
    def set_language(code: str) -> None:
        js.document.documentElement.lang = i18n.set_language(code)

    def store(self, effect: Store) -> None:
        # A key named ``session:…`` is the tab's own (``stored``), in ``sessionStorage``.
        own = effect.key.startswith(SESSION)
        key = STORAGE_PREFIX + effect.key.removeprefix(SESSION)
        try:
            storage = js.sessionStorage if own else js.localStorage
            if effect.text is None:
                storage.removeItem(key)
            else:
                storage.setItem(key, effect.text)
        except Exception:  # full or disabled storage: the game goes on, and the page says it is not kept
            js.console.warn(f"could not save {effect.key} in local storage")
            if not own:  # the tab's own marks are no game kept: nothing to say
                self.saved(False)
            return
        if not own:
            self.saved(True)

    def store_entries(self, effect: StoreEntries) -> None:
        # Read just before the write, so what other tabs wrote since this page started is kept. (Two tabs
        # writing in the same few milliseconds could still race: local storage has no transactions.)
        try:
            now = js.localStorage.getItem(STORAGE_PREFIX + effect.key)
        except Exception:  # disabled storage: as ``store``
            js.console.warn(f"could not save {effect.key} in local storage")
            self.saved(False)
            return
        self.store(Store(effect.key, written(effect, None if now is None or now is jsnull else str(now))))

    def saved(self, ok: bool) -> None:
        """Tell the app when local storage starts refusing writes, or takes them again."""
        if self.unsaved == (not ok):
            return
        self.unsaved = not ok
        self.send(SaveFailed(self.unsaved))

    def navigate(self, effect: Navigate) -> None:
        if effect.replace:
            # replaceState fires no hashchange: the screen already shows this state.
            js.history.replaceState(None, "", effect.location_hash)
        else:
            js.location.hash = effect.location_hash

    def stop_timer(self, name: str | None) -> None:
        """Stop the timer ``name`` (``None``: every timer); ``<html data-timers>`` counts those left."""
        for timer in list(self.timers) if name is None else [name]:
            if timer in self.timers:
                js.clearInterval(self.timers.pop(timer))
        js.document.documentElement.dataset.timers = str(len(self.timers))

    def work_slice(self, work: Work) -> None:
        """Advance ``work`` for about ``slice_ms``, then yield to the browser (unless replaced or stopped)."""
        message = self.tasks.slice(work, time.perf_counter)
        if message is None:
            return
        if isinstance(message, WorkDone):
            self.show_tasks()
        self.send(replace(message, now_ms=now_ms()))  # the host's lobby takes a prepared puzzle at this time
        if not isinstance(message, WorkDone):
            soon(lambda: self.work_slice(work))

    def show_tasks(self) -> None:
        """``<html data-work>``: how many background tasks are running (tests and benchmarks read it)."""
        js.document.documentElement.dataset.work = str(len(self.tasks.running))


def shown(location_hash: str) -> None:
    """``<html data-route>``: the location whose screen the page now shows (tests wait on it, not on time)."""
    js.document.documentElement.dataset.route = location_hash


def soon(fn: Callable[[], None]) -> None:
    """Run ``fn`` in a task of its own, after the browser has had the chance to paint and handle input.

    ``scheduler.postTask`` where the browser has it: unlike a chain of ``setTimeout(…, 0)``, which
    browsers clamp to 4 ms after a few nested calls (up to a third of the time of 12 ms slices spent
    idle), it runs the next slice as soon as the page is free. On the loaded shared machine the two
    made Hard puzzles equally fast (16 seeds side by side, docs/performance.md); the clamp shows on
    an idle one. A one-shot proxy frees itself once called: a long task runs thousands of slices.
    """
    callback = create_once_callable(fn)
    if _POST_TASK is not None:
        _POST_TASK(callback)
    else:
        js.setTimeout(callback, 0)


def _post_task() -> Any:
    scheduler = getattr(js, "scheduler", None)
    if scheduler is None or scheduler is jsnull or not hasattr(scheduler, "postTask"):
        return None
    return scheduler.postTask.bind(scheduler)


_POST_TASK = _post_task()


def _nowhere(element: Any) -> bool:
    """Whether ``element`` (the focused one) is no element of the page's own: none, or the body."""
    return element is None or element is jsnull or element == js.document.body


def _in_window(element: Any) -> bool:
    """Whether ``element``'s box is wholly in the window (its scroll margin aside)."""
    box = element.getBoundingClientRect()
    return bool(
        box.top >= 0 and box.left >= 0 and box.bottom <= js.window.innerHeight and box.right <= js.window.innerWidth
    )


def _within(element: Any, selector: str) -> bool:
    """Whether ``element`` (the focused one: none at all is JavaScript's null) is in one matching ``selector``."""
    if element is None or element is jsnull:
        return False
    found = element.closest(selector)
    return found is not None and found is not jsnull


def _options(**options: Any) -> Any:
    """A JavaScript object of ``options`` (``focus``'s, ``scrollIntoView``'s, a ``Blob``'s)."""
    return to_js(options, dict_converter=js.Object.fromEntries)


def download(filename: str, text: str) -> None:
    """Offer ``text`` as a file: a Blob made in the page and a temporary link clicked (no request)."""
    blob = js.Blob.new(to_js([text]), _options(type="text/plain;charset=utf-8"))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href, link.download = url, filename
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)


def browser_languages() -> list[str]:
    """The languages the browser asks for, most wanted first."""
    try:
        return [str(tag) for tag in js.navigator.languages]
    except Exception:  # an old browser without navigator.languages
        return [str(js.navigator.language or "")]


def read_event(event: Any) -> UiEvent | None:
    """The ``UiEvent`` for a DOM event, from the closest element with ``data-action`` (or ``None``).

    Enter or Space on a button or link is that button's (the browser follows with its click): it
    never reaches a screen as a key press. A key pressed in a form field arrives marked ``typing``.
    """
    kind = str(event.type)
    target = event.target
    if kind == "keydown" and str(event.key) in ("Enter", " ") and pressable(target):
        return None
    pointer = (
        str(getattr(event, "pointerType", "") or "")
        if kind in ("click", "pointerover", "pointerdown", "pointerup")
        else ""
    )
    if kind == "pointerover" and pointer == "touch":
        # A finger has no hover: the pointerover a tap starts with would aim at the cell before the tap
        # (Raythread's first tap on a cell previews the move; it would place it at once).
        return None
    holder = target.closest("[data-action]") if hasattr(target, "closest") else None
    if holder is jsnull:  # JavaScript's null arrives as ``jsnull``, not None
        holder = None
    if holder is None and kind not in ("keydown", "submit"):
        return None
    if (
        holder is not None
        and kind not in ("keydown", "change", "submit")
        and (
            str(holder.tagName) == "FORM"
            or (bool(getattr(holder, "form", None)) and str(holder.type) == "submit" and bool(holder.name))
        )
    ):
        # A click in a form (on a field, its submit button) is the browser's: it leads to submit, which
        # names a named submit button (the lobby's Start, which also carries an action to be found by).
        return None
    data = {}
    action = ""
    if holder is not None:
        data = {str(k): str(v) for k, v in js.Object.entries(holder.dataset)}
        action = data.pop("action", "")
    key = str(event.key) if kind == "keydown" else ""
    mods = ""
    if kind == "keydown":
        held = (("ctrl", event.ctrlKey or event.metaKey), ("alt", event.altKey), ("shift", event.shiftKey))
        mods = "+".join(name for name, down in held if down)
    value = str(target.value) if kind == "change" and hasattr(target, "value") else ""
    if kind == "change" and str(getattr(target, "type", "")) == "checkbox":
        value = "1" if target.checked else ""  # whether it is ticked: its value is the same either way
    form = {}
    if kind == "submit":
        # The button that submitted names itself (the lobby's Start submits its form as Apply does).
        entries = js.Array.from_(js.FormData.new(target, getattr(event, "submitter", None)).entries())
        form = {str(pair[0]): str(pair[1]) for pair in entries}
        action = str(target.dataset.action or action)
    typing = kind == "keydown" and (
        str(getattr(target, "tagName", "")) in FIELDS or bool(getattr(target, "isContentEditable", False))
    )
    return UiEvent(kind, action, data, key, value, form, now_ms(), pointer, typing, mods)


def _shown(element: Any) -> bool:
    """Whether ``element`` is on the page and drawn (it can take focus)."""
    return (
        element is not None
        and element is not jsnull
        and bool(element.isConnected)
        and element.getClientRects().length > 0
    )


def pressable(target: Any) -> bool:
    """Whether ``target`` is a button or a link (Enter or Space presses it)."""
    if not hasattr(target, "tagName"):
        return False
    return str(target.tagName).upper() in PRESSABLE or str(target.getAttribute("role")) == "button"


def _on_grid(target: Any) -> bool:
    """Whether ``target`` is a board (or inside one): an element with ``role="grid"``, or a board drawn
    as one picture whose keys the page handles (``role="application"``)."""
    if not hasattr(target, "closest"):
        return False
    found = target.closest('[role="grid"], [role="application"]')
    return found is not None and found is not jsnull


def boot_progress(percent: int, text: str) -> None:
    """Move the static loading screen's progress bar (a no-op once the app is shown)."""
    js.window.gncBoot.progress(percent, text)


def show_app(shell: Shell) -> None:
    """Swap the loading screen for the app and mark the page ready (tests and benchmarks wait for it); then
    focus what the first screen asked for, which waited for the app to be shown."""
    js.document.getElementById("boot").remove()
    shell.root.hidden = False
    shell.apply_focus(asked=True)  # only a ``Focus`` effect's waits: a kept focus had nothing to keep
    # The hidden app's live regions were no screen reader's: they come onto the page now, and a reloaded match's
    # news is said once it has been there a while (``live.settled``: a drawing then puts the words in); an
    # empty one is known from now, and says its first words at once.
    shell.regions = {}
    shell.render()
    js.document.documentElement.dataset.app = "ready"
