"""Raythread Rally's match controls: every target, preview and refusal comes from the rules engine."""

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import i18n
from gamenight.core.errors import BadMessage
from gamenight.core.game import JSON
from gamenight.raythread import GAME, controls, rules, scene
from gamenight.raythread.controls import BOARD, SHOW_HINT, Ui
from gamenight.ui import match
from gamenight.ui.match import Reply, SeatAt, Table
from gamenight.ui.program import ShowInWindow, UiEvent
from gamenight.ui.svg import Element, find_all, render, text_of
from tests.unit.alerts import heard, regions, said_in_turns
from tests.unit.words import in_language

from .helpers import position, tile


def played(seed: int, moves: int, seats=("A", "B", "C", "D")) -> rules.State:
    """A position after ``moves`` random legal moves of a seeded match."""
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 28}), seats, seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.ended:
            break
        seat = state.seats[state.turn]
        state, _ = rules.play(state, seat, chooser.choice(rules.legal(state, seat)))
    return state


def said(note) -> str:
    """A board's note as the player reads it."""
    return i18n.describe(note["code"], note["params"])


TABLE = Table("raythread", (SeatAt("A", "Ann", "amber"), SeatAt("C", "Cy", "magenta")), frozenset("AC"))
WATCHING = Table("raythread", TABLE.seats, frozenset())


def update(ui, view, seat, event, table=TABLE):
    """The board's new state and its move, from an answer with effects for the page or without."""
    answer = BOARD.update(ui, view, seat, table, event)
    return (answer.local, answer.move) if isinstance(answer, Reply) else answer


def click(ui, view, seat, action, table=TABLE, **data):
    return update(ui, view, seat, UiEvent("click", action, {k: str(v) for k, v in data.items()}), table)


def key(ui, view, seat, name):
    return update(ui, view, seat, UiEvent("keydown", "board", {}, key=name))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_a_view_turned_back_into_a_state_plays_like_the_match(seed, moves):
    state = played(seed, moves)
    view = rules.view(state, "B")
    again = rules.from_view(view)
    assert rules.view(again, "B") == view
    if not state.ended:
        seat = state.seats[state.turn]
        assert rules.legal(again, seat) == rules.legal(state, seat)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_the_targets_are_the_legal_placements_and_the_preview_is_the_engines_move(seed, moves):
    state = played(seed, moves)
    if state.ended:
        return
    seat = state.seats[state.turn]
    view = rules.view(state, seat)
    ui = BOARD.start(view, None)
    legal = rules.legal(state, seat)
    for kind in rules.KINDS:
        expected = {tuple(m["cell"]) for m in legal if m["type"] == "place" and m["tile"] == kind}
        chosen, _ = click(ui, view, seat, "rt-hand", kind=kind)
        assert BOARD.targets(chosen) == (expected if chosen.chosen else set())
    move = random.Random(seed).choice([m for m in legal if m["type"] == "place"])
    ui, _ = click(ui, view, seat, "rt-hand", kind=move["tile"])
    ui, _ = click(ui, view, seat, "rt-orient", orient=move["orient"])
    r, c = move["cell"]
    ui, sent = update(ui, view, seat, UiEvent("pointerover", "rt-cell", {"r": str(r), "c": str(c)}))
    assert sent is None
    previewed, after = BOARD.previewed(ui, seat)
    assert previewed == move
    engine, _ = rules.play(state, seat, move)
    expected = rules.view(engine, seat)
    for part in ("beams", "beacons", "scores", "tiles", "turn"):
        assert after[part] == expected[part], part
    _, sent = click(ui, view, seat, "rt-cell", r=r, c=c)
    assert sent == move


def test_a_refused_placement_gives_the_rules_reason_and_sends_nothing():
    state = position({(1, 5): 2}, [tile((4, 4), "/", owner="C")])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    ui, _ = click(ui, view, "A", "rt-hand", kind="mirror")
    for cell, reason in (((1, 5), "that cell holds a beacon"), ((4, 4), "that cell already holds a tile")):
        refused, sent = click(ui, view, "A", "rt-cell", r=cell[0], c=cell[1])
        assert sent is None
        assert refused.note is not None and reason in said(refused.note)
    ui_c, _ = click(BOARD.start(view, None), view, "A", "rt-cell", r=4, c=4)
    assert said(ui_c.note) == "Only its owner may turn that tile.", "another seat's tile does not turn"


def test_turning_one_of_your_tiles_is_previewed_then_confirmed():
    state = position({(1, 5): 2}, [tile((3, 5), "\\", owner="A"), tile((6, 6), "/", owner="A", rotated=True)])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    ui, sent = click(ui, view, "A", "rt-cell", r=3, c=5)
    assert sent is None and ui.turning == (3, 5)
    _, after = BOARD.previewed(ui, "A")
    assert after["beacons"][0]["claimers"] == ["A"], "the turned mirror sends A's beam into the 2"
    ui2, sent = click(ui, view, "A", "rt-cell", r=3, c=5)
    assert sent == {"type": "rotate", "cell": [3, 5]} and ui2.turning is None
    refused, sent = click(BOARD.start(view, None), view, "A", "rt-cell", r=6, c=6)
    assert sent is None and said(refused.note) == "That tile has turned once already."


def test_after_a_move_the_keyboard_cursor_is_on_its_tile():
    """The cursor went back to the centre (the 4 beacon, where no tile goes) after every move: a keyboard
    player walked back from there each turn, and after the other player's (or the computer's) move read
    a beacon instead of the tile just played. It stands on the tile the move placed or turned."""
    state = position({(1, 5): 2}, [])
    before = rules.view(state, "A")
    after_state, _ = rules.play(state, "A", {"type": "place", "tile": "mirror", "cell": [7, 2], "orient": "/"})
    ui = BOARD.start(rules.view(after_state, "C"), before)
    assert ui.cursor == (7, 2)
    # This made-up board has no beacon in the middle: the cursor starts there, on the cell nearest the centre.
    assert BOARD.start(before, None).cursor == (5, 5), "a new match starts in the middle"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", range(rules.MIN_SIZE, rules.MAX_SIZE + 1, 2))
def test_a_new_match_starts_the_keyboard_cursor_on_a_cell_a_tile_may_go_to(size, players):
    """It started on the centre, which is always a beacon: Enter there, with a tile chosen, only said "That cell
    holds a beacon." It starts on the cell just above the centre (the nearest cell a tile may go to, the first
    in reading order), on every board size and player count, whatever the seed's beacons."""
    seats = GAME.seat_ids(players)
    for seed in range(6):
        state = GAME.setup(GAME.options({"size": size}), seats, seed)
        view = rules.view(state, "A")
        ui = BOARD.start(view, None)
        centre = size // 2
        assert ui.cursor == (centre - 1, centre), (size, players, seed)
        places = {tuple(m["cell"]) for m in rules.legal(state, "A") if m["type"] == "place"}
        assert ui.cursor in places
        # Enter with a tile chosen places it there.
        kind = next(k for k, n in zip(rules.KINDS, state.hands[0], strict=True) if n)
        chosen, _ = key(ui, view, "A", str(rules.KINDS.index(kind) + 1))
        _, sent = key(chosen, view, "A", "Enter")
        assert sent == {"type": "place", "tile": kind, "cell": [centre - 1, centre], "orient": "/"}


def test_a_whole_move_by_keyboard():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    assert ui.cursor == (5, 5)
    ui, _ = key(ui, view, "A", "1")
    assert ui.chosen == "mirror"
    ui, _ = key(ui, view, "A", "/")
    for arrow in ("ArrowUp", "ArrowUp", "ArrowLeft", "ArrowRight", "ArrowLeft"):
        ui, sent = key(ui, view, "A", arrow)
        assert sent is None
    assert ui.cursor == (3, 4) and ui.aim == (3, 4)
    ui, _ = key(ui, view, "A", "ArrowRight")
    escaped, _ = key(ui, view, "A", "Escape")
    assert escaped.chosen is None
    _, sent = key(ui, view, "A", "Enter")
    assert sent == {"type": "place", "tile": "mirror", "cell": [3, 5], "orient": "/"}
    # Keys pressed on a button belong to that button, not to the board.
    same, sent = update(ui, view, "A", UiEvent("keydown", "table-undo", {}, key="Enter"))
    assert same is ui and sent is None


