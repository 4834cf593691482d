"""The guest's mirror of the host's lobby: applies snapshots and numbered updates, and asks to resync on a gap.

The page renders ``lobby``, ``match`` and ``chat``; it sends what ``hello``, ``request``, ``poll`` and
``receive`` return. Messages from the host are untrusted too: one that does not parse is noted in
``problems`` and ignored (and if it was the snapshot the mirror waits for, asked for again). That
includes the match a snapshot or update carries: its game checks the view and the events before the
page reads them (``checked``, the game's ``check_view``), so a malformed view changes nothing either.
The page tells the player (``problem``) until a good snapshot or update puts the mirror in step again.

Nothing the player asks for is lost or applied twice (docs/peer-links.md): requests are numbered
(``n``) and kept in ``outbox`` until the host acknowledges them (``ack`` on every host message); they
are sent again after a reconnection and, with back-off, when no acknowledgement comes. A snapshot
that does not come is asked for again the same way, so a mirror never waits forever.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gamenight import games
from gamenight.core import fields
from gamenight.core.errors import BadMessage, GameNightError
from gamenight.core.game import JSON, seat_ids
from gamenight.i18n import N_, reasons
from gamenight.lobby import protocol as p
from gamenight.lobby.rematch import same_options

CHAT_SHOWN = 200
RETRY_FIRST_MS, RETRY_MAX_MS = 2000, 16000  # back-off of repeated hellos, resyncs and requests
SLOW_MS = 5000  # a page that has waited this long says what for and offers "Try again"
MAX_PROBLEMS = 20  # refused messages kept: a host that sends nothing but bad ones must not fill the memory
MAX_ERRORS = 20  # the host's refusals kept (the page shows the last): the same for a host sending only those

reasons(
    {
        "no-seat-in-match": N_("you have no seat in this match"),
        # The session's own words for a save's (``save-holders``): one sentence to translate.
        "match-holders": N_("'holders' must list the match's seats"),
    }
)


class Client:
    """One member's view of the lobby, kept in step with the host's numbered updates."""

    def __init__(self, name: str, token: str | None = None, *, trusted: bool = False) -> None:
        self.name = name
        # The host page's own mirror: its views come from the session in the same page, so they are not
        # checked again (``checked``); every guest's are.
        self.trusted = trusted
        self.token = token  # kept by the page (e.g. in local storage) to come back after a drop
        self.member: str | None = None
        self.seq: int | None = None  # None until the first snapshot
        self.awaiting_snapshot = False
        self.lobby: p.Lobby | None = None
        self.match: p.MatchView | None = None
        self.events: tuple[Mapping[str, Any], ...] = ()  # of the last update applied
        # The match's recent events as the last snapshot told them, until the next update is applied:
        # the page's log starts from them (a latecomer, a reloaded page, a resync after a gap).
        self.told: p.MatchLog | None = None
        # The position before the match's last step as the last snapshot told it (this member's sight),
        # until the next update is applied: a board opened on the snapshot marks what that step changed.
        self.before: Mapping[str, Any] | None = None
        # The match shown began as a rematch: this page showed an ended match of the same game when it
        # started, and the host started it from that match's seats and options (``starts_rematch``; its status says who
        # starts it, ``ui.match.Table.rematch``); and the seat this member held in an ended match of the same
        # game (``None``: it watched, or none), so the page says a seat that changed.
        self.rematch = False
        self.last_seat: str | None = None
        self.chat: list[p.Said] = []
        self.errors: list[p.Error] = []
        # The refusals shown so far (``refuse``) and the unreadable messages (``problem``): which of two
        # alert regions says the one standing, so the same one again is said again (``ui.live.alerts``).
        self.refusals = 0
        self.problems_said = 0
        self.problems: list[str] = []  # the last MAX_PROBLEMS refusals, in English (tests, a bug report)
        # The host's last message this page refused, while no good snapshot or update has followed it:
        # the page says so, in its own language (the error's code and parameters).
        self.problem: BadMessage | None = None
        self.closed: p.Bye | None = None  # the host's farewell, once it has closed this connection
        self.welcomed = False  # the host answered this connection's hello
        # The host turned this page's hello away for its name (someone there has one that looks the same):
        # the same hello would be refused every time, so nothing is sent until the player gives another
        # (``rename``). A full lobby's refusal is asked again with back-off: a place may come free.
        self.name_refused: p.Error | None = None
        self.next_n: int | None = None  # the number of the next request, known from the welcome
        self.pending: list[JSON] = []  # requests made before the welcome: numbered when it comes
        self.outbox: list[JSON] = []  # numbered requests the host has not acknowledged, in order
        self.since_ms: int | None = None  # when the oldest thing this mirror waits for was asked
        self.retry_at_ms = 0
        self.backoff_ms = RETRY_FIRST_MS
        self._parts = p.Reassembly()

    @property
    def seat(self) -> str | None:
        """The seat this member holds in the lobby, if any."""
        if self.lobby is None:
            return None
        return next((s.id for s in self.lobby.seats if s.member is not None and s.member == self.member), None)

    @property
    def is_host(self) -> bool:
        return self.lobby is not None and self.member is not None and self.lobby.host == self.member

    @property
    def waiting_for(self) -> str | None:
        """What this mirror waits for from the host: ``"welcome"``, ``"lobby"``, ``"answer"`` or nothing."""
        if self.closed is not None or self.name_refused is not None:
            return None
        if not self.welcomed:
            return "welcome"
        if self.awaiting_snapshot:
            return "lobby"
        return "answer" if self.outbox else None

    @property
    def moving(self) -> bool:
        """Whether a move this page asked for waits for the host (queued, or sent and not acknowledged).
        The host acknowledges a move with the update that plays it (or with its refusal)."""
        return any(m.get("type") == p.Move.type for m in (*self.pending, *self.outbox))

    def slow(self, now_ms: int) -> bool:
        """Whether the page has waited long enough to say so and offer "Try again"."""
        return self.waiting_for is not None and self.since_ms is not None and now_ms - self.since_ms >= SLOW_MS

    def receive(self, data: str | bytes, now_ms: int = 0) -> list[JSON]:
        """Apply one text from the host; returns the messages to send back."""
        try:
            message, ack = p.read_to_guest(data)
            if isinstance(message, p.Part):
                whole = self._parts.add(message)
                if whole is None:
                    return []
                message, ack = p.read_to_guest(whole, p.MAX_MESSAGE_BYTES)
            if not self.trusted:
                checked(message)
        except BadMessage as err:
            self.problems = [*self.problems[-(MAX_PROBLEMS - 1) :], str(err)]
            self.problem = err
            self.problems_said += 1
            return []
        out: list[JSON] = []
        if ack is not None:
            self._acked(ack, now_ms)
        match message:
            case p.Welcome(member=member, token=token):
                self.member, self.token, self.welcomed = member, token, True
                out += self._welcomed(ack or 0, now_ms)
            case p.Snapshot():
                self.seq, self.awaiting_snapshot = message.seq, False
                self._mirror(message.lobby, message.match, ())
                self.told, self.before = message.log, message.before
                self.chat = list(message.chat)
                self._settled(now_ms)
            case p.Update():
                out += self._update(message, now_ms)
            case p.Said():
                self.chat = [*self.chat[-(CHAT_SHOWN - 1) :], message]
            case p.Error(code="request-gap", params=params):
                out += self._resend_from(params.get("expected"), now_ms)
            case p.Error(code="name-taken" | "seat-moved" | "rejoin-here", about=p.Hello.type) if not self.welcomed:
                self.name_refused = message
                self.since_ms = None
                if message.code == "seat-moved":
                    # The member came back on another device, which holds the seat and a new token: this
                    # page's token stopped working, and another name joins as a new member without it.
                    self.token = None
            case p.Error():
                self.refuse(message)
            case p.Bye():
                self.closed = message
        return out

    def refuse(self, error: p.Error) -> None:
        """Show ``error`` (the host's refusal, or the page's own: ``refuse_input``), counted."""
        self.errors = [*self.errors[-(MAX_ERRORS - 1) :], error]
        self.refusals += 1

    def refuse_input(self, err: GameNightError) -> None:
        """Show the page's own refusal of an input it could not make a request of (``err``: a chat line too
        long, options out of range) in place of the refusals shown: it answers the player's latest input, as
        the host's answer to a request sent does (the page clears them before each one it sends)."""
        self.errors.clear()
        self.refuse(p.Error.of(err))

    def _acked(self, ack: int, now_ms: int) -> None:
        before = len(self.outbox)
        self.outbox = [m for m in self.outbox if m["n"] > ack]
        if len(self.outbox) != before:
            self._settled(now_ms)

    def _welcomed(self, ack: int, now_ms: int) -> list[JSON]:
        """The host answered the hello: number what waited, send again what it has not handled."""
        self.outbox = [m for m in self.outbox if m["n"] > ack]
        self.outbox = [{**m, "n": ack + 1 + k} for k, m in enumerate(self.outbox)]  # no gaps, ever
        self.next_n = ack + 1 + len(self.outbox)
        queued, self.pending = self.pending, []
        return list(self.outbox) + [self._number(m, now_ms) for m in queued]

    def _resend_from(self, expected: Any, now_ms: int) -> list[JSON]:
        """The host missed requests from ``expected`` on: send the outbox again, numbered from there."""
        if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
            return []
        self.outbox = [{**m, "n": expected + k} for k, m in enumerate(self.outbox)]
        self.next_n = expected + len(self.outbox)
        return list(self.outbox)

    def _update(self, update: p.Update, now_ms: int) -> list[JSON]:
        if self.awaiting_snapshot or (self.seq is not None and update.seq <= self.seq):
            return []  # stale, or superseded by the snapshot on its way
        if self.seq is None or update.seq != self.seq + 1:
            return [self.resync(now_ms)]
        self.seq = update.seq
        self._mirror(update.lobby, update.match, update.events)
        self.told = self.before = None
        return []

    def _mirror(self, lobby: p.Lobby, match: p.MatchView | None, events: tuple[Mapping[str, Any], ...]) -> None:
        seen, before = self.match, self.lobby
        if self.lobby is not None and lobby != self.lobby:
            # A refusal answered the lobby as it was (a seat taken, too few players): once members, seats,
            # options or the phase have changed it no longer holds, and it goes. Chat and the match's moves
            # leave it: they come often, and would take it away before it is read.
            self.errors.clear()
        self.lobby, self.match, self.events = lobby, match, events
        self.problem = None  # a whole lobby (and match) from the host: the mirror is in step again
        if match is None:
            self.rematch, self.last_seat = False, None
        if match is not None and match.ended is None and (seen is None or seen.ended is not None):
            # A match begins (or is first seen) after an ended match of its game here: a rematch if the host
            # started it from that match's seats and options (``starts_rematch``, the lobby as this page last saw
            # it); after other options or seats the host's button said "Start the match", and "Rematch: Ann (A)
            # starts" opened a new match. The seat this member held then is kept either way ("this time").
            follows = seen is not None and seen.game == match.game
            self.rematch = seen is not None and follows and (before is None or starts_rematch(seen, before))
            self.last_seat = seen.you if seen is not None and follows else None

    @property
    def played(self) -> tuple[p.SeatInfo, ...]:
        """The seats of the match this mirror holds, each with its player: a running match's are the lobby's
        seats as they are; an ended match's, who played it, as the host's view of it says
        (``MatchView.holders``). The lobby's seats may have changed since it ended (swapped for the next
        match): a page that first saw the match ended took the lobby it found for them, and its ended board
        named the player of another seat. In the lobby's seat order, with their colours: the ended match is
        shown only while its seats are the lobby's (``ui.lobby.panel.shown_match``); the wire's holders are in
        the order of its canonical JSON."""
        match, lobby = self.match, self.lobby
        if match is None or lobby is None:
            return ()
        holders = match.holders
        if match.ended is None or holders is None or set(holders) != {s.id for s in lobby.seats}:
            return lobby.seats
        return tuple(replace(s, member=holders[s.id]) for s in lobby.seats)

    def _waiting(self, now_ms: int) -> None:
        if self.since_ms is None:
            self.since_ms = now_ms
            self.retry_at_ms, self.backoff_ms = now_ms + RETRY_FIRST_MS, RETRY_FIRST_MS

    def _settled(self, now_ms: int) -> None:
        """One wait ended: start the clock again for whatever is still awaited."""
        self.since_ms = None
        if self.waiting_for is not None:
            self._waiting(now_ms)

    # --- requests ------------------------------------------------------------------------------

    def joined_as(self, member: str, handled: int) -> None:
        """The host page's own mirror: a member from the start, without a hello (it never travels)."""
        self.member, self.welcomed, self.next_n = member, True, handled + 1

    def hello(self, now_ms: int = 0) -> JSON:
        """The first message on every (re)connection; with a token, the host restores this member."""
        self.closed, self.name_refused = None, None
        self.welcomed, self.next_n = False, None
        self.seq, self.awaiting_snapshot = None, True
        self.since_ms = None
        self._waiting(now_ms)
        return p.Hello(self.name, self.token).to_json()

    def rename(self, name: str, now_ms: int = 0) -> JSON:
        """The hello again, with the name the player gave after the host turned the last one away."""
        self.name = name
        return self.hello(now_ms)

    def resync(self, now_ms: int = 0) -> JSON:
        """Ask for a snapshot; updates are ignored until it comes."""
        self.awaiting_snapshot = True
        self._waiting(now_ms)
        return p.Resync().to_json()

    def request(self, message: Mapping[str, Any], now_ms: int = 0) -> list[JSON]:
        """Send ``message`` (chat, sit, move …) as the next numbered request: what to send now (nothing
        before the welcome: it goes out, numbered, when the welcome comes)."""
        if self.next_n is None:
            self.pending.append(dict(message))
            return []
        return [self._number(message, now_ms)]

    def _number(self, message: Mapping[str, Any], now_ms: int) -> JSON:
        assert self.next_n is not None  # numbered only after the welcome, which tells the number
        numbered = {**message, "n": self.next_n}
        self.next_n += 1
        self.outbox.append(numbered)
        self._waiting(now_ms)
        return numbered

    def poll(self, now_ms: int) -> list[JSON]:
        """Called on a timer: what to send again because no answer came (with back-off)."""
        if self.waiting_for is None or self.since_ms is None or now_ms < self.retry_at_ms:
            return []
        self.backoff_ms = min(self.backoff_ms * 2, RETRY_MAX_MS)
        self.retry_at_ms = now_ms + self.backoff_ms
        return self._again()

    def try_again(self, now_ms: int) -> list[JSON]:
        """The player pressed "Try again": ask again now, and start the back-off afresh."""
        if self.waiting_for is None:
            return []
        self.since_ms = None
        self._waiting(now_ms)
        return self._again()

    def _again(self) -> list[JSON]:
        wait = self.waiting_for
        if wait == "welcome":
            return [p.Hello(self.name, self.token).to_json()]  # the host answers a repeated hello again
        if wait == "lobby":
            return [p.Resync().to_json()]
        return list(self.outbox)

    def say(self, text: str) -> JSON:
        return p.Chat(text).to_json()

    def sit(self, seat: str) -> JSON:
        return p.Sit(seat).to_json()

    def stand(self) -> JSON:
        return p.Stand().to_json()

    def move(self, move: Mapping[str, Any]) -> JSON:
        """A move for this member's own seat, made on the position this mirror shows."""
        if self.match is None or self.match.you is None:
            raise BadMessage("no-seat-in-match")
        return p.Move(self.match.you, dict(move), self.match.moves).to_json()


