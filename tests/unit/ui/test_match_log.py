"""The match screen's log: one step per move (or clock tick), moves newest first with each move's
events in their own order, a bound in events that keeps whole steps, the moves it cuts counted on the
page that followed them as a log told by the authority counts those it leaves out (a snapshot's recent
steps, a replayed record), and a lobby page's log fed one step per update."""

from dataclasses import replace
from itertools import pairwise

from gamenight import i18n
from gamenight.core.bot import label
from gamenight.core.game import LOG_KEPT, kept, log_start
from gamenight.lobby import session  # noqa: F401  (registers the refusal "stale-move" the test shows)
from gamenight.raythread import GAME, rules
from gamenight.raythread.controls import BOARD
from gamenight.ui import match
from gamenight.ui.match import SeatAt, Table
from gamenight.ui.svg import find_all, text_of
from tests.unit.alerts import regions, said_in_turns
from tests.unit.words import in_language

TABLE = Table("raythread", (SeatAt("A", "Ann", "amber"), SeatAt("C", "Cy", "magenta")), frozenset("AC"))


def busy_move(state, seat):
    """A placement of ``seat`` whose beam claims a number: a move of several events (placed, claimed, drew)."""
    for move in rules.legal(state, seat):
        after, events = rules.play(state, seat, move)
        if move["type"] == "place" and len(events) >= 3:
            return after, events
    raise AssertionError("no placement claims a number here")


def played(moves: int, seed: int = 42):
    """A Raythread match after ``moves`` moves that each claim a number when one can: the state, each
    move's events, and the match screen advanced move by move."""
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 28}), ("A", "C"), seed)
    ui = match.start("raythread", BOARD, rules.view(state, "A"), TABLE)
    steps = []
    for n in range(1, moves + 1):
        seat = state.seats[state.turn]
        try:
            state, events = busy_move(state, seat)
        except AssertionError:
            state, events = rules.play(state, seat, rules.legal(state, seat)[0])
        steps.append(tuple(events))
        ui = match.advance(ui, rules.view(state, "A"), events, TABLE, n)
    return state, steps, ui


def unseen_note(ui) -> list[str]:
    """The "earlier moves" line under the log, if it has one."""
    note = find_all(match._log_panel(ui, TABLE), lambda e: e.attr("data-unseen") is not None)
    return [text_of(p) for p in note]


def panel_moves(ui) -> list[list[str]]:
    """The log panel's items (one per move) and the lines in each, top to bottom."""
    items = find_all(match._log_panel(ui, TABLE), lambda e: e.tag == "li")
    return [[text_of(line) for line in li.children] for li in items]


def words(events) -> list[str]:
    return [BOARD.event_text(e, TABLE.names) for e in events]


def test_moves_are_listed_newest_first_and_each_moves_events_in_their_order():
    _state, steps, ui = played(2)
    assert all(len(step) >= 3 for step in steps), "each move places, claims and draws"
    shown = panel_moves(ui)
    # The newest move on top; within it the tile placed comes before the number its beam claims.
    assert shown == [words(steps[1]), words(steps[0])]
    assert "places a" in shown[0][0] and "claims the" in shown[0][1] and "draws a" in shown[0][2]


def test_the_log_keeps_whole_steps_up_to_its_bound_in_events():
    _state, steps, ui = played(30)
    assert sum(map(len, steps)) > LOG_KEPT + 20
    assert sum(map(len, ui.log)) <= LOG_KEPT < sum(map(len, ui.log)) + len(steps[-len(ui.log) - 1])
    assert ui.log == tuple(steps[-len(ui.log) :]), "the newest moves, each whole"
    # Kept move by move or all at once: the same steps (a latecomer's log matches everyone else's).
    assert kept(steps) == ui.log
    # The panel shows its lines from the newest moves, cutting only the oldest move shown at its end.
    shown = panel_moves(ui)
    assert sum(map(len, shown)) == match.LOG_SHOWN
    newest = [words(step) for step in reversed(ui.log)]
    assert shown[:-1] == newest[: len(shown) - 1] and shown[-1] == newest[len(shown) - 1][: len(shown[-1])]


