"""The status's room (``ui.match.status_room``): the words laid unseen under the status to measure it are
exactly the words the status can show while a match runs, from the one place that words them
(``turn_words``, ``replay_words``), so a new wording of the status is measured as it is shown."""

from __future__ import annotations

from dataclasses import replace

from gamenight import i18n
from gamenight.core.bot import NAME
from gamenight.ui import match as screen
from gamenight.ui.match import MatchUi, SeatAt, Table
from gamenight.ui.svg import h, text_of
from tests.unit.words import in_language

SEATS = (SeatAt("1", "Ann", "amber"), SeatAt("2", NAME, "cyan", "bot", "hard"), SeatAt("3", "Cal", "magenta", "remote"))


class Turns:
    """A board played in turns whose moves made elsewhere unfold into steps (as Light Seeker's)."""

    def active(self, view):
        return frozenset(view.get("active", ()))

    def unfold(self, before, view, events):
        return ()

    def seat_facts(self, view, seat, table):
        return ()


class AtOnce(Turns):
    """A board with a phase everyone plays at once (as Reflection's build)."""

    def at_once(self, view, table, seats):
        names = i18n.conjunction(screen.seat_label(table, s) for s in seats)
        return f"Everyone plays at once · still playing: {names}" if view.get("phase") == "together" else ""


def room(ui: MatchUi, table: Table) -> list[str]:
    return [text_of(span) for span in screen.status_room(ui, table).children]


def shown(ui: MatchUi, table: Table) -> str:
    """The status line as ``screen.render`` draws it (the replay's note while a move made elsewhere is
    played back)."""
    return text_of(screen.replay_note(ui, table) if screen.replaying(ui) else screen.status(ui, table))


def each_state(board, view: dict, table: Table) -> tuple[list[str], set[str]]:
    """The room, and every status the match can show: each seat alone to play, each seat's move played back
    at its first step of nine, and every seat at once."""
    ui = MatchUi("reflection", board, view, None)
    shows = set()
    for seat in table.seats:
        alone = replace(ui, view={**view, "active": [seat.id]})
        shows.add(shown(alone, table))
        if seat.id not in table.mine:
            played = replace(alone, replay=(({}, None),) * 9, replayed_by=seat.id)
            shows.add(shown(played, table))
    shows.add(shown(replace(ui, view={**view, "active": [s.id for s in table.seats]}), table))
    return room(ui, table), shows


def test_the_room_holds_exactly_the_words_of_a_turn_a_computer_players_thinking_and_a_replay():
    table = Table("reflection", SEATS, frozenset(("1",)))
    board = Turns()
    laid, shows = each_state(board, {"active": ["1"]}, table)
    assert "Ann\u00a0(1) to play · your turn" in laid and "Bot\u00a02\u00a0(Hard) is thinking…" in laid
    assert "Cal\u00a0(3)'s move, step 1 of 9 · a click or a key skips it; arrows move the cursor too" in laid
    # All three to play at once, on a board with no such phase, is no state a running match shows alone
    # for long (its words are the turn's, several names): the room holds every state of one seat.
    assert set(laid) == shows - {shown(MatchUi("reflection", board, {"active": ["1", "2", "3"]}, None), table)}


def test_the_room_holds_the_words_of_a_phase_played_at_once_with_every_seat_and_with_each_alone():
    """It held only the words with every seat still at it: the status with one left was not measured."""
    table = Table("reflection", SEATS, frozenset(("1",)))
    laid, shows = each_state(AtOnce(), {"phase": "together"}, table)
    assert "Everyone plays at once · still playing: Ann\u00a0(1), Bot\u00a02\u00a0(Hard) and Cal\u00a0(3)" in laid
    assert "Everyone plays at once · still playing: Cal\u00a0(3)" in laid
    assert set(laid) == shows


