"""Hints that explain, and the check: what a solo player may learn about their board from the solution.

A hint reveals one cell of the solution that the player does not have right yet, together with the
clues whose lasers pass through that cell in the solution and what each does there — "the lasers of
the top clue in column 3 and the left clue in row 5 turn here" — so the player sees *why* and can go
on from there. Wrong tiles are revealed before missing ones (building on a wrong tile leads nowhere),
and among those the cell with the shortest laser through it (a short laser is the easiest to follow by
hand). A hint never names a cell the player already has right.

The check counts the misplaced tiles without saying which.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.grid import Cell
from gamenight.i18n import _, ngettext
from gamenight.reflection import scene
from gamenight.reflection.laser import EMPTY, Layout, edge_names, trace
from gamenight.reflection.puzzle import Puzzle

# What a laser does in a cell, in the order a sentence names them.
TURN, REVERSE, STOP, PASS = "turn", "reverse", "stop", "pass"
ACTIONS = (TURN, REVERSE, STOP, PASS)


@dataclass(frozen=True)
class Explained:
    """A hint: the solution has ``tile`` (``"."``: nothing) on ``cell``; ``lasers`` names each clue whose
    laser passes through the cell in the solution with what it does there (a laser crossing the cell
    twice may do two things)."""

    cell: Cell
    tile: str
    was: str  # what the player had there
    lasers: tuple[tuple[str, frozenset[str]], ...]

    @property
    def edges(self) -> tuple[str, ...]:
        return tuple(edge for edge, _ in self.lasers)


def _all_lasers(puzzle: Puzzle, solution: Layout) -> dict[Cell, tuple[tuple[str, frozenset[str]], ...]]:
    """For every cell, each edge whose laser enters it in ``solution``, in clue order, with what it does
    there (each laser traced once)."""
    seen: dict[Cell, dict[str, set[str]]] = {}
    for edge in edge_names(puzzle.size):
        for step in trace(solution, edge, puzzle.warps).steps:
            if step.leaving is None:
                action = STOP
            elif step.leaving == step.entering:
                action = PASS
            elif step.leaving == step.entering.opposite:
                action = REVERSE
            else:
                action = TURN
            seen.setdefault(step.cell, {}).setdefault(edge, set()).add(action)
    return {cell: tuple((e, frozenset(a)) for e, a in by_edge.items()) for cell, by_edge in seen.items()}


def explain(puzzle: Puzzle, solution: Layout, layout: Layout) -> Explained | None:
    """The hint for ``layout`` towards ``solution``, or ``None`` when every cell is already right."""
    wrong = sorted(cell for cell, tile in layout.tiles().items() if solution.at(cell) != tile)
    missing = sorted(cell for cell in solution.tiles() if layout.at(cell) == EMPTY)
    group = wrong or missing
    if not group:
        return None
    through = _all_lasers(puzzle, solution)
    cell = min(group, key=lambda at: (_shortest(puzzle, through.get(at, ())), at))
    return Explained(cell, solution.at(cell), layout.at(cell), through.get(cell, ()))


def _shortest(puzzle: Puzzle, lasers: tuple[tuple[str, frozenset[str]], ...]) -> int:
    return min((puzzle.clue(edge).number for edge, _ in lasers), default=10**6)


def misplaced(solution: Layout, layout: Layout) -> int:
    """How many of the player's tiles are not the solution's tile on that cell."""
    return sum(1 for cell, tile in layout.tiles().items() if solution.at(cell) != tile)


# --- words (built when shown, in the page's language) ----------------------------------------------


def why(hint: Explained) -> str:
    """What the lasers do in the hint's cell: "the lasers of the top clue in column 3 and the left clue in row
    5 turn here" (by row or column: "top 3" read as a clue showing 3)."""
    parts = []
    for action in ACTIONS:
        edges = [edge for edge, done in hint.lasers if action in done]
        if not edges:
            continue
        n = len(edges)
        text = {
            TURN: ngettext("the laser of {edges} turns here", "the lasers of {edges} turn here", n),
            REVERSE: ngettext("the laser of {edges} bounces back here", "the lasers of {edges} bounce back here", n),
            STOP: ngettext("the laser of {edges} stops here", "the lasers of {edges} stop here", n),
            PASS: ngettext(
                "the laser of {edges} passes straight through", "the lasers of {edges} pass straight through", n
            ),
        }[action]
        # Every one of them, by its name on the board ("the top clue in column 3, …"): the hint frames them all.
        parts.append(text.format(edges=scene.edge_list(edges)))
    if not parts:
        return _("no laser crosses this cell")
    return _("; ").join(parts)
