"""Four-player Raythread, Hard against Normal, scored two ways on the same matches: the bench's side
score (``bench_bots.py``: 1 if only Hard seats share the first place, 0 if only Normal ones, ½ if
both) and pairwise (each Hard seat against each Normal seat of the match: 1 if it placed above, ½ in
the same place, 0 below; four pairs per match, not independent of each other).

Run: ``python bench/pairwise_raythread.py [--first-deal 0] [--matches 400]`` (the bench's matches:
``lineup``, ``SEED_BASE`` and the per-move seeds of ``bench_bots.play``). Results and why this was
asked: docs/performance.md, "Bots", issue 15's seventh session.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from bench.bench_bots import SEED_BASE, lineup, side_score, wilson  # noqa: E402
from gamenight import games  # noqa: E402
from gamenight.core.bot import decide  # noqa: E402
from gamenight.core.game import seat_ids  # noqa: E402
from gamenight.core.rng import derive  # noqa: E402


def scores(match: int) -> tuple[float, float]:
    """The match's side score and its four Hard-against-Normal pairs' sum."""
    levels = lineup("hard", "normal", 4, match)
    seed = SEED_BASE + match // 2
    game, bot = games.rules("raythread"), games.bot("raythread")
    seats = seat_ids(game, 4)
    level = dict(zip(seats, levels, strict=True))
    state = game.setup(game.options(None), seats, seed)
    moves = 0
    while game.active(state):
        (seat,) = game.active(state)
        move = decide(bot, game.view(state, seat), level[seat], derive(seed, "bot", seat, moves))
        state, _ = game.play(state, seat, move, 0)
        moves += 1
    ranking = game.result(state).ranking
    first = {level[s] for s in ranking[0]}
    return side_score(first, "hard", "normal"), pairs(ranking, level)


def pairs(ranking, level: dict[str, str]) -> float:
    """The sum over the match's Hard-against-Normal pairs (``level``: each seat's) of 1 if the Hard seat
    placed above, ½ in the same place, 0 below; ``ranking``: the result's places, best first."""
    place = {seat: k for k, tied in enumerate(ranking) for seat in tied}
    hard = [s for s in level if level[s] == "hard"]
    normal = [s for s in level if level[s] == "normal"]
    return sum(1.0 if place[h] < place[n] else 0.5 if place[h] == place[n] else 0.0 for h in hard for n in normal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first = 2 * args.first_deal
    with Pool(args.jobs) as pool:
        rows = pool.map(scores, range(first, first + args.matches))
    side, pairs, n = sum(r[0] for r in rows), sum(r[1] for r in rows), args.matches
    lo, hi = wilson(side, n)
    plo, phi = wilson(pairs, 4 * n)
    print(f"deals {args.first_deal}–{args.first_deal + n // 2 - 1}, {n} matches")
    print(f"  side score {side / n:.1%} [{lo:.1%}, {hi:.1%}]")
    print(
        f"  pairwise   {pairs / (4 * n):.1%} [{plo:.1%}, {phi:.1%}] over {4 * n} pairs"
        " (the interval is too narrow: the pairs of one match go together)"
    )


if __name__ == "__main__":
    main()
