"""The Reflection board scene: every cell, clue, tile, warp, red frame and laser is drawn as stated."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from gamenight import i18n
from gamenight.reflection import scene
from gamenight.reflection.history import DOT, RING, Notes
from gamenight.reflection.laser import MAX_SIZE, MIN_SIZE, Layout, edge_names, geometry, trace
from gamenight.reflection.puzzle import Clue, TileSet, puzzle_of
from gamenight.ui.svg import find_all, render, text_of
from tests.unit.words import in_language

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
    assert sorted(e.attr("data-edge") for e in edges) == sorted(f"{s}{i}" for s in "TRBL" for i in range(1, 6))


def test_the_board_is_a_grid_of_rows_a_screen_reader_walks_clues_included():
    tree = scene.board(PUZZLE, Layout.empty(5))
    assert tree.attr("role") == "grid" and tree.attr("id") == scene.GRID_ID and "5 by 5" in tree.attr("aria-label")
    rows = [e for e in tree.children if e.attr("role") == "row"]
    names = [[c.attr("data-edge") or f"{c.attr('data-r')},{c.attr('data-c')}" for c in row.children] for row in rows]
    assert names[0] == ["T1", "T2", "T3", "T4", "T5"] and names[-1] == ["B1", "B2", "B3", "B4", "B5"]
    assert names[3] == ["L3", "2,0", "2,1", "2,2", "2,3", "2,4", "R3"]
    assert all(c.attr("role") == "gridcell" and c.attr("aria-label") for row in rows for c in row.children)
    # The top and bottom clues sit in columns 2..6 of the 7-column grid (the corners are empty).
    assert [c.attr("aria-colindex") for c in rows[0].children] == [2, 3, 4, 5, 6]
    # Everything else (laser, cursor, hint) is hidden from screen readers.
    (over,) = [e for e in tree.children if e.attr("role") != "row"]
    assert over.attr("aria-hidden") == "true"


def test_the_board_is_one_tab_stop_on_the_cursor_cell_or_clue():
    for cursor, name in (((2, 3), "2,3"), ((-1, 1), "T2"), ((4, 5), "R5")):
        tree = scene.board(PUZZLE, Layout.empty(5), scene.Look(cursor=cursor))
        stops = find_all(tree, lambda e: e.attr("tabindex") == 0)
        assert [e.attr("data-edge") or f"{e.attr('data-r')},{e.attr('data-c')}" for e in stops] == [name]
        assert len(find_all(tree, lambda e: e.attr("tabindex") == -1)) == 25 + 20 - 1


def test_clues_show_number_colour_and_a_shape_for_colour_blind_players():
    tree = scene.board(PUZZLE, Layout.empty(5))
    shapes = {}
    for e in by_class(tree, "rf-edge"):
        name = e.attr("data-edge")
        clue = PUZZLE.clue(name)
        assert f"rf-{clue.colour}" in e.attr("class")
        assert text_of(e) == str(clue.number)
        side = {"T": "top", "R": "right", "B": "bottom", "L": "left"}[name[0]]
        line = "row" if name[0] in "LR" else "column"  # by its row or column (QA79: "top 1" read as a value)
        assert e.attr("aria-label") == f"The {side} clue in {line} {name[1:]}: {clue.colour} {clue.number}, matched"
        (shape,) = by_class(e, "rf-shape")
        shapes.setdefault(clue.colour, set()).add(shape.tag if shape.tag != "path" else "diamond")
    assert shapes == {"green": {"circle"}, "yellow": {"diamond"}, "black": {"rect"}}


def test_a_side_clue_s_two_digits_are_condensed_to_fit_across_the_ring():
    # A player's pass: a left or right clue's two digits ran over their narrow pill's outline, set at their
    # own width. Across the ring they are condensed to ``SIDE_DIGITS`` on every shape, whatever the font (the
    # browser measures the fit: tests/e2e/test_reflection_layout.py); a top clue's, along the ring, are not.
    numbers = {"L1": Clue(11, "green"), "R2": Clue(17, "yellow"), "L3": Clue(48, "black"), "T1": Clue(11, "green")}
    puzzle = replace(PUZZLE, clues=tuple(numbers.get(n, c) for n, c in zip(edge_names(5), PUZZLE.clues, strict=True)))
    texts = {
        e.attr("data-edge"): by_class(e, "rf-number")[0]
        for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge")
    }
    for name in ("L1", "R2", "L3"):
        assert "rf-across" in str(texts[name].attr("class")).split(), name
        assert (texts[name].attr("textLength"), texts[name].attr("lengthAdjust")) == (
            scene.SIDE_DIGITS,
            "spacingAndGlyphs",
        ), name
    assert texts["T1"].attr("textLength") is None
    assert scene.SIDE_DIGITS < scene.SIDE_ACROSS - 2 * scene.SHAPE_STROKE


def test_long_numbers_are_set_smaller_so_they_stay_inside_their_shape():
    names = [e.attr("data-edge") for e in by_class(scene.board(PUZZLE, Layout.empty(5)), "rf-edge")][:5]
    numbers = {names[0]: Clue(17, "yellow"), names[1]: Clue(17, "green"), names[2]: Clue(7, "yellow")}
    numbers |= {names[3]: Clue(117, "yellow"), names[4]: Clue(17, "black")}
    puzzle = replace(PUZZLE, clues=tuple(numbers.get(n, c) for n, c in zip(edge_names(5), PUZZLE.clues, strict=True)))
    sizes = {}
    for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge"):
        (number,) = by_class(e, "rf-number")
        sizes[e.attr("data-edge")] = set(str(number.attr("class")).split()) - {"rf-number"}
    # Two digits are set smaller on every shape, which is stretched along the ring to hold them: at full size
    # they ran out of a disc too (measured in the browser: tests/e2e/test_reflection_layout.py). One digit in a
    # diamond is a little smaller too (its diamond no wider across the ring than a disc: scene.DIAMOND_ALONG).
    assert [sizes[n] for n in names] == [{"rf-mid"}, {"rf-pair"}, {"rf-point"}, {"rf-long"}, {"rf-pair"}]
    shapes = {
        e.attr("data-edge"): by_class(e, "rf-shape")[0]
        for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge")
    }
    # A green disc with two digits is a pill (a rectangle with round ends), a black square a rectangle.
    assert [shapes[n].tag for n in names] == ["path", "rect", "path", "path", "rect"]
    # Round ends: its rx is half its thickness across the ring (its height on a top clue: along "x").
    assert shapes[names[1]].attr("rx") == shapes[names[1]].attr("height") / 2 and shapes[names[4]].attr("rx") == 2


def test_a_top_or_bottom_clue_s_two_digits_sit_on_a_shape_clear_of_the_grid_s_edge():
    """A later pass: a two-digit pill or rectangle was 23 units across a ring 24 deep, so with its stroke it
    crossed the grid's edge on every board, the race's small solutions too (0.74 px a unit at 320 px: a
    random puzzle there, so the browser measures the solo boards, tests/e2e/test_reflection_layout.py).
    On a top or bottom clue it keeps 3 units of the ring clear on the grid's side: 2 px or more at that
    scale, with the stroke's half taken off."""
    sides = [n for n in edge_names(5) if n[0] in "TB"]
    numbers = {n: Clue(10 + i, "green" if i % 2 else "black") for i, n in enumerate(sides)}
    puzzle = replace(PUZZLE, clues=tuple(numbers.get(n, c) for n, c in zip(edge_names(5), PUZZLE.clues, strict=True)))
    room = {}
    for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge"):
        name = e.attr("data-edge")
        if name not in numbers:
            continue
        (shape,) = by_class(e, "rf-shape")
        _x, y, _w, hh = scene.box(5, scene.edge_cell(5, name))
        top, bottom = shape.attr("y"), shape.attr("y") + shape.attr("height")
        room[name] = (y + hh - bottom) if name[0] == "T" else (top - y)  # the grid is under a top clue's ring
    assert len(room) == 10 and min(room.values()) >= 3, room


