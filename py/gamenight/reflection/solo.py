"""The solo training screen (``#/reflection/solo``): pick a puzzle, place tiles, read the lasers.

A pure screen (see ``ui/program.py``): the model is an immutable value, every input is a message,
and saving, timers and puzzle generation are effects the shell carries out. The URL carries the
settings and seed, so a link reproduces the puzzle; the stats and the puzzle in progress live in
local storage and survive a reload (a bad or old stored value is ignored).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.grid import Cell
from gamenight.core.jsonutil import dumps
from gamenight.core.rng import fresh_seed
from gamenight.i18n import describe
from gamenight.reflection import scene, training
from gamenight.reflection.generate import PRESETS, generate_steps
from gamenight.reflection.laser import EMPTY, Layout, edge_names, trace
from gamenight.reflection.puzzle import KIND_OF, KINDS, Puzzle, check, mismatches
from gamenight.reflection.solve import hint
from gamenight.reflection.training import Progress, Settings, Stats
from gamenight.ui.program import (
    Effect,
    Env,
    Navigate,
    StartTimer,
    StopTimer,
    Store,
    Tick,
    UiEvent,
    Work,
    WorkDone,
    WorkProgress,
    screen_hash,
)
from gamenight.ui.svg import Element, h

STATS_KEY = "reflection.stats"
PROGRESS_KEY = "reflection.progress"
CLOCK = "reflection.clock"
GENERATE = "reflection.generate"
FIRST_TILE = {"diagonal": "/", "flat": "|", "block": "#", "hole": "o"}
TURNED = {"/": "\\", "\\": "/", "|": "-", "-": "|"}
KEY_TILES = {"/": "/", "\\": "\\", "|": "|", "-": "-", "#": "#", "o": "o"}
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


@dataclass(frozen=True)
class Model:
    """Everything the screen shows. ``phase`` is options → generating → playing → solved or revealed."""

    phase: str
    settings: Settings
    stats: Stats
    puzzle: Puzzle | None = None
    solution: Layout | None = None
    layout: Layout | None = None
    tool: str = "diagonal"  # the tray tool: a tile kind, or "remove"
    cursor: Cell = (0, 0)
    laser: str | None = None  # the edge whose laser is drawn
    drag: tuple[str, str] | None = None  # ("tray", kind) or ("cell", "r,c") while a pointer is down
    started_ms: int = 0  # when the clock last started
    banked_ms: int = 0  # time spent before that
    now_ms: int = 0
    hints: int = 0
    attempts: int = 0
    message: str = ""

    @property
    def elapsed_ms(self) -> int:
        running = self.phase == "playing"
        return self.banked_ms + (max(0, self.now_ms - self.started_ms) if running else 0)


# --- init ----------------------------------------------------------------------------------------


class SoloScreen:
    label = "Play solo"
    storage_keys = (STATS_KEY, PROGRESS_KEY)

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Model, list[Effect]]:
        stats = _load(training.parse_stats, env.stored.get(STATS_KEY)) or Stats()
        saved = _load(training.parse_progress, env.stored.get(PROGRESS_KEY))
        seed = fresh_seed(random.Random(env.now_ms))
        base = Model("options", training.parse_settings({}, seed), stats, now_ms=env.now_ms)
        if "seed" not in params:
            if saved:  # come back to the puzzle in progress
                return resume(base, saved, env.now_ms)
            return base, []
        try:
            settings = training.parse_settings(params, seed)
        except BadOptions as err:
            return replace(base, message=f"That link's settings don't work: {err}"), []
        if saved and saved.settings == settings:
            return resume(base, saved, env.now_ms)
        return start(base, settings)

    def update(self, model: Model, message: Any) -> tuple[Model, list[Effect]]:
        return update(model, message)

    def view(self, model: Model) -> Element:
        return view(model)

    def title(self, model: Model) -> str:
        if model.puzzle:
            return f"Reflection puzzle #{model.settings.seed} · Game Night Central"
        return "Reflection solo training · Game Night Central"


def _load(parse, text: str | None):
    """A stored value parsed, or ``None`` when absent, malformed or from an older version."""
    if text is None:
        return None
    try:
        return parse(text)
    except (BadMessage, BadOptions):
        return None


def resume(model: Model, saved: Progress, now_ms: int) -> tuple[Model, list[Effect]]:
    resumed = replace(
        model,
        phase="playing",
        settings=saved.settings,
        puzzle=saved.puzzle,
        solution=saved.solution,
        layout=saved.layout,
        hints=saved.hints,
        banked_ms=saved.elapsed_ms,
        started_ms=now_ms,
        now_ms=now_ms,
        message="Welcome back: your puzzle is as you left it.",
    )
    return resumed, [Navigate(url(saved.settings), replace=True), StartTimer(CLOCK, 1000)]


def url(settings: Settings) -> str:
    return screen_hash("reflection", "solo", settings.params())


def start(model: Model, settings: Settings) -> tuple[Model, list[Effect]]:
    """Generate the puzzle of ``settings`` in the background (the page stays responsive)."""
    generating = replace(
        model, phase="generating", settings=settings, puzzle=None, layout=None, laser=None, attempts=0, message=""
    )
    steps = generate_steps(settings.size, settings.tiles, settings.warp, settings.seed)
    return generating, [Navigate(url(settings), replace=True), StopTimer(CLOCK), Work(GENERATE, steps)]


# --- update --------------------------------------------------------------------------------------


def update(model: Model, message: Any) -> tuple[Model, list[Effect]]:
    if isinstance(message, Tick) and message.timer == CLOCK:
        return tick(model, message.now_ms)
    if isinstance(message, WorkProgress) and message.task == GENERATE:
        return replace(model, attempts=int(message.value or 0)), []
    if isinstance(message, WorkDone) and message.task == GENERATE and model.phase == "generating":
        generated = message.value
        playing = replace(
            model,
            phase="playing",
            puzzle=generated.puzzle,
            solution=generated.layout,
            layout=Layout.empty(generated.puzzle.size),
            cursor=(0, 0),
            hints=0,
            banked_ms=0,
            started_ms=model.now_ms,
            message="",
        )
        return playing, [StartTimer(CLOCK, 1000), save(playing)]
    if not isinstance(message, UiEvent):
        return model, []
    if message.now_ms and message.type in ("click", "keydown", "submit"):
        # Pointer presses leave the clock alone: re-rendering under a pressed pointer loses its click.
        model = replace(model, now_ms=message.now_ms)
    return on_input(model, message)


def tick(model: Model, now_ms: int) -> tuple[Model, list[Effect]]:
    model = replace(model, now_ms=now_ms)
    limit = model.settings.limit_min * 60_000
    if model.phase == "playing" and limit and model.elapsed_ms >= limit:
        return reveal(model, "Time is up: here is the solution.")
    return model, []


def on_input(model: Model, event: UiEvent) -> tuple[Model, list[Effect]]:
    action, data = event.action, event.data
    if event.type == "submit" and action == "options":
        try:
            settings = training.parse_settings(event.form, fresh_seed(random.Random(event.now_ms)))
        except BadOptions as err:
            return replace(model, message=describe(err.code, err.params)), []  # "Puzzle number must be …"
        return start(model, settings)
    if event.type != "click" and event.type not in ("keydown", "pointerdown", "pointerup"):
        return model, []
    if action == "options":
        return abandon_to_options(model)
    if action == "next":
        return next_puzzle(model, event.now_ms)
    if model.phase != "playing" or model.layout is None or model.puzzle is None:
        return model, []
    if event.type == "keydown":
        return on_key(model, event.key)
    if event.type == "pointerdown":
        return on_pointer_down(model, action, data)
    if event.type == "pointerup":
        return on_pointer_up(model, action, data)
    if action == "tray":
        kind = data.get("kind", "")
        return (replace(model, tool=kind, message=""), []) if kind in (*KINDS, "remove") else (model, [])
    if action == "cell":
        cell = _cell(model, data)
        return use_tool(replace(model, cursor=cell), cell) if cell else (model, [])
    if action == "edge":
        edge = data.get("edge", "")
        if edge not in edge_names(model.puzzle.size):
            return model, []
        return replace(model, laser=None if model.laser == edge else edge), []
    if action == "hint":
        return take_hint(model)
    if action == "give-up":
        return reveal(model, "You gave up: here is a solution.")
    return model, []


def _cell(model: Model, data: Mapping[str, str]) -> Cell | None:
    """The board cell an input names (untrusted ``data-r``/``data-c``), if it is one."""
    try:
        cell = (int(data.get("r", "")), int(data.get("c", "")))
    except ValueError:
        return None
    n = model.puzzle.size if model.puzzle else 0
    return cell if 0 <= cell[0] < n and 0 <= cell[1] < n else None


def on_key(model: Model, key: str) -> tuple[Model, list[Effect]]:
    r, c = model.cursor
    n = model.puzzle.size
    if key in ARROWS:
        dr, dc = ARROWS[key]
        return replace(model, cursor=(min(n - 1, max(0, r + dr)), min(n - 1, max(0, c + dc)))), []
    if key in KEY_TILES:
        return set_tile(model, model.cursor, KEY_TILES[key])
    if key in (" ", "Enter"):
        return use_tool(model, model.cursor)
    if key in ("r", "R"):
        return rotate(model, model.cursor)
    if key in ("Delete", "Backspace", "x", "X"):
        return set_tile(model, model.cursor, EMPTY)
    return model, []


def on_pointer_down(model: Model, action: str, data: Mapping[str, str]) -> tuple[Model, list[Effect]]:
    if action == "tray" and data.get("kind") in KINDS:
        return replace(model, drag=("tray", data["kind"])), []
    cell = _cell(model, data) if action == "cell" else None
    if cell and model.layout.at(cell) != EMPTY:
        return replace(model, drag=("cell", f"{cell[0]},{cell[1]}")), []
    return model, []


def on_pointer_up(model: Model, action: str, data: Mapping[str, str]) -> tuple[Model, list[Effect]]:
    """Finish a drag: from the tray onto an empty cell places; from a cell onto another moves;
    from a cell off the board takes the tile back. A drag that ends where it began is a click."""
    if model.drag is None:
        return model, []
    source, what = model.drag
    model = replace(model, drag=None)
    target = _cell(model, data) if action == "cell" else None
    if source == "tray":
        if target and model.layout.at(target) == EMPTY:
            return set_tile(replace(model, tool=what, cursor=target), target, FIRST_TILE[what])
        return model, []
    r, c = (int(x) for x in what.split(","))
    if target == (r, c):
        return model, []
    tile = model.layout.at((r, c))
    if target is None:  # dropped off the board: back to the tray
        return set_tile(model, (r, c), EMPTY)
    if model.layout.at(target) != EMPTY or target in model.puzzle.warps:
        return model, []
    moved = replace(model, layout=model.layout.place((r, c), EMPTY), cursor=target)
    return set_tile(moved, target, tile)


def use_tool(model: Model, cell: Cell) -> tuple[Model, list[Effect]]:
    """A click (or Space) on ``cell``: the remove tool takes the tile back; a tile turns; an empty
    cell gets a tile of the selected kind."""
    tile = model.layout.at(cell)
    if model.tool == "remove":
        return set_tile(model, cell, EMPTY)
    if tile != EMPTY:
        return rotate(model, cell)
    return set_tile(model, cell, FIRST_TILE[model.tool])


def rotate(model: Model, cell: Cell) -> tuple[Model, list[Effect]]:
    tile = model.layout.at(cell)
    if tile in TURNED:
        return set_tile(model, cell, TURNED[tile])
    if tile != EMPTY:
        return replace(model, message="Blocks and black holes do not turn; use Remove to take one back."), []
    return model, []


def set_tile(model: Model, cell: Cell, tile: str) -> tuple[Model, list[Effect]]:
    """Put ``tile`` (or ``"."``) on ``cell`` if the rules allow, then check for a solve and save."""
    puzzle, layout = model.puzzle, model.layout
    if cell in puzzle.warps:
        return replace(model, message="Warp cells hold no tiles."), []
    if layout.at(cell) == tile:
        return model, []
    changed = layout.place(cell, tile)
    if not puzzle.tiles.allows(changed):
        kind = scene.KIND_NAMES[KIND_OF[tile]]
        return replace(model, message=f"No {kind} left in your tray: take one back first."), []
    model = replace(model, layout=changed, message="")
    if check(puzzle, changed):
        return finish(model)
    return model, [save(model)]


def take_hint(model: Model) -> tuple[Model, list[Effect]]:
    step = hint(model.puzzle, model.layout)
    if step is None:
        return model, []
    helped = replace(model, hints=model.hints + 1, cursor=step.cell)
    placed, effects = set_tile(helped, step.cell, step.tile)
    if placed.layout == model.layout:  # the hint could not be applied as is: clear the cell first
        placed, effects = set_tile(replace(helped, layout=model.layout.place(step.cell, EMPTY)), step.cell, step.tile)
    verb = "Take away the tile at" if step.tile == EMPTY else f"A {scene.TILE_NAMES[step.tile]} belongs at"
    if placed.phase == "playing":
        placed = replace(placed, message=f"Hint: {verb} row {step.cell[0] + 1}, column {step.cell[1] + 1}.")
    return placed, effects


def finish(model: Model) -> tuple[Model, list[Effect]]:
    ms = model.elapsed_ms
    stats = training.solved(model.stats, model.settings.preset, ms, model.hints)
    done = replace(model, phase="solved", stats=stats, banked_ms=ms, laser=None, message=f"Solved in {clock(ms)}!")
    return done, [StopTimer(CLOCK), Store(STATS_KEY, _json(stats)), Store(PROGRESS_KEY, None)]


def reveal(model: Model, why: str) -> tuple[Model, list[Effect]]:
    stats = training.gave_up(model.stats, model.hints)
    shown = replace(
        model, phase="revealed", layout=model.solution, stats=stats, banked_ms=model.elapsed_ms, laser=None, message=why
    )
    return shown, [StopTimer(CLOCK), Store(STATS_KEY, _json(stats)), Store(PROGRESS_KEY, None)]


def abandon_to_options(model: Model) -> tuple[Model, list[Effect]]:
    effects: list[Effect] = [StopTimer(CLOCK), Store(PROGRESS_KEY, None), Navigate("#/reflection/solo", replace=True)]
    stats = model.stats
    if model.phase == "playing":
        stats = training.abandoned(stats, model.hints)
        effects.append(Store(STATS_KEY, _json(stats)))
    return replace(model, phase="options", stats=stats, puzzle=None, layout=None, laser=None, message=""), effects


def next_puzzle(model: Model, now_ms: int) -> tuple[Model, list[Effect]]:
    stats = model.stats
    effects: list[Effect] = []
    if model.phase == "playing":
        stats = training.abandoned(stats, model.hints)
        effects.append(Store(STATS_KEY, _json(stats)))
    settings = replace(model.settings, seed=fresh_seed(random.Random(now_ms)))
    model, started = start(replace(model, stats=stats), settings)
    return model, effects + started


def save(model: Model) -> Store:
    progress = Progress(model.settings, model.puzzle, model.solution, model.layout, model.elapsed_ms, model.hints)
    return Store(PROGRESS_KEY, progress.to_text())


def _json(stats: Stats) -> str:
    return dumps(stats.to_json())


def clock(ms: int) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a duration in milliseconds."""
    seconds = ms // 1000
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


