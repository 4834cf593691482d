"""Every visible word goes through the catalogue: the app rendered in a pseudo-language shows no English.

The pseudo-language writes every translated text in full-width letters (``Settings`` → ``Ｓｅｔｔｉｎｇｓ``,
placeholders kept), so a plain ASCII word left on a screen — a text node, an ``aria-label``, a ``title``,
a placeholder, the page title — is a string that bypassed ``_()``. Names the players typed, game titles
and key names are the only ASCII words allowed.
"""

from __future__ import annotations

import gettext
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from gamenight import games, i18n
from gamenight.ui import app
from gamenight.ui.program import Env, UiEvent, UpdateReady
from gamenight.ui.svg import Element
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby, join

_FULL = {c: chr(ord(c) + 0xFEE0) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"}


def pseudo(text: str) -> str:
    """``text`` with its letters full-width, leaving ``{placeholders}`` as they are."""
    parts = re.split(r"(\{[^{}]*\})", text)
    return "".join(p if p.startswith("{") else "".join(_FULL.get(c, c) for c in p) for p in parts)


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


# ASCII words that are not the app's to translate: names (the site's, the games', the players' in these
# tests), the languages' own names (and "EN", English's cut short: ui/app.py LANGUAGE_SHORT), keys on the
# keyboard, and units.
ALLOWED = {
    "Game Night Central",
    *(info.title for info in games.CATALOG),
    *("Ann", "Bea", "Cal", "Friday night", "Good luck", "nowhere"),  # typed by the players in these tests
    "turn:relay.example.org:3478",  # an example of an address to type
    *("Tab", "Enter", "Space", "Escape", "Esc", "Delete", "Backspace", "Home", "End", "Shift", "Ctrl", "Alt"),
    *("English", "EN", "TURN", "STUN", "ICE", "JSON", "UTF", "QR", "KB", "MB", "GB", "Buh"),
}
_ALLOWED = re.compile("|".join(re.escape(w) for w in sorted(ALLOWED, key=len, reverse=True)))
_WORD = re.compile(r"[A-Za-z]{2,}")
ATTRIBUTES = ("aria-label", "aria-roledescription", "aria-valuetext", "aria-description", "title", "placeholder", "alt")
# Elements whose text is data, not words: codes and links to copy.
DATA_TAGS = {"textarea", "code", "script", "style"}


def english_words(text: str) -> list[str]:
    # Read as a reader gets it: a game's title is held with no-break spaces (``i18n.name``).
    return _WORD.findall(_ALLOWED.sub(" ", i18n.plain(text)))


def visible_texts(node: Element | str, path: str = "") -> Iterator[tuple[str, str]]:
    """(where, text) for every text node and readable attribute under ``node``."""
    if isinstance(node, str):
        yield path, node
        return
    where = f"{path}/{node.tag}" + (f".{node.attr('class')}" if node.attr("class") else "")
    for name in ATTRIBUTES:
        value = node.attr(name)
        if isinstance(value, str):
            yield f"{where}@{name}", value
    if node.tag in DATA_TAGS:
        return
    for child in node.children:
        yield from visible_texts(child, where)


def untranslated(tree: Element) -> list[str]:
    return [f"{where}: {text!r}" for where, text in visible_texts(tree) if english_words(text)]


@pytest.fixture(autouse=True)
def pseudo_language():
    i18n.set_language("en", Pseudo())
    yield
    i18n.set_language("en")


def check(model: app.Model, label: str) -> None:
    problems = untranslated(app.view(model))
    if english_words(app.title(model)):
        problems.append(f"page title: {app.title(model)!r}")
    assert not problems, f"{label}:\n" + "\n".join(problems[:15])


def test_the_check_catches_an_english_literal():
    from gamenight.ui.svg import h

    assert untranslated(h("p", {}, pseudo("Ready"), " ", "Ann")) == []
    assert untranslated(h("p", {}, "Ready")) == ["/p: 'Ready'"]
    assert untranslated(h("button", {"aria-label": "Close"}, "×")) == ["/button@aria-label: 'Close'"]


def routes() -> list[str]:
    found = ["#/", "#/settings", "#/nowhere", "#/host?game=raythread", "#join=nonsense", "#reply=nonsense"]
    for info in games.CATALOG:
        found.append(f"#/{info.id}")
        if info.id in games.GUIDES:
            found.append(f"#/{info.id}/{app.RULES}")
        if info.id in games.ON_ONE_DEVICE:
            found.append(f"#/{info.id}/{app.TABLE}")
    found += [f"#/{game}/{screen}" for game, screen in games.SCREENS]
    return found


@pytest.mark.parametrize("route", routes())
def test_every_route_with_its_help_and_rules_overlays(route):
    model, _ = app.init(route, Env(now_ms=1_000))
    check(model, route)
    help_open, _ = app.update(model, UiEvent("click", "app-help", {}), Env())
    check(help_open, f"{route} with help")
    if model.route.game in games.GUIDES:
        rules_open, _ = app.update(help_open, UiEvent("click", "app-rules", {"game": model.route.game}), Env())
        assert rules_open.overlay == "rules"
        check(rules_open, f"{route} with the rules")
    offered, _ = app.update(model, UpdateReady(), Env())
    check(offered, f"{route} with the update offer")


@pytest.mark.parametrize("game", games.ON_ONE_DEVICE)
def test_a_match_on_this_device(game):
    model, _ = app.init(f"#/{game}/{app.TABLE}", Env(now_ms=1_000))
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    model, _ = app.update(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), Env(now_ms=2_000))
    assert model.inner.phase == "playing"
    check(model, f"{game} table")
    model, _ = app.update(model, UiEvent("click", "table-undo", {}), Env(now_ms=3_000))
    check(model, f"{game} table, nothing to undo")


