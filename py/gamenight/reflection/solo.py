"""The solo training screen (``#/reflection/solo``): pick a puzzle, place tiles, read the lasers.

A pure screen (see ``ui/program.py``): the model is an immutable value, every input is a message,
and saving, timers and puzzle generation are effects the shell carries out. The URL carries the
settings and seed, so a link reproduces the puzzle; the stats, the daily record and the puzzle in
progress (tiles, notes, undo history, time) live in local storage and survive a reload (a bad or old
stored value is ignored); a second tab takes what the other writes (``stored_elsewhere``).

Playing: every placement, turn, move, removal, note, hint and restart is one step of an undo history
(``history.py``): Undo/Redo buttons, Ctrl+Z / Ctrl+Y (or U / R). A hint reveals one cell of the
solution and the clues whose lasers pass through it (``explain.py``); Check counts the misplaced
tiles and costs a hint. A daily puzzle per preset (``daily.py``) keeps a streak and gives a share
line. A game in progress can be exported as a short code or a file and opened elsewhere
(``savecode.py``).

Keys: a key press reaches the board only while the board has focus (the shell sends none from a form
field, nor Enter/Space from a button); undo, redo and the shortcut list work anywhere else too.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Generator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache
from typing import Any, NamedTuple

from gamenight import i18n
from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.grid import Cell, on_board
from gamenight.core.jsonutil import decode, dumps
from gamenight.i18n import N_, _, ngettext, sentences
from gamenight.reflection import daily, prefetch, savecode, scene, training
from gamenight.reflection.explain import Explained, explain, misplaced, why
from gamenight.reflection.generate import PRESETS, TRIANGLES_UP_TO, VERSION, Generated, steps
from gamenight.reflection.history import DOT, NOTE, RING, TILE, Desk, History, Notes, Step, apply, change, redo, undo
from gamenight.reflection.laser import EMPTY, Layout, edge_names, trace
from gamenight.reflection.puzzle import KIND_OF, KINDS, Puzzle, fits, mismatches
from gamenight.reflection.training import TOOLS, Progress, Settings, Stats
from gamenight.ui.heading import drawn, heading_parts
from gamenight.ui.live import alerts
from gamenight.ui.program import (
    Copy,
    Download,
    Effect,
    Env,
    Focus,
    Keys,
    Navigate,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Stored,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    WorkProgress,
    board_stop,
    screen_hash,
)
from gamenight.ui.svg import AttrValue, Element, h

STATS_KEY = "reflection.stats"
PROGRESS_KEY = "reflection.progress"
TIME_KEY = "reflection.time"  # the clock of the puzzle in progress, saved every second
DAILY_KEY = "reflection.daily"
# The last puzzle finished here (``training.Ended``): its address reloaded shows it finished, not afresh.
ENDED_KEY = "reflection.ended"
# "Bigger cells" as the player last set it on a board in play ("on", "off"; absent: the page decides).
ZOOM_KEY = "reflection.zoom"
ZOOMS = {"on": True, "off": False}
CLOCK = "reflection.clock"
# Once, a second after a reloaded page showed its finished puzzle: the result line is said then (``held``), as a
# puzzle in progress says its welcome at the clock's first tick (a finished puzzle runs no clock).
SHOWN = "reflection.shown"
# What the page says of a stored record it cannot read (``Model.unread``).
UNREAD = {
    PROGRESS_KEY: N_("Your puzzle in progress could not be read: start a new one, and it replaces the old one."),
    STATS_KEY: N_(
        "Your solo training record could not be read: it starts again at zero, and your next result replaces it."
    ),
    DAILY_KEY: N_(
        "Your daily puzzle record could not be read: your streak starts again, and your next daily puzzle replaces it."
    ),
}
GENERATE = "reflection.generate"
PROGRESS = "reflection.progress"  # ticks while a puzzle is being made, for the progress bar
# How long making a preset's puzzle usually takes in the browser (docs/performance.md); Expert comes
# from the verified bank. Custom settings have no estimate.
TYPICAL_S = {"easy": 0.3, "normal": 0.5, "hard": 1.0, "expert": 0.2}
FIRST_TILE = {"diagonal": "/", "flat": "|", "block": "#", "hole": "o", "triangle": "◤"}
# Turning: a mirror flips, a triangle mirror takes the next of its four corners, clockwise.
TURNED = {"/": "\\", "\\": "/", "|": "-", "-": "|", "◤": "◥", "◥": "◢", "◢": "◣", "◣": "◤"}
# V (a triangle's shape) places a triangle mirror; T turns any tile (R is redo).
KEY_TILES = {"/": "/", "\\": "\\", "|": "|", "-": "-", "#": "#", "o": "o", "v": "◤", "V": "◤"}
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
NOTE_TOOLS = {"dot": DOT, "ring": RING}
NEXT_NOTE = {EMPTY: DOT, DOT: RING, RING: EMPTY}
WARNINGS = (60_000, 10_000)  # time left when a timed puzzle says so
PRESET_TITLES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert")}


@dataclass(frozen=True)
class Say:
    """What a screen reader should hear about a change. Not an effect for the shell: ``update`` puts
    it into the page's polite live regions (``#rf-news-0`` and ``-1``, by turns: ``ui.live.alerts``)."""

    text: str


class Board(NamedTuple):
    """What the board shows: the puzzle and the player's layout on it."""

    puzzle: Puzzle
    layout: Layout


@dataclass(frozen=True)
class Model:
    """Everything the screen shows. ``phase`` is options → generating → playing → solved or revealed."""

    phase: str
    settings: Settings
    stats: Stats
    puzzle: Puzzle | None = None
    solution: Layout | None = None
    layout: Layout | None = None
    tool: str = "diagonal"  # the tray tool: a tile kind, a note ("dot", "ring"), or "remove"
    cursor: Cell = (0, 0)  # a board cell, or a clue on the ring around it (row or column -1 / size)
    laser: str | None = None  # the edge whose laser is drawn
    drag: tuple[str, str] | None = None  # ("tray", kind) or ("cell", "r,c") while a pointer is down
    started_ms: int = 0  # when the clock last started
    banked_ms: int = 0  # time spent before that
    now_ms: int = 0
    hints: int = 0
    message: str = ""
    shelf: prefetch.Shelf = field(default_factory=prefetch.Shelf)  # the next puzzle, made ahead
    notes: Notes | None = None
    history: History = field(default_factory=History)
    hinted: Explained | None = None  # the last hint, shown until the board changes
    saving: bool = False  # the save panel (code, file) is open
    giving_up: bool = False  # "Give up" was pressed once: the page asks before it shows a solution
    asked: int = 0  # times "Give up this puzzle?" was asked: which alert region says it (ui.live.alerts)
    # "next" or "options": "New puzzle" or "Options" was pressed on a puzzle with progress (``has_progress``):
    # the page asks before the puzzle goes. ``leave_asked`` counts the askings, as ``asked`` does.
    leaving: str = ""
    leave_asked: int = 0
    # A link to another puzzle came while this one was in progress: the page shows this one and asks
    # before it replaces it (its progress would be lost, and it counts as abandoned).
    linked: Settings | None = None
    # Big cells (a phone): the board pans inside its frame. ``None``: where the fitted numbers would be too
    # small to read, as the style sheet decides (scene.zoom_class).
    zoom: bool | None = None
    # "Bigger cells" on a finished board (solved or revealed): off at every finish, so the whole solution
    # is in sight (zoomed, it stayed scrolled where the last taps were); pressed, it zooms that board only.
    end_zoom: bool = False
    # The player's last press was a finger's (``UiEvent.pointer``): what the page says names no keys then.
    touch: bool = False
    # Where keyboard focus is once the puzzle asked for is ready, which what the page says then must fit:
    # BOARD (the control pressed goes away, Start or a daily puzzle: the board takes focus), KEPT ("New
    # puzzle" pressed mid-puzzle on a puzzle made ahead stays, and focus with it, after the board), or ""
    # (a puzzle link opened: the app put focus on the heading, or a fresh page has it at its top, both
    # before the board).
    focus: str = ""
    preset_choice: str = ""  # the preset picked in the options form (shows the custom fields)
    utc_offset_min: int = 0
    record: daily.Record = field(default_factory=daily.Record)
    # The stored entries (``STATS_KEY``, ``DAILY_KEY``) this page could not read: each is kept as it is
    # and said at the top of the page until a result of the player's writes over it.
    unread: tuple[str, ...] = ()
    said: str = ""  # the live regions' words, and how many times they spoke (which region says them: ui.live.alerts)
    said_n: int = 0
    # Words for the live region at the clock's first tick: a reloaded page's first render is drawn while
    # the app is still hidden behind the loading screen, and words already in a live region when it
    # appears are not read.
    held: str = ""

    @property
    def elapsed_ms(self) -> int:
        running = self.phase == "playing"
        return self.banked_ms + (max(0, self.now_ms - self.started_ms) if running else 0)

    @property
    def board(self) -> Board:
        """The puzzle and the player's layout, set together from the first puzzle on: what the functions
        that play, check or draw one read."""
        assert self.puzzle is not None and self.layout is not None
        return Board(self.puzzle, self.layout)

    @property
    def desk(self) -> Desk:
        assert self.layout is not None
        return Desk(self.layout, self.notes or Notes.empty(self.layout.size))

    @property
    def today(self) -> date:
        return daily.local_day(self.now_ms, self.utc_offset_min)


# --- init ----------------------------------------------------------------------------------------


