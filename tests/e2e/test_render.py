"""Putting the app's markup on the page (index.html ``gncRender``, ui/dom.py): a part the page holds is
sent as a stub and left as it is; a stub the page cannot match is reported, and the shell then sends
the whole markup."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from gamenight.raythread import rules
from tests.e2e.conftest import PHONE, People, open_app, resize
from tests.e2e.test_phone import overlap
from tests.e2e.test_raythread import assert_page_shows, click_move, engine, seat_players, start

pytestmark = pytest.mark.e2e

SENT = """() => {
    window.gncSent = [];
    const morph = Idiomorph.morph;
    Idiomorph.morph = (root, html, options) => { window.gncSent.push(html); return morph(root, html, options); };
}"""


def test_a_kept_part_stays_and_a_stub_the_page_cannot_match_is_reported(app: Page, site_url: str):
    open_app(app, site_url)
    result = app.evaluate(
        """() => {
        const box = document.createElement('div');
        document.body.append(box);
        box.innerHTML = '<p data-memo="k1"><b>kept</b></p><i>x</i>';
        const kept = box.firstChild, before = gncRender.misses, out = [];
        out.push(gncRender(box, '<p data-memo="k1" data-kept></p><i>y</i>'), box.innerHTML, box.firstChild === kept);
        out.push(gncRender(box, '<p data-memo="k2" data-kept></p><i>y</i>'), gncRender.misses - before);
        out.push(gncRender(box, '<p data-memo="k2"><b>new</b></p><i>y</i>'), box.innerHTML);
        box.remove();
        return out;
    }"""
    )
    assert result == [
        True,
        '<p data-memo="k1"><b>kept</b></p><i>y</i>',
        True,
        False,  # no element holds k2: the page says so …
        1,
        True,  # … and the whole markup fills the stub in, though its key is the same
        '<p data-memo="k2"><b>new</b></p><i>y</i>',
    ]


def test_the_board_sends_what_changed_and_a_lost_part_is_drawn_again(app: Page, site_url: str):
    start(app, site_url)
    chooser = random.Random(12)
    state = engine(app)
    for _ in range(3):
        seat = state.seats[state.turn]
        click_move(app, chooser.choice([m for m in rules.legal(state, seat) if m["type"] == "place"]))
        state = engine(app)
    assert_page_shows(app, state)
    assert app.evaluate("gncRender.misses") == 0
    # Moving the board's cursor changes its overlay only: the cells and the hand go as stubs.
    kept = [app.get_attribute(f".{part}", "data-memo") for part in ("rt-cells", "rt-hand", "match-seats", "match-log")]
    app.evaluate(SENT)
    app.focus("#rt-board")
    cursor = app.get_attribute("#rt-board", "aria-activedescendant")
    # The cursor starts on the last move's tile, which may be on the right edge: step away from the edge
    # (and back below), so both presses move it.
    last = int(app.get_attribute("#rt-board", "data-size")) - 1
    there, back = ("ArrowLeft", "ArrowRight") if cursor.endswith(f"-{last}") else ("ArrowRight", "ArrowLeft")
    app.keyboard.press(there)
    expect(app.locator("#rt-board")).not_to_have_attribute("aria-activedescendant", cursor)
    sent = app.evaluate("window.gncSent")
    assert len(sent) == 1 and 'id="rt-c0-0"' not in sent[0] and "rt-hand-tile" not in sent[0]
    assert all(f'data-memo="{key}" data-kept>' in sent[0] for key in kept)
    # The page loses the hand the app believes it holds: its stub finds no match, the whole markup follows.
    hand = app.get_attribute(".rt-hand", "data-memo")
    app.evaluate("document.querySelector('.rt-hand').setAttribute('data-memo', 'lost')")
    app.keyboard.press(back)
    app.wait_for_function("gncRender.misses === 1")
    expect(app.locator(".rt-hand-tile")).to_have_count(2)
    expect(app.locator("[data-kept]")).to_have_count(0)
    assert app.get_attribute(".rt-hand", "data-memo") == hand
    assert_page_shows(app, state)


def test_a_notice_on_the_match_leaves_the_board_in_place_and_the_same_elements(app: Page, site_url: str):
    start(app, site_url)
    chooser = random.Random(5)
    state = engine(app)
    seat = state.seats[state.turn]
    click_move(app, chooser.choice([m for m in rules.legal(state, seat) if m["type"] == "place"]))
    # The elements the player may be in: the board's scroll box, the board, the hint a screen reader follows.
    # The log comes after the notice: an element that appears above its siblings must not rebuild them.
    parts = (".match-screen", ".rt-board-wrap", "#rt-board", ".rt-hint", ".rt-cells", ".match-log")
    app.evaluate("(parts) => parts.forEach((p) => { document.querySelector(p).gncMarked = p; })", list(parts))
    # Where the board and Undo are on the page (not in the window: a click may scroll the page first).
    where = """() => ['.rt-board-wrap', 'button[data-action=table-undo]'].map((s) => {
      const box = document.querySelector(s).getBoundingClientRect();
      return [box.left + window.scrollX, box.top + window.scrollY];
    })"""
    before = app.evaluate(where)
    app.click("button[data-action=table-undo]")  # "Move taken back." appears beside the match's controls …
    expect(app.locator(".match-side .notice")).to_have_text("Move taken back.")
    # … where it moves neither the board nor the button, under a second click on Undo (above, it did).
    assert app.evaluate(where) == before
    state = engine(app)
    seat = state.seats[state.turn]
    click_move(app, chooser.choice([m for m in rules.legal(state, seat) if m["type"] == "place"]))
    expect(app.locator(".notice")).to_have_count(0)  # … and goes again
    kept = app.evaluate("(parts) => parts.map((p) => document.querySelector(p).gncMarked === p)", list(parts))
    assert kept == [True] * len(parts), dict(zip(parts, kept, strict=True))


# Where each seat card and Undo are on the page, and their size (not in the window: a click may scroll).
BOXES = """() => [...document.querySelectorAll('.match-seat'), document.querySelector('[data-action=table-undo]')]
    .map((e) => e.getBoundingClientRect()).map((b) => [b.left + scrollX, b.top + scrollY, b.width, b.height])"""


@pytest.mark.parametrize(
    "screen",
    [
        {"viewport": {"width": 1280, "height": 800}, "color_scheme": "light", "locale": "en-GB"},
        {**PHONE, "locale": "ja-JP"},
    ],
    ids=["laptop-en-light", "phone-ja-dark"],
)
def test_the_seat_cards_and_undo_keep_their_size_and_place_as_the_turn_goes_round(
    people: People, site_url: str, screen: dict
):
    # The card of the seat to play had a badge and a thicker border the others had not: the cards grew
    # and shrank as the turn passed, moving Undo under the player's finger (2 px here; 26 px where the badge wrapped).
    page = people.open(people.person(**screen), f"{site_url}/#/raythread/table")
    seat_players(page)
    before = page.evaluate(BOXES)
    assert len(before) == 3
    # The hint above the cards offers what the seat to play can do: after two moves Ann has a tile to
    # turn, so her hint is longer than at the start (it moved the cards a line on a phone, until the
    # hint kept three lines' room there).
    hints = [page.locator(".rt-hint").inner_text()]
    for _ in range(2):
        state = engine(page)
        seat = state.seats[state.turn]
        view = rules.view(state, None)
        # A move that scores nothing, so no score on a card changes its width: only the turn passes.
        quiet = [
            m
            for m in rules.legal(state, seat)
            if m["type"] == "place" and rules.view(rules.play(state, seat, m)[0], None)["scores"] == view["scores"]
        ]
        click_move(page, quiet[0])
        after = engine(page)
        expect(page.locator(".match-seat.turn")).to_have_attribute("data-seat", after.seats[after.turn])
        assert page.evaluate(BOXES) == before
        hints.append(page.locator(".rt-hint").inner_text())
    assert len(set(hints)) > 1, hints  # at least: her turn hint offers turning after her first move
    # Only the card of the seat to play shows its badge, and only it is read out.
    expect(page.locator(".match-seat.turn .turn-badge")).to_be_visible()
    expect(page.locator(".match-seat:not(.turn) .turn-badge")).to_have_count(0)


# Each seat card: where its words start (its swatch) and where its second line's first word does, the turn's
# badge aside, in px; and the turn badge's box with the name's, the score's and the card's.
SECOND_LINES = """() => [...document.querySelectorAll('.match-seat')].map((card) => {
    const box = (e) => e && (({left, right, top, bottom}) => ({left, right, top, bottom}))(e.getBoundingClientRect());
    const first = card.querySelector('.seat-more > :not(.turn-badge)');
    return {seat: card.dataset.seat, text: card.textContent, start: box(card.querySelector('.swatch')).left,
            second: first && box(first).left, turn: box(card.querySelector('.turn-badge')),
            name: box(card.querySelector('.seat-name')), score: box(card.querySelector('.score')), card: box(card)};
})"""


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_seat_card_not_to_play_shows_no_empty_room_for_the_turn_s_badge(people: People, site_url: str, screen: str):
    """A pass over the layout: every card kept the "to play" badge's room on its second line (hidden off turn,
    so the cards did not move as the turn went round): the computer's card read "       computer · 3 mirrors", a gap
    where the badge was not. The badge is a tab on the top edge of the card to play, clear of its name and
    score, and every card's second line starts under its name's line, where its words start. On a touch
    phone one page takes 320 and 390 px in turn; a laptop's window is 1280 px wide."""
    widths = (320, 390) if screen == "phone" else (1280,)
    options = {"viewport": {"width": widths[0], "height": 800}, **({"has_touch": True} if screen == "phone" else {})}
    page = people.open(people.person(**options), f"{site_url}/#/raythread/table?vs=normal")
    for game, board in (("raythread", ".rt-board"), ("lightseeker", ".ls-board")):
        page.evaluate("(route) => { location.hash = route; }", f"#/{game}/table?vs=normal")  # one boot for both
        expect(page.locator(board)).to_be_visible()
        expect(page.locator(".match-seat")).to_have_count(2)
        expect(page.locator(".match-seat.turn .turn-badge")).to_be_visible()
        for width in widths:
            resize(page, width, 800)
            cards = page.evaluate(SECOND_LINES)
            for card in cards:
                assert card["second"] is not None and abs(card["second"] - card["start"]) <= 1, (game, width, card)
                if card["turn"] is not None:
                    turn, edge = card["turn"], card["card"]
                    assert not overlap(turn, card["name"]) and not overlap(turn, card["score"]), (game, width, card)
                    assert edge["left"] <= turn["left"] and turn["right"] <= edge["right"], (game, width, card)
            assert sum(card["turn"] is not None for card in cards) == 1, (game, width)


