"""The lobby as every member sees it, drawn from its ``Client`` mirror: members, seats, the host's
pickers, the match, chat. The same view serves the host page and guest pages; only the controls differ.

Controls carry ``data-action`` (``sit``, ``stand``, ``chat``, ``choose``, ``make-room``, ``add-bot``,
``count-out``, ``count-out-cancel``, ``start``, ``end``, ``end-cancel``, ``kick``, ``invite``, ``try-again``);
``lobby_requests`` turns such an input into the protocol messages to send. Refusals and results arrive as codes and
parameters and are worded here, in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight import games, i18n
from gamenight.core.bot import DEFAULT_LEVEL, LEVELS, called, label, level_name
from gamenight.core.errors import BadOptions
from gamenight.core.game import (
    JSON,
    OptionField,
    counting,
    form_number,
    seat_colour,
    seat_groups,
    seat_ids,
    seat_tags,
)
from gamenight.i18n import N_, _, describe, ngettext
from gamenight.lobby import protocol as p
from gamenight.lobby import rematch
from gamenight.lobby.client import Client, starts_rematch
from gamenight.ui import forms
from gamenight.ui import match as screen
from gamenight.ui.heading import drawn, heading_parts
from gamenight.ui.live import alerts
from gamenight.ui.program import Effect, Keys, ShowInWindow, UiEvent
from gamenight.ui.svg import Child, Element, h, text_of

STATE_TEXT = {
    "connected": N_("connected"),
    "reconnecting": N_("reconnecting…"),
    "gone": N_("disconnected"),
    "bot": N_("computer player"),  # never away: it plays in the host's page
    "unknown": "",  # a page cut off from the host cannot know: no word per row, one line under the heading
}
# The lobby's refusal, drawn under its heading (``_error``), on the host's page and a guest's: on a phone the
# button pressed is far below it, and a refusal out of the window looked like a press that did nothing. Focus
# stays on the button.
SHOW_REFUSAL = ShowInWindow("#lobby-alert-0.error, #lobby-alert-1.error")
CHOOSE_FORM = "lobby-choose"  # the id "Start the match" submits, from outside the form
# How a member's connection reaches the host (the host page learns it from WebRTC's statistics).
ROUTE_TEXT = {"direct": N_("direct"), "stun": N_("via STUN"), "relay": N_("via relay")}
WAIT_TEXT = {
    "welcome": N_("Waiting for the host to let you in…"),
    "lobby": N_("Waiting for the lobby…"),
    "answer": N_("Waiting for the host to confirm…"),
}
SLOW_TEXT = {
    "welcome": N_("The host has not answered yet. Its page may be busy or asleep: try again, or ask the host."),
    "lobby": N_("The lobby has not arrived yet. Try again; if nothing comes, ask the host for a new invitation."),
    "answer": N_("The host has not confirmed your last action yet. It is kept and sent again: try again now."),
}


@dataclass(frozen=True)
class Sight:
    """What a page adds to its mirror: whether it is the host's, and connection states it knows better."""

    host: bool = False
    states: Mapping[str, str] = field(default_factory=dict)  # member id → connected / reconnecting / gone / unknown
    routes: Mapping[str, str] = field(default_factory=dict)  # member id → direct / stun / relay
    offline: bool = False  # this page's own connection is gone: controls are disabled
    over: bool = False  # … for good: the host closed the game night, so no next match is spoken of
    now_ms: int = 0  # for "still waiting" notices
    ending: bool = False  # the host pressed "End the match": the page asks before ending it for everyone
    counting: str = ""  # the seat whose "Count … out" the host pressed: the page asks before counting it out
    preparing: bool = False  # the host's page makes a puzzle of the match in the background
    # Members this page cannot tell are gone: the host's page was reloaded and has not heard from them since,
    # within its grace (``host.RELOAD_GRACE_MS``). Shown as disconnected, but nobody counts them out or hands
    # their seat to a computer player yet (``_left``).
    unsure: frozenset[str] = frozenset()
    sure_at: int = 0  # … until then, by ``now_ms``'s clock: the page says when the offers for them come (``_later``)
    # The host's choices in the form for the next match not applied yet (option name → value, ``forms.drafted``):
    # the form shows them over the lobby's options, and the fields that count with them.
    draft: Mapping[str, Any] = field(default_factory=dict)
    # The sayings so far of the lines that come and go (``spoken``), which the page counts (``live.said_again``):
    # which of each line's two regions speaks.
    said: Mapping[str, int] = field(default_factory=dict)
    # An invitation of the host's waits for its reply: pasting it (Connect) is the host's next step, the page's
    # one primary action then, and the match's button (Start the match, Rematch) is drawn secondary. Two
    # primary buttons looked equally the thing to press (docs/lobby.md).
    replying: bool = False


def refusals(client: Client | None) -> int:
    """The lobby's refusals shown so far on a page (``Client.refusals``), 0 before it has a lobby's client. Read
    before an update: a live lobby's client is changed in place."""
    return client.refusals if client is not None else 0


def shown_refusal(before: int, client: Client | None) -> list[Effect]:
    """``SHOW_REFUSAL`` when an update gave the page's lobby a refusal (``before``: ``refusals`` read before it),
    on the host's page and a guest's alike: a guest is refused too (two pressed Take seat on one seat; a chat
    line too long)."""
    return [SHOW_REFUSAL] if refusals(client) > before else []


def reason_text(code: str, params: Mapping[str, Any] | None = None) -> str:
    """A refusal's sentence in the page's language, starting with a capital and ending with a stop."""
    return i18n.sentence(describe(code, params))


def member_state(client: Client, sight: Sight, member: p.MemberInfo) -> str:
    """What this page knows of a member's connection: the one source of the members list's rows and the
    match's seat cards, so the two never say different things of the same player."""
    if member.bot:
        return "bot"
    if member.id in sight.states:
        return sight.states[member.id]
    return "connected" if member.connected else "gone"


def cut_off(client: Client) -> dict[str, str]:
    """``Sight.states`` of a page that lost the host. The mirror's last word was "connected": the page
    shows itself, and the host it lost, as gone. Of the others it knows nothing until it is back: their
    last states, said as now, would be guesses ("unknown"). Computer players play in the host's page."""
    lobby = client.lobby
    if lobby is None:
        return {}
    gone = {m for m in (client.member, lobby.host) if m}
    return {m.id: "gone" if m.id in gone else "unknown" for m in lobby.members if not m.bot}


# A change in one of the host's option fields: the host's page keeps it (``Sight.draft``) until Apply.
OPTION = "option"

# Inputs the lobby itself handles; every other input on a lobby page belongs to the match's board.
LOBBY_ACTIONS = frozenset(
    (
        "chat",
        "sit",
        "stand",
        "start",
        "end",
        "end-cancel",
        "kick",
        "choose",
        OPTION,
        "make-room",
        "add-bot",
        "count-out",
        "count-out-cancel",
        "count-out-ask",
        "take-over-ask",
        "invite",
        "reply",
        "copy",
        "close-lobby",
        "close-cancel",
        "host-setup",
        "join",
    )
)


def shown_match(client: Client) -> p.MatchView | None:
    """The match the lobby shows: the running one, or the last one until the host sets up another game
    or another number of seats for the next (the old board would stay under the new game's name, with a
    Rematch button that starts the new game, and its seats no longer in the lobby's: "C wins!" unnamed)."""
    match, lobby = client.match, client.lobby
    if match is None or lobby is None or match.ended is None:
        return match
    seats = match.view.get("seats")  # a known game's view is checked (``Game.check_view``); another's is not
    listed = set(seats) if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else None
    if match.game != lobby.game or (listed is not None and listed != {s.id for s in lobby.seats}):
        return None
    return match


def match_table(client: Client, sight: Sight | None = None) -> screen.Table | None:
    """The match as a table seen from this page: every seat with its player; this page moves for its own.
    ``sight``: what the page knows of the members' connections (``member_state``) and whether it lost the
    host (``Sight.offline``). The page's own seat is never away: the page is here, and once it lost the host
    the status line above the board says so in its own words (on its card too, the card took a third line,
    and every card of the match with it)."""
    match, lobby = shown_match(client), client.lobby
    if match is None or lobby is None:
        return None
    sight = sight or Sight()
    names = _names(lobby)
    bots: dict[str | None, str] = {m.id: m.bot for m in lobby.members if m.bot}
    gone = {m.id for m in lobby.members if member_state(client, sight, m) == "gone"}
    played = client.played
    seats = tuple(
        screen.SeatAt(
            s.id,
            names.get(s.member, "") if s.member else "",
            s.colour,
            "here" if s.id == match.you else "bot" if s.member in bots else "remote",
            bots.get(s.member, ""),
            s.member in gone and s.id != match.you,
        )
        for s in played
    )
    mine = frozenset((match.you,)) if match.you else frozenset()
    return screen.Table(
        match.game,
        seats,
        mine,
        stopped=match.ended == "host",
        hosted=client.is_host,
        offline=sight.offline,
        rematch=client.rematch,
        sending=client.moving,
    )


