"""A computer player in a hosted lobby, as pages show and run it: the host adds it to a free seat, the
host's page thinks for it in a ``Work`` and plays its move after the pause, guests see "Bot B (Normal)"
and "thinking…", and a reloaded host page thinks the same move again."""

from gamenight import games
from gamenight.core.bot import decide
from gamenight.ui import match
from gamenight.ui.lobby import host as lobby_host
from gamenight.ui.program import Tick
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import SITE, Browser, FakeRtc, Page, host_lobby, invite_link, join, match_with_bea
from tests.unit.ui.test_lobby_screens import members, seats
from tests.unit.words import in_language


def status(page: Page) -> str:
    return text_of(page.by_class("match-status")[0])


def log_seats(page: Page) -> list[str]:
    return [e.seat for e in page.inner.live.session.match.record.log]


def click_place(page: Page, move: dict) -> None:
    """A placement by clicks on the page's board, as a person makes it."""
    page.click("rt-hand", kind=move["tile"])
    page.click("rt-orient", orient=move["orient"])
    page.click("rt-cell", r=str(move["cell"][0]), c=str(move["cell"][1]))


def first_place(host: Page, seat: str) -> dict:
    session = host.inner.live.session
    return next(m for m in games.rules("raythread").legal(session.match.state, seat) if m["type"] == "place")


def lobby_with_a_bot(rtc: FakeRtc, host_browser: Browser) -> tuple[Page, Page]:
    host = host_lobby(rtc, host_browser)
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="3")
    bea.click("sit", seat="C")
    # Only the host is offered a computer player, and only for the free seat.
    offers = host.find(lambda e: e.attr("data-action") == "add-bot")
    assert len(offers) == 1
    assert [e.attr("value") for e in find_all(offers[0], lambda e: e.tag == "input")] == ["B"]
    assert not bea.find(lambda e: e.attr("data-action") == "add-bot")
    host.submit("add-bot", seat="B", level="normal")
    return host, bea


