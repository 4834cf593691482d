"""Seats as players read them: a two-player Raythread match sits at A and C (opposite corners, by its
rules) and reads "A" and "B" wherever players see it; the ids stay A and C for the rules and the wire."""

import json
import re

import pytest

from gamenight import games, i18n
from gamenight.core.bot import LEVELS, label
from gamenight.core.errors import BadMessage
from gamenight.core.game import named_seat, seat_ids, seat_tags
from gamenight.lobby.protocol import parse_name
from gamenight.raythread import GAME, board, rules
from gamenight.ui import app
from gamenight.ui.lobby import join as join_screen
from gamenight.ui.program import Env, Store, UiEvent
from gamenight.ui.svg import find_all, render, text_of
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby, join
from tests.unit.words import in_language


def test_the_tags_are_the_first_names_of_the_largest_seating():
    for count in (2, 3, 4):
        seats = board.seat_ids(count)
        assert seat_tags(GAME, seats) == board.seat_tags(seats) == dict(zip(seats, "ABCD", strict=False))
    assert seat_tags(GAME, ("A", "C")) == {"A": "A", "C": "B"}
    lightseeker = games.rules("lightseeker")
    assert seat_tags(lightseeker, seat_ids(lightseeker, 2)) == {"1": "1", "2": "2"}
    assert seat_tags(None, ("x", "y")) == {"x": "x", "y": "y"}


def send(model, event):
    return app.update(model, event, Env(now_ms=2_000))


