"""Run every benchmark: the browser boot benchmark, then each ``bench/bench_*.py`` (pure Python on CPython,
and the ``*_browser`` ones in a browser of their own)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    scripts = [HERE / "boot.py", *sorted(HERE.glob("bench_*.py"))]
    failed = []
    for script in scripts:
        print(f"\n=== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
