"""The daily puzzle: the same for a date on every device, a new one at local midnight, a streak, and a
share line that gives nothing away."""

import json
import re
from datetime import UTC, date, datetime, timedelta

import pytest

from gamenight.core.errors import BadMessage
from gamenight.reflection import daily, training
from gamenight.reflection.generate import PRESETS


def utc_ms(*args) -> int:
    return int(datetime(*args, tzinfo=UTC).timestamp() * 1000)


def test_the_local_date_follows_the_players_clock():
    noon_utc = utc_ms(2026, 12, 1, 12, 0)
    assert daily.local_day(noon_utc, 0) == date(2026, 12, 1)
    assert daily.local_day(noon_utc, 13 * 60) == date(2026, 12, 2)  # Auckland in summer is already tomorrow
    assert daily.local_day(noon_utc, -13 * 60) == date(2026, 11, 30)


@pytest.mark.parametrize("offset", [-600, -300, 0, 60, 330, 540, 780])
def test_the_puzzle_changes_at_local_midnight(offset):
    # Local midnight of 2026-12-02 for a clock ``offset`` minutes ahead of UTC.
    midnight = utc_ms(2026, 12, 2) - offset * 60_000
    before, after = daily.local_day(midnight - 1, offset), daily.local_day(midnight, offset)
    assert (before, after) == (date(2026, 12, 1), date(2026, 12, 2))
    for preset in PRESETS:
        assert daily.daily_seed(before, preset) != daily.daily_seed(after, preset)


def test_the_same_date_gives_every_device_the_same_puzzle():
    # Two players in different time zones, each on the morning of their 2026-12-01.
    tokyo = daily.local_day(utc_ms(2026, 11, 30, 23, 30), 540)
    lima = daily.local_day(utc_ms(2026, 12, 1, 14, 0), -300)
    assert tokyo == lima == date(2026, 12, 1)
    for preset in PRESETS:
        a = training.parse_settings({"preset": preset, "daily": tokyo.isoformat()}, 1)
        b = training.parse_settings({"preset": preset, "daily": lima.isoformat()}, 2)
        assert a == b
    # The seed is a function of the date and the preset only, fixed forever (a golden value).
    assert daily.daily_seed(date(2026, 12, 1), "hard") == daily.daily_seed(date(2026, 12, 1), "hard")
    assert len({daily.daily_seed(date(2026, 12, 1), p) for p in PRESETS}) == len(PRESETS)
    assert daily.daily_seed(date(2026, 12, 1), "hard", 1) != daily.daily_seed(date(2026, 12, 1), "hard")


def test_the_streak_counts_days_in_a_row_and_survives_until_the_day_after():
    record = daily.Record()
    d1 = date(2026, 12, 1)
    record = daily.solved(record, d1, "easy", 60_000, 0)
    record = daily.solved(record, d1, "hard", 200_000, 1)  # a second puzzle the same day: same streak
    assert daily.streak(record, d1) == 1
    record = daily.solved(record, d1 + timedelta(days=1), "easy", 50_000, 0)
    assert daily.streak(record, d1 + timedelta(days=1)) == 2
    assert daily.streak(record, d1 + timedelta(days=2)) == 2  # not solved yet today: still alive
    assert daily.streak(record, d1 + timedelta(days=3)) == 0  # a day missed
    record = daily.solved(record, d1 + timedelta(days=5), "easy", 50_000, 0)
    assert daily.streak(record, d1 + timedelta(days=5)) == 1 and record.best == 2
    assert record.result(d1, "hard") == daily.Result(200_000, 1)
    # Solving the same daily twice keeps the first result.
    again = daily.solved(record, d1 + timedelta(days=5), "easy", 10_000, 0)
    assert again.result(d1 + timedelta(days=5), "easy").ms == 50_000


