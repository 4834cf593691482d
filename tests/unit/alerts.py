"""What a screen reader hears from a screen's live regions that take turns (``ui.live.alerts``), for the
screens' tests."""

from __future__ import annotations

from itertools import pairwise

from gamenight.ui.svg import Element, find_all, text_of

Regions = list[tuple[str | None, str]]


def regions(tree: Element, *, polite: bool = False) -> Regions:
    """The alert regions (or the ``polite`` live regions) of a drawn tree as (id, text), in the page's order."""
    live = (lambda e: e.attr("aria-live") == "polite") if polite else (lambda e: e.attr("role") == "alert")
    return [(e.attr("id"), text_of(e)) for e in find_all(tree, live)]


def said_in_turns(drawn: list[Regions], name: str) -> str:
    """The one text that drawings after the same saying again and again said, once checked that each drew
    the two regions ``{name}-0`` and ``{name}-1`` with one speaking, never the one that spoke just before
    (so each drawing changes the page in a way a screen reader announces)."""
    heard = []
    for every in drawn:
        # Other pairs drawn beside (a board's and the match screen's, each drawn empty while silent) aside.
        drawing = [(rid, text) for rid, text in every if rid in (f"{name}-0", f"{name}-1")]
        assert [rid for rid, _text in drawing] == [f"{name}-0", f"{name}-1"], every
        spoken = [(rid, text) for rid, text in drawing if text]
        assert len(spoken) == 1, drawing
        heard.append(spoken[0])
    assert all(a[0] != b[0] for a, b in pairwise(heard)), f"the same region said it again: {heard}"
    assert len({text for _rid, text in heard}) == 1 and heard[0][1], heard
    return heard[0][1]


def _live(e: Element) -> bool:
    return e.attr("aria-live") in ("polite", "assertive") or e.attr("role") in ("alert", "status")


def heard(drawings: list[Element], *, known: bool = False) -> list[str]:
    """What a screen reader says over successive drawings of a screen: each live region's (``aria-live``,
    ``role=alert|status``, by id) new words, in the page's order, drawing after drawing. A region that comes
    with words it was not drawn empty with before is no region a reader knows (its words are not announced):
    the drawing fails the test, the first drawing's included unless its regions are ``known`` (a page drawn
    long before: what it says then is not asked)."""
    said: list[str] = []
    before: dict[str, str] = {}
    for k, tree in enumerate(drawings):
        now = {}
        for n, e in enumerate(find_all(tree, _live)):
            # By id; one with none by its tag and class and its place among the regions.
            rid = e.attr("id") or f"{e.tag}.{e.attr('class')}#{n}"
            words = text_of(e)
            if rid not in before and not (known and k == 0):
                assert not words, f"drawing {k}: the region {rid} came with its words, unheard: {words!r}"
            elif k and words and words != before.get(rid):
                said.append(words)
            now[rid] = words
        before = now
    return said
