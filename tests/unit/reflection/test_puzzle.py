"""Puzzles: tile sets, the solution check, live feedback and the puzzle and layout codes."""

import pytest
from hypothesis import given, settings

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps, loads
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import (
    Clue,
    Puzzle,
    TileSet,
    check,
    clues,
    mismatches,
    parse_layout,
    parse_puzzle,
    puzzle_of,
)
from tests.unit.words import sentence

from .helpers import layouts

BUILT = Layout.of(5, {(1, 1): "/", (1, 3): "\\", (3, 3): "#"})


def test_a_puzzle_holds_the_clues_and_the_tile_set_but_not_the_layout():
    puzzle = puzzle_of(BUILT)
    assert puzzle.tiles == TileSet(diagonal=2, block=1)
    assert puzzle.clues == clues(BUILT)
    assert "rows" not in puzzle.to_json()


@settings(max_examples=100, deadline=None)
@given(layouts())
def test_every_layout_solves_its_own_clues(case):
    layout, warps = case
    assert check(puzzle_of(layout, warps), layout)
    assert mismatches(puzzle_of(layout, warps), layout) == ()


def test_a_mirror_may_be_turned_either_way_within_its_kind():
    assert TileSet(diagonal=1).allows(Layout.of(4, {(0, 0): "\\"}))
    assert TileSet(flat=1).allows(Layout.of(4, {(0, 0): "-"}))
    assert not TileSet(flat=1).allows(Layout.of(4, {(0, 0): "/"}))


def test_a_layout_other_than_the_builders_also_solves():
    built = Layout(("\\../", "....", "....", "...."))
    other = Layout(("....", "....", "....", "/..\\"))
    assert check(puzzle_of(built), other)


def test_fewer_tiles_than_the_set_are_allowed():
    built = Layout.of(4, {(1, 1): "#"})
    puzzle = puzzle_of(built, tiles=TileSet(diagonal=2, block=3))
    assert check(puzzle, built)


def test_more_tiles_of_a_kind_than_the_set_never_solve_even_with_matching_clues():
    crowded = Layout.of(4, {(1, 1): "#", (2, 2): "#"})
    puzzle = Puzzle(4, (), TileSet(block=1, diagonal=5), clues(crowded))
    assert not check(puzzle, crowded)
    assert check(Puzzle(4, (), TileSet(block=2), clues(crowded)), crowded)


def test_nothing_may_stand_on_a_warp_cell():
    warps = ((0, 0), (3, 3))
    puzzle = puzzle_of(Layout.empty(4), warps, TileSet(diagonal=1))
    assert check(puzzle, Layout.empty(4))
    assert not check(puzzle, Layout.of(4, {(0, 0): "/"}))


def test_mismatches_name_the_edges_whose_clue_differs_so_far():
    puzzle = puzzle_of(Layout.of(4, {(0, 2): "#"}))
    assert mismatches(puzzle, Layout.empty(4)) == ("T3", "R1", "B3", "L1")
    assert mismatches(puzzle, Layout.of(4, {(0, 2): "|"})) == ("T3", "B3")  # L1 and R1 already match
    assert mismatches(puzzle, Layout.of(4, {(0, 2): "#"})) == ()


def test_the_clue_colour_counts_not_only_the_number():
    # A hole at depth 3 shows black 3; a block at depth 2 shows yellow 3: same number, other colour.
    puzzle = puzzle_of(Layout.of(4, {(0, 2): "o"}))
    assert puzzle.clue("L1") == Clue(3, "black")
    assert "L1" in mismatches(puzzle, Layout.of(4, {(0, 1): "#"}))


