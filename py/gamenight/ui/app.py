"""The app: hash routing, and the screen for each route, as pure ``init`` / ``update`` / ``view``.

Routes: ``#/`` (home), ``#/<game id>`` (a game's page), ``#/<game id>/<screen>?k=v&…`` (a screen the
game registers in ``gamenight.games.SCREENS``, e.g. Reflection's solo training), the lobby's pages
(``#/host?game=<id>``, and the links people share: ``#join=CODE``, ``#reply=CODE``), the settings
(``#/settings``), and anything else shows a "not found" page. The app never special-cases a game: what it
shows comes from the registry. Screens are imported when first shown (``LazyScreen``), so the start page
compiles only what it needs.

Above every screen the app offers a new version once one is installed in the background
(``UpdateReady``); it reloads only when the player presses the button.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import games, i18n
from gamenight.core.game import GameInfo
from gamenight.i18n import N_, _, ngettext
from gamenight.ui.offline import offline_note
from gamenight.ui.program import (
    DIALOG,
    ApplyUpdate,
    Copied,
    Copy,
    Effect,
    Env,
    Focus,
    GestureList,
    KeyList,
    Keys,
    LazyScreen,
    Message,
    Navigate,
    SaveFailed,
    Screen,
    SetLanguage,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Stored,
    Tick,
    UiEvent,
    UpdateReady,
    board_stop,
    loaded,
)
from gamenight.ui.svg import Element, h

SITE_TITLE = i18n.SITE
LANGUAGE_KEY = "lang"  # the language the player chose (local storage); else the browser's
MAX_HASH = 2000  # a longer hash is not one of ours; refuse it before parsing
# What a copy did stays said this long (the app's own timer: a route change stops it with the screen's).
COPIED = "app.copied"
COPIED_MS = 4000
# How long the app waits for the clipboard's answer before it says how to copy by hand. Headless Chromium's
# never came, and a real browser may hold it while it asks the player's permission: "Copy" said nothing.
COPY_WAIT = "app.copy-wait"
COPY_WAIT_MS = 3000


# The lobby's pages, outside any game: ``#/<name>?k=v`` …
LOBBY_PAGES: dict[str, Screen | LazyScreen] = {"host": LazyScreen("gamenight.ui.lobby.host")}
# A table on this device, for every game that can be played from one device; a game's rules page.
TABLE = "table"
RULES = "rules"
TABLE_LABEL = N_("Play on this device")
ELSEWHERE = "elsewhere"  # the route's screen of a table link to a game not played on one device
TABLES: dict[str, Screen] = {}
# … and the links people share, ``#<name>=<code>``.
LINK_PAGES: dict[str, Screen | LazyScreen] = {
    "join": LazyScreen("gamenight.ui.lobby.join", "JOIN"),
    "reply": LazyScreen("gamenight.ui.lobby.join", "REPLY"),
}
# The app's own pages: ``#/<name>``.
APP_PAGES: dict[str, Screen | LazyScreen] = {"settings": LazyScreen("gamenight.ui.settings")}


@dataclass(frozen=True)
class Route:
    """Where the player is: ``page`` is ``"home"``, ``"game"``, ``"screen"``, ``"lobby"``, ``"app"`` (the
    app's own pages, e.g. settings) or ``"missing"`` (with a ``game``: that game's "Play vs computer"
    link, where the game has no computer players, ``no_computer``; or its table link, ``screen``
    ``ELSEWHERE``, where the game is not played on one device, ``not_on_one_device``)."""

    page: str
    game: str | None = None
    screen: str | None = None
    params: Mapping[str, str] = field(default_factory=dict)
    path: str = "/"


@dataclass(frozen=True)
class RouteChanged:
    """The URL's hash changed (a link, back/forward, or a pasted URL)."""

    location_hash: str


FOCUS_HEADING = Focus("main h1")  # after a route change (``update``), and from the skip link
# "Later" takes the offer of a new version away with the pressed button: focus goes where the page's main
# content starts, as from the skip link (the render's fallback, a screen's focus home, is missing on the
# start page and the settings, and focus fell to the body). Only from the offer: a browser that does not
# focus a clicked button (Safari) leaves focus where the player had it.
FOCUS_AFTER_OFFER = Focus(FOCUS_HEADING.selector, only_from=".update-offer")
SKIP_ACTION = "skip-to-main"  # the page's first Tab stop (``skip_link``)


