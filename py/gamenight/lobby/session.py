"""The host's lobby: members, seats, spectators and the match, as a state machine with no I/O.

The browser shell feeds it what arrives — ``handle(peer, text, now_ms)``, ``disconnect(peer, now_ms)``,
``tick(now_ms)``, the value of the work the match waits for (``preparation()`` says what to run in
slices, ``prepared(key, value, now_ms)`` takes its value) and the moves of its computer players
(``bot_turn()`` says which seat thinks on what, ``bot_move(...)`` plays the move) — and sends what
they return: a list of ``(peer, message)`` pairs, each message a JSON-safe dict for ``protocol.encode``.
A message that is refused changes nothing and is answered with an ``error`` to its sender alone.
``docs/lobby.md`` states the rules.

A computer player is a member without a connection (``Member.bot``: its level) that the host seats
(``bot`` request) and removes (``kick``); the host's page runs its thinking. One that took over a seat
mid-match stands in for its player (``Match.stand_ins``): when that player comes back, the seat is theirs
again and the computer player leaves.

The lobby sees a game only through ``gamenight.games`` and the ``Game`` protocol. Seats are the
game's seat ids for the chosen player count (``core.game.seat_ids``); while a match runs the seats
are the match's seats. Everything except the live connections and rate limits serialises to JSON
(``to_json``/``restore``), with the match as its record, so the host can reload and continue.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from gamenight import games
from gamenight.core.bot import NAME as BOT_NAME  # never shown: every page calls it "Bot B (Hard)" (bot.called)
from gamenight.core.bot import parse_level, turn_seed
from gamenight.core.errors import BadMessage, BadOptions, GameNightError, IllegalMove
from gamenight.core.game import JSON, Game, Log, Preparation, seat_colour, seat_ids, seat_tags
from gamenight.core.jsonutil import get_int, get_str, loads, obj, only_keys
from gamenight.core.rng import MAX_SEED, fresh_seed
from gamenight.i18n import N_, reasons, terms
from gamenight.lobby import protocol as p
from gamenight.lobby import rematch
from gamenight.lobby.names import name_key
from gamenight.lobby.record import (
    MAX_RECORD_BYTES,
    Entry,
    Record,
    count_moves,
    parse_record,
    recent_steps,
    replay_steps,
)

HOST_PEER = "host"  # the host's own page talks to the session as this peer
MAX_MEMBERS = 24
CHAT_KEPT = 50  # chat lines kept for snapshots
CHAT_LIMIT, CHAT_WINDOW_MS = 5, 5000  # per member
# Members may carry "handled" (requests handled so far) and "bot", a running match "stand_ins", the lobby "moved"
# (the old tokens of members who came back on another device: ``Session._retired``); older
# saves lack them and load as before (a save without "stand_ins": the players of bot seats only watch).
SAVE_VERSION = 1
Out = list[tuple[str, JSON]]


class Refused(GameNightError):
    """A well-formed request the lobby turns down: a registered reason code and its parameters."""


reasons(
    {
        "flood": N_("You are sending too many messages: some were dropped. Please slow down."),
        "not-joined": N_("Join the lobby with a name first."),
        "not-host": N_("Only the host may do that."),
        "already-joined": N_("You have already joined this lobby."),
        "replaced": N_("You joined from another window."),
        "seat-moved": N_(
            "{name} came back to this game night on another device, which now holds their seat: this window can "
            "no longer play as {name}. Join under another name to watch."
        ),
        "rejoin-here": N_(
            "{name} is connected to this game night already: this invitation brings {name} back only while they "
            "are away. Join under another name, or ask the host for a new invitation."
        ),
        "lobby-full": N_("This lobby is full ({max} members)."),
        "name-taken": N_("Someone here is already called {name} (or a name that looks the same); choose another name."),
        "slow-down": N_("You are chatting too fast; wait a moment."),
        "match-running": N_("The match has started: seats change when the host starts a new one."),
        "no-such-seat": N_("There is no seat {seat}."),
        "seat-taken": N_("Seat {seat} is taken."),
        "seat-taken-free-it": N_("Seat {seat} is taken: free it first."),
        "no-seat": N_("You have no seat."),
        "member-no-seat": N_("{name} has no seat."),
        "no-match": N_("No match is running."),
        "watching": N_("You are watching this match: only seated players move."),
        "not-your-seat": N_("You can only move for your own seat."),
        "stale-move": N_("That move was made on an earlier position: the board has moved on since."),
        "not-your-turn": N_("It is not your turn."),
        "unknown-game": N_("There is no game '{game}' to play."),
        "no-such-member": N_("There is no such member."),
        "is-host": N_("The host cannot remove themselves."),
        "kick-playing": N_(
            "{name} plays in the running match: end the match first to remove them, or put a computer player in "
            "their seat if they have left."
        ),
        "kick-playing-out": N_(
            "{name} plays in the running match: end the match first to remove them, or count them out if they "
            "have left."
        ),
        "player-here": N_(
            "{name} is still connected: a computer player takes over only the seat of a player who left."
        ),
        "out-player-here": N_("{name} is still connected: only a player who left can be counted out."),
        "out-host": N_("The host cannot count themselves out: end the match instead."),
        "out-bot": N_("A computer player holds seat {seat}: it never leaves, so it is never counted out."),
        "no-count-out": N_(
            "{game} cannot go on without a player: let a computer player take over their seat, or end the match."
        ),
        "kicked": N_("The host removed {name} from the lobby."),
        "night-over": N_("The host closed the game night. Thanks for playing!"),
        "seats-empty": N_("Seat {seat} is empty: seat someone or choose fewer players."),
        "request-gap": N_("Some of your requests did not arrive: sending them again from number {expected}."),
        "player-count": N_("{game} is for {range} players, not {players}."),
        "bad-save": N_("This saved lobby is damaged or from another version ({detail})."),
        "cannot-play": N_("This app cannot play '{game}'."),
        "save-host": N_("the host is not a member"),
        "save-seats": N_("the seats do not suit the game and player count"),
        "save-chat": N_("'chat' must be a list of at most {max} lines"),
        "save-members": N_("'members' must list 1 to {max} members"),
        "save-tokens": N_("members must have distinct ids and distinct reconnect tokens"),
        "save-seat-pair": N_("a seat must be a [seat, member] pair"),
        "save-seat-member": N_("a seat's member must be a member with no other seat"),
        "save-running": N_("a running match must be played in the lobby's seats"),
        "save-holders": N_("'holders' must list the match's seats"),
        "save-version": N_("unsupported saved lobby version"),
        "save-moved": N_("'moved' must list the old tokens of members who came back on another device"),
        "no-bots": N_("{game} has no computer players."),
        "save-bot": N_("a computer player must be seated, at easy, normal or hard"),
        "save-stand-in": N_(
            "'stand_ins' must map seats of the running match that computer players hold to the guests they "
            "stand in for, each without a seat and named once"
        ),
    }
)
terms({"saved-lobby": N_("a saved lobby"), "saved-match": N_("'match'"), "saved-member": N_("a member")})


@dataclass(frozen=True)
class Member:
    """A person, or a computer player (``bot``: its level; it has no token and never connects)."""

    id: str
    name: str
    token: str
    bot: str = ""


@dataclass(frozen=True)
class BotTurn:
    """A computer seat to play: its ``level``, its seat's ``view`` and the ``seed`` of its thinking, for
    the position after step ``at`` of the match's record (a move for another position is dropped)."""

    seat: str
    level: str
    at: int
    view: JSON
    seed: int

    @property
    def key(self) -> str:
        return f"{self.at}:{self.seat}"


