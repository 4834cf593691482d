"""Reading what a result says, in English, for assertions that should not depend on how it travels."""

from __future__ import annotations

import re

from gamenight.core.game import Result
from gamenight.i18n import REASONS, describe


def ending(result: Result | None) -> str:
    """The English sentence saying why a match ended: ``Result.reason`` as it is, or described when
    it is a registered reason code."""
    assert result is not None, "the match has not ended"
    reason = result.reason
    return describe(reason, getattr(result, "params", None)) if reason in REASONS else reason


def assert_says(result: Result | None, pattern: str) -> None:
    """Fail unless the ending sentence contains ``pattern`` (a regular expression; case is ignored)."""
    text = ending(result)
    assert re.search(pattern, text, re.IGNORECASE), f"the match ended saying {text!r}, not {pattern!r}"


def sentence(text: str) -> str:
    """A pattern for ``pytest.raises(match=...)`` that matches the whole message ``text``, and nothing
    around it, whether or not its first letter is capitalised and a full stop ends it."""
    first = text[:1]
    return rf"^[{re.escape(first.lower() + first.upper())}]{re.escape(text[1:])}\.?$"
