"""The game registry: the one place that lists the games. A new game is one folder and one line here.

Start-up time matters in the browser (every module is compiled when first imported), so the registry
imports only each game's package, which holds its ``INFO``; a game's rules (``package.GAME``) and
screens are imported the first time something asks for them.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from types import ModuleType

from gamenight import lightseeker, raythread, reflection
from gamenight.core.game import Game, GameInfo
from gamenight.i18n import N_
from gamenight.ui.program import LazyScreen, Screen

PACKAGES: tuple[ModuleType, ...] = (raythread, reflection, lightseeker)

CATALOG: tuple[GameInfo, ...] = tuple(package.INFO for package in PACKAGES)


class Rules(MutableMapping[str, Game]):
    """Game id → its ``Game`` definition; an entry may be a game package, replaced by the package's
    ``GAME`` on first access (tests may add and remove entries like in a dict)."""

    def __init__(self, entries: dict[str, Game | ModuleType]) -> None:
        self._entries = dict(entries)

    def __getitem__(self, game_id: str) -> Game:
        entry = self._entries[game_id]
        if isinstance(entry, ModuleType):
            entry = self._entries[game_id] = entry.GAME
        return entry

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._entries[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._entries[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


# The rules of each game whose core exists, by game id (the lobby plays only these).
RULES: Rules = Rules({package.INFO.id: package for package in PACKAGES})


# Screens a game adds to the app, by (game id, screen name): routed as ``#/<game>/<screen>`` and offered
# on the game's home card under the screen's ``label``, in this order. A ``LazyScreen`` is imported when
# first shown.
SCREENS: dict[tuple[str, str], Screen | LazyScreen] = {
    ("reflection", "solo"): LazyScreen("gamenight.reflection.solo", label=N_("Play solo")),
}


def info(game_id: str) -> GameInfo | None:
    """The catalogue entry of ``game_id``, or ``None`` for an unknown id."""
    return next((g for g in CATALOG if g.id == game_id), None)


def rules(game_id: str) -> Game | None:
    """The ``Game`` definition of ``game_id``, or ``None`` if unknown or not playable yet."""
    return RULES.get(game_id)
