"""Colour contrast of the palette, computed from the stylesheet's own colours (WCAG 2.2: 4.5:1 for text,
3:1 for graphics, focus rings and the borders that identify controls), in the light and dark themes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "css" / "app.css").read_text()


def block(selector_pattern: str, text: str = CSS) -> dict[str, str]:
    """The custom properties (``--name: #hex``) declared in the first block whose selector matches."""
    found = re.search(selector_pattern + r"\s*\{([^}]*)\}", text)
    assert found, selector_pattern
    return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", found.group(1)))


LIGHT = block(r":root")
DARK = {**LIGHT, **block(r":root", CSS[CSS.index("prefers-color-scheme: dark") :])}
SEATS = {
    name: colour
    for name, colour in re.findall(r'\[data-colour="(\w+)"\], \.seat-\w+ \{ --seat: (#[0-9a-f]{6}); \}', CSS)
}


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


TEXT, GRAPHIC = 4.5, 3.0
# (foreground, background, minimum): text and the graphics people must see, in each theme.
PAIRS = [
    ("--fg", "--bg", TEXT),
    ("--fg", "--card", TEXT),
    ("--muted", "--bg", TEXT),
    ("--muted", "--card", TEXT),
    ("--accent-fg", "--accent", TEXT),  # a primary button's label
    ("--danger", "--bg", TEXT),
    ("--danger", "--card", TEXT),
    ("--emphasis", "--bg", TEXT),  # Raythread's hint pointing at the hand, and the ring round its tiles
    ("--emphasis", "--card", TEXT),
    ("--focus", "--bg", GRAPHIC),
    ("--focus", "--card", GRAPHIC),
    ("--control-edge", "--card", GRAPHIC),
    ("--control-edge", "--bg", GRAPHIC),
    ("--board-ink", "--board-cell", TEXT),  # a beacon's number
    ("--board", "--board-ink", TEXT),  # a claimed beacon's number
    ("--ls-lit", "--ls-face", GRAPHIC),  # Light Seeker: a lit triangle on its dark face
    ("--ls-cube-edge", "--board", GRAPHIC),  # a cube's outline on the valley
    ("--ls-ink", "--board", TEXT),  # a light area's value
    ("--board-ink", "--ls-face", TEXT),  # a cube's number
]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("fg", "bg", "least"), PAIRS)
def test_theme_pairs_are_readable(theme, fg, bg, least):
    colours = LIGHT if theme == "light" else DARK
    assert contrast(colours[fg], colours[bg]) >= least, f"{fg} on {bg}: {contrast(colours[fg], colours[bg]):.2f}"


def test_every_seat_colour_shows_on_the_board():
    assert set(SEATS) == {"amber", "cyan", "magenta", "lime", "violet", "coral"}
    for name, colour in SEATS.items():
        assert contrast(colour, LIGHT["--board"]) >= GRAPHIC, f"{name}: {contrast(colour, LIGHT['--board']):.2f}"


def test_the_contrast_formula():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