def test_a_keyboard_player_hears_each_step_once():
    """What a screen reader hears as a keyboard player chooses a tile, moves over cells, turns it and lets
    it go: one short line at each step, in a region drawn empty before. The hint under the hand was the
    polite region, drawn with its first words (not heard), and read whole at every cell the cursor
    previewed: the outcome and "… Tap or click the cell to place the tile. Or press Enter …" again and
    again. Now the tile chosen is named, the way to place it is said once (at the first preview), each
    further cell says only what the move there would claim, and Escape says the first step again."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    drawings = [BOARD.render(ui, view, "A", TABLE)]
    steps = ("1", "ArrowUp", "ArrowUp", "ArrowLeft", "o", "Escape")
    for name in steps:
        ui, sent = key(ui, view, "A", name)
        assert sent is None
        drawings.append(BOARD.render(ui, view, "A", TABLE))
    lines = heard(drawings)
    assert len(lines) == len(steps), lines
    assert lines[0].startswith("Mirror, slash /, chosen."), lines[0]
    assert sum("press enter to place" in line.lower() for line in lines[1:]) == 1, lines
    assert lines[2].startswith("A mirror, slash /, at row 4, column 6: claims"), lines[2]
    assert "Enter" not in lines[2] + lines[3] + lines[4], "the way to place it said again at each cell"
    assert lines[4].startswith("A mirror, backslash \\, at row 4, column 5"), lines[4]
    assert lines[5].startswith("Choose a tile from your hand"), lines[5]
    # Off the highlighted cells (over the beacon at row 2, column 6) and on: the way to place is not said
    # again (it was, a player's pass in Japanese found, at each highlighted cell after one that was not).
    for name in ("1", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "Escape"):
        ui, _ = key(ui, view, "A", name)
        drawings.append(BOARD.render(ui, view, "A", TABLE))
    again = heard(drawings)[len(steps) :]
    # (A keyboard's: the way to place it by keys, not "Tap or click the cell to place".)
    assert sum("Press Enter to place the tile" in line for line in again) == 1, again
    assert len(again) == 5, again  # the beacon's cell, no preview there, says nothing (the cell says itself)
    so_far = len(heard(drawings))
    # The move made says nothing on the board (the match's news says it): the region empties.
    for name in ("1", "Enter"):
        ui, sent = key(ui, view, "A", name)
        drawings.append(BOARD.render(ui, view, "A", TABLE))
    assert sent is not None and [line[:28] for line in heard(drawings)[so_far:]] == ["Mirror, backslash \\, chosen."]


def test_a_refusal_is_said_in_a_region_drawn_before_it():
    """The refusal's alert regions came into the page with the refusal's words: a region a screen reader
    did not know, whose words it may not announce. They are drawn, empty, from the start."""
    view = rules.view(position({(1, 5): 2}, []), "A")
    ui = BOARD.start(view, None)
    drawings = [BOARD.render(ui, view, "A", TABLE)]
    ui, _ = click(ui, view, "A", "rt-cell", r=4, c=4)
    drawings.append(BOARD.render(ui, view, "A", TABLE))
    assert heard(drawings) == [said(ui.note)]


def test_watching_or_waiting_never_makes_a_move():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "C")
    ui = BOARD.start(view, None)
    for action, data in (("rt-hand", {"kind": "mirror"}), ("rt-cell", {"r": 3, "c": 3})):
        waiting, sent = click(ui, view, None, action, **data)
        assert sent is None and said(waiting.note) == "Wait for your turn."
        watching, sent = click(ui, view, None, action, WATCHING, **data)
        assert sent is None and said(watching.note) == "You are watching: only the players move."


def test_a_spectator_or_a_waiting_player_reads_the_board_with_the_arrow_keys():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "C")
    for seat, table in ((None, TABLE), (None, WATCHING)):
        ui = BOARD.start(view, None)
        for arrow in ("ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp"):
            ui, sent = key(ui, view, seat, arrow)
            assert sent is None
        board = find_all(BOARD.render(ui, view, seat, table), lambda e: e.attr("id") == "rt-board")[0]
        assert board.attr("aria-activedescendant") == "rt-c1-5"
        cell = find_all(board, lambda e: e.attr("id") == "rt-c1-5")[0]
        assert "beacon" in str(cell.attr("aria-label")), "the cell under the cursor is named"


def test_only_a_player_who_can_act_now_gets_the_pointer_cue_on_cells():
    """A player's pass: every cell of the board showed a pointer (css/app.css ``.rt-cell > rect``) to a
    spectator and to a player whose turn it is not, though a click there only says "Wait for your turn".
    The board marks itself ``rt-pick`` only for the page that may move now (not on a final board), and
    the stylesheet gives the pointer to its cells alone."""
    from pathlib import Path

    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)

    def picks(seat, table) -> bool:
        board = find_all(BOARD.render(ui, view, seat, table), lambda e: e.attr("id") == "rt-board")[0]
        return "rt-pick" in str(board.attr("class")).split()

    assert picks("A", TABLE), "the player to move"
    assert not picks(None, TABLE), "a player whose turn it is not"
    assert not picks(None, WATCHING), "a spectator"
    assert not picks("A", replace(TABLE, stopped=True)) and not picks("A", replace(TABLE, offline=True))
    css = (Path(__file__).parents[3] / "css" / "app.css").read_text()
    pointed = [line for line in css.splitlines() if ".rt-cell" in line and "cursor: pointer" in line]
    assert pointed and all(line.startswith(".rt-pick .rt-cell") for line in pointed), pointed


def test_touch_previews_on_the_first_tap_and_places_on_the_second():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="prism")
    tap = UiEvent("click", "rt-cell", {"r": "3", "c": "5"}, pointer="touch")
    ui, sent = update(ui, view, "A", tap)
    assert sent is None and ui.aim == (3, 5)
    _, sent = update(ui, view, "A", tap)
    assert sent == {"type": "place", "tile": "prism", "cell": [3, 5], "orient": "/"}


def test_a_tile_chosen_and_the_first_tap_s_preview_bring_the_hint_into_the_window():
    """A player's pass at 320 × 640: after the first tap on a cell (the preview), the hint that says to tap it
    again to place stood under the hand, below the window: the player saw the beams and no next step. The
    tap that previews asks the page to show the hint (by as little as it takes: nothing where it is in sight),
    as does the tile chosen from the hand (under the board: the page moves while the finger is off the board,
    and the tap's own scroll is then at most the hint's growth). A mouse's click places at once (no preview to
    explain), and the second tap places: neither asks."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    chosen = BOARD.update(ui, view, "A", TABLE, UiEvent("click", "rt-hand", {"kind": "prism"}, pointer="touch"))
    assert isinstance(chosen, Reply) and chosen.effects == (SHOW_HINT,) and chosen.local.chosen == "prism", chosen
    # Whose turn stays in sight with the hint where both fit.
    assert SHOW_HINT.selector == ".rt-hint" and SHOW_HINT.keep == ".match-status"
    tap = UiEvent("click", "rt-cell", {"r": "3", "c": "5"}, pointer="touch")
    first = BOARD.update(chosen.local, view, "A", TABLE, tap)
    assert isinstance(first, Reply) and first.effects == (SHOW_HINT,) and first.move is None, first
    assert first.local.tapped == (3, 5)
    second = BOARD.update(first.local, view, "A", TABLE, tap)
    assert not isinstance(second, Reply) and second[1] is not None, second
    clicked = BOARD.update(
        chosen.local, view, "A", TABLE, UiEvent("click", "rt-cell", {"r": "3", "c": "5"}, pointer="mouse")
    )
    assert not isinstance(clicked, Reply) and clicked[1] is not None, clicked

    # While a tile is chosen and no preview stands, the hint keeps room under it for the preview's longer words
    # (css/app.css .rt-hint[data-ahead]): the tile's choice scrolls it in with that room, and the first tap (the
    # finger on the board) need not move the page under the finger, the cell tapped a row off for the second tap.
    def ahead(ui) -> list:
        return [
            e.attr("data-ahead")
            for e in find_all(BOARD.render(ui, view, "A", TABLE), lambda e: e.attr("class") == "rt-hint")
        ]

    assert ahead(chosen.local) == ["true"] and ahead(first.local) == [None] and ahead(ui) == [None]


