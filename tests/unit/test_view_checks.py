"""What a guest checks of the host's views (``Game.check_view``, docs/protocol.md "What a guest checks").

Every view a game really makes passes its check, for every seat and for spectators, in the middle of a
match and at its end; each malformation in the tables is refused with ``BadMessage`` naming the field;
and a seeded fuzz mutates one field of a real view or event at a time and delivers it to a guest's
page: the page either refuses it (and keeps what it had) or draws it, and never raises anything else.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest

from gamenight import games
from gamenight.core.errors import BadMessage
from gamenight.core.game import Result, kept
from gamenight.core.jsonutil import dumps
from gamenight.lightseeker import checkview as lightseeker_check
from gamenight.lightseeker.checkview import MOST_LIGHT, MOST_SPAN
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
from gamenight.raythread import checkview as raythread_check
from gamenight.reflection import checkview as reflection_check
from gamenight.ui.lobby import panel
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import render
from tests.unit.sights import SIGHTS, Sight

GAMES = tuple(SIGHTS)
GONE = object()  # a mutation that removes the field


@cache
def sights(game: str) -> tuple[Sight, ...]:
    return tuple(SIGHTS[game]())


def middle(game: str) -> Sight:
    """A position to spoil, with tiles, claims, areas or finishes: the unfinished one furthest into its match."""
    return max(sights(game), key=lambda s: (s.result() is None, s.moves))


def refusal(game: str, view: dict, seat: str | None, events: list[dict] | tuple[dict, ...] = ()) -> BadMessage:
    with pytest.raises(BadMessage) as refused:
        games.rules(game).check_view(view, seat, events)
    assert "{" not in str(refused.value), f"a blank left in {str(refused.value)!r}"  # every parameter given
    return refused.value


def named(err: BadMessage) -> Any:
    """The field a refusal names (its path, without the quotes a refusal shows it in)."""
    said = err.params.get("field", err.params.get("what"))
    return said.strip("'") if isinstance(said, str) else said


def spoiled(value: Any, path: tuple[str | int, ...], new: Any) -> Any:
    """A deep copy of ``value`` with the field at ``path`` set to ``new`` (``GONE``: removed)."""
    out = copy.deepcopy(value)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if new is GONE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_view_a_game_makes_passes_its_check_for_every_seat_and_spectators(game):
    checked = 0
    for sight in sights(game):
        for seat in (*sight.seats, None):
            view = sight.view(seat)
            games.rules(game).check_view(view, seat, sight.events)
            games.rules(game).check_view(view, seat, sight.log)  # a snapshot's log: every event so far
            checked += 1
    ended = [s for s in sights(game) if s.result() is not None]
    assert ended and checked >= 3 * len(sights(game)), "the matches made reach their end"


# (path in the view, the value put there, the field the refusal names)
MALFORMED: dict[str, list[tuple[tuple[str | int, ...], Any, str]]] = {
    "raythread": [
        (("size",), "11", "size"),
        (("tiles", 0, "cell"), [99, 0], "tiles[0].cell"),
        (("tiles", 0, "cell"), [1.5, 0], "tiles[0].cell"),
        (("tiles", 0, "kind"), "laser", "tiles[0].kind"),
        (("tiles", 0, "owner"), "Z", "tiles[0].owner"),
        (("tiles", 0, "owner"), ["A"], "tiles[0].owner"),  # unhashable: the scene looks owners up
        (("turn",), {"A": 1}, "turn"),
        (("hands", "A"), GONE, "hands.A"),
        (("hands", "A", "prism"), GONE, "hands.A.prism"),
        (("tiles",), 5, "tiles"),
        (("hands", "A", "mirror"), -1, "hands.A.mirror"),
        (("beacons",), [{"cell": [0, 0], "value": 1, "claimers": []}] * 10_000, "beacons"),
        (("beams", "A", 0, "dir"), "up", "beams.A[0].dir"),
        (("beams", "A", 0, "end"), "sideways", "beams.A[0].end"),
        (("beams", "A", 0, "from"), GONE, "beams.A[0].from"),
        (("emitters", 0, "seat"), "C", "emitters[0].seat"),
        (("options",), {"size": 12}, None),  # the options' own reason (an odd size)
        (("you",), "C", "you"),
        (("result",), {"ranking": [[["A"]]]}, "result.ranking[0][0]"),
    ],
    "lightseeker": [
        (("cubes", 0, "cell"), [0, 10**7], "cubes[0].cell"),
        (("cubes", 0, "cell"), [10**7, 0], "cubes[0].cell"),
        (("areas", 0, "cubes"), [], "areas[0].cubes"),
        (("cubes", 0, "cell"), "0,0", "cubes[0].cell"),
        (("cubes", 0, "lit_corners"), [["N", "S"]], "cubes[0].lit_corners[0]"),
        (("cubes", 3, "cube"), 7, "cubes[3].cube"),
        (("cubes", 3, "orientation"), 24, "cubes[3].orientation"),
        (("cubes", 3, "shade"), ["dark"], "cubes[3].shade"),
        (("cubes",), [], "cubes"),
        (("to_move",), {"1": 1}, "to_move"),
        (("to_move",), "3", "to_move"),
        (("areas",), [{"cubes": [12], "value": 3}], "areas[0].cubes[0]"),
        (("buh",), 9, "buh"),
        (("seats",), ["1", "1"], "seats"),
        (("options",), GONE, "options"),
        (("win_area",), True, "win_area"),
    ],
    "reflection": [
        (("puzzles", 0, "size"), 10**6, "puzzles[0].size"),
        (("puzzles", 0, "number"), 2, "puzzles[0].number"),
        (("puzzles", 0, "warps"), None, "puzzles[0].warps"),
        (("puzzles", 0, "commitment"), ["c0ffee"], "puzzles[0].commitment"),  # unhashable: a secret's key
        (("puzzles", 0, "builder"), "9", "puzzles[0].builder"),
        (("puzzles", 0, "clues"), "r1", "puzzles[0].clues"),
        (("puzzles",), [{}] * 201, "puzzles"),
        (("solving", "1"), 99, "solving.1"),
        (("scores", "9"), 1, "scores.9"),
        (("scores", "2"), GONE, "scores.2"),
        (("teams",), [["1", "9"]], "teams[0][1]"),
        (("result",), Result(ranking=(("1",), ("9",))).to_json(), "result.ranking[1][0]"),
        (("stats",), [1], "stats"),
        (("solving", "1"), "1", "solving.1"),
        (("finishes",), [{"round": 1, "seat": "1", "outcome": "won", "ms": 1, "points": 1, "void": False}], None),
        (
            ("finishes",),
            [{"round": 1, "seat": "9", "outcome": "solved", "ms": 1, "points": 1, "void": False}],
            "finishes[0].seat",
        ),
        (("active",), ["9"], "active[0]"),
        (("active",), [["1"]], "active[0]"),
        (("phase",), GONE, "phase"),
        (("scores", "1"), "a lot", "scores.1"),
        (("round",), -1, "round"),
        (("team_scores",), ["1/2"], "team_scores[0]"),
    ],
}
# The field named by the two refusals above that name none: the puzzle parser's and the options' own.
SAID = {("raythread", "options"): "raythread-size-odd", ("reflection", "finishes"): "field-choice"}


@pytest.mark.parametrize(
    ("game", "path", "value", "field"),
    [(game, path, value, field) for game, cases in MALFORMED.items() for path, value, field in cases],
    ids=lambda x: "removed" if x is GONE else f"list[{len(x)}]" if isinstance(x, list) else str(x)[:40],
)
def test_a_malformed_view_is_refused_naming_its_field(game, path, value, field):
    sight = middle(game)
    seat = sight.seats[0]
    view = sight.view(seat)
    games.rules(game).check_view(view, seat, ())
    err = refusal(game, spoiled(view, path, value), seat)
    if field is None:
        assert err.code == SAID[game, path[0]], err
    else:
        assert named(err) == field, err
    assert str(err) and "Refused" not in str(err), "a registered reason, in words"


# (an event as the host sends it, the field the refusal names)
BAD_EVENTS: dict[str, list[tuple[dict, str]]] = {
    "raythread": [
        ({"type": "placed", "seat": {"A": 1}, "tile": "mirror", "cell": [1, 1], "orient": "/"}, "events[0].seat"),
        ({"type": "claimed", "cell": [1, 1], "value": "4", "seats": ["A"]}, "events[0].value"),
        ({"type": "claimed", "cell": [1, 1], "value": 4, "seats": "A"}, "events[0].seats"),
        ({"type": "drew", "seat": "A", "tile": ["prism"]}, "events[0].tile"),
        ({"type": "end", "reason": {"code": 5, "params": {}}}, "events[0].reason.code"),
    ],
    "lightseeker": [
        ({"type": "turn", "seat": "1", "actions": 5, "buh": 1, "light": 3}, "events[0].actions"),
        (
            {"type": "turn", "seat": "1", "actions": [{"cube": "x", "kind": "slide", "dir": "N"}]},
            "events[0].actions[0].cube",
        ),
        ({"type": "end", "reason": {"code": "x", "params": {"seat": ["1"]}}}, "events[0].reason.params.seat"),
    ],
    "reflection": [
        ({"type": "solved", "seat": "1", "ms": "fast", "points": 3}, "events[0].ms"),
        ({"type": "gave_up", "seat": "1", "ms": 5, "points": 1.5}, "events[0].points"),
        ({"type": "reveal_due", "seats": [{}]}, "events[0].seats[0]"),
        ({"type": "round", "round": "two"}, "events[0].round"),
    ],
}


@pytest.mark.parametrize(
    ("game", "event", "field"), [(game, e, f) for game, cases in BAD_EVENTS.items() for e, f in cases]
)
def test_a_malformed_event_the_log_words_is_refused_naming_its_field(game, event, field):
    sight = middle(game)
    err = refusal(game, sight.view(None), None, [event])
    assert named(err) == field, err


@pytest.mark.parametrize("game", GAMES)
def test_an_event_the_log_does_not_word_is_not_read(game):
    sight = middle(game)
    games.rules(game).check_view(sight.view(None), None, [{"type": "news", "anything": [{"at": "all"}]}])


def sentence_of(game: str, view: dict, seat: str | None, events: list[dict] | tuple[dict, ...] = ()) -> str:
    return str(refusal(game, view, seat, events))


def test_raythread_cells_are_taken_up_to_the_board_edge_and_refused_one_past_it():
    sight = middle("raythread")
    view = sight.view("A")
    size, last = view["size"], view["size"] - 1
    for cell in ([0, 0], [0, last], [last, 0], [last, last]):
        for path in (("tiles", 0, "cell"), ("beams", "A", 0, "from"), ("beams", "A", 0, "to")):
            games.rules("raythread").check_view(spoiled(view, path, cell), "A", ())
    for cell in ([size, 0], [0, size], [-1, 0], [0, -1]):
        for path, said in (
            (("tiles", 0, "cell"), "tiles[0].cell"),
            (("beams", "A", 0, "from"), "beams.A[0].from"),
            (("beams", "A", 0, "to"), "beams.A[0].to"),
        ):
            refused = sentence_of("raythread", spoiled(view, path, cell), "A")
            assert refused == f"'{said}' is off the board (rows and columns run from 0 to {last})", cell


def test_raythread_views_take_the_fast_check_of_tiles_and_beams():
    """Every guest checks every update: a real view's tiles and beam runs (up to a thousand) pass the
    check at full speed, without the named readers, on a board's edge cells too."""
    for sight in sights("raythread"):
        view = sight.view(None)
        size, last = view["size"], view["size"] - 1
        assert raythread_check._tiles_fine(view["tiles"], size, sight.seats)
        assert all(raythread_check._runs_fine(runs, size) for runs in view["beams"].values())
        edge = {"from": [0, 0], "to": [last, last], "dir": "E", "end": "edge"}
        assert raythread_check._runs_fine([edge, {**edge, "from": [last, 0], "to": [0, last]}], size)
        tile = {"cell": [0, last], "kind": "mirror", "orient": "/", "owner": sight.seats[-1], "rotated": True}
        assert raythread_check._tiles_fine([tile, {**tile, "cell": [last, 0]}], size, sight.seats)
        assert raythread_check._tiles_fine([tile] * (size * size), size, sight.seats), "a full board"


