"""Reflection solo in the browser, as a keyboard or screen-reader player meets it: a puzzle solved with
the keyboard alone, undo and redo, notes, the daily puzzle and its share line, a saved game opened on a
fresh page, and what issue 18 found broken (keys reaching the wrong control, invisible blocks).

The puzzles are computed with the same engine on CPython, so the test knows the solution.
"""

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from gamenight.reflection import savecode, training
from gamenight.reflection.generate import steps
from gamenight.ui.program import Work, run_work
from tests.e2e.conftest import count_pointer_events, open_app, pointer_events, resize, watched_page

pytestmark = pytest.mark.e2e

LINK = "#/reflection/solo?preset=easy&seed=2024"


def solution_of(params: dict):
    settings = training.parse_settings(params, 0)
    _, done = run_work(Work("t", steps(settings.order)))  # the link's generator version (none: version 1)
    return done.puzzle, done.layout


PUZZLE, SOLUTION = solution_of({"preset": "easy", "seed": "2024"})


def cell(page: Page, r: int, c: int):
    return page.locator(f'.rf-cell[data-r="{r}"][data-c="{c}"]')


def open_puzzle(page: Page, site_url: str, route: str = LINK) -> Page:
    open_app(page, site_url, route)
    expect(page.locator('main[data-phase="playing"] .rf-board')).to_be_visible(timeout=60_000)
    return page


def solo_link(page: Page, query: str, width: int, height: int = 844, timeout: float = 60_000) -> None:
    """The solo screen at ``#/reflection/solo?query`` (the options alone if ``query`` is empty) on a live page
    at ``width`` × ``height``, as a fresh page at that size opens the link: the stored puzzle forgotten (it
    would come back, or the link would ask before replacing it), the options shown, then the link, the page
    scrolled to its top, the board shown within ``timeout`` ms. One page takes many boards in turn this way, each
    fresh: a boot each took longer."""
    resize(page, width, height)
    page.evaluate("localStorage.clear()")
    page.evaluate("location.hash = '#/reflection/solo'")
    expect(page.locator("main[data-phase=options]")).to_have_count(1, timeout=60_000)
    if query:
        page.evaluate(f"location.hash = {('#/reflection/solo?' + query)!r}")
        expect(page.locator("main[data-phase=playing] .rf-board")).to_be_visible(timeout=timeout)
    page.evaluate("window.scrollTo(0, 0)")


Case = tuple[str, Callable[[], object]]


def walk(cases: list[Case]) -> None:
    """Take ``cases`` in turn on one page (each opens its own board: ``solo_link``), and fail once all are
    taken with every case that failed, by name (a width, a route, a board), and why."""
    failed = []
    for name, check in cases:
        try:
            check()
        except (AssertionError, PlaywrightError) as err:
            failed.append(f"{name}: {err}")
    assert failed == [], "\n".join(failed)


def focused(page: Page) -> dict:
    """What has keyboard focus: its tag, action and board position."""
    return page.evaluate(
        """() => { const e = document.activeElement;
        return {tag: e.tagName, action: e.dataset ? (e.dataset.action || '') : '', r: e.dataset && e.dataset.r,
                c: e.dataset && e.dataset.c, edge: e.dataset && e.dataset.edge, id: e.id,
                grid: !!e.closest('[role=grid]')}; }"""
    )


def tab_to_board(page: Page) -> list[str]:
    """Press Tab from the top of the page until the board has focus; what had focus on the way."""
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    passed = []
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused(page)["grid"]:
            return passed
        passed.append(
            page.evaluate(
                "document.activeElement.closest('header') ? 'header'"
                " : document.activeElement.matches('.skip-link') ? 'skip link' : document.activeElement.id"
            )
        )
    raise AssertionError("the board is not in the Tab order")


def cursor(page: Page) -> tuple[int, int]:
    now = focused(page)
    assert now["grid"], f"focus left the board: {now}"
    if now["edge"]:
        raise AssertionError("the cursor is on a clue")
    return int(now["r"]), int(now["c"])


def go(page: Page, target: tuple[int, int]) -> None:
    """Walk the cursor to ``target`` with the arrow keys."""
    r, c = cursor(page)
    for _ in range(abs(target[0] - r)):
        page.keyboard.press("ArrowDown" if target[0] > r else "ArrowUp")
    for _ in range(abs(target[1] - c)):
        page.keyboard.press("ArrowRight" if target[1] > c else "ArrowLeft")
    expect(page.locator('.rf-board [tabindex="0"]')).to_have_attribute("data-r", str(target[0]))
    expect(page.locator('.rf-board [tabindex="0"]')).to_have_attribute("data-c", str(target[1]))
    assert cursor(page) == target


