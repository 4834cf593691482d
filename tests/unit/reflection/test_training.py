"""Solo training values: settings from links and forms, stats, and the saved puzzle, all strict."""

import json
import re
from dataclasses import replace

import pytest

from gamenight import i18n
from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.jsonutil import dumps
from gamenight.reflection import training
from gamenight.reflection.generate import PRESETS
from gamenight.reflection.history import DOT, NOTE, TILE, History, apply, change, undo
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import TileSet, puzzle_of
from gamenight.reflection.training import Progress, Stats


def test_presets_come_from_the_preset_table_and_custom_from_the_fields():
    easy = training.parse_settings({"preset": "easy", "seed": "1234"}, 9)
    assert (easy.size, easy.tiles, easy.seed, easy.limit_min) == (PRESETS["easy"].size, PRESETS["easy"].mix, 1234, 0)
    custom = training.parse_settings(
        {
            "preset": "custom",
            "size": "7",
            "diagonal": "5",
            "flat": "2",
            "block": "1",
            "hole": "1",
            "warp": "1",
            "limit": "5",
        },
        9,
    )
    assert (custom.size, custom.tiles, custom.warp, custom.limit_min, custom.seed) == (
        7,
        TileSet(5, 2, 1, 1),
        True,
        5,
        9,
    )


