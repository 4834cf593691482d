"""How this project starts headless Chromium, shared by the end-to-end tests and the benchmarks."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path


def chromium_path() -> str | None:
    """The Chromium to drive: ``$CHROMIUM``, Debian's, or ``None`` for Playwright's own build."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


# The features this project turns off. WebRTC host candidates must be real addresses, not mDNS names
# another context cannot resolve. Chromium's two allocation samplers, its in-process heap profiler (drawn
# for a few browser sessions) and GWP-ASan (drawn for about one renderer in thirty), record where a sampled
# allocation came from by walking frame pointers up the stack. Pyodide runs Python on WebAssembly's own
# stacks (JSPI); Chromium bounds that walk by the thread's stack, not by the WebAssembly one, reads past the
# top of it and the renderer dies of SIGSEGV: the "Target crashed" the suite once reran about once a run
# (docs/testing.md, "A crashed browser page"; tests/e2e/test_browser_flags.py). Neither sampler is ours to test.
DISABLED_FEATURES = ("WebRtcHideLocalIpsWithMdns", "HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc")


def playwright_disabled_features() -> list[str]:
    """The features Playwright's own ``--disable-features=…`` switch turns off, read from the installed
    Playwright's driver (``chromiumSwitches``: its ``disabledFeatures`` list), so the merged switch follows
    Playwright's version instead of a copy of its list. ``RuntimeError`` if no list is found there."""
    import playwright  # only the e2e tests and the benchmarks call this, where Playwright is installed

    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for source in (lib / "coreBundle.js", lib / "server" / "chromium" / "chromiumSwitches.js"):
        text = source.read_text(encoding="utf-8") if source.exists() else ""
        found = re.search(r"disabledFeatures = \[(.*?)\n\s*\]", text, re.S)
        if found:
            body = re.sub(r"//[^\n]*", "", found[1])
            return re.findall(r'"([^"]+)"', body)
    raise RuntimeError(f"no disabledFeatures list in Playwright's driver under {lib}")


def launch_args() -> dict:
    """Keyword arguments for ``playwright.chromium.launch``."""
    args = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
    if os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    # Chromium keeps only the last copy of a switch: a second --disable-features after Playwright's dropped
    # its whole list (chrome://version showed both; a renderer ran with ours alone). One merged switch
    # instead, in place of Playwright's (``ignore_default_args`` drops exactly its string).
    theirs = playwright_disabled_features()
    args.append("--disable-features=" + ",".join([*theirs, *DISABLED_FEATURES]))
    launch: dict = {"args": args, "ignore_default_args": ["--disable-features=" + ",".join(theirs)]}
    path = chromium_path()
    if path:
        launch["executable_path"] = path
    return launch
