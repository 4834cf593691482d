"""Match flow: options, the schedule of rounds, scoring, solving, giving up, time limits, teams, replays."""

from __future__ import annotations

import re
from fractions import Fraction
from math import floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import i18n
from gamenight.core.errors import BadMessage, BadOptions, IllegalMove
from gamenight.core.game import reason
from gamenight.core.steps import finish
from gamenight.lobby.record import Entry, Record, replay
from gamenight.reflection import GAME
from gamenight.reflection.generate import PRESETS
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import (
    Options,
    assignment,
    failure_points,
    not_solved,
    place_points,
    rounds_of,
    submission,
    teams_of,
)
from tests.unit.reflection.match_helpers import BUILT, PREPARED, Match, built_layout, salt
from tests.unit.words import assert_says, in_language

SMALL = {"preset": "custom", "size": 4, "tiles": 3}

# --- scoring: every example of the seed ---------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "players", "rounds", "points"),
    [
        # one round: 1st 120, 2nd 120(n-1)/n, ..., 6th of 6 = 20
        (1, 6, 1, 120),
        (2, 6, 1, 100),
        (3, 6, 1, 80),
        (4, 6, 1, 60),
        (5, 6, 1, 40),
        (6, 6, 1, 20),
        (2, 4, 1, 90),
        # three rounds: 1st 40 (=120/3), 6th of 6 = 6 (40/6 = 6.66… rounded down)
        (1, 6, 3, 40),
        (2, 6, 3, 33),
        (6, 6, 3, 6),
        (1, 3, 3, 40),
        # five rounds: 1st 24 (=120/5), 6th of 6 = 4, 5th of 5 = 4 (24/5 = 4.8 rounded down)
        (1, 6, 5, 24),
        (6, 6, 5, 4),
        (5, 5, 5, 4),
        (2, 5, 5, 19),
    ],
)
def test_a_solver_scores_the_seeds_points_for_its_place(place, players, rounds, points):
    assert place_points(place, players, rounds) == points


@pytest.mark.parametrize(
    ("players", "rounds", "points"),
    [(6, 1, -20), (4, 1, -30), (6, 3, -6), (5, 5, -4), (6, 5, -4), (3, 5, -8), (1, 1, -120)],
)
def test_a_failure_costs_the_seeds_penalty_rounded_toward_zero(players, rounds, points):
    assert failure_points(players, rounds) == points


def test_the_formula_is_exact_integer_arithmetic_for_every_place_player_count_and_round_count():
    for n in range(1, 7):
        for r in (1, 2, 3, 4, 5, 6):
            assert failure_points(n, r) == -floor(Fraction(120, r * n))
            for k in range(1, n + 1):
                assert place_points(k, n, r) == floor(Fraction(120 * (n - k + 1), r * n))


# --- options ---------------------------------------------------------------------------------------


def test_default_options_are_one_round_of_easy_random_puzzles_untimed():
    o = GAME.options(None)
    assert (o.mode, o.rounds, o.teams, o.limit_min, o.preset, o.warp) == ("random", 1, 0, 0, "easy", False)
    assert (o.size, o.tiles) == (PRESETS["easy"].size, PRESETS["easy"].tiles)
    assert GAME.options(o.to_json()) == o


def test_custom_options_set_the_board_and_tiles_and_a_preset_overrides_them():
    o = GAME.options({"preset": "custom", "size": 7, "tiles": 9, "black_holes": True, "warp": True, "limit": 30})
    assert (o.size, o.tiles, o.black_holes, o.warp, o.limit_ms) == (7, 9, True, True, 30 * 60_000)
    assert o.tileset.hole == 1 and o.tileset.total == 9
    assert GAME.options({"preset": "hard", "size": 5}).size == PRESETS["hard"].size


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"mode": "duel"}, "'mode' must be one of"),
        ({"rounds": 2}, "'rounds' must be one of"),
        ({"teams": 4}, "'teams' must be one of"),
        ({"limit": 7}, "time limit must be one of"),
        ({"limit": "5"}, "'limit' must be a whole number"),
        ({"preset": "custom", "size": 13}, "'size' must be between 4 and 12"),
        ({"preset": "custom", "size": 4, "tiles": 9}, "'tiles' must be between 1 and 8"),
        ({"warp": 1}, "'warp' must be true or false"),
        ({"colour": "red"}, "unknown field 'colour'"),
        (["built"], "the options must be an object"),
    ],
)
def test_bad_options_are_refused_with_a_reason(raw, words):
    with pytest.raises(BadOptions, match=words):
        GAME.options(raw)


