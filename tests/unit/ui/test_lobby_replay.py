"""A Light Seeker turn that reaches a lobby page from another seat (a guest's, the host's, a computer
player's the host page runs) is played back on that page step by step; a page's own turn is not. An
input skips the replay (a click on the board does no more); a newer move waits until it has been played
to its end (``ui.match``'s rule; ``test_match_replay_queue.py``); a rejoining page
shows the position at once. A computer player's move waits until every page that watches has played
the move before it back (a Raythread move: its new beams swept in), then the pause; a page still playing
a move back when the host ends the match shows the end at once. A page that opens the match mid-way, or
is put in step by a snapshot, marks the last move only (Raythread's tile too)."""

import random
import re
from pathlib import Path

import pytest

from gamenight import games
from gamenight.core.bot import PAUSE_MS
from gamenight.lightseeker import GAME, rules
from gamenight.lobby import protocol as p
from gamenight.raythread import scene
from gamenight.ui import match
from gamenight.ui.lobby import host as lobby_host
from gamenight.ui.lobby.panel import sync_board
from gamenight.ui.svg import text_of
from tests.unit.lobby.helpers import Party, seat_everyone
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join, match_with_bea
from tests.unit.ui.test_lobby_bots import click_place, lobby_with_a_bot


def board_of(page: Page) -> match.MatchUi:
    return page.inner.board


def step_shown(page: Page) -> int | None:
    (main,) = page.by_class("match-main")
    shown = main.attr("data-replay")
    return None if shown is None else int(shown)


