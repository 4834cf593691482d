"""The guest's screens: an invitation link (``#join=CODE``) and a reply link (``#reply=CODE``).

Joining: the page reads the invitation (strictly: a damaged, expired or already answered one shows
why and does nothing), says which game, who hosts and when the invitation expires (the page counts
the minutes down and says so when it runs out), asks for a display name, answers the host's offer
(``AnswerOffer``) and shows the reply code to send back. When the host accepts it the channel opens,
the page says hello and mirrors the lobby. The reconnect token the host gives is kept in local storage
under the lobby's id, so a new invitation to the same lobby brings the player back to its seat.

The page always says how its connection stands (connected, reconnecting, lost) and what
to do. When the connection is lost, the page keeps its mirror and its unconfirmed requests and takes
the host's new invitation ("Invite again") in one paste: the player answers it here and comes back to
the same seat, and whatever the host had not confirmed is sent again (docs/peer-links.md). A reloaded page
of a member (its invitation used up, its token kept) offers the same paste instead of a dead end.

A reply the host has not taken after ``HOST_WAIT_MS`` says what may have happened (the page cannot know: no
server) and what to do; a guest whose invitation named another game than the lobby it finds is told so.

A reply link opened in the host's browser hands its code to the open host tab over a
BroadcastChannel (``PostSignal``) and says whether the host took it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gamenight import games, i18n
from gamenight.core.errors import BadMessage, BadOptions
from gamenight.core.jsonutil import dumps, loads, obj
from gamenight.i18n import N_, _, ngettext, reasons
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.net import invite as iv
from gamenight.net import peer as pe
from gamenight.net.link import GuestLink
from gamenight.ui import match as screen
from gamenight.ui.live import SETTLE, alerts, new_notes, region, said_again
from gamenight.ui.lobby.panel import (
    LOBBY_ACTIONS,
    Sight,
    began,
    board_input,
    board_message,
    cut_off,
    let_go,
    lobby_keys,
    lobby_requests,
    match_table,
    noticed,
    panel,
    reason_text,
    refusals,
    shown_refusal,
    spoken,
    sync_board,
)
from gamenight.ui.program import (
    Copy,
    Effect,
    Env,
    Focus,
    Keys,
    Message,
    StartTimer,
    StopTimer,
    Store,
    StoreEntries,
    Tick,
    UiEvent,
    WarnBeforeLeaving,
    WorkDone,
    WorkProgress,
)
from gamenight.ui.qr import qr_code
from gamenight.ui.svg import Child, Element, h

NAME_LOST_ID = "name-lost"  # the note over the name field when the kept name cannot be used
WELCOME_BACK = "welcome-back"  # a kept name's greeting, over its Rejoin button
TOKENS_KEY = "peer.tokens"  # lobby id → {"name", "token"}
USED_KEY = "peer.used"  # invitation id → when it was issued (Unix seconds); a day old, it no longer counts
# Both maps are written entry by entry (``StoreEntries``): two tabs joining at once keep each other's.
MAX_USED = 64
HOST = "host"  # a guest page's one peer
# The mark of this tab's page gone with an open connection (``pe.LEFT_KEY``), in the tab's own storage:
# ``ui/dom.py`` reads a key named ``session:…`` there.
LEFT_KEY = "session:" + pe.LEFT_KEY
MAX_REMEMBERED = 20
POLL = "join.poll"  # while in the lobby: send again what got no answer, and say so when it takes long
POLL_MS = 1000
EXPIRY = "join.expiry"  # while the invitation waits for a name: the minutes left, and its end
EXPIRY_MS = 5000
# While the reply waits for the host: past this, the page says what may have happened. With no server it cannot
# know whether the host will paste the reply (the invitation may have been used by someone else, or have run out),
# and "Waiting for the host…" alone left a newcomer on an already used link waiting for ever. Longer than a host
# takes to paste a reply sent by chat, short enough that a player has not given up on the page yet.
HOST_WAIT = "join.host-wait"
HOST_WAIT_MS = 75_000
# Join and Rejoin take their form away (and the reply's buttons go when the channel opens): focus goes to
# what the guest does next, sending the reply, then to the lobby's heading, not to the page's body.
FOCUS_COPY_REPLY = Focus("#copy-reply")
FOCUS_HEADING = Focus("main h1")
FOCUS_STATUS = Focus("[data-focus-home]")  # the match's status while a match is shown (``ui.match.render``)
# The host turned the page's name away: the field for another one (the player's one thing to do).
FOCUS_RENAME = Focus("form[data-action=rename] input[name=name]")
# An invitation opened: its name field, so a name typed at once goes in it (on a laptop, the page's body took the
# keys and the name was lost). A phone opens no keyboard over the page for it: a page opened from a link has had
# no tap, and a browser opens its keyboard for a focus only after one; it would not hide the invitation's words
# anyway, which stand above the field (docs/lobby.md). A kept name's page asks none: its Rejoin button.
FOCUS_NAME = Focus("form[data-action=join] input[name=name]")
FOCUS_REJOIN = Focus("form[data-action=join] button[type=submit]")
# The invitation's words, which the field's focus skips: read with the field (``aria-describedby``).
INVITED_WHAT, INVITED_EXPIRY = "invited-what", "invited-expiry"
INVITED_FOR = "invited-for"  # whose invitation it is, when the host made it for a member who is away
# Where a match's start takes a guest's focus from, for its board (docs/accessibility.md): the waiting lobby
# (its heading and seats, the join page's title), whose controls the match replaces or makes idle, and
# nowhere (the body). Never from a text field or the chat (still there, and the guest's), nor from outside
# the page's main part: the header, the skip link, the offer of a new version, the help dialog.
WAITING = "main"
KEPT = "input, textarea, select, .chat"

reasons({"other-lobby": N_("This invitation is for another game night ({name}): open it in a new tab.")})
Reason = Mapping[str, Any]  # {"code", "params"}: worded when the view is built, in the page's language


def _reason(err: Any) -> Reason:
    return {"code": err.code, "params": dict(err.params)}


def _stored_map(env: Env, key: str) -> dict[str, Any]:
    try:
        return dict(obj(loads(env.stored.get(key, "{}"), 64 * 1024), key, BadMessage))
    except BadMessage:
        return {}


def _usable(entry: Any) -> Mapping[str, Any] | None:
    """A stored membership (``peer.tokens``: untrusted) whose token is one the host takes, else None."""
    if isinstance(entry, dict) and isinstance(entry.get("token"), str) and 0 < len(entry["token"]) <= p.MAX_TOKEN:
        return entry
    return None


def _read(code: str, now_s: int, used: frozenset[str]) -> tuple[iv.Invitation | None, iv.Invitation | iv.BadCode]:
    """The invitation in ``code`` as written (``None``: damaged), read once: whether or not it can be used now,
    it names the lobby this browser may be a member of (``_dropped``, ``_back``); and it again if it can be
    used now, else why not."""
    try:
        written = iv.read_invitation(code)
    except iv.BadCode as err:
        return None, err
    try:
        return written, iv.usable_invitation(written, now_s, used)
    except iv.BadCode as err:
        return written, err


def _dropped(tokens: Mapping[str, Any], written: iv.Invitation | None) -> bool:
    """Whether this browser kept a membership of the lobby ``written`` invites to (used up or not) whose
    token cannot be read (wrong type, empty, too long): set aside, not used, and said (``TOKEN_DROPPED``)."""
    return written is not None and written.lobby_id in tokens and _usable(tokens[written.lobby_id]) is None


# Untrusted input gets its own sentence: the stored entry is left as it is (a welcome writes over it).
TOKEN_DROPPED = N_(
    "This browser kept your place in this game night, but it could not be read, so it was set aside: you join "
    "as a new player. If you had a seat, tell the host."
)


def _back(model: JoinModel, written: iv.Invitation | None) -> JoinModel | None:
    """A used-up invitation (answered, or expired) to a lobby this browser is a member of: the page was
    reloaded or reopened after joining. The seat is kept, so the page takes the host's new invitation in
    one paste, as a page whose connection dropped does (stage ``back``). A kept name that cannot be used
    any more (``name_lost``) is asked for with it: the token still holds the seat (the page said only that
    the invitation was used, a dead end)."""
    if written is None or model.problem is None or model.problem["code"] not in ("code-answered", "code-expired"):
        return None
    back = replace(model, stage="back", invitation=written)
    remembered = back.remembered
    if remembered:
        return replace(back, name=remembered["name"])
    return back if back.name_lost else None


@dataclass(frozen=True)
class Switched:
    """The host switched the game between the invitation and the guest's arrival: the invitation named
    ``invited``, the lobby the page found played ``game`` in ``phase``. Said until either changes."""

    host: str
    invited: str
    game: str
    phase: str


@dataclass(frozen=True)
class JoinModel:
    """``stage``: problem, back (a reloaded page of a member), name, answering, reply, lobby, lost or closed."""

    page_url: str
    stage: str
    now_ms: int = 0
    problem: Reason | None = None
    invitation: iv.Invitation | None = None
    tokens: Mapping[str, Any] = field(default_factory=dict)
    used: Mapping[str, int] = field(default_factory=dict)
    name: str = ""
    name_error: Reason | None = None
    reply: str = ""
    client: Client | None = None
    outbox: pe.Outbox | None = None
    link: GuestLink | None = None
    reconnecting: bool = False
    lost: Reason | None = None  # why the connection to the host ended
    rejoin_error: Reason | None = None
    errors: int = 0  # the errors given so far: which alert region says the one standing (ui.live.alerts)
    board: Any = None  # the match screen's state (ui.match.MatchUi) while the game has a board
    stored: Mapping[str, str] = field(default_factory=dict)  # the board's storage entries at page start
    waited: bool = False  # the reply has waited HOST_WAIT_MS for the host: the page says what may have happened
    # Whether the lobby the page found plays another game than its invitation said: None until the first
    # snapshot, then the switch while it is still news (``_switched``), or False.
    switched: Switched | Literal[False] | None = None
    dropped: bool = False  # this browser's kept membership of the lobby has a token that cannot be read
    # The page comes back to its seat (a kept token: a reload, the invitation reopened; or the mirror kept after
    # the host was lost): once the lobby comes, focus goes where a keyboard player continues (``_continued``).
    returning: bool = False
    # This tab's page went while connected (``LEFT_KEY``): a page ``back`` at its used invitation was reloaded
    # (or closed and reopened) here, not opened in a second tab, and says so.
    reloaded: bool = False
    # The lobby's lines that come and go, said so far (``panel.spoken``, ``live.said_again``).
    said: Mapping[str, int] = field(default_factory=dict)

    @property
    def kept(self) -> Mapping[str, Any] | None:
        """This browser's stored membership of the invitation's lobby, if its token is one the host takes
        (untrusted: local storage may hold what an older version or a broken write left)."""
        if self.invitation is None:
            return None
        return _usable(self.tokens.get(self.invitation.lobby_id))

    @property
    def remembered(self) -> Mapping[str, str] | None:
        """This browser's earlier membership of the invitation's lobby (name and token), if any, with a name
        the host takes: one an older version kept that today's rules refuse would be refused in every hello,
        so the page asks for the name instead (``name_lost``) and comes back with the token alone."""
        entry = self.kept
        name = entry.get("name") if entry is not None else None
        if not isinstance(name, str):
            return None
        try:
            return entry if p.parse_name(name) == name else None
        except BadMessage:
            return None

    @property
    def name_lost(self) -> bool:
        """A kept membership whose name cannot be used: the page says so over the name field."""
        return self.kept is not None and self.remembered is None

    @property
    def connected(self) -> tuple[Client, pe.Outbox, GuestLink]:
        """The mirror of the lobby, its outbox and its link to the host: made together when the channel
        first opens (``_opened``) and kept from then on, for the lobby's handlers and view."""
        assert self.client is not None and self.outbox is not None and self.link is not None
        return self.client, self.outbox, self.link

    @property
    def invited(self) -> iv.Invitation:
        """The invitation answered: every stage but ``problem`` has one."""
        assert self.invitation is not None
        return self.invitation


