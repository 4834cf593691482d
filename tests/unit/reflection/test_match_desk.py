"""The work in hand on a Reflection match page: a solver's notes (dots and rings, as on the solo
board, never sent), and a reload that keeps the tiles and notes — a build not yet sent and a puzzle
being solved come back from local storage (``DRAFT_KEY``, one entry a task), only to the same match,
round, seat and task; a draft that cannot be read back says so and changes nothing."""

from __future__ import annotations

from gamenight.core.jsonutil import dumps, loads
from gamenight.reflection.controls import DRAFT_KEY, OLD_DRAFT_KEY, draft_id
from gamenight.reflection.laser import Layout
from gamenight.ui.lobby.host import PREPARE
from gamenight.ui.program import UiEvent
from tests.unit.reflection.test_match_pages import place, two_players
from tests.unit.ui.peers import Browser, Page

SOLVE = {"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}


def reload_host(rtc, host: Page, browser: Browser) -> Page:
    host.close()
    return rtc.page(browser, "#/host?game=reflection")


def part_of(layout: Layout, keep: int) -> Layout:
    """``layout`` with only its first ``keep`` tiles (row by row)."""
    cells = sorted(layout.tiles())[:keep]
    return Layout(
        tuple(
            "".join(layout.at((r, c)) if (r, c) in cells else "." for c in range(layout.size))
            for r in range(layout.size)
        )
    )


def solving(browser: Browser):
    rtc, host, bea = two_players(SOLVE, browser)
    host.work(PREPARE)
    assert host.inner.board.local.task.kind == "solve"
    number = host.inner.board.local.task.number
    solution = host.inner.live.session.match.state.sheets[number - 1].solution
    return rtc, host, bea, solution


def drafts(browser: Browser) -> dict:
    """The drafts ``browser`` keeps, by task."""
    return loads(browser.storage[DRAFT_KEY], 65536) if DRAFT_KEY in browser.storage else {}


def only_draft(browser: Browser) -> dict:
    (draft,) = drafts(browser).values()
    return draft


def test_a_reload_while_solving_keeps_the_tiles_placed():
    browser = Browser()
    rtc, host, _bea, solution = solving(browser)
    half = part_of(solution, 2)
    place(host, half)
    assert only_draft(browser)["rows"] == list(half.rows)
    again = reload_host(rtc, host, browser)
    assert again.inner.board.local.task.kind == "solve"
    assert again.inner.board.local.layout == half
    place(again, solution)  # and the solve goes on from there
    assert [f.outcome for f in again.inner.live.session.match.state.finishes] == ["solved"]


def test_a_draft_of_another_task_is_not_restored_and_is_kept_for_its_own_tab():
    browser = Browser()
    rtc, host, _bea, solution = solving(browser)
    assert drafts(browser) == {}  # nothing placed yet: nothing stored
    other = {"1/1/2/solve/2": {"rows": list(part_of(solution, 1).rows)}}  # another seat's (another tab)
    browser.storage[DRAFT_KEY] = dumps(other)
    again = reload_host(rtc, host, browser)
    assert again.inner.board.local.layout == Layout.empty(solution.size)
    assert "could not be read back" not in again.text
    place(again, part_of(solution, 1))
    assert set(drafts(browser)) == {"1/1/2/solve/2", draft_id(again.inner.board.view, again.inner.board.local.task)}


def test_a_draft_an_older_page_kept_comes_back_and_is_kept_as_todays_pages_keep_it():
    browser = Browser()
    rtc, host, _bea, solution = solving(browser)
    half = part_of(solution, 2)
    place(host, half)
    ((task, draft),) = drafts(browser).items()
    del browser.storage[DRAFT_KEY]
    browser.storage[OLD_DRAFT_KEY] = dumps({"v": 1, "id": task, **draft})
    again = reload_host(rtc, host, browser)
    assert again.inner.board.local.layout == half
    assert OLD_DRAFT_KEY not in browser.storage and drafts(browser) == {task: draft}


def test_two_tabs_solving_keep_each_others_draft():
    """Each tab used to store its own draft over the other's, so a reload lost the other's tiles."""
    browser = Browser()
    _rtc, host, _bea, solution = solving(browser)
    place(host, part_of(solution, 1))
    other = {"7/1/1/solve/1": {"rows": ["." * solution.size] * solution.size}}  # another tab wrote since
    browser.storage[DRAFT_KEY] = dumps({**other, **drafts(browser)})
    place(host, part_of(solution, 2))
    assert "7/1/1/solve/1" in drafts(browser) and len(drafts(browser)) == 2


def test_an_unreadable_or_unlawful_draft_says_so_and_the_board_starts_empty():
    browser = Browser()
    rtc, host, _bea, solution = solving(browser)
    place(host, part_of(solution, 1))
    ((task, good),) = drafts(browser).items()
    n = solution.size
    for bad in (
        "{not json",
        dumps({task: 5}),
        dumps({task: {**good, "rows": ["/" * n] * n}}),  # more diagonals than the puzzle has
        dumps({task: {**good, "rows": ["." * n] * (n - 1)}}),  # the wrong shape
        dumps({task: {**good, "rows": [".?" + "." * (n - 2)] + ["." * n] * (n - 1)}}),  # not a tile
    ):
        browser.storage[DRAFT_KEY] = bad
        host = reload_host(rtc, host, browser)
        assert host.inner.board.local.layout == Layout.empty(n), bad
        assert "could not be read back" in host.text, bad
        assert task not in drafts(browser), bad


def test_a_build_not_yet_sent_comes_back_and_is_checked_again():
    browser = Browser()
    rtc, host, _bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3}, browser)
    layout = Layout(("/...", "..\\.", "....", ".../"))
    place(host, layout)
    again = reload_host(rtc, host, browser)
    desk = again.inner.board.local
    assert desk.task.kind == "build" and desk.layout == layout
    assert desk.advice is not None  # every tile placed: the one-solution check runs again
    again.work()
    assert again.inner.board.local.advice.outcome in ("unique", "several")
    again.click("rf-send")
    assert again.inner.live.session.match.state.sheets[0].commitment