def test_a_mouse_hover_leaves_a_preview_a_tap_made():
    """On a touch laptop with a mouse, the page scrolling or redrawn under the resting cursor fires the
    mouse's pointerover (pointerType "mouse"; a finger's never reaches the board, ``dom.read_event``): it
    moved or cleared the preview the tap had made, so the second tap previewed again instead of placing."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="prism")
    tap = UiEvent("click", "rt-cell", {"r": "3", "c": "5"}, pointer="touch")
    tapped, _ = update(ui, view, "A", tap)
    for hover in (
        UiEvent("pointerover", "rt-cell", {"r": "2", "c": "2"}, pointer="mouse"),
        UiEvent("pointerover", "rt-hand", {"kind": "mirror"}, pointer="mouse"),
    ):
        same, sent = update(tapped, view, "A", hover)
        assert sent is None and same.aim == (3, 5), hover
        assert BOARD.previewed(same, "A")[0] == {"type": "place", "tile": "prism", "cell": [3, 5], "orient": "/"}
        _, sent = update(same, view, "A", tap)
        assert sent == {"type": "place", "tile": "prism", "cell": [3, 5], "orient": "/"}, "the second tap places"
    # Once the tap's preview is gone (Escape, or a key moving the cursor), the mouse's hover previews again.
    for moved_on in ("Escape", "ArrowLeft"):
        left, _ = key(tapped, view, "A", moved_on)
        hovered, _ = update(left, view, "A", UiEvent("pointerover", "rt-cell", {"r": "2", "c": "2"}, pointer="mouse"))
        assert hovered.aim == (2, 2), moved_on


def test_untrusted_input_changes_nothing():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    for data in ({"r": "x", "c": "1"}, {"r": "11", "c": "0"}, {"r": "-1", "c": "0"}, {}):
        assert click(ui, view, "A", "rt-cell", **data) == (ui, None)
    assert click(ui, view, "A", "rt-hand", kind="laser") == (ui, None)
    assert click(ui, view, "A", "rt-orient", orient="|") == (ui, None)
    with pytest.raises(BadMessage):
        rules.from_view({**view, "seats": ["A", "Z"]})


def test_event_lines_read_as_sentences():
    names = {"A": "Ann", "C": "Cy"}
    lines = [
        BOARD.event_text(e, names)
        for e in (
            {"type": "placed", "seat": "A", "tile": "prism", "cell": [2, 4], "orient": "\\"},
            {"type": "rotated", "seat": "C", "cell": [2, 4], "orient": "/"},
            {"type": "claimed", "cell": [1, 5], "value": 3, "seats": ["C"]},
            {"type": "claimed", "cell": [5, 5], "value": 4, "seats": ["A", "C"]},
            {"type": "pass", "seat": "C"},
        )
    ]
    # Two players sit at A and C (opposite corners) and read as the first two: A and B.
    assert lines == [
        "Ann\u00a0(A) places a prism backslash \\ at row 3, column 5.",
        "Cy\u00a0(B) turns the tile at row 3, column 5 to slash /.",
        "Cy\u00a0(B)'s beam claims the 3 at row 2, column 6 · +3",
        "Ann\u00a0(A) and Cy\u00a0(B)'s beams claim the 4 at row 6, column 6 · +4 each",
        "Cy\u00a0(B) cannot move and passes.",
    ]


def test_a_refusal_under_the_board_reads_as_a_sentence():
    """The rules' reasons are written to go inside a sentence ("that cell holds a beacon"); alone under the
    board, where a click on a beacon puts one, it starts with a capital and ends with a full stop."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")
    beacon = view["beacons"][0]["cell"]
    refused, _ = click(ui, view, "A", "rt-cell", r=beacon[0], c=beacon[1])

    def note() -> list[str]:
        tree = BOARD.render(refused, view, "A", TABLE)
        return [text_of(e) for e in find_all(tree, lambda e: "rt-note" in (e.attr("class") or ""))]

    assert note() == ["That cell holds a beacon."]
    with in_language("ja"):
        assert note() == ["そのマスにはビーコンがあります。"]


@pytest.mark.parametrize("refusal", ["no tile chosen", "a beacon", "not your turn"])
def test_the_same_refusal_again_is_said_again(refusal: str):
    """QA: a second identical refusal (a second click with no tile chosen, the same illegal placement
    twice) put the same text into the same role=alert, which the page's morphing render left as it was, so
    a screen reader heard nothing the second time. Refusals now alternate between two alert regions that
    are always drawn together: each one empties the region that spoke last and fills the other, a change
    that is announced. Only the region that speaks carries the refusal line's look (``rt-note``)."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    seat = "A"
    if refusal == "a beacon":
        ui, _ = click(ui, view, "A", "rt-hand", kind="mirror")
        r, c = view["beacons"][0]["cell"]
    else:
        r, c = 4, 4
        seat = None if refusal == "not your turn" else "A"  # the match passes no seat to a page not to play
    drawn = []
    for _ in range(3):
        ui, move = click(ui, view, seat, "rt-cell", r=r, c=c)
        assert move is None
        drawn.append(regions(BOARD.render(ui, view, seat, TABLE)))
    assert drawn[0] != drawn[1] != drawn[2], f"a refusal again drew the alerts as they were: {drawn}"
    said = said_in_turns(drawn, "rt-alert")
    tree = BOARD.render(ui, view, seat, TABLE)
    notes = find_all(tree, lambda e: "rt-note" in (e.attr("class") or ""))
    assert [text_of(e) for e in notes] == [said]


def test_event_lines_name_a_seat_as_the_match_screen_does():
    """A name whose last word is its seat's tag already reads alone ("Player B", not "Player B (B)"),
    as everywhere else (core.game.named_seat); before, the log built "Name (tag)" itself."""
    names = {"A": "Team A", "C": "Player B"}
    placed = {"type": "placed", "seat": "A", "tile": "prism", "cell": [2, 4], "orient": "\\"}
    assert BOARD.event_text(placed, names) == "Team\u00a0A places a prism backslash \\ at row 3, column 5."
    assert BOARD.event_text({"type": "pass", "seat": "C"}, names) == "Player\u00a0B cannot move and passes."
    assert BOARD.event_text({"type": "pass", "seat": "C"}, {"A": "Ann", "C": ""}) == "B cannot move and passes."


def test_an_event_with_words_no_table_knows_reads_without_them():
    """Events come from the host as it sent them: a tile, an orientation or a seat that is no string (a
    list, an object: unhashable) is left out of the line, and the log still reads (before, looking it up
    in the words tables raised TypeError while the page drew its log)."""
    names = {"A": "Ann", "C": "Cy"}
    for junk in ([1], {"x": 1}):
        placed = {"type": "placed", "seat": "A", "tile": junk, "cell": [2, 4], "orient": junk}
        assert BOARD.event_text(placed, names) == "Ann\u00a0(A) places a   at row 3, column 5."
        rotated = {"type": "rotated", "seat": "C", "cell": [2, 4], "orient": junk}
        assert BOARD.event_text(rotated, names) == "Cy\u00a0(B) turns the tile at row 3, column 5 to ."
        assert BOARD.event_text({"type": "drew", "seat": "A", "tile": junk}, names) == "Ann\u00a0(A) draws a ."
        assert BOARD.event_text({"type": "pass", "seat": junk}, names) == f"{junk} cannot move and passes."
        at = {"type": "rotated", "seat": "C", "cell": ["a", junk], "orient": "/"}
        assert BOARD.event_text(at, names) == "Cy\u00a0(B) turns the tile at ? to slash /."


def test_the_last_line_says_who_reached_the_target():
    # The shared route of test_rules: A's mirror at (1, 5) sends both beams into the 3 at (1, 8), and A
    # crosses 12 (C, second at C, reads as B).
    shared = [tile((3, 5), "/", "prism", "A"), tile((7, 5), "\\", "mirror", "C")]
    state = position({(1, 8): 3}, shared, scores={"A": 10, "C": 1})
    names = {"A": "Ann", "C": "Cy"}
    _, events = rules.play(state, "A", {"type": "place", "tile": "mirror", "cell": [1, 5], "orient": "/"})
    assert BOARD.event_text(events[-1], names) == "The match is over: Ann\u00a0(A) reached the target score of 12."
    _, events = rules.play(
        position({(1, 8): 3}, shared, scores={"A": 10, "C": 11}),
        "A",
        {"type": "place", "tile": "mirror", "cell": [1, 5], "orient": "/"},
    )
    assert (
        BOARD.event_text(events[-1], names)
        == "The match is over: several seats reached the target score of 12 together."
    )
    assert BOARD.event_text({"type": "end", "reason": "junk"}, names) == "The match is over: junk."
    assert BOARD.event_text({"type": "end"}, names) == "The match is over."


def hint(ui, view, table=TABLE) -> str:
    tree = BOARD.render(ui, view, "A", table)
    (p,) = find_all(tree, lambda e: e.attr("class") == "rt-hint")
    # For the eye: a screen reader hears each step once from the board's own regions (``rt-said``).
    assert p.attr("aria-live") is None and p.attr("role") is None
    return text_of(p)


def aiming_a_mirror() -> tuple[Ui, JSON]:
    """A's page with a mirror chosen (key 1) and the cursor moved up twice, to row 4, column 6, where a mirror
    "/" sends A's beam to the 2 at row 2, column 6; and the view it is drawn from."""
    state = position({(1, 5): 2}, [tile((6, 6), "/", owner="A")])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    for name in ("1", "ArrowUp", "ArrowUp"):
        ui, _ = key(ui, view, "A", name)
    return ui, view


def test_the_preview_says_in_words_what_the_move_would_claim():
    """The drawn preview (beams after the move, "+2" over the beacon) is for the eye; the hint says it too."""
    ui, view = aiming_a_mirror()
    assert ui.aim == (3, 5)  # A's beam runs east along row 3 (from its emitter at (3, 0)) through here
    ui, _ = key(ui, view, "A", "/")
    claims = "A mirror, slash /, at row 4, column 6: claims the 2 at row 2, column 6 for Ann\u00a0(A)."
    way = "Press Enter to place the tile; Escape cancels. "  # the way on first (as a turn's)
    assert hint(ui, view).startswith(way + claims)
    ui, _ = key(ui, view, "A", "\\")
    assert hint(ui, view).startswith(way + "A mirror, backslash \\, at row 4, column 6: claims no beacon.")
    chose_nothing = BOARD.start(view, None)
    assert "claims" not in hint(chose_nothing, view)
    turning, _ = click(BOARD.start(view, None), view, "A", "rt-cell", r=6, c=6)
    assert "The tile at row 7, column 7 turned: claims no beacon." in hint(turning, view)