def test_raythread_beams_hold_at_most_one_run_a_cell_and_direction():
    view = middle("raythread").view(None)
    size = view["size"]
    run = view["beams"]["A"][0]
    games.rules("raythread").check_view(spoiled(view, ("beams", "A"), [run] * (4 * size * size)), None, ())
    flood = spoiled(view, ("beams", "A"), [run] * (4 * size * size + 1))
    assert sentence_of("raythread", flood, None) == f"'beams.A' holds more than {4 * size * size} items"


def test_raythread_tiles_are_at_most_one_a_cell():
    view = middle("raythread").view(None)
    size = view["size"]
    games.rules("raythread").check_view(spoiled(view, ("tiles",), [view["tiles"][0]] * size**2), None, ())
    flood = spoiled(view, ("tiles",), [view["tiles"][0]] * (size**2 + 1))
    assert sentence_of("raythread", flood, None) == f"'tiles' holds more than {size**2} items"


def test_a_raythread_hand_holds_the_games_tile_kinds_and_says_so_of_another():
    view = middle("raythread").view(None)
    laser = spoiled(view, ("hands", "A", "laser"), 1)
    assert sentence_of("raythread", laser, None) == "'hands.A.laser' must be one of 'mirror', 'prism'"


def test_a_reflection_solution_has_rows_no_longer_than_the_board():
    view = middle("reflection").view(None)
    size = view["puzzles"][0]["size"]
    games.rules("reflection").check_view(spoiled(view, ("puzzles", 0, "solution"), ["." * size] * size), None, ())
    wide = spoiled(view, ("puzzles", 0, "solution"), ["." * size, "." * (size + 1)])
    assert sentence_of("reflection", wide, None) == f"'puzzles[0].solution[1]' is longer than {size} characters"
    tall = spoiled(view, ("puzzles", 0, "solution"), ["." * size] * (size + 1))
    assert sentence_of("reflection", tall, None) == f"'puzzles[0].solution' holds more than {size} items"


