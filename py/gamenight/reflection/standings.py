"""What everyone sees of a Reflection match around the boards: who has sent, the round's finish order,
points per round and totals, team averages, failed reveals, the revealed layouts beside their clues,
the seat list's facts and the log's lines. Pure: drawn from one seat's view, never from more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight import i18n
from gamenight.core.errors import BadMessage
from gamenight.core.game import JSON, named_seat
from gamenight.i18n import N_, TERMS, _, ngettext
from gamenight.reflection import scene
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import counted_out
from gamenight.reflection.puzzle import Puzzle, parse_layout, parse_puzzle
from gamenight.reflection.solo import clock
from gamenight.ui.match import Table, ending, place_words
from gamenight.ui.svg import Child, Element, filled, h

# "abandoned", not "left": the catalogue already has "left" as a board side (左 in Japanese).
OUTCOMES = {
    "solved": N_("solved"),
    "gave_up": N_("gave up"),
    "timeout": N_("out of time"),
    "abandoned": N_("abandoned"),
    "out": N_("counted out"),  # the host counted out a player who left (``match.count_out``)
}


# A log line for a race's finish other than a solve (``event_text``).
ENDED = {
    "gave_up": N_("{name} gave up: {p} points."),
    "timeout": N_("{name} ran out of time: {p} points."),
    "abandoned": N_("{name} abandoned it: {p} points."),
}


# --- reading the view ------------------------------------------------------------------------------


def sheet(view: JSON, number: int) -> JSON | None:
    """Puzzle ``number`` (from 1) of the view."""
    puzzles = view.get("puzzles", [])
    return puzzles[number - 1] if isinstance(puzzles, list) and 1 <= number <= len(puzzles) else None


def puzzle_of(data: JSON | None) -> Puzzle | None:
    """The puzzle a sheet of the view shows, if its clues are given (untrusted: ``None`` if malformed)."""
    if not data or data.get("clues") is None:
        return None
    try:
        return parse_puzzle({k: data[k] for k in ("size", "warps", "tiles", "clues")})
    except (BadMessage, KeyError):
        return None


def solution_of(data: JSON | None) -> Layout | None:
    """A sheet's solution once the view carries it (after every round using it), else ``None``."""
    if not data or not isinstance(data.get("solution"), list):
        return None
    try:
        return parse_layout({"rows": data["solution"]}, int(data.get("size", 0)))
    except (BadMessage, ValueError):
        return None


def name_of(table: Table | Mapping[str, str], seat: Any) -> str:
    """``"Bea (2)"`` for a seat, or the seat id alone when nobody's name is known."""
    names = table.names if isinstance(table, Table) else table
    if not isinstance(seat, str):
        return "?"
    return named_seat(names.get(seat), seat)


def names_said(table: Table, seats: Iterable[str]) -> list[str]:
    """The names of ``seats`` as this page says them: its own player "you", first, when the page moves for one
    seat (a table on one device, which moves for several, and a spectator name everyone), the others "Bea (2)"."""
    seats = list(seats)
    mine = [_("you")] if len(table.mine) == 1 and set(table.mine) <= set(seats) else []
    return [*mine, *(name_of(table, s) for s in seats if s not in table.mine or not mine)]


def flaw_text(flaw: Any) -> str:
    """Why a reveal failed, in the page's language (a registered term, or the rules' own sentence)."""
    if not isinstance(flaw, str):
        return ""
    return _(TERMS[flaw]) if flaw in TERMS else flaw


def points_text(points: int) -> str:
    return i18n.number(f"{points:+d}")  # with a plus sign for a gain


def round_finishes(view: JSON, round_: int) -> list[JSON]:
    return [f for f in view.get("finishes", []) if isinstance(f, dict) and f.get("round") == round_]


# --- panels ----------------------------------------------------------------------------------------


def voided(points: Child, void: Any, style: str) -> Child:
    """``points`` marked "(void)" when ``void`` (a failure a failed reveal cancels), the mark in ``style``."""
    if not void:
        return points
    return filled(_("{points} {void}"), points=points, void=h("span", {"class": style}, _("(void)")))


