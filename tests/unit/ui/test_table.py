"""A table on this device: setup, a whole match through the screen's inputs, undo, reload, new match."""

import json
import random
from dataclasses import replace

import pytest

from gamenight import games, i18n
from gamenight.core.game import LOG_KEPT, kept, log_start
from gamenight.raythread import GAME, rules
from gamenight.ui import app, match, table
from gamenight.ui.program import Env, Focus, Store, UiEvent
from gamenight.ui.svg import find_all, render, text_of
from tests.unit.sights import SIGHTS
from tests.unit.ui.select import first
from tests.unit.words import in_language

ROUTE = "#/raythread/table"


def screen(stored=None):
    model, effects = app.init(ROUTE, Env(stored=stored or {}, now_ms=1_000))
    return model, effects


def send(model, event):
    """The page after ``event``, and its effects but the turn being built kept across a reload (the board's
    entry of ``match.TURNS_KEY``, written as a tile or an action is chosen: test_turn_kept.py)."""
    model, effects = app.update(model, event, Env(now_ms=2_000))
    return model, [e for e in effects if getattr(e, "key", "") != match.TURNS_KEY]


def click(model, action, **data):
    return send(model, UiEvent("click", action, {k: str(v) for k, v in data.items()}, now_ms=2_000))


def started(names=("Ann", "Bea"), **options):
    model, _ = screen()
    form = {"players": str(len(names)), **{f"name{i}": n for i, n in enumerate(names)}, **options}
    return send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))


def play(model, move):
    """Make ``move`` the way a player does: choose the tile and orientation, then click its cell."""
    if move["type"] == "place":
        model, _ = click(model, "rt-hand", kind=move["tile"])
        model, _ = click(model, "rt-orient", orient=move["orient"])
    r, c = move["cell"]
    model, effects = click(model, "rt-cell", r=r, c=c)
    if move["type"] == "rotate":  # the first click previews the turn, the second makes it
        model, effects = click(model, "rt-cell", r=r, c=c)
    return model, effects


def test_a_whole_match_is_played_through_the_screen_and_matches_the_engine():
    model, effects = started(("Ann", "Bea", "Cy"))
    inner = model.inner
    assert inner.phase == "playing" and [s.name for s in inner.seats] == ["Ann", "Bea", "Cy"]
    assert isinstance(effects[0], Store) and effects[0].key == "table.raythread"
    record = inner.played.record
    state = GAME.setup(GAME.options(None), record.seats, record.seed)
    chooser = random.Random(7)
    moves = 0
    while not state.ended:
        seat = state.seats[state.turn]
        move = chooser.choice(rules.legal(state, seat))
        model, effects = play(model, move)
        state, _ = rules.play(state, seat, move)
        moves += 1
        assert model.inner.played.state == state, f"after move {moves}"
        assert model.inner.ui.view == rules.view(state, model.inner.ui.view["you"])
        # Saved, and keyboard focus kept on the board (a move may come from a button that goes away); the move
        # that ends the match sends it on to Rematch, the player's next action (``match.FOCUS_END``).
        assert type(effects[0]) is Store and effects[1:] == [match.FOCUS_END if state.ended else match.FOCUS_BOARD]
    tree = app.view(model)
    result = GAME.result(state)
    assert find_all(tree, lambda e: e.attr("class") == "match-result")
    # The status line at the top says who won, not only that it is over: on a phone the result panel
    # is in the side column, under the board (a Reflection match's boards and solutions run long).
    status = text_of(find_all(tree, lambda e: e.attr("class") == "match-status")[0])
    names = {s.id: s.name for s in model.inner.seats}
    assert status.endswith(("wins!", "win!")) or status.startswith("A draw between")
    assert all(names[s] in status for s in result.winners)
    places = [e.attr("data-seat") for e in find_all(tree, lambda e: e.attr("data-place") is not None)]
    assert places == [s for place in result.ranking for s in place]
    assert "Rematch" in text_of(tree)
    # A question asked before a computer's move ended the match is not asked of a finished match.
    asked = replace(model, inner=replace(model.inner, confirming=True))
    asked_tree = app.view(asked)
    assert not find_all(asked_tree, lambda e: e.attr("class") == "confirm") and "Rematch" in text_of(asked_tree)
    # After the end no input plays anything.
    assert click(model, "rt-hand", kind="mirror")[0] is model


def classes(node) -> set[str]:
    return set(str(node.attr("class") or "").split())


