"""A race in teams says who is on which team in the lobby's seat list, on the host's page and every guest's,
as soon as the options decide it (before the match, and while it runs): in words, not only by colour. The
teams come from the game (``core.game.seat_groups``: Reflection deals them in seat order); the lobby knows no
game."""

from gamenight.core.game import seat_groups
from gamenight.games import rules
from gamenight.ui.svg import text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join
from tests.unit.words import in_language


def seat_rows(page: Page) -> dict[str, str]:
    return {str(row.attr("data-seat")): text_of(row) for row in page.by_class("seat")}


def test_the_lobby_s_seat_list_says_each_seat_s_team_once_the_options_make_teams():
    rtc = FakeRtc()
    ann = host_lobby(rtc, Browser(), game="reflection")
    bea, cal = join(rtc, ann, "Bea"), join(rtc, ann, "Cal")
    ann.submit("choose", game="reflection", players="3")
    bea.click("sit", seat="2")
    cal.click("sit", seat="3")
    assert not any("Team" in row for row in seat_rows(ann).values()), "no teams: nothing said"
    ann.submit("choose", game="reflection", players="3", mode="random", teams="2")
    assert rules("reflection").options(ann.inner.live.session.options).teams == 2
    for page in (ann, bea, cal):
        rows = seat_rows(page)
        assert "Team 1" in rows["1"] and "Team 2" in rows["2"] and "Team 1" in rows["3"], rows
    with in_language("ja"):
        assert "チーム1" in seat_rows(bea)["1"]
    ann.click("start")
    assert "Team 2" in seat_rows(bea)["2"], "said while the race runs too"


def test_seat_groups_are_the_game_s_own_and_none_for_a_game_without_them_or_bad_options():
    seats = ("1", "2", "3", "4", "5")
    reflection = rules("reflection")
    assert seat_groups(reflection, {"teams": 2}, seats) == {"1": 1, "3": 1, "5": 1, "2": 2, "4": 2}
    assert seat_groups(reflection, {"teams": 0}, seats) == {}
    assert seat_groups(reflection, {"teams": 7}, seats) == {}, "options the game refuses: no groups"
    assert seat_groups(rules("raythread"), None, ("A", "C")) == {}
