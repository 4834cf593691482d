"""Another version (a git ref: ``main``, a commit) to benchmark side by side with this checkout.

``site_of(ref)`` exports the ref's files with ``git archive`` into a scratch folder, borrows this
checkout's ``vendor/`` and ``node_modules/`` (pinned: the same runtime and libraries) and builds its
``_site`` with that version's own tools (word catalogues, then ``tools/build_site.py``). The browser
benches take ``--against REF`` / ``--before REV`` and alternate their inputs between this checkout's
``_site`` and the ref's, in one browser run. ``package_of(ref)`` is the ref's Python package alone, for
CPython (``PYTHONPATH``). Both live in temporary folders removed when the process ends.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _export(ref: str, *paths: str) -> Path:
    """``paths`` (everything if none) of ``ref`` in a temporary folder removed when the process ends."""
    work = Path(tempfile.mkdtemp(prefix="gnc-baseline-"))
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, *paths], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive.stdout, check=True)
    return work


def site_of(ref: str) -> Path:
    """The built ``_site`` of ``ref``."""
    work = _export(ref)
    for name in ("vendor", "node_modules"):
        (work / name).symlink_to(ROOT / name)
    if (work / "tools" / "catalogues.py").exists():  # compiled catalogues are built, not kept in git
        subprocess.run([sys.executable, str(work / "tools" / "catalogues.py")], cwd=work, check=True)
    subprocess.run([sys.executable, str(work / "tools" / "build_site.py")], cwd=work, check=True)
    return work / "_site"


def package_of(ref: str) -> Path:
    """A temporary folder whose ``py/`` holds the ``gamenight`` package of ``ref`` (with this checkout's
    compiled catalogues, which git does not keep)."""
    work = _export(ref, "py/gamenight")
    locale = ROOT / "py" / "gamenight" / "locale"
    if locale.exists():
        shutil.copytree(locale, work / "py" / "gamenight" / "locale", dirs_exist_ok=True)
    return work


def sites_to_compare(description: str) -> tuple[argparse.Namespace, dict[str, Path]]:
    """The command line of a browser bench (``--against REF``, ``--rounds N``) and the built sites it
    measures: this checkout's ``_site`` ("this build") and, with ``--against``, that ref's."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--against", metavar="REF", help="a git ref whose build is measured side by side")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    sites = {"this build": ROOT / "_site"}
    if not (sites["this build"] / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    if args.against:
        sites[args.against] = site_of(args.against)
    return args, sites
