"""The host's session, message by message: members, seats, the host's powers, matches, reconnects, saving."""

import ast
import random
import re
from pathlib import Path

import pytest

from gamenight import i18n
from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.jsonutil import dumps, loads
from gamenight.lobby import protocol as p
from gamenight.lobby import session as session_module
from gamenight.lobby.record import replay
from gamenight.lobby.session import CHAT_KEPT, HOST_PEER, MAX_MEMBERS, Session
from tests.unit import words
from tests.unit.lobby.countgame import secret_of
from tests.unit.lobby.helpers import Table, errors, last_update, live_tables_hold_only_the_connected, of_type, sentence


def _own_codes() -> frozenset[str]:
    """The reason codes the session registers next to its own refusals (``reasons({...})`` in session.py);
    every other refusal passes on the reason of the message parser or the game's rules (checked in their
    own tests)."""
    tree = ast.parse(Path(session_module.__file__).read_text())
    tables = [
        node.args[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "reasons"
    ]
    return frozenset(key.value for table in tables for key in table.keys)


OWN_CODES = _own_codes()


def refused(table: Table, peer: str, message, code: str) -> dict:
    """Send ``message``; it must be refused with ``code``, to ``peer`` alone, changing nothing."""
    before = table.state_json()
    out = table.send(peer, message)
    assert [(to, m["type"], m["code"]) for to, m in out] == [(peer, "error", code)], out
    assert table.state_json() == before
    text = sentence(out[0][1])
    assert text, "a refusal says why"
    if code in OWN_CODES:
        # The lobby's own reasons are sentences a player reads: capitalised, with a full stop, not shouted.
        assert text[:1].isupper() and text.endswith(".") and not text.isupper(), text
    return out[0][1]


def seated_table(**options) -> Table:
    """Ann (host) in X, Bob in Y, Cy in Z, and Dee watching; no match yet."""
    table = Table(**options)
    for peer, name, seat in (("g1", "Bob", "Y"), ("g2", "Cy", "Z"), ("g3", "Dee", None)):
        table.join(peer, name)
        if seat:
            table.seat(peer, seat)
    return table


def seats(table: Table) -> dict:
    return {s: (table.session.members[m].name if m else None) for s, m in table.session.seats.items()}


# --- members ---------------------------------------------------------------------------------


def test_the_host_opens_the_lobby_in_the_first_seat_of_the_game():
    table = Table(players=3)
    lobby = table.session.lobby()
    assert (lobby.game, lobby.title, lobby.phase, lobby.players) == ("count", "Count to Ten", "lobby", 3)
    assert [(s.id, s.colour, s.member) for s in lobby.seats] == [
        ("X", "amber", table.session.host),
        ("Y", "cyan", None),
        ("Z", "magenta", None),
    ]
    numbered = Table(game="numbered", players=2).session.lobby()
    assert [s.id for s in numbered.seats] == ["1", "2"]


def test_two_players_of_a_game_with_named_seats_sit_in_its_seats_with_their_own_colours():
    lobby = Table(players=2).session.lobby()
    # Z keeps Z's colour when Y is not in play, as the game's seating says.
    assert [(s.id, s.colour) for s in lobby.seats] == [("X", "amber"), ("Z", "magenta")]


def test_a_joiner_gets_a_welcome_with_a_secret_token_and_the_others_see_the_new_member():
    table = Table()
    out = table.join("g1", "  Bob ")
    welcome = [m for to, m in out if m["type"] == "welcome"]
    assert [to for to, m in out if m["type"] == "welcome"] == ["g1"]
    assert re.fullmatch(r"[0-9a-f]{32}", welcome[0]["token"])
    snapshot = last_update(out, "g1")
    assert snapshot["type"] == "snapshot" and snapshot["seq"] == table.session.seq
    host_update = last_update(out, HOST_PEER)
    assert [m["name"] for m in host_update["lobby"]["members"]] == ["Ann", "Bob"]
    assert welcome[0]["token"] not in dumps(host_update)
    assert sorted(m["type"] for to, m in out if to == "g1") == ["snapshot", "welcome"]  # no update on top


def test_tokens_come_from_the_random_source_and_differ_between_members():
    tokens = []
    for _ in range(2):
        table = Table(seed=5)
        table.join("g1", "Bob")
        table.join("g2", "Cy")
        tokens.append((table.tokens["g1"], table.tokens["g2"]))
    assert tokens[0] == tokens[1] and tokens[0][0] != tokens[0][1]
    other = Table(seed=6)
    other.join("g1", "Bob")
    assert other.tokens["g1"] != tokens[0][0]
    # Without a random source they come from the operating system.
    unseeded = Session("count", "Ann", players=2)
    out = unseeded.handle("g1", p.encode(p.Hello("Bob")), 0) + unseeded.handle("g2", p.encode(p.Hello("Cy")), 0)
    drawn = [m["token"] for _, m in of_type(out, "welcome")]
    assert len(set(drawn)) == 2 and all(re.fullmatch(r"[0-9a-f]{32}", t) for t in drawn)


def test_names_are_unique_in_a_lobby_whatever_their_case():
    table = Table()
    table.join("g1", "Bob")
    refused(table, "g2", p.Hello("bob"), "name-taken")
    refused(table, "g2", p.Hello("ANN"), "name-taken")


def test_names_a_player_reads_as_the_same_are_one_name_in_a_lobby():
    """ "Bea." beside "Bea" (and "bea", "Bea " and a full-width "Ｂｅａ") read as the same player in a seat
    list: one rule (``names.name_key``: NFKC, case folded, look-alike letters read as Latin, spaces and
    punctuation dropped) turns them all away; the name stays as typed for display."""
    table = Table()
    table.join("g1", "Bea")
    for same in ("Bea.", "bea", "Bea ", "Ｂｅａ", "B.e.a", "Be-a", "Bea・", "BEA_"):
        error = refused(table, "g2", p.Hello(same), "name-taken")
        assert error["params"] == {"name": "Bea"}
    table.join("g2", "Beatrix")  # another name still gets in
    table.join("g3", "Ann-Marie")
    refused(table, "g4", p.Hello("Ann Marie"), "name-taken")
    assert [m["name"] for m in table.session.to_json()["members"]][-2:] == ["Beatrix", "Ann-Marie"]


def test_a_bad_name_is_refused():
    table = Table()
    error = refused(table, "g1", {"v": 6, "type": "hello", "name": "\x00" * 3}, "name-characters")
    assert "letters, digits" in sentence(error)


def test_the_lobby_holds_at_most_24_members():
    table = Table()
    for n in range(1, MAX_MEMBERS):
        table.join(f"g{n}", f"Guest {n}")
    refused(table, "late", p.Hello("One too many"), "lobby-full")


def test_a_peer_must_join_before_anything_else_and_joins_once():
    table = Table()
    refused(table, "g1", p.Chat("hi"), "not-joined")
    table.join("g1", "Bob")
    refused(table, "g1", p.Hello("Bob again"), "already-joined")
    refused(table, HOST_PEER, p.Hello("Ann"), "already-joined")


def test_a_repeated_hello_is_answered_again_and_changes_nothing():
    table = Table()
    table.join("g1", "Bob")
    before = table.session.to_json()
    out = table.session.handle("g1", p.encode(p.Hello("Bob")), 5)
    assert [(to, m["type"]) for to, m in out] == [("g1", "welcome"), ("g1", "snapshot")]
    assert table.session.to_json() == before


# --- seats -----------------------------------------------------------------------------------


def test_members_take_free_seats_change_seats_and_leave_them():
    table = Table()
    table.join("g1", "Bob")
    table.join("g2", "Cy")
    table.seat("g1", "Y")
    refused(table, "g2", p.Sit("Y"), "seat-taken")
    refused(table, "g2", p.Sit("Q"), "no-such-seat")
    table.seat("g1", "Z")
    assert seats(table) == {"X": "Ann", "Y": None, "Z": "Bob"}
    out = table.send("g1", p.Stand())
    assert seats(table) == {"X": "Ann", "Y": None, "Z": None}
    assert {to for to, _ in out} == {HOST_PEER, "g1", "g2"}
    refused(table, "g1", p.Stand(), "no-seat")


def test_only_the_host_sends_host_messages():
    table = seated_table()
    for message in (p.Choose("count", None, 2), p.Assign("m3", "Y"), p.Kick("m1"), p.Start(1), p.End()):
        error = refused(table, "g1", message, "not-host")
        assert error["about"] == message.type


def test_the_host_chooses_the_game_options_and_player_count_and_members_keep_their_place():
    table = seated_table()
    table.host(p.Choose("count", {"target": 20, "mode": "together"}, 2))
    # X, Y, Z held by Ann, Bob, Cy; two seats X, Z: Ann and Bob keep their order, Cy watches.
    assert seats(table) == {"X": "Ann", "Z": "Bob"}
    lobby = table.session.lobby()
    assert (lobby.options, lobby.players) == ({"target": 20, "mode": "together"}, 2)
    table.host(p.Choose("numbered", None, 3))
    assert seats(table) == {"1": "Ann", "2": "Bob", "3": None}


def test_without_a_player_count_the_lobby_seats_everyone_connected_within_the_games_range():
    table = seated_table()  # four connected members, the game takes 2 or 3
    table.host(p.Choose("count"))
    assert table.session.players == 3
    small = Table(players=3)
    small.host(p.Choose("count"))
    assert small.session.players == 2


def test_a_new_game_without_a_player_count_seats_at_most_as_many_as_it_takes():
    table = seated_table()
    table.join("g4", "Eve")  # five connected members
    table.host(p.Choose("lightseeker"))  # exactly two players: the first two keep their places
    assert table.session.players == 2 and seats(table) == {"1": "Ann", "2": "Bob"}
    table.host(p.Choose("raythread"))  # two to four
    assert table.session.players == 4 and seats(table) == {"A": "Ann", "B": "Bob", "C": None, "D": None}
    table.host(p.Choose("reflection"))  # one to six: everyone connected
    assert table.session.players == 5


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (p.Choose("chess"), "unknown-game"),
        (p.Choose("count", {"target": 1000}), "field-range"),
        (p.Choose("count", {"colour": "red"}), "unknown-field"),
        (p.Choose("count", None, 4), "player-count"),
        (p.Choose("count", None, 1), "player-count"),
    ],
)
def test_the_game_validates_the_hosts_choice(message, code):
    error = refused(seated_table(), HOST_PEER, message, code)
    assert sentence(error)


