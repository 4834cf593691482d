"""Real positions of every game, for the tests of what a guest checks (``Game.check_view``): states
from several seeded matches, at their start, in the middle and at their end, each with the events of
the step that led to it and the match's log so far. A view is made by the game's own ``view`` for any
seat (``sight.view(seat)``), so a check that refused one would refuse what hosts really send."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gamenight import games
from gamenight.core.game import seat_colour
from gamenight.lobby import protocol as p
from tests.unit.reflection.match_helpers import BUILT, Match


@dataclass(frozen=True)
class Sight:
    """A position of a match of ``game``: its state, the events of its last step, every event so far."""

    game: str
    state: Any
    seats: tuple[str, ...]
    events: tuple[dict, ...]
    log: tuple[dict, ...]
    moves: int

    def view(self, seat: str | None) -> dict:
        return games.rules(self.game).view(self.state, seat)

    def result(self) -> dict | None:
        done = games.rules(self.game).result(self.state)
        return done.to_json() if done else None

    def lobby(self) -> p.Lobby:
        """A lobby in which this match is played: member ``m<n>`` holds the n-th seat."""
        game = games.rules(self.game)
        return p.Lobby(
            game=self.game,
            title=game.info.title,
            options=None,
            players=len(self.seats),
            phase="playing" if self.result() is None else "lobby",
            host="m1",
            members=tuple(p.MemberInfo(f"m{n}", f"Player {n}", True) for n in range(1, len(self.seats) + 2)),
            seats=tuple(p.SeatInfo(s, seat_colour(game, s), f"m{n}") for n, s in enumerate(self.seats, 1)),
        )

    def match(self, seat: str | None, view: dict | None = None) -> p.MatchView:
        """The match as the host sends it to ``seat`` (``view``: another view in its place)."""
        ended = "over" if self.result() is not None else None
        return p.MatchView(self.game, seat, self.view(seat) if view is None else view, self.result(), self.moves, ended)


def _played(game_id: str, seats: tuple[str, ...], options: Any, seed: int, most: int) -> list[Sight]:
    """A match of random legal moves: its start, its middle and its last position (the end, when it
    ends within ``most`` moves)."""
    game = games.rules(game_id)
    state = game.setup(game.options(options), seats, seed)
    r = random.Random(seed)
    found = [Sight(game_id, state, seats, (), (), 0)]
    log: list[dict] = []
    for n in range(1, most + 1):
        movers = sorted(game.active(state))
        if not movers:
            break
        seat = movers[0]
        state, events = game.play(state, seat, r.choice(list(game.legal(state, seat))), 1000 * n)
        log += events
        found.append(Sight(game_id, state, seats, tuple(events), tuple(log), n))
    return [found[0], found[len(found) // 2], found[-1]]


def raythread() -> list[Sight]:
    return [
        *_played("raythread", ("A", "C"), {"size": 9, "mirrors": 8, "prisms": 4, "target": 28}, 1, 200),
        *_played("raythread", ("A", "B", "C"), None, 2, 200),
        *_played("raythread", ("A", "B", "C", "D"), {"size": 15, "mirrors": 40, "prisms": 30, "target": 20}, 3, 300),
    ]


def lightseeker() -> list[Sight]:
    return [s for seed in (1, 2, 3) for s in _played("lightseeker", ("1", "2"), None, seed, 40)]


def reflection() -> list[Sight]:
    """Built puzzles (building, solving, revealing, over), made ones over three rounds, and training."""
    found: list[Sight] = []

    def seen(m: Match, events: list[dict]) -> None:
        found.append(Sight("reflection", m.state, m.seats, tuple(events), tuple(m.events), len(m.log)))

    built = Match({**BUILT, "teams": 0}, 3, seed=11)
    seen(built, [])
    built.build_all()
    seen(built, built.events[-1:])
    seen(built, built.solve("2"))
    seen(built, built.play("3", {"type": "give_up"}))
    built.solve("1")
    while built.state.phase == "solve":
        seat = sorted(active(built))[0]
        built.play(seat, {"type": "give_up"})
    seen(built, [])
    for seat in built.seats:
        seen(built, built.reveal(seat))
    made = Match({"mode": "random", "rounds": 3, "preset": "easy", "teams": 2}, 4, seed=12)
    seen(made, made.events)
    while made.state.phase != "over":
        seat = sorted(active(made))[0]
        events = made.solve(seat) if seat in ("1", "3") else made.play(seat, {"type": "give_up"})
        seen(made, events)
    training = Match({"mode": "training", "preset": "custom", "size": 4, "tiles": 3}, 1, seed=13)
    seen(training, training.tick(0))
    seen(training, training.solve("1", after_ms=5_000))
    seen(training, training.play("1", {"type": "stop"}))
    return found


def active(m: Match) -> frozenset[str]:
    return games.rules("reflection").active(m.state)


SIGHTS = {"raythread": raythread, "lightseeker": lightseeker, "reflection": reflection}