def cells_drawn(page: Page) -> list[tuple[int, int]]:
    cells = []
    for i in range(rules.CUBES):
        (g,) = page.find(lambda e, i=i: e.attr("id") == f"ls-cube-{i}")
        x, y = (int(v.strip("px")) for v in g.attr("style").split("(")[1].rstrip(")").split(", "))
        cells.append((y // 60, x // 60))
    return cells


def state_of(page: Page) -> rules.State:
    return rules.from_view(board_of(page).view)


def click_turn(page: Page, move: dict) -> None:
    """A turn by clicks on the page's board, as a person builds it: each action's cube and arrow, Buh's
    cube, Confirm turn."""
    for a in move["actions"]:
        local = board_of(page).local
        if local.selected != a["cube"]:
            r, c = local.board().cells[a["cube"]]
            page.click("ls-cell", r=str(r), c=str(c))
        page.click("ls-act", cube=str(a["cube"]), kind=a["kind"], dir=a["dir"])
    r, c = board_of(page).local.board().cells[move["buh"]]
    page.click("ls-cell", r=str(r), c=str(c))
    page.click("ls-confirm")


def test_a_guest_sees_the_hosts_turn_step_by_step_and_the_host_sees_the_guests():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc, game="lightseeker")
    state = state_of(host)
    move = GAME.legal(state, "1")[0]
    click_turn(host, move)
    after = rules.apply_turn(state.board, rules.parse_turn(move, 1))
    assert step_shown(host) is None, "the host's own turn is shown as made"
    assert match.REPLAY not in host.timers
    # Bea's page plays it back: the one action, then Buh; then the position.
    assert step_shown(bea) == 1 and match.REPLAY in bea.timers
    assert cells_drawn(bea) == list(after.cells)
    assert "Ann\u00a0(1)'s move, step 1 of 2" in bea.text
    assert not bea.find(lambda e: e.attr("data-action") == "ls-confirm"), "a view only, though it is her turn"
    bea.tick(match.REPLAY)
    assert step_shown(bea) == 2
    bea.tick(match.REPLAY)
    assert step_shown(bea) is None and match.REPLAY not in bea.timers
    assert bea.find(lambda e: e.attr("data-action") == "ls-confirm") or "your turn" in bea.text
    # Bea's turn: the host's page plays it back (two actions, then Buh).
    state = state_of(bea)
    move = GAME.legal(state, "2")[0]
    click_turn(bea, move)
    turn = rules.parse_turn(move, 2)
    first = rules.act(state.board, turn.actions[0])
    assert step_shown(bea) is None
    assert step_shown(host) == 1 and cells_drawn(host) == list(first.cells)
    host.tick(match.REPLAY)
    assert step_shown(host) == 2 and cells_drawn(host) == list(rules.act(first, turn.actions[1]).cells)
    # The host clicks: the replay ends at once, and the click does nothing more (it was aimed at a step
    # shown); clicked again, on the position, it chooses the cube.
    final = rules.apply_turn(state.board, turn)
    cube = next(i for i in range(rules.CUBES) if i != final.buh)
    r, c = final.cells[cube]
    host.click("ls-cell", r=str(r), c=str(c))
    assert step_shown(host) is None and match.REPLAY not in host.timers
    assert board_of(host).local.selected is None
    host.click("ls-cell", r=str(r), c=str(c))
    assert board_of(host).local.selected == cube
    # The log lists each turn once on every page, and the live region said each once.
    for page in (host, bea):
        (log,) = page.by_class("match-log")
        assert text_of(log).count("Buh to cube") == 2 and len(board_of(page).log) == 2
        (news,) = page.find(lambda e: e.attr("id") == "match-news")
        assert text_of(news).count("Bea\u00a0(2): ") <= 1


def test_a_newer_move_waits_for_the_replay_in_progress_and_a_rejoining_page_shows_the_position():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc, game="lightseeker")
    click_turn(host, GAME.legal(state_of(host), "1")[0])
    assert step_shown(bea) == 1
    # Bea skips with a key, plays; Ann's page plays it back, and Ann's next turn drops nothing of hers.
    bea.send(match.UiEvent("keydown", "board", key="ArrowLeft", now_ms=rtc.now))
    assert step_shown(bea) is None and match.REPLAY not in bea.timers
    click_turn(bea, GAME.legal(state_of(bea), "2")[0])
    assert step_shown(host) == 1
    # A page that opens the match now (a spectator joining) shows the position, no replay.
    cal = join(rtc, host, "Cal")
    assert board_of(cal) is not None and step_shown(cal) is None
    # Ann's click skips her replay of Bea's turn, then she plays; Cal (watching) and Bea see it from
    # its first step.
    click_turn(host, GAME.legal(state_of(host), "1")[0])
    assert step_shown(cal) == 1 and step_shown(bea) == 1
    # Bea's turn comes while Cal's page still shows Ann's first step: Ann's is played to its end, then Bea's
    # from its first step (a loaded page: ``ui.match``'s rule), then the position.
    click_turn(bea, GAME.legal(state_of(bea), "2")[0])  # Bea's first click skips, then her turn is made
    assert step_shown(cal) == 1 and board_of(cal).replayed_by == "1" and match.REPLAY in cal.timers
    assert [by for by, _ in board_of(cal).queued] == ["2"]
    ann, bea_steps = len(board_of(cal).replay), len(board_of(cal).queued[0][1])
    shown = []
    while step_shown(cal) is not None:
        cal.tick(match.REPLAY)
        shown.append((board_of(cal).replayed_by, step_shown(cal)))
    assert shown == [
        *(("1", k) for k in range(2, ann + 1)),
        *(("2", k) for k in range(1, bea_steps + 1)),
        ("", None),
    ]
    assert match.REPLAY not in cal.timers and state_of(cal).board == state_of(bea).board


