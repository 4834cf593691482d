"""Raythread Rally's computer opponent at three levels (docs/rules/raythread.md, "Computer opponents").

The bot reads only its seat's view. Everything on the table is public there: the board, every tile,
every hand and score; of the deck the view gives only its size, and the option totals say which tiles
are still unseen (those not on the board and in no hand are exactly the deck). The bot never guesses
the order: where its next draw matters it averages over the two kinds, weighted by how many of each
are unseen.

- **Easy** plays the move that scores it the most, if any does, else a random legal move.
- **Normal** weighs each move's gain against what it hands the others: points their beams score from
  it at once, and each opponent's best reply on the new board.
- **Hard**, with two players, searches Normal's candidates three layers deep (its move, the
  opponent's answer, its next move) with alpha-beta pruning and a budget of beam walks. A leaf counts
  the side to move's best gain as 0.8 of itself, or as the win or loss it is when it reaches the
  target, and with the opponent to move also 0.4 of the bot's own best gain (a threat the opponent
  must answer). With three or four players it plays Normal's best moves through a whole round (every
  opponent answers with its best-scoring reply in turn order), values the position after it by a
  learned chance of winning (a softmax over the seats of a few features, fitted offline on matches
  between the bots) and adds twice Normal's price. It
  values what a rotation kept in reserve is worth; its own next draw is averaged over the unseen kinds.

The hot loop is ``walk``: the engine's beam physics (``beams.trace``), also listing the cells a beam
crosses, since a tile changes only the beams that cross its cell.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from gamenight.core.bot import Thinking, parse_level
from gamenight.core.errors import IllegalMove
from gamenight.core.game import JSON, Move
from gamenight.core.grid import DIRECTIONS, Direction
from gamenight.core.rng import rng
from gamenight.raythread import rules
from gamenight.raythread.beams import (
    BACKSLASH_MIRROR,
    BACKSLASH_PRISM,
    BEACON,
    EMITTER,
    EMPTY,
    SLASH_MIRROR,
    SLASH_PRISM,
    step_table,
    tile_code,
)

MIRROR_CODES = (SLASH_MIRROR, BACKSLASH_MIRROR)
PRISM_CODES = (SLASH_PRISM, BACKSLASH_PRISM)
FLIPPED = {SLASH_MIRROR: BACKSLASH_MIRROR, BACKSLASH_MIRROR: SLASH_MIRROR, SLASH_PRISM: BACKSLASH_PRISM}
FLIPPED[BACKSLASH_PRISM] = SLASH_PRISM
KIND_OF = {SLASH_MIRROR: 0, BACKSLASH_MIRROR: 0, SLASH_PRISM: 1, BACKSLASH_PRISM: 1}  # index into (mirror, prism)
WIRE = {tile_code(kind, orient): (kind, orient) for kind in ("mirror", "prism") for orient in ("/", "\\")}

# Hard's search: layers deep, moves per seat and node, its budget in beam walks (counts, never the
# clock, so a seed always gives one move), what a kept rotation is worth in points while beacons are
# left, and how much of the side to move's best gain a leaf counts as already taken.
HARD_DEPTH = 3
MY_WIDTH = 6
THEIR_WIDTH = 4
# (9 000 walks since the leaves are priced from their parent's replies: on the bench's positions the
# same moves as 20 000 walks before it, in two thirds of the time.)
HARD_BUDGET = 9_000
THREATS = 1  # the other side's best threats a layer tries to block
BLOCK_REACH = 2  # cells of a threat's new beam (after its own cell) where a block is tried
ROTATION_RESERVE = 0.6
LEAF_GAIN = 0.8
# With an opponent to move, a leaf also counts this share of the bot's own best gain: a threat the
# opponent has to spend its move on (with the leaves' win check: Hard in the second seat against
# Normal won 50% of 200 deals instead of 44%; docs/performance.md).
MY_THREAT = 0.4
WIN_VALUE = 100.0
# Normal: how much each opponent's best reply counts, in turn order after the bot (a later one may
# find its reply taken or blocked before its turn).
REPLY_WEIGHTS = (1.0, 0.0, 0.0)
FOLLOW_UP = 0.3
ANSWERING = 3
# Hard with three or four players: how many of Normal's best candidates it plays through a whole
# round, how much the learned chance of winning after the round counts, and how much of Normal's
# price is added to it.
ROUND_WIDTH = 12
ROUND_WIN = 30.0
ROUND_NORMAL = 2.0
# The learned evaluation (``win_chances``): a softmax over the seats of WIN_WEIGHTS · seat_features.
# Fitted by bench/fit_raythread_eval.py on 54 034 positions of 1 200 four-player matches (seeds
# 5 000 000–5 000 399: Hard and Normal alternating both ways round, and four Normals; none of the
# bench's deals), each seat labelled with its final win share; Hard was then the one before this
# evaluation (commit 5c6dba8), so a refit with today's Hard plays other matches and gives slightly
# other weights. Refit: `python bench/fit_raythread_eval.py --seeds 400` (needs numpy; prints the
# line). Three-player Hard uses the same weights (not measured: the bench plays two and four).
WIN_FEATURES = (
    "lead",
    "score",
    "next",
    "second",
    "last",
    "locked",
    "cells",
    "gain",
    "gain now",
    "second gain",
    "reach",
    "hand",
)
WIN_WEIGHTS = (0.1715, 1.2555, 0.047, -0.0789, -0.2578, -0.1727, 0.032, -0.1035, 0.6427, -0.0104, 0.3458, 0.0826)
FOLLOW_UP_WIDTH = 12
# Yield to the page after about this many beam walks (each a few microseconds of CPython).
WALKS_PER_YIELD = 40


# The directions a beam leaves a tile in, by the tile's code and the direction it arrived in.
OUTS: dict[int, tuple[tuple[int, ...], ...]] = {
    SLASH_MIRROR: tuple((d ^ 1,) for d in range(4)),
    BACKSLASH_MIRROR: tuple((3 - d,) for d in range(4)),
    SLASH_PRISM: tuple((d, d ^ 1) for d in range(4)),
    BACKSLASH_PRISM: tuple((d, 3 - d) for d in range(4)),
}


class Beam(NamedTuple):
    """What a walk found: the beacon cells reached, and ``seen[cell * 4 + direction]`` for every
    state the beam passed (so which cells it crosses, and in which directions it arrives there)."""

    hits: set[int]
    seen: bytearray


def walk(grid: bytes | bytearray, size: int, starts: list[tuple[int, int]]) -> Beam:
    """A beam leaving each ``(cell, direction)`` of ``starts``: ``beams.trace``'s physics (mirrors
    turn, prisms fork, beacons and emitters absorb, each state traced once), kept separate so the
    engine's own loop records nothing extra, and so a walk may start from a tile (a continuation)."""
    steps = step_table(size)
    seen = bytearray(4 * size * size)
    hits: set[int] = set()
    pending = list(starts)
    while pending:
        i, d = pending.pop()
        i = steps[i * 4 + d]
        while i >= 0:
            state = i * 4 + d
            if seen[state]:
                break
            seen[state] = 1
            code = grid[i]
            if code == EMPTY:
                i = steps[state]
                continue
            if code == SLASH_MIRROR:
                pending.append((i, d ^ 1))
            elif code == BACKSLASH_MIRROR:
                pending.append((i, 3 - d))
            elif code == SLASH_PRISM:
                pending.append((i, d ^ 1))
                pending.append((i, d))
            elif code == BACKSLASH_PRISM:
                pending.append((i, 3 - d))
                pending.append((i, d))
            elif code == BEACON:
                hits.add(i)
            break
    return Beam(hits, seen)