def test_a_rematch_shows_a_turn_s_words_from_its_first_turn_on_and_its_room_is_one_for_the_whole_match():
    """A player's pass at 320 px (Light Seeker): the rematch's first status, "Rematch: Ann (1) starts · your turn ·
    you are orange this time", took four lines, and the board moved 40 px up after the first move (the room
    held the opening until then); where the computer started, "… to play · your turn · you are sky blue this
    time" took three and the room kept the third, empty, to the match's end. At 390 px the opening's two lines,
    every turn's one, gave the same choice. The status shows a turn's words from the first turn on; who starts
    and the colour now are heard with it (``heard``: the live region), the colour shown on the person's card."""
    table = Table("reflection", SEATS, frozenset(("1",)), rematch=True, turned=True)
    ui = MatchUi("reflection", Turns(), {"active": ["1"]}, None)
    assert shown(ui, table) == "Ann\u00a0(1) to play · your turn"
    assert screen.status(ui, table, heard=True) == "Rematch: Ann\u00a0(1) starts · your turn · you are orange this time"
    # The room: one for the whole match, its first turn's status among its words.
    assert room(ui, table) == room(replace(ui, moves=1), table) == room(replace(ui, moves=5), table)
    assert shown(ui, table) in room(ui, table)
    assert not [w for w in room(ui, table) if "Rematch" in w or "this time" in w]
    # The computer starts: the person's first turn after its move shows a turn's words too.
    second = Table("reflection", SEATS[1:2] + SEATS[:1], frozenset(("1",)), rematch=True, turned=True)
    after = replace(ui, moves=1)
    assert shown(after, second) == screen.seat_label(second, "1") + " to play · your turn"
    assert screen.status(after, second, heard=True).endswith("you are orange this time")
    card = text_of(screen._seat_list(after, second))
    assert "you are orange this time" in card, "the person's card shows their colour now"
    assert "you are orange this time" not in text_of(screen._seat_list(replace(ui, moves=2), second))


def test_an_ended_match_s_room_holds_no_running_words_once_its_last_move_is_shown():
    """QA at 320 px in Japanese: 「ボットB（ふつう）の勝ち！」 kept the room of the running match's turns
    (「プレイヤー1（A）の番・あなたの番」, two lines there) and an empty line under it. Once the board shows
    the move that ended the match, the room lays nothing (the board moves once, when nothing is played);
    while that move is played back the status says its steps, so the room still holds them (no jump then)."""
    table = Table("reflection", SEATS, frozenset(("1",)))
    running = MatchUi("reflection", Turns(), {"active": ["1"]}, None)
    over = replace(running, view={"active": [], "result": {"winners": ["2"]}})
    assert room(over, table) == []
    assert room(replace(running, halted="The host has left."), table) == []
    replayed = replace(over, replay=(({}, None),) * 9, replayed_by="3")
    assert room(replayed, table) == room(running, table)


def test_a_page_that_lost_the_host_keeps_the_running_match_s_room():
    """The match goes on at the host's and comes back at the rejoin: "Not connected to the host…" is laid
    over the running match's room, not in an ended match's (none), so the board does not move for it and
    back (a player's pass). The host's end is an end: no room."""
    offline = Table("reflection", SEATS, frozenset(("1",)), offline=True)
    running = MatchUi("reflection", Turns(), {"active": ["1"]}, None)
    lost = replace(running, halted="Not connected to the host: rejoin below to play on.")
    assert room(lost, offline) == room(running, offline) != []
    stopped = Table("reflection", SEATS, frozenset(("1",)), stopped=True)
    assert room(replace(running, halted="The host ended the match."), stopped) == []


class SaysSkip(Turns):
    """A board that says over itself how to skip a move played back, and stays put at a match's end (as Light
    Seeker's: ``says_skip``, ``still_at_end``)."""

    says_skip = True
    still_at_end = True


def skip_parts(ui: MatchUi, table: Table) -> list[tuple[str, str]]:
    """The class and words of each part of the replay's words, in the status and in its room."""
    from gamenight.ui.svg import find_all

    found = find_all(screen.replay_note(ui, table), lambda e: "keys-only" in (e.attr("class") or ""))
    laid = find_all(screen.status_room(ui, table), lambda e: "keys-only" in (e.attr("class") or ""))
    return [(e.attr("class"), text_of(e)) for e in [*found, *laid]]


def test_a_board_that_says_how_to_skip_keeps_those_words_out_of_the_status_s_room():
    """QA at 320 px against the computer in Light Seeker: the room of the replay's longest words, "Bot 2
    (Normal)'s move, step 1 of 3 · a click or a key skips it; arrows move the cursor too" (three lines there,
    two on a laptop), stood over a turn's one line as blank lines. A board that says over itself how to skip
    (Light Seeker's "Tap the board to skip" or "A click or a key skips it") keeps those words in the status
    for a screen reader only: visually hidden, they take no room in it or in the room laid under it."""
    table = Table("lightseeker", SEATS, frozenset(("1",)))
    ui = MatchUi("lightseeker", SaysSkip(), {"active": ["3"]}, None, replay=(({}, None),) * 3, replayed_by="3")
    parts = skip_parts(ui, table)
    assert parts and all(cls.endswith("keys-only visually-hidden") for cls, _words in parts), parts
    assert "a click or a key skips it" in parts[0][1]
    # A board that does not say it keeps the words in sight (on a screen with keys).
    plain = replace(ui, board=Turns())
    assert all(cls == "part keys-only" for cls, _words in skip_parts(plain, table))


