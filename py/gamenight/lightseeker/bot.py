"""Light Seeker's computer opponent at three levels (docs/rules/lightseeker.md, "Computer opponents").

Everything in Light Seeker is public, so the bot reads the whole position from its seat's view (each
cube's cell, the face on top and the face pointing north give its orientation).

- **Easy** picks a random legal turn, preferring one that wins.
- **Normal** wins when it can, and otherwise never leaves the opponent an immediate win when some
  turn avoids it: it tries its turns in a random order and plays the first whose Buh move leaves the
  opponent no winning turn.
- **Hard** searches: it wins at once when it can (a light area of 7, or leaving the opponent without a
  legal turn when that loses), never leaves an immediate win, and looks one full turn further for a
  turn after which *every* answer of the opponent hands it a win (a forced win). Positions met twice
  are looked up, not analysed again (a transposition table); the search stops after a fixed number
  of analyses, and then plays one of its safe turns.

The search rests on ``threats``: for the side to move, which cubes Buh must sit on to stop every
winning turn, and which cubes Buh may sit on without leaving it stuck, computed for all nine Buh
cubes at once. A turn moves one or two cubes and only an area holding a moved cube can newly reach
7, so candidate pairs of actions are bounded by the light areas they could join and most are never
built.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from typing import NamedTuple

from gamenight.core.bot import Thinking, parse_level
from gamenight.core.errors import IllegalMove
from gamenight.core.game import JSON, Move
from gamenight.core.grid import DIRECTIONS
from gamenight.core.rng import rng
from gamenight.core.steps import finish
from gamenight.lightseeker.cube import Face, orientation, tilt

# ``outcomes_by_frame``: the rules' own lazy enumeration of turns (``turn_outcomes`` lists them all at
# once), so that reading the position can yield between chunks.
from gamenight.lightseeker.rules import (
    CUBES,
    KINDS,
    LIGHTING,
    WIN_AREA,
    Action,
    Board,
    Turn,
    frame_of,
    outcomes_by_frame,
)

# Cells are numbered ``(row + OFFSET) * STRIDE + (col + OFFSET)``: a step is an addition, and no
# position a match can reach (at most 18 turns of 2 cells) wraps around a row.
STRIDE = 1 << 8
OFFSET = 100
DELTA = (-STRIDE, 1, STRIDE, -1)  # N, E, S, W: the order of DIRECTIONS
AROUND = (-STRIDE - 1, -STRIDE, -STRIDE + 1, -1, 1, STRIDE - 1, STRIDE, STRIDE + 1)
LIGHT = LIGHTING.light
MASK = tuple(sum(1 << k for k, d in enumerate(DIRECTIONS) if d in LIGHTING.lit_edges[o]) for o in range(len(LIGHT)))
LIT = tuple(tuple(k for k in range(4) if MASK[o] >> k & 1) for o in range(len(LIGHT)))
TILT = tuple(tuple(tilt(o, d) for d in DIRECTIONS) for o in range(len(LIGHT)))
NO_WIN = -1


def _brighter_twice(o0: int) -> tuple[tuple[int, int, int], ...]:
    """A cube in orientation ``o0`` acting twice alone (slide or tilt, then slide or tilt): each
    (first step, second step, orientation) that ends with more light on top; the board decides later
    which are free (``Threats.twice``)."""
    found = []
    for d in range(4):
        for o in (o0, TILT[o0][d]):
            for d2 in range(4):
                for o2 in (o, TILT[o][d2]):
                    if LIGHT[o2] > LIGHT[o0]:
                        found.append((DELTA[d], DELTA[d2], o2))
    return tuple(found)


BRIGHTER_TWICE = tuple(_brighter_twice(o) for o in range(len(LIGHT)))

# Hard's search budget, in positions analysed with ``threats`` (counts, never the clock, so a seed
# always gives the same turn on every machine).
HARD_BUDGET = 150
# Yield to the page after about this many analyses (each a fraction of a millisecond of CPython).
PER_YIELD = 1
# Yield after listing this many of the bot's possible turns (each a few microseconds of CPython).
PER_READ = 40

Cells = tuple[int, ...]
Orients = tuple[int, ...]


class Position(NamedTuple):
    cells: Cells
    orients: Orients


# --- light areas -------------------------------------------------------------------------------------


def _flood(cells: Cells, orients: Orients, where: dict[int, int], first: int) -> tuple[set[int], int]:
    """The cubes of the light area holding lit cube ``first`` (among those ``where`` places) and its value.
    Two cubes join when their lit faces touch (``LIT`` is ``MASK`` read back), so an area is the same
    from any of its cubes."""
    seen = {first}
    todo = [first]
    value = 0
    while todo:
        i = todo.pop()
        o = orients[i]
        value += LIGHT[o]
        p = cells[i]
        for d in LIT[o]:
            j = where.get(p + DELTA[d])
            if j is not None and j not in seen and MASK[orients[j]] >> ((d + 2) & 3) & 1:
                seen.add(j)
                todo.append(j)
    return seen, value


def area_of(cells: Cells, orients: Orients, where: dict[int, int], first: int) -> int:
    """The value of the light area holding cube ``first`` (0 for a dark top)."""
    return _flood(cells, orients, where, first)[1] if LIGHT[orients[first]] else 0


def best_area(cells: Cells, orients: Orients) -> int:
    """The value of the largest light area."""
    where = {p: i for i, p in enumerate(cells)}
    return max((area_of(cells, orients, where, i) for i in range(len(cells))), default=0)


def areas_without(cells: Cells, orients: Orients, skip: int) -> tuple[list[int], list[int]]:
    """The light areas with cube ``skip`` lifted off: each cube's area number (-1 if dark or lifted)
    and each area's value."""
    where = {p: i for i, p in enumerate(cells) if i != skip}
    area = [-1] * len(cells)
    values: list[int] = []
    for first in range(len(cells)):
        if first == skip or area[first] >= 0 or not LIGHT[orients[first]]:
            continue
        members, value = _flood(cells, orients, where, first)
        for j in members:
            area[j] = len(values)
        values.append(value)
    return area, values


