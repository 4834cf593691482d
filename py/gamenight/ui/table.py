"""A table on this device (``#/<game>/table``): every seat played from one browser, offline.

The screen holds the match's one authority — the rules' ``play`` on one state, and the same match
record as the lobby (``lobby/record.py``) — and shows it with the shared match screen
(``ui/match.py``). Players pass the device round (hands are public in every game offered here).
Undo takes back the last move (keeping the previous states: they are immutable), until the match is over:
a finished match is final (``final``: Rematch, no Undo); the record is kept
in local storage after every move, so a reload replays it and the match goes on (a second tab of the
same table shows the same match: each takes the other's saves, ``saved_elsewhere``); "New match" deals
again with the same seats and options (during a match with moves in it, it first asks, in place:
"Start a new match? This one will be lost.", with "Keep playing" focused); so do "Start the match"
under "Players and options", and "Play vs computer" (the game's card, ``?vs=<level>``) when it finds
a match in progress kept here.

Seats have a kind (``SeatAt.kind``): a person on this device, or a computer player at a level
(``gamenight.games.BOTS``; the setup offers it for a game that has a bot). When a computer seat is to
play, the screen starts its thinking as a ``Work`` effect (the shell runs it in ~12 ms slices, so the
page stays responsive while "Bot B (Hard) is thinking…"); the chosen move waits until the board has moved
the move before it in (Raythread's sweep), then a short pause so a person can follow it, as a lobby host's
computer waits (``match.bot_wait_ms``), then goes through the same ``play`` as a person's. The match
screen may then play the move back step by step (a board that ``unfold``s it: Light Seeker's actions, then Buh) on its
``match.replay`` timer, which this screen passes on; an input on the board ends that replay and does no
more (a key that looks around excepted: ``match.handle``), while the table's own controls (Undo, New
match, "Players and options") act as at any time, the last two ending the replay first: their question
or form stands over the position (a computer's move made under the question is shown at once). The move that ends a
match is played back too, and the end's panel (the standings, who starts the rematch, "Rematch") waits for
its end; "New match" pressed meanwhile only ends it (``over_unseen``). While one plays
back, it is the next computer move's pause: that move waits for its end, then is played at once. A
thinking whose position has gone (an undo, a new match) is dropped. Undo takes back the computer
players' moves and the last move made here. A table of computer players only is allowed: the device
watches them play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import games, i18n
from gamenight.core.bot import (
    LEVELS,
    NAME,
    called,
    level_name,
    parse_level,
    thinking,
    turn_seed,
    unnamed_bot,
)
from gamenight.core.errors import BadMessage, BadOptions, GameNightError, IllegalMove
from gamenight.core.game import JSON, form_number, named_seat, seat_colour, seat_ids, seat_tags
from gamenight.core.jsonutil import dumps, get_bool, get_int, loads, obj, only_keys
from gamenight.core.rng import fresh_seed
from gamenight.i18n import N_, _, ngettext, reasons, sentences, terms
from gamenight.lobby import rematch
from gamenight.lobby.names import name_key
from gamenight.lobby.protocol import MAX_NAME, typed_name
from gamenight.lobby.record import (
    MAX_RECORD_BYTES,
    Entry,
    Record,
    count_moves,
    parse_record,
    recent_steps,
    replay_steps,
)
from gamenight.ui import forms, match
from gamenight.ui.heading import heading_parts
from gamenight.ui.live import alerts
from gamenight.ui.program import (
    Effect,
    Env,
    Focus,
    Keys,
    Navigate,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Stored,
    Tick,
    UiEvent,
    WarnBeforeLeaving,
    Work,
    WorkDone,
)
from gamenight.ui.svg import Element, h, remember

reasons(
    {
        "table-names-differ": N_("Give every player a different name."),
        "table-players": N_("Choose {lo} to {hi} players."),
        "table-save-version": N_("This saved match is from another version of the app."),
        "table-save-game": N_("This saved match is of another game."),
        "table-save-bots": N_("It has a computer player at a seat the match does not have."),
    }
)
# What a refusal of a saved match's shape calls it ("A saved match must be an object."), in the page's
# language: an unregistered name was shown quoted, in English ("'a saved table' must be …").
SAVED = "saved-table"
terms({SAVED: N_("a saved match")})


# "Players and options" replaces the match with the setup form: focus goes to its first field.
FOCUS_SETUP = Focus("form[data-action=table-setup] :is(select, input)")
# The question before a match in progress is dealt away offers "Keep playing" first (Enter keeps it).
FOCUS_KEEP = Focus("button[data-action=table-new-cancel]")
FOCUS_NEW = Focus("button[data-action=table-new]")
# A refused setup's reason is drawn above the form: with four seats on a phone, out of the window where "Start
# the match" was pressed, which then looked like a press that did nothing. Focus stays on the button.
SHOW_REFUSAL = ShowInWindow("main.table > .notice")
# A reloaded match: focus on the match's status line (whose turn it is), as a host's reloaded night puts
# it on its focus home; left on the body, a keyboard player's next Tab began again at the header. Quietly:
# nobody has pressed a key since the load, and a keyboard's ring round the status stood there for a player
# who plays by mouse or finger; the next key shows it (``Focus.quiet``).
FOCUS_HOME = Focus("[data-focus-home]", quiet=True)
QUESTION = ("table-new", "table-new-cancel", "table-vs")  # the answers to the questions above
BOT_TASK = "table-bot"  # the ``Work`` of the computer player's thinking, and the timer of its pause
# How long a tab that took the position from another tab's save waits before playing the computer's
# answer itself: longer than the tab that made the move takes to think, pause and play back the move
# before (a Light Seeker turn: a few 600 ms steps), so that tab plays it and this one takes its save.
ELSEWHERE_PAUSE_MS = 5_000


def store_key(game: str) -> str:
    return f"table.{game}"


@dataclass(frozen=True)
class Played:
    """The match in progress: its record, the state after each step and each step's events."""

    record: Record
    states: tuple[Any, ...]
    events: tuple[tuple[JSON, ...], ...]

    @property
    def state(self) -> Any:
        return self.states[-1]


