"""The cube: 24 orientations, tilting and spinning, and which edges of the top face are lit."""

import pytest

from gamenight.core.grid import DIRECTIONS, E, N, S, W
from gamenight.lightseeker.cube import (
    DEFAULT_LIGHTING,
    DEFAULT_NET,
    DOWN,
    EAST,
    FACES,
    HOME,
    NORTH,
    ROTATIONS,
    SOUTH,
    UP,
    WEST,
    Lighting,
    _all_rotations,
    _tilt_map,
    check_net,
    facing,
    orientation,
    spin,
    tilt,
    top,
)
from tests.unit.words import sentence

ALL = range(len(ROTATIONS))
LIGHT, EDGES = DEFAULT_LIGHTING.light, DEFAULT_LIGHTING.lit_edges
# Unit vectors (x = east, y = north, z = up), to check that a table entry is a rotation.
VECTOR = {UP: (0, 0, 1), DOWN: (0, 0, -1), NORTH: (0, 1, 0), SOUTH: (0, -1, 0), EAST: (1, 0, 0), WEST: (-1, 0, 0)}


def is_rotation(rotation) -> bool:
    """Whether ``rotation`` is a proper rotation (a real cube, not a mirror image): east × north = up."""
    ex, ey, ez = VECTOR[rotation[FACES.index(EAST)]]
    nx, ny, nz = VECTOR[rotation[FACES.index(NORTH)]]
    return (ey * nz - ez * ny, ez * nx - ex * nz, ex * ny - ey * nx) == VECTOR[rotation[FACES.index(UP)]]


def reachable_by_tilts(start):
    found = {start}
    todo = [start]
    while todo:
        o = todo.pop()
        for d in DIRECTIONS:
            nxt = tilt(o, d)
            if nxt not in found:
                found.add(nxt)
                todo.append(nxt)
    return found


def test_the_24_orientations_are_all_reachable_by_tilts_and_are_real_rotations():
    assert reachable_by_tilts(HOME) == set(ALL)
    assert len(set(ROTATIONS)) == 24
    assert all(is_rotation(r) for r in ROTATIONS)
    # Each orientation is fixed by its top face and the face pointing north.
    assert len({(top(o), next(f for f in FACES if facing(o, f) is NORTH)) for o in ALL}) == 24


def test_a_mirror_image_is_not_a_rotation():
    home = ROTATIONS[HOME]
    mirrored = tuple({EAST: WEST, WEST: EAST}.get(f, f) for f in home)
    assert is_rotation(home)
    assert not is_rotation(mirrored)


@pytest.mark.parametrize("d", DIRECTIONS)
def test_four_tilts_one_way_return_every_orientation(d):
    for o in ALL:
        assert tilt(tilt(tilt(tilt(o, d), d), d), d) == o
        assert tilt(o, d) != o


@pytest.mark.parametrize("d", DIRECTIONS)
def test_tilting_back_undoes_a_tilt(d):
    for o in ALL:
        assert tilt(tilt(o, d), d.opposite) == o


@pytest.mark.parametrize("d", DIRECTIONS)
def test_a_tilt_turns_the_top_to_that_side_and_sends_that_side_down(d):
    side = {N: NORTH, E: EAST, S: SOUTH, W: WEST}[d]
    for o in ALL:
        up = top(o)
        on_side = next(f for f in FACES if facing(o, f) is side)
        after = tilt(o, d)
        assert facing(after, up) is side
        assert facing(after, on_side) is DOWN
        assert top(after) is next(f for f in FACES if facing(o, f) is side.opposite)


def test_spin_turns_clockwise_about_the_vertical_axis():
    for o in ALL:
        assert spin(o, 4) == o
        assert top(spin(o)) is top(o)
        assert spin(o, 3) == spin(spin(spin(o)))
        assert {d.right for d in EDGES[o]} == EDGES[spin(o)]
    assert facing(spin(HOME), NORTH) is EAST


@pytest.mark.parametrize("turns", [-5, -4, -3, -2, -1, 0, 5, 6, 7, 8, 9, 103])
def test_spinning_by_any_number_of_quarter_turns_is_spinning_by_it_modulo_four(turns):
    # A negative count turns anticlockwise: -1 is three clockwise quarter turns.
    for o in ALL:
        expected = o
        for _ in range(turns % 4):
            expected = spin(expected)
        assert spin(o, turns) == expected, (o, turns)
    assert facing(spin(HOME, -1), NORTH) is WEST and facing(spin(HOME, 5), NORTH) is EAST


def test_the_rotation_table_is_built_from_home_by_tilts():
    built = _all_rotations()
    assert built == ROTATIONS and built[0] == FACES
    assert len(set(built)) == 24 and all(is_rotation(r) for r in built)


def test_orientation_by_top_and_north_face():
    o = orientation(EAST, NORTH)
    assert top(o) is EAST and facing(o, NORTH) is NORTH
    assert orientation(UP, NORTH) == HOME
    with pytest.raises(ValueError, match="not neighbours"):
        orientation(EAST, WEST)


