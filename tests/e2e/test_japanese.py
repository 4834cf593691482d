"""The app in Japanese, in real browser pages: chosen in the header or from the browser's languages,
remembered over a reload, played in; and a lobby whose host reads Japanese while its guest reads
English, over real peer links (the wire carries codes and parameters, each page words them).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import (
    BOOT_TIMEOUT_MS,
    NO_SERVICE_WORKER,
    RECORD_STAGES,
    PageWatch,
    People,
    assert_in_window,
    open_app,
    resize,
    status_says,
    watched_page,
)
from tests.e2e.test_accessibility import ROUTES
from tests.e2e.test_peer_links import (
    CONNECT_MS,
    answer,
    member,
    new_invitation,
    paste_reply,
    route_after_state,
    seat,
)
from tests.e2e.test_phone import DRAWN_LINES, PLACEHOLDERS_CUT, reloaded_host_pages, show_markup
from tests.e2e.test_reflection_match import choose, open_host

SHOTS = os.environ.get("GNC_SHOTS")  # a folder: the race's points table is shot there


@pytest.fixture
def ja_page(browser: Browser, watch: PageWatch) -> Iterator[Page]:
    """A watched page of a browser set to Japanese: no error logged, no request outside the origin."""
    context = browser.new_context(**NO_SERVICE_WORKER, locale="ja-JP")
    try:
        yield watch.attach(context.new_page())
        watch.check()
    finally:
        context.close()


def speaks(page: Page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(f".lang-switch .lang[data-lang={lang}]")).to_have_attribute("aria-pressed", "true")


def on_route(page: Page, route: str) -> None:
    """Go to ``route`` on a booted page, as a link does, and wait until its screen is shown."""
    page.evaluate("(route) => { location.hash = route; }", route)
    page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)


# Each seat's or member's colour dot against the first line of the words beside it (a lobby seat's label "席A",
# a member's name, a match card's name): how far the dot's middle is below the text's, in px.
DOT_OFFSETS = """() => [...document.querySelectorAll('.seat-who, .member-who, .match-seat')].map((row) => {
  const dot = row.querySelector('.swatch').getBoundingClientRect();
  const words = row.querySelector('.seat-name, .name');
  const range = document.createRange();
  range.selectNodeContents(words);
  const line = range.getClientRects()[0];
  return [words.textContent, (dot.top + dot.bottom) / 2 - (line.top + line.bottom) / 2];
})"""


def dots_off_centre(page: Page, rows: str) -> list:
    """The rows (of ``DOT_OFFSETS``) whose dot is more than 1.5 px from the middle of its words' first line; at
    least one row of ``rows`` must be on the page."""
    expect(page.locator(rows).first).to_be_visible()
    return [(words, round(off, 1)) for words, off in page.evaluate(DOT_OFFSETS) if abs(off) > 1.5]


def ready(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.app === 'ready'")


def test_this_machine_draws_japanese_with_a_japanese_font():
    # Without one Chromium draws each glyph as a narrow box ("設定" at 16 px: 12 px wide, against 32 with
    # Noto Sans CJK), so every layout test in Japanese would measure words a third of their width.
    assert shutil.which("fc-list"), "no fontconfig: install Debian's fonts-noto-cjk (.ci/run does)"
    families = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True, check=True).stdout
    assert families.strip(), "no Japanese font on this machine: install Debian's fonts-noto-cjk (.ci/run does)"


def test_the_header_switch_speaks_japanese_and_the_choice_survives_a_reload(app: Page, site_url: str):
    open_app(app, site_url)
    speaks(app, "en")
    expect(app.locator("main.home h1")).to_have_text("Pick a game for tonight")
    app.click(".lang-switch .lang[data-lang=ja]")
    speaks(app, "ja")
    expect(app.locator("main.home h1")).to_have_text("今夜のゲームを選ぼう")
    expect(app.locator(".settings-link")).to_have_text("設定")
    # Japanese text is set in a Japanese font stack (system fonts: nothing is downloaded).
    family = app.evaluate("getComputedStyle(document.querySelector('main.home h1')).fontFamily")
    assert "Hiragino Sans" in family and "Noto Sans CJK JP" in family

    app.reload()
    ready(app)
    speaks(app, "ja")
    expect(app.locator("main.home h1")).to_have_text("今夜のゲームを選ぼう")
    app.click(".lang-switch .lang[data-lang=en]")
    speaks(app, "en")
    expect(app.locator("main.home h1")).to_have_text("Pick a game for tonight")
    app.reload()
    ready(app)
    speaks(app, "en")


def place_anywhere(page: Page) -> tuple[str, str]:
    """Place a tile the (randomly dealt) hand holds on the first cell the board offers (beacons stand
    anywhere): the tile's kind and the cell's id."""
    tile = page.locator(".rt-hand-tile:not([disabled])").first
    kind = str(tile.get_attribute("data-kind"))
    tile.click()
    target = page.locator(".rt-cell.rt-target").first
    cell = str(target.get_attribute("id"))
    target.click()
    return kind, cell


TILE_JA = {"mirror": "ミラー", "prism": "プリズム"}


def where(cell: str, lang: str) -> str:
    """How a page names the cell with id ``cell`` ("rt-c1-2")."""
    r, c = (int(x) + 1 for x in cell.removeprefix("rt-c").split("-"))
    return f"{r}行{c}列" if lang == "ja" else f"row {r}, column {c}"


def test_a_page_of_a_browser_set_to_japanese(ja_page: Page, site_url: str):
    """One page of a browser set to Japanese, watched (no error logged, no request leaving the site), each check in
    turn:

    1. The loading screen speaks Japanese before Python runs: its words once the HTML is parsed, every stage
       label it shows, in order; then the app speaks Japanese.
    2. The app opens in Japanese: Raythread's page offers "ゲームナイトを開く".
    3. A Raythread move on one device, in Japanese: the turn line, the board's name, the log's line, the next
       turn (two seats read A and B), the cell's label.
    4. A heading's subtitle is never broken inside on a phone (390 px): Japanese breaks between any two
       characters, and the subtitle (then "· この端末") once split as "· こ" / "の端末". Its words are kept
       whole; a line may break after its "・" (which stays with the title: tests/e2e/test_phone.py, no heading
       line starts with the separator).
    5. A refused daily date keeps what was typed with what is said of it, from 320 to 430 px: a daily link's
       date that does not exist is refused in a sentence that names it, then the days a link may name, each
       drawn whole. At 320 px its second line held only "「2026-02-30」は", its predicate two lines of dates
       further on; at 414 px a line started with the "は" parted from its "」". The date and its particle are
       one piece now, and the line that holds them holds more of what is said of them.
    6. A stored language the app does not speak ("xx": another version's, or edited by hand) falls back on the
       browser's languages, as the loading screen does (a Japanese browser read a Japanese loading screen, then
       an English app): the page reloaded with it."""
    page = ja_page
    # 1. Record every stage label the loading screen shows and its words once the HTML is parsed.
    page.add_init_script(RECORD_STAGES)
    page.add_init_script("""
        document.addEventListener('DOMContentLoaded', () => {
            window.__parsed = [document.documentElement.lang,
                document.querySelector('.boot-tagline').textContent,
                document.getElementById('boot-bar').getAttribute('aria-label')];
        });
    """)
    open_app(page, site_url, "#/raythread")
    assert page.evaluate("window.__parsed") == [
        "ja",
        "友だちと遊ぶ、光がテーマのボードゲーム。ブラウザでそのまま。",
        "読み込み中",
    ], "the loading screen's words"
    shown = page.evaluate("window.__stages")
    expected = [
        "Pythonランタイムをダウンロード中…",
        "Pythonを起動中…",
        "ゲームのファイルを読み込み中…",
        "アプリを起動中…",
    ]
    assert [s for i, s in enumerate(shown) if s in expected and (i == 0 or shown[i - 1] != s)] == expected, shown
    speaks(page, "ja")

    # 2. The app, opened on Raythread's page.
    expect(page.locator("main.game .actions a[href^='#/host']")).to_have_text("ゲームナイトを開く")

    # 3. A Raythread move.
    on_route(page, "#/raythread/table")
    speaks(page, "ja")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".match-status")).to_contain_text("Ann（A）の番")
    expect(page.locator("svg.rt-board")).to_have_attribute("aria-label", re.compile("Raythread Rallyのボード"))
    kind, cell = place_anywhere(page)
    placed = f"Ann（A）が{where(cell, 'ja')}に{TILE_JA[kind]}（スラッシュ「/」）を置きました。"
    expect(page.locator(".match-log")).to_contain_text(placed)
    expect(page.locator(".match-status")).to_contain_text("Bea（B）の番")  # two seats read A and B
    said = f"{where(cell, 'ja')}：{TILE_JA[kind]}、スラッシュ「/」、Ann（A）が置いたタイル"
    expect(page.locator(f"#{cell}")).to_have_attribute("aria-label", re.compile("^" + re.escape(said)))

    # 4. The same table's heading on a phone.
    resize(page, 390, 844)
    expect(page.locator("h1 .subtitle")).to_have_text("・この端末")
    # Its words are the part's text after its separator (ui.heading): the lines their characters are drawn on.
    lines = page.locator("h1 .subtitle").evaluate(
        """e => { const range = document.createRange(); range.selectNodeContents(e.lastChild);
                  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                  return [e.lastChild.textContent, tops.size]; }"""
    )
    assert lines == ["この端末", 1], f"the subtitle's words on one line at 390 px: {lines}"

    # 5. A refused daily date.
    resize(page, 320, 640)
    on_route(page, "#/reflection/solo?preset=hard&daily=2026-02-30")
    said_of_it = page.locator("#rf-message")
    expect(said_of_it).to_contain_text("「2026-02-30」")
    # The link's prefix and the sentence said 使えません each ("…は使えません：「…」は日付として使えません。").
    assert said_of_it.inner_text().count("使えません") == 1, said_of_it.inner_text()
    for width in (320, 340, 360, 375, 390, 414, 430):
        resize(page, width, 800)
        (lines,) = page.evaluate(DRAWN_LINES, "#rf-message")
        typed = [line for line in lines if "2026-02-30" in line]
        assert len(typed) == 1 and "「2026-02-30」は" in typed[0], (width, lines)
        assert typed[0] != "「2026-02-30」は", (width, lines)  # the subject alone on its line
        assert not any(line.startswith(("は", "」")) for line in lines), (width, lines)
        assert page.evaluate("document.documentElement.scrollWidth") == width

    # 6. A stored language the app does not speak, read at the next load.
    resize(page, 1280, 720)
    page.add_init_script("localStorage.setItem('gnc:lang', 'xx')")
    on_route(page, "#/raythread")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    ready(page)
    speaks(page, "ja")
    expect(page.locator("main.game .actions a[href^='#/host']")).to_have_text("ゲームナイトを開く")


def person(people: People, locale: str) -> BrowserContext:
    context = people.browser.new_context(**NO_SERVICE_WORKER, locale=locale)
    people.contexts.append(context)
    return context


def joins(host: Page, guest: Page, name: str) -> None:
    """The guest on an invitation's page gives its name, and the host pastes the reply it shows (the helpers of
    test_peer_links read the invitation's English, which a page in Japanese does not show)."""
    guest.fill("input[name=name]", name)
    guest.click("form[data-action=join] button[type=submit]")
    code = guest.locator(".reply-code")
    expect(code).to_be_visible(timeout=CONNECT_MS)
    paste_reply(host, code.input_value())
    expect(member(guest, name)).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)


