"""The solo training screen, driven message by message as the browser shell would drive it."""

import json
from dataclasses import replace

import pytest

from gamenight.core.jsonutil import dumps
from gamenight.reflection import prefetch, solo, training
from gamenight.reflection.generate import VERSION, generate
from gamenight.reflection.laser import EMPTY, Layout, trace
from gamenight.reflection.puzzle import KIND_OF, check, mismatches
from gamenight.ui.program import (
    Env,
    Navigate,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    WorkProgress,
    run_work,
)
from gamenight.ui.svg import find_all, render, text_of

SCREEN = solo.SCREEN
T0 = 1_000_000


def click(action, now_ms=0, **data):
    return UiEvent("click", action=action, data={k: str(v) for k, v in data.items()}, now_ms=now_ms)


def key(name):
    return UiEvent("keydown", action="board", key=name)


def cell(r, c, kind="click"):
    return UiEvent(kind, action="cell", data={"r": str(r), "c": str(c)})


def send(model, *messages):
    effects = []
    for message in messages:
        model, more = solo.update(model, message)
        effects += more
    return model, effects


def generated(params=None, stored=None):
    """The screen after opening a puzzle link and letting the generator finish."""
    params = params or {"preset": "easy", "seed": "1234", "v": "2"}
    model, effects = SCREEN.init(params, Env(stored=stored or {}, now_ms=T0))
    (work,) = [e for e in effects if isinstance(e, Work)]
    progress, result = run_work(work)
    for value in progress[-1:]:
        model, _ = solo.update(model, WorkProgress(work.task, value))
    model, effects = solo.update(model, WorkDone(work.task, result))
    return model, effects


def place_solution(model):
    """Click the solution in, as a player: pick the tray kind, click the cell, turn it if needed."""
    for (r, c), tile in sorted(model.solution.tiles().items()):
        model, _ = send(model, click("tray", kind=KIND_OF[tile]), cell(r, c))
        if model.phase != "playing":
            break
        if model.layout.at((r, c)) != tile:
            model, _ = send(model, cell(r, c))
    return model


def test_a_link_without_a_seed_opens_the_options():
    model, effects = SCREEN.init({}, Env(now_ms=T0))
    assert model.phase == "options" and effects == []
    assert find_all(SCREEN.view(model), lambda e: e.tag == "form" and e.attr("data-action") == "options")


def test_a_puzzle_link_generates_that_puzzle_in_the_background_and_keeps_the_url():
    model, effects = SCREEN.init({"preset": "easy", "seed": "1234", "v": "2"}, Env(now_ms=T0))
    assert model.phase == "generating" and "#1234" in text_of(SCREEN.view(model))
    assert Navigate("#/reflection/solo?preset=easy&seed=1234&v=2", replace=True) in effects
    assert any(isinstance(e, Work) for e in effects)
    model, effects = generated()
    assert model.phase == "playing" and model.layout == Layout.empty(model.puzzle.size)
    assert check(model.puzzle, model.solution)
    assert StartTimer(solo.CLOCK, 1000) in effects and any(
        e.key == solo.PROGRESS_KEY for e in effects if isinstance(e, Store)
    )
    # The same link gives the same puzzle.
    assert generated()[0].puzzle == model.puzzle


def test_placing_the_solution_clears_the_red_frames_and_solves():
    model, _ = generated()
    wrong = [len(mismatches(model.puzzle, model.layout))]
    for (r, c), tile in sorted(model.solution.tiles().items()):
        model, _ = send(model, click("tray", kind=KIND_OF[tile]), cell(r, c))
        if model.layout.at((r, c)) != tile:
            model, _ = send(model, cell(r, c))
        wrong.append(len(mismatches(model.puzzle, model.layout)) if model.phase == "playing" else 0)
    assert model.phase == "solved" and wrong[-1] == 0 and wrong[0] > 0
    assert model.message.startswith("Solved in ")
    assert "rf-solved" in render(SCREEN.view(model))


def test_solving_records_the_time_and_clears_the_saved_puzzle():
    model, _ = generated()
    model, _ = solo.update(model, Tick(solo.CLOCK, T0 + 83_000))
    *_, last = sorted(model.solution.tiles().items())
    model = replace(model, layout=model.solution.place(last[0], EMPTY))
    model, effects = send(model, click("tray", kind=KIND_OF[last[1]], now_ms=T0 + 84_500), cell(*last[0]))
    if model.phase == "playing":
        model, effects = send(model, cell(*last[0]))
    assert model.phase == "solved" and model.message == "Solved in 1:24!"
    assert StopTimer(solo.CLOCK) in effects and Store(solo.PROGRESS_KEY, None) in effects
    (stats,) = [training.parse_stats(e.text) for e in effects if isinstance(e, Store) and e.key == solo.STATS_KEY]
    assert stats.solved == 1 and stats.best("easy") == 84_500


