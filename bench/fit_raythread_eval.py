"""Fit the four-player Raythread Hard's learned evaluation (``bot.WIN_WEIGHTS``), offline.

Run: ``python bench/fit_raythread_eval.py --seeds 400`` (needs numpy, which the shipped bot does not:
``pip install numpy``; about 7 minutes of CPU, two processes). It plays four-player matches on seeds
5 000 000 + i (i < ``--seeds``; the strength bench's deals are 1 000 000 + d, so none is shared),
three per seed: Hard and Normal alternating round the table both ways (as the bench seats them) and
four Normals. Before every move it records each seat's ``bot.seat_features`` (what any seat's view
shows) and labels it with that seat's final share of the win (1, ½ for a shared first place, 0).
It fits a softmax over the seats (a conditional logit: the chance that seat s wins is
exp(w · x_s) / Σ exp(w · x_t)) by Newton's method, prints the weights and the held-out fit (seeds
with i % 4 == 0 held out: cross-entropy and how often the seat given the best chance won), for all
positions and for moves 5–15, and finally the weights fitted on every position, as the line to paste
into ``py/gamenight/raythread/bot.py``.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from gamenight import games  # noqa: E402
from gamenight.core.bot import decide  # noqa: E402
from gamenight.core.game import seat_ids  # noqa: E402
from gamenight.core.rng import derive  # noqa: E402
from gamenight.raythread import bot  # noqa: E402

SEED_BASE = 5_000_000
LINEUPS = (("hard", "normal", "hard", "normal"), ("normal", "hard", "normal", "hard"), ("normal",) * 4)

Match = tuple[int, list[tuple[int, list[tuple[float, ...]]]], list[float]]


def record(job: tuple[int, tuple[str, ...]]) -> Match:
    """One match: its seed, every position's (move number, features of each seat), each seat's label."""
    seed, levels = job
    game, player = games.rules("raythread"), games.bot("raythread")
    seats = seat_ids(game, len(levels))
    state = game.setup(game.options(None), seats, seed)
    rows, moves = [], 0
    while game.active(state):
        (seat,) = game.active(state)
        view = game.view(state, seat)
        table, pos, _ = bot.read_view(view)
        rows.append((moves, [bot.seat_features(table, pos, s, [0]) for s in range(len(seats))]))
        move = decide(player, view, levels[seats.index(seat)], derive(seed, "bot", seat, moves))
        state, _ = game.play(state, seat, move, 0)
        moves += 1
    winners = game.result(state).winners
    return seed, rows, [1.0 / len(winners) if s in winners else 0.0 for s in seats]


def arrays(matches: list[Match], first: int = 0, last: int = 10**6) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions × seats × features), labels (positions × seats), each position's seed."""
    xs, ys, seeds = [], [], []
    for seed, rows, label in matches:
        for move, features in rows:
            if first <= move <= last:
                xs.append(features)
                ys.append(label)
                seeds.append(seed)
    return np.array(xs, dtype=float), np.array(ys), np.array(seeds)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """The softmax's weights by Newton's method on the mean cross-entropy with soft labels (+ a small L2)."""
    n, _, k = x.shape
    w = np.zeros(k)
    for _ in range(100):
        p = chances(x, w)
        grad = np.einsum("ns,nsk->k", p - y, x) / n + l2 * w
        centred = x - np.einsum("ns,nsk->nk", p, x)[:, None, :]
        hessian = np.einsum("ns,nsk,nsj->kj", p, centred, centred) / n + l2 * np.eye(k)
        step = np.linalg.solve(hessian, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def chances(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def report(matches: list[Match], first: int, last: int) -> np.ndarray:
    x, y, seeds = arrays(matches, first, last)
    held = (seeds - SEED_BASE) % 4 == 0
    w = fit(x[~held], y[~held])
    p = chances(x[held], w)
    entropy = -(y[held] * np.log(p)).sum(axis=1).mean()
    hit = y[held][np.arange(len(p)), p.argmax(axis=1)].mean()
    print(f"moves {first}–{min(last, 999)}: {(~held).sum()} positions fitted, {held.sum()} held out:")
    print(f"  held-out cross-entropy {entropy:.3f} (uniform {np.log(4):.3f}), the favourite won {hit:.1%}")
    spread = x[~held].reshape(-1, x.shape[2]).std(axis=0)
    for name, wi, sd in zip(bot.WIN_FEATURES, w, spread, strict=True):
        print(f"  {name:12} {wi:+.4f}   × sd {wi * sd:+.3f}")
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=400, help="deals to play, three matches each (default 400)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", type=Path, help="a pickle of the recorded matches: read if it exists, else written")
    args = parser.parse_args()
    if args.data and args.data.exists():
        matches = pickle.loads(args.data.read_bytes())
    else:
        jobs = [(SEED_BASE + i, levels) for i in range(args.seeds) for levels in LINEUPS]
        with Pool(args.jobs) as pool:
            matches = pool.map(record, jobs, chunksize=4)
        if args.data:
            args.data.write_bytes(pickle.dumps(matches))
    print(f"{len(matches)} matches, {sum(len(rows) for _, rows, _ in matches)} positions")
    report(matches, 0, 10**6)
    report(matches, 5, 15)
    x, y, _ = arrays(matches)
    w = fit(x, y)
    print("WIN_WEIGHTS = (" + ", ".join(f"{wi:.4g}" for wi in w) + ")")


if __name__ == "__main__":
    main()
