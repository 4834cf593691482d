"""A live region must be on the page, empty, before its words go in: a region that comes with its words is not
announced. The shell (``ui.dom``) shows every drawing through ``ui.live.settled``, which keeps a region that came
with a new screen (the match screen, a guest's farewell) empty until it has been on the page a while; these tests
show the pages as the shell does, each drawing at a clock the test moves."""

from __future__ import annotations

import json

from gamenight.net import peer as pe
from gamenight.ui import live
from gamenight.ui.lobby import join as join_screen
from gamenight.ui.svg import Element, find_all, h, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, answer, host_lobby, invite_link, join
from tests.unit.ui.test_lobby_screens import close_night, end_match


def _live(e: Element) -> bool:
    return e.attr("role") in ("status", "alert", "log") or e.attr("aria-live") not in (None, "off")


def regions(tree: Element) -> dict[str, str]:
    """The live regions of ``tree`` by id, with their words; one with no id by its words (no earlier drawing can
    have held it empty: the shell cannot tell it is the same region)."""
    found = find_all(tree, _live)
    return {str(r.attr("id")) if r.attr("id") else f"<no id: {text_of(r)}>": text_of(r) for r in found}


class Shown:
    """``page`` as the shell shows it: its regions in each drawing, one drawing after each message it takes."""

    def __init__(self, page: Page, now: int = 10_000) -> None:
        self.page, self.now = page, now
        self.since: dict[str, int] = {}
        self.drawings: list[dict[str, str]] = []
        self.draw()
        send = page.send

        def sending(message: object) -> None:
            send(message)
            self.draw()

        page.send = sending  # type: ignore[method-assign]

    def draw(self) -> None:
        tree, self.since, _wake = live.settled(self.page.tree, self.since, self.now)
        self.drawings.append(regions(tree))

    def later(self) -> dict[str, str]:
        """The drawing the shell makes once the regions new on the page have settled."""
        self.now += live.SETTLE_MS
        self.draw()
        return self.drawings[-1]


def heard_in_place(drawings: list[dict[str, str]], name: str, start: int = 0) -> str:
    """The words region ``name`` says first after drawing ``start``, checked drawn empty in an earlier drawing."""
    said = next((i for i, d in enumerate(drawings) if i >= start and d.get(name)), None)
    assert said is not None, f"{name} said nothing: {drawings[-1]}"
    assert any(d.get(name) == "" for d in drawings[start:said]), f"{name} came with its words: {drawings[said][name]!r}"
    return drawings[said][name]


def test_the_match_s_news_is_drawn_empty_before_its_first_words_on_the_host_s_and_the_guest_s_page():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="C")
    shown = {"host": Shown(host), "bea": Shown(bea)}
    host.click("start")
    for page in shown.values():
        page.later()
    assert "(A) to play" in heard_in_place(shown["host"].drawings, "match-news")
    assert "(A) to play" in heard_in_place(shown["bea"].drawings, "match-news")


def test_the_match_s_news_is_drawn_empty_first_on_a_table_vs_the_computer_and_on_a_reloaded_page():
    rtc = FakeRtc()
    table = Page(rtc, Browser(), "#/raythread/table")
    shown = Shown(table)
    table.submit("table-setup", players="2", name0="Ann", name1="Bea")
    shown.later()
    assert heard_in_place(shown.drawings, "match-news") == "Ann\u00a0(A) to play"
    # "Play vs computer" opens the match at once, and a reload opens it again: the first drawing of either.
    for page in (Page(rtc, Browser(), "#/raythread/table?vs=normal"), table.reload()):
        shown = Shown(page)
        shown.later()
        assert "(A) to play" in heard_in_place(shown.drawings, "match-news")


def test_a_guest_hears_the_host_close_the_game_night_in_an_alert_drawn_before_its_words():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    bea.click("sit", seat="C")
    host.click("start")
    end_match(host)
    shown = Shown(bea)
    close_night(host)
    last = shown.later()
    (name,) = [n for n, words in last.items() if words == "The host closed the game night. Thanks for playing!"]
    heard_in_place(shown.drawings, name)


