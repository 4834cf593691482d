"""Raythread Rally rules: a pure, immutable state and the ``Game`` protocol over it.

Two to four seats (colours A–D) take turns placing a mirror or prism from their hand, or rotating a
tile of their own once. After every move each colour's beam is traced; an unclaimed beacon reached by
any beams becomes claimed by all of their colours, and each of them scores its value. The match ends
at the target score, when the supply runs out, or when nobody can move. ``docs/rules/raythread.md``
states every rule and choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from gamenight.core.errors import BadMessage, BadOptions, IllegalMove
from gamenight.core.game import JSON, Event, GameInfo, Move, OptionField, Result, rank_by, reason
from gamenight.core.grid import MIRRORS, Cell, Direction, Mirror, flip, on_board
from gamenight.core.jsonutil import get_cell, get_choice, get_int, obj, only_keys
from gamenight.core.rng import rng
from gamenight.i18n import N_, reasons, terms
from gamenight.raythread.beams import BEACON, EMITTER, Run, direction_index, tile_code, trace
from gamenight.raythread.board import (
    MAX_SIZE,
    MIN_SIZE,
    SEATINGS,
    Beacon,
    Board,
    Emitter,
    make_board,
    seat_ids,
    seat_tags,
)

reasons(
    {
        "raythread-size-odd": N_("The board size must be odd so that there is a centre cell, not {size}."),
        "raythread-empty-deck": N_("The deck needs at least one tile."),
        "raythread-bad-view": N_("a Raythread Rally view that does not fit together ({what})"),
        "raythread-seats": N_("Raythread Rally seats 2 players as A, C; 3 as A, B, C; 4 as A, B, C, D (got {got})."),
        "raythread-off-board": N_("that cell is off the board (rows and columns run from 0 to {last})"),
        "raythread-beacon": N_("that cell holds a beacon"),
        "raythread-emitter": N_("that cell holds an emitter"),
        "raythread-occupied": N_("that cell already holds a tile"),
        "raythread-not-in-hand": N_("you have no {kind} in your hand"),
        "raythread-no-tile": N_("there is no tile on that cell to rotate"),
        "raythread-not-owner": N_("only its owner ({seat}) may rotate that tile"),
        "raythread-rotated": N_("you rotated that tile already; each tile turns only once"),
        "match-over": N_("the match is over"),
        "raythread-no-seat": N_("you do not have a seat in this match"),
        "raythread-not-your-turn": N_("not your turn"),
        # A registered reason has no plural form: worded to read right for any target, 1 too.
        "raythread-target": N_("{seat} reached the target score of {target}"),
        "raythread-target-together": N_("several seats reached the target score of {target} together"),
        "raythread-supply": N_("the deck and every hand are empty"),
        "raythread-stuck": N_("no seat can move"),
        "raythread-joint-claims": N_("joint claims: {n}"),  # no plural: "1 joint claims" read wrong
    }
)
terms(
    {"mirror": N_("mirror"), "prism": N_("prism"), "rotate-move": N_("a rotate move"), "place-move": N_("a place move")}
)

KINDS: tuple[str, ...] = ("mirror", "prism")
Hand = tuple[int, ...]  # how many of each of KINDS a seat holds


@dataclass(frozen=True)
class Options:
    """The match settings: board side, deck contents, hand size and the score that ends the match."""

    size: int = 11
    mirrors: int = 24
    prisms: int = 12
    hand: int = 3
    target: int = 12

    def to_json(self) -> JSON:
        return {
            "size": self.size,
            "mirrors": self.mirrors,
            "prisms": self.prisms,
            "hand": self.hand,
            "target": self.target,
        }


@dataclass(frozen=True)
class Tile:
    """A placed mirror or prism: where it is, how it is drawn, who owns it, whether it was rotated."""

    cell: Cell
    kind: str
    orient: Mirror
    owner: str
    rotated: bool = False


@dataclass(frozen=True)
class State:
    """A whole match. ``grid`` is the board's cell codes with the tiles on it, kept for fast tracing.

    ``claims[i]`` lists the seats that claimed ``board.beacons[i]`` (empty while unclaimed), and
    ``scores``, ``hands`` and ``turn`` are indexed like ``seats``. ``ended`` is why the match ended.
    """

    options: Options
    seats: tuple[str, ...]
    board: Board
    tiles: tuple[Tile, ...]
    grid: bytes
    claims: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    hands: tuple[Hand, ...]
    deck: tuple[str, ...]
    turn: int
    ended: str | None = None


@dataclass(frozen=True)
class Place:
    kind: str
    cell: Cell
    orient: Mirror


@dataclass(frozen=True)
class Rotate:
    cell: Cell


# --- options and setup ---------------------------------------------------------------------------


def parse_options(raw: Mapping[str, Any] | None) -> Options:
    """Validate untrusted options and fill the defaults; raises ``BadOptions`` with a reason."""
    if raw is None:
        return Options()
    raw = obj(raw, "options", BadOptions)
    only_keys(raw, ("size", "mirrors", "prisms", "hand", "target"), "options", BadOptions)
    d = Options()
    size = get_int(raw, "size", BadOptions, MIN_SIZE, MAX_SIZE, default=d.size)
    if size % 2 == 0:
        raise BadOptions("raythread-size-odd", size=size)
    mirrors = get_int(raw, "mirrors", BadOptions, 0, 99, default=d.mirrors)
    prisms = get_int(raw, "prisms", BadOptions, 0, 99, default=d.prisms)
    if mirrors + prisms == 0:
        raise BadOptions("raythread-empty-deck")
    hand = get_int(raw, "hand", BadOptions, 1, 6, default=d.hand)
    target = get_int(raw, "target", BadOptions, 1, 28, default=d.target)
    return Options(size, mirrors, prisms, hand, target)


def check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple, if they are the colours of a match of their count (A,C / A,B,C / A,B,C,D)."""
    seats = tuple(seats)
    if seats != SEATINGS.get(len(seats)):
        raise BadOptions("raythread-seats", got=", ".join(map(str, seats)) or "-")
    return seats


