"""Reflection through the real lobby pages (host and guests, in memory): the host page makes random
puzzles as background work while it keeps serving guests, a builder's page reloaded after sending
still reveals from its local storage, and the host is offered a rematch."""

from __future__ import annotations

from gamenight import games
from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from gamenight.reflection import controls
from gamenight.reflection.controls import SECRETS_KEY
from gamenight.reflection.laser import Layout
from gamenight.ui import match
from gamenight.ui.lobby.host import PREPARE
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join

KINDS = {"/": "diagonal", "\\": "diagonal", "|": "flat", "-": "flat", "#": "block", "o": "hole"}


def place(page: Page, layout: Layout) -> None:
    for (r, c), tile in sorted(layout.tiles().items()):
        if page.inner.board.local.layout.at((r, c)) == ".":
            page.click("tray", kind=KINDS[tile])
            page.click("cell", r=str(r), c=str(c))
            if tile in ("\\", "-"):
                page.click("cell", r=str(r), c=str(c))


def form_fields(options: dict) -> dict[str, str]:
    """The lobby form's fields for ``options``, as a person sets them (a box is sent only ticked)."""
    return {k: ("1" if v is True else str(v)) for k, v in options.items() if v is not False}


def two_players(options: dict, host_browser: Browser | None = None, bea_browser: Browser | None = None):
    rtc = FakeRtc()
    host = host_lobby(rtc, host_browser or Browser(), "reflection")
    bea = join(rtc, host, "Bea", bea_browser)
    host.submit("choose", game="reflection", players="2", **form_fields(options))
    bea.click("sit", seat="2")
    host.click("start")
    # A refused choice left a one-player match of the default options, and a test then checked less than
    # it said (options with "rounds": 2 did, unseen): the match must be the one asked for.
    match = host.inner.live.session.match
    assert match is not None and match.record.seats == ("1", "2"), host.text
    return rtc, host, bea


def test_the_host_page_makes_random_puzzles_in_the_background_and_serves_guests_meanwhile():
    rtc, host, bea = two_players({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3})
    assert PREPARE in host.works  # asked for, not run yet: the page stays free
    assert "The host's browser makes this match's puzzles." in bea.text and "Your browser makes" in host.text
    # Nobody may move yet: the status says what the match waits for (the notice would say it twice).
    assert "Making the first puzzle…" in bea.text and "Making the first puzzle…" in host.text
    bea.submit("chat", text="Ready when you are")
    assert "Bea: Ready when you are" in host.text  # a guest's message is handled while the work waits
    host.work(PREPARE)
    record = host.inner.live.session.match.record
    assert [bool(e.prepared) for e in record.log] == [True, True, True]  # round 1's, then 2 and 3 ahead
    assert "Round 1 of 3" in bea.text and not host.by_class("match-notice")
    # A task per puzzle; with nothing left to prepare the host stops the task (StopWork) rather than
    # asking for an empty one, which would end with no value.
    assert [task for task, _value in host.ran] == [PREPARE] * 3
    assert all(value is not None for _task, value in host.ran)
    state = host.inner.live.session.match.state
    for text in (t for _peer, t in rtc.sent):  # puzzles made ahead never reach a guest early
        for later in state.sheets[1:]:
            assert dumps([str(c) for c in later.puzzle.clues]) not in text


def test_a_reloaded_host_page_goes_on_making_the_puzzles_it_has_not_made():
    host_browser = Browser()
    rtc, host, _bea = two_players({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3}, host_browser)
    work = host.works.pop(PREPARE)
    first = next(work.steps)  # a slice of round 1's puzzle, then the page is reloaded
    assert first == 1
    host.close()
    again = rtc.page(host_browser, "#/host?game=reflection")
    assert PREPARE in again.works and "Making the first puzzle…" in again.text
    again.work(PREPARE)
    assert again.inner.live.session.match.state.phase == "solve"


