"""A Light Seeker cube: its net (which triangles of which faces are lit) and its 24 orientations.

A cube has six faces, named by where they point in the *home* orientation: ``up``, ``down``,
``north``, ``south``, ``east``, ``west``. Every face is split by a diagonal into two triangles; a lit
triangle sits in one corner of its face and touches the two edges there, so it is named by the two
neighbouring faces across those edges. A face with two lit triangles (full) lights all four edges,
one with a single lit triangle (half) lights two adjacent edges, a dark face none.

An orientation is a rotation of the cube, stored as the world direction each of its faces points to
(world directions are the same six names: up, down and the four compass points). The 24 rotations are
numbered once, in a fixed order, so a cube's orientation is a small ``int`` and every question about
it (tilt, top face, lit edges) is a table lookup.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from gamenight.core.grid import DIRECTIONS, Direction


class Face(Enum):
    """A face of the cube, named by where it points in the home orientation; also a world direction."""

    UP = "up"
    DOWN = "down"
    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"

    @property
    def opposite(self) -> Face:
        return _OPPOSITE[self]

    @property
    def compass(self) -> Direction:
        """The compass direction of a side face (``up`` and ``down`` have none)."""
        return _COMPASS[self]


UP, DOWN, NORTH, SOUTH, EAST, WEST = Face.UP, Face.DOWN, Face.NORTH, Face.SOUTH, Face.EAST, Face.WEST
FACES: tuple[Face, ...] = (UP, DOWN, NORTH, SOUTH, EAST, WEST)
_OPPOSITE = {UP: DOWN, DOWN: UP, NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}
_COMPASS = {NORTH: Direction.N, EAST: Direction.E, SOUTH: Direction.S, WEST: Direction.W}
_SIDE = {d: f for f, d in _COMPASS.items()}

Triangle = tuple[Face, Face]
"""A lit triangle of a face: the two neighbouring faces whose shared edges it touches (its corner)."""

Net = Mapping[Face, tuple[Triangle, ...]]
"""The lit triangles of each face, in the home orientation."""

DEFAULT_NET: Net = {
    UP: (),
    DOWN: (),
    NORTH: ((UP, EAST), (DOWN, WEST)),
    SOUTH: ((UP, WEST), (DOWN, EAST)),
    EAST: ((UP, NORTH),),
    WEST: ((UP, SOUTH),),
}
"""The cube of the published game: up and down dark, north and south full, east and west half.

