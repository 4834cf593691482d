"""Copy the browser runtime the page needs from node_modules/ into vendor/ (no source maps, no demos),
precompile Pyodide's standard library (``tools/precompile.mjs``: the page then never compiles it at
start-up, which halved the boot, see docs/performance.md), and fetch the pinned pure-Python wheels the
page imports (``pip download --no-deps``, hash-checked).

Run after ``npm ci``. Idempotent: vendor/ is rebuilt from scratch each time, so it always matches
package-lock.json and ``WHEELS``.
"""

from __future__ import annotations

import fnmatch
import hashlib
import shutil
import subprocess
import sys
from collections.abc import Callable
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
    # Not its core.css: it styles <py-script> elements, the editor, the terminal and the file-system
    # dialog, none of which this app uses (<script type="py"> is never displayed), and a stylesheet in
    # the head holds the first paint until it has loaded.
    (
        "node_modules/@pyscript/core/dist",
        (
            "core.js",
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
    # The DOM morphing library the shell renders with (see index.html's gncRender).
    ("node_modules/idiomorph/dist", ("idiomorph.min.js",), "idiomorph"),
    # Workbox's precaching for the service worker (sw.js imports these builds in this order), and its
    # window helper that tells the page a new version is waiting.
    ("node_modules/workbox-core/build", ("workbox-core.prod.js",), "workbox"),
    ("node_modules/workbox-routing/build", ("workbox-routing.prod.js",), "workbox"),
    ("node_modules/workbox-strategies/build", ("workbox-strategies.prod.js",), "workbox"),
    ("node_modules/workbox-precaching/build", ("workbox-precaching.prod.js",), "workbox"),
    ("node_modules/workbox-window/build", ("workbox-window.prod.mjs",), "workbox"),
)


# Pure wheels the page imports from their zip (never installed, no micropip): (requirement, file, sha256).
WHEELS = (
    (
        "segno==1.6.6",
        "segno-1.6.6-py3-none-any.whl",
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
    ),
)


def pip_download(requirement: str, dest: Path) -> None:
    """Fetch one wheel, without its dependencies, from the package index pip is configured for."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
    subprocess.run([*command, "--dest", str(dest), requirement], check=True)


def fetch_wheels(dest: Path, download: Callable[[str, Path], None] = pip_download) -> list[Path]:
    """Download each of ``WHEELS`` into ``dest`` and check its hash; returns the wheel files."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for requirement, name, sha256 in WHEELS:
        download(requirement, dest)
        path = dest / name
        if not path.is_file():
            raise SystemExit(f"pip did not fetch {name} for {requirement}")
        if hashlib.sha256(path.read_bytes()).hexdigest() != sha256:
            path.unlink()
            raise SystemExit(f"{name} does not have the pinned sha256 {sha256}: refusing it")
        written.append(path)
    return written


STDLIB = "pyodide/python_stdlib.zip"  # under vendor/


def precompile(archive: Path, where: str | None = None, modules: tuple[str, ...] = ()) -> None:
    """Replace a zip of Python sources by the same modules compiled by Pyodide's interpreter (Node);
    ``where``: the path the page imports the zip from (default: the standard library's); ``modules``:
    imported to save their dataclasses' generated methods too (``tools/precompile.mjs``)."""
    compiled = archive.with_suffix(".pyc.zip")
    script = Path(__file__).resolve().parent / "precompile.mjs"
    args = [where, *modules] if where else []
    subprocess.run(["node", str(script), str(archive), str(compiled), *args], check=True)
    compiled.replace(archive)


def vendor(
    root: Path = ROOT,
    download: Callable[[str, Path], None] = pip_download,
    compile_zip: Callable[[Path], None] = precompile,
) -> list[Path]:
    """Rebuild ``root/vendor`` from ``root/node_modules`` and ``WHEELS``; returns the files written."""
    out = root / "vendor"
    if out.exists():
        shutil.rmtree(out)
    written = []
    for package, patterns, dest in RUNTIME:
        source = root / package
        if not source.is_dir():
            raise SystemExit(f"{source} is missing: run `npm ci` first")
        (out / dest).mkdir(parents=True, exist_ok=True)
        for pattern in patterns:
            matches = sorted(p for p in source.iterdir() if fnmatch.fnmatch(p.name, pattern) and p.is_file())
            if not matches:
                raise SystemExit(f"no file matches {pattern} in {source}: has the npm package changed?")
            for path in matches:
                written.append(Path(shutil.copy2(path, out / dest / path.name)))
    compile_zip(out / STDLIB)
    return written + fetch_wheels(out / "wheels", download)


if __name__ == "__main__":
    files = vendor()
    size = sum(f.stat().st_size for f in files)
    print(f"vendored {len(files)} files, {size / 1e6:.1f} MB, into vendor/", file=sys.stderr)
