"""Light Seeker: slide and tilt nine light cubes until a light area of 7 shines."""

from typing import TYPE_CHECKING

from gamenight.core.game import GameInfo
from gamenight.i18n import N_

if TYPE_CHECKING:
    from gamenight.lightseeker.rules import LightSeeker

    GAME: LightSeeker  # made by ``__getattr__`` below

INFO = GameInfo(
    id="lightseeker",
    title="Light Seeker",
    pitch=N_("Slide and tilt glowing cubes to join a light area worth 7 before your rival does."),
    seats=range(2, 3),
)


def __getattr__(name: str) -> object:
    """``GAME``, the rules, is built on first use: the start page needs only ``INFO``, and importing
    the rules costs start-up time in the browser (see docs/performance.md)."""
    if name != "GAME":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gamenight.lightseeker.rules import LightSeeker

    globals()["GAME"] = game = LightSeeker(INFO)
    return game
