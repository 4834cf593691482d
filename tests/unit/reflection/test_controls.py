"""Reflection's match screen (``reflection/controls.py``) driven through the shared match screen
(``ui/match.py``) against the rules engine: each page sees only its seat's view, its moves are played
on the engine, and what it asks of its page (storage, timers, background work) is carried out here."""

from __future__ import annotations

import json
import re

import pytest

from gamenight import i18n
from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps
from gamenight.reflection import GAME, scene
from gamenight.reflection.controls import (
    BOARD,
    CHECK,
    CLOCK,
    HURRY_MS,
    OLD_SECRETS_KEY,
    SECRETS_KEY,
    Desk,
    load_secrets,
    mismatches,
    reveal_status,
    the_puzzle,
)
from gamenight.reflection.laser import Layout, edge_names
from gamenight.reflection.match import commitment
from gamenight.reflection.puzzle import TileSet, clues, puzzle_of
from gamenight.reflection.solve import solve
from gamenight.ui import match as screen
from gamenight.ui.match import SeatAt, Table
from gamenight.ui.program import (
    ShowInWindow,
    StartTimer,
    StopTimer,
    Store,
    StoreEntries,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    keep_written,
    run_work,
)
from gamenight.ui.svg import find_all, h, render, text_of
from tests.unit.alerts import heard, regions, said_in_turns
from tests.unit.reflection.match_helpers import Match, built_layout
from tests.unit.words import in_language

BUILT = {"mode": "built", "preset": "custom", "size": 5, "tiles": 4}  # 2 diagonal, 1 flat, 1 block
KINDS = {"/": "diagonal", "\\": "diagonal", "|": "flat", "-": "flat", "#": "block", "o": "hole"}
SEATS = (SeatAt("1", "Ann", "amber"), SeatAt("2", "Bea", "cyan"), SeatAt("3", "Cal", "magenta"))


class Page:
    """One seat's page (``seat=None``: a spectator) showing ``match``: the match screen, its local
    storage, its running timers and the background work it was asked for."""

    def __init__(self, match: Match, seat: str | None, storage: dict[str, str] | None = None) -> None:
        self.match, self.seat = match, seat
        self.storage = storage if storage is not None else {}
        self.table = Table("reflection", SEATS[: len(match.seats)], frozenset((seat,)) if seat else frozenset())
        self.timers: set[str] = set()
        self.works: dict[str, Work] = {}
        self.moves: list[dict] = []
        self.ui = screen.start("reflection", BOARD, self.view(), self.table, self.storage)
        self.take()

    def view(self) -> dict:
        return json.loads(dumps(GAME.view(self.match.state, self.seat)))  # as it arrives over the wire

    def take(self) -> None:
        self.ui, effects, moves = screen.take(self.ui)
        for effect in effects:
            if isinstance(effect, Store | StoreEntries):
                keep_written(self.storage, effect)
            elif isinstance(effect, StartTimer):
                self.timers.add(effect.timer)
            elif isinstance(effect, StopTimer):
                self.timers.discard(effect.timer)
            elif isinstance(effect, Work):
                self.works[effect.task] = effect
        for move in moves:
            self.play(move)

    def play(self, move: dict) -> None:
        self.moves.append(move)
        self.match.play(self.seat, move)

    def see(self) -> None:
        self.ui = screen.advance(self.ui, self.view(), (), self.table)
        self.take()

    def send(self, event: UiEvent) -> None:
        self.ui, move = screen.handle(self.ui, self.table, event)
        self.take()
        if move is not None:
            self.play(move)

    def click(self, action: str, **data: object) -> None:
        self.send(UiEvent("click", action, {k: str(v) for k, v in data.items()}, now_ms=self.match.now))

    def key(self, name: str) -> None:
        self.send(UiEvent("keydown", "board", {}, key=name, now_ms=self.match.now))

    def tick(self, now_ms: int) -> None:
        self.ui = screen.react(self.ui, self.table, Tick(CLOCK, now_ms))
        self.take()

    def work(self) -> None:
        while self.works:
            task, work = self.works.popitem()
            _progress, value = run_work(work)
            self.ui = screen.react(self.ui, self.table, WorkDone(task, value))
            self.take()

    def place(self, layout: Layout) -> None:
        for (r, c), tile in sorted(layout.tiles().items()):
            self.click("tray", kind=KINDS[tile])
            self.click("cell", r=r, c=c)
            if tile in ("\\", "-"):
                self.click("cell", r=r, c=c)

    @property
    def desk(self):
        return self.ui.local

    @property
    def tree(self):
        return screen.render(self.ui, self.table)

    @property
    def text(self) -> str:
        return text_of(self.tree)

    def find(self, cls: str) -> list:
        return find_all(self.tree, lambda e: cls in str(e.attr("class") or "").split())

    def note(self) -> str:
        return i18n.describe(self.desk.note["code"], self.desk.note["params"]) if self.desk.note else ""


def pages(m: Match, *seats: str | None) -> dict[str | None, Page]:
    return {seat: Page(m, seat) for seat in seats}


def everyone_sees(shown: dict) -> None:
    for page in shown.values():
        page.see()


def shown_clues(page: Page) -> list[str]:
    """The clues drawn around the page's own board, in edge order, as ``g5``/``y3``/``b1``."""
    edges = find_all(page.find("rf-work")[0], lambda e: "rf-edge" in str(e.attr("class") or "").split())
    drawn = {}
    for e in edges:
        colour = next(c for c in ("green", "yellow", "black") if f"rf-{c}" in e.attr("class").split())
        number = find_all(e, lambda x: "rf-number" in str(x.attr("class") or "").split())[0]
        drawn[e.attr("data-edge")] = f"{colour[0]}{text_of(number)}"
    return [drawn[name] for name in edge_names(page.desk.layout.size)]


# --- building ------------------------------------------------------------------------------------


def test_a_builder_places_every_tile_sees_its_own_clues_live_and_sends_only_clues_and_a_commitment():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    assert ann.desk.layout == Layout.empty(5) and ann.desk.task.kind == "build"
    layout = built_layout(m.state, 0)
    ann.place(layout)
    assert ann.desk.layout == layout
    assert shown_clues(ann) == [str(c) for c in clues(layout, m.state.warps)]  # the clues it makes, live
    assert CHECK in ann.works and ann.desk.advice.outcome == "running"
    assert "Checking whether your puzzle has one solution" in ann.text
    ann.work()
    assert ann.desk.advice.outcome in ("unique", "several")
    ann.click("rf-send")
    sent = ann.moves[-1]
    assert set(sent) == {"type", "clues", "commitment"} and sent["clues"] == [str(c) for c in clues(layout)]
    kept = load_secrets(ann.storage)
    assert kept == {sent["commitment"]: kept[sent["commitment"]]} and kept[sent["commitment"]].layout == layout
    salt = kept[sent["commitment"]].salt
    assert len(salt) == 64 and commitment(layout, salt) == sent["commitment"]
    ann.see()
    assert "Sent. Its layout stays on this device until the reveal." in ann.text
    ann.click("cell", r=0, c=0)
    assert ann.note() == "Your puzzle is sent: it cannot change any more." and ann.desk.layout == layout
    # A player's pass: the sent board's cells still lit up under a pointer and showed the hand, as if they took
    # tiles. Sent, the board is only shown: its frame says so, as a board solved in a race (css/app.css).
    (board,) = find_all(ann.tree, lambda e: e.attr("id") == "rf-board")
    assert board.attr("data-done") == "true"


def test_a_puzzle_cannot_be_sent_before_every_tile_is_placed_and_an_ambiguous_one_is_sent_with_a_warning():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    ann.click("tray", kind="diagonal")
    ann.click("cell", r=1, c=1)
    ann.click("rf-send")
    assert ann.moves == [] and ann.note() == "Place every tile first (3 still in the tray)."
    assert "3 tiles still to place" in ann.text
    ambiguous = next(  # a layout the solver finds another one for (a tile no laser notices, say)
        layout
        for layout in (built_layout(m.state, k) for k in range(100))
        if solve(puzzle_of(layout, (), m.state.options.tileset), 2).count == 2
    )
    ann.click("cell", r=1, c=1)  # take the first one back: it turns to "\"
    ann.click("tray", kind="remove")
    ann.click("cell", r=1, c=1)
    ann.place(ambiguous)
    ann.work()
    assert ann.desk.advice.outcome == "several"
    assert "More than one layout makes these clues" in ann.text
    send = find_all(ann.tree, lambda e: e.attr("data-action") == "rf-send")[0]
    assert text_of(send) == "Send anyway"
    ann.click("rf-send")
    assert ann.moves[-1]["type"] == "submit_puzzle"


def test_a_check_of_a_layout_that_changed_meanwhile_is_dropped():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    layout = built_layout(m.state, 0)
    ann.place(layout)
    stale = ann.works.pop(CHECK)
    ann.click("tray", kind="remove")
    first = next(iter(layout.tiles()))
    ann.click("cell", r=first[0], c=first[1])
    assert ann.desk.advice is None  # a tile is back in the tray: no advice
    ann.ui = screen.react(ann.ui, ann.table, WorkDone(CHECK, run_work(stale)[1]))
    assert ann.desk.advice is None


