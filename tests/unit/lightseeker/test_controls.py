"""Light Seeker's match controls: a turn built step by step, everything offered from the rules engine."""

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import i18n
from gamenight.core.errors import BadMessage, IllegalMove
from gamenight.core.grid import DIRECTIONS, Direction
from gamenight.lightseeker import GAME, guide, rules
from gamenight.lightseeker.controls import (
    ARROWS,
    BOARD,
    FOCUS_BOARD_STILL,
    SHOW_CONFIRM,
    SHOW_MOVES,
    SHOW_NOTE,
    plan,
    problem,
)
from gamenight.lightseeker.rules import Action, Options, State
from gamenight.ui import match
from gamenight.ui.match import Reply, SeatAt, Table
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import find_all, render, text_of
from tests.unit.alerts import heard, regions, said_in_turns
from tests.unit.words import in_language

from .test_rules import NEAR_WIN, played

TABLE = Table("lightseeker", (SeatAt("ann", "Ann", "amber"), SeatAt("bob", "Bob", "cyan")), frozenset(("ann", "bob")))
GUEST = Table("lightseeker", TABLE.seats, frozenset(("bob",)))
WATCHING = Table("lightseeker", TABLE.seats, frozenset())


def said(note) -> str:
    return i18n.describe(note["code"], note["params"])


def pair(reply):
    """The board's new state and its move, from an answer with effects for the page or without."""
    return (reply.local, reply.move) if isinstance(reply, Reply) else reply


def click(ui, view, seat, action, table=TABLE, **data):
    return pair(BOARD.update(ui, view, seat, table, UiEvent("click", action, {k: str(v) for k, v in data.items()})))


def key(ui, view, seat, name, table=TABLE):
    return pair(BOARD.update(ui, view, seat, table, UiEvent("keydown", "board", {}, key=name)))


def at(view, cube):
    r, c = view["cubes"][cube]["cell"]
    return {"r": r, "c": c}


def build(ui, view, seat, turn):
    """Make ``turn`` (move JSON) by clicks: each action's cube, then its arrow; Buh's cube; Confirm."""
    for a in turn["actions"]:
        cell = ui.board().cells[a["cube"]]
        if ui.selected != a["cube"]:
            ui, sent = click(ui, view, seat, "ls-cell", r=cell[0], c=cell[1])
            assert sent is None and ui.selected == a["cube"]
        ui, sent = click(ui, view, seat, "ls-act", cube=a["cube"], kind=a["kind"], dir=a["dir"])
        assert sent is None, "nothing is sent before Confirm turn"
    cell = ui.board().cells[turn["buh"]]
    ui, sent = click(ui, view, seat, "ls-cell", r=cell[0], c=cell[1])
    assert sent is None and ui.buh == turn["buh"]
    return click(ui, view, seat, "ls-confirm")


def actions_by_clicks(ui, view, seat, turn, table=TABLE):
    """``turn``'s actions made by clicks, as a player makes them: each action's cube (unless it is chosen
    already: a click would let it go), then its arrow. The board's state after the last action (Buh's cube
    still to choose) and every click's answer, ``(event, reply)`` in order, for a test to read each step's."""
    steps = []
    for a in turn["actions"]:
        cell = ui.board().cells[a["cube"]]
        events = (
            [] if ui.selected == a["cube"] else [UiEvent("click", "ls-cell", {"r": str(cell[0]), "c": str(cell[1])})]
        )
        events.append(UiEvent("click", "ls-act", {"cube": str(a["cube"]), "kind": a["kind"], "dir": a["dir"]}))
        for event in events:
            reply = BOARD.update(ui, view, seat, table, event)
            steps.append((event, reply))
            ui, _ = pair(reply)
    return ui, steps


def a_turn_to_build():
    """A position two turns into deal 3, its view for the seat to move, that seat and a turn of it at random."""
    state = played(3, 2)
    seat = state.to_move
    return GAME.view(state, seat), seat, random.Random(3).choice(GAME.legal(state, seat))


def effects(reply) -> tuple:
    return reply.effects if isinstance(reply, Reply) else ()


# --- what is offered comes from the rules ------------------------------------------------------------


def brute_plan(b: rules.Board, due: int) -> dict:
    """Every first action with the second actions that make a legal turn, by trying every pair."""
    actions = [Action(i, k, d) for i in range(len(b.cells)) for k in rules.KINDS for d in DIRECTIONS]
    other = (b.buh + 1) % len(b.cells)
    found = {}
    for a1 in actions:
        if due == 1:
            try:
                rules.apply_turn(b, rules.Turn((a1,), other))
                found[a1] = frozenset()
            except IllegalMove:
                pass
            continue
        then = set()
        for a2 in actions:
            try:
                rules.apply_turn(b, rules.Turn((a1, a2), other))
                then.add(a2)
            except IllegalMove:
                pass
        if then:
            found[a1] = frozenset(then)
    return found


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 8))
def test_the_plan_of_what_can_lead_to_a_legal_turn_is_exactly_what_brute_force_finds(seed, turns):
    state = played(seed, turns)
    if state.outcome:
        return
    assert plan(state.board, state.actions_due) == brute_plan(state.board, state.actions_due)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10), st.sampled_from(["edges", "faces"]))
def test_a_view_turned_back_into_a_state_plays_like_the_match(seed, turns, joins):
    state = played(seed, turns, joins)
    if state.outcome:
        return
    view = GAME.view(state, "bob")
    again = rules.from_view(view)
    assert again == state
    assert GAME.view(again, "bob") == view


def test_a_view_that_does_not_fit_together_is_refused():
    view = GAME.view(played(3, 2), None)
    for spoil in (
        lambda v: v["cubes"].pop(),
        lambda v: v["cubes"][0].update(cell=v["cubes"][1]["cell"]),
        lambda v: v["cubes"][0].update(orientation=24),
        lambda v: v["cubes"][0].update(orientation="3"),
        lambda v: v.update(buh=9),
        lambda v: v.update(seats=["ann"]),
        lambda v: v["options"].update(light_joins="corners"),
        lambda v: v.pop("turn"),
    ):
        bad = GAME.view(played(3, 2), None)
        spoil(bad)
        with pytest.raises(BadMessage):
            rules.from_view(bad)
    assert rules.from_view(view) is not None


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 8))
def test_a_random_legal_turn_built_by_clicks_is_the_engines_turn_and_shows_its_light(seed, turns):
    state = played(seed, turns)
    if state.outcome:
        return
    seat = state.to_move
    view = GAME.view(state, seat)
    turn = random.Random(seed).choice(GAME.legal(state, seat))
    ui = BOARD.start(view, None)
    # Every cube the turn moves is offered (not dimmed) at its step, and so is every action.
    b = state.board
    for a in turn["actions"]:
        look = BOARD.look(ui, view, seat)
        assert a["cube"] not in look.dim
        cell = ui.board().cells[a["cube"]]
        if ui.selected != a["cube"]:  # after its first action a cube stays chosen (a click would let it go)
            ui, _ = click(ui, view, seat, "ls-cell", r=cell[0], c=cell[1])
        arrow = next(x for x in BOARD.look(ui, view, seat).arrows if (x.kind, x.dir) == (a["kind"], a["dir"]))
        assert arrow.viable
        ui, _ = click(ui, view, seat, "ls-act", cube=a["cube"], kind=a["kind"], dir=a["dir"])
        b = rules.act(b, Action(a["cube"], a["kind"], Direction(a["dir"])))
        # The intermediate position is the engine's, with its areas and light.
        shown = BOARD.shown(ui, view)
        expected = GAME.view(State(state.options, state.seats, b, state.turn), seat)
        assert shown["cubes"] == expected["cubes"] and shown["areas"] == expected["areas"]
        assert shown["total_light"] == rules.total_light(b)
    assert problem(ui) is None
    cell = ui.board().cells[turn["buh"]]
    ui, sent = click(ui, view, seat, "ls-cell", r=cell[0], c=cell[1])
    assert sent is None and BOARD.shown(ui, view)["buh"] == turn["buh"]
    _ui, sent = click(ui, view, seat, "ls-confirm")
    assert sent == turn


