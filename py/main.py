"""Browser entry point: start the app shell on the page."""

from gamenight.ui import dom

dom.boot_progress(95, "Starting the app…")
shell = dom.Shell("app")
dom.show_app()
