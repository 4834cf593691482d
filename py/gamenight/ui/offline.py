"""The note that hosting needs a connection, drawn wherever a page offers to host: under a game's ways to play
(the start page, a game's rules page: ``ui/app.py``) and on the lobby's host page (``ui/lobby/host.py``). Its
own small module, so the lobby does not import the app shell for it, and the start page imports no more than
this."""

from __future__ import annotations

from gamenight.i18n import _
from gamenight.ui.svg import Element, h


def offline_note() -> Element:
    """That hosting needs a connection, under a game's ways to play: offline, "Host a game night" opened a lobby
    that could reach no one and said nothing. Drawn always and shown only while the browser is offline
    (index.html marks the page ``data-online="no"`` from ``navigator.onLine`` and its events; css/app.css):
    the page is the same view online or not. No live region: it is part of the card, read with it."""
    return h(
        "p",
        {"class": "offline-note"},
        _("You are offline: hosting a game night needs a connection. The other ways to play here work offline."),
    )