def test_the_tables_word_on_the_match_stands_beside_its_controls_not_above_the_board():
    """The table's word on the match ("Move taken back.", a match taken from another tab or restored) is
    said under the buttons: above the board it pushed the board and the buttons down, under a second
    click on Undo."""
    model, _ = started()
    state = model.inner.played.state
    model, _ = play(model, [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][5])
    model, _ = click(model, "table-undo")
    page = app.view(model)
    (notice,) = find_all(page, lambda e: "notice" in classes(e))
    assert text_of(notice) == "Move taken back." and notice.attr("role") == "status"
    (side,) = find_all(page, lambda e: "match-side" in classes(e))
    (word,) = [c for c in side.children if not isinstance(c, str) and notice in c.children]
    order = [c for c in side.children if not isinstance(c, str)]
    assert order.index(word) == 1 + next(i for i, c in enumerate(order) if "match-controls" in classes(c))


def test_the_tables_word_on_its_setup_is_a_notice_and_both_its_regions_are_hidden_while_it_says_nothing():
    """The setup's word ("Give every player a different name.") shows as a notice; before it, both of its
    regions are visually hidden, taking no room."""
    model, _ = screen()

    def drawn(model) -> list[str]:
        found = find_all(app.view(model), lambda e: e.attr("id") in ("table-word-0", "table-word-1"))
        assert [e.attr("id") for e in found] == ["table-word-0", "table-word-1"]
        return sorted(str(e.attr("class")) for e in found)

    assert drawn(model) == ["visually-hidden", "visually-hidden"]
    model, _ = send(model, UiEvent("submit", "table-setup", form={"players": "2", "name0": "Ann", "name1": "ann"}))
    assert model.inner.message and drawn(model) == ["notice", "visually-hidden"]


def test_undo_takes_back_the_last_move_and_reload_restores_the_match():
    model, _ = started()
    record = model.inner.played.record
    state = GAME.setup(GAME.options(None), record.seats, record.seed)
    states = [state]
    for _ in range(3):
        seat = state.seats[state.turn]
        move = [m for m in rules.legal(state, seat) if m["type"] == "place"][5]
        model, effects = play(model, move)
        state, _ = rules.play(state, seat, move)
        states.append(state)
    saved = effects[0].text
    logged = model.inner.ui.log  # one step per move, each with its events in order
    assert len(logged) == 3 and logged == model.inner.played.events[1:]
    model, effects = click(model, "table-undo")
    assert model.inner.played.state == states[2] and len(model.inner.played.record.log) == 2
    assert model.inner.ui.log == logged[:2]
    assert json.loads(effects[0].text)["record"]["log"] == json.loads(saved)["record"]["log"][:2]
    reloaded, effects = screen({"table.raythread": saved})
    assert reloaded.inner.played.state == states[3] and "Welcome back" in text_of(app.view(reloaded))
    assert reloaded.inner.ui.log == logged, "the log of the restored match is shown again, move by move"
    for n in range(3):
        reloaded, effects = click(reloaded, "table-undo")
        # The last undo disables the Undo button it was made with: focus goes to the board instead.
        assert board_focused(reloaded, effects) == (n == 2)
    assert reloaded.inner.played.state == states[0]
    assert "no move to take back" in click(reloaded, "table-undo")[0].inner.message


def test_undo_and_a_reload_mark_the_tile_of_the_last_remaining_move_without_sweeping_its_beams():
    """Light Seeker's QA fault (marks lost after Undo and a reload: they came only with a move) was
    Raythread's too: the last move's tile lost its mark. Now it keeps it, and the cursor stands on it, as
    when the move was played; its beams do not sweep in again (the move is told, not seen happening)."""
    model, _ = started()
    state = model.inner.played.state
    cells = []
    for _ in range(3):
        seat = state.seats[state.turn]
        move = [m for m in rules.legal(state, seat) if m["type"] == "place"][5]
        model, effects = play(model, move)
        state = model.inner.played.state
        cells.append(tuple(move["cell"]))
    saved = effects[0].text

    def last_and_fresh(model):
        tree = app.view(model)
        last = find_all(tree, lambda e: "rt-last" in str(e.attr("class") or ""))
        fresh = find_all(tree, lambda e: "rt-fresh" in str(e.attr("class") or ""))
        return [(int(e.attr("data-r")), int(e.attr("data-c"))) for e in last], len(fresh)

    undone, _ = click(model, "table-undo")
    assert last_and_fresh(undone) == ([cells[1]], 0) and undone.inner.ui.local.cursor == cells[1]
    reloaded, _ = screen({"table.raythread": saved})
    assert last_and_fresh(reloaded) == ([cells[2]], 0)


