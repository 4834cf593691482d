"""A Light Seeker turn that reaches a lobby page from another seat (a guest's, the host's, a computer
player's the host page runs) is played back on that page step by step; a page's own turn is not. An
input skips the replay; a newer move drops it; a rejoining page shows the position at once."""

from gamenight import games
from gamenight.lightseeker import GAME, rules
from gamenight.ui import match
from gamenight.ui.lobby import host as lobby_host
from gamenight.ui.svg import text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join


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


def lobby(rtc: FakeRtc) -> tuple[Page, Page]:
    host = host_lobby(rtc, Browser(), game="lightseeker")
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="2")
    host.click("start")
    return host, bea


def test_a_guest_sees_the_hosts_turn_step_by_step_and_the_host_sees_the_guests():
    rtc = FakeRtc()
    host, bea = lobby(rtc)
    state = state_of(host)
    move = GAME.legal(state, "1")[0]
    click_turn(host, move)
    after = rules.apply_turn(state.board, rules.parse_turn(move, 1))
    assert step_shown(host) is None, "the host's own turn is shown as made"
    assert match.REPLAY not in host.timers
    # Bea's page plays it back: the one action, then Buh; then the position.
    assert step_shown(bea) == 1 and match.REPLAY in bea.timers
    assert cells_drawn(bea) == list(after.cells)
    assert "Ann (1)'s move, step 1 of 2" in bea.text
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
    # The host clicks: the replay ends at once and the click is the host's (a cube chosen on the position).
    final = rules.apply_turn(state.board, turn)
    cube = next(i for i in range(rules.CUBES) if i != final.buh)
    r, c = final.cells[cube]
    host.click("ls-cell", r=str(r), c=str(c))
    assert step_shown(host) is None and match.REPLAY not in host.timers
    assert board_of(host).local.selected == cube
    # The log lists each turn once on every page, and the live region said each once.
    for page in (host, bea):
        (log,) = page.by_class("match-log")
        assert text_of(log).count("Buh to cube") == 2 and len(board_of(page).log) == 2
        (news,) = page.find(lambda e: e.attr("id") == "match-news")
        assert text_of(news).count("Bea (2): ") <= 1


def test_a_newer_move_drops_a_replay_in_progress_and_a_rejoining_page_shows_the_position():
    rtc = FakeRtc()
    host, bea = lobby(rtc)
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
    # Bea's turn comes while Cal's page still shows Ann's first step: the newer turn replaces it.
    click_turn(bea, GAME.legal(state_of(bea), "2")[0])  # Bea's first click skips, then her turn is made
    assert step_shown(cal) == 1 and len(board_of(cal).replay) == 3
    assert board_of(cal).replayed_by == "2" and match.REPLAY in cal.timers


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
    host.tick(lobby_host.BOT_TASK)
    session = host.inner.live.session
    assert len(session.match.record.log) == 1
    for page in (host, bea):
        assert step_shown(page) == 1, "a computer's move is played back on every page"
    host.work(lobby_host.BOT_TASK)  # the second computer's move is ready while the host replays the first
    assert lobby_host.BOT_TASK not in host.timers and len(session.match.record.log) == 1
    host.tick(match.REPLAY)
    assert len(session.match.record.log) == 1
    host.tick(match.REPLAY)  # the replay ends: the move is played at once
    assert len(session.match.record.log) == 2 and step_shown(host) == 1
    assert [e.seat for e in session.match.record.log] == ["1", "2"]
    assert games.board("lightseeker") is board_of(host).board