def test_a_region_new_on_the_page_says_its_words_once_it_has_been_there_a_while():
    kept, new = (
        h("p", {"id": "kept", "role": "status", live.SETTLE: True}, "Old."),
        h("p", {"id": "new", "role": "alert", live.SETTLE: True}, "New."),
    )
    page = h("div", {}, kept, new)
    tree, since, wake = live.settled(page, {"kept": 0}, 1_000)
    assert regions(tree) == {"kept": "Old.", "new": ""} and since == {"kept": 0, "new": 1_000}
    assert wake == 1_000 + live.SETTLE_MS, "the shell draws again when the new region may speak"
    (hushed,) = find_all(tree, lambda e: e.attr("id") == "new")
    assert hushed.attr("class") == "visually-hidden" and hushed.attr("role") == "alert", "no room taken meanwhile"
    assert live.settled(page, since, 1_000 + live.SETTLE_MS - 1)[2] == 1_000 + live.SETTLE_MS
    tree, since, wake = live.settled(page, since, 1_000 + live.SETTLE_MS)
    assert tree is page and wake is None, "nothing held back: the tree as it was drawn"
    # A region that leaves the page and comes back is new again.
    _tree, since, _wake = live.settled(h("div", {}), since, 5_000)
    assert since == {}
    assert regions(live.settled(page, since, 6_000)[0])["new"] == ""


def test_two_regions_by_turns_with_nothing_to_say_are_both_hidden_whatever_classes_the_words_would_have():
    """``live.alerts`` draws its speaking region with the words' classes ("error", a notice's box) only while it
    has words: empty, it is visually hidden as the other one is, so no caller writes "classes if words else
    hidden" by hand (the host's reply note did) and none draws an empty box."""
    for said in ("", None, []):
        drawn = live.alerts(said, 3, "note", "reply-note", status=True)
        assert [(e.attr("id"), e.attr("class"), e.attr("role")) for e in drawn] == [
            ("reply-note-0", "visually-hidden", "status"),
            ("reply-note-1", "visually-hidden", "status"),
        ], said
    drawn = live.alerts("Bea is connected.", 3, "note", "reply-note", status=True)
    assert [(e.attr("class"), text_of(e)) for e in drawn] == [("visually-hidden", ""), ("note", "Bea is connected.")]


def test_a_region_drawn_in_a_long_task_does_not_speak_before_the_task_is_over():
    """The shell's ``now`` is when its task began, and new regions are noted at the clock (``drawn_at``): a task that
    draws twice, 500 ms apart, keeps the region it drew empty in both drawings."""
    page = h(
        "div",
        {},
        h("div", {"id": "match-news", "aria-live": "polite", live.SETTLE: True}, h("p", {}, "Ann (A) to play")),
    )
    tree, since, wake = live.settled(page, {}, 1_000, 1_000)
    assert regions(tree) == {"match-news": ""}
    tree, since, wake = live.settled(page, since, 1_000, 1_500)
    assert regions(tree) == {"match-news": ""} and wake == 1_000 + live.SETTLE_MS
    assert regions(live.settled(page, since, 1_600, 1_600)[0]) == {"match-news": "Ann (A) to play"}


def test_a_region_first_drawn_empty_says_its_first_words_at_once():
    """A region on the page empty is one a screen reader knows: its first words are said when they come, not
    held back as a new region's are. The host's refusal ("Seat B is empty: …") is put into a region drawn
    empty since the lobby appeared; held back, it was hidden when the page scrolled it into the window, and a
    host who pressed "Start the match" at once saw nothing (the phone walk in test_peer_links.py)."""
    empty = h("div", {}, h("p", {"id": "alert", "role": "alert", live.SETTLE: True}))
    _tree, since, wake = live.settled(empty, {}, 1_000, drawn_at=1_050)
    assert wake is None
    said = h(
        "div", {}, h("p", {"id": "alert", "role": "alert", "class": "error", live.SETTLE: True}, "Seat B is empty.")
    )
    # The tap's drawing may read the task time of the drawing before (the page takes input before the zero
    # timeout that ends the shell's task): said at once all the same.
    for now in (1_000, 1_001, 9_000):
        tree, _since, wake = live.settled(said, since, now, drawn_at=now + 5)
        assert tree is said and wake is None, ("said at once, in its own classes", now)


def test_only_a_region_marked_to_settle_is_held_back():
    """A screen draws its other regions empty before their words; one held back as it comes is missed by what the
    page does with it then: the lobby's refusal, born with the first refusal, was hidden when the page scrolled it
    into the window (``ShowInWindow``), and a host on a phone who pressed "Start the match" saw nothing."""
    refusal = h("div", {}, h("p", {"id": "lobby-alert-1", "role": "alert", "class": "error"}, "Seat B is empty."))
    tree, since, wake = live.settled(refusal, {}, 1_000)
    assert tree is refusal and since == {} and wake is None


