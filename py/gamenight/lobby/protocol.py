"""The wire protocol between the host's session and its guests: versioned JSON envelopes.

Every message is one JSON object ``{"v": 6, "type": ..., ...fields}``; one text on the channel is at
most 64 KiB of UTF-8 (``MAX_BYTES``). A longer host message travels as numbered ``part`` frames that the
guest joins again, up to ``MAX_MESSAGE_BYTES`` (``frames`` / ``Reassembly``).
Guests send requests to the host (``TO_HOST``); the host answers and broadcasts (``TO_GUEST``).
Each type has one parse function that accepts exactly its fields, with their types and limits, and
raises ``BadMessage`` with a reason code for anything else. ``docs/protocol.md`` lists them all.

Version 2 speaks no sentences: refusals and farewells are a code and parameters (``error``, ``bye``),
read by each page in its own language (``i18n.describe``). A guest numbers its requests (``n``) and
the host acknowledges them (``ack`` on every message to that member), so a request is never lost
and never applied twice. Version 3 adds computer players: the host's ``bot`` request seats one, and
a member that is a bot says so (``MemberInfo.bot``: its level), so each page names it "Bot B (Hard)".
Version 4 gives a snapshot the match's recent public events (``MatchLog``), so a latecomer's log lists
the same recent moves as everyone else's. Version 5 gives it the member's sight of the position before
the match's last step (``Snapshot.before``), so a latecomer's board marks what that step changed.
Version 6 gives an ended match its seats' holders and options (``holders``, ``options``), so a page that
first sees it ended says who starts the rematch as the host will seat it.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, ClassVar, Literal

from gamenight.core.errors import MAX_PARAMS, BadMessage, plain
from gamenight.core.game import JSON, LOG_KEPT
from gamenight.core.jsonutil import dumps, get_bool, get_int, get_str, loads, obj, only_keys
from gamenight.core.rng import MAX_SEED
from gamenight.i18n import N_, reasons, terms
from gamenight.lobby import names

VERSION = 6
MAX_BYTES = 64 * 1024  # one text on the data channel, either way
FRAME_CHARS = 8192  # characters of a message per part: at most 4 bytes each, so a part is < 33 KiB
MAX_PARTS = 128
MAX_MESSAGE_BYTES = 1024 * 1024  # a whole host message, joined from its parts
MAX_NAME = 24
MAX_CHAT = 500
MAX_ID = 32  # member ids, seat ids, game ids, error codes
MAX_TOKEN = 64
FLOOD_LIMIT, FLOOD_WINDOW_MS = 20, 1000  # per peer: more in one second is a flood
NAME_PUNCTUATION = frozenset("-'’._・")  # besides letters, marks, digits and single spaces

reasons(
    {
        "bad-version": N_(
            "This message comes from another version of Game Night Central (protocol {got}, this page "
            "speaks {want}): reload both pages."
        ),
        "bad-type": N_("unknown message type '{got}'"),
        "type-not-text": N_("'type' must be text"),
        "bad-phase": N_("'phase' must be 'lobby' or 'playing'"),
        "bad-ended": N_("'ended' must be null, 'over' or 'host'"),
        "bad-params": N_("the parameters of a refusal must be at most 8 short values"),
        "name-length": N_("a name has 1 to {max} characters"),
        "name-characters": N_("a name has letters, digits, single spaces and - ' . _ only"),
        "name-scripts": N_("a name is written in one alphabet (not mixed, like Latin with Cyrillic)"),
        "chat-length": N_("a chat message has 1 to {max} characters"),
        "chat-control": N_("a chat message may not contain control characters"),
        "bad-part": N_("a part of a long message came out of order"),
        "message-too-large": N_("too large: {size} bytes, the limit is {limit}"),
        "log-step": N_("a step of the log must be a list of one or more events"),
        "log-too-long": N_("the log holds at most {max} events"),
        "log-without-match": N_("a log must come with its match"),
        "before-without-match": N_("a position before the last move must come with its match"),
    }
)
terms(
    {
        "message": N_("a message"),
        "lobby": N_("the lobby"),
        "member-info": N_("a member"),
        "seat-info": N_("a seat"),
        "match": N_("the match"),
        "chat-line": N_("a chat line"),
        "event": N_("an event"),
        "match-log": N_("the match's log"),
        "params": N_("the parameters"),
    }
)


class _Message:
    """A message: its ``type`` and dataclass fields, written out as an envelope."""

    type: ClassVar[str]

    def to_json(self) -> JSON:
        return {"v": VERSION, "type": self.type, **self.body()}

    def body(self) -> JSON:
        """The fields without the envelope (a chat line inside a snapshot or a saved lobby)."""
        return _fields_json(self)


def _fields_json(value: Any) -> JSON:
    # A class is hashable, but mypy checks ``type[...]`` against Hashable by the unbound ``object.__hash__``.
    return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}  # type: ignore[arg-type]


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _plain(value: Any) -> Any:
    """A field value as JSON: dataclasses by their fields (no envelope), tuples as lists."""
    if value is None or isinstance(value, str | int):
        return value
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return _fields_json(value)


def encode(message: _Message | JSON) -> str:
    """The text sent on the wire (canonical JSON)."""
    return dumps(message.to_json() if isinstance(message, _Message) else message)


# --- guest → host -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello(_Message):
    """The first message of a connection: join with a name, or come back with a reconnect token."""

    type: ClassVar[str] = "hello"
    name: str
    token: str | None = None


@dataclass(frozen=True)
class Chat(_Message):
    type: ClassVar[str] = "chat"
    text: str


@dataclass(frozen=True)
class Sit(_Message):
    """Take a free seat before a match (or change to another free one)."""

    type: ClassVar[str] = "sit"
    seat: str


@dataclass(frozen=True)
class Stand(_Message):
    """Leave one's seat before a match and watch."""

    type: ClassVar[str] = "stand"


