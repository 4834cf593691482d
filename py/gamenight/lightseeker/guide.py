"""How to play Light Seeker, in the app: the rules in short, illustrated by the game's own scene.

Every picture is a small position whose view the rules engine makes (areas, light, the winner) and
``scene.board`` draws. ``docs/rules/lightseeker.md`` has every rule in full.
"""

from __future__ import annotations

from gamenight import i18n
from gamenight.core.grid import Direction
from gamenight.i18n import N_, _
from gamenight.lightseeker import GAME, INFO, rules, scene
from gamenight.lightseeker.cube import EAST, HOME, NORTH, UP, WEST, orientation, tilt
from gamenight.ui import svg
from gamenight.ui.program import GestureList, KeyList
from gamenight.ui.svg import Element, h

SHORTCUTS: KeyList = (
    (("S", "T"), N_("Light Seeker: slide or tilt the chosen cube, then an arrow key for the way")),
    (("Space",), N_("Light Seeker: choose the cube at the cursor (after the actions: Buh's new cube)")),
    (("Enter",), N_("Light Seeker: confirm the turn once Buh's new cube is chosen")),
    (("Escape",), N_("Light Seeker: step back (the armed key, Buh's choice, the last action)")),
    # Backspace undoes as U does (controls.py): the list named U alone, and a key that works unlisted is unknown.
    (("U", "Backspace"), N_("Light Seeker: undo the last action")),
)
# What a touch screen does on the board (controls.py), listed in the app's help on such a screen. The arrows on
# the board take no taps there (css/app.css: half a cell is under a finger's 44 px): the chosen cube's Slide and
# Tilt buttons act (the help said "then an arrow", which did nothing).
GESTURES: GestureList = (
    (
        N_("Tap a cube, then a Slide or Tilt button"),
        N_("Light Seeker: slide or tilt it (a small face shows what a tilt brings up)"),
    ),
    (N_("Tap a cube"), N_("Light Seeker: after the actions, Buh's new cube; then Confirm turn")),
)

DARK = HOME
FULL = orientation(NORTH, UP)
HALF_NW = orientation(EAST, NORTH)  # lit in the corner of its north and west edges
HALF_ES = orientation(WEST, NORTH)  # lit in the corner of its east and south edges


def example(
    cubes: list[tuple[tuple[int, int], int]], buh: int = 0, joins: rules.Joins = "edges", move: dict | None = None
) -> dict:
    """The view of a small position: ``(cell, orientation)`` per cube, Buh on cube ``buh``; after
    ``move`` if given (played by the first seat, so the rules decide a win)."""
    board = rules.Board(tuple(c for c, _o in cubes), tuple(o for _c, o in cubes), buh)
    state = rules.State(rules.Options(light_joins=joins), ("1", "2"), board, turn=2)
    if move is not None:
        state, _events = GAME.play(state, "1", move, 0)
    return GAME.view(state, None)


def picture(view: dict, key: str, label: str, look: scene.Look | None = None) -> Element:
    """A small valley, shown as a picture (its cells are not a grid to explore); ``key`` makes its ids its own."""
    board = scene.board(view, look or scene.Look(), fit=3)
    return h(
        "figure",
        {"class": "guide-figure"},
        h("div", {"class": "guide-board", "role": "img", "aria-label": label}, svg.picture(board, f"ls-guide-{key}")),
        h("figcaption", {}, label),
    )


def _corners(o: int) -> tuple[scene.Corner, ...]:
    return tuple((a.value, b.value) for a, b in rules.LIGHTING.lit_corners[o])