def noticed(board: screen.MatchUi | None, client: Client, sight: Sight) -> screen.MatchUi | None:
    """``board`` once told who is disconnected now, from the table the page draws the match with
    (``match_table(client, sight)``; ``screen.noticed``): a player said to be disconnected who is connected
    again is said back in its live region. The host's page and a guest's call it after every change; the
    same ``board`` when nothing changed. Cheap beside the redraw it comes with: the table is a few seats
    (about 70 µs on CPython for a three-seat race, 2 % of the host page's view)."""
    table = match_table(client, sight) if board is not None else None
    return screen.noticed(board, table) if board is not None and table is not None else board


def lobby_keys(client: Client | None, board: screen.MatchUi | None) -> Keys | None:
    """What the help lists on a lobby page, the host's or a guest's: once the page has the lobby, its game
    (the help's "How to play"), with the keys of its match's board while one is shown (``ui.match.keys``);
    ``None`` before (the keys of every page only)."""
    lobby = client.lobby if client is not None else None
    return screen.keys(lobby.game, board) if lobby else None


def sync_board(
    ui: screen.MatchUi | None,
    client: Client,
    stored: Mapping[str, str] | None = None,
    offline: bool = False,
    now_ms: int = 0,
) -> screen.MatchUi | None:
    """The match screen's state after the mirror changed: started for a new match, advanced for a new
    position (with the events that led to it), told of a refused move; ``None`` without a board.
    ``stored``: the page's local-storage values of the board's ``storage_keys`` when it started.
    ``offline``: the page lost the host, so no move can reach it: the board says so and takes none.
    ``now_ms``: the page's time, for a board's clock from its first render (``screen.Moved``)."""
    match = shown_match(client)
    board = games.board(match.game) if match is not None else None
    if match is None or board is None:
        return None
    view = match.view if isinstance(match.view, dict) else dict(match.view)
    # Not the page's whole ``Sight`` (its members' connection states are the view's: ``panel``), yet the
    # board's seat list cannot disagree with the lobby's cards. This table differs from the one ``panel``
    # draws the match with (``match_table(client, sight)``) only in ``SeatAt.away``, the one field read
    # from the states, and only ``screen.render`` reads ``away`` (the status's "disconnected", the seat
    # list's badge), with ``panel``'s table: a player cut off, or a host lost (``cut_off``), is said there
    # as on the cards. What this table is used for (the log's holders: names and levels; which seats this
    # page moves; the boards' own updates) comes from the mirror alone, as the cards' do: a computer player
    # that took a seat over (the lobby's members), a player counted out (the game's view, ``counted_out``).
    table = match_table(client, Sight(offline=offline))
    # An update this screen has not followed yet. A mirror with no number has applied nothing new: it
    # said hello again (a reconnection) and waits for the snapshot; its last update is followed already.
    fresh = ui is not None and client.seq is not None and ui.followed != client.seq
    if ui is None or ui.game != match.game or _new_match(ui, match):
        # A page that opens the match mid-way (a latecomer, a reload) marks what its last step changed,
        # from the position before it that the snapshot told.
        before = dict(client.before) if client.before is not None else None
        stored = ui.stored if ui is not None else stored
        # At its move count: a turn this browser kept for the position is built again (``screen.resumed``);
        # the one built on the match it replaces (a rematch) is kept no more.
        started = screen.start(match.game, board, view, table, stored, before=before, now_ms=now_ms, moves=match.moves)
        ui = screen.left(ui, started)
        # A match already under way has no log here.
        ui = replace(ui, unseen=match.moves, followed=client.seq)
    elif fresh or (ui.view is not match.view and ui.view != view):
        # One update, one step of the match: its events stay together in the log, and reach it once
        # (the page follows the mirror again after every message), even if the view did not change.
        # A snapshot (a gap in the updates, a reconnection) may come several moves on: the board marks
        # the last one only, from the position before it that the snapshot told.
        told = client.told is not None
        before = dict(client.before) if told and client.before is not None else None
        events = client.events if fresh else ()
        ui = screen.advance(ui, view, events, table, match.moves, told=told, told_before=before, now_ms=now_ms)
        if fresh:
            ui = replace(ui, followed=client.seq)
    if client.told is not None:
        # A snapshot: the log starts from the match's recent steps as the host tells them (the same on
        # every page), and only the moves before them go unlisted.
        ui = screen.retold(ui, client.told.steps, client.told.earlier, match.moves)
    if match.ended == "host":  # the host's own page read "The host ended the match." of its own press
        halted = N_("You ended the match.") if client.is_host else N_("The host ended the match.")
    elif offline and match.ended is None:
        # One line at 390 px, in English and Japanese, as the turn's words it stands in for (above the board): "…:
        # rejoin below to play on." took two, and the board moved down by a line when the host was lost. The
        # steps right under the board say what to do, and their live region says it (``join._steps``).
        halted = N_("Not connected to the host.")
    else:
        halted = ""
    if ui.halted != halted:
        # A match the host ended is played on no more: neither is the turn this page was building on it. A page
        # that lost the host keeps its turn: it may rejoin the match, or reload into it. Either way the end shows at
        # once: a move being played back stops there (``screen.halt``).
        ui = screen.halt(screen.dropped(ui) if match.ended == "host" else ui, halted)
    if client.errors and client.errors[-1].about == "move":
        # The host refused this page's move: say why next to the board (and only there), in this page's
        # words (the refusal came as a code and its parameters).
        refusal = client.errors.pop()
        ui = screen.refused(ui, {"code": refusal.code, "params": dict(refusal.params)})
    return ui


def let_go(ui: screen.MatchUi | None) -> list[Effect]:
    """What the board ``ui`` still asks of its page when ``sync_board`` shows it no more (the host set up
    another game or seat count after its match ended, perhaps while a guest's page had lost the host): what
    its outbox held, and the entry of the turn it was building taken out (``screen.dropped``). The turn
    belongs to a match no page shows again, and its entry stood in the browser's storage until newer ones
    pushed it out."""
    if ui is None:
        return []
    _ui, effects, _moves = screen.take(screen.dropped(ui))
    return effects


def began(ui: screen.MatchUi | None, client: Client) -> bool:
    """Whether the mirror's last update started the match it shows, on a page that showed ``ui`` before
    (``None``: no board): a new match at its first position, told by an update. A snapshot is a page
    joining or coming back, whose focus its own screen places (the lobby's heading)."""
    match = shown_match(client)
    if match is None or match.moves or match.ended is not None or client.told is not None or client.seq is None:
        return False
    return ui is None or ui.game != match.game or _new_match(ui, match)


def _new_match(ui: screen.MatchUi, match: p.MatchView) -> bool:
    """Whether ``match`` is another match than the one ``ui`` shows: fewer moves than before, or a
    fresh position after one that had ended (moves are counted from 0 in every match)."""
    return match.moves < ui.moves or (match.moves == 0 and bool(ui.view.get("result")) and not match.result)


def board_message(ui: screen.MatchUi, client: Client, message: Any) -> screen.MatchUi:
    """A tick of the board's timer, or its background work's progress or result."""
    return screen.react(ui, match_table(client), message)


def board_input(ui: screen.MatchUi, client: Client, event: UiEvent) -> tuple[screen.MatchUi, JSON | None]:
    """An input on the match's board: its new state, and the move request to send, if any."""
    table = match_table(client)
    if table is None:
        return ui, None
    moved, move = screen.handle(ui, table, event)
    if move is not None and client.moving and not getattr(games.rules(table.game), "simultaneous", False):
        # The host judges a move on the position it was made on, and this page's last move has not come
        # back yet: a second one would be refused as made on an earlier position. The status says the
        # first is on its way (``Table.sending``), so the board keeps as it was (the player's pick included)
        # and takes the second in silence, as a board takes a click while it is not the player's turn.
        return ui, None
    return moved, (client.move(move) if move is not None else None)


