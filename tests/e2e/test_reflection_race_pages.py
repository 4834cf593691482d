"""One page's walk through a one-player Reflection race (no peer to wait for): its points table in Japanese at
1280 px with every round given up, its board at 1920 × 1080, at 320 px with the text at 200 %, and in forced
colours. One page, several sizes in turn (docs/testing.md: a page's boot is most of a browser test's time).

Run in the private network namespace by ``make e2e``, as the other lobby tests.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import People
from tests.e2e.test_peer_links import CONNECT_MS
from tests.e2e.test_reflection_match import CELL_WORDS, SPLIT_CELLS, choose, give_up, open_host, points_of

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the screenshots of these pages go there


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_one_player_five_round_race_of_give_ups_keeps_each_round_on_one_line_in_japanese(people: People):
    """A player's pass: alone, five rounds, every one given up, in Japanese at 1280 px, the points table was
    803 px in a 796 px column, so each round's "−24　ギブアップ" broke under its points (a total of four
    characters, "−120", took the room a race of two left). Each round is one line and the table fits its box."""
    host = open_host(people, context=people.person(viewport={"width": 1280, "height": 800}))
    host.click(".lang-switch .lang[data-lang=ja]")
    choose(host, 1, {"mode": "random", "preset": "easy", "rounds": 5})
    host.click("button[data-action=start]")
    for n in range(1, 6):
        expect(host.locator(".rf-phase")).to_have_text(f"ラウンド{n}／5", timeout=CONNECT_MS)
        give_up(host)
        expect(host.locator(points_of("1", n))).to_have_count(1, timeout=CONNECT_MS)
    expect(host.locator(".match-result")).to_be_visible()
    shoot(host, "race-alone-five-give-ups-1280-ja")
    assert host.evaluate(SPLIT_CELLS) == [], "a round's points and word on two lines"
    assert host.evaluate(CELL_WORDS) == {"cut": [], "hidden": 0}
    assert host.evaluate("document.documentElement.scrollWidth") == 1280