def test_a_step_that_says_nothing_adds_nothing_and_one_longer_than_the_bound_keeps_its_cause():
    state, _steps, ui = played(2)
    view = rules.view(state, "C")
    assert match.advance(ui, view, (), TABLE).log == ui.log  # a position without events (a quiet tick)
    long = tuple({"type": "pass", "seat": "A"} for _ in range(LOG_KEPT + 5))
    flood = match.advance(ui, view, [{"type": "placed", "seat": "C"}, *long], TABLE)
    assert flood.log == ((({"type": "placed", "seat": "C"}, *long[: LOG_KEPT - 1])),)
    # Where the kept part starts: the newest steps that fit, quiet ones passed over.
    thirty, twenty = ({"type": "pass"},) * 30, ({"type": "pass"},) * 20
    assert log_start([thirty, twenty, (), ()]) == 1 and log_start([twenty, twenty]) == 0 and log_start([]) == 0
    # It starts at a step that says something, so what lies before it is exactly what is not listed.
    assert log_start([thirty, (), twenty]) == 2 and log_start([(), ()]) == 2


def test_a_log_told_by_the_authority_replaces_the_pages_own_and_says_what_it_leaves_out():
    _state, steps, ui = played(4)
    fresh = match.start("raythread", BOARD, ui.view, TABLE)
    told = match.retold(fresh, tuple(steps[2:]), 2, 4)
    assert panel_moves(told) == [words(steps[3]), words(steps[2])]
    assert unseen_note(told) == ["2 earlier moves are not listed."]
    assert match.retold(told, tuple(steps[2:]), 2, 4) is told, "told again the same: the same state (kept panels)"
    # Nothing left out: no note, and no "No moves yet." either.
    whole = match.retold(fresh, tuple(steps), 0, 4)
    text = text_of(match._log_panel(whole, TABLE))
    assert "not listed" not in text and "No moves yet." not in text and len(panel_moves(whole)) == 4
    assert "No moves yet." in text_of(match._log_panel(fresh, TABLE))


def test_the_list_scrolls_and_so_is_a_tab_stop_named_by_its_heading():
    # A long log scrolls (css/app.css): a region a keyboard cannot reach cannot be scrolled without a mouse.
    panel = match._log_panel(played(2)[2], TABLE)
    (heading,) = find_all(panel, lambda e: e.tag == "h2")
    (listed,) = find_all(panel, lambda e: e.tag == "ul")
    assert listed.attr("tabindex") == "0" and listed.attr("aria-labelledby") == heading.attr("id")
    assert text_of(heading) == "What happened"


def test_a_page_that_followed_a_long_match_counts_the_moves_its_bound_cut_as_a_told_log_does():
    _state, steps, ui = played(30)
    cut = len(steps) - len(ui.log)
    assert cut > 0 and ui.unseen == cut
    assert unseen_note(ui) == [f"{cut} earlier moves are not listed."]
    # A page given the whole record at once (a restored table) shows the same steps and the same line.
    fresh = match.start("raythread", BOARD, ui.view, TABLE)
    told = match.retold(fresh, tuple(steps), 0, len(steps))
    assert (told.log, told.unseen) == (ui.log, ui.unseen) and unseen_note(told) == unseen_note(ui)
    # And the next move cuts on both alike, so both keep saying the same.
    last = ({"type": "pass", "seat": "A"},) * 5
    ahead, behind = (match.advance(u, ui.view, last, TABLE, len(steps) + 1) for u in (ui, told))
    assert (ahead.log, ahead.unseen) == (behind.log, behind.unseen) and ahead.unseen > cut


def test_steps_that_are_not_moves_are_listed_but_not_counted_as_earlier_moves():
    state, _steps, ui = played(1)
    view = rules.view(state, "A")
    # Ticks of a clock (a seat skipped) between moves: steps of the log, not moves.
    steps, moved, moves = [], [], 1
    for n in range(40):
        tick = n % 3 == 2
        moves += 0 if tick else 1
        step = ({"type": "timeout" if tick else "pass", "seat": "A"},) * 3
        steps.append(step)
        moved.append(not tick)
        ui = match.advance(ui, view, step, TABLE, moves)
    start = log_start(steps)
    assert ui.log == tuple(steps[start:]) and start > 10
    assert ui.unseen == 1 + sum(moved[:start]) < 1 + start, "the first move and the moves cut, not the ticks"