# --- view ----------------------------------------------------------------------------------------


def view(model: Model) -> Element:
    body: list[Element | None]
    if model.phase == "options":
        body = [options_form(model)]
    elif model.phase == "generating":
        body = [generating(model)]
    else:
        body = [play_area(model)]
    return h(
        "main",
        {"class": "page reflection-solo", "data-action": "screen", "data-phase": model.phase},
        h("h1", {}, "Reflection · solo training"),
        h("p", {"class": "rf-message", "role": "status"}, model.message) if model.message else None,
        body,
        stats_panel(model),
    )


def options_form(model: Model) -> Element:
    s = model.settings
    presets = [
        h(
            "option",
            {"value": name, "selected": name == s.preset},
            f"{name.capitalize()} — {p.size}×{p.size}, {p.tiles} tiles",
        )
        for name, p in PRESETS.items()
    ]
    presets.append(h("option", {"value": "custom", "selected": s.preset == "custom"}, "Custom…"))

    def number(name: str, label: str, value: int, lo: int, hi: int) -> Element:
        return h("label", {}, label, h("input", {"type": "number", "name": name, "value": value, "min": lo, "max": hi}))

    return h(
        "form",
        {"class": "rf-options", "data-action": "options"},
        h("label", {}, "Puzzle ", h("select", {"name": "preset"}, presets)),
        h(
            "fieldset",
            {"class": "rf-custom"},
            h("legend", {}, "Custom puzzle"),
            number("size", "Board size ", s.size, 4, 12),
            [
                number(kind, f"{scene.KIND_NAMES[kind].capitalize()}s ", n, 0, 60)
                for kind, n in zip(KINDS, s.tiles.counts(), strict=True)
            ],
            h(
                "label",
                {},
                h("input", {"type": "checkbox", "name": "warp", "value": "1", "checked": s.warp}),
                " Light warp",
            ),
        ),
        h(
            "label",
            {},
            "Time limit ",
            h(
                "select",
                {"name": "limit"},
                [
                    h("option", {"value": m, "selected": m == s.limit_min}, f"{m} min" if m else "none")
                    for m in training.TIME_LIMITS
                ],
            ),
        ),
        h("label", {}, "Puzzle number ", h("input", {"name": "seed", "inputmode": "numeric", "placeholder": "random"})),
        h("button", {"type": "submit", "class": "button primary"}, "Start"),
    )


