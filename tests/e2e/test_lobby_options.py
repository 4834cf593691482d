"""The host's form for the next match in a real browser: it shows the options that count with what it shows
now (``OptionField.only_with``), following each choice before Apply, with keyboard focus kept on the
control the host changed; after Apply a guest's read-only list names the same options."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import People, count_pointer_events, pointer_events
from tests.e2e.test_keyboard_and_touch import tab_to
from tests.e2e.test_peer_links import join
from tests.e2e.test_reflection_touch import host_by_keyboard, press

pytestmark = [pytest.mark.e2e, pytest.mark.webrtc]

FORM = "form[data-action=choose]"


def fields(page: Page) -> list[str]:
    """The names of the option controls the host's form draws, in order."""
    return page.locator(f"{FORM} label.option :is(select, input)").evaluate_all("es => es.map(e => e.name)")


def labels(page: Page) -> list[str]:
    """The labels of the option fields the host's form draws, in order."""
    return page.locator(f"{FORM} label.option > span").all_inner_texts()


def focused(page: Page) -> str:
    """The name of the focused control ("" when focus is on something without a name)."""
    return page.evaluate("() => document.activeElement && document.activeElement.name || ''")


@pytest.mark.timeout(300)
def test_the_host_s_form_follows_the_mode_and_difficulty_chosen_by_keyboard(people: People):
    ann = host_by_keyboard(people)
    bea = join(people, ann, "Bea")  # the invitation's clicks
    count_pointer_events(ann)  # from here on, the keyboard alone
    press(ann, f"{FORM} details.table-options summary")
    assert fields(ann) == ["mode", "rounds", "teams", "limit", "preset", "warp", "triangles"]
    # Puzzles built by the players: the variant comes, the rounds and teams go; focus stays on the select.
    tab_to(ann, f"{FORM} select[name=mode]")
    ann.keyboard.press("b")
    expect(ann.locator(f"{FORM} select[name=variant]")).to_be_visible()
    assert fields(ann) == ["mode", "variant", "limit", "preset", "warp", "triangles"]
    assert focused(ann) == "mode"
    # A custom difficulty: its board size, tiles and black holes come.
    tab_to(ann, f"{FORM} select[name=preset]")
    ann.keyboard.press("End")  # Custom, the last (letters typed one after the other are read as one word)
    expect(ann.locator(f"{FORM} input[name=size]")).to_be_visible()
    assert fields(ann) == ["mode", "variant", "limit", "preset", "size", "tiles", "black_holes", "warp", "triangles"]
    assert focused(ann) == "preset"
    ann.keyboard.press("Tab")
    assert focused(ann) == "size", "the next Tab goes to the field that came"
    ann.keyboard.press("Control+a")
    ann.keyboard.type("7")
    # Back to made by the app and Easy: the custom fields and the variant go; back to Custom, the size is 7.
    tab_to(ann, f"{FORM} select[name=mode]")
    ann.keyboard.press("Home")
    expect(ann.locator(f"{FORM} select[name=rounds]")).to_be_visible()
    assert focused(ann) == "mode"
    tab_to(ann, f"{FORM} select[name=preset]")
    ann.keyboard.press("Home")
    expect(ann.locator(f"{FORM} input[name=size]")).to_have_count(0)
    assert focused(ann) == "preset"
    ann.keyboard.press("End")
    expect(ann.locator(f"{FORM} input[name=size]")).to_have_value("7")
    assert focused(ann) == "preset"
    # Nothing is applied yet: Bea reads the lobby's options; after Apply, the options the form shows.
    expect(bea.locator(".match-options dt")).to_have_text(
        [
            "Puzzles",
            "Rounds (made by the app)",
            "Teams",
            "Time per round",
            "Difficulty",
            "Warp gates",
            "Triangle mirrors",
        ]
    )
    press(ann, f"{FORM} button[type=submit]")
    shown = labels(ann)
    assert shown == [
        "Puzzles",
        "Rounds (made by the app)",
        "Teams",
        "Time per round",
        "Difficulty",
        "Custom board size",
        "Custom tiles",
        "Custom: black holes",
        "Warp gates",
        "Triangle mirrors",
    ]
    expect(bea.locator(".match-options dt")).to_have_text(shown)
    expect(bea.locator(".match-options div", has=bea.locator("dt", has_text="Custom board size"))).to_contain_text("7")
    assert pointer_events(ann) == 0, "all by keyboard"
