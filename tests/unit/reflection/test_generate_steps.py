"""The stepping generator and solver the browser runs in slices give exactly what the plain calls give."""

from gamenight.reflection.generate import PRESETS, generate_steps, generate_with
from gamenight.reflection.laser import Layout
from gamenight.reflection.puzzle import puzzle_of
from gamenight.reflection.solve import PAUSE, solve, solve_steps


def run(steps):
    """Every value the steps yield, and what they return."""
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            return seen, done.value


def test_steps_count_the_layouts_tried_and_return_the_same_puzzle():
    preset = PRESETS["normal"]
    for seed in (31, 32, 33):
        tried, done = run(generate_steps(preset.size, preset.mix, False, seed))
        # Each layout is announced as it is drawn and again while its proof runs, in order.
        assert sorted(set(tried)) == list(range(1, done.attempts + 1)) and tried == sorted(tried)
        assert done == generate_with(preset.size, preset.mix, False, seed)


def test_a_long_proof_pauses_every_few_decisions():
    preset = PRESETS["hard"]
    made = next(
        m for seed in range(50) if (m := generate_with(preset.size, preset.mix, False, seed)).effort > 100 * PAUSE
    )
    paused, solved = run(solve_steps(made.puzzle))
    assert solved == solve(made.puzzle) and solved.unique
    # It pauses once set up (0 decisions), then after at most PAUSE decisions, and never goes back.
    gaps = [b - a for a, b in zip([0, *paused], [*paused, solved.nodes], strict=True)]
    assert paused[0] == 0 and all(0 <= gap <= PAUSE for gap in gaps) and paused == sorted(paused)
    assert len(paused) > solved.nodes // PAUSE


def test_solving_in_steps_counts_like_solving_at_once():
    layout = Layout.of(6, {(1, 1): "/", (1, 4): "\\", (4, 4): "#", (3, 2): "|", (2, 2): "/"})
    puzzle = puzzle_of(layout)
    assert run(solve_steps(puzzle, 10))[1] == solve(puzzle, 10)
