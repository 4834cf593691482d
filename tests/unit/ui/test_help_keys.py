"""The help (``?``) lists the keys and touch gestures of the board on screen: a match in a lobby (host and
guest), a table on this device, Reflection's solo puzzle and its race, each with the keys that board takes."""

from __future__ import annotations

import pytest

from gamenight.ui import app
from gamenight.ui.program import Env, UiEvent, Work, WorkDone, run_work
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join
from tests.unit.words import in_language

SOLO_ONLY = ("Ctrl+Z, U", "Ctrl+Y, R")  # the solo board's undo and redo: a race has neither
NO_BOARD_KEYS = ["Tab", "Enter, Space", "?", "Escape", "←↑→↓", "Enter"]  # what every page's help lists
EVERY_PAGE_GESTURES = ["Tap", "Tap ? at the top"]  # what a finger does on any page
NO_BOARD_GESTURES = [*EVERY_PAGE_GESTURES, "Tap the board"]  # the help's touch ways where no board is shown


def helped(page: Page) -> Element:
    """The help overlay ``page`` shows after its header's "?" is clicked."""
    page.click("app-help")
    (overlay,) = page.find(lambda e: e.attr("id") == "overlay")
    return overlay


def keys_of(overlay: Element) -> list[str]:
    """The keys the help's key table lists (not the gestures'), in order."""
    tables = find_all(overlay, lambda e: e.attr("class") == "keys")
    return [text_of(th) for th in find_all(tables[-1], lambda e: e.tag == "th")]


def gestures_of(overlay: Element) -> list[str]:
    touch = find_all(overlay, lambda e: e.attr("class") == "help-touch")
    return [text_of(th) for th in find_all(touch[0], lambda e: e.tag == "th")] if touch else []


def rules_game(overlay: Element) -> str | None:
    """The game whose "How to play" the help offers (``None``: none)."""
    buttons = find_all(overlay, lambda e: e.attr("data-action") == "app-rules")
    return str(buttons[0].attr("data-game")) if buttons else None


def lobby_match(game: str, seat: str) -> tuple[Page, Page]:
    """The host and Bea (in ``seat``) in a two-player match of ``game`` the host has just started."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game)
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat=seat)
    host.click("start")
    assert host.inner.live.session.match is not None, host.text
    return host, bea


@pytest.mark.parametrize(
    ("game", "seat", "key", "gesture"),
    [
        ("raythread", "C", "1, 2", "Tap a tile in your hand"),
        ("lightseeker", "2", "S, T", "Tap a cube, then a Slide or Tilt button"),
        ("reflection", "2", "/, \\", "Drag a tile"),
    ],
)
def test_the_help_in_a_lobby_lists_the_keys_and_gestures_of_its_match_s_board(
    game: str, seat: str, key: str, gesture: str
):
    """QA found the help of a lobby listing only the keys of every page: the lobby's route names no game."""
    for page in lobby_match(game, seat):
        overlay = helped(page)
        assert key in keys_of(overlay), (game, keys_of(overlay))
        assert gesture in gestures_of(overlay)
        assert rules_game(overlay) == game, "the help's How to play is the match's game's"


def test_the_help_over_reflection_s_race_lists_the_race_board_s_keys_not_the_solo_board_s():
    """The race's board turns a tile with T or R and shows the lasers through the cursor with E; it has
    no undo or redo (R is a turn there, the solo board's redo)."""
    _host, bea = lobby_match("reflection", "2")
    listed = keys_of(helped(bea))
    assert "T, R" in listed and "E" in listed and "Home, End" in listed
    assert not set(SOLO_ONLY) & set(listed), listed


def solo_playing(route: str) -> app.Model:
    """The app on Reflection's solo page at ``route``, its puzzle made and on the board."""
    model, effects = app.init(route, Env())
    (work,) = [e for e in effects if isinstance(e, Work)]
    model, _ = app.update(model, WorkDone(work.task, run_work(work)[1]), Env())
    assert model.inner.phase == "playing"
    return model


def test_the_help_over_the_solo_puzzle_lists_its_undo_and_redo():
    model = solo_playing("#/reflection/solo?preset=easy&seed=3")
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    listed = keys_of(app.view(opened))
    # E shows the lasers through the cursor there too, as on the race's board (the solo board had no E).
    assert set(SOLO_ONLY) <= set(listed) and "T" in listed and "E" in listed


@pytest.mark.parametrize(("game", "key"), [("raythread", "1, 2"), ("lightseeker", "S, T")])
def test_the_help_at_a_table_on_this_device_lists_its_board_s_keys(game: str, key: str):
    model, _ = app.init(f"#/{game}/table?vs=normal", Env())
    assert model.inner.phase == "playing"
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    overlay = app.view(opened)
    assert key in keys_of(overlay) and rules_game(overlay) == game


