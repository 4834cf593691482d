"""Light Seeker rules: nine cubes in an edgeless valley, two actions and a Buh move per turn.

The valley is an unbounded grid of ``(row, col)`` cells (rows grow southwards). A turn slides or tilts
cubes (two actions; one on the match's first turn), then moves Buh, the blocking token, to another
cube. After the actions every cube must touch another (orthogonally or diagonally) and the total
light on top must be higher than at the start of the turn. A light area worth 7 wins for the player
who made it; a player with no legal turn loses (or, by option, the match is drawn). How lit tops join
into areas is a match option too (``light_joins``): where lit edges meet (the default), or between any
two orthogonally adjacent lit tops.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gamenight.core.errors import BadMessage, BadOptions, IllegalMove
from gamenight.core.game import JSON, Event, GameInfo, Move, OptionField, Result, reason
from gamenight.core.grid import DIRECTIONS, Cell, Direction, ring, step
from gamenight.core.jsonutil import get_choice, get_int, obj, only_keys
from gamenight.core.rng import rng
from gamenight.i18n import N_, reasons, terms
from gamenight.lightseeker.cube import (
    DEFAULT_LIGHTING,
    FACES,
    NORTH,
    ROTATIONS,
    Orientation,
    pointing,
    spin,
    tilt,
    top,
)

reasons(
    {
        "lightseeker-actions-list": N_("'actions' must be a list of actions"),
        "lightseeker-first-turn": N_("the first turn of the match has exactly 1 action"),
        "lightseeker-action-count": N_("a turn has exactly {n} actions"),
        "lightseeker-under-buh": N_("cube {cube} is under Buh"),
        "lightseeker-blocked": N_("cube {cube} cannot {kind} {dir}: cube {other} is in the way"),
        "lightseeker-isolated": N_("cube {cube} would be isolated"),
        "lightseeker-light": N_("total light must rise above {start}, but this turn ends with {end}"),
        "lightseeker-buh-stays": N_("Buh must move to another cube than cube {cube}"),
        "lightseeker-seats": N_("Light Seeker is played by exactly 2 different seats."),
        "match-over": N_("the match is over"),
        "not-playing": N_("'{seat}' is not playing in this match"),
        "lightseeker-not-your-turn": N_("it is not your turn"),
        "lightseeker-lit": N_("{seat} lit an area worth {value}"),
        "lightseeker-stuck": N_("{seat} has no legal turn"),
        "lightseeker-stuck-draw": N_("{seat} has no legal turn: a draw"),
        "lightseeker-bad-view": N_("This Light Seeker position does not fit together."),
    }
)
terms({"turn": N_("a turn"), "action": N_("an action"), "slide": N_("slide"), "tilt": N_("tilt")})

CUBES = 9
WIN_AREA = 7
LIGHTING = DEFAULT_LIGHTING
SHADES = ("dark", "half", "full")

Kind = Literal["slide", "tilt"]
KINDS: tuple[Kind, ...] = ("slide", "tilt")
NoLegalTurn = Literal["loses", "draw"]
NO_LEGAL_TURN: tuple[NoLegalTurn, ...] = ("loses", "draw")
Joins = Literal["edges", "faces"]
LIGHT_JOINS: tuple[Joins, ...] = ("edges", "faces")


@dataclass(frozen=True)
class Options:
    """``no_legal_turn``: what happens to a player who cannot make any legal turn. ``light_joins``: when
    two orthogonally adjacent lit tops are one light area — where their lit edges meet (``edges``, the
    default reading of the rulebook) or always (``faces``)."""

    no_legal_turn: NoLegalTurn = "loses"
    light_joins: Joins = "edges"

    def to_json(self) -> JSON:
        return {"no_legal_turn": self.no_legal_turn, "light_joins": self.light_joins}


OPTION_FIELDS = (
    OptionField(
        "light_joins",
        N_("Light joins"),
        "edges",
        "choice",
        choices=(("edges", N_("where lit edges meet")), ("faces", N_("where lit faces touch"))),
    ),
    OptionField(
        "no_legal_turn",
        N_("A player with no legal turn"),
        "loses",
        "choice",
        choices=(("loses", N_("loses the match")), ("draw", N_("ends it in a draw"))),
    ),
)


@dataclass(frozen=True)
class Action:
    """One action: ``cube`` slides (keeps its orientation) or tilts (rolls over an edge) one cell ``dir``."""

    cube: int
    kind: Kind
    dir: Direction

    def to_json(self) -> JSON:
        return {"cube": self.cube, "kind": self.kind, "dir": self.dir.value}


@dataclass(frozen=True)
class Turn:
    """A whole turn: its actions in order, then the cube Buh moves to."""

    actions: tuple[Action, ...]
    buh: int

    def to_json(self) -> Move:
        return {"actions": [a.to_json() for a in self.actions], "buh": self.buh}


@dataclass(frozen=True)
class Board:
    """Cube ``i`` stands on ``cells[i]`` in orientation ``orientations[i]``; Buh sits on cube ``buh``."""

    cells: tuple[Cell, ...]
    orientations: tuple[Orientation, ...]
    buh: int


@dataclass(frozen=True)
class Area:
    """A light area: the cubes whose lit triangles join up, and its value (their lit triangles)."""

    cubes: tuple[int, ...]
    value: int

    def to_json(self) -> JSON:
        return {"cubes": list(self.cubes), "value": self.value}


@dataclass(frozen=True)
class Outcome:
    """How the match ended: the winner (``None`` for a draw) and why: a reason code and its parameters."""

    winner: str | None
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class State:
    """A match position: ``turn`` counts the turns played; ``seats[turn % 2]`` moves next."""

    options: Options
    seats: tuple[str, str]
    board: Board
    turn: int = 0
    outcome: Outcome | None = None

    @property
    def to_move(self) -> str | None:
        return None if self.outcome else self.seats[self.turn % 2]

    @property
    def actions_due(self) -> int:
        """Actions in the current turn: 1 on the match's very first turn, else 2."""
        return 1 if self.turn == 0 else 2