The half faces' lit triangles sit in opposite corners of the cube's east-west band: east's in the
corner it shares with up and north, west's in the corner it shares with up and south. Which diagonal
splits a full face does not matter to the rules (both triangles are lit).
"""


def check_net(net: Net) -> None:
    """Raise ``ValueError`` unless ``net`` lists every face, each with 0-2 lit triangles in real corners.

    A triangle's two faces must both border the face and border each other (a corner, not opposite
    edges); two lit triangles of one face lie on either side of one diagonal, so in opposite corners.
    """
    if set(net) != set(FACES):
        raise ValueError("a net lists the lit triangles of all six faces")
    for face, triangles in net.items():
        if len(triangles) > 2:
            raise ValueError(f"the {face.value} face has more than two triangles")
        for a, b in triangles:
            if {a, b} & {face, face.opposite} or a in (b, b.opposite):
                raise ValueError(f"the {face.value} face has no corner between {a.value} and {b.value}")
        if len(triangles) == 2:
            (a, b), (c, d) = triangles
            if {c, d} != {a.opposite, b.opposite}:
                raise ValueError(f"the {face.value} face's two lit triangles must be in opposite corners")


Orientation = int
"""An index into ``ROTATIONS``; ``HOME`` (0) is the identity."""

Rotation = tuple[Face, ...]
"""The world direction of each face, in ``FACES`` order."""


def _turn(rotation: Rotation, move: Mapping[Face, Face]) -> Rotation:
    """``rotation`` followed by a world rotation given as a map of the directions it moves."""
    return tuple(move.get(world, world) for world in rotation)


def _tilt_map(d: Direction) -> dict[Face, Face]:
    """Rolling over the bottom edge on side ``d``: up turns to ``d``, ``d`` goes down, and so on."""
    side = _SIDE[d]
    return {UP: side, side: DOWN, DOWN: side.opposite, side.opposite: UP}


_TILT_MAPS = {d: _tilt_map(d) for d in DIRECTIONS}
_SPIN_MAP = {NORTH: EAST, EAST: SOUTH, SOUTH: WEST, WEST: NORTH}  # clockwise seen from above


def _all_rotations() -> tuple[Rotation, ...]:
    """Every rotation reachable from home by tilts, breadth first (tilts alone reach all 24)."""
    found = [FACES]
    for rotation in found:
        for d in DIRECTIONS:
            nxt = _turn(rotation, _TILT_MAPS[d])
            if nxt not in found:
                found.append(nxt)
    return tuple(found)


ROTATIONS: tuple[Rotation, ...] = _all_rotations()
HOME: Orientation = 0
_INDEX = {rotation: i for i, rotation in enumerate(ROTATIONS)}
_TILT: tuple[tuple[Orientation, ...], ...] = tuple(
    tuple(_INDEX[_turn(rotation, _TILT_MAPS[d])] for d in DIRECTIONS) for rotation in ROTATIONS
)
_SPIN: tuple[Orientation, ...] = tuple(_INDEX[_turn(rotation, _SPIN_MAP)] for rotation in ROTATIONS)
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def facing(o: Orientation, face: Face) -> Face:
    """The world direction ``face`` points to in orientation ``o``."""
    return ROTATIONS[o][FACES.index(face)]


def top(o: Orientation) -> Face:
    """The face on top in orientation ``o``."""
    return FACES[ROTATIONS[o].index(UP)]


def pointing(o: Orientation, world: Face) -> Face:
    """The face that points to the world direction ``world`` in orientation ``o`` (``top`` is ``UP``'s)."""
    return FACES[ROTATIONS[o].index(world)]


def tilt(o: Orientation, d: Direction) -> Orientation:
    """The orientation after rolling the cube over its edge on side ``d``."""
    return _TILT[o][_DIR_INDEX[d]]


def spin(o: Orientation, quarter_turns: int = 1) -> Orientation:
    """The orientation after turning the cube clockwise (seen from above) about the vertical axis."""
    for _ in range(quarter_turns % 4):
        o = _SPIN[o]
    return o


def orientation(up: Face, north: Face) -> Orientation:
    """The orientation with face ``up`` on top and face ``north`` pointing north (they must be adjacent)."""
    for o, rotation in enumerate(ROTATIONS):
        if rotation[FACES.index(up)] is UP and rotation[FACES.index(north)] is NORTH:
            return o
    raise ValueError(f"the {up.value} and {north.value} faces are not neighbours")


@dataclass(frozen=True)
class Lighting:
    """What the top of a cube with ``net`` shows in each of the 24 orientations (tables by orientation).

    ``light`` counts the lit triangles on top (0 dark, 1 half, 2 full); ``lit_corners`` names each lit
    triangle by the two compass edges of the top it touches; ``lit_edges`` is their union.
    """

    net: Net
    light: tuple[int, ...]
    lit_corners: tuple[tuple[tuple[Direction, Direction], ...], ...]
    lit_edges: tuple[frozenset[Direction], ...]

    @classmethod
    def of(cls, net: Net) -> Lighting:
        check_net(net)
        corners = tuple(tuple(_top_corner(o, t) for t in net[top(o)]) for o in range(len(ROTATIONS)))
        return cls(
            net=net,
            light=tuple(len(c) for c in corners),
            lit_corners=corners,
            lit_edges=tuple(frozenset(d for corner in c for d in corner) for c in corners),
        )


def _top_corner(o: Orientation, triangle: Triangle) -> tuple[Direction, Direction]:
    """The compass edges of the top face that a lit triangle of the top face touches, in N E S W order."""
    a, b = (facing(o, face).compass for face in triangle)
    return (a, b) if DIRECTIONS.index(a) < DIRECTIONS.index(b) else (b, a)


DEFAULT_LIGHTING = Lighting.of(DEFAULT_NET)
