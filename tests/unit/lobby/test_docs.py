"""docs/protocol.md shows every message type once, and every example there parses as written."""

import re
from pathlib import Path

from gamenight import i18n
from gamenight.lobby import protocol as p
from gamenight.lobby import session  # noqa: F401  (registers the lobby's reasons)

DOC = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"


def examples() -> dict[str, tuple[str, str]]:
    """Each ``### type`` heading's first JSON example, with the section it is in."""
    found, section, heading = {}, "", None
    for block in re.split(r"^(#{2,3} .*)$", DOC.read_text(), flags=re.M):
        if block.startswith("## "):
            section = block[3:]
        elif block.startswith("### "):
            heading = block[4:].strip()
        elif heading and (code := re.search(r"```json\n(.*?)\n```", block, re.S)):
            found[heading] = (section, code.group(1))
    return found


def test_every_message_type_has_one_example_that_parses():
    shown = examples()
    assert set(shown) == set(p.TO_HOST) | set(p.TO_GUEST)
    for kind, (section, text) in shown.items():
        read = p.read_to_guest if section.startswith("Host → guest") else p.read_to_host
        assert read(text)[0].type == kind


def test_every_error_code_the_session_uses_is_listed_and_registered():
    source = (Path(p.__file__).parent / "session.py").read_text()
    used = set(re.findall(r'Refused\("([a-z-]+)"', source)) | {"flood", "request-gap"}
    codes = DOC.read_text().split("Codes:")[1].split("###")[0]
    listed = set(re.findall(r"`([a-z]+(?:-[a-z]+)+|flood|watching)`", codes))
    assert used <= listed
    assert {code for code in listed if not code.endswith("-")} <= set(i18n.REASONS)
