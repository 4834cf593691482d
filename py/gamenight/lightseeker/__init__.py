"""Light Seeker: slide and tilt nine light cubes until a light area of 7 shines."""

from gamenight.core.game import GameInfo
from gamenight.lightseeker.bot import LightSeekerBot
from gamenight.lightseeker.rules import LightSeeker

INFO = GameInfo(
    id="lightseeker",
    title="Light Seeker",
    pitch="Slide and tilt glowing cubes to join a light area worth 7 before your rival does.",
    seats=range(2, 3),
)

GAME = LightSeeker(INFO)
BOT = LightSeekerBot()