def test_the_host_moves_members_between_free_seats_and_takes_seats_away():
    table = seated_table()
    refused(table, HOST_PEER, p.Assign("m4", "Y"), "seat-taken-free-it")
    refused(table, HOST_PEER, p.Assign("m9", "Y"), "no-such-member")
    refused(table, HOST_PEER, p.Assign("m4", "W"), "no-such-seat")
    refused(table, HOST_PEER, p.Assign("m4"), "member-no-seat")
    table.host(p.Assign("m2"))
    table.host(p.Assign("m4", "Y"))
    assert seats(table) == {"X": "Ann", "Y": "Dee", "Z": "Cy"}


def test_the_host_removes_a_member_who_is_told_why_and_whose_token_stops_working():
    table = seated_table()
    token = table.tokens["g1"]
    out = table.host(p.Kick("m2"))
    assert of_type(out, "bye") == [("g1", {"v": 6, "type": "bye", "code": "kicked", "params": {"name": "Bob"}})]
    assert "g1" not in {to for to, m in out if m["type"] == "update"}
    assert seats(table)["Y"] is None and "m2" not in table.session.members
    refused(table, "g1", p.Chat("let me in"), "not-joined")
    table.join("g5", "Bob", token)  # the old token is void: a fresh member
    assert table.members["g5"] != "m2"
    refused(table, HOST_PEER, p.Kick("m1"), "is-host")