def crossed(seen: bytearray) -> list[int]:
    """The cells a beam crosses (any of their four states seen), in index order."""
    return [i for i, states in enumerate(memoryview(seen).cast("I")) if states]


def crosses(seen: bytearray, cell: int) -> bool:
    return any(seen[cell * 4 : cell * 4 + 4])


# --- what the bot knows ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The fixed facts of the match: board side, each seat's emitter, the beacons' values, the target."""

    size: int
    seats: tuple[str, ...]
    origins: tuple[tuple[int, int], ...]  # per seat: emitter cell index, facing index
    values: dict[int, int]  # beacon cell index → printed value
    target: int


@dataclass(frozen=True)
class Pos:
    """A position as the bot imagines it. ``beams[s]`` is seat ``s``'s beam;
    ``tiles`` maps a tile's cell index to (owner seat index, rotated); ``unseen`` counts the mirrors
    and prisms not yet seen (the deck, whatever its order)."""

    grid: bytes
    unclaimed: frozenset[int]
    scores: tuple[int, ...]
    joint: tuple[int, ...]
    hands: tuple[tuple[int, int], ...]
    tiles: dict[int, tuple[int, bool]]
    unseen: tuple[int, int]
    turn: int
    beams: tuple[Beam, ...]
    ended: bool = False

    @property
    def deck(self) -> int:
        return self.unseen[0] + self.unseen[1]


class Play(NamedTuple):
    """A move in the bot's terms: put ``code`` on cell index ``cell`` (a new tile, or a rotation)."""

    cell: int
    code: int
    rotate: bool