class SoloScreen:
    label = "Play solo"
    storage_keys = (STATS_KEY, PROGRESS_KEY, TIME_KEY, DAILY_KEY, ENDED_KEY, ZOOM_KEY)

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Model, list[Effect]]:
        readers = (
            (PROGRESS_KEY, training.parse_progress),
            (STATS_KEY, training.parse_stats),
            (DAILY_KEY, daily.parse_record),
        )
        loaded = {key: _load(parse, env.stored.get(key)) for key, parse in readers}  # each parsed once
        # A puzzle or a record that is there but cannot be read (damaged, or from another version of the
        # app) is not shown (the options are, the records start again at zero), and the page says so; its
        # entry stays until the next puzzle or result replaces it.
        unread = tuple(key for key, _parse in readers if env.stored.get(key) is not None and loaded[key] is None)
        stats = loaded[STATS_KEY] or Stats()
        record = loaded[DAILY_KEY] or daily.Record()
        saved = loaded[PROGRESS_KEY]
        if saved:
            saved = replace(saved, elapsed_ms=max(saved.elapsed_ms, saved_clock(env.stored.get(TIME_KEY), saved)))
        seed = training.new_number(random.Random(env.now_ms))
        base = Model(
            "options",
            training.parse_settings({}, seed),
            stats,
            now_ms=env.now_ms,
            utc_offset_min=env.utc_offset_min,
            record=record,
            unread=unread,
            # The player's choice holds on every board, after a reload too (it went back to the page's).
            zoom=ZOOMS.get(env.stored.get(ZOOM_KEY) or ""),
        )
        params = training.link_params(params)
        if "seed" not in params and "daily" not in params:
            if saved:  # come back to the puzzle in progress
                return welcomed(*resume(base, saved, env.now_ms))
            return base, []
        try:
            settings = training.makeable(training.parse_settings(params, seed))
        except BadOptions as err:
            shown = _("That link's settings don't work: {reason}").format(reason=describe(err))
            return replace(base, message=shown, preset_choice=params.get("preset", "")), []
        if saved and saved.settings == settings:
            return welcomed(*resume(base, saved, env.now_ms))
        ended = _load(training.parse_ended, env.stored.get(ENDED_KEY))
        if not saved and ended and ended.progress.settings == settings:
            return spoken(*shown_ended(base, ended))
        if saved:
            resumed, effects = resume(base, saved, env.now_ms)
            return spoken(replace(resumed, linked=settings), [*effects, Focus("#rf-keep-puzzle")])
        return spoken(*start(base, settings))

    def update(self, model: Model, message: Any) -> tuple[Model, list[Effect]]:
        return update(model, message)

    def view(self, model: Model) -> Element:
        return view(model)

    def on_reload(self, model: Model) -> str:
        """A puzzle being played comes back after a reload: it is saved at every change, with its clock."""
        return _("Your puzzle is kept.") if model.phase == "playing" else ""

    def keys(self, model: Model) -> Keys:
        """The solo board's keys and gestures, as the guide lists them (imported here: only the help
        needs it, and the page's start should not compile its pictures' code), while a puzzle is played:
        before it (its options, its making) there is no board; a solved or revealed board takes only the
        cursor's and the lasers' keys (``read_finished``), and a tap on a clue."""
        if model.phase not in ("playing", "solved", "revealed") or model.puzzle is None:
            return Keys("reflection")
        from gamenight.reflection import guide

        if model.phase != "playing":
            return Keys("reflection", guide.FINISHED_SHORTCUTS, guide.FINISHED_GESTURES)
        return Keys("reflection", guide.for_tiles(guide.SHORTCUTS, model.puzzle.tiles), guide.GESTURES)

    def title(self, model: Model) -> str:
        if model.puzzle:
            return i18n.title(puzzle_name(model.settings), "Reflection")
        return i18n.title(heading())


def _load(parse, text: str | None):
    """A stored value parsed, or ``None`` when absent, malformed or from an older version."""
    if text is None:
        return None
    try:
        return parse(text)
    except (BadMessage, BadOptions):
        return None


def describe(err: BadMessage | BadOptions) -> str:
    """A refusal in the page's language."""
    return i18n.describe(err.code, err.params)


def saved_clock(text: str | None, progress: Progress) -> int:
    """The time saved by the last clock tick for ``progress``'s puzzle (0 when none or another's).

    The puzzle in progress is saved on every change, its clock every second: a reload goes on from
    the last second, not from the last move."""
    try:
        data = decode(text or "")
    except ValueError:  # not JSON, or nested too deep: as damaged
        return 0
    if not isinstance(data, dict) or data.get("id") != training.puzzle_key(progress.puzzle):
        return 0
    ms = data.get("ms")
    return ms if isinstance(ms, int) and not isinstance(ms, bool) and 0 <= ms < 10**10 else 0


def _from_saved(model: Model, saved: Progress, phase: str, message: str) -> Model:
    """``model`` showing the saved puzzle ``saved`` in ``phase`` with ``message``: its settings, board, notes,
    undo history, tool, hints and time (what a puzzle in progress and a finished one bring back alike)."""
    return replace(
        model,
        phase=phase,
        settings=saved.settings,
        puzzle=saved.puzzle,
        solution=saved.solution,
        layout=saved.layout,
        notes=saved.desk.notes,
        history=saved.history,
        tool=saved.tool,
        hints=saved.hints,
        banked_ms=saved.elapsed_ms,
        hinted=None,
        laser=None,
        message=message,
    )


def resume(model: Model, saved: Progress, now_ms: int, said: str = "") -> tuple[Model, list[Effect | Say]]:
    welcome = said or _("Welcome back: your puzzle is as you left it.")
    resumed = replace(_from_saved(model, saved, "playing", welcome), started_ms=now_ms, now_ms=now_ms)
    resumed, more = prepare_next(resumed)
    return resumed, [Navigate(url(saved.settings), replace=True), StartTimer(CLOCK, 1000), *more]


FOCUS_BOARD = Focus(board_stop(".rf-play"))
# A reloaded page's: nobody has used the keyboard since the load, and the cursor frame a keyboard's focus
# shows (css/app.css) would stand on row 1, column 1 for a player who plays by mouse or finger.
FOCUS_QUIET = replace(FOCUS_BOARD, quiet=True)
# Where focus goes when a puzzle ends, and on its page reloaded: a solve leaves it on the board (which shows the
# solution and reads it cell by cell); a give-up, whose button goes, puts it on "Next puzzle", the way on, as the
# time limit does from the side column (on the board it stays there: a page reloaded has focus on neither).
ENDED_FOCUS = {
    "solved": FOCUS_QUIET,
    "gave-up": Focus("#rf-next", quiet=True),
    "time-up": Focus("#rf-next", quiet=True),
}
BOARD, KEPT = "board", "kept"  # ``Model.focus``: the board takes focus; focus stays on "New puzzle"
SHOW_MESSAGE = ShowInWindow("#rf-message")
# "Bigger cells" pressed: focus stays on it, the one button left (``scene.zoom_buttons``).
ZOOM_FOCUS = Focus("#rf-zoom", only_from="[data-zoom]")


def welcomed(model: Model, effects: list[Effect | Say]) -> tuple[Model, list[Effect]]:
    """A reloaded page back at its puzzle: keyboard focus on the board's Tab stop (it was left on the page's
    body) without the keyboard's cursor frame, and the welcome line said once the page is shown (``held``)."""
    return spoken(replace(model, held=model.message), [*effects, FOCUS_QUIET])


def url(settings: Settings) -> str:
    return screen_hash("reflection", "solo", settings.params())


def start(model: Model, settings: Settings) -> tuple[Model, list[Effect | Say]]:
    """Make the puzzle of ``settings`` in the background (the page stays responsive), or take it from
    the shelf when it was made ahead (or wait for the shelf when it is being made)."""
    generating = replace(
        model,
        phase="generating",
        settings=settings,
        puzzle=None,
        layout=None,
        notes=None,
        history=History(),
        hinted=None,
        laser=None,
        saving=False,
        message="",
    )
    effects: list[Effect | Say] = [Navigate(url(settings), replace=True), StopTimer(CLOCK), StopWork(GENERATE)]
    made = model.shelf.ready(settings.order)
    if made is not None:
        playing, more = generated(generating, made)
        return playing, effects + more
    generating = replace(generating, started_ms=model.now_ms)
    effects.append(StartTimer(PROGRESS, 250))
    if model.shelf.preparing(settings.order):
        return generating, effects
    shelf, stopped = prefetch.clear(model.shelf)
    return replace(generating, shelf=shelf), effects + stopped + [Work(GENERATE, building(settings))]


def building(settings: Settings) -> Generator[int, None, Generated | None]:
    """Generate ``settings``' puzzle; ``None`` if the generator gives up on its seed. A daily puzzle
    then goes on with the next seed of its day, the same on every device."""
    seeds = [settings.seed]
    if settings.daily:
        day = date.fromisoformat(settings.daily)
        seeds += [daily.daily_seed(day, settings.preset, attempt) for attempt in (1, 2)]
    for seed in seeds:
        try:
            return (yield from steps(replace(settings, seed=seed).order))
        except RuntimeError:  # no unique puzzle within the generator's attempts
            continue
    return None


def prepare_next(model: Model) -> tuple[Model, list[Effect]]:
    """Start making the puzzle "New puzzle" will show: the same settings, a fresh number."""
    upcoming = model.shelf.order
    if upcoming not in (None, model.settings.order) and upcoming == following(model.settings, upcoming.seed).order:
        return model, []  # already made, or being made
    seed = training.new_number(random.Random(model.now_ms ^ model.settings.seed))
    shelf, effects = prefetch.prepare(model.shelf, following(model.settings, seed).order)
    return replace(model, shelf=shelf), effects


def following(settings: Settings, seed: int) -> Settings:
    """The settings of the puzzle after one of ``settings``: another number, the current generator (after
    a daily puzzle, an ordinary puzzle of its size), and settings the generator makes (a save or a code
    may hold a puzzle it does not: triangle mirrors on a larger board)."""
    return training.nearest_makeable(replace(settings, seed=seed, version=VERSION, daily=""))


# --- update --------------------------------------------------------------------------------------


def update(model: Model, message: Any) -> tuple[Model, list[Effect]]:
    return spoken(*replaced(*react(model, message)))


def replaced(model: Model, effects: list[Effect | Say]) -> tuple[Model, list[Effect | Say]]:
    """``model`` without the notice of an unreadable record that ``effects`` write over: the damaged
    entry is gone, and the record counts on from the result just stored."""
    written = {e.key for e in effects if isinstance(e, Store)}
    if not written.intersection(model.unread):
        return model, effects
    return replace(model, unread=tuple(key for key in model.unread if key not in written)), effects


def spoken(model: Model, effects: list[Effect | Say]) -> tuple[Model, list[Effect]]:
    """``effects`` for the shell, the ``Say``s among them put into the live region's words."""
    said = [e.text for e in effects if isinstance(e, Say)]
    rest = [e for e in effects if not isinstance(e, Say)]
    if not said:
        return model, rest
    return replace(model, said=sentences(*said), said_n=model.said_n + 1), rest


def react(model: Model, message: Any) -> tuple[Model, list[Effect | Say]]:
    if isinstance(message, Tick) and message.timer == CLOCK:
        return tick(model, message.now_ms)
    if isinstance(message, Tick) and message.timer == PROGRESS:
        return replace(model, now_ms=message.now_ms), []
    if isinstance(message, Tick) and message.timer == SHOWN:  # once: the finished puzzle's result, if still held
        return replace(model, held=""), [StopTimer(SHOWN), *([Say(model.held)] if model.held else [])]
    if isinstance(message, WorkProgress):
        return model, []
    if isinstance(message, WorkDone) and message.task == GENERATE and model.phase == "generating":
        return generated(model, message.value)
    if isinstance(message, WorkDone) and message.task == prefetch.TASK:
        waiting = model.phase == "generating" and model.shelf.preparing(model.settings.order)
        model = replace(model, shelf=prefetch.receive(model.shelf, message))
        if waiting:  # the player was waiting for it (``None``: the generator gave up on its seed)
            return generated(model, message.value)
        return model, []
    if isinstance(message, Stored):
        return stored_elsewhere(model, message)
    if not isinstance(message, UiEvent):
        return model, []
    if message.pointer or (message.type == "keydown" and not message.typing):  # the last input's kind
        touch = message.pointer == "touch"
        model = replace(model, touch=touch) if touch != model.touch else model
    if message.type in ("click", "keydown", "submit", "change"):
        if model.held:  # a move before the clock's first tick: the player is on with the puzzle, no welcome
            model = replace(model, held="")
        if message.now_ms:  # pointer presses leave the clock alone: a re-render under a pressed pointer loses its click
            model = replace(model, now_ms=message.now_ms)
    return on_input(model, message)