def test_arrows_offer_every_open_side_with_the_face_a_tilt_brings_up():
    state = played(11, 3)
    seat = state.to_move
    view = GAME.view(state, seat)
    ui = BOARD.start(view, None)
    cube = next(i for i in range(9) if i != state.board.buh)
    cell = state.board.cells[cube]
    ui, _ = click(ui, view, seat, "ls-cell", r=cell[0], c=cell[1])
    arrows = BOARD.look(ui, view, seat).arrows
    open_sides = [d.value for d in DIRECTIONS if rules.step(cell, d) not in state.board.cells]
    assert sorted({a.dir for a in arrows}) == sorted(open_sides)
    viable = plan(state.board, state.actions_due)
    for a in arrows:
        action = Action(cube, a.kind, Direction(a.dir))
        after = rules.act(state.board, action).orientations[cube]
        assert a.corners == tuple((x.value, y.value) for x, y in rules.LIGHTING.lit_corners[after])
        assert a.viable == (action in viable)
    # The same actions are buttons too (for Tab and screen readers), the blocked sides disabled.
    tree = BOARD.render(ui, view, seat, TABLE)
    buttons = find_all(tree, lambda e: e.attr("class") in ("ls-move", "ls-move ls-dim"))
    assert len(buttons) == 8
    enabled = {(b.attr("data-kind"), b.attr("data-dir")) for b in buttons if not b.attr("disabled")}
    assert enabled == {(a.kind, a.dir) for a in arrows}
    dimmed = {(b.attr("data-kind"), b.attr("data-dir")) for b in buttons if "ls-dim" in b.attr("class")}
    assert dimmed == {(a.kind, a.dir) for a in arrows if not a.viable}


def test_cubes_from_which_no_legal_turn_can_follow_are_dimmed():
    state = played(5, 4)
    seat = state.to_move
    view = GAME.view(state, seat)
    look = BOARD.look(BOARD.start(view, None), view, seat)
    movers = {a.cube for a in plan(state.board, state.actions_due)}
    assert set(look.dim) == set(range(9)) - movers - {state.board.buh}
    classes = {
        e.attr("id"): e.attr("class")
        for e in find_all(
            BOARD.render(BOARD.start(view, None), view, seat, TABLE), lambda e: str(e.attr("id")).startswith("ls-cube-")
        )
    }
    assert {i for i in range(9) if "ls-dim" in classes[f"ls-cube-{i}"]} == set(look.dim)


# --- an illegal turn explained, undo, Buh ------------------------------------------------------------

# A row of three full faces (cubes 0-2) over dark ones, Buh on cube 4 (NEAR_WIN of the rules tests).


def near_win(turn: int = 2) -> tuple[State, dict]:
    state = State(Options(), ("ann", "bob"), NEAR_WIN, turn=turn)
    return state, GAME.view(state, "ann")