def read_view(view: JSON) -> tuple[Table, Pos, int]:
    """The table, the position and the bot's seat index, from a Raythread view (trusted: the host made it)."""
    size = view["size"]
    seats = tuple(view["seats"])
    facing = {e["seat"]: e for e in view["emitters"]}
    origins = tuple(
        (facing[s]["cell"][0] * size + facing[s]["cell"][1], DIRECTIONS.index(Direction(facing[s]["facing"])))
        for s in seats
    )
    grid = bytearray(size * size)
    for origin, _ in origins:
        grid[origin] = EMITTER
    values = {}
    unclaimed = set()
    for b in view["beacons"]:
        i = b["cell"][0] * size + b["cell"][1]
        grid[i] = BEACON
        values[i] = b["value"]
        if not b["claimers"]:
            unclaimed.add(i)
    tiles = {}
    for t in view["tiles"]:
        i = t["cell"][0] * size + t["cell"][1]
        grid[i] = tile_code(t["kind"], t["orient"])
        tiles[i] = (seats.index(t["owner"]), t["rotated"])
    hands = tuple((view["hands"][s]["mirror"], view["hands"][s]["prism"]) for s in seats)
    left = rules.unseen(view)
    unseen_mirrors, unseen_prisms = left["mirror"], left["prism"]
    if unseen_mirrors < 0 or unseen_prisms < 0 or unseen_mirrors + unseen_prisms != view["deck"]:
        raise ValueError("the view's tiles do not add up to its options")
    table = Table(size, seats, origins, values, view["target"])
    frozen = bytes(grid)
    pos = Pos(
        grid=frozen,
        unclaimed=frozenset(unclaimed),
        scores=tuple(view["scores"][s] for s in seats),
        joint=tuple(view["joint"][s] for s in seats),
        hands=hands,
        tiles=tiles,
        unseen=(unseen_mirrors, unseen_prisms),
        turn=seats.index(view["turn"]) if view["turn"] in seats else 0,
        beams=tuple(walk(frozen, size, [origin]) for origin in origins),
        ended=bool(view["ended"]),
    )
    return table, pos, seats.index(view["you"])


def to_wire(table: Table, play: Play) -> Move:
    cell = list(divmod(play.cell, table.size))
    if play.rotate:
        return {"type": "rotate", "cell": cell}
    kind, orient = WIRE[play.code]
    return {"type": "place", "tile": kind, "cell": cell, "orient": orient}


# --- moves and their effects -------------------------------------------------------------------------


def codes_in_hand(hand: tuple[int, int]) -> tuple[int, ...]:
    return (MIRROR_CODES if hand[0] else ()) + (PRISM_CODES if hand[1] else ())


def gain_of(table: Table, hits: set[int], unclaimed: frozenset[int]) -> int:
    return sum(table.values[b] for b in hits if b in unclaimed)


def apply(table: Table, pos: Pos, seat: int, play: Play, draw: int | None = None) -> tuple[Pos, tuple[int, ...]]:
    """The position after ``seat`` plays ``play`` and (after a placement) draws the tile kind ``draw``
    (0 mirror, 1 prism; ``None`` draws nothing, e.g. past the horizon), with each seat's gain.

    Only beams that cross the changed cell are traced again: a beacon newly reached is claimed by every
    colour reaching it (a colour whose beam did not change reaches no unclaimed beacon)."""
    size = table.size
    grid = pos.grid[: play.cell] + bytes((play.code,)) + pos.grid[play.cell + 1 :]
    beams = list(pos.beams)
    claimers: dict[int, list[int]] = {}
    for s, beam in enumerate(pos.beams):
        if crosses(beam.seen, play.cell):
            beams[s] = walk(grid, size, [table.origins[s]])
            for b in beams[s].hits:
                if b in pos.unclaimed:
                    claimers.setdefault(b, []).append(s)
    scores, joint = list(pos.scores), list(pos.joint)
    gains = [0] * len(scores)
    for b, by in claimers.items():
        for s in by:
            gains[s] += table.values[b]
            scores[s] += table.values[b]
            if len(by) > 1:
                joint[s] += 1
    hands, tiles, unseen = pos.hands, pos.tiles, pos.unseen
    if play.rotate:
        tiles = {**tiles, play.cell: (seat, True)}
    else:
        hand = list(hands[seat])
        hand[KIND_OF[play.code]] -= 1
        if draw is not None and pos.deck:
            hand[draw] += 1
            unseen = (unseen[0] - (draw == 0), unseen[1] - (draw == 1))
        hands = (*hands[:seat], (hand[0], hand[1]), *hands[seat + 1 :])
        tiles = {**tiles, play.cell: (seat, False)}
    after = Pos(
        grid=grid,
        unclaimed=pos.unclaimed - claimers.keys(),
        scores=tuple(scores),
        joint=tuple(joint),
        hands=hands,
        tiles=tiles,
        unseen=unseen,
        turn=(seat + 1) % len(scores),
        beams=tuple(beams),
    )
    if max(scores) >= table.target or (not after.deck and not any(h[0] or h[1] for h in hands)):
        after = replace(after, ended=True)
    return after, tuple(gains)