def panel(
    client: Client,
    sight: Sight,
    board: screen.MatchUi | None = None,
    steps: Element | None = None,
    after: Child = None,
) -> Element:
    """The whole lobby for this page (``board``: the match screen's state, when the game has a board).
    ``steps``: what a guest's page that lost the host does to come back (its Rejoin form, then its reply),
    right under the board (``screen.render``'s ``under``), where it moves neither the board nor the lines above
    it; with no match on show, under the lobby's heading. ``after``: what the page puts right after a running
    match (the host's invitations, above the lobby otherwise: ``running_shown``)."""
    lobby = client.lobby
    if lobby is None:
        return h(
            "section",
            {"class": "lobby waiting"},
            _error(client),
            _problem(client),
            _waiting(client, sight),
            _slow(client, sight) is None and _waiting_text(client),
        )
    shown = shown_match(client)
    # The last match stays on show until the next.
    over = lobby.phase != "playing" and shown is not None and shown.ended is not None
    if lobby.phase == "playing":
        phase = _("match running")
    elif over:
        phase = _("match over")
    else:
        phase = _("choosing seats")
    # The game's name whole (``i18n.name``): "Raythread" / "Rally・席決め中" at 320 px. Only a title this app
    # knows is held so; the host's words for a game it does not know (up to 200 characters) may break anywhere.
    info = games.info(lobby.game)
    title = i18n.name(info.title) if info else lobby.title
    table = match_table(client, sight) if board is not None else None
    shows_match = board is not None and table is not None
    # Where focus goes when the focused element goes (index.html): the match screen's status while a match
    # is shown; else this heading, which names the game. A game switch takes the board a guest had focused
    # away, and with no home on the page a keyboard player's focus fell to the body (Tab began at the header).
    # The heading stays focusable by script when the home moves: a match starting under a guest's focus on it
    # took its tabindex, and the browser dropped the focus to the body.
    home = {"tabindex": "-1"} if shows_match else {"tabindex": "-1", "data-focus-home": ""}
    return h(
        "section",
        # The id keeps it in place for the page's morph as the host's invitations move past it (``host``).
        {"class": "lobby", "id": "lobby-panel", "data-phase": lobby.phase},
        heading_parts("h2", {"class": "lobby-heading", **home}, title, phase),
        _error(client, hushed=board is not None and board.error is not None),
        _problem(client),
        _waiting(client, sight),
        table is not None and _role(client, lobby),
        board is not None
        and table is not None
        and screen.render(
            board,
            table,
            _match_controls(client, lobby, sight, board),
            _working(sight, board),
            _gone(client, lobby, sight, table, board),
            steps,
        ),
        not shows_match and steps,
        after,
        h(
            "div",
            {"class": "lobby-grid"},
            h(
                "div",
                {},
                _seats(client, lobby, sight),
                _members(client, lobby, sight),
                _host_controls(
                    client,
                    lobby,
                    sight,
                    after=shown if shows_match and over else None,
                    second=_room_for(client, sight) is not None,
                ),
                _options_shown(lobby, sight),
            ),
            h("div", {}, _match(client, lobby) if board is None else None, _chat(client, sight)),
        ),
    )


def running_shown(client: Client, board: screen.MatchUi | None) -> bool:
    """Whether the page shows a running match: its screen then comes right after the page's title and the
    lobby's heading, before the host's invitations, at every window. Drawn under them, it stood 460–600 px
    down an upright phone, and a phone held sideways, drawing it first by a CSS ``order``, had Tab meet "Invite
    a player" (drawn under the board) before the board. An ended match stays under the lobby's lines."""
    return board is not None and client.lobby is not None and client.lobby.phase == "playing"


def _working(sight: Sight, board: screen.MatchUi) -> str:
    """The host's word that its page makes the match's next puzzle: the match screen's notice, under its
    buttons, where its coming and going moves neither the status nor the board (above the lobby, it moved
    them by its height as each puzzle of the match was made, and a phone's focused status out of view).
    None while nobody may move: the match waits for that puzzle, and the status (the board's ``waiting``
    words, in the live region) says so once; the notice, a live region too, said it a second time."""
    if not sight.preparing or not board.board.active(board.view):
        return ""
    return _("Your browser is making the match's next puzzle in the background.")


def _gone(client: Client, lobby: p.Lobby, sight: Sight, table: screen.Table, board: screen.MatchUi) -> list[Element]:
    """On the host's page, beside the status that says a player's page is gone, the way to what can be
    done for their seat: the seat's card has it ("Count Bea out", a computer player to take over), but on
    a phone that card is under the board, the match's seats and its log, where nobody looks mid-round.
    Counting out asks first (the question stands on the seat's card, focus on "Keep waiting"), so this
    button only asks, and a second press of it never counts anyone out; the take-over's puts focus on the
    card's level, its form. Right under the status, which says "Bea (2) is disconnected" already: the
    buttons come and go when those words do (a player leaves, comes back, is counted out), not at every
    move, as a notice of their own above the board would (``_working``). Each button is on a line of its
    own that says why ("Bea (2) has left.") where the status does not (``screen.said_away``): it names only
    the seats it waits for, so a player who finished their part of the round and then left was named nowhere
    near the button; where it names them ("Bea (2) is disconnected"), the line said it a second time."""
    if not sight.host or sight.offline or lobby.phase != "playing":
        return []
    names, out = _called(lobby), counting_out(client, sight.unsure)
    take_over, later = taking_over(client, sight.unsure), _later(client, sight)
    told = screen.said_away(board, table)
    lines = []
    for seat in lobby.seats:
        name = names.get(seat.member or "", "")
        if seat.id in later:
            # Nothing to press yet: why not, and when (the reload's grace, ``Sight.unsure``).
            why = _("{seat} has not reconnected since the game night was restored.")
            said = why.format(seat=screen.seat_label(table, seat.id))
            # Nothing to press for the seat yet, but inviting them again is the usual answer to the reload, as
            # on the line of a player who left (it stood on that line and not on this one).
            lines.append(
                h(
                    "p",
                    {"class": "gone-line"},
                    h("span", {}, said, i18n.sentence_gap(), _when(later[seat.id], name, sight)),
                    _invite_again(client, lobby, sight, seat.member),
                )
            )
            continue
        if seat.id in out:
            button = _ask_count_out(seat.id, name, "button quiet")
        elif seat.id in take_over:
            label = _("Let a computer player take over for {name}…").format(name=name)
            attrs = {"class": "button quiet", "data-action": "take-over-ask", "data-seat": seat.id}
            button = h("button", attrs, label)
        else:
            continue
        left = None if seat.id in told else _("{seat} has left.").format(seat=screen.seat_label(table, seat.id))
        # The words in one span: the line is a flex row (words, then the button, wrapping under them), whose
        # every bare text and no-break span was an item of its own, so a line broke "Bea (" / "B) has left".
        lines.append(
            h(
                "p",
                {"class": "gone-line"},
                left and h("span", {}, left, i18n.sentence_gap()),
                button,
                _invite_again(client, lobby, sight, seat.member),
            )
        )
    return lines


def _invite_again(client: Client, lobby: p.Lobby, sight: Sight, member: str | None) -> Element | None:
    """The member list's "Invite again" (the usual answer to a page reloaded), for a gone player's line
    beside the status too: the list is under the board, below the fold on a laptop, where the host looked
    for it while the line offered only a computer player or a count-out. The same action, so the new card
    takes focus alike (``host._invite``)."""
    info = next((m for m in lobby.members if m.id == member), None)
    if info is None or info.id == lobby.host or member_state(client, sight, info) != "gone":
        return None
    return invite_again(info.id, _called(lobby)[info.id])


def invite_again(member: str, name: str) -> Element:
    """A gone member's "Invite again" (their row in the members list, their line beside the match's status).
    Its spoken name says whom (``i18n.named_for``): two players gone were heard as two buttons "Invite again".
    The words shown stay short: the row or line beside names the player."""
    spoken = i18n.named_for(_("Invite again"), name)
    attrs = {"class": "button quiet", "data-action": "invite", "data-member": member, "aria-label": spoken}
    return h("button", attrs, _("Invite again"))


def remove(member: str, name: str) -> Element:
    """The host's "Remove" in a member's row, named for whom as ``invite_again`` is: several guests were heard
    as several buttons "Remove"."""
    spoken = i18n.named_for(_("Remove"), name)
    attrs = {"class": "button quiet", "data-action": "kick", "data-member": member, "aria-label": spoken}
    return h("button", attrs, _("Remove"))


