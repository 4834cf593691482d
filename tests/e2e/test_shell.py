"""The app shell in a real browser: boot, home page, routing, offline-only requests, error panel."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS, NO_SERVICE_WORKER, RECORD_STAGES, SITE, open_app, resize

pytestmark = pytest.mark.e2e

GAMES = [
    ("raythread", "Raythread Rally", "2–4 players"),
    ("reflection", "Reflection", "1–6 players"),
    ("lightseeker", "Light Seeker", "2 players"),
]


def test_boots_to_the_home_page_with_three_game_cards(app: Page, site_url: str, watch):
    open_app(app, site_url)
    expect(app.locator("#boot")).to_have_count(0)
    expect(app.locator("h1")).to_have_text("Pick a game for tonight")
    cards = app.locator(".card")
    expect(cards).to_have_count(3)
    for i, (game_id, title, players) in enumerate(GAMES):
        card = cards.nth(i)
        expect(card).to_have_attribute("data-game", game_id)
        expect(card.locator("h2")).to_have_text(title)
        expect(card.locator(".players")).to_have_text(players)
        expect(card.locator(".pitch")).not_to_be_empty()
        expect(card.locator(".actions a").first).to_be_visible()
    # On a tablet upright (820 px: two 16 rem columns fit, three do not) the third card sat alone on a second row,
    # and Reflection's buttons stood 120 px under its words. Every card takes the row now, its ways to play
    # beside its words, from its top; held sideways (1180 px), three cards share one row as on a laptop.
    for width, height, one_column in ((820, 1180, True), (1180, 820, False)):
        resize(app, width, height)
        boxes = app.evaluate(CARD_BOXES)
        if one_column:
            assert len({(b["left"], b["width"]) for b in boxes}) == 1, boxes
            for b in boxes:
                assert b["actionsLeft"] >= b["pitchRight"] and abs(b["actionsTop"] - b["titleTop"]) <= 1, b
        else:
            assert len({b["top"] for b in boxes}) == 1 and len({b["left"] for b in boxes}) == 3, boxes
    # Python fetched the runtime and the package from this origin only.
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in watch.requests)
    assert any(url.endswith("/py/gamenight.zip") for url in watch.requests)


# Each home card's box, and where its words end and its ways to play begin.
CARD_BOXES = """[...document.querySelectorAll('.card')].map((card) => {
  const box = card.getBoundingClientRect(), pitch = card.querySelector('.pitch').getBoundingClientRect();
  const actions = card.querySelector('.actions').getBoundingClientRect();
  return {left: Math.round(box.left), top: Math.round(box.top), width: Math.round(box.width),
          pitchRight: pitch.right, actionsLeft: actions.left, actionsTop: actions.top,
          titleTop: card.querySelector('h2').getBoundingClientRect().top};
})"""


def test_the_start_compiles_none_of_its_dataclasses_and_fetches_each_boot_file_once(app: Page, site_url: str, watch):
    # py/main.py marks how many dataclass methods the build saved and how many the page compiled anyway
    # (a class the build did not see); the preloads in index.html must be the very requests PyScript
    # and Pyodide make, not a second download of the same file.
    open_app(app, site_url)
    marks = app.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    counts = [re.fullmatch(r"gnc:dataclasses saved=(\d+) compiled=(\d+)", m) for m in marks]
    saved, compiled = next((int(c[1]), int(c[2])) for c in counts if c)
    assert saved >= 20 and compiled == 0, (saved, compiled)
    preloads = re.findall(r'\["(?:preload|modulepreload)", "\./([^"]+)"\]', (SITE / "index.html").read_text())
    assert len(preloads) >= 10, preloads  # PyScript's chain (core, config, plugins, main.py) and the runtime
    for path in preloads:
        assert [url.split("?")[0] for url in watch.requests].count(f"{site_url}/{path}") == 1, path


def test_routing_to_each_game_and_back(app: Page, site_url: str):
    open_app(app, site_url)
    for game_id, title, _ in GAMES:
        app.evaluate(f"location.hash = '#/{game_id}'")
        expect(app.locator("main.game h1")).to_have_text(title)
        expect(app).to_have_title(f"{title} · Game Night Central")
        expect(app.locator("main.game h1")).to_be_focused()  # a link leads focus to the new screen's heading
        app.locator('main.game a[href^="#/host"]').click()  # the game page offers its card's actions
        expect(app).to_have_url(re.compile(rf"#/host\?game={game_id}$"))
        expect(app.locator("main.host h1")).to_have_text("Host a game night")
        expect(app.locator("main.host h1")).to_be_focused()
        app.go_back()
        app.go_back()
        expect(app.locator("main.home")).to_be_visible()
        expect(app).to_have_title("Game Night Central")
    app.locator('.card[data-game="raythread"] .actions a[href^="#/host"]').click()
    expect(app).to_have_url(re.compile(r"#/host\?game=raythread$"))
    # By keyboard: Tab goes on from the heading, to the screen's first field, not from the page's top.
    expect(app.locator("main.host h1")).to_be_focused()  # the screen is drawn (the URL changes first)
    app.keyboard.press("Tab")
    expect(app.locator("main.host input").first).to_be_focused()


def test_deep_link_and_unknown_route(app: Page, site_url: str):
    open_app(app, site_url, "#/reflection")
    expect(app.locator("main.game h1")).to_have_text("Reflection")
    app.evaluate("location.hash = '#/no-such-game'")
    expect(app.locator("main.missing")).to_contain_text("There is no page at /no-such-game")
    # "Play vs computer" edited into Reflection, which has no computer players: why, and what instead.
    app.evaluate("location.hash = '#/reflection/table?vs=normal'")
    # (The page's first paragraph is the app's "could not save" notice, empty while saving works.)
    expect(app.locator("main.missing h1 + p")).to_have_text(
        "Reflection has no computer opponents: train solo, or host a game night to race your friends."
    )
    expect(app.locator("main.missing a[href='#/reflection/solo']")).to_be_visible()
    app.locator("header a[data-nav=home]").click()
    expect(app.locator("main.home")).to_be_visible()


def test_loading_screen_paints_before_python_and_reports_real_stages(context, site_url: str):
    page = context.new_page()
    page.add_init_script(RECORD_STAGES)
    open_app(page, site_url)
    shown = page.evaluate("window.__stages")  # includes the label the HTML parser painted first
    stages = [s for i, s in enumerate(shown) if i == 0 or shown[i - 1] != s]
    expected = ["Downloading the Python runtime…", "Starting Python…", "Loading the game files…", "Starting the app…"]
    assert [s for s in stages if s in expected] == expected, stages


def test_loading_screen_is_shown_while_the_runtime_downloads(context, site_url: str):
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: Python cannot start
    page.goto(f"{site_url}/")
    expect(page.locator(".boot-title")).to_have_text("Game Night Central")
    expect(page.locator("#boot-bar")).to_be_visible()
    expect(page.locator("#boot-stage")).to_have_text("Downloading the Python runtime…")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"


# Each size and weight of the text under ``root`` (and its Japanese characters' font as one more), as the
# browser asks its own process for a font once per size and weight: "16px/700", "16px/400/ja".
TEXT_STRIKES = """root => {
  const strikes = new Set();
  const add = (el, text) => {
    if (!text.trim()) return;
    const style = getComputedStyle(el);
    const ja = /[\u3040-\u30ff\u4e00-\u9fff]/.test(text) ? "/ja" : "";
    strikes.add(style.fontSize + "/" + style.fontWeight + ja);
  };
  for (const el of root.querySelectorAll("*")) {
    for (const node of el.childNodes) if (node.nodeType === 3) add(el, node.data);
    const after = getComputedStyle(el, "::after").content;
    if (after && after !== "none" && after !== "normal") add(el, after.replace(/^"|"$/g, ""));
  }
  return [...strikes].sort();
}"""


@pytest.mark.parametrize("locale, width", [("en-US", 1280), ("ja-JP", 320)])
def test_the_loading_screen_holds_a_word_at_each_size_and_weight_of_the_home_pages_text(
    browser, site_url: str, locale: str, width: int
):
    """Each size of a font is a wait on the browser's own process, the first time a page uses it: the home
    page's first frame waited for eight (docs/performance.md, "The frame after ready, measured"). The loading
    screen uses them all while the page downloads, out of sight and unread."""
    options = {"locale": locale, "viewport": {"width": width, "height": 800}}
    loading = browser.new_context(**NO_SERVICE_WORKER, **options)
    try:
        page = loading.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: the loading screen stays
        page.goto(f"{site_url}/")
        expect(page.locator("#boot-stage")).to_be_visible()
        warmed = set(page.evaluate(TEXT_STRIKES, page.locator("#boot").element_handle()))
        # What a player sees and a screen reader reads of the loading screen: its title, tagline, bar and stage.
        unseen = page.evaluate("""() => [...document.querySelectorAll('#boot > *')].filter(el => {
          const box = el.getBoundingClientRect();
          return el.closest('[aria-hidden=true]') && box.width <= 1 && box.height <= 1;
        }).length""")
    finally:
        loading.close()
    home = browser.new_context(**NO_SERVICE_WORKER, **options)
    try:
        page = open_app(home.new_page(), site_url)
        needed = set(page.evaluate(TEXT_STRIKES, page.locator("#app").element_handle()))
    finally:
        home.close()
    assert needed - warmed == set(), f"the home page's text sizes not on the loading screen: {needed - warmed}"
    assert unseen == 1  # the words at the home page's sizes: out of sight, not read out


def test_missing_runtime_file_shows_a_readable_error_panel(context, site_url: str):
    page = context.new_page()
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}/")
    page.wait_for_function("document.documentElement.dataset.app === 'failed'", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error h2")).to_have_text("Game Night Central could not start")
    expect(page.locator("#boot-error-detail")).not_to_be_empty()
    expect(page.locator("#boot-bar")).to_be_hidden()


def test_a_missing_stylesheet_or_icon_does_not_stop_the_start(context, site_url: str):
    # A broken deploy without app.css (or an icon) starts, unstyled, without ever saying it could not.
    page = context.new_page()
    page.add_init_script(
        # The document, not its root: the root does not exist yet when this runs.
        """new MutationObserver(() => {
               if (document.documentElement.dataset.app === "failed") window.__failed = true;
             }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-app"]});"""
    )
    for gone in ("**/css/app.css", "**/icons/icon.svg"):
        page.route(gone, lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}/")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__failed") is None
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator(".card")).to_have_count(3)