@dataclass(frozen=True)
class Move(_Message):
    """A move for ``seat`` (which must be the sender's own); the game parses ``move``.

    ``at`` is how many moves of the match the sender had seen (``MatchView.moves``): a move made for
    an earlier position than the host's is refused rather than played on a board its sender never saw.
    """

    type: ClassVar[str] = "move"
    seat: str
    move: Mapping[str, Any]
    at: int | None = None


@dataclass(frozen=True)
class Resync(_Message):
    """Ask for a full snapshot (after a sequence gap, or to start mirroring)."""

    type: ClassVar[str] = "resync"


@dataclass(frozen=True)
class Choose(_Message):
    """Host: set the game, its options and the player count (``None`` = as many as are here)."""

    type: ClassVar[str] = "choose"
    game: str
    options: Mapping[str, Any] | None = None
    players: int | None = None


@dataclass(frozen=True)
class Assign(_Message):
    """Host: put ``member`` into ``seat`` (a free one), or take its seat away (``seat`` = ``None``)."""

    type: ClassVar[str] = "assign"
    member: str
    seat: str | None = None


@dataclass(frozen=True)
class AddBot(_Message):
    """Host: seat a computer player at ``level`` in the free ``seat`` before a match (removed by ``kick``)."""

    type: ClassVar[str] = "bot"
    seat: str
    level: str


@dataclass(frozen=True)
class CountOut(_Message):
    """Host: count out the player of ``seat`` in the running match, who left for good, so the match goes
    on without them (a game that declares ``count_out``: what it means is the game's rules)."""

    type: ClassVar[str] = "out"
    seat: str


@dataclass(frozen=True)
class Kick(_Message):
    """Host: remove ``member`` from the lobby."""

    type: ClassVar[str] = "kick"
    member: str


@dataclass(frozen=True)
class Start(_Message):
    """Host: start a match with every seat filled (``seed`` = ``None`` draws one)."""

    type: ClassVar[str] = "start"
    seed: int | None = None


@dataclass(frozen=True)
class End(_Message):
    """Host: end the running match now."""

    type: ClassVar[str] = "end"


ToHost = Hello | Chat | Sit | Stand | Move | Resync | Choose | Assign | AddBot | CountOut | Kick | Start | End
HOST_ONLY: tuple[type[_Message], ...] = (Choose, Assign, AddBot, CountOut, Kick, Start, End)


