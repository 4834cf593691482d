"""Two tabs of one browser on one saved thing: each hears of the other's writes (``Stored``, sent by the
shell on the page's ``storage`` event) and takes them, so that its own next write loses nothing."""

import json
from dataclasses import replace

from gamenight.raythread import rules
from gamenight.reflection import solo, training
from gamenight.reflection.laser import EMPTY
from gamenight.ui import app
from gamenight.ui.program import Env, StartTimer, StopTimer, StopWork, Store, Stored, Tick, UiEvent, Work, WorkDone
from gamenight.ui.svg import text_of
from tests.unit.reflection.test_solo import T0, cell, click, generated, place_solution
from tests.unit.reflection.test_solo import send as solo_send
from tests.unit.ui.test_table import play, started
from tests.unit.ui.test_table_bots import finish
from tests.unit.ui.test_table_bots import started as started_with

KEY = "table.raythread"


def send(model, message):
    return app.update(model, message, Env(now_ms=5_000))


def saved(effects) -> str:
    (store,) = [e for e in effects if isinstance(e, Store) and e.key == KEY]
    return store.text


def a_move(model) -> dict:
    state = model.inner.played.state
    return [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][3]


def two_tabs():
    """Tab A starts a match; tab B is opened on it (restored from A's save)."""
    a, effects = started()
    b, _ = app.init("#/raythread/table", Env(stored={KEY: saved(effects)}, now_ms=1_500))
    assert b.inner.played.record == a.inner.played.record
    return a, b


def logged(text: str) -> list:
    return json.loads(text)["record"]["log"]


def test_a_move_made_in_one_tab_shows_in_the_other_and_its_next_save_keeps_it():
    a, b = two_tabs()
    a, effects = play(a, a_move(a))
    text = saved(effects)
    b, _ = send(b, Stored(KEY, text, 5_000))
    assert b.inner.played.state == a.inner.played.state
    assert b.inner.ui.view == a.inner.ui.view, "the board shows the position as saved"
    assert "played on in another tab" in text_of(app.view(b))
    b, effects = play(b, a_move(b))
    # B's save carries A's move and then its own: before, B saved its own copy and A's move was lost.
    assert logged(saved(effects))[:1] == logged(text) and len(logged(saved(effects))) == 2
    a, _ = send(a, Stored(KEY, saved(effects), 6_000))
    assert a.inner.played.state == b.inner.played.state


def test_an_undo_or_a_new_match_in_one_tab_is_taken_too():
    a, b = two_tabs()
    a, effects = play(a, a_move(a))
    b, _ = send(b, Stored(KEY, saved(effects), 5_000))
    a, effects = play(a, a_move(a))
    a, effects = send(a, UiEvent("click", "table-undo", now_ms=6_000))
    b, _ = send(b, Stored(KEY, saved(effects), 6_000))
    assert b.inner.played.record == a.inner.played.record and len(b.inner.played.record.log) == 1
    a, effects = send(a, UiEvent("click", "table-new", now_ms=7_000))  # asks first: a match in progress
    a, effects = send(a, UiEvent("click", "table-new", now_ms=7_000))
    b, _ = send(b, Stored(KEY, saved(effects), 7_000))
    assert b.inner.played.record.seed == a.inner.played.record.seed and not b.inner.played.record.log


def test_what_this_tab_already_shows_and_unreadable_values_change_nothing():
    a, b = two_tabs()
    a, effects = play(a, a_move(a))
    b, _ = send(b, Stored(KEY, saved(effects), 5_000))
    for text in (saved(effects), "{", json.dumps({"v": 9}), json.dumps({"v": 1, "record": {"game": "x"}})):
        again, more = send(b, Stored(KEY, text, 6_000))
        assert again is b and more == [], text
    # An entry this screen does not read is not even handed to it.
    assert send(b, Stored("reflection.stats", "{}", 6_000)) == (b, [])


