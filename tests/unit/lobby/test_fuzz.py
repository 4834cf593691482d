"""Protocol fuzzing: random and mutated messages from a guest never hurt the lobby or anyone else.

A refused message is answered with one error to its sender and changes nothing: not the session's
saved state, not what any member would be shown. A message the lobby accepts must have been a
well-formed one. ``handle`` never raises.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from tests.unit.lobby.helpers import Table

GUEST = "g1"  # Bea, seated in Y; X (the host) is to move

VALID = [
    p.Hello("Bea"),
    p.Chat("hi"),
    p.Sit("Y"),
    p.Stand(),
    p.Move("Y", {"add": 1}),
    p.Move("X", {"add": 1}),
    p.Resync(),
    p.Choose("count", {"target": 20}, 2),
    p.Assign("m3", "Y"),
    p.Kick("m1"),
    p.Start(5),
    p.End(),
]

# Plausible values: the kind of change a buggy or cheating guest would make.
TWEAKS = [
    *({"seat": seat} for seat in ("X", "Y", "Z", "Q", None)),
    *({"member": member} for member in ("m1", "m2", "m3", "m4", "m9")),
    *({"move": move} for move in ({"add": 0}, {"add": 4}, {"add": "1"}, {"add": 2, "also": 1}, {}, {"take": 1})),
    *({"options": options} for options in ({"target": 1}, {"mode": "chaos"}, {"limit_ms": -5}, [])),
    *({"players": n} for n in (0, 1, 2, 4, 99)),
    *({"game": game} for game in ("raythread", "chess", "numbered")),
    {"name": "ann"},
    {"name": "Cy"},
    {"token": "0" * 32},
    {"text": ""},
    {"seed": -1},
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(
    ["v", "type", "name", "token", "text", "seat", "move", "game", "options", "member", "seed"]
)


@st.composite
def mutated(draw) -> str:
    """A valid message with one to three things changed."""
    message = draw(st.sampled_from(VALID)).to_json()
    for _ in range(draw(st.integers(0, 3))):
        change = draw(st.sampled_from(["tweak", "tweak", "drop", "set", "add", "version", "type", "huge"]))
        fitting = [tweak for tweak in TWEAKS if set(tweak) <= set(message)]
        if change == "tweak" and fitting:
            message.update(draw(st.sampled_from(fitting)))
        elif change == "drop" and message:
            message.pop(draw(st.sampled_from(sorted(message))))
        elif change == "set":
            message[draw(field_names)] = draw(json_values)
        elif change == "add":
            message[draw(st.text(min_size=1, max_size=10))] = draw(json_values)
        elif change == "version":
            message["v"] = draw(st.sampled_from([0, 2, "1", 1.0, True, None, -1]))
        elif change == "type":
            message["type"] = draw(st.sampled_from([*p.TO_HOST, *p.TO_GUEST, "", "HELLO", "move "]))
        elif change == "huge":
            message[draw(field_names)] = "x" * draw(st.sampled_from([501, 5000, 70000]))
    return dumps(message)


garbage = st.binary(max_size=300) | st.text(max_size=300) | json_values.map(dumps)


def table_mid_match() -> Table:
    table = Table(players=3)
    table.join(GUEST, "Bea")
    table.seat(GUEST, "Y")
    table.join("g2", "Cy")
    table.seat("g2", "Z")
    table.join("g3", "Dee")
    table.start()
    return table


def sights(table: Table, but: str) -> dict[str, str]:
    """What every member other than ``but`` would be shown now."""
    return {m: dumps(table.session.snapshot(m).to_json()) for m in table.session.members if m != but}


def well_formed(data: str | bytes) -> bool:
    try:
        p.read_to_host(data)
    except BadMessage:
        return False
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated() | garbage)
def test_a_refused_message_is_answered_to_its_sender_alone_and_changes_nothing(data):
    table = table_mid_match()
    member = table.members[GUEST]
    before, others = table.state_json(), sights(table, member)
    out = table.send(GUEST, data)
    if any(m["type"] == "error" for _, m in out):
        assert len(out) == 1 and out[0][0] == GUEST, out
        assert table.state_json() == before
        assert sights(table, member) == others
    else:
        assert well_formed(data)


@settings(max_examples=150, deadline=None)
@given(st.lists(mutated() | garbage, min_size=2, max_size=12))
def test_a_stream_of_bad_messages_leaves_the_match_playable(stream):
    table = table_mid_match()
    for data in stream:
        table.send(GUEST, data)
    out = table.host(p.Move("X", {"add": 1}))
    assert all(m["type"] != "error" for _, m in out)


def test_a_message_nested_too_deep_for_the_browser_is_refused_to_its_sender_and_the_host_plays_on(browser_json):
    """64 KiB of "[" fits the size cap, and in the browser the JSON parser overflowed the stack on it: one
    guest's message stopped the host's page, and every match with it (``browser_json``)."""
    table = table_mid_match()
    member = table.members[GUEST]
    before, others = table.state_json(), sights(table, member)
    out = table.send(GUEST, "[" * (p.MAX_BYTES - 1))
    assert [(to, m["code"]) for to, m in out] == [(GUEST, "too-deep")]
    assert table.state_json() == before and sights(table, member) == others
    assert all(m["type"] != "error" for _, m in table.host(p.Move("X", {"add": 1})))


def test_a_host_message_nested_too_deep_for_the_browser_is_noted_by_the_guest_and_changes_nothing(browser_json):
    from gamenight.lobby.client import Client

    client = Client("Bea")
    client.hello()
    assert client.receive("[" * (p.MAX_BYTES - 1)) == []
    assert client.problem is not None and client.problem.code == "too-deep" and client.lobby is None
    # The same inside a long message's parts, joined again (up to 1 MiB).
    deep = '{"v": 6, "type": "said", "text": ' + "[" * 200_000 + "]" * 200_000 + "}"
    for frame in p.frames(deep):
        client.receive(frame)
    assert client.problem.code == "too-deep" and client.problems_said == 2
