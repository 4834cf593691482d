"""A heading of parts set side by side with the language's separator ("Light Seeker · on this device")."""

from __future__ import annotations

from collections.abc import Mapping

from gamenight import i18n
from gamenight.ui.svg import AttrValue, Child, Element, h


def heading_parts(tag: str, attrs: Mapping[str, AttrValue], *parts: str, subtitle: bool = False) -> Element:
    """A heading (``tag``, "h1", with ``attrs``) of ``parts`` (the empty ones left out) as boxes in a wrapping
    row, each after the first opening with the separator: "Light Seeker · on this device" where they fit on one
    line, "Light Seeker" / "on this device" where they wrap, with no dot at either line's edge. On phones a
    separator held to the part before it ended a line ("Light Seeker ·" / "on this device"), and one held to the
    part after it started one ("Raythread Rally" / "· choosing seats"): each looked stray. The separator is
    drawn in its part's start padding, and the row is shifted back by that padding inside a box that clips it
    (css/app.css, ``.heading-parts``), so a part that starts a line has its separator clipped away. The
    separator stays in the text (a reader hears "Light Seeker · on this device", a pause between the parts),
    and the heading is named by its text as ``i18n.heading`` writes it: from boxes Chromium names it with a
    space around each box, "Reflection ・ ソロトレーニング" in Japanese, which writes none. ``subtitle``: the
    parts after the first are a table's subtitle, in its smaller, quieter type. ``i18n.heading`` is the same
    heading as text (a page's title, words in a live region)."""
    named = {**attrs, "aria-label": i18n.plain(i18n.heading(*parts))}
    return h(tag, named, parts_row(*parts, subtitle=subtitle))


def parts_row(*parts: Child, subtitle: bool = False, last: str = "") -> Element:
    """``parts`` (the empty ones left out) as ``heading_parts`` draws them: boxes in a wrapping row, each after
    the first opening with the separator, clipped away where it starts a line. ``last``: a class of the last
    part's box too (a status line's "keys-only" words)."""
    mark = i18n.separator()
    shown = [p for p in parts if p]
    row = [
        h(
            "span",
            {"class": _classes("part", "subtitle" if at and subtitle else "", last if at == len(shown) - 1 else "")},
            at > 0 and h("span", {"class": "sep"}, mark),
            part,
        )
        for at, part in enumerate(shown)
    ]
    return h("span", {"class": "heading-parts"}, h("span", {"class": "heading-row"}, row))


def drawn(text: Child) -> Child:
    """A status line's words as the page draws them: a line of parts (``i18n.line``) as boxes (``parts_row``),
    no separator at a line's edge ("Ann (A) to play" / "your turn" at 320 px, not "Ann (A) to play ·" /
    "your turn"); any other words as they are."""
    return parts_row(*text.parts) if isinstance(text, i18n.Line) else text


def _classes(*names: str) -> str:
    return " ".join(filter(None, names))
