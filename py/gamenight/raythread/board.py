"""The fixed parts of a Raythread Rally board: emitters in a pinwheel and the seeded beacon layout.

Seats are the colours ``A``–``D``. Their emitters sit on the border in a pinwheel (each one a
quarter turn of the previous about the centre), and the beacons have the same 4-fold symmetry,
so every seat faces the same board.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from gamenight.core.grid import Cell, Direction, E
from gamenight.core.rng import rng

COLOURS: tuple[str, ...] = ("A", "B", "C", "D")
SEATINGS: dict[int, tuple[str, ...]] = {2: ("A", "C"), 3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}
MIN_SIZE, MAX_SIZE = 9, 15
QUARTER_VALUES: tuple[int, ...] = (1, 2, 3)
CENTRE_VALUE = 4


@dataclass(frozen=True)
class Emitter:
    """A seat's light source: on the border, facing inward; its beam starts in the cell in front."""

    seat: str
    cell: Cell
    facing: Direction


@dataclass(frozen=True)
class Beacon:
    """A scoring cell with a printed value."""

    cell: Cell
    value: int


@dataclass(frozen=True)
class Board:
    """The square board of side ``size`` with its emitters (in seat order) and beacons."""

    size: int
    emitters: tuple[Emitter, ...]
    beacons: tuple[Beacon, ...]


def seat_ids(count: int) -> tuple[str, ...]:
    """The seat ids (colours) of a ``count``-player match in turn order: two players are A and C."""
    return SEATINGS[count]


def seat_tags(seats: tuple[str, ...] | list[str]) -> dict[str, str]:
    """What players read for the seats of a match, in turn order: A, B, … by turn, whichever corners the
    rules seat them at (two players sit at A and C, opposite corners, and read "A" and "B"). The ids
    stay as they are for the rules, the wire and the colours (``core.game.seat_tags`` agrees)."""
    return dict(zip(seats, COLOURS, strict=False))


def rotate(cell: Cell, size: int) -> Cell:
    """``cell`` after a clockwise quarter turn of the board about its centre."""
    return (cell[1], size - 1 - cell[0])


def emitter(seat: str, size: int) -> Emitter:
    """The pinwheel emitter of ``seat``: with ``k = (size - 1) // 2 - 2``, A is at ``(k, 0)`` facing E
    and each next colour is a clockwise quarter turn of the previous one."""
    k = (size - 1) // 2 - 2
    cell, facing = (k, 0), E
    for _ in range(COLOURS.index(seat)):
        cell, facing = rotate(cell, size), facing.right
    return Emitter(seat, cell, facing)


def beam_lines(size: int) -> frozenset[int]:
    """The rows (and, by symmetry, columns) that the four emitters' beams cross on an empty board."""
    k = (size - 1) // 2 - 2
    return frozenset((k, size - 1 - k))


def _orbit(cell: Cell, size: int) -> tuple[Cell, ...]:
    cells = [cell]
    for _ in range(3):
        cells.append(rotate(cells[-1], size))
    return tuple(cells)


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def beacon_orbits(size: int) -> tuple[tuple[Cell, ...], ...]:
    """Every allowed set of four rotated beacon cells: off the border, off every empty-board beam
    line (so no beacon is lit before the first move), and not next to the centre beacon.

    Each orbit is listed once, by its cell in the top-left quarter (rows above the centre, columns up
    to the centre's), which meets every orbit of the quarter turn exactly once.
    """
    mid = size // 2
    lines = beam_lines(size)

    def allowed(r: int, c: int) -> bool:
        return (
            0 < r < size - 1
            and 0 < c < size - 1
            and r not in lines
            and c not in lines
            and abs(r - mid) + abs(c - mid) > 1
        )

    return tuple(_orbit((r, c), size) for r in range(mid) for c in range(mid + 1) if allowed(r, c))


def beacon_layout(size: int, seed: int) -> tuple[Beacon, ...]:
    """The beacons of a match: the centre (value 4) and three orbits valued 1, 2 and 3.

    The seed picks uniformly among the orbit triples whose cells (with the centre) are pairwise not
    orthogonally adjacent, then shuffles the values over the chosen orbits.
    """
    orbits = beacon_orbits(size)
    apart = {
        (i, j)
        for i, j in combinations(range(len(orbits)), 2)
        if not any(_adjacent(a, b) for a in orbits[i] for b in orbits[j])
    }
    triples = [t for t in combinations(range(len(orbits)), 3) if all(p in apart for p in combinations(t, 2))]
    chooser = rng(seed, "beacons")
    chosen = chooser.choice(triples)
    values = list(QUARTER_VALUES)
    chooser.shuffle(values)
    mid = size // 2
    beacons = [Beacon(cell, value) for i, value in zip(chosen, values, strict=True) for cell in orbits[i]]
    beacons.append(Beacon((mid, mid), CENTRE_VALUE))
    return tuple(sorted(beacons, key=lambda b: b.cell))


def make_board(size: int, seats: tuple[str, ...], seed: int) -> Board:
    """The board of a match: emitters for ``seats`` and the seeded beacon layout."""
    return Board(size, tuple(emitter(s, size) for s in seats), beacon_layout(size, seed))
