"""Pure UI: the element tree and its markup, routes, and the screens built from the catalogue."""

import re
from dataclasses import dataclass

import pytest

from gamenight import games, i18n
from gamenight.reflection.laser import EMPTY
from gamenight.ui import app, svg
from gamenight.ui.program import (
    Copied,
    Env,
    Focus,
    Navigate,
    SaveFailed,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Stored,
    Tasks,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    WorkProgress,
    run_work,
    screen_hash,
)
from gamenight.ui.svg import Element, find_all, h, render, text_of
from tests.unit.words import in_language


def test_markup_escapes_text_and_attributes():
    tree = h("p", {"title": 'a "quote" & <tag>'}, "1 < 2 & 3 > 2")
    assert render(tree) == '<p title="a &quot;quote&quot; &amp; &lt;tag&gt;">1 &lt; 2 &amp; 3 &gt; 2</p>'


def test_a_word_a_translation_joins_is_a_no_break_span_without_its_joiners():
    # Chromium's phrase model broke Japanese words across two lines ("明る" / "い面", "値" / "7"): the
    # catalogue joins their characters with U+2060, which the page never shows (a screen reader, a copy).
    j = i18n.JOINER
    tree = h("p", {"aria-label": f"明{j}る{j}い{j}面"}, f"暗{j}い{j}面（0）、値{j}12 & <b>")
    markup = render(tree)
    assert markup == (
        '<p aria-label="明るい面"><span class="nobr">暗い面</span>（0）、'
        '<span class="nobr">値12</span> &amp; &lt;b&gt;</p>'
    )
    assert j not in markup and render(h("p", {}, "明るい面")) == "<p>明るい面</p>"
    # A number or a Latin word a placeholder fills in is one piece of the run: 2026年12月5日 whole.
    assert render(h("p", {}, f"日付：2026{j}年{j}12{j}月{j}5{j}日 a{j}b")) == (
        '<p>日付：<span class="nobr">2026年12月5日</span> <span class="nobr">ab</span></p>'
    )
    # A word longer than ``_HELD`` is held by its last characters only: a no-break span of a whole long name
    # and its tag ("WWWW…W（A）") ran 149 px past a 390 px phone's edge, where the word alone may break.
    held = "W" * svg._HELD
    assert render(h("p", {}, f"{'W' * 12}{held}{j}（{j}A{j}）の番")) == (
        f'<p>{"W" * 12}<span class="nobr">{held}（A）</span>の番</p>'
    )
    assert i18n.title(f"明{j}る{j}い") == "明るい · Game Night Central"
    # Where a span may not stand (an HTML tag in an SVG text ends the SVG for the browser's parser; an
    # option or a text area holds text only), the joiners are dropped and no span is drawn.
    for tag in ("text", "tspan", "title", "desc", "option", "textarea"):
        assert render(h(tag, {}, f"黄{j}の{j}3")) == f"<{tag}>黄の3</{tag}>"


def test_no_break_marks_are_for_the_eye_a_reader_gets_plain_spaces_and_no_joiners():
    # "Bot\u00a0A\u00a0(Hard)" and "{name}\u00a0({seat})" keep a label on one line; Chromium put the U+00A0
    # into the accessibility tree as it was (an aria-label, a live region's text, an SVG title), which a
    # braille display may show as a mark of its own. On the page the run is a no-break span of plain text.
    nb, j = i18n.NO_BREAK, i18n.JOINER
    label = f"Bot{nb}A{nb}(Hard)"
    assert render(h("p", {"role": "alert"}, f"{label} to play")) == (
        '<p role="alert"><span class="nobr">Bot A (Hard)</span> to play</p>'
    )
    assert render(h("p", {}, f"14.1{nb}MB · ボット{j}2{j}（{j}むずかしい{j}）")) == (
        '<p>14.<span class="nobr">1 MB</span> · ボッ<span class="nobr">ト2（むずかしい）</span></p>'
    )
    # An attribute a reader speaks or shows as a tip is never wrapped: plain spaces, no joiners.
    spoken = {name: f"lit by Ann{nb}(A){j}" for name in ("aria-label", "title", "alt", "aria-valuetext")}
    assert render(h("button", spoken)) == (
        '<button aria-label="lit by Ann (A)" title="lit by Ann (A)" alt="lit by Ann (A)"'
        ' aria-valuetext="lit by Ann (A)"></button>'
    )
    # A field's value is what was typed (``protocol.typed_name`` reads it): its no-break space stays.
    assert render(h("input", {"value": f"Ann{nb}Lee"})) == f'<input value="Ann{nb}Lee">'
    # Text that holds no span (an SVG title names its picture; an option; an SVG text) never wraps either.
    for tag in ("title", "desc", "text", "option"):
        assert render(h(tag, {}, f"lit by Ann{nb}(A)")) == f"<{tag}>lit by Ann (A)</{tag}>"
    # A text beside an element (a seat card's name, then its tag) holds its edge's no-break space too.
    assert render(h("span", {}, h("span", {}, "Ann"), f"{nb}(A)", h("b", {}, "x"), f" and Bea{nb}")) == (
        '<span><span>Ann</span><span class="nobr"> (A)</span><b>x</b> and <span class="nobr">Bea </span></span>'
    )
    # Text no eye sees (a visually hidden live region) has no line to keep: one plain text node, which the
    # page's morph rewrites whole (a span in a line made it rewrite "A) places …" alone, what a reader got).
    hidden = h("div", {"class": "visually-hidden", "aria-live": "polite"}, h("p", {}, f"{label} places{nb}it"))
    assert render(hidden) == '<div class="visually-hidden" aria-live="polite"><p>Bot A (Hard) places it</p></div>'
    # A long name is held by its last ``_HELD`` characters with its tag, as a joined one is.
    held = "W" * svg._HELD
    assert render(h("p", {}, f"{'W' * 12}{held}{nb}(A) to play")) == (
        f'<p>{"W" * 12}<span class="nobr">{held} (A)</span> to play</p>'
    )
    # A document title (no markup reaches it) reads the same.
    assert i18n.title(label) == "Bot A (Hard) · Game Night Central"


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


def screen_tree(location_hash: str) -> Element:
    model, _effects = app.init(location_hash, Env())
    return app.view(model)


