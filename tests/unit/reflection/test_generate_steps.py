"""The stepping generator the browser runs in slices gives exactly what ``generate_with`` gives."""

from gamenight.reflection.generate import PRESETS, generate_steps, generate_with
from gamenight.ui.program import Work, run_work


def test_steps_count_the_layouts_tried_and_return_the_same_puzzle():
    preset = PRESETS["easy"]
    tried, done = run_work(Work("t", generate_steps(preset.size, preset.mix, False, 31)))
    assert tried == list(range(1, len(tried) + 1)) and done.attempts == len(tried)
    assert done == generate_with(preset.size, preset.mix, False, 31)
