"""QR codes as SVG element trees, drawn from the vendored ``segno`` wheel.

The wheel is not installed: the build maps ``vendor/wheels/<wheel>`` into the interpreter's working
folder as ``wheels/<wheel>``, and Python imports straight from the zip (``zipimport``). Without the
wheel a page simply shows no QR code; links and copy buttons still work.
"""

from __future__ import annotations

import sys
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

from gamenight.ui.svg import Element, h

WHEEL = "segno-1.6.6-py3-none-any.whl"
BORDER = 4  # modules of quiet zone, as the QR standard asks


def wheel_paths() -> list[Path]:
    """Where the wheel may be: beside the page's files in the browser, in ``vendor/`` in a checkout."""
    return [Path.cwd() / "wheels" / WHEEL, Path(__file__).resolve().parents[3] / "vendor" / "wheels" / WHEEL]


@cache
def segno() -> ModuleType | None:
    """The ``segno`` module from its wheel, or ``None`` if the wheel is missing."""
    for path in wheel_paths():
        if path.is_file():
            if str(path) not in sys.path:
                sys.path.insert(0, str(path))
            # Imported from the wheel on the path above: mypy, which reads no zip, cannot find it.
            import segno as module  # type: ignore[import-not-found]

            return module
    return None


@lru_cache(maxsize=32)
def qr_code(text: str, label: str) -> Element | None:
    """An SVG QR code for ``text`` (error correction L, as small as fits), or ``None`` without segno."""
    lib = segno()
    if lib is None:
        return None
    code = lib.make(text, error="l", micro=False, boost_error=False)
    matrix = code.matrix
    size = len(matrix) + 2 * BORDER
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + BORDER} {y + BORDER}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return h(
        "svg",
        {
            "class": "qr",
            "viewBox": f"0 0 {size} {size}",
            "role": "img",
            "aria-label": label,
            "data-modules": len(matrix),
            "shape-rendering": "crispEdges",
        },
        h("rect", {"width": size, "height": size, "fill": "#fff"}),
        h("path", {"d": "".join(runs), "fill": "#000"}),
    )