def stored_elsewhere(model: Model, stored: Stored) -> tuple[Model, list[Effect | Say]]:
    """Another tab of this browser wrote the stats, the daily record or the puzzle in progress: this page
    takes what it wrote, so that its own next write (a solve counted, a tile placed) keeps the other
    tab's work. (Each tab used to write its own copy, and the last write won.) A value this page cannot
    read (another version of the app) changes nothing; so does the clock, which each tab keeps itself.

    The puzzle in progress is taken only while this page plays one: there is one puzzle in progress,
    and this page's next move would save over the other tab's. Its removal (solved, given up or left
    in the other tab, or the player's data cleared) takes this page back to the options, which the
    next move would otherwise bring back as still in progress."""
    text = stored.text
    # A record another tab wrote that this page can read also replaces an unreadable one (its notice goes).
    unread = tuple(key for key in model.unread if key != stored.key)
    if stored.key == STATS_KEY:
        stats = _load(training.parse_stats, text)
        if stats is None or (stats == model.stats and unread == model.unread):
            return model, []
        return replace(model, stats=stats, unread=unread), []
    if stored.key == DAILY_KEY:
        record = _load(daily.parse_record, text)
        if record is None or (record == model.record and unread == model.unread):
            return model, []
        return replace(model, record=record, unread=unread), []
    if stored.key != PROGRESS_KEY or model.phase != "playing":
        return model, []
    if text is None:
        closed = replace(
            model,
            phase="options",
            puzzle=None,
            layout=None,
            notes=None,
            laser=None,
            hinted=None,
            saving=False,
            giving_up=False,
            leaving="",
            linked=None,
            preset_choice=model.settings.preset,
            message=_("This puzzle was closed in another tab."),
        )
        return closed, [StopTimer(CLOCK), Navigate("#/reflection/solo", replace=True)]
    saved = _load(training.parse_progress, text)
    if saved is None or saved == progress_of(model):
        return model, []
    said = _("This puzzle was played on in another tab: here it is.")
    return resume(model, saved, stored.now_ms or model.now_ms, said)


def generated(model: Model, result: Generated | None) -> tuple[Model, list[Effect | Say]]:
    if result is None:
        said = _("{name} could not be built: try another puzzle number.").format(name=puzzle_name(model.settings))
        # Start went with the form into "Making …": focus goes to the field the message asks to change.
        return replace(model, phase="options", message=said), [StopTimer(PROGRESS), Say(said), Focus("#rf-seed")]
    playing = replace(
        model,
        phase="playing",
        puzzle=result.puzzle,
        solution=result.layout,
        layout=Layout.empty(result.puzzle.size),
        notes=Notes.empty(result.puzzle.size),
        history=History(),
        cursor=(0, 0),
        hints=0,
        banked_ms=0,
        started_ms=model.now_ms,
        # ``start`` clears the line: what is left was said as the puzzle was asked for (``next_puzzle``:
        # why it has no triangle mirrors), and stays with it.
        message=model.message,
    )
    focus: list[Effect | Say] = [FOCUS_BOARD] if model.focus == BOARD else []
    if model.touch:  # a finger: no keys to name
        said = _("{name} is ready: pick a tile in the tray, then a cell; pick a clue to see its laser.")
    elif focus:
        said = _("{name} is ready: arrow keys move on the board; ? lists the keys.")
    elif model.focus == KEPT:  # on "New puzzle", in the side column after the board
        said = _("{name} is ready. Shift+Tab back to the board; arrow keys move; ? lists the keys.")
    else:  # a puzzle link just opened: focus on the heading or the page's top, before the board
        said = _("{name} is ready. Tab to the board; arrow keys move; ? lists the keys.")
    playing, more = prepare_next(replace(playing, focus=""))  # the next puzzle, made ahead
    return playing, [
        StopTimer(PROGRESS),
        StartTimer(CLOCK, 1000),
        save(playing),
        Say(said.format(name=puzzle_name(model.settings))),
        *focus,
        *more,
    ]