def bracket_depth(text: str) -> int:
    """How deep ``text``'s brackets go, Latin and full-width alike: 2 for "（4点、ハナ（A））"."""
    depth = deepest = 0
    for ch in text:
        if ch in "(（":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")）":
            depth -= 1
    return deepest


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_preview_that_claims_beacons_nests_no_bracket_in_another(language: str):
    """The Japanese preview read "6行6列のビーコン（4点、ハナ（A））を獲得します": a seat's name, with its
    bracketed letter, inside the beacon's brackets. Neither language puts a bracket inside another, and the
    words the English says (the points, the seat) are still there."""
    ui, view = aiming_a_mirror()
    ui, _ = key(ui, view, "A", "/")
    with in_language(language):
        said = hint(ui, view)
        first = said.split("。")[1] if language == "ja" else said.split(". ")[1]  # after the way on
        assert "2" in first and ("Ann" in first) and ("A" in first), said
        assert bracket_depth(said) == 1, said


def test_the_preview_is_heard_whole_as_the_cursor_moves():
    """A live region changed in place hands a screen reader only the text nodes that changed ("column 5:
    claims the", a name being a no-break span on the page). Each saying fills the region that was empty
    (``ui.live.alerts``), so the reader hears the whole line."""
    state = position({(1, 5): 2}, [tile((6, 6), "/", owner="A")])
    view = rules.view(state, "A")
    ui = BOARD.start(view, None)
    drawn = []
    for name in ("1", "ArrowUp", "ArrowUp"):
        ui, _ = key(ui, view, "A", name)
        drawn.append(regions(BOARD.render(ui, view, "A", TABLE), polite=True))
    speaking = [[(rid, text) for rid, text in d if text] for d in drawn]
    assert [len(s) for s in speaking] == [1, 1, 1] and speaking[1][0][0] != speaking[2][0][0], speaking
    assert (
        speaking[2][0][1] == "A mirror, slash /, at row 4, column 6: claims the 2 at row 2, column 6 for Ann\u00a0(A)."
    )


def test_a_click_on_the_previewed_move_takes_the_previews_answer_and_any_other_move_is_played(monkeypatch):
    # The engine's answers kept start empty: seven left by the tests run before in the same process made the
    # next two fill it and start it afresh, and the engine was asked again for the move previewed before.
    monkeypatch.setattr(controls, "_TRIED", {})
    state = played(7, 12)
    seat = state.seats[state.turn]
    view = rules.view(state, seat)
    move = next(m for m in rules.legal(state, seat) if m["type"] == "place" and m["tile"] == "mirror")
    ui, _ = click(BOARD.start(view, None), view, seat, "rt-hand", kind="mirror")
    ui, _ = click(ui, view, seat, "rt-orient", orient=move["orient"])
    r, c = move["cell"]
    ui, _ = update(ui, view, seat, UiEvent("pointerover", "rt-cell", {"r": str(r), "c": str(c)}))
    assert BOARD.previewed(ui, seat)[0] == move
    real, calls = rules.play, []
    monkeypatch.setattr(rules, "play", lambda *a, **k: calls.append(a[2]) or real(*a, **k))
    _, sent = click(ui, view, seat, "rt-cell", r=r, c=c)
    assert sent == move and calls == [], "the preview's answer is reused"
    # The other orientation on the same cell is another move: the engine plays it.
    other = {**move, "orient": "\\" if move["orient"] == "/" else "/"}
    turned, _ = click(ui, view, seat, "rt-orient", orient=other["orient"])
    _, sent = click(turned, view, seat, "rt-cell", r=r, c=c)
    assert calls == [other] and sent == other
    # An illegal move is asked again every time, and refused with the engine's reason.
    beacon = view["beacons"][0]["cell"]
    for _ in range(2):
        refused, sent = click(ui, view, seat, "rt-cell", r=beacon[0], c=beacon[1])
        assert sent is None and "that cell holds a beacon" in said(refused.note)
    assert len(calls) == 3


TURN = "select one of your tiles marked ↻ to turn it"
BOTH = "Choose a tile from your hand (keys 1, 2)."


@pytest.mark.parametrize(
    ("hand", "tiles", "said"),
    [
        ((3, 3), [tile((6, 6), "/")], f"Choose a tile from your hand (keys 1, 2), or {TURN}."),
        ((3, 3), [], BOTH),
        # Ann's tile is turned already, and Cy's is not hers to turn.
        ((3, 3), [tile((6, 6), "/", rotated=True), tile((5, 5), "/", owner="C")], BOTH),
        ((2, 0), [tile((6, 6), "/")], f"Choose a mirror from your hand (key 1), or {TURN}."),
        ((2, 0), [], "Choose a mirror from your hand (key 1)."),
        ((0, 1), [tile((6, 6), "/")], f"Choose a prism from your hand (key 2), or {TURN}."),
        ((0, 1), [], "Choose a prism from your hand (key 2)."),
        ((0, 0), [tile((6, 6), "/")], "Select one of your tiles marked ↻ to turn it."),
    ],
)
def test_the_first_hint_offers_only_what_the_seat_can_do_now(hand, tiles, said):
    """The hint before a choice offered turning and both tile kinds whatever the hand held: a player
    with no prism or no tile left to turn was told to pick it."""
    view = rules.view(position({(1, 5): 2}, tiles, hands={"A": hand}), "A")
    assert hint(BOARD.start(view, None), view) == said


def test_the_first_hint_names_the_tile_keys_as_keys_in_japanese_too():
    """The keys in the hint read as a bare number in brackets: "手札からミラーを選んでください（1）。" on a
    Japanese phone read as "one mirror", not as the key 1 of a keyboard."""
    view = rules.view(position({(1, 5): 2}, [], hands={"A": (2, 0)}), "A")
    with in_language("ja"):
        assert hint(BOARD.start(view, None), view) == "手札からミラーを選んでください（キー1）。"


def test_with_no_empty_cell_left_the_first_hint_offers_turning_only():
    """Tiles in hand cannot be placed on a full board: the hint does not offer them."""
    state = position({(1, 5): 2}, [tile((6, 6), "/")])
    full = [tile(cell, "/", owner="C") for cell in rules.empty_cells(state)]
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/"), *full]), "A")
    assert view["hands"]["A"] == {"mirror": 3, "prism": 3}
    assert hint(BOARD.start(view, None), view) == "Select one of your tiles marked ↻ to turn it."


def test_the_first_hint_keeps_the_tile_keys_apart_for_the_css_to_hide_on_touch_screens():
    """On a phone without a keyboard "(key 1)" is noise: the keys are their own element (.keys-only),
    which css/app.css hides where the pointer is coarse, and the sentence reads whole without it, in
    English (a space before the bracket, inside the element) and in Japanese (full-width, no space)."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")], hands={"A": (2, 0)}), "A")
    (p,) = find_all(BOARD.render(BOARD.start(view, None), view, "A", TABLE), lambda e: e.attr("class") == "rt-hint")
    (keys,) = find_all(p, lambda e: e.attr("class") == "keys-only")
    assert text_of(keys) == " (key 1)"
    assert text_of(p).replace(text_of(keys), "") == f"Choose a mirror from your hand, or {TURN}."
    with in_language("ja"):
        view = rules.view(position({(1, 5): 2}, [], hands={"A": (3, 3)}), "A")
        tree = BOARD.render(BOARD.start(view, None), view, "A", TABLE)
        (p,) = find_all(tree, lambda e: e.attr("class") == "rt-hint")
        (keys,) = find_all(p, lambda e: e.attr("class") == "keys-only")
        assert text_of(keys) == "（キー1、2）"
        assert text_of(p) == "手札からタイルを選んでください（キー1、2）。"


def test_a_board_that_takes_no_input_draws_no_cursor_targets_or_zoom():
    """A guest's page that lost the host (``table.offline``), like a match the host ended
    (``table.stopped``), drops every input on the board (ui.match.handle), and the screen passes no
    seat: the hand goes, but the board still drew the keyboard cursor, the cells a tile chosen before
    the drop could go to, and "Zoom in", none of which did anything any more."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")
    live = BOARD.render(ui, view, "A", TABLE)
    assert "rt-target" in render(live) and find_all(live, lambda e: e.attr("data-action") == "rt-zoom")
    for table in (replace(TABLE, offline=True), replace(TABLE, stopped=True)):
        drawn = BOARD.render(ui, view, None, table)
        markup = render(drawn)
        assert "rt-target" not in markup and "rt-cursor" not in markup, table
        assert "aria-activedescendant" not in markup, table
        assert not find_all(drawn, lambda e: e.attr("data-action") == "rt-zoom"), table
    # A watcher's board still reads cell by cell (its cursor), and its zoom still works.
    watching = render(BOARD.render(ui, view, None, WATCHING))
    assert "aria-activedescendant" in watching and "rt-zoom" in watching


