"""Random mode's puzzles are made in the background (``prepare`` / ``prepared``): a round waits for its
own puzzle, later ones are made while earlier rounds run, and the record keeps each one so a replay
never generates again."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.jsonutil import dumps
from gamenight.core.rng import derive
from gamenight.core.steps import finish
from gamenight.reflection import GAME, standings
from gamenight.reflection.generate import generate
from tests.unit.reflection.match_helpers import Match
from tests.unit.words import in_language

SMALL = {"preset": "custom", "size": 4, "tiles": 3}


def made(m: Match) -> dict:
    """The value of the preparation the match asks for, worked out to the end."""
    preparation = GAME.prepare(m.state)
    assert preparation is not None
    return finish(preparation.steps())


def test_a_random_match_starts_waiting_for_round_one_and_makes_nothing_itself():
    m = Match({**SMALL, "rounds": 3}, 2, prepared=False)
    assert m.state.phase == "prepare" and m.state.round == 1 and GAME.active(m.state) == frozenset()
    assert all(s.puzzle is None for s in m.state.sheets)
    view = GAME.view(m.state, "1")
    assert [p["ready"] for p in view["puzzles"]] == [False, False, False]
    with pytest.raises(IllegalMove, match="being made"):
        GAME.play(m.state, "1", {"type": "give_up"}, m.now + 1)


def test_each_puzzle_is_the_generators_puzzle_for_the_match_seed_and_its_number():
    m = Match({**SMALL, "rounds": 3}, 2, seed=11, prepared=False)
    for number in (1, 2, 3):
        value = made(m)
        expected = generate(4, 3, False, False, derive(11, "reflection", "puzzle", number))
        assert value == {"number": number, "puzzle": expected.puzzle.to_json(), "layout": expected.layout.to_json()}
        m.state = GAME.prepared(m.state, value, m.now)[0]
    assert GAME.prepare(m.state) is None


def test_the_next_puzzle_is_made_while_a_round_runs_and_stays_hidden_until_its_round():
    m = Match({**SMALL, "rounds": 3}, 2, prepared=False)
    assert m.ready(count=1, after_ms=700) == [{"type": "round", "round": 1}]
    assert m.state.phase == "solve" and m.state.started_ms == m.now
    assert "2 of" in GAME.prepare(m.state).key  # puzzle 2 is next, during round 1
    assert m.ready(count=1) == []  # ready, but nothing to announce yet
    for seat in (*m.seats, None):
        assert [p["clues"] is not None for p in GAME.view(m.state, seat)["puzzles"]] == [True, False, False]
    m.solve("1")
    m.solve("2")
    assert m.state.round == 2 and m.state.phase == "solve" and m.state.started_ms == m.now  # no wait


def test_a_round_whose_puzzle_is_not_ready_waits_and_opens_when_it_comes():
    m = Match({**SMALL, "rounds": 3, "limit": 2}, 2, prepared=False)
    m.ready(count=1)
    m.solve("1")
    events = m.solve("2")
    assert events[-1] == {"type": "preparing", "round": 2}
    # The log speaks as the status line ("Making the next puzzle…") and the banner do: it said
    # "Preparing round 2…", a word neither used.
    assert standings.event_text(events[-1], {}) == "Making round 2's puzzle…"
    with in_language("ja"):
        assert standings.event_text(events[-1], {}) == "ラウンド2のパズルを作成中…"
    assert m.state.phase == "prepare" and m.state.round == 2 and m.state.started_ms is None
    before = m.state
    assert m.tick(10 * 60_000) == [] and m.state is before  # no clock runs while waiting
    view = GAME.view(m.state, None)
    assert view["puzzles"][0]["solution"] is not None  # round 1 is over: its solution may be shown
    assert m.ready(count=1, after_ms=2_500) == [{"type": "round", "round": 2}]
    assert m.state.started_ms == m.now
    assert m.replayed() == m.state


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda v: {**v, "number": 2}, "puzzle 2 is not the one"),
        (lambda v: {**v, "extra": 1}, "unknown field"),
        (lambda v: {**v, "layout": {"rows": ["...."] * 4}}, "does not make its clues"),
        (lambda v: {**v, "puzzle": {**v["puzzle"], "tiles": {"diagonal": 1}}}, "does not suit"),
        (lambda v: {**v, "puzzle": {**v["puzzle"], "clues": ["g1"]}}, "clues"),
        (lambda v: [v], "must be an object"),
    ],
)
def test_a_prepared_value_that_is_not_the_awaited_puzzle_is_refused(change, words):
    m = Match({**SMALL, "rounds": 3}, 2, prepared=False)
    value = made(m)
    with pytest.raises(IllegalMove, match=words):
        GAME.prepared(m.state, change(value), m.now)
    m.state = GAME.prepared(m.state, value, m.now)[0]
    with pytest.raises(IllegalMove, match="puzzle 1 is not the one"):
        GAME.prepared(m.state, value, m.now)  # the same puzzle twice


def test_when_no_puzzle_can_be_made_the_match_ends_and_says_so():
    m = Match({**SMALL, "rounds": 3}, 2, prepared=False)
    m.ready(count=1)
    m.solve("1")
    m.solve("2")
    state, events = GAME.prepared(m.state, {"number": 2, "failed": True}, m.now + 5)
    assert state.phase == "over" and [e["type"] for e in events] == ["no_puzzle", "end"]
    result = GAME.result(state)
    assert result.sentence == "no puzzle could be made for round 2" and result.scores == {"1": 40, "2": 20}
    assert GAME.prepare(state) is None


def test_training_and_built_matches_never_wait():
    assert GAME.prepare(Match({**SMALL, "mode": "training"}, 1).state) is None
    assert GAME.prepare(Match({"mode": "built", "preset": "custom", "size": 5, "tiles": 4}, 2).state) is None


def test_a_preparations_key_names_the_match_so_work_for_another_match_is_never_taken():
    a = GAME.prepare(Match(SMALL, 2, seed=1, prepared=False).state).key
    b = GAME.prepare(Match(SMALL, 2, seed=2, prepared=False).state).key
    c = GAME.prepare(Match({**SMALL, "size": 5}, 2, seed=1, prepared=False).state).key
    assert len({a, b, c}) == 3 and dumps(SMALL["tiles"]) in a