@dataclass(frozen=True)
class Model:
    """``phase`` is setup or playing."""

    game: str
    phase: str = "setup"
    players: int = 2
    names: tuple[str, ...] = ()  # the names last used, offered again
    options: Mapping[str, Any] | None = None
    played: Played | None = None
    seats: tuple[match.SeatAt, ...] = ()
    ui: match.MatchUi | None = None
    message: str = ""
    # The words given so far (``say``): which of the word's two live regions says the one standing, so the same
    # words given again are heard again (``ui.live.alerts``).
    said: int = 0
    # The page's time of the last message that changed the match (a deal, a move, an undo, a restore): only a
    # fallback for a message that tells none. Each position handed to the match screen carries the time of the
    # message that brought it (``play``, ``deal``, ``retold``): this one, set when the table opened, was passed
    # as "now" to every later move, and a board that reacts (a clock: ``match.Moved``) read a stale time.
    now_ms: int = 0
    bots: Mapping[str, str] = field(default_factory=dict)  # computer seats and their levels (seat → level)
    # The setup form's "Played by" as changed since it was opened, by seat number as its fields go ("kind1"):
    # a level or "here", for the seats it shows only (below ``players``). A seat not changed shows the
    # match's (``bots``), which the form changes only when it starts a match, so "Back to the match" finds
    # its computers as they were.
    kinds: Mapping[int, str] = field(default_factory=dict)
    pending: tuple[int, str, JSON] | None = None  # a computer's move waiting for its pause: (at, seat, move)
    # When the board will have moved the last move in, shown at once (Raythread's sweep: ``match.watched_until``),
    # by the page's clock: a computer's move waits for it, then its pause (``match.bot_wait_ms``); 0: still.
    watched_until: int = 0
    # "New match" was pressed during a match with moves in it: the page asks before dealing it away.
    confirming: bool = False
    # "Play vs computer" (the level) came while a match in progress is kept here: asked the same way.
    vs: str = ""
    # The position shown was taken from another tab's save: that tab, which made the last move, plays
    # the computer's answer; this one waits ``ELSEWHERE_PAUSE_MS`` for it (in case that tab was closed).
    elsewhere: bool = False
    # The match was dealt by Rematch: its status says who starts it until the first move (``match.Table``).
    rematch: bool = False


class TableScreen:
    """The "Play on this device" screen of one game (registered per game in ``gamenight.games``)."""

    label = N_("Play on this device")

    def __init__(self, game: str) -> None:
        self.game = game
        # The board's own entries too (a turn being built, kept across a reload: ``ui.match.TURNS_KEY``).
        self.storage_keys = (store_key(game), *games.BOARD_STORAGE.get(game, ()))

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Model, list[Effect]]:
        rules = games.RULES[self.game]
        model = Model(self.game, players=rules.info.seats.start, now_ms=env.now_ms)
        # Read as the setup form's words are: a link typed by hand or capitalised on the way ("?vs=Normal")
        # was refused as "… plays Easy, Normal or Hard, not Normal."
        vs = params.get("vs", "").strip().lower()
        saved = env.stored.get(store_key(self.game))
        kept = {k: env.stored[k] for k in games.BOARD_STORAGE.get(self.game, ()) if k in env.stored}
        if vs in LEVELS and games.bot(self.game) is not None:
            # "Play vs computer" (the game's card): one person against one computer player, at once,
            # unless a match in progress is kept here (it asks first); the address loses its ``?vs`` so
            # a reload restores the match instead of dealing (or asking) again.
            drop_vs = Navigate(f"#/{self.game}/table", replace=True)
            try:
                going = restore(self.game, saved, kept, env.now_ms) if saved is not None else None
            except GameNightError:
                going = None
            if going is not None and in_progress(going):
                going = replace(going, vs=vs)
                return going, [WarnBeforeLeaving(False), *think(going), drop_vs, FOCUS_KEEP]
            model, effects = against_computer(model, vs, env.now_ms)
            return model, [*effects, drop_vs]
        # A level this page does not know (a hand-made or damaged link) is said, naming the levels it
        # knows; nothing else changes: no match is dealt, a saved one opens as it would without it.
        unknown = ""
        if vs:
            try:
                parse_level(vs)
            except BadOptions as err:
                unknown = match.said(err.to_json())
        if saved is None:
            return say(model, unknown), []
        try:
            restored = restore(self.game, saved, kept, env.now_ms)
        except GameNightError as err:
            # Say why, and leave the entry as it is: a save from a newer version of the app, read by an
            # older copy (an offline one), is not this page's to delete; a new match replaces it.
            failed = _("Your saved match could not be restored; start a new one.")
            return say(model, sentences(unknown, failed, match.said(err.to_json()))), []
        welcome = _("Welcome back: the match is as you left it.")
        restored = say(restored, sentences(unknown, welcome))
        return restored, [WarnBeforeLeaving(False), *think(restored), FOCUS_HOME]

    def update(self, model: Model, message: Any) -> tuple[Model, list[Effect]]:
        if isinstance(message, WorkDone) and message.task == BOT_TASK:
            return thought(model, message.value, message.now_ms or model.now_ms)
        if isinstance(message, Tick) and message.timer == BOT_TASK:
            return bot_moves(model, message.now_ms)
        if isinstance(message, Tick) and message.timer == match.REPLAY and model.ui is not None:
            return replayed(model, match.react(model.ui, table_of(model), message), message.now_ms)
        if isinstance(message, Stored) and message.key == store_key(self.game):
            return saved_elsewhere(model, message.text, message.now_ms or model.now_ms)
        if isinstance(message, Stored):  # a board's entry another tab wrote: read at the next start only
            return model, []
        if not isinstance(message, UiEvent):
            return model, []
        now = message.now_ms or model.now_ms
        if model.phase == "setup":
            return _setup_input(model, message, now)
        return _play_input(model, message, now)

    def view(self, model: Model) -> Element:
        return view(model)

    def keys(self, model: Model) -> Keys:
        """Its board's while the match is shown; over the setup form (which may keep the match it leads
        back to, unseen) none: that board is not on the page (``view``)."""
        return match.keys(self.game, model.ui if model.phase == "playing" else None)

    def on_reload(self, model: Model) -> str:
        """A match in progress comes back after a reload: its record is saved at every move."""
        return _("Your match is kept.") if model.phase == "playing" and in_progress(model) else ""

    def title(self, model: Model) -> str:
        info = games.RULES[self.game].info
        return i18n.title(info.title, _("Play on this device"))


