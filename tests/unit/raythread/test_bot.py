"""Raythread Rally's bot: its physics and prices agree with the rules, it reads only the view (never the
deck order), and each level does what docs/rules/raythread.md says."""

import json
import math
import random
from dataclasses import replace

import pytest

from gamenight.core.bot import decide
from gamenight.raythread import GAME, bot
from gamenight.raythread.beams import direction_index, trace
from gamenight.raythread.bot import BOT
from gamenight.raythread.rules import KINDS
from tests.unit.raythread.helpers import position


def random_positions(games: int = 8, every: int = 1):
    """States along seeded random games with 2, 3 and 4 players."""
    for seed in range(games):
        state = GAME.setup(GAME.options(None), GAME.seat_ids(2 + seed % 3), seed)
        chooser = random.Random(seed)
        k = 0
        while not state.ended:
            if k % every == 0:
                yield state
            seat = state.seats[state.turn]
            state, _ = GAME.play(state, seat, chooser.choice(GAME.legal(state, seat)), 0)
            k += 1


def read(state, seat=None):
    return bot.read_view(GAME.view(state, seat or state.seats[state.turn]))


def test_the_walk_reaches_what_the_engine_traces():
    for state in random_positions():
        table, pos, _ = read(state)
        for e, (origin, heading) in zip(state.board.emitters, table.origins, strict=True):
            expected = trace(state.grid, state.board.size, origin, direction_index(e.facing))
            assert bot.walk(state.grid, state.board.size, [(origin, heading)]).hits == expected
            assert pos.beams[table.seats.index(e.seat)].hits == expected


def test_reply_gains_and_imagined_moves_score_what_the_rules_score():
    checked = 0
    for state in random_positions(games=6, every=2):
        table, pos, me = read(state)
        for reply in bot.replies(table, pos, me, [0]):
            after, _ = GAME.play(state, state.seats[me], bot.to_wire(table, reply.play), 0)
            assert reply.gain == after.scores[me] - state.scores[me]
            imagined, gains = bot.apply(table, pos, me, reply.play)
            assert imagined.scores == after.scores
            assert list(gains) == [a - b for a, b in zip(after.scores, state.scores, strict=True)]
            checked += 1
    assert checked > 1000


def test_the_best_gain_is_the_best_any_legal_move_scores():
    for state in random_positions(games=4, every=5):
        table, pos, me = read(state)
        seat = state.seats[me]
        best = max(GAME.play(state, seat, m, 0)[0].scores[me] - state.scores[me] for m in GAME.legal(state, seat))
        assert bot.best_gain(table, pos, me, [0]) == best


def test_the_unseen_tiles_are_the_option_totals_less_the_board_and_the_hands():
    state = next(s for s in random_positions(games=1) if len(s.tiles) >= 4)
    _, pos, _ = read(state)
    assert pos.unseen == (state.deck.count("mirror"), state.deck.count("prism"))
    view = GAME.view(state, state.seats[state.turn])
    with pytest.raises(ValueError):
        bot.read_view({**view, "deck": view["deck"] + 1})


def test_two_states_with_the_same_view_get_the_same_move_whatever_the_deck_order():
    for state in random_positions(games=2, every=6):
        if len(set(state.deck)) < 2:
            continue
        other = replace(state, deck=tuple(reversed(state.deck)))
        while other.deck[0] == state.deck[0]:  # a different next draw, so the order would matter
            other = replace(other, deck=tuple(random.Random(len(other.deck)).sample(other.deck, len(other.deck))))
        seat = state.seats[state.turn]
        assert GAME.view(other, seat) == GAME.view(state, seat)
        for level in ("easy", "normal", "hard"):
            assert decide(BOT, GAME.view(other, seat), level, 3) == decide(BOT, GAME.view(state, seat), level, 3)


def test_easy_takes_the_biggest_gain_when_anything_scores():
    seen = 0
    for state in random_positions(games=4, every=3):
        seat = state.seats[state.turn]
        gains = [
            GAME.play(state, seat, m, 0)[0].scores[state.turn] - state.scores[state.turn]
            for m in GAME.legal(state, seat)
        ]
        after, _ = GAME.play(state, seat, decide(BOT, GAME.view(state, seat), "easy", 1), 0)
        if max(gains) > 0:
            assert after.scores[state.turn] - state.scores[state.turn] == max(gains)
            seen += 1
    assert seen > 5