def test_a_reflection_puzzle_has_at_most_two_warp_gates():
    view = middle("reflection").view(None)
    gates, path = [[0, 1], [2, 3], [4, 5]], ("puzzles", 0, "warps")
    games.rules("reflection").check_view(spoiled(view, path, gates[:2]), None, ())
    assert sentence_of("reflection", spoiled(view, path, gates), None) == "'puzzles[0].warps' holds more than 2 items"


def test_a_reflection_puzzles_tiles_fit_on_the_cells_its_warp_gates_leave():
    view = middle("reflection").view(None)
    size = view["puzzles"][0]["size"]
    free = size * size - 2
    gated = spoiled(view, ("puzzles", 0, "warps"), [[0, 1], [2, 3]])
    full = {"diagonal": free, "flat": 0, "block": 0, "hole": 0}
    games.rules("reflection").check_view(spoiled(gated, ("puzzles", 0, "tiles"), full), None, ())
    over = spoiled(gated, ("puzzles", 0, "tiles"), {**full, "hole": 1})
    assert sentence_of("reflection", over, None) == f"{free + 1} tiles do not fit on {free} free cells"


def test_raythread_has_one_emitter_a_seat():
    view = middle("raythread").view(None)
    short = spoiled(view, ("emitters",), view["emitters"][:-1])
    assert sentence_of("raythread", short, None) == "'emitters' must be between 4 and 4, not 3"