def legal_plays(table: Table, pos: Pos, seat: int) -> list[Play]:
    """Every legal move of ``seat`` (placements on every empty cell, then rotations), as the rules list them."""
    codes = codes_in_hand(pos.hands[seat])
    plays = [Play(i, code, False) for i, c in enumerate(pos.grid) if c == EMPTY for code in codes]
    plays += [Play(i, FLIPPED[pos.grid[i]], True) for i, (owner, turned) in pos.tiles.items() if owner == seat]
    return [p for p in plays if not (p.rotate and pos.tiles[p.cell][1])]


class Reply(NamedTuple):
    """One move of a seat that changes its own beam: its gain, and the beam's new part (the walk from
    the changed cell on, started from ``starts``)."""

    gain: int
    play: Play
    starts: list[tuple[int, int]]
    route: Beam


def replies(table: Table, pos: Pos, seat: int, counter: list[int]) -> list[Reply]:
    """The moves of ``seat`` that change its own beam (tiles on cells it crosses, rotations of its own
    tiles there), best gain first. Every other move leaves its beam, so scores it nothing.

    Only the beam's new part is walked: from the changed cell, in the directions the tile sends the
    beam that arrives there. The part before it is unchanged and reaches only claimed beacons
    (everything lit is claimed at once), so the new part's unclaimed beacons are exactly the move's
    gain. (Where the beam crosses itself on the cell, its later arrival may depend on the cell, so the
    whole beam is walked.)"""
    size = table.size
    grid = bytearray(pos.grid)
    found = []
    codes = codes_in_hand(pos.hands[seat])
    seen = pos.beams[seat].seen
    for cell in crossed(seen):
        here = grid[cell]
        if here == EMPTY:
            options = [(code, False) for code in codes]
        elif here in FLIPPED and pos.tiles[cell] == (seat, False):
            options = [(FLIPPED[here], True)]
        else:
            continue
        arrivals = [d for d in range(4) if seen[cell * 4 + d]]
        for code, rotate in options:
            grid[cell] = code
            # A beam crossing itself here may arrive the second time only through this cell: walk it all.
            starts = [(cell, out) for out in OUTS[code][arrivals[0]]] if len(arrivals) == 1 else [table.origins[seat]]
            route = walk(grid, size, starts)
            counter[0] += 1
            found.append(Reply(gain_of(table, route.hits, pos.unclaimed), Play(cell, code, rotate), starts, route))
        grid[cell] = here
    found.sort(key=lambda r: -r.gain)
    return found


def best_gain(table: Table, pos: Pos, seat: int, counter: list[int]) -> int:
    """``seat``'s best own gain from one move: ``replies``' first gain, without listing the moves."""
    size, values, unclaimed = table.size, table.values, pos.unclaimed
    grid = bytearray(pos.grid)
    codes = codes_in_hand(pos.hands[seat])
    seen = pos.beams[seat].seen
    best = 0
    walks = 0
    for cell in crossed(seen):
        here = grid[cell]
        if here == EMPTY:
            options = codes
        elif here in FLIPPED and pos.tiles[cell] == (seat, False):
            options = (FLIPPED[here],)
        else:
            continue
        arrivals = [d for d in range(4) if seen[cell * 4 + d]]
        for code in options:
            grid[cell] = code
            starts = [(cell, out) for out in OUTS[code][arrivals[0]]] if len(arrivals) == 1 else [table.origins[seat]]
            hits = walk(grid, size, starts).hits
            walks += 1
            gain = sum(values[b] for b in hits if b in unclaimed)
            if gain > best:
                best = gain
        grid[cell] = here
    counter[0] += walks
    return best


class Answers:
    """A seat's replies on one position, to price its best reply after another seat's move cheaply:
    a move off the seat's beam changes a reply only if its cell lies on the reply's new part."""

    def __init__(self, table: Table, pos: Pos, seat: int, counter: list[int], indexed: bool = True) -> None:
        self.table, self.pos, self.seat, self.counter = table, pos, seat, counter
        self.list = replies(table, pos, seat, counter)
        # Which replies cross each cell: worth building for many questions (Normal prices every
        # candidate), not for a few (a layer of Hard's search asks once per child).
        self.crossing: dict[int, list[Reply]] | None = None
        if indexed:
            self.crossing = {}
            for r in self.list:
                for cell in crossed(r.route.seen):
                    self.crossing.setdefault(cell, []).append(r)

    def best_after(self, play: Play, after: Pos) -> int:
        """The seat's best own gain on ``after``, the position after someone else's ``play``."""
        table, seat = self.table, self.seat
        if crosses(self.pos.beams[seat].seen, play.cell):
            return best_gain(table, after, seat, self.counter)
        best = 0
        redone: Sequence[Reply]
        if self.crossing is None:
            redone = [r for r in self.list if crosses(r.route.seen, play.cell)]
        else:
            redone = self.crossing.get(play.cell, ())
        if redone:
            grid = bytearray(after.grid)
            for r in redone:
                grid[r.play.cell] = r.play.code
                route = walk(grid, table.size, r.starts)
                self.counter[0] += 1
                grid[r.play.cell] = after.grid[r.play.cell]
                best = max(best, gain_of(table, route.hits, after.unclaimed))
        for r in self.list:
            if r.gain <= best:
                break
            if r.play.cell != play.cell and not crosses(r.route.seen, play.cell):
                best = max(best, gain_of(table, r.route.hits, after.unclaimed))
        return best


