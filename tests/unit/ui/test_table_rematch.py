"""A table's Rematch on this device turns the seats one place (``table.turned``, by the rule of
``lobby.rematch.turned``): each player, with their name and kind (a person here or a computer's level),
moves to the next seat and the last seat's player takes the first, so another player starts. Before it
the same player moved first in every match (Raythread's first seat wins ~86% between equal bots)."""

import dataclasses
import json
import random

from gamenight import games
from gamenight.raythread import rules
from gamenight.ui import app, match, table
from gamenight.ui.program import Store, UiEvent
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.test_table import play as click_move
from tests.unit.ui.test_table_bots import bot_turn, name_fields, screen, send, started
from tests.unit.words import in_language


def to_play(model) -> str:
    """Who moves first: the name and kind of the seat to play."""
    inner = model.inner
    (seat,) = games.RULES["raythread"].active(inner.played.state)
    at = next(s for s in inner.seats if s.id == seat)
    return f"{at.name}/{at.level or at.kind}"


def play_to_the_end(model, effects, seed=5):
    """Both sides play legal moves until the match has a result: the person by clicks, the computer as
    the shell runs its thinking."""
    chooser = random.Random(seed)
    while model.inner.ui.view.get("result") is None:
        if table.bot_to_play(model.inner) is not None:
            model, effects = bot_turn(model, effects)
            continue
        state = model.inner.played.state
        seat = state.seats[state.turn]
        model, effects = click_move(model, chooser.choice(rules.legal(state, seat)))
    return model, effects


def rematch(model):
    assert "Rematch" in text_of(app.view(model))
    return send(model, UiEvent("click", "table-new", now_ms=2_000))


def starts(model) -> list[str]:
    """The line over the Rematch that says who will start it."""
    found = find_all(app.view(model), lambda e: "rematch-starts" in str(e.attr("class") or ""))
    return [text_of(e) for e in found]


def status(model) -> str:
    """The status as the live region says it: a rematch's first turn adds who starts it and a turned player's
    colour (``match.turn_words``, ``heard``); the status shows a turn's words (``shown``)."""
    return match.status(model.inner.ui, table.table_of(model.inner), heard=True)


def shown(model) -> str:
    return match.status(model.inner.ui, table.table_of(model.inner))


def test_against_the_computer_the_person_starts_then_the_computer_then_the_person():
    model, effects = screen("#/raythread/table?vs=normal")
    assert to_play(model) == "Player 1/here"
    model, effects = play_to_the_end(model, effects)
    # The computer player is named by the seat it will sit at, as its card, the board's letters and the log
    # will name it once the rematch has started (its label alone, "Bot (Normal)", it had nowhere else).
    assert starts(model) == ["In the rematch, Bot\u00a0A\u00a0(Normal) starts."]
    model, effects = rematch(model)
    inner = model.inner
    assert [(s.id, s.kind, s.level) for s in inner.seats] == [("A", "bot", "normal"), ("C", "here", "")]
    assert inner.played.record.log == () and to_play(model) == "Bot/normal", "stored unnamed: named by its seat"
    # The first status says who starts, and that the computer is thinking (it starts at once): the rematch
    # alone read as if the match stood still.
    assert status(model) == "Rematch: Bot\u00a0A\u00a0(Normal) starts · thinking…"
    with in_language("ja"):
        assert status(model) == "再戦：ボ\u2060ッ\u2060ト\u2060A\u2060（\u2060ふつう\u2060）から開始・考え中…"
    (seat_list,) = find_all(app.view(model), lambda e: "match-seats" in str(e.attr("class") or "").split())
    # (a card's name may break before its level's bracket: ui.match._computer_name)
    assert "Bot\u00a0A (Normal)" in text_of(seat_list), "its card names it by the seat it sits at now"
    assert [s.name for s in inner.seats][1] == "Player 1", "an unnamed person keeps their name too"
    model, effects = play_to_the_end(model, effects, seed=6)
    assert starts(model) == ["In the rematch, Player\u00a01\u00a0(A) starts."]
    model, effects = rematch(model)
    assert to_play(model) == "Player 1/here", "and the person the match after"
    assert [(s.kind, s.level) for s in model.inner.seats] == [("here", ""), ("bot", "normal")]
    # Back at seat A, orange again after a match in pink: said on the first turn (``match.moved_words``).
    assert status(model) == "Rematch: Player\u00a01\u00a0(A) starts · your turn · you are orange this time"


