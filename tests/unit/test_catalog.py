"""The game registry the home page and the lobby read."""

from gamenight import games


def test_catalog_lists_the_three_games_with_their_player_counts():
    assert [(g.id, g.title, g.players) for g in games.CATALOG] == [
        ("raythread", "Raythread Rally", "2–4"),
        ("reflection", "Reflection", "1–6"),
        ("lightseeker", "Light Seeker", "2"),
    ]
    assert all(g.pitch for g in games.CATALOG)


def test_info_finds_games_by_id_only():
    assert games.info("reflection").title == "Reflection"
    assert games.info("chess") is None


def test_every_playable_game_is_in_the_catalogue_under_its_own_id():
    for game_id, game in games.RULES.items():
        assert games.info(game_id) is game.info
        assert games.rules(game_id) is game
    assert games.rules("chess") is None