def test_missing_game_module_shows_the_error_panel(context, site_url: str):
    page = context.new_page()
    page.route("**/py/gamenight.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}/")
    page.wait_for_function("document.documentElement.dataset.app === 'failed'", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#boot-error")).to_be_visible()


def test_no_webassembly_shows_a_readable_error_panel(context, site_url: str):
    page = context.new_page()
    page.add_init_script("delete window.WebAssembly")
    page.goto(f"{site_url}/")
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-detail")).to_contain_text("WebAssembly")


def test_a_button_answers_the_pointer(app: Page, site_url: str):
    # Hovered, its edge takes the text's colour; a tap shows no browser rectangle (the pressed look instead).
    open_app(app, site_url, "#/")
    button = app.locator("a.button[href='#/raythread/table?vs=normal']")
    edge = "e => getComputedStyle(e).borderTopColor"
    before = button.evaluate(edge)
    button.hover()
    expect(button).not_to_have_css("border-top-color", before)
    assert button.evaluate(edge) == button.evaluate("e => getComputedStyle(e).color")
    assert button.evaluate("e => getComputedStyle(e).webkitTapHighlightColor") == "rgba(0, 0, 0, 0)"


# What the browser draws over a tapped control, when it draws nothing.
NO_TAP_RECTANGLE = "rgba(0, 0, 0, 0)"


def test_no_rounded_control_on_a_phone_shows_the_browsers_tap_rectangle(phone: Page, site_url: str):
    """QA: a tap on the header's language switch, its "?" or Settings, a Raythread hand tile or an
    orientation, or the board itself drew the browser's blue rectangle over it, square over a pill or a
    rounded tile (the app's buttons were rid of it: ``.button``). Each answers a tap itself: pressed,
    chosen, a cursor or a preview. One page takes Raythread's and Light Seeker's match against the
    computer in turn."""
    open_app(phone, site_url, "#/")
    for game in ("raythread", "lightseeker"):
        phone.evaluate("(route) => { location.hash = route; }", f"#/{game}/table?vs=normal")
        expect(phone.locator(".match-status")).to_contain_text("your turn")
        expect(phone.locator(".rt-board" if game == "raythread" else ".ls-board")).to_be_visible()
        controls = [".lang-switch .lang", ".help-button", ".settings-link", ".rt-board, .ls-board"]
        if game == "raythread":
            controls += [".rt-hand-tile", ".rt-orient"]
        shown = {
            selector: phone.locator(selector).first.evaluate("e => getComputedStyle(e).webkitTapHighlightColor")
            for selector in controls
        }
        assert shown == dict.fromkeys(controls, NO_TAP_RECTANGLE), game


# Local storage that refuses every write of a table (as a full or blocked storage does).
TABLE_STORAGE_FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('gnc:table') && window.storageFull !== false) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return set.call(this, key, value);
  };
})()"""


COLUMN = """(() => {
  const box = (el) => el.getBoundingClientRect();
  const main = document.querySelector('main');
  const style = getComputedStyle(main);
  const notice = box(document.querySelector('#app-unsaved'));
  const first = [...main.children].find((el) => el.id !== 'app-unsaved' && el.getClientRects().length);
  return {
    page: [box(main).left + parseFloat(style.paddingLeft), box(main).right - parseFloat(style.paddingRight)],
    notice: [notice.left, notice.right],
    above: notice.bottom <= box(first).top,
  };
})()"""

# Every kind of page the app shows, each where its kind's width and padding are set (css/app.css): the
# start page, a game's page, its rules, settings, hosting a game night, a join link, a page not found,
# Reflection alone, a table on this device.
PAGES = (
    ("#/", "main.home"),
    ("#/raythread", "main.game"),
    ("#/raythread/rules", "main.rules"),
    ("#/settings", "main.settings"),
    ("#/host", "main.host"),
    ("#join=nothing", "main.join"),
    ("#/nowhere", "main.missing"),
    ("#/reflection/solo", "main.reflection-solo"),
    ("#/raythread/table", "main.table"),
)


def test_the_unsaved_notice_lines_up_with_the_page_column_below_it(context, site_url: str):
    """The notice under the header was centred at 60rem: at 1280 px its edges were not the edges of the
    page's column (64rem on most pages, 72rem at Reflection alone, 76rem at a table), so it stood askew
    above the page. Then each page kind whose width differs had its own rule for the notice, and a
    page kind without one would stand askew again: the notice now stands inside the page's column, on
    every kind of page, on a laptop and on a phone (where Reflection alone has narrower margins)."""
    context.add_init_script(TABLE_STORAGE_FULL)
    page = open_app(context.new_page(), site_url, "#/raythread/table")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator("#app-unsaved")).to_contain_text("This browser did not let the page save")
    for width, height in ((1280, 800), (390, 844)):
        resize(page, width, height)
        for route, main in PAGES:
            page.evaluate(f"location.hash = '{route}'")
            expect(page.locator(main)).to_be_visible()
            expect(page.locator("#app-unsaved")).to_be_visible()
            column = page.evaluate(COLUMN)
            assert column["notice"] == pytest.approx(column["page"], abs=1), (width, route, column)
            assert column["above"], (width, route, column)


def test_a_match_the_browser_does_not_let_the_page_save_is_said_and_leaving_asks_first(context, site_url: str):
    context.add_init_script(TABLE_STORAGE_FULL)
    page = open_app(context.new_page(), site_url, "#/raythread/table")
    unsaved = page.locator("#app-unsaved")
    expect(unsaved).to_be_empty()
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".rt-board")).to_be_visible()
    expect(unsaved).to_contain_text("This browser did not let the page save")
    assert page.evaluate("localStorage.getItem('gnc:table.raythread')") is None
    # Once a save works again (the next move's), the page says nothing more and leaves without asking.
    page.evaluate("window.storageFull = false")
    page.click(".rt-hand-tile:not([disabled])")
    page.locator(".rt-cell.rt-target").first.click()
    expect(unsaved).to_be_empty()
    assert page.evaluate("localStorage.getItem('gnc:table.raythread')") is not None
    # Saved: the home page's card says a match waits here, and its first way to play goes on with it.
    page.evaluate("location.hash = '#/'")
    card = page.locator('.card[data-game="raythread"]')
    expect(card.locator(".waiting")).to_have_text("A match is saved on this device: 1 move played.")
    expect(page.locator(".card .waiting")).to_have_count(1)
    expect(card.locator(".actions a").first).to_have_text("Continue your match")
    card.locator(".actions a").first.click()
    expect(page.locator(".rt-board")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Welcome back: the match is as you left it.")
    # Refused again: leaving (a reload, closing the tab) would lose the match, so the browser asks first.
    page.evaluate("window.storageFull = true")
    page.click(".rt-hand-tile:not([disabled])")
    page.locator(".rt-cell.rt-target").first.click()
    expect(unsaved).to_contain_text("This browser did not let the page save")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    # Waited for from before the close: with ``run_before_unload`` the close returns without waiting, and
    # the page may be gone (its "close" event past) before a wait begun after it.
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]


# Local storage that refuses every write of Reflection alone once ``window.storageFull`` is set (its
# clock saves the time every second, so a refusal comes within a second).
SOLO_STORAGE_FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('gnc:reflection') && window.storageFull) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return set.call(this, key, value);
  };
})()"""

