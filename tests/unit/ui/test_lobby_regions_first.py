"""A live region must be in the page before the words a screen reader should hear from it: a region that
comes with its words (drawn with what it belongs to, an invitation's new card) is not announced. So a
region that comes with a new part of a screen is drawn empty first and its words come in a later drawing
(``ui.live.region``)."""

from gamenight.ui.lobby.join import CONNECTION_LINE
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, answer, host_lobby, match_with_bea
from tests.unit.ui.test_lobby_screens import pick


def card_regions(page: Page) -> list[tuple[str | None, str]]:
    """Each invitation card's live regions as (id, text), newest card first, as drawn."""
    cards = page.find(lambda e: e.tag == "li" and "invite" in str(e.attr("class") or "").split())
    live = [r for c in cards for r in find_all(c, _live)]
    return [(r.attr("id"), text_of(r)) for r in live]


def _live(e: Element) -> bool:
    return e.attr("role") in ("status", "alert") or e.attr("aria-live") is not None


def test_a_new_invitation_card_s_status_region_is_drawn_empty_before_its_first_words():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.send(UiEvent("click", "invite", {}, now_ms=rtc.now))  # the offer not made yet (the network not pumped)
    first = card_regions(host)
    assert len(first) == 1 and first[0][0], f"one region with an id, for the morph to keep: {first}"
    assert first[0][1] == "", f"drawn with its words, so not heard: {first}"
    assert "Preparing the invitation…" in host.text, "the card still shows what it does"
    rtc.pump()  # the offer is ready: the link and its words come into the region already there
    assert card_regions(host) == [
        (first[0][0], "Invitation 1: Send this link to one player, then paste their reply below.")
    ]


def page_regions(page: Page) -> dict[str, str]:
    """The page's live regions with an id, by id: their words as drawn."""
    return {str(r.attr("id")): text_of(r) for r in page.find(_live) if r.attr("id")}


def test_a_guest_hears_that_it_is_connected_to_the_host_in_a_region_drawn_before_it():
    """A first join's page showed its connection line ("Connected to the host.") only once the channel was open,
    a region that came with its words, not heard (focus goes to the page's heading then, which says the night's
    name, not that the guest is in): the line is drawn, empty and unseen, while the reply waits for the host."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, reply = answer(rtc, host, "Bea")
    assert page_regions(bea).get("connection-line") == "", page_regions(bea)
    host.submit("reply", reply=reply)
    assert page_regions(bea)["connection-line"] == "Connected to the host."


def drawn_regions(page: Page) -> list[dict[str, str]]:
    """The page's live regions with an id as drawn now, then after each message it takes, in order."""
    drawings = [page_regions(page)]
    send = page.send

    def sending(message: object) -> None:
        send(message)
        drawings.append(page_regions(page))

    page.send = sending  # type: ignore[method-assign]
    return drawings


def first_said(drawings: list[dict[str, str]], name: str) -> int:
    """The drawing in which the region ``name`` first says something, checked drawn empty in an earlier one."""
    said = next((i for i, d in enumerate(drawings) if d.get(name)), None)
    assert said is not None, f"no region {name} said anything: {drawings[-1]}"
    assert any(d.get(name) == "" for d in drawings[:said]), f"{name} came with its words: {drawings[said][name]!r}"
    return said


def test_a_guest_told_the_game_was_switched_hears_it_in_a_region_drawn_before_it():
    """The note of a game switched since the invitation came with the lobby, a region with its words: drawn empty
    from the channel's opening, it is filled when the lobby comes and says the switch."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea, reply = answer(rtc, host, "Bea")
    pick(host, "game", "lightseeker")
    drawings = drawn_regions(bea)
    host.submit("reply", reply=reply)
    said = first_said(drawings, "switched-note")
    assert drawings[said]["switched-note"].startswith("Ann has switched the game since inviting you")
    assert first_said(drawings, CONNECTION_LINE) < said, "connected first, then the lobby's words"


def test_the_host_s_panel_keeps_its_place_as_the_invitations_move_past_it_at_a_match_s_end():
    """On the host's page the invitations stand after a running match (in the lobby's panel) and before an
    ended one. Recorded in Chromium, the page's morph moved the whole panel when they moved, with the match's
    live region in it, in the drawing that said the match's end: a region moved as its words come is not one
    a screen reader heard change. Both sections carry ids, so the morph keeps the panel and moves the
    invitations alone."""
    rtc = FakeRtc()
    ann, _bea = match_with_bea(rtc)

    def sections(page: Page) -> list[tuple[object, object]]:
        found = page.find(lambda e: e.tag == "section" and e.attr("class") in ("lobby", "invites"))
        return [(e.attr("class"), e.attr("id")) for e in found]

    assert sections(ann) == [("lobby", "lobby-panel"), ("invites", "invites")]
    ann.click("end")
    ann.click("end")  # the confirmation
    assert sections(ann) == [("invites", "invites"), ("lobby", "lobby-panel")]
