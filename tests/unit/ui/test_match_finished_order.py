"""A finished match reads in the order it is seen, on every game's table: what the table offers (Rematch, New
match) and its notice, then the result, the seat cards and the log (QA at 320 × 640: under the result, the
focused Rematch stood below the window with the status that says who won in it). The order is the page's own, so
the eye, a screen reader and Tab meet them alike (a style's ``order`` drew Raythread's Rematch above the
seat cards that came before it in the page). The screen decides it for every board alike."""

import random
from dataclasses import replace

import pytest

from gamenight import games
from gamenight.core.game import seat_ids
from gamenight.ui import match
from gamenight.ui.svg import Element, h

COLOURS = ("amber", "cyan", "magenta", "lime")


def finished(game_id: str, players: int) -> tuple[match.MatchUi, match.Table]:
    """A match of ``game_id`` played to its end by random legal moves where its rules allow it on one
    device; Reflection's (puzzles made and solved by pages) is a started match given a result."""
    rules, board = games.rules(game_id), games.board(game_id)
    assert rules is not None and board is not None
    seats = seat_ids(rules, players)
    table = match.Table(
        game_id, tuple(match.SeatAt(s, f"P{i}", COLOURS[i]) for i, s in enumerate(seats)), frozenset(seats)
    )
    state = rules.setup(rules.options(None), seats, 7)
    if game_id in games.ON_ONE_DEVICE:
        chooser = random.Random(5)
        while rules.result(state) is None:
            seat = sorted(rules.active(state))[0]
            state, _ = rules.play(state, seat, chooser.choice(list(rules.legal(state, seat))), 0)
        view = rules.view(state, seats[0])
    else:
        view = {**rules.view(state, seats[0]), "result": {"winners": [seats[0]], "ranking": [[s] for s in seats]}}
    assert view.get("result")
    return match.start(game_id, board, view, table), table


def side_order(tree: Element) -> list[str]:
    side = next(c for c in tree.children if isinstance(c, Element) and c.attr("class") == "match-side")
    return [c.attr("class") for c in side.children if isinstance(c, Element)]


@pytest.mark.parametrize(
    ("game_id", "players"), [("raythread", 2), ("raythread", 4), ("lightseeker", 2), ("reflection", 2)]
)
def test_a_finished_match_puts_the_result_and_rematch_before_the_seat_cards(game_id, players):
    ui, table = finished(game_id, players)
    rematch = h("button", {"type": "button", "class": "button primary", "data-action": "table-new"}, "Rematch")
    tree = match.render(ui, table, [rematch], notice="Move taken back.")
    assert side_order(tree) == [
        "actions match-controls",
        "match-word",  # the notice's two live regions (ui.live.alerts), one saying the word
        "match-result",
        "match-seats",
        "match-log",
    ]


def test_a_running_match_keeps_the_seat_cards_first():
    ui, table = finished("raythread", 2)
    running = {k: v for k, v in ui.view.items() if k != "result"}
    ui = match.start("raythread", ui.board, running, table)
    assert side_order(match.render(ui, table, [])) == [
        "match-seats",
        "actions match-controls",
        "match-word match-word-idle",  # the notice's live regions, drawn empty before any word (test_match_notice.py)
        "match-log",
    ]


def test_a_match_the_host_ended_puts_rematch_before_the_seat_cards():
    """A match the host ended has no standings (its rules did not end it); its Rematch comes first all the same."""
    ui, table = finished("raythread", 2)
    running = {k: v for k, v in ui.view.items() if k != "result"}
    stopped = replace(table, stopped=True)
    ui = match.start("raythread", ui.board, running, stopped)
    assert side_order(match.render(ui, stopped, [])) == [
        "actions match-controls",
        "match-word match-word-idle",
        "match-seats",
        "match-log",
    ]
