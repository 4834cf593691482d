"""Match records: replaying one reproduces every state; records round-trip through JSON; corrupt ones fail."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import games
from gamenight.core.errors import BadMessage
from gamenight.core.game import seat_ids
from gamenight.core.jsonutil import dumps, loads
from gamenight.lobby.record import MAX_RECORD_BYTES, Entry, Record, parse_record, replay
from gamenight.lobby.session import Session
from gamenight.ui import table


def play_out(game_id: str, players: int, seed: int, choose, options=None, tick_every: int = 0):
    """Play a whole match by ``choose(legal moves)``; returns the record and every state along the way."""
    game = games.rules(game_id)
    seats = seat_ids(game, players)
    state = game.setup(game.options(options), seats, seed)
    states, log, now = [state], [], 0
    while game.result(state) is None:
        now += 1000
        if tick_every and now % tick_every == 0:
            ticked, _ = game.tick(state, now)
            if ticked is not state:
                state = ticked
                log.append(Entry(now))
                states.append(state)
                continue
        assert len(log) < 5000, "the match never ends"  # a rules change must fail, not loop forever
        seat = sorted(game.active(state))[0]
        move = choose(game.legal(state, seat))
        state, _ = game.play(state, seat, move, now)
        log.append(Entry(now, seat, move))
        states.append(state)
    names = {s: f"Player {s}" for s in seats}
    return Record(game_id, options, seats, names, seed, tuple(log), "over"), states


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**53 - 1),
    players=st.sampled_from([2, 3]),
    mode=st.sampled_from(["turns", "together"]),
    timed=st.booleans(),
    picks=st.randoms(use_true_random=False),
)
def test_replaying_a_record_reproduces_every_state(seed, players, mode, timed, picks):
    options = {"mode": mode, "limit_ms": 3000 if timed else 0}
    record, states = play_out("count", players, seed, picks.choice, options, tick_every=5000 if timed else 0)
    assert replay(record) == states
    assert replay(parse_record(loads(dumps(record.to_json()), MAX_RECORD_BYTES))) == states


def test_a_full_raythread_match_replays_from_its_saved_file():
    assert games.rules("raythread") is not None
    chooser = random.Random(3)
    record, states = play_out("raythread", 3, 2024, chooser.choice)
    saved = dumps(record.to_json())
    assert parse_record(loads(saved, MAX_RECORD_BYTES)) == record
    assert replay(parse_record(loads(saved, MAX_RECORD_BYTES))) == states
    assert games.rules("raythread").result(states[-1]) is not None


def test_the_record_json_names_every_part():
    record = Record(
        "count", {"target": 5}, ("X", "Z"), {"X": "Ann", "Z": "Bob"}, 9, (Entry(5, "X", {"add": 1}), Entry(7))
    )
    assert record.to_json() == {
        "v": 1,
        "game": "count",
        "options": {"target": 5},
        "seats": ["X", "Z"],
        "names": {"X": "Ann", "Z": "Bob"},
        "seed": 9,
        "log": [{"at": 5, "seat": "X", "move": {"add": 1}}, {"at": 7, "tick": True}],
        "ended": None,
    }
    assert parse_record(record.to_json()) == record


GOOD = Record("count", None, ("X", "Z"), {"X": "Ann", "Z": "Bob"}, 9, (Entry(5, "X", {"add": 1}),)).to_json()


def changed(**parts):
    raw = loads(dumps(GOOD))
    raw.update(parts)
    return raw


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (changed(v=2), "version"),
        (changed(extra=1), "unknown field"),
        (changed(seats=[]), "list of seat ids"),
        (changed(seats=["X", "X"], names={"X": "Ann"}), "twice"),
        (changed(names={"X": "Ann"}), "every seat"),
        (changed(names={"X": "Ann", "Z": "\n"}), "1 to 24"),
        (changed(seed="9"), "whole number"),
        (changed(log={}), "must be a list"),
        (changed(log=[{"at": 1, "seat": "Q", "move": {}}]), "no seat"),
        (changed(log=[{"at": 1, "tick": False}]), "must be true"),
        (changed(log=[{"at": 1, "tick": True, "seat": "X"}]), "unknown field"),
        (changed(log=[{"at": -1, "seat": "X", "move": {}}]), "at least 0"),
        (changed(ended="later"), "'ended'"),
    ],
)
def test_a_malformed_record_is_refused(raw, reason):
    with pytest.raises(BadMessage, match=reason):
        parse_record(raw)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (changed(game="chess"), "cannot play 'chess'"),
        (changed(options={"target": 0}), "cannot be set up"),
        (changed(seats=["1", "2"], names={"1": "A", "2": "B"}, log=[]), "cannot be set up"),
        (
            changed(log=[{"at": 1, "seat": "Z", "move": {"add": 1}}]),
            "step 1 of the record is illegal: it is not your turn",
        ),
        (changed(ended="over"), "ending does not match"),
    ],
)
def test_a_record_that_does_not_replay_is_refused(raw, reason):
    with pytest.raises(BadMessage, match=reason):
        replay(parse_record(raw))


def test_a_finished_match_must_say_so():
    record, _ = play_out("count", 2, 1, lambda moves: moves[-1])
    replay(record)
    for ending in (None, "host"):
        with pytest.raises(BadMessage, match="ending"):
            replay(replace(record, ended=ending))


def test_saved_files_are_capped_at_8_mib():
    """What keeps a record (a host's saved game night, a table's saved match) is read from at most 8 MiB of
    text: one byte more is refused for its size, 8 MiB is not (it is refused for what it holds)."""
    for restore in (Session.restore, lambda text: table.restore("raythread", text)):
        with pytest.raises(BadMessage, match="too large"):
            restore(" " * (8 * 1024 * 1024 + 1))
        with pytest.raises(BadMessage) as refused:
            restore(" " * (8 * 1024 * 1024))
        assert "too large" not in str(refused.value), refused.value
