"""Commit–reveal and what each seat may see: no layout, solution or salt travels before its time."""

from __future__ import annotations

import hashlib

import pytest

from gamenight import i18n
from gamenight.core.errors import IllegalMove
from gamenight.core.game import reason
from gamenight.core.jsonutil import dumps
from gamenight.reflection import GAME, standings
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import commitment, reveal_flaw, submission
from gamenight.reflection.puzzle import clues, puzzle_of
from tests.unit.reflection.match_helpers import BUILT, Match, salt

SMALL = {"preset": "custom", "size": 4, "tiles": 3}


def test_the_commitment_is_sha256_of_the_canonical_layout_json_and_the_salt():
    layout = Layout.of(4, {(0, 1): "/", (2, 2): "#"})
    expected = hashlib.sha256(('{"rows":["./..","....","..#.","...."]}' + "ab" * 16).encode()).hexdigest()
    assert commitment(layout, "ab" * 16) == expected


def test_a_submission_carries_only_clues_and_the_commitment():
    layout = Layout.of(4, {(0, 1): "/", (2, 2): "#"})
    move = submission(layout, (), salt(1))
    assert set(move) == {"type", "clues", "commitment"}
    assert move["clues"] == [str(c) for c in clues(layout)]
    text = dumps(move)
    assert salt(1) not in text and "rows" not in text and ".\\\\/" not in text


def _flaw(committed_layout: Layout, revealed: Layout, salt_used: str, submitted_from: Layout | None = None):
    """The host's verdict on a reveal of ``revealed`` with ``salt_used``, the builder having committed
    to ``committed_layout`` and submitted the clues of ``submitted_from`` (default: the same layout)."""
    tiles = puzzle_of(built_from := submitted_from or committed_layout).tiles
    puzzle = puzzle_of(built_from, (), tiles)
    return reveal_flaw(puzzle, commitment(committed_layout, salt(1)), revealed, salt_used)


HONEST = Layout.of(5, {(0, 1): "/", (1, 3): "\\", (3, 2): "|", (4, 4): "#"})


def test_an_honest_reveal_is_accepted():
    assert _flaw(HONEST, HONEST, salt(1)) is None


def test_a_changed_layout_or_a_wrong_salt_does_not_open_the_commitment():
    changed = HONEST.place((0, 1), "\\")
    assert _flaw(HONEST, changed, salt(1)) == "reveal-commitment"
    assert _flaw(HONEST, HONEST, salt(2)) == "reveal-commitment"


def test_a_layout_missing_a_tile_is_rejected_even_when_it_matches_its_commitment():
    missing = HONEST.place((4, 4), ".")
    tiles = puzzle_of(HONEST).tiles
    puzzle = puzzle_of(missing, (), tiles)  # the cheat submitted the clues of the smaller layout
    assert reveal_flaw(puzzle, commitment(missing, salt(1)), missing, salt(1)) == "reveal-tiles"


def test_a_layout_whose_clues_differ_from_the_submitted_ones_is_rejected():
    other = HONEST.place((0, 1), ".").place((0, 0), "/")
    assert clues(other) != clues(HONEST)
    assert _flaw(other, other, salt(1), submitted_from=HONEST) == "reveal-clues"


def test_a_failed_reveal_scores_zero_for_the_match_and_is_flagged_in_the_result():
    m = Match(BUILT, 2)
    m.build_all()
    m.solve("1")
    m.solve("2")
    assert m.state.phase == "reveal"
    m.reveal("1")
    cheat = m.layouts["2"].place(next(iter(m.layouts["2"].tiles())), ".")
    events = m.play("2", {"type": "reveal", "layout": cheat.to_json(), "salt": salt(1)})
    assert events[0] == {
        "type": "reveal_failed",
        "seat": "2",
        "why": "reveal-commitment",
    }
    result = GAME.result(m.state)
    assert result.scores == {"1": 120, "2": 0}  # seat 2 solved second (60 points) but loses them
    assert result.notes == {"2": reason("reveal-failed", why="reveal-commitment")}
    view = GAME.view(m.state, None)
    assert view["puzzles"][1]["reveal"] == "failed" and view["puzzles"][1]["solution"] is None
    assert view["puzzles"][0]["solution"] == list(m.layouts["1"].rows)


def test_a_reveal_that_never_comes_fails_when_the_reveal_timeout_passes():
    m = Match(BUILT, 2)
    m.build_all()
    m.solve("2")
    m.solve("1")
    m.reveal("2")  # 1 s after the round ended
    m.tick(58_000)
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1"}
    events = m.tick(1_000)
    assert m.state.phase == "over"
    assert GAME.result(m.state).scores == {"1": 0, "2": 120}
    assert GAME.result(m.state).notes == {"1": reason("reveal-failed", why="reveal-late")}
    # The wire carries the reason's code, as for every other failed reveal: each page words it in its
    # own language (an English sentence here was shown as it came, untranslated, in Japanese).
    assert {"type": "reveal_failed", "seat": "1", "why": "reveal-late"} in events
    i18n.set_language("ja")
    line = standings.event_text(next(e for e in events if e["type"] == "reveal_failed"), {"1": "Ann", "2": "Bea"})
    assert "no reveal came in time" not in line and standings.flaw_text("reveal-late") in line


