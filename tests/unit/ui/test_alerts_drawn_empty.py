"""A form's error line is on the page, empty, before its words go in (DESIGN.md, docs/accessibility.md: "Live
regions"): an alert inserted together with its words is not announced by most screen readers, so a form that drew
its line only once there was an error ("model.error and alerts(...)") kept its first error to itself. Each test
draws a form with nothing wrong, finds the line's two regions there and empty, then gives the form an error and
checks, with what a screen reader hears over the two drawings (``tests.unit.alerts.heard``), that the words came into
a region already on the page."""

from __future__ import annotations

import json
from dataclasses import replace

from gamenight.lobby import protocol as p
from gamenight.net import peer as pe
from gamenight.reflection import solo
from gamenight.reflection.controls import Desk, reveal_status
from gamenight.ui import app
from gamenight.ui.match import Table
from gamenight.ui.program import Env, Tick
from gamenight.ui.svg import Element, find_all, h, text_of
from tests.unit.alerts import heard
from tests.unit.reflection.test_controls import KINDS, SEATS, built_match
from tests.unit.reflection.test_solo import click as solo_click
from tests.unit.reflection.test_solo import generated
from tests.unit.reflection.test_solo import send as solo_send
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby, invite_link, join
from tests.unit.ui.test_lobby_screens import bea_back, three_seats, two_player_match
from tests.unit.ui.test_settings import click as settings_click
from tests.unit.ui.test_settings import open_settings


def drawn_empty(tree: Element, name: str, role: str = "alert") -> None:
    """``{name}-0`` and ``{name}-1`` are on the page as ``role`` regions, both empty (and so visually hidden)."""
    pair = [find_all(tree, lambda e, rid=f"{name}-{i}": e.attr("id") == rid) for i in (0, 1)]
    assert [len(found) for found in pair] == [1, 1], f"{name}: no pair of regions drawn while nothing is wrong"
    for (region,) in pair:
        assert region.attr("role") == role and text_of(region) == "", (region.attr("id"), text_of(region))
        assert region.attr("class") == "visually-hidden", "an empty region takes no room"


def said_after(before: Element, after: Element) -> list[str]:
    """What a screen reader hears going from ``before`` to ``after``; fails if a region came with its words."""
    return heard([before, after], known=True)


def test_the_host_s_setup_form_draws_its_error_line_empty_before_a_bad_name():
    page = FakeRtc().page(Browser(), "#/host?game=raythread")
    before = page.tree
    drawn_empty(before, "setup-alert")
    page.submit("host-setup", lobby="Fun", name="", game="raythread")
    assert any("name has 1 to 24" in words for words in said_after(before, page.tree))


def test_the_host_s_reply_form_draws_its_error_line_empty_before_a_bad_code():
    host = host_lobby(FakeRtc(), Browser())
    invite_link(host)
    before = host.tree
    drawn_empty(before, "reply-alert")
    host.submit("reply", reply="not-a-code")
    assert any("not a Game Night reply code" in words for words in said_after(before, host.tree))


def test_the_lobby_draws_its_refusal_line_empty_before_the_first_refusal():
    host, _bea, cal = three_seats(FakeRtc())
    for page in (host, cal):
        drawn_empty(page.tree, "lobby-alert")
    before = cal.tree
    cal.click("sit", seat="B")
    assert "Seat B is taken." in said_after(before, cal.tree)
    before = host.tree
    host.submit("choose", game="raythread", players="2", target="lots")
    assert "Points to win must be a whole number from 1 to 28." in said_after(before, host.tree)


def test_a_guest_s_lobby_draws_its_problem_line_empty_before_the_host_sends_something_unreadable():
    rtc = FakeRtc()
    host, bea = two_player_match(rtc)
    drawn_empty(bea.tree, "problem-alert")
    client = bea.inner.client
    before = bea.tree
    view = json.loads(json.dumps(client.match.view))
    view["tiles"] = [{"cell": [40, 2]}]
    spoiled = p.Update(client.seq + 1, client.lobby, replace(client.match, view=view), ())
    bea.send(pe.PeerText("host", p.encode(spoiled), rtc.now))
    assert any("could not read" in words for words in said_after(before, bea.tree))
    assert host  # the host's page is not asked here


def test_the_join_form_draws_its_name_line_empty_before_a_bad_name():
    rtc = FakeRtc()
    bea = rtc.visit(Browser(), invite_link(host_lobby(rtc, Browser())))
    before = bea.tree
    drawn_empty(before, "name-alert")
    bea.submit("join", name="   ")
    assert any("name has 1 to 24" in words for words in said_after(before, bea.tree))


def test_the_rejoin_form_draws_its_lines_empty_before_a_bad_invitation():
    rtc = FakeRtc()
    again = bea_back(rtc)
    before = again.tree
    drawn_empty(before, "rejoin-alert")
    again.submit("rejoin", invitation="not a code")
    assert any("not a Game Night invitation code" in words for words in said_after(before, again.tree))


def test_a_reply_tab_draws_its_line_empty_while_it_hands_the_reply_over():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    code = join(rtc, host, "Bea").inner.reply
    tab = FakeRtc().page(Browser(), f"#reply={code}")  # a browser with no host page open: nobody answers
    assert tab.inner.stage == "sent"
    before = tab.tree
    drawn_empty(before, "reply-said")
    tab.send(Tick("reply-wait", rtc.now + 3000))
    assert tab.inner.stage == "alone"
    assert any("No host page of this site" in words for words in said_after(before, tab.tree))


def test_a_reflection_board_draws_its_note_line_and_its_give_up_question_empty_first():
    m, shown = built_match()
    bea = shown["2"]
    before = bea.tree
    drawn_empty(before, "rf-alert")
    drawn_empty(before, "rf-confirm")
    first = sorted(m.layouts["1"].tiles().items())[0]
    bea.click("tray", kind=KINDS[first[1]])
    bea.click("cell", r=first[0][0], c=first[0][1])
    bea.click("rf-submit")
    assert bea.note() in said_after(before, bea.tree)
    before = bea.tree
    bea.click("rf-give-up")
    assert "Give up this puzzle? It costs points." in said_after(before, bea.tree)


def test_a_reflection_page_with_no_board_draws_the_board_s_note_line_empty_first():
    table = Table("reflection", SEATS[:2], frozenset(("2",)))
    quiet = h("div", {}, reveal_status(Desk(), {"phase": "done"}, table))
    drawn_empty(quiet, "rf-alert")
    note = {"code": "rf-watching", "params": {}}
    noted = h("div", {}, reveal_status(Desk(note=note, refusals=1), {"phase": "done"}, table))
    assert said_after(quiet, noted)


def test_solo_training_draws_its_give_up_question_empty_before_it_asks():
    model, _ = generated()
    before = solo.SCREEN.view(model)
    drawn_empty(before, solo.QUESTION)
    asked, _ = solo_send(model, solo_click("give-up"))
    assert "Give up this puzzle? A solution will be shown." in said_after(before, solo.SCREEN.view(asked))


def test_settings_draw_the_clear_my_data_question_empty_before_it_asks():
    model = open_settings()
    before = app.view(model)
    drawn_empty(before, "clear-question")
    model, _ = app.update(model, settings_click("clear-data"), Env())
    assert any("This cannot be undone." in words for words in said_after(before, app.view(model)))
