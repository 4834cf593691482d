"""Words: the app's gettext catalogues (English, Japanese) and the language the page speaks.

Every visible string goes through ``_`` / ``ngettext`` / ``pgettext`` *when a view is built*, never at
import time: module-level texts are marked with ``N_`` (extracted, left as they are) and translated
where they are shown, so switching the language re-renders everything in it.

The catalogues are ``locale/<lang>/LC_MESSAGES/gamenight.po`` in the repository, extracted from the
code with Babel (``make locale``; the mapping is in pyproject.toml) and compiled to ``.mo`` files
under this package's ``locale/`` folder by the build. They are read through this module's loader (the
same code reads them from the folder in a checkout and from the package archive the page imports
from) and parsed by the standard library's ``gettext``. English is the source language: its catalogue
only carries the plural forms.

Reasons for refusals travel as a code and parameters (``core/errors.py``); ``describe`` turns them
into a sentence in this page's language.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from pathlib import Path

DOMAIN = "gamenight"
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}  # each named in its own language
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"  # in the page, a folder inside the package archive

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT
_generation = 0  # counts language changes: a cache of words (a scene's kept cells) keys on it


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (module-level tables of texts)."""
    return message


def _(message: str) -> str:
    """``message`` in the page's language (an empty one stays empty)."""
    # gettext answers "" with the catalogue's header: a label looked up with a default of "" must not
    # show "Project-Id-Version: …" to a Japanese player.
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the page's language (``{n}`` is not filled)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the page's language, told apart from the same English words by ``context``."""
    return _translations.pgettext(context, message)


def listing(items: Iterable[str]) -> str:
    """``items`` as a list in a sentence: "Ann, Bea" in English, "Ann、Bea" in Japanese."""
    return pgettext("list separator", ", ").join(items)


def named_for(words: str, whom: str) -> str:
    """The spoken name of a button that acts on a player or a seat: the words it shows, then whom ("Remove:
    Bea", "Take seat: Seat B"; in Japanese "外す：Bea", a full-width colon). Several such buttons show the same
    short words, and a screen reader listing the page's buttons heard one name several times; the words shown
    come first, as a speech-input user says them (WCAG 2.5.3, label in name: "Invite Bea again" would not
    hold "Invite again")."""
    return _("{action}: {whom}").format(action=words, whom=whom)


SITE = "Game Night Central"  # the site's name: Latin letters in every language


def separator() -> str:
    """What sets parts of one line side by side: " · " in English, "・" (a nakaguro, no spaces) in Japanese."""
    return pgettext("separator", " · ")


def separated(*parts: str) -> str:
    """Parts of one line set side by side, the empty ones left out: "Ann (A) to play · your turn" in
    English, "Ann（A）の番・あなたの番" in Japanese."""
    return separator().join(filter(None, parts))


class Line(str):
    """A status line of parts set side by side (``line``): its text is ``separated``'s, and it keeps its parts,
    which the page draws as boxes with no separator at a line's edge (``ui.heading.drawn``), as a heading's.
    A ``str``, so every place that reads, compares or says the words reads them as before."""

    parts: tuple[str, ...]

    def __new__(cls, parts: tuple[str, ...]) -> Line:
        made = super().__new__(cls, separated(*parts))
        made.parts = parts
        return made


def line(*parts: str) -> str:
    """A status line's parts set side by side, the empty ones left out ("Ann (A) to play · your turn"): drawn
    as a heading's boxes (``ui.heading.drawn``), it breaks "Ann (A) to play" / "your turn" at 320 px, with no
    dot at either line's edge. Its text held the separator to the part before it, and "to play ·" ended a line
    in English as "の番・" did in Japanese (a line may not start with "・" there). A part that is a line already
    gives its parts ("… to play · your turn · disconnected")."""
    flat = tuple(p for part in parts for p in (part.parts if isinstance(part, Line) else (part,)) if p)
    return Line(flat) if len(flat) > 1 else "".join(flat)


def title(*parts: str) -> str:
    """A document title: the page's parts, then the site's name: "Settings · Game Night Central" in
    English, "設定｜Game Night Central" in Japanese (a full-width bar between the levels of a
    title, as Japanese sites write it; a "・" there would read as "and")."""
    return plain(pgettext("title separator", " · ").join((*parts, SITE)))


# A translation joins the characters of a word the browser's phrase model breaks ("明る" / "い面") with a
# word joiner, and words no line may part ("Bot\u00a0A\u00a0(Hard)", "{n}\u00a0MB") with a no-break space;
# the renderer (``ui.svg``) draws each joined run as a no-break span of plain text and never puts a joiner or
# a no-break space where a reader gets it: the marks are for the eye's line breaking only.
JOINER = "\u2060"
NO_BREAK = "\u00a0"
# And where a line may break inside a phrase: the word boundary of a katakana compound in a heading
# ("ソロ\u200bトレーニング", "リレー\u200bサーバー"), which the phrase model keeps as one phrase. A phrase wider than
# its line breaks where the line ends ("ソロトレーニン" / "グ" in a title with the text at 200 %); with the mark
# it breaks between the words. The renderer draws it as ``<wbr>``: used only where the phrase cannot fit.
BREAK = "\u200b"
_PLAIN = str.maketrans({JOINER: None, NO_BREAK: " ", BREAK: None})


def plain(text: str) -> str:
    """``text`` as a reader gets it, for a place no markup reaches (a document title): without the word
    joiners and break marks of its translation, its no-break spaces plain ones."""
    return text.translate(_PLAIN)


def held_separator() -> tuple[str, str, str]:
    """The separator held to what comes before it, so that a line may break after it but never before (a
    heading broke "Raythread Rally" / "· choosing seats" at 390 px), in three pieces: what holds the mark to
    the part before it, the mark, and what follows it. English's " · " is "\u00a0", "·", " " (a no-break
    space before the dot); Japanese's "・" is a word joiner, "・", "" (Japanese line breaking keeps it off a
    line's start too). The renderer draws a held run as a no-break span of plain text (``ui.svg``). For
    ``heading``'s text; a heading on the page draws its parts as boxes (``ui.heading.heading_parts``)."""
    mark = separator()
    return (NO_BREAK if mark[:1].isspace() else JOINER), mark.strip(), mark[len(mark.rstrip()) :]