def test_the_host_pages_computer_player_is_played_back_and_waits_for_the_replay_before_it():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    host.click("stand")  # the host watches two computer players; Bea watches too
    host.submit("add-bot", seat="1", level="easy")
    host.submit("add-bot", seat="2", level="easy")
    host.click("start")
    host.work(lobby_host.BOT_TASK)
    assert lobby_host.BOT_TASK in host.timers, "the first move waits the pause, as before"
    assert host.every[lobby_host.BOT_TASK] == PAUSE_MS, "nothing was played back before it"
    played = rtc.now  # the first computer's move, played at this tick
    host.tick(lobby_host.BOT_TASK)
    session = host.inner.live.session
    assert len(session.match.record.log) == 1
    for page in (host, bea):
        assert step_shown(page) == 1, "a computer's move is played back on every page"
    steps = len(board_of(bea).replay)
    host.work(lobby_host.BOT_TASK)  # the second computer's move is ready while the host replays the first
    assert lobby_host.BOT_TASK not in host.timers and len(session.match.record.log) == 1
    for _step in range(steps - 1):
        host.tick(match.REPLAY)
        assert len(session.match.record.log) == 1
    # The host's replay ends; Bea's page started hers when the move reached it, so the move waits for
    # the end of every page's replay and the pause after it (its thinking ended long before).
    host.tick(match.REPLAY)
    assert step_shown(host) is None and len(session.match.record.log) == 1
    assert lobby_host.BOT_TASK in host.timers
    assert rtc.now + host.every[lobby_host.BOT_TASK] == played + steps * match.STEP_MS + PAUSE_MS
    for _step in range(steps):
        bea.tick(match.REPLAY)
    assert step_shown(bea) is None, "Bea's page shows the first move whole, then its position"
    host.tick(lobby_host.BOT_TASK)
    assert len(session.match.record.log) == 2 and step_shown(host) == 1 and step_shown(bea) == 1
    assert [e.seat for e in session.match.record.log] == ["1", "2"]
    assert games.board("lightseeker") is board_of(host).board


