"""Computer players at a table on this device: seated from the setup, thinking as ``Work``, their moves
through the table's one ``play`` after a pause, undo back to the person's last move, reload, watch."""

import json
import random
from dataclasses import replace

import pytest

from gamenight import games, i18n
from gamenight.core.bot import PAUSE_MS, decide, unnamed_bot
from gamenight.core.rng import derive
from gamenight.raythread import GAME, rules, scene
from gamenight.ui import app, match, table
from gamenight.ui.program import Env, Navigate, StartTimer, StopWork, Store, Tick, UiEvent, Work, WorkDone
from gamenight.ui.svg import find_all, render, text_of
from tests.unit.ui.test_table import play as click_move
from tests.unit.words import in_language

ROUTE = "#/raythread/table"


def screen(route=ROUTE, stored=None):
    return app.init(route, Env(stored=stored or {}, now_ms=1_000))


def send(model, message):
    return app.update(model, message, Env(now_ms=2_000))


def started(kinds=("here", "hard"), names=("Ann", "")):
    model, _ = screen()
    form = {"players": str(len(kinds))}
    for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        form |= {f"name{i}": name, f"kind{i}": kind}
    return send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))


def work_of(effects):
    (work,) = [e for e in effects if isinstance(e, Work)]
    return work


def finish(work, slices=None):
    """Run a ``Work`` as the shell does (to its end), counting the steps."""
    steps = 0
    while True:
        try:
            next(work.steps)
            steps += 1
        except StopIteration as done:
            return done.value, steps


def bot_turn(model, effects):
    """The shell's part of a computer's turn: run the thinking, report it, fire the pause's timer (or,
    while the move before it is played back step by step, the replay's: its end is the pause)."""
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    if match.replaying(model.inner.ui):
        assert not any(isinstance(e, StartTimer) and e.timer == table.BOT_TASK for e in effects)
        moves = len(model.inner.played.record.log)
        while len(model.inner.played.record.log) == moves:
            model, effects = send(model, Tick(match.REPLAY, 3_000))
        return model, effects
    assert any(isinstance(e, StartTimer) and e.timer == table.BOT_TASK for e in effects)
    return send(model, Tick(table.BOT_TASK, 3_000))


def test_the_setup_offers_a_computer_player_per_seat_with_its_level():
    model, _ = screen()
    page = model.inner and render(app.view(model))
    assert 'name="kind0"' in page and 'name="kind1"' in page
    assert "Computer: Hard" in page and "A person" in page


def test_a_seat_given_to_the_computer_thinks_as_work_and_plays_through_the_one_authority():
    model, effects = started(("hard", "here"), ("", "Ann"))
    inner = model.inner
    assert [(s.name, s.kind, s.level) for s in inner.seats] == [("Bot", "bot", "hard"), ("Ann", "here", "")]
    assert "Bot\u00a0A\u00a0(Hard) is thinking…" in text_of(app.view(model)), "the thinking seat is named as everywhere"
    work = work_of(effects)
    assert work.task == table.BOT_TASK
    record = inner.played.record
    value, steps = finish(work)
    assert steps > 1  # it yields: the shell runs it in slices
    at, seat, move = value
    view = GAME.view(inner.played.state, "A")
    expected = decide(games.bot("raythread"), view, "hard", derive(record.seed, "bot", "A", 0))
    assert (at, seat, move) == (0, "A", expected)
    model, effects = send(model, WorkDone(table.BOT_TASK, value))
    assert model.inner.played.record.log == ()  # not yet: a short pause so a person can follow it
    model, effects = send(model, Tick(table.BOT_TASK, 3_000))
    assert [(e.seat, e.move) for e in model.inner.played.record.log] == [("A", move)]
    assert model.inner.played.state == rules.play(inner.played.state, "A", move)[0]
    assert any(isinstance(e, Store) for e in effects)
    assert not any(isinstance(e, Work) and e.steps is not None and list(e.steps) for e in effects)  # Ann's turn


def test_a_whole_match_against_the_computer_ends_and_undo_goes_back_to_the_persons_last_move():
    model, effects = started(("here", "normal"))
    chooser = random.Random(3)
    human_moves = 0
    while model.inner.ui.view.get("result") is None:
        state = model.inner.played.state
        seat = state.seats[state.turn]
        if seat == "A":
            model, effects = click_move(model, chooser.choice(rules.legal(state, seat)))
            human_moves += 1
        else:
            model, effects = bot_turn(model, effects)
        if human_moves == 3 and model.inner.played.state.seats[model.inner.played.state.turn] == "A":
            before = model.inner.played.record.log
            assert before[-1].seat == "C"  # two players sit at A and C
            model, effects = send(model, UiEvent("click", "table-undo", now_ms=2_000))
            log = model.inner.played.record.log
            assert log == before[: len(before) - 2] and log[-1].seat == "C"  # the bot's and Ann's moves
            human_moves += 1
    assert human_moves > 4 and GAME.result(model.inner.played.state) is not None


