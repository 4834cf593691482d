"""Raythread Rally turns, scoring and the end: one test (at least) per rule of the issue."""

import copy
import json
import random
from dataclasses import replace

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.raythread import GAME
from gamenight.raythread.board import COLOURS
from gamenight.raythread.rules import RaythreadRally, Tile, joint_claims, legal, play, result
from tests.unit.raythread.helpers import position, tile
from tests.unit.words import assert_says, note, sentence


def place(kind, cell, orient):
    return {"type": "place", "tile": kind, "cell": list(cell), "orient": orient}


def rotate(cell):
    return {"type": "rotate", "cell": list(cell)}


def claimed(events):
    return [(tuple(e["cell"]), e["value"], tuple(e["seats"])) for e in events if e["type"] == "claimed"]


# A prism "/" at (3, 5) meets A's beam heading east and C's beam (turned north at (7, 5)) heading north;
# both beams leave it both east and north, so a mirror "/" at (1, 5) sends both east into (1, 8).
SHARED = [tile((3, 5), "/", "prism", "A"), tile((7, 5), "\\", "mirror", "C")]
SHARED_MOVE = place("mirror", (1, 5), "/")
OFF_BOARD = "that cell is off the board (rows and columns run from 0 to 10)"


# --- turns -----------------------------------------------------------------------------------------------


def test_only_the_seat_to_move_may_play():
    state = position({})
    with pytest.raises(IllegalMove, match="not your turn"):
        play(state, "C", place("mirror", (5, 5), "/"))
    with pytest.raises(IllegalMove, match="do not have a seat"):
        play(state, "B", place("mirror", (5, 5), "/"))
    assert GAME.active(state) == {"A"}
    assert legal(state, "C") == []


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (place("mirror", (2, 2), "/"), "that cell holds a beacon"),
        (place("mirror", (3, 0), "/"), "that cell holds an emitter"),
        (place("mirror", (4, 4), "/"), "that cell already holds a tile"),
        (place("mirror", (11, 0), "/"), OFF_BOARD),
        (place("mirror", (0, -1), "/"), OFF_BOARD),
        (place("mirror", (-1, 5), "/"), OFF_BOARD),
        (place("mirror", (0, 11), "/"), OFF_BOARD),  # not wrapped onto (1, 0)
        (place("mirror", (4, 11), "/"), OFF_BOARD),  # not wrapped onto (5, 0), an empty cell
        (rotate((3, 11)), OFF_BOARD),  # not wrapped onto (4, 0)
        (rotate((-1, 4)), OFF_BOARD),
        (place("prism", (5, 5), "/"), "you have no prism in your hand"),
        (rotate((5, 5)), "there is no tile on that cell to rotate"),
        (rotate((6, 6)), "only its owner (B) may rotate that tile"),  # seat C of two reads B
        (rotate((4, 4)), "you rotated that tile already; each tile turns only once"),
        ({"type": "jump"}, "'type' must be one of 'place', 'rotate'"),
        ({"type": "place", "tile": "lens", "cell": [1, 1], "orient": "/"}, "'tile' must be one of 'mirror', 'prism'"),
        ({"type": "place", "tile": "mirror", "cell": [1, 1], "orient": "|"}, "'orient' must be one of '/', '\\\\'"),
        (
            {"type": "place", "tile": "mirror", "cell": "b2", "orient": "/"},
            "'cell' must be a [row, column] pair of whole numbers",
        ),
        ({"type": "place", "tile": "mirror", "orient": "/"}, "'cell' is missing"),
        ({"type": "rotate", "cell": [4, 4], "orient": "/"}, "a rotate move has unknown field 'orient'"),
        ({**place("mirror", (5, 5), "/"), "seat": "A"}, "a place move has unknown field 'seat'"),
        (["place"], "a move must be an object"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(move, reason):
    tiles = [tile((4, 4), "/", owner="A", rotated=True), tile((6, 6), "/", owner="C")]
    state = position({(2, 2): 1}, tiles, hands={"A": (2, 0)})
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match=sentence(reason)):
        play(state, "A", move)
    assert state == before


