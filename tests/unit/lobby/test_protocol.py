"""The wire protocol: every message type round-trips; anything malformed is refused with BadMessage."""

import json
from dataclasses import replace

import pytest

from gamenight.core.errors import BadMessage
from gamenight.lobby import protocol as p
from tests.unit.lobby.helpers import LOBBY, MATCH, SAID

TO_HOST = [
    p.Hello("Ann"),
    p.Hello("Bob", "0123456789abcdef0123456789abcdef"),
    p.Chat("good luck"),
    p.Sit("X"),
    p.Stand(),
    p.Move("X", {"add": 2}),
    p.Resync(),
    p.Choose("count", {"target": 12}, 2),
    p.Choose("count"),
    p.Assign("m2", "Z"),
    p.Assign("m2"),
    p.AddBot("Z", "hard"),
    p.CountOut("Z"),
    p.Kick("m2"),
    p.Start(42),
    p.Start(),
    p.End(),
]
TO_GUEST = [
    p.Welcome("m2", "0123456789abcdef0123456789abcdef"),
    SAID,
    p.Snapshot(3, LOBBY, MATCH, (SAID,)),
    p.Snapshot(0, LOBBY, None, ()),
    p.Snapshot(5, LOBBY, MATCH, (), p.MatchLog(3, (({"type": "added", "seat": "X", "add": 2}, {"type": "end"}),))),
    p.Update(4, LOBBY, MATCH, ({"type": "added", "seat": "X", "add": 2},)),
    # An ended match: the seats' holders and options a rematch is told by.
    p.Update(5, LOBBY, replace(MATCH, ended="over", holders={"X": "m1", "Z": None}, options={"goal": 5}), ()),
    p.Error("not-your-turn", {}, "move"),
    p.Error("field-range", {"field": "add", "lo": 1, "hi": 3, "value": 4}, "move"),
    p.Error("not-json"),
    p.Bye("kicked", {"name": "Bob"}),
    p.Part(7, 1, 3, '"seq":4,'),
]


def test_the_tables_cover_every_message_type():
    assert {m.type for m in TO_HOST} == set(p.TO_HOST)
    assert {m.type for m in TO_GUEST} == set(p.TO_GUEST)


@pytest.mark.parametrize("message", TO_HOST, ids=lambda m: m.type)
def test_messages_to_the_host_round_trip(message):
    text = p.encode(message)
    assert json.loads(text)["v"] == 6 and json.loads(text)["type"] == message.type
    assert p.read_to_host(text)[0] == message
    assert p.read_to_host(text.encode())[0] == message


@pytest.mark.parametrize("message", TO_GUEST, ids=lambda m: m.type)
def test_messages_to_guests_round_trip(message):
    assert p.read_to_guest(p.encode(message))[0] == message


def test_each_direction_parses_only_its_own_types():
    with pytest.raises(BadMessage, match="unknown message type 'welcome'"):
        p.read_to_host(p.encode(TO_GUEST[0]))
    with pytest.raises(BadMessage, match="unknown message type 'hello'"):
        p.read_to_guest(p.encode(TO_HOST[0]))