def test_a_match_the_host_ended_marks_no_tile_as_one_that_can_still_turn():
    """A match the host ended (``table.stopped``) is as final as one its rules ended: nobody turns a tile
    on it again, so its board draws no ↻ mark and no cell's name says "can still turn". A page that lost
    the host (``table.offline``) still shows them: the match goes on at the host's."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")]), "A")
    ui = BOARD.start(view, None)

    def marks(table):
        drawn = BOARD.render(ui, view, None, table)
        return len(find_all(drawn, lambda e: e.attr("class") == "rt-can-turn")), "can still turn" in render(drawn)

    assert marks(TABLE) == (1, True)
    assert marks(replace(TABLE, offline=True)) == (1, True)
    assert marks(replace(TABLE, stopped=True)) == (0, False)


def test_the_preview_hints_keep_their_keys_apart_for_the_css_to_hide_on_touch_screens():
    """The hints under a preview named Enter and Escape on a phone too ("Tap or click the cell, or press
    Enter, to place; Escape cancels."): the keys are now a sentence of their own in the element a touch
    screen hides (.keys-only), the space before it inside it; what is left reads whole, in English and
    Japanese."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")], hands={"A": (2, 0)}), "A")

    def hint(ui):
        (p,) = find_all(BOARD.render(ui, view, "A", TABLE), lambda e: e.attr("class") == "rt-hint")
        (keys,) = find_all(p, lambda e: e.attr("class") == "keys-only")
        return text_of(p).replace(text_of(keys), ""), text_of(keys)

    chosen, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")
    placing, _ = update(chosen, view, "A", UiEvent("pointerover", "rt-cell", {"r": "3", "c": "5"}))
    turning, _ = click(BOARD.start(view, None), view, "A", "rt-cell", r=6, c=6)
    assert turning.turning == (6, 6)
    words, keys = hint(placing)
    # The way on first, as a turn's says it: on a phone only the hint's first lines were in the window, and a
    # preview that claims beacons for several players pushed "Tap or click the cell …" under its edge.
    assert words.startswith("Tap or click the cell to place the tile. A mirror, slash /, at row 4, column 6: "), words
    assert words.endswith(". The beams as they would be after this move."), words
    assert keys == " Or press Enter to place it; Escape cancels."
    assert hint(turning) == (
        "Tap or click the tile again to turn it. The tile at row 7, column 7 turned: claims no beacon. "
        "The beams as they would be with the tile turned.",
        " Or press Enter to turn it; Escape cancels.",
    )
    with in_language("ja"):
        words, keys = hint(placing)
        assert words.startswith("マスをタップかクリックすると配置します。"), words
        assert words.endswith("この手を打った後のビームです。"), words
        assert keys == "Enterでも配置でき、Escapeで取り消せます。"
        words, keys = hint(turning)
        assert words.startswith("タイルをもう一度タップかクリックすると回転します。")
        assert words.endswith("タイルを回転させた後のビームです。")
        assert keys == "Enterでも回転でき、Escapeで取り消せます。"


@pytest.mark.parametrize(
    ("language", "next_step", "outcome"),
    [
        ("en", "Tap or click the tile again to turn it.", "The tile at row 7, column 7 turned: claims no beacon."),
        ("ja", "タイルをもう一度タップかクリックすると回転します。", "7行7列のタイルを回転："),
    ],
)
def test_a_tile_s_turn_hint_says_what_to_do_next_first(language: str, next_step: str, outcome: str):
    """On a phone only the turn hint's first words were in the window ("The tile at row 5, column 8 turned:
    claims no beacon. The beams as they would be with the…"), not how to turn it. The way on comes first,
    drawn and heard, then what the turn would claim and what the drawn beams show."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/", owner="A")]), "A")
    with in_language(language):  # the tap too: what is heard is worded as the input comes
        start = BOARD.start(view, None)
        turning, _ = click(start, view, "A", "rt-cell", r=6, c=6)
        drawn = hint(turning, view)
        assert drawn.startswith(next_step), drawn
        assert outcome in drawn and drawn.index(outcome) > len(next_step), drawn
        (line,) = heard([BOARD.render(start, view, "A", TABLE), BOARD.render(turning, view, "A", TABLE)])
        assert line.startswith(next_step) and outcome in line, line


def test_the_final_board_is_looked_over_with_the_cursor_and_the_zoom_and_takes_no_move():
    """After the match ended by its rules (the view has a ``result``), ``match.handle`` dropped every
    input on the board, yet the board still drew the cursor and "Zoom in", neither of which did anything:
    a player could not read the final board cell by cell nor zoom in on it on a phone. The inputs that
    only look reach the board now, for no seat; nothing else does (no move, no tile chosen, no note)."""
    state = replace(position({(1, 5): 2}, [tile((6, 6), "/")], scores={"A": 12}), ended="target")
    view = rules.view(state, "A")
    assert view["result"]
    ui = match.start("raythread", BOARD, view, TABLE)
    at = ui.local.cursor
    looked, move = match.handle(ui, TABLE, UiEvent("keydown", "board", {}, key="ArrowRight"))
    assert move is None and looked.local.cursor == (at[0], at[1] + 1), "an arrow reads the next cell"
    zoomed, move = match.handle(looked, TABLE, UiEvent("click", "rt-zoom"))
    assert move is None and zoomed.local.zoom, "the zoom works on the final board"
    drawn = render(match.render(zoomed, TABLE))
    assert "rt-cursor" in drawn and "rt-board-wrap zoomed" in drawn and "Fit the board" in drawn
    for event in (
        UiEvent("click", "rt-cell", {"r": "6", "c": "6"}),  # the player's own tile: would prepare a turn
        UiEvent("click", "rt-cell", {"r": "3", "c": "3"}),
        UiEvent("click", "rt-hand", {"kind": "mirror"}),
        UiEvent("keydown", "board", {}, key="1"),
        UiEvent("keydown", "board", {}, key="Enter"),
        UiEvent("keydown", "board", {}, key="r"),
        UiEvent("pointerover", "rt-cell", {"r": "3", "c": "3"}),
    ):
        after, move = match.handle(zoomed, TABLE, event)
        assert move is None and after is zoomed, event
    # A match the host ended, or a page that lost the host (the lobby says why: ``halted``), still
    # drops every input, the looking ones too, and draws neither the cursor nor the zoom.
    for table in (replace(TABLE, stopped=True), replace(TABLE, offline=True)):
        halted = replace(ui, halted="The host ended the match.")
        for event in (UiEvent("keydown", "board", {}, key="ArrowRight"), UiEvent("click", "rt-zoom")):
            assert match.handle(halted, table, event) == (halted, None), (table, event)
        drawn = render(match.render(halted, table))
        assert "rt-cursor" not in drawn and "rt-zoom" not in drawn, table


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_target_of_one_point_reads_right(language: str):
    """QA: with the option "Points to win" at 1 the page said "First to 1 points" and "Ann (A) reached 1
    points". The line above the board has a plural form, and the end reasons read right for any target."""
    state = GAME.setup(GAME.options({"target": 1}), ("A", "C"), 3)
    view = GAME.view(state, "A")
    with in_language(language):
        shown = text_of(BOARD.render(BOARD.start(view, None), view, "A", TABLE))
        alone = i18n.describe("raythread-target", {"seat": "Ann\u00a0(A)", "target": 1})
        together = i18n.describe("raythread-target-together", {"target": 1})
    if language == "en":
        assert "First to 1 point" in shown and "1 points" not in shown, shown
        assert "1 points" not in alone and "1 points" not in together, (alone, together)
        assert alone == "Ann\u00a0(A) reached the target score of 1", alone
    else:
        assert "1点先取" in shown and i18n.plain(alone) == "Ann (A)が目標の1点に達しました", alone


