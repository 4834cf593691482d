"""An unsolvable built puzzle must not pay: a failed reveal voids its solvers' failures and disqualifies
its builder, who ranks below every player who revealed (docs/rules/reflection.md, "Secrets")."""

from __future__ import annotations

from gamenight.core.grid import Cell
from gamenight.reflection import GAME
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import commitment, submission
from gamenight.reflection.puzzle import Clue, TileSet, clues, parse_puzzle
from gamenight.reflection.solve import solve
from tests.unit.reflection.match_helpers import BUILT, Match, built_layout, salt


def forged_clues(layout: Layout, warps: tuple[Cell, ...], tiles: TileSet) -> list[str]:
    """Well-formed clues (odd yellows, paired greens) that no layout of ``tiles`` makes: one yellow
    number of ``layout``'s clues made two longer, checked with the solver."""
    real = clues(layout, warps)
    for i, clue in enumerate(real):
        if clue.colour != "yellow":
            continue
        forged = [str(c) for c in (*real[:i], Clue(clue.number + 2, "yellow"), *real[i + 1 :])]
        shape = {"size": layout.size, "warps": [list(w) for w in warps], "tiles": _tiles(tiles), "clues": forged}
        if solve(parse_puzzle(shape), 1).count == 0:
            return forged
    raise AssertionError("no forgery found for this layout")


def _tiles(t: TileSet) -> dict[str, int]:
    return {"diagonal": t.diagonal, "flat": t.flat, "block": t.block, "hole": t.hole}


def _cheat(m: Match, seat: str, k: int) -> None:
    """``seat`` commits to a real layout but sends clues no layout makes."""
    layout = _layout_with_a_yellow(m, k)
    m.layouts[seat] = layout
    forged = forged_clues(layout, m.state.warps, m.state.options.tileset)
    m.play(seat, {"type": "submit_puzzle", "clues": forged, "commitment": commitment(layout, salt(k))})


def _honest(m: Match, seat: str, k: int) -> None:
    m.layouts[seat] = built_layout(m.state, k)
    m.play(seat, submission(m.layouts[seat], m.state.warps, salt(k)))


def _layout_with_a_yellow(m: Match, k: int) -> Layout:
    for j in range(k, k + 50):
        layout = built_layout(m.state, j)
        if any(c.colour == "yellow" for c in clues(layout, m.state.warps)):
            return layout
    raise AssertionError("no layout with a yellow clue")


def test_in_a_two_player_match_the_builder_of_forged_clues_ranks_last_alone():
    m = Match(BUILT, 2)
    _honest(m, "1", 0)
    _cheat(m, "2", 1)
    # Round 1: seat 1 gets seat 2's unsolvable puzzle and gives up; seat 2 solves seat 1's.
    m.solve("2")
    m.play("1", {"type": "give_up"})
    assert GAME.view(m.state, None)["scores"] == {"1": -60, "2": 120}  # what cheating paid before the reveal
    m.reveal("1")
    events = m.reveal("2")  # the real layout does not make the clues it sent
    assert events[0]["type"] == "reveal_failed" and m.state.phase == "over"
    result = GAME.result(m.state)
    assert result.scores == {"1": 0, "2": 0}  # seat 1's failure is void; seat 2 scores nothing
    assert result.ranking == (("1",), ("2",)) and result.winners == ("1",) and not result.draw
    assert result.notes == {"2": {"code": "reveal-failed", "params": {"why": "reveal-clues"}}}
    view = GAME.view(m.state, "1")
    assert view["disqualified"] == ["2"]
    assert [(f["seat"], f["points"], f["void"]) for f in view["finishes"]] == [("2", 120, False), ("1", -60, True)]


def test_a_builder_who_never_reveals_forged_clues_is_disqualified_and_timeouts_on_it_are_void():
    m = Match({**BUILT, "limit": 2}, 2)
    _honest(m, "1", 0)
    _cheat(m, "2", 1)
    m.solve("2", after_ms=5_000)
    m.tick(120_000)  # seat 1 runs out of time on the forged puzzle
    assert [(f.seat, f.outcome) for f in m.state.finishes] == [("2", "solved"), ("1", "timeout")]
    m.reveal("1")
    m.tick(60_000)  # seat 2 keeps its layout to itself
    result = GAME.result(m.state)
    assert result.scores == {"1": 0, "2": 0} and result.ranking == (("1",), ("2",))
    assert result.notes == {"2": {"code": "reveal-failed", "params": {"why": "reveal-late"}}}
    assert m.replayed() == m.state


def test_solvers_of_a_puzzle_whose_reveal_fails_keep_their_points_and_only_failures_are_void():
    m = Match(BUILT, 3)
    m.build_all()
    # Round 1: 1 solves 2's, 2 solves 3's, 3 solves 1's; round 2: 1 solves 3's, 2 solves 1's, 3 solves 2's.
    for seat in ("3", "2", "1"):
        m.solve(seat)
    for seat in ("3", "2"):
        m.solve(seat)
    m.play("1", {"type": "give_up"})
    assert GAME.view(m.state, None)["scores"] == {"1": 20 - 20, "2": 40 + 40, "3": 60 + 60}
    m.reveal("1")
    m.reveal("2")
    m.play("3", {"type": "reveal", "layout": m.layouts["3"].to_json(), "salt": salt(99)})  # not its salt
    result = GAME.result(m.state)
    # Seat 2 keeps the 40 it won on seat 3's puzzle; seat 1's give-up on it costs nothing.
    assert result.scores == {"1": 20, "2": 80, "3": 0}
    # Seat 3 had the most points: disqualified, it ranks below everyone who revealed.
    assert result.ranking == (("2",), ("1",), ("3",))


def test_two_disqualified_builders_share_the_last_place_below_every_honest_one():
    m = Match(BUILT, 3)
    m.build_all()
    for _ in range(2):
        for seat in ("1", "2", "3"):
            m.solve(seat)
    m.reveal("1")
    m.tick(61_000)  # 2 and 3 never reveal
    result = GAME.result(m.state)
    assert result.ranking == (("1",), ("2", "3")) and result.winners == ("1",) and not result.draw
    assert GAME.view(m.state, None)["disqualified"] == ["2", "3"]
