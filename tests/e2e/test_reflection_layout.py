"""Reflection's match screen laid out for the window it is in: on a laptop (1280×800) the board, its
tray and its Submit or Send button in the window together, as Raythread's and Light Seeker's boards
(test_laptop.py); on a phone nothing wider than the screen; clue targets a finger's size; two-digit
clue numbers inside their shapes; and "Bigger cells" kept from one round to the next.

Run in the private network namespace by ``make e2e`` (a built match has two players over a peer link).
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PHONE, People, assert_in_window
from tests.e2e.test_peer_links import CONNECT_MS, join
from tests.e2e.test_reflection_match import choose, open_host, sit

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the screenshots of these layouts go there
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def shoot(page: Page, name: str) -> None:
    """Screenshots of the window as it is (light and dark) for a person to look at, with ``GNC_SHOTS``."""
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=f"{SHOTS}/{name}-{scheme}.png")
    page.emulate_media(color_scheme=None)


def solo_round(people: People, context: BrowserContext, options: dict) -> Page:
    """A one-player random match hosted on ``context``'s page, at its first round's board."""
    host = open_host(people, context=context)
    choose(host, 1, {"mode": "random", "rounds": 3, **options})
    host.click("button[data-action=start]")
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=120_000)
    return host


def build_round(people: People, context: BrowserContext, options: dict) -> Page:
    """A two-player built match hosted on ``context``'s page, at its build phase's board."""
    host = open_host(people, context=context)
    bea = join(people, host, "Bea")
    choose(host, 2, {"mode": "built", **options})
    sit(bea, "2", host)
    host.click("button[data-action=start]")
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=CONNECT_MS)
    return host


WORK = (".match-status", ".rf-phase", ".rf-work svg.rf-board", ".rf-work .rf-tray")


@pytest.mark.parametrize("preset", ["normal", "hard"])
def test_a_solved_round_fits_a_laptop_window(people: People, preset: str):
    """The round's puzzle comes after Start (the host's page makes it): the page as it is then, unscrolled
    by the test, shows the status, the board, the tray and Submit (Submit was 223 px below the window)."""
    host = solo_round(people, people.person(**LAPTOP), {"preset": preset})
    shoot(host, f"laptop-solve-{preset}")
    assert_in_window(host, (*WORK, ".rf-work button[data-action=rf-submit]"))


@pytest.mark.parametrize("size", [8, 12])
def test_a_puzzle_being_built_fits_a_laptop_window(people: People, size: int):
    """The build phase of a Normal-sized board and of the largest the match offers (custom, 12 × 12)."""
    host = build_round(people, people.person(**LAPTOP), {"preset": "custom", "size": size, "tiles": 8})
    shoot(host, f"laptop-build-{size}")
    assert_in_window(host, (*WORK, ".rf-work button[data-action=rf-send]"))


@pytest.mark.parametrize("width", [390, 320])
def test_a_phone_s_match_page_is_no_wider_than_the_screen(people: People, width: int):
    """On a phone the page scrolls down to the tray and Submit, never sideways; the laptop's sizing leaves it be."""
    phone = {**PHONE, "viewport": {"width": width, "height": 844}}
    host = solo_round(people, people.person(**phone), {"preset": "hard"})
    shoot(host, f"phone{width}-solve-hard")
    assert host.evaluate("document.documentElement.scrollWidth") == width
    board = host.locator(".rf-work svg.rf-board").bounding_box()
    assert board is not None and board["width"] == width  # the board still takes the phone's whole width


def test_bigger_cells_stay_on_at_the_next_round(people: People):
    """With "Bigger cells" turned on in round 1 of a match on a phone is still on for round 2's board."""
    host = solo_round(people, people.person(**PHONE), {"preset": "hard"})
    host.tap("#rf-zoom")
    expect(host.locator("#rf-board.rf-zoom")).to_have_count(1)
    host.click("button[data-action=rf-give-up]")
    host.click("button[data-action=rf-give-up]")
    expect(host.locator(".rf-phase")).to_have_text("Round 2 of 3", timeout=120_000)
    expect(host.locator(".rf-work svg.rf-board")).to_be_visible(timeout=120_000)
    expect(host.locator("#rf-board.rf-zoom")).to_have_count(1)
    expect(host.locator("#rf-zoom")).to_have_attribute("aria-pressed", "true")
    shoot(host, "phone-round2-zoomed")
