"""A table's Rematch on this device turns the seats one place (``table.turned``, by the rule of
``lobby.rematch.turned``): each player, with their name and kind (a person here or a computer's level),
moves to the next seat and the last seat's player takes the first, so another player starts. Before it
the same player moved first in every match (Raythread's first seat wins ~86% between equal bots)."""

import random

from gamenight import games
from gamenight.raythread import rules
from gamenight.ui import app, match, table
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import text_of
from tests.unit.ui.test_table import play as click_move
from tests.unit.ui.test_table_bots import bot_turn, screen, send, started


def to_play(model) -> str:
    """Who moves first: the name and kind of the seat to play."""
    inner = model.inner
    (seat,) = games.RULES["raythread"].active(inner.played.state)
    at = next(s for s in inner.seats if s.id == seat)
    return f"{at.name}/{at.level or at.kind}"


def play_to_the_end(model, effects, seed=5):
    """Both sides play legal moves until the match has a result: the person by clicks, the computer as
    the shell runs its thinking."""
    chooser = random.Random(seed)
    while model.inner.ui.view.get("result") is None:
        if table.bot_to_play(model.inner) is not None:
            model, effects = bot_turn(model, effects)
            continue
        state = model.inner.played.state
        seat = state.seats[state.turn]
        model, effects = click_move(model, chooser.choice(rules.legal(state, seat)))
    return model, effects


def rematch(model):
    assert "Rematch" in text_of(app.view(model))
    return send(model, UiEvent("click", "table-new", now_ms=2_000))


def test_against_the_computer_the_person_starts_then_the_computer_then_the_person():
    model, effects = screen("#/raythread/table?vs=normal")
    assert to_play(model) == "Player 1/here"
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    inner = model.inner
    assert [(s.id, s.kind, s.level) for s in inner.seats] == [("A", "bot", "normal"), ("C", "here", "")]
    assert inner.played.record.log == () and to_play(model) == "Bot/normal"
    assert "Bot A (Normal) is thinking…" in text_of(app.view(model)), "the first status says who is to play"
    model, effects = play_to_the_end(model, effects, seed=6)
    model, effects = rematch(model)
    assert to_play(model) == "Player 1/here", "and the person the match after"
    assert [(s.kind, s.level) for s in model.inner.seats] == [("here", ""), ("bot", "normal")]


def test_three_players_each_move_one_seat_on_with_their_names_and_kinds():
    model, effects = started(("here", "hard", "here"), ("Ann", "", "Cy"))
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    seats = model.inner.seats
    assert [(s.name, s.kind, s.level) for s in seats] == [
        ("Cy", "here", ""),
        ("Ann", "here", ""),
        ("Bot", "bot", "hard"),
    ]
    assert model.inner.bots == {seats[2].id: "hard"}
    assert match.status(model.inner.ui, table.table_of(model.inner)) == "Cy\u00a0(A) to play", (
        "the first status says who starts"
    )


def test_a_new_match_over_a_match_in_progress_deals_again_as_the_seats_are():
    model, _ = started(("here", "here"), ("Ann", "Bea"))
    state = model.inner.played.state
    model, _ = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    model, _ = send(model, UiEvent("click", "table-new", now_ms=2_000))  # asks first
    model, _ = send(model, UiEvent("click", "table-new", now_ms=2_000))  # "Start a new match"
    assert [s.name for s in model.inner.seats] == ["Ann", "Bea"] and model.inner.played.record.log == ()
    assert to_play(model) == "Ann/here"
