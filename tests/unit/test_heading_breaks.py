"""Where a Japanese heading may break inside a phrase: between the words of a katakana compound, never inside
one. The browser's phrase model keeps "ソロトレーニング" as one phrase; a phrase wider than its line breaks
where the line ends, and Reflection solo's title read "ソロトレーニン" / "グ" on a phone with the text at
150–200 %, the host form's "リレーサー" / "バー（任意）". The catalogue marks the word boundary inside such a
compound with a zero-width space (``i18n.BREAK``), which the page draws as ``<wbr>``: a break there only when
the phrase does not fit, and no mark where a reader gets the words."""

from __future__ import annotations

from gamenight import i18n
from gamenight.i18n import _
from gamenight.reflection import solo
from gamenight.ui.svg import h, render
from tests.unit.words import in_language


def test_a_japanese_title_may_break_between_the_words_of_a_compound_and_nowhere_else_inside_it() -> None:
    with in_language("ja"):
        assert (
            render(h("h1", {}, solo.heading()))
            == '<h1><span class="nobr">Reflection・</span>ソロ<wbr>トレーニング</h1>'
        )
        assert (
            render(h("summary", {}, _("Relay server (optional)"))) == "<summary>リレー<wbr>サーバー（任意）</summary>"
        )
        # A document title, an attribute a reader speaks, text that never wraps (an SVG text, a hidden live
        # region's) get the plain words.
        assert i18n.plain(solo.heading()) == "Reflection・ソロトレーニング"
        assert (
            render(h("button", {"aria-label": _("solo training")})) == '<button aria-label="ソロトレーニング"></button>'
        )
        assert render(h("text", {}, _("solo training"))) == "<text>ソロトレーニング</text>"
        hidden = h("p", {"class": "visually-hidden"}, _("solo training"))
        assert render(hidden) == '<p class="visually-hidden">ソロトレーニング</p>'
    with in_language("en"):
        assert render(h("h1", {}, solo.heading())) == '<h1><span class="nobr">Reflection ·</span> solo training</h1>'
