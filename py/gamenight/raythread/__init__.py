"""Raythread Rally: route your coloured beam through a shared board of mirrors and prisms."""

from typing import TYPE_CHECKING

from gamenight.core.game import GameInfo
from gamenight.i18n import N_

if TYPE_CHECKING:
    from gamenight.raythread.rules import RaythreadRally

    GAME: RaythreadRally  # made by ``__getattr__`` below

INFO = GameInfo(
    id="raythread",
    title="Raythread Rally",
    pitch=N_("Bend your beam through a shared board of mirrors and prisms to light the beacons first."),
    seats=range(2, 5),
)


def __getattr__(name: str) -> object:
    """``GAME``, the rules, is built on first use: the start page needs only ``INFO``, and importing
    the rules costs start-up time in the browser (see docs/performance.md)."""
    if name != "GAME":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gamenight.raythread.rules import RaythreadRally

    globals()["GAME"] = game = RaythreadRally(INFO)
    return game
