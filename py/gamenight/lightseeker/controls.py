"""Light Seeker's match screen: the valley scene plus the controls that build a turn step by step.

A turn is built on this page and sent whole: choose a cube, make an action (its slides and tilts are
arrows into the open spaces next to it, each tilt showing the face that would come up), see the
position it leaves with its light, make the second action (none on the match's first turn), then
choose Buh's new cube and confirm. "Undo action" (or Escape) steps back; nothing is sent before
"Confirm turn".

Everything offered comes from the rules: the view is turned back into a state (``rules.from_view``;
all of Light Seeker is public), actions are the engine's ``act``, the turn is checked with
``apply_turn`` before it is sent, and what is dimmed — actions and cubes from which no legal turn can
be finished — is worked out from ``turn_outcomes`` (``plan``). When the actions are made but the turn
cannot end legally, the failing rule is said in words before Buh is chosen.

Keyboard (the board is one Tab stop): arrow keys move the cursor and choose the cube under it; ``S`` or
``T`` (which choose the cube under the cursor if none is chosen) then an arrow slides or tilts it; Space
chooses (a cube, then Buh's cube); Enter confirms a complete turn; Escape steps back (the armed key,
Buh's choice, the last action, the chosen cube).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from gamenight import i18n
from gamenight.core.errors import BadMessage, IllegalMove
from gamenight.core.fields import at, choice, each, maybe, root, whole
from gamenight.core.game import JSON, Move, named_seat
from gamenight.core.grid import DIRECTIONS, Cell, Direction, step
from gamenight.i18n import N_, _, ngettext, pgettext, reasons, terms
from gamenight.lightseeker import GAME, rules, scene
from gamenight.lightseeker.cube import tilt
from gamenight.lightseeker.rules import Action, Kind
from gamenight.ui.live import alerts, new_note
from gamenight.ui.match import FOCUS_BOARD, TURNS_KEY, Reply, Table, describe, place_words, said
from gamenight.ui.program import Focus, ShowInWindow, UiEvent
from gamenight.ui.svg import Element, h

Plan = Mapping[Action, frozenset[Action]]
ARROWS = {"ArrowUp": Direction.N, "ArrowRight": Direction.E, "ArrowDown": Direction.S, "ArrowLeft": Direction.W}
GLYPHS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
# The most light a valley can show (every cube a full face up): the light line keeps the room of its numbers.
WIDEST_LIGHT = 2 * rules.CUBES
KIND_KEYS: dict[str, Kind] = {"s": "slide", "S": "slide", "t": "tilt", "T": "tilt"}

reasons(
    {
        "ls-watching": N_("You are watching: only the players move."),
        "ls-wait-turn": N_("Wait for your turn."),
        "ls-under-buh": N_("Cube {n} is under Buh: it cannot act this turn."),
        "ls-blocked": N_("Cube {n} cannot move {direction}: cube {other} is in the way."),
        "ls-choose-cube": N_("Choose a cube first (tap or click it, or move the cursor onto it)."),
        "ls-actions-done": N_("Both actions are made: choose Buh's new cube, or undo an action."),
        "ls-isolated": N_("This turn cannot end here: cube {n} would stand alone, touching no other cube."),
        "ls-too-dark": N_("This turn cannot end here: the light must rise above {start}, but it is {end}."),
        "ls-no-way-on": N_("No action now can make this turn legal: undo the last action."),
        "ls-buh-stays": N_("Buh must leave cube {n}: choose another cube."),
        "ls-more-actions": N_("Make your actions first, then move Buh."),
        "ls-choose-buh": N_("Choose Buh's new cube first."),
        "ls-use-buttons": N_("Cube {n}: slide or tilt it with the Slide and Tilt buttons."),
    }
)
terms({word: word for word in scene.DIRECTION_WORDS.values()})
SHOW_CONFIRM = ShowInWindow("button[data-action=ls-confirm]")
# ``still``: at 390 × 844 the buttons stood in the window (their bottom 0.4 px over its edge), and their scroll
# margin moved the board 12 px up at the cube's tap; the margin is only room under them where the page must scroll.
SHOW_MOVES = ShowInWindow(".ls-moves", still=True)
SHOW_NOTE = ShowInWindow(".ls-note")


# --- what can lead to a legal turn (from the rules' turn_outcomes) ----------------------------------


@lru_cache(maxsize=16)
def plan(board: rules.Board, due: int) -> Plan:
    """Every first action from which a legal turn can be finished, with the second actions that finish
    one (an empty set on a one-action turn).

    ``turn_outcomes`` lists every arrangement a legal turn can leave, once; the cubes an arrangement
    differs in say which actions reach it. With two cubes changed, each moved once, in either order
    (unless the first to move goes where the other stood); with one cube changed, it moved twice,
    through any open cell next to both its start and its end.
    """
    found: dict[Action, set[Action]] = {}
    cells, orientations = board.cells, board.orientations
    occupied = set(cells)
    for _actions, after in rules.turn_outcomes(board, due):
        changed = [
            i
            for i, (cell, o, cell2, o2) in enumerate(
                zip(cells, orientations, after.cells, after.orientations, strict=True)
            )
            if cell != cell2 or o != o2
        ]
        if due == 1:
            (i,) = changed
            only = _one_step(i, cells[i], orientations[i], after)
            assert only is not None  # every action moves its cube one cell
            found.setdefault(only, set())
        elif len(changed) == 2:
            for first, then in (changed, changed[::-1]):
                if after.cells[first] in occupied:
                    continue  # it moves into the space the other cube leaves: the other goes first
                a1 = _one_step(first, cells[first], orientations[first], after)
                a2 = _one_step(then, cells[then], orientations[then], after)
                assert a1 is not None and a2 is not None  # every action moves its cube one cell
                found.setdefault(a1, set()).add(a2)
        else:
            (i,) = changed
            r, c = cells[i]
            end = after.cells[i]
            for d in DIRECTIONS:
                dr, dc = d.delta
                middle = (r + dr, c + dc)
                if middle in occupied or abs(end[0] - middle[0]) + abs(end[1] - middle[1]) != 1:
                    continue  # the cube's end is not one step from this middle cell
                for kind in rules.KINDS:
                    o = tilt(orientations[i], d) if kind == "tilt" else orientations[i]
                    a2 = _one_step(i, middle, o, after)
                    if a2 is not None:
                        found.setdefault(Action(i, kind, d), set()).add(a2)
    return {a: frozenset(then) for a, then in found.items()}


_WAY = {d.delta: d for d in DIRECTIONS}


def _one_step(i: int, cell: Cell, o: int, after: rules.Board) -> Action | None:
    """The action that takes cube ``i`` from ``cell`` in orientation ``o`` to where it is in ``after``."""
    end = after.cells[i]
    d = _WAY.get((end[0] - cell[0], end[1] - cell[1]))
    if d is None:
        return None
    if after.orientations[i] == o:
        return Action(i, "slide", d)
    if after.orientations[i] == tilt(o, d):
        return Action(i, "tilt", d)
    return None


# --- the board's own state ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ui:
    """The turn being built on this page, for one position."""

    state: rules.State
    actions: tuple[Action, ...] = ()
    selected: int | None = None  # the cube chosen to act
    kind: Kind | None = None  # "slide" or "tilt" once S or T is pressed: the next arrow key acts
    buh: int | None = None  # Buh's new cube, once chosen
    cursor: Cell = (0, 0)
    note: JSON | None = None  # why the last attempt could not be made
    refusals: int = 0  # notes given so far: which of two alert regions says the standing one (ui.live.alerts)
    rolls: Mapping[int, str] = field(default_factory=dict)  # cube → the way it just tilted
    moved: frozenset[int] = frozenset()  # the cubes the last action (or the last turn) moved
    moved_by: str | None = None  # whose turn moved them, when it was the last turn (``start``)
    played_back: bool = False  # a step of a turn made elsewhere, played back (``unfold``)
    # What a screen reader heard of the last choice on this page (``_saying``), worded when it was said, and
    # the sayings so far: their parity says which of two polite regions speaks (ui.live.alerts).
    said: tuple[str | Element, ...] = ()
    sayings: int = 0

    @property
    def due(self) -> int:
        return self.state.actions_due

    @property
    def acting(self) -> bool:
        """Whether actions are still to be made (else Buh is to be moved)."""
        return len(self.actions) < self.due

    def board(self) -> rules.Board:
        """The valley after the actions made so far (Buh not moved yet)."""
        board = self.state.board
        for action in self.actions:
            board = rules.act(board, action)
        return board


def _cube_at(board: rules.Board, cell: Cell) -> int | None:
    return board.cells.index(cell) if cell in board.cells else None


def problem(ui: Ui) -> JSON | None:
    """Why the actions made so far cannot end a legal turn (in the rules' order), or ``None``."""
    board = ui.board()
    lonely = rules.first_isolated(board.cells)
    if lonely is not None:
        return {"code": "ls-isolated", "params": {"n": scene.number(lonely)}}
    start, end = rules.total_light(ui.state.board), rules.total_light(board)
    if end <= start:
        return {"code": "ls-too-dark", "params": {"start": start, "end": end}}
    return None


def _note(code: str, **params: Any) -> JSON:
    return {"code": code, "params": params}


def _next_to(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# The notes of a page with no turn to play (``_waiting``): an arrow key, looking around, clears them.
WAITING = frozenset(("ls-wait-turn", "ls-watching"))


def _waiting(table: Table) -> JSON:
    return _note("ls-wait-turn" if table.mine else "ls-watching")


# Keyboard focus on the board when a lobby's match starts (its Start): the page shows the match's status at
# the window's top, the board under it. The board's own scroll (5rem above it, css/app.css) cut the status:
# at 1024×768 the lines above the board (the status, the light and the turn's facts on two lines) took
# more, and the status stood 0.84 px above the window. Where the turn panel under the board ends below the
# window (a phone), the status goes to the top too, showing as much of the turn as there is room for.
FOCUS_MATCH = Focus(FOCUS_BOARD.selector, show=".match-status", whole=".match-main .ls-turn")
# Keyboard focus back on the board in the middle of a turn (the last Slide or Tilt made, the last action undone):
# the board in the window stays put. Its plain focus showed the page's top where the board fitted in the window
# with it, and the board a finger played on jumped back down on a phone (12 px at 390 × 844, 172 at 320 × 640),
# away from the Slide and Tilt buttons the cube's tap had brought in; Confirm turn still does (the turn is over).
FOCUS_BOARD_STILL = replace(FOCUS_BOARD, still=True)


class LightSeekerBoard:
    """The ``ui.match.Board`` of Light Seeker."""

    focus = FOCUS_MATCH
    # The board says how to skip a turn played back over the valley (``_skip_line``), so the status keeps those
    # words for a screen reader only (``ui.match.says_skip``); and it stays put at the match's end (the lines over
    # the valley keep their places), so the status keeps its room then (``ui.match.room_ended``).
    says_skip = True
    still_at_end = True
    # The turn being built (``kept_turn``) outlives a reload of the page (ui.match.TURNS_KEY).
    storage_keys = (TURNS_KEY,)

    def start(self, view: JSON, before: JSON | None, animate: bool = True) -> Ui:
        state = rules.from_view(view)
        rolls: dict[int, str] = {}
        moved: set[int] = set()
        if before is not None and len(before.get("cubes", ())) == len(view["cubes"]):
            for i, (old, new) in enumerate(zip(before["cubes"], view["cubes"], strict=True)):
                if old["cell"] != new["cell"] or old.get("orientation") != new.get("orientation"):
                    moved.add(i)
                    if animate and old.get("orientation") != new.get("orientation"):
                        rolls[i] = _way(old["cell"], new["cell"])
        # The cursor starts on a cube that may act (not Buh's: Space there only said it cannot act), the
        # nearest Buh's, then the nearest the valley's middle. Buh's move ends every turn, and a turn played
        # back ends with the cursor on Buh's new cube (``unfold``): the player's turn starts a step from
        # there, not across the valley on the cube nearest the middle (over random matches that was 1.6
        # cells from Buh's cube on average, up to 3.6; now at most a diagonal step). At the match's start
        # Buh is on the middle cube: a cube next to it, as before. Of those, one with an open cell beside it
        # where one is: a cube walled in on its four sides has no action (a player's pass found the cursor on
        # the middle of the block, beside Buh, where S, T and Space could do nothing).
        cells = state.board.cells
        br, bc = cells[state.board.buh]
        mr = sum(r for r, _c in cells) / len(cells)
        mc = sum(c for _r, c in cells) / len(cells)
        taken = set(cells)
        others = [cell for i, cell in enumerate(cells) if i != state.board.buh]
        free = [cell for cell in others if any(step(cell, d) not in taken for d in DIRECTIONS)] or others or list(cells)
        cursor = min(
            free,
            key=lambda cell: (
                (cell[0] - br) ** 2 + (cell[1] - bc) ** 2,
                (cell[0] - mr) ** 2 + (cell[1] - mc) ** 2,
                cell,
            ),
        )
        mover = before.get("to_move") if before is not None and moved else None
        return Ui(
            state,
            cursor=cursor,
            rolls=rolls,
            moved=frozenset(moved),
            moved_by=mover if isinstance(mover, str) else None,
        )

    def keep(self, before: Ui, fresh: Ui, waiting: bool = False) -> Ui:
        """After this page's own turn, while no turn of its is due (the computer or the other players think),
        the cursor stays where it stood when the turn was confirmed (Buh's new cube, when chosen by key):
        started afresh, it jumped to where a turn starts (``start``), where no turn did. The
        turn changes no cell, so that cell is in the new frame. A turn of this page's starts as ``start``
        puts it (on a cube that may act), and any other new position leaves nothing of ``before``."""
        if not waiting or before.played_back or before.buh is None or before.acting:
            return fresh
        if fresh.state.board != replace(before.board(), buh=before.buh):
            return fresh  # not the position that turn led to (an undo, a newer position)
        return replace(fresh, cursor=before.cursor)

    def active(self, view: JSON) -> frozenset[str]:
        return frozenset((view["to_move"],)) if view.get("to_move") else frozenset()

    def kept_turn(self, ui: Ui) -> JSON | None:
        """The turn being built on this page, kept across a reload (``ui.match.resumed``): the actions made,
        Buh's new cube once chosen, the cube chosen to act next with its armed key (S or T). ``None`` before
        the first action: a cube chosen alone is where the cursor stands. Not the cursor: it is where the
        player looked, not what they chose, and an arrow key that only moves it would rewrite the entry at
        every press; the board built again puts it on what was chosen last (``resume``)."""
        if not ui.actions:
            return None
        return {
            "actions": [a.to_json() for a in ui.actions],
            "buh": ui.buh,
            "selected": ui.selected,
            "kind": ui.kind,
        }

    def resume(self, fresh: Ui, view: JSON, seat: str, turn: Any) -> Ui | None:
        """``fresh`` with a ``kept_turn`` read back (untrusted) for ``seat``, to play: each action made again
        as a player makes it (``_do``: the cube not Buh's, its way open, no more than the turn's due), then
        Buh's cube (not the one it leaves, on a turn that may end there) and the cube chosen next; ``None``
        when any of it does not fit the position. Raises ``BadMessage`` for a value of another shape. The
        position is marked as after the last action, its roll not played again (a reload tells, it does
        not play out). The cursor stands on the cube chosen next, else on Buh's new cube, else on the cube the
        last action moved, where the player's own choices put it; a ``cursor`` an older page kept is not read."""
        kept = root(turn)
        made = []
        for item in each(at(kept, "actions"), fresh.due):
            way = choice(at(item, "dir"), tuple(d.value for d in DIRECTIONS))
            kind = choice(at(item, "kind"), rules.KINDS)
            made.append(Action(whole(at(item, "cube"), 0, rules.CUBES - 1), kind, Direction(way)))
        buh = whole(at(kept, "buh"), 0, rules.CUBES - 1) if maybe(at(kept, "buh")) else None
        selected = whole(at(kept, "selected"), 0, rules.CUBES - 1) if maybe(at(kept, "selected")) else None
        armed = choice(at(kept, "kind"), (None, *rules.KINDS))
        if not made:
            return None
        ui = fresh
        for action in made:
            done = self._make(ui, action)
            if len(done.actions) != len(ui.actions) + 1:
                return None  # refused on this position
            ui = done
        if buh is not None:
            if ui.acting or problem(ui) is not None or buh == ui.state.board.buh or buh >= len(ui.board().cells):
                return None
            ui = replace(ui, buh=buh, cursor=ui.board().cells[buh])
        if selected is not None or armed is not None:
            board = ui.board()
            if not ui.acting or selected is None or selected == board.buh or selected >= len(board.cells):
                return None
            ui = replace(ui, selected=selected, kind=armed, cursor=board.cells[selected])
        return replace(ui, rolls={})

    def unfold(self, before: JSON, view: JSON, events: Sequence[Mapping[str, Any]]) -> tuple[tuple[JSON, Ui], ...]:
        """A turn made elsewhere, step by step as a person builds it: each action (a tilt rolls its cube
        as a person's does), then Buh on its new cube; each step drawn from ``before`` and the turn
        built so far (``shown``). Nothing for any other change, or a turn that does not lead to ``view``."""
        turn = next((e for e in events if e.get("type") == "turn"), None)
        if turn is None or len(before.get("cubes", ())) != len(view["cubes"]):
            return ()
        try:
            state = rules.from_view(before)
            move = rules.parse_turn(
                {"actions": turn.get("actions"), "buh": turn.get("buh")}, state.actions_due, len(state.board.cells)
            )
            after = rules.apply_turn(state.board, move)
        except (IllegalMove, BadMessage):
            return ()
        if after != rules.from_view(view).board:
            return ()  # not the turn that led here (a position the page missed): shown at once
        steps: list[tuple[JSON, Ui]] = []
        ui = Ui(state, played_back=True)
        for action in move.actions:
            board = ui.board()
            # The rolls and marks add up over the turn: a cube that rolled keeps its mark while it keeps
            # its face, so its roll is not played again at the next step (or at the position itself).
            rolls = {**ui.rolls, action.cube: action.dir.value} if action.kind == "tilt" else ui.rolls
            ui = replace(
                ui,
                actions=(*ui.actions, action),
                rolls=rolls,
                moved=ui.moved | {action.cube},
                cursor=step(board.cells[action.cube], action.dir),
            )
            steps.append((before, ui))
        ui = replace(ui, buh=move.buh, cursor=after.cells[move.buh])
        steps.append((before, ui))
        return tuple(steps)

    # --- input ------------------------------------------------------------------------------------

    def update(
        self, ui: Ui, view: JSON, seat: str | None, table: Table, event: UiEvent
    ) -> tuple[Ui, Move | None] | Reply:
        new, move = self._input(ui, seat, table, event)
        if new_note(ui.note, new.note):
            new = replace(new, refusals=ui.refusals + 1)
        saying = _saying(ui, new, seat) if move is None and new is not ui else ()
        if saying:
            new = replace(new, said=saying, sayings=ui.sayings + 1)
        if (
            event.type == "click"
            and event.action in ("ls-act", "ls-confirm")
            and (move is not None or (ui.acting and not new.acting))
        ):
            # The button pressed goes: the last Slide or Tilt (the actions are made: Buh's cube is chosen on
            # the board) or "Confirm turn" (sent: the next turn is played on the board). Focus fell to the
            # status line above the board (the page's focus home), and a keyboard or screen-reader player lost
            # their place; it goes to the board, a game night's pages too (they ask no focus after a move).
            shown = (SHOW_NOTE,) if move is None and new_note(ui.note, new.note) else ()
            return Reply(new, move, (*shown, FOCUS_BOARD if move is not None else FOCUS_BOARD_STILL))
        if event.type == "click" and event.action == "ls-undo" and ui.actions and not new.actions:
            # The last action taken back disables "Undo action", the button just pressed: focus goes to
            # the board instead of the page's body.
            return Reply(new, move, (FOCUS_BOARD_STILL,))
        if new.note and new.note["code"] == "ls-use-buttons":
            # A tap where the chosen cube's arrows are drawn: on a touch screen they take no taps (half a
            # cell is under a finger's 44 px), so its Slide and Tilt buttons come into the window.
            return Reply(new, None, (SHOW_MOVES,))
        if move is None and confirmable(new) and not confirmable(ui):
            # On a small phone "Confirm turn" stood below the window once Buh's cube was tapped (its top
            # 627 px down in 640): the page shows it, scrolled by as little as it takes, focus staying put.
            return Reply(new, None, (SHOW_CONFIRM,))
        if new_note(ui.note, new.note):
            # A note said where the player may not look: at 320 × 640 "Wait for your turn.", at a tap on a
            # cube while the computer thought, stood under the valley just below the window, and the tap
            # seemed to do nothing. The page shows it (nothing moves where it is in sight).
            return Reply(new, move, (SHOW_NOTE,))
        if (
            event.type == "click"
            and event.action == "ls-cell"
            and new.selected is not None
            and new.selected != ui.selected
            and new.acting
        ):
            # A cube tapped on a small phone showed its arrows, which take no taps on a touch screen, while
            # its Slide and Tilt buttons stood under the valley, below the window (320 × 640): they come in.
            # (Undo action, which chooses the cube again, is pressed beside them: it asks nothing.)
            return Reply(new, None, (SHOW_MOVES,))
        # The same object when nothing changed, so the page is not redrawn.
        return (ui if move is None and new is not ui and new == ui else new), move

    def _input(self, ui: Ui, seat: str | None, table: Table, event: UiEvent) -> tuple[Ui, Move | None]:
        action, data = event.action, event.data
        if event.type == "keydown":
            if action not in ("board", "ls-cell"):
                return ui, None
            return self._key(ui, seat, table, event.key)
        if event.type != "click":
            return ui, None
        if action == "ls-cell":
            cell = _cell(data)
            return (ui, None) if cell is None else (self._at(ui, seat, table, cell), None)
        if action == "ls-act":
            chosen = _action(data)
            return (ui, None) if chosen is None else (self._do(ui, seat, table, chosen), None)
        if action == "ls-undo":
            return self._undo(ui), None
        if action == "ls-confirm":
            return self._confirm(ui, seat, table)
        return ui, None

    def _key(self, ui: Ui, seat: str | None, table: Table, key: str) -> tuple[Ui, Move | None]:
        if key in ARROWS:
            d = ARROWS[key]
            if seat is not None and ui.acting and ui.kind and ui.selected is not None:
                return self._do(ui, seat, table, Action(ui.selected, ui.kind, d)), None
            return self._move_cursor(ui, seat, d), None
        if key in KIND_KEYS:
            if seat is None:
                return replace(ui, note=_waiting(table)), None
            if not ui.acting:
                return replace(ui, note=_note("ls-actions-done")), None
            if ui.selected is None:
                # The cursor shows a cube (where a turn starts it): S or T acts on it, as after Space.
                ui = self._at(ui, seat, table, ui.cursor, keep=True)
                if ui.selected is None:  # an open space, or Buh's cube (whose note says so)
                    return replace(ui, note=ui.note or _note("ls-choose-cube")), None
            kind = None if ui.kind == KIND_KEYS[key] else KIND_KEYS[key]
            return replace(ui, kind=kind, note=None), None
        if key == " ":
            return self._at(ui, seat, table, ui.cursor, keep=True), None
        if key == "Enter":
            if not ui.acting and ui.buh is not None:
                return self._confirm(ui, seat, table)
            return self._at(ui, seat, table, ui.cursor, keep=True), None
        if key == "Escape":
            return self._back(ui), None
        if key in ("Backspace", "u", "U"):
            return self._undo(ui), None
        return ui, None

    def _move_cursor(self, ui: Ui, seat: str | None, d: Direction) -> Ui:
        board = ui.board()
        # Over the cubes' bounding box, not the frame a cell wider drawn around it: there no key can act
        # (the cube under the cursor is the chosen one, so a cube is let go there, and a cube's actions
        # are made from the cube), and only a pointer clicks the arrows drawn there.
        r0, c0, rows, cols = scene.frame_of(board.cells)
        r, c = step(ui.cursor, d)
        cursor = (min(r0 + rows - 2, max(r0 + 1, r)), min(c0 + cols - 2, max(c0 + 1, c)))
        # A note stays: an arrow key only looks around, it answers no refusal. T on Buh's cube was refused and
        # the arrow pressed right after it (T then an arrow is how a tilt is made) cleared the refusal before
        # it was read (a player's pass). Choosing, acting, S or T again, Escape or Undo answer it.
        if seat is None:
            # But "Wait for your turn." (or "You are watching") answers nothing a player can do, and looking
            # around the cells is what a player waiting does: it stayed under the valley as they read them.
            waited = ui.note is not None and ui.note["code"] in WAITING
            return replace(ui, cursor=cursor, note=None if waited else ui.note)
        if not ui.acting:
            return replace(ui, cursor=cursor)
        # While acting, the chosen cube is the one under the cursor (Buh's cube cannot be chosen).
        cube = _cube_at(board, cursor)
        selected = None if cube is None or cube == board.buh else cube
        return replace(ui, cursor=cursor, selected=selected, kind=ui.kind if selected == ui.selected else None)

    def _at(self, ui: Ui, seat: str | None, table: Table, cell: Cell, keep: bool = False) -> Ui:
        """A click on a cell (or Space/Enter at the cursor): choose the cube there, or Buh's new cube."""
        board = ui.board()
        r0, c0, rows, cols = scene.frame_of(board.cells)
        if not (r0 <= cell[0] < r0 + rows and c0 <= cell[1] < c0 + cols):
            return ui  # not a cell of the board as drawn (a stale or forged input)
        if seat is None:
            return replace(ui, cursor=cell, note=_waiting(table))
        cube = _cube_at(board, cell)
        if ui.acting:
            if cube is None and ui.selected is not None and _next_to(board.cells[ui.selected], cell):
                # An open cell next to the chosen cube holds its arrows: on a touch screen they take no
                # taps (css/app.css), and a tap there is aimed at them, not at letting the cube go.
                return replace(ui, note=_note("ls-use-buttons", n=scene.number(ui.selected)))
            if cube is None:
                return replace(ui, cursor=cell, selected=None, kind=None, note=None)
            if cube == board.buh:
                return replace(
                    ui, cursor=cell, selected=None, kind=None, note=_note("ls-under-buh", n=scene.number(cube))
                )
            if cube == ui.selected and not keep:
                return replace(ui, cursor=cell, selected=None, kind=None, note=None)
            return replace(ui, cursor=cell, selected=cube, kind=None if cube != ui.selected else ui.kind, note=None)
        failing = problem(ui)
        if failing is not None:
            return replace(ui, cursor=cell, note=failing)
        if cube is None:
            return replace(ui, cursor=cell, note=None)
        if cube == ui.state.board.buh:
            return replace(ui, cursor=cell, note=_note("ls-buh-stays", n=scene.number(cube)))
        return replace(ui, cursor=cell, buh=cube, note=None)

    def _do(self, ui: Ui, seat: str | None, table: Table, action: Action) -> Ui:
        """Make one action on this page (nothing is sent): the position it leaves is shown at once."""
        if seat is None:
            return replace(ui, note=_waiting(table))
        return self._make(ui, action)

    def _make(self, ui: Ui, action: Action) -> Ui:
        """``_do`` for the seat to play: the action made, or refused with a note (``ui`` unchanged else)."""
        if not ui.acting:
            return replace(ui, note=_note("ls-actions-done"))
        board = ui.board()
        if action.cube == board.buh:
            return replace(ui, note=_note("ls-under-buh", n=scene.number(action.cube)))
        target = step(board.cells[action.cube], action.dir)
        other = _cube_at(board, target)
        if other is not None:
            return replace(
                ui,
                note=_note(
                    "ls-blocked",
                    n=scene.number(action.cube),
                    direction=scene.DIRECTION_WORDS[action.dir.value],  # a registered term: read in any language
                    other=scene.number(other),
                ),
            )
        try:
            rules.act(board, action)
        except IllegalMove as err:  # the checks above are the engine's; this keeps its word final
            return replace(ui, note=err.to_json())
        actions = (*ui.actions, action)
        more = len(actions) < ui.due
        done = replace(
            ui,
            actions=actions,
            selected=action.cube if more else None,
            kind=None,
            buh=None,
            cursor=target,
            rolls={action.cube: action.dir.value} if action.kind == "tilt" else {},
            moved=frozenset((action.cube,)),
            note=None,
        )
        if not more:
            return replace(done, note=problem(done))
        if not self.viable(done):
            return replace(done, note=_note("ls-no-way-on"))
        return done

    def _undo(self, ui: Ui) -> Ui:
        """Take back the last action (and Buh's choice that followed it)."""
        if not ui.actions:
            return replace(ui, selected=None, kind=None, note=None)  # nothing to take back: let the cube go
        last = ui.actions[-1]
        back = replace(ui, actions=ui.actions[:-1], buh=None, kind=None, note=None, rolls={}, moved=frozenset())
        return replace(back, selected=last.cube, cursor=back.board().cells[last.cube])

    def _back(self, ui: Ui) -> Ui:
        """Escape: one step back through what was chosen."""
        if ui.kind is not None:
            return replace(ui, kind=None, note=None)
        if ui.buh is not None:
            return replace(ui, buh=None, note=None)
        if ui.actions:
            return self._undo(ui)
        if ui.selected is not None or ui.note is not None:
            return replace(ui, selected=None, note=None)
        return ui

    def _confirm(self, ui: Ui, seat: str | None, table: Table) -> tuple[Ui, Move | None]:
        """Send the whole turn, checked by the engine first."""
        if seat is None:
            return replace(ui, note=_waiting(table)), None
        if ui.acting:
            return replace(ui, note=_note("ls-more-actions")), None
        failing = problem(ui)
        if failing is not None:
            return replace(ui, note=failing), None
        if ui.buh is None:
            return replace(ui, note=_note("ls-choose-buh")), None
        turn = rules.Turn(ui.actions, ui.buh)
        try:
            rules.apply_turn(ui.state.board, turn)
        except IllegalMove as err:
            return replace(ui, note=err.to_json()), None
        return replace(ui, note=None), turn.to_json()

    # --- what is drawn ------------------------------------------------------------------------------

    def viable(self, ui: Ui) -> frozenset[Action] | None:
        """The actions that can still lead to a legal turn at this step (``None`` once the actions are made)."""
        if not ui.acting:
            return None
        options = plan(ui.state.board, ui.due)
        if not ui.actions:
            return frozenset(options)
        return options.get(ui.actions[0], frozenset())

    def shown(self, ui: Ui, view: JSON) -> JSON:
        """The view of the position on the board: after the actions made so far, with Buh's new cube."""
        if not ui.actions and ui.buh is None:
            return view
        board = ui.board()
        if ui.buh is not None:
            board = replace(board, buh=ui.buh)
        return GAME.view(replace(ui.state, board=board), view.get("you"))

    def look(self, ui: Ui, view: JSON, seat: str | None, table: Table | None = None) -> scene.Look:
        """What the scene draws besides the position: the cursor, the chosen cube's arrows, the dimming.
        A board that takes no input (``table.stopped`` or ``table.offline``: ui.match.handle drops
        every one) draws no cursor: the arrows no longer move it."""
        # What moved is marked in its mover's colour: the turn being built (or played back) is the seat
        # to move's; a position after a turn marks the turn's (``Ui.moved_by``).
        mover = ui.state.to_move if ui.actions else ui.moved_by
        by = table.colours.get(mover) if table is not None and mover is not None else None
        if table is not None and (table.stopped or table.offline):
            was = ui.state.board.buh if ui.buh is not None else None
            return scene.Look(rolls=ui.rolls, moved=ui.moved, moved_by=by, buh_was=was)
        if seat is None or view.get("result"):
            # Buh's cube at the start of the turn is ringed once it has moved (a turn played back).
            was = ui.state.board.buh if ui.buh is not None else None
            return scene.Look(cursor=ui.cursor, rolls=ui.rolls, moved=ui.moved, moved_by=by, buh_was=was)
        board = ui.board()
        if not ui.acting:
            choosing = problem(ui) is None
            return scene.Look(
                cursor=ui.cursor,
                dim=frozenset((ui.state.board.buh,)) if choosing else frozenset(range(len(board.cells))),
                choosing=choosing,
                buh_was=ui.state.board.buh if ui.buh is not None else None,
                rolls=ui.rolls,
                moved=ui.moved,
                moved_by=by,
                pick=True,
            )
        viable = self.viable(ui) or frozenset()
        movers = {a.cube for a in viable}
        dim = frozenset(i for i in range(len(board.cells)) if i not in movers and i != board.buh)
        return scene.Look(
            cursor=ui.cursor,
            selected=ui.selected,
            arrows=_arrows(board, ui.selected, viable) if ui.selected is not None else (),
            dim=dim,
            rolls=ui.rolls,
            moved=ui.moved,
            moved_by=by,
            pick=True,
        )

    def render(self, ui: Ui, view: JSON, seat: str | None, table: Table) -> Element:
        shown = self.shown(ui, view)
        look = self.look(ui, view, seat, table)
        # No turn is due once the match ended; a page that lost the host still says the turn's facts (the
        # match goes on at the host's).
        running = not view.get("result") and not table.stopped
        turn = seat if seat is not None and running else None  # the seat whose turn panel is drawn
        note = alerts(said(ui.note), ui.refusals, "error ls-note", "ls-alert")
        start = view["total_light"]
        light = shown["total_light"]
        best = max((a["value"] for a in shown["areas"]), default=0)
        was_attrs = {"class": "ls-was"} if light != start else {"class": "ls-was ls-gone", "aria-hidden": "true"}
        # The frame is a CSS container: the board and the turn's panel sit side by side only where the
        # match screen is wide enough (a table page on a laptop), not inside the lobby's narrower column.
        play = h(
            "div",
            {"class": "ls-play", "data-step": _step(ui, seat)},
            h(
                "div",
                {"class": "ls-info"},
                h(
                    "span",
                    {"class": "ls-light", "data-light": light},
                    h(
                        "span",
                        {},
                        _("Light on the board: {n}").format(n=light),
                        # "(was N)" holds its room, unseen and unread, until an action changes the light:
                        # coming with the first action, it wrapped the line (Japanese, on a laptop) and the
                        # board jumped down, and up again at Confirm turn.
                        h("span", was_attrs, " " + _("(was {n})").format(n=start)),
                    ),
                    # Under them, unseen and unread, the widest words the line can say (two-digit numbers;
                    # css/app.css .ls-light): at 320 px the light going from 9 to 11 wrapped "(was 9)"
                    # onto a second line and the board moved down, at a computer's replay too.
                    h(
                        "span",
                        {"class": "ls-gone", "aria-hidden": "true"},
                        _("Light on the board: {n}").format(n=WIDEST_LIGHT),
                        h("span", {}, " " + _("(was {n})").format(n=WIDEST_LIGHT)),
                    ),
                ),
                # At the end why it ended (``_ended_by``): "The match is over" here stood just under the status's
                # "Ann (1) wins!", said twice; nothing here left an empty line over the valley (320 and 390 px).
                _turn_fact("ls-above", running, _("This turn must end above {n}").format(n=start), _ended_by(view)),
                h("span", {"class": "ls-target"}, _("An area worth {n} wins").format(n=view["win_area"])),
                _turn_fact(
                    "ls-due",
                    running,
                    ngettext("Turn {turn}: {n} action", "Turn {turn}: {n} actions", view["actions_due"]).format(
                        turn=view["turn"], n=view["actions_due"]
                    ),
                    _("Turns played: {n}").format(n=view["turn"] - 1),
                ),
            ),
            h("div", {"class": "ls-board-wrap"}, scene.board(shown, look), ui.played_back and _skip_line()),
            h(
                "div",
                {"class": "ls-side"},
                # On the player's turn the note is in the turn panel, over the chosen cube's buttons
                # (``_turn_panel``); else under the board, where the turn panel would be.
                turn and self._turn_panel(ui, turn, look, note),
                not turn and note,
                h("p", {"class": "ls-hint"}, _hint(ui, seat, look, best, view["win_area"]) if running else ""),
                # What a screen reader hears of the player's choices, each once (``_saying``): always drawn,
                # empty at first, visually hidden (the board and the turn's panel show it to the eye).
                alerts(list(ui.said), ui.sayings, "visually-hidden", "ls-said", polite=True),
            ),
        )
        return h("div", {"class": "ls-frame"}, play)

    def _turn_panel(self, ui: Ui, seat: str, look: scene.Look, note: list[Element] | None = None) -> Element:
        """The steps of the turn, the note of the last input that did nothing (``note``: its alert regions), the
        chosen cube's actions as buttons, Undo action and Confirm turn. The note stood under the panel: on a
        phone (320 × 640) "use the Slide and Tilt buttons", said at a tap beside the chosen cube, was 120 px
        below the window once the page brought those buttons into it (``SHOW_MOVES``); over them, it comes
        into the window with them, where the player looks."""
        steps = []
        for k in range(ui.due):
            if k < len(ui.actions):
                text = _action_words(ui.actions[k])
                state = "done"
            else:
                text = _("choose a cube and an action")
                state = "now" if k == len(ui.actions) else "later"
            # "Action 1:" held whole: with large text on a phone it broke "Action" / "1:".
            step = _("Action\u00a0{k}: {what}").format(k=k + 1, what=text)
            steps.append(h("li", {"class": f"ls-step {state}"}, step))
        if ui.buh is not None:
            buh_text = _("Buh to cube {n}").format(n=scene.number(ui.buh))
        else:
            buh_text = _("Buh: choose its new cube")
        steps.append(
            h(
                "li",
                {"class": "ls-step " + ("done" if ui.buh is not None else "now" if not ui.acting else "later")},
                buh_text,
            )
        )
        complete = confirmable(ui)
        return h(
            "div",
            {"class": "ls-turn", "role": "group", "aria-label": _("Your turn")},
            h("ol", {"class": "ls-steps"}, steps),
            note,
            look.selected is not None and _action_buttons(look, look.selected, ui.kind),
            h(
                "div",
                {"class": "ls-buttons"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "ls-undo",
                        "disabled": not ui.actions,
                        "aria-keyshortcuts": "Escape",
                    },
                    _("Undo action"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button primary",
                        "data-action": "ls-confirm",
                        "disabled": not complete,
                        "aria-keyshortcuts": "Enter",
                    },
                    _("Confirm turn"),
                ),
            ),
        )

    def seat_facts(self, view: JSON, seat: str, table: Table) -> list[str]:
        seats = view.get("seats") or []
        result = view.get("result")
        if isinstance(result, Mapping):
            # A finished match: the card's second line (the cards of a match are one height) said nothing;
            # it says the seat's place in the final standings, as Raythread's cards do.
            place = place_words(result, seat)
            return [place] if place else []
        if result or table.stopped or view.get("turn") != 1:
            # Who starts is news before the first turn only: then the status says who is to play, and
            # the cards who has the turn.
            return []
        return [_("starts the match")] if seats and seat == seats[0] else []

    def event_text(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        kind = event.get("type")

        def who(seat: Any) -> str:
            return named_seat(names.get(seat), seat) if isinstance(seat, str) else str(seat)

        if kind == "turn":
            done = []
            for raw in event.get("actions") or []:
                try:
                    done.append(_action_words(Action(int(raw["cube"]), raw["kind"], Direction(raw["dir"]))))
                except (KeyError, TypeError, ValueError):
                    continue
            buh = event.get("buh")
            return _("{name}: {actions}; Buh to cube {n} · light {light}.").format(
                name=who(event.get("seat")),
                actions=i18n.listing(done),
                n=scene.number(buh) if isinstance(buh, int) else "?",
                light=event.get("light", "?"),
            )
        if kind == "end":
            reason = describe(event.get("reason"), who)
            return _("The match is over: {reason}.").format(reason=reason) if reason else _("The match is over.")
        return None


def _skip_line() -> Element:
    """Over the valley, while a turn made elsewhere is played back: a tap on the board skips it (on a touch
    screen), a click or a key (where there are keys: css/app.css shows one part or the other). The status line
    keeps to whose move and which step: how to skip it there made its longest words (three lines at 320 px,
    two on a laptop), and the room it keeps for them stood blank over a turn's one line
    (``ui.match.says_skip``). It stands over the frame's bottom margin, which is open space, taking no room
    (the board does not move) and passing taps and clicks through to the board. Unread: the status says it
    in words (visually hidden), the live region the turn itself."""
    return h(
        "p",
        {"class": "ls-skip", "aria-hidden": "true"},
        h("span", {"class": "touch-only"}, _("Tap the board to skip")),
        h("span", {"class": "keys-only"}, _("A click or a key skips it")),
    )


def _ended_by(view: JSON) -> str:
    """Why the match ended, in the rule's place over the valley once it has (``_turn_fact``): the worth of the
    area that won it, or that no legal turn was left (its loser's or a draw's: the status says which). Nothing
    else there: kept empty, the place was a blank line between "Light on the board" and "An area worth 7 wins"
    (the board keeps its place at the end). No name: the status names who won, and a long one took a second
    line where the rule's words, whose room the place keeps in play, take one. A match the host ended (no result)
    or a reason of another kind says nothing here."""
    result = view.get("result")
    reason = result.get("reason") if isinstance(result, Mapping) else None
    code = reason.get("code") if isinstance(reason, Mapping) else None
    params = reason.get("params") if isinstance(reason, Mapping) else None
    if code == "lightseeker-lit" and isinstance(params, Mapping) and isinstance(params.get("value"), int):
        return _("Won by an area worth {n}").format(n=params["value"])
    if code in ("lightseeker-stuck", "lightseeker-stuck-draw"):
        return _("Ended: no legal turn left")
    return ""


def _turn_fact(name: str, running: bool, due: str, ended: str) -> Element:
    """A place over the valley that tells of the turn due (``due``: what it must reach, how many actions)
    while the match runs, and of the match ended (``ended``: how many turns were played, why it ended:
    ``_ended_by``) once its rules or its host ended it. Both words are always in the place, one
    shown, the other unseen and unread (``.ls-gone``), laid one over the other (css/app.css ``.ls-fact``):
    the place is as wide as the wider of them in play and at the end, so the lines, and the board under
    them, do not move as the match ends (the turn's words alone, held unseen, left "An area worth 7 wins"
    standing by itself)."""

    def part(text: str, shown: bool) -> Element:
        return h("span", {} if shown else {"class": "ls-gone", "aria-hidden": "true"}, text)

    return h("span", {"class": f"ls-fact {name}"}, part(due, running), part(ended, not running))


def confirmable(ui: Ui) -> bool:
    """Whether the turn built on this page is whole and legal: "Confirm turn" sends it."""
    return not ui.acting and ui.buh is not None and problem(ui) is None


def _step(ui: Ui, seat: str | None) -> str:
    """Which step of the turn this page is at (tests and styles read it)."""
    if seat is None:
        return "watch"
    if ui.acting:
        return f"action{len(ui.actions) + 1}"
    return "buh" if ui.buh is None else "confirm"


def _arrows(board: rules.Board, cube: int, viable: frozenset[Action]) -> tuple[scene.Arrow, ...]:
    """The chosen cube's actions into the open cells next to it, with the face each leaves on top."""
    arrows = []
    o = board.orientations[cube]
    for d in DIRECTIONS:
        if step(board.cells[cube], d) in board.cells:
            continue
        for kind in rules.KINDS:
            after = tilt(o, d) if kind == "tilt" else o
            corners = tuple((a.value, b.value) for a, b in rules.LIGHTING.lit_corners[after])
            arrows.append(scene.Arrow(d.value, kind, corners, Action(cube, kind, d) in viable))
    return tuple(arrows)


def _action_buttons(look: scene.Look, selected: int, armed: Kind | None = None) -> Element:
    """The chosen cube's (``selected``) actions as buttons (for Tab and screen readers, and large targets on phones).
    The row of the kind S or T armed (``armed``) is marked: the next arrow key makes one of its actions."""
    cube = scene.number(selected)
    by = {(a.kind, a.dir): a for a in look.arrows}
    rows = []
    for kind, word in (("slide", _("Slide")), ("tilt", _("Tilt"))):
        buttons = []
        for d in DIRECTIONS:
            arrow = by.get((kind, d.value))
            direction = _(scene.DIRECTION_WORDS[d.value])
            if arrow is None:
                label = _("{kind} cube {n} {direction}: blocked").format(kind=word, n=cube, direction=direction)
            elif kind == "slide":
                label = _("Slide cube {n} {direction}").format(n=cube, direction=direction)
            else:
                label = _("Tilt cube {n} {direction}: a {face} face comes up").format(
                    n=cube, direction=direction, face=scene.shade_words(arrow.corners)
                )
            if arrow is not None and not arrow.viable:
                label = i18n.separated(label, _("no legal turn follows"))
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "ls-move" + ("" if arrow is None or arrow.viable else " ls-dim"),
                        "data-action": "ls-act",
                        "data-cube": selected,
                        "data-kind": kind,
                        "data-dir": d.value,
                        "disabled": arrow is None,
                        "aria-label": label,
                        "title": label,
                    },
                    h("span", {"class": "ls-glyph-text", "aria-hidden": "true"}, GLYPHS[d.value]),
                    arrow is not None and kind == "tilt" and _mini_face(arrow.corners),
                )
            )
        rows.append(
            h(
                "div",
                {
                    "class": "ls-move-row ls-armed" if kind == armed else "ls-move-row",
                    "role": "group",
                    "aria-label": word,
                },
                h(
                    "span",
                    {"class": "ls-move-kind", "aria-hidden": "true"},
                    word,
                    h("kbd", {}, "S" if kind == "slide" else "T"),
                ),
                # The buttons in two pairs (north and east, south and west), each pair kept whole: where the row is
                # too narrow for the name and four buttons (large text on a phone), the buttons go under the name,
                # and under that two by two (css/app.css), never one alone on a line nor out of the panel.
                h(
                    "span",
                    {"class": "ls-dirs"},
                    h("span", {"class": "ls-pair"}, buttons[:2]),
                    h("span", {"class": "ls-pair"}, buttons[2:]),
                ),
            )
        )
    return h("div", {"class": "ls-moves", "aria-label": _("Cube {n}'s actions").format(n=cube), "role": "group"}, rows)


