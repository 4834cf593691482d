"""The "Light joins" match option: where lit edges meet (the default) or between any adjacent lit faces.

Tested like the default reading: hand-made positions, the option's parsing, a whole turn that wins in
one reading and not in the other, and properties over random matches in both readings.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.errors import BadOptions
from gamenight.lightseeker import GAME
from gamenight.lightseeker.rules import LIGHTING, Area, Options, State, light_areas, total_light

from .test_rules import DARK, FULL, HALF_ES, HALF_NW, NEAR_WIN, board, move, played


def test_the_option_defaults_to_lit_edges_and_is_validated():
    assert GAME.options(None).light_joins == "edges" == GAME.options({}).light_joins
    assert GAME.options({"light_joins": "faces"}) == Options("loses", "faces")
    assert GAME.options({"light_joins": "faces", "no_legal_turn": "draw"}) == Options("draw", "faces")
    for bad in ({"light_joins": "corners"}, {"light_joins": 1}, {"light_joins": True}, {"light_joins": None}):
        with pytest.raises(BadOptions, match="light_joins"):
            GAME.options(bad)
    assert Options().to_json() == {"no_legal_turn": "loses", "light_joins": "edges"}
    fields = {f.name: f for f in GAME.option_fields}
    assert fields["light_joins"].default == "edges"
    assert [v for v, _label in fields["light_joins"].choices] == ["edges", "faces"]


def test_side_by_side_lit_faces_join_in_the_variant_even_where_their_edges_are_dark():
    # Two half faces lit in the north-west corner, side by side: the left one's east edge is dark.
    b = board(((0, 0), HALF_NW), ((0, 1), HALF_NW))
    assert light_areas(b) == (Area((0,), 1), Area((1,), 1))
    assert light_areas(b, "faces") == (Area((0, 1), 2),)
    # One above the other, the upper one lit north-west: its south edge is dark.
    b = board(((0, 0), HALF_NW), ((1, 0), HALF_ES))
    assert light_areas(b) == (Area((0,), 1), Area((1,), 1))
    assert light_areas(b, "faces") == (Area((0, 1), 2),)


def test_in_the_variant_too_diagonal_neighbours_and_dark_faces_never_join():
    b = board(((0, 0), FULL), ((1, 1), FULL), ((1, 2), HALF_NW), ((1, 3), DARK), ((1, 4), FULL))
    assert light_areas(b, "faces") == (Area((0,), 2), Area((1, 2), 3), Area((4,), 2))
    assert total_light(b) == 7 == sum(a.value for a in light_areas(b, "faces"))


# Cube 3 slides west out of (1, 0) and tilts back east into it: its west face comes up, lit in the
# south-east corner. Above it is cube 0's full face, so the faces touch along an edge that is dark on
# cube 3's side: the row of three full faces (6) gains 1 only where any adjacent lit faces join.
JOINS_ONLY_AS_FACES = move((3, "slide", "W"), (3, "tilt", "E"), buh=0)


def test_the_same_turn_wins_only_where_any_adjacent_lit_faces_join():
    default = State(Options(), ("ann", "bob"), NEAR_WIN, turn=2)
    after, _events = GAME.play(default, "ann", JOINS_ONLY_AS_FACES, 0)
    assert GAME.result(after) is None
    assert GAME.view(after, None)["areas"] == [{"cubes": [0, 1, 2], "value": 6}, {"cubes": [3], "value": 1}]

    variant = State(Options(light_joins="faces"), ("ann", "bob"), NEAR_WIN, turn=2)
    after, events = GAME.play(variant, "ann", JOINS_ONLY_AS_FACES, 0)
    result = GAME.result(after)
    assert result is not None and result.winners == ("ann",)
    assert events[-1]["type"] == "end"
    view = GAME.view(after, None)
    assert view["areas"] == [{"cubes": [0, 1, 2, 3], "value": 7}]
    assert view["options"]["light_joins"] == "faces"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 9))
def test_variant_areas_are_unions_of_default_areas_and_hold_all_the_light(seed, turns):
    state = played(seed, turns, random.Random(seed).choice(["edges", "faces"]))
    b = state.board
    edges, faces = light_areas(b, "edges"), light_areas(b, "faces")
    for areas in (edges, faces):
        assert sum(a.value for a in areas) == total_light(b)
        cubes = [i for a in areas for i in a.cubes]
        assert sorted(cubes) == [i for i, o in enumerate(b.orientations) if LIGHTING.light[o]]
    # Joining more never splits: every default area lies inside one variant area.
    for area in edges:
        assert sum(set(area.cubes) <= set(f.cubes) for f in faces) == 1
    # In the variant an area is exactly a group of lit cubes connected through orthogonal neighbours.
    lit = {b.cells[i]: i for a in faces for i in a.cubes}
    for area in faces:
        for i in area.cubes:
            r, c = b.cells[i]
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                assert n not in lit or lit[n] in area.cubes
