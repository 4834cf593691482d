"""Screens and hash routing, as pure functions from a route to an element tree.

Routes: ``#/`` (home), ``#/<game id>`` (a game's screen); anything else shows a "not found" page.
The app never special-cases a game: everything it shows comes from the catalogue in ``gamenight.games``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight import games
from gamenight.core.game import GameInfo
from gamenight.ui.svg import Element, h

SITE_TITLE = "Game Night Central"


@dataclass(frozen=True)
class Route:
    """Where the player is: ``page`` is ``"home"``, ``"game"`` or ``"missing"``."""

    page: str
    game: str | None = None
    path: str = "/"


def parse_route(location_hash: str) -> Route:
    """The route for a ``location.hash`` value such as ``"#/reflection"`` (untrusted: any text)."""
    path = location_hash[1:] if location_hash.startswith("#") else location_hash
    path = "/" + path.strip("/")
    if path == "/":
        return Route("home")
    parts = path[1:].split("/")
    if len(parts) == 1 and games.info(parts[0]):
        return Route("game", game=parts[0], path=path)
    return Route("missing", path=path)


def title(route: Route) -> str:
    """The document title for ``route``."""
    if route.page == "game" and route.game:
        return f"{games.info(route.game).title} · {SITE_TITLE}"
    return SITE_TITLE


def screen(route: Route) -> Element:
    """The whole app view for ``route``: the header and the page."""
    if route.page == "home":
        page = home()
    elif route.page == "game" and route.game:
        page = game_page(games.info(route.game))
    else:
        page = missing(route.path)
    return h("div", {"class": "frame", "data-page": route.page}, header(), page)


def header() -> Element:
    return h("header", {"class": "app-header"}, h("a", {"href": "#/", "data-nav": "home"}, SITE_TITLE))


def home() -> Element:
    """The landing page: one card per game with its pitch, player count and actions."""
    return h(
        "main",
        {"class": "page home"},
        h("h1", {}, "Pick a game for tonight"),
        h("p", {"class": "lede"}, "No accounts, no server: share a link and play together in your browsers."),
        h("ul", {"class": "cards"}, [game_card(info) for info in games.CATALOG]),
    )


def game_card(info: GameInfo) -> Element:
    return h(
        "li",
        {"class": "card", "data-game": info.id},
        h("h2", {}, info.title),
        h("p", {"class": "players"}, f"{info.players} players"),
        h("p", {"class": "pitch"}, info.pitch),
        h(
            "div",
            {"class": "actions"},
            [
                h("a", {"class": "button primary", "href": f"#/{info.id}", "data-action": "open"}, label)
                for label in card_actions(info)
            ],
        ),
    )


def card_actions(info: GameInfo) -> list[str]:
    """What a card offers: every game can be hosted; games that allow one seat can also be played solo."""
    actions = ["Host a game night"]
    if info.seats.start == 1:
        actions.insert(0, "Play solo")
    return actions


def game_page(info: GameInfo) -> Element:
    return h(
        "main",
        {"class": "page game", "data-game": info.id},
        h("h1", {}, info.title),
        h("p", {"class": "lede"}, f"{info.players} players · {info.pitch}"),
        h("p", {"class": "notice"}, "Coming soon: this game's table is being built."),
        h("a", {"class": "button", "href": "#/", "data-nav": "home"}, "← All games"),
    )


def missing(path: str) -> Element:
    return h(
        "main",
        {"class": "page missing"},
        h("h1", {}, "Nothing here"),
        h("p", {}, f"There is no page at {path}."),
        h("a", {"class": "button", "href": "#/", "data-nav": "home"}, "← All games"),
    )
