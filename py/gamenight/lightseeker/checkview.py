"""What a guest's page checks of a Light Seeker view before it reads it (``Game.check_view``).

Every field the board, the valley scene, the seat list and the log read (``controls.py``, ``scene.py``,
``ui/match.py``) is checked for its type and range: nine cubes numbered in order on different cells,
orientations and faces of the cube, lit corners the scene can draw, areas of existing cubes, seats of
the match. ``rules.from_view`` then rebuilds the position without a surprise. The cubes must lie
within ``MOST_SPAN`` cells of each other: the scene draws every cell of their bounding box, so cubes
far apart would make a page draw millions of cells. No match spreads them further: they start on a
3 × 3 block, a turn moves cubes two cells in all, and the light on top rises every turn (at most
18), so a match has at most 18 turns. Nothing else of the rules is played again (a wrong light count
is the host's lie, not a crash).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight.core.errors import BadMessage
from gamenight.core.fields import (
    Field,
    addressed,
    at,
    choice,
    each,
    field,
    flag,
    maybe,
    name,
    quoted,
    reason,
    result,
    root,
    seat,
    seating,
    whole,
)
from gamenight.core.grid import Direction
from gamenight.i18n import N_, reasons
from gamenight.lightseeker.cube import ROTATIONS, Face
from gamenight.lightseeker.rules import CUBES, KINDS, LIGHT_JOINS, NO_LEGAL_TURN, SHADES

reasons({"lightseeker-dark-area": N_("{field} names a cube with no light on top")})

FACES = tuple(f.value for f in Face)
DIRECTIONS = tuple(d.value for d in Direction)
CORNERS = (["N", "E"], ["N", "W"], ["E", "S"], ["S", "W"])  # as the scene draws them (``corner_points``)
FAR = 1 << 20  # no cube travels this far from the start in any match a page could follow
MOST_LIGHT = 2 * CUBES  # each top has two triangles
MOST_ACTIONS = 2  # a turn's actions (the first turn of a match has one)
MOST_SPAN = 2 + MOST_ACTIONS * MOST_LIGHT  # rows (or columns) between the furthest cubes, see above
MOST_TURNS = 1 << 31


def check_view(view: Mapping[str, Any], you: str | None, events: Iterable[Mapping[str, Any]]) -> None:
    """Raise ``BadMessage`` naming the first field of ``view`` (sent to seat ``you``) or of ``events``
    that the page could not read."""
    v = root(view)
    seats = seating(at(v, "seats"), 2)
    if len(seats) != 2:
        raise BadMessage("field-range", field=quoted("seats"), lo=2, hi=2, value=len(seats))
    addressed(v, you, seats)
    if maybe(to_move := at(v, "to_move")):
        seat(to_move, seats)
    whole(at(v, "turn"), 1, MOST_TURNS)
    whole(at(v, "actions_due"), 1, MOST_ACTIONS)
    cells, lit = [], []
    for number, cube in enumerate(each(at(v, "cubes"), CUBES)):
        whole(at(cube, "cube"), number, number)  # in order: the scene and the rules index them so
        cells.append(_cell(at(cube, "cell")))
        choice(at(cube, "top"), FACES)
        choice(at(cube, "north"), FACES)
        choice(at(cube, "shade"), SHADES)
        whole(at(cube, "light"), 0, 2)
        for edge in each(at(cube, "lit_edges"), len(DIRECTIONS)):
            choice(edge, DIRECTIONS)
        corners = list(each(at(cube, "lit_corners"), len(CORNERS)))
        for corner in corners:
            if corner[0] not in CORNERS:
                raise BadMessage("field-choice", field=name(corner), choices=", ".join(map(str, CORNERS)))
        lit.append(bool(corners))
        flag(at(cube, "buh"))
        whole(at(cube, "orientation"), 0, len(ROTATIONS) - 1)
    if len(cells) != CUBES:
        raise BadMessage("field-range", field=quoted("cubes"), lo=CUBES, hi=CUBES, value=len(cells))
    if len(set(cells)) != CUBES:
        raise BadMessage("field-twice", field=quoted("cubes"))
    for axis, label in ((0, "rows"), (1, "columns")):
        span = max(c[axis] for c in cells) - min(c[axis] for c in cells)
        if span > MOST_SPAN:
            raise BadMessage("field-range", field=quoted(f"cubes ({label})"), lo=0, hi=MOST_SPAN, value=span)
    whole(at(v, "buh"), 0, CUBES - 1)
    for area in each(at(v, "areas"), CUBES):
        members = at(area, "cubes")
        if not members[0]:
            raise BadMessage("field-empty", field=name(members))
        for cube in each(members, CUBES):
            if not lit[whole(cube, 0, CUBES - 1)]:  # the scene writes an area's value on its light
                raise BadMessage("lightseeker-dark-area", field=name(cube))
        whole(at(area, "value"), 0, MOST_LIGHT)
    whole(at(v, "total_light"), 0, MOST_LIGHT)
    whole(at(v, "win_area"), 1, MOST_LIGHT)
    options = at(v, "options")  # both, as ``rules.from_view`` reads them (no defaults)
    choice(at(options, "no_legal_turn"), NO_LEGAL_TURN)
    choice(at(options, "light_joins"), LIGHT_JOINS)
    if maybe(done := at(v, "result")):
        result(done, seats)
    for n, event in enumerate(events):
        _event(field(event, "events", n), seats)


def _cell(place: Field) -> tuple[int, int]:
    """A cube's cell: the valley has no edge, so only its distance from the start is bounded."""
    value = place[0]
    if not isinstance(value, list) or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        raise BadMessage("field-not-cell", field=name(place))
    whole((value[0], place[1]), -FAR, FAR)
    whole((value[1], place[1]), -FAR, FAR)
    return value[0], value[1]


def _event(event: Field, seats: tuple[str, ...]) -> None:
    """The fields of an event that the log words (``controls.event_text``); it says nothing of others."""
    kind = at(event, "type")[0]
    if kind == "turn":
        seat(at(event, "seat"), seats)
        for action in each(at(event, "actions"), MOST_ACTIONS):
            whole(at(action, "cube"), 0, CUBES - 1)
            choice(at(action, "kind"), KINDS)
            choice(at(action, "dir"), DIRECTIONS)
        whole(at(event, "buh"), 0, CUBES - 1)
        whole(at(event, "light"), 0, MOST_LIGHT)
    if kind == "end" and maybe(why := at(event, "reason")):
        reason(why)
