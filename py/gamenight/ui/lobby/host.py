"""The host's screen (``#/host?game=<id>``): open a lobby, invite players by link, run the lobby.

The page runs the authoritative ``Session`` and is itself a member of it through a ``PageHub``
(``HostLink`` on one side, the page's ``Client`` mirror via ``GuestLink`` on the other), exactly as
guests are over WebRTC. Each invitation is one peer connection (``OpenInvite``), named ``i<id>``; it
is single-use and expires after ``INVITE_TTL_S``. The lobby is saved in local storage after every
change, so a reloaded host page restores it (and the match) and re-invites everyone.

A browser hosts one game night at a time (one saved lobby). A second host tab would restore the same
lobby and run it beside the first, each saving over the other. So a page that starts hosting says so
to the other tabs (``PostSignal``: ``{"hosting": lobby, "tab", "since"}``); a page hosting since earlier
answers the same way and saves its lobby again, and the younger page stands down (``elsewhere``): it
closes what it opened, stops, saves nothing, and says where the game night is.

Work the match waits for (``Session.preparation``: Reflection's generated puzzles) runs here as a
``Work`` effect in slices, so the page keeps handling guests' messages while it runs; its value goes
back to the session (``HostLink.prepared``), which records and broadcasts it.

The lobby's computer players think here too (``Session.bot_turn``), with the same thinking, pause and
seed as a table's bots (``core.bot``): a ``Work`` in slices, then the move waits ``PAUSE_MS`` after the
other pages have shown the move before it whole (``match.watched_ms``: played back step by step, or a
Raythread move's beams swept in; the host's own turn is not played back here but is on every guest's and
spectator's page), holds while this page's board plays it
back, and goes to the session (``HostLink.bot_move``), which plays it through its one ``play`` and
broadcasts it like a person's. A reloaded host page finds the same turn in the restored session and
thinks it again.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import games, i18n
from gamenight.core.bot import PAUSE_MS, Turned, thinking
from gamenight.core.errors import BadMessage, BadOptions, GameNightError
from gamenight.core.game import counting
from gamenight.core.jsonutil import dumps, get_str, loads, obj
from gamenight.i18n import N_, _, reasons, sentences, terms
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.lobby.names import name_key
from gamenight.lobby.session import HOST_PEER, Session
from gamenight.net import invite as iv
from gamenight.net import peer as pe
from gamenight.net.link import GuestLink, HostLink
from gamenight.ui import forms
from gamenight.ui import match as screen
from gamenight.ui.heading import heading_parts
from gamenight.ui.live import alerts, new_notes, region, said_again
from gamenight.ui.lobby.panel import (
    LOBBY_ACTIONS,
    OPTION,
    Sight,
    board_input,
    board_message,
    counting_out,
    let_go,
    lobby_keys,
    lobby_requests,
    noticed,
    panel,
    reason_text,
    refusals,
    running_shown,
    shown_refusal,
    spoken,
    sync_board,
    taking_over,
)
from gamenight.ui.offline import offline_note
from gamenight.ui.program import (
    Copy,
    Effect,
    Env,
    Focus,
    Keys,
    Message,
    Navigate,
    ShowInWindow,
    StartTimer,
    StopTimer,
    StopWork,
    Store,
    Tick,
    UiEvent,
    WarnBeforeLeaving,
    Work,
    WorkDone,
    WorkProgress,
)
from gamenight.ui.qr import qr_code
from gamenight.ui.svg import Element, h

STORE_KEY = "peer.host"
TIMER = "host-lobby"
PREPARE = "host-prepare"  # the Work running what the match waits for
# The question before the match is ended for everyone offers "Keep playing" first (Enter keeps it).
FOCUS_KEEP_PLAYING = Focus("button[data-action=end-cancel]")
FOCUS_END = Focus("button[data-action=end]")
# … and the question before a player is counted out offers "Keep waiting" first.
FOCUS_KEEP_WAITING = Focus("button[data-action=count-out-cancel]")
# … and the question before the game night is closed for everyone offers "Keep the night open" first.
FOCUS_KEEP_OPEN = Focus("button[data-action=close-cancel]")
FOCUS_CLOSE = Focus("button[data-action=close-lobby]")
COUNT_OUT = ("count-out", "count-out-cancel", "count-out-ask")
CLOSING = ("close-lobby", "close-cancel")
BOT_TASK = "host-bot"  # the Work of a computer player's thinking, and the timer of its pause
MAX_LOBBY_NAME = iv.MAX_LOBBY_NAME
INVITES_SHOWN = 12
OPEN = ("preparing", "waiting")  # invitation states that may still be answered
# … and those still on their way to a guest joining: a channel opening, a hello the lobby has not taken
# yet (greeting) or has refused (refused: the guest's page says hello again now and then, and may yet join).
UNANSWERED = (*OPEN, "connecting", "greeting", "refused")
FOCUS_INVITE = Focus("button[data-action=invite]")
FOCUS_MATCH = Focus("[data-focus-home]")  # the running match's status (``ui.match.render``)
FOCUS_HOME = Focus("[data-focus-home]", quiet=True)  # a reloaded night's: no keyboard's ring till a key is pressed
Reason = Mapping[str, Any]  # {"code", "params"}: worded when the view is built, in the page's language

reasons(
    {
        "saved-night-version": N_("This saved game night is from another version of the app."),
        "saved-night-id": N_("a saved game night needs its lobby id"),
        "lobby-name": N_("a lobby name has 1 to {max} printable characters"),
        "no-game-to-host": N_("there is no game '{game}' to host"),
        "cannot-host-yet": N_("{game} cannot be hosted yet: pick another game for tonight."),
        "restore-failed": N_("Your saved game night could not be restored: open a new one."),
        "restored": N_(
            "Your game night was restored. Guests show as disconnected: invite them again to keep their seats."
        ),
        # … and of a night with no guest to invite again (the host and computer players only).
        "restored-alone": N_("Your game night was restored."),
        "night-closed": N_("The game night is closed."),
        "other-game-open": N_(
            "Your {saved} game night is still open. To play {asked}, pick it as the game below, or close this "
            "game night to open a new one."
        ),
        "other-game-playing": N_(
            "Your {saved} game night is still open, with a match on. To play {asked}, end the match, then pick "
            "it as the game, or close this game night to open a new one."
        ),
        "open-elsewhere": N_(
            "This game night is open in another tab of this browser: carry on there. To host it here instead, "
            "close that tab, then reload this one."
        ),
        "reply-unknown": N_(
            "This reply answers no invitation of this page (perhaps one made before the page was reloaded): "
            "make a new invitation."
        ),
        "reply-expired": N_("The invitation this reply answers has expired (after 10 minutes): make a new one."),
        "reply-lost": N_(
            "{name}'s reply answers an invitation made before this page was reloaded, which ended its link: "
            "make a new invitation for {name}."
        ),
        "reply-used": N_("This reply was already used: each invitation lets one player in. Make a new invitation."),
        # Another reply to an invitation already used: its link opened again, on a second device or by a friend.
        "reply-used-same": N_(
            "{guest} already joined with this invitation (on another device, tab or browser). Each invitation "
            "lets one player in, so nothing changed. Another device needs an invitation of its own, and joins "
            "as another player."
        ),
        "reply-used-other": N_(
            "{name}'s reply answers the invitation {guest} already used: each invitation lets one player in. "
            "Make a new invitation for {name}."
        ),
        "connecting-guest": N_("Connecting {name}…"),
        "guest-connected": N_("{name} is connected."),
        "turn-url": N_("A relay address starts with turn: or turns: (for example turn:relay.example.org:3478)."),
        "take-over-wait": N_(
            "{name} may still come back: a computer player can take over {minutes} minutes after the game night "
            "was restored."
        ),
    }
)
terms({"saved-night": N_("a saved game night"), "session": N_("'session'")})


def _reason(err: Any) -> Reason:
    return {"code": err.code, "params": dict(err.params)}


def _said(code: str, **params: Any) -> Reason:
    return {"code": code, "params": params}


RESTORED = _said("restored")
RESTORED_ALONE = _said("restored-alone")
# A reloaded host page shows every guest as disconnected, yet their pages may still be open, waiting to be
# invited again (docs/lobby.md): the page cannot tell. It offers to count out a guest it has not heard from
# since only after this long, time for the host to invite them again and for them to answer; a guest who
# came back and left again is gone at once, as anyone who drops mid-match.
RELOAD_GRACE_MS = 120_000
# A saved count of invitations beyond this is not one this page made: read as none (``Live.restore``).
MAX_INVITES_MADE = 1_000_000


def _guests_away(session: Session) -> bool:
    """Whether a person of the game night (not a computer player) has no connection to this page."""
    connected = set(session.peers.values())
    return any(not m.bot and m.id not in connected for m in session.members.values())


@dataclass(frozen=True)
class Invite:
    """One invitation: ``state`` is preparing, waiting, connecting, greeting (the channel is open, the
    guest's hello not taken yet), refused (the lobby refused its hello: ``note`` says why), joined, left
    (its guest joined, then its channel closed, or its card was put away), expired, failed, or lost (made
    before this page was reloaded and not answered then: ``Live.unanswered``)."""

    peer: str
    invite: bytes
    issued_ms: int
    state: str = "preparing"
    code: str = ""
    guest: str = ""  # the name in the guest's reply
    answer: str = ""  # the ICE user fragment of the reply taken: another reply to it is another device's
    member: str = ""  # when inviting a member back
    member_id: str = ""  # … that member's id
    # Its place in the order the host made invitations ("Invitation 2"): two open cards both titled
    # "Invitation" could not be told apart (which link went to whom).
    number: int = 0
    note: Reason | None = None
    # What the link says (``code`` encodes it): its ``game`` follows the lobby's while it waits for a reply
    # (``_links_follow``); ``made_for`` is the game of the first link, which a guest may have opened already.
    offer: iv.Invitation | None = None
    made_for: str = ""
    # Made before this page was reloaded: its connection offer was the page's that made it, so no reply to it can
    # be taken (a reply says so, ``check_reply``), whatever its card shows now.
    lost: bool = False


@dataclass(frozen=True)
class Unanswered:
    """An invitation this page made that had no guest in the lobby yet, as the night's save holds it: after a
    reload its card comes back "lost" (``HostScreen.init``). The host sent its link and may not remember to whom;
    the new page cannot answer it (docs/peer-links.md, *Host reload*), and said nothing of it."""

    invite: bytes
    number: int
    member: str = ""  # the id of the member it invited back
    guest: str = ""  # the name of the reply taken, if one was

    def to_json(self) -> dict[str, Any]:
        return {"id": self.invite.hex(), "n": self.number, "member": self.member, "guest": self.guest}

    @classmethod
    def read(cls, raw: Any, session: Session) -> tuple[Unanswered, ...]:
        """The list saved with the night; an entry that cannot be read (a damaged save), or that invited back a
        member no longer in the lobby, is left out: the night is restored without that card."""
        found: dict[bytes, Unanswered] = {}
        for entry in raw[-INVITES_SHOWN:] if isinstance(raw, list) else ():
            if not isinstance(entry, dict):
                continue
            hexed, number, member, guest = (entry.get(k) for k in ("id", "n", "member", "guest"))
            if not isinstance(hexed, str) or len(hexed) != 8 or any(c not in "0123456789abcdef" for c in hexed):
                continue
            if type(number) is not int or not 1 <= number <= MAX_INVITES_MADE:
                continue
            if not isinstance(member, str) or (member and (member not in session.members or member == session.host)):
                continue
            try:
                guest = p.typed_name(guest) if isinstance(guest, str) and guest else ""
            except BadMessage:
                guest = ""
            found[bytes.fromhex(hexed)] = cls(bytes.fromhex(hexed), number, member, guest)
        return tuple(found.values())


class Live:
    """The host page's running lobby: the session, this page's own mirror, and the hub between them."""

    def __init__(
        self, session: Session, lobby_id: str, name: str, turn: pe.IceServer | None = None, invites_made: int = 0
    ) -> None:
        self.session, self.lobby_id, self.name, self.turn = session, lobby_id, name, turn
        # The invitations made for this game night: the next card's number (``Invite.number``). Saved with the
        # night: counted from 1 again after a reload, a new card took the number of one made before it.
        self.invites_made = invites_made
        # The invitations not answered yet, saved with the night (``Unanswered``; kept by ``HostScreen.update``).
        self.unanswered: tuple[Unanswered, ...] = ()
        self.now_ms = 0
        self.last_saved = ""
        self.hub = pe.PageHub(HOST_PEER)
        self.link = HostLink(session, self.hub, lambda: self.now_ms)
        self.client = Client(session.members[session.host].name, trusted=True)
        # The host page's member never needs a welcome: it numbers its requests on from the saved count.
        self.client.joined_as(session.host, session.handled.get(session.host, 0))
        self.guest = GuestLink(self.client, self.hub.local_end, host_page=True, clock=lambda: self.now_ms)
        self.hub.pump()

    def run(self, now_ms: int) -> list[Effect]:
        """Deliver what is queued at ``now_ms``; the texts for remote peers, then the save and leave guard."""
        self.now_ms = now_ms
        sends: list[Effect] = list(self.hub.pump())
        effects: list[Effect] = []
        saved = self.saved()
        if saved != self.last_saved:  # the timer runs this every second; storage is written on change
            self.last_saved = saved
            running = self.session.match is not None and self.session.match.running
            effects += [Store(STORE_KEY, saved), WarnBeforeLeaving(running)]
        # Saved before anything is sent: no guest hears an acknowledgement the saved lobby does not hold.
        return effects + sends

    def request(self, message: Mapping[str, Any], now_ms: int) -> list[Effect]:
        self.now_ms = now_ms
        self.client.errors.clear()
        self.guest.request(dict(message))
        return self.run(now_ms)

    def saved(self) -> str:
        turn = None if self.turn is None else self.turn.to_json()
        return dumps(
            {
                "v": 1,
                "id": self.lobby_id,
                "name": self.name,
                "turn": turn,
                "invites": self.invites_made,
                "open": [u.to_json() for u in self.unanswered],
                "session": self.session.to_json(),
            }
        )

    @classmethod
    def restore(cls, text: str) -> Live:
        """A live lobby from ``saved()`` text; raises ``BadMessage``."""
        raw = obj(loads(text, 16 * 1024 * 1024), "saved-night", BadMessage)
        if raw.get("v") != 1:
            raise BadMessage("saved-night-version")
        lobby_id = get_str(raw, "id", BadMessage, 8)
        if len(lobby_id) != 8 or any(c not in "0123456789abcdef" for c in lobby_id):
            raise BadMessage("saved-night-id")
        session = Session.restore(dumps(obj(raw.get("session"), "session", BadMessage)))
        turn = None if raw.get("turn") is None else pe.IceServer.parse(raw.get("turn"))
        # An older version's save has no count, and a damaged one may hold anything there: the cards are numbered
        # from 1 again, as before the count was saved, rather than the night (its seats, its match) lost over it.
        made = raw.get("invites")
        made = made if type(made) is int and 0 <= made <= MAX_INVITES_MADE else 0
        live = cls(session, lobby_id, parse_lobby_name(get_str(raw, "name", BadMessage, 200)), turn, made)
        live.unanswered = Unanswered.read(raw.get("open"), session)  # as the count: a damaged list loses its cards only
        # A damaged count is no lower than the cards it numbered: a new card does not take a lost one's number.
        live.invites_made = max([made, *(u.number for u in live.unanswered)])
        return live


@dataclass(frozen=True)
class HostModel:
    page_url: str
    game: str
    now_ms: int
    live: Live | None = None
    invites: tuple[Invite, ...] = ()
    peer_states: Mapping[str, str] = field(default_factory=dict)  # peer → reconnecting
    routes: Mapping[str, str] = field(default_factory=dict)  # peer → direct / stun / relay
    notice: tuple[Reason, ...] = ()
    error: Reason | None = None  # of the setup form
    reply_error: Reason | None = None
    reply_text: str = ""  # a refused paste, kept in the field to be corrected (the form clears itself on submit)
    errors: int = 0  # the two errors given so far: which alert region says the one standing (ui.live.alerts)
    notes: int = 0  # the invitations' notes shown so far (``_shown_note``): which of its two regions says it
    # The lobby's lines that come and go, said so far (``panel.spoken``, ``live.said_again``).
    said: Mapping[str, int] = field(default_factory=dict)
    reply_note: Reason | None = None
    board: Any = None  # the match screen's state (ui.match.MatchUi) while the game has a board
    stored: Mapping[str, str] = field(default_factory=dict)  # the board's storage entries at page start
    preparing: str = ""  # the key of the match's preparation the PREPARE work runs
    thinking: str = ""  # the key of the computer player's turn (``BotTurn.key``) the BOT_TASK work thinks
    bot_move: Turned | None = None  # its move, waiting for the pause to end
    # … or for the end of the board's replay of the move before it (two computer players, or a guest's
    # move), then for ``watched_until`` and the pause, so the page's watcher sees each turn whole.
    bot_held: bool = False
    # When the pages that watch (guests, spectators) will have played back the move before the computer's
    # turn, by this page's clock: when it was played here plus its steps × STEP_MS, or the time its board moves
    # it in when shown at once (Raythread's sweep: ``match.watched_ms``); 0 when it was shown at once and still,
    # or this page started afresh (pages that rejoin show the position).
    watched_until: int = 0
    ending: bool = False  # "End the match" was pressed once: the panel asks before it ends for everyone
    counting: str = ""  # the seat whose "Count … out" was pressed once: the panel asks before counting it out
    closing: bool = False  # "Close this game night" was pressed once with guests here: the page asks first
    tab: str = ""  # this page, among the host tabs of this browser
    since_ms: int = 0  # when this page started hosting: the older of two host tabs keeps the game night
    elsewhere: str = ""  # the game night this page stood down from: another tab of this browser hosts it
    # The game the page was opened to host ("Host a game night" on its card) when this browser's saved game
    # night, restored instead, plays another: the page says so until the lobby plays it.
    asked: str = ""
    # When this page restored a saved game night (0: it opened this one), and the guests away then whom it
    # has not heard from since: within RELOAD_GRACE_MS nobody counts them out (``unsure``).
    restored_ms: int = 0
    unheard: frozenset[str] = frozenset()
    # The game the page's address names, once the lobby runs: the lobby's (a restored one's at first, so the
    # notice of a game ``asked`` for is said again on a reload).
    addressed: str = ""
    # The host's choices in the form for the next match not applied yet, the lobby's game's (``Sight.draft``).
    # After Apply it keeps the values of the fields the form no longer shows, which Apply did not send: such a
    # field comes back with the value the host gave it.
    draft: Mapping[str, Any] = field(default_factory=dict)

    @property
    def unsure(self) -> frozenset[str]:
        """The guests shown as disconnected whose page may yet be open (``Sight.unsure``)."""
        return self.unheard if self.now_ms - self.restored_ms < RELOAD_GRACE_MS else frozenset()

    @property
    def running(self) -> Live:
        """The running lobby, which every handler past the setup form reads (``update`` and ``_ui``
        check that it is there before they call one)."""
        assert self.live is not None
        return self.live


def parse_lobby_name(raw: str) -> str:
    """A lobby name: trimmed, 1 to 40 printable characters."""
    name = raw.strip()
    if not 1 <= len(name) <= MAX_LOBBY_NAME or not name.isprintable():
        raise BadMessage("lobby-name", max=MAX_LOBBY_NAME)
    return name


class HostScreen:
    label = "Host a game night"
    storage_keys = (STORE_KEY, *games.board_storage_keys())

    def init(self, params: Mapping[str, str], env: Env) -> tuple[HostModel, list[Effect]]:
        game = params.get("game", "")
        stored = {k: env.stored[k] for k in games.board_storage_keys() if k in env.stored}
        model = HostModel(env.page_url, game, env.now_ms, stored=stored, tab=secrets.token_hex(4))
        saved = env.stored.get(STORE_KEY)
        if saved is None:
            if game and games.rules(game) is None:
                title = info.title if (info := games.info(game)) else game
                model = replace(model, notice=(_said("cannot-host-yet", game=title),))
            return model, []
        try:
            live = Live.restore(saved)
        except GameNightError as err:
            # Said, and left as it is (as the table leaves its save): a newer version's game night, read by an
            # older offline copy, is not this page's to delete; opening a new one replaces it.
            return replace(model, notice=(_said("restore-failed"), _reason(err))), []
        # A browser hosts one game night: the saved one is kept, whatever game the link asked for.
        asked = game if game != live.session.game_id and games.rules(game) is not None else ""
        session = live.session
        away = frozenset(m.id for m in session.members.values() if not m.bot and m.id != session.host)
        # The invitations not answered when the page went: their links no longer work, and their cards say so.
        lost = tuple(
            Invite(
                f"i{u.invite.hex()}",
                u.invite,
                env.now_ms,
                state="lost",
                guest=u.guest,
                member=session.members[u.member].name if u.member else "",
                member_id=u.member,
                number=u.number,
                lost=True,
            )
            for u in live.unanswered
        )
        restored = replace(
            model,
            live=live,
            invites=lost,
            # Guests are spoken of only when there are some away: a night of the host (and its computer players)
            # read "Guests show as disconnected …" with none to invite.
            notice=(RESTORED if _guests_away(session) else RESTORED_ALONE,),
            asked=asked,
            addressed=live.session.game_id,
            restored_ms=env.now_ms,
            unheard=away,
        )
        model, effects = _start(restored, env.now_ms)
        model, more = _follow(model)
        model = _noticed(model)  # the guests away now are said back when they are
        # A reloaded page: focus on the page's focus home (the match's status while a match runs, else the
        # lobby's heading), where a render puts it when the focused element goes, not on the body, where a
        # keyboard host's next Tab began at the header.
        return model, [*effects, *more, FOCUS_HOME]

    def update(self, model: HostModel, message: Message) -> tuple[HostModel, list[Effect]]:
        refused = refusals(_client(model))  # read first: the live lobby's client is changed in place
        # A slice of the match's own work changes nothing to follow: the page stays cheap while it works.
        quiet = isinstance(message, WorkProgress) and message.task in (PREPARE, BOT_TASK)
        spoken = {} if quiet else _spoken(model)  # read first too
        updated, effects = self._update(model, message)
        if not quiet:  # a lobby line back in the same words after it went is said again (ui.live.said_again)
            said = said_again(updated.said, spoken, _spoken(updated))
            updated = updated if said is updated.said else replace(updated, said=said)
        given = new_notes(model, updated, lambda m: (m.error, m.reply_error))
        if given:  # the same error again is a new value: counted, so it is said again
            updated = replace(updated, errors=updated.errors + given)
        if new_notes(model, updated, lambda m: (_shown_note(m),)):  # "Bea is connected." again, after she left
            updated = replace(updated, notes=updated.notes + 1)
        effects = [*effects, *shown_refusal(refused, _client(updated))]
        if updated.bot_held and updated.board is not None and not screen.replaying(updated.board):
            # The replay the computer's move waited for has ended (its last step, or an input skipped it).
            updated, more = _bot_replayed(updated, getattr(message, "now_ms", 0) or updated.now_ms)
            effects = [*effects, *more]
        if updated.live is not None and not quiet:
            updated, more = _follow(updated)
            updated = _noticed(_links_follow(updated))
            effects = [*effects, *more]
        if updated.unheard and updated.live is not None:
            # Heard from again: from now on gone means gone, as for anyone who drops mid-match.
            heard = set(updated.live.session.peers.values())
            if heard & updated.unheard:
                updated = replace(updated, unheard=updated.unheard - heard)
        unsure = updated.unsure
        if updated.counting and (
            updated.live is None or updated.counting not in counting_out(updated.live.client, unsure)
        ):
            # The question stands only while its seat can be counted out: with the player back (or the
            # match over) it goes, and does not come back unasked if they leave again.
            updated = replace(updated, counting="")
        match = updated.live.session.match if updated.live is not None else None
        running = match is not None and match.running
        if running and updated.reply_note is not None and updated.reply_note["code"] == "guest-connected":
            # Hidden while a match runs (it does not hold its place above the board), the note of who joined
            # last came back when the match ended, about a join long past: a match makes it old news.
            updated = replace(updated, reply_note=None)
        restored = updated.notice in ((RESTORED,), (RESTORED_ALONE,))
        if restored and updated.live is not None and not _guests_away(updated.live.session):
            updated = replace(updated, notice=())  # it asks to invite the guests again: every one is back
        if updated.live is not None and updated.live.session.game_id != updated.addressed:
            # The address follows the lobby's game: a reload read the game the page was first opened for
            # as one the host asked to play ("To play Raythread Rally, end the match …").
            game = updated.live.session.game_id
            updated = replace(updated, addressed=game)
            effects = [*effects, Navigate(f"#/host?game={game}", replace=True)]
        if updated.live is not None and (unanswered := _unanswered(updated)) != updated.live.unanswered:
            updated.live.unanswered = unanswered
            effects = [*effects, *updated.live.run(updated.now_ms)]  # saved at once: a reload may come next
        return updated, effects

    def _update(self, model: HostModel, message: Message) -> tuple[HostModel, list[Effect]]:
        live = model.live
        if isinstance(message, UiEvent):
            return _ui(model, message)
        if live is None:
            return model, []
        if isinstance(message, Tick) and message.timer == TIMER:
            return _tick(model, message.now_ms)
        if isinstance(message, WorkDone) and message.task == PREPARE:
            return _prepared(model, message)
        if isinstance(message, WorkProgress) and message.task in (PREPARE, BOT_TASK):
            return model, []  # nothing to redraw: the page stays as cheap as can be while it works
        if isinstance(message, WorkDone) and message.task == BOT_TASK:
            return _bot_thought(model, message.value, message.now_ms or model.now_ms)
        if isinstance(message, Tick) and message.timer == BOT_TASK:
            return _bot_plays(model, message.now_ms)
        if isinstance(message, (Tick, WorkProgress, WorkDone)) and model.board is not None:
            board = board_message(model.board, live.client, message)
            return (model, []) if board is model.board else (replace(model, board=board), [])
        if isinstance(message, pe.OfferReady):
            return _offer_ready(model, message)
        if isinstance(message, pe.PeerOpened):
            # Joined only once the lobby takes the guest's hello (``_greeted``), which it may refuse.
            invites = _set(model.invites, message.peer, state="greeting")
            return replace(model, invites=invites, now_ms=message.now_ms), []
        if isinstance(message, pe.PeerRoute):
            return replace(model, routes={**model.routes, message.peer: message.route}), []
        if isinstance(message, pe.PeerText):
            live.hub.receive(message.peer, message.text)
            sent = live.run(message.now_ms)
            return _greeted(replace(model, now_ms=message.now_ms), message.peer), sent
        if isinstance(message, pe.PeerState):
            states = {**model.peer_states, message.peer: message.state}
            return replace(model, peer_states=states), []
        if isinstance(message, pe.PeerClosed):
            return _peer_closed(model, message)
        if isinstance(message, pe.Signal):
            return _signal(model, message.text)
        return model, []

    def view(self, model: HostModel) -> Element:
        if model.elsewhere:
            return _elsewhere_view(model)
        if model.live is None:
            return _setup_view(model)
        return _lobby_view(model, model.live)

    def keys(self, model: HostModel) -> Keys | None:
        return lobby_keys(model.live.client if model.live else None, model.board)

    def on_reload(self, model: HostModel) -> str:
        """A reload restores the saved game night, its match too, but ends every guest's connection: each
        comes back only by a new invitation (docs/peer-links.md, *Host reload*). Said while a guest is here."""
        if not _guests_here(model):
            return ""
        return _("The game night is kept, but reloading disconnects your guests: invite each one again.")

    def on_leave(self, model: HostModel) -> str:
        """A link away ends every guest's connection as a reload does (``leave``): the app asks first while a
        guest is here. A tap on the header's Settings ended a whole game night."""
        if not _guests_here(model):
            return ""
        return _(
            "Leaving this page disconnects your guests: you will have to invite each one again. The game night "
            "and its match are kept on this device."
        )

    def leave(self, model: HostModel) -> list[Effect]:
        """Leaving the night's page by a link ends its channels, as a reload does; the night stays saved. Left
        open with no screen behind them, each guest's page saw the host connected and waited on moves nobody
        would relay; now each says it lost the host, and the host's page, back, invites them again."""
        if model.live is None:
            return []
        return [*_close_channels(model, model.live), WarnBeforeLeaving(False)]

    def title(self, model: HostModel) -> str:
        name = model.live.name if model.live else model.elsewhere or _("Host a game night")
        return i18n.title(name)


# --- updates ----------------------------------------------------------------------------------------


def _follow(model: HostModel) -> tuple[HostModel, list[Effect]]:
    """After any change: the board follows the mirror (and what it asks for is done: its effects, its
    own moves, sent like an input's), and the work the match waits for is started when it changes."""
    live = model.running
    effects: list[Effect] = []
    earlier = model.board  # the position before the move being followed (if any)
    for _round in range(3):  # a board's own move (a reveal) changes the position once more
        board = sync_board(model.board, live.client, model.stored, now_ms=model.now_ms)
        moves: list = []
        if board is not None:
            board, asked, moves = screen.take(board)
            effects += asked
        else:
            effects += let_go(model.board)
        requests = []
        for move in moves:  # each made on the position shown: stamped so before any is played
            try:
                requests.append(live.client.move(move))
            except BadMessage:
                continue  # the page no longer holds a seat: its board's move has nobody to play it
        for request in requests:
            effects += live.request(request, model.now_ms)
            # The host plays it at once: its update is followed before the next move's, so each
            # move is a step of its own in the log (the mirror keeps only the last update's events).
            board = sync_board(board, live.client, model.stored, now_ms=model.now_ms)
        if board is not model.board:
            model = replace(model, board=board)
        if not moves:
            break
    wanted = live.session.preparation()
    key = wanted.key if wanted is not None else ""
    if key != model.preparing:
        # A new task replaces the running one under the same name; no preparation just ends it.
        effects.append(Work(PREPARE, wanted.steps()) if wanted is not None else StopWork(PREPARE))
        model = replace(model, preparing=key)
    turn = live.session.bot_turn()
    key = turn.key if turn is not None else ""
    if key != model.thinking:
        # A new turn's thinking replaces the old one under the same name; no turn just ends it.
        effects.append(StopTimer(BOT_TASK))
        if turn is None:
            effects.append(StopWork(BOT_TASK))
        else:
            bot = games.bot(live.session.game_id)
            assert bot is not None  # the session seats computer players only in a game that has one
            effects.append(Work(BOT_TASK, thinking(bot, turn.view, turn.level, turn.seed, turn.at, turn.seat)))
        watched = screen.watched_until(earlier, model.board, model.now_ms) if turn and earlier and model.board else 0
        model = replace(model, thinking=key, bot_move=None, bot_held=False, watched_until=watched)
    return model, effects


def _bot_thought(model: HostModel, value: Any, now: int) -> tuple[HostModel, list[Effect]]:
    """A computer player chose its move: it is played after a short pause, if its turn still stands.

    The pause starts when the other pages show the position the computer answers: at once after a move
    shown at once and still, after its sweep for a Raythread move whose beams sweep in, after their replay of
    one played back step by step (``watched_until``; the host's own
    turn is not played back here, but is on every other page). Their replay started when the move
    reached them, a little after this page sent it, so the pause after it keeps them from cutting its
    end short: the guests see the turn whole, then "thinking…", then the computer's turn. A page further
    behind than the pause (this page cannot know its clock) plays the turn whole all the same, then the
    computer's (``ui.match``: a replay is never cut short by the move after it)."""
    if not isinstance(value, tuple) or f"{value[0]}:{value[1]}" != model.thinking:
        return model, []
    if model.board is not None and screen.replaying(model.board):
        return replace(model, bot_move=value, bot_held=True), []  # this page's replay ends first
    return replace(model, bot_move=value), [StartTimer(BOT_TASK, screen.bot_wait_ms(model.watched_until, now))]


def _bot_replayed(model: HostModel, now: int) -> tuple[HostModel, list[Effect]]:
    """This page's replay of the move before the computer's has ended (its last step, or an input
    skipped it): it stood for the pause after the thinking, so the move is played now, unless the other
    pages' replay of that move (begun a little later) and the pause after it are still to end."""
    wait = model.watched_until + PAUSE_MS - now if model.watched_until else 0
    if wait <= 0:
        return _bot_plays(model, now)
    return replace(model, bot_held=False), [StartTimer(BOT_TASK, wait)]


def _bot_plays(model: HostModel, now: int) -> tuple[HostModel, list[Effect]]:
    """The pause is over: the move goes to the session (which drops it if its position has gone)."""
    pending, live = model.bot_move, model.running
    model = replace(model, bot_move=None, bot_held=False, now_ms=now)
    if pending is None:
        return model, [StopTimer(BOT_TASK)]
    live.now_ms = now
    live.link.bot_move(*pending)
    return model, [StopTimer(BOT_TASK), *live.run(now)]


def _prepared(model: HostModel, done: WorkDone) -> tuple[HostModel, list[Effect]]:
    """The match's background work finished: its value goes to the session (dropped if stale)."""
    now = done.now_ms or model.now_ms
    live = model.running
    live.now_ms = now
    if model.preparing:
        live.link.prepared(model.preparing, done.value)
    return replace(model, now_ms=now), live.run(now)


def _start(model: HostModel, now_ms: int) -> tuple[HostModel, list[Effect]]:
    """The lobby is open: keep time, hear reply links and host tabs from other tabs, save it, and tell
    the other tabs this one hosts."""
    model = replace(model, since_ms=now_ms)
    effects: list[Effect] = [StartTimer(TIMER, 1000), pe.ListenSignals(), _hosting(model)]
    return model, effects + model.running.run(now_ms)


def _hosting(model: HostModel) -> pe.PostSignal:
    return pe.PostSignal(dumps({"hosting": model.running.lobby_id, "tab": model.tab, "since": model.since_ms}))


def _other_host(model: HostModel, raw: Mapping[str, Any]) -> tuple[HostModel, list[Effect]]:
    """Another tab of this browser hosts a game night too (there is one saved lobby a browser): the
    older keeps it, answering so the younger hears it now, and saves its lobby again over anything the
    younger saved; the younger stands down."""
    tab, since = raw.get("tab"), raw.get("since")
    if not isinstance(tab, str) or tab == model.tab or type(since) is not int:
        return model, []
    live = model.running
    if (since, tab) > (model.since_ms, model.tab):  # this page is the older
        live.last_saved = ""
        return model, [_hosting(model), *live.run(model.now_ms)]
    return HostModel(model.page_url, model.game, model.now_ms, tab=model.tab, elsewhere=live.name), [
        *_close_channels(model, live),
        StopTimer(TIMER),
        StopWork(),  # a computer player's thinking, a match's preparation
        StopTimer(BOT_TASK),
        WarnBeforeLeaving(False),
    ]


def _close_channels(model: HostModel, live: Live) -> list[Effect]:
    """Close every channel of the night: its members' and those of guests not in the lobby (yet: a hello on
    its way, or refused)."""
    closing = [*live.session.peers, *(i.peer for i in model.invites if i.state in UNANSWERED)]
    return [pe.ClosePeer(peer) for peer in closing if peer != HOST_PEER]


def _ui(model: HostModel, event: UiEvent) -> tuple[HostModel, list[Effect]]:
    if model.board is not None and model.live is not None and event.action not in LOBBY_ACTIONS:
        board, request = board_input(model.board, model.live.client, event)
        if request is None:
            return (model, []) if board is model.board else (replace(model, board=board), [])
        now = event.now_ms or model.now_ms
        model = replace(model, board=board, now_ms=now, ending=False, counting="", closing=False)
        return model, model.running.request(request, now)
    if event.type == "keydown" and event.key == "Escape" and model.ending and event.action in ("end", "end-cancel"):
        return replace(model, ending=False), [FOCUS_END]  # on the question's answers: the safe one, keep playing
    if event.type == "keydown" and event.key == "Escape" and model.counting and event.action in COUNT_OUT:
        return replace(model, counting=""), [_focus_count_out(model.counting)]  # as End's: keep waiting
    if event.type == "keydown" and event.key == "Escape" and model.closing and event.action in CLOSING:
        return replace(model, closing=False), [FOCUS_CLOSE]  # as End's: the safe answer, keep the night open
    if event.type == "change" and event.action == OPTION:
        return _drafted(model, event), []
    # Buttons act on click, forms on submit; the lobby's game and player-count selects on change.
    if event.type not in ("click", "submit") and (event.type, event.action) != ("change", "choose"):
        return model, []
    if event.action == "count-out" and (not model.counting or event.data.get("seat", "") != model.counting):
        # The answer of a question no longer open (another input answered "keep waiting" first, or a second
        # click landed after the first one's redraw): ignored, as if never pressed. It asked the question
        # again, which the host read as their answer not taken; an open question (another seat's) stays.
        return model, []
    if event.action in ("count-out-ask", "take-over-ask") and not _offered(model, event):
        # A press of an offer the page does not draw now (a page drawn before: the player came back, or a
        # reload's grace holds it back): ignored, as a stale answer is. It asked focus for "Keep waiting" or
        # the seat card's level, neither of them on the page.
        return model, []
    now = event.now_ms or model.now_ms
    # "End the match" ends it for everyone, with no way back: the first press asks, the second ends it.
    # Any other input (a move, Start, a chat line) answers "keep playing"; the panel asks nothing once
    # the match has ended some other way.
    # Counting a player out cannot be undone either: its button asks the same way.
    # Closing the game night cuts every guest off and forgets it: asked the same way while guests are here.
    asked, counting, closing = model.ending, model.counting, model.closing
    model = replace(model, now_ms=now, ending=False, counting="", closing=False)
    live = model.live
    if event.action == "end-cancel":
        return model, [FOCUS_END]
    if event.action == "close-cancel":
        return model, [FOCUS_CLOSE]
    if event.action == "count-out-cancel":
        return model, [_focus_count_out(counting)]
    if event.action == "take-over-ask":
        return model, [_focus_take_over(event.data.get("seat", ""))]
    # "Count … out" (a seat's card, or beside the status: panel._ask_count_out) only asks.
    if event.action == "count-out-ask":
        # The question stands on the seat's card, far under the button beside the status on a phone: focus
        # brought "Keep waiting" to the window's edge and left the answer that acts under it, so the whole
        # question is brought into the window too.
        seat = event.data.get("seat", "")
        question = ShowInWindow(f".seat[data-seat='{seat if seat.isalnum() else ''}'] .confirm")
        return replace(model, counting=seat), [FOCUS_KEEP_WAITING, question]
    if event.action == "end" and not asked:
        # The question stands over the position, not over a replay playing on under it (as the table's
        # New match): the replay ends, its StopTimer left in the board's outbox for ``_follow`` to take
        # with anything else the board asked, and ``update`` releases a computer's move held for its end.
        shown = screen.ended(model.board) if model.board is not None else None
        return replace(model, ending=True, board=shown), [FOCUS_KEEP_PLAYING]
    if event.action == "copy":  # an invitation's link, the only thing the host copies
        return model, [
            Copy(event.data.get("text", ""), _("The invitation link is copied. Send it to the player it is for."))
        ]
    if live is None:
        if event.action == "host-setup" and event.type == "submit":
            return _open_lobby(model, event.form, now)
        return model, []
    if event.action == "invite":
        return _invite(model, event.data.get("member", ""), now, event.data.get("invite", ""))
    if event.action == "reply" and event.type == "submit":
        return _pasted(model, event.form.get("reply", ""), now)
    if event.action == "dismiss-invite":
        return _dismissed(model, event.data.get("invite", ""))
    if event.action == "close-lobby" and not closing and len(live.session.peers) > 1:
        # A guest is here: ask first. The whole question brought into the window, as a count-out's: on a phone,
        # focus alone left "Keep the night open" at the window's bottom edge and the answer that closes under it.
        return replace(model, closing=True), [FOCUS_KEEP_OPEN, ShowInWindow(".confirm[aria-labelledby=close-question]")]
    if event.action == "close-lobby":
        live.link.close()  # each guest's page says the night is over (a ``bye``), then its channel closes
        farewells = live.hub.pump()
        told = {e.peer for e in farewells}
        return HostModel(model.page_url, live.session.game_id, now, notice=(_said("night-closed"),)), [
            *farewells,
            *(e for e in _close_channels(model, live) if isinstance(e, pe.ClosePeer) and e.peer not in told),
            Store(STORE_KEY, None),
            WarnBeforeLeaving(False),
            StopWork(BOT_TASK),  # a thinking in flight ends
            StopTimer(BOT_TASK),
        ]
    if event.action == "add-bot" and event.type == "submit" and (waited := _unsure_of(model, event.form)):
        # The take-over's form is not drawn for a player the page is unsure of (``HostModel.unsure``): one sent
        # anyway (a page drawn before, a script) gave the seat away while their page may be waiting.
        minutes = RELOAD_GRACE_MS // 60_000
        live.client.refuse_input(BadMessage("take-over-wait", name=waited, minutes=minutes))
        return replace(model), []
    try:
        requests = lobby_requests(live.client, event)
    except (BadMessage, BadOptions) as err:
        live.client.refuse_input(err)
        return replace(model), []
    if not requests:
        return model, []
    before = live.client.lobby
    effects: list[Effect] = []
    for request in requests:
        effects += live.request(request, now)
        if live.client.errors:  # refused (the panel shows why): what follows was meant only if it passed
            return replace(model), effects
    # The options form's submit (Apply, or Start, which submits it too) took the host's choices; a chat line or
    # a player count picked did not.
    applied = (event.type, event.action) == ("submit", "choose")
    model = replace(model, draft=_kept_draft(model.draft, before, live.client.lobby, applied=applied))
    if requests[-1].get("type") == "start":
        # The match replaces the lobby's Start button, which the page would otherwise morph into
        # "End the match" with the focus still on it (a second Enter would end the match at once). A board
        # not drawn yet (a Reflection round's puzzle is still being made) leaves it on the status (ui/dom.py).
        effects.append(screen.focus_board(live.client.lobby.game if live.client.lobby else ""))
    return replace(model), effects


def _drafted(model: HostModel, event: UiEvent) -> HostModel:
    """``model`` with the host's change in one of the form's option fields kept (``forms.drafted``); the form
    draws the fields that count with it. A field the lobby's game does not have changes nothing."""
    lobby = model.live.client.lobby if model.live is not None else None
    rules = games.rules(lobby.game) if lobby is not None else None
    name = event.data.get("field", "")
    changed = next((f for f in getattr(rules, "option_fields", ()) if f.name == name), None)
    if changed is None:
        return model
    return replace(model, draft={**model.draft, name: forms.drafted(changed, event.value)})


def _kept_draft(
    draft: Mapping[str, Any], before: p.Lobby | None, after: p.Lobby | None, *, applied: bool
) -> Mapping[str, Any]:
    """The host's unapplied choices once the lobby took a request: none for another game (it starts from its
    defaults); after Apply (``applied``), the values of the fields that no longer count, which it did not send,
    so that they come back as the host left them; else (a player count picked) all of them."""
    if before is None or after is None or after.game != before.game:
        return {}
    if not applied:
        return draft
    fields = getattr(games.rules(after.game), "option_fields", ())
    shown = {f.name for f in counting(fields, after.options or {})}
    had = {**(before.options or {}), **draft}
    return {f.name: had[f.name] for f in fields if f.name not in shown and f.name in had}


def _client(model: HostModel) -> Client | None:
    """The page's own client of the lobby, None before the lobby is open."""
    return model.live.client if model.live is not None else None


def _unsure_of(model: HostModel, form: Mapping[str, str]) -> str:
    """The name of the player of the form's seat if the page is unsure whether they are gone, else ""."""
    lobby = model.running.client.lobby
    holder = next((s.member for s in lobby.seats if s.id == form.get("seat")), None) if lobby else None
    if holder is None or holder not in model.unsure or lobby is None:
        return ""
    return next((m.name for m in lobby.members if m.id == holder), "")


def _offered(model: HostModel, event: UiEvent) -> bool:
    """Whether the seat of a "Count … out" or take-over press is offered one now (as the panel draws it)."""
    if model.live is None:
        return False
    offers = counting_out if event.action == "count-out-ask" else taking_over
    return event.data.get("seat", "") in offers(model.live.client, model.unsure)


def _focus_take_over(seat: str) -> Focus:
    """On the level of the seat card's "Let a computer player take over" (its form's first control)."""
    seat = seat if seat.isalnum() else ""  # a seat id, from this page's own button
    return Focus(f".seat[data-seat='{seat}'] form.add-bot select")


def _focus_count_out(seat: str) -> Focus:
    """Back on the seat's "Count … out" button once its question is answered "keep waiting"."""
    return Focus(f".seat[data-seat='{seat}'] button[data-action=count-out-ask]")


def _open_lobby(model: HostModel, form: Mapping[str, str], now: int) -> tuple[HostModel, list[Effect]]:
    game = form.get("game", "")
    try:
        lobby_name = parse_lobby_name(form.get("lobby", ""))
        host_name = p.typed_name(form.get("name", ""))
        if games.rules(game) is None:
            raise BadMessage("no-game-to-host", game=game)
        turn = pe.turn_server(form.get("turn", ""), form.get("turn_user", ""), form.get("turn_pass", ""))
        session = Session(game, host_name)
    except (BadMessage, BadOptions) as err:
        return replace(model, error=_reason(err)), []
    live = Live(session, secrets.token_hex(4), lobby_name, turn)
    return _start(replace(model, live=live, error=None, notice=(), asked=""), now)


def _invite(model: HostModel, member: str, now: int, replacing: str = "") -> tuple[HostModel, list[Effect]]:
    """A new invitation (for ``member``, invited back), in place of the lost card ``replacing`` (its hex id) and of
    any lost card for that member: the new link is the one that works."""
    invite_id = secrets.token_bytes(4)
    live = model.running
    members = live.session.members
    name = members[member].name if member in members else ""
    number = live.invites_made + 1
    invite = Invite(f"i{invite_id.hex()}", invite_id, now, member=name, member_id=member if name else "", number=number)
    replaced = [
        i.peer
        for i in model.invites
        if i.state == "lost" and (i.invite.hex() == replacing or (name and i.member_id == member))
    ]
    invites = _set_each(model.invites, replaced, state="left")
    kept = invites[-(INVITES_SHOWN - 1) :]
    servers = pe.ice_servers(model.page_url, live.turn)
    effects: list[Effect] = [pe.OpenInvite(invite.peer, servers)]
    if name or replaced:
        # "Invite again" sits in the members list, under a match's board; the card it makes is drawn at the
        # top of the page, out of sight: focus goes to its heading (which scrolls it into view), and the
        # link and "Copy link" are the next Tab stops. "Invite a player"'s card comes right under it. A lost card's
        # "Invite again" went with its card: focus goes to the new one too.
        effects.append(Focus(f"#{_card_heading(invite)}"))
    live.invites_made = number  # saved at once (``Live.run``): a reload right after goes on from it
    if name:
        live.session.invited_back(invite.peer, member)  # it lets that member back in, from any browser
    return replace(model, invites=(*kept, invite)), [*effects, *live.run(now)]


def _card_heading(invite: Invite) -> str:
    """The id of an invitation card's heading."""
    return f"invite-{invite.invite.hex()}"


def _offer_ready(model: HostModel, ready: pe.OfferReady) -> tuple[HostModel, list[Effect]]:
    invite = next((i for i in model.invites if i.peer == ready.peer and i.state == "preparing"), None)
    if invite is None:
        return model, [pe.ClosePeer(ready.peer)]
    live = model.running
    try:
        transport = iv.parse_sdp(ready.sdp)
        issued_s = invite.issued_ms // 1000
        session = live.session
        offer = iv.Invitation(
            invite.invite,
            bytes.fromhex(live.lobby_id),
            issued_s,
            live.name,
            transport,
            game=session.game_id,
            host=session.members[session.host].name,
            member=invite.member,
        )
        code = iv.encode_invitation(offer)
    except iv.BadCode as err:
        return replace(model, invites=_set(model.invites, ready.peer, state="failed", note=_reason(err))), [
            pe.ClosePeer(ready.peer)
        ]
    invites = _set(model.invites, ready.peer, state="waiting", code=code, offer=offer, made_for=offer.game)
    return replace(model, invites=invites), []


def _links_follow(model: HostModel) -> HostModel:
    """A waiting invitation's link names the lobby's game: made before the host picked another game, it
    said "Ann invites you to play Reflection" to a guest who then sat down to Light Seeker. It is the same
    invitation (connection, id and expiry), written again with the game; a guest who opened the earlier
    link is told of the change once in (``join._switched``), and the card says so (``_invite_card``)."""
    game = model.running.session.game_id

    def follow(invite: Invite) -> Invite:
        if invite.state != "waiting" or not invite.offer or invite.offer.game == game:
            return invite
        offer = replace(invite.offer, game=game)
        # The same offer wrote a code once, and only the game's name changed: it writes one again.
        return replace(invite, offer=offer, code=iv.encode_invitation(offer))

    invites = tuple(map(follow, model.invites))
    return model if invites == model.invites else replace(model, invites=invites)


def check_reply(invites: tuple[Invite, ...], text: str, now_ms: int) -> tuple[Invite, iv.Reply]:
    """The open invitation a pasted reply answers, and the reply; raises ``BadCode``."""
    reply = iv.decode_reply(text)
    invite = next((i for i in invites if i.invite == reply.invite), None)
    if invite is None:
        raise iv.BadCode("unknown", "reply-unknown")
    if invite.lost:  # its connection offer went with the page that made it
        raise iv.BadCode("unknown", "reply-lost", name=reply.name)
    if invite.state == "expired" or (invite.state in OPEN and now_ms - invite.issued_ms > iv.INVITE_TTL_S * 1000):
        raise iv.BadCode("expired", "reply-expired")
    if invite.state != "waiting":
        if invite.answer and reply.transport.ufrag != invite.answer and invite.guest:
            # Not this reply again: the link was opened again elsewhere and answered there. Saying "this reply was
            # already used" was not true; who used the invitation, and what the other device needs, is.
            if name_key(reply.name) == name_key(invite.guest):
                raise iv.BadCode("reused", "reply-used-same", guest=invite.guest)
            raise iv.BadCode("reused", "reply-used-other", guest=invite.guest, name=reply.name)
        raise iv.BadCode("reused", "reply-used")
    return invite, reply


def _accept(model: HostModel, text: str, now: int) -> tuple[HostModel, list[Effect]]:
    try:
        invite, reply = check_reply(model.invites, text, now)
    except iv.BadCode as err:
        return replace(model, reply_error=_reason(err), reply_note=None), []
    invites = _set(model.invites, invite.peer, state="connecting", guest=reply.name, answer=reply.transport.ufrag)
    note = _said("connecting-guest", name=reply.name)
    sdp = iv.build_sdp(reply.transport, session_id=int.from_bytes(invite.invite, "big"))
    return replace(model, invites=invites, reply_error=None, reply_note=note), [pe.AcceptAnswer(invite.peer, sdp)]


def _greeted(model: HostModel, peer: str) -> HostModel:
    """After a message from ``peer``: its invitation is joined once the lobby took the guest's hello (the
    invitations' note says who joined last), or refused with the lobby's reason (its guest's page says
    the same); a later hello the lobby takes still joins it."""
    invite = next((i for i in model.invites if i.peer == peer and i.state in ("greeting", "refused")), None)
    if invite is None:
        return model
    link = model.running.link
    if peer in link.session.peers:
        link.turned_away.pop(peer, None)
        # The lobby's name for the guest: the reply's may have been turned away, and another typed since.
        name = link.session.members[link.session.peers[peer]].name
        invites = _set(model.invites, peer, state="joined", note=None, guest=name)
        return replace(model, invites=invites, reply_note=_said("guest-connected", name=name))
    why = link.turned_away.pop(peer, None)
    if why is None:
        return model
    note = None if model.reply_note == _said("connecting-guest", name=invite.guest) else model.reply_note
    return replace(model, invites=_set(model.invites, peer, state="refused", note=why), reply_note=note)


def _pasted(model: HostModel, text: str, now: int) -> tuple[HostModel, list[Effect]]:
    """A reply pasted into the form: accepted, the form goes once no invitation waits for another, with
    the focus in it; focus goes to the host's next step ("Invite a player"), not to the page's top, and
    the card's status, a live region, says how the guest comes in."""
    model, effects = _accept(model, text, now)
    model = replace(model, reply_text=text if model.reply_error is not None else "")
    if model.reply_error is None and not any(i.state == "waiting" for i in model.invites):
        # Mid-match the host plays: back to the match's status (over its board), not to "Invite a player" at the
        # page's top, above the window, which showed the host's own "… to play · your turn" out of sight.
        match = model.running.session.match
        effects.append(FOCUS_MATCH if match is not None and match.running else FOCUS_INVITE)
    return model, effects


def _signal(model: HostModel, text: str) -> tuple[HostModel, list[Effect]]:
    """A reply link opened in another tab of this browser hands its code over; another host tab says
    it hosts."""
    try:
        raw = obj(loads(text, 4096), "a signal", BadMessage)
    except BadMessage:
        return model, []
    if "hosting" in raw:
        return _other_host(model, raw)
    code = raw.get("reply")
    if not isinstance(code, str) or "ack" in raw:
        return model, []
    model, effects = _accept(model, code, model.now_ms)
    ok = model.reply_error is None
    ack = {"ack": code, "ok": ok, "said": model.reply_note if ok else model.reply_error}
    return model, [*effects, pe.PostSignal(dumps(ack))]


def _peer_closed(model: HostModel, closed: pe.PeerClosed) -> tuple[HostModel, list[Effect]]:
    live = model.running
    states = {k: v for k, v in model.peer_states.items() if k != closed.peer}
    routes = {k: v for k, v in model.routes.items() if k != closed.peer}
    invites = model.invites
    invite = next((i for i in invites if i.peer == closed.peer), None)
    if invite is not None and invite.state in ("preparing", "waiting", "connecting", "greeting"):
        invites = _set(invites, closed.peer, state="failed", note=_said(closed.reason or "peer-closed"))
    elif invite is not None and invite.state in ("joined", "refused"):
        # The members list says a joined guest is gone; a turned-away one can no longer try another name.
        invites = _set(invites, closed.peer, state="left")
    note = model.reply_note
    if invite is not None and note == _said("guest-connected", name=invite.guest):
        note = None  # "Bea is connected." stood under the reply form beside her "disconnected"
    model = replace(model, invites=invites, peer_states=states, routes=routes, now_ms=closed.now_ms, reply_note=note)
    live.link.turned_away.pop(closed.peer, None)  # a refusal not read yet: its card is done with it
    if closed.peer in live.session.peers:
        live.hub.closed(closed.peer)
        return model, live.run(closed.now_ms)
    return model, []


def _tick(model: HostModel, now: int) -> tuple[HostModel, list[Effect]]:
    effects: list[Effect] = []
    invites = []
    for invite in model.invites:
        if invite.state in OPEN and now - invite.issued_ms > iv.INVITE_TTL_S * 1000:
            invite = replace(invite, state="expired")
            effects.append(pe.ClosePeer(invite.peer))
        invites.append(invite)
    model.running.link.tick()
    return replace(model, now_ms=now, invites=tuple(invites)), effects + model.running.run(now)


def _dismissed(model: HostModel, invite_hex: str) -> tuple[HostModel, list[Effect]]:
    """The host puts away the card of a guest the lobby turned away: its connection closes (her page says it
    was cut off) and the card goes as a left guest's does; or a lost card (its player joined, or is not coming).
    Any other card, or none, changes nothing."""
    invite = next((i for i in model.invites if i.invite.hex() == invite_hex and i.state in ("refused", "lost")), None)
    if invite is None:
        return model, []
    model.running.link.turned_away.pop(invite.peer, None)
    closed = [] if invite.state == "lost" else [pe.ClosePeer(invite.peer)]  # a lost one has no connection here
    # Focus was on the button that went: it goes to "Invite a player", the section's own control.
    return replace(model, invites=_set(model.invites, invite.peer, state="left")), [*closed, FOCUS_INVITE]


def _set(invites: tuple[Invite, ...], peer: str, **changes: Any) -> tuple[Invite, ...]:
    return tuple(replace(i, **changes) if i.peer == peer else i for i in invites)


def _set_each(invites: tuple[Invite, ...], peers: list[str], **changes: Any) -> tuple[Invite, ...]:
    return tuple(replace(i, **changes) if i.peer in peers else i for i in invites)


def _unanswered(model: HostModel) -> tuple[Unanswered, ...]:
    """The invitations a reload would end unanswered, as the night's save holds them: those whose link was shown
    (a card still preparing had none to send) and whose guest is not in the lobby, and the lost cards still
    shown. A reload then brings each back as a lost card."""
    session = model.running.session
    return tuple(
        Unanswered(i.invite, i.number, i.member_id, i.guest)
        for i in model.invites
        if (i.state in UNANSWERED and i.state != "preparing") or (i.state == "lost" and not _done(i, session))
    )


# --- views ------------------------------------------------------------------------------------------


def _text(reason: Reason | None) -> str:
    return reason_text(reason["code"], reason.get("params")) if reason else ""


def _notice(model: HostModel) -> Element | None:
    return h("p", {"class": "notice"}, sentences(*(_text(r) for r in model.notice))) if model.notice else None


def _other_game(model: HostModel) -> Element | None:
    """The saved game night plays another game than the one the page was opened to host."""
    session = model.running.session
    asked = games.info(model.asked) if model.asked and model.asked != session.game_id else None
    if asked is None:
        return None
    code = "other-game-playing" if session.match is not None and session.match.running else "other-game-open"
    saved = info.title if (info := games.info(session.game_id)) else session.game_id
    return h("p", {"class": "notice"}, _text(_said(code, saved=saved, asked=asked.title)))


def _elsewhere_view(model: HostModel) -> Element:
    """This page stood down: another tab of this browser hosts the game night."""
    return h(
        "main",
        {"class": "page host", "data-stage": "elsewhere"},
        h("h1", {"tabindex": "-1"}, model.elsewhere),
        h("p", {"class": "notice", "role": "status"}, _text(_said("open-elsewhere"))),
        h("p", {}, h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games"))),
    )


def _setup_view(model: HostModel) -> Element:
    chosen = model.game if games.rules(model.game) else next(iter(games.RULES))
    return h(
        "main",
        {"class": "page host", "data-stage": "setup"},
        h("h1", {"tabindex": "-1"}, _("Host a game night")),
        h("p", {"class": "lede"}, _("Your browser runs the lobby: friends join with a link, no server needed.")),
        # Offline, the lobby this opens reaches no one: said as the game cards say it (shown only offline).
        offline_note(),
        _notice(model),
        h(
            "form",
            {"class": "stack", "data-action": "host-setup"},
            h(
                "label",
                {},
                _("Name of the game night"),
                h(
                    "input",
                    {"name": "lobby", "value": _("Game night"), "maxlength": MAX_LOBBY_NAME, "required": True},
                ),
            ),
            h("label", {}, _("Your name"), h("input", {"name": "name", "maxlength": p.MAX_NAME, "required": True})),
            h(
                "label",
                {},
                _("Game"),
                h(
                    "select",
                    {"name": "game"},
                    [
                        h("option", {"value": gid, "selected": gid == chosen}, g.info.title)
                        for gid, g in games.RULES.items()
                    ],
                ),
            ),
            h(
                "details",
                {"class": "relay"},
                h("summary", {}, _("Relay server (optional)")),
                h(
                    "p",
                    {},
                    _(
                        "Some networks (many phones, offices) block direct connections. A TURN relay carries the "
                        "game for them; its address and login travel in your invitations."
                    ),
                ),
                h(
                    "label",
                    {},
                    _("TURN address"),
                    h("input", {"name": "turn", "placeholder": "turn:relay.example.org:3478", "spellcheck": "false"}),
                ),
                h("label", {}, _("TURN user name"), h("input", {"name": "turn_user", "autocomplete": "off"})),
                h(
                    "label",
                    {},
                    _("TURN password"),
                    h("input", {"name": "turn_pass", "type": "password", "autocomplete": "off"}),
                ),
            ),
            # Drawn empty while nothing is wrong (hidden, no room taken): a region that comes with its words is
            # not announced, so the first error would go unheard.
            alerts(_text(model.error), model.errors, "error", "setup-alert"),
            h("button", {"class": "button primary", "type": "submit"}, _("Open the lobby")),
        ),
    )


def _guests_here(model: HostModel) -> bool:
    """Someone other than the host and the computer players is connected to this page."""
    lobby = model.live.client.lobby if model.live else None
    return lobby is not None and any(m.connected and m.bot is None and m.id != lobby.host for m in lobby.members)


def _sight(model: HostModel, live: Live) -> Sight:
    """What the host's page knows and shows of the lobby: its links' states and routes, and its questions."""
    session = live.session
    states, routes = {}, {}
    for member in session.members:
        peer = session.peer_of(member)
        if peer is not None and model.peer_states.get(peer) == "reconnecting":
            states[member] = "reconnecting"
        if peer is not None and peer in model.routes:
            routes[member] = model.routes[peer]
    return Sight(
        host=True,
        states=states,
        routes=routes,
        now_ms=model.now_ms,
        ending=model.ending,
        counting=model.counting,
        preparing=bool(model.preparing),
        unsure=model.unsure,
        sure_at=model.restored_ms + RELOAD_GRACE_MS,
        draft=model.draft,
        said=model.said,
        replying=_replying(model),
    )


def _replying(model: HostModel) -> bool:
    """Whether an invitation waits for its reply: pasting it (Connect) is then the host's next step."""
    return any(i.state == "waiting" for i in model.invites)


def _spoken(model: HostModel) -> dict[str, str]:
    """What the lobby's lines that come and go say on the host's page now (``panel.spoken``)."""
    return spoken(model.live.client, _sight(model, model.live)) if model.live is not None else {}


def _noticed(model: HostModel) -> HostModel:
    """``model`` with its match screen told who is disconnected now (``panel.noticed``)."""
    board = noticed(model.board, model.live.client, _sight(model, model.live)) if model.live else model.board
    return model if board is model.board else replace(model, board=board)


def _lobby_view(model: HostModel, live: Live) -> Element:
    # The invitations after a running match, in the page's order as in every window's (``panel.running_shown``).
    invites, running = _invites_view(model), running_shown(live.client, model.board)
    return h(
        "main",
        {"class": "page host", "data-stage": "lobby", "data-lobby": live.lobby_id},
        h("h1", {"tabindex": "-1"}, live.name),
        _notice(model),
        _other_game(model),
        None if running else invites,
        panel(live.client, _sight(model, live), model.board, after=invites if running else None),
        _close_view(model),
    )


def _close_view(model: HostModel) -> Element:
    """The button "Close this game night", or, once pressed with guests here, the question before closing."""
    if not model.closing:
        return h(
            "p", {}, h("button", {"class": "button quiet", "data-action": "close-lobby"}, _("Close this game night"))
        )
    return h(
        "section",
        {"class": "confirm", "role": "group", "aria-labelledby": "close-question"},
        h(
            "p",
            {"id": "close-question"},
            _(
                "Close this game night for everyone? Your guests' pages are told it is over, and it cannot be "
                "opened again."
            ),
        ),
        h("button", {"class": "button", "data-action": "close-cancel"}, _("Keep the night open")),
        h("button", {"class": "button danger", "data-action": "close-lobby"}, _("Close the game night")),
    )


STATE_TEXT = {
    "preparing": N_("Preparing the invitation…"),
    "waiting": N_("Send this link to one player, then paste their reply below."),
    "connecting": N_("Connecting…"),
    "greeting": N_("Joining the lobby…"),
    "joined": N_("Joined."),
    "expired": N_("Expired: make a new invitation."),
    "failed": N_("Failed."),
    "lost": N_(
        "This link stopped working when this page was reloaded: invite the player again if they have not joined."
    ),
}


def _done(invite: Invite, session: Session) -> bool:
    """Whether an invitation has done its job: its guest is in the members list (or was, and left). Its
    card goes (over a night they piled up); the invitation stays known, so a reply pasted again is
    refused as used. A joined card is seldom seen: the invitation joins when the lobby takes the hello. A lost card
    for a member who is back, or no longer in the lobby, has nothing left to ask."""
    if invite.state == "lost" and invite.member_id:
        return invite.member_id not in session.members or invite.member_id in session.peers
    return invite.state == "left" or (invite.state == "joined" and invite.peer in session.peers)


def _shown_note(model: HostModel) -> Reason | None:
    """The invitations' note as shown: "Connecting Cal…" is for the reply link's tab (``_signal``'s answer); here
    the card of that reply, a live region, says it ("Connecting…", then "Joining the lobby…"), and the note
    beside it said the same thing twice."""
    note = model.reply_note
    return note if note and note["code"] != "connecting-guest" else None


def _invites_view(model: HostModel) -> Element:
    # While a match runs the used cards still listed (expired, failed) fold away: on a laptop they stood
    # between the lobby's heading and the board. One still open stays in sight.
    live = model.running
    match = live.session.match
    running = match is not None and match.running
    listed = [i for i in reversed(model.invites) if not _done(i, live.session)]
    asking = (*UNANSWERED, "lost")  # a lost card asks the host to invite its player again: in sight too
    shown = [i for i in listed if not running or i.state in asking]
    folded = [i for i in listed if running and i.state not in asking]
    cards = [_invite_card(model, invite) for invite in shown]
    # A reply may come for a waiting card, and be pasted for a lost one (its player may hold a reply to the
    # old link, which the form's alert then says is no use, by name): with only lost cards the form was gone,
    # and the host learnt why the reply failed only after making a new invitation.
    pasting = any(i.state == "waiting" for i in model.invites) or any(i.state == "lost" for i in listed)
    # Two status regions by turns, drawn even when empty: "Bea is connected." said again when she comes back
    # after leaving (the note went meanwhile) is a change to a region already there, heard (ui.live.alerts).
    said = _shown_note(model)
    note = alerts(said and _text(said), model.notes, "note", "reply-note", status=True)  # hidden while empty
    return h(
        "section",
        # The id keeps it, and the lobby's panel beside it, whole where it moves (after a running match,
        # before an ended one): the page's morph otherwise moved the panel, the match's live region in it,
        # as the match's end was said there.
        {"class": "invites", "id": "invites"},
        h("h2", {}, _("Invitations")),
        # The page's row of a button and its words: the words stand clear of the button, beside it or, on a
        # phone, as a block of their own under it (they touched it, then ran on under it). A secondary button:
        # the page's one primary action is the match's (Start the match, Rematch), or Connect while a reply is
        # due (``_replying``); drawn alike, two buttons each said "press me" (docs/accessibility.md).
        h(
            "p",
            {"class": "actions"},
            h("button", {"class": "button", "data-action": "invite"}, _("Invite a player")),
            h("span", {}, _("Each invitation lets one player in and lasts 10 minutes.")),
        ),
        # Offline, an invitation reaches no one (its link and reply need the network): said as the game cards
        # say it, shown only while the page is offline (``ui.offline.offline_note``).
        offline_note(),
        # No empty list: in the section's stack it would add a gap of its own under the button's row.
        cards and h("ul", {"class": "invite-list"}, cards),
        h(
            "details",
            {"class": "invites-done"},
            h("summary", {}, _("Answered invitations ({n})").format(n=len(folded))),
            h("ul", {"class": "invite-list"}, [_invite_card(model, invite) for invite in folded]),
        )
        if folded
        else None,
        # The form only while there is a reply to paste (or the reason a pasted one was refused); the note
        # of the last paste ("Cal is connected.") under it, in one place whether the form is there or not, so
        # its regions stay on the page as the form comes and goes (a match makes the note old news: empty).
        h(
            "form",
            {"class": "reply-form", "data-action": "reply", "data-clear": True},
            h(
                "label",
                {},
                _("Paste a player's reply code or link"),
                h("input", {"name": "reply", "value": model.reply_text, "autocomplete": "off", "spellcheck": "false"}),
            ),
            # Primary only while an invitation waits for its reply (the host's next step); the form stays for a
            # lost card's reply too, and there the match's button is the one primary action.
            h("button", {"class": "button primary" if _replying(model) else "button", "type": "submit"}, _("Connect")),
            # Empty and hidden while nothing is wrong, as the setup's. The form comes with its error when a reply
            # link opened in another tab is refused while no invitation waits: the shell holds the words back
            # until a screen reader knows the region (``settle``).
            alerts(_text(model.reply_error), model.errors, "error", "reply-alert", settle=True),
        )
        if pasting or model.reply_error
        else None,
        note,
    )


def _invite_card(model: HostModel, invite: Invite) -> Element:
    """One invitation: its state (and why it failed), and while it waits its link, QR code and expiry."""
    site = pe.invitation_base(model.page_url, model.live.turn if model.live else None)
    link = f"{site}#join={invite.code}" if invite.code else ""
    left_s = max(0, iv.INVITE_TTL_S - (model.now_ms - invite.issued_ms) // 1000)
    if invite.member:
        title = _("Invitation for {name}").format(name=invite.member)
    else:
        title = _("Invitation {number}").format(number=invite.number)
    # The region names its card first, unseen (the heading shows it): "Send this link …" heard for two
    # cards did not say which one changed.
    named = h("span", {"class": "visually-hidden"}, _("{invitation}:").format(invitation=title), i18n.sentence_gap())
    reply = _("reply from {name}").format(name=invite.guest) if invite.guest else ""
    # A live region: a screen reader hears the card change (connecting, joined, failed and why).
    if invite.state == "refused":
        said = sentences(_("{name} was turned away. They were told:").format(name=invite.guest), _text(invite.note))
    else:
        said = sentences(_(STATE_TEXT[invite.state]), _text(invite.note))
    # A game switch while the invitation waits changes its link: said in the same live line, so a screen
    # reader hears it once, when it changes (a line of its own beside it was shown but never heard).
    followed = None
    if invite.state == "waiting":
        game = invite.offer.game if invite.offer else ""
        if game != invite.made_for:
            info = games.info(game)
            followed = h(
                "span",
                {"class": "followed"},
                _(
                    "Updated: this link now invites to {game}. A player who opened the earlier link is told of "
                    "the change when they join."
                ).format(game=info.title if info else game),
            )
    gap = i18n.sentence_gap() if followed else ""  # a space in English, none in Japanese
    # The card comes with its live region, so the region is in the page before its first words are (one that
    # comes with its words is not heard, ``ui.live.region``): while the offer is made its region is empty and
    # "Preparing the invitation…" is shown beside it, not said; "Send this link …" is the first line heard.
    preparing = invite.state == "preparing"
    status = region(None if preparing else [named, said, gap, followed], f"{_card_heading(invite)}-said", "status")
    body: list = [h("p", {"class": "status"}, said) if preparing else None, status]
    if invite.state == "refused":
        dismiss = {"class": "button", "data-action": "dismiss-invite", "data-invite": invite.invite.hex()}
        body.append(h("button", dismiss, _("Dismiss")))
    if invite.state == "lost":
        body.append(_lost_actions(invite))
    if invite.state == "waiting":
        body += [
            h(
                "input",
                {"class": "invite-link", "readonly": True, "value": link, "aria-label": _("Invitation link")},
            ),
            h("button", {"class": "button", "data-action": "copy", "data-text": link}, _("Copy link")),
            h(
                "p",
                {"class": "expires"},
                _("Expires in {m}:{s}.").format(m=left_s // 60, s=f"{left_s % 60:02d}"),
            ),
            qr_code(link, _("QR code of the invitation link")),
        ]
    return h(
        "li",
        {"class": "invite", "data-invite": invite.invite.hex(), "data-state": invite.state},
        heading_parts("h3", {"id": _card_heading(invite), "tabindex": "-1"}, title, reply),
        body,
    )


def _lost_actions(invite: Invite) -> Element:
    """A lost card's answers: a new invitation in its place (for the member it invited back, if any), or put it
    away. Each named for its card ("Invite again: Invitation 2"), as the members list's are for their player: two
    lost cards were heard as two alike buttons."""
    whom = invite.member or invite.guest or _("Invitation {number}").format(number=invite.number)
    hexed = invite.invite.hex()
    again = {"class": "button", "data-action": "invite", "data-invite": hexed, "data-member": invite.member_id}
    dismiss = {"class": "button quiet", "data-action": "dismiss-invite", "data-invite": hexed}
    return h(
        "p",
        {"class": "actions"},
        h("button", {**again, "aria-label": i18n.named_for(_("Invite again"), whom)}, _("Invite again")),
        h("button", {**dismiss, "aria-label": i18n.named_for(_("Dismiss"), whom)}, _("Dismiss")),
    )


SCREEN = HostScreen()