def shape_span(shape, across: str) -> tuple[float, float]:
    """How far a clue's shape reaches across the ring (``across``: "x" for a left or right clue, "y" for a
    top or bottom one), its stroke's half included (1.5 units: ``.rf-edge .rf-shape`` in css/app.css)."""
    half = 1.5 / 2
    if shape.tag == "path":  # a diamond or a long one: the corners of its outline
        numbers = [float(v) for v in re.findall(r"-?[0-9.]+", shape.attr("d"))]
        values = numbers[0::2] if across == "x" else numbers[1::2]
        return min(values) - half, max(values) + half
    if shape.tag == "circle":  # a one-digit disc
        middle, r = shape.attr("cx" if across == "x" else "cy"), shape.attr("r")
        return middle - r - half, middle + r + half
    if across == "x":
        return shape.attr("x") - half, shape.attr("x") + shape.attr("width") + half
    return shape.attr("y") - half, shape.attr("y") + shape.attr("height") + half


@pytest.mark.parametrize("first", [1, 10])
def test_a_clue_s_shape_keeps_inside_the_ring_clear_of_the_grid_s_edge_on_every_side(first):
    """A later pass: a yellow clue's long diamond was the ring's whole depth across (24 units), so its stroke crossed
    the grid's edge (and the ring's outer edge) by 0.75 units; a left or right clue's pill or rectangle, its
    digits running across the ring, was 22 across, a quarter unit from the grid's edge. Every shape of two
    digits now stays inside its part of the ring with its stroke: a long one 1 unit or more clear of the
    grid's edge, a pill or a rectangle 3 units (2 px or more on a phone: test_reflection_layout.py).
    Then a one-digit yellow diamond (23 across) crossed it by 0.25 units, and a one-digit diamond or
    square kept 1.25 units, 0.84 px on a Hard board at 320 px; every one-digit shape keeps a disc's 2.25 units
    (1.5 px there: test_reflection_layout.py measures it drawn). Then a two-digit yellow diamond still kept
    1.25 units (0.84 px on a Hard board at 320 px) and a one-digit shape 2.25 (1.3 px on a 12 × 12 custom
    board there, 0.58 px a unit): a two-digit diamond now keeps a pill's 3 units (its shape as thick across
    the ring as a pill's, on a left or right clue moved out as one), a one-digit shape 2.75 (1.5 px or more
    on every board a player can pick, up to 12 × 12)."""
    names = edge_names(5)
    colours = ("yellow", "green", "black")
    numbers = {n: Clue(first + i % 9, colours[i % 3]) for i, n in enumerate(names)}
    puzzle = replace(PUZZLE, clues=tuple(numbers[n] for n in names))
    room = {}
    for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge"):
        name = e.attr("data-edge")
        (shape,) = by_class(e, "rf-shape")
        x, y, w, hh = scene.box(5, scene.edge_cell(5, name))
        across = "x" if name[0] in "LR" else "y"
        low, high = shape_span(shape, across)
        start, end = (x, x + w) if across == "x" else (y, y + hh)
        assert start <= low and high <= end, (name, (low, high), (start, end))  # inside its part of the ring
        # The grid is after a top or left clue's ring, before a bottom or right one's.
        room[name] = (shape.tag, end - high if name[0] in "TL" else low - start)
    diamonds = [r for tag, r in room.values() if tag == "path"]
    others = [r for tag, r in room.values() if tag != "path"]
    assert len(diamonds) + len(others) == 20 and len(diamonds) >= 6, room
    if first >= 10:
        assert all(tag == "rect" for tag, _ in room.values() if tag != "path"), room
        assert min(r for _, r in room.values()) >= 3, room  # a pill's, a rectangle's and a long diamond's
    else:
        assert {tag for tag, _ in room.values()} == {"path", "circle", "rect"}, room
        assert min(r for _, r in room.values()) >= 2.75, room  # 1.5 px on a 12 × 12 board at 320 px