def test_a_raythread_match_played_to_its_end_through_the_board():
    from gamenight.raythread import rules
    from tests.unit.ui.test_table import play, started

    model, _ = started(("Ann", "Bea", "Cal"), target="3")
    chooser = random.Random(3)
    checked = 0
    while model.inner.played.state.ended is None:
        state = model.inner.played.state
        model, _ = play(model, chooser.choice(rules.legal(state, state.seats[state.turn])))
        if checked < 4 or model.inner.played.state.ended:
            check(model, f"raythread after {len(model.inner.played.record.log)} moves")
            checked += 1
    model, _ = app.update(model, UiEvent("click", "rt-hand", {"kind": "mirror"}), Env(now_ms=3_000))
    check(model, "raythread, a click after the end")


def test_a_lobby_before_and_during_a_match_on_every_page():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    check(host.model, "host, alone")
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="2")
    bea.click("sit", seat="C")
    bea.submit("chat", text="Good luck")
    host.click("invite")
    for page, who in ((host, "host"), (bea, "guest")):
        check(page.model, f"lobby, {who}")
    host.click("start")
    cal = join(rtc, host, "Cal")
    for page, who in ((host, "host"), (bea, "guest"), (cal, "spectator")):
        assert page.by_class("match-screen")
        check(page.model, f"match, {who}")
    bea.click("start")  # refused: only the host starts a match
    check(bea.model, "a refusal on the guest's page")
    host.click("end")
    for page, who in ((host, "host"), (bea, "guest"), (cal, "spectator")):
        check(page.model, f"after the match, {who}")
    for game, players in (("lightseeker", "2"), ("reflection", "3")):
        host.submit("choose", game=game, players=players)
        check(host.model, f"{game} chosen")
        host.click("start")
        check(host.model, f"{game} refused or started")


# Import every pure module in a fresh interpreter, so that every reason code and term of the app is
# registered, and none of those the tests register for themselves.
REGISTRY = """
import importlib, json, pkgutil, gamenight
from gamenight import i18n
for module in pkgutil.walk_packages(gamenight.__path__, "gamenight."):
    if module.name not in ("gamenight.ui.dom", "gamenight.net.rtc", "gamenight.ui.storage"):
        importlib.import_module(module.name)
print(json.dumps({"reasons": i18n.REASONS, "terms": i18n.TERMS}))
"""


