"""Light Seeker rules: setup, light areas, turns, Buh, the win, no legal turn, legal(), view."""

import random

import pytest

from gamenight import i18n
from gamenight.core.errors import BadOptions, IllegalMove
from gamenight.core.grid import DIRECTIONS, E, N, S, W
from gamenight.i18n import english
from gamenight.lightseeker import GAME
from gamenight.lightseeker.cube import DEFAULT_LIGHTING, DOWN, EAST, HOME, NORTH, UP, WEST, orientation, top
from gamenight.lightseeker.rules import (
    Area,
    Board,
    Options,
    State,
    first_isolated,
    has_legal_turn,
    light_areas,
    setup_board,
    total_light,
    turn_outcomes,
)
from tests.unit.words import assert_says, in_language, sentence

DARK = HOME
FULL = orientation(NORTH, UP)
HALF_NW = orientation(EAST, NORTH)  # lit edges N and W
HALF_ES = orientation(WEST, NORTH)  # lit edges E and S


def board(*cubes, buh=0):
    """A board from ``(cell, orientation)`` pairs, cube 0 first."""
    return Board(tuple(c for c, _ in cubes), tuple(o for _, o in cubes), buh)


def state(b, turn=2, no_legal_turn="loses"):
    return State(Options(no_legal_turn), ("ann", "bob"), b, turn=turn)


def move(*actions, buh):
    return {"actions": [{"cube": c, "kind": k, "dir": d} for c, k, d in actions], "buh": buh}


def played(seed: int, turns: int, joins: str = "edges") -> State:
    """A position after ``turns`` random legal turns of a seeded match (fewer where it ends sooner)."""
    state = GAME.setup(GAME.options({"light_joins": joins}), ["ann", "bob"], seed)
    chooser = random.Random(seed)
    for _ in range(turns):
        if state.outcome:
            break
        state, _ = GAME.play(state, state.to_move, chooser.choice(GAME.legal(state, state.to_move)), 0)
    return state


def test_the_shorthand_orientations_light_what_their_names_say():
    assert DEFAULT_LIGHTING.lit_edges[HALF_NW] == {N, W}
    assert DEFAULT_LIGHTING.lit_edges[HALF_ES] == {E, S}
    assert DEFAULT_LIGHTING.light[FULL] == 2
    assert DEFAULT_LIGHTING.light[DARK] == 0


# --- setup and options ------------------------------------------------------------------------------


def test_setup_puts_nine_dark_cubes_on_a_3x3_block_with_buh_on_the_centre():
    s = GAME.setup(GAME.options(None), ["ann", "bob"], 42)
    assert s.board.cells == tuple((r, c) for r in range(3) for c in range(3))
    assert s.board.buh == 4 and s.board.cells[4] == (1, 1)
    assert all(top(o) in (UP, DOWN) for o in s.board.orientations)
    assert total_light(s.board) == 0
    assert GAME.active(s) == {"ann"} and s.actions_due == 1


def test_setup_is_random_per_cube_but_fixed_by_the_seed():
    seen = set()
    for seed in range(30):
        a = GAME.setup(GAME.options(None), ["ann", "bob"], seed)
        assert a == GAME.setup(GAME.options(None), ["ann", "bob"], seed)
        seen.update(a.board.orientations)
    # Both dark faces up, each in all four quarter turns about the vertical axis.
    assert len(seen) == 8


def test_setup_needs_exactly_two_different_seats():
    two = sentence("Light Seeker is played by exactly 2 different seats.")
    with pytest.raises(BadOptions, match=two):
        GAME.setup(GAME.options(None), ["ann", "bob", "cy"], 1)
    with pytest.raises(BadOptions, match=two):
        GAME.setup(GAME.options(None), ["ann", "ann"], 1)


def test_options_default_and_validation():
    assert GAME.options(None) == GAME.options({}) == Options("loses")
    assert GAME.options({"no_legal_turn": "draw"}) == Options("draw")
    for bad, reason in (
        ({"no_legal_turn": "wins"}, "'no_legal_turn' must be one of 'loses', 'draw'"),
        ({"no_legal_turn": True}, "'no_legal_turn' must be one of 'loses', 'draw'"),
        ({"colour": "red"}, "the options has unknown field 'colour'"),
        (["draw"], "the options must be an object"),
    ):
        with pytest.raises(BadOptions, match=sentence(reason)):
            GAME.options(bad)


