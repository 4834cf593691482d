"""Who sits where in a rematch: the rules the host's session starts a rematch by (``Session._here``), and
that every page says under the ended match before it starts (``ui/lobby/panel.py``): whom it goes without,
and who starts it (``seating``, the one place both read).

In a game whose seats take turns, a rematch turns the seats one place (``turned``), so the player who
moved first does not move first again (a table on one device does the same, ``ui/table.py``).

A player the last match counted out (the game's optional ``counted_out``, ``core/game.py``) kept their seat
to watch that match from it; seated again, the rematch would wait for them as the last one did until they
were counted out. So it starts without those whose page is still gone, if the game takes the players left;
else it keeps the lobby's seats. A player who came back is here and plays. The lobby stays generic: it asks
the game only which seats were counted out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from gamenight.core.errors import BadOptions
from gamenight.core.game import Game

T = TypeVar("T")


def same_options(game: Game | None, first: Mapping[str, Any] | None, second: Mapping[str, Any] | None) -> bool:
    """Whether two raw option sets (a lobby's, an ended match's: untrusted JSON) are the same match rules, as
    ``game`` reads them (its own ``options``, defaults filled in): none set and the defaults set by hand are
    the same match. The session seats a rematch by it (``Session._here``), and every page says "Rematch" and
    whether the ended match's results are the last match's by it (``lobby.client.starts_rematch``,
    ``ui.lobby.panel``): compared as sent, the defaults applied by hand over none set made the session start a
    new match while the pages said "Rematch". Options the game refuses (or an unknown game) compare as sent."""
    if game is not None:
        try:
            return bool(game.options(first) == game.options(second))
        except BadOptions:
            pass
    return (first or None) == (second or None)


def without(
    game: Game,
    view: Mapping[str, Any],
    holders: Mapping[str, str | None],
    seated: Iterable[str | None],
    away: Collection[str],
) -> list[str]:
    """The members the rematch leaves out, in the ended match's seat order (none: it keeps every seat).

    ``view``: a view of the ended match (any seat's: the count-out is public); ``holders``: its seats →
    their members; ``seated``: the members of the lobby's seats now, in order (``None`` for a free seat);
    ``away``: the members whose page is gone, as the caller knows it (the host's peers, a mirror's flags)."""
    read = getattr(game, "counted_out", None)
    if read is None:
        return []
    out, seats = read(view), list(seated)
    gone = [m for s, m in holders.items() if s in out and m is not None and m in away and m in seats]
    if not gone or len(seats) - len(gone) not in game.info.seats:
        return []
    return gone


def seating(
    game: Game,
    view: Mapping[str, Any],
    holders: Mapping[str, str | None],
    seated: Sequence[str | None],
    away: Collection[str],
    again: bool,
) -> list[str | None]:
    """The members of the next match's seats, in seat order: ``seated`` (the lobby's seats now) without
    those ``without`` leaves out, the others closing up, then ``turned`` if the match is a rematch
    (``again``: the last match's game, options and seats, unchanged since it ended). ``Session._here``
    seats the match by it, and every page says who starts it before the press (its first seat)."""
    gone = without(game, view, holders, seated, away)
    if not gone and not (again and turns(game)):
        return list(seated)
    kept = [m for m in seated if m not in gone]
    return turned(game, kept) if again else kept


def turns(game: Game) -> bool:
    """Whether a rematch of ``game`` turns its seats: a game whose seats take turns (not ``simultaneous``,
    ``core/game.py``), where the first seat moves first and so has the edge (Raythread's first seat wins
    most matches between equal players). In a game whose seats act at once no seat starts."""
    return not getattr(game, "simultaneous", False)


def turned(game: Game, players: Sequence[T]) -> list[T]:
    """The players of a rematch in seat order: each moved to the next seat, the last seat's to the first
    (two players swap), so each match another player moves first; as they were in a game that ``turns``
    nothing. The lobby's Rematch and a table's on one device (``ui/table.py``) both seat by it."""
    if not turns(game) or not players:
        return list(players)
    return [players[-1], *players[:-1]]