def test_a_japanese_host_and_an_english_guest_each_read_their_own_language(people: People):
    host = people.open(person(people, "ja-JP"), f"{people.site_url}/?stun=none#/host?game=raythread")
    speaks(host, "ja")
    host.fill("input[name=lobby]", "Friday night")
    host.fill("input[name=name]", "Ann")
    host.click("form[data-action=host-setup] button[type=submit]")
    expect(host.locator("main.host[data-stage=lobby] h1")).to_have_text("Friday night")

    guest = people.open(person(people, "en-GB"), new_invitation(host))
    speaks(guest, "en")
    expect(guest.locator("main.join")).to_contain_text("Ann invites you to play Raythread Rally.")
    joins(host, guest, "Bea")
    expect(member(host, "Bea").locator(".state")).to_have_text("接続済み")
    # "接続済み・直接": the parts side by side, the dot their only separator (no space from the row's layout).
    expect(member(host, "Bea").locator(".route")).to_have_text("直接")
    said = route_after_state(host, "Bea")
    assert said["dot"] == '"・"' and said["gap"] == pytest.approx(0, abs=0.5), said
    expect(member(guest, "Ann").locator(".state")).to_have_text("connected")

    # A refusal from the Japanese host's session reaches the English guest as a code, in English: Bea
    # asks for seat A, which Ann holds (as a page that has not caught up yet would).
    guest.evaluate(
        """() => {
            const b = document.createElement('button');
            b.dataset.action = 'sit'; b.dataset.seat = 'A';
            document.querySelector('.lobby').append(b); b.click();
        }"""
    )
    expect(guest.locator(".lobby .error")).to_have_text("Seat A is taken.")
    # The host's own refusal, in Japanese: the match cannot start with the second seat (C, read B) empty.
    host.click("button[data-action=start]")
    expect(host.locator(".lobby .error")).to_contain_text("席Bが空いています")

    guest.click(".seat[data-seat='C'] button[data-action=sit]")
    expect(seat(host, "C")).to_have_text("Bea")
    # Each colour dot is centred on its words' first line, in Japanese as in English: at a line-height of
    # `normal` the host's dots stood 4 px above "席A" and "席B" (1lh was the Latin font's line, the Japanese
    # characters' line is taller; css/app.css, "Centred by the line's height").
    for page in (host, guest):
        assert dots_off_centre(page, ".seat .swatch") == [], page.evaluate("document.documentElement.lang")
    # A short match: one tile in each hand and none left in the deck, so it ends after two moves.
    host.click("details.table-options summary")
    host.fill("input[name=mirrors]", "2")
    host.fill("input[name=prisms]", "0")
    host.fill("input[name=hand]", "1")
    host.click("form[data-action=choose] button[type=submit]")
    expect(guest.locator(".lobby .error")).to_have_count(0)
    host.click("button[data-action=start]")
    status_says(host, "Ann（A）の番")
    status_says(guest, "Ann (A) to play")
    # … and a match card's dot on its name's line (by the baseline its foot stood on the line's, 3 px high).
    for page in (host, guest):
        assert dots_off_centre(page, ".match-seat .swatch") == [], page.evaluate("document.documentElement.lang")
    # On an upright phone the running match's board is whole in the first screen, the host's (in Japanese) and
    # the guest's (in English, under her connection line): under the lobby's lines it began 460–600 px down; and
    # held sideways, beside its status, under the row of the lobby's lines (docs/lobby.md, "A running match comes
    # first after the lobby's heading").
    for page in (host, guest):
        for width, height in ((390, 844), (844, 390)):
            resize(page, width, height)
            page.evaluate("window.scrollTo(0, 0)")
            lines = (".connection-strip", ".lobby .role") if page is guest else ("main h1", ".lobby .role")
            assert_in_window(page, (".match-status", ".rt-board", *lines))
        resize(page, 1280, 720)
    kind, cell = place_anywhere(host)
    assert kind == "mirror", "the deck holds only mirrors"
    expect(guest.locator(".match-log")).to_contain_text(f"Ann (A) places a mirror slash / at {where(cell, 'en')}.")
    placed_ja = f"Ann（A）が{where(cell, 'ja')}にミラー（スラッシュ「/」）を置きました。"
    expect(host.locator(".match-log")).to_contain_text(placed_ja)
    status_says(host, "Bea（B）の番")
    status_says(guest, "Bea (B) to play")

    # The result travels as codes (ranking, reason): each page words it.
    place_anywhere(guest)
    expect(guest.locator(".match-result")).to_contain_text("The deck and every hand are empty.")
    expect(host.locator(".match-result")).to_contain_text("山札と全員の手札がなくなりました")
    # The status at the top says who won, as the result's headline does, in each page's language.
    expect(guest.locator(".match-status")).to_have_text(re.compile(r"(wins!|^A draw between .*\.)$"))
    expect(host.locator(".match-status")).to_have_text(re.compile(r"(の勝ち！|の引き分け。)$"))
    # The result panel beside it ranks, and does not say who won again.
    expect(guest.locator(".match-result h2")).to_have_text("Final standings")
    expect(host.locator(".match-result h2")).to_have_text("最終順位")