def test_lightseeker_cubes_lie_anywhere_in_the_valley_but_near_each_other():
    view = middle("lightseeker").view(None)
    cells = [cube["cell"] for cube in view["cubes"]]
    far = copy.deepcopy(view)
    for cube in far["cubes"]:
        cube["cell"] = [cube["cell"][0] + 5000, cube["cell"][1] - 7000]
    games.rules("lightseeker").check_view(far, None, ())  # the valley has no edge
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    loose = next(n for n, (r, c) in enumerate(cells) if r != top and c != left)  # not the only cube on an edge
    for axis, label, start in ((0, "rows", top), (1, "columns", left)):
        for span in (MOST_SPAN, MOST_SPAN + 1):
            cell = [bottom + 1, right + 1]
            cell[axis] = start + span
            spread = spoiled(view, ("cubes", loose, "cell"), cell)
            if span == MOST_SPAN:
                games.rules("lightseeker").check_view(spread, None, ())
            else:
                said = f"'cubes ({label})' must be between 0 and {MOST_SPAN}, not {span}"
                assert sentence_of("lightseeker", spread, None) == said


def test_lightseeker_cubes_stand_on_different_cells_all_nine_of_them():
    view = middle("lightseeker").view(None)
    for cubes in ([], view["cubes"][:8]):
        said = f"'cubes' must be between 9 and 9, not {len(cubes)}"
        assert sentence_of("lightseeker", spoiled(view, ("cubes",), cubes), None) == said
    stacked = spoiled(view, ("cubes", 1, "cell"), view["cubes"][0]["cell"])
    assert sentence_of("lightseeker", stacked, None) == "'cubes' holds the same value twice"


