"""Solo training: the settings of a run of puzzles, the player's stats, and the puzzle in progress.

All three arrive as untrusted text — URL parameters, local storage — and go through parse functions
that raise ``BadOptions`` / ``BadMessage`` with a reason; a caller that gets one ignores the value.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import i18n
from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.game import form_number
from gamenight.core.jsonutil import decode, dumps, get_int, obj, only_keys
from gamenight.core.rng import MAX_SEED
from gamenight.i18n import N_, _, formats, reasons, terms
from gamenight.reflection import daily
from gamenight.reflection.generate import PRESETS, TRIANGLES_UP_TO, VERSION, VERSIONS, Order, makes_triangles, mix
from gamenight.reflection.history import Desk, History, Notes, parse_history, parse_notes
from gamenight.reflection.laser import EMPTY, MAX_SIZE, MIN_SIZE, Layout
from gamenight.reflection.puzzle import KINDS, Puzzle, TileSet, check, fits, parse_layout, parse_puzzle

TIME_LIMITS = (0, 2, 3, 5, 10, 15, 20, 30, 60)  # minutes; 0 = untimed (the seed: 2–30 min or 1 hour)
STATS_VERSION = 1
PROGRESS_VERSION = 3  # 2 added notes and the undo history, 3 the tray's chosen tool; older saves still load
# The tray's tools: the tile kinds, the two notes, the remove tool. (A kind the puzzle has none of may be the
# chosen one still: a new puzzle keeps the last puzzle's.)
TOOLS = (*KINDS, "dot", "ring", "remove")
RECENT = 20  # solve times kept
FINISHED = 1000  # puzzles remembered as finished (17 characters each in storage): older ones may count again
EXAMPLE_DAY = "2026-12-01"  # a daily link's date, as its refusal shows one
PUZZLE_NUMBERS = 1_000_000  # a new puzzle's number is short enough to read out; links may carry bigger ones


def new_number(source: random.Random) -> int:
    """A fresh puzzle number (short: six digits at most)."""
    return source.randrange(1, PUZZLE_NUMBERS)


@dataclass(frozen=True)
class Settings:
    """One training run: a preset (or ``"custom"``) with its board and tiles, warp, time limit, seed,
    and the generator version the seed is read with (links made before versions existed are 1)."""

    preset: str
    size: int
    tiles: TileSet
    warp: bool
    limit_min: int
    seed: int
    daily: str = ""  # the date (YYYY-MM-DD) of a daily puzzle; its seed comes from the date
    version: int = VERSION  # a daily puzzle is always made by today's generator

    @property
    def order(self) -> Order:
        """What to ask the generator for."""
        return Order(self.size, self.tiles, self.warp, self.seed, self.version)

    def params(self) -> dict[str, str]:
        """URL parameters that reproduce this puzzle (``parse_settings`` reads them back)."""
        if self.daily:
            return {"preset": self.preset, "daily": self.daily}
        out = {"preset": self.preset}
        if self.preset == "custom":
            out["size"] = str(self.size)
            out.update({kind: str(n) for kind, n in self.tiles.to_json().items()})
            out["warp"] = "1" if self.warp else "0"
        elif self.tiles.triangle:
            out["triangles"] = "1"
        if self.limit_min:
            out["limit"] = str(self.limit_min)
        out["seed"] = str(self.seed)
        if self.version != 1:  # a link from before versions keeps its exact address
            out["v"] = str(self.version)
        return out


reasons(
    {
        "training-preset": N_("Unknown preset '{got}': choose {choices} or custom."),
        "training-limit": N_("The time limit must be one of {choices} minutes, or none."),
        "training-no-tiles": N_("A puzzle needs at least one tile."),
        "training-too-many-tiles": N_("At most {n} tiles fit a {size}×{size} puzzle."),
        "training-stats-recent": N_("stats: 'recent_ms' must be a short list of times"),
        "training-stats-best": N_("stats: 'best_ms' maps preset names to times"),
        "training-stats-finished": N_("stats: 'finished' must be a list of puzzle keys"),
        "training-stored-json": N_("{what}: not valid JSON"),
        "training-stored-version": N_("{what}: version {got} is not {want}"),
        "training-saved-settings": N_("saved puzzle: 'settings' holds text parameters"),
        "training-saved-mismatch": N_("saved puzzle: the puzzle does not match its settings"),
        "training-saved-answer": N_("saved puzzle: the stored answer does not solve the puzzle"),
        "training-saved-placed": N_("saved puzzle: the placed tiles do not fit the puzzle"),
        "training-saved-notes": N_("saved puzzle: a note stands on a tile or a warp cell"),
        "training-saved-tool": N_("saved puzzle: the chosen tool is not one of the tray's"),
        "training-ended-how": N_("finished puzzle: 'how' is not solved, gave up or time up"),
        "training-ended-repeat": N_("finished puzzle: 'repeat' must be true or false"),
        "training-daily-date": N_(
            "“{daily_text}” is not a date between {first_day} and {last_day} like {example_day}."
        ),
        "training-daily-preset": N_("Daily puzzles come as easy, normal, hard or expert puzzles, not custom ones."),
        "training-newer-link": N_("This link is from a newer version of the site: reload the page to update it."),
        "training-daily-fixed": N_("A daily puzzle has no puzzle number or time limit of its own."),
        "training-triangles-size": N_(
            "Triangle mirrors come on boards up to {n}×{n} (Easy, Normal or a custom board): a larger puzzle "
            "with them takes too long to make."
        ),
    }
)


def _day_words(value: str, translate: Callable[[str], str]) -> str | None:
    """A day of the daily link's refusal (``first_day``, ``last_day``) as the page writes a day ("2020-01-01",
    "2020年1月1日"), whole: a line broke at its hyphens, and the language writes it, not the message. Another
    ``translate`` than the page's (``i18n.english``: ``str(err)``, for logs) gives it as the link writes it."""
    day = daily.parse_day(value)
    if day is None:
        return None
    return i18n.whole(i18n.date_text(day)) if translate is _ else value