@pytest.mark.parametrize(
    "settings",
    [
        {"preset": "hard", "seed": "77"},
        {"preset": "expert", "limit": "60", "seed": "0"},
        {"preset": "custom", "size": "4", "diagonal": "3", "warp": "0", "seed": "5"},
    ],
)
def test_settings_round_trip_through_url_parameters(settings):
    parsed = training.parse_settings(settings, 1)
    assert training.parse_settings(parsed.params(), 2) == parsed


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"preset": "impossible"}, "Unknown preset 'impossible'"),
        ({"preset": "easy", "limit": "7"}, "time limit"),
        ({"preset": "easy", "seed": "-3"}, "^Puzzle number must be a whole number"),
        ({"preset": "easy", "seed": "9" * 30}, "^Puzzle number must be between"),
        ({"preset": "easy", "seed": "9" * 5000}, "^Puzzle number must be a whole number"),  # int() refuses it
        ({"preset": "easy", "seed": "3 3"}, "^Puzzle number must be a whole number"),
        ({"preset": "custom", "size": "13", "diagonal": "2"}, "^Board size must be between 4 and 12, not 13"),
        ({"preset": "custom", "size": "6", "flat": "x"}, "^Flat mirrors must be a whole number"),
        ({"preset": "custom", "size": "6"}, "at least one tile"),
        ({"preset": "custom", "size": "4", "diagonal": "9"}, "At most 8 tiles fit a 4×4 puzzle."),
        ({"preset": "custom", "size": "six"}, "^Board size must be a whole number"),
        # Characters Python counts as digits that are not ASCII ones (a superscript, a circled one, an
        # Arabic-Indic three): a link's number is written 0-9, and int() would take some and choke on others.
        ({"preset": "easy", "seed": "²"}, "^Puzzle number must be a whole number"),
        ({"preset": "easy", "seed": "①"}, "^Puzzle number must be a whole number"),
        ({"preset": "custom", "size": "٦", "diagonal": "2"}, "^Board size must be a whole number"),
        ({"preset": "easy", "v": "¹"}, "must be a whole number"),
        ({"preset": "hard", "daily": "2026-02-30"}, "not a date"),
        ({"preset": "hard", "daily": "yesterday"}, "not a date"),
        ({"preset": "custom", "daily": "2026-12-01"}, "Daily puzzles come as"),
        ({"preset": "hard", "daily": "2026-12-01", "seed": "5"}, "no puzzle number or time limit"),
        ({"preset": "hard", "daily": "2026-12-01", "limit": "5"}, "no puzzle number or time limit"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(params, reason):
    with pytest.raises(BadOptions, match=reason):
        training.parse_settings(params, 1)


@pytest.mark.parametrize(
    ("language", "said", "days"),
    [
        (
            "en",
            "“2026-02-30” is not a date between 2020-01-01 and 2199-12-31 like 2026-12-01.",
            ("2026-02-30", "2020-01-01", "2199-12-31", "2026-12-01"),
        ),
        (
            "ja",
            "「2026-02-30」は日付として使えません。2020年1月1日から2199年12月31日までの日付を2026-12-01のように書いてください。",
            ("2026-02-30", "2020年1月1日", "2199年12月31日", "2026-12-01"),
        ),
    ],
)
def test_a_refused_daily_date_keeps_each_date_whole_and_the_catalogue_writes_them(language, said, days):
    """A player's pass: the refusal of a daily link's date wrote its dates into the message ("… between 2020-01-01 and
    2199-12-31 like 2026-12-01."): a line could break at a date's hyphen, and Japanese could not write the
    range its way. The dates are placeholders now, each drawn whole (``i18n.whole``, as the daily heading's
    date): the range as the page writes a day (``i18n.date_text``), the example and what was typed as a link
    writes them. ``str(err)`` (logs) stays plain English."""
    i18n.set_language(language)
    with pytest.raises(BadOptions) as refused:
        training.parse_settings({"preset": "hard", "daily": "2026-02-30"}, 1)
    text = i18n.describe(refused.value.code, refused.value.params)
    assert text.replace(i18n.JOINER, "") == said
    assert re.findall(f"(?<!{i18n.JOINER})-|-(?!{i18n.JOINER})", text) == [], "a line may break at a date's hyphen"
    assert all(i18n.whole(day) in text for day in days), text
    if language == "ja":  # what was typed, its brackets and its particle are one piece: no line ends at "」"
        assert i18n.whole("「2026-02-30」は") in text, text
    template = i18n.describe(refused.value.code, {})  # the catalogue's entry, its placeholders unfilled
    assert {"{first_day}", "{last_day}", "{example_day}"} <= set(re.findall(r"\{\w+\}", template)), template
    assert not re.search(r"[0-9]", template), "a date written into the message"
    assert str(refused.value) == "“2026-02-30” is not a date between 2020-01-01 and 2199-12-31 like 2026-12-01."


def test_setting_errors_name_the_field_as_the_form_does_in_any_language():
    with pytest.raises(BadOptions) as caught:
        training.parse_settings({"preset": "easy", "seed": "abc"}, 1)
    assert (caught.value.code, caught.value.params) == ("field-not-whole", {"field": "training-seed"})
    assert "seed" not in str(caught.value).lower()


def test_a_daily_link_names_the_day_and_its_seed_comes_from_it():
    settings = training.parse_settings({"preset": "hard", "daily": "2026-12-01"}, 1)
    assert settings.daily == "2026-12-01" and settings.limit_min == 0 and settings.size == PRESETS["hard"].size
    assert settings.params() == {"preset": "hard", "daily": "2026-12-01"}
    assert training.parse_settings(settings.params(), 2) == settings
    other = training.parse_settings({"preset": "hard", "daily": "2026-12-02"}, 1)
    assert other.seed != settings.seed


def test_new_puzzle_numbers_are_short():
    import random

    numbers = [training.new_number(random.Random(i)) for i in range(200)]
    assert all(1 <= n < 1_000_000 for n in numbers) and len(set(numbers)) > 190


def test_best_times_count_only_hint_free_preset_solves():
    stats = training.solved(Stats(), "easy", 90_000, hints=0)
    stats = training.solved(stats, "easy", 120_000, hints=0)
    stats = training.solved(stats, "easy", 30_000, hints=2)
    stats = training.solved(stats, "custom", 10_000, hints=0)
    assert stats.best("easy") == 90_000 and stats.best("custom") is None
    assert (stats.solved, stats.hints, stats.recent_ms) == (4, 2, (90_000, 120_000, 30_000, 10_000))
    stats = training.gave_up(training.abandoned(stats, 1), 3)
    assert (stats.given_up, stats.abandoned, stats.hints) == (1, 1, 6)


def test_stats_round_trip_and_keep_only_recent_times():
    stats = Stats()
    for ms in range(30):
        stats = training.solved(stats, "normal", 1000 + ms, 0)
    assert len(stats.recent_ms) == training.RECENT
    assert training.parse_stats(dumps(stats.to_json())) == stats


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"v": 99}',
        '{"v": 1, "solved": -1}',
        '{"v": 1, "solved": "3"}',
        '{"v": 1, "best_ms": {"nightmare": 5}}',
        '{"v": 1, "recent_ms": [1.5]}',
        '{"v": 1, "finished": ["not a key"]}',
        '{"v": 1, "finished": "0123456789abcdef"}',
    ],
)
def test_bad_stored_stats_are_refused(text):
    with pytest.raises(BadMessage):
        training.parse_stats(text)


