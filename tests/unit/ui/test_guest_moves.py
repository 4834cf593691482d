"""A guest's move is a numbered request of the lobby's protocol (docs/peer-links.md): kept in the page's
outbox until the host acknowledges it, sent again when no answer comes (a connection that lost it), and
never made twice: a second move while the first is on its way is refused on the page at once. Driven
through the real pages over ``FakeRtc``, as a player clicks."""

from gamenight import games
from gamenight.ui.lobby import join as join_screen
from gamenight.ui.svg import text_of
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


def test_a_guest_s_second_move_while_the_first_is_on_its_way_is_refused_on_the_page():
    rtc = FakeRtc()
    ann, bea = ann_has_played(rtc)
    end = bea_s_end(rtc, bea)
    end.open = False  # the first move is on its way and no answer comes yet
    click_place(bea, first_place(ann, "C"))
    sent = len(rtc.sent)
    state = ann.inner.live.session.match.state
    second = [m for m in games.rules("raythread").legal(state, "C") if m["type"] == "place"][1]
    click_place(bea, second)
    assert len(rtc.sent) == sent, "nothing sent"
    assert "has not reached the host yet" in text_of(bea.tree)
