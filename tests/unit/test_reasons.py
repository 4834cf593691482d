"""Every reason raised anywhere in py/ is a registered code: an AST scan of the raise sites (the unit
tests' conftest also makes an unregistered code fail at run time, over the fuzz and property suites)."""

import ast
import importlib
import pkgutil
from pathlib import Path

import gamenight
from gamenight import i18n
from tests.unit.words import in_language

PY = Path(gamenight.__file__).resolve().parent
# Callables whose first argument is a reason code (BadCode's is its second: the first is a category).
FIRST = {"IllegalMove", "BadOptions", "BadMessage", "Refused", "GameNightError", "error", "Error", "Bye"}
SECOND = {"BadCode"}
BROWSER = {
    "gamenight.ui.dom",
    "gamenight.net.rtc",
    "gamenight.ui.storage",
}  # they import js: their codes are checked by the scan only


def _load_everything() -> None:
    for module in pkgutil.walk_packages([str(PY)], "gamenight."):
        if module.name not in BROWSER:
            importlib.import_module(module.name)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):  # p.Error(…), iv.BadCode(…); not zlib.error(…)
        return "" if func.attr == "error" else func.attr
    return func.id if isinstance(func, ast.Name) else ""


def literal_codes(names: frozenset[str] | None = None) -> list[tuple[str, int, str]]:
    """(file, line, code) of every reason code written as a literal at a raise or refusal site (of one of
    ``names`` only, if given)."""
    found = []
    for path in sorted(PY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if names is not None and name not in names:
                continue
            index = 0 if name in FIRST else 1 if name in SECOND else None
            if index is None or len(node.args) <= index:
                continue
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((str(path.relative_to(PY)), node.lineno, arg.value))
    return found


def test_every_literal_reason_code_is_registered():
    _load_everything()
    codes = literal_codes()
    assert len(codes) > 150  # the scan sees the raise sites
    unregistered = [site for site in codes if site[2] not in i18n.REASONS or site[2] == "text"]
    assert unregistered == []


def test_every_reason_code_of_the_browser_modules_is_registered():
    _load_everything()
    closings = ("peer-closed", "peer-failed", "peer-unusable", "peer-gone", "relay-refused")
    for peer_closed in closings:
        assert peer_closed in i18n.REASONS  # net/rtc.py reports them in PeerClosed.reason
    text = (PY / "net" / "rtc.py").read_text()
    assert all(f'"{code}"' in text for code in closings)


def test_no_sentence_is_raised_in_place_of_a_code():
    """A code is lower-case words joined by hyphens: a sentence would show spaces or capitals."""
    for path, line, code in literal_codes():
        assert code == code.lower() and " " not in code, f"{path}:{line} raises {code!r}"


def test_an_options_refusal_reads_as_a_sentence_in_english_and_japanese():
    """What an options form shows when it refuses: a capital (or a quotation) first, a full stop last; in
    Japanese 。 last. The shared field checks (``{field} must be …``, core/jsonutil.py) also answer peer
    messages and are left as they are: an options form's number fields keep their values in range."""
    _load_everything()
    codes = sorted({code for _path, _line, code in literal_codes(frozenset({"BadOptions"}))})
    own = [code for code in codes if not i18n.REASONS[code].startswith("{field}")]
    assert len(own) > 20 and "reflection-teams" in own and "raythread-empty-deck" in own
    english = {code: i18n.REASONS[code] for code in own}
    assert [c for c, t in english.items() if not (t[0].isupper() or t[0] in "{“'") or not t.endswith(".")] == []
    with in_language("ja"):
        assert [c for c, t in english.items() if not i18n._(t).endswith("。")] == []
