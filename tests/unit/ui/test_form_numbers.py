"""Numbers a form gives as text (a player count, a seat, an option, a link's puzzle number) are read as ASCII
digits only, by one reader (``core.game.form_number``): ``str.isdigit()`` holds for "²", which ``int`` refuses
(an update that trusted it raised), and for "٣" (an Arabic-Indic three), which ``int`` reads as 3. The page's
own controls write plain digits, but what a form sends is still input. The table's setup is checked in
tests/unit/ui/test_table.py, a training link's numbers in tests/unit/reflection/test_training.py."""

import pytest

from gamenight.core.errors import BadOptions
from gamenight.core.game import MAX_DIGITS, form_number
from gamenight.raythread.rules import OPTION_FIELDS
from gamenight.ui.forms import read_options
from gamenight.ui.lobby.panel import lobby_requests
from gamenight.ui.program import UiEvent
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby

BAD = ["²", "٣", "①", "", " ", "3 3", "-1", "+3", "3.0", "0x3", "3" * (MAX_DIGITS + 1)]


@pytest.mark.parametrize("text", BAD)
def test_only_plain_ascii_digits_are_a_number(text):
    assert form_number(text) is None


def test_plain_ascii_digits_are_read_up_to_a_seed_and_beyond():
    assert [form_number(t) for t in ("3", "0", "007", str(2**53 - 1))] == [3, 0, 7, 2**53 - 1]
    assert form_number("9" * MAX_DIGITS) == 10**MAX_DIGITS - 1  # too large for any field: its range says so


def test_the_spaces_a_person_types_or_pastes_around_a_number_are_read_past():
    # A puzzle number or a seed copied from a message comes with a space or a line's end; a Japanese
    # keyboard types the full-width space U+3000.
    assert [form_number(t) for t in (" 3", "3 ", "\t42\n", "\u30007\u3000")] == [3, 3, 42, 7]


@pytest.mark.parametrize("text", ["²", "٣", "3 3", "-1"])
def test_an_option_that_is_not_plain_digits_is_refused_with_its_label(text):
    with pytest.raises(BadOptions) as refused:
        read_options(OPTION_FIELDS, {"target": text})
    assert refused.value.code == "option-number" and refused.value.params["label"] == "Points to win"
    assert read_options(OPTION_FIELDS, {"target": "3"})["target"] == 3
    assert read_options(OPTION_FIELDS, {"target": " 3 "})["target"] == 3


@pytest.fixture
def client():
    """A host's lobby client: Raythread Rally for two players."""
    host = host_lobby(FakeRtc(), Browser())
    host.submit("choose", game="raythread", players="2")
    client = host.inner.live.client
    assert (client.lobby.game, client.lobby.players) == ("raythread", 2)
    return client


def players(client, event: UiEvent) -> list:
    """The player counts the ``Choose`` messages that ``event`` asks for name (``None``: unsaid)."""
    return [m.get("players") for m in lobby_requests(client, event) if m["type"] == "choose"]


@pytest.mark.parametrize("bad", ["²", "٣", "", "3 3", "-1"])
def test_a_lobby_player_count_that_is_not_plain_digits_asks_for_no_new_count(client, bad):
    # Picked in the select: nothing is asked.
    assert lobby_requests(client, UiEvent("change", "choose", {"field": "players"}, value=bad)) == ()
    # "Room for more players": one more seat, as when the button names no count.
    assert players(client, UiEvent("click", "make-room", {"players": bad})) == [3]
    assert players(client, UiEvent("click", "make-room")) == [3]
    # The form submitted: the game's own count is kept, as when the form names none.
    submitted = players(client, UiEvent("submit", "choose", form={"game": "raythread", "players": bad}))
    assert submitted == players(client, UiEvent("submit", "choose", form={"game": "raythread"}))
    assert submitted != [3]


def test_a_lobby_player_count_in_plain_digits_is_asked_for(client):
    assert players(client, UiEvent("change", "choose", {"field": "players"}, value="3")) == [3]
    assert players(client, UiEvent("click", "make-room", {"players": "4"})) == [4]
    assert players(client, UiEvent("submit", "choose", form={"game": "raythread", "players": "3"})) == [3]