def keyboard_solve(page: Page, solution) -> None:
    for (r, c), tile in sorted(solution.tiles().items()):
        go(page, (r, c))
        page.keyboard.type(tile)
        if page.locator('main[data-phase="playing"]').count():
            expect(cell(page, r, c)).to_have_attribute("data-tile", tile)


def announced(page: Page) -> str:
    return "".join(page.locator("#rf-news-0, #rf-news-1").all_text_contents()).strip()


def test_a_puzzle_is_solved_with_the_keyboard_alone(app: Page, site_url: str):
    open_puzzle(app, site_url)
    count_pointer_events(app)
    passed = tab_to_board(app)
    assert passed[:1] == ["skip link"] and set(passed[1:]) <= {"header"}, (
        f"the board comes right after the skip link and the page header, not after {passed}"
    )
    assert cursor(app) == (0, 0)
    # Arrows and Space never scroll the page.
    app.evaluate("window.scrollTo(0, 0)")
    app.keyboard.press("ArrowDown")
    app.keyboard.press("PageDown")
    app.keyboard.press("ArrowUp")
    assert app.evaluate("window.scrollY") == 0 and cursor(app) == (0, 0)
    # The clue ring is part of the grid: up from (0, 0) is the clue T1; Enter shows its laser.
    app.keyboard.press("ArrowUp")
    assert focused(app)["edge"] == "T1"
    app.keyboard.press("Enter")
    expect(app.locator('.rf-laser[data-edge="T1"]')).to_have_count(1)
    assert announced(app).startswith("The laser from the top clue in column 1 ")
    app.keyboard.press("ArrowDown")
    keyboard_solve(app, SOLUTION)
    expect(app.locator("main")).to_have_attribute("data-phase", "solved")
    expect(app.locator(".rf-message")).to_have_text(re.compile(r"Solved in \d+:\d\d!"))
    assert announced(app).startswith("Solved in")
    assert pointer_events(app) == 0, "a puzzle solved with no pointer at all"


def test_keys_reach_only_the_focused_control(app: Page, site_url: str):
    open_puzzle(app, site_url)
    url = app.url
    # Tab through every control of the screen: nothing happens to the puzzle.
    tab_to_board(app)
    for _ in range(25):
        app.keyboard.press("Tab")
    assert app.url == url and app.locator(".rf-cell[data-tile]").count() == 0
    expect(app.locator("main")).to_have_attribute("data-phase", "playing")
    # Enter on Hint gives a hint (not a tile at the board's cursor) and focus stays on Hint.
    app.locator("#rf-hint").focus()
    app.keyboard.press("Enter")
    expect(app.locator(".rf-message")).to_contain_text("Hint:")
    assert focused(app)["id"] == "rf-hint"
    hinted = app.locator(".rf-cell[data-tile]")
    expect(hinted).to_have_count(1)
    # Space on a tray tile selects that tool only: the board does not change.
    app.locator("#rf-tool-ring").focus()
    app.keyboard.press(" ")
    expect(app.locator("#rf-tool-ring")).to_have_attribute("aria-pressed", "true")
    assert focused(app)["id"] == "rf-tool-ring"
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(1)
    # A tile key pressed on a button does nothing to the board.
    app.keyboard.press("/")
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(1)