def test_three_players_each_move_one_seat_on_with_their_names_and_kinds():
    model, effects = started(("here", "hard", "here"), ("Ann", "", "Cy"))
    model, effects = play_to_the_end(model, effects)
    assert starts(model) == ["In the rematch, Cy\u00a0(A) starts."], "said before the press"
    (button,) = find_all(app.view(model), lambda e: e.attr("data-action") == "table-new")
    assert button.attr("aria-describedby") == "rematch-starts"
    model, effects = rematch(model)
    assert not starts(model)
    seats = model.inner.seats
    assert [(s.name, s.kind, s.level) for s in seats] == [
        ("Cy", "here", ""),
        ("Ann", "here", ""),
        ("Bot", "bot", "hard"),  # named by the seat it sits at: "Bot C (Hard)"
    ]
    assert model.inner.bots == {seats[2].id: "hard"}
    assert status(model) == "Rematch: Cy\u00a0(A) starts", "the first status says who starts"
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    assert status(model) == "Ann\u00a0(B) to play", "then whose turn it is, as in any match"


def test_a_new_match_over_a_match_in_progress_deals_again_as_the_seats_are():
    model, _ = started(("here", "here"), ("Ann", "Bea"))
    state = model.inner.played.state
    model, _ = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    model, _ = send(model, UiEvent("click", "table-new", now_ms=2_000))  # asks first
    model, _ = send(model, UiEvent("click", "table-new", now_ms=2_000))  # "Start a new match"
    assert [s.name for s in model.inner.seats] == ["Ann", "Bea"] and model.inner.played.record.log == ()
    assert to_play(model) == "Ann/here"


def test_a_default_name_goes_with_its_player_as_a_typed_name_does():
    """A person left unnamed keeps the name the match before called them by, as a typed name does: "Player 3"
    starts the rematch at seat A, "Player 3 (A)" (it stayed with its seat, and a player's pass read the player
    who moved as another). In the page's language at any seat (it stayed English on a Japanese page once it
    was no longer its seat's default)."""
    model, effects = started(("here", "here", "here"), ("", "Bea", ""))
    model, effects = play_to_the_end(model, effects)
    assert starts(model) == ["In the rematch, Player\u00a03\u00a0(A) starts."], "the last seat's player, at seat A"
    model, effects = rematch(model)
    assert [s.name for s in model.inner.seats] == ["Player 3", "Player 1", "Bea"]
    assert status(model) == "Rematch: Player\u00a03\u00a0(A) starts"
    with in_language("ja"):
        assert [s.name for s in table.table_of(model.inner).seats] == ["プレイヤー3", "プレイヤー1", "Bea"]


def test_light_seeker_reads_an_unnamed_player_who_moved_with_their_seat():
    """Light Seeker's seats read 1 and 2, and a default name alone at its own seat ("Player 1",
    ``core.game.named_seat``): moved by a rematch, it keeps its name and is read with its new seat, "Player 1 (2)"."""
    model, _ = screen("#/lightseeker/table")
    model, _ = send(model, UiEvent("submit", "table-setup", form={"name0": "", "name1": "Bea"}, now_ms=1_000))
    dealt, _ = table.deal(table.turned(model.inner), 2_000, again=True)  # what Rematch deals after a match
    tab = table.table_of(dealt)
    assert [match.seat_label(tab, s.id) for s in tab.seats] == ["Bea\u00a0(1)", "Player\u00a01\u00a0(2)"]
    assert match.status(dealt.ui, tab, heard=True) == "Rematch: Bea\u00a0(1) starts"


