"""The game registry: the one place that lists the games. A new game is one folder and one line here."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from gamenight import lightseeker, raythread, reflection
from gamenight.core.game import Game, GameInfo
from gamenight.raythread import controls as raythread_controls
from gamenight.raythread import guide as raythread_guide
from gamenight.reflection import controls as reflection_controls
from gamenight.reflection import solo
from gamenight.ui.program import Screen

if TYPE_CHECKING:
    from gamenight.ui.match import Board

CATALOG: tuple[GameInfo, ...] = (raythread.INFO, reflection.INFO, lightseeker.INFO)

# The rules of each game whose core exists, by game id (the lobby plays only these).
RULES: dict[str, Game] = {game.info.id: game for game in (raythread.GAME, reflection.GAME, lightseeker.GAME)}

# The match screen of each game that has one (its scene and controls, ``ui.match.Board``).
BOARDS: dict[str, Board] = {"raythread": raythread_controls.BOARD, "reflection": reflection_controls.BOARD}

# How to play each game, in the app (a module with ``page() -> Element`` and its keyboard ``SHORTCUTS``).
GUIDES: dict[str, ModuleType] = {"raythread": raythread_guide}

# Games whose every seat may play from one device (no seat hides anything from another): the app
# offers them "Play on this device" (``#/<game>/table``, ``ui/table.py``). Not Reflection: every
# builder and solver hides its own work, so it is played over peer links.
ON_ONE_DEVICE: tuple[str, ...] = ("raythread",)

# Screens a game adds to the app, by (game id, screen name): routed as ``#/<game>/<screen>`` and offered
# on the game's home card under the screen's ``label``, in this order.
SCREENS: dict[tuple[str, str], Screen] = {("reflection", "solo"): solo.SCREEN}


def info(game_id: str) -> GameInfo | None:
    """The catalogue entry of ``game_id``, or ``None`` for an unknown id."""
    return next((g for g in CATALOG if g.id == game_id), None)


def rules(game_id: str) -> Game | None:
    """The ``Game`` definition of ``game_id``, or ``None`` if unknown or not playable yet."""
    return RULES.get(game_id)


def board(game_id: str) -> Board | None:
    """The match screen of ``game_id``, or ``None`` if it has none yet (the lobby shows a text panel)."""
    return BOARDS.get(game_id)


def board_storage_keys() -> tuple[str, ...]:
    """The local-storage entries the boards read when a page that shows matches starts."""
    return tuple(dict.fromkeys(key for b in BOARDS.values() for key in getattr(b, "storage_keys", ())))


def guide(game_id: str) -> ModuleType | None:
    """How to play ``game_id`` (its rules page and shortcuts), or ``None`` if it has none yet."""
    return GUIDES.get(game_id)