def test_undo_and_redo_by_keyboard_and_buttons(app: Page, site_url: str):
    open_puzzle(app, site_url)
    tab_to_board(app)
    app.keyboard.type("/")
    app.keyboard.press("ArrowRight")
    app.keyboard.type("#")
    expect(cell(app, 0, 1)).to_have_attribute("data-tile", "#")
    app.keyboard.press("Control+z")
    expect(cell(app, 0, 1)).not_to_have_attribute("data-tile", "#")
    assert announced(app).startswith("Undone: Row 1, column 2: empty")
    app.keyboard.press("u")
    expect(cell(app, 0, 0)).not_to_have_attribute("data-tile", "/")
    app.keyboard.press("Control+y")
    expect(cell(app, 0, 0)).to_have_attribute("data-tile", "/")
    app.keyboard.press("r")
    expect(cell(app, 0, 1)).to_have_attribute("data-tile", "#")
    # The buttons do the same, and Restart clears the board but keeps the clock.
    app.locator("#rf-undo").click()
    expect(cell(app, 0, 1)).not_to_have_attribute("data-tile", "#")
    app.locator("#rf-redo").click()
    expect(cell(app, 0, 1)).to_have_attribute("data-tile", "#")
    expect(app.locator(".rf-clock")).not_to_have_text("Time 0:00")  # the clock has counted a second
    app.locator("#rf-restart").click()
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(0)
    assert app.locator(".rf-clock").text_content().strip() != "Time 0:00"
    app.locator("#rf-undo").click()
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(2)
    # Kept across a reload with the puzzle.
    app.reload()
    app.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60_000)
    app.locator("#rf-undo").click()  # the block placed last
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(1)
    app.locator("#rf-redo").click()  # and back
    expect(app.locator(".rf-cell[data-tile]")).to_have_count(2)


def test_a_note_is_placed_and_removed_and_blocks_are_visible(app: Page, site_url: str):
    resize(app, 1280, 800)
    open_puzzle(app, site_url)
    # At 1280×800 the tray and the controls sit beside the board, not below the fold (issue 18).
    for part in ("#rf-tool-diagonal", "#rf-tool-remove", "#rf-undo", "#rf-hint"):
        box = app.locator(part).bounding_box()
        assert box and box["y"] + box["height"] <= 800, f"{part} is below the fold"
    app.locator("#rf-tool-dot").click()
    cell(app, 2, 2).click()
    expect(cell(app, 2, 2)).to_have_attribute("data-note", "d")
    expect(cell(app, 2, 2)).to_have_attribute("aria-label", "row 3, column 3: empty, noted empty")
    app.locator("#rf-tool-ring").click()
    cell(app, 2, 3).click()
    expect(cell(app, 2, 3).locator(".rf-ring")).to_have_count(1)
    cell(app, 2, 3).click()
    expect(cell(app, 2, 3)).not_to_have_attribute("data-note", "r")
    cell(app, 2, 2).focus()
    app.keyboard.press("Delete")
    expect(cell(app, 2, 2)).not_to_have_attribute("data-note", "d")
    # A placed block is drawn in the text colour, not hidden under the cell's fill (issue 18).
    app.locator("#rf-tool-block").click()
    cell(app, 4, 4).click()
    fills = app.evaluate(
        """() => { const c = document.querySelector('.rf-cell[data-r="4"][data-c="4"]');
        return [getComputedStyle(c.querySelector('.rf-block')).fill, getComputedStyle(c.querySelector('.rf-bg')).fill,
                getComputedStyle(document.body).color]; }"""
    )
    assert fills[0] != fills[1] and fills[0] == fills[2]


def test_a_daily_puzzle_is_solved_and_its_share_line_copied(context: BrowserContext, app: Page, site_url: str):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    open_app(app, site_url, "#/reflection/solo")
    heading = app.locator("#rf-daily-title").text_content()
    day = re.search(r"\d{4}-\d\d-\d\d", heading).group()
    app.locator("#rf-daily-easy").click()
    expect(app.locator('main[data-phase="playing"] .rf-board')).to_be_visible(timeout=60_000)
    assert app.url.endswith(f"#/reflection/solo?preset=easy&daily={day}")
    _, solution = solution_of({"preset": "easy", "daily": day})
    tab_to_board(app)
    keyboard_solve(app, solution)
    expect(app.locator("main")).to_have_attribute("data-phase", "solved")
    line = app.locator("#rf-share-line")
    expect(line).to_have_text(re.compile(rf"^Reflection daily {day} · Easy · \d+:\d\d · no hints$"))
    app.locator("#rf-share").click()
    expect(app.locator("#app-copied")).to_have_text("The result line is copied.")  # once the clipboard took it
    assert app.evaluate("navigator.clipboard.readText()") == line.text_content()
    app.locator("#rf-options").click()
    expect(app.locator("#rf-daily-easy")).to_contain_text("✓")
    expect(app.locator(".rf-streak")).to_contain_text("Streak: 1 day")


