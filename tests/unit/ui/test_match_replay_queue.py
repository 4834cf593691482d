"""A move made elsewhere that arrives while the page is still playing back the move before it (a loaded
page: a late message, slow timers) never cuts that replay short: the page plays the move shown to its end,
then the next one, step by step (``MatchUi.queued``). Only when more than one move waits does it catch
up: shorter steps (``CATCH_UP_MS``) while two wait, and a third arriving shows the oldest waiting at once.
A player's input (a click, a key) skips all of it, and a page that shows a question over the match, a
snapshot or the host's end drops it. On the match screen alone (``ui.match``): pure, no page, no browser.
A Raythread move is one step: shown at once, nothing waits."""

import random
from dataclasses import replace
from typing import Any

from gamenight import games
from gamenight.lightseeker import GAME as LS
from gamenight.raythread import GAME as RT
from gamenight.ui import match
from gamenight.ui.program import StartTimer, StopTimer, Tick, UiEvent
from gamenight.ui.svg import find_all, text_of

SEATS = {"lightseeker": ("1", "2"), "raythread": ("A", "C")}


def spectators(game: str) -> match.Table:
    """A page that watches: no seat moves here, so every move is made elsewhere."""
    return match.Table(game, tuple(match.SeatAt(s, f"P{s}", "amber", "remote") for s in SEATS[game]), frozenset())


def moves(engine: Any, seats: tuple[str, ...], count: int, seed: int = 3) -> list[tuple[Any, list]]:
    """``count`` moves of a two-seat match (the first legal move of each seat to play, shuffled by
    ``seed``): the state after each and its events, the match's start first (with no events)."""
    rng = random.Random(seed)
    state = engine.setup(engine.options(None), seats, 7)
    played: list[tuple[Any, list]] = [(state, [])]
    for _ in range(count):
        seat = next(s for s in seats if engine.legal(state, s))
        state, events = engine.play(state, seat, rng.choice(engine.legal(state, seat)), 0)
        played.append((state, events))
    return played


def watching(game: str, engine: Any, count: int) -> tuple[match.MatchUi, match.Table, list[tuple[dict, list]]]:
    """A spectator's match screen at the start of a match, and the next ``count`` positions with their events."""
    played = moves(engine, SEATS[game], count)
    table = spectators(game)
    views = [(engine.view(state, None), events) for state, events in played]
    ui = match.start(game, games.board(game), views[0][0], table)
    return match.take(ui)[0], table, views[1:]


def arrives(ui: match.MatchUi, table: match.Table, view_events: tuple[dict, list]) -> tuple[match.MatchUi, list]:
    """The next move reaches the page; the effects it asks for (its timers)."""
    view, events = view_events
    ui = match.advance(ui, view, events, table, ui.moves + 1)
    ui, effects, _ = match.take(ui)
    return ui, effects


def tick(ui: match.MatchUi, table: match.Table) -> tuple[match.MatchUi, list]:
    ui = match.react(ui, table, Tick(match.REPLAY, 0))
    ui, effects, _ = match.take(ui)
    return ui, effects


def shown(ui: match.MatchUi) -> tuple[str, int, int] | None:
    """Whose move the board plays back, its step shown (from 1) and its steps; ``None``: the position."""
    return (ui.replayed_by, ui.shown + 1, len(ui.replay)) if match.replaying(ui) else None


def played_out(ui: match.MatchUi, table: match.Table) -> list[tuple[str, int, int] | None]:
    """What the board shows at each tick of the replay's timer until it shows the position."""
    seen = []
    while match.replaying(ui):
        ui, _ = tick(ui, table)
        seen.append(shown(ui))
        assert len(seen) < 50
    return seen


def steps_of(board: Any, before: dict, after: tuple[dict, list]) -> int:
    return len(match.unfolding(board, before, after[0], after[1]))


