"""The in-app guide to Raythread Rally says what the rules do (test_rules.py holds the rules)."""

import pytest

from gamenight import i18n
from gamenight.raythread import guide
from gamenight.ui.svg import text_of


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_the_guide_says_which_way_the_tie_break_goes():
    """The rules rank equal scores by joint claims, more first (test_tied_scores_are_ranked_by_joint_claims);
    the guide said only "by the number of" them, which a player may read either way."""
    assert "the player with more beacons claimed together with another colour" in text_of(guide.page())
    i18n.set_language("ja")
    assert "他の色と一緒に獲得したビーコンが多いプレイヤー" in text_of(guide.page())
