"""Work a match waits for (``Game.prepare``) done by the host beside the session: its value is
recorded and broadcast like a move, a stale one is dropped, and a record replays it without redoing it."""

from __future__ import annotations

import pytest

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps, loads
from gamenight.core.steps import finish
from gamenight.lobby import protocol as p
from gamenight.lobby.record import MAX_RECORD_BYTES, Entry, parse_record, replay
from gamenight.lobby.session import Session
from gamenight.reflection import match as rules
from tests.unit.lobby.helpers import Table, errors, last_update

OPTIONS = {"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}


def started() -> Table:
    table = Table("reflection", players=2, **OPTIONS)
    table.join("g1", "Bea")
    table.seat("g1", "2")
    table.start(seed=9)
    return table


def run(table: Table) -> tuple[str, dict]:
    preparation = table.session.preparation()
    assert preparation is not None
    return preparation.key, finish(preparation.steps())


def test_the_prepared_value_is_recorded_and_broadcast_like_a_move():
    table = started()
    assert table.session.match.state.phase == "prepare"
    key, value = run(table)
    table.now += 1_234
    out = table.session.prepared(key, value, table.now)
    update = last_update(out, "g1")
    assert update["match"]["view"]["phase"] == "solve" and update["events"] == [{"type": "round", "round": 1}]
    assert update["match"]["moves"] == 0  # work is not a seat's move: moves made on this position stay valid
    assert table.session.match.record.log[-1] == Entry(table.now, prepared=value)
    assert table.session.match.state.started_ms == table.now
    # Every message of the host to a guest hides the layout of the puzzle it just made.
    assert dumps(value["layout"]) not in dumps([m for _to, m in out])


def test_work_the_match_no_longer_waits_for_is_dropped():
    table = started()
    key, value = run(table)
    assert table.session.prepared("another match's work", value, table.now) == []
    table.session.prepared(key, value, table.now)
    assert table.session.prepared(key, value, table.now) == []  # the same work twice
    assert sum(1 for e in table.session.match.record.log if e.prepared is not None) == 1
    table.host(p.End())
    assert table.session.preparation() is None  # an ended match waits for nothing


def test_a_restored_session_replays_prepared_puzzles_without_making_them_again(monkeypatch):
    table = started()
    for _ in range(2):
        key, value = run(table)
        table.now += 500
        table.session.prepared(key, value, table.now)
    state = table.session.match.state
    monkeypatch.setattr(rules, "steps", _never)  # a replay must not generate
    monkeypatch.setattr(rules, "make", _never)
    restored = Session.restore(table.state_json())
    assert restored.match.state == state
    assert "3 of" in restored.preparation().key  # and the host page goes on with puzzle 3


def _never(*args, **kwargs):
    raise AssertionError("a replay generated a puzzle")


def test_a_record_entry_of_prepared_work_round_trips_and_a_forged_one_is_refused():
    table = started()
    key, value = run(table)
    table.session.prepared(key, value, table.now)
    record = table.session.match.record
    assert parse_record(loads(dumps(record.to_json()), MAX_RECORD_BYTES)) == record
    raw = loads(dumps(record.to_json()), 1 << 20)
    raw["log"][-1]["prepared"]["layout"]["rows"] = ["...."] * 4  # not the layout of those clues
    with pytest.raises(BadMessage, match="step 1 of the record is illegal"):
        replay(parse_record(raw))
    raw["log"][-1] = {"at": 5, "prepared": value, "tick": True}
    with pytest.raises(BadMessage, match="unknown field"):
        parse_record(raw)


def test_a_game_that_never_waits_refuses_a_record_with_prepared_work():
    raw = {
        "v": 1,
        "game": "raythread",
        "options": None,
        "seats": ["A", "C"],
        "names": {"A": "Ann", "C": "Bea"},
        "seed": 3,
        "log": [{"at": 5, "prepared": {"number": 1}}],
        "ended": None,
    }
    with pytest.raises(BadMessage, match="never waits for"):
        replay(parse_record(raw))


def test_moves_while_the_match_waits_are_refused():
    table = started()
    out = table.send("g1", p.Move("2", {"type": "give_up"}, 0))
    assert [m["code"] for _to, m in errors(out)] == ["not-your-turn"]