# --- host → guest -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberInfo:
    """A member as everyone sees it; ``bot`` is a computer player's level (``None``: a person)."""

    id: str
    name: str
    connected: bool
    bot: str | None = None


@dataclass(frozen=True)
class SeatInfo:
    id: str
    colour: str
    member: str | None


@dataclass(frozen=True)
class Lobby:
    """What everyone sees of the lobby: the game and options, members, seats and the phase."""

    game: str
    title: str
    options: Mapping[str, Any] | None
    players: int
    phase: Literal["lobby", "playing"]
    host: str
    members: tuple[MemberInfo, ...]
    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class MatchView:
    """One recipient's sight of the current (or last) match: its seat, the game's view, the result; of an
    ended match, ``holders`` (its seats → the members who held them) and ``options``, which a rematch is
    told by (``Session._here``): every page says who starts it from them (``ui/lobby/panel.py``). A page
    that first saw the match after it ended took the lobby as it then was for both, and after the host
    had changed the options or seats named a player the host would not seat first."""

    game: str
    you: str | None
    view: Mapping[str, Any]
    result: Mapping[str, Any] | None
    moves: int
    ended: Literal["over", "host"] | None
    holders: Mapping[str, str | None] | None = None
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Welcome(_Message):
    """To a member that joined: its id and its secret reconnect token (sent to it alone)."""

    type: ClassVar[str] = "welcome"
    member: str
    token: str


@dataclass(frozen=True)
class Said(_Message):
    """A chat line, shown to everyone."""

    type: ClassVar[str] = "said"
    member: str
    name: str
    text: str
    at: int


@dataclass(frozen=True)
class MatchLog:
    """The match's recent public events, step by step, oldest first (``core.game.kept``: at most
    ``LOG_KEPT`` events, whole steps), and how many moves were played before its first step."""

    earlier: int
    steps: tuple[tuple[Mapping[str, Any], ...], ...]


@dataclass(frozen=True)
class Snapshot(_Message):
    """Everything a member may see, at sequence number ``seq``: the start of mirroring, and every resync.
    ``log``: the recent events of ``match`` (``None`` without a match), for the page's log; ``before``:
    the member's sight of the position before the match's last step (``None`` before the first), so the
    board marks what that step changed (``match.view`` is the position after it)."""

    type: ClassVar[str] = "snapshot"
    seq: int
    lobby: Lobby
    match: MatchView | None
    chat: tuple[Said, ...]
    log: MatchLog | None = None
    before: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Update(_Message):
    """A change, numbered ``seq`` (one more than the last): the new lobby and view, and public events."""

    type: ClassVar[str] = "update"
    seq: int
    lobby: Lobby
    match: MatchView | None
    events: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Error(_Message):
    """A refusal, sent to the sender alone: a reason ``code`` and its ``params`` (each page words it in
    its own language with ``i18n.describe``); ``about`` is the type of the refused message, if known."""

    type: ClassVar[str] = "error"
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    about: str | None = None

    @classmethod
    def of(cls, err: Any, about: str | None = None) -> Error:
        """The refusal for a ``GameNightError``."""
        return cls(err.code, dict(err.params), about)


@dataclass(frozen=True)
class Bye(_Message):
    """The host closes this connection (removed, or signed in elsewhere): a reason code and parameters."""

    type: ClassVar[str] = "bye"
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Part(_Message):
    """Part ``i`` of ``of`` of host message number ``id``, too long for one text (``frames``)."""

    type: ClassVar[str] = "part"
    id: int
    i: int
    of: int
    data: str


ToGuest = Welcome | Said | Snapshot | Update | Error | Bye | Part


# --- parsing ------------------------------------------------------------------------------------


def parse_name(raw: str) -> str:
    """A display name: trimmed, 1 to 24 characters that cannot pose as something else.

    Letters, combining marks, digits, single spaces and ``- ' ’ . _ ・`` only (so no "Ann (host)"),
    with the letters in one script (``names.scripts``: "Аnn" with a Cyrillic А is refused). Names in
    a lobby are also unique by their look-alike key (``names.name_key``), checked by the session.
    """
    name = unicodedata.normalize("NFC", raw.strip())
    if not 1 <= len(name) <= MAX_NAME:
        raise BadMessage("name-length", max=MAX_NAME)
    if "  " in name or not all(_name_char(ch) for ch in name):
        raise BadMessage("name-characters")
    if not names.one_script(name):
        raise BadMessage("name-scripts")
    return name


