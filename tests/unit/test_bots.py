"""The shared bot interface (core/bot.py) and the registry: every bot plays every game it is registered
for to the end, at every level and player count, with legal moves only, from its seat's view only,
and the same move for the same view, level and seed."""

import gettext
import json

import pytest

from gamenight import games
from gamenight.core.bot import LEVELS, decide, level_name, parse_level
from gamenight.core.errors import BadOptions, IllegalMove
from gamenight.core.game import seat_ids
from gamenight.core.rng import derive
from tests.unit.words import in_language

# Small matches keep the Hard games quick; one default match per game is played below as well.
SMALL = {"raythread": {"size": 9, "mirrors": 8, "prisms": 4, "hand": 2, "target": 6}, "lightseeker": None}


class Bracketing(gettext.NullTranslations):
    def gettext(self, message):
        return f"[{message}]"


def test_levels_have_names_in_the_page_language():
    with in_language("en", Bracketing()):
        assert [level_name(level) for level in LEVELS] == ["[Easy]", "[Normal]", "[Hard]"]
    assert level_name("hard") == "Hard"


def test_an_unknown_level_is_refused_with_a_readable_reason():
    assert [parse_level(level) for level in LEVELS] == list(LEVELS)
    for raw in ("expert", "", None, 3, ["hard"]):
        with pytest.raises(BadOptions) as refused:
            parse_level(raw)
        assert refused.value.code == "bot-level"
        assert "Easy, Normal or Hard" in str(refused.value)


def test_the_registry_names_a_bot_for_the_games_that_have_one():
    assert set(games.BOTS) == {"raythread", "lightseeker"} <= set(games.RULES)
    assert games.bot("raythread") is games.bot("raythread") is not None
    assert games.bot("reflection") is None and games.bot("chess") is None


def play_out(game_id: str, levels: list[str], seed: int, options=None) -> tuple[object, int]:
    """A whole match between bots; every move goes through the rules, which refuse an illegal one."""
    game, bot = games.rules(game_id), games.bot(game_id)
    seats = seat_ids(game, len(levels))
    state = game.setup(game.options(options), seats, seed)
    moves = 0
    while game.active(state):
        (seat,) = game.active(state)
        level = levels[seats.index(seat)]
        view = json.loads(json.dumps(game.view(state, seat)))  # JSON only: what a bot on another page gets
        state, _ = game.play(state, seat, decide(bot, view, level, derive(seed, seat, moves)), 0)
        moves += 1
    return game.result(state), moves


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", sorted(games.BOTS))
def test_every_level_plays_every_player_count_to_the_end_with_legal_moves(game_id, level):
    game = games.rules(game_id)
    for count in game.info.seats:
        others = [lv for lv in LEVELS if lv != level]
        levels = [level if k % 2 == 0 else others[k % 2] for k in range(count)]
        result, moves = play_out(game_id, levels, seed=100 + count, options=SMALL[game_id])
        assert result is not None and moves > 0


@pytest.mark.parametrize("game_id", sorted(games.BOTS))
def test_bots_finish_a_match_with_the_default_options(game_id):
    result, _ = play_out(game_id, ["hard", "normal"], seed=7)
    assert result is not None and result.ranking


def test_an_unknown_level_or_another_seats_turn_is_refused_before_thinking():
    game, bot = games.rules("lightseeker"), games.bot("lightseeker")
    state = game.setup(game.options(None), ["1", "2"], 1)
    with pytest.raises(BadOptions):
        decide(bot, game.view(state, "1"), "expert", 1)
    with pytest.raises(IllegalMove) as refused:
        decide(bot, game.view(state, "2"), "easy", 1)
    assert refused.value.code == "bot-not-its-turn"
    game, bot = games.rules("raythread"), games.bot("raythread")
    state = game.setup(game.options(None), ["A", "C"], 1)
    with pytest.raises(IllegalMove):
        decide(bot, game.view(state, "C"), "hard", 1)
    with pytest.raises(IllegalMove):
        decide(bot, game.view(state, None), "hard", 1)


@pytest.mark.parametrize("game_id", sorted(games.BOTS))
def test_thinking_yields_and_is_deterministic_for_a_seed(game_id):
    game, bot = games.rules(game_id), games.bot(game_id)
    seats = seat_ids(game, 2)
    state = game.setup(game.options(None), seats, 11)
    for _ in range(3):  # a few moves in, where there is something to think about
        (seat,) = game.active(state)
        state, _ = game.play(state, seat, decide(bot, game.view(state, seat), "normal", 5), 0)
    (seat,) = game.active(state)
    view = game.view(state, seat)
    for level in LEVELS:
        first = decide(bot, view, level, 42)
        assert decide(bot, json.loads(json.dumps(view)), level, 42) == first
        steps = list(_steps(bot.think(view, level, 42)))
        assert steps[-1] == first and all(step is None for step in steps[:-1])
        if level == "hard":  # a search lets the page run between its steps
            assert len(steps) > 2


def _steps(thinking):
    """Every value a thinking generator yields, then its move."""
    while True:
        try:
            yield next(thinking)
        except StopIteration as done:
            yield done.value
            return