def test_what_a_removed_disconnected_or_replaced_connection_held_is_released():
    table = seated_table()
    for peer in ("g1", "g2", "g3"):
        table.send(peer, p.Chat(f"hello from {peer}"))
    assert {"g1", "g2", "g3"} <= set(table.session._flood) and "m2" in table.session._chat_limits
    table.host(p.Kick("m2"))  # Bob, on g1
    live_tables_hold_only_the_connected(table.session)
    assert "g1" not in table.session._flood and "m2" not in table.session._chat_limits
    table.session.disconnect("g2", table.now)
    live_tables_hold_only_the_connected(table.session)
    table.send("g3b", p.Hello("Dee", table.tokens["g3"]))  # Dee signs in from a second window
    live_tables_hold_only_the_connected(table.session)
    assert "g3" not in table.session._flood


def test_a_kicked_peer_id_starts_afresh_if_it_joins_again():
    # A peer that flooded and was removed is not still counted as flooding when its id comes back.
    table = seated_table()
    for n in range(19):
        table.session.handle("g1", p.encode(p.Resync()), table.now + n)
    table.host(p.Kick("m2"))
    out = []
    for n in range(15):
        out += table.session.handle("g1", p.encode(p.Hello("Bob")) if n == 0 else p.encode(p.Resync()), table.now + n)
    assert not [m for _, m in out if m.get("code") == "flood"] and of_type(out, "welcome")


# --- matches ---------------------------------------------------------------------------------


def test_a_match_starts_only_with_every_seat_filled():
    table = Table()
    table.join("g1", "Bob")
    table.seat("g1", "Y")
    error = refused(table, HOST_PEER, p.Start(1), "seats-empty")
    assert "Seat Z is empty" in sentence(error)


def test_starting_deals_each_seat_its_own_view_and_spectators_the_spectator_view():
    table = seated_table()
    out = table.start(seed=42)
    views = {to: last_update(out, to)["match"] for to in (HOST_PEER, "g1", "g2", "g3")}
    assert {to: v["you"] for to, v in views.items()} == {HOST_PEER: "X", "g1": "Y", "g2": "Z", "g3": None}
    assert views["g1"]["view"]["secret"] == secret_of(42, "Y")
    assert views["g3"]["view"]["secret"] is None
    assert table.session.match.record.seed == 42
    assert table.session.lobby().phase == "playing"


def test_without_a_seed_the_host_draws_one_from_its_random_source():
    seeds = []
    for _ in range(2):
        table = seated_table()
        table.host(p.Start())
        seeds.append(table.session.match.record.seed)
    assert seeds[0] == seeds[1]
    other = Table(seed=99)
    other.join("g1", "Bob")
    other.join("g2", "Cy")
    other.seat("g1", "Y")
    other.seat("g2", "Z")
    other.host(p.Start())
    assert other.session.match.record.seed != seeds[0]


def test_seats_and_the_game_are_fixed_while_a_match_runs():
    table = seated_table()
    table.start()
    refused(table, "g3", p.Sit("Y"), "match-running")
    refused(table, "g1", p.Stand(), "match-running")
    refused(table, HOST_PEER, p.Choose("numbered"), "match-running")
    refused(table, HOST_PEER, p.Start(3), "match-running")
    # A player cannot be removed mid-match (their seat would wait for a move forever); a watcher can.
    refused(table, HOST_PEER, p.Kick("m2"), "kick-playing")
    assert seats(table)["Y"] == "Bob" and "m2" in table.session.members
    table.host(p.Kick("m4"))  # Dee, watching
    assert "m4" not in table.session.members


def test_an_accepted_move_is_a_numbered_update_to_everyone_with_their_own_view_and_the_events():
    table = seated_table()
    table.start()
    seq = table.session.seq
    out = table.host(p.Move("X", {"add": 3}))
    assert sorted(to for to, _ in out) == sorted([HOST_PEER, "g1", "g2", "g3"])
    for _, message in out:
        assert message["type"] == "update" and message["seq"] == seq + 1
        assert message["events"] == [{"type": "added", "seat": "X", "add": 3, "total": 3}]
        assert message["match"]["view"]["total"] == 3
    assert last_update(out, "g2")["match"]["view"]["secret"] == secret_of(42, "Z")
    record = table.session.match.record
    assert [(e.seat, e.move, e.at) for e in record.log] == [("X", {"add": 3}, table.now)]