def test_stats_keep_the_fields_a_newer_build_added():
    """Stats saved by a newer page (a field this page does not know), loaded here and saved again: the field was
    refused, the whole record read as damaged and replaced by the next result, and the player's record was lost.
    A field this page does not know is kept as it is, and written back with the record's own."""
    newer = (
        '{"v": 1, "solved": 3, "given_up": 0, "abandoned": 0, "hints": 1, "recent_ms": [90000], '
        '"best_ms": {"easy": 90000}, "finished": [], "streak": {"run": 4, "days": ["2026-12-01"]}, "medals": 2}'
    )
    stats = training.parse_stats(newer)
    assert (stats.solved, stats.hints, stats.best("easy")) == (3, 1, 90_000)
    after = training.solved(stats, "easy", 60_000, 0, "0123456789abcdef")
    saved = json.loads(dumps(after.to_json()))
    assert saved["streak"] == {"run": 4, "days": ["2026-12-01"]} and saved["medals"] == 2
    assert (saved["v"], saved["solved"], saved["best_ms"], saved["finished"]) == (
        1,
        4,
        {"easy": 60_000},
        ["0123456789abcdef"],
    )
    assert training.parse_stats(dumps(after.to_json())) == after
    # A field this page knows is this page's to write: an unknown one never stands in its place.
    assert "solved" not in after.extra and "v" not in after.extra


def test_stats_or_a_saved_puzzle_nested_too_deep_for_the_browser_are_refused_before_the_parser_sees_them(
    browser_json,
):
    """In the browser, JSON nested thousands deep overflows the parser's stack (``browser_json``), a fatal
    error no ``except`` catches: ``decode`` refuses it first, as text that is not JSON."""
    for parse in (training.parse_stats, training.parse_progress):
        for text in ("[" * 100_000, '{"v": 1, "recent_ms": ' + "[" * 65 + "]" * 65 + "}"):
            with pytest.raises(BadMessage) as refused:
                parse(text)
            assert refused.value.code == "training-stored-json", parse


def make_progress(**changes):
    solution = Layout.of(6, {(1, 1): "/", (2, 4): "\\", (4, 2): "|"})
    settings = training.parse_settings({"preset": "custom", "size": "6", "diagonal": "2", "flat": "1", "seed": "3"}, 0)
    puzzle = puzzle_of(solution, (), settings.tiles)
    values = dict(
        settings=settings,
        puzzle=puzzle,
        solution=solution,
        layout=Layout.of(6, {(1, 1): "\\"}),
        elapsed_ms=65_000,
        hints=1,
    )
    values.update(changes)
    return Progress(**values)


def test_progress_round_trips():
    progress = make_progress()
    assert training.parse_progress(progress.to_text()) == progress


def test_progress_keeps_notes_and_the_undo_history():
    base = make_progress()
    desk = base.desk
    history = History()
    for wanted in ([((0, 0), NOTE, DOT)], [((5, 5), TILE, "|")], [((0, 0), TILE, "/")]):
        step = change(desk, wanted)
        desk, history = apply(desk, step), history.record(step)
    desk, history, _ = undo(desk, history)
    progress = make_progress(layout=desk.layout, notes=desk.notes, history=history)
    back = training.parse_progress(progress.to_text())
    assert back == progress and back.notes.at((0, 0)) == DOT and len(back.history.undone) == 1


def test_a_version_1_save_still_loads_without_notes_or_history():
    data = json.loads(make_progress().to_text())
    del data["notes"], data["history"], data["tool"]
    data["v"] = 1
    back = training.parse_progress(json.dumps(data))
    assert back == make_progress() and back.history == History()


