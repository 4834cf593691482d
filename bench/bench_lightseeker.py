"""Light Seeker micro-benchmark: legal-turn enumeration and play on typical mid-game positions.

Run: ``python bench/bench_lightseeker.py``. Positions come from seeded random legal games after a few
turns (the middle of a match, when most cubes can move and the most turns are legal). Every operation
is timed on every position in one run, several rounds each; the table shows medians and each
operation's share of the 300 ms browser budget for a bot move.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the ``bench`` package

from bench.stats import median_ms
from gamenight.lightseeker import GAME
from gamenight.lightseeker.controls import plan
from gamenight.lightseeker.rules import has_legal_turn, light_areas, turn_outcomes

BOT_BUDGET_MS = 300.0
SEEDS = range(1, 13)
MIDGAME_TURNS = 3
ROUNDS = 15


def midgame(seed: int):
    s = GAME.setup(GAME.options(None), ["ann", "bob"], seed)
    r = random.Random(seed)
    for _ in range(MIDGAME_TURNS):
        s, _ = GAME.play(s, s.to_move, r.choice(GAME.legal(s, s.to_move)), 0)
    return s


def main() -> None:
    positions = [s for s in (midgame(seed) for seed in SEEDS) if s.outcome is None]
    counts = [len(GAME.legal(s, s.to_move)) for s in positions]
    rows: dict[str, list[float]] = {}
    for s in positions:
        seat = s.to_move
        some_move = GAME.legal(s, seat)[len(counts) % 7]
        for name, fn in (
            ("legal() - every turn as move JSON", lambda s=s, seat=seat: GAME.legal(s, seat)),
            ("turn_outcomes() - distinct arrangements", lambda s=s: turn_outcomes(s.board, s.actions_due)),
            ("controls.plan() - what the board dims", lambda s=s: plan.__wrapped__(s.board, s.actions_due)),
            ("has_legal_turn() - first legal turn", lambda s=s: has_legal_turn(s.board, s.actions_due)),
            ("play() - one legal turn", lambda s=s, seat=seat, m=some_move: GAME.play(s, seat, m, 0)),
            ("light_areas()", lambda s=s: light_areas(s.board)),
            ("view()", lambda s=s: GAME.view(s, None)),
        ):
            rows.setdefault(name, []).append(median_ms(fn, ROUNDS))
    print(f"Light Seeker, CPython {sys.version.split()[0]}: {len(positions)} positions after {MIDGAME_TURNS} turns")
    print(f"legal turns per position: median {statistics.median(counts):.0f}, min {min(counts)}, max {max(counts)}")
    print(f"{'operation':42} {'median ms':>10} {'max ms':>8} {'x play':>8} {'% of 300 ms':>12}")
    play = statistics.median(rows["play() - one legal turn"])
    for name, values in rows.items():
        med = statistics.median(values)
        print(f"{name:42} {med:10.3f} {max(values):8.3f} {med / play:8.1f} {100 * med / BOT_BUDGET_MS:11.2f}%")


if __name__ == "__main__":
    main()