@pytest.mark.parametrize(
    ("peer", "message", "code", "text"),
    [
        ("g1", p.Move("Y", {"add": 1}), "not-your-turn", "It is not your turn."),
        ("g1", p.Move("X", {"add": 1}), "not-your-seat", "You can only move for your own seat."),
        ("g3", p.Move("X", {"add": 1}), "watching", "You are watching this match: only seated players move."),
        (HOST_PEER, p.Move("X", {"add": 4}), "field-range", "'add' must be between 1 and 3, not 4"),
        (HOST_PEER, p.Move("X", {"add": 1, "also": 2}), "unknown-field", "a move has unknown field 'also'"),
    ],
)
def test_a_refused_move_tells_the_mover_alone_and_changes_nothing(peer, message, code, text):
    table = seated_table()
    table.start()
    assert sentence(refused(table, peer, message, code)) == text


def test_a_move_made_on_an_earlier_position_is_refused_and_one_on_the_current_position_is_played():
    table = seated_table()
    table.start()
    table.host(p.Move("X", {"add": 1}, at=0))
    stale = refused(table, "g1", p.Move("Y", {"add": 2}, at=0), "stale-move")
    assert i18n.describe(stale["code"], stale["params"]) == (
        "That move was made on an earlier position: the board has moved on since."
    )
    assert [e.move for e in table.session.match.record.log] == [{"add": 1}]
    out = table.send("g1", p.Move("Y", {"add": 2}, at=1))
    assert last_update(out, "g1")["match"]["view"]["total"] == 3


def test_moves_need_a_running_match():
    table = seated_table()
    refused(table, HOST_PEER, p.Move("X", {"add": 1}), "no-match")
    refused(table, HOST_PEER, p.End(), "no-match")


def play_to_the_end(table: Table) -> list:
    order = [(HOST_PEER, "X"), ("g1", "Y"), ("g2", "Z")]
    out = []
    while table.session.match.running:
        peer, seat = order[len(table.session.match.record.log) % 3]
        out = table.send(peer, p.Move(seat, {"add": 3 if seat == "Y" else 1}))
        assert not errors(out)
    return out


def test_a_match_ends_with_the_games_result_and_the_lobby_reopens_for_a_new_one():
    table = seated_table()
    table.start()
    out = play_to_the_end(table)
    match = last_update(out, "g3")["match"]
    assert match["ended"] == "over" and match["result"]["winners"] == ["Y"]
    assert table.session.lobby().phase == "lobby"
    refused(table, "g1", p.Move("Y", {"add": 1}), "no-match")
    # Seats change again, and the finished match stays on show as it ended.
    table.host(p.Assign("m2"))
    table.host(p.Assign("m4", "Y"))
    assert table.session.match_view("m4").you is None
    assert table.session.match_view("m2").you == "Y"
    assert table.session.snapshot("m4").match.view["secret"] is None
    table.start(seed=5)
    assert table.session.match.record.seed == 5 and table.session.match_view("m4").you == "Y"


def test_the_host_may_end_a_match():
    table = seated_table()
    table.start()
    out = table.host(p.End())
    assert {m["match"]["ended"] for _, m in out} == {"host"}
    assert table.session.lobby().phase == "lobby"
    assert table.session.match.record.ended == "host"


def test_simultaneous_picks_stay_secret_until_everyone_has_picked():
    table = seated_table(mode="together")
    table.start()
    out = table.send("g1", p.Move("Y", {"add": 3}))
    assert {tuple(m["events"]) == ({"type": "picked", "seat": "Y"},) for _, m in out} == {True}
    assert last_update(out, "g1")["match"]["view"]["pick"] == 3
    assert all(last_update(out, peer)["match"]["view"]["pick"] is None for peer in (HOST_PEER, "g2", "g3"))
    refused(table, "g1", p.Move("Y", {"add": 1}), "not-your-turn")
    table.host(p.Move("X", {"add": 1}))
    out = table.send("g2", p.Move("Z", {"add": 2}))
    assert last_update(out, "g3")["events"] == [{"type": "revealed", "picks": {"X": 1, "Y": 3, "Z": 2}, "total": 6}]


# --- connections -----------------------------------------------------------------------------


def test_a_dropped_player_is_shown_disconnected_keeps_the_seat_and_the_game_waits():
    table = seated_table()
    table.start()
    table.host(p.Move("X", {"add": 1}))  # Y (Bob) to move
    out = table.session.disconnect("g1", table.now)
    lobby = last_update(out, HOST_PEER)["lobby"]
    assert {m["name"]: m["connected"] for m in lobby["members"]}["Bob"] is False
    assert {s["id"]: s["member"] for s in lobby["seats"]}["Y"] == "m2"
    refused(table, "g2", p.Move("Y", {"add": 1}), "not-your-seat")
    refused(table, "g2", p.Move("Z", {"add": 1}), "not-your-turn")
    assert table.session.disconnect("g1", table.now) == []


