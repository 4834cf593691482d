"""The solver: it counts every layout the check accepts, finds the planted one, and gives hints."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import TileSet, check, puzzle_of
from gamenight.reflection.solve import Hint, hint, solve

from .helpers import brute_force_count, layouts

CORNERS = Layout(("\\../", "....", "....", "...."))  # shows the same clues as its mirror image


@settings(max_examples=60, deadline=None)
@given(layouts(min_size=4, max_size=4, max_tiles=3))
def test_the_solution_count_matches_brute_force_on_small_boards(case):
    layout, warps = case
    puzzle = puzzle_of(layout, warps)
    exact = brute_force_count(puzzle)
    assert exact >= 1
    solved = solve(puzzle, limit=10_000)
    assert solved.complete and solved.count == exact
    assert check(puzzle, solved.layout)


@settings(max_examples=80, deadline=None)
@given(layouts(max_size=8, max_tiles=14))
def test_the_solver_always_finds_the_planted_layout(case):
    layout, warps = case
    puzzle = puzzle_of(layout, warps)
    solved = solve(puzzle)
    assert solved.count >= 1 and check(puzzle, solved.layout)
    # The planted layout uses the whole tile set, so keeping its tiles leaves exactly one solution.
    kept = solve(puzzle, given=layout)
    assert (kept.count, kept.layout) == (1, layout)
    if solved.unique:
        assert solved.layout == layout


def test_spare_tiles_where_no_laser_goes_make_more_solutions():
    # Four holes around (1, 1): no laser reaches that cell, so a spare mirror may lie there either way.
    built = Layout.of(4, {(0, 1): "o", (1, 0): "o", (2, 1): "o", (1, 2): "o"})
    assert solve(puzzle_of(built), limit=100).count == 1
    spare = puzzle_of(built, tiles=TileSet(hole=4, diagonal=1))
    solved = solve(spare, limit=100)
    assert solved.count == brute_force_count(spare) >= 3
    assert check(spare, built.place((1, 1), "/")) and check(spare, built.place((1, 1), "\\"))


def test_other_layouts_and_fewer_tiles_count_as_more_solutions():
    # Every laser of CORNERS shows green 4, as on an empty board or with the mirrors in other corners.
    puzzle = puzzle_of(CORNERS)
    solved = solve(puzzle, limit=100)
    assert solved.count == brute_force_count(puzzle) > 2 and not solved.unique
    assert check(puzzle, Layout.empty(4)) and check(puzzle, Layout(("....", "....", "....", "/..\\")))


def test_a_search_cut_short_by_its_budget_proves_nothing():
    solved = solve(puzzle_of(CORNERS), limit=5, budget=0)
    assert not solved.complete and not solved.unique


@settings(max_examples=40, deadline=None)
@given(layouts(min_size=4, max_size=6, max_tiles=6), st.randoms(use_true_random=False))
def test_following_hints_from_any_partial_layout_solves_the_puzzle(case, rnd):
    layout, warps = case
    puzzle = puzzle_of(layout, warps)
    # Start from some of the planted tiles, some moved elsewhere.
    current = Layout.empty(layout.size)
    free = [(r, c) for r in range(layout.size) for c in range(layout.size) if (r, c) not in warps]
    for cell, tile in layout.tiles().items():
        current = current.place(cell if rnd.random() < 0.5 else rnd.choice(free), tile)
    if not puzzle.tiles.allows(current):
        current = Layout.empty(layout.size)
    for _ in range(4 * len(free)):
        step = hint(puzzle, current)
        if step is None:
            break
        assert isinstance(step, Hint) and step.cell not in warps
        assert current.at(step.cell) != step.tile
        current = current.place(step.cell, step.tile)
    assert check(puzzle, current)
    assert hint(puzzle, current) is None


def test_a_hint_keeps_the_players_correct_tiles_and_fixes_a_wrong_one():
    built = Layout.of(5, {(1, 1): "/", (1, 3): "\\", (3, 3): "#"})
    puzzle = puzzle_of(built)
    assert solve(puzzle).unique
    partial = Layout.of(5, {(1, 3): "\\"})
    first = hint(puzzle, partial)
    assert first is not None and built.at(first.cell) == first.tile and first.cell != (1, 3)
    wrong = Layout.of(5, {(1, 3): "/"})
    assert hint(puzzle, wrong) == Hint((1, 3), "\\")
    assert hint(puzzle, built) is None


def test_lasers_that_run_through_cells_the_tile_set_leaves_empty_still_meet_their_partner():
    # Once both spare diagonal mirrors are placed, B4 runs straight through open cells and meets L1's
    # laser on a cell L1 has not moved past yet; a third mirror in either bottom corner changes nothing.
    layout = Layout(("...\\.", ".....", ".\\...", ".....", "/...."))
    puzzle = puzzle_of(layout, (), TileSet(3, 0, 0, 0))
    assert solve(puzzle, 10).count == brute_force_count(puzzle) == 3
