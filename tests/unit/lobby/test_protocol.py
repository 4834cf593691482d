"""The wire protocol: every message type round-trips; anything malformed is refused with BadMessage."""

import json

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
    p.Update(4, LOBBY, MATCH, ({"type": "added", "seat": "X", "add": 2},)),
    p.Error("not-your-turn", "It is not your turn.", "move"),
    p.Error("bad-message", "not valid JSON"),
    p.Bye("The host removed Bob from the lobby."),
]


def test_the_tables_cover_every_message_type():
    assert {m.type for m in TO_HOST} == set(p.TO_HOST)
    assert {m.type for m in TO_GUEST} == set(p.TO_GUEST)


@pytest.mark.parametrize("message", TO_HOST, ids=lambda m: m.type)
def test_messages_to_the_host_round_trip(message):
    text = p.encode(message)
    assert json.loads(text)["v"] == 1 and json.loads(text)["type"] == message.type
    assert p.parse_to_host(text) == message
    assert p.parse_to_host(text.encode()) == message


@pytest.mark.parametrize("message", TO_GUEST, ids=lambda m: m.type)
def test_messages_to_guests_round_trip(message):
    assert p.parse_to_guest(p.encode(message)) == message


def test_each_direction_parses_only_its_own_types():
    with pytest.raises(BadMessage, match="unknown message type 'welcome'"):
        p.parse_to_host(p.encode(TO_GUEST[0]))
    with pytest.raises(BadMessage, match="unknown message type 'hello'"):
        p.parse_to_guest(p.encode(TO_HOST[0]))


def envelope(**fields):
    return json.dumps({"v": 1, **fields})


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xff\xfe{}", "UTF-8"),
        ("\ud800", "UTF-8"),
        ("{", "not valid JSON"),
        ("[]", "must be an object"),
        ('"hello"', "must be an object"),
        (json.dumps({"type": "stand"}), "version None"),
        (json.dumps({"v": 2, "type": "stand"}), "version 2"),
        (json.dumps({"v": True, "type": "stand"}), "version True"),
        (json.dumps({"v": "1", "type": "stand"}), "version '1'"),
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
        (envelope(type="move", seat="X", move=[1]), "'move' must be an object"),
        (envelope(type="move", move={}), "'seat' is missing"),
        (envelope(type="choose", game="count", options=[]), "'options' must be an object"),
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
        p.parse_to_host(data)


def test_the_size_cap_is_64_kib_of_utf8():
    pad = '{"v":1,"type":"chat","text":"hi"}'
    ok = pad + " " * (p.MAX_BYTES - len(pad))
    assert p.parse_to_host(ok) == p.Chat("hi")
    with pytest.raises(BadMessage, match="too large"):
        p.parse_to_host(ok + " ")
    # Characters are counted as UTF-8 bytes: 22 000 three-byte characters exceed the cap.
    with pytest.raises(BadMessage, match="too large"):
        p.parse_to_host(envelope(type="chat", text="光" * 22000))


@pytest.mark.parametrize(
    ("raw", "name"),
    [("Ann", "Ann"), ("  Zoë  ", "Zoë"), ("光" * 24, "光" * 24), ("a b", "a b"), ("x" * 24 + "   ", "x" * 24)],
)
def test_names_are_trimmed_and_kept(raw, name):
    assert p.parse_name(raw) == name
    assert p.parse_to_host(p.encode(p.Hello(raw))).name == name


@pytest.mark.parametrize("raw", ["", "   ", "x" * 25, "a\nb", "tab\there", "bell\x07", "nul\x00", "rtl\u202e"])
def test_names_must_be_1_to_24_printable_characters(raw):
    with pytest.raises(BadMessage, match="1 to 24 printable"):
        p.parse_to_host(envelope(type="hello", name=raw))


def test_chat_text_is_trimmed_up_to_500_characters_with_line_breaks_allowed():
    assert p.parse_to_host(envelope(type="chat", text="  two\nlines ")) == p.Chat("two\nlines")
    assert p.parse_to_host(envelope(type="chat", text="x" * 500)).text == "x" * 500
    for bad, reason in [("", "1 to 500"), ("   ", "1 to 500"), ("x" * 501, "1 to 500|longer"), ("a\x1bb", "control")]:
        with pytest.raises(BadMessage, match=reason):
            p.parse_to_host(envelope(type="chat", text=bad))


def test_host_messages_are_checked_field_by_field():
    good = json.loads(p.encode(p.Update(4, LOBBY, MATCH, ())))
    for path, value, reason in [
        (("seq",), "4", "whole number"),
        (("seq",), 0, "at least 1"),
        (("lobby", "phase"), "dancing", "'phase'"),
        (("lobby", "members"), {}, "must be a list"),
        (("lobby", "seats"), [{"id": "X", "colour": "amber", "member": 5}], "'member' must be text"),
        (("lobby", "extra"), 1, "unknown field 'extra'"),
        (("match", "view"), [], "'view' must be an object"),
        (("match", "ended"), "later", "'ended'"),
        (("events",), [1], "an event must be an object"),
    ]:
        bad = json.loads(json.dumps(good))
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(BadMessage, match=reason):
            p.parse_to_guest(json.dumps(bad))


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
