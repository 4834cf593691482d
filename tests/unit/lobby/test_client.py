"""The guest's mirror: snapshots reset it, numbered updates advance it, a gap makes it ask for a resync."""

import copy
import random
from dataclasses import replace

import pytest

from gamenight.core.errors import BadMessage
from gamenight.core.game import Result
from gamenight.lobby import protocol as p
from gamenight.lobby.client import CHAT_SHOWN, MAX_ERRORS, MAX_PROBLEMS, SLOW_MS, Client
from tests.unit.lobby.helpers import LOBBY, MATCH, SAID, Party, seat_everyone


def snapshot(seq: int, match=MATCH) -> str:
    return p.encode(p.Snapshot(seq, LOBBY, match, (SAID,)))


def update(seq: int, total: int = 0) -> str:
    view = {**MATCH.view, "total": total}
    return p.encode(p.Update(seq, LOBBY, p.MatchView("count", "X", view, None, seq, None), ({"n": seq},)))


def joined(seq: int = 3) -> Client:
    client = Client("Ann")
    client.hello()
    assert client.receive(p.encode(p.Welcome("m1", "tok" * 8))) == []
    assert client.receive(snapshot(seq)) == []
    return client


def test_hello_carries_the_name_and_the_token_of_an_earlier_visit():
    assert Client("Ann").hello() == {"v": 6, "type": "hello", "name": "Ann", "token": None}
    assert Client("Ann", "t0k3n").hello()["token"] == "t0k3n"


def test_a_welcome_and_a_snapshot_set_up_the_mirror():
    client = joined()
    assert (client.member, client.token, client.seq) == ("m1", "tok" * 8, 3)
    assert client.lobby == LOBBY and client.match == MATCH and client.chat == [SAID]
    assert client.seat == "X" and client.is_host


def test_updates_apply_in_sequence():
    client = joined()
    assert client.receive(update(4, total=2)) == []
    assert client.receive(update(5, total=5)) == []
    assert client.seq == 5 and client.match.view["total"] == 5 and client.events == ({"n": 5},)


def test_a_gap_asks_for_a_snapshot_and_ignores_updates_until_it_comes():
    client = joined()
    assert client.receive(update(5, total=9)) == [{"v": 6, "type": "resync"}]
    assert client.seq == 3 and client.match == MATCH  # nothing applied across the gap
    assert client.receive(update(6)) == []  # still waiting: no second request
    assert client.receive(snapshot(6, match=None)) == []
    assert client.seq == 6 and client.match is None and not client.awaiting_snapshot
    assert client.receive(update(7, total=1)) == [] and client.seq == 7


def test_stale_or_repeated_updates_are_ignored():
    client = joined()
    client.receive(update(4, total=4))
    assert client.receive(update(4, total=99)) == [] and client.receive(update(2, total=99)) == []
    assert client.seq == 4 and client.match.view["total"] == 4


def test_an_update_before_any_snapshot_asks_for_one():
    client = Client("Host")
    assert client.receive(update(8)) == [{"v": 6, "type": "resync"}]
    assert client.seq is None and client.awaiting_snapshot


def test_after_a_reconnect_the_mirror_waits_for_its_new_snapshot():
    client = joined()
    client.hello()
    assert client.receive(update(4)) == [] and client.seq is None
    client.receive(snapshot(10))
    assert client.seq == 10


def test_chat_errors_and_farewells_are_kept():
    client = joined()
    line = p.Said("m2", "Bob", "hi", 5)
    client.receive(p.encode(line))
    client.receive(p.encode(p.Error("slow-down", {}, "chat")))
    client.receive(p.encode(p.Bye("kicked", {"name": "Bob"})))
    assert client.chat[-1] == line and client.errors == [p.Error("slow-down", {}, "chat")]
    assert client.closed == p.Bye("kicked", {"name": "Bob"})


def test_the_pages_own_refusal_of_an_input_replaces_the_refusals_shown_and_is_counted():
    """An input the page cannot make a request of (a chat line too long: ``BadMessage``) is refused by the
    page itself, as the host and join screens do: it answers the latest input, so the host's refusal of an
    earlier request goes, and it counts as a refusal shown (the same one again is said again)."""
    client = joined()
    client.receive(p.encode(p.Error("seat-taken", {"seat": "B"})))
    shown = client.refusals
    for k in (1, 2):
        client.refuse_input(BadMessage("chat-length", max=500))
        assert client.errors == [p.Error("chat-length", {"max": 500})]
        assert client.refusals == shown + k