def test_a_reloaded_match_puts_keyboard_focus_on_its_status_not_the_body():
    """Found by a QA pass: after a reload in the middle of a match focus was left on the page's body, so a
    keyboard player's next Tab began again at the header; the host's reloaded night puts it on its focus
    home. The table does the same: the match's status line, which says whose turn it is. Quietly: nobody has
    pressed a key since the load, and a keyboard's focus ring round the status line stood there for a player
    who plays by mouse (a player's pass); the next key shows it."""
    model, _ = started()
    state = GAME.setup(GAME.options(None), model.inner.played.record.seats, model.inner.played.record.seed)
    model, effects = play(model, [m for m in rules.legal(state, "A") if m["type"] == "place"][5])
    reloaded, effects = screen({"table.raythread": effects[0].text})
    assert [e for e in effects if isinstance(e, Focus)] == [Focus("[data-focus-home]", quiet=True)]
    homes = find_all(app.view(reloaded), lambda e: e.attr("data-focus-home") is not None)
    assert [h.attr("class") for h in homes] == ["match-status"]


def unseen(model) -> list:
    """The "earlier moves" line under the table's log: its count and its words (none: empty)."""
    note = find_all(app.view(model), lambda e: e.attr("data-unseen") is not None)
    return [(n.attr("data-unseen"), text_of(n)) for n in note]


def test_a_long_match_counts_the_moves_its_log_cut_when_followed_restored_or_taken_back():
    model, effects = started()
    state = model.inner.played.state
    while sum(map(len, model.inner.played.events)) < LOG_KEPT + 20:
        seat = state.seats[state.turn]
        move = rules.legal(state, seat)[0]
        model, effects = play(model, move)
        state, _ = rules.play(state, seat, move)
    followed = model.inner.ui
    cut = len(model.inner.played.record.log) - len(followed.log)
    assert cut > 0 and unseen(model) == [(cut, f"{cut} earlier moves are not listed.")]
    # Reloaded, the record is replayed: the same steps, the same line.
    reloaded, _ = screen({"table.raythread": effects[0].text})
    assert reloaded.inner.ui.log == followed.log and unseen(reloaded) == unseen(model)
    # A move taken back: the log as the shorter record gives it, counted the same way.
    undone, _ = click(model, "table-undo")
    events = undone.inner.played.events[1:]
    start = log_start(events)
    assert undone.inner.ui.log == kept(events) and undone.inner.ui.unseen == start > 0
    assert unseen(undone) == [(start, f"{start} earlier moves are not listed.")]


def test_new_match_deals_again_with_the_same_players():
    model, _ = started(("Ann", "Bea", "Cy", "Dee"), target="5", size="13")
    before = model.inner.played
    first = before.record
    model, _ = click(model, "table-new")  # no move made yet: nothing to lose, nothing asked
    second = model.inner.played.record
    assert model.inner.played is not before and not model.inner.confirming
    assert second.names == first.names and second.options == first.options == {"size": 13, "target": 5}
    assert second.log == () and model.inner.ui.view["size"] == 13


def test_rematch_puts_keyboard_focus_on_the_new_board():
    """Found by a QA pass: "Rematch" (the finished match's "New match") dealt again and left focus on the button,
    now "New match" again, below the seats: a keyboard player went back five Tab stops to the board to
    play. A match started from the setup form starts with focus on the board; a rematch now does too
    (the answer to "Start a new match?" goes away with its question: focus goes to the status line)."""
    model, _ = started(target="3")
    record = model.inner.played.record
    state = GAME.setup(GAME.options({"target": 3}), record.seats, record.seed)
    chooser = random.Random(3)
    while not state.ended:
        seat = state.seats[state.turn]
        move = chooser.choice(rules.legal(state, seat))
        model, _ = play(model, move)
        state, _ = rules.play(state, seat, move)
    assert GAME.result(model.inner.played.state) is not None
    model, effects = click(model, "table-new")
    assert model.inner.played.record.log == () and not model.inner.confirming
    assert board_focused(model, effects)


def test_back_to_the_match_drops_a_player_count_changed_in_the_setup():
    """After "Players and options", another player count and "Back to the match", the match and its
    players stand, so "New match" deals again for them (it raised for names that did not fit the seats)."""
    model, _ = started(("Ann", "Bea"))
    first = model.inner.played.record
    model, _ = click(model, "table-setup")
    model, _ = send(model, UiEvent("change", "table-setup", {"field": "players"}, value="3"))
    model, _ = click(model, "table-resume")
    assert model.inner.phase == "playing" and model.inner.players == 2
    model, _ = click(model, "table-new")
    second = model.inner.played.record
    assert second is not first and second.seats == first.seats and second.names == first.names


def in_progress():
    """A two-player match started on this device with one move played."""
    model, _ = started()
    record = model.inner.played.record
    state = GAME.setup(GAME.options(None), record.seats, record.seed)
    model, _ = play(model, rules.legal(state, state.seats[state.turn])[3])
    return model