# --- the setup ----------------------------------------------------------------------------------


def _setup_input(model: Model, event: UiEvent, now: int) -> tuple[Model, list[Effect]]:
    if event.type == "change" and event.action == "table-setup" and event.data.get("field") == "players":
        count = form_number(event.value)
        rules = games.RULES[model.game]
        if count is not None and count in rules.info.seats:
            # The choices of the seats above the count go with their fields (the morph drops them).
            kept = {i: kind for i, kind in model.kinds.items() if i < count}
            return replace(model, players=count, kinds=kept), []
        return model, []
    if event.type == "change" and event.action == "table-setup" and event.data.get("field") == "kind":
        # A seat's name field says what its player will be called if left empty: "Bot B (Hard)" for a
        # computer (``setup_view``), so the form hears each change of who plays it.
        index, kind = form_number(event.data.get("index", "")), event.value
        if index is not None and index < model.players and kind in ("here", *LEVELS) and games.bot(model.game):
            return replace(model, kinds={**model.kinds, index: kind}), []
        return model, []
    if event.type == "submit" and event.action == "table-setup":
        if model.played is not None and in_progress(model) and not model.confirming:
            # The form would deal the match in progress away: it asks first, as "New match" does (the
            # form keeps what was typed, so its "Start the match" sends the same choices again).
            return replace(model, confirming=True, message=""), [FOCUS_KEEP]
        model, effects = _start_from_form(model, event.form, now)
        # Starting or resuming a match replaces the button pressed with the board: keyboard focus goes to
        # the board, not back to the top of the page.
        if model.phase == "playing":
            return model, [*effects, match.FOCUS_BOARD]
        return model, [*effects, SHOW_REFUSAL] if model.message else effects
    # "Keep playing" (the answer to the question above) goes back to the match, as "Back to the match" does.
    if event.type == "click" and event.action in ("table-resume", "table-new-cancel") and model.played is not None:
        # A player count picked in the form goes with the form: the match, and "New match", keep theirs.
        model = replace(
            model, phase="playing", message="", players=len(model.played.record.seats), kinds={}, confirming=False
        )
        return model, [*think(model), match.FOCUS_BOARD]
    return model, []


def _start_from_form(model: Model, form: Mapping[str, str], now: int) -> tuple[Model, list[Effect]]:
    rules = games.RULES[model.game]
    try:
        count = form_number(form.get("players", ""))
        count = model.players if count is None else count
        if count not in rules.info.seats:
            raise BadOptions("table-players", lo=rules.info.seats.start, hi=rules.info.seats.stop - 1)
        bots = {}
        if games.bot(model.game) is not None:
            seats = seat_ids(rules, count)
            kinds = [form.get(f"kind{i}", "here") for i in range(count)]
            bots = {seats[i]: parse_level(kind) for i, kind in enumerate(kinds) if kind != "here"}
        names = []
        for i in range(count):
            typed = form.get(f"name{i}", "").strip()
            try:
                # A computer seat left unnamed is stored as bot.NAME, which every page calls "Bot B (Hard)"
                # in its language (match.Table.names).
                names.append(
                    typed_name(typed or (NAME if seat_ids(rules, count)[i] in bots else match.default_name(i)))
                )
            except BadMessage as err:  # which of the names it is: the form may hold four
                problem = match.describe(err.to_json())
                return say(model, _("Player {n}: {problem}").format(n=i + 1, problem=problem)), []
        unnamed = [unnamed_bot(n, bots.get(s, "")) for s, n in zip(seat_ids(rules, count), names, strict=True)]
        # The lobby's rule for names that must differ ("Bea" and "Bea." are one name: ``names.name_key``).
        named = [name_key(n) for n, bot in zip(names, unnamed, strict=True) if not bot]
        if len(set(named)) != len(named):  # unnamed computers are told apart by their seats
            raise BadMessage("table-names-differ")
        fields = getattr(rules, "option_fields", ())
        raw = forms.read_options(fields, form) if fields else None
        rules.options(raw)
    except GameNightError as err:
        return say(model, match.said(err.to_json())), []
    return deal(replace(model, players=count, names=tuple(names), options=raw, bots=bots), now)


def against_computer(model: Model, level: str, now: int) -> tuple[Model, list[Effect]]:
    """A new match of one person (a default name) against one computer player at ``level``."""
    rules = games.RULES[model.game]
    names = (match.default_name(0), NAME)
    return deal(replace(model, players=2, names=names, options=None, bots={seat_ids(rules, 2)[1]: level}), now)


def deal(model: Model, now: int, again: bool = False) -> tuple[Model, list[Effect]]:
    """Start a new match with the model's players, names and options (a fresh seed); ``again``: a
    rematch, its players ``turned`` already."""
    rules = games.RULES[model.game]
    seats = seat_ids(rules, model.players)
    seed = fresh_seed(random.Random(now))
    names = dict(zip(seats, model.names, strict=True))
    record = Record(model.game, model.options, seats, names, seed)
    state = rules.setup(rules.options(model.options), seats, seed)
    played = Played(record, (state,), ((),))
    bots = {s: level for s, level in model.bots.items() if s in seats}
    seated = _seats(model.game, record.seats, record.names, bots)
    model = replace(
        model,
        phase="playing",
        played=played,
        bots=bots,
        kinds={},
        seats=seated,
        message="",
        vs="",
        elsewhere=False,
        rematch=again,
        now_ms=now,
    )
    # The turn being built on the match this one replaces (a new match, a rematch) is kept no more.
    fresh = match.left(model.ui, match.start(model.game, _board(model.game), _view(model), now_ms=now))
    ui, asked, _moves = match.take(fresh)
    model = replace(model, ui=ui, pending=None, confirming=False, watched_until=0)
    return model, [save(model), *asked, *think(model)]