def test_a_malformed_message_from_the_host_is_noted_and_ignored():
    client = joined()
    v = p.VERSION
    bad = ("{", f'{{"v":{v},"type":"update","seq":"4"}}', f'{{"v":{v},"type":"hello","name":"x"}}', '{"v":1}')
    for text in bad:
        assert client.receive(text) == []
    assert len(client.problems) == 4 and client.seq == 3 and client.match == MATCH
    assert client.problems[1:3] == ["'events' must be a list", "unknown message type 'hello'"]
    assert client.problem is not None and client.problem.code == "bad-version"  # the last one


def test_a_host_that_sends_only_garbage_does_not_fill_the_guests_memory():
    client = joined()
    for k in range(MAX_PROBLEMS + 5):
        client.receive("{" * (k + 1))
    assert len(client.problems) == MAX_PROBLEMS and client.seq == 3 and client.match == MATCH
    for k in range(MAX_ERRORS + 5):
        client.receive(p.encode(p.Error("seat-taken", {"seat": str(k)})))
    assert len(client.errors) == MAX_ERRORS and client.errors[-1].params == {"seat": str(MAX_ERRORS + 4)}


def test_moves_are_sent_for_the_members_own_seat():
    client = joined()
    # A move names the position it was made on: the number of moves the mirror has seen.
    assert client.move({"add": 2}) == {"v": 6, "type": "move", "seat": "X", "move": {"add": 2}, "at": MATCH.moves}
    client.receive(snapshot(9, match=None))
    with pytest.raises(BadMessage):
        client.move({"add": 2})


def test_requests_are_well_formed_messages():
    client = Client("Ann")
    for message in (client.say("hi"), client.sit("X"), client.stand(), client.resync()):
        assert p.read_to_host(p.encode(message))[0].to_json() == message


def test_an_ended_match_is_played_in_the_seats_the_hosts_view_says_whatever_the_lobby_has_since():
    """``Client.played``, the ended board's players: the host's ``MatchView.holders``. A page that first saw
    the match ended (a snapshot) took the lobby it found for them, after the host may have swapped the seats."""
    client = joined()
    assert client.played == LOBBY.seats  # a running match is played in the lobby's seats
    result = Result(ranking=(("X",), ("Z",))).to_json()
    holders = {s.id: s.member for s in LOBBY.seats}
    ended = p.MatchView("count", "X", MATCH.view, result, 3, "over", holders, None)
    moved = (p.SeatInfo("X", "amber", "m2"), p.SeatInfo("Z", "magenta", "m1"))
    lobby = p.Lobby(**{**LOBBY.__dict__, "phase": "lobby"})
    client.receive(p.encode(p.Update(4, lobby, ended, ())))
    client.receive(p.encode(p.Update(5, p.Lobby(**{**lobby.__dict__, "seats": moved}), ended, ())))
    assert client.lobby.seats == moved and client.played == LOBBY.seats, "who played the ended match"
    late = Client("Cy")
    late.receive(p.encode(p.Snapshot(5, p.Lobby(**{**lobby.__dict__, "seats": moved}), ended, ())))
    assert late.played == LOBBY.seats, "a page that first sees it after the seats changed, as the host's view says"
    client.receive(p.encode(p.Snapshot(10, LOBBY, None, ())))
    assert client.played == ()


def raythread_match(moves: int) -> tuple[Party, random.Random]:
    """The host at seat A and Bea at C in a Raythread match (seed 7) ``moves`` moves in, and the brain that
    chose the moves (to play on with)."""
    party = Party("raythread", 2)
    seat_everyone(party, {"Host": "A", "Bea": "C"})
    party.send("Host", p.Start(7))
    brain = random.Random(7)
    for _ in range(moves):
        party.play_one(brain)
    return party, brain


def test_a_guest_refuses_an_ended_match_whose_holders_are_not_its_games_seats_and_keeps_what_it_had():
    """The ended board is drawn in the seats ``holders`` names (``Client.played``): seats its game has not
    would be cards of seats the view does not know."""
    party, _ = raythread_match(moves=0)
    bea = party.clients["Bea"]
    mirrored = (bea.seq, bea.lobby, bea.match)
    for holders in ({"A": "m1", "B": None}, {"A": "m1"}, {"A": "m1", "C": None, "D": None}):  # its seats: A and C
        spoiled = p.Update(bea.seq + 1, bea.lobby, replace(bea.match, ended="host", holders=holders), ())
        assert bea.receive(p.encode(spoiled)) == []
        assert (bea.seq, bea.lobby, bea.match) == mirrored, "nothing applied"
        assert bea.problems[-1] == "'holders' must list the match's seats"


