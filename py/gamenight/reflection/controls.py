"""Reflection's match screen (the ``ui.match.Board`` of Reflection): build, race and reveal.

Every seat hides its own work, so a page only ever holds its own tiles. The board reuses the solo
screen's board and tray (``reflection/scene.py``) and its placing rules; what it adds:

* **Build phase**: the builder places *every* tile of the match's set on its own board, sees its own
  clues live (the scene draws the clues its layout makes), traces any laser, and is told whether the
  puzzle has one solution: the solver runs as a ``Work`` in slices, with its progress shown (advice,
  not a rule: an ambiguous puzzle may still be sent, with a warning). "Send puzzle" makes a fresh
  salt and sends the clues and the commitment only; the layout and salt go to this device's local
  storage (``SECRETS_KEY``, by commitment, one entry each so that two tabs keep each other's), so a
  reload of the page keeps them until they are revealed.
* **A reload keeps the work in hand**: the tiles of a build not yet sent, or of a puzzle being solved,
  go to local storage after every change (``DRAFT_KEY``: one entry a task, named by the match, round,
  seat and task, the last 4 kept), and come back when the page returns to the same task.
* **Solve rounds**: the assigned puzzle with red frames on the numbers that do not match yet (while the
  seat still solves it: ``matching``); the round clock (time left, with a visible warning in the last
  30 s); a layout that matches every number is sent at once; "Submit" on a layout that does not says
  which numbers differ (as the host would, without asking it); "Give up" asks once more first, and a
  puzzle given up is over for its solver: its tiles and notes go at once (the solution comes under
  Solutions once its rounds are over).
* **Reveal**: when the rules ask for this seat's reveal, the board sends it by itself from local
  storage (``Play``); a device without the layout says so.
* Everyone sees who has sent, the finish order of the round, points per round, totals, team
  averages, flags for failed reveals, and each revealed layout beside its clues once the view
  carries it. Spectators see the puzzles in play and may try them on their own page; they never
  get a layout the view does not give them, since the board draws only what it was sent.
"""

from __future__ import annotations

import secrets as random_source
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import i18n
from gamenight.core.errors import BadMessage
from gamenight.core.game import JSON, form_number
from gamenight.core.grid import Cell, on_board
from gamenight.core.jsonutil import loads, obj
from gamenight.i18n import N_, _, ngettext, reasons, sentences, terms
from gamenight.reflection import scene, standings
from gamenight.reflection.history import DOT, Notes, parse_notes
from gamenight.reflection.laser import EMPTY, Layout, clue_codes, edge_names, trace
from gamenight.reflection.match import commitment, counted_out, submission
from gamenight.reflection.puzzle import KIND_OF, KINDS, Puzzle, TileSet, check, mismatches, parse_layout
from gamenight.reflection.puzzle import puzzle_of as make_puzzle
from gamenight.reflection.solo import (
    ARROWS,
    FIRST_TILE,
    KEY_TILES,
    NEXT_NOTE,
    NOTE_TOOLS,
    TURNED,
    board_cell,
    clock,
    dropped,
    picked,
)
from gamenight.reflection.solve import solve_steps
from gamenight.reflection.standings import OUTCOMES, name_of, puzzle_of, sheet
from gamenight.ui.live import alerts, new_note
from gamenight.ui.match import Moved, Reply, Table, describe
from gamenight.ui.program import (
    Focus,
    KeyList,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    StoreEntries,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    WorkProgress,
    board_stop,
)
from gamenight.ui.svg import Child, Element, h

# This device's own built puzzles: commitment → layout and salt, written entry by entry (``StoreEntries``)
# so that two tabs building puzzles keep each other's.
SECRETS_KEY = "reflection.built"
OLD_SECRETS_KEY = "reflection.secrets"  # the same as one list, as pages before 2026-12-02 kept it: read once
# The tiles (and notes) of the build or solve in hand, by task (``draft_id``), so a reload keeps them: one
# entry a task, so two tabs working on two tasks keep each other's.
DRAFT_KEY = "reflection.drafts"
OLD_DRAFT_KEY = "reflection.draft"  # one draft with its ``id``, as pages before 2026-12-02 kept it: read once
SECRETS_KEPT = 8
DRAFTS_KEPT = 4
CLOCK = "match.clock"
CHECK = "match.check"
CHECK_BUDGET = 200_000  # solver decisions before the advice gives up ("could not tell")
CHECK_SHOWN = 2_000  # the advice's progress is redrawn every this many decisions
HURRY_MS = 30_000
# Keyboard focus on this page's board, its cell under the cursor, when a task begins (the host's Start, Send,
# a new round): the focus's own scroll centred that cell in the window, which took the match's status, the
# round and its clock above the board out of sight (at 1280×800 the round's line was cut at the window's top;
# on a phone the board was at the top). The page shows the status at the window's top, the board under it.
# On a laptop the board with its tray and buttons fits under the status (css/app.css): shown whole.
FOCUS_TASK = Focus(board_stop(".match-main"), show=".match-status", whole=".match-main .rf-work")
# A new round's board (a spectator's next puzzle too) takes focus from the last round's board, where focus
# was following the cursor, never from anywhere else (the chat, the log): the player put it there.
FOCUS_ROUND = replace(FOCUS_TASK, only_from="[role=grid]")
# Where focus waited on the status while the round's puzzle was made (the host's Start), it stays there
# (one Tab goes on to the board), and the page shows the status at the window's top with the board, its
# tray and Submit under it: the status stayed where Start had left it, mid-window, and Submit was below.
SHOW_ROUND = Focus(".match-status", show=".match-status", only_from=".match-status", whole=".match-main .rf-work")
# Where a board's refusal is drawn (the speaking one of its two alert regions, ``ui.live.alerts``).
SHOW_NOTE = ShowInWindow(".match-main .rf-said")
# "Bigger cells" pressed: focus stays on it, the one button left (``scene.zoom_buttons``).
ZOOM_FOCUS = Focus("#rf-zoom", only_from="[data-zoom]")
# After "Yes, give up": the board's heading (``banner``: "Round 1 of 3", a focus target only), drawn in every
# state of the round, a guest's move on its way included.
GAVE_UP_FOCUS = Focus(".match-main .rf-phase")
COLOURS = {"green": N_("green"), "yellow": N_("yellow"), "black": N_("black")}

reasons(
    {
        "rf-watching": N_("You are watching: the tiles you place stay on this page."),
        "rf-sent": N_("Your puzzle is sent: it cannot change any more."),
        "rf-done": N_("You have finished this round's puzzle."),
        "rf-warp-cell": N_("Warp cells hold no tiles."),
        "rf-none-left": N_("No {kind} left in your tray: take one back first."),
        "rf-tray-empty": N_("No tiles left in your tray: take one back first."),
        "rf-no-turn": N_("Blocks and black holes do not turn; use Remove to take one back."),
        "rf-place-all": N_("Place every tile first ({n} still in the tray)."),
        "rf-differ": N_("Not solved yet. The clues that differ: {clues}."),
        "rf-no-secret": N_(
            "This device does not hold your puzzle's layout (was it built in another browser?): it cannot be revealed."
        ),
        "rf-warp-note": N_("Warp cells take no notes."),
        "rf-note-tile": N_("Notes go on empty cells: take the tile away first."),
        "rf-draft-bad": N_("Your tiles from before the reload could not be read back: the board starts empty."),
    }
)
terms({f"rf-kind-{kind}": name for kind, name in scene.KIND_NAMES.items()})

# The status in each phase everyone plays at once (``ReflectionBoard.at_once``): the phase, and who is
# still at it. A phase that is missing (a training match's pause) says whose turn it is.
AT_ONCE = {
    "build": (N_("Everyone builds at once"), N_("still building: {names}")),
    "solve": (N_("The solvers race at once"), N_("still solving: {names}")),
    "reveal": (N_("The builders reveal at once"), N_("still to reveal: {names}")),
}

