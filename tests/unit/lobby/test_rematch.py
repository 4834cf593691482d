"""Whom a rematch after a count-out goes without (``lobby.rematch.without``): the one rule the host's
session starts the rematch by and every page's note under the ended match says."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from gamenight import games
from gamenight.lobby.rematch import seating, without


class Counting:
    """A game that counts players out (its view lists them) and seats 2 to 4 players."""

    info = SimpleNamespace(seats=range(2, 5))

    def counted_out(self, view: Mapping[str, Any]) -> frozenset[str]:
        return frozenset(view["out"])


HOLDERS = {"1": "ann", "2": "bea", "3": "cal"}
SEATED = ("ann", "bea", "cal")


def test_a_counted_out_player_whose_page_is_still_gone_is_left_out():
    assert without(Counting(), {"out": ["2"]}, HOLDERS, SEATED, away={"bea"}) == ["bea"]


def test_a_counted_out_player_who_came_back_plays_the_rematch():
    assert without(Counting(), {"out": ["2"]}, HOLDERS, SEATED, away=set()) == []


def test_a_player_who_left_but_was_not_counted_out_is_waited_for():
    assert without(Counting(), {"out": []}, HOLDERS, SEATED, away={"bea"}) == []


def test_a_counted_out_player_no_longer_seated_is_no_one_to_leave_out():
    assert without(Counting(), {"out": ["2"]}, HOLDERS, ("ann", None, "cal"), away={"bea"}) == []


def test_nobody_is_left_out_when_the_game_does_not_take_the_players_left():
    """Two counted out of three leave one player: the game seats two at least, so the rematch keeps the
    lobby's seats (and waits for them)."""
    assert without(Counting(), {"out": ["2", "3"]}, HOLDERS, SEATED, away={"bea", "cal"}) == []
    holders = {**HOLDERS, "4": "dan"}
    left = without(Counting(), {"out": ["3", "2"]}, holders, (*SEATED, "dan"), away={"bea", "cal"})
    assert left == ["bea", "cal"], "in the ended match's seat order"


def test_a_game_that_counts_nobody_out_leaves_nobody_out():
    assert without(games.rules("raythread"), {"out": ["2"]}, HOLDERS, SEATED, away={"bea"}) == []


def test_seating_turns_a_rematch_after_leaving_out_the_counted_out_and_keeps_a_new_match_as_seated():
    """``seating``: the one rule ``Session._here`` seats the next match by and every page reads who
    starts it from (``panel._rematch_starts``)."""
    turning = SimpleNamespace(info=SimpleNamespace(seats=range(2, 5)), counted_out=Counting().counted_out)
    view = {"out": ["2"]}
    assert seating(turning, view, HOLDERS, SEATED, away={"bea"}, again=True) == ["cal", "ann"]
    assert seating(turning, view, HOLDERS, SEATED, away=set(), again=True) == ["cal", "ann", "bea"]
    assert seating(turning, view, HOLDERS, SEATED, away={"bea"}, again=False) == ["ann", "cal"]
    assert seating(turning, {"out": []}, HOLDERS, SEATED, away=set(), again=False) == list(SEATED)
    at_once = SimpleNamespace(info=turning.info, simultaneous=True)
    assert seating(at_once, view, HOLDERS, SEATED, away=set(), again=True) == list(SEATED)