def test_placing_puts_an_owned_unrotated_tile_spends_it_from_hand_and_draws_the_top_tile():
    state = position({}, hands={"A": (1, 1)}, deck=("prism", "mirror"))
    after, events = play(state, "A", place("prism", (5, 5), "\\"))
    assert after.tiles == (Tile((5, 5), "prism", "\\", "A", rotated=False),)
    assert after.hands[0] == (1, 1)  # spent the prism, drew a prism
    assert after.deck == ("mirror",)
    assert events == [
        {"type": "placed", "seat": "A", "tile": "prism", "cell": [5, 5], "orient": "\\"},
        {"type": "drew", "seat": "A", "tile": "prism"},
    ]
    assert GAME.active(after) == {"C"}


def test_no_draw_from_an_empty_deck():
    state = position({}, hands={"A": (2, 0)}, deck=())
    after, events = play(state, "A", place("mirror", (5, 5), "/"))
    assert after.hands[0] == (1, 0)
    assert [e["type"] for e in events] == ["placed"]


def test_rotation_flips_the_tile_once_and_draws_nothing():
    state = position({}, [tile((5, 5), "/", owner="A")], deck=("prism",))
    after, events = play(state, "A", rotate((5, 5)))
    assert after.tiles == (Tile((5, 5), "mirror", "\\", "A", rotated=True),)
    assert after.hands == state.hands and after.deck == state.deck
    assert events == [{"type": "rotated", "seat": "A", "cell": [5, 5], "orient": "\\"}]
    after, _ = play(after, "C", place("mirror", (9, 9), "/"))
    with pytest.raises(IllegalMove, match="rotated that tile already"):
        play(after, "A", rotate((5, 5)))


def test_only_the_owner_may_rotate_a_tile():
    state = position({}, [tile((5, 5), "/", owner="C")])
    with pytest.raises(IllegalMove, match="only its owner"):
        play(state, "A", rotate((5, 5)))
    assert {"type": "rotate", "cell": [5, 5]} not in legal(state, "A")


def test_a_seat_that_can_neither_place_nor_rotate_passes_automatically():
    state = position({}, seats=("A", "B", "C"), hands={"B": (0, 0)}, deck=())
    after, events = play(state, "A", place("mirror", (5, 5), "/"))
    assert events[-1] == {"type": "pass", "seat": "B"}
    assert GAME.active(after) == {"C"}


def test_a_seat_with_an_empty_hand_but_an_unrotated_tile_does_not_pass():
    state = position({}, [tile((9, 9), "/", owner="B")], seats=("A", "B", "C"), hands={"B": (0, 0)}, deck=())
    after, events = play(state, "A", place("mirror", (5, 5), "/"))
    assert [e["type"] for e in events] == ["placed"]
    assert GAME.active(after) == {"B"}
    assert legal(after, "B") == [rotate((9, 9))]


def test_the_match_ends_when_nobody_can_move():
    # A 9×9 board full of beacons but for one cell: A fills it, C (tiles, no room, none owned) passes,
    # A rotates its tile; now nobody can move.
    free = (4, 6)
    emitters = {(2, 0), (6, 8)}
    beacons = {(r, c): 1 for r in range(9) for c in range(9) if (r, c) != free and (r, c) not in emitters}
    state = position(beacons, size=9, hands={"A": (2, 0), "C": (1, 0)}, deck=(), target=28)
    state, events = play(state, "A", place("mirror", free, "/"))
    assert events[-1] == {"type": "pass", "seat": "C"} and GAME.active(state) == {"A"}
    assert legal(state, "A") == [rotate(free)]
    state, events = play(state, "A", rotate(free))
    assert state.ended == "stuck" and events[-1]["type"] == "end" and events[-1]["ended"] == "stuck"
    assert GAME.active(state) == frozenset()
    assert_says(result(state), "no seat can move")


# --- scoring -----------------------------------------------------------------------------------------------


def test_lighting_an_unclaimed_beacon_claims_it_and_scores_its_value():
    state = position({(1, 4): 3})
    after, events = play(state, "A", place("mirror", (3, 4), "/"))
    assert claimed(events) == [((1, 4), 3, ("A",))]
    assert events[:2] == [
        {"type": "placed", "seat": "A", "tile": "mirror", "cell": [3, 4], "orient": "/"},
        {"type": "claimed", "cell": [1, 4], "value": 3, "seats": ["A"]},
    ]
    assert after.scores == (3, 0) and after.claims == (("A",),)