# What the page writes between a name and its seat (``core.game.named_seat``: "Ann\u00a0(A)", Japanese word
# joiners), and Option+Space types on a Mac: a person who pastes or types one sees a space, or nothing.
_TYPED_MARKS = str.maketrans({"\u00a0": " ", "\u2060": None})


def typed_name(raw: str) -> str:
    """A name from a form (``parse_name``), with the no-break marks a page writes read as what they look
    like: a no-break space as a space, a word joiner as nothing ("Ann Lee" selected from "Ann Lee\u00a0(A)"
    on a seat card). Only a form's: a peer's page never sends either, so its messages keep the strict rule."""
    return parse_name(raw.translate(_TYPED_MARKS))


def _name_char(ch: str) -> bool:
    return ch == " " or ch in NAME_PUNCTUATION or unicodedata.category(ch)[0] in "LMN"


def parse_chat_text(raw: str) -> str:
    """Chat text: trimmed, 1 to 500 characters, printable apart from line breaks."""
    text = raw.strip()
    if not 1 <= len(text) <= MAX_CHAT:
        raise BadMessage("chat-length", max=MAX_CHAT)
    if not all(ch.isprintable() or ch == "\n" for ch in text):
        raise BadMessage("chat-control")
    return text


def _id(raw: Mapping[str, Any], key: str) -> str:
    value = get_str(raw, key, BadMessage, MAX_ID)
    if not value:
        raise BadMessage("field-empty", field=key)
    return value


def _opt_id(raw: Mapping[str, Any], key: str) -> str | None:
    return None if raw.get(key) is None else _id(raw, key)