def tick(model: Model, now_ms: int) -> tuple[Model, list[Effect | Say]]:
    before = model.elapsed_ms
    model = replace(model, now_ms=now_ms)
    if model.phase != "playing" or model.puzzle is None:
        return model, []
    effects: list[Effect | Say] = [
        Store(TIME_KEY, dumps({"id": training.puzzle_key(model.puzzle), "ms": model.elapsed_ms}))
    ]
    if model.held:
        effects.append(Say(model.held))
        model = replace(model, held="")
    limit = model.settings.limit_min * 60_000
    if limit and model.elapsed_ms >= limit:
        # At the limit, however late the tick (a hidden tab's timers wake once a minute): not "2:30 / 2:00".
        at_limit = replace(model, banked_ms=limit, started_ms=model.now_ms)
        shown, effects = reveal(at_limit, _("Time is up: here is the solution."), "time-up")
        # The buttons beside the board go with the puzzle: focus on one of them would fall to the page's
        # body. "Next puzzle" is the way on, as after a give-up; on the board (it stays) focus stays.
        return shown, [*effects, Focus("#rf-next", only_from=".rf-side")]
    for left in WARNINGS:
        if limit > left and limit - before > left >= limit - model.elapsed_ms:
            seconds = left // 1000
            if seconds >= 60:
                said = ngettext("{n} minute left.", "{n} minutes left.", seconds // 60).format(n=seconds // 60)
            else:
                said = ngettext("{n} second left.", "{n} seconds left.", seconds).format(n=seconds)
            effects.append(Say(said))
    return model, effects


def on_input(model: Model, event: UiEvent) -> tuple[Model, list[Effect | Say]]:
    action, data = event.action, event.data
    if event.type == "submit":
        return on_submit(model, event)
    if event.type == "change":
        if action == "preset":
            return replace(model, preset_choice=event.value), []
        if action == "import-file" and model.phase == "options":
            return open_code(model, event.value)
        return model, []
    if event.type == "keydown":
        return on_key(model, event)
    if event.type == "click":
        return on_click(model, action, data)
    if model.phase != "playing" or model.layout is None or model.puzzle is None:
        return model, []
    if event.type == "pointerdown":
        return on_pointer_down(model, action, data)
    if event.type == "pointerup":
        return on_pointer_up(model, action, data)
    return model, []


def on_submit(model: Model, event: UiEvent) -> tuple[Model, list[Effect | Say]]:
    if event.action == "options":
        try:
            settings = training.makeable(
                training.parse_settings(event.form, training.new_number(random.Random(event.now_ms)))
            )
        except BadOptions as err:
            said = describe(err)
            return replace(model, message=said, preset_choice=event.form.get("preset", "")), [Say(said)]
        # The form asks for today's puzzles; its Start button goes away, so the board takes focus.
        return start(replace(model, focus=BOARD), replace(settings, version=VERSION))
    if event.action == "import" and model.phase == "options":
        return open_code(model, event.form.get("code", ""))
    return model, []


def on_click(model: Model, action: str, data: Mapping[str, str]) -> tuple[Model, list[Effect | Say]]:
    """A click (or Enter/Space on a focused button, which the browser turns into its click)."""
    if model.giving_up and action not in ("give-up", "keep-solving"):
        model = replace(model, giving_up=False)  # any other click answers "keep solving"
    if model.linked is not None and action not in ("keep-puzzle", "open-linked"):
        model = replace(model, linked=None)  # any other click answers "keep this puzzle"
    if model.leaving and action not in (model.leaving, "keep-playing"):
        model = replace(model, leaving="")  # any other click answers "keep this puzzle"
    if action == "keep-playing":
        return replace(model, leaving=""), [Focus(f"#rf-{model.leaving or 'next'}")]
    if action in ("next", "options") and not model.leaving and has_progress(model):
        # The puzzle would go with its board, clock and undo history, counted as abandoned: ask first, with
        # "Keep this puzzle" focused (Enter keeps it), as "Give up" asks.
        return replace(model, leaving=action, leave_asked=model.leave_asked + 1), [Focus("#rf-keep-playing")]
    model = replace(model, leaving="")
    if action == "keep-puzzle":
        return replace(model, linked=None), [FOCUS_BOARD]
    if action == "open-linked" and model.linked is not None:
        return open_linked(model, model.linked)
    if action == "options":
        return abandon_to_options(model)
    if action == "next":
        return next_puzzle(model, model.now_ms)
    if action == "daily":
        return start_daily(model, data.get("preset", ""))
    if action == "zoom":  # the button pressed says what it asks for: only the page knows what "automatic" shows
        if model.phase in ("solved", "revealed"):
            return replace(model, end_zoom=data.get("zoom") == "on"), [ZOOM_FOCUS]
        zoom = data.get("zoom") == "on"
        return replace(model, zoom=zoom), [ZOOM_FOCUS, Store(ZOOM_KEY, "on" if zoom else "off")]
    if action == "share" and model.settings.daily and model.phase == "solved":
        return model, [Copy(share_text(model), _("The result line is copied."))]
    if model.layout is None or model.puzzle is None or model.phase not in ("playing", "solved", "revealed"):
        return model, []
    if action == "edge":  # a clue's laser, on a board in play or finished (trying beams on the solution)
        edge = data.get("edge", "")
        if edge not in edge_names(model.puzzle.size):
            return model, []
        return toggle_laser(replace(model, cursor=scene.edge_cell(model.puzzle.size, edge)), edge)
    if model.phase != "playing":
        return model, []
    if action == "tray":
        kind = data.get("kind", "")
        if kind not in TOOLS or scene.tiles_left(model.board.puzzle.tiles, model.board.layout).get(kind, 1) <= 0:
            return model, []  # a kind with none left: its button is disabled
        chosen = replace(model, tool=kind, message="")
        return chosen, [save(chosen)]  # kept over a reload
    if action == "cell":
        cell = _cell(model, data)
        return use_tool(replace(model, cursor=cell), cell) if cell else (model, [])
    if action in ("hint", "check"):
        # Its line comes under the side column's buttons, below a phone's window where the button was
        # pressed: the page brings it into sight (it moves nothing where the line is seen already).
        model, effects = take_hint(model) if action == "hint" else check_tiles(model)
        return model, [*effects, SHOW_MESSAGE] if model.message else effects
    if action == "undo":
        return step_back(model)
    if action == "redo":
        return step_again(model)
    if action == "restart":
        return restart(model)
    if action == "save":
        return replace(model, saving=not model.saving), []
    if action == "copy-code":
        return model, [Copy(export_code(model), _("The code is copied."))]
    if action == "download":
        return model, [Download(savecode.filename(model.settings), export_code(model) + "\n")]
    if action == "keep-solving":
        return replace(model, giving_up=False), [Focus("#rf-give-up")]
    if action == "give-up" and not model.giving_up:  # a solution shown cannot be unseen: ask first
        return replace(model, giving_up=True, asked=model.asked + 1), [Focus("#rf-keep-solving")]
    if action == "give-up":
        model, effects = reveal(replace(model, giving_up=False), _("You gave up: here is a solution."), "gave-up")
        return model, [*effects, Focus("#rf-next")]  # the button pressed is gone: "Next puzzle" is the way on
    return model, []


def board_cell(data: Mapping[str, str], size: int) -> Cell | None:
    """The cell of a ``size``×``size`` board an input names (untrusted ``data-r``/``data-c``), if it is
    one (the solo board's and the match board's)."""
    try:
        cell = (int(data.get("r", "")), int(data.get("c", "")))
    except ValueError:
        return None
    return cell if on_board(cell, size) else None


def _cell(model: Model, data: Mapping[str, str]) -> Cell | None:
    return board_cell(data, model.puzzle.size if model.puzzle else 0)


def on_key(model: Model, event: UiEvent) -> tuple[Model, list[Effect | Say]]:
    """Undo and redo work wherever the key was pressed (but in a form field); the board's own keys
    only while the board (a cell or a clue) has focus. ``?`` (the app's help) lists them all."""
    if event.typing:  # a key in a form field is the field's
        return model, []
    if model.phase in ("solved", "revealed") and model.layout is not None and model.puzzle is not None:
        return read_finished(model, event)
    playing = model.phase == "playing" and model.layout is not None and model.puzzle is not None
    if not playing:
        return model, []
    if event.key == "Escape" and model.giving_up:  # Escape answers "Give up this puzzle?" with keep solving
        return replace(model, giving_up=False), [Focus("#rf-give-up")]
    if event.key == "Escape" and model.leaving:  # and "Start a new puzzle?" with keep this puzzle
        return replace(model, leaving=""), [Focus(f"#rf-{model.leaving}")]
    after, effects = on_puzzle_key(model, event)
    if (after.giving_up or after.leaving) and (after.layout, after.notes) != (model.layout, model.notes):
        # A key that changed the board answers keep solving (keep this puzzle), as a click does.
        after = replace(after, giving_up=False, leaving="")
    return after, effects


# The keys a finished board takes: the cursor's, and the lasers' (E; Space or Enter on a clue; Escape hides it).
FINISHED_KEYS = (*ARROWS, "Home", "End", "e", "E", " ", "Enter", "Escape")


def read_finished(model: Model, event: UiEvent) -> tuple[Model, list[Effect | Say]]:
    """A solved or revealed board keeps keyboard focus (it shows the solution) and is read cell by cell:
    the cursor keys move over it, as over a board in play, and its lasers are shown as in play (a player
    looking at the solution tries beams on it: it changes no score); no other key changes it."""
    if event.mods or event.action not in ("cell", "edge", "board") or event.key not in FINISHED_KEYS:
        return model, []
    at = at_focus(model, event)
    if event.key in (" ", "Enter") and scene.edge_at(at.board.puzzle.size, at.cursor) is None:
        return model, []  # on a cell they would use the tray's tool: the board is over
    return on_board_key(at, event.key)


def at_focus(model: Model, event: UiEvent) -> Model:
    """``model`` with its cursor on the cell or clue the key was pressed on: focus may have moved without
    the cursor (a click, a Tab)."""
    at = _cell(model, event.data) if event.action == "cell" else None
    edge = event.data.get("edge", "") if event.action == "edge" else ""
    if edge in edge_names(model.board.puzzle.size):
        at = scene.edge_cell(model.board.puzzle.size, edge)
    return replace(model, cursor=at) if at else model


def on_puzzle_key(model: Model, event: UiEvent) -> tuple[Model, list[Effect | Say]]:
    """Undo, redo and the board's keys, on a puzzle being played."""
    key, mods = event.key, event.mods
    ctrl = "ctrl" in mods.split("+")
    lower = key.lower()
    if (ctrl and lower == "z" and "shift" not in mods) or (not ctrl and key in ("u", "U")):
        return step_back(model)
    if (ctrl and (lower == "y" or (lower == "z" and "shift" in mods))) or (not ctrl and key in ("r", "R")):
        return step_again(model)
    if ctrl or "alt" in mods or event.action not in ("cell", "edge", "board"):
        return model, []
    return on_board_key(at_focus(model, event), key)  # the focused cell or clue is where the key acts


def on_board_key(model: Model, key: str) -> tuple[Model, list[Effect | Say]]:
    n = model.board.puzzle.size
    r, c = model.cursor
    if key in ARROWS:
        dr, dc = ARROWS[key]
        return move_cursor(model, (r + dr, c + dc))
    if key in ("Home", "End"):  # the row's first or last board column (on the top and bottom rows: clue)
        return move_cursor(model, (r, 0 if key == "Home" else n - 1))
    if key == "Escape":  # hides the laser shown, as on the race board (Raythread's and Light Seeker's step back)
        return hide_laser(model)
    edge = scene.edge_at(n, model.cursor)
    if edge is not None:  # E: the one laser through a clue, as Enter there
        return toggle_laser(model, edge) if key in (" ", "Enter", "e", "E") else (model, [])
    cell = model.cursor
    if key in ("e", "E"):  # the lasers through the cursor, one after another (the race board's E)
        return next_laser(model, cell)
    if key in KEY_TILES:
        return set_tile(model, cell, KEY_TILES[key])
    if key in (" ", "Enter"):
        return use_tool(model, cell)
    if key in ("t", "T"):
        return rotate(model, cell)
    if key in ("Delete", "Backspace", "x", "X"):
        return clear_cell(model, cell)
    if key == ".":
        return set_note(model, cell, DOT)
    if key in ("n", "N"):
        return set_note(model, cell, NEXT_NOTE[model.desk.notes.at(cell)], toggle=False)
    return model, []


def move_cursor(model: Model, to: Cell) -> tuple[Model, list[Effect | Say]]:
    """The cursor goes over the board and the clues around it (never onto a corner, never off)."""
    n = model.board.puzzle.size
    if not on_board(to, n) and scene.edge_at(n, to) is None:
        return model, []
    return replace(model, cursor=to), []


def toggle_laser(model: Model, edge: str) -> tuple[Model, list[Effect | Say]]:
    if model.laser == edge:
        return hide_laser(model)
    puzzle, layout = model.board
    path = trace(layout, edge, puzzle.warps)
    shown = replace(model, laser=edge)
    return shown, [Say(laser_words(puzzle, path))]


def hide_laser(model: Model) -> tuple[Model, list[Effect | Say]]:
    """No laser drawn; said only when one was (an Escape over nothing says nothing)."""
    if model.laser is None:
        return model, []
    return replace(model, laser=None), [Say(_("Laser hidden."))]


def next_laser(model: Model, cell: Cell) -> tuple[Model, list[Effect | Say]]:
    """The next laser through ``cell``'s row and column, as the race board's E shows them: left, top, right,
    bottom, then none."""
    r, c = cell
    ring = [f"L{r + 1}", f"T{c + 1}", f"R{r + 1}", f"B{c + 1}"]
    shown = ring[0] if model.laser not in ring else [*ring, None][ring.index(model.laser) + 1]
    if shown is None:
        return replace(model, laser=None), [Say(_("Laser hidden."))]
    return toggle_laser(replace(model, laser=None), shown)


def laser_words(puzzle: Puzzle, path) -> str:
    """What the drawn laser does, for a screen reader: where it goes and how far it counts."""
    # A sentence: "The laser from top 3 leaves at bottom 3, count 10; …" ("Laser of top 3: …" read as a label).
    if path.exit is None:
        end = _("is stopped by a black hole")
    elif path.exit == path.edge:
        end = _("comes back out at {edge}").format(edge=scene.edge_name(path.edge))
    else:
        end = _("leaves at {edge}").format(edge=scene.edge_name(path.exit))
    want = puzzle.clue(path.edge)
    return _("The laser from {edge} {end}, count {count}; the clue says {colour} {number}.").format(
        edge=scene.edge_name(path.edge),
        end=end,
        count=path.number,
        colour=_(scene.COLOUR_NAMES[want.colour]),
        number=want.number,
    )


# A drag while a pointer is down: ("tray", a tile kind) or ("cell", "r,c") of a placed tile.
Drag = tuple[str, str]


class Drop(NamedTuple):
    """What the end of a drag does (``dropped``): ``tile`` put on ``cell``, which is ``EMPTY`` when a
    placed tile goes back to the tray; ``source``: the cell a placed tile moved from; ``kind``: the
    kind a tile from the tray was (the board's tool becomes it)."""

    cell: Cell
    tile: str
    source: Cell | None = None
    kind: str = ""


def picked(layout: Layout, action: str, data: Mapping[str, str]) -> Drag | None:
    """What a press picks up: a kind from the tray, or the tile placed on the cell pressed."""
    if action == "tray" and data.get("kind") in KINDS:
        return ("tray", data["kind"])
    cell = board_cell(data, layout.size) if action == "cell" else None
    if cell and layout.at(cell) != EMPTY:
        return ("cell", f"{cell[0]},{cell[1]}")
    return None


def dropped(drag: Drag, layout: Layout, warps: Collection[Cell], action: str, data: Mapping[str, str]) -> Drop | None:
    """The end of ``drag`` where the pointer was let go: from the tray onto an empty cell places a tile
    of its kind; from a cell onto another empty one moves it (not onto a warp gate); from a cell off
    the board takes the tile back. ``None``: nothing happens (a drag that ends where it began is a
    click, which the click that follows handles)."""
    source, what = drag
    target = board_cell(data, layout.size) if action == "cell" else None
    if source == "tray":
        return Drop(target, FIRST_TILE[what], kind=what) if target and layout.at(target) == EMPTY else None
    r, c = (int(x) for x in what.split(","))
    if target == (r, c):
        return None
    if target is None:  # dropped off the board: back to the tray
        return Drop((r, c), EMPTY)
    if layout.at(target) != EMPTY or target in warps:
        return None
    return Drop(target, layout.at((r, c)), source=(r, c))


def on_pointer_down(model: Model, action: str, data: Mapping[str, str]) -> tuple[Model, list[Effect | Say]]:
    """A press starts a drag from the tray or a placed tile, and forgets any drag before it: a drag
    can end with no pointerup (a finger's swipe the browser took to pan the zoomed board, a button
    let go outside the page), and its tile must not follow the next tap."""
    drag = picked(model.board.layout, action, data)
    return (replace(model, drag=drag) if drag != model.drag else model), []


def on_pointer_up(model: Model, action: str, data: Mapping[str, str]) -> tuple[Model, list[Effect | Say]]:
    """Finish a drag (``dropped``): a tile placed, moved (one step to undo) or taken back."""
    if model.drag is None:
        return model, []
    puzzle, layout = model.board
    drop = dropped(model.drag, layout, puzzle.warps, action, data)
    model = replace(model, drag=None)
    if drop is None:
        return model, []
    if drop.kind:
        return set_tile(replace(model, tool=drop.kind, cursor=drop.cell), drop.cell, drop.tile)
    if drop.source is None:
        return set_tile(model, drop.cell, EMPTY)
    step = change(model.desk, [(drop.source, TILE, EMPTY), (drop.cell, TILE, drop.tile)])
    return commit(replace(model, cursor=drop.cell), step, cell_words(apply(model.desk, step), puzzle, drop.cell))


def use_tool(model: Model, cell: Cell) -> tuple[Model, list[Effect | Say]]:
    """A click (or Space) on ``cell``: the remove tool takes the tile or note back; a note tool
    toggles its note; a tile turns; an empty cell gets a tile of the selected kind."""
    puzzle, layout = model.board
    tile = layout.at(cell)
    if model.tool == "remove":
        return clear_cell(model, cell)
    if model.tool in NOTE_TOOLS:
        return set_note(model, cell, NOTE_TOOLS[model.tool])
    if tile != EMPTY:
        return rotate(model, cell)
    kind = scene.live_tool(model.tool, puzzle.tiles, layout)  # never a kind with none left
    if kind is None:
        return refuse(model, _("No tiles left in your tray: take one back first."))
    return set_tile(replace(model, tool=kind), cell, FIRST_TILE[kind])


def rotate(model: Model, cell: Cell) -> tuple[Model, list[Effect | Say]]:
    tile = model.board.layout.at(cell)
    if tile in TURNED:
        return set_tile(model, cell, TURNED[tile])
    if tile != EMPTY:
        return refuse(model, _("Blocks and black holes do not turn; use Remove to take one back."))
    return model, []


def clear_cell(model: Model, cell: Cell) -> tuple[Model, list[Effect | Say]]:
    puzzle, layout = model.board
    if layout.at(cell) != EMPTY:
        return set_tile(model, cell, EMPTY)
    if model.desk.notes.at(cell) != EMPTY:
        return commit(model, change(model.desk, [(cell, NOTE, EMPTY)]), cell_words(model.desk, puzzle, cell))
    return model, []


def set_tile(model: Model, cell: Cell, tile: str) -> tuple[Model, list[Effect | Say]]:
    """Put ``tile`` (or ``"."``) on ``cell`` if the rules allow, then check for a solve and save."""
    puzzle, layout = model.board
    if cell in puzzle.warps:
        return refuse(model, _("Warp cells hold no tiles."))
    if layout.at(cell) == tile:
        return model, []
    if not puzzle.tiles.allows(layout.place(cell, tile)):
        kind = _(scene.KIND_NAMES[KIND_OF[tile]])
        return refuse(model, _("No {kind} left in your tray: take one back first.").format(kind=kind))
    step = change(model.desk, [(cell, TILE, tile)])
    # The tray goes on to the next kind left when this was the chosen kind's last tile (``scene.live_tool``).
    model = replace(model, tool=scene.live_tool(model.tool, puzzle.tiles, layout.place(cell, tile)) or model.tool)
    return commit(model, step, cell_words(apply(model.desk, step), puzzle, cell))


def set_note(model: Model, cell: Cell, mark: str, toggle: bool = True) -> tuple[Model, list[Effect | Say]]:
    """Note ``mark`` on an empty ``cell`` (with ``toggle``, the same note again takes it away)."""
    puzzle, layout = model.board
    if cell in puzzle.warps:
        return refuse(model, _("Warp cells take no notes."))
    if layout.at(cell) != EMPTY:
        return refuse(model, _("Notes go on empty cells: take the tile away first."))
    if toggle and model.desk.notes.at(cell) == mark:
        mark = EMPTY
    step = change(model.desk, [(cell, NOTE, mark)])
    return commit(model, step, cell_words(apply(model.desk, step), puzzle, cell))


def refuse(model: Model, why: str) -> tuple[Model, list[Effect | Say]]:
    return replace(model, message=why), [Say(why)]


def commit(model: Model, step: Step, said: str) -> tuple[Model, list[Effect | Say]]:
    """Make ``step`` (one undoable change), then check for a solve and save."""
    if not step:
        return model, []
    desk = apply(model.desk, step)
    changed = replace(
        model,
        layout=desk.layout,
        notes=desk.notes,
        history=model.history.record(step),
        hinted=None,
        message="",
    )
    return settle(model, changed, said)


def settle(before: Model, model: Model, said: str) -> tuple[Model, list[Effect | Say]]:
    """After the board changed: finished, or saved with the change and the clues it matched said."""
    puzzle, layout = model.board
    if not unmatched(puzzle, layout) and fits(puzzle, layout):  # ``check``, traced once
        return finish(model)
    return model, [save(model), Say(sentences(said, clue_news(before, model)))]


def clue_news(before: Model, after: Model) -> str:
    """Which clues a change matched or unmatched, and how many match now."""
    was, now = set(unmatched(*before.board)), set(unmatched(*after.board))
    order = edge_names(after.board.puzzle.size)
    won = [e for e in order if e in was - now]
    lost = [e for e in order if e in now - was]
    parts = []
    # The clues' names begin these sentences: "top 2" is written to go inside one, so the first letter
    # is made a capital here ("Top 2 and top 8 match now.").
    if won:
        parts.append(
            i18n.sentence(
                ngettext("{edges} matches now.", "{edges} match now.", len(won)).format(edges=scene.edge_list(won, 6))
            )
        )
    if lost:
        parts.append(
            i18n.sentence(
                ngettext("{edges} no longer matches.", "{edges} no longer match.", len(lost)).format(
                    edges=scene.edge_list(lost, 6)
                )
            )
        )
    if won or lost:
        total = len(order)
        parts.append(_("{n} of {total} clues match.").format(n=total - len(now), total=total))
    return sentences(*parts)


@lru_cache(maxsize=8)
def unmatched(puzzle: Puzzle, layout: Layout) -> tuple[str, ...]:
    """``mismatches``, remembered for the last few boards: a change announces the clues it matched
    and then draws them, from one tracing of every laser."""
    return mismatches(puzzle, layout)


def cell_words(desk: Desk, puzzle: Puzzle, cell: Cell) -> str:
    """ "Row 3, column 4: diagonal mirror, slash." — a cell as it is now."""
    # ``i18n.sentence``: the full stop is the page's language's ("。" in Japanese, where "." was added).
    return i18n.sentence(scene.cell_label(puzzle, desk.layout, cell, scene.Look(notes=desk.notes)))


def step_back(model: Model) -> tuple[Model, list[Effect | Say]]:
    undone = undo(model.desk, model.history)
    if undone is None:
        return refuse(model, _("Nothing to undo."))
    desk, history, step = undone
    changed = replace(model, layout=desk.layout, notes=desk.notes, history=history, hinted=None, message="")
    return settle(model, changed, _("Undone: {what}").format(what=step_words(desk, model.board.puzzle, step)))


def step_again(model: Model) -> tuple[Model, list[Effect | Say]]:
    redone = redo(model.desk, model.history)
    if redone is None:
        return refuse(model, _("Nothing to redo."))
    desk, history, step = redone
    changed = replace(model, layout=desk.layout, notes=desk.notes, history=history, hinted=None, message="")
    return settle(model, changed, _("Redone: {what}").format(what=step_words(desk, model.board.puzzle, step)))


def step_words(desk: Desk, puzzle: Puzzle, step: Step) -> str:
    """The cells a step touched, as they are now (one or two named, else how many)."""
    cells = list(dict.fromkeys(edit.cell for edit in step))
    if len(cells) > 2:
        return ngettext("{n} cell changed.", "{n} cells changed.", len(cells)).format(n=len(cells))
    return sentences(*(cell_words(desk, puzzle, cell) for cell in cells))


def has_progress(model: Model) -> bool:
    """Whether "New puzzle" or "Options" would lose something the player made, and so asks first: a tile
    or a note on the board, a step to undo or redo (a board cleared by hand may come back by Redo), or a
    hint taken (it counts in the record). Time alone is not: a fresh puzzle looked at and skipped is what
    "New puzzle" is for, and asking then too would teach the player to answer without reading. A finished
    puzzle has nothing to lose."""
    if model.phase != "playing" or model.layout is None:
        return False
    return not board_empty(model) or bool(model.history.done or model.history.undone) or model.hints > 0


def board_empty(model: Model) -> bool:
    """No tile and no note on the board: Restart has nothing to clear."""
    return not model.desk.layout.tiles() and not model.desk.notes.marks()


def restart(model: Model) -> tuple[Model, list[Effect | Say]]:
    """Clear every tile and note (one step: Undo brings them back); the clock and hints go on."""
    desk = model.desk
    wanted = [(cell, TILE, EMPTY) for cell in desk.layout.tiles()]
    wanted += [(cell, NOTE, EMPTY) for cell in desk.notes.marks()]
    if not wanted:
        return refuse(model, _("The board is already empty."))
    return commit(model, change(desk, wanted), _("The board is cleared; the clock runs on. Undo brings it back."))


def take_hint(model: Model) -> tuple[Model, list[Effect | Say]]:
    """Reveal one cell the player does not have right, with the clues whose lasers pass through it."""
    puzzle, layout = model.board
    assert model.solution is not None  # set with the puzzle
    found = explain(puzzle, model.solution, layout)
    if found is None:
        return model, []
    helped = replace(model, hints=model.hints + 1, cursor=found.cell)
    text = hint_words(found)
    placed = layout.place(found.cell, found.tile)
    if not puzzle.tiles.allows(placed):  # every tile of that kind is out on wrong cells
        kind = _(scene.KIND_NAMES[KIND_OF[found.tile]])
        text = sentences(text, _("Take back a misplaced {kind} first to place it.").format(kind=kind))
        shown = replace(helped, hinted=found, message=text)
        return shown, [save(shown), Say(text)]
    done, effects = commit(helped, change(model.desk, [(found.cell, TILE, found.tile)]), text)
    if done.phase == "playing":
        done = replace(done, hinted=found, message=text)
    return done, effects


def hint_words(found: Explained) -> str:
    """ "Hint: a diagonal mirror, slash belongs at row 3, column 4 — the lasers of top 3 and left 5 turn here."""
    r, c = found.cell[0] + 1, found.cell[1] + 1
    if found.tile == EMPTY:
        return _("Hint: nothing belongs at row {r}, column {c} — {why}.").format(r=r, c=c, why=why(found))
    tile = _(scene.TILE_NAMES[found.tile])
    return _("Hint: a {tile} belongs at row {r}, column {c} — {why}.").format(tile=tile, r=r, c=c, why=why(found))


def check_tiles(model: Model) -> tuple[Model, list[Effect | Say]]:
    """How many placed tiles are misplaced, without saying which. Costs a hint."""
    layout = model.board.layout
    if not layout.tiles():
        return refuse(model, _("Place some tiles first: the check looks at the tiles you placed."))
    assert model.solution is not None  # set with the puzzle
    wrong = misplaced(model.solution, layout)
    if wrong:
        text = ngettext(
            "Check: {n} of your tiles is misplaced (this counts as a hint).",
            "Check: {n} of your tiles are misplaced (this counts as a hint).",
            wrong,
        ).format(n=wrong)
    else:
        text = _("Check: every tile you placed is right so far (this counts as a hint).")
    checked = replace(model, hints=model.hints + 1, message=text)
    return checked, [save(checked), Say(text)]


def finish(model: Model) -> tuple[Model, list[Effect | Say]]:
    ms = model.elapsed_ms
    puzzle = training.puzzle_key(model.board.puzzle)
    stats = training.solved(model.stats, model.settings.preset, ms, model.hints, puzzle)
    text = _("Solved in {time}!").format(time=clock(ms))
    done = replace(
        model,
        phase="solved",
        stats=stats,
        banked_ms=ms,
        laser=None,
        hinted=None,
        saving=False,
        message=text,
        end_zoom=False,
    )
    effects: list[Effect | Say] = [
        StopTimer(CLOCK),
        Store(STATS_KEY, _json(stats)),
        Store(PROGRESS_KEY, None),
        Store(TIME_KEY, None),
        keep_ended(done, "solved", repeat=model.stats.finished_before(puzzle)),
    ]
    day = daily.parse_day(model.settings.daily)
    if day is not None and day == model.today:
        record = daily.solved(model.record, day, model.settings.preset, ms, model.hints)
        done = replace(done, record=record)
        effects.append(Store(DAILY_KEY, record.to_text()))
        text = sentences(text, streak_words(record, day))
    if model.stats.finished_before(puzzle):  # the Solved count and the best time do not move: say why
        text = sentences(text, repeat_words())
    done = replace(done, message=text)
    return done, [*effects, Say(text)]


def streak_words(record: daily.Record, day: date) -> str:
    """ "Daily streak: 3 days.": the streak as ``day``'s daily puzzle, solved that day, left it."""
    streak = daily.streak(record, day)
    return ngettext("Daily streak: {n} day.", "Daily streak: {n} days.", streak).format(n=streak)


def repeat_words() -> str:
    """Said after the finish of a puzzle finished before, which the record counted then."""
    return _("You finished this puzzle before: your record counts its first finish only.")


def reveal(model: Model, why: str, how: str) -> tuple[Model, list[Effect | Say]]:
    stats = training.gave_up(model.stats, model.hints, training.puzzle_key(model.board.puzzle))
    shown = replace(
        model,
        phase="revealed",
        end_zoom=False,
        layout=model.solution,
        notes=Notes.empty(model.board.puzzle.size),
        stats=stats,
        banked_ms=model.elapsed_ms,
        laser=None,
        hinted=None,
        saving=False,
        message=why,
    )
    effects: list[Effect | Say] = [StopTimer(CLOCK), Store(STATS_KEY, _json(stats)), Store(PROGRESS_KEY, None)]
    return shown, [*effects, Store(TIME_KEY, None), keep_ended(shown, how), Say(why)]


def keep_ended(model: Model, how: str, repeat: bool = False) -> Store:
    """The finished puzzle kept (``ENDED_KEY``), its undo history left out: nothing is undone on it. ``repeat``:
    a puzzle finished before, whose reloaded line says so again (``shown_ended``)."""
    kept = training.Ended(how, replace(progress_of(model), history=History()), repeat)
    return Store(ENDED_KEY, kept.to_text())


def shown_ended(model: Model, ended: training.Ended) -> tuple[Model, list[Effect | Say]]:
    """The page reloaded at the last puzzle finished here: shown finished, as it was left, with "Next puzzle"
    (made ahead) and "Change options"; the record already counts it. Its line is the finish's, the streak of a
    daily puzzle solved on its day included; keyboard focus goes where the finish put it (``ENDED_FOCUS``), without
    the keyboard's mark, and the line is said once the page is shown (``SHOWN``): left on the page's body, focus
    had a keyboard or screen-reader player look for the result from the page's top, and nothing was said."""
    saved = ended.progress
    words = {
        "solved": _("Solved in {time}!").format(time=clock(saved.elapsed_ms)),
        "gave-up": _("You gave up: here is a solution."),
        "time-up": _("Time is up: here is the solution."),
    }
    said = words[ended.how]
    day = daily.parse_day(saved.settings.daily)
    counted = day is not None and model.record.result(day, saved.settings.preset) is not None
    # Solved on its day (the record counts only those), it said the streak as it stood then: the record's run while
    # its last day is this one (a record moved on to a later day's solve no longer knows it: then left unsaid).
    if ended.how == "solved" and day is not None and counted and daily.streak(model.record, day):
        said = sentences(said, streak_words(model.record, day))
    if ended.how == "solved" and ended.repeat:  # as its finish said it (``finish``)
        said = sentences(said, repeat_words())
    phase = "solved" if ended.how == "solved" else "revealed"
    shown, effects = prepare_next(_from_saved(model, saved, phase, said))  # "Next puzzle" made ahead, as before
    return replace(shown, held=said), [*effects, ENDED_FOCUS[ended.how], StartTimer(SHOWN, 1000)]


def abandon_to_options(model: Model) -> tuple[Model, list[Effect | Say]]:
    """Back to the options; any puzzle being made stops at once (Cancel)."""
    shelf, stopped = prefetch.clear(model.shelf)
    effects: list[Effect | Say] = [
        StopTimer(CLOCK),
        StopTimer(PROGRESS),
        StopWork(GENERATE),
        *stopped,
        Store(PROGRESS_KEY, None),
        Store(TIME_KEY, None),
        Navigate("#/reflection/solo", replace=True),
        # The button pressed goes with the board: focus would fall to the page's body (QA14).
        Focus("#rf-preset"),
    ]
    counted, stored = abandoning(model)
    cleared = replace(
        counted, phase="options", puzzle=None, layout=None, notes=None, laser=None, hinted=None, message=""
    )
    effects += stored
    return replace(cleared, preset_choice=model.settings.preset, saving=False, shelf=shelf), effects


def abandoning(model: Model) -> tuple[Model, list[Effect | Say]]:
    """``model`` with the puzzle in progress, if any, counted as abandoned in the stats (stored)."""
    if model.phase != "playing":
        return model, []
    stats = training.abandoned(model.stats, model.hints)
    return replace(model, stats=stats), [Store(STATS_KEY, _json(stats))]


def next_puzzle(model: Model, now_ms: int) -> tuple[Model, list[Effect | Say]]:
    model, effects = abandoning(model)
    upcoming = model.shelf.order
    if upcoming is not None and upcoming == following(model.settings, upcoming.seed).order:
        settings = following(model.settings, upcoming.seed)  # the puzzle made (or being made) ahead
    else:  # after a daily puzzle, the next one is an ordinary puzzle of its size
        settings = following(model.settings, training.new_number(random.Random(now_ms)))
    if settings.tiles.triangle == model.settings.tiles.triangle:
        model, started = start(waiting_for_board(model, settings), settings)
        return model, effects + started
    # Triangle mirrors on a board the generator does not make them for: said as it is asked for, and the
    # line stays with the puzzle (``generated``).
    why = _("Triangle mirrors come on boards up to {n}×{n}: this puzzle has diagonal mirrors in their place.")
    why = why.format(n=TRIANGLES_UP_TO)
    model, started = start(waiting_for_board(model, settings), settings)
    return replace(model, message=why), [*effects, Say(why), *started]


def waiting_for_board(model: Model, settings: Settings) -> Model:
    """``model`` asking for the board's focus when the button pressed does not stay: "Next puzzle"
    under a finished board, whose place the new puzzle's tray takes ("New puzzle" comes further down, and a
    second Enter there would throw the fresh puzzle away), or any button when the puzzle of ``settings`` is
    not made ahead (it goes with the board into "Making …": focus would fall to the page's body). "New
    puzzle" pressed mid-puzzle on a puzzle made ahead stays, and focus with it (to skip another)."""
    if model.phase == "playing" and model.shelf.ready(settings.order) is not None:
        return replace(model, focus=KEPT)
    return replace(model, focus=BOARD)


def open_linked(model: Model, settings: Settings) -> tuple[Model, list[Effect | Say]]:
    """The linked puzzle instead of the one in progress, which counts as abandoned (as "Next puzzle")."""
    model, effects = abandoning(model)
    model, started = start(replace(model, linked=None, focus=BOARD), settings)
    return model, effects + started


def start_daily(model: Model, preset: str) -> tuple[Model, list[Effect | Say]]:
    """Today's (local date) puzzle of ``preset``."""
    if preset not in PRESETS or model.phase not in ("options", "solved", "revealed"):
        return model, []
    settings = training.parse_settings({"preset": preset, "daily": model.today.isoformat()}, 0)
    return start(replace(model, focus=BOARD), settings)  # its button goes away with the options


def open_code(model: Model, text: str) -> tuple[Model, list[Effect | Say]]:
    """Open a saved game from its code (pasted, or a save file's text)."""
    try:
        progress = savecode.parse_code(text)
    except BadMessage as err:
        said = describe(err)
        return replace(model, message=said), [Say(said)]
    said = _("Saved game opened: {name}, {time} played.").format(
        name=puzzle_name(progress.settings), time=clock(progress.elapsed_ms)
    )
    opened, effects = resume(model, progress, model.now_ms, said)
    return opened, [*effects, save(opened), Say(said), FOCUS_BOARD]  # the Open button is gone


def progress_of(model: Model) -> Progress:
    puzzle, layout = model.board
    assert model.solution is not None  # set with the puzzle
    return Progress(
        model.settings,
        puzzle,
        model.solution,
        layout,
        model.elapsed_ms,
        model.hints,
        model.desk.notes,
        model.history,
        model.tool,
    )


def save(model: Model) -> Store:
    return Store(PROGRESS_KEY, progress_of(model).to_text())


def export_code(model: Model) -> str:
    return savecode.export(progress_of(model))


def _json(stats: Stats) -> str:
    return dumps(stats.to_json())


def clock(ms: int) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a duration in milliseconds."""
    seconds = ms // 1000
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def preset_title(preset: str) -> str:
    return _(PRESET_TITLES[preset]) if preset in PRESET_TITLES else _("Custom")


def heading_words() -> tuple[str, str]:
    """The page's heading's parts: "Reflection", "solo training" (drawn by ``heading_parts``)."""
    return "Reflection", _("solo training")


def heading() -> str:
    """The page's heading as text, "Reflection · solo training" (its title, ``i18n.heading``)."""
    return i18n.heading(*heading_words())


def puzzle_name(settings: Settings) -> str:
    """ "Puzzle #4821 · Hard 10×10, 20 tiles" or "Daily puzzle 2026-12-01 · Hard", as a line of two parts
    (``i18n.line``): drawn as a status line's (``ui.heading.drawn``), it breaks between them with no separator
    at a line's edge. As one text it broke "Puzzle #2024" / "· Easy 6×6," at 320 × 200."""
    if settings.daily:
        # Its date is one word, as in the daily puzzles' heading: at 320 px it could break at a hyphen.
        day = i18n.whole(i18n.date_text(date.fromisoformat(settings.daily)))
        return i18n.line(_("Daily puzzle {day}").format(day=day), preset_title(settings.preset))
    tiles = ngettext("{n} tile", "{n} tiles", settings.tiles.total).format(n=settings.tiles.total)
    kind = _("{preset} {size}×{size}, {tiles}").format(
        preset=preset_title(settings.preset), size=settings.size, tiles=tiles
    )
    triangles = _(", with triangle mirrors") if settings.tiles.triangle else ""
    return i18n.line(_("Puzzle #{number}").format(number=settings.seed), kind + triangles)


def share_text(model: Model) -> str:
    """The line to share: the day's result as the record keeps it (its first solve on that day, as the options
    page ticks it; a second try, the solution known, said its own time), else this board's (solved another day)."""
    day = daily.parse_day(model.settings.daily)
    assert day is not None
    kept = model.record.result(day, model.settings.preset)
    ms, hints = (kept.ms, kept.hints) if kept is not None else (model.banked_ms, model.hints)
    return daily.share_line(day, preset_title(model.settings.preset), clock(ms), hints)


# --- view ----------------------------------------------------------------------------------------


def view(model: Model) -> Element:
    body: list[Element | None]
    if model.phase == "options":
        body = [h("div", {"class": "rf-start"}, options_form(model), h("div", {}, daily_panel(model), import_panel()))]
    elif model.phase == "generating":
        body = [generating(model)]
    else:
        body = [play_area(model)]
    return h(
        "main",
        {"class": "page reflection-solo", "data-action": "screen", "data-phase": model.phase},
        heading_parts("h1", {"tabindex": "-1"}, *heading_words()),
        alerts(model.said, model.said_n, "visually-hidden", "rf-news", polite=True),
        [h("p", {"class": "notice rf-unread", "role": "status"}, _(UNREAD[key])) for key in model.unread],
        # With a board, the message comes under the side column's buttons (play_area), never above the board.
        message_line(model) if model.phase in ("options", "generating") else None,
        linked_question(model),
        body,
        stats_panel(model),
    )


def message_line(model: Model) -> Element | None:
    """What the last action said (a hint, a check, a refusal, "Solved in 1:23!"), if anything."""
    return h("p", {"class": "rf-message", "id": "rf-message"}, model.message) if model.message else None


def linked_question(model: Model) -> Element | None:
    """What a link to another puzzle asks while this one is in progress ("Keep this puzzle" first)."""
    if model.linked is None:
        return None
    return h(
        "div",
        {"class": "confirm rf-linked", "role": "group", "aria-labelledby": "rf-linked-question"},
        h(
            "p",
            {"id": "rf-linked-question"},
            _("The link opens another puzzle: {name}. Open it? This puzzle's progress will be lost.").format(
                name=puzzle_name(model.linked)
            ),
        ),
        button("keep-puzzle", _("Keep this puzzle")),
        button("open-linked", _("Open the linked puzzle"), attrs={"class": "button danger"}),
    )


def give_up_buttons(model: Model) -> list[Element]:
    """The "Give up" button, or the question it asks ("Keep solving" comes first: Enter keeps the puzzle).
    The question is said as it is asked, and again when it is asked again (after "Keep solving"): the
    focus goes to "Keep solving", which does not read it out."""
    # The question's regions are drawn empty (hidden) before it is asked: asked in regions that came with it,
    # it was not announced.
    said = _("Give up this puzzle? A solution will be shown.") if model.giving_up else ""
    question = alerts(said, model.asked, "rf-confirm", QUESTION)
    if not model.giving_up:
        return [*question, button("give-up", _("Give up"))]
    return [
        *question,
        button("keep-solving", _("Keep solving")),
        # Both regions: the one not speaking is empty and adds nothing to the description.
        button(
            "give-up",
            _("Yes, give up"),
            attrs={"class": "button danger", "aria-describedby": f"{QUESTION}-0 {QUESTION}-1"},
        ),
    ]


QUESTION = "rf-give-up-question"
LEAVE_QUESTION = "rf-leave-question"


def leave_buttons(model: Model, ready: Mapping[str, AttrValue]) -> list[Element]:
    """ "New puzzle" and "Options", or the question one of them asks on a puzzle with progress ("Keep this
    puzzle" first: Enter keeps it), said as it is asked, as "Give up" asks (``give_up_buttons``)."""
    said = {
        "next": _("Start a new puzzle? This puzzle's progress will be lost."),
        "options": _("Go to the options? This puzzle's progress will be lost."),
    }.get(model.leaving, "")
    question = alerts(said, model.leave_asked, "rf-confirm", LEAVE_QUESTION)
    if not model.leaving:
        return [*question, button("next", _("New puzzle"), attrs=ready), button("options", _("Options"))]
    yes = _("Yes, a new puzzle") if model.leaving == "next" else _("Yes, to the options")
    attrs: dict[str, AttrValue] = {
        "class": "button danger",
        "aria-describedby": f"{LEAVE_QUESTION}-0 {LEAVE_QUESTION}-1",
        **(ready if model.leaving == "next" else {}),
    }
    return [*question, button("keep-playing", _("Keep this puzzle")), button(model.leaving, yes, attrs=attrs)]


def button(action: str, text: str, primary: bool = False, attrs: Mapping[str, AttrValue] | None = None) -> Element:
    """A button of this screen, with ``attrs`` too; its id keeps keyboard focus on it across re-renders."""
    return h(
        "button",
        {
            "type": "button",
            "id": f"rf-{action}",
            "class": "button primary" if primary else "button",
            "data-action": action,
            **(attrs or {}),
        },
        text,
    )


def options_form(model: Model) -> Element:
    s = model.settings
    choice = model.preset_choice or s.preset
    # The options name the level alone and the line under the dropdown the chosen level's board: a browser
    # draws the chosen option on one line, which cut "Easy — 6×6, 6 tiles" at 320 px with the text at 200 %.
    presets = [h("option", {"value": name, "selected": name == choice}, preset_title(name)) for name in PRESETS]
    presets.append(h("option", {"value": "custom", "selected": choice == "custom"}, _("Custom…")))
    chosen = PRESETS.get(choice)
    about = (
        h(
            "p",
            {"id": "rf-preset-about", "class": "rf-preset-about"},
            _("{size}×{size}, {n} tiles").format(size=chosen.size, n=chosen.tiles),
        )
        if chosen is not None
        else None
    )

    def number(name: str, label: str, value: int, lo: int, hi: int) -> Element:
        return h(
            "label",
            {},
            label,
            h("input", {"type": "number", "name": name, "value": value, "min": lo, "max": hi, "inputmode": "numeric"}),
        )

    return h(
        "form",
        {"class": "rf-options", "data-action": "options", "aria-label": _("A new puzzle")},
        h("h2", {}, _("A new puzzle")),
        # The level's board line is the dropdown's description, drawn under the dropdown (its column's width, so
        # it wraps there: css/app.css), wherever the dropdown goes: beside its label, or under it on a narrow row.
        h(
            "div",
            {"class": "rf-level"},
            h("label", {"for": "rf-preset"}, _("Puzzle")),
            h(
                "div",
                {"class": "rf-level-pick"},
                h(
                    "select",
                    {
                        "name": "preset",
                        "data-action": "preset",
                        "id": "rf-preset",
                        "aria-describedby": "rf-preset-about" if about is not None else None,
                    },
                    presets,
                ),
                about,
            ),
        ),
        h(
            "fieldset",
            {"class": "rf-custom"},
            h("legend", {}, _("Custom puzzle")),
            number("size", _("Board size"), s.size, 4, 12),
            [
                number(kind, _(i18n.TERMS[training.SETTING_LABELS[kind]]), n, 0, 60)
                for kind, n in zip(KINDS, s.tiles.counts(), strict=True)
            ],
            h(
                "label",
                {"class": "rf-check"},
                h("input", {"type": "checkbox", "name": "warp", "value": "1", "checked": s.warp}),
                _("Light warp"),
            ),
        )
        if choice == "custom"
        else h(
            "label",
            {"class": "rf-check"},
            h("input", {"type": "checkbox", "name": "triangles", "value": "1", "checked": s.tiles.triangle > 0}),
            _("Triangle mirrors (Easy and Normal)"),  # training.makeable: no larger preset is made with them
        ),
        h(
            "label",
            {},
            _("Time limit"),
            h(
                "select",
                {"name": "limit"},
                [
                    h(
                        "option",
                        {"value": m, "selected": m == s.limit_min},
                        ngettext("{n} minute", "{n} minutes", m).format(n=m) if m else _("none"),
                    )
                    for m in training.TIME_LIMITS
                ],
            ),
        ),
        h(
            "label",
            {},
            _("Puzzle number"),
            h(
                "input",
                {
                    "name": "seed",
                    "id": "rf-seed",
                    "inputmode": "numeric",
                    "placeholder": _("random"),
                    "autocomplete": "off",
                },
            ),
        ),
        h("button", {"type": "submit", "class": "button primary", "id": "rf-start"}, _("Start")),
    )


def daily_panel(model: Model) -> Element:
    """Today's puzzle of each preset, ticked when solved, and the streak."""
    today = model.today
    streak = daily.streak(model.record, today)
    buttons = []
    for preset in PRESETS:
        result = model.record.result(today, preset)
        text = preset_title(preset)
        if result is not None:
            text = _("{preset} ✓ {time}").format(preset=text, time=clock(result.ms))
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "id": f"rf-daily-{preset}",
                    "class": "button" + (" done" if result else ""),
                    "data-action": "daily",
                    "data-preset": preset,
                    "aria-label": _("Daily {preset}, solved in {time}").format(
                        preset=preset_title(preset), time=clock(result.ms)
                    )
                    if result
                    else None,
                },
                text,
            )
        )
    return h(
        "section",
        {"class": "rf-daily", "aria-labelledby": "rf-daily-title"},
        heading_parts("h2", {"id": "rf-daily-title"}, _("Daily puzzles"), i18n.whole(i18n.date_text(today))),
        h("p", {"class": "rf-note-text"}, _("One puzzle per size each day, the same for everyone.")),
        h("div", {"class": "actions"}, buttons),
        h(
            "p",
            {"class": "rf-streak", "data-streak": streak},
            i18n.separated(
                ngettext("Streak: {n} day", "Streak: {n} days", streak).format(n=streak),
                _("best {n}").format(n=model.record.best),
            ),
        ),
    )


