"""The settings page (``#/settings``): what this device keeps for the app, and "clear my data".

It shows the offline copy of the app (the service worker's cache: its size and version), the player's
own data (stats, saved puzzles and matches, settings: the app's local-storage entries), the space the
browser allows, and whether the browser promised to keep it all (persistent storage). It is a pure
screen: it asks for numbers with effects (``ReadStorage``, ``KeepStorage``, ``ClearData``) that
``ui/storage.py`` carries out in the browser, answering with a ``StorageReport`` (``KeepStorage`` with a
``KeptAnswer``), and tells it when a service worker has saved the app since (``OfflineSaved``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamenight import games, i18n
from gamenight.i18n import N_, _, ngettext
from gamenight.ui.app import LANGUAGE_KEY, TABLE
from gamenight.ui.live import alerts
from gamenight.ui.program import Effect, Env, Focus, Message, ServiceEffect, UiEvent
from gamenight.ui.svg import Element, h

# --- effects (screen → ui/storage.py) --------------------------------------------------------------


@dataclass(frozen=True)
class ReadStorage(ServiceEffect):
    """Measure what the app keeps on this device; a ``StorageReport`` follows."""


@dataclass(frozen=True)
class KeepStorage(ServiceEffect):
    """Ask the browser to keep the app's storage even when space runs low; a ``KeptAnswer`` follows."""


@dataclass(frozen=True)
class ClearData(ServiceEffect):
    """Delete what the app stored for the player: its local-storage entries that ``cleared`` names; a report
    follows. The offline copy of the app stays: it holds nothing personal."""


# Kept by "Clear my data": the language the player chose. Removed, the page read on in it until the next
# visit, which opened in the browser's language: a page a player who chose the other may not read.
KEPT_ON_CLEAR = (LANGUAGE_KEY,)


# --- messages (ui/storage.py → screen) -------------------------------------------------------------


@dataclass(frozen=True)
class StorageReport:
    """What the browser said. ``None`` where it cannot tell (an API it lacks).

    ``usage`` and ``quota``: bytes the site uses in all and may use; ``offline_bytes``: of which the
    offline copy (Cache Storage); ``data_entries``/``data_bytes``: the app's local-storage entries;
    ``persisted``: the browser promised not to evict the site's storage; ``build``: the version of the
    offline copy serving this page ("" when none does yet); ``to_clear``: of the entries, how many "Clear my
    data" removes (``None``: not counted, so it asks); ``usage_has_local``: ``usage`` counts the local-storage
    entries (Chromium's estimate does not: 2 MB written there left it where it was; ``ui/storage.py`` tells).
    """

    usage: int | None = None
    quota: int | None = None
    offline_bytes: int | None = None
    data_entries: int = 0
    data_bytes: int = 0
    persisted: bool | None = None
    build: str = ""
    to_clear: int | None = None
    usage_has_local: bool = True


@dataclass(frozen=True)
class KeptAnswer:
    """The browser's answer to ``KeepStorage``: the report measured after it answered. Its own kind, not
    any next report: a report that comes while the browser is asked (the one "Clear my data" asks for) is
    not that answer."""

    report: StorageReport


@dataclass(frozen=True)
class OfflineSaved:
    """A service worker took control of this page: it has saved the app (it takes a page only once it has).
    The page measures again: opened on a first visit, before that, it said "Not saved yet" until a reload."""


def local_data_size(entries: Iterable[tuple[str, str]]) -> tuple[int, int]:
    """How many entries, and their bytes as browsers count local storage (UTF-16: 2 per code unit)."""
    count = size = 0
    for key, value in entries:
        count += 1
        size += len(key.encode("utf-16-le")) + len(value.encode("utf-16-le"))
    return count, size


def cleared(key: str, prefix: str) -> bool:
    """Whether "Clear my data" removes the local-storage entry ``key``: one of the app's (behind ``prefix``), but
    not one it keeps (``KEPT_ON_CLEAR``). The one rule of what the page counts (``clearable``) and of what
    ``ui/storage.py`` removes: each deciding on its own, the count said before the question could differ from
    what went."""
    return key.startswith(prefix) and key.removeprefix(prefix) not in KEPT_ON_CLEAR


def clearable(keys: Iterable[str], prefix: str) -> int:
    """How many of the entries ``keys`` "Clear my data" removes (``cleared``)."""
    return sum(1 for key in keys if cleared(key, prefix))


# A no-break space joins a number to its unit, so a narrow screen never wraps "14.1 / MB"; word joiners hold
# the number's own characters together (``i18n.whole``): the renderer's no-break run had stopped at the
# full stop, and a line broke "17." / "8 MB".
_UNITS = (N_("{n}\u00a0KB"), N_("{n}\u00a0MB"), N_("{n}\u00a0GB"))