@pytest.mark.parametrize(
    ("raw", "players", "words"),
    [
        ({"mode": "built"}, 1, "at least 2 players"),
        ({"mode": "built", "variant": "B"}, 2, "at least 3 players"),
        ({"mode": "training"}, 2, "one player"),
        ({"teams": 2}, 2, "Teams need at least 3 players."),
    ],
)
def test_options_that_do_not_suit_the_player_count_cannot_start(raw, players, words):
    seats = tuple(str(n) for n in range(1, players + 1))
    with pytest.raises(BadOptions, match=words):
        GAME.setup(GAME.options(raw), seats, 1)


# --- who solves whose puzzle ---------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 7))
def test_variant_a_has_n_minus_1_rounds_and_everyone_solves_every_other_puzzle_once(n):
    state = Match(BUILT, n).state
    assert rounds_of(state) == n - 1
    solved = {seat: [] for seat in state.seats}
    for r in range(1, n):
        given = assignment(state, r)
        assert sorted(given) == sorted(state.seats)  # everyone solves in every round
        assert sorted(given.values()) == list(range(n))  # a different puzzle each
        for seat, sheet in given.items():
            solved[seat].append(state.seats[sheet])
    for seat, builders in solved.items():
        assert sorted(builders) == sorted(s for s in state.seats if s != seat)


@pytest.mark.parametrize("n", range(3, 7))
def test_variant_b_has_n_rounds_and_the_builder_sits_out_its_own(n):
    state = Match({**BUILT, "variant": "B"}, n).state
    assert rounds_of(state) == n
    for r in range(1, n + 1):
        given = assignment(state, r)
        builder = state.seats[r - 1]
        assert set(given) == set(state.seats) - {builder} and set(given.values()) == {r - 1}


def test_random_mode_gives_everyone_the_same_generated_puzzle_each_round():
    m = Match({**SMALL, "rounds": 3}, 4)
    assert rounds_of(m.state) == 3 and len(m.state.sheets) == 3
    assert all(s.builder is None and s.solution is not None for s in m.state.sheets)
    assert {tuple(assignment(m.state, r).values()) for r in (1, 2, 3)} == {(0,) * 4, (1,) * 4, (2,) * 4}
    again = Match({**SMALL, "rounds": 3}, 4)
    assert again.state.sheets == m.state.sheets  # the same seed, the same puzzles
    assert Match({**SMALL, "rounds": 3}, 4, seed=6).state.sheets != m.state.sheets


# --- a built match from start to end ---------------------------------------------------------------


def test_a_three_player_built_match_scores_each_round_by_finish_order():
    m = Match(BUILT, 3)
    assert m.state.phase == "build" and GAME.active(m.state) == {"1", "2", "3"}
    m.build_all()
    assert m.state.phase == "solve" and m.state.round == 1 and m.events[-1] == {"type": "round", "round": 1}
    # Round 1 (R = 2 rounds, n = 3): 1st 120·3/6 = 60, 2nd 40, 3rd 20.
    for seat in ("2", "3", "1"):
        m.solve(seat)
    assert [(f.seat, f.points) for f in m.state.finishes] == [("2", 60), ("3", 40), ("1", 20)]
    assert m.state.round == 2 and m.state.started_ms == m.now
    m.play("3", {"type": "give_up"})
    m.solve("1")
    m.solve("2")
    assert [(f.seat, f.outcome, f.points) for f in m.state.finishes[3:]] == [
        ("3", "gave_up", -20),
        ("1", "solved", 60),
        ("2", "solved", 40),
    ]
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1", "2", "3"}
    for seat in m.seats:
        m.reveal(seat)
    result = GAME.result(m.state)
    assert m.state.phase == "over" and result is not None
    assert result.scores == {"1": 80, "2": 100, "3": 20}
    assert result.ranking == (("2",), ("1",), ("3",)) and not result.draw and result.notes == {}
    assert_says(result, "the most points after the last round")