def test_every_refusal_code_reads_in_the_page_language_and_is_in_the_catalogues():
    from tests.unit.test_catalogues import ROOT, catalogue

    found = subprocess.run(
        [sys.executable, "-c", REGISTRY], capture_output=True, text=True, check=True, cwd=ROOT / "py"
    )
    registry = json.loads(found.stdout)
    assert len(registry["reasons"]) > 100
    ja = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in catalogue("ja") if m.id}
    problems = []
    for code, template in registry["reasons"].items():
        if code == "text":
            continue
        if not ja.get(template):
            problems.append(f"{code}: {template!r} is not in the Japanese catalogue")
        i18n.reasons({code: template})
        params = {name: 7 for name in re.findall(r"\{(\w+)", template)}
        if english_words(i18n.describe(code, params)):
            problems.append(f"{code}: {i18n.describe(code, params)!r}")
    for value, msgid in registry["terms"].items():
        if not ja.get(msgid):
            problems.append(f"term {value}: {msgid!r} is not in the Japanese catalogue")
    assert not problems, "\n".join(problems)


def test_switching_the_language_redraws_what_a_board_keeps_between_frames():
    from tests.unit.ui.test_table import started

    i18n.set_language("en")
    model, _ = started(("Ann", "Bea"))
    assert untranslated(app.view(model)), "in English the board's cells are named in English"
    i18n.set_language("en", Pseudo())
    check(model, "the same board after switching the language")


def test_a_light_seeker_match_played_to_its_end_through_the_board():
    from gamenight.lightseeker import GAME
    from tests.unit.ui import test_table_lightseeker as ls

    model, _ = ls.started()
    chooser = random.Random(5)
    turns = 0
    while model.inner.played.state.outcome is None:
        state = model.inner.played.state
        move = chooser.choice(GAME.legal(state, state.to_move))
        if turns < 2:  # half-way through a turn: a cube chosen, its arrows, then Buh to move
            first = move["actions"][0]
            r, c = model.inner.ui.local.board().cells[first["cube"]]
            halfway, _ = ls.click(model, "ls-cell", r=r, c=c)
            check(halfway, "light seeker, a cube chosen")
            halfway, _ = ls.click(halfway, "ls-act", cube=first["cube"], kind=first["kind"], dir=first["dir"])
            check(halfway, "light seeker, after an action")
        model, _ = ls.play(model, move)
        turns += 1
        if turns < 3 or model.inner.played.state.outcome is not None:
            check(model, f"light seeker after {turns} turns")


def check_screen(tree: Element, title: str, label: str) -> None:
    problems = untranslated(tree)
    if english_words(title):
        problems.append(f"page title: {title!r}")
    assert not problems, f"{label}:\n" + "\n".join(problems[:15])


def test_reflection_solo_in_every_phase():
    from gamenight.reflection import solo
    from gamenight.reflection.laser import edge_names
    from tests.unit.reflection import test_solo as rs

    def seen(model, label):
        check_screen(rs.SCREEN.view(model), rs.SCREEN.title(model), label)

    model, _ = rs.generated()
    seen(model, "solo, a new puzzle")
    edge = edge_names(model.puzzle.size)[0]
    steps = [
        ("a laser shown", rs.click("edge", edge=edge)),
        ("a hint", rs.click("hint")),
        ("a tile placed", rs.click("tray", kind="diagonal")),
        ("", rs.cell(0, 0)),
        ("a check", rs.click("check")),
        ("undone", rs.click("undo")),
        ("redone", rs.click("redo")),
        ("a note", rs.click("tray", kind="dot")),
        ("", rs.cell(1, 1)),
        ("the save dialog", rs.click("save")),
        ("bigger cells", rs.click("zoom")),
        ("restarted", rs.click("restart")),
    ]
    for label, message in steps:
        model, _ = rs.send(model, message)
        if label:
            seen(model, f"solo, {label}")
    asked, _ = rs.send(model, rs.click("give-up"))
    seen(asked, "solo, asked to give up")
    given_up, _ = rs.send(asked, rs.click("give-up"))
    assert given_up.phase == "revealed"
    seen(given_up, "solo, given up")
    solved = rs.place_solution(rs.generated()[0])
    assert solved.phase == "solved"
    seen(solved, "solo, solved")
    options, _ = rs.send(solved, rs.click("options"))
    seen(options, "solo, back to the options")
    today, _ = rs.SCREEN.init({}, Env(now_ms=1_796_000_000_000))  # the daily puzzles of 2026-11-30
    daily, _ = rs.send(today, rs.click("daily", preset="easy"))
    seen(daily, "solo, a daily puzzle being made")
    assert solo.SCREEN is rs.SCREEN