def test_a_click_with_no_tile_chosen_is_refused_once_to_the_eye_and_still_said_to_a_screen_reader():
    """QA: after a player un-chose their tile (a click on it again), a click on a cell showed "Choose a
    mirror or a prism from your hand first, …" right above the hint saying much the same. The hint says
    it alone on the screen; the refusal is still an alert, visually hidden, so a screen reader hears why
    nothing happened."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")
    ui, _ = click(ui, view, "A", "rt-hand", kind="mirror")
    assert ui.chosen is None
    refused, move = click(ui, view, "A", "rt-cell", r=4, c=4)
    assert move is None and refused.note == {"code": "rt-choose-in-hand", "params": {}}  # no tile of A's to turn
    tree = BOARD.render(refused, view, "A", TABLE)
    # The refusal speaks in one of two alert regions (the other empty: test_the_same_refusal_again_is_said_again).
    (alert,) = find_all(tree, lambda e: e.attr("role") == "alert" and bool(text_of(e)))
    assert text_of(alert) == "Choose a mirror or a prism from your hand first.", text_of(alert)
    assert "visually-hidden" in (alert.attr("class") or "").split(), "the hint says it to the eye already"
    (hint_line,) = find_all(tree, lambda e: e.attr("class") == "rt-hint")
    assert text_of(hint_line).startswith("Choose a tile from your hand"), text_of(hint_line)


@pytest.mark.parametrize(
    ("hand", "own_tile", "said"),
    [
        ((3, 0), False, "Choose a mirror from your hand first."),
        ((0, 2), True, "Choose a prism from your hand first, or select one of your tiles marked ↻ to turn it."),
        ((2, 1), False, "Choose a mirror or a prism from your hand first."),
        ((0, 0), True, "Select one of your tiles marked ↻ to turn it."),
        (
            (1, 1),
            True,
            "Choose a mirror or a prism from your hand first, or select one of your tiles marked ↻ to turn it.",
        ),
    ],
)
def test_a_click_with_no_tile_chosen_is_refused_in_the_words_of_what_the_player_can_do(hand, own_tile, said):
    """A player's pass, by keyboard (the refusal is what a screen reader hears: the hint says it to the eye):
    Enter on a cell with no tile chosen, on a first turn with three mirrors in hand, said "Choose a mirror or a
    prism from your hand first, or select one of your tiles to turn it." — no prism in hand, no tile of hers on
    the board to turn — while the hint under the board said "Choose a mirror from your hand (key 1)." The
    refusal now names what the hint names."""
    tiles = [tile((2, 2), "/", owner="A")] if own_tile else []
    state = position({(1, 5): 2}, tiles, hands={"A": hand})
    view = rules.view(state, "A")
    for refused, _ in (
        click(BOARD.start(view, None), view, "A", "rt-cell", r=4, c=4),
        key(BOARD.start(view, None), view, "A", "Enter"),
    ):
        tree = BOARD.render(refused, view, "A", TABLE)
        (alert,) = find_all(tree, lambda e: e.attr("role") == "alert" and bool(text_of(e)))
        assert text_of(alert) == said
        assert "visually-hidden" in (alert.attr("class") or "").split(), "the hint says it to the eye already"
        (hand_panel,) = find_all(tree, lambda e: e.attr("class") == "rt-hand")
        assert hand_panel.attr("data-nudge") is not None, "the hand is pointed at, as for every such refusal"


def test_a_click_with_no_tile_chosen_points_at_the_hand_each_time_until_a_tile_is_chosen():
    """QA: a click (or Enter) on a cell with no tile chosen changed nothing on the screen (the refusal is
    visually hidden under the hint that says it). The hand now carries ``data-nudge`` for the CSS to
    point at it: a new value on every such click (the animation replays on a second click, the page
    being morphed rather than rebuilt), none once a tile is chosen."""
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    start = BOARD.start(view, None)

    def nudge(ui) -> str | None:
        (hand,) = find_all(BOARD.render(ui, view, "A", TABLE), lambda e: e.attr("class") == "rt-hand")
        return hand.attr("data-nudge")

    assert nudge(start) is None
    first, _ = click(start, view, "A", "rt-cell", r=4, c=4)
    second, _ = click(first, view, "A", "rt-cell", r=4, c=4)
    assert nudge(first) is not None and nudge(second) is not None
    assert nudge(second) != nudge(first), "a second click must replay the reaction"
    third, _ = click(second, view, "A", "rt-cell", r=2, c=2)
    assert nudge(third) not in (None, nudge(second))
    by_key, _ = key(start, view, "A", "Enter")
    assert by_key.note == {"code": "rt-choose-in-hand", "params": {}} and nudge(by_key) is not None
    chosen, _ = click(second, view, "A", "rt-hand", kind="mirror")
    assert chosen.chosen == "mirror" and nudge(chosen) is None, "choosing a tile ends the emphasis"
    escaped, _ = key(second, view, "A", "Escape")
    assert nudge(escaped) is None


def test_the_zoom_stays_on_as_the_match_moves_on():
    """Played on a phone (a player's pass): a player who zoomed in on the board (a 13 or 15 board fitted to a
    phone is an overview too small to read or tap) found it fitted again after every move, their own, a
    computer's or a friend's, and had to zoom in again each time: every new position started the board's
    state afresh. How the board is seen outlives a position; what a move was being made of does not."""
    state = GAME.setup(GAME.options({"size": 15}), ("A", "C"), 3)
    ui = match.start("raythread", BOARD, GAME.view(state, "A"), TABLE)
    zoomed, _ = match.handle(ui, TABLE, UiEvent("click", "rt-zoom"))
    chosen, _ = match.handle(zoomed, TABLE, UiEvent("click", "rt-hand", {"kind": "mirror"}))
    assert chosen.local.zoom and chosen.local.chosen == "mirror"
    for seat in ("A", "C"):  # Ann's move, then Cy's (played elsewhere: a friend's page, a computer)
        move = next(m for m in rules.legal(state, seat) if m["type"] == "place")
        state, events = rules.play(state, seat, move)
        chosen = match.advance(chosen, GAME.view(state, "A"), events, TABLE)
        assert chosen.local.zoom, f"the zoom stays on after {seat}'s move"
        assert chosen.local.chosen is None and chosen.local.places is None
        assert "rt-board-wrap zoomed" in render(match.render(chosen, TABLE))


def test_in_japanese_the_hand_counts_its_tiles_with_no_space_after_the_times_sign():
    # The hand read "ミラー × 1": Japanese writes a count against its ×, as "×1".
    view = rules.view(position({(1, 5): 2}, [], hands={"A": (1, 2)}), "A")
    counts = {}
    for lang in ("en", "ja"):
        with in_language(lang):
            tree = BOARD.render(BOARD.start(view, None), view, "A", TABLE)
            counts[lang] = [text_of(e) for e in find_all(tree, lambda e: e.attr("class") == "count")]
    assert counts == {"en": ["× 1", "× 2"], "ja": ["×1", "×2"]}


def orientations(ui, view, seat) -> dict:
    """Each orientation button's pressed state as drawn (aria-pressed, and the class the eye reads)."""
    tree = BOARD.render(ui, view, seat, TABLE)
    found = find_all(tree, lambda e: e.attr("data-action") == "rt-orient")
    return {e.attr("data-orient"): (e.attr("aria-pressed"), "chosen" in str(e.attr("class")).split()) for e in found}


def test_no_orientation_is_pressed_before_a_tile_is_chosen_or_an_orientation_pressed():
    """The orientation a tile would take is "/" until the player says otherwise, but a toggle drawn pressed
    before anything is chosen read as a choice nobody made (a player's pass, on every page with a hand: one device,
    a host's, a guest's at its turn). It is drawn pressed once a tile is chosen, or once one is pressed."""
    state = played(3, 0, ("A", "C"))
    seat = state.seats[state.turn]
    view = rules.view(state, seat)
    ui = BOARD.start(view, None)
    kind = next(k for i, k in enumerate(rules.KINDS) if state.hands[state.seats.index(seat)][i])
    off = {"/": ("false", False), "\\": ("false", False)}
    assert orientations(ui, view, seat) == off
    chosen, _ = click(ui, view, seat, "rt-hand", kind=kind)
    assert chosen.chosen == kind
    assert orientations(chosen, view, seat) == {"/": ("true", True), "\\": ("false", False)}
    assert orientations(key(chosen, view, seat, "Escape")[0], view, seat) == off
    # An orientation pressed first is pressed, and the tile chosen then takes it.
    for pressed in (key(ui, view, seat, "\\")[0], click(ui, view, seat, "rt-orient", orient="\\")[0]):
        assert orientations(pressed, view, seat) == {"/": ("false", False), "\\": ("true", True)}
        tile_chosen, _ = click(pressed, view, seat, "rt-hand", kind=kind)
        assert orientations(tile_chosen, view, seat)["\\"] == ("true", True) and tile_chosen.orient == "\\"


def unseen_panel(tree):
    return find_all(tree, lambda e: "rt-unseen" in str(e.attr("class")).split())