def test_a_tap_where_the_chosen_cube_s_arrows_are_keeps_it_and_brings_its_buttons_into_the_window():
    """On a touch screen the arrows take no taps (each is half a cell, 22 × 43 px at 320 px wide: css/app.css),
    so a tap on them lands on their open cell, which let the chosen cube go. It keeps the cube, says to use
    its buttons and brings them into the window; an open cell not next to it still lets it go."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)  # cube 5 (6 on the screen)
    assert ui.selected == 5
    reply = BOARD.update(ui, view, "ann", TABLE, UiEvent("click", "ls-cell", {"r": "1", "c": "4"}))
    assert isinstance(reply, Reply) and reply.effects == (SHOW_MOVES,) and reply.move is None
    assert reply.local.selected == 5 and not reply.local.actions
    assert said(reply.local.note) == "Cube 6: slide or tilt it with the Slide and Tilt buttons."
    taken = {tuple(c["cell"]) for c in view["cubes"]}
    far = next(
        (r, c) for r in range(-1, 5) for c in range(-1, 5) if (r, c) not in taken and abs(r - 1) + abs(c - 3) > 1
    )
    ui, _ = click(ui, view, "ann", "ls-cell", r=far[0], c=far[1])
    assert ui.selected is None and ui.note is None


def test_a_turn_that_would_leave_a_cube_alone_is_explained_before_buh_and_cannot_be_confirmed():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    # Cube 5 at (1, 3) slides east twice: it ends at (1, 5), touching nothing.
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="slide", dir="E")
    assert ui.note is None, "a second action could still bring a cube next to it and raise the light"
    ui, sent = click(ui, view, "ann", "ls-act", cube=5, kind="slide", dir="E")
    assert sent is None
    assert said(ui.note) == "This turn cannot end here: cube 6 would stand alone, touching no other cube."
    assert said(problem(ui)) == said(ui.note)
    tree = BOARD.render(ui, view, "ann", TABLE)
    assert "stand alone" in text_of(tree)
    confirm = find_all(tree, lambda e: e.attr("data-action") == "ls-confirm")[0]
    assert confirm.attr("disabled") is True
    # Choosing Buh is refused with the same reason; Confirm sends nothing.
    ui2, sent = click(ui, view, "ann", "ls-cell", r=0, c=0)
    assert sent is None and ui2.buh is None and "stand alone" in said(ui2.note)
    _ui, sent = click(ui2, view, "ann", "ls-confirm")
    assert sent is None
    # The engine refuses the same turn for the same reason.
    with pytest.raises(IllegalMove, match="cube 5 would be isolated"):
        GAME.play(near_win()[0], "ann", {"actions": [{"cube": 5, "kind": "slide", "dir": "E"}] * 2, "buh": 0}, 0)


def test_an_action_after_which_no_legal_turn_can_follow_is_dimmed_and_then_explained():
    state, view = near_win()
    viable = plan(state.board, state.actions_due)
    doomed = next(
        Action(i, k, d)
        for i in range(9)
        for k in rules.KINDS
        for d in DIRECTIONS
        if i != state.board.buh
        and rules.step(state.board.cells[i], d) not in state.board.cells
        and Action(i, k, d) not in viable
    )
    ui = BOARD.start(view, None)
    cell = state.board.cells[doomed.cube]
    ui, _ = click(ui, view, "ann", "ls-cell", r=cell[0], c=cell[1])
    arrow = next(a for a in BOARD.look(ui, view, "ann").arrows if (a.kind, a.dir) == (doomed.kind, doomed.dir.value))
    assert not arrow.viable, "dimmed, but still there to try"
    ui, sent = click(ui, view, "ann", "ls-act", cube=doomed.cube, kind=doomed.kind, dir=doomed.dir.value)
    assert sent is None and ui.actions == (doomed,)
    assert said(ui.note) == "No action now can make this turn legal: undo the last action."
    assert set(BOARD.look(ui, view, "ann").dim) == set(range(9)) - {state.board.buh}


def test_a_turn_that_does_not_raise_the_light_is_explained():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="slide", dir="S")
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="slide", dir="N")
    assert said(ui.note) == "This turn cannot end here: the light must rise above 6, but it is 6."


def test_undo_action_and_escape_step_back_one_at_a_time():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="tilt", dir="W")
    assert BOARD.shown(ui, view)["total_light"] == 7
    ui, _ = click(ui, view, "ann", "ls-cell", r=2, c=2)
    ui, _ = click(ui, view, "ann", "ls-act", cube=8, kind="slide", dir="E")
    ui, _ = click(ui, view, "ann", "ls-cell", r=0, c=0)
    assert ui.buh == 0 and len(ui.actions) == 2
    ui, _ = key(ui, view, "ann", "Escape")
    assert ui.buh is None and len(ui.actions) == 2
    ui, _ = click(ui, view, "ann", "ls-undo")
    assert len(ui.actions) == 1 and ui.selected == 8 and ui.board().cells[8] == (2, 2)
    ui, _ = key(ui, view, "ann", "Escape")
    assert ui.actions == () and ui.selected == 5 and ui.board() == NEAR_WIN
    assert BOARD.shown(ui, view) is view, "with nothing built the position itself is shown"
    ui, _ = key(ui, view, "ann", "Escape")
    assert ui.selected is None
    assert key(ui, view, "ann", "Escape")[0] is ui, "nothing left to step back: nothing changes"


def test_buh_must_move_and_its_cube_cannot_act():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    ui2, _ = click(ui, view, "ann", "ls-cell", r=1, c=1)  # cube 4, under Buh
    assert ui2.selected is None and said(ui2.note) == "Cube 5 is under Buh: it cannot act this turn."
    ui2, _ = click(ui, view, "ann", "ls-act", cube=4, kind="slide", dir="N")
    assert ui2.actions == () and "under Buh" in said(ui2.note)
    ui2, _ = click(ui, view, "ann", "ls-act", cube=3, kind="slide", dir="E")
    assert ui2.actions == () and said(ui2.note) == "Cube 4 cannot move east: cube 5 is in the way."
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="tilt", dir="W")
    ui, _ = click(ui, view, "ann", "ls-cell", r=2, c=2)
    ui, _ = click(ui, view, "ann", "ls-act", cube=8, kind="slide", dir="E")
    ui2, _ = click(ui, view, "ann", "ls-cell", r=1, c=1)
    assert ui2.buh is None and said(ui2.note) == "Buh must leave cube 5: choose another cube."
    _ui, sent = click(ui, view, "ann", "ls-confirm")
    assert sent is None and said(_ui.note) == "Choose Buh's new cube first."
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=2)  # cube 5 itself, which just acted
    ui, sent = click(ui, view, "ann", "ls-confirm")
    assert sent == {
        "actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}],
        "buh": 5,
    }
    after, _ = GAME.play(near_win()[0], "ann", sent, 0)
    assert GAME.result(after).winners == ("ann",)


def test_a_winning_turn_is_announced_before_it_is_confirmed():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    ui, _ = click(ui, view, "ann", "ls-cell", r=1, c=3)
    ui, _ = click(ui, view, "ann", "ls-act", cube=5, kind="tilt", dir="W")
    assert "This turn wins: a light area worth 7!" in text_of(BOARD.render(ui, view, "ann", TABLE))


# --- the keyboard ------------------------------------------------------------------------------------


def test_the_keyboard_cursor_starts_on_a_cube_that_may_act():
    """A match starts with Buh on the middle cube, where the cursor started: the first Space or Enter
    said "Cube 5 is under Buh: it cannot act this turn." The cursor starts on the cube nearest the
    middle that Buh does not sit on."""
    state = GAME.setup(GAME.options({}), ("ann", "bob"), 1)
    view = GAME.view(state, "ann")
    ui = BOARD.start(view, None)
    buh = tuple(view["cubes"][view["buh"]]["cell"])
    assert ui.cursor != buh
    ui, _ = key(ui, view, "ann", " ")
    assert ui.selected is not None and ui.note is None


def test_a_whole_turn_by_keyboard():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    assert ui.cursor == (0, 1), "the cursor starts on the cube nearest the middle that Buh does not sit on"
    ui, _ = key(ui, view, "ann", "ArrowDown")  # onto Buh's cube
    assert ui.cursor == (1, 1) and ui.selected is None
    ui, _ = key(ui, view, "ann", "ArrowRight")  # (1, 2) is an open space
    assert ui.cursor == (1, 2) and ui.selected is None
    ui, _ = key(ui, view, "ann", "ArrowRight")
    assert ui.cursor == (1, 3) and ui.selected == 5, "the cube under the cursor is chosen"
    ui, _ = key(ui, view, "ann", "t")
    assert ui.kind == "tilt"
    ui, _ = key(ui, view, "ann", "ArrowLeft")  # tilts cube 5 west
    assert ui.actions == (Action(5, "tilt", Direction.W),) and ui.kind is None and ui.cursor == (1, 2)
    ui, _ = key(ui, view, "ann", "ArrowDown")
    assert ui.cursor == (2, 2) and ui.selected == 8
    ui, _ = key(ui, view, "ann", "s")
    ui, _ = key(ui, view, "ann", "ArrowRight")
    assert ui.actions[-1] == Action(8, "slide", Direction.E)
    for name in ("ArrowUp",) * 4:
        ui, _ = key(ui, view, "ann", name)
    assert ui.cursor == (0, 3), "the cursor stays over the cubes (test_the_arrow_keys_keep_the_cursor_over_the_cubes)"
    ui, _ = key(ui, view, "ann", "ArrowLeft")
    ui, sent = key(ui, view, "ann", " ")
    assert ui.buh == 2 and sent is None
    ui, sent = key(ui, view, "ann", "Enter")
    assert sent == {
        "actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}],
        "buh": 2,
    }


def test_a_keyboard_player_hears_each_choice_once():
    """A screen-reader player's keyboard turn: the cube chosen where the cursor stands, the action armed
    (S or T), each action made with the light it leaves, Buh's cube and what is left to do are each said
    once, briefly, in a region drawn empty before. They said nothing: only the eye saw the choice. A cube
    the cursor moves onto is said by its cell (the board's active cell: "…, chosen"), not again here."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    drawings = [BOARD.render(ui, view, "ann", TABLE)]
    for name in (
        (
            "ArrowDown",
            "ArrowRight",
            "ArrowRight",
            "Escape",
            " ",
            "t",
            "ArrowLeft",
            "ArrowDown",
            "s",
            "ArrowRight",
            "Escape",
            "s",
            "ArrowRight",
        )
        + ("ArrowUp",) * 4
        + ("ArrowLeft", " ")
    ):
        ui, sent = key(ui, view, "ann", name)
        assert sent is None
        drawings.append(BOARD.render(ui, view, "ann", TABLE))
    lines = heard(drawings)
    assert lines == [
        "Cube 6 let go.",
        "Cube 6 chosen.",
        "Tilt cube 6: an arrow key chooses the direction.",
        "Cube 6 tilts west. Light on the board: 7 (was 6).",
        "Slide cube 9: an arrow key chooses the direction.",
        "Cube 9 slides east. Light on the board: 7 (was 6). Now move Buh: choose any cube other than cube 5.",
        "Taken back: cube 9 slides east.",
        "Slide cube 9: an arrow key chooses the direction.",
        "Cube 9 slides east. Light on the board: 7 (was 6). Now move Buh: choose any cube other than cube 5.",
        "Buh to cube 3. Confirm the turn, or choose another cube for Buh. Keys: Enter confirms the turn.",
    ], lines


@pytest.mark.parametrize("seat", ["ann", None], ids=["to play", "waiting"])
def test_a_refusal_is_said_in_a_region_drawn_before_it(seat):
    """The note's alert regions came into the page with the note's words: a region a screen reader did not
    know, whose words it may not announce. They are drawn, empty, from the start."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    drawings = [BOARD.render(ui, view, seat, TABLE)]
    ui, _ = click(ui, view, seat, "ls-cell", **at(view, view["buh"]))
    assert ui.note is not None
    drawings.append(BOARD.render(ui, view, seat, TABLE))
    assert heard(drawings) == [said(ui.note)]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("acting", [True, False], ids=["to play", "watching"])
def test_the_arrow_keys_keep_the_cursor_over_the_cubes(seed: int, acting: bool):
    """QA: the arrows moved the keyboard cursor one cell past the outermost cubes, into the frame drawn
    around them, where a key can do nothing: the cube under the cursor is the chosen one, so the chosen
    cube is let go there, and a cube's actions are made from the cube (S or T, then an arrow). The arrows
    now keep the cursor over the cubes' bounding box, and reach each of its sides; the frame stays drawn
    (the arrows a pointer clicks go there)."""
    state = played(seed, 3)
    seat = state.to_move if acting else None  # the match screen passes no seat to a page not to play
    view = GAME.view(state, state.to_move)
    cells = [tuple(c["cell"]) for c in view["cubes"]]
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    left, right = min(c for _, c in cells), max(c for _, c in cells)
    ui = BOARD.start(view, None)
    reached = set()
    for name in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp") * 2:
        for _ in range(6):
            ui, _sent = key(ui, view, seat, name)
            r, c = ui.cursor
            assert top <= r <= bottom and left <= c <= right, f"{name}: the cursor left the cubes for {ui.cursor}"
            reached |= {side for side, edge in (("top", r == top), ("bottom", r == bottom)) if edge}
            reached |= {side for side, edge in (("left", c == left), ("right", c == right)) if edge}
    assert reached == {"top", "bottom", "left", "right"}


def test_s_or_t_with_the_cursor_on_a_cube_acts_on_that_cube():
    """The cursor starts on a cube that may act, not chosen: S or T there said "Choose a cube first (tap
    or click it, or move the cursor onto it)" about the cube under the cursor, and the arrow that
    followed moved the cursor away instead of acting."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    assert ui.cursor == (0, 1) and ui.selected is None  # cube 1 (the second) stands there
    ui, _ = key(ui, view, "ann", "t")
    assert ui.note is None and ui.selected == 1 and ui.kind == "tilt"
    ui, _ = key(ui, view, "ann", "ArrowUp")
    assert ui.actions == (Action(1, "tilt", Direction.N),)
    on_buh, _ = key(BOARD.start(view, None), view, "ann", "ArrowDown")  # (1, 1): Buh's cube
    refused, _ = key(on_buh, view, "ann", "t")
    assert refused.kind is None and said(refused.note) == "Cube 5 is under Buh: it cannot act this turn."