def race(view: JSON, table: Table) -> Element | None:
    """Who has sent (build), the round's finish order (solve), who has revealed (reveal); once the
    match was stopped (``table.stopped``), who never did."""
    phase = view.get("phase")
    active = list(view.get("active", ()))
    stopped = table.stopped
    if phase == "build":
        rows = [
            h(
                "li",
                {"data-seat": p.get("builder"), "data-sent": "1" if p.get("submitted") else "0"},
                _("{name} · {state}").format(
                    name=name_of(table, p.get("builder")),
                    state=_("sent ✓") if p.get("submitted") else _("not sent") if stopped else _("still building…"),
                ),
            )
            for p in view.get("puzzles", [])
        ]
        return h("section", {"class": "rf-race"}, h("h3", {}, _("Puzzles")), h("ul", {}, rows))
    if phase == "reveal":
        rows = []
        for p in view.get("puzzles", []):
            if p.get("builder") is None or (p.get("reveal") is None and p.get("builder") not in active):
                continue
            state = p.get("reveal")
            text = (
                _("revealed ✓")
                if state == "done"
                else _("reveal failed ✗: {why}").format(why=flaw_text(p.get("flaw")))
                if state == "failed"
                else _("not revealed")
                if stopped
                else _("revealing…")
            )
            shown = _("{name} · {state}").format(name=name_of(table, p.get("builder")), state=text)
            rows.append(h("li", {"data-seat": p.get("builder")}, shown))
        return h("section", {"class": "rf-race"}, h("h3", {}, _("Reveals")), h("ul", {}, rows))
    round_ = view.get("round", 0)
    done = round_finishes(view, round_)
    if phase != "solve" and not done:
        round_ -= 1
        done = round_finishes(view, round_)
    if round_ < 1:
        return None
    solved = [f for f in done if f.get("outcome") == "solved"]
    failed = [f for f in done if f.get("outcome") != "solved"]
    still = [s for s in view.get("solving", {}) if s in active] if phase == "solve" else []
    return h(
        "section",
        {"class": "rf-race", "data-round": round_},
        h("h3", {}, _("Round {n}: finish order").format(n=round_)),
        h(
            "ol",
            {"class": "rf-order"},
            [
                h(
                    "li",
                    {"data-seat": f.get("seat"), "data-points": f.get("points")},
                    _("{name} · {time} · {points}").format(
                        name=name_of(table, f.get("seat")),
                        time=clock(int(f.get("ms", 0))),
                        points=points_text(int(f.get("points", 0))),
                    ),
                )
                for f in solved
            ],
        ),
        failed
        and h(
            "ul",
            {"class": "rf-failed"},
            [
                h(
                    "li",
                    {"data-seat": f.get("seat"), "data-points": f.get("points")},
                    filled(
                        _("{name} · {outcome} · {points}"),
                        name=name_of(table, f.get("seat")),
                        outcome=_(OUTCOMES.get(f.get("outcome", ""), "")),
                        points=voided(points_text(int(f.get("points", 0))), f.get("void"), "rf-void"),
                    ),
                )
                for f in failed
            ],
        ),
        still
        and h(
            "p",
            {"class": "rf-still"},
            filled(
                _("Did not finish: {names}") if stopped else _("Still solving: {names}"),
                # This page's player is "you", as the status over the board names her: "Ann (1)" on her own page
                # under "still solving: you and Bea (2)" read as someone else.
                names=i18n.listing(names_said(table, still)),
            ),
        ),
        not solved and not failed and not still and h("p", {"class": "quiet"}, _("Nobody has finished yet.")),
    )