def test_a_page_not_to_play_shows_the_tiles_still_unseen_beside_the_board():
    """The panel by the board stood empty while another seat played (a computer, a spectator's page, a
    guest's between turns, a finished match): there it shows the mirrors and prisms still unseen, from the
    view alone; never on the player's own turn, where the hand stands. Who is to play is the status line's,
    right above the board (and the live region's): the panel's last line "Ann (A) to play" said it again to a
    screen reader. It stays only for the eye, on a phone (css/app.css), where the status may be out of sight."""
    state = played(3, 5, ("A", "C"))
    counts = {k: state.deck.count(k) for k in rules.KINDS}
    to_play = state.seats[state.turn]
    for seat, table in ((None, TABLE), (None, WATCHING)):
        view = rules.view(state, None if table is WATCHING else "A")
        tree = BOARD.render(BOARD.start(view, None), view, seat, table)
        (panel,) = unseen_panel(tree)
        assert not find_all(tree, lambda e: e.attr("class") == "rt-hand")
        words = " ".join(text_of(panel).split())
        assert f"{counts['mirror']} mirror" in words and f"{counts['prism']} prism" in words, words
        (turn,) = find_all(panel, lambda e: "to play" in text_of(e) and e.tag == "p")
        assert turn.attr("aria-hidden") == "true" and turn.attr("class") == "rt-unseen-turn", "said by the status"
        heard = " ".join(text_of(e) for e in panel.children if isinstance(e, Element) and e is not turn)
        assert "to play" not in heard, heard
        assert panel.attr("role") == "group" and panel.attr("aria-labelledby"), "a named group"
        named = panel.attr("aria-labelledby")
        (title,) = find_all(panel, lambda e, named=named: e.attr("id") == named)
        assert text_of(title) == "Tiles still unseen"
    view = rules.view(state, to_play)
    mine = BOARD.render(BOARD.start(view, None), view, to_play, TABLE)
    assert not unseen_panel(mine) and find_all(mine, lambda e: e.attr("class") == "rt-hand")


def test_a_finished_match_shows_no_tiles_still_unseen_a_running_one_does():
    """A finished match's panel still said the tiles "are the deck's, in an order nobody knows", as if a draw
    were to come (a player's pass); then "Tiles still unseen: 0 mirrors, 0 prisms" (a later pass), over the
    standings on a phone: a count only a running match needs. Once no draw can come (a match played out, or
    one the host ended with tiles left in the deck) the panel goes, and the standings follow the board; a
    running match whose deck ran out still says so."""
    state = played(5, 400, ("A", "C"))
    assert state.ended and not state.deck
    view = rules.view(state, "A")
    assert not unseen_panel(BOARD.render(BOARD.start(view, None), view, None, TABLE))
    state = played(5, 6, ("A", "C"))
    assert state.deck and not state.ended
    view = rules.view(state, "A")
    (panel,) = unseen_panel(BOARD.render(BOARD.start(view, None), view, None, WATCHING))
    (said,) = find_all(panel, lambda e: e.attr("class") == "rt-unseen-note")
    assert text_of(said) == "They are the deck's, in an order nobody knows."
    stopped = replace(WATCHING, stopped=True)
    assert not unseen_panel(BOARD.render(BOARD.start(view, None), view, None, stopped))
    small = GAME.options({"mirrors": 4, "prisms": 2, "target": 28})
    emptied, chooser = GAME.setup(small, ("A", "C"), 5), random.Random(5)
    while emptied.deck:  # a small deck runs out before anyone reaches the target
        seat = emptied.seats[emptied.turn]
        emptied, _ = rules.play(emptied, seat, chooser.choice(rules.legal(emptied, seat)))
    assert not emptied.ended
    view = rules.view(emptied, None)
    (panel,) = unseen_panel(BOARD.render(BOARD.start(view, None), view, None, WATCHING))
    assert "The deck is empty" in text_of(panel)


def test_a_finished_match_s_seat_cards_say_each_player_s_place_not_an_empty_hand():
    """A finished match's seat cards said "0 mirrors, 0 prisms": hands nobody plays from any more. Each card
    says the seat's place in the final standings (its score stands beside it), tied seats sharing a place;
    a running match's cards say the hand."""
    state = played(5, 400, ("A", "C"))
    assert state.ended
    view = rules.view(state, "A")
    places = {s: n for n, seats in enumerate(GAME.result(state).ranking, 1) for s in seats}
    ordinal = {1: "1st place", 2: "2nd place"}
    for seat in ("A", "C"):
        facts = BOARD.seat_facts(view, seat, TABLE)
        assert facts == [ordinal[places[seat]]], facts
    running = rules.view(played(5, 3, ("A", "C")), "A")
    assert "mirror" in BOARD.seat_facts(running, "A", TABLE)[0]
    stopped = replace(TABLE, stopped=True)  # the host ended it: no standings, and no hand to play from
    assert BOARD.seat_facts(running, "A", stopped) == []


def test_a_match_the_host_ended_keeps_no_room_for_zoom_in_a_lost_host_keeps_it():
    """On a phone a match the host ended kept an empty row over its board where "Zoom in" was (the board takes
    no input then): its unseen room stands only on a page that lost the host, where the board must not move
    up as the connection drops and back down at the rejoin (docs/accessibility.md, "A lost host moves
    nothing"). A running match draws the button."""
    state = played(3, 5, ("A", "C"))
    view = rules.view(state, "A")

    def info(table):
        tree = BOARD.render(BOARD.start(view, None), view, None, table)
        (row,) = find_all(tree, lambda e: e.attr("class") == "rt-info")
        return [
            str(e.attr("class")) for e in row.children if isinstance(e, Element) and "button" in str(e.attr("class"))
        ]

    assert info(TABLE) == ["button quiet rt-zoom"]
    assert info(replace(TABLE, offline=True)) == ["button quiet rt-idle"]
    assert info(replace(TABLE, stopped=True)) == []
    assert info(replace(TABLE, stopped=True, offline=True)) == [], "ended, then the host lost: nothing to keep"


def test_a_tile_chosen_by_key_is_placed_by_keys_in_the_hint():
    """A player's pass with a screen reader: after "1" (a mirror, by key) the hint said "Point at or tap a
    highlighted cell …" to a keyboard player. When the last input on the board was a key (the cursor is the
    board's focus ring then), the hint names the keys; a pointer's input brings the pointer's words back."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")], hands={"A": (2, 0)}), "A")
    start = BOARD.start(view, None)
    keyed, _ = key(start, view, "A", "1")
    assert keyed.chosen == "mirror" and keyed.aim is None
    assert (
        hint(keyed, view)
        == "Move the cursor with the arrow keys to a highlighted cell, then press Enter to place the tile."
    )
    clicked, _ = update(start, view, "A", UiEvent("click", "rt-hand", {"kind": "mirror"}, pointer="mouse"))
    assert hint(clicked, view) == "Point at or tap a highlighted cell to see the beams after the move."
    # A key, then the mouse: the pointer's words again (the cursor is no longer shown after a click).
    pointed, _ = update(keyed, view, "A", UiEvent("click", "rt-orient", {"orient": "\\"}, pointer="mouse"))
    assert hint(pointed, view) == "Point at or tap a highlighted cell to see the beams after the move."
    with in_language("ja"):
        assert "Enter" in hint(keyed, view) and "矢印キー" in hint(keyed, view)


def test_the_hint_says_nothing_new_while_the_move_is_on_its_way():
    """A player's pass: right after a guest's own move, before the host answered, the hint (a polite live
    region) changed to "Choose a tile from your hand (keys 1, 2)." while the status said "Sending your
    move…": a screen reader heard an invitation to move again. While the move travels the hint is empty."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")], hands={"A": (2, 0)}), "A")
    ui, _ = key(BOARD.start(view, None), view, "A", "1")
    ui, _ = key(ui, view, "A", "ArrowUp")
    ui, sent = key(ui, view, "A", "Enter")
    assert sent is not None
    guest = replace(TABLE, hosted=False)
    assert hint(ui, view, guest).startswith("Choose"), "nothing on its way: the first hint"
    assert hint(ui, view, replace(guest, sending=True)) == ""