SOLO_PUZZLE = "#/reflection/solo?preset=easy&seed=2024"


def test_a_save_refused_while_the_help_is_open_is_said_in_the_help(context, site_url: str):
    """The notice stands in the page, which is inert under the help: a save refused while the help was
    open was neither seen nor heard until it closed. The help says it too, in its own live region."""
    context.add_init_script(SOLO_STORAGE_FULL)
    page = open_app(context.new_page(), site_url, SOLO_PUZZLE)
    expect(page.locator(".rf-board")).to_be_visible(timeout=30_000)
    page.click("#app-help")
    said = page.locator("#overlay-unsaved")
    expect(said).to_be_attached()
    expect(said).to_be_empty()
    page.evaluate("window.storageFull = true")
    expect(said).to_contain_text("This browser did not let the page save")
    expect(said).to_be_visible()
    assert said.evaluate("(el) => el.closest('[inert]') === null && el.getAttribute('role') === 'status'")
    assert page.locator("#app-unsaved").evaluate("(el) => el.closest('[inert]') !== null"), "the page's is inert"
    page.click("button[data-action=app-close]")
    expect(page.locator("#app-unsaved")).to_contain_text("This browser did not let the page save")


def test_a_click_on_the_unsaved_notice_does_not_answer_the_give_up_question(context, site_url: str):
    """Reflection alone takes a click anywhere on its page as an answer to "Give up this puzzle?" (keep
    solving), and the notice stands in that page: a click on the notice answered the question."""
    context.add_init_script(SOLO_STORAGE_FULL)
    page = open_app(context.new_page(), site_url, SOLO_PUZZLE)
    expect(page.locator(".rf-board")).to_be_visible(timeout=30_000)
    page.evaluate("window.storageFull = true")
    notice = page.locator("#app-unsaved")
    expect(notice).to_contain_text("This browser did not let the page save")
    page.click("#rf-give-up")
    expect(page.locator("#rf-keep-solving")).to_be_visible()
    notice.click()
    expect(page.locator("#rf-keep-solving")).to_be_visible()  # still asked
    expect(page.locator("main")).to_contain_text("Give up this puzzle?")
    page.locator("h1").click()  # a click elsewhere on the page answers it, as before
    expect(page.locator("#rf-keep-solving")).to_have_count(0)