def test_unmatched_clues_get_a_dashed_frame_and_say_so_and_only_they():
    tree = scene.board(PUZZLE, Layout.empty(5), scene.Look(wrong={"T1", "L3"}))
    assert sorted(e.attr("data-edge") for e in by_class(tree, "rf-wrong")) == ["L3", "T1"]
    framed = [e.attr("data-edge") for e in by_class(tree, "rf-edge") if by_class(e, "rf-frame")]
    assert sorted(framed) == ["L3", "T1"]
    labels = {e.attr("data-edge"): e.attr("aria-label") for e in by_class(tree, "rf-edge")}
    assert labels["T1"].endswith("not matched yet") and labels["T2"].endswith(", matched")


def test_notes_are_drawn_small_and_hollow_and_named():
    notes = Notes.empty(5).place((1, 1), DOT).place((3, 3), RING)
    tree = scene.board(PUZZLE, Layout.empty(5), scene.Look(notes=notes))
    cells = {(c.attr("data-r"), c.attr("data-c")): c for c in by_class(tree, "rf-cell")}
    assert cells[(1, 1)].attr("data-note") == DOT and by_class(cells[(1, 1)], "rf-dot")
    assert cells[(3, 3)].attr("data-note") == RING and by_class(cells[(3, 3)], "rf-ring")
    assert cells[(1, 1)].attr("aria-label") == "row 2, column 2: empty, noted empty"
    assert cells[(3, 3)].attr("aria-label") == "row 4, column 4: empty, noted: something here"
    assert cells[(0, 0)].attr("data-note") is None and not by_class(cells[(0, 0)], "rf-note")


def test_a_hint_marks_its_cell_and_its_clues():
    tree = scene.board(PUZZLE, Layout.empty(5), scene.Look(hint_cell=(2, 2), hint_edges=("T3", "L3")))
    assert len(by_class(tree, "rf-hint")) == 1
    assert sorted(e.attr("data-edge") for e in by_class(tree, "rf-hinted")) == ["L3", "T3"]
    assert all(by_class(e, "rf-frame") for e in by_class(tree, "rf-hinted"))
    assert "named by the hint" in by_class(tree, "rf-hinted")[0].attr("aria-label")


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


def test_the_laser_line_stops_at_the_board_s_border_and_never_crosses_a_clue_s_number():
    # QA14: the line ran to the centre of the clue it starts from and of the one it leaves by, through
    # the number ("11" read as struck out). It now starts and ends on the board's border, by those clues.
    size, low, high = PUZZLE.size, scene.EDGE, scene.EDGE + PUZZLE.size * scene.CELL
    for edge in edge_names(size):
        path = trace(LAYOUT, edge, WARPS)
        points = [
            tuple(float(v) for v in point.split(","))
            for line in find_all(scene.laser(size, path), lambda e: e.tag == "polyline")
            for point in str(line.attr("points")).split()
        ]
        assert all(low <= x <= high and low <= y <= high for x, y in points), (edge, points)
        r, c = scene.edge_cell(size, edge)
        cx, cy = scene.centre(size, (r, c))
        assert points[0] == (min(max(cx, low), high), min(max(cy, low), high)), (edge, points[0])


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
    # A board with no cursor (done with) marks its Tab stop plainly, for keyboard focus (css shows it then).
    plain = scene.board(PUZZLE, LAYOUT)
    assert not by_class(plain, "rf-cursor")
    (stop,) = by_class(plain, "rf-stop")
    assert (stop.attr("x"), stop.attr("y")) == (scene.EDGE + 2, scene.EDGE + 2)  # row 1, column 1
    (stop,) = by_class(scene.board(PUZZLE, LAYOUT, scene.Look(stop=(2, 3))), "rf-stop")
    x, y, _w, _h = scene.box(PUZZLE.size, (2, 3))
    assert (stop.attr("x"), stop.attr("y")) == (x + 2, y + 2)


def heard(node) -> str:
    """The text of ``node`` a screen reader reads: what is hidden from it (``aria-hidden``) left out."""
    if isinstance(node, str):
        return node
    return "" if node.attr("aria-hidden") == "true" else "".join(heard(c) for c in node.children)