def test_the_tray_never_hands_out_more_tiles_than_the_set_and_warp_cells_take_none():
    m = Match({**BUILT, "warp": True}, 2)
    ann = Page(m, "1")
    warp = m.state.warps[0]
    ann.click("tray", kind="block")
    ann.click("cell", r=warp[0], c=warp[1])
    assert ann.note() == "Warp cells hold no tiles." and ann.desk.layout == Layout.empty(5)
    free = [(r, c) for r in range(5) for c in range(5) if (r, c) not in m.state.warps]
    ann.click("cell", r=free[0][0], c=free[0][1])
    ann.click("cell", r=free[1][0], c=free[1][1])  # the tray has gone on to the diagonal mirror
    ann.send(UiEvent("keydown", "board", {}, key="#", now_ms=m.now))  # a block by its key
    assert ann.note() == "No block left in your tray: take one back first."
    assert sum(1 for t in ann.desk.layout.tiles().values() if t == "#") == 1
    offered = {str(e.attr("data-kind")) for e in find_all(ann.tree, lambda e: e.attr("data-action") == "tray")}
    assert "remove" in offered and not offered & {"dot", "ring"}  # a match's board keeps no notes: none offered


def tray_shown(page: Page) -> tuple[list[str], list[str]]:
    """The tray's chosen kinds (outlined and ``aria-pressed``, which must agree) and its disabled ones."""
    buttons = find_all(page.tree, lambda e: e.attr("data-action") == "tray")
    chosen = [str(b.attr("data-kind")) for b in buttons if b.attr("aria-pressed") == "true"]
    assert chosen == [str(b.attr("data-kind")) for b in buttons if "selected" in str(b.attr("class")).split()]
    return chosen, [str(b.attr("data-kind")) for b in buttons if b.attr("disabled")]


def test_a_kind_whose_last_tile_is_placed_gives_way_to_the_next_kind_left_and_then_to_none():
    """A player's pass: after the last diagonal mirror was placed the tray kept it outlined and pressed at "×0",
    as if a tile were still in hand. The next kind with tiles left is chosen (a tap places it); with every tile
    placed nothing is chosen, a tap on a tile still turns it and a tap on an empty cell places nothing."""
    m = Match(BUILT, 2)  # 2 diagonal, 1 flat, 1 block
    ann = Page(m, "1")
    ann.click("cell", r=0, c=0)
    ann.click("cell", r=1, c=1)
    assert tray_shown(ann) == (["flat"], ["diagonal"])
    ann.click("tray", kind="diagonal")  # the spent kind's button is disabled: it is not chosen again
    ann.click("cell", r=2, c=2)
    assert ann.desk.layout.at((2, 2)) == "|" and ann.note() == ""
    assert tray_shown(ann) == (["block"], ["diagonal", "flat"])
    ann.click("cell", r=3, c=3)
    assert ann.desk.layout.at((3, 3)) == "#"
    assert tray_shown(ann) == ([], ["diagonal", "flat", "block"])
    ann.click("cell", r=4, c=4)
    assert ann.desk.layout.at((4, 4)) == "." and ann.note() == "No tiles left in your tray: take one back first."
    ann.key(" ")  # the keyboard's Space, on the empty cell the cursor stands on, the same
    assert TileSet.of(ann.desk.layout).total == 4
    ann.click("cell", r=0, c=0)
    assert ann.desk.layout.at((0, 0)) == "\\"  # a placed tile still turns
    ann.click("tray", kind="remove")
    ann.click("cell", r=1, c=1)
    assert tray_shown(ann) == (["remove"], ["flat", "block"])


def test_the_keyboard_alone_builds_turns_removes_and_shows_lasers():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    assert ann.desk.cursor == (2, 2)
    for name in ("ArrowUp", "ArrowLeft", "ArrowLeft", "ArrowLeft"):
        ann.key(name)
    assert ann.desk.cursor == (1, 0)  # the cursor stops at the edge
    ann.key("/")
    ann.key("r")
    assert ann.desk.layout.at((1, 0)) == "\\"
    ann.key("ArrowRight")
    ann.key("#")
    ann.key("Delete")
    assert ann.desk.layout.at((1, 1)) == "."
    ann.key(" ")  # Space uses the tool (a diagonal mirror)
    assert ann.desk.layout.at((1, 1)) == "/"
    lasers = []
    for _ in range(5):
        ann.key("e")
        lasers.append(ann.desk.laser)
    assert lasers == ["L2", "T2", "R2", "B2", None]
    ann.key("e")
    assert find_all(ann.tree, lambda e: e.attr("data-edge") == "L2" and "rf-laser" in str(e.attr("class")))
    cursor = find_all(ann.tree, lambda e: e.attr("id") == "rf-cursor-text")[0]
    said = text_of(cursor)  # the cell, and the numbers at the ends of its row and column
    # It changes in place at every move of the cursor: read whole, not a changed text node at a time.
    assert (cursor.attr("aria-live"), cursor.attr("aria-atomic")) == ("polite", "true")
    assert said.startswith("Row 2, column 2: ") and "mirror" in said.partition(".")[0]  # as the solo board names it
    # Each end its own sentence, named as its clue is: "left 2 green 5, right 2 …" ran a name into its number.
    ends = said.partition(". ")[2].split(". ")
    assert [end.partition(":")[0] for end in ends] == [
        "The left clue in row 2",
        "The right clue in row 2",
        "The top clue in column 2",
        "The bottom clue in column 2",
    ], said
    assert all(re.fullmatch(r"The \w+ clue in \w+ 2: \w+ \d+( \(not matched\))?\.?", end) for end in ends), said
    i18n.set_language("ja")
    ann.key("ArrowLeft")
    said = text_of(find_all(ann.tree, lambda e: e.attr("id") == "rf-cursor-text")[0])
    # Japanese punctuation throughout: the list of ends and its full stop were English (", " and ". ").
    assert said.startswith("2行1列：") and said.endswith("。") and said.count("。") == 5, said
    assert ", " not in said and "。 " not in said and "." not in said, said


def test_the_race_board_takes_the_solo_board_s_keys_to_turn_a_tile_and_reach_a_row_s_ends():
    """The help (?) and the solo board turn a tile with T and go to a row's first or last column with Home
    and End; a race's board did nothing for them (it turned with R only, the solo board's redo)."""
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    ann.key("Home")
    assert ann.desk.cursor == (2, 0)
    ann.key("/")
    ann.key("t")
    assert ann.desk.layout.at((2, 0)) == "\\"
    ann.key("T")
    assert ann.desk.layout.at((2, 0)) == "/"
    ann.key("End")
    assert ann.desk.cursor == (2, 4)
    ann.key("|")
    ann.key("r")  # the race's own key still turns
    assert ann.desk.layout.at((2, 4)) == "-"


def test_tiles_are_dragged_from_the_tray_moved_between_cells_and_dropped_off_the_board():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    ann.send(UiEvent("pointerdown", "tray", {"kind": "flat"}))
    ann.send(UiEvent("pointerup", "cell", {"r": "3", "c": "3"}))
    assert ann.desk.layout.at((3, 3)) == "|"
    ann.send(UiEvent("pointerdown", "cell", {"r": "3", "c": "3"}))
    ann.send(UiEvent("pointerup", "cell", {"r": "0", "c": "4"}))
    assert ann.desk.layout.at((3, 3)) == "." and ann.desk.layout.at((0, 4)) == "|"
    ann.send(UiEvent("pointerdown", "cell", {"r": "0", "c": "4"}))
    ann.send(UiEvent("pointerup", "screen", {}))
    assert ann.desk.layout == Layout.empty(5)


def test_a_drag_that_never_ended_does_not_carry_its_tile_to_the_next_tap():
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    ann.send(UiEvent("pointerdown", "tray", {"kind": "flat"}))
    ann.send(UiEvent("pointerup", "cell", {"r": "3", "c": "3"}))
    ann.send(UiEvent("pointerdown", "cell", {"r": "3", "c": "3"}))  # a swipe the browser took: no pointerup
    ann.send(UiEvent("pointerdown", "cell", {"r": "0", "c": "4"}))
    ann.send(UiEvent("pointerup", "cell", {"r": "0", "c": "4"}))
    assert ann.desk.layout.at((3, 3)) == "|" and ann.desk.layout.at((0, 4)) == "." and ann.desk.drag is None