def scoreboard(view: JSON, table: Table) -> Element | None:
    """Points per round and totals (at the end, in the ranking's order); disqualified builders flagged. (The
    teams of a team race stand in a list of their own, ``team_standings``.)"""
    finishes = [f for f in view.get("finishes", []) if isinstance(f, dict)]
    if not finishes and view.get("phase") != "over":
        return None
    rounds = max(int(view.get("rounds", 0) or 0), max((int(f.get("round", 0)) for f in finishes), default=0))
    seats = [s for s in view.get("seats", []) if isinstance(s, str)]
    # At the end the table is the ranking (the result's order, as the result panel's): it opens "Final
    # results", and in seat order its first row read as the winner's.
    result = given if isinstance(given := view.get("result"), dict) else {}
    places = [p for p in result.get("ranking", []) if isinstance(p, list)]
    ranked = [s for place in places for s in place if s in seats]
    seats = [*dict.fromkeys(ranked), *(s for s in seats if s not in ranked)]
    scores = given if isinstance(given := view.get("scores"), dict) else {}
    out = set(view.get("disqualified", []) or [])
    gone = counted_out(view)
    by = {(f.get("seat"), f.get("round")): f for f in finishes}
    head = h(
        "tr",
        {},
        h("th", {"scope": "col"}, _("Player")),
        # The total next to the name: on a phone the rounds scroll in their box, the total stays in sight.
        h("th", {"scope": "col"}, _("Total")),
        [h("th", {"scope": "col"}, _("Round {n}").format(n=r)) for r in range(1, rounds + 1)],
    )
    rows = []
    for seat in seats:
        cells = []
        for r in range(1, rounds + 1):
            f = by.get((seat, r))
            if f is None:
                cells.append(h("td", {"data-round": r}, "–"))
                continue
            outcome = f.get("outcome", "")
            text = points_text(int(f.get("points", 0)))
            detail = clock(int(f.get("ms", 0))) if outcome == "solved" else _(OUTCOMES.get(outcome, ""))
            cells.append(
                h(
                    "td",
                    {"class": "rf-void" if f.get("void") else None, "data-round": r, "data-points": f.get("points")},
                    voided(
                        filled(
                            _("{points} {detail}"),
                            points=h("s", {}, text) if f.get("void") else text,
                            detail=h("span", {"class": "rf-detail"}, detail),
                        ),
                        f.get("void"),
                        "rf-detail",
                    ),
                )
            )
        rows.append(
            h(
                "tr",
                {"data-seat": seat},
                h(
                    "th",
                    {"scope": "row"},
                    name_of(table, seat),
                    # One badge under the name. A builder who left before the reveal is both: "counted
                    # out" says why the reveal failed, "disqualified" why the total is 0 whatever the rounds.
                    seat in gone
                    and h(
                        "span",
                        {"class": "badge rf-flag rf-out"},
                        i18n.separated(_("counted out"), _("disqualified")) if seat in out else _("counted out"),
                    ),
                    seat in out
                    and seat not in gone
                    and h("span", {"class": "badge rf-flag"}, _("disqualified: reveal failed")),
                ),
                h("td", {"class": "rf-total", "data-score": scores.get(seat)}, i18n.number(scores.get(seat, 0))),
                cells,
            )
        )
    return h(
        "section",
        {"class": "rf-scores"},
        h("h3", {}, _("Points")),
        h(
            "div",
            {"class": "rf-table-wrap rf-pan"},
            h("table", {"class": "rf-table"}, h("thead", {}, head), h("tbody", {}, rows)),
        ),
    )


def team_points(points: float) -> str:
    """A team's points, the average of its players' totals: "90 points", "13.5 points" (one decimal where the
    average has a fraction: the rules keep it exact, and two teams a fraction apart do not tie)."""
    whole = float(points).is_integer()
    shown = str(int(points)) if whole else f"{float(points):.1f}"
    return ngettext("{x} point", "{x} points", int(points) if whole else 2).format(x=i18n.number(shown))


def team_ranking(view: JSON) -> list[tuple[int, int, float]]:
    """A team race's teams ranked by their points (the rules' team score: the average of its players' totals), as
    ``(place, team index, points)``: teams on equal points share a place, listed in team order, and the next place
    counts the teams ahead (1, 1, 3). Empty outside a team race. The running standings, the final standings and
    the headline all read it: one ranking of the teams."""
    teams = [t for t in view.get("teams") or [] if isinstance(t, list)]
    averages = view.get("team_scores") or []
    if not teams or len(averages) < len(teams) or not isinstance(view.get("scores"), dict):
        return []
    order = sorted(range(len(teams)), key=lambda i: -float(averages[i]))  # stable: team order among equals
    ranked = []
    place, before = 0, None
    for ahead, i in enumerate(order):
        if float(averages[i]) != before:
            place, before = ahead + 1, float(averages[i])
        ranked.append((place, i, float(averages[i])))
    return ranked