def test_a_builder_who_reloads_its_page_after_sending_still_reveals_its_puzzle():
    bea_browser = Browser()
    rtc, host, bea = two_players({"mode": "built", "preset": "custom", "size": 4, "tiles": 3}, bea_browser=bea_browser)
    layouts = {
        "1": Layout(("/...", "..\\.", "....", ".../")),
        "2": Layout(("....", ".\\..", "/...", "..\\.")),
    }
    place(host, layouts["1"])
    host.click("rf-send")
    place(bea, layouts["2"])
    bea.click("rf-send")
    # Send goes away (the last one to send sees Submit in its place): focus stays on the board.
    for page in (host, bea):
        # (the round's SHOW_ROUND keeps focus on the status only where it waits there: not here)
        asked = [f.selector for f in page.focus_asked if f != controls.SHOW_ROUND]
        assert asked[-1] == match.FOCUS_BOARD.selector
        (main,) = page.by_class("match-main")
        (grid,) = find_all(main, lambda e: e.attr("role") == "grid")
        assert len(find_all(grid, lambda e: e.attr("tabindex") == 0)) == 1
    assert SECRETS_KEY in bea_browser.storage
    bea.close()  # the page is reloaded: it comes back through a new invitation, its storage kept
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again = rtc.visit(bea_browser, str(host.by_class("invite-link")[0].attr("value")))
    again.submit("join")
    host.submit("reply", reply=again.value_of("reply-code"))
    assert "You play seat 2." in again.text and again.inner.board.local.secrets
    place(host, layouts["2"])
    place(again, layouts["1"])
    state = host.inner.live.session.match.state
    assert state.phase == "over" and all(s.revealed for s in state.sheets)
    assert SECRETS_KEY not in bea_browser.storage  # revealed: forgotten
    assert host.find(lambda e: e.attr("data-action") == "start" and "Rematch" in str(e.children))
    assert not again.find(lambda e: e.attr("data-action") == "start")  # only the host starts matches
    assert "The host can start a rematch." in again.text and "start a rematch" not in host.text  # and they know it
    host.click("start")
    assert host.inner.live.session.match.running and host.inner.board.local.task.kind == "build"
    # The rematch's board takes focus (its cell under the cursor: Reflection's grid is a roving one).
    assert host.focused[-1] == match.FOCUS_BOARD.selector
    (main,) = host.by_class("match-main")
    grids = find_all(main, lambda e: e.attr("role") == "grid")
    assert len(grids) == 1 and len(find_all(grids[0], lambda e: e.attr("tabindex") == 0)) == 1
    assert again.inner.board.local.layout == Layout.empty(4)  # the rematch starts from a clean board


def test_a_move_made_while_another_seat_moved_is_still_taken():
    rtc, host, bea = two_players({"preset": "custom", "size": 4, "tiles": 3})
    host.work(PREPARE)
    solution = host.inner.live.session.match.state.sheets[0].solution
    made_before = bea.inner.client.move({"type": "give_up", "round": 1})  # on the position before the solve
    place(host, solution)  # the host solves first: the position moves on
    assert bea.inner.client.match.moves > made_before["at"]
    bea.inner.outbox.send(p.encode(made_before))
    bea.run(bea.inner.outbox.drain())
    rtc.pump()
    assert [(f.seat, f.outcome) for f in host.inner.live.session.match.state.finishes] == [
        ("1", "solved"),
        ("2", "gave_up"),
    ]


def test_the_registry_names_the_storage_every_board_reads():
    """The lobby pages ask for the boards' storage keys without importing the boards: the two agree."""
    for game_id in games.BOARDS:
        assert tuple(getattr(games.board(game_id), "storage_keys", ())) == games.BOARD_STORAGE.get(game_id, ())
    assert SECRETS_KEY in games.board_storage_keys()


def test_the_lobby_form_offers_every_option_the_rules_accept_and_the_host_sets_them():
    from gamenight.reflection import training
    from gamenight.reflection.match import OPTION_FIELDS, parse_options

    fields = {f.name: f for f in OPTION_FIELDS}
    assert set(fields) == set(parse_options(None).to_json())  # no option the form cannot set
    assert [v for v, _label in fields["limit"].choices] == list(training.TIME_LIMITS)
    for f in OPTION_FIELDS:  # every choice offered is one the rules take
        for value, _label in f.choices:
            assert parse_options({f.name: value}).to_json()[f.name] == value
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser(), "reflection")

    def drawn() -> set[str]:
        return {str(e.attr("name")) for e in host.find(lambda e: e.tag in ("select", "input") and e.attr("name"))}

    # The form draws the fields that count with what it shows (``only_with``): the rest come with their choice.
    offered = drawn()
    for name, value in (("mode", "built"), ("preset", "custom")):
        host.send(UiEvent("change", "option", {"field": name}, value=value, now_ms=rtc.now))
        offered |= drawn()
    assert {"mode", "variant", "rounds", "teams", "limit", "preset", "size", "tiles", "black_holes", "warp"} <= offered
    join(rtc, host, "Bea")
    host.submit("choose", game="reflection", players="2", mode="built", preset="custom", size="5", tiles="4", warp="1")
    options = host.inner.live.session.options
    assert options["mode"] == "built" and options["size"] == 5 and options["tiles"] == 4 and options["warp"] is True
    host.submit("choose", game="reflection", players="2", preset="custom", size="40")
    assert "between 4 and 12" in host.text and host.inner.live.session.options["size"] == 5  # refused