class JoinScreen:
    label = "Join a game night"
    storage_keys = (TOKENS_KEY, USED_KEY, LEFT_KEY, *games.board_storage_keys())

    def init(self, params: Mapping[str, str], env: Env) -> tuple[JoinModel, list[Effect]]:
        now_s = env.now_ms // 1000
        used = {k: v for k, v in _stored_map(env, USED_KEY).items() if isinstance(v, int) and now_s - v < 86400}
        stored = {k: env.stored[k] for k in games.board_storage_keys() if k in env.stored}
        tokens = _stored_map(env, TOKENS_KEY)
        written, usable = _read(params.get("code", ""), now_s, frozenset(used))
        model = JoinModel(
            env.page_url,
            "name",
            env.now_ms,
            tokens=tokens,
            used=used,
            stored=stored,
            dropped=_dropped(tokens, written),
            reloaded=LEFT_KEY in env.stored,
        )
        # The mark is read once, by the page that follows the one that left it, and taken away: a tab duplicated
        # from this one (or opened from it by ``window.open``) copies the tab's storage, and a copy holding the
        # mark said "reloading this page ended its connection" of a page that never had one.
        read: list[Effect] = [Store(LEFT_KEY, None)] if model.reloaded else []
        if isinstance(usable, iv.BadCode):
            back = _back(replace(model, problem=_reason(usable)), written)
            if back is not None:
                # A reloaded or reopened page: focus where the screen's start puts it (its heading), as a
                # route change does, not on the body; the next Tab is the rejoin field.
                return back, [*read, FOCUS_HEADING]
            # Opened fresh (no route change, whose heading the shell focuses), the page asked for no focus and a
            # keyboard or screen-reader user started at the page's top: focus on its heading, as a reloaded
            # member's page has; its alert says why, and the next Tab is "← All games".
            return replace(model, stage="problem", problem=_reason(usable)), [*read, FOCUS_HEADING]
        model = replace(model, invitation=usable)
        remembered = model.remembered
        # A member's invitation fills in their name (read-only): its Rejoin button is the one thing to press.
        focus = FOCUS_REJOIN if remembered or usable.member else FOCUS_NAME
        # An invitation the host made for a member who is away brings that member back: their name is filled in.
        named = replace(model, name=remembered["name"] if remembered else usable.member)
        return named, [*read, StartTimer(EXPIRY, EXPIRY_MS), focus]

    def update(self, model: JoinModel, message: Message) -> tuple[JoinModel, list[Effect]]:
        refused = refusals(model.client)
        spoken = _spoken(model)  # read first: the lobby's client is changed in place
        updated, effects = self._update(model, message)
        said = said_again(updated.said, spoken, _spoken(updated))  # the same words back are said again
        updated = updated if said is updated.said else replace(updated, said=said)
        effects = [*effects, *shown_refusal(refused, updated.client)]
        given = new_notes(model, updated, lambda m: (m.problem, m.name_error, m.rejoin_error))
        if given:  # the same error again is a new value: counted, so it is said again
            updated = replace(updated, errors=updated.errors + given)
        if updated.client is not None:
            updated, more = _follow(updated)
            updated = _switched(updated)
            client = updated.connected[0]
            # Said back, as on the host's page: a player said to be disconnected who is connected again.
            board = noticed(updated.board, client, _sight(updated, client))
            updated = updated if board is updated.board else replace(updated, board=board)
            effects = [*effects, *more]
            if updated.returning and updated.stage == "lobby" and client.lobby is not None and client.seq is not None:
                updated = replace(updated, returning=False)
                effects.append(_continued(updated, client))
        return updated, effects

    def _update(self, model: JoinModel, message: Message) -> tuple[JoinModel, list[Effect]]:
        if isinstance(message, UiEvent):
            return _ui(model, message)
        if isinstance(message, pe.AnswerReady) and model.stage == "answering":
            return _answer_ready(model, message)
        if isinstance(message, pe.PeerOpened) and message.peer == HOST:
            return _opened(replace(model, now_ms=message.now_ms))
        if isinstance(message, Tick) and message.timer == POLL:
            return _poll(replace(model, now_ms=message.now_ms))
        if isinstance(message, Tick) and message.timer == EXPIRY:
            return _expiry(replace(model, now_ms=message.now_ms))
        if isinstance(message, Tick) and message.timer == HOST_WAIT:
            return replace(model, waited=model.stage == "reply"), [StopTimer(HOST_WAIT)]
        if isinstance(message, pe.PeerText) and message.peer == HOST and model.outbox is not None:
            return _received(replace(model, now_ms=message.now_ms), message.text)
        if isinstance(message, pe.PeerState) and message.peer == HOST:
            return replace(model, reconnecting=message.state == "reconnecting"), []
        if isinstance(message, pe.PeerClosed) and message.peer == HOST:
            return _closed(model, message)
        if isinstance(message, (Tick, WorkProgress, WorkDone)) and model.board is not None:
            board = board_message(model.board, model.connected[0], message)
            return (model, []) if board is model.board else (replace(model, board=board), [])
        return model, []

    def view(self, model: JoinModel) -> Element:
        return h("main", {"class": "page join", "data-stage": model.stage}, _join_view(model))

    def keys(self, model: JoinModel) -> Keys | None:
        return lobby_keys(model.client, model.board)

    def on_reload(self, model: JoinModel) -> str:
        """A reloaded guest page holds an invitation already answered: it comes back to its seat only by the
        host's new one (docs/peer-links.md, *Guest reload*)."""
        if model.stage != "lobby":
            return ""
        return _("Reloading disconnects you: ask the host for a new invitation to come back.")

    def on_leave(self, model: JoinModel) -> str:
        """A link away ends the connection as a reload does (``leave``), and the match waits for a player whose
        page is gone: the app asks first while this page is in the game night."""
        if model.stage != "lobby":
            return ""
        return _(
            "Leaving this page disconnects you from the game night: to come back, ask the host for a new invitation."
        )

    def leave(self, model: JoinModel) -> list[Effect]:
        """Leaving the lobby by a link ends its connection, as a reload does: left open with no screen behind
        it, the host saw the player connected and the match waited for a page that would never answer. The
        browser keeps the seat's token and her turn being built, so she comes back as after a reload: a player
        who follows a link away mid-turn (the rules, the home page) and comes back finds the tile she chose."""
        return [pe.ClosePeer(HOST)]

    def title(self, model: JoinModel) -> str:
        name = model.invitation.lobby_name if model.invitation else _("Join a game night")
        return i18n.title(name)