def heading(*parts: str) -> str:
    """Parts of a heading set side by side, the empty ones left out, each separator held to the part before
    it: "Raythread Rally ·" / "choosing seats" on a phone, never "Raythread Rally" / "· choosing seats"
    ("Raythread Rally・席決め中" in Japanese). ``plain`` of it is ``separated``'s text. The text of a heading
    (a page's title, a live region's words) or a status line; a heading on the page draws its parts as boxes
    instead, with no separator at a line's edge (``ui.heading.heading_parts``)."""
    return "".join(held_separator()).join(filter(None, parts))


def name(text: str) -> str:
    """A name of a few words that a player reads as one (a game's title, "Raythread Rally"), its spaces no-break
    ones: a heading that holds it breaks at its separator, never inside it (at 320 px a table's heading read
    "Raythread" / "Rally · on this device", the lobby's "Raythread" / "Rally・席決め中"). The renderer draws it
    as a no-break span of plain text (``ui.svg``), with the separator ``heading`` holds to it. Only for a name
    this app knows (the registry's titles): a no-break run cannot break where it cannot fit."""
    return text.replace(" ", NO_BREAK)


# How much of a word ``held`` keeps whole, in the width of Latin letters (a full-width character counts two):
# a no-break run cannot break even where it cannot fit, and a name of one long word joined to its seat's tag
# ("WWWW…W（A）") widened a phone's page by 149 px. The renderer holds as much of a Latin word (``ui.svg``).
HELD = 12


def _units(ch: str) -> int:
    """The width of ``ch`` in Latin letters, roughly: two for a full-width (Japanese) character."""
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def held(text: str) -> str:
    """``text`` (a name) with its last word held whole: a word joiner between each two of its characters
    that a line could part ("ミ⁠カ", "プ⁠レ⁠イ⁠ヤ⁠ー⁠1"; none between two ASCII characters: an English name keeps
    the renderer's rule, its last word whole, and a Latin word is one piece to it). Japanese writes no
    spaces, so a Japanese name is one word: joined to its seat by its last character alone, a phone's line
    broke "プレイヤー" / "1（A）". Of a long word only its last ``HELD``
    units are held; the rest breaks as any word too long for its line. A name of words no wider than ``HELD``
    (a space counts one) is held whole, its spaces no-break ones ("Player 1", "山⁠田 太⁠郎"): joined by its
    last word alone, a 320 px status read "Player" / "1 (A) to play". Held so it is no wider than a one-word
    name held already; a longer name of words still breaks between them. Words the catalogue joined already (a
    computer's label, "ボ⁠ッ⁠ト⁠B⁠（⁠ふつう⁠）", which a rematch may move to another seat) are left as they are."""
    if JOINER in text or NO_BREAK in text:
        return text
    free, kept = held_parts(text)
    return free + _joined(kept)