def checked(message: p.ToGuest) -> None:
    """Raise ``BadMessage`` if the match of a snapshot or update is one this page could not show: its
    game checks the view for this member's seat and the events the page will word (an update's, a
    snapshot's log; ``Game.check_view``) and an ended match's ``holders`` (its seats, which the ended board
    is drawn with: ``Client.played``), and the lobby checks the result it shows. The lobby knows no
    game: a game this page does not know is shown as text, which reads only what it checks itself."""
    if isinstance(message, p.Snapshot):
        match, events = message.match, [e for step in message.log.steps for e in step] if message.log else []
    elif isinstance(message, p.Update):
        match, events = message.match, list(message.events)
    else:
        return
    if match is None:
        return
    game = games.rules(match.game)
    if game is not None:
        game.check_view(match.view, match.you, events)
        holders = match.holders
        if holders is not None and (
            len(holders) not in game.info.seats or set(holders) != set(seat_ids(game, len(holders)))
        ):
            raise BadMessage("match-holders")
        if isinstance(message, p.Snapshot) and message.before is not None:
            game.check_view(message.before, match.you, ())
    if match.result is not None:
        fields.result(fields.field(match.result, "result"), None)


def starts_rematch(match: p.MatchView, lobby: p.Lobby) -> bool:
    """Whether the host's Start beside ``match``, ended, starts a rematch, as ``Session._here`` tells one: the
    ended match's seats and options (``MatchView.holders``, ``options``) are ``lobby``'s, the options as the
    game reads them (``rematch.same_options``: the defaults set by hand are none set). A page that does not
    know them (no holders) calls it a rematch, as it did; the session seats the players either way."""
    if match.holders is None:
        return True
    seats = {s.id: s.member for s in lobby.seats}
    same_game = match.game == lobby.game  # another game: the session starts it as the lobby's seats are
    return same_game and match.holders == seats and same_options(games.rules(lobby.game), match.options, lobby.options)
