"""Every lobby test plays the tiny counting games of ``countgame.py``, registered for the test only."""

import pytest

from gamenight import games
from tests.unit.lobby.countgame import COUNT, NUMBERED


@pytest.fixture(autouse=True)
def registry(monkeypatch):
    monkeypatch.setitem(games.RULES, COUNT.info.id, COUNT)
    monkeypatch.setitem(games.RULES, NUMBERED.info.id, NUMBERED)