def test_variant_b_reveals_each_puzzle_after_its_own_round():
    m = Match({**BUILT, "variant": "B"}, 3)
    m.build_all()
    assert GAME.active(m.state) == {"2", "3"}  # seat 1's puzzle: its builder sits out
    m.solve("3")
    m.solve("2")
    assert m.state.phase == "reveal" and GAME.active(m.state) == {"1"}
    # R = 3 rounds, n = 3: 1st 120·3/9 = 40, 2nd 120·2/9 = 26.
    assert [(f.seat, f.points) for f in m.state.finishes] == [("3", 40), ("2", 26)]
    m.reveal("1")
    assert m.state.phase == "solve" and m.state.round == 2 and GAME.active(m.state) == {"1", "3"}


def test_the_host_s_refusal_of_a_solve_names_clues_as_the_board_does_in_the_reader_s_language():
    """A guest whose solve the host refused read "(T3, R2)", the rules' short names, where the board says
    "top 3" everywhere else; the reason carries the codes and each page words them in its language."""
    m = Match(BUILT, 2)
    m.build_all()
    (cell, tile), *_ = m.layouts["1"].tiles().items()
    empty = next((r, c) for r in range(5) for c in range(5) if m.layouts["1"].at((r, c)) == ".")
    moved = m.layouts["1"].place(cell, ".").place(empty, tile)
    with pytest.raises(IllegalMove) as refused:
        GAME.play(m.state, "2", {"type": "solve", "layout": moved.to_json()}, m.now + 5)
    wire = refused.value.to_json()  # what travels to the guest
    english = i18n.describe(wire["code"], wire["params"])
    assert re.search(r"\(the (top|right|bottom|left) clue in (row|column) \d", english), english
    assert not re.search(r"\b[TRBL]\d", english), english
    with in_language("ja"):
        japanese = i18n.describe(wire["code"], wire["params"])
    assert re.search("[0-9][行列]目の[上右下左]の数字", i18n.plain(japanese)) and not re.search(
        r"[TRBL]\d|top|left|right|bottom", japanese
    )


def test_a_saved_match_whose_step_is_an_unsolved_solve_is_refused_in_the_reader_s_language():
    """A saved match that does not replay (a step the rules refuse) is said to the player: "Your saved match
    could not be restored…" and why. The why was the refusal's English sentence (``str(err)``, cut at 60
    characters), so a Japanese page read "…: not solved yet: 19 clues differ (top 1, …" and a clue list's
    "4 more" in English. The record's refusal keeps the step's reason as a code and parameters, and each
    page words it whole in its own language, "ほか…個" included."""
    m = Match(None, 2)  # one round of an Easy generated puzzle
    size = m.state.options.size
    log = [
        Entry(at, prepared=move) if seat is PREPARED else Entry(at) if seat is None else Entry(at, seat, move)
        for seat, move, at in m.log
    ]
    unsolved = {"type": "solve", "layout": Layout.of(size, {}).to_json(), "round": 1}
    record = Record(
        "reflection", None, m.seats, {"1": "Ann", "2": "Bea"}, m.seed, (*log, Entry(m.now + 5, "1", unsolved))
    )
    with pytest.raises(BadMessage) as refused:
        replay(record)
    wire = refused.value.to_json()
    english = i18n.describe(wire["code"], wire["params"])
    assert re.fullmatch(
        r"step \d+ of the record is illegal: not solved yet: \d+ clues differ \(.* and \d+ more\)", english
    )
    assert str(refused.value) == english  # the log's English is the whole sentence too
    with in_language("ja"):
        japanese = i18n.describe(wire["code"], wire["params"])
    assert re.search(r"ほか\d+個", japanese) and not re.search(r"[A-Za-z]", japanese), japanese