def test_normal_plays_the_best_price_of_all_legal_moves(monkeypatch):
    """Gain, minus what the move hands the others, minus the next player's best reply: Normal's
    candidates never miss the best-priced move (its small own follow-up bonus switched off)."""
    monkeypatch.setattr(bot, "FOLLOW_UP", 0.0)
    for state in random_positions(games=3, every=6):
        table, pos, me = read(state)
        move = decide(BOT, GAME.view(state, state.seats[me]), "normal", 2)
        chosen = next(p for p in bot.legal_plays(table, pos, me) if bot.to_wire(table, p) == move)
        won = [p for p in bot.legal_plays(table, pos, me) if bot.apply(table, pos, me, p)[0].ended]
        if not won:
            best = max(_price(table, pos, me, p) for p in bot.legal_plays(table, pos, me))
            assert _price(table, pos, me, chosen) == best


def _price(table, pos, me, play):
    """Normal's price: gain, minus what the move hands the others, minus the next player's best reply."""
    after, gains = bot.apply(table, pos, me, play)
    return 2 * gains[me] - sum(gains) - bot.best_gain(table, after, (me + 1) % len(table.seats), [0])


def counted(state):
    """``state`` with option totals that match its tiles, hands and deck (a hand-made position)."""
    totals = [sum(1 for t in state.tiles if t.kind == kind) for kind in KINDS]
    for hand in state.hands:
        totals = [a + b for a, b in zip(totals, hand, strict=True)]
    totals = [totals[k] + state.deck.count(kind) for k, kind in enumerate(KINDS)]
    return replace(state, options=replace(state.options, mirrors=totals[0], prisms=totals[1]))


def test_every_level_takes_the_beacon_that_wins_the_match():
    # A (10 points, target 12) wins with a mirror at (3, 2) turning its beam south into the 2 at (5, 2).
    state = counted(position({(5, 2): 2, (1, 8): 3}, scores={"A": 10, "C": 9}, target=12))
    for level in ("easy", "normal", "hard"):
        after, _ = GAME.play(state, "A", decide(BOT, GAME.view(state, "A"), level, 1), 0)
        assert after.ended == "target" and GAME.result(after).winners == ("A",)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_block_a_rival_about_to_reach_the_target(level):
    # C (11 points) would win next turn with a tile at (7, 8) turning its beam south into the 1 at
    # (9, 8); A has nothing to score, and a tile of its own there, turned the other way, stops it.
    state = counted(position({(9, 8): 1}, scores={"A": 5, "C": 11}, target=12, hands={"A": (2, 0), "C": (2, 0)}))
    table, pos, _ = bot.read_view(GAME.view(state, "A"))
    assert bot.best_gain(table, pos, 1, [0]) == 1
    after, _ = GAME.play(state, "A", decide(BOT, GAME.view(state, "A"), level, 1), 0)
    _, pos_after, _ = bot.read_view(GAME.view(after, "C"))
    assert not after.ended and bot.best_gain(table, pos_after, 1, [0]) == 0


def test_the_view_a_bot_reads_is_plain_json():
    state = next(iter(random_positions(games=1, every=7)))
    view = GAME.view(state, state.seats[state.turn])
    assert json.loads(json.dumps(view)) == view and view["options"]["mirrors"] == 24 and KINDS == ("mirror", "prism")


def test_hards_leaves_priced_from_the_parents_replies_are_the_leaves_priced_afresh():
    """One layer above the leaves the search prices them from the parent's replies, updated where the
    move crosses them (``leaf_after``): exactly what a fresh look at every reply gives (``leaf``)."""
    checked = 0
    for state in random_positions(games=6, every=4):
        table, pos, me = read(state)
        search = bot.Search(table, me, [0])
        for mine in (True, False):
            answers = search.answers(pos, mine)
            for child, play in search.children(pos, mine, answers):
                assert search.leaf_after(child, play, not mine, answers) == search.leaf(child, not mine)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [3, 4])
def test_hard_with_more_players_is_deterministic_and_legal_and_reads_only_the_view(players):
    state = GAME.setup(GAME.options(None), GAME.seat_ids(players), 21)
    chooser = random.Random(21)
    for moves in range(10):
        seat = state.seats[state.turn]
        if moves % 2 == 0:  # the others play at random, so the bot meets many kinds of boards
            state, _ = GAME.play(state, seat, chooser.choice(GAME.legal(state, seat)), 0)
            continue
        view = GAME.view(state, seat)
        move = decide(BOT, view, "hard", moves)
        assert decide(BOT, json.loads(json.dumps(view)), "hard", moves) == move
        assert move in GAME.legal(state, seat)
        if len(set(state.deck)) > 1:
            other = replace(state, deck=tuple(sorted(state.deck, reverse=state.deck[0] == "mirror")))
            assert decide(BOT, GAME.view(other, seat), "hard", moves) == move
        state, _ = GAME.play(state, seat, move, 0)