def turned(model: Model) -> Model:
    """The players of a rematch, each with their name and kind (a person here, or a computer's level),
    seated one place on (``lobby.rematch.turned``: in a game whose seats take turns the last seat's player
    starts, so the same player does not move first every match).

    A person keeps the name the match before called them by, read with the seat they sit at now (a player's pass:
    a default name that stayed with its seat read as another player): a default name goes with its person
    ("Player 1 (B)", in the page's language: ``match.shown_name``). A computer left unnamed has no identity beyond
    its level: it is stored unnamed (``NAME``) and named by the seat it sits at now, "Bot A (Normal)", as the
    board's letters and colours are (one stored by a seat it had left, "Bot B", by a rematch before, too)."""
    rules = games.RULES[model.game]
    seats = seat_ids(rules, model.players)
    players = rematch.turned(
        rules, [(s, name, model.bots.get(s, "")) for s, name in zip(seats, model.names, strict=True)]
    )
    names = tuple(NAME if unnamed_bot(name, level) else name for _was, name, level in players)
    bots = {s: level for s, (_was, _name, level) in zip(seats, players, strict=True) if level}
    return replace(model, names=names, bots=bots)


def _board(game: str) -> match.Board:
    """The match screen of ``game``: every game played on one device has one."""
    board = games.board(game)
    assert board is not None
    return board


def _seats(
    game: str, seats: tuple[str, ...], names: Mapping[str, str], bots: Mapping[str, str]
) -> tuple[match.SeatAt, ...]:
    rules = games.RULES[game]
    return tuple(
        match.SeatAt(s, names[s], seat_colour(rules, s), "bot" if s in bots else "here", bots.get(s, "")) for s in seats
    )


def rematch_starts(model: Model) -> str:
    """Under the Rematch of a game whose seats take turns, who will start it, by the rule it seats them
    by (``turned``): "In the rematch, Bea (A) starts." Nobody was told before the press that the seats
    turn, and the match began under another player's name."""
    rules = games.RULES[model.game]
    if not rematch.turns(rules):
        return ""
    after = turned(model)
    seats = seat_ids(rules, model.players)
    names = dict(zip(seats, after.names, strict=True))
    table = table_of(replace(after, seats=_seats(model.game, seats, names, after.bots)))
    return match.rematch_starts(match.seat_label(table, seats[0]))


def restore(game: str, text: str, kept: Mapping[str, str] | None = None, now: int = 0) -> Model:
    """The table saved by ``save``; raises ``BadMessage`` for anything that does not replay exactly.
    ``kept``: the page's local-storage values of the board's ``storage_keys`` (the turn being built on the
    position saved, built again if it still fits: ``ui.match.resumed``); ``now``: the page's time."""
    raw = obj(loads(text, MAX_RECORD_BYTES), SAVED, BadMessage)
    only_keys(raw, ("v", "record", "bots", "rematch"), SAVED, BadMessage)
    if get_int(raw, "v", BadMessage) != 1:
        raise BadMessage("table-save-version")
    record = parse_record(raw.get("record"))
    if record.game != game:
        raise BadMessage("table-save-game")
    bots = obj(raw.get("bots", {}), SAVED, BadMessage)
    if not set(bots) <= set(record.seats):
        raise BadMessage("table-save-bots")
    try:
        bots = {seat: parse_level(level) for seat, level in bots.items()}
    except BadOptions as err:
        raise BadMessage(err.code, **err.params) from None
    # Written only for a rematch: a table saved before it was (or of a first match) reads as none.
    again = get_bool(raw, "rematch", BadMessage, default=False)
    record = replace(record, names=_renamed(record, bots))
    steps = replay_steps(record)
    played = Played(record, tuple(s for s, _e in steps), tuple(tuple(e) for _s, e in steps))
    model = Model(
        game,
        phase="playing",
        players=len(record.seats),
        names=tuple(record.names[s] for s in record.seats),
        options=record.options,
        played=played,
        seats=_seats(game, record.seats, record.names, bots),
        bots=bots,
        rematch=again,
        now_ms=now,
    )
    # The log as it was: every step replayed, and the moves before those it keeps counted.
    return replace(model, ui=retold(model, now, kept))


# The names a computer seat left unnamed got before the rule of 5096728 ("Bot B (Hard)", docs/architecture.md,
# Bots), by seat number: tables saved then still hold them.
_EARLIER_BOT_NAMES = ("Ada", "Bea", "Cy", "Dot")


def _renamed(record: Record, bots: Mapping[str, str]) -> dict[str, str]:
    """The record's names with a computer seat's old default (Ada for the first seat, Bea for the second …)
    stored as an unnamed computer is now (``NAME``), so a table saved before the rule calls its bots as every
    page does, and its next save is in the rule's words. A name the player typed stays: a person's, or a
    computer's other than its own seat's default (the old form could not tell "Bea" typed for the second
    seat from the default; the default is what a player got by typing nothing)."""
    earlier = dict(zip(record.seats, _EARLIER_BOT_NAMES, strict=False))
    return {s: NAME if s in bots and earlier.get(s) == name else name for s, name in record.names.items()}


def save(model: Model) -> Store:
    assert model.played is not None  # saved once dealt
    saved: dict[str, Any] = {"v": 1, "record": model.played.record.to_json()}
    if model.bots:
        saved["bots"] = dict(model.bots)
    if model.rematch:  # the status says who starts it until its first move, after a reload too
        saved["rematch"] = True
    return Store(store_key(model.game), dumps(saved))


