"""The home page said nothing of a match saved on this device: with a Raythread match waiting, its card looked as
with none, and only "Play on this device" (which restores it) led back. A card now says a match is waiting, and
its first (primary) way to play is to continue it, when this device holds a saved, unfinished match of that game;
a finished match, none, or one the page cannot read (damaged, another version's) leaves the card as it was."""

from __future__ import annotations

import json
import random

import pytest

from gamenight import games, i18n
from gamenight.raythread import rules
from gamenight.ui import app, table
from gamenight.ui.program import Env, Stored, UiEvent
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.words import in_language

KEY = "table.raythread"
CONTINUE = ("Continue your match", "#/raythread/table")


def card(stored: dict[str, str], game: str = "raythread", language: str = "en") -> Element:
    with in_language(language):
        model, effects = app.init("#/", Env(stored=stored))
        assert effects == []
        (found,) = find_all(app.view(model), lambda e: e.attr("class") == "card" and e.attr("data-game") == game)
    return found


def actions(element: Element) -> list[tuple[str, str, str]]:
    links = find_all(element, lambda e: e.tag == "a" and "button" in str(e.attr("class")))
    return [(text_of(a), str(a.attr("href")), str(a.attr("class"))) for a in links]


def saved_after(moves: int | None) -> str:
    """A Raythread table's save after ``moves`` moves (``None``: played to its end), made by the table screen."""
    model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    model, _effects = app.update(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), Env(now_ms=2_000))
    inner, chooser, played = model.inner, random.Random(3), 0
    while (moves is None or played < moves) and not inner.played.state.ended:
        state = inner.played.state
        seat = state.seats[state.turn]
        inner, _ = table.play(inner, seat, chooser.choice(rules.legal(state, seat)), 3_000 + played)
        played += 1
    assert moves is None or played == moves
    return table.save(inner).text or ""


def test_a_card_says_a_match_is_waiting_and_offers_to_continue_it_first():
    said = card({KEY: saved_after(11)})
    ways = actions(said)
    assert ways[0] == (*CONTINUE, "button primary")
    assert [(label, href) for label, href, _c in ways[1:]] == [
        ("Play vs computer", "#/raythread/table?vs=normal"),
        ("Host a game night", "#/host?game=raythread"),
        ("How to play", "#/raythread/rules"),
    ]
    (line,) = find_all(said, lambda e: e.attr("class") == "waiting")
    assert text_of(line) == "A match is saved on this device: 11 moves played."
    # The other games' cards are as they were.
    assert actions(card({KEY: saved_after(11)}, "lightseeker")) == actions(card({}, "lightseeker"))


def test_a_match_dealt_with_no_move_yet_is_waiting_too():
    said = card({KEY: saved_after(0)})
    assert actions(said)[0][:2] == CONTINUE
    (line,) = find_all(said, lambda e: e.attr("class") == "waiting")
    assert text_of(line) == "A match is set up on this device, waiting for its first move."


def test_it_says_so_in_japanese_too():
    said = card({KEY: saved_after(1)}, language="ja")
    assert actions(said)[0][0] == "対戦の続きを遊ぶ"
    (line,) = find_all(said, lambda e: e.attr("class") == "waiting")
    assert i18n.plain(text_of(line)) == "この端末に途中の対戦があります：これまでに1手"


def test_the_card_is_as_before_with_no_match_saved():
    ways = actions(card({}))
    assert [(label, href) for label, href, _c in ways] == app.card_actions(games.info("raythread"))
    assert ways[0][2] == "button primary"
    assert not find_all(card({}), lambda e: e.attr("class") == "waiting")


def test_a_finished_match_leaves_the_card_as_before():
    finished = saved_after(None)
    assert json.loads(finished)["record"]["ended"] == "over"
    assert actions(card({KEY: finished})) == actions(card({}))
    assert not find_all(card({KEY: finished}), lambda e: e.attr("class") == "waiting")


@pytest.mark.parametrize(
    "damaged",
    [
        "",
        "not json",
        "[" * 60_000,
        "null",
        "[]",
        '{"v": 2, "record": {}}',  # a newer version's save
        json.dumps({"v": 1, "record": {"v": 2, "game": "raythread", "log": [], "ended": None}}),
        json.dumps({"v": 1, "record": {"v": 1, "game": "lightseeker", "log": [], "ended": None}}),
        json.dumps({"v": 1, "record": {"v": 1, "game": "raythread", "log": {}, "ended": None}}),
        json.dumps({"v": 1, "record": {"v": 1, "game": "raythread", "log": [], "ended": "later"}}),
    ],
)
def test_a_damaged_or_other_version_s_save_leaves_the_card_as_before(damaged: str):
    assert actions(card({KEY: damaged})) == actions(card({}))
    assert not find_all(card({KEY: damaged}), lambda e: e.attr("class") == "waiting")


def test_the_home_page_reads_each_table_s_save_and_follows_another_tab_s():
    """It asks for the very entries the tables save under, and a save or a clear in another tab redraws it."""
    keys = app.storage_keys("#/")
    assert set(keys) == {table.store_key(game) for game in games.ON_ONE_DEVICE}
    model, _ = app.init("#/", Env())
    model, effects = app.update(model, Stored(KEY, saved_after(2)), Env())
    assert effects == [] and find_all(app.view(model), lambda e: e.attr("class") == "waiting")
    model, _ = app.update(model, Stored(KEY, None), Env())
    assert not find_all(app.view(model), lambda e: e.attr("class") == "waiting")
