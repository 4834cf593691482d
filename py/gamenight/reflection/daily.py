"""The daily puzzle: one per preset per calendar day, the same for everyone, with a streak.

The puzzle of a day is drawn from the date and the preset alone (``daily_seed``), so every device
builds the same one offline. "Today" is the player's local date: the page passes the clock and its
offset from UTC, and the day changes at local midnight. Solving a day's puzzle on that day extends
the streak (consecutive days with at least one daily puzzle solved); the record is kept in local
storage and parsed strictly like every stored value. The share line tells the day, the preset, the
time and the hints, and nothing of the solution.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import decode, dumps
from gamenight.core.rng import derive
from gamenight.i18n import N_, _, ngettext, reasons

RECORD_VERSION = 1
KEEP_DAYS = 40  # results kept per day (for the ✓ on today's buttons); the streak is kept apart
FIRST_DAY, LAST_DAY = date(2020, 1, 1), date(2199, 12, 31)
DAY_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
PUZZLE_NUMBERS = 10**9

reasons(
    {
        "daily-record-json": N_("daily record: not valid JSON"),
        "daily-record-version": N_("daily record: not a record of this version"),
        "daily-record-days": N_("daily record: 'days' must map a few dates to results"),
        "daily-record-day": N_("daily record: a day must be a date with its results"),
        "daily-record-result": N_("daily record: a result is [milliseconds, hints]"),
        "daily-record-streak": N_("daily record: the streak is not sound"),
    }
)


def local_day(now_ms: int, utc_offset_min: int) -> date:
    """The calendar date at ``now_ms`` (UTC milliseconds) for a clock ``utc_offset_min`` ahead of UTC."""
    moment = datetime.fromtimestamp(now_ms / 1000, UTC) + timedelta(minutes=utc_offset_min)
    return moment.date()


def parse_day(text: str) -> date | None:
    """``YYYY-MM-DD`` as a date in the range the app knows, else ``None`` (untrusted text)."""
    if not isinstance(text, str) or not DAY_PATTERN.fullmatch(text):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if FIRST_DAY <= day <= LAST_DAY else None


def daily_seed(day: date, preset: str, attempt: int = 0) -> int:
    """The puzzle number of ``preset``'s daily puzzle on ``day``: a function of those two only. Should
    the generator give up on it, every device goes on with ``attempt`` 1, then 2."""
    labels = ("reflection-daily", day.isoformat(), preset) + ((attempt,) if attempt else ())
    return derive(0, *labels) % PUZZLE_NUMBERS


@dataclass(frozen=True)
class Result:
    ms: int
    hints: int


@dataclass(frozen=True)
class Record:
    """Daily results of the last ``KEEP_DAYS`` days (day → preset → result) and the streak: the last
    day with a solve, how many days in a row led to it, and the best run ever."""

    days: Mapping[str, Mapping[str, Result]] = field(default_factory=dict)
    last: str = ""
    run: int = 0
    best: int = 0
    # Fields this page does not know, as a newer build saved them: written back as they came, as
    # ``training.Stats.extra`` is (a new field comes under the same ``RECORD_VERSION``).
    extra: Mapping[str, Any] = field(default_factory=dict)

    def result(self, day: date, preset: str) -> Result | None:
        return self.days.get(day.isoformat(), {}).get(preset)

    def to_text(self) -> str:
        return dumps(
            {
                **self.extra,
                "v": RECORD_VERSION,
                "days": {d: {p: [r.ms, r.hints] for p, r in by.items()} for d, by in self.days.items()},
                "last": self.last,
                "run": self.run,
                "best": self.best,
            }
        )


def solved(record: Record, day: date, preset: str, ms: int, hints: int) -> Record:
    """``record`` after ``day``'s ``preset`` puzzle was solved on that day (a second solve of the same
    puzzle keeps the first result)."""
    key = day.isoformat()
    days = {d: dict(by) for d, by in record.days.items() if date.fromisoformat(d) > day - timedelta(days=KEEP_DAYS)}
    days.setdefault(key, {}).setdefault(preset, Result(ms, hints))
    last = parse_day(record.last)
    if last == day:
        run = record.run
    elif last is not None and last == day - timedelta(days=1):
        run = record.run + 1
    else:
        run = 1
    return replace(record, days=days, last=key, run=run, best=max(record.best, run))


def streak(record: Record, today: date) -> int:
    """Days in a row with a daily puzzle solved, up to today (a streak lives on until today ends)."""
    last = parse_day(record.last)
    if last is None or last < today - timedelta(days=1) or last > today:
        return 0
    return record.run


RECORD_KEYS = frozenset({"v", "days", "last", "run", "best"})


def parse_record(text: str) -> Record:
    """A record from stored text; raises ``BadMessage`` for anything malformed."""
    try:
        data = decode(text)
    except ValueError:
        raise BadMessage("daily-record-json") from None
    if not isinstance(data, dict) or data.get("v") != RECORD_VERSION or not set(data) >= RECORD_KEYS:
        raise BadMessage("daily-record-version")
    extra = {k: v for k, v in data.items() if k not in RECORD_KEYS}  # a newer build's: kept (``Record.extra``)
    raw_days = data["days"]
    if not isinstance(raw_days, dict) or len(raw_days) > KEEP_DAYS + 1:
        raise BadMessage("daily-record-days")
    days: dict[str, dict[str, Result]] = {}
    for key, by in raw_days.items():
        if parse_day(key) is None or not isinstance(by, dict) or len(by) > 8:
            raise BadMessage("daily-record-day")
        days[key] = {}
        for preset, pair in by.items():
            if not isinstance(preset, str) or len(preset) > 20 or not _pair(pair):
                raise BadMessage("daily-record-result")
            days[key][preset] = Result(pair[0], pair[1])
    last, run, best = data["last"], data["run"], data["best"]
    if (last != "" and parse_day(last) is None) or not _count(run) or not _count(best) or run > best:
        raise BadMessage("daily-record-streak")
    return Record(days, last, run, best, extra)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**6


def _pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and _count(value[1]) and _ms(value[0])


def _ms(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**10


def share_line(day: date, preset_title: str, clock: str, hints: int) -> str:
    """ "Reflection daily 2026-12-01 · Hard · 3:42 · no hints": the result, and nothing of the solution."""
    helped = _("no hints") if hints == 0 else ngettext("{n} hint", "{n} hints", hints).format(n=hints)
    return _("Reflection daily {day} · {preset} · {time} · {hints}").format(
        day=day.isoformat(), preset=preset_title, time=clock, hints=helped
    )
