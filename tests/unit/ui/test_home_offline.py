"""Offline, "Host a game night" opened a lobby that could reach no one and said nothing. Each game's card and
page now carry a note that hosting needs a connection, shown only while the browser is offline: index.html
marks the page ``data-online="no"`` from ``navigator.onLine`` and its online/offline events, and css/app.css
shows the note then (the page is one static view, drawn the same online or not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamenight import games
from gamenight.ui import app
from gamenight.ui.program import Env
from gamenight.ui.svg import find_all, text_of

NOTE = "You are offline: hosting a game night needs a connection. The other ways to play here work offline."
ROOT = Path(__file__).resolve().parents[3]


def notes(route: str) -> list[str]:
    model, _ = app.init(route, Env())
    return [text_of(e) for e in find_all(app.view(model), lambda e: e.attr("class") == "offline-note")]


def test_every_card_of_the_home_page_says_hosting_needs_a_connection():
    model, _ = app.init("#/", Env())
    for card in find_all(app.view(model), lambda e: e.attr("class") == "card"):
        said = [text_of(e) for e in find_all(card, lambda e: e.attr("class") == "offline-note")]
        assert said == [NOTE], card.attr("data-game")


@pytest.mark.parametrize("game", [info.id for info in games.CATALOG])
def test_a_game_s_page_says_it_too(game: str):
    assert notes(f"#/{game}") == [NOTE]


@pytest.mark.parametrize("game", [info.id for info in games.CATALOG if info.id in games.GUIDES])
def test_a_rules_page_which_ends_with_the_ways_to_play_says_it_too(game: str):
    """A rules page ends with the game's ways to play, "Host a game night" among them (seen at 390 px, offline)."""
    assert notes(f"#/{game}/rules") == [NOTE]


def test_the_note_shows_only_while_the_page_is_offline():
    """The stylesheet hides the note unless index.html marked the page offline, which it does as the page opens
    and whenever the browser goes off or on line."""
    css = (ROOT / "css" / "app.css").read_text()
    assert re.search(r"\.offline-note\s*\{[^}]*display:\s*none", css)
    assert re.search(r'html\[data-online="no"\]\s+\.offline-note\s*\{[^}]*display:\s*block', css)
    page = (ROOT / "index.html").read_text()
    assert 'addEventListener("offline"' in page and 'addEventListener("online"' in page
    assert "navigator.onLine" in page


def test_the_host_setup_page_and_the_lobby_s_invitations_say_it_too():
    """Offline, the host setup page (``#/host?game=…``) opened a lobby, and the lobby made invitations that
    could reach no one, and neither said so: each carries the same note, shown by the same stylesheet rule."""
    from tests.unit.ui.peers import Browser, FakeRtc, host_lobby

    assert notes("#/host?game=raythread") == [NOTE]
    host = host_lobby(FakeRtc(), Browser())
    (invites,) = host.by_class("invites")
    assert [text_of(e) for e in find_all(invites, lambda e: e.attr("class") == "offline-note")] == [NOTE]
    assert len(host.by_class("offline-note")) == 1, "once on the page"
