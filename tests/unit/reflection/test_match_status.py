"""What a Reflection race says above its board: the status line in a phase everyone plays at once (who is
still at it, not "Ann (1), Bea (2) and Cal (3) to play · your turn"), the phase's heading on a page that
lost the host, the round's clock from the first render of a page that comes back, and a team's label that
never parts a name from its seat number."""

from __future__ import annotations

import re

from gamenight import i18n
from gamenight.net import peer as pe
from gamenight.reflection import GAME
from gamenight.reflection.match import submission
from gamenight.ui import match as screen
from gamenight.ui.lobby.host import PREPARE
from gamenight.ui.svg import Element, find_all, render, text_of
from tests.unit.reflection.match_helpers import BUILT, Match, built_layout, salt
from tests.unit.reflection.test_controls import Page, pages
from tests.unit.reflection.test_match_desk import reload_host
from tests.unit.reflection.test_match_pages import place, two_players
from tests.unit.ui import peers
from tests.unit.ui.peers import Browser
from tests.unit.words import in_language

RACE = {"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}


def status(page: Page) -> str:
    return text_of(page.find("match-status")[0])


def room(page: Page) -> list[str]:
    """The words laid unseen under the status to measure its room (``ui.match.status_room``)."""
    (laid,) = page.find("match-room")
    return [text_of(span) for span in laid.children]


def test_a_build_says_that_everyone_builds_at_once_and_who_is_still_building():
    """Everyone builds at the same time: "Ann (1), Bea (2) and Cal (3) to play · your turn" read as if the
    three took turns (a page that had sent its puzzle read the others "to play")."""
    m = Match(BUILT, 3)
    shown = pages(m, "1", "2", None)
    assert status(shown["1"]) == "Everyone builds at once · still building: you, Bea\u00a0(2) and Cal\u00a0(3)"
    assert status(shown["2"]) == "Everyone builds at once · still building: you, Ann\u00a0(1) and Cal\u00a0(3)"
    assert (
        status(shown[None]) == "Everyone builds at once · still building: Ann\u00a0(1), Bea\u00a0(2) and Cal\u00a0(3)"
    )
    # The status's room holds its words with everyone still at it, the most it says in this phase, and keeps
    # them as the others send: the board under it does not move. The page whose seat sent lays what its status
    # can still say (it is not at it again in this phase).
    rooms = {seat: room(page) for seat, page in shown.items()}
    for page in shown.values():
        assert status(page) in room(page)
    m.play("1", submission(built_layout(m.state, 0), m.state.warps, salt(0)))
    for page in shown.values():
        page.see()
    assert status(shown["1"]) == "Everyone builds at once · still building: Bea\u00a0(2) and Cal\u00a0(3)"
    assert status(shown["2"]) == "Everyone builds at once · still building: you and Cal\u00a0(3)"
    for seat, page in shown.items():
        assert "to play" not in status(page) and "your turn" not in status(page)
        assert room(page) == rooms[seat] if seat != "1" else room(page)[0] == status(page)
    with in_language("ja"):
        assert status(shown["2"]) == "全員が同時に作成・作成中：あなた\u2060とCal\u2060（\u20603\u2060）"


def test_a_round_says_that_the_solvers_race_at_once_and_who_has_still_to_finish():
    m = Match(RACE, 3)
    shown = pages(m, "1", "2", "3")
    assert m.state.phase == "solve"
    assert status(shown["1"]) == "The solvers race at once · still solving: you, Bea\u00a0(2) and Cal\u00a0(3)"
    assert status(shown["1"]) in room(shown["1"])
    shown["2"].place(m.solution("2"))
    for page in shown.values():
        page.see()
    assert status(shown["1"]) == "The solvers race at once · still solving: you and Cal\u00a0(3)"
    assert status(shown["2"]) == "The solvers race at once · still solving: Ann\u00a0(1) and Cal\u00a0(3)"


def test_the_status_s_room_leaves_out_this_page_s_seat_once_it_is_done_with_the_phase():
    """A player's pass: after the host solved, "解答中：Bea（2）" took one line at 390 px, but the status kept the
    room of "解答中：あなたとBea（2）" (everyone at it, two lines): an empty line between the status and the round's
    heading until the round ended. A seat done with the phase is not at it again in that phase: its page's room
    holds what the status can still say (the others), while a page whose seat is still at it keeps everyone's
    (its board does not move as the others finish)."""
    m = Match(RACE, 3)
    shown = pages(m, "1", "2", "3", None)
    everyone = "The solvers race at once · still solving: you, Ann\u00a0(1) and Cal\u00a0(3)"
    assert room(shown["2"])[0] == everyone
    kept = {seat: room(page) for seat, page in shown.items() if seat != "2"}
    shown["2"].place(m.solution("2"))
    for page in shown.values():
        page.see()
    assert room(shown["2"])[0] == status(shown["2"])
    assert {seat: room(page) for seat, page in shown.items() if seat != "2"} == kept


def test_a_game_played_in_turns_still_says_whose_turn_it_is():
    """The shared screen words a phase everyone plays at once only for a board that says it has one
    (``Board.at_once``): the other games keep "Bea (B) to play · your turn"."""
    board = type("Turns", (), {"active": lambda self, view: frozenset(("C",))})()
    table = screen.Table("raythread", (screen.SeatAt("A", "Ann", "amber"), screen.SeatAt("C", "Bea", "cyan")))
    ui = screen.MatchUi("raythread", board, {"result": None}, None)
    assert screen.status(ui, screen.replace(table, mine=frozenset(("C",)))) == "Bea\u00a0(B) to play · your turn"


def test_a_page_that_lost_the_host_mid_build_is_not_told_to_build_and_send():
    """It has no tray and nothing it sends reaches the host: the status says to rejoin, and the heading
    under it went on saying "Build your puzzle: place every tile, then send it."."""
    rtc, _host, bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3})
    assert text_of(bea.by_class("rf-phase")[0]) == "Build your puzzle: place every tile, then send it."
    bea.send(pe.PeerClosed("host", rtc.now, "gone"))
    assert text_of(bea.by_class("match-status")[0]).startswith("Not connected to the host")
    assert not bea.by_class("tray")
    heading = text_of(bea.by_class("rf-phase")[0])
    assert "Build your puzzle" not in heading and "send" not in heading, heading