def test_a_solve_is_accepted_only_if_it_reproduces_every_clue():
    m = Match(BUILT, 2)
    m.build_all()
    before = m.state
    (cell, tile), *_ = m.layouts["1"].tiles().items()
    empty = next((r, c) for r in range(5) for c in range(5) if m.layouts["1"].at((r, c)) == ".")
    moved = m.layouts["1"].place(cell, ".").place(empty, tile)
    with pytest.raises(IllegalMove, match=r"not solved yet: \d+ clues differ \("):
        GAME.play(before, "2", {"type": "solve", "layout": moved.to_json()}, m.now + 5)
    extra = m.layouts["1"].place(empty, "#")  # the set has one block, already placed
    with pytest.raises(IllegalMove, match="more tiles of a kind than the puzzle has"):
        GAME.play(before, "2", {"type": "solve", "layout": extra.to_json()}, m.now + 5)
    assert m.state is before and not before.finishes
    m.solve("1")
    assert m.state.finishes[-1].outcome == "solved"


def test_any_layout_making_the_same_clues_solves_even_with_fewer_tiles():
    m = Match({**BUILT, "tiles": 2}, 2)  # two diagonal mirrors
    # Green clues do not say which edge a laser leaves by: the second mirror changes no number.
    m.layouts = {seat: Layout.of(5, {(0, 0): "/", (1, 1): "\\"}) for seat in m.seats}
    for k, seat in enumerate(m.seats):
        m.play(seat, submission(m.layouts[seat], (), salt(k)))
    m.play("2", {"type": "solve", "layout": Layout.of(5, {(0, 0): "/"}).to_json()})
    assert m.state.finishes[-1].outcome == "solved"


def test_malformed_moves_are_refused_with_a_reason_and_change_nothing():
    m = Match(BUILT, 2)
    cases = [
        ("not a dict", "a move must be an object"),
        ({"type": "fly"}, "'type' must be one of"),
        ({"type": "give_up", "extra": 1}, "unknown field 'extra'"),
        ({"type": "submit_puzzle", "clues": ["g1"], "commitment": "0" * 64}, "'clues' must be a list of 20"),
        ({"type": "submit_puzzle", "clues": ["q1"] * 20, "commitment": "0" * 64}, "a clue is a colour letter"),
        ({"type": "give_up"}, "you cannot give up while puzzles are being built"),
    ]
    for move, words in cases:
        with pytest.raises(IllegalMove, match=words):
            GAME.play(m.state, "1", move, 5)
    move = submission(built_layout(m.state, 0), (), salt(0))
    with pytest.raises(IllegalMove, match="64 lowercase hex digits"):
        GAME.play(m.state, "1", {**move, "commitment": "XYZ"}, 5)
    with pytest.raises(IllegalMove, match="not playing"):
        GAME.play(m.state, "9", move, 5)
    m.play("1", move)
    with pytest.raises(IllegalMove, match="already submitted"):
        GAME.play(m.state, "1", move, m.now + 1)


def test_a_seat_that_has_finished_or_sits_out_cannot_move():
    m = Match({**BUILT, "variant": "B"}, 3)
    m.build_all()
    with pytest.raises(IllegalMove, match="sit this round out"):
        GAME.play(m.state, "1", {"type": "give_up"}, m.now + 1)
    m.play("2", {"type": "give_up"})
    with pytest.raises(IllegalMove, match="finished this round"):
        GAME.play(m.state, "2", {"type": "give_up"}, m.now + 1)


# --- time limits -----------------------------------------------------------------------------------