def test_a_two_player_table_reads_seats_a_and_b_everywhere():
    model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
    setup = text_of(app.view(model))
    assert "Player\u00a02\u00a0(B)" in setup and "(C)" not in setup
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    state = model.inner.played.state
    assert state.seats == ("A", "C"), "the rules still seat two players at opposite corners"
    # Ann places a tile; then Bea tries to turn it: the refusal names its owner as players read it.
    move = next(m for m in rules.legal(state, "A") if m["type"] == "place")
    model, _ = send(model, UiEvent("click", "rt-hand", {"kind": move["tile"]}, now_ms=2_000))
    model, _ = send(model, UiEvent("click", "rt-orient", {"orient": move["orient"]}, now_ms=2_000))
    r, c = move["cell"]
    model, _ = send(model, UiEvent("click", "rt-cell", {"r": str(r), "c": str(c)}, now_ms=2_000))
    assert model.inner.played.state.seats[model.inner.played.state.turn] == "C"
    page = render(app.view(model))  # the markup: visible text and the screen reader's names
    assert '<span class="nobr">Bea (B)' in page and '<span class="nobr">Ann (A)' in page
    assert not re.search(r"\((C)\)|Seat C|seat C", page), "no C is read in a two-player match"
    tree = app.view(model)
    letters = [text_of(e) for e in find_all(tree, lambda e: e.attr("class") == "rt-letter")]
    assert sorted(letters) == ["A", "B"], "the emitters are lettered as players read them"
    badges = find_all(tree, lambda e: "rt-owner" in str(e.attr("class") or ""))
    assert badges and {text_of(b) for b in badges} == {"A"}
    three, _ = app.init("#/raythread/table", Env(now_ms=1_000))
    form = {"players": "3", "name0": "Ann", "name1": "Bea", "name2": "Cy"}
    three, _ = send(three, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    assert '<span class="nobr">Cy (C)' in render(app.view(three)), "three players keep A, B and C"


def test_the_refusal_names_the_owner_by_its_tag():
    state = GAME.setup(GAME.options(None), ("A", "C"), 5)
    move = next(m for m in rules.legal(state, "A") if m["type"] == "place")
    state, _ = rules.play(state, "A", move)
    err = None
    try:
        rules.play(state, "C", {"type": "rotate", "cell": move["cell"]})
    except rules.IllegalMove as raised:
        err = raised
    assert err is not None and err.params == {"seat": "A"}
    # Seat C's own tile, refused to A: C reads B.
    move = next(m for m in rules.legal(state, "C") if m["type"] == "place")
    state, _ = rules.play(state, "C", move)
    try:
        rules.play(state, "A", {"type": "rotate", "cell": move["cell"]})
    except rules.IllegalMove as raised:
        err = raised
    assert err.params == {"seat": "B"} and "only its owner (B)" in str(err)


def test_the_lobby_shows_seats_a_and_b_for_two_raythread_players():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    bea = join(rtc, host, "Bea")
    host.submit("choose", game="raythread", players="2")
    for page in (host, bea):
        names = [text_of(e) for e in page.by_class("seat-name")]
        assert names == ["Seat\u00a0A", "Seat\u00a0B"], names  # held whole (i18n.held), read "Seat A"
    host.click("start")
    assert "Seat B is empty" in host.text and "Seat C" not in host.text
    bea.click("sit", seat="C")
    host.click("start")
    for page in (host, bea):
        shown = render(page.tree)
        assert '<span class="nobr">Bea (B)' in shown and not re.search(r"\(C\)|[Ss]eat C", shown), page
    assert "You play seat B." in bea.text
    assert find_all(bea.tree, lambda e: e.attr("data-seat") == "C"), "the markup keeps the seat ids"


def test_light_seekers_seats_read_player_1_not_player_1_1():
    """Light Seeker's seats read 1 and 2: a default name says it already ("Player 1"), a chosen one gets
    it after ("Ann (1)"), as Raythread's "Player 1 (A)" and "Ann (A)"."""
    model, _ = app.init("#/lightseeker/table", Env(now_ms=1_000))
    seats = find_all(app.view(model), lambda e: e.attr("class") == "table-seat")
    labels = [text_of(find_all(seat, lambda e: e.tag == "label")[0].children[0]) for seat in seats]
    assert labels == ["Player\u00a01", "Player\u00a02"]  # held whole (``i18n.held``)
    model, _ = send(model, UiEvent("submit", "table-setup", form={"players": "2", "name0": "", "name1": "Bea"}))
    page = render(app.view(model))
    assert "Player 1 to play" in page and '<span class="nobr">Bea (2)' in page
    assert not re.search(r"Player \d \(\d\)", page)


def test_a_computer_player_with_its_tag_reads_in_one_pair_of_brackets():
    """A computer player is named by its label, "Bot (Hard)"; read with its seat's tag it was "Bot (Hard) (C)",
    "ボット（むずかしい）（C）". The tag now goes inside the label: "Bot C (Hard)", "ボットC（むずかしい）",
    still with brackets no person's name may hold."""
    expected_by = (
        ("en", "Bot\u00a0C\u00a0(Hard)"),
        ("ja", "ボ\u2060ッ\u2060ト\u2060C\u2060（\u2060むずかしい\u2060）"),
    )
    for lang, expected in expected_by:
        with in_language(lang):
            assert named_seat(label("hard"), "C") == expected
            for level in LEVELS:
                for tag in ("A", "2"):
                    seated = named_seat(label(level), tag)
                    assert seated.count("(") + seated.count("（") == 1, seated
                    assert tag in seated and seated != label(level)
                    with pytest.raises(BadMessage):  # no person's name: it never looks like one
                        parse_name(seated)
            # A person's name is read as before, even one that starts like the bot's.
            assert named_seat("Bot", "C") == ("Bot\u00a0(C)" if lang == "en" else "Bot\u2060（\u2060C\u2060）")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_computer_player_s_label_and_the_setup_form_s_seat_never_part_before_their_bracket(language):
    """A computer player's label ("Bot (Hard)", with its seat "Bot C (Hard)") and the setup form's
    "Player 2 (B)" are joined as ``named_seat`` joins a name and its tag: no-break spaces in English, word
    joiners around the brackets in Japanese (drawn as one no-break span), so a phone's line never ends
    before "(Hard)" or "（B）"."""
    with in_language(language):
        ja = language == "ja"
        assert label("hard") == ("ボ\u2060ッ\u2060ト\u2060（\u2060むずかしい\u2060）" if ja else "Bot\u00a0(Hard)")
        assert named_seat(label("hard"), "C") == (
            "ボ\u2060ッ\u2060ト\u2060C\u2060（\u2060むずかしい\u2060）" if ja else "Bot\u00a0C\u00a0(Hard)"
        )
        model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
        seats = find_all(app.view(model), lambda e: e.attr("class") == "table-seat")
        labels = [text_of(find_all(seat, lambda e: e.tag == "label")[0].children[0]) for seat in seats]
        assert labels[1] == ("\u2060".join("プレイヤー2（B）") if ja else "Player\u00a02\u00a0(B)"), labels
        page = render(app.view(model))
        assert (
            '<span class="nobr">プレイヤー2（B）</span>' if ja else '<span class="nobr">Player 2 (B)</span>'
        ) in page
        assert "\u2060" not in page


def test_japanese_reads_a_seat_s_tag_in_full_width_brackets_everywhere():
    """Japanese writes brackets full width, as the setup form's "プレイヤー1（A）" does: a seat read with its
    tag is "Ann（A）" in the seat list, the log, the turn line, the result and the lobby, never
    "Ann (A)". The brackets come from the catalogue, through the one helper, ``named_seat``."""
    with in_language("ja"):
        assert named_seat("Ann", "A") == "Ann\u2060（\u2060A\u2060）"
        # The tag said once, as in English; the name held whole (``i18n.held``).
        assert named_seat("プレイヤー1", "1") == "\u2060".join("プレイヤー1")
        assert named_seat(None, "B") == "B"
        model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
        form = {"players": "2", "name0": "Ann", "name1": "Bea"}
        model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
        state = model.inner.played.state
        move = next(m for m in rules.legal(state, "A") if m["type"] == "place")
        model, _ = send(model, UiEvent("click", "rt-hand", {"kind": move["tile"]}, now_ms=2_000))
        model, _ = send(model, UiEvent("click", "rt-orient", {"orient": move["orient"]}, now_ms=2_000))
        r, c = move["cell"]
        model, _ = send(model, UiEvent("click", "rt-cell", {"r": str(r), "c": str(c)}, now_ms=2_000))
        tree = app.view(model)
        page = render(tree)
        seats = " ".join(text_of(e) for e in find_all(tree, lambda e: "match-seat" in str(e.attr("class") or "")))
        log = " ".join(text_of(e) for e in find_all(tree, lambda e: e.tag == "li" and e.attr("data-seat") is None))
        assert "Ann\u2060（\u2060A\u2060）" in seats and "Bea\u2060（\u2060B\u2060）" in seats, seats
        # On the page each is one no-break span, without the joiners (a screen reader, a copy).
        assert '<span class="nobr">Ann（A）</span>' in page and '<span class="nobr">Bea（B）</span>' in page
        assert i18n.JOINER not in page
        assert not re.search(r"(Ann|Bea) \([AB]\)", page), "a Western bracket in Japanese"
        assert "Ann\u2060（\u2060A\u2060）" in log, log
        rtc = FakeRtc()
        host = host_lobby(rtc, Browser())
        bea = join(rtc, host, "Bea")
        host.submit("choose", game="lightseeker", players="2")
        bea.click("sit", seat="2")
        host.click("start")
        for lobby in (host, bea):
            shown = render(lobby.tree)
            assert '<span class="nobr">Bea（2）</span>' in shown and not re.search(r"Bea \(2\)", shown)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_seat_label_s_no_break_marks_stay_on_the_page_never_on_the_wire_in_storage_or_in_a_copy(language):
    """A name is kept with its seat number by the catalogue ("{name}\u00a0({seat})", Japanese
    "{name}⁠（⁠{seat}⁠）" with word joiners): the page draws the joined run as a no-break span without the
    joiners, and none of it reaches a peer message, a saved game or stored name, or the name field."""
    marks = ("\u2060", "\u00a0")
    with in_language(language):
        rtc, host_browser, bea_browser = FakeRtc(), Browser(), Browser()
        host = host_lobby(rtc, host_browser)
        bea = join(rtc, host, "Bea", bea_browser)
        host.submit("choose", game="raythread", players="2")
        bea.click("sit", seat="C")
        host.click("start")
        session = host.inner.live.session
        state = session.match.state
        seat = state.seats[state.turn]
        mover = host if seat == "A" else bea
        move = next(m for m in rules.legal(session.match.state, seat) if m["type"] == "place")
        mover.click("rt-hand", kind=move["tile"])
        mover.click("rt-orient", orient=move["orient"])
        mover.click("rt-cell", r=str(move["cell"][0]), c=str(move["cell"][1]))
        rtc.pump()
        shown = render(bea.tree)
        kept = '<span class="nobr">Bea（B）</span>' if language == "ja" else '<span class="nobr">Bea (B)'
        assert kept in shown and "\u2060" not in shown  # the page reads the label whole, without a joiner
        assert len(session.match.record.log) == 1  # the move went over the wire
        assert rtc.sent and not [text for _, text in rtc.sent if any(m in text for m in marks)]
        stored = [*host_browser.storage.values(), *bea_browser.storage.values()]
        assert stored and not [v for v in stored if any(m in v for m in marks)]
        # The name kept for a rejoin (it fills the name field then) is plain "Bea".
        kept_names = [t["name"] for t in json.loads(bea_browser.storage[join_screen.TOKENS_KEY]).values()]
        assert kept_names == ["Bea"], kept_names
        # A match on this device: its saved game holds the names as typed too.
        model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
        form = {"players": "2", "name0": "Ann", "name1": "Bea"}
        model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
        saved = [e.text for e in effects if isinstance(e, Store) and e.text]
        assert saved and not [s for s in saved if any(m in s for m in marks)]
        assert kept in render(app.view(model))
        # A computer player's label ("Bot B (Normal)") is joined on the page the same way, and never sent
        # or stored: the wire and a saved game call it by its level, not by its label.
        bot_kept = '<span class="nobr">ボットB（ふつう）' if language == "ja" else '<span class="nobr">Bot B (Normal)'
        rtc, host_browser, bea_browser = FakeRtc(), Browser(), Browser()
        host = host_lobby(rtc, host_browser)
        bea = join(rtc, host, "Bea", bea_browser)
        host.submit("choose", game="raythread", players="3")
        bea.click("sit", seat="C")
        host.submit("add-bot", seat="B", level="normal")
        host.click("start")
        rtc.pump()
        for page in (host, bea):
            shown = render(page.tree)
            assert bot_kept in shown and "\u2060" not in shown, page
        assert rtc.sent and not [text for _, text in rtc.sent if any(m in text for m in marks)]
        stored = [*host_browser.storage.values(), *bea_browser.storage.values()]
        assert stored and not [v for v in stored if any(m in v for m in marks)]
        model, _ = app.init("#/raythread/table", Env(now_ms=1_000))
        form = {"players": "2", "name0": "Ann", "kind0": "here", "name1": "", "kind1": "normal"}
        model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
        saved = [e.text for e in effects if isinstance(e, Store) and e.text]
        assert saved and not [s for s in saved if any(m in s for m in marks)]
        assert bot_kept in render(app.view(model))


def test_a_joined_run_keeps_what_follows_it_without_a_space() -> None:
    """A joined run is a box where the page is narrow, and a line may break right after a box: at 320 px with
    the text at 200 % "Player 1 (A)" broke as "Player 1 (" / "A)" and "Bot B (Normal)'s" as "Bot B (" /
    "Normal)'s", because the run ended at the bracket. It keeps the rest of the bracket and what follows it
    without a space; a Japanese sentence after it still wraps (its letters stay outside the run)."""
    from gamenight.ui.svg import h

    def shown(text: str) -> str:
        return render(h("p", {}, text))

    assert shown("Player\u00a01\u00a0(A) to play") == '<p><span class="nobr">Player 1 (A)</span> to play</p>'
    assert shown("Bot\u00a0B\u00a0(Normal)'s puzzle") == '<p><span class="nobr">Bot B (Normal)\'s</span> puzzle</p>'
    assert shown("Cal\u00a0(3): solved") == '<p><span class="nobr">Cal (3):</span> solved</p>'
    assert shown("\u00a0(A)") == '<p><span class="nobr"> (A)</span></p>', "a seat card's tag after its name"
    assert shown("ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060ふつう\u2060）、次はあなたの番です") == (
        '<p><span class="nobr">ボットB（ふつう）、</span>次はあなたの番です</p>'
    )
    assert (
        shown("プレイヤー1\u2060（\u2060A\u2060）の番です")
        == '<p>プレイヤー<span class="nobr">1（A）</span>の番です</p>'
    )


def _drawn(text: str) -> str:
    from gamenight.ui.svg import h

    return render(h("p", {}, text))


def test_a_japanese_name_is_held_whole_with_its_seat_not_only_its_last_character() -> None:
    """Japanese writes no spaces, so holding a name's last word to its seat (English's "Ann Lee" / "(A)" never
    parts; "Ann" / "Lee (A)" may) held one character: a phone's status line broke "プレイヤー" / "1（A）" and
    "ミ" / "カ（B）". The whole name is held with its seat now, in either language, in HTML text (one no-break
    span) and in SVG text (no marks: it never wraps), for a name up to ``i18n.HELD`` (a full-width character
    counts two); a longer one may break inside itself, never between it and its seat."""
    with in_language("ja"):
        turn = "{name}の番です"
        assert _drawn(turn.format(name=named_seat("プレイヤー1", "A"))) == (
            '<p><span class="nobr">プレイヤー1（A）</span>の番です</p>'
        )
        assert _drawn(turn.format(name=named_seat("ミカ", "B"))) == '<p><span class="nobr">ミカ（B）</span>の番です</p>'
        # Latin and Japanese names side by side, each whole with its seat.
        both = i18n.listing([named_seat("Bea", "B"), named_seat("ミカ", "C")])
        assert _drawn(both) == '<p><span class="nobr">Bea（B）、</span><span class="nobr">ミカ（C）</span></p>'
        # A short name of words is whole with the seat, as in English; a longer one breaks between its words,
        # its last word whole with the seat.
        assert _drawn(named_seat("山田 太郎", "A")) == '<p><span class="nobr">山田 太郎（A）</span></p>'
        assert _drawn(named_seat("山田 太郎左衛門", "A")) == '<p>山田 <span class="nobr">太郎左衛門（A）</span></p>'
        # A computer's label, read with its seat.
        assert _drawn(named_seat(label("normal"), "B")) == '<p><span class="nobr">ボットB（ふつう）</span></p>'
        # Light Seeker's seat 1 says its number in the name: the name alone, whole.
        assert _drawn(named_seat("プレイヤー1", "1")) == '<p><span class="nobr">プレイヤー1</span></p>'
        # A long name: its last HELD units with the seat, the rest breaks as any long word does.
        long = "ジャスティンビーバーファンクラブ"
        drawn = _drawn(named_seat(long, "A"))
        assert drawn == f'<p>{long[:-6]}<span class="nobr">{long[-6:]}（A）</span></p>', drawn
        # SVG text never wraps: the plain words, no marks.
        assert render(h_svg_text(named_seat("ミカ", "B"))) == "<text>ミカ（B）</text>"
        assert render(h_svg_text(named_seat("プレイヤー1", "A"))) == "<text>プレイヤー1（A）</text>"


def test_an_english_name_is_held_with_its_seat_and_a_japanese_one_whole() -> None:
    with in_language("en"):
        # A short name of words whole with its seat (``test_a_seat_s_short_name_is_held_whole_…``).
        assert _drawn(named_seat("Player 1", "A")) == '<p><span class="nobr">Player 1 (A)</span></p>'
        assert _drawn(named_seat("Ann Leeson", "A")) == '<p><span class="nobr">Ann Leeson (A)</span></p>'
        assert _drawn(named_seat("Annabel Leeson", "A")) == '<p>Annabel <span class="nobr">Leeson (A)</span></p>'
        assert _drawn(named_seat("ミカ", "B")) == '<p><span class="nobr">ミカ (B)</span></p>'
        assert _drawn(named_seat(label("hard"), "C")) == '<p><span class="nobr">Bot C (Hard)</span></p>'
        # A word over 12 letters: its last 12 with the seat (a no-break run cannot break where it cannot fit).
        w = "W" * 23
        assert _drawn(named_seat(w, "A")) == f'<p>{"W" * 11}<span class="nobr">{"W" * 12} (A)</span></p>'
        assert render(h_svg_text(named_seat("ミカ", "B"))) == "<text>ミカ (B)</text>"


def h_svg_text(text: str):
    from gamenight.ui.svg import h

    return h("text", {}, text)


def test_a_seat_s_short_name_is_held_whole_with_its_tag_in_either_language() -> None:
    """A seat's name up to ``i18n.HELD`` wide (a full-width character counts two, a space one) never breaks
    inside, nor before its tag: at 320 px (200 % zoom of 640 × 400) the match's status read "Player" / "1 (A) to
    play ·" and a seat card "Player" / "1 (A)"; in Japanese a card "プレイヤー1" / "（A）". English joined only
    the name's last word to its tag, as a name of words must break somewhere; a short one need not, and is
    no wider held than a one-word name was already. A longer name (a 30-character one) still breaks between its
    words, its last word held with the tag."""
    from gamenight.ui.match import SeatAt, Table, _name_and_tag
    from gamenight.ui.svg import h

    with in_language("en"):
        assert i18n.held("Player 1") == "Player\u00a01"
        assert named_seat("Player 1", "A") == "Player\u00a01\u00a0(A)"  # no space a line may break at
        assert _drawn(i18n._("{name} to play").format(name=named_seat("Player 1", "A"))) == (
            '<p><span class="nobr">Player 1 (A)</span> to play</p>'
        )
        assert _drawn(named_seat("Ann Lee", "A")) == '<p><span class="nobr">Ann Lee (A)</span></p>'
        assert _drawn(named_seat("Player 1", "1")) == '<p><span class="nobr">Player 1</span></p>'
        thirty = "Grandmaster Flash Two Thousand"
        assert len(thirty) == 30 and i18n.held(thirty) == thirty
        assert _drawn(named_seat(thirty, "A")) == '<p>Grandmaster Flash Two <span class="nobr">Thousand (A)</span></p>'
        table = Table("raythread", (SeatAt("A", "Player 1", "amber"), SeatAt("C", thirty, "magenta")))
        # A seat card: the name whole in its box, the tag beside it (on the next line only where the two are
        # wider than the card: 88 px at 200 % zoom).
        card = render(h("span", {}, _name_and_tag(table, "A")))
        assert card == (
            '<span><span class="who"><span class="nobr">Player 1</span></span>'
            '<span class="tag"><span class="nobr"> (A)</span></span></span>'
        ), card
        assert render(h("span", {}, _name_and_tag(table, "C"))) == (
            '<span>Grandmaster Flash Two <span class="nobr">Thousand (B)</span></span>'
        )
    with in_language("ja"):
        assert named_seat("プレイヤー1", "A") == "\u2060".join("プレイヤー1（A）")
        assert _drawn(named_seat("山田 太郎", "A")) == '<p><span class="nobr">山田 太郎（A）</span></p>'
        table = Table("raythread", (SeatAt("A", "プレイヤー1", "amber"), SeatAt("C", "Bea", "magenta")))
        card = render(h("span", {}, _name_and_tag(table, "A")))
        assert card == (
            '<span><span class="who">プレイヤー1</span><span class="tag"><span class="nobr">（A）</span></span></span>'
        ), card


def test_the_lobby_holds_a_short_name_of_words_whole_in_its_seats_and_members() -> None:
    """The lobby names its members as the match names its seats (``i18n.held``): "Ann Lee" never parts in
    the seats' list or the members' one, where a narrow row broke it between its words."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    ann = join(rtc, host, "Ann Lee", Browser())
    ann.click("sit", seat="C")  # the seat read B (a two-player Raythread sits at A and C)
    shown = render(host.tree)
    assert shown.count('<span class="nobr">Ann Lee</span>') >= 2, shown  # her seat's row and her member row
    assert "Ann\u00a0Lee" not in shown  # a reader and a copy get a plain space