def test_lightseeker_turn_events_are_read_at_both_ends_of_their_numbers():
    view = middle("lightseeker").view(None)
    turn = {"type": "turn", "seat": "2", "actions": [{"cube": 8, "kind": "slide", "dir": "N"}], "buh": 0, "light": 0}
    top = {**turn, "actions": [{"cube": 0, "kind": "tilt", "dir": "W"}] * 2, "buh": 8, "light": MOST_LIGHT}
    games.rules("lightseeker").check_view(view, None, [turn, top])
    for cube in (-1, 9):
        spun = {**turn, "actions": [{"cube": cube, "kind": "slide", "dir": "N"}]}
        said = f"'events[0].actions[0].cube' must be between 0 and 8, not {cube}"
        assert sentence_of("lightseeker", view, None, [spun]) == said
    for key, value, said in (
        ("buh", 9, "'events[0].buh' must be between 0 and 8, not 9"),
        ("buh", -1, "'events[0].buh' must be between 0 and 8, not -1"),
        ("light", MOST_LIGHT + 1, f"'events[0].light' must be between 0 and {MOST_LIGHT}, not {MOST_LIGHT + 1}"),
        ("light", -1, f"'events[0].light' must be between 0 and {MOST_LIGHT}, not -1"),
    ):
        assert sentence_of("lightseeker", view, None, [{**turn, key: value}]) == said


# Each kind of event a log words, well formed (for a match of seats A-D, 1-2 and 1-4), with the fields the
# check reads: None for a field of any other type refused, (lo, hi) for a number taken at both ends.
WORDED: dict[str, list[tuple[dict, dict[str, tuple[int, int] | None]]]] = {
    "raythread": [
        (
            {"type": "placed", "seat": "A", "tile": "mirror", "cell": [1, 1], "orient": "/"},
            dict.fromkeys(("seat", "tile", "cell", "orient")),
        ),
        ({"type": "rotated", "seat": "B", "cell": [2, 2], "orient": "\\"}, dict.fromkeys(("seat", "cell", "orient"))),
        ({"type": "drew", "seat": "C", "tile": "prism"}, dict.fromkeys(("seat", "tile"))),
        ({"type": "pass", "seat": "D"}, {"seat": None}),
        (
            {"type": "claimed", "cell": [3, 3], "value": 4, "seats": ["A", "D"]},
            {"cell": None, "value": (0, raythread_check.MOST_POINTS), "seats": None},
        ),
        ({"type": "end", "reason": {"code": "target", "params": {"seat": "A"}}}, {"reason": None}),
        ({"type": "end", "reason": None}, {}),
    ],
    "lightseeker": [
        (
            {"type": "turn", "seat": "2", "actions": [{"cube": 8, "kind": "slide", "dir": "N"}], "buh": 3, "light": 4},
            {"seat": None, "actions": None, "buh": (0, 8), "light": (0, MOST_LIGHT)},
        ),
        ({"type": "end", "reason": {"code": "x", "params": {}}}, {"reason": None}),
        ({"type": "end", "reason": None}, {}),
    ],
    "reflection": [
        *(({"type": kind, "seat": "4"}, {"seat": None}) for kind in ("submitted", "revealed")),
        ({"type": "reveal_failed", "seat": "2", "why": "no such layout"}, {"seat": None, "why": None}),
        ({"type": "reveal_failed", "seat": "2", "why": None}, {"seat": None}),
        *(
            (
                {"type": kind, "seat": "3", "ms": 1500, "points": 5},
                {
                    "seat": None,
                    "ms": (-reflection_check.TIME, reflection_check.TIME),
                    "points": (-reflection_check.MOST_POINTS, reflection_check.MOST_POINTS),
                },
            )
            for kind in reflection_check.OUTCOMES
        ),
        *(
            ({"type": kind, "round": 2}, {"round": (0, reflection_check.MOST_ROUNDS)})
            for kind in ("round", "preparing", "round_over", "no_puzzle")
        ),
        ({"type": "reveal_due", "seats": ["1", "4"]}, {"seats": None}),
    ],
}


@pytest.mark.parametrize(
    ("game", "event", "read"),
    [(game, e, r) for game, cases in WORDED.items() for e, r in cases],
    ids=lambda x: x["type"] if isinstance(x, dict) and "type" in x else None,
)
def test_every_field_of_an_event_the_log_words_is_checked(game, event, read):
    view = middle(game).view(None)
    games.rules(game).check_view(view, None, [event])
    for key, bounds in read.items():
        err = refusal(game, view, None, [{"type": "news"}, {**event, key: {"x": [1]}}])
        assert named(err).startswith(f"events[1].{key}"), (key, err)
        assert named(refusal(game, view, None, [{k: v for k, v in event.items() if k != key}])) == f"events[0].{key}"
        if key == "seat":  # a seat id, but of no seat of this match
            assert named(refusal(game, view, None, [{**event, "seat": "Q"}])) == "events[0].seat"
        if key == "seats":
            stranger = [*event["seats"], "Q"]
            assert (
                named(refusal(game, view, None, [{**event, "seats": stranger}]))
                == f"events[0].seats[{len(stranger) - 1}]"
            )
        if bounds is not None:
            lo, hi = bounds
            games.rules(game).check_view(view, None, [{**event, key: lo}, {**event, key: hi}])
            for value in (lo - 1, hi + 1):
                said = f"'events[0].{key}' must be between {lo} and {hi}, not {value}"
                assert sentence_of(game, view, None, [{**event, key: value}]) == said


