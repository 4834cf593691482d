"""Light Seeker's valley in its stylesheet's own colours (css/app.css): a cube Buh may choose told from a cube a turn
moved by lightness as well as by shape, under simulated colour-vision deficiencies; the board's own frame whole
pixels on a phone and seen on the page in both themes."""

from __future__ import annotations

import re

import pytest

from tests.unit.test_contrast import CSS, DARK, GRAPHIC, LIGHT, SEATS, contrast

# Machado, Oliveira & Fernandes 2009, severity 1.0, on linear RGB: how a colour looks to a person without one kind of
# cone (protanopia, deuteranopia, tritanopia), and as drawn.
VISION = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
# CIELAB lightness units: a cube the turn moved (brackets in the mover's seat colour) and a cube Buh may choose (the
# dashes, --ls-choosable) differ by at least this much, as each kind of vision sees them. Amber's brackets and the
# cream dashes (#ffe08a) were 18 apart under deuteranopia and tritanopia, close in hue too: told by shape alone.
LIGHTNESS_APART = 20


def _linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lightness(hex_colour: str, vision: str) -> float:
    """The CIELAB lightness L* (0 black to 100 white) of ``hex_colour`` as ``vision`` sees it."""
    rgb = _linear(hex_colour)
    seen = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in VISION[vision]]
    y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def _rule(selector: str) -> str:
    """The declarations of the last rule that starts a line with exactly ``selector``."""
    found = re.findall(r"^" + re.escape(selector) + r"\s*\{([^}]*)\}", CSS, re.M)
    assert found, selector
    return found[-1]


def test_the_lightness_formula():
    assert lightness("#ffffff", "typical") == pytest.approx(100, abs=0.1)
    assert lightness("#777777", "typical") == pytest.approx(50.0, abs=0.1)
    for vision in VISION:  # a grey stays that grey to every kind of vision
        assert lightness("#777777", vision) == pytest.approx(50.0, abs=0.5), vision


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("vision", list(VISION))
def test_a_cube_buh_may_choose_differs_in_lightness_from_every_cube_a_turn_moved(theme: str, vision: str):
    colours = LIGHT if theme == "light" else DARK
    assert "stroke: var(--ls-choosable)" in _rule(".ls-cube.ls-choosable .ls-body")
    assert "stroke: var(--seat" in _rule(".ls-brackets")
    choosable = colours["--ls-choosable"]
    assert contrast(choosable, colours["--board"]) >= GRAPHIC  # on the valley
    assert contrast(choosable, "#323b52") >= GRAPHIC  # on a cube's body (.ls-body), its stroke's other side
    for seat, colour in SEATS.items():
        apart = abs(lightness(choosable, vision) - lightness(colour, vision))
        assert apart >= LIGHTNESS_APART, f"{seat} ({colour}) and {choosable} under {vision}: {apart:.1f} apart"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_game_board_s_frame_is_whole_pixels_seen_on_the_page(theme: str):
    """The valley's field was framed by a 1.5-unit stroke of its 600-unit picture: 0.68 px on a 272 px board at 320
    px, half of it cut by the picture's edge. As the rules figures' (drawn by the same scene, under the same rule), the
    game board's frame is a stroke of whole pixels whatever the board's size, in a colour seen on the page."""
    frame = _rule(".ls-field")
    assert "vector-effect: non-scaling-stroke" in frame
    width = re.search(r"stroke-width:\s*([0-9.]+)px", frame)
    assert width and float(width[1]) >= 2, frame  # half of it inside the picture: 1 px or more
    edge = re.search(r"stroke:\s*(#[0-9a-f]{6})", frame)
    assert edge, frame
    colours = LIGHT if theme == "light" else DARK
    assert contrast(edge[1], colours["--bg"]) >= GRAPHIC, f"{edge[1]} on {colours['--bg']}"