def test_new_match_asks_before_a_match_in_progress_is_lost():
    model = in_progress()
    first = model.inner.played
    model, effects = click(model, "table-new")
    assert model.inner.played is first and model.inner.confirming, "nothing is dealt yet"
    assert effects == [Focus("button[data-action=table-new-cancel]")], "Keep playing, the safe answer, has focus"
    question = find_all(app.view(model), lambda e: e.attr("class") == "confirm")[0]
    assert question.attr("role") == "group" and question.attr("aria-labelledby") == "table-new-question"
    assert text_of(question).startswith("Start a new match? This one will be lost.")
    assert [b.attr("data-action") for b in find_all(question, lambda e: e.tag == "button")] == [
        "table-new-cancel",
        "table-new",
    ]
    # The answer that loses the match looks like every answer that loses something (Settings' "Yes, clear
    # my data", the host's "End the match"): "danger", never the orange of a step forward.
    assert [b.attr("class") for b in find_all(question, lambda e: e.tag == "button")] == ["button", "button danger"]
    kept, effects = click(model, "table-new-cancel")
    assert kept.inner.played is first and not kept.inner.confirming
    assert effects == [Focus("button[data-action=table-new]")]
    assert not find_all(app.view(kept), lambda e: e.attr("class") == "confirm")
    undone, _ = click(model, "table-undo")  # another click answers it too: the match goes on
    assert not undone.inner.confirming and undone.inner.played.record.log == ()
    model, _ = click(model, "table-new")
    assert model.inner.played is not first and model.inner.played.record.log == ()
    assert not model.inner.confirming and not find_all(app.view(model), lambda e: e.attr("class") == "confirm")


def test_escape_on_the_new_match_question_answers_keep_playing():
    """Focus is on the question's answers: Escape, which closes the help and steps back on a board, did
    nothing here; it is the safe answer, as "Keep playing"."""
    model = in_progress()
    first = model.inner.played
    asked, _ = click(model, "table-new")
    for action in ("table-new-cancel", "table-new"):
        kept, effects = send(asked, UiEvent("keydown", action, key="Escape", now_ms=2_000))
        assert kept.inner.played is first and not kept.inner.confirming
        assert effects == [Focus("button[data-action=table-new]")]
    typed, _ = send(asked, UiEvent("keydown", "table-new-cancel", key="x", now_ms=2_000))
    assert typed.inner.confirming, "another key leaves the question"


def test_starting_from_players_and_options_asks_before_a_match_in_progress_is_lost():
    model = in_progress()
    first = model.inner.played
    model, _ = click(model, "table-setup")
    form = {"players": "3", "name0": "Ann", "name1": "Bea", "name2": "Cy"}
    asked, effects = send(model, UiEvent("submit", "table-setup", form=form))
    assert asked.inner.played is first and asked.inner.confirming, "nothing is dealt yet"
    assert effects == [Focus("button[data-action=table-new-cancel]")], "Keep playing, the safe answer, has focus"
    question = find_all(app.view(asked), lambda e: e.attr("class") == "confirm")[0]
    assert text_of(question).startswith("Start a new match? This one will be lost.")
    assert [b.attr("type") for b in find_all(question, lambda e: e.tag == "button")] == ["button", "submit"]
    # "Keep playing" goes back to the match, untouched.
    kept, effects = click(asked, "table-new-cancel")
    assert kept.inner.phase == "playing" and kept.inner.played is first and not kept.inner.confirming
    assert effects[-1] == match.FOCUS_BOARD
    # The question's "Start the match" sends the form again: the new match is dealt.
    dealt, _ = send(asked, UiEvent("submit", "table-setup", form=form))
    assert dealt.inner.phase == "playing" and dealt.inner.played.record.seats == ("A", "B", "C")
    assert dealt.inner.played.record.log == () and not dealt.inner.confirming


def test_a_name_pasted_from_a_seat_card_with_its_no_break_space_is_taken():
    # Selected from "Ann Lee\u00a0(A)" up to the bracket, a name brings the no-break space along; a name
    # typed with one inside looks like "Ann Lee" and is taken as that, not refused as "not single spaces".
    model, _ = started(("Ann\u00a0Lee\u00a0", "Bea\u00a0Cole"))
    assert model.inner.phase == "playing", model.inner.message
    assert model.inner.names == ("Ann Lee", "Bea Cole")