# --- the levels ----------------------------------------------------------------------------------------


def easy(table: Table, pos: Pos, me: int, chooser: random.Random) -> Play:
    """The move scoring the bot the most, if any scores; else any legal move."""
    counter = [0]
    scoring = [r for r in replies(table, pos, me, counter) if r.gain > 0]
    if scoring:
        top = scoring[0].gain
        return chooser.choice([r.play for r in scoring if r.gain == top])
    return chooser.choice(legal_plays(table, pos, me))


class Candidate(NamedTuple):
    score: float
    tie: float
    play: Play


def candidates(table: Table, pos: Pos, me: int, answers: list[Answers], chooser: random.Random) -> list[Play]:
    """The moves worth pricing: tiles on any beam, tiles on the routes the others' scoring replies
    would take (to block them), the bot's rotations, one tile far from everything and one rotation
    that changes nothing (both "pass" in effect)."""
    grid = pos.grid
    on_beams = set().union(*(crossed(beam.seen) for beam in pos.beams))
    routes = set()
    for a in answers:
        for r in a.list:
            if r.gain <= 0:
                break
            routes.update(crossed(r.route.seen))
    codes = codes_in_hand(pos.hands[me])
    plays = [Play(i, code, False) for i in sorted(on_beams | routes) if grid[i] == EMPTY for code in codes]
    quiet = [i for i, c in enumerate(grid) if c == EMPTY and i not in on_beams and i not in routes]
    if quiet and codes:
        plays.append(Play(chooser.choice(quiet), chooser.choice(codes), False))
    idle = False
    for cell, (owner, turned) in sorted(pos.tiles.items()):
        if owner != me or turned:
            continue
        if cell in on_beams:
            plays.append(Play(cell, FLIPPED[grid[cell]], True))
        elif not idle:
            plays.append(Play(cell, FLIPPED[grid[cell]], True))
            idle = True
    return plays


def normal_scores(
    table: Table, pos: Pos, me: int, chooser: random.Random, counter: list[int], follow_up: float | None = None
) -> Iterator[list[Candidate] | None]:
    """Normal's price of each candidate move: its gain, minus what it hands the others at once and
    each opponent's best reply on the new board. Yields while working; the last value is the list."""
    follow_up = FOLLOW_UP if follow_up is None else follow_up
    n = len(table.seats)
    answers = []
    for k in range(1, n):
        answers.append(Answers(table, pos, (me + k) % n, counter))
        yield None
    scored = []
    last = counter[0]
    for play in candidates(table, pos, me, answers, chooser):
        after, gains = apply(table, pos, me, play)
        score: float = gains[me] - sum(g for s, g in enumerate(gains) if s != me)
        if after.scores[me] >= table.target and after.scores[me] > max(
            sc for s, sc in enumerate(after.scores) if s != me
        ):
            score += WIN_VALUE
        else:
            score -= sum(w * a.best_after(play, after) for w, a in zip(REPLY_WEIGHTS, answers, strict=False) if w)
        scored.append(Candidate(score, chooser.random(), play))
        if counter[0] - last > WALKS_PER_YIELD:
            last = counter[0]
            yield None
    scored.sort(key=lambda c: (-c.score, c.tie))
    if follow_up:
        top = scored[:FOLLOW_UP_WIDTH]
        for k, cand in enumerate(top):
            after, _ = apply(table, pos, me, cand.play, likely_draw(pos))
            top[k] = cand._replace(score=cand.score + follow_up * best_gain(table, after, me, counter))
            yield None
        scored = sorted(top, key=lambda c: (-c.score, c.tie)) + scored[FOLLOW_UP_WIDTH:]
    yield scored


def standing(table: Table, pos: Pos, me: int) -> float:
    """How good ``pos`` is for ``me``: its lead over the best opponent, or, once the match has ended,
    the win or loss itself (ties on points are ranked by joint claims, as the rules do)."""
    mine = pos.scores[me]
    lead = mine - max(sc for s, sc in enumerate(pos.scores) if s != me)
    if not pos.ended:
        return lead
    key = rank_key(pos, me)
    best = max(rank_key(pos, s) for s in range(len(pos.scores)) if s != me)
    return lead + (WIN_VALUE if key > best else -WIN_VALUE if key < best else 0.0)


def rank_key(pos: Pos, seat: int) -> tuple[int, int]:
    """What ranks ``seat`` at the end, as the rules rank it: its score, then its joint claims."""
    return pos.scores[seat], pos.joint[seat]