def test_bigger_cells_on_a_phone_are_kept_from_the_build_to_the_round():
    m = Match(BUILT, 2)
    shown = pages(m, "1", "2")
    ann = shown["1"]
    # By default the style sheet decides, by the board's size: the two buttons, one true at each width.
    buttons = find_all(ann.tree, lambda e: e.attr("data-action") == "rf-zoom")
    assert [(b.attr("id"), b.attr("aria-pressed"), b.attr("data-zoom")) for b in buttons] == [
        ("rf-zoom", "false", "on"),
        ("rf-zoom-auto", "true", "off"),
    ]
    assert {b.attr("data-size") for b in buttons} == {5}  # shown where a 5 × 5 board's cells are small
    (auto,) = ann.find("rf-zoom-auto")
    assert auto.attr("id") == "rf-board" and auto.attr("data-size") == 5
    ann.click("rf-zoom", zoom="on")
    (wrap,) = ann.find("rf-zoom")
    # 5 cells and the clue ring; the clues reach 0.4 of a cell past it (the zoomed frame keeps room for it)
    assert wrap.attr("id") == "rf-board" and wrap.attr("style") == "--rf-units: 6.2; --rf-reach: 0.4"
    for seat, page in shown.items():
        page.place(built_layout(m.state, int(seat)))
        page.click("rf-send")
        everyone_sees(shown)
    assert ann.desk.task.kind == "solve" and ann.find("rf-zoom")
    ann.click("rf-zoom", zoom="off")
    assert not ann.find("rf-zoom") and not ann.find("rf-zoom-auto") and ann.desk.zoom is False
    (zoom,) = find_all(ann.tree, lambda e: e.attr("data-action") == "rf-zoom")
    assert (zoom.attr("id"), zoom.attr("aria-pressed")) == ("rf-zoom", "false")


def zoom_drawn(page: Page) -> tuple[list[tuple[str, str]], bool]:
    """The "Bigger cells" buttons (id, pressed) and whether the board's frame is drawn zoomed (or may be)."""
    buttons = find_all(page.tree, lambda e: e.attr("data-action") == "rf-zoom")
    (wrap,) = find_all(page.tree, lambda e: e.attr("id") == "rf-board")
    classes = str(wrap.attr("class")).split()
    return [(b.attr("id"), b.attr("aria-pressed")) for b in buttons], "rf-zoom" in classes or "rf-zoom-auto" in classes


def test_a_race_board_its_player_solved_or_gave_up_is_drawn_whole_and_bigger_cells_zooms_it_again():
    """A player's pass: on a phone, a race board solved (or given up) while the others still play stayed zoomed
    and scrolled where the last taps were, with nothing left to do on it. As the solo board's end
    (``solo.Model.end_zoom``): once this seat's board is done it is drawn whole; "Bigger cells" zooms it again,
    and the next round's board is drawn as the player chose for boards in play."""
    m, shown = built_match(3)
    ann, bea = shown["1"], shown["2"]  # Cal still solves
    ann.click("rf-zoom", zoom="on")
    bea.click("rf-zoom", zoom="on")
    assert zoom_drawn(ann) == ([("rf-zoom", "true")], True)
    ann.place(m.layouts["2"])
    everyone_sees(shown)
    assert "Solved in 0:" in ann.text
    assert zoom_drawn(ann) == ([("rf-zoom", "false")], False)
    ann.click("rf-zoom", zoom="on")
    assert zoom_drawn(ann) == ([("rf-zoom", "true")], True)
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    everyone_sees(shown)
    assert bea.find("rf-finished") and zoom_drawn(bea) == ([("rf-zoom", "false")], False)
    assert bea.desk.zoom is True  # kept for the boards still to play
    # A done board is only shown: its frame says so, and the style sheet lights no cell under a pointer there.
    done = {
        seat: find_all(page.tree, lambda e: e.attr("id") == "rf-board")[0].attr("data-done")
        for seat, page in shown.items()
    }
    assert done == {"1": "true", "2": "true", "3": None, None: None}


# --- solving --------------------------------------------------------------------------------------


def built_match(n: int = 2, **options) -> tuple[Match, dict[str | None, Page]]:
    m = Match({**BUILT, **options}, n)
    shown = pages(m, *m.seats, None)
    for seat in m.seats:
        m.layouts[seat] = built_layout(m.state, int(seat))
        shown[seat].place(m.layouts[seat])
        shown[seat].click("rf-send")
        everyone_sees(shown)
    return m, shown


def test_a_solver_gets_its_puzzle_with_red_frames_and_the_first_layout_that_matches_is_sent_at_once():
    m, shown = built_match()
    ann = shown["1"]
    assert ann.desk.task.kind == "solve" and ann.desk.layout == Layout.empty(5)
    target = m.layouts["2"]
    assert "Round 1 of 1: Bea\u00a0(2)'s puzzle" in ann.text
    assert len(ann.find("rf-wrong")) == sum(
        1 for a, b in zip(clues(Layout.empty(5)), clues(target), strict=True) if a != b
    )
    ann.place(target)
    assert ann.moves[-1] == {"type": "solve", "layout": target.to_json(), "round": 1}
    everyone_sees(shown)
    assert "Solved in 0:" in ann.text and "+120 points" in ann.text
    assert [
        li.attr("data-seat") for li in find_all(shown[None].tree, lambda e: e.tag == "li" and e.attr("data-points"))
    ] == ["1"]


def test_submit_names_the_clues_that_differ_and_sends_nothing():
    m, shown = built_match()
    bea = shown["2"]
    first = sorted(m.layouts["1"].tiles().items())[0]
    bea.click("tray", kind=KINDS[first[1]])
    bea.click("cell", r=first[0][0], c=first[0][1])
    moves = len(bea.moves)
    bea.click("rf-submit")
    assert len(bea.moves) == moves
    differ = mismatches(the_puzzle(bea.desk, bea.view()), bea.desk.board)
    assert len(differ) > 6
    # QA14 #4, #7: the clues are called clues, as on the solo board, and named as the board names them
    # ("top 3"), not by the rules' short names ("T3"); past six, five and how many more (the solo board's
    # announcement of the clues a move matched counts them the same way).
    sides = {"T": "top clue in column", "R": "right clue in row", "B": "bottom clue in column", "L": "left clue in row"}
    names = [f"the {sides[e[0]]} {e[1:]}" for e in differ]
    names = [*names[:5], f"{len(differ) - 5} more"]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    assert bea.note() == f"Not solved yet. The clues that differ: {listed}."


def test_submit_s_note_follows_the_page_language_switched_after_it():
    """The note of a Submit that was not a solve kept the clue names it was given in ("top 3") when the
    player then switched to Japanese: the note is a code and clue codes, put into words when drawn."""
    m, shown = built_match()
    bea = shown["2"]
    first = sorted(m.layouts["1"].tiles().items())[0]
    bea.click("tray", kind=KINDS[first[1]])
    bea.click("cell", r=first[0][0], c=first[0][1])
    bea.click("rf-submit")
    assert re.search(r"the (top|left|right|bottom) clue in", bea.note()), bea.note()
    with in_language("ja"):
        note = bea.note()
    assert not re.search("top|right|bottom|left|more", note), note
    assert re.search("[0-9]+[行列]目の[上右下左]の数字", i18n.plain(note)), note


def test_the_same_note_again_is_said_again():
    """As the other boards (ui.live.alerts): Submit pressed twice on the same tiles gave the same "Not
    solved yet" note, which the page's morphing render left as it was in the same role=alert, so a screen
    reader heard nothing the second time. Each note now fills the alert region that did not speak last."""
    m, shown = built_match()
    bea = shown["2"]
    first = sorted(m.layouts["1"].tiles().items())[0]
    bea.click("tray", kind=KINDS[first[1]])
    bea.click("cell", r=first[0][0], c=first[0][1])
    drawn = []
    for _ in range(3):
        bea.click("rf-submit")
        drawn.append(regions(bea.tree))
    assert said_in_turns(drawn, "rf-alert") == bea.note()


def test_give_up_asks_once_more_and_can_be_taken_back():
    _m, shown = built_match()
    bea = shown["2"]
    bea.click("rf-give-up")
    assert (
        bea.desk.confirm and "Give up this puzzle? It costs points." in bea.text and bea.moves[-1]["type"] != "give_up"
    )
    bea.click("rf-keep-going")
    assert not bea.desk.confirm
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    assert bea.moves[-1] == {"type": "give_up", "round": 1}
    everyone_sees(shown)
    # A sentence, as "Solved in 0:42, +120 points." is (it read "gave up: −60 points.", the outcome's word).
    # Her board is empty now, and the line says where the solution will be.
    assert [text_of(e) for e in bea.find("rf-finished")] == [
        "You gave up: −60 points. Its solution is shown under Solutions once its last round is over."
    ]


def asked(tree, name: str):
    """The alert regions that ask "Give up this puzzle?" (``name``-0 and -1), or the one that once did."""
    return [(rid, text) for rid, text in regions(tree) if "Give up" in text or str(rid).startswith(name)]


def test_give_up_asked_again_is_said_again():
    """ "Give up this puzzle? It costs points." was one role=alert line: asked, answered "Keep solving"
    and asked again, the page put the same words back where they were and a screen reader said nothing
    the second time. A question asked again is news again: each asking fills the alert region that did
    not speak last (ui.live.alerts), counted in ``Desk.asked``."""
    _m, shown = built_match()
    bea = shown["2"]
    drawn = []
    for _ in range(3):
        bea.click("rf-give-up")
        drawn.append(asked(bea.tree, "rf-confirm"))
        bea.click("rf-keep-going")
        # Answered: the question is gone, its regions left empty (drawn before it is asked, so it is heard).
        assert [text for _rid, text in asked(bea.tree, "rf-confirm")] == ["", ""]
    assert said_in_turns(drawn, "rf-confirm") == "Give up this puzzle? It costs points."
    assert [m["type"] for m in bea.moves].count("give_up") == 0