def test_click_turns_a_placed_mirror_and_the_remove_tool_takes_it_back():
    model, _ = generated()
    model, _ = send(model, click("tray", kind="diagonal"), cell(2, 2))
    assert model.layout.at((2, 2)) == "/"
    model, _ = send(model, cell(2, 2))
    assert model.layout.at((2, 2)) == "\\"
    model, _ = send(model, cell(2, 2))
    assert model.layout.at((2, 2)) == "/"
    model, _ = send(model, click("tray", kind="remove"), cell(2, 2))
    assert model.layout.at((2, 2)) == EMPTY


def test_keyboard_moves_the_cursor_places_turns_and_removes():
    model, _ = generated()
    model, _ = send(model, key("ArrowDown"), key("ArrowDown"), key("ArrowRight"), key("ArrowUp"), key("ArrowLeft"))
    assert model.cursor == (1, 0)
    model, _ = send(model, key("ArrowLeft"), key("ArrowUp"), key("ArrowUp"))
    assert model.cursor == (0, 0)  # the cursor stays on the board
    model, _ = send(model, key("ArrowRight"), key("\\"))
    assert model.layout.at((0, 1)) == "\\"
    model, _ = send(model, key("r"))
    assert model.layout.at((0, 1)) == "/"
    model, _ = send(model, key("Delete"))
    assert model.layout.at((0, 1)) == EMPTY
    model, _ = send(model, key(" "))
    assert model.layout.at((0, 1)) == "/"


def test_drag_from_the_tray_onto_a_cell_between_cells_and_off_the_board():
    model, _ = generated()
    model, _ = send(model, UiEvent("pointerdown", action="tray", data={"kind": "diagonal"}), cell(3, 3, "pointerup"))
    assert model.layout.at((3, 3)) == "/"
    model, _ = send(model, cell(3, 3, "pointerdown"), cell(4, 1, "pointerup"))
    assert model.layout.at((3, 3)) == EMPTY and model.layout.at((4, 1)) == "/"
    model, _ = send(model, cell(4, 1, "pointerdown"), UiEvent("pointerup", action="screen"))
    assert model.layout.at((4, 1)) == EMPTY and model.drag is None
    # A press and release on the same cell is left to the click that follows.
    model, _ = send(model, cell(0, 0), cell(0, 0, "pointerdown"), cell(0, 0, "pointerup"))
    assert model.layout.at((0, 0)) == "/"


def test_the_tray_never_gives_more_tiles_than_the_puzzle_has():
    model, _ = generated()
    have = model.puzzle.tiles.diagonal
    cells = [
        (r, c) for r in range(model.puzzle.size) for c in range(model.puzzle.size) if (r, c) not in model.puzzle.warps
    ]
    for r, c in cells[: have + 1]:
        model, _ = send(model, click("tray", kind="diagonal"), cell(r, c))
    assert sum(1 for t in model.layout.tiles().values() if KIND_OF[t] == "diagonal") == have
    assert "No diagonal mirror left" in model.message


def test_untrusted_input_changes_nothing():
    model, _ = generated()
    for event in (
        cell(-1, 0),
        cell(99, 0),
        UiEvent("click", action="cell", data={"r": "x", "c": "1"}),
        click("edge", edge="Z9"),
        click("tray", kind="laser"),
        key("q"),
        click("nonsense"),
    ):
        after, effects = solo.update(model, event)
        assert (after.layout, after.tool, after.laser) == (model.layout, model.tool, model.laser) and effects == []


def test_clicking_a_number_draws_its_laser_and_clicking_again_hides_it():
    model, _ = generated()
    model, _ = send(model, click("tray", kind="diagonal"), cell(1, 1), click("edge", edge="L2"))
    (laser,) = find_all(SCREEN.view(model), lambda e: "rf-laser" in str(e.attr("class")))
    assert laser.attr("data-number") == trace(model.layout, "L2", model.puzzle.warps).number
    model, _ = send(model, click("edge", edge="L2"))
    assert not find_all(SCREEN.view(model), lambda e: "rf-laser" in str(e.attr("class")))


def test_giving_up_reveals_the_solution_and_counts():
    model, _ = generated()
    model, effects = send(model, click("give-up"))
    assert model.phase == "revealed" and model.layout == model.solution
    (stats,) = [training.parse_stats(e.text) for e in effects if isinstance(e, Store) and e.key == solo.STATS_KEY]
    assert stats.given_up == 1
    assert "Next puzzle" in text_of(SCREEN.view(model))


