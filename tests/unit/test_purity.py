"""The pure core stays pure: only the small browser modules may import ``js``, ``pyodide`` or ``pyscript``."""

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
BROWSER_MODULES = {"main.py", "gamenight/ui/dom.py", "gamenight/net/rtc.py", "gamenight/ui/storage.py"}
BROWSER_IMPORTS = {"js", "pyodide", "pyscript"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_browser_modules_import_the_browser():
    offenders = {
        path.relative_to(PY).as_posix(): sorted(imported_roots(path) & BROWSER_IMPORTS)
        for path in PY.rglob("*.py")
        if path.relative_to(PY).as_posix() not in BROWSER_MODULES and imported_roots(path) & BROWSER_IMPORTS
    }
    assert offenders == {}


def test_the_check_sees_browser_imports(tmp_path: Path):
    sample = tmp_path / "m.py"
    sample.write_text("import js\nfrom pyscript import document\nfrom .x import y\n")
    assert imported_roots(sample) == {"js", "pyscript"}
