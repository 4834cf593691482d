"""The in-app guide to Light Seeker says what the rules do (test_rules.py holds the rules)."""

from gamenight import i18n
from gamenight.lightseeker import guide
from gamenight.ui.svg import text_of


def test_the_guide_says_a_player_with_no_legal_turn_loses_or_draws_by_the_options():
    """QA: a match ended "The match is over: Ann (1) has no legal turn. Player 2 wins!" with no area
    worth 7 on the board, and "How to play" named only the area of 7 as a way to win or lose
    (test_rules: the match ends when the next player has no legal turn; option no_legal_turn)."""
    assert (
        "A player who has no legal turn loses the match, or it ends in a draw if the match's options say so."
        in text_of(guide.page())
    )
    i18n.set_language("ja")
    assert "合法な手番がないプレイヤーは負けになります" in text_of(guide.page())
