"""Raythread Rally's match screen: the board scene plus the controls that turn input into moves.

Everything the controls offer is derived from the rules: the view is turned back into a state
(``rules.from_view``, the deck order aside), and the cells a chosen tile may go to, the tiles that may
turn, and each preview (the beams after the move under the cursor) come from the engine's own
``legal`` and ``play``. A refused attempt is explained with the engine's own reason.

Input: choose a tile from the hand (click, or 1 / 2), choose its orientation (the two buttons, or
``/`` ``\\`` and ``O`` to flip), then a cell (click or Enter at the cursor). Hovering or moving the
cursor over a cell previews the move; on a touch screen the first tap previews and a second tap on
the same cell places (a mouse's hover leaves that preview: on a touch laptop a resting cursor hovers).
Clicking one of your own tiles that has not turned yet previews its rotation; a second click (or Enter)
turns it. Escape cancels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamenight import i18n
from gamenight.core.errors import GameNightError, IllegalMove
from gamenight.core.fields import at, cell, choice, flag, maybe, root
from gamenight.core.game import JSON, Move, named_seat
from gamenight.core.grid import Cell, on_board
from gamenight.i18n import N_, _, ngettext, pgettext, reasons
from gamenight.raythread import rules, scene
from gamenight.raythread.board import seat_tags
from gamenight.ui.live import alerts, new_note
from gamenight.ui.match import TURNS_KEY, Reply, Table, describe, place_words, said, seat_label
from gamenight.ui.program import ShowInWindow, UiEvent
from gamenight.ui.svg import Element, Memo, h, keep, remember

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
KIND_KEYS = {"1": "mirror", "m": "mirror", "M": "mirror", "2": "prism", "p": "prism", "P": "prism"}
KIND_WORDS = {"mirror": N_("Mirror"), "prism": N_("Prism")}
# The status (whose turn, the points) stays in the window with the hint where both fit (a 320 × 640 phone).
SHOW_HINT = ShowInWindow(".rt-hint", keep=".match-status")
# The hint a key changed, shown before the cursor's cell (``update``): the cursor, where the keys act, wins.
SHOW_KEYS_HINT = ShowInWindow(".rt-hint")

reasons(
    {
        "rt-watching": N_("You are watching: only the players move."),
        "rt-wait-turn": N_("Wait for your turn."),
        # A click or Enter on a cell with no tile chosen, in the words of what the player can do (``_CHOOSE_FIRST``).
        "rt-choose-tile": N_(
            "Choose a mirror or a prism from your hand first, or select one of your tiles marked ↻ to turn it."
        ),
        "rt-choose-in-hand": N_("Choose a mirror or a prism from your hand first."),
        "rt-choose-mirror-or-turn": N_(
            "Choose a mirror from your hand first, or select one of your tiles marked ↻ to turn it."
        ),
        "rt-choose-mirror": N_("Choose a mirror from your hand first."),
        "rt-choose-prism-or-turn": N_(
            "Choose a prism from your hand first, or select one of your tiles marked ↻ to turn it."
        ),
        "rt-choose-prism": N_("Choose a prism from your hand first."),
        "rt-choose-turn": N_("Select one of your tiles marked ↻ to turn it."),
        "rt-turned": N_("That tile has turned once already."),
        "rt-not-yours": N_("Only its owner may turn that tile."),
        "rt-no-tile": N_("You have no tile of that kind in your hand."),
    }
)


@dataclass(frozen=True)
class Ui:
    """The board's own state for one position."""

    state: rules.State
    # tile kind → the cells the seat to play may put it on (from legal()); worked out when a tile is
    # first chosen, so pages that only watch a move arrive never enumerate the moves
    places: Mapping[str, frozenset[Cell]] | None = None
    chosen: str | None = None  # the hand tile chosen: "mirror" or "prism"
    orient: str = "/"
    # The player chose the orientation (a button, or a key) on this position: before any tile is chosen the
    # orientation buttons are drawn pressed only then, not for the "/" a tile takes when nobody chose.
    oriented: bool = False
    cursor: Cell = (0, 0)
    aim: Cell | None = None  # the cell previewed (under the pointer or the cursor)
    tapped: Cell | None = None  # the cell a tap previewed while that preview stands (a mouse's hover leaves it)
    turning: Cell | None = None  # one of the player's tiles chosen to turn
    zoom: bool = False
    note: JSON | None = None  # why the last attempt could not be made
    # Refusals so far (ui.live.new_note). The count's parity tells one from the next, the same or not: it says
    # which of the two alert regions speaks (ui.live.alerts), and, for a click on a cell with no tile chosen,
    # which animation points the eye at the hand (_nudge), so each is said and shown again.
    refusals: int = 0
    fresh: frozenset[str] = frozenset()  # beam runs and beacons new in this position
    last: Cell | None = None
    # The last input on the board was a key (css/app.css shows the cursor on keyboard focus only): the hint
    # names the keys, not pointing or tapping. A pointer's click or hover sets it back; a click a key made on
    # a button (no pointer type) leaves it as it was.
    keyed: bool = False
    # The tile chosen (to place or to turn) was chosen by a key: kept with the turn across a reload
    # (``kept_turn``), where the reloaded board's first hint names the keys again (``keyed``) as before it.
    chosen_by_key: bool = False
    # What a screen reader heard of the last input on the board (``_saying``), worded when it was said (the
    # line stays as it was until the next saying: words that changed under it would be read as new); and the
    # sayings so far, whose parity says which of its two regions speaks (ui.live.alerts), so a line is said
    # again. Emptied by the move made (the match's news says it).
    said: tuple[str | Element, ...] = ()
    sayings: int = 0
    # The way to place (or turn) the tile chosen was said, with its first preview: a cursor that leaves the
    # highlighted cells and comes back to one says only what the move there would claim.
    told: bool = False


def _opening_cell(state: rules.State) -> Cell:
    """Where the keyboard cursor starts on a position with no last move to stand on (a new match): the empty
    cell nearest the centre (fewest arrow presses), the first of them in reading order — the cell just above
    the centre. The centre is always a beacon, where no tile goes (Enter there only said "That cell holds a
    beacon."), and no beacon is ever beside another nor an emitter off the border, so this is a cell a tile
    may go to on every board size and player count: a keyboard player who chose a tile places it with Enter,
    or looks around from the middle, the centre's beacon one press down."""
    centre = state.board.size // 2
    return min(
        rules.empty_cells(state),
        key=lambda cell: (abs(cell[0] - centre) + abs(cell[1] - centre), cell),
        default=(centre, centre),
    )