def test_light_seeker_names_the_computer_player_that_starts_the_rematch_by_the_seat_it_will_sit_at():
    """Light Seeker's seats read 1 and 2: the computer player the person just played, "Bot 2 (Normal)", starts
    the rematch at seat 1, "Bot 1 (Normal)", as the board's numbers and its card say there (a player's pass
    read "Player 1 (2)" playing "Bot 2 (Normal, seat 1)")."""
    model, _ = screen("#/lightseeker/table?vs=normal")
    tab = table.table_of(model.inner)
    assert [match.seat_label(tab, s.id) for s in tab.seats] == ["Player\u00a01", "Bot\u00a02\u00a0(Normal)"]
    assert table.rematch_starts(model.inner) == "In the rematch, Bot\u00a01\u00a0(Normal) starts."
    dealt, _ = table.deal(table.turned(model.inner), 2_000, again=True)  # what Rematch deals after a match
    tab = table.table_of(dealt)
    assert match.status(dealt.ui, tab, heard=True) == "Rematch: Bot\u00a01\u00a0(Normal) starts · thinking…"
    assert [match.seat_label(tab, s.id) for s in tab.seats] == ["Bot\u00a01\u00a0(Normal)", "Player\u00a01\u00a0(2)"]


def test_a_computer_player_is_told_from_another_of_its_level_by_its_seat_and_a_named_one_by_its_name():
    model, _ = started(("here", "hard", "hard"), ("Ann", "", ""))
    # Two Bot (Hard): the one at C starts, named by seat A, where it will sit.
    assert table.rematch_starts(model.inner) == "In the rematch, Bot\u00a0A\u00a0(Hard) starts."
    model, _ = started(("here", "hard"), ("Ann", "Deep Blue"))
    assert table.rematch_starts(model.inner) == "In the rematch, Deep\u00a0Blue\u00a0(A) starts."


def saved_of(effects) -> str:
    (saved,) = [e for e in effects if isinstance(e, Store)]
    return saved.text


def test_a_rematch_reloaded_before_its_first_move_still_says_who_starts():
    """The table's save says the match is a rematch: reloaded before its first move, the status read the
    ordinary "Bea (A) to play", as if nobody had been told that the seats turned."""
    model, effects = started(("here", "here"), ("Ann", "Bea"))
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    again, _ = screen(stored={"table.raythread": saved_of(effects)})
    assert again.inner.phase == "playing" and again.inner.played.record.log == ()
    assert status(again) == "Rematch: Bea\u00a0(A) starts", "as before the reload"
    state = again.inner.played.state
    moved, effects = click_move(again, rules.legal(state, state.seats[state.turn])[0])
    assert status(moved) == "Ann\u00a0(B) to play"
    reloaded, _ = screen(stored={"table.raythread": saved_of(effects)})
    assert status(reloaded) == "Ann\u00a0(B) to play", "after its first move, whose turn it is, as in any match"


def test_a_first_match_saves_no_rematch_and_a_save_without_one_reads_as_none():
    _, effects = started(("here", "here"), ("Ann", "Bea"))
    raw = json.loads(saved_of(effects))
    assert "rematch" not in raw, "written only for a rematch: a table saved before it was reads the same"
    again, _ = screen(stored={"table.raythread": json.dumps(raw)})
    assert not again.inner.rematch and status(again) == "Ann\u00a0(A) to play"


def test_a_save_with_a_bad_rematch_is_refused_with_a_reason_and_kept():
    model, effects = started(("here", "here"), ("Ann", "Bea"))
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    text = json.dumps(json.loads(saved_of(effects)) | {"rematch": "yes"})
    again, effects = screen(stored={"table.raythread": text})
    assert again.inner.phase == "setup" and again.inner.played is None
    assert "could not be restored" in again.inner.message and "'rematch' must be true or false" in again.inner.message
    assert not [e for e in effects if isinstance(e, Store)], "the entry is left as it is"


