"""A lobby page's log: each update of the mirror one step, whether or not it changed the view, taken
once however often the page follows the mirror; each move the host page's board plays by itself its
own step; and the moves the log's bound cuts counted as a latecomer's snapshot counts them. And a
guest's board between its move and the update that plays it."""

import random
from dataclasses import replace

import pytest

from gamenight import games
from gamenight.core.game import LOG_KEPT
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.session import Session
from gamenight.ui import match as screen
from gamenight.ui.lobby import host as lobby_host
from gamenight.ui.lobby.panel import board_input, match_table, sync_board
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import h, text_of
from tests.unit.lobby.countgame import Lettered

NOW = 1_800_000_000_000


class Tally(Lettered):
    """Count to Ten where every seat may add at any time, as often as it likes (a simultaneous game):
    a board's two moves in a row are both legal. ``limit_ms``: its clock skips the seat whose turn
    it is (a step with an event that is not a move)."""

    simultaneous = True

    def active(self, state):
        return frozenset() if state.over else frozenset(state.seats)


class TallyBoard:
    """A ``ui.match.Board`` for ``Tally``: it draws nothing and says each event."""

    def start(self, view, before, animate=True):
        return None

    def update(self, ui, view, seat, table, event):
        return ui, None

    def render(self, ui, view, seat, table):
        return h("div", {})

    def active(self, view):
        return frozenset(view["turn"])

    def seat_facts(self, view, seat, table):
        return []

    def event_text(self, event, names):
        return f"{event['type']} {event.get('seat', '')} {event.get('add', '')}"


BOARD = TallyBoard()


@pytest.fixture(autouse=True)
def tally(monkeypatch):
    monkeypatch.setitem(games.RULES, "count", Tally())
    monkeypatch.setitem(games.BOARDS, "count", f"{__name__}:BOARD")


def hosting(**options) -> lobby_host.HostModel:
    """The host page of a running Tally match: Ann (the host) in seat X, Bob (another page) in Z."""
    session = Session("count", "Ann", options={"target": 50, **options}, players=2, random=random.Random(1))
    live = lobby_host.Live(session, "0123abcd", "Friday night")
    model = lobby_host.HostModel("https://example.org/", "count", NOW, live=live)
    session.handle("g1", p.encode(p.Hello("Bob")), NOW)
    session.handle("g1", p.encode(p.Sit("Z")), NOW)
    for message in (p.Sit("X"), p.Start(3)):
        live.request(message.to_json(), NOW)
        model, _effects = lobby_host._follow(model)
    assert model.board is not None and live.client.match.you == "X"
    return model


def test_an_update_with_events_and_the_same_view_is_a_step_of_the_log_taken_once():
    model = hosting()
    client = model.live.client
    ui = sync_board(model.board, client)
    assert ui.log == () and ui.followed == client.seq
    # The host tells of something that changed no seat's view (an update built here: no game makes
    # one yet), with the lobby and the match as they were.
    said = ({"type": "noted", "seat": "Z"},)
    update = p.Update(client.seq + 1, client.lobby, client.match, said)
    client.receive(p.encode(update))
    assert client.match.view == ui.view
    ui = sync_board(ui, client)
    assert ui.log == (said,)
    # The page follows the mirror after every message (a timer, a chat line): the step is not repeated.
    assert sync_board(ui, client).log == (said,)
    # An update that carries nothing and changes nothing adds no step.
    client.receive(p.encode(p.Update(client.seq + 1, client.lobby, client.match, ())))
    assert sync_board(ui, client).log == (said,)


def test_two_moves_the_host_pages_board_asked_for_at_once_are_two_steps():
    model = hosting()
    live = model.live
    # The board asked for two moves of its own before the page took them (``Play``s in its outbox).
    plays = (screen.Play({"add": 1}), screen.Play({"add": 2}))
    model = replace(model, board=replace(model.board, outbox=plays))
    model, _effects = lobby_host._follow(model)
    assert [e.seat for e in live.session.match.record.log] == ["X", "X"], "the host played both"
    added = [(e["add"], e["total"]) for step in model.board.log for e in step]
    assert added == [(1, 1), (2, 3)] and len(model.board.log) == 2, "each move its own step, in order"
    assert model.board.log == live.session.match_log().steps, "as a latecomer's snapshot tells them"