def test_tray_counts_what_is_left_of_each_kind():
    layout = Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "o"})
    tray = scene.tray(PUZZLE, layout, "diagonal")
    buttons = {b.attr("data-kind"): b for b in find_all(tray, lambda e: e.tag == "button")}
    assert list(buttons) == ["diagonal", "flat", "block", "hole", "dot", "ring", "remove"]
    left = {k: b for k, b in buttons.items() if k not in ("dot", "ring", "remove")}
    assert {
        k: find_all(b, lambda e: e.attr("data-left") is not None)[0].attr("data-left") for k, b in left.items()
    } == {"diagonal": 1, "flat": 2, "block": 1, "hole": 0}
    assert buttons["diagonal"].attr("aria-pressed") == "true" and buttons["hole"].attr("disabled") is True
    assert "&lt;" not in render(tray)
    # Screen readers hear what each button is, not "× 3".
    assert heard(buttons["diagonal"]) == "diagonal mirror: 1 left"
    assert text_of(buttons["dot"]) == "Dot, note: surely empty"


def test_in_japanese_the_tray_says_how_many_are_left_not_the_left_side():
    # "left" the count and "left" the board's side are two words in Japanese (残り, 左).
    layout = Layout.of(5, {(0, 0): "/"})
    with in_language("ja"):
        tray = scene.tray(PUZZLE, layout, "diagonal")
        edge = scene.board(PUZZLE, layout)
        diagonal = next(b for b in find_all(tray, lambda e: e.tag == "button") if b.attr("data-kind") == "diagonal")
        # What a screen reader hears reads as Japanese: "斜めミラー：残り2個" (it read "斜めミラー: ×4 個残り",
        # with an English colon and a half-width space, then "斜めミラー：×1 個残り"), and the dot's
        # "点、メモ：確実に空き" (it read "点, メモ：確実に空き").
        assert heard(diagonal) == "斜めミラー：残り2個" and "左" not in text_of(diagonal)
        dot = next(b for b in find_all(tray, lambda e: e.tag == "button") if b.attr("data-kind") == "dot")
        assert text_of(diagonal).startswith("斜めミラー：") and text_of(dot) == "点、メモ：確実に空き"
        assert "左" in render(edge)  # the left side's clues keep their own word


def test_the_guide_pictures_say_what_the_engine_does():
    from gamenight.reflection import guide

    page = guide.page()
    figures = find_all(page, lambda e: e.tag == "figure")
    assert len(figures) == 5
    expected = [
        ("L2", "green", 3, "T2"),
        ("L2", "yellow", 3, "L2"),
        ("T2", "green", 3, "B2"),
        ("T2", "yellow", 3, "T2"),
    ]
    expected.append(("L2", "black", 2, None))
    tiles = ["/", "|", "|", "#", "o"]
    for figure, tile, (edge, colour, number, exit) in zip(figures, tiles, expected, strict=True):
        path = trace(Layout.of(3, {(1, 1): tile}), edge)
        assert (path.colour, path.number, path.exit) == (colour, number, exit)
        caption = text_of(find_all(figure, lambda e: e.tag == "figcaption")[0])
        # Clues named as the board names them ("left 2"), never by the rules' short names ("L2"), which
        # the pictures do not show (docs/rules/reflection.md, "Hints that explain").
        assert not re.search(r"\b[TRBL][0-9]", caption), caption
        named = scene.edge_name(edge)
        assert named in caption and (exit is None or scene.edge_name(exit) in caption or colour in caption)
        # A picture, not a second board: nothing in it is focusable, named or clickable.
        assert not find_all(
            figure, lambda e: e.attr("tabindex") is not None or e.attr("data-action") or e.attr("role") == "gridcell"
        )


def test_the_guide_says_what_giving_up_in_a_race_costs_as_the_match_does():
    """How to play said a race's give-up "shows a solution and scores nothing": the match takes points for
    it (the Give up question says "It costs points.", the finish line "gave up: −20 points."), and the
    solution waits for the puzzle's last round (a builder's layout stays on its device until then)."""
    from gamenight.reflection import guide
    from gamenight.reflection.match import failure_points

    assert failure_points(2, 1) < 0
    friends = next(
        text_of(e) for e in find_all(guide.page(), lambda e: e.tag == "p") if "builds a puzzle" in text_of(e)
    )
    assert "scores nothing" not in friends
    assert "giving up costs points" in friends and "last round" in friends


def test_the_guide_s_sentences_never_say_a_word_twice_in_a_row():
    """ "Every cell the laser enters counts, a cell crossed twice twice, the tile's cell too." read as a slip
    of the keyboard ("twice twice"), not as the rule it is."""
    from gamenight.reflection import guide

    for e in find_all(guide.page(), lambda e: e.tag in ("p", "li", "figcaption")):
        said = text_of(e)
        assert not re.search(r"\b(\w+) \1\b", said, re.IGNORECASE), said