# Numbers of a view the page reads, and the range it can show: (path, lo, hi); a callable bound is
# worked out from the view. Each is taken at both ends and refused one past either.
RANGES: dict[str, list[tuple[tuple[str | int, ...], Any, Any]]] = {
    "raythread": [
        (("deck",), 0, raythread_check.MOST_TILES),
        (("hands", "A", "mirror"), 0, raythread_check.MOST_TILES),
        (("scores", "B"), 0, raythread_check.MOST_POINTS),
        (("joint", "C"), 0, lambda view: view["size"] ** 2),  # the board's cells
        (("beacons", 0, "value"), 0, raythread_check.MOST_POINTS),
    ],
    "lightseeker": [
        (("turn",), 1, lightseeker_check.MOST_TURNS),
        (("actions_due",), 1, lightseeker_check.MOST_ACTIONS),
        (("buh",), 0, 8),
        (("cubes", 2, "light"), 0, 2),
        (("cubes", 2, "orientation"), 0, 23),
        (("areas", 0, "value"), 0, MOST_LIGHT),
        (("total_light",), 0, MOST_LIGHT),
        (("win_area",), 1, MOST_LIGHT),
    ],
    "reflection": [
        (("round",), 0, reflection_check.MOST_ROUNDS),
        (("rounds",), 0, reflection_check.MOST_ROUNDS),
        (("started_ms",), -reflection_check.TIME, reflection_check.TIME),
        (("scores", "2"), -reflection_check.MOST_POINTS, reflection_check.MOST_POINTS),
        (("finishes", 0, "round"), 1, reflection_check.MOST_ROUNDS),
        (("finishes", 0, "ms"), -reflection_check.TIME, reflection_check.TIME),
        (("finishes", 0, "points"), -reflection_check.MOST_POINTS, reflection_check.MOST_POINTS),
    ],
}


@pytest.mark.parametrize(
    ("game", "path", "lo", "hi"),
    [(game, path, lo, hi) for game, cases in RANGES.items() for path, lo, hi in cases],
    ids=lambda x: "from-the-view" if callable(x) else str(x),  # no address in a name: the same in every run
)
def test_the_numbers_of_a_view_are_taken_at_both_ends_of_their_range_and_refused_one_past(game, path, lo, hi):
    view = middle(game).view(None)
    lo, hi = (bound(view) if callable(bound) else bound for bound in (lo, hi))
    for value in (lo, hi):
        games.rules(game).check_view(spoiled(view, path, value), None, ())
    where = "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path).lstrip(".")
    label = f"'{where}'"  # 'deck', and 'turn' too, though Light Seeker's word "turn" reads "a turn"
    for value in (lo - 1, hi + 1):
        said = f"{label} must be between {lo} and {hi}, not {value}"
        assert sentence_of(game, spoiled(view, path, value), None) == said


def test_a_raythread_view_whose_beams_leave_a_colour_out_is_drawn():
    """A colour with no light yet may be left out: the board draws the beams it is given."""
    sight = middle("raythread")
    view = spoiled(sight.view("B"), ("beams", "C"), GONE)
    games.rules("raythread").check_view(view, "B", ())
    client, board = guest(sight, "B")
    client.receive(update(sight, "B", view, []))
    assert client.seq == 2 and not client.problems and client.match.view["beams"].keys() == {"A", "B", "D"}
    assert shown(client, board)


def test_a_raythread_seating_the_game_does_not_make_is_refused_saying_so():
    view = middle("raythread").view(None)
    for seats, got in ((["A", "B"], "A, B"), (["C", "A"], "C, A")):
        said = f"Raythread Rally seats 2 players as A, C; 3 as A, B, C; 4 as A, B, C, D (got {got})."
        assert sentence_of("raythread", spoiled(view, ("seats",), seats), None) == said


