"""While a match runs in a lobby, the page's order (the order Tab and a screen reader follow) is the order every
window draws: the page's title and the lobby's heading first, then the match screen, then the host's invitations
and the rest of the lobby. A phone held sideways drew the match first by a CSS ``order`` over a page whose order
put the host's "Invite a player" before the board: Tab met it, drawn under the board, first (WCAG 1.3.2, 2.4.3).
Putting the match before the title at every size was reverted: on a laptop the title, the heading and a guest's
connection line went under the board. An upright phone showed the board 460–600 px down, under the invitations."""

from gamenight.ui.svg import Element
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, match_with_bea


def order(page: Page) -> list[str]:
    """The page's landmarks in its order: the title, the match screen, the host's "Invite a player", the guest's
    connection line, the lobby's heading."""

    def named(e: Element) -> str | None:
        classes = str(e.attr("class") or "").split()
        if e.tag == "h1":
            return "title"
        if "match-screen" in classes:
            return "match"
        if e.attr("data-action") == "invite" and e.tag == "button":
            return "invite"
        if "connection-strip" in classes:
            return "connection"
        if "lobby-heading" in classes:
            return "heading"
        return None

    found = [named(e) for e in page.find(lambda e: named(e) is not None)]
    return [n for n in found if n is not None]


def test_a_running_match_comes_right_after_the_title_and_heading_and_before_the_invitations():
    host, bea = match_with_bea(FakeRtc())
    assert order(host) == ["title", "heading", "match", "invite"]
    assert order(bea) == ["title", "connection", "heading", "match"]
    host.click("end")
    host.click("end")
    # A match over: the invitations come back above the lobby, the ended board under its lines, as before a match.
    assert order(host) == ["title", "invite", "heading", "match"]
    assert order(bea) == ["title", "connection", "heading", "match"]
    before = host_lobby(FakeRtc(), Browser())
    assert order(before) == ["title", "invite", "heading"]
