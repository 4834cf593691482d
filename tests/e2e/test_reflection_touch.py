"""Reflection as people play it on a phone (390×844, touch, dark) and by keyboard alone: a solo puzzle
solved by taps, tiles dragged by a finger, and a built race over peer links where one player builds and
solves by keyboard alone and the other by touch on a phone, to the reveal and the match's end.

The solo puzzle is computed with the same engine on CPython, so the test knows its solution; the race's
puzzles are the players' own layouts (tests/e2e/test_reflection_match.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import CDPSession, Page, expect

from tests.e2e.test_reflection_solo_play import SOLUTION, cell, open_puzzle

pytestmark = pytest.mark.e2e

KINDS = {"/": "diagonal", "\\": "diagonal", "|": "flat", "-": "flat", "#": "block", "o": "hole"}
TILES = """[...document.querySelectorAll('.rf-cell[data-tile]')]
    .map(e => [Number(e.dataset.r), Number(e.dataset.c), e.dataset.tile])"""


def tiles(page: Page) -> set[tuple[int, int, str]]:
    """The tiles on the page's board, as (row, column, tile)."""
    return {tuple(t) for t in page.evaluate(TILES)}


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def finger(page: Page, cdp: CDPSession, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger put down at ``start``, moved to ``end`` in a fifth of a second, held still and lifted:
    real touch events, so the browser decides as on a phone whether it is a drag or a pan (Playwright's
    ``tap`` cannot move). Lifted at speed, it would be a fling, and the browser would swallow the next
    tap, as a tap that stops a fling."""

    def touch(kind: str, at: tuple[float, float] | None) -> None:
        points = [{"x": at[0], "y": at[1]}] if at else []
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    for i in range(1, 11):
        touch("touchMove", (start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10))
        page.wait_for_timeout(20)
    page.wait_for_timeout(200)
    touch("touchMove", end)
    touch("touchEnd", None)


def tap_tile(page: Page, r: int, c: int, tile: str) -> None:
    """``tile`` on an empty cell by taps: its kind in the tray, then the cell (again to turn a mirror)."""
    page.tap(f"#rf-tool-{KINDS[tile]}")
    page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')
    if tile in ("\\", "-"):  # a mirror goes in as / or ‖: a tap turns it
        page.tap(f'.rf-cell[data-r="{r}"][data-c="{c}"]')


def test_a_puzzle_is_solved_by_taps_alone_on_a_phone(phone: Page, site_url: str):
    open_puzzle(phone, site_url)
    # The board fills the width and no more; its cells are big enough for a finger.
    assert sideways(phone) <= 0, "the page scrolls sideways"
    board = phone.locator(".rf-board").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert cell(phone, 0, 0).locator(".rf-bg").bounding_box()["width"] >= 44
    empty, other = (1, 0), (2, 3)  # empty in the solution
    assert SOLUTION.at(empty) == "." and SOLUTION.at(other) == "."

    # Place, turn, remove; undo and redo.
    phone.tap("#rf-tool-diagonal")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "/")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "\\")
    phone.tap("#rf-tool-remove")
    phone.tap('.rf-cell[data-r="1"][data-c="0"]')
    expect(cell(phone, *empty)).not_to_have_attribute("data-tile", "\\")
    # No hover tint stays on the cell a finger last tapped (a finger has no hover).
    fill = "(e) => getComputedStyle(e.querySelector('.rf-bg')).fill"
    assert cell(phone, *empty).evaluate(fill) == cell(phone, *other).evaluate(fill)
    phone.tap("#rf-undo")
    expect(cell(phone, *empty)).to_have_attribute("data-tile", "\\")
    phone.tap("#rf-redo")
    expect(phone.locator(".rf-cell[data-tile]")).to_have_count(0)

    # Notes: a dot on a cell the solution leaves empty, a ring where a tile belongs.
    phone.tap("#rf-tool-dot")
    phone.tap('.rf-cell[data-r="2"][data-c="3"]')
    expect(cell(phone, *other)).to_have_attribute("data-note", "d")
    phone.tap("#rf-tool-ring")
    phone.tap('.rf-cell[data-r="0"][data-c="1"]')
    expect(cell(phone, 0, 1)).to_have_attribute("data-note", "r")

    # A clue's laser, shown and hidden by tapping the clue.
    phone.tap('.rf-edge[data-edge="T2"]')
    expect(phone.locator('.rf-laser[data-edge="T2"]')).to_have_count(1)
    phone.tap('.rf-edge[data-edge="T2"]')
    expect(phone.locator(".rf-laser")).to_have_count(0)

    # The solution, tile by tile: a tile on the ringed cell wipes the ring.
    placed = sorted(SOLUTION.tiles().items())
    for i, ((r, c), tile) in enumerate(placed):
        tap_tile(phone, r, c, tile)
        if i < len(placed) - 1:
            expect(cell(phone, r, c)).to_have_attribute("data-tile", tile)
    expect(phone.locator("main")).to_have_attribute("data-phase", "solved")
    expect(phone.locator(".rf-message")).to_contain_text("Solved in")
    assert tiles(phone) == {(r, c, t) for (r, c), t in placed}
    expect(cell(phone, 0, 1)).not_to_have_attribute("data-note", "r")
    expect(phone.locator("#rf-next")).to_be_visible()
    assert sideways(phone) <= 0


def test_tiles_are_dragged_by_a_finger_and_a_swipe_moves_no_tile(phone: Page, site_url: str):
    open_puzzle(phone, site_url)
    cdp = phone.context.new_cdp_session(phone)
    # From the tray onto a cell, from that cell to another, and off the board back to the tray.
    finger(phone, cdp, centre(phone, "#rf-tool-diagonal"), centre(phone, '.rf-cell[data-r="1"][data-c="1"]'))
    expect(cell(phone, 1, 1)).to_have_attribute("data-tile", "/")
    finger(
        phone, cdp, centre(phone, '.rf-cell[data-r="1"][data-c="1"]'), centre(phone, '.rf-cell[data-r="3"][data-c="2"]')
    )
    expect(cell(phone, 3, 2)).to_have_attribute("data-tile", "/")
    assert tiles(phone) == {(3, 2, "/")}
    finger(phone, cdp, centre(phone, '.rf-cell[data-r="3"][data-c="2"]'), centre(phone, ".rf-name"))
    expect(phone.locator(".rf-cell[data-tile]")).to_have_count(0)
    # "Bigger cells": the board pans under a finger, so a swipe that starts on a tile moves the board,
    # never the tile, and the next tap places a tile where it lands.
    phone.tap('.rf-cell[data-r="1"][data-c="1"]')  # the tray's diagonal mirror, chosen by the first drag
    expect(cell(phone, 1, 1)).to_have_attribute("data-tile", "/")
    phone.tap("#rf-zoom")
    expect(phone.locator(".rf-board-wrap.rf-zoom")).to_have_count(1)
    start = centre(phone, '.rf-cell[data-r="1"][data-c="1"]')
    finger(phone, cdp, start, (start[0] - 120, start[1] - 120))
    phone.tap('.rf-cell[data-r="2"][data-c="4"]')
    expect(cell(phone, 2, 4)).to_have_attribute("data-tile", "/")
    assert tiles(phone) == {(1, 1, "/"), (2, 4, "/")}
    assert sideways(phone) <= 0
