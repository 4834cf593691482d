"""Counting a gone player out of a Reflection race (``ReflectionMatch.count_out``): the race goes on
without them. Before it, a three-player race whose player left could only wait for them or end."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.game import reason
from gamenight.reflection import GAME
from gamenight.reflection.match import failure_points, place_points, submission
from gamenight.reflection.standings import event_text, points_text
from tests.unit.reflection.match_helpers import BUILT, Match, built_layout, salt

SMALL = {"preset": "custom", "size": 4, "tiles": 3}


def out(m: Match, seat: str, after_ms: int = 1_000) -> list[dict]:
    """The host counts ``seat`` out, as the lobby does (``Entry(at, out=seat)``)."""
    m.now += after_ms
    m.state, events = GAME.count_out(m.state, seat, m.now)
    m.events += events
    return events


def test_a_random_race_goes_on_without_a_player_counted_out_mid_round():
    m = Match({"mode": "random", "rounds": 3, **SMALL})
    for seat in ("1", "2", "3"):
        m.solve(seat)
    m.solve("1")
    m.solve("3")
    assert GAME.active(m.state) == {"2"}  # round 2 waits for Bea, who has left
    events = out(m, "2")
    assert {"type": "counted_out", "seat": "2", "round": 2, "points": failure_points(3, 3)} in events
    assert m.state.round == 3 and GAME.active(m.state) == {"1", "3"}  # round 2 ended, round 3 runs
    # Round 3 counts her out at once, as a give-up: she is never waited for again.
    assert [f.outcome for f in m.state.finishes if f.seat == "2"] == ["solved", "out", "out"]
    m.solve("3")
    m.solve("1")
    result = GAME.result(m.state)
    fail = failure_points(3, 3)
    assert result is not None
    assert result.scores["2"] == place_points(2, 3, 3) + 2 * fail
    # Bea led after round 1, but a player who left is ranked after every player who played on.
    assert result.ranking[-1] == ("2",)
    assert result.notes["2"] == reason("reflection-counted-out", round=2)
    view = GAME.view(m.state, "1")
    assert view["out"] == {"2": 2}
    assert GAME.counted_out(view) == frozenset({"2"})


def test_a_builder_counted_out_before_sending_is_dropped_and_their_solvers_sit_that_round_out():
    m = Match({**BUILT}, seats=3)
    for k, seat in enumerate(("1", "3")):
        m.layouts[seat] = built_layout(m.state, k * 2)
        m.play(seat, submission(m.layouts[seat], m.state.warps, salt(k * 2)))
    assert m.state.phase == "build" and GAME.active(m.state) == {"2"}
    out(m, "2")
    # Round 1 opens without her puzzle: in variant A seat 1 would have solved it, and sits round 1 out.
    assert m.state.phase == "solve" and m.state.round == 1
    assert GAME.active(m.state) == {"3"}
    assert GAME.view(m.state, "1")["puzzles"][1]["flaw"] == "built-out"
    m.play("3", {"type": "solve", "layout": m.layouts["1"].to_json()})
    assert m.state.round == 2 and GAME.active(m.state) == {"1"}  # seat 3 would get Bea's puzzle now
    m.play("1", {"type": "solve", "layout": m.layouts["3"].to_json()})
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1", "3"}
    m.play("1", {"type": "reveal", "layout": m.layouts["1"].to_json(), "salt": salt(0)})
    m.play("3", {"type": "reveal", "layout": m.layouts["3"].to_json(), "salt": salt(2)})
    result = GAME.result(m.state)
    assert result is not None and result.ranking[-1] == ("2",) and result.scores["2"] == 0
    assert result.notes["2"] == reason("reflection-counted-out", round=0)


def test_a_builder_counted_out_mid_race_fails_their_reveal_at_once_and_failures_on_it_are_void():
    m = Match({**BUILT}, seats=3)
    m.build_all()
    # Round 1 (variant A): seat 1 solves seat 2's puzzle, 2 solves 3's, 3 solves 1's.
    m.solve("1")
    m.play("3", {"type": "give_up"})
    assert GAME.active(m.state) == {"2"}
    events = out(m, "2")
    assert {"type": "reveal_failed", "seat": "2", "why": "reveal-out"} in events
    assert m.state.round == 2
    # Round 2: seat 3 gives up on Bea's puzzle, which will never be revealed: it costs nothing.
    m.play("3", {"type": "give_up"})
    m.solve("1")
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1", "3"}  # nobody waits for her reveal
    m.reveal("1")
    m.reveal("3")
    result = GAME.result(m.state)
    assert result is not None
    view = GAME.view(m.state, None)
    assert [f["void"] for f in view["finishes"] if f["seat"] == "3" and f["round"] == 2] == [True]
    assert result.scores["2"] == 0 and result.ranking[-1] == ("2",)


def test_counting_out_the_only_builder_left_to_reveal_ends_the_wait():
    m = Match({**BUILT, "variant": "B"}, seats=3)
    m.build_all()
    m.solve("2")
    m.solve("3")
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1"}
    out(m, "1")
    assert m.state.phase == "solve" and m.state.round == 2


def test_a_variant_b_round_whose_puzzle_was_never_sent_is_skipped():
    m = Match({**BUILT, "variant": "B"}, seats=3)
    for k, seat in ((0, "1"), (2, "3")):
        m.layouts[seat] = built_layout(m.state, k)
        m.play(seat, submission(m.layouts[seat], m.state.warps, salt(k)))
    out(m, "2")
    m.solve("3")  # round 1: seat 1's puzzle, seat 2 counted out at once
    m.reveal("1")
    # Round 2 was Bea's puzzle, never sent: nobody has anything to solve, so round 3 opens.
    assert m.state.round == 3 and GAME.active(m.state) == {"1"}


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        (lambda m: out(m, "2"), "reflection-out-already"),
        (lambda m: None, "not-playing"),
    ],
)
def test_count_out_refusals_change_nothing(setup, code):
    m = Match({"mode": "random", "rounds": 1, **SMALL})
    setup(m)
    before = m.state
    seat = "9" if code == "not-playing" else "2"
    with pytest.raises(IllegalMove) as err:
        GAME.count_out(m.state, seat, m.now + 10)
    assert err.value.code == code and m.state is before


def test_a_match_that_is_over_counts_nobody_out():
    m = Match({"mode": "random", "rounds": 1, **SMALL})
    for seat in ("1", "2", "3"):
        m.solve(seat)
    with pytest.raises(IllegalMove) as err:
        GAME.count_out(m.state, "2", m.now + 10)
    assert err.value.code == "match-over"


def test_a_counted_out_player_who_comes_back_cannot_move_again():
    m = Match({"mode": "random", "rounds": 3, **SMALL})
    out(m, "2")
    with pytest.raises(IllegalMove) as err:
        m.solve("2")
    assert err.value.code == "reflection-finished"


def test_the_log_says_a_count_out_once_with_its_points():
    """The log said it twice: "Bea (2) left and was counted out: the race goes on without them." and,
    under it, "Bea (2): counted out, −13 points."."""
    m = Match({"mode": "random", "rounds": 3, **SMALL})
    for seat in ("1", "2", "3"):
        m.solve(seat)
    m.solve("1")  # round 2: Ann has solved, Bea (gone) and Cal solve on
    names = {"1": "Ann", "2": "Bea", "3": "Cal"}
    said = [text for text in (event_text(e, names) for e in out(m, "2")) if text]
    assert said == [
        f"Bea\u00a0(2) left and was counted out ({points_text(failure_points(3, 3))} points): "
        "the race goes on without them."
    ]
    assert [f.outcome for f in m.state.finishes if f.seat == "2"] == ["solved", "out"], "her round 2 ends"
    # Counted out while building, she had no puzzle to end: no points to say.
    m = Match({"mode": "built", "rounds": 1, **SMALL})
    assert [event_text(e, names) for e in out(m, "2")] == [
        "Bea\u00a0(2) left and was counted out: the race goes on without them."
    ]


def test_each_later_round_s_log_says_the_points_of_a_player_counted_out_before_it_without_counting_them_out_again():
    """Counted out in round 1 of three, Bea fails rounds 2 and 3 at once, each time for the failure's points
    (they change the standings, so a round's log says them). That line read "Bea (2): counted out, −13 points."
    under each "Round n begins.", as if the host had counted her out again; it says she is still out."""
    m = Match({"mode": "random", "rounds": 3, **SMALL})
    m.solve("1")
    out(m, "2")
    m.solve("3")  # round 1 is over
    for _ in (2, 3):
        m.solve("1")
        m.solve("3")
    names = {"1": "Ann", "2": "Bea", "3": "Cal"}
    fail = points_text(failure_points(3, 3))
    said = [text for text in (event_text(e, names) for e in m.events) if text and "Bea" in text]
    assert said == [
        f"Bea\u00a0(2) left and was counted out ({fail} points): the race goes on without them.",
        f"Bea\u00a0(2) is still counted out: {fail} points this round.",
        f"Bea\u00a0(2) is still counted out: {fail} points this round.",
    ]
    lines = [text for text in (event_text(e, names) for e in m.events) if text]
    for n in (2, 3):  # each in its round, once
        begins = lines.index(f"Round {n} begins.")
        assert lines[begins + 1] == f"Bea\u00a0(2) is still counted out: {fail} points this round."
    assert [f.outcome for f in m.state.finishes if f.seat == "2"] == ["out", "out", "out"]
