"""The solo desk's undo history: any sequence of changes undoes back to the start and redoes to the end,
and a stored history is replayed against the board before it is believed."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.errors import BadMessage
from gamenight.reflection.history import (
    DOT,
    EMPTY,
    MAX_STEPS,
    NOTE,
    RING,
    TILE,
    Desk,
    Edit,
    History,
    apply,
    change,
    parse_history,
    redo,
    revert,
    undo,
)
from gamenight.reflection.laser import TILES

SIZE = 5
cells = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
wish = st.one_of(
    st.tuples(cells, st.just(TILE), st.sampled_from((EMPTY, *TILES))),
    st.tuples(cells, st.just(NOTE), st.sampled_from((EMPTY, DOT, RING))),
)
# An action: change 1–3 cells at once (a move is two), undo, or redo.
actions = st.lists(st.one_of(st.lists(wish, min_size=1, max_size=3), st.just("undo"), st.just("redo")), max_size=40)


def consistent(desk: Desk) -> bool:
    """A cell never holds a tile and a note at once."""
    return all(desk.layout.at(cell) == EMPTY for cell in desk.notes.marks())


def play(desk: Desk, history: History, action) -> tuple[Desk, History]:
    if action == "undo":
        done = undo(desk, history)
        return (done[0], done[1]) if done else (desk, history)
    if action == "redo":
        done = redo(desk, history)
        return (done[0], done[1]) if done else (desk, history)
    # Notes go on empty cells only (the screen refuses the rest): drop note wishes on tiles.
    wanted = []
    probe = desk
    for cell, layer, value in action:
        if layer == NOTE and probe.layout.at(cell) != EMPTY:
            continue
        wanted.append((cell, layer, value))
        probe = apply(probe, change(probe, [(cell, layer, value)]))
    step = change(desk, wanted)
    return apply(desk, step), history.record(step)


@settings(max_examples=200, deadline=None)
@given(actions)
def test_undo_everything_gives_the_start_and_redo_everything_the_end(sequence):
    start = Desk.empty(SIZE)
    desk, history = start, History()
    for action in sequence:
        desk, history = play(desk, history, action)
        assert consistent(desk)
    # The stored form replays against the board it led to.
    assert parse_history(history.to_json(), desk, consistent) == history
    furthest, rest = desk, history  # where redoing everything still redoable leads
    while (again := redo(furthest, rest)) is not None:
        furthest, rest, _ = again
    while (back := undo(desk, history)) is not None:
        desk, history, _ = back
        assert consistent(desk)
    assert desk == start
    while (again := redo(desk, history)) is not None:
        desk, history, _ = again
    assert desk == furthest


def test_a_new_change_after_undo_forgets_what_could_be_redone():
    desk = Desk.empty(SIZE)
    history = History()
    for wanted in ([((0, 0), TILE, "/")], [((1, 1), TILE, "#")]):
        step = change(desk, wanted)
        desk, history = apply(desk, step), history.record(step)
    desk, history, _ = undo(desk, history)
    assert history.undone and desk.layout.at((1, 1)) == EMPTY
    step = change(desk, [((2, 2), NOTE, DOT)])
    desk, history = apply(desk, step), history.record(step)
    assert history.undone == () and redo(desk, history) is None


def test_steps_are_stored_as_short_texts():
    step = (Edit((3, 4), NOTE, RING, EMPTY), Edit((3, 4), TILE, EMPTY, "\\"))
    assert History((step,)).to_json() == {"done": ["3,4,n,r,.;3,4,t,.,\\"], "undone": []}


def test_a_tile_wipes_the_note_in_the_same_step_and_undo_brings_the_note_back():
    desk = apply(Desk.empty(SIZE), change(Desk.empty(SIZE), [((2, 2), NOTE, RING)]))
    step = change(desk, [((2, 2), TILE, "\\")])
    assert step == (Edit((2, 2), NOTE, RING, EMPTY), Edit((2, 2), TILE, EMPTY, "\\"))
    after = apply(desk, step)
    assert after.notes.at((2, 2)) == EMPTY and after.layout.at((2, 2)) == "\\"
    assert revert(after, step) == desk


def test_no_op_changes_make_no_step_and_the_history_is_bounded():
    desk = Desk.empty(SIZE)
    assert change(desk, [((0, 0), TILE, EMPTY), ((1, 1), NOTE, EMPTY)]) == ()
    assert History().record(()) == History()
    history = History()
    for i in range(MAX_STEPS + 5):
        history = history.record((Edit((0, 0), TILE, "/" if i % 2 else EMPTY, EMPTY if i % 2 else "/"),))
    assert len(history.done) == MAX_STEPS


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"done": []},
        {"done": [], "undone": [], "more": []},
        {"done": [""], "undone": []},  # an empty step
        {"done": ["0,0,t,.,/"], "undone": []},  # (0, 0) is empty on the board
        {"done": ["0,0,x,.,/"], "undone": []},
        {"done": ["0,9,t,.,/"], "undone": []},
        {"done": ["0,-1,t,.,/"], "undone": []},
        {"done": ["0,٣,t,.,/"], "undone": []},
        {"done": ["0,0,t,.,?"], "undone": []},
        {"done": ["0,0,n,.,/"], "undone": []},
        {"done": ["0,0,t,.,."], "undone": []},
        {"done": ["0,0,t,.,/,x"], "undone": []},
        {"done": [["0,0,t,.,/"]], "undone": []},
        {"done": [[0, 0, "t", ".", "/"]], "undone": []},
        {"done": [], "undone": ["1,1,t,.,/"]},  # (1, 1) already holds a tile
        {"done": ["1,1,t,.,/"] * (MAX_STEPS + 1), "undone": []},
    ],
)
def test_a_damaged_history_is_refused(data):
    desk = apply(Desk.empty(SIZE), change(Desk.empty(SIZE), [((1, 1), TILE, "/")]))
    with pytest.raises(BadMessage) as caught:
        parse_history(data, desk, consistent)
    assert caught.value.code == "rf-history-bad"


def test_a_history_passing_through_a_board_the_puzzle_forbids_is_refused():
    desk = apply(Desk.empty(SIZE), change(Desk.empty(SIZE), [((1, 1), TILE, "/")]))
    history = {"done": ["1,1,t,.,/", "2,2,t,#,."], "undone": []}
    assert parse_history(history, desk, consistent)  # sound on its own …
    with pytest.raises(BadMessage):  # … but undoing it puts a block back where the rules allow none
        parse_history(history, desk, lambda d: "#" not in "".join(d.layout.rows))