def import_panel() -> Element:
    return h(
        "section",
        {"class": "rf-import", "aria-labelledby": "rf-import-title"},
        h("h2", {"id": "rf-import-title"}, _("Open a saved game")),
        h(
            "form",
            {"data-action": "import", "class": "rf-import-form"},
            h(
                "label",
                {"for": "rf-code-in"},
                _("Code of a saved game"),
            ),
            h(
                "textarea",
                {"id": "rf-code-in", "name": "code", "rows": 2, "spellcheck": "false", "autocomplete": "off"},
            ),
            h("button", {"type": "submit", "class": "button", "id": "rf-open"}, _("Open")),
        ),
        # The browser draws a file input's button in its own language ("Choose File" on a Japanese
        # page): the input stays for the keyboard and screen readers, hidden, and the label shows a
        # button of our own words that opens it.
        h(
            "label",
            {"class": "rf-file"},
            _("…or a save file: "),
            h(
                "input",
                {
                    "type": "file",
                    "accept": ".txt,text/plain",
                    "data-action": "import-file",
                    "id": "rf-file",
                    "class": "visually-hidden",
                },
            ),
            h("span", {"class": "button", "aria-hidden": "true"}, _("Choose a file")),
        ),
    )


def generating(model: Model) -> Element:
    """What the player sees while a puzzle is made: a bar that fills with the time it usually takes,
    the seconds so far, and Cancel (which stops the work at once)."""
    s = model.settings
    waited = max(0, model.now_ms - model.started_ms) / 1000
    # Only the presets as measured have an estimate: not custom boards, old links or triangle mirrors.
    typical = TYPICAL_S.get(s.preset) if s.version == VERSION and not s.tiles.triangle else None
    if typical is None:
        if s.version < VERSION:
            note = _("This link is from an older version: its puzzle is made the old, slower way.")
        else:
            note = _("Big boards with many tiles can take a while.")
        bar = h("progress", {"aria-label": _("making the puzzle")})  # no estimate: an indeterminate bar
    else:
        # The bar nears the end as the usual time passes, and never claims to be done.
        share = min(0.95, waited / (2 * typical))
        bar = h("progress", {"aria-label": _("making the puzzle"), "max": 100, "value": round(100 * share)})
        if waited <= 3 * typical:
            # A no-break space keeps the number and its unit on one line.
            note = _("Usually ready in about {n}\u00a0s.").format(n=f"{typical:g}")
        else:
            note = _("Taking longer than usual: some puzzles need a long search to prove they have one solution.")
    so_far = _("{n}\u00a0s so far").format(n=int(waited))
    return h(
        "section",
        {"class": "rf-generating", "aria-busy": "true"},
        h("p", {}, _("Making {name}…").format(name=puzzle_name(s))),
        bar,
        h("p", {"class": "rf-wait"}, note, " ", h("span", {"class": "rf-waited"}, so_far)),
        button("options", _("Cancel")),
    )