def _mini_face(corners: tuple[scene.Corner, ...]) -> Element:
    return h(
        "svg",
        {"class": "ls-mini", "viewBox": "0 0 20 20", "width": 20, "height": 20, "aria-hidden": "true"},
        scene.face(corners, 1, 1, 18),
    )


def _action_words(action: Action) -> str:
    direction = _(scene.DIRECTION_WORDS[action.dir.value])
    n = scene.number(action.cube)
    if action.kind == "slide":
        return _("cube {n} slides {direction}").format(n=n, direction=direction)
    return _("cube {n} tilts {direction}").format(n=n, direction=direction)


def _hint(ui: Ui, seat: str | None, look: scene.Look, best: int, win: int) -> str | list[Any]:
    if seat is None:
        return ""
    wins = _("This turn wins: a light area worth {n}!").format(n=best) if best >= win else ""
    # What a hint says of keys is a sentence of its own in the element css/app.css hides on a touch
    # screen (no keyboard there), as Raythread's key names are.
    said: str | list[Element]
    if not ui.acting:
        if problem(ui) is not None:
            said, keys = _("Undo an action and try another."), _("Keys: Escape undoes an action.")
        elif ui.buh is None:
            said = _("Now move Buh: choose any cube other than cube {n}.").format(n=scene.number(ui.state.board.buh))
            keys = _("Keys: Space chooses the cube at the cursor.")
        else:
            said, keys = _("Confirm the turn, or choose another cube for Buh."), _("Keys: Enter confirms the turn.")
    elif ui.selected is None:
        left = ui.due - len(ui.actions)
        said = ngettext("{n} action to make: choose a cube.", "{n} actions to make: choose a cube.", left).format(
            n=left
        )
        keys = _("Keys: the arrow keys move onto a cube and choose it.")
    else:
        # On a touch screen the arrows take no taps (css/app.css): there the hint names the buttons.
        said = [
            h(
                "span",
                {"class": "pointer-only"},
                _(
                    "Tap or click an arrow: the straight arrow slides the cube, the small face tilts it and shows "
                    "the face that comes up."
                ),
            ),
            h(
                "span",
                {"class": "touch-only"},
                _(
                    "Tap a Slide or Tilt button: the arrows on the board show where the cube goes and the face "
                    "a tilt brings up."
                ),
            ),
        ]
        keys = _("Keys: S or T, then an arrow.")
        if ui.kind is not None:
            # S or T armed: said where the keys are (a player who pressed T saw nothing change on the page).
            armed = _("Slide cube {n}: an arrow key chooses the direction.")
            if ui.kind == "tilt":
                armed = _("Tilt cube {n}: an arrow key chooses the direction.")
            keys = armed.format(n=scene.number(ui.selected))
    # The gap before the key sentence (English's space, none in Japanese) is inside its element.
    return [
        said,
        h("span", {"class": "keys-only"}, i18n.sentence_gap(), keys),
        i18n.sentence_gap() + wins if wins else None,
    ]


