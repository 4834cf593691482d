"""A game-night pass: "Copy" said nothing at all when the clipboard never answered (headless Chromium's; a real
browser may hold its answer while it asks the player's permission). The app waits a moment for the answer, then
says how to copy by hand, as for a refusal. An answer that comes after that: a success is said (the text is in the
clipboard after all, once the player let the browser copy it), a refusal changes nothing (the page said what to do)."""

from gamenight.ui import app
from gamenight.ui.program import Copied, Copy, Env, StartTimer, StopTimer, Tick, UiEvent
from tests.unit.test_ui import said_copied
from tests.unit.words import in_language

SAID = "The invitation link is copied. Send it to the player it is for."


def copy(model: app.Model) -> tuple[app.Model, Copy, StartTimer]:
    """The host's "Copy link" pressed (an invitation's link): the app's model, the Copy asked of the shell and
    the wait the app starts for its answer, started first (a browser with no clipboard answers at once)."""
    model, effects = app.update(model, UiEvent("click", "copy", {"text": "https://example.org/#join=abc"}), Env())
    (asked,) = [e for e in effects if isinstance(e, Copy)]
    waits = [e for e in effects if isinstance(e, StartTimer)]
    assert len(waits) == 1, effects
    assert effects.index(waits[0]) < effects.index(asked)
    return model, asked, waits[0]


def test_a_copy_the_clipboard_never_answers_says_after_a_moment_how_to_copy_by_hand():
    model, _ = app.init("#/host?game=raythread", Env())
    model, asked, wait = copy(model)
    assert said_copied(model) == "" and asked.said == SAID, "nothing to say before the clipboard answers"
    assert 1000 <= wait.every_ms <= 5000, "a short wait"
    model, effects = app.update(model, Tick(wait.timer, 3000), Env())
    late = said_copied(model)
    assert late == (
        "The browser has not copied it (it may be asking your permission). Select the text and copy it yourself."
    )
    assert StopTimer(wait.timer) in effects and StartTimer(app.COPIED, app.COPIED_MS) in effects
    with in_language("ja"):
        assert said_copied(model) not in ("", late)
    after, effects = app.update(model, Copied(False, SAID, asked.serial), Env())
    assert said_copied(after) == late and effects == [], "a late refusal: the page said what to do already"
    after, effects = app.update(model, Copied(True, SAID, asked.serial), Env())
    assert said_copied(after) == SAID, "a late success: it was copied after all, and the page says so instead"
    assert effects == [StartTimer(app.COPIED, app.COPIED_MS)], "said for its own moment"
    model, _ = app.update(model, Tick(app.COPIED, 7000), Env())
    assert said_copied(model) == ""
    after, _ = app.update(model, Copied(True, SAID, asked.serial), Env())
    assert said_copied(after) == SAID, "the words were gone: a success later still (a permission asked) is said"
    after, _ = app.update(model, Copied(False, SAID, asked.serial), Env())
    assert said_copied(after) == "", "and a refusal is not said twice"


def test_a_late_success_is_not_said_over_a_newer_copy():
    model, _ = app.init("#/host?game=raythread", Env())
    model, first, first_wait = copy(model)
    model, _ = app.update(model, Tick(first_wait.timer, 3000), Env())
    model, _second, _ = copy(model)
    model, effects = app.update(model, Copied(True, SAID, first.serial), Env())
    assert said_copied(model) == "" and effects == [], "the first copy's text is no longer the one asked for"


def test_a_copy_answered_in_time_says_so_and_an_older_copy_s_answer_changes_nothing():
    model, _ = app.init("#/host?game=raythread", Env())
    model, first, first_wait = copy(model)
    model, _ = app.update(model, Tick(first_wait.timer, 3000), Env())  # the first never answered in time
    model, second, wait = copy(model)
    assert second.serial != first.serial
    assert said_copied(model) == "", "the last copy's words go: the same words again would not be heard again"
    model, effects = app.update(model, Copied(True, SAID, second.serial), Env())
    assert said_copied(model) == SAID and StopTimer(wait.timer) in effects
    model, _ = app.update(model, Tick(wait.timer, 4000), Env())  # a tick already on its way: nothing more said
    assert said_copied(model) == SAID
    model, _ = app.update(model, Copied(False, SAID, first.serial), Env())
    assert said_copied(model) == SAID, "the first copy's answer, later still, is not this one's"