def test_a_rotation_resolves_the_beams_too():
    state = position({(1, 4): 3}, [tile((3, 4), "\\", owner="A")])
    after, events = play(state, "A", rotate((3, 4)))
    assert claimed(events) == [((1, 4), 3, ("A",))] and after.scores == (3, 0)


def test_a_beacon_lit_by_several_colours_is_claimed_jointly_and_scores_for_each():
    state = position({(1, 8): 3}, SHARED)
    after, events = play(state, "A", SHARED_MOVE)
    assert claimed(events) == [((1, 8), 3, ("A", "C"))]
    assert after.scores == (3, 3)
    assert joint_claims(after, "A") == joint_claims(after, "C") == 1


def test_a_move_that_lights_an_opponents_beam_scores_for_the_opponent():
    state = position({(2, 5): 2})
    after, events = play(state, "A", place("mirror", (7, 5), "\\"))  # turns C's beam north into (2, 5)
    assert claimed(events) == [((2, 5), 2, ("C",))]
    assert after.scores == (0, 2) and after.tiles[0].owner == "A"


def test_a_claimed_beacon_never_scores_again():
    state = position({(1, 8): 3}, SHARED, claims={(1, 8): ("A",)}, scores={"A": 3})
    after, events = play(state, "A", SHARED_MOVE)  # now C's beam reaches it too, and A's still does
    assert claimed(events) == [] and after.scores == (3, 0) and after.claims == (("A",),)
    again, events = play(after, "C", place("mirror", (9, 9), "/"))
    assert claimed(events) == [] and again.scores == (3, 0)


def test_every_beacon_reached_in_one_resolution_is_claimed():
    # A prism fork lights two beacons at once.
    state = position({(3, 8): 1, (1, 4): 2}, hands={"A": (0, 1)})
    after, events = play(state, "A", place("prism", (3, 4), "/"))
    assert sorted(claimed(events)) == [((1, 4), 2, ("A",)), ((3, 8), 1, ("A",))]
    assert after.scores == (3, 0)


# --- the end and the ranking -----------------------------------------------------------------------------


def test_reaching_the_target_ends_the_match_after_the_full_resolution():
    # A crosses 12 with (1, 8); the same resolution still credits C, who lit it too, before the end.
    state = position({(1, 8): 3}, SHARED, scores={"A": 10, "C": 1})
    after, events = play(state, "A", SHARED_MOVE)
    assert after.ended == "target" and after.scores == (13, 4)
    assert [e["type"] for e in events] == ["placed", "claimed", "drew", "end"]
    assert events[-1]["ended"] == "target" and events[-1]["winners"] == ["A"]
    assert_says(result(after), "^A reached the target score of 12$")  # the one seat that reached it, named by the page
    assert result(after).params == {"seat": "A", "target": 12}
    assert GAME.view(after, "C")["result"] == result(after).to_json() and GAME.view(after, None)["turn"] is None
    with pytest.raises(IllegalMove, match="the match is over"):
        play(after, "C", place("mirror", (9, 9), "/"))
    assert legal(after, "C") == []


def test_no_end_below_the_target():
    state = position({(1, 8): 3}, SHARED, scores={"A": 8})
    after, _ = play(state, "A", SHARED_MOVE)
    assert after.ended is None and after.scores == (11, 3) and result(after) is None


def test_the_target_is_an_option():
    state = position({(1, 8): 3}, SHARED, target=3)
    after, _ = play(state, "A", SHARED_MOVE)
    assert after.ended == "target"


def test_when_several_seats_cross_the_target_together_the_highest_score_wins():
    state = position({(1, 8): 3}, SHARED, scores={"A": 10, "C": 11})
    after, _ = play(state, "A", SHARED_MOVE)
    assert after.scores == (13, 14)
    assert result(after).ranking == (("C",), ("A",)) and not result(after).draw
    assert_says(result(after), "^several seats reached the target score of 12 together$")


