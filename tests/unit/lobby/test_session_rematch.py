"""A rematch turns the seats one place in a game whose seats take turns (``lobby.rematch.turned``, which
``Session._here`` seats by): every player moves to the next seat, the last seat's player takes the first,
so the same player does not move first every match (Raythread's first seat wins ~86% of two-player
matches between equal bots). Before it, a Rematch started with the same seats every time."""

from __future__ import annotations

import json

from gamenight import games
from gamenight.core.game import seat_ids
from gamenight.lobby import protocol as p
from gamenight.lobby import rematch
from gamenight.lobby.session import HOST_PEER, Session
from tests.unit.lobby.countgame import COUNT
from tests.unit.lobby.helpers import Table, errors, last_update


def seated(table: Table) -> list[str]:
    """The names in the lobby's seats, in seat order."""
    session = table.session
    return [session.members[m].name if m else "" for m in session.seats.values()]


def first_to_move(table: Table) -> str:
    session = table.session
    (seat,) = session.game.active(session.match.state)
    return session.match.record.names[seat]


def raythread(players: int) -> Table:
    """Raythread with Ann (the host) in the first seat and Bea, Cal, Dan in the next ones."""
    table = Table("raythread", players=players)
    seats = seat_ids(games.rules("raythread"), players)
    for i, (seat, name) in enumerate(zip(seats[1:], ("Bea", "Cal", "Dan"), strict=False)):
        table.join(f"g{i + 1}", name)
        table.seat(f"g{i + 1}", seat)
    return table


def test_a_rematch_of_two_players_swaps_their_seats_so_the_other_one_starts():
    table = raythread(2)
    first, second = seat_ids(table.session.game, 2)
    table.start()
    assert first_to_move(table) == "Ann"
    table.host(p.End())
    out = table.start(43)  # Rematch
    assert seated(table) == ["Bea", "Ann"]
    assert table.session.match.record.names == {first: "Bea", second: "Ann"}
    assert first_to_move(table) == "Bea"
    assert last_update(out, "g1")["match"]["you"] == first, "Bea's page shows her in the first seat"
    table.host(p.End())
    table.start(44)
    assert seated(table) == ["Ann", "Bea"] and first_to_move(table) == "Ann", "and back for the match after"


def test_a_rematch_of_four_turns_every_player_one_seat_on_a_computer_player_with_its_level():
    table = raythread(3)
    table.host(p.Choose("raythread", None, 4))
    seats = seat_ids(table.session.game, 4)
    assert not errors(table.host(p.AddBot(seats[3], "hard")))
    table.start()
    assert seated(table) == ["Ann", "Bea", "Cal", "Bot"]
    table.host(p.End())
    table.start(43)
    # Stored unnamed: every page names it by the seat it sits at now, "Bot A (Hard)".
    assert seated(table) == ["Bot", "Ann", "Bea", "Cal"]
    assert table.session.match.record.bots == {seats[0]: "hard"}, "the computer player moves with its level"
    assert table.session.bot_turn() is not None and table.session.bot_turn().seat == seats[0], "and starts"
    table.host(p.End())
    table.start(44)
    assert seated(table) == ["Cal", "Bot", "Ann", "Bea"]
    for again in (45, 46):
        table.host(p.End())
        table.start(again)
    assert seated(table) == ["Ann", "Bea", "Cal", "Bot"]


def test_a_rematch_after_a_match_that_ended_by_itself_turns_the_seats_too():
    table = Table("count", players=2, target=3)
    table.join("g1", "Bea")
    table.seat("g1", "Z")
    table.start()
    assert not errors(table.host(p.Move("X", {"add": 3})))
    assert table.session.match.record.ended == "over"
    table.start(43)
    assert seated(table) == ["Bea", "Ann"] and first_to_move(table) == "Bea"


def test_a_first_match_and_one_after_the_host_changed_the_seats_or_options_start_as_the_seats_are():
    table = raythread(2)
    first, second = seat_ids(table.session.game, 2)
    table.start()
    assert seated(table) == ["Ann", "Bea"], "a first match"
    table.host(p.End())
    assert not errors(table.host(p.Assign(table.members[HOST_PEER], None)))
    assert not errors(table.host(p.Assign(table.members["g1"], first)))
    assert not errors(table.host(p.Assign(table.members[HOST_PEER], second)))
    table.start(44)
    assert seated(table) == ["Bea", "Ann"], "the host's own arrangement, not turned"
    table.host(p.End())
    assert not errors(table.host(p.Choose("raythread", {"target": 20}, 2)))
    table.start(45)
    assert seated(table) == ["Bea", "Ann"], "other options: a new match, not a rematch"


def test_a_rematch_turns_the_players_left_after_a_count_out(monkeypatch):
    """Bea, counted out and still gone, is left out; Ann and Cal close up, then turn: Cal starts."""
    table = Table("count", players=3)
    for peer, name, seat in (("g1", "Bea", "Y"), ("g2", "Cal", "Z")):
        table.join(peer, name)
        table.seat(peer, seat)
    table.start()
    table.session.disconnect("g1", table.now)
    monkeypatch.setattr(COUNT, "counted_out", lambda view: frozenset({"Y"}), raising=False)
    table.host(p.End())
    out = table.start(43)
    assert seated(table) == ["Cal", "Ann"] and table.session.match.record.seats == ("X", "Z")
    assert first_to_move(table) == "Cal"
    assert last_update(out, "g2")["match"]["you"] == "X"


def test_reflection_whose_seats_act_at_once_keeps_its_seats_at_a_rematch():
    table = Table("reflection", players=2, mode="random", rounds=3, preset="custom", size=4, tiles=3)
    table.join("g1", "Bea")
    table.seat("g1", "2")
    table.start()
    table.host(p.End())
    table.start(43)
    assert seated(table) == ["Ann", "Bea"]


def test_a_host_page_reloaded_between_matches_still_turns_the_seats_at_the_rematch():
    table = raythread(2)
    table.start()
    table.host(p.End())
    saved = json.loads(table.state_json())
    table.session = Session.restore(json.dumps(saved))
    table.start(43)
    assert seated(table) == ["Bea", "Ann"]


def test_the_defaults_set_by_hand_over_none_are_the_same_options_and_the_seats_turn():
    """The last match was played with no options set; the host applies the defaults (a form writes them out,
    or a single one: the target of 12): the same match rules as the game reads them, so a rematch, whose
    seats turn. Compared as sent, it started as a new match (Ann first again) while every page said
    "Rematch"."""
    table = raythread(2)
    table.start()
    table.host(p.End())
    assert not errors(table.host(p.Choose("raythread", {"target": 12}, 2)))
    table.start(44)
    assert seated(table) == ["Bea", "Ann"] and first_to_move(table) == "Bea", "a rematch: the seats turned"
    table.host(p.End())
    assert not errors(table.host(p.Choose("raythread", None, 2)))
    table.start(45)
    assert seated(table) == ["Ann", "Bea"], "none set again: still the same options, turned back"


def test_same_options_reads_both_as_the_game_does_and_those_it_refuses_as_sent():
    game = games.rules("raythread")
    assert rematch.same_options(game, None, {"target": 12, "size": 11})
    assert rematch.same_options(game, {}, None)
    assert not rematch.same_options(game, None, {"target": 20})
    assert not rematch.same_options(game, {"target": 99}, {"target": 12}), "refused: compared as sent"
    assert rematch.same_options(None, {"a": 1}, {"a": 1}) and not rematch.same_options(None, {"a": 1}, None)
