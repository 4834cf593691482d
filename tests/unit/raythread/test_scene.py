"""The Raythread Rally board scene, drawn from views of hand-made positions."""

import re

import pytest

from gamenight.raythread import rules, scene
from gamenight.ui.svg import find_all, render, text_of

from .helpers import position, tile

COLOURS = {"A": "amber", "B": "cyan", "C": "magenta", "D": "lime"}


def crossing() -> dict:
    """A's beam (east along row 3) turns north at a / on (3, 5) into the 2 at (1, 5); C's beam (west along
    row 7) turns north at a \\ on (7, 5), runs up column 5 into the same / and leaves east along row 3."""
    state = position(
        {(1, 5): 2, (9, 9): 1},
        [tile((3, 5), "/", owner="A"), tile((7, 5), "\\", owner="C", rotated=True)],
        claims={(1, 5): ("A",)},
    )
    return rules.view(state, "A")


def beams(tree, seat: str) -> list:
    return find_all(tree, lambda e: e.tag == "line" and f"lane-{seat}" in str(e.attr("class")))


def test_each_colours_beam_runs_in_its_own_lane_along_its_path():
    view = crossing()
    tree = scene.board(view, scene.Look(colours=COLOURS))
    a, c = beams(tree, "A"), beams(tree, "C")

    def lines(elements):
        return [(e.attr("x1"), e.attr("y1"), e.attr("x2"), e.attr("y2")) for e in elements]

    # Row 3's centre line is y = 4 + 3.5 * 40 = 144 and column 5's is x = 224; with two seats, A's lane is
    # 3 units before the centre line (y = 141 across, x = 221 up and down) and C's 3 units after it.
    assert lines(a) == [
        (38.4, 141.0, 227.0, 141.0),  # from the tip of A's emitter (24 + 0.36 * 40) to the / on (3, 5)
        (221.0, 147.0, 221.0, 79.0),  # north up column 5 into the beacon's rim at (1, 5) (64 + 15)
        (227.0, 141.0, 221.0, 147.0),  # the glint along the / between the two lanes' points
    ]
    assert lines(c) == [
        (409.6, 307.0, 227.0, 307.0),  # from the tip of C's emitter (424 - 14.4) west along row 7 to the \ on (7, 5)
        (227.0, 307.0, 227.0, 141.0),  # north up column 5 (lane x = 227) to the /
        (221.0, 147.0, 444.0, 147.0),  # east along row 3 (lane y = 147) to the edge
        (221.0, 147.0, 227.0, 141.0),  # its glint along the / on (3, 5)
    ]
    # The two beams cross column 5 on different lanes: A's at x = 221, C's at x = 227.
    assert {x for x, _, x2, _ in lines(a)[1:2]} == {221.0} and {x for x, _, _, _ in lines(c)[1:2]} == {227.0}
    assert all("seat-amber" in str(e.attr("class")) for e in a)
    assert all("seat-magenta" in str(e.attr("class")) for e in c)


def test_no_beam_crosses_the_letter_in_its_emitter():
    """Each seat's beam leaves from its emitter's tip: the seat's letter, drawn at the cell's centre, stays
    clear of every lane (it was drawn over by its own beam)."""
    state = position({(1, 5): 2}, [], seats=("A", "B", "C", "D"))
    view = rules.view(state, "A")
    tree = scene.board(view, scene.Look(colours=COLOURS))
    letters = find_all(tree, lambda e: e.attr("class") == "rt-letter")
    assert len(letters) == 4
    lines = find_all(tree, lambda e: e.tag == "line" and "rt-beam" in str(e.attr("class")))
    for letter in letters:
        x, y = float(letter.attr("x")), float(letter.attr("y")) - 4  # the letter's middle (its baseline is 4 below)
        for line in lines:
            x1, y1, x2, y2 = (float(line.attr(k)) for k in ("x1", "y1", "x2", "y2"))
            # Every beam run is straight across or up and down: the letter's box (± 6 units) stays off it.
            inside_x = min(x1, x2) - 6 <= x <= max(x1, x2) + 6
            inside_y = min(y1, y2) - 6 <= y <= max(y1, y2) + 6
            assert not (inside_x and inside_y), f"{line.attr('class')} crosses the letter {text_of(letter)}"