def shuffled_deck(options: Options, seed: int) -> tuple[str, ...]:
    """The match's deck, top first: the options' mirrors and prisms shuffled by the seed."""
    deck = ["mirror"] * options.mirrors + ["prism"] * options.prisms
    rng(seed, "deck").shuffle(deck)
    return tuple(deck)


def setup(options: Options, seats: Sequence[str], seed: int) -> State:
    """The first state: seeded beacons, pinwheel emitters, a shuffled deck and dealt hands."""
    seats = check_seats(seats)
    return start(options, seats, make_board(options.size, seats, seed), shuffled_deck(options, seed))


def start(options: Options, seats: tuple[str, ...], board: Board, deck: tuple[str, ...]) -> State:
    """A fresh match on ``board``: hands are dealt from ``deck`` one tile at a time in seat order."""
    hands = [[0] * len(KINDS) for _ in seats]
    dealt = 0
    for _ in range(options.hand):
        for hand in hands:
            if dealt < len(deck):
                hand[KINDS.index(deck[dealt])] += 1
                dealt += 1
    state = State(
        options=options,
        seats=seats,
        board=board,
        tiles=(),
        grid=board_grid(board, ()),
        claims=tuple(() for _ in board.beacons),
        scores=tuple(0 for _ in seats),
        hands=tuple(tuple(h) for h in hands),
        deck=deck[dealt:],
        turn=len(seats) - 1,
    )
    following, _ = _advance(state)
    return following


def board_grid(board: Board, tiles: Sequence[Tile]) -> bytes:
    """The cell codes of ``board`` with ``tiles`` on it (the tracer's input)."""
    size = board.size
    grid = bytearray(size * size)
    for e in board.emitters:
        grid[e.cell[0] * size + e.cell[1]] = EMITTER
    for b in board.beacons:
        grid[b.cell[0] * size + b.cell[1]] = BEACON
    for t in tiles:
        grid[t.cell[0] * size + t.cell[1]] = tile_code(t.kind, t.orient)
    return bytes(grid)


# --- beams and resolution ------------------------------------------------------------------------


def _lit(state: State) -> list[set[int]]:
    """For each seat, the grid indices of the beacons its beam reaches."""
    size, grid = state.board.size, state.grid
    return [trace(grid, size, e.cell[0] * size + e.cell[1], direction_index(e.facing)) for e in state.board.emitters]


def reached(state: State) -> tuple[frozenset[Cell], ...]:
    """For each seat, the beacon cells its beam reaches on the current board."""
    size = state.board.size
    return tuple(frozenset(divmod(i, size) for i in hits) for hits in _lit(state))


