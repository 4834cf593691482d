"""Computer players in a hosted lobby: the host seats them, the host's page runs them, everyone sees them.

The session side, message by message (the host page's thinking and pause are in
``tests/unit/ui/test_lobby_screens.py``): adding and removing, refusals that change nothing, what the
wire carries, records and saves with bot seats, and bot moves played once through the one ``play``.
"""

import json
import random

import pytest

from gamenight import games
from gamenight.core.bot import decide, thinking, turn_seed
from gamenight.core.errors import BadMessage
from gamenight.core.jsonutil import dumps
from gamenight.core.steps import finish
from gamenight.lobby import protocol as p
from gamenight.lobby.record import parse_record, replay
from gamenight.lobby.session import HOST_PEER, Session
from tests.unit.lobby.helpers import Table, errors, last_update
from tests.unit.lobby.test_session import refused

SHORT = {"target": 4}  # a Raythread match to 4 points: a whole match in a few dozen moves


def bot_table(level: str = "normal", seat: str = "B", **options) -> Table:
    """Raythread for three: Ann (host) in A, Bea (guest g1) in the other free seat, a bot in ``seat``."""
    table = Table("raythread", players=3, **(options or SHORT))
    table.join("g1", "Bea")
    table.seat("g1", "C" if seat == "B" else "B")
    out = table.host(p.AddBot(seat, level))
    assert not errors(out), out
    return table


def bot_id(table: Table) -> str:
    return next(m.id for m in table.session.members.values() if m.bot)


def test_the_host_seats_a_bot_and_every_member_sees_it_as_a_computer_player():
    table = bot_table("hard")
    bot = table.session.members[bot_id(table)]
    assert (bot.name, bot.bot, bot.token) == ("Bot", "hard", "")
    assert table.session.seats == {"A": "m1", "B": bot.id, "C": table.members["g1"]}
    assert table.session.peer_of(bot.id) is None, "a bot has no connection (so it never chats)"
    # Everyone's lobby lists it with its level; the update parses as any guest's page reads it.
    for peer in (HOST_PEER, "g1"):
        lobby = p.read_to_guest(p.encode(table.session.snapshot(table.members[peer])))[0].lobby
        info = next(m for m in lobby.members if m.id == bot.id)
        assert (info.name, info.bot, info.connected) == ("Bot", "hard", False)
        assert next(s.member for s in lobby.seats if s.id == "B") == bot.id
    people = [m for m in table.session.lobby().members if m.bot is None]
    assert {m.name for m in people} == {"Ann", "Bea"}
    # A late joiner's snapshot carries the bot too; a person may be called "Bot" (the bot reads "Bot (Hard)").
    out = table.join("g2", "Bot")
    snapshot = next(m for to, m in out if to == "g2" and m["type"] == "snapshot")
    assert {"id": bot.id, "name": "Bot", "connected": False, "bot": "hard"} in snapshot["lobby"]["members"]


def test_a_guest_cannot_add_or_remove_a_bot():
    table = bot_table()
    refused(table, "g1", p.AddBot("B", "easy"), "not-host")
    refused(table, "g1", p.Kick(bot_id(table)), "not-host")
    refused(table, "g1", p.Assign(bot_id(table), None), "not-host")


def test_refusals_of_a_bot_change_nothing():
    table = Table("raythread", players=3)
    table.join("g1", "Bea")
    table.seat("g1", "B")
    refused(table, HOST_PEER, p.AddBot("C", "brutal"), "bot-level")
    refused(table, HOST_PEER, p.AddBot("Z", "hard"), "no-such-seat")
    refused(table, HOST_PEER, p.AddBot("B", "hard"), "seat-taken")
    refused(table, HOST_PEER, p.AddBot("A", "hard"), "seat-taken")
    refused(table, HOST_PEER, p.Start(1), "seats-empty")
    assert not errors(table.host(p.AddBot("C", "easy")))
    refused(table, "g1", p.Sit("C"), "seat-taken")  # a person cannot take a bot's seat
    table.start()
    refused(table, HOST_PEER, p.AddBot("C", "hard"), "match-running")
    # A game without computer players offers none.
    counting = Table("count", players=3)
    refused(counting, HOST_PEER, p.AddBot("Z", "normal"), "no-bots")
    # A malformed request does not parse.
    for raw in ({"seat": "C"}, {"seat": "C", "level": ""}, {"seat": "C", "level": "hard", "name": "Eve"}):
        with pytest.raises(BadMessage):
            p.read_to_host(json.dumps({"v": p.VERSION, "type": "bot", **raw}))


