"""A game-night pass (the host on a laptop, guests on phones): after the host's page reloaded, a guest not back
yet had a line beside the match's status with no "Invite again", though the line of a player who left has one;
two "Invite again" buttons were heard alike ("Invite again", "Invite again"); and the invitations were numbered
from 1 again, so two cards of one night could carry the same number."""

import json

from gamenight.ui.lobby import host as host_screen
from gamenight.ui.lobby import panel
from gamenight.ui.svg import Element, find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join
from tests.unit.ui.test_lobby_count_out import reloaded_race, reloaded_raythread
from tests.unit.words import in_language


def member_id(page: Page, name: str) -> str:
    return next(m for m, info in page.inner.live.session.members.items() if info.name == name)


def invite_buttons(part: Element) -> list[Element]:
    return find_all(part, lambda e: e.tag == "button" and e.attr("data-action") == "invite")


def card_titles(page: Page) -> list[str]:
    """The titles of the cards of invitations made on this page (not those a reload ended: their cards come back,
    ``test_lobby_reload_cards.py``)."""
    return [text_of(card.children[0]) for card in page.by_class("invite") if card.attr("data-state") != "lost"]


def test_during_the_reload_s_grace_a_guest_s_line_offers_invite_again_as_a_gone_player_s_does():
    rtc = FakeRtc()
    reloaded = reloaded_raythread(rtc)
    (line,) = reloaded.by_class("gone-line")
    assert text_of(line).startswith("Bea\u00a0(B) has not reconnected since the game night was restored.")
    bea = member_id(reloaded, "Bea")
    assert [b.attr("data-member") for b in invite_buttons(line)] == [bea], text_of(line)
    reloaded.click("invite", member=bea)  # the same action as the member list's: a card for her, focus on it
    assert card_titles(reloaded) == ["Invitation for Bea"]
    assert reloaded.focused[-1] == f"#{reloaded.by_class('invite')[0].children[0].attr('id')}"


def test_each_invite_again_is_named_for_the_player_it_invites():
    """Two players gone: beside the status and in the members list, a screen reader heard two buttons named
    "Invite again". Each is named for its player, and holds the words it shows (WCAG 2.5.3, label in name)."""
    rtc = FakeRtc()
    reloaded, _bea, _cal = reloaded_race(rtc)
    lines = reloaded.by_class("gone-line")
    rows = reloaded.by_class("member")
    for language, shown in (("en", "Invite again"), ("ja", "再招待")):
        with in_language(language):
            lines, rows = reloaded.by_class("gone-line"), reloaded.by_class("member")
            for name in ("Bea", "Cal"):
                member = member_id(reloaded, name)
                (row,) = [r for r in rows if r.attr("data-member") == member]
                (in_line,) = [b for line in lines for b in invite_buttons(line) if b.attr("data-member") == member]
                for button in (*invite_buttons(row), in_line):
                    label = str(button.attr("aria-label"))
                    assert text_of(button) == shown and shown in label and name in label, (label, text_of(button))
            labels = {b.attr("aria-label") for part in (*lines, *rows) for b in invite_buttons(part)}
            assert len(labels) == 2, labels


def test_invitations_are_numbered_on_across_a_reload_of_the_host_s_page():
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    host.click("invite")
    assert card_titles(host) == ["Invitation 2", "Invitation 1"]
    reloaded = host.reload()
    reloaded.click("invite")
    assert card_titles(reloaded) == ["Invitation 3"]
    again = reloaded.reload()  # the count is saved as it grows, not only the night's first save
    again.click("invite")
    assert card_titles(again) == ["Invitation 4"]


def test_a_saved_night_without_the_count_or_with_one_it_cannot_read_loads_and_numbers_from_one():
    """An older version's save has no count; a damaged one may hold anything there. The night is restored all
    the same (its seats and match are what matter), numbered from 1 as before."""
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    host.click("invite")
    saved = json.loads(browser.storage[host_screen.STORE_KEY])
    assert saved.get("invites") == 1
    for value in (None, "3", -2, True, 2.5, 10**40, [1]):
        damaged = {k: v for k, v in saved.items() if k not in ("invites", "open")}  # an older save had neither
        if value is not None:
            damaged["invites"] = value
        page = rtc.page(Browser(storage={host_screen.STORE_KEY: json.dumps(damaged)}), "#/host?game=raythread")
        assert "Your game night was restored." in page.text and "could not" not in page.text, (value, page.text)
        page.click("invite")
        assert card_titles(page) == ["Invitation 1"], value


def test_each_member_s_remove_is_named_for_the_player_it_removes():
    """Two guests in the lobby: a screen reader heard the host's members list as two buttons named "Remove".
    Each is named for its player, as "Invite again" is, and holds the words it shows (WCAG 2.5.3)."""
    rtc, browser = FakeRtc(), Browser()
    host = host_lobby(rtc, browser)
    for name in ("Bea", "Cal"):
        join(rtc, host, name)
    for language, shown in (("en", "Remove"), ("ja", "外す")):
        with in_language(language):
            labels = set()
            for name in ("Bea", "Cal"):
                member = member_id(host, name)
                (row,) = [r for r in host.by_class("member") if r.attr("data-member") == member]
                (button,) = find_all(row, lambda e: e.tag == "button" and e.attr("data-action") == "kick")
                label = str(button.attr("aria-label"))
                assert text_of(button) == shown and shown in label and name in label, (label, text_of(button))
                labels.add(label)
            assert len(labels) == 2, labels


def test_the_spoken_names_of_buttons_for_a_player_or_a_seat_say_the_words_shown_then_whom():
    """Every button named for whom it acts on (a player's "Remove", "Invite again", a seat card's buttons) is
    heard as its words shown, a colon, then the player or seat: one wording for all, each language's colon
    (full-width in Japanese)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="3")
    host.submit("add-bot", seat="C", level="normal")
    for language, heard in (
        (
            "en",
            [
                "Take seat: Seat B",
                "Add a computer player: Seat B",
                "Remove the computer player: Seat C",
                "Remove: Bea",
                "Invite again: Bea",
            ],
        ),
        ("ja", ["席に着く：席B", "CPUを入れる：席B", "CPUを外す：席C", "外す：Bea", "再招待：Bea"]),
    ):
        with in_language(language):
            bea = member_id(host, "Bea")
            (row,) = [r for r in host.by_class("member") if r.attr("data-member") == bea]
            parts = [*host.find(lambda e: e.attr("class") == "seat"), row]
            named = [b for part in parts for b in find_all(part, lambda e: e.tag == "button" and e.attr("aria-label"))]
            spoken = [b.attr("aria-label") for b in [*named, panel.invite_again(bea, "Bea")]]
            assert spoken == heard, spoken