def beam_runs(state: State) -> dict[str, list[Run]]:
    """Every seat's traced beam as straight runs, prism branches included (for views and scenes)."""
    return {seat: list(runs) for seat, runs in _traced_runs(state.board.size, state.grid, state.board.emitters)}


@lru_cache(maxsize=32)
def _traced_runs(size: int, grid: bytes, emitters: tuple[Emitter, ...]) -> tuple[tuple[str, tuple[Run, ...]], ...]:
    """``beam_runs``, remembered by what the beams depend on (the board's cells and its emitters): a
    page that previewed a move has traced the beams of the position after it already, so the view of
    that position, once the move is played, takes them as they are."""
    paths = []
    for e in emitters:
        runs: list[Run] = []
        trace(grid, size, e.cell[0] * size + e.cell[1], direction_index(e.facing), runs)
        paths.append((e.seat, tuple(runs)))
    return tuple(paths)


def _resolve(state: State) -> tuple[State, list[Event]]:
    """Claim every unclaimed beacon reached by at least one beam, for all the colours reaching it."""
    hits = _lit(state)
    lit = set().union(*hits)
    if not lit:
        return state, []
    size = state.board.size
    claims = list(state.claims)
    scores = list(state.scores)
    events: list[Event] = []
    for b, beacon in enumerate(state.board.beacons):
        i = beacon.cell[0] * size + beacon.cell[1]
        if claims[b] or i not in lit:
            continue
        by = tuple(seat for seat, seen in zip(state.seats, hits, strict=True) if i in seen)
        claims[b] = by
        for seat in by:
            scores[state.seats.index(seat)] += beacon.value
        events.append({"type": "claimed", "cell": list(beacon.cell), "value": beacon.value, "seats": list(by)})
    if not events:
        return state, events
    return replace(state, claims=tuple(claims), scores=tuple(scores)), events


# --- turns ---------------------------------------------------------------------------------------


def empty_cells(state: State) -> Iterator[Cell]:
    """The cells holding no tile, emitter or beacon, row by row."""
    size = state.board.size
    for i, code in enumerate(state.grid):
        if not code:
            yield divmod(i, size)


def has_room(state: State) -> bool:
    """Whether a cell is still empty, so a tile may be placed."""
    return any(not code for code in state.grid)


def may_turn(state: State, seat: str) -> bool:
    """Whether ``seat`` owns a tile it has not rotated yet (each tile turns once)."""
    return any(t.owner == seat and not t.rotated for t in state.tiles)


def can_move(state: State, seat: str) -> bool:
    """Whether ``seat`` could place a tile (one in hand and an empty cell) or rotate one of its own."""
    return (any(state.hands[state.seats.index(seat)]) and has_room(state)) or may_turn(state, seat)


def _advance(state: State) -> tuple[State, list[Event]]:
    """Pass the turn to the next seat in order that can move; seats that cannot pass automatically.
    If nobody can move, the match ends."""
    n = len(state.seats)
    for step in range(1, n + 1):
        turn = (state.turn + step) % n
        if can_move(state, state.seats[turn]):
            passes = [{"type": "pass", "seat": state.seats[(state.turn + s) % n]} for s in range(1, step)]
            return replace(state, turn=turn), passes
    return replace(state, ended="stuck"), []


def _end_reason(state: State) -> str | None:
    if max(state.scores) >= state.options.target:
        return "target"
    if not state.deck and not any(any(h) for h in state.hands):
        return "supply"
    return None


def parse_move(raw: Mapping[str, Any]) -> Place | Rotate:
    """Validate an untrusted move dict; raises ``IllegalMove`` naming the bad field."""
    raw = obj(raw, "move", IllegalMove)
    kind = get_choice(raw, "type", ("place", "rotate"), IllegalMove)
    if kind == "rotate":
        only_keys(raw, ("type", "cell"), "rotate-move", IllegalMove)
        return Rotate(get_cell(raw, "cell", IllegalMove))
    only_keys(raw, ("type", "tile", "cell", "orient"), "place-move", IllegalMove)
    return Place(
        get_choice(raw, "tile", KINDS, IllegalMove),
        get_cell(raw, "cell", IllegalMove),
        get_choice(raw, "orient", MIRRORS, IllegalMove),
    )


