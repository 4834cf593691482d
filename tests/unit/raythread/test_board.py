"""Raythread Rally's fixed board: options, seats, pinwheel emitters, the seeded beacon layout, the deal."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.errors import BadOptions
from gamenight.core.grid import E, N, S, W
from gamenight.raythread import GAME
from gamenight.raythread.beams import direction_index, trace
from gamenight.raythread.board import (
    COLOURS,
    Board,
    beacon_layout,
    beacon_orbits,
    beam_lines,
    emitter,
    make_board,
    rotate,
    seat_ids,
)
from gamenight.raythread.rules import KINDS, Options, board_grid, check_seats, parse_options, shuffled_deck, start
from tests.unit.words import sentence

sizes = st.sampled_from([9, 11, 13, 15])
seeds = st.integers(0, 2**53 - 1)


def test_default_options():
    assert GAME.options(None) == GAME.options({}) == Options(size=11, mirrors=24, prisms=12, hand=3, target=12)
    assert GAME.options({"size": 13, "mirrors": 5, "prisms": 0, "hand": 1, "target": 20}) == Options(13, 5, 0, 1, 20)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"size": 12}, "The board size must be odd so that there is a centre cell, not 12."),
        ({"size": 7}, "'size' must be between 9 and 15, not 7"),
        ({"size": 17}, "'size' must be between 9 and 15, not 17"),
        ({"size": "11"}, "'size' must be a whole number"),
        ({"size": True}, "'size' must be a whole number"),
        ({"mirrors": 0, "prisms": 0}, "The deck needs at least one tile."),
        ({"mirrors": -1}, "'mirrors' must be between 0 and 99, not -1"),
        ({"hand": 0}, "'hand' must be between 1 and 6, not 0"),
        ({"target": 0}, "'target' must be between 1 and 28, not 0"),
        ({"target": 29}, "'target' must be between 1 and 28, not 29"),
        ({"colour": "red"}, "the options has unknown field 'colour'"),
        ([1, 2], "the options must be an object"),
    ],
)
def test_bad_options_are_rejected_with_a_reason(raw, reason):
    with pytest.raises(BadOptions, match=sentence(reason)):
        GAME.options(raw)


def test_options_travel_as_json_under_their_own_names():
    options = Options(13, 5, 2, 1, 20)
    assert options.to_json() == {"size": 13, "mirrors": 5, "prisms": 2, "hand": 1, "target": 20}
    assert parse_options(options.to_json()) == options


@pytest.mark.parametrize("size", [9, 11, 13, 15])
def test_beam_lines_are_the_rows_and_columns_the_emitters_beams_cross_on_an_empty_board(size):
    # On an empty board each beam runs straight across: along its emitter's row if it faces E or W,
    # its column if N or S. The pinwheel puts two beams on each of the two lines.
    lines = [e.cell[0] if e.facing in (E, W) else e.cell[1] for e in (emitter(s, size) for s in COLOURS)]
    assert beam_lines(size) == set(lines) and sorted(lines) == sorted(list(beam_lines(size)) * 2)
    assert beam_lines(11) == {3, 7}


def test_seats_are_the_colours_of_their_count_in_turn_order():
    assert seat_ids(2) == ("A", "C") and seat_ids(3) == ("A", "B", "C") and seat_ids(4) == COLOURS
    options = GAME.options(None)
    for seats in (("A", "B"), ("C", "A"), ("A",), ("A", "B", "C", "D", "E"), ("x", "y")):
        with pytest.raises(BadOptions, match="seats 2 players as A, C"):
            GAME.setup(options, seats, 1)
    assert GAME.setup(options, ("A", "C"), 1).seats == ("A", "C")
    with pytest.raises(BadOptions, match=r"\(got -\)\.$"):
        check_seats(())
    with pytest.raises(BadOptions, match=r"\(got C, A\)\.$"):
        check_seats(["C", "A"])


def test_emitters_follow_the_pinwheel_formula_on_the_default_board():
    # k = (11 - 1) // 2 - 2 = 3
    assert [(e.seat, e.cell, e.facing) for e in (emitter(s, 11) for s in COLOURS)] == [
        ("A", (3, 0), E),
        ("B", (0, 7), S),
        ("C", (7, 10), W),
        ("D", (10, 3), N),
    ]


@pytest.mark.parametrize("size", [9, 11, 13, 15])
def test_emitters_are_one_quarter_turn_apart_and_face_inward(size):
    k = (size - 1) // 2 - 2
    a, b, c, d = (emitter(s, size) for s in COLOURS)
    assert (a.cell, b.cell, c.cell, d.cell) == ((k, 0), (0, size - 1 - k), (size - 1 - k, size - 1), (size - 1, k))
    for one, two in ((a, b), (b, c), (c, d), (d, a)):
        assert rotate(one.cell, size) == two.cell and one.facing.right == two.facing


def test_only_seated_colours_get_emitters():
    assert [e.seat for e in GAME.setup(GAME.options(None), ("A", "C"), 3).board.emitters] == ["A", "C"]
    assert [e.seat for e in GAME.setup(GAME.options(None), ("A", "B", "C"), 3).board.emitters] == ["A", "B", "C"]


@settings(max_examples=60, deadline=None)
@given(sizes, seeds)
def test_beacon_layout_rules(size, seed):
    beacons = beacon_layout(size, seed)
    where = {b.cell: b.value for b in beacons}
    mid = size // 2
    assert len(where) == 13 and where[(mid, mid)] == 4
    assert sorted(where.values()) == [1] * 4 + [2] * 4 + [3] * 4 + [4]
    assert sum(where.values()) == 28
    for cell, value in where.items():
        assert where[rotate(cell, size)] == value  # 4-fold rotational symmetry
        assert 0 < cell[0] < size - 1 and 0 < cell[1] < size - 1  # none on the border
        for other in where:
            assert abs(cell[0] - other[0]) + abs(cell[1] - other[1]) != 1  # none orthogonally adjacent
    # None lit before the first move, whatever the player count.
    board = Board(size, tuple(emitter(s, size) for s in COLOURS), beacons)
    grid = board_grid(board, ())
    for e in board.emitters:
        assert trace(grid, size, e.cell[0] * size + e.cell[1], direction_index(e.facing)) == set()


def test_beacons_may_stand_two_steps_from_the_centre_but_not_next_to_it():
    for size in (9, 11, 13, 15):
        mid = size // 2
        allowed = {cell for orbit in beacon_orbits(size) for cell in orbit}
        assert (mid - 1, mid - 1) in allowed  # two steps away, off the beam lines
        assert not {(mid - 1, mid), (mid, mid - 1), (mid + 1, mid), (mid, mid + 1)} & allowed


def test_a_seed_gives_the_same_board_and_deck_in_every_version():
    # Saved records replay from their seed, so what a seed deals is fixed for good (drawn once by hand).
    assert [(b.cell, b.value) for b in beacon_layout(11, 2024)] == [
        ((1, 6), 1), ((2, 2), 3), ((2, 4), 2), ((2, 8), 3), ((4, 1), 1), ((4, 8), 2), ((5, 5), 4),
        ((6, 2), 2), ((6, 9), 1), ((8, 2), 3), ((8, 6), 2), ((8, 8), 3), ((9, 4), 1),
    ]  # fmt: skip
    deck = ("prism", "prism", "mirror", "mirror", "mirror", "prism", "mirror")
    assert shuffled_deck(Options(mirrors=4, prisms=3), 2024) == deck
    assert make_board(11, ("A", "C"), 2024).beacons == beacon_layout(11, 2024)


def test_beacon_layout_comes_from_the_seed():
    assert beacon_layout(11, 5) == beacon_layout(11, 5)
    assert len({beacon_layout(11, seed) for seed in range(30)}) > 5
    # The layout does not depend on who sits down.
    assert make_board(11, ("A", "C"), 9).beacons == make_board(11, COLOURS, 9).beacons


def test_deck_is_shuffled_from_the_seed_and_holds_the_options_tiles():
    options = Options(mirrors=24, prisms=12, hand=3)
    state = GAME.setup(options, COLOURS, 77)
    held = {k: sum(h[n] for h in state.hands) for n, k in enumerate(KINDS)}
    assert len(state.deck) == 36 - 12
    assert held["mirror"] + state.deck.count("mirror") == 24
    assert held["prism"] + state.deck.count("prism") == 12
    assert GAME.setup(options, COLOURS, 77) == state
    assert len({GAME.setup(options, COLOURS, seed).deck for seed in range(10)}) > 1


def test_hands_are_dealt_one_tile_at_a_time_in_seat_order():
    deck = ("prism", "mirror", "mirror", "prism", "prism", "mirror", "mirror", "mirror")
    state = start(Options(hand=3), ("A", "B", "C"), make_board(11, ("A", "B", "C"), 1), deck)
    # Round 1: A prism, B mirror, C mirror; round 2: A prism, B prism, C mirror; round 3: A mirror, B mirror.
    assert state.hands == ((1, 2), (2, 1), (2, 0))
    assert state.deck == ()
    assert state.seats[state.turn] == "A"
