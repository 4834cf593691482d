"""Copy the browser runtime the page needs from node_modules/ into vendor/ (no source maps, no demos).

Run after ``npm ci``. Idempotent: vendor/ is rebuilt from scratch each time, so it always matches
package-lock.json.
"""

from __future__ import annotations

import fnmatch
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (npm package folder, files to take, destination under vendor/)
RUNTIME = (
    (
        "node_modules/pyodide",
        ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"),
        "pyodide",
    ),
    # PyScript's core and the plugin stubs it imports at start-up. The stubs pull in their heavy parts
    # (CodeMirror, xterm.js, MicroPython, TOML) only when a page uses those features; this app does not.
    (
        "node_modules/@pyscript/core/dist",
        (
            "core.js",
            "core.css",
            "core-*.js",
            "error-*.js",
            "deprecations-manager-*.js",
            "donkey-*.js",
            "py-editor-*.js",
            "py-game-*.js",
            "py-terminal-*.js",
        ),
        "pyscript",
    ),
)


def vendor(root: Path = ROOT) -> list[Path]:
    """Rebuild ``root/vendor`` from ``root/node_modules``; returns the files written."""
    out = root / "vendor"
    if out.exists():
        shutil.rmtree(out)
    written = []
    for package, patterns, dest in RUNTIME:
        source = root / package
        if not source.is_dir():
            raise SystemExit(f"{source} is missing: run `npm ci` first")
        (out / dest).mkdir(parents=True)
        for pattern in patterns:
            matches = sorted(p for p in source.iterdir() if fnmatch.fnmatch(p.name, pattern) and p.is_file())
            if not matches:
                raise SystemExit(f"no file matches {pattern} in {source}: has the npm package changed?")
            for path in matches:
                written.append(Path(shutil.copy2(path, out / dest / path.name)))
    return written


if __name__ == "__main__":
    files = vendor()
    size = sum(f.stat().st_size for f in files)
    print(f"vendored {len(files)} files, {size / 1e6:.1f} MB, into vendor/", file=sys.stderr)