ADVICE = {
    "running": N_("Checking whether your puzzle has one solution…"),
    "unique": N_("One solution: a fair puzzle."),
    "several": N_(
        "More than one layout makes these clues: a solver who finds another one still solves it. "
        "You may send it anyway."
    ),
    "unknown": N_("The check could not decide in time: the puzzle may have several solutions. You may send it anyway."),
}


@dataclass(frozen=True)
class Secret:
    """A built puzzle's layout and salt, kept on the builder's device until it is revealed."""

    layout: Layout
    salt: str


@dataclass(frozen=True)
class Advice:
    """Whether ``layout`` makes a puzzle with one solution: ``running``, ``unique``, ``several`` or
    ``unknown`` (the check ran out of budget), after ``decisions`` of the solver's."""

    layout: Layout
    outcome: str = "running"
    decisions: int = 0


@dataclass(frozen=True)
class Task:
    """What this page works on: ``build`` its puzzle, ``solve`` puzzle ``number`` in ``round``, ``watch``
    it (spectators, and a builder sitting out), or ``rest`` (no board: waiting, revealing, results)."""

    kind: str = "rest"
    number: int = 0
    round: int = 0


@dataclass(frozen=True)
class Desk:
    """The board's own state: the task and this page's tiles for it, the tools, the advice, this
    device's built puzzles, and the page's clock (from ticks and inputs)."""

    task: Task = Task()
    layout: Layout | None = None
    notes: Notes | None = None  # the solver's dots and rings (solve and watch only), as on the solo board
    tool: str = "diagonal"  # a tile kind, a note ("dot", "ring"), or "remove"
    cursor: Cell = (0, 0)
    laser: str | None = None  # the edge whose laser is drawn
    drag: tuple[str, str] | None = None  # ("tray", kind) or ("cell", "r,c") while a pointer is down
    note: JSON | None = None
    refusals: int = 0  # notes given so far: which of two alert regions says the standing one (ui.live.alerts)
    advice: Advice | None = None
    secrets: Mapping[str, Secret] = field(default_factory=dict)
    revealing: str = ""  # the commitment whose reveal this page has sent
    confirm: bool = False  # "Give up" was pressed once
    asked: int = 0  # times "Give up this puzzle?" was asked: which alert region says it (ui.live.alerts)
    ticking: bool = False  # the clock timer runs
    now_ms: int = 0
    # Big cells (a phone): the board pans inside its frame, as on the solo board; ``None``, where the fitted
    # numbers would be too small to read, as the style sheet decides (scene.zoom_class).
    zoom: bool | None = None
    # "Bigger cells" on this seat's board once it is done (solved, given up, out of time) while the round goes
    # on: off for each new task, so a done board is drawn whole (``scene.shown_zoom``), as the solo board's end.
    end_zoom: bool = False

    @property
    def board(self) -> Layout:
        """The layout on the board, there for a task that has one (build, solve, watch): what the
        functions that edit, check, send or draw it read, reached only then (``on_input``, ``editable``)."""
        assert self.layout is not None
        return self.layout


# --- reading the view ------------------------------------------------------------------------------


def own_number(view: JSON) -> int:
    """The number of the puzzle this page's seat builds (0 if none)."""
    you = view.get("you")
    return next((p["number"] for p in view.get("puzzles", []) if you and p.get("builder") == you), 0)


def tileset(view: JSON) -> TileSet:
    tiles = (sheet(view, 1) or {}).get("tiles", {})
    return TileSet(*(int(tiles.get(k, 0)) for k in KINDS))


def warps(view: JSON) -> tuple[Cell, ...]:
    return tuple(tuple(w) for w in (sheet(view, 1) or {}).get("warps", []))


def size(view: JSON) -> int:
    return int((sheet(view, 1) or {}).get("size", view.get("options", {}).get("size", 6)))


def in_play(view: JSON) -> list[int]:
    """The puzzles being solved this round, in number order."""
    return sorted(set(view.get("solving", {}).values())) if view.get("phase") == "solve" else []


def task_of(view: JSON, desk: Desk) -> Task:
    phase, you, round_ = view.get("phase"), view.get("you"), view.get("round", 0)
    out = you in counted_out(view)  # a player counted out who came back watches the match
    if phase == "build" and you and not out:
        return Task("build", own_number(view))
    if phase == "solve":
        solving = view.get("solving", {})
        if you in solving and not out:
            return Task("solve", solving[you], round_)
        shown = in_play(view)
        if shown:
            keep = desk.task.kind == "watch" and desk.task.number in shown and desk.task.round == round_
            return Task("watch", desk.task.number if keep else shown[0], round_)
    return Task("rest", 0, round_)


def the_puzzle(desk: Desk, view: JSON) -> Puzzle | None:
    """The puzzle on this page's board: the clues of its own layout while building, else the view's."""
    if desk.task.kind == "build" and desk.layout is not None:
        return make_puzzle(desk.layout, warps(view), tileset(view))
    return puzzle_of(sheet(view, desk.task.number))


def submitted(view: JSON) -> bool:
    return bool((sheet(view, own_number(view)) or {}).get("submitted"))


def editable(desk: Desk, view: JSON, seat: str | None) -> bool:
    """Whether this page may change its tiles: its own unsent puzzle, its puzzle while it still
    solves, or (locally) a puzzle it watches."""
    if desk.layout is None:
        return False
    if desk.task.kind == "watch":
        return True
    return seat is not None and seat == view.get("you") and desk.task.kind in ("build", "solve")


# --- this device's secrets --------------------------------------------------------------------------


def load_secrets(stored: Mapping[str, str]) -> dict[str, Secret]:
    """The layouts and salts this device keeps (``SECRETS_KEY``, and ``OLD_SECRETS_KEY`` as older pages
    kept them). Untrusted: an entry that does not open its commitment is dropped."""
    entries: list[Any] = []
    for key in (OLD_SECRETS_KEY, SECRETS_KEY):
        try:
            raw = obj(loads(stored.get(key) or "{}", 64 * 1024), "stored puzzles", BadMessage)
        except BadMessage:
            continue
        if key == OLD_SECRETS_KEY:
            entries += raw["puzzles"] if isinstance(raw.get("puzzles"), list) else []
        else:
            entries += [{**item, "commitment": c} for c, item in raw.items() if isinstance(item, dict)]
    found = {}
    for item in entries:
        if not isinstance(item, dict):
            continue
        rows, salt, committed = item.get("rows"), item.get("salt"), item.get("commitment")
        if not isinstance(rows, list) or not isinstance(salt, str) or not isinstance(committed, str):
            continue
        try:
            layout = parse_layout({"rows": rows}, len(rows))
        except (BadMessage, ValueError):
            continue
        if commitment(layout, salt) == committed:
            found[committed] = Secret(layout, salt)
    return found


def keep_secrets(put: Mapping[str, Secret | None]) -> StoreEntries:
    """Add (a ``Secret``) or forget (``None``) this device's puzzles, leaving other tabs' as they are."""
    entries = tuple((c, None if s is None else {"rows": list(s.layout.rows), "salt": s.salt}) for c, s in put.items())
    return StoreEntries(SECRETS_KEY, entries, SECRETS_KEPT)


def draft_id(view: JSON, task: Task) -> str:
    """What a draft belongs to: the match (its start), the round, the seat and the task."""
    return f"{view.get('started_ms')}/{view.get('round', 0)}/{view.get('you')}/{task.kind}/{task.number}"


def store_draft(desk: Desk, view: JSON) -> StoreEntries:
    draft = {"rows": list(desk.board.rows)}
    if desk.notes is not None:
        draft["notes"] = list(desk.notes.rows)
    return StoreEntries(DRAFT_KEY, ((draft_id(view, desk.task), draft),), DRAFTS_KEPT)


def forget_draft(view: JSON, task: Task) -> StoreEntries:
    return StoreEntries(DRAFT_KEY, ((draft_id(view, task), None),), DRAFTS_KEPT)