def test_a_guest_refuses_an_update_whose_view_its_game_cannot_show_and_keeps_what_it_had():
    party, brain = raythread_match(moves=4)
    bea = party.clients["Bea"]
    party.links["Bea"].request(bea.say("Good luck!"))  # on its way: not acknowledged yet
    mirrored = (bea.seq, bea.lobby, bea.match, bea.events, bea.told, list(bea.outbox))
    view = copy.deepcopy(dict(bea.match.view))
    view["tiles"][0]["cell"] = [40, 2]  # off the 11 × 11 board: the scene would draw it nowhere
    spoiled = p.Update(bea.seq + 1, bea.lobby, replace(bea.match, view=view), ())
    assert bea.receive(p.encode({**spoiled.to_json(), "ack": bea.outbox[-1]["n"]})) == []
    assert (bea.seq, bea.lobby, bea.match, bea.events, bea.told, bea.outbox) == mirrored, "nothing applied"
    assert bea.problems == ["'tiles[0].cell' is off the board (rows and columns run from 0 to 10)"]
    assert bea.problem is not None and bea.problem.code == "field-off-board", "the page tells the player"
    # Nothing was applied, so the host's next update follows on as if the spoiled one never came.
    party.play_one(brain)
    assert not bea.awaiting_snapshot and len(bea.problems) == 1 and bea.chat[-1].text == "Good luck!"
    assert bea.problem is None, "in step again"
    party.in_step()


def test_a_guest_refuses_a_snapshot_whose_position_before_its_game_cannot_show():
    """The position before the last step reaches the board as the view does: its game checks it, and a
    snapshot with one it could not show changes nothing."""
    party, _ = raythread_match(moves=2)
    good = party.session.snapshot(party.member("Bea"))
    assert good.before is not None and good.before != good.match.view
    bea = party.clients["Bea"]
    mirrored = (bea.seq, bea.match, bea.told, bea.before)
    before = copy.deepcopy(dict(good.before))
    before["tiles"][0]["cell"] = [40, 2]
    assert bea.receive(acked(replace(good, before=before), 0)) == []
    assert (bea.seq, bea.match, bea.told, bea.before) == mirrored, "nothing applied"
    assert bea.problems == ["'tiles[0].cell' is off the board (rows and columns run from 0 to 10)"]
    bea.receive(acked(good, 0))
    assert bea.before == good.before and bea.problem is None


@pytest.mark.parametrize(
    ("game", "seats", "moves"),
    [("raythread", ("A", "C"), 2), ("lightseeker", ("1", "2"), 2), ("reflection", ("1", "2"), 0)],
)
def test_a_latecomer_takes_the_position_before_the_last_step_in_every_game(game, seats, moves):
    """Every game's own check passes the position before its last step (a move, or Reflection's prepared
    puzzle), from a spectator's sight: a page that joins mid-match has it for its board."""
    party = Party(game, 2)
    seat_everyone(party, dict(zip(("Host", "Bea"), seats, strict=True)))
    party.send("Host", p.Start(7))
    brain = random.Random(7)
    for _ in range(moves):
        party.play_one(brain)
    assert party.session.match.record.log, "a step was taken"
    cal = party.join("Cal")
    assert cal.problems == [] and cal.before is not None
    assert cal.before == party.session.before(party.member("Cal")) != cal.match.view


def test_a_guest_refuses_a_match_result_whose_reason_it_could_not_word():
    """The panel words the result's reason without looking at its shape again: the edge checks it."""
    party, _ = raythread_match(moves=0)
    bea = party.clients["Bea"]
    seq, match = bea.seq, bea.match
    for reason, field in (({"code": 5, "params": {}}, "result.reason.code"), ("over", "result.reason")):
        result = {**Result(ranking=(("A",), ("C",))).to_json(), "reason": reason}
        spoiled = p.Update(bea.seq + 1, bea.lobby, replace(bea.match, result=result, ended="over"), ())
        assert bea.receive(p.encode(spoiled)) == []
        assert (bea.seq, bea.match) == (seq, match) and field in bea.problems[-1], bea.problems


