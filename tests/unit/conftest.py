"""Every unit test runs with strict reasons: a refusal raised with a code no module registered fails at
once (``core.errors.STRICT``), so the fuzz and property suites also check that every reason that can be
raised has its words."""

import pytest

from gamenight import i18n
from gamenight.core import errors


@pytest.fixture(autouse=True, scope="session")
def strict_reasons():
    errors.STRICT = True
    yield
    errors.STRICT = False


@pytest.fixture(autouse=True)
def english_after():
    """A test that switches the language (``i18n.set_language("ja")``) leaves the next test in English."""
    yield
    i18n.set_language(i18n.DEFAULT)
