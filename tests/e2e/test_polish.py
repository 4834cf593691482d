"""What a player sees of the page's finish, checked where only a browser shows it: a <details> says it
opens, an invitation link shows all its characters, a Japanese heading does not leave one character on
a line of its own, the daily puzzles' line does not touch its buttons."""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NO_SERVICE_WORKER, open_app

pytestmark = pytest.mark.e2e

JAPANESE = "localStorage.setItem('gnc:lang', 'ja')"


def test_a_summary_shows_that_it_opens_and_whether_it_is_open(app: Page, site_url: str):
    """The summaries are laid out as flex boxes (44 px tall), which took away the browser's triangle:
    "Options" read as a heading in a box, nothing said it opens. Each draws its own marker, ▸ or ▾ when open."""
    open_app(app, site_url, "#/raythread/table")
    summary = app.locator("details.table-options summary")
    marker = "(s) => getComputedStyle(s, '::before').content"
    closed = summary.evaluate(marker)
    assert closed not in ("none", "normal", ""), "no marker before the summary"
    summary.click()
    expect(app.locator("details.table-options")).to_have_attribute("open", "")
    opened = summary.evaluate(marker)
    assert opened not in ("none", "normal", "", closed), "the marker does not change when the details opens"


def test_the_underscores_of_an_invitation_link_show(app: Page, site_url: str):
    """An invitation link is shown in a monospace field; its underscores (most links have some) were cut
    off below the field's line, so "IQB1u_jj4qd" read "IQB1u jj4qd" (10 pixels differed from the same
    link with spaces, by at most 3 of 765 levels)."""
    open_app(app, site_url, "#/")

    def looks(value: str) -> str:
        app.evaluate(
            """(v) => { const e = document.createElement('input'); e.className = 'invite-link'; e.id = 'qa-link';
            e.value = v; e.readOnly = true; e.style.width = '20rem'; document.body.prepend(e); }""",
            value,
        )
        shot = app.locator("#qa-link").screenshot()
        app.evaluate("document.getElementById('qa-link').remove()")
        return base64.b64encode(shot).decode()

    # The pixels that differ plainly (by more than 100 of 765 levels) between the two pictures.
    plain = app.evaluate(
        """async ([a, b]) => {
        async function pixels(png) {
            const img = new Image(); img.src = 'data:image/png;base64,' + png; await img.decode();
            const canvas = document.createElement('canvas'); canvas.width = img.width; canvas.height = img.height;
            const context = canvas.getContext('2d'); context.drawImage(img, 0, 0);
            return context.getImageData(0, 0, img.width, img.height).data;
        }
        const p = await pixels(a), q = await pixels(b); let n = 0;
        for (let i = 0; i < p.length; i += 4) {
            if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 100) n++;
        }
        return n; }""",
        [looks("a_b_c_d_e_f"), looks("a b c d e f")],
    )
    assert plain >= 5 * 6, f"only {plain} pixels show the 5 underscores"


