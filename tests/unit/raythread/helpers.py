"""Building hand-made Raythread positions for rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gamenight.core.grid import Cell
from gamenight.raythread.board import Beacon, Board, emitter
from gamenight.raythread.rules import Options, State, Tile, board_grid


def tile(cell: Cell, orient: str, kind: str = "mirror", owner: str = "A", rotated: bool = False) -> Tile:
    return Tile(cell, kind, orient, owner, rotated)


def position(
    beacons: Mapping[Cell, int],
    tiles: Sequence[Tile] = (),
    seats: Sequence[str] = ("A", "C"),
    size: int = 11,
    hands: Mapping[str, tuple[int, int]] | None = None,
    deck: Sequence[str] = ("mirror",) * 10,
    scores: Mapping[str, int] | None = None,
    claims: Mapping[Cell, Sequence[str]] | None = None,
    turn: str = "A",
    target: int = 12,
) -> State:
    """A state on a ``size`` board with pinwheel emitters for ``seats`` and exactly the given pieces.

    Hands default to three mirrors and three prisms each; ``hands`` values are (mirrors, prisms).
    """
    seats = tuple(seats)
    board = Board(
        size,
        tuple(emitter(s, size) for s in seats),
        tuple(Beacon(cell, value) for cell, value in sorted(beacons.items())),
    )
    hands = hands or {}
    scores = scores or {}
    claims = claims or {}
    return State(
        options=Options(size=size, target=target),
        seats=seats,
        board=board,
        tiles=tuple(tiles),
        grid=board_grid(board, tiles),
        claims=tuple(tuple(claims.get(b.cell, ())) for b in board.beacons),
        scores=tuple(scores.get(s, 0) for s in seats),
        hands=tuple(hands.get(s, (3, 3)) for s in seats),
        deck=tuple(deck),
        turn=seats.index(turn),
    )