def play_area(model: Model) -> Element:
    puzzle, layout = model.board
    playing = model.phase == "playing"
    zoom = scene.shown_zoom(model.zoom, model.end_zoom, not playing)
    wrong = unmatched(puzzle, layout) if playing else ()
    path = trace(layout, model.laser, puzzle.warps) if model.laser else None
    look = scene.Look(
        wrong=wrong,
        path=path,
        cursor=model.cursor,
        solved=model.phase == "solved",
        notes=model.notes if playing else None,
        hint_cell=model.hinted.cell if model.hinted else None,
        hint_edges=model.hinted.edges if model.hinted else (),
    )
    total = 4 * puzzle.size
    limit = model.settings.limit_min
    left = limit * 60_000 - model.elapsed_ms
    # Marks the next puzzle as made ahead: pressing the button shows it at once (tests wait for it).
    ready = {"data-ready": "true"} if model.shelf.made is not None else {}
    side: list[Element | None] = [
        h(
            "div",
            {"class": "rf-status"},
            h("p", {"class": "rf-name"}, drawn(puzzle_name(model.settings))),
            h(
                "p",
                {"class": "rf-clock" + (" rf-low" if limit and playing and left <= 60_000 else "")},
                h("span", {"class": "visually-hidden"}, _("Time") + " "),
                clock(model.elapsed_ms) + (f" / {limit}:00" if limit else ""),
            ),
            h(
                "p",
                {"class": "rf-matched"},
                _("{n} of {total} clues match").format(n=total - len(wrong), total=total) if playing else None,
            ),
            # Shown by the style sheet where this board's cells are under 44 px (css/app.css: by its size).
            *scene.zoom_buttons(zoom, puzzle.size, "zoom"),
        ),
    ]
    if playing:
        history = model.history
        side += [
            scene.tray(puzzle, layout, model.tool),
            h(
                "div",
                {"class": "actions rf-edit", "role": "group", "aria-label": _("Undo and redo")},
                button("undo", _("Undo"), attrs={"aria-disabled": "true" if not history.done else None}),
                button("redo", _("Redo"), attrs={"aria-disabled": "true" if not history.undone else None}),
                # Nothing to clear (a fresh puzzle): it looks unavailable like Undo, and still says why.
                button("restart", _("Restart"), attrs={"aria-disabled": "true" if board_empty(model) else None}),
            ),
            h(
                "div",
                {"class": "actions rf-controls"},
                button("hint", _("Hint")),
                button("check", _("Check")),
                *give_up_buttons(model),
            ),
            h(
                "div",
                {"class": "actions rf-more"},
                button("save", _("Save or move"), attrs={"aria-expanded": "true" if model.saving else "false"}),
                h(
                    "button",
                    {
                        "type": "button",
                        "id": "rf-how",
                        "class": "button",
                        "data-action": "app-rules",
                        "data-game": "reflection",
                    },
                    _("How to play"),
                ),
                *leave_buttons(model, ready),
            ),
            save_panel(model) if model.saving else None,
        ]
    else:
        side += [
            solved_panel(model) if model.phase == "solved" and model.settings.daily else None,
            h(
                "div",
                {"class": "actions rf-controls"},
                button("next", _("Next puzzle"), primary=True, attrs=ready),
                button("options", _("Change options")),
            ),
        ]
    # Last in the side column, not above the board: drawn there it moved the board and every button down by
    # its height and back up at the next move (a click meant for one cell hit the next one). Here nothing a
    # player presses moves as it comes and goes, the save panel's Copy included.
    side.append(message_line(model))
    return h(
        "section",
        {"class": "rf-play"},
        h(
            "div",
            {
                "class": "rf-board-wrap" + scene.zoom_class(zoom),
                "data-action": "board",
                "data-size": puzzle.size,
                # Bigger cells pan under a finger, except one that goes down on a tile: it drags it.
                "data-hold": "[data-tile]" if zoom is not False and playing else None,
                # Solved or revealed, a cell changes at no click (a clue still shows its laser): as the race's
                # board done with, no cell lights up under a pointer nor shows the hand (css/app.css).
                "data-done": None if playing else "true",
                "style": scene.frame_style(puzzle.size),
            },
            scene.board(puzzle, layout, look),
        ),
        h("div", {"class": "rf-side"}, side),
        help_line() if playing else None,
    )


