"""Browser entry point: start the app shell on the page."""

from gamenight.net import rtc
from gamenight.ui import dom

dom.boot_progress(95, "Starting the app…")
rtc.install()  # before the shell starts: the first screen may already ask for WebRTC
shell = dom.Shell("app")
dom.show_app()
