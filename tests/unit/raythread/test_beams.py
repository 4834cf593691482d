"""Beam tracing: mirrors, prisms, absorption, edges, emitters, loops, and agreement with the naive oracle."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.grid import DIRECTIONS, MIRRORS, E, N, S, W, flip, step
from gamenight.raythread import GAME
from gamenight.raythread.beams import ABSORBED, BLOCKED, EDGE, LOOP, TURN, Run, direction_index, trace
from gamenight.raythread.board import COLOURS
from gamenight.raythread.rules import beam_runs, board_grid, reached
from tests.unit.raythread.helpers import position, tile
from tests.unit.raythread.reference import in_bounds, naive_reached, reflect

CENTRE = (5, 5)


# The oracle's mirrors (``reference.reflect``), as drawn: the fast tracer is held to them below.
def test_slash_mirror_turns_as_drawn():
    # "/" joins bottom-left to top-right: a beam going East bounces up (North).
    assert [reflect(d, "/") for d in (E, N, W, S)] == [N, E, S, W]


def test_backslash_mirror_turns_as_drawn():
    assert [reflect(d, "\\") for d in (E, S, W, N)] == [S, E, N, W]


@given(st.sampled_from(DIRECTIONS), st.sampled_from(MIRRORS))
def test_reflection_is_a_quarter_turn_and_reversible(d, m):
    out = reflect(d, m)
    assert out in (d.left, d.right)
    # Coming back along the outgoing ray retraces the incoming one.
    assert reflect(out.opposite, m) == d.opposite


@given(st.sampled_from(DIRECTIONS), st.sampled_from(MIRRORS))
def test_the_two_mirrors_turn_opposite_ways(d, m):
    assert reflect(d, m) == reflect(d, flip(m)).opposite


def fire(kind, orient, heading):
    """Fire a beam at a lone ``kind`` tile in the centre of an 11×11 board ringed by beacons."""
    beacons = {step(CENTRE, d, 2): 1 for d in DIRECTIONS if d != heading.opposite}
    state = position(beacons, [tile(CENTRE, orient, kind)], seats=("A",))
    origin = step(CENTRE, heading.opposite, 3)
    hits = trace(state.grid, 11, origin[0] * 11 + origin[1], direction_index(heading))
    return {divmod(i, 11) for i in hits}


@pytest.mark.parametrize("heading", DIRECTIONS)
@pytest.mark.parametrize("orient", MIRRORS)
def test_a_mirror_turns_the_beam_a_quarter_turn_by_its_orientation(orient, heading):
    assert fire("mirror", orient, heading) == {step(CENTRE, reflect(heading, orient), 2)}


def test_the_two_mirror_orientations_turn_opposite_ways():
    assert fire("mirror", "/", E) == {(3, 5)}  # east into "/" goes north
    assert fire("mirror", "\\", E) == {(7, 5)}  # east into "\" goes south


@pytest.mark.parametrize("heading", DIRECTIONS)
@pytest.mark.parametrize("orient", MIRRORS)
def test_a_prism_forks_straight_on_and_as_its_mirror_would(orient, heading):
    assert fire("prism", orient, heading) == {step(CENTRE, heading, 2), step(CENTRE, reflect(heading, orient), 2)}


def test_a_prism_fork_is_listed_as_two_branches_straight_first():
    state = position({(3, 8): 1, (1, 4): 2}, [tile((3, 4), "/", "prism")])
    assert beam_runs(state)["A"] == [
        Run((3, 0), (3, 4), E, TURN),
        Run((3, 4), (3, 8), E, ABSORBED),
        Run((3, 4), (1, 4), N, ABSORBED),
    ]
    assert reached(state)[0] == {(3, 8), (1, 4)}
    assert GAME.view(state, None)["beams"]["A"] == [
        {"from": [3, 0], "to": [3, 4], "dir": "E", "end": "tile"},
        {"from": [3, 4], "to": [3, 8], "dir": "E", "end": "beacon"},
        {"from": [3, 4], "to": [1, 4], "dir": "N", "end": "beacon"},
    ]


def test_the_beam_starts_in_the_cell_in_front_of_its_emitter():
    state = position({(1, 1): 2}, [tile((3, 1), "/")])
    assert beam_runs(state)["A"] == [Run((3, 0), (3, 1), E, TURN), Run((3, 1), (1, 1), N, ABSORBED)]


def test_a_beam_runs_straight_to_the_edge_and_leaves():
    state = position({})
    assert beam_runs(state) == {"A": [Run((3, 0), (3, 10), E, EDGE)], "C": [Run((7, 10), (7, 0), W, EDGE)]}


def test_a_beam_turned_off_the_board_by_a_border_tile_leaves_at_once():
    state = position({}, [tile((3, 10), "\\"), tile((10, 10), "\\")], seats=("A",))
    # East into "\" at (3, 10) goes south down the last column, then "\" in the corner sends it east, off.
    assert beam_runs(state)["A"][-1] == Run((10, 10), (10, 10), E, EDGE)


def test_a_beacon_absorbs_the_beam_claimed_or_not():
    unclaimed = position({(3, 4): 1, (3, 8): 3})
    claimed = position({(3, 4): 1, (3, 8): 3}, claims={(3, 4): ("C",)})
    for state in (unclaimed, claimed):
        assert reached(state)[0] == {(3, 4)}
        assert beam_runs(state)["A"] == [Run((3, 0), (3, 4), E, ABSORBED)]


def test_an_emitter_stops_a_beam_that_enters_it():
    # A's beam turned north at (3, 7) runs into B's emitter at (0, 7); with no B seated it leaves the board.
    four = position({}, [tile((3, 7), "/")], seats=COLOURS)
    assert beam_runs(four)["A"][-1] == Run((3, 7), (0, 7), N, BLOCKED)
    two = position({}, [tile((3, 7), "/")])
    assert beam_runs(two)["A"][-1] == Run((3, 7), (0, 7), N, EDGE)


def test_beams_of_different_colours_cross_without_interacting():
    beacons = {(3, 9): 1, (8, 7): 2, (7, 1): 3, (1, 3): 1}
    state = position(beacons, seats=COLOURS)
    # A's row 3 crosses B's column 7 and D's column 3; C's row 7 crosses them too.
    assert reached(state) == ({(3, 9)}, {(8, 7)}, {(7, 1)}, {(1, 3)})


def looping_position():
    # A prism at (3, 3) sends the beam east round a rectangle of mirrors back into itself heading north;
    # its "/" then turns that branch east again: the state ((3, 4), E) repeats, an endless cycle.
    tiles = [tile((3, 3), "/", "prism"), tile((3, 6), "\\"), tile((5, 6), "/"), tile((5, 3), "\\")]
    return position({(1, 3): 3}, tiles)


def test_loops_stop_at_a_repeated_state():
    state = looping_position()
    # Depth first, straight branches first: round the rectangle, back into the prism heading north,
    # straight on to the beacon, then both repeats stop: east at (3, 4) and the first fork's north at (2, 3).
    assert beam_runs(state)["A"] == [
        Run((3, 0), (3, 3), E, TURN),
        Run((3, 3), (3, 6), E, TURN),
        Run((3, 6), (5, 6), S, TURN),
        Run((5, 6), (5, 3), W, TURN),
        Run((5, 3), (3, 3), N, TURN),
        Run((3, 3), (1, 3), N, ABSORBED),
        Run((3, 3), (3, 4), E, LOOP),
        Run((3, 3), (2, 3), N, LOOP),
    ]
    assert reached(state)[0] == {(1, 3)}


# --- the fast tracer against the naive oracle, on random boards --------------------------------------


@st.composite
def boards(draw):
    size = draw(st.sampled_from([9, 11, 13]))
    seats = draw(st.sampled_from([("A", "C"), ("A", "B", "C"), COLOURS]))
    cells = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    beacons = draw(st.dictionaries(cells, st.integers(1, 4), max_size=20))
    tiles = draw(
        st.dictionaries(cells, st.tuples(st.sampled_from(["mirror", "prism"]), st.sampled_from(MIRRORS)), max_size=50)
    )
    empty = position({}, seats=seats, size=size)
    emitter_cells = {e.cell for e in empty.board.emitters}
    beacons = {c: v for c, v in beacons.items() if c not in emitter_cells}
    placed = [tile(c, o, k) for c, (k, o) in sorted(tiles.items()) if c not in emitter_cells and c not in beacons]
    return position(beacons, placed, seats=seats, size=size)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_fast_tracer_agrees_with_the_naive_tracer(state):
    assert reached(state) == naive_reached(state)


@settings(max_examples=100, deadline=None)
@given(boards())
def test_runs_are_straight_connected_and_end_where_they_say(state):
    size = state.board.size
    codes = {divmod(i, size): code for i, code in enumerate(board_grid(state.board, state.tiles))}
    tiles = {t.cell for t in state.tiles}
    beacons = {b.cell for b in state.board.beacons}
    emitters = {e.cell for e in state.board.emitters}
    for e, hits, runs in zip(state.board.emitters, reached(state), beam_runs(state).values(), strict=True):
        assert runs[0].start == e.cell and runs[0].heading == e.facing
        starts = {e.cell} | {r.stop for r in runs if r.end == TURN}
        absorbed = set()
        for run in runs:
            assert run.start in starts
            cell = run.start
            while cell != run.stop:
                cell = step(cell, run.heading)
                assert in_bounds(cell, size)
                if cell != run.stop:
                    assert codes[cell] == 0  # a run crosses only empty cells
            if run.end == TURN:
                assert run.stop in tiles
            elif run.end == ABSORBED:
                assert run.stop in beacons
                absorbed.add(run.stop)
            elif run.end == BLOCKED:
                assert run.stop in emitters
            elif run.end == EDGE:
                assert not in_bounds(step(run.stop, run.heading), size)
            else:
                assert run.end == LOOP
        assert absorbed == hits


def test_directions_are_indexed_in_compass_order():
    assert [direction_index(d) for d in (N, E, S, W)] == [0, 1, 2, 3]