def news_lines(model):
    (region,) = find_all(app.view(model), lambda e: e.attr("id") == "match-news")
    assert region.attr("aria-live") == "polite"
    return [text_of(line) for line in region.children]


def test_the_screen_reader_hears_every_computer_move_since_the_persons_own():
    model, effects = started(("here", "easy", "easy", "easy"), ("Ann", "", "", ""))
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, "A")[0])
    first = news_lines(model)
    assert len(first) >= 2 and all("Ann" in line for line in first[:-1])  # her move (and draw), then whose turn
    for _ in range(3):
        model, effects = bot_turn(model, effects)
    lines = news_lines(model)
    names = [f"Bot\u00a0{tag}\u00a0(Easy)" for tag in "ABCD"]  # as the page calls each seat (names[0] is Ann's)
    # The three computers' moves, one line each (and any beacon they lit), in turn order; then Ann's turn.
    said = [next(i for i, line in enumerate(lines[:-1]) if name in line) for name in names[1:]]
    assert said == sorted(said), lines
    # The region keeps her own move first (to read back what answered it); a screen reader reads only
    # the lines added, so it is not said again.
    assert lines[: len(first) - 1] == first[:-1] and not any("Ann" in line for line in lines[len(first) - 1 : -1])
    assert "Ann" in lines[-1]
    # Her next move starts afresh: only it is said.
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, "A")[0])
    again = news_lines(model)
    assert len(again) >= 2 and all("Ann" in line for line in again[:-1])
    assert not any(n in line for n in names[2:] for line in again)  # Bot B may be named: it thinks next


def test_a_stale_thinking_is_dropped_after_undo():
    model, effects = started(("here", "easy"))
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, "A")[0])
    value, _ = finish(work_of(effects))
    model, effects = send(model, UiEvent("click", "table-undo", now_ms=2_000))
    assert model.inner.played.record.log == ()
    assert StopWork(table.BOT_TASK) in effects  # the running thinking is stopped
    after, effects = send(model, WorkDone(table.BOT_TASK, value))
    assert after is model and effects == []


def test_reload_restores_the_computer_seats_and_thinks_again():
    model, effects = started(("here", "hard"))
    (saved,) = [e for e in effects if isinstance(e, Store)]
    assert json.loads(saved.text)["bots"] == {"C": "hard"}
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, "A")[0])
    (saved,) = [e for e in effects if isinstance(e, Store)]
    again, effects = screen(stored={"table.raythread": saved.text})
    assert [(s.kind, s.level) for s in again.inner.seats] == [("here", ""), ("bot", "hard")]
    assert work_of(effects).task == table.BOT_TASK
    assert "Bot\u00a0B\u00a0(Hard)" in text_of(app.view(again))


@pytest.mark.parametrize("bots", [{"C": "brilliant"}, {"Z": "hard"}, ["C"]])
def test_a_save_with_bad_computer_seats_is_refused(bots):
    _, effects = started(("here", "hard"))
    (saved,) = [e for e in effects if isinstance(e, Store)]
    raw = json.loads(saved.text) | {"bots": bots}
    again, effects = screen(stored={"table.raythread": json.dumps(raw)})
    assert again.inner.phase == "setup" and "could not be restored" in again.inner.message


def test_an_unknown_level_from_the_form_is_refused_with_a_reason():
    model, _ = started(("here", "brilliant"))
    assert model.inner.phase == "setup" and "Easy, Normal or Hard" in model.inner.message


@pytest.mark.parametrize("game", sorted(set(games.BOTS) & set(games.ON_ONE_DEVICE)))
def test_a_table_of_computers_only_plays_itself_for_the_device_to_watch(game):
    """Every game with a bot and a table: no game-specific code, the same screen seats its bots."""
    model, _ = screen(f"#/{game}/table")
    count = 3 if 3 in games.info(game).seats else 2
    form = {"players": str(count), **{f"kind{i}": "easy" for i in range(count)}}
    model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    assert [s.name for s in model.inner.seats] == ["Bot"] * count, "unnamed computers: told apart by seat"
    turns = 0
    while model.inner.ui.view.get("result") is None:
        model, effects = bot_turn(model, effects)
        turns += 1
        # No seat here: the live region says each move as it comes, not a growing list.
        assert len(news_lines(model)) <= 6
    assert turns > 3 and games.rules(game).result(model.inner.played.state) is not None
    assert not any(isinstance(e, Work) and list(e.steps) for e in effects)