def test_the_time_limit_turns_every_unfinished_solver_into_a_failure_on_tick():
    m = Match({**BUILT, "limit": 2}, 3)
    m.build_all()
    start = m.state.started_ms
    m.solve("1", after_ms=30_000)
    before = m.state
    assert m.tick(60_000) == [] and m.state is before  # nothing due: the very same state
    m.tick(start + 120_000 - m.now)
    assert [(f.seat, f.outcome, f.ms, f.points) for f in m.state.finishes] == [
        ("1", "solved", 30_000, 60),
        ("2", "timeout", 120_000, -20),
        ("3", "timeout", 120_000, -20),
    ]
    assert m.state.round == 2 and m.state.started_ms == m.now


def test_a_solve_arriving_after_the_limit_is_refused():
    m = Match({**BUILT, "limit": 2}, 2)
    m.build_all()
    late = m.state.started_ms + 120_000
    with pytest.raises(IllegalMove):
        GAME.play(m.state, "1", {"type": "solve", "layout": m.solution("1").to_json()}, late)


def test_an_untimed_round_never_times_out_and_its_clock_starts_when_its_puzzle_is_ready():
    m = Match(SMALL, 2, prepared=False)
    assert m.state.phase == "prepare" and m.state.started_ms is None and GAME.active(m.state) == frozenset()
    assert m.tick(5_000) == [] and m.state.started_ms is None  # waiting for the puzzle: no clock
    m.ready(after_ms=500)
    assert m.state.phase == "solve" and m.state.started_ms == m.now and m.events[-1] == {"type": "round", "round": 1}
    before = m.state
    m.tick(10**9)
    assert m.state is before


# --- random mode and teams ---------------------------------------------------------------------------


def test_random_rounds_run_back_to_back_and_the_match_ends_after_the_last():
    m = Match({**SMALL, "rounds": 3}, 2)
    for r in (1, 2, 3):
        assert m.state.round == r
        m.solve("2")
        m.play("1", {"type": "give_up"})
    result = GAME.result(m.state)
    # R = 3, n = 2: a win is 120·2/6 = 40, a failure −20.
    assert result.scores == {"1": -60, "2": 120} and result.winners == ("2",)


def test_teams_are_dealt_in_seat_order_as_evenly_as_possible():
    assert teams_of(("1", "2", "3", "4", "5"), 2) == (("1", "3", "5"), ("2", "4"))
    assert teams_of(("1", "2", "3", "4", "5", "6"), 3) == (("1", "4"), ("2", "5"), ("3", "6"))


def test_a_team_scores_the_average_of_its_members_and_team_mates_share_their_place():
    m = Match({**SMALL, "teams": 2}, 5)  # teams 1,3,5 and 2,4
    for seat in ("2", "1", "3", "5"):
        m.solve(seat)
    m.play("4", {"type": "give_up"})
    result = GAME.result(m.state)
    # n = 5, R = 1: 120, 96, 72, 48 by place; a failure −24.
    assert result.scores == {"2": 120, "1": 96, "3": 72, "5": 48, "4": -24}
    # team 1: (96 + 72 + 48) / 3 = 72; team 2: (120 − 24) / 2 = 48.
    assert GAME.view(m.state, None)["team_scores"] == [72.0, 48.0]
    assert result.ranking == (("1", "3", "5"), ("2", "4")) and not result.draw
    assert result.teams == (("1", "3", "5"), ("2", "4"))
    assert_says(result, "the best team average after the last round")


def test_teams_with_equal_averages_draw():
    m = Match({**SMALL, "teams": 2}, 4)  # teams 1,3 and 2,4
    for seat in ("1", "2", "4", "3"):
        m.solve(seat)
    result = GAME.result(m.state)  # 120 + 30 = 90 + 60
    assert result.scores == {"1": 120, "2": 90, "4": 60, "3": 30}
    assert result.ranking == (("1", "2", "3", "4"),) and result.draw