def _link_words(value: str, translate: Callable[[str], str]) -> str:
    """What a link's ``daily`` holds, typed or shown as an example of one (``daily_text``, ``example_day``): as
    the link writes it in every language ("2026-12-01"), whole on the page."""
    return i18n.whole(value) if translate is _ else value


formats({"first_day": _day_words, "last_day": _day_words, "daily_text": _link_words, "example_day": _link_words})

# The solo screen's fields, as its form names them: a refusal shows the label the player sees.
SETTING_LABELS = {
    "seed": "training-seed",
    "size": "training-size",
    "limit": "training-limit-field",
    "diagonal": "training-diagonals",
    "flat": "training-flats",
    "block": "training-blocks",
    "hole": "training-holes",
    "triangle": "training-triangles",
    "v": "training-version",
}
terms(
    {
        "training-seed": N_("Puzzle number"),
        "training-size": N_("Board size"),
        "training-limit-field": N_("Time limit"),
        "training-diagonals": N_("Diagonal mirrors"),
        "training-flats": N_("Flat mirrors"),
        "training-blocks": N_("Blocks"),
        "training-holes": N_("Black holes"),
        "training-triangles": N_("Triangle mirrors"),
        "training-version": N_("Generator version (v)"),
        "stats": N_("stats"),
        "saved puzzle": N_("saved puzzle"),
        "best_ms": N_("stats: 'best_ms'"),
    }
)


def _int_param(params: Mapping[str, str], key: str, lo: int, hi: int, default: int) -> int:
    raw = params.get(key, "")
    if raw.strip() == "":
        return default
    field = SETTING_LABELS.get(key, key)
    value = form_number(raw)
    if value is None:
        raise BadOptions("field-not-whole", field=field)
    if not lo <= value <= hi:
        raise BadOptions("field-range", field=field, lo=lo, hi=hi, value=value)
    return value


