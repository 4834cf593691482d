"""Light Seeker's bot: its analysis agrees with brute force over the rules, it reads the position
exactly from the view, and each level does what docs/rules/lightseeker.md says."""

import functools
import random
from dataclasses import replace

import pytest

from gamenight.core.bot import decide
from gamenight.core.steps import finish
from gamenight.lightseeker import GAME, bot
from gamenight.lightseeker.bot import BOT
from gamenight.lightseeker.rules import WIN_AREA, light_areas, total_light, turn_outcomes

from .test_rules import DARK, FULL, HALF_ES, board

NOBODY = 99  # a Buh cube number no cube has: every cube may act


def random_positions(games: int, first: int = 0):
    """Every position of seeded random games ``first`` .. ``first + games - 1``."""
    for seed in range(first, first + games):
        yield from game_positions(seed)


@functools.cache
def game_positions(seed: int) -> tuple:
    """The positions of seeded random game ``seed``, played once a process: choosing each move lists every
    legal turn (``GAME.legal``), a third of the brute-force test's time, and most tests replay games 0-7."""
    state = GAME.setup(GAME.options(None), ["1", "2"], seed)
    chooser = random.Random(seed)
    positions = []
    while not state.outcome:
        positions.append(state)
        state, _ = GAME.play(state, state.to_move, chooser.choice(GAME.legal(state, state.to_move)), 0)
    return tuple(positions)


def frame(board):
    return tuple((r + bot.OFFSET) * bot.STRIDE + c + bot.OFFSET for r, c in board.cells), board.orientations


def wins(board) -> bool:
    # An area's light is part of the board's: with less in all, no area can win (most outcomes; cheap).
    return total_light(board) >= WIN_AREA and max((a.value for a in light_areas(board)), default=0) >= WIN_AREA


def brute_threats(board) -> tuple[int, int]:
    """``Threats`` by brute force: every outcome of every turn, its moved cubes, whether it wins."""
    win, free, everyone = bot.NO_WIN, 0, 511
    for _, after in turn_outcomes(replace(board, buh=NOBODY), 2):
        moved = sum(
            1 << i
            for i in range(9)
            if (after.cells[i], after.orientations[i]) != (board.cells[i], board.orientations[i])
        )
        free |= everyone & ~moved
        if wins(after):
            win = moved if win == bot.NO_WIN else win & moved
    return win, free


def test_threats_agree_with_brute_force_on_every_position_of_random_games():
    seen = {"win": 0, "unstoppable": 0, "stuck": 0}
    for state in random_positions(12):
        found = bot.Threats(*frame(state.board))
        assert (found.win, found.free) == brute_threats(state.board)
        seen["win"] += found.win != bot.NO_WIN
        seen["unstoppable"] += found.win == 0
        seen["stuck"] += found.free != 511
    assert all(seen.values())  # the positions exercised every case


def test_threats_see_a_win_from_the_least_light_that_can_make_one():
    """Two actions add at most 4 lit triangles (two tilts from dark to full), so ``Threats`` looks for a win
    from a light of 3 up (``light + 4 >= WIN_AREA``); random games never stand at that edge (with ``+ 3``
    there, the test over random games passed). A half face lit on its east edge and a full face make 3; the
    two dark cubes under the row's end tilt north into it: a row of 1 + 2 + 2 + 2 = 7."""
    b = board(
        ((0, 0), HALF_ES),
        ((0, 1), FULL),
        ((1, 2), DARK),
        ((1, 3), DARK),
        ((1, 0), DARK),
        ((1, 1), DARK),
        ((2, 0), DARK),
        ((2, 1), DARK),
        ((2, 2), DARK),
        buh=8,
    )
    assert total_light(b) == WIN_AREA - 4
    found = bot.Threats(*frame(b))
    assert found.win != bot.NO_WIN, "a turn makes an area of 7"
    assert (found.win, found.free) == brute_threats(b)


def test_outcomes_are_the_rules_outcomes():
    for state in random_positions(6):
        if state.actions_due != 2:
            continue
        for buh in (state.board.buh, -1):
            mine = {(c, o) for _, c, o in bot.outcomes(*frame(state.board), buh)}
            board = replace(state.board, buh=buh if buh >= 0 else NOBODY)
            assert mine == {frame(after) for _, after in turn_outcomes(board, 2)}


def test_the_view_gives_the_exact_position():
    for state in random_positions(4):
        root = bot.read_view(GAME.view(state, state.to_move))
        assert root.board == state.board and root.due == state.actions_due


def test_easy_takes_a_win_when_there_is_one():
    seen = 0
    for state in random_positions(10):
        if any(wins(after) for _, after in turn_outcomes(state.board, state.actions_due)):
            after, _ = GAME.play(state, state.to_move, decide(BOT, GAME.view(state, state.to_move), "easy", 1), 0)
            assert after.outcome and after.outcome.winner == state.to_move
            seen += 1
    assert seen > 5


