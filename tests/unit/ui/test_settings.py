"""The settings page, the offer of a new version, and what the start page imports."""

import ast
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gamenight import games, i18n
from gamenight.ui import app, settings
from gamenight.ui.program import ApplyUpdate, Env, Focus, LazyScreen, UiEvent, UpdateReady
from gamenight.ui.settings import (
    ClearData,
    KeepStorage,
    KeptAnswer,
    ReadStorage,
    StorageReport,
    clearable,
    local_data_size,
    size_text,
)
from gamenight.ui.svg import find_all, h, render, text_of
from tests.unit.words import in_language

PY = Path(__file__).resolve().parents[3] / "py"
REPORT = StorageReport(
    usage=14_500_000,
    quota=10_800_000_000,
    offline_bytes=14_300_000,
    data_entries=3,
    data_bytes=2_048,
    persisted=False,
    build="87ad0c27f955",
)


def click(action: str) -> UiEvent:
    return UiEvent("click", action=action)


def open_settings():
    model, effects = app.init("#/settings", Env())
    assert model.route.page == "app" and effects == [ReadStorage()]
    return model


def row(model, key: str) -> str:
    (found,) = find_all(app.view(model), lambda e: e.attr("data-row") == key)
    return text_of(found).replace(i18n.JOINER, "")  # as a reader gets it