def test_a_board_that_stays_put_at_the_end_keeps_the_running_match_s_room():
    """A player's pass at 320 × 640: Light Seeker's board moved 20 px up when the match against the computer
    ended ("Bot 2 (Normal) wins!" one line where "is thinking…" took two), though every line over the valley
    keeps its place at the end so that it does not. A board that stays put at the end keeps the running
    match's room there: the status stands at the top of it (css/app.css), the room under it."""
    table = Table("lightseeker", SEATS, frozenset(("1",)))
    running = MatchUi("lightseeker", SaysSkip(), {"active": ["1"]}, None)
    over = replace(running, view={"active": [], "result": {"winners": ["2"]}})
    assert room(over, table) == room(running, table) != []


def test_the_end_s_words_stand_in_the_middle_of_the_room_a_board_that_stays_put_keeps():
    """A player's pass at 320 × 640 against the computer in Light Seeker: "Player 1 wins!" (one line) stood at the top
    of the running match's room (two lines: the computer's thinking), over an empty line. The room is the
    running match's still (the board stays put), marked as an end's (``data-end``: css/app.css stands the end's
    words in its middle, the room left over shared above and under them, no whole line of it); not while the
    match runs, nor while its last move is played back (the status says its steps, at the top), nor where the
    page lost the host (the match goes on there)."""

    def marked(ui: MatchUi, table: Table) -> bool:
        return screen.status_room(ui, table).attr("data-end") == "1"

    table = Table("lightseeker", SEATS, frozenset(("1",)))
    running = MatchUi("lightseeker", SaysSkip(), {"active": ["1"]}, None)
    over = replace(running, view={"active": [], "result": {"winners": ["2"]}})
    assert marked(over, table) and not marked(running, table)
    assert not marked(replace(over, replay=(({}, None),) * 3, replayed_by="2"), table)
    offline = Table("lightseeker", SEATS, frozenset(("1",)), offline=True)
    assert not marked(replace(running, halted="Not connected to the host: rejoin below to play on."), offline)
    stopped = Table("lightseeker", SEATS, frozenset(("1",)), stopped=True)
    assert marked(replace(running, halted="The host ended the match."), stopped)
    # A board that takes its own room at the end lays none: nothing to mark.
    assert not marked(replace(over, board=Turns()), table)


def test_a_status_line_of_parts_is_drawn_as_a_heading_s_boxes_with_no_separator_at_a_line_s_edge():
    """QA at 320 px: "Ann (1) to play ·" / "your turn" (and "…の番・" / "あなたの番" in Japanese), the separator held
    to the turn left at a line's end. The status's parts are boxes, each after the first opening with the
    separator (clipped where it starts a line: css/app.css ``.heading-parts``), in the status and in its room;
    its words read as before. So are a move played back's step and how to skip it (not the room: its skip
    words are said over the board)."""
    from gamenight.ui.svg import find_all

    class Drawn(Turns):
        def render(self, local, view, seat, table):
            return h("div", {"class": "board"})

        def seat_facts(self, view, seat, table):
            return ()

        def score(self, view, seat):
            return None

    table = Table("lightseeker", SEATS, frozenset(("1",)))
    ui = MatchUi("lightseeker", Drawn(), {"active": ["1"]}, None)
    (head,) = find_all(screen.render(ui, table), lambda e: e.attr("class") == "match-head")
    status, laid = head.children

    def parts(element) -> list[str]:
        return [text_of(p) for p in find_all(element, lambda e: "part" in (e.attr("class") or "").split())]

    assert text_of(status) == "Ann\u00a0(1) to play · your turn"
    assert parts(status) == ["Ann\u00a0(1) to play", " · your turn"]
    assert " · your turn" in parts(laid)
    with in_language("ja"):
        (head,) = find_all(screen.render(ui, table), lambda e: e.attr("class") == "match-head")
        assert [i18n.plain(p) for p in parts(head.children[0])] == ["Ann（1）の番", "・あなたの番"]
    played = replace(ui, view={"active": ["3"]}, replay=(({}, None),) * 3, replayed_by="3")
    assert parts(screen.replay_note(played, table)) == [
        "Cal\u00a0(3)'s move, step 1 of 3",
        " · a click or a key skips it; arrows move the cursor too",
    ]
