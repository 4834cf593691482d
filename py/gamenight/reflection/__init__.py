"""Reflection: build hidden-mirror puzzles and race to solve each other's from the edge numbers."""

from gamenight.core.game import GameInfo
from gamenight.reflection.match import ReflectionMatch

INFO = GameInfo(
    id="reflection",
    title="Reflection",
    pitch="Hide mirrors, read the laser numbers, and race to solve each other's puzzles — or train solo.",
    seats=range(1, 7),
)

GAME = ReflectionMatch(INFO)