def test_a_step_names_the_players_who_held_the_seats_when_it_was_played():
    # Cy's page drops mid-match and a computer player takes over seat C; Cy comes back later. The log
    # names each move by whoever made it, and words a computer player's name in the page's language.
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 28}), ("A", "C"), 42)
    bot = Table(
        "raythread", (SeatAt("A", "Ann", "amber"), SeatAt("C", label("hard"), "magenta", "bot", "hard")), frozenset("A")
    )
    ui = match.start("raythread", BOARD, rules.view(state, "A"), TABLE)
    for n, table in enumerate((TABLE, TABLE, bot, bot), 1):
        state, events = rules.play(state, state.seats[state.turn], rules.legal(state, state.seats[state.turn])[0])
        ui = match.advance(ui, rules.view(state, "A"), events, table, n)
    items = find_all(match._log_panel(ui, TABLE), lambda e: e.tag == "li")  # Cy is back
    first = [text_of(li.children[0]) for li in items]  # newest first: the bot's move, then Cy's
    assert first[0].startswith("Bot\u00a0B\u00a0(Hard)") and first[2].startswith("Cy\u00a0(B)"), first
    assert [f.split("\u00a0(")[0] for f in first[1::2]] == ["Ann", "Ann"]
    with in_language("ja"):
        items = find_all(match._log_panel(ui, TABLE), lambda e: e.tag == "li")
        assert text_of(items[0].children[0]).startswith("ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060むずかしい\u2060）")
    # A log the authority retells (a snapshot) names every step by today's holders: it was not seen.
    retold = match.retold(match.start("raythread", BOARD, ui.view, TABLE), ui.log, 0, 4)
    assert all(
        text_of(li.children[0]).startswith(("Ann", "Cy"))
        for li in find_all(match._log_panel(retold, TABLE), lambda e: e.tag == "li")
    )


def test_the_live_region_names_the_moves_heard_by_the_players_who_made_them():
    # Ann's page (seat A) hears Cy's move; then Cy's page drops and a computer player takes over seat C
    # before Ann moves again (seen in a player's pass, in a four-seat lobby: the region retold Bea's move as "Bot B
    # (Easy) places …"). The region keeps naming Cy's move by Cy, and the computer's by the computer.
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 28}), ("A", "C"), 42)
    bot = Table(
        "raythread", (SeatAt("A", "Ann", "amber"), SeatAt("C", label("hard"), "magenta", "bot", "hard")), frozenset("A")
    )
    ann = Table("raythread", TABLE.seats, frozenset("A"))  # Ann's page: Cy plays on her own
    ui = match.start("raythread", BOARD, rules.view(state, "A"), ann)
    for n in (1, 2):
        state, events = rules.play(state, state.seats[state.turn], rules.legal(state, state.seats[state.turn])[0])
        ui = match.advance(ui, rules.view(state, "A"), events, ann, n)
    heard = match.news(ui, bot)  # the seat is the computer's now: Ann's turn, nothing new heard
    assert any(line.startswith("Cy\u00a0(B) places") for line in heard), heard
    assert not any(line.startswith("Bot B") for line in heard), heard
    # Ann moves, then the computer does: both are heard, the computer's move under its own name.
    for n in (3, 4):
        state, events = rules.play(state, state.seats[state.turn], rules.legal(state, state.seats[state.turn])[0])
        ui = match.advance(ui, rules.view(state, "A"), events, bot, n)
    heard = match.news(ui, ann)  # Cy is back before Ann's next move
    assert any(line.startswith("Bot\u00a0B\u00a0(Hard) places") for line in heard), heard
    assert not any(line.startswith("Cy\u00a0(B) places") for line in heard), heard