@pytest.mark.parametrize("route", ["#/", "#/host?game=raythread"])
def test_the_first_tab_shows_the_skip_link_and_enter_puts_focus_in_main(app: Page, site_url: str, route: str):
    """WCAG 2.4.1: the main content was five Tab stops in. The first Tab now shows "Skip to the main
    content" (out of sight until then), and Enter on it puts focus on the screen's heading in main; the
    next Tab is the screen's first control, not the header's."""
    open_app(app, site_url, route)
    skip = app.locator(".skip-link")
    expect(skip).not_to_be_in_viewport()
    app.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the main content")
    expect(skip).to_be_in_viewport()
    app.keyboard.press("Enter")
    expect(app.locator("main h1")).to_be_focused()
    expect(skip).not_to_be_in_viewport()
    app.keyboard.press("Tab")
    assert app.evaluate("document.activeElement.closest('main') !== null")


# Which of the overlay's drawn Tab stops has focus (-1: the dialog itself; None: focus is outside it).
OVERLAY_FOCUS = """() => {
  const dialog = document.getElementById('overlay');
  const stops = [...dialog.querySelectorAll(
    'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
  )].filter(e => !e.disabled && e.getClientRects().length);
  const active = document.activeElement;
  if (!dialog.contains(active)) return {at: null, count: stops.length, outside: active.outerHTML.slice(0, 120)};
  return {at: stops.indexOf(active), count: stops.length, outside: ''};
}"""

