"""Triangle mirrors: the physics worked out by hand for every corner and direction, reversibility,
and the solver, generator, filter and screens with them."""

import random
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamenight.core.grid import Direction
from gamenight.core.steps import finish
from gamenight.reflection import scene, solo
from gamenight.reflection.generate import PRESETS, all_visible, generate, generate_with, mix, nearby_solution
from gamenight.reflection.laser import CODE, STOP, TRIANGLES, TURN, Layout, edge_names, trace
from gamenight.reflection.match import parse_options, prepare, prepared, setup
from gamenight.reflection.puzzle import Puzzle, TileSet, check, clues, parse_puzzle, puzzle_of
from gamenight.reflection.solve import solve
from gamenight.reflection.training import BadOptions, makeable, nearest_makeable, parse_settings
from gamenight.ui.program import Env, UiEvent, Work, WorkDone, run_work
from gamenight.ui.svg import find_all, text_of

from .helpers import brute_force_count, solutions

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W

# A triangle mirror on (1, 1) of an empty 4×4 board, met from each side: T2 comes down column 2
# (moving south), R2 along row 2 from the right (moving west), B2 up column 2 (north), L2 along row 2
# from the left (east). Each case: colour, number, exit, and the cells in order. Worked by hand from
# the picture in docs/rules/reflection.md: the long side turns like the mirror along it, a short side
# sends the laser back.
HAND_WORKED = {
    "◤": {  # fills the top-left half: short sides north and west, long side "/"
        "T2": ("yellow", 3, "T2", [(0, 1), (1, 1), (0, 1)]),
        "L2": ("yellow", 3, "L2", [(1, 0), (1, 1), (1, 0)]),
        "B2": ("green", 5, "R2", [(3, 1), (2, 1), (1, 1), (1, 2), (1, 3)]),
        "R2": ("green", 5, "B2", [(1, 3), (1, 2), (1, 1), (2, 1), (3, 1)]),
    },
    "◥": {  # top-right half: short sides north and east, long side "\"
        "T2": ("yellow", 3, "T2", [(0, 1), (1, 1), (0, 1)]),
        "R2": ("yellow", 5, "R2", [(1, 3), (1, 2), (1, 1), (1, 2), (1, 3)]),
        "B2": ("green", 4, "L2", [(3, 1), (2, 1), (1, 1), (1, 0)]),
        "L2": ("green", 4, "B2", [(1, 0), (1, 1), (2, 1), (3, 1)]),
    },
    "◢": {  # bottom-right half: short sides south and east, long side "/"
        "T2": ("green", 3, "L2", [(0, 1), (1, 1), (1, 0)]),
        "L2": ("green", 3, "T2", [(1, 0), (1, 1), (0, 1)]),
        "B2": ("yellow", 5, "B2", [(3, 1), (2, 1), (1, 1), (2, 1), (3, 1)]),
        "R2": ("yellow", 5, "R2", [(1, 3), (1, 2), (1, 1), (1, 2), (1, 3)]),
    },
    "◣": {  # bottom-left half: short sides south and west, long side "\"
        "T2": ("green", 4, "R2", [(0, 1), (1, 1), (1, 2), (1, 3)]),
        "R2": ("green", 4, "T2", [(1, 3), (1, 2), (1, 1), (0, 1)]),
        "B2": ("yellow", 5, "B2", [(3, 1), (2, 1), (1, 1), (2, 1), (3, 1)]),
        "L2": ("yellow", 3, "L2", [(1, 0), (1, 1), (1, 0)]),
    },
}
# What the triangle cell does to each laser: (entering, leaving).
AT_THE_TRIANGLE = {
    "◤": {"T2": (S, N), "L2": (E, W), "B2": (N, E), "R2": (W, S)},
    "◥": {"T2": (S, N), "R2": (W, E), "B2": (N, W), "L2": (E, S)},
    "◢": {"T2": (S, W), "L2": (E, N), "B2": (N, S), "R2": (W, E)},
    "◣": {"T2": (S, E), "R2": (W, N), "B2": (N, S), "L2": (E, W)},
}


