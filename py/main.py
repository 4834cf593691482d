"""Browser entry point: start the app shell on the page.

Only what the first screen needs is imported here: the WebRTC service is imported when a screen first
asks for it (``dom.SERVICES``), and screens and game rules when first shown (``gamenight.games``).
The ``gnc:`` performance marks time our part of the boot (bench/boot.py reads them).

The package is imported from its archive, which PyScript wrote into the working folder as it is
(``tools/build_site.py``): unpacking its ~80 files at every start cost more than reading the few the
first screen needs from the zip.
"""

import dataclasses
import marshal
import os
import sys

import js

js.performance.mark("gnc:main")
ARCHIVE = os.path.abspath("gamenight.zip")
sys.path.insert(0, ARCHIVE)

# The methods each ``@dataclass`` generates are compiled from source at import, the start's biggest
# cost once the modules themselves are precompiled: the build saved them compiled (DATACLASS_CODE,
# tools/precompile.mjs), keyed by that source, so the same class gets the same code without the
# compiler. A class the build did not see is compiled as usual.
import gamenight  # noqa: E402  (the package's empty __init__: its loader reads the archive)

try:
    SAVED = marshal.loads(gamenight.__loader__.get_data(f"{ARCHIVE}/DATACLASS_CODE"))
except (OSError, ValueError, EOFError, TypeError):  # missing or from another Python: compile as usual
    SAVED = {}
compiled = []


def saved_exec(source: str, globals: dict | None = None, locals: dict | None = None) -> None:
    if source not in SAVED:
        compiled.append(source)
    exec(SAVED.get(source, source), globals, locals)


dataclasses.exec = saved_exec
from gamenight.ui import dom, storage  # noqa: E402  (after the mark: their import is what we time)

del dataclasses.exec  # screens imported later compile their own
js.performance.mark(f"gnc:dataclasses saved={len(SAVED)} compiled={len(compiled)}")
js.performance.mark("gnc:imported")
dom.boot_progress(95, "Starting the app…")
# Before the shell starts: the first screen may already ask for these services.
dom.SERVICES["gamenight.net.peer"] = "gamenight.net.rtc"
dom.SERVICES["gamenight.ui.settings"] = "gamenight.ui.storage"
shell = dom.Shell("app")
storage.start(shell)
dom.show_app(shell)
js.performance.mark("gnc:rendered")
