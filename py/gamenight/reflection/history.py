"""The solo player's desk — tiles and notes on the board — and the undo history of every change to it.

Notes are the player's own marks, the way Black Box players lock cells: a **dot** says "surely
empty", a **ring** says "something is here, kind unknown". They are a layer of their own: a cell
holds a tile or a note, never both (placing a tile wipes the note in the same step), and the solution
check never looks at them.

Every change is a ``Step``: the edits it made, each with the value before and after, so a step can be
taken back (undo) and made again (redo). Placing, turning, moving and removing a tile, a note, a hint
and a restart are each one step. The history is stored with the puzzle in progress, so it survives a
reload; the parser replays it against the board and refuses a history that does not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from gamenight.core.errors import BadMessage
from gamenight.core.grid import Cell, on_board
from gamenight.i18n import N_, reasons
from gamenight.reflection.laser import EMPTY, MAX_SIZE, TILES, Layout

DOT, RING = "d", "r"  # the two notes; EMPTY ("."): no note
MARKS = (DOT, RING)
TILE, NOTE = "t", "n"  # the two layers of the desk
MAX_STEPS = 1000  # the oldest steps are forgotten past this (a long session stays small in storage)

reasons(
    {
        "rf-history-bad": N_("The saved undo history is damaged."),
        "rf-notes-bad": N_("The saved notes are damaged."),
    }
)


@dataclass(frozen=True)
class Notes:
    """The player's marks, one string per row: ``.`` none, ``d`` a dot, ``r`` a ring."""

    rows: tuple[str, ...]

    @classmethod
    def empty(cls, size: int) -> Notes:
        return cls((EMPTY * size,) * size)

    def at(self, cell: Cell) -> str:
        return self.rows[cell[0]][cell[1]]

    def place(self, cell: Cell, mark: str) -> Notes:
        r, c = cell
        row = self.rows[r]
        return Notes((*self.rows[:r], row[:c] + mark + row[c + 1 :], *self.rows[r + 1 :]))

    def marks(self) -> dict[Cell, str]:
        """Every note by cell."""
        return {(r, c): ch for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != EMPTY}

    def to_json(self) -> dict[str, Any]:
        return {"rows": list(self.rows)}


def parse_notes(data: Any, size: int) -> Notes:
    """Notes from untrusted JSON ``{"rows": [...]}``; raises ``BadMessage``."""
    rows = data.get("rows") if isinstance(data, dict) and set(data) == {"rows"} else None
    if (
        not isinstance(rows, list)
        or len(rows) != size
        or not all(isinstance(r, str) and len(r) == size and set(r) <= {EMPTY, *MARKS} for r in rows)
    ):
        raise BadMessage("rf-notes-bad")
    return Notes(tuple(rows))


@dataclass(frozen=True)
class Desk:
    """What the player has on the board: the tiles (``layout``, what the check reads) and the notes."""

    layout: Layout
    notes: Notes

    @classmethod
    def empty(cls, size: int) -> Desk:
        return cls(Layout.empty(size), Notes.empty(size))

    def at(self, cell: Cell, layer: str) -> str:
        return self.layout.at(cell) if layer == TILE else self.notes.at(cell)

    def put(self, cell: Cell, layer: str, value: str) -> Desk:
        if layer == TILE:
            return Desk(self.layout.place(cell, value), self.notes)
        return Desk(self.layout, self.notes.place(cell, value))


class Edit(NamedTuple):
    """One cell of one layer changed from ``before`` to ``after`` (a named tuple: steps are hashed
    often, to reuse their stored text)."""

    cell: Cell
    layer: str
    before: str
    after: str


Step = tuple[Edit, ...]


def change(desk: Desk, wanted: Iterable[tuple[Cell, str, str]]) -> Step:
    """The step that sets each ``(cell, layer, value)`` of ``wanted`` in order (no-op edits dropped).

    Setting a tile on a cell wipes its note in the same step, so a cell never holds both.
    """
    edits: list[Edit] = []
    current = desk
    for cell, layer, value in wanted:
        todo = [(cell, layer, value)]
        if layer == TILE and value != EMPTY:
            todo.insert(0, (cell, NOTE, EMPTY))
        for at, lay, val in todo:
            before = current.at(at, lay)
            if before != val:
                edits.append(Edit(at, lay, before, val))
                current = current.put(at, lay, val)
    return tuple(edits)