@pytest.mark.parametrize("tile", TRIANGLES)
@pytest.mark.parametrize("edge", ["T2", "R2", "B2", "L2"])
def test_a_triangle_mirror_worked_by_hand(tile, edge):
    layout = Layout.of(4, {(1, 1): tile})
    path = trace(layout, edge)
    colour, number, exit, cells = HAND_WORKED[tile][edge]
    assert (path.colour, path.number, path.exit) == (colour, number, exit)
    assert [step.cell for step in path.steps] == cells
    at = next(step for step in path.steps if step.cell == (1, 1))
    assert (at.entering, at.leaving) == AT_THE_TRIANGLE[tile][edge]


def test_a_triangle_turns_like_the_mirror_along_its_long_side_and_reverses_on_the_short_ones():
    long_side = {"◤": "/", "◥": "\\", "◢": "/", "◣": "\\"}
    for tile, mirror in long_side.items():
        code, m = CODE[tile], CODE[mirror]
        outs = [TURN[code * 4 + h] for h in range(4)]
        turned = [h for h in range(4) if outs[h] == TURN[m * 4 + h]]
        back = [h for h in range(4) if outs[h] == h ^ 2]
        assert len(turned) == 2 and len(back) == 2 and sorted(turned + back) == [0, 1, 2, 3]
        assert sorted(outs) == [0, 1, 2, 3] and STOP not in outs  # one way out for each way in


def test_every_tile_is_reversible():
    # Leaving with heading o after arriving with h, a laser arriving with o reversed leaves with h reversed.
    for code in range(len(TURN) // 4):
        for h in range(4):
            out = TURN[code * 4 + h]
            if out != STOP:
                assert TURN[code * 4 + (out ^ 2)] == h ^ 2


@st.composite
def triangle_layouts(draw):
    size = draw(st.integers(4, 7))
    cells = [(r, c) for r in range(size) for c in range(size)]
    pair = st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True)
    warps = tuple(draw(pair)) if draw(st.booleans()) else ()
    free = [c for c in cells if c not in warps]
    spots = draw(st.lists(st.sampled_from(free), min_size=1, max_size=12, unique=True))
    return Layout.of(size, {c: draw(st.sampled_from("◤◥◢◣◤◥◢◣/\\|-#o")) for c in spots}), warps


@settings(max_examples=80, deadline=None)
@given(triangle_layouts())
def test_a_green_path_read_backwards_is_the_partners_path(case):
    layout, warps = case
    for edge in edge_names(layout.size):
        path = trace(layout, edge, warps)
        cells = [step.cell for step in path.steps]
        if path.colour == "green":
            back = trace(layout, path.exit, warps)
            assert back.exit == edge and back.number == path.number
            assert [step.cell for step in back.steps] == cells[::-1]
        elif path.colour == "yellow":
            assert cells == cells[::-1] and path.number % 2 == 1


# --- solver, generator, filter -------------------------------------------------------------------


def test_the_solver_counts_triangle_layouts_like_brute_force():
    rnd = random.Random(21)
    for _ in range(10):
        size = 4
        cells = [(r, c) for r in range(size) for c in range(size)]
        tiles = {c: rnd.choice((*TRIANGLES, "/", "#")) for c in rnd.sample(cells, rnd.randint(1, 2))}
        layout = Layout.of(size, tiles)
        used = TileSet.of(layout)
        spare = TileSet(*used.counts()[:4], used.triangle + rnd.randint(0, 1))
        for tileset in (used, spare):
            puzzle = puzzle_of(layout, (), tileset)
            for counting in (True, False):
                solved = solve(puzzle, 10**6, counting=counting)
                assert solved.complete and solved.count == brute_force_count(puzzle), (layout, tileset)


def test_the_counting_bounds_know_a_triangle_turns_one_path_and_may_send_one_back():
    # Two triangles turn two paths each; one triangle and nothing else cannot serve them all.
    layout = Layout.of(6, {(1, 1): "◣", (4, 4): "◥"})
    short = Puzzle(6, (), TileSet(triangle=1), clues(layout))
    assert solve(short, 10).count == 0 == brute_force_count(short)
    # A yellow laser may end on a new triangle's short side: the bound must not count it as a turn.
    back = Layout.of(5, {(2, 2): "◤", (0, 4): "/"})
    puzzle = puzzle_of(back)
    assert solve(puzzle, 10).count == brute_force_count(puzzle) >= 1