def test_a_time_limit_reveals_the_solution_when_the_time_is_up():
    model, _ = generated({"preset": "easy", "seed": "1234", "limit": "2"})
    model, _ = solo.update(model, Tick(solo.CLOCK, T0 + 119_000))
    assert model.phase == "playing" and "1:59 / 2:00" in text_of(SCREEN.view(model))
    model, effects = solo.update(model, Tick(solo.CLOCK, T0 + 120_000))
    assert model.phase == "revealed" and model.message.startswith("Time is up") and StopTimer(solo.CLOCK) in effects


def test_a_hint_places_a_correct_tile_and_is_counted():
    model, _ = generated()
    model, effects = send(model, click("hint"))
    ((cell_, tile),) = model.layout.tiles().items()
    assert model.solution.at(cell_) == tile and model.hints == 1 and model.message.startswith("Hint:")
    assert any(isinstance(e, Store) and e.key == solo.PROGRESS_KEY for e in effects)


def test_a_reload_mid_puzzle_restores_the_layout_time_and_hints():
    model, _ = generated()
    model, effects = send(model, click("hint"), click("tray", kind="diagonal"))
    model, effects = send(
        model,
        Tick(solo.CLOCK, T0 + 30_000),
        cell(
            *next(
                (r, c)
                for r in range(6)
                for c in range(6)
                if model.layout.at((r, c)) == EMPTY and (r, c) not in model.puzzle.warps
            )
        ),
    )
    saved = [e.text for e in effects if isinstance(e, Store) and e.key == solo.PROGRESS_KEY][-1]
    for params in ({}, {"preset": "easy", "seed": "1234", "v": "2"}):
        back, effects = SCREEN.init(params, Env(stored={solo.PROGRESS_KEY: saved}, now_ms=T0 + 99_000))
        assert back.phase == "playing" and back.layout == model.layout and back.hints == 1
        assert back.elapsed_ms == 30_000 and StartTimer(solo.CLOCK, 1000) in effects
        assert Navigate("#/reflection/solo?preset=easy&seed=1234&v=2", replace=True) in effects


@pytest.mark.parametrize("stored", ["{", '{"v": 0}', "null", json.dumps({"v": 1, "settings": {}})])
def test_a_corrupted_or_old_stored_puzzle_is_ignored(stored):
    model, effects = SCREEN.init({}, Env(stored={solo.PROGRESS_KEY: stored, solo.STATS_KEY: stored}, now_ms=T0))
    assert model.phase == "options" and model.stats == training.Stats() and effects == []


def test_stored_stats_are_shown():
    stats = training.solved(training.Stats(), "easy", 75_000, 0)
    model, _ = SCREEN.init({}, Env(stored={solo.STATS_KEY: dumps(stats.to_json())}, now_ms=T0))
    assert "Solved 1" in text_of(SCREEN.view(model)) and "Best easy: 1:15" in text_of(SCREEN.view(model))


def test_options_form_starts_a_puzzle_or_explains_what_is_wrong():
    model, _ = SCREEN.init({}, Env(now_ms=T0))
    bad, effects = solo.update(model, UiEvent("submit", action="options", form={"preset": "custom", "size": "40"}))
    assert bad.phase == "options" and "between 4 and 12" in bad.message and effects == []
    good, effects = solo.update(model, UiEvent("submit", action="options", form={"preset": "normal", "seed": "77"}))
    assert good.phase == "generating" and good.settings.seed == 77 and any(isinstance(e, Work) for e in effects)


def test_next_puzzle_counts_an_unfinished_one_as_abandoned():
    model, _ = generated()
    model, _ = send(model, click("next", now_ms=T0 + 5))
    assert model.phase == "generating" and model.settings.seed != 1234
    # The next puzzle was already being made in the background: the screen waits for that work.
    assert model.stats.abandoned == 1 and model.shelf.preparing(model.settings.order)


def test_a_bad_link_shows_why_and_the_options():
    model, effects = SCREEN.init({"preset": "easy", "seed": "12", "limit": "13"}, Env(now_ms=T0))
    assert model.phase == "options" and "time limit" in model.message and effects == []


# --- made ahead, cancel, progress, versions (issue 16) -------------------------------------------


def prefetch_work(effects):
    (work,) = [e for e in effects if isinstance(e, Work) and e.task == prefetch.TASK]
    return work


def test_new_puzzle_shows_the_puzzle_made_ahead_at_once():
    model, effects = generated()
    work = prefetch_work(effects)  # playing starts making the next puzzle of the same settings
    upcoming = model.shelf.order
    assert upcoming.seed != 1234 and (upcoming.size, upcoming.tiles) == (model.settings.size, model.settings.tiles)
    assert not find_all(SCREEN.view(model), lambda e: e.attr("data-ready") == "true")
    model, _ = send(model, WorkDone(work.task, run_work(work)[1]))
    assert find_all(SCREEN.view(model), lambda e: e.attr("data-action") == "next" and e.attr("data-ready") == "true")
    made = model.shelf.made
    model, effects = send(model, click("next", now_ms=T0 + 9))
    assert model.phase == "playing" and model.puzzle == made.puzzle and model.settings.seed == upcoming.seed
    assert not any(isinstance(e, Work) and e.task == solo.GENERATE for e in effects)
    assert prefetch_work(effects).task == prefetch.TASK and model.shelf.order.seed != upcoming.seed
    assert Navigate(solo.url(model.settings), replace=True) in effects