def help_line() -> Element:
    """What a player does on the board. A finger does what a mouse does; the sentence that names keys is
    in the element css/app.css hides on a touch screen (no keyboard there: as ``ui.match.replay_note``),
    the gap before it (English's space, none in Japanese) inside it."""
    return h(
        "p",
        {"class": "rf-help"},
        _(
            "Pick a tile or a note in the tray, then a cell; a placed tile turns when you pick it again. "
            "Drag tiles on and off the board. Pick a clue to see its laser."
        ),
        h(
            "span",
            {"class": "keys-only"},
            i18n.sentence_gap(),
            _("Tab to the board to play by keyboard; ? lists the keys."),
        ),
    )


def save_panel(model: Model) -> Element:
    code = export_code(model)
    return h(
        "section",
        {"class": "rf-save", "aria-labelledby": "rf-save-title"},
        h("h2", {"id": "rf-save-title"}, _("Save or move this game")),
        h(
            "p",
            {},
            _(
                "This code holds the puzzle, your tiles and notes and your time. Open it on the options page, "
                "here or on another device."
            ),
        ),
        h("label", {"for": "rf-code-out"}, _("Code")),
        h("textarea", {"id": "rf-code-out", "readonly": True, "rows": 3, "spellcheck": "false"}, code),
        h(
            "div",
            {"class": "actions"},
            button("copy-code", _("Copy the code")),
            button("download", _("Download a file")),
        ),
    )