def test_focus_on_a_part_that_goes_away_moves_to_the_screens_focus_home(app: Page, site_url: str):
    # Another player's move can replace the element that has keyboard focus (the board being solved when
    # the round ends): focus goes to the screen's [data-focus-home], not to the page's top.
    open_app(app, site_url)
    result = app.evaluate(
        """() => {
        const box = document.createElement('div');
        document.body.append(box);
        const out = [];
        box.innerHTML = '<p id="home" tabindex="-1" data-focus-home></p><button id="solve">solve</button>';
        box.querySelector('#solve').focus();
        gncRender(box, '<p id="home" tabindex="-1" data-focus-home></p><button id="solve">solve</button><i></i>');
        out.push(document.activeElement.id);  // still there: focus stays
        gncRender(box, '<p id="home" tabindex="-1" data-focus-home></p><section id="gallery"></section>');
        out.push(document.activeElement.id);
        box.innerHTML = '<button id="solve">solve</button>';
        box.querySelector('#solve').focus();
        gncRender(box, '<section id="gallery"></section>');  // no home on this screen: left as the browser does
        out.push(document.activeElement === document.body);
        box.remove();
        return out;
    }"""
    )
    assert result == ["solve", "home", True]


def test_focus_on_a_button_the_render_turns_into_a_hidden_one_moves_to_the_focus_home(app: Page, site_url: str):
    # QA14: a Reflection match's "Yes, give up" (no id) was morphed into the next button in its place,
    # "Bigger cells", which a laptop hides (display: none): the element stayed on the page, so focus was
    # not counted as gone, and the browser dropped it to the body.
    open_app(app, site_url)
    result = app.evaluate(
        """() => {
        const box = document.createElement('div');
        document.body.append(box);
        const home = '<p id="home" tabindex="-1" data-focus-home></p>';
        box.innerHTML = home + '<div><button class="button danger">Yes, give up</button></div>';
        box.querySelector('button').focus();
        gncRender(box, home + '<div><button class="button" style="display: none">Bigger cells</button></div>');
        const out = [document.activeElement.id];
        box.remove();
        return out;
    }"""
    )
    assert result == ["home"]


