"""Small words of the match screen: a seat's colour named (``match.colour_name``), and which computer player
has no name of its own (``core.bot.unnamed_bot``)."""

import pytest

from gamenight import i18n
from gamenight.core.bot import label, unnamed_bot
from gamenight.core.errors import BadMessage
from gamenight.lobby.protocol import parse_name
from gamenight.lobby.record import parse_record
from gamenight.ui import match


def test_a_seat_s_colour_is_named_in_the_page_s_language_when_said():
    assert [match.colour_name(c) for c in ("amber", "magenta", "coral")] == ["orange", "pink", "red"]
    assert match.colour_name("plaid") == ""
    i18n.set_language("ja")
    assert [match.colour_name(c) for c in ("amber", "magenta", "coral")] == ["オレンジ", "ピンク", "赤"]


def test_no_save_or_peer_message_can_hold_a_computer_player_s_label_plain_spaced_or_not():
    """``unnamed_bot`` compares a name with the label exactly: the label is the page's own (the lobby page's
    table, ``ui.lobby.panel._names``), made in the language it is compared in. A name read from a save or a
    peer goes through ``parse_name``, which refuses brackets: neither form of the label gets in."""
    for name in (label("normal"), "Bot (Normal)"):
        with pytest.raises(BadMessage):
            parse_name(name)
    record = {"v": 1, "game": "raythread", "options": None, "seats": ["A", "C"], "seed": 7, "log": []}
    assert parse_record({**record, "names": {"A": "Ann", "C": "Bot"}}).names["C"] == "Bot"
    with pytest.raises(BadMessage):
        parse_record({**record, "names": {"A": "Ann", "C": "Bot (Normal)"}})
    assert unnamed_bot(label("normal"), "normal") and not unnamed_bot("Bot (Normal)", "normal")