def clue_marks(page: Page) -> tuple[list[str], bool, list[str], str]:
    """What the page's own board says about matching: the clues framed as unmatched, whether the
    "{k} of {n} clues match" count is there, the clues' spoken names, and the cursor's read-out."""
    work = page.find("rf-work")[0]
    edges = find_all(work, lambda e: "rf-edge" in str(e.attr("class") or "").split())
    framed = [str(e.attr("data-edge")) for e in edges if "rf-wrong" in str(e.attr("class")).split()]
    counted = bool(find_all(work, lambda e: "rf-matched" in str(e.attr("class") or "").split()))
    counted = counted or "clues match" in text_of(work)
    said = text_of(find_all(work, lambda e: e.attr("id") == "rf-cursor-text")[0])
    return framed, counted, [str(e.attr("aria-label")) for e in edges], said


def test_a_board_given_up_shows_no_matching_marks_while_a_board_still_solved_and_a_spectator_s_do():
    """Bea gave up while Ann solves on: her board is emptied (a player's pass), and it kept the marks that help
    only while tiles go in: a dashed frame on every number the empty board does not match, "0 of 20
    clues match", "not matched yet" in each clue's name and "(not matched)" in the cursor's read-out,
    as if she were still to place tiles. Ann's board and the spectator's local try keep them."""
    _m, shown = built_match()
    ann, bea, spectator = shown["1"], shown["2"], shown[None]
    framed, counted, labels, said = clue_marks(bea)
    # While she solves, the marks are there (the cursor, mid-board, reads the numbers of column 3).
    assert "T3" in framed and counted and "The top clue in column 3: yellow 1 (not matched)." in said, (framed, said)
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    everyone_sees(shown)
    assert ann.desk.task.kind == "solve" and "Its solution is shown under Solutions" in bea.text
    framed, counted, labels, said = clue_marks(bea)
    assert framed == [], "a given-up board frames no number as unmatched"
    assert not counted, "a given-up board has no 'clues match' count"
    assert not any("matched" in label for label in labels), labels
    assert "matched" not in said, said
    for page in (ann, spectator):  # still placing tiles: its own puzzle, a spectator's local try
        framed, counted, labels, said = clue_marks(page)
        assert framed and counted and any(label.endswith("not matched yet") for label in labels)


def test_the_race_board_calls_its_clues_clues_as_the_solo_board_does():
    """QA14 #7: the solo board said "8 of 24 clues match", the race's "8 of 24 numbers match" for the same
    count. One word in English on both (Japanese said 数字 on both already)."""
    _m, shown = built_match()
    bea = shown["2"]
    work = text_of(bea.find("rf-work")[0])
    assert "0 of 20 clues match" in work or re.search(r"\d+ of 20 clues match", work), work
    assert "numbers" not in bea.text, bea.text


def test_a_board_solved_while_others_solve_on_shows_no_matching_marks():
    """The rule is one: the marks are shown while this page may still place tiles on the puzzle. A solved
    board matches every number, and said "20 of 20 clues match" under its finish line."""
    m, shown = built_match()
    ann = shown["1"]
    ann.place(m.layouts["2"])
    everyone_sees(shown)
    assert ann.desk.task.kind == "solve" and ann.find("rf-solved") and "Solved in 0:" in ann.text
    framed, counted, _labels, _said = clue_marks(ann)
    assert framed == [] and not counted
    framed, counted, _labels, _said = clue_marks(shown["2"])  # Bea solves on
    assert framed and counted


def test_a_round_out_of_time_leaves_no_board_with_matching_marks():
    """Everyone's clock is the round's: when it runs out, every solver left times out at once and the
    round is over, so no page keeps a timed-out board (the next round's board, or none, takes its place)."""
    m, shown = built_match(limit=2)
    assert clue_marks(shown["1"])[0]  # framed while the clock runs
    m.tick(130_000)
    everyone_sees(shown)
    assert [f.outcome for f in m.state.finishes] == ["timeout"] * 2
    for page in shown.values():
        assert "clues match" not in page.text and not page.find("rf-wrong")


def test_the_round_clock_counts_down_and_warns_in_its_last_30_seconds():
    m, shown = built_match(limit=2)
    ann = shown["1"]
    assert CLOCK in ann.timers
    start = m.state.started_ms
    ann.tick(start + 30_000)
    clock = ann.find("rf-clock")[0]
    assert text_of(clock) == "1:30 left" and "rf-hurry" not in clock.attr("class")
    ann.tick(start + 120_000 - HURRY_MS + 500)
    clock = ann.find("rf-clock")[0]
    assert "rf-hurry" in clock.attr("class") and "Less than 30 seconds!" in text_of(clock)
    assert text_of(clock).startswith("0:30 left")
    m.tick(130_000)  # the host's tick: both run out of time, the reveals are due
    everyone_sees(shown)
    assert m.state.phase in ("reveal", "over")


def test_the_clock_stops_outside_rounds():
    m, shown = built_match()
    assert all(CLOCK in p.timers for p in shown.values())
    shown["1"].place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    everyone_sees(shown)
    assert m.state.phase == "over"  # the boards revealed by themselves
    everyone_sees(shown)
    assert all(CLOCK not in p.timers for p in shown.values())


# --- revealing -------------------------------------------------------------------------------------


def test_each_board_reveals_its_own_puzzle_when_the_rules_ask_and_forgets_it_once_revealed():
    m, shown = built_match()
    shown["1"].place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    assert m.state.phase == "reveal"
    everyone_sees(shown)  # each builder's board sends its reveal from its local storage
    reveals = [move for p in shown.values() for move in p.moves if move["type"] == "reveal"]
    assert len(reveals) == 2 and m.state.phase == "over"
    assert GAME.result(m.state).notes == {}
    everyone_sees(shown)
    assert all(SECRETS_KEY not in p.storage for p in shown.values())
    for p in shown.values():
        figures = p.find("rf-revealed")
        assert len(figures) == 2
        # Sized by the board's width with its clues (css/app.css draws each at 36 px a cell or more: 12 px clues).
        assert p.find("rf-figures")[0].attr("style") == f"--rf-units: {scene.units(m.state.options.size):g}"
        assert not find_all(figures[0], lambda e: e.attr("data-action") or e.attr("tabindex") is not None)


def test_a_solutions_board_pans_in_a_box_that_shows_there_is_more_as_the_points_table_does():
    """A 10 × 10 board's 403 px under Solutions on a phone scrolled sideways in its box with nothing showing that
    it did. Its box is the points table's kind: one that pans, a fade over the edge where there is more
    (css/app.css, .rf-pan: one place for the concept)."""
    m, shown = built_match()
    shown["1"].place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    everyone_sees(shown)  # each builder's board sends its reveal
    everyone_sees(shown)
    page = shown["1"]
    figures = page.find("rf-revealed")
    boxes = [find_all(figure, lambda e: "rf-mini" in str(e.attr("class") or "").split()) for figure in figures]
    assert len(boxes) == 2 and all(len(box) == 1 for box in boxes)
    assert all("rf-pan" in str(box[0].attr("class")).split() for box in boxes)
    tables = page.find("rf-table-wrap")
    assert tables and all("rf-pan" in str(box.attr("class")).split() for box in tables)


def test_a_reloaded_builders_page_still_holds_its_puzzle_and_reveals_it():
    m, shown = built_match()
    storage = shown["1"].storage
    again = Page(m, "1", storage)  # the page is reloaded: a new match screen, the same local storage
    assert again.desk.task.kind == "solve"
    again.place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    again.see()
    shown["2"].see()
    assert m.state.phase == "over" and GAME.result(m.state).notes == {}


def test_the_reveal_is_said_by_the_match_s_news_not_again_by_the_board():
    """As the builders reveal, the match's news says so ("Revealing the puzzles of …", then "The builders reveal
    at once · still to reveal: …"), and the board's own line said it a third time in a status region of its
    own, which came onto the page with its words. The board's line is shown, not said; a note it has (a device
    without the layout) is said once, in the board's alert pair, drawn before it speaks."""
    m, shown = built_match()
    ann = shown["1"]
    ann.place(m.layouts["2"])
    drawings = [ann.tree]
    m.solve("2")  # Bea's solve ends the last round: the builders reveal
    ann.see()
    drawings.append(ann.tree)
    assert m.state.phase == "reveal" and [move["type"] for move in ann.moves][-1] == "reveal"
    said = heard(drawings, known=True)
    assert said and not [words for words in said if "salt" in words], said
    assert "Your puzzle's layout and salt were sent to be checked." in ann.text
    # A device without the layout: its note, said once.
    m, shown = built_match()
    elsewhere = Page(m, "1", {SECRETS_KEY: dumps({"0" * 64: {"rows": ["....."] * 5, "salt": "a" * 64}})})
    elsewhere.place(m.layouts["2"])
    drawings = [elsewhere.tree]
    m.solve("2")
    elsewhere.see()
    drawings.append(elsewhere.tree)
    said = heard(drawings, known=True)
    assert [words for words in said if "does not hold your puzzle's layout" in words] == [
        "This device does not hold your puzzle's layout (was it built in another browser?): it cannot be revealed."
    ], said
    assert elsewhere.text.count("does not hold your puzzle's layout") == 1


