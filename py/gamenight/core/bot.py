"""Computer opponents: the one interface every game's bot implements, and the levels a player picks.

A bot plays one seat from that seat's ``view`` JSON (what ``Game.view(state, seat)`` gives the seat; the
view carries the match's public options), a level and a seed. It never sees the state, so it cannot
read a secret such as Raythread's deck order.

A bot thinks as a generator: ``think(view, level, seed)`` yields ``None`` every few hundred
microseconds of CPython work and returns a legal move JSON, so the UI runs it as a ``Work`` effect in
~12 ms slices and the page never blocks (Pyodide runs the same code 2–3× slower). Its work is bounded
by counts (positions searched), never by the clock, so the same view, level and seed always give the
same move on every machine: a bot's bug is reproducible from a saved match.

Games register their bot beside their rules (``gamenight.games.BOTS``), so the UI never
special-cases a game. A table on one device (``ui/table.py``) and a hosted lobby's host page
(``ui/lobby/host.py``) run a computer seat the same way: ``thinking`` seeded by ``turn_seed``, then
the move waits ``PAUSE_MS`` before it is played.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Protocol

from gamenight.core.errors import BadOptions
from gamenight.core.game import JSON, Move
from gamenight.core.rng import derive
from gamenight.core.steps import finish
from gamenight.i18n import N_, _, reasons

Thinking = Generator[None, None, Move]
"""A bot's thinking: yields ``None`` between small steps; returns the move (``StopIteration.value``)."""
Turned = tuple[int, str, Move]
"""A computer seat's chosen move with the position it is for: ``(at, seat, move)``."""

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
LEVEL_NAMES: dict[str, str] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
DEFAULT_LEVEL = "normal"
# A computer player's name where one is stored (a lobby's members on the wire, a table's record of a
# computer seat left unnamed): never shown as is; every page calls it by ``label``, or ``called`` with
# its seat.
NAME = "Bot"
PAUSE_MS = 450  # how long a computer's chosen move waits before it is played: long enough to see

reasons(
    {
        "bot-level": N_("A computer opponent plays Easy, Normal or Hard, not {level}."),
        "bot-not-its-turn": N_("It is not the computer's turn."),
    }
)


class Bot(Protocol):
    """A game's computer opponent (``think`` is all the UI calls)."""

    def think(self, view: JSON, level: str, seed: int) -> Thinking:
        """Choose the move of the seat ``view["you"]``; raises ``BadOptions`` for an unknown level."""
        ...


def level_name(level: str) -> str:
    """The level as the page shows it, in the page's language ("Hard", "難しい")."""
    return _(LEVEL_NAMES[level])


def parse_level(raw: Any) -> str:
    """A level from untrusted input (a stored choice, a lobby message); raises ``BadOptions``."""
    if not isinstance(raw, str) or raw not in LEVELS:
        raise BadOptions("bot-level", level=str(raw)[:20])
    return raw


def label(level: str) -> str:
    """A computer player as every page names it, in the page's language ("Bot (Hard)"): brackets no
    person's name may hold (``lobby.protocol.parse_name``), so it never looks like a person's name. Its words
    are joined as ``core.game.named_seat`` joins a name and its tag (a no-break space; Japanese word joiners
    around the brackets, docs/i18n.md): a phone's line never ends before "(Hard)"."""
    return _("Bot\u00a0({level})").format(level=level_name(level)) if level in LEVELS else _("Bot")


def called(level: str, tag: str) -> str:
    """A computer player as every page calls it once its seat is known (docs/architecture.md, Bots): "Bot",
    its seat's tag and its level, "Bot B (Hard)" ("ボットB（むずかしい）"). A computer left unnamed has no identity
    beyond its level: it is called by the seat it sits at now, in every match (a rematch moves it, and its name
    with the seat's letter and colour), which tells two of one level apart; the tag sits inside the label's one
    pair of brackets; joined as
    ``label`` is, so no line ends at "Bot" or before "(Hard)" (but on a seat card's narrow name column, where
    it may break before the bracket: ``ui.match._computer_name``)."""
    return _("Bot\u00a0{seat}\u00a0({level})").format(seat=tag, level=level_name(level))


def seated(name: str, tag: str) -> str | None:
    """``name`` read with its seat's ``tag`` when it is a computer player's label in the page's language:
    the tag inside the label's one pair of brackets, "Bot C (Hard)" ("ボットC（むずかしい）"), never
    "Bot (Hard) (C)"; still brackets no person's name may hold. ``None`` for any other name (a person may
    be called "Bot"). ``core.game.named_seat`` asks it for every seat it names."""
    for level in LEVELS:
        if name == label(level):
            return called(level, tag)
    return None


def unnamed_bot(name: str, level: str) -> bool:
    """Whether the player called ``name`` is a computer player (``level``: its level; "" for a person, who
    may be called "Bot") with no name of its own: stored as ``NAME`` (a table's computer seat left
    unnamed), or given its label (a lobby's, in the page's language), or by the letter of a seat a rematch moved
    it from (``bot_tag``: saved before; read as unnamed, by its seat now). The table's setup form and every
    board ask this one rule, so what the form leaves empty is what a board names by its label. The label is
    compared exactly: only the page itself gives it (``ui.lobby.panel._names``, in the language it is read
    in), never a save or a peer, whose names ``lobby.protocol.parse_name`` reads (no brackets: a plain-space
    "Bot (Hard)" is refused there, not read as a person's name)."""
    return bool(level) and (name in (NAME, label(level)) or bot_tag(name) is not None)


def bot_tag(name: str) -> str | None:
    """The seat's tag in a computer player's name a rematch stored before ("Bot B": the letter of the seat it had
    left, kept while it sat elsewhere); ``None`` for any other name. Tables and logs saved then still hold it:
    ``unnamed_bot`` reads it as a computer left unnamed, which every page names by the seat it sits at now."""
    head, _, tag = name.partition(" ")
    return tag if head == NAME and tag and len(tag) <= 2 and tag.isascii() and tag.isalnum() else None


def turn_seed(match_seed: int, seat: str, at: int) -> int:
    """The seed of ``seat``'s thinking at step ``at`` of a match: from the match's own seed, so a page
    reloaded mid-match (a table, the lobby's host) makes the same move again."""
    return derive(match_seed, "bot", seat, at)


def thinking(bot: Bot, view: JSON, level: str, seed: int, at: int, seat: str) -> Generator[None, None, Turned]:
    """``bot``'s thinking for ``seat`` at step ``at``, returning ``(at, seat, move)``: the move with the
    position it is for, so a page drops a move whose position has gone (an undo, a move elsewhere)."""
    move = yield from bot.think(view, level, seed)
    return at, seat, move


def decide(bot: Bot, view: JSON, level: str, seed: int) -> Move:
    """Run ``bot``'s thinking to its end at once (tests, benchmarks; the page uses ``Work`` slices)."""
    return finish(bot.think(view, level, seed))