def test_a_clue_s_tap_target_is_a_cell_deep_and_reaches_away_from_the_board():
    """The ring is 0.6 of a cell deep (26.7 px at 320 px wide): a clue's target reaches out past it, so it
    is a whole cell deep, and never over the board's cells."""
    n = PUZZLE.size
    board_box = (scene.EDGE, scene.EDGE + n * scene.CELL)  # where the cells are, on both axes
    for e in by_class(scene.board(PUZZLE, Layout.empty(n)), "rf-edge"):
        (hit,) = by_class(e, "rf-hit")
        x, y, w, hh = (float(hit.attr(a)) for a in ("x", "y", "width", "height"))
        side = str(e.attr("data-edge"))[0]
        deep, long = (hh, w) if side in "TB" else (w, hh)
        assert (deep, long) == (scene.CELL, scene.CELL), e.attr("data-edge")
        if side == "T":
            assert y + hh == board_box[0]
        elif side == "B":
            assert y == board_box[1]
        elif side == "L":
            assert x + w == board_box[0]
        else:
            assert x == board_box[1]


def test_bigger_cells_is_offered_below_the_width_where_each_board_size_s_cells_are_44_px():
    """css/app.css shows "Bigger cells" (its ``data-size``) on a screen narrower than 44 × ``units(size)``
    px, where a phone's board (the screen's width, ``units`` cells across) has cells under 44 px, for
    every size a board may have; and so within the 40rem a phone's layout (and the button) holds to."""
    css = (Path(__file__).resolve().parents[3] / "css" / "app.css").read_text()
    rule = r'@media \(width < ([\d.]+)px\) \{ #rf-zoom\[data-size="(\d+)"\] \{ display: inline-block; \} \}'
    shown = re.findall(rule, css)
    widths = {int(size): float(width) for width, size in shown}
    assert widths == {n: round(44 * scene.units(n), 1) for n in range(MIN_SIZE, MAX_SIZE + 1)}
    assert max(widths.values()) <= 40 * 16


def test_bigger_cells_is_on_by_default_below_the_width_where_each_board_size_s_numbers_are_12_px():
    """css/app.css zooms a board by default (``.rf-zoom-auto``, its ``data-size``) on a screen narrower than
    where the fitted board's smallest clue numbers (13.5 units, ``.rf-mid``) are 12 px: a phone's board is
    ``units`` cells of 40 units across the screen's width less a quarter rem each side. At each such width it
    shows the pressed button and hides the other, for every size a board may have."""
    css = (Path(__file__).resolve().parents[3] / "css" / "app.css").read_text()
    assert re.search(r"\.rf-number\.rf-mid \{ font-size: 13\.5px; \}", css)
    block = (
        r"@media \(width < ([\d.]+)px\) \{\n"
        r'  \.rf-board-wrap\.rf-zoom-auto\[data-size="(\d+)"\] \{ --rf-zoomed: 1; --rf-inset: 0px; overflow: auto; '
        r"touch-action: pan-x pan-y; \}\n"
        r'  #rf-zoom\[data-auto\]\[data-size="\2"\] \{ display: none; \} #rf-zoom-auto\[data-size="\2"\] '
        r"\{ display: inline-block; \}\n\}"
    )
    widths = {int(size): float(width) for width, size in re.findall(block, css)}
    # 13.5 × (width − 8) / (40 × units) = 12, to the hundredth of a px below
    expected = {
        n: int((12 / 13.5 * scene.CELL * scene.units(n) + 8) * 100) / 100 for n in range(MIN_SIZE, MAX_SIZE + 1)
    }
    assert widths == expected
    assert max(widths.values()) <= 40 * 16  # within a phone's layout, where the board is the screen's width


def test_in_japanese_the_refusal_to_turn_a_block_names_the_tray_s_remove_tool_as_the_tray_does():
    # A player's pass: the refusal said 「取り除く」 (the keyboard help's word too) while the tray's button read 外す,
    # the lobby's word for removing a member: a player looked for a button that is not there.
    from gamenight.reflection import controls  # noqa: F401 (it registers the refusal's code)

    with in_language("ja"):
        tray = scene.tray(PUZZLE, Layout.of(5, {}), None)
        remove = next(b for b in find_all(tray, lambda e: e.tag == "button") if b.attr("data-kind") == "remove")
        refusal = i18n.describe("rf-no-turn", {})
        assert f"「{text_of(remove)}」" in refusal, (text_of(remove), refusal)
        assert text_of(remove) == "取り除く"


def snake(n: int, end: str = "") -> Layout:
    """A laser from L1 runs along every row in turn (a mirror at each row's ends), through every cell of the
    board; ``end`` in the last row's last cell sends it back ("#") or stops it ("o")."""
    tiles = {}
    for r in range(n):
        if r % 2 == 0:  # heading east: turned south at the row's end, from the north at its start
            tiles[(r, n - 1)] = "\\"
            if r:
                tiles[(r, 0)] = "\\"
        else:
            tiles[(r, n - 1)] = "/"
            tiles[(r, 0)] = "/"
    last = (n - 1, 0) if n % 2 == 0 else (n - 1, n - 1)
    tiles[last] = end or tiles[last]
    return Layout.of(n, tiles)


def turned(layout: Layout, quarters: int) -> Layout:
    """``layout`` turned ``quarters`` quarter turns clockwise: its mirrors turn with it."""
    swap = {"/": "\\", "\\": "/", "|": "-", "-": "|"}
    n = layout.size
    for _ in range(quarters):
        layout = Layout.of(n, {(c, n - 1 - r): swap.get(t, t) for (r, c), t in layout.tiles().items()})
    return layout


