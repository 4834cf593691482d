"""Light Seeker: slide and tilt glowing cubes to join a light area worth 7 before your rival does."""

from gamenight.core.game import GameInfo
from gamenight.lightseeker.rules import LightSeeker

INFO = GameInfo(
    id="lightseeker",
    title="Light Seeker",
    pitch="Slide and tilt glowing cubes to join a light area worth 7 before your rival does.",
    seats=range(2, 3),
)

GAME = LightSeeker(INFO)