# Focus on the last drawn Tab stop of the page's main.
LAST_STOP_IN_MAIN = """() => [...document.querySelector('main').querySelectorAll(
    'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
  )].filter(e => !e.disabled && e.getClientRects().length).pop().focus()"""


OVERLAY_OPENERS = (
    ("#/", "#app-help"),
    ("#/raythread/table?vs=normal", ".match-controls button[data-action=app-rules]"),
)


def test_tab_stays_in_the_open_overlay_and_closing_it_gives_focus_back_to_its_opener(app: Page, site_url: str):
    """The help and the rules are a modal dialog: Tab from its last control went on to the skip link, the
    header and the offer of a new version behind it (only the screen was inert), then to the browser's
    bar. Now Tab and Shift+Tab go round its own controls only, and Escape or Close gives focus back to
    the control that opened it. One page takes the help on the home page, then the rules over a match
    against the computer."""
    open_app(app, site_url, "#/")
    for route, opener in OVERLAY_OPENERS:
        app.evaluate("(route) => { location.hash = route; }", route)
        expect(app.locator(opener)).to_be_visible()
        app.evaluate("() => { window.gncUpdate.waiting = true; dispatchEvent(new Event('gnc:update')); }")
        expect(app.locator(".update-offer")).to_be_visible()
        for close in ("Escape", "Close"):
            app.locator(opener).focus()
            app.keyboard.press("Enter")
            expect(app.locator("#overlay")).to_be_focused()
            count = app.evaluate(OVERLAY_FOCUS)["count"]
            assert count >= 1, route
            # From the dialog: forwards round it past its last control to its first, then backwards past its
            # first to its last.
            expected = [i % count for i in range(count + 2)]
            expected += [(expected[-1] - 1 - i) % count for i in range(count + 2)]
            seen = []
            for key in ["Tab"] * (count + 2) + ["Shift+Tab"] * (count + 2):
                app.keyboard.press(key)
                where = app.evaluate(OVERLAY_FOCUS)
                assert where["at"] is not None, f"{route}: {key} left the overlay for {where['outside']}"
                seen.append(where["at"])
            assert seen == expected, (route, close)
            if close == "Escape":
                app.keyboard.press("Escape")
            else:
                app.locator("#overlay button[data-action=app-close]").focus()
                app.keyboard.press("Enter")
            expect(app.locator("#overlay")).to_have_count(0)
            expect(app.locator(opener)).to_be_focused()
        # Closed, the page behind it takes focus again: Tab from the page's last control goes on to the offer,
        # which comes after the page, where it is drawn (it came before the page's content).
        app.evaluate(LAST_STOP_IN_MAIN)
        app.keyboard.press("Tab")
        expect(app.locator(".update-offer button[data-action=update-now]")).to_be_focused()


