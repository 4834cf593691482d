"""Hints that explain: one cell the player has wrong or missing, and exactly the lasers through it."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import i18n
from gamenight.reflection import scene
from gamenight.reflection.explain import ACTIONS, PASS, REVERSE, STOP, TURN, explain, misplaced, why
from gamenight.reflection.generate import generate
from gamenight.reflection.laser import EMPTY, Layout, edge_names, trace
from gamenight.reflection.puzzle import KIND_OF
from tests.unit.words import in_language

GENERATED = [generate(6, 6, seed=s) for s in range(4)] + [generate(7, 8, black_holes=True, warp=True, seed=9)]


def through(puzzle, solution, cell):
    """By brute force: the edges whose laser enters ``cell`` in ``solution``."""
    return {e for e in edge_names(puzzle.size) if any(s.cell == cell for s in trace(solution, e, puzzle.warps).steps)}


@st.composite
def boards(draw):
    """A generated puzzle and a player's board: some solution tiles, some wrong ones."""
    g = draw(st.sampled_from(GENERATED))
    n = g.puzzle.size
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in g.puzzle.warps]
    layout = Layout.empty(n)
    for cell, tile in g.layout.tiles().items():
        if draw(st.booleans()):
            layout = layout.place(cell, tile)
    for cell in draw(st.lists(st.sampled_from(free), max_size=3, unique=True)):
        layout = layout.place(cell, draw(st.sampled_from("/\\|-#o")))
    return g, layout


@settings(max_examples=150, deadline=None)
@given(boards())
def test_a_hint_names_exactly_the_lasers_through_its_cell_and_never_a_right_cell(board):
    g, layout = board
    hint = explain(g.puzzle, g.layout, layout)
    if layout == g.layout:
        assert hint is None
        return
    assert hint is not None
    assert layout.at(hint.cell) != g.layout.at(hint.cell), "a hint never names a cell the player has right"
    assert hint.tile == g.layout.at(hint.cell) and hint.was == layout.at(hint.cell)
    assert set(hint.edges) == through(g.puzzle, g.layout, hint.cell)
    assert list(hint.edges) == sorted(hint.edges, key=edge_names(g.puzzle.size).index)
    wrong = [cell for cell, tile in layout.tiles().items() if g.layout.at(cell) != tile]
    if wrong:  # a wrong tile is revealed before a missing one
        assert hint.cell in wrong
    for _edge, done in hint.lasers:
        assert done and done <= set(ACTIONS)
        if hint.tile == EMPTY:
            assert done == {PASS}
        elif KIND_OF[hint.tile] == "diagonal":
            assert done == {TURN}
        elif hint.tile == "#":
            assert done == {REVERSE}
        elif hint.tile == "o":
            assert done == {STOP}


def test_the_sentence_names_the_lasers_and_what_they_do():
    g = GENERATED[0]
    hint = explain(g.puzzle, g.layout, Layout.empty(g.puzzle.size))
    text = why(hint)
    # QA14 #4: named as the board names its clues and as the rest of the announcement does ("top 3"), not
    # by the short names of the rules ("T3"), which the board never shows.
    for edge in hint.edges:
        assert scene.edge_name(edge) in text, (edge, text)
    assert not re.search(r"\b[TRBL]\d", text), text
    names = i18n.conjunction
    assert names(["T3"]) == "T3" and names(["T3", "L5"]) == "T3 and L5" and names(["T3", "L5", "B2"]) == "T3, L5 and B2"


def test_misplaced_counts_wrong_tiles_only():
    g = GENERATED[1]
    (a, tile_a), (b, _) = sorted(g.layout.tiles().items())[:2]
    empty = next(
        (r, c) for r in range(6) for c in range(6) if g.layout.at((r, c)) == EMPTY and (r, c) not in g.puzzle.warps
    )
    layout = Layout.empty(6).place(a, tile_a)  # right
    assert misplaced(g.layout, layout) == 0
    layout = layout.place(empty, "#")  # wrong: nothing belongs there
    turned = {"/": "\\", "\\": "/", "|": "-", "-": "|", "#": "o", "o": "#"}[g.layout.at(b)]
    layout = layout.place(b, turned)  # wrong: another tile belongs there
    assert misplaced(g.layout, layout) == 2
    assert misplaced(g.layout, g.layout) == 0


def test_a_clue_is_named_by_its_row_or_column_so_its_place_cannot_be_read_as_its_value():
    """QA79: "right 6 and left 6 lasers turn here" named the 6th clue on the right (which shows 11) while
    two other right clues show 6; the board draws no row or column numbers. A clue is named by the row or
    column it stands at, in the hints, the board's own names and the announcements alike."""
    assert scene.edge_name("R6") == "the right clue in row 6"
    assert scene.edge_name("T3") == "the top clue in column 3"
    assert scene.edge_list(["R6", "L6"]) == "the right clue in row 6 and the left clue in row 6"
    g = GENERATED[0]
    hint = explain(g.puzzle, g.layout, Layout.empty(g.puzzle.size))
    assert all(scene.edge_name(edge) in why(hint) for edge in hint.edges)
    assert not re.search(r"\b(top|right|bottom|left) \d", why(hint)), why(hint)
    # The clue's own name on the board (its button's) begins with the same words.
    assert scene.edge_label(g.puzzle, "B2", False).startswith("The bottom clue in column 2: ")
    with in_language("ja"):
        assert scene.edge_name("R6") == "6行目の右の数字"
        assert scene.edge_name("B2") == "2列目の下の数字"
        assert scene.edge_list(["R6", "L6"]).replace(i18n.JOINER, "") == "6行目の右の数字と6行目の左の数字"
        assert scene.edge_label(g.puzzle, "T1", False).startswith("1列目の上の数字：")
        assert not re.search(r"[上下左右]\u2060?\d", why(hint)), why(hint)  # not "右6" (the old name)