def actions_of(model) -> list[str]:
    """The data-action of every button the table shows under its match."""
    return [str(b.attr("data-action")) for b in find_all(app.view(model), lambda e: e.tag == "button")]


@pytest.mark.parametrize("game", sorted(set(games.BOTS) & set(games.ON_ONE_DEVICE)))
def test_a_table_of_computers_only_shows_no_undo_while_a_table_with_a_person_does(game):
    """Undo takes back this device's last move: at a table of computers only there is none, ever, and its
    button stood greyed out beside "New match", then "Rematch", for the whole match (a player's pass, ja-JP)."""
    model, _ = screen(f"#/{game}/table")
    form = {"players": "2", "kind0": "easy", "kind1": "hard"}
    model, effects = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    assert "table-new" in actions_of(model) and "table-undo" not in actions_of(model)
    while model.inner.ui.view.get("result") is None:
        model, effects = bot_turn(model, effects)
    assert "table-new" in actions_of(model) and "table-undo" not in actions_of(model), "nor after its end"
    person, _ = send(screen(f"#/{game}/table")[0], UiEvent("submit", "table-setup", form={**form, "kind0": "here"}))
    assert "table-undo" in actions_of(person)


def test_a_default_player_name_speaks_the_language_the_page_speaks_now():
    # "Play vs computer" names its person "Player 1" in the page's language when the match starts; a
    # switch of language later says it in the new one (the match keeps the words it started with).
    model, _ = screen("#/raythread/table?vs=normal")
    with in_language("ja"):
        assert "プレイヤー1\u2060（\u2060A\u2060）" in text_of(app.view(model)) and "Player 1" not in text_of(
            app.view(model)
        )
        model, _ = send(model, UiEvent("click", "table-setup", now_ms=3_000))  # the form offers it again
        (field,) = find_all(app.view(model), lambda e: e.attr("name") == "name0")
        assert (field.attr("value"), field.attr("placeholder")) == ("", "プレイヤー1")
        model, _ = send(model, UiEvent("click", "table-resume", now_ms=4_000))
        i18n.set_language("en")
        assert "Player\u00a01\u00a0(A)" in text_of(app.view(model))
        i18n.set_language("ja")
        model, _ = screen("#/lightseeker/table?vs=normal")  # started in Japanese, read in English
        i18n.set_language("en")
        assert "Player\u00a01 to play" in text_of(app.view(model)) and "プレイヤー" not in text_of(app.view(model))


def test_the_log_names_a_default_player_in_the_language_the_page_speaks_now():
    # The log names each step's mover as the seats were held when the page followed it (a seat a computer
    # took over keeps its person's moves): a default name among them is said in today's language too.
    model, _ = screen("#/raythread/table?vs=normal")
    state = model.inner.played.state
    model, _ = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    (log,) = find_all(app.view(model), lambda e: e.attr("class") == "match-log")
    assert "Player\u00a01" in text_of(log)  # held whole (``i18n.held``)
    with in_language("ja"):
        (log,) = find_all(app.view(model), lambda e: e.attr("class") == "match-log")
        # (its words joined for the eye: "プ⁠レ⁠イ⁠ヤ⁠ー⁠1⁠（⁠A⁠）", ``core.game.named_seat``)
        assert "プレイヤー1" in text_of(log).replace("\u2060", "") and "Player 1" not in text_of(log)


def test_a_default_name_saved_before_the_japanese_lost_its_space_is_still_a_default_name():
    # A match saved in Japanese before the catalogue wrote "プレイヤー2" holds "プレイヤー 2": still the
    # default name, which an English page says as "Player 2" and a Japanese one as it is written now.
    assert match.shown_name("プレイヤー 2") == "Player 2"  # at any seat: a rematch moves it with its player
    with in_language("ja"):
        assert match.shown_name("プレイヤー 2") == "プレイヤー2"


def test_play_vs_computer_starts_a_one_person_match_at_once():
    card = app.card_actions(games.info("raythread"))
    assert ("Play vs computer", "#/raythread/table?vs=normal") in card
    model, effects = screen("#/raythread/table?vs=normal")
    assert model.inner.phase == "playing"
    assert [(s.kind, s.level) for s in model.inner.seats] == [("here", ""), ("bot", "normal")]
    assert Navigate("#/raythread/table", replace=True) in effects  # a reload restores, not deals again
    assert "Bot\u00a0B\u00a0(Normal)" in text_of(app.view(model))