def key(page: Page, name: str) -> None:
    page.send(UiEvent("keydown", "board", {}, key=name, now_ms=page.rtc.now))
    page.rtc.pump()


def empty_cell(page: Page) -> tuple[int, int]:
    desk = page.inner.board.local
    puzzle_warps = {tuple(w) for p in page.inner.board.view["puzzles"] for w in p.get("warps", [])}
    n = desk.layout.size
    return next(
        (r, c) for r in range(n) for c in range(n) if desk.layout.at((r, c)) == "." and (r, c) not in puzzle_warps
    )


def note_somewhere(page: Page, kind: str) -> tuple[int, int]:
    """Pick the ``kind`` note ("dot", "ring") in the tray and put it on an empty cell; that cell."""
    r, c = empty_cell(page)
    page.click("tray", kind=kind)
    page.click("cell", r=str(r), c=str(c))
    return r, c


def test_a_solver_notes_dots_and_rings_that_stay_on_its_page():
    browser = Browser()
    rtc, host, _bea, _solution = solving(browser)
    tools = [e.attr("data-kind") for e in host.find(lambda e: e.attr("data-action") == "tray")]
    assert "dot" in tools and "ring" in tools
    sent = len(rtc.sent)
    r, c = note_somewhere(host, "dot")
    assert host.inner.board.local.notes.at((r, c)) == "d"
    assert "empty, noted empty" in host.text  # the cursor's words name the note
    host.click("cell", r=str(r), c=str(c))  # the same note again takes it away
    assert host.inner.board.local.notes.at((r, c)) == "."
    key(host, "n")  # the keyboard cycles: dot, ring, none
    key(host, "n")
    assert host.inner.board.local.notes.at((r, c)) == "r"
    assert only_draft(browser)["notes"][r][c] == "r"
    assert len(rtc.sent) == sent  # notes are the player's own: nothing was sent
    tile = next(kind for kind in tools if kind not in ("dot", "ring", "remove"))  # one the puzzle has
    host.click("tray", kind=tile)
    host.click("cell", r=str(r), c=str(c))  # a tile wipes the note under it
    placed = host.inner.board.local.layout.at((r, c))
    assert placed != "." and host.inner.board.local.notes.at((r, c)) == "."
    key(host, ".")
    assert "Notes go on empty cells" in host.text
    again = reload_host(rtc, host, browser)  # tiles and notes come back together
    assert again.inner.board.local.layout.at((r, c)) == placed


def test_notes_come_back_after_a_reload_and_a_builder_has_none():
    browser = Browser()
    rtc, host, _bea, _solution = solving(browser)
    r, c = note_somewhere(host, "ring")
    again = reload_host(rtc, host, browser)
    assert again.inner.board.local.notes.at((r, c)) == "r"
    rtc, builder, _bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3}, Browser())
    assert builder.inner.board.local.notes is None
    tools = [e.attr("data-kind") for e in builder.find(lambda e: e.attr("data-action") == "tray")]
    assert "dot" not in tools and "ring" not in tools
    builder.click("tray", kind="dot")
    assert builder.inner.board.local.tool != "dot"


def test_a_draft_of_notes_alone_is_forgotten_when_the_task_ends():
    browser = Browser()
    _rtc, host, bea, _solution = solving(browser)
    note_somewhere(host, "dot")
    assert len(drafts(browser)) == 1
    task = host.inner.board.local.task
    for page in (host, bea):  # the round's solving ends when both have given up
        page.click("rf-give-up")
        page.click("rf-give-up")  # asked once more first
    assert host.inner.board.local.task != task  # the next round's puzzle
    assert drafts(browser) == {}


def test_a_puzzle_given_up_in_a_race_drops_its_tiles_and_notes_at_once_as_on_the_solo_board():
    """Bea gives up while the host still solves: the puzzle is over for her, and her tiles and notes went
    only when the round ended, kept in local storage until then (and back after a reload). Now they go at
    once, as the solo board's go (it shows the solution in their place; a race's solution is shown under
    Solutions once the puzzle's rounds are over, as it is a secret while others solve it)."""
    _rtc, host, bea, solution = solving(Browser())
    n = solution.size
    place(bea, part_of(solution, 1))
    empty = next((r, c) for r in range(n) for c in range(n) if solution.at((r, c)) == ".")
    bea.click("tray", kind="dot")
    bea.click("cell", r=str(empty[0]), c=str(empty[1]))
    desk = bea.inner.board.local
    assert desk.layout == part_of(solution, 1) and desk.notes.at(empty) == "d" and len(drafts(bea.browser)) == 1
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    desk = bea.inner.board.local
    assert [f.outcome for f in host.inner.live.session.match.state.finishes] == ["gave_up"]
    assert desk.task.kind == "solve" and desk.task.round == 1  # the round goes on for the host
    assert desk.layout == Layout.empty(n) and desk.notes.marks() == {}
    assert drafts(bea.browser) == {}
    assert "gave up: −20 points. Its solution is shown under Solutions once its last round is over." in bea.text
