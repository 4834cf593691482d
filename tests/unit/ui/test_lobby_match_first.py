"""While a match runs in a lobby, its match screen comes first in the page's order (``panel.page``), the order
Tab and a screen reader follow, as a phone held sideways shows it first. The phone's view moved it there by a CSS
``order`` alone: the host's "Invite a player", drawn under the board, came before it in Tab order."""

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


def test_a_running_match_comes_first_in_the_page_s_order_for_host_and_guest():
    host, bea = match_with_bea(FakeRtc())
    assert order(host) == ["match", "title", "invite", "heading"]
    assert order(bea) == ["match", "title", "connection", "heading"]
    host.click("end")
    host.click("end")
    # A match over: the lobby's lines lead again, the ended board under them, as before a match.
    assert order(host) == ["title", "invite", "heading", "match"]
    assert order(bea) == ["title", "connection", "heading", "match"]
    before = host_lobby(FakeRtc(), Browser())
    assert order(before) == ["title", "invite", "heading"]
