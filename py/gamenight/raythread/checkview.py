"""What a guest's page checks of a Raythread Rally view before it reads it (``Game.check_view``).

Every field the board, the scene, the seat list and the log read (``controls.py``, ``scene.py``,
``ui/match.py``) is checked for its type and range: cells on the board, seats of the match, tile kinds
and orientations of the game, lists no longer than a board holds. ``rules.from_view`` can then rebuild
the position without a surprise, and the board plays the engine on it. The rules are not played again
(a beam drawn where no beam goes is the host's lie, not a crash).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight.core.errors import BadMessage
from gamenight.core.fields import (
    Field,
    addressed,
    at,
    cell,
    choice,
    each,
    field,
    flag,
    keyed,
    maybe,
    parsed,
    quoted,
    reason,
    result,
    root,
    seat,
    seat_list,
    seating,
    whole,
)
from gamenight.core.grid import MIRRORS, Direction, on_board
from gamenight.raythread.beams import ABSORBED, BLOCKED, EDGE, LOOP, TURN
from gamenight.raythread.board import MAX_SIZE, SEATINGS
from gamenight.raythread.rules import ENDINGS, KINDS, parse_options

FACINGS = tuple(d.value for d in Direction)
RUN_ENDS = (TURN, EDGE, ABSORBED, BLOCKED, LOOP)
ENDED = (None, "target", *ENDINGS)
MOST_TILES = 198  # the largest deck (99 mirrors and 99 prisms): a hand or the deck holds no more
MOST_POINTS = 4 * MAX_SIZE * MAX_SIZE  # every beacon's value, and more


def check_view(view: Mapping[str, Any], you: str | None, events: Iterable[Mapping[str, Any]]) -> None:
    """Raise ``BadMessage`` naming the first field of ``view`` (sent to seat ``you``) or of ``events``
    that the page could not read."""
    v = root(view)
    seats = seating(at(v, "seats"), 4)
    if seats != SEATINGS.get(len(seats)):
        raise BadMessage("raythread-seats", got=", ".join(seats))
    addressed(v, you, seats)
    options = parsed(at(v, "options"), parse_options)
    size = whole(at(v, "size"), options.size, options.size)
    whole(at(v, "target"), options.target, options.target)
    if maybe(turn := at(v, "turn")):
        seat(turn, seats)
    choice(at(v, "ended"), ENDED)
    emitters = list(each(at(v, "emitters"), len(seats)))
    if len(emitters) != len(seats):
        raise BadMessage("field-range", field=quoted("emitters"), lo=len(seats), hi=len(seats), value=len(emitters))
    for emitter, owner in zip(emitters, seats, strict=True):
        choice(at(emitter, "seat"), (owner,))  # in seat order, as the board is rebuilt from them
        cell(at(emitter, "cell"), size)
        choice(at(emitter, "facing"), FACINGS)
    for beacon in each(at(v, "beacons"), size * size):
        cell(at(beacon, "cell"), size)
        whole(at(beacon, "value"), 0, MOST_POINTS)
        seat_list(at(beacon, "claimers"), seats)
    tiles = at(v, "tiles")
    for tile in () if _tiles_fine(tiles[0], size, seats) else each(tiles, size * size):
        cell(at(tile, "cell"), size)
        choice(at(tile, "kind"), KINDS)
        choice(at(tile, "orient"), MIRRORS)
        seat(at(tile, "owner"), seats)
        flag(at(tile, "rotated"))
    for _, points in keyed(at(v, "scores"), seats):
        whole(points, 0, MOST_POINTS)
    for _, joint in keyed(at(v, "joint"), seats):
        whole(joint, 0, size * size)
    for _, hand in keyed(at(v, "hands"), seats):
        for _, count in keyed(hand, KINDS, kinds=True):
            whole(count, 0, MOST_TILES)
    whole(at(v, "deck"), 0, MOST_TILES)
    # A beam visits each cell at most once from each direction, so no colour has more runs than that.
    for _, runs in keyed(at(v, "beams"), seats, every=False):
        for run in () if _runs_fine(runs[0], size) else each(runs, 4 * size * size):
            cell(at(run, "from"), size)
            cell(at(run, "to"), size)
            choice(at(run, "dir"), FACINGS)
            choice(at(run, "end"), RUN_ENDS)
    if maybe(done := at(v, "result")):
        result(done, seats)
    for n, event in enumerate(events):
        _event(field(event, "events", n), seats, size)


def _runs_fine(runs: Any, size: int) -> bool:
    """Whether a colour's beam runs are all well formed, checked at full speed: a view of four colours
    on a full board holds a thousand runs, and every guest checks every update (the named readers then
    say what is wrong with a run that is not)."""
    if type(runs) is not list or len(runs) > 4 * size * size:
        return False
    for run in runs:
        if type(run) is not dict:
            return False
        start, stop, way, end = run.get("from"), run.get("to"), run.get("dir"), run.get("end")
        if not (
            _board_cell(start, size)
            and _board_cell(stop, size)
            and type(way) is str
            and way in FACINGS
            and type(end) is str
            and end in RUN_ENDS
        ):
            return False
    return True


def _tiles_fine(tiles: Any, size: int, seats: tuple[str, ...]) -> bool:
    """Whether the tiles are all well formed, checked at full speed like ``_runs_fine`` (a full board
    holds nearly 200)."""
    if type(tiles) is not list or len(tiles) > size * size:
        return False
    for tile in tiles:
        if type(tile) is not dict:
            return False
        kind, orient, owner = tile.get("kind"), tile.get("orient"), tile.get("owner")
        if not (
            _board_cell(tile.get("cell"), size)
            and type(kind) is str
            and kind in KINDS
            and type(orient) is str
            and orient in MIRRORS
            and type(owner) is str
            and owner in seats
            and type(tile.get("rotated")) is bool
        ):
            return False
    return True


def _board_cell(value: Any, size: int) -> bool:
    """Whether an untrusted value is a ``[row, col]`` of whole numbers (no ``bool``) on the board."""
    return type(value) is list and len(value) == 2 and type(value[0]) is type(value[1]) is int and on_board(value, size)


def _event(event: Field, seats: tuple[str, ...], size: int) -> None:
    """The fields of an event that the log words (``controls.event_text``); it says nothing of others."""
    kind = at(event, "type")[0]
    if kind in ("placed", "rotated", "drew", "pass"):
        seat(at(event, "seat"), seats)
    if kind in ("placed", "drew"):
        choice(at(event, "tile"), KINDS)
    if kind in ("placed", "rotated", "claimed"):
        cell(at(event, "cell"), size)
    if kind in ("placed", "rotated"):
        choice(at(event, "orient"), MIRRORS)
    if kind == "claimed":
        whole(at(event, "value"), 0, MOST_POINTS)
        seat_list(at(event, "seats"), seats)
    if kind == "end" and maybe(why := at(event, "reason")):
        reason(why)