def test_a_shared_first_place_is_a_draw():
    m = Match({**SMALL, "rounds": 3}, 2)
    for first, second in (("1", "2"), ("2", "1"), ("1", "2")):
        m.solve(first)
        m.solve(second)
    m2 = Match({**SMALL, "rounds": 3}, 2)
    for first, second in (("1", "2"), ("2", "1")):
        m2.solve(first)
        m2.solve(second)
    m2.play("1", {"type": "give_up"})
    m2.play("2", {"type": "give_up"})
    assert GAME.result(m.state).draw is False
    assert GAME.result(m2.state).ranking == (("1", "2"),) and GAME.result(m2.state).draw


# --- replay ------------------------------------------------------------------------------------------


def test_replaying_options_seats_seed_and_timed_moves_reproduces_the_match():
    m = Match({**BUILT, "limit": 2, "variant": "B"}, 3)
    m.build_all()
    m.solve("2", 10_000)
    m.tick(200_000)  # seat 3 runs out of time
    m.reveal("1")
    m.solve("1")
    m.play("3", {"type": "give_up"})
    m.tick(1_000)
    m.reveal("2")
    m.solve("1")
    m.solve("2")
    m.tick(61_000)  # seat 3 never reveals
    assert m.state.phase == "over"
    assert m.replayed() == m.state
    assert GAME.result(m.replayed()) == GAME.result(m.state)
    assert GAME.result(m.state).notes == {"3": reason("reveal-failed", why="reveal-late")}


def test_legal_lists_the_moves_that_need_no_layout():
    m = Match(BUILT, 2)
    assert GAME.legal(m.state, "1") == []  # building needs a layout
    m.build_all()
    assert GAME.legal(m.state, "1") == [{"type": "give_up"}]
    t = Match({**SMALL, "mode": "training"}, 1)
    assert GAME.legal(t.state, "1") == [{"type": "give_up"}, {"type": "abandon"}, {"type": "stop"}]
    t.play("1", {"type": "give_up"})
    assert GAME.legal(t.state, "1") == [{"type": "continue"}, {"type": "stop"}]


def test_options_json_round_trips():
    o = Options(mode="built", variant="B", limit_min=5, preset="custom", size=7, tiles=9, warp=True)
    assert GAME.options(o.to_json()) == o


@st.composite
def _steps(draw):
    return draw(
        st.lists(
            st.tuples(st.sampled_from(("solve", "give_up", "tick")), st.integers(0, 2), st.integers(0, 90_000)),
            max_size=20,
        )
    )


@settings(max_examples=25, deadline=None)
@given(steps=_steps(), seed=st.integers(0, 3))
def test_any_sequence_of_timed_moves_and_ticks_replays_to_the_same_state(steps, seed):
    m = Match({**SMALL, "rounds": 3, "limit": 2}, 3, seed=seed)
    for kind, who, delay in steps:
        if kind == "tick":
            m.tick(delay)
            continue
        seat = m.seats[who]
        if seat not in GAME.active(m.state):
            continue
        try:
            if kind == "solve":
                m.solve(seat, delay)
            else:
                m.play(seat, {"type": "give_up", "round": m.state.round}, delay)
        except IllegalMove as refused:  # a move for a round whose time ran out meanwhile changes nothing
            assert "is over" in str(refused)
            m.now -= delay
    assert m.replayed() == m.state


def test_a_solve_for_a_round_whose_time_ran_out_is_refused_clearly():
    m = Match({**SMALL, "rounds": 3, "limit": 2}, 2, seed=0)
    m.solve(m.seats[0], 0)
    late = {"type": "solve", "layout": m.solution(m.seats[1]).to_json(), "round": 1}
    with pytest.raises(IllegalMove, match="round 1 is over"):
        GAME.play(m.state, m.seats[1], late, m.now + 121_000)
    for r in range(1, m.state.round + 1):
        done = [f for f in m.state.finishes if f.round == r]
        assert len({f.seat for f in done}) == len(done)  # one finish per seat and round
        solved = [f.points for f in done if f.outcome == "solved"]
        assert solved == [place_points(k, 3, 3) for k in range(1, len(solved) + 1)]
        assert all(f.points == failure_points(3, 3) for f in done if f.outcome != "solved")


