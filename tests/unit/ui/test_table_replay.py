"""A Light Seeker turn made by a computer player at a table on this device, played back step by step:
the first action, the second, Buh on its new cube, then the position (the real one all along). Any
input skips the rest; an undo or a new match drops it; a reload shows the position; the live region
says the turn once. A game whose moves are one step (Raythread Rally) has no replay."""

import math
from dataclasses import replace

from gamenight import games
from gamenight.core.bot import PAUSE_MS
from gamenight.lightseeker import GAME, rules, scene
from gamenight.ui import app, match, table
from gamenight.ui.program import Env, StartTimer, StopTimer, Store, Tick, UiEvent, Work, WorkDone
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.test_table_bots import finish, work_of
from tests.unit.ui.test_table_lightseeker import act, play
from tests.unit.words import in_language

ROUTE = "#/lightseeker/table"


def send(model, message):
    return app.update(model, message, Env(now_ms=2_000))


def started(kinds=("here", "easy")):
    model, _ = app.init(ROUTE, Env(stored={}, now_ms=1_000))
    form = {"name0": "Ann", "name1": "", **{f"kind{i}": kind for i, kind in enumerate(kinds)}}
    return send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))


def drawn(model) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The cells the page draws each cube on, and the cell it draws Buh on (from the SVG's transforms)."""
    tree = app.view(model)
    cubes = []
    for i in range(rules.CUBES):
        (g,) = find_all(tree, lambda e, i=i: e.attr("id") == f"ls-cube-{i}")
        x, y = (int(v.strip("px")) for v in g.attr("style").split("(")[1].rstrip(")").split(", "))
        cubes.append((y // 60, x // 60))
    (buh,) = find_all(tree, lambda e: e.attr("id") == "ls-buh")
    # Buh stands in its cube's middle (scene.buh_at).
    x, y = (float(v.strip("px")) for v in buh.attr("style").split("(")[1].split(")")[0].split(", "))
    return cubes, (int(y // 60), int(x // 60))


def step_shown(model) -> int | None:
    (main,) = find_all(app.view(model), lambda e: "match-main" in str(e.attr("class") or ""))
    shown = main.attr("data-replay")
    return None if shown is None else int(shown)


def news(model) -> list[str]:
    (region,) = find_all(app.view(model), lambda e: e.attr("id") == "match-news")
    return [text_of(line) for line in region.children]


def after_bots_turn(kinds=("here", "easy")):
    """Ann plays the first turn; the computer's answer (two actions) is thought and played after its
    pause. Returns the page, the effects of the move, the board before it and the computer's turn."""
    model, effects = started(kinds)
    state = model.inner.played.state
    model, effects = play(model, GAME.legal(state, "1")[0])
    before = model.inner.played.state
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    assert StartTimer(table.BOT_TASK, PAUSE_MS) in effects  # "Bot 2 (Easy) is thinking…", as before
    model, effects = send(model, Tick(table.BOT_TASK, 3_000))
    return model, effects, before.board, rules.parse_turn(value[2], 2)


def test_a_computers_turn_is_played_back_action_by_action_then_buh_then_the_position():
    model, effects, board, turn = after_bots_turn()
    # The real state moved at once: recorded, saved, the log and the live region say the turn.
    assert [e.seat for e in model.inner.played.record.log] == ["1", "2"]
    assert any(isinstance(e, Store) for e in effects)
    assert StartTimer(match.REPLAY, match.STEP_MS) in effects
    said = news(model)
    assert sum("Bot\u00a02\u00a0(Easy)" in line and "Buh to cube" in line for line in said) == 1
    first = rules.act(board, turn.actions[0])
    second = rules.act(first, turn.actions[1])
    final = rules.apply_turn(board, turn)
    # Step 1: the first action only, Buh where it was; the status says whose move it is.
    assert step_shown(model) == 1
    assert drawn(model) == (list(first.cells), board.cells[board.buh])
    assert "Bot\u00a02\u00a0(Easy)'s move, step 1 of 3" in text_of(app.view(model))
    assert not find_all(app.view(model), lambda e: e.attr("data-action") == "ls-confirm"), "a view only"
    model, effects = send(model, Tick(match.REPLAY, 3_600))
    assert step_shown(model) == 2 and drawn(model) == (list(second.cells), board.cells[board.buh])
    model, effects = send(model, Tick(match.REPLAY, 4_200))
    assert step_shown(model) == 3 and drawn(model) == (list(final.cells), final.cells[final.buh])
    assert find_all(app.view(model), lambda e: "ls-buh-was" in str(e.attr("class") or "")), "where Buh sat"
    assert news(model) == said, "each step is not said again"
    model, effects = send(model, Tick(match.REPLAY, 4_800))
    assert step_shown(model) is None and effects == [StopTimer(match.REPLAY)]
    assert drawn(model) == (list(final.cells), final.cells[final.buh])
    assert "Ann\u00a0(1) to play" in text_of(app.view(model))
    assert find_all(app.view(model), lambda e: e.attr("data-action") == "ls-confirm"), "Ann's turn to build"
    assert news(model) == said


def test_a_tilt_rolls_its_cube_in_the_replay_as_a_persons_does():
    model, _effects, board, turn = after_bots_turn()
    for k, action in enumerate(turn.actions):
        local = model.inner.ui.replay[k][1]
        if action.kind == "tilt":
            assert local.rolls[action.cube] == action.dir.value
        assert action.cube in local.moved
    # A turn of two tilts, played back from a made-up turn event: each step rolls its cube.
    view = GAME.view(rules.State(GAME.options(None), ("1", "2"), board, turn=1), None)
    state = rules.from_view(view)
    tilts = [m for m in GAME.legal(state, "2") if all(a["kind"] == "tilt" for a in m["actions"])]
    move = rules.parse_turn(tilts[0], 2)
    after = GAME.view(rules.State(state.options, state.seats, rules.apply_turn(board, move), turn=2), None)
    steps = games.board("lightseeker").unfold(view, after, [{"type": "turn", "seat": "2", **move.to_json()}])
    assert [local.rolls.get(a.cube) for (_v, local), a in zip(steps, move.actions, strict=False)] == [
        a.dir.value for a in move.actions
    ]


def test_a_click_or_tap_on_the_board_during_a_replay_only_ends_it():
    """A click or tap on the board during the computer's replay ended it and then acted on the position
    after it: on a cube's cell it chose that cube, on a position the player had not seen (the cell
    clicked was one of a step shown). Like a key that acts, it now only ends the replay; the player
    clicks again on the position. At a table on this device, and through the match screen alone
    (``match.handle``: a lobby's page). A pointer passing over the board is no input: the replay goes on."""
    model, _effects, board, turn = after_bots_turn()
    ended = shown_after_the_replay(model).inner.ui.local
    final = rules.apply_turn(board, turn)
    seats = table.table_of(model.inner)
    for cube in range(rules.CUBES):
        r, c = final.cells[cube]
        click = UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}, now_ms=3_700)
        pressed, effects = send(model, click)
        assert step_shown(pressed) is None and StopTimer(match.REPLAY) in effects
        assert pressed.inner.ui.local == ended, f"the click on cube {cube} only ends the replay"
        assert pressed.inner.played is model.inner.played
        ui, move = match.handle(model.inner.ui, seats, click)
        assert not match.replaying(ui) and move is None and ui.local == ended
        if cube != final.buh:  # clicked again, on the position now shown, it chooses the cube
            again, _ = send(pressed, click)
            assert again.inner.ui.local.selected == cube
    r, c = final.cells[0]
    hovered, _ = send(model, UiEvent("pointerover", "ls-cell", {"r": str(r), "c": str(c)}, now_ms=3_700))
    assert step_shown(hovered) == 1


class Heard:
    """A board that hears its inputs (the match screen's ``Board``, the rest Light Seeker's)."""

    def __init__(self, board):
        self.board, self.heard = board, []

    def __getattr__(self, name):
        return getattr(self.board, name)

    def update(self, ui, view, seat, table, event):
        self.heard.append(event.type if event.type != "keydown" else event.key)
        return self.board.update(ui, view, seat, table, event)


def test_during_a_replay_the_board_hears_only_a_key_that_looks_around():
    """The one rule of input during a replay (``match.handle``), for every board: an input (a click, a
    tap, a key, a form's change or submit, a drag dropped) ends it; then only a key that looks around
    reaches the board, on the position. The parts of a press (a pointer down or up, a drag begun) start
    nothing on a position not shown and leave the replay on: the press's click ends it. A hover (a
    pointer or a drag over the board) is no input and leaves the replay on, and the board does not hear
    it either: it would preview on the position, hidden under the step shown (it passed to the board)."""
    model, _effects, _board, _turn = after_bots_turn()
    seats = table.table_of(model.inner)
    inputs = {
        "click": UiEvent("click", "board"),
        "Enter": UiEvent("keydown", "board", key="Enter"),
        "ArrowLeft": UiEvent("keydown", "board", key="ArrowLeft"),
        "change": UiEvent("change", "board", value="1"),
        "submit": UiEvent("submit", "board"),
        "drop": UiEvent("drop", "board"),
        "pointerdown": UiEvent("pointerdown", "board"),
        "pointerup": UiEvent("pointerup", "board"),
        "dragstart": UiEvent("dragstart", "board"),
        "pointerover": UiEvent("pointerover", "board"),
        "dragover": UiEvent("dragover", "board"),
    }
    ending = {"click", "Enter", "ArrowLeft", "change", "submit", "drop"}
    for name, event in inputs.items():
        heard = Heard(model.inner.ui.board)
        ui, move = match.handle(replace(model.inner.ui, board=heard), seats, event)
        assert move is None
        assert match.replaying(ui) == (name not in ending), name
        assert heard.heard == (["ArrowLeft"] if name == "ArrowLeft" else []), name


class Previewing(Heard):
    """Light Seeker's board with a hover preview, as Raythread Rally's: a pointer over a cell aims there."""

    def update(self, ui, view, seat, table, event):
        if event.type == "pointerover":
            self.heard.append(event.type)
            return replace(ui, cursor=(int(event.data["r"]), int(event.data["c"]))), None
        return super().update(ui, view, seat, table, event)


def test_a_hover_during_a_replay_previews_nothing_on_the_position_under_it():
    """A pointer passing over the board during a replay reached the board as on the position itself: a
    board that previews under the pointer (Raythread's aim) previewed on a position the player did not
    see, under the step shown, and the preview stood there once the replay ended. A hover during a
    replay is nobody's input: the board hears none, the replay goes on, and its end shows the position
    as the board started it."""
    model, _effects, _board, _turn = after_bots_turn()
    seats = table.table_of(model.inner)
    ended = shown_after_the_replay(model).inner.ui.local
    r, c = ended.cursor[0], ended.cursor[1] + 1  # a cell the position's cursor is not on
    board = Previewing(model.inner.ui.board)
    hover = UiEvent("pointerover", "ls-cell", {"r": str(r), "c": str(c)})
    ui, move = match.handle(replace(model.inner.ui, board=board), seats, hover)
    assert move is None and match.replaying(ui) and board.heard == [], "the hover reached the board"
    while match.replaying(ui):
        ui = match.react(ui, seats, Tick(match.REPLAY, 4_000))
    assert ui.local.cursor == ended.cursor, "the hover aimed at a cell of the position under the replay"
    # After the replay, a hover is the board's as at any time.
    ui, _move = match.handle(ui, seats, hover)
    assert board.heard == ["pointerover"] and ui.local.cursor == (r, c)


def test_undo_and_the_tables_other_controls_act_during_a_replay():
    """The table's own controls are not about the position shown: pressed during the computer's replay,
    they act as at any time. Undo takes back Ann's turn with the computer's answer."""
    model, _effects, _board, _turn = after_bots_turn()
    undone, _ = send(model, UiEvent("click", "table-undo", now_ms=3_700))
    assert undone.inner.played.record.log == () and step_shown(undone) is None
    assert undone.inner.message == "2 moves taken back."  # hers and the answer: "Move" read as the answer alone
    options, _ = send(model, UiEvent("click", "table-setup", now_ms=3_700))
    assert options.inner.phase == "setup"
    asked, _ = send(model, UiEvent("click", "table-new", now_ms=3_700))
    assert asked.inner.confirming


def test_new_match_and_players_and_options_end_the_replay_before_they_ask():
    """The table's New match asked its question, and "Players and options" opened the form, while the
    computer's turn went on playing back under them: its timer ran on, and "Keep playing" or "Back to
    the match" came back to a step of it. Each ends the replay first (its timer stopped), as an input on the board
    does: the position stands under the question, and the match comes back to it."""
    model, _effects, board, turn = after_bots_turn()
    final = rules.apply_turn(board, turn)
    asked, effects = send(model, UiEvent("click", "table-new", now_ms=3_700))
    assert asked.inner.confirming
    assert step_shown(asked) is None, "New match asked its question over a step of the replay"
    assert StopTimer(match.REPLAY) in effects and drawn(asked) == (list(final.cells), final.cells[final.buh])
    options, effects = send(model, UiEvent("click", "table-setup", now_ms=3_700))
    assert options.inner.phase == "setup" and StopTimer(match.REPLAY) in effects
    assert not match.replaying(options.inner.ui), "the replay went on under the form"
    back, _ = send(options, UiEvent("click", "table-resume", now_ms=4_500))
    assert step_shown(back) is None and drawn(back) == (list(final.cells), final.cells[final.buh])


def test_a_computers_move_under_the_new_match_question_is_shown_at_once():
    """Two computers: "New match" ends the first computer's replay, so the second computer's turn, which
    waited for its end, is played, as when an input on the board ends a replay. It is shown at once, not
    played back under the question: the player is reading the question, and the log and the live region
    tell the turn."""
    model, effects = started(("easy", "easy"))
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    model, effects = send(model, Tick(table.BOT_TASK, 3_000))  # the first computer's turn, played back
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))  # the second computer's waits for the replay's end
    assert step_shown(model) == 1 and len(model.inner.played.record.log) == 1
    asked, effects = send(model, UiEvent("click", "table-new", now_ms=3_700))
    assert asked.inner.confirming and len(asked.inner.played.record.log) == 2, "the second computer's turn is played"
    assert step_shown(asked) is None, "the second computer's turn was played back under the question"
    assert not any(isinstance(e, StartTimer) and e.timer == match.REPLAY for e in effects)
    assert any(isinstance(e, Work) for e in effects), "the first computer thinks on, as under the question before"


def test_undo_or_a_new_match_drops_the_replay():
    model, _effects, _board, _turn = after_bots_turn()
    model, effects = send(model, UiEvent("click", "table-undo", now_ms=3_700))
    assert model.inner.played.record.log == () and step_shown(model) is None
    # The screen started afresh has no replay: the timer's next tick finds none and stops it.
    _model, effects = send(model, Tick(match.REPLAY, 4_000))
    assert effects == [StopTimer(match.REPLAY)]
    model, _effects, _board, _turn = after_bots_turn()
    model, effects = send(model, UiEvent("click", "table-new", now_ms=3_700))  # asks first
    model, effects = send(model, UiEvent("click", "table-new", now_ms=3_800))
    assert model.inner.played.record.log == () and step_shown(model) is None
    # A tick of a timer already stopped (it was on its way) shows nothing and stops it again.
    model, effects = send(model, Tick(match.REPLAY, 4_000))
    assert step_shown(model) is None and effects == [StopTimer(match.REPLAY)]


def test_a_reload_shows_the_position_without_a_replay():
    _model, effects, board, turn = after_bots_turn()
    (saved,) = [e for e in effects if isinstance(e, Store)]
    again, effects = app.init(ROUTE, Env(stored={saved.key: saved.text}, now_ms=5_000))
    final = rules.apply_turn(board, turn)
    assert step_shown(again) is None and drawn(again) == (list(final.cells), final.cells[final.buh])
    assert not any(isinstance(e, StartTimer) and e.timer == match.REPLAY for e in effects)


def test_two_people_on_one_device_see_their_own_turns_at_once():
    model, _ = started(("here", "here"))
    model, effects = play(model, GAME.legal(model.inner.played.state, "1")[0])
    model, effects = play(model, GAME.legal(model.inner.played.state, "2")[0])
    assert step_shown(model) is None and not any(isinstance(e, StartTimer) for e in effects)


def test_two_computers_the_next_move_waits_for_the_replay_instead_of_a_pause():
    model, effects = started(("easy", "easy"))
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    model, effects = send(model, Tick(table.BOT_TASK, 3_000))  # the first computer's first turn: one action, then Buh
    assert step_shown(model) == 1 and len(model.inner.ui.replay) == 2
    value, _ = finish(work_of(effects))  # the computer thinks meanwhile (the real state has moved on)
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    assert not any(isinstance(e, StartTimer) for e in effects), "the replay is the pause"
    assert len(model.inner.played.record.log) == 1
    model, effects = send(model, Tick(match.REPLAY, 3_600))
    assert step_shown(model) == 2 and len(model.inner.played.record.log) == 1
    model, effects = send(
        model, Tick(match.REPLAY, 4_200)
    )  # the first computer's replay ends: the second computer's turn is played
    assert len(model.inner.played.record.log) == 2 and step_shown(model) == 1
    assert StartTimer(match.REPLAY, match.STEP_MS) in effects and any(isinstance(e, Work) for e in effects)


def test_a_raythread_move_has_no_replay():
    model, _ = app.init("#/raythread/table", Env(stored={}, now_ms=1_000))
    form = {"players": "2", "kind0": "easy", "kind1": "easy"}
    model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    model, effects = send(model, Tick(table.BOT_TASK, 3_000))
    assert len(model.inner.played.record.log) == 1 and step_shown(model) is None
    assert not any(isinstance(e, StartTimer) and e.timer == match.REPLAY for e in effects)


def test_a_turn_that_does_not_lead_to_the_position_is_not_played_back():
    model, _effects, board, turn = after_bots_turn()
    lsboard = games.board("lightseeker")
    before = GAME.view(rules.State(GAME.options(None), ("1", "2"), board, turn=1), None)
    after = model.inner.ui.view
    event = {"type": "turn", "seat": "2", **turn.to_json()}
    assert len(lsboard.unfold(before, after, [event])) == 3
    wrong = {**event, "buh": (turn.buh + 1) % rules.CUBES if (turn.buh + 1) % rules.CUBES != board.buh else 0}
    assert lsboard.unfold(before, after, [wrong]) == ()
    assert lsboard.unfold(before, after, [{"type": "turn", "actions": "?"}]) == ()
    assert lsboard.unfold(before, after, []) == ()


def turn_shown(model) -> list[str]:
    """The seats the seat list marks "to play"."""
    seats = find_all(app.view(model), lambda e: "match-seat" in str(e.attr("class") or "").split())
    return [s.attr("data-seat") for s in seats if "turn" in str(s.attr("class")).split()]


def test_the_seat_list_shows_the_mover_to_play_while_its_turn_is_played_back():
    # The seat list stands beside the board: while the board plays the computer's turn back, it is to play there
    # too (it said Ann, a turn ahead of the board); the log and the live region tell the turn at once.
    model, _effects, _board, _turn = after_bots_turn()
    assert step_shown(model) == 1 and turn_shown(model) == ["2"]
    for at in (3_600, 4_200):
        model, _ = send(model, Tick(match.REPLAY, at))
        assert turn_shown(model) == ["2"]
    model, _ = send(model, Tick(match.REPLAY, 4_800))
    assert step_shown(model) is None and turn_shown(model) == ["1"]


def shown_after_the_replay(model):
    """The page once the replay has played to its end (its steps' ticks), no input pressed."""
    while step_shown(model) is not None:
        model, _ = send(model, Tick(match.REPLAY, 4_000))
    return model


def test_an_arrow_key_ends_the_replay_and_moves_the_cursor_a_key_that_acts_only_ends_it():
    """A key pressed during the computer's replay ended it and was then handled on the position: Space
    or Enter chose a cube or confirmed, S or T chose an action, on a position the player had not seen.
    An arrow (a look around) ends it and moves the cursor from where it is after the replay; a key that
    chooses or commits only ends it. At a table on this device, and through the match screen alone
    (``match.handle``: a lobby's page, where a peer's move is played back)."""
    model, _effects, _board, _turn = after_bots_turn()
    ended = shown_after_the_replay(model).inner.ui.local
    r, c = ended.cursor
    for name in ("ArrowLeft", "ArrowUp"):
        pressed, effects = send(model, UiEvent("keydown", "board", key=name, now_ms=3_700))
        assert step_shown(pressed) is None and StopTimer(match.REPLAY) in effects
        assert pressed.inner.ui.local.cursor == {"ArrowLeft": (r, c - 1), "ArrowUp": (r - 1, c)}[name]
        ui, move = match.handle(model.inner.ui, table.table_of(model.inner), UiEvent("keydown", "board", key=name))
        assert not match.replaying(ui) and move is None and ui.local.cursor == pressed.inner.ui.local.cursor
    for name in (" ", "Enter", "s", "t"):
        pressed, effects = send(model, UiEvent("keydown", "board", key=name, now_ms=3_700))
        assert step_shown(pressed) is None and StopTimer(match.REPLAY) in effects, name
        assert pressed.inner.ui.local == ended, f"{name!r} only ends the replay"
        assert pressed.inner.played is model.inner.played
        ui, move = match.handle(model.inner.ui, table.table_of(model.inner), UiEvent("keydown", "board", key=name))
        assert not match.replaying(ui) and move is None and ui.local == ended, name


def the_last_turn_played_back():
    """Two computers play a match out, each turn played back: the page at the first step of the turn that
    ended it."""
    model, effects = started(("easy", "easy"))
    for _ in range(200):
        if model.inner.played.state.outcome is not None:
            break
        value, _ = finish(work_of(effects))
        model, effects = send(model, WorkDone(table.BOT_TASK, value))
        while not any(isinstance(e, Work) for e in effects) and model.inner.played.state.outcome is None:
            model, effects = send(model, Tick(table.BOT_TASK if step_shown(model) is None else match.REPLAY, 4_000))
    assert model.inner.played.state.outcome is not None and step_shown(model) == 1
    return model


def test_the_final_standings_wait_until_the_last_move_has_been_played_back():
    """QA: when a computer's turn ended the match, the final standings stood beside the board while that
    turn was still played back step by step, under "Bea (2)'s move, step 1 of 3", with Bea "to play" in
    the seat list: the end was told before the board showed it. The live region says it at once."""
    model = the_last_turn_played_back()
    assert any("The match is over" in line for line in news(model)), "the live region says it at once"

    def standings(model) -> list:
        return find_all(app.view(model), lambda e: "match-result" in str(e.attr("class") or ""))

    assert standings(model) == [], "the final standings are shown before the last turn is played back"
    assert standings(shown_after_the_replay(model)), "and once it has been"


def the_end_offered(model) -> tuple[str, bool, bool]:
    """The table's first control (its words), whether it is the primary one, and whether the line under
    the end saying who starts the rematch is there."""
    tree = app.view(model)
    (button,) = find_all(tree, lambda e: e.attr("data-action") == "table-new")
    starts = find_all(tree, lambda e: e.attr("id") == "rematch-starts")
    return text_of(button), "primary" in str(button.attr("class")), bool(starts)


def test_the_rematch_and_who_starts_it_wait_until_the_last_move_has_been_played_back():
    """a player's pass: while the computer's winning turn was still played back, the side panel already said "In
    the rematch, Bot (Easy) starts." over a primary "Rematch" (the standings waited): a player watching
    the last move was offered the rematch before the move ended. The end's panel comes whole when the
    board has shown the move: the standings, who starts the rematch and its button. "New match" pressed
    during that replay ends it and deals nothing: the end, with who starts the rematch, is what follows,
    as a question comes before a new match in progress (the press was aimed at a match not yet over)."""
    model = the_last_turn_played_back()
    log = model.inner.played.record.log
    effects: list = []
    while step_shown(model) is not None:
        assert the_end_offered(model) == ("New match", False, False), step_shown(model)
        assert not any(e == match.FOCUS_END for e in effects), "the end's focus waits for the end"
        model, effects = send(model, Tick(match.REPLAY, 4_000))
    assert the_end_offered(model) == ("Rematch", True, True), "and once it has been"
    # Focus goes to Rematch, the player's next action, from the board only: a player typing in the chat keeps
    # it (a player's pass: focus stayed on the final board, and the keys' way to Rematch had to be found).
    assert match.FOCUS_END in effects and match.FOCUS_END.only_from == match.FOCUS_BOARD.selector
    (rematch,) = find_all(app.view(model), lambda e: e.attr("data-action") == "table-new")
    assert rematch.tag == "button" and text_of(rematch) == "Rematch"
    pressed, effects = send(the_last_turn_played_back(), UiEvent("click", "table-new", now_ms=4_000))
    assert step_shown(pressed) is None and StopTimer(match.REPLAY) in effects
    assert pressed.inner.played.record.log == log and not pressed.inner.rematch, "no match dealt"
    assert the_end_offered(pressed) == ("Rematch", True, True) and table.FOCUS_NEW in effects
    again, _ = send(pressed, UiEvent("click", "table-new", now_ms=4_100))
    assert again.inner.rematch and again.inner.played.record.log == (), "the Rematch then deals it"


def test_the_replays_words_on_how_to_skip_it_fit_the_device_that_shows_them():
    """QA: on a laptop the status said "a key or tap skips it": there a click skips it too, and nothing is
    tapped. Those words are only shown where there are keys (``.keys-only``, hidden on a touch screen,
    where Light Seeker says "Tap the board to skip" over its valley), so they name a click and a key. (Light
    Seeker's status keeps them for a screen reader: its valley says "A click or a key skips it".)"""
    model, _effects, _board, _turn = after_bots_turn()
    for language, words, not_said in (
        ("en", "a click or a key skips it; arrows move the cursor too", "tap"),
        ("ja", "クリックかキーで飛ばせます（矢印キーはカーソルも移動）", "タップ"),
    ):
        with in_language(language):
            (status,) = find_all(app.view(model), lambda e: e.attr("class") == "match-status")
            (keys,) = find_all(status, lambda e: "keys-only" in (e.attr("class") or "").split())
            assert text_of(keys).endswith(words), text_of(keys)
            # Read, not in sight: Light Seeker says how to skip it over its valley (``ui.match.says_skip``).
            assert keys.attr("class") == "part keys-only visually-hidden"
            assert not_said not in text_of(status)


def status_and_room(model) -> tuple[str, list[str]]:
    """The status line's words (but the keys a touch screen does not show) and those laid unseen under it."""
    tree = app.view(model)
    (status,) = find_all(tree, lambda e: e.attr("class") == "match-status")
    keys = find_all(status, lambda e: "keys-only" in (e.attr("class") or "").split())
    words = text_of(status)
    for part in keys:
        words = words.replace(text_of(part), "")
    (room,) = find_all(tree, lambda e: e.attr("class") == "match-room")
    assert room.attr("aria-hidden") == "true"
    return words, [text_of(line) for line in room.children]


def test_the_status_keeps_the_room_of_its_words_in_every_state_of_the_match():
    """css/app.css lays the status's words in every state of a running match unseen under it, so it is as
    tall as the longest (the board under it does not move): Ann's turn, the computer thinking, and each
    step of its move played back are all among them, and they stay the same from state to state."""
    model, _ = started()
    states = [model]
    state = model.inner.played.state
    model, effects = play(model, GAME.legal(state, "1")[0])
    states.append(model)  # the computer thinking
    value, _ = finish(work_of(effects))
    model, _ = send(model, WorkDone(table.BOT_TASK, value))
    model, _ = send(model, Tick(table.BOT_TASK, 3_000))
    states.append(model)  # its move's first step
    model, _ = send(model, Tick(match.REPLAY, 3_600))
    states.append(model)
    seen = [status_and_room(m) for m in states]
    rooms = {tuple(room) for _words, room in seen}
    assert len(rooms) == 1, rooms
    (room,) = rooms
    shown = [words for words, _room in seen]
    assert shown[0] == "Ann\u00a0(1) to play · your turn" and shown[1] == "Bot\u00a02\u00a0(Easy) is thinking…"
    assert shown[2] == "Bot\u00a02\u00a0(Easy)'s move, step 1 of 3"
    steps = [line for line in room if line.startswith("Bot\u00a02\u00a0(Easy)'s move, step ")]
    assert len(steps) == 1 and steps[0].startswith("Bot\u00a02\u00a0(Easy)'s move, step 1 of 9")  # one digit each
    assert {shown[0], shown[1]} <= set(room)


def test_a_game_that_plays_no_move_back_keeps_no_room_for_one():
    """Raythread Rally's moves are one step, never played back: the room holds whose turn and the computer
    thinking only."""
    model, _ = app.init("#/raythread/table", Env(stored={}, now_ms=1_000))
    form = {"players": "2", "name0": "Ann", "name1": "", "kind0": "here", "kind1": "easy"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    words, room = status_and_room(model)
    assert words == "Ann\u00a0(A) to play · your turn"
    assert room == ["Ann\u00a0(A) to play · your turn", "Bot\u00a0B\u00a0(Easy) is thinking…"]


def cursor_drawn(model) -> str:
    """The cell the board's keyboard cursor stands on, as the page tells it (the grid's active descendant)."""
    (board,) = find_all(app.view(model), lambda e: e.attr("id") == "ls-board")
    return board.attr("aria-activedescendant")


def test_the_cursor_stays_where_it_was_while_the_computer_thinks_and_a_turn_starts_on_a_cube_that_may_act():
    """A player's pass: after Ann confirmed her turn by keys against the computer, the dashed cursor jumped from
    cube 8, where she had just put Buh, to cube 5 while the computer thought: the board was started afresh
    on the new position, as a turn starts (on the cube nearest the middle that may act). While no turn of
    this page's is due it stays where the player left it; a turn of this page's (two people on this device)
    starts on a cube that may act, as before."""
    for kinds in (("here", "easy"), ("here", "here")):
        model, effects = started(kinds)
        move = GAME.legal(model.inner.played.state, "1")[0]
        model = act(model, move)
        board = model.inner.ui.local.board()
        r, c = board.cells[move["buh"]]
        model, _ = send(model, UiEvent("click", "ls-cell", {"r": str(r), "c": str(c)}, now_ms=2_000))
        # Keys from there: Enter confirms the turn with the cursor on Buh's new cube.
        assert model.inner.ui.local.cursor == (r, c) and cursor_drawn(model) == scene.cell_id((r, c))
        model, effects = send(model, UiEvent("keydown", "board", key="Enter", now_ms=2_000))
        assert [e.seat for e in model.inner.played.record.log] == ["1"], kinds
        cursor = model.inner.ui.local.cursor
        if kinds[1] == "easy":
            assert any(isinstance(e, Work) for e in effects), "the computer thinks"
            assert cursor == (r, c) and cursor_drawn(model) == scene.cell_id((r, c)), "the cursor jumped"
        else:
            state = model.inner.played.state
            assert state.to_move == "2" and cursor in state.board.cells, kinds
            assert state.board.cells.index(cursor) != state.board.buh, "Bea's turn starts on a cube that may act"


def test_after_the_computers_replay_the_turn_starts_on_the_cube_that_may_act_nearest_where_the_replay_ended():
    """QA, played by keys at 1280×800 and 390×844: the computer's turn played back moves the cursor
    with it (onto the cube each action moved, then Buh's new cube), and when the replay ended the cursor
    jumped to the cube nearest the valley's middle that may act, wherever the replay had left it. Ann's turn
    now starts on the cube that may act nearest Buh's new cube, where the last step showed the cursor: a
    step from there, not across the valley. Over the computer's turns of matches dealt at several times
    (each its own deck), Ann playing a different legal turn each time."""
    seen = 0
    for now in range(2_000, 2_006):
        model, _ = app.init(ROUTE, Env(stored={}, now_ms=1_000))
        form = {"name0": "Ann", "name1": "", "kind0": "here", "kind1": "easy"}
        model, _ = app.update(model, UiEvent("submit", "table-setup", form=form, now_ms=now), Env(now_ms=now))
        for turn in range(4):
            state = model.inner.played.state
            if state.outcome is not None or state.to_move != "1":
                break
            moves = [m for m in GAME.legal(state, "1") if GAME.play(state, "1", m, 0)[0].outcome is None]
            if not moves:
                break
            model, effects = play(model, moves[(now * 7 + turn * 13) % len(moves)])
            value, _ = finish(work_of(effects))
            model, _ = send(model, WorkDone(table.BOT_TASK, value))
            model, _ = send(model, Tick(table.BOT_TASK, 3_000))
            if model.inner.played.state.outcome is not None:
                break
            assert match.replaying(model.inner.ui), "the computer's turn is played back"
            _view, last = model.inner.ui.replay[-1]
            ended = model.inner.ui.local
            board = model.inner.played.state.board
            assert last.cursor == board.cells[board.buh], "the last step shows Buh's new cube"
            free = [cell for i, cell in enumerate(board.cells) if i != board.buh]
            nearest = min(math.dist(cell, last.cursor) for cell in free)
            assert ended.cursor in free, (now, turn, "Ann's turn starts on a cube that may act")
            assert math.dist(ended.cursor, last.cursor) == nearest, (now, turn, ended.cursor, last.cursor)
            # The replay ends (a tick a step), and the page draws the cursor there.
            while match.replaying(model.inner.ui):
                model, _ = send(model, Tick(match.REPLAY, 3_600))
            assert cursor_drawn(model) == scene.cell_id(ended.cursor)
            seen += 1
    assert seen >= 12, seen