def likely_draw(pos: Pos) -> int | None:
    """The kind a placement most likely draws (inside the search, where one draw stands for all)."""
    m, p = pos.unseen
    return None if not m + p else 0 if m >= p else 1


def can_move(pos: Pos, seat: int) -> bool:
    hand = pos.hands[seat]
    if (hand[0] or hand[1]) and EMPTY in pos.grid:
        return True
    return any(owner == seat and not turned for owner, turned in pos.tiles.values())


class Search:
    """Hard's search: a best-reply search (the opponents' turns are one layer in which any one of them
    answers, with the reply that hurts the bot most) over each seat's moves that change its own beam,
    with alpha-beta pruning and a budget of beam walks, so a position always gives the same move."""

    def __init__(self, table: Table, me: int, counter: list[int]) -> None:
        self.table, self.me, self.counter = table, me, counter
        self.next_yield = counter[0] + WALKS_PER_YIELD

    def due(self) -> bool:
        """Whether the search has worked long enough since it last let the page run."""
        if self.counter[0] < self.next_yield:
            return False
        self.next_yield = self.counter[0] + WALKS_PER_YIELD
        return True

    def leaf(self, pos: Pos, mine: bool) -> float:
        """``price`` of ``pos`` with every best gain looked up afresh."""
        return self.price(pos, mine, lambda s: best_gain(self.table, pos, s, self.counter))

    def leaf_after(self, child: Pos, play: Play, mine: bool, answers: dict[int, Answers]) -> float:
        """``leaf(child, mine)`` for a child of the position ``answers`` were read on, reached by
        ``play`` of a seat other than those answering: each best gain is the parent's replies updated
        where ``play`` crosses them (``Answers.best_after``, exact), not a fresh look at every reply."""
        table = self.table

        def gain(s: int) -> int:
            if s in answers:
                return answers[s].best_after(play, child)
            return best_gain(table, child, s, self.counter)

        return self.price(child, mine, gain)

    def price(self, pos: Pos, mine: bool, gain: Callable[[int], int]) -> float:
        """A leaf's value for the bot, given each seat's best gain (``gain(seat)``): the standing, plus
        what the side to move will surely take next (its best gain, counted at ``LEAF_GAIN``; a gain
        that reaches the target is the win or loss it is), and, with an opponent to move, the bot's
        own threat at ``MY_THREAT``."""
        table, me = self.table, self.me
        value = standing(table, pos, me)
        if pos.ended:
            return value
        if mine:
            g = gain(me)
            if pos.scores[me] + g >= table.target:
                return value + WIN_VALUE
            return value + LEAF_GAIN * g
        threat = -math.inf
        for s in range(len(pos.scores)):
            if s != me:
                g = gain(s)
                if pos.scores[s] + g >= table.target:
                    return value - WIN_VALUE
                threat = max(threat, pos.scores[s] + LEAF_GAIN * g)
        return pos.scores[me] - threat + MY_THREAT * gain(me)

    def answers(self, pos: Pos, mine: bool) -> dict[int, Answers]:
        """The replies of the seats whose best gain the leaves under ``pos`` need: the opponents after
        the bot's move, the bot after theirs."""
        seats = [s for s in range(len(pos.scores)) if s != self.me] if mine else [self.me]
        return {s: Answers(self.table, pos, s, self.counter, indexed=False) for s in seats}

    def children(self, pos: Pos, mine: bool, answers: dict[int, Answers] | None = None) -> list[tuple[Pos, Play]]:
        """The positions after the side to move's most promising moves (with the move): its best
        moves for its own beam, and tiles across the route of the other side's best threats (a
        block); the bot's best for it first, the opponents' worst for it first. In the opponents'
        layer any opponent may answer with its own moves; the next one in turn order also tries to
        block the bot."""
        table, me = self.table, self.me
        n = len(pos.scores)
        found = []
        if mine:
            movers = [(me, MY_WIDTH, [s for s in range(n) if s != me])]
        else:
            after_me = [(me + k) % n for k in range(1, n)][:ANSWERING]
            movers = [(s, THEIR_WIDTH, [me] if s == after_me[0] else []) for s in after_me]
        for seat, width, blocked in movers:
            if not can_move(pos, seat):
                continue
            draw = likely_draw(pos) if mine else None
            for r in replies(table, pos, seat, self.counter)[:width]:
                found.append((apply(table, pos, seat, r.play, draw)[0], r.play))
            codes = codes_in_hand(pos.hands[seat])
            cells = set()
            for other in blocked:
                threats = answers[other].list if answers else replies(table, pos, other, self.counter)
                cells.update(self.threat_cells(pos, other, threats))
            for cell in sorted(cells):
                for code in codes:
                    play = Play(cell, code, False)
                    found.append((apply(table, pos, seat, play, draw)[0], play))
        found.sort(key=lambda found: standing(table, found[0], me), reverse=mine)
        return found

    def threat_cells(self, pos: Pos, seat: int, threats: list[Reply]) -> list[int]:
        """Empty cells where a tile hurts ``seat`` most: the first cells in front of its emitter (a
        tile there turns its whole beam, and nothing can be put before it), and the cell of its best
        scoring reply (``threats``: its replies, best first) and the first cells of the new beam
        leaving it."""
        table, size, grid = self.table, self.table.size, pos.grid
        steps = step_table(size)
        cells: list[int] = []

        def ahead(start: int, d: int) -> None:
            """The first empty cells a beam leaving ``start`` heading ``d`` crosses, up to a tile."""
            i = steps[start * 4 + d]
            for _ in range(BLOCK_REACH):
                if i < 0 or grid[i] != EMPTY:
                    break
                cells.append(i)
                i = steps[i * 4 + d]

        ahead(*table.origins[seat])
        for r in threats[:THREATS]:
            if r.gain <= 0:
                break
            cells.append(r.play.cell)
            for start, d in r.starts:
                ahead(start, d)
        return [c for c in cells if grid[c] == EMPTY]

    def value(self, pos: Pos, depth: int, alpha: float, beta: float, mine: bool) -> Generator[None, None, float]:
        """Minimax value of ``pos`` for the bot, ``depth`` layers deep; yields ``None`` while working
        and returns the value. One layer above the leaves, the leaves are priced from this position's
        replies (``leaf_after``)."""
        if pos.ended or depth == 0:
            return self.leaf(pos, mine)
        answers = self.answers(pos, mine) if depth == 1 else None
        children = self.children(pos, mine, answers)
        if not children:
            return self.leaf(pos, mine)
        best = -math.inf if mine else math.inf
        for child, play in children:
            if answers is not None:
                v = self.leaf_after(child, play, not mine, answers)
            else:
                v = yield from self.value(child, depth - 1, alpha, beta, not mine)
            if self.due():
                yield None
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def hard(table: Table, pos: Pos, me: int, chooser: random.Random) -> Iterator[Play | None]:
    """Normal's prices order the candidates; each is then searched three layers deep (the bot's move,
    the opponents' best answer, the bot's next move, and what the opponents take after it) until the
    budget of beam walks is spent. A draw that could change what the bot holds is averaged over the
    unseen kinds."""
    counter = [0]
    scored: list[Candidate] = []
    for step in normal_scores(table, pos, me, chooser, counter):
        if step is None:
            yield None
        else:
            scored = step
    if len(table.seats) > 2:  # a deep search over three rivals' replies costs too much per move
        yield from round_choice(table, pos, me, scored, counter)
        return
    search = Search(table, me, counter)
    budget = counter[0] + HARD_BUDGET
    best, best_value = scored[0].play, -math.inf
    for cand in scored:
        if counter[0] > budget:
            break
        total = 0.0
        for draw, weight in draws(pos, me, cand.play):
            after, _ = apply(table, pos, me, cand.play, draw)
            low = best_value if weight == 1.0 else -math.inf
            v = yield from search.value(after, HARD_DEPTH - 1, low, math.inf, False)
            total += weight * v
        if cand.play.rotate and len(pos.unclaimed) > 1:
            total -= ROTATION_RESERVE
        if total > best_value:
            best, best_value = cand.play, total
        yield None
    yield best