def stored_draft(stored: Mapping[str, str], wanted: str) -> Any:
    """The draft stored for the task ``wanted`` (untrusted), or None; raises ``BadMessage`` if the
    drafts cannot be read at all."""
    if text := stored.get(DRAFT_KEY):
        drafts = obj(loads(text, 64 * 1024), "stored drafts", BadMessage)
        if wanted in drafts:
            return drafts[wanted]
    if text := stored.get(OLD_DRAFT_KEY):
        old = obj(loads(text, 16 * 1024), "a stored draft", BadMessage)
        if old.get("id") == wanted:
            return old
    return None


def draft_for(desk: Desk, view: JSON, stored: Mapping[str, str]) -> tuple[Layout, Notes | None] | JSON | None:
    """This task's stored draft (untrusted): its layout and notes; a reason if it is unreadable or
    breaks the task's rules; None if there is none (or nothing to restore)."""
    if desk.task.kind not in ("build", "solve") or desk.layout is None or desk.layout != Layout.empty(desk.layout.size):
        return None  # nothing to do, or a build already sent (its sent layout is shown)
    bad = {"code": "rf-draft-bad", "params": {}}
    try:
        found = stored_draft(stored, draft_id(view, desk.task))
        if found is None:
            return None
        raw = obj(found, "a stored draft", BadMessage)
        layout = parse_layout({"rows": raw.get("rows")}, desk.layout.size)
        notes = None
        if desk.notes is not None and "notes" in raw:
            notes = parse_notes({"rows": raw["notes"]}, desk.layout.size)
    except (BadMessage, ValueError):
        return bad
    puzzle = the_puzzle(desk, view)
    if puzzle is None:
        return None
    tiles = tileset(view) if desk.task.kind == "build" else puzzle.tiles
    on_warps = any(layout.at(cell) != EMPTY or (notes and notes.at(cell) != EMPTY) for cell in puzzle.warps)
    both = notes is not None and any(layout.at(cell) != EMPTY for cell in notes.marks())
    return (layout, notes) if tiles.allows(layout) and not on_warps and not both else bad


# --- the Board ---------------------------------------------------------------------------------------


# The keys the help lists over this board (``on_key``): the solo board's, less its undo and redo (a race
# has neither, and R turns a tile here); E shows the lasers through the cursor on both. Its touch gestures
# are the solo board's (the guide's). ``shortcuts_now`` keeps those that act on the board as the page has it.
SHORTCUTS: KeyList = (
    (("/", "\\"), N_("Reflection: place a diagonal mirror, slash or backslash, at the cursor")),
    (("|", "-"), N_("Reflection: place a flat mirror, upright or level, at the cursor")),
    (("#",), N_("Reflection: place a block at the cursor")),
    (("o",), N_("Reflection: place a black hole at the cursor")),
    (("Space", "Enter"), N_("Reflection: use the tray's tool at the cursor (a placed tile turns)")),
    (("V",), N_("Reflection: place a triangle mirror at the cursor")),
    (("T", "R"), N_("Reflection: turn the tile")),
    (("Delete", "X"), N_("Reflection: take the tile or note away")),
    ((".",), N_("Reflection: note a dot, surely empty")),
    (("N",), N_("Reflection: cycle the note: dot, ring, none")),
    (("E",), N_("Reflection: show the lasers through the cursor, one after another")),
    (("Home", "End"), N_("Reflection: to the first or last column")),
)
NOTE_KEYS = ((".",), ("N",))  # they need notes: a puzzle being solved or watched has them, a build has none
TAKE_KEYS = ("Delete", "X")
TAKE_TILE = N_("Reflection: take the tile away")  # what Delete and X do where the board takes no notes