def test_a_device_without_the_layout_says_so_and_cannot_reveal():
    m, shown = built_match()
    elsewhere = Page(m, "1", {SECRETS_KEY: dumps({"0" * 64: {"rows": ["....."] * 5, "salt": "a" * 64}})})
    elsewhere.place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    elsewhere.see()
    assert m.state.phase == "reveal" and not any(move["type"] == "reveal" for move in elsewhere.moves)
    assert "does not hold your puzzle's layout" in elsewhere.text


@pytest.mark.parametrize(
    ("key", "text"),
    [
        (SECRETS_KEY, "not json"),
        (SECRETS_KEY, "[]"),
        (SECRETS_KEY, dumps({"x": {"rows": ["./"], "salt": "s"}})),
        (SECRETS_KEY, dumps({"x": 5, "y": {"rows": 5, "salt": "s"}, "z": {"rows": ["/"], "salt": 1}})),
        (SECRETS_KEY, dumps({"x": {"rows": ["????"] * 4, "salt": "s"}})),
        (OLD_SECRETS_KEY, dumps({"puzzles": [{"commitment": "x", "rows": ["./"], "salt": "s"}]})),
        (OLD_SECRETS_KEY, dumps({"puzzles": 5})),
        (OLD_SECRETS_KEY, dumps({"puzzles": [7, []]})),
    ],
)
def test_stored_secrets_that_do_not_open_their_commitment_are_ignored(key, text):
    assert load_secrets({key: text}) == {}


def test_two_tabs_that_build_puzzles_keep_each_others_and_each_reveals_its_own_after_a_reload():
    """Each tab read this device's puzzles when it opened; the one that sent last used to store its
    copy over the other's puzzle, and that tab, reloaded, could not reveal (a failed reveal)."""
    first, second = Match(BUILT, 2, seed=5), Match(BUILT, 2, seed=6)
    storage: dict = {}
    tabs = [Page(first, "1", storage), Page(second, "1", storage)]  # both open before either sends
    for tab, match in zip(tabs, (first, second), strict=True):
        tab.place(built_layout(match.state, 0))
        tab.click("rf-send")
    assert len(load_secrets(storage)) == 2
    again = Page(first, "1", storage)  # the first tab, reloaded
    assert set(again.desk.secrets) == {tabs[0].moves[-1]["commitment"]} | {tabs[1].moves[-1]["commitment"]}


def test_puzzles_an_older_page_kept_as_one_list_are_read_and_moved_to_todays_entries():
    m, shown = built_match()
    storage = shown["1"].storage
    ((committed, kept),) = load_secrets(storage).items()
    old = {"commitment": committed, "rows": list(kept.layout.rows), "salt": kept.salt}
    storage.clear()
    storage[OLD_SECRETS_KEY] = dumps({"v": 1, "puzzles": [old]})
    again = Page(m, "1", storage)  # reloaded into today's page
    assert again.desk.secrets == {committed: kept}
    assert OLD_SECRETS_KEY not in storage and load_secrets({SECRETS_KEY: storage[SECRETS_KEY]}) == {committed: kept}
    again.place(m.layouts["2"])
    shown["2"].place(m.layouts["1"])
    again.see()
    shown["2"].see()
    assert m.state.phase == "over" and GAME.result(m.state).notes == {}, "it revealed from the old list"


# --- spectators and everyone ---------------------------------------------------------------------


def test_a_spectator_watches_the_puzzles_in_play_tries_them_locally_and_sees_no_layout_before_the_reveal():
    m, shown = built_match(3)
    dan = shown[None]
    assert dan.desk.task.kind == "watch" and "You are watching" in dan.text
    picker = find_all(dan.tree, lambda e: e.attr("data-action") == "rf-watch")
    assert [text_of(b) for b in picker] == ["Ann\u00a0(1)'s puzzle", "Bea\u00a0(2)'s puzzle", "Cal\u00a0(3)'s puzzle"]
    assert not find_all(dan.tree, lambda e: e.attr("data-tile"))
    dan.click("rf-watch", number=2)
    assert dan.desk.task.number == 2
    dan.click("tray", kind="diagonal")
    dan.click("cell", r=0, c=0)
    assert dan.desk.layout.at((0, 0)) == "/" and dan.moves == []  # its own try, never sent
    everything = render(dan.tree)
    for layout in m.layouts.values():
        assert dumps(list(layout.rows)) not in everything
    for seat in m.seats:
        n = int(seat)
        shown[seat].place(m.layouts[str(n % 3 + 1)])
    everyone_sees(shown)
    assert m.state.round == 2 and not dan.find("rf-revealed")


def test_a_puzzle_to_watch_named_in_anything_but_plain_ascii_digits_changes_nothing():
    """``"²".isdigit()`` holds and ``int("²")`` raised out of the update; "٣" (an Arabic-Indic three) was
    read as 3 (``core.game.form_number``)."""
    _, shown = built_match(3)
    dan = shown[None]
    dan.click("rf-watch", number=2)
    for bad in ("²", "٣", "", "3 3", "-1"):
        dan.click("rf-watch", number=bad)
        assert dan.desk.task.number == 2, bad
    dan.click("rf-watch", number=3)
    assert dan.desk.task.number == 3


def test_the_scoreboard_shows_points_per_round_void_failures_and_a_disqualified_builder():
    m, shown = built_match()
    shown["2"].place(m.layouts["1"])  # Bea solves Ann's puzzle: +120
    shown["1"].click("rf-give-up")
    shown["1"].click("rf-give-up")  # Ann gives up on Bea's: −60, until Bea's reveal fails
    m.play("2", {"type": "reveal", "layout": Layout.empty(5).to_json(), "salt": "a" * 64})
    everyone_sees(shown)
    assert m.state.phase == "over"
    board = shown[None]
    cells = {
        (row.attr("data-seat"), cell.attr("data-round")): cell
        for row in board.find("rf-table")[0].children[1].children
        for cell in row.children
        if cell.tag == "td" and cell.attr("data-round")
    }
    assert "void" in (cells[("1", 1)].attr("class") or "") and "(void)" in text_of(cells[("1", 1)])
    assert "disqualified: reveal failed" in board.text
    assert "reveal failed: the layout and salt do not match the commitment" in board.text
    assert [li.attr("data-seat") for li in find_all(board.tree, lambda e: e.attr("data-place"))] == ["1", "2"]


def test_a_builder_counted_out_before_the_reveal_is_flagged_disqualified_beside_counted_out():
    """Her rounds read −60 and her total 0, under a badge that said only "counted out" (a player's pass at
    390 px): the total is the disqualification's (docs/rules/reflection.md), so the badge says both."""
    m, shown = built_match()
    shown["2"].place(m.layouts["1"])  # Bea solves Ann's puzzle
    shown["1"].click("rf-give-up")
    shown["1"].click("rf-give-up")  # Ann gives up on Bea's
    m.now += 1_000
    m.state, events = GAME.count_out(m.state, "2", m.now)  # Bea left before her reveal (reveal-out)
    m.events += events
    everyone_sees(shown)
    for page in shown.values():
        (row,) = find_all(page.tree, lambda e: e.tag == "tr" and e.attr("data-seat") == "2")
        (badge,) = find_all(row, lambda e: "rf-flag" in (e.attr("class") or ""))
        assert text_of(badge) == "counted out · disqualified", text_of(badge)
        (total,) = find_all(row, lambda e: "rf-total" in (e.attr("class") or ""))
        assert total.attr("data-score") == 0


def test_team_points_are_shown_in_random_mode():
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "teams": 2}, 3)
    shown = pages(m, "1", "2", "3")
    for seat in ("1", "2", "3"):
        shown[seat].place(m.state.sheets[0].solution)
    everyone_sees(shown)
    text = shown["1"].text
    assert "Team 1 · 80 points" in text and "Team 2 · 80 points" in text


def test_names_listed_in_a_line_follow_the_page_language():
    # "Ann (1) and Cal (3)" in an English sentence, "Ann（1）、Cal（3）" in a Japanese list: never the
    # English comma in Japanese text.
    names = {"1": "Ann", "2": "Bea", "3": "Cal"}
    due = {"type": "reveal_due", "seats": ["1", "2", "3"]}
    # A player's pass: "… must reveal their puzzles." (in Japanese "…はパズルを公開してください。", a request)
    # sent players looking for a button to press: their pages reveal by themselves. The line says what happens.
    assert BOARD.event_text(due, names) == "Revealing the puzzles of Ann\u00a0(1), Bea\u00a0(2) and Cal\u00a0(3)…"
    one = {"type": "reveal_due", "seats": ["2"]}
    assert BOARD.event_text(one, names) == "Revealing the puzzle of Bea\u00a0(2)…"
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "teams": 2}, 3)
    shown = pages(m, "1", "2", "3")
    for seat in ("1", "2", "3"):
        shown[seat].place(m.state.sheets[0].solution)
    everyone_sees(shown)
    with in_language("ja"):
        said = BOARD.event_text(due, names)
        assert "Ann\u2060（\u20601\u2060）、Bea\u2060（\u20602\u2060）\u2060とCal\u2060（\u20603\u2060）" in said
        assert said.endswith("のパズルを公開しています…"), said
        shown["1"].see()
        assert "Ann\u2060（\u20601\u2060）, " not in shown["1"].text


