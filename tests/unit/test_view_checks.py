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
from gamenight.core.game import kept
from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from gamenight.lobby.client import Client
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
    return refused.value


def named(err: BadMessage) -> Any:
    """The field a refusal names."""
    return err.params.get("field", err.params.get("what"))


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
        (("hands", "A", "mirror"), -1, "hands.A.mirror"),
        (("beacons",), [{"cell": [0, 0], "value": 1, "claimers": []}] * 10_000, "beacons"),
        (("beams", "A", 0, "dir"), "up", "beams.A[0].dir"),
        (("emitters", 0, "seat"), "C", "emitters[0].seat"),
        (("options",), {"size": 12}, None),  # the options' own reason (an odd size)
        (("you",), "C", "you"),
        (("result",), {"ranking": [[["A"]]]}, "result.ranking[0][0]"),
    ],
    "lightseeker": [
        (("cubes", 0, "cell"), [0, 10**7], "cubes[0].cell"),
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
        (("solving", "1"), "1", "solving.1"),
        (("finishes",), [{"round": 1, "seat": "1", "outcome": "won", "ms": 1, "points": 1, "void": False}], None),
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