def _cell(data: Mapping[str, str], size: int) -> Cell | None:
    """The board cell an input names (untrusted ``data-r``/``data-c``), if it is one."""
    try:
        cell = (int(data.get("r", "")), int(data.get("c", "")))
    except ValueError:
        return None
    return cell if on_board(cell, size) else None


class RaythreadBoard:
    """The ``ui.match.Board`` of Raythread Rally."""

    # The zoom only changes how the board is seen: it still works on the final board (ui.match.handle).
    looking = frozenset(("rt-zoom",))
    # Not ``still_at_end`` (ui.match.room_ended): kept at the end, the running match's room left "Bot B (Normal)
    # wins!" over an empty line at 320 px (a QA finding: test_phone.py's Japanese status check), so the status
    # takes its own room and the board moves up once (20 px there), as the final standings and Rematch appear.
    # The turn being built (``kept_turn``) outlives a reload of the page (ui.match.TURNS_KEY).
    storage_keys = (TURNS_KEY,)

    def start(self, view: JSON, before: JSON | None, animate: bool = True) -> Ui:
        state = rules.from_view(view)
        fresh: frozenset[str] = frozenset()
        last = None
        if before is not None and before.get("size") == view["size"]:
            last = _changed_tile(before, view)
            # What appeared with the move sweeps in once, as the move is seen; an undo or a reload only
            # marks its tile.
            if animate:
                fresh = scene.beam_keys(view) - scene.beam_keys(before)
                old = {tuple(b["cell"]) for b in before["beacons"] if b["claimers"]}
                fresh |= {
                    f"rt-k{b['cell'][0]}-{b['cell'][1]}"
                    for b in view["beacons"]
                    if b["claimers"] and tuple(b["cell"]) not in old
                }
        # The keyboard cursor stands on the tile the last move placed or turned (the next player reads what
        # was just played, and one who just moved stays where they were); a new match starts it next to the
        # middle (``_opening_cell``).
        return Ui(state, cursor=last or _opening_cell(state), fresh=fresh, last=last)

    def motion_ms(self, before: JSON, view: JSON) -> int:
        """A move shown at once whose new beam runs sweep in (``start``) moves for ``scene.SWEEP_MS`` on a page
        that watches it, and one that claims a beacon for as long as the beacon flashes (``scene.FLASH_MS``,
        longer): a computer player answers after that, then its pause (``ui.match.bot_wait_ms``). The flash is
        how the board shows who just scored; uncounted, the next move came as its glow still faded. A move
        that adds no run (a tile off every beam) does not hold it up."""
        if before.get("size") != view.get("size"):
            return 0
        claimed = {tuple(b["cell"]) for b in before["beacons"] if b["claimers"]}
        if any(b["claimers"] and tuple(b["cell"]) not in claimed for b in view["beacons"]):
            return max(scene.SWEEP_MS, scene.FLASH_MS)
        return scene.SWEEP_MS if scene.beam_keys(view) - scene.beam_keys(before) else 0

    def keep(self, before: Ui, fresh: Ui, waiting: bool = False) -> Ui:
        """The zoom outlives a position: a player who zoomed in on a phone reads and taps the board at that
        size move after move (a 13 or 15 board fitted to a phone is too small for either)."""
        return replace(fresh, zoom=before.zoom) if before.zoom != fresh.zoom else fresh

    def active(self, view: JSON) -> frozenset[str]:
        return frozenset((view["turn"],)) if view.get("turn") else frozenset()

    def kept_turn(self, ui: Ui) -> JSON | None:
        """The turn begun on this page, kept across a reload (``ui.match.resumed``): the tile chosen from the
        hand, its orientation and the cell a tap previewed (which a second tap places; a mouse's hover and the
        keyboard's preview, which follows the cursor, are not kept), or the tile chosen to turn. ``None``
        before a tile is chosen. Not the cursor: it is where the player looked, not what they chose, and an
        arrow key that only moves it (and the preview with it) would rewrite the entry at every press; the
        board built again puts it on the cell kept, if any (``resume``)."""
        if ui.chosen is None and ui.turning is None:
            return None
        return {
            "tile": ui.chosen,
            "orient": ui.orient,
            "turning": list(ui.turning) if ui.turning is not None else None,
            "aim": list(ui.aim) if ui.aim is not None and ui.aim == ui.tapped else None,
            # How it was chosen, for the reloaded board's hint (a key: the keys' words, ``_hint``); a key that
            # only moves the cursor leaves it as it was, so it writes nothing.
            "keyed": ui.chosen_by_key,
        }

    def resume(self, fresh: Ui, view: JSON, seat: str, turn: Any) -> Ui | None:
        """``fresh`` with a ``kept_turn`` read back (untrusted) for ``seat``, to play: the tile chosen again
        (one of it in the hand), or the tile to turn chosen again (the seat's, not turned yet), and the
        tap's preview at a cell the chosen tile may go to; ``None`` when it does not fit the position.
        Raises ``BadMessage`` for a value of another shape. The cursor stands on the tile to turn (R there
        confirms it) or on the cell previewed (Enter there places), else where ``fresh`` has it; a
        ``cursor`` an older page kept is not read."""
        kept = root(turn)
        size = view["size"]
        tile = choice(at(kept, "tile"), (None, *rules.KINDS))
        orient = choice(at(kept, "orient"), ("/", "\\"))
        turning = cell(at(kept, "turning"), size) if maybe(at(kept, "turning")) else None
        aim = cell(at(kept, "aim"), size) if maybe(at(kept, "aim")) else None
        if (tile is None) == (turning is None):
            return None  # one of them is the turn begun
        # How the tile was chosen (an older page's entry does not say: the pointer's words, as it showed).
        keyed = flag(at(kept, "keyed")) if isinstance(turn, Mapping) and "keyed" in turn else False
        fresh = replace(fresh, keyed=keyed, chosen_by_key=keyed)
        if turning is not None:
            ours = next((t for t in fresh.state.tiles if t.cell == turning), None)
            if ours is None or ours.owner != seat or ours.rotated:
                return None
            return replace(fresh, turning=turning, aim=turning, cursor=turning, orient=orient)
        places = _places(fresh.state, seat)
        if aim is not None and aim not in places[tile]:
            return None
        if not fresh.state.hands[fresh.state.seats.index(seat)][rules.KINDS.index(tile)]:
            return None
        chosen = replace(fresh, chosen=tile, orient=orient, places=places)
        return replace(chosen, aim=aim, tapped=aim, cursor=aim) if aim is not None else chosen

    def update(
        self, ui: Ui, view: JSON, seat: str | None, table: Table, event: UiEvent
    ) -> tuple[Ui, Move | None] | Reply:
        new, move = self._input(ui, view, seat, table, event)
        if new is not ui:
            if event.type == "keydown":
                new = replace(new, keyed=True)
            elif event.pointer:
                new = replace(new, keyed=False)
            if (new.chosen, new.turning) != (ui.chosen, ui.turning):
                new = replace(new, chosen_by_key=event.type == "keydown")
        if new_note(ui.note, new.note):
            new = replace(new, refusals=ui.refusals + 1)
        if new.tapped is not None and new.aim != new.tapped:
            new = replace(new, tapped=None)  # the tap's preview is gone: placed, cancelled, or a key moved on
        if move is not None and new.said:
            new = replace(new, said=())
        elif move is None and new is not ui and not new_note(ui.note, new.note):  # a refusal: the alert says it
            shown = self.previewed(new, seat)  # asked once: whether the preview changed, and its words
            parts = self._saying(ui, new, seat, shown[0])
            saying = _said(new, parts, shown, view, seat, table)
            if new.chosen != ui.chosen or new.turning != ui.turning:
                new = replace(new, told=False)
            if saying:
                told = new.told or ("outcome" in parts and "hint" in parts)
                new = replace(new, said=saying, sayings=ui.sayings + 1, told=told)
        if (
            event.type == "click"
            and move is None
            and (
                (new.tapped is not None and new.tapped != ui.tapped)
                or (new.chosen is not None and new.chosen != ui.chosen)
            )
        ):
            # On a small phone the hint stood under the hand, below the window (320 × 640): after the first tap
            # the player saw the beams and not that a second tap places. The page shows it, scrolled by as
            # little as it takes, at the tile chosen (the finger off the board) and at the first tap.
            return Reply(new, None, (SHOW_HINT,))
        if event.type == "keydown" and move is None and (new.sayings != ui.sayings or new.cursor != ui.cursor):
            # A keyboard player's hint stood below the window too (1280 × 800 at 200 %: 640 × 400 CSS px), and keys
            # never scroll the page. So a key that changed what the hint says asks the page to show it, then the
            # cursor's cell, each by as little as it takes: both are in sight where they fit together; where they
            # do not (the cursor in the top rows, a long preview), the cursor wins, for it is where the keys act
            # and the hint's first lines are then in sight. An arrow that only moves the cursor asks for its cell:
            # moved up past the window's top (the hint brought in), it is seen again.
            cursor = ShowInWindow(f"#{scene.cell_id(new.cursor)}")
            return Reply(new, None, (*((SHOW_KEYS_HINT,) if new.sayings != ui.sayings else ()), cursor))
        return new, move

    def _input(self, ui: Ui, view: JSON, seat: str | None, table: Table, event: UiEvent) -> tuple[Ui, Move | None]:
        action, data = event.action, event.data
        size = view["size"]
        if event.type == "pointerover":
            if ui.tapped is not None:
                # A finger's pointerover never comes (dom.read_event): this is a mouse's, and on a touch
                # laptop the page scrolling or redrawn under a resting cursor fires one. It took away the
                # preview a tap made, so the second tap previewed again instead of placing.
                return ui, None
            aim = _cell(data, size) if action == "rt-cell" else None
            return (ui, None) if aim == ui.aim else (replace(ui, aim=aim), None)
        if event.type == "keydown":
            if action not in ("board", "rt-cell"):
                return ui, None
            return self._key(ui, view, seat, table, event.key)
        if event.type != "click":
            return ui, None
        if action == "rt-hand":
            kind = data.get("kind", "")
            if kind not in rules.KINDS:
                return ui, None
            return self._choose(ui, seat, table, kind), None
        if action == "rt-orient":
            orient = data.get("orient", "")
            return (replace(ui, orient=orient, oriented=True, note=None), None) if orient in ("/", "\\") else (ui, None)
        if action == "rt-zoom":
            return replace(ui, zoom=not ui.zoom), None
        if action == "rt-cancel":
            return replace(ui, chosen=None, turning=None, aim=None, note=None), None
        if action == "rt-cell":
            cell = _cell(data, size)
            if cell is None:
                return ui, None
            ui = replace(ui, cursor=cell)
            if event.pointer == "touch" and ui.aim != cell and ui.chosen and cell in self.targets(ui):
                return replace(ui, aim=cell, tapped=cell, note=None), None  # a first tap previews; the second places
            # Elsewhere (a beacon, an emitter, a tile) there is no preview to wait on: the first tap refuses at
            # once, or chooses the player's own tile to turn. It did nothing at all, not even a word.
            return self._act(ui, seat, table, cell)
        return ui, None

    def _choose(self, ui: Ui, seat: str | None, table: Table, kind: str) -> Ui:
        if seat is None:
            return replace(ui, note=_waiting(table))
        hand = ui.state.hands[ui.state.seats.index(seat)]
        if not hand[rules.KINDS.index(kind)]:
            return replace(ui, note={"code": "rt-no-tile", "params": {}})
        chosen = None if ui.chosen == kind else kind
        return replace(ui, chosen=chosen, turning=None, note=None, places=ui.places or _places(ui.state, seat))

    def _key(self, ui: Ui, view: JSON, seat: str | None, table: Table, key: str) -> tuple[Ui, Move | None]:
        size = view["size"]
        if key in ARROWS:
            dr, dc = ARROWS[key]
            r, c = ui.cursor
            cursor = (min(size - 1, max(0, r + dr)), min(size - 1, max(0, c + dc)))
            return replace(ui, cursor=cursor, aim=cursor), None
        if key in KIND_KEYS:
            return self._choose(ui, seat, table, KIND_KEYS[key]), None
        if key in ("/", "\\"):
            return replace(ui, orient=key, oriented=True), None
        if key in ("o", "O"):
            return replace(ui, orient="\\" if ui.orient == "/" else "/", oriented=True), None
        if key == "Escape":
            return replace(ui, chosen=None, turning=None, aim=None, note=None), None
        if key in ("Enter", " "):
            return self._act(replace(ui, aim=ui.cursor), seat, table, ui.cursor)
        if key in ("r", "R"):
            return self._act(replace(ui, chosen=None), seat, table, ui.cursor)
        return ui, None

    def _act(self, ui: Ui, seat: str | None, table: Table, cell: Cell) -> tuple[Ui, Move | None]:
        """Place the chosen tile on ``cell``, or choose / turn one of the player's tiles there."""
        if seat is None:
            return replace(ui, note=_waiting(table)), None
        tile = next((t for t in ui.state.tiles if t.cell == cell), None)
        if ui.chosen is None or (tile is not None and tile.owner == seat):
            if tile is None:
                code = _CHOOSE_FIRST.get(_can_do(ui.state, seat), "rt-choose-tile")
                return replace(ui, note={"code": code, "params": {}}), None
            if tile.owner != seat:
                return replace(ui, note={"code": "rt-not-yours", "params": {}}), None
            if tile.rotated:
                return replace(ui, note={"code": "rt-turned", "params": {}}), None
            if ui.turning == cell:
                return replace(ui, turning=None), {"type": "rotate", "cell": list(cell)}
            return replace(ui, turning=cell, chosen=None, aim=cell, note=None), None
        move = {"type": "place", "tile": ui.chosen, "cell": list(cell), "orient": ui.orient}
        try:
            tried(ui.state, seat, move)  # usually the move just previewed: its answer is reused
        except IllegalMove as err:
            return replace(ui, note=err.to_json(), aim=cell), None
        return replace(ui, chosen=None, aim=None), move

    def _saying(self, before: Ui, after: Ui, seat: str | None, now: Move | None) -> tuple[str, ...]:
        """What a screen reader hears of an input that changed the board (``after``, from ``before``; ``now``
        is the move ``after`` previews): each step once, briefly. A tile chosen is named (and the way on, or
        what the cell under the cursor would claim); the way to place or turn is said at the first preview,
        then each cell the cursor moves to says only what the move there would claim (the grid's active cell
        says where it is); a new orientation says the preview's claim, or the orientation; a tile let go says
        the first step again. Nothing for what changes nothing heard (the cursor over cells with no preview:
        the cell says itself). The move made says nothing here: the match's news says it."""
        if seat is None:
            return ()
        # The move ``before`` previewed, from the board alone: asking the engine for it again (its cache of
        # moves tried emptied by ``now``'s, once full) only told whether the preview changed.
        was = self.aimed(before)
        if after.chosen is not None and after.chosen != before.chosen:
            return ("chosen", "hint", "outcome") if now else ("chosen", "hint")
        if after.turning is not None and after.turning != before.turning:
            return ("hint", "outcome")  # the way on first, as drawn (_shown)
        if after.chosen is None and after.turning is None and (before.chosen or before.turning):
            return ("hint",)
        if after.orient != before.orient and (after.chosen or after.turning):
            return ("outcome",) if now else ("orient",)
        if now is not None and now != was:
            return ("outcome",) if was is not None or before.told else ("hint", "outcome")
        return ()

    # --- what is drawn ------------------------------------------------------------------------------

    def targets(self, ui: Ui) -> frozenset[Cell]:
        """The cells the chosen tile may go to (from the engine's legal moves)."""
        return ui.places.get(ui.chosen, frozenset()) if ui.chosen and ui.places else frozenset()

    def aimed(self, ui: Ui) -> Move | None:
        """The move under the cursor to preview, if any: the tile chosen to turn, or the tile chosen on a cell
        it may go to (legal both, by how they were chosen: ``_act``, ``targets``)."""
        if ui.turning is not None:
            return {"type": "rotate", "cell": list(ui.turning)}
        if ui.chosen is not None and ui.aim is not None and ui.aim in self.targets(ui):
            return {"type": "place", "tile": ui.chosen, "cell": list(ui.aim), "orient": ui.orient}
        return None

    def previewed(self, ui: Ui, seat: str | None) -> tuple[Move | None, JSON | None]:
        """The move under the cursor and the view after it, if there is one to preview."""
        move = self.aimed(ui) if seat is not None else None
        if seat is None or move is None:
            return None, None
        try:
            after, _events = tried(ui.state, seat, move)
        except GameNightError:
            return None, None
        return move, remember(_PREVIEWS, seat, lambda: rules.view(after, seat), (after,), TRIED_KEPT)

    def render(self, ui: Ui, view: JSON, seat: str | None, table: Table) -> Element:
        move, preview = self.previewed(ui, seat)
        ghost = None
        if move is not None and move["type"] == "place":
            ghost = (tuple(move["cell"]), move["tile"], move["orient"])
        # A match the host ended, or a page that lost the host, takes no input (ui.match.handle drops it,
        # and passes no seat): the board draws no cursor, no cells for a tile chosen before, no zoom.
        live = not table.stopped and not table.offline
        look = scene.Look(
            cursor=ui.cursor if live else None,  # a spectator or a waiting player reads the board cell by cell too
            targets=self.targets(ui) if live else frozenset(),
            preview=preview,
            ghost=ghost,
            rotating=ui.turning,
            last=ui.last,
            fresh=ui.fresh,
            colours=table.colours,
            names=table.names,
            tags=table.tags,
            over=table.stopped,  # the host ended the match: no tile turns any more (scene.final)
            pick=live and seat is not None,
        )
        cells = _cells(view, look)
        shown = preview or view
        beams_key = ("beams", tuple(look.colours.items()), frozenset(look.fresh), preview is not None)
        beams = keep(_BEAMS, beams_key, lambda: scene.beams_layer(view, look), (shown,))
        outcome, hint = _outcome(move, preview, view, table), _hint(ui, seat, preview, view, table)
        # The frame is the container css/app.css asks about: where the window's height leaves the main
        # column wider than the board, the hand and its hint stand beside the board, which grows into the
        # height they leave (docs/rules/raythread.md, "Laptops").
        return h(
            "div",
            {"class": "rt-frame"},
            h(
                "div",
                {"class": "rt-play", "data-size": view["size"]},
                h(
                    "div",
                    {"class": "rt-info"},
                    h(
                        "span",
                        {},
                        ngettext("First to {n} point", "First to {n} points", view["target"]).format(n=view["target"]),
                    ),
                    h(
                        "span",
                        {},
                        ngettext("{n} tile in the deck", "{n} tiles in the deck", view["deck"]).format(n=view["deck"]),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button quiet rt-zoom",
                            "data-action": "rt-zoom",
                            "aria-pressed": "true" if ui.zoom else "false",
                        },
                        _("Fit the board") if ui.zoom else _("Zoom in"),
                    )
                    if live
                    # Its room, unseen, on a page that lost the host: the row above the board lost the button's
                    # height (32 px at 390 px, the row wrapped for it), and the board moved up when the host was
                    # lost and back at the rejoin. A match the host ended comes back to no input: its row keeps
                    # no empty room (on a phone it stood as an empty line over the board).
                    else table.offline
                    and not table.stopped
                    and h("span", {"class": "button quiet rt-idle", "aria-hidden": "true"}, _("Zoom in")),
                ),
                h(
                    "div",
                    {"class": "rt-board-wrap" + (" zoomed" if ui.zoom and live else ""), "data-size": view["size"]},
                    scene.board(view, look, cells, beams),
                ),
                # Where the hand stands on the player's turn: on any other (a computer's, another player's, a
                # spectator's page) what a player reads while waiting. Once no draw can come (the match over,
                # or ended by the host) nobody waits: "0 mirrors, 0 prisms" stood over a phone's standings.
                self._hand(ui, view, seat, _nudge(ui))
                or (not view.get("result") and not table.stopped and _unseen_panel(view, table)),
                alerts(said(ui.note), ui.refusals, _note_class(ui.note or {}, hint), "rt-alert"),
                # For the eye (and a screen reader reading the page): the move under the cursor and the next
                # step. No live region: as one it came with its first words (not heard) and was read whole at
                # every cell the cursor moved to, the way to place the tile again and again.
                h(
                    "p",
                    {
                        "class": "rt-hint",
                        # A tile chosen, no preview yet: the hint keeps room under it for the preview's longer
                        # words when the page scrolls it in (SHOW_HINT; css/app.css), so the first tap need not
                        # move the board under the finger that taps the same cell again.
                        "data-ahead": "true" if ui.chosen is not None and preview is None else None,
                    },
                    # The way on first, then what the preview would do (_shown).
                    (hint, hint and outcome and i18n.sentence_gap(), _shown(ui, outcome)),
                ),
                # What a screen reader hears of the player's input, each step once (``_saying``): two polite
                # regions by turns, always drawn (empty at first), visually hidden (the hint says it to the eye).
                alerts(list(ui.said), ui.sayings, "visually-hidden", "rt-said", polite=True),
            ),
        )

    def _hand(self, ui: Ui, view: JSON, seat: str | None, nudge: str | None) -> Memo | None:
        """The seat's tiles to choose from and the orientation (kept while they look the same: a hover or
        a move of the cursor leaves them as they were)."""
        if seat is None:
            return None
        hand = view["hands"][seat]
        counts = {kind: hand[kind] for kind in rules.KINDS}
        # The orientation drawn pressed: the chosen tile's, or the one the player pressed; none before either.
        pressed = ui.orient if ui.chosen is not None or ui.oriented else None
        drawn = (ui.chosen, ui.orient, pressed, ui.turning is not None, nudge)
        key = ("hand", tuple(counts.values()), *drawn, i18n.generation())
        return keep(_HANDS, key, lambda: _hand(counts, *drawn))

    def seat_facts(self, view: JSON, seat: str, table: Table) -> list[str]:
        # A finished match: nobody plays from a hand any more ("0 mirrors, 0 prisms"), so the card says the
        # seat's place in the final standings, beside its score; a match the host ended has neither.
        result = view.get("result")
        if isinstance(result, Mapping):
            place = place_words(result, seat)
            return [place] if place else []
        if table.stopped:
            return []
        hand = view["hands"].get(seat, {})
        mirrors, prisms = hand.get("mirror", 0), hand.get("prism", 0)
        return [
            i18n.listing(
                (
                    ngettext("{n} mirror", "{n} mirrors", mirrors).format(n=mirrors),
                    ngettext("{n} prism", "{n} prisms", prisms).format(n=prisms),
                )
            )
        ]

    def event_text(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        kind = event.get("type")

        tags = seat_tags(list(names))  # the table names every seat of the match, in turn order

        def who(seat: Any) -> str:
            if not isinstance(seat, str):  # from the host, unchecked: a list or an object is no key
                return str(seat)
            return named_seat(names.get(seat), tags.get(seat, seat))

        def word(words: Mapping[str, str], key: str) -> str:
            """The words for the event's ``key`` (none for a value the table does not hold)."""
            value = event.get(key)
            return _(words.get(value, "")) if isinstance(value, str) else ""

        def where(cell: Any) -> str:
            cell_ok = isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell)
            return scene.where_words(cell) if cell_ok else "?"

        if kind == "placed":
            return _("{name} places a {tile} {orient} at {where}.").format(
                name=who(event.get("seat")),
                tile=word(scene.TILE_WORDS, "tile"),
                orient=word(scene.ORIENT_WORDS, "orient"),
                where=where(event.get("cell")),
            )
        if kind == "rotated":
            return _("{name} turns the tile at {where} to {orient}.").format(
                name=who(event.get("seat")),
                where=where(event.get("cell")),
                orient=word(scene.ORIENT_WORDS, "orient"),
            )
        if kind == "claimed":
            seats = given if isinstance(given := event.get("seats"), list) else []
            value = event.get("value", 0)
            return ngettext(
                "{names}'s beam claims the {value} at {where} · +{value}",
                "{names}'s beams claim the {value} at {where} · +{value} each",
                len(seats),
            ).format(names=i18n.conjunction(who(s) for s in seats), value=value, where=where(event.get("cell")))
        if kind == "drew":
            return _("{name} draws a {tile}.").format(name=who(event.get("seat")), tile=word(scene.TILE_WORDS, "tile"))
        if kind == "pass":
            return _("{name} cannot move and passes.").format(name=who(event.get("seat")))
        if kind == "end":
            reason = describe(event.get("reason"), who)
            return _("The match is over: {reason}.").format(reason=reason) if reason else _("The match is over.")
        return None


