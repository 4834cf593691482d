"""The catalogues and the language machinery (gamenight.i18n), on CPython."""

import gettext

import pytest

from gamenight import i18n
from gamenight.core import errors
from gamenight.core.errors import BadOptions, IllegalMove
from gamenight.ui import app
from gamenight.ui.program import Env, SetLanguage, Store, UiEvent


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_the_browser_languages_pick_the_first_one_the_app_speaks():
    assert i18n.pick_language(["ja-JP", "en-US"]) == "ja"
    assert i18n.pick_language(["fr-FR", "en-GB", "ja"]) == "en"
    assert i18n.pick_language(["de", "JA_jp"]) == "ja"
    assert i18n.pick_language([]) == "en"


def test_a_stored_choice_speaks_when_the_app_speaks_it_else_the_browser_s_languages_do():
    assert i18n.page_language("en", ["ja-JP"]) == "en"
    assert i18n.page_language("ja", ["en-US"]) == "ja"
    # as index.html's loading screen: a choice it does not speak is passed over, not read as English
    assert i18n.page_language("xx", ["ja-JP"]) == "ja"
    assert i18n.page_language("ja-JP", ["en-US"]) == "en"
    assert i18n.page_language(None, ["ja"]) == "ja"


SITE = "https://gnc.example/app/"


@pytest.mark.parametrize(
    ("address", "asked", "left"),
    [
        (SITE + "?lang=ja", "ja", SITE),
        (SITE + "?lang=en#/raythread", "en", SITE + "#/raythread"),
        (SITE + "#/raythread?lang=ja", "ja", SITE + "#/raythread"),
        # a tag as a browser writes it, in any case
        (SITE + "?lang=ja-JP", "ja", SITE),
        (SITE + "?lang=JA_jp", "ja", SITE),
        # beside an invitation's own parameters, kept as written, in their order
        (SITE + "?stun=none&lang=ja#join=AbC-_1", "ja", SITE + "?stun=none#join=AbC-_1"),
        (
            SITE + "?lang=ja&turn=turn:relay.example.org:3478&turn_user=u#join=AbC",
            "ja",
            SITE + "?turn=turn:relay.example.org:3478&turn_user=u#join=AbC",
        ),
        (SITE + "?stun=none#join=AbC-_1?lang=ja", "ja", SITE + "?stun=none#join=AbC-_1"),
        (SITE + "#/reflection/solo?preset=easy&lang=ja&seed=7", "ja", SITE + "#/reflection/solo?preset=easy&seed=7"),
        # the route's wins over the page's
        (SITE + "?lang=en#/?lang=ja", "ja", SITE + "#/"),
        # none asked: the address as it was
        (SITE, None, SITE),
        (SITE + "?stun=none#/host?game=raythread", None, SITE + "?stun=none#/host?game=raythread"),
        (SITE + "#/?language=ja&flang=ja", None, SITE + "#/?language=ja&flang=ja"),
        # a value the app does not speak is ignored (and leaves the address): nothing else changes
        (SITE + "?lang=fr#/raythread", None, SITE + "#/raythread"),
        (SITE + "?lang=&stun=none", None, SITE + "?stun=none"),
        (SITE + "?lang", None, SITE),
        (SITE + "?lang=ja" + "x" * 40, None, SITE),
        (SITE + "?lang=<script>#join=AbC", None, SITE + "#join=AbC"),
        (SITE + "?lang=%6Aa", None, SITE),  # not decoded: no link of ours writes it so
    ],
)
def test_a_link_s_language_parameter_is_read_and_left_out_of_the_address(address, asked, left):
    assert i18n.linked_language(address) == (asked, left)


def test_an_unknown_language_speaks_english():
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"


class Bracketing(gettext.NullTranslations):
    """A pseudo-language: every translated text in brackets."""

    def gettext(self, message):
        return f"[{message}]"


def test_a_registered_reason_travels_as_code_and_params_and_reads_in_the_page_language():
    i18n.reasons({"test-cell-taken": "cell {row} is taken by a {kind}"})
    i18n.terms({"test-mirror": "mirror"})
    err = IllegalMove("test-cell-taken", row=3, kind="test-mirror")
    assert str(err) == "cell 3 is taken by a mirror"  # the English sentence, for logs and tests
    assert err.to_json() == {"code": "test-cell-taken", "params": {"row": 3, "kind": "test-mirror"}}
    assert i18n.describe(**err.to_json()) == "cell 3 is taken by a mirror"
    i18n.set_language("en", Bracketing())
    assert i18n.describe(**err.to_json()) == "[cell 3 is taken by a [mirror]]"


