"""The host counts out a player who left for good (``out`` request), so a game without a computer player
(Reflection) goes on without them. Before it, a three-player Reflection race whose player closed their
page waited for them for ever: "Let a computer player take over" is refused (``no-bots``), and only
"End the match" was left."""

from __future__ import annotations

import json

import pytest

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps
from gamenight.core.steps import finish
from gamenight.lobby import protocol as p
from gamenight.lobby.record import parse_record, replay
from gamenight.lobby.session import HOST_PEER, Session
from gamenight.reflection.match import failure_points
from gamenight.reflection.solve import solve
from gamenight.reflection.standings import puzzle_of
from tests.unit.lobby.helpers import Table, errors, last_update
from tests.unit.lobby.test_session import refused

RACE = {"mode": "random", "rounds": 3, "preset": "custom", "size": 4, "tiles": 3}


def race() -> Table:
    """Reflection for three, random puzzles made at once: Ann (host) in 1, Bea (g1) in 2, Cal (g2) in 3."""
    table = Table("reflection", players=3, **RACE)
    table.join("g1", "Bea")
    table.seat("g1", "2")
    table.join("g2", "Cal")
    table.seat("g2", "3")
    table.start()
    session = table.session
    while (work := session.preparation()) is not None:
        value = finish(work.steps())
        assert not errors(session.prepared(work.key, value, table.now))
    return table


def solve_seat(table: Table, peer: str, seat: str) -> list[tuple[str, dict]]:
    session = table.session
    view = session.game.view(session.match.state, seat)
    puzzle = puzzle_of(view["puzzles"][view["solving"][seat] - 1])
    move = {"type": "solve", "layout": solve(puzzle, 1).layout.to_json(), "round": view["round"]}
    out = table.send(peer, p.Move(seat, move)) if peer != HOST_PEER else table.host(p.Move(seat, move))
    assert not errors(out), out
    return out


def test_the_host_counts_out_a_player_who_left_and_the_race_goes_on_to_its_end():
    table = race()
    session = table.session
    for peer, seat in ((HOST_PEER, "1"), ("g1", "2"), ("g2", "3")):
        solve_seat(table, peer, seat)
    solve_seat(table, HOST_PEER, "1")
    solve_seat(table, "g2", "3")
    table.session.disconnect("g1", table.now)  # Bea closes her page in round 2 and never comes back
    assert session.game.active(session.match.state) == {"2"}, "round 2 waits for Bea"
    refused(table, HOST_PEER, p.AddBot("2", "normal"), "no-bots")  # the way Raythread goes on is not there

    out = table.host(p.CountOut("2"))
    assert not errors(out), out
    update = last_update(out, "g2")
    assert {"type": "counted_out", "seat": "2", "round": 2, "points": failure_points(3, 3)} in update["events"]
    assert update["match"]["view"]["out"] == {"2": 2}, "guests see who was counted out"
    assert session.match.state.round == 3 and session.game.active(session.match.state) == {"1", "3"}
    solve_seat(table, HOST_PEER, "1")
    out = solve_seat(table, "g2", "3")
    result = last_update(out, "g2")["match"]["result"]
    assert result is not None and result["ranking"][-1] == ["2"]
    assert result["notes"]["2"] == {"code": "reflection-counted-out", "params": {"round": 2}}
    fail = failure_points(3, 3)
    assert [f.points for f in session.match.state.finishes if f.seat == "2"][1:] == [fail, fail]
    # The record keeps the count-out as a step of its own (not a move of Bea's) and replays it.
    record = session.match.record
    assert record.ended == "over" and {"at": record.log[-3].at, "out": "2"} in [e.to_json() for e in record.log]
    again = parse_record(json.loads(dumps(record.to_json())))
    assert again == record and replay(again)[-1] == session.match.state


def test_a_reloaded_host_keeps_the_count_out_and_an_older_save_still_loads():
    table = race()
    older = table.state_json()  # saved before anyone was counted out: no "out" step anywhere
    table.session.disconnect("g1", table.now)
    assert not errors(table.host(p.CountOut("2")))
    restored = Session.restore(table.state_json())
    assert restored.match.state == table.session.match.state
    assert restored.match_view("m1").view["out"] == {"2": 1}
    assert Session.restore(older).match.state.outs == ()


@pytest.mark.parametrize(
    ("sender", "message", "code"),
    [
        ("g2", p.CountOut("2"), "not-host"),  # a guest
        (HOST_PEER, p.CountOut("3"), "out-player-here"),  # Cal is connected
        (HOST_PEER, p.CountOut("1"), "out-host"),  # the host's own seat
        (HOST_PEER, p.CountOut("9"), "no-such-seat"),
    ],
)
def test_refusals_of_a_count_out_change_nothing(sender, message, code):
    table = race()
    table.session.disconnect("g1", table.now)
    refused(table, sender, message, code)