def test_tied_scores_are_ranked_by_joint_claims():
    seats = ("A", "B", "C")
    # A and B shared (9, 9) earlier, so A has one joint claim more than C when both reach 13.
    state = position(
        {(1, 8): 3, (9, 9): 2},
        SHARED,
        seats=seats,
        scores={"A": 10, "B": 2, "C": 10},
        claims={(9, 9): ("A", "B")},
    )
    after, _ = play(state, "A", SHARED_MOVE)
    assert after.scores == (13, 2, 13)
    assert [joint_claims(after, s) for s in seats] == [2, 1, 1]
    assert result(after).ranking == (("A",), ("C",), ("B",))
    assert result(after).winners == ("A",) and not result(after).draw


def test_a_beacon_claimed_alone_is_not_a_joint_claim():
    # A and C both reach 13; A's earlier beacon was claimed by A alone, C's together with B, so C has
    # more joint claims and ranks first.
    seats = ("A", "B", "C")
    state = position(
        {(1, 8): 3, (9, 9): 2, (1, 1): 2},
        SHARED,
        seats=seats,
        scores={"A": 10, "B": 2, "C": 10},
        claims={(9, 9): ("A",), (1, 1): ("B", "C")},
    )
    after, _ = play(state, "A", SHARED_MOVE)
    assert after.scores == (13, 2, 13)
    assert [joint_claims(after, s) for s in seats] == [1, 1, 2]
    assert result(after).ranking == (("C",), ("A",), ("B",))
    # The note only where the tie-break ranked seats level on points (B, alone on 2, has none).
    assert {s: note(result(after), s) for s in ("A", "C")} == {"A": "joint claims: 1", "C": "joint claims: 2"}
    assert "B" not in result(after).notes


def test_seats_tied_on_score_and_joint_claims_share_first_place_as_a_draw():
    state = position({(1, 8): 3}, SHARED, scores={"A": 10, "C": 10})
    after, events = play(state, "A", SHARED_MOVE)
    assert result(after).ranking == (("A", "C"),)
    assert result(after).draw and events[-1]["draw"] is True


def test_the_match_ends_when_the_deck_and_every_hand_are_empty():
    # C still owns an unrotated tile, but an empty supply ends the match anyway.
    state = position({}, [tile((9, 9), "/", owner="C")], hands={"A": (1, 0), "C": (0, 0)}, deck=(), scores={"C": 2})
    after, events = play(state, "A", place("mirror", (5, 5), "/"))
    assert after.ended == "supply"
    assert events[-1]["ended"] == "supply" and events[-1]["ranking"] == [["C"], ["A"]]
    assert_says(result(after), "the deck and every hand are empty")


def test_no_supply_end_while_a_hand_still_holds_a_tile():
    state = position({}, hands={"A": (1, 0), "C": (1, 0)}, deck=())
    after, _ = play(state, "A", place("mirror", (5, 5), "/"))
    assert after.ended is None and GAME.active(after) == {"C"}


# --- legal moves, views, protocol ---------------------------------------------------------------------


def test_legal_lists_every_placement_and_rotation_and_each_is_accepted():
    state = position({(2, 2): 1}, [tile((4, 4), "/", owner="A"), tile((6, 6), "/", owner="C")], hands={"A": (1, 1)})
    moves = legal(state, "A")
    empty = 11 * 11 - 2 - 1 - 2  # emitters, beacon, tiles
    assert len(moves) == empty * 2 * 2 + 1
    assert rotate((4, 4)) in moves and rotate((6, 6)) not in moves
    for move in [*random.Random(4).sample(moves, 40), rotate((4, 4))]:
        play(state, "A", move)