def test_the_same_refusal_of_a_move_twice_is_said_twice():
    """The match screen's refusal line (the authority refused this page's move: "stale-move", a move made on
    an earlier position) goes through ``ui.live.alerts`` as every
    board's own refusals do: the same refusal twice fills the other alert region, so it is said again."""
    state = rules.setup(rules.Options(), ["A", "C"], 1)
    ui = match.start("raythread", BOARD, rules.view(state, "A"), TABLE)
    drawn = []
    for _ in range(3):
        ui = match.refused(ui, {"code": "stale-move", "params": {}})
        drawn.append(regions(match.render(ui, TABLE)))
    said = said_in_turns(drawn, "match-alert")
    errors = find_all(match.render(ui, TABLE), lambda e: "match-error" in (e.attr("class") or ""))
    assert [text_of(e) for e in errors] == [said]


def test_the_end_of_a_match_is_said_once_who_won_and_why_in_the_match_s_live_region():
    """At the end, "reached the target score of 3" was heard twice: from the match's live region ("The
    match is over: …") and again from the final standings, a live region of its own (``role="status"``).
    The live region alone says who won and why; the standings are there to read, not announced."""
    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20, "target": 3}), ("A", "C"), 42)
    ui = match.start("raythread", BOARD, rules.view(state, "A"), TABLE)
    n = 0
    while not rules.view(state, "A").get("result"):
        n += 1
        try:
            state, events = busy_move(state, state.seats[state.turn])
        except AssertionError:
            state, events = rules.play(state, state.seats[state.turn], rules.legal(state, state.seats[state.turn])[0])
        ui = match.advance(ui, rules.view(state, "A"), events, TABLE, n)
    tree = match.render(ui, TABLE)
    live = find_all(tree, lambda e: e.attr("aria-live") or e.attr("role") in ("status", "alert", "log"))
    speaking = {str(e.attr("id") or e.attr("class")): text_of(e) for e in live if text_of(e)}
    why = "reached the target score of 3"
    assert [r for r, text in speaking.items() if why in text] == ["match-news"], speaking
    assert speaking["match-news"].count(why) == 1 and speaking["match-news"].endswith("wins!"), speaking
    # The standings still show why the match ended, beside the ranking.
    (panel,) = find_all(tree, lambda e: e.attr("class") == "match-result")
    assert why in text_of(panel)


class SayingBoard:
    """A ``ui.match.Board`` that draws nothing and says each event's ``text`` (an end event: "The match is
    over.", with its ``reason`` when it carries one, as Raythread's and Light Seeker's boards word it)."""

    def start(self, view, before, animate=True):
        return None

    def update(self, ui, view, seat, table, event):
        return ui, None

    def render(self, ui, view, seat, table):
        return None

    def active(self, view):
        return frozenset() if view.get("result") else frozenset(("1",))

    def seat_facts(self, view, seat, table):
        return []

    def event_text(self, event, names):
        if event["type"] == "end":
            reason = match.describe(event.get("reason"))
            return f"The match is over: {reason}." if reason else "The match is over."
        return event.get("text")


def test_the_reason_a_match_ended_is_said_unless_the_end_s_own_line_said_it():
    """The reason the match ended is said after the lines of the last move unless the board's line for the
    end event said it (Raythread's "The match is over: Ann (A) reached …"; Reflection's says "The match
    is over." only). Which it was, was decided by searching the lines said for the reason's words: a line
    that held them for another cause (a player's chat-like note, another seat's words) silenced the reason.
    The end event's own reason now decides: the one it carries is the one its line says."""
    from gamenight.reflection import match as reflection  # noqa: F401  (registers the reason's words)

    table = Table("reflection", (SeatAt("1", "Ann", "amber"), SeatAt("2", "Bea", "magenta")), frozenset("1"))
    why = {"code": "reflection-most-points", "params": {}}
    result = {"ranking": [["1"], ["2"]], "scores": {}, "notes": {}, "reason": why, "winners": ["1"], "draw": False}
    ui = match.start("reflection", SayingBoard(), {"result": None}, table)
    note = {"type": "note", "text": "Bea had the most points after the last round but one."}
    # The end event carries no reason: its line does not say it, so the reason is said, whatever else was.
    ended = match.advance(ui, {"result": result}, [note, {"type": "end"}], table, 1)
    assert match.news(ended, table) == [
        "Bea had the most points after the last round but one.",
        "The match is over.",
        "The most points after the last round.",
        "Ann\u00a0(1) wins!",
    ]
    # The end event carries the reason: its line said it, and it is not said twice.
    ended = match.advance(ui, {"result": result}, [note, {"type": "end", "reason": why}], table, 1)
    assert match.news(ended, table) == [
        "Bea had the most points after the last round but one.",
        "The match is over: the most points after the last round.",
        "Ann\u00a0(1) wins!",
    ]


