"""How to play Raythread Rally, in the app: the rules in short, illustrated by the game's own scene.

Every picture is a small position traced by the rules engine and drawn by ``scene.board``, so the
pictures show exactly what the game does. ``docs/rules/raythread.md`` has every rule in full.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight import i18n
from gamenight.core.grid import Direction, Mirror
from gamenight.i18n import N_, _
from gamenight.raythread import INFO, rules, scene
from gamenight.raythread.board import Beacon, Board, Emitter
from gamenight.ui import svg
from gamenight.ui.program import GestureList, KeyList
from gamenight.ui.svg import Element, h

COLOURS = {"A": "amber", "B": "cyan", "C": "magenta", "D": "lime"}
SHORTCUTS: KeyList = (
    (("1", "2"), N_("Raythread: choose a mirror or a prism from your hand")),
    (("/", "\\", "O"), N_("Raythread: the tile's orientation (O flips it)")),
    (("R",), N_("Raythread: turn your tile at the cursor (press again to confirm)")),
    (("Escape",), N_("Raythread: put the tile back, stop turning")),
)
# What a touch screen does on the board (controls.py), listed in the app's help on such a screen.
GESTURES: GestureList = (
    (N_("Tap a tile in your hand"), N_("Raythread: choose it, then its orientation (/ or \\)")),
    (N_("Tap a cell"), N_("Raythread: see the beams after the move; tap it again to place the tile")),
    (N_("Tap a tile marked ↻"), N_("Raythread: see your tile turned; tap it again to turn it")),
)


def example(
    size: int,
    emitters: list[tuple[str, tuple[int, int], str]],
    tiles: Sequence[tuple[tuple[int, int], str, Mirror]] = (),
    beacons: Sequence[tuple[tuple[int, int], int]] = (),
    move: dict | None = None,
) -> dict:
    """The view of a small position — emitters (seat, cell, facing), tiles (cell, kind, orient), beacons —
    after the first seat plays ``move``, if given (the rules claim what it lights)."""
    seats = tuple(seat for seat, _cell, _facing in emitters)
    board = Board(
        size,
        tuple(Emitter(seat, cell, Direction(facing)) for seat, cell, facing in emitters),
        tuple(Beacon(cell, value) for cell, value in beacons),
    )
    placed = tuple(rules.Tile(cell, kind, orient, seats[0]) for cell, kind, orient in tiles)
    state = rules.State(
        options=rules.Options(size=size),
        seats=seats,
        board=board,
        tiles=placed,
        grid=rules.board_grid(board, placed),
        claims=tuple(() for _ in board.beacons),
        scores=tuple(0 for _ in seats),
        hands=tuple((1, 1) for _ in seats),
        deck=("mirror",),
        turn=0,
    )
    if move is not None:
        state, _events = rules.play(state, seats[0], move)
    return rules.view(state, None)


def picture(view: dict, key: str, label: str) -> Element:
    """A small board, shown as a picture (its cells are not a grid to explore); ``key`` makes its ids its own."""
    board = scene.board(view, scene.Look(colours=COLOURS))
    return h(
        "figure",
        {"class": "guide-figure"},
        h("div", {"class": "guide-board", "role": "img", "aria-label": label}, svg.picture(board, f"rt-guide-{key}")),
        h("figcaption", {}, label),
    )


def page() -> Element:
    """The rules of Raythread Rally, short and illustrated."""
    straight = example(5, [("A", (2, 0), "E")])
    mirror_slash = example(5, [("A", (2, 0), "E")], [((2, 2), "mirror", "/")])
    mirror_back = example(5, [("A", (2, 0), "E")], [((2, 2), "mirror", "\\")])
    prism = example(5, [("A", (2, 0), "E")], [((2, 2), "prism", "/")])
    place = {"type": "place", "tile": "mirror", "cell": [2, 3], "orient": "/"}
    claim = example(5, [("A", (2, 0), "E"), ("C", (4, 1), "N")], [], [((0, 3), 3)], place)
    return h(
        "article",
        {"class": "guide", "data-game": "raythread"},
        # The game's name whole, as in every heading (``i18n.name``): "Raythread" / "Rally: how to play" at 320 px.
        h("h2", {}, _("{game}: how to play").format(game=i18n.name(INFO.title))),
        h(
            "p",
            {},
            _(
                "Two to four players share one board of mirrors and prisms. Each has an emitter on the "
                "edge that shines a beam of their colour. Bend the beams into the beacons to score: the "
                "first to the target score (12 by default) ends the match."
            ),
        ),
        h("h3", {}, _("Your turn")),
        h(
            "ul",
            {},
            h("li", {}, _("Place a tile from your hand on an empty cell, as / or as \\; then draw a tile.")),
            h("li", {}, _("Or turn one of your own tiles the other way. Each tile turns only once.")),
            h("li", {}, _("A player who can do neither is passed.")),
        ),
        h("h3", {}, _("Tiles and beams")),
        h(
            "div",
            {"class": "guide-figures"},
            picture(straight, "straight", _("With nothing in its way, a beam runs straight across the board.")),
            picture(mirror_slash, "mirror-slash", _("A mirror / turns a beam heading east to the north.")),
            picture(mirror_back, "mirror-back", _("A mirror \\ turns it to the south.")),
            picture(
                prism, "prism", _("A prism splits it: one branch goes straight on, the other turns like a mirror.")
            ),
        ),
        h("h3", {}, _("Beacons")),
        h(
            "div",
            {"class": "guide-figures"},
            picture(
                claim,
                "claim",
                _(
                    "After every move all beams are traced. An unclaimed beacon that any beam reaches is "
                    "claimed by every colour reaching it, and each of them scores its value."
                ),
            ),
        ),
        h(
            "ul",
            {},
            h("li", {}, _("A beacon absorbs beams, claimed or not, and scores only once.")),
            h(
                "li",
                {},
                _("Your move may score for someone else: bending their beam into a beacon gives them its points."),
            ),
            h(
                "li",
                {},
                # The ranking's last step too (docs/rules/raythread.md): the end screen shows two players
                # at "1." and says "A draw between …", about one four-player match in five.
                i18n.sentences(
                    _(
                        "The match ends at the target score, when the deck and every hand are empty, or when "
                        "nobody can move. On equal points, the player with more beacons claimed together with "
                        "another colour ranks higher."
                    ),
                    _("Players still level share the place, and a shared first place is a draw."),
                ),
            ),
        ),
        h("h3", {}, _("In the app")),
        h(
            "ul",
            {},
            h("li", {}, _("Choose a tile (or press 1 or 2), its orientation (/ or \\), then a cell.")),
            h("li", {}, _("Point at a cell, or move the cursor with the arrow keys, to see the beams after the move.")),
            h("li", {}, _("Click or press Enter to place. On a touch screen, tap once to see, twice to place.")),
            h("li", {}, _("Tap or click one of your tiles marked ↻ to see it turned, and once more to turn it.")),
            h(
                "li",
                {},
                _(
                    "Each player's beam has its own colour and line pattern (solid, long dashes, dots, or dash "
                    "and dot), shown beside the name in the players list."
                ),
            ),
        ),
    )
