"""The solver: count a puzzle's solutions up to a limit, return one, and give hints.

Solutions are every layout ``check`` accepts: at most the tile set of each kind, nothing on the warp
cells, every clue reproduced. Fewer tiles count, so a puzzle is unique only when no other layout —
with fewer tiles, or with a spare tile somewhere no laser goes — shows the same clues.

Every laser is followed from its edge cell, and a cell is looked at only when a laser reaches it,
so the search never branches on cells no laser enters (those, and spare tiles on them, are counted
in closed form once every laser matches). A cell holds the set of tiles still possible there; a
decision splits it by what the tiles do to the lasers waiting on it (empty and an edge-on flat
mirror look alike to a laser, so they stay one choice until a crossing laser tells them apart). The
cell with the fewest choices is decided first. Each clue prunes hard, because the physics is
reversible:

* a green or black laser never reverses (a reversed laser retraces its path back to its own edge),
  so on its path every cell lets it pass or turns it, and a black one stops exactly at entry ``n``;
* a yellow laser's path is a palindrome: it reverses exactly at entry ``(n + 1) / 2``;
* a green laser must leave at entry ``n`` through another green edge showing ``n``; traced from both
  ends at once, it is abandoned as soon as it is too far from where its partner has got to;
* a choice that sends a laser through decided cells into a contradiction is dropped at once
  (look-ahead), and no kind is used more often than the tile set holds.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from math import comb

from gamenight.core.grid import Cell
from gamenight.core.steps import finish
from gamenight.reflection.laser import CHAR, EMPTY, EMPTY_CODE, STOP, TURN, Geometry, Layout, geometry
from gamenight.reflection.puzzle import Puzzle, check, fits

GREEN, YELLOW, BLACK = 0, 1, 2
_COLOUR = {"green": GREEN, "yellow": YELLOW, "black": BLACK}
SLASH, BACKSLASH, VBAR, DASH, BLOCK, HOLE = 1, 2, 3, 4, 5, 6
TRIANGLE_CODES = (7, 8, 9, 10)
CODES = 11  # tile codes, empty included
DONE = -1
# The stepping search pauses once set up, then after at most this many decisions: one decision runs
# up to ~7,000 lines of Python (look-ahead and counting bounds), so a step stays under ~1.5 ms of CPU
# on CPython and ~3 ms in Pyodide here, far below the page's 50 ms (issue 14; ``test_generate_pauses``
# bounds a step in lines run). Fewer pauses cost less: each resumes the whole recursion (~9 µs).
PAUSE = 8
FAIL, MATCH, STALE = -2, -1, -1

# A cell of the search holds the set of tile codes still possible there, as a bit mask: UNKNOWN is
# every code, a decided cell one code. A laser only needs to know what the tile does to it, so a
# cell crossed straight north-south is left as "empty or |" until a laser crosses it east-west.
UNKNOWN = (1 << CODES) - 1
WARP = 1 << CODES
MIXED = -9
MANY = -3
_BIT = tuple(1 << code for code in range(CODES))
# What a code uses up: 0 nothing, 1 a diagonal mirror, 2 a flat mirror, 3 a block, 4 a black hole,
# 5 a triangle mirror. A cell's category (below) may also be 6: "a block or a flat mirror".
_KIND_OF_CODE = (0, 1, 1, 2, 2, 3, 4, 5, 5, 5, 5)
TRIANGLE, REVERSER = 5, 6


def _mask_tables() -> tuple[tuple, ...]:
    """Per-mask tables, each entry built from the mask without its lowest code (2 048 masks)."""
    masks = range(1 << CODES)
    codes: list[tuple[int, ...]] = [()]
    kinds = [0]  # the kinds of a mask's codes, as a bit set
    uniform = [MIXED] * 4
    outs: list[int] = [0] * 4  # the headings the codes give, as a bit set (bit 4: STOP)
    for mask in masks[1:]:
        low = mask & -mask
        code, rest = low.bit_length() - 1, mask ^ low
        codes.append((code, *codes[rest]))
        kinds.append(kinds[rest] | 1 << _KIND_OF_CODE[code])
        for h in range(4):
            out = TURN[code * 4 + h]
            uniform.append(out if not rest or uniform[rest * 4 + h] == out else MIXED)
            outs.append(outs[rest * 4 + h] | 1 << (4 if out == STOP else out))
    return tuple(codes), tuple(kinds), tuple(uniform), tuple(outs)


_CODES, _KINDS, UNIFORM, _OUTS = _mask_tables()
# UNIFORM[mask * 4 + heading]: the heading every code of ``mask`` gives (STOP included), else MIXED.


def _category(kinds: int) -> int:
    """What a cell whose codes have these kinds certainly uses up (0: nothing certain)."""
    if kinds and not kinds & (kinds - 1):
        return kinds.bit_length() - 1
    return REVERSER if kinds == 0b1100 else 0


CATEGORY = tuple(_category(kinds) for kinds in _KINDS)
DIAGONALS = _BIT[SLASH] | _BIT[BACKSLASH]
TRIANGLES = sum(_BIT[c] for c in TRIANGLE_CODES)
TURNERS = DIAGONALS | TRIANGLES  # the tiles that can turn a laser
REVERSERS = _BIT[VBAR] | _BIT[DASH] | _BIT[BLOCK] | TRIANGLES  # the tiles that can send one back
HOLE_BIT = _BIT[HOLE]


def _straight(outs: int, heading: int) -> int:
    left = outs & ~(1 << 4 | 1 << (heading ^ 2))
    if not left:
        return FAIL
    return left.bit_length() - 1 if not left & (left - 1) else MANY


# Where a laser that may neither reverse nor stop goes on from a cell holding one of ``mask``: the
# heading, FAIL when it cannot go on, MANY when it has a choice (a placed mirror not yet turned).
STRAIGHT = tuple(_straight(outs, i & 3) for i, outs in enumerate(_OUTS))
# Whether some code of ``mask`` sends a laser arriving with ``heading`` back.
REVERSES = tuple(bool(outs >> ((i & 3) ^ 2) & 1) for i, outs in enumerate(_OUTS))
# The laser colour a category can end: a reverser sends a yellow laser back, a black hole stops a black one.
_END_OF = (0, 0, YELLOW, YELLOW, BLACK, YELLOW, YELLOW)
# The codes that send a laser moving with ``heading`` back.
_BACK = tuple(sum(_BIT[c] for c in range(CODES) if TURN[c * 4 + h] == h ^ 2) for h in range(4))
# The triangle mirrors that turn a laser moving with ``heading`` (their long side faces it).
_TURNING = tuple(tuple(c for c in TRIANGLE_CODES if TURN[c * 4 + h] not in (h ^ 2, STOP)) for h in range(4))
_GROUPS: dict[int, tuple[int, ...]] = {}


def groups(mask: int, heads: int) -> tuple[int, ...]:
    """``mask`` split into the groups of codes that act alike on lasers moving along ``heads`` (a
    set of headings, bit ``h`` for heading ``h``). Cached: the search asks for few combinations."""
    key = mask << 4 | heads
    found = _GROUPS.get(key)
    if found is None:
        split: dict[tuple[int, ...], int] = {}
        for code in _CODES[mask]:
            behaviour = tuple(TURN[code * 4 + h] for h in range(4) if heads >> h & 1)
            split[behaviour] = split.get(behaviour, 0) | _BIT[code]
        found = _GROUPS[key] = tuple(split.values())
    return found


@dataclass(frozen=True)
class Solved:
    """The outcome of a search: the number of solutions (capped at the limit asked), one solution
    when there is any, and the search effort in decisions tried. When the search ran out of budget,
    ``complete`` is false and ``count`` is only what it found so far."""

    count: int
    layout: Layout | None
    nodes: int
    complete: bool = True

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven (the search was not cut short by its budget)."""
        return self.count == 1 and self.complete