def test_a_code_means_one_thing():
    i18n.reasons({"test-once": "one text"})
    i18n.reasons({"test-once": "one text"})
    with pytest.raises(ValueError):
        i18n.reasons({"test-once": "another text"})


def test_unknown_codes_and_missing_params_still_read_as_sentences():
    assert "no-such-code" in i18n.describe("no-such-code", {})
    i18n.reasons({"test-needs": "needs {thing}"})
    assert i18n.describe("test-needs", {}) == "needs {thing}"


def test_an_uncoded_sentence_travels_as_text(monkeypatch):
    monkeypatch.setattr(errors, "STRICT", False)  # outside the tests, an old sentence still travels
    err = BadOptions("the deck needs at least one tile")
    assert err.to_json() == {"code": "text", "params": {"text": "the deck needs at least one tile"}}
    assert i18n.describe(**err.to_json()) == "the deck needs at least one tile"


def test_the_header_switch_stores_and_sets_the_language():
    model, _ = app.init("#/", Env())
    click = UiEvent("click", "language", {"lang": "ja"})
    same, effects = app.update(model, click, Env())
    assert same is model
    assert effects == [Store(app.LANGUAGE_KEY, "ja"), SetLanguage("ja")]
    assert app.update(model, UiEvent("click", "language", {"lang": "xx"}), Env()) == (model, [])


def test_the_compiled_japanese_catalogue_is_read():
    # Built by `make catalogues` (tools/catalogues.py) from locale/ja/LC_MESSAGES/gamenight.po.
    assert (i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / "gamenight.mo").exists()
    assert i18n.set_language("ja") == "ja"
    assert i18n.language() == "ja"


def test_an_empty_label_stays_empty_in_japanese():
    # gettext maps "" to the catalogue's header; a label looked up with a default of "" must not show it.
    i18n.set_language("ja")
    assert i18n._("") == ""
    assert i18n._("slash /") == "スラッシュ「/」"


def test_names_join_as_a_sentence_joins_them_in_each_language():
    said = [i18n.conjunction(names) for names in ([], ["Ann"], ["Ann", "Bea"], ["Ann", "Bea", "Cy"])]
    assert said == ["", "Ann", "Ann and Bea", "Ann, Bea and Cy"]
    i18n.set_language("ja")
    # と held to the name before it (docs/i18n.md)
    assert i18n.conjunction(["Ann", "Bea", "Cy"]) == "Ann、Bea\u2060とCy"
    assert i18n.listing(["Ann", "Bea"]) == "Ann、Bea"  # a plain list keeps its commas


def test_sentences_follow_one_another_as_each_language_writes_them():
    assert i18n.sentences("Wait.", "", "Then play.") == "Wait. Then play."
    i18n.set_language("ja")
    assert i18n.sentences("待ってください。", "", "次に置きます。") == "待ってください。次に置きます。"


def test_a_button_s_spoken_name_for_whom_it_acts_on_holds_its_words_first_in_each_language():
    assert i18n.named_for("Remove", "Bea") == "Remove: Bea"
    i18n.set_language("ja")
    assert i18n.named_for("外す", "Bea") == "外す：Bea"  # a full-width colon, as every Japanese label has


def test_a_heading_holds_each_separator_to_the_part_before_it_in_each_language():
    """QA: at 390 px the lobby's heading broke "Raythread Rally" / "· choosing seats". A heading's separator is
    held to the part before it, drawn as one no-break span with its last word: a line may break after it,
    never before (tests/e2e/test_phone.py measures the headings). A reader gets ``separated``'s text."""
    from gamenight.ui.svg import h, render

    shown = i18n.heading("Raythread Rally", "", "choosing seats")
    assert shown == "Raythread Rally\u00a0· choosing seats"
    assert render(h("h2", {}, shown)) == '<h2>Raythread <span class="nobr">Rally ·</span> choosing seats</h2>'
    assert i18n.plain(shown) == i18n.separated("Raythread Rally", "choosing seats")
    # A short part kept whole beside it: the date of the daily puzzles broke at its hyphen ("2026-" / "12-05").
    assert render(h("h2", {}, i18n.heading("Daily puzzles", i18n.whole("2026-12-05")))) == (
        '<h2>Daily <span class="nobr">puzzles ·</span> <span class="nobr">2026-12-05</span></h2>'
    )
    i18n.set_language("ja")
    shown = i18n.heading("Raythread Rally", "席決め中")
    assert render(h("h2", {}, shown)) == '<h2>Raythread <span class="nobr">Rally・</span>席決め中</h2>'
    assert i18n.plain(shown) == i18n.separated("Raythread Rally", "席決め中") == "Raythread Rally・席決め中"


