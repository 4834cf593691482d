"""Where keyboard focus goes on a Reflection match page when a round starts and when a puzzle is
solved (found in a QA game night): a board that takes focus shows the lines above it (the match's
status, the round and its clock) rather than being scrolled to the window's top by the focus's own
scroll, a new round's board takes focus only from the last round's board, and a solve by keyboard
leaves focus on the cell the player typed on, not on row 1, column 1."""

from __future__ import annotations

from gamenight.reflection import controls, scene
from gamenight.reflection.laser import Layout
from gamenight.ui import match
from gamenight.ui.lobby.host import PREPARE
from gamenight.ui.program import Focus, board_stop
from gamenight.ui.svg import Element, find_all
from tests.unit.reflection.test_match_desk import key
from tests.unit.reflection.test_match_pages import place, two_players
from tests.unit.ui.peers import Page

RANDOM = {"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}
BUILT = {"mode": "built", "preset": "custom", "size": 4, "tiles": 3}
LAYOUTS = {"1": Layout(("/...", "..\\.", "....", ".../")), "2": Layout(("....", ".\\..", "/...", "..\\."))}


def tab_stop(page: Page) -> tuple[int, int]:
    """The board cell that is the match board's one Tab stop (where focus follows the cursor)."""
    (main,) = page.by_class("match-main")
    (grid,) = find_all(main, lambda e: e.attr("role") == "grid")
    (stop,) = find_all(grid, lambda e: e.attr("tabindex") == 0)
    return int(stop.attr("data-r")), int(stop.attr("data-c"))


def cursor_mark(page: Page, kind: str = "rf-cursor") -> list[Element]:
    """The board's mark of its Tab stop: the dashed cursor, or on a board done with the plain ``rf-stop``."""
    (main,) = page.by_class("match-main")
    return find_all(main, lambda e: e.attr("class") == kind)


def test_the_board_s_focus_request_shows_the_status_and_the_round_above_the_board():
    """Focus on a cell scrolls it into the window's middle: the status, the round and its clock above
    the board went out of the window's top (1280×800: the heading cut; a phone: the board at the top)."""
    # … and shows the board's tray and buttons under it too, if they were below the window (a laptop's).
    work = ".match-main .rf-work"
    assert Focus(board_stop(".match-main"), show=".match-status", whole=work) == controls.FOCUS_TASK
    assert controls.BOARD.focus == controls.FOCUS_TASK  # what the host's Start asks for (ui.match.focus_board)
    assert match.focus_board("reflection") == controls.FOCUS_TASK
    assert match.focus_board("raythread") == match.FOCUS_BOARD  # the other games keep their board's scroll margin


def test_start_and_send_in_a_built_match_put_focus_on_the_board_with_the_round_line_shown():
    _rtc, host, bea = two_players(BUILT)
    assert host.focus_asked[-1] == controls.FOCUS_TASK  # Start
    place(host, LAYOUTS["1"])
    host.click("rf-send")
    assert host.focus_asked[-1] == controls.FOCUS_TASK  # Send went away
    place(bea, LAYOUTS["2"])
    bea.click("rf-send")
    assert bea.inner.board.local.task.kind == "solve"
    # The last to send: Send's request, then the round's, which takes focus from the board Send put it on
    # (or shows the round under the status, if focus waits there).
    assert bea.focus_asked[-3:] == [controls.FOCUS_TASK, controls.FOCUS_ROUND, controls.SHOW_ROUND]


def test_a_new_round_s_board_takes_focus_from_the_last_round_s_board_only():
    _rtc, host, bea = two_players(RANDOM)
    host.work(PREPARE)
    before = len(bea.focus_asked)
    for page in (host, bea):
        task = page.inner.board.local.task
        place(page, host.inner.live.session.match.state.sheets[task.number - 1].solution)
    assert host.inner.board.local.task.round == bea.inner.board.local.task.round == 2
    # The request names the round's status to show, and takes focus only from a board (never the chat).
    assert bea.focus_asked[before:] == [controls.FOCUS_ROUND, controls.SHOW_ROUND]
    # Bea's last tap was on the last round's board: the new board takes focus, and the status's request
    # (for focus that waited on it) finds focus on the board and leaves it there.
    assert bea.focused[-1] == controls.FOCUS_ROUND.selector and bea.focus_in(".match-main [role=grid]")
    work = ".match-main .rf-work"
    assert (
        Focus(board_stop(".match-main"), show=".match-status", only_from="[role=grid]", whole=work)
        == controls.FOCUS_ROUND
    )


def test_a_new_round_s_board_leaves_focus_in_the_chat():
    """Bea, who solved first, is typing in the chat when Ann's solve ends the round: focus stays in the
    chat, taken neither by the new board nor by the status (``Focus.only_from``)."""
    _rtc, host, bea = two_players(RANDOM)
    host.work(PREPARE)
    task = bea.inner.board.local.task
    solution = host.inner.live.session.match.state.sheets[task.number - 1].solution
    place(bea, solution)
    assert bea.inner.board.local.task.round == 1 and bea.focus_in(".match-main [role=grid]")
    bea.focus_on(".chat-form input")  # a tap in the chat's field (a click in a form reaches no screen)
    taken, asked = len(bea.focused), len(bea.focus_asked)
    place(host, solution)
    assert bea.inner.board.local.task.round == 2
    assert bea.focus_asked[asked:] == [controls.FOCUS_ROUND, controls.SHOW_ROUND]
    assert len(bea.focused) == taken and bea.focus_in(".chat-form")


def test_a_round_whose_puzzle_comes_while_focus_waits_on_the_status_shows_it_under_the_status():
    """The host's Start left focus on the status while the round's puzzle was made (no board yet): when it
    comes, focus stays there (one Tab goes on to the board) and the page shows the status at the window's
    top with the board, its tray and Submit under it, if they reach below the window (at 1280×800 the
    status stayed mid-window where Start had left it, and Submit was below the window)."""
    _rtc, host, _bea = two_players(RANDOM)
    before = len(host.focus_asked)
    host.work(PREPARE)
    assert host.inner.board.local.task.kind == "solve"
    assert host.focus_asked[before:] == [controls.FOCUS_ROUND, controls.SHOW_ROUND]
    # Start's request found no board: focus went to the status (the screen's home), and stays there.
    assert host.focused[-1] == ".match-status" and host.focus_in(".match-status")
    status = ".match-status"
    assert Focus(status, show=status, only_from=status, whole=".match-main .rf-work") == controls.SHOW_ROUND


def test_a_solve_by_keyboard_leaves_the_board_s_tab_stop_on_the_last_cell_typed():
    """The solved board draws no cursor (it takes no tiles any more), and its Tab stop fell back to
    row 1, column 1: focus, which follows the Tab stop, jumped there from the last cell typed."""
    _rtc, host, bea = two_players(RANDOM)
    host.work(PREPARE)
    task = bea.inner.board.local.task
    solution = host.inner.live.session.match.state.sheets[task.number - 1].solution
    tiles = sorted(solution.tiles().items())
    for (r, c), tile in tiles:
        while bea.inner.board.local.cursor != (r, c):
            at = bea.inner.board.local.cursor
            down, right = r > at[0], c > at[1]
            key(bea, ("ArrowDown" if down else "ArrowUp") if r != at[0] else "ArrowRight" if right else "ArrowLeft")
        key(bea, tile)
    assert [f.seat for f in host.inner.live.session.match.state.finishes] == ["2"]  # solved, still round 1
    assert bea.inner.board.local.task.round == 1
    last = tiles[-1][0]
    assert tab_stop(bea) == last and not cursor_mark(bea)
    # Focus on the solved board is still seen: its Tab stop wears the plain mark (css shows it on focus).
    (stop,) = cursor_mark(bea, "rf-stop")
    x, y, _w, _h = scene.box(solution.size, last)
    assert (stop.attr("x"), stop.attr("y")) == (x + 2, y + 2)
    key(bea, "ArrowLeft")  # the solved board is still read cell by cell: focus follows the arrows
    assert tab_stop(bea) == (last[0], max(0, last[1] - 1))