def bots(table: Table) -> list[str]:
    return [m.id for m in table.session.members.values() if m.bot]


def test_the_host_removes_a_bot_and_a_bot_without_a_seat_leaves():
    table = bot_table(seat="C")
    out = table.host(p.Kick(bot_id(table)))
    assert not errors(out) and not bots(table) and table.session.seats["C"] is None
    assert not any(m["type"] == "bye" for _to, m in out), "no one to say goodbye to"
    # Taken out of its seat by assign, or its seat gone with fewer players: it leaves the lobby.
    assert not errors(table.host(p.AddBot("C", "easy")))
    assert not errors(table.host(p.Assign(bot_id(table), None)))
    assert not bots(table) and table.session.seats["C"] is None
    assert not errors(table.host(p.AddBot("C", "easy")))
    assert not errors(table.host(p.Choose("raythread", SHORT, 2)))  # Ann and Bea keep the two seats
    assert not bots(table) and table.session.seats == {"A": "m1", "C": table.members["g1"]}
    # A game without computer players sends every bot away.
    assert not errors(table.host(p.Choose("raythread", SHORT, 3)))
    assert not errors(table.host(p.AddBot("C", "normal")))
    assert not errors(table.host(p.Choose("reflection", None, 3)))
    assert not bots(table) and None in table.session.seats.values()


def test_a_bot_is_never_a_person_coming_back():
    table = bot_table()
    for n, token in enumerate(("", None)):
        out = table.join(f"h{n}", f"Cy{n}", token)
        assert next(m for _to, m in out if m["type"] == "welcome")["member"] != bot_id(table)


def play_to_the_end(table: Table, chooser: random.Random) -> list[str]:
    """People's moves as their requests (chosen at random among the legal ones), the bot's as the host's
    page makes them (``bot_turn`` thought to its end, then ``bot_move``). Returns who moved, in order."""
    session = table.session
    game = session.game
    peers = {member: peer for peer, member in table.members.items()}
    seats_of = {seat: peers[m] for seat, m in session.seats.items() if m in peers}
    movers = []
    while session.match.running:
        turn = session.bot_turn()
        if turn is not None:
            # The seat's own view and the match's seed: the same turn as a reloaded host page would find.
            assert turn.view == game.view(session.match.state, turn.seat)
            assert turn.seed == turn_seed(session.match.record.seed, turn.seat, len(session.match.record.log))
            bot = games.bot("raythread")
            at, seat, move = finish(thinking(bot, turn.view, turn.level, turn.seed, turn.at, turn.seat))
            table.now += 500
            out = session.bot_move(at, seat, move, table.now)
            assert {to for to, m in out if m["type"] == "update"} == set(session.peers)
            assert session.bot_move(at, seat, move, table.now) == [], "a move is applied once"
        else:
            seat = next(iter(game.active(session.match.state)))
            move = chooser.choice(game.legal(session.match.state, seat))
            assert not errors(table.send(seats_of[seat], p.Move(seat, move)))
        movers.append(seat)
    return movers


def test_a_match_with_a_bot_is_played_to_its_end_and_its_record_replays():
    table = bot_table("normal", seat="B")
    table.start(seed=11)
    record = table.session.match.record
    assert record.bots == {"B": "normal"} and record.names == {"A": "Ann", "B": "Bot", "C": "Bea"}
    # No bot thinks while a person is to play; a guest cannot move for the bot's seat.
    assert table.session.bot_turn() is None
    refused(table, "g1", p.Move("B", {"type": "pass"}), "not-your-seat")
    movers = play_to_the_end(table, random.Random(3))
    assert "B" in movers and table.session.match.record.ended == "over"
    record = table.session.match.record
    assert [e.seat for e in record.log] == movers
    # The saved record (with its bot seats) restores and replays to the same end.
    again = parse_record(json.loads(dumps(record.to_json())))
    assert again == record and again.bots == {"B": "normal"}
    assert replay(again)[-1] == table.session.match.state
    assert table.session.bot_turn() is None, "no bot thinks once the match is over"


