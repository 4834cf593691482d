"""Reading JSON a peer sent, field by field, where a guest checks the host's views before its page reads
them (each game's ``check_view``, docs/protocol.md "What a guest checks").

A ``Field`` is a value with its path in the message (``tiles[3].kind``); each reader checks one field's
type and range and raises ``BadMessage`` naming it by that path, so the refusal says which
field was wrong ("'tiles[3].cell' is off the board"). The readers return the checked value, so a
check reads like the data it checks::

    v = root(view)
    size = whole(at(v, "size"), 9, 15)
    for tile in each(at(v, "tiles"), size * size):
        cell(at(tile, "cell"), size)

``jsonutil``'s readers check one key of an object for any error type; these walk nested lists and
objects and name the path, for ``BadMessage`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any, TypeVar

from gamenight.core.errors import MAX_PARAMS, BadMessage, GameNightError, plain
from gamenight.core.grid import Cell, on_board
from gamenight.i18n import N_, reasons

reasons(
    {
        "field-too-many": N_("{field} holds more than {max} items"),
        "field-off-board": N_("{field} is off the board (rows and columns run from 0 to {last})"),
        "field-not-seat": N_("{field} is not a seat of this match"),
        "field-twice": N_("{field} holds the same value twice"),
        "field-not-number": N_("{field} must be a number"),
    }
)

T = TypeVar("T")
# A value and its path in the message: a chain of keys ``(((), "tiles"), 3)`` for ``tiles[3]``, put in
# words only when a reader refuses it (``name``), so a field that is fine costs no text.
Field = tuple[Any, tuple]
MAX_SEATS, MAX_SEAT = 64, 32  # the lobby's limits: players in a match, characters of a seat id
MAX_POINTS = 1 << 31  # a score in any game, either way
MAX_TEXT = 200  # characters of a text field no reader expects longer (ids, codes, a reveal's flaw)


def root(value: Any) -> Field:
    """The whole message (a view) as a field: its fields' paths start at their own keys."""
    return value, ()


def field(value: Any, *keys: str | int) -> Field:
    """``value`` as the field at path ``keys`` (``field(event, "events", 3)`` is ``events[3]``)."""
    path: tuple = ()
    for key in keys:
        path = (path, key)
    return value, path


def name(field: Field) -> str:
    """A field's path in words, quoted as a refusal shows it: ``'tiles[3].cell'`` (``""`` for the whole
    message)."""
    keys = []
    path = field[1]
    while path:
        path, key = path
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return quoted("".join(reversed(keys)).lstrip("."))


def quoted(path: str) -> str:
    """``path`` as a refusal names a field: in quotes, so it reads as the field even where its name is
    also a game's word (a view's ``turn`` is not Light Seeker's "a turn": ``i18n.shown_params``)."""
    return f"'{path}'" if path else ""


def at(field: Field, key: str) -> Field:
    """Field ``key`` of the object ``field`` (missing → ``field-missing``)."""
    value, path = field
    if type(value) is not dict and not isinstance(value, Mapping):
        raise BadMessage("not-object", what=name(field) or "view")
    if key not in value:
        raise BadMessage("field-missing", field=name((None, (path, key))))
    return value[key], (path, key)


def each(field: Field, most: int) -> Iterator[Field]:
    """The items of the list ``field`` (at most ``most`` of them), each named by its index."""
    value, path = field
    if type(value) is not list:
        raise BadMessage("field-not-list", field=name(field))
    if len(value) > most:
        raise BadMessage("field-too-many", field=name(field), max=most)
    return ((item, (path, i)) for i, item in enumerate(value))


def keyed(
    field: Field, keys: Collection[str] | None, every: bool = True, *, kinds: bool = False
) -> Iterator[tuple[str, Field]]:
    """The entries of the object ``field`` whose keys must be among ``keys`` (``every``: all of them;
    ``None``: seats not known here, so at most as many as a match seats). The keys are seats, or with
    ``kinds`` the game's words (a hand's tile kinds), which an unknown key is refused as."""
    value, path = field
    if type(value) is not dict and not isinstance(value, Mapping):
        raise BadMessage("not-object", what=name(field))
    if keys is None:
        if len(value) > MAX_SEATS:
            raise BadMessage("field-too-many", field=name(field), max=MAX_SEATS)
    elif any(key not in keys for key in value):
        unknown = name((None, (path, next(k for k in value if k not in keys))))
        if kinds:
            raise BadMessage("field-choice", field=unknown, choices=", ".join(repr(k) for k in keys))
        raise BadMessage("field-not-seat", field=unknown)
    if keys is not None and every and len(value) != len(keys):
        missing = next(k for k in keys if k not in value)
        raise BadMessage("field-missing", field=name((None, (path, missing))))
    return ((key, (item, (path, key))) for key, item in value.items())


