"""Properties of whole matches: random legal games end, replay exactly, and reject junk harmlessly."""

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.errors import IllegalMove
from gamenight.core.rng import MAX_SEED
from gamenight.lightseeker import GAME
from gamenight.lightseeker.rules import first_isolated, total_light, turn_outcomes

MAX_LIGHT = 18  # nine cubes, at most two lit triangles each

seeds = st.integers(0, MAX_SEED)
options = st.sampled_from([{"no_legal_turn": "loses"}, {"no_legal_turn": "draw"}])


def random_game(data, seed, raw_options):
    """Play legal turns chosen by hypothesis until the match ends; returns the states and the moves."""
    s = GAME.setup(GAME.options(raw_options), ["ann", "bob"], seed)
    states, moves = [s], []
    while GAME.result(s) is None:
        legal = GAME.legal(s, s.to_move)
        assert legal, "a running match always offers the player to move a turn"
        m = data.draw(st.sampled_from(legal))
        s, _ = GAME.play(s, s.to_move, m, 0)
        states.append(s)
        moves.append(m)
        assert len(moves) <= MAX_LIGHT
    return states, moves


@settings(max_examples=12, deadline=None)
@given(st.data(), seeds, options)
def test_random_legal_games_end_with_light_rising_every_turn(data, seed, raw_options):
    states, _ = random_game(data, seed, raw_options)
    lights = [total_light(s.board) for s in states]
    assert lights[0] == 0
    assert all(a < b for a, b in pairwise(lights))
    assert lights[-1] <= MAX_LIGHT
    for s in states[1:]:
        assert first_isolated(s.board.cells) is None
    result = GAME.result(states[-1])
    assert result is not None and GAME.active(states[-1]) == frozenset()
    mover = states[-2].to_move
    if not result.draw:
        assert result.winners == (mover,)


@settings(max_examples=8, deadline=None)
@given(st.data(), seeds, options)
def test_a_match_replays_exactly_from_its_record(data, seed, raw_options):
    states, moves = random_game(data, seed, raw_options)
    s = GAME.setup(GAME.options(raw_options), ["ann", "bob"], seed)
    replayed = [s]
    for m in moves:
        s, _ = GAME.play(s, s.to_move, m, 0)
        replayed.append(s)
    assert replayed == states
    assert GAME.view(replayed[-1], "ann") == GAME.view(states[-1], "ann")


def junk_or(valid):
    """Mostly ``valid`` values, sometimes something a careless or hostile client might send."""
    return st.one_of(valid, st.sampled_from([-1, 9, "4", None, 1.5, "roll", "NE", [], {}]))


def actions(junk):
    wrap = junk_or if junk else (lambda s: s)
    return st.fixed_dictionaries(
        {
            "cube": wrap(st.integers(0, 8)),
            "kind": wrap(st.sampled_from(["slide", "tilt"])),
            "dir": wrap(st.sampled_from("NESW")),
        }
    )


def position(seed, turns):
    s = GAME.setup(GAME.options(None), ["ann", "bob"], seed)
    for _ in range(turns):
        s, _ = GAME.play(s, s.to_move, GAME.legal(s, s.to_move)[seed % 7], 0)
    return s


def assert_played_legally_or_refused(s, raw):
    """Play ``raw`` on ``s``: a refusal says why, a turn played leaves an arrangement a legal turn leaves
    (Buh moved, the turn counted), and ``s`` is the same either way."""
    before = GAME.view(s, None)
    try:
        after, _ = GAME.play(s, s.to_move, raw, 0)
    except IllegalMove as err:
        assert str(err)
    else:
        arrangements = {(b.cells, b.orientations) for _, b in turn_outcomes(s.board, s.actions_due)}
        assert (after.board.cells, after.board.orientations) in arrangements
        assert after.board.buh != s.board.buh and after.turn == s.turn + 1
    assert GAME.view(s, None) == before


@settings(max_examples=120, deadline=None)
@given(st.data(), seeds, st.integers(0, 3))
def test_a_well_formed_turn_is_played_as_a_legal_one_or_refused_harmlessly(data, seed, turns):
    s = position(seed, turns)
    raw = {
        "actions": data.draw(st.lists(actions(junk=False), min_size=s.actions_due, max_size=s.actions_due)),
        "buh": data.draw(st.integers(0, 8)),
    }
    assert_played_legally_or_refused(s, raw)


@settings(max_examples=100, deadline=None)
@given(st.data(), seeds, st.integers(0, 3))
def test_junk_turns_are_refused_with_a_reason(data, seed, turns):
    s = position(seed, turns)
    raw = data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {"actions": st.lists(actions(junk=True), max_size=3), "buh": junk_or(st.integers(0, 8))}
            ),
            st.dictionaries(st.sampled_from(["actions", "buh", "cube", "pass"]), junk_or(st.integers(0, 8))),
            junk_or(st.integers(0, 8)),
        )
    )
    assert_played_legally_or_refused(s, raw)