def left_to_a_bot(level: str = "easy") -> Table:
    """Raythread for three (Ann in A, Bea in B, Cy in C), started (a whole match: a long one); Bea's
    page is gone and a bot at ``level`` took over seat B."""
    table = Table("raythread", players=3)
    table.join("g1", "Bea")
    table.join("g2", "Cy")
    table.seat("g1", "B")
    table.seat("g2", "C")
    table.start(seed=5)
    table.session.disconnect("g1", table.now)
    assert not errors(table.host(p.AddBot("B", level)))
    return table


def test_a_bot_takes_over_the_seat_of_a_player_who_left_and_the_match_goes_on():
    table = Table("raythread", players=3, **SHORT)
    table.join("g1", "Bea")
    table.join("g2", "Cy")
    table.seat("g1", "B")
    table.seat("g2", "C")
    table.start(seed=5)
    bea = table.members["g1"]
    # Only the seat of a player whose page is gone: not a connected player's, not the host's.
    refused(table, HOST_PEER, p.AddBot("B", "easy"), "player-here")
    refused(table, HOST_PEER, p.AddBot("A", "easy"), "player-here")
    table.session.disconnect("g1", table.now)
    refused(table, "g2", p.AddBot("B", "easy"), "not-host")
    refused(table, HOST_PEER, p.AddBot("B", "brutal"), "bot-level")
    out = table.host(p.AddBot("B", "easy"))
    assert not errors(out)
    bot = bot_id(table)
    assert table.session.seats == {"A": "m1", "B": bot, "C": table.members["g2"]}
    assert table.session.match.record.bots == {"B": "easy"} and table.session.match.running
    assert bea in table.session.members, "Bea stays a member, without a seat"
    assert table.session.match.stand_ins == {"B": bea}, "the bot stands in for Bea"
    refused(table, HOST_PEER, p.AddBot("B", "hard"), "match-running")  # a bot's seat is not taken over
    # A host page reloaded now restores the bot in the seat, and the record saying so.
    restored = Session.restore(table.state_json())
    assert restored.seats == table.session.seats and restored.match.record.bots == {"B": "easy"}
    # Bea does not come back: the match is played to its end with the bot in her seat.
    del table.members["g1"]
    movers = play_to_the_end(table, random.Random(4))
    assert "B" in movers and table.session.match.record.ended == "over"
    assert table.session.match.stand_ins == {}, "a stand-in ends with its match"
    record = table.session.match.record
    again = parse_record(json.loads(dumps(record.to_json())))
    assert again == record and again.bots == {"B": "easy"} and replay(again)[-1] == table.session.match.state
    assert [e.seat for e in record.log if e.seat is not None][-len(movers) :] == movers


def play_a_turn(table: Table) -> str:
    """Whoever is to play plays: a person a legal move through their page, a bot the move its turn
    thinks. Returns the seat that played."""
    session = table.session
    (seat,) = session.game.active(session.match.state)
    turn = session.bot_turn()
    if turn is not None:
        move = decide(games.bot("raythread"), turn.view, turn.level, turn.seed)
        assert session.bot_move(turn.at, turn.seat, move, table.now)
    else:
        peer = next(peer for peer, m in session.peers.items() if m == session.seats[seat])
        move = session.game.legal(session.match.state, seat)[0]
        assert not errors(table.send(peer, p.Move(seat, move)))
    return seat


