"""Laser physics: each tile's effect, how numbers are counted, colours, warps, termination, reversibility."""

import pytest
from hypothesis import given, settings

from gamenight.core.grid import E, N, S, W
from gamenight.reflection.laser import Geometry, Layout, TraceLoopError, edge_index, edge_names, geometry, trace
from gamenight.reflection.puzzle import Clue, clues
from tests.unit.words import sentence

from .helpers import layouts


def clue(layout, edge, warps=()):
    return clues(layout, warps)[edge_index(layout.size, edge)]


def test_edge_cells_are_named_clockwise_from_the_top_left():
    assert edge_names(3) == ("T1", "T2", "T3", "R1", "R2", "R3", "B1", "B2", "B3", "L1", "L2", "L3")
    assert edge_index(4, "B2") == 9
    with pytest.raises(ValueError):
        edge_index(4, "T5")


def test_each_edge_fires_straight_into_the_board():
    empty = Layout.empty(4)
    assert [s.cell for s in trace(empty, "T2").steps] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert [s.cell for s in trace(empty, "R3").steps] == [(2, 3), (2, 2), (2, 1), (2, 0)]
    assert [s.cell for s in trace(empty, "B1").steps] == [(3, 0), (2, 0), (1, 0), (0, 0)]
    assert [s.cell for s in trace(empty, "L4").steps] == [(3, 0), (3, 1), (3, 2), (3, 3)]
    assert (trace(empty, "T2").exit, trace(empty, "L4").exit) == ("B2", "R4")


def test_slash_turns_east_to_north_and_south_to_west():
    layout = Layout.of(4, {(0, 2): "/"})
    assert trace(layout, "L1").exit == "T3"  # moving E, turned N out of the top
    assert clue(layout, "L1") == Clue(3, "green")
    assert trace(layout, "T3").exit == "L1"  # moving S, turned W
    assert trace(layout, "T3").steps[0].leaving == W


def test_backslash_turns_east_to_south_and_north_to_west():
    layout = Layout.of(4, {(0, 2): "\\"})
    assert trace(layout, "L1").exit == "B3"
    assert clue(layout, "L1") == Clue(6, "green")  # 3 cells along row 0, 3 more down column 2
    lower = Layout.of(4, {(3, 2): "\\"})
    assert trace(lower, "B3").exit == "L4"  # moving N, turned W
    assert trace(lower, "B3").steps[0].leaving == W


def test_vertical_flat_mirror_reverses_east_west_and_lets_north_south_pass():
    layout = Layout.of(4, {(1, 2): "|"})
    assert clue(layout, "L2") == Clue(5, "yellow")  # in 3 cells, back 2
    assert clue(layout, "R2") == Clue(3, "yellow")
    assert clue(layout, "T3") == Clue(4, "green")
    assert trace(layout, "T3").exit == "B3"


def test_horizontal_flat_mirror_reverses_north_south_and_lets_east_west_pass():
    layout = Layout.of(4, {(1, 2): "-"})
    assert clue(layout, "T3") == Clue(3, "yellow")
    assert clue(layout, "B3") == Clue(5, "yellow")
    assert clue(layout, "L2") == Clue(4, "green")
    assert trace(layout, "L2").exit == "R2"


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_a_block_at_depth_d_gives_yellow_2d_minus_1(depth):
    layout = Layout.of(5, {(2, depth - 1): "#"})
    assert clue(layout, "L3") == Clue(2 * depth - 1, "yellow")
    assert trace(layout, "L3").exit == "L3"


def test_a_block_reverses_from_every_side():
    layout = Layout.of(5, {(2, 2): "#"})
    assert {clue(layout, e) for e in ("T3", "R3", "B3", "L3")} == {Clue(5, "yellow")}


def test_a_black_hole_stops_the_laser_and_its_cell_counts():
    layout = Layout.of(4, {(0, 2): "o"})
    assert clue(layout, "L1") == Clue(3, "black")
    assert clue(layout, "T3") == Clue(1, "black")
    path = trace(layout, "L1")
    assert path.exit is None and path.steps[-1].cell == (0, 2) and path.steps[-1].leaving is None
    assert (path.edge, path.colour, path.number) == ("L1", "black", 3)


def test_a_cell_crossed_twice_counts_twice():
    # L2 runs E along row 1, turns S, W, then N back through (1,1) and out of the top.
    layout = Layout.of(4, {(1, 2): "\\", (2, 2): "/", (2, 1): "\\"})
    path = trace(layout, "L2")
    assert [s.cell for s in path.steps] == [(1, 0), (1, 1), (1, 2), (2, 2), (2, 1), (1, 1), (0, 1)]
    assert clue(layout, "L2") == Clue(7, "green") and path.exit == "T2"


def test_a_warp_jump_counts_both_warp_cells_and_keeps_the_direction():
    warps = ((0, 1), (3, 2))
    empty = Layout.empty(4)
    path = trace(empty, "L1", warps)
    assert [s.cell for s in path.steps] == [(0, 0), (0, 1), (3, 2), (3, 3)]
    assert [s.count for s in path.steps] == [1, 2, 3, 4]
    assert all(s.entering == E for s in path.steps)
    assert path.exit == "R4" and clue(empty, "L1", warps) == Clue(4, "green")
    assert all(s.leaving == E for s in path.steps)  # a warp jump keeps the heading
    # Entering the other warp cell jumps back the same way.
    assert [s.cell for s in trace(empty, "R4", warps).steps] == [(3, 3), (3, 2), (0, 1), (0, 0)]