class ReflectionBoard:
    """The ``ui.match.Board`` of Reflection."""

    storage_keys = (SECRETS_KEY, OLD_SECRETS_KEY, DRAFT_KEY, OLD_DRAFT_KEY)
    focus = FOCUS_TASK
    shortcuts = SHORTCUTS

    def shortcuts_now(self, desk: Desk, view: JSON) -> KeyList:
        """The help's keys for this page's task, said as they act there: a tile's key where the round's tiles
        have that kind (``guide.for_tiles``); where the board takes no notes (a build, no task) no note keys,
        and Delete takes only a tile."""
        from gamenight.reflection import guide  # its pictures' code is compiled only if the help is asked for

        notes = desk.notes is not None
        return tuple(
            (key, what if notes or key != TAKE_KEYS else TAKE_TILE)
            for key, what in guide.for_tiles(SHORTCUTS, tileset(view))
            if notes or key not in NOTE_KEYS
        )

    def start(self, view: JSON, before: JSON | None, animate: bool = True) -> Desk:
        return Desk()

    def active(self, view: JSON) -> frozenset[str]:
        return frozenset(view.get("active", ()))

    def react(self, desk: Desk, view: JSON, seat: str | None, table: Table | None, message: Any) -> Reply:
        if isinstance(message, Moved):
            return follow(desk, view, message)
        if isinstance(message, Tick) and message.timer == CLOCK:
            if table is not None and table.stopped:  # no clock is shown for a stopped match
                return Reply(desk, effects=(StopTimer(CLOCK),))
            return Reply(replace(desk, now_ms=message.now_ms))
        if isinstance(message, WorkProgress) and message.task == CHECK:
            advice = desk.advice
            decisions = int(message.value or 0)
            if (
                advice is None
                or advice.outcome != "running"
                or decisions // CHECK_SHOWN == advice.decisions // CHECK_SHOWN
            ):
                return Reply(desk)  # the same numbers on screen: no redraw
            return Reply(replace(desk, advice=replace(advice, decisions=decisions)))
        if isinstance(message, WorkDone) and message.task == CHECK:
            return Reply(advised(desk, message.value))
        return Reply(desk)

    def update(self, desk: Desk, view: JSON, seat: str | None, table: Table, event: UiEvent) -> Reply:
        if event.now_ms and event.type in ("click", "keydown"):
            desk = replace(desk, now_ms=event.now_ms)
        reply = on_input(desk, view, seat, table, event)
        given = reply.local
        if new_note(desk.note, given.note):
            reply = replace(reply, local=replace(given, refusals=desk.refusals + 1))
        return reply

    def render(self, desk: Desk, view: JSON, seat: str | None, table: Table) -> Element:
        return h(
            "div",
            {"class": "rf-match", "data-phase": view.get("phase"), "data-task": desk.task.kind},
            banner(desk, view, table),
            out_note(view),
            work_area(desk, view, seat, table),
            # Once the match is over, "Final results" opens on the points table: the last round's finish
            # order (its points and times are in the table) read as the final ranking there, and a phone
            # shows the ranking panel only after the boards.
            view.get("phase") != "over" and standings.race(view, table),
            # A team race's teams ranked by their points, before the players' points table: the winning team
            # first once it is over (the table lists the players alone).
            standings.team_standings(view, table),
            standings.scoreboard(view, table),
            standings.gallery(view, table),
        )

    def seat_facts(self, view: JSON, seat: str, table: Table) -> list[str]:
        return standings.seat_facts(view, seat, table)

    def headline(self, view: JSON, table: Table) -> str:
        """At the end of a team race, the teams that won or drew ("Team 2 wins!"): the match screen names players."""
        return standings.team_headline(view)

    def final_standings(self, view: JSON, table: Table) -> Element | None:
        """At the end of a team race, the teams ranked with their players under them; else the match screen's."""
        return standings.final_standings(view, table)

    def waiting(self, view: JSON, table: Table) -> str:
        """The status while nobody may move: a round waits for its puzzle, which the host's page makes."""
        if view.get("phase") != "prepare":
            return ""
        return _("Making the first puzzle…") if view.get("round") == 1 else _("Making the next puzzle…")

    def at_once(self, view: JSON, table: Table, seats: Collection[str]) -> str:
        """The status in a phase every seat plays at the same time (all of a race's phases but a training
        match's pause): the phase, and who of ``seats`` is still at it, "you" first; nothing once the host
        stopped the match (nobody is at work any more: the status says it stopped). This page's seat, once it is
        done with the phase (sent, solved, gave up, revealed), is not at it again in that phase: it is left out
        of ``seats`` even when asked of everyone, as the status's room is (``ui.match.status_room``), whose
        room then holds what the status can still say, not "you and Bea (2)" an empty line under "Bea (2)"."""
        phase = AT_ONCE.get(str(view.get("phase")))
        active = view.get("active", ())
        seats = [s for s in seats if s not in table.mine or s in active]
        if phase is None or not seats or table.stopped:
            return ""
        lead, still = phase
        names = i18n.conjunction(standings.names_said(table, seats))
        # Parts drawn as a heading's (``i18n.line``): at 320 px the line broke before the separator, "· still
        # building: you", and held to the phase it ended a line.
        return i18n.line(_(lead), _(still).format(names=names))

    def event_text(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        return standings.event_text(event, names)


# --- following the match ------------------------------------------------------------------------------


def follow(desk: Desk, view: JSON, moved: Moved) -> Reply:
    """A new position: keep this page's tiles while the task is the same, start afresh when it changes;
    start or stop the clock; reveal this seat's puzzle when the rules ask; forget it once revealed."""
    effects: list = []
    drafts: Mapping[str, str] = {}
    if moved.now_ms > desk.now_ms:  # the clock is drawn from this render on, not from the timer's first tick
        desk = replace(desk, now_ms=moved.now_ms)
    if moved.before is None:  # the page (re)started: what this device kept
        desk = replace(desk, secrets=load_secrets(moved.stored))
        drafts = moved.stored
        if OLD_SECRETS_KEY in moved.stored:  # kept by an older page: moved to today's entries
            effects += [keep_secrets(desk.secrets), Store(OLD_SECRETS_KEY, None)]
        if OLD_DRAFT_KEY in moved.stored:  # read below; restored, it is stored again as today's pages do
            effects.append(Store(OLD_DRAFT_KEY, None))
    task = task_of(view, desk)
    if task != desk.task:
        if desk.advice is not None and desk.advice.outcome == "running":
            effects.append(StopWork(CHECK))  # the check of a layout that is gone: end it
        if moved.before is not None and desk.task.kind in ("build", "solve"):
            effects.append(forget_draft(moved.before, desk.task))  # that task is over
        desk = fresh(desk, view, task)
        if moved.before is not None and task.kind != "rest":
            effects += [FOCUS_ROUND, SHOW_ROUND]
        restored = draft_for(desk, view, drafts)
        if isinstance(restored, tuple):
            layout, notes = restored
            desk = replace(desk, layout=layout, notes=notes or desk.notes)
            effects.append(store_draft(desk, view))
            if task.kind == "build":
                reply = recheck(desk, view)
                desk, effects = reply.local, [*effects, *reply.effects]
        elif restored is not None:  # unreadable, or against the task's rules: said, and forgotten
            desk = replace(desk, note=restored)
            effects.append(forget_draft(view, task))
    if desk.task.kind == "build" and submitted(view) and desk.advice is not None:
        desk = replace(desk, advice=None)
    if finish_outcome(desk, view) not in (None, "solved") and desk.layout is not None and not blank(desk):
        # The puzzle is over for this seat (given up, or left) while the round goes on for others: its tiles and
        # notes go at once, as the solo board's do (it shows a solution in their place; a race's solution
        # is a secret while others solve it, shown under Solutions once its rounds are over).
        desk = replace(desk, layout=Layout.empty(desk.layout.size), notes=Notes.empty(desk.layout.size))
        effects.append(forget_draft(view, desk.task))
    ticking = view.get("phase") in ("solve", "reveal")
    if ticking != desk.ticking:
        effects.append(StartTimer(CLOCK, 1000) if ticking else StopTimer(CLOCK))
        desk = replace(desk, ticking=ticking)
    mine = sheet(view, own_number(view)) or {}
    committed = mine.get("commitment")
    move = None
    if view.get("phase") == "reveal" and view.get("you") in view.get("active", ()) and committed:
        kept = desk.secrets.get(committed)
        if kept is None:
            desk = replace(desk, note={"code": "rf-no-secret", "params": {}})
        elif desk.revealing != committed:
            move = {"type": "reveal", "layout": kept.layout.to_json(), "salt": kept.salt}
            desk = replace(desk, revealing=committed)
    if mine.get("reveal") in ("done", "failed") and committed in desk.secrets:
        rest = {c: s for c, s in desk.secrets.items() if c != committed}
        desk = replace(desk, secrets=rest)
        effects.append(keep_secrets({str(committed): None}))
    return Reply(desk, move, tuple(effects))


def fresh(desk: Desk, view: JSON, task: Task) -> Desk:
    """This page's desk for a new task: an empty board of the right size (or its sent layout)."""
    layout = None
    if task.kind in ("build", "solve", "watch"):
        n = size(view) if task.kind == "build" else int((sheet(view, task.number) or {}).get("size", size(view)))
        layout = Layout.empty(n)
        committed = (sheet(view, task.number) or {}).get("commitment") if task.kind == "build" else None
        if committed is not None and committed in desk.secrets:  # a reload after sending: show what was sent
            layout = desk.secrets[committed].layout
    middle = (layout.size // 2, layout.size // 2) if layout else (0, 0)
    return replace(
        desk,
        task=task,
        layout=layout,
        notes=Notes.empty(layout.size) if layout is not None and task.kind != "build" else None,
        tool="diagonal" if desk.tool in NOTE_TOOLS and task.kind == "build" else desk.tool,
        cursor=middle,
        laser=None,
        drag=None,
        note=None,
        advice=None,
        confirm=False,
        end_zoom=False,
    )


def advised(desk: Desk, solved: Any) -> Desk:
    """The solver's verdict on the layout being built (dropped if the layout changed meanwhile)."""
    advice = desk.advice
    if advice is None or advice.layout != desk.layout or solved is None:
        return desk
    outcome = "unknown" if not solved.complete else "unique" if solved.count == 1 else "several"
    return replace(desk, advice=replace(advice, outcome=outcome, decisions=solved.nodes))


# --- input -----------------------------------------------------------------------------------------


def on_input(desk: Desk, view: JSON, seat: str | None, table: Table, event: UiEvent) -> Reply:
    action, data = event.action, event.data
    if event.type == "click":
        if action in ("rf-send", "rf-submit"):
            reply = send(desk, view, seat) if action == "rf-send" else submit(desk, view, seat)
            # A refusal is drawn under the button, at the window's foot on a laptop with the board in view
            # (half of it below): the page brings it into sight, as the solo board does a hint's line.
            return (
                replace(reply, effects=(*reply.effects, SHOW_NOTE)) if new_note(desk.note, reply.local.note) else reply
            )
        if action == "rf-give-up":
            return give_up(desk, view, seat)
        if action == "rf-keep-going":
            return Reply(replace(desk, confirm=False), effects=(Focus("button[data-action=rf-give-up]"),))
        if action == "rf-reveal":
            return reveal_again(desk, view)
        if action == "rf-watch":
            return watch(desk, view, data.get("number", ""))
        if action == "rf-zoom":  # the button says what it asks for: only the page knows what "automatic" shows
            on = data.get("zoom") == "on"
            pressed = replace(desk, end_zoom=on) if board_done(desk, view) else replace(desk, zoom=on)
            return Reply(pressed, effects=(ZOOM_FOCUS,))
    puzzle = the_puzzle(desk, view) if desk.layout is not None else None
    if puzzle is None:
        return Reply(desk)
    if event.type == "keydown":
        if event.key == "Escape" and desk.confirm and action in ("rf-keep-going", "rf-give-up"):
            return on_input(desk, view, seat, table, replace(event, type="click", action="rf-keep-going"))
        if action not in ("board", "cell", "edge"):
            return Reply(desk)
        return on_key(desk, view, seat, puzzle, event.key)
    if event.type == "pointerdown":
        return Reply(grab(desk, action, data))
    if event.type == "pointerup":
        return drop(desk, view, seat, puzzle, action, data)
    if event.type != "click":
        return Reply(desk)
    if action == "tray":
        kind = data.get("kind", "")
        if kind in KINDS:  # not a kind with none left: its button is disabled
            usable = scene.tiles_left(puzzle.tiles, desk.board)[kind] > 0
        else:
            usable = kind == "remove" or (kind in NOTE_TOOLS and desk.notes is not None)
        return Reply(replace(desk, tool=kind, note=None)) if usable else Reply(desk)
    if action == "cell":
        cell = _cell(desk, data)
        return use_tool(replace(desk, cursor=cell), view, seat, puzzle, cell) if cell else Reply(desk)
    if action == "edge":
        edge = data.get("edge", "")
        if edge not in edge_names(puzzle.size):
            return Reply(desk)
        return Reply(replace(desk, laser=None if desk.laser == edge else edge))
    return Reply(desk)


def _cell(desk: Desk, data: Mapping[str, str]) -> Cell | None:
    return board_cell(data, desk.layout.size if desk.layout else 0)


def on_key(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, key: str) -> Reply:
    r, c = desk.cursor
    n = puzzle.size
    if key in ARROWS:
        dr, dc = ARROWS[key]
        return Reply(replace(desk, cursor=(min(n - 1, max(0, r + dr)), min(n - 1, max(0, c + dc)))))
    if key in ("Home", "End"):  # the row's first or last column, as on the solo board and in the help
        return Reply(replace(desk, cursor=(r, 0 if key == "Home" else n - 1)))
    if key in KEY_TILES:
        return set_tile(desk, view, seat, puzzle, desk.cursor, KEY_TILES[key])
    if key in (" ", "Enter"):
        return use_tool(desk, view, seat, puzzle, desk.cursor)
    if key in ("t", "T", "r", "R"):  # T as on the solo board and in the help; R, this board's first key
        return rotate(desk, view, seat, puzzle, desk.cursor)
    if key in ("Delete", "Backspace", "x", "X"):
        return clear_cell(desk, view, seat, puzzle, desk.cursor)
    if key == "." and desk.notes is not None:
        return set_note(desk, view, seat, puzzle, desk.cursor, DOT)
    if key in ("n", "N") and desk.notes is not None:
        return set_note(desk, view, seat, puzzle, desk.cursor, NEXT_NOTE[desk.notes.at(desk.cursor)], toggle=False)
    if key in ("e", "E"):  # the lasers through the cursor, one after another: left, top, right, bottom, none
        ring = [f"L{r + 1}", f"T{c + 1}", f"R{r + 1}", f"B{c + 1}"]
        laser = ring[0] if desk.laser not in ring else [*ring, None][ring.index(desk.laser) + 1]
        return Reply(replace(desk, laser=laser))
    if key == "Escape":
        return Reply(replace(desk, confirm=False, laser=None, note=None))
    return Reply(desk)


def grab(desk: Desk, action: str, data: Mapping[str, str]) -> Desk:
    """A press starts a drag, and forgets any drag that ended with no pointerup (``solo.picked``)."""
    drag = picked(desk.board, action, data)
    return replace(desk, drag=drag) if drag != desk.drag else desk


def drop(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, action: str, data: Mapping[str, str]) -> Reply:
    """Finish a drag as the solo board does (``solo.dropped``)."""
    if desk.drag is None:
        return Reply(desk)
    done = dropped(desk.drag, desk.board, puzzle.warps, action, data)
    desk = replace(desk, drag=None)
    if done is None:
        return Reply(desk)
    if done.kind:
        return set_tile(replace(desk, tool=done.kind, cursor=done.cell), view, seat, puzzle, done.cell, done.tile)
    if done.source is not None:
        desk = replace(desk, layout=desk.board.place(done.source, EMPTY), cursor=done.cell)
    return set_tile(desk, view, seat, puzzle, done.cell, done.tile)


def use_tool(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, cell: Cell) -> Reply:
    tile = desk.board.at(cell)
    if desk.tool == "remove":
        return clear_cell(desk, view, seat, puzzle, cell)
    if desk.tool in NOTE_TOOLS and desk.notes is not None:
        return set_note(desk, view, seat, puzzle, cell, NOTE_TOOLS[desk.tool])
    if tile != EMPTY:
        return rotate(desk, view, seat, puzzle, cell)
    kind = scene.live_tool(desk.tool, puzzle.tiles, desk.board)  # never a kind with none left
    if kind is None:
        empty = {"code": "rf-tray-empty", "params": {}}
        return Reply(replace(desk, note=empty if editable(desk, view, seat) else locked_note(desk, view)))
    return set_tile(replace(desk, tool=kind), view, seat, puzzle, cell, FIRST_TILE.get(kind, "/"))


def rotate(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, cell: Cell) -> Reply:
    tile = desk.board.at(cell)
    if tile in TURNED:
        return set_tile(desk, view, seat, puzzle, cell, TURNED[tile])
    if tile != EMPTY:
        return Reply(replace(desk, note={"code": "rf-no-turn", "params": {}}))
    return Reply(desk)


def locked_note(desk: Desk, view: JSON) -> JSON:
    if desk.task.kind == "build":
        return {"code": "rf-sent", "params": {}}
    if desk.task.kind == "solve":
        return {"code": "rf-done", "params": {}}
    return {"code": "rf-watching", "params": {}}


def clear_cell(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, cell: Cell) -> Reply:
    """Take back the tile on ``cell``, or else its note."""
    if desk.board.at(cell) == EMPTY and desk.notes is not None and desk.notes.at(cell) != EMPTY:
        return set_note(desk, view, seat, puzzle, cell, EMPTY)
    return set_tile(desk, view, seat, puzzle, cell, EMPTY)


def set_note(
    desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, cell: Cell, mark: str, toggle: bool = True
) -> Reply:
    """Note ``mark`` on an empty ``cell`` (with ``toggle``, the same note again takes it away), as on
    the solo board: notes are the player's own and never sent."""
    if desk.notes is None or not editable(desk, view, seat):
        return Reply(replace(desk, note=locked_note(desk, view)))
    if cell in puzzle.warps:
        return Reply(replace(desk, note={"code": "rf-warp-note", "params": {}}))
    if desk.board.at(cell) != EMPTY:
        return Reply(replace(desk, note={"code": "rf-note-tile", "params": {}}))
    if toggle and desk.notes.at(cell) == mark:
        mark = EMPTY
    desk = replace(desk, notes=desk.notes.place(cell, mark), note=None)
    return Reply(desk, None, () if desk.task.kind == "watch" else (store_draft(desk, view),))


def set_tile(desk: Desk, view: JSON, seat: str | None, puzzle: Puzzle, cell: Cell, tile: str) -> Reply:
    """Put ``tile`` (or ``"."``) on ``cell`` if the rules allow; then check the build or the solve."""
    if not editable(desk, view, seat):
        return Reply(replace(desk, note=locked_note(desk, view)))
    if cell in puzzle.warps:
        return Reply(replace(desk, note={"code": "rf-warp-cell", "params": {}}))
    if desk.board.at(cell) == tile:
        return Reply(desk)
    changed = desk.board.place(cell, tile)
    if not puzzle.tiles.allows(changed):
        return Reply(replace(desk, note={"code": "rf-none-left", "params": {"kind": f"rf-kind-{KIND_OF[tile]}"}}))
    # The tray goes on to the next kind left when this was the chosen kind's last tile (``scene.live_tool``).
    desk = replace(
        desk,
        layout=changed,
        note=None,
        confirm=False,
        tool=scene.live_tool(desk.tool, puzzle.tiles, changed) or desk.tool,
    )
    if desk.notes is not None and desk.notes.at(cell) != EMPTY:  # a cell holds a tile or a note, never both
        desk = replace(desk, notes=desk.notes.place(cell, EMPTY))
    if desk.task.kind == "watch":
        return Reply(desk)
    stored = (store_draft(desk, view),)
    if desk.task.kind == "build":
        reply = recheck(desk, view)
        return Reply(reply.local, reply.move, (*stored, *reply.effects))
    if check(puzzle, changed):
        return Reply(desk, solve_move(desk), stored)  # every number matches: solved, sent at once
    return Reply(desk, None, stored)


def recheck(desk: Desk, view: JSON) -> Reply:
    """The build changed: once every tile is placed, ask the solver (in slices) whether it has one solution."""
    if TileSet.of(desk.board) != tileset(view):
        ended = desk.advice is not None and desk.advice.outcome == "running"
        return Reply(replace(desk, advice=None), None, (StopWork(CHECK),) if ended else ())
    puzzle = make_puzzle(desk.board, warps(view), tileset(view))
    steps = solve_steps(puzzle, 2, budget=CHECK_BUDGET)
    return Reply(replace(desk, advice=Advice(desk.board)), None, (Work(CHECK, steps),))


def solve_move(desk: Desk) -> JSON:
    return {"type": "solve", "layout": desk.board.to_json(), "round": desk.task.round}


def send(desk: Desk, view: JSON, seat: str | None) -> Reply:
    """Send the finished puzzle: clues and commitment travel; the layout and a fresh salt stay here."""
    if desk.task.kind != "build" or not editable(desk, view, seat):
        return Reply(replace(desk, note=locked_note(desk, view)))
    left = tileset(view).total - TileSet.of(desk.board).total
    if TileSet.of(desk.board) != tileset(view):
        return Reply(replace(desk, note={"code": "rf-place-all", "params": {"n": left}}))
    salt = random_source.token_hex(32)
    move = submission(desk.board, warps(view), salt)
    kept = {**desk.secrets, move["commitment"]: Secret(desk.board, salt)}
    # The Send button goes away (or, for the last to send, turns into the round's Submit): focus stays
    # on the board, where the round is played next.
    secret = {move["commitment"]: kept[move["commitment"]]}
    return Reply(replace(desk, secrets=kept, note=None), move, (keep_secrets(secret), FOCUS_TASK))


def submit(desk: Desk, view: JSON, seat: str | None) -> Reply:
    puzzle = the_puzzle(desk, view)
    if desk.task.kind != "solve" or puzzle is None or not editable(desk, view, seat):
        return Reply(replace(desk, note=locked_note(desk, view)))
    wrong = mismatches(puzzle, desk.board)
    if not wrong:
        return Reply(desk, solve_move(desk))
    # Named as the solo board names them, past six five and how many more (the board frames them all), in
    # the page's language when the note is drawn: it keeps the clues' codes (``scene.clue_words``).
    return Reply(replace(desk, note={"code": "rf-differ", "params": {"clues": clue_codes(wrong)}}))


def give_up(desk: Desk, view: JSON, seat: str | None) -> Reply:
    if desk.task.kind != "solve" or not editable(desk, view, seat):
        return Reply(replace(desk, note=locked_note(desk, view)))
    if not desk.confirm:
        asked = replace(desk, confirm=True, asked=desk.asked + 1)  # said again if asked again
        return Reply(asked, effects=(Focus("button[data-action=rf-keep-going]"),))
    # The answers go, and the page's morph would turn the focused "Yes, give up" into the button drawn next
    # in its place, "Bigger cells" (hidden on a laptop: focus fell to the body) (QA14). The status took it, and
    # a screen reader read it whole as the live region said the news and the status's new words: its phase
    # twice (a guest's "Sending your move…" too). The board's heading takes it: the round, which no line of
    # the live region says (``GAVE_UP_FOCUS``).
    return Reply(replace(desk, confirm=False), {"type": "give_up", "round": desk.task.round}, (GAVE_UP_FOCUS,))


def reveal_again(desk: Desk, view: JSON) -> Reply:
    committed = (sheet(view, own_number(view)) or {}).get("commitment")
    kept = desk.secrets.get(committed) if committed else None
    if kept is None or view.get("you") not in view.get("active", ()):
        return Reply(desk)
    return Reply(desk, {"type": "reveal", "layout": kept.layout.to_json(), "salt": kept.salt})


def watch(desk: Desk, view: JSON, text: str) -> Reply:
    number = form_number(text)
    if desk.task.kind != "watch" or number is None or number not in in_play(view):
        return Reply(desk)
    return Reply(fresh(desk, view, Task("watch", number, desk.task.round)))


# --- what is drawn -----------------------------------------------------------------------------------


def left_ms(view: JSON, desk: Desk) -> int | None:
    """Time left in the round on this page's clock, if the round has a limit and has started."""
    limit, started = view.get("limit_ms") or 0, view.get("started_ms")
    if not limit or started is None or view.get("phase") != "solve" or not desk.now_ms:
        return None  # (no time known yet on this page: the screen was given none, ``Moved``)
    return max(0, min(limit, started + limit - desk.now_ms))


def banner(desk: Desk, view: JSON, table: Table) -> Element:
    """The phase in a sentence, and the round clock; for a stopped match (``table.stopped``), where it
    stopped, with no clock and nobody said to be at work; on a page that lost the host (``table.offline``),
    nothing it is told to do there."""
    phase, round_, rounds = view.get("phase"), view.get("round", 0), view.get("rounds", 0)
    builder = (sheet(view, desk.task.number) or {}).get("builder")
    live = not table.stopped
    if phase == "build" and not live:
        title = _("The match ended while the puzzles were being built.")
    elif phase == "build":
        left = [s for s in view.get("active", ())]
        if desk.task.kind == "build" and not submitted(view) and not table.offline:
            title = _("Build your puzzle: place every tile, then send it.")
        elif desk.task.kind == "build" and not submitted(view):
            # A page that lost the host has no tray and sends nothing (the status says how to rejoin): what
            # is true meanwhile, as a spectator reads it.
            title = _("The players are building their puzzles.")
        elif desk.task.kind == "build":
            title = ngettext(
                "Your puzzle is sent. Waiting for {names}…", "Your puzzle is sent. Waiting for {names}…", len(left)
            ).format(names=i18n.conjunction(name_of(table, s) for s in left))
        else:
            title = _("The players are building their puzzles.")
    elif phase in ("prepare", "solve"):
        # While the round's puzzle is made the status says so ("Making the first puzzle…", ``waiting``):
        # the heading names the round, and the note under it whose browser makes the puzzles.
        if builder:
            title = _("Round {r} of {n}: {name}'s puzzle").format(r=round_, n=rounds, name=name_of(table, builder))
        else:
            title = _("Round {r} of {n}").format(r=round_, n=rounds)
    elif phase == "reveal" and not live:
        title = _("The match ended before every puzzle was revealed.")
    elif phase == "reveal":
        title = _("The builders reveal their puzzles.")
    elif phase == "over":
        title = _("Final results")
    else:
        title = _("Between puzzles")
    return h(
        "div",
        {"class": "rf-banner"},
        h("h2", {"class": "rf-phase", "tabindex": "-1"}, title),  # focused after a give-up (``GAVE_UP_FOCUS``)
        phase == "prepare"
        and live
        and h(
            "p",
            # No live region: the match's status says what the round waits for, in the live region.
            {"class": "rf-preparing"},
            h("progress", {"aria-label": _("Making the puzzle")}),
            " ",
            _("Your browser makes this match's puzzles: keep this page open.")
            if table.hosted
            else _("The host's browser makes this match's puzzles."),
        ),
        live and round_clock(desk, view),
        live and phase == "reveal" and reveal_clock(desk, view),
    )


def round_clock(desk: Desk, view: JSON) -> Element | None:
    if view.get("phase") != "solve":
        return None
    left = left_ms(view, desk)
    if not desk.now_ms:
        return None
    if left is None:
        started = view.get("started_ms")
        spent = max(0, desk.now_ms - started) if started is not None else 0
        return h("p", {"class": "rf-clock", "data-left": ""}, _("Time: {t}").format(t=clock(spent)))
    hurry = left <= HURRY_MS
    # rounded up: the clock says 0:01 until the very end, like a kitchen timer
    shown = clock(-(-left // 1000) * 1000)
    return h(
        "p",
        {"class": "rf-clock" + (" rf-hurry" if hurry else ""), "data-left": left // 1000, "role": "timer"},
        _("{t} left").format(t=shown),
        hurry and h("strong", {"class": "rf-hurry-note"}, " ⚠ ", _("Less than 30 seconds!")),
    )


def out_note(view: JSON) -> Element | None:
    """What a player the host counted out reads on coming back: the race went on without them."""
    if view.get("you") not in counted_out(view) or view.get("phase") == "over":
        return None
    said = _("You left, and the host counted you out so the race could go on: you watch the rest of this match.")
    return h("p", {"class": "notice rf-out-note"}, said)


def reveal_clock(desk: Desk, view: JSON) -> Element | None:
    deadline = view.get("deadline_ms")
    if deadline is None:
        return None
    left = max(0, deadline - desk.now_ms)
    return h("p", {"class": "rf-clock"}, _("{t} left to reveal").format(t=clock(-(-left // 1000) * 1000)))


def work_area(desk: Desk, view: JSON, seat: str | None, table: Table) -> Child:
    """The board of this page's task with its tray and buttons (none while resting)."""
    if desk.layout is None or desk.task.kind == "rest":
        return reveal_status(desk, view, table)
    puzzle = the_puzzle(desk, view)
    if puzzle is None:
        return h("p", {"class": "rf-said"}, _("Waiting for the puzzle…"))
    # A match the host ended, or a page that lost the host, takes no input (``ui.match.handle`` drops
    # it): its boards, a spectator's local try included, are shown as they were left, with nothing that
    # looks as if it could change them.
    live = not table.stopped and not table.offline
    can_edit = editable(desk, view, seat) and live
    done = board_done(desk, view)
    zoom = scene.shown_zoom(desk.zoom, desk.end_zoom, done) if live else False
    checking = matching(desk, view)
    wrong = mismatches(puzzle, desk.layout) if checking else ()
    path = trace(desk.layout, desk.laser, puzzle.warps) if desk.laser in edge_names(puzzle.size) else None
    # A board that takes no tiles any more (solved, sent, given up, a match stopped) draws no cursor, but its
    # Tab stop stays on the cursor's cell: after a solve by keyboard focus stays on the last cell typed on
    # (it jumped to row 1, column 1), where the player was and where the next round's board takes focus;
    # the result is said by the finish line (a live region), and arrows still read the board cell by cell.
    look = scene.Look(
        wrong=wrong,
        matching=checking,
        path=path,
        cursor=desk.cursor if can_edit else None,
        stop=desk.cursor,
        solved=solved(desk, view),
        notes=desk.notes,
    )
    # The scene is a grid of named cells, one Tab stop whose focus follows the cursor (ui/dom.py).
    drawn = scene.board(puzzle, desk.layout, look)
    total = 4 * puzzle.size
    return h(
        "section",
        {"class": "rf-work", "data-kind": desk.task.kind, "aria-label": _("Your board")},
        live and watch_picker(desk, view, table),
        h(
            "p",
            {"class": "rf-status"},
            desk.task.kind == "build" and h("span", {"class": "rf-to-place"}, tiles_left(desk, view)),
            checking
            and h(
                "span",
                {"class": "rf-matched", "data-matched": total - len(wrong)},
                _("{n} of {total} clues match").format(n=total - len(wrong), total=total),
            ),
        ),
        h(
            "div",
            {
                "id": "rf-board",
                "class": "rf-board-wrap" + scene.zoom_class(zoom),
                "data-action": "board",
                "data-size": puzzle.size,
                # Bigger cells pan under a finger, except one that goes down on a tile: it drags it.
                "data-hold": "[data-tile]" if zoom is not False and can_edit else None,
                # Only shown once this seat is done with it (solved, given up, its build sent, no host): no cell
                # lights up under a pointer nor shows the hand (css/app.css).
                "data-done": "true" if done or not can_edit else None,
                "style": scene.frame_style(puzzle.size),
            },
            drawn,
        ),
        h(
            "p",
            # Atomic, as Raythread's hint: it changes in place at every move of the cursor, and is read whole.
            {"id": "rf-cursor-text", "class": "visually-hidden", "aria-live": "polite", "aria-atomic": "true"},
            cursor_text(desk, puzzle, wrong),
        ),
        can_edit and scene.tray(puzzle, desk.layout, desk.tool, notes=desk.notes is not None),
        actions(desk, view, seat, scene.zoom_buttons(zoom, puzzle.size, "rf-zoom") if live else []),
        desk.task.kind == "build" and advice_line(desk, view),
        alerts(_noted(desk), desk.refusals, "error rf-said", "rf-alert"),  # empty while no note: hidden
        finish_line(desk, view, table),
    )


def matching(desk: Desk, view: JSON) -> bool:
    """Whether the board says which numbers its tiles match (a dashed frame on the others, "{k} of {n}
    numbers match", "not matched" in the clues' names): only while this page may still place tiles on the
    puzzle, by the match's rules: a spectator's try, or its seat's puzzle while the seat still solves it
    (active: no finish yet). A puzzle solved, given up or out of time is over for the seat (given up, its
    board is emptied: ``follow``) and the marks would read as tiles still to place. A build's own check is
    the tiles left and the advice (its numbers are made from its tiles). A stopped match, or a page that
    lost the host, shows the board as it was left, marks included: the position still has the seat solving."""
    if desk.task.kind == "watch":
        return True
    return desk.task.kind == "solve" and view.get("you") in view.get("active", ())


def finish_outcome(desk: Desk, view: JSON) -> str | None:
    """How this page's seat ended the puzzle it solves this round (its finish's outcome: solved, gave up…),
    or None while it still solves (or has no puzzle to solve)."""
    if desk.task.kind != "solve":
        return None
    you, round_ = view.get("you"), desk.task.round
    mine = (f for f in view.get("finishes", []) if f.get("seat") == you and f.get("round") == round_)
    return next((str(f.get("outcome")) for f in mine), None)


def board_done(desk: Desk, view: JSON) -> bool:
    """Whether this seat's board is over for it this round (solved, given up, out of time, counted out) while
    the round may go on for others: it takes no tiles, and is drawn whole (``scene.shown_zoom``)."""
    return finish_outcome(desk, view) is not None


def solved(desk: Desk, view: JSON) -> bool:
    return finish_outcome(desk, view) == "solved"


def blank(desk: Desk) -> bool:
    """Whether the board holds no tile and no note."""
    return desk.board == Layout.empty(desk.board.size) and (desk.notes is None or not desk.notes.marks())


def tiles_left(desk: Desk, view: JSON) -> str:
    left = tileset(view).total - TileSet.of(desk.board).total
    if submitted(view):
        return _("Sent. Its layout stays on this device until the reveal.")
    if left:
        return ngettext("{n} tile still to place", "{n} tiles still to place", left).format(n=left)
    return _("Every tile is placed.")


def cursor_text(desk: Desk, puzzle: Puzzle, wrong: Collection[str]) -> str:
    """What is under the cursor, and the numbers at both ends of its row and column (those in ``wrong``
    said "not matched": none where the board says nothing of matching), so the board reads out cell by cell."""
    if not on_board(desk.cursor, puzzle.size):
        return ""
    r, c = desk.cursor
    tile = desk.board.at((r, c))
    mark = desk.notes.at((r, c)) if desk.notes is not None and tile == EMPTY else EMPTY
    if (r, c) in puzzle.warps:
        what = _("warp")
    elif tile != EMPTY:
        what = _(scene.TILE_NAMES[tile])
    else:
        what = _("empty") if mark == EMPTY else _("empty, {note}").format(note=_(scene.NOTE_NAMES[mark]))
    ends = []
    for edge in (f"L{r + 1}", f"R{r + 1}", f"T{c + 1}", f"B{c + 1}"):
        clue = puzzle.clue(edge)
        # Each end a sentence of its own, named as its clue is ("The left clue in row 4: green 10."): in one
        # list, "left 4 green 10, right 4 …" ran a clue's name into its number and began a sentence in lower case.
        named = scene.edge_name(edge)
        said = _("{clue}: {colour} {number}").format(
            clue=named[:1].upper() + named[1:], colour=_(COLOURS[clue.colour]), number=clue.number
        )
        if edge in wrong:
            # One sentence per language: Japanese puts its brackets against the number, with no space.
            said = _("{clue} (not matched)").format(clue=said)
        ends.append(i18n.sentence(said))
    return sentences(_("Row {r}, column {c}: {what}.").format(r=r + 1, c=c + 1, what=what), *ends)


def actions(desk: Desk, view: JSON, seat: str | None, zoom: Sequence[Element] = ()) -> Element | None:
    """The board's buttons: Send or Submit and Give up while they apply, then ``zoom`` ("Bigger cells",
    ``scene.zoom_buttons``). It comes after the board, with the board's other buttons: above it, it was a Tab
    stop between the match's status, where focus waits while a round's puzzle is made, and the board, so a
    keyboard reached the board in two presses of Tab instead of one."""
    can_edit = editable(desk, view, seat)
    buttons: list[Element] = []
    if desk.task.kind == "build" and can_edit:
        complete = TileSet.of(desk.board) == tileset(view)
        doubtful = desk.advice is not None and desk.advice.outcome in ("several", "unknown")
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "button primary",
                    "data-action": "rf-send",
                    "aria-disabled": None if complete else "true",
                },
                _("Send anyway") if doubtful else _("Send puzzle"),
            )
        )
    if desk.task.kind == "solve" and can_edit:
        buttons.append(
            h("button", {"type": "button", "class": "button primary", "data-action": "rf-submit"}, _("Submit"))
        )
        # The question's regions are there, empty and hidden, before it is asked: asked in regions that came
        # with it, it was not announced.
        question = alerts(
            _("Give up this puzzle? It costs points.") if desk.confirm else "", desk.asked, "rf-confirm", "rf-confirm"
        )
        if desk.confirm:  # the safe answer first, focused (give_up): a second Enter keeps the puzzle
            # The question before its answers, read and seen first (it stood under them), on a line of its
            # own (css), as the solo screen asks; the answer that costs points is described by it.
            buttons += [
                *question,
                h("button", {"type": "button", "class": "button", "data-action": "rf-keep-going"}, _("Keep solving")),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button danger",
                        "data-action": "rf-give-up",
                        # Both regions: the one not speaking is empty and adds nothing to the description.
                        "aria-describedby": "rf-confirm-0 rf-confirm-1",
                    },
                    _("Yes, give up"),
                ),
            ]
        else:
            buttons += [
                *question,
                h("button", {"type": "button", "class": "button", "data-action": "rf-give-up"}, _("Give up")),
            ]
    buttons += zoom
    if not buttons:
        return None
    return h("div", {"class": "actions rf-actions"}, buttons)


def advice_line(desk: Desk, view: JSON) -> Element | None:
    advice = desk.advice
    if submitted(view) or advice is None:
        return None
    text = _(ADVICE[advice.outcome])
    return h(
        "p",
        {"class": f"rf-advice rf-advice-{advice.outcome}", "role": "status", "data-outcome": advice.outcome},
        "⚠ " if advice.outcome in ("several", "unknown") else "✓ " if advice.outcome == "unique" else "",
        text,
        advice.outcome == "running"
        and h(
            "span",
            {"class": "rf-advice-progress"},
            " ",
            ngettext("({n} step)", "({n} steps)", advice.decisions).format(n=advice.decisions),
        ),
    )


# How this page's own seat ended a puzzle, as a sentence like "Solved in 0:42, +120 points." (the standings'
# outcome word before the points read "gave up: −60 points."); while the next round runs, the same sentence
# names the round it was: "Round 1 — solved in 0:04, +40 points." ("Round 1: Solved in 0:04: +40 points." put
# a second colon after the time's own). One whole sentence each, so each language words it its own way.
FINISHED = {
    "solved": N_("Solved in {t}, {p} points."),
    "gave_up": N_("You gave up: {p} points."),
    "timeout": N_("Out of time: {p} points."),
}
FINISHED_IN_ROUND = {
    "solved": N_("Round {n} — solved in {t}, {p} points."),
    "gave_up": N_("Round {n} — you gave up, {p} points."),
    "timeout": N_("Round {n} — out of time, {p} points."),
}


def finish_line(desk: Desk, view: JSON, table: Table) -> Element | None:
    """How this page's seat ended the puzzle it solves, once it has; while the next round runs, how
    it ended the last one (a round that ends with this seat's solve gives way to the next at once)."""
    if desk.task.kind != "solve":
        return None
    you = view.get("you")
    mine = {f.get("round"): f for f in view.get("finishes", []) if isinstance(f, dict) and f.get("seat") == you}
    done, last = mine.get(desk.task.round), mine.get(desk.task.round - 1)
    ended = done or last
    if ended is None:
        return None
    outcome = str(ended.get("outcome"))
    words = {
        "n": desk.task.round - 1,
        "t": clock(int(ended.get("ms", 0))),
        "p": standings.points_text(int(ended.get("points", 0))),
        "outcome": _(OUTCOMES.get(outcome, "")),
    }
    if done is None:
        said = FINISHED_IN_ROUND.get(outcome, N_("Round {n} — {outcome}, {p} points."))
    else:
        said = FINISHED.get(outcome, N_("{outcome}: {p} points."))
    text = _(said).format(**words)
    if outcome != "solved" and done is not None and view.get("phase") == "solve":
        # Its board is empty now (``follow``).
        text = sentences(text, _("Its solution is shown under Solutions once its last round is over."))
    return h("p", {"class": "rf-finished" if done else "rf-last", "role": "status"}, text)


def watch_picker(desk: Desk, view: JSON, table: Table) -> Element | None:
    shown = in_play(view)
    if desk.task.kind != "watch":
        return None
    builders = {n: (sheet(view, n) or {}).get("builder") for n in shown}
    return h(
        "div",
        {"class": "rf-watch"},
        h("p", {"class": "rf-watch-note"}, describe({"code": "rf-watching", "params": {}})),
        len(shown) > 1
        and h(
            "div",
            {"class": "actions", "role": "group", "aria-label": _("Puzzles in play")},
            [
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button" + (" primary" if n == desk.task.number else ""),
                        "data-action": "rf-watch",
                        "data-number": n,
                        "aria-pressed": "true" if n == desk.task.number else "false",
                    },
                    _("{name}'s puzzle").format(name=name_of(table, builders[n]))
                    if builders[n]
                    else _("Puzzle {n}").format(n=n),
                )
                for n in shown
            ],
        ),
    )


def _noted(desk: Desk) -> str:
    """The board's note in words, or nothing: its pair of alert regions is drawn either way (empty and hidden
    without one), since a region that comes onto the page with its words is not announced."""
    return describe(desk.note) if desk.note else ""


def reveal_status(desk: Desk, view: JSON, table: Table) -> Child:
    """While builders reveal: what this page's device does about its own puzzle (nothing once the match
    was stopped: no reveal is due any more). Its line is shown, not said: the match's news says the reveal
    ("Revealing the puzzles of …", and the status's "still to reveal: …"), and a status region of its own,
    drawn with its words as the phase came, said it a third time. A note (a device without the layout) is said
    once, in the board's pair of alert regions, drawn in every phase (empty, hidden, while there is none)."""
    # The board's note with no board drawn: its pair of regions, by its count (it never stands with the
    # board's own, drawn further down ``work_area``).
    said = alerts(_noted(desk), desk.refusals, "error rf-said", "rf-alert")
    if view.get("phase") != "reveal" or table.stopped:
        return said
    owing = view.get("you") in view.get("active", ())
    if desk.note:
        text = ""
    elif owing and desk.revealing:
        text = _("Your puzzle's layout and salt were sent to be checked.")
    elif owing:
        text = _("Your puzzle is due to be revealed.")
    else:
        return said
    again = owing and desk.revealing and not desk.note and not table.offline  # (a lost page sends nothing)
    return h(
        "section",
        {"class": "rf-work", "data-kind": "reveal"},
        text and h("p", {}, text),
        said,
        again
        and h("button", {"type": "button", "class": "button", "data-action": "rf-reveal"}, _("Send the reveal again")),
    )


BOARD = ReflectionBoard()
