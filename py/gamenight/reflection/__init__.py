"""Reflection: build hidden-mirror puzzles and race to solve each other's from the edge numbers."""

from typing import TYPE_CHECKING

from gamenight.core.game import GameInfo
from gamenight.i18n import N_

if TYPE_CHECKING:
    from gamenight.reflection.match import ReflectionMatch

    GAME: ReflectionMatch  # made by ``__getattr__`` below

INFO = GameInfo(
    id="reflection",
    title="Reflection",
    pitch=N_("Hide mirrors, read the laser numbers, and race to solve each other's puzzles — or train solo."),
    seats=range(1, 7),
)


def __getattr__(name: str) -> object:
    """``GAME``, the rules, is built on first use: the start page needs only ``INFO``, and importing
    the rules costs start-up time in the browser (see docs/performance.md)."""
    if name != "GAME":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gamenight.reflection.match import ReflectionMatch

    globals()["GAME"] = game = ReflectionMatch(INFO)
    return game
