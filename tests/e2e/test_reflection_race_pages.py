"""One page's walk through a one-player Reflection race (no peer to wait for): its points table in Japanese at
1280 px with every round given up, its board at 1920 × 1080, at 320 px with the text at 200 %, and in forced
colours, and the solo start page and board at 320 px with the text at 200 % and at 1920 × 1080. One page, several
sizes in turn (docs/testing.md: a page's boot is most of a browser test's time).

Run in the private network namespace by ``make e2e``, as the other lobby tests.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from gamenight.reflection import scene
from tests.e2e.conftest import People, resize
from tests.e2e.test_accessibility import text_at
from tests.e2e.test_peer_links import CONNECT_MS
from tests.e2e.test_reflection_match import CELL_WORDS, CUES, SPLIT_CELLS, choose, give_up, open_host, points_of

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]
SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the screenshots of these pages go there


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_race_alone_in_japanese_then_the_solo_pages_with_large_text_and_on_a_big_screen(people: People):
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
    solutions_readable(host)
    # Forced colours (Windows High Contrast) paint every colour the system's: the builder's advice frame ("one
    # solution", green, against the check still running) and the running-out clock (red) were told by colour
    # alone. Each keeps a shape of its own there: compared on this page, drawn as the board draws them.
    host.emulate_media(forced_colors="active")
    assert host.evaluate(FORCED_SHAPES) == {"advice": True, "clock": True}
    shoot(host, "race-forced-colours")
    host.emulate_media(forced_colors="none")
    solo_pages(host)


# Each pair's border and outline in forced colours, but their colours: whether the two differ.
FORCED_SHAPES = """() => {
    const shape = (html) => {
        const box = document.createElement('div');
        box.className = 'rf-match';
        box.innerHTML = html;
        document.querySelector('.match-main').append(box);
        const s = getComputedStyle(box.firstElementChild);
        const out = ['Style', 'Width'].map((p) => s['borderTop' + p] + s['borderLeft' + p] + s['outline' + p]).join();
        box.remove();
        return out;
    };
    return {
        advice: shape('<p class="rf-advice rf-advice-unique">✓ One solution</p>')
            !== shape('<p class="rf-advice rf-advice-running">Checking</p>'),
        clock: shape('<p class="rf-clock rf-hurry">0:20 left</p>') !== shape('<p class="rf-clock">0:40 left</p>'),
    };
}"""

# How far the page reaches past the window's right edge (0: it reflows), and the innermost elements past it.
PAST = """(width) => {
    const over = Math.max(document.documentElement.scrollWidth, innerWidth) - width;
    const out = (e) => e.getBoundingClientRect().right > width + 1;
    const past = [...document.querySelectorAll('main *')].filter((e) => out(e) && ![...e.children].some(out));
    return over <= 0 ? 0 : `${over} px: ${past.slice(0, 4).map((e) => e.tagName.toLowerCase()).join(' | ')}`;
}"""


# Where a heading's line breaks between two katakana of a word (not at the middle dot "・" that parts a heading's
# parts): a word a Japanese reader takes whole, as "Refle" / "ction" broke in English.
KANA_BROKEN = r"""() => [...document.querySelectorAll('h1, h2, h3')].flatMap((h) => {
    const range = document.createRange(), walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT), out = [];
    const kana = /[\u30a1-\u30fa\u30fc]/;
    let last = null, top = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect || !rect.width) continue;
            const c = node.data[i];
            if (last !== null && kana.test(last) && kana.test(c) && rect.top > top + 2) {
                out.push(`${h.textContent.trim()} (before "${c}")`);
            }
            last = c;
            top = rect.top;
        }
    }
    return out;
})"""


# The options of the solo start page's preset dropdown whose words, shown chosen, do not fit beside its arrow
# (20 px of the select's content box, Chromium's).
OPTIONS_CUT = """() => { const select = document.querySelector('#rf-preset'), chosen = select.selectedIndex, cut = [];
    for (let i = 0; i < select.options.length; i++) {
        select.selectedIndex = i;  // each option as the box draws it chosen (no change event: the page is not told)
        const style = getComputedStyle(select), text = select.options[i].text;
        const px = (name) => parseFloat(style[name]);
        const room = Math.round(select.clientWidth - px('paddingLeft') - px('paddingRight') - 20);
        const high = select.clientHeight - px('paddingTop') - px('paddingBottom');
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.cssText = `position: absolute; visibility: hidden; width: ${room}px;
            white-space: ${style.whiteSpace}; font: ${style.font}; line-height: ${style.lineHeight}`;
        probe.textContent = text;
        const wide = probe.scrollWidth - probe.clientWidth, needs = probe.offsetHeight;
        probe.remove();
        if (wide > 0 || needs > high + 1) {
            cut.push(`${text}: needs ${needs} px high (${wide} px wider) in ${room} × ${high} px`);
        }
    }
    select.selectedIndex = chosen;
    return cut; }"""


# Where the level's board line ("6×6, 6 tiles", the dropdown's description) is drawn against the dropdown: its left
# edge at the dropdown's, under it, and no wider.
ABOUT_AT = """() => {
    const select = document.querySelector('#rf-preset').getBoundingClientRect();
    const about = document.querySelector('#rf-preset-about').getBoundingClientRect();
    return {aligned: Math.abs(about.left - select.left) <= 1, under: about.top >= select.bottom - 1,
            within: about.right <= select.right + 1};
}"""
ABOUT_OK = {"aligned": True, "under": True, "within": True}


# Per small board of the Solutions: the smallest size, in px as shown, its clues' digits are drawn at, or would be
# (13.5 units: the smallest a board draws, .rf-mid and .rf-long in css/app.css, whether or not this puzzle has
# such a clue), and the smallest height of a clue's text box as laid out.
MINI_CLUES = """() => [...document.querySelectorAll('.rf-mini svg.rf-board')].map((svg) => {
    const scale = Math.abs(svg.getScreenCTM().a), numbers = [...svg.querySelectorAll('.rf-number')];
    const px = numbers.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    const height = Math.min(...numbers.map((t) => t.getBoundingClientRect().height));
    return {px: Math.round(Math.min(13.5 * scale, ...px) * 10) / 10, height: Math.round(height * 10) / 10};
})"""


def solutions_readable(page: Page) -> None:
    """A player's pass: the Solutions' small boards, after a round and at the race's end, drew their clues at
    7–8 px at 1280 × 800. Each is now wide enough for every digit a board draws to be 12 px or more, at 1280 ×
    800 and 390 × 844, and the page still reflows at 320 px with the text at 200 %."""
    drawn = {}
    for width, height in ((1280, 800), (390, 844)):
        resize(page, width, height)
        page.locator(".rf-gallery").scroll_into_view_if_needed()
        for scheme in ("dark", "light") if SHOTS else ():
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=f"{SHOTS}/race-solutions-{width}-{scheme}-ja.png")
        drawn[width] = page.evaluate(MINI_CLUES)
    assert drawn[1280] and all(d["px"] >= 12 and d["height"] >= 12 for shown in drawn.values() for d in shown), drawn
    boards_pan_with_a_cue(page)
    resize(page, 320, 640)
    text_at(page, 200)
    assert page.evaluate(PAST, 320) == 0, "the race's final results with their Solutions"
    text_at(page, 100)
    resize(page, 1280, 800)


def boards_pan_with_a_cue(page: Page) -> None:
    """A 10 × 10 board under Solutions (403 px on a phone) scrolled sideways in its box with nothing showing that
    it did: its box shows the points table's fade at the edge where there is more, at 390 × 844 and 320 × 640.
    The race here is of 6 × 6 boards, which fit: the figures are drawn at a 10 × 10 board's width (its
    --rf-units, as standings.gallery writes it for the largest board), which is all the box sees of a board."""
    drawn = page.evaluate("document.querySelector('.rf-figures').style.getPropertyValue('--rf-units')")
    page.evaluate(f"document.querySelector('.rf-figures').style.setProperty('--rf-units', '{scene.units(10):g}')")
    for width, height in ((390, 844), (320, 640)):
        resize(page, width, height)
        box = page.locator(".rf-mini").first
        box.evaluate("e => { e.scrollLeft = 0; }")
        box.scroll_into_view_if_needed()
        for scheme in ("dark", "light") if SHOTS else ():
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=f"{SHOTS}/race-solutions-10x10-{width}-{scheme}-ja.png")
        assert box.evaluate("e => e.scrollWidth > e.clientWidth"), width
        page.wait_for_function(f"() => ({CUES})(document.querySelector('.rf-mini')).end")
        assert box.evaluate(CUES) == {"start": False, "end": True}, width
        box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        page.wait_for_function(
            f"() => {{ const c = ({CUES})(document.querySelector('.rf-mini')); return c.start && !c.end; }}"
        )
    page.evaluate(f"document.querySelector('.rf-figures').style.setProperty('--rf-units', '{drawn}')")


def solo_pages(page: Page) -> None:
    """WCAG 1.4.10 at 320 px with the browser's text at 200 % (in Japanese, the wider: 272 px past the window where
    English was 237): the solo start page's "Time limit" and "Puzzle number" fields kept their labels' line and the
    page scrolled sideways; then the board's page with a link to another puzzle over it. At 1920 × 1080 the board
    stayed 36rem (576 px) with a third of the window empty under it: it grows with the window, the side column
    and the board's bottom clues still in it. (On the race's page, which has booted: a boot is most of a test.)"""
    page.evaluate("location.hash = '#/reflection/solo'")
    resize(page, 320, 640)
    text_at(page, 200)
    expect(page.locator("#rf-start")).to_be_visible()
    shoot(page, "solo-start-320-200-ja")
    assert page.evaluate(PAST, 320) == 0, "the start page"
    # The preset's dropdown cut its words ("かんたん（6×…"): each option, shown chosen, fits its box beside
    # the arrow. The system's closed select is one line high; a page this narrow draws its own (css/app.css,
    # base-select), whose choice wraps and whose box grows with it: measured as the box draws it, either way.
    assert page.evaluate(OPTIONS_CUT) == [], "the preset's options, chosen"
    # A heading's katakana word broken inside itself ("デイリーパズ" / "ル・" in the daily puzzles' 238 px panel).
    assert page.evaluate(KANA_BROKEN) == [], "the start page's headings"
    # The level's board line sat under "Puzzle" at the row's start, the dropdown at its end (a wide window): it
    # is the dropdown's description, drawn under the dropdown at every width.
    about = {"320 px, text at 200 %": page.evaluate(ABOUT_AT)}
    text_at(page, 100)
    for width, height in ((1280, 800), (390, 844)):
        resize(page, width, height)
        about[f"{width} px"] = page.evaluate(ABOUT_AT)
    assert about == dict.fromkeys(about, ABOUT_OK)
    resize(page, 320, 640)
    text_at(page, 200)
    page.click("#rf-start")
    expect(page.locator(".rf-play svg.rf-board")).to_be_visible(timeout=CONNECT_MS)
    shoot(page, "solo-board-320-200-ja")
    assert page.evaluate(PAST, 320) == 0, "the board's page"
    # A link to another puzzle over the one in play: the page asks, and its side column says "Welcome back"
    # (おかえりなさい。パズルは中断したときのままです。), whose phrases were each one piece, 50 px past the window.
    page.evaluate("location.hash = '#/reflection/solo?preset=normal&seed=2'")
    expect(page.locator(".rf-message")).to_be_visible()
    shoot(page, "solo-link-320-200-ja")
    assert page.evaluate(PAST, 320) == 0, "a link to another puzzle over the board"
    text_at(page, 100)
    resize(page, 1920, 1080)
    board = page.locator(".rf-play > .rf-board-wrap").bounding_box()
    shoot(page, "solo-board-1920-ja")
    assert board and board["width"] > 700, board
    assert board["y"] + board["height"] <= 1080, board
    assert page.evaluate("document.documentElement.scrollWidth") == 1920
