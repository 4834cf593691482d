"""Accessibility checks with axe-core (pinned in package.json's devDependencies, used only by the tests):
every route, and each board in play, on a desktop in the light theme and on a phone in the dark one — no
serious or critical violation of WCAG 2.2 A/AA rules, and no id on two elements."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from gamenight.net import invite as iv
from tests.e2e.conftest import PHONE, open_app, resize, watched_page

pytestmark = pytest.mark.e2e
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


# The axe rules among ``TAGS``' that read an element's colours: all that a theme can change on this app's
# pages, whose dark theme only gives the palette's custom properties other colours (``recolourings``).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """The serious and critical axe violations on the page, one line each: of every rule of ``TAGS``, or of
    ``rules`` alone. axe is injected once a page: the app routes without reloading, so it stays; only
    violations are gathered (``resultTypes``: the passes' and the incomplete checks' nodes are not
    collected, which leaves every violation and its nodes)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))  # injected inline: no request leaves the page
    found = page.evaluate(
        """async ([tags, rules]) => {
            const only = rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags};
            const result = await axe.run(document, {runOnly: only, resultTypes: ['violations']});
            return result.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }""",
        [TAGS, rules],
    )
    return found


def recolourings(page: Page) -> list[str]:
    """What the page's dark theme changes other than a custom property's colour: every declaration inside
    a ``prefers-color-scheme`` rule of its style sheets that is not ``--name: <a colour>`` (none, as the app
    is drawn: its dark theme is a palette; ``light-dark()`` elsewhere would choose a colour too)."""
    return page.evaluate(
        r"""() => {
            const found = [];
            const walk = (rules, themed) => {
                for (const rule of rules) {
                    const scheme = rule.conditionText !== undefined && /prefers-color-scheme/.test(rule.conditionText);
                    if (rule.cssRules && !rule.style) { walk(rule.cssRules, themed || scheme); continue; }
                    if (!themed) continue;  // a rule outside the dark theme is the same in both
                    if (!rule.style) { found.push(rule.cssText.slice(0, 80)); continue; }
                    for (const name of rule.style) {
                        const value = rule.style.getPropertyValue(name).trim();
                        if (!(name.startsWith('--') && CSS.supports('color', value)))
                            found.push(`${rule.selectorText} { ${name}: ${value} }`);
                    }
                    if (rule.cssRules) walk(rule.cssRules, themed);
                }
            };
            for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
            return found.slice(0, 5);
        }"""
    )


def in_both_themes(page: Page) -> list[str]:
    """The serious and critical axe violations on the page in the light theme (every rule) and in the dark
    one, each line named by its theme; the page is left light. The dark theme changes only the palette's
    colours (``recolourings``, checked on the page each time: a dark rule that changed anything else would
    fail here), so the rules that read no colour see the same page twice: in the dark theme only
    ``COLOUR_RULES`` run (0.2–0.5 s of a 0.4–0.7 s run, measured on a lobby's board)."""
    page.emulate_media(color_scheme="light")
    found = [f"light: {line}" for line in violations(page)]
    odd = recolourings(page)
    assert odd == [], f"the dark theme changes more than colours, check it with every rule: {odd}"
    page.emulate_media(color_scheme="dark")
    found += [f"dark: {line}" for line in violations(page, COLOUR_RULES)]
    page.emulate_media(color_scheme="light")
    return found


def duplicate_ids(page: Page) -> list[str]:
    """Ids that more than one element on the page has (axe rates that minor, so ``violations`` leaves it
    out; the page's morphing step matches elements by id)."""
    return page.evaluate(
        """() => {
            const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
            return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))].slice(0, 5);
        }"""
    )


def start_table(page: Page) -> None:
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".rt-board")).to_be_visible()
    page.click(".rt-hand-tile:not([disabled])")  # a tile chosen: targets and the hand's pressed state


def place_a_tile(page: Page) -> None:
    """A Raythread board with a tile on it (its owner's badge and turn mark) and the next hand chosen."""
    expect(page.locator(".rt-board")).to_be_visible()
    if not page.locator(".rt-hand-tile[aria-pressed=true]").count():  # none chosen yet
        page.click(".rt-hand-tile:not([disabled])")
    page.click(".rt-cell.rt-target >> nth=0")
    expect(page.locator(".rt-tile")).to_have_count(1)
    page.click(".rt-hand-tile:not([disabled])")


