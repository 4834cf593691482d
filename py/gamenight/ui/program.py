"""The shape of every screen: a pure ``init`` / ``update`` / ``view`` triple, and the messages and
effects that flow between it and the browser shell (``ui/dom.py``).

A screen never touches the page. It receives messages (a user input, a timer tick, the result of a
piece of background work) and returns its new model plus a list of effects — plain data the shell
carries out (store a value, start a timer, copy text, run a long computation in slices). That keeps
every screen testable on CPython by feeding it messages.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight.ui.svg import Element

# --- messages (shell → screen) -------------------------------------------------------------------


@dataclass(frozen=True)
class UiEvent:
    """A user input, read by the one delegated listener of the app root.

    ``action`` and ``data`` come from the closest element carrying ``data-action`` (its other
    ``data-*`` attributes, names without the prefix); ``key`` is set for key presses (``mods`` holds
    the modifiers held, e.g. ``"ctrl+shift"``; Cmd counts as ctrl), ``value`` for inputs (for a file
    picked in an ``<input type="file">``: its text, up to 64 KB; for a checkbox: "1" ticked, "" not),
    ``form`` (field name → value) for form submissions; ``now_ms`` is when it happened.

    The shell sends no key press for Enter or Space on a button or link (the browser turns those
    into the button's own click, so a button acts only for itself).
    """

    type: str
    action: str = ""
    data: Mapping[str, str] = field(default_factory=dict)
    key: str = ""
    value: str = ""
    form: Mapping[str, str] = field(default_factory=dict)
    now_ms: int = 0
    pointer: str = ""  # for pointer input: "mouse", "touch" or "pen" (a tap may want a second look)
    typing: bool = False  # the key was pressed in a text field or a picker: it is the field's, not a shortcut
    mods: str = ""  # for key presses: the modifiers held, e.g. "ctrl+shift" (Cmd counts as ctrl)


@dataclass(frozen=True)
class Tick:
    """A timer started by ``StartTimer`` fired."""

    timer: str
    now_ms: int


@dataclass(frozen=True)
class WorkProgress:
    """A ``Work`` iterator yielded ``value`` (shown as progress); more slices follow."""

    task: str
    value: Any
    now_ms: int = 0


@dataclass(frozen=True)
class WorkDone:
    """A ``Work`` iterator finished at ``now_ms``; ``value`` is what it returned."""

    task: str
    value: Any
    now_ms: int = 0


@dataclass(frozen=True)
class UpdateReady:
    """A new version of the app was installed in the background and waits to be used."""


@dataclass(frozen=True)
class Copied:
    """The clipboard's answer to a ``Copy``: it took the text (``ok``) or the browser refused it (no
    permission, a page not served securely); ``said`` and ``serial`` are the ``Copy``'s."""

    ok: bool
    said: str = ""
    serial: int = 0


@dataclass(frozen=True)
class SaveFailed:
    """The shell's word on local storage: a write was refused (``True``: the storage is full, or the
    browser blocks it), or the first write since then worked (``False``). Sent when that changes."""

    failing: bool


@dataclass(frozen=True)
class Stored:
    """Another tab of this browser changed what local storage holds under ``key``, one of the current
    screen's ``storage_keys``: ``text`` is what it holds now (``None``: nothing). A page never hears of
    its own writes. A screen that keeps a copy of the value takes this one, so that its next write does
    not undo the other tab's (two tabs of one table, or of one puzzle, play one match)."""

    key: str
    text: str | None
    now_ms: int = 0


Message = Any  # UiEvent | Tick | WorkProgress | WorkDone | UpdateReady | Copied | Stored | a screen's own messages

# --- effects (screen → shell) --------------------------------------------------------------------


@dataclass(frozen=True)
class Store:
    """Write ``text`` to local storage under ``key`` (``None`` removes it); a ``session:`` key goes to
    this tab's own session storage instead (``ui.dom``)."""

    key: str
    text: str | None


