"""The lobby's lines that come and go say the same words again: the page is morphed, not rebuilt, and a
region drawn afresh with words it said before need not be announced. "Try again" after a long wait and the
note of who waits for a seat are drawn by ``ui.live.alerts`` as two status regions by turns, drawn even when
empty, and each page counts their sayings (``ui.live.said_again``), as the table's word and the host's notes."""

from gamenight.lobby.client import SLOW_MS
from gamenight.ui.live import said_again
from gamenight.ui.lobby import join as join_screen
from tests.unit.alerts import Regions, said_in_turns
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join
from tests.unit.ui.test_lobby_alerts import status_regions


def test_a_line_counts_each_time_it_says_words_it_did_not_say_just_before():
    """``said_again``: back after it went, or other words, counts once more; the same words kept, or a line
    gone, count nothing, and the counts are the same object then (the screen keeps its model)."""
    counts = {"slow-note": 3}
    assert said_again(counts, {"slow-note": "Wait."}, {"slow-note": "Wait."}) is counts, "kept"
    assert said_again(counts, {"slow-note": "Wait."}, {"slow-note": ""}) is counts, "gone"
    assert said_again(counts, {"slow-note": ""}, {"slow-note": "Wait."}) == {"slow-note": 4}, "back"
    assert said_again(counts, {}, {"room-note": "Bea waits."}) == {"slow-note": 3, "room-note": 1}, "new"
    assert said_again(counts, {"slow-note": "Wait."}, {"slow-note": "Other."}) == {"slow-note": 4}, "other words"


def stalled(rtc: FakeRtc, page: Page, stall: bool) -> None:
    """Whether what ``page`` sends reaches the other end (a host's page asleep, then awake)."""
    for end in rtc.ends.values():
        if end.page is page and end.other is not None:
            end.other.open = not stall


def slow_wait(rtc: FakeRtc, bea: Page, action: str, **data: str) -> Regions:
    """Bea presses ``action`` while the host's page does not hear her, waits long enough to be told so, and
    the host hears her again: the page's "Try again" regions while the notice was shown."""
    stalled(rtc, bea, True)
    bea.click(action, **data)
    rtc.now += SLOW_MS + 1
    bea.tick(join_screen.POLL)
    shown = status_regions(bea, "slow-note")
    stalled(rtc, bea, False)
    rtc.now += SLOW_MS + 1
    bea.tick(join_screen.POLL)  # sent again, and confirmed: the notice goes
    rtc.pump()
    assert [text for _rid, text in status_regions(bea, "slow-note")] == ["", ""], "gone once confirmed"
    return shown


def test_a_guest_told_twice_that_the_host_has_not_confirmed_hears_it_twice():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    first = slow_wait(rtc, bea, "sit", seat="B")
    second = slow_wait(rtc, bea, "stand")
    assert "has not confirmed your last action" in said_in_turns([first, second], "slow-note")
    assert "Try again" in said_in_turns([first, second], "slow-note")


def test_the_note_of_who_waits_for_a_seat_is_said_again_when_it_comes_back():
    """A Reflection lobby for one: Bea waits ("Every seat is taken…", the host's "Bea is waiting for a seat."),
    the host makes room and she sits (both notes go), then the host takes the room away again: the same words
    on both pages, heard again."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="1", mode="random", preset="hard", rounds="3")
    bea = join(rtc, host, "Bea")
    first = (status_regions(bea, "room-note"), status_regions(host, "room-note"))
    host.click("make-room", players="2")
    bea.click("sit", seat="2")
    assert [text for _rid, text in status_regions(bea, "room-note")] == ["", ""]
    assert [text for _rid, text in status_regions(host, "room-note")] == ["", ""]
    host.submit("choose", game="reflection", players="1", mode="random", preset="hard", rounds="3")
    again = (status_regions(bea, "room-note"), status_regions(host, "room-note"))
    assert "Every seat is taken" in said_in_turns([first[0], again[0]], "room-note")
    assert "Bea is waiting for a seat." in said_in_turns([first[1], again[1]], "room-note")


def region_classes(page: Page, name: str) -> list[str | None]:
    """The classes of the page's two regions ``{name}-0`` and ``{name}-1``, in the page's order."""
    found = page.find(lambda e: e.attr("id") in (f"{name}-0", f"{name}-1"))
    assert [e.attr("id") for e in found] == [f"{name}-0", f"{name}-1"], found
    return [str(e.attr("class")) for e in found]


def test_the_lobby_s_lines_that_come_and_go_are_drawn_in_their_classes_and_hidden_while_empty():
    """The lobby's "Try again" after a long wait shows as a notice, the note of who waits for a seat as a boxed
    note (the host's, which holds its button, unboxed); while they say nothing both regions of each are
    visually hidden, taking no room."""
    hidden = ["visually-hidden", "visually-hidden"]
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    assert region_classes(bea, "slow-note") == hidden
    stalled(rtc, bea, True)
    bea.click("sit", seat="B")
    rtc.now += SLOW_MS + 1
    bea.tick(join_screen.POLL)
    assert sorted(region_classes(bea, "slow-note")) == ["notice slow", "visually-hidden"]
    stalled(rtc, bea, False)
    rtc.now += SLOW_MS + 1
    bea.tick(join_screen.POLL)
    rtc.pump()
    assert region_classes(bea, "slow-note") == hidden

    host = host_lobby(rtc, Browser(), game="reflection")
    host.submit("choose", game="reflection", players="1", mode="random", preset="hard", rounds="3")
    assert region_classes(host, "room-note") == hidden
    bea = join(rtc, host, "Bea")
    assert sorted(region_classes(bea, "room-note")) == ["note room-note boxed", "visually-hidden"]
    assert sorted(region_classes(host, "room-note")) == ["room-note", "visually-hidden"]
    host.click("make-room", players="2")
    bea.click("sit", seat="2")
    assert region_classes(bea, "room-note") == region_classes(host, "room-note") == hidden