def parse_route(location_hash: str) -> Route:
    """The route for a ``location.hash`` value such as ``"#/reflection/solo?seed=7"`` (untrusted text)."""
    text = location_hash[1:] if location_hash.startswith("#") else location_hash
    link, is_link, code = text.partition("=")
    if is_link and link in LINK_PAGES:
        # However long: the invitation's screen says what is wrong with its code (cut to a length that
        # is still too long to be one, so the screen never reads more than that).
        return Route("lobby", screen=link, params={"code": code[: MAX_HASH + 1]}, path=f"/{link}")
    if len(text) > MAX_HASH:
        return Route("missing", path="/…")
    path, _, query = text.partition("?")
    path = "/" + path.strip("/")
    params = query_params(query) if query else {}
    if path == "/":
        return Route("home")
    parts = path[1:].split("/")
    if len(parts) == 1 and games.info(parts[0]):
        return Route("game", game=parts[0], path=path)
    if len(parts) == 1 and parts[0] in LOBBY_PAGES:
        return Route("lobby", screen=parts[0], params=params, path=path)
    if len(parts) == 1 and parts[0] in APP_PAGES:
        return Route("app", screen=parts[0], params=params, path=path)
    if parts[1:] == [TABLE] and "vs" in params and games.info(parts[0]) and parts[0] not in games.BOTS:
        # "Play vs computer" edited into a game with no computer players (Reflection): not a page, but
        # one that says why and what to play instead.
        return Route("missing", game=parts[0], screen=TABLE, path=path)
    if parts[1:] == [TABLE] and games.info(parts[0]) and parts[0] not in games.ON_ONE_DEVICE:
        # A table link for a game that has none (Reflection's players hide their work): not a page, but
        # one that says how the game is played and leads there.
        return Route("missing", game=parts[0], screen=ELSEWHERE, path=path)
    if len(parts) == 2 and (
        (parts[0], parts[1]) in games.SCREENS
        or (parts[1] == TABLE and parts[0] in games.ON_ONE_DEVICE)
        or (parts[1] == RULES and parts[0] in games.GUIDES)
    ):
        return Route("screen", game=parts[0], screen=parts[1], params=params, path=path)
    return Route("missing", path=path)


def query_params(query: str) -> dict[str, str]:
    """``k=v&…`` as a dict (blank values kept). urllib.parse is imported here, not at the top: it imports
    ipaddress, and the start page (no query) should not pay for compiling them in the browser."""
    from urllib.parse import parse_qsl

    return dict(parse_qsl(query, keep_blank_values=True))


# --- static pages --------------------------------------------------------------------------------


@dataclass(frozen=True)
class StaticPage:
    """A screen with no state: it only renders."""

    render: Callable[[], Element]
    page: str = ""  # what the title names before the site's name (a game's title): none on the home page
    label: str = ""
    storage_keys: tuple[str, ...] = ()
    # Or words to put there, in the page's language when the title is read (a language switched since counts).
    named: Callable[[], str] | None = None

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Any, list[Effect]]:
        return None, []

    def update(self, model: Any, message: Message) -> tuple[Any, list[Effect]]:
        return model, []

    def view(self, model: Any) -> Element:
        return self.render()

    def title(self, model: Any) -> str:
        page = self.named() if self.named else self.page
        return i18n.title(page) if page else SITE_TITLE


def home() -> Element:
    """The landing page: one card per game with its pitch, player count and actions."""
    return h(
        "main",
        {"class": "page home"},
        h("h1", {"tabindex": "-1"}, _("Pick a game for tonight")),
        h("p", {"class": "lede"}, _("No accounts, no server: share a link and play together in your browsers.")),
        h("ul", {"class": "cards"}, [game_card(info) for info in games.CATALOG]),
    )


def game_card(info: GameInfo) -> Element:
    return h(
        "li",
        {"class": "card", "data-game": info.id},
        h("h2", {}, h("a", {"href": f"#/{info.id}", "data-nav": "game"}, i18n.name(info.title))),
        h("p", {"class": "players"}, players(info)),
        h("p", {"class": "pitch"}, _(info.pitch)),
        h(
            "div",
            {"class": "actions"},
            [
                h("a", {"class": "button primary" if i == 0 else "button", "href": href}, label)
                for i, (label, href) in enumerate(card_actions(info))
            ],
        ),
        offline_note(),
    )


def players(info: GameInfo) -> str:
    """How many play ``info``: "2 players", "2–4 players" (in the page's language)."""
    lo, hi = info.seats.start, info.seats.stop - 1
    if lo == hi:
        return ngettext("{n} player", "{n} players", lo).format(n=lo)
    return _("{lo}–{hi} players").format(lo=lo, hi=hi)


def table_screen(game: str) -> Screen:
    """The "Play on this device" screen of ``game`` (one per game, made when first needed)."""
    if game not in TABLES:
        from gamenight.ui.table import TableScreen  # on first use: the start page does not need it

        TABLES[game] = TableScreen(game)
    return TABLES[game]


def card_actions(info: GameInfo) -> list[tuple[str, str]]:
    """What a card offers: the game's registered screens (solo play first), play on this device, then
    hosting a game night."""
    actions = [(_(s.label), f"#/{info.id}/{name}") for (game, name), s in games.SCREENS.items() if game == info.id]
    if info.id in games.ON_ONE_DEVICE:
        actions.append((_(TABLE_LABEL), f"#/{info.id}/{TABLE}"))
        if info.id in games.BOTS:  # one person against the computer at Normal, in one click
            actions.append((_("Play vs computer"), f"#/{info.id}/{TABLE}?vs=normal"))
    actions.append((_("Host a game night"), f"#/host?game={info.id}"))
    if info.id in games.GUIDES:
        actions.append((_("How to play"), f"#/{info.id}/{RULES}"))
    return actions


def rules_title(game: str) -> str:
    """The title of ``game``'s rules page: "Reflection: how to play", as every game's guide is headed."""
    info = games.info(game)
    assert info is not None  # parse_route makes a rules route only for a known game
    return i18n.plain(_("{game}: how to play").format(game=i18n.name(info.title)))