def test_raythread_beacon_values_are_taken_from_zero_to_the_most_a_board_holds():
    view = middle("raythread").view(None)
    most = raythread_check.MOST_POINTS
    for value in (0, most):
        games.rules("raythread").check_view(spoiled(view, ("beacons", 0, "value"), value), None, ())
    for value in (-1, most + 1):
        said = f"'beacons[0].value' must be between 0 and {most}, not {value}"
        assert sentence_of("raythread", spoiled(view, ("beacons", 0, "value"), value), None) == said


def test_lightseeker_is_for_two_and_its_cube_cells_are_pairs_of_whole_numbers():
    view = middle("lightseeker").view(None)
    assert (
        sentence_of("lightseeker", spoiled(view, ("seats",), ["1"]), None) == "'seats' must be between 2 and 2, not 1"
    )
    for cell in ([1.5, 0], [0, 1.5], [True, 0], [0, None], [0], [0, 0, 0]):
        said = "'cubes[4].cell' must be a [row, column] pair of whole numbers"
        assert sentence_of("lightseeker", spoiled(view, ("cubes", 4, "cell"), cell), None) == said


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_whose_log_holds_an_event_the_page_could_not_word_is_refused(game):
    sight = middle(game)
    (bad, field), *_ = BAD_EVENTS[game]
    client = Client("Guest")
    client.receive(p.encode(p.Welcome("m9", "t" * 32)))
    log = p.MatchLog(sight.moves - 1, (sight.events, (bad,)))  # the events of two steps, read as one list
    client.receive(p.encode(p.Snapshot(1, sight.lobby(), sight.match(None), (), log)))
    assert client.seq is None and client.lobby is None and client.told is None, "nothing mirrored"
    where = f"events[{len(sight.events)}]{field.removeprefix('events[0]')}"
    assert client.problem is not None and named(client.problem) == where, client.problems
    client.receive(p.encode(p.Snapshot(1, sight.lobby(), sight.match(None), (), p.MatchLog(0, (sight.events,)))))
    assert client.seq == 1 and client.problem is None


# --- a guest's page, fed spoiled views ---------------------------------------------------------------

NASTY: tuple[Any, ...] = (
    None,
    True,
    0,
    -1,
    7,
    2**40,
    1.5,
    "",
    "x",
    "A",
    "1",
    "mirror",
    "solve",
    [],
    [0, 0],
    [-1, 99],
    [[]],
    [None, None],
    {},
    {"A": 1},
    {"1": [1]},
)


def paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Every field inside ``value`` (objects' keys and lists' indexes), outermost first."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*at, i))
    return found


def near(r: random.Random, old: Any, texts: list[str]) -> Any:
    """A value of the same kind as ``old``, often one a real view could hold: another small number,
    another text of the view, a list cut short or turned round."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return r.randint(-2, 20)
    if isinstance(old, str):
        return r.choice(texts)
    if isinstance(old, list):
        return old[::-1] if r.random() < 0.5 else old[: r.randrange(len(old) + 1)]
    return copy.deepcopy(r.choice(NASTY))


def mutation(r: random.Random, value: Any) -> Any:
    """``value`` with one field spoiled: a value of the same kind, another value, removed, or a list
    grown far too long."""
    path = r.choice(paths(value))
    roll = r.random()
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    if roll < 0.1 and isinstance(parent, dict):
        return spoiled(value, path, GONE)
    if roll < 0.15:
        return spoiled(value, path, [copy.deepcopy(parent[path[-1]])] * 5000)
    if roll < 0.55:
        texts = [v for v in (parent.get(k) for k in parent) if isinstance(v, str)] if isinstance(parent, dict) else []
        texts += [str(key) for key in path if isinstance(key, str)] + ["A", "1", "mirror", "N"]
        return spoiled(value, path, near(r, parent[path[-1]], texts))
    return spoiled(value, path, copy.deepcopy(r.choice(NASTY)))


def guest(sight: Sight, seat: str | None) -> tuple[Client, Any]:
    """A guest's page holding ``sight``'s match as ``seat`` (``None``: a spectator) after a snapshot,
    and its match screen."""
    member = f"m{sight.seats.index(seat) + 1}" if seat is not None else f"m{len(sight.seats) + 1}"
    client = Client("Guest")
    client.receive(p.encode(p.Welcome(member, "t" * 32)))
    snapshot = p.Snapshot(1, sight.lobby(), sight.match(seat), (), p.MatchLog(0, kept((sight.log,))))
    client.receive(p.encode(snapshot))
    assert client.seq == 1 and not client.problems, client.problems
    return client, panel.sync_board(None, client)


# Inputs on a board, each game's and none in particular: a game's board ignores the others'.
INPUTS = (
    UiEvent("keydown", "board", {}, key="ArrowRight"),
    UiEvent("click", "rt-hand", {"kind": "mirror"}),
    UiEvent("pointerover", "rt-cell", {"r": "4", "c": "4"}),
    UiEvent("click", "rt-cell", {"r": "4", "c": "4"}),
    UiEvent("click", "ls-cell", {"r": "1", "c": "1"}),
    UiEvent("click", "ls-cell", {"r": "1", "c": "2"}),
    UiEvent("click", "tray", {"kind": "diagonal"}),
    UiEvent("click", "cell", {"r": "1", "c": "1"}),
)


def shown(client: Client, board: Any) -> str:
    """The lobby page as the guest sees it (its match screen, or the match as text), with inputs on
    the board after it."""
    board = panel.sync_board(board, client)
    markup = render(panel.panel(client, panel.Sight(), board))
    if board is not None:
        for event in INPUTS:
            board, _ = panel.board_input(board, client, event)
        markup += render(panel.panel(client, panel.Sight(), board))
    assert client.lobby is not None
    return markup + render(panel._match(client, client.lobby) or "")


def update(sight: Sight, seat: str | None, view: Any, events: Any) -> str:
    """The host's update to ``seat`` with ``view`` and ``events`` as they are (however malformed)."""
    message = p.Update(2, sight.lobby(), sight.match(seat), ()).to_json()
    message["match"]["view"], message["events"] = view, events
    return dumps(message)