def held_parts(text: str) -> tuple[str, str]:
    """``text`` (a name, as typed) in the two parts ``held`` makes of it: what a line may break as any words
    (a longer name's first words and a long word's start), then what it holds whole, as a reader reads it
    (no joiners; a name of words held whole has its spaces no-break ones: "Player\u00a01"). A seat card
    draws the held part as a box of its own (``ui.match``). Words the catalogue joined already are held
    as they are."""
    if JOINER in text or NO_BREAK in text:
        return "", text
    if " " in text.strip() and sum(map(_units, text)) <= HELD:
        return "", text.replace(" ", NO_BREAK)
    head, space, word = text.rpartition(" ")
    start, units = len(word), 0
    for at in range(len(word) - 1, -1, -1):
        units += _units(word[at])
        if units > HELD:
            break
        start = at
    return head + space + word[:start], word[start:]


def _joined(kept: str) -> str:
    """``kept`` with a word joiner between each two of its characters a line could part (none between two
    ASCII characters, nor beside a no-break space, which holds its words already)."""
    out, before = [], ""
    for ch in kept:
        if before and not (before.isascii() and ch.isascii()) and NO_BREAK not in (before, ch):
            out.append(JOINER)
        out.append(ch)
        before = ch
    return "".join(out)


def whole(text: str) -> str:
    """``text`` kept on one line, for a short one a heading shows beside its separator (a date: "Daily
    puzzles · 2026-" / "12-05" at 320 px, Chromium balancing the lines around the held separator's no-break
    span): a word joiner between each two of its characters, drawn as one no-break span of the plain text."""
    return JOINER.join(text.replace(JOINER, ""))


def number(n: int | float | str) -> str:
    """A number (or one already formatted) as a reader reads it: a negative one with a minus sign ("−60"),
    not a hyphen ("-60")."""
    return str(n).replace("-", "\u2212")


def sentence(text: str) -> str:
    """A reason shown on its own, as a sentence. The rules' reasons are written to go inside one ("that
    cell holds a beacon", "The match is over: {reason}."); alone, under a board, the first letter is a
    capital and a full stop ends it: "That cell holds a beacon." (in Japanese "…あります。"). A reason
    that is a sentence already is left as it is."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…", "。", "！", "？")) else text + pgettext("full stop", ".")


def sentence_gap() -> str:
    """What stands between two sentences drawn apart (one emphasised): a space in English, nothing in Japanese."""
    return pgettext("sentences", "{first} {second}").format(first="", second="")


def sentences(*texts: str) -> str:
    """Sentences one after another, the empty ones left out: "Wait. Then play." in English, with no space
    after a full stop in Japanese ("待ってください。次に…")."""
    # A template, not a separator: Japanese's separator is empty, and gettext reads an empty
    # translation as none at all.
    template = pgettext("sentences", "{first} {second}")
    said = ""
    for text in filter(None, texts):
        said = template.format(first=said, second=text) if said else text
    return said


def conjunction(items: Iterable[str]) -> str:
    """Names joined as a sentence joins them: "Ann", "Ann and Bea", "Ann, Bea and Cy" (in Japanese
    "AnnとBea", "Ann、BeaとCy")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=listing(items[:-1]), last=items[-1])


def date_text(day: date) -> str:
    """A calendar day in the page's language: 2026-12-05 in English, 2026年12月5日 in Japanese."""
    return _("{year}-{month}-{day}").format(year=day.year, month=_date_number(day.month), day=_date_number(day.day))