def _match_controls(client: Client, lobby: p.Lobby, sight: Sight, board: screen.MatchUi) -> list[Element]:
    """Beside a finished match, the host may start the next one with the same seats and options (the
    others are told who can). Not while the board still plays back the move that ended it: the rematch,
    like the standings, waits for that move to be shown (as at a table: ``ui.table.over_unseen``)."""
    match = shown_match(client)
    if match is None or match.ended is None or lobby.phase != "lobby" or screen.replaying(board) or sight.over:
        return []
    without = _rematch_without(client, lobby)
    # Held: left out only because this page, reloaded, has not heard from them yet (``Sight.unsure``): their
    # page may be reconnecting. The Rematch waits, as a count-out does, until they are back (and play) or the
    # grace ends (and the rematch starts without them).
    sure = _rematch_without(client, lobby, sight.unsure) if sight.host and without else without  # once, not once a name
    held = [name for name in without if name not in sure]
    # Every page reads whom the rematch goes without before it starts (the host's seat list still names them):
    # for certain on the host's page while its Rematch does so. Another page cannot tell a host's page that
    # waits out its reload's grace (nothing on the wire says so), within which a player may come back and play:
    # there they "may" be left out, as on the host's page while it waits.
    notes: list[Element] = []
    # The host applied other options for the next match: the ended match stays on show, so who won can still be
    # read, and says its results are the last match's, under the options it was played with (they stood beside
    # the new options as if they were the next match's). Another game or seat count takes it away
    # (``shown_match``); an unapplied draft changes nothing yet.
    if _options_changed(match, lobby):
        said_last = _("These are the last match's results. The next match is played with the options set since.")
        notes.append(h("p", {"class": "note last-match"}, said_last))
    # A rematch only while the game, options and seats are the ended match's (``starts_rematch``, as the session
    # seats it): after other options (or seats changed by hand) its seats do not turn, and every word of it says
    # the next match: the button, the guests' line, who starts, whom it goes without and the reloaded host's wait
    # ("Rematch", "In the rematch, Ann (A) starts." and "the rematch starts without them" were said of it).
    again = starts_rematch(match, lobby)
    if without:
        notes.append(h("p", {"class": "note rematch-without"}, _without_words(without, sight.host and not held, again)))
    # And who starts it (every page: a guest learns it before the host presses), the button's description.
    starts = _rematch_starts(client, lobby, again)
    if starts:
        notes.append(h("p", {"class": "note rematch-starts", "id": "rematch-starts"}, starts))
    if not sight.host:
        can = _("The host can start a rematch.") if again else _("The host can start the next match.")
        return [*notes, h("p", {"class": "note rematch-note"}, can)]
    if held:
        wait = (
            ngettext(
                "{names} has not reconnected since the game night was restored: "
                "you can start the rematch\u00a0in\u00a0{time}.",
                "{names} have not reconnected since the game night was restored: "
                "you can start the rematch\u00a0in\u00a0{time}.",
                len(held),
            )
            if again
            else ngettext(
                "{names} has not reconnected since the game night was restored: "
                "you can start the next match\u00a0in\u00a0{time}.",
                "{names} have not reconnected since the game night was restored: "
                "you can start the next match\u00a0in\u00a0{time}.",
                len(held),
            )
        )
        return [
            *notes,
            h("p", {"class": "note rematch-later"}, wait.format(names=i18n.conjunction(held), time=_clock(sight))),
        ]
    # The host changed options in the form and did not apply them: this button plays the options applied (the
    # form's own button, "New match with these options", plays the change). Said over it, with the change kept in
    # the form for a later match (``host._kept_draft``): pressed, it started the options applied without a word,
    # and the host could take the change for played, or for gone.
    pending = _pending(lobby, sight)
    if pending:
        kept = (
            _(
                "Your changes in the form are not applied: “Rematch” plays the last match's options again, and the "
                "form keeps your changes for a later match."
            )
            if again
            else _(
                "Your changes in the form are not applied: “Start the match” plays the options applied, and the "
                "form keeps your changes for a later match."
            )
        )
        notes.append(h("p", {"class": "note draft-kept", "id": "draft-kept"}, kept))
    ids = " ".join(i for i, said in (("rematch-starts", starts), ("draft-kept", pending)) if said)
    described = {"aria-describedby": ids} if ids else {}
    # Connect is the one primary while a reply is due; "Room for N players" while a friend waits for a seat.
    kind = "button" if sight.replying or _room_for(client, sight) is not None else "button primary"
    pressed = _("Rematch") if again else _("Start the match")
    return [*notes, h("button", {"class": kind, "data-action": "start", **described}, pressed)]


def _without_words(without: list[str], certain: bool, again: bool) -> str:
    """Whom the next match goes without (a count-out's players still gone), said of what the host's Start
    begins (``again``: a rematch, else the next match) and ``certain`` only where it is (the host's page, not
    waiting out a reload's grace)."""
    if again:
        said = (
            ngettext(
                "{names} was counted out and has not come back: the rematch starts without them.",
                "{names} were counted out and have not come back: the rematch starts without them.",
                len(without),
            )
            if certain
            else ngettext(
                "{names} was counted out and has not come back: the rematch may start without them.",
                "{names} were counted out and have not come back: the rematch may start without them.",
                len(without),
            )
        )
    elif certain:
        said = ngettext(
            "{names} was counted out and has not come back: the next match starts without them.",
            "{names} were counted out and have not come back: the next match starts without them.",
            len(without),
        )
    else:
        said = ngettext(
            "{names} was counted out and has not come back: the next match may start without them.",
            "{names} were counted out and have not come back: the next match may start without them.",
            len(without),
        )
    return said.format(names=i18n.conjunction(without))


def _options_changed(match: p.MatchView, lobby: p.Lobby) -> bool:
    """Whether the lobby's options for the next match are not the ended match's, as its game reads both
    (``rematch.same_options``, the session's test: none set and the defaults set are the same match). Known
    only where the session said the ended match's options (``MatchView.holders`` with them)."""
    if match.holders is None or match.game != lobby.game:
        return False
    return not rematch.same_options(games.rules(lobby.game), match.options, lobby.options)


def _rematch_starts(client: Client, lobby: p.Lobby, again: bool) -> str:
    """Who starts the rematch, in a game whose seats take turns: "In the rematch, Bea (A) starts." (or, not
    ``again``, "In the next match, Ann (A) starts."). The session's rule (``lobby.rematch.seating``: the
    seats turned in a rematch, those a count-out leaves out left out) from this page's mirror: the ended
    match's seats and options, as the host's view of it says (``MatchView.holders``, ``options``), against
    the lobby's now (``starts_rematch``). Nothing while a seat is empty: the host's Start is refused then."""
    match, game = shown_match(client), games.rules(lobby.game)
    if match is None or game is None or not rematch.turns(game):
        return ""
    now = {s.id: s.member for s in lobby.seats}
    # As the host's view of the ended match says (a page that first saw it ended cannot tell them from the
    # lobby it found, which the host may have changed); without them the host starts as the lobby's seats are.
    holders = match.holders
    seated = (
        list(now.values())
        if holders is None
        else rematch.seating(game, match.view, holders, list(now.values()), _left(lobby), again)
    )
    if not seated or None in seated:
        return ""
    # The rematch's table as it will be seated, its players named as the match's table names them (a computer
    # player by the seat it will sit at, "Bot A (Hard)"), as the seat list will read them (``screen.seat_label``).
    names, bots = _names(lobby), {m.id: m.bot for m in lobby.members if m.bot}
    seats = seat_ids(game, len(seated))
    table = screen.Table(
        lobby.game,
        tuple(
            screen.SeatAt(s, names.get(m, ""), "", "bot" if m in bots else "remote", bots.get(m, ""))
            for s, m in zip(seats, seated, strict=True)
            if m is not None
        ),
    )
    first = screen.seat_label(table, seats[0])
    return screen.rematch_starts(first) if again else _("In the next match, {name} starts.").format(name=first)


def _rematch_without(client: Client, lobby: p.Lobby, unsure: frozenset[str] = frozenset()) -> list[str]:
    """The names of the players of the ended match on show whom the rematch leaves out: the session's rule
    (``lobby.rematch.without``), from this page's mirror (a page that is gone: its member's flag; ``unsure``:
    not those the host's reloaded page has not heard from yet, ``_left``)."""
    match, game = shown_match(client), games.rules(lobby.game)
    if match is None or game is None:
        return []
    holders = match.holders  # as the host's view of the ended match says (``_rematch_starts``)
    if holders is None:
        return []
    gone = rematch.without(game, match.view, holders, [s.member for s in lobby.seats], _left(lobby, unsure))
    names = _called(lobby)
    return [names[m] for m in gone]


def _error(client: Client, hushed: bool = False) -> list[Element]:
    """The lobby's last refusal in its pair of alert regions, drawn empty while there is none (or while the
    match's board says it, ``hushed``): a region that comes onto the page with its words is not announced."""
    error = client.errors[-1] if client.errors and not hushed else None
    said = reason_text(error.code, error.params) if error else ""
    return alerts(said, client.refusals, "error", "lobby-alert")


def _problem(client: Client) -> list[Element]:
    """The host's last message was refused (``Client.problem``): say what was wrong with it, that
    nothing changed, and what helps if it goes on. It goes once a good update comes. Its regions are drawn
    empty meanwhile, so the first problem is said."""
    problem = client.problem
    if problem is None:
        return alerts("", client.problems_said, "notice problem", "problem-alert", tag="div")
    said = [
        h("p", {}, _("The host's page sent something this page could not read, so nothing changed here:")),
        h("p", {"class": "reason"}, reason_text(problem.code, problem.params)),
        problem.code != "bad-version"  # that reason says so itself
        and h(
            "p",
            {},
            _("If this goes on, the two pages may run different versions of Game Night Central: reload both."),
        ),
    ]
    return alerts(said, client.problems_said, "notice problem", "problem-alert", tag="div")


def _waiting_text(client: Client) -> Element:
    wait = client.waiting_for or "lobby"
    return h("p", {"class": "status", "role": "status"}, _(WAIT_TEXT[wait]))