def test_a_details_the_player_opened_stays_open_while_the_page_re_renders(app: Page, site_url: str):
    """The host's lobby with an invitation waiting re-renders every second (its countdown): the lobby's
    Options, opened by the player, stayed open less than a second (the morph took away ``open``, which the
    app's markup never has)."""
    open_app(app, site_url, "?stun=none#/host?game=raythread")
    app.fill("input[name=lobby]", "Friday night")
    app.fill("input[name=name]", "Ann")
    app.click("form[data-action=host-setup] button[type=submit]")
    app.click("button[data-action=invite]")
    expires = app.locator(".invite[data-state=waiting] .expires")
    expect(expires).to_contain_text("Expires in", timeout=40_000)
    app.click(".table-options summary")
    for _ in range(2):  # two re-renders later
        shown = expires.inner_text()
        expect(expires).not_to_have_text(shown)
    assert app.evaluate("document.querySelector('.table-options').open")


def test_a_details_opened_on_one_screen_does_not_open_another_screen_s(app: Page, site_url: str):
    """The morph matches a screen's <details> with the next screen's: Raythread's table Options, opened by
    the player, opened Light Seeker's too when the player went there (the morph kept ``open`` on the
    element it reused). A details keeps ``open`` only while its screen re-renders."""
    open_app(app, site_url, "#/raythread/table")
    app.click("details.table-options summary")
    app.evaluate("location.hash = '#/lightseeker/table'")
    app.wait_for_function("document.documentElement.dataset.route === '#/lightseeker/table'")
    expect(app.locator("h1")).to_contain_text("Light Seeker")
    assert app.evaluate("[...document.querySelectorAll('details')].map(d => [d.className, d.open])") == [
        ["table-options", False]
    ]
    # Within one screen, another <details> in its place does not open either (gncRender on its own).
    result = app.evaluate(
        """() => {
        const box = document.createElement('div');
        document.body.append(box);
        box.innerHTML = '<details class="relay"><summary>a</summary></details>';
        box.firstChild.open = true;
        gncRender(box, '<details class="relay"><summary>a</summary><p>x</p></details>');
        const same = box.firstChild.open;
        gncRender(box, '<details class="table-options"><summary>b</summary></details>');
        const other = box.firstChild.open;
        box.remove();
        return [same, other];
    }"""
    )
    assert result == [True, False]