def test_keys_that_do_not_fit_are_explained_or_ignored():
    _state, view = near_win()
    ui = BOARD.start(view, None)
    empty, _ = key(key(ui, view, "ann", "ArrowDown")[0], view, "ann", "ArrowRight")  # (1, 2): an open space
    ui2, _ = key(empty, view, "ann", "s")
    assert said(ui2.note).startswith("Choose a cube first")
    assert key(ui, view, "ann", "q")[0] is ui
    assert BOARD.update(ui, view, "ann", TABLE, UiEvent("keydown", "chat", {}, key="s"))[0] is ui
    assert BOARD.update(ui, view, "ann", TABLE, UiEvent("pointerover", "ls-cell", {"r": "1", "c": "1"}))[0] is ui
    for data in (
        {"r": "x", "c": "1"},
        {"r": "40", "c": "1"},  # outside the frame drawn
        {"r": "-2", "c": "0"},
        {"cube": "9", "kind": "slide", "dir": "N"},
        {"cube": "1", "kind": "roll", "dir": "N"},
    ):
        action = "ls-cell" if "r" in data else "ls-act"
        assert BOARD.update(ui, view, "ann", TABLE, UiEvent("click", action, data))[0] is ui


# --- watching and waiting ----------------------------------------------------------------------------


def test_a_page_that_only_watches_or_waits_sends_nothing_and_says_why():
    state, _ = near_win()
    view = GAME.view(state, None)
    ui = BOARD.start(view, None)
    watched, sent = click(ui, view, None, "ls-cell", table=WATCHING, r=1, c=3)
    assert sent is None and said(watched.note) == "You are watching: only the players move."
    waiting, sent = click(ui, view, None, "ls-act", table=GUEST, cube=5, kind="tilt", dir="W")
    assert sent is None and said(waiting.note) == "Wait for your turn."
    moved, _ = key(ui, view, None, "ArrowDown", table=WATCHING)
    assert (ui.cursor, moved.cursor) == ((0, 1), (1, 1)), "a spectator may still move the cursor to read the cells"
    tree = BOARD.render(ui, view, None, WATCHING)
    assert not find_all(tree, lambda e: e.attr("data-action") in ("ls-confirm", "ls-act"))
    assert "This turn must end above 6" in text_of(tree) and "Light on the board: 6" in text_of(tree)


def test_a_tap_that_does_nothing_brings_its_note_into_the_window():
    """A player's pass at 320 × 640: a tap on a cube while the computer thought said "Wait for your turn."
    under the valley, its top on the window's bottom edge (640 px down in 640): the tap seemed to do
    nothing. Every input that gives a note asks the page to show it (by as little as it takes: nothing
    where it is in sight), waiting or watching, and on the player's turn (a tap on Buh's cube)."""
    state, _ = near_win()
    view = GAME.view(state, None)
    ui = BOARD.start(view, None)
    for table in (GUEST, WATCHING):
        reply = BOARD.update(ui, view, None, table, UiEvent("click", "ls-cell", {"r": "1", "c": "3"}))
        assert isinstance(reply, Reply) and reply.effects == (SHOW_NOTE,) and reply.move is None, reply
        assert reply.local.note is not None
        # The same tap again: the note is given again (said again), and shown again.
        again = BOARD.update(reply.local, view, None, table, UiEvent("click", "ls-cell", {"r": "1", "c": "3"}))
        assert isinstance(again, Reply) and again.effects == (SHOW_NOTE,), again
    assert SHOW_NOTE.selector == ".ls-note"
    own = GAME.view(state, "ann")
    ui = BOARD.start(own, None)
    r, c = ui.board().cells[ui.board().buh]
    reply = BOARD.update(ui, own, "ann", TABLE, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}))
    assert isinstance(reply, Reply) and reply.effects == (SHOW_NOTE,), reply
    assert said(reply.local.note).endswith("is under Buh: it cannot act this turn.")


def test_a_tap_that_chooses_a_cube_brings_its_slide_and_tilt_buttons_into_the_window():
    """A player's pass at 320 × 640: a cube tapped on the player's turn showed its arrows on the valley,
    which take no taps on a touch screen, while its Slide and Tilt buttons stood wholly below the window
    (the turn panel starts under the valley): the tap seemed to offer nothing to tap. A tap or click that
    chooses a cube (another one too) asks the page to show its buttons; one that lets it go, or a key that
    moves the cursor onto a cube (the keyboard's own way, the buttons not needed), asks nothing."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    reply = BOARD.update(ui, view, "ann", TABLE, UiEvent("click", "ls-cell", {"r": "1", "c": "3"}))
    assert isinstance(reply, Reply) and reply.effects == (SHOW_MOVES,) and reply.local.selected == 5, reply
    other = next(i for i in range(len(view["cubes"])) if i not in (5, reply.local.board().buh))
    r, c = reply.local.board().cells[other]
    switched = BOARD.update(reply.local, view, "ann", TABLE, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}))
    assert isinstance(switched, Reply) and switched.effects == (SHOW_MOVES,) and switched.local.selected == other
    let_go = BOARD.update(switched.local, view, "ann", TABLE, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}))
    assert not isinstance(let_go, Reply) and let_go[0].selected is None, let_go
    onto = next(name for name in ARROWS if key(ui, view, "ann", name)[0].selected is not None)
    assert not isinstance(BOARD.update(ui, view, "ann", TABLE, UiEvent("keydown", "board", {}, key=onto)), Reply)


def test_a_new_position_marks_what_moved_and_which_way_cubes_rolled():
    state, before = near_win()
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 0}
    after, _ = GAME.play(state, "ann", turn, 0)
    view = GAME.view(after, "bob")
    ui = BOARD.start(view, before)
    assert ui.moved == {5, 8} and ui.rolls == {5: "W"}
    markup = render(BOARD.render(ui, view, "bob", TABLE))
    assert 'class="ls-top ls-roll-W"' in markup and "ls-moved" in markup


def test_what_moved_is_marked_in_the_colour_of_the_player_who_moved_it():
    """The mark on the cubes a turn moved was the second seat's own colour whoever moved them, so after the
    first player's turn its cubes read as the other player's. Now the mark is the mover's colour: on the
    position after a turn, at each step of a turn played back, and on a turn being built."""
    state, before = near_win()
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 0}
    after, events = GAME.play(state, "ann", turn, 0)
    view = GAME.view(after, "bob")

    def marked(ui, shown) -> dict[str, str]:
        tree = BOARD.render(ui, shown, "bob", TABLE)
        cubes = find_all(tree, lambda e: "ls-moved" in str(e.attr("class") or ""))
        return {str(c.attr("id")): str(c.attr("class")) for c in cubes}

    ann_marks = marked(BOARD.start(view, before), view)
    assert set(ann_marks) == {"ls-cube-5", "ls-cube-8"}
    assert all("seat-amber" in classes for classes in ann_marks.values()), ann_marks
    for shown_before, ui in BOARD.unfold(before, view, events):
        assert all("seat-amber" in c for c in marked(ui, BOARD.shown(ui, shown_before)).values())
    # Bob builds his turn: the cube his first action moved is marked in his colour.
    ui = BOARD.start(view, before)
    (first, *_), _board = rules.turn_outcomes(ui.state.board, ui.due)[0]
    built, _ = click(ui, view, "bob", "ls-act", cube=first.cube, kind=first.kind, dir=first.dir.value)
    bob_marks = marked(built, BOARD.shown(built, view))
    assert bob_marks and all("seat-cyan" in classes for classes in bob_marks.values()), bob_marks


def test_each_step_of_a_turn_played_back_says_over_the_board_that_a_tap_skips_it():
    """QA: while a turn made elsewhere was played back, a phone's status said only whose move and which
    step ("a key or tap skips it" is in what a touch screen hides, being about keys, and would take two
    lines there). Each step now draws "Tap the board to skip" over the valley, in the part
    css/app.css shows on a touch screen only ("A click or a key skips it" where there are keys), unread (the
    status says it in words, visually hidden); the
    position itself, and a turn being built, do not."""
    state, before = near_win()
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 0}
    after, events = GAME.play(state, "ann", turn, 0)
    view = GAME.view(after, "bob")

    def skips(ui, shown, seat) -> list[tuple[str, str | None]]:
        tree = BOARD.render(ui, shown, seat, TABLE)
        (wrap,) = find_all(tree, lambda e: e.attr("class") == "ls-board-wrap")
        lines = find_all(wrap, lambda e: e.attr("class") == "ls-skip")
        return [(tuple(text_of(part) for part in e.children), e.attr("aria-hidden")) for e in lines]

    steps = BOARD.unfold(before, view, events)
    assert len(steps) == 3
    for shown_before, ui in steps:  # the match screen draws a step for no seat
        # A touch screen shows the first part, a screen with keys the second (css/app.css).
        assert skips(ui, shown_before, None) == [(("Tap the board to skip", "A click or a key skips it"), "true")]
    assert skips(BOARD.start(view, before), view, "bob") == []
    assert skips(BOARD.start(view, before), view, None) == []


def test_the_hint_names_the_action_keys_in_what_a_touch_screen_hides():
    """With a cube chosen the hint ended "Keys: S or T, then an arrow." on a phone too, where there is no
    keyboard; the key sentence is now in the element css/app.css hides on a touch screen, as Raythread's
    key names are, and the rest of the hint names no key."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    (first, *_), _board = rules.turn_outcomes(ui.state.board, ui.due)[0]
    r, c = ui.state.board.cells[first.cube]
    ui, _ = click(ui, view, "ann", "ls-cell", r=r, c=c)
    assert ui.selected == first.cube
    hint = find_all(BOARD.render(ui, view, "ann", TABLE), lambda e: e.attr("class") == "ls-hint")[0]
    keys = find_all(hint, lambda e: e.attr("class") == "keys-only")
    assert [text_of(k).strip() for k in keys] == ["Keys: S or T, then an arrow."]
    shown = text_of(hint).replace(text_of(keys[0]), "")
    assert "Tap or click an arrow" in shown and "Keys" not in shown