@dataclass(frozen=True)
class Counter:
    """A tiny screen for routing tests: counts clicks on ``data-action="add"``."""

    label: str = "Count"
    storage_keys: tuple[str, ...] = ("count",)

    def init(self, params, env):
        return int(params.get("start", env.stored.get("count", "0"))), []

    def update(self, model, message):
        if isinstance(message, UiEvent) and message.action == "add":
            return model + 1, [Store("count", str(model + 1))]
        return model, []

    def view(self, model):
        return h("main", {"class": "counter"}, str(model))

    def title(self, model):
        return f"Count {model}"


@pytest.fixture
def counter_screen(monkeypatch):
    monkeypatch.setitem(games.SCREENS, ("reflection", "count"), Counter())


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
        ("#/raythread/count", "missing", None),
        ("#/<script>", "missing", None),
        ("#/" + "x" * 5000, "missing", None),
    ],
)
def test_routes(location_hash, page, game):
    route = app.parse_route(location_hash)
    assert (route.page, route.game) == (page, game)


def test_an_address_a_screen_rewrites_in_place_is_where_the_app_is():
    # The screen rewrote the address with replaceState (no hashchange): a later link back to the
    # address it replaced is a route change again, not ignored as the route already shown.
    env = Env(now_ms=1_800_000_000_000)
    link = "#/reflection/solo?preset=easy&seed=5"
    model, _effects = app.init(link, env)
    moved = app.rewritten(model, [Navigate("#/reflection/solo?preset=easy&seed=6", replace=True)])
    assert moved.route.params == {"preset": "easy", "seed": "6"} and moved.screen is model.screen
    again, effects = app.update(moved, app.RouteChanged(link), env)
    assert again.route == model.route and again is not moved and effects
    assert app.update(again, app.RouteChanged(link), env) == (again, [])
    # Not another screen's address (its own hashchange brings it), nor a navigation that adds history.
    assert app.rewritten(model, [Navigate("#/raythread/table", replace=True)]) is model
    assert app.rewritten(model, [Navigate("#/reflection/solo?preset=easy&seed=6")]) is model


def test_an_invitation_link_of_any_length_opens_the_join_page_which_says_what_is_wrong():
    # A link cut or pasted twice into itself is not "Nothing here": the join page reads its code, at
    # most one character longer than a route may be (still too long to be a code).
    route = app.parse_route("#join=" + "A" * 5000)
    assert (route.page, route.screen) == ("lobby", "join") and len(route.params["code"]) == app.MAX_HASH + 1
    model, _effects = app.init("#join=" + "A" * 5000, Env(now_ms=1_800_000_000_000))
    assert "too long to be a Game Night invitation code" in text_of(app.view(model))


def test_game_screens_route_with_their_parameters(counter_screen):
    route = app.parse_route("#/reflection/count?start=5&seed=12")
    assert (route.page, route.game, route.screen) == ("screen", "reflection", "count")
    assert route.params == {"start": "5", "seed": "12"}
    assert screen_hash("reflection", "count", {"start": 5, "seed": 12}) == "#/reflection/count?start=5&seed=12"
    assert app.parse_route(screen_hash("reflection", "count", {"a": "x y&z"})).params == {"a": "x y&z"}


def test_the_program_runs_a_screen_and_follows_route_changes(counter_screen):
    assert app.storage_keys("#/reflection/count") == ("count",)
    model, effects = app.init("#/reflection/count", Env(stored={"count": "3"}))
    assert text_of(app.view(model)).endswith("3") and effects == []
    model, effects = app.update(model, UiEvent("click", action="add"), Env())
    assert text_of(app.view(model)).endswith("4") and effects == [Store("count", "4")]
    assert app.title(model) == "Count 4"
    same, effects = app.update(model, app.RouteChanged("#/reflection/count"), Env())
    assert same is model and effects == []
    home, _ = app.update(model, app.RouteChanged("#/"), Env())
    assert home.route.page == "home" and app.title(home) == "Game Night Central"


def test_home_has_one_card_per_game_with_pitch_players_and_actions():
    tree = screen_tree("#/")
    cards = find_all(tree, lambda e: e.attr("class") == "card")
    assert [c.attr("data-game") for c in cards] == [g.id for g in games.CATALOG]
    for card, info in zip(cards, games.CATALOG, strict=True):
        text = text_of(card)
        assert info.title in i18n.plain(text) and info.pitch in text and f"{info.players} players" in text
        links = find_all(card, lambda e: e.tag == "a")
        hrefs = [str(link.attr("href")) for link in links]
        assert hrefs and all(h.startswith(f"#/{info.id}") or h == f"#/host?game={info.id}" for h in hrefs)


def test_cards_offer_the_games_own_screens_before_hosting(counter_screen):
    offers = {info.id: app.card_actions(info) for info in games.CATALOG}
    reflection = [
        ("Count", "#/reflection/count"),
        ("Host a game night", "#/host?game=reflection"),
        ("How to play", "#/reflection/rules"),
    ]
    assert offers["reflection"][-3:] == reflection
    assert offers["raythread"] == [
        ("Play on this device", "#/raythread/table"),
        ("Play vs computer", "#/raythread/table?vs=normal"),
        ("Host a game night", "#/host?game=raythread"),
        ("How to play", "#/raythread/rules"),
    ]


def test_a_cards_title_is_a_link_to_its_game_page():
    cards = find_all(screen_tree("#/"), lambda e: e.attr("class") == "card")
    for card, info in zip(cards, games.CATALOG, strict=True):
        title = find_all(card, lambda e: e.tag == "h2")[0]
        links = find_all(title, lambda e: e.tag == "a")
        assert [(str(a.attr("href")), i18n.plain(text_of(a))) for a in links] == [(f"#/{info.id}", info.title)]


def test_a_game_page_offers_everything_its_card_does():
    """The game page's pitch promises no more than its buttons: Reflection's "or train solo" has one."""
    for info in games.CATALOG:
        page = find_all(screen_tree(f"#/{info.id}"), lambda e: e.tag == "main")[0]
        offered = [(text_of(a), str(a.attr("href"))) for a in find_all(page, lambda e: e.tag == "a")]
        assert offered[: len(app.card_actions(info))] == app.card_actions(info)
        assert ("← All games", "#/") in offered
    page = find_all(screen_tree("#/reflection"), lambda e: e.tag == "main")[0]
    reflection = [str(a.attr("href")) for a in find_all(page, lambda e: e.tag == "a")]
    assert reflection[0] == "#/reflection/solo" and "train solo" in text_of(page)


def test_game_page_and_missing_page_link_home():
    for location_hash in ("#/raythread", "#/nowhere"):
        tree = screen_tree(location_hash)
        assert any(e.attr("href") == "#/" for e in find_all(tree, lambda e: e.tag == "a"))
    assert "Raythread Rally" in i18n.plain(text_of(screen_tree("#/raythread")))
    # Untrusted hash text is shown escaped, never as markup.
    assert "&lt;script&gt;" in render(screen_tree("#/<script>"))


