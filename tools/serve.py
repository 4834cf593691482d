"""A static file server for the built site, with the MIME types WebAssembly and ES modules need."""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from pathlib import Path
from typing import ClassVar

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".html": "text/html",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # The site is rebuilt often during development; stale caches hide changes.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("GNC_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        # A browser that closes a connection mid-answer (a page closed, a download it no longer
        # wants) is normal, not a server error: without this the tests' output shows a stray
        # "Exception occurred during processing of request".
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    """A server for ``root`` on ``host:port`` (port 0 picks a free one); call ``serve_forever``."""
    handler = functools.partial(Handler, directory=str(root))
    return Server((host, port), handler)


def serve_in_thread(root: Path, port: int = 0, host: str = "127.0.0.1") -> tuple[str, Server]:
    """Start a server in a daemon thread; returns its base URL and the server (to ``shutdown()``)."""
    server = make_server(root, port, host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://{host}:{server.server_address[1]}", server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default="_site", type=Path)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    server = make_server(args.root, args.port, args.host)
    shown = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
    print(f"Game Night Central is at http://{shown}:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)


if __name__ == "__main__":
    main()