def _opt_obj(raw: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    return None if raw.get(key) is None else obj(raw[key], key, BadMessage)


def _hello(raw: Mapping[str, Any]) -> Hello:
    token = raw.get("token")
    if token is not None:
        token = get_str(raw, "token", BadMessage, MAX_TOKEN)
    return Hello(parse_name(get_str(raw, "name", BadMessage, 200)), token)


def _chat(raw: Mapping[str, Any]) -> Chat:
    return Chat(parse_chat_text(get_str(raw, "text", BadMessage, MAX_CHAT + 100)))


def _move(raw: Mapping[str, Any]) -> Move:
    at = None if raw.get("at") is None else get_int(raw, "at", BadMessage, 0, 1 << 31)
    return Move(_id(raw, "seat"), obj(raw.get("move"), "move", BadMessage), at)


def _choose(raw: Mapping[str, Any]) -> Choose:
    players = None if raw.get("players") is None else get_int(raw, "players", BadMessage, 1, 64)
    return Choose(_id(raw, "game"), _opt_obj(raw, "options"), players)


def _start(raw: Mapping[str, Any]) -> Start:
    return Start(None if raw.get("seed") is None else get_int(raw, "seed", BadMessage, 0, MAX_SEED))


def _member_info(raw: Any) -> MemberInfo:
    raw = _exact(raw, "member-info", ("id", "name", "connected", "bot"))
    return MemberInfo(
        _id(raw, "id"),
        parse_name(get_str(raw, "name", BadMessage, MAX_NAME)),
        get_bool(raw, "connected", BadMessage),
        _opt_id(raw, "bot"),
    )


def _seat_info(raw: Any) -> SeatInfo:
    raw = _exact(raw, "seat-info", ("id", "colour", "member"))
    return SeatInfo(_id(raw, "id"), _id(raw, "colour"), _opt_id(raw, "member"))


def _list(raw: Mapping[str, Any], key: str, item: Callable[[Any], Any]) -> tuple[Any, ...]:
    value = raw.get(key)
    if not isinstance(value, list):
        raise BadMessage("field-not-list", field=key)
    return tuple(item(v) for v in value)


def parse_lobby(raw: Any) -> Lobby:
    keys = ("game", "title", "options", "players", "phase", "host", "members", "seats")
    raw = _exact(raw, "lobby", keys)
    phase = raw.get("phase")
    if phase not in ("lobby", "playing"):
        raise BadMessage("bad-phase")
    return Lobby(
        game=_id(raw, "game"),
        title=get_str(raw, "title", BadMessage, 200),
        options=_opt_obj(raw, "options"),
        players=get_int(raw, "players", BadMessage, 1, 64),
        phase=phase,
        host=_id(raw, "host"),
        members=_list(raw, "members", _member_info),
        seats=_list(raw, "seats", _seat_info),
    )


def _match_view(raw: Any) -> MatchView | None:
    if raw is None:
        return None
    raw = _exact(raw, "match", ("game", "you", "view", "result", "moves", "ended", "holders", "options"))
    ended = raw.get("ended")
    if ended not in (None, "over", "host"):
        raise BadMessage("bad-ended")
    return MatchView(
        game=_id(raw, "game"),
        you=_opt_id(raw, "you"),
        view=obj(raw.get("view"), "view", BadMessage),
        result=_opt_obj(raw, "result"),
        moves=get_int(raw, "moves", BadMessage, 0),
        ended=ended,
        holders=_holders(raw),
        options=_opt_obj(raw, "options"),
    )


def _holders(raw: Mapping[str, Any]) -> dict[str, str | None] | None:
    """An ended match's seats → the members who held them (``MatchView.holders``): seat ids as keys."""
    holders = _opt_obj(raw, "holders")
    if holders is None:
        return None
    seats = [_key_id(seat, "holders") for seat in holders]  # every seat first, then who holds each
    return {seat: _opt_id(holders, seat) for seat in seats}


def _key_id(key: str, field: str) -> str:
    """An id that is a key of the object ``field`` (a seat of ``holders``), refused as ``_id`` refuses a
    value: not empty, not longer than ``MAX_ID``. A JSON key is text already."""
    if len(key) > MAX_ID:
        raise BadMessage("field-too-long", field=field, max=MAX_ID)
    if not key:
        raise BadMessage("field-empty", field=field)
    return key


def _said(raw: Mapping[str, Any]) -> Said:
    return Said(
        _id(raw, "member"),
        parse_name(get_str(raw, "name", BadMessage, MAX_NAME)),
        parse_chat_text(get_str(raw, "text", BadMessage, MAX_CHAT)),
        get_int(raw, "at", BadMessage, 0),
    )


def parse_chat_line(raw: Any) -> Said:
    """A chat line without its envelope, as kept in snapshots and saved lobbies."""
    return _said(_exact(raw, "chat-line", ("member", "name", "text", "at")))


def _snapshot(raw: Mapping[str, Any]) -> Snapshot:
    chat = _list(raw, "chat", parse_chat_line)
    match = _match_view(raw.get("match"))
    log = _match_log(raw.get("log"))
    if log is not None and match is None:
        raise BadMessage("log-without-match")
    before = _opt_obj(raw, "before")
    if before is not None and match is None:
        raise BadMessage("before-without-match")
    return Snapshot(get_int(raw, "seq", BadMessage, 0), parse_lobby(raw.get("lobby")), match, chat, log, before)


def _event(raw: Any) -> Mapping[str, Any]:
    return obj(raw, "event", BadMessage)


def _match_log(raw: Any) -> MatchLog | None:
    """A snapshot's log: counted before anything in it is read, so an oversized one costs nothing."""
    if raw is None:
        return None
    raw = _exact(raw, "match-log", ("earlier", "steps"))
    steps = raw.get("steps")
    if not isinstance(steps, list):
        raise BadMessage("field-not-list", field="steps")
    if not all(isinstance(step, list) and step for step in steps):
        raise BadMessage("log-step")
    if sum(len(step) for step in steps) > LOG_KEPT:
        raise BadMessage("log-too-long", max=LOG_KEPT)
    return MatchLog(
        get_int(raw, "earlier", BadMessage, 0, MAX_SEED), tuple(tuple(_event(e) for e in step) for step in steps)
    )


def _update(raw: Mapping[str, Any]) -> Update:
    events = _list(raw, "events", _event)
    return Update(
        get_int(raw, "seq", BadMessage, 1), parse_lobby(raw.get("lobby")), _match_view(raw.get("match")), events
    )


def parse_params(raw: Any) -> Mapping[str, str | int | bool | None]:
    """A refusal's parameters: at most 8, each a short text, a whole number, a boolean or null."""
    params = obj(raw, "params", BadMessage)
    if len(params) > MAX_PARAMS or not all(len(k) <= MAX_ID and plain(v) for k, v in params.items()):
        raise BadMessage("bad-params")
    return dict(params)


def _error(raw: Mapping[str, Any]) -> Error:
    return Error(_id(raw, "code"), parse_params(raw.get("params", {})), _opt_id(raw, "about"))


def _part(raw: Mapping[str, Any]) -> Part:
    of = get_int(raw, "of", BadMessage, 2, MAX_PARTS)
    return Part(
        get_int(raw, "id", BadMessage, 0),
        get_int(raw, "i", BadMessage, 0, of - 1),
        of,
        get_str(raw, "data", BadMessage, FRAME_CHARS),
    )


def _exact(raw: Any, what: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """``raw`` as an object with exactly ``keys`` (missing ones read as absent by the field readers)."""
    raw = obj(raw, what, BadMessage)
    only_keys(raw, keys, what, BadMessage)
    return raw


Parser = Callable[[Mapping[str, Any]], Any]

# Each type: its parse function and the fields it may carry.
TO_HOST: dict[str, tuple[Parser, tuple[str, ...]]] = {
    "hello": (_hello, ("name", "token")),
    "chat": (_chat, ("text",)),
    "sit": (lambda raw: Sit(_id(raw, "seat")), ("seat",)),
    "stand": (lambda raw: Stand(), ()),
    "move": (_move, ("seat", "move", "at")),
    "resync": (lambda raw: Resync(), ()),
    "choose": (_choose, ("game", "options", "players")),
    "assign": (lambda raw: Assign(_id(raw, "member"), _opt_id(raw, "seat")), ("member", "seat")),
    "bot": (lambda raw: AddBot(_id(raw, "seat"), _id(raw, "level")), ("seat", "level")),
    "out": (lambda raw: CountOut(_id(raw, "seat")), ("seat",)),
    "kick": (lambda raw: Kick(_id(raw, "member")), ("member",)),
    "start": (_start, ("seed",)),
    "end": (lambda raw: End(), ()),
}
TO_GUEST: dict[str, tuple[Parser, tuple[str, ...]]] = {
    "welcome": (
        lambda raw: Welcome(_id(raw, "member"), get_str(raw, "token", BadMessage, MAX_TOKEN)),
        ("member", "token"),
    ),
    "said": (_said, ("member", "name", "text", "at")),
    "snapshot": (_snapshot, ("seq", "lobby", "match", "chat", "log", "before")),
    "update": (_update, ("seq", "lobby", "match", "events")),
    "error": (_error, ("code", "params", "about")),
    "bye": (lambda raw: Bye(_id(raw, "code"), parse_params(raw.get("params", {}))), ("code", "params")),
    "part": (_part, ("id", "i", "of", "data")),
}
NUMBERED = frozenset(("chat", "sit", "stand", "move", "choose", "assign", "bot", "out", "kick", "start", "end"))


def _parse(data: str | bytes, table: dict[str, tuple[Parser, tuple[str, ...]]], number: str, max_bytes: int) -> Any:
    """The message and its envelope number (``n`` of a request, ``ack`` of a host message), or ``None``."""
    raw = obj(loads(data, max_bytes), "message", BadMessage)
    version = raw.get("v")
    if type(version) is not int or version != VERSION:  # 1.0, true and "2" are not version numbers
        raise BadMessage("bad-version", got=str(version), want=VERSION)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise BadMessage("bad-type", got=kind) if isinstance(kind, str) else BadMessage("type-not-text")
    parse, allowed = table[kind]
    numbered = number == "ack" or kind in NUMBERED
    only_keys(raw, ("v", "type", *allowed, *((number,) if numbered else ())), "message", BadMessage)
    n = None if raw.get(number) is None else get_int(raw, number, BadMessage, 0 if number == "ack" else 1, MAX_SEED)
    return parse(raw), n


def read_to_host(data: str | bytes) -> tuple[ToHost, int | None]:
    """A guest's message to the host and its request number ``n`` (if numbered); raises ``BadMessage``."""
    return _parse(data, TO_HOST, "n", MAX_BYTES)


def read_to_guest(data: str | bytes, max_bytes: int = MAX_BYTES) -> tuple[ToGuest, int | None]:
    """The host's message to a guest and its ``ack`` (the member's requests handled so far, if sent)."""
    return _parse(data, TO_GUEST, "ack", max_bytes)


# --- long messages ------------------------------------------------------------------------------

_part_ids = iter(range(1, MAX_SEED))


def frames(text: str) -> list[str]:
    """``text`` as the texts to send: itself when it fits one text, else ``part`` frames of
    ``FRAME_CHARS`` characters each (so each frame stays far below ``MAX_BYTES``).

    Raises ``BadMessage`` for a message beyond ``MAX_MESSAGE_BYTES``, which no receiver would join:
    the host's budgets (docs/protocol.md) keep every message below it.
    """
    size = len(text.encode("utf-8"))
    if size <= MAX_BYTES:
        return [text]
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage("message-too-large", size=size, limit=MAX_MESSAGE_BYTES)
    pieces = [text[k : k + FRAME_CHARS] for k in range(0, len(text), FRAME_CHARS)]
    ident = next(_part_ids)
    return [encode(Part(ident, i, len(pieces), piece)) for i, piece in enumerate(pieces)]


class Reassembly:
    """Joins ``part`` frames into their message: one message at a time (the channel keeps order), its
    parts in order, at most ``MAX_PARTS`` of them and ``MAX_MESSAGE_BYTES`` in all; anything else is
    refused and forgotten, so a bad sender can make the receiver hold at most one message's worth."""

    def __init__(self) -> None:
        self._id: int | None = None
        self._pieces: list[str] = []
        self._of = 0
        self._bytes = 0

    def add(self, part: Part) -> str | None:
        """The whole message once ``part`` completes it, else ``None``; raises ``BadMessage``."""
        if part.i == 0:
            self._id, self._pieces, self._of, self._bytes = part.id, [], part.of, 0
        elif part.id != self._id or part.i != len(self._pieces) or part.of != self._of:
            self._id, self._pieces = None, []
            raise BadMessage("bad-part")
        self._pieces.append(part.data)
        self._bytes += len(part.data.encode("utf-8", "surrogatepass"))
        if self._bytes > MAX_MESSAGE_BYTES:
            self._id, self._pieces = None, []
            raise BadMessage("message-too-large", size=self._bytes, limit=MAX_MESSAGE_BYTES)
        if len(self._pieces) < self._of:
            return None
        text, self._id, self._pieces = "".join(self._pieces), None, []
        return text


# --- rate limits --------------------------------------------------------------------------------


class RateLimit:
    """At most ``limit`` accepted events in any ``window_ms`` milliseconds (a sliding log)."""

    def __init__(self, limit: int, window_ms: int) -> None:
        self.limit, self.window_ms = limit, window_ms
        self._times: deque[int] = deque()

    def allow(self, now_ms: int) -> bool:
        """Whether one more event at ``now_ms`` fits; if so it is counted."""
        while self._times and self._times[0] <= now_ms - self.window_ms:
            self._times.popleft()
        if len(self._times) >= self.limit:
            return False
        self._times.append(now_ms)
        return True


class FloodGuard:
    """One peer's flood check: over 20 messages a second are dropped, with one warning per flood."""

    def __init__(self, limit: int = FLOOD_LIMIT, window_ms: int = FLOOD_WINDOW_MS) -> None:
        self._rate = RateLimit(limit, window_ms)
        self._warned = False

    def admit(self, now_ms: int) -> Literal["ok", "warn", "drop"]:
        """``ok`` to handle the message; ``warn`` to drop it and warn once; ``drop`` to drop it silently."""
        if self._rate.allow(now_ms):
            self._warned = False
            return "ok"
        if self._warned:
            return "drop"
        self._warned = True
        return "warn"