def ask_new_match(page: Page) -> None:
    """The question "New match" asks during a match with moves in it."""
    if not page.locator(".rt-tile").count():
        place_a_tile(page)
    page.click("button[data-action=table-new]")
    expect(page.locator(".match-controls .confirm")).to_be_visible()


def start_lightseeker(page: Page) -> None:
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".ls-board")).to_be_visible()
    page.click(".ls-cell[aria-label*='cube 1,']")  # a cube chosen: its arrows and action buttons
    expect(page.locator(".ls-moves")).to_be_visible()


def open_help(page: Page) -> None:
    page.keyboard.press("?")
    expect(page.locator("#overlay")).to_be_focused()


def open_rules_over_the_match(page: Page) -> None:
    """Light Seeker's rules from inside a match: the help overlay's "How to play"."""
    expect(page.locator(".ls-board")).to_be_visible()
    page.keyboard.press("?")
    page.click("#overlay button[data-action=app-rules]")
    expect(page.locator("#overlay")).to_contain_text("Light Seeker: how to play")


def open_invitation(page: Page) -> None:
    """A fresh invitation (made now, so it has not expired): the join page names the game, the host
    and the minutes left. Only the page's reading of the code is exercised: nothing is answered."""
    transport = iv.Transport("abcd", "P" * 24, bytes(range(32)), (iv.Candidate("10.0.0.1", 40000),))
    made = iv.Invitation(b"\1\2\3\4", b"\5\6\7\x08", int(time.time()), "Friday night", transport, "lightseeker", "Ann")
    page.evaluate("(route) => { location.hash = route; }", "#join=" + iv.encode_invitation(made))
    expect(page.locator("main.join[data-stage=name]")).to_be_visible()
    expect(page.locator(".invited")).to_contain_text("Ann invites you to play Light Seeker.")
    expect(page.locator(".invited .expiry")).to_contain_text("expires in 10 minutes")


def play_reflection(page: Page) -> None:
    """A Reflection puzzle in play: a tile, a note, a laser, a hint, the save panel."""
    expect(page.locator('main[data-phase="playing"] .rf-board')).to_be_visible(timeout=60_000)
    page.click("#rf-tool-diagonal")
    page.click('.rf-cell[data-r="1"][data-c="1"]')
    page.click("#rf-tool-ring")
    page.click('.rf-cell[data-r="3"][data-c="3"]')
    page.click('.rf-edge[data-edge="L2"]')
    page.click("#rf-hint")
    page.click("#rf-save")


def open_host(page: Page) -> None:
    page.fill("input[name=lobby]", "Friday night")
    page.fill("input[name=name]", "Ann")
    page.click("form[data-action=host-setup] button[type=submit]")
    expect(page.locator("main.host[data-stage=lobby]")).to_be_visible()


def ask_to_clear_data(page: Page) -> None:
    """Settings' "Clear my data" question, before anything is cleared."""
    page.click("#clear-data")
    expect(page.locator("#clear-cancel")).to_be_focused()


def in_japanese(page: Page) -> None:
    """The page in Japanese (the header's switch): every route after this one is checked in Japanese."""
    page.click("button[data-action=language][data-lang=ja]")
    expect(page.locator("html")).to_have_attribute("lang", "ja")


ROUTES: list[tuple[str, Callable[[Page], None] | None]] = [
    ("#/", None),
    ("#/raythread", None),
    ("#/reflection", None),
    ("#/lightseeker", None),
    ("#/raythread/rules", None),
    ("#/reflection/rules", None),
    ("#/lightseeker/rules", None),
    ("#/raythread/table", None),
    ("#/raythread/table", start_table),
    ("#/raythread/table", place_a_tile),
    ("#/raythread/table", ask_new_match),
    ("#/raythread/table", open_help),
    ("#/lightseeker/table", None),
    ("#/lightseeker/table", start_lightseeker),
    ("#/lightseeker/table", open_rules_over_the_match),
    ("#/reflection/solo", None),
    ("#/reflection/solo?preset=easy&seed=2024", play_reflection),
    ("#/host?game=raythread", None),
    ("#/host?game=raythread", open_host),
    ("#join=not-a-code", None),
    ("#/", open_invitation),
    ("#/nowhere", None),
    ("#/settings", None),
    ("#/settings", ask_to_clear_data),
    ("#/", in_japanese),
    ("#/raythread/table", None),
    ("#/reflection/solo?preset=easy&seed=2024", None),
    ("#/host?game=raythread", None),
]


