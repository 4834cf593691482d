"""What the offer of a new version says a reload does to what is in progress on the page.

The offer said only "A new version of Game Night Central is ready.": a player in the middle of a match or a
puzzle could not tell whether "Reload" would lose it. A reload keeps a table's match and a solo puzzle
(both saved at every move); a hosted game night keeps its lobby and match, but every guest's connection
ends and the host invites each one again; a guest's page comes back only with a new invitation.
"""

from dataclasses import replace

from gamenight import i18n
from gamenight.ui import app
from gamenight.ui.program import Env, SaveFailed, UpdateReady
from gamenight.ui.svg import find_all, text_of
from tests.unit.reflection.test_solo import generated
from tests.unit.ui.peers import Browser, FakeRtc, host_lobby, join, match_with_bea
from tests.unit.ui.test_table import in_progress, screen

NEWS = "A new version of Game Night Central is ready."
MATCH = "Your match is kept."
PUZZLE = "Your puzzle is kept."
HOSTED = "The game night is kept, but reloading disconnects your guests: invite each one again."
GUEST = "Reloading disconnects you: ask the host for a new invitation to come back."


def offered(model) -> str:
    """The offer's words once a new version waits: its live region's, then what a reload keeps (beside it,
    in no live region), as sentences."""
    model, _ = app.update(model, UpdateReady(), Env())
    said = find_all(app.view(model), lambda e: e.attr("id") in ("app-update", "app-update-kept"))
    return i18n.sentences(*(text_of(e) for e in said))


def test_a_page_with_nothing_in_progress_only_says_a_version_is_ready():
    assert offered(app.init("#/", Env())[0]) == NEWS
    assert offered(screen()[0]) == NEWS  # a table's setup, no match yet
    assert offered(app.init("#/reflection/solo", Env())[0]) == NEWS  # the puzzle's options


def test_a_table_s_match_in_progress_is_said_to_be_kept():
    assert offered(in_progress()) == f"{NEWS} {MATCH}"


def test_the_offer_that_says_more_is_marked_so_the_page_leaves_it_more_room():
    """Its second sentence makes the bar up to 222 px tall (Japanese, 320 px): the page's room at its foot
    (9 rem, 144 px) left the end of the page under it; the marked offer gets 15 rem (css/app.css)."""
    for model, marked in ((screen()[0], False), (in_progress(), True)):
        model, _ = app.update(model, UpdateReady(), Env())
        (offer,) = find_all(app.view(model), lambda e: "update-offer" in str(e.attr("class")))
        assert (offer.attr("data-kept") is not None) == marked


def test_a_solo_puzzle_in_progress_is_said_to_be_kept():
    model, _ = app.init("#/reflection/solo", Env())
    puzzle, _ = generated()
    assert puzzle.phase == "playing"
    assert offered(replace(model, inner=puzzle)) == f"{NEWS} {PUZZLE}"


def test_nothing_is_said_kept_while_the_browser_refuses_to_save():
    """The page's notice says a reload would lose what was done since: the offer does not say otherwise."""
    model, _ = app.update(in_progress(), SaveFailed(True), Env())
    assert offered(model) == NEWS


def test_a_host_is_told_that_a_reload_disconnects_the_guests():
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    assert offered(host.model) == NEWS, "no guest yet: a reload loses nothing"
    bea = join(rtc, host, "Bea")
    assert offered(host.model) == f"{NEWS} {HOSTED}"
    assert offered(bea.model) == f"{NEWS} {GUEST}"


def test_a_match_s_host_and_guest_are_told_the_same_during_a_match():
    host, bea = match_with_bea(FakeRtc())
    assert offered(host.model) == f"{NEWS} {HOSTED}"
    assert offered(bea.model) == f"{NEWS} {GUEST}"


def test_the_japanese_offer_says_both_sentences_in_japanese():
    i18n.set_language("ja")  # conftest.py sets English back after the test
    model, _ = app.update(in_progress(), UpdateReady(), Env())
    said = find_all(app.view(model), lambda e: e.attr("id") in ("app-update", "app-update-kept"))
    assert [text_of(e) for e in said] == [i18n._(NEWS), i18n._(MATCH)]


def regions_saying(page) -> list[str]:
    """The text of every live region on ``page`` that speaks of the new version."""
    return [text_of(e) for e in page.find(lambda e: e.attr("role") == "status") if "new version" in text_of(e)]


def test_a_guest_joining_while_the_offer_shows_does_not_say_the_offer_again():
    """A screen reader reads a live region again whenever its text changes: the offer's sentences were one
    region, so a guest joining (what a reload keeps changed) read out the whole offer once more. The region
    says only that a version is ready, once; what a reload keeps is beside it, outside any live region, and
    it describes the Reload button, so a reader hears it there."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    host.send(UpdateReady())
    assert regions_saying(host) == [NEWS]
    join(rtc, host, "Bea")
    assert regions_saying(host) == [NEWS], "the region's text changed: a screen reader says the offer again"
    (kept,) = host.find(lambda e: e.attr("id") == "app-update-kept")
    assert text_of(kept) == HOSTED and kept.attr("role") is None and kept.attr("aria-live") is None
    (reload,) = host.find(lambda e: e.attr("data-action") == "update-now")
    assert reload.attr("aria-describedby") == "app-update-kept"


def tab_stops(view) -> list:
    """The view's Tab stops in document order (the order Tab follows: none sets a positive tabindex)."""
    focusable = {"button", "input", "select", "textarea", "summary"}
    return find_all(
        view,
        lambda e: (
            (e.tag in focusable or (e.tag == "a" and e.attr("href") is not None)) and str(e.attr("tabindex")) != "-1"
        ),
    )


def test_the_offer_comes_in_the_tab_order_where_it_is_drawn_after_the_page():
    """The offer is drawn over the foot of the window, but it came before the page in the document: Tab went
    from the header to "Reload" and "Later", then to the page's content, a jump from the top to the foot
    and back (WCAG 2.4.3). It comes after the page now, where it is drawn; its live region stays where it
    is drawn when no version waits, so it is said once, when its words come."""
    for model in (app.init("#/", Env())[0], app.init("#/settings", Env())[0], in_progress()):
        ready, _ = app.update(model, UpdateReady(), Env())
        view = app.view(ready)
        stops = tab_stops(view)
        (main,) = find_all(view, lambda e: e.tag == "main")
        inside = tab_stops(main)
        assert inside, "the page has controls"
        order = [e.attr("data-action") or e.attr("href") for e in stops]
        now = order.index("update-now")
        assert now > [id(e) for e in stops].index(id(inside[-1])), order
        assert order[now : now + 2] == ["update-now", "update-later"]
        # The live region is the same element in the same place, empty before and filled after.
        idle = [c.attr("class") for c in app.view(model).children if not isinstance(c, str)]
        shown = [c.attr("class") for c in app.view(ready).children if not isinstance(c, str)]
        assert idle.index("update-idle") == shown.index("update-offer"), (idle, shown)
