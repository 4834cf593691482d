"""Reflection matches: build and solve phases, rounds, scoring, teams, time limits and solo training.

Three modes share one flow of *rounds*; in a round every seat given a puzzle solves it at the same
time, and the round ends when each of them has solved it or failed (gave up, ran out of time):

* ``built`` (2–6 seats): every player first builds a puzzle from the same tiles and warp cells. In
  variant A each round gives every player another player's puzzle (``n − 1`` rounds, everyone
  solves every other puzzle once); in variant B everyone solves the same puzzle while its builder
  sits out (``n`` rounds).
* ``random`` (1–6 seats): every round everyone solves the same generated puzzle; 1, 3 or 5 rounds,
  optionally in 2 or 3 teams scored by their members' average. The puzzles are made by the host in
  the background (``prepare`` / ``prepared``), one after another from the start of the match, so a
  round's puzzle is usually ready before the round; otherwise the match waits (phase ``prepare``).
* ``training`` (1 seat): generated puzzles one after another until the player stops; no score, but
  the session's stats (``training.Stats``) and the time of every puzzle.

A builder's layout never reaches the host: ``submit_puzzle`` carries the clues and the commitment
``sha256(canonical layout JSON + salt)``; once the puzzle's last round is over the builder sends
``reveal`` (layout and salt) and the host checks it against the commitment, the tile set and the
clues. A solve is judged by the clues alone (``puzzle.check``), so no layout is needed to judge it.
A builder whose reveal fails is disqualified, and the failures of its puzzle's solvers are void.
A player who left for good may be counted out by the host (``count_out``): the race goes on without
them, each of their puzzles left to solve counts as a give-up, and a builder's reveal fails at once.
``docs/rules/reflection.md`` ("Matches and scoring") states the rules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from gamenight.core.errors import BadMessage, BadOptions, IllegalMove
from gamenight.core.game import JSON, Event, GameInfo, Move, OptionField, Preparation, Result, rank_by, reason
from gamenight.core.grid import Cell
from gamenight.core.jsonutil import dumps, get_bool, get_choice, get_int, get_str, obj, only_keys
from gamenight.core.rng import derive, rng
from gamenight.i18n import N_, formats, reasons, terms
from gamenight.reflection import training
from gamenight.reflection.generate import PRESETS, TRIANGLES_UP_TO, Generated, Order, make, makes_triangles, mix, steps
from gamenight.reflection.laser import EMPTY, MAX_SIZE, MIN_SIZE, Layout, clue_codes
from gamenight.reflection.puzzle import (
    Puzzle,
    TileSet,
    check,
    clues,
    fits,
    mismatches,
    parse_layout,
    parse_puzzle,
)

Mode = Literal["built", "random", "training"]
Variant = Literal["A", "B"]
Phase = Literal["build", "prepare", "solve", "reveal", "pause", "over"]
Outcome = Literal["solved", "gave_up", "timeout", "abandoned", "out"]  # "out": counted out (``count_out``)
MODES: tuple[Mode, ...] = ("built", "random", "training")
VARIANTS: tuple[Variant, ...] = ("A", "B")
ROUNDS = (1, 3, 5)
TEAMS = (0, 2, 3)  # 0 = every player for themselves
POINTS = 120  # what the winner of a one-round match scores
REVEAL_MS = 60_000  # how long a builder has to reveal once the puzzle's last round is over
SALT_LENGTHS = range(32, 129)  # lowercase hex characters
HEX = frozenset("0123456789abcdef")

reasons(
    {
        "rf-prepared-number": N_("puzzle {number} is not the one the match is waiting for"),
        "rf-prepared-puzzle": N_("a prepared puzzle does not suit the match's settings"),
        "rf-prepared-layout": N_("a prepared puzzle's layout does not make its clues"),
    }
)
terms({"rf-prepared": N_("a prepared puzzle")})


# --- options -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """A match's settings. ``variant`` counts in built mode, ``rounds`` and ``teams`` in random mode;
    ``size``, ``tiles`` and ``black_holes`` come from the preset unless it is ``"custom"``."""

    mode: Mode = "random"
    variant: Variant = "A"
    rounds: int = 1
    teams: int = 0
    limit_min: int = 0
    preset: str = "easy"
    size: int = PRESETS["easy"].size
    tiles: int = PRESETS["easy"].tiles
    black_holes: bool = PRESETS["easy"].black_holes
    warp: bool = False
    triangles: bool = False  # triangle mirrors in the tile set (any preset or custom)

    @property
    def tileset(self) -> TileSet:
        return mix(self.tiles, self.black_holes, self.triangles)

    @property
    def limit_ms(self) -> int:
        return self.limit_min * 60_000

    def to_json(self) -> JSON:
        return {
            "mode": self.mode,
            "variant": self.variant,
            "rounds": self.rounds,
            "teams": self.teams,
            "limit": self.limit_min,
            "preset": self.preset,
            "size": self.size,
            "tiles": self.tiles,
            "black_holes": self.black_holes,
            "warp": self.warp,
            "triangles": self.triangles,
        }


def parse_options(raw: Mapping[str, Any] | None) -> Options:
    """Options from untrusted JSON, defaults filled in; raises ``BadOptions`` with a readable reason."""
    if raw is None:
        return Options()
    raw = obj(raw, "options", BadOptions)
    only_keys(raw, tuple(Options().to_json()), "options", BadOptions)
    limit = get_int(raw, "limit", BadOptions, 0, 60, default=0)
    if limit not in training.TIME_LIMITS:
        raise BadOptions("reflection-limit", choices=", ".join(map(str, training.TIME_LIMITS[1:])))
    preset = get_choice(raw, "preset", (*PRESETS, "custom"), BadOptions, default="easy")
    if preset == "custom":
        size = get_int(raw, "size", BadOptions, MIN_SIZE, MAX_SIZE, default=8)
        tiles = get_int(raw, "tiles", BadOptions, 1, size * size // 2, default=min(10, size * size // 2))
        black_holes = get_bool(raw, "black_holes", BadOptions, default=False)
    else:
        base = PRESETS[preset]
        size, tiles, black_holes = base.size, base.tiles, base.black_holes
    mode = get_choice(raw, "mode", MODES, BadOptions, default="random")
    triangles = get_bool(raw, "triangles", BadOptions, default=False)
    if triangles and mode != "built" and not makes_triangles(size):  # the host could not make them
        raise BadOptions("reflection-triangles-size", n=TRIANGLES_UP_TO)
    return Options(
        mode=mode,
        variant=get_choice(raw, "variant", VARIANTS, BadOptions, default="A"),
        rounds=get_choice(raw, "rounds", ROUNDS, BadOptions, default=1),
        teams=get_choice(raw, "teams", TEAMS, BadOptions, default=0),
        limit_min=limit,
        preset=preset,
        size=size,
        tiles=tiles,
        black_holes=black_holes,
        warp=get_bool(raw, "warp", BadOptions, default=False),
        triangles=triangles,
    )


def check_seating(options: Options, players: int) -> None:
    """Raise ``BadOptions`` unless ``options`` can be played by ``players`` players."""
    if not 1 <= players <= 6:
        raise BadOptions("reflection-players", players=players)
    if options.mode == "built" and players < 2:
        raise BadOptions("reflection-built-players")
    if options.mode == "built" and options.variant == "B" and players < 3:
        raise BadOptions("reflection-variant-b")
    if options.mode == "training" and players != 1:
        raise BadOptions("reflection-training-one")
    if options.mode == "random" and options.teams and players < 3:
        raise BadOptions("reflection-teams")


# --- scoring -------------------------------------------------------------------------------------


def place_points(place: int, players: int, rounds: int) -> int:
    """Points of the ``place``-th solver of a round: ``floor(120 · (n − k + 1) / (R · n))``."""
    return POINTS * (players - place + 1) // (rounds * players)


def failure_points(players: int, rounds: int) -> int:
    """Points of a failed puzzle: ``−floor(120 / (R · n))`` (the seed rounds a penalty toward zero)."""
    return -(POINTS // (rounds * players))


def teams_of(seats: Sequence[str], count: int) -> tuple[tuple[str, ...], ...]:
    """``count`` teams as even as possible, dealt in seat order: team 1 takes seats 1, 1 + count, …"""
    return tuple(tuple(seats[t::count]) for t in range(count))


# --- commitments ---------------------------------------------------------------------------------


def commitment(layout: Layout, salt: str) -> str:
    """The builder's commitment: hex ``sha256`` of the canonical layout JSON followed by the salt."""
    return hashlib.sha256((dumps(layout.to_json()) + salt).encode()).hexdigest()