def test_play_vs_computer_asks_before_a_match_in_progress_on_this_device_is_lost():
    """The card's "Play vs computer" dealt at once over the match saved here: a match of four, with
    moves in it, was gone without a word. Now the saved match opens with the question."""
    model, _ = screen()
    form = {"players": "3", "name0": "Ann", "name1": "Bea", "name2": "Cy"}
    model, _ = send(model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    saved = {"table.raythread": next(e.text for e in effects if isinstance(e, Store))}
    record = model.inner.played.record

    asked, effects = screen("#/raythread/table?vs=hard", saved)
    assert asked.inner.played.record == record and asked.inner.vs == "hard"
    assert Navigate("#/raythread/table", replace=True) in effects  # a reload asks no more
    assert not any(isinstance(e, Store) for e in effects), "nothing saved over the match yet"
    (question,) = find_all(app.view(asked), lambda e: e.attr("class") == "confirm")
    assert text_of(question).startswith("Play against the computer? The match in progress will be lost.")
    assert [b.attr("data-action") for b in find_all(question, lambda e: e.tag == "button")] == [
        "table-new-cancel",
        "table-vs",
    ]
    kept, effects = send(asked, UiEvent("click", "table-new-cancel", now_ms=3_000))
    assert kept.inner.vs == "" and kept.inner.played.record == record and not effects[1:]
    assert not find_all(app.view(kept), lambda e: e.attr("class") == "confirm")
    dealt, effects = send(asked, UiEvent("click", "table-vs", now_ms=3_000))
    assert dealt.inner.vs == "" and dealt.inner.played.record.log == ()
    assert [(s.kind, s.level) for s in dealt.inner.seats] == [("here", ""), ("bot", "hard")]
    assert any(isinstance(e, Store) for e in effects)
    # Nothing to lose (no move made yet, or the match over): it deals at once, as before.
    fresh, _ = send(model, UiEvent("click", "table-undo", now_ms=3_000))
    empty = {"table.raythread": table.save(fresh.inner).text}
    at_once, _ = screen("#/raythread/table?vs=easy", empty)
    assert at_once.inner.vs == "" and [s.level for s in at_once.inner.seats] == ["", "easy"]


def test_bots_thinking_at_once_are_named_as_a_list_in_the_page_language():
    class BothAtOnce:  # a board whose seats play at the same time (as Reflection's race does)
        def active(self, view):
            return frozenset({"A", "B"})

    ui = match.MatchUi("raythread", BothAtOnce(), {}, None)
    seats = (match.SeatAt("A", "Ann", "a", "bot", "hard"), match.SeatAt("B", "Bea", "b", "bot", "easy"))
    assert match.status(ui, match.Table("raythread", seats)) == "Ann\u00a0(A) and Bea\u00a0(B) are thinking…"


def test_a_thinking_bot_is_named_with_its_seat_as_everywhere_in_english_and_japanese():
    """The status names a thinking computer seat as the seat list and the log do, with its tag ("Bea (B)"),
    not "Bea (bot)": the seat list's badge says it is the computer, and which seat it is mattered more."""

    class BeaToPlay:  # a board where seat C (read B in a two-player Raythread match) is to play
        def active(self, view):
            return frozenset({"C"})

    ui = match.MatchUi("raythread", BeaToPlay(), {}, None)
    seats = (match.SeatAt("A", "Ann", "a", "here", ""), match.SeatAt("C", "Bea", "c", "bot", "normal"))
    table = match.Table("raythread", seats, mine=frozenset({"A"}))
    assert match.status(ui, table) == "Bea\u00a0(B) is thinking…"
    with in_language("ja"):
        assert match.status(ui, table) == "Bea\u2060（\u2060B\u2060）が考え中…"


def test_japanese_separates_the_parts_of_the_status_and_the_title_its_own_way():
    """The status joined "your turn" to whose turn it is with " · " in code, in every language: Japanese
    read "プレイヤー1（A）の番 · あなたの番", a Latin dot between half-width spaces. Each language now has its
    separator in the catalogue: "・" in a line, "｜" between the parts of a document title."""
    model, _ = screen("#/raythread/table?vs=normal")
    assert text_of(model_status(model)) == "Player\u00a01\u00a0(A) to play · your turn"
    assert app.title(model) == "Raythread Rally · Play on this device · Game Night Central"
    with in_language("ja"):
        assert text_of(model_status(model)) == "\u2060".join("プレイヤー1（A）") + "の番・あなたの番"
        assert app.title(model) == "Raythread Rally｜この端末で遊ぶ｜Game Night Central"


def model_status(model):
    (status,) = find_all(app.view(model), lambda e: "match-status" in str(e.attr("class") or "").split())
    return status


def test_play_vs_computer_with_an_unknown_level_says_so_and_changes_nothing():
    """``?vs=godlike`` (a hand-made or damaged "Play vs computer" link) opened the setup form without a
    word. Now the page names the levels it knows, deals nothing, and keeps a match saved here."""
    model, effects = screen("#/raythread/table?vs=godlike")
    assert model.inner.phase == "setup" and model.inner.played is None
    assert not any(isinstance(e, (Store, Work)) for e in effects)
    (notice,) = find_all(app.view(model), lambda e: e.attr("class") == "notice")
    said = text_of(notice)
    assert said == "A computer opponent plays Easy, Normal or Hard, not godlike.", said
    assert notice.attr("role") == "status"
    # A match in progress saved here is restored as it was, with the same word.
    started_model, _ = screen()
    form = {"players": "2", "name0": "Ann", "name1": "Bea"}
    started_model, _ = send(started_model, UiEvent("submit", "table-setup", form=form, now_ms=2_000))
    state = started_model.inner.played.state
    played, effects = click_move(started_model, rules.legal(state, state.seats[state.turn])[0])
    saved = {"table.raythread": next(e.text for e in effects if isinstance(e, Store))}
    kept, effects = screen("#/raythread/table?vs=" + "x" * 300, saved)
    assert kept.inner.played.record == played.inner.played.record and kept.inner.vs == ""
    assert not any(isinstance(e, Store) for e in effects)
    assert "Easy, Normal or Hard, not " + "x" * 20 + "." in text_of(app.view(kept)), text_of(app.view(kept))
    with in_language("ja"):
        ja, _ = screen("#/raythread/table?vs=godlike")
        assert "godlike" in text_of(app.view(ja)) and "Easy" not in text_of(app.view(ja))


def test_play_vs_computer_takes_its_level_in_any_case_and_with_spaces_around_it():
    """A player's pass: ``?vs=Normal`` (a link typed by hand, or capitalised by a phone's keyboard or a chat
    app) was refused as "A computer opponent plays Easy, Normal or Hard, not Normal.", which names the very
    level it refuses; ``?vs=%20normal`` as "… not  normal." The level is read as the setup form's words are:
    in any case, spaces around it dropped."""
    for vs in ("Normal", "NORMAL", "%20normal%20", "normal%0A"):
        model, effects = screen(f"#/raythread/table?vs={vs}")
        assert model.inner.phase == "playing" and model.inner.message == "", (vs, model.inner.message)
        assert model.inner.bots == {"C": "normal"}, vs
        assert Navigate("#/raythread/table", replace=True) in effects


def test_a_computer_seat_left_unnamed_is_called_bot_its_seat_and_its_level_in_the_page_s_language():
    """The rule of every page (docs/architecture.md, Bots): "Bot A (Hard)". A table named an unnamed computer
    seat Ada, Bea, Cy or Dot, a person's name the setup form never showed (its placeholder said "Player
    1"), read "Ada (A)" beside the badge "Bot (Hard)". A name typed for it is kept, as a person's is."""
    model, _ = started(("hard", "here"), ("", "Ann"))
    assert "Bot\u00a0A\u00a0(Hard) is thinking…" in text_of(app.view(model))
    # A card's name may break before its level's bracket (ui.match._computer_name: cut at 320 px otherwise).
    for lang, name in (("en", "Bot\u00a0A (Hard)"), ("ja", "ボ\u2060ッ\u2060ト\u2060A（\u2060むずかしい\u2060）")):
        with in_language(lang):
            tree = app.view(model)
            card = find_all(tree, lambda e: e.attr("data-seat") == "A" and "match-seat" in str(e.attr("class")))[0]
            said = [text_of(e) for e in find_all(card, lambda e: e.attr("class") in ("seat-name", "badge bot"))]
            # The badge is CPU, Japanese's one word for "computer" (docs/i18n.md): コンピューター, the word of
            # the sentences until a later pass, took the card to a third line at 320 and 390 px (test_phone.py).
            assert said == [name, "computer" if lang == "en" else "CPU"], said
    model, _ = send(model, UiEvent("click", "table-setup", now_ms=5_000))
    fields = find_all(app.view(model), lambda e: e.attr("name") == "name0")
    assert fields and fields[0].attr("value") == "", "the form shows no stored word as a typed name"
    named, _ = started(("hard", "here"), ("Hal", "Ann"))
    assert "Hal\u00a0(A) is thinking…" in text_of(app.view(named))


def test_one_rule_says_which_computer_player_has_no_name_of_its_own_for_the_form_and_the_boards():
    """``core.bot.unnamed_bot``: a computer seat stored as "Bot" (a table's) or named by its label (a lobby's),
    never a person, who may be called "Bot", nor a computer given a name. The table's setup form asks it
    twice (which names must differ; which field it leaves empty) and the boards ask it for every seat."""
    assert unnamed_bot("Bot", "hard") and unnamed_bot("Bot\u00a0(Hard)", "hard")
    assert not unnamed_bot("Bot", "") and not unnamed_bot("Hal", "hard")
    assert not unnamed_bot("Bot\u00a0(Easy)", "hard"), "another level's label names another computer"
    # A person called Bot beside two computers left unnamed: three players, names that differ.
    model, _ = started(("here", "easy", "hard"), ("Bot", "", ""))
    assert [(s.name, s.kind) for s in model.inner.seats] == [("Bot", "here"), ("Bot", "bot"), ("Bot", "bot")]
    assert match.Table("raythread", model.inner.seats).names == {
        "A": "Bot",
        "B": "Bot\u00a0(Easy)",
        "C": "Bot\u00a0(Hard)",
    }
    model, _ = send(model, UiEvent("click", "table-setup", now_ms=5_000))
    assert [v for _n, v, _p in name_fields(model)] == ["Bot", "", ""], "the person's name is kept as typed"


def name_fields(model):
    """The setup form's name fields: their names, values and placeholders, in seat order."""
    fields = find_all(app.view(model), lambda e: e.tag == "input" and str(e.attr("name")).startswith("name"))
    return [(f.attr("name"), f.attr("value"), f.attr("placeholder")) for f in fields]


def test_a_computer_seat_s_name_field_says_what_the_bot_will_be_called():
    """A seat the form gives the computer is called "Bot B (Hard)" when its name is left empty; its field's
    placeholder said "Player 2", a name it would never get. It says the bot's name as the form's "Played by"
    changes (a person's default again when it goes back to a person), in the page's language, and when the
    form is opened again over a match with a computer in it."""
    model, _ = screen()
    assert [p for _n, _v, p in name_fields(model)] == ["Player 1", "Player 2"]
    pick = UiEvent("change", "table-setup", data={"field": "kind", "index": "1"}, value="hard", now_ms=2_000)
    model, effects = send(model, pick)
    assert effects == []
    assert [p for _n, _v, p in name_fields(model)] == ["Player 1", "Bot\u00a0B\u00a0(Hard)"]
    (kind,) = find_all(app.view(model), lambda e: e.attr("name") == "kind1")
    assert [o.attr("value") for o in find_all(kind, lambda e: e.tag == "option" and e.attr("selected"))] == ["hard"]
    with in_language("ja"):
        assert [p for _n, _v, p in name_fields(model)] == [
            "プレイヤー1",
            "ボ\u2060ッ\u2060ト\u2060B\u2060（\u2060むずかしい\u2060）",
        ]
    # Three players: the third seat's field follows its own choice; a seat given back to a person, its default.
    # (The form's choices go by seat number, as its fields do: "kind2" is the third seat at any count.)
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "players"}, value="3", now_ms=2_000))
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "kind", "index": "1"}, value="here"))
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "kind", "index": "2"}, value="easy"))
    assert [p for _n, _v, p in name_fields(model)] == ["Player 1", "Player 2", "Bot\u00a0C\u00a0(Easy)"]
    # Nothing the form does not offer: an unknown seat or level changes nothing.
    for index, value in (("4", "hard"), ("x", "hard"), ("1", "godlike")):
        data = {"field": "kind", "index": index}
        assert send(model, UiEvent("change", "table-setup", data=data, value=value))[0] == model
    # Over a match with a computer in it (Play vs computer), the form shows its bot by name, not as typed.
    vs, _ = screen("#/raythread/table?vs=normal")
    vs, _ = send(vs, UiEvent("click", "table-setup", now_ms=3_000))
    assert name_fields(vs) == [("name0", "", "Player 1"), ("name1", "", "Bot\u00a0B\u00a0(Normal)")]