def spoken(client: Client | None, sight: Sight) -> dict[str, str]:
    """What each lobby line that comes and goes says on this page ("" when it is not drawn), by its regions'
    name: a page counts them (``live.said_again``), so the same words back after they went are said again.
    "Try again" after a wait (``_waiting``), and a note of who waits for a seat (``_room``)."""
    if client is None:
        return {}
    slow, room = _slow(client, sight), _room_said(client, sight)
    return {
        "slow-note": text_of(h("div", {}, slow)) if slow else "",
        "room-note": text_of(h("div", {}, room)) if room else "",
    }


def _slow(client: Client, sight: Sight) -> list[Element] | None:
    wait = client.waiting_for
    if sight.offline or wait is None or not client.slow(sight.now_ms):
        return None
    return [
        h("p", {}, _(SLOW_TEXT[wait])),
        h("button", {"class": "button", "data-action": "try-again"}, _("Try again")),
    ]


def _waiting(client: Client, sight: Sight) -> list[Element]:
    """After a few seconds without an answer: what the page waits for, and "Try again". Two regions by turns
    (``live.alerts``), drawn even when empty: a second wait as long says the same words again."""
    said = _slow(client, sight)
    return alerts(said, sight.said.get("slow-note", 0), "notice slow", "slow-note", status=True, tag="div")


def _names(lobby: p.Lobby) -> dict[str, str]:
    """Members as the match's table names them: a computer player by its level ("Bot (Hard)"), in this
    page's words, which the match screen reads with the seat it sits at now ("Bot B (Hard)":
    ``core.game.named_seat``), whatever name a host's session stored for it (one of an earlier version kept "Bot C",
    the letter of a seat a rematch had moved it from)."""
    return {m.id: label(m.bot) if m.bot else m.name for m in lobby.members}


def _called(lobby: p.Lobby, seats: Iterable[p.SeatInfo] = ()) -> dict[str, str]:
    """Members as the lobby's own lists call them (its seats, its members, its match summary), the same
    words as the match screen: a computer player by its seat (of ``seats``, else the lobby's) and level,
    "Bot B (Hard)" (``bot.called``), which tells two bots of one level apart; a person by their name, held as a
    seat's is (``i18n.held``: a short name of words whole, "Ann Lee"; a long one breaks between its words)."""
    bots = {m.id for m in lobby.members if m.bot}  # a bot is named by its seat (below)
    names = {k: v if k in bots else i18n.held(v) for k, v in _names(lobby).items()}
    tags = _tags(lobby)
    levels = {m.id: m.bot for m in lobby.members if m.bot}
    for seat in seats or lobby.seats:
        if seat.member in levels:
            tag = tags.get(seat.id, seat.id)
            names[seat.member] = called(levels[seat.member], tag)
    return names


def _tags(lobby: p.Lobby) -> dict[str, str]:
    """What players read for the lobby's seats (a two-player Raythread match: A and B, not A and C)."""
    return seat_tags(games.rules(lobby.game), [s.id for s in lobby.seats])


def _seats(client: Client, lobby: p.Lobby, sight: Sight) -> Element:
    names = _called(lobby)
    tags = _tags(lobby)
    # Who is on which team, as soon as the options decide it (a race in teams): in words beside the seat, not
    # only in the colours; the first table of the match said it first.
    teams = seat_groups(games.rules(lobby.game), lobby.options, [s.id for s in lobby.seats])
    mine = client.seat
    before_match = lobby.phase == "lobby" and not sight.offline
    bots = {m.id for m in lobby.members if m.bot}
    offer_bots = sight.host and before_match and lobby.game in games.BOTS
    # During a match the host may hand a computer player the seat of a player who left (it waits for them),
    # or, in a game that declares it has no use for one there, count that player out (``Game.count_out``).
    offers = sight.host and not sight.offline
    take_over = taking_over(client, sight.unsure) if offers else frozenset()
    out = counted_out(client)
    count_out = counting_out(client, sight.unsure) if offers else frozenset()
    later = _later(client, sight) if offers else {}
    rows = []
    for seat in lobby.seats:
        holder = names.get(seat.member) if seat.member else None
        tag = tags.get(seat.id, seat.id)
        button: Child = None
        if before_match and seat.member is None:
            button = [
                h(
                    "button",
                    {"class": "button", "data-action": "sit", "data-seat": seat.id, **_for_seat(_("Take seat"), tag)},
                    _("Take seat"),
                ),
                offer_bots and _add_bot(seat.id, tag),
            ]
        elif before_match and seat.id == mine:
            button = h("button", {"class": "button", "data-action": "stand"}, _("Leave seat"))
        elif seat.id in take_over:
            button = _add_bot(seat.id, tag, _("Let a computer player take over"))
        elif seat.id in count_out:
            button = _count_out(seat.id, holder or tag, sight.counting == seat.id)
        elif seat.id in later:  # where the offer will be, when it comes
            button = h("span", {"class": "seat-later"}, _when(later[seat.id], holder or tag, sight))
        elif sight.host and before_match and seat.member in bots:
            button = h(
                "button",
                {
                    "class": "button quiet",
                    "data-action": "kick",
                    "data-member": seat.member,
                    **_for_seat(_("Remove the computer player"), tag),
                },
                _("Remove the computer player"),
            )
        rows.append(
            h(
                "li",
                {"class": "seat", "data-seat": seat.id, "data-colour": seat.colour, "data-member": seat.member or ""},
                # One item of the row (css/app.css, .seat-who): the name follows its label, wrapping in its box.
                h(
                    "span",
                    {"class": "seat-who"},
                    h("span", {"class": "swatch", "data-colour": seat.colour}),
                    h("span", {"class": "seat-name"}, _seat_name(tag, teams.get(seat.id))),
                    h(
                        "span",
                        {"class": "holder"},
                        # A line of parts: in a narrow card, "· counted out" could start a line.
                        drawn(i18n.line(holder, _("counted out")))
                        if holder and seat.id in out
                        else holder or _("free"),
                    ),
                ),
                button,
            )
        )
    return h("section", {"class": "seats"}, h("h3", {}, _("Seats")), h("ul", {}, rows), _room(client, sight))


def _seat_name(tag: str, team: int | None) -> str:
    """A seat card's label: "Seat 2", and in a game played in teams its team, "Seat 2 · Team 1"."""
    seat = _seat_words(tag)
    return i18n.separated(seat, _("Team {n}").format(n=team)) if team else seat


def _seat_words(tag: str) -> str:
    """A seat named by its tag, "Seat A", held whole as the match holds a seat's name (``i18n.held``): at 320 px
    with the text at 200 % a seat card's label could break "Seat" / "A"."""
    return i18n.held(_("Seat {seat}").format(seat=tag))


def _seat_line(tag: str, name: str) -> str:
    """A match's line for a seat, "Seat A: Ann", its seat held whole with the colon (``_seat_words``; the
    renderer keeps the colon with the run), its holder's name as ``_called`` held it."""
    line, seat = _("Seat {seat}: {name}").format(seat=tag, name=name), _("Seat {seat}").format(seat=tag)
    # The seat's words as the catalogue writes them alone, where the line starts with them (both languages do).
    return _seat_words(tag) + line[len(seat) :] if line.startswith(seat) else line


def _ask_count_out(seat: str, name: str, kind: str = "button") -> Element:
    """The host's "Count … out" for ``seat``, on its card or beside the match's status (``kind``: its
    classes): one button that only asks (the question stands on the seat's card), so a second press of
    either never counts anyone out. No ellipsis: the press asks a question, as "End the match" and "Give up"
    do, and wants nothing more (the take-over's "…" opens a form: the level)."""
    label = _("Count {name} out").format(name=name)
    return h("button", {"class": kind, "data-action": "count-out-ask", "data-seat": seat}, label)


def _count_out(seat: str, name: str, asked: bool) -> Element:
    """A seat's "Count … out" button, or, once pressed, the question it asks first (it cannot be undone),
    as "End the match" does: "Keep waiting" first, the safe answer, then "Count … out" again, which acts."""
    if not asked:
        return _ask_count_out(seat, name)
    label = _("Count {name} out").format(name=name)
    question = f"count-out-question-{seat}"
    return h(
        "div",
        {"class": "confirm", "role": "group", "aria-labelledby": question},
        h(
            "p",
            {"id": question},
            _("Count {name} out? The match goes on without them, and this cannot be undone.").format(name=name),
        ),
        h("button", {"class": "button", "data-action": "count-out-cancel", "data-seat": seat}, _("Keep waiting")),
        h("button", {"class": "button danger", "data-action": "count-out", "data-seat": seat}, label),
    )


def _counts_out(game_id: str) -> bool:
    """Whether the game's rules can count out a player who left (its optional ``count_out``)."""
    return getattr(games.rules(game_id), "count_out", None) is not None