def submission(layout: Layout, warps: tuple[Cell, ...], salt: str) -> Move:
    """The ``submit_puzzle`` move of a builder's device for ``layout``: clues and commitment only."""
    return {
        "type": "submit_puzzle",
        "clues": [str(c) for c in clues(layout, warps)],
        "commitment": commitment(layout, salt),
    }


def reveal_flaw(puzzle: Puzzle, committed: str, layout: Layout, salt: str) -> str | None:
    """Why a reveal fails (a term that ``i18n`` words), or ``None`` when ``layout`` and ``salt`` open the
    commitment, place every tile of the set (warp cells empty) and make exactly the submitted clues."""
    if commitment(layout, salt) != committed:
        return "reveal-commitment"
    if TileSet.of(layout) != puzzle.tiles or any(layout.at(w) != EMPTY for w in puzzle.warps):
        return "reveal-tiles"
    if clues(layout, puzzle.warps) != puzzle.clues:
        return "reveal-clues"
    return None


# --- state ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """One puzzle of the match.

    ``builder`` is ``None`` for a generated puzzle, whose ``solution`` is known from the start; a
    built puzzle has its clues and ``commitment`` once submitted, and its ``solution`` only after an
    honest reveal. ``flaw`` says why a reveal failed (or that none came).
    """

    builder: str | None
    puzzle: Puzzle | None = None
    commitment: str | None = None
    solution: Layout | None = None
    revealed: bool = False
    flaw: str | None = None


@dataclass(frozen=True)
class Finish:
    """How ``seat`` ended its puzzle of ``round``: after ``ms`` on the round's clock, for ``points``."""

    round: int
    seat: str
    outcome: Outcome
    ms: int
    points: int

    def to_json(self) -> JSON:
        return {"round": self.round, "seat": self.seat, "outcome": self.outcome, "ms": self.ms, "points": self.points}


@dataclass(frozen=True)
class State:
    """A match. ``round`` counts from 1 (0 while building); ``started_ms`` is when the round's clock
    started (``None`` until the first move or tick after a round opened at setup); ``deadline_ms``
    ends the reveal phase; ``stats`` is the training session's record."""

    options: Options
    seats: tuple[str, ...]
    seed: int
    warps: tuple[Cell, ...]
    sheets: tuple[Sheet, ...]
    phase: Phase
    round: int
    started_ms: int | None = None
    deadline_ms: int | None = None
    finishes: tuple[Finish, ...] = ()
    stats: training.Stats = field(default_factory=training.Stats)
    unmade: int = 0  # a round whose puzzle the generator could not make (the match ended there)
    outs: tuple[tuple[str, int], ...] = ()  # the seats counted out, each with the round it was counted out in


def out_seats(state: State) -> dict[str, int]:
    """The seats counted out (``count_out``), each with the round it happened in (0: while building)."""
    return dict(state.outs)


def counted_out(view: Mapping[str, Any]) -> frozenset[str]:
    """The seats counted out, as a view (checked by ``check_view``) lists them (``out_seats``): the one
    reader of it, for the lobby (``Reflection.counted_out``) and the match screen (standings, controls)."""
    out = view.get("out")
    return frozenset(s for s in out if isinstance(s, str)) if isinstance(out, Mapping) else frozenset()


def withdrawn(sheet: Sheet) -> bool:
    """A built puzzle whose builder was counted out before sending it: nobody is given it."""
    return sheet.builder is not None and sheet.puzzle is None and sheet.flaw is not None


