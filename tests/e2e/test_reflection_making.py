"""Making Reflection puzzles in the browser: the next puzzle made ahead, Expert from the bank, and
work that stops at once on Cancel or when the player leaves (``<html data-work>`` counts the
background tasks the shell runs, ``<html data-timers>`` its timers; a stopped task runs no other
slice, tests/unit/test_ui.py)."""

import pytest
from playwright.sync_api import Page, expect

from gamenight.reflection import training
from gamenight.reflection.generate import make
from gamenight.reflection.laser import edge_names
from tests.e2e.conftest import open_app
from tests.e2e.test_reflection_solo_play import solo_link

pytestmark = pytest.mark.e2e

# An Expert link from before versions: made live the old way, which takes minutes.
SLOW = "#/reflection/solo?preset=expert&seed=3"
WORK = "document.documentElement.dataset.work"


def shown_clues(page: Page) -> dict[str, list[str]]:
    """Each clue on the page by its edge: "top 1: green 5, not matched yet" -> {"T1": ["green", "5"]}."""
    return {
        e.get_attribute("data-edge"): e.get_attribute("aria-label").split(":")[1].split(",")[0].split()
        for e in page.locator(".rf-edge").all()
    }


def expected_clues(params: dict[str, str]) -> dict[str, list[str]]:
    puzzle = make(training.parse_settings(params, 0).order).puzzle
    return {edge: [puzzle.clue(edge).colour, str(puzzle.clue(edge).number)] for edge in edge_names(puzzle.size)}


def test_new_puzzle_shows_the_puzzle_made_ahead_at_once_and_expert_comes_from_the_verified_bank(
    app: Page, site_url: str
):
    """A Normal puzzle's next one made ahead and shown at once; then, on the same page, an Expert link's puzzle
    from the bank (``expert_comes_from_the_verified_bank``)."""
    open_app(app, site_url, "#/reflection/solo?preset=normal&seed=11&v=2")
    expect(app.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=60_000)
    assert shown_clues(app) == expected_clues({"preset": "normal", "seed": "11", "v": "2"})
    ready = app.locator('[data-action="next"][data-ready="true"]')
    expect(ready).to_be_visible(timeout=60_000)
    expect(app.locator("html")).to_have_attribute("data-work", "0")
    before = app.locator(".rf-name").inner_text()
    # The click's handler renders the new board before it returns: no "making the puzzle" in between.
    phase, name = app.evaluate(
        """() => {
            document.querySelector('[data-action="next"]').click();
            return [document.querySelector('main').dataset.phase, document.querySelector('.rf-name').textContent];
        }"""
    )
    assert phase == "playing" and name != before
    seed = app.evaluate("new URLSearchParams(location.hash.split('?')[1]).get('seed')")
    assert shown_clues(app) == expected_clues({"preset": "normal", "seed": seed, "v": "2"})
    expert_comes_from_the_verified_bank(app)


def expert_comes_from_the_verified_bank(app: Page) -> None:
    """An Expert link's puzzle, opened fresh (``solo_link``), is the bank's (no live making: 20 s at most)."""
    window = app.viewport_size
    assert window is not None
    solo_link(app, "preset=expert&seed=77&v=2", window["width"], window["height"], timeout=20_000)
    assert shown_clues(app) == expected_clues({"preset": "expert", "seed": "77", "v": "2"}), "Expert, seed 77"


def test_cancel_or_leaving_the_screen_stops_making_the_puzzle(app: Page, site_url: str):
    """Cancel stops making the puzzle at once; then, on the same page, the link opened again from the home
    screen (as a fresh page opens it, nothing stored: Cancel stores no puzzle), leaving the screen stops it."""
    open_app(app, site_url, SLOW)
    expect(app.locator("main[data-phase=generating]")).to_be_visible()
    expect(app.locator("html")).to_have_attribute("data-work", "1")
    expect(app.locator(".rf-generating progress")).to_be_visible()
    app.locator(".rf-generating").get_by_role("button", name="Cancel").click()
    expect(app.locator("main[data-phase=options]")).to_be_visible()
    assert app.evaluate(WORK) == "0", "after Cancel"
    app.evaluate("location.hash = '#/'")
    expect(app.locator("main.home")).to_be_visible()
    app.evaluate(f"location.hash = '{SLOW}'")
    leaving_the_screen_stops_making_the_puzzle(app)


def leaving_the_screen_stops_making_the_puzzle(app: Page) -> None:
    """The slow link's puzzle being made: leaving the screen stops it, and coming back starts afresh."""
    expect(app.locator("main[data-phase=generating]")).to_be_visible()
    expect(app.locator("html")).to_have_attribute("data-work", "1")
    expect(app.locator("html")).to_have_attribute("data-timers", "1")  # the progress bar's
    app.evaluate("location.hash = '#/'")
    expect(app.locator("main.home")).to_be_visible()
    assert app.evaluate(WORK) == "0"
    assert app.evaluate("document.documentElement.dataset.timers") == "0"  # nothing of the screen left ticks
    # Coming back to the link starts afresh (one task, not two).
    app.evaluate(f"location.hash = '{SLOW}'")
    expect(app.locator("main[data-phase=generating]")).to_be_visible()
    expect(app.locator("html")).to_have_attribute("data-work", "1")
    app.go_back()
    expect(app.locator("main.home")).to_be_visible()
    assert app.evaluate(WORK) == "0"


# The shell schedules each slice of background work with ``scheduler.postTask`` where the browser has
# it (no 4 ms clamp between nested timeouts) and with ``setTimeout`` where it does not.
COUNT_POSTED = """
    window.__posted = 0;
    const post = scheduler.postTask.bind(scheduler);
    scheduler.postTask = (callback, options) => { window.__posted += 1; return post(callback, options); };
"""
NO_SCHEDULER = "Object.defineProperty(window, 'scheduler', {value: undefined, configurable: true});"
MADE_LIVE = "#/reflection/solo?preset=hard&seed=5&v=2"


def test_slices_of_work_are_posted_as_browser_tasks(app: Page, site_url: str):
    app.add_init_script(COUNT_POSTED)
    open_app(app, site_url, MADE_LIVE)
    expect(app.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=120_000)
    assert shown_clues(app) == expected_clues({"preset": "hard", "seed": "5", "v": "2"})
    assert app.evaluate("window.__posted") >= 1


def test_slices_of_work_fall_back_to_timeouts_without_a_scheduler(app: Page, site_url: str):
    app.add_init_script(NO_SCHEDULER)
    open_app(app, site_url, MADE_LIVE)
    assert app.evaluate("typeof scheduler") == "undefined"
    expect(app.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=120_000)
    assert shown_clues(app) == expected_clues({"preset": "hard", "seed": "5", "v": "2"})