def _saying(before: Ui, after: Ui, seat: str | None) -> tuple[str | Element, ...]:
    """What a screen reader hears of a choice on the seat's turn (``after``, from ``before``), once and
    briefly: an action made, with the light it leaves, and once both are made the next step (Buh), unless
    the turn cannot end there (the alert says why); an action taken back; Buh's new cube and what is left
    (Confirm); the cube chosen or let go where the cursor stands (one the cursor moves onto is said by its
    cell, the board's active cell: "…, chosen"); Slide or Tilt armed. Nothing else (a cursor moved: the
    cell says itself)."""
    if seat is None:
        return ()
    gap = i18n.sentence_gap()
    parts: list[str | Element] = []
    if len(after.actions) > len(before.actions):
        start, light = rules.total_light(after.state.board), rules.total_light(after.board())
        # "(was N)" only when the light changed, as the line over the board shows it.
        was = " " + _("(was {n})").format(n=start) if light != start else ""
        parts = [
            i18n.sentence(_action_words(after.actions[-1])),
            gap,
            _("Light on the board: {n}").format(n=light) + was + pgettext("full stop", "."),
        ]
        if not after.acting and after.note is None:
            buh = scene.number(after.state.board.buh)
            parts += [gap, _("Now move Buh: choose any cube other than cube {n}.").format(n=buh)]
    elif len(after.actions) < len(before.actions):
        parts = [_("Taken back: {action}.").format(action=_action_words(before.actions[-1]))]
    elif after.buh != before.buh and after.buh is not None:
        parts = [
            i18n.sentence(_("Buh to cube {n}").format(n=scene.number(after.buh))),
            gap,
            _("Confirm the turn, or choose another cube for Buh."),
            h("span", {"class": "keys-only"}, gap, _("Keys: Enter confirms the turn.")),
        ]
    elif after.buh != before.buh:
        buh = scene.number(after.state.board.buh)
        parts = [_("Now move Buh: choose any cube other than cube {n}.").format(n=buh)]
    else:
        if after.selected != before.selected and after.cursor == before.cursor:
            if after.selected is not None:
                parts = [_("Cube {n} chosen.").format(n=scene.number(after.selected))]
            elif before.selected is not None:
                parts = [_("Cube {n} let go.").format(n=scene.number(before.selected))]
        if after.kind is not None and after.kind != before.kind and after.selected is not None:
            armed = _("Slide cube {n}: an arrow key chooses the direction.")
            if after.kind == "tilt":
                armed = _("Tilt cube {n}: an arrow key chooses the direction.")
            parts += (
                [gap, armed.format(n=scene.number(after.selected))]
                if parts
                else [armed.format(n=scene.number(after.selected))]
            )
    return tuple(parts)


def _way(old: Any, new: Any) -> str:
    """The way a cube that tilted went, from its cells (``in`` when it came back where it was)."""
    dr, dc = new[0] - old[0], new[1] - old[1]
    if abs(dr) >= abs(dc) and dr:
        return "S" if dr > 0 else "N"
    if dc:
        return "E" if dc > 0 else "W"
    return "in"


def _cell(data: Mapping[str, str]) -> Cell | None:
    """The cell an input names (untrusted ``data-r``/``data-c``)."""
    try:
        return (int(data.get("r", "")), int(data.get("c", "")))
    except ValueError:
        return None


def _action(data: Mapping[str, str]) -> Action | None:
    """The action an arrow or button names (untrusted ``data-*``)."""
    try:
        cube = int(data.get("cube", ""))
        kind, d = data.get("kind", ""), Direction(data.get("dir", ""))
    except ValueError:
        return None
    if kind not in rules.KINDS or not 0 <= cube < rules.CUBES:
        return None
    return Action(cube, kind, d)


BOARD = LightSeekerBoard()