def test_a_player_whose_page_drops_while_another_plays_is_heard_at_once_and_said_once():
    # A player's pass: Cy's page dropped during Ann's turn. The seat list showed "disconnected", but the live region
    # said nothing (the status names the disconnection of the seat to play only), so a screen-reader host
    # heard of it only after her own move. It is now said after the status, as a line added at the end (the
    # region's earlier lines stay as they were, so only the new line is heard); on Cy's own turn the status
    # says it, once.
    state = GAME.setup(GAME.options({}), ("A", "C"), 42)
    ann = Table("raythread", TABLE.seats, frozenset("A"))
    gone = Table("raythread", (TABLE.seats[0], SeatAt("C", "Cy", "magenta", "remote", away=True)), frozenset("A"))
    ui = match.start("raythread", BOARD, rules.view(state, "A"), ann)
    assert match.news(ui, gone) == [*match.news(ui, ann), "Cy\u00a0(B) is disconnected."]
    state, events = rules.play(state, "A", rules.legal(state, "A")[0])
    ui = match.advance(ui, rules.view(state, "A"), events, gone, 1)
    heard = match.news(ui, gone)
    assert heard[-2:] == ["Cy\u00a0(B) to play", "Cy\u00a0(B) is disconnected."], heard
    assert sum("disconnected" in line for line in heard) == 1, heard


def test_a_player_gone_on_their_own_turn_is_said_in_a_line_of_its_own_and_the_turn_s_line_stays():
    # A recorded screen-reader night: Cy's page dropped on her own turn and the host's news heard only
    # " · disconnected", the words the status line grew by, without a name. The news now says it as the
    # other drops are said, a line added at the end with her name; the turn's line before it stays as it
    # was (not read again), while the status above the board still reads "Cy (B) to play · disconnected".
    state = GAME.setup(GAME.options({}), ("A", "C"), 42)
    here = Table("raythread", (TABLE.seats[0], SeatAt("C", "Cy", "magenta", "remote")), frozenset("A"))
    gone = Table("raythread", (TABLE.seats[0], SeatAt("C", "Cy", "magenta", "remote", away=True)), frozenset("A"))
    ui = match.start("raythread", BOARD, rules.view(state, "A"), here)
    state, events = rules.play(state, "A", rules.legal(state, "A")[0])
    ui = match.advance(ui, rules.view(state, "A"), events, here, 1)
    before = match.news(ui, here)
    assert before[-1] == "Cy\u00a0(B) to play", before
    after = match.news(match.noticed(ui, gone), gone)
    assert after == [*before, "Cy\u00a0(B) is disconnected."], after
    assert match.status(ui, gone) == "Cy\u00a0(B) to play · disconnected"


def test_a_page_that_lost_the_host_says_it_once_in_its_connection_alert_not_again_in_the_news():
    # A recorded screen-reader night: a guest's page lost the host and heard "Cut off from the host." (the
    # connection line's alert) and then "Not connected to the host." (the news read the status, which holds
    # the halt's words): one fact, twice in other words. The news leaves out the words the connection line
    # says; the status above the board keeps them. A match the host ended is said only here: the news says it,
    # even if the page lost the host afterwards.
    state = GAME.setup(GAME.options({}), ("A", "C"), 42)
    bea = Table("raythread", TABLE.seats, frozenset("C"), hosted=False)
    ui = match.start("raythread", BOARD, rules.view(state, "C"), bea)
    lost = replace(ui, halted=i18n.N_("Not connected to the host."))
    cut_off = replace(bea, offline=True)
    assert match.status(lost, cut_off) == "Not connected to the host."
    assert not any("connected" in line for line in match.news(lost, cut_off)), match.news(lost, cut_off)
    ended = replace(ui, halted=i18n.N_("The host ended the match."))
    for table in (replace(bea, stopped=True), replace(bea, stopped=True, offline=True)):
        assert match.news(ended, table)[-1] == "The host ended the match.", match.news(ended, table)