def rules_page(game: str) -> Element:
    module = games.guide(game)
    assert module is not None  # parse_route makes a rules route only for a game with a guide
    guide = module.page()
    # The guide's title (an h2 under "How to play" in the help overlay) is this page's heading.
    title, *rest = guide.children
    if isinstance(title, Element) and title.tag == "h2":
        guide = replace(guide, children=(h("h1", {"tabindex": "-1"}, *title.children), *rest))
    info = games.info(game)
    assert info is not None  # as above
    # It ends as the game's page does, with the ways to play it (having read the rules, a player starts one)
    # and the way to every game, not with these rules again. A lone "Back" to the game's page did not go back:
    # a player who came from the home page's card had never seen that page.
    # Offline, that hosting needs a connection, under the ways to play as on the game's page (``offline_note``).
    ways = ways_to_play(info, but=f"#/{game}/{RULES}")
    return h("main", {"class": "page rules", "data-game": game}, guide, ways, offline_note())


def game_page(info: GameInfo) -> Element:
    return h(
        "main",
        {"class": "page game", "data-game": info.id},
        h("h1", {"tabindex": "-1"}, i18n.name(info.title)),
        h("p", {"class": "lede"}, i18n.separated(players(info), _(info.pitch))),
        ways_to_play(info),
        offline_note(),
    )


def ways_to_play(info: GameInfo, but: str = "") -> Element:
    """The ways to play ``info`` its card offers (the first one primary), but the one to the address ``but``, and
    the way back to every game: under the game's page, its rules (``but`` those) and a page for a way of playing
    it does not have (``other_ways``)."""
    ways = [(label, href) for label, href in card_actions(info) if href != but]
    return h(
        "p",
        {"class": "actions"},
        [
            h("a", {"class": "button primary" if i == 0 else "button", "href": href}, label)
            for i, (label, href) in enumerate(ways)
        ],
        h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games")),
    )


def missing(path: str) -> Element:
    return h(
        "main",
        {"class": "page missing"},
        h("h1", {"tabindex": "-1"}, _("Nothing here")),
        h("p", {}, _("There is no page at {path}.").format(path=path)),
        h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games")),
    )


def no_computer(info: GameInfo) -> Element:
    """What ``#/<game>/table?vs=…`` shows for a game with no computer players: why, and the game's card's
    ways to play (every such game has solo training: a unit test holds the sentence to it)."""
    said = _("{game} has no computer opponents: train solo, or host a game night to race your friends.")
    return other_ways(info, _("No computer opponents"), said.format(game=info.title))


def not_on_one_device(info: GameInfo) -> Element:
    """What ``#/<game>/table`` shows for a game not played on one device: how it is played, and the
    game's card's ways to play (every such game has solo training: a unit test holds the sentence to it)."""
    said = _(
        "{game} is played solo, or at a game night where every player has their own device: "
        "each keeps their work hidden from the others."
    )
    return other_ways(info, _("Not played on one device"), said.format(game=info.title))


def other_ways(info: GameInfo, heading: str, said: str) -> Element:
    """A page for a link to a way of playing ``info`` that it does not have: ``said`` why, and the ways
    its card offers."""
    return h(
        "main",
        {"class": "page missing", "data-game": info.id},
        h("h1", {"tabindex": "-1"}, heading),
        h("p", {}, said),
        ways_to_play(info),
    )


def screen_for(route: Route) -> Screen:
    """The screen that shows ``route``."""
    if route.page == "home":
        return StaticPage(home)
    if route.page == "game" and route.game:
        info = games.info(route.game)
        assert info is not None  # parse_route makes a game route only for a known game
        return StaticPage(lambda: game_page(info), info.title)
    if route.page == "screen" and route.game and route.screen == TABLE:
        return table_screen(route.game)
    if route.page == "screen" and route.game and route.screen == RULES:
        game, known = route.game, games.info(route.game)
        assert known is not None  # parse_route makes a rules route only for a known game
        # Its tab says it is the rules, as its heading does: the game's name alone is its page of ways to play.
        return StaticPage(lambda: rules_page(game), named=lambda: rules_title(game))
    if route.page == "screen" and route.game and route.screen:
        return loaded(games.SCREENS[(route.game, route.screen)])
    if route.page == "lobby" and route.screen:
        return loaded(LOBBY_PAGES.get(route.screen) or LINK_PAGES[route.screen])
    if route.page == "app" and route.screen:
        return loaded(APP_PAGES[route.screen])
    known = games.info(route.game) if route.game else None
    if known is not None and route.screen == ELSEWHERE:
        return StaticPage(lambda: not_on_one_device(known), known.title)
    if known is not None:
        return StaticPage(lambda: no_computer(known), known.title)
    return StaticPage(lambda: missing(route.path))