def saved_elsewhere(model: Model, text: str | None, now: int) -> tuple[Model, list[Effect]]:
    """Another tab of this browser saved this game's table (a move, an undo, a new match): this page
    takes the match as saved, so both tabs show one match and the next save of either loses nothing.
    (Each tab used to play on its own copy, and the last save won.) An entry this page cannot read
    (another version of the app) leaves this page's match as it is; its next move saves it again.

    A removed entry is the player's data cleared in the settings: this page lets the match go too and
    shows the setup form (the players kept), as a Reflection puzzle closed elsewhere goes back to its
    options. It used to keep the match, and its next save, a computer player's move a moment later,
    brought back what the player had just cleared."""
    if text is None:
        if model.played is None:
            return model, []
        said = _("This match was cleared in another tab: start a new one when you like.")
        cleared = say(replace(model, phase="setup", played=None, ui=None, pending=None, confirming=False, vs=""), said)
        # The turn this tab was building on it goes with it.
        _ui, dropped, _moves = match.take(match.dropped(model.ui)) if model.ui is not None else (None, [], [])
        return cleared, [*dropped, StopWork(BOT_TASK), StopTimer(BOT_TASK), StopTimer(match.REPLAY)]
    try:
        theirs = restore(model.game, text, now=now)
    except GameNightError:
        return model, []
    assert theirs.played is not None and theirs.ui is not None  # restored: playing
    if model.played is not None and (model.played.record, model.bots) == (theirs.played.record, theirs.bots):
        return model, []
    if model.phase == "setup":  # the form stays as it is; "Back to the match" goes to the match as saved
        taken = replace(
            model, played=theirs.played, seats=theirs.seats, ui=theirs.ui, bots=theirs.bots, rematch=theirs.rematch
        )
    else:
        taken = say(
            replace(theirs, said=model.said),
            _("This match was played on in another tab: here it is."),
        )
    # A computer move or a question of this page was about the position it had: both go, and so does the
    # turn it was building there.
    ui, asked, _moves = match.take(match.left(model.ui, theirs.ui))
    taken = replace(taken, ui=ui, pending=None, confirming=False, vs="", elsewhere=True, watched_until=0)
    stop: list[Effect] = [*asked, StopWork(BOT_TASK), StopTimer(BOT_TASK)]
    return taken, [*stop, *think(taken)] if taken.phase == "playing" else stop


# --- computer players -----------------------------------------------------------------------------


def bot_to_play(model: Model) -> str | None:
    """The computer seat that is to play now, if any (none once the match is over)."""
    if model.phase != "playing" or model.played is None:
        return None
    rules = games.RULES[model.game]
    state = model.played.state
    if rules.result(state) is not None:
        return None
    return next((s for s in rules.active(state) if s in model.bots), None)


def think(model: Model) -> list[Effect]:
    """Start the thinking of the computer seat to play (replacing any thinking still running), or
    stop a thinking whose turn has gone."""
    if not model.bots:
        return []
    seat = bot_to_play(model)
    if seat is None:
        return [StopWork(BOT_TASK), StopTimer(BOT_TASK)]
    rules = games.RULES[model.game]
    assert model.played is not None  # a seat is to play: a match was dealt
    record = model.played.record
    at = len(record.log)
    # The seed comes from the match, so a reloaded match makes the same computer moves.
    seed = turn_seed(record.seed, seat, at)
    view = rules.view(model.played.state, seat)
    bot = games.bot(model.game)
    assert bot is not None  # computer seats are dealt only in a game that has a bot
    return [StopTimer(BOT_TASK), Work(BOT_TASK, thinking(bot, view, model.bots[seat], seed, at, seat))]


def thought(model: Model, value: Any, now: int) -> tuple[Model, list[Effect]]:
    """A computer player chose its move: it is played after a short pause, if its position still stands.
    A move before it shown at once that the board moves in (Raythread's new beams sweep in) is waited for,
    then the pause, as a lobby host's computer waits (``match.bot_wait_ms``): the pause alone let one computer's
    move cut the other's sweep short. While the match screen plays back the move before it (another
    computer's), that replay is the pause: the move waits for its end, then is played at once (``replayed``).

    With two tabs on one table, both think (the same move: the seed comes from the match). The tab
    that made the last move plays it after the pause; a tab that took that position from the other's
    save waits longer (``ELSEWHERE_PAUSE_MS``), and the other's save of the answer ends its wait
    (``saved_elsewhere``). With one pause for both, whichever finished first played it, and the
    other tab cut its replay short for a copy of the same move. A tab left alone (the other closed)
    plays it when its wait ends."""
    if not isinstance(value, tuple) or not _current(model, value[0], value[1]):
        return model, []
    if model.ui is not None and match.replaying(model.ui):
        return replace(model, pending=value), []
    wait = ELSEWHERE_PAUSE_MS if model.elsewhere else match.bot_wait_ms(model.watched_until, now)
    return replace(model, pending=value), [StartTimer(BOT_TASK, wait)]


def replayed(model: Model, ui: match.MatchUi, now: int) -> tuple[Model, list[Effect]]:
    """The match screen moved on in a replay (a step, its end, an input that skipped it): what it asks
    of the page is done, and a computer's move that waited for the replay's end is played now."""
    ui, asked, _ = match.take(ui)
    model = replace(model, ui=ui)
    if model.pending is not None and not match.replaying(ui):
        model, effects = bot_moves(model, now)
        return model, [*asked, *effects]
    return model, asked


def bot_moves(model: Model, now: int) -> tuple[Model, list[Effect]]:
    """The pause is over: the computer's move goes through the table's one ``play``."""
    pending = model.pending
    if pending is None or not _current(model, pending[0], pending[1]):
        return (model if pending is None else replace(model, pending=None)), [StopTimer(BOT_TASK)]
    _at, seat, move = pending
    model, effects = play(replace(model, pending=None), seat, move, now)
    return model, [StopTimer(BOT_TASK), *effects]


def _current(model: Model, at: int, seat: str) -> bool:
    return bot_to_play(model) == seat and model.played is not None and len(model.played.record.log) == at


# --- playing ------------------------------------------------------------------------------------