def rounds_of(state: State) -> int:
    """The number of rounds: ``n − 1`` (variant A), ``n`` (variant B), the option (random); training
    counts the puzzles so far."""
    n, o = len(state.seats), state.options
    if o.mode == "built":
        return n - 1 if o.variant == "A" else n
    return o.rounds if o.mode == "random" else len(state.sheets)


def assignment(state: State, round: int) -> dict[str, int]:
    """Which puzzle (index into ``sheets``) each solving seat gets in ``round``; a seat whose puzzle was
    never sent (its builder counted out while building) sits that round out."""
    seats, n = state.seats, len(state.seats)
    if state.options.mode != "built":
        return dict.fromkeys(seats, round - 1)
    if state.options.variant == "A":
        given = {seat: (i + round) % n for i, seat in enumerate(seats)}
    else:
        given = {seat: round - 1 for seat in seats if seat != seats[round - 1]}
    return {seat: i for seat, i in given.items() if not withdrawn(state.sheets[i])}


def last_round(state: State, sheet: int) -> int:
    """The last round that uses puzzle ``sheet``: in variant A every puzzle is used until the end."""
    if state.options.mode == "built" and state.options.variant == "A":
        return rounds_of(state)
    return sheet + 1


def is_done(state: State, sheet: int) -> bool:
    """Whether every round that uses puzzle ``sheet`` is over (its solution may then be shown)."""
    last = last_round(state, sheet)
    return state.round > last or (state.round == last and state.phase in ("reveal", "pause", "over"))


def finished(state: State, round: int) -> dict[str, Finish]:
    return {f.seat: f for f in state.finishes if f.round == round}


def owing(state: State) -> list[str]:
    """The builders who still owe a reveal of a puzzle whose rounds are over."""
    return [
        s.builder
        for i, s in enumerate(state.sheets)
        if s.builder is not None and not s.revealed and s.flaw is None and is_done(state, i)
    ]


def disqualified(state: State) -> list[str]:
    """The builders whose reveal failed (or never came, or was never to come: counted out), in seat
    order: they may have sent clues that no layout makes, so they score 0 and rank below every player
    who revealed."""
    out = {s.builder for s in state.sheets if s.builder is not None and s.flaw is not None}
    return [seat for seat in state.seats if seat in out]


def void(state: State, finish: Finish) -> bool:
    """Whether ``finish`` counts for nothing: a failure on a puzzle whose reveal failed, which may have
    had no solution at all (those who solved it keep their points)."""
    if finish.outcome == "solved" or state.options.mode != "built":
        return False
    return state.sheets[assignment(state, finish.round)[finish.seat]].flaw is not None


def scores(state: State) -> dict[str, int]:
    """Each seat's points so far: failures on a puzzle whose reveal failed are void, and its builder
    scores 0 for the match."""
    total = dict.fromkeys(state.seats, 0)
    for f in state.finishes:
        if not void(state, f):
            total[f.seat] += f.points
    for seat in disqualified(state):
        total[seat] = 0
    return total


def team_scores(state: State) -> list[Fraction]:
    """Each team's score: the exact average of its members' points."""
    total = scores(state)
    return [Fraction(sum(total[s] for s in team), len(team)) for team in teams_of(state.seats, state.options.teams)]


# --- the flow ------------------------------------------------------------------------------------


def puzzle_order(options: Options, seed: int, number: int) -> Order:
    """What puzzle ``number`` (from 1) of a random or training match is, drawn from the match seed. A
    host may make it ahead in the background (``generate.steps(order)`` in ``Work`` slices) and hand
    it to ``setup``: the match is the same, only faster to start."""
    return Order(options.size, options.tileset, options.warp, derive(seed, "reflection", "puzzle", number))


def _generated(options: Options, seed: int, number: int, made: Mapping[Order, Generated] | None = None) -> Sheet:
    """Puzzle ``number`` of a random or training match: from ``made`` when it was made ahead."""
    order = puzzle_order(options, seed, number)
    try:
        made_ahead = (made or {}).get(order)
        made_now = made_ahead if made_ahead is not None else make(order)
    except RuntimeError:
        raise BadOptions("reflection-no-puzzle") from None
    return Sheet(None, made_now.puzzle, solution=made_now.layout)


def setup(options: Options, seats: Sequence[str], seed: int, made: Mapping[Order, Generated] | None = None) -> State:
    """The first state: the build phase, or round 1 of generated puzzles (its clock starts on the
    first move or tick). ``made`` holds puzzles made ahead by ``puzzle_order``: in random mode the
    rest come through ``prepare`` (round 1 waits, phase ``prepare``, unless it was made ahead); a
    training puzzle not made ahead is made now."""
    check_seating(options, len(seats))
    if len(set(seats)) != len(seats):
        raise BadOptions("reflection-seats-differ")
    seats = tuple(seats)
    if options.mode == "built":
        cells = [(r, c) for r in range(options.size) for c in range(options.size)]
        warps = tuple(sorted(rng(seed, "reflection", "warps").sample(cells, 2))) if options.warp else ()
        return State(options, seats, seed, warps, tuple(Sheet(s) for s in seats), "build", 0)
    if options.mode == "random":
        # The host makes the puzzles in the background (``prepare``); round 1 waits for its own unless
        # it was made ahead.
        ahead = made or {}
        orders = [puzzle_order(options, seed, k) for k in range(1, options.rounds + 1)]
        sheets = tuple(Sheet(None, g.puzzle, solution=g.layout) if (g := ahead.get(o)) else Sheet(None) for o in orders)
        return State(options, seats, seed, (), sheets, "solve" if sheets[0].puzzle else "prepare", 1)
    return State(options, seats, seed, (), (_generated(options, seed, 1, made),), "solve", 1)


# --- random mode: puzzles made in the background --------------------------------------------------


