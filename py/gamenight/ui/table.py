"""A table on this device (``#/<game>/table``): every seat played from one browser, offline.

The screen holds the match's one authority — the rules' ``play`` on one state, and the same match
record as the lobby (``lobby/record.py``) — and shows it with the shared match screen
(``ui/match.py``). Players pass the device round (hands are public in every game offered here).
Undo takes back the last move (keeping the previous states: they are immutable); the record is kept
in local storage after every move, so a reload replays it and the match goes on; "New match" deals
again with the same seats and options.

Seats have a kind (``SeatAt.kind``): a person on this device, or a computer player. Computer seats
come with the bots; the table already runs whatever the seats say.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamenight import games
from gamenight.core.errors import BadMessage, BadOptions, GameNightError, IllegalMove
from gamenight.core.game import JSON, seat_colour, seat_ids
from gamenight.core.jsonutil import dumps, get_int, loads, obj, only_keys
from gamenight.core.rng import fresh_seed
from gamenight.i18n import N_, _, reasons
from gamenight.lobby.protocol import MAX_NAME, parse_name
from gamenight.lobby.record import MAX_RECORD_BYTES, Entry, Record, parse_record, replay_steps
from gamenight.ui import forms, match
from gamenight.ui.program import Effect, Env, Store, UiEvent, WarnBeforeLeaving
from gamenight.ui.svg import Element, h

reasons(
    {
        "table-names-differ": N_("Give every player a different name."),
        "table-players": N_("Choose {lo} to {hi} players."),
        "table-save-version": N_("This saved match is from another version of the app."),
        "table-save-game": N_("This saved match is of another game."),
    }
)


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
    now_ms: int = 0


class TableScreen:
    """The "Play on this device" screen of one game (registered per game in ``gamenight.games``)."""

    label = N_("Play on this device")

    def __init__(self, game: str) -> None:
        self.game = game
        self.storage_keys = (store_key(game),)

    def init(self, params: Mapping[str, str], env: Env) -> tuple[Model, list[Effect]]:
        rules = games.rules(self.game)
        model = Model(self.game, players=rules.info.seats.start, now_ms=env.now_ms)
        saved = env.stored.get(store_key(self.game))
        if saved is None:
            return model, []
        try:
            restored = restore(self.game, saved)
        except GameNightError:
            return replace(model, message=_("Your saved match could not be restored; start a new one.")), [
                Store(store_key(self.game), None)
            ]
        return replace(restored, now_ms=env.now_ms, message=_("Welcome back: the match is as you left it.")), [
            WarnBeforeLeaving(False)
        ]

    def update(self, model: Model, message: Any) -> tuple[Model, list[Effect]]:
        if not isinstance(message, UiEvent):
            return model, []
        now = message.now_ms or model.now_ms
        if model.phase == "setup":
            return _setup_input(model, message, now)
        return _play_input(model, message, now)

    def view(self, model: Model) -> Element:
        return view(model)

    def title(self, model: Model) -> str:
        info = games.info(self.game)
        return f"{info.title} · {_('Play on this device')} · Game Night Central"


# --- the setup ----------------------------------------------------------------------------------


def _setup_input(model: Model, event: UiEvent, now: int) -> tuple[Model, list[Effect]]:
    if event.type == "change" and event.action == "table-setup" and event.data.get("field") == "players":
        count = event.value
        rules = games.rules(model.game)
        if count.isdigit() and int(count) in rules.info.seats:
            return replace(model, players=int(count)), []
        return model, []
    if event.type == "submit" and event.action == "table-setup":
        return _start_from_form(model, event.form, now)
    if event.type == "click" and event.action == "table-resume" and model.played is not None:
        return replace(model, phase="playing", message=""), []
    return model, []


def _start_from_form(model: Model, form: Mapping[str, str], now: int) -> tuple[Model, list[Effect]]:
    rules = games.rules(model.game)
    try:
        count = int(form.get("players", "")) if form.get("players", "").isdigit() else model.players
        if count not in rules.info.seats:
            raise BadOptions("table-players", lo=rules.info.seats.start, hi=rules.info.seats.stop - 1)
        names = tuple(
            parse_name(form.get(f"name{i}", "").strip() or _("Player {n}").format(n=i + 1)) for i in range(count)
        )
        if len({n.casefold() for n in names}) != len(names):
            raise BadMessage("table-names-differ")
        fields = getattr(rules, "option_fields", ())
        raw = forms.read_options(fields, form) if fields else None
        rules.options(raw)
    except GameNightError as err:
        return replace(model, message=match.describe(err.to_json())), []
    return deal(replace(model, players=count, names=names, options=raw), now)


def deal(model: Model, now: int) -> tuple[Model, list[Effect]]:
    """Start a new match with the model's players, names and options (a fresh seed)."""
    rules = games.rules(model.game)
    seats = seat_ids(rules, model.players)
    seed = fresh_seed(random.Random(now))
    names = dict(zip(seats, model.names, strict=True))
    record = Record(model.game, model.options, seats, names, seed)
    state = rules.setup(rules.options(model.options), seats, seed)
    played = Played(record, (state,), ((),))
    model = replace(model, phase="playing", played=played, seats=_seats(model.game, record), message="")
    model = replace(model, ui=match.start(model.game, games.board(model.game), _view(model)))
    return model, [save(model)]


