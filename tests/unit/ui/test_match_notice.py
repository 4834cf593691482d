"""The table's word on the match ("Move taken back.", a match taken from another tab or restored) is heard.

A player's pass with a screen reader: the word appeared as a ``role=status`` paragraph already holding its
text, and a screen reader hears text put into a live region it knows, not a region that appears (as the
update offer's region, ui/app.py's ``update_offer``). The region is drawn before the words come, empty and
taking no room, and says them once.
"""

from gamenight.raythread import rules
from gamenight.ui import app
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.test_table import click, play, started

REGION = "match-word"


def regions(model) -> list[tuple[str | None, str | None, str]]:
    """The match's word regions on the page: (id, role, text)."""
    return [
        (e.attr("id"), e.attr("role"), text_of(e)) for e in find_all(app.view(model), lambda e: e.attr("id") == REGION)
    ]


def test_the_undo_word_is_said_in_a_region_drawn_before_it_once():
    model, _ = started()
    assert regions(model) == [(REGION, "status", "")], "the region stands, empty, before any word"
    state = model.inner.played.state
    model, _ = play(model, [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][5])
    assert regions(model) == [(REGION, "status", "")]
    model, _ = click(model, "table-undo")
    assert regions(model) == [(REGION, "status", "Move taken back.")]
    # The next move takes the word away; the region stays, empty, for the next one.
    state = model.inner.played.state
    model, _ = play(model, [m for m in rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][5])
    assert regions(model) == [(REGION, "status", "")]
