"""Every lobby page says who starts the rematch before the host presses it, and again when it begins
(``panel._rematch_starts``, by ``lobby.rematch.seating``, the rule ``Session._here`` seats it by; the match
status's ``opening``). Before, the seats turned (Bea in A, Ann in B) and nobody had been told: Ann, who
started the last match, read "Bea (A) to play" and only then that she had moved."""

import pytest

from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join, match_with_bea
from tests.unit.ui.test_lobby_screens import play
from tests.unit.words import in_language


def status(page: Page) -> str:
    """The status as the live region says it (its last line here: nobody is disconnected): a rematch's first
    turn adds who starts it (``match.turn_words``, ``heard``); the status shows a turn's words."""
    return text_of(page.find(lambda e: e.attr("id") == "match-news")[0].children[-1])


def shown(page: Page) -> str:
    return text_of(page.by_class("match-status")[0])


def news(page: Page) -> str:
    return text_of(page.find(lambda e: e.attr("id") == "match-news")[0])


def starts(page: Page) -> list[str]:
    return [text_of(note) for note in page.by_class("rematch-starts")]


def ended(rtc: FakeRtc | None = None) -> tuple[Page, Page]:
    """Ann (host, A) and Bea (B) played a Raythread match the host then ended."""
    host, bea = match_with_bea(rtc or FakeRtc())
    host.click("end")
    host.click("end")
    return host, bea


def test_every_page_says_who_starts_the_rematch_before_and_as_it_begins():
    host, bea = ended()
    for page in (host, bea):
        assert starts(page) == ["In the rematch, Bea\u00a0(A) starts."]
    (button,) = host.find(lambda e: e.attr("data-action") == "start" and text_of(e) == "Rematch")
    assert button.attr("aria-describedby") == "rematch-starts", "read as the host's Rematch takes focus"
    with in_language("ja"):
        assert starts(host) == ["再戦はBea\u2060（\u2060A\u2060）から始めます。"]
    host.click("start")
    assert not host.by_class("rematch-starts") and not bea.by_class("rematch-starts")
    assert status(host) == "Rematch: Bea\u00a0(A) starts"
    assert status(bea) == "Rematch: Bea\u00a0(A) starts · your turn"
    for page in (host, bea):
        assert "Rematch: Bea\u00a0(A) starts" in news(page), "the live region says it too"
    play(bea, host.inner.live.session, "A")
    assert status(host) == "Ann\u00a0(B) to play · your turn", "once the first move is made, whose turn it is"


def match_button(page: Page) -> list[str]:
    """The host's button beside the ended match, or a guest's line about it (not the host's form's "New match
    with these options", which submits the form)."""
    beside = lambda e: e.tag == "button" and e.attr("data-action") == "start" and e.attr("form") is None  # noqa: E731
    pressed = [text_of(b) for b in page.find(beside)]
    return pressed + [text_of(note) for note in page.by_class("rematch-note")]


def test_the_note_follows_the_seats_the_host_changes_before_the_press():
    """The host swaps the seats back by hand, or picks other options: a new match, not a rematch, which
    starts as the seats are (``Session._here``): the note names the player in the first seat, and the button
    and the guests' line say a match starts, not a rematch. They said "Rematch" and "In the rematch, Ann (A)
    starts." for a match whose seats do not turn, under other options."""
    host, bea = ended()
    assert match_button(host) == ["Rematch"] and match_button(bea) == ["The host can start a rematch."]
    host.click("stand")
    bea.click("stand")
    host.click("sit", seat="C")
    bea.click("sit", seat="A")
    assert starts(host) == ["In the next match, Bea\u00a0(A) starts."] and starts(bea) == starts(host)
    assert match_button(host) == ["Start the match"] and match_button(bea) == ["The host can start the next match."]
    bea.click("stand")
    host.click("stand")
    host.click("sit", seat="A")
    bea.click("sit", seat="C")
    assert starts(bea) == ["In the rematch, Bea\u00a0(A) starts."], "the same seats again: they turn"
    assert match_button(host) == ["Rematch"] and match_button(bea) == ["The host can start a rematch."]
    host.submit("choose", game="raythread", players="2", target="20")
    assert starts(host) == ["In the next match, Ann\u00a0(A) starts."] and starts(bea) == starts(host)
    assert match_button(host) == ["Start the match"] and match_button(bea) == ["The host can start the next match."]
    (button,) = host.find(lambda e: e.attr("data-action") == "start" and e.attr("form") is None)
    assert button.attr("aria-describedby") == "rematch-starts", "the line still describes the button"
    with in_language("ja"):
        assert starts(host) == ["次の対戦はAnn\u2060（\u2060A\u2060）から始めます。"]
        assert match_button(host) == ["対戦を開始"]
        assert match_button(bea) == ["ホストが次の対戦を始められます。"]
    host.click("start")
    assert status(host) == "Ann\u00a0(A) to play · your turn", "a new match, as its button said: no 'Rematch:'"