@dataclass(frozen=True)
class StoreEntries:
    """Put ``entries`` into the JSON object stored under ``key`` (an entry whose value is ``None`` is
    taken out), merged with what is stored when the shell writes, not with what this page read when it
    started: another tab of this browser may have written its own entries since (a second lobby
    joined, a second puzzle built), and a ``Store`` of this page's copy would drop them. Entries put
    move to the end; the last ``keep`` stay."""

    key: str
    entries: tuple[tuple[str, Any], ...]
    keep: int

    def merged(self, text: str | None) -> str | None:
        """What to store over ``text``, the value stored now (``None``: remove the key). A stored value
        that is not a JSON object (damaged, or from another version) is replaced."""
        from gamenight.core.jsonutil import decode  # here: the start page does not load the JSON readers

        try:
            old = decode(text) if text else {}
        except ValueError:  # not JSON, or nested too deep: as damaged
            old = {}
        kept = dict(old) if isinstance(old, dict) else {}
        for name, value in self.entries:
            kept.pop(name, None)
            if value is not None:
                kept[name] = value
        last = list(kept.items())[-self.keep :] if self.keep > 0 else []
        # In the order written (not sorted): the oldest entries go first when there are too many.
        return json.dumps(dict(last), separators=(",", ":"), ensure_ascii=False) if last else None


def written(effect: Store | StoreEntries, stored: str | None) -> str | None:
    """What local storage holds under ``effect.key`` after ``effect``, given what it holds now (``None``:
    nothing): for the shell, and for whoever keeps a copy (a board's ``stored``, a test's storage)."""
    return effect.text if isinstance(effect, Store) else effect.merged(stored)


def keep_written(stored: dict[str, str], effect: Store | StoreEntries) -> None:
    """Carry ``effect`` out on ``stored``, a copy of local storage (a board's ``stored``, a test's)."""
    text = written(effect, stored.get(effect.key))
    if text is None:
        stored.pop(effect.key, None)
    else:
        stored[effect.key] = text


@dataclass(frozen=True)
class Navigate:
    """Go to ``location_hash``; ``replace`` rewrites the current history entry instead of adding one."""

    location_hash: str
    replace: bool = False


@dataclass(frozen=True)
class StartTimer:
    """Send ``Tick(timer, now_ms)`` every ``every_ms`` ms until ``StopTimer(timer)`` (starting it again restarts it)."""

    timer: str
    every_ms: int


@dataclass(frozen=True)
class StopTimer:
    """Stop the timer ``timer`` (``None``: every timer). The app stops every timer when the route
    changes, so a clock or a poll of the screen being left never ticks again."""

    timer: str | None = None


@dataclass(frozen=True)
class Copy:
    """Put ``text`` on the clipboard; the shell answers ``Copied``, and the page then says ``said`` (what
    was copied, in words) or, if the browser refused, how to copy it by hand. ``serial``: the app numbers
    each copy (a screen leaves it 0), and the answer carries it back, so an answer that comes too late,
    after the app said how to copy by hand, is told from the answer to the copy it waits for."""

    text: str
    said: str = ""
    serial: int = 0


@dataclass(frozen=True, eq=False)
class Work:
    """Run ``steps`` in slices so the page stays responsive: the shell calls ``next`` until about
    ``slice_ms`` have passed, yields to the browser, and goes on; each yielded value is reported as
    ``WorkProgress`` and the generator's return value as ``WorkDone``. Starting a task under a name
    that is already running cancels the old one."""

    task: str
    steps: Iterator[Any]
    slice_ms: int = 12


@dataclass(frozen=True)
class StopWork:
    """Stop the background task ``task`` at once (``None``: every task); no slice of it runs after
    this, and it reports nothing more. The app stops every task when the route changes."""

    task: str | None = None