def test_the_view_shows_the_table_and_only_the_deck_size():
    state = GAME.setup(GAME.options(None), COLOURS, 11)
    state, _ = play(state, "A", legal(state, "A")[0])
    seen = GAME.view(state, "B")
    assert seen["deck"] == len(state.deck) == 36 - 12 - 1
    assert seen["turn"] == "B" and seen["you"] == "B" and seen["size"] == 11
    assert seen["game"] == "raythread" and seen["target"] == 12 and seen["ended"] is None
    assert seen["joint"] == dict.fromkeys(COLOURS, 0)
    assert [e["seat"] for e in seen["emitters"]] == list(COLOURS)
    assert len(seen["beacons"]) == 13 and all(b["claimers"] == [] for b in seen["beacons"])
    placed = state.tiles[0]
    assert seen["tiles"][0] == {
        "cell": list(placed.cell),
        "kind": placed.kind,
        "orient": placed.orient,
        "owner": "A",
        "rotated": False,
    }
    assert set(seen["hands"]) == set(COLOURS) and sum(seen["hands"]["A"].values()) == 3
    assert set(seen["beams"]) == set(COLOURS) and seen["beams"]["A"][0]["from"] == [3, 0]
    assert seen["scores"] == dict.fromkeys(COLOURS, 0) and seen["result"] is None
    beacon = state.board.beacons[0]
    assert seen["beacons"][0] == {"cell": list(beacon.cell), "value": beacon.value, "claimers": []}
    assert seen["hands"]["B"] == {"mirror": state.hands[1][0], "prism": state.hands[1][1]}
    json.dumps(seen)  # JSON-safe


def test_no_view_reveals_the_deck_order():
    state = GAME.setup(GAME.options(None), COLOURS, 12)
    state, _ = play(state, "A", legal(state, "A")[0])
    reordered = replace(state, deck=tuple(random.Random(1).sample(state.deck, len(state.deck))))
    assert reordered.deck != state.deck
    for seat in (*COLOURS, None):
        text = json.dumps(GAME.view(state, seat))
        assert text == json.dumps(GAME.view(reordered, seat))
        assert json.dumps(list(state.deck)) not in text and GAME.view(state, seat)["deck"] == len(state.deck)


def test_protocol_has_no_clock_and_a_result_only_at_the_end():
    state = GAME.setup(GAME.options(None), ("A", "C"), 3)
    assert GAME.tick(state, 10**9) == (state, [])
    assert GAME.result(state) is None
    assert GAME.info.id == "raythread" and GAME.info.seats == range(2, 5)
    assert RaythreadRally(GAME.info).info is GAME.info  # GAME itself is built at import


def test_a_beacon_reached_by_two_branches_of_one_colour_scores_once():
    # The prism's northern branch turns east along row 1, its straight branch turns north up column 6:
    # both arrive at (1, 6), from different directions.
    tiles = [tile((1, 4), "/"), tile((3, 6), "/")]
    state = position({(1, 6): 3}, tiles, hands={"A": (0, 1)})
    after, events = play(state, "A", place("prism", (3, 4), "/"))
    assert claimed(events) == [((1, 6), 3, ("A",))]
    assert after.scores == (3, 0)


def test_a_view_takes_the_beams_traced_for_the_same_board_and_traces_a_changed_one(monkeypatch):
    from gamenight.raythread import rules

    state = GAME.setup(GAME.options({"mirrors": 40, "prisms": 20}), ("A", "B", "C", "D"), 4242)
    traced = []
    real = rules.trace
    monkeypatch.setattr(rules, "trace", lambda *a: traced.append(a[2]) or real(*a))
    rules._traced_runs.cache_clear()

    def runs_of(view):
        return {
            s: [(tuple(r["from"]), tuple(r["to"]), r["dir"], r["end"]) for r in runs]
            for s, runs in view["beams"].items()
        }

    def engine(state):  # traced afresh, past the cache
        fresh = rules._traced_runs.__wrapped__(state.board.size, state.grid, state.board.emitters)
        return {s: [(r.start, r.stop, r.heading.value, r.end) for r in runs] for s, runs in fresh}

    seat = state.seats[state.turn]
    move = next(m for m in legal(state, seat) if m["type"] == "place")
    after, _ = play(state, seat, move)  # (the play traces the beams to resolve claims)
    traced.clear()
    first = rules.view(after, seat)
    assert len(traced) == 4, "one trace per emitter"
    # Another position on the same board (other hands, another deck, the next turn): no new trace.
    other = replace(after, hands=tuple(reversed(after.hands)), deck=after.deck[1:], turn=(after.turn + 1) % 4)
    assert runs_of(rules.view(other, "B")) == runs_of(first) == engine(other)
    assert len(traced) == 4 + 4  # engine() traced once more, past the cache
    # A tile placed: another board, traced again, and drawn as the engine traces it.
    seat = after.seats[after.turn]
    moved, _ = play(after, seat, next(m for m in legal(after, seat) if m["type"] == "place"))
    traced.clear()
    assert runs_of(rules.view(moved, seat)) == engine(moved) and len(traced) == 4 + 4