def prepare(state: State) -> Preparation | None:
    """The next generated puzzle the match lacks (random mode), made one after another from the start:
    each is drawn from the match seed and its number, as ``_generated`` draws a training puzzle."""
    if state.options.mode != "random" or state.phase == "over":
        return None
    number = next((i + 1 for i, s in enumerate(state.sheets) if s.puzzle is None), None)
    if number is None:
        return None
    options, seed = state.options, state.seed
    key = f"reflection puzzle {number} of {seed} {dumps(options.to_json())}"
    return Preparation(key, lambda: _puzzle_steps(options, seed, number))


def _puzzle_steps(options: Options, seed: int, number: int) -> Generator[int, None, JSON]:
    try:
        made = yield from steps(puzzle_order(options, seed, number))
    except RuntimeError:
        return {"number": number, "failed": True}
    return {"number": number, "puzzle": made.puzzle.to_json(), "layout": made.layout.to_json()}


def prepared(state: State, value: Any, now_ms: int) -> tuple[State, list[Event]]:
    """Take in puzzle ``number`` made by ``prepare``'s steps (or read back from a record: untrusted, so
    it must be the puzzle the match waits for, suit the settings and be made by its layout). A round
    waiting for it opens now; a generator that found none ends the match."""
    value = obj(value, "rf-prepared", IllegalMove)
    only_keys(value, ("number", "puzzle", "layout", "failed"), "rf-prepared", IllegalMove)
    number = get_int(value, "number", IllegalMove, 1, 99)
    missing = next((i + 1 for i, s in enumerate(state.sheets) if s.puzzle is None), None)
    if prepare(state) is None or number != missing:
        raise IllegalMove("rf-prepared-number", number=number)
    if value.get("failed") is True:
        state = replace(state, phase="over", unmade=number, started_ms=None)
        return state, [{"type": "no_puzzle", "round": number}, {"type": "end", "scores": scores(state)}]
    try:
        puzzle = parse_puzzle(value.get("puzzle"))
    except BadMessage as err:
        raise IllegalMove(err.code, **err.params) from None
    o = state.options
    if puzzle.size != o.size or puzzle.tiles != o.tileset or len(puzzle.warps) != (2 if o.warp else 0):
        raise IllegalMove("rf-prepared-puzzle")
    layout = _layout(value, puzzle.size)
    if TileSet.of(layout) != puzzle.tiles or not check(puzzle, layout):
        raise IllegalMove("rf-prepared-layout")
    sheet = Sheet(None, puzzle, solution=layout)
    state = replace(state, sheets=(*state.sheets[: number - 1], sheet, *state.sheets[number:]))
    if state.phase == "prepare" and state.round == number:
        return _open_round(state, number, now_ms)
    return state, []


def _open_round(state: State, round: int, now_ms: int) -> tuple[State, list[Event]]:
    """Round ``round`` starts; the seats counted out end its puzzle at once (a give-up each), and a round
    nobody is given a puzzle in (its builder counted out before sending it) is over at once."""
    state = replace(state, phase="solve", round=round, started_ms=now_ms, deadline_ms=None)
    events: list[Event] = [{"type": "round", "round": round}]
    left = _solvers_left(state)
    if not left:
        state, more = _advance(state, now_ms)
        return state, [*events, {"type": "round_over", "round": round}, *more]
    out = out_seats(state)
    for seat in [s for s in left if s in out]:  # only the last of them can end the round
        state, more = _finish(state, seat, "out", now_ms)
        events += more
    return state, events


def _advance(state: State, now_ms: int) -> tuple[State, list[Event]]:
    """After a round or a reveal phase ended: reveals due, the next round, a training pause, or the end."""
    if state.options.mode == "training":
        return replace(state, phase="pause"), []
    due = [  # a builder counted out failed their reveal already: nobody waits for it
        s.builder
        for i, s in enumerate(state.sheets)
        if s.builder is not None and s.flaw is None and last_round(state, i) == state.round
    ]
    if state.phase == "solve" and due:
        return replace(state, phase="reveal", deadline_ms=now_ms + REVEAL_MS), [
            {"type": "reveal_due", "seats": due, "deadline_ms": now_ms + REVEAL_MS}
        ]
    if state.round < rounds_of(state):
        if state.options.mode == "random" and state.sheets[state.round].puzzle is None:
            # Its puzzle is still being made: the round opens when it is ready (``prepared``).
            waiting = replace(state, phase="prepare", round=state.round + 1, started_ms=None, deadline_ms=None)
            return waiting, [{"type": "preparing", "round": state.round + 1}]
        return _open_round(state, state.round + 1, now_ms)
    return replace(state, phase="over", deadline_ms=None), [{"type": "end", "scores": scores(state)}]


def _finish(
    state: State, seat: str, outcome: Outcome, now_ms: int, at_ms: int | None = None
) -> tuple[State, list[Event]]:
    """``seat`` ends its puzzle of the current round at ``at_ms`` (default ``now_ms``); the round ends
    with its last solver."""
    at_ms = now_ms if at_ms is None else at_ms
    ms = at_ms - (state.started_ms if state.started_ms is not None else at_ms)
    points, stats, o = 0, state.stats, state.options
    if o.mode == "training":
        if outcome == "solved":
            stats = training.solved(stats, o.preset, ms, 0)
        elif outcome == "abandoned":
            stats = training.abandoned(stats, 0)
        else:
            stats = training.gave_up(stats, 0)
    elif outcome == "solved":
        place = 1 + sum(1 for f in finished(state, state.round).values() if f.outcome == "solved")
        points = place_points(place, len(state.seats), rounds_of(state))
    else:
        points = failure_points(len(state.seats), rounds_of(state))
    done = Finish(state.round, seat, outcome, ms, points)
    state = replace(state, finishes=(*state.finishes, done), stats=stats)
    events: list[Event] = [{"type": outcome, **done.to_json()}]
    if set(finished(state, state.round)) >= set(assignment(state, state.round)):
        state, more = _advance(state, now_ms)
        events = [*events, {"type": "round_over", "round": done.round}, *more]
    return state, events


