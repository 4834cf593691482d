"""How this project starts headless Chromium, shared by the end-to-end tests and the benchmarks."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def chromium_path() -> str | None:
    """The Chromium to drive: ``$CHROMIUM``, Debian's, or ``None`` for Playwright's own build."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def launch_args() -> dict:
    """Keyword arguments for ``playwright.chromium.launch``."""
    args = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
    if os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    # WebRTC host candidates must be real addresses, not mDNS names another context cannot resolve.
    args.append("--disable-features=WebRtcHideLocalIpsWithMdns")
    launch: dict = {"args": args}
    path = chromium_path()
    if path:
        launch["executable_path"] = path
    return launch