@dataclass(frozen=True)
class Focus:
    """Move keyboard focus to the element matching ``selector`` after the next render.

    ``show`` (a selector): the focus scrolls nothing itself; if the element matching ``show`` or the
    focused one is not in the window, the page scrolls ``show`` to the window's top (less its
    ``scroll-margin-top``), the focused element under it (that one still comes into view if both do
    not fit). A board's Tab stop may be one of its cells, which the focus's own scroll centres in the
    window: the lines above the board (a match's status, a round and its clock) went out of sight.
    ``only_from`` (a selector): only if focus is in such an element now, as a new round's board takes
    it from the last round's board but never from the chat beside it. ``whole`` (a selector): what
    should be seen with ``show``, e.g. a board with its buttons under it; if its bottom is below the
    window, ``show`` goes to the window's top too (a focused status line above a board was in the
    window, its board's Submit below it). ``not_from`` (a selector): not if focus is in such an element
    now: a match the host starts takes no guest's focus from the chat line the guest is typing in.
    ``nowhere``: with ``only_from``, also if focus is on nothing now (the page's body): nobody's focus is
    taken, as a guest's on a phone after a tap on the lobby's text, whose board the match's start shows.
    ``back``: to the element that had focus when the open dialog
    (``DIALOG``) was opened instead, if it is on the page: one a screen cannot name (any link or button
    "?" was pressed on); else to ``selector``. ``quiet``: the element takes focus without the mark of a
    keyboard's (``:focus-visible`` stays off until a key is pressed), as a reloaded page's board, whose player
    may play by mouse. ``show_first``: with ``show``, where the two do not fit in the window together, ``show``
    stays at its top and the focused element comes only as far into the window as that leaves (a match's end:
    its win's line above the standings, Rematch under them on a small phone), instead of the other way round.
    ``still`` (without ``show``): where the element is wholly in the window, nothing scrolls, not even to the
    page's top (a board a finger plays on a phone stays put between the turn's taps); else as without it."""

    selector: str
    show: str = ""
    only_from: str = ""
    whole: str = ""
    back: bool = False
    not_from: str = ""
    quiet: bool = False
    nowhere: bool = False
    show_first: bool = False
    still: bool = False


DIALOG = "#overlay"  # the help and rules dialog: the shell keeps where focus was as a ``Focus`` opens it


@dataclass(frozen=True)
class ShowInWindow:
    """After the next render, scroll the element matching ``selector`` into the window by as little as it
    takes, and nothing where it is in sight: a line a press wrote below the window (a phone's), which
    keyboard focus stays away from (it stays on the button pressed). ``keep`` (a selector), where it and
    the element fit in the window together, stays in it too: scrolled no further than keeps its top in
    sight (the match's status above a board); where they do not fit, the element wins. ``still``: where the
    element is wholly in the window, nothing scrolls, though its scroll margin (room under it) is not: the
    margin is given only where the page scrolls anyway (a board a finger plays on stays put)."""

    selector: str
    keep: str = ""
    still: bool = False


def board_stop(within: str = "") -> str:
    """The selector of a board's one Tab stop, inside ``within`` (a selector; the whole page if empty): a
    board is a ``role="grid"`` that is its own Tab stop or has one cell with ``tabindex="0"`` under its
    roving cursor (docs/accessibility.md; ui/dom.py keeps focus on it across renders)."""
    scope = f"{within} " if within else ""
    return f'{scope}[role=grid][tabindex="0"], {scope}[role=grid] [tabindex="0"]'


@dataclass(frozen=True)
class WarnBeforeLeaving:
    """While ``on``, closing or reloading the page asks the player to confirm (a match is running)."""

    on: bool


@dataclass(frozen=True)
class SetLanguage:
    """Speak ``code`` from now on: the shell loads its catalogue, sets ``<html lang>`` and re-renders."""

    code: str


@dataclass(frozen=True)
class ApplyUpdate:
    """Hand the page over to the new version waiting in the background: the page reloads."""


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file called ``filename`` (a save file), made in the page: no request."""

    filename: str
    text: str


class ServiceEffect:
    """Base of the effects a service module carries out (``ui/dom.py``'s ``SERVICES``: WebRTC, the
    storage report), not the shell itself: the module is imported, and installs its handlers in
    ``dom.EFFECT_HANDLERS``, the first time a screen asks for one."""

    __slots__ = ()


Effect = (
    Store
    | StoreEntries
    | Navigate
    | StartTimer
    | StopTimer
    | Copy
    | Work
    | StopWork
    | Focus
    | ShowInWindow
    | WarnBeforeLeaving
    | SetLanguage
    | ApplyUpdate
    | Download
    | ServiceEffect
)


@dataclass(frozen=True)
class Env:
    """What a screen may know of the world when it starts: the stored values it asked for, the time,
    the page's address (``page_url``: links to share are built from it) and how far the player's
    clock is ahead of UTC (``utc_offset_min``: the local date, e.g. for a daily puzzle)."""

    stored: Mapping[str, str] = field(default_factory=dict)
    now_ms: int = 0
    page_url: str = ""
    utc_offset_min: int = 0


# For the help (``?``): rows of the keys to press, each named as printed on it ("Enter", "/"; listed in the
# page's language by ``app.key_names``, never a string to split), and a msgid of what they do; and rows of
# a touch gesture and what it does, both msgids.
KeyList = tuple[tuple[tuple[str, ...], str], ...]
GestureList = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Keys:
    """What the help lists for the board a screen shows (``Screen.keys``): the game it plays, whose "How
    to play" the help offers, and that board's keys and touch gestures."""

    game: str
    shortcuts: KeyList = ()
    gestures: GestureList = ()