def test_how_to_play_opened_from_the_help_starts_at_the_top_of_the_rules(phone: Page, site_url: str):
    """On a phone the help is taller than the window, so its "How to play" (its last control) is reached
    by scrolling the dialog down. Pressed, the rules took the help's place in the same dialog and kept
    its scroll: they opened far down, their first lines and title out of sight. Now they open at their
    top, focus on the dialog (as any opening of it) and the help's way back kept. Over a board in play:
    the help lists a board's keys only then, and is as tall as that only then. One page takes a Raythread
    match against the computer, then a Reflection puzzle alone."""
    open_app(phone, site_url, "#/")
    for route in ("#/raythread/table?vs=normal", "#/reflection/solo?preset=easy&seed=3&v=2"):
        phone.evaluate("(route) => { location.hash = route; }", route)
        expect(phone.locator(".rt-board, main[data-phase=playing] .rf-board").first).to_be_visible(timeout=60_000)
        phone.locator("#app-help").focus()
        phone.keyboard.press("Enter")
        expect(phone.locator("#overlay[data-overlay=help]")).to_be_focused()
        rules = phone.locator("#overlay button[data-action=app-rules]")
        rules.focus()  # as Tab would: the dialog scrolls its last control into view
        assert phone.locator("#overlay").evaluate("e => e.scrollTop") > 0, route  # the case: the help was scrolled
        phone.keyboard.press("Enter")
        expect(phone.locator("#overlay[data-overlay=rules]")).to_be_focused()
        assert phone.locator("#overlay").evaluate("e => e.scrollTop") == 0, route
        phone.keyboard.press("Escape")
        expect(phone.locator("#overlay")).to_have_count(0)
        expect(phone.locator("#app-help")).to_be_focused()
    # A player's pass at 320 px with text at 200 % (a phone's text size): the help's keys ran past the dialog's
    # right edge, their words cut mid-word ("Mov", "bet") behind a sideways scroll. The help and the rules fit.
    resize(phone, 320, 640)
    phone.evaluate("document.documentElement.style.fontSize = '200%'")
    phone.locator("#app-help").click()
    for kind in ("help", "rules"):
        dialog = phone.locator(f"#overlay[data-overlay={kind}]")
        expect(dialog).to_be_visible()
        sideways = dialog.evaluate("e => e.scrollWidth - e.clientWidth")
        assert sideways <= 0, f"the {kind} scrolls sideways by {sideways} px at 320 px, text at 200 %"
        if kind == "help":
            # Fitted, its two columns broke the keys and their words mid-word ("yo" / "ur ha" / "nd",
            # "Raythre" / "ad:").
            assert phone.evaluate(WORDS_BROKEN, "#overlay .keys :is(th, td)") == [], "the help's words broken"
            phone.locator("#overlay button[data-action=app-rules]").click()
    # The same pass: a home card's "Play vs computer" broke as "comput" / "er", and the host's Game drop-down
    # showed "Raythread R" (its box one line high, the choice wider than it).
    phone.keyboard.press("Escape")
    phone.evaluate("location.hash = '#/'")
    expect(phone.locator("main .card").first).to_be_visible()
    assert phone.evaluate(WORDS_BROKEN, "main .button") == [], "a home card's button has a word broken"
    phone.evaluate("location.hash = '#/host?game=raythread'")
    expect(phone.locator("form[data-action=host-setup] select[name=game]")).to_be_visible()
    assert phone.evaluate(CHOICES_CUT) == [], "a drop-down cuts its choice at 320 px, text at 200 %"
    # The same pass: a match's turn line and seat cards broke "Player 1 (A)" as "Player 1 (" / "A)" (a joined run
    # ended at its bracket and the line broke after its box, ui/svg.py). A seat card's name column is narrower
    # than "Player 1 (A)" there: the name stays whole and its tag may go under it ("Player 1" / "(A)", never
    # "Player" / "1 (A)": a short name of words is held whole, i18n.held, docs/i18n.md).
    phone.evaluate("location.hash = '#/raythread/table?vs=normal'")
    expect(phone.locator(".match-seat .seat-name").first).to_be_visible(timeout=60_000)
    for selector, phrase in ((".match-status", "Player 1 (A)"), (".match-seat", "Player 1")):
        seen = phone.evaluate(PHRASE_BROKEN, {"selector": selector, "phrases": [phrase]})
        assert seen["found"] >= 1 and seen["broken"] == [], seen