def saved_before_the_rule(kinds, names, moves=1):
    """A table saved as the app saved it before 5096728: an unnamed computer seat stored as Ada, Bea, Cy
    or Dot by seat number (the old default names), a typed name as typed."""
    model, effects = started(kinds, tuple("" if n in ("Ada", "Bea", "Cy", "Dot") else n for n in names))
    for _ in range(moves):
        state = model.inner.played.state
        mover = state.seats[state.turn]
        if mover in model.inner.bots:
            model, effects = bot_turn(model, effects)
        else:
            model, effects = click_move(model, rules.legal(state, mover)[0])
    saved = json.loads([e for e in effects if isinstance(e, Store)][-1].text)
    seats = saved["record"]["seats"]
    saved["record"]["names"] = dict(zip(seats, names, strict=True))
    return model, json.dumps(saved)


def test_a_table_saved_with_the_old_default_bot_names_opens_with_the_rule_s_names():
    """A returning player's match saved before the rule still named its unnamed computers Ada, Bea, Cy or Dot.
    It opens as it was (the same moves, seats and levels), its unnamed computers called as every page calls
    them now ("Bot B (Hard)"); a name a player typed stays, for a computer as for a person."""
    model, text = saved_before_the_rule(("here", "hard"), ("Ann", "Bea"))
    again, effects = screen(stored={"table.raythread": text})
    assert again.inner.played.record.log == model.inner.played.record.log
    assert [(s.name, s.kind, s.level) for s in again.inner.seats] == [("Ann", "here", ""), ("Bot", "bot", "hard")]
    page = text_of(app.view(again))
    assert "Bot\u00a0B\u00a0(Hard)" in page and "Bea" not in page, page
    assert "Welcome back: the match is as you left it." in page
    assert work_of(effects).task == table.BOT_TASK, "the computer thinks as before"
    # Its next save is in the rule's words; the form opened over it offers the bot's name, not "Bea".
    state = again.inner.played.state
    moved, effects = bot_turn(again, effects) if state.seats[state.turn] == "C" else (again, effects)
    state = moved.inner.played.state
    moved, effects = click_move(moved, rules.legal(state, "A")[0])
    (save,) = [e for e in effects if isinstance(e, Store)]
    assert json.loads(save.text)["record"]["names"] == {"A": "Ann", "C": "Bot"}
    form, _ = send(again, UiEvent("click", "table-setup", now_ms=5_000))
    assert name_fields(form) == [("name0", "Ann", "Player 1"), ("name1", "", "Bot\u00a0B\u00a0(Hard)")]
    # Only a computer's own old default is: a person called Bea, a computer a player called Bea in another
    # seat, and a typed name (Hal) stay as they were.
    _, text = saved_before_the_rule(("easy", "here", "normal"), ("Ada", "Bea", "Cy"))
    kept, _ = screen(stored={"table.raythread": text})
    assert [s.name for s in kept.inner.seats] == ["Bot", "Bea", "Bot"]
    assert "Bot\u00a0A\u00a0(Easy)" in text_of(app.view(kept)) and "Bot\u00a0C\u00a0(Normal)" in text_of(app.view(kept))
    _, text = saved_before_the_rule(("easy", "hard", "here"), ("Bea", "Hal", "Cy"))
    kept, _ = screen(stored={"table.raythread": text})
    assert [s.name for s in kept.inner.seats] == ["Bea", "Hal", "Cy"]