def test_beacons_show_every_claimant_and_cells_are_named():
    view = crossing()
    view["beacons"][0]["claimers"] = ["A", "C"]  # a joint claim, as the rules make them
    tree = scene.board(view, scene.Look(colours=COLOURS, names={"A": "Ann", "C": "Cy"}))
    claims = find_all(tree, lambda e: "rt-claim " in str(e.attr("class")) + " ")
    assert sorted(str(e.attr("class")) for e in claims) == ["rt-claim seat-amber", "rt-claim seat-magenta"]
    labels = {e.attr("id"): e.attr("aria-label") for e in find_all(tree, lambda e: e.attr("role") == "gridcell")}
    assert len(labels) == 121
    assert (
        labels["rt-c1-5"]
        == "row 2, column 6: beacon worth 2, claimed by Ann\u00a0(A) and Cy\u00a0(C) · lit by Ann\u00a0(A)"
    )
    assert labels["rt-c3-5"] == (
        "row 4, column 6: mirror, slash /, placed by Ann\u00a0(A), can still turn · lit by Ann\u00a0(A) and Cy\u00a0(C)"
    )
    assert labels["rt-c7-5"] == (
        "row 8, column 6: mirror, backslash \\, placed by Cy\u00a0(C), already turned · lit by Cy\u00a0(C)"
    )
    assert labels["rt-c3-0"] == "row 4, column 1: emitter of Ann\u00a0(A), shining east"
    assert labels["rt-c9-9"] == "row 10, column 10: beacon worth 1, unclaimed"
    assert "2" in text_of(tree) and "1" in text_of(tree)


def test_a_preview_draws_the_beams_after_the_move_and_what_it_would_claim():
    state = position({(1, 5): 2}, [])
    view = rules.view(state, "A")
    after, _ = rules.play(state, "A", {"type": "place", "tile": "mirror", "cell": [3, 5], "orient": "/"})
    look = scene.Look(preview=rules.view(after, "A"), ghost=((3, 5), "mirror", "/"), colours=COLOURS)
    tree = scene.board(view, look)
    runs = [e for e in beams(tree, "A") if "rt-glint" not in str(e.attr("class"))]
    assert len(runs) == 2, "the previewed path turns north at the ghost mirror"
    assert [text_of(e) for e in find_all(tree, lambda e: e.attr("class") == "rt-gain")] == ["+2"]
    assert find_all(tree, lambda e: e.attr("class") == "rt-ghost")
    plain = scene.board(view, scene.Look(colours=COLOURS))
    assert len(beams(plain, "A")) == 1 and not find_all(plain, lambda e: e.attr("class") == "rt-gain")


def test_targets_cursor_and_fresh_runs_are_marked():
    view = crossing()
    fresh = {scene.run_key("A", view["beams"]["A"][1])}
    look = scene.Look(targets={(0, 0), (4, 4)}, cursor=(4, 4), fresh=fresh, last=(3, 5), colours=COLOURS)
    tree = scene.board(view, look)
    targets = {e.attr("id") for e in find_all(tree, lambda e: "rt-target" in str(e.attr("class")))}
    assert targets == {"rt-c0-0", "rt-c4-4"}
    assert tree.attr("aria-activedescendant") == "rt-c4-4" and tree.attr("role") == "grid"
    assert [e.attr("id") for e in find_all(tree, lambda e: "rt-fresh" in str(e.attr("class")))] == list(fresh)
    assert find_all(tree, lambda e: e.attr("id") == "rt-c3-5")[0].attr("class") == "rt-cell rt-last"
    # The cells layer is the same whether it is built here or kept between frames.
    assert render(scene.board(view, look, scene.cells_layer(view, look))) == render(tree)