def generating(model: Model) -> Element:
    return h(
        "section",
        {"class": "rf-generating"},
        h("p", {}, f"Building puzzle #{model.settings.seed}: {model.settings.label}…"),
        h("progress", {"aria-label": "building the puzzle"}),
        h("p", {"class": "rf-attempts"}, f"{model.attempts} layouts tried" if model.attempts else ""),
        h("button", {"type": "button", "class": "button", "data-action": "options"}, "Cancel"),
    )


def play_area(model: Model) -> Element:
    puzzle, layout = model.puzzle, model.layout
    wrong = mismatches(puzzle, layout) if model.phase == "playing" else ()
    path = trace(layout, model.laser, puzzle.warps) if model.laser else None
    look = scene.Look(
        wrong=wrong,
        path=path,
        cursor=model.cursor if model.phase == "playing" else None,
        solved=model.phase == "solved",
    )
    total = 4 * puzzle.size
    limit = model.settings.limit_min
    controls: list[Element]
    if model.phase == "playing":
        controls = [
            h("button", {"type": "button", "class": "button", "data-action": "hint"}, "Hint"),
            h("button", {"type": "button", "class": "button", "data-action": "give-up"}, "Give up"),
            h("button", {"type": "button", "class": "button", "data-action": "next"}, "New puzzle"),
            h("button", {"type": "button", "class": "button", "data-action": "options"}, "Options"),
        ]
    else:
        controls = [
            h("button", {"type": "button", "class": "button primary", "data-action": "next"}, "Next puzzle"),
            h("button", {"type": "button", "class": "button", "data-action": "options"}, "Change options"),
        ]
    return h(
        "section",
        {"class": "rf-play"},
        h(
            "div",
            {"class": "rf-status"},
            h("span", {"class": "rf-name"}, f"Puzzle #{model.settings.seed} · {model.settings.label}"),
            h(
                "span",
                {"class": "rf-clock", "aria-label": "time"},
                clock(model.elapsed_ms) + (f" / {limit}:00" if limit else ""),
            ),
            h("span", {"class": "rf-matched"}, f"{total - len(wrong)} of {total} numbers match"),
        ),
        h("div", {"class": "actions rf-controls"}, controls),
        h(
            "div",
            {
                "id": "rf-board",
                "class": "rf-board-wrap",
                "tabindex": 0,
                "data-action": "board",
                "aria-label": "puzzle board: arrow keys move, / \\ | - # o place, Space turns, Delete removes",
            },
            scene.board(puzzle, layout, look),
        ),
        scene.tray(puzzle, layout, model.tool) if model.phase == "playing" else None,
        h(
            "p",
            {"class": "rf-help"},
            "Click a tile in the tray, then a cell. Click a placed tile to turn it. "
            "Drag tiles on and off the board. Click a number to see its laser.",
        ),
    )


def stats_panel(model: Model) -> Element:
    s = model.stats
    best = s.best(model.settings.preset)
    return h(
        "aside",
        {"class": "rf-stats", "aria-label": "your training record"},
        h("span", {"data-stat": "solved"}, f"Solved {s.solved}"),
        h("span", {"data-stat": "given-up"}, f"Given up {s.given_up}"),
        h("span", {"data-stat": "hints"}, f"Hints {s.hints}"),
        h("span", {"data-stat": "best"}, f"Best {model.settings.preset}: {clock(best)}") if best is not None else None,
    )


SCREEN = SoloScreen()