@pytest.mark.parametrize("seed", range(4))
def test_generated_puzzles_with_triangles_are_unique_by_brute_force(seed):
    made = generate_with(4, TileSet(1, 0, 0, 0, 2), seed=seed)
    assert made.puzzle.tiles.triangle == 2 and check(made.puzzle, made.layout)
    assert brute_force_count(made.puzzle) == 1


def test_a_hard_puzzle_with_triangles_is_unique_and_shows_every_tile():
    tiles = mix(PRESETS["normal"].tiles, triangles=True)
    assert tiles == TileSet(4, 2, 2, 0, 2)
    made = generate(8, 10, seed=3, triangles=True)
    assert TileSet.of(made.layout) == tiles and all_visible(made.layout)
    solved = solve(made.puzzle)
    assert solved.unique and solved.layout == made.layout


def test_the_mix_keeps_a_diagonal_mirror_and_is_unchanged_without_triangles():
    assert mix(20, triangles=True) == TileSet(11, 3, 3, 0, 3)
    assert mix(26, True, True) == TileSet(12, 4, 4, 2, 4)
    assert mix(4, triangles=True) == TileSet(1, 1, 1, 0, 1) and mix(2, triangles=True) == TileSet(2)
    assert mix(1, triangles=True) == TileSet(1)
    for n in range(30):
        assert mix(n) == mix(n, False, False) and mix(n, True).triangle == 0


def test_the_filter_finds_a_triangle_that_a_spare_mirror_could_replace():
    # The holes hide (1, 1) from the north and the west; from the south and the east a top-left
    # triangle turns lasers just as "/" does, so with a spare diagonal mirror both layouts solve.
    layout = Layout.of(4, {(0, 1): "o", (1, 0): "o", (1, 1): "◤"})
    puzzle = puzzle_of(layout, (), TileSet(diagonal=1, hole=2, triangle=1))
    assert nearby_solution(puzzle, layout) == layout.place((1, 1), "/")
    assert solve(puzzle, 10).count >= 2
    # Without the spare mirror, turning the triangle to any other corner changes some number.
    alone = puzzle_of(layout)
    assert nearby_solution(alone, layout) is None and solve(alone).unique


def test_the_filter_finds_every_second_solution_one_tile_away_with_triangles():
    rnd = random.Random(5)
    for _ in range(40):
        cells = [(r, c) for r in range(4) for c in range(4)]
        layout = Layout.of(4, {c: rnd.choice((*TRIANGLES, "/")) for c in rnd.sample(cells, 2)})
        puzzle = puzzle_of(layout)
        near = nearby_solution(puzzle, layout)
        mine = set(layout.tiles().items())
        others = [s for s in solutions(puzzle) if s != layout and len(mine - set(s.tiles().items())) == 1]
        assert near is None or (check(puzzle, near) and near != layout)
        assert near is not None or not others


def test_puzzle_codes_carry_triangle_mirrors_only_when_there_are_any():
    plain = puzzle_of(Layout.of(4, {(1, 1): "/"}))
    assert "triangle" not in plain.to_json()["tiles"]
    with_triangle = puzzle_of(Layout.of(4, {(1, 1): "◢"}))
    assert with_triangle.to_json()["tiles"]["triangle"] == 1
    assert parse_puzzle(with_triangle.to_json()) == with_triangle and parse_puzzle(plain.to_json()) == plain


# --- screens and options -------------------------------------------------------------------------


def test_the_board_draws_a_triangle_in_its_corner_with_a_name():
    layout = Layout.of(4, {(1, 1): "◣"})
    board = scene.board(puzzle_of(layout), layout)
    (cell,) = find_all(board, lambda e: e.attr("data-tile") == "◣")
    assert "triangle mirror, bottom-left" in cell.attr("aria-label")
    assert find_all(cell, lambda e: e.attr("class") == "rf-triangle-body")