def _check_cell(state: State, cell: Cell) -> None:
    size = state.board.size
    if not on_board(cell, size):
        raise IllegalMove("raythread-off-board", last=size - 1)


def _place(state: State, seat: int, move: Place) -> tuple[State, Event]:
    _check_cell(state, move.cell)
    size = state.board.size
    i = move.cell[0] * size + move.cell[1]
    code = state.grid[i]
    if code == BEACON:
        raise IllegalMove("raythread-beacon")
    if code == EMITTER:
        raise IllegalMove("raythread-emitter")
    if code:
        raise IllegalMove("raythread-occupied")
    k = KINDS.index(move.kind)
    hand = list(state.hands[seat])
    if not hand[k]:
        raise IllegalMove("raythread-not-in-hand", kind=move.kind)
    hand[k] -= 1
    tile = Tile(move.cell, move.kind, move.orient, state.seats[seat])
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    grid = state.grid[:i] + bytes((tile_code(move.kind, move.orient),)) + state.grid[i + 1 :]
    placed = replace(state, tiles=(*state.tiles, tile), grid=grid, hands=tuple(hands))
    event = {"type": "placed", "seat": tile.owner, "tile": tile.kind, "cell": list(tile.cell), "orient": tile.orient}
    return placed, event


def _rotate(state: State, seat: int, move: Rotate) -> tuple[State, Event]:
    _check_cell(state, move.cell)
    index = next((n for n, t in enumerate(state.tiles) if t.cell == move.cell), None)
    if index is None:
        raise IllegalMove("raythread-no-tile")
    tile = state.tiles[index]
    if tile.owner != state.seats[seat]:
        raise IllegalMove("raythread-not-owner", seat=seat_tags(state.seats).get(tile.owner, tile.owner))
    if tile.rotated:
        raise IllegalMove("raythread-rotated")
    turned = replace(tile, orient=flip(tile.orient), rotated=True)
    tiles = (*state.tiles[:index], turned, *state.tiles[index + 1 :])
    size = state.board.size
    i = tile.cell[0] * size + tile.cell[1]
    grid = state.grid[:i] + bytes((tile_code(turned.kind, turned.orient),)) + state.grid[i + 1 :]
    event = {"type": "rotated", "seat": tile.owner, "cell": list(tile.cell), "orient": turned.orient}
    return replace(state, tiles=tiles, grid=grid), event


def _draw(state: State, seat: int) -> tuple[State, list[Event]]:
    if not state.deck:
        return state, []
    hands = list(state.hands)
    hand = list(hands[seat])
    hand[KINDS.index(state.deck[0])] += 1
    hands[seat] = tuple(hand)
    event = {"type": "drew", "seat": state.seats[seat], "tile": state.deck[0]}
    return replace(state, hands=tuple(hands), deck=state.deck[1:]), [event]


def play(state: State, seat: str, move: Mapping[str, Any], now_ms: int = 0) -> tuple[State, list[Event]]:
    """Apply ``seat``'s untrusted ``move``: place or rotate, resolve the beams, draw after a placement,
    then end the match or pass the turn on. Raises ``IllegalMove`` and leaves ``state`` unchanged."""
    if state.ended:
        raise IllegalMove("match-over")
    if seat not in state.seats:
        raise IllegalMove("raythread-no-seat")
    if state.seats[state.turn] != seat:
        raise IllegalMove("raythread-not-your-turn")
    parsed = parse_move(move)
    mover = state.turn
    if isinstance(parsed, Place):
        state, done = _place(state, mover, parsed)
    else:
        state, done = _rotate(state, mover, parsed)
    events = [done]
    state, claimed = _resolve(state)
    events += claimed
    if isinstance(parsed, Place):
        state, drew = _draw(state, mover)
        events += drew
    reason = _end_reason(state)
    if reason:
        state = replace(state, ended=reason)
    else:
        state, passes = _advance(state)
        events += passes
    if state.ended:
        events.append({"type": "end", "ended": state.ended, **_result(state).to_json()})
    return state, events


def legal(state: State, seat: str) -> list[Move]:
    """Every legal move of ``seat``: placements (kind in hand × empty cell × orientation), then rotations."""
    if state.ended or state.seats[state.turn] != seat:
        return []
    hand = state.hands[state.turn]
    kinds = [k for k, n in zip(KINDS, hand, strict=True) if n]
    moves: list[Move] = [
        {"type": "place", "tile": kind, "cell": list(cell), "orient": orient}
        for cell in empty_cells(state)
        for kind in kinds
        for orient in MIRRORS
    ]
    moves += [{"type": "rotate", "cell": list(t.cell)} for t in state.tiles if t.owner == seat and not t.rotated]
    return moves


