"""The Raythread Rally board as an SVG element tree, drawn from a seat's ``view`` JSON alone.

Pure and rules-free (like chessground): it draws what the view says — the grid, emitters, beacons
with their claimants, mirrors and prisms with their owners, and every colour's beam — plus what the
player is looking at (``Look``: the cursor, the cells a chosen tile may go to, a preview of the beams
after a move, the last move, what just changed).

Beams that share a cell never hide each other: each colour runs in its own lane, a fixed offset from
the cell's centre line, and each colour has its own dash pattern, so beams are told apart without
colour. The board is a dark field in both themes so beams read as light.

For screen readers the board is a grid of rows of named cells ("row 3, column 4: mirror, slash, A's,
can still turn"); the keyboard cursor is the grid's active descendant.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from gamenight import i18n
from gamenight.core.game import JSON, named_seat
from gamenight.core.grid import Cell
from gamenight.i18n import N_, _
from gamenight.raythread import rules
from gamenight.ui.svg import Element, Memo, h, remember

CELL = 40  # user units per cell; the SVG scales to its box
PAD = 4
SPOT = 4  # a target cell's outline, this far inside the cell (``_cell``)
LANE = 6.0  # distance between the lanes of two colours, in user units
BEACON_R = 15
# How long a move's new beam runs take to sweep in (``rt-fresh``): the board sets it on its SVG as ``--rt-sweep``,
# which css/app.css animates them for, and a computer player waits for it before its pause (a lobby host's and a
# table's: ``controls.RaythreadBoard.motion_ms``, ``ui.match.bot_wait_ms``), so the next move never cuts a sweep
# short on a watcher's page. One number for both: a longer sweep cannot outlast the wait.
SWEEP_MS = 600
# How long a beacon the move claimed flashes (``rt-flash``), as its runs sweep in: carried to the stylesheet as
# ``--rt-flash`` the same way, and counted in the move's motion as well (``motion_ms``): it is how the board shows
# who just scored, and the next computer move used to come as its glow still faded.
FLASH_MS = 900
# How far a tile's turn mark sits from the cell's centre, across and down (_tile): clear of the bar (a
# prism's 3.6 either side of its diagonal) and of a neighbouring tile's mark (22 units away at least).
TURN_MARK_AT = 9.0
# The radius of a turn mark's circle: 11.2 units across and its 2.2 stroke (css/app.css) are 8 px on a
# 320 px phone, where an 11 × 11 board is 272 px wide (at 3.4 it was 5 px, 4 at 320: a speck). Its halo
# (4.4 wide) still clears a prism's edge by half a unit, its head the cell's edge by one.
TURN_MARK_R = 5.6
EMITTER_TIP = CELL * 0.36  # from a cell's centre to the tip of its emitter's triangle
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
TILE_WORDS = {"mirror": N_("mirror"), "prism": N_("prism")}
ORIENT_WORDS = {"/": N_("slash /"), "\\": N_("backslash \\")}


@dataclass(frozen=True)
class Look:
    """What the player is looking at, beyond the position itself.

    ``preview`` is the view after the move under the cursor (its beams and claims are drawn instead
    of the current ones); ``ghost`` is that move's tile as ``(cell, kind, orient)``; ``targets`` are
    the cells the chosen tile may go to; ``fresh`` are the beam runs and beacons that appeared with the
    last move (they are animated once); ``last`` is the cell of the last move.
    """

    cursor: Cell | None = None
    targets: Collection[Cell] = ()
    preview: JSON | None = None
    ghost: tuple[Cell, str, str] | None = None
    rotating: Cell | None = None
    last: Cell | None = None
    fresh: Collection[str] = ()
    colours: Mapping[str, str] = field(default_factory=dict)  # seat → colour name (core.game.seat_colour)
    names: Mapping[str, str] = field(default_factory=dict)  # seat → player name
    tags: Mapping[str, str] = field(default_factory=dict)  # seat → what players read (board.seat_tags)
    over: bool = False
    pick: bool = False  # this page may move now: its cells invite a click (a pointer: css/app.css)


def final(view: JSON, look: Look) -> bool:
    """Whether ``view`` is drawn as a final board: nobody may move on it again (its rules ended the match,
    or the host did), so no tile "can still turn" (its ↻ mark and the words in its cell's name)."""
    return bool(view["ended"]) or look.over


def unseen(view: JSON) -> dict[str, int]:
    """``rules.unseen`` as a page shows it: never below none, for a view that does not add up."""
    return {kind: max(0, count) for kind, count in rules.unseen(view).items()}


def cell_id(cell: Cell) -> str:
    return f"rt-c{cell[0]}-{cell[1]}"


def run_key(seat: str, run: Mapping[str, Any]) -> str:
    """A beam run's identity: the same run in two positions is the same element (it is not re-animated)."""
    (r0, c0), (r1, c1) = run["from"], run["to"]
    return f"rt-b{seat}{r0}-{c0}-{r1}-{c1}{run['dir']}{run['end'][0]}"


def beam_keys(view: JSON) -> frozenset[str]:
    """Every beam run of ``view`` by its key (to tell which runs a move added)."""
    return frozenset(run_key(seat, run) for seat, runs in view["beams"].items() for run in runs)


def centre(cell: Sequence[int]) -> tuple[float, float]:
    return (PAD + (cell[1] + 0.5) * CELL, PAD + (cell[0] + 0.5) * CELL)


def lane_offsets(seats: Sequence[str]) -> dict[str, float]:
    """Each seat's lane: a fixed offset from a cell's centre line, symmetric about it."""
    n = len(seats)
    return {seat: (i - (n - 1) / 2) * LANE for i, seat in enumerate(seats)}


# --- the board --------------------------------------------------------------------------------------


def board(view: JSON, look: Look = Look(), cells: Element | None = None, beams: Element | None = None) -> Element:
    """The whole board of ``view`` as the player is looking at it.

    ``cells`` is ``cells_layer(view, look)`` and ``beams`` is ``beams_layer(view, look)`` when the
    caller keeps them between frames (the cells change only with the position and the chosen tile, the
    beams with the position shown); they are built when absent.
    """
    n = view["size"]
    width = n * CELL + 2 * PAD
    gained = _gained(view, look.preview) if look.preview else {}
    return h(
        "svg",
        {
            # A spectator's or a waiting player's click only says so: no pointer promises more (``rt-pick``).
            "class": "rt-board"
            + (" rt-previewing" if look.preview else "")
            + (" rt-pick" if look.pick and not final(view, look) else ""),
            "viewBox": f"0 0 {width} {width}",
            "role": "grid",
            "aria-label": _("Raythread Rally board, {n} by {n}").format(n=n),
            "aria-rowcount": n,
            "aria-colcount": n,
            "tabindex": 0,
            "id": "rt-board",
            "data-action": "board",
            "aria-activedescendant": cell_id(look.cursor) if look.cursor else None,
            "data-size": n,
            "style": f"--rt-sweep: {SWEEP_MS}ms; --rt-flash: {FLASH_MS}ms",
        },
        cells if cells is not None else cells_layer(view, look),
        beams if beams is not None else beams_layer(view, look),
        _turn_marks(view, look),
        h("g", {"class": "rt-overlay", "aria-hidden": "true"}, _overlay(view, look), _marks(gained, look)),
    )


def beams_layer(view: JSON, look: Look) -> Element:
    """Every colour's light: the beams of ``look.preview`` when there is one, else of ``view``. Of
    ``look`` it depends only on ``preview``, ``fresh`` and ``colours``."""
    return h("g", {"class": "rt-beams", "aria-hidden": "true"}, _beams(look.preview or view, look))


def cells_layer(view: JSON, look: Look) -> Element:
    """The field, the grid and every cell with what stands on it. It depends on the position and, of
    ``look``, only on ``targets``, ``last``, ``fresh``, ``colours``, ``names`` and ``over`` — not on the cursor or
    a preview — so callers may keep it between frames (``svg.Memo``)."""
    n = view["size"]
    width = n * CELL + 2 * PAD
    tiles = {tuple(t["cell"]): t for t in view["tiles"]}
    beacons = {tuple(b["cell"]): b for b in view["beacons"]}
    emitters = {tuple(e["cell"]): e for e in view["emitters"]}
    lit = lit_cells(view)
    look = replace(look, over=final(view, look))  # each cell's name says it: "can still turn" no more
    context = (
        tuple(look.colours.items()),
        tuple(look.names.items()),
        tuple(look.tags.items()),
        look.over,
        i18n.generation(),
    )
    return h(
        "g",
        {"class": "rt-cells"},
        h("rect", {"class": "rt-field", "x": 0, "y": 0, "width": width, "height": width, "rx": 10}),
        h("path", {"class": "rt-grid", "d": _grid_path(n)}),
        [
            h(
                "g",
                {"role": "row", "aria-rowindex": r + 1},
                [
                    _kept_cell((r, c), look, tiles.get((r, c)), beacons.get((r, c)), emitters.get((r, c)), lit, context)
                    for c in range(n)
                ],
            )
            for r in range(n)
        ],
    )


def lit_cells(view: JSON) -> dict[Cell, list[str]]:
    """For each cell a beam crosses, the seats whose beams cross it (in seat order)."""
    lit: dict[Cell, list[str]] = {}
    for seat, runs in view["beams"].items():
        for run in runs:
            (r0, c0), (r1, c1) = run["from"], run["to"]
            if r0 == r1:
                cells = [(r0, c) for c in range(min(c0, c1), max(c0, c1) + 1)]
            else:
                cells = [(r, c0) for r in range(min(r0, r1), max(r0, r1) + 1)]
            for cell in cells:
                seats = lit.setdefault(cell, [])
                if seat not in seats:
                    seats.append(seat)
    return lit


def _overlay(view: JSON, look: Look) -> list[Element]:
    """The cursor, and the tile a previewed move would place or turn."""
    drawn = []
    if look.ghost is not None:
        cell, kind, orient = look.ghost
        cx, cy = centre(cell)
        drawn.append(h("g", {"class": "rt-ghost"}, tile_shape(kind, orient, cx, cy)))
    if look.rotating is not None and look.preview is not None:
        turned = next((t for t in look.preview["tiles"] if tuple(t["cell"]) == look.rotating), None)
        if turned is not None:
            cx, cy = centre(look.rotating)
            drawn.append(
                h(
                    "g",
                    {"class": "rt-ghost rt-turned"},
                    h(
                        "rect",
                        {
                            "class": "rt-cover",
                            "x": cx - CELL / 2 + 1,
                            "y": cy - CELL / 2 + 1,
                            "width": CELL - 2,
                            "height": CELL - 2,
                        },
                    ),
                    tile_shape(turned["kind"], turned["orient"], cx, cy),
                )
            )
    if look.cursor is not None:
        x, y = PAD + look.cursor[1] * CELL, PAD + look.cursor[0] * CELL
        drawn.append(
            h(
                "rect",
                {"class": "rt-cursor", "x": x + 1.5, "y": y + 1.5, "width": CELL - 3, "height": CELL - 3, "rx": 4},
            )
        )
    return drawn


def _grid_path(n: int) -> str:
    lines = []
    for i in range(1, n):
        at = PAD + i * CELL
        lines.append(f"M{PAD} {at}H{PAD + n * CELL}M{at} {PAD}V{PAD + n * CELL}")
    return "".join(lines)


_KEPT: dict[tuple, Memo] = {}


def _kept_cell(
    at: Cell,
    look: Look,
    tile: JSON | None,
    beacon: JSON | None,
    emitter: JSON | None,
    lit: Mapping[Cell, list[str]],
    context: tuple,
) -> Memo:
    """A cell as ``_cell`` draws it, kept while it looks the same: after a move most cells are unchanged,
    so their markup is reused and the page's morphing step skips them (``svg.Memo``)."""
    key = (
        at,
        tile and (tile["kind"], tile["orient"], tile["owner"], tile["rotated"]),
        beacon and (beacon["value"], tuple(beacon["claimers"])),
        emitter and (emitter["seat"], emitter["facing"]),
        tuple(lit.get(at, ())),
        at in look.targets,
        at == look.last,
        beacon is not None and f"rt-k{at[0]}-{at[1]}" in look.fresh,
        context,
        i18n.generation(),  # the cell's label is in the page's language
    )
    kept = _KEPT.get(key)
    if kept is None:
        if len(_KEPT) > 6000:
            _KEPT.clear()
        kept = _KEPT[key] = Memo(_cell(at, look, tile, beacon, emitter, lit))
    return kept


def _cell(
    at: Cell,
    look: Look,
    tile: JSON | None,
    beacon: JSON | None,
    emitter: JSON | None,
    lit: Mapping[Cell, list[str]],
) -> Element:
    x, y = PAD + at[1] * CELL, PAD + at[0] * CELL
    classes = ["rt-cell"]
    if at in look.targets:
        classes.append("rt-target")
    if at == look.last:
        classes.append("rt-last")
    content: list[Element | None] = []
    if at in look.targets:
        # Where the chosen tile may go: an outline inside the cell (css: 3:1 against an empty cell), clear of
        # the grid's lines; the cell's tint alone was 1.3:1 on the night board. A path, not a rect: the
        # cell's own rect (its target, its tint) is the one ``.rt-cell > rect`` styles.
        side = CELL - 2 * SPOT
        content.append(h("path", {"class": "rt-spot", "d": f"M{x + SPOT} {y + SPOT}h{side}v{side}h{-side}z"}))
    if emitter:
        content.append(_emitter(emitter, look))
    elif beacon:
        content.append(_beacon(beacon, look))
    elif tile:
        content.append(_tile(tile, look))
    return h(
        "g",
        {
            "class": " ".join(classes),
            "id": cell_id(at),
            "role": "gridcell",
            "aria-colindex": at[1] + 1,
            "aria-label": cell_label(at, tile, beacon, emitter, look, lit.get(at, ())),
            "data-action": "rt-cell",
            "data-r": at[0],
            "data-c": at[1],
        },
        h("rect", {"x": x, "y": y, "width": CELL, "height": CELL}),
        content,
    )


def where_words(cell: Sequence[int]) -> str:
    """A cell as players read it: "row 3, column 5" (counted from 1)."""
    return _("row {row}, column {col}").format(row=cell[0] + 1, col=cell[1] + 1)


def cell_label(
    at: Cell, tile: JSON | None, beacon: JSON | None, emitter: JSON | None, look: Look, lit: Collection[str] = ()
) -> str:
    """What a screen reader says of a cell: where it is and what is on it. The seat's letter drawn in the
    cell stands as a word of the name ("placed by Ann (A)", not "Ann (A)'s"), so the name contains the
    cell's visible text (WCAG 2.5.3, label in name)."""
    where = where_words(at)
    if emitter:
        what = _("emitter of {name}, shining {direction}").format(
            name=_seat_name(emitter["seat"], look), direction=_direction(emitter["facing"])
        )
    elif beacon:
        if beacon["claimers"]:
            by = i18n.conjunction(_seat_name(s, look) for s in beacon["claimers"])
            what = _("beacon worth {value}, claimed by {names}").format(value=beacon["value"], names=by)
        else:
            what = _("beacon worth {value}, unclaimed").format(value=beacon["value"])
    elif tile and look.over:  # a final board: no tile turns any more, so none is said to
        what = _("{tile}, {orient}, placed by {name}").format(
            tile=_(TILE_WORDS[tile["kind"]]),
            orient=_(ORIENT_WORDS[tile["orient"]]),
            name=_seat_name(tile["owner"], look),
        )
    elif tile:
        turn = _("already turned") if tile["rotated"] else _("can still turn")
        what = _("{tile}, {orient}, placed by {name}, {turn}").format(
            tile=_(TILE_WORDS[tile["kind"]]),
            orient=_(ORIENT_WORDS[tile["orient"]]),
            name=_seat_name(tile["owner"], look),
            turn=turn,
        )
    else:
        what = _("empty")
    if lit and not emitter:
        what = i18n.separated(
            what, _("lit by {names}").format(names=i18n.conjunction(_seat_name(s, look) for s in lit))
        )
    if at in look.targets:
        what = i18n.separated(what, _("you may place here"))
    return _("{where}: {what}").format(where=where, what=what)


def _seat_name(seat: str, look: Look) -> str:
    return named_seat(look.names.get(seat), look.tags.get(seat, seat))


def _direction(facing: str) -> str:
    return {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}[facing]


def _emitter(emitter: JSON, look: Look) -> Element:
    cx, cy = centre(emitter["cell"])
    dr, dc = DELTA[emitter["facing"]]
    s = EMITTER_TIP
    # A triangle pointing the way the emitter shines.
    tip = (cx + dc * s, cy + dr * s)
    left = (cx - dc * s * 0.7 + dr * s, cy - dr * s * 0.7 - dc * s)
    right = (cx - dc * s * 0.7 - dr * s, cy - dr * s * 0.7 + dc * s)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
    return h(
        "g",
        {"class": f"rt-emitter seat-{look.colours.get(emitter['seat'], 'none')}"},
        h("polygon", {"points": points}),
        # Centred on the cell's centre (``dominant-baseline: central``): its size is the board's (css/app.css).
        h("text", {"x": cx, "y": cy, "class": "rt-letter"}, look.tags.get(emitter["seat"], emitter["seat"])),
    )


def _beacon(beacon: JSON, look: Look) -> Element:
    cx, cy = centre(beacon["cell"])
    claimers = beacon["claimers"]
    key = f"rt-k{beacon['cell'][0]}-{beacon['cell'][1]}"
    classes = "rt-beacon" + (" rt-claimed" if claimers else "") + (" rt-fresh" if key in look.fresh else "")
    rings = []
    if claimers:
        # One arc per claimant, so a joint claim shows every colour.
        share = 360 / len(claimers)
        for i, seat in enumerate(claimers):
            rings.append(
                h(
                    "path",
                    {
                        "class": f"rt-claim seat-{look.colours.get(seat, 'none')}",
                        "d": _arc(cx, cy, BEACON_R + 3, i * share, (i + 1) * share),
                    },
                )
            )
    return h(
        "g",
        {"class": classes, "id": key},
        h("circle", {"cx": cx, "cy": cy, "r": BEACON_R}),
        rings,
        h("text", {"x": cx, "y": cy, "dy": ".35em"}, str(beacon["value"])),
    )


def _arc(cx: float, cy: float, r: float, start: float, stop: float) -> str:
    """An SVG arc path from ``start`` to ``stop`` degrees (clockwise from the top)."""
    if stop - start >= 360:
        return f"M{cx - r:.1f} {cy:.1f}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0"
    a0, a1 = math.radians(start - 90), math.radians(stop - 90 - 4)
    x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
    x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
    large = 1 if stop - start - 4 > 180 else 0
    return f"M{x0:.1f} {y0:.1f}A{r} {r} 0 {large} 1 {x1:.1f} {y1:.1f}"


def tile_shape(kind: str, orient: str, cx: float, cy: float, size: float = CELL) -> list[Element]:
    """A mirror (a solid silver bar) or a prism (a glass bar with bright edges) along its diagonal."""
    s = size * 0.38
    # "/" runs from bottom-left to top-right; "\" from top-left to bottom-right.
    x0, y0, x1, y1 = (cx - s, cy + s, cx + s, cy - s) if orient == "/" else (cx - s, cy - s, cx + s, cy + s)
    if kind == "mirror":
        return [h("line", {"class": "rt-mirror", "x1": x0, "y1": y0, "x2": x1, "y2": y1})]
    w = size * 0.09  # the prism's half thickness, across the diagonal
    nx, ny = (w, w) if orient == "/" else (w, -w)
    corners = ((x0 - nx, y0 - ny), (x1 - nx, y1 - ny), (x1 + nx, y1 + ny), (x0 + nx, y0 + ny))
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    return [h("polygon", {"class": "rt-prism", "points": points})]


def _turn_mark(cx: float, cy: float, r: float = TURN_MARK_R) -> Element:
    """A clockwise circular arrow centred on ``(cx, cy)``: three quarters of a circle and its head, over
    a halo of the same arc (and the head's own stroke, css/app.css) in the field's colour."""
    arc = f"M{cx - r:.1f},{cy:.1f} A{r},{r} 0 1 1 {cx:.1f},{cy + r:.1f}"
    # The arc ends at the bottom heading west (clockwise): the head points that way, its size in
    # proportion to the circle's.
    w, back = 0.65 * r, 0.23 * r
    head = f"{cx - w:.1f},{cy + r:.1f} {cx + back:.1f},{cy + r - w:.1f} {cx + back:.1f},{cy + r + w:.1f}"
    return h(
        "g",
        {"class": "rt-can-turn"},
        h("path", {"class": "rt-turn-halo", "d": arc}),
        h("path", {"d": arc}),
        h("polygon", {"points": head}),
    )


def _turn_marks(view: JSON, look: Look) -> Element:
    """The turn marks of the tiles their owners may still turn, in a layer over the beams: with four
    players the outer lanes run 9 units from a cell's centre line, through the mark (TURN_MARK_AT), and
    no spot in the cell clears every lane while staying by its own bar. The beam passes under the mark's
    halo instead of hiding it. A final board has none: a rotation nobody can make any more is no part of
    the position it shows."""
    marks = []
    for tile in () if final(view, look) else view["tiles"]:
        if tile["rotated"]:
            continue
        cx, cy = centre(tile["cell"])
        # Toward a bottom corner the tile's bar leaves free (a backslash tile's bar ends in the
        # bottom-right one, where it hid the arrow), but nearer the bar than the cell's edge
        # (TURN_MARK_AT): 7 units from the corner, a slash tile's mark and that of a backslash tile on
        # its right sat side by side, 14 apart across the cell line and 18 from their own bars, and read
        # as a pair.
        side = 1 if tile["orient"] == "/" else -1
        marks.append(_turn_mark(cx + side * TURN_MARK_AT, cy + TURN_MARK_AT))
    return h("g", {"class": "rt-turn-marks", "aria-hidden": "true"}, marks)


def _tile(tile: JSON, look: Look) -> Element:
    cx, cy = centre(tile["cell"])
    x, y = cx - CELL / 2, cy - CELL / 2
    owner = look.colours.get(tile["owner"], "none")
    badge = h(
        "g",
        {"class": f"rt-owner seat-{owner}"},
        h("circle", {"cx": x + 7, "cy": y + 7, "r": 5.5}),
        h("text", {"x": x + 7, "y": y + 9.5}, look.tags.get(tile["owner"], tile["owner"])),
    )
    # A small turn arrow shows while the owner may still rotate the tile once, drawn over the beams
    # (_turn_marks). It is drawn, not a "↻" glyph: the cell's name says "can still turn" in words, and
    # visible text the name lacks fails WCAG 2.5.3.
    return h("g", {"class": "rt-tile"}, tile_shape(tile["kind"], tile["orient"], cx, cy), badge)


# --- beams ---------------------------------------------------------------------------------------------


def _beams(view: JSON, look: Look) -> list[Element]:
    lanes = lane_offsets(view["seats"])
    tiles = {tuple(t["cell"]): t["orient"] for t in view["tiles"]}
    emitters = {tuple(e["cell"]) for e in view["emitters"]}
    n = view["size"]
    drawn = []
    for seat, runs in view["beams"].items():
        colour = look.colours.get(seat, "none")
        offset = lanes.get(seat, 0.0)
        classes = f"rt-beam seat-{colour} lane-{seat}"
        turned: set[Cell] = set()
        for run in runs:
            start, stop = tuple(run["from"]), tuple(run["to"])
            turned.update(c for c in (start, stop if run["end"] == "tile" else None) if c in tiles)
            key = run_key(seat, run)
            fresh = key in look.fresh and not look.preview
            # What the line is drawn from: the run, its lane, the tiles it leaves and meets.
            how = (key, offset, tiles.get(start), tiles.get(stop), start in emitters, classes, fresh, not look.preview)
            drawn_as = partial(_run_line, run, key if how[-1] else None, offset, tiles, n, emitters, classes, fresh)
            line = remember(_RUNS, how, drawn_as, limit=RUNS_KEPT)
            if line is not _NO_LINE:
                drawn.append(line)
        # On a "/" a colour's horizontal and vertical lanes meet the diagonal at two points: the light
        # runs along the mirror between them (on a "\" the two points are one).
        for cell in sorted(turned):
            if tiles[cell] == "/" and offset:
                cx, cy = centre(cell)
                glint = (cx - offset, cy + offset, cx + offset, cy - offset)
                drawn.append(_line(None, classes + " rt-glint", *glint))
    return drawn


# Each beam run's line as last drawn, by what it is drawn from: most runs stay the same from one
# position to the next, so a move draws only the runs it adds. A position's run has its key as id
# (the morph keeps its element, not re-animated); a preview's runs have none.
_RUNS: dict = {}
RUNS_KEPT = 2000
_NO_LINE = Element("line")  # a run drawn as a point (it starts and ends at one spot): no line


def _run_line(
    run: Mapping[str, Any],
    key: str | None,
    offset: float,
    tiles: Mapping[Cell, str],
    n: int,
    emitters: Collection[Cell],
    classes: str,
    fresh: bool,
) -> Element:
    (x0, y0), (x1, y1) = run_points(run, offset, tiles, n, emitters)
    if (x0, y0) == (x1, y1):
        return _NO_LINE
    return _line(key, classes + (" rt-fresh" if fresh else ""), x0, y0, x1, y1)


def _line(key: str | None, classes: str, x0: float, y0: float, x1: float, y1: float) -> Element:
    return h(
        "line",
        {"id": key, "class": classes, "x1": round(x0, 1), "y1": round(y0, 1), "x2": round(x1, 1), "y2": round(y1, 1)},
    )


def run_points(
    run: Mapping[str, Any], offset: float, tiles: Mapping[Cell, str], size: int, emitters: Collection[Cell] = ()
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a beam run is drawn: along its colour's lane, from where it leaves its start cell (an
    emitter's tip, so the beam never crosses the seat's letter drawn in it) to where it meets what stops
    it (a tile's diagonal, a beacon's rim, an emitter, the board's edge)."""
    heading = run["dir"]
    dr, dc = DELTA[heading]
    start, stop = tuple(run["from"]), tuple(run["to"])
    horizontal = dr == 0

    def on_lane(cell: Cell) -> tuple[float, float]:
        cx, cy = centre(cell)
        return (cx, cy + offset) if horizontal else (cx + offset, cy)

    def on_diagonal(cell: Cell) -> tuple[float, float]:
        cx, cy = centre(cell)
        sign = -1 if tiles[cell] == "/" else 1  # "/" is x - cx = -(y - cy); "\" is x - cx = y - cy
        return (cx + sign * offset, cy + offset) if horizontal else (cx + offset, cy + sign * offset)

    if start in tiles:
        begin = on_diagonal(start)
    elif start in emitters:
        x, y = on_lane(start)
        begin = (x + dc * EMITTER_TIP, y + dr * EMITTER_TIP)
    else:
        begin = on_lane(start)
    end_kind = run["end"]
    if end_kind == "tile" and stop in tiles:
        end = on_diagonal(stop)
    elif end_kind == "edge":
        x, y = on_lane(stop)
        end = (x + dc * CELL / 2, y + dr * CELL / 2)
    elif end_kind == "beacon":
        x, y = on_lane(stop)
        end = (x - dc * BEACON_R, y - dr * BEACON_R)
    elif end_kind == "emitter":
        x, y = on_lane(stop)
        end = (x - dc * CELL * 0.35, y - dr * CELL * 0.35)
    else:  # a loop: the rest of this path is drawn already
        end = on_lane(stop)
    return begin, end


def _gained(view: JSON, preview: JSON) -> dict[Cell, tuple[int, list[str]]]:
    """The beacons a previewed move would claim: cell → (value, claimants)."""
    before = {tuple(b["cell"]): b for b in view["beacons"]}
    gained = {}
    for b in preview["beacons"]:
        cell = tuple(b["cell"])
        if b["claimers"] and not before[cell]["claimers"]:
            gained[cell] = (b["value"], b["claimers"])
    return gained


def _marks(gained: Mapping[Cell, tuple[int, list[str]]], look: Look) -> list[Element]:
    """Labels over the beacons a previewed move would claim (“+3”)."""
    marks = []
    for cell, (value, _claimers) in sorted(gained.items()):
        cx, cy = centre(cell)
        marks.append(h("text", {"class": "rt-gain", "x": cx, "y": cy - BEACON_R - 4}, f"+{value}"))
    return marks