# The lines a block's text is drawn on (a line starts where a character's box drops below the last one's).
TEXT_LINES = """(e) => { const range = document.createRange(); const lines = []; let top = null;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    // A part's separator clipped away where the part starts a line (css/app.css, .heading-parts) is not read.
    const clip = e.querySelector('.heading-parts')?.getBoundingClientRect();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
            range.setStart(node, i); range.setEnd(node, i + 1);
            const box = [...range.getClientRects()].find((r) => r.width > 0);
            if (!box || (clip && box.right <= clip.left + 0.5)) continue;
            const y = Math.round(box.top);
            if (top === null || y > top + 2) lines.push('');
            top = y; lines[lines.length - 1] += node.data[i];
        }
    }
    return lines; }"""


# The choices of every drop-down on the page whose text is wider than the room its closed box shows
# them in (its width less its padding and the arrow's ~20 px), measured in the box's own font.
CUT_CHOICES = """() => [...document.querySelectorAll('select')]
    .filter((s) => s.getBoundingClientRect().width > 0)
    .flatMap((s) => {
        const style = getComputedStyle(s);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...s.options].filter((o) => pen.measureText(o.text).width > room)
            .map((o) => `${s.name}: "${o.text}" in ${Math.round(room)} px`);
    })"""


# Each name field whose placeholder ("Player 2", a computer's "Bot B (Hard)") is wider than the room its
# box shows text in, measured in the field's own font.
CUT_PLACEHOLDERS = """() => [...document.querySelectorAll('input[placeholder]')]
    .filter((i) => i.getBoundingClientRect().width > 0)
    .flatMap((i) => {
        const style = getComputedStyle(i);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = i.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const width = pen.measureText(i.placeholder).width;
        return width > room ? [`${i.name}: "${i.placeholder}" ${Math.round(width)} px in ${Math.round(room)} px`] : [];
    })"""


FIELD_SIZES = {"phone": (390, 844), "laptop": (1280, 800)}


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_no_drop_down_cuts_its_choices_nor_a_name_field_its_placeholder(browser: Browser, site_url: str, locale: str):
    """One page in ``locale``, at each size in turn (a phone's 390×844, a laptop's 1280×800; the size and the
    text's size are the window's and the page's, the locale is the context's). Each failure names its size,
    its text size, its game and its choice.

    - No name field cuts its placeholder, at the browser's text at 100 % and 125 %: at 1280×800 with the text
      at 125 %, a Japanese table's name field showed a computer's name as "ボットB（むずかし": the field kept
      10rem beside "Played by", and the name needs 11 em of its own. Each choice of a table's second seat, in
      Raythread's and Light Seeker's table.
    - No drop-down cuts its choices: Reflection's puzzle list once showed "Easy — 6×6, 6 ti" even on a laptop,
      and in Japanese the table's "Played by" showed "コンピューター：むず…" (Reflection's solo page, and a
      Raythread table of four seats with its options open)."""
    context = browser.new_context(**NO_SERVICE_WORKER, locale=locale, viewport={"width": 390, "height": 844})
    try:
        page = open_app(context.new_page(), site_url, "#/raythread/table")
        cut = []
        for size_id, (width, height) in FIELD_SIZES.items():
            resize(page, width, height)
            for text in ("100%", "125%"):
                for game in ("raythread", "lightseeker"):
                    on_route(page, f"#/{game}/table")
                    page.locator("select[name=kind1]").wait_for()
                    page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
                    chosen = page.locator("select[name=kind1]").input_value()
                    for kind in page.locator("select[name=kind1] option").evaluate_all("os => os.map((o) => o.value)"):
                        page.select_option("select[name=kind1]", kind)
                        where = f"{size_id}, text {text}, {game}, {kind}"
                        cut += [f"{where}: {field}" for field in page.evaluate(CUT_PLACEHOLDERS)]
                    page.select_option("select[name=kind1]", chosen)  # the drop-downs below are read as they come
        assert cut == [], "placeholders cut"
        page.evaluate("document.documentElement.style.fontSize = ''")
        for size_id, (width, height) in FIELD_SIZES.items():
            resize(page, width, height)
            on_route(page, "#/reflection/solo")
            cut += [f"{size_id}, solo: {choice}" for choice in page.evaluate(CUT_CHOICES)]
            on_route(page, "#/raythread/table")
            page.locator("select[name=kind0]").wait_for()
            page.select_option("select[name=players]", "4")
            if page.locator(".table-options").get_attribute("open") is None:
                page.click(".table-options summary")
            expect(page.locator(".table-options")).to_have_attribute("open", "")
            cut += [f"{size_id}, table: {choice}" for choice in page.evaluate(CUT_CHOICES)]
        assert cut == [], "choices cut"
    finally:
        context.close()