def table_of(model: Model) -> match.Table:
    mine = frozenset(s.id for s in model.seats if s.kind == "here")
    seats = tuple(replace(s, name=match.shown_name(s.name)) for s in model.seats)
    # A rematch here seats every player one place on in a game whose seats take turns (``turned``).
    moved = model.rematch and len(seats) > 1 and rematch.turns(games.RULES[model.game])
    return match.Table(model.game, seats, mine, rematch=model.rematch, turned=moved)


# The view of each position shown, by the state's identity (svg.remember): a move taken back shows the
# earlier view object again, and what the match screen kept for it (svg.keep: the seats, the beams …)
# is reused.
_VIEWS: dict[Any, tuple[tuple, JSON]] = {}


def _view(model: Model, state: Any = None) -> JSON:
    """The position (``state``, else the match's) as this device shows it: through the eyes of the seat
    to play now if it sits here."""
    rules = games.RULES[model.game]
    assert model.played is not None  # the view of the match dealt
    now = model.played.state
    here = [s.id for s in model.seats if s.kind == "here"]
    active = [s for s in here if s in rules.active(now)]
    seat = next(iter(active or here), None)
    shown = now if state is None else state
    return remember(_VIEWS, seat, lambda: rules.view(shown, seat), (shown,))


def _play_input(model: Model, event: UiEvent, now: int) -> tuple[Model, list[Effect]]:
    # The table's own controls act here, during a replay too (they are not about the position shown);
    # every other input is the board's, and the match screen says what it does during a replay.
    action = event.action
    shown = model.ui
    assert shown is not None  # playing: the match screen was started with the deal
    if (model.confirming or model.vs) and event.type == "click" and action not in QUESTION:
        model = replace(model, confirming=False, vs="")  # a click elsewhere (a move, Undo) answers: keep playing
    if event.type == "click" and action == "table-vs" and model.vs:
        model, effects = against_computer(model, model.vs, now)
        return model, [*effects, match.FOCUS_BOARD]
    if event.type == "click" and action == "table-undo":
        return undo(model, now)
    if event.type == "click" and action == "table-new":
        if over_unseen(model):
            # "New match" pressed while the move that ended the match is played back: the end comes first
            # (the standings, who starts the rematch and its button, focused), as a question comes first
            # over a match in progress. Nothing is dealt: the press was aimed at a match not yet over.
            model, effects = replayed(replace(model, message=""), match.ended(shown), now)
            return model, [*effects, FOCUS_NEW]
        if in_progress(model) and not model.confirming:
            # The question stands over the position, not over a replay playing on under it: the replay
            # ends (a computer's move that waited for its end is played, and shown at once: ``play``).
            model, effects = replayed(replace(model, confirming=True, message=""), match.ended(shown), now)
            return model, [*effects, FOCUS_KEEP]
        # After a match that ended (even one whose last move is still played back) it is a rematch.
        again = model.played is not None and model.played.record.ended is not None
        model = turned(model) if again else model
        if model.confirming:  # "Start a new match?" answered: focus goes with the question, to the status line
            return deal(model, now)
        # A rematch (or a deal before any move): the button pressed stays, below the seats; focus goes to
        # the board, where the new match is played, as when a match is started from the setup form.
        model, effects = deal(model, now, again)
        return model, [*effects, match.FOCUS_BOARD]
    escape = event.type == "keydown" and event.key == "Escape" and action in QUESTION  # focus on an answer
    if (event.type == "click" and action == "table-new-cancel") or (escape and (model.confirming or model.vs)):
        return replace(model, confirming=False, vs=""), [FOCUS_NEW]
    if event.type == "click" and action == "table-setup":
        # The form replaces the match: a replay ends (its timer stopped), and "Back to the match" shows
        # the position, as the computer players, who wait meanwhile, see it.
        ui, stop, _ = match.take(match.ended(shown))
        model = replace(model, phase="setup", message="", pending=None, ui=ui, kinds={})
        return model, [*stop, *think(model), FOCUS_SETUP]
    ui, move = match.handle(shown, table_of(model), event)
    if move is None and match.replaying(shown) and not match.replaying(ui):
        # The input ended the replay: a computer's move that waited for its end is played now.
        return replayed(model, ui, now)
    ui, asked, _ = match.take(ui)  # what the board asks of the page (keyboard focus); its move is ``move``
    if move is None:
        # The table's word stays: a hover, a focus move or a tile chosen changes nothing of the match, and
        # the word went before a screen reader had said it. What changes the match (a move, an undo, a
        # new match) gives its own word or none.
        return (model, []) if ui is shown else (replace(model, ui=ui), asked)
    seat = match.acting_seat(shown, table_of(model))
    assert seat is not None  # handle() asked the board with this seat: no seat acting, no move
    # The move may come from a button that is gone after it (Light Seeker's "Confirm turn"): focus
    # stays on the board, where the next turn is played (a move made on the board keeps it there).
    model, effects = play(replace(model, ui=ui, confirming=False), seat, move, now)  # a move answers "New match?"
    # The move that ended the match sends focus on to Rematch instead (``match.FOCUS_END``, in ``effects``).
    return model, [*asked, *effects, *([] if final(model) else [match.FOCUS_BOARD])]


def play(model: Model, seat: str, move: JSON, now: int) -> tuple[Model, list[Effect]]:
    """Play ``move`` for ``seat`` on the one state of this table, or show why it is refused."""
    rules = games.RULES[model.game]
    played, shown = model.played, model.ui
    assert played is not None and shown is not None  # a move is played on the match dealt
    try:
        state, events = rules.play(played.state, seat, move, now)
    except IllegalMove as err:
        return replace(model, ui=match.refused(shown, err.to_json())), []
    over = rules.result(state) is not None
    record = replace(
        played.record, log=(*played.record.log, Entry(now, seat, dict(move))), ended="over" if over else None
    )
    played = Played(record, (*played.states, state), (*played.events, tuple(events)))
    model = replace(model, played=played, message="", elsewhere=False, now_ms=now)
    # A move made by a computer player may be played back step by step (the replay's timer), unless the
    # page asks "Start a new match?" over it: the player reads the question, and the log and the live
    # region say the move.
    moves = count_moves(record.log)
    ui = match.advance(shown, _view(model), events, table_of(model), moves, watched=not model.confirming, now_ms=now)
    ui, asked, _ = match.take(ui)
    # Played back step by step, the replay holds the next computer move (``thought``); shown at once, the
    # board's motion does (a move made here is not played back: its steps count for nothing).
    watched = match.watched_until(shown, ui, now, played_back=match.replaying(ui))
    model = replace(model, ui=ui, watched_until=watched)
    return model, [save(model), *asked, *think(model)]