def _due(state: State, now_ms: int) -> tuple[State, list[Event]]:
    """What time has done by ``now_ms``: start a waiting clock, time out solvers, close the reveals."""
    if state.phase == "solve" and state.started_ms is None:
        return replace(state, started_ms=now_ms), [{"type": "clock", "round": state.round, "started_ms": now_ms}]
    limit = state.options.limit_ms
    if state.phase == "solve" and limit and state.started_ms is not None and now_ms >= state.started_ms + limit:
        events: list[Event] = []
        for seat in sorted(_solvers_left(state), key=state.seats.index):
            state, more = _finish(state, seat, "timeout", now_ms, state.started_ms + limit)
            events += more
        return state, events
    if state.phase == "reveal" and state.deadline_ms is not None and now_ms >= state.deadline_ms:
        missing = set(owing(state))
        sheets = tuple(replace(s, flaw="reveal-late") if s.builder in missing else s for s in state.sheets)
        events = [{"type": "reveal_failed", "seat": s, "why": "reveal-late"} for s in sorted(missing)]
        state, more = _advance(replace(state, sheets=sheets), now_ms)
        return state, events + more
    return state, []


def _solvers_left(state: State) -> list[str]:
    if state.phase != "solve":
        return []
    done = finished(state, state.round)
    return [s for s in assignment(state, state.round) if s not in done]


def count_out(state: State, seat: str, now_ms: int) -> tuple[State, list[Event]]:
    """The host counts out ``seat``, whose player left for good, so the race need not wait for them
    (docs/rules/reflection.md, "A player who leaves"): the puzzle they solve now and every later one
    ends for them as a give-up (outcome ``out``, the failure's points); a puzzle they built and never
    sent is dropped (its solvers sit that round out); one they sent and had not revealed fails its
    reveal at once (``reveal-out``: they are disqualified and failures on it are void). They rank
    after everyone who played on. Raises ``IllegalMove`` and changes nothing when it cannot be done."""
    if seat not in state.seats:
        raise IllegalMove("not-playing", seat=seat)
    state, events = _due(state, now_ms)
    if state.phase == "over":
        raise IllegalMove("match-over")
    if state.options.mode == "training":
        raise IllegalMove("reflection-out-training")
    if seat in out_seats(state):
        raise IllegalMove("reflection-out-already")
    state = replace(state, outs=(*state.outs, (seat, state.round)))
    said: Event = {"type": "counted_out", "seat": seat, "round": state.round}
    events.append(said)
    index = state.seats.index(seat)
    sheet = state.sheets[index] if state.options.mode == "built" else None
    if sheet is not None and not sheet.revealed and sheet.flaw is None:
        flaw = "reveal-out" if sheet.puzzle is not None else "built-out"
        state = replace(state, sheets=(*state.sheets[:index], replace(sheet, flaw=flaw), *state.sheets[index + 1 :]))
        if sheet.puzzle is not None:
            events.append({"type": "reveal_failed", "seat": seat, "why": flaw})
    if state.phase == "build" and all(s.puzzle is not None or s.flaw is not None for s in state.sheets):
        state, more = _open_round(state, 1, now_ms)
    elif state.phase == "solve" and seat in _solvers_left(state):
        state, more = _finish(state, seat, "out", now_ms)
        # The log says it once: the count-out carries the points of the puzzle it ended, instead of a
        # second line for that finish under "Bea (2) left and…". Only a later round's ``out`` is a line
        # of its own ("Bea (2) is still counted out: …", standings.event_text).
        said["points"] = more.pop(0)["points"]
    elif state.phase == "reveal" and not owing(state):
        state, more = _advance(state, now_ms)
    else:
        more = []
    return state, events + more


# --- moves ---------------------------------------------------------------------------------------

MOVE_FIELDS: dict[str, tuple[str, ...]] = {
    "submit_puzzle": ("clues", "commitment"),
    "reveal": ("layout", "salt"),
    "solve": ("layout", "round"),
    "give_up": ("round",),
    "abandon": (),
    "continue": (),
    "stop": (),
}
OPTIONAL_FIELDS = {"round"}  # a solve or give-up may name its round, so a late one is refused clearly
# Which moves each phase takes (training adds abandoning and stopping to the solve phase).
PHASE_MOVES: dict[Phase, tuple[str, ...]] = {
    "build": ("submit_puzzle",),
    "prepare": (),
    "solve": ("solve", "give_up"),
    "reveal": ("reveal",),
    "pause": ("continue", "stop"),
    "over": (),
}
terms(
    {
        "phase-build": N_("while puzzles are being built"),
        "phase-prepare": N_("while the next puzzle is being made"),
        "phase-solve": N_("while puzzles are being solved"),
        "phase-reveal": N_("while builders reveal their puzzles"),
        "phase-pause": N_("between training puzzles"),
        "phase-over": N_("after the match"),
        "move-submit_puzzle": N_("submit puzzle"),
        "move-solve": N_("solve"),
        "move-give_up": N_("give up"),
        "move-reveal": N_("reveal"),
        "move-abandon": N_("abandon"),
        "move-continue": N_("continue"),
        "move-stop": N_("stop"),
    }
)


def _clue_words(codes: str, translate: Callable[[str], str]) -> str | None:
    """The ``clues`` of a reason (``laser.clue_codes``) named as the board names them (``scene.clue_words``:
    the view's words, imported when a reason is first drawn, as the rules are loaded without it)."""
    from gamenight.reflection.scene import clue_words

    return clue_words(codes, translate)