def test_a_damaged_table_saved_with_the_old_default_bot_names_is_refused_and_kept():
    """The saved table is untrusted input, in the old words as in the new: a damaged one is refused with a
    readable reason, and nothing is written over it (a new match replaces it)."""
    _, text = saved_before_the_rule(("here", "hard"), ("Ann", "Bea"))
    raw = json.loads(text)
    raw["record"]["names"] = {"A": "Ann", "C": "Bea\u00a0(B)"}
    refused, effects = screen(stored={"table.raythread": json.dumps(raw)})
    assert refused.inner.phase == "setup" and refused.inner.played is None
    assert refused.inner.message.startswith("Your saved match could not be restored; start a new one. ")
    assert not any(isinstance(e, (Store, Work)) for e in effects)


def test_the_setup_form_keeps_no_choice_for_a_seat_above_its_player_count():
    """The form's "Played by" choices (``Model.kinds``) held seats the form no longer shows: a fourth seat
    given to the computer stayed a computer, unseen, after the count went down to two, and came back so
    when it went up again, though its fields had gone from the page (a name typed there with them). The
    count's change drops the choices above it, and a choice for a seat not shown changes nothing."""
    players = UiEvent("change", "table-setup", data={"field": "players"}, value="4", now_ms=2_000)
    model, _ = send(screen()[0], players)
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "kind", "index": "3"}, value="hard"))
    assert model.inner.kinds == {3: "hard"}
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "players"}, value="2"))
    assert model.inner.kinds == {}, "the fourth seat's choice went with its fields"
    hidden = UiEvent("change", "table-setup", data={"field": "kind", "index": "2"}, value="easy")
    assert send(model, hidden)[0] == model, "no choice for a seat the form does not show"
    model, _ = send(model, UiEvent("change", "table-setup", data={"field": "players"}, value="4"))
    (kind,) = find_all(app.view(model), lambda e: e.attr("name") == "kind3")
    assert [o.attr("value") for o in find_all(kind, lambda e: e.tag == "option" and e.attr("selected"))] == ["here"]