def test_a_clue_has_at_most_three_digits_and_three_are_reachable_on_boards_a_player_can_pick():
    """What a clue counts (every cell entry) is bounded by the rules: a laser never enters a cell the same way
    twice (``laser``'s docstring), so it makes at most 4 × size² + 8 entries, 584 on the largest board (12 × 12):
    never four digits. Three are reachable: a laser along every row of a custom 8 × 8 board (16 diagonal
    mirrors and a block, within the custom form's counts) is sent back over them all, 127 entries; on a 12 × 12
    one it crosses the 144 cells."""
    assert geometry(MAX_SIZE, ((0, 0), (MAX_SIZE - 1, MAX_SIZE - 1))).limit < 1000
    back = trace(snake(8, "#"), "L1")
    assert (back.number, back.colour) == (127, "yellow")
    across = trace(snake(12), "L1")
    assert across.number == 144 and across.colour == "green"
    assert trace(snake(12, "o"), "L1").colour == "black"


def ink_room(shape, half_high: float) -> float:
    """How long a line a top or bottom clue's shape holds inside its fill along the ring, ``half_high`` above or
    below its middle."""
    half = scene.SHAPE_STROKE / 2
    if shape.tag == "path":  # a long diamond: 45° ends, so it is shorter by its height off the middle
        numbers = [float(v) for v in re.findall(r"-?[0-9.]+", shape.attr("d"))]
        xs = numbers[0::2]
        return max(xs) - min(xs) - 2 * half_high - 2 * half * 2**0.5
    return shape.attr("width") - 2 * half


def test_a_three_digit_clue_is_condensed_to_fit_its_shape_on_every_side():
    """A three-digit clue (a custom board's: the test above) was set at 11.5 units at its own width: across a
    left or right clue's ring that is 24 units of digits for a pill 19 across, over its outline. Three digits
    are condensed (``textLength``) to what their shape holds with their halo and half a unit to spare, on
    every side and shape: along the ring on a top or bottom clue (a long diamond is the narrowest there),
    across it on a left or right one (``SIDE_DIGITS``); and they are no smaller than the page's smallest clue
    digits (``LONG_DIGITS``' font, css/app.css: the test below)."""
    names = edge_names(5)
    colours = ("yellow", "green", "black")
    numbers = {n: Clue(100 + 37 * i, colours[i % 3]) for i, n in enumerate(names)}
    puzzle = replace(PUZZLE, clues=tuple(numbers[n] for n in names))
    high = 0.74 * 13.5 / 2  # half a digit's ink at 13.5 units (a DejaVu Sans Bold digit's 0.73 em, rounded up)
    halo = 1.5 / 2  # the halo's half (.rf-long's stroke); the digits' ink is narrower than their advance
    seen = set()
    for e in by_class(scene.board(puzzle, Layout.empty(5)), "rf-edge"):
        (number,) = by_class(e, "rf-number")
        (shape,) = by_class(e, "rf-shape")
        name = e.attr("data-edge")
        assert "rf-long" in str(number.attr("class")).split(), name
        assert number.attr("lengthAdjust") == "spacingAndGlyphs", name
        length = number.attr("textLength")
        assert length is not None, name
        # Across the ring (a left or right clue) the digits' height lies along it, where every shape is flat.
        room = ink_room(shape, high + halo) if name[0] in "TB" else scene.SIDE_ACROSS - scene.SHAPE_STROKE
        assert length + 2 * halo <= room, (name, shape.tag, length, room)
        seen.add((name[0], shape.tag))
    assert {side for side, _ in seen} == set("TRBL") and {tag for _, tag in seen} == {"path", "rect"}


def test_no_clue_number_is_smaller_than_the_digits_bigger_cells_is_turned_on_for():
    """ "Bigger cells" is on by default where the fitted board's smallest clue digits (13.5 units) would be under
    12 px (css/app.css; the test above checks its widths): a three-digit clue at 11.5 units was 11.9 px on an
    8 × 8 board at 390 px, fitted, under that minimum. No clue's digits are smaller than 13.5 units."""
    css = (Path(__file__).resolve().parents[3] / "css" / "app.css").read_text()
    sizes = {k: float(v) for k, v in re.findall(r"\.rf-number(\.rf-[a-z]+)? \{ font-size: ([\d.]+)px;", css)}
    assert {".rf-long", ".rf-mid", ".rf-across", ""} <= set(sizes), sizes
    assert min(sizes.values()) == 13.5, sizes


def _filled(body) -> list[tuple[float, float, float, float]]:
    """A triangle's body (``M a L b L c Z``) as slices a unit high across it."""
    (ax, ay), (bx, by), (cx, cy) = (tuple(map(float, p)) for p in re.findall(r"([-0-9.]+) ([-0-9.]+)", body.attr("d")))
    slices = []
    for k in range(int(min(ay, by, cy)), int(max(ay, by, cy)) + 1):
        y = k + 0.5
        xs = [
            x1 + (x2 - x1) * (y - y1) / (y2 - y1)
            for (x1, y1), (x2, y2) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay)))
            if y1 != y2 and min(y1, y2) <= y <= max(y1, y2)
        ]
        if xs:
            slices.append((min(xs), k, max(xs), k + 1))
    return slices