def test_titles():
    assert app.title(app.init("#/", Env())[0]) == "Game Night Central"
    assert app.title(app.init("#/lightseeker", Env())[0]) == "Light Seeker · Game Night Central"


def test_run_work_drives_a_generator_to_its_result():
    def count_to(n):
        yield from range(n)
        return "done"

    assert run_work(Work("t", count_to(3))) == ([0, 1, 2], "done")


# --- background work: slices, replacing, stopping ------------------------------------------------


class Clock:
    """A fake ``perf_counter`` that moves 1 ms each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_tasks_run_work_in_slices_until_it_returns():
    def count_to(n):
        yield from range(n)
        return "done"

    tasks = Tasks()
    work = Work("t", count_to(50), slice_ms=10)
    tasks.start(work)
    messages = []
    while (message := tasks.slice(work, Clock())) is not None:
        messages.append(message)
    assert all(isinstance(m, WorkProgress) for m in messages[:-1]) and messages[-1] == WorkDone("t", "done")
    assert 3 <= len(messages) == tasks.slices and tasks.running == {}


def test_a_replaced_or_stopped_task_runs_no_other_slice():
    advanced = []

    def forever(name):
        while True:
            advanced.append(name)
            yield

    tasks = Tasks()
    old, new = Work("t", forever("old")), Work("t", forever("new"))
    tasks.start(old)
    assert tasks.slice(old, Clock()) is not None
    tasks.start(new)  # the same name: the old one is replaced
    before = len(advanced)
    assert tasks.slice(old, Clock()) is None and len(advanced) == before
    other = Work("u", forever("other"))
    tasks.start(other)
    tasks.stop("t")
    assert tasks.slice(new, Clock()) is None and tasks.slice(other, Clock()) is not None
    tasks.stop()
    before = len(advanced)
    assert tasks.slice(other, Clock()) is None and len(advanced) == before and tasks.running == {}


def test_leaving_a_screen_stops_its_work_no_slice_runs_after():
    tasks = Tasks()
    model, effects = app.init("#/reflection/solo?preset=expert&seed=3&v=1", Env())  # minutes of work
    (work,) = [e for e in effects if isinstance(e, Work)]
    tasks.start(work)
    assert isinstance(tasks.slice(work, Clock()), WorkProgress)
    model, effects = app.update(model, app.RouteChanged("#/"), Env())
    assert effects[0] == StopWork()  # before anything the new screen starts
    for effect in effects:
        if isinstance(effect, StopWork):
            tasks.stop(effect.task)
    slices = tasks.slices
    assert tasks.slice(work, Clock()) is None and tasks.slices == slices and tasks.running == {}


def test_leaving_a_screen_stops_its_timers_before_the_next_screen_starts_its_own():
    model, effects = app.init("#/reflection/solo?preset=easy&seed=3", Env())
    model, effects = app.update(model, app.RouteChanged("#/raythread/table"), Env())
    assert effects[:2] == [StopWork(), StopTimer()]  # every timer of the screen left, then the new screen's
    assert app.update(model, app.RouteChanged("#/raythread/table"), Env())[1] == []  # same route: nothing stops


def test_help_opens_with_the_question_mark_and_closes_with_escape_over_any_screen():
    model, _ = app.init("#/raythread/table", Env())
    typing = UiEvent("keydown", "", {}, key="?", typing=True)
    assert app.update(model, typing, Env())[0] is model, "a ? typed into a field is the field's"
    opened, effects = app.update(model, UiEvent("keydown", "", {}, key="?"), Env())
    assert opened.overlay == "help" and effects == [Focus("#overlay")]
    tree = app.view(opened)
    dialog = find_all(tree, lambda e: e.attr("role") == "dialog")[0]
    assert dialog.attr("aria-modal") == "true" and "Show or hide this help" in text_of(dialog)
    screen = find_all(tree, lambda e: e.attr("inert") is True)
    assert any("Raythread Rally" in i18n.plain(text_of(e)) for e in screen), "the screen under the dialog is inert"
    # While it is open, the screen does not get inputs.
    assert app.update(opened, UiEvent("submit", "table-setup", form={"players": "2"}), Env())[0] is opened
    closed, effects = app.update(opened, UiEvent("keydown", "", {}, key="Escape"), Env())
    # "?" pressed on no board: back where focus was (the shell keeps it), else on the header's "?".
    assert closed.overlay == "" and effects == [Focus("#app-help", back=True)]
    rules, _ = app.update(closed, UiEvent("click", "app-rules", {"game": "raythread"}), Env())
    assert rules.overlay == "rules" and "Raythread Rally: how to play" in i18n.plain(text_of(app.view(rules)))
    unknown, _ = app.update(closed, UiEvent("click", "app-rules", {"game": "nope"}), Env())
    assert unknown.overlay == "help", "a game without a guide gets the help"


@pytest.mark.parametrize(
    ("route", "gestures"),
    [
        ("#/raythread/table?vs=normal", ["Tap a tile in your hand", "Tap a cell", "Tap a tile marked ↻"]),
        ("#/lightseeker/table?vs=normal", ["Tap a cube, then a Slide or Tilt button", "Tap a cube"]),
        ("#/reflection/solo?preset=easy&seed=3", ["Tap a cell", "Drag a tile", "Tap a clue", "Drag an empty cell"]),
    ],
)
def test_the_help_over_a_game_lists_its_touch_gestures_beside_its_keys(route: str, gestures: list[str]):
    """The "?" help on a touch screen: the game's gestures (what its controls do with taps and drags),
    then the keys (a phone may have a keyboard). The stylesheet shows the gestures only where the
    pointer is coarse or cannot hover (css/app.css, ``.help-touch``). A board's own over a board only: a
    match, a puzzle being played (tests/unit/ui/test_help_keys.py)."""
    model, effects = app.init(route, Env())
    for work in [e for e in effects if isinstance(e, Work)]:  # the solo puzzle, made
        model, _ = app.update(model, WorkDone(work.task, run_work(work)[1]), Env())
    opened, _ = app.update(model, UiEvent("click", "app-help"), Env())
    touch = find_all(app.view(opened), lambda e: e.attr("class") == "help-touch")
    assert len(touch) == 1
    every_page = ["Tap", "Tap ? at the top"]  # then what a finger does on any page
    assert [text_of(th) for th in find_all(touch[0], lambda e: e.tag == "th")] == [*gestures, *every_page]
    keys = find_all(app.view(opened), lambda e: e.attr("class") == "keys")
    assert keys and "Enter" in text_of(keys[-1])
    home, _ = app.update(app.init("#/", Env())[0], UiEvent("click", "app-help"), Env())
    (touch,) = find_all(app.view(home), lambda e: e.attr("class") == "help-touch")
    listed = [text_of(th) for th in find_all(touch, lambda e: e.tag == "th")]
    assert listed == [*every_page, "Tap the board"], "no board: a finger's ways on any page and on a board"


@pytest.mark.parametrize(
    "closing",
    [
        UiEvent("keydown", "", {}, key="Escape"),
        UiEvent("keydown", "", {}, key="?"),
        UiEvent("click", "app-close"),
    ],
    ids=["Escape", "?", "Close"],
)
def test_every_way_of_closing_the_help_gives_focus_back_where_the_question_mark_was_pressed(closing: UiEvent):
    """The program's half of "focus back" (tests/e2e/test_shell.py checks the shell's): "?" pressed on a
    control the screen cannot name (a link, "New match") asks the shell for the element focused when the
    dialog opened (``Focus.back``), "?" on a board for the board, however the help is closed; from the
    help to the rules (its own "How to play") and back, the way back stays. The shell's half (keeping that element,
    and falling back to ``selector`` once it is gone) lives in ui/dom.py only: no unit level reaches it."""
    model, _ = app.init("#/raythread/table?vs=normal", Env())
    rules = UiEvent("click", "app-rules", {"game": "raythread"})
    board = '[role=grid][tabindex="0"], [role=grid] [tabindex="0"]'
    for pressed_on, back in (("table-new", Focus("#app-help", back=True)), ("board", Focus(board))):
        for within in ((), (rules,)):
            opened, effects = app.update(model, UiEvent("keydown", pressed_on, {}, key="?"), Env())
            assert effects == [Focus("#overlay")], "the shell keeps where focus was as the dialog opens"
            for event in within:
                opened, effects = app.update(opened, event, Env())
                assert opened.overlay == "rules" and effects == [Focus("#overlay")]
            if opened.overlay == "rules" and closing.key == "?":  # "?" over the rules shows the help first
                opened, effects = app.update(opened, closing, Env())
                assert opened.overlay == "help" and effects == [Focus("#overlay")]
            closed, effects = app.update(opened, closing, Env())
            assert closed.overlay == "" and effects == [back], (pressed_on, within)
            assert closed.overlay_return == "", "a later opening by the header's ? starts afresh"


def test_closing_the_overlay_gives_focus_back_to_what_opened_it():
    """The header's "?" gets it back when it opened the help; a match's "How to play" button when it
    opened the rules; the board when "?" was pressed on it (not the header, a Tab trip away); any other
    control "?" was pressed on, through the shell (``Focus.back``)."""
    model, _ = app.init("#/raythread/table?vs=normal", Env())
    escape = UiEvent("keydown", "", {}, key="Escape")

    def round_trip(opening: UiEvent, *within: UiEvent) -> list:
        opened, _ = app.update(model, opening, Env())
        assert opened.overlay
        for event in within:
            opened, _ = app.update(opened, event, Env())
        closed, effects = app.update(opened, escape, Env())
        assert closed.overlay == ""
        return effects

    assert round_trip(UiEvent("click", "app-help")) == [Focus("#app-help")]
    rules = UiEvent("click", "app-rules", {"game": "raythread"})
    assert round_trip(rules) == [Focus("button[data-action=app-rules]")]
    board = '[role=grid][tabindex="0"], [role=grid] [tabindex="0"]'
    for action in ("board", "cell", "edge"):  # Raythread's and Light Seeker's grid; Reflection's cells and clues
        assert round_trip(UiEvent("keydown", action, {}, key="?")) == [Focus(board)]
    # From the help to the rules (its own "How to play" button): the way back is still the board's.
    assert round_trip(UiEvent("keydown", "board", {}, key="?"), rules) == [Focus(board)]
    # "?" on any other control (a link, "New match"), which the screen cannot name: where focus was.
    elsewhere = UiEvent("keydown", "table-new", {}, key="?")
    assert round_trip(elsewhere) == round_trip(elsewhere, rules) == [Focus("#app-help", back=True)]
    # The selectors find the controls on the screen: one "How to play" button, one board that is a Tab stop.
    tree = app.view(model)
    assert len(find_all(tree, lambda e: e.tag == "button" and e.attr("data-action") == "app-rules")) == 1
    assert len(find_all(tree, lambda e: e.attr("role") == "grid" and e.attr("tabindex") == 0)) == 1


def test_the_question_mark_over_the_rules_shows_the_help_in_their_place_and_escape_closes_both():
    """ "?" over the rules (a match's "How to play") puts the help in their place in the one dialog, at its
    top with focus on it (never a second dialog over the first); its "How to play" leads back to the same
    rules, and Escape (or "?", or Close) closes the dialog, focus back on what opened the rules, the
    button that opens them again (docs/accessibility.md, "The help and rules overlay is modal")."""
    model, _ = app.init("#/raythread/table?vs=normal", Env())
    rules_button = UiEvent("click", "app-rules", {"game": "raythread"})
    for closing in (UiEvent("keydown", "", {}, key="Escape"), UiEvent("keydown", "", {}, key="?")):
        rules, _ = app.update(model, rules_button, Env())
        helped, effects = app.update(rules, UiEvent("keydown", "", {}, key="?"), Env())
        assert helped.overlay == "help" and effects == [Focus("#overlay")]
        tree = app.view(helped)
        (dialog,) = find_all(tree, lambda e: e.attr("role") == "dialog")
        (back_to_rules,) = find_all(dialog, lambda e: e.attr("data-action") == "app-rules")
        assert back_to_rules.attr("data-game") == "raythread"
        again, effects = app.update(helped, rules_button, Env())
        assert again.overlay == "rules" and effects == [Focus("#overlay")]
        closed, effects = app.update(helped, closing, Env())
        assert closed.overlay == "" and effects == [Focus("button[data-action=app-rules]")], closing.key


@pytest.mark.parametrize("game", ["raythread", "lightseeker", "reflection"])
def test_the_help_over_a_rules_page_does_not_offer_those_rules_again(game: str):
    """On a game's rules page (#/<game>/rules) "?" shows the help over the page; its "How to play" opened the
    same rules again, in a dialog over themselves. Escape gives the page back, where the player was."""
    model, _ = app.init(f"#/{game}/rules", Env())
    helped, _ = app.update(model, UiEvent("keydown", "", {}, key="?"), Env())
    tree = app.view(helped)
    (overlay,) = find_all(tree, lambda e: e.attr("id") == "overlay")
    assert helped.overlay == "help" and not find_all(overlay, lambda e: e.attr("data-action") == "app-rules")
    closed, effects = app.update(helped, UiEvent("keydown", "", {}, key="Escape"), Env())
    assert closed.overlay == "" and effects == [Focus("#app-help", back=True)]


@pytest.mark.parametrize("game", ["raythread", "lightseeker", "reflection"])
def test_every_rules_page_is_headed_and_titled_how_to_play_in_both_languages(game: str):
    """A card's "How to play" opens a page headed "<game>: how to play", for every game: Reflection's was headed
    "Reflection" alone, as its game page is, and every rules page's tab read only the game's name, so a player
    (or a screen reader's list of headings, or of tabs) could not tell the rules from the page of ways to play."""
    info = games.info(game)
    assert info is not None
    for code, heading in (("en", "{game}: how to play"), ("ja", "{game}：遊び方")):
        with in_language(code):
            model, _ = app.init(f"#/{game}/rules", Env())
            (h1,) = find_all(app.view(model), lambda e: e.tag == "h1")
            said = heading.format(game=info.title)
            assert i18n.plain(text_of(h1)) == said, code
            assert app.title(model) == i18n.title(said), code


@pytest.mark.parametrize("game", ["raythread", "lightseeker", "reflection"])
def test_a_rules_page_ends_with_the_games_ways_to_play_and_the_way_to_every_game(game: str):
    """A card's "How to play" ended with one "Back" link to the game's own page (#/reflection), a page the player
    coming from the home page had never seen: "Back" did not go back. The rules end as a game's page does, with
    its ways to play (the first one primary: having read the rules, a player starts one) and "← All games",
    but not with "How to play" itself."""
    info = games.info(game)
    assert info is not None
    model, _ = app.init(f"#/{game}/rules", Env())
    (main,) = find_all(app.view(model), lambda e: e.tag == "main")
    links = [
        (text_of(e), e.attr("href"))
        for e in find_all(main, lambda e: e.tag == "a" and "button" in str(e.attr("class")))
    ]
    ways = [(label, href) for label, href in app.card_actions(info) if not href.endswith("/rules")]
    assert links == [*ways, ("← All games", "#/")]
    (first,) = find_all(main, lambda e: e.tag == "a" and e.attr("href") == ways[0][1])
    assert "primary" in str(first.attr("class"))


def tab_stops(tree: Element, inert: bool = False) -> list[Element]:
    """The elements of ``tree`` that Tab reaches: a control or a link, or ``tabindex`` 0 or more, not
    disabled and not inside an ``inert`` element."""
    inert = inert or tree.attr("inert") is True
    controls = ("button", "input", "select", "textarea", "summary")
    native = tree.tag in controls or (tree.tag == "a" and bool(tree.attr("href")))
    index = tree.attr("tabindex")
    here = not inert and not tree.attr("disabled") and (native if index is None else int(str(index)) >= 0)
    return [tree] * here + [s for c in tree.children if isinstance(c, Element) for s in tab_stops(c, inert)]


@pytest.mark.parametrize(
    ("route", "opening"),
    [
        ("#/", UiEvent("click", "app-help")),
        ("#/raythread/table?vs=normal", UiEvent("keydown", "board", {}, key="?")),
        ("#/lightseeker/table?vs=normal", UiEvent("click", "app-rules", {"game": "lightseeker"})),
        ("#/reflection/solo", UiEvent("click", "app-rules", {"game": "reflection"})),
    ],
)
def test_under_an_open_overlay_tab_reaches_only_the_overlay(route: str, opening: UiEvent):
    """The help and the rules are a modal dialog: the screen under them was inert, but not the skip link,
    the header or the offer of a new version, so Tab from the overlay's last control went on to them (and
    a press there acted on the page behind). Everything but the overlay is inert while it is open."""
    model, _ = app.init(route, Env())
    model, _ = app.update(model, app.UpdateReady(), Env())
    shown = tab_stops(app.view(model))
    for part in ("skip-to-main", "app-help", "update-now", "update-later"):
        assert any(e.attr("data-action") == part for e in shown), part
    assert any(e.tag == "a" and e.attr("href") == "#/settings" for e in shown)
    opened, effects = app.update(model, opening, Env())
    assert opened.overlay and effects == [Focus("#overlay")]
    tree = app.view(opened)
    (overlay,) = find_all(tree, lambda e: e.attr("id") == "overlay")
    inside = tab_stops(overlay)
    assert inside and any(e.attr("data-action") == "app-close" for e in inside)
    outside = [e for e in tab_stops(tree) if not any(e is i for i in inside)]
    assert outside == [], [(e.tag, e.attr("data-action") or e.attr("href") or text_of(e)) for e in outside]
    closed, _ = app.update(opened, UiEvent("click", "app-close"), Env())
    assert len(tab_stops(app.view(closed))) == len(shown), "closed, the page is as it was"


def test_the_rules_page_is_drawn_by_the_games_scene_as_pictures():
    tree = screen_tree("#/raythread/rules")
    figures = find_all(tree, lambda e: e.tag == "figure")
    assert len(figures) == 5
    boards = find_all(tree, lambda e: e.tag == "svg" and "rt-board" in str(e.attr("class")))
    assert len(boards) == 5 and all(b.attr("role") is None and b.attr("tabindex") is None for b in boards)
    # The prism picture shows two branches of A's beam leaving the prism.
    prism = boards[3]
    runs = find_all(prism, lambda e: e.tag == "line" and "rt-beam" in str(e.attr("class")))
    assert len([r for r in runs if "rt-glint" not in str(r.attr("class"))]) == 3
    assert find_all(tree, lambda e: e.attr("class") == "rt-beacon rt-claimed")


def test_reflections_rules_page_draws_each_tile_on_a_traced_laser():
    tree = screen_tree("#/reflection/rules")
    boards = find_all(tree, lambda e: e.tag == "svg" and "rf-board" in str(e.attr("class")))
    assert len(boards) == 5 and all(b.attr("role") is None for b in boards)
    # Each picture draws one laser; the mirror's turns and the block's comes back (a yellow clue).
    assert all(find_all(b, lambda e: "rf-laser" in str(e.attr("class"))) for b in boards)
    assert "Yellow (a diamond)" in text_of(tree) and "black hole" in text_of(tree)


def ids_and_references(tree: Element) -> tuple[list[str], set[str]]:
    """Every id in ``tree``'s markup, in order, and every id its ``url(#…)`` paints refer to."""
    markup = render(tree)
    return re.findall(r'\sid="([^"]*)"', markup), set(re.findall(r"url\(#([^)]*)\)", markup))


@pytest.mark.parametrize("game", ["raythread", "reflection", "lightseeker"])
def test_a_rules_page_names_no_element_twice_alone_or_over_the_games_board(game: str):
    """The pictures are the game's own boards: their ids are made their own, so neither a page of them nor
    the rules over a match in play (the live board under them) has an id twice (an axe error, and the
    page's morphing step matches elements by id); the floor a picture paints still finds its pattern."""
    ids, references = ids_and_references(screen_tree(f"#/{game}/rules"))
    assert ids and len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert references <= set(ids)
    playing, _ = app.init(f"#/{game}/table?vs=normal" if game != "reflection" else "#/reflection/solo", Env())
    over, _ = app.update(playing, UiEvent("click", "app-rules", {"game": game}), Env())
    assert over.overlay == "rules"
    ids, references = ids_and_references(app.view(over))
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert references <= set(ids)


@pytest.mark.parametrize(
    "route",
    [
        "#/",
        "#/raythread",
        "#/raythread/rules",
        "#/lightseeker/rules",
        "#/reflection/rules",
        "#/reflection",
        "#/raythread/table",
        "#/reflection/solo",
        "#/host?game=raythread",
        "#/nowhere",
        "#/settings",
    ],
)
def test_a_route_change_puts_focus_on_the_new_screens_heading(route):
    """A link replaces the whole screen: focus goes to its heading (the one h1, focusable by script
    only), so a screen reader says where the player is and Tab goes on from there."""
    model, _ = app.init("#/settings" if route != "#/settings" else "#/", Env())
    model, effects = app.update(model, app.RouteChanged(route), Env())
    assert [e for e in effects if isinstance(e, Focus)] == [app.FOCUS_HEADING] == [Focus("main h1")]
    (heading,) = find_all(app.view(model), lambda e: e.tag == "h1")
    assert heading.attr("tabindex") == "-1"
    mains = find_all(app.view(model), lambda e: e.tag == "main")
    assert mains and find_all(mains[0], lambda e: e.tag == "h1") == [heading]


def said(model, status_id: str) -> str:
    """What one of the app's own statuses says: always drawn, a live region, empty while it has nothing
    to say (``app-copied``: the last copy; ``app-unsaved``: a save the browser refused)."""
    (status,) = find_all(app.view(model), lambda e: e.attr("id") == status_id)
    assert status.attr("role") == "status"
    return text_of(status)


def said_copied(model) -> str:
    return said(model, "app-copied")


def test_a_copy_is_answered_by_the_clipboard_and_the_page_says_so_then_clears_it():
    # Every "Copy" button in the app (a peer link, the guest's reply, a result line, a saved game's code)
    # gives a Copy effect; the shell answers Copied with the clipboard's own answer, and the page says
    # what happened: the screen's words when it worked, how to copy by hand when the browser refused.
    model, _ = app.init("#/", Env())
    assert said_copied(model) == ""
    model, effects = app.update(model, Copied(True, "The reply is copied."), Env())
    assert said_copied(model) == "The reply is copied." and effects == [StartTimer(app.COPIED, app.COPIED_MS)]
    model, effects = app.update(model, Tick(app.COPIED, 5_000), Env())
    assert said_copied(model) == "" and effects == [StopTimer(app.COPIED)]
    model, _ = app.update(model, Copied(True), Env())
    assert said_copied(model) == "Copied."
    model, _ = app.update(model, Copied(False, "The reply is copied."), Env())
    assert said_copied(model).startswith("The browser did not let this page copy.")
    model, _ = app.update(model, app.RouteChanged("#/settings"), Env())
    assert said_copied(model) == "", "a new screen starts with nothing said (its timers were stopped)"


def said_unsaved(model) -> str:
    return said(model, "app-unsaved")


def test_a_save_the_browser_refused_is_said_until_a_save_works_again_on_every_screen():
    # The shell answers a write local storage refused (full, or blocked by the browser) with
    # SaveFailed(True), and the next write that works with SaveFailed(False): a player whose match or
    # puzzle is not being kept learns it before a reload loses it, not after.
    model, _ = app.init("#/raythread/table", Env())
    assert said_unsaved(model) == ""
    model, effects = app.update(model, SaveFailed(True), Env())
    assert said_unsaved(model).startswith("This browser did not let the page save") and effects == []
    model, _ = app.update(model, app.RouteChanged("#/reflection/solo"), Env())
    assert said_unsaved(model).startswith("This browser did not let the page save"), "kept across screens"
    model, _ = app.update(model, SaveFailed(False), Env())
    assert said_unsaved(model) == ""


def test_play_vs_computer_on_a_game_without_computer_players_says_what_to_play_instead():
    """``#/reflection/table?vs=normal`` (a "Play vs computer" link edited by hand: Reflection has no
    computer players, nor a table on one device) showed only "There is no page at /reflection/table".
    Now it says why, in the page's language, and offers what the game has instead."""
    model, effects = app.init("#/reflection/table?vs=normal", Env(now_ms=1_800_000_000_000))
    assert effects == []
    page = app.view(model)
    (said,) = find_all(page, lambda e: e.tag == "p" and "computer" in text_of(e))
    assert text_of(said) == (
        "Reflection has no computer opponents: train solo, or host a game night to race your friends."
    ), text_of(said)
    (heading,) = find_all(page, lambda e: e.tag == "h1")
    assert text_of(heading) == "No computer opponents"  # it said "Nothing here", as for a wrong address
    links = {e.attr("href") for e in find_all(page, lambda e: e.tag == "a")}
    assert {"#/reflection/solo", "#/host?game=reflection"} <= links, links
    # Any level, known or not, gets the same sentence (without ``vs``: the next test).
    other, _ = app.init("#/reflection/table?vs=godlike", Env(now_ms=1))
    assert "Reflection has no computer opponents" in text_of(app.view(other))
    # The sentence suggests solo training: true of every game without computer players.
    for info in games.CATALOG:
        if info.id not in games.BOTS:
            assert (info.id, "solo") in games.SCREENS, info.id
    with in_language("ja"):
        ja, _ = app.init("#/reflection/table?vs=normal", Env(now_ms=1))
        text = text_of(app.view(ja))
        assert "CPU" in text and "computer" not in text, text


def test_a_table_link_to_a_game_not_played_on_one_device_says_how_it_is_played_and_leads_there():
    """QA found ``#/reflection/table`` (a "Play on this device" link written for Reflection, which has no
    table: every player hides the puzzle they build) saying only "Nothing here", as for a mistyped address.
    It says how the game is played instead, with the game's ways in: solo training first, a game night."""
    model, effects = app.init("#/reflection/table", Env(now_ms=1))
    assert effects == []
    page = app.view(model)
    (heading,) = find_all(page, lambda e: e.tag == "h1")
    assert text_of(heading) == "Not played on one device", text_of(page)
    (said,) = find_all(page, lambda e: e.tag == "p" and "Reflection" in text_of(e))
    assert text_of(said) == (
        "Reflection is played solo, or at a game night where every player has their own device: "
        "each keeps their work hidden from the others."
    )
    links = [e.attr("href") for e in find_all(page, lambda e: e.tag == "a" and "button" in str(e.attr("class")))]
    assert links[:2] == ["#/reflection/solo", "#/host?game=reflection"] and "#/reflection/table" not in links
    assert app.title(model) == i18n.title("Reflection")
    # The sentence promises solo training: true of every game not played on one device.
    for info in games.CATALOG:
        if info.id not in games.ON_ONE_DEVICE:
            assert (info.id, "solo") in games.SCREENS, info.id
    # A game that has a table, and an unknown game, are as before.
    assert app.init("#/raythread/table", Env(now_ms=1))[0].route.page == "screen"
    assert "There is no page at /nope/table." in text_of(app.view(app.init("#/nope/table", Env(now_ms=1))[0]))
    with in_language("ja"):
        ja, _ = app.init("#/reflection/table", Env(now_ms=1))
        text = text_of(app.view(ja))
        assert "Not played" not in text and "ゲームナイト" in text, text


def test_the_unsaved_notice_stands_first_in_the_page_of_every_kind_of_screen():
    # Beside the page, the notice needed a width rule for each kind of page whose column differs (css);
    # inside the page's main, it has the page's own column on every kind, a new one included.
    model, _ = app.init("#/", Env())
    model, _ = app.update(model, SaveFailed(True), Env())
    routes = ("#/", "#/raythread", "#/raythread/rules", "#/settings", "#/host", "#join=nothing", "#/nowhere")
    for route in (*routes, "#/reflection/solo", "#/raythread/table", "#/lightseeker/table"):
        model, _ = app.update(model, app.RouteChanged(route), Env())
        (main,) = find_all(app.view(model), lambda e: e.tag == "main")
        assert main.children[0].attr("id") == "app-unsaved", route
        assert said_unsaved(model).startswith("This browser did not let the page save"), route


def paths(tree, pred) -> list[list[Element]]:
    """Each element ``pred`` matches, with its ancestors: the root first, the element last."""
    found: list[list[Element]] = []

    def walk(node, above):
        if not isinstance(node, Element):
            return
        here = [*above, node]
        if pred(node):
            found.append(here)
        for child in node.children:
            walk(child, here)

    walk(tree, [])
    return found


UNSAVED = "This browser did not let the page save"


def test_a_save_refused_while_the_help_is_open_is_said_in_it():
    """The notice stands in the page's main, which is inert under the help or the rules: a save the
    browser refused while they were open was neither seen (the overlay covers the page) nor heard (an
    inert live region is not read) until they closed. The overlay says it too, in a live region of its
    own, always drawn (empty while saving works) so that a screen reader hears the words come."""
    model, _ = app.init("#/raythread/table", Env())
    for opener in (UiEvent("click", "app-help"), UiEvent("click", "app-rules", {"game": "raythread"})):
        opened, _ = app.update(model, opener, Env())
        regions = paths(app.view(opened), lambda e: e.attr("role") == "status" and e.attr("class") == "unsaved")
        live = [p for p in regions if not any(a.attr("inert") for a in p)]
        assert [text_of(p[-1]) for p in live] == [""], "the overlay has its region before a save fails"
        failed, effects = app.update(opened, SaveFailed(True), Env())
        assert effects == []
        regions = paths(app.view(failed), lambda e: e.attr("role") == "status" and e.attr("class") == "unsaved")
        live = [p for p in regions if not any(a.attr("inert") for a in p)]
        assert [text_of(p[-1])[: len(UNSAVED)] for p in live] == [UNSAVED], "nothing outside the inert page says it"
        assert any(a.attr("id") == "overlay" for a in live[0]), "said in the overlay, where the player looks"
        closed, _ = app.update(failed, UiEvent("click", "app-close"), Env())
        regions = paths(app.view(closed), lambda e: e.attr("role") == "status" and e.attr("class") == "unsaved")
        assert [p[-1].attr("id") for p in regions] == ["app-unsaved"] and said_unsaved(closed).startswith(UNSAVED)
        worked, _ = app.update(failed, SaveFailed(False), Env())
        regions = paths(app.view(worked), lambda e: e.attr("role") == "status" and e.attr("class") == "unsaved")
        assert [text_of(p[-1]) for p in regions] == ["", ""]


def test_help_opened_after_a_save_failed_shows_the_notice_but_does_not_say_it_again():
    """A save refused before the help opened was said already, in the page's live region: the overlay,
    opened over it, shows the notice (the page's is covered) as plain words, and its live region stays
    empty, so a screen reader does not read it a second time. A save that works and then fails again while
    the help is open is news, and the live region says it."""
    model, _ = app.init("#/raythread/table", Env())
    failed, _ = app.update(model, SaveFailed(True), Env())
    for opener in (UiEvent("click", "app-help"), UiEvent("click", "app-rules", {"game": "raythread"})):
        opened, _ = app.update(failed, opener, Env())
        overlay = find_all(app.view(opened), lambda e: e.attr("id") == "overlay")[0]
        live = find_all(overlay, lambda e: e.attr("role") == "status")
        assert [text_of(e) for e in live] == [""], "the overlay said the old news again"
        shown = find_all(overlay, lambda e: e.attr("class") == "unsaved" and text_of(e).startswith(UNSAVED))
        assert len(shown) == 1 and shown[0].attr("role") is None, "the overlay shows it, in no live region"
        switched, _ = app.update(opened, UiEvent("click", "app-rules", {"game": "raythread"}), Env())
        overlay = find_all(app.view(switched), lambda e: e.attr("id") == "overlay")[0]
        assert [text_of(e) for e in find_all(overlay, lambda e: e.attr("role") == "status")] == [""], "help → rules"
        worked, _ = app.update(opened, SaveFailed(False), Env())
        again, _ = app.update(worked, SaveFailed(True), Env())
        overlay = find_all(app.view(again), lambda e: e.attr("id") == "overlay")[0]
        live = find_all(overlay, lambda e: e.attr("role") == "status")
        assert [text_of(e)[: len(UNSAVED)] for e in live] == [UNSAVED], "a new refusal is said"
        assert len(find_all(overlay, lambda e: e.attr("class") == "unsaved" and bool(text_of(e)))) == 1
        closed, _ = app.update(again, UiEvent("click", "app-close"), Env())
        reopened, _ = app.update(closed, opener, Env())
        overlay = find_all(app.view(reopened), lambda e: e.attr("id") == "overlay")[0]
        assert [text_of(e) for e in find_all(overlay, lambda e: e.attr("role") == "status")] == [""]


def test_a_click_on_the_unsaved_notice_is_no_click_on_the_page():
    """Reflection solo's main takes a click anywhere on the page (``data-action="screen"``: a click
    elsewhere answers "Give up this puzzle?" with keep solving, or the linked puzzle's question with
    keep this one), and the notice stands first in it: a click on the notice answered the question. The
    notice is the app's, and a click on it does nothing (the notice has nothing to do)."""
    model, effects = app.init("#/reflection/solo?preset=easy&seed=1234&v=2", Env(now_ms=1_000))
    (work,) = [e for e in effects if isinstance(e, Work)]
    _progress, result = run_work(work)
    model, _ = app.update(model, WorkDone(work.task, result), Env())
    model, _ = app.update(model, UiEvent("click", "give-up", now_ms=2_000), Env())
    model, _ = app.update(model, SaveFailed(True), Env())
    assert model.inner.giving_up and said_unsaved(model).startswith(UNSAVED)
    (path,) = paths(app.view(model), lambda e: e.attr("id") == "app-unsaved")
    # What the shell names a click on it by (dom.read_event: the closest element with a data-action).
    action = next(a.attr("data-action") for a in reversed(path) if a.attr("data-action") is not None)
    clicked, effects = app.update(model, UiEvent("click", action, now_ms=3_000), Env())
    assert clicked.inner.giving_up, f"a click on the notice answered 'Give up this puzzle?' ({action!r})"
    assert clicked is model and effects == []
    for kind in ("pointerdown", "pointerup"):  # the parts of a press are the page's (a drag's end)
        pressed, _ = app.update(model, UiEvent(kind, action, now_ms=3_000), Env())
        assert pressed.inner.giving_up, f"a {kind} on the notice answered 'Give up this puzzle?'"


def test_a_tile_dragged_off_the_board_onto_the_unsaved_notice_goes_back_to_the_tray():
    """Let go anywhere off the board, a tile dragged from its cell goes back to the tray: on the notice
    too, though a click on the notice is no click on the page (the test above)."""
    model, effects = app.init("#/reflection/solo?preset=easy&seed=1234&v=2", Env(now_ms=1_000))
    (work,) = [e for e in effects if isinstance(e, Work)]
    _progress, result = run_work(work)
    model, _ = app.update(model, WorkDone(work.task, result), Env())
    here = {"r": "2", "c": "2"}
    for event in (
        UiEvent("pointerdown", "tray", data={"kind": "diagonal"}),
        UiEvent("pointerup", "cell", data=here),
        UiEvent("pointerdown", "cell", data=here),
    ):
        model, _ = app.update(model, event, Env())
    model, _ = app.update(model, SaveFailed(True), Env())
    assert model.inner.layout.at((2, 2)) != EMPTY and model.inner.drag is not None
    model, _ = app.update(model, UiEvent("pointerup", app.UNSAVED_ACTION), Env())
    assert model.inner.layout.at((2, 2)) == EMPTY, "the tile let go on the notice stayed on the board"
    assert model.inner.drag is None


SKIP_ROUTES = ["#/", "#/raythread", "#/raythread/rules", "#/raythread/table", "#/reflection/solo"]
SKIP_ROUTES += ["#/host?game=raythread", "#join=garbled", "#/nowhere", "#/settings"]


@pytest.mark.parametrize("route", SKIP_ROUTES)
def test_every_screen_s_first_tab_stop_skips_to_its_main_content(route):
    """WCAG 2.4.1: the main content was five Tab stops in (the header's link, languages, help and
    Settings). The page's first Tab stop is now "Skip to the main content", which puts focus on the
    screen's heading, the start of its ``main``, and changes nothing else."""
    model, _ = app.init(route, Env())
    stops = find_all(app.view(model), lambda e: e.tag in ("a", "button", "input", "select", "textarea"))
    skip = stops[0]
    assert text_of(skip) == "Skip to the main content" and skip.attr("data-action") == app.SKIP_ACTION
    assert skip.attr("class") == "skip-link" and skip.attr("type") == "button"
    assert app.update(model, UiEvent("click", app.SKIP_ACTION, {}), Env()) == (model, [app.FOCUS_HEADING])
    helped, _ = app.update(model, UiEvent("keydown", app.SKIP_ACTION, {}, key="?"), Env())
    assert helped.overlay == "help", "a key on it is the page's as anywhere: ? opens the help"
    (heading,) = find_all(find_all(app.view(model), lambda e: e.tag == "main")[0], lambda e: e.tag == "h1")
    assert heading.attr("tabindex") == "-1"


STORING_ROUTES = (
    "#/raythread/table",
    "#/lightseeker/table",
    "#/reflection/solo",
    "#/host?game=reflection",
    "#join=AAAA",
)


@pytest.mark.parametrize("route", STORING_ROUTES)
def test_a_stored_value_nested_too_deep_for_the_browser_does_not_stop_the_page(route, browser_json):
    """Local storage from a broken version, key by key: in the browser, parsing 10000 levels of "["
    overflowed the stack and the app failed to start on every visit (``browser_json``)."""
    deep = "[" * 60_000  # within the 64 KiB some readers cap a stored value at
    keys = app.storage_keys(route)
    assert keys
    for key in keys:
        model, _effects = app.init(route, Env(stored={key: deep}, now_ms=1_000, page_url="https://x.example/"))
        render(app.view(model))
        model, _effects = app.update(model, Stored(key, deep, 2_000), Env(now_ms=2_000))
        render(app.view(model))
