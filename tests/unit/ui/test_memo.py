"""Kept markup (``svg.Memo``, ``svg.keep``, ``svg.render_page``) and the match screen's kept panels:
an unchanged input gives back the same part, a changed one redraws it, and the page's markup leaves out
only what the page holds."""

from dataclasses import replace
from html.parser import HTMLParser

import pytest

from gamenight import i18n
from gamenight.raythread import GAME, rules
from gamenight.raythread.controls import BOARD
from gamenight.ui import match, table
from gamenight.ui.match import SeatAt, Table
from gamenight.ui.svg import Memo, find_all, h, keep, render, render_page, text_of


@pytest.fixture(autouse=True)
def empty_caches() -> None:
    """Each test starts with the match's kept panels and the table's views forgotten. A cache past its
    limit starts afresh (``svg.KEPT_LIMIT``), so what earlier tests in the same process left there decided
    whether it did so in the middle of a test, dropping a panel the test then expects back; in two
    processes (pytest-xdist) the earlier tests differ from run to run (a CI run failed the undo test so)."""
    match._PANELS.clear()
    table._VIEWS.clear()


def layer(text: str, rect: int = 1) -> tuple[Memo, Memo]:
    """A kept layer holding a kept cell: (layer, cell)."""
    cell = Memo(h("g", {"id": "c1", "class": "cell"}, h("text", {}, text)))
    return Memo(h("g", {"class": "layer"}, cell, h("rect", {"width": rect}))), cell


def page(kept: Memo, live: str = "live") -> object:
    return h("div", {"id": "app"}, kept, h("p", {}, live))


class Stubs(HTMLParser):
    """The stubs in some markup (elements marked data-kept) and whether each was left empty."""

    def __init__(self) -> None:
        super().__init__()
        self.stubs: list[str] = []
        self.open: list[str] = []
        self.filled: set[str] = set()

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if self.open:
            self.filled.add(self.open[-1])
        self.open.append(found["data-memo"] if "data-kept" in found else "")
        if "data-kept" in found:
            self.stubs.append(found["data-memo"])

    def handle_endtag(self, tag):
        self.open.pop()

    def handle_data(self, data):
        if self.open and data.strip():
            self.filled.add(self.open[-1])


def stubs(markup: str) -> list[str]:
    parser = Stubs()
    parser.feed(markup)
    assert not parser.filled - {""}, "a stub has content"
    return parser.stubs


def test_a_memo_key_is_a_key_of_its_content_nested_memos_included():
    one, cell = layer("3")
    same, changed = layer("3")[0], layer("4")[0]
    render(one), render(same), render(changed)
    assert one.key == same.key and one.key != changed.key
    assert one.keys == {one.key, cell.key}
    assert render(one).startswith(f'<g data-memo="{one.key}" class="layer">')
    assert f'data-memo="{cell.key}"' in render(one)


def test_a_page_without_kept_parts_gets_the_whole_markup():
    tree = page(layer("3")[0])
    same, markup, keys = render_page(tree, frozenset())
    assert markup == render(tree) and not stubs(markup)
    assert len(keys) == 2 and "data-kept" in same


def test_what_the_page_holds_is_sent_as_an_empty_stub_and_the_rest_in_full():
    first, cell = layer("3")
    _same, _markup, shown = render_page(page(first), frozenset())
    same, markup, keys = render_page(page(first, "changed"), shown)
    assert stubs(markup) == [first.key] and "changed" in markup and ">3<" not in markup
    assert f'<g data-memo="{first.key}" data-kept></g>' in markup
    assert render_page(page(layer("3")[0], "changed"), shown)[1] == markup  # another object, the same content
    assert keys == shown and markup == same
    # A new layer around the same cell: the layer in full, the cell it holds as a stub.
    second = Memo(h("g", {"class": "layer"}, cell, h("rect", {"width": 2})))
    _same, markup, keys = render_page(page(second), shown)
    assert stubs(markup) == [cell.key] and 'width="2"' in markup
    assert f'<g data-memo="{cell.key}" data-kept id="c1"></g>' in markup  # the id the morph matches it by
    assert keys == {second.key, cell.key} and second.key != first.key
    # A changed cell is sent in full.
    changed, _ = layer("4")
    _same, markup, _keys = render_page(page(changed), shown)
    assert not stubs(markup) and ">4<" in markup


def test_the_short_form_tells_pages_apart_exactly_when_their_markup_differs():
    a = render_page(page(layer("3")[0]), frozenset())[0]
    assert a == render_page(page(layer("3")[0]), frozenset())[0]  # other objects, same content
    assert a != render_page(page(layer("4")[0]), frozenset())[0]
    assert a != render_page(page(layer("3")[0], "changed"), frozenset())[0]


