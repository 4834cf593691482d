"""Puzzles made ahead: while one puzzle is played, the next one is prepared in the background, so
"New puzzle" shows a board at once instead of making the player wait a second time.

Pure values and effects for a screen: ``prepare`` returns the ``Work`` that makes an ``Order`` in
slices, ``receive`` shelves the result when the task reports ``WorkDone``, ``take`` hands it over.
The solo screen keeps one shelf; a host's random-mode rounds can keep one per round the same way
(``generate.steps(order)`` in a ``Work`` of their own, an ``Order`` per round).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from gamenight.reflection.generate import Generated, Order, steps
from gamenight.ui.program import Effect, StopWork, Work, WorkDone

TASK = "reflection.prefetch"
# Slices a little shorter than the screen's own work: the player is busy with the board meanwhile.
SLICE_MS = 8


@dataclass(frozen=True)
class Shelf:
    """The order being prepared (or prepared) in the background, and its puzzle once made."""

    order: Order | None = None
    made: Generated | None = None

    def ready(self, order: Order) -> Generated | None:
        """The puzzle of ``order`` if it is made."""
        return self.made if self.order == order else None

    def preparing(self, order: Order) -> bool:
        """Whether ``order`` is being made right now."""
        return self.order == order and self.made is None


def prepare(shelf: Shelf, order: Order, task: str = TASK) -> tuple[Shelf, list[Effect]]:
    """Start making ``order`` in the background under ``task`` (unless it already is, or is made);
    whatever the shelf held before is dropped."""
    if shelf.order == order:
        return shelf, []
    return Shelf(order), [Work(task, making(order), SLICE_MS)]


def making(order: Order) -> Generator[int, None, Generated | None]:
    """``steps(order)``, or ``None`` when the generator gives up on its seed (custom settings with
    hardly any unique puzzle): the background work ends quietly instead of failing in the page."""
    try:
        return (yield from steps(order))
    except RuntimeError:
        return None


def receive(shelf: Shelf, message: WorkDone) -> Shelf:
    """The shelf once its task reported ``message`` (the puzzle of the order being prepared); empty
    again if the generator gave up (``None``), so "New puzzle" makes a puzzle of its own."""
    if shelf.order is None or shelf.made is not None:
        return shelf
    return replace(shelf, made=message.value) if message.value is not None else Shelf()


def clear(shelf: Shelf, task: str = TASK) -> tuple[Shelf, list[Effect]]:
    """An empty shelf; the background work, if any, stops at once."""
    return Shelf(), [StopWork(task)] if shelf.order is not None and shelf.made is None else []