def test_bad_setups_and_bad_saves_are_refused_with_a_reason():
    model, _ = screen()
    model, _ = send(model, UiEvent("submit", "table-setup", form={"players": "2", "name0": "Ann", "name1": "ann"}))
    assert model.inner.phase == "setup" and model.inner.message == "Give every player a different name."
    # The lobby's rule (``lobby.names.name_key``): "Bea" and "Bea." read as one player at a table too.
    for same in ("Bea.", "Ｂｅａ", "B-e-a"):
        form = {"players": "2", "name0": "Bea", "name1": same}
        model, _ = send(model, UiEvent("submit", "table-setup", form=form))
        assert model.inner.phase == "setup" and model.inner.message == "Give every player a different name.", same
    # A refused name says which of the players' it is.
    form = {"players": "3", "name0": "Ann", "name1": "Bea", "name2": "Cy (host)"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form))
    assert model.inner.phase == "setup" and model.inner.message.startswith("Player 3: a name has letters")
    model, _ = send(model, UiEvent("submit", "table-setup", form={"players": "2", "target": "99"}))
    assert model.inner.phase == "setup" and "'target' must be between 1 and 28" in model.inner.message
    model, _ = send(model, UiEvent("submit", "table-setup", form={"players": "2", "hand": "lots"}))
    assert model.inner.message == "Tiles in hand must be a whole number from 1 to 6."
    # A save that does not replay says why, and is left as it is (one from a newer version of the app,
    # opened in an older copy, is not the older copy's to delete): only a new match replaces it.
    failed = "Your saved match could not be restored; start a new one."
    for bad, why in (
        ("{", "Not valid JSON."),
        ('{"v": 1}', "A match record must be an object."),
        ('{"v": 1, "record": {"v": 1}}', "'seats' must be a list of seat ids."),
        (json.dumps({"v": 2, "record": {}}), "This saved match is from another version of the app."),
    ):
        restored, effects = screen({"table.raythread": bad})
        assert restored.inner.phase == "setup" and restored.inner.message == f"{failed} {why}"
        assert effects == []
        dealt, effects = send(restored, UiEvent("submit", "table-setup", form={"players": "2"}))
        assert dealt.inner.phase == "playing" and effects[0].key == "table.raythread" and effects[0].text


def test_a_saved_match_edited_by_hand_is_refused_in_the_page_s_words():
    """A player's pass, with local storage edited by hand: a saved match that was a list, or had a field the
    app never writes, was refused as "'a saved table' must be an object." — the app's inner name, quoted, and
    left in English on a Japanese page; one with a computer player at a seat the match does not have, as "of
    another game"."""
    failed = "Your saved match could not be restored; start a new one."
    for bad, why in (
        ("[1, 2, 3]", "A saved match must be an object."),
        ("null", "A saved match must be an object."),
        ('{"v": 1, "x": 0}', "A saved match has unknown field 'x'."),
    ):
        restored, _ = screen({"table.raythread": bad})
        assert restored.inner.message == f"{failed} {why}"
    # A computer player at a seat the match does not have was refused as "This saved match is of another game."
    _model, effects = started()
    saved = json.loads(next(e for e in effects if isinstance(e, Store)).text)
    restored, _ = screen({"table.raythread": json.dumps({**saved, "bots": {"Z": "easy"}})})
    assert restored.inner.message == f"{failed} It has a computer player at a seat the match does not have."
    with in_language("ja"):
        restored, _ = screen({"table.raythread": "[1]"})
        assert "saved" not in restored.inner.message and "保存" in restored.inner.message, restored.inner.message


def test_a_refused_setup_brings_its_reason_into_the_window():
    """A player's pass, on a phone: four seats make the form taller than the window, and its reason ("Give every
    player a different name.") is drawn above it, out of sight of the "Start the match" just pressed, so the press
    looked like nothing. The refusal asks the page to scroll its reason into the window; a start asks nothing."""
    model, _ = screen()
    form = {"players": "4", "name0": "Ann", "name1": "Ann", "name2": "Cy", "name3": "Di"}
    for refused in (form, {**form, "name1": "Bea", "name3": "Cy (host)"}):
        model, effects = send(model, UiEvent("submit", "table-setup", form=refused))
        assert model.inner.phase == "setup" and model.inner.message
        assert effects == [table.SHOW_REFUSAL]
        shown = first(app.view(model), table.SHOW_REFUSAL.selector)
        assert shown is not None and text_of(shown[-1]) == model.inner.message
    model, effects = send(model, UiEvent("submit", "table-setup", form={**form, "name1": "Bea"}))
    assert model.inner.phase == "playing" and table.SHOW_REFUSAL not in effects


def board_focused(model, effects) -> bool:
    """Whether ``effects`` move keyboard focus to the board drawn in ``model``'s view (the one grid)."""
    focus = [e for e in effects if isinstance(e, Focus)]
    if focus != [match.FOCUS_BOARD]:
        return False
    mains = find_all(app.view(model), lambda e: "match-main" in str(e.attr("class") or "").split())
    grids = find_all(mains[0], lambda e: e.attr("role") == "grid") if len(mains) == 1 else []
    return len(grids) == 1 and grids[0].attr("tabindex") == 0  # the grid is its own Tab stop here


