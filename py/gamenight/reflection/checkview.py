"""What a guest's page checks of a Reflection view before it reads it (``Game.check_view``).

Every field the board, the panels around it and the log read (``controls.py``, ``standings.py``,
``ui/match.py``) is checked for its type and range: the seats of the match, each puzzle's number in
order, its board size, warp gates and tiles as a puzzle has them, the puzzles being solved among those
listed, each finish's round, outcome and points, at most as many puzzles as a training match makes.
A puzzle's clues and a solution are checked as lists of short texts only: the board reads them with the
puzzle parser and shows nothing for one that does not parse (``standings.puzzle_of``), so checking
their meaning here would cost every update the work of parsing up to 200 puzzles. Nothing of the rules
is played again (a wrong score is the host's lie, not a crash).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight.core.errors import BadMessage
from gamenight.core.fields import (
    Field,
    addressed,
    at,
    choice,
    each,
    field,
    flag,
    keyed,
    maybe,
    number,
    parsed,
    quoted,
    result,
    root,
    seat,
    seat_list,
    seating,
    text,
    whole,
)
from gamenight.i18n import N_, reasons
from gamenight.reflection.laser import MAX_SIZE, MIN_SIZE
from gamenight.reflection.match import MAX_TRAINING_PUZZLES, parse_options, teams_of
from gamenight.reflection.puzzle import parse_tiles, parse_warps

PHASES = ("build", "prepare", "solve", "reveal", "pause", "over")
OUTCOMES = ("solved", "gave_up", "timeout", "abandoned", "out")
REVEALS = (None, "done", "failed")
MOST_SEATS = 6
MOST_ROUNDS = MAX_TRAINING_PUZZLES  # a training match counts its puzzles as rounds
MOST_FINISHES = MAX_TRAINING_PUZZLES * MOST_SEATS
MOST_POINTS = 1 << 31
TIME = 1 << 53  # milliseconds, either way (a page's clock)
CLUE = 8  # characters of a clue ("g12", "y3"): far more than any

reasons(
    {
        "rf-view-teams": N_("{field} are not the teams the match's options deal"),
        "rf-view-team-scores": N_("{field} must give the points of each of the {teams} teams (it gives {n})"),
    }
)


def check_view(view: Mapping[str, Any], you: str | None, events: Iterable[Mapping[str, Any]]) -> None:
    """Raise ``BadMessage`` naming the first field of ``view`` (sent to seat ``you``) or of ``events``
    that the page could not read."""
    v = root(view)
    seats = seating(at(v, "seats"), MOST_SEATS)
    addressed(v, you, seats)
    options = parsed(at(v, "options"), parse_options)
    choice(at(v, "phase"), PHASES)
    whole(at(v, "round"), 0, MOST_ROUNDS)
    whole(at(v, "rounds"), 0, MOST_ROUNDS)
    for clock in ("started_ms", "deadline_ms"):
        if maybe(ms := at(v, clock)):
            whole(ms, -TIME, TIME)
    whole(at(v, "limit_ms"), options.limit_ms, options.limit_ms)
    seat_list(at(v, "active"), seats)
    puzzles = [_sheet(sheet, n, seats) for n, sheet in enumerate(each(at(v, "puzzles"), MAX_TRAINING_PUZZLES), 1)]
    for _, solving in keyed(at(v, "solving"), seats, every=False):
        whole(solving, 1, len(puzzles))
    for finish in each(at(v, "finishes"), MOST_FINISHES):
        whole(at(finish, "round"), 1, MOST_ROUNDS)
        seat(at(finish, "seat"), seats)
        choice(at(finish, "outcome"), OUTCOMES)
        whole(at(finish, "ms"), -TIME, TIME)
        whole(at(finish, "points"), -MOST_POINTS, MOST_POINTS)
        flag(at(finish, "void"))
    seat_list(at(v, "disqualified"), seats)
    for _, round_ in keyed(at(v, "out"), seats, every=False):
        whole(round_, 0, MOST_ROUNDS)
    for _, points in keyed(at(v, "scores"), seats):
        whole(points, -MOST_POINTS, MOST_POINTS)
    teams = at(v, "teams")
    for team in each(teams, MOST_SEATS):
        seat_list(team, seats)
    # The teams are the options' deal of the seats, and each has its points (the standings read one number a
    # team, ``standings.team_ranking``): a list one short had shown no teams at all.
    if [tuple(team) for team in teams[0]] != list(teams_of(seats, options.teams) if options.teams else ()):
        raise BadMessage("rf-view-teams", field=quoted("teams"))
    averages = at(v, "team_scores")
    for average in each(averages, MOST_SEATS):
        number(average, -MOST_POINTS, MOST_POINTS)
    if len(averages[0]) != len(teams[0]):
        raise BadMessage("rf-view-team-scores", field=quoted("team_scores"), teams=len(teams[0]), n=len(averages[0]))
    if maybe(stats := at(v, "stats")) and not isinstance(stats[0], Mapping):  # the page does not read it
        raise BadMessage("not-object", what=quoted("stats"))
    if maybe(done := at(v, "result")):
        result(done, seats)
    for n, event in enumerate(events):
        _event(field(event, "events", n), seats)


def _sheet(sheet: Field, n: int, seats: tuple[str, ...]) -> int:
    """Check puzzle ``n`` (from 1) of the view; its board size."""
    whole(at(sheet, "number"), n, n)
    if maybe(builder := at(sheet, "builder")):
        seat(builder, seats)
    size = whole(at(sheet, "size"), MIN_SIZE, MAX_SIZE)
    warps = at(sheet, "warps")
    list(each(warps, 2))  # a list: the board reads it as one (``controls.warps``)
    cells = size * size - len(parse_warps(warps[0], size))
    parse_tiles(at(sheet, "tiles")[0], cells)
    flag(at(sheet, "submitted"))
    flag(at(sheet, "ready"))
    if maybe(clues := at(sheet, "clues")):
        for clue in each(clues, 4 * size):
            text(clue, CLUE)
    if maybe(commitment := at(sheet, "commitment")):
        text(commitment)
    if maybe(solution := at(sheet, "solution")):
        for row in each(solution, size):
            text(row, size)
    choice(at(sheet, "reveal"), REVEALS)
    if maybe(flaw := at(sheet, "flaw")):
        text(flaw)
    return size


def _event(event: Field, seats: tuple[str, ...]) -> None:
    """The fields of an event that the log words (``standings.event_text``); it says nothing of others."""
    kind = at(event, "type")[0]
    if kind in ("submitted", "revealed", "reveal_failed", "counted_out", *OUTCOMES):
        seat(at(event, "seat"), seats)
    if kind in OUTCOMES:
        whole(at(event, "ms"), -TIME, TIME)
        whole(at(event, "points"), -MOST_POINTS, MOST_POINTS)
    if kind in ("round", "preparing", "round_over", "no_puzzle", "counted_out"):
        whole(at(event, "round"), 0, MOST_ROUNDS)
    if kind == "counted_out" and "points" in event[0]:  # the points of the puzzle it ended, if it ended one
        whole(at(event, "points"), -MOST_POINTS, MOST_POINTS)
    if kind == "reveal_due":
        seat_list(at(event, "seats"), seats)
    if kind == "reveal_failed" and maybe(why := at(event, "why")):
        text(why)