def test_a_reveal_before_the_puzzles_rounds_are_over_is_refused():
    m = Match(BUILT, 2)
    m.build_all()
    with pytest.raises(IllegalMove, match="cannot reveal while puzzles are being solved"):
        GAME.play(m.state, "1", {"type": "reveal", "layout": m.layouts["1"].to_json(), "salt": salt(0)}, m.now + 1)


def test_a_malformed_reveal_is_refused_and_can_be_sent_again():
    m = Match(BUILT, 2)
    m.build_all()
    m.solve("1")
    m.solve("2")
    for move, words in (
        ({"type": "reveal", "layout": {"rows": ["....."]}, "salt": salt(0)}, "a layout is 5 rows"),
        ({"type": "reveal", "layout": m.layouts["1"].to_json(), "salt": "short"}, "lowercase hex digits"),
        ({"type": "reveal", "layout": m.layouts["1"].to_json()}, "'salt' is missing"),
    ):
        with pytest.raises(IllegalMove, match=words):
            GAME.play(m.state, "1", move, m.now + 1)
    m.reveal("1")
    assert m.state.sheets[0].revealed


# --- views -----------------------------------------------------------------------------------------


def _secrets(layout: Layout) -> list[str]:
    """How a layout could show up in a view's JSON: its canonical JSON, and each row holding a tile."""
    return [dumps(layout.to_json()), *(dumps(row) for row in layout.rows if row.strip("."))]


def _views(state) -> dict[str | None, str]:
    return {seat: dumps(GAME.view(state, seat)) for seat in (*state.seats, None)}


def test_no_seat_sees_another_layout_or_any_salt_before_the_reveal_and_everyone_after():
    m = Match({**BUILT, "warp": True}, 3)
    salts = [salt(k) for k in range(3)]
    seen: list[dict[str | None, str]] = [_views(m.state)]
    m.build_all()
    seen.append(_views(m.state))
    for _ in range(2):
        for seat in ("1", "2", "3"):
            m.solve(seat)
            seen.append(_views(m.state))
    assert m.state.phase == "reveal"
    for text in (t for views in seen for t in views.values()):
        for layout in m.layouts.values():
            assert not any(secret in text for secret in _secrets(layout))
    for seat in m.seats:
        m.reveal(seat)
        seen.append(_views(m.state))
    every = [t for views in seen for t in views.values()] + [dumps(e) for e in m.events]
    assert not any(s in text for s in salts for text in every)
    final = _views(m.state)
    for text in final.values():
        assert all(dumps(list(layout.rows)) in text for layout in m.layouts.values())


def test_events_never_carry_a_layout_or_a_salt():
    m = Match(BUILT, 3)
    m.build_all()
    for seat in ("3", "1", "2", "2", "3", "1"):
        m.solve(seat)
    for seat in m.seats:
        m.reveal(seat)
    text = dumps(m.events)
    assert "rows" not in text and "salt" not in text and "clues" not in text


def test_in_variant_a_a_seat_sees_only_the_clues_it_built_or_was_given():
    m = Match(BUILT, 3)
    m.build_all()
    view = GAME.view(m.state, "1")  # round 1: seat 1 solves seat 2's puzzle
    shown = [p["clues"] is not None for p in view["puzzles"]]
    assert view["solving"]["1"] == 2 and shown == [True, True, False]
    spectator = GAME.view(m.state, None)
    assert all(p["clues"] is not None for p in spectator["puzzles"])  # every puzzle is in play
    for seat in m.seats:
        m.solve(seat)
    assert [p["clues"] is not None for p in GAME.view(m.state, "1")["puzzles"]] == [True, True, True]


def test_a_random_puzzles_solution_is_hidden_until_its_round_ends_and_later_puzzles_stay_unseen():
    m = Match({**SMALL, "rounds": 3}, 2)
    first, second = (s.solution for s in m.state.sheets[:2])
    for seat in (*m.seats, None):
        view = GAME.view(m.state, seat)
        assert [p["solution"] for p in view["puzzles"]] == [None, None, None]
        assert [p["clues"] is not None for p in view["puzzles"]] == [True, False, False]
        assert not any(secret in dumps(view) for secret in _secrets(first) + _secrets(second))
    m.solve("1")
    assert GAME.view(m.state, "2")["puzzles"][0]["solution"] is None  # seat 2 is still solving
    m.play("2", {"type": "give_up"})
    for seat in (*m.seats, None):
        view = GAME.view(m.state, seat)
        assert view["puzzles"][0]["solution"] == list(first.rows)
        assert view["puzzles"][1]["solution"] is None and view["puzzles"][1]["clues"] is not None