# Each seat card's box, and whether its score (if any) sits on its name's line.
CARDS = """() => [...document.querySelectorAll('.match-seat')].map((card) => {
    const box = card.getBoundingClientRect(), name = card.querySelector('.seat-name').getBoundingClientRect();
    const score = card.querySelector('.score');
    const top = score ? score.getBoundingClientRect().top : name.top;
    const sameLine = Math.abs(top - name.top) < name.height / 2;
    return {seat: card.dataset.seat, width: box.width, height: box.height, sameLine};
})"""


@pytest.mark.parametrize("language", ["en-GB", "ja-JP"])
def test_seat_cards_are_one_height_with_the_score_on_the_name_s_line(people: People, site_url: str, language: str):
    """Every card kept the hidden "to play" badge's room on the name's line, so in the laptop's side
    column (352 px) the score took a line of its own; and Light Seeker's first card ("starts the match")
    was taller than the other for the whole match. One page per language takes a Raythread match of four
    long names, then (local storage cleared) a Light Seeker match of two, each at 1280×800 and 390×844."""
    sizes = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})
    matches = (
        ("raythread", ("Annabelle", "Bartholomew", "Cy", "Dominique")),
        ("lightseeker", ("Annabelle", "Bartholomew")),
    )
    page = people.open(people.person(viewport=sizes[0], locale=language), f"{site_url}/#/")
    for game, names in matches:
        resize(page, sizes[0]["width"], sizes[0]["height"])
        page.evaluate("localStorage.clear()")
        page.evaluate("(route) => { location.hash = route; }", f"#/{game}/table")
        page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=f"#/{game}/table")
        if len(names) != 2:
            page.select_option("select[name=players]", str(len(names)))
        for i, name in enumerate(names):
            page.fill(f"input[name=name{i}]", name)
        page.click("form[data-action=table-setup] button[type=submit]")
        expect(page.locator(".match-seat")).to_have_count(len(names))
        for size in sizes:
            resize(page, size["width"], size["height"])
            where = f"{game} at {size['width']}x{size['height']}"
            cards = page.evaluate(CARDS)
            assert len({round(c["height"]) for c in cards}) == 1, (where, cards)
            assert all(c["sameLine"] for c in cards), (where, cards)