# --- light -------------------------------------------------------------------------------------------


def total_light(board: Board) -> int:
    """The lit triangles on all top faces (the sum of all light areas)."""
    light = LIGHTING.light
    return sum(light[o] for o in board.orientations)


def light_areas(board: Board, joins: Joins = "edges") -> tuple[Area, ...]:
    """The light areas, ordered by their lowest cube.

    A top face's lit triangles are one area (a full face's two triangles touch along the diagonal);
    two orthogonally adjacent cubes join when the edge they share is lit on both sides (``joins``
    ``"edges"``), or, in the variant ``"faces"``, whenever both tops show any light.
    """
    light, lit = LIGHTING.light, LIGHTING.lit_edges
    if joins == "faces":
        lit = tuple(frozenset(DIRECTIONS) if light[o] else frozenset() for o in range(len(light)))
    where = {cell: i for i, cell in enumerate(board.cells)}
    seen: set[int] = set()
    areas = []
    for first, o in enumerate(board.orientations):
        if first in seen or not light[o]:
            continue
        members, todo = [], [first]
        seen.add(first)
        while todo:
            i = todo.pop()
            members.append(i)
            for d in lit[board.orientations[i]]:
                j = where.get(step(board.cells[i], d))
                if j is not None and j not in seen and d.opposite in lit[board.orientations[j]]:
                    seen.add(j)
                    todo.append(j)
        areas.append(Area(tuple(sorted(members)), sum(light[board.orientations[i]] for i in members)))
    return tuple(areas)


def first_isolated(cells: Sequence[Cell]) -> int | None:
    """The lowest cube with no other cube orthogonally or diagonally next to it, if any."""
    occupied = set(cells)
    for i, cell in enumerate(cells):
        if not any(n in occupied for n in ring(cell)):
            return i
    return None


# --- moves -------------------------------------------------------------------------------------------


def parse_turn(raw: Any, actions_due: int, cubes: int = CUBES) -> Turn:
    """A turn from untrusted JSON; raises ``IllegalMove`` naming the first malformed field."""
    move = obj(raw, "turn", IllegalMove)
    only_keys(move, ("actions", "buh"), "turn", IllegalMove)
    actions = move.get("actions")
    if not isinstance(actions, list):
        raise IllegalMove("lightseeker-actions-list")
    if len(actions) != actions_due:
        if actions_due == 1:
            raise IllegalMove("lightseeker-first-turn")
        raise IllegalMove("lightseeker-action-count", n=actions_due)
    parsed = []
    for raw_action in actions:
        action = obj(raw_action, "action", IllegalMove)
        only_keys(action, ("cube", "kind", "dir"), "action", IllegalMove)
        cube = get_int(action, "cube", IllegalMove, 0, cubes - 1)
        kind = get_choice(action, "kind", KINDS, IllegalMove)
        d = get_choice(action, "dir", [d.value for d in DIRECTIONS], IllegalMove)
        parsed.append(Action(cube, kind, Direction(d)))
    return Turn(tuple(parsed), get_int(move, "buh", IllegalMove, 0, cubes - 1))