def size_text(size: int) -> str:
    """A byte count as people read it: ``"812 bytes"``, ``"14.1 MB"`` (decimal units, like file managers),
    the number and its unit held together by a no-break space, the number's characters by word joiners (the
    renderer draws the whole as one no-break run; a reader gets neither mark)."""
    if size < 1000:
        return ngettext("{n}\u00a0byte", "{n}\u00a0bytes", size).format(n=size)
    value, unit = size / 1000, 0
    while value >= 1000 and unit < len(_UNITS) - 1:
        value, unit = value / 1000, unit + 1
    shown = f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return _(_UNITS[unit]).format(n=i18n.whole(shown))


# --- the screen ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Model:
    """``report`` is ``None`` until the browser answered; ``step`` is ``""``, ``"confirm"`` (the player
    asked to clear and must confirm), ``"cleared"`` or ``"nothing"`` (asked to clear, with nothing to clear);
    ``asked`` is set once "keep my data" was pressed, and
    ``asking`` until the browser's answer (``KeptAnswer``) came; ``questions``: times "Delete your stats …?"
    was asked (which alert region says it, ``ui.live.alerts``); ``back``: the game whose table or screen the
    page was opened from (the header's link, inside a match or a solo puzzle), which it leads back to, at
    ``back_to`` (that screen's address; "": the game's table) (``ui.app.update`` sets both)."""

    report: StorageReport | None = None
    step: str = ""
    asked: bool = False
    asking: bool = False
    questions: int = 0
    back: str = ""
    back_to: str = ""


@dataclass(frozen=True)
class SettingsScreen:
    label: str = N_("Settings")
    storage_keys: tuple[str, ...] = ()

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Model, list[Effect]]:
        return Model(), [ReadStorage()]

    def update(self, model: Model, message: Message) -> tuple[Model, list[Effect]]:
        if isinstance(message, KeptAnswer):
            return replace(model, report=message.report, asking=False), []
        if isinstance(message, StorageReport):
            return replace(model, report=message), []
        if isinstance(message, OfflineSaved):
            return model, [ReadStorage()]
        if not isinstance(message, UiEvent):
            return model, []
        if message.type == "keydown" and message.key == "Escape" and message.action in ANSWERS:
            # Escape on an answer keeps the data, as on every question that can lose something.
            message = UiEvent("click", action="clear-cancel")
        if message.type != "click":
            return model, []
        if message.action == "clear-data" and model.report is not None and model.report.to_clear == 0:
            return replace(model, step="nothing"), []  # nothing to lose: no question, and focus stays
        if message.action == "clear-data":
            return replace(model, step="confirm", questions=model.questions + 1), [Focus("#clear-cancel")]
        if message.action == "clear-cancel" and model.step == "confirm":
            return replace(model, step=""), [Focus("#clear-data")]
        if message.action == "clear-confirm" and model.step == "confirm":
            return replace(model, step="cleared"), [ClearData(), Focus("#clear-data")]
        if message.action == "keep-data":
            # The button gives way to the answer: focus goes to it (it reads it out), not to the body.
            return replace(model, asked=True, asking=True), [KeepStorage(), Focus("#kept-answer")]
        return model, []

    def view(self, model: Model) -> Element:
        return h(
            "main",
            {"class": "page settings"},
            h("h1", {"tabindex": "-1"}, _("Settings")),
            storage_section(model),
            clear_section(model),
            # The way back every page ends with (the game pages, the lobby's), not only the header's title; and,
            # opened from a match, the way back to it: an installed app on a laptop shows no Back button.
            h(
                "p",
                {"class": "actions"},
                back_link(model.back, model.back_to),
                h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games")),
            ),
        )

    def title(self, model: Model) -> str:
        return i18n.title(_("Settings"))


def back_link(game: str, address: str = "") -> Element | None:
    """The link back to ``game``'s table ("← Back to Light Seeker"), or to its screen at ``address`` (a solo
    puzzle's link), or nothing for no game (or one unknown)."""
    info = games.info(game) if game else None
    if info is None:
        return None
    # The title held whole, as the app's headings hold it (``i18n.name``: a line breaks around it, never
    # inside it). Its no-break span keeps the space before it: a link drawn as a button lays its words out
    # inline (css/app.css ``a.button``), not as flex items, which dropped it ("← Back toLight Seeker").
    words = _("← Back to {game}").format(game=i18n.name(info.title))
    href = address if address.startswith(f"#/{info.id}/") else f"#/{info.id}/{TABLE}"
    return h("a", {"class": "button settings-back", "href": href}, words)


def storage_section(model: Model) -> Element:
    report = model.report
    if report is None:
        body: Any = h("p", {"class": "muted"}, _("Measuring…"))
    else:
        body = h("dl", {"class": "storage"}, storage_rows(report, model))
    return h(
        "section",
        {"class": "panel", "aria-labelledby": "storage-title"},
        h("h2", {"id": "storage-title"}, _("Storage on this device")),
        body,
    )