LINK_CHOICES = ("preset", "triangles", "warp")  # a link's words (its numbers and date have no case)


def link_params(params: Mapping[str, str]) -> dict[str, str]:
    """A link's parameters read as the options form's words are: without the spaces around them, the choices in
    any case ("?preset=Easy", typed by hand or capitalised by a chat app, was refused where the table's "?vs=Normal"
    is read). At the link's edge only: a save code's settings and the form's fields are the page's own, exact."""
    return {k: v.strip().lower() if k in LINK_CHOICES else v.strip() for k, v in params.items()}


def parse_settings(params: Mapping[str, str], seed: int) -> Settings:
    """Settings from URL or form parameters; ``seed`` is used when none is given. Raises ``BadOptions``.

    ``daily=YYYY-MM-DD`` asks for that day's puzzle of a preset: its seed comes from the date, and it
    has no time limit.
    """
    preset = params.get("preset", "easy")
    if preset not in (*PRESETS, "custom"):
        raise BadOptions("training-preset", got=preset[:20], choices=", ".join(PRESETS))
    if params.get("daily", ""):
        return _daily_settings(params, preset)
    limit = _int_param(params, "limit", 0, 60, 0)
    if limit not in TIME_LIMITS:
        raise BadOptions("training-limit", choices=", ".join(map(str, TIME_LIMITS[1:])))
    seed = _int_param(params, "seed", 0, MAX_SEED, seed)
    version = _int_param(params, "v", 0, MAX_SEED, 1)  # no version: a link from before versions
    if version not in VERSIONS:
        raise BadOptions("training-newer-link")
    if preset != "custom":
        base = PRESETS[preset]
        triangles = params.get("triangles", "0") in ("1", "on", "true")  # an option, off by default
        tiles = mix(base.tiles, base.black_holes, triangles)
        return Settings(preset, base.size, tiles, False, limit, seed, version=version)
    size = _int_param(params, "size", MIN_SIZE, MAX_SIZE, 8)
    counts = [_int_param(params, kind, 0, size * size, 0) for kind in KINDS]
    tiles = TileSet(*counts)
    warp = params.get("warp", "0") in ("1", "on", "true")
    if tiles.total == 0:
        raise BadOptions("training-no-tiles")
    if tiles.total > size * size // 2:
        raise BadOptions("training-too-many-tiles", n=size * size // 2, size=size)
    return Settings("custom", size, tiles, warp, limit, seed, version=version)


def makeable(settings: Settings) -> Settings:
    """``settings`` when a new puzzle can be made for them, else ``BadOptions``: triangle mirrors only on
    boards up to ``TRIANGLES_UP_TO``. Checked where a puzzle is asked for (a link, the form), not where
    one is read back (a save, a code), which holds its puzzle already."""
    if settings.tiles.triangle and not makes_triangles(settings.size):
        raise BadOptions("training-triangles-size", n=TRIANGLES_UP_TO)
    return settings


def nearest_makeable(settings: Settings) -> Settings:
    """``settings``, or the nearest settings ``makeable`` accepts: on a board too large for triangle
    mirrors, diagonal mirrors in their place (what the preset has without them)."""
    tiles = settings.tiles
    if not tiles.triangle or makes_triangles(settings.size):
        return settings
    plain = TileSet(tiles.diagonal + tiles.triangle, tiles.flat, tiles.block, tiles.hole)
    return replace(settings, tiles=plain)


def _daily_settings(params: Mapping[str, str], preset: str) -> Settings:
    text = params["daily"]
    day = daily.parse_day(text)
    if day is None:
        raise BadOptions(
            "training-daily-date",
            daily_text=text[:20],
            first_day=daily.FIRST_DAY.isoformat(),
            last_day=daily.LAST_DAY.isoformat(),
            example_day=EXAMPLE_DAY,
        )
    if preset not in PRESETS:
        raise BadOptions("training-daily-preset")
    if params.get("seed", "").strip() or params.get("limit", "0").strip() not in ("", "0"):
        raise BadOptions("training-daily-fixed")
    base = PRESETS[preset]
    return Settings(preset, base.size, base.mix, False, 0, daily.daily_seed(day, preset), day.isoformat())


# --- stats ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """The player's training record, kept across visits: counts, recent solve times, best per preset."""

    solved: int = 0
    given_up: int = 0
    abandoned: int = 0
    hints: int = 0
    recent_ms: tuple[int, ...] = ()
    best_ms: Mapping[str, int] = field(default_factory=dict)
    # The puzzles finished (solved, given up or out of time) on this device, by ``puzzle_key``, the latest
    # last: each counts once, at its first finish (docs/rules/reflection.md, "Stats"). Older records lack it.
    finished: tuple[str, ...] = ()
    # Fields this page does not know, as a newer build saved them: written back as they came, so a page not yet
    # updated (another tab, a reload served from the cache) keeps them when it counts a result. A new field is
    # added under the same ``STATS_VERSION`` (an older page keeps it); a new version is for a change an older
    # page must not read, and it reads the record as unreadable (``solo.UNREAD``).
    extra: Mapping[str, Any] = field(default_factory=dict)

    def best(self, preset: str) -> int | None:
        return self.best_ms.get(preset)

    def finished_before(self, puzzle: str) -> bool:
        return puzzle in self.finished

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "v": STATS_VERSION,
            "solved": self.solved,
            "given_up": self.given_up,
            "abandoned": self.abandoned,
            "hints": self.hints,
            "recent_ms": list(self.recent_ms),
            "best_ms": dict(sorted(self.best_ms.items())),
            "finished": list(self.finished),
        }


