"""JSON at the edges: canonical encoding, size-capped decoding, and typed field readers.

The readers turn untrusted dicts into checked values and raise the caller's error type
(``IllegalMove``, ``BadOptions``, ``BadMessage``) with a sentence naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from gamenight.core.errors import BadMessage, GameNightError

T = TypeVar("T")
_MISSING: Any = object()


def dumps(value: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, UTF-8 text. Equal values give equal strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def loads(data: str | bytes, max_bytes: int = 65536) -> Any:
    """Parse untrusted JSON text of at most ``max_bytes``; raises ``BadMessage``."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise BadMessage("the text is not valid UTF-8") from None
    if len(data) > max_bytes:
        raise BadMessage(f"too large: {len(data)} bytes, the limit is {max_bytes}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadMessage("the text is not valid UTF-8") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as err:
        raise BadMessage(f"not valid JSON ({err.__class__.__name__})") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def obj(value: Any, what: str, error: type[GameNightError]) -> Mapping[str, Any]:
    """``value`` as a JSON object, else ``error``."""
    if not isinstance(value, Mapping):
        raise error(f"{what} must be an object")
    return value


def only_keys(value: Mapping[str, Any], allowed: Collection[str], what: str, error: type[GameNightError]) -> None:
    """Reject keys outside ``allowed`` (so typos and smuggled fields fail loudly)."""
    extra = sorted(str(k) for k in value if k not in allowed)
    if extra:
        raise error(f"{what} has unknown field {extra[0]!r}")


def get_int(
    value: Mapping[str, Any],
    key: str,
    error: type[GameNightError],
    lo: int | None = None,
    hi: int | None = None,
    default: int = _MISSING,
) -> int:
    """An integer field (booleans are not integers here), optionally within ``lo..hi``."""
    raw = value.get(key, default)
    if raw is _MISSING:
        raise error(f"{key!r} is missing")
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise error(f"{key!r} must be a whole number")
    if (lo is not None and raw < lo) or (hi is not None and raw > hi):
        if hi is None:  # "between 0 and None" is no sentence
            raise error(f"{key!r} must be at least {lo}, not {raw}")
        if lo is None:
            raise error(f"{key!r} must be at most {hi}, not {raw}")
        raise error(f"{key!r} must be between {lo} and {hi}, not {raw}")
    return raw


def get_str(
    value: Mapping[str, Any],
    key: str,
    error: type[GameNightError],
    max_len: int = 1000,
    default: str = _MISSING,
) -> str:
    """A string field of at most ``max_len`` characters."""
    raw = value.get(key, default)
    if raw is _MISSING:
        raise error(f"{key!r} is missing")
    if not isinstance(raw, str):
        raise error(f"{key!r} must be text")
    if len(raw) > max_len:
        raise error(f"{key!r} is longer than {max_len} characters")
    return raw


def get_bool(value: Mapping[str, Any], key: str, error: type[GameNightError], default: bool = _MISSING) -> bool:
    """A boolean field."""
    raw = value.get(key, default)
    if raw is _MISSING:
        raise error(f"{key!r} is missing")
    if not isinstance(raw, bool):
        raise error(f"{key!r} must be true or false")
    return raw


def get_choice(
    value: Mapping[str, Any],
    key: str,
    choices: Collection[T],
    error: type[GameNightError],
    default: T = _MISSING,
) -> T:
    """A field whose value must be one of ``choices``."""
    raw = value.get(key, default)
    if raw is _MISSING:
        raise error(f"{key!r} is missing")
    if isinstance(raw, bool) or raw not in choices:
        shown = ", ".join(repr(c) for c in choices)
        raise error(f"{key!r} must be one of {shown}")
    return raw


def get_cell(value: Mapping[str, Any], key: str, error: type[GameNightError]) -> tuple[int, int]:
    """A ``[row, col]`` field as a tuple of two integers (bounds are the game's to check)."""
    raw = value.get(key, _MISSING)
    if raw is _MISSING:
        raise error(f"{key!r} is missing")
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in raw)
    ):
        raise error(f"{key!r} must be a [row, column] pair of whole numbers")
    return (raw[0], raw[1])