def opponent_can_win(board) -> bool:
    return any(wins(after) for _, after in turn_outcomes(board, 2))


def safe_buh(root, pos) -> list[int]:
    """The Buh cubes after ``pos`` that leave the opponent no winning turn (by ``Threats``, which the
    first test checks against brute force)."""
    seen = bot.Threats(*pos)
    return [j for j in range(9) if j != root.board.buh and not seen.wins_with_buh_on(j)]


# Hard's searches over eight games take about 12 s alone and 58 s beside the browsers of four e2e runs on
# two cores: the default 60 s is for a hang, not for this test's work.
@pytest.mark.timeout(240)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_never_leave_an_immediate_win_when_a_turn_avoids_it(level):
    checked = 0
    for state in random_positions(8):
        root = bot.read_view(GAME.view(state, state.to_move))
        if any(bot.best_area(*pos) >= WIN_AREA for _, pos in root.turns):
            continue
        avoidable = any(safe_buh(root, pos) for _, pos in root.turns)
        after, _ = GAME.play(state, state.to_move, decide(BOT, GAME.view(state, state.to_move), level, 4), 0)
        if avoidable and not after.outcome:
            assert not opponent_can_win(after.board)
            checked += 1
    assert checked > 20


def test_hard_leaves_the_opponent_without_a_turn_when_that_wins():
    for state in random_positions(13, first=17):  # seed 17's game is the first with such a position
        root = bot.read_view(GAME.view(state, state.to_move))
        if any(bot.best_area(*pos) >= WIN_AREA for _, pos in root.turns):
            continue
        if any(bot.Threats(*pos).stuck_with_buh_on(j) for _, pos in root.turns for j in safe_buh(root, pos)):
            after, _ = GAME.play(state, state.to_move, decide(BOT, GAME.view(state, state.to_move), "hard", 1), 0)
            assert after.outcome and after.outcome.winner == state.to_move
            assert after.outcome.reason == "lightseeker-stuck"
            return
    pytest.fail("no position in these games lets a player leave the other without a turn")


def test_a_forced_win_that_hard_finds_is_one():
    """Whatever the opponent answers (every outcome the rules allow, every Buh cube), the bot then has
    a winning turn."""
    for state in random_positions(8, first=22):  # seed 22's game is the first where Hard finds one
        if sum(o["light"] for o in GAME.view(state, None)["cubes"]) < 8:
            continue
        root = bot.read_view(GAME.view(state, state.to_move))
        if any(bot.best_area(*pos) >= WIN_AREA for _, pos in root.turns):
            continue
        analyst = bot.Analyst()
        for _, pos in root.turns:
            seen = analyst.threats(pos)
            buh = [j for j in safe_buh(root, pos) if not seen.stuck_with_buh_on(j)]
            found = finish(bot.forced(analyst, pos, buh, budget=analyst.count + 60))
            if found is None:
                continue
            r0 = min(r for r, _ in root.board.cells) - bot.OFFSET
            c0 = min(c for _, c in root.board.cells) - bot.OFFSET
            cells = tuple((p // bot.STRIDE + r0, p % bot.STRIDE + c0) for p in pos.cells)
            mine = replace(root.board, cells=cells, orientations=pos.orients, buh=found)
            answers = turn_outcomes(mine, 2)
            assert answers
            for _, answer in answers:
                again = bot.Threats(*frame(answer))
                assert all(again.wins_with_buh_on(k) for k in range(9) if k != found)
            return
    pytest.fail("no forced win found in these games")


def test_reading_the_view_lists_the_rules_turns_in_yielding_chunks():
    """The bot lists its turns from the rules' own enumeration in chunks of ``PER_READ``, so reading a
    position never blocks the page for the whole list; each listed arrangement and its actions are the
    rules' (``turn_outcomes``)."""
    chunked = 0
    for state in random_positions(3):
        reading = bot.reading(GAME.view(state, state.to_move))
        yields = 0
        while True:
            try:
                next(reading)
                yields += 1
            except StopIteration as done:
                root = done.value
                break
        expected = turn_outcomes(state.board, state.actions_due)
        assert yields == len(expected) // bot.PER_READ
        chunked += yields > 1
        r0 = min(r for r, _ in state.board.cells) - bot.OFFSET
        c0 = min(c for _, c in state.board.cells) - bot.OFFSET
        framed = [
            (tuple((r - r0) * bot.STRIDE + c - c0 for r, c in after.cells), after.orientations) for _, after in expected
        ]
        assert framed == [tuple(pos) for _, pos in root.turns]
        for (actions, _), (raw, _) in zip(expected, root.turns, strict=True):
            assert bot.answer(raw, 3) == {"actions": [a.to_json() for a in actions], "buh": 3}
    assert chunked > 10
