"""No merge leaves its conflict markers behind (two did, in a README and a rules page, unnoticed)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.MULTILINE)
PLACES = ("README.md", "index.html", "Makefile", "pyproject.toml", "docs", "py", "tests", "css", "tools", "bench")
SUFFIXES = {".md", ".py", ".css", ".html", ".toml", ".mjs", ".js", ".json", ".po", ""}


def files() -> list[Path]:
    found: list[Path] = []
    for place in PLACES:
        path = ROOT / place
        found += [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES]
    return [p for p in found if "__pycache__" not in p.parts]


def test_no_file_holds_a_merge_conflict_marker():
    assert len(files()) > 100
    marked = [
        str(p.relative_to(ROOT)) for p in files() if MARKER.search(p.read_text(encoding="utf-8", errors="replace"))
    ]
    assert marked == []