def _seats(game: str, record: Record) -> tuple[match.SeatAt, ...]:
    rules = games.rules(game)
    return tuple(match.SeatAt(s, record.names[s], seat_colour(rules, s), "here") for s in record.seats)


def restore(game: str, text: str) -> Model:
    """The table saved by ``save``; raises ``BadMessage`` for anything that does not replay exactly."""
    raw = obj(loads(text, MAX_RECORD_BYTES), "a saved table", BadMessage)
    only_keys(raw, ("v", "record"), "a saved table", BadMessage)
    if get_int(raw, "v", BadMessage) != 1:
        raise BadMessage("table-save-version")
    record = parse_record(raw.get("record"))
    if record.game != game:
        raise BadMessage("table-save-game")
    steps = replay_steps(record)
    played = Played(record, tuple(s for s, _e in steps), tuple(tuple(e) for _s, e in steps))
    model = Model(
        game,
        phase="playing",
        players=len(record.seats),
        names=tuple(record.names[s] for s in record.seats),
        options=record.options,
        played=played,
        seats=_seats(game, record),
    )
    ui = match.start(game, games.board(game), _view(model))
    log = tuple(e for events in played.events for e in events)[-match.LOG_KEPT :]
    return replace(model, ui=replace(ui, log=log))


def save(model: Model) -> Store:
    return Store(store_key(model.game), dumps({"v": 1, "record": model.played.record.to_json()}))


# --- playing ------------------------------------------------------------------------------------


def table_of(model: Model) -> match.Table:
    mine = frozenset(s.id for s in model.seats if s.kind == "here")
    return match.Table(model.game, model.seats, mine)


def _view(model: Model) -> JSON:
    """The position as this device shows it: through the eyes of the seat to play if it sits here."""
    rules = games.rules(model.game)
    state = model.played.state
    here = [s.id for s in model.seats if s.kind == "here"]
    active = [s for s in here if s in rules.active(state)]
    return rules.view(state, (active or here or [None])[0])


def _play_input(model: Model, event: UiEvent, now: int) -> tuple[Model, list[Effect]]:
    action = event.action
    if event.type == "click" and action == "table-undo":
        return undo(model)
    if event.type == "click" and action == "table-new":
        return deal(model, now)
    if event.type == "click" and action == "table-setup":
        return replace(model, phase="setup", message=""), []
    ui, move = match.handle(model.ui, table_of(model), event)
    if move is None:
        return (model, []) if ui is model.ui else (replace(model, ui=ui, message=""), [])
    seat = match.acting_seat(model.ui, table_of(model))
    return play(replace(model, ui=ui), seat, move, now)


