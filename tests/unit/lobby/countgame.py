"""A tiny game for lobby tests: count to a target, with a secret per seat, simultaneous picks and a clock.

Seats add 1 to 3 to a shared total; whoever added most when the total reaches the target wins.
``mode="turns"``: seats take turns. ``mode="together"``: every seat picks secretly, then all picks
are revealed and added at once. ``limit_ms`` (turns mode): a seat that waits that long is skipped.
Each seat holds a secret string that only its own view shows, so leak tests can look for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamenight.core.errors import BadOptions, IllegalMove
from gamenight.core.game import GameInfo, Result, rank_by
from gamenight.core.jsonutil import get_choice, get_int, obj, only_keys
from gamenight.core.rng import rng
from gamenight.i18n import reasons

reasons({"count-seats": "this game seats {n} players as {seats}", "count-not-your-turn": "it is not your turn"})


@dataclass(frozen=True)
class Options:
    target: int = 10
    mode: str = "turns"
    limit_ms: int = 0  # 0: no clock


@dataclass(frozen=True)
class State:
    options: Options
    seats: tuple[str, ...]
    secrets: tuple[str, ...]
    total: int = 0
    scores: tuple[int, ...] = ()
    turn: int = 0
    picks: tuple[int | None, ...] = ()
    deadline: int | None = None
    over: bool = False


def secret_of(seed: int, seat: str) -> str:
    return f"secret-{seat}-{rng(seed, 'secret', seat).getrandbits(64):016x}"


class Count:
    """Seated as "1".."n" (no ``seat_ids`` hook)."""

    info = GameInfo("numbered", "Count (numbered seats)", "Count to ten.", range(2, 4))

    def options(self, raw: Mapping[str, Any] | None) -> Options:
        if raw is None:
            return Options()
        raw = obj(raw, "options", BadOptions)
        only_keys(raw, ("target", "mode", "limit_ms"), "options", BadOptions)
        return Options(
            get_int(raw, "target", BadOptions, 3, 50, default=10),
            get_choice(raw, "mode", ("turns", "together"), BadOptions, default="turns"),
            get_int(raw, "limit_ms", BadOptions, 0, 600_000, default=0),
        )

    def expected_seats(self, count: int) -> tuple[str, ...]:
        return tuple(str(n) for n in range(1, count + 1))

    def setup(self, options: Options, seats: Sequence[str], seed: int) -> State:
        seats = tuple(seats)
        if len(seats) not in self.info.seats or seats != self.expected_seats(len(seats)):
            raise BadOptions("count-seats", n=len(seats), seats=", ".join(self.expected_seats(len(seats))))
        return State(
            options=options,
            seats=seats,
            secrets=tuple(secret_of(seed, s) for s in seats),
            scores=(0,) * len(seats),
            picks=(None,) * len(seats),
        )

    def active(self, state: State) -> frozenset[str]:
        if state.over:
            return frozenset()
        if state.options.mode == "together":
            return frozenset(s for s, pick in zip(state.seats, state.picks, strict=True) if pick is None)
        return frozenset((state.seats[state.turn],))

    def legal(self, state: State, seat: str) -> list[dict[str, int]]:
        return [{"add": n} for n in (1, 2, 3)] if seat in self.active(state) else []

    def play(self, state: State, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[State, list[dict]]:
        if seat not in self.active(state):
            raise IllegalMove("count-not-your-turn")
        move = obj(move, "move", IllegalMove)
        only_keys(move, ("add",), "move", IllegalMove)
        add = get_int(move, "add", IllegalMove, 1, 3)
        i = state.seats.index(seat)
        if state.options.mode == "together":
            picks = list(state.picks)
            picks[i] = add
            state = replace(state, picks=tuple(picks))
            if any(p is None for p in picks):
                return state, [{"type": "picked", "seat": seat}]
            scores = tuple(s + p for s, p in zip(state.scores, picks, strict=True))
            total = state.total + sum(picks)
            shown = dict(zip(state.seats, picks, strict=True))
            after = replace(state, total=total, scores=scores, picks=(None,) * len(picks))
            return self._check_end(after), [{"type": "revealed", "picks": shown, "total": total}]
        scores = list(state.scores)
        scores[i] += add
        after = replace(state, total=state.total + add, scores=tuple(scores), turn=(i + 1) % len(state.seats))
        if state.options.limit_ms:
            after = replace(after, deadline=now_ms + state.options.limit_ms)
        return self._check_end(after), [{"type": "added", "seat": seat, "add": add, "total": after.total}]

    def _check_end(self, state: State) -> State:
        return replace(state, over=True) if state.total >= state.options.target else state

    def tick(self, state: State, now_ms: int) -> tuple[State, list[dict]]:
        limit = state.options.limit_ms
        if not limit or state.over or state.options.mode != "turns":
            return state, []
        if state.deadline is None:
            return replace(state, deadline=now_ms + limit), []
        if now_ms < state.deadline:
            return state, []
        skipped = state.seats[state.turn]
        after = replace(state, turn=(state.turn + 1) % len(state.seats), deadline=now_ms + limit)
        return after, [{"type": "timeout", "seat": skipped}]

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        i = state.seats.index(seat) if seat is not None else None
        return {
            "seats": list(state.seats),
            "total": state.total,
            "target": state.options.target,
            "scores": dict(zip(state.seats, state.scores, strict=True)),
            "turn": sorted(self.active(state)),
            "picked": [s for s, pick in zip(state.seats, state.picks, strict=True) if pick is not None],
            "secret": None if i is None else state.secrets[i],
            "pick": None if i is None else state.picks[i],
        }

    def check_view(self, view: Mapping[str, Any], seat: str | None, events: Iterable[Mapping[str, Any]]) -> None:
        """Nothing to check: a page shows this game as text (it has no board), which reads what it checks."""

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        scores = dict(zip(state.seats, state.scores, strict=True))
        return Result(ranking=rank_by(state.seats, scores), scores=scores)


class Lettered(Count):
    """Seated by the ``seat_ids`` hook, like Raythread: two players are X and Z, three X, Y, Z."""

    info = GameInfo("count", "Count to Ten", "Count to ten.", range(2, 4))

    def seat_ids(self, count: int) -> tuple[str, ...]:
        return {2: ("X", "Z"), 3: ("X", "Y", "Z")}[count]

    def expected_seats(self, count: int) -> tuple[str, ...]:
        return self.seat_ids(count) if count in self.info.seats else ()


COUNT = Lettered()
NUMBERED = Count()
