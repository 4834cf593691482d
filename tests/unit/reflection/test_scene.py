"""The Reflection board scene: every cell, clue, tile, warp, red frame and laser is drawn as stated."""

from gamenight.reflection import scene
from gamenight.reflection.laser import Layout, trace
from gamenight.reflection.puzzle import TileSet, puzzle_of
from gamenight.ui.svg import find_all, render, text_of

LAYOUT = Layout.of(5, {(0, 0): "/", (1, 2): "\\", (2, 2): "|", (3, 1): "-", (4, 4): "#", (2, 0): "o"})
WARPS = ((0, 4), (4, 0))
PUZZLE = puzzle_of(LAYOUT, WARPS, TileSet(3, 2, 1, 1))


def by_class(tree, name):
    return find_all(tree, lambda e: name in str(e.attr("class") or "").split())


def test_every_cell_and_edge_is_a_target_with_its_coordinates():
    tree = scene.board(PUZZLE, Layout.empty(5))
    cells = by_class(tree, "rf-cell")
    assert [(c.attr("data-r"), c.attr("data-c")) for c in cells] == [(r, c) for r in range(5) for c in range(5)]
    assert all(c.attr("data-action") == "cell" for c in cells)
    edges = by_class(tree, "rf-edge")
    assert [e.attr("data-edge") for e in edges] == [f"{s}{i}" for s in "TRBL" for i in range(1, 6)]


def test_clues_show_number_colour_and_a_shape_for_colour_blind_players():
    tree = scene.board(PUZZLE, Layout.empty(5))
    for e in by_class(tree, "rf-edge"):
        clue = PUZZLE.clue(e.attr("data-edge"))
        assert f"rf-{clue.colour}" in e.attr("class")
        assert text_of(e) == f"{clue.number}{scene.CUE[clue.colour]}"
        assert e.attr("aria-label").startswith(f"{e.attr('data-edge')}: {clue.colour} {clue.number}")
    assert len(set(scene.CUE.values())) == 3


def test_wrong_clues_get_the_red_frame_and_only_they():
    tree = scene.board(PUZZLE, Layout.empty(5), scene.Look(wrong={"T1", "L3"}))
    assert sorted(e.attr("data-edge") for e in by_class(tree, "rf-wrong")) == ["L3", "T1"]


def test_tiles_and_warps_are_drawn_in_their_cells():
    tree = scene.board(PUZZLE, LAYOUT)
    cells = {(c.attr("data-r"), c.attr("data-c")): c for c in by_class(tree, "rf-cell")}
    for cell, tile in LAYOUT.tiles().items():
        assert cells[cell].attr("data-tile") == tile
        assert scene.TILE_NAMES[tile] in cells[cell].attr("aria-label")
    assert cells[(0, 1)].attr("data-tile") is None
    assert len(by_class(tree, "rf-mirror")) == 4 and len(by_class(tree, "rf-block")) == 1
    assert len(by_class(tree, "rf-hole")) == 1
    assert sorted((c.attr("data-r"), c.attr("data-c")) for c in by_class(tree, "rf-warp")) == sorted(WARPS)
    assert len(by_class(tree, "rf-warp-mark")) == 2


def test_the_laser_is_drawn_with_its_running_count():
    path = trace(LAYOUT, "L1", WARPS)
    tree = scene.board(PUZZLE, LAYOUT, scene.Look(path=path))
    (laser,) = by_class(tree, "rf-laser")
    assert laser.attr("data-edge") == "L1" and laser.attr("data-number") == path.number
    assert [text_of(t) for t in by_class(laser, "rf-count")] == [str(n) for n in range(1, path.number + 1)]
    assert find_all(laser, lambda e: e.tag == "polyline")


def test_a_warp_jump_breaks_the_laser_line():
    layout = Layout.empty(5)
    path = trace(layout, "T5", WARPS)  # straight down column 4 into the warp at (0, 4)
    assert any(step.cell == (4, 0) for step in path.steps)
    lines = find_all(scene.laser(5, path), lambda e: e.tag == "polyline")
    assert len(lines) == 2


def test_cursor_and_solved_marks():
    tree = scene.board(PUZZLE, LAYOUT, scene.Look(cursor=(2, 3), solved=True))
    assert len(by_class(tree, "rf-cursor")) == 1
    assert "rf-solved" in tree.attr("class")
    assert not by_class(scene.board(PUZZLE, LAYOUT), "rf-cursor")


def test_tray_counts_what_is_left_of_each_kind():
    layout = Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "o"})
    tray = scene.tray(PUZZLE, layout, "diagonal")
    buttons = {b.attr("data-kind"): b for b in find_all(tray, lambda e: e.tag == "button")}
    assert list(buttons) == ["diagonal", "flat", "block", "hole", "remove"]
    left = {k: b for k, b in buttons.items() if k != "remove"}
    assert {
        k: find_all(b, lambda e: e.attr("data-left") is not None)[0].attr("data-left") for k, b in left.items()
    } == {"diagonal": 1, "flat": 2, "block": 1, "hole": 0}
    assert buttons["diagonal"].attr("aria-pressed") == "true" and buttons["hole"].attr("disabled") is True
    assert "&lt;" not in render(tray)
