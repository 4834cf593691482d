"""Property tests over random legal games: termination, determinism, score bookkeeping, exact replay."""

import copy
import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.raythread import GAME
from gamenight.raythread.board import SEATINGS
from gamenight.raythread.rules import board_grid, reached


@st.composite
def matches(draw):
    """Options, seats and a seed for a small random match."""
    options = GAME.options(
        {
            "size": draw(st.sampled_from([9, 11, 13])),
            "mirrors": draw(st.integers(0, 10)),
            "prisms": draw(st.integers(1, 6)),
            "hand": draw(st.integers(1, 3)),
            "target": draw(st.integers(1, 28)),
        }
    )
    return options, SEATINGS[draw(st.integers(2, 4))], draw(st.integers(0, 2**53 - 1))


def check_invariants(state):
    values = [b.value for b in state.board.beacons]
    for n, seat in enumerate(state.seats):
        assert state.scores[n] == sum(v for v, by in zip(values, state.claims, strict=True) if seat in by)
    assert state.grid == board_grid(state.board, state.tiles)


@settings(max_examples=40, deadline=None)
@given(matches(), st.data())
def test_random_legal_games_terminate_with_consistent_scores_and_replay_exactly(match, data):
    options, seats, seed = match
    state = GAME.setup(options, seats, seed)
    tiles = options.mirrors + options.prisms
    record, log = [], []
    # Every placement uses up a tile and every rotation a tile's only turn, so 2 × tiles moves at most.
    for _ in range(2 * tiles + 1):
        if state.ended:
            break
        check_invariants(state)
        (seat,) = GAME.active(state)
        moves = GAME.legal(state, seat)
        assert moves, "the seat to move always has a legal move"
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        before, snapshot = state, copy.deepcopy(state)
        state, events = GAME.play(state, seat, move, 0)
        assert before == snapshot  # play never mutates its input
        assert GAME.play(before, seat, move, 0) == (state, events)  # and is deterministic
        record.append((seat, move))
        log.append(events)
    assert state.ended in ("target", "supply", "stuck")
    check_invariants(state)
    assert log[-1][-1]["type"] == "end" and GAME.result(state) is not None
    if state.ended == "target":
        assert max(state.scores) >= options.target

    replayed = GAME.setup(options, seats, seed)
    for (seat, move), events in zip(record, log, strict=True):
        replayed, again = GAME.play(replayed, seat, json.loads(json.dumps(move)), 0)
        assert again == events
    assert replayed == state
    assert GAME.view(replayed, None) == GAME.view(state, None)


@settings(max_examples=40, deadline=None)
@given(matches(), st.integers(0, 40), st.integers(0, 2**32))
def test_resolution_is_deterministic_and_independent_of_placement_order(match, plies, shuffle_seed):
    options, seats, seed = match
    state = GAME.setup(options, seats, seed)
    chooser = random.Random(shuffle_seed)
    for _ in range(plies):
        if state.ended:
            break
        (seat,) = GAME.active(state)
        state, _ = GAME.play(state, seat, chooser.choice(GAME.legal(state, seat)), 0)
    tiles = list(state.tiles)
    chooser.shuffle(tiles)
    shuffled = replace(state, tiles=tuple(tiles), grid=board_grid(state.board, tiles))
    assert reached(state) == reached(state) == reached(shuffled)
    assert GAME.view(state, None)["beams"] == GAME.view(shuffled, None)["beams"]
