"""The built site of another version (a git ref: ``main``, a commit), to benchmark side by side.

``site_of(ref)`` exports the ref's files with ``git archive`` into a scratch folder, borrows this
checkout's ``vendor/`` and ``node_modules/`` (pinned: the same runtime and libraries) and builds its
``_site`` with that version's own ``tools/build_site.py``. The browser benches take ``--against REF``
and alternate their inputs between this checkout's ``_site`` and the ref's, in one browser run.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def site_of(ref: str) -> Path:
    """The built ``_site`` of ``ref`` (in a temporary folder that lives until the process ends)."""
    work = Path(tempfile.mkdtemp(prefix="gnc-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    for name in ("vendor", "node_modules"):
        (work / name).symlink_to(ROOT / name)
    subprocess.run([sys.executable, str(work / "tools" / "build_site.py")], cwd=work, check=True)
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    return work / "_site"
