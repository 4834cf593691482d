"""The in-app guide to Raythread Rally says what the rules do (test_rules.py holds the rules)."""

from gamenight import i18n
from gamenight.raythread import guide
from gamenight.ui.svg import text_of


def test_the_guide_says_which_way_the_tie_break_goes():
    """The rules rank equal scores by joint claims, more first (test_tied_scores_are_ranked_by_joint_claims);
    the guide said only "by the number of" them, which a player may read either way."""
    assert "the player with more beacons claimed together with another colour" in text_of(guide.page())
    i18n.set_language("ja")
    assert "他の色と一緒に獲得したビーコンが多いプレイヤー" in text_of(guide.page())


def test_the_guide_says_players_still_level_share_the_place_and_a_shared_first_place_is_a_draw():
    """Found by a QA pass: the rules (docs/rules/raythread.md, Ranking) let seats still equal after the tie-break
    share the place, and a shared first place is a draw; the guide stopped at the tie-break, so "A draw
    between …" and "1." beside two names at the end were not explained where the rules are read."""
    said = " ".join(text_of(guide.page()).split())
    assert "more beacons claimed together with another colour ranks higher. Players still level share the place" in said
    assert "a shared first place is a draw." in said
    i18n.set_language("ja")
    said = "".join(text_of(guide.page()).split())
    assert "上位です。それでも並んだプレイヤーは同じ順位となり、1位が並んだときは引き分けです。" in said