def test_a_seed_sets_up_the_same_cubes_in_every_version():
    # Saved records replay from their seed, so what a seed sets up is fixed for good.
    assert setup_board(2024).orientations == (0, 19, 20, 9, 21, 17, 23, 23, 19)


def test_a_turn_is_announced_with_its_actions_buh_and_the_light_after_it():
    s = GAME.setup(GAME.options(None), ["ann", "bob"], 3)
    turn = {"actions": [{"cube": 0, "kind": "tilt", "dir": "N"}], "buh": 0}
    _, events = GAME.play(s, "ann", turn, 0)
    assert events == [{"type": "turn", "seat": "ann", **turn, "light": 2}]


# --- light areas ------------------------------------------------------------------------------------


def test_half_faces_touching_by_their_lit_edges_make_one_area():
    b = board(((0, 0), HALF_ES), ((0, 1), HALF_NW))
    assert light_areas(b) == (Area((0, 1), 2),)


def test_half_faces_touching_by_a_dark_edge_stay_apart():
    # Cube 0's east edge is dark, cube 1's west edge is lit: both sides must be lit.
    b = board(((0, 0), HALF_NW), ((0, 1), HALF_NW))
    assert light_areas(b) == (Area((0,), 1), Area((1,), 1))
    # And the mirror case: cube 0 lit towards cube 1, cube 1 dark towards cube 0.
    b = board(((0, 0), HALF_ES), ((0, 1), HALF_ES))
    assert light_areas(b) == (Area((0,), 1), Area((1,), 1))


def test_a_full_face_bridges_two_halves():
    b = board(((0, 0), HALF_ES), ((0, 1), FULL), ((0, 2), HALF_NW))
    assert light_areas(b) == (Area((0, 1, 2), 4),)
    # Darken the bridge and the halves are cut off from each other.
    b = board(((0, 0), HALF_ES), ((0, 1), DARK), ((0, 2), HALF_NW))
    assert light_areas(b) == (Area((0,), 1), Area((2,), 1))


def test_areas_join_only_orthogonally_and_total_light_is_their_sum():
    b = board(((0, 0), FULL), ((1, 1), FULL), ((1, 2), HALF_NW), ((2, 2), HALF_ES), ((3, 3), DARK))
    assert light_areas(b) == (Area((0,), 2), Area((1, 2), 3), Area((3,), 1))
    assert total_light(b) == 6 == sum(a.value for a in light_areas(b))


def test_a_vertical_join_needs_north_and_south_edges_lit():
    # HALF_NW lights its north edge; HALF_ES above it lights its south edge.
    assert light_areas(board(((0, 0), HALF_ES), ((1, 0), HALF_NW))) == (Area((0, 1), 2),)
    assert light_areas(board(((0, 0), HALF_NW), ((1, 0), HALF_ES))) == (Area((0,), 1), Area((1,), 1))


# --- the 7-light win --------------------------------------------------------------------------------

# Row 0 is three full faces (an area of 6); cube 5 waits at (1, 3) to tilt west into (1, 2), where
# its east face comes up lighting north and west, joining the full face of cube 2 above it.
NEAR_WIN = board(
    ((0, 0), FULL),
    ((0, 1), FULL),
    ((0, 2), FULL),
    ((1, 0), DARK),
    ((1, 1), DARK),
    ((1, 3), DARK),
    ((2, 0), DARK),
    ((2, 1), DARK),
    ((2, 2), DARK),
    buh=4,
)


def test_an_area_of_7_wins_for_the_player_who_made_it():
    s = state(NEAR_WIN)
    after, events = GAME.play(s, "ann", move((5, "tilt", "W"), (8, "slide", "E"), buh=0), 0)
    assert max(a.value for a in light_areas(after.board)) == 7
    result = GAME.result(after)
    assert result is not None and result.winners == ("ann",) and not result.draw
    assert result.ranking == (("ann",), ("bob",))
    assert events[-1] == {
        "type": "end",
        "winner": "ann",
        "reason": {"code": "lightseeker-lit", "params": {"seat": "ann", "value": 7}},
    }
    assert_says(result, r"^ann lit an area worth 7\.?$")
    assert GAME.active(after) == frozenset()
    assert GAME.legal(after, "bob") == []
    with pytest.raises(IllegalMove, match=sentence("the match is over")):
        GAME.play(after, "bob", move((1, "tilt", "N"), (1, "tilt", "S"), buh=2), 0)