def undo(model: Model, now: int) -> tuple[Model, list[Effect]]:
    """Take back the last move (and the computer players' moves after the last move made here) at ``now``."""
    played = model.played
    assert played is not None  # Undo is shown with the match dealt
    if final(model):
        # A finished match is final (docs/rules/<game>.md, "On this device"): its Undo went with the end, and
        # a press already on its way as the end came takes nothing back.
        return model, []
    keep = last_own_move(model)
    if keep is None:
        return say(model, _("There is no move to take back.")), []
    # How many: the computer's answers go with the player's move, and "Move taken back." for two read as if
    # only the answer had gone.
    taken = len(played.record.log) - keep
    said = ngettext("Move taken back.", "{n} moves taken back.", taken).format(n=taken)
    record = replace(played.record, log=played.record.log[:keep], ended=None)
    played = Played(record, played.states[: keep + 1], played.events[: keep + 1])
    model = say(replace(model, played=played, pending=None, elsewhere=False, watched_until=0, now_ms=now), said)
    # Zoomed in, the board stays so; the turn being built on the position left is kept no more.
    ui, asked, _moves = match.take(match.left(model.ui, match.restarted(model.ui, retold(model, now))))
    model = replace(model, ui=ui)
    # Nothing left to take back disables the Undo button just pressed, which drops keyboard focus.
    last = last_own_move(model) is None
    return model, [save(model), *asked, *think(model), *([match.FOCUS_BOARD] if last else [])]


def say(model: Model, words: str) -> Model:
    """``model`` giving the table's word ``words`` (none: ``""``), counted: the same words given twice are put
    into the other of the word's two live regions, which a screen reader hears as it did the first (the morph
    leaves a region given its own words again as it was, and nothing is said)."""
    return replace(model, message=words, said=model.said + 1 if words else model.said)


def last_own_move(model: Model) -> int | None:
    """Where in the record the last move made on this device is (not a computer player's): what Undo
    takes back, with the computer players' moves after it; ``None``: nothing to take back."""
    assert model.played is not None  # asked of the match dealt (Undo and its button)
    log = model.played.record.log
    return next((i for i in reversed(range(len(log))) if log[i].seat not in model.bots), None)


def retold(model: Model, now: int, kept: Mapping[str, str] | None = None) -> match.MatchUi:
    """The match screen started afresh at the match's position, with the log its record tells (a
    restored match, a move taken back): the same steps, and the same moves before them, as the log
    that followed it move by move. ``now``: the page's time; ``kept``: the board's local-storage values
    (``restore``)."""
    assert model.played is not None  # retold from the match dealt
    record = model.played.record
    # The position before the last move: the board marks what that move changed (the cubes a Light
    # Seeker turn moved, the tile Raythread's last move placed), as it did when it was played.
    before = _view(model, model.played.states[-2]) if len(model.played.states) > 1 else None
    moves = count_moves(record.log)
    board, table = _board(model.game), table_of(model)
    ui = match.start(model.game, board, _view(model), table, kept, before=before, now_ms=now, moves=moves)
    earlier, steps = recent_steps(record.log, model.played.events[1:])  # the first: the setup's, none
    return match.retold(ui, steps, earlier, moves)


def final(model: Model) -> bool:
    """Whether the match is over and the board shows the move that ended it: its result stands, with Rematch
    and no Undo. A finished match is final here as in a game night (no Undo there): every move is confirmed
    before it is played (Raythread's second tap or Enter, Light Seeker's "Confirm turn"), so none ends a match
    by a slip, and a winner said by the status, the live region and the standings is not taken back. While
    the move that ended it is still played back, the match is shown as it was before it, Undo too."""
    assert model.ui is not None  # asked while playing
    return model.ui.view.get("result") is not None and not over_unseen(model)


def over_unseen(model: Model) -> bool:
    """Whether the match is over but the board still plays back the move that ended it: the end's panel
    (the standings, who starts the rematch and its button) waits for the board to show that move, so a
    player watching the last move is not offered the rematch before the move ends."""
    assert model.ui is not None  # asked while playing
    return model.ui.view.get("result") is not None and match.replaying(model.ui)


def in_progress(model: Model) -> bool:
    """A match with moves in it and no result yet: what "New match" would throw away."""
    assert model.played is not None and model.ui is not None  # asked while playing
    return bool(model.played.record.log) and model.ui.view.get("result") is None


# --- the view -----------------------------------------------------------------------------------


def view(model: Model) -> Element:
    info = games.RULES[model.game].info
    setup = model.phase == "setup" or model.ui is None
    return h(
        "main",
        {"class": f"page table table-{model.game}", "data-phase": model.phase},
        # The subtitle moves to a line of its own as a whole box, its separator (in its type) drawn only beside
        # the title: "Light Seeker · on this device", or "Light Seeker" / "on this device" (``heading_parts``).
        heading_parts("h1", {"tabindex": "-1"}, i18n.name(info.title), _("on this device"), subtitle=True),
        # While playing, the match screen shows the message beside its controls (``match.render``).
        # Two regions by turns, as the match screen's word (``match.render``): the same words again are heard.
        setup and alerts(model.message, model.said, "notice", "table-word", status=True),
        setup_view(model) if setup else playing_view(model),
    )