def playing(params):
    model, effects = solo.SCREEN.init(params, Env(now_ms=1))
    (work,) = [e for e in effects if isinstance(e, Work)]
    model, _ = solo.update(model, WorkDone(work.task, run_work(work)[1]))
    return model


def test_solo_places_a_triangle_from_the_tray_and_turns_it_through_its_four_corners():
    model = playing({"preset": "custom", "size": "5", "diagonal": "1", "triangle": "2", "seed": "4", "v": "2"})
    assert model.puzzle.tiles.triangle == 2
    assert find_all(solo.SCREEN.view(model), lambda e: e.attr("data-kind") == "triangle")
    free = next((r, c) for r in range(5) for c in range(5))
    click = UiEvent("click", action="cell", data={"r": str(free[0]), "c": str(free[1])})
    model, _ = solo.update(model, UiEvent("click", action="tray", data={"kind": "triangle"}))
    seen = []
    for _ in range(5):
        model, _ = solo.update(model, click)
        seen.append(model.layout.at(free))
    assert seen == ["◤", "◥", "◢", "◣", "◤"]
    model, _ = solo.update(model, UiEvent("keydown", action="board", key="Delete"))
    model, _ = solo.update(model, UiEvent("keydown", action="board", key="v"))  # V places a triangle mirror
    assert model.layout.at(model.cursor) == "◤"
    model, _ = solo.update(model, UiEvent("keydown", action="board", key="t"))  # T turns it (R is redo)
    assert model.layout.at(model.cursor) == "◥"


def test_triangles_are_an_option_off_by_default_for_presets_custom_and_matches():
    assert parse_settings({"preset": "hard"}, 1).tiles.triangle == 0
    hard = parse_settings({"preset": "hard", "triangles": "1", "seed": "3", "v": "2"}, 1)
    assert hard.tiles == mix(20, triangles=True) and hard.params()["triangles"] == "1"
    assert parse_settings(hard.params(), 0) == hard and "triangle mirrors" in solo.puzzle_name(hard)
    custom = parse_settings({"preset": "custom", "size": "6", "diagonal": "2", "triangle": "3"}, 1)
    assert custom.tiles == TileSet(2, 0, 0, 0, 3) and parse_settings(custom.params(), 0) == custom
    assert "triangle" not in parse_settings({"preset": "custom", "size": "6", "diagonal": "2"}, 1).params()
    assert not parse_options({}).triangles and parse_options({}).tileset.triangle == 0
    options = parse_options({"mode": "random", "preset": "easy", "triangles": True})
    assert options.tileset == mix(6, triangles=True)
    state = setup(options, ("a",), 7)
    preparation = prepare(state)  # random mode: the host makes the puzzle in the background
    assert preparation is not None
    state = prepared(state, finish(preparation.steps()), 0)[0]
    assert state.sheets[0].puzzle.tiles.triangle == 1 and TileSet.of(state.sheets[0].solution).triangle == 1


def test_triangle_mirrors_are_asked_for_only_on_boards_where_a_puzzle_with_them_is_made():
    """Hard with triangle mirrors (10 × 10) searched for minutes and then failed: on that board the
    uniqueness proof runs out of its budget on nearly every layout. The solo form and links, and a race
    whose puzzles the host makes, refuse triangles above 8 × 8 and say why; a built race may have them,
    and a puzzle already made (a save, a code) still opens."""
    refused = "Triangle mirrors come on boards up to 8×8 (Easy, Normal or a custom board)"
    for params in (
        {"preset": "hard", "triangles": "1"},
        {"preset": "expert", "triangles": "1"},
        {"preset": "custom", "size": "9", "diagonal": "4", "triangle": "1"},
    ):
        with pytest.raises(BadOptions) as err:
            makeable(parse_settings(params, 1))
        assert err.value.code == "training-triangles-size"
    for params in (
        {"preset": "normal", "triangles": "1"},
        {"preset": "hard"},
        {"preset": "custom", "size": "8", "diagonal": "4", "triangle": "1"},
        {"preset": "custom", "size": "12", "diagonal": "4"},
    ):
        assert makeable(parse_settings(params, 1)) == parse_settings(params, 1)
    model, _ = solo.SCREEN.init({}, Env(now_ms=1_000))
    assert "Triangle mirrors (Easy and Normal)" in text_of(solo.SCREEN.view(model))  # said before it is refused
    form = {"preset": "hard", "triangles": "1", "seed": "5"}
    bad, effects = solo.update(model, UiEvent("submit", action="options", form=form))
    assert bad.phase == "options" and bad.message.startswith(refused)
    assert not any(isinstance(e, Work) for e in effects)
    linked, effects = solo.SCREEN.init({**form, "v": "2"}, Env(now_ms=1_000))
    assert linked.phase == "options" and refused in linked.message and not any(isinstance(e, Work) for e in effects)
    for raw in (
        {"mode": "random", "preset": "hard", "triangles": True},
        {"mode": "training", "preset": "expert", "triangles": True},
    ):
        with pytest.raises(BadOptions) as err:
            parse_options(raw)
        assert err.value.code == "reflection-triangles-size"
    assert parse_options({"mode": "built", "preset": "hard", "triangles": True}).tileset.triangle == 3
    assert parse_options({"mode": "random", "preset": "custom", "size": 8, "tiles": 10, "triangles": True}).triangles