def test_a_seat_s_computer_level_has_a_visible_label_that_its_spoken_name_holds():
    """The level's select in a free seat had only an ``aria-label``: a sighted host read "Normal" beside "Add a
    computer player" with nothing saying what it chose. Its label shows ("Level"), wraps it (a tap on the word
    opens it), and its spoken name, which says the seat, holds the words shown (WCAG 2.5.3, label in name)."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.submit("choose", game="raythread", players="3")
    for lang, shown in (("en", "Level"), ("ja", "強さ")):
        with in_language(lang):
            (offer, *_rest) = host.find(lambda e: e.attr("data-action") == "add-bot")
            (label,) = find_all(offer, lambda e: e.tag == "label")
            (select,) = find_all(label, lambda e: e.tag == "select")
            words = [text_of(e) for e in find_all(label, lambda e: "bot-level-name" in str(e.attr("class")).split())]
            assert words == [shown]
            spoken = str(select.attr("aria-label"))
            assert shown in spoken and "B" in spoken, spoken


def test_the_host_adds_a_bot_that_thinks_in_the_hosts_page_and_every_page_names_it():
    rtc = FakeRtc()
    host, bea = lobby_with_a_bot(rtc, Browser())
    for page in (host, bea):
        assert seats(page) == {"A": "Ann", "B": "Bot\u00a0B\u00a0(Normal)", "C": "Bea"}
        assert members(page)["Bot\u00a0B\u00a0(Normal)"] == "bot", "a computer player, never shown as away"
        assert "computer player" in text_of(page.by_class("members")[0])
    bot_row = next(li for li in host.by_class("member") if li.attr("data-state") == "bot")
    actions = {str(e.attr("data-action")) for e in find_all(bot_row, lambda e: e.tag == "button")}
    assert actions == {"kick"}, "the host may remove a bot, never invite it again"
    joined = list(bea.focused)  # where joining put Bea's focus (ui/lobby/join.py); the host's Start moves it on
    asked = list(host.focused)  # where pasting Bea's reply put the host's ("Invite a player")
    host.click("start")
    assert "host-bot" not in host.works, "no thinking while a person is to play"
    # The Start button pressed is gone: focus goes to the board (the grid, its own Tab stop), not to
    # the "End the match" button the page would morph the Start button into.
    assert host.focused == [*asked, match.FOCUS_BOARD.selector]
    assert bea.focused == [*joined, match.FOCUS_BOARD.selector], "on the guest's page too: the board comes into view"
    (main,) = host.by_class("match-main")
    assert [g.attr("tabindex") for g in find_all(main, lambda e: e.attr("role") == "grid")] == [0]

    click_place(host, first_place(host, "A"))
    assert log_seats(host) == ["A"]
    # The bot's turn: the host's page thinks in slices; every page says so.
    assert "host-bot" in host.works and "host-bot" not in bea.works
    for page in (host, bea):
        assert "Bot\u00a0B\u00a0(Normal) is thinking…" in status(page)
        # A card's name may break before its level's bracket (ui.match._computer_name: cut at 320 px otherwise).
        assert "Bot\u00a0B (Normal)" in text_of(page.by_class("match-seats")[0])
    session = host.inner.live.session
    turn = session.bot_turn()
    expected = decide(games.bot("raythread"), turn.view, "normal", turn.seed)
    host.work("host-bot")
    assert log_seats(host) == ["A"], "the chosen move waits for the pause"
    assert "host-bot" in host.timers
    host.tick("host-bot")
    assert log_seats(host) == ["A", "B"] and dict(session.match.record.log[-1].move) == expected
    assert "host-bot" not in host.timers
    for page in (host, bea):
        assert "Bea\u00a0(C) to play" in status(page)
    assert "your turn" in status(bea)
    # A second tick of the pause's timer (already stopped) plays nothing more.
    host.send(Tick("host-bot", rtc.now))
    assert log_seats(host) == ["A", "B"]


def test_a_bot_read_with_its_seat_has_one_pair_of_brackets_in_each_language():
    """A bot's name is its label, "Bot (Normal)", and a seat read with its tag adds "(B)": the seat card,
    the status, the log and the result read "Bot (Normal) (B)", "ボット（ふつう）（B）". Now the tag goes
    inside the label, "Bot B (Normal)", "ボットB（ふつう）", and so does the lobby's seat list (one name
    everywhere: test_a_bot_is_called_bot_its_seat_and_its_level_wherever_a_page_names_it)."""
    rtc = FakeRtc()
    host, bea = lobby_with_a_bot(rtc, Browser())
    host.click("start")
    click_place(host, first_place(host, "A"))
    # A card's name may break before its level's bracket (ui.match._computer_name: cut at 320 px otherwise).
    for lang, name, thinking, on_card in (
        ("en", "Bot\u00a0B\u00a0(Normal)", "Bot\u00a0B\u00a0(Normal) is thinking…", "Bot\u00a0B (Normal)"),
        (
            "ja",
            "ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060ふつう\u2060）",
            "ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060ふつう\u2060）が考え中…",
            "ボ\u2060ッ\u2060ト\u2060B（\u2060ふつう\u2060）",
        ),
    ):
        with in_language(lang):
            for page in (host, bea):
                assert seats(page)["B"] == name
                assert status(page) == thinking
                (card,) = page.find(lambda e: e.attr("class") == "match-seat turn" and e.attr("data-seat") == "B")
                assert text_of(find_all(card, lambda e: e.attr("class") == "seat-name")[0]) == on_card
                page_text = page.text
                assert ") (" not in page_text and "）（" not in page_text, page_text
    host.work("host-bot")
    host.tick("host-bot")
    for lang, name in (
        ("en", "Bot\u00a0B\u00a0(Normal)"),
        ("ja", "ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060ふつう\u2060）"),
    ):
        with in_language(lang):
            (log,) = bea.by_class("match-log")
            newest = find_all(log, lambda e: e.tag == "li")[0]
            assert text_of(newest).startswith(name), text_of(newest)


def test_a_host_page_reloaded_while_its_bot_thinks_thinks_the_same_move():
    rtc = FakeRtc()
    host_browser = Browser()
    host, _bea = lobby_with_a_bot(rtc, host_browser)
    host.click("start")
    click_place(host, first_place(host, "A"))
    turn = host.inner.live.session.bot_turn()
    expected = decide(games.bot("raythread"), turn.view, "normal", turn.seed)
    host.close()
    reloaded = rtc.page(host_browser, "#/host?game=raythread")
    assert "host-bot" in reloaded.works, "the restored session's bot turn is thought again"
    assert seats(reloaded)["B"] == "Bot\u00a0B\u00a0(Normal)"
    reloaded.work("host-bot")
    reloaded.tick("host-bot")
    session = reloaded.inner.live.session
    assert [e.seat for e in session.match.record.log] == ["A", "B"]
    assert dict(session.match.record.log[-1].move) == expected


def test_the_host_removes_the_bot_from_its_seat():
    rtc = FakeRtc()
    host, bea = lobby_with_a_bot(rtc, Browser())
    bot = next(m.id for m in host.inner.live.session.members.values() if m.bot)
    remove = host.find(lambda e: e.attr("data-action") == "kick" and e.attr("data-member") == bot)
    assert remove and "Remove the computer player" in [text_of(e) for e in remove]
    host.click("kick", member=bot)
    for page in (host, bea):
        assert seats(page)["B"] == "free" and "Bot\u00a0B\u00a0(Normal)" not in members(page)


def test_closing_the_game_night_stops_the_bot():
    rtc = FakeRtc()
    host, _bea = lobby_with_a_bot(rtc, Browser())
    host.click("start")
    click_place(host, first_place(host, "A"))
    host.work("host-bot")
    assert "host-bot" in host.timers
    host.click("close-lobby")  # a guest is here: the page asks first, and the bot thinks on meanwhile
    assert "host-bot" in host.timers and host.inner.live is not None
    host.click("close-lobby")  # "Close the game night" in the question
    assert "host-bot" not in host.timers and host.inner.live is None
    assert lobby_host.BOT_TASK not in host.works, "the thinking is stopped (StopWork)"


def test_the_host_lets_a_computer_player_take_over_the_seat_of_a_guest_who_left():
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    takeover = lambda page: page.find(lambda e: e.attr("data-action") == "add-bot")  # noqa: E731
    assert not takeover(host) and not takeover(bea), "nothing to take over while Bea is here"
    click_place(host, first_place(host, "A"))
    bea.close()
    assert "disconnected" in status(host)
    (offer,) = takeover(host)
    assert [e.attr("value") for e in find_all(offer, lambda e: e.tag == "input")] == ["C"]
    assert "Let a computer player take over" in text_of(offer)
    host.submit("add-bot", seat="C", level="easy")
    assert seats(host) == {"A": "Ann", "C": "Bot\u00a0B\u00a0(Easy)"} and not takeover(host)  # seat C reads B
    assert "Bot\u00a0B\u00a0(Easy) is thinking…" in status(host)
    host.work("host-bot")
    host.tick("host-bot")
    assert log_seats(host) == ["A", "C"] and "your turn" in status(host)
    assert host.inner.live.session.match.record.bots == {"C": "easy"}


def test_the_row_of_a_guest_a_computer_took_over_from_keeps_its_two_buttons_together():
    """After a take-over, Bea's row read "Bea spectator disconnected Invite again" with Remove alone on a
    second line at 1280×800: her buttons were items of the row as its words are, and wrapped one by one.
    They are one item (``.member-actions``), after the words: they stay on the row's line when they fit,
    and wrap together under the words when they do not (css/app.css; e2e test_lobby_bots.py)."""
    rtc = FakeRtc()
    host, bea = match_with_bea(rtc)
    click_place(host, first_place(host, "A"))
    bea.close()
    host.submit("add-bot", seat="C", level="easy")
    (row,) = [li for li in host.by_class("member") if li.attr("data-state") == "gone"]
    assert "spectator" in text_of(row) and "disconnected" in text_of(row)
    items = [child for child in row.children if hasattr(child, "attr")]
    assert [str(item.attr("class")) for item in items][-1] == "member-actions", items
    assert [b.attr("data-action") for b in find_all(items[-1], lambda e: e.tag == "button")] == ["invite", "kick"]
    assert not [item for item in items if item.tag == "button"], "no button outside the group"


def test_a_guest_whose_seat_a_computer_took_over_comes_back_to_play_it():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea_browser = Browser()
    link = invite_link(host).partition(SITE)[2]
    bea = rtc.page(bea_browser, link)
    bea.submit("join", name="Bea")
    host.submit("reply", reply=bea.value_of("reply-code"))
    bea.click("sit", seat="C")
    host.click("start")
    click_place(host, first_place(host, "A"))
    bea.close()
    host.submit("add-bot", seat="C", level="easy")
    host.work("host-bot")
    host.tick("host-bot")
    click_place(host, first_place(host, "A"))
    # The bot's turn again: its move is chosen and waits for the pause when Bea comes back.
    host.work("host-bot")
    assert "host-bot" in host.timers
    # Her page comes back (a reload): it cannot know yet whether a computer holds her seat, so it does not say.
    again = rtc.page(bea_browser, link)
    assert "Welcome back, Bea" in again.text and "computer" not in again.text
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=again.value_of("reply-code"))
    # The seat is hers again on every page; the computer player has left the lobby.
    for page in (host, again):
        assert seats(page) == {"A": "Ann", "C": "Bea"} and "Bot\u00a0B\u00a0(Easy)" not in members(page)
    assert members(again)["Bea"] == "connected" and "You play seat B." in again.text
    # The bot's move that waited for the pause is not played: the pause's timer stopped, its tick plays nothing.
    assert "host-bot" not in host.timers and "host-bot" not in host.works
    host.send(Tick("host-bot", rtc.now))
    assert log_seats(host) == ["A", "C", "A"] and "your turn" in status(again)
    click_place(again, first_place(host, "C"))
    assert log_seats(host) == ["A", "C", "A", "C"] and "Bea\u00a0(B)" in text_of(host.by_class("match-seats")[0])
    assert host.inner.live.session.match.record.bots == {"C": "easy"}


def test_a_bot_is_called_bot_its_seat_and_its_level_wherever_a_page_names_it():
    """One rule (docs/architecture.md, Bots): "Bot B (Normal)", "ボットB（ふつう）". The lobby's seat list,
    its members, its match summary and result said "Bot (Normal)", the match's seat list, status, log and
    result "Bot B (Normal)"; and two bots of one level were the same words in the members list."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="4")
    bea.click("sit", seat="D")
    host.submit("add-bot", seat="B", level="normal")
    host.submit("add-bot", seat="C", level="normal")
    for lang, b, c in (
        ("en", "Bot\u00a0B\u00a0(Normal)", "Bot\u00a0C\u00a0(Normal)"),
        (
            "ja",
            "ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060ふつう\u2060）",
            "ボ\u2060ッ\u2060ト\u2060C\u2060（\u2060ふつう\u2060）",
        ),
    ):
        with in_language(lang):
            for page in (host, bea):
                assert seats(page) == {"A": "Ann", "B": b, "C": c, "D": "Bea"}, lang
                assert members(page)[b] == members(page)[c] == "bot", lang
    host.click("start")
    for page in (host, bea):
        names = [text_of(e) for e in page.find(lambda e: e.attr("class") == "seat-name")]
        assert names[1:3] == ["Bot\u00a0B (Normal)", "Bot\u00a0C (Normal)"]  # on a card, free to break


def test_each_seat_s_button_is_named_for_its_seat():
    """A free seat's "Take seat" and "Add a computer player", and a computer player's "Remove the computer
    player", are one per seat card: a screen reader listing the buttons heard the same name two or three
    times. Each spoken name now says the seat, after the words shown (WCAG 2.5.3, label in name). ("Leave seat"
    is only ever on the page's own seat.)"""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.submit("choose", game="raythread", players="4")
    host.submit("add-bot", seat="D", level="normal")
    for lang, seat_word in (("en", "Seat"), ("ja", "席")):
        with in_language(lang):
            heard: dict[str, list[str]] = {}
            for card in host.find(lambda e: e.attr("class") == "seat"):
                for button in find_all(card, lambda e: e.tag == "button" and e.attr("data-action") != "stand"):
                    spoken = str(button.attr("aria-label") or text_of(button))
                    assert spoken.startswith(text_of(button)), (lang, spoken, text_of(button))
                    heard.setdefault(text_of(button), []).append(spoken)
        assert len(heard) == 3, (lang, heard)  # take seat, add a computer player, remove the computer player
        for shown, names in heard.items():
            assert len(set(names)) == len(names), (lang, shown, names)
            assert all(seat_word in name for name in names), (lang, names)