def test_more_light_without_an_area_of_7_does_not_win():
    s = state(NEAR_WIN)
    after, events = GAME.play(s, "ann", move((5, "tilt", "S"), (6, "slide", "W"), buh=0), 0)
    assert total_light(after.board) == 8
    assert [a.value for a in light_areas(after.board)] == [6, 2]
    assert GAME.result(after) is None and GAME.active(after) == {"bob"}
    assert [e["type"] for e in events] == ["turn"]


# --- turn rules -------------------------------------------------------------------------------------


def test_isolation_diagonal_neighbours_count():
    assert first_isolated([(0, 0), (1, 1)]) is None
    assert first_isolated([(0, 0), (0, 2), (0, 1)]) is None
    assert first_isolated([(0, 0), (0, 2)]) == 0
    assert first_isolated([(0, 0), (1, 0), (5, 5)]) == 2


def test_a_turn_that_isolates_a_cube_is_illegal_and_changes_nothing():
    s = state(NEAR_WIN)
    snapshot = State(s.options, s.seats, s.board, s.turn)
    # Cube 5 tilts south to (2, 3), then cube 8 slides south to (3, 2): it still touches cube 5
    # diagonally, so that is legal; sliding cube 8 further away is not.
    GAME.play(s, "ann", move((5, "tilt", "S"), (8, "slide", "S"), buh=0), 0)
    with pytest.raises(IllegalMove, match=r"^cube 5 would be isolated$"):
        GAME.play(s, "ann", move((5, "tilt", "E"), (5, "slide", "E"), buh=0), 0)
    assert s == snapshot


def test_only_the_final_position_must_be_connected():
    # Cube 5 rolls east to (1, 4), alone for a moment, and slides back west to (1, 3).
    s = state(NEAR_WIN)
    after, _ = GAME.play(s, "ann", move((5, "tilt", "E"), (5, "slide", "W"), buh=0), 0)
    assert after.board.cells[5] == (1, 3) and top(after.board.orientations[5]) is WEST


def test_total_light_must_rise_strictly():
    s = state(NEAR_WIN)
    # Two slides keep the light at 6.
    with pytest.raises(IllegalMove, match=r"^total light must rise above 6"):
        GAME.play(s, "ann", move((5, "slide", "S"), (6, "slide", "W"), buh=0), 0)
    # Tilting cube 2 (full) north gives a dark face; cube 5's tilt south adds 2: 6 - 2 + 2 = 6.
    with pytest.raises(IllegalMove, match=r"^total light must rise above 6, but this turn ends with 6$"):
        GAME.play(s, "ann", move((2, "tilt", "N"), (5, "tilt", "S"), buh=0), 0)
    # Rising by one is enough.
    after, _ = GAME.play(s, "ann", move((5, "tilt", "W"), (6, "slide", "W"), buh=0), 0)
    assert total_light(after.board) == 7


def test_the_first_turn_of_the_match_has_one_action_and_later_turns_two():
    s = GAME.setup(GAME.options(None), ["ann", "bob"], 7)
    with pytest.raises(IllegalMove, match=sentence("the first turn of the match has exactly 1 action")):
        GAME.play(s, "ann", move((0, "tilt", "N"), (0, "tilt", "S"), buh=0), 0)
    after, _ = GAME.play(s, "ann", move((0, "tilt", "N"), buh=0), 0)
    assert after.actions_due == 2 and GAME.active(after) == {"bob"}
    with pytest.raises(IllegalMove, match="exactly 2 actions"):
        GAME.play(after, "bob", move((1, "tilt", "N"), buh=4), 0)