def test_a_move_arriving_mid_replay_waits_until_the_move_shown_is_played_to_its_end():
    ui, table, views = watching("lightseeker", LS, 2)
    first, second = steps_of(ui.board, ui.view, views[0]), steps_of(ui.board, views[0][0], views[1])
    assert first >= 2 and second >= 2
    ui, effects = arrives(ui, table, views[0])
    assert shown(ui) == ("1", 1, first) and StartTimer(match.REPLAY, match.STEP_MS) in effects
    ui, _ = tick(ui, table)
    assert shown(ui) == ("1", 2, first)
    # Seat 2's turn comes while the page shows step 2 of seat 1's: step 2 stays, the timer ticks on as it did.
    ui, effects = arrives(ui, table, views[1])
    assert shown(ui) == ("1", 2, first), "the turn being shown is not cut short"
    assert not [e for e in effects if isinstance(e, StartTimer | StopTimer)], "the step shown keeps its time"
    assert ui.view == views[1][0], "the position, the log and the live region have the newer turn at once"
    assert len(ui.log) == 2
    # Seat 1's turn to its last step, then seat 2's from its first, then the position.
    rest = played_out(ui, table)
    assert rest == [
        *(("1", k, first) for k in range(3, first + 1)),
        *(("2", k, second) for k in range(1, second + 1)),
        None,
    ]


def test_two_moves_waiting_are_caught_up_with_shorter_steps_and_a_third_shows_the_oldest_at_once():
    ui, table, views = watching("lightseeker", LS, 4)
    befores = [ui.view, *(view for view, _ in views[:-1])]
    counts = [steps_of(ui.board, before, after) for before, after in zip(befores, views, strict=True)]
    ui, _ = arrives(ui, table, views[0])
    ui, effects = arrives(ui, table, views[1])  # one waits: the pace is the same
    assert not [e for e in effects if isinstance(e, StartTimer)]
    ui, effects = arrives(ui, table, views[2])  # two wait: the page catches up
    assert shown(ui) == ("1", 1, counts[0])
    assert StartTimer(match.REPLAY, match.CATCH_UP_MS) in effects and match.CATCH_UP_MS < match.STEP_MS
    # Seat 1's turn plays to its end at the shorter step; seat 2's starts with one waiting: the usual step.
    ui, _ = tick(ui, table)
    while shown(ui) is not None and shown(ui)[0] == "1":
        ui, effects = tick(ui, table)
    assert shown(ui) == ("2", 1, counts[1]) and effects == [StartTimer(match.REPLAY, match.STEP_MS)]
    assert played_out(ui, table) == [
        *(("2", k, counts[1]) for k in range(2, counts[1] + 1)),
        *(("1", k, counts[2]) for k in range(1, counts[2] + 1)),
        None,
    ]
    # Three waiting behind seat 1's turn: the oldest of them (seat 2's) is shown at once, the page plays
    # seat 1's next turn and seat 2's after it whole.
    ui, table, views = watching("lightseeker", LS, 4)
    for view_events in views:
        ui, _ = arrives(ui, table, view_events)
    assert shown(ui) == ("1", 1, counts[0]) and [by for by, _ in ui.queued] == ["1", "2"]
    seen = [s for s in played_out(ui, table) if s is not None]
    assert [by for by, k, _ in seen if k == 1] == ["1", "2"]
    assert len(seen) == counts[0] - 1 + counts[2] + counts[3]


