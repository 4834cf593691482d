"""The verified bank of Expert puzzles: compact entries that read back, seeds mapped to entries, and
a random sample proven unique again on every run."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.reflection import bank
from gamenight.reflection.generate import PRESETS, VERSION, Order, all_visible, generate_with, make
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import TileSet, check
from gamenight.reflection.solve import solve

EXPERT = PRESETS["expert"]
SAMPLE = 3  # entries proven unique again per run (a few seconds); over many runs, the whole bank


@st.composite
def full_layouts(draw):
    """A layout and exactly its tile set, on boards of 4 to 12 cells a side."""
    size = draw(st.integers(4, 12))
    cells = [(r, c) for r in range(size) for c in range(size)]
    spots = draw(st.lists(st.sampled_from(cells), max_size=min(30, size * size // 2), unique=True))
    layout = Layout.of(size, {c: draw(st.sampled_from("/\\|-#o◤◥◢◣")) for c in spots})
    return layout, TileSet.of(layout)


@settings(max_examples=60, deadline=None)
@given(full_layouts())
def test_a_packed_layout_reads_back(case):
    layout, tiles = case
    packed = bank.pack(layout, tiles)
    assert len(packed) == bank.width(layout.size, tiles)
    assert bank.unpack(packed, layout.size, tiles) == layout


def test_an_expert_entry_takes_about_twenty_bytes():
    assert bank.width(10, EXPERT.mix) + bank.EFFORT_BYTES == 21


def test_bytes_that_pack_no_layout_of_the_board_are_refused():
    tiles = TileSet(2, 1, 0, 0)
    with pytest.raises(ValueError):
        bank.unpack(b"\xff" * bank.width(4, tiles), 4, tiles)  # a cell beyond the board
    packed = bank.pack(Layout.of(5, {(0, 0): "/", (1, 1): "\\", (2, 2): "|"}), tiles)
    with pytest.raises(ValueError):
        bank.unpack(packed, 5, TileSet(1, 2, 0, 0))  # the codes are not this tile set
    with pytest.raises(ValueError):
        bank.pack(Layout.of(5, {(0, 0): "/"}), tiles)  # a bank entry places its whole tile set


def test_the_expert_bank_is_big_and_every_entry_is_a_full_expert_layout():
    found = bank.find(EXPERT.size, EXPERT.mix)
    assert found is not None and len(found) >= 80
    for i in range(len(found)):
        layout, effort = found.get(i)
        assert TileSet.of(layout) == EXPERT.mix and all_visible(layout) and 0 < effort < 2**16


def test_a_random_sample_of_the_bank_proves_unique_again():
    found = bank.find(EXPERT.size, EXPERT.mix)
    assert found is not None
    picks = random.SystemRandom().sample(range(len(found)), SAMPLE)
    for i in picks:
        order = Order(EXPERT.size, EXPERT.mix, seed=i)
        made = make(order)
        solved = solve(made.puzzle)  # no budget: a complete search
        assert solved.unique and solved.layout == made.layout, f"bank entry {i}"
        assert solved.nodes == made.effort, f"bank entry {i}: the proof is the generator's"


def test_an_entry_is_the_live_generators_puzzle_for_that_seed():
    # Seed 1 happens to be quick to generate live (about ten layouts).
    live = generate_with(EXPERT.size, EXPERT.mix, seed=1, version=VERSION)
    banked = make(Order(EXPERT.size, EXPERT.mix, seed=1))
    assert (banked.puzzle, banked.layout, banked.effort) == (live.puzzle, live.layout, live.effort)
    assert banked.attempts == 0 and check(banked.puzzle, banked.layout)


def test_any_seed_picks_an_entry_and_only_banked_settings_use_the_bank():
    found = bank.find(EXPERT.size, EXPERT.mix)
    assert found is not None
    seed = 2**53 - 1
    order = Order(EXPERT.size, EXPERT.mix, seed=seed)
    assert order.banked and make(order).layout == found.get(seed % len(found))[0]
    assert not Order(EXPERT.size, EXPERT.mix, warp=True, seed=seed).banked
    assert not Order(EXPERT.size, EXPERT.mix, seed=seed, version=1).banked
    assert not Order(EXPERT.size, PRESETS["hard"].mix, seed=seed).banked