# The desktop in the light theme, a phone (touch, narrow: another layout) in the dark one.
SCREENS = {
    "desktop-light": {"color_scheme": "light", "viewport": {"width": 1280, "height": 800}},
    "phone-dark": PHONE,
}
# Where the desktop's page is checked again with the system's forced colours in the dark palette (as Windows'
# High Contrast Black): each screen where a board keeps its own colours and the page around it the system's.
FORCED_ROUTES: list[tuple[str, Callable[[Page], None] | None]] = [
    ("#/", None),
    ("#/raythread/table", start_table),
    ("#/raythread/table", place_a_tile),
    ("#/lightseeker/table", start_lightseeker),
    ("#/reflection/solo?preset=easy&seed=2024", play_reflection),
    ("#/host?game=raythread", open_host),
    ("#/settings", ask_to_clear_data),
    ("#/raythread/table", open_help),
]


def where(route: str, then: Callable[[Page], None] | None) -> str:
    return f"{route}{' (then ' + then.__name__ + ')' if then else ''}"


@pytest.mark.parametrize("screen", SCREENS)
def test_no_serious_accessibility_violations_on_any_route(browser: Browser, site_url: str, screen: str):
    """One page per screen goes through every route (the app routes without reloading): no serious or
    critical axe violation, and no id on two elements. On the desktop, each screen of ``FORCED_ROUTES`` is
    checked by axe a second time with the system's forced colours in the dark palette (the media emulated on the
    live page, then the light palette again), its failures named "forced colours"."""
    with watched_page(browser, site_url, **SCREENS[screen]) as page:
        found, forced = {}, 0
        open_app(page, site_url, "#/")
        for route, then in ROUTES:
            page.evaluate("(route) => { location.hash = route; }", route)
            # The screen for the route is on the page (the shell marks it once it has drawn it).
            page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)
            if then:
                then(page)
            problems = violations(page)
            if twice := duplicate_ids(page):
                problems.append(f"ids on more than one element: {twice}")
            if problems:
                found[where(route, then)] = problems
            if screen == "desktop-light" and (route, then) in FORCED_ROUTES:
                forced += 1
                page.emulate_media(color_scheme="dark", forced_colors="active")
                if problems := violations(page):
                    found[f"forced colours, dark: {where(route, then)}"] = problems
                page.emulate_media(color_scheme="light", forced_colors="none")
        assert forced == (len(FORCED_ROUTES) if screen == "desktop-light" else 0), "a forced-colours screen missed"
        assert not found, "\n".join(f"{route}: {problems}" for route, problems in found.items())


# --- forced colours (Windows High Contrast) ------------------------------------------------------------------

# What the page draws with a system colour: ``colour`` in the page's forced palette (an element of its own).
SYSTEM_COLOUR = """(colour) => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = colour;
    const found = getComputedStyle(probe).color;
    probe.remove();
    return found;
}"""
STYLE = "(e, names) => Object.fromEntries(names.map((n) => [n, getComputedStyle(e).getPropertyValue(n)]))"


def style(page: Page, selector: str, *names: str) -> dict[str, str]:
    return page.locator(selector).first.evaluate(STYLE, list(names))