# The text of each block of the page (an element drawn as a box, not inline) as one string, with the
# text node and offset of each of its characters: its own text and that of its inline elements (a no-break
# span, a link), so a break between two of them is seen too ("<span class=nobr>値2</span>" / "のエリア").
# An inline-block inside it (a button in a sentence) is a block of its own; a drawing's text is left out.
BLOCKS = r"""() => {
    const found = new Map(), walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('svg')) continue;
        let block = node.parentElement;
        while (block.parentElement && getComputedStyle(block).display === 'inline') block = block.parentElement;
        if (!found.has(block)) found.set(block, {block, text: '', at: []});
        const entry = found.get(block);
        entry.text += node.data;
        for (let i = 0; i < node.length; i++) entry.at.push([node, i]);
    }
    return [...found.values()].filter(({text}) => text.trim());
}"""

# What is drawn of characters ``from`` to ``to`` of a block (its boxes), and the lines its text is drawn on
# (a line starts where a character drops below the last one's bottom).
DRAWN = r"""(range, at, from, to) => {
    range.setStart(...at[from]); range.setEnd(at[to - 1][0], at[to - 1][1] + 1);
    return [...range.getClientRects()].filter((r) => r.width > 0);
}"""
LINES = r"""({text, at}) => {
    const range = document.createRange(), lines = [];
    let last = null;
    at.forEach((_c, i) => {
        const rect = drawn(range, at, i, i + 1)[0];
        if (!rect) return;
        const bottom = Math.round(rect.bottom);
        if (last === null || bottom > last + 2) lines.push('');
        last = bottom;
        lines[lines.length - 1] += text[i];
    });
    return lines;
}"""


def in_page(body: str) -> str:
    """A function for ``page.evaluate`` that has ``blocks()``, ``drawn(…)`` and ``lines(block)`` at hand."""
    return f"() => {{ const blocks = {BLOCKS}, drawn = {DRAWN}, lines = {LINES};\n{body} }}"


# Every line break of the page's Japanese text that falls inside a word (each with its text): a break
# inside a word of katakana or of kanji as the browser's own word segmenter finds it ("再" / "戦", "ティ" /
# "ルト", "大部" / "分"), or of kanji and their kana ending ("明る" / "い面"); or between a Japanese word
# and the number or Latin word written against it ("値" / "7", "バージョン" / "3747adb0", "Night" / "の").
# A word wider than its whole box aside (it has to break to fit). Japanese may break between any two
# characters, and Chromium's phrase model (``word-break: auto-phrase``) still breaks inside some words.
# (The segmenter's "に当たる" is two phrases to the browser: a word that starts with kana is left out.)
# Read in the whole text of each block, so a break between a no-break span and the text after it counts.
BAD_BREAKS = in_page(r"""
    const words = new Intl.Segmenter('ja', {granularity: 'word'}), range = document.createRange(), bad = [];
    // Katakana without its middle dot "・" (U+30FB), a separator a line may break after
    // ("デイリーパズル・" / "2026年…").
    const KANJI = '\\u3400-\\u9fff\\u3005', KANA = '\\u30a1-\\u30fa\\u30fc-\\u30ff', ENDING = '\\u3040-\\u309f';
    const whole = new RegExp(`^([${KANA}]{2,}|[${KANJI}]{2,}|[${KANJI}]+[${ENDING}]+)$`);
    const word = new RegExp(`[${KANJI}${KANA}]`), japanese = new RegExp(`[${KANJI}${KANA}${ENDING}]`);
    const latin = /[0-9A-Za-z]/;
    for (const {block, text, at} of blocks()) {
        const box = block.getBoundingClientRect();
        if (box.width <= 2 || !japanese.test(text)) continue;
        // The line each character is drawn on (its bottom); a break is where the next one drops lower.
        const bottoms = at.map((_c, i) => {
            const rect = drawn(range, at, i, i + 1)[0];
            return rect ? Math.round(rect.bottom) : null;
        });
        let last = null;
        const segments = [...words.segment(text)];
        bottoms.forEach((bottom, i) => {
            if (bottom === null) return;
            const broken = last !== null && bottom > last + 2;
            last = bottom;
            if (!broken) return;
            while (i > 0 && /\s/.test(text[i - 1])) i--;  // a line broken at a space breaks before it
            const inside = segments.find((s) => s.index < i && i < s.index + s.segment.length);
            const wide = inside
                && drawn(range, at, inside.index, inside.index + inside.segment.length)
                    .reduce((sum, r) => sum + r.width, 0) >= box.width;
            const cut = inside && whole.test(inside.segment) && !wide;
            const before = text[i - 1], after = text[i];
            const detached = (word.test(before) && latin.test(after)) || (latin.test(before) && japanese.test(after));
            if (cut || detached) bad.push(`${text.slice(Math.max(0, i - 8), i)} / ${text.slice(i, i + 8)}`);
        });
    }
    return bad;
""")