# --- result and view -----------------------------------------------------------------------------


def joint_claims(state: State, seat: str) -> int:
    """How many beacons ``seat`` claimed together with at least one other colour (the tie-break)."""
    return sum(1 for by in state.claims if seat in by and len(by) > 1)


ENDINGS = {"supply": "raythread-supply", "stuck": "raythread-stuck"}  # reason codes (the target's: _ending)


def _result(state: State) -> Result:
    key = {s: (state.scores[n], joint_claims(state, s)) for n, s in enumerate(state.seats)}
    # The tie-break's note only where it decides an order: beside the seats level on points whose joint
    # claims differ (each of them, so each line says why it stands where it does). A player read "joint
    # claims: 0" beside a score nobody shares as a tie that was not there, and beside two seats level on
    # both, sharing their place anyway, as a tie-break that decided something. The ranking is the same either way.
    joints = {points: {key[s][1] for s in state.seats if key[s][0] == points} for points, _ in key.values()}
    decided = {s for s in state.seats if len(joints[key[s][0]]) > 1}
    return Result(
        ranking=rank_by(state.seats, key),
        scores=dict(zip(state.seats, state.scores, strict=True)),
        notes={s: reason("raythread-joint-claims", n=key[s][1]) for s in state.seats if s in decided},
        **_ending(state),
    )


def _ending(state: State) -> dict:
    """Why the match ended (``Result``'s reason code and params): at the target, the target and the
    seat that reached it, if only one did."""
    if state.ended == "target":
        target = state.options.target
        crossed = [s for s, score in zip(state.seats, state.scores, strict=True) if score >= target]
        if len(crossed) == 1:
            return {"reason": "raythread-target", "params": {"seat": crossed[0], "target": target}}
        return {"reason": "raythread-target-together", "params": {"target": target}}
    return {"reason": ENDINGS.get(state.ended or "", "")}


def result(state: State) -> Result | None:
    """The ranking by score, then by joint claims; tied seats share a place (a shared first is a draw)."""
    return _result(state) if state.ended else None


def view(state: State, seat: str | None) -> JSON:
    """Everything on the table, which every seat and spectator may see; of the deck only its size."""
    board = state.board
    done = result(state)
    return {
        "game": "raythread",
        "you": seat,
        "seats": list(state.seats),
        "size": board.size,
        "target": state.options.target,
        "options": state.options.to_json(),
        "turn": None if state.ended else state.seats[state.turn],
        "ended": state.ended,
        "emitters": [{"seat": e.seat, "cell": list(e.cell), "facing": e.facing.value} for e in board.emitters],
        "beacons": [
            {"cell": list(b.cell), "value": b.value, "claimers": list(by)}
            for b, by in zip(board.beacons, state.claims, strict=True)
        ],
        "tiles": [
            {"cell": list(t.cell), "kind": t.kind, "orient": t.orient, "owner": t.owner, "rotated": t.rotated}
            for t in state.tiles
        ],
        "scores": dict(zip(state.seats, state.scores, strict=True)),
        "joint": {s: joint_claims(state, s) for s in state.seats},
        "hands": {s: dict(zip(KINDS, h, strict=True)) for s, h in zip(state.seats, state.hands, strict=True)},
        "deck": len(state.deck),
        "beams": {
            s: [{"from": list(r.start), "to": list(r.stop), "dir": r.heading.value, "end": r.end} for r in runs]
            for s, runs in _traced_runs(board.size, state.grid, board.emitters)
        },
        "result": done.to_json() if done else None,
    }


def unseen(view: Mapping[str, Any]) -> dict[str, int]:
    """The tiles of each kind nobody has seen, from ``view`` alone (any seat's or a spectator's): the
    options' totals less the tiles on the board and in every hand, all public, which leaves exactly the
    deck's (its order is the one thing no view tells). Not checked: a view that does not add up gives a
    count below none or a sum other than its deck (the bot refuses it, the page shows none)."""
    seen = dict.fromkeys(KINDS, 0)
    for tile in view["tiles"]:
        seen[tile["kind"]] += 1
    for hand in view["hands"].values():
        for kind in KINDS:
            seen[kind] += hand[kind]
    return {kind: view["options"][kind + "s"] - seen[kind] for kind in KINDS}


