"""The lobby's line under a finished match (``panel._result``): a team's shared win read "Winner: Ana and Cy.",
one name's word for two; and a result that names no winner and no draw read "Winner: ." (a result from another
page, checked only for its fields' types at the edge)."""

import gamenight.raythread.rules  # noqa: F401  (registers the ending said below)
from gamenight.core.game import Result
from gamenight.ui.lobby import panel
from gamenight.ui.lobby.panel import reason_text
from gamenight.ui.svg import text_of
from tests.unit.words import in_language

NAMES = {"1": "Ana", "2": "Bea", "3": "Cy", "4": "Dot"}


def line(result: dict) -> str:
    said = panel._result(result, NAMES, {})
    return text_of(said).strip() if said is not None else ""


def test_one_winner_is_named_as_the_winner():
    assert line(Result((("2",), ("1",))).to_json()) == "Winner: Bea."


def test_a_team_s_shared_win_names_its_players_as_the_winners():
    team_win = Result((("1", "3"), ("2", "4")), teams=(("1", "3"), ("2", "4"))).to_json()
    assert team_win["draw"] is False and team_win["winners"] == ["1", "3"]
    assert line(team_win) == "Winners: Ana and Cy."
    with in_language("ja"):
        assert line(team_win) == "勝者：Ana\u2060とCy。"


def test_a_draw_says_a_draw():
    assert line(Result((("1", "2"),)).to_json()) == "A draw."


def test_a_result_naming_no_winner_and_no_draw_says_no_empty_winner():
    assert line({"winners": [], "draw": False, "reason": None}) == ""
    said = line({"winners": [], "draw": False, "reason": {"code": "raythread-supply", "params": {}}})
    assert "Winner" not in said and said, said


def test_the_headline_and_its_reason_stand_apart_as_sentences_in_the_page_s_language():
    """The headline and the reason were joined by a plain space in Japanese too, where sentences follow one
    another with none ("勝者：Ana。 …"); the lobby's other lines use ``i18n.sentence_gap``."""
    result = {"winners": ["1"], "draw": False, "reason": {"code": "raythread-supply", "params": {}}}
    with in_language("ja"):
        reason = reason_text("raythread-supply", {})
        assert reason and line(result) == f"勝者：Ana。{reason}"
    assert line(result) == f"Winner: Ana. {reason_text('raythread-supply', {})}"