# Every block of Japanese text whose last line is one phrase ("…大きくする" / "こと", "値2のエリアが" / "1つ。")
# when a wrap of the same lines exists that ends on more: the block balanced (``text-wrap-style: balance``)
# in its own width ends on more than one phrase without taking more lines. (A narrow cell whose every line is
# one phrase, "マスを" / "タップ", has no such wrap.) A phrase: at most one word as the browser's word
# segmenter finds it, or at most two letters, punctuation aside ("こと", "1つ。").
# In English, a last line of one word ("…light the beacons" / "first.") is read the same way.
def short_last_lines(language: str) -> str:
    """The page function that lists the blocks of ``language``'s text ending on a line of one phrase (one
    word in English) that a balanced wrap would not end on."""
    return in_page(
        r"""
    const words = new Intl.Segmenter('ja', {granularity: 'word'}), japanese = /[\u3040-\u30ff\u3400-\u9fff]/;
    const english = LANGUAGE === 'en';
    const phrase = (line) => {
        const core = line.replace(/[\p{P}\p{S}\s]/gu, '');
        if (english) return line.split(/\s+/).filter((w) => /[0-9A-Za-z]/.test(w)).length <= 1;
        return core.length <= 2 || [...words.segment(core)].filter((s) => s.isWordLike).length <= 1;
    };
    const short = [];
    for (const block of blocks()) {
        const ours = english ? /[A-Za-z]/.test(block.text) && !japanese.test(block.text) : japanese.test(block.text);
        if (!ours || block.block.getBoundingClientRect().width <= 2) continue;
        const drawnNow = lines(block);
        if (drawnNow.length < 2 || !phrase(drawnNow[drawnNow.length - 1])) continue;
        const style = block.block.style.textWrapStyle;
        block.block.style.textWrapStyle = 'balance';
        const balanced = lines(block);
        block.block.style.textWrapStyle = style;
        if (balanced.length <= drawnNow.length && !phrase(balanced[balanced.length - 1])) {
            short.push(`${drawnNow.join(' / ')} (balanced: ${balanced.join(' / ')}; text: ${block.text})`);
        }
    }
    return short;
""".replace("LANGUAGE", repr(language))
    )


SHORT_LAST_LINES = short_last_lines("ja")


def start_lightseeker_match(page: Page) -> None:
    """A Light Seeker match on this device, its turn panel shown ("手番終了時、光を0より大きくする")."""
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bea")
    page.click("form[data-action=table-setup] button[type=submit]")
    expect(page.locator(".ls-board")).to_be_visible()
    expect(page.locator(".ls-above")).to_be_visible()


def test_the_sweep_sees_a_break_between_two_elements_of_one_line(browser: Browser):
    """The sweep read each text node alone, so a break between a no-break span and the text beside it
    ("値" / "<span>7</span>") went unseen: it reads the whole text of each block now."""
    page = browser.new_page(viewport={"width": 320, "height": 640})
    try:
        page.set_content(
            '<html lang="ja"><body><p style="width: 4em; word-break: break-all; margin: 0">'
            "あいう値<span>7</span>の面</p><p>短い文。</p></body></html>"
        )
        assert page.evaluate(BAD_BREAKS) == ["あいう値 / 7の面"]
    finally:
        page.close()


# The routes of tests/e2e/test_accessibility.py whose steps read no English (those do not apply here), and a
# Light Seeker match (its step there picks a cube by its English name).
READS_ENGLISH = ("open_rules_over_the_match", "open_invitation", "start_lightseeker", "in_japanese")
JAPANESE_ROUTES = [
    *((route, then) for route, then in ROUTES if then is None or then.__name__ not in READS_ENGLISH),
    ("#/lightseeker/table", start_lightseeker_match),
]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (320, 640)], ids=["laptop", "phone", "narrow"])
def test_japanese_lines_break_between_words_and_still_fit_the_screen(browser: Browser, site_url: str, size):
    with watched_page(
        browser,
        site_url,
        locale="ja-JP",
        viewport={"width": size[0], "height": size[1]},
        has_touch=size[0] < 500,
        is_mobile=size[0] < 500,
    ) as page:
        cut, short, wide = {}, {}, {}
        open_app(page, site_url, "#/")
        speaks(page, "ja")
        for route, then in JAPANESE_ROUTES:
            page.evaluate("(route) => { location.hash = route; }", route)
            page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)
            if then:
                then(page)
            where = f"{route}{' (then ' + then.__name__ + ')' if then else ''}"
            if words := page.evaluate(BAD_BREAKS):
                cut[where] = words
            if lines := page.evaluate(SHORT_LAST_LINES):
                short[where] = lines
            # A phrase wider than its line still breaks: nothing runs past the screen's edge (a phone shows a
            # page wider than its screen zoomed out: the window grows instead of scrolling).
            shown = page.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
            if shown != [size[0], size[0]]:
                wide[where] = shown
        assert not cut, "\n".join(f"{where}: {words}" for where, words in cut.items())
        assert not short, "\n".join(f"{where}: {lines}" for where, lines in short.items())
        assert not wide, wide


def test_the_english_last_line_check_sees_a_line_of_one_word(browser: Browser):
    """The check reads English too: a greedy wrap "aa bb cc dd" / "ee" is seen (balanced: "aa bb" / "cc dd ee"),
    the balanced one is not."""
    page = browser.new_page(viewport={"width": 320, "height": 640})
    try:
        style = "font: 16px monospace; width: 11ch; margin: 0"
        page.set_content(
            f'<html lang="en"><body><p style="{style}; text-wrap-style: auto">aa bb cc dd ee</p>'
            f'<p style="{style}; text-wrap-style: balance">ff gg hh ii jj</p></body></html>'
        )
        assert page.evaluate(short_last_lines("en")) == [
            "aa bb cc dd / ee (balanced: aa bb / cc dd ee; text: aa bb cc dd ee)"
        ]
    finally:
        page.close()


ENGLISH_ROUTES = ROUTES  # a Light Seeker match among them (its step reads English)


@pytest.mark.parametrize("size", [(390, 844), (320, 640)], ids=["phone", "narrow"])
def test_english_paragraphs_end_on_more_than_one_word_on_a_phone(browser: Browser, site_url: str, size):
    """The one-phrase last-line check of the Japanese sweep, in English: measured at 7 blocks at 320 px and
    none at 390, it was asserted for Japanese only."""
    with watched_page(
        browser,
        site_url,
        locale="en-US",
        viewport={"width": size[0], "height": size[1]},
        has_touch=True,
        is_mobile=True,
    ) as page:
        short = {}
        open_app(page, site_url, "#/")
        speaks(page, "en")
        for route, then in ENGLISH_ROUTES:
            page.evaluate("(route) => { location.hash = route; }", route)
            page.wait_for_function("(route) => document.documentElement.dataset.route === route", arg=route)
            if then:
                then(page)
            if lines := page.evaluate(short_last_lines("en")):
                short[f"{route}{' (then ' + then.__name__ + ')' if then else ''}"] = lines
        assert not short, "\n".join(f"{where}: {lines}" for where, lines in short.items())