def _date_number(n: int) -> str:
    """A month or a day of a date as its language writes it: the catalogue pads one under 10 ("05" in
    English's ISO date) or not ("5" in Japanese). Not a spec in the date's msgid ("{month:02}"): gettext's
    checker (msgfmt -c) wants every translation to repeat a placeholder's spec, so no language could drop it."""
    return str(n) if n >= 10 else pgettext("date: a month or a day under 10", "0{n}").format(n=n)


def language() -> str:
    """The code of the language the page speaks (``"en"``, ``"ja"``)."""
    return _language


def set_language(code: str, translations: _gettext.NullTranslations | None = None) -> str:
    """Speak ``code`` from now on (an unknown code speaks English); returns the code in use.

    ``translations`` replaces the compiled catalogue (tests use a pseudo-locale this way).
    """
    global _translations, _language, _generation
    code = code if code in LANGUAGES else DEFAULT
    if translations is None:
        translations = _catalogue(code)
    _translations, _language = translations, code
    _generation += 1
    return code


@functools.cache  # the catalogues do not change while the page runs; a table asks at every render
def in_every_language(message: str) -> frozenset[str]:
    """``message`` as each language the app speaks says it: words the app wrote into a saved match in
    one language (a default player name) are known again in another."""
    return frozenset(_catalogue(code).gettext(message) for code in LANGUAGES)