# The words (runs of Latin letters) of the elements matching a selector that are drawn on two lines or more.
WORDS_BROKEN = r"""(selector) => {
    const broken = [], range = document.createRange();
    for (const element of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const word of node.data.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) {
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const rects = [...range.getClientRects()].filter((r) => r.width > 0);
                const lines = new Set(rects.map((r) => Math.round(r.top)));
                if (lines.size > 1) broken.push(`${word[0]} in "${element.textContent.trim()}"`);
            }
        }
    }
    return broken;
}"""

# Each phrase (its spaces plain or no-break) in the elements matching a selector drawn on more than one line:
# the client rects of the range from its first to its last character, in whichever text nodes hold them.
PHRASE_BROKEN = r"""({selector, phrases}) => {
    const broken = [], range = document.createRange();
    let found = 0;
    for (const element of document.querySelectorAll(selector)) {
        const at = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.data.length; i++) at.push([node, i]);
        }
        const text = at.map(([node, i]) => node.data[i]).join('').replace(/\u00a0/g, ' ');
        for (const phrase of phrases) {
            for (let start = text.indexOf(phrase); start >= 0; start = text.indexOf(phrase, start + 1)) {
                found += 1;
                const last = at[start + phrase.length - 1];
                range.setStart(...at[start]);
                range.setEnd(last[0], last[1] + 1);
                const rects = [...range.getClientRects()].filter((r) => r.width > 0);
                const first = rects[0];
                if (rects.some((r) => r.top >= first.bottom - 1)) broken.push(`${phrase} in "${text.trim()}"`);
            }
        }
    }
    return {found, broken};
}"""