def test_keep_reuses_a_part_while_its_key_and_pinned_objects_stay():
    cache: dict = {}
    built: list[str] = []

    def build(text: str):
        return lambda: built.append(text) or h("p", {}, text)

    view = {"score": 1}
    first = keep(cache, ("a", 1), build("one"), (view,))
    assert keep(cache, ("a", 1), build("two"), (view,)) is first and built == ["one"]
    assert keep(cache, ("a", 2), build("three"), (view,)) is not first
    # An equal but other object: a new position, drawn again.
    again = keep(cache, ("a", 1), build("four"), ({"score": 1},))
    assert again is not first and built == ["one", "three", "four"]


TABLE = Table("raythread", (SeatAt("A", "Ann", "amber"), SeatAt("C", "Cy", "teal")), frozenset("AC"))


def start():
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 28}), ("A", "C"), 5)
    return state, match.start("raythread", BOARD, rules.view(state, "A"), TABLE)


def test_the_seats_and_the_log_are_kept_between_inputs_and_redrawn_when_their_inputs_change():
    state, ui = start()
    seats, log = match.seat_list(ui, TABLE), match.log_panel(ui, TABLE)
    assert match.seat_list(ui, TABLE) is seats and match.log_panel(ui, TABLE) is log
    # An equal table (the shell builds a new one for every frame) is the same input.
    again = Table("raythread", TABLE.seats, frozenset("AC"))
    assert match.seat_list(ui, again) is seats
    # A move: new scores and hands, a new log line.
    seat = state.seats[state.turn]
    move = next(m for m in rules.legal(state, seat) if m["type"] == "place")
    after, events = rules.play(state, seat, move)
    moved = match.advance(ui, rules.view(after, "C"), events, TABLE)
    assert match.seat_list(moved, TABLE) is not seats and render(match.seat_list(moved, TABLE)) != render(seats)
    assert "places a" in render(match.log_panel(moved, TABLE)) and "places a" not in render(log)
    # Another name, another seat marked "you", another language: drawn again (a move in the log keeps
    # the name of the player who made it: test_match_log).
    renamed = Table("raythread", (SeatAt("A", "Abe", "amber"), TABLE.seats[1]), frozenset("AC"))
    assert "Abe" in render(match.seat_list(ui, renamed)) and '<span class="nobr">Ann (A)</span> places' in render(
        match.log_panel(moved, renamed)
    )
    assert "you" in render(match.seat_list(ui, Table("raythread", TABLE.seats, frozenset("A"))))
    # Another language (a new i18n generation): drawn again, in its words.
    log = match.log_panel(moved, TABLE)
    i18n.set_language(i18n.language())
    assert match.seat_list(ui, TABLE) is not seats and match.log_panel(moved, TABLE) is not log


def test_a_move_taken_back_shows_the_earlier_view_and_its_kept_panels_again():
    from tests.unit.ui.test_table import click, play, started

    model, _ = started()
    before = model.inner.ui.view
    seats = match.seat_list(model.inner.ui, table.table_of(model.inner))
    state = model.inner.played.state
    seat = state.seats[state.turn]
    model, _ = play(model, [m for m in rules.legal(state, seat) if m["type"] == "place"][3])
    moved = model.inner.ui.view
    assert moved is not before and moved != before
    assert render(match.seat_list(model.inner.ui, table.table_of(model.inner))) != render(seats)
    model, _ = click(model, "table-undo")
    assert model.inner.ui.view is before
    assert match.seat_list(model.inner.ui, table.table_of(model.inner)) is seats


def test_the_log_puts_in_words_only_the_lines_it_shows():
    state, ui = start()
    asked = []

    class Counting(type(BOARD)):
        def event_text(self, event, names):
            asked.append(event)
            return super().event_text(event, names)

    ui = replace(ui, board=Counting())
    while sum(map(len, ui.log)) < 3 * match.LOG_SHOWN:  # a long match: more lines than the panel shows
        seat = state.seats[state.turn]
        state, said = rules.play(state, seat, next(m for m in rules.legal(state, seat) if m["type"] == "place"))
        ui = match.advance(ui, rules.view(state, "A"), said, TABLE)
    asked.clear()
    shown = [text_of(p) for li in find_all(match._log_panel(ui, TABLE), lambda e: e.tag == "li") for p in li.children]
    assert len(shown) == match.LOG_SHOWN
    assert len(asked) == match.LOG_SHOWN < sum(map(len, ui.log)), "the older events are not put in words"
