"""The path-naming readers of untrusted JSON (``core.fields``) that each game's ``check_view`` is made
of: each returns what it checked, accepts the values at both ends of its range, and refuses the first
value past them with a whole sentence naming the field by its path in the message."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

import gamenight.core.jsonutil  # noqa: F401  (registers the field-* reasons the readers share)
from gamenight.core import fields as f
from gamenight.core.errors import MAX_PARAM, MAX_PARAMS, BadMessage, BadOptions
from gamenight.i18n import REASONS
from tests.unit.words import in_language

TILE = f.field({"cell": [1, 2]}, "tiles", 3)  # ``tiles[3]``, an object


def refused(read: Any, *args: Any, **kwargs: Any) -> str:
    """The English sentence of the refusal ``read(*args, **kwargs)`` raises (every blank of it filled in)."""
    with pytest.raises(BadMessage) as err:
        read(*args, **kwargs)
    assert err.value.code in REASONS and err.value.code != "text", err.value
    assert "{" not in str(err.value), f"a blank left in {str(err.value)!r}"
    return str(err.value)


def test_a_field_is_named_by_its_path_in_the_message():
    assert f.name(f.field(None, "tiles", 3, "cell")) == "'tiles[3].cell'"
    assert f.name(f.field(None, "events", 0)) == "'events[0]'"
    assert f.name(f.field(None, 2, 5)) == "'[2][5]'"
    assert f.name(f.root({"a": 1})) == ""
    assert f.name(f.field(None, "X", "XX")) == "'X.XX'"  # seats and keys as they are
    assert f.at(f.at(f.root({"a": {"b": 7}}), "a"), "b") == (7, (((), "a"), "b"))
    assert f.name(f.at(TILE, "cell")) == "'tiles[3].cell'"


def test_at_reads_a_key_of_any_object_and_names_what_is_missing_or_not_an_object():
    assert f.at(TILE, "cell")[0] == [1, 2]
    # check_view's views are typed Mapping: any mapping reads as an object, not only a dict.
    assert f.at(f.root(MappingProxyType({"size": 9})), "size")[0] == 9
    assert refused(f.at, TILE, "kind") == "'tiles[3].kind' is missing"
    assert refused(f.at, f.root([1]), "size") == "'view' must be an object"
    assert refused(f.at, f.field("x", "tiles", 0), "cell") == "'tiles[0]' must be an object"


def test_each_names_every_item_by_its_index_and_refuses_too_many():
    assert list(f.each(f.field(["a", "b"], "seats"), 2)) == [
        ("a", (((), "seats"), 0)),
        ("b", (((), "seats"), 1)),
    ]
    assert refused(f.each, f.field(["a", "b", "c"], "seats"), 2) == "'seats' holds more than 2 items"
    assert refused(f.each, f.field({"a": 1}, "seats"), 2) == "'seats' must be a list"
    assert refused(f.each, f.field((1, 2), "seats"), 2) == "'seats' must be a list"  # JSON has no tuples


def test_keyed_takes_the_named_keys_all_of_them_or_some():
    scores = f.field({"A": 1, "B": 2}, "scores")
    assert [(k, v[0], f.name(v)) for k, v in f.keyed(scores, ("A", "B"))] == [
        ("A", 1, "'scores.A'"),
        ("B", 2, "'scores.B'"),
    ]
    assert [k for k, _ in f.keyed(f.field({"B": 2}, "beams"), ("A", "B"), every=False)] == ["B"]
    assert list(f.keyed(f.field({}, "beams"), ("A", "B"), every=False)) == []
    assert [k for k, _ in f.keyed(f.root(MappingProxyType({"A": 1})), ("A",))] == ["A"], "any mapping"
    assert refused(f.keyed, f.field({"B": 2}, "scores"), ("A", "B")) == "'scores.A' is missing"
    assert refused(f.keyed, f.field({"A": 1, "Q": 2}, "scores"), ("A", "B")) == "'scores.Q' is not a seat of this match"
    assert refused(f.keyed, f.field([1], "scores"), ("A",)) == "'scores' must be an object"


def test_keyed_by_the_games_words_refuses_an_unknown_one_as_such():
    hand = f.field({"mirror": 1, "laser": 2}, "hands", "A")
    assert refused(f.keyed, hand, ("mirror", "prism"), kinds=True) == "'hands.A.laser' must be one of 'mirror', 'prism'"
    assert refused(f.keyed, f.field({"mirror": 1}, "hands", "A"), ("mirror", "prism"), kinds=True) == (
        "'hands.A.prism' is missing"
    )


def test_keyed_without_known_seats_takes_as_many_as_a_match_seats():
    most = {str(n): n for n in range(f.MAX_SEATS)}
    assert len(list(f.keyed(f.field(most, "scores"), None))) == f.MAX_SEATS
    too_many = f.field({**most, "x": 0}, "result", "scores")
    assert refused(f.keyed, too_many, None) == f"'result.scores' holds more than {f.MAX_SEATS} items"


@pytest.mark.parametrize(
    ("read", "lo", "hi"),
    [(f.whole, -3, 4), (f.number, -3, 4)],
)
def test_numbers_are_taken_at_both_ends_of_their_range_and_refused_one_past(read, lo, hi):
    assert read(f.field(lo, "n"), lo, hi) == lo and read(f.field(hi, "n"), lo, hi) == hi
    assert refused(read, f.field(lo - 1, "n"), lo, hi) == f"'n' must be between {lo} and {hi}, not {lo - 1}"
    assert refused(read, f.field(hi + 1, "n"), lo, hi) == f"'n' must be between {lo} and {hi}, not {hi + 1}"


def test_whole_numbers_are_ints_and_numbers_ints_or_floats_never_booleans():
    assert f.number(f.field(0.5, "avg"), 0, 1) == 0.5
    for value in (True, 1.0, "1", None):
        assert refused(f.whole, f.field(value, "size"), 0, 9) == "'size' must be a whole number"
    for value in (True, "1", None, [1]):
        assert refused(f.number, f.field(value, "avg"), 0, 9) == "'avg' must be a number"
    assert refused(f.number, f.field(9.5, "avg"), 0, 9) == "'avg' must be between 0 and 9, not 9.5"


def test_text_is_a_string_of_at_most_so_many_characters():
    assert f.text(f.field("abc", "flaw"), 3) == "abc"
    assert f.text(f.field("x" * f.MAX_TEXT, "flaw")) == "x" * f.MAX_TEXT
    assert refused(f.text, f.field("abcd", "flaw"), 3) == "'flaw' is longer than 3 characters"
    assert refused(f.text, f.field("x" * (f.MAX_TEXT + 1), "flaw")) == f"'flaw' is longer than {f.MAX_TEXT} characters"
    assert refused(f.text, f.field(3, "flaw")) == "'flaw' must be text"


def test_a_flag_is_a_boolean():
    assert f.flag(f.field(False, "void")) is False and f.flag(f.field(True, "void")) is True
    assert refused(f.flag, f.field(0, "void")) == "'void' must be true or false"


def test_a_choice_is_one_of_the_texts_given_and_an_unhashable_value_is_refused_not_looked_up():
    assert f.choice(f.field("N", "dir"), ("N", "S")) == "N"
    assert f.choice(f.field(None, "ended"), (None, "over")) is None
    for value in ("E", None, ["N"], {"N": 1}, 1):
        assert refused(f.choice, f.field(value, "dir"), ("N", "S")) == "'dir' must be one of 'N', 'S'"


def test_a_cell_is_a_pair_of_whole_numbers_on_the_board():
    for r, c in ((0, 0), (0, 8), (8, 0), (8, 8)):
        assert f.cell(f.field([r, c], "cell"), 9) == (r, c)
    for value in ([9, 0], [0, 9], [-1, 0], [0, -1]):
        assert (
            refused(f.cell, f.field(value, "cell"), 9) == "'cell' is off the board (rows and columns run from 0 to 8)"
        )
    for value in ([1], [1, 2, 3], [1.0, 2], [1, True], "1,2", (1, 2), None):
        assert refused(f.cell, f.field(value, "cell"), 9) == "'cell' must be a [row, column] pair of whole numbers"


def test_a_seat_is_one_of_the_match_or_a_short_id_where_the_seats_are_not_known():
    assert f.seat(f.field("B", "to_move"), ("A", "B")) == "B"
    assert f.seat(f.field("x" * f.MAX_SEAT, "to_move"), None) == "x" * f.MAX_SEAT
    for value, seats in (("C", ("A", "B")), (["A"], ("A",)), (1, None), ("x" * (f.MAX_SEAT + 1), None)):
        assert refused(f.seat, f.field(value, "to_move"), seats) == "'to_move' is not a seat of this match"


def test_a_seat_list_holds_different_seats_at_most_as_many_as_the_match_has():
    assert f.seat_list(f.field(["B", "A"], "winners"), ("A", "B")) == ["B", "A"]
    assert f.seat_list(f.field([], "winners"), ("A", "B")) == []
    assert refused(f.seat_list, f.field(["A", "A"], "winners"), ("A", "B")) == "'winners' holds the same value twice"
    assert refused(f.seat_list, f.field(["A", "B", "A"], "winners"), ("A", "B")) == "'winners' holds more than 2 items"
    assert (
        refused(f.seat_list, f.field(["A", "Q"], "winners"), ("A", "B")) == "'winners[1]' is not a seat of this match"
    )
    many = [str(n) for n in range(f.MAX_SEATS)]
    assert f.seat_list(f.field(many, "winners"), None) == many
    assert (
        refused(f.seat_list, f.field([*many, "x"], "winners"), None) == f"'winners' holds more than {f.MAX_SEATS} items"
    )


def test_the_seating_is_one_to_most_different_short_ids():
    assert f.seating(f.field(["A", "B"], "seats"), 2) == ("A", "B")
    assert f.seating(f.field(["x" * 32], "seats"), 2) == ("x" * 32,)
    assert refused(f.seating, f.field([], "seats"), 2) == "'seats' is empty"
    assert refused(f.seating, f.field(["A", "A"], "seats"), 2) == "'seats' holds the same value twice"
    assert refused(f.seating, f.field(["A", "B", "C"], "seats"), 2) == "'seats' holds more than 2 items"
    assert refused(f.seating, f.field(["x" * 33], "seats"), 2) == "'seats[0]' is longer than 32 characters"


def test_you_is_the_seat_the_page_holds_or_none_for_a_spectator():
    f.addressed(f.root({"you": "B"}), "B", ("A", "B"))
    f.addressed(f.root({"you": None}), None, ("A", "B"))
    assert refused(f.addressed, f.root({"you": "A"}), "B", ("A", "B")) == "'you' must be one of 'B'"
    assert refused(f.addressed, f.root({"you": "B"}), None, ("A", "B")) == "'you' must be one of None"
    # A match that says this page holds a seat it does not have is refused too.
    assert refused(f.addressed, f.root({"you": "Q"}), "Q", ("A", "B")) == "'you' is not a seat of this match"
    assert refused(f.addressed, f.root({}), None, ("A", "B")) == "'you' is missing"


def test_a_game_parsers_refusal_becomes_a_refused_message_with_its_reason():
    def parse(value: Any) -> int:
        if value != 9:
            raise BadOptions("field-range", field="size", lo=9, hi=9, value=value)
        return value

    assert f.parsed(f.field(9, "options"), parse) == 9
    with pytest.raises(BadMessage) as err:
        f.parsed(f.field(8, "options"), parse)
    assert (err.value.code, err.value.params) == ("field-range", {"field": "size", "lo": 9, "hi": 9, "value": 8})
    assert err.value.__cause__ is None and err.value.__suppress_context__, "the parser's error is not repeated"


def test_an_optional_field_holds_a_value_unless_it_is_null():
    assert not f.maybe(f.field(None, "x"))
    assert all(f.maybe(f.field(value, "x")) for value in (0, False, "", [], {}))


def test_a_reason_is_a_short_code_and_plain_parameters():
    fine = {"code": "x" * 32, "params": {f"p{k}": v for k, v in enumerate(("t" * MAX_PARAM, 7, True, None))}}
    f.reason(f.root(fine))
    f.reason(f.root({"code": "over", "params": {f"p{k}": k for k in range(MAX_PARAMS)}}))
    f.reason(f.root({"code": "over", "params": MappingProxyType({})}))
    why = f.field(None, "result", "reason")
    cases = [
        ({"code": "x" * 33, "params": {}}, "'result.reason.code' is longer than 32 characters"),
        ({"code": 5, "params": {}}, "'result.reason.code' must be text"),
        ({"params": {}}, "'result.reason.code' is missing"),
        ({"code": "over"}, "'result.reason.params' is missing"),
        ({"code": "over", "params": []}, "'result.reason.params' must be an object"),
        (
            {"code": "over", "params": {f"p{k}": k for k in range(MAX_PARAMS + 1)}},
            f"'result.reason.params' holds more than {MAX_PARAMS} items",
        ),
        ({"code": "over", "params": {"seat": ["A"]}}, "'result.reason.params.seat' must be text"),
        ({"code": "over", "params": {"seat": "t" * (MAX_PARAM + 1)}}, "'result.reason.params.seat' must be text"),
        ("over", "'result.reason' must be an object"),
    ]
    for value, said in cases:
        assert refused(f.reason, (value, why[1])) == said, value


RESULT = {
    "ranking": [["A"], ["B", "C"]],
    "winners": ["A"],
    "draw": False,
    "scores": {"A": 3, "B": -(1 << 31)},
    "notes": {"C": {"code": "left", "params": {}}},
    "reason": None,
    "teams": [["A", "C"]],
}


def test_a_result_names_only_seats_of_the_match_and_reads_as_the_lobby_words_it():
    seats = ("A", "B", "C")
    f.result(f.field(RESULT, "result"), seats)
    f.result(f.field({**RESULT, "reason": {"code": "target", "params": {"seat": "A"}}}, "result"), seats)
    f.result(f.field({**RESULT, "scores": {"Q": 1 << 31}}, "result"), None)  # seats unknown: any ids
    cases = [
        ("ranking", [["A"], ["Q"]], "'result.ranking[1][0]' is not a seat of this match"),
        ("ranking", [["A"]] * 4, "'result.ranking' holds more than 3 items"),
        ("winners", ["A", "A"], "'result.winners' holds the same value twice"),
        ("winners", ["Q"], "'result.winners[0]' is not a seat of this match"),
        ("draw", None, "'result.draw' must be true or false"),
        ("scores", {"A": 1 << 32}, f"'result.scores.A' must be between {-(1 << 31)} and {1 << 31}, not {1 << 32}"),
        ("scores", {"Q": 1}, "'result.scores.Q' is not a seat of this match"),
        ("notes", {"A": {"code": 1, "params": {}}}, "'result.notes.A.code' must be text"),
        ("reason", {"code": "x"}, "'result.reason.params' is missing"),
        ("teams", [["A", "Q"]], "'result.teams[0][1]' is not a seat of this match"),
        ("teams", [["A"]] * 4, "'result.teams' holds more than 3 items"),
    ]
    for key, value, said in cases:
        assert refused(f.result, f.field({**RESULT, key: value}, "result"), seats) == said, (key, value)
    for key in RESULT:
        gone = {k: v for k, v in RESULT.items() if k != key}
        assert refused(f.result, f.field(gone, "result"), seats) == f"'result.{key}' is missing"


def test_a_field_whose_name_is_a_game_s_word_is_named_by_its_path_not_the_word():
    """A view's field named "turn" (a Light Seeker word, "a turn") or "tiles" (a Reflection one) is still
    the field, quoted, as every other ("a turn must be between …" named no field at all), in
    English and in Japanese; and the checks written in each game's checkview name theirs the same way."""
    from gamenight import i18n
    from gamenight.lightseeker import rules as _lightseeker  # noqa: F401  (registers "turn" as a word)
    from gamenight.reflection import puzzle as _puzzle  # noqa: F401  (registers "tiles")

    assert i18n.TERMS["turn"] and i18n.TERMS["tiles"]
    said = f"'turn' must be between 1 and {f.MAX_POINTS}, not 0"
    assert refused(f.whole, f.field(0, "turn"), 1, f.MAX_POINTS) == said
    assert refused(f.each, f.field(5, "tiles"), 3) == "'tiles' must be a list"
    assert refused(f.at, f.field([], "turn"), "x") == "'turn' must be an object"
    with pytest.raises(BadMessage) as err:
        f.whole(f.field(0, "turn"), 1, 2)
    with in_language("ja"):
        said = i18n.describe(err.value.code, err.value.params)
        assert said.startswith("'turn'は1～2"), said