# --- the app program -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Model:
    """The whole app: the route, the screen showing it and that screen's own model; the overlay open
    over it (``"help"``, ``"rules"``, ``LEAVE`` or ``""``); ``update`` is ``"ready"`` while a new version waits
    to be offered, ``"later"`` once the player put it off."""

    route: Route
    screen: Screen
    inner: Any
    here: str = ""  # the address of this screen (``location.hash``), where a link away that it asks about returns
    leaving: str = ""  # the address a link led to while the screen asks first (``LEAVE``), or the one agreed to
    overlay: str = ""
    overlay_game: str = ""
    overlay_return: str = ""  # where keyboard focus goes back when the overlay closes (a selector; "": where it was)
    update: str = ""
    copied: Copied | None = None  # the clipboard's last answer, said for ``COPIED_MS``
    copies: int = 0  # the copies asked of the shell so far: the last one's ``Copy.serial``
    # "waiting": for the last copy's answer (``COPY_WAIT``); "late": the wait ran out, and the page said how to
    # copy by hand, which a refusal coming after it does not overwrite (said again as if new) and a success does.
    copying: str = ""
    # The browser refused the last write to local storage (full, or blocked): said until one works again,
    # so a player learns that a reload would lose the match or the puzzle before it does.
    unsaved: bool = False
    # The help or rules opened on a refusal the page had said already: the overlay shows it as plain words,
    # not in its live region, which a screen reader would read again. Over when a save works again.
    unsaved_heard: bool = False


def storage_keys(location_hash: str) -> tuple[str, ...]:
    """The stored entries the screen for ``location_hash`` reads when it starts."""
    return screen_for(parse_route(location_hash)).storage_keys


def init(location_hash: str, env: Env) -> tuple[Model, list[Effect]]:
    route = parse_route(location_hash)
    screen = screen_for(route)
    inner, effects = screen.init(route.params, env)
    return Model(route, screen, inner, here=location_hash), effects


def update(model: Model, message: Message, env: Env) -> tuple[Model, list[Effect]]:
    """Route changes start the new route's screen; the header's language switch and the update offer
    are the app's own; every other message goes to the current screen. A copy it asks for is waited for
    (``copying``)."""
    updated, effects = _update(model, message, env)
    return copying(updated, effects)


def copying(model: Model, effects: list[Effect]) -> tuple[Model, list[Effect]]:
    """``effects`` with each ``Copy`` numbered and the wait for its answer started before it (a browser with
    no clipboard answers at once, before the effects after it run). The words of an earlier copy go: a
    second press said the same words again, into a live region that does not say them again unchanged."""
    if not any(isinstance(e, Copy) for e in effects):
        return model, effects
    serial = model.copies
    numbered: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Copy):
            serial += 1
            numbered += [StartTimer(COPY_WAIT, COPY_WAIT_MS), replace(effect, serial=serial)]
        else:
            numbered.append(effect)
    return replace(model, copies=serial, copying="waiting", copied=None), numbered


def _update(model: Model, message: Message, env: Env) -> tuple[Model, list[Effect]]:
    if isinstance(message, UiEvent) and message.action == "language" and message.type == "click":
        code = message.data.get("lang", "")
        if code not in i18n.LANGUAGES:
            return model, []
        return model, [Store(LANGUAGE_KEY, code), SetLanguage(code)]
    if isinstance(message, UpdateReady):
        return (model, []) if model.update else (replace(model, update="ready"), [])
    if isinstance(message, Copied):
        if message.serial != model.copies or (model.copying == "late" and not message.ok):
            # An earlier copy's answer, or this one's refusal after the page said to copy by hand. A success
            # that late is said over those words (the browser asked the player's permission, which took them
            # longer): it is copied, and "copy it yourself" would send them to do it again.
            return model, []
        waited = [StopTimer(COPY_WAIT)] if model.copying == "waiting" else []
        return replace(model, copied=message, copying=""), [*waited, StartTimer(COPIED, COPIED_MS)]
    if isinstance(message, Tick) and message.timer == COPY_WAIT:
        if model.copying != "waiting":  # answered meanwhile: a tick already on its way
            return model, [StopTimer(COPY_WAIT)]
        late = replace(model, copied=Copied(False, serial=model.copies), copying="late")
        return late, [StopTimer(COPY_WAIT), StartTimer(COPIED, COPIED_MS)]
    if isinstance(message, SaveFailed):
        return replace(model, unsaved=message.failing, unsaved_heard=model.unsaved_heard and message.failing), []
    if isinstance(message, Tick) and message.timer == COPIED:
        return replace(model, copied=None), [StopTimer(COPIED)]
    if isinstance(message, UiEvent) and message.type == "click" and message.action in ("update-now", "update-later"):
        if message.action == "update-later":
            return replace(model, update="later"), [FOCUS_AFTER_OFFER]
        return model, [ApplyUpdate()]  # the page reloads into the new version
    if isinstance(message, UiEvent) and message.action == UNSAVED_ACTION and message.type == "click":
        # The notice has nothing to do, and a click on it is none on the page it stands in. The parts of
        # a press are the page's: a drag let go on it ends off the board, as anywhere else.
        return model, []
    if isinstance(message, UiEvent) and message.action == SKIP_ACTION and message.type == "click" and not model.overlay:
        # Focus to the screen's heading, where its main content starts, as after a route change: the
        # next Tab goes on from there. Enter or Space on the button arrive as its click.
        return model, [FOCUS_HEADING]
    if isinstance(message, UiEvent) and (model.overlay or message.action in OVERLAY_ACTIONS or _asks_help(message)):
        return overlay_input(model, message)
    if isinstance(message, RouteChanged):
        route = parse_route(message.location_hash)
        if route == model.route:
            return model, []
        asked = on_leave(model)
        if asked and not (model.leaving and parse_route(model.leaving) == route):
            # A link away (or Back) from a screen that holds other people's connections (a host's guests,
            # ``Screen.on_leave``) asks first: the address goes back to this screen's until the player says
            # leave, and the screen goes on under the question (its guests' messages, its timers).
            asking = replace(model, overlay=LEAVE, overlay_game="", overlay_return="", leaving=message.location_hash)
            return asking, [Navigate(model.here, replace=True), Focus(DIALOG)]
        # The screen being left stops its background work and its timers at once: none of them runs
        # after this (the new screen starts its own afterwards), and lets go of what only it held
        # (``Screen.leave``: a guest's connection to the host).
        leave = getattr(model.screen, "leave", None)
        gone = list(leave(model.inner)) if leave is not None else []
        started, effects = init(message.location_hash, env)
        into_settings = (started.route.page, started.route.screen) == ("app", "settings")
        if into_settings and (model.route.page, model.route.screen) == ("screen", TABLE):
            # Settings opened from a game's table (inside a match) lead back to it (``settings.Model.back``).
            started = replace(started, inner=replace(started.inner, back=model.route.game))
        elif into_settings and model.route.page == "screen" and model.route.game:
            # From a game's own screen (a solo puzzle) to its address: the puzzle in progress, as it was kept.
            started = replace(started, inner=replace(started.inner, back=model.route.game, back_to=model.here))
        # Focus goes to the new screen's heading (every screen's h1 takes it: tabindex -1), so a screen
        # reader says where the link led and Tab goes on from there, not from the page's top; unless
        # the screen puts focus somewhere itself (a board).
        heading = [] if any(isinstance(e, Focus) for e in effects) else [FOCUS_HEADING]
        # The copies go on being counted, and waited for: an answer to one asked on the screen left is not a
        # later copy's, nor said once the page told the player to copy by hand.
        kept = replace(started, update=model.update, unsaved=model.unsaved, copies=model.copies, copying=model.copying)
        return rewritten(kept, effects), [StopWork(), StopTimer(), *gone, *heading, *effects]
    if isinstance(message, Stored) and message.key not in model.screen.storage_keys:
        return model, []  # another tab's entry that this screen does not read
    inner, effects = model.screen.update(model.inner, message)
    if inner is model.inner:
        return rewritten(model, effects), effects  # the shell does not redraw (a pointer over the board)
    return rewritten(replace(model, inner=inner), effects), effects