def puzzle_key(puzzle: Puzzle) -> str:
    """Which puzzle a finish belongs to, whichever way it was opened (number, daily, link or saved code)."""
    return hashlib.sha256(dumps(puzzle.to_json()).encode()).hexdigest()[:16]


def _finished(stats: Stats, puzzle: str) -> tuple[str, ...]:
    return (*stats.finished, puzzle)[-FINISHED:] if puzzle else stats.finished


def solved(stats: Stats, preset: str, ms: int, hints: int, puzzle: str = "") -> Stats:
    """``stats`` after a puzzle was solved in ``ms`` with ``hints`` hints. Only hint-free solves of a
    preset can set its best time. A puzzle finished before (``puzzle``, its ``puzzle_key``) adds its hints
    alone: solved again, its solution is known (or was shown), so its time says nothing new."""
    if puzzle and stats.finished_before(puzzle):
        return replace(stats, hints=stats.hints + hints)
    best = dict(stats.best_ms)
    if preset != "custom" and hints == 0 and (preset not in best or ms < best[preset]):
        best[preset] = ms
    return replace(
        stats,
        solved=stats.solved + 1,
        hints=stats.hints + hints,
        recent_ms=(*stats.recent_ms, ms)[-RECENT:],
        best_ms=best,
        finished=_finished(stats, puzzle),
    )


def gave_up(stats: Stats, hints: int, puzzle: str = "") -> Stats:
    """``stats`` after the player gave up (or ran out of time); a puzzle finished before adds its hints alone."""
    if puzzle and stats.finished_before(puzzle):
        return replace(stats, hints=stats.hints + hints)
    return replace(stats, given_up=stats.given_up + 1, hints=stats.hints + hints, finished=_finished(stats, puzzle))


def abandoned(stats: Stats, hints: int) -> Stats:
    """``stats`` after the player left a puzzle unfinished for another one (no score, no reveal)."""
    return replace(stats, abandoned=stats.abandoned + 1, hints=stats.hints + hints)


STATS_KEYS = ("v", "solved", "given_up", "abandoned", "hints", "recent_ms", "best_ms", "finished")