def test_a_guest_back_with_its_token_regains_its_name_and_seat():
    table = seated_table()
    table.start()
    table.host(p.Move("X", {"add": 1}))
    table.session.disconnect("g1", table.now)
    out = table.send("g1b", p.Hello("Someone else", table.tokens["g1"]))
    assert of_type(out, "welcome") == [
        ("g1b", {"v": 6, "type": "welcome", "member": "m2", "token": table.tokens["g1"], "ack": 0})
    ]
    snapshot = last_update(out, "g1b")
    assert snapshot["type"] == "snapshot" and snapshot["match"]["you"] == "Y"
    assert snapshot["match"]["view"]["secret"] == secret_of(42, "Y")
    assert {m["id"]: (m["name"], m["connected"]) for m in snapshot["lobby"]["members"]}["m2"] == ("Bob", True)
    assert not errors(table.send("g1b", p.Move("Y", {"add": 2})))


def test_signing_in_from_a_second_window_closes_the_first():
    table = seated_table()
    out = table.send("g1b", p.Hello("Bob", table.tokens["g1"]))
    assert of_type(out, "bye") == [("g1", {"v": 6, "type": "bye", "code": "replaced", "params": {}})]
    assert table.session.peer_of("m2") == "g1b"
    refused(table, "g1", p.Chat("still here?"), "not-joined")


def test_no_guest_can_take_over_the_host_page():
    table = seated_table()
    host_token = table.session.members["m1"].token
    out = table.join("g9", "Mallory", host_token)
    assert table.members["g9"] != "m1" and not of_type(out, "bye")
    assert table.session.peers[HOST_PEER] == "m1"
    assert table.session.disconnect(HOST_PEER, table.now) == [] and table.session.peers[HOST_PEER] == "m1"


def test_new_members_never_reuse_an_id():
    table = seated_table()
    saved = loads(table.state_json())
    saved["next_member"] = 2  # a hand-edited save
    restored = Session.restore(dumps(saved))
    out = restored.handle("g9", p.encode(p.Hello("Zed")), 0)
    assert of_type(out, "welcome")[0][1]["member"] == "m5" and restored.members["m2"].name == "Bob"


def test_a_resync_is_a_snapshot_for_the_asker_alone():
    table = seated_table()
    table.start()
    before = table.state_json()
    out = table.send("g3", p.Resync())
    assert [(to, m["type"]) for to, m in out] == [("g3", "snapshot")]
    assert out[0][1]["seq"] == table.session.seq and table.state_json() == before


def test_chat_reaches_everyone_connected_and_is_rate_limited():
    table = seated_table()
    table.session.disconnect("g2", table.now)
    out = table.send("g1", p.Chat(" hello all "))
    assert sorted(to for to, _ in out) == sorted([HOST_PEER, "g1", "g3"])
    assert {m["text"] for _, m in out} == {"hello all"} and {m["name"] for _, m in out} == {"Bob"}
    for n in range(4):
        table.send("g1", p.Chat(f"line {n}"))
    refused(table, "g1", p.Chat("one more"), "slow-down")
    table.now += 5000
    assert not errors(table.send("g1", p.Chat("later")))
    assert not errors(table.send("g3", p.Chat("others may still talk")))


def test_snapshots_carry_the_latest_chat_lines():
    table = seated_table()
    for n in range(CHAT_KEPT + 5):
        table.now += 2000
        table.send("g1", p.Chat(f"line {n}"))
    chat = table.session.snapshot("m4").chat
    assert len(chat) == CHAT_KEPT and chat[-1].text == f"line {CHAT_KEPT + 4}"


def test_a_flooding_peer_is_dropped_with_one_warning_without_hurting_others():
    table = seated_table()
    before = table.session.seq
    out = []
    for n in range(30):
        out += table.session.handle("g1", p.encode(p.Sit("Y")), 5000 + n)
    flood = [m for to, m in out if m.get("code") == "flood"]
    assert sentence(flood[0]) == "You are sending too many messages: some were dropped. Please slow down."
    assert len(flood) == 1 and all(to == "g1" for to, m in out if m["type"] == "error")
    assert len(out) == 20 * 4 + 1  # twenty handled (each an update to four members), then one warning
    assert table.session.seq == before + 20
    others = table.session.handle("g3", p.encode(p.Chat("I am fine")), 5010)
    assert of_type(others, "said")


def test_the_clock_of_a_timed_game_skips_a_slow_player_and_the_skip_is_recorded():
    table = seated_table(limit_ms=10_000)
    table.start()
    first = table.session.tick(table.now)  # the clock starts: a new state, without events
    assert len(first) == 4 and {tuple(m["events"]) for _, m in first} == {()}
    assert table.session.tick(table.now + 5_000) == []
    out = table.session.tick(table.now + 10_000)
    assert {tuple(map(dumps, m["events"])) for _, m in out} == {(dumps({"type": "timeout", "seat": "X"}),)}
    assert sorted(to for to, _ in out) == sorted([HOST_PEER, "g1", "g2", "g3"])
    assert last_update(out, "g1")["match"]["view"]["turn"] == ["Y"]
    assert not errors(table.send("g1", p.Move("Y", {"add": 1})))
    record = table.session.match.record
    assert [e.seat for e in record.log] == [None, None, "Y"]
    assert replay(record)[-1] == table.session.match.state