def rewritten(model: Model, effects: list[Effect]) -> Model:
    """``model`` at the address its screen rewrote in place (``Navigate(replace=True)``: no hashchange
    follows), so that a later link back to the address it replaced is a route change again (a friend's
    puzzle link pasted twice). Only within the same screen: another screen's address waits for its
    hashchange."""
    where = next((e for e in reversed(effects) if isinstance(e, Navigate) and e.replace), None)
    if where is None:
        return model
    route = parse_route(where.location_hash)
    same = (route.page, route.game, route.screen) == (model.route.page, model.route.game, model.route.screen)
    return replace(model, route=route, here=where.location_hash) if same and route != model.route else model


def view(model: Model) -> Element:
    """The whole app view: the header, the current screen (a save the browser refused said at the top of
    its page), the offer of a new version if one waits and the overlay open over it."""
    offer = update_offer(model.update == "ready", on_reload(model))
    page = h("div", {}, topped(model.screen.view(model.inner), unsaved_status(model.unsaved)))
    # The overlay is a modal dialog: while it is open, everything else is inert (neither focused, clicked
    # nor read), so Tab from its last control does not go on to the skip link, the header or the offer
    # of a new version behind it. Each part says it itself: a wrapper round them would change the page's
    # structure, which the stylesheet and the morph's matching of elements rely on.
    # The offer comes after the page, where it is drawn (fixed at the window's foot): before it, Tab went
    # from the header to the foot's "Reload" and back up to the page's content (WCAG 2.4.3, focus order).
    # Its live region is drawn there always (empty while no version waits), so it is said once.
    behind = [behind_overlay(part, bool(model.overlay)) for part in (skip_link(), header(), page, offer) if part]
    return h(
        "div",
        {"class": "frame", "data-page": model.route.page},
        behind,
        # A live region, no control: "Copied." is heard over the overlay too.
        copied_status(model.copied, model.copying == "late"),
        overlay_view(model) if model.overlay else None,
    )


def behind_overlay(part: Element, covered: bool) -> Element:
    """``part`` of the app, made ``inert`` while the overlay covers it."""
    return replace(part, attrs=(*part.attrs, ("inert", True))) if covered else part


def copied_status(copied: Copied | None, late: bool = False) -> Element:
    """What the last "Copy" did, at the foot of the window for a moment. The live region is always drawn
    (empty): a screen reader hears text put into a region it already knows, not a region that appears.
    ``late``: the clipboard did not answer in ``COPY_WAIT_MS``, said as a refusal is, with what to do."""
    if copied is None:
        text = ""
    elif copied.ok:
        text = copied.said or _("Copied.")
    elif late:
        text = _(
            "The browser has not copied it (it may be asking your permission). Select the text and copy it yourself."
        )
    else:
        text = _("The browser did not let this page copy. Select the text and copy it yourself.")
    return h(
        "p",
        {"id": "app-copied", "class": "copied" + ("" if copied is None or copied.ok else " refused"), "role": "status"},
        text,
    )