# Each shown drop-down whose chosen text does not fit its box: the text laid out in the box's font at the width
# the box shows text in (between its words, as a button's label) needs more lines than the box is high, or has a
# word wider than that width.
CHOICES_CUT = """() => [...document.querySelectorAll('select')].filter((s) => s.getBoundingClientRect().width > 0)
    .flatMap((s) => {
        const style = getComputedStyle(s), text = s.selectedOptions[0]?.text ?? '';
        const room = Math.round(s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20);
        const high = s.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        const probe = document.createElement('div');
        probe.style.cssText = `position: absolute; visibility: hidden; width: ${room}px; white-space: normal;
            overflow-wrap: normal; font: ${style.font}; line-height: ${style.lineHeight}`;
        probe.textContent = text;
        document.body.append(probe);
        const wide = probe.scrollWidth - probe.clientWidth, needs = probe.offsetHeight;
        probe.remove();
        return wide <= 0 && needs <= high + 1 ? []
            : [`${s.name}: "${text}" needs ${needs} px high (${wide} px wider) in ${room} × ${high} px`];
    })"""


HELP_FROM = (
    ("#/", "main a[href='#/lightseeker']"),
    ("#/raythread/table?vs=normal", ".match-controls button[data-action=table-new]"),
    ("#/reflection/table", "main a[href='#/reflection/solo']"),
)


def test_the_help_opened_with_the_question_mark_gives_focus_back_where_it_was(app: Page, site_url: str):
    """ "?" pressed on a link or a button (not on a board) opened the help, and Escape (or "?") closing it
    put focus on the header's "?", a Tab trip away from where the player was. Now it goes back to the
    control the key was pressed on, as it does to a board. One page takes the home page, a match against
    the computer and Reflection's table page in turn.

    First, "?" with focus on nothing (the page as it opens, or after a click on its background): the key went
    to the page's body, outside the element the app listens on, and the help the header says "?" opens did not
    open. Closed, focus goes to the header's "?"."""
    open_app(app, site_url, "#/")
    app.evaluate("document.activeElement.blur()")
    assert app.evaluate("document.activeElement === document.body")
    app.keyboard.press("?")
    expect(app.locator("#overlay")).to_be_focused()
    app.keyboard.press("Escape")
    expect(app.locator("#overlay")).to_have_count(0)
    expect(app.locator("#app-help")).to_be_focused()
    for route, focused in HELP_FROM:
        app.evaluate("(route) => { location.hash = route; }", route)
        expect(app.locator(focused)).to_be_visible()
        for close in ("Escape", "?"):
            app.locator(focused).focus()
            app.keyboard.press("?")
            expect(app.locator("#overlay")).to_be_focused()
            app.keyboard.press(close)
            expect(app.locator("#overlay")).to_have_count(0)
            expect(app.locator(focused)).to_be_focused()


# Each route, the stored entry its screen reads, and what it says when the entry cannot be read.
NESTED = (
    ("#/raythread/table", "table.raythread", "Your saved match could not be restored"),
    ("#/reflection/solo", "reflection.progress", "Your puzzle in progress could not be read"),
    ("#/host?game=raythread", "peer.host", "Your saved game night could not be restored"),
)


def test_a_stored_value_nested_too_deep_starts_the_page_and_says_what_it_dropped(app: Page, site_url: str):
    """Local storage left by a broken version: 60,000 levels of "[" (within the 64 KiB a reader takes).
    Pyodide's JSON parser overflowed the browser's stack on it, a fatal error: the app failed to start,
    on every visit, until the player cleared the site's data. Now the page starts and says what it
    could not read (the ``app`` fixture also fails the test on any console error). One page starts with all
    three entries so broken, at the first route, and takes each route in turn: each screen says its own."""
    for _route, key, _said in NESTED:
        app.add_init_script(f"localStorage.setItem('gnc:{key}', '['.repeat(60000))")
    open_app(app, site_url, NESTED[0][0])
    for route, _key, said in NESTED:
        app.evaluate("(route) => { location.hash = route; }", route)
        expect(app.locator("main"), route).to_contain_text(said)
    # The home page reads the table's entry too: it says nothing of a match it cannot read.
    app.evaluate("location.hash = '#/'")
    expect(app.locator(".card")).to_have_count(3)
    expect(app.locator(".card .waiting")).to_have_count(0)
    expect(app.locator('.card[data-game="raythread"] .actions a').first).to_have_text("Play on this device")