def test_a_player_said_to_be_disconnected_who_comes_back_is_said_back_until_the_next_move():
    # A later pass: the region said "Cy (B) is disconnected." and nothing when Cy came back. The screen keeps the
    # seats it said were away (``noticed``, which a lobby page calls after every change): one connected
    # again is said back where that line stood, as long as the news stands, and not with the next move's.
    state = GAME.setup(GAME.options({}), ("A", "C"), 42)
    here = Table("raythread", (TABLE.seats[0], SeatAt("C", "Cy", "magenta", "remote")), frozenset("A"))
    gone = Table("raythread", (TABLE.seats[0], SeatAt("C", "Cy", "magenta", "remote", away=True)), frozenset("A"))
    ui = match.start("raythread", BOARD, rules.view(state, "A"), here)
    assert match.noticed(ui, here) is ui, "nobody was said to be away: nothing to say"
    ui = match.noticed(ui, gone)
    said = match.news(ui, gone)
    assert said[-1] == "Cy\u00a0(B) is disconnected."
    ui = match.noticed(ui, here)
    assert match.news(ui, here) == [*said[:-1], "Cy\u00a0(B) is back."]
    assert match.noticed(ui, here) is ui, "said once: the line stands as it was"
    state, events = rules.play(state, "A", rules.legal(state, "A")[0])
    ui = match.noticed(match.advance(ui, rules.view(state, "A"), events, here, 1), here)
    assert not any("back" in line for line in match.news(ui, here)), match.news(ui, here)


def news_lines(ui, table) -> list[tuple[str | None, str]]:
    """The match's live region as drawn: each line's id and words."""
    region = find_all(match.render(ui, table), lambda e: e.attr("id") == "match-news")[0]
    return [(p.attr("id"), text_of(p)) for p in region.children]


def test_a_line_that_starts_the_live_region_afresh_is_a_new_element_even_with_the_old_line_s_words():
    # A player's pass with a screen reader: Ann drew a mirror twice and her second "Ann (A) draws a mirror." was
    # never heard. Her own move starts the region afresh; the page's morph kept the line element that stood at the
    # same place with the same words, so nothing was added to be read. Each event's line now has an id numbering
    # it from the match's first event heard: the lines of a region started afresh are new elements (ids never
    # drawn before), and a line kept while moves are added keeps its id, so it is not read again.
    state = GAME.setup(GAME.options({}), ("A", "C"), 42)
    ann = Table("raythread", TABLE.seats, frozenset("A"))  # Ann's page: Cy plays on her own
    ui = match.start("raythread", BOARD, rules.view(state, "A"), ann)
    drawn: list[list[tuple[str | None, str]]] = []
    for n in range(1, 7):
        seat = state.seats[state.turn]
        state, events = rules.play(state, seat, rules.legal(state, seat)[0])
        ui = match.advance(ui, rules.view(state, "A"), events, ann, n)
        drawn.append(news_lines(ui, ann))
    # The last line is the status: it has no id, and is read when its words change.
    for n, (before, after) in enumerate(pairwise(drawn), start=2):
        ids_before = {i for i, _ in before[:-1]}
        events_after = after[:-1]
        assert all(i for i, _ in events_after), f"move {n}: every event's line has an id: {after}"
        if n % 2:  # Ann's own move: afresh, every line a new element
            assert not ids_before & {i for i, _ in events_after}, f"move {n}: {before} → {after}"
        else:  # Cy's move: Ann's lines stay as they were, Cy's are added after them
            assert events_after[: len(before) - 1] == before[:-1], f"move {n}: {before} → {after}"
            assert len(events_after) > len(before) - 1