def lobby_with_a_computer(rtc: FakeRtc, browser: Browser | None = None) -> tuple[Page, Page]:
    """Ann hosts Light Seeker in seat 1 against an Easy computer in seat 2; Bea watches."""
    host = host_lobby(rtc, browser or Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    host.submit("add-bot", seat="2", level="easy")
    host.click("start")
    return host, bea


def going_turn(page: Page) -> dict:
    """Seat 1's first legal turn that leaves the match going (a dealt valley can be won early)."""
    state = state_of(page)
    return next(m for m in GAME.legal(state, "1") if GAME.play(state, "1", m, 0)[0].outcome is None)


def test_after_the_hosts_turn_the_computer_waits_until_the_pages_that_watch_have_played_it_back():
    """The host's page shows its own turn as made, and its computer player used to answer after the
    pause alone (450 ms): Bea's page, still playing the host's turn back, cut it short for the
    computer's. Now the computer's move waits until every page has played the host's turn back (its
    steps × STEP_MS from when the host played it) and the pause after that."""
    rtc = FakeRtc()
    host, bea = lobby_with_a_computer(rtc)
    move = going_turn(host)
    before = rtc.now
    click_turn(host, move)
    after = rtc.now
    assert step_shown(host) is None, "the host's own turn is shown as made"
    steps = len(board_of(bea).replay)
    assert step_shown(bea) == 1 and steps == len(move["actions"]) + 1
    host.work(lobby_host.BOT_TASK)
    thought = rtc.now
    session = host.inner.live.session
    assert lobby_host.BOT_TASK in host.timers and len(session.match.record.log) == 1
    wait = host.every[lobby_host.BOT_TASK]
    assert wait >= steps * match.STEP_MS, "at least as long as the pages that watch take to play the turn back"
    # From the moment the host played the turn (its confirm click, between ``before`` and ``after``).
    replayed = steps * match.STEP_MS + PAUSE_MS
    assert before + replayed <= thought + wait <= after + replayed
    # Bea's page shows the host's turn to its end, then the position, the computer "thinking…".
    for shown in range(2, steps + 1):
        bea.tick(match.REPLAY)
        assert step_shown(bea) == shown
    bea.tick(match.REPLAY)
    assert step_shown(bea) is None and "Bot\u00a02\u00a0(Easy) is thinking…" in bea.text
    host.tick(lobby_host.BOT_TASK)
    assert [e.seat for e in session.match.record.log] == ["1", "2"]
    assert step_shown(bea) == 1 and board_of(bea).replayed_by == "2", "then the computer's turn, from its start"
    assert step_shown(host) == 1, "the host's page plays the computer's turn back too"


def sweeping_place(host: Page, seat: str) -> dict:
    """A Raythread placement by ``seat`` that adds a beam run (its sweep is seen) and claims no beacon (whose
    flash is longer: ``scene.FLASH_MS``), in the host's match."""
    game, state = games.rules("raythread"), host.inner.live.session.match.state
    runs = scene.beam_keys(game.view(state, None))

    def sweeps(move: dict) -> bool:
        after, events = game.play(state, seat, move, 0)
        return bool(scene.beam_keys(game.view(after, None)) - runs) and not any(e["type"] == "claimed" for e in events)

    return next(m for m in game.legal(state, seat) if m["type"] == "place" and sweeps(m))


def test_a_computer_move_after_a_raythread_move_waits_for_its_sweep_then_the_pause():
    """A Raythread placement is one step, shown at once everywhere, but its new beams sweep in
    (``scene.SWEEP_MS``, the length css/app.css animates them for). The computer's answer waited the pause
    alone after its thinking (450 ms, under the sweep's 600): on Bea's page the next move could cut the sweep
    short. Now it waits until the sweep has ended on the pages that watch, then the pause."""
    rtc = FakeRtc()
    host, bea = lobby_with_a_bot(rtc, Browser())
    host.click("start")
    before = rtc.now
    click_place(host, sweeping_place(host, "A"))
    after = rtc.now
    assert step_shown(bea) is None, "shown at once: nothing is played back step by step"
    assert board_of(bea).local.fresh, "its new beams sweep in on Bea's page"
    host.work(lobby_host.BOT_TASK)
    thought = rtc.now
    wait = host.every[lobby_host.BOT_TASK]
    assert wait >= scene.SWEEP_MS, "the pause after a Raythread move covers its sweep"
    swept = scene.SWEEP_MS + PAUSE_MS
    assert before + swept <= thought + wait <= after + swept
    host.tick(lobby_host.BOT_TASK)
    assert [e.seat for e in host.inner.live.session.match.record.log] == ["A", "B"]


def test_the_sweep_s_length_is_one_number_the_board_and_the_stylesheet_both_use():
    """The host's pause counts the sweep (``match.watched_ms``, by the board's ``motion_ms``) and the page
    animates it (css/app.css): both read ``scene.SWEEP_MS``, the board carrying it to the stylesheet as
    ``--rt-sweep``, so a change of its length cannot leave the pause shorter than the sweep."""
    rtc = FakeRtc()
    host, bea = lobby_with_a_bot(rtc, Browser())
    host.click("start")
    (svg,) = bea.find(lambda e: e.attr("id") == "rt-board")
    assert f"--rt-sweep: {scene.SWEEP_MS}ms" in str(svg.attr("style"))
    css = (Path(__file__).parents[3] / "css" / "app.css").read_text()
    (rule,) = re.findall(r"\.rt-beam\.rt-fresh \{[^}]*\}", css)
    assert "animation: rt-sweep var(--rt-sweep) " in rule, rule


def test_a_host_page_reloaded_after_its_turn_plays_the_computers_answer_after_the_pause():
    """A reloaded page knows nothing of a replay on the others' pages (theirs start afresh when they
    rejoin): the computer's turn is thought again and played after the pause alone, never lost."""
    rtc = FakeRtc()
    host_browser = Browser()
    host, _bea = lobby_with_a_computer(rtc, host_browser)
    click_turn(host, going_turn(host))
    host.close()
    reloaded = rtc.page(host_browser, "#/host?game=lightseeker")
    assert lobby_host.BOT_TASK in reloaded.works
    reloaded.work(lobby_host.BOT_TASK)
    assert reloaded.every[lobby_host.BOT_TASK] == PAUSE_MS
    reloaded.tick(lobby_host.BOT_TASK)
    assert [e.seat for e in reloaded.inner.live.session.match.record.log] == ["1", "2"]


def test_a_host_who_skips_the_replay_of_a_guests_turn_does_not_cut_it_short_on_the_other_pages():
    """Bea plays against the computer; the host and Cal watch. The host's page plays Bea's turn back
    and holds the computer's answer meanwhile; a click there ends its replay, but Cal's page still
    plays the turn back: the answer waits for that too, and the pause after it."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    cal = join(rtc, host, "Cal")
    host.click("stand")
    bea.click("sit", seat="1")
    host.submit("add-bot", seat="2", level="easy")
    host.click("start")
    move = going_turn(bea)
    before = rtc.now
    click_turn(bea, move)
    after = rtc.now
    steps = len(board_of(cal).replay)
    assert step_shown(bea) is None and step_shown(host) == 1 and step_shown(cal) == 1
    host.work(lobby_host.BOT_TASK)
    assert lobby_host.BOT_TASK not in host.timers, "held while the host's page plays the turn back"
    host.send(match.UiEvent("keydown", "board", key="ArrowLeft", now_ms=rtc.now))  # the host skips it
    assert step_shown(host) is None and len(host.inner.live.session.match.record.log) == 1
    replayed = steps * match.STEP_MS + PAUSE_MS
    assert before + replayed <= rtc.now + host.every[lobby_host.BOT_TASK] <= after + replayed
    for _step in range(steps):
        cal.tick(match.REPLAY)
    assert step_shown(cal) is None
    host.tick(lobby_host.BOT_TASK)
    assert [e.seat for e in host.inner.live.session.match.record.log] == ["1", "2"]
    assert step_shown(cal) == 1 and step_shown(bea) == 1


def test_the_hosts_end_the_match_question_ends_the_replay_under_it_and_releases_the_held_answer():
    """The host's first press of "End the match" asks "End the match for everyone?"; the replay of Bea's
    turn played on under the question, and the computer's answer it held stayed held. As the table's
    New match does, the question now ends the page's replay first (its timer stopped), and the answer
    held for that replay's end waits only for the other pages' replays and the pause."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    host.click("stand")
    bea.click("sit", seat="1")
    host.submit("add-bot", seat="2", level="easy")
    host.click("start")
    click_turn(bea, going_turn(bea))
    assert step_shown(host) == 1 and match.REPLAY in host.timers
    host.work(lobby_host.BOT_TASK)
    assert lobby_host.BOT_TASK not in host.timers, "held while the host's page plays the turn back"
    host.click("end")
    assert host.inner.ending, "the question is asked"
    assert step_shown(host) is None and not match.replaying(board_of(host)), "no replay plays on under it"
    assert match.REPLAY not in host.timers
    assert lobby_host.BOT_TASK in host.timers and not host.inner.bot_held, "the held answer is released"
    host.click("end-cancel")
    host.tick(lobby_host.BOT_TASK)
    assert [e.seat for e in host.inner.live.session.match.record.log] == ["1", "2"]


def test_a_guest_playing_a_move_back_when_the_host_ends_the_match_sees_the_end_at_once():
    """Bea's page was still playing the host's turn back when the host ended the match for everyone: the
    replay played on over the ended match, its step note where the status says so. Now the end shows at
    once (``match.halt``): the position the turn led to, "The host ended the match.", no replay timer."""
    rtc = FakeRtc()
    host, bea = lobby_with_a_computer(rtc)
    click_turn(host, going_turn(host))
    assert step_shown(bea) == 1 and match.REPLAY in bea.timers
    host.click("end")
    host.click("end")
    assert step_shown(bea) is None and match.REPLAY not in bea.timers, "nothing plays on over the ended match"
    assert "The host ended the match." in bea.text
    assert state_of(bea).board == state_of(host).board


def marks(page: Page) -> dict[str, str]:
    """The cubes the page's board marks as moved by the last turn, each with its classes (the mover's colour)."""
    cubes = page.find(lambda e: "ls-moved" in str(e.attr("class") or ""))
    return {str(c.attr("id")): str(c.attr("class")) for c in cubes}


def test_a_page_that_joins_or_reloads_mid_match_marks_the_last_turn_as_the_pages_that_watched_it():
    """A table's undo and reload marked the last turn's cubes since its board was handed the position
    before that turn; a lobby page that opened the match mid-way (a spectator joining, a reloaded host)
    had only the snapshot's position and marked nothing. The snapshot now carries the member's sight of
    the position before the match's last step, and the board marks that turn, without rolling it again."""
    rtc = FakeRtc()
    host_browser = Browser()
    host, bea = match_with_bea(rtc, host_browser, game="lightseeker")
    click_turn(host, going_turn(host))
    bea.send(match.UiEvent("keydown", "board", key="ArrowLeft", now_ms=rtc.now))  # skips the replay
    click_turn(bea, next(iter(GAME.legal(state_of(bea), "2"))))
    host.send(match.UiEvent("keydown", "board", key="ArrowLeft", now_ms=rtc.now))
    seen = marks(host)
    assert seen and seen == marks(bea)
    cal = join(rtc, host, "Cal")
    assert marks(cal) == seen and not cal.find(lambda e: "ls-roll" in str(e.attr("class") or ""))
    host.close()
    reloaded = rtc.page(host_browser, "#/host?game=lightseeker")
    assert marks(reloaded) == seen


def last_move(local) -> tuple:
    """What a board marks as the last move: Raythread's tile, Light Seeker's cubes and whose turn moved them."""
    return getattr(local, "last", None), getattr(local, "moved", None), getattr(local, "moved_by", None)


@pytest.mark.parametrize(("game", "seats"), [("raythread", ("A", "C")), ("lightseeker", ("1", "2"))])
def test_a_page_two_moves_behind_marks_only_the_last_move_after_its_snapshot(game, seats):
    """A page that missed moves (its connection dropped, an update lost) is put in step by a snapshot. Its
    board marked what changed since the position it had shown, two moves' tiles or cubes as "the last move"
    (Raythread: whichever of them came first). It marks the match's last step from the snapshot's position
    before it, as the pages that watched every move do, and plays nothing out (it saw no move happen)."""
    party = Party(game, 2)
    seat_everyone(party, dict(zip(("Host", "Bea"), seats, strict=True)))
    party.send("Host", p.Start(7))
    host, cal = party.clients["Host"], party.join("Cal")
    brain = random.Random(7)
    party.play_one(brain)
    watched, behind = sync_board(None, host), sync_board(None, cal)
    party.drop("Cal")
    for _ in range(2):
        party.play_one(brain)
        watched = sync_board(watched, host)
    party.reconnect("Cal")
    assert cal.told is not None and cal.before is not None, "a snapshot, with the position before the last move"
    board = games.board(game)
    since_shown = board.start(cal.match.view, behind.view)
    assert last_move(since_shown) != last_move(watched.local), "two moves change more than the last one"
    resynced = sync_board(behind, cal)
    assert resynced.view == cal.match.view and resynced.moves == watched.moves == 3
    assert last_move(resynced.local) == last_move(watched.local)
    assert not getattr(resynced.local, "fresh", None) and not getattr(resynced.local, "rolls", None), "not played"


def test_the_rematch_and_who_starts_it_wait_until_the_move_that_ended_the_match_is_played_back():
    """As at a table (ui/table.py ``over_unseen``): a guest's page watching the last turn played back
    read "In the rematch, … starts." and "The host can start a rematch." before the turn's steps were
    shown, and the host's page watching a guest's last turn had its Rematch already (the standings wait).
    Whoever makes the last turn (the deal is the lobby's), the other page watches it."""
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc, game="lightseeker")
    pages = {"1": host, "2": bea}
    rng = random.Random(3)
    for _turn in range(1000):
        mover = next(s for s in pages if GAME.legal(state_of(pages[s]), s))
        click_turn(pages[mover], rng.choice(GAME.legal(state_of(pages[mover]), mover)))
        watcher = pages["2" if mover == "1" else "1"]
        if board_of(watcher).view.get("result") is not None:
            break
        while match.REPLAY in watcher.timers:
            watcher.tick(match.REPLAY)
    assert match.replaying(board_of(watcher))

    def offered(page: Page) -> bool:
        """Who starts the rematch, or who may start it (a guest's page), or its button (the host's)."""
        return bool(
            page.by_class("rematch-starts")
            or page.by_class("rematch-note")
            or page.find(lambda e: e.attr("data-action") == "start" and text_of(e) == "Rematch")
        )

    assert not offered(watcher), "the rematch before the last turn was shown"
    assert offered(pages[mover]), "the page that made the last turn sees its end at once"
    while match.REPLAY in watcher.timers:
        watcher.tick(match.REPLAY)
    assert offered(watcher)
