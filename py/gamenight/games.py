"""The game registry: the one place that lists the games. A new game is one folder and one line here."""

from __future__ import annotations

from gamenight import lightseeker, raythread, reflection
from gamenight.core.game import GameInfo

CATALOG: tuple[GameInfo, ...] = (raythread.INFO, reflection.INFO, lightseeker.INFO)


def info(game_id: str) -> GameInfo | None:
    """The catalogue entry of ``game_id``, or ``None`` for an unknown id."""
    return next((g for g in CATALOG if g.id == game_id), None)