def test_a_player_counted_out_twice_or_with_no_match_is_refused():
    table = race()
    table.session.disconnect("g1", table.now)
    assert not errors(table.host(p.CountOut("2")))
    refused(table, HOST_PEER, p.CountOut("2"), "reflection-out-already")
    table.host(p.End())
    refused(table, HOST_PEER, p.CountOut("2"), "no-match")


def test_a_game_that_cannot_count_out_refuses_by_its_declaration():
    table = Table("raythread", players=3, target=4)
    table.join("g1", "Bea")
    table.seat("g1", "B")
    table.join("g2", "Cal")
    table.seat("g2", "C")
    table.start()
    table.session.disconnect("g1", table.now)
    refused(table, HOST_PEER, p.CountOut("B"), "no-count-out")


def test_a_counted_out_player_who_comes_back_watches_from_their_seat():
    table = race()
    table.session.disconnect("g1", table.now)
    assert not errors(table.host(p.CountOut("2")))
    out = table.join("g1b", "Bea", table.tokens["g1"])
    snapshot = last_update(out, "g1b")
    assert snapshot["match"]["you"] == "2" and snapshot["match"]["view"]["out"] == {"2": 1}
    move = {"type": "give_up", "round": 1}
    error = refused(table, "g1b", p.Move("2", move), "not-your-turn")
    assert error["about"] == "move"


@pytest.mark.parametrize(
    ("game", "entry", "code"),
    [
        ("raythread", {"at": 5, "out": "B"}, "record-no-out"),  # a game that never counts a player out
        ("reflection", {"at": 5, "out": "9"}, "record-no-seat"),
        ("reflection", {"at": 5, "out": "2", "seat": "2"}, "unknown-field"),
    ],
)
def test_a_record_with_a_bad_count_out_is_refused(game, entry, code):
    seats = ["A", "B", "C"] if game == "raythread" else ["1", "2", "3"]
    raw = {
        "v": 1,
        "game": game,
        "options": None,
        "seats": seats,
        "names": dict(zip(seats, ("Ann", "Bea", "Cal"), strict=True)),
        "seed": 3,
        "log": [entry],
        "ended": None,
    }
    with pytest.raises(BadMessage) as err:
        replay(parse_record(raw))
    assert err.value.code == code


def test_removing_a_player_of_a_running_race_points_to_counting_them_out_not_to_a_computer_player():
    table = race()
    table.session.disconnect("g1", table.now)
    error = refused(table, HOST_PEER, p.Kick(table.members["g1"]), "kick-playing-out")
    assert error["params"] == {"name": "Bea"}


def test_a_rematch_after_a_count_out_starts_with_the_players_who_are_here():
    """Bea kept her seat after she was counted out, so "Rematch" seated her again, and the new race waited
    for her for ever: the host had to end it, free her seat and choose fewer players first."""
    table = race()
    session = table.session
    session.disconnect("g1", table.now)
    assert not errors(table.host(p.CountOut("2")))
    table.host(p.End())
    out = table.start()  # Rematch
    assert session.match.running and session.match.record.seats == ("1", "2")
    assert session.seats == {"1": table.members[HOST_PEER], "2": table.members["g2"]}, "Cal closes up to seat 2"
    assert session.players == 2 and table.members["g1"] in session.members, "Bea stays a member, with no seat"
    assert last_update(out, "g2")["match"]["you"] == "2"
    assert session.match.record.names == {"1": "Ann", "2": "Cal"}, "the race waits for nobody who is gone"


def test_a_counted_out_player_who_comes_back_before_the_rematch_plays_it():
    table = race()
    session = table.session
    session.disconnect("g1", table.now)
    assert not errors(table.host(p.CountOut("2")))
    table.join("g1b", "Bea", table.tokens["g1"])
    table.host(p.End())
    out = table.start()
    assert session.match.record.seats == ("1", "2", "3") and session.seats["2"] == table.members["g1"]
    assert last_update(out, "g1b")["match"]["you"] == "2"


def test_a_rematch_keeps_a_gone_player_who_was_not_counted_out():
    """Only a count-out frees the seat: a player who merely dropped may be on their way back."""
    table = race()
    session = table.session
    table.host(p.End())
    session.disconnect("g1", table.now)
    table.start()
    assert session.match.record.seats == ("1", "2", "3") and session.seats["2"] == table.members["g1"]