def play(model: Model, seat: str, move: JSON, now: int) -> tuple[Model, list[Effect]]:
    """Play ``move`` for ``seat`` on the one state of this table, or show why it is refused."""
    rules = games.rules(model.game)
    played = model.played
    try:
        state, events = rules.play(played.state, seat, move, now)
    except IllegalMove as err:
        return replace(model, ui=match.refused(model.ui, err.to_json())), []
    over = rules.result(state) is not None
    record = replace(
        played.record, log=(*played.record.log, Entry(now, seat, dict(move))), ended="over" if over else None
    )
    played = Played(record, (*played.states, state), (*played.events, tuple(events)))
    model = replace(model, played=played, message="")
    model = replace(model, ui=match.advance(model.ui, _view(model), events))
    return model, [save(model)]


def undo(model: Model) -> tuple[Model, list[Effect]]:
    """Take back the last move (and the computer players' moves after the last move made here)."""
    played = model.played
    kinds = {s.id: s.kind for s in model.seats}
    log = list(played.record.log)
    keep = len(log)
    while keep and kinds.get(log[keep - 1].seat) == "bot":
        keep -= 1
    if keep == 0:
        return replace(model, message=_("There is no move to take back.")), []
    keep -= 1
    record = replace(played.record, log=tuple(log[:keep]), ended=None)
    played = Played(record, played.states[: keep + 1], played.events[: keep + 1])
    model = replace(model, played=played, message=_("Move taken back."))
    ui = match.start(model.game, games.board(model.game), _view(model))
    log_events = tuple(e for events in played.events for e in events)[-match.LOG_KEPT :]
    model = replace(model, ui=replace(ui, log=log_events))
    return model, [save(model)]


# --- the view -----------------------------------------------------------------------------------


def view(model: Model) -> Element:
    info = games.info(model.game)
    body = setup_view(model) if model.phase == "setup" or model.ui is None else playing_view(model)
    return h(
        "main",
        {"class": f"page table table-{model.game}", "data-phase": model.phase},
        h("h1", {}, info.title, h("span", {"class": "subtitle"}, " · ", _("on this device"))),
        model.message and h("p", {"class": "notice", "role": "status"}, model.message),
        body,
    )


def setup_view(model: Model) -> Element:
    rules = games.rules(model.game)
    seats = seat_ids(rules, model.players)
    counts = rules.info.seats
    rows = [
        h(
            "li",
            {"class": "table-seat", "data-seat": seat},
            h("span", {"class": "swatch", "data-colour": seat_colour(rules, seat), "aria-hidden": "true"}),
            h(
                "label",
                {},
                h("span", {}, _("Player {n} ({seat})").format(n=i + 1, seat=seat)),
                h(
                    "input",
                    {
                        "name": f"name{i}",
                        "value": model.names[i] if i < len(model.names) else "",
                        "placeholder": _("Player {n}").format(n=i + 1),
                        "maxlength": MAX_NAME,
                        "autocomplete": "off",
                    },
                ),
            ),
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
        fields
        and h(
            "details",
            {"class": "table-options"},
            h("summary", {}, _("Options")),
            forms.option_fields(fields, model.options or {}),
        ),
        h(
            "div",
            {"class": "actions"},
            h("button", {"class": "button primary", "type": "submit"}, _("Start the match")),
            model.played is not None
            and h(
                "button", {"class": "button", "type": "button", "data-action": "table-resume"}, _("Back to the match")
            ),
        ),
    )


def playing_view(model: Model) -> Element:
    ended = model.ui.view.get("result") is not None
    controls = [
        h(
            "button",
            {"type": "button", "class": "button" + (" primary" if ended else ""), "data-action": "table-new"},
            _("Rematch") if ended else _("New match"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "button",
                "data-action": "table-undo",
                "disabled": not model.played.record.log,
            },
            _("Undo"),
        ),
        h(
            "button",
            {"type": "button", "class": "button quiet", "data-action": "table-setup"},
            _("Players and options"),
        ),
    ]
    return match.render(model.ui, table_of(model), controls)