def _counts_clear(puzzle, layout: Layout, edge: str, warps=(), notes: Notes | None = None) -> list[str]:
    """What each count of ``edge``'s laser on the game's board covers: a tile's drawing (a block's unless it
    stands inside it, in the block's ink), a warp's mark, a note, the laser's line, another count; [] when
    clear."""
    from tests.unit.test_rules_figures import _boxes_meet, _count_box, _drawn, _laser_boxes

    tree = scene.board(puzzle, layout, scene.Look(path=trace(layout, edge, warps), notes=notes))
    (laser,) = by_class(tree, "rf-laser")
    counts = find_all(laser, lambda e: e.tag == "text")
    shapes = [
        (shape, part)
        for cell in by_class(tree, "rf-cell")
        for shape in find_all(
            cell,
            lambda e: bool(
                {"rf-mirror", "rf-block", "rf-hole", "rf-warp-mark", "rf-note"} & set(str(e.attr("class")).split())
            ),
        )
        for part in _drawn(shape)
    ]
    shapes += [(body, part) for body in by_class(tree, "rf-triangle-body") for part in _filled(body)]
    lines, boxes = _laser_boxes(laser), [_count_box(t) for t in counts]
    # A count in the smaller type (``rf-count-small``, 10 units against 12) is as much narrower and lower.
    small = [10 / 12 if "rf-count-small" in str(t.attr("class")).split() else 1.0 for t in counts]
    boxes = [
        (b[0] + (b[2] - b[0]) * (1 - k) / 2, b[3] - (b[3] - b[1]) * k, b[2] - (b[2] - b[0]) * (1 - k) / 2, b[3])
        for b, k in zip(boxes, small, strict=True)
    ]
    steps = trace(layout, edge, warps).steps
    wrong = []
    for text, box, step in zip(counts, boxes, steps, strict=True):
        x, y, w, hh = scene.box(puzzle.size, step.cell)
        if not (x <= box[0] and box[2] <= x + w and y <= box[1] and box[3] <= y + hh):
            wrong.append(f"{edge} {text_of(text)}: out of its cell {step.cell} ({box} in {(x, y, x + w, y + hh)})")
        on_block = "rf-count-on-tile" in str(text.attr("class"))
        for shape, part in shapes:
            inside = part[0] <= box[0] and box[2] <= part[2] and part[1] <= box[1] and box[3] <= part[3]
            if _boxes_meet(box, part) and not (on_block and shape.attr("class") == "rf-block" and inside):
                wrong.append(f"{edge} {text_of(text)}: over a {shape.attr('class')}")
                break
        wrong += [f"{edge} {text_of(text)}: on the line" for line in lines if _boxes_meet(box, line)][:1]
        if sum(_boxes_meet(box, other) for other in boxes) > 1:
            wrong.append(f"{edge} {text_of(text)}: over another count")
    return wrong


def test_the_board_writes_each_count_clear_of_tiles_warps_the_laser_and_other_counts():
    """The game's board wrote each count at its cell's top-left corner: over a block's corner, against a mirror,
    and on the line where a laser turned or crossed itself (the rules figures had been fixed alone). Each count
    now stands where the figures' do, clear of what is drawn (on a block, in the block's own ink), on every
    laser of a board of every tile and of random boards."""
    import random

    wrong = [w for edge in edge_names(PUZZLE.size) for w in _counts_clear(PUZZLE, LAYOUT, edge, WARPS)]
    # A count of two digits past a hole's rim reached about 6 units over its cell's corner, over the next cell
    # (L3's 10th step is in the hole at (3, 0)): every count stands inside its own step's cell.
    holes = Layout.of(6, {(4, 5): "o", (0, 2): "\\", (3, 0): "o", (0, 0): "/", (2, 2): "/", (2, 3): "#", (5, 5): "|"})
    assert [s.count for s in trace(holes, "L3").steps if s.cell == (3, 0)][-1] == 10
    wrong += [w for edge in edge_names(6) for w in _counts_clear(puzzle_of(holes), holes, edge)]
    source = random.Random(7)
    for _board in range(16):
        tiles = {}
        for _tile in range(9):
            tiles[(source.randrange(6), source.randrange(6))] = source.choice("/\\|-#o◤◥◢◣")
        layout = Layout.of(6, tiles)
        puzzle = puzzle_of(layout)
        wrong += [w for edge in edge_names(6) for w in _counts_clear(puzzle, layout, edge)]
    assert not wrong, (len(wrong), wrong[:12])


def test_a_kind_with_none_left_is_never_shown_chosen_and_the_next_kind_left_is():
    """A race's tray kept the diagonal mirror outlined and ``aria-pressed`` at "×0" once its last tile was placed
    (a player QA pass): it looked as if a tile were still in hand. A spent kind gives way to the next kind with
    tiles left, in the tray's order and around; with every tile placed, nothing is chosen."""

    def pressed(layout: Layout, selected: str) -> list[str]:
        tray = scene.tray(PUZZLE, layout, selected)
        buttons = find_all(tray, lambda e: e.tag == "button")
        chosen = [str(b.attr("data-kind")) for b in buttons if b.attr("aria-pressed") == "true"]
        assert chosen == [str(b.attr("data-kind")) for b in buttons if "selected" in str(b.attr("class")).split()]
        assert not [b for b in buttons if b.attr("aria-pressed") == "true" and b.attr("disabled")]
        return chosen

    # PUZZLE's set: 3 diagonal, 2 flat, 1 block, 1 hole.
    spent = Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "/"})
    assert pressed(spent, "diagonal") == ["flat"]
    assert pressed(Layout.of(5, {(0, 0): "o"}), "hole") == ["diagonal"]  # around, past the end of the tray
    assert pressed(Layout.of(5, {(0, 0): "o", (1, 1): "/", (2, 2): "/", (3, 3): "/"}), "hole") == ["flat"]
    every = Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "/", (3, 0): "|", (3, 1): "-", (4, 4): "#", (2, 0): "o"})
    assert pressed(every, "block") == []
    assert pressed(every, "remove") == ["remove"] and pressed(every, "dot") == ["dot"]  # not tile kinds
    assert pressed(spent, "flat") == ["flat"]