def test_an_untimed_match_and_an_empty_lobby_do_not_tick():
    table = seated_table()
    assert table.session.tick(5000) == []
    table.start()
    assert table.session.tick(10**9) == []
    assert table.session.match.record.log == ()


# --- saving and restoring --------------------------------------------------------------------


def test_a_session_round_trips_through_json_mid_match_and_play_continues():
    table = seated_table(mode="together")
    table.send("g1", p.Chat("before"))
    table.start()
    table.send("g1", p.Move("Y", {"add": 2}))
    saved = table.state_json()
    restored = Session.restore(saved, random=random.Random(1))
    assert dumps(restored.to_json()) == saved
    assert restored.match.state == table.session.match.state
    assert restored.peers == {HOST_PEER: "m1"}  # guests come back with their tokens
    out = restored.handle("new", p.encode(p.Hello("B", table.tokens["g1"])), table.now + 100)
    snap = last_update(out, "new")
    assert snap["match"]["you"] == "Y" and snap["match"]["view"]["pick"] == 2 and snap["chat"][0]["text"] == "before"
    out = restored.handle(HOST_PEER, p.encode(p.Move("X", {"add": 1})), table.now + 200)
    assert not errors(out)
    assert restored.match.record.log[-1].seat == "X"


def test_a_restored_session_draws_tokens_and_seeds_from_the_random_source_it_is_given():
    saved = seated_table().state_json()
    first, second = (Session.restore(saved, random=random.Random(5)) for _ in range(2))
    tokens = [of_type(s.handle("g9", p.encode(p.Hello("Zed")), 0), "welcome")[0][1]["token"] for s in (first, second)]
    assert tokens[0] == tokens[1] == f"{random.Random(5).getrandbits(128):032x}"


def test_a_finished_match_is_restored_with_the_seats_it_ended_with():
    table = seated_table()
    table.start()
    play_to_the_end(table)
    table.host(p.Assign("m2"))
    restored = Session.restore(table.state_json())
    assert restored.match_view("m2").you == "Y" and restored.match.record.ended == "over"
    assert restored.seats["Y"] is None


def corrupt(saved: str, change) -> str:
    raw = loads(saved)
    change(raw)
    return dumps(raw)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r.update(v=2), "unsupported saved lobby version"),
        (lambda r: r.update(v="1"), "'v' must be a whole number"),
        (lambda r: r.pop("v"), "'v' is missing"),
        (lambda r: r.update(game=5), "'game' must be text"),
        (lambda r: r.update(options=[1]), "the options must be an object"),
        (lambda r: r.update(players="3"), "'players' must be a whole number"),
        (lambda r: r.update(host=None), "'host' must be text"),
        (lambda r: r.update(seq="5"), "'seq' must be a whole number"),
        (lambda r: r.update(game="chess"), "this app cannot play 'chess'"),
        (lambda r: r.update(players=5), "Count to Ten is for 2–3 players, not 5"),
        (lambda r: r.update(players=65), "'players' must be between 1 and 64, not 65"),
        (lambda r: r.update(extra=1), "a saved lobby has unknown field 'extra'"),
        (lambda r: r.update(host="m9"), "the host is not a member"),
        (
            lambda r: r["members"][1].update(token=r["members"][0]["token"]),
            "members must have distinct ids and distinct reconnect tokens",
        ),
        (lambda r: r["members"][1].update(name=""), "a name has 1 to 24 characters"),
        (lambda r: r["seats"].pop(), "the seats do not suit the game and player count"),
        (lambda r: r["seats"][1].__setitem__(1, "m1"), "a seat's member must be a member with no other seat"),
        (lambda r: r["seats"][1].__setitem__(1, "m9"), "a seat's member must be a member with no other seat"),
        # A member id of another type (a save edited by hand) is refused like an unknown one, not a crash.
        (lambda r: r["seats"][1].__setitem__(1, ["m2"]), "a seat's member must be a member with no other seat"),
        (lambda r: r["seats"][1].__setitem__(1, {"id": "m2"}), "a seat's member must be a member with no other seat"),
        (lambda r: r["seats"][1].__setitem__(1, 2), "a seat's member must be a member with no other seat"),
        (
            lambda r: r["match"]["record"]["log"][0]["move"].update(add=9),
            "step 1 of the record is illegal: 'add' must be between 1 and 3, not 9",
        ),
        (lambda r: r["match"]["record"].update(seed=-4), "'seed' must be between 0 and 9007199254740991, not -4"),
        (lambda r: r["match"]["record"].update(ended="over"), "the record's ending does not match the game's result"),
        (lambda r: r["match"].update(holders=[]), "a running match must be played in the lobby's seats"),
        (lambda r: r.update(chat=[{"member": "m2"}]), "'name' is missing"),
        (lambda r: r.update(chat={"0": "hi"}), "'chat' must be a list of at most 50 lines"),
        (lambda r: r.update(chat=None), "'chat' must be a list of at most 50 lines"),
        (lambda r: r.update(chat=[CHAT_LINE] * (CHAT_KEPT + 1)), "'chat' must be a list of at most 50 lines"),
        (lambda r: r.update(members=[]), "'members' must list 1 to 24 members"),
        (lambda r: r.update(members={"m1": {}}), "'members' must list 1 to 24 members"),
        (lambda r: r["members"].extend(extra_members(MAX_MEMBERS - 3)), "'members' must list 1 to 24 members"),
        (lambda r: r["members"][1].update(seat="Y"), "a member has unknown field 'seat'"),
        (lambda r: r["members"][1].update(token=12345678901234567890), "'token' must be text"),
        (
            lambda r: r["members"][1].update(token="0123456789abcde"),
            "members must have distinct ids and distinct reconnect tokens",
        ),
        (lambda r: r["members"][1].update(id="m1"), "members must have distinct ids and distinct reconnect tokens"),
        (lambda r: r["members"].__setitem__(1, ["m2", "Bob"]), "a member must be an object"),
        (lambda r: r.update(seats={"X": "m1"}), "'seats' must be a list"),
        (lambda r: r["seats"].__setitem__(1, ["Y"]), "a seat must be a [seat, member] pair"),
        (lambda r: r["seats"].__setitem__(1, ["Y", "m2", "m3"]), "a seat must be a [seat, member] pair"),
        (lambda r: r["seats"].__setitem__(1, [2, "m2"]), "a seat must be a [seat, member] pair"),
        (lambda r: r["seats"].__setitem__(1, {"Y": "m2"}), "a seat must be a [seat, member] pair"),
        (lambda r: r.update(seq=-1), "'seq' must be at least 0, not -1"),
        (lambda r: r.update(next_member=1), "'next_member' must be at least 2, not 1"),
        (lambda r: r.update(match=[]), "'match' must be an object"),
        (lambda r: r["match"].update(seats=[]), "'match' has unknown field 'seats'"),
        (
            lambda r: r["match"]["record"].update(seats=["X", "Z"], names={"X": "Ann", "Z": "Cy"}),
            "a running match must be played in the lobby's seats",
        ),
    ],
)
def test_a_corrupt_save_is_refused_with_a_reason(change, reason):
    table = seated_table()
    table.send("g1", p.Chat("hello"))
    table.start()
    table.host(p.Move("X", {"add": 1}))
    with pytest.raises(BadMessage, match=words.sentence(reason)):
        Session.restore(corrupt(table.state_json(), change))


