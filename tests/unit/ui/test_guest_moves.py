"""A guest's move is a numbered request of the lobby's protocol (docs/peer-links.md): kept in the page's
outbox until the host acknowledges it, sent again when no answer comes (a connection that lost it), and
never made twice: a second move while the first is on its way is refused on the page at once. Driven
through the real pages over ``FakeRtc``, as a player clicks."""

from gamenight import games
from gamenight.core.errors import IllegalMove
from gamenight.ui.lobby import join as join_screen
from gamenight.ui.match import said
from gamenight.ui.svg import text_of
from tests.unit.alerts import heard
from tests.unit.ui.peers import FakeRtc, Page, match_with_bea
from tests.unit.ui.test_lobby_bots import click_place, first_place


def ann_has_played(rtc: FakeRtc) -> tuple[Page, Page]:
    """A two-player Raythread match over peer links where Ann (the host, seat A) has played: Bea's turn."""
    ann, bea = match_with_bea(rtc)
    click_place(ann, first_place(ann, "A"))
    assert len(ann.inner.live.session.match.record.log) == 1
    return ann, bea


def bea_s_end(rtc: FakeRtc, bea: Page):
    return next(end for end in rtc.ends.values() if end.page is bea)


def test_a_guest_s_move_the_connection_lost_reaches_the_host_when_the_page_asks_again():
    rtc = FakeRtc()
    ann, bea = ann_has_played(rtc)
    session = ann.inner.live.session
    # The connection stops carrying Bea's messages before either browser notices (a network cut): her
    # move goes nowhere.
    end = bea_s_end(rtc, bea)
    end.open = False
    move = first_place(ann, "C")
    click_place(bea, move)
    assert len(session.match.record.log) == 1, "the move was lost on the way"
    assert bea.inner.client.moving, "the page knows its move has had no answer"
    # The network comes back; the page's poll sends what got no answer again, and the host plays it once.
    end.open = True
    rtc.now += 60_000
    bea.tick(join_screen.POLL)
    assert len(session.match.record.log) == 2
    assert session.match.record.log[-1].move == move
    assert not bea.inner.client.moving
    bea.tick(join_screen.POLL)
    assert len(session.match.record.log) == 2, "played once"


def status(page: Page) -> str:
    return text_of(page.by_class("match-status")[0])


def news(page: Page) -> list[str]:
    (region,) = page.find(lambda e: e.attr("id") == "match-news")
    return [text_of(line) for line in region.children if hasattr(line, "children")]


def test_a_guest_s_move_on_its_way_shows_as_sending_and_the_board_takes_no_second_one():
    """While her move travels, the status said "your turn" and a second move was scolded ("has not reached
    the host yet"). As good online board games do, the move shows at once as pending: the status says so (the
    live region once), the screen is marked (``data-sending``, the board drawn as waiting), and the board takes
    no second move, silently; the host's answer replaces it all."""
    rtc = FakeRtc()
    ann, bea = ann_has_played(rtc)
    end = bea_s_end(rtc, bea)
    end.open = False  # the first move is on its way and no answer comes yet
    assert "your turn" in status(bea)
    click_place(bea, first_place(ann, "C"))
    assert status(bea) == "Sending your move…"
    (screen_,) = bea.by_class("match-screen")
    assert screen_.attr("data-sending") == "1"
    assert news(bea)[-1] == "Sending your move…" and news(bea).count("Sending your move…") == 1
    sent = len(rtc.sent)
    state = ann.inner.live.session.match.state
    second = [m for m in games.rules("raythread").legal(state, "C") if m["type"] == "place"][1]
    click_place(bea, second)
    assert len(rtc.sent) == sent, "nothing sent"
    assert not bea.by_class("match-error"), "no scolding"
    before = news(bea)
    bea.tick(join_screen.POLL)  # the page redraws each second: the region's words stay, said once
    assert news(bea) == before
    # The host's answer comes: the move is played, and the pending state goes.
    end.open = True
    rtc.now += 60_000
    bea.tick(join_screen.POLL)
    assert len(ann.inner.live.session.match.record.log) == 2
    assert status(bea) != "Sending your move…" and "Sending your move…" not in news(bea)
    assert bea.by_class("match-screen")[0].attr("data-sending") is None


def test_a_guest_s_move_the_host_refuses_leaves_the_board_as_it_was_and_says_why(monkeypatch):
    rtc = FakeRtc()
    ann, bea = ann_has_played(rtc)
    session = ann.inner.live.session
    rules = games.rules("raythread")

    def refuse(state, seat, move, now_ms):
        raise IllegalMove("raythread-beacon")

    monkeypatch.setattr(rules, "play", refuse)
    before = bea.tree
    click_place(bea, first_place(ann, "C"))
    assert len(session.match.record.log) == 1, "refused"
    # Said in a region drawn (empty) before the refusal came: one that comes with its words is not heard.
    assert said({"code": "raythread-beacon", "params": {}}) in heard([before, bea.tree], known=True)
    assert status(bea) == "Bea\u00a0(B) to play · your turn", "back to her turn"
    assert bea.by_class("match-screen")[0].attr("data-sending") is None
    assert [text_of(e) for e in bea.by_class("match-error")] == [said({"code": "raythread-beacon", "params": {}})]