def test_a_tile_chosen_by_key_gets_the_keyboard_s_hint_to_turn_or_place_it():
    """A player's pass by keyboard: R on one of her tiles chose it to turn, and the hint said first "Tap or click
    the tile again to turn it." (its keys after it, in the element a touch screen hides). The hint follows the
    way the tile was chosen: after a key, the keys (Enter turns it, Escape cancels), as the hint of a tile chosen
    to place names them; after a tap or a click, the pointer's words first, as before. The same for a preview the
    cursor made: Enter places it."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/", owner="A")], hands={"A": (2, 0)}), "A")
    start = BOARD.start(view, None)
    at_tile = replace(start, cursor=(6, 6))
    keyed, _ = key(at_tile, view, "A", "r")
    assert keyed.turning == (6, 6)
    drawn = hint(keyed, view)
    assert drawn.startswith("Press Enter to turn it; Escape cancels."), drawn
    assert "Tap or click" not in drawn and "claims no beacon" in drawn
    (line,) = heard([BOARD.render(at_tile, view, "A", TABLE), BOARD.render(keyed, view, "A", TABLE)])
    assert line.startswith("Press Enter to turn it; Escape cancels."), line
    clicked, _ = update(start, view, "A", UiEvent("click", "rt-cell", {"r": "6", "c": "6"}, pointer="mouse"))
    assert hint(clicked, view).startswith("Tap or click the tile again to turn it.")
    chosen, _ = key(start, view, "A", "1")
    previewing, _ = key(chosen, view, "A", "ArrowUp")
    assert BOARD.previewed(previewing, "A")[0] is not None
    drawn = hint(previewing, view)
    assert drawn.startswith("Press Enter to place the tile; Escape cancels. A mirror, slash /, at row"), drawn
    assert drawn.endswith("The beams as they would be after this move."), drawn
    assert "Tap or click" not in drawn
    with in_language("ja"):
        assert hint(keyed, view).startswith("Enterで回転でき、Escapeで取り消せます。")
        assert hint(previewing, view).startswith("Enterで配置でき、Escapeで取り消せます。")


def test_a_key_that_changes_the_hint_brings_it_into_the_window_and_the_cursor_stays_in_sight():
    """At 200 % on a 1280 × 800 laptop (640 × 400 CSS px) the hint stood under the hand, below the window, when a
    key chose a tile or previewed a move: a keyboard player never saw it ("Move the cursor with the arrow keys
    …"). A key that changes what the hint says asks the page to show it, by as little as it takes, then the
    cursor's cell: both in sight where they fit (the cursor wins where not). An arrow key asks for its cell, so
    a cursor moved up past the window's top is seen again (the keys move it without scrolling the page)."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/", owner="A")], hands={"A": (2, 0)}), "A")
    ui = BOARD.start(view, None)
    chosen = BOARD.update(ui, view, "A", TABLE, UiEvent("keydown", "board", {}, key="1"))
    assert isinstance(chosen, Reply) and chosen.local.chosen == "mirror", chosen
    assert chosen.effects == (ShowInWindow(".rt-hint"), ShowInWindow(f"#{scene.cell_id(ui.cursor)}"))
    up = BOARD.update(chosen.local, view, "A", TABLE, UiEvent("keydown", "board", {}, key="ArrowUp"))
    assert isinstance(up, Reply) and up.local.cursor == (ui.cursor[0] - 1, ui.cursor[1]), up
    # It previews a move there (the hint says it): the hint, then the cursor's cell.
    assert up.effects == (ShowInWindow(".rt-hint"), ShowInWindow(f"#{scene.cell_id(up.local.cursor)}"))
    left = BOARD.update(ui, view, "A", TABLE, UiEvent("keydown", "board", {}, key="ArrowLeft"))
    assert isinstance(left, Reply) and left.effects == (ShowInWindow(f"#{scene.cell_id(left.local.cursor)}"),)
    # Nothing is asked of a page that only watches: its hint says nothing new.
    watching = BOARD.update(ui, view, None, TABLE, UiEvent("keydown", "board", {}, key="1"))
    assert not isinstance(watching, Reply) or not any(e.selector == ".rt-hint" for e in watching.effects)


def test_a_hover_s_preview_away_from_the_cursor_keeps_the_pointer_s_words():
    """A mouse resting on the board hovers a cell when a key scrolls the page under it: that preview is not at
    the cursor, where Enter places, so its hint says to click the cell, not "Press Enter to place the tile"."""
    view = rules.view(position({(1, 5): 2}, [tile((6, 6), "/")], hands={"A": (2, 0)}), "A")
    chosen, _ = key(BOARD.start(view, None), view, "A", "1")
    hovered, _ = update(chosen, view, "A", UiEvent("pointerover", "rt-cell", {"r": "3", "c": "5"}))
    assert hovered.keyed and hovered.aim != hovered.cursor and BOARD.previewed(hovered, "A")[0] is not None
    assert "Tap or click the cell to place the tile." in hint(hovered, view)


def test_a_first_tap_where_the_chosen_tile_cannot_go_answers_at_once():
    """On a phone a first tap previews and a second places, so a first tap on a beacon, an emitter or another
    player's tile (no preview there) did nothing at all: no refusal, no word for a screen reader, the hint
    unchanged; the second tap said "That cell holds a beacon.". And a tap on one of the player's own tiles
    with a tile chosen took a second tap to be chosen to turn. Only a cell the tile may go to waits for a
    second tap: elsewhere the first tap does what a click does."""
    view = rules.view(
        position({(1, 5): 2}, [tile((6, 6), "/"), tile((2, 2), "/", owner="C")], hands={"A": (2, 0)}), "A"
    )
    chosen, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")

    def tap(ui, r, c):
        return update(ui, view, "A", UiEvent("click", "rt-cell", {"r": str(r), "c": str(c)}, pointer="touch"))

    on_beacon, sent = tap(chosen, 1, 5)
    assert sent is None and on_beacon.note is not None, on_beacon
    assert said(on_beacon.note) == "that cell holds a beacon"
    theirs, _ = tap(chosen, 2, 2)
    assert theirs.note is not None and theirs.note["code"] == "raythread-occupied"
    ours, sent = tap(chosen, 6, 6)
    assert sent is None and ours.turning == (6, 6) and ours.chosen is None, ours
    # A cell the mirror may go to still previews first, and places at the second tap.
    previewed, sent = tap(chosen, 4, 4)
    assert sent is None and previewed.aim == (4, 4) and previewed.note is None
    _placed, sent = tap(previewed, 4, 4)
    assert sent == {"type": "place", "tile": "mirror", "cell": [4, 4], "orient": "/"}


def test_a_new_orientation_asks_the_engine_once_however_full_its_cache(monkeypatch):
    """A click on the other orientation asks the engine for the move it previews. What the cursor's cell
    previewed before (only to tell whether the preview changed) was asked again too, once the cache of moves
    tried was full: adding the new one had emptied it. That move is known from the board alone."""
    view = rules.view(position({(1, 5): 2}, [], hands={"A": (2, 0)}), "A")
    ui, _ = click(BOARD.start(view, None), view, "A", "rt-hand", kind="mirror")
    for c in range(controls.TRIED_KEPT):  # as many cells hovered as the cache keeps (row 4: no beacon there)
        ui, _ = update(ui, view, "A", UiEvent("pointerover", "rt-cell", {"r": "4", "c": str(c)}))
    asked = []
    play = rules.play
    monkeypatch.setattr(rules, "play", lambda *args: asked.append(args[2]) or play(*args))
    ui, _ = click(ui, view, "A", "rt-orient", orient="\\")
    assert ui.orient == "\\" and BOARD.previewed(ui, "A")[0] is not None
    assert [move["orient"] for move in asked] == ["\\"], asked


def test_the_japanese_end_words_keep_the_target_score_whole():
    """A player's pass in Japanese at 390 px: the end panel broke "…が目標の" / "12点に達しました", the phrase model
    parting "the target's" from its score. The words are joined as the site's other phrases (word joiners, drawn
    as one no-break box: docs/i18n.md), so the line breaks before "目標の12点", not inside it."""
    with in_language("ja"):
        one = i18n.describe("raythread-target", {"seat": "Bea（B）", "target": 12})
        together = i18n.describe("raythread-target-together", {"target": 12})
    kept = "\u2060".join("目標の") + "\u206012\u2060点"
    assert kept in one and kept in together, (one, together)


def claiming_move(seed: int = 3) -> tuple[JSON, JSON]:
    """The views before and after the first move of a seeded match that claims a beacon."""
    state = GAME.setup(GAME.options(None), ("A", "C"), seed)
    chooser = random.Random(seed)
    while not state.ended:
        seat = state.seats[state.turn]
        after, events = rules.play(state, seat, chooser.choice(rules.legal(state, seat)))
        if any(e["type"] == "claimed" for e in events):
            return GAME.view(state, None), GAME.view(after, None)
        state = after
    raise AssertionError("no beacon claimed in the whole match")


def test_a_move_that_claims_a_beacon_moves_for_as_long_as_the_beacon_flashes():
    """A newly claimed beacon flashes (``rt-flash``) as the move's beams sweep in: it is how the board shows who
    just scored, so it is part of the move as the board shows it. ``motion_ms`` counted the sweep alone (600 ms),
    and a computer's answer waits for the board's motion, then its pause: the flash's 0.9 s is counted too now,
    one number (``scene.FLASH_MS``) the board carries to the stylesheet, as the sweep's."""
    before, after = claiming_move()
    fresh = BOARD.start(after, before)
    assert any(key.startswith("rt-k") for key in fresh.fresh), "the claimed beacon flashes"
    assert BOARD.motion_ms(before, after) >= 900, "the flash's 0.9 s"
    assert BOARD.motion_ms(before, after) == max(scene.SWEEP_MS, scene.FLASH_MS)
    svg = scene.board(after)
    assert f"--rt-flash: {scene.FLASH_MS}ms" in str(svg.attr("style"))
    css = (Path(__file__).parents[3] / "css" / "app.css").read_text()
    (rule,) = [r for r in re.findall(r"\.rt-beacon\.rt-fresh circle \{[^}]*\}", css) if "rt-flash" in r]
    assert "animation: rt-flash var(--rt-flash) " in rule, rule