def test_states_told_by_a_shadow_or_a_fill_stay_visible_in_forced_colours(browser: Browser, site_url: str):
    """With the system's forced colours (Windows High Contrast) the browser drops every shadow and paints every
    background in its own colours: the chosen tile and orientation of Raythread's hand (an inset shadow) looked
    like the others, a seat's swatch lost its colour (a background), the card of the seat to play its inner
    line (a shadow), a disabled Reflection button was only faded, and the help's box had no edge on the page
    (its shadow). One page checks each screen in the light palette, then the dark one (the media emulated on
    the live page), a failure naming the palette; the connection states' marks in the dark one."""
    screen = {"viewport": {"width": 1280, "height": 800}, "color_scheme": "light", "forced_colors": "active"}
    schemes = ("light", "dark")
    with watched_page(browser, site_url, **screen) as page:
        open_app(page, site_url, "#/raythread/table")
        start_table(page)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme, forced_colors="active")
            highlight = page.evaluate(SYSTEM_COLOUR, "Highlight")
            chosen, other = (
                style(page, ".rt-orient.chosen", "background-color"),
                style(page, ".rt-orient:not(.chosen)", "background-color"),
            )
            assert chosen["background-color"] == highlight != other["background-color"], (scheme, chosen, other)
            tile = style(page, ".rt-hand-tile.chosen", "background-color")
            assert tile["background-color"] == highlight, (scheme, tile)
            swatch = style(page, ".match-seat .swatch.lane-A", "background-color")["background-color"]
            assert swatch == "rgb(230, 159, 0)", (scheme, swatch)
            gradient = style(page, ".match-seat .swatch:not(.lane-A)", "background-image")["background-image"]
            assert "gradient" in gradient, (scheme, gradient)
            turn = style(page, ".match-seat.turn", "outline-style", "outline-width")
            assert turn["outline-style"] == "solid" and turn["outline-width"] != "0px", (scheme, turn)
            outline = style(page, ".match-seat:not(.turn)", "outline-style")["outline-style"]
            assert outline == "none", (scheme, outline)
        open_help(page)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme, forced_colors="active")
            border = style(page, "#overlay", "border-top-style")["border-top-style"]
            assert border == "solid", (scheme, border)
        page.keyboard.press("Escape")
        page.evaluate("(route) => { location.hash = route; }", "#/reflection/solo?preset=easy&seed=2024")
        redo = page.locator('button[aria-disabled="true"]', has_text="Redo")
        expect(redo).to_be_visible(timeout=60_000)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme, forced_colors="active")
            grey = page.evaluate(SYSTEM_COLOUR, "GrayText")
            drawn = redo.evaluate(STYLE, ["color", "opacity"])
            assert drawn == {"color": grey, "opacity": "1"}, (scheme, drawn)
        # A connection's state: a member's row on the host's page, a guest's own strip and what to do under the
        # board. Each was told by its colour beside its words (the accent, the danger red), which the system's
        # palette paints as every other: each now has a mark and a border of its own, in either palette (checked
        # in the dark one, the page's palette now: neither mark nor border depends on it).
        from tests.e2e.test_phone import show_markup  # it imports this module

        marks: dict[str, tuple[str, ...]] = {}
        for html in lobby_connections():
            show_markup(page, site_url, html)
            for state in ("connected", "reconnecting", "gone"):
                for row in page.locator(f".member[data-state={state}]").all():
                    marks.setdefault(f"member {state}", mark(row, ".state"))
            for state in ("connected", "reconnecting", "away"):
                if page.locator(f".connection-strip.{state}").count():
                    marks[f"strip {state}"] = mark(page.locator(f".connection-strip.{state}"), ".connection")
            if page.locator(".rejoin-steps.lost").count():
                marks["steps lost"] = mark(page.locator(".rejoin-steps.lost"), None)
        members = [marks.get(f"member {state}") for state in ("connected", "reconnecting", "gone")]
        strips = [marks.get(f"strip {state}") for state in ("connected", "reconnecting", "away")]
        assert None not in members and len(set(members)) == 3 and all(m[0] != "none" for m in members), marks
        assert None not in strips and len(set(strips)) == 3 and all(m[0] != "none" for m in strips), marks
        # What to do under the board once cut off wears the cut-off strip's border.
        assert marks["steps lost"][1:] == marks["strip away"][1:], marks


def lobby_connections() -> list[str]:
    """The markup of a host's page whose members are connected (Bea), reconnecting (Cal) and gone (Dan), and of
    Bea's page connected, reconnecting and cut off from the host, drawn by the app's views in CPython (the unit
    tests' fake network: WebRTC in the browser would only reach the same markup)."""
    from gamenight.net import peer as pe
    from gamenight.ui.svg import render
    from tests.unit.ui.peers import Browser as Tab
    from tests.unit.ui.peers import FakeRtc, host_lobby, join

    rtc = FakeRtc()
    host = host_lobby(rtc, Tab())
    bea, _cal, dan = (join(rtc, host, name) for name in ("Bea", "Cal", "Dan"))
    session = host.inner.live.session
    cal_id = next(m for m, info in session.members.items() if info.name == "Cal")
    host.send(pe.PeerState(session.peer_of(cal_id), "reconnecting"))
    dan.close()
    shown = [render(host.tree), render(bea.tree)]
    bea.send(pe.PeerState("host", "reconnecting"))
    shown.append(render(bea.tree))
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    return [*shown, render(bea.tree)]


MARK = """(e, inner) => { const at = inner ? e.querySelector(inner) : e, style = getComputedStyle(e);
    return [getComputedStyle(at, '::before').content, style.borderTopStyle, style.borderTopWidth]; }"""


