"""A table's clock: every position the table hands its match screen comes with the page's time of the message
that brought it (``ui.match.Moved``'s ``now_ms``), not the time the table was opened.

``Model.now_ms`` was set when the page opened the table (again only by a restore) and handed to ``match.start`` and
``match.advance`` as "now" by a deal, a move, an undo: a board that reacts (Reflection's, not played on a table yet)
would have drawn a clock that started when the page opened. Nothing shows it yet, so the screen's calls are read.
"""

from typing import Any

import pytest

from gamenight.raythread import rules
from gamenight.ui import app, match, table
from gamenight.ui.program import Env, Stored, Tick, UiEvent, WorkDone
from tests.unit.ui.test_table_bots import finish, work_of

ROUTE = "#/raythread/table"
OPENED = 1_000


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The match screen's starts and advances as the table calls them: (which, its ``now_ms``), in order."""
    calls: list[tuple[str, int]] = []
    start, advance = match.start, match.advance

    def started(*args: Any, **kwargs: Any) -> match.MatchUi:
        calls.append(("start", kwargs.get("now_ms", 0)))
        return start(*args, **kwargs)

    def advanced(*args: Any, **kwargs: Any) -> match.MatchUi:
        calls.append(("advance", kwargs.get("now_ms", 0)))
        return advance(*args, **kwargs)

    monkeypatch.setattr(match, "start", started)
    monkeypatch.setattr(match, "advance", advanced)
    return calls


def send(model, message, now):
    return app.update(model, message, Env(now_ms=now))


def click(model, action, now, **data):
    return send(model, UiEvent("click", action, {k: str(v) for k, v in data.items()}, now_ms=now), now)


def move(model, now):
    """The seat to play places a legal tile, as a player does (tile, orientation, cell), at ``now``."""
    state = model.inner.played.state
    place = next(m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place")
    model, _ = click(model, "rt-hand", now, kind=place["tile"])
    model, _ = click(model, "rt-orient", now, orient=place["orient"])
    r, c = place["cell"]
    return click(model, "rt-cell", now, r=r, c=c)


def test_a_deal_a_move_an_undo_and_a_rematch_reach_the_match_screen_at_the_time_they_were_made(seen):
    model, _ = app.init(ROUTE, Env(now_ms=OPENED))
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=5_000), 5_000)
    assert seen == [("start", 5_000)], "the deal"
    seen.clear()
    model, _ = move(model, 9_000)
    assert seen == [("advance", 9_000)], "a move made four seconds later"
    seen.clear()
    model, _ = click(model, "table-undo", 12_000)
    assert seen == [("start", 12_000)], "the move taken back"
    seen.clear()
    model, _ = click(model, "table-new", 15_000)  # no move made: a new match at once
    assert seen == [("start", 15_000)], "a new match"


def test_a_computer_s_move_reaches_the_match_screen_when_its_pause_ends(seen):
    model, _ = app.init(ROUTE, Env(now_ms=OPENED))
    form = {"players": "2", "name0": "Ann", "kind0": "here", "name1": "", "kind1": "hard"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), 2_000)
    model, effects = move(model, 4_000)
    value, _steps = finish(work_of(effects))
    model, _ = send(model, WorkDone(table.BOT_TASK, value, now_ms=6_000), 6_000)
    seen.clear()
    model, _ = send(model, Tick(table.BOT_TASK, 7_000), 7_000)
    assert seen == [("advance", 7_000)]


def test_a_restored_table_and_one_taken_from_another_tab_start_at_the_page_s_time(seen):
    model, effects = app.init(ROUTE, Env(now_ms=OPENED))
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000), 2_000)
    model, effects = move(model, 3_000)
    saved = next(e for e in effects if getattr(e, "key", "") == table.store_key("raythread")).text
    seen.clear()
    app.init(ROUTE, Env(stored={table.store_key("raythread"): saved}, now_ms=8_000))
    assert seen == [("start", 8_000)], "a reload"
    # Another tab played on: this one takes its match when its save arrives.
    other, _ = move(model, 10_000)
    theirs = table.save(other.inner).text
    seen.clear()
    send(model, Stored(table.store_key("raythread"), theirs, now_ms=11_000), 11_000)
    assert seen == [("start", 11_000)], "taken from another tab"