def counting_out(client: Client, unsure: frozenset[str] = frozenset()) -> frozenset[str]:
    """The seats of the running match the host may count out: in a game that can, those whose player left
    (not a computer player) and is not counted out yet. A seat leaves it when its player comes back.
    ``unsure``: members shown as disconnected whose page may yet be open (``Sight.unsure``): not yet."""
    lobby = client.lobby
    if lobby is None or lobby.phase != "playing" or not _counts_out(lobby.game):
        return frozenset()
    left = _left(lobby, unsure)
    out = counted_out(client)
    return frozenset(s.id for s in lobby.seats if s.member in left and s.id not in out)


def taking_over(client: Client, unsure: frozenset[str] = frozenset()) -> frozenset[str]:
    """The seats of the running match the host may hand a computer player: in a game that has them, those
    whose player left (``_left``; ``unsure``: not yet)."""
    lobby = client.lobby
    if lobby is None or lobby.phase != "playing" or lobby.game not in games.BOTS:
        return frozenset()
    left = _left(lobby, unsure)
    return frozenset(s.id for s in lobby.seats if s.member in left)


def _later(client: Client, sight: Sight) -> dict[str, str]:
    """The seats whose offer (``count-out`` or ``take-over``) waits for the end of the reload's grace
    (``Sight.unsure``): the host's page says when it comes, where it will stand."""
    later = dict.fromkeys(taking_over(client) - taking_over(client, sight.unsure), "take-over")
    return later | dict.fromkeys(counting_out(client) - counting_out(client, sight.unsure), "count-out")


def _when(offer: str, name: str, sight: Sight) -> str:
    """When an offer of ``_later`` comes, by the page's clock: "in 1:45", the whole seconds left (as an
    invitation's expiry). A time of day would need the page's time zone, which a pure module does not know."""
    time = _clock(sight)
    # The time is held to the words before it by no-break spaces: at 390 px "in 2:00." stood alone on a line;
    # in Japanese by the catalogue's word joiners ("あと2:00で"): where the line runs on from the words before
    # it (one span: the line is a flex row of whole runs), the phrase model broke "あと" / "2:00で" at 320 px.
    if offer == "take-over":
        return _("A computer player can take over for {name}\u00a0in\u00a0{time}.").format(name=name, time=time)
    return _("You can count {name} out\u00a0in\u00a0{time}.").format(name=name, time=time)