def seat_features(table: Table, pos: Pos, seat: int, counter: list[int]) -> tuple[float, ...]:
    """What ``win_chances`` weighs for ``seat`` (``WIN_FEATURES``): its lead over the best other seat,
    its score, how many turns until it moves (one-hot: next, second, last; 0 = to move), whether it
    is locked (no move changes its beam), how many cells of its beam it can change (at most 10), its
    best gain, that gain again if it is the one to move, its best gain on another cell than the best
    one's, the unclaimed points its scoring moves reach between them, and the tiles in its hand."""
    n = len(pos.scores)
    found = replies(table, pos, seat, counter)
    best = found[0].gain if found else 0
    best_cell = found[0].play.cell if best > 0 else -1
    second = max((r.gain for r in found if r.play.cell != best_cell), default=0)
    reach: set[int] = set()
    for r in found:
        if r.gain <= 0:
            break
        reach.update(b for b in r.route.hits if b in pos.unclaimed)
    wait = (seat - pos.turn) % n
    mine = pos.scores[seat]
    return (
        mine - max(sc for s, sc in enumerate(pos.scores) if s != seat),
        mine,
        float(wait == 1),
        float(wait == 2),
        float(wait == 3),
        float(not found),
        min(len({r.play.cell for r in found}), 10),
        best,
        best if wait == 0 else 0,
        second,
        sum(table.values[b] for b in reach),
        pos.hands[seat][0] + pos.hands[seat][1],
    )