def act(board: Board, action: Action) -> Board:
    """The board after one action; raises ``IllegalMove`` if the cube is under Buh or the way is blocked."""
    i = action.cube
    if i == board.buh:
        raise IllegalMove("lightseeker-under-buh", cube=i)
    target = step(board.cells[i], action.dir)
    if target in board.cells:
        raise IllegalMove(
            "lightseeker-blocked", cube=i, kind=action.kind, dir=action.dir.value, other=board.cells.index(target)
        )
    o = board.orientations[i]
    if action.kind == "tilt":
        o = tilt(o, action.dir)
    return replace(
        board,
        cells=(*board.cells[:i], target, *board.cells[i + 1 :]),
        orientations=(*board.orientations[:i], o, *board.orientations[i + 1 :]),
    )


def apply_turn(board: Board, turn: Turn) -> Board:
    """The board after a whole turn, checked as one move; raises ``IllegalMove`` at the first broken rule."""
    start = total_light(board)
    after = board
    for action in turn.actions:
        after = act(after, action)
    lonely = first_isolated(after.cells)
    if lonely is not None:
        raise IllegalMove("lightseeker-isolated", cube=lonely)
    end = total_light(after)
    if end <= start:
        raise IllegalMove("lightseeker-light", start=start, end=end)
    if turn.buh == board.buh:
        raise IllegalMove("lightseeker-buh-stays", cube=board.buh)
    return replace(after, buh=turn.buh)


# --- enumeration -------------------------------------------------------------------------------------

_TILTS = tuple(tuple(tilt(o, d) for d in DIRECTIONS) for o in range(len(LIGHTING.light)))
RawAction = tuple[int, int, int]  # (cube, index into KINDS, index into DIRECTIONS)
_PAD = 3  # a turn moves a cube at most 2 cells; one more keeps the ring of every cell inside the frame


def outcomes_by_frame(board: Board, actions_due: int) -> Iterator[tuple[tuple[RawAction, ...], list[int], list[int]]]:
    """Each distinct arrangement a legal turn can leave, with the first action sequence reaching it.

    Yields ``(actions, cells, orientations)`` where an action is ``(cube, kind index, direction
    index)`` and cells are frame numbers ``row * stride + col`` (see ``frame_of``). Light is checked
    before isolation because it is a few lookups.
    """
    r0, c0, stride = frame_of(board.cells)
    pos0 = [(r - r0) * stride + (c - c0) for r, c in board.cells]
    ors0 = list(board.orientations)
    deltas = (-stride, 1, stride, -1)  # N, E, S, W: the order of DIRECTIONS
    around = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
    light, tilts = LIGHTING.light, _TILTS
    start = sum(light[o] for o in ors0)
    movers = [i for i in range(len(pos0)) if i != board.buh]
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def options(pos: list[int], ors: list[int], occupied: set[int]) -> Iterator[tuple[int, int, int, int, int]]:
        for i in movers:
            p, o = pos[i], ors[i]
            for d in range(4):
                t = p + deltas[d]
                if t not in occupied:
                    yield i, 0, d, t, o
                    yield i, 1, d, t, tilts[o][d]

    def fresh(pos: list[int], ors: list[int]) -> bool:
        key = (tuple(pos), tuple(ors))
        if key in seen:
            return False
        seen.add(key)
        occupied = set(pos)
        return all(any(p + k in occupied for k in around) for p in pos)

    occ0 = set(pos0)
    for i, kind, d, t, o in options(pos0, ors0, occ0):
        pos1, ors1 = pos0.copy(), ors0.copy()
        pos1[i], ors1[i] = t, o
        first = (i, kind, d)
        if actions_due == 1:
            if light[o] > light[ors0[i]] and fresh(pos1, ors1):
                yield (first,), pos1, ors1
            continue
        light1 = start - light[ors0[i]] + light[o]
        occ1 = occ0 - {pos0[i]} | {t}
        for j, kind2, d2, t2, o2 in options(pos1, ors1, occ1):
            if light1 - light[ors1[j]] + light[o2] <= start:
                continue
            pos2, ors2 = pos1.copy(), ors1.copy()
            pos2[j], ors2[j] = t2, o2
            if fresh(pos2, ors2):
                yield (first, (j, kind2, d2)), pos2, ors2


