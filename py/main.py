"""Browser entry point: start the app shell on the page.

Only what the first screen needs is imported here: the WebRTC service is imported when a screen first
asks for it (``dom.SERVICES``), and screens and game rules when first shown (``gamenight.games``).
The ``gnc:`` performance marks time our part of the boot (bench/boot.py reads them).

The package is imported from its archive, which PyScript wrote into the working folder as it is
(``tools/build_site.py``): unpacking its ~70 files at every start cost more than reading the few the
first screen needs from the zip.
"""

import os
import sys

import js

js.performance.mark("gnc:main")
sys.path.insert(0, os.path.abspath("gamenight.zip"))

from gamenight.ui import dom, storage  # noqa: E402  (after the mark: their import is what we time)

js.performance.mark("gnc:imported")
dom.boot_progress(95, "Starting the app…")
# Before the shell starts: the first screen may already ask for these services.
dom.SERVICES["gamenight.net.peer"] = "gamenight.net.rtc"
dom.SERVICES["gamenight.ui.settings"] = "gamenight.ui.storage"
shell = dom.Shell("app")
storage.start(shell)
dom.show_app()
js.performance.mark("gnc:rendered")
