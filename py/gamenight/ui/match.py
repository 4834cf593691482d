"""The match screen every game shares: a game's board, the seats, the log, the result.

A match is shown the same way wherever its seats are — on this device, over peer links, or given to
bots: this module draws it from one seat's ``view`` JSON and a ``Table`` (who sits where and which
seats this page moves for), and turns input into a move for the table to play. It never knows the
rules' state or who holds the authority; the table does (``ui/table.py`` on this device, the lobby's
session over peer links).

A game takes part through a ``Board`` (its scene and controls, registered in ``gamenight.games``),
so the framework never special-cases a game: like boardgame.io's client, like chessground's renderer.
A board whose work outlives a position (a Reflection builder's layout, a solver's tiles) also answers
``react``: its state is then carried from one position to the next, and it may ask its page for
timers, local storage, background work, or a move of its own (a reveal), collected in the match
screen's outbox and taken by the page with ``take``.

A move made elsewhere (a computer player's, another device's) may be played back step by step: a board
that ``unfold``s moves tells how one unfolds into steps of its own (Light Seeker: each action, then
Buh), and the match screen shows them one after another on a timer (``REPLAY``, ``STEP_MS``) before
the position itself. The replay is only a view: the position, the log and the live region are the
move's from the start (the seat list beside the board follows the steps: the mover is to play until its
move is shown); an input ends it at once.

A replay is never cut short by the move after it. The host's page waits for the pages that watch before
it plays a computer's move (``watched_ms``: a move's steps, or how long a board moves a move shown at once,
``motion_ms``: Raythread's beams sweeping in), by its own clock; a loaded page (a late message, slow
timers) may still be playing the move before when the next one arrives. So the page plays the move shown
to its end, then the next from its first step (``MatchUi.queued``), and so on: the position, the log and
the live region have every move at once, only the board's steps wait. One move waiting is played at the
usual pace (the host's pause after the next move absorbs the delay); with two waiting the page catches up
at shorter steps (``CATCH_UP_MS``), and a third arriving shows the oldest waiting at once (``QUEUED_KEPT``):
a page whose timers a browser slowed (a tab in the background) is never left far behind. An input that
skips skips all of it; a page that puts a question over the match, a snapshot, an undo or a new match
drops all of it.

Input during a replay follows one rule, here in ``handle``, for every board and every page: an input
on the board (a click, a tap, a key, a form's change or submit, a drag dropped) ends the replay, and
only a key that looks around (``LOOKING``: an arrow, Home, End, Page Up or Down, Tab) then acts, on the
position after it. Anything else it would have done (choose a cube, place a tile, confirm) was aimed at
a step the player was watching, not at the position it would act on, so it is pressed again to act.
The parts of a press (a pointer down or up, a drag begun) start nothing during a replay, and a hover
(a pointer or a drag over the board) is no input: it leaves the replay on and the board does not hear
it, for a preview under the pointer (Raythread's aim) would be drawn on the position, not on the step
the player sees, and would stand there once the replay ended. The page's own controls are not the
board's and never reach ``handle``: a table's Undo, New match and "Players and options"
(``ui/table.py``), a lobby's Rematch, "End the match" and chat (``ui/lobby/panel.py``
``LOBBY_ACTIONS``), the app's header and "How to play" (``ui/app.py``) act during a replay as at any
time; one that starts the position afresh (an undo, a new match) drops it, and one that puts a question
or a form over the match (the table's New match and "Players and options", a lobby host's "End the
match") ends it first (``ended``).

A match its rules ended (its view has a ``result``) leaves its final board to be looked over: ``handle``
passes it only the inputs that look (``only_looks``: a ``LOOKING`` key, for the board's cursor to read
it cell by cell as a spectator's does, and a click on one of the board's ``looking`` controls, Raythread's
zoom), and for no seat, so nothing can make or prepare a move; any other input is dropped. The board
draws its cursor and its zoom then, which work, and nothing else that invites input. A match the host
ended (``Table.stopped``) or a page that lost the host (``Table.offline``) drops every input (``halted``),
and shows its end at once (``halt``): a move being played back then, and those waiting, stop there, and the
position they led to is shown under the status that says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from hashlib import sha256
from itertools import islice
from typing import Any, Protocol

from gamenight import games, i18n
from gamenight.core.bot import PAUSE_MS, label, seated, unnamed_bot
from gamenight.core.errors import BadMessage
from gamenight.core.fields import at, root, whole
from gamenight.core.game import JSON, Log, Move, kept, log_start, named_seat, seat_tags
from gamenight.core.jsonutil import dumps, loads, obj
from gamenight.i18n import N_, _, ngettext
from gamenight.ui.heading import drawn, parts_row
from gamenight.ui.live import SETTLE, alerts
from gamenight.ui.program import (
    Effect,
    Focus,
    Keys,
    StartTimer,
    StopTimer,
    Store,
    StoreEntries,
    Tick,
    UiEvent,
    board_stop,
    keep_written,
)
from gamenight.ui.svg import Child, Element, Memo, filled, h, keep, remember

# Keyboard focus on the board of the match shown, after the control pressed for it went away (Start):
# the grid itself (Raythread Rally, Light Seeker) or its cell under the cursor (Reflection's roving grid).
FOCUS_BOARD = Focus(board_stop(".match-main"))
# At the end of a match this page runs (``Table.hosted``), once its board shows the move that ended it, focus goes
# from the board to the end's action: Rematch (a table's, or the host's Start of it in a lobby). It stayed on the
# final board, and a keyboard or screen-reader player had to hunt for Rematch. Only from the board: a player typing
# in the chat, or on a page's control, keeps their focus (``Focus.only_from``). The page shows the end from its
# status (who won) down to Rematch, as far as the window holds it (``Focus.show_first``): the browser's scroll to
# Rematch put "Bot A (Easy) wins!" above a 320 × 640 window, the standings alone in it.
FOCUS_END = Focus(
    "button[data-action=table-new], button[data-action=start]",
    show=".match-status",
    only_from=FOCUS_BOARD.selector,
    show_first=True,
)
# The most events the live region holds (``heard``): a round of four players is about a dozen.
NEWS_KEPT = 30
# The side panels as last drawn (``svg.keep``): an input on the board (a hover, a chosen tile) leaves
# the seats and the log as they were, so their markup is reused and the morph skips them.
_PANELS: dict = {}
# The timer of a replay's steps (a "match." name: the lobby pages pass it to this screen, as a board's).
REPLAY = "match.replay"
# How long each step of a replayed move stays on the board. Long enough to see what changed and read
# the cube that moved (a slide or a roll takes 0.32 s, css/app.css, then the eye needs a moment); short
# enough that a whole Light Seeker turn (three steps) takes under two seconds, about as long as a
# person takes to look it over, and any input skips the rest.
STEP_MS = 600
# The step while the page catches up (two moves wait behind the one shown, ``queued``): half the usual,
# still about as long as a cube's glide or roll (0.32 s), so each step is seen, faster.
CATCH_UP_MS = STEP_MS // 2
# The most moves that wait to be played back behind the one shown: one more arriving shows the oldest of
# them at once (the next one's steps start from the position it led to).
QUEUED_KEPT = 2
# Inputs on the board that end a replay: a person acting (a click or a tap, a key, a form's change or
# submit, a drag dropped). Only a ``LOOKING`` key then acts on the position (``handle``).
SKIPPING = frozenset(("click", "keydown", "submit", "change", "drop"))
# Keys that look around (a board's cursor; Tab is the browser's): pressed during a replay, one ends it
# and does what it does on the position after it. Any other key (Enter, Space, a letter that chooses or
# acts) only ends it: it was pressed before the player saw the position it would act on.
LOOKING = frozenset(("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Tab"))
# The local-storage entry that keeps the turns being built on this browser's boards across a reload (a
# board's ``kept_turn`` and ``resume``; it names the entry in its ``storage_keys``): one entry a turn, named
# by the game, the seat and the position (``turn_name``), and written into what is stored (``StoreEntries``),
# so two tabs of one browser (a lobby's host and a guest, two tables) keep their own. The last few stay.
TURNS_KEY = "match.turns"
TURNS_KEPT = 4
SENDING = N_("Sending your move…")  # the status while a move of this page's travels (``Table.sending``)


class Board(Protocol):
    """A game's match screen: it draws a seat's view and turns input into moves, with no authority.

    ``ui`` is the board's own state (a chosen tile, the cursor, a preview …), started afresh by
    ``start`` for every new position. ``seat`` is the seat this page may move for right now, or
    ``None`` when it only watches.
    """

    def start(self, view: JSON, before: JSON | None, animate: bool = True) -> Any:
        """The board's state for a new position ``view``. ``before``: the previous one, to mark what the
        last move changed; ``animate``: whether that move is seen happening now (played, here or
        elsewhere), else only told (an undo, a reload): marked, not played out again."""
        ...

    def update(self, ui: Any, view: JSON, seat: str | None, table: Table, event: UiEvent) -> tuple[Any, Move | None]:
        """Handle an input on the board; a complete move to send, or ``None``."""
        ...

    def render(self, ui: Any, view: JSON, seat: str | None, table: Table) -> Element:
        """The board and the game's own controls (a hand, the tiles to choose)."""
        ...

    def active(self, view: JSON) -> frozenset[str]:
        """The seats that may move in ``view``."""
        ...

    def seat_facts(self, view: JSON, seat: str, table: Table) -> list[str]:
        """Short public facts about a seat for the seat list (its hand, its cubes …); none that says
        the seat is still at work once ``table.stopped``. A board draws no control that invites input
        (a tray, a cursor) once ``table.stopped`` or ``table.offline``: the screen drops it."""
        ...

    def event_text(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        """A line of the log for one of the game's events, in the page's language."""
        ...

    # Optional (looked up with getattr; a board without them is started afresh for every position):
    #   unfold(before, view, events) -> Sequence[tuple[JSON, Any]] — how a move made elsewhere unfolds:
    #       the steps shown one after another (each a position and the board's state to draw it with,
    #       drawn for no seat) before ``view``, which ``events`` (one move's) led to from ``before``;
    #       empty: the move is shown at once (a one-step move needs none).
    #   keep(before, fresh, waiting) -> Any — a board started ``fresh`` on a new position (no ``react``), with
    #       what of its last state ``before`` outlives a position: how the board is seen (Raythread's zoom,
    #       Light Seeker's cursor while ``waiting``: no seat of this page may move now), not what a move was
    #       being made of; without it, nothing.
    #   storage_keys: tuple[str, ...] — the local-storage entries it reads (they come in ``Moved``).
    #   kept_turn(local) -> JSON | None — the turn this page is building in ``local`` (a board started afresh
    #       for every position: no ``react``), as plain JSON, or ``None`` before anything of it is chosen. With
    #       ``TURNS_KEY`` in its ``storage_keys``, the match screen keeps it in local storage as it changes
    #       (``_keep_turn``), and a reloaded page's board gets it back through ``resume``.
    #   resume(fresh, view, seat, turn) -> Any | None — ``fresh`` (the board started on ``view``) with ``turn``,
    #       a ``kept_turn`` read back from storage (untrusted: edited, or an older page's), built again for
    #       ``seat``, this page's seat to play; ``None`` when it does not fit the position. It may raise
    #       ``ValueError`` (the field readers' ``BadMessage``) for a value it cannot read: either way the board
    #       starts afresh and nothing else changes.
    #   react(ui, view, seat, table, message) -> Reply — a message that is not an input: ``Moved`` for
    #       every new position (the board keeps or resets its own state), and the ``Tick``,
    #       ``WorkProgress`` and ``WorkDone`` of the timers and work it asked for (named "match.…").
    #   waiting(view, table) -> str — what the status says while no seat may move, in the page's
    #       language (Reflection: the round's puzzle is being made); "" or without it: "Waiting…".
    #   at_once(view, table, seats) -> str — in a phase where several seats act at once, each move standing
    #       on its own (boardgame.io's ``activePlayers``, where a turn has one ``currentPlayer``), what the
    #       status says instead of "Ann (1), Bea (2) and Cal (3) to play · your turn", which reads as if they
    #       took turns: the phase and who of ``seats`` (those still at it, in seat order; this page's own
    #       said "you"), in the page's language (Reflection: "Everyone builds at once · still building: you
    #       and Cal (3)"); "" or without it: the phase is played in turns. In such a phase no card wears the
    #       "to play" tab: the seats at it are framed, and the game's ``seat_facts`` say their part.
    #   motion_ms(before, view) -> int — how long the board moves a move shown at once (not ``unfold``ed) in, from
    #       ``before`` to ``view``, on a page that watches it (Raythread's new beams sweep in: ``scene.SWEEP_MS``);
    #       0 or without it: none. A host's computer player waits for it, then its pause (``watched_ms``).
    #   looking: frozenset[str] — the actions of its controls that only change how the board is seen
    #       (Raythread's zoom): they, and the ``LOOKING`` keys, still reach the final board (``handle``).
    #   focus: Focus — how a page puts keyboard focus on this board when the match starts (``focus_board``);
    #       without it ``FOCUS_BOARD`` (Reflection's shows the status above its board: its Tab stop is a cell).
    #   shortcuts: KeyList, gestures: GestureList — the keys and touch gestures the help lists over this board
    #       (``keys``); without them its game's guide's (Reflection's race takes other keys than its solo board).
    #   shortcuts_now(local, view) -> KeyList — those of ``shortcuts`` that do something on the board as this
    #       page has it now (its ``local``, the position ``view``), each said as it acts there; without it all of
    #       them (Reflection: a builder's board takes no notes, a puzzle without triangle mirrors no V).
    #   headline(view, table) -> str, final_standings(view, table) -> Element | None — at the end, the game's own
    #       words for who won and its own final standings panel (Reflection's team race ranks teams); "" or
    #       ``None``, or without them: ``headline`` and ``result_panel`` from the result's players.
    # ``update`` may answer with a ``Reply`` too, to ask for effects along with a move.


def focus_board(game: str) -> Focus:
    """The request that puts keyboard focus on ``game``'s board when a match starts (a lobby's Start):
    the board's own (``Board.focus``), else ``FOCUS_BOARD``."""
    return getattr(games.board(game), "focus", FOCUS_BOARD)


def keys(game: str, ui: MatchUi | None) -> Keys:
    """What the help lists over ``game``'s match board, wherever it is shown (a table on this device, a
    lobby): with the match screen ``ui`` shown, the board's own keys and gestures, else those of the game's
    guide, and of its keys only those that do something on its board now (``Board.shortcuts_now``). With
    no board shown (``ui`` is ``None``: a table's setup, a lobby before its first match) there is no board
    to press them on: only the game, whose "How to play" the help offers."""
    if ui is None:
        return Keys(game)
    board, guide = ui.board, games.guide(game)
    shortcuts = getattr(board, "shortcuts", guide.SHORTCUTS if guide else ())
    now = getattr(board, "shortcuts_now", None)
    if now is not None:
        shortcuts = now(ui.local, ui.view)
    gestures = getattr(board, "gestures", guide.GESTURES if guide else ())
    return Keys(game, shortcuts, gestures)


@dataclass(frozen=True)
class Reply:
    """A board's answer: its new state, a move to send (``None``: none) and effects for its page
    (timers, storage, background work; the page carries them out)."""

    local: Any
    move: Move | None = None
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Moved:
    """A new position reached the board (``before``: the view it replaces, ``None`` for the first);
    ``stored`` holds the page's local-storage values of the board's ``storage_keys``; ``now_ms``: the
    page's time when it came (0: not known), so a board that draws a clock draws it from its first render
    (a reload, a rejoin), not from its timer's first tick."""

    before: JSON | None
    stored: Mapping[str, str]
    now_ms: int = 0


@dataclass(frozen=True)
class Play:
    """A move a board makes without an input (a committed puzzle's reveal): the page sends it."""

    move: Move


@dataclass(frozen=True)
class SeatAt:
    """A seat at this table: who holds it and where they are (``kind``: here, remote or bot)."""

    id: str
    name: str
    colour: str
    kind: str = "here"
    level: str = ""  # a computer player's level (kind "bot"); "" for a person
    away: bool = False  # a remote player whose page is not connected now: the match waits for it


@dataclass(frozen=True)
class Table:
    """Where a match is played from this page's point of view: its seats, and which of them this
    page moves for (``mine``: every human seat on this device, or a guest's own seat)."""

    game: str
    seats: tuple[SeatAt, ...]
    mine: frozenset[str] = frozenset()
    # The match was stopped short of its end (the host ended it for everyone): no seat moves any more,
    # and a board draws nobody still at work (no one "solving", no clock running), as boardgame.io's
    # board reads ``ctx.gameover``. A match its rules ended says so in its view's ``result`` instead.
    stopped: bool = False
    # This page runs the match (the host's page, or a table on one device); a guest's page shows a match
    # the host's page runs (a board says whose browser does the match's work: Reflection's puzzles).
    hosted: bool = True
    # This page lost the match's host: no input reaches it (the screen drops every one) until the page
    # rejoins, so a board draws nothing that invites one; unlike ``stopped``, the match goes on at the
    # host's (its clocks run, its players are still at work).
    offline: bool = False
    # The match is a rematch (a table's Rematch, or a lobby's after an ended match of its game): before its
    # first move the status says who starts it, "Rematch: Bea (A) starts" (``turn_words``), since the seats
    # may have turned (``lobby.rematch.turned``) and the player who started the last match does not.
    rematch: bool = False
    # The rematch seated every player one place on (a table's Rematch on one device, ``lobby.rematch.turned``): the
    # person here plays another seat and colour than a match ago, and the status says so on their first turn
    # (``moved_words``). A lobby's page says it in its own line ("You play seat B (pink) this time.").
    turned: bool = False
    # A move of this page's is on its way to the authority (a lobby guest's, until the host answers): the status
    # says so (``SENDING``) and the screen is marked ``data-sending``; the page takes no other move meanwhile.
    sending: bool = False

    @property
    def names(self) -> dict[str, str]:
        """Each seat's name as the page reads it: a computer player not named otherwise by its label in the
        page's language ("Bot (Hard)", read with the seat it sits at now "Bot B (Hard)": ``core.game.named_seat``;
        also one a rematch stored before by the letter of the seat it had left, "Bot C": ``core.bot.bot_tag``)."""
        return {s.id: label(s.level) if unnamed_bot(s.name, s.level) else s.name for s in self.seats}

    @property
    def colours(self) -> dict[str, str]:
        return {s.id: s.colour for s in self.seats}

    @property
    def tags(self) -> dict[str, str]:
        """What players read for each seat (``core.game.seat_tags``: two Raythread seats read A and B)."""
        return seat_tags(games.rules(self.game), [s.id for s in self.seats])


# Who held each seat when a step of the log was played: (seat, name, computer level), the name empty
# for a computer player named by its level, whose label is worded when shown, in the page's language, read with
# the seat (a log kept before may hold "Bot B", the letter of a seat a rematch had moved it from: read the same).
Holders = tuple[tuple[str, str, str], ...]


def holders(table: Table) -> Holders:
    return tuple((s.id, "" if unnamed_bot(s.name, s.level) else s.name, s.level) for s in table.seats)


def holder_names(held: Holders | None, table: Table) -> dict[str, str]:
    """The names a step's events are told with: of those who held the seats then, else (``None``: a step
    told by the host before this page followed the match) the table's now."""
    if held is None:
        return table.names

    def named(name: str, level: str) -> str:
        return label(level) if not name or unnamed_bot(name, level) else shown_name(name)

    return {seat: named(name, level) for seat, name, level in held}


def default_name(index: int) -> str:
    """The name of the ``index``-th player (from 0) whose name the setup left empty."""
    return _("Player {n}").format(n=index + 1)


def shown_name(name: str) -> str:
    """A player's name as the page shows it: a default name, which the match keeps in the language it
    started in ("Player 2"), in the page's language now ("プレイヤー2"), at any seat (a rematch moves a
    player left unnamed with their name: ``ui.table.turned``)."""
    number = default_number(name)
    return default_name(number - 1) if number is not None else name


# The Japanese default name before the catalogue dropped its half-width space: saved matches hold it.
_EARLIER_DEFAULT_NAMES = ("プレイヤー {n}",)


def default_number(name: str) -> int | None:
    """The ``n`` of a default name "Player {n}" in any language the page speaks (a seat's, from 1), else ``None``."""
    said = i18n.in_every_language("Player {n}") | set(_EARLIER_DEFAULT_NAMES)
    for n in range(1, 9):
        if name in {text.format(n=n) for text in said}:
            return n
    return None


@dataclass(frozen=True)
class MatchUi:
    """The match screen's state: the game's board, the position shown, the board's own state (``local``),
    the log and a refusal."""

    game: str
    board: Board
    view: JSON
    local: Any
    # The events of the moves shown, step by step (one per ``advance``: a move, a clock tick, prepared
    # work), oldest first and bounded by ``core.game.kept``; the panel lists the steps newest first.
    log: Log = ()
    before: tuple[int, ...] = ()  # the moves played before each step of ``log``
    # Who held the seats when this page followed each step of ``log`` (``None``: a step told by the
    # authority, named by today's holders): a seat a computer player took over names its earlier moves
    # by the person who made them, and the person who came back is not named for the computer's moves.
    held: tuple[Holders | None, ...] = ()
    # The events announced (``news``): this page's own last move and the moves since (``heard``), and
    # who held the seats when each was heard, as ``held`` for the log: a computer player who takes over a
    # seat meanwhile is not said to have made its player's move.
    latest: tuple[Mapping[str, Any], ...] = ()
    latest_held: tuple[Holders | None, ...] = ()
    # The events heard before the first of ``latest``: each event's line is numbered from the match's first
    # heard (its id, ``news``), so a region started afresh is drawn with new elements. The page's morph
    # keeps an element at the same place with the same words, and a screen reader hears only what is
    # added: a player's second "Ann (A) draws a mirror." was never heard.
    heard_before: int = 0
    error: JSON | None = None  # a refusal {"code", "params"} shown next to the board
    refusals: int = 0  # refusals so far: which of two alert regions says the standing one (``alerts``)
    moves: int = 0  # the moves that led to this position (a table tells a new match by it)
    # How many screens this one's place held before it (``left``: a rematch, a new match, an undo). The screen's
    # root carries it (``data-deal``), and the page draws a change of it with no CSS transition (index.html's
    # ``gncRender``): a rematch's fresh deal was morphed onto the last match's pieces, and Light Seeker's cubes
    # glided across the valley from where the last match ended, over one another, into their new places.
    deal: int = 0
    # Moves played before the first step of ``log``: cut by its bound, or never told to this page (a
    # latecomer given the recent steps by a snapshot). The log says so instead of "No moves yet.", the
    # same on every page that lists the same steps.
    unseen: int = 0
    # The number of the authority's update this screen last followed (a lobby mirror's ``seq``), so
    # that each update's events reach the log once, whether or not its view changed.
    followed: int | None = None
    outbox: tuple[Effect | Play, ...] = ()  # what the board asked of its page, until ``take``n
    stored: Mapping[str, str] = field(default_factory=dict)  # the board's storage_keys, as last known
    # Why no seat moves here (an ``N_`` message): the host ended the match, or this page lost the host.
    halted: str = ""
    # A move made elsewhere played back (the board's ``unfold``): its steps, each a position and the
    # board's state to draw it with, and the step shown (``shown``); none left: the position itself.
    replay: tuple[tuple[JSON, Any], ...] = ()
    shown: int = 0
    replayed_by: str = ""  # the seat whose move is played back
    # Moves made elsewhere that arrived during the replay, oldest first, each its mover and its steps: played
    # back, one after another, once the move shown has been played to its end (it is never cut short).
    queued: tuple[tuple[str, tuple[tuple[JSON, Any], ...]], ...] = ()
    # The seats the screen says are disconnected (the status, or the live region's line: ``disconnected``),
    # as of the page's last look at its table (``noticed``), and those of them connected again since the
    # last move's news: the live region says they are back, once (``news``).
    away: frozenset[str] = frozenset()
    back: frozenset[str] = frozenset()
    # The ``TURNS_KEY`` entry this page last asked to keep for the turn being built (``_turn_entry``: its name
    # and value), or ``None``: what a change of the turn replaces, and what leaving it takes out (``left``).
    turn: tuple[str, JSON] | None = None


def start(
    game: str,
    board: Board,
    view: JSON,
    table: Table | None = None,
    stored: Mapping[str, str] | None = None,
    before: JSON | None = None,
    now_ms: int = 0,
    moves: int = 0,
) -> MatchUi:
    """The match screen of ``game`` (drawn by its ``board``, from ``gamenight.games``) at ``view``;
    ``stored``: the page's local-storage values of the board's ``storage_keys``; ``before``: the
    position before the last move, when known (a table's undo or reload), so the board marks what that
    move changed, as it did when the move was played; ``now_ms``: the page's time (``Moved``); ``moves``:
    the moves that led to ``view``. A turn this browser kept for that position (``TURNS_KEY``) is built on
    the board again when it still fits (``resumed``)."""
    local = board.start(view, before, animate=False)
    ui = MatchUi(game, board, view, local, stored=dict(stored or {}), moves=moves)
    return resumed(_react(ui, table, Moved(None, ui.stored, now_ms)), table)


def advance(
    ui: MatchUi,
    view: JSON,
    events: Sequence[Mapping[str, Any]] = (),
    table: Table | None = None,
    moves: int | None = None,
    watched: bool = True,
    told: bool = False,
    told_before: JSON | None = None,
    now_ms: int = 0,
) -> MatchUi:
    """A new position arrived (a move was played here or elsewhere): the board starts afresh, or
    carries its own state over if it ``react``s. ``events`` are one step's (a move, a clock tick): the
    log keeps them together, in their order. ``moves``: the moves that led to ``view`` (``None``: as
    many as before), so the log counts the moves its bound cuts. ``watched``: whether a move made
    elsewhere may be played back (``False``: the page shows a question over the match, and the move is
    shown at once). ``told``: ``view`` came whole (a lobby's snapshot after a gap or a reconnection),
    perhaps several moves on from the position shown: the board marks what the last step changed from
    ``told_before``, the position before that step as told with it (``None``: nothing to mark), not from the
    position shown, and plays nothing out (as ``start`` for a page that opens a match mid-way). ``now_ms``:
    the page's time (``Moved``)."""
    moves = ui.moves if moves is None else moves
    if view == ui.view and not events:
        return ui if moves == ui.moves else replace(ui, moves=moves)
    log, before, unseen, held = ui.log, ui.before, ui.unseen, ui.held
    if events:
        by = holders(table) if table is not None else None
        log, before, unseen, held = _bounded((*log, tuple(events)), (*before, ui.moves), unseen, (*held, by))
    latest, latest_held, heard_before = heard(ui, events, table)
    moved = replace(
        ui,
        view=view,
        log=log,
        before=before,
        unseen=unseen,
        held=held,
        moves=moves,
        latest=latest,
        latest_held=latest_held,
        heard_before=heard_before,
        error=None,
        back=frozenset(),  # said with the news before this move's: not again with it
    )
    moved = _at_end(_replayed(moved, ui, events, table if watched else None, told), ui, table)
    if getattr(ui.board, "react", None) is None:
        local = ui.board.start(view, told_before, animate=False) if told else ui.board.start(view, ui.view)
        # The turn this page was building on the last position is gone (sent, or overtaken): so is its entry.
        waiting = table is not None and acting_seat(moved, table) is None
        return _keep_turn(replace(moved, local=_keep(ui.board, ui.local, local, waiting)), table)
    return _react(moved, table, Moved(ui.view, ui.stored, now_ms))


def _keep(board: Board, before: Any, fresh: Any, waiting: bool = False) -> Any:
    """The board's state ``fresh`` (started on a new position) with what of ``before`` outlives it; ``waiting``:
    no seat of this page may move on the new position."""
    keep = getattr(board, "keep", None)
    return keep(before, fresh, waiting) if keep is not None else fresh


def restarted(before: MatchUi | None, fresh: MatchUi) -> MatchUi:
    """``fresh``, a match screen started again on the same match (a table's undo), with what of the board's
    state on ``before``, the screen it replaces, outlives a position (``Board.keep``: Raythread's zoom)."""
    if before is None or before.game != fresh.game:
        return fresh
    return replace(fresh, local=_keep(fresh.board, before.local, fresh.local))


def _replayed(
    moved: MatchUi, ui: MatchUi, events: Sequence[Mapping[str, Any]], table: Table | None, told: bool = False
) -> MatchUi:
    """``moved`` (the new position) with the replay of the move that led to it from ``ui``'s: when it
    was made elsewhere (no seat of this page could move) and the board unfolds it into steps.

    A replay in progress is not cut short (the module's rule): the new move's steps wait behind it
    (``queued``), or, a change the board does not unfold, is shown with the position once the replay
    ends. It is dropped only when the page shows the move at once (``table`` is ``None``: a question over
    the match), the position came whole (``told``: a snapshot starts the page afresh), or the match was
    halted."""
    steps: tuple[tuple[JSON, Any], ...] = ()
    mover = ""
    if table is not None and not ui.halted and acting_seat(ui, table) is None:
        steps = unfolding(ui.board, ui.view, moved.view, events)
        mover = next((s.id for s in table.seats if s.id in ui.board.active(ui.view)), "") if steps else ""
    if replaying(ui) and table is not None and not told and not ui.halted:
        if not steps:
            return moved
        # Beyond ``QUEUED_KEPT`` the oldest waiting is shown at once: the next one starts where it led.
        return _paced(ui, replace(moved, queued=(*ui.queued, (mover, steps))[-QUEUED_KEPT:]))
    if steps:
        return replace(
            moved,
            replay=steps,
            shown=0,
            replayed_by=mover,
            queued=(),
            outbox=(*moved.outbox, StartTimer(REPLAY, STEP_MS)),
        )
    if replaying(ui):
        return replace(skip(moved), outbox=(*moved.outbox, StopTimer(REPLAY)))
    return moved


def _pace(ui: MatchUi) -> int:
    """How long each step of the replay stays on the board: ``CATCH_UP_MS`` while more than one move
    waits behind the one shown (the page catches up), else ``STEP_MS``."""
    return CATCH_UP_MS if len(ui.queued) > 1 else STEP_MS


def _paced(before: MatchUi, after: MatchUi) -> MatchUi:
    """``after``, its replay's timer started again at its pace when that changed from ``before``'s (the
    step shown then stays a whole step of the new pace); else the timer ticks on as it did."""
    if not replaying(after) or _pace(before) == _pace(after):
        return after
    return replace(after, outbox=(*after.outbox, StartTimer(REPLAY, _pace(after))))


def unfolding(
    board: Board, before: JSON, view: JSON, events: Sequence[Mapping[str, Any]]
) -> tuple[tuple[JSON, Any], ...]:
    """The steps a page that watches a move (no seat of it moved) plays it back in: the board's
    ``unfold`` of ``events`` from ``before`` to ``view``; none for a board without it, or no events."""
    unfold = getattr(board, "unfold", None)
    return tuple(unfold(before, view, events)) if unfold is not None and events else ()


def watched_ms(before: MatchUi, after: MatchUi, played_back: bool = True) -> int:
    """How long the pages that watch the move from ``before``'s position to ``after``'s take to show it whole:
    its steps × ``STEP_MS`` when it is played back, or, shown at once, how long the board moves it in (its
    ``motion_ms``: Raythread's new beams sweep in), counted on this page's views whether or not it plays it
    back itself (the host's own move): 0 when it is shown at once and still, or ``after`` is not one move on
    from ``before``. ``played_back=False``: the only page that watches is this one (a table on one device),
    which shows the move at once (one made here): its motion alone counts."""
    if after.board is not before.board or after.moves != before.moves + 1 or not after.log or after.log is before.log:
        return 0
    steps = len(unfolding(after.board, before.view, after.view, after.log[-1])) if played_back else 0
    motion = getattr(after.board, "motion_ms", None)
    return STEP_MS * steps if steps or motion is None else motion(before.view, after.view)


def watched_until(before: MatchUi, after: MatchUi, now_ms: int, played_back: bool = True) -> int:
    """When the move from ``before``'s position to ``after``'s, played at ``now_ms``, will have been shown whole
    (``watched_ms``), by this page's clock: what a computer player's answer waits for (``bot_wait_ms``); 0 when
    it is shown at once and still."""
    shown = watched_ms(before, after, played_back)
    return now_ms + shown if shown else 0


def bot_wait_ms(until: int, now_ms: int) -> int:
    """How long a computer player's move, chosen at ``now_ms``, waits before it is played: until the move before
    it has been shown whole (``until``, from ``watched_until``; 0: it was shown at once and still), then
    ``PAUSE_MS``, so a watcher sees the board stop, then the computer's move. The one rule of a lobby host's
    computer players and a table's: a table waited the pause alone, and a Raythread move of one computer cut the
    sweep of the other's short (ui/lobby/host.py, ui/table.py)."""
    return max(now_ms, until) + PAUSE_MS - now_ms


def replaying(ui: MatchUi) -> bool:
    """Whether a move made elsewhere is being played back (its steps shown instead of the position); the
    moves waiting behind it (``queued``) keep it so until the last of them has been played back."""
    return ui.shown < len(ui.replay)


def looks_around(event: UiEvent) -> bool:
    """Whether ``event``, an input on the board during a replay, still acts once it has ended the replay:
    a ``LOOKING`` key. A click, a tap, any other key (typed in a field, it is the field's: the browser
    types it either way), a change, a submit or a drop only ends it."""
    return event.type == "keydown" and event.key in LOOKING


def only_looks(board: Board, event: UiEvent) -> bool:
    """Whether ``event``, an input on the board of a match its rules ended, only looks: a ``LOOKING``
    key (the board's cursor reads the final position cell by cell) or a click on one of the board's
    ``looking`` controls (Raythread's zoom). Nothing else reaches a final board (``handle``)."""
    return looks_around(event) or (event.type == "click" and event.action in getattr(board, "looking", frozenset()))


def skip(ui: MatchUi) -> MatchUi:
    """The replay ended at once, with every move waiting behind it (``queued``): the position itself is
    shown (the caller stops ``REPLAY``'s timer)."""
    return replace(ui, replay=(), shown=0, replayed_by="", queued=()) if ui.replay or ui.queued else ui


def ended(ui: MatchUi) -> MatchUi:
    """The replay in progress, if any, ended at once, its timer stopped (``take`` hands the page the
    ``StopTimer``): for an input on the board, and for a page's control that puts a question or a form
    over the match (nothing plays on under it)."""
    return replace(skip(ui), outbox=(*ui.outbox, StopTimer(REPLAY))) if replaying(ui) else ui


def halt(ui: MatchUi, why: str) -> MatchUi:
    """``ui`` with no seat moving here for ``why`` (an ``N_`` message: the host ended the match, or this page
    lost the host; "": the page plays on). A halt shows the end at once: the replay in progress and every move
    waiting behind it are dropped, their timer stopped (``ended``), and the position they led to is shown with
    the status that says why. Played on, the replay's note stood where that status goes, and its steps went on
    over a match no one plays any more. A move that reaches a halted page is shown at once (``_replayed``)."""
    if why == ui.halted:
        return ui
    return replace(ended(ui) if why else ui, halted=why)


def _next_step(ui: MatchUi) -> MatchUi:
    """A tick of ``REPLAY``: the next step; after the last step of a move, the first of the next move
    waiting (``queued``, at its pace: ``_paced``); or the position once the last step of the last has been
    shown (the timer stops then, and when a tick finds no replay: an undo or a new match started afresh)."""
    if ui.shown + 1 < len(ui.replay):
        return replace(ui, shown=ui.shown + 1)
    if ui.queued:
        (mover, steps), *rest = ui.queued
        return _paced(ui, replace(ui, replay=steps, shown=0, replayed_by=mover, queued=tuple(rest)))
    return replace(skip(ui), outbox=(*ui.outbox, StopTimer(REPLAY)))


def _at_end(after: MatchUi, before: MatchUi, table: Table | None) -> MatchUi:
    """``after`` asking focus for the end's action (``FOCUS_END``) if it is the first screen of this page's match
    to show its end: the result arrived with no replay (this page's own last move), or the replay of the move
    that ended it is over. A replay an input skipped leaves focus where the player put it."""

    def shows_end(ui: MatchUi) -> bool:
        return bool(ui.view.get("result")) and not replaying(ui)

    if table is None or not table.hosted or not shows_end(after) or shows_end(before):
        return after
    return replace(after, outbox=(*after.outbox, FOCUS_END))


def retold(ui: MatchUi, log: Log, earlier: int, moves: int) -> MatchUi:
    """The log as the authority tells it (a snapshot's recent steps, a table's replayed record), with
    the ``earlier`` moves played before them; ``moves``: those that led to the position shown. Which
    steps told are moves is not told: each counts as one, oldest first, while ``moves`` allows. That is
    exact when every step is a move (a table's); otherwise the count of moves cut later may be high by
    the other steps (clock ticks, prepared work) until the bound has cut every step told."""
    steps = tuple(tuple(step) for step in log if step)
    told = tuple(min(earlier + i, moves) for i in range(len(steps)))
    log, before, unseen, held = _bounded(steps, told, earlier, (None,) * len(steps))
    if log == ui.log and before == ui.before and unseen == ui.unseen and moves == ui.moves:
        return ui  # the same panel: kept by identity (svg.keep), with the holders this page saw
    return replace(ui, log=log, before=before, unseen=unseen, moves=moves, held=held)


def _bounded(
    log: Log, before: tuple[int, ...], unseen: int, held: tuple[Holders | None, ...]
) -> tuple[Log, tuple[int, ...], int, tuple[Holders | None, ...]]:
    """The steps of ``log`` (none without events) that its bound keeps, the moves before each, the
    moves before the first of them (``unseen`` when there is none): the moves it does not list; and
    the holders of each step kept."""
    start = log_start(log)
    before = before[start:]
    return kept(log), before, before[0] if before else unseen, held[start:]


def heard(
    ui: MatchUi, events: Sequence[Mapping[str, Any]], table: Table | None
) -> tuple[tuple[Mapping[str, Any], ...], tuple[Holders | None, ...], int]:
    """The live region's events after ``events``: the page's own last move and every move since (computer
    players', friends' on other devices), so a screen-reader user whose turn comes after three computer
    players hears all three moves, not only the last. The region gains a line per event and a screen
    reader reads the lines added, so nothing is said twice. A move made while the page could move (its
    own, or any in a game where everyone moves at once) starts afresh; so does every move on a page
    with no seat (a spectator hears each move as it comes). Last, the events heard before the first kept
    (``heard_before``)."""
    by = (holders(table) if table is not None else None,) * len(events)
    afresh = (tuple(events), by, ui.heard_before + len(ui.latest))
    if table is None or not table.mine or acting_seat(ui, table) is not None:
        return afresh
    kept = (*ui.latest, *events)
    # Over the limit it starts afresh, not with the oldest line dropped: that would move every line up
    # one and make a screen reader read them all again at each move.
    return (kept, (*ui.latest_held, *by), ui.heard_before) if len(kept) <= NEWS_KEPT else afresh


def react(ui: MatchUi, table: Table | None, message: Any) -> MatchUi:
    """A message for the board that is not an input: a tick of its timer, its background work's
    progress; or a tick of the replay's (``REPLAY``)."""
    if isinstance(message, Tick) and message.timer == REPLAY:
        return _at_end(_next_step(ui), ui, table)
    return _react(ui, table, message)


def _react(ui: MatchUi, table: Table | None, message: Any) -> MatchUi:
    answer = getattr(ui.board, "react", None)
    if answer is None:
        return ui
    seat = acting_seat(ui, table) if table is not None else None
    return _apply(ui, answer(ui.local, ui.view, seat, table, message))


def _apply(ui: MatchUi, reply: Reply) -> MatchUi:
    """The board's new state, with what it asked for put in the outbox (a move as ``Play``)."""
    asked: list[Effect | Play] = list(reply.effects)
    if reply.move is not None:
        asked.append(Play(reply.move))
    if reply.local is ui.local and not asked:
        return ui
    keys = getattr(ui.board, "storage_keys", ())
    stored = dict(ui.stored)
    for effect in asked:
        if isinstance(effect, Store | StoreEntries) and effect.key in keys:
            keep_written(stored, effect)
    return replace(ui, local=reply.local, outbox=(*ui.outbox, *asked), stored=stored)


def take(ui: MatchUi) -> tuple[MatchUi, list[Effect], list[Move]]:
    """What the board asked of its page since the last ``take``: effects to carry out, moves to send."""
    if not ui.outbox:
        return ui, [], []
    effects = [e for e in ui.outbox if not isinstance(e, Play)]
    moves = [e.move for e in ui.outbox if isinstance(e, Play)]
    return replace(ui, outbox=()), effects, moves


def refused(ui: MatchUi, reason: JSON) -> MatchUi:
    """The authority refused this page's move: say why (again, if it is the same refusal: ``alerts``),
    change nothing else."""
    return replace(ui, error=dict(reason), refusals=ui.refusals + 1)


def acting_seat(ui: MatchUi, table: Table) -> str | None:
    """The seat this page moves for now: one of its seats that may move (the first in seat order)."""
    if ui.halted:
        return None
    active = ui.board.active(ui.view)
    return next((s.id for s in table.seats if s.id in table.mine and s.id in active), None)


def handle(ui: MatchUi, table: Table, event: UiEvent) -> tuple[MatchUi, Move | None]:
    """An input on the match's board (the page's own controls are the page's); the move to play, if it
    completes one. During a replay the board hears only a key that looks around, once it has ended the
    replay; any other input ends it (``SKIPPING``) or is dropped (a hover, a part of a press: the
    module's rule)."""
    if replaying(ui):
        if event.type in SKIPPING:
            ui = ended(ui)
        if not looks_around(event):
            return ui, None
    if ui.halted:
        return ui, None
    over = bool(ui.view.get("result"))
    if over and not only_looks(ui.board, event):
        return ui, None
    # The final board is looked over for no seat: a board asked for no seat makes no move.
    answer = ui.board.update(ui.local, ui.view, None if over else acting_seat(ui, table), table, event)
    reply = answer if isinstance(answer, Reply) else Reply(*answer)
    if reply.local is ui.local and reply.move is None and not reply.effects:
        return ui, None  # nothing changed: the page is not redrawn
    ui = _apply(replace(ui, error=None), Reply(reply.local, None, reply.effects))
    return _keep_turn(ui, table), reply.move


# --- the turn being built, kept across a reload -------------------------------------------------------

_POSITIONS: dict = {}  # ``position_id`` of the last few views (by identity: a view is never changed in place)


def position_id(view: JSON) -> str:
    """A short digest of the position ``view`` shows (its canonical JSON): it tells one match from another
    (each is dealt from its own seed) and one position of a match from the next."""
    return remember(_POSITIONS, "position", lambda: sha256(dumps(view).encode()).hexdigest()[:16], (view,), 4)


def turn_name(game: str, seat: str, view: JSON) -> str:
    """The name of the ``TURNS_KEY`` entry of ``seat``'s turn in ``game`` at the position ``view``."""
    return f"{game}/{seat}/{position_id(view)}"


def _turn_entry(ui: MatchUi, table: Table | None) -> tuple[str, JSON] | None:
    """The turn this page is building on ``ui``'s board as its ``TURNS_KEY`` entry: its name, and the moves
    that led to the position with the board's ``kept_turn``; ``None`` when nothing of a turn is chosen, no
    seat of this page is to play, or the board keeps no turn."""
    kept_turn = getattr(ui.board, "kept_turn", None)
    if kept_turn is None or table is None or TURNS_KEY not in getattr(ui.board, "storage_keys", ()):
        return None
    seat = acting_seat(ui, table)
    turn = kept_turn(ui.local) if seat is not None else None
    if seat is None or turn is None:
        return None
    return turn_name(ui.game, seat, ui.view), {"moves": ui.moves, "turn": turn}


def _keep_turn(ui: MatchUi, table: Table | None) -> MatchUi:
    """``ui`` with its page asked to keep the turn being built as it is now, when it changed from the entry
    last kept (``MatchUi.turn``, not worked out again from the state before: one ``_turn_entry`` an input):
    written into ``TURNS_KEY`` (a ``StoreEntries`` in the outbox), taken out once it is gone (undone, sent, or
    a new position). Only the page's own entry is written: another tab's stay."""
    return _turned(ui, _turn_entry(ui, table))


def _turned(ui: MatchUi, new: tuple[str, JSON] | None) -> MatchUi:
    """``ui`` with ``new`` as its kept turn (``None``: none), its page asked to write the change."""
    old = ui.turn
    if old == new:
        return ui
    entries: list[tuple[str, Any]] = []
    if old is not None and (new is None or new[0] != old[0]):
        entries.append((old[0], None))
    if new is not None:
        entries.append(new)
    effect = StoreEntries(TURNS_KEY, tuple(entries), TURNS_KEPT)
    stored = dict(ui.stored)
    keep_written(stored, effect)
    return replace(ui, outbox=(*ui.outbox, effect), stored=stored, turn=new)


def left(before: MatchUi | None, after: MatchUi) -> MatchUi:
    """``after``, the screen started in the place of ``before`` with ``before``'s turn not played (an undo, a
    new match or a rematch, a match taken from another tab), with its page asked to take out the entry of that
    turn (``TURNS_KEY``), unless ``after`` built the same turn again. Nothing would bring it back but the same
    position at the same move count, and it stood in the browser's storage until newer ones pushed it out.
    ``after`` is the next ``deal`` of the place: the page draws it without gliding from ``before``'s pieces."""
    if before is not None:
        after = replace(after, deal=before.deal + 1)
    old = before.turn if before is not None else None
    if old is None or (after.turn is not None and after.turn[0] == old[0]):
        return after
    effect = StoreEntries(TURNS_KEY, ((old[0], None),), TURNS_KEPT)
    stored = dict(after.stored)
    if TURNS_KEY in stored:
        keep_written(stored, effect)
    return replace(after, outbox=(*after.outbox, effect), stored=stored)


def dropped(ui: MatchUi) -> MatchUi:
    """``ui`` with the turn being built on it no longer kept (its entry taken out: ``_turned``), for a match
    no seat plays on (the host ended it) or a page that lets it go (cleared in another tab)."""
    return _turned(ui, None)


def resumed(ui: MatchUi, table: Table | None) -> MatchUi:
    """``ui``, a board just started, with the turn this browser kept for it (``TURNS_KEY``) built on it again
    (``Board.resume``): only the entry of this game, this page's seat to play and this position, kept at the
    same move count. Anything else is left alone, and the board starts afresh: no entry, another position's,
    one that does not fit, or one that cannot be read (storage edited by hand, an older page's format), which
    never raises and changes nothing, stored value included."""
    resume = getattr(ui.board, "resume", None)
    text = ui.stored.get(TURNS_KEY)
    seat = acting_seat(ui, table) if table is not None else None
    if resume is None or not text or seat is None or TURNS_KEY not in getattr(ui.board, "storage_keys", ()):
        return ui
    try:
        entries = obj(loads(text, 64 * 1024), "kept turns", BadMessage)
        entry = entries.get(turn_name(ui.game, seat, ui.view))
        if entry is None:
            return ui
        kept = root(entry)
        if whole(at(kept, "moves"), 0, 1 << 30) != ui.moves:
            return ui
        local = resume(ui.local, ui.view, seat, at(kept, "turn")[0])
    except ValueError:  # the readers' BadMessage, a board's own refusal
        return ui
    if local is None:
        return ui
    # The entry stands as kept: the turn built again is this page's to change or take out (``_keep_turn``).
    ui = replace(ui, local=local)
    return replace(ui, turn=_turn_entry(ui, table))


# --- the view --------------------------------------------------------------------------------------


def render(
    ui: MatchUi,
    table: Table,
    controls: list[Element] | None = None,
    notice: str = "",
    beside: Child = None,
    under: Child = None,
    words: int = 0,
) -> Element:
    """The match screen: status, the game's board, the seats, the result, the log, ``controls`` (what
    the table offers: undo, new match, rematch …) and the table's ``notice`` on the match ("Move taken
    back."), under the controls: above the board, it pushed the board and the buttons down as it came
    and went, under the pointer of a second click on Undo. A finished match puts the controls and the
    notice, then the result, before the seats. ``beside``: the table's controls for what
    the status says (a lobby host's way to the seat of a player whose page is gone), right under it:
    they come and go with the status's own words for it ("Bea (2) is disconnected"). ``under``: right under
    the board, in its column (a guest's way back to a host it lost: ``ui.lobby.join``), where it moves neither
    the board nor the status, and a phone shows it before the seats and the log."""
    game = ui.board
    seat = acting_seat(ui, table)
    result = ui.view.get("result")
    seats = ui
    if replaying(ui):  # a step of a move made elsewhere, drawn for no seat: a view only
        step_view, step_local = ui.replay[ui.shown]
        board = game.render(step_local, step_view, None, table)
        seats = replace(ui, view=step_view)  # beside the board, the mover is to play until its move is shown
    else:
        board = game.render(ui.local, ui.view, seat, table)
    offers = (
        h(
            "div",
            {"class": "actions match-controls"},
            controls,
            # The app opens the game's rules over the match (ui/app.py), so nothing is left.
            h(
                "button",
                {"type": "button", "class": "button quiet", "data-action": "app-rules", "data-game": ui.game},
                _("How to play"),
            ),
        ),
        # Always drawn, empty while there is no word (taking no room: css/app.css): a screen reader hears text
        # put into a live region it knows, not a region that appears already holding it (ui/app.py's
        # ``update_offer``): "Move taken back." appeared with its words and was not heard. Two regions by
        # turns (``words``: the words given so far), so a second "Move taken back." is new text too.
        h(
            "div",
            {"class": "match-word" if notice else "match-word match-word-idle"},
            alerts(notice, words, "notice match-notice", "match-word", status=True),
        ),
    )
    # Once the board has shown the move that ended the match (the live region says it at once): beside a
    # replay of that move, the standings told the end before the board did.
    own = getattr(game, "final_standings", None)
    standings = result and not replaying(ui) and ((own and own(ui.view, table)) or result_panel(result, table))
    # A finished match (by its rules, or the host's word): what the table offers (Rematch …), then the standings,
    # the seat cards (which the standings repeat) and the log, in the page itself, so the eye, a screen reader
    # and Tab meet them in one order, whatever the game. Under four seat cards Rematch stood at a 1280 × 800
    # window's bottom edge; under the standings, on a phone (320 × 640), the focused Rematch stood 726 px
    # from the status that says who won, below the window as the end came into view from the status (the
    # status says the win, the live region with it: the standings follow the button).
    over = bool(standings) or table.stopped
    side = (*offers, standings, seat_list(seats, table)) if over else (seat_list(seats, table), *offers)
    return h(
        "section",
        # data-action: pointer moves anywhere on the match screen reach the board (leaving a cell ends a preview)
        {
            "class": "match-screen",
            "data-game": ui.game,
            "data-deal": ui.deal,
            "data-ended": "1" if result or ui.halted else None,
            "data-sending": "1" if table.sending else None,
            "data-action": "match",
        },
        h(
            "div",
            # data-replay: the step of a move made elsewhere shown now, from 1 (tests and styles read it).
            {"class": "match-main", "data-replay": ui.shown + 1 if replaying(ui) else None},
            # The status takes keyboard focus when the focused element goes away without the player's
            # doing (the page's render: index.html), e.g. the board solved when another player ends the round.
            h(
                "div",
                {"class": "match-head"},
                h(
                    "p",
                    {
                        "class": "match-status",
                        "data-turn": ",".join(sorted(game.active(ui.view))),
                        "tabindex": "-1",
                        "data-focus-home": "",
                    },
                    replay_note(ui, table) if replaying(ui) else drawn(status(ui, table)),
                ),
                status_room(ui, table),
            ),
            # Under the status, not in it: the status is the screen's focus home, read whole by a screen
            # reader as whose turn it is, and its words are the match's in every test and style.
            beside and h("div", {"class": "actions match-beside"}, beside),
            board,
            alerts(said(ui.error), ui.refusals, "error match-error", "match-alert"),
            under,
        ),
        h(
            "aside",
            {"class": "match-side"},
            *side,
            log_panel(ui, table),
        ),
        # Drawn with its words: as the match screen comes (a lobby's start, a table, a reload) the shell holds them
        # back until a screen reader knows the region (``ui.live.settled``), so the first "… to play" is heard.
        h(
            "div",
            {"class": "visually-hidden", "aria-live": "polite", "id": "match-news", SETTLE: True},
            [h("p", {"id": at} if at else {}, heard_parts(at, line)) for at, line in news_lines(ui, table)],
        ),
    )


def heard_parts(at: str, line: str) -> Child:
    """A news line as the live region holds it: the status's parts (``i18n.line``) each in an element of its
    own, with an id, so the page's morph changes only the words that changed and a screen reader says only
    those. Whole, the line was said again at every event: "The solvers race at once · still solving: Ann (1)"
    after each solve of a race, which had said the phase as it began; now the phase is said once, and each
    event adds who is still at it. The region's text is the line's, as before."""
    if at != STATUS_NEWS or not isinstance(line, i18n.Line):
        return line
    mark = i18n.separator()
    return [
        piece
        for k, part in enumerate(line.parts)
        for piece in ((mark,) if k else ()) + (h("span", {"id": f"{STATUS_NEWS}-{k}"}, part),)
    ]


def replay_note(ui: MatchUi, table: Table) -> Element:
    """The status line while a move made elsewhere is played back: whose move, which step, and how to
    skip it (an arrow key also moves the cursor; a click, a tap or any other key only skips:
    ``handle``). The status is no live region: the log and the live region say the move once, in
    words, when it arrives, and whose turn it is (``news``). How to skip it names keys, so it is in the
    element css/app.css hides on a touch screen: there the line keeps to whose move and which step, one
    line on a phone as the status it stands in for, so the board under it does not move for a replay
    (a game's board may say over itself how to skip it, as Light Seeker's does: ``says_skip``). Shown only where
    there are keys and a pointer, it names a click and a key, not a tap."""
    return replay_words(table, ui.replayed_by, ui.shown + 1, len(ui.replay), says_skip(ui))


def says_skip(ui: MatchUi) -> bool:
    """Whether the board says over itself how to skip a move played back, on every screen (Light Seeker's
    "Tap the board to skip", "A click or a key skips it": ``says_skip`` on its controls). The status then keeps
    those words for a screen reader only: in sight they made its longest words, and its room (``status_room``)
    two lines on a laptop and three at 320 px, blank over a turn's one line."""
    return bool(getattr(ui.board, "says_skip", False))


def replay_words(table: Table, seat: str, k: int, n: int, aside: bool = False) -> Element:
    """The words of ``replay_note`` for step ``k`` of ``n`` of ``seat``'s move ("" : "?"): one place for
    them, which ``status_room`` lays out too. With ``aside`` (``says_skip``), how to skip it is visually
    hidden: read, taking no room."""
    step = _("{name}'s move, step {k} of {n}").format(name=seat_label(table, seat) if seat else "?", k=k, n=n)
    skip = _("a click or a key skips it; arrows move the cursor too")
    keys = "keys-only visually-hidden" if aside else "keys-only"
    # Parts drawn as a heading's (``ui.heading.parts_row``): "step 1 of 3 ·" ended a narrow window's line.
    return h("span", {}, parts_row(step, skip, last=keys))


def status_room(ui: MatchUi, table: Table) -> Memo:
    """The status's words in each state of a running match, laid unseen under the status (css/app.css
    ``.match-room``: in one grid cell with it): whose turn it is, the computer thinking, the steps of a
    move made elsewhere played back, and in a phase played at once who is still at it (all of them, as
    at its start: ``at_once``). The status is as tall as the longest of them as this page lays it out
    (its font, width and text size), so the board under it stays put as the turn passes and no line of it
    is ever empty. Media queries tuned to one font's widths kept two lines' room below 24.25rem: wider
    text (125 %) wrapped the replay at 390 px, and the board jumped at every computer move. Ends,
    refusals and a player's disconnection are not counted: they come once (the last two move the board
    with the line the host's controls add under the status). A rematch's opening and a turned player's
    colour are heard, not shown in the status (``turn_words``), so the room is one for the whole match,
    from its first turn on. An ended match (``room_ended``) lays nothing, its status taking its own room,
    but on a board that stays put at the end: there the running match's room is marked as an end's
    (``data-end``), in whose middle css/app.css stands the end's words."""
    # A phase everyone plays at once is said of all who are at it, the most there are (``at_once``).
    together = at_once(ui, table, [s.id for s in table.seats])
    ended = room_ended(ui, table)
    kept = not ended and _over(ui, table)
    key = ("room", table, i18n.generation(), together, ended, kept)
    return keep(_PANELS, key, lambda: _status_room(ui, table, together, ended, kept), (ui.board,))


def room_ended(ui: MatchUi, table: Table) -> bool:
    """Whether the status's room lays nothing: the match is over (won, drawn, or ended by the host) and the
    board shows the move that ended it. Kept to the end, the running match's room left "Bot B (Normal) wins!"
    an empty line under it where a turn took two lines (320 px): the board moves up once,
    at the end, when nothing is played any more. While that last move is played back the status says its
    steps, so the room holds them until the replay ends (the board stays put under it). A page that lost the
    host (``table.offline``) keeps the room: its match goes on at the host's and comes back when it rejoins;
    laying nothing meanwhile moved the board to the height of "Not connected to the host…" and back again
    at the rejoin. A board that stays put at the end (``still_at_end``: Light Seeker's, whose lines over the
    valley keep their places then) keeps the room too: at 320 px its board moved 20 px up when "Bot 2
    (Normal) wins!" took one line where the computer's thinking took two. Its status stood at the top of that
    room, over an empty line (a player's pass at 320 × 640): it stands in its middle now (``data-end``: the room
    left over shared above and under the words, css/app.css), the board where it was."""
    return _over(ui, table) and not getattr(ui.board, "still_at_end", False)


def _over(ui: MatchUi, table: Table) -> bool:
    """Whether the match is over and the board shows the move that ended it (``room_ended``)."""
    return bool(ui.view.get("result") or (ui.halted and not table.offline)) and not replaying(ui)


def _status_room(ui: MatchUi, table: Table, together: str, ended: bool, kept: bool = False) -> Element:
    words = [] if ended else room_words(ui, table, together)
    attrs = {"class": "match-room", "aria-hidden": "true", "data-end": "1" if kept else None}
    return h("div", attrs, [h("span", {}, drawn(w)) for w in words])


def room_words(ui: MatchUi, table: Table, together: str = "") -> list[Child]:
    """What ``status_room`` lays out: the words ``status`` and ``replay_note`` show (``turn_words``,
    ``replay_words``) in each state of a running match: each seat alone to play (a computer player
    thinking), a move made elsewhere played back (a step's numbers of one digit each: no move unfolds into
    ten steps; this page's own moves are not played back), and ``together``, a phase played at once with
    every seat at it. A rematch's first turn shows a turn's words too (its opening is heard: ``turn_words``)."""
    unfolds = getattr(ui.board, "unfold", None) is not None
    words: list[Child] = [together] if together else []
    if not table.hosted:  # a guest's move on its way (``Table.sending``)
        words.append(_(SENDING))
    for s in table.seats:
        words.append(turn_words(ui, table, [s.id]))
        if unfolds and s.id not in table.mine:
            words.append(replay_words(table, s.id, 1, 9, says_skip(ui)))
    return words


def describe(reason: Any, who: Callable[[str], str] | None = None) -> str:
    """A refusal or ending reason in the page's language: a ``{"code", "params"}`` dict, or a sentence
    from a peer that sends sentences. ``who`` names a ``seat`` parameter as players read it ("Ann (1)"
    rather than the bare seat id "1")."""
    if isinstance(reason, Mapping) and isinstance(reason.get("code"), str):
        params = reason.get("params")
        params = dict(params) if isinstance(params, Mapping) else {}
        if who is not None and isinstance(params.get("seat"), str):
            params["seat"] = who(params["seat"])
        return i18n.describe(reason["code"], params)
    return str(reason or "")


def said(reason: Any) -> str:
    """A refusal shown on its own (a note under the board, an error line): ``describe``'s words as a
    sentence (``i18n.sentence``); "" for none. A board says it by ``alerts``, drawn also while nothing is
    refused (empty and visually hidden): a region that comes into the page with its words is no region a
    screen reader knows yet."""
    return i18n.sentence(describe(reason))


def points(n: int) -> str:
    """A score as players read it: "1 point", "−60 points"."""
    return ngettext("{n} point", "{n} points", n).format(n=i18n.number(n))


def seat_label(table: Table, seat: str) -> str:
    """A seat as players read it: "Bea (B)", or its tag alone when nobody is named."""
    return named_seat(table.names.get(seat), table.tags.get(seat, seat))


def _name_and_tag(table: Table, seat: str) -> list[Element] | str:
    """A seat card's name: "Bea (B)". A name of one word and the seat's tag are spans of their own, so css
    keeps the tag on the line of a long word cut short (on a line of its own it gave every card of the
    match a line of empty room), as is a short name of words held whole ("Player 1", ``i18n.held``); other
    words are kept whole ("Bot B (Hard)", "Grandmaster Flash 2000 (C)": they wrap between words, the tag after
    the last)."""
    name, words = table.names.get(seat, ""), seat_label(table, seat)
    by = {s.id: s for s in table.seats}
    if seated(name, table.tags.get(seat, seat)) is not None or (
        seat in by and unnamed_bot(by[seat].name, by[seat].level)
    ):
        return _computer_name(words)
    held = i18n.held(name)  # as ``named_seat`` writes it, joined to be kept whole
    # A name held whole ("Player 1": no space left to break at) is a box of its own too: "Player" / "1 (A)"
    # on a card at 320 px; the tag goes under it only where the two are wider than the card.
    if " " in held or words == held or not words.startswith(held):
        return words
    free, kept = i18n.held_parts(name)  # the box's text as a reader reads it, without ``held``'s joiners
    return [h("span", {"class": "who"}, free + kept), h("span", {"class": "tag"}, words[len(held) :])]


def _computer_name(words: str) -> str:
    """A computer's seat card name, "Bot B (Normal)", free to break before its level's bracket: the label
    joins its words for every line ("Bot\u00a0B\u00a0(Normal)", ``bot.called``), and in its card's column
    at 320 px, beside a two-digit score, it was one unbreakable word cut short ("Bot B (Norm…"). On a card it
    wraps whole onto two lines ("Bot B" / "(Normal)"; Japanese "ボットB" / "（ふつう）"), as a person's name
    of several words does; one a rematch moved too ("Bot B" / "(Normal, seat A)", its one pair of brackets)."""
    bracket = max(words.rfind("("), words.rfind("（"))
    if bracket <= 0:
        return words
    head = words[:bracket].rstrip(i18n.NO_BREAK + i18n.JOINER)
    # The no-break space before the bracket becomes a plain one; a Japanese joiner goes (no space there).
    between = words[len(head) : bracket].replace(i18n.JOINER, "").replace(i18n.NO_BREAK, " ")
    return head + between + words[bracket:]


def status(ui: MatchUi, table: Table, *, heard: bool = False) -> str:
    """Whose turn it is, in words (“Bea (B) to play — your turn”); at the end, who won: the status is the
    top of the screen, while the result panel stands in the side column, under the board on a phone.
    ``heard``: its words as the live region says them (``news_lines``), less what is said elsewhere: a page
    that lost the host hears it in its connection line's alert (not again here), and a player gone on their
    turn in a line of its own (``disconnected``: the name said, not " · disconnected" added to the line)."""
    if result := ui.view.get("result"):
        own = getattr(ui.board, "headline", None)
        return (own and own(ui.view, table)) or headline(result, table)
    if ui.halted:
        return "" if heard and table.offline and not table.stopped else _(ui.halted)
    if table.sending:
        return _(SENDING)
    active = [s.id for s in table.seats if s.id in ui.board.active(ui.view)]
    if not active:
        waiting = getattr(ui.board, "waiting", None)
        return (waiting(ui.view, table) if waiting is not None else "") or _("Waiting…")
    away = [seat_label(table, s.id) for s in _away_to_play(ui, table)]
    text = turn_words(ui, table, active, heard=heard)
    if not away or heard:
        return text
    # The match waits for a page that is gone: said where everyone looks. Where several play (a phase played
    # at once, or the page's own turn with others'), who is gone is named; a lone turn is "disconnected".
    mine = len(table.mine) == 1 and any(s in table.mine for s in active)
    # Parts drawn as a heading's (``i18n.line``): no line of the status starts or ends with the separator.
    if len(active) == 1 and not mine and not at_once(ui, table, active):
        return i18n.line(text, _("disconnected"))
    gone = ngettext("{names} is disconnected", "{names} are disconnected", len(away))
    return i18n.line(text, gone.format(names=i18n.conjunction(away)))


def _away_to_play(ui: MatchUi, table: Table) -> list[SeatAt]:
    """The seats to play whose page is gone, in seat order: those the status says are disconnected."""
    active = ui.board.active(ui.view)
    return [s for s in table.seats if s.id in active and s.away]


def said_away(ui: MatchUi, table: Table) -> frozenset[str]:
    """The seats the status line says are disconnected now (``status``; not while it shows a move played back,
    the halt or the result): a table's line beside it need not say it again."""
    if ui.view.get("result") or ui.halted or replaying(ui):
        return frozenset()
    return frozenset(s.id for s in _away_to_play(ui, table))


def turn_words(ui: MatchUi, table: Table, active: Sequence[str], *, heard: bool = False) -> str:
    """Whose turn it is, ``active`` the seats to play (in seat order): the board's words for a phase played
    at once (``at_once``), "Bea (B) to play · your turn" on the page that plays one of them (one seat),
    "Bot B (Hard) is thinking…" when only computer players are to play, else "Ann (A) and Bea (B) to play".
    The one place for these words: ``status`` says them of the seats to play, ``status_room`` lays them out
    for each seat, so a new wording is measured as it is shown.

    ``heard``: as the live region says them (``status``'s ``heard``), with what a rematch's first turn adds,
    who starts it (``opening``) and a turned player's colour (``moved_words``): "Rematch: Bea (A) starts ·
    your turn · you are pink this time". Shown, those words made the status longer than any turn's (four lines
    at 320 px, two at 390 where a turn's take one), and its room either moved the board after the first move
    or kept an empty line to the match's end. Shown, the status says a turn's words from the first turn on:
    whose turn it is names who starts, the seat cards show the colour (``_seat_list``)."""
    if together := at_once(ui, table, active):
        return together
    names = i18n.conjunction(seat_label(table, s) for s in active)
    text = ngettext("{names} to play", "{names} to play", len(active)).format(names=names)
    mine = [s for s in active if s in table.mine]
    by = {s.id: s for s in table.seats}
    if heard and table.rematch and ui.moves == 0 and len(active) == 1:
        text = opening(table, active[0])
        if mine and len(table.mine) == 1:
            return i18n.line(text, _("your turn"), moved_words(ui, table, mine[0]))
        # A computer player that starts it thinks at once: "Rematch: Bot A (Normal) starts · thinking…", as
        # its "is thinking…" would say on any other turn (the rematch alone read as if the match stood still).
        bot = active[0] in by and by[active[0]].kind == "bot"
        return i18n.line(text, _("thinking…")) if bot else text
    if mine:
        colour = moved_words(ui, table, mine[0]) if heard else ""
        return i18n.line(text, _("your turn"), colour) if len(table.mine) == 1 else text
    if all(s in by and by[s].kind == "bot" for s in active):
        # Named as the seat list and the log name them ("Bea (B)", a lobby's "Bot B (Hard)"); the seat list's
        # badge says it is the computer.
        return ngettext("{names} is thinking…", "{names} are thinking…", len(active)).format(names=names)
    return text


def moved_words(ui: MatchUi, table: Table, seat: str) -> str:
    """On the person's first turn of a rematch that moved them (``Table.turned``), their colour now, in words: "you
    are pink this time", after "your turn". A player's pass against the computer: the seats swapped, the person
    orange a match ago was pink, nothing near the board said so, and they looked for their colour. Said once: on
    their first turn (no move of theirs yet: the seats before theirs in turn order have had one each at most),
    which the live region says with the turn (``turn_words``' ``heard``), and the person's seat card shows
    (``_seat_list``): in the status they widened its room, and the board moved or an empty line stayed."""
    if not table.turned or ui.moves > [s.id for s in table.seats].index(seat):
        return ""
    colour = colour_name(table.colours.get(seat, ""))
    return _("you are {colour} this time").format(colour=colour) if colour else ""


def rematch_starts(name: str) -> str:
    """Under the Rematch of a game whose seats take turns, who will start it (``name``: the seat as players
    read it at the seat they will sit at, "Bea (A)", a computer "Bot A (Hard)", as its card and the board will
    name it, which tells two of one level apart): "In the rematch, Bea (A) starts." The one wording of a table's Rematch
    (``ui/table.py``) and a lobby's (``ui/lobby/panel.py``), each from the rule it seats by
    (``lobby.rematch``); beside ``opening``, what the status says once it has started."""
    return _("In the rematch, {name} starts.").format(name=name)


def opening(table: Table, seat: str) -> str:
    """The status of a rematch before its first move: who starts it, "Rematch: Bea (A) starts" (a computer
    player too, "Rematch: Bot A (Hard) starts", ``turn_words`` adding "thinking…": "is thinking…" alone did not
    say that it starts). Named as the seat list names the seat (``seat_label``)."""
    return _("Rematch: {name} starts").format(name=seat_label(table, seat))


# The seat colours (``core.game.SEAT_COLOURS``) as players name what they see, each looked up when said, in
# the page's language then (a table built once, not on each call). Not ``N_`` words as ui/'s other tables: these
# carry the catalogue's context ("seat colour"), and the extraction (``make locale``) finds a context only in a
# literal ``pgettext`` call: it has no keyword that marks one without looking it up.
_COLOUR_NAMES: dict[str, Callable[[], str]] = {
    "amber": lambda: i18n.pgettext("seat colour", "orange"),
    "cyan": lambda: i18n.pgettext("seat colour", "sky blue"),
    "magenta": lambda: i18n.pgettext("seat colour", "pink"),
    "lime": lambda: i18n.pgettext("seat colour", "green"),
    "violet": lambda: i18n.pgettext("seat colour", "blue"),
    "coral": lambda: i18n.pgettext("seat colour", "red"),
}


def colour_name(colour: str) -> str:
    """A seat's colour (``core.game.SEAT_COLOURS``) as players name what they see ("pink"): the page says
    it where a player's colour changes (a rematch's turned seats), never alone (the seat's tag with it)."""
    said = _COLOUR_NAMES.get(colour)
    return said() if said is not None else ""


def at_once(ui: MatchUi, table: Table, seats: Sequence[str]) -> str:
    """What the status says of ``seats`` acting at once in the phase shown (``Board.at_once``): "" when the
    board plays it in turns."""
    words = getattr(ui.board, "at_once", None)
    return words(ui.view, table, seats) if words is not None else ""


def seat_list(ui: MatchUi, table: Table) -> Memo:
    """The players: name, colour, badges, whose turn, score and the game's facts about each seat.
    It is drawn from the position, the table and the language only (kept between inputs)."""
    return keep(
        _PANELS, ("seats", table, i18n.generation()), lambda: _seat_list(ui, table), (ui.view, ui.board, ui.halted)
    )


def _seat_list(ui: MatchUi, table: Table) -> Element:
    game = ui.board
    scores = given if isinstance(given := ui.view.get("scores"), Mapping) else {}
    active = frozenset() if ui.halted else game.active(ui.view)  # no one plays here: ended, or the host lost
    # A match that ended (by its rules, or the host's word) has no turn to come; a page that lost the host
    # may rejoin a match that went on.
    playing = not ui.view.get("result") and not table.stopped
    # A phase everyone plays at once (``at_once``) has no turn: its cards' lines say each seat's part
    # ("building", "sent"), and "to play" on every card read as if each waited for a turn.
    to_play = active if playing and not at_once(ui, table, sorted(active)) else frozenset()
    rows = []
    for s in table.seats:
        badges = []
        if s.kind == "bot":
            # An unnamed bot is called "Bot B (Hard)" already: its badge just says what it is, "computer" (in
            # Japanese CPU, its word everywhere: the card's second line has no room for コンピューター on a phone).
            badge = _("computer") if unnamed_bot(s.name, s.level) else label(s.level)
            badges.append(h("span", {"class": "badge bot"}, badge))
        if s.id in table.mine and len(table.mine) == 1:
            # On a turned rematch's first turn of theirs the person's card says their colour now, the words the
            # live region says with the turn ("you are pink this time": ``moved_words``); not the status, whose
            # room they widened (``turn_words``).
            badges.append(h("span", {"class": "badge"}, moved_words(ui, table, s.id) or _("you")))
        facts = i18n.separated(*game.seat_facts(ui.view, s.id, table))
        more = [
            *badges,
            # A player whose page is gone, said on their card whoever's turn it is: the status line says it
            # only once the match waits for them, the members list far under the board.
            *([h("span", {"class": "away"}, _("disconnected"))] if s.away else []),
            *([h("span", {"class": "facts"}, facts)] if facts else []),
        ]
        rows.append(
            h(
                "li",
                {
                    "class": "match-seat" + (" turn" if s.id in active else ""),
                    # A tap focuses the card (never a Tab stop): a name cut short is then drawn whole (css), which
                    # its title showed a pointer only.
                    "tabindex": "-1",
                    "data-seat": s.id,
                    "data-colour": s.colour,
                },
                h("span", {"class": f"swatch lane-{s.id}", "data-colour": s.colour, "aria-hidden": "true"}),
                # Its title: the whole name, to a pointer's hover, where a long word is cut short (css).
                h("span", {"class": "seat-name", "title": seat_label(table, s.id)}, _name_and_tag(table, s.id)),
                s.id in scores
                and h(
                    "span",
                    {"class": "score", "data-score": scores[s.id]},
                    points(scores[s.id]),
                ),
                # The card's second line: the kind of player and the game's facts (on the name's line, the
                # kind wrapped under the name on a phone). A card with facts was taller than one without
                # (Light Seeker's "starts the match"): the cards of a match are one height (css).
                more and h("span", {"class": "seat-more"}, more),
                # The "to play" badge, on the card to play only, stands on the card's top edge as a tab
                # (css/app.css), out of every line: the cards and what lies under them do not move as the
                # turn goes round, and no card keeps an empty room for it (every card kept it on its second
                # line, hidden off turn, which read as a gap before "computer").
                s.id in to_play and h("span", {"class": "badge turn-badge"}, _("to play")),
            )
        )
    return h("section", {"class": "match-seats"}, h("h2", {}, _("Players")), h("ul", {}, rows))


def headline(result: Mapping[str, Any], table: Table) -> str:
    """Who won (or drew) the match, in words."""
    winners = [seat_label(table, s) for s in result.get("winners", []) if isinstance(s, str)]
    # A result naming no one (``core.game.Result`` makes none, but another page's is checked only for its
    # fields' types) read "A draw between ." or " wins!": said without the empty list, as the lobby says it.
    if not winners:
        return _("A draw.") if result.get("draw") else _("The match is over.")
    if result.get("draw"):
        return _("A draw between {names}.").format(names=i18n.conjunction(winners))
    # Several winners without a draw: a team of a Reflection race, whose players share its first place.
    return ngettext("{names} wins!", "{names} win!", len(winners)).format(names=i18n.conjunction(winners))


def place_words(result: Mapping[str, Any], seat: str) -> str:
    """``seat``'s place in ``result``'s ranking, in words ("2nd place"; "" for a seat not ranked), as a finished
    match's seat card says it beside the points (a game's ``seat_facts``). Tied seats share a place and the next
    counts everyone ahead (1, 1, 3), as the final standings number them (``result_panel``). Six seats at most
    (Reflection's race): a literal call for each, whose context the catalogue keeps (each language writes its
    own ordinals)."""
    places = (
        i18n.pgettext("place in the final standings", "1st place"),
        i18n.pgettext("place in the final standings", "2nd place"),
        i18n.pgettext("place in the final standings", "3rd place"),
        i18n.pgettext("place in the final standings", "4th place"),
        i18n.pgettext("place in the final standings", "5th place"),
        i18n.pgettext("place in the final standings", "6th place"),
    )
    ahead = 0
    for tied in result.get("ranking") or []:
        tied = tied if isinstance(tied, list) else []
        if seat in tied:
            return places[ahead] if ahead < len(places) else ""
        ahead += len(tied)
    return ""


def result_panel(result: Mapping[str, Any], table: Table) -> Element:
    """The end of the match: why it ended, the ranking with points, the tie-break notes. Tied seats
    share a place and the next place counts everyone ahead (1, 1, 3), as in sport. Who won is the status
    line's (``status``), at the top of the screen on a phone too: the panel beside it on a wide screen
    said it again, and a screen reader heard it from both."""
    scores = given if isinstance(given := result.get("scores"), Mapping) else {}
    notes = given if isinstance(given := result.get("notes"), Mapping) else {}
    places = []
    ahead = 0
    for seats in result.get("ranking", []):
        seats = seats if isinstance(seats, list) else []
        place, ahead = ahead + 1, ahead + len(seats)
        for seat in seats:
            scored = scores.get(seat)
            note = notes.get(seat)
            # The note stands by the name it is about, and the points in a column of their own (css/app.css).
            who: list[Child] = [seat_label(table, seat)]
            if note:
                who = _joined(_("{name} · {note}"), who, note=h("span", {"class": "note"}, describe(note)))
            row: list[Child] = [h("span", {"class": "who"}, who)]
            if scored is not None:
                row = _joined(_("{name} · {points}"), row, points=h("span", {"class": "points"}, points(scored)))
            places.append(
                h(
                    "li",
                    {"data-seat": seat, "data-place": place},
                    h("span", {"class": "place"}, f"{place}."),
                    " ",
                    row,
                )
            )
    # No live region: the match's (``news``) says who won and why, and the panel said why a second time.
    return h(
        "section",
        {"class": "match-result"},
        h("h2", {}, _("Final standings")),
        h("p", {"class": "reason"}, i18n.sentence(ending(result, table))),
        h("ol", {"class": "ranking"}, places),
    )


_ROW = h("span", {})  # where ``_joined`` puts the row so far


def _joined(template: str, row: list[Child], **part: Element) -> list[Child]:
    """A standings row's parts so far (``{name}`` in ``template``) joined to its next ``part`` as the catalogue
    joins them (each language writes its own spacing: "Ann (A) · 12 points", "Ann（A）・12点"). The parts stand
    apart in columns (css/app.css), so a join is read and copied with the row but not drawn (``join``)."""
    out: list[Child] = []
    for piece in filled(template, name=_ROW, **part):
        if piece is _ROW:
            out += row
        elif isinstance(piece, str):
            out += [h("span", {"class": "join"}, piece)] if piece else []
        else:
            out.append(piece)
    return out


def log_panel(ui: MatchUi, table: Table) -> Memo:
    """The last lines of what happened: moves newest first, each move's events in their order (its
    cause above its effects); kept while the log, the names and the language stay."""
    key = ("log", tuple(table.names.items()), i18n.generation())
    return keep(_PANELS, key, lambda: _log_panel(ui, table), (ui.log, ui.board, ui.unseen, ui.held))


LOG_SHOWN = 12  # the lines of the log panel


def _log_panel(ui: MatchUi, table: Table) -> Element:
    game = ui.board
    # Steps newest first, and only as many events put in words as are shown (a move rebuilds the panel):
    # the oldest step shown may lose its last lines, never its first.
    steps: list[list[str]] = []
    left = LOG_SHOWN
    for step, held in zip(reversed(ui.log), reversed(ui.held), strict=True):
        if not left:
            break
        names = holder_names(held, table)
        said = (game.event_text(e, names) for e in step)
        lines = list(islice(filter(None, said), left))
        if lines:
            steps.append(lines)
            left -= len(lines)
    unseen = None
    if ui.unseen:
        # Said after the list: the moves before the oldest one listed (a latecomer joins a long match).
        text = ngettext("{n} earlier move is not listed.", "{n} earlier moves are not listed.", ui.unseen)
        unseen = h("p", {"class": "quiet", "data-unseen": ui.unseen}, text.format(n=ui.unseen))
    return h(
        "section",
        {"class": "match-log"},
        h("h2", {"id": "match-log-title"}, _("What happened")),
        # One item per step, its lines in order: a screen reader reads a move as one item. The list scrolls
        # once it is long, so it is a Tab stop, named by its heading: a keyboard can scroll it too.
        h(
            "ul",
            {"tabindex": "0", "aria-labelledby": "match-log-title"},
            [h("li", {}, [h("p", {}, line) for line in lines]) for lines in steps],
        )
        if steps
        else None,
        unseen,
        h("p", {"class": "quiet"}, _("No moves yet.")) if not steps and unseen is None else None,
    )


def ending(result: Mapping[str, Any], table: Table) -> str:
    """Why the match ended, in words ("Ann (A) reached the target score of 12")."""
    return describe(result.get("reason"), lambda s: seat_label(table, s))


STATUS_NEWS = "news-status"  # the id of the live region's status line (``news_lines``)


def news(ui: MatchUi, table: Table) -> list[str]:
    """The live region's lines: the page's last move and those since (``heard``), then whose turn it is;
    at the end, who won, and why when the game's words for the end did not say it (Reflection's "The
    match is over."): the result panel is no live region, so this is where a screen reader hears it."""
    return [line for _at, line in news_lines(ui, table)]


def news_lines(ui: MatchUi, table: Table) -> list[tuple[str, str]]:
    """``news``, each line with its element's id: an event's numbers it among the events heard
    (``heard_before``), the status's is ``STATUS_NEWS`` (its parts read as their words change: ``heard_parts``),
    the others have none ("")."""
    game = ui.board
    names = [holder_names(held, table) for held in ui.latest_held]
    lines = [(e, game.event_text(e, n)) for e, n in zip(ui.latest, names, strict=True)]
    said = [(f"news-{ui.heard_before + i}", text) for i, (_event, text) in enumerate(lines) if text]
    result = ui.view.get("result")
    ends = [(e, text) for e, text in lines if e.get("type") == "end"]
    # A board words an end event with the reason it carries (Raythread's and Light Seeker's: "The match is
    # over: Ann (A) reached …"); Reflection's carries none ("The match is over."). So the end event's own
    # reason, not a search of the lines for the reason's words (which another line may hold), says whether
    # the reason was said.
    told = any(text and e.get("reason") == result.get("reason") for e, text in ends) if result else False
    why = ending(result, table) if result and ends and not told else ""
    now = status(ui, table, heard=True)
    # The status's line keeps its element (``STATUS_NEWS``) from drawing to drawing: its parts' words are said
    # as they change (``heard_parts``).
    told_now = [*([("", i18n.sentence(why))] if why else []), *([(STATUS_NEWS, now)] if now else [])]
    return [*said, *told_now, *(("", line) for line in disconnected(ui, table) if line)]


def disconnected(ui: MatchUi, table: Table) -> list[str]:
    """While the match runs, the players whose page is gone and who are not counted out (the match goes on
    without them, and said so): the seat list shows them "disconnected" (the status too, of those to play),
    and a screen reader hears it at once, with their names, not after its own move. Last in the live region,
    so that a drop adds a line and the lines before it stay as they were (a changed line is read again).
    Then those of them back since the last move's news (``noticed``): the line that said one was
    disconnected says they are back, read once; the next move's news leaves it out."""
    if ui.view.get("result") or ui.halted:
        return []
    out = _counted_out(ui)
    away = [seat_label(table, s.id) for s in table.seats if s.away and s.id not in out]
    back = [seat_label(table, s.id) for s in table.seats if s.id in ui.back and s.id not in out]
    # A player counted out comes back to watch the rest of the match from their seat (the game refuses their
    # moves): said so, as the count-out was said.
    watching = [seat_label(table, s.id) for s in table.seats if s.id in ui.back and s.id in out]
    stop = i18n.pgettext("full stop", ".")
    gone = ngettext("{names} is disconnected", "{names} are disconnected", len(away))
    here = ngettext("{names} is back", "{names} are back", len(back))
    watch = ngettext("{names} is back, watching", "{names} are back, watching", len(watching))
    return [
        *([gone.format(names=i18n.conjunction(away)) + stop] if away else []),
        *([here.format(names=i18n.conjunction(back)) + stop] if back else []),
        *([watch.format(names=i18n.conjunction(watching)) + stop] if watching else []),
    ]


def _counted_out(ui: MatchUi) -> set[str]:
    """The seats the game counted out (its optional ``counted_out``): the match goes on without them."""
    read = getattr(games.rules(ui.game), "counted_out", None)
    return set(read(ui.view)) if read is not None else set()


def noticed(ui: MatchUi, table: Table) -> MatchUi:
    """``ui`` once its page has looked at ``table`` (its seats' ``away``, which the page's connections set,
    not the match): the seats whose page is gone (the status says it of a seat to play, the live region's
    ``disconnected`` line of the others; a counted-out seat was said once, as such), and those of them whose
    player is connected again, to be said back (``news``; a counted-out one, back to watch) until the next
    move (``advance``). A page calls it after every change, before it draws the match."""
    if ui.view.get("result") or ui.halted:
        away: frozenset[str] = frozenset()
        back: frozenset[str] = frozenset()
    else:
        away = frozenset(s.id for s in table.seats if s.away)
        here = {s.id for s in table.seats if not s.away}
        back = frozenset((ui.back | (ui.away & here)) - away)
    return ui if (away, back) == (ui.away, ui.back) else replace(ui, away=away, back=back)