def test_tiles_are_never_placed_on_warp_cells():
    with pytest.raises(ValueError, match="warp"):
        clues(Layout.of(4, {(0, 1): "/"}), ((0, 1), (2, 2)))


def test_steps_carry_the_running_count_and_headings():
    layout = Layout.of(4, {(2, 0): "/"})
    path = trace(layout, "T1")
    assert [(s.cell, s.count, s.entering, s.leaving) for s in path.steps] == [
        ((0, 0), 1, S, S),
        ((1, 0), 2, S, S),
        ((2, 0), 3, S, W),
    ]
    assert path.exit == "L3" and path.colour == "green"
    assert trace(layout, "B1").steps[0].entering == N


@settings(max_examples=150, deadline=None)
@given(layouts(max_size=8, max_tiles=30))
def test_tracing_ends_within_the_proven_bound_and_never_repeats_a_state(case):
    layout, warps = case
    geo = geometry(layout.size, warps)
    for edge in edge_names(layout.size):
        path = trace(layout, edge, warps)  # would raise TraceLoopError past the bound
        assert 1 <= path.number <= geo.limit
        states = [
            (s.cell, s.entering, i > 0 and path.steps[i - 1].cell in warps and s.cell in warps)
            for i, s in enumerate(path.steps)
        ]
        assert len(set(states)) == len(states)


@pytest.mark.parametrize(("size", "limit"), [(4, 72), (5, 108), (12, 584)])
def test_the_step_bound_is_four_entries_a_cell_and_eight_for_the_warps(size, limit):
    # Built afresh (geometry() caches): every cell entered at most once from each side, plus warp jumps.
    assert Geometry(size, ()).limit == limit == Geometry(size, ((0, 0), (1, 1))).limit


def test_the_path_tracer_has_the_same_guard(monkeypatch):
    monkeypatch.setattr(geometry(4, ()), "limit", 2)  # the cached tables trace() uses
    with pytest.raises(TraceLoopError, match=sentence("the laser of L1 passed 2 cell entries")):
        trace(Layout.empty(4), "L1")


def test_a_layout_is_traced_only_on_a_board_of_its_size():
    with pytest.raises(ValueError, match=sentence("the layout is 5×5, the board 4×4")):
        Geometry(4, ()).codes(Layout.empty(5))


def test_the_step_bound_guards_against_runaway_traces():
    geo = Geometry(4, ())
    geo.limit = 2  # pretend the proof allowed fewer entries than a straight crossing takes
    with pytest.raises(TraceLoopError, match=sentence("the laser of edge 0 passed 2 cell entries")):
        geo.run(geo.codes(Layout.empty(4)), 0)


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_green_lasers_pair_up_and_retrace_each_other_backwards(case):
    layout, warps = case
    found = clues(layout, warps)
    names = edge_names(layout.size)
    for edge in names:
        path = trace(layout, edge, warps)
        assert found[names.index(edge)] == Clue(path.number, path.colour)
        if path.colour == "green":
            back = trace(layout, path.exit, warps)
            assert back.exit == edge
            assert found[names.index(path.exit)] == Clue(path.number, "green")
            assert [s.cell for s in back.steps] == [s.cell for s in reversed(path.steps)]
            assert [s.entering for s in back.steps] == [
                (s.leaving or s.entering).opposite for s in reversed(path.steps)
            ]


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_yellow_paths_are_palindromes_with_an_odd_number(case):
    layout, warps = case
    for edge in edge_names(layout.size):
        path = trace(layout, edge, warps)
        if path.colour == "yellow":
            cells = [s.cell for s in path.steps]
            assert cells == cells[::-1] and path.number % 2 == 1
        if path.colour != "yellow":
            # Green and black lasers never reverse: a reversed laser retraces to its own edge.
            assert all(s.leaving != s.entering.opposite for s in path.steps)


def test_layouts_are_canonical_rows():
    layout = Layout.of(3, {(0, 2): "/", (2, 0): "o"})
    assert layout.rows == ("../", "...", "o..")
    assert layout.to_json() == {"rows": ["../", "...", "o.."]}
    assert layout.tiles() == {(0, 2): "/", (2, 0): "o"}
    assert layout.place((0, 2), ".").place((1, 1), "#").rows == ("...", ".#.", "o..")
    with pytest.raises(ValueError, match=sentence("a layout holds only '.' and the tiles '/\\\\|-#o◤◥◢◣'")):
        Layout(("..", "x."))
    with pytest.raises(ValueError, match=sentence("a layout is square: every row has one character per column")):
        Layout(("...", ".."))
    with pytest.raises(ValueError, match=sentence("a layout is square: every row has one character per column")):
        Layout(("..", "..", ".."))


@pytest.mark.parametrize("cell", [(0, 4), (4, 0), (3, 4), (4, 4), (-1, 0), (0, -1), (9, 9)])
def test_a_tile_off_the_board_is_refused_with_the_layouts_own_error(cell):
    # Column 4 of a 4×4 board is off it: refused in words, not an IndexError, never wrapped or clipped.
    with pytest.raises(ValueError, match=rf"cell \({cell[0]}, {cell[1]}\) is off a 4×4 board"):
        Layout.of(4, {(1, 1): "/", cell: "#"})
    assert Layout.of(4, {(3, 3): "#", (0, 0): "/"}).rows == ("/...", "....", "....", "...#")