# Hand-worked on paper for the default net: from home (dark up), tilt in turn N, E, S, W, W, N, E, S, E
# and after each tilt note the face on top, its light and the compass edges its lit triangles touch.
HAND_WORKED_ROLL = [
    (N, SOUTH, 2, "NESW"),
    (E, WEST, 1, "NE"),
    (S, UP, 0, ""),
    (W, SOUTH, 2, "NESW"),
    (W, DOWN, 0, ""),
    (N, WEST, 1, "SW"),
    (E, SOUTH, 2, "NESW"),
    (S, DOWN, 0, ""),
    (E, EAST, 1, "NW"),
]


def test_light_after_each_tilt_matches_the_hand_worked_table():
    o = HOME
    assert (top(o), LIGHT[o], EDGES[o]) == (UP, 0, frozenset())
    for d, face, light, edges in HAND_WORKED_ROLL:
        o = tilt(o, d)
        assert (top(o), LIGHT[o], "".join(x.value for x in DIRECTIONS if x in EDGES[o])) == (face, light, edges), d


# Hand-worked: the lit edges of each half face on top, for each face that can point north.
HAND_WORKED_HALVES = {
    (EAST, NORTH): "NW",
    (EAST, UP): "NE",
    (EAST, SOUTH): "ES",
    (EAST, DOWN): "SW",
    (WEST, NORTH): "ES",
    (WEST, UP): "NE",
    (WEST, SOUTH): "NW",
    (WEST, DOWN): "SW",
}


def test_half_faces_light_two_adjacent_edges_as_worked_by_hand():
    for (up, north), edges in HAND_WORKED_HALVES.items():
        o = orientation(up, north)
        assert LIGHT[o] == 1
        assert "".join(x.value for x in DIRECTIONS if x in EDGES[o]) == edges, (up, north)


def test_every_top_face_shows_its_net_light_in_every_rotation():
    for o in ALL:
        face = top(o)
        assert LIGHT[o] == len(DEFAULT_NET[face])
        assert len(EDGES[o]) == {0: 0, 1: 2, 2: 4}[LIGHT[o]]
        if LIGHT[o] == 1:
            a, b = EDGES[o]
            assert a.opposite is not b
    assert {top(o): LIGHT[o] for o in ALL} == {UP: 0, DOWN: 0, NORTH: 2, SOUTH: 2, EAST: 1, WEST: 1}


def test_a_variant_net_is_one_table():
    variant = {**DEFAULT_NET, UP: ((NORTH, EAST),)}
    lighting = Lighting.of(variant)
    assert lighting.net == variant
    assert lighting.light[HOME] == 1
    assert lighting.lit_edges[HOME] == frozenset({N, E})
    # A corner is named by its two edges in N E S W order, whichever order the net lists its faces.
    assert lighting.lit_corners[HOME] == ((N, E),)
    assert Lighting.of({**DEFAULT_NET, UP: ((WEST, NORTH),)}).lit_corners[HOME] == ((N, W),)
    assert Lighting.of({**DEFAULT_NET, UP: ((SOUTH, EAST),)}).lit_corners[HOME] == ((E, S),)


def test_every_lit_corner_is_named_in_compass_order():
    for o in ALL:
        for a, b in DEFAULT_LIGHTING.lit_corners[o]:
            assert DIRECTIONS.index(a) < DIRECTIONS.index(b) and a.opposite is not b


@pytest.mark.parametrize(("d", "side"), [(N, NORTH), (E, EAST), (S, SOUTH), (W, WEST)])
def test_a_tilt_is_a_quarter_turn_of_four_faces(d, side):
    # Rolling over the edge on side d: up goes to d's side, that side goes down, down comes up the far side.
    assert _tilt_map(d) == {UP: side, side: DOWN, DOWN: side.opposite, side.opposite: UP}


@pytest.mark.parametrize(
    ("net", "message"),
    [
        ({f: () for f in FACES if f is not UP}, "a net lists the lit triangles of all six faces"),
        ({**DEFAULT_NET, UP: ((NORTH, SOUTH),)}, "the up face has no corner between north and south"),
        ({**DEFAULT_NET, UP: ((UP, SOUTH),)}, "the up face has no corner between up and south"),
        ({**DEFAULT_NET, UP: ((SOUTH, UP),)}, "the up face has no corner between south and up"),
        ({**DEFAULT_NET, UP: ((DOWN, EAST),)}, "the up face has no corner between down and east"),
        ({**DEFAULT_NET, UP: ((EAST, DOWN),)}, "the up face has no corner between east and down"),
        ({**DEFAULT_NET, UP: ((EAST, EAST),)}, "the up face has no corner between east and east"),
        (
            {**DEFAULT_NET, UP: ((NORTH, EAST), (NORTH, EAST))},
            "the up face's two lit triangles must be in opposite corners",
        ),
        (
            {**DEFAULT_NET, UP: ((NORTH, EAST), (SOUTH, EAST))},
            "the up face's two lit triangles must be in opposite corners",
        ),
        (
            {**DEFAULT_NET, UP: ((NORTH, EAST), (NORTH, WEST))},
            "the up face's two lit triangles must be in opposite corners",
        ),
        ({**DEFAULT_NET, UP: ((NORTH, EAST), (SOUTH, WEST), (NORTH, WEST))}, "the up face has more than two triangles"),
    ],
)
def test_impossible_nets_are_rejected(net, message):
    with pytest.raises(ValueError, match=sentence(message)):
        check_net(net)
    with pytest.raises(ValueError, match=sentence(message)):
        Lighting.of(net)