# Each occurrence of ``words`` in the page's text that is drawn on more than one line when the box it is
# set in is any width from 120 px to the width it has: the box's width is set to each in turn.
SPLIT_AT_ANY_WIDTH = r"""(words) => {
    const range = document.createRange(), found = Object.fromEntries(words.map((w) => [w, 0])), split = [];
    const lines = (node, at, length) => {
        range.setStart(node, at); range.setEnd(node, at + length);
        const drawn = [...range.getClientRects()].filter((r) => r.width > 0);
        return new Set(drawn.map((r) => Math.round(r.bottom))).size;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of words) {
            for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
                found[word] += 1;
                let box = node.parentElement;
                while (getComputedStyle(box).display === 'inline') box = box.parentElement;
                const natural = Math.floor(box.getBoundingClientRect().width), style = box.style.width;
                for (let width = natural; width >= 120; width--) {
                    box.style.width = `${width}px`;
                    if (lines(node, at, word.length) > 1) {
                        split.push(`${word} at ${width} px in "${box.textContent}"`);
                        break;
                    }
                }
                box.style.width = style;
            }
        }
    }
    return {found, split};
}"""

KEPT_WHOLE = {
    # "…ないか、大部" / "分がまちがっています）" at 390 px
    "#join=not-a-code": ["大部分"],
    # "半分明る" / "い面", "手番の終わりに値" / "7以上の光のエリア", "値" / "7の光のエリア" on phones
    "#/lightseeker/rules": ["暗い面", "半分明るい面", "明るい辺", "暗い辺", "値7", "値2", "値1"],
    # a clue, "…戻ってきて、黄の" / "3。" at 390 px
    "#/reflection/rules": ["黄の3", "緑の3", "黒の2"],
    # the storage used in all, "…10.8 GBの" / "うち17.1 MB" at 390 px: the figure is one piece
    "#/settings": ["のうち"],
}


def table_options_fit(page: Page) -> None:
    """A player's pass: at 320 px Light Seeker's open options ran 33 px past the screen in Japanese (22 in
    English): the options box, a grid item, was as wide as its widest choice ("隣り合う光る面どうしなら
    いつでも"), and took the form with it. Raythread's and Light Seeker's table, their options open."""
    wide = {}
    for game in ("raythread", "lightseeker"):
        on_route(page, f"#/{game}/table")
        page.locator("select[name=kind1]").wait_for()
        page.click(".table-options summary")
        expect(page.locator(".table-options")).to_have_attribute("open", "")
        # A phone shows a page wider than its screen zoomed out: the window grows instead of scrolling.
        wide[game] = page.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
        # In its box, as wide as the screen lets it be now, every choice shows whole: Japanese "隣り合う光る面
        # どうしならいつでも" did not (now "隣り合う光る面すべて"), nor English "between any adjacent lit
        # faces" (cut in the closed select; now "where lit faces touch", beside "where lit edges meet").
        assert page.evaluate(CUT_CHOICES) == [], game
    assert wide == {"raythread": [320, 320], "lightseeker": [320, 320]}


def test_a_table_s_open_options_fit_a_narrow_phone_in_english(browser: Browser, site_url: str):
    """``table_options_fit`` in English (in Japanese: ``test_a_japanese_phone_keeps_its_words_whole``)."""
    context = browser.new_context(
        **NO_SERVICE_WORKER, locale="en-US", viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    )
    try:
        page = open_app(context.new_page(), site_url, "#/raythread/table")
        table_options_fit(page)
    finally:
        context.close()


def test_a_japanese_phone_keeps_its_words_whole(browser: Browser, site_url: str):
    """One page of a phone set to Japanese (touch), each check in turn:

    1. A solo puzzle's name keeps its tile count whole at 320 px: the name under the board wrapped as
       "パズル#11・ふつう（8×8、タイル10" / "枚）": the counter alone on a line, cut from its number. It breaks
       between its parts now: "（8×8、" / "タイル10枚）".
    2. Words the phrase model broke stay on one line at any width of their box, at 320×640 and at 390×844
       (``KEPT_WHOLE``: each failure names its width and route).
    3. A table's open options fit a narrow phone (320 px) in Japanese (``table_options_fit``).
    4.–8. At 320 px with the text at 200 %: each step's words below."""
    context = browser.new_context(
        **NO_SERVICE_WORKER, locale="ja-JP", viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    )
    try:
        page = open_app(context.new_page(), site_url, "#/reflection/solo?preset=normal&seed=11&v=2")
        name = page.locator('main[data-phase="playing"] .rf-name')
        expect(name).to_have_text("パズル#11・ふつう（8×8、タイル10枚）", timeout=60_000)
        lines = name.evaluate(TEXT_LINES)
        # Drawn as two parts (the number, the level and size): a line that starts the second has no "・".
        assert "".join(lines) in ("パズル#11・ふつう（8×8、タイル10枚）", "パズル#11ふつう（8×8、タイル10枚）"), lines
        assert not any(line.startswith(("枚", "）", "・")) for line in lines[1:]), lines
        assert any("タイル10枚" in line for line in lines), lines

        for width, height in ((320, 640), (390, 844)):
            resize(page, width, height)
            for route, words in KEPT_WHOLE.items():
                on_route(page, route)
                # Some words come after the route (the storage the browser reports on the settings page).
                page.wait_for_function(
                    "(words) => words.every((w) => document.body.textContent.includes(w))", arg=words
                )
                seen = page.evaluate(SPLIT_AT_ANY_WIDTH, words)
                assert all(seen["found"].values()), (width, route, seen["found"])  # each word is on the page
                assert seen["split"] == [], (width, route)
                # A screen reader and a copy read the plain word: no joiner reaches the page.
                assert "\u2060" not in page.evaluate("document.body.textContent"), (width, route)

        resize(page, 320, 640)
        table_options_fit(page)

        # 4. With the text at 200 % the host form's 「リレーサーバー（任意）」 ran past its box's right edge (a
        #    summary's words are one flex item, which did not shrink below its longest phrase).
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        on_route(page, "#/host?game=raythread")
        past = page.locator("summary").evaluate_all(
            "(all) => all.filter((s) => s.scrollWidth > s.clientWidth)"
            ".map((s) => `${s.textContent}: ${s.scrollWidth - s.clientWidth} px wider`)"
        )
        assert past == [], "a summary's words run past its box at 320 px, text at 200 %"
        # 5. … and a match's seat card cut the default 「プレイヤー1」 to 「プレイヤ…」.
        on_route(page, "#/raythread/table?vs=normal")
        expect(page.locator(".match-seat .who").first).to_be_visible(timeout=60_000)
        cut = page.locator(".match-seat .who").evaluate_all(
            "(all) => all.filter((w) => w.scrollWidth > w.clientWidth).map((w) => w.textContent)"
        )
        assert cut == [], "a seat card cuts its name at 320 px, text at 200 %"
        # 6. With the text as the browser sets it, the turn line keeps the whole default name with its seat at
        #    any width of its box: Japanese has no spaces, and only the name's last character was held to its
        #    seat ("プレイヤー" / "1（A）" in a box of 148 px). (At 200 % "プレイヤー1（A）" is wider than the
        #    line: its box wraps inside itself, css/app.css ``.nobr``.)
        page.evaluate("document.documentElement.style.fontSize = ''")
        names_kept_with_their_tags(page, [("プレイヤー1", "A")], 1)
        # 7. With the text at 200 % a heading's katakana compound, wider than its line, broke inside a word:
        #    Reflection solo's title read "ソロトレーニン" / "グ" beside the board, the host form's "リレーサー" /
        #    "バー（任意）". It breaks between the compound's words now (the catalogue's break mark, ``i18n.BREAK``).
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        on_route(page, "#/host?game=raythread")
        split = page.evaluate(WORDS_SPLIT, {"selector": "summary", "words": ["リレー", "サーバー"]})
        on_route(page, "#/reflection/solo?preset=normal&seed=11&v=2")
        page.locator('main[data-phase="playing"] h1').wait_for()
        split += page.evaluate(WORDS_SPLIT, {"selector": "h1", "words": ["ソロ", "トレーニング"]})
        assert split == [], "a heading's word broken at 320 px, text at 200 %"
        # 8. … and the lobby's chat field, a line of its own there, cut its placeholder 「メッセージを入力」 to
        #    「メッセージを入」 (English's "Say something" fits: step 4 of the English phone walk).
        on_route(page, "#/host?game=raythread")
        page.fill("input[name=name]", "アン")
        page.click("form[data-action=host-setup] button[type=submit]")
        expect(page.locator(".chat-form input")).to_be_visible()
        assert page.evaluate(PLACEHOLDERS_CUT, ".chat-form input") == [], "the chat's field cuts its placeholder"
    finally:
        context.close()