@pytest.mark.parametrize("game", ["raythread", "lightseeker"])
def test_starting_or_resuming_a_match_puts_keyboard_focus_on_the_board(game):
    """Focus never drops to the page's top when the control pressed goes away: Start, "Back to the
    match" and "Players and options" move it to the board or the setup form."""
    model, _ = app.init(f"#/{game}/table", Env(stored={}, now_ms=1_000))
    model, effects = send(model, UiEvent("submit", "table-setup", form={"players": "2", "name0": "Ann"}, now_ms=2_000))
    assert model.inner.phase == "playing" and board_focused(model, effects)
    model, effects = click(model, "table-setup")  # "Players and options": focus on the form's first field
    assert model.inner.phase == "setup" and effects[-1] == Focus("form[data-action=table-setup] :is(select, input)")
    form = find_all(app.view(model), lambda e: e.tag == "form" and e.attr("data-action") == "table-setup")
    assert len(form) == 1 and find_all(form[0], lambda e: e.tag in ("select", "input"))
    model, effects = click(model, "table-resume")
    assert model.inner.phase == "playing" and board_focused(model, effects)
    # A refused setup keeps the form and the focus where they are.
    model, _ = app.init(f"#/{game}/table", Env(stored={}, now_ms=1_000))
    form = {"players": "2", "name0": "Ann", "name1": "ann"}
    model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    assert model.inner.phase == "setup" and not any(isinstance(e, Focus) for e in effects)


def test_the_player_count_picker_redraws_the_seats():
    model, _ = screen()
    assert len(find_all(app.view(model), lambda e: e.attr("class") == "table-seat")) == 2
    model, _ = send(model, UiEvent("change", "table-setup", {"field": "players"}, value="4"))
    assert [e.attr("data-seat") for e in find_all(app.view(model), lambda e: e.attr("class") == "table-seat")] == [
        "A",
        "B",
        "C",
        "D",
    ]
    assert send(model, UiEvent("change", "table-setup", {"field": "players"}, value="9"))[0] is model


def test_hovering_without_change_does_not_redraw():
    model, _ = started()
    model, _ = click(model, "rt-hand", kind="mirror")
    target = sorted(model.inner.ui.local.places["mirror"])[0]
    over = UiEvent("pointerover", "rt-cell", {"r": str(target[0]), "c": str(target[1])})
    aimed, _ = send(model, over)
    assert aimed is not model and "rt-previewing" in render(app.view(aimed))
    again, _ = send(aimed, over)
    assert again.inner is aimed.inner, "the same cell again changes nothing, so the page is not redrawn"
    left, _ = send(aimed, UiEvent("pointerover", "match"))
    assert "rt-previewing" not in render(app.view(left))


def test_seats_tied_for_a_place_share_it_and_the_next_place_counts_everyone_ahead():
    """A draw for first between two of four seats ranks them 1, 1, then 3 and 4 (not 2 and 3)."""
    seats = tuple(match.SeatAt(s, n, "") for s, n in zip("ABCD", ("Ann", "Bea", "Cy", "Dot"), strict=True))
    result = {"ranking": [["B", "C"], ["D"], ["A"]], "winners": ["B", "C"], "draw": True, "scores": {}}
    panel = match.result_panel(result, match.Table("raythread", seats))
    places = [(e.attr("data-seat"), e.attr("data-place")) for e in find_all(panel, lambda e: e.attr("data-place"))]
    assert places == [("B", 1), ("C", 1), ("D", 3), ("A", 4)]
    assert text_of(panel).startswith("Final standings")
    assert match.headline(result, match.Table("raythread", seats)) == "A draw between Bea\u00a0(B) and Cy\u00a0(C)."


def test_a_team_that_wins_together_is_headlined_in_the_plural():
    """A Reflection race in teams ends with a team's players sharing first place, no draw: the status read
    "Ann (1) and Cal (3) wins!"."""
    seats = tuple(match.SeatAt(s, n, "") for s, n in zip("123", ("Ann", "Bea", "Cal"), strict=True))
    table = match.Table("reflection", seats)
    team = {"ranking": [["1", "3"], ["2"]], "winners": ["1", "3"], "draw": False, "scores": {}}
    assert match.headline(team, table) == "Ann\u00a0(1) and Cal\u00a0(3) win!"
    alone = {"ranking": [["1"], ["2", "3"]], "winners": ["1"], "draw": False, "scores": {}}
    assert match.headline(alone, table) == "Ann\u00a0(1) wins!"


