"""The game registry: the one place that lists the games. A new game is one folder and its entries here
(its package in ``PACKAGES``; its board, stored keys and guide; its bot and screens if it has them).

Start-up time matters in the browser (every module is compiled when first imported), so the registry
imports only each game's package, which holds its ``INFO``; a game's rules (``package.GAME``) and
screens are imported the first time something asks for them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gamenight import lightseeker, raythread, reflection
from gamenight.core.game import Game, GameInfo
from gamenight.i18n import N_
from gamenight.ui.program import LazyScreen, Screen

if TYPE_CHECKING:
    from gamenight.core.bot import Bot
    from gamenight.ui.match import Board

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


def _import(name: str) -> Any:
    """The object ``"package.module:attr"`` names (or the module itself, without ``:attr``)."""
    module, _, attr = name.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


# The match screen of each game that has one (its scene and controls, a ``ui.match.Board``), imported
# on first use like the rules.
BOARDS: dict[str, str] = {
    "raythread": "gamenight.raythread.controls:BOARD",
    "reflection": "gamenight.reflection.controls:BOARD",
    "lightseeker": "gamenight.lightseeker.controls:BOARD",
}

# The local-storage entries a board reads when its page starts (its ``storage_keys``), named here so the
# lobby pages ask for them without importing the board (a unit test checks that the two agree).
BOARD_STORAGE: dict[str, tuple[str, ...]] = {
    "raythread": ("match.turns",),  # ui.match.TURNS_KEY: the turn being built, kept across a reload
    "reflection": ("reflection.built", "reflection.secrets", "reflection.drafts", "reflection.draft"),
    "lightseeker": ("match.turns",),
}

# How to play each game in the app: a module with ``page() -> Element``, its keyboard ``SHORTCUTS`` and
# its touch ``GESTURES`` (pairs of what to press or do and what it does, for the help).
GUIDES: dict[str, str] = {
    "raythread": "gamenight.raythread.guide",
    "reflection": "gamenight.reflection.guide",
    "lightseeker": "gamenight.lightseeker.guide",
}

# Games whose every seat may play from one device (no seat hides anything from another): the app
# offers them "Play on this device" (``#/<game>/table``, ``ui/table.py``). Not Reflection: every
# builder and solver hides its own work, so it is played over peer links.
ON_ONE_DEVICE: tuple[str, ...] = ("raythread", "lightseeker")

# The computer opponent of each game that has one (a ``core.bot.Bot``), imported on first use: the UI
# seats a bot through this table only.
BOTS: dict[str, str] = {"raythread": "gamenight.raythread.bot:BOT", "lightseeker": "gamenight.lightseeker.bot:BOT"}

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


def board(game_id: str) -> Board | None:
    """The match screen of ``game_id``, or ``None`` if it has none yet (the lobby shows a text panel)."""
    name = BOARDS.get(game_id)
    return _import(name) if name else None


def board_storage_keys() -> tuple[str, ...]:
    """The local-storage entries the boards read when a page that shows matches starts."""
    return tuple(dict.fromkeys(key for keys in BOARD_STORAGE.values() for key in keys))


def guide(game_id: str) -> ModuleType | None:
    """How to play ``game_id`` (its rules page and shortcuts), or ``None`` if it has none yet."""
    name = GUIDES.get(game_id)
    return _import(name) if name else None


def bot(game_id: str) -> Bot | None:
    """The computer opponent of ``game_id``, or ``None`` if the game has none."""
    name = BOTS.get(game_id)
    return _import(name) if name else None