def test_the_tie_break_note_is_given_only_to_seats_level_on_points():
    """QA: the final standings said "joint claims: 0" beside every player, though nobody tied. The note
    says why seats level on points rank as they do, so only those seats have it (the ranking itself is
    unchanged: a record replays to the same result)."""
    seats = ("A", "B", "C")
    # A reaches 13 alone, C has 4: nobody is level on points, so no seat has the note.
    after, _ = play(position({(1, 8): 3}, SHARED, scores={"A": 10, "C": 1}), "A", SHARED_MOVE)
    done = result(after)
    assert done is not None and after.scores == (13, 4), after.scores
    assert done.notes == {}, done.notes
    # A and C reach 13 together: the two of them, level, have it (A ranks first by it); B does not.
    tied = position(
        {(1, 8): 3, (9, 9): 2}, SHARED, seats=seats, scores={"A": 10, "B": 2, "C": 10}, claims={(9, 9): ("A", "B")}
    )
    after, _ = play(tied, "A", SHARED_MOVE)
    done = result(after)
    assert done is not None and done.ranking == (("A",), ("C",), ("B",))
    assert {s: dict(n) for s, n in done.notes.items()} == {
        "A": {"code": "raythread-joint-claims", "params": {"n": 2}},
        "C": {"code": "raythread-joint-claims", "params": {"n": 1}},
    }


def test_seats_level_on_points_and_joint_claims_share_a_place_with_no_note():
    """A player's pass: two seats both "joint claims: 0" shared a place anyway, so the note named a tie-break
    that decided nothing. The note says why seats level on points stand in the order they do, so it stands only
    where their joint claims differ; seats level on both share the place with nothing added."""
    # Four seats: A and C reach 13 together (one joint claim each), B and D are on 2 with one joint claim each
    # (the beacon they claimed together): two pairs, each level on both, each sharing its place.
    level = position(
        {(1, 8): 3, (9, 9): 2},
        SHARED,
        seats=("A", "B", "C", "D"),
        scores={"A": 10, "B": 2, "C": 10, "D": 2},
        claims={(9, 9): ("B", "D")},
    )
    after, _ = play(level, "A", SHARED_MOVE)
    done = result(after)
    assert done is not None and done.ranking == (("A", "C"), ("B", "D")), done
    assert done.notes == {}, done.notes
    # Three seats on 13: B has no joint claim, A and C one each. The tie-break put B below them, so the three
    # level on points have it (A and C, level on both, share first place, and their note says why they stand
    # above B).
    three = position({(1, 8): 3}, SHARED, seats=("A", "B", "C"), scores={"A": 10, "B": 13, "C": 10})
    after, _ = play(three, "A", SHARED_MOVE)
    done = result(after)
    assert done is not None and done.ranking == (("A", "C"), ("B",)), done
    assert {s: note(done, s) for s in done.notes} == {
        "A": "joint claims: 1",
        "B": "joint claims: 0",
        "C": "joint claims: 1",
    }


def test_the_unseen_tiles_of_a_view_are_the_decks_and_say_when_a_view_does_not_add_up():
    """One reading for the page's panel and the bot: the totals less the board and the hands. Unchecked
    here, so each reader decides what a view that does not add up means (the bot refuses it)."""
    from gamenight.raythread import rules

    state = GAME.setup(GAME.options({"mirrors": 12, "prisms": 5}), ("A", "C"), 3)
    state, _ = play(state, "A", legal(state, "A")[0])
    view = GAME.view(state, None)
    assert rules.unseen(view) == {kind: state.deck.count(kind) for kind in rules.KINDS}
    short = {**view, "options": {**view["options"], "mirrors": 0, "prisms": 0}}
    assert min(rules.unseen(short).values()) < 0
