"""Stepping computations: generators that yield now and then, so that a page can draw and answer
between their steps, and return their value at the end (a bot's thinking, the solver, the generator).
The page runs them in slices (``ui.program.Work``); everything else runs them at once with ``finish``."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")


def finish(steps: Generator[Any, None, T]) -> T:
    """Run a stepping computation to its end at once and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
