"""The table's word on the match ("Move taken back.", a match taken from another tab or restored) is heard.

A player's pass with a screen reader: the word appeared as a ``role=status`` paragraph already holding its
text, and a screen reader hears text put into a live region it knows, not a region that appears (as the
update offer's region, ui/app.py's ``update_offer``). The region is drawn before the words come, empty and
taking no room, and says them once.
"""

from gamenight.raythread import rules
from gamenight.ui import app
from gamenight.ui.program import UiEvent
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.test_table import click, play, send, started

REGION = "match-word"


def regions(model) -> list[tuple[str | None, str | None, str]]:
    """The match's word regions on the page: (id, role, text), the one that holds words (``ui.live.alerts``
    draws two, the other empty); ("", "", "") while neither does."""
    found = [
        (e.attr("id"), e.attr("role"), text_of(e))
        for e in find_all(app.view(model), lambda e: str(e.attr("id") or "").startswith(REGION))
    ]
    assert found, "the region stands on every match screen"
    assert {role for _id, role, _text in found} == {"status"}
    speaking = [r for r in found if r[2]]
    assert len(speaking) <= 1, "one region holds the word"
    return speaking or [(REGION, "status", "")]


def place(model, k=5):
    state = model.inner.played.state
    return play(model, [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][k])


def test_the_undo_word_is_said_in_a_region_drawn_before_it_once():
    model, _ = started()
    assert regions(model) == [(REGION, "status", "")], "the region stands, empty, before any word"
    model, _ = place(model)
    assert regions(model) == [(REGION, "status", "")]
    model, _ = click(model, "table-undo")
    ((_id, _role, said),) = regions(model)
    assert said == "Move taken back."
    # The next move takes the word away; the region stays, empty, for the next one.
    model, _ = place(model)
    assert regions(model) == [(REGION, "status", "")]


def test_the_same_word_twice_is_put_into_a_region_afresh_each_time():
    """A player's pass with a screen reader: two Undos in a row, the second "Move taken back." put the same words
    in the same region, the page's morph changed nothing, and nothing was heard. Each saying fills the region
    that did not speak last and empties the other (``ui.live.alerts``), so the words are new text each time."""
    model, _ = started()
    model, _ = place(model)
    model, _ = place(model)
    model, _ = click(model, "table-undo")
    first = regions(model)
    model, _ = click(model, "table-undo")
    second = regions(model)
    assert first[0][2] == second[0][2] == "Move taken back."
    assert first[0][0] != second[0][0], "the second saying is put into the other region"
    # "There is no move to take back." is not offered (Undo is disabled), but said twice it would be said twice:
    # the count is the table's, one per word given, whatever the words.
    assert model.inner.said == 2


def hover_and_focus(model):
    """Inputs the board acts on that change nothing of the match: the pointer over a cell, then over the
    match screen's edge, a key that moves the cursor, a tile chosen from the hand and put back."""
    state = model.inner.played.state
    move = next(m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place")
    r, c = move["cell"]
    for event in (
        UiEvent("pointerover", "rt-cell", {"r": str(r), "c": str(c)}, pointer="mouse"),
        UiEvent("pointerover", "match"),
        UiEvent("keydown", "board", key="ArrowRight"),
        UiEvent("click", "rt-hand", {"kind": move["tile"]}),
        UiEvent("click", "rt-cancel"),
    ):
        before = model
        model, _ = send(model, event)
        yield before, event, model


def test_hover_focus_and_board_local_inputs_keep_the_table_s_word():
    """The word ("Move taken back.") went at any input the board acted on: a mere hover or a focus move over
    the board, before a screen reader had said it. Only what changes the match (a move, an undo, a new match)
    replaces it."""
    model, _ = started()
    model, _ = place(model)
    model, _ = click(model, "table-undo")
    said = regions(model)
    assert said[0][2] == "Move taken back."
    changed = 0
    for before, event, after in hover_and_focus(model):
        changed += after.inner.ui is not before.inner.ui
        assert regions(after) == said, f"{event.type} {event.action} took the word away"
        model = after
    assert changed >= 4, "the board acted on the inputs"
    model, _ = place(model, 3)
    assert regions(model) == [(REGION, "status", "")], "a move replaces it"