@functools.cache
def _catalogue(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code``; no words (the English source) if there is none."""
    try:
        # Every module has a ``__loader__`` (the archive's, in the page); mypy's module globals lack it.
        data = __loader__.get_data(str(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"))  # type: ignore[name-defined]
    except OSError:
        return _gettext.NullTranslations()
    return _gettext.GNUTranslations(io.BytesIO(data))


def generation() -> int:
    """A number that changes whenever the language does: what is kept between renders (labels of a
    board's cells) keys on it, so that switching the language redraws it in the new words."""
    return _generation


def pick_language(preferred: Iterable[str]) -> str:
    """The first of the browser's languages (``navigator.languages``: "ja-JP", "en-GB" …) that the app
    speaks, by its primary subtag; English when none is."""
    for tag in preferred:
        primary = str(tag).split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT


# A link's language: ``?lang=ja`` in the page's address (``…/?lang=ja#/raythread``, beside an invitation's
# ``stun`` and ``turn``) or in its route's (``#/raythread?lang=ja``, ``#join=…?lang=ja``: added at the end).
LINK_PARAMETER = "lang"
_MAX_TAG = 35  # a language tag is never longer (RFC 5646's longest well-formed ones): anything longer is not one


def linked_language(address: str) -> tuple[str | None, str]:
    """The language a link asks for (``?lang=ja``, ``?lang=en``; a tag like "ja-JP" by its primary subtag)
    and the address without the parameter (untrusted text). ``None`` where it asks for none the app speaks:
    an unknown value changes nothing. The parameter goes from the address whatever its value, so the route
    and its codes (an invitation's, a reply's) read as they would without it, a reload does not undo a later
    choice, and the links this page makes (an invitation) do not carry its player's language to another.
    The other parameters stay as written, in their order. Where both parts name one, the route's wins."""
    page, hashed, route = address.partition("#")
    found: str | None = None
    kept = []
    for part in (page, route):
        base, asked, query = part.partition("?")
        others = []
        for piece in query.split("&") if asked else ():
            name, _, value = piece.partition("=")
            if name != LINK_PARAMETER:
                others.append(piece)
            elif len(value) <= _MAX_TAG:
                primary = value.replace("_", "-").split("-")[0].lower()
                found = primary if primary in LANGUAGES else found
        kept.append(base + ("?" + "&".join(others) if others else ""))
    return found, kept[0] + hashed + kept[1]


def page_language(chosen: str | None, preferred: Iterable[str]) -> str:
    """The page's language: the player's stored choice when the app speaks it, else ``pick_language`` of
    the browser's. A choice it does not speak (another version's, or edited by hand) is passed over, as
    the loading screen passes it over (``index.html``), so both speak the same language."""
    return chosen if chosen in LANGUAGES else pick_language(preferred)


# --- reasons: refusals as codes and parameters ---------------------------------------------------

# code → English template (a msgid), e.g. "not-your-turn" → "It is not your turn.". The code "text"
# carries a sentence that was never given a code (English only): new code always registers one.
REASONS: dict[str, str] = {"text": "{text}"}
UNKNOWN = N_("Refused ({code}).")  # a code this version does not know (a peer running another version)
TERMS: dict[str, str] = {}  # a parameter value that is a word of the game ("mirror") → its msgid
# Parameters that are what a player typed or an id (names, chat, seat ids): never read as terms, so a
# player called "mirror" stays "mirror" in every language.
VERBATIM = frozenset({"name", "text", "key", "value", "seat", "member", "code", "got", "choices"})
# A parameter naming a field (``field``, ``what``) reads as its registered label; an unregistered one is
# shown as the quoted key, e.g. 'size', which is what the sender wrote. One in quotes already is a
# path in a message (``core.fields.name``), never a label or a game's word.
FIELDS = frozenset({"field", "what"})
# A parameter a game words itself when the sentence is drawn: its key → a function of the (untrusted) text
# and the translation, giving the words, or ``None`` when the text is not what it words (then shown as it
# is). A reason keeps codes ("T3 R2"), so its words follow the page's language even after it is switched.
FORMATS: dict[str, Callable[[str, Callable[[str], str]], str | None]] = {}
# A parameter that is a reason of its own (a record's step the rules refused, ``lobby.record.because``):
# a registered code, its parameters beside it as ``why_…``, worded in the same language as the sentence.
WHY = "why"


def reasons(table: Mapping[str, str]) -> None:
    """Register refusal codes and their English templates (``str.format`` fields name the parameters).

    Each module registers its own next to the code that raises them; a code means one thing everywhere.
    """
    for code, template in table.items():
        if REASONS.get(code, template) != template:
            raise ValueError(f"the reason code {code!r} is registered twice with different texts")
        REASONS[code] = template


def terms(table: Mapping[str, str]) -> None:
    """Register parameter values that are words to translate (tile kinds, field labels …) and their msgids."""
    for value, msgid in table.items():
        if TERMS.get(value, msgid) != msgid:
            raise ValueError(f"the term {value!r} is registered twice with different texts")
        TERMS[value] = msgid


def formats(table: Mapping[str, Callable[[str, Callable[[str], str]], str | None]]) -> None:
    """Register parameters a game words itself (``FORMATS``), each key once."""
    for key, words in table.items():
        if FORMATS.get(key, words) is not words:
            raise ValueError(f"the parameter {key!r} is worded twice")
        FORMATS[key] = words


def shown_params(params: Mapping[str, object], translate: Callable[[str], str]) -> dict[str, object]:
    """``params`` as a template shows them: terms translated by ``translate``, unlabelled fields quoted."""
    shown: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, str) and key in FORMATS:
            shown[key] = FORMATS[key](value, translate) or value
        elif key == WHY and isinstance(value, str) and value in REASONS:
            inner = {k.removeprefix(f"{WHY}_"): v for k, v in params.items() if k.startswith(f"{WHY}_")}
            shown[key] = _fill(REASONS[value], value, inner, translate)
        elif isinstance(value, str) and key not in VERBATIM and value in TERMS:
            shown[key] = translate(TERMS[value])
        elif isinstance(value, str) and key in FIELDS:
            # A path ``core.fields`` names comes quoted already (it is never a term, whatever its words).
            shown[key] = value if len(value) > 1 and value[0] == value[-1] == "'" else f"'{value}'"
        else:
            shown[key] = value
    return shown


def english(code: str, params: Mapping[str, object] | None = None) -> str:
    """The English sentence of a registered reason (logs and tests); like ``describe`` without a catalogue."""
    return _fill(REASONS.get(code), code, params or {}, lambda msgid: msgid)


def describe(code: str, params: Mapping[str, object] | None = None) -> str:
    """The sentence for a refusal ``code`` with ``params``, in the page's language.

    Parameters that are registered terms are translated; numbers and names are shown as they are. An
    unknown code (a peer running another version of the app) still gives a readable sentence.
    """
    return _fill(REASONS.get(code), code, params or {}, _)


def _fill(template: str | None, code: str, params: Mapping[str, object], translate: Callable[[str], str]) -> str:
    if template is None:
        return translate(UNKNOWN).format(code=code)
    try:
        return translate(template).format(**shown_params(params, translate))
    except (KeyError, IndexError, ValueError, AttributeError):  # a parameter missing from an untrusted message
        return translate(template)