def test_a_skip_skips_every_move_waiting_and_a_question_over_the_match_drops_them():
    ui, table, views = watching("lightseeker", LS, 3)
    for view_events in views:
        ui, _ = arrives(ui, table, view_events)
    assert match.replaying(ui) and ui.queued
    skipped, _ = match.handle(ui, table, UiEvent("click", "board", now_ms=0))
    skipped, effects, _ = match.take(skipped)
    assert shown(skipped) is None and not skipped.queued and StopTimer(match.REPLAY) in effects
    assert skipped.view == views[-1][0]
    ended, effects, _ = match.take(match.ended(ui))
    assert shown(ended) is None and not ended.queued and StopTimer(match.REPLAY) in effects
    # A move shown at once (the page asks a question over the match) drops the replay and what waits.
    ui, table, views = watching("lightseeker", LS, 3)
    ui, _ = arrives(ui, table, views[0])
    ui, _ = arrives(ui, table, views[1])
    ui, effects, _ = match.take(match.advance(ui, views[2][0], views[2][1], table, ui.moves + 1, watched=False))
    assert shown(ui) is None and not ui.queued and StopTimer(match.REPLAY) in effects
    # A snapshot (a gap in the updates) starts the page afresh on the position it tells: nothing plays on.
    ui, table, views = watching("lightseeker", LS, 3)
    ui, _ = arrives(ui, table, views[0])
    ui, _ = arrives(ui, table, views[1])
    ui, effects, _ = match.take(match.advance(ui, views[2][0], (), table, ui.moves + 1, told=True))
    assert shown(ui) is None and not ui.queued and StopTimer(match.REPLAY) in effects


def test_a_move_shown_at_once_during_a_replay_does_not_cut_it_short():
    """A change the board does not unfold (here: a Light Seeker turn's events missing) during a replay: the
    replay plays on to its end, and the position shows the change after it."""
    ui, table, views = watching("lightseeker", LS, 2)
    ui, _ = arrives(ui, table, views[0])
    ui, effects = arrives(ui, table, (views[1][0], []))
    assert shown(ui) is not None and shown(ui)[:2] == ("1", 1) and not ui.queued
    assert not [e for e in effects if isinstance(e, StopTimer)]
    assert played_out(ui, table)[-1] is None and ui.view == views[1][0]


def test_raythread_moves_are_shown_at_once_and_none_waits():
    ui, table, views = watching("raythread", RT, 3)
    for view_events in views:
        ui, effects = arrives(ui, table, view_events)
        assert shown(ui) is None and not ui.queued and not effects
        assert ui.view == view_events[0]


def test_the_host_ending_the_match_mid_replay_shows_the_position_and_the_end_at_once():
    """The host ends the match for everyone while this page plays a move back, two more waiting: the replay
    played on over the ended match, its note ("… step 1 of 3") standing where the status says the match is
    over. The end is what the player needs now, and no one plays on: the replay and every move waiting are
    dropped at once, the position they led to is shown, and the status says the host ended the match."""
    ui, table, views = watching("lightseeker", LS, 3)
    for view_events in views:
        ui, _ = arrives(ui, table, view_events)
    assert match.replaying(ui) and ui.queued
    stopped = replace(table, stopped=True)
    halted, effects, _ = match.take(match.halt(ui, "The host ended the match."))
    assert shown(halted) is None and not halted.queued, "nothing plays on over the ended match"
    assert StopTimer(match.REPLAY) in effects
    assert halted.view == views[-1][0] and halted.halted == "The host ended the match."
    (status,) = find_all(match.render(halted, stopped), lambda e: e.attr("class") == "match-status")
    assert text_of(status) == "The host ended the match."
    # A tick of the timer already on its way finds no replay: nothing changes.
    assert shown(tick(halted, stopped)[0]) is None
    # A move that reaches a halted page (sent before the end) is shown at once: no replay starts.
    ui, table, views = watching("lightseeker", LS, 2)
    ui, _ = arrives(ui, table, views[0])
    halted, _, _ = match.take(match.halt(ui, "The host ended the match."))
    later, effects = arrives(halted, table, views[1])
    assert shown(later) is None and later.view == views[1][0] and not effects
    # Halting again for the same reason, or a page that was never replaying, changes nothing else.
    assert match.halt(halted, "The host ended the match.") is halted
    ui, table, views = watching("lightseeker", LS, 0)
    assert match.take(match.halt(ui, "The host ended the match."))[1] == []
