"""A test driver for the lobby screens: pages run the real app program; ``FakeRtc`` plays the browser.

``FakeRtc`` carries out the WebRTC effects as ``net/rtc.py`` does, in memory: an offer or answer is a
real SDP text built by ``invite.build_sdp`` with a ufrag unique to its connection, so a page can
only connect by passing the codes through its screens, as people do. Messages are queued and
delivered by ``pump``. Pages of one ``browser`` share local storage and hear each other's signals.

A page keeps keyboard focus as ``ui/dom.py`` does (``Page.focus``): a ``Focus`` request moves it to its
element once drawn, else to the screen's ``[data-focus-home]``, and one with ``only_from`` only if focus
is in such an element now (or on the body, with ``nowhere``), one with ``not_from`` only if it is not; a
click moves it to what was clicked, as a browser does; a key is pressed where focus is. Focus is kept as
the shell finds its element again after a render (by id, or a board's Tab stop), and found on the page as
it is drawn when asked; if its element is gone, it is on the screen's home, as the page's render puts it
(index.html), or on the body.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamenight.net import invite as iv
from gamenight.net import peer as pe
from gamenight.ui import app
from gamenight.ui.program import (
    Copied,
    Copy,
    Env,
    Focus,
    Navigate,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    StoreEntries,
    Tick,
    UiEvent,
    WarnBeforeLeaving,
    Work,
    WorkDone,
    keep_written,
    run_work,
)
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui import select

SITE = "https://friends.example/gnc/?stun=none"
ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass
class Browser:
    """One browser profile: its local storage (with the shell's key names) and its open pages."""

    storage: dict[str, str] = field(default_factory=dict)
    pages: list[Page] = field(default_factory=list)


SESSION = "session:"  # a stored key named so is the tab's own, as ``ui/dom.py`` names it
LEFT = SESSION + pe.LEFT_KEY  # a tab's own storage (``sessionStorage``), as ``ui/dom.py`` names it to a screen


class Page:
    def __init__(
        self, rtc: FakeRtc, browser: Browser, location_hash: str, session: dict[str, str] | None = None
    ) -> None:
        self.rtc, self.browser = rtc, browser
        self.open = True
        self.copied: list[str] = []
        self.timers: set[str] = set()
        self.every: dict[str, int] = {}  # each timer's period as last started (a pause's length)
        self.works: dict[str, Work] = {}  # background work asked for and not run yet (a new one replaces its namesake)
        self.ran: list[tuple[str, object]] = []  # the tasks run to their end, with their values, in order
        self.warn = False
        self.focused: list[str] = []  # the selectors focus went to at the page's request, in order
        self.focus_asked: list[Focus] = []  # every request whole (what to show with it, when to take it), taken or not
        self.shown: list[str] = []  # what ``ShowInWindow`` asked the page to scroll into the window
        self.focus: str | None = None  # where keyboard focus is, as the shell finds it again (None: the body)
        self.address = location_hash  # the page's address, as its screen rewrites it (``Navigate``)
        self.session = session if session is not None else {}  # this tab's own storage: a reload keeps it
        browser.pages.append(self)
        keys = app.storage_keys(location_hash)
        found = {**browser.storage, **self.session}
        env = Env({k: found[k] for k in keys if k in found}, rtc.now, SITE + location_hash)
        self.model, effects = app.init(location_hash, env)
        self.run(effects)

    # --- input ---------------------------------------------------------------------------------------

    def send(self, message: Any) -> None:
        if not self.open:
            return
        if isinstance(message, UiEvent) and message.action and message.type in ("click", "keydown"):
            self.input_at(message)
        self.model, effects = app.update(self.model, message, Env(now_ms=self.rtc.now))
        self.run(effects)

    def click(self, action: str, **data: str) -> None:
        self.send(UiEvent("click", action, data, now_ms=self.rtc.now))
        self.rtc.pump()

    def submit(self, action: str, **form: str) -> None:
        self.send(UiEvent("submit", action, {}, form=form, now_ms=self.rtc.now))
        self.rtc.pump()

    def tick(self, timer: str) -> None:
        self.send(Tick(timer, self.rtc.now))
        self.rtc.pump()

    def work(self, task: str | None = None) -> None:
        """Run the page's background work (all of it, or ``task``) to its end, as the shell's slices do."""
        while pending := [name for name in self.works if task in (None, name)]:
            work = self.works.pop(pending[0])
            _progress, value = run_work(work)
            self.ran.append((work.task, value))
            self.send(WorkDone(work.task, value, self.rtc.now))
            self.rtc.pump()

    def close(self) -> None:
        """The player closes the tab: its connections end."""
        self.open = False
        self.rtc.page_closed(self)

    def reload(self) -> Page:
        """The player reloads the tab: its connections end, and the new page at the same address has this
        tab's own storage, with the mark ``net/rtc.py`` leaves when a page that held an open connection goes."""
        if any(end.page is self and end.open for end in self.rtc.ends.values()):
            self.session[LEFT] = "1"
        self.close()
        page = Page(self.rtc, self.browser, self.address, self.session)
        self.rtc.pump()
        return page

    # --- what the page shows -------------------------------------------------------------------------

    @property
    def tree(self) -> Element:
        return app.view(self.model)

    @property
    def text(self) -> str:
        return text_of(self.tree)

    def find(self, predicate: Callable[[Element], bool]) -> list[Element]:
        return find_all(self.tree, predicate)

    def by_class(self, name: str) -> list[Element]:
        return self.find(lambda e: name in str(e.attr("class") or "").split())

    def value_of(self, name: str) -> str:
        """The ``value`` of the first element with class ``name`` (a link or code shown to copy)."""
        return str(self.by_class(name)[0].attr("value"))

    @property
    def inner(self) -> Any:
        return self.model.inner

    # --- keyboard focus, as ui/dom.py keeps it ------------------------------------------------------------

    def focused_at(self) -> select.Path | None:
        """The focused element (its path from the page's root) as the page is drawn now, or None (the body)."""
        if self.focus is None:
            return None
        tree = self.tree
        path = select.first(tree, self.focus)
        if path is None:  # its element went: the page's render puts focus on the screen's home (index.html)
            path = select.first(tree, "[data-focus-home]")
            self.focus = "[data-focus-home]" if path else None
        return path

    def focus_in(self, selector: str) -> bool:
        """Whether keyboard focus is in an element matching ``selector`` (``Element.closest``)."""
        path = self.focused_at()
        return path is not None and select.closest(path, selector) is not None

    def focus_on(self, selector: str) -> None:
        """Focus on the element ``selector`` finds as the page is drawn now (its screen's home if none is),
        kept as the shell finds it after a render: a board's Tab stop, else its id, else ``selector``."""
        tree = self.tree
        path = select.first(tree, selector)
        if path is None:
            path, selector = select.first(tree, "[data-focus-home]"), "[data-focus-home]"
        if path is None:
            self.focus = None
            return
        grid = select.closest(path, "[role=grid][id]")
        element_id = select.value(path[-1], "id")
        if grid is not None and grid != path:
            self.focus = f'#{select.value(grid[-1], "id")} [tabindex="0"]'
        else:
            self.focus = f"#{element_id}" if element_id else selector

    def input_at(self, event: UiEvent) -> None:
        """Where an input puts focus: a click on what it clicked (the closest element with its
        ``data-action`` and data); a key is pressed where focus is, so if the page's focus is not in
        the element the key names, it was on that element's Tab stop (a board's cell under its cursor)."""
        named = f'[data-action="{event.action}"]' + "".join(
            f'[data-{k}="{v}"]' for k, v in event.data.items() if '"' not in v
        )
        if event.type == "click":
            self.focus = named
        elif not self.focus_in(named):
            stop = f'{named} [tabindex="0"]'
            self.focus_on(stop if select.first(self.tree, stop) else named)

    # --- effects -------------------------------------------------------------------------------------

    def run(self, effects: list) -> None:
        for effect in effects:
            if isinstance(effect, Store) and effect.key.startswith(SESSION):  # this tab's own storage
                keep_written(self.session, effect)
            elif isinstance(effect, Store | StoreEntries):  # as the shell: entries merge with what is stored now
                keep_written(self.browser.storage, effect)
            elif isinstance(effect, StartTimer):
                self.timers.add(effect.timer)
                self.every[effect.timer] = effect.every_ms
            elif isinstance(effect, StopTimer):  # None: every timer, as the shell does
                self.timers.difference_update(list(self.timers) if effect.timer is None else [effect.timer])
            elif isinstance(effect, Copy):  # the clipboard takes it, and answers later, as a browser's does
                self.copied.append(effect.text)
                self.rtc.queue.append(lambda e=effect: self.send(Copied(True, e.said, e.serial)))
            elif isinstance(effect, WarnBeforeLeaving):
                self.warn = effect.on
            elif isinstance(effect, Focus):
                self.focus_asked.append(effect)
                nowhere = effect.nowhere and self.focused_at() is None
                if effect.only_from and not (self.focus_in(effect.only_from) or nowhere):
                    continue  # as ui/dom.py: focus is elsewhere (the chat), the player's, not this request's
                if effect.not_from and self.focus_in(effect.not_from):
                    continue  # as ui/dom.py: the player is typing there
                self.focused.append(effect.selector)
                self.focus_on(effect.selector)
            elif isinstance(effect, Navigate):
                self.address = effect.location_hash
            elif isinstance(effect, ShowInWindow):  # the shell scrolls it into the window; kept for tests
                self.shown.append(effect.selector)
            elif isinstance(effect, Work):
                self.works[effect.task] = effect
            elif isinstance(effect, StopWork):  # None: every task, as the shell does
                for task in list(self.works) if effect.task is None else [effect.task]:
                    self.works.pop(task, None)
            else:
                self.rtc.carry_out(self, effect)


@dataclass
class End:
    """One page's end of a connection."""

    page: Page
    peer: str
    ufrag: str
    other: End | None = None
    open: bool = False


class FakeRtc:
    def __init__(self) -> None:
        self.now = 1_800_000_000_000
        self.queue: deque[Callable[[], None]] = deque()
        self.ends: dict[str, End] = {}  # by ufrag
        self.count = 0
        self.listening: set[int] = set()
        self.sent: list[tuple[str, str]] = []  # (peer, text) of every SendText

    def page(self, browser: Browser, location_hash: str) -> Page:
        page = Page(self, browser, location_hash)
        self.pump()
        return page

    def visit(self, browser: Browser, address: str) -> Page:
        """A page opened at ``address`` on the site (an invitation's or a reply's link, pasted whole into the
        address bar): what follows the site's address is the page's route."""
        return self.page(browser, address.partition(SITE)[2])

    def _sdp(self, ufrag: str, setup: str) -> str:
        transport = iv.Transport(ufrag, "P" * 24, bytes(range(32)), (iv.Candidate("10.213.0.1", 40000),), setup)
        return iv.build_sdp(transport)

    def _new_end(self, page: Page, peer: str) -> End:
        self.count += 1
        ufrag = ICE[self.count // len(ICE)] + ICE[self.count % len(ICE)] + "uf"
        end = End(page, peer, ufrag)
        self.ends[ufrag] = end
        return end

    def _later(self, page: Page, message: Any) -> None:
        self.queue.append(lambda: page.send(message))

    def carry_out(self, page: Page, effect: Any) -> None:
        if isinstance(effect, pe.OpenInvite):
            assert effect.ice_servers == (), "tests use no STUN server"
            end = self._new_end(page, effect.peer)
            self._later(page, pe.OfferReady(effect.peer, self._sdp(end.ufrag, "actpass")))
        elif isinstance(effect, pe.AnswerOffer):
            offered = iv.parse_sdp(effect.sdp).ufrag
            end = self._new_end(page, effect.peer)
            host_end = self.ends.get(offered)
            if host_end is not None and host_end.other is None:
                end.other = host_end
            self._later(page, pe.AnswerReady(effect.peer, self._sdp(end.ufrag, "active")))
        elif isinstance(effect, pe.AcceptAnswer):
            guest = self.ends.get(iv.parse_sdp(effect.sdp).ufrag)
            host = next((e for e in self.ends.values() if e.page is page and e.peer == effect.peer), None)
            if guest is not None and host is not None and guest.other is host and guest.page.open:
                host.other, host.open, guest.open = guest, True, True
                for opened in (page, guest.page):  # as ``net/rtc.py``: an open connection takes the mark away
                    opened.session.pop(LEFT, None)
                self._later(page, pe.PeerOpened(host.peer, self.now))
                self._later(guest.page, pe.PeerOpened(guest.peer, self.now))
        elif isinstance(effect, pe.SendText):
            end = self._end(page, effect.peer)
            if end is not None and end.open and end.other.open:
                self.sent.append((effect.peer, effect.text))
                other = end.other
                self._later(other.page, pe.PeerText(other.peer, effect.text, self.now))
        elif isinstance(effect, pe.ClosePeer):
            end = self._end(page, effect.peer)
            if end is not None:
                self._drop(end, notify_self=False)
        elif isinstance(effect, pe.ListenSignals):
            self.listening.add(id(page))
        elif isinstance(effect, pe.PostSignal):
            for other in page.browser.pages:
                if other is not page and other.open and id(other) in self.listening:
                    self._later(other, pe.Signal(effect.text))
        else:
            raise TypeError(f"no fake for {effect!r}")

    def _end(self, page: Page, peer: str) -> End | None:
        return next((e for e in self.ends.values() if e.page is page and e.peer == peer), None)

    def _drop(self, end: End, notify_self: bool) -> None:
        del self.ends[end.ufrag]
        other = end.other
        if notify_self and end.page.open:
            self._later(end.page, pe.PeerClosed(end.peer, self.now, "peer-closed"))
        if other is not None and other.open and other.ufrag in self.ends:
            del self.ends[other.ufrag]
            self._later(other.page, pe.PeerClosed(other.peer, self.now, "peer-closed"))

    def page_closed(self, page: Page) -> None:
        for end in [e for e in self.ends.values() if e.page is page]:
            self._drop(end, notify_self=False)
        self.pump()

    def pump(self) -> None:
        for _ in range(10_000):
            if not self.queue:
                return
            self.now += 5
            self.queue.popleft()()
        raise RuntimeError("the fake network does not settle")


def host_lobby(rtc: FakeRtc, browser: Browser, game: str = "raythread", name: str = "Ann") -> Page:
    host = rtc.page(browser, f"#/host?game={game}")
    host.submit("host-setup", lobby="Friday night", name=name, game=game)
    return host


def invite_link(host: Page) -> str:
    """Click "Invite a player" and read the new invitation's link, as a person copies it."""
    host.click("invite")
    return str(host.by_class("invite-link")[0].attr("value"))


def answer(rtc: FakeRtc, host: Page, name: str, browser: Browser | None = None) -> tuple[Page, str]:
    """A guest opens a fresh invitation and answers with ``name``: its page and the reply, not pasted yet."""
    link = invite_link(host)
    guest = rtc.visit(browser or Browser(), link)
    guest.submit("join", name=name)
    return guest, guest.value_of("reply-code")


def reply_tab(rtc: FakeRtc, host: Page, name: str = "Bea", browser: Browser | None = None) -> tuple[Page, Page]:
    """A guest answers a fresh invitation with ``name`` and her reply's link is opened in ``browser`` (a fresh
    one unless given: a browser with no host page): the guest's page and the reply tab. The host pastes
    nothing; in the host's browser the reply tab hands the reply to the host tab."""
    guest, _reply = answer(rtc, host, name)
    return guest, rtc.visit(browser or Browser(), str(guest.by_class("reply-link")[0].attr("href")))


def join(rtc: FakeRtc, host: Page, name: str, browser: Browser | None = None) -> Page:
    """A guest opens a fresh invitation, answers with ``name``; the host pastes the reply."""
    guest, reply = answer(rtc, host, name, browser)
    host.submit("reply", reply=reply)
    return guest


def match_with_bea(rtc: FakeRtc, host_browser: Browser | None = None, game: str = "raythread") -> tuple[Page, Page]:
    """A two-player match of ``game`` started: Ann hosts, in the first seat (in ``host_browser``, to reload her
    page in); Bea joined and sat in the second: Raythread's seat C (the match's B), another game's seat 2."""
    host = host_lobby(rtc, host_browser or Browser(), game=game)
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="C" if game == "raythread" else "2")
    host.click("start")
    return host, bea


def invited_back(rtc: FakeRtc, host: Page, name: str, browser: Browser) -> tuple[Page, str]:
    """The host's "Invite again" next to member ``name``, opened in ``browser``: the page, and its reply
    (not pasted yet)."""
    member = next(m for m, info in host.inner.live.session.members.items() if info.name == name)
    host.click("invite", member=member)
    back = rtc.visit(browser, str(host.by_class("invite-link")[0].attr("value")))
    back.submit("join")
    return back, back.value_of("reply-code")


def welcomed_back(rtc: FakeRtc, host: Page, name: str, browser: Browser) -> Page:
    """Member ``name`` invited again, in ``browser``; the host pastes the reply: the page, back."""
    back, reply = invited_back(rtc, host, name, browser)
    host.submit("reply", reply=reply)
    return back