def apply(desk: Desk, step: Step) -> Desk:
    for edit in step:
        desk = desk.put(edit.cell, edit.layer, edit.after)
    return desk


def revert(desk: Desk, step: Step) -> Desk:
    for edit in reversed(step):
        desk = desk.put(edit.cell, edit.layer, edit.before)
    return desk


@dataclass(frozen=True)
class History:
    """Steps that can be undone (oldest first) and steps that can be redone (the next one last)."""

    done: tuple[Step, ...] = ()
    undone: tuple[Step, ...] = ()

    def record(self, step: Step) -> History:
        """A new step: it can be undone, and what was undone before can no longer be redone."""
        if not step:
            return self
        return History((*self.done, step)[-MAX_STEPS:], ())

    def to_json(self) -> dict[str, Any]:
        """Each step as a short text, ``"r,c,layer,before,after"`` per edit joined by ``;`` (a long
        history is saved after every move: strings are quick to write)."""
        return {"done": [step_text(s) for s in self.done], "undone": [step_text(s) for s in self.undone]}


def undo(desk: Desk, history: History) -> tuple[Desk, History, Step] | None:
    """The desk and history after taking back the last step (and that step), or ``None``."""
    if not history.done:
        return None
    step = history.done[-1]
    return revert(desk, step), History(history.done[:-1], (*history.undone, step)), step


def redo(desk: Desk, history: History) -> tuple[Desk, History, Step] | None:
    """The desk and history after making the last undone step again (and that step), or ``None``."""
    if not history.undone:
        return None
    step = history.undone[-1]
    return apply(desk, step), History((*history.done, step), history.undone[:-1]), step


@lru_cache(maxsize=4096)
def step_text(step: Step) -> str:
    """``"3,4,t,.,/;3,4,n,d,."``: a step as stored (cached: a step never changes)."""
    return ";".join(f"{e.cell[0]},{e.cell[1]},{e.layer},{e.before},{e.after}" for e in step)


def parse_history(data: Any, desk: Desk, valid: Callable[[Desk], bool]) -> History:
    """A history from untrusted JSON, checked against ``desk`` (the board it led to): undoing every
    done step and redoing every undone one must go through boards that ``valid`` accepts, each edit
    finding the value it claims. Raises ``BadMessage``."""
    if not isinstance(data, dict) or set(data) != {"done", "undone"}:
        raise BadMessage("rf-history-bad")
    done, undone = data["done"], data["undone"]
    if not isinstance(done, list) or not isinstance(undone, list) or len(done) + len(undone) > MAX_STEPS:
        raise BadMessage("rf-history-bad")
    size = desk.layout.size
    history = History(tuple(_parse_step(s, size) for s in done), tuple(_parse_step(s, size) for s in undone))
    current = desk
    for step in reversed(history.done):
        current = _replay(current, reversed(step), lambda e: (e.after, e.before), valid)
    current = desk
    for step in reversed(history.undone):
        current = _replay(current, step, lambda e: (e.before, e.after), valid)
    return history


def _replay(desk: Desk, edits: Iterable[Edit], way: Callable[[Edit], tuple[str, str]], valid) -> Desk:
    for edit in edits:
        found, then = way(edit)
        if desk.at(edit.cell, edit.layer) != found:
            raise BadMessage("rf-history-bad")
        desk = desk.put(edit.cell, edit.layer, then)
    if not valid(desk):
        raise BadMessage("rf-history-bad")
    return desk


def _parse_step(raw: Any, size: int) -> Step:
    if not isinstance(raw, str) or not 0 < len(raw) <= 16 * 2 * MAX_SIZE * MAX_SIZE:
        raise BadMessage("rf-history-bad")
    return tuple(_parse_edit(e, size) for e in raw.split(";"))


def _parse_edit(raw: str, size: int) -> Edit:
    parts = raw.split(",")
    if len(parts) != 5 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts[:2]):
        raise BadMessage("rf-history-bad")
    r, c, layer, before, after = int(parts[0]), int(parts[1]), *parts[2:]
    if not on_board((r, c), size):
        raise BadMessage("rf-history-bad")
    allowed = {EMPTY, *TILES} if layer == TILE else {EMPTY, *MARKS} if layer == NOTE else set()
    if {before, after} - allowed or before == after:
        raise BadMessage("rf-history-bad")
    return Edit((r, c), layer, before, after)
