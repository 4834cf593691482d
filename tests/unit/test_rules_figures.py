"""The rules pages' figures (``<game>/guide.py``) read clearly on a phone: Reflection's step numbers clear of
the drawing, Light Seeker's frame seen in the dark theme, every figure as wide as a phone's column allows."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from gamenight.reflection import guide, scene
from gamenight.ui.svg import find_all, text_of

CSS = (Path(__file__).resolve().parents[2] / "css" / "app.css").read_text()
DIGIT_W, DIGIT_H = 7.5, 9.0  # a digit of .rf-count (12 units, bold) is about 7 wide and 9 high, in board units


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _count_box(text) -> tuple[float, float, float, float]:
    x, y = float(text.attr("x")), float(text.attr("y"))
    w = DIGIT_W * len(text_of(text))
    left = x - w / 2 if text.attr("text-anchor") == "middle" else x
    return left, y - DIGIT_H, left + w, y


def _drawn(tile) -> list[tuple[float, float, float, float]]:
    """The boxes the tile's drawing covers: a mirror's strokes (4 units wide; a diagonal one as small boxes along
    it), a block's square, a hole's disc as slices."""
    if tile.tag == "rect":
        x, y, w, hh = (float(tile.attr(a)) for a in ("x", "y", "width", "height"))
        return [(x, y, x + w, y + hh)]
    if tile.tag == "circle":
        cx, cy, r = (float(tile.attr(a)) for a in ("cx", "cy", "r"))
        r += 1  # its rim's stroke
        rows = [cy - r + k for k in range(int(2 * r) + 1)]  # the disc as slices a unit high
        return [(cx - (half := (r * r - (y - cy) ** 2) ** 0.5), y, cx + half, y + 1) for y in rows]
    out, at = [], (0.0, 0.0)
    for op, first, second in re.findall(r"([MLVH])([-0-9.]+)(?:\s([-0-9.]+))?", str(tile.attr("d"))):
        if op in "ML":
            to = (float(first), float(second))
        elif op == "V":
            to = (at[0], float(first))
        else:
            to = (float(first), at[1])
        if op != "M":
            for k in range(11):  # a diagonal stroke as 11 small boxes along it
                x, y = at[0] + (to[0] - at[0]) * k / 10, at[1] + (to[1] - at[1]) * k / 10
                out.append((x - 2, y - 2, x + 2, y + 2))
        at = to
    return out


def _laser_boxes(laser) -> list[tuple[float, float, float, float]]:
    """Each straight piece of the laser's line, as a box 3 units wide (its stroke)."""
    out = []
    for line in find_all(laser, lambda e: e.tag == "polyline"):
        points = [tuple(map(float, p.split(","))) for p in str(line.attr("points")).split()]
        for (x1, y1), (x2, y2) in pairwise(points):
            out.append((min(x1, x2) - 1.5, min(y1, y2) - 1.5, max(x1, x2) + 1.5, max(y1, y2) + 1.5))
    return out


def test_reflection_s_step_numbers_stand_clear_of_the_tile_the_laser_and_each_other():
    """The rules figures wrote each cell's running count at its top-left corner, as the game's board does: the
    "2" sat over the block's corner and against the flat mirror, and a cell crossed twice had its "1" and "3"
    one above the other, the "3" on the laser's line. Each number now lies inside its step's cell (so it is
    tied to that step), clear of the tile's drawing (or on the block itself, in the block's own ink), of the
    laser and of the other numbers."""
    figures = find_all(guide.page(), lambda e: e.tag == "figure")
    assert len(figures) == 5
    for n, figure in enumerate(figures):
        (laser,) = find_all(figure, lambda e: "rf-laser " in str(e.attr("class") or ""))
        counts = find_all(laser, lambda e: e.tag == "text")
        assert [int(text_of(t)) for t in counts] == list(range(1, len(counts) + 1))
        (tile,) = find_all(figure, lambda e: str(e.attr("class")) in ("rf-mirror", "rf-block", "rf-hole"))
        tile_boxes = _drawn(tile)
        lines = _laser_boxes(laser)
        boxes = [_count_box(t) for t in counts]
        for text, box in zip(counts, boxes, strict=True):
            label = (n, text_of(text))
            on_block = "rf-count-on-tile" in str(text.attr("class"))
            assert not on_block or tile.attr("class") == "rf-block", label
            if on_block:
                ((left, top, right, bottom),) = tile_boxes
                assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom, label
            else:
                assert not any(_boxes_meet(box, part) for part in tile_boxes), label
            assert not any(_boxes_meet(box, line) for line in lines), label
            assert sum(_boxes_meet(box, other) for other in boxes) == 1, label  # itself only
            # Inside a cell of the board: the one its step enters.
            assert any(
                _boxes_meet(box, (x, y, x + w, y + hh)) and x <= box[0] and box[2] <= x + w and y <= box[1]
                for x, y, w, hh in (scene.box(3, (r, c)) for r in range(3) for c in range(3))
            ), label


def _rule(selector: str, css: str = CSS) -> str:
    """The declarations of the last rule for exactly ``selector`` in ``css``."""
    found = re.findall(r"(?:^|[}\s])" + re.escape(selector) + r"\s*\{([^}]*)\}", css)
    assert found, selector
    return found[-1]


def test_light_seeker_s_figures_have_a_frame_seen_in_the_dark_theme():
    """The valley's field is framed by a 1.5-unit stroke of its 600-unit picture: 0.6 px on a 224 px figure, half
    of it cut by the picture's edge, so in the dark theme the board ran into the page. On a rules figure the
    frame is a stroke of whole pixels, whatever the figure's size, as Raythread's reads. A figure is drawn by the
    game's scene (``lightseeker.guide.picture``): its field is the board's (``.ls-field``), framed by the board's
    rule, the one rule for both (a rule of the figures' own repeated it)."""
    from gamenight.lightseeker import guide as ls_guide

    figure = ls_guide.picture(ls_guide.example([((0, 0), 0), ((0, 1), 0)]), "frame", "two cubes")
    (field,) = find_all(figure, lambda e: e.tag == "rect" and "ls-field" in str(e.attr("class")).split())
    assert field.attr("class") == "ls-field"
    frame = _rule(".ls-field")
    assert "vector-effect: non-scaling-stroke" in frame
    width = re.search(r"stroke-width:\s*([0-9.]+)px", frame)
    assert width and float(width[1]) >= 2  # half of it inside the picture: 1 px or more


def test_the_rules_figures_grow_with_a_phone_s_column_up_to_a_cap():
    """Every figure was at most 14rem (224 px) wide, a narrow picture in the 358 px column of a 390 px phone. Where
    the column holds one figure it is as wide as the column, up to a cap; where it holds more, as before."""
    one = re.search(r"@container guide \(width < 23rem\) \{([^@]*?)\n\}", CSS, re.S)
    assert one, "a rule for the column of one figure"
    columns = _rule(".guide-figures", one[1])
    assert re.search(r"grid-template-columns:\s*minmax\(0,\s*1fr\)", columns), columns
    assert re.search(r"max-width:\s*2[0-9]rem", _rule(".guide-figure", one[1]))
    assert "container: guide / inline-size" in _rule(".guide")