def topped(page: Element, notice: Element) -> Element:
    """A screen's page (its ``main``) with the app's ``notice`` first inside it: the notice stands in the
    page's own column, as wide as its content whatever width and padding that kind of page has
    (css/app.css), so no page kind needs a rule for it. (Beside the page, it had one rule per page
    kind whose width differs, and a new kind stood askew until it had its own.) Behind an open overlay
    it is inert with the page, so the overlay says it too (``overlay_view``). A page whose main takes
    input anywhere on it (Reflection solo's click elsewhere that answers its question) never hears one
    on the notice: the notice names its own ``data-action``, and the app keeps a click on it (``update``)."""
    return Element(page.tag, page.attrs, (notice, *page.children))


# The data-action of the unsaved notice: a click on it is the app's, which does nothing with it.
UNSAVED_ACTION = "app-unsaved"


def unsaved_status(unsaved: bool, element_id: str = "app-unsaved") -> Element:
    """Whether the browser refuses to keep what the page saves, at the top of the page (``topped``), and
    at the top of the overlay while one is open (``element_id`` ``overlay-unsaved``). A live region always
    drawn (empty while saving works), as the copy status is."""
    text = _unsaved_text() if unsaved else ""
    return h("p", {"id": element_id, "class": "unsaved", "role": "status", "data-action": UNSAVED_ACTION}, text)


def unsaved_note() -> Element:
    """The same words in no live region: in the overlay's head when the refusal came before it opened
    (the page's live region said it then; the overlay's would say it again as the dialog opens)."""
    return h("p", {"class": "unsaved", "data-action": UNSAVED_ACTION}, _unsaved_text())


def _unsaved_text() -> str:
    return _(
        "This browser did not let the page save (its storage is full or blocked): "
        "reloading or closing the page would lose what you did since."
    )


def on_reload(model: Model) -> str:
    """What a reload does to what the screen has in progress, as its ``on_reload`` says it ("" where
    nothing is, or the screen has no such method). Nothing while the browser refuses to save: the page's
    notice says a reload would lose what was done since, and a match or a puzzle "kept" would contradict it."""
    said = getattr(model.screen, "on_reload", None)
    return "" if model.unsaved or said is None else str(said(model.inner))


def update_offer(ready: bool, kept: str = "") -> Element:
    """A new version is installed and waiting (``ready``): offer it, never force it (a match or a puzzle
    may be in progress), saying what a reload does to it (``kept``, ``on_reload``): a player could not tell
    whether "Reload" would lose the match. That a version is ready is a live region always drawn (empty,
    taking no room, while no version waits), as the copy status is: a screen reader hears text put into a
    region it knows, not a region that appears, and the buttons' words are not part of the news. What a
    reload keeps is beside it, in no live region: it changes while the offer shows (a guest joins), and a
    region whose text changes is read again whole; it describes the Reload button, where a reader hears it."""
    news = h(
        "p", {"id": "app-update", "role": "status"}, _("A new version of Game Night Central is ready.") if ready else ""
    )
    if not ready:
        return h("div", {"class": "update-idle"}, news)
    return h(
        "div",
        # Its second sentence makes the bar taller (four lines of Japanese at 320 px): the page's room at its
        # foot grows with it (css/app.css).
        {"class": "update-offer", "data-kept": True if kept else None},
        news,
        kept and h("p", {"id": "app-update-kept"}, kept),
        h(
            "button",
            {
                "type": "button",
                "class": "button primary",
                "data-action": "update-now",
                "aria-describedby": "app-update-kept" if kept else None,
            },
            _("Reload"),
        ),
        h("button", {"type": "button", "class": "button", "data-action": "update-later"}, _("Later")),
    )


# --- help and rules, over any screen ---------------------------------------------------------------

OVERLAY_ACTIONS = ("app-help", "app-rules", "app-close")
LEAVE = "leave"  # the overlay that asks before a link away from a screen with others' connections (``on_leave``)
GENERAL_KEYS: KeyList = (
    (("Tab",), N_("Move between the controls of the page")),
    (("Enter", "Space"), N_("Press the focused button")),
    (("?",), N_("Show or hide this help")),
    (("Escape",), N_("Close this help; on a board, step back; on a question, keep playing")),
)
BOARD_KEYS: KeyList = (
    (("←↑→↓",), N_("On a board: move the cursor (the board is one Tab stop)")),
    (("Enter",), N_("On a board: act at the cursor")),
)

# What a finger does on every page, listed first in the help on a touch screen (as the keys of every page
# are on a keyboard): a phone has no Tab, Enter or arrow keys, and the help of a page without a board listed
# only those. Over a board, its own taps and drags come before these (its guide's ``GESTURES``).
GENERAL_GESTURES: GestureList = (
    (N_("Tap"), N_("Press a button, follow a link or choose an option")),
    (N_("Tap ? at the top"), N_("Show this help; Close hides it")),
)
# Where no board is on screen, what a finger does on one (as ``BOARD_KEYS`` for the keys).
BOARD_GESTURES: GestureList = (
    (
        N_("Tap the board"),
        N_("On a board: act where you tap (over a board, this help lists what its taps and drags do)"),
    ),
)