def test_the_points_table_puts_each_total_next_to_its_name():
    """The total comes right after the name, before the rounds: on a phone the rounds scroll in their box
    and the total stays in sight (docs/rules/reflection.md, "Playing with friends in the app", Solving)."""
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3, "teams": 2}, 3)
    shown = pages(m, "1", "2", "3")
    for seat in ("1", "2", "3"):
        shown[seat].place(m.state.sheets[0].solution)
    everyone_sees(shown)
    table = shown["1"].find("rf-table")[0]
    head, body = table.children
    assert [text_of(th) for th in head.children[0].children] == ["Player", "Total", "Round 1", "Round 2", "Round 3"]
    players = [row for row in body.children if row.attr("data-seat")]
    for row in players:
        assert "rf-total" in (row.children[1].attr("class") or ""), text_of(row)
    assert [text_of(row.children[1]) for row in players] == [
        str(shown["1"].ui.view["scores"][s]) for s in ("1", "2", "3")
    ]
    # The teams stand in a list of their own (test_a_team_race_s_standings_rank_the_teams_…).
    assert not [row for row in body.children if row.attr("data-team")]


def test_a_negative_score_is_written_with_a_minus_sign_everywhere():
    """The rounds' columns read "−60" (a minus sign), but the total, the players' list and the result
    panel read "-60" (a hyphen) on the same screen."""
    m, shown = built_match()
    shown["2"].place(m.layouts["1"])
    shown["1"].click("rf-give-up")
    shown["1"].click("rf-give-up")  # Ann gives up: −60
    everyone_sees(shown)
    ann = shown["1"]
    assert m.state.phase == "over" and ann.ui.view["scores"]["1"] == -60
    assert [text_of(e) for e in ann.find("rf-total")] == ["−60", "120"]
    assert [text_of(e) for e in ann.find("score")] == ["−60 points", "120 points"]
    result = {"ranking": [["2"], ["1"]], "scores": ann.ui.view["scores"], "reason": {"code": "reflection-most-points"}}
    assert "Ann\u00a0(1) · −60 points" in text_of(screen.result_panel(result, ann.table))


def test_a_round_waiting_for_its_puzzle_says_so_and_the_page_that_finished_last_sees_how():
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}, 2, prepared=False)
    ann = Page(m, "1")
    assert "Making the first puzzle…" in ann.text and ann.desk.task.kind == "rest"
    m.ready(count=1)
    ann.see()
    bea = Page(m, "2")
    ann.place(m.state.sheets[0].solution)
    bea.place(m.state.sheets[0].solution)
    ann.see()
    assert m.state.phase == "prepare" and "Making the next puzzle…" in ann.text
    m.ready(count=1)
    ann.see()
    assert ann.desk.task == ann.desk.task.__class__("solve", 2, 2)
    assert "Round 1 — solved in" in ann.text  # how the last round ended, under the new puzzle


def test_seat_facts_and_log_lines_say_what_happened_in_words():
    _m, shown = built_match()
    ann = shown["1"]
    assert BOARD.seat_facts(ann.ui.view, "1", ann.table) == ["solving"]
    names = {"1": "Ann", "2": "Bea"}
    assert BOARD.event_text({"type": "submitted", "seat": "2"}, names) == "Bea\u00a0(2) sent a puzzle."
    assert BOARD.event_text({"type": "solved", "seat": "1", "ms": 61_000, "points": 60}, names) == (
        "Ann\u00a0(1) solved it in 1:01: +60 points."
    )
    # A player's pass: beside "Ann (1) solved it in 1:01: +60 points." the log read "Ann (1): gave up, −20 points.",
    # an outcome's word after a colon: each ending is a sentence of the same shape, what they did, then the points.
    said = [
        BOARD.event_text({"type": kind, "seat": "1", "points": -20}, names)
        for kind in ("gave_up", "timeout", "abandoned")
    ]
    assert said == [
        "Ann\u00a0(1) gave up: −20 points.",
        "Ann\u00a0(1) ran out of time: −20 points.",
        "Ann\u00a0(1) abandoned it: −20 points.",
    ]
    assert "disqualified" in BOARD.event_text({"type": "reveal_failed", "seat": "1", "why": "x"}, names)
    assert BOARD.event_text({"type": "clock", "round": 1, "started_ms": 5}, names) is None


def test_the_final_results_open_on_the_points_table_not_on_the_last_rounds_finish_order():
    """On a phone the ranking panel comes after the boards: under "Final results" the last round's
    finish order read as the final ranking (its first line was not the winner's)."""
    m, shown = built_match(3)
    shown["3"].place(m.layouts["1"])  # round 1: Cal first, then Ann, then Bea
    shown["1"].place(m.layouts["2"])
    shown["2"].place(m.layouts["3"])
    everyone_sees(shown)
    for seat, builder in (("2", "1"), ("3", "2"), ("1", "3")):  # round 2: Bea first
        shown[seat].place(m.layouts[builder])
        everyone_sees(shown)
    everyone_sees(shown)
    assert m.state.phase == "over"
    for page in shown.values():
        # (The board's note regions, empty and visually hidden, aside: they are drawn while nothing is noted.)
        shown_ = [e for e in page.find("rf-match")[0].children if isinstance(e, type(page.tree))]
        sections = [e for e in shown_ if e.attr("class") != "visually-hidden"]
        assert [str(e.attr("class")) for e in sections[:2]] == ["rf-banner", "rf-scores"]
        assert "Final results" in text_of(sections[0]) and "finish order" not in page.text
        assert not page.find("rf-race")
        # The final points table is the ranking: the result's order, not the seats' (Cal won here).
        ranking = [s for place in page.view()["result"]["ranking"] for s in place]
        rows = find_all(sections[1], lambda e: e.tag == "tr" and e.attr("data-seat") is not None)
        assert [r.attr("data-seat") for r in rows] == ranking and ranking != sorted(ranking), ranking


def test_in_japanese_a_number_not_matched_is_read_with_no_half_width_space():
    """The cell read-out joined "（不一致）" to its number with a half-width space ("左4 緑の5 （不一致）"),
    against the catalogue's rule for Japanese (docs/i18n.md)."""
    _m, shown = built_match()
    ann = shown["1"]  # solving Bea's puzzle on an empty board: numbers do not match
    with in_language("ja"):
        ann.key("ArrowRight")
        said = text_of(find_all(ann.tree, lambda e: e.attr("id") == "rf-cursor-text")[0])
    assert "（不一致）" in said and " （" not in said, said


# A half-width space beside Japanese text, full-width punctuation included (docs/i18n.md).
_SPACE_BY_JAPANESE = re.compile(
    "[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef] | (?=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])"
)


def test_the_race_and_the_points_table_write_their_separators_in_the_page_s_language():
    """The finish order joined "Ann（1）" and " · " with half-width spaces, and the points table its
    cell's parts with them ("−60 ギブアップ （無効）"): the joins are the catalogue's, English unchanged."""

    def shown_texts(lang: str) -> tuple[list[str], list[str]]:
        with in_language(lang):
            m, shown = built_match(3)
            shown["2"].place(m.layouts["3"])  # Bea solves Cal's puzzle
            shown["1"].click("rf-give-up")
            shown["1"].click("rf-give-up")  # Ann gives up on Bea's
            everyone_sees(shown)
            race = [text_of(li) for r in shown[None].find("rf-race") for li in find_all(r, lambda e: e.tag == "li")]
            m2, shown2 = built_match()
            shown2["2"].place(m2.layouts["1"])
            shown2["1"].click("rf-give-up")
            shown2["1"].click("rf-give-up")
            m2.play("2", {"type": "reveal", "layout": Layout.empty(5).to_json(), "salt": "a" * 64})
            everyone_sees(shown2)
            cells = [text_of(td) for t in shown2[None].find("rf-table") for td in find_all(t, lambda e: e.tag == "td")]
            return race, cells

    race, cells = shown_texts("en")
    assert race[0].startswith("Bea\u00a0(2) · 0:0") and race[1] == "Ann\u00a0(1) · gave up · −20", race
    assert "−60 gave up (void)" in cells and any(c.startswith("+120 0:0") for c in cells), cells
    race, cells = shown_texts("ja")
    assert len(race) == 2 and "−60ギブアップ（無効）" in cells, (race, cells)
    spaced = [t for t in race + cells if _SPACE_BY_JAPANESE.search(t)]
    assert not spaced, spaced


