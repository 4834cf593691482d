"""The Light Seeker valley as an SVG element tree, drawn from a seat's ``view`` JSON alone.

Pure and rules-free: it draws what the view says — every cube's top face (dark, half or full, the lit
triangles glowing on a dark face), the light areas outlined with their values, Buh on its cube, the
winning area at the end — plus what the player is looking at (``Look``: the cursor, the chosen cube,
the actions it may make as arrows into the open spaces next to it, what is dimmed, what just moved).

The valley has no edges, so the picture is framed on the cubes: their bounding box with a margin of
one cell (where the arrows go), centred in a fixed square. The frame is a CSS transform of one group,
so when the valley drifts the view glides to its new frame instead of jumping; each cube is its own
group moved by a CSS transform too, so slides and tilts glide (the page morphs the DOM, keeping the
elements). Nothing moves with ``prefers-reduced-motion`` (css/app.css).

For screen readers the frame is a grid of rows of named cells ("row 2, column 3: cube 5, fully lit,
in a light area worth 4"); the keyboard cursor is the grid's active descendant.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from gamenight import i18n
from gamenight.core.game import JSON
from gamenight.core.grid import Cell
from gamenight.i18n import N_, _
from gamenight.ui.svg import Element, Memo, h

CELL = 60  # user units per cell of the valley
VIEW = 600  # the square the frame is fitted into
MIN_CELLS = 6  # a small valley is not drawn larger than 6 cells across
INSET = 4  # the gap between a cube and its cell's edge
FACE = 8  # the top face's inset inside the cell
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
ANGLE = {"N": -90, "E": 0, "S": 90, "W": 180}
DIRECTION_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
CORNER_WORDS = {
    ("N", "E"): N_("north-east"),
    ("N", "W"): N_("north-west"),
    ("E", "S"): N_("south-east"),
    ("S", "W"): N_("south-west"),
}

Corner = tuple[str, str]


@dataclass(frozen=True)
class Arrow:
    """An action the chosen cube may make: ``kind`` (slide or tilt) one cell ``dir`` into an open space.

    ``corners`` are the lit corners of the face that would be on top afterwards (for a tilt, the face
    that comes up); ``viable`` is false when no legal turn can follow it (it is dimmed, not hidden).
    """

    dir: str
    kind: str
    corners: tuple[Corner, ...] = ()
    viable: bool = True


@dataclass(frozen=True)
class Look:
    """What the player is looking at, beyond the position itself.

    ``selected`` is the cube chosen to act and ``arrows`` its actions; ``dim`` are cubes with no action
    that leads to a legal turn (or, while Buh is being moved, the cube Buh may not go to); ``choosing``
    marks the cubes Buh may move to; ``buh_was`` is Buh's cube at the start of the turn once a new one
    is chosen; ``rolls`` tells which cubes just tilted and which way (their new face rolls in); ``moved``
    are the cubes the last action or turn moved, marked in ``moved_by``, the colour of the seat that moved
    them (a fixed blue, the second seat's, read as that player's move whoever made it). ``pick``: this
    page may act now (the board knows whose turn it is, the scene does not): only then do the cubes and
    the chosen cube's cells invite a click (``ls-pick``/``ls-target``: a pointer and a hover tint).
    """

    cursor: Cell | None = None
    selected: int | None = None
    arrows: tuple[Arrow, ...] = ()
    dim: Collection[int] = ()
    choosing: bool = False
    buh_was: int | None = None
    rolls: Mapping[int, str] = field(default_factory=dict)
    moved: Collection[int] = ()
    moved_by: str | None = None
    pick: bool = False


# --- geometry ----------------------------------------------------------------------------------------


def frame(view: JSON) -> tuple[int, int, int, int]:
    """The cells drawn: the cubes' bounding box with a margin of one cell, as (row, col, rows, cols)."""
    return frame_of([c["cell"] for c in view["cubes"]])


def frame_of(cells: Iterable[Sequence[int]]) -> tuple[int, int, int, int]:
    """The bounding box of ``cells`` with a margin of one cell, as (row, col, rows, cols)."""
    cells = list(cells)
    rows = [c[0] for c in cells]
    cols = [c[1] for c in cells]
    r0, c0 = min(rows) - 1, min(cols) - 1
    return r0, c0, max(rows) + 2 - r0, max(cols) + 2 - c0


def camera(view: JSON, fit: int = MIN_CELLS) -> str:
    """The CSS transform that fits the frame into the square view, centred (it is transitioned); the
    view spans at least ``fit`` cells.

    ``--ls-unzoom`` undoes the camera's scale for what must stay readable however wide the valley grows:
    the stylesheet sizes the numbers (cubes' and areas') in the view's own units times it, so they keep
    one size on screen (at least 14 px on a phone) while the cubes shrink."""
    r0, c0, rows, cols = frame(view)
    scale = VIEW / (max(rows, cols, fit) * CELL)
    cx, cy = (c0 + cols / 2) * CELL, (r0 + rows / 2) * CELL
    return (
        f"transform: translate({VIEW / 2:g}px, {VIEW / 2:g}px) scale({scale:.4f}) translate({-cx:g}px, {-cy:g}px);"
        f" --ls-unzoom: {1 / scale:.4f}"
    )


def corner_points(corner: Sequence[str], x: float, y: float, size: float) -> tuple[tuple[float, float], ...]:
    """The triangle of a square at (x, y) that touches the two edges of ``corner`` (its right angle there)."""
    nw, ne, se, sw = (x, y), (x + size, y), (x + size, y + size), (x, y + size)
    return {
        ("N", "E"): (nw, ne, se),
        ("N", "W"): (ne, nw, sw),
        ("E", "S"): (ne, se, sw),
        ("S", "W"): (se, sw, nw),
    }[(corner[0], corner[1])]


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def cell_id(cell: Sequence[int]) -> str:
    return f"ls-c{cell[0]}_{cell[1]}"


def number(cube: int) -> int:
    """The number players see on a cube: 1–9 (the wire numbers them 0–8)."""
    return cube + 1


# --- the board ---------------------------------------------------------------------------------------