class Screen(Protocol):
    """One screen of the app: pure functions over its own model.

    Optional (looked up with getattr): ``keys(model) -> Keys | None``, what the help lists for the board
    the screen shows (a lobby's match, a table, a solo puzzle); without it, or ``None``, the help lists the
    keys of every page only, and on a page of one game (its card, its rules) offers that game's rules.
    ``leave(model) -> list[Effect]``: what the screen asks of its page when the player leaves it for another
    route (a link, back or forward), carried out as the next screen starts: what only that screen held (a
    guest's connection to the host). A reload or a closed tab never reaches it; what a page keeps for a
    reload (a turn being built) it keeps for a player who leaves by a link and comes back, too.
    ``on_reload(model) -> str``: what a reload of the page does to what the screen has in progress, in a
    sentence the offer of a new version adds ("Your match is kept."), or "" where nothing is in progress.
    ``on_leave(model) -> str``: what following a link away would end for other people (a host's guests), or
    "" where nothing: the app asks before it leaves (``ui.app``, its ``LEAVE`` question)."""

    # Read-only, so a frozen dataclass is a screen too.
    @property
    def label(self) -> str: ...  # how a link to it reads ("Play solo")

    @property
    def storage_keys(self) -> tuple[str, ...]: ...  # the local-storage entries ``init`` wants to read

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Any, list[Effect]]: ...

    def update(self, model: Any, message: Message) -> tuple[Any, list[Effect]]: ...

    def view(self, model: Any) -> Element: ...

    def title(self, model: Any) -> str: ...


class Tasks:
    """The background work a shell runs: the current ``Work`` under each task name, advanced in slices.

    Bookkeeping only — the shell owns the timers — so its rules are tested on CPython: a task started
    under a running name replaces it, ``stop`` ends one or all, and a replaced or stopped task never
    runs another slice. ``slices`` counts the slices run.
    """

    def __init__(self) -> None:
        self.running: dict[str, Work] = {}
        self.slices = 0

    def start(self, work: Work) -> None:
        self.running[work.task] = work

    def stop(self, task: str | None = None) -> None:
        if task is None:
            self.running.clear()
        else:
            self.running.pop(task, None)

    def slice(self, work: Work, clock: Callable[[], float]) -> WorkProgress | WorkDone | None:
        """Advance ``work`` until ``clock`` (seconds) has moved on by its ``slice_ms``: the message to
        send (``WorkDone`` when it finished), or ``None`` when it is no longer current (nothing ran)."""
        if self.running.get(work.task) is not work:
            return None
        self.slices += 1
        deadline = clock() + work.slice_ms / 1000
        last = None
        try:
            while clock() < deadline:
                last = next(work.steps)
        except StopIteration as done:
            del self.running[work.task]
            return WorkDone(work.task, done.value)
        return WorkProgress(work.task, last)


@dataclass(frozen=True)
class LazyScreen:
    """A screen named by its module, imported the first time it is shown: the start page must not pay
    for compiling screens it does not show. ``label`` is known without the import (home page cards)."""

    module: str
    attr: str = "SCREEN"
    label: str = ""

    def load(self) -> Screen:
        return getattr(importlib.import_module(self.module), self.attr)


def loaded(screen: Screen | LazyScreen) -> Screen:
    """The screen itself, imported first if it is a ``LazyScreen`` (registries may hold either)."""
    return screen.load() if isinstance(screen, LazyScreen) else screen


def run_work(work: Work) -> tuple[list[Any], Any]:
    """Drive a ``Work`` to the end synchronously (tests and CPython): its progress values and result."""
    progress = []
    while True:
        try:
            progress.append(next(work.steps))
        except StopIteration as done:
            return progress, done.value


def screen_hash(game: str, screen: str, params: Mapping[str, Any]) -> str:
    """The URL hash of a game's screen with ``params`` (``ui.app.parse_route`` reads it back)."""
    from urllib.parse import urlencode  # here, not at the top: it imports ipaddress, slow to start in the page

    query = urlencode({k: str(v) for k, v in params.items()})
    return f"#/{game}/{screen}" + (f"?{query}" if query else "")
