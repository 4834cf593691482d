"""JSON at the edges: canonical encoding, size-capped decoding, and typed field readers.

The readers turn untrusted dicts into checked values and raise the caller's error type
(``IllegalMove``, ``BadOptions``, ``BadMessage``) with a reason naming the field: ``field`` is the key,
which a page shows as its registered label (``i18n.terms``) or else as the quoted key.

Every text that ``loads`` returns is valid Unicode: JSON may spell a lone surrogate (``"\\ud800"``), which
no UTF-8 text can hold, so it is refused here rather than failing later when the text is sent on.

Nothing nested deeper than ``MAX_DEPTH`` reaches the parser (``loads``, ``decode``): in the browser,
Pyodide's parser recurses on the page's stack, and a few thousand levels of ``[`` (a 64 KiB peer message
holds 65536) overflow it — a fatal error that no ``except`` catches and that stops the whole app.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from itertools import accumulate
from typing import Any, TypeVar

from gamenight.core.errors import BadMessage, GameNightError
from gamenight.i18n import N_, reasons, terms

reasons(
    {
        "not-utf8": N_("the text is not valid UTF-8"),
        "too-large": N_("too large: {size} bytes, the limit is {limit}"),
        "not-json": N_("not valid JSON"),
        "too-deep": N_("nests lists and objects deeper than {max} levels"),
        "lone-surrogate": N_("the text holds a broken character (a lone surrogate)"),
        "not-object": N_("{what} must be an object"),
        "unknown-field": N_("{what} has unknown field '{key}'"),
        "field-missing": N_("{field} is missing"),
        "field-not-whole": N_("{field} must be a whole number"),
        "field-range": N_("{field} must be between {lo} and {hi}, not {value}"),
        "field-at-least": N_("{field} must be at least {lo}, not {value}"),
        "field-at-most": N_("{field} must be at most {hi}, not {value}"),
        "field-not-text": N_("{field} must be text"),
        "field-too-long": N_("{field} is longer than {max} characters"),
        "field-not-bool": N_("{field} must be true or false"),
        "field-choice": N_("{field} must be one of {choices}"),
        "field-not-cell": N_("{field} must be a [row, column] pair of whole numbers"),
        "field-empty": N_("{field} is empty"),
        "field-not-list": N_("{field} must be a list"),
    }
)
terms({"options": N_("the options"), "move": N_("a move")})  # what most games' readers check

T = TypeVar("T")
MAX_DEPTH = 64  # levels of lists and objects: the app's own data nests a handful
_SURROGATES = re.compile("[\ud800-\udfff]")
# A JSON string, its brackets text: to its closing quote, or to the end as the parser reads an unclosed one.
# Possessive, and matching from every quote it is tried at, so the scan is linear whatever the text (a
# pattern that could fail there was tried again at each escaped quote: quadratic on 64 KiB of them).
_STRINGS = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
_NOT_BRACKETS = bytes(c for c in range(128) if chr(c) not in "[]{}")
_STEP = [{ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}.get(c, 0) for c in range(128)]
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
            raise BadMessage("not-utf8") from None
    if len(data) > max_bytes:
        raise BadMessage("too-large", size=len(data), limit=max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadMessage("not-utf8") from None
    if too_deep(text):
        raise BadMessage("too-deep", max=MAX_DEPTH)
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except ValueError:
        raise BadMessage("not-json") from None
    if "\\u" in text:  # only an escape can spell a lone surrogate: UTF-8 text cannot hold one
        _check_text(value)
    return value


def too_deep(text: str) -> bool:
    """Whether JSON ``text`` nests lists and objects deeper than ``MAX_DEPTH`` (brackets inside strings are
    text). Counted before parsing, at C speed: a text with few brackets is not scanned at all."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = _STRINGS.sub("", text).encode("ascii", "ignore").translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def decode(text: str) -> Any:
    """``json.loads`` for untrusted text whose readers refuse with their own reasons: ``ValueError`` for
    text that is not JSON, or nested deeper than ``MAX_DEPTH`` (see the module's doc)."""
    if too_deep(text):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    return json.loads(text)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_text(value: Any) -> None:
    """Raise ``BadMessage`` if any string (key or value) in ``value`` holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings: Any = (item,)
        elif isinstance(item, dict):
            strings = item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            continue
        else:
            continue
        for text in strings:
            if not text.isascii() and _SURROGATES.search(text):
                raise BadMessage("lone-surrogate")


def obj(value: Any, what: str, error: type[GameNightError]) -> Mapping[str, Any]:
    """``value`` as a JSON object, else ``error``."""
    if not isinstance(value, Mapping):
        raise error("not-object", what=what)
    return value


def only_keys(value: Mapping[str, Any], allowed: Collection[str], what: str, error: type[GameNightError]) -> None:
    """Reject keys outside ``allowed`` (so typos and smuggled fields fail loudly)."""
    extra = sorted(str(k) for k in value if k not in allowed)
    if extra:
        raise error("unknown-field", what=what, key=extra[0])


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
        raise error("field-missing", field=key)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise error("field-not-whole", field=key)
    if (lo is not None and raw < lo) or (hi is not None and raw > hi):
        if hi is None:  # "between 0 and None" is no sentence
            raise error("field-at-least", field=key, lo=lo, value=raw)
        if lo is None:
            raise error("field-at-most", field=key, hi=hi, value=raw)
        raise error("field-range", field=key, lo=lo, hi=hi, value=raw)
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
        raise error("field-missing", field=key)
    if not isinstance(raw, str):
        raise error("field-not-text", field=key)
    if len(raw) > max_len:
        raise error("field-too-long", field=key, max=max_len)
    return raw


def get_bool(value: Mapping[str, Any], key: str, error: type[GameNightError], default: bool = _MISSING) -> bool:
    """A boolean field."""
    raw = value.get(key, default)
    if raw is _MISSING:
        raise error("field-missing", field=key)
    if not isinstance(raw, bool):
        raise error("field-not-bool", field=key)
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
        raise error("field-missing", field=key)
    if isinstance(raw, bool) or raw not in choices:
        raise error("field-choice", field=key, choices=", ".join(repr(c) for c in choices))
    return raw


def get_cell(value: Mapping[str, Any], key: str, error: type[GameNightError]) -> tuple[int, int]:
    """A ``[row, col]`` field as a tuple of two integers (bounds are the game's to check)."""
    raw = value.get(key, _MISSING)
    if raw is _MISSING:
        raise error("field-missing", field=key)
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in raw)
    ):
        raise error("field-not-cell", field=key)
    return (raw[0], raw[1])