def test_asking_to_keep_the_data_waits_for_the_browser_and_says_its_answer_when_it_comes():
    """The answer said "The browser declined for now" the moment the button was pressed, before the browser
    answered, and a "yes" then changed the focused answer silently."""
    model = open_settings()
    model, _ = app.update(model, REPORT, Env())
    model, effects = app.update(model, click("keep-data"), Env())
    assert effects == [KeepStorage(), Focus("#kept-answer")]
    assert "Asking the browser…" in row(model, "kept")
    assert "declined" not in row(model, "kept") and "Ask to keep it" not in row(model, "kept")
    (asking,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
    assert asking.attr("tabindex") == "-1" and text_of(asking) == "Asking the browser…"
    regions = {e.attr("id") for e in find_all(asking, lambda e: e.attr("aria-live") == "polite")}
    model, _ = app.update(model, KeptAnswer(replace(REPORT, persisted=True)), Env())  # the browser said yes
    (answer,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
    # Said as it comes: in a polite live region drawn, empty, while the browser was asked.
    (said,) = find_all(answer, lambda e: e.attr("aria-live") == "polite" and text_of(e) != "")
    assert said.attr("id") in regions and "Asking" not in text_of(answer)
    assert text_of(said) == "Yes: the browser will not delete it to free space."
    with in_language("ja"):
        model, _ = app.update(open_settings(), REPORT, Env())
        model, _ = app.update(model, click("keep-data"), Env())
        (asking,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
        assert text_of(asking) == "ブラウザに問い合わせています…"


def test_only_the_browser_s_answer_to_ask_is_said_as_its_answer():
    """A race: the next report after "Ask to keep it" was taken as the browser's answer, so "Clear my data"
    confirmed while the browser was still asked showed the clear's report (not persisted) as "declined".
    The answer comes as its own message (``KeptAnswer``); any other report only updates the numbers."""
    model = open_settings()
    model, _ = app.update(model, REPORT, Env())
    model, _ = app.update(model, click("keep-data"), Env())
    model, _ = app.update(model, click("clear-data"), Env())
    model, effects = app.update(model, click("clear-confirm"), Env())
    assert ClearData() in effects
    model, _ = app.update(model, replace(REPORT, data_entries=0, data_bytes=0), Env())  # the clear's report
    assert "0 entries" in row(model, "data")
    assert "Asking the browser…" in row(model, "kept") and "declined" not in row(model, "kept")
    model, _ = app.update(model, KeptAnswer(replace(REPORT, data_entries=0, data_bytes=0, persisted=True)), Env())
    assert "Asking" not in row(model, "kept")
    (answer,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
    assert text_of(answer) == "Yes: the browser will not delete it to free space."


def test_the_answer_s_regions_carry_no_empty_attribute():
    """``ui.live.alerts`` drew the speaking region of the answer (no classes of its own) with ``class=""``."""
    model, _ = app.update(open_settings(), REPORT, Env())
    for step in (click("keep-data"), KeptAnswer(REPORT)):
        model, _ = app.update(model, step, Env())
        (answer,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
        regions = find_all(answer, lambda e: e.attr("aria-live") == "polite")
        assert len(regions) == 2
        for region in regions:
            assert all(value not in ("", None) for _name, value in region.attrs), region.attrs
        assert 'class=""' not in render(answer)


def test_an_answer_not_waited_for_only_updates_the_numbers():
    """An answer to an asking from an earlier visit of the page (its model gone) is a report like any other:
    the page asked nothing, so it says no answer and still offers to ask."""
    model, _ = app.update(open_settings(), REPORT, Env())
    model, _ = app.update(model, KeptAnswer(replace(REPORT, data_entries=5)), Env())
    assert "5 entries" in row(model, "data") and "Ask to keep it" in row(model, "kept")
    assert not find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")


def test_the_kept_row_s_two_sentences_stand_as_the_page_s_language_sets_them():
    """QA: the Japanese row read "…あります。 ブラウザに…", a half-width space between two sentences, which
    Japanese does not put there (docs/i18n.md); English keeps its space."""
    model, _ = app.update(open_settings(), REPORT, Env())
    assert "low on space. Ask to keep it" in row(model, "kept")
    with in_language("ja"):
        model, _ = app.update(open_settings(), REPORT, Env())
        for step in (None, click("keep-data")):
            if step is not None:
                model, _ = app.update(model, step, Env())
            assert "。 " not in row(model, "kept"), row(model, "kept")


def test_the_settings_page_asks_for_the_numbers_and_shows_them():
    model = open_settings()
    assert "Measuring…" in text_of(app.view(model))
    assert app.title(model) == "Settings · Game Night Central"
    model, effects = app.update(model, REPORT, Env())
    assert effects == []
    assert "14.3\u00a0MB" in row(model, "offline") and "version 87ad0c27f955" in row(model, "offline")
    assert "2.0\u00a0KB · 3 entries" in row(model, "data")
    assert "14.5\u00a0MB of the 10.8\u00a0GB this browser allows" in row(model, "usage")
    assert "may delete it" in row(model, "kept") and "Ask to keep it" in row(model, "kept")


def test_the_version_stands_apart_from_its_word_and_whole_in_either_language():
    """The Japanese row read "バージョン87ad0c27f955" (a word joiner held the id to the word, with no space):
    the id stands a space apart from its word, as in English, and the line never breaks inside it or between
    the two in Japanese (one no-break run of the plain text, a plain space as a reader gets it)."""
    for language, said in (("en", "version 87ad0c27f955"), ("ja", "バージョン 87ad0c27f955")):
        i18n.set_language(language)
        model, _ = app.update(open_settings(), REPORT, Env())
        (offline,) = find_all(app.view(model), lambda e: e.attr("data-row") == "offline")
        assert said in i18n.plain(text_of(offline)), (language, text_of(offline))
    # Japanese may break between any two characters: the word and the id are one no-break run (with the colon
    # after it: a run keeps what follows it without a space, ui/svg.py).
    held = re.findall(r'<span class="nobr">([^<]*)</span>', render(offline))
    assert any(run.endswith(("ン 87ad0c27f955", "ン 87ad0c27f955：")) for run in held), held
    i18n.set_language("en")


def test_what_the_browser_cannot_tell_is_said_plainly():
    model = open_settings()
    model, _ = app.update(model, StorageReport(data_entries=1, data_bytes=10), Env())
    assert "Not saved yet" in row(model, "offline")
    assert "10\u00a0bytes · 1 entry" in row(model, "data")
    assert not find_all(app.view(model), lambda e: e.attr("data-row") == "usage")
    assert "does not say" in row(model, "kept")
    model, _ = app.update(model, StorageReport(persisted=True), Env())
    assert "will not delete it" in row(model, "kept") and "Ask to keep it" not in row(model, "kept")


def test_asking_to_keep_the_data_reports_again_and_says_when_the_browser_declined():
    model = open_settings()
    model, _ = app.update(model, REPORT, Env())
    model, effects = app.update(model, click("keep-data"), Env())
    # The pressed button gives way to the answer: focus goes to the answer, which it reads out, not to
    # the body (QA52, by keyboard).
    assert effects == [KeepStorage(), Focus("#kept-answer")]
    model, _ = app.update(model, KeptAnswer(REPORT), Env())  # still not persisted
    assert "declined for now" in row(model, "kept") and "Ask to keep it" not in row(model, "kept")
    (answer,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
    assert answer.attr("tabindex") == "-1" and "declined for now" in text_of(answer)
    model, _ = app.update(model, replace(REPORT, persisted=True), Env())  # the browser said yes after all
    (answer,) = find_all(app.view(model), lambda e: e.attr("id") == "kept-answer")
    assert text_of(answer) == "Yes: the browser will not delete it to free space."


def test_clearing_my_data_asks_first_and_can_be_cancelled():
    model = open_settings()
    model, effects = app.update(model, click("clear-confirm"), Env())
    assert effects == [], "confirming without being asked does nothing"
    model, effects = app.update(model, click("clear-data"), Env())
    assert effects == [Focus("#clear-cancel")]
    assert "This cannot be undone." in text_of(app.view(model))
    # The safe answer first, as on every question that can lose something (test_table, test_lobby_screens).
    answers = find_all(app.view(model), lambda e: e.attr("id") in ("clear-cancel", "clear-confirm"))
    assert [(b.attr("id"), b.attr("class")) for b in answers] == [
        ("clear-cancel", "button"),
        ("clear-confirm", "button danger"),
    ]
    model, effects = app.update(model, click("clear-cancel"), Env())
    assert effects == [Focus("#clear-data")] and "cannot be undone" not in text_of(app.view(model))
    model, _ = app.update(model, click("clear-data"), Env())
    model, effects = app.update(model, click("clear-confirm"), Env())
    assert effects == [ClearData(), Focus("#clear-data")]
    assert "Your data was cleared." in text_of(app.view(model))


def test_clearing_my_data_keeps_the_language_and_says_so_before_and_after():
    """ "Clear my data" removed the language chosen too: the page read on in it until the next visit, which
    opened in the browser's language, a page a player who chose the other one may not read. The language is
    kept, and the question, the section's words and the news after say so (it said "and settings")."""
    model = open_settings()
    section = text_of(app.view(model))
    assert "Your choice of language and the offline copy of the app stay." in section
    # A game night the player hosts or joined is kept on the device too, and goes with the rest (a player's pass).
    assert "Removes your stats, your saved puzzles and matches and the game nights you host or joined" in section
    model, _ = app.update(model, click("clear-data"), Env())
    (alert,) = find_all(app.view(model), lambda e: e.attr("role") == "alert" and text_of(e) != "")
    assert text_of(alert) == (
        "Delete your stats, your saved puzzles and matches and the game nights you host or joined? Your choice of "
        "language stays. This cannot be undone."
    )
    model, effects = app.update(model, click("clear-confirm"), Env())
    assert ClearData() in effects
    (done,) = find_all(app.view(model), lambda e: e.attr("class") == "settings-status")
    assert text_of(done) == "Your data was cleared. Your choice of language stays."


def test_clear_my_data_asks_nothing_when_nothing_of_the_player_s_is_stored():
    """With nothing stored but the language it keeps, "Clear my data" still asked "Delete your stats …? This
    cannot be undone." and then said "Your data was cleared." (a player's pass): there was nothing to
    lose. It says so instead, where focus stays, and asks again once something is stored."""
    model = open_settings()
    model, _ = app.update(model, replace(REPORT, data_entries=1, to_clear=0), Env())
    model, effects = app.update(model, click("clear-data"), Env())
    assert effects == [] and "cannot be undone" not in text_of(app.view(model))
    (status,) = find_all(app.view(model), lambda e: e.attr("class") == "settings-status")
    assert text_of(status) == "Nothing to clear: this device keeps no stats, puzzles, matches or game nights of yours."
    model, _ = app.update(model, replace(REPORT, to_clear=2), Env())
    model, effects = app.update(model, click("clear-data"), Env())
    assert effects == [Focus("#clear-cancel")] and "cannot be undone" in text_of(app.view(model))


def test_what_clear_my_data_removes_is_counted_without_what_it_keeps():
    assert clearable([], "gnc:") == 0
    assert clearable(["gnc:lang", "gnc:reflection-stats", "gnc:lobby-host"], "gnc:") == 2
    assert clearable(["gnc:lang"], "gnc:") == 0


def test_the_clear_question_is_said_as_it_is_asked_each_time():
    # Focus goes to "Cancel", which does not read the question out: a screen reader heard "Cancel,
    # button" and not what it cancels (QA52). The question is an alert, said again when asked again
    # (two regions by turns, ui/live.py), and it describes the answer that loses the data.
    model = open_settings()
    said = []
    for _time in range(2):
        model, _ = app.update(model, click("clear-data"), Env())
        tree = app.view(model)
        (alert,) = find_all(tree, lambda e: e.attr("role") == "alert" and text_of(e) != "")
        said.append(alert.attr("id"))
        assert "This cannot be undone." in text_of(alert)
        (yes,) = find_all(tree, lambda e: e.attr("id") == "clear-confirm")
        assert yes.attr("aria-describedby") == "clear-question-0 clear-question-1"
        model, _ = app.update(model, click("clear-cancel"), Env())
        assert find_all(app.view(model), lambda e: e.attr("role") == "alert" and text_of(e) != "") == []
    assert said == ["clear-question-1", "clear-question-0"]


@pytest.mark.parametrize("on", ["clear-cancel", "clear-confirm"])
def test_escape_on_an_answer_cancels_clearing(on: str):
    # As on every other question that can lose something (test_table, Reflection's "Give up"): Escape
    # pressed on either answer keeps the data. On the settings it did nothing (QA52).
    model = open_settings()
    model, _ = app.update(model, click("clear-data"), Env())
    model, effects = app.update(model, UiEvent("keydown", action=on, key="Escape"), Env())
    assert effects == [Focus("#clear-data")] and "cannot be undone" not in text_of(app.view(model))
    _, effects = app.update(model, UiEvent("keydown", action="clear-data", key="Escape"), Env())
    assert effects == []


def test_every_settings_button_is_a_real_button_with_its_own_id():
    model = open_settings()
    model, _ = app.update(model, REPORT, Env())
    model, _ = app.update(model, click("clear-data"), Env())
    buttons = find_all(app.view(model), lambda e: e.tag == "button" and e.attr("data-action") != "language")
    actions = {b.attr("data-action") for b in buttons}
    assert {"keep-data", "clear-confirm", "clear-cancel"} <= actions
    for button in buttons:
        assert button.attr("type") == "button" and text_of(button)
        if button.attr("data-action").startswith(("keep", "clear")):
            assert button.attr("id") == button.attr("data-action")


CONTROLS = ("a", "button", "input", "select", "textarea")


@pytest.mark.parametrize("step", ["", "confirm", "cleared"])
def test_the_settings_page_ends_with_the_way_back_to_all_games(step: str):
    model = open_settings()
    model, _ = app.update(model, REPORT, Env())
    if step:
        model, _ = app.update(model, click("clear-data"), Env())
    if step == "cleared":
        model, _ = app.update(model, click("clear-confirm"), Env())
    (page,) = find_all(app.view(model), lambda e: e.tag == "main")
    *_, last = find_all(page, lambda e: e.tag in CONTROLS)
    assert (last.tag, text_of(last), last.attr("href"), last.attr("data-nav")) == ("a", "← All games", "#/", "home")
    assert app.parse_route(last.attr("href")).page == "home"


NBSP = "\u00a0"  # a size never breaks between its number and its unit ("14.1 / MB" on a phone)


@pytest.mark.parametrize(
    ("size", "text"),
    [
        (0, "0 bytes"),
        (1, "1 byte"),
        (999, "999 bytes"),
        (1000, "1.0 KB"),
        (2048, "2.0 KB"),
        (14_300_000, "14.3 MB"),
        (10_800_000_000, "10.8 GB"),
    ],
)
def test_sizes_read_like_a_file_manager_with_no_break_before_the_unit(size: int, text: str):
    assert size_text(size).replace(i18n.JOINER, "") == text.replace(" ", NBSP)


@pytest.mark.parametrize(
    ("size", "text"),
    [(0, "0バイト"), (999, "999バイト"), (2048, "2.0 KB"), (14_300_000, "14.3 MB"), (10_800_000_000, "10.8 GB")],
)
def test_sizes_in_japanese_keep_their_latin_unit_on_the_number_line(size: int, text: str):
    i18n.set_language("ja")  # conftest.py sets English back after the test
    assert size_text(size).replace(i18n.JOINER, "") == text.replace(" ", NBSP)


def test_sizes_past_the_largest_unit_stay_in_it():
    sizes = (size_text(123_000_000_000), size_text(5_000_000_000_000))
    assert tuple(s.replace(i18n.JOINER, "") for s in sizes) == (f"123{NBSP}GB", f"5000{NBSP}GB")


def test_local_data_is_counted_as_browsers_do_in_utf16():
    assert local_data_size([]) == (0, 0)
    assert local_data_size([("gnc:a", "xy"), ("gnc:lang", "ja")]) == (2, 2 * (5 + 2 + 8 + 2))
    assert local_data_size([("gnc:k", "😀")]) == (1, 2 * 5 + 4)  # a surrogate pair


def test_a_size_s_whole_number_and_its_unit_are_one_no_break_run_in_both_languages():
    """The no-break grouping of "17.8 MB" stopped at its full stop: the page drew "17." then a no-break
    "8 MB", and a narrow line broke the number in two. The whole number and its unit are one run now, in
    English and in Japanese, as a reader gets it (no joiner spoken)."""
    for language in ("en", "ja"):
        i18n.set_language(language)  # conftest.py sets English back after the test
        for size, said in (
            (17_800_000, "17.8 MB"),
            (1_300, "1.3 KB"),
            (2_500_000_000, "2.5 GB"),
            (345_000_000, "345 MB"),
        ):
            markup = render(h("p", {}, size_text(size)))
            assert markup == f'<p><span class="nobr">{said}</span></p>', (language, markup)


# --- the offer of a new version --------------------------------------------------------------------


def offer_of(model):
    return find_all(app.view(model), lambda e: e.attr("class") == "update-offer")


def test_a_waiting_version_is_offered_on_every_page_and_applied_only_on_request():
    model, _ = app.init("#/reflection", Env())
    assert offer_of(model) == []
    model, effects = app.update(model, UpdateReady(), Env())
    assert effects == []
    (offer,) = offer_of(model)
    assert "A new version of Game Night Central is ready." in text_of(offer)
    # It stays through route changes …
    model, _ = app.update(model, app.RouteChanged("#/settings"), Env())
    assert offer_of(model)
    # … and only the player's click hands over to it.
    _, effects = app.update(model, click("update-now"), Env())
    assert effects == [ApplyUpdate()]


def news_of(model):
    """The live regions saying anything of a new version."""
    return find_all(app.view(model), lambda e: e.attr("role") == "status" and "new version" in text_of(e))


def test_the_offer_is_said_in_a_live_region_drawn_before_it():
    # A screen reader hears text put into a region it already knows, not a region that appears (the
    # copy status, the unsaved notice): the offer appeared as a whole role=status bar, its buttons'
    # words in the region too (QA52). Now one paragraph of the bar is the region, always drawn.
    model, _ = app.init("#/reflection", Env())
    (region,) = find_all(app.view(model), lambda e: e.attr("id") == "app-update")
    assert (region.attr("role"), text_of(region)) == ("status", "")
    model, _ = app.update(model, UpdateReady(), Env())
    (region,) = news_of(model)
    assert (region.attr("id"), text_of(region)) == ("app-update", "A new version of Game Night Central is ready.")
    (offer,) = offer_of(model)
    assert offer.attr("role") is None and region in offer.children
    model, _ = app.update(model, click("update-later"), Env())
    (region,) = find_all(app.view(model), lambda e: e.attr("id") == "app-update")
    assert text_of(region) == "" and offer_of(model) == []


def test_later_hides_the_offer_until_the_next_visit():
    model, _ = app.init("#/", Env())
    model, _ = app.update(model, UpdateReady(), Env())
    model, effects = app.update(model, click("update-later"), Env())
    assert offer_of(model) == []
    # The pressed button goes with the offer: focus goes to where the page's main content starts (as
    # the skip link's), not to the body (a screen with no focus home: the start page, the settings),
    # and only if it was in the offer (a browser that does not focus a clicked button keeps it where it is).
    assert effects == [Focus(app.FOCUS_HEADING.selector, only_from=".update-offer")]
    model, _ = app.update(model, UpdateReady(), Env())  # the page's hourly check finds it again
    model, _ = app.update(model, app.RouteChanged("#/reflection"), Env())
    assert offer_of(model) == []


def test_the_header_links_to_the_settings():
    model, _ = app.init("#/", Env())
    links = find_all(app.view(model), lambda e: e.tag == "a" and e.attr("href") == "#/settings")
    assert [text_of(link) for link in links] == ["Settings"]


# --- what the start page imports -------------------------------------------------------------------


def test_the_start_page_imports_no_game_rules_lobby_or_network():
    # A fresh interpreter, like the page: build the home page and list what got imported.
    code = (
        "import sys\n"
        "from gamenight.ui import app\n"
        "from gamenight.ui.program import Env\n"
        "from gamenight.ui.svg import render\n"
        "render(app.view(app.init('#/', Env())[0]))\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('gamenight'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert loaded == {
        "gamenight",
        "gamenight.core",
        "gamenight.core.game",
        "gamenight.games",
        "gamenight.i18n",
        "gamenight.lightseeker",
        "gamenight.raythread",
        "gamenight.reflection",
        "gamenight.ui",
        "gamenight.ui.app",
        "gamenight.ui.offline",
        "gamenight.ui.program",
        "gamenight.ui.svg",
    }
    # Nor urllib.parse, which imports ipaddress: slow to compile in the page (CPython 3.11's pathlib
    # imports it anyway, so look at the modules' own top-level imports).
    for name in loaded:
        module = PY / name.replace(".", "/")
        path = module / "__init__.py" if module.is_dir() else module.with_suffix(".py")
        tree = ast.parse(path.read_text())
        top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        names = [a.name for n in top if isinstance(n, ast.Import) for a in n.names]
        names += [n.module for n in top if isinstance(n, ast.ImportFrom) and n.module]
        assert not any(m.startswith("urllib") for m in names), name


def test_lazy_screens_and_rules_load_on_first_use_and_match_their_registry_entry():
    for (game, name), entry in games.SCREENS.items():
        assert isinstance(entry, LazyScreen)
        screen = entry.load()
        assert screen.label == entry.label, (game, name)
    for page in (*app.LOBBY_PAGES.values(), *app.LINK_PAGES.values(), *app.APP_PAGES.values()):
        assert callable(page.load().init)
    assert {gid: type(g).__name__ for gid, g in games.RULES.items()} == {
        "raythread": "RaythreadRally",
        "reflection": "ReflectionMatch",
        "lightseeker": "LightSeeker",
    }
    from gamenight import raythread

    assert games.RULES["raythread"] is raythread.GAME  # one instance, built once
    with pytest.raises(AttributeError):
        raythread.NOT_THERE  # noqa: B018


def test_the_settings_screen_is_registered_under_its_route():
    assert app.parse_route("#/settings") == app.Route("app", screen="settings", path="/settings")
    assert app.screen_for(app.parse_route("#/settings")) is settings.SCREEN


class FakeLocalStorage:
    """The browser's ``localStorage`` as ``ui/storage.py`` reads it: ``length``, ``key(i)``, items."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items = dict(items)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str:
        return list(self.items)[index]

    def getItem(self, key: str) -> str:
        return self.items[key]

    def removeItem(self, key: str) -> None:
        del self.items[key]


@contextmanager
def browser_side(monkeypatch, fake_js: object, create_proxy=lambda *a, **k: None) -> Iterator[None]:
    """The browser's modules (``ui.dom``, ``ui.storage``) importable against ``fake_js`` and a stand-in
    ``pyodide.ffi`` (its ``create_proxy`` as given), and taken out of ``sys.modules`` again after: the other
    tests import nothing of them, and must not find them imported."""
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_once_callable", "to_js"):
        setattr(ffi, name, lambda *a, **k: None)
    ffi.create_proxy = create_proxy  # type: ignore[attr-defined]
    ffi.jsnull = None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    try:
        yield
    finally:
        import gamenight.ui

        for name in ("gamenight.ui.dom", "gamenight.ui.storage"):
            sys.modules.pop(name, None)
            vars(gamenight.ui).pop(name.rsplit(".", 1)[1], None)


def test_clear_my_data_removes_what_the_page_counted_before_it_asked(monkeypatch):
    """The count the page says ("Clear my data" removes N entries) and the removal decided apart which
    entries stay: ``clearable`` by ``KEPT_ON_CLEAR``, ``ui/storage.py`` by the effect's ``keep``, so a
    ``ClearData`` that named another set (or none: its default) removed what was not counted. Both now ask
    one rule (``settings.cleared``); the browser's side runs here on a stand-in ``localStorage``."""
    items = {"gnc:lang": "ja", "gnc:reflection-stats": "{}", "gnc:lobby-host": "{}", "other-site": "x"}
    store = FakeLocalStorage(items)
    fake_js = types.SimpleNamespace(localStorage=store, console=types.SimpleNamespace(warn=print))
    with browser_side(monkeypatch, fake_js):
        from gamenight.ui import storage

        monkeypatch.setattr(storage, "_spawn", lambda coroutine: coroutine.close())  # the report after: not here
        counted = clearable([k for k in items if k.startswith("gnc:")], "gnc:")
        storage._clear(None, ClearData())  # no shell: the report that follows is not run
        removed = set(items) - set(store.items)
        assert len(removed) == counted == 2
        assert removed == {k for k in items if settings.cleared(k, "gnc:")}
        assert set(store.items) == {"gnc:lang", "other-site"}


def test_the_offline_copy_saved_while_the_settings_are_open_is_shown_without_a_reload(monkeypatch):
    """A first visit straight to the settings said "Not saved yet" for as long as it stayed open, though the
    service worker had saved the app and taken the page seconds later (a player's pass: 16 s, then "Saved,
    version …" only after a reload). The page measures again when a worker takes control of it."""
    model = open_settings()
    model, _ = app.update(model, StorageReport(data_entries=1, data_bytes=10), Env())
    assert "Not saved yet" in row(model, "offline")
    model, effects = app.update(model, settings.OfflineSaved(), Env())
    assert effects == [ReadStorage()]
    model, _ = app.update(model, REPORT, Env())
    assert "Saved, version 87ad0c27f955" in row(model, "offline")
    home, _ = app.init("#/", Env())  # another screen has nothing to measure
    assert app.update(home, settings.OfflineSaved(), Env()) == (home, [])

    # The browser's side: asked while no worker controls the page, it listens for the one that will.
    heard: list[tuple[str, Any]] = []
    workers = types.SimpleNamespace(controller=None, addEventListener=lambda *listened: heard.append(listened))
    fake_js = types.SimpleNamespace(navigator=types.SimpleNamespace(serviceWorker=workers), undefined=object())
    with browser_side(monkeypatch, fake_js, create_proxy=lambda function: function):
        from gamenight.ui import dom, storage

        monkeypatch.setattr(storage, "_spawn", lambda coroutine: coroutine.close())  # the measuring: not here
        sent: list[object] = []
        shell = types.SimpleNamespace(send=sent.append)
        storage.install()
        dom.EFFECT_HANDLERS[ReadStorage](shell, ReadStorage())
        dom.EFFECT_HANDLERS[ReadStorage](shell, ReadStorage())  # asked again: still one listener
        ((kind, listener),) = heard
        assert kind == "controllerchange" and sent == []
        listener(None)  # the worker saved the app and took the page
        assert sent == [settings.OfflineSaved()]


def back_links(model) -> list[tuple[str, str]]:
    links = find_all(app.view(model), lambda e: e.tag == "a" and "settings-back" in str(e.attr("class")))
    return [(str(a.attr("href")), text_of(a)) for a in links]


def test_settings_opened_from_a_match_lead_back_to_it():
    """A player's pass: Settings opened from inside a match (the header's link) offered only "← All games";
    the way back to the match was the browser's Back, which an installed app on a laptop does not show.
    Opened from a game's table, the page leads back to it ("← Back to Light Seeker"); opened from
    elsewhere, typed in, or with a ``back`` in its address (untrusted), it offers no such link."""
    for game, title in (("lightseeker", "Light Seeker"), ("raythread", "Raythread Rally")):
        model, _ = app.init(f"#/{game}/table?vs=easy", Env())
        model, _ = app.update(model, app.RouteChanged("#/settings"), Env())
        assert back_links(model) == [(f"#/{game}/table", f"← Back to {i18n.name(title)}")]
        # The title held whole as a no-break span (i18n.name), its space kept before it (css/app.css a.button).
        assert f'← Back to <span class="nobr">{title}</span>' in render(app.view(model)), game
    for start in ("#/", "#/reflection", "#/settings?back=/lightseeker/table"):
        model, _ = app.init(start, Env())
        model, _ = app.update(model, app.RouteChanged("#/settings?from=x"), Env())
        assert back_links(model) == [], start
    model, _ = app.init("#/settings", Env())
    assert back_links(model) == []


def test_settings_opened_from_a_solo_puzzle_lead_back_to_it():
    """QA79: Settings opened from a solo puzzle offered only "← All games" (the way back led to a game's
    table only). Opened from a game's own screen, the page leads back to that screen's address: the solo
    puzzle's link, which opens the puzzle in progress as it was kept (its board, clock and history are
    stored at every change)."""
    model, _ = app.init("#/reflection/solo?preset=easy&seed=5&v=2", Env())
    model, _ = app.update(model, app.RouteChanged("#/settings"), Env())
    assert back_links(model) == [("#/reflection/solo?preset=easy&seed=5&v=2", "← Back to Reflection")]


def test_used_in_all_counts_the_player_s_data_where_the_browser_s_estimate_leaves_it_out():
    """QA79: after "Clear my data", "Your data" dropped to 0 while "Used in all" stayed at 147 KB. Both are
    measured again (one report), but Chromium's estimate leaves local storage out (2 MB written there moved
    it by nothing): where it says so (``usage_has_local``), the row adds the player's data, so it drops with
    it."""
    model = open_settings()
    before = StorageReport(
        usage=147_000, quota=10_700_000_000, data_entries=2, data_bytes=53_000, usage_has_local=False
    )
    model, _ = app.update(model, before, Env())
    assert "200\u00a0KB of the" in row(model, "usage")
    model, _ = app.update(model, click("clear-data"), Env())
    model, effects = app.update(model, click("clear-confirm"), Env())
    assert ClearData() in effects
    model, _ = app.update(model, replace(before, data_entries=0, data_bytes=0), Env())  # measured again
    assert "147\u00a0KB of the" in row(model, "usage") and "0 entries" in row(model, "data")
    # A browser whose estimate counts local storage already is taken at its word.
    model, _ = app.update(model, replace(before, usage_has_local=True), Env())
    assert "147\u00a0KB of the" in row(model, "usage")
