"""The built site with the ``gamenight`` package of another git revision: benches compare the code before
and after a change side by side, in one run, under the same load.

``site_at(rev)`` copies ``_site/`` and replaces its package archive (``py/gamenight.zip``) by the package
of ``rev`` (the compiled word catalogues stay today's: they are built, not kept in git). Everything else
— the page, Pyodide, the vendored libraries — is today's, so only the Python code differs. The copy's
service worker would refuse the changed archive (its precache list holds today's hashes): open the
copy in a browser context with service workers blocked. ``package_at(rev)`` is the package's source
tree alone, for CPython (``PYTHONPATH``).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_at(rev: str) -> Path:
    """A temporary folder whose ``py/`` holds the ``gamenight`` package of git revision ``rev``."""
    tree = Path(tempfile.mkdtemp(prefix="gnc-rev-"))
    archive = subprocess.run(["git", "archive", rev, "py/gamenight"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    locale = ROOT / "py" / "gamenight" / "locale"
    if locale.exists():
        shutil.copytree(locale, tree / "py" / "gamenight" / "locale", dirs_exist_ok=True)
    return tree


def site_at(rev: str) -> Path:
    """A temporary copy of ``_site/`` running the package of ``rev`` (remove its parent when done)."""
    from tools.build_site import ARCHIVE, package_archive

    tree = package_at(rev)
    site = tree / "site"
    shutil.copytree(ROOT / "_site", site)
    package_archive(tree / "py", site / "py" / ARCHIVE)
    return site