def test_no_hint_names_a_key_outside_what_a_touch_screen_hides():
    """QA: the hints said "Confirm the turn (Enter)…", "Undo an action (Escape)…", "…or Space at the
    cursor", "…or move onto it with the arrow keys" on a phone too. At every step of a turn (a cube to
    choose, a turn that cannot end, Buh to move, the turn to confirm) what the hint says of keys is in
    the elements css/app.css hides on a touch screen, and the rest names none."""
    state = played(4, 3)
    seat = state.to_move
    view = GAME.view(state, seat)
    table = Table("lightseeker", (SeatAt(seat, "Ann", "amber"),), frozenset((seat,)))

    def hint(ui, view=view, seat=seat, table=table) -> tuple[str, list[str]]:
        shown = find_all(BOARD.render(ui, view, seat, table), lambda e: e.attr("class") == "ls-hint")[0]
        keys = [text_of(k) for k in find_all(shown, lambda e: e.attr("class") == "keys-only")]
        rest = text_of(shown)
        for k in keys:
            rest = rest.replace(k, "")
        return rest, keys

    ui = BOARD.start(view, None)
    turn = GAME.legal(state, seat)[0]
    said = [hint(ui)]
    ui, _steps = actions_by_clicks(ui, view, seat, turn, table)
    said.append(hint(ui))  # Buh to move
    cell = ui.board().cells[turn["buh"]]
    ui, _ = click(ui, view, seat, "ls-cell", table, r=cell[0], c=cell[1])
    said.append(hint(ui))  # the turn to confirm
    # A turn that cannot end: a lone cube (the near-win valley's cube 5 slid twice east).
    _state, near = near_win()
    lone = BOARD.start(near, None)
    lone, _ = click(lone, near, "ann", "ls-cell", r=1, c=3)
    lone, _ = click(lone, near, "ann", "ls-act", cube=5, kind="slide", dir="E")
    lone, _ = click(lone, near, "ann", "ls-act", cube=5, kind="slide", dir="E")
    assert lone.note is not None
    said.append(hint(lone, near, "ann", TABLE))
    for rest, keys in said:
        assert rest and keys, said
        for word in ("Enter", "Escape", "Space", "arrow key", "Keys"):
            assert word not in rest, (word, rest)


def test_the_log_tells_each_turn_and_the_end():
    names = {"ann": "Ann", "bob": "Bob"}
    event = {
        "type": "turn",
        "seat": "ann",
        "actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}],
        "buh": 0,
        "light": 8,
    }
    assert (
        BOARD.event_text(event, names)
        == "Ann\u00a0(ann): cube 6 tilts west, cube 9 slides east; Buh to cube 1 · light 8."
    )
    assert BOARD.event_text({"type": "end", "winner": "ann", "reason": "ann lit an area worth 7"}, names) == (
        "The match is over: ann lit an area worth 7."
    )
    coded = {
        "type": "end",
        "winner": "ann",
        "reason": {"code": "lightseeker-lit", "params": {"seat": "ann", "value": 8}},
    }
    # The winner by name, as everywhere else on the page (not by the seat's id alone).
    assert BOARD.event_text(coded, names) == "The match is over: Ann\u00a0(ann) lit an area worth 8."
    assert isinstance(BOARD.event_text({"type": "turn", "actions": "junk", "buh": "x"}, names), str)
    assert BOARD.event_text({"type": "chat"}, names) is None


def test_on_a_first_turn_one_action_completes_the_actions():
    state = GAME.setup(GAME.options(None), ["ann", "bob"], 9)
    view = GAME.view(state, "ann")
    move = GAME.legal(state, "ann")[0]
    _ui, sent = build(BOARD.start(view, None), view, "ann", move)
    assert sent == move


def test_confirm_turn_is_shown_in_the_window_when_the_turn_becomes_one_to_confirm():
    """At 320×640 "Confirm turn" stood below the window once Buh's cube was tapped. The tap (or Space) that
    makes the turn whole and legal asks the page to show the button; the steps before it, and another
    cube for Buh once the turn could already be confirmed, ask nothing."""
    view, seat, turn = a_turn_to_build()
    ui, steps = actions_by_clicks(BOARD.start(view, None), view, seat, turn)
    for event, reply in steps:  # no click before Buh's asks for the button
        assert SHOW_CONFIRM not in effects(reply), (event, reply)
    r, c = ui.board().cells[turn["buh"]]
    reply = BOARD.update(ui, view, seat, TABLE, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}))
    assert isinstance(reply, Reply) and reply.move is None and reply.effects == (SHOW_CONFIRM,), reply
    assert SHOW_CONFIRM.selector == "button[data-action=ls-confirm]"
    # Another cube for Buh: the turn could be confirmed already, the button is where the page showed it.
    ui = reply.local
    other = next(i for i in range(len(ui.board().cells)) if i not in (turn["buh"], ui.board().buh))
    r, c = ui.board().cells[other]
    again = BOARD.update(ui, view, seat, TABLE, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}))
    assert not isinstance(again, Reply) or SHOW_CONFIRM not in again.effects, again


def test_the_first_seat_starts_the_match_only_until_it_ends():
    """The first seat's card said "starts the match" on the final position too, and after the host
    ended the match: a fact about a match still to be played."""
    _state, view = near_win(turn=0)
    assert BOARD.seat_facts(view, "ann", TABLE) == ["starts the match"] and BOARD.seat_facts(view, "bob", TABLE) == []
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 5}
    after, _ = GAME.play(near_win()[0], "ann", turn, 0)
    assert "starts the match" not in BOARD.seat_facts(GAME.view(after, "ann"), "ann", TABLE)
    stopped = Table("lightseeker", TABLE.seats, TABLE.mine, stopped=True)
    assert BOARD.seat_facts(view, "ann", stopped) == []