def test_hards_leaf_with_the_opponent_to_move_counts_the_bots_own_threat():
    """Where the opponent moves next, a leaf counts the bot's own best gain at ``MY_THREAT`` (a
    threat the opponent must spend its move on), on top of the standing and the opponent's threat."""
    threatening = 0
    for state in random_positions(games=6, every=3):
        if len(state.seats) != 2:
            continue
        table, pos, me = read(state)
        search = bot.Search(table, me, [0])
        other = 1 - me
        mine, theirs = bot.best_gain(table, pos, me, [0]), bot.best_gain(table, pos, other, [0])
        if pos.scores[other] + theirs >= table.target:
            continue  # an immediate win of the opponent prices the leaf as a loss
        expected = pos.scores[me] - pos.scores[other] - bot.LEAF_GAIN * theirs + bot.MY_THREAT * mine
        assert search.leaf(pos, mine=False) == pytest.approx(expected)
        threatening += mine > 0
    assert bot.MY_THREAT > 0 and threatening > 10


def test_hards_leaf_where_the_side_to_move_can_reach_the_target_is_that_win_or_loss():
    # A (10 points, target 12) reaches 12 with a mirror at (3, 2) turning its beam into the 2 at (5, 2).
    state = counted(position({(5, 2): 2, (1, 8): 3}, scores={"A": 10, "C": 9}, target=12))
    table, pos, _ = bot.read_view(GAME.view(state, "A"))
    gain = bot.best_gain(table, pos, 0, [0])
    assert gain >= 2
    as_a, as_c = bot.Search(table, 0, [0]), bot.Search(table, 1, [0])
    assert as_a.leaf(pos, mine=True) == bot.standing(table, pos, 0) + bot.WIN_VALUE
    assert as_c.leaf(pos, mine=False) == bot.standing(table, pos, 1) - bot.WIN_VALUE
    # Short of the target, the same gain counts only a share of itself.
    short = replace(pos, scores=(12 - gain - 1, 9))
    assert as_a.leaf(short, mine=True) == pytest.approx(short.scores[0] - 9 + bot.LEAF_GAIN * gain)


def test_the_learned_evaluations_features_are_what_the_position_shows():
    """``seat_features`` (four-player Hard's evaluation): the standing, the turn order, and the best
    gain, as the rest of the bot and the rules count them."""
    checked = 0
    for state in random_positions(games=6, every=4):
        table, pos, _ = read(state)
        n = len(pos.scores)
        for s in range(n):
            f = dict(zip(bot.WIN_FEATURES, bot.seat_features(table, pos, s, [0]), strict=True))
            assert f["score"] == state.scores[s]
            assert f["lead"] == state.scores[s] - max(state.scores[t] for t in range(n) if t != s)
            wait = (s - state.turn) % n
            assert [f["next"], f["second"], f["last"]] == [float(wait == k) for k in (1, 2, 3)]
            gain = bot.best_gain(table, pos, s, [0])
            assert f["gain"] == gain and f["gain now"] == (gain if wait == 0 else 0)
            assert f["locked"] == float(not bot.replies(table, pos, s, [0])) == float(f["cells"] == 0)
            assert f["reach"] >= gain >= f["second gain"]
            assert f["hand"] == sum(pos.hands[s])
            checked += 1
    assert checked > 100


def test_the_learned_chances_share_one_win_and_favour_the_seat_with_more_points():
    for state in random_positions(games=6, every=5):
        table, pos, _ = read(state)
        chances = bot.win_chances(table, pos, [0])
        assert len(chances) == len(pos.scores) and sum(chances) == pytest.approx(1.0)
        for s in range(len(pos.scores)):
            ahead = replace(pos, scores=tuple(sc + (t == s) for t, sc in enumerate(pos.scores)))
            assert bot.win_chances(table, ahead, [0])[s] > chances[s]


def test_the_platform_independent_exp_is_the_exponential():
    for k in range(0, 4000, 7):
        z = -k / 100
        assert bot.exact_exp(z) == pytest.approx(math.exp(z), rel=1e-12)
