"""Raythread Rally: route your coloured beam through a shared board of mirrors and prisms."""

from gamenight.core.game import GameInfo
from gamenight.raythread.bot import RaythreadBot
from gamenight.raythread.rules import RaythreadRally

INFO = GameInfo(
    id="raythread",
    title="Raythread Rally",
    pitch="Bend your beam through a shared board of mirrors and prisms to light the beacons first.",
    seats=range(2, 5),
)
GAME = RaythreadRally(INFO)
BOT = RaythreadBot()