def options_changed(host: Page, bea: Page) -> str:
    host.submit("choose", game="raythread", players="2", target="20")
    return "Ann\u00a0(A)"


def seats_swapped(host: Page, bea: Page) -> str:
    host.click("stand")
    bea.click("stand")
    bea.click("sit", seat="A")
    host.click("sit", seat="C")
    return "Bea\u00a0(A)"


@pytest.mark.parametrize("change", [options_changed, seats_swapped])
def test_a_page_that_first_sees_the_ended_match_after_a_change_names_who_the_host_will_seat_first(change):
    """Cy opens the lobby after the host changed the options (or the seats) of the ended match: a new match,
    not a rematch, whose first seat starts. Cy's page took the lobby as it found it for the ended match's
    options and seats, read "unchanged", and named the player the turned seats would have put first."""
    rtc = FakeRtc()
    host, bea = ended(rtc)
    first = change(host, bea)
    cy = join(rtc, host, "Cy")
    said = [f"In the next match, {first} starts."]
    assert starts(host) == said and starts(bea) == said
    assert starts(cy) == said, "the line under the button on the page that came late, as the host will do"
    assert match_button(host) == ["Start the match"], "a new match: its seats do not turn"
    assert match_button(bea) == match_button(cy) == ["The host can start the next match."], "a player, a watcher"
    host.click("start")
    # A new match on every page, as its button said: no page opens it with "Rematch: … starts" (each said so).
    for page in (host, bea, cy):
        assert not status(page).startswith("Rematch"), status(page)
        assert status(page).startswith(f"{first} to play"), status(page)


def colours(page: Page, name: str) -> set[str]:
    """The colours ``page`` draws ``name`` in: the seat cards, the match's seat list, the members list."""
    found = set()
    for li in page.find(lambda e: e.tag == "li" and e.attr("data-colour")):
        if name in text_of(li):
            found.add(str(li.attr("data-colour")))
    for row in page.by_class("member"):
        if name in text_of(row):
            swatch = next(s for s in find_all(row, lambda e: "swatch" in str(e.attr("class") or "")))
            found.add(str(swatch.attr("data-colour")))
    return found


def test_each_page_says_the_seat_and_colour_a_rematch_moved_its_player_to_and_draws_them_in_it():
    """The colour is the seat's (Raythread's second seat is magenta, its beam dotted): a rematch moves Ann to
    it. Her page said only "You play seat B." and drew her in a colour that had been Bea's."""
    host, bea = ended()
    assert text_of(host.by_class("role")[0]) == "You play seat A."
    assert colours(host, "Ann") == {"amber"}
    host.click("start")
    assert text_of(host.by_class("role")[0]) == "You play seat B (pink) this time."
    assert text_of(bea.by_class("role")[0]) == "You play seat A (orange) this time."
    for page in (host, bea):
        assert colours(page, "Ann") == {"magenta"} and colours(page, "Bea") == {"amber"}
    with in_language("ja"):
        assert text_of(host.by_class("role")[0]) == "今回、あなたは席B（ピンク）です。"
    host.click("end")
    host.click("end")
    assert text_of(host.by_class("role")[0]) == "You play seat B.", "said of the rematch while it runs"


def seat_cards(page: Page) -> list[tuple[str, str]]:
    """The ended match's seat list as ``page`` draws it: each card's colour and player ("Ann (A)")."""
    cards = page.by_class("match-seat")
    return [(str(li.attr("data-colour")), text_of(li).partition(")")[0] + ")") for li in cards]


def test_a_page_that_first_sees_the_ended_match_after_the_seats_changed_names_who_played_it():
    """Cy opens the lobby after the host and Bea swapped seats: the ended board names who played each seat
    (``MatchView.holders``: Ann in A, Bea in B, as the host's and Bea's boards), not who sits there now. Cy's
    page took the lobby it found for the ended match's seats and named Bea as the player of seat A."""
    rtc = FakeRtc()
    host, bea = ended(rtc)
    played = seat_cards(host)
    assert played == [("amber", "Ann\u00a0(A)"), ("magenta", "Bea\u00a0(B)")]
    seats_swapped(host, bea)
    cy = join(rtc, host, "Cy")
    assert seat_cards(host) == played and seat_cards(bea) == played, "the pages that saw it played"
    assert seat_cards(cy) == played, "the page that came late, as the host played it"