def whole(field: Field, lo: int, hi: int) -> int:
    """A whole number within ``lo..hi`` (booleans are not numbers here)."""
    value = field[0]
    if type(value) is not int:
        raise BadMessage("field-not-whole", field=name(field))
    if not lo <= value <= hi:
        raise BadMessage("field-range", field=name(field), lo=lo, hi=hi, value=value)
    return value


def number(field: Field, lo: float, hi: float) -> float:
    """A number (whole or not) within ``lo..hi``."""
    value = field[0]
    if type(value) not in (int, float):
        raise BadMessage("field-not-number", field=name(field))
    if not lo <= value <= hi:
        raise BadMessage("field-range", field=name(field), lo=lo, hi=hi, value=value)
    return value


def text(field: Field, most: int = MAX_TEXT) -> str:
    """A text of at most ``most`` characters."""
    value = field[0]
    if not isinstance(value, str):
        raise BadMessage("field-not-text", field=name(field))
    if len(value) > most:
        raise BadMessage("field-too-long", field=name(field), max=most)
    return value


def flag(field: Field) -> bool:
    value = field[0]
    if not isinstance(value, bool):
        raise BadMessage("field-not-bool", field=name(field))
    return value


def choice(field: Field, choices: Collection[str | None]) -> Any:
    """One of ``choices`` (texts, perhaps ``None``): checked for its type before it is looked up, so an
    unhashable value is refused rather than raising in the lookup."""
    value = field[0]
    if not (value is None or isinstance(value, str)) or value not in choices:
        raise BadMessage("field-choice", field=name(field), choices=", ".join(repr(c) for c in choices))
    return value


def cell(field: Field, size: int) -> Cell:
    """A ``[row, column]`` pair on a ``size`` × ``size`` board."""
    value = field[0]
    if not isinstance(value, list) or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        raise BadMessage("field-not-cell", field=name(field))
    if not on_board(value, size):
        raise BadMessage("field-off-board", field=name(field), last=size - 1)
    return value[0], value[1]


def seat(field: Field, seats: Collection[str] | None) -> str:
    """One of the match's ``seats`` (``None``: seats not known here, so any seat id)."""
    value = field[0]
    if not isinstance(value, str) or (value not in seats if seats is not None else len(value) > MAX_SEAT):
        raise BadMessage("field-not-seat", field=name(field))
    return value


def seat_list(field: Field, seats: Collection[str] | None) -> list[str]:
    """A list of different seats of the match."""
    found = [seat(item, seats) for item in each(field, MAX_SEATS if seats is None else len(seats))]
    if len(set(found)) != len(found):
        raise BadMessage("field-twice", field=name(field))
    return found


def seating(field: Field, most: int) -> tuple[str, ...]:
    """The match's seats, in turn order: 1 to ``most`` different ids."""
    seats = tuple(text(item, 32) for item in each(field, most))
    if not seats:
        raise BadMessage("field-empty", field=name(field))
    if len(set(seats)) != len(seats):
        raise BadMessage("field-twice", field=name(field))
    return seats


def addressed(view: Field, you: str | None, seats: Collection[str]) -> None:
    """A view's ``you``: the seat the match says this page holds (``None``: a spectator's view), one of
    the match's ``seats``."""
    choice(at(view, "you"), (you,))
    if you is not None:
        seat(at(view, "you"), seats)


def parsed(field: Field, parse: Callable[[Any], T]) -> T:
    """``field`` read by a game's own parser of untrusted input (its options), whose refusal becomes a
    refused message with the same reason."""
    try:
        return parse(field[0])
    except GameNightError as err:
        raise BadMessage(err.code, **err.params) from None


def maybe(field: Field) -> bool:
    """Whether an optional field holds a value (``None`` is no value)."""
    return field[0] is not None


def reason(field: Field) -> None:
    """A reason as results and events carry it: a code and its parameters, each a short text, a whole
    number, a boolean or null (``core.errors.clip``), so every page can word it."""
    text(at(field, "code"), 32)
    params = at(field, "params")
    if not isinstance(params[0], Mapping):
        raise BadMessage("not-object", what=name(params))
    if len(params[0]) > MAX_PARAMS:
        raise BadMessage("field-too-many", field=name(params), max=MAX_PARAMS)
    for key, value in params[0].items():
        if not plain(value):
            raise BadMessage("field-not-text", field=name((value, (params[1], key))))


def result(field: Field, seats: Collection[str] | None) -> None:
    """A match's result as ``core.game.Result.to_json`` writes it, naming only the match's ``seats``
    (``None``: any seat ids, where the seats are not known)."""
    most = MAX_SEATS if seats is None else len(seats)
    for place in each(at(field, "ranking"), most):
        seat_list(place, seats)
    seat_list(at(field, "winners"), seats)
    flag(at(field, "draw"))
    for _, points in keyed(at(field, "scores"), seats, every=False):
        whole(points, -MAX_POINTS, MAX_POINTS)
    for _, note in keyed(at(field, "notes"), seats, every=False):
        reason(note)
    if maybe(why := at(field, "reason")):
        reason(why)
    for team in each(at(field, "teams"), most):
        seat_list(team, seats)
