"""The error types of untrusted input. Each carries a reason a player can read, in any language.

A reason is a code registered with its English template (``gamenight.i18n.reasons``) and the
parameters that fill it: ``IllegalMove("not-your-turn")``, ``BadOptions("size-odd", size=12)``.
``str(err)`` is the English sentence (logs, tests); ``err.code`` and ``err.params`` are what travels
on the wire, and ``i18n.describe(code, params)`` is the sentence in the reader's language.

Parameters are short: a text parameter longer than ``MAX_PARAM`` characters is cut (an error must never
repeat an attacker's input at length), and a parameter is a string, a whole number, a boolean or null.
"""

from __future__ import annotations

from typing import Any

from gamenight import i18n

MAX_PARAM = 60  # characters of a text parameter; longer ones end in "…"
MAX_PARAMS = 8  # parameters of one reason
# Tests set this: a reason code that is not registered then fails at once instead of travelling as text.
STRICT = False


def clip(value: Any) -> str | int | bool | None:
    """A parameter as it may travel: short text, a number, a boolean or null (anything else as short text)."""
    if value is None or isinstance(value, bool | int):
        return value
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= MAX_PARAM else text[: MAX_PARAM - 1] + "…"


def plain(value: Any) -> bool:
    """Whether ``value`` is a parameter as ``clip`` makes them: what a page accepts from a peer."""
    return value is None or isinstance(value, bool | int) or (isinstance(value, str) and len(value) <= MAX_PARAM)


class GameNightError(ValueError):
    """Base of every expected, player-facing error.

    ``reason`` is a registered code, or (in code not yet converted) a plain English sentence, which
    then travels as the code ``"text"`` with the sentence as its parameter.
    """

    code: str
    params: dict[str, str | int | bool | None]

    def __init__(self, reason: str, /, **params: Any) -> None:
        if reason not in i18n.REASONS or reason == "text":
            if STRICT:
                raise AssertionError(f"unregistered reason code {reason!r}")
            self.code, self.params = "text", {"text": reason}
            super().__init__(reason)
            return
        self.code, self.params = reason, {key: clip(value) for key, value in params.items()}
        super().__init__(i18n.english(self.code, self.params))

    def to_json(self) -> dict[str, Any]:
        """The reason as the wire carries it: ``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


class IllegalMove(GameNightError):
    """A move the rules do not allow (or a malformed move); the state is unchanged."""


class BadOptions(GameNightError):
    """Game options that are out of range, of the wrong type or unknown."""


class BadMessage(GameNightError):
    """A peer message, pasted code, link or saved file that does not parse."""