def test_a_player_who_comes_back_gets_their_seat_back_and_the_stand_in_leaves():
    table = left_to_a_bot("hard")
    session = table.session
    bea, bot = table.members["g1"], bot_id(table)
    played = [play_a_turn(table)]
    while session.bot_turn() is None or "B" not in played:  # the bot plays Bea's seat while she is away
        played.append(play_a_turn(table))
    turn = session.bot_turn()
    assert turn.seat == "B", "the bot's turn again: the host's page is thinking"
    thought = decide(games.bot("raythread"), turn.view, turn.level, turn.seed)
    log = session.match.record.log
    # Bea comes back with her token: the seat is hers again and the bot leaves the lobby.
    out = table.join("g1b", "Bea", table.tokens["g1"])
    assert table.members["g1b"] == bea
    assert session.seats == {"A": "m1", "B": bea, "C": table.members["g2"]}
    assert bot not in session.members and session.match.stand_ins == {}
    # Every page sees it in the one message it gets: the seat list names Bea, and no bot is listed.
    for peer in (HOST_PEER, "g2", "g1b"):
        (message,) = [m for to, m in out if to == peer and m["type"] in ("update", "snapshot")]
        lobby = p.read_to_guest(p.encode(message))[0].lobby
        assert next(s.member for s in lobby.seats if s.id == "B") == bea
        assert [m.bot for m in lobby.members] == [None, None, None]
    snapshot = p.read_to_guest(p.encode(last_update(out, "g1b")))[0]
    state = session.match.state
    assert session.game.view(state, "B") != session.game.view(state, None), "a seat sees its own hand"
    assert (snapshot.match.you, snapshot.match.view) == ("B", session.game.view(state, "B"))
    # The move the host's page was thinking for the bot is not played once the seat is Bea's.
    assert session.bot_turn() is None
    assert session.bot_move(turn.at, "B", thought, table.now) == []
    assert session.match.record.log == log
    # Bea plays her seat again; the record still says the computer played it (for part of the match).
    assert play_a_turn(table) == "B"
    record = session.match.record
    assert record.log[-1].seat == "B" and len(record.log) == len(log) + 1
    assert record.bots == {"B": "hard"} and record.names["B"] == "Bea"
    again = parse_record(json.loads(dumps(record.to_json())))
    assert again == record and replay(again)[-1] == session.match.state


def test_a_reloaded_host_hands_the_seat_back_too():
    table = left_to_a_bot()
    bea = table.members["g1"]
    saved = table.state_json()
    assert json.loads(saved)["match"]["stand_ins"] == {"B": bea}
    restored = Session.restore(saved)
    assert restored.match.stand_ins == {"B": bea} and restored.to_json() == table.session.to_json()
    out = restored.handle("g1b", dumps(p.Hello("Bea", table.tokens["g1"]).to_json()), table.now + 100)
    assert next(m for _to, m in out if m["type"] == "welcome")["member"] == bea
    assert restored.seats["B"] == bea and not [m for m in restored.members.values() if m.bot]
    assert restored.match_view(bea).you == "B" and restored.bot_turn() is None
    # A lobby saved before stand-ins were kept still loads: its bot plays on, and Bea, back, watches.
    old = json.loads(saved)
    del old["match"]["stand_ins"]
    restored = Session.restore(dumps(old))
    restored.handle("g1b", dumps(p.Hello("Bea", table.tokens["g1"]).to_json()), table.now + 100)
    assert restored.seats["B"] == bot_id(table) and restored.match_view(bea).you is None


def test_nobody_else_gets_a_stand_ins_seat_by_coming_back():
    table = left_to_a_bot()
    session = table.session
    bea, bot = table.members["g1"], bot_id(table)
    # A newcomer watches; a seated player who drops and comes back keeps their own seat.
    table.join("g3", "Dan")
    session.disconnect("g2", table.now)
    table.join("g2b", "Cy", table.tokens["g2"])
    assert session.seats == {"A": "m1", "B": bot, "C": table.members["g2"]}
    assert session.match_view(table.members["g3"]).you is None
    # The host takes the bot out and gives the seat to Dan: Bea, back, watches (the seat is not hers now).
    assert not errors(table.host(p.Assign(bot, None)))
    assert session.match.stand_ins == {}
    assert not errors(table.host(p.Assign(table.members["g3"], "B")))
    table.join("g1b", "Bea", table.tokens["g1"])
    assert session.seats["B"] == table.members["g3"] and session.match_view(bea).you is None


def test_a_player_the_host_seated_elsewhere_keeps_that_seat_and_the_stand_in_plays_on():
    table = left_to_a_bot()
    session = table.session
    bea, cy, bot = table.members["g1"], table.members["g2"], bot_id(table)
    session.disconnect("g2", table.now)
    assert not errors(table.host(p.Assign(cy, None)))  # Cy's seat is freed, and given to Bea
    assert not errors(table.host(p.Assign(bea, "C")))
    assert session.match.stand_ins == {}
    assert Session.restore(table.state_json()).seats == session.seats, "the lobby saves and restores"
    table.join("g1b", "Bea", table.tokens["g1"])
    assert session.seats == {"A": "m1", "B": bot, "C": bea} and session.match_view(bea).you == "C"


