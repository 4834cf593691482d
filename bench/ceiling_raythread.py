"""The ceiling of four-player Raythread Hard against Normal: what a player with perfect (or honest but
unlimited) foresight of the Normal bots reaches in ``bench_bots.py``'s Hard vs Normal matches.

Run: ``python bench/ceiling_raythread.py --mode oracle`` (and ``--mode honest``, ``--mode hard``);
``--first-deal 300 --deals 50`` (the default) plays deals 300–349, both seatings (100 matches).
Each run takes long (minutes to hours of CPU, see docs/performance.md, "Bots"); ``--out`` appends
one JSON line per match, so a stopped run keeps what it played.

The matches are the bench's (``bench_bots.play`` with ``lineup("hard", "normal", 4, match)`` and the
seed ``SEED_BASE + match // 2``): the Normal seats think with the seeds ``play`` derives, so they play
exactly as in the bench whenever the board is the same. The Hard seats are replaced by a lookahead
player. At each of its turns it takes, as candidates, Hard's own move and Normal's ``--k`` best
moves as Hard ranks them (``bot.normal_scores`` with Hard's chooser: the list Hard's
``round_choice`` picks from; ``--k 0`` means every legal move), plays each candidate and then the
match to its end, and keeps the candidate whose end is best (``--objective``), then Hard's ranking
(Hard's move first, then Normal's order). ``seat``: best for its own seat, its share of the win (1
alone first, ½ a shared first place, 0 otherwise), then its final margin over the best other seat.
``team``: best for the Hard seats together, the bench's score of the match, then the best Hard
seat's margin over the best Normal seat. In the play-outs every other seat plays at its real level
and the Hard seats (itself included) play today's Hard.

- ``--mode oracle`` (cheats): the play-outs use the real deck order and every seat's real seeds, so
  the oracle sees the match's future exactly, up to its own and its partner's later choices (played
  out by today's Hard, chosen afresh by the oracle when they come). With ``--objective team`` it is
  never worse than Hard in any match: each decision's play-out of Hard's own move is the future the
  previous decision chose, so the expected score can only rise. With ``seat`` the two Hard seats
  work against each other (each prefers its own sole win to its partner's).
- ``--mode honest`` (sees only its view): each candidate's value is the mean over ``--samples``
  play-outs, each on a deck order drawn from the unseen tiles (the deck's tiles shuffled: everything
  not on the board or in a hand is the deck, as the view's totals say, ``bot.read_view``) and with
  random seeds for the other seats' bots; its own later moves keep its real seeds. Every candidate
  sees the same samples (common random numbers), so candidates are compared on the same futures.
  This is what a bot with a perfect model of Normal opponents would reach if CPU were free.
- ``--mode hard``: today's Hard in the Hard seats (the bench itself; the baseline on the same deals).

Reported: the Hard seats' share as the bench counts it (1 if only Hard seats win, 0 if only Normal,
½ if shared) with its 95% Wilson interval, by seating (Hard in A, C or in B, D), the pairwise score
(``pairwise_raythread.py``), which seats win, how often the lookahead's move differs from Hard's, and
its CPU time (process time) per decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from bench.bench_bots import SEED_BASE, lineup, side_score, wilson  # noqa: E402
from bench.pairwise_raythread import pairs  # noqa: E402
from gamenight import games  # noqa: E402
from gamenight.core.bot import decide  # noqa: E402
from gamenight.core.game import JSON, Move, seat_ids  # noqa: E402
from gamenight.core.rng import derive, rng  # noqa: E402
from gamenight.raythread import bot  # noqa: E402

GAME = games.rules("raythread")
BOT = games.bot("raythread")
COUNT = 4
Seeds = Callable[[str, int], int]  # a seat's thinking seed at move ``moves``


def bench_seeds(seed: int) -> Seeds:
    """The seeds ``bench_bots.play`` gives each bot move of the match of ``seed``."""
    return lambda seat, moves: derive(seed, "bot", seat, moves)


def play_out(state: JSON, levels: dict[str, str], moves: int, seeds: Seeds):
    """The match from ``state`` (``moves`` moves played) to its end, every seat played by the bot of
    its level with ``seeds``: ``bench_bots.play``'s loop."""
    while GAME.active(state):
        (seat,) = GAME.active(state)
        move = decide(BOT, GAME.view(state, seat), levels[seat], seeds(seat, moves))
        state, _ = GAME.play(state, seat, move, 0)
        moves += 1
    return state