# Whole screens that come with an error line already saying its words: the shell holds the words back (``SETTLE``)
# until the line has been on the page a while, so they are put into a region a screen reader knows. The focus these
# screens ask for does not say the words: the join screen's heading says only "This invitation cannot be used", the
# rename form's field only "Your name" (checked below, so a test fails if either starts to say them and the alert
# would say them twice).


def focus_name(page: Page) -> str:
    """The accessible name of what the screen's last focus effect asks for (a selector of ``ui.program.Focus``):
    its text, or a field's label's, as the tree gives them."""
    selector = page.focused[-1]
    if selector == "main h1":
        (heading,) = page.find(lambda e: e.tag == "h1")
        return text_of(heading)
    (label,) = page.find(lambda e: e.tag == "label" and bool(find_all(e, lambda i: i.attr("name") == "name")))
    (field,) = find_all(label, lambda i: i.attr("name") == "name")
    assert field.attr("aria-describedby") is None, "the field has a description: read what it says"
    return text_of(label)


def speaking(shown: Shown, pair: str) -> str:
    """Which of the two regions ``{pair}-0`` and ``{pair}-1`` (``live.alerts``) speaks in the last drawing."""
    (name,) = [f"{pair}-{i}" for i in (0, 1) if shown.drawings[-1].get(f"{pair}-{i}")]
    return name


def test_the_join_screen_s_problem_is_said_in_its_line_drawn_before_its_words():
    rtc = FakeRtc()
    # A garbled invitation link: the problem stage is the page's first drawing.
    shown = Shown(rtc.page(Browser(), "#join=not-a-code"))
    shown.later()
    assert "not a Game Night invitation code" in heard_in_place(shown.drawings, "join-alert-0")
    # An invitation that expires while its page asks for a name: the problem stage takes the form's place.
    host = host_lobby(rtc, Browser())
    bea = rtc.visit(Browser(), invite_link(host))
    shown = Shown(bea)
    rtc.now += 11 * 60 * 1000
    bea.tick(join_screen.EXPIRY)
    assert bea.inner.stage == "problem"
    shown.later()
    assert "This invitation expired" in heard_in_place(shown.drawings, speaking(shown, "join-alert"))
    # Where focus goes to the heading (the link pasted into an open tab's address bar: a route change), it does
    # not say why.
    again = rtc.page(Browser(), "#join=not-a-code")
    (heading,) = again.find(lambda e: e.tag == "h1")
    assert text_of(heading) == "This invitation cannot be used" and heading.attr("aria-describedby") is None


def test_a_reply_tab_opened_on_a_bad_code_says_why_in_its_line_drawn_before_its_words():
    shown = Shown(FakeRtc().page(Browser(), "#reply=not-a-code"))
    assert shown.page.inner.stage == "problem"
    shown.later()
    assert "not a Game Night reply code" in heard_in_place(shown.drawings, "reply-said-0")


def test_a_guest_whose_name_the_host_refuses_hears_why_in_the_rename_form_s_line_drawn_before_its_words():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    twin, reply = answer(rtc, host, "BEA")
    shown = Shown(twin)
    host.submit("reply", reply=reply)
    rtc.pump()
    assert twin.find(lambda e: e.attr("data-action") == "rename" and e.tag == "form")
    assert focus_name(twin) == "Your name", "the focus on the field does not say why"
    shown.later()
    assert "already called Bea" in heard_in_place(shown.drawings, "name-alert-0")
    # Another name refused on the page: said at once, in the other region of the two already there.
    twin.submit("rename", name=" ")
    assert shown.drawings[-1]["name-alert-0"] == "" and "name has 1 to 24" in shown.drawings[-1]["name-alert-1"]


def test_the_host_hears_a_reply_link_s_refusal_in_the_reply_form_s_line_drawn_before_its_words():
    """A reply link opened in another tab of the host's browser after its invitation was answered: no invitation
    waits, so the host's page has no reply form, and the form comes with the reason."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    _bea, reply = answer(rtc, host, "Bea")
    host.submit("reply", reply=reply)
    assert not host.by_class("reply-form")
    shown = Shown(host)
    host.send(pe.Signal(json.dumps({"reply": reply})))
    rtc.pump()
    shown.later()
    assert "This reply was already used" in heard_in_place(shown.drawings, speaking(shown, "reply-alert"))