def joined(
    cells: Cells, orients: Orients, where: dict[int, int], lifted: tuple[list[int], list[int]], i: int, p: int, o: int
) -> int:
    """Cube ``i`` put down on cell ``p`` in orientation ``o``: its light plus the areas (with ``i``
    lifted) that its lit edges meet lit edges of. Exact when ``i`` is the only cube that moved, and an
    upper bound of its area when another moved too (lifting a cube only splits areas)."""
    area, values = lifted
    value = LIGHT[o]
    if not value:
        return 0
    seen = 0
    for d in LIT[o]:
        j = where.get(p + DELTA[d])
        if j is not None and j != i:
            a = area[j]
            if a >= 0 and not seen >> a & 1 and MASK[orients[j]] >> ((d + 2) & 3) & 1:
                seen |= 1 << a
                value += values[a]
    return value


# --- legality ----------------------------------------------------------------------------------------


def lonely(occupied: set[int], p: int) -> bool:
    return not any(p + k in occupied for k in AROUND)


def stays_together(occupied: set[int], moved: tuple[int, ...], left: tuple[int, ...]) -> bool:
    """No cube isolated: the moved cubes (now on ``moved``) and the cubes next to the cells they left
    are the only ones whose neighbours changed."""
    for p in moved:
        if lonely(occupied, p):
            return False
    for old in left:
        for k in AROUND:
            q = old + k
            if q in occupied and lonely(occupied, q):
                return False
    return True


# --- what the side to move threatens ------------------------------------------------------------------