def team_name(index: int) -> str:
    return _("Team {n}").format(n=index + 1)


def team_members(view: JSON, table: Table, index: int) -> list[Element]:
    """A team's players, each with their own total, in seat order (``"Bea (2) · 60"``)."""
    return [
        h(
            "li",
            {"data-seat": seat},
            filled(_("{name} · {points}"), **member(view, table, seat, "rf-member", "rf-total")),
        )
        for seat in members(view, index)
    ]


def members(view: JSON, index: int) -> list[str]:
    """The seats of team ``index``, in seat order."""
    return [seat for seat in view["teams"][index] if isinstance(seat, str)]


def member(view: JSON, table: Table, seat: str, name_class: str, points_class: str) -> dict[str, Element]:
    """A team's player as the running and the final standings both write them, "{name} · {points}"'s two parts
    (the name and the player's own total), each in its list's class: the running list joins them in a line
    (``filled``), the final standings put each in a column of their own (``columns``)."""
    return {
        "name": h("span", {"class": name_class}, name_of(table, seat)),
        "points": h("span", {"class": points_class}, i18n.number(view["scores"].get(seat, 0))),
    }


def team_headline(view: JSON) -> str:
    """What the status says at the end of a team race: the team that won ("Team 2 wins!"), or the teams sharing
    first place ("A draw between Team 1 and Team 2."), in the match screen's words for players; "" for any other
    match (the match screen names the players)."""
    ranked = team_ranking(view) if view.get("phase") == "over" and isinstance(view.get("result"), dict) else []
    first = [team_name(i) for place, i, _points in ranked if place == 1]
    if not first:
        return ""
    if len(first) > 1:
        return _("A draw between {names}.").format(names=i18n.conjunction(first))
    return ngettext("{names} wins!", "{names} win!", 1).format(names=first[0])


def columns(template: str, **parts: Element) -> list[Child]:
    """``template``'s parts, each its own column of the final standings (css/app.css), joined as the catalogue
    joins them ("Team 1 · 90 points", "チーム1・90点"): a join is read and copied with the row, not drawn."""
    return [h("span", {"class": "join"}, p) if isinstance(p, str) else p for p in filled(template, **parts) if p != ""]


def final_standings(view: JSON, table: Table) -> Element | None:
    """The final standings of a team race, in the match screen's panel (``ui.match.result_panel``'s classes): the
    teams ranked as the running standings rank them (``team_ranking``), each team's players under it with their
    own totals; ``None`` for any other match (the match screen ranks the players)."""
    result = view.get("result")
    ranked = team_ranking(view) if view.get("phase") == "over" else []
    if not ranked or not isinstance(result, dict):
        return None
    rows = [
        h(
            "li",
            # Each player's row has the place (the result's: a team's players share its place), as the match
            # screen's rows have; the team's row has its number.
            {"class": "rf-final-team", "data-team": i + 1},
            h("span", {"class": "place"}, f"{place}."),
            " ",
            columns(
                _("{name} · {points}"),
                name=h("span", {"class": "who"}, team_name(i)),
                points=h("span", {"class": "points"}, team_points(points)),
            ),
            h(
                "ul",
                {"class": "rf-final-members"},
                [
                    h(
                        "li",
                        {"data-seat": seat, "data-place": place},
                        columns(_("{name} · {points}"), **member(view, table, seat, "who", "points")),
                    )
                    for seat in members(view, i)
                ],
            ),
        )
        for place, i, points in ranked
    ]
    return h(
        "section",
        {"class": "match-result", "data-teams": len(ranked)},
        h("h2", {}, _("Final standings")),
        h("p", {"class": "reason"}, i18n.sentence(ending(result, table))),
        h("ol", {"class": "ranking"}, rows),
    )