def _asks_help(event: UiEvent) -> bool:
    return event.type == "keydown" and event.key == "?" and not event.typing


# Where focus goes back to when the overlay closes: the control that opened it, or the board a "?" was
# pressed on (a grid that is its own Tab stop, or its cell under the cursor); "" for any other element "?"
# was pressed on, which the shell keeps (``Focus.back``), else the header's "?".
HELP_BUTTON = "#app-help"
RULES_BUTTON = "button[data-action=app-rules]"
BOARD = board_stop()
BOARD_ACTIONS = ("board", "cell", "edge")  # the data-action of a board (or of its cells and clues)


def _opener(model: Model, event: UiEvent) -> str:
    if model.overlay:  # the help's own "How to play": the overlay changes, the way back stays
        return model.overlay_return
    if event.type == "click":
        return RULES_BUTTON if event.action == "app-rules" else HELP_BUTTON
    return BOARD if event.action in BOARD_ACTIONS else ""


def on_leave(model: Model) -> str:
    """What following a link away from the screen would end for other people, as its ``on_leave`` says it
    ("" where nothing, or the screen does not say)."""
    said = getattr(model.screen, "on_leave", None)
    return said(model.inner) if said is not None else ""


def leave_input(model: Model, event: UiEvent) -> tuple[Model, list[Effect]]:
    """The question before leaving (``LEAVE``): "Leave" follows the link it asked about (its route change
    then goes through); "Stay", Escape or its close button keep the screen, focus back where it was."""
    if event.type == "click" and event.action == "leave-go":
        return replace(model, overlay=""), [Navigate(model.leaving)]
    staying = (event.type == "click" and event.action in ("leave-stay", "app-close")) or (
        event.type == "keydown" and event.key == "Escape"
    )
    if staying:
        return replace(model, overlay="", leaving=""), [Focus(HELP_BUTTON, back=True)]
    return model, []


def overlay_input(model: Model, event: UiEvent) -> tuple[Model, list[Effect]]:
    """Opening and closing the help and rules overlay; while it is open, the screen under it waits."""
    if model.overlay == LEAVE:
        return leave_input(model, event)
    opening = (event.type == "click" and event.action in ("app-help", "app-rules")) or _asks_help(event)
    if opening and not (model.overlay == "help" and _asks_help(event)):
        game = event.data.get("game", "") if event.action == "app-rules" else model.route.game or ""
        kind = "rules" if event.action == "app-rules" and games.guide(game) else "help"
        # Said on the page before the overlay covered it (help to rules: as the help had it).
        heard = model.unsaved_heard if model.overlay else model.unsaved
        opened = replace(
            model, overlay=kind, overlay_game=game, overlay_return=_opener(model, event), unsaved_heard=heard
        )
        return opened, [Focus(DIALOG)]
    closing = (event.type == "click" and event.action == "app-close") or (
        event.type == "keydown" and event.key in ("Escape", "?") and not event.typing
    )
    if closing and model.overlay:
        back = Focus(model.overlay_return or HELP_BUTTON, back=not model.overlay_return)
        return replace(model, overlay="", overlay_game="", overlay_return=""), [back]
    return model, []


def leave_view(model: Model) -> Element:
    """The question before a link away from a screen that holds other people's connections: what leaving
    ends (the screen's ``on_leave``), "Stay" first and focused with the dialog (``leave_input``)."""
    return h(
        "div",
        {"class": "overlay-backdrop"},
        h(
            "div",
            {
                "class": "overlay leave-question",
                "id": "overlay",
                "role": "alertdialog",
                "aria-modal": "true",
                "aria-labelledby": "overlay-title",
                "aria-describedby": "leave-words",
                "tabindex": -1,
                "data-overlay": LEAVE,
            },
            h("h2", {"id": "overlay-title"}, _("Leave this page?")),
            h("p", {"id": "leave-words"}, on_leave(model)),
            h(
                "p",
                {"class": "actions"},
                h("button", {"type": "button", "class": "button primary", "data-action": "leave-stay"}, _("Stay")),
                h("button", {"type": "button", "class": "button", "data-action": "leave-go"}, _("Leave")),
            ),
        ),
    )


def overlay_view(model: Model) -> Element:
    if model.overlay == LEAVE:
        return leave_view(model)
    guide = games.guide(model.overlay_game)
    if model.overlay == "rules" and guide is not None:
        title, body = _("How to play"), guide.page()
    else:
        title, body = _("Help"), help_body(model)
    return h(
        "div",
        {"class": "overlay-backdrop"},
        h(
            "div",
            {
                "class": "overlay",
                "id": "overlay",
                "role": "dialog",
                "aria-modal": "true",
                "aria-labelledby": "overlay-title",
                "tabindex": -1,
                "data-overlay": model.overlay,
            },
            h(
                "div",
                {"class": "overlay-head"},
                h("h2", {"id": "overlay-title"}, title),
                h("button", {"type": "button", "class": "button", "data-action": "app-close"}, _("Close")),
                # The page's notice is inert under the overlay, neither seen nor heard: a save refused
                # while the overlay is open is said here, in the head that stays on screen as it scrolls.
                # One refused before it opened was heard on the page: shown here, and not said again.
                unsaved_status(model.unsaved and not model.unsaved_heard, "overlay-unsaved"),
                unsaved_note() if model.unsaved and model.unsaved_heard else None,
            ),
            body,
        ),
    )