def test_the_nearest_makeable_settings_put_diagonal_mirrors_where_triangles_cannot_be_made():
    """What "Next puzzle" asks for after a saved puzzle the generator does not make (see test_solo)."""
    for params, tiles in (
        ({"preset": "hard", "triangles": "1"}, PRESETS["hard"].mix),
        ({"preset": "expert", "triangles": "1"}, PRESETS["expert"].mix),
        ({"preset": "custom", "size": "9", "diagonal": "4", "block": "2", "triangle": "3"}, TileSet(7, 0, 2)),
    ):
        nearest = nearest_makeable(parse_settings(params, 1))
        assert nearest.tiles == tiles and makeable(nearest) == nearest
        assert nearest == replace(parse_settings(params, 1), tiles=tiles)
    for params in ({"preset": "normal", "triangles": "1"}, {"preset": "custom", "size": "8", "triangle": "2"}):
        assert nearest_makeable(parse_settings(params, 1)) == parse_settings(params, 1)


def test_the_solution_shown_fits_the_tile_set_when_open_cells_share_kinds():
    # Found by a random search: taking the first kind available cell by cell once left no kind for a
    # later cell; the solver now searches for an assignment that fits.
    layout = Layout((".....", "....◥", "...-.", "...#.", "...#."))
    puzzle = puzzle_of(layout, (), TileSet(flat=1, block=2, triangle=1))
    solved = solve(puzzle, 3)
    assert solved.count >= 1 and check(puzzle, solved.layout)


@settings(max_examples=60, deadline=None)
@given(triangle_layouts(), st.integers(0, 1), st.integers(0, 1))
def test_the_solver_always_shows_a_solution_that_checks(case, spare_block, spare_triangle):
    layout, warps = case
    used = TileSet.of(layout)
    tiles = TileSet(used.diagonal, used.flat, used.block + spare_block, used.hole, used.triangle + spare_triangle)
    puzzle = puzzle_of(layout, warps, tiles)
    solved = solve(puzzle, 3, budget=20_000)
    # A search stopped by its budget shows nothing, which is allowed (rare: the layouts are random);
    # a complete search must find the planted layout or another that checks.
    assume(solved.complete or solved.layout is not None)
    assert solved.layout is not None and check(puzzle, solved.layout)


def test_a_layout_over_the_budget_above_is_solved_with_more():
    # Found by the test above: 20,000 decisions stop the search before any solution; 100,000 finish it.
    layout = Layout((".......", "......o", "◢....◢|", ".◥../.◣", "...-...", "....◣.◢", ".◣...◣."))
    used = TileSet.of(layout)
    tiles = TileSet(used.diagonal, used.flat, used.block + 1, used.hole, used.triangle + 1)
    puzzle = puzzle_of(layout, ((4, 6), (5, 2)), tiles)
    assert solve(puzzle, 3, budget=20_000).layout is None
    solved = solve(puzzle, 3, budget=100_000)
    assert solved.complete and solved.layout is not None and check(puzzle, solved.layout)