def outcome(state, seat: str, levels: dict[str, str], objective: str) -> tuple[float, int]:
    """What the lookahead maximises in an ended match, and its tie-break. ``seat``: the seat's share
    (1 alone first, ½ in a shared first place, else 0) and its margin over the best other seat.
    ``team``: the bench's score of the match for the Hard seats (1 if only Hard seats are first, 0 if
    only Normal ones, else ½) and the best Hard seat's margin over the best Normal seat."""
    winners = GAME.result(state).winners
    score = dict(zip(state.seats, state.scores, strict=True))
    if objective == "seat":
        share = 0.0 if seat not in winners else 1.0 if len(winners) == 1 else 0.5
        return share, score[seat] - max(sc for s, sc in score.items() if s != seat)
    won = {levels[w] for w in winners}
    best = {level: max(sc for s, sc in score.items() if levels[s] == level) for level in ("hard", "normal")}
    return side_score(won, "hard", "normal"), best["hard"] - best["normal"]


def candidates(state, seat: str, seed: int, k: int) -> list[Move]:
    """The candidates of ``seat`` (Hard thinking with ``seed``): Hard's move first, then Normal's ``k``
    best as Hard ranks them (every legal move if ``k`` is 0, the rest in rule order)."""
    view = GAME.view(state, seat)
    hard_move = decide(BOT, view, "hard", seed)
    table, pos, me = bot.read_view(view)
    scored: list[bot.Candidate] = []
    for step in bot.normal_scores(table, pos, me, rng(seed, "raythread-bot", "hard"), [0]):
        if step is not None:
            scored = step
    ranked = [bot.to_wire(table, c.play) for c in (scored if k == 0 else scored[:k])]
    if k == 0:
        ranked += GAME.legal(state, seat)
    found = [hard_move]
    for move in ranked:
        if move not in found:
            found.append(move)
    return found


class Look(NamedTuple):
    """How the lookahead plays: ``mode`` (oracle, honest or hard), ``k`` candidates besides Hard's
    (0: every legal move), ``samples`` futures per candidate (honest), and ``objective`` (seat or team:
    ``outcome``)."""

    mode: str
    k: int
    samples: int
    objective: str


def choose(state, seat: str, moves: int, levels: dict[str, str], seed: int, look: Look) -> tuple[Move, dict]:
    """The lookahead's move for ``seat`` at move ``moves`` of the match of ``seed``, and what it saw:
    the move's rank among the candidates (0: Hard's own), how many it weighed, and the expected
    share of its move and of Hard's."""
    own = derive(seed, "bot", seat, moves)
    found = candidates(state, seat, own, look.k)
    if look.mode == "oracle":
        futures = [(state, bench_seeds(seed))]
    else:
        futures = []
        for j in range(look.samples):
            draw = rng(seed, "ceiling-sample", seat, moves, j)
            deck = list(state.deck)
            draw.shuffle(deck)
            others = {s: draw.getrandbits(48) for s in state.seats if s != seat}

            def seeds(s: str, m: int, others: dict[str, int] = others) -> int:
                return derive(seed, "bot", s, m) if s == seat else derive(others[s], "bot", s, m)

            futures.append((replace(state, deck=tuple(deck)), seeds))
    keys = []
    for rank, move in enumerate(found):
        shares, margins = [], []
        for start, seeds in futures:
            after, _ = GAME.play(start, seat, move, 0)
            share, margin = outcome(play_out(after, levels, moves + 1, seeds), seat, levels, look.objective)
            shares.append(share)
            margins.append(margin)
        keys.append((statistics.fmean(shares), statistics.fmean(margins), -rank))
    best = max(keys)
    return found[-best[2]], {"rank": -best[2], "weighed": len(found), "share": best[0], "hard share": keys[0][0]}


def lookahead_match(job: tuple[Look, int]) -> dict:
    """One bench match with the lookahead in the Hard seats: its winners, seats and decisions."""
    look, match = job
    seed = SEED_BASE + match // 2
    seats = seat_ids(GAME, COUNT)
    levels = dict(zip(seats, lineup("hard", "normal", COUNT, match), strict=True))
    state = GAME.setup(GAME.options(None), seats, seed)
    moves, decisions = 0, []
    while GAME.active(state):
        (seat,) = GAME.active(state)
        if levels[seat] == "hard" and look.mode != "hard":
            start = time.process_time()
            move, seen = choose(state, seat, moves, levels, seed, look)
            decisions.append({"cpu": time.process_time() - start, "moves": moves, **seen})
        else:
            move = decide(BOT, GAME.view(state, seat), levels[seat], derive(seed, "bot", seat, moves))
        state, _ = GAME.play(state, seat, move, 0)
        moves += 1
    result = GAME.result(state)
    winners = sorted(result.winners)
    won = {levels[w] for w in winners}
    score = side_score(won, "hard", "normal")
    hard_seats = "".join(s for s in seats if levels[s] == "hard")
    return {
        "match": match,
        "score": score,
        "winners": winners,
        "pairs": pairs(result.ranking, levels),
        "hard": hard_seats,
        "moves": moves,
        "decisions": decisions,
    }