def test_the_note_with_no_board_is_said_again_too():
    """With no board drawn (a resting page, a match stopped), the board's note stands alone in
    ``reveal_status``: a role=alert line of its own, which said the same note once. It is the board's
    pair of regions, by the same count."""
    table = Table("reflection", SEATS[:2], frozenset(("2",)))
    note = {"code": "rf-watching", "params": {}}
    drawn = [
        regions(h("div", {}, reveal_status(Desk(note=dict(note), refusals=n), {"phase": "done"}, table)))
        for n in (1, 2, 3)
    ]
    assert said_in_turns(drawn, "rf-alert")


def test_send_and_submit_refused_bring_their_line_into_the_window():
    """QA55: at 1280×800, with the board in view (where Start put focus), Send and Submit sit at the
    window's foot and their refusal ("Place every tile first", "The clues that differ") was drawn under
    them, half below the window. The page now brings the line into sight, as the solo board does a hint's."""
    m = Match(BUILT, 2)
    ann = Page(m, "1")
    reply = BOARD.update(ann.desk, ann.view(), "1", ann.table, UiEvent("click", "rf-send", {}, now_ms=m.now))
    assert reply.local.note["code"] == "rf-place-all" and ShowInWindow(".match-main .rf-said") in reply.effects
    m, shown = built_match()
    bea = shown["2"]
    first = sorted(m.layouts["1"].tiles().items())[0]
    bea.click("tray", kind=KINDS[first[1]])
    bea.click("cell", r=first[0][0], c=first[0][1])
    reply = BOARD.update(bea.desk, bea.view(), "2", bea.table, UiEvent("click", "rf-submit", {}, now_ms=m.now))
    assert reply.local.note["code"] == "rf-differ" and ShowInWindow(".match-main .rf-said") in reply.effects


def finished(players: int, **options) -> Match:
    """A random race of ``players`` over three rounds, played to its end: each round solved by every seat in the
    order of their numbers, a second apart (so seat 1 has the most points, and each seat after it fewer)."""
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3, **options}, players)
    while GAME.result(m.state) is None:
        for seat in sorted(GAME.active(m.state)):
            m.solve(seat)
        m.ready()
    return m


def test_a_finished_race_s_seat_cards_say_each_player_s_place_as_a_finished_raythread_match_s_do():
    """A finished race's seat cards kept an empty second line (its phase's facts are over): each card says its
    seat's place in the final standings, beside its points, as a finished Raythread match's cards do (one wording,
    ``ui.match.place_words``): six places in a race of six, a team's players sharing their team's place."""
    seats = tuple(SeatAt(str(n), name, "") for n, name in enumerate(("Ann", "Bea", "Cal", "Dot", "Eve", "Fay"), 1))
    m = finished(6)
    view = GAME.view(m.state, "1")
    table = Table("reflection", seats, frozenset(("1",)))
    ranking = GAME.result(m.state).ranking
    assert [len(tied) for tied in ranking] == [1] * 6, ranking
    ordinal = ("1st place", "2nd place", "3rd place", "4th place", "5th place", "6th place")
    for n, (seat,) in enumerate(ranking):
        assert BOARD.seat_facts(view, seat, table) == [ordinal[n]], seat
    with in_language("ja"):
        assert [BOARD.seat_facts(view, seat, table) for (seat,) in ranking] == [[f"{n}位"] for n in range(1, 7)]
    teams = finished(4, teams=2)
    view = GAME.view(teams.state, "1")
    table = Table("reflection", seats[:4], frozenset(("1",)))
    ranking = GAME.result(teams.state).ranking
    assert [len(tied) for tied in ranking] == [2, 2], ranking
    for n, tied in enumerate(ranking):
        for seat in tied:
            assert BOARD.seat_facts(view, seat, table) == [ordinal[2 * n]], seat


def test_a_round_s_line_reads_as_one_sentence_with_one_colon_at_most_in_both_languages():
    """ "Round 1: Solved in 0:04: +40 points." had two colons, the second after a time that has one of its own
    (and "ラウンド1：0:04で正解：+40点。" the same): the line names the round, then how it ended and its points,
    as one sentence ("Round 1 — solved in 0:04, +40 points."). So does the line of the puzzle just ended."""
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}, 2)
    ann, bea = Page(m, "1"), Page(m, "2")
    ann.place(m.state.sheets[0].solution)
    ann.see()
    assert [text_of(e) for e in ann.find("rf-finished")] == ["Solved in 0:01, +40 points."]
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    m.ready()
    for page in (ann, bea):
        page.see()
    assert [text_of(e) for e in ann.find("rf-last")] == ["Round 1 — solved in 0:01, +40 points."]
    assert [text_of(e) for e in bea.find("rf-last")] == ["Round 1 — you gave up, −20 points."]
    with in_language("ja"):
        for page in (ann, bea):
            page.see()
        assert [text_of(e) for e in ann.find("rf-last")] == ["ラウンド1は0:01で正解、+40点。"]
        assert [text_of(e) for e in bea.find("rf-last")] == ["ラウンド1はギブアップ、−20点。"]


def teams_race(order: tuple[str, ...], rounds: int = 3) -> Match:
    """A random race of four in two teams (seats 1 and 3, 2 and 4), each round solved in ``order``, a second apart."""
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": rounds, "teams": 2}, 4)
    while GAME.result(m.state) is None:
        for seat in order:
            m.solve(seat)
        m.ready()
    return m


FOUR = tuple(SeatAt(str(n), name, "") for n, name in enumerate(("Ann", "Bea", "Cal", "Dot"), 1))


def team_rows(view: dict, table: Table) -> list[tuple[str, str, list[str]]]:
    """The team standings as a page shows them: each team's place and label, its points, its players' points."""
    board = BOARD.render(Desk(), view, view.get("you"), table)
    (section,) = find_all(board, lambda e: "rf-teams" in str(e.attr("class") or "").split())
    rows = find_all(section, lambda e: e.tag == "li" and e.attr("data-team"))
    out = []
    for row in rows:
        (members,) = find_all(row, lambda e: e.tag == "ul")
        head = text_of(row)[: -len(text_of(members))].strip()
        out.append((head, [text_of(li) for li in members.children]))
    return out


def test_a_team_race_s_standings_rank_the_teams_by_their_points_with_each_player_s_under_it():
    """A player's pass: a team race ended on the players in team order with their own points and no team's
    points anywhere. The teams stand ranked by their points (the average of their players' totals, the rules'
    team score), the winning team says so, each team's players with their own points under it; during the race
    the same list gives each team's running points."""
    m = teams_race(("4", "3", "2", "1"))  # Dot 120, Cal 90, Bea 60, Ann 30: team 2 (Bea, Dot) 90, team 1 60
    table = Table("reflection", FOUR, frozenset(("1",)))
    view = json.loads(dumps(GAME.view(m.state, "1")))
    assert team_rows(view, table) == [
        ("1. Team 2 · 90 points · wins", ["Bea\u00a0(2) · 60", "Dot\u00a0(4) · 120"]),
        ("2. Team 1 · 60 points", ["Ann\u00a0(1) · 30", "Cal\u00a0(3) · 90"]),
    ]
    # The points table lists the players alone: the teams have their own list.
    board = BOARD.render(Desk(), view, "1", table)
    (points,) = find_all(board, lambda e: "rf-scores" in str(e.attr("class") or "").split())
    assert not find_all(points, lambda e: e.attr("data-team"))
    with in_language("ja"):
        bea, dot = "Bea\u2060（\u20602\u2060）", "Dot\u2060（\u20604\u2060）"
        assert team_rows(view, table)[0] == ("1. チーム2・90点・勝利", [f"{bea}・60", f"{dot}・120"])
    # During the race: each team's running points, and nobody has won yet.
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3, "teams": 2}, 4)
    for seat in ("4", "3", "2", "1"):
        m.solve(seat)  # round 1: Dot 40, Cal 30, Bea 20, Ann 10
    m.ready()
    view = json.loads(dumps(GAME.view(m.state, "1")))
    assert view["phase"] == "solve" and view["round"] == 2
    assert team_rows(view, table) == [
        ("1. Team 2 · 30 points", ["Bea\u00a0(2) · 20", "Dot\u00a0(4) · 40"]),
        ("2. Team 1 · 20 points", ["Ann\u00a0(1) · 10", "Cal\u00a0(3) · 30"]),
    ]


def test_teams_on_equal_points_share_their_place_and_neither_wins():
    """Two teams on the same points share the place, as the rules rank them (a shared first place is a draw):
    both stand first, in team order, and the list says it is a draw instead of naming a winner. A team's points
    are an average: a team of two on 25 points each and a team of one on 25 tie (a team of three players in
    two teams is one of two and one of one)."""
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 1, "teams": 2}, 3)
    for seat in ("1", "2", "3"):
        m.play(seat, {"type": "give_up", "round": 1})
    table = Table("reflection", SEATS, frozenset(("1",)))
    view = json.loads(dumps(GAME.view(m.state, "1")))
    assert view["phase"] == "over"
    assert team_rows(view, table) == [
        ("1. Team 1 · −40 points · draw", ["Ann\u00a0(1) · −40", "Cal\u00a0(3) · −40"]),
        ("1. Team 2 · −40 points · draw", ["Bea\u00a0(2) · −40"]),
    ]