def test_a_finished_match_s_seat_cards_say_each_player_s_place():
    """A finished match's seat cards kept an empty second line (the cards of a match are one height, and
    nothing was said there once it ended). Each card says the seat's place in the final standings, as
    Raythread's finished cards do (``ui.match.place_words``): the winner's "1st place", the other's "2nd
    place", both "1st place" in a draw, in the page's language; a match the host ended has no standings (nor
    a place to say)."""
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 5}
    won, _ = GAME.play(near_win()[0], "ann", turn, 0)
    assert GAME.result(won) is not None
    for seat in (None, "ann", "bob"):
        view = GAME.view(won, seat)
        assert [BOARD.seat_facts(view, s, TABLE) for s in ("ann", "bob")] == [["1st place"], ["2nd place"]]
    drawn = replace(near_win()[0], outcome=rules.Outcome(None, "lightseeker-stuck-draw", {"seat": "bob"}))
    view = GAME.view(drawn, "bob")
    assert [BOARD.seat_facts(view, s, GUEST) for s in ("ann", "bob")] == [["1st place"], ["1st place"]]
    stopped = Table("lightseeker", TABLE.seats, TABLE.mine, stopped=True)  # the host ended it: no result
    assert [BOARD.seat_facts(near_win()[1], s, stopped) for s in ("ann", "bob")] == [[], []]
    i18n.set_language("ja")  # the next test is in English again (conftest)
    assert [BOARD.seat_facts(GAME.view(won, "ann"), s, TABLE) for s in ("ann", "bob")] == [["1位"], ["2位"]]


def test_the_first_seat_starts_the_match_only_until_the_first_turn_is_played():
    """QA: the first seat's card kept "starts the match" for the whole match: it is news only before
    anyone has played (then the status says who is to play, and the card who has the turn)."""
    state = GAME.setup(GAME.options(None), ("ann", "bob"), 9)
    assert BOARD.seat_facts(GAME.view(state, "bob"), "ann", GUEST) == ["starts the match"]
    for _turn in range(3):  # Ann's first turn, Bob's, Ann's second: the match goes on
        state, _ = GAME.play(state, state.to_move, GAME.legal(state, state.to_move)[0], 0)
        view = GAME.view(state, "bob")
        assert view["result"] is None
        assert BOARD.seat_facts(view, "ann", GUEST) == [] and BOARD.seat_facts(view, "bob", GUEST) == [], view["turn"]


def test_a_board_that_takes_no_input_draws_no_cursor_while_the_match_goes_on_at_the_hosts():
    """A guest's page that lost the host (``table.offline``), like a match the host ended
    (``table.stopped``), drops every input on the board (ui.match.handle): its board drew the keyboard
    cursor (and named its cell as the grid's active one) as if the arrows still moved it. Offline, the
    match goes on at the host's, so the turn's facts stay; stopped, they go (no turn is due)."""
    state = GAME.setup(GAME.options({}), ("ann", "bob"), 1)
    view = GAME.view(state, "bob")
    ui = BOARD.start(view, None)
    live = render(BOARD.render(ui, view, None, GUEST))
    assert "ls-cursor" in live and "aria-activedescendant" in live, "a watcher reads the board with its cursor"
    offline = Table("lightseeker", GUEST.seats, GUEST.mine, offline=True)
    stopped = Table("lightseeker", GUEST.seats, GUEST.mine, stopped=True)
    for table in (offline, stopped):
        drawn = BOARD.render(ui, view, None, table)  # the screen passes no seat once input is dropped
        markup = render(drawn)
        assert "ls-cursor" not in markup and "aria-activedescendant" not in markup, table
    assert "This turn must end above" in text_of(BOARD.render(ui, view, None, offline))
    # Stopped, the turn's words stay unseen and unread, holding their room (the board does not move up).
    ended = BOARD.render(ui, view, None, stopped)
    gone = find_all(ended, lambda e: e.attr("class") == "ls-gone")
    assert all(e.attr("aria-hidden") == "true" for e in gone)
    assert any(text_of(e).startswith("This turn must end above") for e in gone)


def test_the_final_board_is_read_cell_by_cell_and_takes_no_turn():
    """After the match ended by its rules (the view has a ``result``), ``match.handle`` dropped every
    input on the board, yet the board still drew its keyboard cursor, which the arrows no longer moved:
    a screen-reader user could not read the final valley cell by cell, as a spectator could during the
    match. The arrows reach the board now, for no seat, the last move's replay ended first; nothing
    else does (no cube chosen, no note, no turn)."""
    state, _view = near_win()
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 5}
    after, events = GAME.play(state, "ann", turn, 0)
    # Bob's page watches Ann's winning turn played back, step by step.
    ui = match.advance(
        match.start("lightseeker", BOARD, GAME.view(state, "bob"), GUEST), GAME.view(after, "bob"), events, GUEST
    )
    assert ui.view["result"] and match.replaying(ui)
    for name in ARROWS:
        looked, move = match.handle(ui, GUEST, UiEvent("keydown", "board", {}, key=name))
        assert move is None and not match.replaying(looked)
        if looked.local.cursor != ui.local.cursor:
            break
    else:
        raise AssertionError("no arrow moved the cursor on the final board")
    assert "ls-cursor" in render(match.render(looked, GUEST))
    for event in (
        UiEvent("click", "ls-cell", {"r": "1", "c": "3"}),
        UiEvent("keydown", "board", {}, key=" "),
        UiEvent("keydown", "board", {}, key="Enter"),
        UiEvent("keydown", "board", {}, key="s"),
        UiEvent("click", "ls-act", {"cube": "5", "kind": "slide", "dir": "E"}),
        UiEvent("click", "ls-confirm"),
    ):
        again, move = match.handle(looked, GUEST, event)
        assert move is None and again is looked, event
    # A match the host ended, or a page that lost the host (the lobby says why: ``halted``), still
    # drops the arrows too, and draws no cursor.
    halted = replace(looked, halted="The host ended the match.")
    for table in (replace(GUEST, stopped=True), replace(GUEST, offline=True)):
        assert match.handle(halted, table, UiEvent("keydown", "board", {}, key=name)) == (halted, None), table
        assert "ls-cursor" not in render(match.render(halted, table)), table


@pytest.mark.parametrize("refusal", ["under Buh", "blocked", "not your turn"])
def test_the_same_refusal_again_is_said_again(refusal: str):
    """As Raythread's board (ui.live.alerts): the same refusal twice put the same text into the same
    role=alert, which the page's morphing render left as it was (the board even returned the Ui as it
    was: nothing to redraw), so a screen reader heard nothing the second time. Each refusal now fills the
    alert region that did not speak last and empties the other."""
    _state, view = near_win()
    ui = BOARD.start(view, None)
    seat = None if refusal == "not your turn" else "ann"
    if refusal == "under Buh":
        press = {"action": "ls-cell", "r": 1, "c": 1}  # cube 5, under Buh
    else:
        press = {"action": "ls-act", "cube": 3, "kind": "slide", "dir": "E"}  # cube 5 is in the way
    drawn = []
    for _ in range(3):
        ui, move = click(ui, view, seat, **press)
        assert move is None
        drawn.append(regions(BOARD.render(ui, view, seat, TABLE)))
    assert drawn[0] != drawn[1] != drawn[2], f"a refusal again drew the alerts as they were: {drawn}"
    said = said_in_turns(drawn, "ls-alert")
    notes = find_all(BOARD.render(ui, view, seat, TABLE), lambda e: "ls-note" in (e.attr("class") or ""))
    assert [text_of(e) for e in notes] == [said]


def test_the_light_line_holds_the_room_of_its_was_note_before_the_first_action():
    """QA: "(was N)" came after the light only once an action changed it, so in Japanese on a laptop the
    line of the turn's facts, one line at the turn's start, wrapped to two with it: the board jumped down
    30 px at the first action and back up when the turn was confirmed. The note now holds its room from
    the start, unseen and unread (``.ls-gone``), the same words it shows once the light has changed."""
    state = GAME.setup(GAME.options({}), ("ann", "bob"), 1)
    view = GAME.view(state, "ann")
    ui = BOARD.start(view, None)

    def was(ui) -> list:
        tree = BOARD.render(ui, view, "ann", TABLE)
        return find_all(tree, lambda e: "ls-was" in str(e.attr("class") or "").split())

    (held,) = was(ui)
    assert "ls-gone" in str(held.attr("class")).split() and held.attr("aria-hidden") == "true"
    turn = next(t for t in GAME.legal(state, "ann") if t["actions"])
    a = turn["actions"][0]
    cell = ui.board().cells[a["cube"]]
    ui, _ = click(ui, view, "ann", "ls-cell", r=cell[0], c=cell[1])
    ui, _ = click(ui, view, "ann", "ls-act", cube=a["cube"], kind=a["kind"], dir=a["dir"])
    (shown,) = was(ui)
    assert "ls-gone" not in str(shown.attr("class")).split() and shown.attr("aria-hidden") is None
    assert text_of(held) == text_of(shown) == " (was 0)"


