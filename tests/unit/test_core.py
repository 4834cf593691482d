"""The shared vocabulary: directions, mirrors, seeded randomness, errors, JSON readers, results."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight.raythread.rules  # noqa: F401  (registers the reasons used below)
from gamenight.core import jsonutil
from gamenight.core.errors import BadMessage, BadOptions, GameNightError, IllegalMove
from gamenight.core.game import SEAT_COLOURS, GameInfo, Result, rank_by, seat_colour, seat_ids
from gamenight.core.grid import E, N, S, W, flip, on_board, ring, step
from gamenight.core.rng import MAX_SEED, derive, fresh_seed, rng
from gamenight.i18n import reasons


def test_steps_move_one_cell_with_rows_growing_downwards():
    assert step((5, 5), N) == (4, 5)
    assert step((5, 5), E) == (5, 6)
    assert step((5, 5), S) == (6, 5)
    assert step((5, 5), W) == (5, 4)
    assert step((5, 5), E, 3) == (5, 8)


def test_opposites_and_quarter_turns():
    assert [d.opposite for d in (N, E, S, W)] == [S, W, N, E]
    assert [d.right for d in (N, E, S, W)] == [E, S, W, N]
    assert [d.left for d in (N, E, S, W)] == [W, N, E, S]


def test_flip_and_neighbourhoods():
    assert flip("/") == "\\" and flip("\\") == "/"
    assert len(set(ring((0, 0)))) == 8 and (0, 0) not in ring((0, 0))


def test_on_board_is_each_cell_of_the_square_and_nothing_past_its_edges():
    size = 5
    square = {(r, c) for r in range(size) for c in range(size)}
    around = {(r, c) for r in range(-2, size + 2) for c in range(-2, size + 2)}
    assert {cell for cell in around if on_board(cell, size)} == square
    assert not on_board((0, 0), 0), "no cell is on an empty board"
    assert on_board([4, 0], size), "a cell read from JSON (a list) is checked the same"


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(0, 15))
def test_on_board_agrees_with_the_cells_a_board_has(r, c, size):
    assert on_board((r, c), size) == ((r, c) in {(i, j) for i in range(size) for j in range(size)})


def test_derived_streams_are_stable_and_independent():
    assert rng(42, "deck").random() == rng(42, "deck").random()
    assert rng(42, "deck").random() != rng(42, "beacons").random()
    assert rng(42, "deck").random() != rng(43, "deck").random()
    # Pinned so that a change of derivation (which would change every saved match) fails loudly.
    assert derive(1, "deck") == int.from_bytes(__import__("hashlib").sha256(b"1:deck").digest()[:6], "big")
    assert 0 <= fresh_seed() <= MAX_SEED
    assert fresh_seed(rng(1)) == fresh_seed(rng(1))


def test_error_types_are_readable_value_errors():
    for cls in (IllegalMove, BadOptions, BadMessage):
        err = cls("raythread-beacon")
        assert isinstance(err, GameNightError) and isinstance(err, ValueError)
        assert str(err) == "that cell holds a beacon" and err.to_json() == {"code": "raythread-beacon", "params": {}}


def test_text_parameters_are_cut_short():
    err = BadMessage("unknown-field", what="message", key="k" * 5000)
    assert len(err.params["key"]) == 60 and err.params["key"].endswith("…") and len(str(err)) < 120


def test_canonical_dumps_is_order_independent_and_compact():
    assert jsonutil.dumps({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
    assert jsonutil.dumps({"name": "光"}) == '{"name":"光"}'
    with pytest.raises(ValueError):
        jsonutil.dumps({"x": float("nan")})


@settings(deadline=None)  # no timing in tests: a loaded machine took over 200 ms for one example
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda kids: st.lists(kids) | st.dictionaries(st.text(), kids),
        max_leaves=20,
    )
)
def test_loads_round_trips_dumps(value):
    assert jsonutil.loads(jsonutil.dumps(value)) == value


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xff\xfe", "UTF-8"),
        ("{", "not valid JSON"),
        ('{"x": NaN}', "not valid JSON"),
        ("[" * 100000 + "]" * 100000, "too large"),
        ("\ud800", "UTF-8"),
    ],
)
def test_loads_rejects_bad_input_with_a_reason(data, reason):
    with pytest.raises(BadMessage, match=reason):
        jsonutil.loads(data)


def test_loads_refuses_deep_nesting_before_the_parser_sees_it(browser_json):
    """Pyodide's parser overflows the browser's stack on a few thousand levels, a fatal error that stops
    the app (``browser_json``): a guest's one message of 64 KiB of "[" took the host's page down."""
    for deep in ("[" * 50000 + "]" * 50000, '{"a":' * 20000 + "1" + "}" * 20000):
        with pytest.raises(BadMessage, match=r"^nests lists and objects deeper than 64 levels$"):
            jsonutil.loads(deep, max_bytes=200000)
    edge = "[" * jsonutil.MAX_DEPTH + "]" * jsonutil.MAX_DEPTH
    assert jsonutil.loads(edge) == json.loads(edge)
    with pytest.raises(BadMessage, match="deeper than"):
        jsonutil.loads(f"[{edge}]")
    # Brackets inside strings are text, not nesting (escaped quotes and backslashes included).
    text = ["[" * 5000, '\\"{' * 100, "]"]
    assert jsonutil.loads(jsonutil.dumps(text)) == text
    assert jsonutil.loads(json.dumps(text, ensure_ascii=True)) == text


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[" * 70 + '"' + '\\"' * 30000, True),  # escaped quotes that open no string: tried at each, once
        ("[" * 70 + '"\\' * 30000, True),
        ("[" * 70 + '"' * 60000, True),
        ('["' * 30000, True),  # '"["' strings between the brackets: 15,000 levels
        ("[" * 3 + '"abc' + "[" * 100, False),  # brackets inside an unclosed string are text to the parser
        ("[" * 3 + '"abc\\', False),  # a lone backslash at the end
        ('["\\\\"' + "[" * 100, True),  # an escaped backslash closes nothing: the string ends at its quote
    ],
)
def test_the_depth_is_counted_as_the_parser_reads_strings_even_unclosed_ones(text, deep):
    """Every case here is 60 KiB of quotes and backslashes a sender chose: the count reads each once (a
    pattern that could fail inside one was tried again at every escaped quote, quadratic in the text)."""
    assert jsonutil.too_deep(text) is deep


def test_field_readers_accept_good_values():
    raw = json.loads('{"n": 3, "s": "hi", "b": true, "c": [1, 2], "k": "/"}')
    assert jsonutil.get_int(raw, "n", BadOptions, 1, 5) == 3
    assert jsonutil.get_int(raw, "missing", BadOptions, default=7) == 7
    assert jsonutil.get_str(raw, "s", BadMessage) == "hi"
    assert jsonutil.get_bool(raw, "b", BadMessage) is True
    assert jsonutil.get_cell(raw, "c", IllegalMove) == (1, 2)
    assert jsonutil.get_choice(raw, "k", ("/", "\\"), IllegalMove) == "/"
    jsonutil.only_keys(raw, {"n", "s", "b", "c", "k"}, "move", IllegalMove)


@pytest.mark.parametrize(
    ("call", "error", "reason"),
    [
        (lambda: jsonutil.get_int({"n": True}, "n", BadOptions), BadOptions, "whole number"),
        (lambda: jsonutil.get_int({"n": 1.5}, "n", BadOptions), BadOptions, "whole number"),
        (lambda: jsonutil.get_int({"n": 9}, "n", BadOptions, 1, 5), BadOptions, "between 1 and 5"),
        (lambda: jsonutil.get_int({"n": -1}, "n", BadOptions, 0), BadOptions, "^'n' must be at least 0, not -1$"),
        (lambda: jsonutil.get_int({"n": 9}, "n", BadOptions, hi=5), BadOptions, "^'n' must be at most 5, not 9$"),
        (lambda: jsonutil.get_int({}, "n", BadOptions), BadOptions, "missing"),
        (lambda: jsonutil.get_str({"s": 3}, "s", BadMessage), BadMessage, "text"),
        (lambda: jsonutil.get_str({"s": "xx"}, "s", BadMessage, max_len=1), BadMessage, "longer"),
        (lambda: jsonutil.get_bool({"b": 1}, "b", BadMessage), BadMessage, "true or false"),
        (lambda: jsonutil.get_cell({"c": [1]}, "c", IllegalMove), IllegalMove, "pair"),
        (lambda: jsonutil.get_cell({"c": [1, True]}, "c", IllegalMove), IllegalMove, "pair"),
        (lambda: jsonutil.get_cell({"c": "1,2"}, "c", IllegalMove), IllegalMove, "pair"),
        (lambda: jsonutil.get_choice({"k": "|"}, "k", ("/", "\\"), IllegalMove), IllegalMove, "one of"),
        (lambda: jsonutil.get_choice({"k": True}, "k", (1, 0), IllegalMove), IllegalMove, "one of"),
        (lambda: jsonutil.only_keys({"x": 1, "zz": 2}, {"x"}, "move", IllegalMove), IllegalMove, "'zz'"),
        (lambda: jsonutil.obj([], "a move", IllegalMove), IllegalMove, "an object"),
    ],
)
def test_field_readers_raise_the_callers_error_naming_the_field(call, error, reason):
    with pytest.raises(error, match=reason):
        call()


@pytest.mark.parametrize(
    ("lo", "hi", "value", "wire"),
    [
        (0, None, -1, {"code": "field-at-least", "params": {"field": "n", "lo": 0, "value": -1}}),
        (None, 5, 9, {"code": "field-at-most", "params": {"field": "n", "hi": 5, "value": 9}}),
        (1, 5, 9, {"code": "field-range", "params": {"field": "n", "lo": 1, "hi": 5, "value": 9}}),
    ],
)
def test_a_bound_on_one_side_travels_as_its_own_reason_code(lo, hi, value, wire):
    # "between 0 and None" is no sentence: a one-sided bound has its own registered code.
    with pytest.raises(BadOptions) as caught:
        jsonutil.get_int({"n": value}, "n", BadOptions, lo, hi)
    assert caught.value.to_json() == wire


def test_rank_by_shares_places_between_equal_keys():
    assert rank_by(["a", "b", "c", "d"], {"a": 3, "b": 5, "c": 3, "d": 1}) == (("b",), ("a", "c"), ("d",))


def test_result_winners_and_draws():
    assert Result(ranking=(("a",), ("b",))).draw is False
    shared = Result(ranking=(("a", "b"),), scores={"a": 2, "b": 2})
    assert shared.draw is True and shared.winners == ("a", "b")
    assert shared.to_json()["ranking"] == [["a", "b"]]


def test_a_team_sharing_first_place_wins_and_two_teams_sharing_it_draw():
    teams = (("a", "c"), ("b", "d"))
    won = Result(ranking=(("a", "c"), ("b", "d")), teams=teams)
    assert won.draw is False and won.to_json()["teams"] == [["a", "c"], ["b", "d"]]
    assert Result(ranking=(("a", "b", "c", "d"),), teams=teams).draw is True
    assert Result(ranking=(("a",), ("b",))).to_json()["teams"] == []


def test_game_info_player_counts():
    assert GameInfo("x", "X", "", range(2, 5)).players == "2–4"
    assert GameInfo("x", "X", "", range(2, 3)).players == "2"


def test_result_carries_the_reason_the_match_ended_as_a_code_and_params():
    reasons({"test-reached": "{seat} reached {n} points"})
    done = Result(ranking=(("a",), ("b",)), reason="test-reached", params={"seat": "a", "n": 12})
    assert done.to_json()["reason"] == {"code": "test-reached", "params": {"seat": "a", "n": 12}}
    assert done.sentence == "a reached 12 points"
    assert Result(ranking=(("a", "b"),)).to_json()["reason"] is None


class _Seated:
    info = GameInfo("x", "X", "", range(2, 5))

    def seat_ids(self, count):
        return {2: ("A", "C"), 3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}[count]


class _Numbered:
    info = GameInfo("y", "Y", "", range(1, 3))


def test_seat_ids_come_from_the_game_or_count_from_one():
    assert seat_ids(_Seated(), 2) == ("A", "C")
    assert seat_ids(_Numbered(), 2) == ("1", "2")


def test_a_seat_keeps_its_colour_at_every_player_count():
    assert seat_colour(_Seated(), "C") == SEAT_COLOURS[2]
    assert [seat_colour(_Numbered(), s) for s in ("1", "2")] == list(SEAT_COLOURS[:2])
    with pytest.raises(ValueError):
        seat_colour(_Seated(), "E")


def test_every_playable_game_seats_each_count_from_its_largest_seating():
    from gamenight import games

    for game in games.RULES.values():
        for count in game.info.seats:
            seats = seat_ids(game, count)
            assert len(set(seats)) == count
            assert all(seat_colour(game, s) in SEAT_COLOURS for s in seats)
            game.setup(game.options(None), seats, 1)  # the lobby's seats are the game's
