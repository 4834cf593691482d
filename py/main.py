"""Browser entry point: mount the app and follow the URL's hash."""

from gamenight.ui import dom

dom.boot_progress(95, "Starting the app…")

from gamenight.ui import app  # noqa: E402  (imported after the progress update so the bar moves first)


def show_current_route() -> None:
    route = app.parse_route(dom.location_hash())
    dom.set_title(app.title(route))
    dom.mount("app", app.screen(route))


dom.on_hash_change(show_current_route)
show_current_route()
dom.show_app()