def acked(message: p._Message, ack: int) -> str:
    """``message`` from the host, acknowledging this page's requests up to number ``ack``."""
    return p.encode({**message.to_json(), "ack": ack})


def test_requests_made_before_the_welcome_go_out_numbered_when_it_comes():
    client = Client("Ann")
    client.hello(0)
    assert client.member is None and client.next_n is None and client.waiting_for == "welcome", "nobody yet"
    assert client.request(client.say("hi"), 100) == [] and client.request(client.sit("X"), 200) == []
    sent = client.receive(p.encode(p.Welcome("m1", "tok" * 8)), 900)
    assert sent == [{**client.say("hi"), "n": 1}, {**client.sit("X"), "n": 2}]
    assert client.outbox == sent and client.pending == [] and client.next_n == 3
    assert client.request(client.stand(), 1000) == [{**client.stand(), "n": 3}]


def test_a_chat_line_before_the_first_snapshot_is_kept():
    client = Client("Ann")
    client.hello()
    client.receive(p.encode(p.Welcome("m1", "tok" * 8)))
    client.receive(p.encode(SAID))
    assert client.chat == [SAID] and client.lobby is None


def test_a_hello_sent_again_while_no_welcome_comes_carries_the_token():
    client = Client("Ann", "tok" * 8)
    first = client.hello(0)
    assert client.poll(1999) == [] and client.waiting_for == "welcome"
    assert client.poll(2000) == [first] and first["token"] == "tok" * 8
    assert client.poll(5999) == [] and client.poll(6000) == [first], "then after 4 s"


def test_try_again_asks_at_once_and_starts_the_back_off_afresh():
    client = joined()
    (chat,) = client.request(client.say("hi"), 0)
    assert client.poll(2000) == [chat] and client.poll(6000) == [chat]  # waits of 2 s, then 4 s
    assert client.poll(13_999) == [] and client.slow(13_999)  # the next after 8 s
    assert client.try_again(10_000) == [chat]
    assert not client.slow(10_000 + SLOW_MS - 1) and client.slow(10_000 + SLOW_MS), "the wait starts again"
    assert client.poll(11_999) == [] and client.poll(12_000) == [chat], "2 s after trying again"
    client.receive(acked(SAID, 1), 12_500)
    assert client.outbox == [] and client.try_again(13_000) == [] and not client.slow(20_000)


def test_a_request_gap_sends_the_unacknowledged_requests_again_numbered_from_the_hosts_count():
    client = joined()
    sent = [m for text in "abcde" for m in client.request(client.say(text))]
    assert [m["n"] for m in sent] == [1, 2, 3, 4, 5]
    client.receive(acked(SAID, 3))
    assert client.outbox == sent[3:]
    # A host reloaded from an older save has handled only the first request: it asks again from 2.
    again = client.receive(acked(p.Error("request-gap", {"expected": 2}, "chat"), 1))
    assert again == [{**client.say("d"), "n": 2}, {**client.say("e"), "n": 3}] and client.outbox == again
    assert client.request(client.say("f")) == [{**client.say("f"), "n": 4}], "no gap after them"
    # One reloaded from a save made before it handled any of them asks from the first number.
    again = client.receive(p.encode(p.Error("request-gap", {"expected": 1}, "chat")))
    assert [(m["text"], m["n"]) for m in again] == [("d", 1), ("e", 2), ("f", 3)] and client.next_n == 4
    assert client.errors == [], "not a refusal to show"


@pytest.mark.parametrize("expected", [None, True, 0, -1, "2", 2.0])
def test_a_request_gap_naming_no_request_number_changes_nothing(expected):
    client = joined()
    sent = [m for text in "ab" for m in client.request(client.say(text))]
    assert client.receive(p.encode(p.Error("request-gap", {"expected": expected}, "chat"))) == []
    assert client.outbox == sent and client.next_n == 3 and client.errors == []


def test_a_mirror_the_host_closed_sends_nothing_again():
    client = joined()
    client.request(client.say("hi"), 0)
    client.receive(p.encode(p.Bye("kicked", {"name": "Ann"})), 100)
    assert client.waiting_for is None and len(client.outbox) == 1
    assert client.poll(2000) == [] and client.poll(100_000) == [] and client.try_again(100_000) == []
    assert not client.slow(100_000)


