"""bench/ceiling_raythread.py: its play-outs replay the bench's matches exactly (the same positions,
moves and result as ``bench_bots.play`` for the same deal), which is what makes its oracle a ceiling
for the bench's Hard seats and not for some other match."""

from bench import ceiling_raythread as ceiling
from bench.bench_bots import SEED_BASE, lineup, play, side_score
from bench.pairwise_raythread import pairs
from gamenight.core.bot import decide


def test_the_oracle_replays_the_bench_match_exactly(monkeypatch):
    match = 600  # deal 300, Hard in A and C
    seed = SEED_BASE + match // 2
    levels = lineup("hard", "normal", 4, match)
    winners, views = play("raythread", levels, seed)
    seats = ceiling.seat_ids(ceiling.GAME, 4)
    by_seat = dict(zip(seats, levels, strict=True))
    start = ceiling.GAME.setup(ceiling.GAME.options(None), seats, seed)

    seen = []

    def recording(bot, view, level, thinking_seed):
        seen.append(view)
        return decide(bot, view, level, thinking_seed)

    monkeypatch.setattr(ceiling, "decide", recording)
    end = ceiling.play_out(start, by_seat, 0, ceiling.bench_seeds(seed))
    monkeypatch.undo()
    assert seen == views  # every position of the bench's match, in order
    assert {by_seat[w] for w in ceiling.GAME.result(end).winners} == winners

    # The oracle's first decision values Hard's own move (candidate 0) by this very match's end.
    found = ceiling.candidates(start, "A", ceiling.bench_seeds(seed)("A", 0), 1)
    assert found[0] == decide(ceiling.BOT, views[0], "hard", ceiling.bench_seeds(seed)("A", 0))
    for objective in ("seat", "team"):
        move, info = ceiling.choose(start, "A", 0, by_seat, seed, ceiling.Look("oracle", 1, 0, objective))
        assert info["hard share"] == ceiling.outcome(end, "A", by_seat, objective)[0]
        assert info["share"] >= info["hard share"]
        assert move == found[info["rank"]]


def test_pairs_scores_each_hard_seat_against_each_normal_seat():
    level = {"A": "hard", "B": "normal", "C": "hard", "D": "normal"}
    # A first; B and C share second; D last: A beats B and D, C ties B and beats D.
    assert pairs([["A"], ["B", "C"], ["D"]], level) == 1 + 1 + 0.5 + 1
    assert pairs([["B"], ["D"], ["A", "C"]], level) == 0


def test_the_side_score_counts_a_first_place_shared_by_both_levels_as_half():
    assert side_score({"hard"}, "hard", "normal") == 1.0
    assert side_score({"normal"}, "hard", "normal") == 0.0
    assert side_score({"hard", "normal"}, "hard", "normal") == 0.5
    assert side_score({"easy"}, "easy", "random") == 1.0  # any two levels