@dataclass(frozen=True)
class Hint:
    """Put ``tile`` on ``cell`` (``"."`` means: take the tile that is there away)."""

    cell: Cell
    tile: str


class _Enough(Exception):
    """Raised inside the search once the limit of solutions is reached."""


class _OverBudget(Exception):
    """Raised inside the search once it has tried more decisions than it may."""


class _Search:
    """One depth-first search; mutable state with explicit undo, kept private to ``solve``."""

    def __init__(
        self, puzzle: Puzzle, limit: int, given: Layout | None, budget: float, counting: bool, tables: _Tables
    ) -> None:
        n = puzzle.size
        self.counting = counting
        geo = geometry(n, puzzle.warps)
        self.geo = geo
        self.limit = limit
        self.budget = budget
        self.complete = True
        self.count = 0
        self.nodes = 0
        self.pause = 0  # the first decision waits for a pause: setting up takes a step of its own
        self.first: Layout | None = None
        self.stock = UNKNOWN
        grid = [UNKNOWN] * (n * n)
        self.caps = puzzle.tiles.counts()
        self.used = [0] * 7  # cells per category (index 0 unused)
        # Cells certainly holding a reverser (a flat mirror or a block) and cells holding a black hole:
        # once the tile set has no more of them, yellow and black lasers must end on one of these.
        self.ends: list[list[int]] = [[], [], []]
        for w in geo.warp:
            grid[w] = WARP
        if given is not None:
            for (r, c), tile in given.tiles().items():
                code = CHAR.index(tile)
                grid[r * n + c] = _BIT[code]
                self.used[CATEGORY[_BIT[code]]] += 1
                if _END_OF[CATEGORY[_BIT[code]]]:
                    self.ends[_END_OF[CATEGORY[_BIT[code]]]].append(r * n + c)
        self.grid = grid
        # Cells no laser has looked at yet, and cells seen but not known to hold a tile (bit sets).
        self.unknown = sum(1 << i for i, mask in enumerate(grid) if mask == UNKNOWN)
        self.partial = 0
        self.feasible = self._fits() and all(given is None or given.at(w) == EMPTY for w in puzzle.warps)
        edges = geo.edges
        self.number = [c.number for c in puzzle.clues]
        self.colour = [_COLOUR[c.colour] for c in puzzle.clues]
        self.target = [(k + 1) // 2 if col == YELLOW else k for k, col in zip(self.number, self.colour, strict=True)]
        self.cells = n * n
        self.dist = tables.dist
        self.partners = [self._partners(e) for e in range(edges)]
        self.balls = tables.balls
        # Each laser's frontier: the cell it is about to enter (DONE once it matched its clue),
        # its heading and the entries counted so far.
        self.at = [geo.entry[e][0] for e in range(edges)]
        self.head = [geo.entry[e][1] for e in range(edges)]
        self.cnt = [0] * edges
        self.dom = [STALE] * edges  # cached _domain of each laser, STALE when it must be recomputed
        self.stops: list[tuple[int, ...]] = [()] * edges
        # Cached ``_needs_turn`` of each laser (STALE when it must be recomputed), the cells it read
        # and the stock it was computed with.
        self.turn = [STALE] * edges
        self.read = [0] * edges
        self.turn_stock = [0] * edges
        # For each cell and heading, the tiles that let a laser pass or turn, with the next cell.
        self.passes = tables.passes

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
            if not geo.warp and (k - 1 - self.dist[geo.entry[e][0] * self.cells + geo.entry[f][0]]) % 2:
                continue
            found.add(f)
        return frozenset(found)

    def run(self) -> Generator[int, None, None]:
        """The search, pausing (yielding the decisions so far) once set up, then every ``PAUSE`` decisions
        at most: before a decision and after each choice tried, so a run of choices that fail at once
        pauses too."""
        self.stock = self._stock()
        if not self.feasible or not all(self._advance(e) for e in range(self.geo.edges) if self.at[e] >= 0):
            return
        try:
            yield from self._search()
        except _Enough:
            pass
        except _OverBudget:
            self.complete = False

    def _advance(self, e: int) -> bool:
        """Move laser ``e`` on through decided cells; ``False`` when it can no longer match its clue.

        It stops at the next undecided cell (its frontier) or completes and is marked done.
        """
        grid, stock = self.grid, self.stock
        geo = self.geo
        nxt = geo.nxt
        target = self.target[e]
        colour = self.colour[e]
        at = self.at
        cell, heading, count = at[e], self.head[e], self.cnt[e]
        while True:
            count += 1
            if count > target:
                return False
            mask = grid[cell]
            if mask == WARP:
                cell = geo.partner[cell]
                count += 1
                if count > target:
                    return False
                new = heading
            else:
                # A cell that may stay empty can only take what the tile set has left.
                new = UNIFORM[(mask if CATEGORY[mask] else mask & stock) * 4 + heading]
                if new == MIXED:
                    at[e], self.head[e], self.cnt[e] = cell, heading, count - 1
                    return True
                if count == target:
                    if colour == YELLOW:
                        at[e] = DONE
                        return new == heading ^ 2
                    if colour == BLACK:
                        at[e] = DONE
                        return new == STOP
                    if new == STOP:
                        return False
                elif new == STOP or new == heading ^ 2:
                    return False
            nx = nxt[cell * 4 + new]
            if nx < 0:
                exit = -1 - nx
                if count == target and exit in self.partners[e] and at[exit] != DONE:
                    at[e] = at[exit] = DONE
                    return True
                return False
            if count == target or (
                self._far(e, nx, count) if colour == GREEN else self._stranded(colour, nx, target - count - 1)
            ):
                return False
            cell, heading = nx, new

    def _domain(self, e: int) -> int:
        """The tile codes (a bit mask) the frontier cell of laser ``e`` may hold for that laser.

        Also notes in ``stops[e]`` the undecided cells its look-ahead ended on: deciding one of them
        (or moving a partner) is what can change this answer.
        """
        cell, heading, count = self.at[e], self.head[e], self.cnt[e] + 1
        target = self.target[e]
        colour = self.colour[e]
        self.stops[e] = ()
        if count == target and colour != GREEN:
            if colour == YELLOW:
                return _BACK[heading]
            return _BIT[HOLE]
        mask = 0
        if count == target:
            partners, at = self.partners[e], self.at
            for code, nx in self.passes[cell * 4 + heading]:
                if nx < 0 and -1 - nx in partners and at[-1 - nx] != DONE:
                    mask |= _BIT[code]
            return mask
        green = colour == GREEN
        stops = []
        for code, nx in self.passes[cell * 4 + heading]:
            # Where the partner waits on this very cell, the two ends may meet here.
            if nx >= 0 and not (
                self._far(e, nx, count, cell) if green else self._stranded(colour, nx, target - count - 1)
            ):
                end = self._probe(e, nx, TURN[code * 4 + heading], count, cell)
                if end != FAIL:
                    mask |= _BIT[code]
                    if end >= 0:
                        stops.append(end)
        self.stops[e] = tuple(stops)
        return mask

    def _probe(self, e: int, cell: int, heading: int, count: int, here: int) -> int:
        """Look ahead along laser ``e`` as it enters ``cell`` next, through decided cells only:
        ``FAIL`` when it can no longer match its clue, ``MATCH`` when it does, else the undecided cell
        it reaches."""
        grid, stock = self.grid, self.stock
        geo = self.geo
        nxt = geo.nxt
        target = self.target[e]
        colour = self.colour[e]
        while True:
            count += 1
            if count > target:
                return FAIL
            mask = grid[cell]
            if mask == WARP:
                cell = geo.partner[cell]
                count += 1
                if count > target:
                    return FAIL
                new = heading
            else:
                # A cell that may stay empty can only take what the tile set has left.
                new = UNIFORM[(mask if CATEGORY[mask] else mask & stock) * 4 + heading]
                if new == MIXED:
                    return cell
                if count == target:
                    if colour == YELLOW:
                        return MATCH if new == heading ^ 2 else FAIL
                    if colour == BLACK:
                        return MATCH if new == STOP else FAIL
                    if new == STOP:
                        return FAIL
                elif new == STOP or new == heading ^ 2:
                    return FAIL
            nx = nxt[cell * 4 + new]
            if nx < 0:
                exit = -1 - nx
                return MATCH if count == target and exit in self.partners[e] and self.at[exit] != DONE else FAIL
            if count == target or (
                self._far(e, nx, count, here) if colour == GREEN else self._stranded(colour, nx, target - count - 1)
            ):
                return FAIL
            cell, heading = nx, new

    def _far(self, e: int, cell: int, count: int, here: int = -1) -> bool:
        """Whether green laser ``e``, entering ``cell`` as entry ``count + 1``, is too far to end in time.

        Its path must run on to where a partner's laser (traced from the other end) has got to, then
        back along that partner's path: at least ``count + 1 + distance + partner's count`` entries.
        """
        at, cnt, head, row = self.at, self.cnt, self.head, cell * self.cells
        dist, grid = self.dist, self.grid
        budget = self.target[e] - count - 1
        for q in self.partners[e]:
            end = at[q]
            if end == DONE:
                continue
            if dist[row + end] + cnt[q] <= budget or end == here:
                return False
            # A partner that has not moved on to a cell that is open for it yet gives no bound (the
            # tile set may have run out of what would stop it there since it last moved).
            mask = grid[end]
            if mask == WARP or UNIFORM[(mask if CATEGORY[mask] else mask & self.stock) * 4 + head[q]] != MIXED:
                return False
        return True

    def _stranded(self, colour: int, cell: int, left: int) -> bool:
        """Whether a yellow (black) laser entering ``cell`` with ``left`` more entries to go before it
        must turn back (stop) can no longer do so: the tile set has no reverser (hole) left to place
        and every placed one is too far, or at the wrong parity (without warps every entry moves one
        cell, so the distance and the entries left agree in parity)."""
        _, f, b, h, t = self.caps
        used = self.used
        if (used[2] + used[3] + used[REVERSER] < f + b or used[TRIANGLE] < t) if colour == YELLOW else used[4] < h:
            return False
        row, dist, warp = cell * self.cells, self.dist, self.geo.warp
        for end in self.ends[colour]:
            gap = left - dist[row + end]
            if gap >= 0 and (warp or not gap & 1):
                return False
        return True

    def _short(self) -> bool:
        """Whether more yellow (black) lasers than the tile set can still serve are too far from every
        placed reverser (hole): each such laser needs a new one, and a new tile ends at most four
        lasers, one from each side."""
        at, cnt, target, colour = self.at, self.cnt, self.target, self.colour
        dist, cells, warp = self.dist, self.cells, self.geo.warp
        left = self._left()
        stranded = [0, 0, 0]
        for e in range(self.geo.edges):
            c = colour[e]
            cell = at[e]
            if c == GREEN or cell < 0:
                continue
            row, steps = cell * cells, target[e] - cnt[e] - 1
            for end in self.ends[c]:
                gap = steps - dist[row + end]
                if gap >= 0 and (warp or not gap & 1):
                    break
            else:
                stranded[c] += 1
        return stranded[YELLOW] > 4 * left[YELLOW] or stranded[BLACK] > 4 * left[BLACK]

    def _unturned(self, greens: int, others: int) -> bool:
        """Whether the lasers that cannot match without a new diagonal mirror need more than the
        mirrors left can give.

        Each open laser is followed along the only path it has without a new diagonal mirror
        (straight through open cells, turned by placed mirrors). A new mirror has two faces and each
        face turns one path, so the paths that fail need at most twice the mirrors left; a green path
        is seen from both its ends, so ``g`` failing green lasers need at least ``ceil(g / 2)`` faces.
        """
        left = 2 * (self.caps[0] - self.used[1]) + self.caps[4] - self.used[TRIANGLE]
        if (greens + 1) // 2 + others <= left:  # ``greens`` and ``others``: the open lasers
            return False
        at, colour = self.at, self.colour
        g = y = 0
        turn, turn_stock, stock = self.turn, self.turn_stock, self.stock
        for e in range(self.geo.edges):
            if at[e] < 0:
                continue
            verdict = turn[e]
            if verdict < 0 or turn_stock[e] != stock:
                verdict = self._needs_turn(e)
            if verdict:
                if colour[e] == GREEN:
                    g += 1
                else:
                    y += 1
                if (g + 1) // 2 + y > left:
                    return True
        return False

    def _needs_turn(self, e: int) -> int:
        """1 when laser ``e`` cannot match its clue unless a new mirror (diagonal or triangle) turns it,
        else 0. (A new triangle mirror may still send a yellow laser back where it must turn back.)

        Cached with the cells it read (``read[e]``, a bit set): deciding one of them, moving the laser
        or a partner, or a change of the tile set's stock is what can change the answer.
        """
        grid, stock, ends = self.grid, self.stock & ~TURNERS, self.stock & ~DIAGONALS
        geo = self.geo
        nxt = geo.nxt
        target = self.target[e]
        colour = self.colour[e]
        cell, heading, count = self.at[e], self.head[e], self.cnt[e]
        read = 0
        verdict = 1
        while True:
            count += 1
            if count > target:
                break
            read |= 1 << cell
            mask = grid[cell]
            if mask == WARP:
                cell = geo.partner[cell]
                count += 1
                if count > target:
                    break
                new = heading
            else:
                if count == target and colour != GREEN:
                    if not CATEGORY[mask]:
                        mask &= ends
                    verdict = 0 if (REVERSES[mask * 4 + heading] if colour == YELLOW else mask & HOLE_BIT) else 1
                    break
                if not CATEGORY[mask]:
                    mask &= stock
                new = STRAIGHT[mask * 4 + heading]
                if new < 0:
                    verdict = 1 if new == FAIL else 0
                    break
            nx = nxt[cell * 4 + new]
            if nx < 0:
                if count == target and -1 - nx in self.partners[e] and self.at[-1 - nx] != DONE:
                    verdict = 0
                break
            if count == target:
                break
            cell, heading = nx, new
        self.turn[e], self.read[e], self.turn_stock[e] = verdict, read, self.stock
        return verdict

    def _uncovered(self) -> bool:
        """Whether the yellow (black) lasers out of reach of every placed reverser (hole) need more new
        ones than the tile set has left.

        Such a laser must end on a cell it reaches at the right distance and parity that may still take
        a new reverser (hole). A new tile ends at most four lasers, one from each side; and lasers whose
        candidate cells are disjoint need different tiles, so a family of pairwise disjoint candidate
        sets larger than what is left is a dead end.
        """
        at, cnt, target, colour = self.at, self.cnt, self.target, self.colour
        left = self._left()
        dist, cells, warp, balls = self.dist, self.cells, self.geo.warp, self.balls
        stranded: list[list[int]] = [[], [], []]
        for e in range(self.geo.edges):
            c = colour[e]
            cell = at[e]
            if c == GREEN or cell < 0:
                continue
            row, steps = cell * cells, target[e] - cnt[e] - 1
            for end in self.ends[c]:
                gap = steps - dist[row + end]
                if gap >= 0 and (warp or not gap & 1):
                    break
            else:
                stranded[c].append(e)
        for c in (YELLOW, BLACK):
            lasers = stranded[c]
            if len(lasers) > 4 * left[c]:
                return True
            if len(lasers) <= left[c]:
                continue
            spots = self._open_for(REVERSERS if c == YELLOW else HOLE_BIT)
            reach = []
            for e in lasers:
                ball, steps = balls[at[e]], target[e] - cnt[e] - 1
                found = (ball[steps] if steps < len(ball) else ball[-2 + (steps & 1)]) & spots
                if not found:
                    return True
                reach.append(found)
            taken = apart = 0
            for found in sorted(reach, key=int.bit_count):
                if not found & taken:
                    taken |= found
                    apart += 1
                    if apart > left[c]:
                        return True
        return False

    def _open_for(self, codes: int) -> int:
        """The cells (a bit set) that may still newly take one of ``codes`` from the stock."""
        can = codes & self.stock
        if not can:
            return 0
        found = self.unknown
        grid, rest = self.grid, self.partial
        while rest:
            low = rest & -rest
            if grid[low.bit_length() - 1] & can:
                found |= low
            rest ^= low
        return found

    def _left(self) -> tuple[int, int, int]:
        """How many more tiles can end a laser, by colour: (0, reversers, black holes) — a flat mirror,
        a block or a triangle mirror can send a yellow laser back."""
        _, f, b, h, t = self.caps
        used = self.used
        return (0, f + b - used[2] - used[3] - used[REVERSER] + t - used[TRIANGLE], h - used[4])

    def _fits(self) -> bool:
        """Whether the tiles the cells certainly hold fit in the tile set."""
        d, f, b, h, t = self.caps
        used = self.used
        return (
            used[1] <= d
            and used[2] <= f
            and used[3] <= b
            and used[4] <= h
            and used[TRIANGLE] <= t
            and used[2] + used[3] + used[REVERSER] <= f + b
        )

    def _stock(self) -> int:
        """The codes a cell that may still be empty could newly take without overdrawing the tile set."""
        d, f, b, h, t = self.caps
        used = self.used
        mask = _BIT[EMPTY_CODE]
        if used[1] < d:
            mask |= _BIT[SLASH] | _BIT[BACKSLASH]
        if used[4] < h:
            mask |= _BIT[HOLE]
        if used[TRIANGLE] < t:
            mask |= TRIANGLES
        if used[2] + used[3] + used[REVERSER] < f + b:
            if used[2] < f:
                mask |= _BIT[VBAR] | _BIT[DASH]
            if used[3] < b:
                mask |= _BIT[BLOCK]
        return mask

    def _search(self) -> Generator[int, None, None]:
        if self.nodes >= self.pause:
            self.pause = self.nodes + PAUSE
            yield self.nodes
        at, cnt, head, target, dom = self.at, self.cnt, self.head, self.target, self.dom
        grid = self.grid
        stock = self.stock
        domains: dict[int, int] = {}
        slack: dict[int, int] = {}
        heads: dict[int, int] = {}  # the headings of the lasers waiting on each cell (a bit set)
        waiting: dict[int, list[int]] = {}
        colour = self.colour
        greens = others = 0
        for e in range(self.geo.edges):
            cell = at[e]
            if cell >= 0:
                if colour[e] == GREEN:
                    greens += 1
                else:
                    others += 1
                mask = dom[e]
                if mask < 0:
                    mask = dom[e] = self._domain(e)
                if cell in domains:
                    domains[cell] &= mask
                    heads[cell] |= 1 << head[e]
                    waiting[cell].append(e)
                    left = target[e] - cnt[e]
                    if left < slack[cell]:
                        slack[cell] = left
                else:
                    now = grid[cell]
                    domains[cell] = mask & (now if CATEGORY[now] else now & stock)
                    heads[cell] = 1 << head[e]
                    waiting[cell] = [e]
                    slack[cell] = target[e] - cnt[e]
        if not domains:
            self._record()
            return
        # The cell with the fewest choices first; among equals, one a nearly finished laser waits on.
        best, best_key = -1, (99, 0)
        for cell, mask in domains.items():
            key = (len(groups(mask, heads[cell])), slack[cell])
            if key < best_key:
                best, best_key = cell, key
        if best_key[0] == 0:
            return
        if (self._uncovered() or self._unturned(greens, others)) if self.counting else self._short():
            return
        if self.nodes > self.budget:
            raise _OverBudget
        used, partners, stops = self.used, self.partners, self.stops
        movers = waiting[best]
        # Lasers whose look-ahead stopped on this cell see something new whatever goes there.
        for e, ends in enumerate(stops):
            if best in ends:
                dom[e] = STALE
        turn, read, bit = self.turn, self.read, 1 << best
        for e in range(len(turn)):
            if read[e] & bit:
                turn[e] = STALE
        old = grid[best]
        saved = (at[:], head[:], cnt[:], dom[:], stops[:], turn[:], read[:], self.turn_stock[:])
        unknown, partial = self.unknown, self.partial
        self.unknown = unknown & ~bit
        for group in groups(domains[best], heads[best]):
            self.nodes += 1
            used[CATEGORY[old]] -= 1
            used[CATEGORY[group]] += 1
            ending = _END_OF[CATEGORY[group]] if not _END_OF[CATEGORY[old]] else 0
            if ending:
                self.ends[ending].append(best)
            if self._fits():
                self.stock = self._stock()
                grid[best] = group
                self.partial = partial & ~bit if CATEGORY[group] else partial | bit
                if all(self._advance(e) for e in movers if at[e] == best):
                    # A moved laser, and every partner of it or of a partner it finished, looks again.
                    for e in movers:
                        dom[e] = turn[e] = STALE
                        for q in partners[e]:
                            dom[q] = turn[q] = STALE
                            if at[q] == DONE:
                                for r in partners[q]:
                                    dom[r] = turn[r] = STALE
                    yield from self._search()
                at[:], head[:], cnt[:], dom[:], stops[:], turn[:], read[:], self.turn_stock[:] = saved
            if ending:
                self.ends[ending].pop()
            used[CATEGORY[group]] -= 1
            used[CATEGORY[old]] += 1
            if self.nodes >= self.pause:
                self.pause = self.nodes + PAUSE
                yield self.nodes
        grid[best] = old
        self.stock = stock
        self.unknown, self.partial = unknown, partial

    def _record(self) -> None:
        """Every laser matches: count the layouts the open cells allow within the tile set."""
        caps = self.caps
        singles = [0] * 6
        open_cells: list[int] = []
        free = 0
        for mask in self.grid:
            if mask == UNKNOWN:
                free += 1
            elif mask != WARP:
                codes = _CODES[mask]
                if len(codes) == 1:
                    singles[_KIND_OF_CODE[codes[0]]] += 1
                else:
                    open_cells.append(mask)
        # Cells some laser saw but did not pin down, one by one; cells no laser reached, in closed form.
        ways = {tuple(singles[1:]): 1}
        for mask in open_cells:
            grown: dict[tuple[int, ...], int] = {}
            for state, n in ways.items():
                for code in _CODES[mask]:
                    kind = _KIND_OF_CODE[code]
                    if kind:
                        state2 = list(state)
                        state2[kind - 1] += 1
                        key = tuple(state2)
                    else:
                        key = state
                    grown[key] = grown.get(key, 0) + n
            ways = {k: n for k, n in grown.items() if all(used <= cap for used, cap in zip(k, caps, strict=True))}
        total = sum(
            n * _completions(free, [cap - used for used, cap in zip(k, caps, strict=True)]) for k, n in ways.items()
        )
        if total and self.first is None:
            self.first = self._layout()
        self.count += total
        if self.count >= self.limit:
            raise _Enough

    def _layout(self) -> Layout:
        """One concrete solution from the current cells: open cells empty where they may be, else the
        tile the set still has."""
        left = list(self.caps)
        picks: list[int | None] = []
        for mask in self.grid:
            codes = _CODES[mask] if mask != WARP else (EMPTY_CODE,)
            picks.append(codes[0] if len(codes) == 1 or EMPTY_CODE in codes else None)
            if len(codes) == 1 and codes[0]:
                left[_KIND_OF_CODE[codes[0]] - 1] -= 1
        # Cells that must hold a tile of one of several kinds: a small search, since taking the first
        # kind available for one cell may leave none for another (``_record`` counted at least one).
        pending = [i for i, pick in enumerate(picks) if pick is None]

        def assign(k: int) -> bool:
            if k == len(pending):
                return True
            i = pending[k]
            for code in _CODES[self.grid[i]]:
                kind = _KIND_OF_CODE[code] - 1
                if left[kind] > 0:
                    left[kind] -= 1
                    picks[i] = code
                    if assign(k + 1):
                        return True
                    left[kind] += 1
            return False

        if not assign(0):
            raise AssertionError("no layout fits the counted solution")
        size = self.geo.size
        filled = [c for c in picks if c is not None]
        assert len(filled) == len(picks)  # assign(0) picked a tile for every pending cell
        chars = "".join(CHAR[c] for c in filled)
        return Layout(tuple(chars[r * size : (r + 1) * size] for r in range(size)))


@dataclass(frozen=True)
class _Tables:
    """The lookup tables the search reads for one board shape (see ``_tables``)."""

    passes: list[tuple[tuple[int, int], ...]]  # ``_passes``
    dist: list[int]  # ``_distance_row`` of every cell, as a flat ``cells × cells`` table
    balls: list[list[int]]  # ``_balls``


# The tables of the last few board shapes. A board with warp cells is a shape of its own, so a match
# with warps builds new tables for every puzzle.
_BUILT: dict[Geometry, _Tables] = {}
_KEPT = 16
# Cells whose table rows are built between two pauses of ``_tables``: a 10×10 board's tables take
# about as long to build as a few hundred decisions, too long for one step of the page's slices.
_ROWS = 10


def _tables(geo: Geometry) -> Generator[int, None, _Tables]:
    """The search's tables of ``geo``'s board shape, built in steps (yielding 0) the first time the
    shape is met, then kept: the last ``_KEPT`` shapes."""
    found = _BUILT.get(geo)
    if found is not None:
        return found
    cells = geo.size * geo.size
    passes: list[tuple[tuple[int, int], ...]] = []
    dist: list[int] = []
    for a in range(cells):
        passes += _passes(geo, a)
        dist += _distance_row(geo, a)
        if a % _ROWS == _ROWS - 1:
            yield 0
    balls = []
    for a in range(cells):
        balls.append(_balls(geo, dist[a * cells : (a + 1) * cells]))
        if a % _ROWS == _ROWS - 1:
            yield 0
    if len(_BUILT) >= _KEPT:
        del _BUILT[next(iter(_BUILT))]  # the oldest shape
    made = _BUILT[geo] = _Tables(passes, dist, balls)
    return made


def _passes(geo: Geometry, cell: int) -> list[tuple[tuple[int, int], ...]]:
    """For each heading into ``cell``, the codes that let a laser pass or turn there, with the next cell."""
    return [
        tuple(
            (code, geo.nxt[cell * 4 + TURN[code * 4 + h]])
            for code in (EMPTY_CODE, SLASH, BACKSLASH, DASH if h & 1 else VBAR, *_TURNING[h])
        )
        for h in range(4)
    ]


def _balls(geo: Geometry, dist: list[int]) -> list[int]:
    """For a cell at ``dist`` from every cell, and each number of steps ``k``, the cells (a bit set) a
    laser could be on after exactly ``k`` more entries: within distance ``k``, and without warps at the
    same parity. Past the board's diameter the sets repeat with period 2, so the list ends there."""
    row = [0] * (2 * geo.size + 2)
    for b, d in enumerate(dist):
        row[d] |= 1 << b
    step = 1 if geo.warp else 2  # without warps, k entries reach only cells at k, k - 2, k - 4, ...
    for k in range(step, len(row)):
        row[k] |= row[k - step]
    return row


def _distance_row(geo: Geometry, a: int) -> list[int]:
    """The fewest entries after ``a`` to reach each cell, in cell order: Manhattan, or through the warp
    pair (a jump counts one entry)."""
    n = geo.size
    ar, ac = divmod(a, n)
    row = [abs(ar - br) + abs(ac - bc) for br in range(n) for bc in range(n)]
    if geo.warp:
        for x, y in (geo.warp, geo.warp[::-1]):
            xr, xc = divmod(x, n)
            yr, yc = divmod(y, n)
            via = abs(ar - xr) + abs(ac - xc) + 1
            row = [min(d, via + abs(yr - b // n) + abs(yc - b % n)) for b, d in enumerate(row)]
    return row


# How many ways a tile of each kind can lie on a cell: a mirror turns two ways, a triangle four.
_ORIENTATIONS = (2, 2, 1, 1, 4)


def _completions(free: int, left: list[int]) -> int:
    """How many ways spare tiles (or none) can go on ``free`` cells no laser reaches, with at most
    ``left[k]`` tiles of kind ``k`` (in ``KINDS`` order), each in any of its orientations."""
    ways = {0: 1}  # cells taken so far -> ways; kind by kind, choose which free cells it takes
    for most, turns in zip(left, _ORIENTATIONS, strict=True):
        grown: dict[int, int] = {}
        for taken, n in ways.items():
            for k in range(min(most, free - taken) + 1):
                grown[taken + k] = grown.get(taken + k, 0) + n * comb(free - taken, k) * turns**k
        ways = grown
    return sum(ways.values())


def solve(
    puzzle: Puzzle, limit: int = 2, given: Layout | None = None, budget: float = float("inf"), counting: bool = True
) -> Solved:
    """Count the solutions of ``puzzle`` up to ``limit`` and return the first found.

    With ``given``, only solutions that keep every tile of ``given`` in place are counted. The search
    stops after ``budget`` decisions (then ``complete`` is false).
    """
    return finish(solve_steps(puzzle, limit, given, budget, counting))


def solve_steps(
    puzzle: Puzzle,
    limit: int = 2,
    given: Layout | None = None,
    budget: float = float("inf"),
    counting: bool = True,
) -> Generator[int, None, Solved]:
    """``solve`` in slices: yields the decisions tried so far (0 while its tables are built or it is
    set up, then after at most ``PAUSE`` more), returns the outcome."""
    tables = yield from _tables(geometry(puzzle.size, puzzle.warps))
    search = _Search(puzzle, limit, given, budget, counting, tables)
    yield from search.run()
    return Solved(min(search.count, limit), search.first, search.nodes, search.complete)


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
