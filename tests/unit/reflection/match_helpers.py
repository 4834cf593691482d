"""Drivers for match tests: builders' layouts and salts, and playing moves with a clock."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.core.grid import Cell
from gamenight.core.steps import finish
from gamenight.reflection import GAME
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import State, submission
from gamenight.reflection.puzzle import TileSet

BUILT = {"mode": "built", "preset": "custom", "size": 5, "tiles": 4}  # 2 diagonal, 1 flat, 1 block


def built_layout(state: State, k: int) -> Layout:
    """A layout placing exactly the match's tile set, warp cells empty (different for each ``k``)."""
    return layout_for(state.options.size, state.options.tileset, state.warps, k)


def layout_for(size: int, t: TileSet, warps: Sequence[Cell], k: int) -> Layout:
    """A layout placing exactly the tiles of ``t`` on a ``size × size`` board, ``warps`` left empty."""
    r = random.Random(k)
    free = [(row, col) for row in range(size) for col in range(size) if (row, col) not in warps]
    kinds = ["/\\"] * t.diagonal + ["|-"] * t.flat + ["#"] * t.block + ["o"] * t.hole
    cells = r.sample(free, len(kinds))
    return Layout.of(size, {cell: r.choice(kind) for cell, kind in zip(cells, kinds, strict=True)})


PREPARED = "(prepared)"  # a log entry of the host's background work, not a seat's move


def salt(k: int) -> str:
    return f"{k:02x}" * 16


class Match:
    """A match under test: ``play``/``tick`` advance a clock and keep the log for replays.

    Random mode's puzzles are made at once (``ready``), as the host's background work would, unless
    ``prepared=False``.
    """

    def __init__(
        self, options: dict[str, Any] | None, seats: int | tuple[str, ...] = 3, seed: int = 5, prepared: bool = True
    ) -> None:
        self.seats = tuple(str(n) for n in range(1, seats + 1)) if isinstance(seats, int) else seats
        self.options, self.seed = options, seed
        self.state = GAME.setup(GAME.options(options), self.seats, seed)
        self.now = 1_000
        self.log: list[tuple[str | None, dict | None, int]] = []
        self.events: list[dict] = []
        self.layouts: dict[str, Layout] = {}
        if prepared:
            self.ready()

    def ready(self, count: int = 99, after_ms: int = 0) -> list[dict]:
        """Make up to ``count`` of the puzzles the match lacks, as the host's background work does."""
        events: list[dict] = []
        for _ in range(count):
            preparation = GAME.prepare(self.state)
            if preparation is None:
                break
            value = finish(preparation.steps())
            self.now += after_ms
            self.state, more = GAME.prepared(self.state, value, self.now)
            self.log.append((PREPARED, value, self.now))
            self.events += more
            events += more
        return events

    def play(self, seat: str, move: dict, after_ms: int = 1_000) -> list[dict]:
        self.now += after_ms
        self.state, events = GAME.play(self.state, seat, move, self.now)
        self.log.append((seat, move, self.now))
        self.events += events
        return events

    def tick(self, after_ms: int) -> list[dict]:
        self.now += after_ms
        before = self.state
        self.state, events = GAME.tick(self.state, self.now)
        if self.state is not before or events:
            self.log.append((None, None, self.now))
        self.events += events
        return events

    def build_all(self) -> None:
        for k, seat in enumerate(self.seats):
            self.layouts[seat] = built_layout(self.state, k)
            self.play(seat, submission(self.layouts[seat], self.state.warps, salt(k)))

    def reveal(self, seat: str) -> list[dict]:
        k = self.seats.index(seat)
        return self.play(seat, {"type": "reveal", "layout": self.layouts[seat].to_json(), "salt": salt(k)})

    def solution(self, seat: str) -> Layout:
        """A layout that solves ``seat``'s current puzzle (its builder's, or the generated one)."""
        sheet = self.state.sheets[GAME.view(self.state, seat)["solving"][seat] - 1]
        return self.layouts[sheet.builder] if sheet.builder else sheet.solution

    def solve(self, seat: str, after_ms: int = 1_000) -> list[dict]:
        move = {"type": "solve", "layout": self.solution(seat).to_json(), "round": self.state.round}
        return self.play(seat, move, after_ms)

    def replayed(self) -> State:
        state = GAME.setup(GAME.options(self.options), self.seats, self.seed)
        for seat, move, at in self.log:
            if seat is None:
                state = GAME.tick(state, at)[0]
            elif seat is PREPARED:
                state = GAME.prepared(state, move, at)[0]
            else:
                state = GAME.play(state, seat, move, at)[0]
        return state