@dataclass
class Match:
    """The current or last match: its record and live state; ``holders`` is who held each seat when it
    ended; ``events``: the public events of each step of the record (what the updates carried), for
    the log a snapshot gives a latecomer. They come from the record (a restored match replays it), and
    grow with it: a few events a step, beside a step's entry of the same size. ``stand_ins``: the seats
    a computer player took over from a player who left, with that player (the seat is theirs again
    when they come back); only seats a computer player still holds, only while the match runs.
    ``previous``: the state before the record's last step (``None`` before the first), so a snapshot
    shows a latecomer what that step changed."""

    record: Record
    state: Any
    holders: dict[str, str | None] | None = None
    events: Log = ()
    stand_ins: dict[str, str] = field(default_factory=dict)
    previous: Any = None

    @property
    def running(self) -> bool:
        return self.record.ended is None


def _token(source: Random | None) -> str:
    """A fresh reconnect token: 128 random bits, never derived from anything public."""
    return f"{source.getrandbits(128):032x}" if source else secrets.token_hex(16)


class Session:
    """The authoritative lobby the host runs. Mutable; every refused request leaves it as it was."""

    def __init__(
        self,
        game_id: str,
        host_name: str,
        *,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
        host_peer: str = HOST_PEER,
        random: Random | None = None,
    ) -> None:
        """A new lobby for ``game_id`` with its host seated in the first seat (``random``: tokens and seeds)."""
        self.random = random
        host = Member("m1", p.parse_name(host_name), _token(random))
        self.members: dict[str, Member] = {host.id: host}
        self.handled: dict[str, int] = {}  # member → its numbered requests handled so far (acknowledged)
        self.host = host.id
        self.next_member = 2
        self.seq = 0
        self.chat: list[p.Said] = []
        self.match: Match | None = None
        game = _game(game_id)
        self.game_id = game_id
        self.players = players if players is not None else game.info.seats.start
        self.options = options
        _check_setup(game, options, self.players)
        self.seats: dict[str, str | None] = dict.fromkeys(seat_ids(game, self.players))
        self.seats[next(iter(self.seats))] = host.id
        self._open(host_peer)

    def _open(self, host_peer: str) -> None:
        """The live part, never saved: which peer is which member (only the host at first), and rate limits."""
        self.host_peer = host_peer
        self.peers: dict[str, str] = {host_peer: self.host}
        self._flood: dict[str, p.FloodGuard] = {}
        self._chat_limits: dict[str, p.RateLimit] = {}
        # The connections that come through an invitation the host made for a member who is away (their row's
        # "Invite again"): that member may come back through it from any browser (``invited_back``), once.
        self._invited_back: dict[str, str] = {}
        # The tokens of members who came back on another device: their old browser is told so (``seat-moved``).
        self._retired: dict[str, str] = {}

    @property
    def game(self) -> Game:
        return _game(self.game_id)

    def peer_of(self, member: str) -> str | None:
        return next((peer for peer, m in self.peers.items() if m == member), None)

    def seat_of(self, member: str) -> str | None:
        return next((seat for seat, m in self.seats.items() if m == member), None)

    # --- entry points ------------------------------------------------------------------------

    def handle(self, peer: str, data: str | bytes, now_ms: int) -> Out:
        """Handle one message from ``peer``; returns the messages to send."""
        return self._stamped(self._handle(peer, data, now_ms))

    def _handle(self, peer: str, data: str | bytes, now_ms: int) -> Out:
        verdict = self._flood.setdefault(peer, p.FloodGuard()).admit(now_ms)
        if verdict == "drop":
            return []  # a numbered request dropped here is sent again by its client (see _numbered)
        if verdict == "warn":
            return [(peer, p.Error("flood").to_json())]
        about = None
        try:
            message, number = p.read_to_host(data)
            about = message.type
            if isinstance(message, p.Hello):
                return self._hello(peer, message)
            member = self.peers.get(peer)
            if member is None:
                raise Refused("not-joined")
            if number is not None:
                return self._numbered(peer, member, message, number, now_ms)
            return self._request(member, message, now_ms)
        except GameNightError as err:
            return [(peer, p.Error.of(err, about).to_json())]

    def _numbered(self, peer: str, member: str, message: p.ToHost, number: int, now_ms: int) -> Out:
        """Request ``number`` of ``member``: each is handled once, in order.

        An old number (a request sent again after a reconnection, already handled) changes nothing; a
        number beyond the next one means requests in between did not arrive (dropped in a flood), and
        the client is asked to send again from the first missing one.
        """
        done = self.handled.get(member, 0)
        if number <= done:
            return []
        if number > done + 1:
            return [(peer, p.Error("request-gap", {"expected": done + 1}, message.type).to_json())]
        self.handled[member] = number
        try:
            return self._request(member, message, now_ms)
        except GameNightError as err:
            return [(peer, p.Error.of(err, message.type).to_json())]

    def _request(self, member: str, message: p.ToHost, now_ms: int) -> Out:
        if isinstance(message, p.HOST_ONLY) and member != self.host:
            raise Refused("not-host")
        return _HANDLERS[type(message)](self, member, message, now_ms)

    def _stamped(self, out: Out) -> Out:
        """Each message to a member with ``ack``: how many of its requests the host has handled."""
        return [
            (peer, {**message, "ack": self.handled.get(self.peers[peer], 0)}) if peer in self.peers else (peer, message)
            for peer, message in out
        ]

    def close(self) -> Out:
        """The host closes the game night: a farewell to each guest's connection (``bye`` ``night-over``), after
        which the link closes it. Without it a guest's page read the closing as a dropped connection and asked
        for a new invitation that would never come."""
        return [(peer, p.Bye("night-over").to_json()) for peer in self.peers if peer != self.host_peer]

    def disconnect(self, peer: str, now_ms: int) -> Out:
        """``peer``'s connection closed: its member stays, shown as disconnected; a seated player's turn waits."""
        if peer == self.host_peer:
            return []  # the host page's own link: the session lives in that page, so it is always there
        self._flood.pop(peer, None)
        self._invited_back.pop(peer, None)
        if self.peers.pop(peer, None) is None:
            return []
        return self._stamped(self._broadcast([]))

    def tick(self, now_ms: int) -> Out:
        """Run the game's clock; broadcasts an update if the match changed."""
        match = self.match
        if match is None or not match.running:
            return []
        state, events = self.game.tick(match.state, now_ms)
        if state is match.state and not events:
            return []
        self._advance(Entry(now_ms), state, events)
        return self._stamped(self._broadcast(events))

    def preparation(self) -> Preparation | None:
        """The work the running match waits for or will need (a game's optional ``prepare``), if any:
        the shell runs its steps in slices, so the page keeps handling messages meanwhile."""
        match = self.match
        prepare = getattr(self.game, "prepare", None)
        if match is None or not match.running or prepare is None:
            return None
        return prepare(match.state)

    def prepared(self, key: str, value: JSON, now_ms: int) -> Out:
        """The work ``key`` is done: the match takes ``value`` in, recorded and broadcast like a move.
        A result for work the match no longer wants (another match, a restored session) is dropped."""
        match, wanted = self.match, self.preparation()
        if match is None or wanted is None or wanted.key != key:
            return []
        try:
            # ``prepared`` is an optional member of ``Game`` (core/game.py), which a Protocol cannot say:
            # the game has it, as it has the ``prepare`` that wanted this work.
            state, events = self.game.prepared(match.state, value, now_ms)  # type: ignore[attr-defined]
        except IllegalMove:
            return []  # the game's own work gave a value it refuses: nothing changes
        self._advance(Entry(now_ms, prepared=value), state, events)
        return self._stamped(self._broadcast(events))

    def bot_turn(self) -> BotTurn | None:
        """The computer seat to play now, if any: the host's page runs its thinking (``core.bot.thinking``
        with this seed, in slices) and gives the move to ``bot_move``. The seed comes from the match, so
        a host page reloaded mid-match thinks the same move again."""
        match = self.match
        if match is None or not match.running or self.game_id not in games.BOTS:
            return None
        active = self.game.active(match.state)
        for seat, member in self.seats.items():
            bot = self.members[member].bot if member is not None else ""
            if bot and seat in active:
                at = len(match.record.log)
                view = self.game.view(match.state, seat)
                return BotTurn(seat, bot, at, view, turn_seed(match.record.seed, seat, at))
        return None

    def bot_move(self, at: int, seat: str, move: JSON, now_ms: int) -> Out:
        """A computer player's move for the position after step ``at``, played through the match's one
        ``_play`` and broadcast like a person's; a move for a position that has gone (a move elsewhere,
        another match, the bot removed) or that the rules refuse is dropped and changes nothing."""
        turn = self.bot_turn()
        if turn is None or (turn.at, turn.seat) != (at, seat):
            return []
        try:
            return self._stamped(self._play(seat, move, None, now_ms))
        except GameNightError:
            return []

    # --- requests ------------------------------------------------------------------------------

    def _hello(self, peer: str, hello: p.Hello) -> Out:
        if peer in self.peers:
            known = self.members[self.peers[peer]]
            if peer != self.host_peer and known.name == hello.name and hello.token in (None, known.token):
                # The guest repeats its hello when no answer came (a first message can be lost while a
                # fresh connection settles): answer it again, changing nothing.
                return [
                    (peer, p.Welcome(known.id, known.token).to_json()),
                    (peer, self.snapshot(known.id).to_json()),
                ]
            raise Refused("already-joined")
        member = self._by_token(hello.token) or self._reclaim(peer, hello)
        out: Out = []
        if member is not None:
            old = self.peer_of(member.id)
            if old is not None:
                del self.peers[old]
                self._flood.pop(old, None)
                out.append((old, p.Bye("replaced").to_json()))
            self._seat_back(member.id)
        else:
            moved = self._moved(hello.token)
            if moved is not None:
                raise Refused("seat-moved", name=moved.name)
            if len(self.members) >= MAX_MEMBERS:
                raise Refused("lobby-full", max=MAX_MEMBERS)
            key = name_key(hello.name)
            # A bot is stored as "Bot" but always called "Bot B (Hard)", which no person's name can be (brackets are
            # refused): a person may be called Bot.
            people = (m for m in self.members.values() if not m.bot)
            taken = next((m.name for m in people if name_key(m.name) == key), None)
            if taken is not None:
                raise Refused("name-taken", name=taken)
            while f"m{self.next_member}" in self.members:  # a hand-edited save may have used it
                self.next_member += 1
            member = Member(f"m{self.next_member}", hello.name, _token(self.random))
            self.next_member += 1
            self.members[member.id] = member
        self.peers[peer] = member.id
        out += self._broadcast([], skip=member.id)
        out.append((peer, p.Welcome(member.id, member.token).to_json()))
        out.append((peer, self.snapshot(member.id).to_json()))
        return out

    def _seat_back(self, member: str) -> None:
        """``member`` came back: the seat of the running match a computer player took over from them is
        theirs again (the update everyone gets shows it), and that computer player leaves the lobby. Its
        move in thought, if any, is dropped (``bot_move`` plays only a computer seat's turn)."""
        match = self.match
        seat = next((s for s, m in match.stand_ins.items() if m == member), None) if match else None
        if seat is not None:
            self.seats[seat] = member
            self._drop_idle_bots()

    def invited_back(self, peer: str, member: str) -> None:
        """The connection ``peer`` comes through an invitation the host made for ``member`` (a person, away):
        a hello with that member's name on it takes their place back, from any browser, without their token
        (the old browser may be gone). The host made the invitation for them and pasted its reply: the channel is
        the proof, as a token is. The member gets a new token and the old one stops working (``_reclaim``)."""
        self._invited_back[peer] = member

    def _reclaim(self, peer: str, hello: p.Hello) -> Member | None:
        """The member the invitation ``peer`` came through was made for, back with a new token, if the hello is
        theirs (their name); ``None`` if the invitation was not made for a member here or the hello is another
        person's. Refused if that member is connected already (the invitation is stale: nothing changes)."""
        member = self.members.get(self._invited_back.get(peer, ""))
        if member is None or member.bot or member.id == self.host or name_key(member.name) != name_key(hello.name):
            return None
        if self.peer_of(member.id) is not None:
            raise Refused("rejoin-here", name=member.name)
        del self._invited_back[peer]
        self._retired = {**dict(list(self._retired.items())[-(MAX_MEMBERS - 1) :]), member.token: member.id}
        back = replace(member, token=_token(self.random))
        self.members[member.id] = back
        return back

    def _moved(self, token: str | None) -> Member | None:
        """The member whose retired ``token`` this is (they came back on another device), if any."""
        found = None
        for old, member in self._retired.items():  # compared in constant time, as tokens are
            if token and hmac.compare_digest(old.encode(), token.encode()) and member in self.members:
                found = self.members[member]
        return found

    def _by_token(self, token: str | None) -> Member | None:
        if not token:
            return None
        found = None
        for member in self.members.values():  # compare every token, in constant time each
            if hmac.compare_digest(member.token.encode(), token.encode()) and member.id != self.host and not member.bot:
                found = member  # the host's member belongs to the host page alone
        return found

    def _chat(self, member: str, message: p.Chat, now_ms: int) -> Out:
        if not self._chat_limits.setdefault(member, p.RateLimit(CHAT_LIMIT, CHAT_WINDOW_MS)).allow(now_ms):
            raise Refused("slow-down")
        line = p.Said(member, self.members[member].name, message.text, now_ms)
        self.chat = [*self.chat[-(CHAT_KEPT - 1) :], line]
        return [(peer, line.to_json()) for peer in self.peers]

    def _tag(self, seat: str) -> str:
        """The seat as players read it in a refusal (``core.game.seat_tags``: two Raythread seats, A and B)."""
        return seat_tags(self.game, list(self.seats)).get(seat, seat)

    def _before_match(self) -> None:
        if self.match is not None and self.match.running:
            raise Refused("match-running")

    def _sit(self, member: str, message: p.Sit, now_ms: int) -> Out:
        seat = message.seat
        self._before_match()
        if seat not in self.seats:
            raise Refused("no-such-seat", seat=seat)
        if self.seats[seat] not in (None, member):
            raise Refused("seat-taken", seat=self._tag(seat))
        self._unseat(member)
        self.seats[seat] = member
        return self._broadcast([])

    def _stand(self, member: str, message: p.Stand, now_ms: int) -> Out:
        self._before_match()
        if self.seat_of(member) is None:
            raise Refused("no-seat")
        self._unseat(member)
        return self._broadcast([])

    def _unseat(self, member: str) -> None:
        seat = self.seat_of(member)
        if seat is not None:
            self.seats[seat] = None

    def _move(self, member: str, message: p.Move, now_ms: int) -> Out:
        seat, move = message.seat, message.move
        match = self.match
        if match is None or not match.running:
            raise Refused("no-match")
        own = self.seat_of(member)
        if own is None:
            raise Refused("watching")
        if seat != own:
            raise Refused("not-your-seat")
        return self._play(seat, move, message.at, now_ms)

    def _play(self, seat: str, move: Mapping[str, Any], at: int | None, now_ms: int) -> Out:
        """The one way a move enters the match, a person's or a computer player's."""
        match = self.match
        assert match is not None  # both callers checked that a match runs
        moves = count_moves(match.record.log)
        game = self.game
        # In a game where seats act at once, another seat's move does not make this one stale.
        if at is not None and at != moves and not getattr(game, "simultaneous", False):
            raise Refused("stale-move")
        if seat not in game.active(match.state):
            raise Refused("not-your-turn")
        state, events = game.play(match.state, seat, move, now_ms)  # IllegalMove: the game's own reason
        self._advance(Entry(now_ms, seat, dict(move)), state, events)
        return self._broadcast(events)

    def _advance(self, entry: Entry, state: Any, events: list[JSON]) -> None:
        """Record ``entry``, its resulting ``state`` and the ``events`` broadcast; the match is over once
        the game has a result."""
        match = self.match
        assert match is not None
        over = self.game.result(state) is not None
        match.record = replace(match.record, log=(*match.record.log, entry), ended="over" if over else None)
        match.previous, match.state = match.state, state
        match.events = (*match.events, tuple(events))
        if over:
            match.holders, match.stand_ins = dict(self.seats), {}

    # --- host requests -------------------------------------------------------------------------

    def _resync(self, member: str, message: p.Resync, now_ms: int) -> Out:
        peer = self.peer_of(member)
        assert peer is not None  # the request came through it
        return [(peer, self.snapshot(member).to_json())]

    def _choose(self, member: str, message: p.Choose, now_ms: int) -> Out:
        game_id, options, players = message.game, message.options, message.players
        self._before_match()
        game = games.rules(game_id)
        if game is None:
            raise Refused("unknown-game", game=game_id)
        if players is None:
            players = min(max(len(self.peers), game.info.seats.start), game.info.seats.stop - 1)
        _check_setup(game, options, players)  # BadOptions: the game's own reason
        seated = list(self.seats.values())
        self.game_id, self.options, self.players = game_id, options, players
        # Members keep their place in the seat order when the seats are renamed or fewer.
        self.seats = dict(zip(seat_ids(game, players), seated + [None] * players, strict=False))
        self._drop_idle_bots()
        return self._broadcast([])

    def _member(self, member: str) -> Member:
        if member not in self.members:
            raise Refused("no-such-member")
        return self.members[member]

    def _assign(self, member: str, message: p.Assign, now_ms: int) -> Out:
        target, seat = message.member, message.seat
        self._member(target)
        if seat is None:
            if self.seat_of(target) is None:
                raise Refused("member-no-seat", name=self.members[target].name)
        elif seat not in self.seats:
            raise Refused("no-such-seat", seat=seat)
        elif self.seats[seat] not in (None, target):
            raise Refused("seat-taken-free-it", seat=self._tag(seat))
        self._unseat(target)
        if seat is not None:
            self.seats[seat] = target
        self._drop_idle_bots()
        return self._broadcast([])

    def _add_bot(self, member: str, message: p.AddBot, now_ms: int) -> Out:
        """Seat a computer player at ``level`` (the game must have one): in a free seat before a match, or,
        during a match, in the seat of a player whose page is gone, so the match need not wait for them
        for good. That player stays a member; the computer player stands in for them until they come back
        (``_seat_back``)."""
        seat = message.seat
        running = self.match if self.match is not None and self.match.running else None
        if self.game_id not in games.BOTS:
            raise Refused("no-bots", game=self.game.info.title)
        level = parse_level(message.level)  # BadOptions "bot-level"
        if seat not in self.seats:
            raise Refused("no-such-seat", seat=seat)
        holder = self.seats[seat]
        if running:
            if holder is None or self.members[holder].bot:
                raise Refused("match-running")
            if self.peer_of(holder) is not None:
                raise Refused("player-here", name=self.members[holder].name)
        elif holder is not None:
            raise Refused("seat-taken", seat=self._tag(seat))
        if len(self.members) >= MAX_MEMBERS:
            raise Refused("lobby-full", max=MAX_MEMBERS)
        while f"m{self.next_member}" in self.members:
            self.next_member += 1
        bot = Member(f"m{self.next_member}", BOT_NAME, "", level)
        self.next_member += 1
        self.members[bot.id] = bot
        self.seats[seat] = bot.id
        if running and holder is not None:  # the record says which seats the computer played, from here on too
            running.record = replace(running.record, bots={**running.record.bots, seat: level})
            running.stand_ins = {**running.stand_ins, seat: holder}
        return self._broadcast([])

    def _drop_idle_bots(self) -> None:
        """A computer player lives in its seat: one left without a seat (fewer players, another game,
        taken out by ``assign``), or whose game has no computer players, leaves the lobby."""
        playable = self.game_id in games.BOTS
        held = set(self.seats.values())
        for m in [m for m in self.members.values() if m.bot and (m.id not in held or not playable)]:
            self._unseat(m.id)
            if self.match is not None and self.match.holders is not None:
                self.match.holders = {s: None if h == m.id else h for s, h in self.match.holders.items()}
            del self.members[m.id]
        self._keep_stand_ins()

    def _keep_stand_ins(self) -> None:
        """A computer player stands in for a member while it holds that member's seat and the member,
        still in the lobby, has no other (the host may have taken the bot out, removed the member, or
        seated them elsewhere)."""
        if self.match is not None:
            self.match.stand_ins = {
                s: m
                for s, m in self.match.stand_ins.items()
                if self._bot_at(s) and m in self.members and self.seat_of(m) is None
            }

    def _bot_at(self, seat: str) -> bool:
        member = self.seats.get(seat)
        return member is not None and bool(self.members[member].bot)

    def _count_out(self, member: str, message: p.CountOut, now_ms: int) -> Out:
        """Count out the player of ``seat``, whose page is gone, so the running match goes on without them:
        what that means is the game's (its optional ``count_out``, recorded as a step of its own). They stay
        a member and keep the seat, so coming back they watch the match from it; the game no longer
        waits for them, and they play the next match."""
        seat = message.seat
        match = self.match
        if match is None or not match.running:
            raise Refused("no-match")
        count_out = getattr(self.game, "count_out", None)
        if count_out is None:
            raise Refused("no-count-out", game=self.game.info.title)
        if seat not in self.seats:
            raise Refused("no-such-seat", seat=seat)
        holder = self.seats[seat]
        if holder == self.host:
            raise Refused("out-host")
        if holder is not None and self.members[holder].bot:
            raise Refused("out-bot", seat=self._tag(seat))
        if holder is not None and self.peer_of(holder) is not None:
            # Connected or reconnecting (a link that is reconnecting is still the member's peer).
            raise Refused("out-player-here", name=self.members[holder].name)
        state, events = count_out(match.state, seat, now_ms)  # IllegalMove: the game's own reason
        self._advance(Entry(now_ms, out=seat), state, events)
        return self._broadcast(events)

    def _kick(self, member: str, message: p.Kick, now_ms: int) -> Out:
        target = message.member
        removed = self._member(target)
        if target == self.host:
            raise Refused("is-host")
        if self.match is not None and self.match.running and self.seat_of(target) is not None:
            # Their seat would stay empty and the match would wait at its turn with no way to go on. The way
            # on is the game's: a computer player in their seat, or (a game without one) counting them out.
            counts_out = self.game_id not in games.BOTS and getattr(self.game, "count_out", None) is not None
            code = "kick-playing-out" if counts_out else "kick-playing"
            raise Refused(code, name=removed.name)
        self._unseat(target)
        if self.match is not None and self.match.holders is not None:
            self.match.holders = {s: None if m == target else m for s, m in self.match.holders.items()}
        del self.members[target]
        self._keep_stand_ins()  # a computer player in their seat plays it on for good
        self._chat_limits.pop(target, None)
        out: Out = []
        peer = self.peer_of(target)
        if peer is not None:
            del self.peers[peer]
            self._flood.pop(peer, None)
            out.append((peer, p.Bye("kicked", {"name": removed.name}).to_json()))
        return out + self._broadcast([])

    def _start(self, member: str, message: p.Start, now_ms: int) -> Out:
        seed = message.seed
        self._before_match()
        game = self.game
        players, held = self._here()
        empty = [seat for seat, member in held.items() if member is None]
        if empty:
            raise Refused("seats-empty", seat=self._tag(empty[0]))
        seed = fresh_seed(self.random) if seed is None else seed
        seats = tuple(held)
        state = game.setup(game.options(self.options), seats, seed)  # BadOptions: the game's own reason
        self.players, self.seats = players, held
        names = {seat: self.members[m].name for seat, m in self.seats.items() if m}
        bots = {seat: self.members[m].bot for seat, m in self.seats.items() if m and self.members[m].bot}
        self.match = Match(Record(self.game_id, self.options, seats, names, seed, bots=bots), state)
        return self._broadcast([])

    def _here(self) -> tuple[int, dict[str, str | None]]:
        """The player count and seats a match starts with: the lobby's, or for a rematch (the last match's
        game, options and seats, unchanged since it ended) those turned one place (``rematch.turned``), so
        another player starts; and without the players the last match counted out whose page is still gone
        (``lobby.rematch.without``, the rule every page's note says): the others keep their order and close
        up, as when the host chooses fewer players, before they turn (``rematch.seating``, which every page
        reads who starts the rematch from before the press)."""
        match, game = self.match, self.game
        if match is None or match.holders is None or match.record.game != self.game_id:
            return self.players, self.seats
        away = {m for m in match.holders.values() if m is not None and self.peer_of(m) is None}
        again = rematch.same_options(game, match.record.options, self.options) and match.holders == self.seats
        now = list(self.seats.values())
        seated = rematch.seating(game, game.view(match.state, None), match.holders, now, away, again)
        if seated == now:
            return self.players, self.seats
        return len(seated), dict(zip(seat_ids(game, len(seated)), seated, strict=True))

    def _end(self, member: str, message: p.End, now_ms: int) -> Out:
        match = self.match
        if match is None or not match.running:
            raise Refused("no-match")
        match.record = replace(match.record, ended="host")
        match.holders, match.stand_ins = dict(self.seats), {}
        return self._broadcast([])

    # --- what members see ----------------------------------------------------------------------

    def lobby(self) -> p.Lobby:
        game = self.game
        return p.Lobby(
            game=self.game_id,
            title=game.info.title,
            options=self.options,
            players=self.players,
            phase="playing" if self.match and self.match.running else "lobby",
            host=self.host,
            members=tuple(
                p.MemberInfo(m.id, m.name, self.peer_of(m.id) is not None, m.bot or None) for m in self.members.values()
            ),
            seats=tuple(p.SeatInfo(seat, seat_colour(game, seat), m) for seat, m in self.seats.items()),
        )

    def _seat_in_match(self, match: Match, member: str) -> str | None:
        """The seat ``member`` holds in ``match`` (``None``: it watches)."""
        holders = self.seats if match.running else match.holders or {}
        return next((s for s, m in holders.items() if m == member and s in match.record.seats), None)

    def match_view(self, member: str) -> p.MatchView | None:
        """``member``'s sight of the match: its seat's view, or the spectator view if it holds none."""
        match = self.match
        if match is None:
            return None
        seat = self._seat_in_match(match, member)
        game = _game(match.record.game)
        result = game.result(match.state)
        return p.MatchView(
            game=match.record.game,
            you=seat,
            view=game.view(match.state, seat),
            result=result.to_json() if result else None,
            moves=count_moves(match.record.log),
            ended=match.record.ended,
            # What a rematch is told by (``_here``), for every page to say who starts it as this session will.
            holders=dict(match.holders) if match.holders is not None else None,
            options=match.record.options if match.holders is not None else None,
        )

    def match_log(self) -> p.MatchLog | None:
        """The match's recent public events, step by step, as every page's log keeps them (the same for
        every member: the updates carried them to all), and the moves played before them."""
        match = self.match
        if match is None:
            return None
        return p.MatchLog(*recent_steps(match.record.log, match.events))

    def before(self, member: str) -> JSON | None:
        """``member``'s sight of the position before the match's last step (``None`` before the first):
        a page that opens the match mid-way marks what that step changed, as the pages that saw it did."""
        match = self.match
        if match is None or match.previous is None:
            return None
        return _game(match.record.game).view(match.previous, self._seat_in_match(match, member))

    def snapshot(self, member: str) -> p.Snapshot:
        return p.Snapshot(
            self.seq, self.lobby(), self.match_view(member), tuple(self.chat), self.match_log(), self.before(member)
        )

    def _broadcast(self, events: list[JSON], skip: str | None = None) -> Out:
        """A numbered update to every connected member (but ``skip``), each with its own view."""
        self.seq += 1
        lobby = self.lobby()
        return [
            (peer, p.Update(self.seq, lobby, self.match_view(member), tuple(events)).to_json())
            for peer, member in self.peers.items()
            if member != skip
        ]

    # --- saving and restoring ------------------------------------------------------------------

    def to_json(self) -> JSON:
        """Everything to restore this lobby after a reload: members and tokens, seats, chat, the match record."""
        match = self.match
        return {
            "v": SAVE_VERSION,
            "game": self.game_id,
            "options": None if self.options is None else dict(self.options),
            "players": self.players,
            "host": self.host,
            "next_member": self.next_member,
            "members": [
                {"id": m.id, "name": m.name, "token": m.token, "handled": self.handled.get(m.id, 0)}
                | ({"bot": m.bot} if m.bot else {})
                for m in self.members.values()
            ],
            "seats": _pairs(self.seats),
            "seq": self.seq,
            "chat": [line.body() for line in self.chat],
            "match": None
            if match is None
            else {"record": match.record.to_json(), "holders": _pairs(match.holders)}
            | ({"stand_ins": dict(match.stand_ins)} if match.stand_ins else {}),
        } | ({"moved": [[token, member] for token, member in self._retired.items()]} if self._retired else {})

    @classmethod
    def restore(cls, text: str | bytes, *, host_peer: str = HOST_PEER, random: Random | None = None) -> Session:
        """A session from ``to_json`` text, its match replayed from the record; raises ``BadMessage``.

        Only the host is connected; guests come back with their tokens.
        """
        raw = obj(loads(text, MAX_RECORD_BYTES), "saved-lobby", BadMessage)
        keys = ("v", "game", "options", "players", "host", "next_member", "members", "seats", "seq", "chat", "match")
        only_keys(raw, (*keys, "moved"), "saved-lobby", BadMessage)
        if get_int(raw, "v", BadMessage) != SAVE_VERSION:
            raise BadMessage("save-version")
        self = cls.__new__(cls)
        self.random = random
        self.game_id = get_str(raw, "game", BadMessage, p.MAX_ID)
        game = games.rules(self.game_id)
        if game is None:
            raise BadMessage("cannot-play", game=self.game_id)
        options = raw.get("options")
        self.options = None if options is None else obj(options, "options", BadMessage)
        self.players = get_int(raw, "players", BadMessage, 1, 64)
        try:
            _check_setup(game, self.options, self.players)
        except BadOptions as err:
            raise BadMessage(err.code, **err.params) from None
        self.members, self.handled = _members(raw.get("members"))
        self.host = get_str(raw, "host", BadMessage, p.MAX_ID)
        if self.host not in self.members:
            raise BadMessage("save-host")
        self.next_member = get_int(raw, "next_member", BadMessage, 2)
        self.seats = _seats(raw.get("seats"), set(self.members))
        if tuple(self.seats) != seat_ids(game, self.players):
            raise BadMessage("save-seats")
        bots = [m.id for m in self.members.values() if m.bot]
        if bots and (self.game_id not in games.BOTS or not set(bots) <= set(self.seats.values())):
            raise BadMessage("save-bot")
        self.seq = get_int(raw, "seq", BadMessage, 0)
        chat = raw.get("chat")
        if not isinstance(chat, list) or len(chat) > CHAT_KEPT:
            raise BadMessage("save-chat", max=CHAT_KEPT)
        self.chat = [p.parse_chat_line(line) for line in chat]
        self.match = match = _match(raw.get("match"), self.seats, set(self.members))
        if match is not None:
            match.stand_ins = self._stand_ins(match, raw["match"].get("stand_ins", {}))
        self._open(host_peer)
        self._retired = self._moved_tokens(raw.get("moved", []))
        return self

    def _moved_tokens(self, raw: Any) -> dict[str, str]:
        """The saved old tokens of members who came back on another device (``_retired``): each a token no member
        holds, of a person here (not the host), at most ``MAX_MEMBERS``. A save without them has none."""
        if not isinstance(raw, list) or len(raw) > MAX_MEMBERS:
            raise BadMessage("save-moved")
        held = {m.token for m in self.members.values()}
        moved: dict[str, str] = {}
        for pair in raw:
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
                raise BadMessage("save-moved")
            token, member = pair
            known = self.members.get(member)
            if known is None or known.bot or member == self.host or not 16 <= len(token) <= p.MAX_TOKEN:
                raise BadMessage("save-moved")
            if token in held or token in moved:
                raise BadMessage("save-moved")
            moved[token] = member
        return moved

    def _stand_ins(self, match: Match, raw: Any) -> dict[str, str]:
        """The saved ``Match.stand_ins``: a seat of the running match a computer player holds, for a
        member with no seat (so a person: every computer player is seated), not the host, each once.
        A save without them has none."""
        stand_ins = obj(raw, "stand_ins", BadMessage)
        people = list(stand_ins.values())
        for seat, member in stand_ins.items():
            if (
                not match.running
                or not self._bot_at(seat)
                or not isinstance(member, str)
                or member not in self.members
                or member == self.host
                or self.seat_of(member) is not None
                or people.count(member) > 1
            ):
                raise BadMessage("save-stand-in")
        return dict(stand_ins)