@pytest.mark.parametrize("game", sorted(set(games.BOTS) & set(games.ON_ONE_DEVICE)))
def test_a_finished_match_offers_rematch_not_undo_and_stays_finished_after_a_reload(game):
    """Undo stood beside Rematch under the final standings (a player's pass, "Play vs computer" and a table of
    two): a finished match is final, on one device as in a game night (docs/rules, "On this device"). Once the
    board shows the move that ended it, Undo goes and Rematch takes the lead; a press that was already on its
    way (an Undo clicked as the end came) takes nothing back, nor does a reloaded page offer it."""
    model, effects = screen(f"#/{game}/table?vs=easy")
    chooser = random.Random(5)
    rules_ = games.rules(game)
    while model.inner.ui.view.get("result") is None:
        state = model.inner.played.state
        if (seat := next(iter(rules_.active(state)))) in model.inner.bots:
            model, effects = bot_turn(model, effects)
        elif game == "raythread":
            model, effects = click_move(model, chooser.choice(rules.legal(state, seat)))
        else:
            move = chooser.choice(list(rules_.legal(state, seat)))
            played = table.play(model.inner, seat, move, 2_000)
            model, effects = replace(model, inner=played[0]), played[1]
        while match.replaying(model.inner.ui):  # the end's panel waits for the last move's replay
            model, _ = send(model, Tick(match.REPLAY, 9_000))
    assert "table-new" in actions_of(model) and "table-undo" not in actions_of(model)
    record = model.inner.played.record
    after, effects = send(model, UiEvent("click", "table-undo", now_ms=3_000))
    assert after.inner.played.record == record and after.inner.ui.view.get("result") is not None
    assert not any(isinstance(e, Store) for e in effects)
    saved = table.save(model.inner)
    reloaded, _ = screen(f"#/{game}/table", {saved.key: saved.text})
    assert reloaded.inner.ui.view.get("result") is not None and "table-undo" not in actions_of(reloaded)