def test_a_removed_player_leaves_the_stand_in_in_the_seat():
    table = left_to_a_bot()
    session = table.session
    bea, bot = table.members["g1"], bot_id(table)
    assert not errors(table.host(p.Kick(bea)))  # she has no seat, so the host may remove her
    assert session.match.stand_ins == {} and session.seats["B"] == bot
    assert Session.restore(table.state_json()).match.stand_ins == {}, "a reloaded host finds the same"
    table.join("g4", "Bea")  # someone new under her name is no one the bot stands in for
    assert session.seats["B"] == bot and session.match_view(table.members["g4"]).you is None


def test_the_stand_in_ends_with_the_match():
    table = left_to_a_bot()
    assert not errors(table.host(p.End()))
    assert table.session.match.stand_ins == {} and "stand_ins" not in table.session.to_json()["match"]
    table.join("g1b", "Bea", table.tokens["g1"])
    assert table.session.seats["B"] == bot_id(table), "after the match, the bot's seat is for the host to free"


def test_a_bot_move_for_a_position_that_has_gone_is_dropped():
    table = bot_table("easy", seat="B")
    table.start(seed=5)
    session = table.session
    move = games.rules("raythread").legal(session.match.state, "A")[0]
    assert session.bot_move(0, "A", move, 2000) == [], "a person's seat is never played by the page"
    assert not errors(table.host(p.Move("A", move)))
    turn = session.bot_turn()
    assert turn is not None and (turn.seat, turn.at) == ("B", 1)
    bot_move = decide(games.bot("raythread"), turn.view, turn.level, turn.seed)
    before = table.state_json()
    assert session.bot_move(0, "B", bot_move, 2000) == []  # thought for an earlier position
    assert session.bot_move(1, "B", {"type": "dance"}, 2000) == []  # refused by the rules: nothing changes
    assert table.state_json() == before
    assert session.bot_move(1, "B", bot_move, 2000)
    assert len(session.match.record.log) == 2


def test_a_reloaded_host_finds_the_same_bot_turn_and_thinks_the_same_move():
    table = bot_table("hard", seat="B")
    table.start(seed=8)
    move = games.rules("raythread").legal(table.session.match.state, "A")[0]
    assert not errors(table.host(p.Move("A", move)))
    turn = table.session.bot_turn()
    restored = Session.restore(table.state_json())
    assert restored.bot_turn() == turn
    assert restored.members[bot_id(table)].bot == "hard" and restored.match.record.bots == {"B": "hard"}
    bot = games.bot("raythread")
    assert decide(bot, turn.view, "hard", turn.seed) == decide(bot, restored.bot_turn().view, "hard", turn.seed)


def test_a_bot_at_light_seeker_plays_the_host_to_the_end():
    table = Table("lightseeker", players=2)
    assert not errors(table.host(p.AddBot("2", "easy")))
    table.start(seed=4)
    session = table.session
    chooser = random.Random(1)
    while session.match.running:
        turn = session.bot_turn()
        if turn is None:
            move = chooser.choice(session.game.legal(session.match.state, "1"))
            assert not errors(table.host(p.Move("1", move)))
        else:
            at, seat, move = finish(thinking(games.bot("lightseeker"), turn.view, "easy", turn.seed, turn.at, "2"))
            assert session.bot_move(at, seat, move, table.now)
    assert {e.seat for e in session.match.record.log[1::2]} == {"2"}
    assert replay(session.match.record)[-1] == session.match.state


@pytest.mark.parametrize(
    ("bots", "why"),
    [
        ({"Z": "hard"}, "'bots' must give seats"),
        ({"B": "brutal"}, "'bots' must give seats"),
        ({"B": 3}, "'bots' must give seats"),
        (["B"], "must be an object"),
    ],
)
def test_a_record_with_bad_bot_seats_is_refused(bots, why):
    table = bot_table()
    table.start(seed=2)
    raw = {**table.session.match.record.to_json(), "bots": bots}
    with pytest.raises(BadMessage, match=why):
        parse_record(raw)