class Threats:
    """What the side to move can do with two actions (any cube free to act until Buh is placed), for
    every cube Buh might sit on.

    A legal turn moves one cube twice or two cubes once each, and the cubes it moves are exactly the
    cubes whose cell or orientation changed; so Buh on cube ``j`` allows a turn exactly when the turn
    leaves ``j`` unmoved. ``win`` is ``NO_WIN`` if no turn makes an area of 7, else the mask of cubes
    that every winning turn moves (Buh on any of them stops every win; 0: nothing stops it). ``free``
    (worked out when first asked) is the mask of cubes that some legal turn leaves unmoved.

    A new area of 7 must hold a moved cube, so a cube's moves are priced by ``joined`` first, and a
    pair of actions is built only when the two bounds reach 7 together: most never are."""

    def __init__(self, cells: Cells, orients: Orients) -> None:
        n = len(cells)
        self.cells, self.orients, self.everyone = cells, orients, (1 << n) - 1
        self.where = {p: i for i, p in enumerate(cells)}
        self.occupied = set(cells)
        self.lifted = [areas_without(cells, orients, i) for i in range(n)]
        # One action of each cube: (bound, light change, cube, cell, orientation, the cube in the way).
        self.options = []
        for i in range(n):
            old, o0 = cells[i], orients[i]
            for d in range(4):
                p = old + DELTA[d]
                blocker = self.where.get(p)
                for o in (o0, TILT[o0][d]):
                    bound = joined(cells, orients, self.where, self.lifted[i], i, p, o)
                    self.options.append((bound, LIGHT[o] - LIGHT[o0], i, p, o, blocker))
        self.options.sort(key=lambda t: -t[0])
        self._twice: list[set[tuple[int, int]] | None] = [None] * n
        self.light = sum(LIGHT[o] for o in orients)
        # Two actions add at most 4 lit triangles, and an area is at most all of them.
        self.win = self._win() if self.light + 4 >= WIN_AREA else NO_WIN
        self._free: int | None = None

    def wins_with_buh_on(self, cube: int) -> bool:
        return self.win != NO_WIN and not self.win >> cube & 1

    def stuck_with_buh_on(self, cube: int) -> bool:
        return not self.free >> cube & 1

    @property
    def free(self) -> int:
        if self._free is None:
            self._free = self._legal()
        return self._free

    def twice(self, i: int) -> set[tuple[int, int]]:
        """Where cube ``i`` can end after acting twice alone, with more light on top than it had."""
        found = self._twice[i]
        if found is None:
            found = self._twice[i] = self._moves_twice(i)
        return found

    def _moves_twice(self, i: int) -> set[tuple[int, int]]:
        occupied = self.occupied
        old = self.cells[i]
        found = set()
        for step, shift, o2 in BRIGHTER_TWICE[self.orients[i]]:
            p = old + step
            if p in occupied:
                continue
            q = p + shift
            if q in occupied and q != old:
                continue
            found.add((q, o2))
        return found

    def legal_twice(self, i: int, q: int) -> bool:
        occ = self.occupied - {self.cells[i]}
        occ.add(q)
        return stays_together(occ, (q,), (self.cells[i],))

    def legal_pair(self, a: int, pa: int, b: int, pb: int) -> bool:
        occ = self.occupied - {self.cells[a], self.cells[b]}
        occ.update((pa, pb))
        return stays_together(occ, (pa, pb), (self.cells[a], self.cells[b]))

    def _win(self) -> int:
        cells, orients, where = self.cells, self.orients, self.where
        win = NO_WIN
        for i in range(len(cells)):
            bit = 1 << i
            if win != NO_WIN and not win & ~bit:
                continue  # cannot narrow the mask
            if self.light - LIGHT[orients[i]] + 2 < WIN_AREA:
                continue  # not even all the light with this cube full
            area, values = self.lifted[i]
            near: dict[int, int] = {}
            for q, o2 in self.twice(i):
                bound = near.get(q)
                if bound is None:  # the areas next to q, whatever lights the cube shows there
                    met = {area[j] for d in range(4) if (j := where.get(q + DELTA[d])) is not None and j != i}
                    bound = near[q] = sum(values[a] for a in met if a >= 0)
                if LIGHT[o2] + bound < WIN_AREA:
                    continue
                if joined(cells, orients, where, self.lifted[i], i, q, o2) >= WIN_AREA and self.legal_twice(i, q):
                    win = bit if win == NO_WIN else win & bit
                    break
        options = self.options
        m = len(options)
        for x in range(m - 1):
            ba, la, a, pa, oa, ka = options[x]
            if ba + options[x + 1][0] < WIN_AREA:
                break
            for y in range(x + 1, m):
                bb, lb, b, pb, ob, kb = options[y]
                if ba + bb < WIN_AREA:
                    break
                mask = (1 << a) | (1 << b)
                if a == b or pa == pb or la + lb <= 0 or (win != NO_WIN and win & mask == win):
                    continue
                if not _order_exists(a, b, ka, kb):
                    continue
                moved_cells = list(cells)
                moved_orients = list(orients)
                moved_cells[a], moved_orients[a], moved_cells[b], moved_orients[b] = pa, oa, pb, ob
                after = {p: k for k, p in enumerate(moved_cells)}
                c, o = tuple(moved_cells), tuple(moved_orients)
                if (area_of(c, o, after, a) >= WIN_AREA or area_of(c, o, after, b) >= WIN_AREA) and self.legal_pair(
                    a, pa, b, pb
                ):
                    win = mask if win == NO_WIN else win & mask
        return win

    def _legal(self) -> int:
        everyone, free = self.everyone, 0
        for i in range(len(self.cells)):
            if everyone & ~(1 << i) & ~free and any(self.legal_twice(i, q) for q, _ in self.twice(i)):
                free |= everyone & ~(1 << i)
        # Two cubes acting once each: the light must rise, so one of the two actions lights more; and
        # a pair teaches something only if it leaves unmoved a cube not yet known to be avoidable.
        gainers = [t for t in self.options if t[1] > 0]
        for _, la, a, pa, _, ka in gainers:
            if not everyone & ~free & ~(1 << a):
                continue
            for _, lb, b, pb, _, kb in self.options:
                mask = (1 << a) | (1 << b)
                if a == b or pa == pb or la + lb <= 0 or not everyone & ~mask & ~free:
                    continue
                if _order_exists(a, b, ka, kb) and self.legal_pair(a, pa, b, pb):
                    free |= everyone & ~mask
                    if free == everyone:
                        return free
        return free