CHAT_LINE = {"member": "m2", "name": "Bob", "text": "hi", "at": 5}


def extra_members(n: int) -> list[dict]:
    return [{"id": f"m{10 + i}", "name": f"Guest {i}", "token": f"{i:032x}"} for i in range(n)]


def finished_save() -> dict:
    """A save whose match ended (X, Y, Z held by m1, m2, m3) and whose lobby seats changed since."""
    table = seated_table()
    table.start()
    play_to_the_end(table)
    table.host(p.Assign("m2"))
    return loads(table.state_json())


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r["match"].update(holders=None), "'seats' must be a list"),
        (lambda r: r["match"]["holders"].pop(), "'holders' must list the match's seats"),
        (lambda r: r["match"]["holders"].reverse(), "'holders' must list the match's seats"),
        (lambda r: r["match"]["holders"][0].__setitem__(0, "W"), "'holders' must list the match's seats"),
        (
            lambda r: r["match"]["holders"][0].__setitem__(1, "m9"),
            "a seat's member must be a member with no other seat",
        ),
        (
            lambda r: r["match"]["holders"][1].__setitem__(1, "m1"),
            "a seat's member must be a member with no other seat",
        ),
        (
            lambda r: r["match"]["holders"][0].__setitem__(1, ["m1"]),
            "a seat's member must be a member with no other seat",
        ),
    ],
)
def test_a_finished_match_must_name_who_held_each_of_its_seats(change, reason):
    raw = finished_save()
    Session.restore(dumps(raw))  # the save as written restores
    change(raw)
    with pytest.raises(BadMessage, match=words.sentence(reason)):
        Session.restore(dumps(raw))


def test_the_limits_of_a_save_are_inclusive():
    fresh = loads(dumps(Session("count", "Ann").to_json()))
    assert fresh["seq"] == 0  # nothing broadcast yet
    assert Session.restore(dumps(fresh)).seq == 0
    raw = loads(seated_table().state_json())
    raw["chat"] = [CHAT_LINE] * CHAT_KEPT
    raw["members"] += extra_members(MAX_MEMBERS - len(raw["members"]))
    restored = Session.restore(dumps(raw))
    assert len(restored.chat) == CHAT_KEPT and len(restored.members) == MAX_MEMBERS
    raw["members"][1]["token"] = "0123456789abcdef"  # 16 characters: the shortest token a save may hold
    assert Session.restore(dumps(raw)).members["m2"].token == "0123456789abcdef"


def test_a_game_that_cannot_set_up_the_match_is_refused_with_its_reason(monkeypatch):
    table = seated_table()

    def no_table(*args):
        raise BadOptions("count-seats", n=9, seats="X, Y, Z")

    monkeypatch.setattr(table.session.game, "setup", no_table)
    error = refused(table, HOST_PEER, p.Start(1), "count-seats")
    assert error["params"] == {"n": 9, "seats": "X, Y, Z"} and table.session.match is None
    assert sentence(error) == "this game seats 9 players as X, Y, Z"


def test_a_saved_lobby_is_an_object():
    with pytest.raises(BadMessage, match=words.sentence("a saved lobby must be an object")):
        Session.restore("[]")