def test_the_chosen_tool_is_saved_and_a_version_2_save_loads_with_the_diagonal_mirror():
    progress = replace(make_progress(), tool="ring")
    assert training.parse_progress(progress.to_text()).tool == "ring"
    data = json.loads(progress.to_text())
    del data["tool"]
    data["v"] = 2
    assert training.parse_progress(json.dumps(data)) == make_progress()


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(v=0),
        lambda d: d["solution"].update(rows=["......"] * 6),
        lambda d: d["layout"].update(rows=["//////"] + ["......"] * 5),
        lambda d: d["layout"].update(rows=["...."] * 4),
        lambda d: d["puzzle"]["clues"].pop(),
        lambda d: d["settings"].update(size="7"),
        lambda d: d.update(elapsed_ms=-1),
        lambda d: d.update(hints="2"),
        lambda d: d["settings"].update(preset=7),
        lambda d: d["notes"].update(rows=["......", ".d...."] + ["......"] * 4),  # a note on a tile
        lambda d: d["notes"].update(rows=["x....."] + ["......"] * 5),
        lambda d: d.update(history={"done": ["0,0,t,.,/"], "undone": []}),  # (0, 0) is empty
        lambda d: d.update(history={"done": ["1,1,t,/,-"], "undone": []}),  # (1, 1) holds \\
        lambda d: d.update(history={"done": [], "undone": ["9,0,t,.,/"]}),
        lambda d: d.update(history={"done": ["1,1,t,.,\\"], "undone": [], "x": 1}),
        lambda d: d.update(history=[]),
        lambda d: d.update(tool="mirror"),
        lambda d: d.update(tool=None),
        lambda d: d.update(v=2),  # a version 2 save has no tool
    ],
)
def test_a_damaged_saved_puzzle_is_refused(change):
    data = json.loads(make_progress().to_text())
    change(data)
    with pytest.raises(BadMessage):
        training.parse_progress(json.dumps(data))


def test_a_refused_setting_names_the_field_as_the_form_labels_it():
    with pytest.raises(BadOptions) as caught:
        training.parse_settings({"preset": "easy", "seed": "lucky"}, 1)
    assert str(caught.value) == "Puzzle number must be a whole number"
    assert caught.value.to_json() == {"code": "field-not-whole", "params": {"field": "training-seed"}}
    with pytest.raises(BadOptions, match="Board size must be between 4 and 12, not 13"):
        training.parse_settings({"preset": "custom", "size": "13"}, 1)


def test_a_finished_puzzle_keeps_the_fields_a_newer_build_added():
    """A newer page may add a field to the finished puzzle it keeps (under the same version); this page, reading
    it (another tab not yet updated, a reload served from the cache), refused the whole record, and the player's
    finished puzzle opened afresh. The field is kept and written back as the stats and the daily record keep theirs;
    a field this page knows stays its own to write."""
    progress = make_progress()
    data = json.loads(training.Ended("solved", progress).to_text())
    data.update(medal="gold", shared={"at": 3})
    ended = training.parse_ended(json.dumps(data))
    assert (ended.how, ended.progress, ended.repeat) == ("solved", progress, False)
    saved = json.loads(ended.to_text())
    assert (saved["medal"], saved["shared"]) == ("gold", {"at": 3})
    assert training.parse_ended(ended.to_text()) == ended
    assert "how" not in ended.extra and "v" not in ended.extra
    mixed = training.Ended("gave-up", progress, extra={"how": "solved", "v": 9})
    assert json.loads(mixed.to_text())["how"] == "gave-up"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(how=1), "finished puzzle: 'how' is not solved, gave up or time up"),
        (lambda d: d.update(repeat="yes"), "finished puzzle: 'repeat' must be true or false"),
        (lambda d: d.update(repeat=1), "finished puzzle: 'repeat' must be true or false"),
        (lambda d: d.update(repeat=None), "finished puzzle: 'repeat' must be true or false"),
        (lambda d: d.update(progress=[]), "saved puzzle must be an object"),
    ],
)
def test_a_known_field_of_a_finished_puzzle_of_the_wrong_type_is_refused_with_its_reason(change, said):
    """``repeat`` of another type than true or false was read as false, silently (the line then said a repeat
    finish counted): it is refused, named, as a wrong ``how`` is, and an unknown field never hides one."""
    data = json.loads(training.Ended("solved", make_progress(), repeat=True).to_text())
    data["medal"] = "gold"
    change(data)
    with pytest.raises(BadMessage, match=re.escape(said)):
        training.parse_ended(json.dumps(data))
    assert training.parse_ended(training.Ended("time-up", make_progress(), repeat=False).to_text()).repeat is False
    data = json.loads(training.Ended("time-up", make_progress()).to_text())
    data["repeat"] = False  # written by no build, but a bool: read as it says
    assert training.parse_ended(json.dumps(data)).repeat is False