def test_new_puzzle_while_the_next_one_is_still_being_made_waits_for_that_work():
    model, effects = generated()
    work = prefetch_work(effects)
    model, effects = send(model, click("next", now_ms=T0 + 9))
    assert model.phase == "generating" and not any(isinstance(e, Work) for e in effects)
    model, effects = send(model, WorkDone(work.task, run_work(work)[1]))
    assert model.phase == "playing" and model.settings.seed == work_seed(model)
    assert StartTimer(solo.CLOCK, 1000) in effects and StopTimer(solo.PROGRESS) in effects


def work_seed(model):
    return int(solo.url(model.settings).rsplit("seed=", 1)[1].split("&")[0])


def test_cancel_stops_the_work_at_once():
    model, _ = SCREEN.init({"preset": "hard", "seed": "5", "v": "2"}, Env(now_ms=T0))
    model, effects = send(model, click("options"))
    assert model.phase == "options" and StopWork(solo.GENERATE) in effects
    # Waiting for the puzzle made ahead: Cancel stops that work too.
    model, effects = generated()
    model, _ = send(model, click("next"))
    assert model.phase == "generating"
    model, effects = send(model, click("options"))
    assert StopWork(prefetch.TASK) in effects and model.shelf == prefetch.Shelf()
    # Changing the settings drops the puzzle made ahead for the old ones.
    model, effects = generated()
    form = {"preset": "normal", "seed": "3"}
    model, effects = send(model, click("options"), UiEvent("submit", action="options", form=form))
    assert StopWork(prefetch.TASK) in effects and model.shelf == prefetch.Shelf()


def test_progress_says_how_long_it_usually_takes_not_layouts_tried():
    model, effects = SCREEN.init({"preset": "hard", "seed": "5", "v": "2"}, Env(now_ms=T0))
    assert StartTimer(solo.PROGRESS, 250) in effects
    shown = text_of(SCREEN.view(model))
    assert "Usually ready in about 1 s" in shown and "layouts" not in shown
    (bar,) = find_all(SCREEN.view(model), lambda e: e.tag == "progress")
    assert bar.attr("value") == 0
    model, _ = send(model, Tick(solo.PROGRESS, T0 + 1500))
    (bar,) = find_all(SCREEN.view(model), lambda e: e.tag == "progress")
    assert 0 < bar.attr("value") < 100 and "1 s" in text_of(SCREEN.view(model))
    model, _ = send(model, Tick(solo.PROGRESS, T0 + 20_000))
    (bar,) = find_all(SCREEN.view(model), lambda e: e.tag == "progress")
    assert "Taking longer than usual" in text_of(SCREEN.view(model)) and bar.attr("value") == 95
    custom, _ = SCREEN.init({"preset": "custom", "size": "9", "diagonal": "9", "seed": "5", "v": "2"}, Env(now_ms=T0))
    (bar,) = find_all(SCREEN.view(custom), lambda e: e.tag == "progress")
    assert bar.attr("value") is None  # no estimate for custom boards: an indeterminate bar


def test_an_old_link_keeps_its_puzzle_and_new_puzzles_use_the_current_generator():
    old, _ = generated({"preset": "normal", "seed": "7"})
    assert old.settings.version == 1
    assert old.puzzle == generate(8, 10, seed=7, version=1).puzzle
    model, _ = send(old, click("next"))
    assert model.settings.version == VERSION
    form = {"preset": "normal", "seed": "7"}
    model, _ = send(old, click("options"), UiEvent("submit", action="options", form=form))
    assert model.settings.version == VERSION and "v=2" in solo.url(model.settings)


def test_a_link_from_a_newer_version_says_so():
    model, effects = SCREEN.init({"preset": "easy", "seed": "1", "v": "9"}, Env(now_ms=T0))
    assert model.phase == "options" and "newer version" in model.message and effects == []


def test_the_expert_preset_comes_from_the_bank_at_once():
    model, effects = SCREEN.init({"preset": "expert", "seed": "123456789", "v": "2"}, Env(now_ms=T0))
    (work,) = [e for e in effects if isinstance(e, Work)]
    progress, made = run_work(work)
    assert len(progress) == 1 and made.attempts == 0
    model, _ = send(model, WorkDone(work.task, made))
    assert model.phase == "playing" and check(model.puzzle, model.solution)