@pytest.mark.parametrize(("game", "keys"), [("raythread", "1、2"), ("lightseeker", "U、Backspace")])
def test_in_japanese_the_help_lists_keys_with_a_japanese_comma(game: str, keys: str):
    # It read "Enter, Space" (a Latin comma and a half-width space) among Japanese words.
    with in_language("ja"):
        model, _ = app.init(f"#/{game}/table?vs=normal", Env())
        opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
        listed = keys_of(app.view(opened))
    assert "Enter、Space" in listed and keys in listed
    assert not [k for k in listed if "," in k], listed


def test_in_japanese_the_help_lists_the_keys_of_every_row_with_a_japanese_comma():
    """Reflection's tile keys were written "/  \\" and "|  -", two keys set apart by spaces that no language
    chose, and every row was split from English on ", ": each row's keys are a tuple, listed in the page's
    language."""
    model = solo_playing("#/reflection/solo?preset=easy&seed=3")
    with in_language("ja"):
        opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
        listed = keys_of(app.view(opened))
    assert {"/、\\", "|、-", "Space、Enter", "Ctrl+Z、U", "Home、End"} <= set(listed), listed
    assert not [k for k in listed if "," in k or "  " in k], listed


def test_a_key_whose_name_holds_a_comma_is_one_key():
    """A row's keys are listed as they are named: the comma key (or "Ctrl+,") is not split from its row."""
    assert app.key_names(("Ctrl+,", "Space")) == "Ctrl+,, Space"
    with in_language("ja"):
        assert app.key_names(("Ctrl+,", "Space")) == "Ctrl+,、Space"
        assert app.key_names((",",)) == ","


def test_the_help_of_a_page_with_no_game_lists_only_the_keys_of_every_page():
    rtc = FakeRtc()
    host = rtc.page(Browser(), "#/host?game=raythread")  # the setup form, no lobby yet
    overlay = helped(host)
    assert keys_of(overlay) == NO_BOARD_KEYS
    assert gestures_of(overlay) == NO_BOARD_GESTURES and rules_game(overlay) is None


NOTE_KEYS = (".", "N")  # a solver's dot and its cycle of notes


def test_the_race_help_lists_the_note_keys_to_a_solver_and_not_to_a_builder():
    """A builder's tray has no notes and "." and N do nothing on its board (``desk.notes`` is None), yet the
    help listed them. Now it lists the keys of the board as this player has it: a solver's notes."""
    from tests.unit.reflection.test_match_desk import solving
    from tests.unit.reflection.test_match_pages import two_players

    _rtc, builder, _bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3}, Browser())
    assert builder.inner.board.local.task.kind == "build"
    listed = keys_of(helped(builder))
    assert not set(NOTE_KEYS) & set(listed), listed
    assert "T, R" in listed and "E" in listed  # the rest of the race board's keys stay
    _rtc, solver, _bea, _solution = solving(Browser())
    listed = keys_of(helped(solver))
    assert set(NOTE_KEYS) <= set(listed), listed


def said_of(overlay: Element) -> dict[str, str]:
    """What the help's key table says each of its keys does."""
    tables = find_all(overlay, lambda e: e.attr("class") == "keys")
    rows = find_all(tables[-1], lambda e: e.tag == "tr")
    return {text_of(row.children[0]): text_of(row.children[1]) for row in rows}


def test_a_builder_s_help_says_its_delete_takes_a_tile_away_and_a_solver_s_a_tile_or_a_note():
    """A builder places tiles and no notes, yet its help said "Delete, X: take the tile or note away"."""
    from tests.unit.reflection.test_match_desk import solving
    from tests.unit.reflection.test_match_pages import two_players

    _rtc, builder, _bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3}, Browser())
    assert said_of(helped(builder))["Delete, X"] == "Reflection: take the tile away"
    _rtc, solver, _bea, _solution = solving(Browser())
    assert said_of(helped(solver))["Delete, X"] == "Reflection: take the tile or note away"


TILE_KEYS = {"diagonal": "/, \\", "flat": "|, -", "block": "#", "hole": "o", "triangle": "V"}


def tile_keys(listed: list[str]) -> set[str]:
    """The kinds of tile whose key ``listed`` has."""
    return {kind for kind, key in TILE_KEYS.items() if key in listed}


def test_the_race_help_lists_a_tile_s_key_only_when_the_puzzle_has_that_kind_of_tile():
    """V (a triangle mirror) and o (a black hole) only say none is left on a puzzle without them, yet the
    help listed them on every puzzle (V "when the puzzle has them")."""
    from tests.unit.reflection.test_match_pages import two_players

    built = {"mode": "built", "preset": "custom", "size": 4, "tiles": 3}
    _rtc, plain, _bea = two_players(built, Browser())
    assert tile_keys(keys_of(helped(plain))) == {"diagonal"}  # three diagonal mirrors (``generate.mix``)
    # Ticked, but three tiles are all diagonal mirrors: no triangle to place.
    _rtc, too_few, _bea = two_players({**built, "triangles": True}, Browser())
    assert tile_keys(keys_of(helped(too_few))) == {"diagonal"}
    _rtc, mixed, _bea = two_players({**built, "tiles": 5, "black_holes": True, "triangles": True}, Browser())
    assert mixed.inner.board.local.task.kind == "build"
    assert tile_keys(keys_of(helped(mixed))) == set(TILE_KEYS)