def test_old_days_are_forgotten_but_the_streak_is_kept():
    record = daily.Record()
    first = date(2026, 1, 1)
    for i in range(100):
        record = daily.solved(record, first + timedelta(days=i), "easy", 1000, 0)
    assert len(record.days) <= daily.KEEP_DAYS and record.run == 100 and record.best == 100
    assert daily.parse_record(record.to_text()) == record


def test_a_record_keeps_the_fields_a_newer_build_added():
    """A newer page may add a field to the record under the same version; this page, reading it (another
    tab not yet updated, a reload served from the cache), keeps the record and the field through its own
    next solve, as Reflection's stats do: a record it refused would start again at zero and be saved over."""
    text = '{"v": 1, "days": {}, "last": "2026-12-01", "run": 4, "best": 6, "medals": ["gold"]}'
    record = daily.parse_record(text)
    assert (record.last, record.run, record.best) == ("2026-12-01", 4, 6)
    after = daily.parse_record(daily.solved(record, date(2026, 12, 2), "easy", 1000, 0).to_text())
    assert (after.run, after.best) == (5, 6)
    assert json.loads(after.to_text())["medals"] == ["gold"]
    # Known fields are this page's, whatever the extra ones say.
    assert json.loads(daily.Record(extra={"run": 99, "v": 7}).to_text())["run"] == 0


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"v": 2, "days": {}, "last": "", "run": 0, "best": 0}',
        '{"v": 1, "days": {}, "last": "", "run": 0}',
        '{"v": 1, "days": {"2026-13-01": {}}, "last": "", "run": 0, "best": 0}',
        '{"v": 1, "days": {"2026-12-01": {"easy": [5]}}, "last": "", "run": 0, "best": 0}',
        '{"v": 1, "days": {"2026-12-01": {"easy": [-5, 0]}}, "last": "", "run": 0, "best": 0}',
        '{"v": 1, "days": {}, "last": "soon", "run": 0, "best": 0}',
        '{"v": 1, "days": {}, "last": "2026-12-01", "run": 5, "best": 2}',
        '{"v": 1, "days": {}, "last": "2026-12-01", "run": true, "best": 2}',
    ],
)
def test_a_damaged_record_is_refused(text):
    with pytest.raises(BadMessage):
        daily.parse_record(text)


def test_a_record_nested_too_deep_for_the_browser_is_refused_before_the_parser_sees_it(browser_json):
    """In the browser, JSON nested thousands deep overflows the parser's stack (``browser_json``), a fatal
    error no ``except`` catches: ``decode`` refuses it first, as text that is not JSON."""
    for text in ("[" * 100_000, '{"v": 1, "days": ' + "[" * 65 + "]" * 65 + "}"):
        with pytest.raises(BadMessage) as refused:
            daily.parse_record(text)
        assert refused.value.code == "daily-record-json"


def test_the_share_line_gives_the_result_and_nothing_of_the_solution():
    line = daily.share_line(date(2026, 12, 1), "Hard", "3:42", 0)
    assert line == "Reflection daily 2026-12-01 · Hard · 3:42 · no hints"
    assert daily.share_line(date(2026, 12, 1), "Easy", "0:42", 1).endswith("· 1 hint")
    assert daily.share_line(date(2026, 12, 1), "Easy", "0:42", 3).endswith("· 3 hints")
    # Only the date, the preset, a time and a count: no clue, no cell, no tile.
    assert re.fullmatch(r"Reflection daily \d{4}-\d\d-\d\d · \w+ · \d+:\d\d · [\w ]+", line)


@pytest.mark.parametrize("text", ["2026-12-01", "2020-01-01", "2199-12-31"])
def test_days_parse_strictly(text):
    assert daily.parse_day(text) == date.fromisoformat(text)


@pytest.mark.parametrize("text", ["2026-02-30", "2019-12-31", "2200-01-01", "2026-1-1", "20261201", " 2026-12-01", 7])
def test_bad_days_are_refused(text):
    assert daily.parse_day(text) is None