def storage_rows(report: StorageReport, model: Model) -> list[Element]:
    if report.build:
        offline = _("Saved, version {version}: the games start without a network.").format(version=report.build)
        if report.offline_bytes is not None:
            offline = i18n.separated(size_text(report.offline_bytes), offline)
    else:
        offline = _("Not saved yet. It is saved in the background while you play online.")
    entries = ngettext("{n} entry", "{n} entries", report.data_entries).format(n=report.data_entries)
    data = i18n.separated(size_text(report.data_bytes), entries)
    rows: list[tuple[str, str | list[Element | str], str]] = [
        (_("Offline copy of the app"), offline, "offline"),
        (_("Your data: stats, saved puzzles and matches, settings"), data, "data"),
    ]
    if report.usage is not None and report.quota is not None:
        # The player's data in it, where the browser's estimate leaves it out: "Clear my data" left the row
        # where it was while "Your data" dropped to nothing (QA79).
        used = report.usage + (0 if report.usage_has_local else report.data_bytes)
        total = _("{used} of the {allowed} this browser allows").format(
            used=size_text(used), allowed=size_text(report.quota)
        )
        rows.append((_("Used in all"), total, "usage"))
    rows.append((_("Kept when space runs low"), kept(report, model), "kept"))
    return [h("div", {"data-row": key}, h("dt", {}, term), h("dd", {}, value)) for term, value, key in rows]


def kept(report: StorageReport, model: Model) -> list[Element | str]:
    if model.asking:  # the report shown is from before the question: not the browser's answer to it
        text = _("Not promised: the browser may delete it when the device runs low on space.")
        return [text, i18n.sentence_gap(), answer(_("Asking the browser…"), 0)]
    if report.persisted is None:
        return [_("This browser does not say.")]
    if report.persisted:
        yes = _("Yes: the browser will not delete it to free space.")
        return [answer(yes, 1) if model.asked else yes]
    text = _("Not promised: the browser may delete it when the device runs low on space.")
    if model.asked:
        declined = _("The browser declined for now; it decides from how often you play.")
        return [text, i18n.sentence_gap(), answer(declined, 1)]
    return [text, i18n.sentence_gap(), button("keep-data", _("Ask to keep it"))]


def answer(text: str, said: int) -> Element:
    """The browser's answer to "Ask to keep it" (``said`` 1), or "Asking the browser…" until it comes (0),
    where focus goes from the button it replaces. Focus reads the asking out; the answer, coming later to
    an element already focused, is said by a polite live region drawn with the asking (``ui.live.alerts``)."""
    return h(
        "span", {"id": "kept-answer", "tabindex": "-1"}, alerts(text, said, "", "kept-said", polite=True, tag="span")
    )


def button(action: str, text: str, kind: str = "", described_by: str = "") -> Element:
    """A button acting for itself, its id the same as its action (focus returns to it by id), described by
    the elements of ids ``described_by``."""
    attrs = {"type": "button", "class": f"button {kind}".strip(), "id": action, "data-action": action}
    if described_by:
        attrs["aria-describedby"] = described_by
    return h("button", attrs, text)


QUESTION = "clear-question"
ANSWERS = ("clear-cancel", "clear-confirm")


def clear_section(model: Model) -> Element:
    """The "Clear my data" button, or the question it asks. The question is said as it is asked (and again when asked
    again): focus goes to "Cancel", which does not read it out; it describes the answer that loses data."""
    question = _(
        "Delete your stats, your saved puzzles and matches and the game nights you host or joined? "
        "Your choice of language stays. This cannot be undone."
    )
    # The question's regions are drawn empty (hidden) before it is asked: asked in regions that came with it,
    # it was not announced.
    asked = alerts(question if model.step == "confirm" else "", model.questions, "warning", QUESTION)
    if model.step == "confirm":
        controls = [
            *asked,
            button("clear-cancel", _("Cancel")),
            button("clear-confirm", _("Yes, clear my data"), "danger", f"{QUESTION}-0 {QUESTION}-1"),
        ]
    else:
        controls = [*asked, button("clear-data", _("Clear my data"))]
    done = {
        "cleared": _("Your data was cleared. Your choice of language stays."),
        "nothing": _("Nothing to clear: this device keeps no stats, puzzles, matches or game nights of yours."),
    }.get(model.step, "")
    return h(
        "section",
        {"class": "panel", "aria-labelledby": "clear-title"},
        h("h2", {"id": "clear-title"}, _("Clear my data")),
        h(
            "p",
            {},
            _(
                "Removes your stats, your saved puzzles and matches and the game nights you host or joined "
                "from this device. Your choice of language and the offline copy of the app stay."
            ),
        ),
        h("div", {"class": "actions"}, controls),
        h("p", {"class": "settings-status", "role": "status"}, done),
    )


SCREEN = SettingsScreen()