def _ui(model: JoinModel, event: UiEvent) -> tuple[JoinModel, list[Effect]]:
    if model.board is not None and model.stage == "lobby" and event.action not in LOBBY_ACTIONS:
        client, outbox, link = model.connected
        board, request = board_input(model.board, client, event)
        if request is None:
            return (model, []) if board is model.board else (replace(model, board=board), [])
        client.errors.clear()
        # A numbered request, as every other one: kept until the host acknowledges it and sent again when no
        # answer comes, so a move a dying connection swallowed is not lost, and ``client.moving`` holds a
        # second move back until the first is played.
        link.request(request)
        return replace(model, board=board), outbox.drain()
    if event.type not in ("click", "submit"):  # buttons act on click; forms on submit
        return model, []
    model = replace(model, now_ms=event.now_ms or model.now_ms)
    if event.action == "copy":  # the reply, as a code or as a link
        return model, [Copy(event.data.get("text", ""), _("The reply is copied. Send it to your host."))]
    if event.action == "join" and event.type == "submit" and model.stage == "name":
        expired, effects = _expiry(model)
        return (expired, effects) if expired.stage != "name" else _answer(model, event.form.get("name", ""))
    if event.action == "rejoin" and event.type == "submit" and model.stage in ("lost", "back"):
        return _rejoin(model, event.form)
    if model.stage != "lobby" or model.link is None:
        return model, []
    client, outbox, link = model.connected
    link.clock = lambda: model.now_ms
    if event.action == "try-again":
        link.try_again()
        return replace(model), outbox.drain()
    if event.action == "rename" and event.type == "submit" and client.name_refused is not None:
        return _rename(model, event.form.get("name", ""))
    try:
        requests = lobby_requests(client, event)
    except (BadMessage, BadOptions) as err:
        client.refuse_input(err)
        return replace(model), []
    if not requests:
        return model, []
    client.errors.clear()
    # The host's answers come later; the host takes the messages in order, and only the host may start,
    # so a guest's page has nothing to hold back.
    for request in requests:
        link.request(request)
    return replace(model), outbox.drain()


