"""Display names that cannot pose as someone else: one script per name, and a look-alike key.

Two checks after Unicode TS #39 (security mechanisms), done with the standard library's character
names instead of its data files:

- ``one_script``: the letters of a name come from one script ("Аnn" mixing a Cyrillic А with Latin
  letters is refused), or from a combination people really write together (Japanese: Han, Hiragana,
  Katakana and Latin; Chinese with Bopomofo; Korean with Hanja). Digits and marks belong to no script.
- ``name_key``: the key two names are compared by. Names whose keys are equal look alike, and a lobby
  keeps them unique: case is ignored, compatibility forms are folded (NFKC: full-width "Ａｎｎ"),
  Cyrillic and Greek letters that look like Latin ones are read as those ("Асе" is "Ace"), and so are
  the classic pairs I/l/1, O/0 and rn/m; spaces and punctuation are dropped ("Bea." is "Bea").

The look-alike table covers the letters of the scripts a Latin name can be forged with; TS #39's full
table (confusables.txt, 6,000+ entries) would be a 1 MB download for every page. A library with that
table (confusable_homoglyphs) reads it with ``open()`` from its package folder, which the page's
zip-imported wheels do not have, and only flags mixed scripts; it does not compare two names.
"""

from __future__ import annotations

import unicodedata

# The first word of a letter's Unicode name → its script (other first words are scripts of their own).
_SCRIPT_OF_WORD = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",
    "HIRAGANA": "Hiragana",
    "KATAKANA": "Katakana",
    "KATAKANA-HIRAGANA": "Katakana",
    "HALFWIDTH": "Katakana",  # NFKC folds these first; kept for names compared without folding
    "BOPOMOFO": "Bopomofo",
    "HANGUL": "Hangul",
}
# Script sets allowed together in one name (TS #39 "highly restrictive").
_TOGETHER = (
    frozenset({"LATIN", "Han", "Hiragana", "Katakana"}),
    frozenset({"LATIN", "Han", "Bopomofo"}),
    frozenset({"LATIN", "Han", "Hangul"}),
)

# Letters that look like Latin ones, in the scripts used to forge Latin names (before case folding).
_LOOKALIKE = str.maketrans(
    {
        # Cyrillic
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "У": "Y", "Х": "X", "Ѕ": "S", "І": "l", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l", "Һ": "h",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
        "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "п": "n", "г": "r",
        # Greek
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
        "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ι": "i", "α": "a", "ρ": "p", "υ": "u",
        "κ": "k", "τ": "t", "γ": "y", "ϲ": "c", "ϳ": "j",
        # Latin and digits that pass for each other
        "I": "l", "1": "l", "|": "l", "0": "O",
    }
)  # fmt: skip


def script(ch: str) -> str | None:
    """The script of a letter (``None`` for digits, marks, spaces and punctuation: they fit any script)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
    return _SCRIPT_OF_WORD.get(word, word)


def one_script(name: str) -> bool:
    """Whether the letters of ``name`` come from one script, or from a combination written together."""
    scripts = {s for s in map(script, unicodedata.normalize("NFKC", name)) if s is not None}
    return len(scripts) <= 1 or any(scripts <= allowed for allowed in _TOGETHER)


def name_key(name: str) -> str:
    """What ``name`` looks like: equal keys mean names a player could mistake for each other. The one rule
    for names that must differ (a lobby's members, a table's players), kept as typed for display: after
    NFKC, look-alike letters read as Latin and case folded, spaces and punctuation are dropped, so "Bea",
    "Bea.", "bea", "B-e-a" and "Ｂｅａ" are one name (a seat list shows them side by side, where a dot or a
    hyphen is easily missed). A name of punctuation alone keeps it (a name has at least one character)."""
    folded = unicodedata.normalize("NFKC", name).translate(_LOOKALIKE).casefold().translate(_LOOKALIKE)
    bare = "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LMN")
    return (bare or " ".join(folded.split())).replace("rn", "m").replace("vv", "w")