def test_a_copy_says_whether_the_clipboard_took_it(context: BrowserContext, app: Page, site_url: str):
    # The page says what a "Copy" did once the browser answered: a browser that refuses (here its
    # clipboard made to refuse, as one without permission does) is told apart from one that took it.
    app.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'))")
    open_puzzle(app, site_url)
    app.locator("#rf-save").click()
    app.locator("#rf-copy-code").click()
    expect(app.locator("#app-copied")).to_have_text(
        "The browser did not let this page copy. Select the text and copy it yourself."
    )
    expect(app.locator("#app-copied")).to_be_empty(timeout=10_000)  # said for a moment, then gone
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page = context.new_page()  # without the refusing clipboard
    open_puzzle(page, site_url)
    page.locator("#rf-save").click()
    page.locator("#rf-copy-code").click()
    expect(page.locator("#app-copied")).to_have_text("The code is copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#rf-code-out").input_value()


def test_an_exported_game_opens_on_a_fresh_page(context: BrowserContext, app: Page, site_url: str, tmp_path: Path):
    open_puzzle(app, site_url)
    app.locator("#rf-tool-diagonal").click()
    cell(app, 1, 1).click()
    app.locator("#rf-tool-ring").click()
    cell(app, 3, 3).click()
    app.locator("#rf-save").click()
    code = app.locator("#rf-code-out").input_value()
    assert code.startswith("REFL1.")
    with app.expect_download() as download:
        app.locator("#rf-download").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    # The code holds the clock too: a second may tick between reading the page and the download.
    assert saved.name == "reflection-easy-2024.txt"
    on_page, in_file = savecode.parse_code(code), savecode.parse_code(saved.read_text().strip())
    assert replace(in_file, elapsed_ms=on_page.elapsed_ms) == on_page
    assert 0 <= in_file.elapsed_ms - on_page.elapsed_ms <= 5_000

    for how in ("code", "file"):
        # no storage: another device (its page watched as ``app``'s, its context closed whatever happens)
        with watched_page(context.browser, site_url) as page:
            open_app(page, site_url, "#/reflection/solo")
            if how == "code":
                page.locator("#rf-code-in").fill("REFL1.garbage")
                page.locator("#rf-open").click()
                expect(page.locator(".rf-message")).to_contain_text("damaged")
                page.locator("#rf-code-in").fill(code)
                page.locator("#rf-open").click()
            else:  # the button in the page's words opens the browser's file chooser
                with page.expect_file_chooser() as chooser:
                    page.locator(".rf-file .button").click()
                chooser.value.set_files(str(saved))
            expect(page.locator('main[data-phase="playing"]')).to_be_visible(timeout=30_000)
            expect(page.locator('.rf-cell[data-r="1"][data-c="1"]')).to_have_attribute("data-tile", "/")
            expect(page.locator('.rf-cell[data-r="3"][data-c="3"]')).to_have_attribute("data-note", "r")
            expect(page.locator(".rf-message")).to_contain_text("Saved game opened")
            assert page.url.endswith(LINK)


def test_options_pressed_by_keyboard_mid_puzzle_puts_focus_on_the_options_form(app: Page, site_url: str):
    """QA14: the pressed button went with the board and focus fell to the page's body. QA79: with a tile placed,
    Options threw the puzzle away unasked: it asks first, "Keep this puzzle" focused, Escape keeps it."""
    open_puzzle(app, site_url)
    app.locator("#rf-tool-diagonal").click()
    cell(app, 0, 0).click()
    app.locator("#rf-options").focus()
    app.keyboard.press("Enter")
    expect(app.locator("#rf-keep-playing")).to_be_focused()
    expect(
        app.locator("#rf-leave-question-0, #rf-leave-question-1").filter(has_text="Go to the options?")
    ).to_have_count(1)
    app.keyboard.press("Escape")
    expect(app.locator("#rf-options")).to_be_focused()
    expect(cell(app, 0, 0)).to_have_attribute("data-tile", "/")
    app.keyboard.press("Enter")
    expect(app.locator("#rf-keep-playing")).to_be_focused()
    app.keyboard.press("Tab")
    expect(app.locator("#rf-options")).to_have_text("Yes, to the options")
    app.keyboard.press("Enter")
    expect(app.locator("main")).to_have_attribute("data-phase", "options")
    expect(app.locator("#rf-preset")).to_be_focused()


def boxes(page: Page) -> dict:
    """Where the board and the buttons of the side column are on the page (the page scrolled to its top)."""
    page.evaluate("window.scrollTo(0, 0)")
    return {
        part: round(page.locator(part).bounding_box()["y"])
        for part in (".rf-play .rf-board", "#rf-tool-diagonal", "#rf-hint", "#rf-check")
    }