def test_give_up_asks_with_the_safe_answer_first_and_focused():
    # As every question that loses something (solo's give-up, the table's new match, the host's End):
    # "Keep solving" comes first and takes focus, so a second Enter keeps the puzzle; the answer that
    # costs points is "danger".
    rtc, host, bea = two_players({"preset": "custom", "size": 4, "tiles": 3})
    host.work(PREPARE)
    bea.click("rf-give-up")
    (actions,) = bea.by_class("rf-actions")
    answers = [(b.attr("data-action"), b.attr("class")) for b in find_all(actions, lambda e: e.tag == "button")]
    assert answers[-4:-2] == [("rf-keep-going", "button"), ("rf-give-up", "button danger")]
    assert answers[-2:] == [("rf-zoom", "button")] * 2  # Bigger cells: automatic, its two buttons
    assert bea.focused[-1] == "button[data-action=rf-keep-going]"
    bea.click("rf-keep-going")
    assert bea.focused[-1] == "button[data-action=rf-give-up]" and not bea.by_class("rf-confirm")
    for answer in ("rf-keep-going", "rf-give-up"):  # Escape on either answer is the safe one
        bea.click("rf-give-up")
        bea.send(UiEvent("keydown", answer, key="Escape", now_ms=rtc.now))
        assert not bea.by_class("rf-confirm") and bea.focused[-1] == "button[data-action=rf-give-up]"
    assert bea.inner.board.local.task.kind == "solve" and "gave up" not in bea.text


def test_the_give_up_question_comes_before_its_answers():
    # A later pass: "Give up this puzzle? It costs points." stood under "Keep solving" and "Yes, give up", which a
    # screen reader read, and an eye saw, before their question. The question comes first, on a line of its
    # own after "Submit", as on the solo screen; the answer that costs points names it as its description.
    _rtc, host, bea = two_players({"preset": "custom", "size": 4, "tiles": 3})
    host.work(PREPARE)
    bea.click("rf-give-up")
    (actions,) = bea.by_class("rf-actions")
    order = [
        e.attr("data-action") or "question"
        for e in find_all(actions, lambda e: e.tag == "button" or "rf-confirm" in str(e.attr("class") or "").split())
    ]
    assert order == ["rf-submit", "question", "rf-keep-going", "rf-give-up", "rf-zoom", "rf-zoom"]
    (yes,) = find_all(actions, lambda e: e.attr("class") == "button danger")
    said = [e.attr("id") for e in find_all(actions, lambda e: str(e.attr("id") or "").startswith("rf-confirm-"))]
    assert yes.attr("aria-describedby") == " ".join(said) and len(said) == 2


def test_yes_give_up_puts_focus_on_the_round_s_heading():
    # QA14: the answers go with the give-up, and the page's morph turned "Yes, give up" into the button
    # drawn next in its place, "Bigger cells" (hidden on a laptop: focus fell to the body; shown on a phone
    # with a big board: focus sat on it). The status line, which says the round's news, takes focus.
    _rtc, host, bea = two_players({"preset": "custom", "size": 4, "tiles": 3, "rounds": 3})
    host.work(PREPARE)
    bea.click("rf-give-up")
    bea.click("rf-give-up")
    assert "gave up" in bea.text
    # Then the status took it: a screen reader read the focused line whole, "The solvers race at once · still
    # solving: Ann (1)", as the live region said the news and the status's new words ("still solving: Ann (1)";
    # a guest's "Sending your move…" twice, then the phase again as the status came back; a race alone's
    # "Round 2 begins." and the phase, then the focused line's phase). Focus goes to the board's heading, the
    # round ("Round 1 of 3"), which none of the live region's lines says: each is said once.
    (heading,) = bea.by_class("rf-phase")
    assert bea.focused[-1] == ".match-main .rf-phase" and bea.focus_in(".rf-phase") and heading.attr("tabindex") == "-1"
    (region,) = bea.find(lambda e: e.attr("id") == "match-news")
    news = [text_of(line) for line in region.children if hasattr(line, "children")]
    assert text_of(heading) == "Round 1 of 3" and not [line for line in news if text_of(heading) in line], news
    assert text_of(bea.by_class("match-status")[0]) in news  # what the status says is said, by the live region
