"""The ``Game`` protocol every game folder implements, and the small values it speaks in.

The lobby, the network and the UI see a game only through this protocol, so a fourth game is one
new folder and its entries in ``gamenight.games``. States are immutable: ``play`` returns a new state
and never mutates its input, so bots search by calling ``play`` and undo is keeping the old state.
Moves, events, options and views are JSON-safe dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight import i18n

JSON = dict[str, Any]
Event = JSON
Move = JSON
# A match's public events step by step (a move, a clock tick, prepared work), oldest first: what its
# log lists, each step's events in their own order (the cause before its effects); read-only.
Log = tuple[tuple[Mapping[str, Any], ...], ...]
# The most events a log keeps (a page's match screen, a snapshot's log for a latecomer): a memory bound,
# far more than the log panel shows, so the recent lines are the same on every page.
LOG_KEPT = 40


def log_start(log: Sequence[Sequence[Mapping[str, Any]]], limit: int = LOG_KEPT) -> int:
    """Where the kept part of ``log`` starts: the newest whole steps that hold at most ``limit`` events
    in all, and always the newest step that has any (``kept`` cuts that one if it alone is longer).
    It starts at a step that has events (or at the end), so what lies before it is what the log does
    not list: the moves counted as earlier are the same wherever the log is kept."""
    start, total = len(log), 0
    while start and (total == 0 or total + len(log[start - 1]) <= limit):
        start -= 1
        total += len(log[start])
    while start < len(log) and not log[start]:
        start += 1
    return start


def kept(log: Sequence[Sequence[Mapping[str, Any]]], limit: int = LOG_KEPT) -> Log:
    """The steps of ``log`` a log keeps (``log_start``), without those that said nothing. Whole steps
    only, so no step's effects are listed without their cause; a single step longer than ``limit`` keeps
    its first events. Keeping step by step keeps the same steps as keeping the whole log at once."""
    return tuple(tuple(step)[:limit] for step in log[log_start(log, limit) :] if step)


@dataclass(frozen=True)
class GameInfo:
    """What the home page and the lobby show of a game before any match exists."""

    id: str
    title: str
    pitch: str
    seats: range

    @property
    def players(self) -> str:
        """The player count as people write it: ``"2–4"``, ``"2"``."""
        lo, hi = self.seats.start, self.seats.stop - 1
        return str(lo) if lo == hi else f"{lo}–{hi}"


def reason(code: str, **params: Any) -> JSON:
    """A reason as views and results carry it: a registered code (``i18n.reasons``) and its parameters,
    which each page words in its own language (``i18n.describe``)."""
    return {"code": code, "params": params}


@dataclass(frozen=True)
class Result:
    """How a match ended.

    ``ranking`` lists places best first; each place is the tuple of seats sharing it.
    A shared first place is a draw. ``reason`` says why the match ended: a registered reason code, with
    ``params`` (``sentence`` is its English, for logs and tests); ``notes`` holds a short remark per
    seat (a tie-break count, a failed reveal), each a ``reason(code, **params)``. In a team game
    ``teams`` lists the seats of each team; team-mates share their place, and only a first place shared
    by two teams is a draw.
    """

    ranking: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int] = field(default_factory=dict)
    notes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    reason: str = ""
    teams: tuple[tuple[str, ...], ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def sentence(self) -> str:
        """Why the match ended, in English (logs and tests)."""
        return i18n.english(self.reason, self.params) if self.reason else ""

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()

    @property
    def draw(self) -> bool:
        if self.teams:
            return sum(1 for team in self.teams if set(team) & set(self.winners)) != 1
        return len(self.winners) != 1

    def to_json(self) -> JSON:
        return {
            "ranking": [list(place) for place in self.ranking],
            "scores": dict(self.scores),
            "notes": {seat: reason(note["code"], **note.get("params", {})) for seat, note in self.notes.items()},
            "reason": reason(self.reason, **self.params) if self.reason else None,
            "winners": list(self.winners),
            "draw": self.draw,
            "teams": [list(team) for team in self.teams],
        }


@dataclass(frozen=True)
class OptionField:
    """One of a game's options as a form shows it (the hotseat table, the lobby).

    ``kind`` is ``"int"`` (``lo``..``hi``), ``"choice"`` (one of ``choices``: value → label msgid) or
    ``"bool"``. ``label`` and the choice labels are msgids (``N_``): the form translates them. The
    game's ``options()`` still validates whatever the form sends. ``only_with`` names another option and
    the values with which this one counts (Reflection's custom board size, with the custom difficulty);
    empty, it always counts (``counting``). A form that follows its values (the lobby host's) and a guest's
    list show only the fields that count.
    """

    name: str
    label: str
    default: int | str | bool
    kind: str = "int"
    lo: int = 0
    hi: int = 0
    choices: tuple[tuple[int | str, str], ...] = ()
    only_with: tuple[str, tuple[int | str | bool, ...]] | tuple[()] = ()


def counting(fields: Sequence[OptionField], values: Mapping[str, Any]) -> list[OptionField]:
    """The fields whose option counts with these raw ``values`` (a field left out takes its default): a
    list of what a match plays by leaves out the rest, which the game ignores."""
    given = {f.name: values.get(f.name, f.default) for f in fields}
    return [f for f in fields if not f.only_with or given.get(f.only_with[0]) in f.only_with[1]]


# More digits than any field takes (a seed has 16), so a number too large is refused by the field's range
# check, which says the range; but not the thousands ``int`` refuses (past 4300 digits) or is slow to read.
MAX_DIGITS = 100


def form_number(text: str) -> int | None:
    """A whole number a form or a link gave as text (an ``"int"`` option, a player count, a seat, a puzzle
    number), else ``None``: ASCII digits, at most ``MAX_DIGITS`` of them, with nothing else but the spaces a
    person may type or paste around them (a full-width one from a Japanese keyboard too); no sign.
    ``str.isdigit()`` also holds for "²", which ``int`` refuses (an update that trusted it failed), and for
    "٣", which ``int`` reads as 3."""
    text = text.strip()
    return int(text) if 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit() else None


@dataclass(frozen=True)
class Preparation:
    """Work a match waits for that is too long for one call of ``play`` (Reflection's generated puzzles).

    ``key`` names it; ``steps()`` starts a generator doing it in small steps (what it yields is
    progress) and returning a JSON-safe value. The authority runs the steps in slices between
    messages and hands the value to the game's ``prepared``; the record keeps the value, so a replay
    never computes it again.
    """

    key: str
    steps: Callable[[], Generator[Any, None, JSON]]


def rank_by(seats: Iterable[str], key: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Places from best to worst by ``key[seat]`` (higher is better); equal keys share a place."""
    ordered = sorted(seats, key=lambda s: key[s], reverse=True)
    places: list[list[str]] = []
    for seat in ordered:
        if places and key[places[-1][0]] == key[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return tuple(tuple(p) for p in places)


class Game(Protocol):
    """A game definition: pure functions from (state, input) to a new state."""

    info: GameInfo

    def options(self, raw: Mapping[str, Any] | None) -> Any:
        """Validate ``raw`` options and fill defaults; raises ``BadOptions``."""
        ...

    def setup(self, options: Any, seats: Sequence[str], seed: int) -> Any:
        """The first state of a match between ``seats`` (seat ids in turn order)."""
        ...

    def active(self, state: Any) -> frozenset[str]:
        """The seats that may move now (several at once in simultaneous games)."""
        ...

    def legal(self, state: Any, seat: str) -> Iterable[Move]:
        """Every legal move of ``seat``, where the moves can be enumerated."""
        ...

    def play(self, state: Any, seat: str, move: Mapping[str, Any], now_ms: int) -> tuple[Any, list[Event]]:
        """Apply an untrusted ``move``; raises ``IllegalMove`` with a readable reason."""
        ...

    def tick(self, state: Any, now_ms: int) -> tuple[Any, list[Event]]:
        """Apply time limits; returns the state unchanged and no events when nothing is due."""
        ...

    def view(self, state: Any, seat: str | None) -> JSON:
        """What ``seat`` may see (``None`` = a spectator); never another seat's secrets."""
        ...

    def result(self, state: Any) -> Result | None:
        """The result once the match has ended, else ``None``."""
        ...

    def check_view(self, view: Mapping[str, Any], seat: str | None, events: Iterable[Mapping[str, Any]]) -> None:
        """Check a ``view`` as a host sends it to ``seat`` (``None``: a spectator), with the public events
        that come with it (an update's, a snapshot's log), before a guest's page reads them: raises
        ``BadMessage`` naming the first field this game's screens could not read (a wrong type, a cell
        off the board, a seat or tile kind the match does not have, a list longer than any match
        makes). The lobby calls it on every snapshot and update a guest receives, so a malformed or
        hostile host is refused like any other bad message and the page keeps what it showed. It does
        not play the rules again: a host can lie about the game, which is no crash."""
        ...

    # Optional: ``option_fields: tuple[OptionField, ...]``, the options as a form offers them.
    # Optional: ``seat_ids(count) -> tuple[str, ...]``, the seat ids of a ``count``-player match in
    # turn order, for games whose seats have fixed names (Raythread seats two players as A and C).
    # Games without it are seated as "1".."count"; read seats through ``seat_ids(game, count)``.
    # Optional: ``simultaneous = True`` when several seats act at once and each move is judged on its
    # own (Reflection): the lobby then takes a move made before another seat's, instead of refusing it
    # as made on an earlier position.
    # Optional: ``prepare(state) -> Preparation | None``, work the match waits for (or that a later
    # round will need), and ``prepared(state, value, now_ms) -> (state, events)``, which takes its
    # value in (from the host's slices, or from a record: untrusted, it raises ``IllegalMove``). Games
    # without them never wait.
    # Optional: ``count_out(state, seat, now_ms) -> (state, events)``, what the rules do when the host
    # counts out the player of ``seat``, who left for good, so the match goes on without them (Reflection,
    # which has no computer player to take the seat over); it raises ``IllegalMove`` when it cannot. With it,
    # ``counted_out(view) -> frozenset[str]``: the seats counted out, as any seat's view says. The lobby
    # offers the host's "Count out" only for a game that has them (``lobby/session.py``, the ``out`` request).
    # Optional: ``groups(options, seats) -> tuple[tuple[str, ...], ...]``, the teams the players of ``seats`` (in
    # turn order) play in under ``options`` (the game's own, validated), each a tuple of seats, in order: the
    # options decide them before a match starts, so a lobby says who is on which team (``seat_groups``). Games
    # without it have none, as has one whose options make none (an empty tuple).
    # Events from ``play`` and ``tick`` are shown to everyone: secrets belong in ``view`` only.


# The seat colours, by a seat's place in the game's largest seating; the stylesheet draws each name.
SEAT_COLOURS: tuple[str, ...] = ("amber", "cyan", "magenta", "lime", "violet", "coral")


def seat_ids(game: Game, count: int) -> tuple[str, ...]:
    """The seat ids of a ``count``-player match of ``game`` in turn order (its own, else "1".."count")."""
    own = getattr(game, "seat_ids", None)
    return tuple(own(count)) if own else tuple(str(n) for n in range(1, count + 1))


def seat_groups(game: Game | None, options: Mapping[str, Any] | None, seats: Sequence[str]) -> dict[str, int]:
    """Each seat's team, numbered from 1 in the game's order, for a match of ``game`` seated ``seats`` under the
    options ``options`` (untrusted JSON: a lobby's): the game's optional ``groups``. Empty for a game without
    teams, options that make none, and options the game refuses (nothing is known of them)."""
    # Imported here, not at the top: the start page imports this module and no more of the core than it needs.
    from gamenight.core.errors import BadOptions

    groups = getattr(game, "groups", None)
    if game is None or groups is None:
        return {}
    try:
        teams = groups(game.options(options), tuple(seats))
    except BadOptions:
        return {}
    return {seat: n for n, team in enumerate(teams, 1) for seat in team}


def seat_tags(game: Game | None, seats: Sequence[str]) -> dict[str, str]:
    """What players read for each seat of a match seated ``seats`` (in turn order): the first names of
    the game's largest seating. A two-player Raythread match sits at A and C (opposite corners, by its
    rules) and reads "A" and "B"; the ids stay what the rules, the wire and the colours use. An unknown
    game (``None``) reads its ids."""
    if game is None:
        return {s: s for s in seats}
    largest = seat_ids(game, game.info.seats.stop - 1)
    return {s: largest[i] if i < len(largest) else s for i, s in enumerate(seats)}


def named_seat(name: str | None, tag: str) -> str:
    """A seat as players read it: "Bea (B)"; its tag alone when nobody is named, and the name alone when
    its last word is the tag already ("Player 1" at Light Seeker's seat 1, not "Player 1 (1)"; Japanese
    writes the default name without a space, "プレイヤー1"). The brackets are the page's language's
    (Japanese: "Bea（B）", as the setup form's "プレイヤー1（A）"). A computer player, named by its label
    "Bot (Hard)", takes the tag inside its brackets: "Bot C (Hard)" (``bot.seated``): the seat it sits at now.
    The words are for the page: its name's last word is held whole with the tag by word joiners (``i18n.held``),
    which the renderer draws as one no-break span of the plain words."""
    # Imported here, not at the top: the bot module imports this one (its moves and views are JSON).
    from gamenight.core import bot

    # The name's last word is held whole with the tag (``i18n.held``): Japanese writes no spaces, and the
    # catalogue's joiners alone held its last character, so a phone's line broke "プレイヤー" / "1（A）".
    if not name:
        return tag
    if (as_bot := bot.seated(name, tag)) is not None:
        return as_bot
    if name.split()[-1:] == [tag] or name == i18n._("Player {n}").format(n=tag):
        return i18n.held(name)
    return i18n._("{name}\u00a0({seat})").format(name=i18n.held(name), seat=tag)


def seat_colour(game: Game, seat: str) -> str:
    """The colour of ``seat``: its place in the largest seating, so it keeps its colour at any player count.

    Every smaller seating of a game is drawn from its largest one (``ValueError`` otherwise).
    """
    largest = seat_ids(game, game.info.seats.stop - 1)
    return SEAT_COLOURS[largest.index(seat) % len(SEAT_COLOURS)]