def test_once_every_tile_is_placed_the_tray_says_which_kinds_are_spent_and_which_tool_is_chosen():
    """Once every tile was placed, the kind buttons were all disabled and dimmed alike (at "×0", heard "0 left"):
    a player could not tell the spent kinds from the tool in hand. A spent kind is marked so, in sight (a check
    mark for its count, a dashed border, no dimming that takes the mark under 3:1) and to a screen reader
    ("… all placed"); the chosen tool keeps its mark, pressed, and not by colour alone."""
    every = Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "/", (3, 0): "|", (3, 1): "-", (4, 4): "#", (2, 0): "o"})
    for chosen in ("remove", "dot", "block"):
        tray = scene.tray(PUZZLE, every, chosen)
        buttons = {b.attr("data-kind"): b for b in find_all(tray, lambda e: e.tag == "button")}
        for kind, name in (("diagonal", "diagonal mirror"), ("flat", "flat mirror"), ("block", "block")):
            spent = buttons[kind]
            assert "spent" in str(spent.attr("class")).split() and spent.attr("disabled") is True, kind
            assert heard(spent) == f"{name}: all placed", heard(spent)
            shown = find_all(spent, lambda e: e.attr("data-left") is not None)[0]
            assert text_of(shown) == "✓" and shown.attr("aria-hidden") == "true"
        pressed = [k for k, b in buttons.items() if b.attr("aria-pressed") == "true"]
        assert pressed == ([chosen] if chosen != "block" else []), (chosen, pressed)
    # A kind with tiles left reads as before, and is no spent one.
    tray = scene.tray(PUZZLE, Layout.of(5, {(0, 0): "o"}), "diagonal")
    buttons = {b.attr("data-kind"): b for b in find_all(tray, lambda e: e.tag == "button")}
    assert (
        "spent" not in str(buttons["diagonal"].attr("class"))
        and heard(buttons["diagonal"]) == "diagonal mirror: 3 left"
    )
    assert "spent" in str(buttons["hole"].attr("class")).split() and heard(buttons["hole"]) == "black hole: all placed"
    with in_language("ja"):
        hole = next(b for b in find_all(scene.tray(PUZZLE, every, None), lambda e: e.attr("data-kind") == "hole"))
        assert heard(hole) == "ブラックホール：すべて配置済み"


def test_the_tray_s_spent_and_chosen_marks_are_seen_in_both_themes():
    """The marks themselves (CSS): a spent kind is not dimmed as a whole (opacity .55 took its border and
    count under 3:1), its border dashed in the controls' edge colour, its check mark in the text colour; the
    chosen tool's frame is thicker in the text colour (an inner line), not only another colour."""
    from tests.unit.reflection.test_colours import CSS, THEMES, contrast

    def rule(selector: str) -> str:
        found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
        assert found, selector
        return found.group(1)

    spent = rule(".rf-tray-tile.spent")
    assert not re.search(r"\.rf-tray-tile:disabled\s*\{[^}]*opacity", CSS)
    assert "opacity" not in spent and "dashed" in spent and "var(--control-edge)" in spent
    assert "var(--fg)" in rule(".rf-tray-tile.spent .rf-left")
    assert "inset 0 0 0 1px var(--fg)" in rule(".rf-tray-tile.selected")
    for colours in THEMES.values():
        assert contrast(colours["control-edge"], colours["card"]) >= 3
        assert contrast(colours["fg"], colours["card"]) >= 3


def test_a_tile_s_drawing_keeps_inside_its_cell():
    """A count looks at its own cell's drawing alone (``scene._counts``): it stands inside its cell, its room
    0.5 units out of it, and every tile's, note's and warp's drawing keeps 4 units or more inside its own."""
    for tile in ("/", "\\", "|", "-", "o", "#", DOT, RING, scene.WARP, *scene.TRIANGLE_CORNERS):
        for left, top, right, bottom in scene._tile_boxes(tile):
            assert min(left, top) >= 4 and right <= scene.CELL - 4 and bottom <= scene.CELL - 4, tile


def test_notes_are_kept_clear_of_the_laser_s_counts():
    """A running count was written over a note (a dot or a ring a solver put in an empty cell): the notes
    were not among what a count stands clear of. On random boards with notes in their empty cells, every
    count of every laser stands clear of every note (and of the rest, as before)."""
    import random

    source = random.Random(11)
    wrong = []
    for _board in range(12):
        tiles = {(source.randrange(6), source.randrange(6)): source.choice("/\\|-#o") for _tile in range(6)}
        layout = Layout.of(6, tiles)
        free = [(r, c) for r in range(6) for c in range(6) if layout.at((r, c)) == "."]
        notes = Notes.empty(6)
        for cell in source.sample(free, 10):
            notes = notes.place(cell, source.choice((DOT, RING)))
        puzzle = puzzle_of(layout)
        wrong += [w for edge in edge_names(6) for w in _counts_clear(puzzle, layout, edge, notes=notes)]
    assert not wrong, (len(wrong), wrong[:12])
