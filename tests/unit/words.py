"""Reading what a result or a refusal says, in English, for assertions that should not depend on how it
travels (the wire carries reason codes and parameters; ``str(err)`` and ``Result.sentence`` are English);
and ``in_language``, for a test that reads a page in another language."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from gamenight import i18n
from gamenight.core.game import Result
from gamenight.i18n import REASONS, english


def ending(result: Result | None) -> str:
    """The English sentence saying why a match ended (its registered reason code, filled in)."""
    assert result is not None, "the match has not ended"
    assert result.reason in REASONS and result.reason != "text", f"unregistered ending {result.reason!r}"
    return result.sentence


def note(result: Result, seat: str) -> str:
    """The English sentence of ``seat``'s note in ``result`` (a reason code and its parameters)."""
    return said(result.notes[seat])


def said(reason: Mapping[str, Any]) -> str:
    """The English sentence of a reason as it travels: ``{"code": …, "params": {…}}``."""
    assert reason["code"] in REASONS and reason["code"] != "text", f"unregistered reason {reason['code']!r}"
    return english(reason["code"], reason.get("params"))


def assert_says(result: Result | None, pattern: str) -> None:
    """Fail unless the ending sentence contains ``pattern`` (a regular expression; case is ignored)."""
    text = ending(result)
    assert re.search(pattern, text, re.IGNORECASE), f"the match ended saying {text!r}, not {pattern!r}"


def sentence(text: str) -> str:
    """A pattern for ``pytest.raises(match=...)`` that matches the whole message ``text``, and nothing
    around it, whether or not its first letter is capitalised and a full stop ends it."""
    first = text[:1]
    return rf"^[{re.escape(first.lower() + first.upper())}]{re.escape(text[1:])}\.?$"


@contextmanager
def in_language(code: str, translations: gettext.NullTranslations | None = None) -> Iterator[None]:
    """The page speaks ``code`` (with ``translations`` in place of its catalogue, as ``i18n.set_language``
    takes them) inside the block, and the language it spoke before after it, even when an assertion fails:
    what the test does next, and the next test, read the page as they expect."""
    before = i18n.language()
    i18n.set_language(code, translations)
    try:
        yield
    finally:
        i18n.set_language(before)