formats({"clues": _clue_words})
terms(  # why a reveal failed (``Sheet.flaw``, the ``why`` of a ``reveal_failed`` event)
    {
        "reveal-commitment": N_("the layout and salt do not match the commitment"),
        "reveal-tiles": N_("the layout does not place every tile of the set"),
        "reveal-clues": N_("the layout does not make the clues it was submitted with"),
        "reveal-late": N_("no reveal came in time"),
        "reveal-out": N_("its builder was counted out before revealing it"),
        "built-out": N_("its builder was counted out before sending it"),
    }
)
reasons(
    {
        "reveal-failed": N_("reveal failed: {why}"),
        "reflection-limit": N_("The time limit must be one of {choices} minutes, or 0 for none."),
        "reflection-players": N_("Reflection is for 1 to 6 players, not {players}."),
        "reflection-built-players": N_(
            "Player-built puzzles need at least 2 players: choose random puzzles or training."
        ),
        "reflection-variant-b": N_("Variant B (everyone solves the same puzzle) needs at least 3 players."),
        "reflection-training-one": N_("Training is for one player."),
        "reflection-teams": N_("Teams need at least 3 players."),
        "reflection-triangles-size": N_(
            "With triangle mirrors, puzzles made for you come on boards up to {n}×{n}: a larger one takes too "
            "long to make. Choose a smaller board, or puzzles the players build."
        ),
        "reflection-no-puzzle": N_("No puzzle with a single solution was found for these settings: use fewer tiles."),
        "reflection-seats-differ": N_("Every seat must be different."),
        "reflection-submitted": N_("you have already submitted your puzzle"),
        "reflection-commitment": N_("'commitment' must be a sha256 digest: 64 lowercase hex digits"),
        "reflection-salt": N_("'salt' must be {lo} to {hi} lowercase hex digits"),
        "reflection-layout-fit": N_("that layout uses more tiles of a kind than the puzzle has, or covers a warp cell"),
        "reflection-not-solved": N_("not solved yet: {n} clues differ ({clues})"),
        "reflection-one-not-solved": N_("not solved yet: one clue differs ({clues})"),
        "reflection-training-limit": N_("a training match has at most {n} puzzles: start a new one"),
        "not-playing": N_("'{seat}' is not playing in this match"),
        "reflection-round-over": N_("round {round} is over: its time ran out"),
        "match-over": N_("the match is over"),
        "reflection-wrong-phase": N_("you cannot {kind} {phase}"),
        "reflection-finished": N_("you have finished this round's puzzle, or sit this round out"),
        "reflection-nothing-to-reveal": N_("you have nothing to reveal now"),
        "reflection-not-your-turn": N_("it is not your turn"),
        "reflection-training-over": N_("training over: {solved} solved, {given_up} given up, {abandoned} abandoned"),
        "reflection-most-points": N_("the most points after the last round"),
        "reflection-team-average": N_("the best team average after the last round"),
        "reflection-no-puzzle-round": N_("no puzzle could be made for round {round}"),
        "reflection-counted-out": N_("left the match and was counted out"),
        "reflection-out-already": N_("that player has been counted out already"),
        "reflection-out-training": N_("a training match has one player: stop it instead"),
    }
)
# A training match can go on for ever; its view lists every puzzle, so it stops here (its view then
# stays below 0.5 MB: docs/protocol.md).
MAX_TRAINING_PUZZLES = 200


def _move_kind(move: Any) -> tuple[str, Mapping[str, Any]]:
    move = obj(move, "move", IllegalMove)
    kind = get_choice(move, "type", tuple(MOVE_FIELDS), IllegalMove)
    only_keys(move, ("type", *MOVE_FIELDS[kind]), "move", IllegalMove)
    return kind, move


def _layout(move: Mapping[str, Any], size: int) -> Layout:
    try:
        return parse_layout(move.get("layout"), size)
    except BadMessage as err:
        raise IllegalMove(err.code, **err.params) from None