def _clock(sight: Sight) -> str:
    """The time left of the reload's grace, by the page's clock: "1:45", the whole seconds left."""
    left_s = max(0, -(-(sight.sure_at - sight.now_ms) // 1000))
    return f"{left_s // 60}:{left_s % 60:02d}"


def _left(lobby: p.Lobby, unsure: frozenset[str] = frozenset()) -> set[str]:
    """The members whose page is gone, other than computer players and the host: those a seat's "Let a
    computer player take over" or "Count … out" is for. ``unsure``: members shown as disconnected whose
    page may yet be open (``Sight.unsure``, a host's reload): not yet, for either."""
    return {m.id for m in lobby.members if not m.connected and not m.bot and m.id != lobby.host} - unsure


def counted_out(client: Client) -> frozenset[str]:
    """The seats of the running match the host counted out, as the game reads them from this page's view."""
    match, lobby = client.match, client.lobby
    if match is None or match.ended is not None or lobby is None or lobby.phase != "playing":
        return frozenset()
    read = getattr(games.rules(match.game), "counted_out", None)
    return frozenset(read(match.view)) if read is not None else frozenset()


def _seatless(client: Client, sight: Sight) -> tuple[p.Lobby, list[p.MemberInfo], int] | None:
    """The lobby, the people waiting for a seat while every seat is taken (connected, not computers) and the
    most players its game seats; None where nothing is said of them: no lobby, a match on (newcomers watch
    it), offline, or a seat free."""
    lobby = client.lobby
    if lobby is None:
        return None
    if lobby.phase != "lobby" or sight.offline or any(seat.member is None for seat in lobby.seats):
        return None
    seated = {seat.member for seat in lobby.seats}
    waiting = [m for m in lobby.members if m.id not in seated and not m.bot and m.connected]
    game = games.rules(lobby.game)
    return lobby, waiting, game.info.seats.stop - 1 if game else lobby.players


def _room_for(client: Client, sight: Sight) -> int | None:
    """The seats "Room for N players" offers on the host's page (``_room_said``), or None where it is not offered.
    While it is, it is the host's one primary action (docs/accessibility.md): Start the match, or the Rematch, would
    leave the friend who waits watching the match; once the room is made they sit, and Start is primary again."""
    seatless = _seatless(client, sight) if sight.host else None
    if seatless is None:
        return None
    lobby, waiting, most = seatless
    return min(lobby.players + len(waiting), most) if waiting and lobby.players < most else None


def _room_said(client: Client, sight: Sight) -> list[Element] | None:
    """Members with no seat while every seat is taken (a Reflection lobby starts with the host's one):
    the host is told who waits and, where the game seats more, makes room in one click; such a member
    is told what it waits for. Nothing to say during a match (newcomers watch it) or with a seat free."""
    seatless = _seatless(client, sight)
    if seatless is None:
        return None
    lobby, waiting, most = seatless
    game = games.rules(lobby.game)
    if sight.host:
        if not waiting:
            return None
        names = i18n.conjunction(m.name for m in waiting)
        room = _room_for(client, sight)
        if room is None:  # the game seats no more
            said = ngettext(
                "{names} has no seat and will watch the match.",
                "{names} have no seat and will watch the match.",
                len(waiting),
            )
            return [h("p", {}, said.format(names=names))]
        said = ngettext("{names} is waiting for a seat.", "{names} are waiting for a seat.", len(waiting))
        return [
            h("p", {}, said.format(names=names)),
            h(
                "button",
                # Connect is the one primary while a reply is due (``Sight.replying``).
                {
                    "class": "button" if sight.replying else "button primary",
                    "data-action": "make-room",
                    "data-players": room,
                },
                ngettext("Room for {n} player", "Room for {n} players", room).format(n=room),
            ),
        ]
    if client.member not in {m.id for m in waiting}:
        return None
    if lobby.players >= most:
        said = ngettext(
            "Every seat is taken: {game} is for at most {n} player. You will watch the match, and you can chat.",
            "Every seat is taken: {game} is for at most {n} players. You will watch the match, and you can chat.",
            most,
        ).format(game=game.info.title if game else lobby.game, n=most)
    else:
        said = _(
            "Every seat is taken. Waiting for the host to make room for you (only the host can raise the "
            "number of players). Meanwhile you can chat, and if a match starts without you, you watch it."
        )
    return [h("p", {}, said)]


def _room(client: Client, sight: Sight) -> list[Element]:
    """``_room_said`` in two status regions by turns (``live.alerts``), drawn even when empty: a friend who
    waits for a seat again (the host took the room away, another took the seat) is told again. Boxed as a
    note, unless it holds the host's button."""
    said = _room_said(client, sight)
    boxed = said is not None and len(said) == 1
    classes = "note room-note boxed" if boxed else "room-note"
    return alerts(said, sight.said.get("room-note", 0), classes, "room-note", status=True, tag="div")


def _add_bot(seat: str, tag: str, text: str = "") -> Element:
    """The host's offer for a free seat (or a seat its player left): a computer player at a chosen level."""
    text = text or _("Add a computer player")
    return h(
        "form",
        {"class": "add-bot", "data-action": "add-bot", "data-clear": True},
        h("input", {"type": "hidden", "name": "seat", "value": seat}),
        # A visible label (a sighted host read "Normal" beside the button with nothing saying what it chose);
        # the spoken name says the seat too, and holds the words shown (WCAG 2.5.3, label in name).
        h(
            "label",
            {"class": "bot-level"},
            h("span", {"class": "bot-level-name"}, _("Level")),
            h(
                "select",
                {"name": "level", "aria-label": _("Level of the computer player for seat {seat}").format(seat=tag)},
                [h("option", {"value": v, "selected": v == DEFAULT_LEVEL}, level_name(v)) for v in LEVELS],
            ),
        ),
        h("button", {"class": "button", "type": "submit", **_for_seat(text, tag)}, text),
    )


def _for_seat(words: str, tag: str) -> dict[str, str]:
    """The spoken name of a button on a seat's card (``i18n.named_for``): its words, then the seat, "Take seat:
    Seat B" (in Japanese "席に着く：席B"). Several cards hold the same button ("Take seat", "Add a computer
    player"), and a screen reader listing the page's buttons heard one name several times."""
    return {"aria-label": i18n.named_for(words, _("Seat {seat}").format(seat=tag))}


def _members(client: Client, lobby: p.Lobby, sight: Sight) -> Element:
    colours = {s.member: s.colour for s in lobby.seats if s.member}
    names = _called(lobby)
    rows = []
    for m in lobby.members:
        state = member_state(client, sight, m)
        badges = [
            m.id == lobby.host and h("span", {"class": "badge"}, _("host")),
            m.id == client.member and h("span", {"class": "badge"}, _("you")),
            lobby.phase == "playing"
            and m.id not in colours
            and h("span", {"class": "badge spectator"}, _("spectator")),
        ]
        route = sight.routes.get(m.id) if state not in ("gone", "bot", "unknown") else None
        actions = []
        if sight.host and m.id != lobby.host:
            if state == "gone":  # quiet as Remove beside it: a row's own actions, one line with the name
                actions.append(invite_again(m.id, names[m.id]))
            if not (lobby.phase == "playing" and m.id in colours):  # a player of the running match stays
                actions.append(remove(m.id, names[m.id]))
        rows.append(
            h(
                "li",
                {"class": "member", "data-member": m.id, "data-state": state},
                # One item of the row, as a seat's (css/app.css, .member-who): the name beside its swatch.
                h(
                    "span",
                    {"class": "member-who"},
                    h("span", {"class": "swatch", "data-colour": colours.get(m.id, "none")}),
                    h("span", {"class": "name"}, names[m.id]),
                ),
                badges,
                # One item of the row, so the row's gap does not part the state from its route: Japanese
                # sets them side by side ("接続済み・直接"), English spaces them ("connected · direct").
                STATE_TEXT[state]
                and h(
                    "span",
                    {"class": "presence"},
                    h("span", {"class": "state"}, _(STATE_TEXT[state])),
                    route and h("span", {"class": "route", "data-route": route}, _(ROUTE_TEXT[route])),
                ),
                # One item of the row, after its words: the buttons wrap together, not Remove alone.
                actions and h("span", {"class": "member-actions"}, actions),
            )
        )
    title = _("Members ({n})").format(n=len(rows))
    note = "unknown" in sight.states.values() and h("p", {"class": "members-note"}, _(UNKNOWN_NOTE))
    return h("section", {"class": "members"}, h("h3", {}, title), note, h("ul", {}, rows))


# Why the others' rows say no state while this page is cut off from the host: once, calmly, not per row.
UNKNOWN_NOTE = N_("Until you are back, this page cannot tell who else is connected.")


def _host_controls(
    client: Client, lobby: p.Lobby, sight: Sight, *, after: p.MatchView | None = None, second: bool = False
) -> Element | None:
    """The host's form for the next match (``after``: the finished match on show, with its Rematch; ``second``:
    another button is the page's primary action, "Room for N players")."""
    if not sight.host:
        return None
    if lobby.phase == "playing" and sight.ending:
        return h(
            "section",
            {"class": "host-controls confirm", "role": "group", "aria-labelledby": "end-question"},
            h("p", {"id": "end-question"}, _("End the match for everyone? It cannot be resumed.")),
            h("button", {"class": "button", "data-action": "end-cancel"}, _("Keep playing")),
            h("button", {"class": "button danger", "data-action": "end"}, _("End the match")),
        )
    if lobby.phase == "playing":
        return h(
            "section",
            {"class": "host-controls"},
            h("button", {"class": "button", "data-action": "end"}, _("End the match")),
        )
    game = games.rules(lobby.game)
    counts = game.info.seats if game else range(lobby.players, lobby.players + 1)
    fields = getattr(game, "option_fields", ()) if game else ()
    starting = not after or _drafted(lobby, sight, fields)
    drafted, again = _form_match(lobby, sight, fields, after)
    # Who starts it, by the result's rule (``_rematch_starts``: a rematch's seats turn).
    starts = _rematch_starts(client, drafted, again) if after and starting else ""
    return h(
        "section",
        {"class": "host-controls"},
        h("h3", {}, _("The match")),
        h(
            "form",
            {"class": "choose", "id": CHOOSE_FORM, "data-action": "choose"},
            h(
                "label",
                {},
                _("Game") + " ",
                # The game and the player count apply as soon as they are picked: the options and seat
                # counts below belong to the game shown.
                h(
                    "select",
                    {"name": "game", "data-action": "choose", "data-field": "game"},
                    [
                        h("option", {"value": gid, "selected": gid == lobby.game}, g.info.title)
                        for gid, g in games.RULES.items()
                    ],
                ),
            ),
            h(
                "label",
                {},
                _("Players") + " ",
                h(
                    "select",
                    {"name": "players", "data-action": "choose", "data-field": "players"},
                    [h("option", {"value": n, "selected": n == lobby.players}, str(n)) for n in counts],
                ),
            ),
            # Only the options that count with what the form shows now, the host's unapplied choices included:
            # each change draws the form again (``OPTION``), so the fields follow before Apply.
            forms.options_box(fields, {**(lobby.options or {}), **sight.draft}, follow=OPTION),
            h("button", {"class": "button", "type": "submit"}, _("Apply")),
        ),
        # Start submits the form too (its ``form`` attribute), so the match starts with the options the
        # form shows, applied as Apply applies them: an edit left unapplied was silently dropped. Enter
        # in a field still applies only (the form's first submit button is Apply). Beside a finished match
        # the match's button (Rematch, or Start the match after other options) is the one way to start the
        # options applied; this one, secondary, comes only while the form holds a change not applied, and
        # starts a new match with it ("New match with these options"). Drawn always, it started the same
        # match as the button beside the ended match under a second name. While a reply is due, Connect is
        # the one primary (``Sight.replying``).
        # Beside a finished match, who starts the match it starts, over it as the result's line is over the
        # result's button: set back to the ended match's options it starts a rematch (the seats turned) while the
        # result's "Start the match" does not, and the one line there named that match's starter.
        starts and h("p", {"class": "note form-starts", "id": "form-starts"}, starts),
        starting
        and h(
            "button",
            {
                "class": "button" if after or sight.replying or second else "button primary",
                "type": "submit",
                "form": CHOOSE_FORM,
                "name": "start",
                "data-action": "start",
                "aria-describedby": "form-starts" if starts else None,
            },
            _form_start(after, again),
        ),
    )


def _form_match(
    lobby: p.Lobby, sight: Sight, fields: Sequence[OptionField], after: p.MatchView | None
) -> tuple[p.Lobby, bool]:
    """The lobby as the form's own start would start it (the form's options applied: ``_sent``), and whether that
    is a rematch of the finished match ``after`` on show (``starts_rematch``, by ``rematch.same_options``: its
    seats turn). One reading for the button's words (``_form_start``) and the line of who starts it."""
    drafted = replace(lobby, options=_sent(lobby, sight, fields) or None)
    return drafted, after is not None and starts_rematch(after, drafted)


def _form_start(after: p.MatchView | None, again: bool) -> str:
    """The words of the form's start beside the finished match ``after``: what the session starts with the
    form's options applied. Set back to that match's options (others applied since, ``Start the match`` beside
    it), they start a rematch (``again``, ``_form_match``): "New match with these options" started one."""
    if after is None:
        return _("Start the match")
    return _("Rematch") if again else _("New match with these options")


def _pending(lobby: p.Lobby, sight: Sight) -> bool:
    """Whether the host's form holds options not applied (``_drafted``), for the lobby's game's fields."""
    game = games.rules(lobby.game)
    return sight.host and _drafted(lobby, sight, getattr(game, "option_fields", ()) if game else ())


def _drafted(lobby: p.Lobby, sight: Sight, fields: Sequence[OptionField]) -> bool:
    """Whether the host's form holds options not applied: what it would send (``_sent``) read by the game
    otherwise than the lobby's (``rematch.same_options``: a field set back as it was is no change)."""
    if not sight.draft:
        return False
    return not rematch.same_options(games.rules(lobby.game), _sent(lobby, sight, fields), lobby.options)


def _sent(lobby: p.Lobby, sight: Sight, fields: Sequence[OptionField]) -> dict[str, Any]:
    """The options the host's form would send: the fields that count with the draft over the lobby's options
    (``forms.read_shown``'s rule)."""
    shown = {**(lobby.options or {}), **sight.draft}
    return {f.name: shown[f.name] for f in counting(fields, shown) if f.name in shown}


def _options_shown(lobby: p.Lobby, sight: Sight) -> Element | None:
    """The next match's options as the host set them, read-only, on a member's page (the host's form shows
    them on the host's): a guest saw neither the points to win nor any other option until the match began.
    From the lobby's message (untrusted): options its game refuses are said, and none is shown as if it held."""
    game = games.rules(lobby.game)
    fields = getattr(game, "option_fields", ()) if game else ()
    if game is None or sight.host or lobby.phase == "playing" or not fields:
        return None
    heading = h("h3", {}, _("Options"))
    try:
        game.options(lobby.options)  # the game's own check, as it starts the match
    except BadOptions as err:
        why = _("The host's options cannot be read: {reason}").format(reason=reason_text(err.code, err.params))
        return h("section", {"class": "match-options"}, heading, h("p", {"class": "notice"}, why))
    values = lobby.options or {}
    rows = []
    for f in counting(fields, values):
        value = values.get(f.name, f.default)
        if f.kind == "choice":
            value = next((_(label) for v, label in f.choices if v == value), str(value))
        elif f.kind == "bool":
            value = _("on") if value else _("off")
        rows.append(h("div", {}, h("dt", {}, _(f.label)), h("dd", {}, str(value))))
    return h("section", {"class": "match-options"}, heading, h("dl", {}, rows))


def _match(client: Client, lobby: p.Lobby) -> Element | None:
    match = shown_match(client)
    if match is None:
        return None
    played = client.played
    called_by = _called(lobby, played)
    names = {s.id: called_by.get(s.member, "") for s in played if s.member}
    tags = _tags(lobby)
    view = match.view
    seats = given if isinstance(given := view.get("seats"), list) else [s.id for s in lobby.seats]
    turn = next((view[k] for k in ("turn", "to_move") if isinstance(view.get(k), str)), None)
    scores = given if isinstance(given := view.get("scores"), dict) else {}
    title = info.title if (info := games.info(match.game)) else match.game
    if match.ended is None:
        # A line of parts (``i18n.line``), drawn as boxes (``drawn``): as one text, with the separator inside
        # ("Match running · move {n}" and the turn joined to it), a line on a phone could start with "·".
        to_play = ""
        if turn is not None:
            who = names.get(turn) or _seat_words(tags.get(turn, turn))
            to_play = (_("{name} to play (you)") if turn == match.you else _("{name} to play")).format(name=who)
        status = i18n.line(_("Match running"), _("move {n}").format(n=match.moves + 1), to_play)
    else:
        status = _("The match is over.")
        if match.ended == "host":
            status = _("You ended the match.") if client.is_host else _("The host ended the match.")
    rows = [
        h(
            "li",
            {"data-seat": seat, "class": "turn" if seat == turn and match.ended is None else None},
            drawn(
                i18n.line(
                    _seat_line(tags.get(seat, seat), names.get(seat) or "—"),
                    screen.points(scores[seat]) if isinstance(scores.get(seat), int) else "",
                )
            ),
        )
        for seat in seats
        if isinstance(seat, str)
    ]
    return h(
        "section",
        {"class": "match", "data-ended": match.ended or "", "data-you": match.you or ""},
        h("h3", {}, title),
        h("p", {"class": "status"}, drawn(status)),
        h(
            "p",
            {"class": "role"},
            _("You play seat {seat}.").format(seat=tags.get(match.you, match.you))
            if match.you
            else _("You are watching this match."),
        ),
        h("ul", {"class": "match-seats"}, rows),
        _result(match.result, names, tags),
    )


def _role(client: Client, lobby: p.Lobby) -> Element:
    """The page's part in the match shown. In a rematch that seats the player elsewhere (the seats turned,
    or closed up after a count-out), with the seat's colour, which stays with the seat: "You play seat B
    (pink) this time." (the board, the cards and the lists draw them in a colour that was another
    player's a match ago)."""
    match = shown_match(client)
    you = match.you if match else None
    tag = _tags(lobby).get(you, you) if you else None
    game = games.rules(lobby.game)
    if you and match and match.ended is None and client.last_seat not in (None, you) and game:
        colour = screen.colour_name(seat_colour(game, you))
        said = _("You play seat {seat} ({colour}) this time.").format(seat=tag, colour=colour)
    else:
        said = _("You play seat {seat}.").format(seat=tag) if you else _("You are watching this match.")
    return h("p", {"class": "role"}, said)


def _result(result: Mapping[str, Any] | None, names: Mapping[str, str], tags: Mapping[str, str]) -> Element | None:
    if not result:
        return None
    winners = [names.get(s) or _seat_words(tags.get(s, s)) for s in result.get("winners", []) if isinstance(s, str)]
    if result.get("draw"):
        headline = _("A draw.")
    elif winners:  # several: a team's players, who share its first place
        said = ngettext("Winner: {names}.", "Winners: {names}.", len(winners))
        headline = said.format(names=i18n.conjunction(winners))
    else:  # no winner and no draw (another page's result, its fields only type-checked): "Winner: ." said nothing
        headline = ""
    why = result.get("reason")  # checked at the edge (``client.checked``): a code and its parameters
    sentence = reason_text(why["code"], why.get("params")) if why else ""
    if not headline and not sentence:
        return None
    # Two sentences: a space between them in English, none in Japanese ("勝者：Ana。山札と…").
    return h("p", {"class": "result"}, headline, i18n.sentence_gap() if headline and sentence else "", sentence)


def _chat(client: Client, sight: Sight) -> Element:
    lines = [
        h("li", {"data-member": line.member}, h("b", {}, line.name), ": ", line.text) for line in client.chat[-50:]
    ]
    return h(
        "section",
        {"class": "chat"},
        h("h3", {}, _("Chat")),
        h("ol", {"class": "chat-lines", "aria-live": "polite"}, lines),
        h(
            "form",
            {"class": "chat-form", "data-action": "chat", "data-clear": True},
            h(
                "input",
                {
                    "name": "text",
                    "maxlength": p.MAX_CHAT,
                    "autocomplete": "off",
                    "placeholder": _("Say something"),
                    "aria-label": _("Chat message"),
                    "disabled": sight.offline,
                },
            ),
            h("button", {"class": "button", "type": "submit", "disabled": sight.offline}, _("Send")),
        ),
    )


def lobby_requests(client: Client, event: UiEvent) -> tuple[JSON, ...]:
    """The protocol messages for a lobby input, in order; none if the input is not a lobby request.

    Each message after the first is meant only if the ones before it were accepted: "Start the match" with
    options edited in the form is ``Choose`` then ``Start``, and a refused ``Choose`` (the reason Apply
    gives) must start nothing. Raises ``BadMessage`` (with a sentence for the player) for input that
    cannot be sent.
    """
    request = _request(client, event)
    if request is None:
        return ()
    if "start" in event.form and request.get("type") == "choose":
        # "Start the match" submits the options form: a form as the lobby has it starts at once (no
        # needless Choose on the wire); an edit is applied first.
        start = p.Start().to_json()
        return (start,) if _unchanged(client, request) else (request, start)
    return (request,)


def _request(client: Client, event: UiEvent) -> JSON | None:
    """The one message an input asks for (``lobby_requests`` decides what a form's Start adds)."""
    action = event.action
    if action == "chat" and event.type == "submit":
        return client.say(p.parse_chat_text(event.form.get("text", "")))
    if action == "sit":
        return client.sit(event.data.get("seat", ""))
    if action == "stand":
        return client.stand()
    if action == "start":
        return p.Start().to_json()
    if action == "end":
        return p.End().to_json()
    if action == "kick":
        return p.Kick(event.data.get("member", "")).to_json()
    if action == "make-room" and client.lobby is not None:
        # More seats for the same game and options (the members waiting for one take them).
        wanted = event.data.get("players", "")
        more = n if (n := form_number(wanted)) is not None else client.lobby.players + 1
        return p.Choose(client.lobby.game, client.lobby.options, more).to_json()
    if action == "count-out":
        return p.CountOut(event.data.get("seat", "")).to_json()
    if action == "add-bot" and event.type == "submit":
        return p.AddBot(event.form.get("seat", ""), event.form.get("level", "")).to_json()
    if action == "choose" and event.type == "change" and client.lobby is not None:
        # A game or a player count picked in its select (a change in the options waits for Apply).
        lobby, field, value = client.lobby, event.data.get("field"), event.value
        if field == "game" and value != lobby.game:
            return p.Choose(value).to_json()  # a new game starts from its defaults, as Apply does
        count = form_number(value) if field == "players" else None
        if count is not None and count != lobby.players:
            return p.Choose(lobby.game, lobby.options, count).to_json()
        return None
    if action == "choose" and event.type == "submit":
        game, players = event.form.get("game", ""), event.form.get("players", "")
        same = client.lobby is not None and game == client.lobby.game
        # The form showed the current game's options and player counts: a new game starts from its
        # defaults and from as many players as are here.
        rules = games.rules(game) if same else None
        fields = getattr(rules, "option_fields", ()) if rules else ()
        options = forms.read_shown(fields, event.form) or None if fields else None
        count = form_number(players) if same else None
        return p.Choose(game, options, count).to_json()
    return None


def _unchanged(client: Client, choose: JSON) -> bool:
    """Whether a ``Choose`` asks for the lobby as it is: the same game and player count, and options the
    game reads the same (``rematch.same_options``: the form writes out the defaults the lobby leaves unsaid).
    A value the game refuses is a change (the ``Choose`` then gets Apply's reason from the host)."""
    lobby, rules = client.lobby, games.rules(choose.get("game", ""))
    if lobby is None or rules is None or (choose.get("game"), choose.get("players")) != (lobby.game, lobby.players):
        return False
    return rematch.same_options(rules, choose.get("options"), lobby.options)