def test_a_match_cleared_in_another_tab_is_not_saved_again_by_this_one():
    # "Clear my data" in the settings (another tab) removes the saved match. This tab used to keep
    # showing it, and its computer players went on and saved it again at once: the data came back.
    _a, effects = started_vs()
    b, _ = app.init("#/raythread/table", Env(stored={KEY: saved(effects)}, now_ms=1_500))
    b, _ = play(b, a_move(b))  # the computer is to play in B
    b, effects = send(b, Stored(KEY, None, 5_000))
    assert b.inner.phase == "setup" and b.inner.played is None and b.inner.pending is None
    assert any(isinstance(e, StopWork) and e.task == "table-bot" for e in effects)
    assert not any(isinstance(e, Store | Work) for e in effects)
    assert "cleared in another tab" in text_of(app.view(b))
    assert "Back to the match" not in text_of(app.view(b)), "there is no match to go back to"
    # The form still holds the players, so a new match is one press away; starting it saves anew.
    b, effects = send(b, UiEvent("submit", "table-setup", form=FORM_VS, now_ms=6_000))
    assert b.inner.phase == "playing" and not b.inner.played.record.log and saved(effects)


def test_the_setup_form_stays_and_back_to_the_match_goes_to_the_match_as_saved():
    a, b = two_tabs()
    b, _ = send(b, UiEvent("click", "table-setup", now_ms=5_000))
    a, effects = play(a, a_move(a))
    b, _ = send(b, Stored(KEY, saved(effects), 5_000))
    assert b.inner.phase == "setup"
    b, _ = send(b, UiEvent("click", "table-resume", now_ms=6_000))
    assert b.inner.phase == "playing" and b.inner.played.state == a.inner.played.state


def test_a_computer_players_pending_move_goes_and_it_thinks_again_on_the_match_as_saved():
    a, effects = started_vs()
    b, _ = app.init("#/raythread/table", Env(stored={KEY: saved(effects)}, now_ms=1_500))
    # Ann moves in A; in B the computer is still to think on the position before, its move pending.
    b = replace(b, inner=replace(b.inner, pending=(0, "B", {"type": "pass"})))
    a, effects = play(a, a_move(a))
    b, effects = send(b, Stored(KEY, saved(effects), 5_000))
    assert b.inner.pending is None
    assert any(isinstance(e, StopWork) for e in effects) and any(isinstance(e, Work) for e in effects)


def test_the_tab_that_made_the_move_plays_the_computers_answer_and_the_other_waits_for_it():
    # Both tabs think for the computer after Ann's move; each used to play its answer after the same
    # pause, so whichever tab finished first played it: the other tab's replay of it was cut short and
    # the tab Ann played in could say "played on in another tab" for a move nobody made there.
    a, effects = started_vs()
    b, _ = app.init("#/raythread/table", Env(stored={KEY: saved(effects)}, now_ms=1_500))
    a, effects = play(a, a_move(a))
    b, _ = send(b, Stored(KEY, saved(effects), 5_000))
    (work,) = [e for e in effects if isinstance(e, Work)]
    answer, _steps = finish(work)  # both tabs think the same move: the seed comes from the match
    a, here = send(a, WorkDone(work.task, answer))
    b, there = send(b, WorkDone(work.task, answer))
    assert a.inner.pending == b.inner.pending == answer
    (pause,) = [e.every_ms for e in here if isinstance(e, StartTimer) and e.timer == work.task]
    (wait,) = [e.every_ms for e in there if isinstance(e, StartTimer) and e.timer == work.task]
    assert wait > pause, "the other tab waits longer than the tab Ann played in"
    # The answer played in A arrives while B waits: B takes it and drops its own.
    a, effects = send(a, Tick(work.task, 6_000))
    taken, more = send(b, Stored(KEY, saved(effects), 6_000))
    assert taken.inner.played.record == a.inner.played.record and taken.inner.pending is None
    assert any(isinstance(e, StopTimer) and e.timer == work.task for e in more)
    # Had A been closed first, B plays the answer itself when its wait ends, and then it is the tab
    # that made the last move: the computer's next answer comes after the usual pause.
    alone, effects = send(b, Tick(work.task, 10_000))
    assert logged(saved(effects))[-1]["move"] == answer[2] and not alone.inner.elsewhere