def test_puzzle_codes_round_trip_through_canonical_json():
    puzzle = puzzle_of(BUILT, ((0, 4), (4, 0)), TileSet(diagonal=3, flat=1, block=1))
    text = dumps(puzzle.to_json())
    assert parse_puzzle(loads(text)) == puzzle
    assert parse_layout(loads(dumps(BUILT.to_json())), 5) == BUILT


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"size": 3}, "'size' must be between 4 and 12, not 3"),
        ({"size": "5"}, "'size' must be a whole number"),
        ({"extra": 1}, "a puzzle has unknown field 'extra'"),
        ({"warps": [[0, 0]]}, "'warps' must be a list of no cells or two cells"),
        ({"warps": [[0, 0], [0, 0]]}, "the two warp cells must differ"),
        ({"warps": [[0, 0], [5, 0]]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"tiles": {"diagonal": -1}}, "'diagonal' must be between 0 and 25, not -1"),
        ({"tiles": {"mirror": 1}}, "'tiles' has unknown field 'mirror'"),
        ({"tiles": {"diagonal": 20, "block": 10}}, "30 tiles do not fit on 25 free cells"),
        ({"clues": ["g1"] * 19}, "'clues' must be a list of 20 clues, one per edge cell"),
        ({"clues": ["x1"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'x1'"),
        ({"clues": ["g0"] * 20}, "a clue number must be between 1 and 108, not 0"),
        ({"clues": ["y2"] * 20}, "a yellow number is always odd: the laser goes in and comes back the same way"),
        ({"clues": ["g3"] + ["y1"] * 19}, "green numbers come in pairs: each green laser ends at another green cell"),
        ({"clues": [5] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not '5'"),
        (
            {"clues": ["g٣"] * 20},
            "a clue is a colour letter g, y or b and a number, like 'g5', not 'g٣'",
        ),  # an Arabic-Indic three is a digit, but not ours
        ({"clues": ["b²"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'b²'"),
        ({"clues": ["g"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'g'"),
        ({"clues": ["b-1"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'b-1'"),
        ({"clues": ["b 5"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'b 5'"),
        ({"clues": ["G5"] * 20}, "a clue is a colour letter g, y or b and a number, like 'g5', not 'G5'"),
        ({"clues": ["b109"] * 20}, "a clue number must be between 1 and 108, not 109"),  # 4 × 5² + 8 entries at most
        ({"clues": None}, "'clues' must be a list of 20 clues, one per edge cell"),
        ({"clues": ["b1"] * 21}, "'clues' must be a list of 20 clues, one per edge cell"),
        ({"warps": [[0, 0], [1, 1], [2, 2]]}, "'warps' must be a list of no cells or two cells"),
        ({"warps": [[0, 0], [1]]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"warps": [[0, 0], [1, 1, 1]]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"warps": [[0, 0], [True, 1]]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"warps": [[0, 0], [1, -1]]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"warps": [[0, 0], "b2"]}, "a warp cell must be a [row, column] pair on the 5×5 board"),
        ({"warps": {"a": [0, 0]}}, "'warps' must be a list of no cells or two cells"),
        ({"tiles": {"diagonal": 26}}, "'diagonal' must be between 0 and 25, not 26"),
        ({"tiles": {"diagonal": 20, "block": 6}}, "26 tiles do not fit on 25 free cells"),
        ({"warps": [[0, 0], [1, 1]], "tiles": {"diagonal": 20, "block": 4}}, "24 tiles do not fit on 23 free cells"),
        ({"tiles": [1, 0, 0, 0]}, "'tiles' must be an object"),
        ({"tiles": {"diagonal": True}}, "'diagonal' must be a whole number"),
    ],
)
def test_untrusted_puzzle_codes_fail_with_a_readable_reason(change, message):
    raw = {**puzzle_of(BUILT).to_json(), **change}
    with pytest.raises(BadMessage, match=sentence(message)):
        parse_puzzle(raw)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"rows": ["...."] * 4}, "a layout is 5 rows of 5 characters"),
        ({"rows": ["....."] * 6}, "a layout is 5 rows of 5 characters"),
        ({"rows": ["....."] * 4 + ["...."]}, "a layout is 5 rows of 5 characters"),  # right rows, one short
        ({"rows": ["......"] + ["....."] * 4}, "a layout is 5 rows of 5 characters"),
        ({"rows": ["....."] * 4 + [5]}, "a layout is 5 rows of 5 characters"),
        ({"rows": "....."}, "a layout is 5 rows of 5 characters"),
        ({}, "a layout is 5 rows of 5 characters"),
        ({"rows": ["....x"] * 5}, "a layout holds only '.' and the tiles / \\ | - # o ◤ ◥ ◢ ◣"),
        ([], "a layout must be an object"),
        ({"rows": ["....."] * 5, "x": 1}, "a layout has unknown field 'x'"),
    ],
)
def test_untrusted_layouts_fail_with_a_readable_reason(raw, message):
    with pytest.raises(BadMessage, match=sentence("a puzzle must be an object")):
        parse_puzzle([])
    with pytest.raises(BadMessage, match=sentence(message)):
        parse_layout(raw, 5)


@pytest.mark.parametrize(
    ("change", "tiles"),
    [
        ({"tiles": {"diagonal": 2}}, TileSet(diagonal=2)),  # the kinds left out are none
        ({"tiles": {}}, TileSet()),
        ({"tiles": {"hole": 3, "flat": 1}}, TileSet(flat=1, hole=3)),
        ({"tiles": {"diagonal": 25}}, TileSet(diagonal=25)),  # exactly as many tiles as cells
        ({"tiles": {"diagonal": 20, "block": 5}}, TileSet(diagonal=20, block=5)),
        ({"warps": [[0, 0], [1, 1]], "tiles": {"block": 23}}, TileSet(block=23)),
    ],
)
def test_a_puzzle_code_may_leave_out_tile_kinds_and_fill_every_cell(change, tiles):
    puzzle = parse_puzzle({**puzzle_of(BUILT).to_json(), **change})
    assert puzzle.tiles == tiles


def test_a_puzzle_code_takes_every_clue_number_a_laser_can_show():
    low = parse_puzzle({**puzzle_of(BUILT).to_json(), "clues": ["b1"] * 20})
    high = parse_puzzle({**puzzle_of(BUILT).to_json(), "clues": ["b108"] * 20, "warps": []})
    assert low.clues == (Clue(1, "black"),) * 20 and high.clues == (Clue(108, "black"),) * 20 and high.warps == ()
    mixed = parse_puzzle({**puzzle_of(BUILT).to_json(), "clues": ["y3", "g4", "g4", "g6", "g6"] + ["b2"] * 15})
    assert mixed.clues[:3] == (Clue(3, "yellow"), Clue(4, "green"), Clue(4, "green"))


def test_a_builder_cannot_use_more_tiles_than_the_tile_set():
    crowded = Layout.of(4, {(1, 1): "#", (2, 2): "#"})
    with pytest.raises(ValueError, match=sentence("the layout uses more tiles than the tile set")):
        puzzle_of(crowded, tiles=TileSet(block=1, diagonal=4))
    assert puzzle_of(crowded, tiles=TileSet(block=2)).tiles == TileSet(block=2)


def test_tile_sets_and_puzzles_are_checked_when_made():
    with pytest.raises(ValueError, match=sentence("tile counts are never negative")):
        TileSet(hole=-1)
    assert TileSet(diagonal=1, flat=2, block=3, hole=4).total == 10
    with pytest.raises(ValueError, match=sentence("a 4×4 puzzle has 16 clues")):
        Puzzle(4, (), TileSet(), (Clue(1, "black"),) * 15)
    with pytest.raises(ValueError, match=sentence("a board has no warp cells or exactly two distinct ones")):
        Puzzle(4, ((0, 0),), TileSet(), (Clue(1, "black"),) * 16)
