"""The host's unapplied change in the options form beside a finished match, and the words of each start button.

- A change left unapplied in the form (its button then says "New match with these options"): the result's
  primary button (Rematch, or Start the match) started the options applied and said nothing of the change, which
  the host could take for gone. The note over the primary says which options it plays and that the form keeps the
  change for a later match, and the form does keep it (``panel._match_controls``, ``_pending``).
- The form set back to the ended match's options after others were applied: its button says "Rematch" and turns the
  seats, while the one line of who starts, over the primary "Start the match", named that match's starter. Each
  start button now has its own line, over it, saying who starts the match it starts (``panel._form_starts``).
"""

from gamenight.ui.svg import Element, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, host_lobby, join, match_with_bea
from tests.unit.ui.test_lobby_screens import change_option, end_match, form_starts, host_form
from tests.unit.words import in_language

KEPT_REMATCH = (
    "Your changes in the form are not applied: “Rematch” plays the last match's options again, and the form keeps "
    "your changes for a later match."
)
KEPT_START = (
    "Your changes in the form are not applied: “Start the match” plays the options applied, and the form keeps your "
    "changes for a later match."
)


def primary(page: Page) -> Element:
    """The result's start button (Rematch, or Start the match), beside the ended match."""
    (button,) = page.find(lambda e: e.tag == "button" and e.attr("data-action") == "start" and e.attr("form") is None)
    return button


def described(page: Page, button: Element) -> list[str]:
    """The words ``button`` is described by, in order."""
    ids = str(button.attr("aria-describedby") or "").split()
    return [text_of(page.find(lambda e, i=i: e.attr("id") == i)[0]) for i in ids]


def kept_notes(page: Page) -> list[str]:
    return [text_of(n) for n in page.by_class("draft-kept")]


def test_a_change_left_in_the_form_is_said_over_the_rematch_and_kept_for_the_next_match():
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    change_option(host, "target", "20")
    assert [text_of(b) for b in form_starts(host)] == ["New match with these options"]
    assert text_of(primary(host)) == "Rematch"
    assert kept_notes(host) == [KEPT_REMATCH]
    assert described(host, primary(host)) == ["In the rematch, Bea\u00a0(A) starts.", KEPT_REMATCH]
    with in_language("ja"):
        assert kept_notes(host) == [
            "フォームで変えたオプションは適用されていません。「再戦」は前回の対戦と同じオプションで行い、"
            "変更はあとの対戦のためにフォームに残ります。"
        ]
    # The Rematch plays the last match's options, as it says; the change waits in the form.
    host.click("start")
    assert host.inner.live.session.match.record.options in (None, {})
    end_match(host)
    assert host_form(host)["target"] == "20"
    assert [text_of(b) for b in form_starts(host)] == ["New match with these options"]
    assert kept_notes(host) == [KEPT_REMATCH]


def test_without_a_change_in_the_form_the_rematch_is_as_it_was():
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    assert kept_notes(host) == [] and form_starts(host) == []
    assert text_of(primary(host)) == "Rematch"
    assert described(host, primary(host)) == ["In the rematch, Bea\u00a0(A) starts."]
    change_option(host, "target", "20")
    change_option(host, "target", "12")  # set back as it was: no change
    assert kept_notes(host) == [] and form_starts(host) == []
    assert described(host, primary(host)) == ["In the rematch, Bea\u00a0(A) starts."]
    host.click("start")
    assert host.inner.live.session.match.record.options in (None, {})


def test_after_other_options_a_change_left_in_the_form_is_said_over_start_the_match():
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    host.submit("choose", game="raythread", players="2", target="20")
    change_option(host, "target", "15")
    assert text_of(primary(host)) == "Start the match"
    assert kept_notes(host) == [KEPT_START]
    assert described(host, primary(host)) == ["In the next match, Ann\u00a0(A) starts.", KEPT_START]
    with in_language("ja"):
        assert kept_notes(host) == [
            "フォームで変えたオプションは適用されていません。「対戦を開始」は適用済みのオプションで行い、"
            "変更はあとの対戦のためにフォームに残ります。"
        ]
    host.click("start")
    assert host.inner.live.session.match.record.options["target"] == 20
    end_match(host)
    assert host_form(host)["target"] == "15"


def form_said(page: Page) -> list[str]:
    """What the form's own start button is described by (who starts the match it starts)."""
    (button,) = form_starts(page)
    return described(page, button)


def test_each_start_button_says_who_starts_the_match_it_starts():
    """Other options applied (20 points), then the form set back to the ended match's (12, not applied): the
    form's "Rematch" turns the seats (Bea starts), the result's "Start the match" does not (Ann starts)."""
    rtc = FakeRtc()
    host, _bea = match_with_bea(rtc)
    end_match(host)
    host.submit("choose", game="raythread", players="2", target="20")
    change_option(host, "target", "12")
    (form_start,) = form_starts(host)
    assert text_of(form_start) == "Rematch"
    assert form_said(host) == ["In the rematch, Bea\u00a0(A) starts."]
    assert described(host, primary(host))[0] == "In the next match, Ann\u00a0(A) starts."
    with in_language("ja"):
        assert form_said(host) == ["再戦はBea⁠（⁠A⁠）から始めます。"]
    # Neither the applied options nor the ended match's: a new match, whose seats do not turn.
    change_option(host, "target", "15")
    assert [text_of(b) for b in form_starts(host)] == ["New match with these options"]
    assert form_said(host) == ["In the next match, Ann\u00a0(A) starts."]
    # The words say what the press does.
    change_option(host, "target", "12")
    host.submit("choose", game="raythread", players="2", target="12", start="")
    assert text_of(host.by_class("match-status")[0]).startswith("Bea\u00a0(A) to play")


def test_the_form_s_start_before_any_match_says_nothing_more():
    """Before a first match the form's "Start the match" is the one start button, as it was: no line of its own."""
    rtc = FakeRtc()
    host = host_lobby(rtc, Browser())
    join(rtc, host, "Bea").click("sit", seat="C")
    change_option(host, "target", "20")
    (form_start,) = form_starts(host)
    assert text_of(form_start) == "Start the match" and form_said(host) == []
    assert kept_notes(host) == []