def board(view: JSON, look: Look = Look(), fit: int = MIN_CELLS) -> Element:
    """The valley of ``view`` as the player is looking at it (at least ``fit`` cells across)."""
    r0, c0, rows, cols = frame(view)
    cubes = {i: c for i, c in enumerate(view["cubes"])}
    area_of = {i: a for a in view["areas"] for i in a["cubes"]}
    winning = _winning(view)
    return h(
        "svg",
        {
            "class": "ls-board",
            "viewBox": f"0 0 {VIEW} {VIEW}",
            "role": "grid",
            "aria-label": _("The valley, {rows} rows by {cols} columns around the cubes").format(rows=rows, cols=cols),
            "aria-rowcount": rows,
            "aria-colcount": cols,
            "tabindex": 0,
            "id": "ls-board",
            "data-action": "board",
            "aria-activedescendant": cell_id(look.cursor) if look.cursor else None,
        },
        h(
            "defs",
            {},
            h(
                "pattern",
                {"id": "ls-floor", "width": CELL, "height": CELL, "patternUnits": "userSpaceOnUse"},
                h("path", {"class": "ls-floor-line", "d": f"M{CELL} 0H0V{CELL}"}),
            ),
        ),
        h("rect", {"class": "ls-field", "width": VIEW, "height": VIEW, "rx": 12}),
        h(
            "g",
            {"class": "ls-world", "id": "ls-world", "style": camera(view, fit)},
            _floor(r0, c0, rows, cols),
            h("g", {"class": "ls-areas", "aria-hidden": "true"}, _outlines(view, winning)),
            h(
                "g",
                {"class": "ls-cubes", "aria-hidden": "true"},
                [_kept_cube(i, c, look) for i, c in sorted(cubes.items())],
            ),
            # The keyboard cursor's ring, under the values: a value disc hanging over a cube's corner (one
            # at the corner of the light, ``value_place``) reaches over the cell's edge, where the ring runs;
            # drawn over it, the ring hid the digit a player was reading. The rest of the ring shows.
            look.cursor is not None
            and h(
                "rect",
                {
                    "class": "ls-cursor",
                    "x": look.cursor[1] * CELL + 1.5,
                    "y": look.cursor[0] * CELL + 1.5,
                    "width": CELL - 3,
                    "height": CELL - 3,
                    "rx": 8,
                },
            ),
            h("g", {"class": "ls-values", "aria-hidden": "true"}, _values(view, winning, fit, _was(view, look))),
            _buh(view, look),
            h("g", {"class": "ls-over", "aria-hidden": "true"}, _numbers_over_buh(view, look)),
            h("g", {"class": "ls-cells"}, _cells(view, look, r0, c0, rows, cols, area_of, winning)),
            h("g", {"class": "ls-arrows"}, _arrows(view, look)),
        ),
    )