def test_a_result_naming_no_one_is_headlined_without_an_empty_list_of_names():
    """A draw with no winners read "A draw between ." and a result with neither winners nor a draw " wins!"
    (``core.game.Result`` makes neither today; another page's result is checked only for its fields' types)."""
    seats = tuple(match.SeatAt(s, n, "") for s, n in zip("AB", ("Ann", "Bea"), strict=True))
    table = match.Table("raythread", seats)
    assert match.headline({"ranking": [], "winners": [], "draw": True, "scores": {}}, table) == "A draw."
    assert match.headline({"ranking": [], "winners": [], "draw": False, "scores": {}}, table) == "The match is over."
    with in_language("ja"):
        assert match.headline({"winners": [], "draw": True}, table) == "引き分け。"


def test_a_previewed_placement_leaves_the_hands_as_they_are_until_it_is_made():
    """While a player looks at a placement (a mouse over a cell, or a first tap on a phone) the seat
    list and the hand still count the tile: the board shows the beams after it, the counts are the
    match's. Placing it is what takes the tile out of the hand. The deck holds only the hands (six tiles
    for two), so a placement draws nothing and the hand after it is one tile short."""

    def counts(model):
        tree = app.view(model)
        facts = [text_of(e) for e in find_all(tree, lambda e: e.attr("class") == "facts")]
        hand = [text_of(e) for e in find_all(tree, lambda e: "rt-hand-tile" in str(e.attr("class") or ""))]
        return facts, hand

    for pointer in ("mouse", "touch"):
        model, _ = started(mirrors="3", prisms="3")
        state = model.inner.played.state
        assert not state.deck
        before = counts(model)
        move = next(m for m in rules.legal(state, "A") if m["type"] == "place")
        model, _ = click(model, "rt-hand", kind=move["tile"])
        model, _ = click(model, "rt-orient", orient=move["orient"])
        r, c = move["cell"]
        cell = {"r": str(r), "c": str(c)}
        look = UiEvent("pointerover", "rt-cell", cell, pointer="mouse") if pointer == "mouse" else None
        model, _ = send(model, look or UiEvent("click", "rt-cell", cell, pointer="touch"))
        assert model.inner.played.state is state, "nothing was played"
        assert "rt-previewing" in render(app.view(model)), "the board previews the move"
        assert counts(model) == before, pointer
        model, _ = send(model, UiEvent("click", "rt-cell", cell, pointer=pointer))  # places
        assert model.inner.played.state is not state
        assert counts(model)[0] != before[0], "the placed tile left the hand"


def test_the_result_s_ranking_joins_name_points_and_note_in_the_page_s_language():
    """The ranking joined "Ann（A）" to its points and its note with " · " in code: Japanese read
    "1. Ann（A） · 12点", a half-width space against the full-width bracket. The joins are the catalogue's."""
    seats = (match.SeatAt("A", "Ann", ""), match.SeatAt("C", "Bea", ""))
    note = {"code": "raythread-joint-claims", "params": {"n": 2}}
    result = {"ranking": [["A"], ["C"]], "winners": ["A"], "scores": {"A": 12, "C": 9}, "notes": {"A": note}}
    table = match.Table("raythread", seats)

    def lines() -> list[str]:
        panel = match.result_panel(result, table)
        return [text_of(e) for e in find_all(panel, lambda e: e.attr("data-place"))]

    # The note follows the name it is about, and the points close the row (they stand in a column).
    english = lines()
    assert english == ["1. Ann\u00a0(A) · joint claims: 2 · 12 points", "2. Bea\u00a0(B) · 9 points"], english
    with in_language("ja"):
        japanese = lines()
    assert (
        japanese[1] == "2. Bea\u2060（\u2060B\u2060）・9点"
        and japanese[0].startswith("1. Ann\u2060（\u2060A\u2060）・共同獲得")
        and japanese[0].endswith("・12点")
    ), japanese


def said_once(tree) -> str:
    """The result's headline as the match screen says it at the end: once on the screen, in the status
    line at its top (a phone's result panel is far below the board), and once in the live region."""
    news = find_all(tree, lambda e: e.attr("id") == "match-news")[0]
    status = text_of(find_all(tree, lambda e: e.attr("class") == "match-status")[0])
    heard = text_of(news)

    def drawn(node) -> str:  # what is drawn: the text without the (hidden) live region's
        return "" if node is news else node if isinstance(node, str) else "".join(map(drawn, node.children))

    seen = drawn(tree)
    assert status.endswith(("wins!", "win!")) or status.startswith("A draw between"), status
    assert seen.count(status) == 1, f"{status!r} is shown {seen.count(status)} times"
    assert heard.count(status) == 1
    return status