def test_a_game_s_name_is_one_word_in_a_heading_with_its_held_separator_in_each_language():
    """QA: at 320 px the lobby's Japanese heading read "Raythread" / "Rally・席決め中". A game's name is drawn as one
    no-break span with the separator held to it; a reader gets the plain words (tests/e2e/test_phone.py
    measures the headings). A table's heading holds the separator with a no-break space at the end of its text
    (its mark is in the subtitle's own element): that space is in the span too, never left in the page."""
    from gamenight.ui.svg import h, render

    shown = i18n.heading(i18n.name("Raythread Rally"), "choosing seats")
    assert render(h("h2", {}, shown)) == '<h2><span class="nobr">Raythread Rally ·</span> choosing seats</h2>'
    assert i18n.plain(shown) == i18n.separated("Raythread Rally", "choosing seats")
    hold, _mark, _after = i18n.held_separator()
    assert render(h("h1", {}, i18n.name("Light Seeker") + hold)) == '<h1><span class="nobr">Light Seeker </span></h1>'
    i18n.set_language("ja")
    shown = i18n.heading(i18n.name("Raythread Rally"), "席決め中")
    assert render(h("h2", {}, shown)) == '<h2><span class="nobr">Raythread Rally・</span>席決め中</h2>'
    assert i18n.plain(shown) == "Raythread Rally・席決め中"


def test_a_heading_of_parts_draws_each_part_as_a_box_opening_with_its_separator_and_keeps_its_text():
    """QA (three passes): on phones a table's heading read "Light Seeker ·" / "on this device", a stray dot at a
    line's end; before that, "Raythread Rally" / "· choosing seats". A heading of parts is a row of boxes, each
    after the first opening with the separator, which the page clips where its part starts a line (css/app.css,
    ``.heading-parts``; tests/e2e/test_phone.py measures it). Its text and its name keep the separator: a reader
    hears "Light Seeker · on this device" ("Raythread Rally・席決め中" in Japanese, named so: from boxes Chromium
    put a space around each)."""
    from gamenight.ui.heading import heading_parts
    from gamenight.ui.svg import render, text_of

    shown = heading_parts("h1", {"tabindex": "-1"}, i18n.name("Light Seeker"), "", "on this device", subtitle=True)
    assert render(shown) == (
        '<h1 tabindex="-1" aria-label="Light Seeker · on this device"><span class="heading-parts">'
        '<span class="heading-row"><span class="part"><span class="nobr">Light Seeker</span></span>'
        '<span class="part subtitle"><span class="sep"> · </span>on this device</span></span></span></h1>'
    )
    assert i18n.plain(text_of(shown)) == "Light Seeker · on this device"
    i18n.set_language("ja")
    shown = heading_parts("h2", {}, i18n.name("Raythread Rally"), "席決め中")
    assert i18n.plain(text_of(shown)) == "Raythread Rally・席決め中" == shown.attr("aria-label")
    assert '<span class="sep">・</span>席決め中' in render(shown)


def test_a_reason_shown_alone_reads_as_a_sentence_in_each_language():
    assert i18n.sentence("that cell holds a beacon") == "That cell holds a beacon."
    assert i18n.sentence("Wait for your turn.") == "Wait for your turn."  # a sentence already
    assert i18n.sentence("") == ""
    i18n.set_language("ja")
    assert i18n.sentence("そのマスにはビーコンがあります") == "そのマスにはビーコンがあります。"
    assert i18n.sentence("あなたの番ではありません。") == "あなたの番ではありません。"


def test_in_the_tests_an_unregistered_code_fails_at_once():
    with pytest.raises(AssertionError, match="unregistered reason code"):
        IllegalMove("no-such-reason-code")


def test_a_player_name_is_never_read_as_a_term_and_unlabelled_fields_are_quoted():
    i18n.reasons({"test-named": "{name} has no {kind}; {field} is wrong"})
    i18n.terms({"test-prism": "prism"})
    i18n.set_language("en", Bracketing())
    text = i18n.describe("test-named", {"name": "test-prism", "kind": "test-prism", "field": "size"})
    assert text == "[test-prism has no [prism]; 'size' is wrong]"