def mark(box, inner: str | None) -> tuple[str, ...]:
    """What a state draws beside its words: the mark before them (``inner``'s, else the box's), and the box's
    border's style and width."""
    return tuple(box.first.evaluate(MARK, inner))


# --- reduced motion ---------------------------------------------------------------------------------------------

# The animations and transitions running on the page, by what they animate. Only those that run by the clock:
# Reflection's points table fades its edge by where the box is scrolled (a scroll timeline), which moves nothing.
RUNNING = """() => document.getAnimations()
    .filter((a) => a.playState === 'running' && a.timeline === document.timeline)
    .map((a) => `${a.animationName || a.transitionProperty} on ${a.effect.target.getAttribute('class')}`)"""


def tilt_a_cube(page: Page) -> None:
    """Light Seeker: a cube chosen, then its first tilt the board allows (the cube rolls, the camera glides)."""
    start_lightseeker(page)
    step = page.locator(".ls-play").get_attribute("data-step")
    page.click(".ls-move[data-kind=tilt]:not(:disabled):not(.ls-dim)")
    expect(page.locator(".ls-play")).not_to_have_attribute("data-step", step or "")


def test_nothing_moves_after_a_move_in_any_game_with_reduced_motion(browser: Browser, site_url: str):
    """With the system's "reduce motion", no animation or transition runs on the page right after a move in each
    game: Raythread's beam sweep and beacon flash, Light Seeker's roll, glide and winning pulse, Reflection's
    flowing laser. (css/app.css has a reduced-motion rule beside each; this checks none is missed.)"""
    screen = {"viewport": {"width": 1280, "height": 800}, "reduced_motion": "reduce"}
    with watched_page(browser, site_url, **screen) as page:
        found = {}
        open_app(page, site_url, "#/")
        for route, move in [
            ("#/raythread/table", start_table),
            ("#/raythread/table", place_a_tile),
            ("#/lightseeker/table", tilt_a_cube),
            ("#/reflection/solo?preset=easy&seed=2024", play_reflection),
        ]:
            page.evaluate("(route) => { location.hash = route; }", route)
            page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)
            move(page)
            if running := page.evaluate(RUNNING):
                found[move.__name__] = running
        assert not found, found


# --- large text --------------------------------------------------------------------------------------------------

# The header's site name and its controls: where each stands, how tall, at what size its words are.
HEADER = """() => [...document.querySelectorAll(
    '.app-header > a, .app-header > button, .app-header .lang-switch .lang')]
    .map((e) => { const b = e.getBoundingClientRect();
        return {name: e.textContent.trim(), middle: b.top + b.height / 2, top: b.top, bottom: b.bottom, left: b.left,
                right: b.right, width: b.width, height: b.height, font: parseFloat(getComputedStyle(e).fontSize)}; })"""


# The "日本語" button's language and font, and the font of Japanese words on the page.
JAPANESE_NAME = """() => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.lang = 'ja';
    const japanese = getComputedStyle(probe).fontFamily;
    probe.remove();
    const name = document.querySelector('.lang-switch .lang[data-lang=ja]');
    return [name.lang, getComputedStyle(name).fontFamily, japanese];
}"""


def text_at(page: Page, scale: int) -> None:
    """The browser's text at ``scale`` % (the root's font size, as a phone's text-size setting sets it)."""
    page.evaluate("(scale) => { document.documentElement.style.fontSize = `${scale}%`; }", scale)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_header_keeps_its_controls_on_one_row_with_large_text(browser: Browser, site_url: str, language: str):
    """With the browser's text at 150 % and 200 % on a 320–390 px phone, the site's name comes first and the
    controls share one row under it, each whole: the language buttons took a row of their own and the cog a
    third, and at 200 % "English" broke inside its button ("Englis" / "h"). There each language shows its name
    cut short ("EN", "日本"), its whole name kept for a reader; every control is still 44 px."""
    screen = {
        "viewport": {"width": 320, "height": 640},
        "has_touch": True,
        "is_mobile": True,
        "locale": f"{language}-JP",
    }
    with watched_page(browser, site_url, **screen) as page:
        open_app(page, site_url, "#/")
        # "日本語" is Japanese on an English page too: its own language and the Japanese fonts (the button's font
        # was the page's, so an English page drew it in whatever face the system falls back on).
        lang, font, japanese = page.evaluate(JAPANESE_NAME)
        assert lang == "ja" and font == japanese, (lang, font, japanese)
        for scale in (150, 200):
            text_at(page, scale)
            for width in (320, 360, 390):
                resize(page, width, 640)
                where = f"at {width} px, text at {scale} %"
                title, *controls = page.evaluate(HEADER)
                assert title["name"] == "Game Night Central", where
                assert all(c["top"] >= title["bottom"] - 1 for c in controls), f"{where}: {controls}"
                middles = [c["middle"] for c in controls]
                assert max(middles) - min(middles) < 4, f"{where}, the controls are on more than one row: {controls}"
                broken = [c for c in controls if c["height"] > 2.4 * c["font"]]
                assert not broken, f"{where}, a label on two lines: {broken}"
                small = [c for c in controls if c["width"] < 44 or c["height"] < 44]
                assert not small, f"{where}, under 44 px: {small}"
                assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0, where
                for name in ("English", "日本語"):
                    expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()