# Each of ``words`` drawn on more than one line in an element ``selector`` finds (its whole text, spans too):
# "トレーニング in ソロトレーニン / グ".
WORDS_SPLIT = r"""({selector, words}) => {
    const range = document.createRange(), split = [];
    for (const box of document.querySelectorAll(selector)) {
        const at = [], walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        let text = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            text += node.data;
            for (let i = 0; i < node.length; i++) at.push([node, i]);
        }
        const bottom = (i) => {
            range.setStart(...at[i]); range.setEnd(at[i][0], at[i][1] + 1);
            const rect = [...range.getClientRects()].filter((r) => r.width > 0)[0];
            return rect ? Math.round(rect.bottom) : null;
        };
        const bottoms = at.map((_c, i) => bottom(i));
        const lines = [];
        bottoms.forEach((b, i) => {
            if (i === 0 || (b !== null && b > bottoms[i - 1] + 2)) lines.push('');
            lines[lines.length - 1] += text[i];
        });
        for (const word of words) {
            for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
                const drawn = bottoms.slice(i, i + word.length).filter((b) => b !== null);
                if (Math.max(...drawn) - Math.min(...drawn) > 4) split.push(`${word} in ${lines.join(' / ')}`);
            }
        }
    }
    return split;
}"""


# Each name read with its seat tag ("Bea（2）", "Bea (2)") in the boxes ``selector`` finds, drawn on more than
# one line when its box is any width from 120 px to the width it has (the box's width set to each in turn).
NAME_AND_TAG_SPLIT = r"""({selector, seats}) => {
    const range = document.createRange(), found = [], split = [];
    const bottom = (at, i) => {
        range.setStart(...at[i]); range.setEnd(at[i][0], at[i][1] + 1);
        const rect = [...range.getClientRects()].filter((r) => r.width > 0)[0];
        return rect ? rect.bottom : null;
    };
    for (const box of document.querySelectorAll(selector)) {
        let text = '';
        const at = [], walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            text += node.data;
            for (let i = 0; i < node.length; i++) at.push([node, i]);
        }
        const natural = Math.floor(box.getBoundingClientRect().width), style = box.style.width;
        for (const [name, tag] of seats) {
            const label = new RegExp(`${name}[ \u00a0]?[（(]${tag}[）)]`).exec(text);
            if (!label) continue;
            found.push(label[0]);
            for (let width = natural; width >= 120; width--) {
                box.style.width = `${width}px`;
                const bottoms = [...label[0]].map((_c, k) => bottom(at, label.index + k)).filter((b) => b !== null);
                if (Math.max(...bottoms) - Math.min(...bottoms) > 4) {
                    split.push(`${label[0]} at ${width} px in "${text}"`);
                    break;
                }
            }
            box.style.width = style;
        }
    }
    return {found, split};
}"""
NAMED_LINES = ".match-status, .rf-still, .rf-team-name"


def names_kept_with_their_tags(page: Page, seats: list[tuple[str, str]], expected: int) -> None:
    seen = page.evaluate(NAME_AND_TAG_SPLIT, {"selector": NAMED_LINES, "seats": seats})
    assert len(seen["found"]) >= expected, seen  # the names are on the page's status lines
    assert seen["split"] == [], seen["split"]
    assert "\u2060" not in page.evaluate("document.body.textContent")  # the joiners never reach the page


