"""The error types of untrusted input. Each carries a reason a player can read, in any language.

A reason is a code registered with its English template (``gamenight.i18n.reasons``) and the
parameters that fill it: ``IllegalMove("not-your-turn")``, ``BadOptions("size-odd", size=12)``.
``str(err)`` is the English sentence (logs, tests); ``err.code`` and ``err.params`` are what travels
on the wire, and ``i18n.describe(code, params)`` is the sentence in the reader's language.
"""

from __future__ import annotations

from typing import Any

from gamenight.i18n import REASONS, TERMS


class GameNightError(ValueError):
    """Base of every expected, player-facing error.

    ``reason`` is a registered code, or (in code not yet converted) a plain English sentence, which
    then travels as the code ``"text"`` with the sentence as its parameter.
    """

    def __init__(self, reason: str, /, **params: Any) -> None:
        template = REASONS.get(reason)
        if template is None:
            self.code, self.params = "text", {"text": reason}
            super().__init__(reason)
        else:
            self.code, self.params = reason, dict(params)
            english = {k: TERMS[v] if isinstance(v, str) and v in TERMS else v for k, v in params.items()}
            super().__init__(template.format(**english))

    def to_json(self) -> dict[str, Any]:
        """The reason as the wire carries it: ``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


class IllegalMove(GameNightError):
    """A move the rules do not allow (or a malformed move); the state is unchanged."""


class BadOptions(GameNightError):
    """Game options that are out of range, of the wrong type or unknown."""


class BadMessage(GameNightError):
    """A peer message, pasted code, link or saved file that does not parse."""
