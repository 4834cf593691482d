"""Pure UI: the element tree and its markup, routes, and the screens built from the catalogue."""

import pytest

from gamenight import games
from gamenight.ui import app
from gamenight.ui.svg import Element, find_all, h, render, text_of


def test_markup_escapes_text_and_attributes():
    tree = h("p", {"title": 'a "quote" & <tag>'}, "1 < 2 & 3 > 2")
    assert render(tree) == '<p title="a &quot;quote&quot; &amp; &lt;tag&gt;">1 &lt; 2 &amp; 3 &gt; 2</p>'


def test_markup_of_attributes_children_and_void_elements():
    tree = h(
        "g",
        {"data-x": 3, "opacity": 0.5, "hidden": True, "disabled": False, "id": None},
        [h("circle", {"r": 1.23456}), None, "t"],
        h("br"),
    )
    assert render(tree) == '<g data-x="3" opacity="0.5" hidden><circle r="1.235"></circle>t<br></g>'


def test_tree_helpers():
    tree = h("div", {"id": "a"}, h("span", {"class": "x"}, "one"), h("span", {"class": "x"}, "two"))
    assert [text_of(e) for e in find_all(tree, lambda e: e.attr("class") == "x")] == ["one", "two"]
    assert tree.attr("id") == "a" and tree.attr("missing") is None
    assert isinstance(tree, Element)


@pytest.mark.parametrize(
    ("location_hash", "page", "game"),
    [
        ("", "home", None),
        ("#", "home", None),
        ("#/", "home", None),
        ("#/raythread", "game", "raythread"),
        ("#/reflection/", "game", "reflection"),
        ("#/lightseeker", "game", "lightseeker"),
        ("#/chess", "missing", None),
        ("#/raythread/extra/bits", "missing", None),
        ("#/<script>", "missing", None),
    ],
)
def test_routes(location_hash, page, game):
    route = app.parse_route(location_hash)
    assert (route.page, route.game) == (page, game)


def test_home_has_one_card_per_game_with_pitch_players_and_actions():
    tree = app.screen(app.parse_route("#/"))
    cards = find_all(tree, lambda e: e.attr("class") == "card")
    assert [c.attr("data-game") for c in cards] == [g.id for g in games.CATALOG]
    for card, info in zip(cards, games.CATALOG, strict=True):
        text = text_of(card)
        assert info.title in text and info.pitch in text and f"{info.players} players" in text
        links = find_all(card, lambda e: e.tag == "a")
        assert links and all(link.attr("href") == f"#/{info.id}" for link in links)


def test_solo_play_is_offered_only_where_one_seat_is_allowed():
    offers = {info.id: app.card_actions(info) for info in games.CATALOG}
    assert offers == {
        "raythread": ["Host a game night"],
        "reflection": ["Play solo", "Host a game night"],
        "lightseeker": ["Host a game night"],
    }


def test_game_page_and_missing_page_link_home():
    for location_hash in ("#/raythread", "#/nowhere"):
        tree = app.screen(app.parse_route(location_hash))
        assert any(e.attr("href") == "#/" for e in find_all(tree, lambda e: e.tag == "a"))
    assert "Raythread Rally" in text_of(app.screen(app.parse_route("#/raythread")))
    # Untrusted hash text is shown escaped, never as markup.
    assert "&lt;script&gt;" in render(app.screen(app.parse_route("#/<script>")))


def test_titles():
    assert app.title(app.parse_route("#/")) == "Game Night Central"
    assert app.title(app.parse_route("#/lightseeker")) == "Light Seeker · Game Night Central"