def _floor(r0: int, c0: int, rows: int, cols: int) -> Element:
    """The valley floor: a grid reaching well past the frame, so a gliding frame never shows its edge.
    Its extent moves in steps of 16 cells, so it rarely changes between positions."""
    step = 16
    top, left = (r0 // step - 2) * step, (c0 // step - 2) * step
    return h(
        "rect",
        {
            "class": "ls-floor",
            "x": left * CELL,
            "y": top * CELL,
            "width": (step * 5 + cols) * CELL,
            "height": (step * 5 + rows) * CELL,
            "fill": "url(#ls-floor)",
        },
    )


def _winning(view: JSON) -> frozenset[int]:
    """The cubes of the area that won the match (an area worth at least the target, once it is over)."""
    if not view.get("result"):
        return frozenset()
    best = max(view["areas"], key=lambda a: a["value"], default=None)
    if best is None or best["value"] < view["win_area"]:
        return frozenset()
    return frozenset(best["cubes"])


def _kept_cube(i: int, cube: JSON, look: Look) -> Memo:
    key = (
        "cube",
        i,
        tuple(cube["cell"]),
        cube.get("orientation"),
        cube["shade"],
        tuple(map(tuple, cube["lit_corners"])),
        cube["buh"],
        i == look.selected,
        i in look.dim,
        look.choosing,
        look.moved_by if i in look.moved else False,
        look.rolls.get(i),
    )
    kept = _KEPT.get(key)
    return kept if kept is not None else _keep(key, _cube(i, cube, look))


def _cube_square(cls: str) -> Element:
    """A cube's rounded square inside its cell: its body, or the moved mark's outline drawn over it."""
    size = CELL - 2 * INSET
    return h("rect", {"class": cls, "x": INSET, "y": INSET, "width": size, "height": size, "rx": 8})


def _cube(i: int, cube: JSON, look: Look) -> Element:
    r, c = cube["cell"]
    classes = ["ls-cube", f"ls-{cube['shade']}"]
    if i == look.selected:
        classes.append("ls-selected")
    if i in look.dim:
        classes.append("ls-dim")
    if look.choosing and i not in look.dim and not cube["buh"]:
        classes.append("ls-choosable")
    if i in look.moved:
        classes.append("ls-moved")
        if look.moved_by:
            classes.append(f"seat-{look.moved_by}")
    roll = look.rolls.get(i)
    top_classes = "ls-top" + (f" ls-roll-{roll}" if roll else "")
    return h(
        "g",
        {
            "class": " ".join(classes),
            "id": f"ls-cube-{i}",
            "style": f"transform: translate({c * CELL}px, {r * CELL}px)",
        },
        _cube_square("ls-body"),
        # The moved mark (corner brackets, css/app.css) is its own outline over the body's: drawn as the body's
        # stroke, it lost to the dashes of a cube Buh may choose (one stroke, the later rule), and a cube just
        # moved showed only that it could be chosen. Both show now: brackets at the corners, dashes between.
        i in look.moved and _cube_square("ls-brackets"),
        # A new id when the face on top changes: the page makes a new element, so its roll plays once.
        h(
            "g",
            {"class": top_classes, "id": f"ls-top-{i}-{cube.get('orientation', cube['top'])}"},
            face(cube["lit_corners"], FACE, FACE, CELL - 2 * FACE),
        ),
        h("text", {"class": "ls-num", "x": NUMBER_AT[0], "y": NUMBER_AT[1]}, str(number(i))),
    )


def face(corners: Sequence[Sequence[str]], x: float, y: float, size: float) -> list[Element]:
    """A top face at (x, y): dark, with its lit triangles glowing; a full face shows its diagonal."""
    drawn = [h("rect", {"class": "ls-face", "x": x, "y": y, "width": size, "height": size, "rx": 3})]
    for corner in corners:
        drawn.append(h("polygon", {"class": "ls-lit", "points": _points(corner_points(corner, x, y, size))}))
    if len(corners) == 2:
        a, _b, c = corner_points(corners[0], x, y, size)
        drawn.append(h("line", {"class": "ls-diagonal", "x1": a[0], "y1": a[1], "x2": c[0], "y2": c[1]}))
    return drawn


def _was(view: JSON, look: Look) -> int | None:
    """The cube where Buh sat at the start of the turn, if it has been moved from it (a ring marks it)."""
    return look.buh_was if look.buh_was is not None and look.buh_was != view["buh"] else None


def _buh(view: JSON, look: Look) -> list[Element]:
    """Buh: a dark token with two eyes in the middle of its cube (it glides to a newly chosen cube); a dashed
    ring marks where it sat at the start of the turn. Both cover the top of their cube's number where the
    valley is wide or the page a phone's (the numbers keep one size on screen while Buh scales with the
    valley): the number is drawn again over them (``_numbers_over_buh``)."""
    drawn = []
    was = _was(view, look)
    if was is not None:
        x, y = buh_at(view, was)
        drawn.append(h("circle", {"class": "ls-buh-was", "cx": x, "cy": y, "r": 14}))
    x, y = buh_at(view, view["buh"])
    drawn.append(
        h(
            "g",
            {
                "class": "ls-buh",
                "id": "ls-buh",
                "style": f"transform: translate({x:g}px, {y:g}px)",
                "aria-hidden": "true",
            },
            h("circle", {"class": "ls-buh-body", "r": 14}),
            h("circle", {"class": "ls-buh-eye", "cx": -5, "cy": -2, "r": 3.2}),
            h("circle", {"class": "ls-buh-eye", "cx": 5, "cy": -2, "r": 3.2}),
            h("path", {"class": "ls-buh-mouth", "d": "M-5 6Q0 9 5 6"}),
        )
    )
    return drawn


def _numbers_over_buh(view: JSON, look: Look) -> list[Element]:
    """The numbers of Buh's cube and of the cube where it sat, drawn again over Buh and the ring, where the
    cube draws them (``_cube``): Buh stands in its cube's middle at every size. Moved off its number's corner
    instead (by what a phone's numbers need), it stood 4.6 to 6.1 px north-east of its cube's middle on a
    1280 × 800 laptop. When Buh glides to a new cube, the copy there lies on the cube's own number."""
    drawn = []
    for i in dict.fromkeys(k for k in (view["buh"], _was(view, look)) if k is not None):
        r, c = view["cubes"][i]["cell"]
        drawn.append(
            h(
                "text",
                {
                    "class": "ls-num" + (" ls-dim" if i in look.dim else ""),
                    "x": c * CELL + NUMBER_AT[0],
                    "y": r * CELL + NUMBER_AT[1],
                },
                str(number(i)),
            )
        )
    return drawn


# --- light areas -------------------------------------------------------------------------------------


# A point of the scene, in its units (whole numbers where ``area_edges`` counts shared edges).
Point = tuple[float, float]


def area_edges(view: JSON, area: JSON) -> list[tuple[Point, Point]]:
    """The outline of a light area: the edges of its shapes that no other shape of it shares.

    Where lit edges join (the default), the shapes are the lit triangles, so the outline follows the
    light; in the "faces" variant the shapes are the whole top faces of the area's cubes. A half-lit
    cube's triangle is traced as its cube is drawn (``INSET`` in from its cell: ``_lit_shape``): from the
    cell's corners, its two sharp ends stood past the cube's body, a point above a half-lit cube.
    """
    faces = view.get("options", {}).get("light_joins") == "faces"
    count: dict[tuple[Point, Point], int] = {}
    for i in area["cubes"]:
        cube = view["cubes"][i]
        r, c = cube["cell"]
        x, y = c * CELL, r * CELL
        corners = cube["lit_corners"]
        shapes: list[tuple[Point, ...]]
        if faces or len(corners) == 2:  # a full face (its two triangles) is its whole cell
            shapes = [((x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL))]
        else:
            shapes = [_lit_shape(corner, x, y) for corner in corners]
        for shape in shapes:
            for k, a in enumerate(shape):
                for part in _pieces(a, shape[(k + 1) % len(shape)]):
                    count[part] = count.get(part, 0) + 1
    return _joined(sorted(e for e, n in count.items() if n == 1))


def _lit_shape(corner: Sequence[str], x: float, y: float) -> tuple[Point, ...]:
    """A lit triangle of the cell at (x, y) with its two sharp ends cut where the cube's body is drawn: each
    end's cell edge stops ``INSET`` short of the cell's corner, and a short step in meets the diagonal at the
    body's corner. Its edges along the cell's sides stay there, so a neighbour's shape shares them."""
    points: list[Point] = []
    shape = corner_points(corner, x, y, CELL)
    for k, (px, py) in enumerate(shape):
        if k == 1:  # the right angle (``corner_points``): a corner of the cell the light fills
            points.append((px, py))
            continue
        mx, my = x + CELL // 2, y + CELL // 2
        inx, iny = (INSET if mx > px else -INSET), (INSET if my > py else -INSET)
        right = shape[1]
        on_edge = (px, py + iny) if right[0] == px else (px + inx, py)  # along the cell edge it shares
        body = (px + inx, py + iny)  # the body's corner, on the diagonal
        points.extend([body, on_edge] if k == 0 else [on_edge, body])
    return tuple(points)


def _pieces(a: Point, b: Point) -> list[tuple[Point, Point]]:
    """The edge a–b in pieces that neighbours' edges can share: a cell side cut ``INSET`` from each of
    its cell's corners (a cut triangle's side stops there, a whole face's runs on)."""
    if a[0] != b[0] and a[1] != b[1]:
        return [(min(a, b), max(a, b))]
    axis = 0 if a[1] == b[1] else 1
    lo, hi = sorted((a[axis], b[axis]))
    start = lo // CELL * CELL
    stops = sorted({lo, hi} | {v for v in (start + INSET, start + CELL - INSET) if lo < v < hi})
    fixed = a[1 - axis]
    at = [(v, fixed) if axis == 0 else (fixed, v) for v in stops]
    return [(at[k], at[k + 1]) for k in range(len(at) - 1)]


def _joined(edges: list[tuple[Point, Point]]) -> list[tuple[Point, Point]]:
    """``edges`` with the pieces of one straight line (``_pieces``) joined back where nothing else meets them.

    Each edge runs from its lower point to its higher one (``_pieces``), so a straight run of pieces is a chain
    from one edge's end to the next edge's start: one walk along each run, from the edges no run leads into,
    by a dict of the edges starting at each point (it restarted its search from the first edge after every
    join, quadratic in the outline's pieces)."""
    ends: dict[Point, int] = {}
    starting: dict[Point, list[tuple[Point, Point]]] = {}
    for a, b in edges:
        ends[a] = ends.get(a, 0) + 1
        ends[b] = ends.get(b, 0) + 1
        starting.setdefault(a, []).append((a, b))

    def onward(a: Point, b: Point) -> tuple[Point, Point] | None:
        """The edge that goes on straight from a–b at ``b``, where no other edge meets them."""
        if ends[b] != 2:
            return None
        return next((e for e in starting.get(b, ()) if _straight(a, b, e[1])), None)

    led = {after for a, b in edges if (after := onward(a, b)) is not None}
    joined = []
    for a, b in edges:
        if (a, b) in led:
            continue
        start, at = a, (a, b)
        while (after := onward(*at)) is not None:
            at = after
        joined.append((start, at[1]))
    return sorted(joined)


def _straight(a: Point, b: Point, c: Point) -> bool:
    return (b[0] - a[0]) * (c[1] - b[1]) == (b[1] - a[1]) * (c[0] - b[0])


def _outlines(view: JSON, winning: frozenset[int]) -> list[Element]:
    drawn = []
    for area in view["areas"]:
        d = "".join(f"M{a[0]} {a[1]}L{b[0]} {b[1]}" for a, b in area_edges(view, area))
        won = bool(winning) and set(area["cubes"]) == winning
        drawn.append(h("path", {"class": "ls-area" + (" ls-win" if won else ""), "d": d}))
    return drawn


CLEAR = 8  # clearances within the same 8 units count alike: then the spot nearest the light's middle
# How far Buh reaches from its cube's middle: its body (``_buh``, r 14) and the outer half of its outline
# (css/app.css .ls-buh-body, 2.5 wide), rounded up.
BUH_REACH = 16
BUH_EYES = 8.6  # how far Buh's eyes reach from its middle (``_buh``: at (±5, -2), r 3.2), rounded up
# css/app.css's --ls-text on a phone's width (below 30rem; 20 wider). A value's disc is .75 × --ls-text ×
# --ls-unzoom (the camera's zoom undone): one size on screen while Buh and the cubes scale with the valley.
# The scene cannot know which --ls-text the page uses, so it keeps a value clear of Buh at the phone's, the
# larger against the valley (the same at 320 px and at 390: only the board's size in px differs).
VALUE_TEXT = 32
# The ink of a one-digit cube number, in ems of its font size: right of its anchor and above its baseline
# (``_cube``). Measured in Chromium with DejaVu Sans Bold (Debian's system-ui), wider than Roboto's or San
# Francisco's digits: "4" reaches .65 em right, "3", "6", "8" and "9" .75 em up.
NUMBER_EM = (0.65, 0.75)
# A cube's number's anchor in its cell (its baseline's left end): the cube's bottom-left corner, so however large
# the number is drawn it grows into the corner of the face, away from the cube's middle.
NUMBER_AT = (INSET + 3, CELL - INSET - 3)


def across(view: JSON, fit: int = MIN_CELLS) -> int:
    """How many cells the board spans (``camera``): the frame's larger side, at least ``fit``."""
    _r0, _c0, rows, cols = frame(view)
    return max(rows, cols, fit)


def number_ink(cells: int) -> tuple[float, float, float, float]:
    """The ink of a cube's one-digit number and its outline (css/app.css .ls-num, 3 wide) in its cell, as a phone
    draws it in a board ``cells`` across (its largest against the valley: the numbers keep one size on screen,
    ``camera``): (left, top, right, bottom), growing from its anchor at the cube's bottom-left corner (``_cube``).
    The ink, not the font's em box: a digit is .75 em tall, and the em's empty room above it hides nothing."""
    size = VALUE_TEXT * cells * CELL / VIEW  # the number's font size in the scene's units, on a phone
    left, baseline = NUMBER_AT
    return left - 1.5, baseline - NUMBER_EM[1] * size - 1.5, left + NUMBER_EM[0] * size + 1.5, baseline + 1.5


def buh_at(view: JSON, cube: int) -> tuple[float, float]:
    """Where Buh is drawn on ``cube``: the middle of its cell, in the scene's units."""
    r, c = view["cubes"][cube]["cell"]
    return (c + 0.5) * CELL, (r + 0.5) * CELL


VALUE_OUTLINE = 1.5 / 2  # the outer half of a value disc's outline (css/app.css .ls-value circle, 1.5 wide)
# The least a value's disc (and its digits with it) is drawn against its full size, where only a smaller one
# clears Buh: 14 px digits on a 320 px phone (15.2 px in full there), as small as a number on the board may be.
SMALLEST = 0.92


def value_reach(view: JSON, fit: int = MIN_CELLS) -> float:
    """How far an area's value disc reaches from its middle, in the scene's units, under the camera of a
    board drawn at least ``fit`` cells across (``camera``) on a phone, the largest it is drawn: its radius
    and the outer half of its outline (``VALUE_OUTLINE``)."""
    _r0, _c0, rows, cols = frame(view)
    return 0.75 * VALUE_TEXT * max(rows, cols, fit) * CELL / VIEW + VALUE_OUTLINE


def value_place(
    view: JSON,
    area: JSON,
    fit: int = MIN_CELLS,
    was: int | None = None,
    placed: Sequence[tuple[tuple[float, float], float]] = (),
) -> tuple[tuple[float, float], float]:
    """Where an area's value is written and how far its disc reaches from there: on one of its lit triangles,
    its disc (``value_reach``, a phone's) clear of the discs ``placed`` before it (each a middle and a reach:
    two discs overlapping hid part of a value), of Buh (a value drawn over Buh hides which cube it sits on), of
    the ring where Buh sat at the start of the turn (``was``, once Buh is moved: over it, a value hides where
    Buh came from) and of every cube's number's ink (``number_ink``: one drawn over a number hides which cube
    is which), the farthest from the numbers, then the nearest the middle of the area's light.

    Where no spot well inside the light clears both, one at the light's edge; then one anywhere on the
    light (``lit_face``), the deepest inside its cube's face; then one at a corner of the cube's body that
    the light reaches (the disc straddles the body's corner, over the gap between cells); then one along the
    body's edge where the light reaches it (``light_edges``). The ring is given
    up first (7 values in about 2000 of random matches). Where no spot clears Buh and the numbers with a
    disc of full size, the same spots are tried with one ``SMALLEST`` of it, and the disc is drawn as large as
    its spot has room for: with Buh in its cube's middle (``buh_at``), no spot of a cube's body is far enough
    from Buh for a full disc in a valley 9 cells across (the discs and the numbers grow with the valley), so
    an area of Buh's cube alone there had its value over Buh's rim (21 areas in 200 random matches, every
    one of them; its disc is 7 % smaller now, at a corner of its light). At 7 and 8 cells the spots along the
    body's edge found room for it in 6 of the 7 values those matches still had over Buh's rim. Should none
    clear both the numbers and Buh even so (the seventh), the value keeps its full size and off the numbers
    and Buh's eyes (Buh is known by them, while a hidden number leaves the cube unknown) as far from Buh as it
    can; should none clear both of those either (a crowded valley spread wide), it stands where its disc
    covers the least of either, then the farthest from Buh. The discs placed before are never given up:
    every spot tried is clear of them where one is."""
    room = _Room(view, fit, was, placed)
    full = value_reach(view, fit)
    found = _clear_spot(view, area, room, full)
    if found is not None:
        return found[0], full
    found = _clear_spot(view, area, room, SMALLEST * (full - VALUE_OUTLINE) + VALUE_OUTLINE)
    if found is not None:
        spot, keep_off = found
        return spot, min(full, room.numbers(spot), room.discs(spot), *(room.buh(spot, b) for b in keep_off))
    return _pressed_spot(view, area, room, full), full


def value_places(view: JSON, fit: int = MIN_CELLS, was: int | None = None) -> list[tuple[tuple[float, float], float]]:
    """``value_place`` of every area of ``view`` (in its order), each clear of the discs written before it: no
    two values overlap (7 pairs did in 820 positions of random matches, two body's corners across the gap
    between diagonal neighbours). A value that then stands over what it kept clear of when written alone (a
    number, Buh's rim or eyes, the ring: its spot taken by a disc written before it) is written first instead,
    and the rest again, as many times as there are areas; the order that gave up the least is kept."""
    areas = view["areas"]
    order = list(range(len(areas)))
    least, best = math.inf, {}
    for _attempt in areas:
        placed: list[tuple[tuple[float, float], float]] = []
        found: dict[int, tuple[tuple[float, float], float]] = {}
        worse = []
        for k in order:
            found[k] = value_place(view, areas[k], fit, was, placed)
            if placed and _gave_up(view, areas[k], fit, was, found[k]):
                worse.append(k)
            placed.append(found[k])
        if len(worse) < least:
            least, best = len(worse), found
        if not worse:
            break
        order = [worse[0]] + [k for k in order if k != worse[0]]
    return [best[k] for k in range(len(areas))]


def _gave_up(view: JSON, area: JSON, fit: int, was: int | None, place: tuple[tuple[float, float], float]) -> bool:
    """Whether a value at ``place`` stands over something it keeps clear of when written alone (no other disc)."""
    spot, reach = place
    room = _Room(view, fit, was, ())
    now = _keeps_off(view, room, spot, reach)
    if all(now):
        return False  # clear of all of it: nothing to compare (most values)
    alone = _keeps_off(view, room, *value_place(view, area, fit, was))
    return any(a and not b for a, b in zip(alone, now, strict=True))


def _keeps_off(view: JSON, room: _Room, spot: tuple[float, float], reach: float) -> tuple[bool, ...]:
    """What a disc reaching ``reach`` from ``spot`` keeps clear of: the numbers, Buh's rim (and the ring where it
    sat), Buh's eyes."""
    bx, by = room.middles[view["buh"]]
    return (
        room.numbers(spot) >= reach - 1e-9,
        *(room.buh(spot, b) >= reach - 1e-9 for b in room.middles),
        math.hypot(spot[0] - bx, spot[1] - by) - BUH_EYES >= reach - 1e-9,
    )


class _Room:
    """How far a spot is from what a value's disc keeps clear of in one position: every cube's number's ink
    (``numbers``: a value clears them where its disc's reach, ``value_reach``, is no more), Buh and the ring
    where it sat (``buh``: from its edge, ``BUH_REACH`` from its middle, ``buh_at``) and the discs written
    before it. The numbers' ink and Buh's middle worked out once for a value, not again for each of the
    hundreds of spots a crowded light has (making the frame and the ink again for every spot was most of the
    time of a position's values), and each spot's distance to the numbers once."""

    def __init__(
        self, view: JSON, fit: int, was: int | None, placed: Sequence[tuple[tuple[float, float], float]]
    ) -> None:
        self.inks = _inks(view, fit)
        self.middles = {b: buh_at(view, b) for b in (view["buh"], was) if b is not None}
        self.placed = tuple(placed)
        self._numbers: dict[tuple[float, float], float] = {}

    def numbers(self, spot: tuple[float, float]) -> float:
        known = self._numbers.get(spot)
        if known is None:
            known = self._numbers[spot] = _off_inks(spot, self.inks)
        return known

    def buh(self, spot: tuple[float, float], cube: int) -> float:
        x, y = self.middles[cube]
        return math.hypot(spot[0] - x, spot[1] - y) - BUH_REACH

    def discs(self, spot: tuple[float, float]) -> float:
        """How far ``spot`` is from the edge of the nearest disc placed before (infinite where none is)."""
        return min((math.dist(spot, p) - r for p, r in self.placed), default=math.inf)


def _tiers(view: JSON, area: JSON) -> Iterator[list[tuple[float, float]]]:
    """The spots ``value_place`` tries, in order: the light's middle, its edge, all over it, the body's corners,
    along the body's edges. Each tier made only when asked for: most values stand in the first, and the last
    two (a body's corners and edges, hundreds of spots) are for crowded valleys."""
    yield lit_spots(view, area)
    yield lit_spots(view, area, toward=(0, 2))
    yield lit_face(view, area)
    yield light_corners(view, area)
    yield light_edges(view, area)


def _nearest_middle(view: JSON, area: JSON) -> tuple[float, float]:
    spots = lit_spots(view, area)
    return sum(s[0] for s in spots) / len(spots), sum(s[1] for s in spots) / len(spots)


def _clear_spot(view: JSON, area: JSON, room: _Room, reach: float) -> tuple[tuple[float, float], list[int]] | None:
    """The spot of ``value_place`` for a disc reaching ``reach``, clear of the discs placed before, the numbers
    and of Buh and the ring (else Buh alone), with what of Buh it keeps clear of; ``None`` where none is."""
    mx, my = _nearest_middle(view, area)

    def key(s: tuple[float, float]) -> tuple[float, float, tuple[float, float]]:
        return (-((room.numbers(s) - reach) // CLEAR), (s[0] - mx) ** 2 + (s[1] - my) ** 2, s)

    keep_offs = [list(room.middles), [view["buh"]]] if len(room.middles) > 1 else [[view["buh"]]]
    for keep_off in keep_offs:
        clear: list[tuple[float, float]] = []  # of the spots of this tier and those before it
        for tier, more in enumerate(_tiers(view, area)):
            clear += [
                s
                for s in more
                if room.numbers(s) >= reach
                and all(room.buh(s, b) >= reach for b in keep_off)
                and room.discs(s) >= reach
            ]
            if clear and tier == 2:  # anywhere on the light: the deepest in its cube's face
                return max(clear, key=lambda s: (depth(view, area, s), -key(s)[1])), keep_off
            if clear:
                return min(clear, key=key), keep_off
    return None


def _pressed_spot(view: JSON, area: JSON, room: _Room, reach: float) -> tuple[float, float]:
    """Where no spot clears both the numbers and Buh: off the numbers and Buh's eyes (Buh is known by them), as
    far from Buh as can be (the light's middle spots before its edges); else where the disc covers the least
    of either. Always clear of the discs placed before where a spot is (else the farthest from them)."""
    mx, my = _nearest_middle(view, area)
    candidates = [s for tier in _tiers(view, area) for s in tier]
    apart = [s for s in candidates if room.discs(s) >= reach]
    if not apart:
        return max(candidates, key=room.discs)
    buh = view["buh"]
    bx, by = room.middles[buh]

    def off_numbers(s: tuple[float, float]) -> float:
        return room.numbers(s) - reach

    def off_eyes(s: tuple[float, float]) -> float:
        return math.hypot(s[0] - bx, s[1] - by) - BUH_EYES - reach

    def near(s: tuple[float, float]) -> float:
        return (s[0] - mx) ** 2 + (s[1] - my) ** 2

    readable = [s for s in apart if off_numbers(s) >= 0 and off_eyes(s) >= 0]
    if readable:
        return max(readable, key=lambda s: (room.buh(s, buh), -near(s)))
    return max(apart, key=lambda s: (min(off_numbers(s), off_eyes(s)), room.buh(s, buh)))


def lit_spots(view: JSON, area: JSON, toward: tuple[int, ...] = (1,)) -> list[tuple[float, float]]:
    """Where ``area``'s value may go: a spot in each of its lit triangles, halfway between the triangle's
    centroid and its right-angle corner (well inside the light); with ``toward=(0, 2)``, halfway to its
    two other corners (at the light's edge)."""
    spots: list[tuple[float, float]] = []
    for i in area["cubes"]:
        r, c = view["cubes"][i]["cell"]
        for corner in view["cubes"][i]["lit_corners"]:
            pts = corner_points(corner, c * CELL, r * CELL, CELL)
            cx, cy = sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3
            spots.extend(((cx + pts[k][0]) / 2, (cy + pts[k][1]) / 2) for k in toward)
    return spots


FACE_STEP = 4  # the spacing of the spots ``lit_face`` tries over the light, in the scene's units


def lit_face(view: JSON, area: JSON) -> list[tuple[float, float]]:
    """Spots all over ``area``'s light, ``FACE_STEP`` apart, on its cubes' faces: tried where neither the
    light's middle nor its edge (``lit_spots``) clears the numbers and Buh. Before them, the next place was a
    corner of the cube's body (``light_corners``), the disc straddling it: about 14 % of the values of random
    matches at a phone's size, half of which have room on the light itself (a "16" stood on cube 9's corner)."""
    spots: list[tuple[float, float]] = []
    for i in area["cubes"]:
        r, c = view["cubes"][i]["cell"]
        x0, y0 = c * CELL, r * CELL
        for corner in view["cubes"][i]["lit_corners"]:
            spots.extend((x0 + x, y0 + y) for x, y in _face_spots(corner[0], corner[1]))
    return spots


@lru_cache(maxsize=4)
def _face_spots(edge: str, other: str) -> tuple[tuple[float, float], ...]:
    """``lit_face``'s spots on the lit triangle of a cell at (0, 0) touching the edges ``edge`` and ``other``:
    the same for every cube, so worked out once (they are whole units: moved to a cell, the same numbers)."""
    n = CELL // FACE_STEP
    a, b, d = corner_points((edge, other), 0, 0, CELL)
    spots = []
    for u in range(n + 1):
        for v in range(n + 1 - u):
            w = n - u - v
            x, y = (a[0] * u + b[0] * v + d[0] * w) / n, (a[1] * u + b[1] * v + d[1] * w) / n
            if FACE <= x <= CELL - FACE and FACE <= y <= CELL - FACE:
                spots.append((x, y))
    return tuple(spots)


def depth(view: JSON, area: JSON, spot: tuple[float, float]) -> float:
    """How far ``spot`` is inside the body of the cube of ``area`` it stands on (from its nearest edge)."""
    x, y = spot
    return max(
        min(x - c * CELL - INSET, (c + 1) * CELL - INSET - x, y - r * CELL - INSET, (r + 1) * CELL - INSET - y)
        for r, c in (view["cubes"][i]["cell"] for i in area["cubes"])
    )


def light_corners(view: JSON, area: JSON) -> list[tuple[float, float]]:
    """The corners of ``area``'s cubes' bodies that their light reaches (``INSET`` in from the corners of
    its lit triangles): the farthest from Buh a value on its cube can stand."""
    spots: list[tuple[float, float]] = []
    for i in area["cubes"]:
        r, c = view["cubes"][i]["cell"]
        mx, my = (c + 0.5) * CELL, (r + 0.5) * CELL
        for corner in view["cubes"][i]["lit_corners"]:
            for x, y in corner_points(corner, c * CELL, r * CELL, CELL):
                spots.append((x + math.copysign(INSET, mx - x), y + math.copysign(INSET, my - y)))
    return spots


EDGE_STEP = 0.25  # the spacing of the spots ``light_edges`` tries along a body's edge, in the scene's units


def light_edges(view: JSON, area: JSON) -> list[tuple[float, float]]:
    """Spots along the edges of ``area``'s cubes' bodies (``INSET`` in from the cell's edges) where the light
    reaches them, ``EDGE_STEP`` apart: the two edges along the legs of each lit triangle. Tried last, where
    no spot inside the light nor a body's corner (``light_corners``) clears the numbers and Buh: between a
    corner crowded by the next cube's number and Buh in the middle, a spot along the edge may have the room
    (6 of the 7 values over Buh's rim in 200 seeded random matches, areas of Buh's cube alone 7 cells across)."""
    spots: list[tuple[float, float]] = []
    low, high = INSET, CELL - INSET
    along = [low + k * EDGE_STEP for k in range(int((high - low) / EDGE_STEP) + 1)]
    for i in area["cubes"]:
        r, c = view["cubes"][i]["cell"]
        x0, y0 = c * CELL, r * CELL
        for corner in view["cubes"][i]["lit_corners"]:
            x = x0 + (low if "W" in corner else high)
            y = y0 + (low if "N" in corner else high)
            spots.extend((x, y0 + t) for t in along)
            spots.extend((x0 + t, y) for t in along)
    return spots


def _inks(view: JSON, fit: int) -> list[tuple[float, float, float, float]]:
    """The ink of every cube's number (``number_ink``) where the board draws it, in the scene's units."""
    x0, y0, x1, y1 = number_ink(across(view, fit))
    return [(c * CELL + x0, r * CELL + y0, c * CELL + x1, r * CELL + y1) for r, c in (k["cell"] for k in view["cubes"])]


def _off_inks(spot: tuple[float, float], inks: Iterable[tuple[float, float, float, float]]) -> float:
    """How far ``spot`` is from the nearest of ``inks`` (boxes as (left, top, right, bottom))."""
    x, y = spot
    nearest = math.inf
    for x0, y0, x1, y1 in inks:  # a plain loop: the most repeated step of ``value_place``'s search
        dx = x0 - x if x < x0 else x - x1 if x > x1 else 0.0
        dy = y0 - y if y < y0 else y - y1 if y > y1 else 0.0
        if dx * dx + dy * dy < nearest:
            nearest = dx * dx + dy * dy
    return math.sqrt(nearest)


def _kept_places(view: JSON, fit: int, was: int | None) -> tuple[tuple[tuple[float, float], float], ...]:
    """``value_places``, remembered for the position: the board is drawn again for every key and pointer move on
    one position, and a crowded light's spots (``lit_face``) take a few milliseconds to weigh."""
    cubes = tuple((tuple(c["cell"]), tuple(map(tuple, c["lit_corners"]))) for c in view["cubes"])
    return _places(cubes, view["buh"], tuple(tuple(a["cubes"]) for a in view["areas"]), fit, was)


@lru_cache(maxsize=1024)
def _places(
    cubes: tuple[tuple[Cell, tuple[Corner, ...]], ...],
    buh: int,
    areas: tuple[tuple[int, ...], ...],
    fit: int,
    was: int | None,
) -> tuple[tuple[tuple[float, float], float], ...]:
    """``value_places`` of a position given by its key alone: ``value_places`` sees only what the key holds, so a
    key missing what it reads fails at once instead of returning places remembered for another position."""
    view = {
        "cubes": [{"cell": cell, "lit_corners": corners} for cell, corners in cubes],
        "buh": buh,
        "areas": [{"cubes": list(area)} for area in areas],
    }
    return tuple(value_places(view, fit, was))


def _values(view: JSON, winning: frozenset[int], fit: int, was: int | None) -> list[Element]:
    drawn = []
    for area, ((x, y), reach) in zip(view["areas"], _kept_places(view, fit, was), strict=True):
        won = bool(winning) and set(area["cubes"]) == winning
        # A disc smaller than its full size (``value_place``): its radius in the scene's units, a bound the
        # stylesheet's own size is held under (css/app.css .ls-value), rounded down so it stays clear.
        smaller = reach < value_reach(view, fit)
        drawn.append(
            h(
                "g",
                {
                    "class": "ls-value" + (" ls-win" if won else ""),
                    "data-value": area["value"],
                    "data-cubes": ",".join(str(i) for i in area["cubes"]),
                    "style": f"--ls-disc: {math.floor((reach - VALUE_OUTLINE) * 100) / 100:g}px" if smaller else None,
                },
                h("circle", {"cx": round(x, 1), "cy": round(y, 1), "r": 10}),
                h("text", {"x": round(x, 1), "y": round(y, 1), "dy": ".35em"}, str(area["value"])),
            )
        )
    return drawn


# --- cells (what a screen reader reads, where clicks land) -------------------------------------------


def _cells(
    view: JSON,
    look: Look,
    r0: int,
    c0: int,
    rows: int,
    cols: int,
    area_of: Mapping[int, JSON],
    winning: frozenset[int],
) -> list[Element]:
    at = {tuple(c["cell"]): i for i, c in enumerate(view["cubes"])}
    targets = _targets(view, look)
    language = i18n.generation()  # the labels are in the page's language
    rows_drawn = []
    for r in range(r0, r0 + rows):
        cells = []
        for c in range(c0, c0 + cols):
            cube = at.get((r, c))
            info = view["cubes"][cube] if cube is not None else None
            area = area_of.get(cube) if cube is not None else None
            key = (
                r,
                c,
                r0,
                c0,
                cube,
                info and (tuple(map(tuple, info["lit_corners"])), info["buh"]),
                area and area["value"],
                cube in winning,
                cube is not None and cube == look.selected,
                look.pick,
                cube in look.dim and not look.choosing,
                (r, c) in targets,
                language,
            )
            kept = _KEPT.get(key)
            if kept is None:
                kept = _keep(key, _cell(view, look, r, c, r0, c0, cube, area_of, winning, (r, c) in targets))
            cells.append(kept)
        rows_drawn.append(h("g", {"role": "row", "aria-rowindex": r - r0 + 1}, cells))
    return rows_drawn


# Cells and cubes drawn once and reused while they look the same: after an input most are unchanged,
# so their markup is not made again and the page's morphing step skips them (``svg.Memo``).
_KEPT: dict[tuple, Memo] = {}


def _keep(key: tuple, element: Element) -> Memo:
    if len(_KEPT) > 4000:
        _KEPT.clear()
    kept = _KEPT[key] = Memo(element)
    return kept


def _cell(
    view: JSON,
    look: Look,
    r: int,
    c: int,
    r0: int,
    c0: int,
    cube: int | None,
    area_of: Mapping[int, JSON],
    winning: frozenset[int],
    target: bool,
) -> Element:
    return h(
        "g",
        {
            # What a click acts on invites it (css/app.css: a pointer, a hover tint): a cube that may be
            # chosen (Buh's is not: a click there only says so) and a cell the chosen cube may move to. A
            # click on another open cell moves only the keyboard's cursor, which a pointer cue promised more.
            # Only for a page that may act now: a spectator's or a waiting player's click only says so.
            "class": "ls-cell"
            + (" ls-pick" if look.pick and cube is not None and not view["cubes"][cube]["buh"] else "")
            + (" ls-target" if look.pick and target else ""),
            "id": cell_id((r, c)),
            "role": "gridcell",
            "aria-colindex": c - c0 + 1,
            "aria-label": cell_label((r - r0, c - c0), cube, view, look, area_of, winning, target),
            "aria-selected": "true" if cube is not None and cube == look.selected else None,
            "data-action": "ls-cell",
            "data-r": r,
            "data-c": c,
        },
        h("rect", {"x": c * CELL, "y": r * CELL, "width": CELL, "height": CELL}),
    )


def _targets(view: JSON, look: Look) -> set[Cell]:
    if look.selected is None:
        return set()
    r, c = view["cubes"][look.selected]["cell"]
    return {(r + DELTA[a.dir][0], c + DELTA[a.dir][1]) for a in look.arrows}


def shade_words(corners: Sequence[Sequence[str]]) -> str:
    """A top face in words: dark, half lit (and in which corner), or fully lit."""
    if not corners:
        return _("dark")
    if len(corners) == 1:
        return _("half lit, in the {corner} corner").format(corner=_(CORNER_WORDS[(corners[0][0], corners[0][1])]))
    return _("fully lit")


def cell_label(
    where: Cell,
    cube: int | None,
    view: JSON,
    look: Look,
    area_of: Mapping[int, JSON],
    winning: frozenset[int],
    target: bool = False,
) -> str:
    """What a screen reader says of a cell: where it is (in the frame) and what is on it."""
    place = _("row {row}, column {col}").format(row=where[0] + 1, col=where[1] + 1)
    if cube is None:
        what = _("open space")
        if target:
            what = i18n.separated(what, _("the chosen cube may move here"))
        return _("{where}: {what}").format(where=place, what=what)
    info = view["cubes"][cube]
    parts = [_("cube {n}").format(n=number(cube)), shade_words(info["lit_corners"])]
    area = area_of.get(cube)
    if area is not None:
        parts.append(_("in a light area worth {value}").format(value=area["value"]))
        if cube in winning:
            parts.append(_("the winning area"))
    if info["buh"]:
        parts.append(_("Buh sits here"))
    if cube == look.selected:
        parts.append(_("chosen"))
    elif cube in look.dim and not look.choosing:
        parts.append(_("no action of it leads to a legal turn"))
    return _("{where}: {what}").format(where=place, what=i18n.listing(parts))


# --- arrows ------------------------------------------------------------------------------------------


def _arrows(view: JSON, look: Look) -> list[Element]:
    """Each action of the chosen cube in the open cell it leads to: the slide in one half (a straight
    arrow), the tilt in the other (the face that would come up, with a rolling arrow)."""
    if look.selected is None:
        return []
    r, c = view["cubes"][look.selected]["cell"]
    drawn = []
    for arrow in look.arrows:
        dr, dc = DELTA[arrow.dir]
        x, y = (c + dc) * CELL, (r + dr) * CELL
        across = arrow.dir in ("E", "W")  # the halves: top and bottom for east/west, else left and right
        half = 0 if arrow.kind == "slide" else 1
        hx: float
        hw: float
        if across:
            hx, hy, hw, hh = x + 2, y + 2 + half * (CELL / 2 - 2), CELL - 4, CELL / 2 - 2
        else:
            hx, hy, hw, hh = x + 2 + half * (CELL / 2 - 2), y + 2, CELL / 2 - 2, CELL - 4
        mx, my = hx + hw / 2, hy + hh / 2
        inner: list[Element] = []
        if arrow.kind == "slide":
            inner.append(
                h(
                    "path",
                    {
                        "class": "ls-glyph",
                        "d": "M-9 0H7M2 -6L9 0L2 6",
                        "transform": f"translate({mx:g} {my:g}) rotate({ANGLE[arrow.dir]})",
                    },
                )
            )
        else:
            size = 20  # the face that would come up, and a small arrow the way the cube rolls
            fx, fy, gx, gy = (mx - 10, my, mx + 15, my) if across else (mx, my - 10, mx, my + 15)
            inner.append(h("g", {"class": "ls-preview"}, face(arrow.corners, fx - size / 2, fy - size / 2, size)))
            inner.append(
                h(
                    "path",
                    {
                        "class": "ls-glyph ls-small",
                        "d": "M-9 0H7M2 -6L9 0L2 6",
                        "transform": f"translate({gx:g} {gy:g}) scale(0.6) rotate({ANGLE[arrow.dir]})",
                    },
                )
            )
        drawn.append(
            h(
                "g",
                {
                    "class": f"ls-arrow ls-{arrow.kind}" + ("" if arrow.viable else " ls-dim"),
                    "data-action": "ls-act",
                    "data-cube": look.selected,
                    "data-kind": arrow.kind,
                    "data-dir": arrow.dir,
                    "aria-hidden": "true",
                },
                h(
                    "rect",
                    {"x": round(hx, 1), "y": round(hy, 1), "width": round(hw, 1), "height": round(hh, 1), "rx": 6},
                ),
                inner,
            )
        )
    return drawn
