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


def test_the_guide_and_the_help_say_a_touch_screen_s_cube_acts_by_its_slide_and_tilt_buttons():
    """QA: the rules and the help's gestures told a touch player "Tap a cube, then an arrow", but on a touch
    screen the arrows on the board take no taps (css/app.css: half a cell is under a finger's 44 px); the chosen
    cube's Slide and Tilt buttons do it. By mouse the arrows and the buttons both work. The words say so, in
    both languages."""
    page = i18n.plain(text_of(guide.page()))
    assert "then an arrow." not in page
    assert (
        "Tap a cube, then a Slide or Tilt button (they appear once a cube is chosen). With a mouse, click a cube, "
        "then an arrow on the board or a button." in page
    )
    gestures = [i18n._(gesture) for gesture, _what in guide.GESTURES]
    assert "Tap a cube, then a Slide or Tilt button" in gestures and "Tap a cube, then an arrow" not in gestures
    i18n.set_language("ja")
    page = i18n.plain(text_of(guide.page()))
    assert "「スライド」か「ティルト」のボタンをタップ" in page and "マウスでは" in page, page
    assert "キューブ、次に「スライド」か「ティルト」のボタンをタップ" in [i18n._(g) for g, _w in guide.GESTURES]