FORM_VS = {"players": "2", "name0": "Ann", "kind0": "here", "name1": "", "kind1": "easy"}


def started_vs():
    return started_with(kinds=("here", "easy"))


# --- Reflection solo: the stats, the daily record and the one puzzle in progress -----------------


def solo_tabs():
    """Tab A makes a puzzle and places a tile; tab B is opened on it (resumed from A's save)."""
    a, _ = generated()
    a, effects = solo_send(a, click("tray", kind="diagonal"), cell(*free_cell(a)))
    b, _ = solo.SCREEN.init({}, Env(stored={solo.PROGRESS_KEY: solo_saved(effects)}, now_ms=T0 + 500))
    assert b.phase == "playing" and b.layout == a.layout
    return a, b


def solo_saved(effects, key=solo.PROGRESS_KEY):
    return [e.text for e in effects if isinstance(e, Store) and e.key == key][-1]


def free_cell(model):
    return next(
        (r, c)
        for r in range(model.puzzle.size)
        for c in range(model.puzzle.size)
        if model.layout.at((r, c)) == EMPTY and (r, c) not in model.puzzle.warps
    )


def test_a_tile_placed_in_one_tab_shows_in_the_other_and_its_next_save_keeps_it():
    a, b = solo_tabs()
    a, effects = solo_send(a, cell(*free_cell(a)))
    b, _ = solo_send(b, Stored(solo.PROGRESS_KEY, solo_saved(effects), T0 + 2_000))
    assert b.layout == a.layout and b.history == a.history and "another tab" in b.message
    b, effects = solo_send(b, cell(*free_cell(b)))
    kept = training.parse_progress(solo_saved(effects))
    assert all(kept.layout.at(c) == t for c, t in a.layout.tiles().items()), "A's tiles are in B's save"
    assert len(kept.layout.tiles()) == len(a.layout.tiles()) + 1


def test_a_puzzle_closed_in_one_tab_is_not_brought_back_by_the_other():
    _, b = solo_tabs()
    b, effects = solo_send(b, Stored(solo.PROGRESS_KEY, None, T0 + 2_000))
    assert b.phase == "options" and b.puzzle is None and "closed in another tab" in b.message
    assert StopTimer(solo.CLOCK) in effects
    b, effects = solo_send(b, Tick(solo.CLOCK, T0 + 3_000), cell(0, 0))
    assert not [e for e in effects if isinstance(e, Store) and e.key == solo.PROGRESS_KEY]


def test_stats_counted_in_one_tab_are_kept_by_the_others_next_count():
    a, _ = generated()
    _, b = solo_tabs()
    a, effects = solo_send(place_solution(a))
    assert a.phase == "solved" and a.stats.solved == 1
    b, _ = solo_send(b, Stored(solo.STATS_KEY, solo._json(a.stats), T0 + 2_000))
    b, effects = solo_send(b, click("give-up"), click("give-up"))
    stats = training.parse_stats(solo_saved(effects, solo.STATS_KEY))
    # B counts on from A's solve, and knows the puzzle A finished: the same puzzle given up here counts no more
    # (the record counts a puzzle once, at its first finish: docs/rules/reflection.md, "Stats").
    assert b.phase == "revealed" and (stats.solved, stats.given_up) == (1, 0), "B counts on from A's solve"
    assert stats.finished == a.stats.finished and len(stats.finished) == 1
    # A value this page cannot read, and the clock, change nothing.
    for key, text in ((solo.STATS_KEY, "{"), (solo.DAILY_KEY, "[]"), (solo.TIME_KEY, "{}")):
        assert solo_send(b, Stored(key, text, T0 + 4_000)) == (b, [])