def setup_view(model: Model) -> Element:
    rules = games.RULES[model.game]
    seats = seat_ids(rules, model.players)
    counts = rules.info.seats
    tags = seat_tags(rules, seats)
    has_bot = games.bot(model.game) is not None
    kinds = [model.kinds.get(i) or model.bots.get(seat, "here") for i, seat in enumerate(seats)]
    rows = [
        h(
            "li",
            {"class": "table-seat", "data-seat": seat},
            h("span", {"class": "swatch", "data-colour": seat_colour(rules, seat), "aria-hidden": "true"}),
            h(
                "label",
                {},
                # "Player 2 (B)"; "Player 2" where the seat reads 2 already (Light Seeker): a seat as every
                # page names it, kept whole with its tag ("プレイヤー2" / "（B）" never parts).
                h("span", {}, named_seat(match.default_name(i), tags[seat])),
                h(
                    "input",
                    {
                        "name": f"name{i}",
                        # A default name is left to the placeholder, which speaks the page's language, and
                        # an unnamed computer's stored word to the field's emptiness: at any seat (a rematch
                        # moves them with their player), so a match set up again names them by its seats.
                        "value": model.names[i]
                        if i < len(model.names)
                        and match.default_number(model.names[i]) is None
                        and not unnamed_bot(model.names[i], model.bots.get(seat, ""))
                        else "",
                        # What the seat's player is called if the field is left empty: a computer's name
                        # by the rule of every page ("Bot B (Hard)"), a person's default ("Player 2").
                        "placeholder": match.default_name(i)
                        if kinds[i] not in LEVELS
                        else called(kinds[i], tags[seat]),
                        "maxlength": MAX_NAME,
                        "autocomplete": "off",
                    },
                ),
            ),
            has_bot and kind_field(i, kinds[i]),
        )
        for i, seat in enumerate(seats)
    ]
    fields = getattr(rules, "option_fields", ())
    return h(
        "form",
        {"class": "stack table-setup", "data-action": "table-setup"},
        h("p", {"class": "lede"}, _("Everyone plays from this screen: pass it round when your turn comes.")),
        len(counts) > 1
        and h(
            "label",
            {},
            h("span", {}, _("Players")),
            h(
                "select",
                {"name": "players", "data-action": "table-setup", "data-field": "players"},
                [h("option", {"value": n, "selected": n == model.players}, str(n)) for n in counts],
            ),
        ),
        h("ul", {"class": "table-seats"}, rows),
        forms.options_box(fields, model.options or {}),
        confirm_setup()
        if model.confirming and model.played is not None and in_progress(model)
        else h(
            "div",
            {"class": "actions"},
            h("button", {"class": "button primary", "type": "submit"}, _("Start the match")),
            model.played is not None
            and h(
                "button", {"class": "button", "type": "button", "data-action": "table-resume"}, _("Back to the match")
            ),
        ),
    )


def confirm_setup() -> Element:
    """The question "Start the match" asks while a match is being played: its answer submits the form."""
    return confirm("table-setup", _("Start a new match? This one will be lost."), _("Start the match"), submits=True)


def confirm_new() -> Element:
    """The question "New match" asks while a match is being played, in place of the button."""
    return confirm("table-new", _("Start a new match? This one will be lost."), _("New match"))


def confirm_vs() -> Element:
    """The question "Play vs computer" asks when it finds a match in progress on this device."""
    return confirm(
        "table-vs", _("Play against the computer? The match in progress will be lost."), _("Play vs computer")
    )


def confirm(action: str, question: str, answer: str, submits: bool = False) -> Element:
    """A question before a match in progress is lost: "Keep playing", or ``answer`` (``action``; with
    ``submits``, the answer submits the form it is in, whose action that is)."""
    attrs = {"type": "submit"} if submits else {"type": "button", "data-action": action}
    return h(
        "div",
        {"class": "confirm", "role": "group", "aria-labelledby": f"{action}-question"},
        h("p", {"id": f"{action}-question"}, question),
        h("button", {"type": "button", "class": "button", "data-action": "table-new-cancel"}, _("Keep playing")),
        h("button", {**attrs, "class": "button danger"}, answer),
    )


def kind_field(i: int, chosen: str) -> Element:
    """Who plays a seat: a person on this device, or the computer at a level."""
    choices = [("here", _("A person"))] + [
        (level, _("Computer: {level}").format(level=level_name(level))) for level in LEVELS
    ]
    return h(
        "label",
        {"class": "seat-kind"},
        h("span", {}, _("Played by")),
        h(
            "select",
            {"name": f"kind{i}", "data-action": "table-setup", "data-field": "kind", "data-index": i},
            [h("option", {"value": value, "selected": value == chosen}, text) for value, text in choices],
        ),
    )


def playing_view(model: Model) -> Element:
    assert model.played is not None and model.ui is not None  # view() shows it once the match is dealt
    # The end's panel comes with the standings, once the board has shown the move that ended the match
    # (``match.render``): during its replay the controls are those of the match as the board shows it.
    ended = final(model)
    starts = rematch_starts(model) if ended else ""
    # Above the button it tells of, as a lobby's notes under an ended match (``panel._match_controls``),
    # and its description: read as the button takes focus.
    said = [h("p", {"class": "note rematch-starts", "id": "rematch-starts"}, starts)] if starts else []
    controls = [
        *said,
        confirm_vs()
        if model.vs and in_progress(model)
        else confirm_new()
        if model.confirming and in_progress(model)  # a computer's move may have ended the match meanwhile
        else h(
            "button",
            {
                "type": "button",
                "class": "button" + (" primary" if ended else ""),
                "data-action": "table-new",
                "aria-describedby": "rematch-starts" if starts else None,
            },
            _("Rematch") if ended else _("New match"),
        ),
        # A table of computers only has no move of this device's to take back, ever: no Undo there (it
        # stood greyed out beside "New match" for the whole match and after it). Nor under a finished match:
        # it is final (``final``), and Rematch takes its place.
        *(
            [
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "table-undo",
                        "disabled": last_own_move(model) is None,
                    },
                    _("Undo"),
                )
            ]
            if any(s.kind == "here" for s in model.seats) and not ended
            else []
        ),
        h(
            "button",
            {"type": "button", "class": "button quiet", "data-action": "table-setup"},
            _("Players and options"),
        ),
    ]
    return match.render(model.ui, table_of(model), controls, model.message, words=model.said)
