"""Build ``_site/``: exactly the files GitHub Pages serves, and what the end-to-end tests load.

The ``gamenight`` package ships as one archive (``py/gamenight.zip``: one request instead of ~60, see
docs/performance.md) that PyScript writes into the interpreter's working folder as it is, and
``py/main.py`` imports the package from it (zipimport: nothing to unpack at start); the PyScript config
is generated here, so a new module can never be missing. Its modules are compiled by Pyodide's own
interpreter (``tools/precompile.mjs``, as the standard library is): the page never compiles them.
The PNG icons are rendered from ``icons/icon.svg`` (``tools/icons.mjs``), and the service worker
(``sw.js``) gets the list of every file of the site with its content hash (Workbox's precache
manifest), so a new build is a new service worker and offline play always matches what is deployed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``tools`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import catalogues, vendor

ROOT = Path(__file__).resolve().parent.parent
STATIC = ("index.html", "manifest.webmanifest", "css", "vendor")
ARCHIVE = "gamenight.zip"  # the package's modules and catalogues, in py/
# Where the page imports it from: PyScript's working folder (py/main.py puts it on Python's path).
IMPORTED_FROM = f"/home/pyodide/{ARCHIVE}"
# What the start page imports (tests/unit/ui/test_settings.py pins the list): the build saves the
# methods their dataclasses generate at import, compiled, so the page does not compile them either.
START_MODULES = ("gamenight.ui.app",)
SERVICE_WORKER = "sw.js"
# Never precached: the worker itself (the browser fetches it to look for updates) and Pages' marker.
NOT_PRECACHED = {SERVICE_WORKER, ".nojekyll"}
# The worker's importScripts call (Workbox): written into the built worker, see ``inline_imports``.
IMPORT_SCRIPTS = re.compile(r"^importScripts\(([^)]*)\);\n", re.MULTILINE)
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.MULTILINE)


def python_files(py_root: Path) -> list[str]:
    """Every module of the ``gamenight`` package, as paths relative to ``py_root``, sorted."""
    return sorted(p.relative_to(py_root).as_posix() for p in (py_root / "gamenight").rglob("*.py"))


def catalogue_files(py_root: Path) -> list[str]:
    """The compiled gettext catalogues (``gamenight/locale/<lang>/LC_MESSAGES/*.mo``), relative to ``py_root``."""
    return sorted(p.relative_to(py_root).as_posix() for p in (py_root / "gamenight" / "locale").rglob("*.mo"))


def package_archive(py_root: Path, dest: Path) -> list[str]:
    """Zip every module and catalogue of the package (``python_files`` + ``catalogue_files``) into
    ``dest``, reproducibly: sorted, fixed timestamps and modes, so the same sources give the same bytes
    and an unchanged package keeps its content hash (no needless update for the service worker)."""
    names = python_files(py_root) + catalogue_files(py_root)
    with zipfile.ZipFile(dest, "w") as archive:
        for name in names:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, (py_root / name).read_bytes(), compresslevel=9)
    return names


def precompile_package(archive: Path) -> None:
    """Replace the sources in ``archive`` by the same modules compiled for the page (Pyodide under Node)."""
    vendor.precompile(archive, where=IMPORTED_FROM, modules=START_MODULES)


def pyscript_config(base: dict, wheels: list[str] = ()) -> dict:
    """``base`` plus a ``files`` map: the package archive into the interpreter's working dir and each
    vendored wheel (file names in ``vendor/wheels/``) into its ``wheels/`` folder, all unopened (no
    destination ending in ``/*``, which would make PyScript unpack them): Python imports from the zips."""
    files = {f"./py/{ARCHIVE}": f"./{ARCHIVE}"}
    files.update({f"./vendor/wheels/{name}": f"./wheels/{name}" for name in wheels})
    return {**base, "files": files}


def vendored_wheels(vendor_root: Path) -> list[str]:
    """The wheel files in ``vendor_root/wheels``, sorted."""
    return sorted(p.name for p in (vendor_root / "wheels").glob("*.whl"))


def precache_manifest(site: Path) -> list[dict[str, str]]:
    """Workbox's precache list for ``site``: every file (but ``NOT_PRECACHED``) as a relative URL, with
    its content hash as the revision and a subresource ``integrity`` so a torn download is refused."""
    entries = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in NOT_PRECACHED:
            continue
        digest = hashlib.sha256(path.read_bytes()).digest()
        integrity = "sha256-" + base64.b64encode(digest).decode()
        entries.append({"url": f"./{rel}", "revision": digest.hex()[:16], "integrity": integrity})
    return entries


def build_id(manifest: list[dict[str, str]]) -> str:
    """The build's version: a hash of its precache manifest (changes whenever any file does)."""
    return hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:12]


def worker_imports(template: str) -> list[str]:
    """The scripts (relative URLs) the worker's ``importScripts`` call names, in order."""
    match = IMPORT_SCRIPTS.search(template)
    return re.findall(r'"([^"]+)"', match[1]) if match else []


def inline_imports(template: str, root: Path) -> str:
    """The worker with its ``importScripts`` call replaced by the scripts themselves (read from
    ``root``, where ``vendor/`` is). The browser's look for a new version fetches the worker *and*
    compares every script it imports, downloading each one the HTTP cache lacks (a warm start once
    fetched workbox-core.prod.js again, docs/performance.md): a self-contained worker is one request.
    importScripts runs each script in the worker's global scope, in order, as the concatenation does."""
    parts = []
    for url in worker_imports(template):
        source = SOURCE_MAP.sub("", (root / url).read_text()).rstrip()
        parts.append(f"// {url} (vendored, pinned: tools/vendor.py)\n{source}\n")
    return IMPORT_SCRIPTS.sub(lambda _match: "".join(parts), template, count=1)


def service_worker(template: str, manifest: list[dict[str, str]], root: Path = ROOT) -> str:
    """``sw.js`` with Workbox, the precache manifest and the build id written in."""
    if template.count("self.__WB_MANIFEST") != 1 or "__GNC_BUILD__" not in template:
        raise SystemExit("sw.js must use self.__WB_MANIFEST once and name the __GNC_BUILD__")
    listed = json.dumps(manifest, indent=1)
    worker = inline_imports(template, root)
    return worker.replace("self.__WB_MANIFEST", listed).replace("__GNC_BUILD__", build_id(manifest))


def render_icons(root: Path, out: Path) -> None:
    """``icons/icon.svg`` and the PNG icons rendered from it (``tools/icons.mjs``, needs ``npm ci``)."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(root / "icons" / "icon.svg", out / "icon.svg")
    script = Path(__file__).resolve().parent / "icons.mjs"  # resolves resvg from this repository's node_modules
    subprocess.run(["node", str(script), str(root / "icons" / "icon.svg"), str(out)], check=True)


def build(root: Path = ROOT, out: Path | None = None, compile_zip: Callable[[Path], None] = precompile_package) -> Path:
    """Write the site into ``out`` (default ``root/_site``), replacing what was there."""
    out = out or root / "_site"
    if not (root / "vendor" / "pyodide").is_dir():
        raise SystemExit("vendor/ is missing: run `make vendor` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in STATIC:
        source = root / name
        if source.is_dir():  # not vendor/.stamp (make's marker of a finished vendor step)
            shutil.copytree(source, out / name, ignore=shutil.ignore_patterns(".stamp"))
        else:
            shutil.copy2(source, out / name)
    py_out = out / "py"
    catalogues.compile_all(root / "locale", root / "py" / "gamenight" / "locale")
    py_out.mkdir()
    shutil.copy2(root / "py" / "main.py", py_out / "main.py")
    package_archive(root / "py", py_out / ARCHIVE)
    compile_zip(py_out / ARCHIVE)
    base = json.loads((root / "pyscript.json").read_text())
    config = pyscript_config(base, vendored_wheels(root / "vendor"))
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    (out / ".nojekyll").write_text("")  # GitHub Pages must not run Jekyll over the site
    render_icons(root, out / "icons")
    # Last: the worker lists every other file of the site. The Workbox scripts it carries inline are
    # not served apart (the page uses only workbox-window).
    template = (root / SERVICE_WORKER).read_text()
    for url in worker_imports(template):
        (out / url).unlink()
    (out / SERVICE_WORKER).write_text(service_worker(template, precache_manifest(out), root))
    return out


if __name__ == "__main__":
    site = build()
    count = sum(1 for p in site.rglob("*") if p.is_file())
    print(f"built {site.relative_to(ROOT)}/ ({count} files)", file=sys.stderr)