_HANDLERS: dict[type, Any] = {
    p.Chat: Session._chat,
    p.Sit: Session._sit,
    p.Stand: Session._stand,
    p.Move: Session._move,
    p.Resync: Session._resync,
    p.Choose: Session._choose,
    p.Assign: Session._assign,
    p.AddBot: Session._add_bot,
    p.CountOut: Session._count_out,
    p.Kick: Session._kick,
    p.Start: Session._start,
    p.End: Session._end,
}


def _game(game_id: str) -> Game:
    game = games.rules(game_id)
    if game is None:
        raise BadOptions("unknown-game", game=game_id)
    return game


def _check_setup(game: Game, options: Mapping[str, Any] | None, players: int) -> None:
    """Raise ``BadOptions`` unless ``game`` takes ``players`` players and ``options``."""
    if players not in game.info.seats:
        raise BadOptions("player-count", game=game.info.title, range=game.info.players, players=players)
    game.options(options)


def _pairs(seats: dict[str, str | None] | None) -> list[list[str | None]] | None:
    """Seats as ``[seat, member]`` pairs, which keep their order in any JSON reader."""
    return None if seats is None else [[seat, member] for seat, member in seats.items()]


def _members(raw: Any) -> tuple[dict[str, Member], dict[str, int]]:
    """The saved members, and how many requests of each the host had handled."""
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_MEMBERS:
        raise BadMessage("save-members", max=MAX_MEMBERS)
    members: dict[str, Member] = {}
    handled: dict[str, int] = {}
    for item in raw:
        item = obj(item, "saved-member", BadMessage)
        only_keys(item, ("id", "name", "token", "handled", "bot"), "saved-member", BadMessage)
        bot = item.get("bot")
        try:
            level = "" if bot is None else parse_level(bot)
        except BadOptions:
            raise BadMessage("save-bot") from None
        member = Member(
            get_str(item, "id", BadMessage, p.MAX_ID),
            p.parse_name(get_str(item, "name", BadMessage, p.MAX_NAME)),
            get_str(item, "token", BadMessage, p.MAX_TOKEN),
            level,
        )
        # A computer player has no token (it never connects); every person has their own.
        people = [m.token for m in members.values() if not m.bot]
        bad_token = member.token != "" if member.bot else len(member.token) < 16 or member.token in people
        if member.id in members or bad_token:
            raise BadMessage("save-tokens")
        members[member.id] = member
        handled[member.id] = get_int(item, "handled", BadMessage, 0, MAX_SEED, default=0)
    return members, handled


