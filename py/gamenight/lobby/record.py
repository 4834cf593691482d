"""Match records: a match is ``(game, options, seats, names, seed, log)``, and replaying it rebuilds every state.

A record is what a page keeps of a match: a table on this device saves it in local storage, the host's
lobby in its saved session, and a reload replays it to where it was (``replay``), its log with it
(``recent_steps``). Moves are stored as the raw JSON the mover sent, with its seat and time; clock ticks
that changed the match are stored too, so timed games replay exactly, and so is the value of each piece
of work the match waited for (``Game.prepare``), so a replay never redoes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from gamenight import games
from gamenight.core.bot import LEVELS
from gamenight.core.errors import BadMessage, BadOptions, GameNightError, IllegalMove
from gamenight.core.game import JSON, Log, kept, log_start
from gamenight.core.jsonutil import get_bool, get_int, get_str, obj, only_keys
from gamenight.core.rng import MAX_SEED
from gamenight.i18n import N_, reasons, terms
from gamenight.lobby.protocol import MAX_ID, parse_name

MAX_RECORD_BYTES = 8 * 1024 * 1024  # a saved file, not a wire message: long matches are allowed
Ending = Literal["over", "host"]  # the game reached a result / the host ended it

reasons(
    {
        "record-tick": N_("'tick' must be true"),
        "record-no-seat": N_("a move by '{seat}', who has no seat in this match"),
        "record-version": N_("unsupported match record version"),
        "record-seats": N_("'seats' must be a list of seat ids"),
        "record-seat-twice": N_("'seats' lists a seat twice"),
        "record-names": N_("'names' must name the player of every seat"),
        "bad-ended": N_("'ended' must be null, 'over' or 'host'"),
        "cannot-play": N_("This app cannot play '{game}'."),
        "record-setup": N_("the match cannot be set up: {why}"),
        "record-illegal": N_("step {step} of the record is illegal: {why}"),
        "record-ending": N_("the record's ending does not match the game's result"),
        "record-no-work": N_("step {step} of the record is work '{game}' never waits for"),
        "record-bots": N_("'bots' must give seats of this match a level: easy, normal or hard"),
        "record-no-out": N_("step {step} of the record counts a player out, which '{game}' never does"),
    }
)
terms(
    {
        "log-entry": N_("a log entry"),
        "tick-entry": N_("a tick entry"),
        "move-entry": N_("a move entry"),
        "prepared-entry": N_("a prepared entry"),
        "out-entry": N_("a count-out entry"),
        "match-record": N_("a match record"),
    }
)


@dataclass(frozen=True)
class Entry:
    """One step of a match at time ``at``: ``seat`` played ``move``, or (``seat`` = ``None``) the clock
    ticked, or the host's background work finished with the value ``prepared``, or the host counted
    out the player of seat ``out`` (``Game.count_out``: a host's step, not a move of that seat)."""

    at: int
    seat: str | None = None
    move: Mapping[str, Any] | None = None
    prepared: Mapping[str, Any] | None = None
    out: str | None = None

    def to_json(self) -> JSON:
        if self.prepared is not None:
            return {"at": self.at, "prepared": dict(self.prepared)}
        if self.out is not None:
            return {"at": self.at, "out": self.out}
        if self.seat is None:
            return {"at": self.at, "tick": True}
        return {"at": self.at, "seat": self.seat, "move": dict(self.move or {})}


@dataclass(frozen=True)
class Record:
    """A match from its setup to its last step; ``names`` shows who sat where (``bots``: the seats a
    computer player held, with its level); ``ended`` says how it ended."""

    game: str
    options: Mapping[str, Any] | None
    seats: tuple[str, ...]
    names: Mapping[str, str]
    seed: int
    log: tuple[Entry, ...] = ()
    ended: Ending | None = None
    bots: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> JSON:
        # "bots" is written only when a computer played: a record without one reads as before it existed.
        bots = {"bots": dict(self.bots)} if self.bots else {}
        return {
            "v": 1,
            "game": self.game,
            "options": None if self.options is None else dict(self.options),
            "seats": list(self.seats),
            "names": dict(self.names),
            "seed": self.seed,
            "log": [e.to_json() for e in self.log],
            "ended": self.ended,
            **bots,
        }


def count_moves(entries: Sequence[Entry]) -> int:
    """How many of ``entries`` are a seat's moves (not the clock's ticks, prepared work or count-outs)."""
    return sum(1 for e in entries if e.seat is not None)


def recent_steps(entries: Sequence[Entry], events: Sequence[Sequence[Mapping[str, Any]]]) -> tuple[int, Log]:
    """The moves played before the steps a log keeps (``core.game.kept``) of a match's ``entries``, and
    those steps (``events``: each entry's public events): what a snapshot tells, a table retells."""
    start = log_start(events)
    return count_moves(entries[:start]), kept(events[start:])


def _entry(raw: Any, seats: tuple[str, ...]) -> Entry:
    raw = obj(raw, "log-entry", BadMessage)
    at = get_int(raw, "at", BadMessage, 0)
    if "prepared" in raw:
        only_keys(raw, ("at", "prepared"), "prepared-entry", BadMessage)
        return Entry(at, prepared=obj(raw["prepared"], "prepared-entry", BadMessage))
    if "out" in raw:
        only_keys(raw, ("at", "out"), "out-entry", BadMessage)
        out = get_str(raw, "out", BadMessage, MAX_ID)
        if out not in seats:
            raise BadMessage("record-no-seat", seat=out)
        return Entry(at, out=out)
    if "tick" in raw:
        only_keys(raw, ("at", "tick"), "tick-entry", BadMessage)
        if not get_bool(raw, "tick", BadMessage):
            raise BadMessage("record-tick")
        return Entry(at)
    only_keys(raw, ("at", "seat", "move"), "move-entry", BadMessage)
    seat = get_str(raw, "seat", BadMessage, MAX_ID)
    if seat not in seats:
        raise BadMessage("record-no-seat", seat=seat)
    return Entry(at, seat, obj(raw.get("move"), "move", BadMessage))


def parse_record(raw: Any) -> Record:
    """A record from untrusted JSON (a saved file or a restored session); raises ``BadMessage``.

    The moves are checked by ``replay``, which needs the game.
    """
    raw = obj(raw, "match-record", BadMessage)
    keys = ("v", "game", "options", "seats", "names", "seed", "log", "ended", "bots")
    only_keys(raw, keys, "match-record", BadMessage)
    if get_int(raw, "v", BadMessage) != 1:
        raise BadMessage("record-version")
    seats = raw.get("seats")
    if (
        not isinstance(seats, list)
        or not seats
        or any(not isinstance(s, str) or not 0 < len(s) <= MAX_ID for s in seats)
    ):
        raise BadMessage("record-seats")
    if len(set(seats)) != len(seats):
        raise BadMessage("record-seat-twice")
    names = obj(raw.get("names"), "names", BadMessage)
    if set(names) != set(seats) or not all(isinstance(n, str) for n in names.values()):
        raise BadMessage("record-names")
    log = raw.get("log")
    if not isinstance(log, list):
        raise BadMessage("field-not-list", field="log")
    ended = raw.get("ended")
    if ended not in (None, "over", "host"):
        raise BadMessage("bad-ended")
    bots = obj(raw.get("bots", {}), "bots", BadMessage)
    if not set(bots) <= set(seats) or not all(level in LEVELS for level in bots.values()):
        raise BadMessage("record-bots")
    options = raw.get("options")
    return Record(
        game=get_str(raw, "game", BadMessage, MAX_ID),
        options=None if options is None else obj(options, "options", BadMessage),
        seats=tuple(seats),
        names={seat: parse_name(names[seat]) for seat in seats},
        seed=get_int(raw, "seed", BadMessage, 0, MAX_SEED),
        log=tuple(_entry(e, tuple(seats)) for e in log),
        ended=ended,
        bots=dict(bots),
    )


def replay(record: Record) -> list[Any]:
    """Every state of the match: after setup, then after each log entry.

    Raises ``BadMessage`` if the game is unknown, the options or seats do not suit it, a move is
    illegal, or the record's ending disagrees with the game's result.
    """
    return [state for state, _events in replay_steps(record)]


def because(code: str, err: GameNightError, **params: Any) -> BadMessage:
    """The record's refusal ``code`` (with ``params``) because of ``err``: its reason kept as a code and
    parameters (``why``, and ``why_…``: ``i18n.shown_params``), so each page words it in its own
    language. ``str(err)``, the English sentence, read in English on a Japanese page (cut at 60
    characters as well)."""
    return BadMessage(code, **params, why=err.code, **{f"why_{key}": value for key, value in err.params.items()})


def _optional(game: Any, name: str, missing: str, number: int, game_id: str) -> Any:
    """The game's optional step ``name`` (``prepared``, ``count_out``): a record's step ``number`` asking
    for one the game lacks is refused (``missing``)."""
    step = getattr(game, name, None)
    if step is None:
        raise BadMessage(missing, step=number, game=game_id)
    return step


def replay_steps(record: Record) -> list[tuple[Any, list[JSON]]]:
    """Like ``replay``, with the events of each step (none for the setup)."""
    game = games.rules(record.game)
    if game is None:
        raise BadMessage("cannot-play", game=record.game)
    try:
        state = game.setup(game.options(record.options), record.seats, record.seed)
    except BadOptions as err:
        raise because("record-setup", err) from None
    steps: list[tuple[Any, list[JSON]]] = [(state, [])]
    for number, entry in enumerate(record.log, 1):
        try:
            if entry.prepared is not None:
                take = _optional(game, "prepared", "record-no-work", number, record.game)
                state, events = take(state, entry.prepared, entry.at)
            elif entry.out is not None:
                count_out = _optional(game, "count_out", "record-no-out", number, record.game)
                state, events = count_out(state, entry.out, entry.at)
            elif entry.seat is None:
                state, events = game.tick(state, entry.at)
            else:
                state, events = game.play(state, entry.seat, entry.move or {}, entry.at)
        except IllegalMove as err:
            raise because("record-illegal", err, step=number) from None
        steps.append((state, events))
    finished = game.result(state) is not None
    if finished != (record.ended == "over"):
        raise BadMessage("record-ending")
    return steps