@pytest.mark.parametrize("game", sorted(SIGHTS))
def test_a_wide_screen_says_who_won_once_in_the_status_and_the_result_panel_ranks(game):
    """The status line at the top says who won, and the result panel beside it said the same in its
    heading: on a wide screen the headline stood twice side by side. The panel holds the standings."""
    ended = [s for s in SIGHTS[game]() if s.result() is not None]
    assert ended
    board = games.board(game)
    for sight in ended:
        for mine in (frozenset(), frozenset(sight.seats[:1])):  # watched, and played from a seat
            seated = tuple(match.SeatAt(s, f"P{s}", "") for s in sight.seats)
            table = match.Table(game, seated, mine)
            seat = next(iter(mine), None)
            ui = match.start(game, board, json.loads(json.dumps(sight.view(seat))), table)
            tree = match.render(ui, table)
            said_once(tree)
            panel = find_all(tree, lambda e: e.attr("class") == "match-result")[0]
            assert text_of(panel.children[0]) == "Final standings"
            places = [e.attr("data-seat") for e in find_all(panel, lambda e: e.attr("data-place") is not None)]
            assert places == [s for place in sight.result()["ranking"] for s in place]


@pytest.mark.parametrize("game", sorted(SIGHTS))
def test_the_live_region_says_why_a_match_ended_when_the_game_s_end_line_does_not(game):
    """The result panel is no live region (it said why a second time, after the match's own region):
    where the game's words for the end say no reason (Reflection's "The match is over."), the match's
    live region says it, once, before who won."""
    for sight in (s for s in SIGHTS[game]() if s.result() is not None):
        seated = tuple(match.SeatAt(s, f"P{s}", "") for s in sight.seats)
        table = match.Table(game, seated, frozenset(sight.seats[:1]))
        view = json.loads(json.dumps(sight.view(sight.seats[0])))
        ui = match.start(game, games.board(game), view, table)
        ui = match.advance(ui, view, [{"type": "end"}], table, 1, watched=False)
        heard = match.news(ui, table)
        why = i18n.sentence(match.ending(sight.result(), table))
        assert why and heard.count(why) == 1 and heard[-1] == match.status(ui, table), heard
        tree = match.render(ui, table)
        (panel,) = find_all(tree, lambda e: e.attr("class") == "match-result")
        assert panel.attr("role") is None and panel.attr("aria-live") is None


def test_the_zoom_stays_on_through_moves_and_an_undo():
    """Played on a phone (a player's pass): the board zoomed in on fitted itself again after every move and after
    Undo, so a player passing the phone round had to zoom in again each turn."""
    model, _ = started(size="15")
    model, _ = click(model, "rt-zoom")
    assert model.inner.ui.local.zoom
    for _ in range(2):
        state = model.inner.played.state
        model, _ = play(model, [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][5])
        assert model.inner.ui.local.zoom, "the zoom stays on after a move"
    model, _ = click(model, "table-undo")
    assert len(model.inner.played.record.log) == 1 and model.inner.ui.local.zoom, "and after Undo"
    assert "rt-board-wrap zoomed" in render(app.view(model))
    model, _ = click(model, "rt-zoom")
    assert not model.inner.ui.local.zoom, "Fit the board fits it"


@pytest.mark.parametrize("bad", ["²", "٣", "", "3 3", "-1", "3" * 5000])
def test_a_setup_number_that_is_not_plain_ascii_digits_changes_nothing(bad):
    """The setup form's numbers (the player count, a seat's index) are read as ASCII digits only
    (``core.game.form_number``): ``"²".isdigit()`` holds and ``int("²")`` raised out of the update, "٣" (an
    Arabic-Indic three) was read as 3. The page's own controls write plain digits; a form is still input."""
    model, _ = screen()
    for event in (
        UiEvent("change", "table-setup", {"field": "players"}, value=bad),
        UiEvent("change", "table-setup", {"field": "kind", "index": bad}, value="hard"),
    ):
        assert send(model, event) == (model, []), event
    # Submitted, a count that is not a number is read as the count the form shows, as a missing one is.
    names = {"name0": "Ann", "name1": "Bea", "name2": "Cy"}
    dealt, _ = send(model, UiEvent("submit", "table-setup", form={"players": bad, **names}))
    missing, _ = send(model, UiEvent("submit", "table-setup", form=names))
    assert dealt.inner.played.record.seats == missing.inner.played.record.seats == ("A", "C")


def test_a_setup_number_in_ascii_digits_is_read():
    model, _ = screen()
    three, _ = send(model, UiEvent("change", "table-setup", {"field": "players"}, value="3"))
    assert three.inner.players == 3
    hard, _ = send(three, UiEvent("change", "table-setup", {"field": "kind", "index": "2"}, value="hard"))
    assert hard.inner.kinds == {2: "hard"}
    names = {"name0": "Ann", "name1": "Bea", "name2": "Cy"}
    dealt, _ = send(model, UiEvent("submit", "table-setup", form={"players": "3", **names}))
    assert dealt.inner.played.record.seats == ("A", "B", "C")