def frame_of(cells: Sequence[Cell]) -> tuple[int, int, int]:
    """Origin row, origin column and row stride of a frame numbering cells ``row * stride + col``.

    The frame is padded so no cell a turn can reach, nor any of its neighbours, wraps to another row.
    """
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    c0 = min(cols) - _PAD
    return min(rows) - _PAD, c0, max(cols) - c0 + _PAD + 1


def turn_outcomes(board: Board, actions_due: int) -> list[tuple[tuple[Action, ...], Board]]:
    """Every distinct arrangement of cubes a legal turn can leave (Buh not yet moved), each with the
    first action sequence found that reaches it (cubes, then directions N E S W, slide before tilt)."""
    r0, c0, stride = frame_of(board.cells)
    found = []
    for actions, pos, ors in outcomes_by_frame(board, actions_due):
        cells = tuple((p // stride + r0, p % stride + c0) for p in pos)
        acts = tuple(Action(i, KINDS[k], DIRECTIONS[d]) for i, k, d in actions)
        found.append((acts, Board(cells, tuple(ors), board.buh)))
    return found


def has_legal_turn(board: Board, actions_due: int) -> bool:
    """Whether any legal turn exists (Buh can always move: there are other cubes)."""
    return next(outcomes_by_frame(board, actions_due), None) is not None


# --- the game ----------------------------------------------------------------------------------------


def setup_board(seed: int) -> Board:
    """Cubes 0-8 on a 3 × 3 block, row by row, each with a random dark face up and a random quarter
    turn about the vertical axis; Buh on the centre cube (4)."""
    r = rng(seed, "lightseeker", "setup")
    dark = [f for f in FACES if not LIGHTING.net[f]]
    orientations = []
    for _ in range(CUBES):
        face = r.choice(dark)
        home = next(o for o in range(len(LIGHTING.light)) if top(o) is face)
        orientations.append(spin(home, r.randrange(4)))
    cells = tuple((row, col) for row in range(3) for col in range(3))
    return Board(cells, tuple(orientations), buh=4)


def _cube_json(board: Board, i: int) -> JSON:
    o = board.orientations[i]
    return {
        "cube": i,
        "cell": list(board.cells[i]),
        "top": top(o).value,
        "north": pointing(o, NORTH).value,
        "shade": SHADES[LIGHTING.light[o]],
        "light": LIGHTING.light[o],
        "lit_edges": [d.value for d in DIRECTIONS if d in LIGHTING.lit_edges[o]],
        "lit_corners": [[a.value, b.value] for a, b in LIGHTING.lit_corners[o]],
        "buh": i == board.buh,
        "orientation": o,
    }


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise TypeError("not a whole number")
    return value


def from_view(view: Mapping[str, Any]) -> State:
    """A state that plays like the match whose ``view`` this is (everything in Light Seeker is public),
    so a page that has only the view — a guest, a spectator — can ask ``act``, ``apply_turn`` and
    ``turn_outcomes`` what a turn would do. A finished match's outcome is not rebuilt (nothing is
    played on it). Raises ``BadMessage`` for a view that does not fit together.
    """
    try:
        seats = tuple(view["seats"])
        cubes = sorted(view["cubes"], key=lambda c: c["cube"])
        cells = tuple((_whole(c["cell"][0]), _whole(c["cell"][1])) for c in cubes)
        orientations = tuple(_whole(c["orientation"]) for c in cubes)
        buh, turn = _whole(view["buh"]), _whole(view["turn"]) - 1
        raw = view["options"]
        options = Options(
            get_choice(raw, "no_legal_turn", NO_LEGAL_TURN, BadMessage),
            get_choice(raw, "light_joins", LIGHT_JOINS, BadMessage),
        )
        if (
            len(seats) != 2
            or not all(isinstance(s, str) for s in seats)
            or [c["cube"] for c in cubes] != list(range(CUBES))
            or any(len(c["cell"]) != 2 for c in cubes)
            or len(set(cells)) != CUBES
            or not all(0 <= o < len(ROTATIONS) for o in orientations)
            or not 0 <= buh < CUBES
            or turn < 0
        ):
            raise ValueError("inconsistent view")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise BadMessage("lightseeker-bad-view") from err
    return State(options, (seats[0], seats[1]), Board(cells, orientations, buh), turn=turn)


class LightSeeker:
    """The ``Game`` protocol for Light Seeker (exactly two seats; the first seat starts)."""

    option_fields = OPTION_FIELDS

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    def options(self, raw: Mapping[str, Any] | None) -> Options:
        if raw is None:
            return Options()
        raw = obj(raw, "options", BadOptions)
        only_keys(raw, ("no_legal_turn", "light_joins"), "options", BadOptions)
        return Options(
            get_choice(raw, "no_legal_turn", NO_LEGAL_TURN, BadOptions, default="loses"),
            get_choice(raw, "light_joins", LIGHT_JOINS, BadOptions, default="edges"),
        )

    def setup(self, options: Options, seats: Sequence[str], seed: int) -> State:
        if len(seats) != 2 or len(set(seats)) != 2:
            raise BadOptions("lightseeker-seats")
        return State(options, (seats[0], seats[1]), setup_board(seed))

    def active(self, state: State) -> frozenset[str]:
        return frozenset([state.to_move]) if state.to_move else frozenset()

    def legal(self, state: State, seat: str) -> list[Move]:
        """Every legal turn, one per distinct resulting position (arrangement of cubes and Buh)."""
        if seat != state.to_move:
            return []
        board = state.board
        moves: list[Move] = []
        for actions, _ in turn_outcomes(board, state.actions_due):
            shown = [a.to_json() for a in actions]
            moves.extend({"actions": shown, "buh": j} for j in range(len(board.cells)) if j != board.buh)
        return moves

    def play(self, state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
        if state.outcome:
            raise IllegalMove("match-over")
        if seat not in state.seats:
            raise IllegalMove("not-playing", seat=seat)
        if seat != state.to_move:
            raise IllegalMove("lightseeker-not-your-turn")
        turn = parse_turn(move, state.actions_due, len(state.board.cells))
        board = apply_turn(state.board, turn)
        after = replace(state, board=board, turn=state.turn + 1)
        events: list[Event] = [{"type": "turn", "seat": seat, **turn.to_json(), "light": total_light(board)}]
        best = max((a.value for a in light_areas(board, state.options.light_joins)), default=0)
        if best >= WIN_AREA:
            outcome = Outcome(seat, "lightseeker-lit", {"seat": seat, "value": best})
        elif not has_legal_turn(board, after.actions_due):
            stuck = after.seats[after.turn % 2]
            if state.options.no_legal_turn == "loses":
                outcome = Outcome(seat, "lightseeker-stuck", {"seat": stuck})
            else:
                outcome = Outcome(None, "lightseeker-stuck-draw", {"seat": stuck})
        else:
            return after, events
        events.append({"type": "end", "winner": outcome.winner, "reason": reason(outcome.reason, **outcome.params)})
        return replace(after, outcome=outcome), events

    def tick(self, state: State, now_ms: int) -> tuple[State, list[Event]]:
        return state, []

    def view(self, state: State, seat: str | None) -> JSON:
        """Everything is public: positions, top faces and lit edges, Buh, areas, total light, the mover."""
        board = state.board
        result = self.result(state)
        return {
            "game": self.info.id,
            "you": seat,
            "seats": list(state.seats),
            "to_move": state.to_move,
            "turn": state.turn + 1,
            "actions_due": state.actions_due,
            "cubes": [_cube_json(board, i) for i in range(len(board.cells))],
            "buh": board.buh,
            "areas": [a.to_json() for a in light_areas(board, state.options.light_joins)],
            "total_light": total_light(board),
            "win_area": WIN_AREA,
            "options": state.options.to_json(),
            "result": result.to_json() if result else None,
        }

    def result(self, state: State) -> Result | None:
        outcome = state.outcome
        if outcome is None:
            return None
        if outcome.winner is None:
            return Result(ranking=(state.seats,), reason=outcome.reason, params=outcome.params)
        loser = next(s for s in state.seats if s != outcome.winner)
        return Result(ranking=((outcome.winner,), (loser,)), reason=outcome.reason, params=outcome.params)

    def check_view(self, view: Mapping[str, Any], seat: str | None, events: Iterable[Mapping[str, Any]]) -> None:
        from gamenight.lightseeker.checkview import check_view  # it reads this module's tables

        check_view(view, seat, events)
