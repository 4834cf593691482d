"""The error types of untrusted input. Each carries a sentence a player can read."""


class GameNightError(ValueError):
    """Base of every expected, player-facing error. ``str(err)`` is the readable reason."""


class IllegalMove(GameNightError):
    """A move the rules do not allow (or a malformed move); the state is unchanged."""


class BadOptions(GameNightError):
    """Game options that are out of range, of the wrong type or unknown."""


class BadMessage(GameNightError):
    """A peer message, pasted code, link or saved file that does not parse."""