def shown_keys(model: Model) -> Keys | None:
    """What the help lists for the board on screen: the screen says it (``Screen.keys``: a lobby's route
    names no game, and Reflection's race and solo board take different keys); a page of one game that
    shows no board (its card) lists none, only the game, whose "How to play" the help offers: not on its
    rules page, where they would open over themselves."""
    said = getattr(model.screen, "keys", None)
    if said is not None:
        return said(model.inner)
    return Keys(model.route.game) if model.route.game and model.route.screen != RULES else None


def help_body(model: Model) -> Element:
    """The touch gestures of the board on screen and those of every page (shown on a touch screen only:
    css/app.css, ``.help-touch``), then the keys of every screen and those of that board (a phone may have a
    keyboard too), and the way to its game's rules."""
    keys = shown_keys(model)
    rows = [(key_names(k), what) for k, what in (*GENERAL_KEYS, *BOARD_KEYS, *(keys.shortcuts if keys else ()))]
    gestures = (*keys.gestures, *GENERAL_GESTURES) if keys and keys.gestures else (*GENERAL_GESTURES, *BOARD_GESTURES)
    game = keys.game if keys and games.guide(keys.game) else ""
    return h(
        "div",
        {"class": "help"},
        h(
            "section",
            {"class": "help-touch"},
            h("h3", {}, _("On a touch screen")),
            _keys_table([(_(gesture), what) for gesture, what in gestures]),
            h("h3", {}, _("Keys")),  # only over the keys where the gestures come first
        ),
        _keys_table(rows),
        game
        and h(
            "p",
            {},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "app-rules", "data-game": game},
                _("How to play"),
            ),
        ),
    )


def key_names(keys: Sequence[str]) -> str:
    """The keys of one row listed in the page's language: "Enter, Space", "Enter、Space" in Japanese. Each
    is the name printed on the key (a name holding a comma stays one key); the list is the language's."""
    return i18n.listing(keys)


def _keys_table(rows: Sequence[tuple[str, str]]) -> Element:
    """Keys (or gestures) and what they do (a msgid, translated here)."""
    return h(
        "table",
        {"class": "keys"},
        h("tbody", {}, [h("tr", {}, h("th", {"scope": "row"}, keys), h("td", {}, _(what))) for keys, what in rows]),
    )


def title(model: Model) -> str:
    return model.screen.title(model.inner)


def skip_link() -> Element:
    """The page's first Tab stop (WCAG 2.4.1), seen only while it has focus (css/app.css): past the
    header's four stops to the screen's heading. A button, not a link to ``#main``: the address's
    fragment is the app's route (a link would leave the screen)."""
    return h(
        "button", {"type": "button", "class": "skip-link", "data-action": SKIP_ACTION}, _("Skip to the main content")
    )


# Each language's name cut short, shown in its button's place of the name where the header is narrow for its
# text (a phone with the browser's text at 150 % or 200 %: css/app.css), the whole name kept for a reader. Like
# the names, in their own language, never translated: the part a reader of it knows the language by.
LANGUAGE_SHORT: dict[str, str] = {"en": "EN", "ja": "日本"}


def header() -> Element:
    current = i18n.language()
    switch = [
        h(
            "button",
            {
                "type": "button",
                "class": "lang",
                "data-action": "language",
                "data-lang": code,
                "lang": code,
                "aria-pressed": "true" if code == current else "false",
            },
            h("span", {"class": "lang-name"}, name),
            h("span", {"class": "lang-short", "aria-hidden": "true"}, LANGUAGE_SHORT[code]),
        )
        for code, name in i18n.LANGUAGES.items()
    ]
    return h(
        "header",
        {"class": "app-header"},
        h("a", {"href": "#/", "data-nav": "home"}, SITE_TITLE),
        h("nav", {"class": "lang-switch", "aria-label": _("Language")}, switch),
        h(
            "button",
            {
                "type": "button",
                "class": "lang help-button",
                "id": "app-help",
                "data-action": "app-help",
                "aria-label": _("Help and keyboard shortcuts"),
                "aria-keyshortcuts": "?",
            },
            "?",
        ),
        h(
            "a",
            {"class": "settings-link", "href": "#/settings"},
            settings_icon(),
            h("span", {"class": "settings-label"}, _("Settings")),
        ),
    )


def settings_icon() -> Element:
    """A cog, drawn only where the header is narrow for its text (a phone with the browser's text at 125 %:
    "Settings" took a row of its own), where the word is kept for a reader alone (css/app.css): a ring of
    teeth, dashes of a thick stroke, round a ring."""
    return h(
        "svg",
        {"class": "settings-icon", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
        h(
            "circle",
            {
                "cx": 12,
                "cy": 12,
                "r": 8.5,
                "fill": "none",
                "stroke": "currentColor",
                "stroke-width": 4,
                "stroke-dasharray": "3.34 3.34",
            },
        ),
        h("circle", {"cx": 12, "cy": 12, "r": 6, "fill": "none", "stroke": "currentColor", "stroke-width": 3}),
    )
