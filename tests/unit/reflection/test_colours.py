"""The Reflection board's colours, read from css/app.css: WCAG AA contrast in the light and dark themes.

Text needs 4.5:1 against what is behind it, graphics a player must see (clue shapes' outlines, grid
lines, the laser, notes, the hint's and the cursor's frames) 3:1. The clue fills themselves are the
Okabe–Ito colours; their outline in the text colour carries the contrast against the page.
"""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[3] / "css" / "app.css").read_text()
DARK = "@media (prefers-color-scheme: dark)"


def _blocks_after(text: str, opener: str) -> tuple[str, str]:
    """The bodies of every ``opener { … }`` block, and the text without them."""
    inside, outside, at = [], [], 0
    while (start := text.find(opener, at)) >= 0:
        outside.append(text[at:start])
        depth, i = 0, text.index("{", start)
        for j in range(i, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                inside.append(text[i + 1 : j])
                at = j + 1
                break
    outside.append(text[at:])
    return "".join(inside), "".join(outside)


def _variables(text: str) -> dict[str, str]:
    roots = "".join(re.findall(r":root\s*\{([^}]*)\}", text))
    return dict(re.findall(r"--([\w-]+)\s*:\s*(#[0-9a-fA-F]{6})", roots))


dark_text, light_text = _blocks_after(CSS, DARK)
LIGHT = _variables(light_text)
THEMES = {"light": LIGHT, "dark": {**LIGHT, **_variables(dark_text)}}


def luminance(colour: str) -> float:
    def channel(hex2: str) -> float:
        c = int(hex2, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


TEXT = [  # (foreground, background): 4.5:1
    ("rf-on-green", "rf-green"),
    ("rf-on-yellow", "rf-yellow"),
    ("rf-on-black", "rf-black"),
    ("fg", "card"),  # laser counts (with a card-coloured halo), cell and tray text
    ("muted", "bg"),
]
GRAPHICS = [  # 3:1
    ("fg", "bg"),  # every clue shape's outline, and the unmatched clues' dashed frame
    ("rf-grid", "card"),
    ("rf-laser", "card"),
    ("rf-hint", "card"),
    ("rf-hint", "bg"),
    ("focus", "card"),
    ("muted", "card"),  # notes
    ("fg", "card"),  # tiles
]


@pytest.mark.parametrize("theme", THEMES)
def test_text_and_graphics_meet_wcag_aa(theme):
    colours = THEMES[theme]
    for pairs, least in ((TEXT, 4.5), (GRAPHICS, 3.0)):
        for fore, back in pairs:
            ratio = contrast(colours[fore], colours[back])
            assert ratio >= least, f"{theme}: --{fore} on --{back} is {ratio:.2f}:1"


def test_the_clue_colours_are_okabe_ito():
    okabe_ito = {"#009e73", "#f0e442", "#000000", "#d55e00", "#0072b2", "#56b4e9", "#e69f00", "#cc79a7"}
    for name in ("rf-green", "rf-yellow", "rf-black", "rf-laser", "rf-hint"):
        for theme in THEMES.values():
            assert theme[name].lower() in okabe_ito, name


def test_the_contrast_check_can_fail():
    assert contrast("#ffffff", "#f0e442") < 3  # yellow on white: why every shape has an outline
    assert contrast("#000000", "#1c1e28") < 3  # black on the dark card: the same