def test_slide_keeps_the_orientation_and_tilt_rolls_the_cube():
    s = state(NEAR_WIN)
    after, _ = GAME.play(s, "ann", move((8, "slide", "E"), (8, "tilt", "E"), buh=0), 0)
    assert after.board.cells[8] == (2, 4)
    assert top(after.board.orientations[8]) is WEST  # home, rolled east: the west face comes up
    after, _ = GAME.play(s, "ann", move((8, "tilt", "E"), (8, "slide", "E"), buh=0), 0)
    assert after.board.cells[8] == (2, 4) and top(after.board.orientations[8]) is WEST


def test_an_action_needs_an_open_space_that_way():
    s = state(NEAR_WIN)
    with pytest.raises(IllegalMove, match=r"^cube 0 cannot slide E: cube 1 is in the way$"):
        GAME.play(s, "ann", move((0, "slide", "E"), (5, "tilt", "W"), buh=2), 0)
    # The first action can open the way for the second.
    with pytest.raises(IllegalMove, match=r"^cube 7 cannot tilt E: cube 8 is in the way$"):
        GAME.play(s, "ann", move((7, "tilt", "E"), (8, "slide", "S"), buh=0), 0)
    after, _ = GAME.play(s, "ann", move((8, "slide", "S"), (7, "tilt", "E"), buh=0), 0)
    assert after.board.cells[7] == (2, 2) and after.board.cells[8] == (3, 2)


def test_buh_blocks_its_cube_and_must_move_to_another_cube():
    s = state(NEAR_WIN)  # Buh is on cube 4
    with pytest.raises(IllegalMove, match=r"^cube 4 is under Buh$"):
        GAME.play(s, "ann", move((5, "tilt", "W"), (4, "slide", "S"), buh=0), 0)
    with pytest.raises(IllegalMove, match=r"^Buh must move to another cube than cube 4$"):
        GAME.play(s, "ann", move((5, "tilt", "S"), (6, "slide", "W"), buh=4), 0)
    # Any other cube will do, even one that just acted.
    after, _ = GAME.play(s, "ann", move((5, "tilt", "S"), (6, "slide", "W"), buh=5), 0)
    assert after.board.buh == 5
    with pytest.raises(IllegalMove, match=r"^cube 5 is under Buh$"):
        GAME.play(after, "bob", move((5, "tilt", "N"), (0, "tilt", "N"), buh=0), 0)


def test_the_rules_are_checked_in_turn_order():
    s = state(NEAR_WIN)
    # Under Buh (action 2) is reported before isolation, light and the Buh move.
    with pytest.raises(IllegalMove, match="under Buh"):
        GAME.play(s, "ann", move((0, "slide", "N"), (4, "slide", "S"), buh=4), 0)
    # Isolation before light before the Buh move.
    with pytest.raises(IllegalMove, match="isolated"):
        GAME.play(s, "ann", move((5, "slide", "E"), (5, "slide", "E"), buh=4), 0)
    with pytest.raises(IllegalMove, match="total light"):
        GAME.play(s, "ann", move((5, "slide", "S"), (6, "slide", "W"), buh=4), 0)


