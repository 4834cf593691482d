"""Solo training: the settings of a run of puzzles, the player's stats, and the puzzle in progress.

All three arrive as untrusted text — URL parameters, local storage — and go through parse functions
that raise ``BadOptions`` / ``BadMessage`` with a reason; a caller that gets one ignores the value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.jsonutil import dumps, get_int, obj, only_keys
from gamenight.core.rng import MAX_SEED
from gamenight.i18n import N_, _, reasons
from gamenight.reflection.generate import PRESETS, VERSION, VERSIONS, Order, mix
from gamenight.reflection.laser import MAX_SIZE, MIN_SIZE, Layout
from gamenight.reflection.puzzle import KINDS, Puzzle, TileSet, check, parse_layout, parse_puzzle

TIME_LIMITS = (0, 2, 3, 5, 10, 15, 20, 30, 60)  # minutes; 0 = untimed (the seed: 2–30 min or 1 hour)
STATS_VERSION = 1
PROGRESS_VERSION = 1
RECENT = 20  # solve times kept

reasons({"newer-link": N_("This link is from a newer version of the site: reload the page to update it.")})


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
    version: int = VERSION

    @property
    def order(self) -> Order:
        """What to ask the generator for."""
        return Order(self.size, self.tiles, self.warp, self.seed, self.version)

    def params(self) -> dict[str, str]:
        """URL parameters that reproduce this puzzle (``parse_settings`` reads them back)."""
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
        out["v"] = str(self.version)
        return out

    @property
    def label(self) -> str:
        name = "Custom" if self.preset == "custom" else self.preset.capitalize()
        extra = _(", with triangle mirrors") if self.tiles.triangle else ""
        return f"{name} {self.size}×{self.size}, {self.tiles.total} tiles{extra}"


def _int_param(params: Mapping[str, str], key: str, lo: int, hi: int, default: int) -> int:
    raw = params.get(key, "")
    if raw.strip() == "":
        return default
    if not raw.strip().isdigit():
        raise BadOptions(f"{key!r} must be a whole number")
    value = int(raw)
    if not lo <= value <= hi:
        raise BadOptions(f"{key!r} must be between {lo} and {hi}, not {value}")
    return value


def parse_settings(params: Mapping[str, str], seed: int) -> Settings:
    """Settings from URL or form parameters; ``seed`` is used when none is given. Raises ``BadOptions``."""
    preset = params.get("preset", "easy")
    if preset not in (*PRESETS, "custom"):
        raise BadOptions(f"unknown preset {preset[:20]!r}: choose {', '.join(PRESETS)} or custom")
    limit = _int_param(params, "limit", 0, 60, 0)
    if limit not in TIME_LIMITS:
        raise BadOptions(f"the time limit must be one of {', '.join(map(str, TIME_LIMITS[1:]))} minutes, or none")
    seed = _int_param(params, "seed", 0, MAX_SEED, seed)
    version = _int_param(params, "v", 0, MAX_SEED, 1)  # no version: a link from before versions
    if version not in VERSIONS:
        raise BadOptions("newer-link")
    if preset != "custom":
        base = PRESETS[preset]
        triangles = params.get("triangles", "0") in ("1", "on", "true")  # an option, off by default
        return Settings(preset, base.size, mix(base.tiles, base.black_holes, triangles), False, limit, seed, version)
    size = _int_param(params, "size", MIN_SIZE, MAX_SIZE, 8)
    counts = [_int_param(params, kind, 0, size * size, 0) for kind in KINDS]
    tiles = TileSet(*counts)
    warp = params.get("warp", "0") in ("1", "on", "true")
    if tiles.total == 0:
        raise BadOptions("a puzzle needs at least one tile")
    if tiles.total > size * size // 2:
        raise BadOptions(f"at most {size * size // 2} tiles fit a {size}×{size} puzzle")
    return Settings("custom", size, tiles, warp, limit, seed, version)


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

    def best(self, preset: str) -> int | None:
        return self.best_ms.get(preset)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": STATS_VERSION,
            "solved": self.solved,
            "given_up": self.given_up,
            "abandoned": self.abandoned,
            "hints": self.hints,
            "recent_ms": list(self.recent_ms),
            "best_ms": dict(sorted(self.best_ms.items())),
        }


def solved(stats: Stats, preset: str, ms: int, hints: int) -> Stats:
    """``stats`` after a puzzle was solved in ``ms`` with ``hints`` hints. Only hint-free solves of a
    preset can set its best time."""
    best = dict(stats.best_ms)
    if preset != "custom" and hints == 0 and (preset not in best or ms < best[preset]):
        best[preset] = ms
    return replace(
        stats,
        solved=stats.solved + 1,
        hints=stats.hints + hints,
        recent_ms=(*stats.recent_ms, ms)[-RECENT:],
        best_ms=best,
    )


def gave_up(stats: Stats, hints: int) -> Stats:
    """``stats`` after the player gave up (or ran out of time)."""
    return replace(stats, given_up=stats.given_up + 1, hints=stats.hints + hints)


def abandoned(stats: Stats, hints: int) -> Stats:
    """``stats`` after the player left a puzzle unfinished for another one (no score, no reveal)."""
    return replace(stats, abandoned=stats.abandoned + 1, hints=stats.hints + hints)


def parse_stats(text: str) -> Stats:
    """Stats from stored text; raises ``BadMessage`` for anything malformed or of another version."""
    data = _stored(text, STATS_VERSION, "stats")
    only_keys(data, ("v", "solved", "given_up", "abandoned", "hints", "recent_ms", "best_ms"), "stats", BadMessage)
    counts = {
        k: get_int(data, k, BadMessage, 0, 10**9, default=0) for k in ("solved", "given_up", "abandoned", "hints")
    }
    recent = data.get("recent_ms", [])
    if not isinstance(recent, list) or len(recent) > RECENT or not all(_is_ms(x) for x in recent):
        raise BadMessage("stats: 'recent_ms' must be a short list of times")
    best = obj(data.get("best_ms", {}), "stats: 'best_ms'", BadMessage)
    if any(k not in PRESETS or not _is_ms(v) for k, v in best.items()):
        raise BadMessage("stats: 'best_ms' maps preset names to times")
    return Stats(**counts, recent_ms=tuple(recent), best_ms=dict(best))


def _is_ms(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**10


def _stored(text: str, version: int, what: str) -> Mapping[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(f"{what}: not valid JSON") from None
    data = obj(data, what, BadMessage)
    if data.get("v") != version:
        raise BadMessage(f"{what}: version {data.get('v')!r} is not {version}")
    return data


# --- the puzzle in progress ----------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """A puzzle being solved, saved so a reload comes back to it: what was asked, the answer (this is
    the player's own device), what the player has placed, the time spent and the hints taken."""

    settings: Settings
    puzzle: Puzzle
    solution: Layout
    layout: Layout
    elapsed_ms: int
    hints: int

    def to_text(self) -> str:
        return dumps(
            {
                "v": PROGRESS_VERSION,
                "settings": self.settings.params(),
                "puzzle": self.puzzle.to_json(),
                "solution": self.solution.to_json(),
                "layout": self.layout.to_json(),
                "elapsed_ms": self.elapsed_ms,
                "hints": self.hints,
            }
        )


def parse_progress(text: str) -> Progress:
    """A saved puzzle from stored text; raises ``BadMessage`` unless every part is sound and consistent."""
    data = _stored(text, PROGRESS_VERSION, "saved puzzle")
    only_keys(
        data, ("v", "settings", "puzzle", "solution", "layout", "elapsed_ms", "hints"), "saved puzzle", BadMessage
    )
    params = obj(data.get("settings"), "saved puzzle: 'settings'", BadMessage)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in params.items()):
        raise BadMessage("saved puzzle: 'settings' holds text parameters")
    try:
        settings = parse_settings(params, 0)
    except BadOptions as err:
        raise BadMessage(f"saved puzzle: {err}") from None
    puzzle = parse_puzzle(data.get("puzzle"))
    if puzzle.size != settings.size or puzzle.tiles != settings.tiles:
        raise BadMessage("saved puzzle: the puzzle does not match its settings")
    solution = parse_layout(data.get("solution"), puzzle.size)
    if not check(puzzle, solution):
        raise BadMessage("saved puzzle: the stored answer does not solve the puzzle")
    layout = parse_layout(data.get("layout"), puzzle.size)
    if any(layout.at(w) != "." for w in puzzle.warps) or not puzzle.tiles.allows(layout):
        raise BadMessage("saved puzzle: the placed tiles do not fit the puzzle")
    elapsed = get_int(data, "elapsed_ms", BadMessage, 0, 10**10)
    hints = get_int(data, "hints", BadMessage, 0, 10**6)
    return Progress(settings, puzzle, solution, layout, elapsed, hints)
