"""The catalogues in the repository: every message of the code is in them, and Japanese translates each one.

A new ``_("…")`` in the code fails here until `make locale` has merged it and its Japanese is written.
"""

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from gamenight import i18n
from tests.unit.words import in_language

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


def catalogue(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "gamenight.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def forms(value) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` (``{name}``, ``{n}``) with their conversion and spec: a
    translation must repeat ``{day:02}`` exactly (gettext's ``msgfmt -c`` refuses it otherwise)."""
    return {
        name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
        for _, name, spec, conv in string.Formatter().parse(text)
        if name is not None
    }


def code_messages() -> set[str]:
    """Every message marked in the Python tree (what `make locale` extracts), by its singular msgid."""
    found = set()
    for _path, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "py"), [("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_message_of_the_code_is_in_the_catalogue(lang):
    ids = {forms(m.id)[0] for m in catalogue(lang) if m.id}
    missing = sorted(code_messages() - ids)
    assert not missing, f"run `make locale` and translate: {missing[:10]}"


def test_japanese_translates_every_message_with_its_placeholders():
    problems = []
    entries = [m for m in catalogue("ja") if m.id]
    assert len(entries) > 400
    for m in entries:
        wanted = set().union(*(fields(t) for t in forms(m.id)))
        for text in forms(m.string):
            if not text or m.fuzzy:
                problems.append(f"untranslated or fuzzy: {m.id!r}")
            elif fields(text) != wanted:
                problems.append(f"placeholders {sorted(fields(text))} ≠ {sorted(wanted)}: {m.id!r}")
            elif text == forms(m.id)[0] and re.search(r"[a-z]{3}", text) and not _kept_as_is(text):
                problems.append(f"left in English: {m.id!r}")
    assert not problems, "\n".join(problems)


def _kept_as_is(text: str) -> bool:
    """Field names quoted from the wire ('match'), units and names (the site's, the games') stay as
    they are in Japanese too."""
    names = r"Game Night Central|Raythread Rally|Reflection|Light Seeker|\{\w+\}|[^A-Za-z]"
    return bool(re.fullmatch(r"'\w+'|\{n\}\u00a0[KMG]B", text) or re.fullmatch(f"(?:{names})*", text))


def test_japanese_has_one_plural_form_and_every_plural_message_fills_it():
    ja = catalogue("ja")
    assert ja.num_plurals == 1
    plurals = [m for m in ja if isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == 1 and m.string[0] for m in plurals)


def test_the_page_reads_the_japanese_catalogue():
    with in_language("ja"):
        assert i18n._("Settings") == "設定"
        assert i18n.ngettext("{n} point", "{n} points", 3).format(n=3) == "3点"
        assert i18n.describe("not-your-turn", {}) != i18n.english("not-your-turn", {})
    assert i18n._("Settings") == "Settings"
    assert i18n.ngettext("{n} point", "{n} points", 1).format(n=1) == "1 point"


# Reflection's key words in its Japanese rules text (/work/shared/seeds/001_…): the tiles, the colours
# of the numbers, and scoring. The in-app rules page in Japanese uses the same words.
SEED_TERMS = {
    "tiles": ("ミラータイル", "ブラックホール", "タイル"),
    "the laser and its count": ("レーザー", "通過したマス数", "往復分のマス数"),
    "colours": ("緑のマス", "黄のマス", "黒のマス"),
    "scoring": ("ギブアップ", "早く解けた順", "点数"),
}


def test_the_japanese_reflection_rules_page_uses_the_words_of_the_japanese_rules_text():
    from gamenight import games
    from gamenight.ui.svg import text_of

    with in_language("ja"):
        text = text_of(games.guide("reflection").page())
    missing = {what: [t for t in words if t not in text] for what, words in SEED_TERMS.items()}
    assert not any(missing.values()), missing
    assert "Reflection" in text and not re.search(r"\b(mirror|laser|tile|green|yellow|black)\b", text, re.I)


def test_dates_and_lists_read_in_the_page_language():
    """English writes an ISO date, padded; Japanese writes its month and day as numbers are read, unpadded:
    it read "2026年12月05日" (the padding was done in the code, for every language)."""
    from datetime import date

    days = [date(2026, 12, 1), date(2026, 3, 5), date(2026, 10, 31)]
    assert [i18n.date_text(day) for day in days] == ["2026-12-01", "2026-03-05", "2026-10-31"]
    assert i18n.listing(["Ann", "Bea"]) == "Ann, Bea"
    with in_language("ja"):
        assert [i18n.plain(i18n.date_text(day)) for day in days] == ["2026年12月1日", "2026年3月5日", "2026年10月31日"]
        assert i18n.listing(["Ann", "Bea"]) == "Ann、Bea"


# Japanese text as a Japanese UI writes it (docs/i18n.md, "Japanese: words used"): no half-width space
# touches Japanese, so "{name}の番" reads "Ann（1）の番", not "Ann（1） の番". A space stays only between two
# tokens that are not Japanese ("{edge} {colour}の{n}", "Tab 1回分") and next to a lone symbol
# that would otherwise be misread ("[行, 列] の組").
_JAPANESE = "\u3000-\u303f\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
_WORDISH = "A-Za-z0-9'{}"  # a Latin word or number, a quoted field name ('seats'), a placeholder's brace
_SPACE_AT_JAPANESE = re.compile(f"[{_JAPANESE}{_WORDISH}] (?=[{_JAPANESE}])|(?<=[{_JAPANESE}]) (?=[{_WORDISH}])")


def test_japanese_puts_no_half_width_space_next_to_japanese_text():
    spaced = [text for m in catalogue("ja") if m.id for text in forms(m.string) if _SPACE_AT_JAPANESE.search(text)]
    assert not spaced, f"{len(spaced)} msgstr with a space next to Japanese:\n" + "\n".join(spaced)


# A sentence that ends with "？", "！" or "…" inside running text is followed by a full-width space, as a
# Japanese UI writes it (docs/i18n.md): "削除しますか？　元に戻せません。". A player's pass found the next sentence
# run on ("ギブアップしますか？解答が…") or set off by a half-width space ("再接続中… 席は…").
_RUN_ON_AFTER_A_MARK = re.compile("(?<=.)[？！…](?=[ \u3040-\u30ff\u3400-\u9fff\uff10-\uff5a])")


def test_japanese_sets_a_full_width_space_after_a_question_or_an_ellipsis_in_running_text():
    run_on = [text for m in catalogue("ja") if m.id for text in forms(m.string) if _RUN_ON_AFTER_A_MARK.search(text)]
    assert not run_on, f"{len(run_on)} msgstr with no full-width space after ？, ！ or …:\n" + "\n".join(run_on)


# A mark named as one ("↻印", as "★印" or "○印") is a word: no space between the mark and 印. The hints
# of Raythread Rally read "↻ 印の付いた…", the mark set off as if it ran into the text.
_MARK_BEFORE_ITS_NAME = re.compile("[\u2190-\u2bff] (?=印)")


def test_japanese_writes_a_mark_against_its_name():
    spaced = [text for m in catalogue("ja") if m.id for text in forms(m.string) if _MARK_BEFORE_ITS_NAME.search(text)]
    assert not spaced, f"{len(spaced)} msgstr with a space between a mark and 印:\n" + "\n".join(spaced)


# A key or a typed symbol written on its own ("/", "\", "?"): one ASCII symbol with no Latin letter,
# digit or other symbol beside it. In Japanese it is quoted, 「/」, never set off by spaces ("スラッシュ /"
# read as a loose mark beside the word, where the rest of the catalogue wrote ミラー「/」). A literal's
# brackets and commas ("[行, 列] の組") touch their words, so they are not lone.
_LONE_SYMBOL = re.compile(r"(?:^| )[!-/:-@\[-`{-~](?= |$)")


def test_japanese_quotes_a_lone_key_or_symbol_in_corner_brackets():
    loose = [
        text
        for m in catalogue("ja")
        if m.id
        for text in forms(m.string)
        if re.search(f"[{_JAPANESE}]", text) and _LONE_SYMBOL.search(text)
    ]
    assert not loose, f"{len(loose)} msgstr with a lone symbol not in 「」:\n" + "\n".join(loose)


# Japanese sets the parts of a line side by side with a nakaguro and no spaces ("Bea（2）・0:01・+60"),
# and the parts of a document title with a full-width bar ("設定｜Game Night Central"): docs/i18n.md.
# The Latin middle dot with its half-width spaces (" · ", English's separator) has no place in it: older
# entries still had it ("{day}のデイリーパズル · {preset}").
def test_japanese_separates_with_a_nakaguro_never_a_latin_middle_dot():
    dotted = [text for m in catalogue("ja") if m.id for text in forms(m.string) if "\u00b7" in text]
    assert not dotted, f"{len(dotted)} msgstr with '·' (write '・', or '｜' in a title):\n" + "\n".join(dotted)


# A word the catalogue writes has one spelling: "ブラウザ" was also "ブラウザー" in 6 of 22 entries. The
# pairs are (the spelling we use, the variant refused); docs/i18n.md. A thing has one name too: a player's pass
# found Reflection's board called 盤面 in two entries (ボード in every other), and its clues 縁の数字 in four
# (周囲の数字, the rules' word, elsewhere).
# A word joiner (U+2060) keeps a word the browser's phrase model broke on one line (docs/i18n.md,
# "Words kept whole"): only in Japanese, and only between two characters that are no space (each gap of
# the word is joined: "明⁠る⁠い⁠面"; "明る⁠い面" would keep only "るい" together).
_LOOSE_JOINER = re.compile("^\u2060|\u2060$|\\s\u2060|\u2060\\s|\u2060\u2060")


def test_word_joiners_stand_only_between_two_characters_of_a_japanese_word():
    english = [m.id for m in catalogue("en") if m.id and any("\u2060" in t for t in (*forms(m.id), *forms(m.string)))]
    loose = [text for m in catalogue("ja") if m.id for text in forms(m.string) if _LOOSE_JOINER.search(text)]
    assert not english and not loose, (english, loose)


# A board is ボード on every page: Light Seeker's touch hint said 盤 ("盤の矢印") and Reflection's deck 盤上, where
# every other entry said ボード (a player's pass). 盤 covers 盤面 and 盤上.
ONE_SPELLING = (("ブラウザ", "ブラウザー"), ("ボード", "盤"), ("周囲の数字", "縁の数字"))


def test_japanese_spells_each_word_one_way():
    mixed = [
        f"{variant} (write {kept}): {text}"
        for m in catalogue("ja")
        if m.id
        for text in forms(m.string)
        for kept, variant in ONE_SPELLING
        if variant in text
    ]
    assert not mixed, "\n".join(mixed)


def test_japanese_chat_field_and_light_seeker_target_read_as_players_expect():
    """Two wordings a Japanese player stumbled on (playing the lobby in Japanese): the chat field's hint read
    何か話しかける ("talk to someone about something", a verb phrase, not the usual field hint), and Light
    Seeker's rule of the turn stopped on 大きく ("…make the light above 5" with the verb left off). The hint is
    the noun alone, メッセージ: 「メッセージを入力」 was cut to 「メッセージを入」 on a 320 px phone with the text
    at 200 %."""
    ja = {m.id: m.string for m in catalogue("ja") if m.id}
    assert ja["Say something"] == "メッセージ"
    # One line at 320 px, the verb kept: 「手番の終わりに光を0より大きくすること」 took two, and with them the board
    # no longer fitted a 320 × 640 window under the page's top (tests/e2e/test_lightseeker.py).
    assert ja["This turn must end above {n}"] == "手番終了時、光を{n}より大きくする"


def test_japanese_names_each_light_seeker_cube_by_its_word_and_number():
    """A player's pass in Japanese: one refusal said {cube}番 ("number {cube}") where every other entry says
    キューブ{n}, and "another cube for Buh" read Buhの別のキューブ ("Buh's other cube"). Every entry whose English
    names a cube by its number says キューブ and that number (joined by word joiners: docs/i18n.md), and none
    says a cube is Buh's."""
    ja = {m.id: m.string for m in catalogue("ja") if isinstance(m.id, str) and m.id}
    numbered = [(msgid, text) for msgid, text in ja.items() if re.search(r"\b[Cc]ube \{\w+\}", msgid)]
    assert len(numbered) > 10
    for msgid, text in numbered:
        for name in re.findall(r"\b[Cc]ube \{(\w+)\}", msgid):
            assert f"キューブ{{{name}}}" in text.replace("\u2060", ""), (msgid, text)
    assert not [text for text in ja.values() if "Buhの別の" in str(text)]


def test_japanese_diagonal_mirror_caption_names_the_way_out_once():
    """QA: Reflection's "How to play" captioned the diagonal mirror 左2のレーザーは上へ曲がり上2から出ます, "up"
    twice in a row (the turn, then the edge it leaves by). The edge it leaves by says where it went."""
    from gamenight import games
    from gamenight.ui.svg import text_of

    with in_language("ja"):
        text = i18n.plain(text_of(games.guide("reflection").page()))
    assert "2行目の左の数字から入ったレーザーは、曲がって2列目の上の数字から出ます。" in text, text
    assert "上へ曲がり" not in text


# One Japanese word for one English word (docs/i18n.md, "Japanese: words used"). The English calls a computer
# player "Bot" in its name ("Bot A (Normal)") and "computer" everywhere else ("Play vs computer", the seat
# card's badge), and Japanese mirrors that split and no more: ボット for "Bot", CPU for "computer", as Japanese
# game apps write it ("CPUと対戦"). QA found three words for one player: the names' ボット, the badge's CPU and
# the sentences' コンピューター. A player who starts a match "starts" it: "{name}から始めます", "再戦：{name}から開始",
# a seat card's "最初の手番". It read 先手, the first player of a two-player game (go, shogi, and 後手 the second):
# Raythread Rally seats up to four, and "Bea starts" a match of three is no 先手.
# Each row: an English word (as it stands in a msgid), the Japanese its msgstr says it with, and the other
# words for the same thing. Those are ruled out wherever no row of the msgid's English words allows them
# (CPU where the English says "Bot", or nothing of the kind; 先手 anywhere).
GLOSSARY: tuple[tuple[str, re.Pattern[str], tuple[str, ...], tuple[str, ...]], ...] = (
    ("Bot", re.compile(r"\bBots?\b"), ("ボット",), ("CPU", "コンピューター", "コンピュータ", "COM")),
    (
        "computer",
        re.compile(r"\bcomputers?\b", re.IGNORECASE),
        ("CPU",),
        ("ボット", "コンピューター", "コンピュータ", "COM"),
    ),
    (
        "starts",  # a player starts a match: "{name} starts", "starts the match" (not a code that "starts with")
        re.compile(r"\{names?\} starts?\b|^starts the match$"),
        ("から始め", "から開始", "最初の手番"),
        ("先手", "後手"),
    ),
)


def glossary_problems(entries: list[tuple[str, str]]) -> list[str]:
    """The msgstrs of ``entries`` (msgid, msgstr) that say a glossary row's English word without its Japanese,
    or use a word the glossary rules out for their msgid."""
    ruled_out = {word for *_row, others in GLOSSARY for word in others}
    problems = []
    for msgid, text in entries:
        rows = [(word, allowed) for word, english, allowed, _others in GLOSSARY if english.search(msgid)]
        allowed_here = {japanese for _word, allowed in rows for japanese in allowed}
        problems += [
            f'"{word}" is {"/".join(allowed)}: {msgid!r} → {text!r}'
            for word, allowed in rows
            if not any(japanese in text for japanese in allowed)
        ]
        used = {word for word in ruled_out if word in text}
        used -= {
            word for word in used for longer in used if word != longer and word in longer
        }  # コンピュータ in コンピューター
        problems += [f"{word} is ruled out here: {msgid!r} → {text!r}" for word in sorted(used - allowed_here)]
    return problems


def test_japanese_uses_the_glossary_s_one_word_for_an_english_word():
    # A word's characters may be joined by word joiners for the eye ("ボ⁠ッ⁠ト", docs/i18n.md): read without them.
    entries = [
        (forms(m.id)[0], text.replace("\u2060", "")) for m in catalogue("ja") if m.id for text in forms(m.string)
    ]
    problems = glossary_problems(entries)
    assert not problems, f"{len(problems)} msgstr off the glossary (docs/i18n.md):\n" + "\n".join(problems)


def test_the_glossary_check_sees_a_word_said_another_way():
    assert glossary_problems([("computer", "CPU"), ("Bot\u00a0({level})", "ボット（{level}）")]) == []
    assert glossary_problems([("Play vs computer", "コンピューターと対戦")]) == [
        "\"computer\" is CPU: 'Play vs computer' → 'コンピューターと対戦'",
        "コンピューター is ruled out here: 'Play vs computer' → 'コンピューターと対戦'",
    ]
    # A word no English word of the msgid allows.
    assert glossary_problems([("{names} is thinking…", "CPUが考え中…")]) == [
        "CPU is ruled out here: '{names} is thinking…' → 'CPUが考え中…'"
    ]
    assert glossary_problems([("In the rematch, {name} starts.", "再戦は{name}から始めます。")]) == []
    assert glossary_problems([("Rematch: {name} starts", "再戦：{name}が先手")]) == [
        "\"starts\" is から始め/から開始/最初の手番: 'Rematch: {name} starts' → '再戦：{name}が先手'",
        "先手 is ruled out here: 'Rematch: {name} starts' → '再戦：{name}が先手'",
    ]