def team_standings(view: JSON, table: Table) -> Element | None:
    """A team race's teams ranked by their points (``team_ranking``), each with its players and their own totals
    under it. Once the race is over the first team says it won, or, sharing first place, that it is a draw. Shown
    from the first finish, as the points table: during the race it is the teams' running points."""
    ranked = team_ranking(view)
    if not ranked or (not view.get("finishes") and view.get("phase") != "over"):
        return None
    over = view.get("phase") == "over"
    first = [i for place, i, _points in ranked if place == 1]
    rows = []
    for place, i, points in ranked:
        verdict = "" if not over or i not in first else _("wins") if len(first) == 1 else _("draw")
        head = filled(
            _("{name} · {points}"),
            name=h("span", {"class": "rf-team-name"}, team_name(i)),
            points=h("span", {"class": "rf-total"}, team_points(points)),
        )
        rows.append(
            h(
                "li",
                {"class": "rf-team", "data-team": i + 1, "data-place": place, "data-won": "1" if verdict else None},
                h(
                    "p",
                    {"class": "rf-team-head"},
                    h("span", {"class": "rf-place"}, f"{place}."),
                    " ",
                    head,
                    verdict and h("span", {"class": "rf-verdict"}, i18n.separator(), h("strong", {}, verdict)),
                ),
                h("ul", {"class": "rf-team-members"}, team_members(view, table, i)),
            )
        )
    return h(
        "section",
        {"class": "rf-teams"},
        h("h3", {}, _("Teams")),
        h("p", {"class": "rf-teams-note"}, _("A team's points are the average of its players' totals.")),
        h("ol", {}, rows),
    )


def gallery(view: JSON, table: Table) -> Element | None:
    """Each finished puzzle: its revealed layout beside its clues, or why there is none."""
    figures, size = [], 0
    for data in view.get("puzzles", []):
        puzzle, layout = puzzle_of(data), solution_of(data)
        failed = data.get("reveal") == "failed"
        if puzzle is None or (layout is None and not failed):
            continue
        size = max(size, puzzle.size)
        builder = data.get("builder")
        caption = (
            _("Puzzle {n} by {name}").format(n=data.get("number"), name=name_of(table, builder))
            if builder
            else _("Round {n}'s puzzle").format(n=data.get("number"))
        )
        drawn = inert(scene.board(puzzle, layout or Layout.empty(puzzle.size)))
        figures.append(
            h(
                "figure",
                {"class": "rf-revealed", "data-number": data.get("number"), "data-failed": "1" if failed else None},
                h("div", {"class": "rf-mini rf-pan"}, drawn),
                h(
                    "figcaption",
                    {},
                    caption,
                    failed
                    and h(
                        "span",
                        {"class": "rf-flag"},
                        i18n.separator(),
                        _("reveal failed: {why}").format(why=flaw_text(data.get("flaw"))),
                    ),
                ),
            )
        )
    if not figures:
        return None
    # How many cells wide the largest board is drawn, clues and all: the figures' columns are sized by it (css/app.css)
    # so that a small board's clues are still drawn 12 px high or more.
    units = {"class": "rf-figures", "style": f"--rf-units: {scene.units(size):g}"}
    return h("section", {"class": "rf-gallery"}, h("h3", {}, _("Solutions")), h("div", units, figures))


def inert(node: Element | str) -> Element | str:
    """A board to look at only: no input targets, no focus stops, no ids; one image to screen readers
    (its caption says whose puzzle it is), with nothing labelled inside it."""
    return _strip(node, top=True)


def picture(node: Element | str) -> Element | str:
    """A board drawn as one image whose parts carry no names of their own (the page describes them)."""
    if isinstance(node, str):
        return node
    children = tuple(_strip(c, top=False, keep_inputs=True) for c in node.children)
    return Element(node.tag, node.attrs, children)


def _strip(node: Element | str, top: bool, keep_inputs: bool = False) -> Element | str:
    if isinstance(node, str):
        return node
    drop = {"aria-label", "role", "aria-colindex", "tabindex", "id"} if not top else {"tabindex", "id"}
    if not keep_inputs:
        drop.add("data-action")
    attrs = tuple((k, "img" if k == "role" else v) for k, v in node.attrs if k not in drop)
    return Element(node.tag, attrs, tuple(_strip(c, False, keep_inputs) for c in node.children))