def report(rows: list[dict]) -> None:
    n = len(rows)
    total = sum(r["score"] for r in rows)
    lo, hi = wilson(total, n)
    print(f"Hard seats' share: {total / n:.1%} [{lo:.1%}, {hi:.1%}] over {n} matches")
    for seating in sorted({r["hard"] for r in rows}):
        part = [r["score"] for r in rows if r["hard"] == seating]
        lo, hi = wilson(sum(part), len(part))
        print(f"  Hard in {seating}: {sum(part) / len(part):.1%} [{lo:.1%}, {hi:.1%}] over {len(part)}")
    if all("pairs" in r for r in rows):  # lines written before pairs were recorded have none
        paired = sum(r["pairs"] for r in rows)
        lo, hi = wilson(paired, 4 * n)
        print(f"  pairwise (pairwise_raythread.py): {paired / (4 * n):.1%} [{lo:.1%}, {hi:.1%}] over {4 * n} pairs")
    wins = Counter(w for r in rows for w in r["winners"])
    shared = sum(len(r["winners"]) > 1 for r in rows)
    print(f"  first places by seat: {dict(sorted(wins.items()))}; shared firsts: {shared}")
    decisions = [d for r in rows for d in r["decisions"]]
    if decisions:
        cpu = sorted(d["cpu"] for d in decisions)
        differs = sum(d["rank"] > 0 for d in decisions)
        print(
            f"  decisions: {len(decisions)}, move differs from Hard's in {differs} ({differs / len(decisions):.1%});"
            f" candidates per decision (mean) {statistics.fmean(d['weighed'] for d in decisions):.1f}"
        )
        ranks = Counter(min(d["rank"], 13) for d in decisions if d["rank"] > 0)
        print(f"  the chosen move's rank when not Hard's (13: 13 or more): {dict(sorted(ranks.items()))}")
        better = sum(d["share"] > d["hard share"] for d in decisions)
        print(
            f"  decisions where a candidate's expected share beat Hard's move's: {better};"
            f" mean expected share, chosen {statistics.fmean(d['share'] for d in decisions):.3f},"
            f" Hard's move {statistics.fmean(d['hard share'] for d in decisions):.3f}"
        )
        print(
            f"  CPU per decision (s): median {statistics.median(cpu):.2f}, p95 {cpu[int(0.95 * (len(cpu) - 1))]:.2f},"
            f" max {cpu[-1]:.2f}, total {sum(cpu):.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("oracle", "honest", "hard"), default="oracle")
    parser.add_argument("--k", type=int, default=12, help="Normal's best moves weighed (0: every legal move)")
    parser.add_argument("--samples", type=int, default=8, help="play-outs per candidate in --mode honest")
    parser.add_argument(
        "--objective",
        choices=("seat", "team"),
        default="seat",
        help="maximise the seat's own share, or the bench's score of the Hard seats together",
    )
    parser.add_argument("--first-deal", type=int, default=300)
    parser.add_argument("--deals", type=int, default=50, help="deals (two matches each, both seatings)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="append each match as a JSON line here")
    args = parser.parse_args()
    first = 2 * args.first_deal  # deal d is matches 2d and 2d + 1, as in bench_bots
    look = Look(args.mode, args.k, args.samples, args.objective)
    jobs = [(look, m) for m in range(first, first + 2 * args.deals)]
    print(f"{look}, deals {args.first_deal}–{args.first_deal + args.deals - 1}")
    rows = []
    with Pool(args.jobs) as pool:
        for row in pool.imap_unordered(lookahead_match, jobs):
            rows.append(row)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            print(f"  match {row['match']}: {row['score']} ({len(rows)}/{len(jobs)})", flush=True)
    report(sorted(rows, key=lambda r: r["match"]))


if __name__ == "__main__":
    main()