def parse_stats(text: str) -> Stats:
    """Stats from stored text; raises ``BadMessage`` for anything malformed or of another version."""
    data = _stored(text, STATS_VERSION, "stats")
    extra = {k: v for k, v in data.items() if k not in STATS_KEYS}  # a newer build's: kept (``Stats.extra``)
    counts = {
        k: get_int(data, k, BadMessage, 0, 10**9, default=0) for k in ("solved", "given_up", "abandoned", "hints")
    }
    recent = data.get("recent_ms", [])
    if not isinstance(recent, list) or len(recent) > RECENT or not all(_is_ms(x) for x in recent):
        raise BadMessage("training-stats-recent")
    best = obj(data.get("best_ms", {}), "best_ms", BadMessage)
    if any(k not in PRESETS or not _is_ms(v) for k, v in best.items()):
        raise BadMessage("training-stats-best")
    finished = data.get("finished", [])  # absent from records saved before it was kept
    if not isinstance(finished, list) or len(finished) > FINISHED or not all(_is_key(x) for x in finished):
        raise BadMessage("training-stats-finished")
    return Stats(**counts, recent_ms=tuple(recent), best_ms=dict(best), finished=tuple(finished), extra=extra)


def _is_key(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 16 and all(c in "0123456789abcdef" for c in value)


def _is_ms(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**10


def _stored(text: str, version: int, what: str) -> Mapping[str, Any]:
    try:
        data = decode(text)
    except ValueError:
        raise BadMessage("training-stored-json", what=what) from None
    data = obj(data, what, BadMessage)
    if data.get("v") != version:
        raise BadMessage("training-stored-version", what=what, got=str(data.get("v")), want=version)
    return data


# --- the puzzle in progress ----------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """A puzzle being solved, saved so a reload comes back to it: what was asked, the answer (this is
    the player's own device), what the player has placed and noted, the undo history, the time spent
    and the hints taken (checks count as hints); the tray's chosen tool, so a reload picks it again."""

    settings: Settings
    puzzle: Puzzle
    solution: Layout
    layout: Layout
    elapsed_ms: int
    hints: int
    notes: Notes | None = None  # None: no notes (stored as an empty set of notes)
    history: History = field(default_factory=History)
    tool: str = "diagonal"  # one of ``TOOLS``

    def __post_init__(self) -> None:
        if self.notes is None:
            object.__setattr__(self, "notes", Notes.empty(self.puzzle.size))

    @property
    def desk(self) -> Desk:
        assert self.notes is not None  # __post_init__ filled it
        return Desk(self.layout, self.notes)

    def to_text(self) -> str:
        return dumps(
            {
                "v": PROGRESS_VERSION,
                "settings": self.settings.params(),
                "puzzle": self.puzzle.to_json(),
                "solution": self.solution.to_json(),
                "layout": self.layout.to_json(),
                "notes": self.desk.notes.to_json(),
                "history": self.history.to_json(),
                "elapsed_ms": self.elapsed_ms,
                "hints": self.hints,
                "tool": self.tool,
            }
        )


def desk_fits(puzzle: Puzzle, desk: Desk) -> bool:
    """Whether a desk may stand on ``puzzle``'s board: the tiles fit, no note on a warp cell or a tile."""
    notes = desk.notes.marks()
    return fits(puzzle, desk.layout) and not any(
        cell in puzzle.warps or desk.layout.at(cell) != EMPTY for cell in notes
    )


def parse_progress(text: str) -> Progress:
    """A saved puzzle from stored text; raises ``BadMessage`` unless every part is sound and consistent.

    A version 1 save (before notes and undo) loads with no notes and an empty history; a version 2 one
    (before the chosen tool) with the diagonal mirror chosen.
    """
    try:
        data = _stored(text, PROGRESS_VERSION, "saved puzzle")
    except BadMessage as newest:
        older = next((d for v in (2, 1) if (d := _older(text, v)) is not None), None)
        if older is None:
            raise newest from None
        data = older
    keys = ("v", "settings", "puzzle", "solution", "layout", "elapsed_ms", "hints")
    more = {1: (), 2: ("notes", "history"), PROGRESS_VERSION: ("notes", "history", "tool")}[data["v"]]
    only_keys(data, keys + more, "saved puzzle", BadMessage)
    params = obj(data.get("settings"), "settings", BadMessage)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in params.items()):
        raise BadMessage("training-saved-settings")
    try:
        settings = parse_settings(params, 0)
    except BadOptions as err:
        raise BadMessage(err.code, **err.params) from None
    puzzle = parse_puzzle(data.get("puzzle"))
    if puzzle.size != settings.size or puzzle.tiles != settings.tiles:
        raise BadMessage("training-saved-mismatch")
    solution = parse_layout(data.get("solution"), puzzle.size)
    if not check(puzzle, solution):
        raise BadMessage("training-saved-answer")
    layout = parse_layout(data.get("layout"), puzzle.size)
    if any(layout.at(w) != "." for w in puzzle.warps) or not puzzle.tiles.allows(layout):
        raise BadMessage("training-saved-placed")
    elapsed = get_int(data, "elapsed_ms", BadMessage, 0, 10**10)
    hints = get_int(data, "hints", BadMessage, 0, 10**6)
    if data["v"] == 1:
        return Progress(settings, puzzle, solution, layout, elapsed, hints)
    notes = parse_notes(data.get("notes"), puzzle.size)
    desk = Desk(layout, notes)
    if not desk_fits(puzzle, desk):
        raise BadMessage("training-saved-notes")
    history = parse_history(data.get("history"), desk, lambda d: desk_fits(puzzle, d))
    tool = data.get("tool", "diagonal") if data["v"] == PROGRESS_VERSION else "diagonal"
    if tool not in TOOLS:
        raise BadMessage("training-saved-tool")
    return Progress(settings, puzzle, solution, layout, elapsed, hints, notes, history, tool)


ENDED_VERSION = 1
ENDINGS = ("solved", "gave-up", "time-up")  # how a finished puzzle ended


@dataclass(frozen=True)
class Ended:
    """The last puzzle finished on this device (solved, given up, out of time), as the page showed it then:
    a reload of its address shows it finished again. It was started afresh, its clock at 0:00, and a
    solution just shown by a give-up could be entered for a "Solved" and a best time."""

    how: str  # one of ``ENDINGS``
    progress: Progress  # the board as it ended (the solution, after a give-up), its time and hints
    # Finished before that (``Stats.finished_before``): its line said the record counts the first finish only.
    # The record cannot tell it again (the puzzle is in ``finished`` after a first finish too). Stored only
    # when true: a first finish is saved as it was before the field.
    repeat: bool = False
    # Fields this page does not know, as a newer build saved them: written back as they came, as
    # ``Stats.extra`` is (a new field comes under the same ``ENDED_VERSION``). Refused, they made a reload
    # open the player's finished puzzle afresh.
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_text(self) -> str:
        data = {**self.extra, "v": ENDED_VERSION, "how": self.how, "progress": decode(self.progress.to_text())}
        data.pop("repeat", None)  # this page's to write: only when true (a first finish is saved as before it)
        return dumps({**data, "repeat": True} if self.repeat else data)


ENDED_KEYS = ("v", "how", "progress", "repeat")


def parse_ended(text: str) -> Ended:
    """A finished puzzle from stored text; raises ``BadMessage`` unless every known part is sound (a field
    of a newer build is kept as it came, ``Ended.extra``)."""
    data = _stored(text, ENDED_VERSION, "finished puzzle")
    extra = {k: v for k, v in data.items() if k not in ENDED_KEYS}
    if data.get("how") not in ENDINGS:
        raise BadMessage("training-ended-how")
    repeat = data.get("repeat", False)
    if not isinstance(repeat, bool):
        raise BadMessage("training-ended-repeat")
    return Ended(data["how"], parse_progress(dumps(data.get("progress"))), repeat, extra)


def _older(text: str, version: int) -> Mapping[str, Any] | None:
    """``text``'s stored object if it is a save of ``version``, else ``None``."""
    try:
        return _stored(text, version, "saved puzzle")
    except BadMessage:
        return None
