"""Whom a rematch after a count-out goes without: one rule, which the host's session starts the rematch by
(``Session._here``) and every page says under the ended match before it starts (``ui/lobby/panel.py``).

A player the last match counted out (the game's optional ``counted_out``, ``core/game.py``) kept their seat
to watch that match from it; seated again, the rematch would wait for them as the last one did until they
were counted out. So it starts without those whose page is still gone, if the game takes the players left;
else it keeps the lobby's seats. A player who came back is here and plays. The lobby stays generic: it asks
the game only which seats were counted out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from gamenight.core.game import Game


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