@pytest.mark.parametrize("game", GAMES)
def test_a_guest_shown_a_real_update_draws_it(game):
    for sight in sights(game)[::2]:
        for seat in (sight.seats[-1], None):
            client, board = guest(sight, seat)
            client.receive(p.encode(p.Update(2, sight.lobby(), sight.match(seat), sight.events)))
            assert client.seq == 2 and not client.problems, client.problems
            assert shown(client, board)


@pytest.mark.parametrize("game", GAMES)
def test_a_guest_refuses_or_draws_any_spoiled_view_and_never_fails_otherwise(game):
    """Seeded: one field of a real view, or of one of the update's events, at a time."""
    r = random.Random(f"spoiled {game}")
    refused = drawn = 0
    for _ in range(150):
        sight = r.choice(sights(game))
        seat = r.choice((*sight.seats, None))
        view, events = sight.view(seat), list(sight.events)
        if events and r.random() < 0.25:
            events = mutation(r, events)
        else:
            view = mutation(r, view)
        client, board = guest(sight, seat)
        before = (client.seq, client.lobby, client.match, client.events, client.told)
        client.receive(update(sight, seat, view, events))
        if client.problems:
            refused += 1
            assert (client.seq, client.lobby, client.match, client.events, client.told) == before
        else:
            drawn += 1
            assert client.seq == 2
        shown(client, board)
    assert refused > 30 and drawn > 10, (refused, drawn)


def test_the_host_pages_own_mirror_does_not_check_its_views():
    """Its views come from the session in the same page: nothing to check twice."""
    sight = middle("raythread")
    host = Client("Host", trusted=True)
    host.joined_as("m1", 0)
    host.receive(p.encode(p.Snapshot(1, sight.lobby(), sight.match("A", {"size": "any"}), ())))
    assert host.seq == 1 and host.match is not None and not host.problems


@pytest.mark.parametrize("game", GAMES)
def test_a_view_for_a_seat_outside_the_match_is_refused(game):
    sight = middle(game)
    view = {**sight.view(None), "you": "Q"}
    assert named(refusal(game, view, "Q")) == "you"
    assert named(refusal(game, sight.view(sight.seats[0]), None)) == "you"  # sent to a spectator


def test_a_count_out_s_points_are_checked_where_it_ended_a_puzzle():
    """A count-out that ended its player's puzzle carries that finish's points (the log says it in one
    line); one that ended none (counted out while building) carries none."""
    view = middle("reflection").view(None)
    event = {"type": "counted_out", "seat": "2", "round": 2}
    games.rules("reflection").check_view(view, None, [event, {**event, "points": -13}])
    lo, hi = -reflection_check.MOST_POINTS, reflection_check.MOST_POINTS
    said = f"'events[0].points' must be between {lo} and {hi}, not {hi + 1}"
    assert sentence_of("reflection", view, None, [{**event, "points": hi + 1}]) == said
    assert named(refusal("reflection", view, None, [{**event, "points": "−13"}])) == "events[0].points"