def _seats(raw: Any, members: set[str]) -> dict[str, str | None]:
    if not isinstance(raw, list):
        raise BadMessage("field-not-list", field="seats")
    seats: dict[str, str | None] = {}
    for item in raw:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
            raise BadMessage("save-seat-pair")
        seat, member = item
        # A member id of another type (a save edited by hand) is no member: a list or an object cannot
        # even be looked up in ``members``.
        if member is not None and (not isinstance(member, str) or member not in members or member in seats.values()):
            raise BadMessage("save-seat-member")
        seats[seat] = member
    return seats


def _match(raw: Any, seats: dict[str, str | None], members: set[str]) -> Match | None:
    if raw is None:
        return None
    raw = obj(raw, "saved-match", BadMessage)
    only_keys(raw, ("record", "holders", "stand_ins"), "saved-match", BadMessage)
    record = parse_record(raw.get("record"))
    steps = replay_steps(record)
    state, events = steps[-1][0], tuple(tuple(e) for _state, e in steps[1:])
    previous = steps[-2][0] if len(steps) > 1 else None
    if record.ended is None:
        if raw.get("holders") is not None or record.seats != tuple(seats):
            raise BadMessage("save-running")
        return Match(record, state, events=events, previous=previous)
    holders = _seats(raw.get("holders"), members)
    if tuple(holders) != record.seats:
        raise BadMessage("save-holders")
    return Match(record, state, holders, events, previous=previous)