def test_the_round_clock_is_shown_from_the_first_render_of_a_reloaded_page():
    """It came with the first tick, a second later, and on a phone the board moved down a line then."""
    browser = Browser()
    rtc, host, _bea = two_players({**RACE, "limit": 2}, browser)
    host.work()
    assert host.inner.board.local.task.kind == "solve"
    rtc.now += 30_000  # half a minute into the round
    again = reload_host(rtc, host, browser)
    (clock,) = again.by_class("rf-clock")
    started = again.inner.board.view["started_ms"]
    seconds = -(-(120_000 - (rtc.now - started)) // 1000)  # rounded up, as a kitchen timer
    assert text_of(clock) == f"{seconds // 60}:{seconds % 60:02d} left"


def kept_whole(node: Element, name: str, seat: str) -> bool:
    """Whether the page's markup of ``node`` keeps ``name`` with its seat number on one line: one no-break
    span "Ann (1)" in English, "Ann（1）" in Japanese, with what follows it without a space ("Ann (1),") (its
    catalogue's no-break space or word joiners, which the renderer draws as ``nobr`` of plain text and never
    puts on the page: a reader gets a plain space)."""
    markup = render(node)
    # The span keeps what follows the bracket without a space ("Bea (2),", "Bea（2）、"): ui/svg.py.
    if i18n.language() == "ja":
        return bool(re.search(f'<span class="nobr">{name}（{seat}）[^<]*</span>', markup)) and i18n.JOINER not in markup
    return bool(re.search(f'<span class="nobr">{name} \\({seat}\\)[^<\\s]*</span>', markup)) and "\u00a0" not in markup


def test_a_teams_label_keeps_each_name_with_its_seat_number_on_one_line():
    """On a phone the label wrapped between "Bea" and "（2）". (The team's players now stand under it each on its
    own, ``standings.team_standings``: each name with its seat number, joined so that no line breaks them.)"""
    m = Match({**RACE, "teams": 2}, 3)
    shown = pages(m, "1", "2", "3")
    for seat in ("1", "2", "3"):
        shown[seat].place(m.state.sheets[0].solution)
    for page in shown.values():
        page.see()
    for language in ("en", "ja"):
        with in_language(language):
            (ann,) = [e for e in shown["1"].find("rf-member") if "Ann" in text_of(e)]
            assert text_of(ann) in ("Ann\u00a0(1)", "Ann\u2060（\u20601\u2060）"), language


def test_the_rounds_still_solving_line_and_the_status_keep_each_name_with_its_seat_number_on_one_line():
    """At 320 px the race panel's "Still solving: Ann (1), Bea (2), Cal (3)" wrapped between "Cal" and "(3)";
    at 390 px the Japanese status line broke "…あなた、Bea" / "（2）とCal（3）"."""
    m = Match(RACE, 3)
    shown = pages(m, "1", "2", "3")
    for language in ("en", "ja"):
        with in_language(language):
            assert kept_whole(shown["1"].find("rf-still")[0], "Cal", "3"), language
            for name, seat in (("Bea", "2"), ("Cal", "3")):
                assert kept_whole(shown["1"].find("match-status")[0], name, seat), (language, name)


def test_the_rounds_still_solving_line_names_this_pages_player_you_as_the_status_does():
    """Under the finish order, Ann's own page read "Still solving: Ann (1), Bea (2)" while the status above it
    said "you and Bea (2)": her own page names her "you", first, as the status does (a spectator's names her)."""
    m = Match(RACE, 3)
    m.solve("3")
    shown = pages(m, "1", None)
    still = {seat: text_of(page.find("rf-still")[0]) for seat, page in shown.items()}
    assert still["1"] == "Still solving: you, Bea\u00a0(2)"
    assert still[None] == "Still solving: Ann\u00a0(1), Bea\u00a0(2)"
    assert status(shown["1"]).endswith("you and Bea\u00a0(2)")
    with in_language("ja"):
        shown["1"].see()
        assert text_of(shown["1"].find("rf-still")[0]) == "解答中：あなた、Bea\u2060（\u20602\u2060）"


def test_the_reveal_says_that_the_builders_reveal_at_once_and_who_has_still_to_reveal():
    """After the last round every builder shows the layout its clues came from, all at the same time: the
    status says so and names who has still to, not "Ann (1), Bea (2) and Cal (3) to play · your turn"."""
    m = Match(BUILT, 3)
    m.build_all()
    while m.state.phase == "solve":
        for seat in sorted(GAME.active(m.state)):
            m.solve(seat)
    assert m.state.phase == "reveal"
    shown = pages(m, "1", "2", None)
    still = "The builders reveal at once · still to reveal: "
    assert status(shown["1"]) == still + "you, Bea\u00a0(2) and Cal\u00a0(3)"
    assert status(shown["2"]) == still + "you, Ann\u00a0(1) and Cal\u00a0(3)"
    assert status(shown[None]) == still + "Ann\u00a0(1), Bea\u00a0(2) and Cal\u00a0(3)"  # a spectator is not "you"
    rooms = {seat: room(page) for seat, page in shown.items()}
    for page in shown.values():
        assert status(page) in room(page)
    m.reveal("2")
    for page in shown.values():
        page.see()
    assert status(shown["1"]) == still + "you and Cal\u00a0(3)"
    assert status(shown["2"]) == still + "Ann\u00a0(1) and Cal\u00a0(3)"  # Bea has revealed: she is not named
    for seat, page in shown.items():
        assert "to play" not in status(page) and "your turn" not in status(page)
        # The board under the status does not move while its seat still reveals; Bea's lays what it can still say.
        assert room(page) == rooms[seat] if seat != "2" else room(page)[0] == status(page)
    with in_language("ja"):
        assert status(shown["1"]) == "出題者が同時に公開・公開待ち：あなた\u2060とCal\u2060（\u20603\u2060）"
    m.reveal("1")
    m.reveal("3")
    for page in shown.values():
        page.see()
    assert m.state.phase == "over" and "still to reveal" not in status(shown["1"])


def _said(region: Element) -> dict[str, str]:
    """Each element of the live region with words of its own (not its children's), by its id, or by its place
    when it has none: what a screen reader reads again when those words change (``aria-atomic`` is off)."""
    out: dict[str, str] = {}

    def walk(e: Element, at: str) -> None:
        own = "".join(c for c in e.children if isinstance(c, str))
        key = e.attr("id") or at
        if own.strip():
            out[key] = own
        for k, child in enumerate(c for c in e.children if isinstance(c, Element)):
            walk(child, f"{key}/{k}")

    walk(region, "news")
    return out


def test_a_race_s_news_says_the_phase_once_and_then_who_is_still_at_it():
    """The live region says each event, then the status: "Round 2 begins." and "The solvers race at once · still
    solving: you and Ann (1)", and at every solve the status line again, whole: a screen reader heard the phase
    with each event of it. The status's parts are said as parts: one whose words did not change is not said
    again, so the phase is said as it begins, and each event adds who is still at it."""
    _rtc, host, bea = two_players(RACE)
    host.work(PREPARE)
    heard: list[str] = []
    before: dict[str, str] = {}

    def hear() -> None:
        nonlocal before
        (region,) = _region(bea)
        now = _said(region)
        heard.extend(words for key, words in now.items() if before.get(key) != words)
        before = now

    hear()
    for _round in range(2):
        state = host.inner.live.session.match.state
        sheet = state.sheets[host.inner.board.local.task.number - 1]
        place(bea, sheet.solution)
        hear()
        place(host, sheet.solution)
        hear()
    assert [w for w in heard if "race at once" in w] == ["The solvers race at once"], heard
    assert "still solving: Ann\u00a0(1)" in heard and "Round 2 begins." in heard, heard
    # The region's text, and the status line, are the status's words as before.
    (region,) = _region(bea)
    assert text_of(region).endswith("Round 3 begins.The solvers race at once · still solving: you and Ann\u00a0(1)")
    (line,) = bea.by_class("match-status")
    assert text_of(line) == "The solvers race at once · still solving: you and Ann\u00a0(1)"


def _region(page: peers.Page) -> list[Element]:
    return find_all(page.tree, lambda e: e.attr("id") == "match-news")
