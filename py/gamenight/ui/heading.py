"""A heading of parts set side by side with the language's separator ("Light Seeker · on this device")."""

from __future__ import annotations

from collections.abc import Mapping

from gamenight import i18n
from gamenight.ui.svg import AttrValue, Element, h


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
    mark = i18n.separator()
    row = [
        h(
            "span",
            {"class": "part subtitle" if at and subtitle else "part"},
            at > 0 and h("span", {"class": "sep"}, mark),
            part,
        )
        for at, part in enumerate(filter(None, parts))
    ]
    named = {**attrs, "aria-label": i18n.plain(i18n.heading(*parts))}
    return h(tag, named, h("span", {"class": "heading-parts"}, h("span", {"class": "heading-row"}, row)))