def test_the_solo_help_lists_a_tile_s_key_only_when_the_puzzle_has_that_kind_of_tile():
    from gamenight.reflection import solo
    from tests.unit.reflection.test_triangles import playing

    def kinds(params: dict[str, str]) -> set[str]:
        return tile_keys([app.key_names(key) for key, _what in solo.SCREEN.keys(playing(params)).shortcuts])

    assert kinds({"preset": "easy", "seed": "3"}) == {"diagonal", "flat", "block"}  # Easy has no black hole
    tiles = {"preset": "custom", "size": "5", "diagonal": "1", "triangle": "2", "seed": "4", "v": "2"}
    assert kinds(tiles) == {"diagonal", "triangle"}


def test_the_solo_help_lists_the_board_s_keys_only_while_the_board_is_shown():
    """Before the puzzle is made (its options, the progress bar) the page has no board to press keys on."""
    model, _ = app.init("#/reflection/solo", Env())
    assert model.inner.phase == "options"
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    overlay = app.view(opened)
    assert keys_of(overlay) == NO_BOARD_KEYS
    assert gestures_of(overlay) == NO_BOARD_GESTURES and rules_game(overlay) == "reflection"


@pytest.mark.parametrize("game", ["raythread", "lightseeker"])
def test_the_help_of_a_table_s_setup_lists_no_board_keys(game: str):
    """A table lists its board's keys and gestures once its match shows the board, not over the setup form
    (that board is not on the page yet); its game's How to play stays offered."""
    model, _ = app.init(f"#/{game}/table", Env())
    assert model.inner.phase == "setup"
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    overlay = app.view(opened)
    assert keys_of(overlay) == NO_BOARD_KEYS
    assert gestures_of(overlay) == NO_BOARD_GESTURES and rules_game(overlay) == game


@pytest.mark.parametrize("game", ["raythread", "lightseeker", "reflection"])
def test_the_help_of_a_lobby_before_its_match_lists_no_board_keys(game: str):
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game)
    bea = join(rtc, host, "Bea")
    for page in (host, bea):
        overlay = helped(page)
        assert keys_of(overlay) == NO_BOARD_KEYS, game
        assert gestures_of(overlay) == NO_BOARD_GESTURES and rules_game(overlay) == game


@pytest.mark.parametrize(
    "route",
    [
        *(f"#/{game}" for game in ("raythread", "lightseeker", "reflection")),  # the game's card
        *(f"#/{game}/rules" for game in ("raythread", "lightseeker", "reflection")),
        "#/reflection/table",  # a game not played on one device: how it is played, and its ways to play
        "#/reflection/table?vs=normal",  # a game with no computer players: why, and its ways to play
    ],
)
def test_the_help_of_a_game_s_page_without_a_board_lists_no_board_keys(route: str):
    """A game's card (and its rules page, and the pages that say why a way to play is not there) shows no
    board, yet its help listed the game's board keys and gestures (its guide's): the help lists only keys
    that act on the page, as over a table's setup form; the game's How to play stays offered (but on the
    rules page: tests/unit/test_ui.py)."""
    model, _ = app.init(route, Env())
    assert model.route.game and not find_all(app.view(model), lambda e: e.attr("role") == "grid")
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    overlay = app.view(opened)
    assert keys_of(overlay) == NO_BOARD_KEYS, route
    assert gestures_of(overlay) == NO_BOARD_GESTURES, route
    assert rules_game(overlay) == (None if route.endswith("/rules") else model.route.game), "not over themselves"


@pytest.mark.parametrize("route", ["#/", "#/settings", "#/raythread/rules", "#/reflection"])
def test_the_help_of_a_page_without_a_board_says_the_touch_ways_first(route: str):
    """On a phone the help of the home page, Settings or a rules page listed keys only (Tab, Enter, arrows),
    none of which a phone without a keyboard has. It now says first what a finger does (css/app.css shows
    it on a touch screen only), and what it does on a board, whose own help lists that board's taps and
    drags; the keys follow, for a phone with a keyboard."""
    model, _ = app.init(route, Env())
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    overlay = app.view(opened)
    assert gestures_of(overlay) == NO_BOARD_GESTURES
    (touch,) = find_all(overlay, lambda e: e.attr("class") == "help-touch")
    (help_,) = find_all(overlay, lambda e: e.attr("class") == "help")
    assert help_.children[0] is touch, "the touch ways come before the keys"
    assert keys_of(overlay) == NO_BOARD_KEYS


def test_over_a_board_its_own_gestures_come_first_then_those_of_every_page():
    model, _ = app.init("#/raythread/table?vs=normal", Env())
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    listed = gestures_of(app.view(opened))
    assert listed == ["Tap a tile in your hand", "Tap a cell", "Tap a tile marked ↻", *EVERY_PAGE_GESTURES]