def _submit(state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
    index = state.seats.index(seat)
    if state.sheets[index].puzzle is not None:
        raise IllegalMove("reflection-submitted")
    o = state.options
    shape = {
        "size": o.size,
        "warps": [list(w) for w in state.warps],
        "tiles": o.tileset.to_json(),
        "clues": move.get("clues"),
    }
    try:
        puzzle = parse_puzzle(shape)
    except BadMessage as err:
        raise IllegalMove(err.code, **err.params) from None
    committed = get_str(move, "commitment", IllegalMove, 64)
    if len(committed) != 64 or not set(committed) <= HEX:
        raise IllegalMove("reflection-commitment")
    sheet = replace(state.sheets[index], puzzle=puzzle, commitment=committed)
    state = replace(state, sheets=(*state.sheets[:index], sheet, *state.sheets[index + 1 :]))
    events: list[Event] = [{"type": "submitted", "seat": seat}]
    if all(s.puzzle is not None or withdrawn(s) for s in state.sheets):
        state, more = _open_round(state, 1, now_ms)
        events += more
    return state, events


def _reveal(state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
    index = state.seats.index(seat)
    sheet = state.sheets[index]
    assert sheet.puzzle is not None and sheet.commitment is not None
    layout = _layout(move, sheet.puzzle.size)
    salt = get_str(move, "salt", IllegalMove, SALT_LENGTHS.stop - 1)
    if len(salt) not in SALT_LENGTHS or not set(salt) <= HEX:
        raise IllegalMove("reflection-salt", lo=SALT_LENGTHS.start, hi=SALT_LENGTHS.stop - 1)
    flaw = reveal_flaw(sheet.puzzle, sheet.commitment, layout, salt)
    if flaw is None:
        sheet = replace(sheet, solution=layout, revealed=True)
        event: Event = {"type": "revealed", "seat": seat}
    else:
        sheet = replace(sheet, flaw=flaw)
        event = {"type": "reveal_failed", "seat": seat, "why": flaw}
    state = replace(state, sheets=(*state.sheets[:index], sheet, *state.sheets[index + 1 :]))
    if owing(state):
        return state, [event]
    state, more = _advance(state, now_ms)
    return state, [event, *more]


def _solve(state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
    sheet = state.sheets[assignment(state, state.round)[seat]]
    assert sheet.puzzle is not None
    layout = _layout(move, sheet.puzzle.size)
    if not fits(sheet.puzzle, layout):
        raise IllegalMove("reflection-layout-fit")
    if not check(sheet.puzzle, layout):
        raise not_solved(mismatches(sheet.puzzle, layout))
    return _finish(state, seat, "solved", now_ms)


def not_solved(wrong: Sequence[str]) -> IllegalMove:
    """A solve refused: how many clues differ and which, as codes each page names as its board does
    ("top 3"), in its own language. One clue has a sentence of its own, as a reason's template has no
    plural: a laser that comes back out where it went in, or one a black hole stops, is a clue alone."""
    code = "reflection-one-not-solved" if len(wrong) == 1 else "reflection-not-solved"
    return IllegalMove(code, n=len(wrong), clues=clue_codes(wrong))


def _continue(state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
    number = len(state.sheets) + 1
    if number > MAX_TRAINING_PUZZLES:
        raise IllegalMove("reflection-training-limit", n=MAX_TRAINING_PUZZLES)
    try:
        sheet = _generated(state.options, state.seed, number)
    except BadOptions as err:
        raise IllegalMove(err.code, **err.params) from None
    return _open_round(replace(state, sheets=(*state.sheets, sheet)), number, now_ms)


def _stop(state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
    events: list[Event] = []
    if state.phase == "solve":
        state, events = _finish(state, seat, "abandoned", now_ms)
    return replace(state, phase="over"), [*events, {"type": "end", "stats": state.stats.to_json()}]


HANDLERS = {
    "submit_puzzle": _submit,
    "reveal": _reveal,
    "solve": _solve,
    "give_up": lambda state, seat, move, now_ms: _finish(state, seat, "gave_up", now_ms),
    "abandon": lambda state, seat, move, now_ms: _finish(state, seat, "abandoned", now_ms),
    "continue": _continue,
    "stop": _stop,
}


# --- views ---------------------------------------------------------------------------------------


def _clues_shown(state: State, seat: str | None, index: int) -> bool:
    """A puzzle's clues are seen by its builder, by each seat it has been given to, by spectators
    while someone solves it, and by everyone once its rounds are over."""
    sheet = state.sheets[index]
    if sheet.puzzle is None:
        return False
    if is_done(state, index) or (seat is not None and sheet.builder == seat):
        return True
    if state.round == 0:
        return False
    if seat is None:
        return index in assignment(state, state.round).values()
    return any(assignment(state, r).get(seat) == index for r in range(1, state.round + 1))


def _sheet_json(state: State, seat: str | None, index: int) -> JSON:
    sheet, o = state.sheets[index], state.options
    shown = _clues_shown(state, seat, index)
    puzzle = sheet.puzzle
    done = is_done(state, index)
    return {
        "number": index + 1,
        "builder": sheet.builder,
        "size": puzzle.size if puzzle else o.size,
        "warps": [list(w) for w in (puzzle.warps if puzzle else state.warps)],
        "tiles": (puzzle.tiles if puzzle else o.tileset).to_json(),
        "submitted": puzzle is not None,
        "ready": puzzle is not None,
        "clues": [str(c) for c in puzzle.clues] if puzzle and shown else None,
        "commitment": sheet.commitment,
        "solution": list(sheet.solution.rows) if done and sheet.solution else None,
        "reveal": "failed" if sheet.flaw else "done" if sheet.revealed else None,
        "flaw": sheet.flaw,
    }


# The options as the lobby's form offers them; ``parse_options`` still validates what it sends. The
# board size, tiles and black holes count only for the preset "custom", the variant only with built
# puzzles, the rounds and teams only with puzzles made by the app (``only_with``: the host's form and a
# guest's list of the options leave them out otherwise).
ONLY_CUSTOM = ("preset", ("custom",))
OPTION_FIELDS = (
    OptionField(
        "mode",
        N_("Puzzles"),
        "random",
        "choice",
        choices=(("random", N_("made by the app")), ("built", N_("built by the players"))),
    ),
    OptionField(
        "variant",
        N_("Built puzzles"),
        "A",
        "choice",
        choices=(("A", N_("A: solve all the others")), ("B", N_("B: one puzzle a round"))),
        only_with=("mode", ("built",)),
    ),
    OptionField(
        "rounds",
        N_("Rounds (made by the app)"),
        1,
        "choice",
        choices=tuple((n, str(n)) for n in ROUNDS),
        only_with=("mode", ("random",)),
    ),
    OptionField(
        "teams",
        N_("Teams"),
        0,
        "choice",
        choices=((0, N_("no teams")), (2, N_("2 teams")), (3, N_("3 teams"))),
        only_with=("mode", ("random",)),
    ),
    OptionField(
        "limit",
        N_("Time per round"),
        0,
        "choice",
        choices=(
            (0, N_("no limit")),
            (2, N_("2 minutes")),
            (3, N_("3 minutes")),
            (5, N_("5 minutes")),
            (10, N_("10 minutes")),
            (15, N_("15 minutes")),
            (20, N_("20 minutes")),
            (30, N_("30 minutes")),
            (60, N_("1 hour")),
        ),
    ),
    OptionField(
        "preset",
        N_("Difficulty"),
        "easy",
        "choice",
        choices=(
            ("easy", N_("Easy")),
            ("normal", N_("Normal")),
            ("hard", N_("Hard")),
            ("expert", N_("Expert")),
            ("custom", N_("Custom (below)")),
        ),
    ),
    OptionField(
        "size", N_("Custom board size"), PRESETS["easy"].size, "int", MIN_SIZE, MAX_SIZE, only_with=ONLY_CUSTOM
    ),
    OptionField(
        "tiles", N_("Custom tiles"), PRESETS["easy"].tiles, "int", 1, MAX_SIZE * MAX_SIZE // 2, only_with=ONLY_CUSTOM
    ),
    OptionField("black_holes", N_("Custom: black holes"), False, "bool", only_with=ONLY_CUSTOM),
    OptionField("warp", N_("Warp gates"), False, "bool"),
    OptionField("triangles", N_("Triangle mirrors"), False, "bool"),
)


# --- the Game --------------------------------------------------------------------------------------


class ReflectionMatch:
    """The ``Game`` protocol for Reflection: simultaneous play, several seats active at once."""

    simultaneous = True  # a solve or a reveal stands on its own, whoever moved just before
    option_fields = OPTION_FIELDS

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    def options(self, raw: Mapping[str, Any] | None) -> Options:
        return parse_options(raw)

    def setup(self, options: Options, seats: Sequence[str], seed: int) -> State:
        return setup(options, seats, seed)

    def active(self, state: State) -> frozenset[str]:
        if state.phase == "build":
            return frozenset(s.builder for s in state.sheets if s.puzzle is None and s.flaw is None and s.builder)
        if state.phase == "solve":
            return frozenset(_solvers_left(state))
        if state.phase == "reveal":
            return frozenset(owing(state))
        return frozenset(state.seats) if state.phase == "pause" else frozenset()

    def legal(self, state: State, seat: str) -> list[Move]:
        """The moves that can be listed without a layout: giving up, abandoning, continuing, stopping."""
        if seat not in self.active(state):
            return []
        kinds = [k for k in self._kinds(state) if not set(MOVE_FIELDS[k]) - OPTIONAL_FIELDS]
        return [{"type": k} for k in kinds]

    def _kinds(self, state: State) -> tuple[str, ...]:
        if state.options.mode == "training" and state.phase == "solve":
            return (*PHASE_MOVES["solve"], "abandon", "stop")
        return PHASE_MOVES[state.phase]

    def play(self, state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[Event]]:
        if seat not in state.seats:
            raise IllegalMove("not-playing", seat=seat)
        kind, move = _move_kind(move)
        state, events = _due(state, now_ms)
        if "round" in move and get_int(move, "round", IllegalMove, 1, 99) != state.round:
            # The round the player was solving ended (its time ran out) before the move arrived.
            raise IllegalMove("reflection-round-over", round=move["round"])
        if state.phase == "over":
            raise IllegalMove("match-over")
        if kind not in self._kinds(state):
            raise IllegalMove("reflection-wrong-phase", kind=f"move-{kind}", phase=f"phase-{state.phase}")
        if seat not in self.active(state):
            raise IllegalMove(_waiting(state))
        state, more = HANDLERS[kind](state, seat, move, now_ms)
        return state, events + more

    def tick(self, state: State, now_ms: int) -> tuple[State, list[Event]]:
        return _due(state, now_ms)

    def count_out(self, state: State, seat: str, now_ms: int) -> tuple[State, list[Event]]:
        return count_out(state, seat, now_ms)

    def counted_out(self, view: Mapping[str, Any]) -> frozenset[str]:
        return counted_out(view)

    def prepare(self, state: State) -> Preparation | None:
        return prepare(state)

    def prepared(self, state: State, value: Any, now_ms: int) -> tuple[State, list[Event]]:
        return prepared(state, value, now_ms)

    def groups(self, options: Options, seats: Sequence[str]) -> tuple[tuple[str, ...], ...]:
        """The teams (``core.game.seat_groups``), as the view and the result deal them."""
        return teams_of(seats, options.teams) if options.teams else ()

    def view(self, state: State, seat: str | None) -> JSON:
        """Public progress and scores; the clues each seat may see; solutions only once a puzzle is done."""
        you = seat if seat in state.seats else None
        now = assignment(state, state.round) if state.phase == "solve" else {}
        o = state.options
        view: JSON = {
            "game": self.info.id,
            "you": you,
            "seats": list(state.seats),
            "options": o.to_json(),
            "phase": state.phase,
            "round": state.round,
            "rounds": rounds_of(state),
            "started_ms": state.started_ms,
            "limit_ms": o.limit_ms,
            "deadline_ms": state.deadline_ms,
            "active": sorted(self.active(state), key=state.seats.index),
            "solving": {s: i + 1 for s, i in now.items()},
            "puzzles": [_sheet_json(state, you, i) for i in range(len(state.sheets))],
            "finishes": [{**f.to_json(), "void": void(state, f)} for f in state.finishes],
            "disqualified": disqualified(state),
            "out": out_seats(state),
            "scores": scores(state),
            "teams": [list(t) for t in teams_of(state.seats, o.teams)] if o.teams else [],
            "team_scores": [float(t) for t in team_scores(state)] if o.teams else [],
            "stats": state.stats.to_json() if o.mode == "training" else None,
        }
        result = self.result(state)
        view["result"] = result.to_json() if result else None
        return view

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        if state.options.mode == "training":
            s = state.stats
            return Result(
                ranking=(state.seats,),
                reason="reflection-training-over",
                params={"solved": s.solved, "given_up": s.given_up, "abandoned": s.abandoned},
            )
        if state.unmade:
            return Result(
                (state.seats,), scores(state), {}, "reflection-no-puzzle-round", params={"round": state.unmade}
            )
        total = scores(state)
        notes = {s.builder: reason("reveal-failed", why=s.flaw) for s in state.sheets if s.builder and s.flaw}
        gone = out_seats(state)
        notes |= {seat: reason("reflection-counted-out", round=round) for seat, round in gone.items()}
        if not state.options.teams:
            # Disqualified builders and players counted out come after every player who played on and
            # revealed, whatever the points.
            out = [s for s in state.seats if s in gone or s in disqualified(state)]
            ranking = rank_by([s for s in state.seats if s not in out], total) + rank_by(out, total)
            return Result(ranking, total, notes, "reflection-most-points")
        teams = teams_of(state.seats, state.options.teams)
        averages = team_scores(state)
        key = {seat: averages[t] for t, team in enumerate(teams) for seat in team}
        return Result(rank_by(state.seats, key), total, notes, "reflection-team-average", teams)

    def check_view(self, view: Mapping[str, Any], seat: str | None, events: Iterable[Mapping[str, Any]]) -> None:
        from gamenight.reflection.checkview import check_view  # it reads this module's tables

        check_view(view, seat, events)


def _waiting(state: State) -> str:
    if state.phase == "build":
        return "reflection-submitted"
    if state.phase == "solve":
        return "reflection-finished"
    return "reflection-nothing-to-reveal" if state.phase == "reveal" else "reflection-not-your-turn"