# The engine's answers to the moves tried on a position (``tried``) and the views after them, by the
# state's identity (``svg.remember``): the last few only (a click follows the preview just shown), so
# the heap the cycle collector walks stays small.
TRIED_KEPT = 8
_TRIED: dict = {}
_PREVIEWS: dict = {}


def tried(state: rules.State, seat: str, move: Move) -> tuple[rules.State, list[JSON]]:
    """``rules.play(state, seat, move)``, remembered for the moves tried on ``state`` (the board's own
    copy of the position, from the view).

    A placement is nearly always the move previewed a moment before, under the same pointer or
    cursor: the click then takes the preview's answer instead of playing the move again to check it.
    Any other move (another cell, tile or orientation) is played afresh; an illegal one raises every
    time. The authority (the table, the host) still plays the move on its own state.
    """
    key = (seat, *((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(move.items())))
    return remember(_TRIED, key, lambda: rules.play(state, seat, move), (state,), TRIED_KEPT)


def _places(state: rules.State, seat: str) -> dict[str, frozenset[Cell]]:
    """For each tile kind, the cells where ``seat`` may place it now (the engine's legal moves)."""
    places: dict[str, set[Cell]] = {kind: set() for kind in rules.KINDS}
    for move in rules.legal(state, seat):
        if move["type"] == "place":
            places[move["tile"]].add(tuple(move["cell"]))
    return {kind: frozenset(cells) for kind, cells in places.items()}


def _waiting(table: Table) -> JSON:
    """Why this page may not move now: it only watches, or another seat is to play."""
    return {"code": "rt-wait-turn" if table.mine else "rt-watching", "params": {}}


def _outcome(move: Move | None, preview: JSON | None, view: JSON, table: Table) -> str:
    """The previewed move in words and the beacons it would claim: "A mirror, slash /, at row 4, column 6:
    claims the 3 at row 2, column 6 for Ann (A)." (or "claims no beacon")."""
    if move is None or preview is None:
        return ""
    if move["type"] == "place":
        what = _("A {tile}, {orient}, at {where}").format(
            tile=_(scene.TILE_WORDS[move["tile"]]),
            orient=_(scene.ORIENT_WORDS[move["orient"]]),
            where=scene.where_words(move["cell"]),
        )
    else:
        what = _("The tile at {where} turned").format(where=scene.where_words(move["cell"]))
    before = {tuple(b["cell"]): b for b in view["beacons"]}
    gained = [
        _("the {value} at {where} for {names}").format(
            value=b["value"],
            where=scene.where_words(b["cell"]),
            names=i18n.conjunction(seat_label(table, s) for s in b["claimers"]),
        )
        for b in preview["beacons"]
        if b["claimers"] and not before[tuple(b["cell"])]["claimers"]
    ]
    if not gained:
        return _("{move}: claims no beacon.").format(move=what)
    return _("{move}: claims {beacons}.").format(move=what, beacons=i18n.listing(gained))


# The hint before a tile is chosen, by what the seat can do now: (mirrors in hand, prisms in hand, a tile
# of its own it may still turn), with the keys of the tiles it names. It offered both kinds and turning
# whatever the hand held. The keys are named as keys ("(key 1)": a bare "(1)" read as a count, "one
# mirror", on a phone in Japanese), in their own element a touch screen hides (_keys).
_FIRST_HINTS: dict[tuple[bool, bool, bool], tuple[str, tuple[int, ...]]] = {
    (True, True, True): (
        N_("Choose a tile from your hand{keys}, or select one of your tiles marked ↻ to turn it."),
        (1, 2),
    ),
    (True, True, False): (N_("Choose a tile from your hand{keys}."), (1, 2)),
    (True, False, True): (
        N_("Choose a mirror from your hand{keys}, or select one of your tiles marked ↻ to turn it."),
        (1,),
    ),
    (True, False, False): (N_("Choose a mirror from your hand{keys}."), (1,)),
    (False, True, True): (
        N_("Choose a prism from your hand{keys}, or select one of your tiles marked ↻ to turn it."),
        (2,),
    ),
    (False, True, False): (N_("Choose a prism from your hand{keys}."), (2,)),
    (False, False, True): (N_("Select one of your tiles marked ↻ to turn it."), ()),
}  # (a seat with no move at all is passed by the rules: its turn never comes)


# The refusal of a click or Enter on a cell with no tile chosen, by what the seat can do now (as
# ``_FIRST_HINTS``). It said "Choose a mirror or a prism from your hand first, or select one of your tiles to
# turn it." whatever the hand held, to a player with three mirrors and no tile on the board, under a hint
# that said "Choose a mirror from your hand (key 1).": the refusal is what a screen reader hears (the hint
# says it to the eye, ``_note_class``), so it must not name a tile the player lacks.
_CHOOSE_FIRST: dict[tuple[bool, bool, bool], str] = {
    (True, True, True): "rt-choose-tile",
    (True, True, False): "rt-choose-in-hand",
    (True, False, True): "rt-choose-mirror-or-turn",
    (True, False, False): "rt-choose-mirror",
    (False, True, True): "rt-choose-prism-or-turn",
    (False, True, False): "rt-choose-prism",
    (False, False, True): "rt-choose-turn",
}
CHOOSE_FIRST_CODES = frozenset(_CHOOSE_FIRST.values())


def _said(
    ui: Ui, parts: tuple[str, ...], shown: tuple[Move | None, JSON | None], view: JSON, seat: str | None, table: Table
) -> tuple[str | Element, ...]:
    """The words of a saying (``RaythreadBoard._saying``: its ``parts``) on the board ``ui`` after the input,
    whose preview is ``shown`` (``RaythreadBoard.previewed``): the tile chosen with its orientation ("Mirror,
    slash /, chosen."), the orientation alone, the preview's outcome, the next step (the hint, as drawn
    under the hand)."""
    move, preview = shown
    line: list[str | Element] = []  # not ``said``: ui.match's, imported here, turns a note into words
    for part in parts:
        words: list[str | Element | None] = []
        if part == "chosen" and ui.chosen is not None:
            tile, orient = _(KIND_WORDS[ui.chosen]), _(scene.ORIENT_WORDS[ui.orient])
            words = [_("{tile}, {orient}, chosen.").format(tile=tile, orient=orient)]
        elif part == "orient":
            words = [i18n.sentence(_("Orientation {orient}").format(orient=_(scene.ORIENT_WORDS[ui.orient])))]
        elif part == "outcome":
            outcome = _outcome(move, preview, view, table)
            # What the beams drawn show is said with the way on; each further cell says only its claim.
            words = list(_shown(ui, outcome)) if ui.turning is not None or "hint" in parts else [outcome]
        elif part == "hint":
            words = list(_hint(ui, seat, preview, view, table))
        kept = [w for w in words if w]
        if kept and line:
            line.append(i18n.sentence_gap())
        line.extend(kept)
    return tuple(line)


def _keys(keys: tuple[int, ...]) -> Element | None:
    """The tile keys a hint names, as an element css/app.css hides on a touch screen (no keyboard there:
    the key names would be noise). The space before the bracket, English's, is inside it, so a hidden
    one leaves no gap; Japanese has none ("（キー1）")."""
    if not keys:
        return None
    named = _("(key {n})").format(n=keys[0]) if len(keys) == 1 else _("(keys {a}, {b})").format(a=keys[0], b=keys[1])
    # A template, not a separator: Japanese's is empty, and gettext reads an empty translation as none.
    spaced = pgettext("words and their keys", "{words} {keys}").format(words="", keys=named)
    return h("span", {"class": "keys-only"}, spaced)


def _keys_said(sentence: str) -> Element:
    """A sentence of a hint that names keys, in the element css/app.css hides on a touch screen (as
    ``_keys``); the gap before it (English's space, none in Japanese) is inside it."""
    return h("span", {"class": "keys-only"}, i18n.sentence_gap(), sentence)


def _can_do(state: rules.State, seat: str) -> tuple[bool, bool, bool]:
    """Whether ``seat`` may place a mirror, may place a prism (in hand, and a cell is empty), and owns a
    tile it may still turn."""
    mirrors, prisms = state.hands[state.seats.index(seat)] if rules.has_room(state) else (0, 0)
    return bool(mirrors), bool(prisms), rules.may_turn(state, seat)


def _note_class(note: JSON, hint: list[str | Element | None]) -> str:
    """The refusal line's classes. A click on a cell with no tile chosen is refused with "Choose a mirror
    or a prism from your hand first, …", which the hint under it says already: to the eye only the hint
    says it (the line would repeat it just above), while the refusal stays an alert, visually hidden, so a
    screen reader still hears why nothing happened."""
    return "error rt-note" + (" visually-hidden" if note.get("code") in CHOOSE_FIRST_CODES and any(hint) else "")


def _nudge(ui: Ui) -> str | None:
    """The hand's ``data-nudge`` while a click on a cell stands refused for want of a chosen tile: "1" or
    "2" by turns, click after click. css/app.css points the eye at the hand with it (the tiles ringed, the
    hint in full ink): the page is morphed, not rebuilt, so an animation replays only when its name
    changes, and each value names its own. It goes with the refusal: choosing a tile, the orientation,
    Cancel or Escape (which clear it), another refusal, or the next position."""
    if not ui.note or ui.note.get("code") not in CHOOSE_FIRST_CODES:
        return None
    return "1" if ui.refusals % 2 else "2"


def _shown(ui: Ui, outcome: str) -> list[str]:
    """A preview's outcome and what its drawn beams show, said after the way on (``_hint``): on a phone only
    the hint's first words were in the window, "The tile at row 5, column 8 turned: claims no beacon. The
    beams as they would be with the…", and not "Tap … again to turn it", the words a player needs next (a
    placement's the same: "… Tap or click the cell to place the tile." came last)."""
    if not outcome:
        return [outcome]
    if ui.turning is not None:
        return [outcome, i18n.sentence_gap(), _("The beams as they would be with the tile turned.")]
    return [outcome, i18n.sentence_gap(), _("The beams as they would be after this move.")]


def _hint(ui: Ui, seat: str | None, preview: JSON | None, view: JSON, table: Table) -> list[str | Element | None]:
    """The next step, as the parts of a sentence: text, and the keys' element where it names keys. Nothing
    while this page's move is on its way (``Table.sending``): the hint, a polite live region, said "Choose a
    tile from your hand" right after a guest's move, before the host answered; the status says the move is
    being sent."""
    if seat is None or table.sending:
        return []
    # After a key (the cursor shown) the keys' words alone, as a tile chosen by key is placed (below): a keyboard
    # player read "Tap or click the tile again" first; after a tap or a click the pointer's, the keys after them.
    if ui.turning is not None:  # drawn and said before the outcome (_shown)
        if ui.keyed:
            return [_("Press Enter to turn it; Escape cancels.")]
        return [
            _("Tap or click the tile again to turn it."),
            _keys_said(_("Or press Enter to turn it; Escape cancels.")),
        ]
    if ui.chosen is None:
        first = _FIRST_HINTS.get(_can_do(ui.state, seat))
        if first is None:
            return []
        before, _at, after = _(first[0]).partition("{keys}")
        return [before, _keys(first[1]), after]
    # The cursor's preview (a pointer's hover elsewhere is placed by a click: Enter places at the cursor). Drawn
    # and said before the outcome, as a turn's (_shown): on a phone the pointer's came last, "Tap or click the
    # cell …" under the window's edge after a long outcome.
    if preview is not None and ui.keyed and ui.aim == ui.cursor:
        return [_("Press Enter to place the tile; Escape cancels.")]
    if preview is not None:
        return [
            _("Tap or click the cell to place the tile."),
            _keys_said(_("Or press Enter to place it; Escape cancels.")),
        ]
    if ui.keyed:  # a keyboard player (the cursor shown): no pointer to point with
        return [_("Move the cursor with the arrow keys to a highlighted cell, then press Enter to place the tile.")]
    return [_("Point at or tap a highlighted cell to see the beams after the move.")]


def _hand(
    hand: Mapping[str, int], chosen: str | None, orient: str, pressed: str | None, turning: bool, nudge: str | None
) -> Element:
    """The hand panel: a button per tile kind with its count (drawn in ``orient``), the orientation buttons
    (``pressed``: the one drawn pressed, if any) and Cancel; ``nudge`` (_nudge) points the eye at it."""
    tiles = [
        h(
            "button",
            {
                "type": "button",
                "class": "rt-hand-tile" + (" chosen" if chosen == kind else ""),
                "data-action": "rt-hand",
                "data-kind": kind,
                "aria-pressed": "true" if chosen == kind else "false",
                "disabled": not hand[kind],
                "aria-keyshortcuts": str(i + 1),
            },
            _icon(kind, orient),
            h("span", {}, _(KIND_WORDS[kind])),
            # "× 2" in English, "×2" in Japanese (a count touches its sign there).
            h("span", {"class": "count"}, pgettext("tiles in hand", "× {n}").format(n=hand[kind])),
        )
        for i, kind in enumerate(rules.KINDS)
    ]
    orients = [
        h(
            "button",
            {
                "type": "button",
                "class": "rt-orient" + (" chosen" if pressed == o else ""),
                "data-action": "rt-orient",
                "data-orient": o,
                "data-orient-name": "slash" if o == "/" else "backslash",
                "aria-pressed": "true" if pressed == o else "false",
                "aria-label": _("Orientation {orient}").format(orient=_(scene.ORIENT_WORDS[o])),
                "aria-keyshortcuts": o,
            },
            _icon(chosen or "mirror", o),
        )
        for o in ("/", "\\")
    ]
    cancel = (chosen or turning) and h(
        "button",
        {"type": "button", "class": "button quiet", "data-action": "rt-cancel", "aria-keyshortcuts": "Escape"},
        _("Cancel"),
    )
    return h(
        "div",
        {"class": "rt-hand", "role": "group", "aria-label": _("Your hand"), "data-nudge": nudge},
        tiles,
        h("span", {"class": "rt-orients", "role": "group", "aria-label": _("Orientation")}, orients),
        cancel,
    )


def _unseen_note(any_left: bool) -> str:
    """What the unseen tiles are: the deck's, to be drawn (the panel is drawn only while a draw can come)."""
    if not any_left:
        return _("The deck is empty: every tile is on the board or in a hand.")
    return _("They are the deck's, in an order nobody knows.")


def _unseen_panel(view: JSON, table: Table) -> Element:
    """Beside (or under) the board when this page has no hand to play from: the mirrors and prisms still
    unseen (``scene.unseen``: the deck's, from the view alone, so a spectator reads the same) drawn as the
    hand draws its tiles. A named group: a screen reader hears "Tiles still unseen" and each count in words.
    Who is to play is the status line's, above the board, which a screen reader reads (and hears from the
    live region): a last line here said it a second time, beside the status on a wide screen. It stays for
    the eye in one column only (css/app.css), where a phone scrolled to the board has the status out of the
    window while the computer thinks, and out of a screen reader's way there too. Drawn only while a draw can
    come (the caller)."""
    turn = view.get("turn")
    counts = scene.unseen(view)
    words = {
        "mirror": lambda n: ngettext("{n} mirror", "{n} mirrors", n).format(n=n),
        "prism": lambda n: ngettext("{n} prism", "{n} prisms", n).format(n=n),
    }
    return h(
        "div",
        {"class": "rt-unseen", "role": "group", "aria-labelledby": "rt-unseen-title"},
        h("p", {"class": "rt-unseen-title", "id": "rt-unseen-title"}, _("Tiles still unseen")),
        h(
            "ul",
            {"class": "rt-unseen-counts"},
            [
                h("li", {"data-kind": kind}, _icon(kind, "/"), h("span", {}, words[kind](counts[kind])))
                for kind in rules.KINDS
            ],
        ),
        h("p", {"class": "rt-unseen-note"}, _unseen_note(any(counts.values()))),
        isinstance(turn, str)
        and h(
            "p",
            {"class": "rt-unseen-turn", "aria-hidden": "true"},
            _("{name} to play").format(name=seat_label(table, turn)),
        ),
    )


# The hand panel and the beams layer as last drawn (``svg.keep``): choosing a tile leaves the beams
# as they were, hovering leaves the hand.
_HANDS: dict = {}
_BEAMS: dict = {}
_CELLS: dict[tuple, tuple[JSON, Memo]] = {}


def _cells(view: JSON, look: scene.Look) -> Memo:
    """The board's cells layer, kept while the position (the same view object) and the chosen tile stay:
    hovering and moving the cursor then re-serialise only the beams and the overlay."""
    key = (
        id(view),
        frozenset(look.targets),
        look.last,
        frozenset(look.fresh),
        tuple(look.colours.items()),
        tuple(look.names.items()),
        tuple(look.tags.items()),
        look.over,
        i18n.generation(),  # labels in the page's language
    )
    kept = _CELLS.get(key)
    if kept is not None and kept[0] is view:
        return kept[1]
    if len(_CELLS) > 8:
        _CELLS.clear()
    layer = Memo(scene.cells_layer(view, look))
    _CELLS[key] = (view, layer)
    return layer


def _icon(kind: str, orient: str) -> Element:
    size = 28
    return h(
        "svg",
        {"class": "rt-icon", "viewBox": f"0 0 {size} {size}", "width": size, "height": size, "aria-hidden": "true"},
        scene.tile_shape(kind, orient, size / 2, size / 2, size),
    )


def _changed_tile(before: JSON, after: JSON) -> Cell | None:
    """The cell of the tile the last move placed or turned."""
    old = {tuple(t["cell"]): (t["orient"], t["rotated"]) for t in before["tiles"]}
    for t in after["tiles"]:
        cell = tuple(t["cell"])
        if old.get(cell) != (t["orient"], t["rotated"]):
            return cell
    return None


BOARD = RaythreadBoard()