def test_a_session_is_opened_for_a_playable_game_and_player_count():
    with pytest.raises(BadOptions):
        Session("chess", "Ann")
    with pytest.raises(BadOptions):
        Session("count", "Ann", players=9)
    with pytest.raises(BadMessage):
        Session("count", "")


def test_a_lone_surrogate_anywhere_is_refused_at_the_edge_and_nothing_escapes():
    table = Table()
    for text in (
        '{"v": 6, "type": "hello", "name": "Bob", "token": "\\ud800"}',
        '{"v": 6, "type": "hello", "name": "B\\udfffb"}',
    ):
        error = refused(table, "g1", text, "lone-surrogate")
        assert p.read_to_guest(p.encode(error))[0].code == "lone-surrogate"  # the sender can read its refusal


def test_a_numbered_request_is_acknowledged_to_its_sender_and_a_copy_changes_nothing():
    table = Table()
    table.join("g1", "Bob")
    out = table.send("g1", {**p.Chat("hi").to_json(), "n": 1})
    assert {m["ack"] for to, m in out if to == "g1"} == {1}
    assert {m["ack"] for to, m in out if to == HOST_PEER} == {0}
    before = table.state_json()
    assert table.send("g1", {**p.Chat("hi").to_json(), "n": 1}) == []
    assert table.state_json() == before
    gap = table.send("g1", {**p.Chat("later").to_json(), "n": 5})
    assert [(m["code"], m["params"]) for _, m in gap] == [("request-gap", {"expected": 2})]


# --- an invitation made for a member who is away ------------------------------------------------------------------


def test_a_player_whose_browser_is_gone_gets_their_seat_back_through_the_invitation_made_for_them():
    table = seated_table()
    table.start()
    table.host(p.Move("X", {"add": 1}))  # Y (Bob) to move
    old_token = table.tokens["g1"]
    table.session.disconnect("g1", table.now)
    table.session.invited_back("i1", "m2")  # the host's "Invite again" on Bob's row
    out = table.send("i1", p.Hello("Bob"))  # another device: no token
    welcome = of_type(out, "welcome")
    assert [(to, m["member"]) for to, m in welcome] == [("i1", "m2")]
    new_token = welcome[0][1]["token"]
    assert new_token != old_token and table.session.members["m2"].token == new_token
    assert table.session.seat_of("m2") == "Y" and table.session.peer_of("m2") == "i1"
    host_sees = last_update(out, HOST_PEER)["lobby"]
    assert {m["name"]: m["connected"] for m in host_sees["members"]}["Bob"] is True
    assert last_update(out, "g2")["lobby"] == host_sees  # every guest sees Bob back
    assert not errors(table.send("i1", p.Move("Y", {"add": 2})))


def test_the_old_browser_of_a_player_who_came_back_elsewhere_is_told_so_and_changes_nothing():
    table = seated_table()
    old_token = table.tokens["g1"]
    table.session.disconnect("g1", table.now)
    table.session.invited_back("i1", "m2")
    table.send("i1", p.Hello("Bob"))
    error = refused(table, "g1b", p.Hello("Bob", old_token), "seat-moved")
    assert error["params"] == {"name": "Bob"}
    assert table.session.peer_of("m2") == "i1"


def test_an_invitation_for_a_member_who_is_back_already_is_refused_and_changes_nothing():
    table = seated_table()
    table.session.invited_back("i1", "m2")  # Bob is still connected (or came back in the old browser)
    error = refused(table, "i1", p.Hello("Bob"), "rejoin-here")
    assert error["params"] == {"name": "Bob"}


def test_an_invitation_for_a_member_takes_back_only_that_member_once():
    table = seated_table()
    table.session.disconnect("g1", table.now)
    table.session.disconnect("g2", table.now)
    table.session.invited_back("i1", "m2")
    refused(table, "i1", p.Hello("Cy"), "name-taken")  # Bob's invitation is not Cy's
    table.send("i1", p.Hello("Bob"))
    table.session.disconnect("i1", table.now)
    refused(table, "i1b", p.Hello("Bob"), "name-taken")  # another connection has no invitation for Bob
    refused(table, "i1", p.Hello("Bob"), "name-taken")  # nor has the used one, should its id come again


def test_no_invitation_takes_back_the_host_or_a_computer_player():
    table = seated_table()
    table.session.invited_back("i1", "m1")
    refused(table, "i1", p.Hello("Ann"), "name-taken")
    table.session.invited_back("i2", "m404")
    assert of_type(table.send("i2", p.Hello("Zed")), "welcome")  # no such member: an ordinary join


def test_a_reloaded_host_page_still_tells_an_old_browser_its_seat_moved():
    table = seated_table()
    old_token = table.tokens["g1"]
    table.session.disconnect("g1", table.now)
    table.session.invited_back("i1", "m2")
    table.send("i1", p.Hello("Bob"))
    restored = Session.restore(table.state_json())
    out = restored.handle("g1b", p.encode(p.Hello("Bob", old_token)), table.now)
    assert [(to, m["type"], m.get("code")) for to, m in out] == [("g1b", "error", "seat-moved")]
    raw = loads(table.state_json())
    for bad in ([["not-a-token", "m2"]], [[old_token, "m9"]], [[old_token, "m1"]], "x"):
        with pytest.raises(BadMessage) as err:
            Session.restore(dumps({**raw, "moved": bad}))
        assert err.value.code in ("save-moved", "field-type"), bad