def from_view(view: Mapping[str, Any]) -> State:
    """A state that plays like the match whose ``view`` this is, for the board's legal targets and
    previews on any page (a guest has only the view).

    Everything on the table is public; only the deck's order is not, so the deck here is a placeholder
    of the right size. ``legal`` and ``play`` on it give the real moves, beams, claims and scores; only
    the tile a placement draws is unknown. Raises ``BadMessage`` for a view that does not fit together.
    """
    try:
        seats = check_seats(view["seats"])
        size = view["size"]
        options = parse_options(view["options"])  # public: the totals tell which tiles are unseen (``unseen``)
        if (options.size, options.target) != (size, view["target"]):
            raise ValueError("options")
        board = make_board_from(view, seats)
        tiles = tuple(Tile(tuple(t["cell"]), t["kind"], t["orient"], t["owner"], t["rotated"]) for t in view["tiles"])
        beacons = {tuple(b["cell"]): tuple(b["claimers"]) for b in view["beacons"]}
        ended = view["ended"]
        turn = seats.index(view["turn"]) if view["turn"] is not None else 0
        return State(
            options=options,
            seats=seats,
            board=board,
            tiles=tiles,
            grid=board_grid(board, tiles),
            claims=tuple(beacons[b.cell] for b in board.beacons),
            scores=tuple(view["scores"][s] for s in seats),
            hands=tuple(tuple(view["hands"][s][k] for k in KINDS) for s in seats),
            deck=("mirror",) * view["deck"],
            turn=turn,
            ended=ended,
        )
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise BadMessage("raythread-bad-view", what=err.__class__.__name__) from None


def make_board_from(view: Mapping[str, Any], seats: tuple[str, ...]) -> Board:
    """The board a view shows: its emitters and beacons as listed (the seed is not in a view)."""
    emitters = tuple(Emitter(e["seat"], tuple(e["cell"]), Direction(e["facing"])) for e in view["emitters"])
    if tuple(e.seat for e in emitters) != seats:
        raise ValueError("emitters")
    beacons = tuple(Beacon(tuple(b["cell"]), b["value"]) for b in view["beacons"])
    return Board(view["size"], emitters, beacons)


OPTION_FIELDS = (
    OptionField(
        "size",
        N_("Board size"),
        11,
        "choice",
        choices=tuple((n, f"{n} × {n}") for n in range(MIN_SIZE, MAX_SIZE + 1, 2)),
    ),
    OptionField("mirrors", N_("Mirrors in the deck"), 24, "int", 0, 99),
    OptionField("prisms", N_("Prisms in the deck"), 12, "int", 0, 99),
    OptionField("hand", N_("Tiles in hand"), 3, "int", 1, 6),
    OptionField("target", N_("Points to win"), 12, "int", 1, 28),
)


class RaythreadRally:
    """The ``Game`` protocol object for Raythread Rally (``GAME`` in the package)."""

    option_fields = OPTION_FIELDS

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    def options(self, raw: Mapping[str, Any] | None) -> Options:
        return parse_options(raw)

    def seat_ids(self, count: int) -> tuple[str, ...]:
        """The lobby's seats for ``count`` players (the ``Game`` protocol's optional seating hook)."""
        return seat_ids(count)

    def setup(self, options: Options, seats: Sequence[str], seed: int) -> State:
        return setup(options, seats, seed)

    def active(self, state: State) -> frozenset[str]:
        return frozenset() if state.ended else frozenset((state.seats[state.turn],))

    def legal(self, state: State, seat: str) -> list[Move]:
        return legal(state, seat)

    def play(self, state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
        return play(state, seat, move, now_ms)

    def tick(self, state: State, now_ms: int) -> tuple[State, list[Event]]:
        """Raythread Rally has no clock."""
        return state, []

    def view(self, state: State, seat: str | None) -> JSON:
        return view(state, seat)

    def result(self, state: State) -> Result | None:
        return result(state)

    def check_view(self, view: Mapping[str, Any], seat: str | None, events: Iterable[Mapping[str, Any]]) -> None:
        from gamenight.raythread.checkview import check_view  # it reads this module's tables

        check_view(view, seat, events)