def test_the_host_page_that_followed_a_long_match_counts_the_moves_cut_as_a_snapshot_does():
    model = hosting(limit_ms=5000)
    live = model.live
    now = NOW
    while len(live.session.match.record.log) < LOG_KEPT + 20:
        if live.session.match.state.turn == 0:
            now += 1000
            live.request(live.client.move({"add": 1}), now)
        else:  # Bob, whose turn the clock gives next, waits too long: it skips him
            live.now_ms = now = now + 6000
            live.link.tick()
            live.run(now)
        model, _effects = lobby_host._follow(model)
    record = live.session.match.record.log
    ticks = sum(1 for e in record if e.seat is None)
    told = live.session.match_log()
    assert ticks > 10 and told.earlier > 0
    # The page that saw every step keeps the same steps as the snapshot, and counts the same moves
    # before them: the clock's steps it cut are not counted.
    assert model.board.log == told.steps and model.board.unseen == told.earlier


def test_a_guest_coming_back_keeps_its_log_until_the_snapshot_retells_it():
    # Bob's page follows the match and plays; his connection drops and he comes back (a new
    # connection, the same mirror). Between his hello and the host's snapshot the mirror has no
    # update number: the page must not take the last update's events again (seen in CI: a phone that
    # came back showed the computer player's last move twice in its log).
    session = hosting().live.session
    bob = Client("Bob", next(m.token for m in session.members.values() if m.name == "Bob"))

    def deliver(peer, message):
        for to, sent in session.handle(peer, p.encode(message), NOW):
            if to == peer:
                bob.receive(p.encode(sent), NOW)

    deliver("g2", bob.hello(NOW))  # his page's first connection (the lobby's g1 was another tab)
    ui = sync_board(None, bob)
    for message in bob.request(bob.move({"add": 3}), NOW):
        deliver("g2", message)
    ui = sync_board(ui, bob)
    assert len(ui.log) == 1 and ui.log == session.match_log().steps
    session.disconnect("g2", NOW)
    hello = bob.hello(NOW)
    assert sync_board(ui, bob).log == ui.log, "no step taken twice while the snapshot is on its way"
    deliver("g3", hello)
    ui = sync_board(ui, bob)
    assert ui.log == session.match_log().steps and len(ui.log) == 1


class AddingBoard(TallyBoard):
    """A board whose "add" click is a move for its seat (``n`` from the click)."""

    def update(self, ui, view, seat, table, event):
        return ui, ({"add": int(event.data["n"])} if seat and event.action == "add" else None)


ADDING = AddingBoard()


def add(n: int) -> UiEvent:
    return UiEvent("click", "add", {"n": str(n)}, now_ms=NOW)


@pytest.mark.parametrize("turns", [True, False], ids=["seats-take-turns", "simultaneous"])
def test_a_guest_makes_no_second_move_before_the_host_has_played_the_first(monkeypatch, turns):
    # Bob's page sends a move; before the host's update comes back his board still shows his turn.
    # Where the host judges a move on the position it was made on (seats take turns), a second move
    # now would come back refused as "made on an earlier position": the page sends nothing, and its
    # status says the first is on its way. In a simultaneous game a move stands on its own, so both go.
    if turns:
        monkeypatch.setitem(games.RULES, "count", Lettered())
    monkeypatch.setitem(games.BOARDS, "count", f"{__name__}:ADDING")
    live = hosting().live
    session = live.session
    bob = Client("Bob", next(m.token for m in session.members.values() if m.name == "Bob"))

    def deliver(peer, message):
        for to, sent in session.handle(peer, p.encode(message), NOW):
            if to == peer:
                bob.receive(p.encode(sent), NOW)

    live.request(p.Move("X", {"add": 1}, 0).to_json(), NOW)  # Ann (X) first
    deliver("g2", bob.hello(NOW))
    ui = sync_board(None, bob)
    ui, request = board_input(ui, bob, add(2))
    assert request is not None and request["move"] == {"add": 2}
    in_flight = bob.request(request, NOW)
    assert bob.moving
    second, again = board_input(ui, bob, add(3))
    if not turns:
        assert again is not None and again["move"] == {"add": 3} and second.error is None
        return
    assert again is None, "nothing sent"
    assert second is ui and second.error is None, "the board as it was, and no scolding"
    assert text_of(screen.status(second, match_table(bob))) == "Sending your move…"
    for message in in_flight:
        deliver("g2", message)
    ui = sync_board(second, bob)
    assert not bob.moving and ui.error is None and ui.view["total"] == 3, "played; the note is gone"
    assert [e.move for e in session.match.record.log] == [{"add": 1}, {"add": 2}], "the second never went"
    # Ann plays; Bob's page hears of it, and his next move goes out.
    live.request(p.Move("X", {"add": 1}, 2).to_json(), NOW)
    assert len(session.match.record.log) == 3
    deliver("g2", bob.resync(NOW))
    ui, request = board_input(sync_board(ui, bob), bob, add(3))
    assert request is not None and request["move"] == {"add": 3}