def envelope(**fields):
    return json.dumps({"v": 6, **fields})


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xff\xfe{}", "UTF-8"),
        ("\ud800", "UTF-8"),
        ('{"v": 6, "type": "hello", "name": "Ann", "token": "\\ud800"}', "lone surrogate"),
        ('{"v": 6, "type": "chat", "text": "a\\udc00b"}', "lone surrogate"),
        ('{"v": 6, "type": "move", "seat": "X", "move": {"\\ud83d": 1}}', "lone surrogate"),
        ("{", "not valid JSON"),
        ("[]", "must be an object"),
        ('"hello"', "must be an object"),
        (json.dumps({"type": "stand"}), "protocol None"),
        (json.dumps({"v": 3, "type": "stand"}), "protocol 3, this page speaks 6"),
        (json.dumps({"v": 6.0, "type": "stand"}), "protocol 6.0"),
        (json.dumps({"v": True, "type": "stand"}), "protocol True"),
        (json.dumps({"v": "6", "type": "stand"}), "protocol 6"),
        (envelope(type="dance"), "unknown message type 'dance'"),
        (envelope(type=["stand"]), "'type' must be text"),
        (envelope(type="stand", extra=1), "unknown field 'extra'"),
        (envelope(type="chat", text="hi", blob="x" * 60000), "unknown field 'blob'"),
        (envelope(type="chat", text="x" * 70000), "too large"),
        (envelope(type="hello"), "'name' is missing"),
        (envelope(type="hello", name=7), "'name' must be text"),
        (envelope(type="hello", name="Ann", token=5), "'token' must be text"),
        (envelope(type="hello", name="Ann", token="t" * 65), "longer than 64"),
        (envelope(type="sit", seat=""), "'seat' is empty"),
        (envelope(type="sit", seat="S" * 33), "longer than 32"),
        (envelope(type="move", seat="X", move=[1]), "a move must be an object"),
        (envelope(type="move", move={}), "'seat' is missing"),
        (envelope(type="choose", game="count", options=[]), "the options must be an object"),
        (envelope(type="choose", game="count", players=2.0), "whole number"),
        (envelope(type="choose", game="count", players=0), "between 1 and 64"),
        (envelope(type="start", seed=-1), "between 0"),
        (envelope(type="start", seed=2**60), "between 0"),
        (envelope(type="start", seed=True), "whole number"),
        (envelope(type="assign", member="m2", seat=3), "'seat' must be text"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(data, reason):
    with pytest.raises(BadMessage, match=reason):
        p.read_to_host(data)


def test_the_size_cap_is_64_kib_of_utf8():
    pad = '{"v":6,"type":"chat","text":"hi"}'
    ok = pad + " " * (p.MAX_BYTES - len(pad))
    assert p.read_to_host(ok)[0] == p.Chat("hi")
    with pytest.raises(BadMessage, match="too large"):
        p.read_to_host(ok + " ")
    # Characters are counted as UTF-8 bytes: 22 000 three-byte characters exceed the cap.
    with pytest.raises(BadMessage, match="too large"):
        p.read_to_host(envelope(type="chat", text="光" * 22000))


@pytest.mark.parametrize(
    ("raw", "name"),
    [("Ann", "Ann"), ("  Zoë  ", "Zoë"), ("光" * 24, "光" * 24), ("a b", "a b"), ("x" * 24 + "   ", "x" * 24)],
)
def test_names_are_trimmed_and_kept(raw, name):
    assert p.parse_name(raw) == name
    assert p.read_to_host(p.encode(p.Hello(raw)))[0].name == name


@pytest.mark.parametrize("raw", ["", "   ", "x" * 25])
def test_names_have_1_to_24_characters(raw):
    with pytest.raises(BadMessage, match="1 to 24 characters"):
        p.read_to_host(envelope(type="hello", name=raw))


@pytest.mark.parametrize(
    "raw",
    ["a\nb", "tab\there", "bell\x07", "nul\x00", "rtl\u202e", "Ann (host)", "Ann [you]", "a  b", "zw\u200bj", "<b>"],
)
def test_names_hold_no_characters_that_pose_as_something_else(raw):
    with pytest.raises(BadMessage, match="letters, digits, single spaces"):
        p.read_to_host(envelope(type="hello", name=raw))


@pytest.mark.parametrize(
    ("raw", "name"),
    [("Ann\u00a0", "Ann"), ("Ann\u00a0Lee", "Ann Lee"), ("Bea\u2060", "Bea"), ("山\u2060田", "山田")],
)
def test_a_name_typed_or_pasted_into_a_form_takes_the_pages_no_break_marks_as_what_they_look_like(raw, name):
    # A seat card writes "Ann Lee\u00a0(A)" (Japanese joins with word joiners): a name copied from a
    # page, or typed with a no-break space (Option+Space on a Mac), reads as the name it looks like;
    # a peer's message keeps the strict rule (the page never sends either mark).
    assert p.typed_name(raw) == name


@pytest.mark.parametrize("raw", ["Ann\u00a0Lee", "Bea\u2060Cole"])
def test_a_peer_s_name_with_a_no_break_mark_is_still_refused(raw):
    with pytest.raises(BadMessage, match="letters, digits, single spaces"):
        p.read_to_host(envelope(type="hello", name=raw))


@pytest.mark.parametrize("raw", ["\u0410nn", "Bе\u0430", "Ζoe"])  # a Cyrillic А, е, а; a Greek Ζ
def test_names_mixing_scripts_are_refused(raw):
    with pytest.raises(BadMessage, match="one alphabet"):
        p.parse_name(raw)


@pytest.mark.parametrize("raw", ["Анна", "山田太郎", "やまだ タロウ", "Taro山田", "O'Neil", "Jean-Luc", "Zoë_2", "Åsa"])
def test_names_in_one_script_or_a_script_mix_people_write_are_kept(raw):
    assert p.parse_name(raw) == raw


def test_a_long_refusal_repeats_at_most_a_short_piece_of_the_input():
    for data in (envelope(type="x" * 5000), envelope(type="stand", **{"k" * 5000: 1})):
        with pytest.raises(BadMessage) as caught:
            p.read_to_host(data)
        error = p.encode(p.Error.of(caught.value))
        assert len(error) < 200
        assert p.read_to_guest(error)[0].code == caught.value.code  # the sender's own page accepts it


def test_chat_text_is_trimmed_up_to_500_characters_with_line_breaks_allowed():
    assert p.read_to_host(envelope(type="chat", text="  two\nlines "))[0] == p.Chat("two\nlines")
    assert p.read_to_host(envelope(type="chat", text="x" * 500))[0].text == "x" * 500
    for bad, reason in [("", "1 to 500"), ("   ", "1 to 500"), ("x" * 501, "1 to 500|longer"), ("a\x1bb", "control")]:
        with pytest.raises(BadMessage, match=reason):
            p.read_to_host(envelope(type="chat", text=bad))


def test_host_messages_are_checked_field_by_field():
    good = json.loads(p.encode(p.Update(4, LOBBY, MATCH, ())))
    for path, value, reason in [
        (("seq",), "4", "whole number"),
        (("seq",), 0, "at least 1"),
        (("lobby", "phase"), "dancing", "'phase'"),
        (("lobby", "members"), {}, "must be a list"),
        (("lobby", "seats"), [{"id": "X", "colour": "amber", "member": 5}], "'member' must be text"),
        (("lobby", "members"), [{"id": "m3", "name": "Bot", "connected": False, "bot": 3}], "'bot' must be text"),
        (("lobby", "members"), [{"id": "m3", "name": "Bot", "connected": False, "bot": ""}], "'bot' is empty"),
        (("lobby", "extra"), 1, "unknown field 'extra'"),
        (("match", "view"), [], "'view' must be an object"),
        (("match", "ended"), "later", "'ended'"),
        (("match", "holders"), ["X"], "'holders' must be an object"),
        (("match", "holders"), {"X": 5}, "'X' must be text"),
        (("match", "holders"), {"": "m1"}, "'holders' is empty"),
        (("match", "holders"), {"S" * 33: "m1"}, "longer than 32"),
        (("match", "options"), [], "the options must be an object"),
        (("events",), [1], "an event must be an object"),
    ]:
        bad = json.loads(json.dumps(good))
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(BadMessage, match=reason):
            p.read_to_guest(json.dumps(bad))


EVENT = {"type": "added", "seat": "X", "add": 2}


@pytest.mark.parametrize(
    ("log", "reason"),
    [
        ([[EVENT]], "the match's log must be an object"),
        ({"earlier": 0}, "'steps' must be a list"),
        ({"earlier": 0, "steps": {"0": [EVENT]}}, "'steps' must be a list"),
        ({"earlier": 0, "steps": [EVENT]}, "a step of the log must be a list of one or more events"),
        ({"earlier": 0, "steps": [[EVENT], []]}, "a step of the log must be a list of one or more events"),
        ({"earlier": 0, "steps": [[EVENT, 7]]}, "an event must be an object"),
        ({"earlier": 0, "steps": [[EVENT] * 30, [EVENT] * 11]}, "the log holds at most 40 events"),
        ({"earlier": -1, "steps": [[EVENT]]}, "'earlier' must be between 0"),
        ({"earlier": "2", "steps": [[EVENT]]}, "'earlier' must be a whole number"),
        ({"steps": [[EVENT]]}, "'earlier' is missing"),
        ({"earlier": 0, "steps": [], "more": 1}, "unknown field 'more'"),
    ],
)
def test_a_snapshots_log_is_checked_and_a_bad_one_refused_with_its_reason(log, reason):
    good = json.loads(p.encode(p.Snapshot(3, LOBBY, MATCH, (), p.MatchLog(0, ((EVENT,),)))))
    assert p.read_to_guest(json.dumps(good))[0].log == p.MatchLog(0, ((EVENT,),))
    with pytest.raises(BadMessage, match=reason):
        p.read_to_guest(json.dumps({**good, "log": log}))


def test_a_snapshot_without_a_match_carries_no_log():
    assert p.read_to_guest(p.encode(p.Snapshot(3, LOBBY, None, ())))[0].log is None
    bad = json.loads(p.encode(p.Snapshot(3, LOBBY, None, ())))
    bad["log"] = {"earlier": 0, "steps": []}
    with pytest.raises(BadMessage, match="a log must come with its match"):
        p.read_to_guest(json.dumps(bad))


def test_a_snapshot_carries_the_position_before_the_last_step_only_with_its_match():
    before = {"turn": "X", "total": 1}
    assert p.read_to_guest(p.encode(p.Snapshot(3, LOBBY, MATCH, (), None, before)))[0].before == before
    assert p.read_to_guest(p.encode(p.Snapshot(3, LOBBY, MATCH, ())))[0].before is None
    bad = json.loads(p.encode(p.Snapshot(3, LOBBY, None, ())))
    with pytest.raises(BadMessage, match="a position before the last move must come with its match"):
        p.read_to_guest(json.dumps({**bad, "before": before}))
    good = json.loads(p.encode(p.Snapshot(3, LOBBY, MATCH, ())))
    with pytest.raises(BadMessage, match="'before' must be an object"):
        p.read_to_guest(json.dumps({**good, "before": [1]}))


def test_a_rate_limit_counts_a_sliding_window():
    rate = p.RateLimit(3, 1000)
    assert [rate.allow(t) for t in (0, 10, 20, 30)] == [True, True, True, False]
    assert rate.allow(999) is False
    assert rate.allow(1000) is True  # the first one has left the window
    assert rate.allow(1001) is False


def test_a_flood_is_dropped_with_one_warning_per_flood():
    guard = p.FloodGuard()
    verdicts = [guard.admit(t) for t in range(0, 25)]  # 25 messages within 25 ms
    assert verdicts == ["ok"] * 20 + ["warn"] + ["drop"] * 4
    assert guard.admit(1000) == "ok"  # a second later the window has room again
    assert [guard.admit(1001 + t) for t in range(20)].count("warn") == 1


def test_twenty_messages_a_second_is_not_a_flood():
    guard = p.FloodGuard()
    assert all(guard.admit(t * 50) == "ok" for t in range(200))


def test_a_long_host_message_travels_in_parts_and_is_joined_intact():
    chat = tuple(p.Said("m2", "Bob", "😀" * 500, k) for k in range(50))  # 100 KB of four-byte characters
    big = p.encode(p.Snapshot(3, LOBBY, MATCH, chat))
    assert len(big.encode()) > p.MAX_BYTES
    texts = p.frames(big)
    assert len(texts) > 1 and all(len(t.encode()) <= p.MAX_BYTES for t in texts)
    joined = p.Reassembly()
    results = [joined.add(p.read_to_guest(t)[0]) for t in texts]
    assert results[:-1] == [None] * (len(texts) - 1) and results[-1] == big
    assert p.frames(p.encode(p.Stand())) == [p.encode(p.Stand())]


def test_parts_out_of_order_or_beyond_the_bound_are_refused_and_forgotten():
    joined = p.Reassembly()
    assert joined.add(p.Part(1, 0, 3, "a")) is None
    with pytest.raises(BadMessage, match="out of order"):
        joined.add(p.Part(1, 2, 3, "c"))
    with pytest.raises(BadMessage, match="out of order"):
        joined.add(p.Part(1, 1, 3, "b"))  # the message was forgotten: it starts again only at part 0
    assert joined.add(p.Part(2, 0, 2, "x")) is None and joined.add(p.Part(2, 1, 2, "y")) == "xy"
    with pytest.raises(BadMessage, match="between 2 and 128"):
        p.read_to_guest(p.encode(p.Part(3, 0, 129, "x")))
    huge = p.Reassembly()
    piece = "光" * p.FRAME_CHARS  # 24 KiB a part: the 43rd part passes 1 MiB
    with pytest.raises(BadMessage, match="too large"):
        for i in range(p.MAX_PARTS):
            huge.add(p.Part(4, i, p.MAX_PARTS, piece))
    with pytest.raises(BadMessage, match="too large"):
        p.frames("x" * (p.MAX_MESSAGE_BYTES + 1))


@pytest.mark.parametrize(
    "params",
    [{"text": "x" * 61}, {"cells": [1, 2]}, {"at": {"r": 1}}, {"ratio": 0.5}, {f"p{i}": i for i in range(9)}],
    ids=["long-text", "list", "object", "fraction", "nine"],
)
def test_a_refusal_or_farewell_with_parameters_no_page_words_is_refused(params):
    # A reason's parameters are at most 8 short texts, whole numbers, booleans or nulls (core.errors.plain).
    for kind in ("error", "bye"):
        with pytest.raises(BadMessage, match="parameters of a refusal"):
            p.read_to_guest(envelope(type=kind, code="flood", params=params))
    assert p.read_to_guest(envelope(type="error", code="flood", params={"text": "x" * 60, "n": 3, "ok": None}))[0]