def threats(cells: Cells, orients: Orients) -> Threats:
    return Threats(cells, orients)


def _order_exists(a: int, b: int, blocker_a: int | None, blocker_b: int | None) -> bool:
    """Whether cubes ``a`` and ``b`` can make their moves in some order: a cube may move into the other's
    cell only if that one moves first, so not both ways."""
    if blocker_a is not None and blocker_a != b:
        return False
    if blocker_b is not None and blocker_b != a:
        return False
    return not (blocker_a == b and blocker_b == a)


def outcomes(cells: Cells, orients: Orients, blocked: int) -> Iterator[tuple[int, Cells, Orients]]:
    """Each distinct arrangement a legal two-action turn can leave with cube ``blocked`` under Buh
    (``-1``: none), with the mask of the cubes it moves; lazily, so a search can stop early."""
    n = len(cells)
    light0 = sum(LIGHT[o] for o in orients)
    occupied = set(cells)
    seen = set()
    movers = [i for i in range(n) if i != blocked]
    for i in movers:
        old, o0 = cells[i], orients[i]
        for d in range(4):
            p = old + DELTA[d]
            if p in occupied:
                continue
            for o in (o0, TILT[o0][d]):
                c1 = (*cells[:i], p, *cells[i + 1 :])
                r1 = (*orients[:i], o, *orients[i + 1 :])
                l1 = light0 - LIGHT[o0] + LIGHT[o]
                occ1 = occupied - {old}
                occ1.add(p)
                for j in movers:
                    q0, oj = c1[j], r1[j]
                    for d2 in range(4):
                        q = q0 + DELTA[d2]
                        if q in occ1:
                            continue
                        for o2 in (oj, TILT[oj][d2]):
                            if l1 - LIGHT[oj] + LIGHT[o2] <= light0:
                                continue
                            c2 = (*c1[:j], q, *c1[j + 1 :])
                            r2 = (*r1[:j], o2, *r1[j + 1 :])
                            if (c2, r2) in seen:
                                continue
                            seen.add((c2, r2))
                            occ2 = occ1 - {q0}
                            occ2.add(q)
                            moved = (q,) if j == i else (p, q)
                            if stays_together(occ2, moved, (old, q0)):
                                mask = 0
                                for k in (i, j):
                                    if c2[k] != cells[k] or r2[k] != orients[k]:
                                        mask |= 1 << k
                                yield mask, c2, r2