def labels(model) -> list[str]:
    tab = table.table_of(model)
    return [match.seat_label(tab, s.id) for s in tab.seats]


def test_people_keep_their_names_across_a_rematch_and_a_computer_is_named_by_the_seat_it_sits_at():
    """A rematch moves each player one seat on. A person keeps the name the match before called them by (a
    default "Player 1" too: it stayed with its seat, read as another player), read with the seat they sit at
    now. A computer player left unnamed has no identity beyond its level: it is named by the seat it sits at
    now, as the board's letters and colours are. It kept the letter of the seat it left ("Bot D (Hard, seat A)"
    in orange beside the board's pink C tiles of Bea's, and the log's "Bot D (Hard, seat A)'s beam" in the
    orange beam: a player QA pass). In every game played on one device, in the page's language, on the cards,
    in the status and in the log."""
    model, _ = screen("#/raythread/table?vs=normal")
    assert labels(model.inner) == ["Player\u00a01\u00a0(A)", "Bot\u00a0B\u00a0(Normal)"]
    again, _ = table.deal(table.turned(model.inner), 2_000, again=True)  # what Rematch deals after a match
    assert labels(again) == ["Bot\u00a0A\u00a0(Normal)", "Player\u00a01\u00a0(B)"]
    assert [s.name for s in again.seats] == ["Bot", "Player 1"], "a computer is stored unnamed"
    tab = table.table_of(again)
    assert match.status(again.ui, tab, heard=True) == "Rematch: Bot\u00a0A\u00a0(Normal) starts · thinking…"
    cards = find_all(match._seat_list(again.ui, tab), lambda e: e.attr("class") == "seat-name")
    # (a computer's card name may break before its level's bracket: ui.match._computer_name)
    assert [text_of(e) for e in cards] == ["Bot\u00a0A (Normal)", "Player\u00a01\u00a0(B)"]
    assert match.holder_names(match.holders(tab), tab) == tab.names, "the log names them as the cards do"
    with in_language("ja"):
        assert labels(again) == [
            "ボ\u2060ッ\u2060ト\u2060A\u2060（\u2060ふつう\u2060）",
            "\u2060".join("プレイヤー1（B）"),
        ]
    back, _ = table.deal(table.turned(again), 3_000, again=True)
    assert labels(back) == ["Player\u00a01\u00a0(A)", "Bot\u00a0B\u00a0(Normal)"]
    assert [s.name for s in back.seats] == ["Player 1", "Bot"], "saved as a first match's names"
    # Four seats, two computers: each is named by the seat it sits at, so two of a level are told apart.
    model, _ = started(("here", "normal", "here", "hard"), ("Ann", "", "Bea", ""))
    assert labels(model.inner) == ["Ann\u00a0(A)", "Bot\u00a0B\u00a0(Normal)", "Bea\u00a0(C)", "Bot\u00a0D\u00a0(Hard)"]
    assert table.rematch_starts(model.inner) == "In the rematch, Bot\u00a0A\u00a0(Hard) starts."
    again, _ = table.deal(table.turned(model.inner), 2_000, again=True)
    assert labels(again) == ["Bot\u00a0A\u00a0(Hard)", "Ann\u00a0(B)", "Bot\u00a0C\u00a0(Normal)", "Bea\u00a0(D)"]
    tab = table.table_of(again)
    assert match.holder_names(match.holders(tab), tab) == tab.names
    with in_language("ja"):
        assert labels(again)[0] == "ボ\u2060ッ\u2060ト\u2060A\u2060（\u2060むずかしい\u2060）"
    # "Players and options" leaves a computer's name, as a default one, to the field's placeholder.
    model, _ = send(dataclasses.replace(model, inner=again), UiEvent("click", "table-setup", now_ms=3_000))
    assert [v for _n, v, _p in name_fields(model)] == ["", "Ann", "", "Bea"]
    # Light Seeker (seats 1 and 2, a default name read alone at its own seat).
    model, _ = screen("#/lightseeker/table?vs=normal")
    assert labels(model.inner) == ["Player\u00a01", "Bot\u00a02\u00a0(Normal)"]
    again, _ = table.deal(table.turned(model.inner), 2_000, again=True)
    assert labels(again) == ["Bot\u00a01\u00a0(Normal)", "Player\u00a01\u00a0(2)"]
    tab = table.table_of(again)
    assert match.holder_names(match.holders(tab), tab) == tab.names