def test_a_record_without_bots_is_written_as_before():
    table = Table("raythread", players=2)
    table.join("g1", "Bea")
    table.seat("g1", "C")
    table.start(seed=2)
    assert "bots" not in table.session.match.record.to_json()


def saved_with(table: Table, change) -> str:
    raw = table.session.to_json()
    change(raw)
    return dumps(raw)


def bot_entry(raw: dict) -> dict:
    return next(m for m in raw["members"] if "bot" in m)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda raw: bot_entry(raw).update(bot="brutal"), "save-bot"),
        (lambda raw: bot_entry(raw).update(bot=7), "save-bot"),
        (lambda raw: bot_entry(raw).update(token="0123456789abcdef0123"), "save-tokens"),
        (lambda raw: raw["seats"][1].__setitem__(1, None), "save-bot"),  # a bot without a seat
    ],
)
def test_a_damaged_save_with_a_bot_is_refused(change, code):
    table = bot_table()
    with pytest.raises(BadMessage) as refused_save:
        Session.restore(saved_with(table, change))
    assert refused_save.value.code == code


def test_a_save_whose_game_has_no_bots_cannot_hold_one():
    table = bot_table()
    raw = table.session.to_json()
    counting = Table("count", players=3).session.to_json()
    counting["members"].append({**bot_entry(raw), "id": "m9"})
    counting["seats"][1][1] = "m9"
    with pytest.raises(BadMessage) as refused_save:
        Session.restore(dumps(counting))
    assert refused_save.value.code == "save-bot"


def two_stand_ins() -> Table:
    """Bea's and Cy's pages are gone and bots stand in for both (seats B and C)."""
    table = left_to_a_bot()
    table.session.disconnect("g2", table.now)
    assert not errors(table.host(p.AddBot("C", "normal")))
    return table


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda raw, ids: raw["match"].update(stand_ins=[["B", ids["bea"]]]), "not-object"),
        (lambda raw, ids: raw["match"].update(stand_ins={"B": [ids["bea"]]}), "save-stand-in"),
        (lambda raw, ids: raw["match"]["stand_ins"].update(B="m99"), "save-stand-in"),  # no such member
        (lambda raw, ids: raw["match"]["stand_ins"].update(B="m1"), "save-stand-in"),  # the host
        (
            lambda raw, ids: (raw["match"]["stand_ins"].update(B="m1"), raw["seats"][0].__setitem__(1, None)),
            "save-stand-in",
        ),
        (lambda raw, ids: raw["match"]["stand_ins"].update(C=ids["bea"]), "save-stand-in"),  # Bea twice
        (lambda raw, ids: raw["match"]["stand_ins"].update(A=ids["dan"]), "save-stand-in"),  # not a bot's seat
        (lambda raw, ids: raw["match"]["stand_ins"].update(Z=ids["dan"]), "save-stand-in"),  # no such seat
        (lambda raw, ids: raw["match"]["stand_ins"].update(B=ids["bot"]), "save-stand-in"),  # a bot
    ],
)
def test_a_damaged_save_with_a_stand_in_is_refused(change, code):
    table = two_stand_ins()
    table.join("g3", "Dan")
    session = table.session
    ids = {"bea": table.members["g1"], "dan": table.members["g3"], "bot": session.seats["C"]}
    assert Session.restore(table.state_json()).match.stand_ins == {"B": ids["bea"], "C": table.members["g2"]}
    with pytest.raises(BadMessage) as refused_save:
        Session.restore(saved_with(table, lambda raw: change(raw, ids)))
    assert refused_save.value.code == code


def test_a_save_whose_stand_in_has_a_seat_or_whose_match_ended_is_refused():
    table = left_to_a_bot()
    # Cy, seated in C, cannot also be stood in for in B.
    seated = saved_with(table, lambda raw: raw["match"]["stand_ins"].update(B=table.members["g2"]))
    with pytest.raises(BadMessage, match="stand in for"):
        Session.restore(seated)
    stand_in = table.session.to_json()["match"]["stand_ins"]
    assert not errors(table.host(p.End()))
    ended = saved_with(table, lambda raw: raw["match"].update(stand_ins=stand_in))
    with pytest.raises(BadMessage) as refused_save:
        Session.restore(ended)
    assert refused_save.value.code == "save-stand-in"
    assert Session.restore(table.state_json()).seats["B"] == bot_id(table)
