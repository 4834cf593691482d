"""The solver: count a puzzle's solutions up to a limit, return one, and give hints.

Solutions are every layout ``check`` accepts: at most the tile set of each kind, nothing on the warp
cells, every clue reproduced. Fewer tiles count, so a puzzle is unique only when no other layout —
with fewer tiles, or with a spare tile somewhere no laser goes — shows the same clues.

The search follows one laser at a time from its edge cell and decides a cell only when a laser first
enters it, so it never branches on cells no laser reaches (those are counted in closed form at the
end). Each clue prunes hard, because the physics is reversible:

* a green or black laser never reverses (a reversed laser retraces its path back to its own edge),
  so on its path every cell lets it pass or turns it, and a black one stops exactly at entry ``n``;
* a yellow laser's path is a palindrome: it reverses exactly at entry ``(n + 1) / 2``;
* a green laser must leave at entry ``n`` through another green edge showing ``n``, so it is
  abandoned as soon as it is too far from every such edge to get there in time.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from gamenight.core.grid import Cell
from gamenight.reflection.laser import CHAR, EMPTY, EMPTY_CODE, STOP, TURN, WARP_CODE, Layout, geometry
from gamenight.reflection.puzzle import Puzzle, check, fits

UNKNOWN = -2
GREEN, YELLOW, BLACK = 0, 1, 2
_COLOUR = {"green": GREEN, "yellow": YELLOW, "black": BLACK}
# The kind index (into TileSet.counts()) of each tile code, -1 for none.
_KIND = (-1, 0, 0, 1, 1, 2, 3)
SLASH, BACKSLASH, VBAR, DASH, BLOCK, HOLE = 1, 2, 3, 4, 5, 6


@dataclass(frozen=True)
class Solved:
    """The outcome of a search: the number of solutions (capped at the limit asked), one solution
    (unknown cells empty) when there is any, and the search effort in decisions tried."""

    count: int
    layout: Layout | None
    nodes: int

    @property
    def unique(self) -> bool:
        return self.count == 1


@dataclass(frozen=True)
class Hint:
    """Put ``tile`` on ``cell`` (``"."`` means: take the tile that is there away)."""

    cell: Cell
    tile: str


class _Enough(Exception):
    """Raised inside the search once the limit of solutions is reached."""


class _Search:
    def __init__(self, puzzle: Puzzle, limit: int, given: Layout | None) -> None:
        n = puzzle.size
        geo = geometry(n, puzzle.warps)
        self.geo = geo
        self.limit = limit
        self.count = 0
        self.nodes = 0
        self.first: list[int] | None = None
        grid = [UNKNOWN] * (n * n)
        left = list(puzzle.tiles.counts())
        for w in geo.warp:
            grid[w] = WARP_CODE
        if given is not None:
            for (r, c), tile in given.tiles().items():
                code = CHAR.index(tile)
                grid[r * n + c] = code
                left[_KIND[code]] -= 1
        self.grid = grid
        self.left = left
        self.feasible = min(left) >= 0 and all(given is None or given.at(w) == EMPTY for w in puzzle.warps)
        edges = geo.edges
        self.number = [c.number for c in puzzle.clues]
        self.colour = [_COLOUR[c.colour] for c in puzzle.clues]
        self.target = [(k + 1) // 2 if col == YELLOW else k for k, col in zip(self.number, self.colour, strict=True)]
        self.done = [False] * edges
        self.partners = [self._partners(e) for e in range(edges)]
        self.need = [self._need(e) for e in range(edges)]
        # Short lasers first: they fix the cells near the edges that longer lasers then run through.
        self.order = sorted(range(edges), key=lambda e: (self.target[e], self.colour[e] == GREEN, e))

    def _partners(self, e: int) -> frozenset[int]:
        """The edges a green laser from ``e`` may leave by: green, same number, right parity."""
        if self.colour[e] != GREEN:
            return frozenset()
        geo = self.geo
        k = self.number[e]
        found = set()
        for f in range(geo.edges):
            if f == e or self.colour[f] != GREEN or self.number[f] != k:
                continue
            # Without warps every entry moves one cell, so the path length fixes the parity.
            if not geo.warp and (k - 1 - _distance(geo, geo.entry[e][0], geo.entry[f][0])) % 2:
                continue
            found.add(f)
        return frozenset(found)

    def _need(self, e: int) -> list[int] | None:
        """For a green laser: the fewest entries, counting the cell itself, from entering each cell to
        leaving by one of its partner edges (a lower bound that ignores tiles)."""
        if self.colour[e] != GREEN:
            return None
        geo = self.geo
        cells = geo.size * geo.size
        ends = [geo.entry[f][0] for f in self.partners[e]]
        if not ends:
            return [cells * 8] * cells
        return [1 + min(_distance(geo, x, end) for end in ends) for x in range(cells)]

    def run(self) -> None:
        if not self.feasible:
            return
        try:
            self._next_laser()
        except _Enough:
            pass

    def _next_laser(self) -> None:
        done = self.done
        for e in self.order:
            if not done[e]:
                cell, heading = self.geo.entry[e]
                self._extend(e, cell, heading, 0)
                return
        self._record()

    def _finish(self, e: int, partner: int) -> None:
        done = self.done
        done[e] = True
        if partner >= 0:
            done[partner] = True
        self._next_laser()
        done[e] = False
        if partner >= 0:
            done[partner] = False

    def _extend(self, e: int, cell: int, heading: int, count: int) -> None:
        """Follow laser ``e`` about to enter ``cell`` with ``heading`` after ``count`` entries."""
        grid = self.grid
        geo = self.geo
        nxt = geo.nxt
        target = self.target[e]
        colour = self.colour[e]
        need = self.need[e]
        while True:
            count += 1
            if count > target:
                return
            code = grid[cell]
            if code == UNKNOWN:
                self._branch(e, cell, heading, count)
                return
            if code == WARP_CODE:
                cell = geo.partner[cell]
                count += 1
                if count > target:
                    return
                new = heading
            else:
                new = TURN[code * 4 + heading]
                if count == target:
                    if colour == YELLOW:
                        if new == heading ^ 2:
                            self._finish(e, -1)
                        return
                    if colour == BLACK:
                        if new == STOP:
                            self._finish(e, -1)
                        return
                    if new == STOP:
                        return
                elif new == STOP or new == heading ^ 2:
                    return
            nx = nxt[cell * 4 + new]
            if nx < 0:
                exit = -1 - nx
                if count == target and exit in self.partners[e] and not self.done[exit]:
                    self._finish(e, exit)
                return
            if count == target or (need is not None and count + need[nx] > target):
                return
            cell, heading = nx, new

    def _branch(self, e: int, cell: int, heading: int, count: int) -> None:
        """Try every tile (or none) on the undecided ``cell`` that laser ``e`` enters as entry ``count``."""
        target = self.target[e]
        colour = self.colour[e]
        grid, left = self.grid, self.left
        if count == target and colour != GREEN:
            if colour == YELLOW:
                options = (BLOCK, VBAR if heading & 1 else DASH)
            else:
                options = (HOLE,)
            for code in options:
                kind = _KIND[code]
                if left[kind]:
                    self.nodes += 1
                    grid[cell] = code
                    left[kind] -= 1
                    self._finish(e, -1)
                    left[kind] += 1
            grid[cell] = UNKNOWN
            return
        nxt = self.geo.nxt
        need = self.need[e]
        for code in (EMPTY_CODE, SLASH, BACKSLASH, DASH if heading & 1 else VBAR):
            kind = _KIND[code]
            if kind >= 0 and not left[kind]:
                continue
            new = TURN[code * 4 + heading]
            nx = nxt[cell * 4 + new]
            if nx < 0:
                exit = -1 - nx
                if count != target or exit not in self.partners[e] or self.done[exit]:
                    continue
            elif count == target or (need is not None and count + need[nx] > target):
                continue
            self.nodes += 1
            grid[cell] = code
            if kind >= 0:
                left[kind] -= 1
            if nx < 0:
                self._finish(e, -1 - nx)
            else:
                self._extend(e, nx, new, count)
            if kind >= 0:
                left[kind] += 1
        grid[cell] = UNKNOWN

    def _record(self) -> None:
        free = self.grid.count(UNKNOWN)
        self.count += _completions(free, self.left)
        if self.first is None:
            self.first = list(self.grid)
        if self.count >= self.limit:
            raise _Enough


def _distance(geo, a: int, b: int) -> int:
    """The fewest entries after ``a`` to reach ``b`` (Manhattan, or through the warp pair)."""
    n = geo.size
    ar, ac = divmod(a, n)
    br, bc = divmod(b, n)
    best = abs(ar - br) + abs(ac - bc)
    if geo.warp:
        for x, y in (geo.warp, geo.warp[::-1]):
            xr, xc = divmod(x, n)
            yr, yc = divmod(y, n)
            best = min(best, abs(ar - xr) + abs(ac - xc) + 1 + abs(yr - br) + abs(yc - bc))
    return best


def _completions(free: int, left: list[int]) -> int:
    """How many ways spare tiles (or none) can go on ``free`` cells no laser reaches.

    A mirror has two orientations, so each placed diagonal or flat mirror doubles the count.
    """
    d, f, b, h = left
    total = 0
    for i in range(min(d, free) + 1):
        for j in range(min(f, free - i) + 1):
            for k in range(min(b, free - i - j) + 1):
                for m in range(min(h, free - i - j - k) + 1):
                    rest = free - i - j - k - m
                    ways = factorial(free) // (factorial(i) * factorial(j) * factorial(k) * factorial(m) * factorial(rest))
                    total += ways << (i + j)
    return total


def solve(puzzle: Puzzle, limit: int = 2, given: Layout | None = None) -> Solved:
    """Count the solutions of ``puzzle`` up to ``limit`` and return the first found.

    With ``given``, only solutions that keep every tile of ``given`` in place are counted.
    """
    search = _Search(puzzle, limit, given)
    search.run()
    layout = None
    if search.first is not None:
        size = puzzle.size
        chars = [EMPTY if code in (UNKNOWN, WARP_CODE) else CHAR[code] for code in search.first]
        layout = Layout(tuple("".join(chars[r * size : (r + 1) * size]) for r in range(size)))
    return Solved(min(search.count, limit), layout, search.nodes)


def hint(puzzle: Puzzle, layout: Layout) -> Hint | None:
    """One step towards a solution from the player's ``layout``, or ``None`` when it already solves.

    When some solution keeps every tile the player placed, the hint is a tile of that solution the
    player is missing (first in reading order); otherwise it names a placed tile that no solution
    has, with the tile a solution has there (``"."``: take it away).
    """
    if fits(puzzle, layout) and check(puzzle, layout):
        return None
    kept = solve(puzzle, 1, layout).layout if fits(puzzle, layout) else None
    if kept is not None:
        missing = sorted(set(kept.tiles().items()) - set(layout.tiles().items()))
        if missing:
            cell, tile = missing[0]
            return Hint(cell, tile)
    target = solve(puzzle, 1).layout
    if target is None:
        raise ValueError("the puzzle has no solution")
    wrong = sorted(cell for cell, tile in layout.tiles().items() if target.at(cell) != tile)
    return Hint(wrong[0], target.at(wrong[0]))
