"""Solo training as a match: puzzle after puzzle, continue or stop, abandon any time, session stats."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.reflection import GAME
from gamenight.reflection.training import Stats
from tests.unit.reflection.match_helpers import Match

EASY = {"mode": "training", "preset": "easy"}
CUSTOM = {"mode": "training", "preset": "custom", "size": 4, "tiles": 3}


def test_a_cleared_puzzle_pauses_and_continue_deals_a_new_one_with_a_fresh_clock():
    m = Match(EASY, 1)
    m.tick(0)
    m.solve("1", after_ms=42_000)
    assert m.state.phase == "pause" and GAME.active(m.state) == {"1"}
    assert m.state.stats.solved == 1 and m.state.stats.best("easy") == 42_000
    first = m.state.sheets[0]
    m.play("1", {"type": "continue"})
    assert m.state.phase == "solve" and m.state.round == 2 and m.state.started_ms == m.now
    assert m.state.sheets[1] != first and m.state.sheets[0] == first
    m.solve("1", after_ms=30_000)
    assert m.state.stats.best("easy") == 30_000 and m.state.stats.recent_ms == (42_000, 30_000)


def test_stop_ends_the_session_with_its_stats_and_no_score():
    m = Match(CUSTOM, 1)
    m.tick(0)
    m.solve("1", after_ms=5_000)
    m.play("1", {"type": "stop"})
    result = GAME.result(m.state)
    assert m.state.phase == "over" and result.ranking == (("1",),) and result.scores == {}
    assert result.sentence == "training over: 1 solved, 0 given up, 0 abandoned"
    assert GAME.view(m.state, "1")["stats"]["solved"] == 1
    with pytest.raises(IllegalMove, match="the match is over"):
        GAME.play(m.state, "1", {"type": "continue"}, m.now + 1)


def test_abandoning_counts_the_puzzle_as_abandoned_and_shows_its_solution():
    m = Match(CUSTOM, 1)
    m.tick(0)
    m.play("1", {"type": "abandon"}, after_ms=7_000)
    assert m.state.phase == "pause"
    assert (m.state.stats.solved, m.state.stats.given_up, m.state.stats.abandoned) == (0, 0, 1)
    assert [(f.outcome, f.ms, f.points) for f in m.state.finishes] == [("abandoned", 7_000, 0)]
    assert GAME.view(m.state, "1")["puzzles"][0]["solution"] == list(m.state.sheets[0].solution.rows)


def test_stopping_in_the_middle_of_a_puzzle_abandons_it():
    m = Match(CUSTOM, 1)
    m.play("1", {"type": "stop"})
    assert m.state.phase == "over" and m.state.stats.abandoned == 1


def test_giving_up_and_running_out_of_time_count_as_given_up_with_their_times():
    m = Match({**CUSTOM, "limit": 2}, 1)
    m.tick(0)
    m.play("1", {"type": "give_up"}, after_ms=3_000)
    m.play("1", {"type": "continue"})
    m.tick(120_000)
    assert m.state.stats == Stats(given_up=2)
    assert [(f.outcome, f.ms) for f in m.state.finishes] == [("gave_up", 3_000), ("timeout", 120_000)]
    assert [p["ms"] for p in GAME.view(m.state, "1")["finishes"]] == [3_000, 120_000]


def test_a_custom_training_run_keeps_no_best_time():
    m = Match(CUSTOM, 1)
    m.solve("1")
    assert m.state.stats.solved == 1 and m.state.stats.best_ms == {}


def test_continue_and_stop_are_only_for_the_pause_and_abandon_only_for_training():
    m = Match(CUSTOM, 1)
    with pytest.raises(IllegalMove, match="cannot continue while puzzles are being solved"):
        GAME.play(m.state, "1", {"type": "continue"}, 5)
    r = Match({"preset": "custom", "size": 4, "tiles": 3}, 2)
    with pytest.raises(IllegalMove, match="cannot abandon"):
        GAME.play(r.state, "1", {"type": "abandon"}, 5)


def test_a_training_session_replays_exactly():
    m = Match({**CUSTOM, "limit": 3}, 1, seed=12)
    m.tick(100)
    m.solve("1", 9_000)
    m.play("1", {"type": "continue"})
    m.tick(200_000)
    m.play("1", {"type": "continue"})
    m.play("1", {"type": "abandon"})
    m.play("1", {"type": "stop"})
    assert m.replayed() == m.state and len(m.state.sheets) == 3