def test_a_team_s_points_keep_their_fraction_when_its_players_total_an_odd_sum():
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3, "teams": 2}, 3)
    for seat in ("1", "2"):
        m.solve(seat)
    m.play("3", {"type": "give_up", "round": 1})  # Ann 40, Bea 26, Cal −13: team 1 (Ann, Cal) 13.5
    m.ready()
    table = Table("reflection", SEATS, frozenset(("1",)))
    rows = team_rows(json.loads(dumps(GAME.view(m.state, "1"))), table)
    assert [head for head, _members in rows] == ["1. Team 2 · 26 points", "2. Team 1 · 13.5 points"]


def final_screen(m: Match, table: Table) -> tuple[str, list[tuple[str, list[str]]]]:
    """A finished race as the shared match screen shows it to seat 1: the status line, and the final standings'
    rows (each row's words, with the words of the rows listed under it)."""
    ui = screen.start("reflection", BOARD, json.loads(dumps(GAME.view(m.state, "1"))), table, {})
    (panel,) = find_all(screen.render(ui, table), lambda e: "match-result" in str(e.attr("class") or "").split())
    (ranking,) = find_all(panel, lambda e: "ranking" in str(e.attr("class") or "").split())
    rows = []
    for row in ranking.children:
        under = find_all(row, lambda e: e.tag == "ul")
        inner = [text_of(li) for ul in under for li in ul.children]
        rows.append((re.sub(r"\s+", " ", text_of(row)[: len(text_of(row)) - len("".join(inner))]).strip(), inner))
    return screen.status(ui, table), rows


def test_a_team_race_s_headline_and_final_standings_name_the_teams():
    """A player's pass: a team race's status said "Bea (2) and Dot (4) win!" where a team won, and "A draw between
    Ann (1), Bea (2) and Cal (3)." where the teams drew; the final standings beside it listed the players. The
    headline names the teams, and the final standings rank the teams as the running standings do (by their
    points, the average of their players' totals), each team's players under it with their own totals."""
    table = Table("reflection", FOUR, frozenset(("1",)))
    won = teams_race(("4", "3", "2", "1"))  # team 2 (Bea 60, Dot 120) 90, team 1 (Ann 30, Cal 90) 60
    status, rows = final_screen(won, table)
    assert status == "Team 2 wins!"
    assert rows == [
        ("1. Team 2 · 90 points", ["Bea\u00a0(2) · 60", "Dot\u00a0(4) · 120"]),
        ("2. Team 1 · 60 points", ["Ann\u00a0(1) · 30", "Cal\u00a0(3) · 90"]),
    ]
    drawn = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 1, "teams": 2}, 3)
    for seat in ("1", "2", "3"):
        drawn.play(seat, {"type": "give_up", "round": 1})
    status, rows = final_screen(drawn, Table("reflection", SEATS, frozenset(("1",))))
    assert status == "A draw between Team 1 and Team 2."
    assert [row for row, _players in rows] == ["1. Team 1 · −40 points", "1. Team 2 · −40 points"]
    with in_language("ja"):
        assert final_screen(won, table)[0] == "チーム2の勝ち！"
        status, rows = final_screen(drawn, Table("reflection", SEATS, frozenset(("1",))))
        assert status == "チーム1\u2060とチーム2の引き分け。"
        assert rows[0] == ("1. チーム1・−40点", ["Ann\u2060（\u20601\u2060）・−40", "Cal\u2060（\u20603\u2060）・−40"])


def test_a_race_without_teams_keeps_the_match_screen_s_own_headline_and_standings():
    m = Match({"preset": "custom", "size": 4, "tiles": 3, "rounds": 1}, 3)
    for seat in ("2", "1", "3"):
        m.solve(seat)
    m.ready()
    status, rows = final_screen(m, Table("reflection", SEATS, frozenset(("1",))))
    assert status == "Bea\u00a0(2) wins!"
    assert [players for _row, players in rows] == [[], [], []]
    assert [row.split(" · ")[0] for row, _players in rows] == ["1. Bea (2)", "2. Ann (1)", "3. Cal (3)"]


GONE = object()


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("team_scores", ["90", 60.0], "'team_scores[0]' must be a number"),
        ("team_scores", [float("nan"), 60.0], "'team_scores[0]' must be between"),
        ("team_scores", [float("inf"), 60.0], "'team_scores[0]' must be between"),  # "1e400" on the wire
        ("team_scores", [90.0], "'team_scores' must give the points of each of the 2 teams (it gives 1)"),
        ("team_scores", [90.0, 60.0, 10.0], "'team_scores' must give the points of each of the 2 teams (it gives 3)"),
        ("team_scores", [], "'team_scores' must give the points of each of the 2 teams (it gives 0)"),
        ("team_scores", {"1": 90.0}, "'team_scores' must be a list"),
        ("team_scores", GONE, "'team_scores' is missing"),
        ("teams", GONE, "'teams' is missing"),
        ("teams", [["1", "2"], ["3", "4"]], "'teams' are not the teams the match's options deal"),
        ("teams", [["1", "3"], ["2", "4"], []], "'teams' are not the teams the match's options deal"),
        ("teams", [["1", "3", "1"], ["2", "4"]], "'teams[0]' holds the same value twice"),
    ],
)
def test_a_host_s_malformed_team_points_are_refused_where_a_guest_reads_the_view(key, value, said):
    """The team standings read the teams' points of a view a guest's page got from the host (``float`` of each,
    one for each team). What the page could not show right (text, NaN, infinity, a list of the wrong length or
    none, teams other than those the options deal) is refused where the page reads the view (``check_view``, as
    ``lobby.client.checked`` calls it: the page keeps what it had), with a reason naming the field; a list of the
    wrong length had been shown as no teams at all, teams other than the options' as the host's word."""
    m = teams_race(("4", "3", "2", "1"))
    view = json.loads(dumps(GAME.view(m.state, "1")))
    GAME.check_view(view, "1", ())
    spoiled = {k: v for k, v in view.items() if k != key} | ({} if value is GONE else {key: value})
    with pytest.raises(BadMessage) as refused:
        GAME.check_view(spoiled, "1", ())
    assert said in str(refused.value) and "{" not in str(refused.value)


def test_every_team_s_points_the_check_lets_through_are_shown():
    """Whole or not, negative, as large as the check allows: each team's points read once checked."""
    m = teams_race(("4", "3", "2", "1"))
    table = Table("reflection", FOUR, frozenset(("1",)))
    view = json.loads(dumps(GAME.view(m.state, "1")))
    for points in ([90, 60], [-0.5, 2**31], [0, 0.0]):
        shown = view | {"team_scores": points}
        GAME.check_view(shown, "1", ())
        assert len(team_rows(shown, table)) == 2
        assert len(final_screen_of(shown, table)) == 2


def final_screen_of(view: dict, table: Table) -> list:
    ui = screen.start("reflection", BOARD, view, table, {})
    (panel,) = find_all(screen.render(ui, table), lambda e: "match-result" in str(e.attr("class") or "").split())
    return find_all(panel, lambda e: e.attr("data-team") is not None)


def test_a_race_s_seat_cards_say_each_player_s_part_where_everyone_plays_at_once_not_to_play():
    """Every card of a race's build wore the "to play" tab (everyone builds at once), over its own "building":
    read as if each player waited for a turn. In a phase everyone plays at once the cards of those still at it
    are framed, and their line says their part ("building", "solving"); the ones done say what they did ("sent",
    "solved in 0:01"). No card says "to play"."""

    def cards(page: Page) -> dict[str, str]:
        return {str(li.attr("data-seat")): text_of(li) for li in page.find("match-seat")}

    def framed(page: Page) -> list[str]:
        return [str(li.attr("data-seat")) for li in page.find("match-seat") if "turn" in str(li.attr("class"))]

    m = Match(BUILT, 3)
    shown = pages(m, *m.seats, None)
    for page in shown.values():
        assert not page.find("turn-badge"), cards(page)
        assert all(text.endswith("building") for text in cards(page).values()), cards(page)
    m.layouts["1"] = built_layout(m.state, 1)
    shown["1"].place(m.layouts["1"])
    shown["1"].click("rf-send")
    everyone_sees(shown)
    bea = shown["2"]
    assert not bea.find("turn-badge") and framed(bea) == ["2", "3"]
    assert cards(bea)["1"].endswith("sent") and cards(bea)["2"].endswith("building")
    for seat in ("2", "3"):
        m.layouts[seat] = built_layout(m.state, int(seat))
        shown[seat].place(m.layouts[seat])
        shown[seat].click("rf-send")
        everyone_sees(shown)
    assert m.state.phase == "solve"
    shown["1"].place(m.layouts["2"])
    everyone_sees(shown)
    for page in shown.values():
        assert not page.find("turn-badge"), cards(page)
        assert framed(page) == ["2", "3"] and "solved in 0:" in cards(page)["1"]
        assert cards(page)["2"].endswith("solving")