@pytest.mark.webrtc
def test_no_status_line_parts_a_name_from_its_seat_number_on_a_phone(people: People):
    """At 390 px the Japanese status of a Reflection race broke "…あなた、Ann" / "（1）とBea（2）": the
    catalogue keeps each name with its tag ("{name}⁠（⁠{seat}⁠）", a no-break span on the page; a no-break
    space in English). Read at every width of the line from its own down to 120 px, in both languages, on a
    race (the solvers' status) and on a Raythread match on one device (the turn line)."""
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    ja = people.person(locale="ja-JP", **phone)
    host = open_host(people, context=ja)
    speaks(host, "ja")
    guests = {}
    for name in ("Bea", "Cal"):
        guest, reply = answer(people, people.person(**phone), new_invitation(host), name)  # reads English
        paste_reply(host, reply)
        expect(member(guest, name)).to_have_attribute("data-state", "connected", timeout=CONNECT_MS)
        guests[name] = guest
    choose(host, 3, {"mode": "random", "rounds": 3})
    for seat_id, name in (("2", "Bea"), ("3", "Cal")):
        guests[name].click(f".seat[data-seat='{seat_id}'] button[data-action=sit]")
        expect(seat(host, seat_id)).not_to_have_text("free")
    host.click("button[data-action=start]")
    seats = [["Ann", "1"], ["Bea", "2"], ["Cal", "3"]]
    for page in (host, guests["Bea"]):
        expect(page.locator(".rf-work svg.rf-board")).to_be_visible(timeout=CONNECT_MS)
        for language in ("ja", "en"):
            page.click(f".lang-switch .lang[data-lang={language}]")
            speaks(page, language)
            names_kept_with_their_tags(page, seats, 2)
    # The host's phone, in Japanese again, opens a table on this device (its race read, a link away, which a night
    # with guests asks about first: the page stays on the night until the host says leave).
    table = host
    table.click(".lang-switch .lang[data-lang=ja]")
    night = table.evaluate("location.hash")
    table.evaluate("location.hash = '#/raythread/table'")
    question = table.get_by_role("alertdialog", name="このページを離れますか？")
    expect(question).to_be_visible()
    assert table.evaluate("[location.hash, document.documentElement.dataset.route]") == [night, night]
    question.locator("button[data-action=leave-go]").click()
    table.wait_for_function("document.documentElement.dataset.route === '#/raythread/table'")
    speaks(table, "ja")
    table.fill("input[name=name0]", "Ann")
    table.fill("input[name=name1]", "Bea")
    table.click("form[data-action=table-setup] button[type=submit]")
    expect(table.locator(".match-status")).to_contain_text("Ann")
    names_kept_with_their_tags(table, [["Ann", "A"], ["Bea", "B"]], 1)
    table.click(".lang-switch .lang[data-lang=en]")
    speaks(table, "en")
    names_kept_with_their_tags(table, [["Ann", "A"], ["Bea", "B"]], 1)
    people.check()


def test_no_japanese_status_line_starts_with_the_particle_after_a_name(browser: Browser, site_url: str):
    """The status's own ``word-break: keep-all`` (from before the root's ``auto-phrase``) breaks Japanese only
    at brackets, spaces and "・": from 360 to 430 px a reloaded race's status read "…・Bea（2）" / "とCal（3）
    は切断中", a line starting with the particle of the name above it. Chromium's phrases break "Bea（2）と" /
    "Cal（3）は切断中"; the rule stands only for a browser without them (css/app.css). The reloaded host's
    pages of a Raythread match and a Reflection race (``reloaded_host_pages``), read from 300 to 430 px."""
    page = browser.new_page()
    try:
        for html in reloaded_host_pages("ja"):
            for width in range(300, 440, 10):
                resize(page, width, 844)
                show_markup(page, site_url, html, "ja")
                (lines,) = page.evaluate(DRAWN_LINES, ".match-status")
                assert lines and not any(line.startswith(("の", "と", "が", "は", "を")) for line in lines), (
                    width,
                    lines,
                )
    finally:
        page.close()


# Where each of the guest's option rows writes its words: the baseline of its label and of its value (a box of
# no size put last in each sits on that line's baseline), and whether the value shares the label's line.
OPTION_BASELINES = """() => [...document.querySelectorAll('.match-options dl > div')].map((row) => {
    const [label, value] = [row.querySelector('dt'), row.querySelector('dd')];
    const line = (part) => {
        const mark = document.createElement('span');
        mark.style.cssText = 'display:inline-block;width:0;height:0';
        part.append(mark);
        const at = mark.getBoundingClientRect().bottom;
        mark.remove();
        return at;
    };
    return {label: label.textContent, value: value.textContent, beside: value.getBoundingClientRect().top
        < label.getBoundingClientRect().bottom, gap: Math.abs(line(value) - line(label))};
})"""


def test_the_guest_s_options_list_writes_each_value_on_its_label_s_line_in_japanese(people: People):
    """The read-only options a guest sees (a player's pass, a Reflection race in Japanese): a value of digits
    alone ("3", "6") stood about 3 px above its label, whose Japanese letters, from a font of taller ascent,
    lowered that line's baseline; the row's two parts lined up by their tops."""
    host = open_host(people, context=person(people, "en-GB"))
    context = people.browser.new_context(**NO_SERVICE_WORKER, locale="ja-JP", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    guest = people.open(context, new_invitation(host))
    speaks(guest, "ja")
    joins(host, guest, "Bea")
    choose(host, 2, {"mode": "random", "rounds": 3})
    # Puzzles, then the rounds: the options that do not count with puzzles made by the app are not listed.
    expect(guest.locator(".match-options dd").nth(1)).to_have_text("3")
    rows = guest.evaluate(OPTION_BASELINES)
    assert [row["label"] for row in rows if not row["beside"]] == []  # at 1280 px each row is one line
    assert [row for row in rows if row["gap"] > 0.5] == []


# Where each cell of the race's points table writes its first line: the baseline of a box of no size put first
# in it. A row's cells should share one.
TABLE_BASELINES = """() => [...document.querySelectorAll('.rf-table tr')].map((row) => [...row.cells].map((cell) => {
    const mark = document.createElement('span');
    mark.style.cssText = 'display:inline-block;width:0;height:0';
    cell.prepend(mark);
    const at = mark.getBoundingClientRect().bottom;
    mark.remove();
    return {text: cell.textContent, at};
}))"""


def test_the_race_s_points_table_writes_a_row_on_one_line_in_japanese(people: People):
    """A player's pass (a Reflection race in Japanese, on a phone): a total ("67") stood a little above its
    player's name, whose full-width brackets ("Bea（2）") come from a font of taller ascent, as the cells were
    centred in their row; the options list had the same cause."""
    context = people.browser.new_context(**NO_SERVICE_WORKER, locale="ja-JP", viewport={"width": 390, "height": 844})
    people.contexts.append(context)
    host = open_host(people, context=context)
    speaks(host, "ja")
    choose(host, 1, {"mode": "random", "preset": "easy", "rounds": 1})
    host.click("button[data-action=start]")
    host.locator("button[data-action=rf-give-up]").click(timeout=CONNECT_MS)
    host.click("button.danger[data-action=rf-give-up]")
    expect(host.locator(".match-result")).to_be_visible(timeout=CONNECT_MS)
    if SHOTS:
        host.locator(".rf-table-wrap").scroll_into_view_if_needed()
        for width, height in ((390, 844), (1280, 800)):
            resize(host, width, height)
            for scheme in ("light", "dark"):
                host.emulate_media(color_scheme=scheme)
                host.screenshot(path=f"{SHOTS}/points-ja-{width}-{scheme}.png")
        resize(host, 390, 844)
        host.emulate_media(color_scheme=None)
    rows = host.evaluate(TABLE_BASELINES)
    assert len(rows) == 2 and "Ann（1）" in rows[1][0]["text"]
    apart = [
        [cell["text"] for cell in row] for row in rows if max(c["at"] for c in row) - min(c["at"] for c in row) > 0.5
    ]
    assert apart == []