def solved_panel(model: Model) -> Element:
    line = share_text(model)
    return h(
        "section",
        {"class": "rf-share", "aria-label": _("Your result")},
        h("p", {"class": "rf-share-line", "id": "rf-share-line"}, line),
        button("share", _("Copy the result"), primary=True),
    )


def stats_panel(model: Model) -> Element:
    s = model.stats
    best = s.best(model.settings.preset)
    # The record takes in a puzzle's hints when it ends (solved, given up, abandoned); while one is in
    # play, the count shown has its hints too, so a hint or a check adds one at once.
    hints = s.hints + (model.hints if model.phase == "playing" else 0)
    # A list, each count an item: spans side by side, apart only by the stylesheet's gaps, were read out as one
    # run ("Solved 1 Given up 0 …"). ``role="list"``: a list drawn without bullets loses it in Safari's reader.
    return h(
        "aside",
        {"class": "rf-stats", "aria-label": _("Your training record")},
        h(
            "ul",
            {"role": "list"},
            h("li", {"data-stat": "solved"}, _("Solved {n}").format(n=s.solved)),
            h("li", {"data-stat": "given-up"}, _("Given up {n}").format(n=s.given_up)),
            # Puzzles left for another (New puzzle, Options, a link): kept in the record, so shown with it.
            h("li", {"data-stat": "abandoned"}, _("Abandoned {n}").format(n=s.abandoned)),
            h("li", {"data-stat": "hints"}, _("Hints {n}").format(n=hints)),
            h(
                "li",
                {"data-stat": "best"},
                _("Best {preset}: {time}").format(preset=preset_title(model.settings.preset), time=clock(best)),
            )
            if best is not None
            else None,
        ),
    )


SCREEN = SoloScreen()