def test_a_hint_or_a_check_moves_neither_the_board_nor_its_buttons(app: Page, site_url: str):
    """QA14: the hint's (or the check's) sentence was drawn above the board and went with the next move, so
    the board and the side column jumped down by its height and back up (57 px at 1280×800): a tile placed
    after a hint and clicked again to turn it, the second click landed on the cell below. The sentence
    now comes under the buttons, and nothing the player is about to press moves. At 1280 × 800, then on the
    same page at 390 × 844, the puzzle opened fresh by its link (``solo_link``); a failure names the window."""
    open_app(app, site_url, "#/reflection/solo")
    for width, height in ((1280, 800), (390, 844)):
        solo_link(app, LINK.split("?", 1)[1], width, height)
        hint_or_check_moves_nothing(app, f"{width} × {height}")


def hint_or_check_moves_nothing(app: Page, window: str) -> None:
    """The checks of ``test_a_hint_or_a_check_moves_neither_the_board_nor_its_buttons`` in ``window``."""
    before = boxes(app)
    app.locator("#rf-hint").click()
    expect(app.locator(".rf-message")).to_contain_text("Hint:")
    assert boxes(app) == before, f"{window}: the hint's sentence moved the board or the buttons"
    app.locator("#rf-tool-diagonal").click()
    free = next((r, c) for r in range(6) for c in range(6) if cell(app, r, c).get_attribute("data-tile") is None)
    cell(app, *free).click()
    expect(app.locator(".rf-message")).to_have_count(0)
    assert boxes(app) == before, f"{window}: the sentence going moved the board or the buttons"
    app.locator("#rf-check").click()
    expect(app.locator(".rf-message")).to_contain_text("Check:")
    assert boxes(app) == before, f"{window}: the check's sentence moved the board or the buttons"


def test_on_a_phone_nothing_overflows_and_targets_are_big_enough(browser, site_url: str):
    """A Hard board on a phone 390, then 320 px wide (one page: the layout is CSS alone), a failure naming
    the width: no sideways scroll, buttons 44 px, and Bigger cells on by default."""
    with watched_page(
        browser, site_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, site_url, "#/reflection/solo?preset=hard&seed=7")
        for width in (390, 320):
            resize(page, width, 844)
            phone_sizes(page, width)


def phone_sizes(page: Page, width: int) -> None:
    """The checks of ``test_on_a_phone_nothing_overflows_and_targets_are_big_enough`` at ``width``."""
    sizes = page.evaluate(
        """() => {
        const svg = document.querySelector('.rf-board');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const number = parseFloat(getComputedStyle(document.querySelector('.rf-number')).fontSize) * scale;
        const small = [...document.querySelectorAll('main button, main select, main input')]
            .map(b => b.getBoundingClientRect()).filter(r => r.width && (r.height < 44 || r.width < 44));
        return {overflow: document.documentElement.scrollWidth - window.innerWidth, number, small: small.length};
        }"""
    )
    assert sizes["overflow"] <= 0, f"the page scrolls sideways at {width} px"
    assert sizes["small"] == 0, f"a button is under 44 px at {width} px"
    if width >= 390:
        assert sizes["number"] >= 14, f"clue numbers are {sizes['number']:.1f} px at {width} px"
    # "Bigger cells", on by default on a Hard board at these widths (its fitted numbers would be under
    # 12 px): cells a finger can hit; the board pans inside its frame, the page does not.
    expect(page.locator("#rf-zoom-auto"), f"Bigger cells at {width} px").to_be_visible()
    expect(page.locator(".rf-board-wrap.rf-zoom-auto"), f"Bigger cells at {width} px").to_have_count(1)
    zoomed = page.evaluate(
        """() => { const svg = document.querySelector('.rf-board');
                   const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                   return {cell: document.querySelector('.rf-cell .rf-bg').getBoundingClientRect().width,
                   number: parseFloat(getComputedStyle(document.querySelector('.rf-number')).fontSize) * scale,
                   overflow: document.documentElement.scrollWidth - window.innerWidth}; }"""
    )
    assert zoomed["cell"] >= 44 and zoomed["overflow"] <= 0, (width, zoomed)
    assert zoomed["number"] >= 14, f"zoomed in, clue numbers are {zoomed['number']:.1f} px at {width} px"
