"""A snapshot's log: the match's recent public events step by step, exactly as the updates carried them,
bounded like every page's log, with the moves before them counted; a restored host gives the same."""

import random

from gamenight import games
from gamenight.core.game import LOG_KEPT, kept
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.session import Session
from tests.unit.lobby.helpers import Party, Table, errors, seat_everyone


def raythread_table() -> Table:
    """Ann (host, seat A) and Bob (seat C) in a two-player Raythread match with room for many moves."""
    table = Table("raythread", players=2, mirrors=40, prisms=20, target=28)
    table.join("g1", "Bob")
    table.seat("g1", "C")
    table.start(seed=42)
    return table


def busy(state, seat) -> dict:
    """A move of ``seat`` with the most events (a placement whose beams claim numbers)."""
    rules = games.rules("raythread")
    return max(rules.legal(state, seat), key=lambda m: len(rules.play(state, seat, m, 0)[1]))


def play(table: Table, moves: int) -> list[tuple[dict, ...]]:
    """``moves`` moves, each with the most events it can have; the events each update carried to Bob."""
    carried = []
    for _ in range(moves):
        state = table.session.match.state
        seat = state.seats[state.turn]
        out = table.send("host" if seat == "A" else "g1", p.Move(seat, busy(state, seat)))
        assert not errors(out)
        carried.append(tuple(next(m["events"] for to, m in out if to == "g1" and m["type"] == "update")))
    return carried


def snapshot_log(table: Table, peer: str = "g9", name: str = "Late") -> p.MatchLog:
    """The log in the snapshot a member joining now receives, as its page parses it."""
    out = table.join(peer, name)
    return p.read_to_guest(p.encode(next(m for to, m in out if to == peer and m["type"] == "snapshot")))[0].log


def test_a_latecomers_snapshot_carries_every_move_so_far_in_steps_as_the_updates_did():
    table = raythread_table()
    carried = play(table, 3)
    assert all(len(step) >= 3 for step in carried), "each move places a tile, claims a number, draws"
    log = snapshot_log(table)
    assert log == p.MatchLog(0, tuple(carried))
    assert [e["type"] for e in log.steps[0]][:2] == ["placed", "claimed"], "a move's events in their order"


def test_a_long_matchs_snapshot_keeps_the_last_whole_steps_and_counts_the_moves_before_them():
    table = raythread_table()
    carried = play(table, 24)
    assert sum(map(len, carried)) > LOG_KEPT + 10
    log = snapshot_log(table)
    assert sum(map(len, log.steps)) <= LOG_KEPT and log.steps == kept(carried)
    assert log.steps == tuple(carried[-len(log.steps) :]) and log.earlier == len(carried) - len(log.steps)
    assert len(p.encode(p.Snapshot(1, table.session.lobby(), None, (), log)).encode()) < 8 * 1024


def test_a_restored_host_gives_the_same_log_and_a_new_match_starts_an_empty_one():
    table = raythread_table()
    play(table, 20)
    log = table.session.match_log()
    restored = Session.restore(table.state_json(), random=random.Random(1))
    assert restored.match_log() == log and log.earlier > 0
    table.host(p.End())
    table.start(seed=7)
    assert table.session.match_log() == p.MatchLog(0, ())


def test_clock_ticks_are_steps_of_their_own_and_a_quiet_one_is_left_out():
    table = Table(players=2, limit_ms=10_000)
    table.join("g1", "Bob")
    table.seat("g1", "Z")  # two seats: X and Z
    table.start()
    table.session.tick(table.now)  # the clock starts: a step without events
    table.session.tick(table.now + 10_000)  # the first seat waited too long: skipped
    seat = sorted(games.rules("count").active(table.session.match.state))[0]
    table.send("g1", p.Move(seat, {"add": 2}))
    steps = table.session.match_log().steps
    assert [[e["type"] for e in step] for step in steps] == [["timeout"], ["added"]]
    assert len(table.session.match.record.log) == 3


def test_a_mirror_takes_the_log_of_a_snapshot_until_the_next_update():
    party = Party("count", 2)
    seat_everyone(party, {"Host": "X", "Bob": "Z"})
    party.send("Host", p.Start(3))
    for _ in range(2):
        party.play_one(random.Random(5))
    late: Client = party.join("Late")
    assert late.told == party.session.match_log() and len(late.told.steps) == 2 and late.told.earlier == 0
    party.play_one(random.Random(5))
    assert late.told is None and len(late.events) == 1, "an update: its own events, the snapshot's log done"