def _clearance(point: tuple[float, float], start: tuple[float, float], end: tuple[float, float]) -> float:
    """How far ``point`` is from the segment ``start``–``end``."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5


def test_the_turn_mark_stays_clear_of_the_tiles_bar_whichever_way_it_leans():
    """The small turn arrow (the hint says "your tiles marked ↻") is drawn in a corner the tile's bar does not
    reach: on a \\ tile it sat where the bar ends and the bar hid it."""
    cells = {("mirror", "/"): (2, 2), ("mirror", "\\"): (2, 6), ("prism", "/"): (6, 2), ("prism", "\\"): (6, 6)}
    state = position({(9, 9): 1}, [tile(cell, orient, kind) for (kind, orient), cell in cells.items()])
    tree = scene.board(rules.view(state, "A"), scene.Look(colours=COLOURS))
    marks = find_all(tree, lambda e: e.attr("class") == "rt-can-turn")
    assert len(marks) == 4
    for (kind, orient), cell in cells.items():
        cx, cy = scene.centre(cell)
        s = scene.CELL * 0.38  # the bar's half length along each axis (tile_shape)
        bar = ((cx - s, cy + s), (cx + s, cy - s)) if orient == "/" else ((cx - s, cy - s), (cx + s, cy + s))
        mark = next(
            m
            for m in marks
            if all(abs(x - cx) < scene.CELL / 2 and abs(y - cy) < scene.CELL / 2 for x, y in _mark_points(m))
        )
        nearest = min(_clearance(p, *bar) for p in _mark_points(mark))
        # The bar is 4.5 units wide (a prism's 3.6 either side of its diagonal): the arrow keeps clear of it.
        assert nearest > 5, f"{kind} {orient}: the turn mark comes within {nearest:.1f} of the bar"


def _mark_points(mark) -> list[tuple[float, float]]:
    """The points a turn mark is drawn through: its arc's ends and its arrow head's corners."""
    path = find_all(mark, lambda e: e.tag == "path")[0].attr("d")
    head = find_all(mark, lambda e: e.tag == "polygon")[0].attr("points")
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", str(path))]
    arc = [(numbers[0], numbers[1]), (numbers[-2], numbers[-1])]
    return arc + [tuple(float(n) for n in pair.split(",")) for pair in str(head).split()]


def _mark_centre(mark) -> tuple[float, float]:
    """The centre of a turn mark's circle: its arc starts west of it and ends south of it (_turn_mark)."""
    (_start_x, start_y), (end_x, _end_y) = _mark_points(mark)[:2]
    return end_x, start_y


def _bar_clearance(point: tuple[float, float], cell: tuple[int, int], orient: str) -> float:
    cx, cy = scene.centre(cell)
    s = scene.CELL * 0.38
    bar = ((cx - s, cy + s), (cx + s, cy - s)) if orient == "/" else ((cx - s, cy - s), (cx + s, cy + s))
    return _clearance(point, *bar)


@pytest.mark.parametrize("step", [(0, 1), (1, 0)], ids=["side by side", "one above the other"])
@pytest.mark.parametrize("first", ["/", "\\"])
@pytest.mark.parametrize("second", ["/", "\\"])
def test_two_neighbouring_tiles_turn_marks_each_sit_by_their_own_tile(first: str, second: str, step):
    """QA: a "/" tile left of a "\\" tile drew their two turn marks side by side, 14 units apart across the
    cell line, each further from its own tile's bar (18) than from the other mark: they read as a pair, not
    as one mark per tile. Each mark now sits nearer its own bar than the other tile's mark, whichever way
    the two lean and whichever side they touch."""
    cells = {(4, 4): first, (4 + step[0], 4 + step[1]): second}
    state = position({(9, 9): 1}, [tile(cell, orient, "mirror") for cell, orient in cells.items()])
    tree = scene.board(rules.view(state, "A"), scene.Look(colours=COLOURS))
    marks = find_all(tree, lambda e: e.attr("class") == "rt-can-turn")
    assert len(marks) == 2
    for cell, orient in cells.items():
        cx, cy = scene.centre(cell)
        own = next(m for m in marks if max(abs(_mark_centre(m)[0] - cx), abs(_mark_centre(m)[1] - cy)) < scene.CELL / 2)
        other = next(m for m in marks if m is not own)
        (x, y), (ox, oy) = _mark_centre(own), _mark_centre(other)
        apart = ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5
        to_bar = _bar_clearance((x, y), cell, orient)
        assert to_bar + 5 < apart, f"{orient} at {cell}: {to_bar:.1f} from its bar, {apart:.1f} from the other mark"