def _expiry(model: JoinModel) -> tuple[JoinModel, list[Effect]]:
    """The invitation still waiting for a name is checked against the clock: once it has expired the
    page says so (as the host refuses its reply by then); otherwise the minutes left are redrawn."""
    if model.stage != "name" or model.invitation is None:
        return model, [StopTimer(EXPIRY)]
    over_s = model.now_ms // 1000 - model.invitation.expires_s()
    if over_s > 0:
        problem = {"code": "code-expired", "params": {"minutes": max(1, over_s // 60)}}
        return replace(model, stage="problem", problem=problem), [StopTimer(EXPIRY)]
    return model, []


def _follow(model: JoinModel) -> tuple[JoinModel, list[Effect]]:
    """The board follows the mirror; what it asks for is done (its effects, its own moves sent)."""
    client, outbox, _link = model.connected  # update() follows once the page has a mirror
    starts = model.stage == "lobby" and began(model.board, client)
    board = sync_board(model.board, client, model.stored, offline=model.stage != "lobby", now_ms=model.now_ms)
    if board is None:
        return (model, []) if model.board is None else (replace(model, board=None), let_go(model.board))
    board, effects, moves = screen.take(board)
    if starts:
        # The host's Start puts the host's focus on the board, which brings it into the window; a guest's
        # page showed the lobby's title and lines above it, and on a phone only the board's first rows.
        # Only from the waiting lobby or nowhere: a control still there (the chat, the header) keeps it.
        focus = screen.focus_board(board.game)
        effects = [*effects, replace(focus, only_from=WAITING, nowhere=True, not_from=KEPT)]
    if board is not model.board:
        model = replace(model, board=board)
    if moves and model.link is not None and model.stage == "lobby":
        for move in moves:
            try:
                model.link.request(client.move(move))  # numbered: sent again if it gets no answer
            except BadMessage:
                continue  # the page no longer holds a seat
        effects += outbox.drain()
    return model, effects


def _sight(model: JoinModel, client: Client) -> Sight:
    """What a guest's page knows of the members' connections: the mirror's, or nothing once it lost the host."""
    lost = model.stage != "lobby"  # lost, or coming back (its reply not taken yet)
    return Sight(offline=lost, states=cut_off(client) if lost else {}, now_ms=model.now_ms, said=model.said)


def _spoken(model: JoinModel) -> dict[str, str]:
    """What the lobby's lines that come and go say on the guest's page now (``panel.spoken``)."""
    return spoken(model.client, _sight(model, model.client)) if model.client is not None else {}


def _switched(model: JoinModel) -> JoinModel:
    """A guest who opened the link before the host picked another game read "Ann invites you to play
    Reflection" and sat down to Light Seeker without a word: the page found on joining says so, until the
    lobby's game or phase changes (the host switching again is seen live; a match of that game, begun or
    ended, makes it old news). The host's waiting links follow the lobby's game (``host._links_follow``)."""
    lobby = model.connected[0].lobby
    if lobby is None or model.switched is False:
        return model
    if model.switched is None:
        invited = model.invited.game
        if not invited or invited == lobby.game:
            return replace(model, switched=False)
        return replace(model, switched=Switched(model.invited.host, invited, lobby.game, lobby.phase))
    said = model.switched
    if isinstance(said, Switched) and (lobby.game, lobby.phase) != (said.game, said.phase):
        return replace(model, switched=False)
    return model


def _answer(model: JoinModel, raw_name: str) -> tuple[JoinModel, list[Effect]]:
    remembered = model.remembered
    try:
        # An invitation made for a member who is away joins as that member (its field is read-only).
        name = remembered["name"] if remembered else p.typed_name(model.invited.member or raw_name)
    except BadMessage as err:
        return replace(model, name_error=_reason(err)), []
    return _answer_invitation(replace(model, name=name, name_error=None), model.invited)


def _rename(model: JoinModel, raw_name: str) -> tuple[JoinModel, list[Effect]]:
    """Another name, after the host turned the last one away: the hello again on the same connection (the
    host's lobby takes a later hello from a connection it refused)."""
    try:
        name = p.typed_name(raw_name)
    except BadMessage as err:
        # Counted as every error line is, once (``update``'s ``new_notes``): counted here too, the same region
        # spoke again, and the same bad name twice was not heard the second time.
        return replace(model, name_error=_reason(err)), []
    client, outbox, link = model.connected
    link.send(client.rename(name, model.now_ms))
    return replace(model, name=name, name_error=None), outbox.drain()


def _answer_invitation(model: JoinModel, invitation: iv.Invitation) -> tuple[JoinModel, list[Effect]]:
    used = dict(sorted({**model.used, invitation.invite_id: invitation.issued_s}.items(), key=lambda kv: kv[1]))
    sdp = iv.build_sdp(invitation.transport, session_id=int.from_bytes(invitation.invite, "big"))
    effects: list[Effect] = [
        pe.AnswerOffer(HOST, sdp, pe.ice_servers(model.page_url)),
        # One answer per invitation, even after a reload.
        StoreEntries(USED_KEY, ((invitation.invite_id, invitation.issued_s),), MAX_USED),
        StopTimer(POLL),
        StopTimer(EXPIRY),
    ]
    return replace(model, stage="answering", invitation=invitation, used=used, waited=False), effects


def _rejoin(model: JoinModel, form: Mapping[str, str]) -> tuple[JoinModel, list[Effect]]:
    """The lost page takes the host's new invitation: answered here, so the mirror and its unconfirmed
    requests carry over (the page address keeps its old code; the new one lives in the model). A reloaded
    page whose kept name cannot be used takes the name typed with it (``_asks_name``)."""
    if _asks_name(model):
        try:
            model = replace(model, name=p.typed_name(form.get("name", "")), name_error=None)
        except BadMessage as err:
            return replace(model, name_error=_reason(err)), []
    try:
        invitation = iv.decode_invitation(form.get("invitation", ""), model.now_ms // 1000, frozenset(model.used))
    except iv.BadCode as err:
        return replace(model, rejoin_error=_reason(err)), []
    if model.invitation is not None and invitation.lobby_id != model.invitation.lobby_id:
        other = {"code": "other-lobby", "params": {"name": invitation.lobby_name}}
        return replace(model, rejoin_error=other), []
    return _answer_invitation(replace(model, rejoin_error=None, lost=None), invitation)


def _asks_name(model: JoinModel) -> bool:
    """A reloaded member's page (no mirror yet) whose kept name cannot be used: its rejoin asks the name."""
    return model.stage == "back" and model.client is None and model.name_lost


def _answer_ready(model: JoinModel, ready: pe.AnswerReady) -> tuple[JoinModel, list[Effect]]:
    try:
        transport = iv.parse_sdp(ready.sdp)
        code = iv.encode_reply(iv.Reply(model.invited.invite, model.name, transport))
    except iv.BadCode as err:
        return replace(model, stage="problem", problem=_reason(err)), [pe.ClosePeer(HOST)]
    return replace(model, stage="reply", reply=code), [FOCUS_COPY_REPLY, StartTimer(HOST_WAIT, HOST_WAIT_MS)]


def _opened(model: JoinModel) -> tuple[JoinModel, list[Effect]]:
    """The channel is open: say hello. A page coming back keeps its mirror, so the requests the host
    had not confirmed are sent again once it answers."""
    client = model.client
    if client is None:
        kept = model.kept
        client = Client(model.name, kept["token"] if kept else None)
    # A member coming back to its seat has its focus put once the lobby comes (``_continued``): on the heading
    # now, it was left there, and a keyboard player tabbed through the lobby's lines to reach the board.
    returning = model.client is not None or model.kept is not None
    outbox = pe.Outbox(HOST)
    link = GuestLink(client, outbox, clock=lambda: model.now_ms)
    opened = replace(
        model,
        stage="lobby",
        client=client,
        outbox=outbox,
        link=link,
        reconnecting=False,
        lost=None,
        waited=False,
        returning=returning,
    )
    focus = [] if returning else [FOCUS_HEADING]
    return opened, [*outbox.drain(), StartTimer(POLL, POLL_MS), StopTimer(HOST_WAIT), *focus]


def _continued(model: JoinModel, client: Client) -> Focus:
    """Where a member back at its seat continues, as a table on one device puts focus (``ui/table.py``): in a
    running match, its board on the page's turn (``screen.focus_board``, as a match's start does), else the
    match's status, which says whose turn it is (the screen's focus home, as a reloaded table's); with no
    match running, the lobby's heading, as a first join's."""
    board = model.board
    table = match_table(client) if board is not None else None
    if board is None or table is None or board.halted or board.view.get("result"):
        return FOCUS_HEADING
    return screen.focus_board(board.game) if screen.acting_seat(board, table) is not None else FOCUS_STATUS


def _poll(model: JoinModel) -> tuple[JoinModel, list[Effect]]:
    """Every second in the lobby: send again what got no answer (with back-off), and re-render so a
    long wait says so."""
    if model.stage != "lobby" or model.link is None:
        return model, [StopTimer(POLL)]
    _client, outbox, link = model.connected
    link.clock = lambda: model.now_ms
    link.poll()
    return replace(model), outbox.drain()


def _received(model: JoinModel, text: str) -> tuple[JoinModel, list[Effect]]:
    client, outbox, link = model.connected
    token, refused = client.token, client.name_refused
    link.clock = lambda: model.now_ms
    outbox.deliver(text)
    effects: list[Effect] = list(outbox.drain())
    if client.name_refused is not None and refused is None:
        effects.append(FOCUS_RENAME)
    mine = {"name": client.name, "token": client.token}
    # Kept when the host gives a token, and when it takes a kept one whose name could not be used (so the
    # next invitation welcomes the member back by the name typed this time).
    if client.token is not None and (client.token != token or (model.name_lost and client.welcomed)):
        kept = {k: v for k, v in model.tokens.items() if k != model.invited.lobby_id}
        kept = dict(list(kept.items())[-(MAX_REMEMBERED - 1) :])
        model = replace(model, tokens={**kept, model.invited.lobby_id: mine})
        effects.append(StoreEntries(TOKENS_KEY, ((model.invited.lobby_id, mine),), MAX_REMEMBERED))
    if client.closed is not None:
        effects += [pe.ClosePeer(HOST), WarnBeforeLeaving(False), StopTimer(POLL)]
        return replace(model, stage="closed"), effects
    effects.append(WarnBeforeLeaving(client.lobby is not None and client.lobby.phase == "playing"))
    return replace(model), effects


def _closed(model: JoinModel, closed: pe.PeerClosed) -> tuple[JoinModel, list[Effect]]:
    why = {"code": closed.reason or "peer-closed", "params": {}}
    if model.stage == "lobby":
        if why["code"] == "peer-failed":
            # A connection that worked broke off mid-night: ``peer-failed``'s advice on networks and relays
            # is for a first connection that never came up, and filled the notice.
            why = {"code": "peer-dropped", "params": {}}
        return replace(model, stage="lost", reconnecting=False, lost=why), [WarnBeforeLeaving(False), StopTimer(POLL)]
    if model.stage in ("answering", "reply") and model.client is not None:  # a rejoin that did not connect
        return replace(model, stage="lost", lost=why, waited=False), [StopTimer(HOST_WAIT)]
    if model.stage in ("answering", "reply"):
        return replace(model, stage="problem", problem=why, waited=False), [StopTimer(HOST_WAIT)]
    return model, []


# --- views ------------------------------------------------------------------------------------------


def _join_view(model: JoinModel) -> list:
    if model.stage == "problem":
        return [
            h("h1", {"tabindex": "-1"}, _("This invitation cannot be used")),
            # Comes with the screen, holding its words: the shell holds them back until a screen reader knows the
            # region (``settle``). The heading, which a route change focuses, says only that the invitation
            # cannot be used, not why.
            alerts(_text(model.problem), model.errors, "error", "join-alert", settle=True),
            _dropped_note(model),
            h("a", {"class": "button", "href": "#/"}, _("← All games")),
        ]
    title = h("h1", {"tabindex": "-1"}, model.invited.lobby_name)
    if model.stage == "back":
        # A used-up invitation of this lobby: this tab was reloaded or reopened, or it is a second tab while the first
        # one still plays. The player is out until the host invites them again: a normal step of a night, so the
        # box is information, not an error's danger colour (``back``, not ``away``), and short: what happened (the
        # one emphasised line) and the one thing to do. Not whether a computer player holds the seat: the page
        # cannot know before it reconnects, and most seats were never taken over.
        answered = model.problem is not None and model.problem["code"] == "code-answered"
        if model.reloaded:
            # This tab's page went while connected (``LEFT_KEY``): what happened is the reload, not the invitation,
            # which read like an error to a player who only reloaded (a player's pass). As a lost connection's
            # steps: the one thing to do, and what is kept.
            head = (
                _("Welcome back, {name}: reloading or closing this page ended its connection to the host.")
                if model.name
                else _("Welcome back: reloading or closing this page ended its connection to the host.")
            )
            todo = [_(ASK_AGAIN), _(SEAT_KEPT)]
        elif not model.name:  # a kept name that cannot be used: the form asks for it (``_asks_name``)
            head = (
                _("Welcome back: this invitation has already been used.")
                if answered
                else _("Welcome back: this invitation has expired.")
            )
            todo = [_("Ask the host for a new one and paste it below, or scan its QR code.")]
        else:
            head = (
                _("Welcome back, {name}: this invitation has already been used.")
                if answered
                else _("Welcome back, {name}: this invitation has expired.")
            )
            todo = [_("Ask the host for a new one and paste it below, or scan its QR code.")]
        if answered and not model.reloaded:  # the page cannot tell a second tab from a reload
            todo.append(_("If another tab is still in the game night, carry on there."))
        said = _in_short(head.format(name=model.name), *todo)
        return [title, h("p", {"class": "connection back", "role": "status"}, *said), _rejoin_form(model)]
    if model.stage == "name":
        remembered = model.remembered
        field_ = (
            h(
                "p",
                {"id": WELCOME_BACK},
                _(
                    "Welcome back, {name}: you keep your name and seat unless the host has given the seat to "
                    "someone else."
                ).format(name=remembered["name"]),
            )
            if remembered
            else _name_field(model, invited=True)
        )
        # The Rejoin button takes the page's focus: read with what it rejoins.
        rejoin = {"aria-describedby": f"{INVITED_WHAT} {WELCOME_BACK}"} if remembered else {}
        return [
            title,
            _invited(model),
            _dropped_note(model),
            h(
                "form",
                {"class": "stack", "data-action": "join"},
                _name_lost_note(model),
                field_,
                # Drawn empty while the name is fine (hidden): a region that comes with its words is not announced.
                # Marked as the rename form's (the same regions, by id), which come with their words.
                alerts(_text(model.name_error), model.errors, "error", "name-alert", settle=True),
                h(
                    "button",
                    {"class": "button primary", "type": "submit", **rejoin},
                    _("Rejoin") if remembered or model.invited.member else _("Join"),
                ),
            ),
        ]
    if model.stage in ("answering", "reply") and model.client is None:  # a first join: nothing to show yet
        return [title, _strip_to_come(), *_reply_steps(model)]
    client = model.connected[0]  # the stages left (lobby, lost, closed, a rejoin's) came after the channel opened
    if model.stage == "lobby" and client.name_refused is not None:
        return [title, _rename_form(model, client.name_refused)]
    if model.stage == "closed":
        bye = client.closed
        assert bye is not None  # the stage is "closed" once the host said goodbye
        # An id, so the shell can tell the alert new on the page and hold its words back until a screen reader
        # knows it (``ui.live.settled``): inserted with them, it was not announced.
        farewell = h(
            "p", {"class": "notice", "role": "alert", "id": "farewell", SETTLE: True}, reason_text(bye.code, bye.params)
        )
        # The way on, as the host's page has when its night ends: without it the page was a dead end.
        home = h("p", {}, h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games")))
        if bye.code != "night-over" or client.lobby is None or client.match is None or client.lobby.phase != "lobby":
            return [title, farewell, home]
        # The host closed the night after a match ended: that match and its standings stay on show, as read
        # offline (nothing to press), so the players can still read who won; the page dropped them at once before.
        # A match cut off mid-way is not drawn: its status would go on naming whose turn it is.
        return [title, farewell, home, panel(client, replace(_sight(model, client), over=True), model.board)]
    # Lost or coming back, the lobby and its board stay on show (offline: ``_sight``), where they were: only the
    # connection strip above them changes its words, in a room kept for the longest (``_strip``), and what to do
    # (the Rejoin form, then the reply to send) comes under the board (``panel``'s ``steps``). Above it, the
    # notice and the form pushed the board down by 183 px at 1280 × 800 and 265 px at 390 × 844, and the reply
    # took the whole lobby's place (docs/accessibility.md, "A lost host moves nothing").
    # Each step's words are said politely in one live region (``_steps``): the strip's alert says what happened,
    # and a screen reader heard nothing of what to do, read in page order only if the player went looking.
    step: Child = None
    steps: list = []
    if model.stage == "lost":
        step, steps = h("p", {"class": "away-steps"}, *_away(model)), [_rejoin_form(model)]
    elif model.stage in ("answering", "reply"):
        step, *steps = _reply_steps(model)
    return [
        title,
        _strip(model),
        model.stage == "lobby" and _switched_view(model),
        panel(client, _sight(model, client), model.board, _steps(model.stage, step, steps)),
    ]


def _steps(stage: str, said: Child, steps: list) -> Element:
    """What a guest's page that lost the host does to come back, under the board: ``said``, the step's words, in a
    polite live region, then the rest (the Rejoin form; the reply to copy). Drawn while the page is connected too,
    empty and unseen (no room taken): a region that comes with its words is not announced, one whose words change
    is. Atomic, so the whole step is read, not its changed words alone."""
    region = h("div", {"id": "rejoin-said", "aria-live": "polite", "aria-atomic": "true"}, said)
    if not said:
        return h("div", {"id": "rejoin-steps", "class": "rejoin-idle visually-hidden"}, region)
    return h("div", {"id": "rejoin-steps", "class": f"rejoin-steps {stage}"}, region, steps)


def _reply_steps(model: JoinModel) -> list:
    """The reply being made, then the reply to send the host: a first join's page, and a rejoin's steps (whose
    first, the step's words, ``_steps`` says in its live region)."""
    if model.stage == "answering":
        return [h("p", {"class": "status"}, _("Preparing your reply…"))]
    link = f"{pe.site_url(model.page_url)}#reply={model.reply}"
    return [
        h("p", {"class": "lede"}, _("Send this reply to your host. You join as soon as the host pastes it.")),
        h("input", {"class": "reply-code", "readonly": True, "value": model.reply, "aria-label": _("Reply code")}),
        h(
            "button",
            {"id": "copy-reply", "class": "button primary", "data-action": "copy", "data-text": model.reply},
            _("Copy reply"),
        ),
        # Its button under it, as "Copy reply" is under the reply: inside the sentence, it fell where the English
        # line ended and broke it into uneven lines on a phone, while the longer Japanese put it on its own line.
        h(
            "p",
            {},
            _("Or the reply as a link (for a host in this browser):") + " ",
            h("a", {"class": "reply-link", "href": link, "target": "_blank", "rel": "noopener"}, _("reply link")),
        ),
        h("button", {"class": "button", "data-action": "copy", "data-text": link}, _("Copy link")),
        qr_code(model.reply, _("QR code of the reply")),
        _waiting_for_host(model),
    ]


def _waiting_for_host(model: JoinModel) -> Element:
    """The reply waits for the host; after HOST_WAIT_MS, in short, what may have happened and what to do,
    calmly: most often the host has not pasted it yet, and nothing is wrong with this page. The same live
    region, so a screen reader hears the change."""
    if not model.waited:
        return h("p", {"class": "status waiting", "role": "status"}, _("Waiting for the host…"))
    said = _in_short(
        _("Still waiting for the host."),
        _("The host may not have pasted your reply yet, or this invitation was already used or has expired."),
        _("Ask the host: send your reply again (it is still above), or ask for a new invitation."),
    )
    return h("p", {"class": "status waiting long", "role": "status"}, *said)


def _switched_view(model: JoinModel) -> Element:
    """The lobby plays another game than the invitation said (``_switched``), as information. Its region is
    drawn, empty and unseen, from the channel's opening: the lobby that says the switch comes after, so the
    words are a change a screen reader hears (``ui.live.region``)."""
    switched = model.switched
    if not isinstance(switched, Switched):
        return region(None, "switched-note", "")
    titles = [info.title if (info := games.info(g)) else g for g in (switched.game, switched.invited)]
    said = _("{host} has switched the game since inviting you: this game night now plays {game}, not {invited}.")
    return region(
        said.format(host=switched.host, game=titles[0], invited=titles[1]), "switched-note", "notice switched"
    )


def _invited(model: JoinModel) -> Element:
    """What the invitation is for: the game, the host, and how long it still lasts."""
    invitation = model.invited
    info = games.info(invitation.game)
    game = info.title if info else invitation.game
    if game and invitation.host:
        what = _("{host} invites you to play {game}.").format(host=invitation.host, game=game)
    else:
        what = _("You are invited to a game night.")
    # At most an invitation's life: a guest's clock behind the host's would otherwise promise more.
    left_s = min(iv.INVITE_TTL_S, max(0, invitation.expires_s() - model.now_ms // 1000))
    minutes = -(-left_s // 60)  # rounded up: "1 minute" until it has run out
    expiry = ngettext(
        "This invitation expires in {n} minute: join before then.",
        "This invitation expires in {n} minutes: join before then.",
        minutes,
    ).format(n=minutes)
    return h(
        "div",
        {"class": "invited"},
        h("p", {"class": "lede", "data-game": invitation.game, "id": INVITED_WHAT}, what),
        # Made from the member's row while they were away: any browser of theirs takes their seat back through it.
        invitation.member
        and h(
            "p",
            {"class": "invited-for", "id": INVITED_FOR},
            _("This invitation is for {name}: rejoin your seat.").format(name=invitation.member),
        ),
        info is None
        and invitation.game
        and h("p", {"class": "notice"}, _("This page does not know that game: the site may have changed.")),
        h("p", {"class": "expiry", "data-left-s": left_s, "id": INVITED_EXPIRY}, expiry),
    )


# Each in a few words, one line on a 320 px phone (about 28 Latin letters, 14 Japanese): the strip keeps the
# room of the longest, and "Reconnecting to the host… Your seat is kept; wait a moment." held it at two lines
# in every state at 390 px. What is kept and what to do is said under the board (``_away``, ``_reply_steps``).
CONNECTION_LINE = "connection-line"  # the id that keeps the connection line's element as its words come and change
CONNECTION_TEXT = {
    "connected": N_("Connected to the host."),
    "reconnecting": N_("Reconnecting to the host…"),
    # What happened, emphasised.
    "away": N_("Cut off from the host."),
    "rejoining": N_("Coming back to your seat…"),
}


def _strip(model: JoinModel) -> Element:
    """How this page's connection to the host stands (a guest sees it, not only the host), above the lobby: its
    words in a room laid unseen for the longest of them (css/app.css ``.connection-room``, as the match's status
    room), so the lobby and the board under it stay put as the connection drops and comes back. What happened,
    in one line; what to do comes under the board (``_away``, ``_reply_steps``)."""
    if model.stage == "lobby":
        state = "reconnecting" if model.reconnecting else "connected"
    else:
        state = "away" if model.stage == "lost" else "rejoining"
    role = "alert" if state in ("away", "reconnecting") else "status"
    said = _(CONNECTION_TEXT[state])
    return h(
        "div",
        {"class": f"connection-strip {state}"},
        h(
            "p",
            {"class": f"connection {state}", "role": role, "data-connection": state, "id": CONNECTION_LINE},
            h("strong", {}, said) if state == "away" else said,
        ),
        h(
            "div",
            {"class": "connection-room", "aria-hidden": "true"},
            # As the line says each: only the lost connection's words are emphasised (bold is wider).
            [
                h("span", {}, h("strong", {}, _(text)) if each == "away" else _(text))
                for each, text in CONNECTION_TEXT.items()
            ],
        ),
    )


def _strip_to_come() -> Element:
    """The connection line before a first join's channel opens: empty and unseen, where ``_strip`` draws it, so
    "Connected to the host." is a change to a region already in the page, which a screen reader announces (one
    that comes with its words is not; focus goes to the page's heading then, which names the night, not that
    the guest is in). A page that lost its host keeps its strip: its line is there throughout."""
    return h("div", {"class": "connection-idle visually-hidden"}, h("p", {"role": "status", "id": CONNECTION_LINE}))


def _away(model: JoinModel) -> list:
    """What a lost connection leaves to do, in short, under the board (the strip above it says what happened):
    why when a plain close would not say more, the one thing to do, and what is kept. Not whether a computer
    player takes the seat over meanwhile: the host decides that, and this page cannot know."""
    why = model.lost and model.lost["code"] != "peer-closed" and _text(model.lost)
    gap = i18n.sentence_gap()
    because = why and [h("span", {"class": "why"}, why), gap]
    return [
        because,
        i18n.sentences(
            _(ASK_AGAIN),
            _(SEAT_KEPT),
            # Requests the host had not acknowledged are sent again, and applied once, on rejoining.
            _("Anything the host had not confirmed yet is sent again when you are back."),
        ),
    ]


# What a member out of the game night does, and what it keeps, in both of the notices said in short.
# A phone's camera opens the invitation's QR code on the host's screen (a new tab of the default browser,
# which greets the member back by name, "Rejoin"): at the table that is easier than being sent the link.
ASK_AGAIN = N_("Ask the host for a new invitation and paste it below, or scan its QR code.")
SEAT_KEPT = N_("You keep your name and seat unless the host has given the seat to someone else.")


def _in_short(head: str, *rest: str) -> list:
    """A notice said in short (a reopened page, a long wait for the host): what happened as its one emphasised
    line, then in normal weight the ``rest``."""
    return [h("strong", {}, head), i18n.sentence_gap(), i18n.sentences(*rest)]


def _rename_form(model: JoinModel, refused: p.Error) -> Element:
    """The host's reason for turning the name away, and the field for another one."""
    said = model.name_error or {"code": refused.code, "params": dict(refused.params)}
    return h(
        "form",
        {"class": "stack", "data-action": "rename"},
        # The form takes the lobby's place with the host's reason in it: the shell holds the words back until a
        # screen reader knows the region (``settle``). The field, which takes focus, is only "Your name".
        alerts(_text(said), model.errors, "error", "name-alert", settle=True),
        # Their seat came back on another device under their name: the field asks for another name to watch
        # under, empty, as the reason says (holding theirs, a press on Join was turned away again at once).
        _name_field(model, blank=refused.code == "seat-moved"),
        h("button", {"class": "button primary", "type": "submit"}, _("Join")),
    )


def _name_field(model: JoinModel, invited: bool = False, blank: bool = False) -> Element:
    """The name field; ``invited``: the invitation's own form, whose field the page's opening focuses, so it is
    read with the invitation's words above it (what it is for, how long it lasts) and the note of a lost name;
    ``blank``: empty, not holding the name the page last gave."""
    described = [INVITED_WHAT, INVITED_EXPIRY] if invited else []
    if invited and model.invitation is not None and model.invitation.member:
        described.insert(1, INVITED_FOR)
    if model.name_lost:
        # The note says why a member is asked its name again: read with the field.
        described.append(NAME_LOST_ID)
    return h(
        "label",
        {},
        _("Your name"),
        h(
            "input",
            {
                "name": "name",
                "value": "" if blank else model.name,
                # The invitation's member: the seat it brings back is theirs, under their name.
                "readonly": bool(invited and model.invitation is not None and model.invitation.member),
                "maxlength": p.MAX_NAME,
                "required": True,
                "aria-describedby": " ".join(described) or None,
            },
        ),
    )


def _dropped_note(model: JoinModel) -> Element | None:
    """What the page set aside of this browser's stored membership, and what to do (``JoinModel.dropped``)."""
    return h("p", {"class": "note token-dropped"}, _(TOKEN_DROPPED)) if model.dropped else None


def _name_lost_note(model: JoinModel) -> Element | None:
    if not model.name_lost:
        return None
    said = _(
        "The name this browser kept for this game night cannot be used any more: type your name, and you come "
        "back to your seat."
    )
    return h("p", {"class": "note name-lost", "id": NAME_LOST_ID}, said)


def _rejoin_form(model: JoinModel) -> Element:
    asks = _asks_name(model)
    return h(
        "form",
        {"class": "rejoin stack", "data-action": "rejoin"},
        asks and _name_lost_note(model),
        asks and _name_field(model),
        # Both lines drawn empty while nothing is wrong (hidden), so their first error is announced.
        asks and alerts(_text(model.name_error), model.errors, "error", "name-alert", settle=True),
        h(
            "label",
            {},
            _("The host's new invitation (link or code)"),
            h("input", {"name": "invitation", "autocomplete": "off", "spellcheck": "false"}),
        ),
        h("button", {"class": "button primary", "type": "submit"}, _("Rejoin")),
        alerts(_text(model.rejoin_error), model.errors, "error", "rejoin-alert"),
    )


def _text(reason: Reason | None) -> str:
    return reason_text(reason["code"], reason.get("params")) if reason else ""


# --- the reply link ---------------------------------------------------------------------------------

REPLY_WAIT = "reply-wait"


@dataclass(frozen=True)
class ReplyModel:
    """``stage``: problem, sent (waiting for an answer), taken, refused or alone (no host tab answered)."""

    stage: str
    code: str = ""
    said: Reason | None = None  # the host tab's answer, or why the code is unusable
    refusals: int = 0  # the host tab's refusals so far: which alert region says the last (ui.live.alerts)


class ReplyScreen:
    label = "Reply to an invitation"
    storage_keys = ()

    def init(self, params: Mapping[str, str], env: Env) -> tuple[ReplyModel, list[Effect]]:
        code = params.get("code", "")
        try:
            iv.decode_reply(code)
        except iv.BadCode as err:
            # As a join link's problem: focus on the heading, not left at the page's top.
            return ReplyModel("problem", code, err.to_json()), [FOCUS_HEADING]
        effects: list[Effect] = [
            pe.ListenSignals(),
            pe.PostSignal(dumps({"reply": code})),
            StartTimer(REPLY_WAIT, 2500),
        ]
        return ReplyModel("sent", code), effects

    def update(self, model: ReplyModel, message: Message) -> tuple[ReplyModel, list[Effect]]:
        if isinstance(message, UiEvent) and message.action == "copy":
            return model, [Copy(model.code, _("The reply is copied. Paste it on the host page."))]
        if isinstance(message, Tick) and message.timer == REPLY_WAIT:
            if model.stage == "sent":
                model = replace(model, stage="alone")
            return model, [StopTimer(REPLY_WAIT)]
        if isinstance(message, pe.Signal) and model.stage in ("sent", "refused"):
            try:
                raw = obj(loads(message.text, 4096), "a signal", BadMessage)
            except BadMessage:
                return model, []
            if raw.get("ack") != model.code:
                return model, []
            said = raw.get("said")
            said = said if isinstance(said, dict) and isinstance(said.get("code"), str) else None
            if raw.get("ok") is True:
                return ReplyModel("taken", model.code, said), [StopTimer(REPLY_WAIT)]
            return ReplyModel("refused", model.code, said, model.refusals + 1), []
        return model, []

    def view(self, model: ReplyModel) -> Element:
        body: list = [h("h1", {"tabindex": "-1"}, _("A reply to your invitation"))]
        if model.stage == "problem":
            # The page's first drawing, with its words: held back by the shell until a screen reader knows the
            # region (``settle``). Marked in every stage: the same regions by id, one drawn unmarked before
            # would be held back as new when its words came.
            body += alerts(_text(model.said), 0, "error", "reply-said", settle=True)
        elif model.stage == "sent":
            # The line that says what went wrong, empty while the host page may still answer: a region that
            # comes with its words ("No host page… is open") is not announced.
            handing = h("p", {"class": "status"}, _("Handing the reply to your host page…"))
            body += [*alerts("", model.refusals, "error", "reply-said", settle=True), handing]
        elif model.stage == "taken":
            body.append(
                h(
                    "p",
                    {"class": "status"},
                    _("Your host page took the reply: you can close this tab.") + " ",
                    _text(model.said),
                )
            )
        else:
            why = (
                _text(model.said)
                if model.stage == "refused"
                else _(
                    "No host page of this site is open in this browser: copy the code and paste it on the host page."
                )
            )
            body += [
                *alerts(why, model.refusals, "error", "reply-said", settle=True),
                h(
                    "input",
                    {"class": "reply-code", "readonly": True, "value": model.code, "aria-label": _("Reply code")},
                ),
                h("button", {"class": "button", "data-action": "copy"}, _("Copy reply")),
            ]
        # The way home every screen has (a bad code's page was a dead end): the one thing left to do once the
        # host page took the reply, or when the code cannot be used.
        body.append(h("p", {}, h("a", {"class": "button", "href": "#/", "data-nav": "home"}, _("← All games"))))
        return h("main", {"class": "page reply", "data-stage": model.stage}, body)

    def title(self, model: ReplyModel) -> str:
        return i18n.title(_("Reply"))


JOIN = JoinScreen()
REPLY = ReplyScreen()
