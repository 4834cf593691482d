"""Every unit test runs with strict reasons: a refusal raised with a code no module registered fails at
once (``core.errors.STRICT``), so the fuzz and property suites also check that every reason that can be
raised has its words."""

import json
import random

import pytest

from gamenight import i18n
from gamenight.core import errors


@pytest.fixture(autouse=True, scope="session")
def strict_reasons():
    errors.STRICT = True
    yield
    errors.STRICT = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--deal-seed",
        type=int,
        default=None,
        metavar="N",
        help="deal every new table and lobby match from random.Random(N), not from the test's fixed clock or "
        "the system's randomness: a test that holds only on the deal it happens to get fails on another "
        "(docs/testing.md)",
    )


@pytest.fixture(autouse=True)
def deal_seed(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--deal-seed N``, the seeds a table's New match (``fresh_seed(Random(now))``) and a lobby's Start
    (the system's randomness) draw come from ``Random(N)``, afresh in each test."""
    seed = request.config.getoption("--deal-seed")
    if seed is None:
        return
    from gamenight.core.rng import MAX_SEED  # imported only when asked: mutmut wants no import at collection
    from gamenight.lobby import session
    from gamenight.ui import table

    source = random.Random(seed)

    def fresh_seed(_source: random.Random | None = None) -> int:
        return source.randrange(MAX_SEED + 1)

    monkeypatch.setattr(session, "fresh_seed", fresh_seed)
    monkeypatch.setattr(table, "fresh_seed", fresh_seed)


@pytest.fixture(autouse=True)
def english_after():
    """A test that switches the language (``i18n.set_language("ja")``) leaves the next test in English."""
    yield
    i18n.set_language(i18n.DEFAULT)


# The deepest nesting Pyodide's JSON parser was seen to survive in Chromium was 3000 levels; 10000 overflowed
# the browser's stack, a fatal error that stops the whole app and that no ``except`` catches. CPython raises
# RecursionError instead, so a unit test asks for ``browser_json`` to parse as the browser does.
BROWSER_JSON_DEPTH = 1000


class StackOverflow(BaseException):
    """Pyodide's fatal error, as the page meets it: nothing catches it, and the app is gone."""


def nesting(text: str) -> int:
    """How deep ``text`` nests arrays and objects, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


@pytest.fixture
def browser_json(monkeypatch):
    """``json.loads`` dies as the browser's does on text nested deeper than it can parse."""
    real = json.loads

    def loads(text, *args, **kwargs):
        plain = text.decode("utf-8", "replace") if isinstance(text, bytes | bytearray) else text
        if nesting(plain) > BROWSER_JSON_DEPTH:
            raise StackOverflow("Maximum call stack size exceeded")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