# --- reading the view and answering ------------------------------------------------------------------


class Root(NamedTuple):
    """The bot's turn: the board, how many actions are due, whether a player left without a turn
    loses (else the match is drawn), and every arrangement it can leave, with the actions reaching it
    (the rules' raw ``(cube, kind, direction)`` triples: only the chosen turn is built as a ``Turn``)."""

    board: Board
    due: int
    stuck_loses: bool
    turns: list[tuple[tuple[tuple[int, int, int], ...], Position]]


def reading(view: JSON) -> Generator[None, None, Root]:
    """The position from the view, yielding every ``PER_READ`` turns while it lists them (a few hundred
    turns take tens of milliseconds in Pyodide: over one slice of the page's ``Work``)."""
    cubes = view["cubes"]
    cells = tuple((c["cell"][0], c["cell"][1]) for c in cubes)
    orients = tuple(orientation(Face(c["top"]), Face(c["north"])) for c in cubes)
    board = Board(cells, orients, view["buh"])
    # The rules number cells in their own frame; the bot's frame differs by a row stride and a shift.
    r0, c0, stride = frame_of(cells)
    shift = (r0 - min(r for r, _ in cells) + OFFSET) * STRIDE + (c0 - min(c for _, c in cells) + OFFSET)
    turns = []
    for k, (actions, after, ors) in enumerate(outcomes_by_frame(board, view["actions_due"]), 1):
        turns.append((actions, Position(tuple(p // stride * STRIDE + p % stride + shift for p in after), tuple(ors))))
        if k % PER_READ == 0:
            yield
    return Root(board, view["actions_due"], view["options"]["no_legal_turn"] == "loses", turns)


def read_view(view: JSON) -> Root:
    """``reading`` at once (tests)."""
    return finish(reading(view))


def answer(actions: tuple[tuple[int, int, int], ...], buh: int) -> Move:
    return Turn(tuple(Action(i, KINDS[kind], DIRECTIONS[d]) for i, kind, d in actions), buh).to_json()


def other_cubes(root: Root) -> list[int]:
    return [j for j in range(len(root.board.cells)) if j != root.board.buh]


def easy(root: Root, chooser: random.Random) -> Move:
    """A random legal turn, a winning one if there is one."""
    wins = [t for t in root.turns if best_area(*t[1]) >= WIN_AREA]
    turn, _ = chooser.choice(wins or root.turns)
    return answer(turn, chooser.choice(other_cubes(root)))


def normal(root: Root, chooser: random.Random) -> Iterator[Move | None]:
    """A win if there is one; else the first turn, in a random order, with a Buh move that leaves the
    opponent no winning turn (or none at all, when that loses); else any turn."""
    wins = [t for t in root.turns if best_area(*t[1]) >= WIN_AREA]
    if wins:
        yield answer(chooser.choice(wins)[0], chooser.choice(other_cubes(root)))
        return
    order = list(root.turns)
    chooser.shuffle(order)
    for k, (turn, pos) in enumerate(order):
        seen = threats(*pos)
        safe = [j for j in other_cubes(root) if not seen.wins_with_buh_on(j)]
        if safe:
            yield answer(turn, chooser.choice(safe))
            return
        if k % PER_YIELD == 0:
            yield None
    turn, _ = chooser.choice(root.turns)
    yield answer(turn, chooser.choice(other_cubes(root)))


class Analyst:
    """Hard's memory: ``threats`` of every position analysed (a transposition table) and the budget."""

    def __init__(self) -> None:
        self.table: dict[Position, Threats] = {}
        self.count = 0

    def threats(self, pos: Position) -> Threats:
        found = self.table.get(pos)
        if found is None:
            found = self.table[pos] = threats(*pos)
            self.count += 1
        return found


def refutes(mine: Threats, buh: int) -> bool:
    """Whether the opponent's answer is safe for it after the bot put Buh on ``buh``: it may then put
    Buh on any other cube ``k``, and one that leaves the bot no win (or no turn at all) will do."""
    return any(k != buh and (not mine.wins_with_buh_on(k) or mine.stuck_with_buh_on(k)) for k in range(CUBES))


def forced(analyst: Analyst, pos: Position, buh: list[int], budget: int) -> Generator[None, None, int | None]:
    """A Buh cube among ``buh`` after which every answer of the opponent to ``pos`` leaves the bot a
    winning turn (or leaves the opponent no turn), if there is one within the budget; yields while
    working.

    Answers are tried lazily: first any answer, which usually refutes most Buh cubes at once, then
    only answers that the remaining Buh cube allows."""
    alive = set(buh)
    for mask, cells, orients in outcomes(*pos, -1):
        if analyst.count > budget:
            return None
        mine = analyst.threats(Position(cells, orients))
        yield
        gone = {j for j in alive if not mask >> j & 1 and refutes(mine, j)}
        if gone:
            alive -= gone
            break
    for j in sorted(alive):
        for _, cells, orients in outcomes(*pos, j):
            if analyst.count > budget:
                return None
            mine = analyst.threats(Position(cells, orients))
            yield
            if refutes(mine, j):
                break
        else:
            return j
    return None


def hard(root: Root, chooser: random.Random) -> Iterator[Move | None]:
    """Win now; else look for a forced win among the turns that leave no immediate win; else a safe
    turn (see the module docstring)."""
    others = other_cubes(root)
    wins = [t for t in root.turns if best_area(*t[1]) >= WIN_AREA]
    if wins:
        yield answer(chooser.choice(wins)[0], chooser.choice(others))
        return
    analyst = Analyst()
    safe: list[tuple[int, list[int]]] = []
    drawn: list[tuple[int, int]] = []
    for k, (turn, pos) in enumerate(root.turns):
        seen = analyst.threats(pos)
        open_buh = []
        for j in others:
            if seen.wins_with_buh_on(j):
                continue
            if seen.stuck_with_buh_on(j):
                if root.stuck_loses:
                    yield answer(turn, j)
                    return
                drawn.append((k, j))
            else:
                open_buh.append(j)
        if open_buh:
            safe.append((k, open_buh))
        if k % PER_YIELD == 0:
            yield None
    if not safe:
        if drawn:
            k, j = chooser.choice(drawn)
            yield answer(root.turns[k][0], j)
        else:
            yield answer(chooser.choice(root.turns)[0], chooser.choice(others))
        return
    chooser.shuffle(safe)
    budget = analyst.count + HARD_BUDGET
    # Move ordering: a forced win is likeliest where the light is already high (the opponent has the
    # fewest ways to raise it without handing over an area of 7).
    for k, open_buh in sorted(safe, key=lambda t: -sum(LIGHT[o] for o in root.turns[t[0]][1].orients)):
        winning = yield from forced(analyst, root.turns[k][1], open_buh, budget)
        if winning is not None:
            yield answer(root.turns[k][0], winning)
            return
    k, open_buh = safe[0]
    yield answer(root.turns[k][0], chooser.choice(open_buh))


def think(view: JSON, level: str, seed: int) -> Thinking:
    """The turn of the seat ``view["you"]`` at ``level`` (see the module docstring), deterministic for ``seed``."""
    level = parse_level(level)
    if view.get("to_move") is None or view.get("to_move") != view.get("you"):
        raise IllegalMove("bot-not-its-turn")
    root = yield from reading(view)
    chooser = rng(seed, "lightseeker-bot", level)
    if level == "easy":
        return easy(root, chooser)
    move = None
    for step in hard(root, chooser) if level == "hard" else normal(root, chooser):
        if step is None:
            yield
        else:
            move = step
    assert move is not None  # each level's search yields its choice last
    return move


class LightSeekerBot:
    """The ``Bot`` of Light Seeker (``BOT``, registered in ``gamenight.games.BOTS``)."""

    def think(self, view: JSON, level: str, seed: int) -> Thinking:
        return think(view, level, seed)


BOT = LightSeekerBot()