def test_a_japanese_heading_breaks_between_phrases_not_before_its_last_character(browser, site_url: str):
    """On a phone, "ページが見つかりません" broke as "ページが見つかりませ / ん" (Japanese may break
    between any two characters); headings break between phrases."""
    context = browser.new_context(**NO_SERVICE_WORKER, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(JAPANESE)
        open_app(page, site_url, "#/nowhere")
        expect(page.locator("h1")).to_have_text("ページが見つかりません")
        lines = page.evaluate(
            """() => { const text = document.querySelector('main h1').firstChild, tops = [];
            for (let i = 0; i < text.length; i++) {
                const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
                tops.push(Math.round(r.getBoundingClientRect().top));
            }
            const lines = {}; tops.forEach((t, i) => { lines[t] = (lines[t] || '') + text.data[i]; });
            return Object.keys(lines).map(Number).sort((a, b) => a - b).map(t => lines[t]); }"""
        )
        assert all(len(line) > 1 for line in lines), lines
    finally:
        context.close()


def test_the_daily_puzzles_line_does_not_touch_its_buttons(app: Page, site_url: str):
    open_app(app, site_url, "#/reflection/solo")
    note = app.locator(".rf-daily .rf-note-text").bounding_box()
    button = app.locator(".rf-daily .button").first.bounding_box()
    assert note and button
    assert button["y"] - (note["y"] + note["height"]) >= 6


def test_the_solo_start_fits_a_small_phone_in_japanese(browser, site_url: str):
    """At 320 px the puzzle list's longest name in Japanese ("エキスパート — …") made its field 318 px
    wide in a 304 px column: the page scrolled sideways."""
    context = browser.new_context(
        **NO_SERVICE_WORKER, viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.add_init_script(JAPANESE)
        open_app(page, site_url, "#/reflection/solo")
        expect(page.locator("#rf-preset")).to_be_visible()
        # A phone shows a page wider than its screen zoomed out: the window grows instead of scrolling.
        assert page.evaluate("[window.innerWidth, document.documentElement.scrollWidth]") == [320, 320]
    finally:
        context.close()


def test_the_header_keeps_its_controls_on_one_line_on_a_common_phone(browser, site_url: str):
    """At 360 px (many Android phones) "Settings" went to a third line of its own under the language
    buttons, and the header took 145 px of the screen instead of 101. One page, in English (as stored), then
    in Japanese (the header's switch, which stores it)."""
    context = browser.new_context(
        **NO_SERVICE_WORKER, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('gnc:lang', 'en')")
        open_app(page, site_url, "#/")
        for language in ("en", "ja"):
            if language == "ja":
                page.tap("button[data-action=language][data-lang=ja]")
                expect(page.locator("html")).to_have_attribute("lang", "ja")
                assert page.evaluate("localStorage.getItem('gnc:lang')") == "ja"
            tops = page.evaluate(
                "[...document.querySelectorAll('.app-header > :not(:first-child)')]"
                ".map(e => Math.round(e.getBoundingClientRect().top))"
            )
            assert len(tops) == 3 and len(set(tops)) == 1, (language, tops)
    finally:
        context.close()


def test_raythread_s_keyboard_cursor_shows_for_the_keyboard_only(browser, app: Page, site_url: str):
    """After a move made by taps the board has focus, and Raythread drew its keyboard cursor (a white
    square) on a phone where no key was pressed; Light Seeker and Reflection draw theirs for keyboard
    focus only (``:focus-visible``), and so does Raythread now."""
    cursor = "getComputedStyle(document.querySelector('.rt-cursor')).display"
    # By keyboard: Enter on Start puts focus on the board, where the cursor shows.
    open_app(app, site_url, "#/raythread/table")
    app.focus("form[data-action=table-setup] button[type=submit]")
    app.keyboard.press("Enter")
    expect(app.locator("#rt-board")).to_be_focused()
    assert app.evaluate(cursor) != "none"
    context = browser.new_context(
        **NO_SERVICE_WORKER, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        phone = context.new_page()
        open_app(phone, site_url, "#/raythread/table")
        phone.tap("form[data-action=table-setup] button[type=submit]")
        phone.tap(".rt-hand-tile:not([disabled])")  # the hand is dealt at random: it may hold no mirror
        for _ in range(2):  # the first tap previews, the second places
            phone.tap(".rt-cell.rt-target")
        expect(phone.locator(".match-status")).to_contain_text("(B) to play")
        expect(phone.locator("#rt-board")).to_be_focused()
        assert phone.evaluate(cursor) == "none"
    finally:
        context.close()


def test_the_lobby_s_options_open_under_the_game_and_players(app: Page, site_url: str):
    """The host's match form is a row: opened, its Options stood beside Game and Players, with Apply at
    their foot. They take a line of their own, Apply below them."""
    open_app(app, site_url, "?stun=none#/host?game=raythread")
    app.fill("input[name=lobby]", "Friday night")
    app.fill("input[name=name]", "Ann")
    app.click("form[data-action=host-setup] button[type=submit]")
    form = app.locator("form[data-action=choose]")
    form.locator("details summary").click()
    details = form.locator("details").bounding_box()
    players = form.locator("select[name=players]").bounding_box()
    apply = form.locator("button[type=submit]").bounding_box()
    whole = form.bounding_box()
    assert details and players and apply and whole
    assert details["x"] == whole["x"] and details["y"] >= players["y"] + players["height"]
    assert apply["y"] >= details["y"] + details["height"]


def test_escape_on_the_new_match_question_keeps_playing(app: Page, site_url: str):
    """The question's answers have the focus; Escape there is the safe answer, as the help says."""
    from tests.e2e.test_accessibility import ask_new_match, start_table

    open_app(app, site_url, "#/raythread/table")
    start_table(app)
    ask_new_match(app)
    expect(app.locator("button[data-action=table-new-cancel]")).to_be_focused()
    tiles = app.locator(".rt-tile").count()
    app.keyboard.press("Escape")
    expect(app.locator(".match-controls .confirm")).to_have_count(0)
    expect(app.locator("button[data-action=table-new]")).to_be_focused()
    expect(app.locator(".rt-tile")).to_have_count(tiles)


# The text after the host's "Invite a player" button, as boxes (a Range's client rects), and the button's.
INVITE_TEXT = """() => {
  const button = document.querySelector('.invites [data-action=invite]');
  const range = document.createRange();
  range.setStartAfter(button);
  range.setEnd(button.parentElement, button.parentElement.childNodes.length);
  const box = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(box);
  return {button: box(button.getBoundingClientRect()), rects};
}"""


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_invite_button_s_explanation_keeps_the_page_s_spacing(browser, site_url: str, width: int, height: int):
    """The explanation beside "Invite a player" touched the button (a space's 4-5 px), and on a phone its
    second line ran on under the button. It stands clear of it: beside it, or on lines of its own below."""
    phone = width < 600
    context = browser.new_context(
        **NO_SERVICE_WORKER, viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    try:
        page = context.new_page()
        open_app(page, site_url, "?stun=none#/host?game=raythread")
        page.fill("input[name=lobby]", "Friday night")
        page.fill("input[name=name]", "Ann")
        page.click("form[data-action=host-setup] button[type=submit]")
        expect(page.locator(".invites [data-action=invite]")).to_be_visible()
        shown = page.evaluate(INVITE_TEXT)
        button, rects = shown["button"], shown["rects"]
        assert rects, "no explanation"
        assert len({round(r["left"]) for r in rects}) == 1, f"the text's lines start at different places: {rects}"
        for r in rects:
            beside = r["left"] - button["right"]
            below = r["top"] - button["bottom"]
            assert beside >= 8 or below >= 6, f"the text touches the button: {r} {button}"
    finally:
        context.close()


# Each element drawn as a button that shows on the page: how far its words sit from its top edge and from
# its bottom edge (the range of its contents against its box), with its tag and words.
WORDS_IN_BUTTONS = """() => [...document.querySelectorAll('main .button')].filter(e => e.offsetParent).map(e => {
    const box = e.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(e);
    const words = range.getBoundingClientRect();
    return [e.tagName, e.textContent.trim(), words.top - box.top, box.bottom - words.bottom];
})"""


def test_a_link_drawn_as_a_button_centres_its_words_as_a_button_does(app: Page, site_url: str):
    """A <button> centres its words in its 44 px; a link drawn as one (the home page's "Play on this
    device", "How to play", "← All games") set them at its top: 10 px above them, 15 px below. One page
    takes the home page, a game's page and a match against the computer in turn."""
    open_app(app, site_url, "#/")
    for route, screen in (
        ("#/", "main.home"),
        ("#/raythread", "main.game"),
        ("#/raythread/table?vs=normal", ".rt-board"),
    ):
        app.evaluate("(route) => { location.hash = route; }", route)
        expect(app.locator(screen)).to_be_visible()
        expect(app.locator("main .button:visible").first).to_be_visible()
        found = app.evaluate(WORDS_IN_BUTTONS)
        assert found, f"{route}: no button on the page"
        off = [(tag, words, round(above), round(below)) for tag, words, above, below in found if abs(above - below) > 1]
        assert off == [], (route, off)