def page() -> Element:
    """The rules of Light Seeker, short and illustrated."""
    faces = example([((0, 0), DARK), ((0, 1), HALF_NW), ((0, 2), FULL)], buh=0)
    joined = example([((0, 0), HALF_ES), ((0, 1), HALF_NW), ((1, 0), DARK)], buh=2)
    apart = example([((0, 0), HALF_NW), ((0, 1), HALF_NW), ((1, 0), DARK)], buh=2)
    # Cube 0 has open spaces to the north and west: its slides, and the face each tilt brings up.
    acting = example([((0, 0), DARK), ((0, 1), DARK), ((1, 0), DARK)], buh=2)
    arrows = tuple(
        scene.Arrow(d.value, kind, _corners(tilt(DARK, d) if kind == "tilt" else DARK))
        for d in (Direction.N, Direction.W)
        for kind in rules.KINDS
    )
    row = [((0, 0), FULL), ((0, 1), FULL), ((0, 2), FULL), ((1, 0), DARK), ((1, 1), DARK), ((1, 3), DARK)]
    won = example(
        [*row, ((2, 0), DARK), ((2, 1), DARK), ((2, 2), DARK)],
        buh=4,
        move={"actions": [{"cube": 5, "kind": "tilt", "dir": "W"}, {"cube": 8, "kind": "slide", "dir": "E"}], "buh": 0},
    )
    return h(
        "article",
        {"class": "guide", "data-game": "lightseeker"},
        h("h2", {}, _("{game}: how to play").format(game=i18n.name(INFO.title))),  # the name whole (``i18n.name``)
        h(
            "p",
            {},
            _(
                "Two players share nine cubes in a valley without edges. Each cube has two dark faces, two "
                "half-lit faces and two fully lit ones. Whoever ends a turn with a light area worth 7 or "
                "more wins."
            ),
        ),
        h("h3", {}, _("Faces and light areas")),
        h(
            "div",
            {"class": "guide-figures"},
            picture(faces, "faces", _("Only the faces on top count: dark (0), half lit (1), fully lit (2).")),
            picture(
                joined, "joined", _("Side by side, two lit faces join where their lit edges meet: one area worth 2.")
            ),
            picture(apart, "apart", _("Here a dark edge lies between them: two areas worth 1 each.")),
        ),
        h("h3", {}, _("Your turn")),
        h(
            "ul",
            {},
            h(
                "li",
                {},
                _(
                    "Make two actions (only one on the match's very first turn). An action moves one cube "
                    "into the open space next to it: a slide keeps the face on top, a tilt rolls the cube over "
                    "so another face comes up."
                ),
            ),
            h("li", {}, _("The cube Buh sits on cannot act. The same cube may act twice.")),
            h(
                "li",
                {},
                _(
                    "After the actions every cube must touch another (diagonally counts), and the light "
                    "on top must be higher than at the start of the turn."
                ),
            ),
            h("li", {}, _("Then move Buh to any other cube.")),
            h(
                "li",
                {},
                _(
                    "A player who has no legal turn loses the match, or it ends in a draw if the match's options "
                    "say so."
                ),
            ),
        ),
        h(
            "div",
            {"class": "guide-figures"},
            picture(
                acting,
                "acting",
                _("A chosen cube: straight arrows slide it, the small faces show what a tilt brings up."),
                scene.Look(selected=0, arrows=arrows),
            ),
            picture(won, "won", _("A light area worth 7: the player who made it wins.")),
        ),
        h("h3", {}, _("In the app")),
        h(
            "ul",
            {},
            # By touch the arrows take no taps (``GESTURES``); by mouse both they and the buttons act.
            h(
                "li",
                {},
                _(
                    "Tap a cube, then a Slide or Tilt button (they appear once a cube is chosen). With a mouse, "
                    "click a cube, then an arrow on the board or a button. The board shows the position and its "
                    "light at once."
                ),
            ),
            h("li", {}, _("Dimmed cubes and arrows cannot lead to a legal turn; you may still try them.")),
            h(
                "li",
                {},
                _(
                    "Undo action takes an action back. After the actions, tap or click Buh's new cube, "
                    "then Confirm turn."
                ),
            ),
            h(
                "li",
                {},
                _(
                    "Keyboard: arrow keys choose a cube, S or T then an arrow acts, Space chooses Buh's cube, "
                    "Enter confirms."
                ),
            ),
        ),
    )