def test_a_beam_in_the_outer_lane_never_hides_a_turn_mark():
    """QA: with four players the outer lanes run 9 units from a cell's centre line, and a tile's turn mark
    sits 8.5 across and down (TURN_MARK_AT): D's beam, coming up column 3 into a / at (5, 3), ran through
    the middle of the mark and hid it. No spot in the cell clears every lane and stays by its own bar, so
    the marks are drawn over the beams, each arrow outlined in the board's field colour (a halo) that the
    beam passes under."""
    state = position({(9, 9): 1}, [tile((5, 3), "/", owner="D")], seats=("A", "B", "C", "D"), turn="D")
    tree = scene.board(rules.view(state, "D"), scene.Look(colours=COLOURS))
    (mark,) = find_all(tree, lambda e: e.attr("class") == "rt-can-turn")
    x, y = _mark_centre(mark)
    crossing = [
        b
        for b in beams(tree, "D")
        if abs(float(b.attr("x1")) - x) < 1
        and b.attr("x1") == b.attr("x2")
        and min(b.attr("y1"), b.attr("y2")) < y < max(b.attr("y1"), b.attr("y2"))
    ]
    assert crossing, "D's beam runs through the turn mark (the position shows what it should)"
    layers = [e for e in tree.children if isinstance(e, type(tree))]
    order = [str(e.attr("class")) for e in layers]
    holder = next(i for i, e in enumerate(layers) if find_all(e, lambda m: m.attr("class") == "rt-can-turn"))
    assert holder > order.index("rt-beams"), f"the turn marks are drawn under the beams: layers {order}"
    (arc,) = find_all(mark, lambda e: e.tag == "path" and e.attr("class") is None)
    (halo,) = find_all(mark, lambda e: e.attr("class") == "rt-turn-halo")
    assert halo.attr("d") == arc.attr("d") and mark.children.index(halo) < mark.children.index(arc)


def test_a_final_board_marks_no_tile_as_one_that_can_still_turn():
    """QA: the ↻ marks stayed on the tiles after the match ended, and each such cell's name still said "can
    still turn": a finished board showed moves nobody could make any more. It shows the final position:
    no turn mark, and the cells name their tiles without it (a tile turned before is just a tile)."""
    state = position(
        {(1, 5): 2, (9, 9): 1}, [tile((7, 5), "\\", owner="C", rotated=True), tile((8, 8), "/", owner="C")], target=2
    )
    playing = rules.view(state, "A")
    # The position before the last move: A's tile and C's unturned one each carry a mark once A's is down.
    ended_state, _ = rules.play(state, "A", {"type": "place", "tile": "mirror", "cell": [3, 5], "orient": "/"})
    ended = rules.view(ended_state, "A")
    assert not playing["ended"] and ended["ended"], "the position shows what it should: A's 2 reaches the target"
    assert (
        len(find_all(scene.board(playing, scene.Look(colours=COLOURS)), lambda e: e.attr("class") == "rt-can-turn"))
        == 1
    )
    tree = scene.board(ended, scene.Look(colours=COLOURS))
    assert not find_all(tree, lambda e: e.attr("class") == "rt-can-turn")
    labels = {
        tuple(int(n) for n in str(e.attr("id"))[4:].split("-")): str(e.attr("aria-label"))
        for e in find_all(tree, lambda e: e.attr("role") == "gridcell")
    }
    assert labels[(3, 5)] == "row 4, column 6: mirror, slash /, placed by A · lit by A and C", labels[(3, 5)]
    assert labels[(8, 8)] == "row 9, column 9: mirror, slash /, placed by C", labels[(8, 8)]
    assert labels[(7, 5)] == "row 8, column 6: mirror, backslash \\, placed by C · lit by C", labels[(7, 5)]


@pytest.mark.parametrize("seed", range(6))
def test_the_tiles_unseen_are_what_the_deck_holds_as_the_view_alone_tells(seed):
    """The option totals less the tiles on the board and in every hand (all public) are the deck's tiles,
    whatever seat or spectator reads the view: the counts a player waiting for a turn is shown."""
    import random

    from gamenight.raythread import GAME

    state = GAME.setup(GAME.options({"mirrors": 20, "prisms": 9}), ("A", "B", "C"), seed)
    chooser = random.Random(seed)
    for _ in range(8 + seed * 3):
        if state.ended:
            break
        for reader in (None, "A", "B"):
            view = rules.view(state, reader)
            assert scene.unseen(view) == {k: state.deck.count(k) for k in rules.KINDS}, reader
        seat = state.seats[state.turn]
        state, _events = rules.play(state, seat, chooser.choice(rules.legal(state, seat)))


def test_the_tiles_unseen_of_a_view_that_does_not_add_up_are_never_fewer_than_none():
    view = rules.view(position({(1, 5): 2}, []), "A")
    view["options"] = {**view["options"], "mirrors": 0, "prisms": 0}
    assert scene.unseen(view) == {"mirror": 0, "prism": 0}