def test_a_new_mirror_holds_nothing_to_show():
    client = Client("Ann")
    assert (client.lobby, client.match, client.told, client.seq, client.problem, client.closed) == (None,) * 6
    assert (client.events, client.played, client.chat, client.errors, client.problems) == ((), (), [], [], [])
    assert client.seat is None and not client.is_host and client.waiting_for == "welcome" and not client.moving


def test_after_a_reconnection_only_the_requests_the_host_has_not_handled_go_again_numbered_on():
    client = joined()
    sent = [m for text in "abcd" for m in client.request(client.say(text))]
    client.receive(acked(SAID, 1))
    client.hello(0)  # the connection dropped; the host answers with how many it handled
    again = client.receive(acked(p.Welcome("m1", "tok" * 8), 2))
    assert again == sent[2:] == client.outbox and client.next_n == 5
    # A host reloaded from a save made before it handled any: the same requests, numbered from 1.
    client.hello(0)
    again = client.receive(acked(p.Welcome("m1", "tok" * 8), 0))
    assert [(m["text"], m["n"]) for m in again] == [("c", 1), ("d", 2)] and client.next_n == 3


def test_a_refusal_that_comes_before_the_first_lobby_is_kept_when_the_lobby_comes():
    """Refusals go once the lobby they answered changes; a page that had no lobby yet saw none change."""
    client = Client("Ann")
    client.hello()
    client.receive(p.encode(p.Welcome("m1", "tok" * 8)))
    client.receive(p.encode(p.Error("slow-down", {}, "chat")))
    client.receive(snapshot(3))
    assert client.errors == [p.Error("slow-down", {}, "chat")] and client.lobby == LOBBY


def test_the_host_pages_own_mirror_numbers_its_requests_and_sends_them_again_when_unanswered():
    host = Client("Host", trusted=True)
    host.joined_as("m1", 4)  # a member from the start: no hello, no welcome
    (chat,) = host.request(host.say("hi"), 1000)
    assert chat["n"] == 5 and host.waiting_for == "answer"
    assert not host.slow(1000 + SLOW_MS - 1) and host.slow(1000 + SLOW_MS)
    assert host.poll(2999) == [] and host.poll(3000) == [chat]


def test_while_a_match_runs_its_players_are_the_lobbys_seats_as_they_are_now():
    client = joined()
    moved = (p.SeatInfo("X", "amber", "m1"), p.SeatInfo("Z", "magenta", "m2"))  # Bob takes the empty seat
    client.receive(p.encode(p.Update(4, p.Lobby(**{**LOBBY.__dict__, "seats": moved}), MATCH, ())))
    assert client.match == MATCH and client.played == moved


def test_an_acknowledgement_starts_the_wait_for_what_is_still_unanswered_afresh():
    client = joined()
    client.request(client.say("a"), 0)
    client.request(client.say("b"), 0)
    client.receive(acked(SAID, 0), 3000)  # acknowledges nothing new: the wait goes on from 0
    assert client.slow(SLOW_MS)
    client.receive(acked(SAID, 1), 4000)  # the first is answered: the second's wait starts now
    assert not client.slow(4000 + SLOW_MS - 1) and client.slow(4000 + SLOW_MS)
    assert client.poll(5999) == [] and client.poll(6000) == client.outbox


def test_the_mirror_keeps_the_last_chat_lines_the_page_shows():
    client = joined()
    lines = [p.Said("m2", "Bob", f"line {k}", k) for k in range(CHAT_SHOWN + 5)]
    for line in lines:
        client.receive(p.encode(line))
    assert client.chat == lines[-CHAT_SHOWN:]


def test_an_old_browser_told_its_seat_moved_to_another_device_asks_a_new_name_and_comes_without_its_token():
    client = Client("Cal", "old" * 8)
    client.hello()
    client.receive(p.encode(p.Error("seat-moved", {"name": "Cal"}, "hello")))
    assert client.name_refused is not None and client.name_refused.code == "seat-moved"
    assert client.waiting_for is None  # the same hello would be refused again: nothing is sent until a new name
    assert client.rename("Cal 2") == {"v": 6, "type": "hello", "name": "Cal 2", "token": None}


def test_a_stale_invitation_for_a_member_who_is_back_asks_another_name():
    client = Client("Cal")
    client.hello()
    client.receive(p.encode(p.Error("rejoin-here", {"name": "Cal"}, "hello")))
    assert client.name_refused is not None and client.name_refused.code == "rejoin-here"
