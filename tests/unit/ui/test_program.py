"""The effects' own rules (``ui/program.py``): what storage holds after a ``Store`` or ``StoreEntries``."""

import json

from gamenight.ui.program import Store, StoreEntries, written


def test_entries_merge_with_what_is_stored_now_not_with_the_pages_copy():
    other_tab = json.dumps({"x": 1, "y": {"token": "t"}})
    after = written(StoreEntries("k", (("z", [3]),), keep=5), other_tab)
    assert json.loads(after) == {"x": 1, "y": {"token": "t"}, "z": [3]}


def test_an_entry_put_again_moves_to_the_end_and_the_oldest_go_first():
    stored = written(StoreEntries("k", (("a", 1), ("b", 2), ("c", 3)), keep=3), None)
    stored = written(StoreEntries("k", (("a", 10),), keep=3), stored)
    assert list(json.loads(stored).items()) == [("b", 2), ("c", 3), ("a", 10)]
    stored = written(StoreEntries("k", (("d", 4),), keep=3), stored)
    assert list(json.loads(stored).items()) == [("c", 3), ("a", 10), ("d", 4)], "b was the oldest"


def test_none_takes_an_entry_out_and_an_empty_object_removes_the_key():
    stored = written(StoreEntries("k", (("a", 1), ("b", 2)), keep=9), None)
    stored = written(StoreEntries("k", (("a", None),), keep=9), stored)
    assert json.loads(stored) == {"b": 2}
    assert written(StoreEntries("k", (("b", None),), keep=9), stored) is None


def test_a_damaged_or_foreign_stored_value_is_replaced(browser_json):
    # The last: nested deeper than the JSON parser goes (in the browser a stack overflow, ``browser_json``),
    # which made the shell's write fail, so nothing under that key could be kept again.
    for text in ("{", "[1, 2]", '"text"', "null", "", "[" * 100_000):
        assert json.loads(written(StoreEntries("k", (("a", 1),), keep=2), text)) == {"a": 1}, text


def test_a_store_writes_its_text_whatever_was_there():
    assert written(Store("k", "new"), "old") == "new"
    assert written(Store("k", None), "old") is None