def test_only_the_player_to_move_may_play():
    s = state(NEAR_WIN)
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.play(s, "bob", move((5, "tilt", "W"), (8, "slide", "E"), buh=0), 0)
    with pytest.raises(IllegalMove, match="not playing"):
        GAME.play(s, "eve", move((5, "tilt", "W"), (8, "slide", "E"), buh=0), 0)
    assert GAME.legal(s, "bob") == []


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("tilt", "a turn must be an object"),
        ({"actions": [], "buh": 0, "pass": True}, "a turn has unknown field 'pass'"),
        ({"buh": 0}, "'actions' must be a list of actions"),
        ({"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}] * 3, "buh": 0}, "a turn has exactly 2 actions"),
        ({"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, 3], "buh": 0}, "an action must be an object"),
        ({"actions": [{"cube": 9, "kind": "tilt", "dir": "W"}] * 2, "buh": 0}, "'cube' must be between 0 and 8, not 9"),
        ({"actions": [{"cube": True, "kind": "tilt", "dir": "W"}] * 2, "buh": 0}, "'cube' must be a whole number"),
        ({"actions": [{"cube": 5, "kind": "roll", "dir": "W"}] * 2, "buh": 0}, "'kind' must be one of 'slide', 'tilt'"),
        (
            {"actions": [{"cube": 5, "kind": "tilt", "dir": "NE"}] * 2, "buh": 0},
            "'dir' must be one of 'N', 'E', 'S', 'W'",
        ),
        (
            {"actions": [{"cube": 5, "kind": "tilt", "dir": "W", "x": 1}] * 2, "buh": 0},
            "an action has unknown field 'x'",
        ),
        ({"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}] * 2}, "'buh' is missing"),
        (
            {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}] * 2, "buh": -1},
            "'buh' must be between 0 and 8, not -1",
        ),
        (
            {"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}] * 2, "buh": 9},
            "'buh' must be between 0 and 8, not 9",
        ),
    ],
)
def test_malformed_turns_are_rejected_with_a_reason(raw, message):
    s = state(NEAR_WIN)
    with pytest.raises(IllegalMove, match=sentence(message)):
        GAME.play(s, "ann", raw, 0)


# --- no legal turn ----------------------------------------------------------------------------------

# Nine cubes on a diagonal, each touching the next corner to corner. Cubes 0-6 show full faces; ann
# rolls cube 7 north onto its south face (full) and slides cube 8 after it, then puts Buh on cube 8,
# the only dark one. Every cube bob may move already shows 2, so the light (16) cannot rise.
DIAGONAL = board(*[((i, i), FULL) for i in range(7)], ((7, 7), DARK), ((8, 8), DARK), buh=0)
STRANDING_TURN = move((7, "tilt", "N"), (8, "slide", "N"), buh=8)


def test_a_player_with_no_legal_turn_loses():
    after, events = GAME.play(state(DIAGONAL), "ann", STRANDING_TURN, 0)
    assert total_light(after.board) == 16
    assert max(a.value for a in light_areas(after.board)) < 7
    assert not has_legal_turn(after.board, 2)
    result = GAME.result(after)
    assert result is not None and result.ranking == (("ann",), ("bob",))
    assert english(**events[-1]["reason"]) == "bob has no legal turn"
    assert_says(result, r"^bob has no legal turn\.?$")


def test_no_legal_turn_can_be_a_draw_by_option():
    after, _ = GAME.play(state(DIAGONAL, no_legal_turn="draw"), "ann", STRANDING_TURN, 0)
    result = GAME.result(after)
    assert result is not None and result.draw and result.ranking == (("ann", "bob"),)
    assert_says(result, r"^bob has no legal turn: a draw\.?$")


def test_a_player_who_can_still_move_is_not_stranded():
    # Put Buh on a full cube instead: cube 8 (dark) can then roll to a lit face.
    after, _ = GAME.play(state(DIAGONAL), "ann", move((7, "tilt", "N"), (8, "slide", "N"), buh=3), 0)
    assert GAME.result(after) is None and has_legal_turn(after.board, 2)


# --- legal() ----------------------------------------------------------------------------------------


def midgame(seed, turns):
    s = GAME.setup(GAME.options(None), ["ann", "bob"], seed)
    r = random.Random(seed)
    for _ in range(turns):
        s, _ = GAME.play(s, s.to_move, r.choice(GAME.legal(s, s.to_move)), 0)
    return s


def brute_force_boards(s):
    """Every arrangement ``play`` accepts, trying every action sequence (Buh to a fixed other cube)."""
    options = [(c, k, d.value) for c in range(9) for k in ("slide", "tilt") for d in DIRECTIONS]
    sequences = [(a,) for a in options] if s.actions_due == 1 else [(a, b) for a in options for b in options]
    target = (s.board.buh + 1) % 9
    found = set()
    for seq in sequences:
        try:
            after, _ = GAME.play(s, s.to_move, move(*seq, buh=target), 0)
        except IllegalMove:
            continue
        found.add((after.board.cells, after.board.orientations))
    return found


@pytest.mark.parametrize(("seed", "turns"), [(3, 0), (3, 1), (11, 3), (5, 6)])
def test_legal_outcomes_are_exactly_the_positions_play_accepts(seed, turns):
    s = midgame(seed, turns)
    outcomes = turn_outcomes(s.board, s.actions_due)
    boards = [(b.cells, b.orientations) for _, b in outcomes]
    assert len(boards) == len(set(boards))  # one turn per resulting position
    assert set(boards) == brute_force_boards(s)


def test_every_legal_move_is_accepted_and_leads_somewhere_new():
    s = midgame(8, 2)
    moves = GAME.legal(s, s.to_move)
    assert moves
    results = set()
    for m in moves:
        after, _ = GAME.play(s, s.to_move, m, 0)
        results.add((after.board.cells, after.board.orientations, after.board.buh))
    assert len(results) == len(moves)
    # Every Buh destination other than Buh's current cube is offered for each arrangement.
    assert len(moves) == 8 * len(turn_outcomes(s.board, s.actions_due))


def test_first_turn_legal_moves_are_single_tilts_onto_a_lit_face():
    s = GAME.setup(GAME.options(None), ["ann", "bob"], 1)
    moves = GAME.legal(s, "ann")
    assert moves and all(len(m["actions"]) == 1 and m["actions"][0]["kind"] == "tilt" for m in moves)
    assert all(m["actions"][0]["cube"] != 4 and m["buh"] != 4 for m in moves)


# --- view and tick ----------------------------------------------------------------------------------


def test_view_shows_cubes_buh_areas_light_and_the_mover():
    s = state(NEAR_WIN)
    v = GAME.view(s, None)
    assert v["game"] == "lightseeker" and v["seats"] == ["ann", "bob"] and v["turn"] == s.turn + 1
    assert v["to_move"] == "ann" and v["you"] is None and v["actions_due"] == 2
    assert v["buh"] == 4 and v["total_light"] == 6 and v["win_area"] == 7
    assert v["options"] == {"no_legal_turn": "loses", "light_joins": "edges"} and v["result"] is None
    assert v["areas"] == [{"cubes": [0, 1, 2], "value": 6}]
    assert v["cubes"][2] == {
        "cube": 2,
        "cell": [0, 2],
        "top": "north",
        "north": "up",
        "shade": "full",
        "light": 2,
        "lit_edges": ["N", "E", "S", "W"],
        "lit_corners": v["cubes"][2]["lit_corners"],
        "buh": False,
        "orientation": FULL,  # the whole cube is public: a page works out its tilts from it
    }
    assert v["cubes"][4]["buh"] is True and v["cubes"][4]["shade"] == "dark"
    after, _ = GAME.play(s, "ann", move((5, "tilt", "W"), (8, "slide", "E"), buh=0), 0)
    v = GAME.view(after, "bob")
    assert v["cubes"][5]["top"] == "east" and v["cubes"][5]["lit_edges"] == ["N", "W"]
    assert v["cubes"][5]["lit_corners"] == [["N", "W"]]
    assert v["result"]["winners"] == ["ann"] and v["to_move"] is None


def test_tick_changes_nothing():
    s = state(NEAR_WIN)
    assert GAME.tick(s, 10**9) == (s, [])


def test_legal_outcomes_match_play_for_separate_groups_far_from_the_origin():
    # Two groups a long way apart, at negative and positive coordinates, mixed orientations.
    far = board(
        ((-40, -41), FULL),
        ((-40, -40), HALF_NW),
        ((-39, -39), DARK),
        ((-41, -40), HALF_ES),
        ((100, 7), DARK),
        ((100, 8), orientation(EAST, UP)),
        ((101, 9), FULL),
        ((99, 9), DARK),
        ((101, 7), HALF_ES),
        buh=1,
    )
    s = state(far)
    boards = {(b.cells, b.orientations) for _, b in turn_outcomes(s.board, s.actions_due)}
    assert boards and boards == brute_force_boards(s)


def test_in_japanese_the_end_names_the_area_as_the_board_does():
    """The board and the rules say 値7の光のエリア (an area of light worth 7); the end said the winner lit
    "8点分のエリア", an area of 8 points, in a game that scores no points."""
    with in_language("ja"):
        end = i18n.describe("lightseeker-lit", {"seat": "アン（1）", "value": 8})
    assert "値8の光のエリア" in i18n.plain(end) and "点" not in end, end