def _info_line(tree) -> tuple[list[str], list[str]]:
    """The line over the valley: the words shown, and those that only hold their room (unseen, unread)."""
    (info,) = find_all(tree, lambda e: e.attr("class") == "ls-info")
    held = find_all(info, lambda e: "ls-gone" in str(e.attr("class") or "").split())
    assert all(e.attr("aria-hidden") == "true" for e in held)
    hidden = {id(e) for e in held}

    def shown(node) -> list[str]:
        if isinstance(node, str):
            return [node] if node.strip() else []
        if id(node) in hidden:
            return []
        return [text for child in node.children for text in shown(child)]

    return ["".join(shown(part)).strip() for part in info.children], [text_of(e).strip() for e in held]


def test_the_ended_board_says_how_many_turns_were_played_where_the_turns_facts_were():
    """QA: when the match ended, the turn's facts ("This turn must end above 9", "Turn 8: 2 actions") went
    unseen, holding their room, and "An area worth 7 wins" stood alone over an empty place, as if a turn
    were still due. Their places now say how many turns were played, the rule's nothing (QA: its "The match is
    over" stood just under the status's "Ann (1) wins!", said twice); each place holds the room of both its
    words in play and at the end, so the board under them does not move."""
    state, view = near_win()
    turn = {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 5}
    after, _ = GAME.play(state, "ann", turn, 0)
    ended = GAME.view(after, "ann")
    assert ended["result"] and view["turn"] == 3
    playing_shown, playing_held = _info_line(BOARD.render(BOARD.start(view, None), view, "ann", TABLE))
    light = view["total_light"]
    above = f"This turn must end above {light}"
    assert playing_shown == [f"Light on the board: {light}", above, "An area worth 7 wins", "Turn 3: 2 actions"]
    ended_shown, ended_held = _info_line(BOARD.render(BOARD.start(ended, view), ended, None, TABLE))
    value = ended["result"]["reason"]["params"]["value"]
    assert ended_shown[1:] == [f"Won by an area worth {value}", "An area worth 7 wins", "Turns played: 3"], ended_shown
    # What one shows, the other holds: the places keep the room of both.
    assert {f"This turn must end above {ended['total_light']}", "Turn 4: 2 actions"} <= set(ended_held), ended_held
    assert {"Turns played: 2"} <= set(playing_held), playing_held
    # A match the host ended says so too (no turn is due any more).
    stopped = Table("lightseeker", TABLE.seats, TABLE.mine, stopped=True)
    assert _info_line(BOARD.render(BOARD.start(view, None), view, None, stopped))[0][1:] == [
        "",
        "An area worth 7 wins",
        "Turns played: 2",
    ]


def test_the_rule_s_place_says_why_the_match_ended_and_no_place_over_the_valley_is_empty():
    """A player's pass at 320 × 640 and 390 × 844: at the end the rule's place ("This turn must end above 10") was
    an empty line between "Light on the board" and "An area worth 7 wins", kept so the board does not move. It says
    why the match ended, in words without a name (the status names who won; a name could take a second line the
    rule's words do not): the winning area's worth, or that no legal turn was left (a win or a draw), in English
    and in Japanese. A reason of another kind (a peer's sentence) says nothing there, as before."""
    _state, view = near_win()

    def ended_with(reason) -> list[str]:
        over = {**view, "result": {"ranking": [["ann"], ["bob"]], "reason": reason}}
        return _info_line(BOARD.render(BOARD.start(over, view), over, None, TABLE))[0]

    lit = {"code": "lightseeker-lit", "params": {"seat": "ann", "value": 9}}
    stuck = {"code": "lightseeker-stuck", "params": {"seat": "bob"}}
    draw = {"code": "lightseeker-stuck-draw", "params": {"seat": "bob"}}
    assert ended_with(lit)[1] == "Won by an area worth 9"
    assert ended_with(stuck)[1] == ended_with(draw)[1] == "Ended: no legal turn left"
    assert ended_with("Bob gave up")[1] == ""
    assert all(ended_with(lit)) and all(ended_with(stuck)), "no place over the valley is empty"
    with in_language("ja"):
        assert i18n.plain(ended_with(lit)[1]) == "値9のエリアで決着"
        assert i18n.plain(ended_with(draw)[1]) == "可能な手番がなく終了"