def exact_exp(z: float) -> float:
    """e ** ``z`` for ``z`` ≤ 0 from additions, multiplications and divisions only, which IEEE 754
    rounds the same everywhere: ``math.exp`` comes from the platform's C library, and Pyodide's
    (musl, WebAssembly) may differ from CPython's in the last bit, enough to flip a near tie between
    two moves (the speed bench caught Chromium choosing other moves than CPython). A Taylor series of
    e ** (z / 256), squared eight times; |z| stays far below 100 here (logits differ by a few points'
    worth), where the result is within about 1e-13 of e ** z."""
    y = z / 256.0
    term = total = 1.0
    for k in range(1, 14):
        term *= y / k
        total += term
    for _ in range(8):
        total *= total
    return total


def win_chances(table: Table, pos: Pos, counter: list[int]) -> list[float]:
    """Each seat's learned chance of winning from ``pos`` (a match still running; ``WIN_WEIGHTS``)."""
    logits = [
        sum(w * f for w, f in zip(WIN_WEIGHTS, seat_features(table, pos, s, counter), strict=True))
        for s in range(len(pos.scores))
    ]
    top = max(logits)
    odds = [exact_exp(z - top) for z in logits]
    total = sum(odds)
    return [o / total for o in odds]


def win_share(pos: Pos, me: int) -> float:
    """``me``'s share of an ended match's win: 1, or 1/k of a first place shared by k, else 0."""
    keys = [rank_key(pos, s) for s in range(len(pos.scores))]
    top = max(keys)
    return 0.0 if keys[me] < top else 1.0 / keys.count(top)


def round_choice(table: Table, pos: Pos, me: int, scored: list[Candidate], counter: list[int]) -> Iterator[Play | None]:
    """With three or four players: Normal's best candidates played through a whole round, every
    opponent answering with its best-scoring reply in turn order; ``ROUND_WIN`` times the bot's
    learned chance of winning after the round (``win_chances``; its share if the match ended),
    averaged over its possible draws, plus ``ROUND_NORMAL`` times Normal's price."""
    n = len(table.seats)
    best, best_value = scored[0].play, -math.inf
    for cand in scored[:ROUND_WIDTH]:
        total = 0.0
        for draw, weight in draws(pos, me, cand.play):
            cur, _ = apply(table, pos, me, cand.play, draw)
            for k in range(1, n):
                seat = (me + k) % n
                if cur.ended or not can_move(cur, seat):
                    continue
                answer = replies(table, cur, seat, counter)
                if answer and answer[0].gain > 0:
                    cur, _ = apply(table, cur, seat, answer[0].play)
                yield None
            chance = win_share(cur, me) if cur.ended else win_chances(table, cur, counter)[me]
            total += weight * ROUND_WIN * chance
            yield None
        if cand.play.rotate and len(pos.unclaimed) > 1:
            total -= ROTATION_RESERVE
        total += ROUND_NORMAL * cand.score
        if total > best_value:
            best, best_value = cand.play, total
    yield best


def draws(pos: Pos, me: int, play: Play) -> list[tuple[int | None, float]]:
    """The kinds the bot may draw after ``play`` with their odds over the unseen tiles: both, if the
    draw could give it a kind it would otherwise lack; else the likelier one stands for both."""
    if play.rotate or not pos.deck:
        return [(None, 1.0)]
    hand = list(pos.hands[me])
    hand[KIND_OF[play.code]] -= 1
    m, p = pos.unseen
    if all(hand) or not (m and p):
        return [(likely_draw(pos), 1.0)]
    return [(0, m / (m + p)), (1, p / (m + p))]


def think(view: JSON, level: str, seed: int) -> Thinking:
    """The move of the seat ``view["you"]`` at ``level`` (see the module docstring), deterministic for ``seed``."""
    level = parse_level(level)
    if view.get("turn") is None or view.get("turn") != view.get("you"):
        raise IllegalMove("bot-not-its-turn")
    table, pos, me = read_view(view)
    chooser = rng(seed, "raythread-bot", level)
    if level == "easy":
        play = easy(table, pos, me, chooser)
    else:
        play = None
        steps = hard(table, pos, me, chooser) if level == "hard" else _normal(table, pos, me, chooser)
        for step in steps:
            if step is None:
                yield
            else:
                play = step
    assert play is not None  # each level's search yields its choice last
    return to_wire(table, play)


def _normal(table: Table, pos: Pos, me: int, chooser: random.Random) -> Iterator[Play | None]:
    for step in normal_scores(table, pos, me, chooser, [0]):
        if step is None:
            yield None
        else:
            yield step[0].play


class RaythreadBot:
    """The ``Bot`` of Raythread Rally (``BOT``, registered in ``gamenight.games.BOTS``)."""

    def think(self, view: JSON, level: str, seed: int) -> Thinking:
        return think(view, level, seed)


BOT = RaythreadBot()