def test_the_hosts_computer_player_that_starts_the_rematch_is_named_by_the_seat_it_will_sit_at():
    """The host played her computer player (seat B) and lost: the rematch seats it first, at seat A, and it is
    named by that seat before the press, in the status and on every page's cards, "Bot A (Normal)", as the
    board's letters and colours are (it was "Bot (Normal)" before the press, a name it had nowhere else, and
    "Bot B (Normal, seat A)" after it, beside the board's A)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")  # watches
    host.submit("add-bot", seat="C", level="normal")
    host.click("start")
    host.click("end")
    host.click("end")
    # A card's name may break before its level's bracket (ui.match._computer_name).
    assert seat_cards(host)[1] == ("magenta", "Bot\u00a0B (Normal)")
    for page in (host, bea):
        assert starts(page) == ["In the rematch, Bot\u00a0A\u00a0(Normal) starts."]
    with in_language("ja"):
        assert starts(host) == ["再戦はボ\u2060ッ\u2060ト\u2060A\u2060（\u2060ふつう\u2060）から始めます。"]
    host.click("start")
    for page in (host, bea):
        assert status(page) == "Rematch: Bot\u00a0A\u00a0(Normal) starts · thinking…"
    # Named by the seat it sits at now on every page, as at a table: the cards and the lobby's seat list.
    for page in (host, bea):
        assert cards(page)[0].startswith("Bot\u00a0A (Normal)"), cards(page)
        assert "Bot\u00a0A\u00a0(Normal)" in text_of(page.by_class("seats")[0])
        assert "seat\u00a0A)" not in text_of(page.by_class("seats")[0])
    host.click("end")
    host.click("end")
    host.click("start")
    for page in (host, bea):
        assert cards(page)[1].startswith("Bot\u00a0B (Normal)"), "back at its seat, named by it again"


def cards(page: Page) -> list[str]:
    return [text_of(li) for li in page.by_class("match-seat")]


def test_two_computer_players_of_one_level_are_told_apart_by_their_seats_in_the_rematch_words():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.submit("choose", game="raythread", players="3")
    host.submit("add-bot", seat="B", level="normal")
    host.submit("add-bot", seat="C", level="normal")
    host.click("start")
    host.click("end")
    host.click("end")
    assert starts(host) == ["In the rematch, Bot\u00a0A\u00a0(Normal) starts."], "the one of seat C, at A"
    host.click("start")
    assert status(host) == "Rematch: Bot\u00a0A\u00a0(Normal) starts · thinking…"
    assert [c.split(" (")[0][:5] for c in cards(host)] == ["Bot\u00a0A", "Ann\u00a0(", "Bot\u00a0C"], cards(host)


def primaries(page: Page) -> list[str]:
    return [text_of(b) for b in page.find(lambda e: e.tag == "button" and "primary" in str(e.attr("class")).split())]


def test_the_host_s_page_has_one_primary_action_invite_a_player_is_secondary():
    """The host's page showed "Invite a player" as a primary button on the page where the finished match's
    Rematch is the one primary action (docs/accessibility.md): two buttons drawn alike, each saying "press
    me". Invite a player is a secondary button, before a match too, where Start the match is the one."""
    host, _bea = ended()
    (invite,) = host.find(lambda e: e.attr("data-action") == "invite" and text_of(e) == "Invite a player")
    assert invite.attr("class") == "button", invite
    assert primaries(host) == ["Rematch"]
    before = host_lobby(FakeRtc(), Browser())
    assert primaries(before) == ["Start the match"]


def last_match_note(page: Page) -> list[str]:
    return [text_of(note) for note in page.by_class("last-match")]


DEFAULTS = {"size": "11", "mirrors": "24", "prisms": "12", "hand": "3", "target": "12"}


def test_the_defaults_applied_by_hand_are_the_same_match_rules_on_every_page_and_in_the_session():
    """The ended match was played with no options set (the defaults); the host applies the defaults by hand.
    The same match rules: the session seated it as a new match (seats not turned: Ann started again) while the
    pages said "Rematch" and "In the rematch, Bea (A) starts." and no note, as the game reads both alike. One
    test of "the same options" (as the game reads them) for the session, the panel and the client."""
    host, bea = ended()
    host.submit("choose", game="raythread", players="2", **DEFAULTS)
    assert host.inner.live.client.lobby.options, "the defaults are set by hand now, not left unset"
    for page in (host, bea):
        assert starts(page) == ["In the rematch, Bea\u00a0(A) starts."]
        assert last_match_note(page) == []
    assert match_button(host) == ["Rematch"] and match_button(bea) == ["The host can start a rematch."]
    host.click("start")
    assert status(host) == "Rematch: Bea\u00a0(A) starts", "the seats turned, as every page said"
    assert status(bea) == "Rematch: Bea\u00a0(A) starts · your turn"
    # And a real change after that match: a new match, its results said to be the last match's.
    host.click("end")
    host.click("end")
    host.submit("choose", game="raythread", players="2", **{**DEFAULTS, "target": "20"})
    for page in (host, bea):
        assert last_match_note(page) == [
            "These are the last match's results. The next match is played with the options set since."
        ]
        assert starts(page) == ["In the next match, Bea\u00a0(A) starts."]
    assert match_button(host) == ["Start the match"]
    host.click("start")
    assert status(host) == "Bea\u00a0(A) to play", "a new match: the seats as they were"