def test_a_turn_starts_with_the_cursor_on_a_cube_that_can_move_nearest_buhs():
    """A player's pass by keys (1280 × 800, the rematch's first turn, Buh on cube 2 at the top of the block):
    the cursor started on cube 5, in the middle of the block, walled in on its four sides (dimmed, with no
    action), for it was as near Buh's cube as cube 3 and nearer the middle; S, T or Space there could do
    nothing. The cursor starts on a cube with an open cell beside it, the nearest Buh's, where one is."""
    from .test_rules import DARK, board

    block = [((r, c), DARK) for r in range(3) for c in range(3)]
    state = State(Options(), ("ann", "bob"), board(*block, buh=1), turn=2)
    ui = BOARD.start(GAME.view(state, "ann"), None)
    assert ui.cursor in ((0, 0), (0, 2)), ui.cursor  # beside Buh's cube, and free to move (not (1, 1))
    # Over the positions of random matches: a cube that can move, the nearest Buh's of those.
    for seed in range(12):
        for turns in range(0, 9, 2):
            state = played(seed, turns)
            b = state.board
            cells = b.cells
            movable = [
                cell
                for i, cell in enumerate(cells)
                if i != b.buh
                and any((cell[0] + dr, cell[1] + dc) not in cells for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
            ]
            ui = BOARD.start(GAME.view(state, state.to_move), None)
            br, bc = cells[b.buh]
            nearest = min((r - br) ** 2 + (c - bc) ** 2 for r, c in movable)
            assert ui.cursor in movable and (ui.cursor[0] - br) ** 2 + (ui.cursor[1] - bc) ** 2 == nearest


def test_only_a_player_who_can_act_now_gets_the_pointer_cue_on_cubes():
    """A player's pass: a spectator, the player whose turn it is not (a peer-link match, a match with the
    computer while it thinks) and a finished or stopped match still drew the cubes as ``ls-pick`` (css/app.css
    gives them a pointer and a hover tint), though a click there only says "Wait for your turn". The scene
    knows no turns: the board tells it (``Look.pick``) whether this page may act now."""
    state, _ = near_win()
    view = GAME.view(state, None)
    ui = BOARD.start(view, None)

    def cued(tree) -> set[str]:
        return {
            str(e.attr("id"))
            for e in find_all(tree, lambda e: e.attr("data-action") == "ls-cell")
            if {"ls-pick", "ls-target"} & set(str(e.attr("class")).split())
        }

    assert cued(BOARD.render(ui, view, "ann", TABLE)), "the player to move is offered the cubes"
    assert cued(BOARD.render(ui, view, None, WATCHING)) == set(), "a spectator"
    assert cued(BOARD.render(ui, view, None, GUEST)) == set(), "the player whose turn it is not"
    for ended in (replace(TABLE, stopped=True), replace(TABLE, offline=True)):
        assert cued(BOARD.render(ui, view, "ann", ended)) == set(), ended
    # The player to move chooses a cube: its open neighbours are cued; a watcher of that turn sees no cue.
    chosen, _ = click(ui, view, "ann", "ls-cell", **at(view, 5))
    assert len(cued(BOARD.render(chosen, view, "ann", TABLE))) > len(cued(BOARD.render(ui, view, "ann", TABLE)))
    assert cued(BOARD.render(chosen, view, None, WATCHING)) == set()
    # A rules picture takes no clicks either.
    assert cued(guide.page()) == set()


def test_in_japanese_a_cube_s_word_stays_on_the_line_of_its_number():
    """A player's pass on a 390 px phone in Japanese: the log's line of the computer's turn broke
    "…Buhをキューブ" / "4へ・光15。", the cube's word parted from its number (Chromium's phrase model breaks
    between the katakana and the digit). Every Japanese sentence that names a cube by its number joins the
    word and the number with word joiners (docs/i18n.md, "Words kept whole"): drawn as one unbroken run."""
    from tests.unit.test_catalogues import catalogue, forms

    i18n.set_language("ja")
    try:
        event = {
            "type": "turn",
            "seat": "1",
            "actions": [{"cube": 0, "kind": "tilt", "dir": "S"}],
            "buh": 3,
            "light": 15,
        }
        line = BOARD.event_text(event, {"1": "Ann"})
    finally:
        i18n.set_language("en")
    assert line is not None and i18n.JOINER.join("キューブ1") in line and i18n.JOINER.join("キューブ4") in line, line
    joined = i18n.JOINER.join("キューブ") + i18n.JOINER
    apart = [
        text
        for m in catalogue("ja")
        if m.id
        for text in forms(m.string)
        for word in re.findall("キ\u2060?ュ\u2060?ー\u2060?ブ\u2060?(?=[{0-9])", text)
        if word != joined
    ]
    assert not apart, "\n".join(apart)


def test_an_armed_slide_or_tilt_shows_on_the_page_until_it_is_used_or_pressed_again():
    """A player's pass by keys (1280 × 800): with a cube chosen, T (or S) armed the tilt and the page drew
    exactly what it drew before: the hint still said "Keys: S or T, then an arrow." and nothing marked the
    Tilt row, so a sighted keyboard player could not tell the key had done anything (only a screen reader
    heard "Tilt cube 2: an arrow key chooses the direction."). The hint's key sentence now says it, and
    the armed row of the chosen cube's buttons is marked (``ls-armed``), until the arrow key acts or the
    same letter is pressed again."""
    _state, view = near_win()
    ui = BOARD.start(view, None)

    def shown(ui) -> tuple[list[str], list[str]]:
        tree = BOARD.render(ui, view, "ann", TABLE)
        hint = find_all(tree, lambda e: e.attr("class") == "ls-hint")[0]
        keys = [text_of(k).strip() for k in find_all(hint, lambda e: e.attr("class") == "keys-only")]
        rows = find_all(tree, lambda e: "ls-move-row" in str(e.attr("class") or "").split())
        armed = [str(r.attr("aria-label")) for r in rows if "ls-armed" in str(r.attr("class")).split()]
        return keys, armed

    ui, _ = key(ui, view, "ann", " ")  # the cube under the cursor (cube 2) chosen
    assert ui.selected == 1 and shown(ui) == (["Keys: S or T, then an arrow."], [])
    ui, _ = key(ui, view, "ann", "t")
    assert ui.kind == "tilt"
    assert shown(ui) == (["Tilt cube 2: an arrow key chooses the direction."], ["Tilt"])
    ui, _ = key(ui, view, "ann", "s")
    assert shown(ui) == (["Slide cube 2: an arrow key chooses the direction."], ["Slide"])
    ui, _ = key(ui, view, "ann", "s")  # pressed again: disarmed
    assert ui.kind is None and shown(ui) == (["Keys: S or T, then an arrow."], [])


def test_focus_goes_to_the_board_when_the_pressed_slide_tilt_or_confirm_button_goes_away():
    """A player's pass by keyboard and screen reader: the last Slide/Tilt button pressed (the turn's actions
    made, the buttons go) and a clicked "Confirm turn" (sent, the button goes) dropped focus to the status line
    above the board (the page's focus home), and the player lost their place. Focus goes to the board, where
    the next thing is done (Buh's new cube, then the next turn), in a game night's pages too, which ask
    for no focus themselves after a move. An action that leaves one to make keeps the buttons: nothing asked."""
    view, seat, turn = a_turn_to_build()
    ui, steps = actions_by_clicks(BOARD.start(view, None), view, seat, turn)
    acts = [reply for event, reply in steps if event.action == "ls-act"]
    assert len(acts) == len(turn["actions"])
    for n, reply in enumerate(acts, 1):
        assert (FOCUS_BOARD_STILL in effects(reply)) == (n == len(acts)), (n, effects(reply))
    # A player's pass on a phone: the board's focus showed the page's top where the board fitted in the window
    # with it, and the board a finger played on jumped back down at the last action's tap, away from the buttons
    # the cube's tap had brought in (and the cube's tap moved it 12 px at 390 × 844, the buttons in the window
    # already): in the middle of a turn nothing scrolls where the board and the buttons are in the window.
    assert replace(match.FOCUS_BOARD, still=True) == FOCUS_BOARD_STILL and SHOW_MOVES.still
    r, c = ui.board().cells[turn["buh"]]
    ui, _ = click(ui, view, seat, "ls-cell", r=r, c=c)
    reply = BOARD.update(ui, view, seat, TABLE, UiEvent("click", "ls-confirm", {}))
    # The turn is over: the page's top comes back where the board fits in the window with it.
    assert isinstance(reply, Reply) and reply.move == turn and match.FOCUS_BOARD in reply.effects, reply


def test_a_refusal_stays_until_the_player_answers_it_not_at_the_arrow_key_that_follows():
    """A player's pass: T on Buh's cube (or on an open cell) was refused, and the arrow key pressed right after
    it, as T then an arrow is how a tilt is made, moved the cursor and cleared the refusal: it was never read.
    A key that only moves the cursor keeps the note; choosing, acting, S or T again, Escape or Undo answer it."""
    _state, view = near_win()
    on_buh, _ = key(BOARD.start(view, None), view, "ann", "ArrowDown")  # (1, 1): Buh's cube
    refused, _ = key(on_buh, view, "ann", "t")
    assert said(refused.note) == "Cube 5 is under Buh: it cannot act this turn."
    moved, _ = key(refused, view, "ann", "ArrowLeft")  # (1, 0): cube 3, which may act
    assert moved.cursor != refused.cursor and moved.note == refused.note
    chosen, _ = key(moved, view, "ann", "t")  # T again, on a cube that may act: answered
    assert chosen.note is None and chosen.kind == "tilt"
    empty, _ = key(key(BOARD.start(view, None), view, "ann", "ArrowDown")[0], view, "ann", "ArrowRight")
    asked, _ = key(empty, view, "ann", "s")
    assert said(asked.note).startswith("Choose a cube first")
    assert key(asked, view, "ann", "ArrowUp")[0].note == asked.note
    assert key(asked, view, "ann", "Escape")[0].note is None


def test_the_key_help_lists_every_key_the_board_answers_and_no_other():
    """A player's pass: the keys a board answers and the keys its help lists must agree. Backspace undoes the last
    action as U does, and the key help named only Escape and U; R, which confirms nothing here (Raythread's R
    turns a tile), is in no list and does nothing."""
    view, seat, turn = a_turn_to_build()
    ui, _steps = actions_by_clicks(BOARD.start(view, None), view, seat, turn)
    r, c = ui.board().cells[turn["buh"]]
    ready, _ = click(ui, view, seat, "ls-cell", r=r, c=c)
    listed = {k.lower() for keys, _what in guide.SHORTCUTS for k in keys}
    answered = {
        name
        for name in ("s", "t", "Space", "Enter", "Escape", "u", "Backspace", "r", "c", "x")
        if key(ready, view, seat, " " if name == "Space" else name)[0] != ready
        or key(ui, view, seat, " " if name == "Space" else name)[0] != ui
    }
    assert {k.lower() for k in answered} == listed - {"arrow keys"}, (answered, listed)
    assert key(ready, view, seat, "r")[1] is None and key(ready, view, seat, "R")[0] == ready


def test_wait_for_your_turn_goes_as_the_player_looks_around_the_answered_refusals_stay():
    """A player's pass: "Wait for your turn." (a key or tap while another seat plays) stayed under the valley as
    the player moved the cursor to read the cells. It answers nothing the player can do, and looking around is
    what a player waiting does: an arrow key clears it (and "You are watching", its spectator's form). A refusal of
    the player's own turn stays through the arrows (above): the player has something to answer there."""
    _state, view = near_win()  # Ann's turn: Bob waits
    waiting, _ = key(BOARD.start(view, None), view, None, "t", table=GUEST)
    assert said(waiting.note) == "Wait for your turn."
    looked, _ = key(waiting, view, None, "ArrowLeft", table=GUEST)
    assert looked.cursor != waiting.cursor and looked.note is None
    tapped, _ = click(BOARD.start(view, None), view, None, "ls-cell", table=WATCHING, r=1, c=1)
    assert said(tapped.note) == "You are watching: only the players move."
    assert key(tapped, view, None, "ArrowUp", table=WATCHING)[0].note is None
    # Ann's own refusal stays through the arrow key (test_a_refusal_stays_until_the_player_answers_it_...).
    on_buh, _ = key(BOARD.start(view, None), view, "ann", "ArrowDown")
    refused, _ = key(on_buh, view, "ann", "t")
    assert key(refused, view, "ann", "ArrowLeft")[0].note == refused.note