def pause_of(effects) -> int:
    """The length of the computer's pause the table started (its ``BOT_TASK`` timer)."""
    (timer,) = [e for e in effects if isinstance(e, StartTimer) and e.timer == table.BOT_TASK]
    return timer.every_ms


def test_two_computers_at_a_raythread_table_wait_for_the_sweep_of_the_move_before_then_the_pause():
    """Two computer players on this device: the second's move waited the pause alone after its thinking
    (450 ms, under the 600 ms of the first move's beams sweeping in), so it could cut the sweep short. It now
    waits as a lobby host's computer does (``match.bot_wait_ms``): until the board has moved the move before
    it in, then the pause."""
    model, effects = started(("easy", "easy"), ("", ""))
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value, now_ms=2_100))
    assert pause_of(effects) == PAUSE_MS, "the first move follows a still board: the pause alone"
    before = model.inner.ui
    model, effects = send(model, Tick(table.BOT_TASK, 2_550))
    assert len(model.inner.played.record.log) == 1
    assert model.inner.ui.local.fresh, "its new beams sweep in"
    sweep = match.watched_ms(before, model.inner.ui)
    assert sweep >= scene.SWEEP_MS, "the board's motion (a beacon claimed flashes longer: scene.FLASH_MS)"
    value, _ = finish(work_of(effects))
    model, effects = send(model, WorkDone(table.BOT_TASK, value, now_ms=2_600))
    assert 2_600 + pause_of(effects) >= 2_550 + sweep + PAUSE_MS, "the sweep, then the pause"
    model, _ = send(model, Tick(table.BOT_TASK, 3_600))
    assert len(model.inner.played.record.log) == 2