def test_a_table_saved_with_a_computer_stored_by_the_letter_of_the_seat_it_left_reads_it_by_its_seat_now():
    """Tables and logs saved before hold a computer a rematch moved as "Bot B" (the letter of the seat it had
    left): they load, and read it as the computer at its seat now, "Bot A (Normal)", in the cards and in the
    log; its next rematch stores it unnamed."""
    model, effects = screen("#/raythread/table?vs=normal")
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    model, effects = bot_turn(model, effects)  # the computer's first move: a step of the log
    raw = json.loads(saved_of(effects))
    names = raw["record"]["names"]
    assert names == {"A": "Bot", "C": "Player 1"}, names
    raw["record"]["names"] = {"A": "Bot B", "C": "Player 1"}  # as a rematch stored it before
    again, _ = screen(stored={"table.raythread": json.dumps(raw)})
    assert again.inner.phase == "playing" and len(again.inner.played.record.log) == 1
    assert labels(again.inner) == ["Bot\u00a0A\u00a0(Normal)", "Player\u00a01\u00a0(B)"]
    tab = table.table_of(again.inner)
    old = (("A", "Bot B", "normal"), ("C", "Player 1", ""))  # a log's holders as they were kept
    assert match.holder_names(old, tab) == {"A": "Bot\u00a0(Normal)", "C": "Player 1"}
    assert match.seat_label(tab, "A") == "Bot\u00a0A\u00a0(Normal)"
    entries = text_of(app.view(again))
    assert "Bot\u00a0B" not in entries and "seat\u00a0A" not in entries
    turned = table.turned(again.inner)
    assert turned.names == ("Player 1", "Bot"), "the next rematch stores it unnamed"


def test_the_person_hears_and_reads_their_new_colour_once_on_their_first_turn_of_the_rematch():
    """A player's pass against the computer: the rematch swapped the seats, and the person, orange (A) a match
    ago, is pink (B) now; nothing near the board said so, and they looked for their colour. On their first turn
    of the rematch the live region says it in words with the turn, and the person's seat card shows them: once,
    not at every turn. (The status showed them too: its room moved the board or kept an empty line.)"""
    model, effects = screen("#/raythread/table?vs=normal")
    assert "this time" not in status(model), "a first match moves nobody"
    model, effects = play_to_the_end(model, effects)
    model, effects = rematch(model)
    model, effects = bot_turn(model, effects)  # the computer starts it
    first = "Player\u00a01\u00a0(B) to play · your turn · you are pink this time"
    assert status(model) == first
    tab = table.table_of(model.inner)
    assert match.news(model.inner.ui, tab)[-1] == first, "heard with the turn, once"
    assert shown(model) == "Player\u00a01\u00a0(B) to play · your turn"
    cards = find_all(app.view(model), lambda e: e.attr("class") == "match-seat turn")  # the person's
    assert "you are pink this time" in text_of(cards[0]), "shown on the person's card"
    with in_language("ja"):
        assert status(model).endswith("あなたの番・今回はピンクです")
    state = model.inner.played.state
    model, effects = click_move(model, rules.legal(state, state.seats[state.turn])[0])
    model, effects = bot_turn(model, effects)
    assert status(model) == "Player\u00a01\u00a0(B) to play · your turn", "said once"