# --- the match screen's seat list and log ---------------------------------------------------------------


def seat_facts(view: JSON, seat: str, table: Table) -> list[str]:
    """What the seat list says of a seat: its part in the phase (``table.stopped``: what it left
    undone); once the race is over, its place in the final standings (a card kept an empty line then, for
    the cards of a match are one height), as a finished Raythread match's cards say it; counted out or
    disqualified."""
    result = view.get("result")
    place = place_words(result, seat) if isinstance(result, Mapping) else ""
    facts = [place] if place else []
    phase, round_ = view.get("phase"), view.get("round", 0)
    stopped = table.stopped
    mine = next((p for p in view.get("puzzles", []) if p.get("builder") == seat), None)
    if phase == "build" and mine is not None:
        facts.append(_("sent") if mine.get("submitted") else _("not sent") if stopped else _("building"))
    elif phase == "solve":
        done = next((f for f in round_finishes(view, round_) if f.get("seat") == seat), None)
        if done is not None and done.get("outcome") == "solved":
            facts.append(_("solved in {t}").format(t=clock(int(done.get("ms", 0)))))
        elif done is not None:
            facts.append(_(OUTCOMES.get(done.get("outcome", ""), "")))
        elif seat in view.get("solving", {}):
            facts.append(_("did not finish") if stopped else _("solving"))
        else:
            facts.append(_("sits this round out"))
    elif phase == "reveal" and mine is not None and mine.get("reveal") is None and seat in view.get("active", ()):
        facts.append(_("not revealed") if stopped else _("revealing"))
    if seat in counted_out(view):
        if _(OUTCOMES["out"]) not in facts:
            facts.append(_(OUTCOMES["out"]))
    elif seat in (view.get("disqualified") or []):
        facts.append(_("disqualified"))
    return facts


def event_text(event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "submitted":
        return _("{name} sent a puzzle.").format(name=who)
    if kind == "round":
        return _("Round {n} begins.").format(n=event.get("round"))
    if kind == "preparing":
        return _("Making round {n}'s puzzle…").format(n=event.get("round"))
    if kind == "solved":
        return _("{name} solved it in {t}: {p} points.").format(
            name=who, t=clock(int(event.get("ms", 0))), p=points_text(int(event.get("points", 0)))
        )
    if kind == "counted_out" and "points" in event:  # it ended the puzzle they were solving
        return _("{name} left and was counted out ({p} points): the race goes on without them.").format(
            name=who, p=points_text(int(event.get("points", 0)))
        )
    if kind == "counted_out":
        return _("{name} left and was counted out: the race goes on without them.").format(name=who)
    if kind == "out":
        # Only a later round's: the count-out's own line carries the puzzle it ended (match.count_out). The
        # points change the standings, so each round says them, and not as if she were counted out again.
        return _("{name} is still counted out: {p} points this round.").format(
            name=who, p=points_text(int(event.get("points", 0)))
        )
    if kind in ("gave_up", "timeout", "abandoned"):
        # A sentence of the shape of "{name} solved it in {t}: {p} points.", what they did, then the points.
        return _(ENDED[kind]).format(name=who, p=points_text(int(event.get("points", 0))))
    if kind == "round_over":
        return _("Round {n} is over.").format(n=event.get("round"))
    if kind == "reveal_due":
        seats = given if isinstance(given := event.get("seats"), list) else []
        # What happens, not a request: each builder's page sends its reveal by itself (docs/rules/reflection.md,
        # "Revealing"); "… must reveal their puzzles." had players look for a button.
        return ngettext("Revealing the puzzle of {names}…", "Revealing the puzzles of {names}…", len(seats)).format(
            names=i18n.conjunction(name_of(names, s) for s in seats)
        )
    if kind == "revealed":
        return _("{name} revealed their puzzle.").format(name=who)
    if kind == "reveal_failed":
        return _("{name}'s reveal failed ({why}): disqualified; failures on that puzzle cost nothing.").format(
            name=who, why=flaw_text(event.get("why"))
        )
    if kind == "no_puzzle":
        return _("No puzzle could be made for round {n}.").format(n=event.get("round"))
    if kind == "end":
        return _("The match is over.")
    return None