def test_puzzles_made_ahead_by_a_host_give_the_same_match(monkeypatch):
    from gamenight.reflection import match as match_module
    from gamenight.reflection.generate import make
    from gamenight.reflection.match import parse_options, puzzle_order, setup

    options = parse_options({"mode": "random", "rounds": 3, "preset": "normal"})
    seats = ("red", "blue")
    orders = [puzzle_order(options, 42, k) for k in (1, 2, 3)]
    assert len(set(orders)) == 3 and all(o.size == 8 and o.tiles == options.tileset for o in orders)
    made = {order: make(order) for order in orders}
    fresh = setup(options, seats, 42)  # random mode: the puzzles come through ``prepare``
    assert fresh.phase == "prepare" and all(s.puzzle is None for s in fresh.sheets)
    while (preparation := GAME.prepare(fresh)) is not None:
        fresh = GAME.prepared(fresh, finish(preparation.steps()), 0)[0]

    def too_slow(order):
        raise AssertionError("a puzzle made ahead was made again")

    monkeypatch.setattr(match_module, "make", too_slow)
    ahead = setup(options, seats, 42, made)
    assert ahead.phase == "solve" and GAME.prepare(ahead) is None
    assert ahead.sheets == fresh.sheets
    assert [s.puzzle for s in fresh.sheets] == [made[o].puzzle for o in orders]
    partly = setup(options, seats, 42, {orders[0]: made[orders[0]]})  # round 1 made ahead, 2 and 3 to come
    assert partly.phase == "solve" and partly.sheets[0] == fresh.sheets[0]
    preparation = GAME.prepare(partly)
    assert (
        preparation is not None
        and GAME.prepared(partly, finish(preparation.steps()), 0)[0].sheets[1] == fresh.sheets[1]
    )


@pytest.mark.parametrize("clues", ["T3 Q2", "T99", "", "T1 T2 T3 T4 T5 T6 T7", "T1 +3", "T1 T2 T3 T4 T5 +0"])
def test_a_refusal_s_clues_that_are_not_clue_codes_are_shown_as_they_came(clues: str):
    """A peer's reason is untrusted: ``clues`` that are not what ``laser.clue_codes`` writes are shown as
    they are, never read as clue names, and the sentence is still drawn."""
    said = i18n.describe("reflection-not-solved", {"n": 2, "clues": clues})
    assert said == f"not solved yet: 2 clues differ ({clues})"


def test_a_solve_with_one_clue_wrong_says_one_clue_differs_not_one_clues():
    """A laser that comes back out where it went in, or one a black hole stops, is a clue alone, so a solve
    can be one clue wrong: "not solved yet: 1 clues differ (top 3)" read wrong in English."""
    refusal = not_solved(("T3",))
    said = i18n.describe(refusal.code, refusal.params)
    assert said == "not solved yet: one clue differs (the top clue in column 3)"
    refusal = not_solved(("T3", "R2"))
    assert i18n.describe(refusal.code, refusal.params) == (
        "not solved yet: 2 clues differ (the top clue in column 3 and the right clue in row 2)"
    )
    with in_language("ja"):
        refusal = not_solved(("T3",))
        assert (
            i18n.plain(i18n.describe(refusal.code, refusal.params))
            == "まだ解けていません：周囲の数字が1個違います（3列目の上の数字）"
        )


def test_a_refusal_past_six_clues_names_five_and_how_many_more():
    assert i18n.describe("reflection-not-solved", {"n": 9, "clues": "T1 R2 B3 L4 T5 +4"}) == (
        "not solved yet: 9 clues differ (the top clue in column 1, the right clue in row 2, the bottom clue in "
        "column 3, the left clue in row 4, the top clue in column 5 and 4 more)"
    )
