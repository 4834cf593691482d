"""The game registry: the one place that lists the games. A new game is one folder and one line here."""

from __future__ import annotations

from gamenight import lightseeker, raythread, reflection
from gamenight.core.bot import Bot
from gamenight.core.game import Game, GameInfo
from gamenight.reflection import solo
from gamenight.ui.program import Screen

CATALOG: tuple[GameInfo, ...] = (raythread.INFO, reflection.INFO, lightseeker.INFO)

# The rules of each game whose core exists, by game id (the lobby plays only these).
RULES: dict[str, Game] = {game.info.id: game for game in (raythread.GAME, reflection.GAME, lightseeker.GAME)}


# The computer opponent of each game that has one, by game id: the UI seats a bot through this table only.
BOTS: dict[str, Bot] = {"raythread": raythread.BOT, "lightseeker": lightseeker.BOT}

# Screens a game adds to the app, by (game id, screen name): routed as ``#/<game>/<screen>`` and offered
# on the game's home card under the screen's ``label``, in this order.
SCREENS: dict[tuple[str, str], Screen] = {("reflection", "solo"): solo.SCREEN}


def info(game_id: str) -> GameInfo | None:
    """The catalogue entry of ``game_id``, or ``None`` for an unknown id."""
    return next((g for g in CATALOG if g.id == game_id), None)


def rules(game_id: str) -> Game | None:
    """The ``Game`` definition of ``game_id``, or ``None`` if unknown or not playable yet."""
    return RULES.get(game_id)


def bot(game_id: str) -> Bot | None:
    """The computer opponent of ``game_id``, or ``None`` if the game has none."""
    return BOTS.get(game_id)
