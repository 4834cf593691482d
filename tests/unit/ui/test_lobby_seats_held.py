"""The lobby's seat words held as the match holds a seat's name (``i18n.held``, docs/i18n.md): "Seat A", a seat
card's label, and "Seat A: Bea", a match's line in the lobby, could break "Seat" / "A" on a phone at 320 px
with the text at 200 %."""

import re

from gamenight.ui.lobby import panel
from gamenight.ui.svg import Element, find_all, render, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join
from tests.unit.words import in_language


def test_a_seat_s_label_is_held_whole_in_either_language():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="2")
    shown = render(host.tree)
    assert '<span class="seat-name"><span class="nobr">Seat A</span></span>' in shown, shown
    assert '<span class="nobr">Seat B</span>' in shown
    with in_language("ja"):
        assert '<span class="nobr">席A</span>' in render(host.tree)


def seat_lines(page: Page) -> str:
    """The match's lines in the lobby ("Seat A: Ann"), drawn where the page has no board for the game (a
    game of a newer version): its list, rendered."""
    client = page.inner.client
    (lines,) = find_all(panel._match(client, client.lobby), lambda e: e.attr("class") == "match-seats")
    return render(lines)


def test_a_match_s_seat_lines_in_the_lobby_hold_the_seat_with_its_colon():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="2")
    bea.click("sit", seat="C")
    host.click("start")
    shown = seat_lines(bea)
    assert '<span class="nobr">Seat A:</span>' in shown and '<span class="nobr">Seat B:</span>' in shown, shown
    assert not re.search("Seat\u00a0", shown), "a reader and a copy get a plain space"
    with in_language("ja"):
        assert '<span class="nobr">席A：' in seat_lines(bea), seat_lines(bea)


def test_a_seat_named_by_its_tag_alone_is_held_in_the_result_line():
    said = panel._result({"winners": ["A"], "draw": False, "reason": None}, {}, {"A": "A"})
    assert said is not None and '<span class="nobr">Seat A.</span>' in render(said), render(said)


def parts(element) -> list[str]:
    """The boxes of a status line drawn as parts (``ui.heading.parts_row``), each without its separator."""
    boxes = find_all(element, lambda e: "part" in str(e.attr("class") or "").split())
    return [text_of(Element(b.tag, b.attrs, tuple(c for c in b.children if not _is_sep(c)))) for b in boxes]


def _is_sep(child) -> bool:
    return isinstance(child, Element) and child.attr("class") == "sep"


def test_the_lobby_s_match_status_is_drawn_as_parts_so_no_line_starts_with_the_separator():
    """The lobby's summary of a running match ("Match running · move 1 · Ann (A) to play") was one text with
    the separator inside it: on a phone a line could start with "·" (or end with it, "Match running ·"). It is
    a line of parts (``i18n.line``) drawn as boxes (``ui.heading.drawn``), as every other status line."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="C")
    host.click("start")
    client = bea.inner.client
    (status,) = find_all(panel._match(client, client.lobby), lambda e: e.attr("class") == "status")
    assert parts(status) == ["Match running", "move 1", "Ann to play"], render(status)
    assert text_of(status) == "Match running · move 1 · Ann to play"
    # Each seat's line with its score is one too ("Seat A: Ann · 0 points").
    rows = find_all(panel._match(client, client.lobby), lambda e: e.tag == "li" and e.attr("data-seat"))
    assert [len(parts(row)) for row in rows] == [2, 2], [render(row) for row in rows]
    with in_language("ja"):
        (status,) = find_all(panel._match(client, client.lobby), lambda e: e.attr("class") == "status")
        assert parts(status)[:2] == ["対戦中", "1手目"], render(status)