# Every route of ROUTES (its last ones in Japanese), and three more Japanese pages where a long word could be wider
# than a phone at 200 % text: a game's page, its rules and the settings.
REFLOW_ROUTES: list[tuple[str, Callable[[Page], None] | None]] = [
    *ROUTES,
    ("#/raythread", None),
    ("#/raythread/rules", None),
    ("#/settings", None),
]

# Where a heading's line breaks between two letters of a word (a game's name: "Refle" / "ction").
BROKEN_WORDS = r"""() => [...document.querySelectorAll('h1, h2, h3')].flatMap((h) => {
    const range = document.createRange(), walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT), out = [];
    let last = null, top = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
            const c = node.data[i];
            if (/\s/.test(c)) { last = c; continue; }  // a space ending a line is drawn 0 px wide, or not at all
            range.setStart(node, i); range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect || !rect.width) continue;
            if (last !== null && /[A-Za-z]/.test(last) && /[A-Za-z]/.test(c) && rect.top > top + 2) {
                out.push(`${h.textContent.trim()} (before "${c}")`);
            }
            last = c; top = rect.top;
        }
    }
    return out;
})"""


def test_routes_reflow_at_320_px_with_the_text_at_200_percent(browser: Browser, site_url: str):
    """WCAG 1.4.10 and 1.4.4: at 320 px with the browser's text at 200 %, no route scrolls sideways. A game's
    name in a heading was one line wider than the phone (every game's page, 70–185 px), a rules page's
    figures at least 11rem (352 px), a home card's "Reflection" wider than its card, the skip link's
    Japanese wider than the page (out of sight, scrolled to all the same), Settings' "上限10.7 GBのうち147 KB"
    one line of 402 px, the lobby's and the join page's forms 214 px (each field as wide as its default 20
    characters), the lobby's seat cards 67 px. No heading breaks inside a word: the home cards' "Refle" / "ction"
    and "Rayth" / "read", a game's title, "Setting" / "s" and "Invitati" / "ons" did, to fit."""
    screen = {
        "viewport": {"width": 320, "height": 640},
        "has_touch": True,
        "is_mobile": True,
        "reduced_motion": "reduce",
    }
    with watched_page(browser, site_url, **screen) as page:
        found = {}
        open_app(page, site_url, "#/")
        text_at(page, 200)
        for route, then in REFLOW_ROUTES:
            page.evaluate("(route) => { location.hash = route; }", route)
            page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)
            if then:
                then(page)
            # A phone shows a page wider than its screen zoomed out (the window's width grows past 320 px).
            wide = page.evaluate(
                """(width) => { const over = Math.max(document.documentElement.scrollWidth, innerWidth) - width;
                if (over <= 0) return null;
                const out = (e) => e.getBoundingClientRect().right > width + 1;
                const past = [...document.querySelectorAll('body *')]
                    .filter((e) => out(e) && ![...e.children].some(out));
                return `${over} px: ${past.slice(0, 4).map((e) => e.tagName.toLowerCase() + '.'
                    + String(e.className.baseVal ?? e.className).split(' ').join('.')).join(' | ')}`; }""",
                320,
            )
            if broken := page.evaluate(BROKEN_WORDS):
                wide = f"{wide or ''} a word broken in a heading: {broken[:3]}"
            if wide:
                found[f"{route}{' (then ' + then.__name__ + ')' if then else ''}"] = wide
        assert not found, "\n".join(f"{route}: {problem}" for route, problem in found.items())
