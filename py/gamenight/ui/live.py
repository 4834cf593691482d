"""Live regions that say the same words twice.

The page is morphed, not rebuilt (index.html): the same words set again in a live region leave it as it
was, and a screen reader says nothing. So a screen draws two regions together that speak by turns: the
one that spoke is emptied and the other filled, a change announced every time. Which one speaks is the
parity of a count the screen keeps of its sayings (a board's refusals, the solo screen's news).

A region that comes onto the page already holding its words is not announced either: the shell shows every
drawing through ``settled``, which holds a new region's words back until a screen reader knows the region.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from gamenight.ui.svg import Child, Element, Memo, h, text_of

M = TypeVar("M")  # a screen's model
_HIDDEN = "visually-hidden"  # what only assistive technology gets (css/app.css): an empty region takes no room


def alerts(
    said: Child,
    count: int,
    classes: str,
    name: str,
    *,
    polite: bool = False,
    status: bool = False,
    tag: str = "p",
    settle: bool = False,
) -> list[Element]:
    """``said`` (a text, or the paragraphs of a ``tag="div"``) said in one of two regions drawn together,
    ``{name}-0`` and ``{name}-1``, by turns saying after saying (``count``: the sayings so far), the other
    one empty and visually hidden, so it takes no room. Alerts (``role=alert``: a board's refusal, a
    form's error, said at once), ``polite`` ones (news said when the reader is free), or ``status`` ones
    (``role=status``: polite and read whole, a table's word on its match). With nothing to say (``said`` empty)
    both are visually hidden, whatever ``classes`` the words would have: no empty box, no room taken, and no
    caller writes "classes if words else hidden" by hand. ``settle``: the pair may come onto the page with
    its words (a whole screen's error line: the join screen's problem, a rename form's), and both carry the
    ``SETTLE`` mark, so the shell holds the words back until the region is one a screen reader knows
    (``settled``); a pair drawn empty first says its words at once all the same."""
    speaking = count % 2
    if not said:
        classes = _HIDDEN
    # A polite region is atomic, as a status or an alert is by its role: a saying's line may hold no-break
    # spans (a name), and the reader is handed the whole line, not a changed span at a time.
    live = (
        {"aria-live": "polite", "aria-atomic": "true"}
        if polite
        else {"role": "status"}
        if status
        else {"role": "alert"}
    )
    drawn = {"class": classes} if classes else {}  # no empty ``class=""`` on a region with no classes
    marked = {SETTLE: True} if settle else {}
    return [
        h(tag, {**drawn, **live, "id": f"{name}-{i}", **marked}, said)
        if i == speaking
        else h(tag, {"class": _HIDDEN, **live, "id": f"{name}-{i}", **marked})
        for i in (0, 1)
    ]


def new_note(before: Any, after: Any) -> bool:
    """Whether an input gave a board its standing note ``after`` (from ``before``): a refusal given is a new
    value each time, even the same words again, and a note kept is the same object. Each one given counts
    once in the board's refusals, so ``alerts`` says it again."""
    return after is not None and after is not before


def new_notes(before: M, after: M, notes: Callable[[M], tuple[object, ...]]) -> int:
    """How many notes an input gave a screen whose model (``before``, then ``after``) holds several, read
    from it by ``notes`` (a form's error, another form's; a function, not field names, so a type checker
    sees a misspelt one): each counted as ``new_note`` counts a board's one, so the screen adds them to its
    count and ``alerts`` says each again."""
    return sum(new_note(was, now) for was, now in zip(notes(before), notes(after), strict=True))


def said_again(counts: Mapping[str, int], before: Mapping[str, str], after: Mapping[str, str]) -> Mapping[str, int]:
    """The sayings so far of a screen's lines drawn by ``alerts`` that come and go with what a screen shows
    (a lobby's "taking longer" notice, its note of who waits for a seat), after an update: ``before`` and
    ``after`` hold each line's words as drawn before and after it ("" for a line that says nothing). A line
    that says something it did not say just before counts once more: the same words back after they went
    are said in the other region, a change a screen reader announces (drawn afresh, a region need not be).
    ``counts`` itself when nothing counts, so a screen keeps its model."""
    grown = {name: counts.get(name, 0) + 1 for name, words in after.items() if words and words != before.get(name, "")}
    return {**counts, **grown} if grown else counts


def region(said: Child, name: str, classes: str, *, alert: bool = False) -> Element:
    """A status line (``role=status``, or ``alert``) drawn whether or not it says anything, ``said`` in it or
    nothing, empty and visually hidden (no room taken). A region that comes into the page with its words is
    not announced: one that comes with a new part of a screen (an invitation's card) is drawn empty first and
    its words come in a later drawing, a change a screen reader hears. The id ``name`` lets the morph keep the
    element as its words change."""
    live = {"role": "alert" if alert else "status", "id": name}
    if not said:
        return h("p", {"class": _HIDDEN, **live})
    return h("p", {"class": classes, **live} if classes else live, said)


# How long a live region stays on the page, empty, before words go into it (``settled``). Chromium hands a
# screen reader its page's changes in batches, 150 ms apart once a page has loaded (350 before): a region
# added and filled within one batch reaches it as a new region holding its words, which is not announced.
SETTLE_MS = 400
# The mark of a region that may come onto the page with its words (a whole screen's: the match's news as the
# match screen comes, a guest's farewell, the error line of a screen that comes because of the error: ``alerts``'
# ``settle``), and is held back by ``settled``. Only those: a screen draws its other
# regions empty before their words (``region``, ``alerts``), and one held back would be missed by what the page
# does with it as it comes (scrolled into the window, ``ShowInWindow``; the lobby's refusal was).
SETTLE = "data-settle"
KNOWN = -(10**15)  # when a region first drawn empty came (``settled``): long enough ago to say anything at once


def settled(
    tree: Element, since: Mapping[str, int], now: int, drawn_at: int | None = None
) -> tuple[Element, dict[str, int], int | None]:
    """``tree`` as the page may show it at ``now``, for the shell (``ui.dom``): ``since`` holds when each live
    region with an id and the ``SETTLE`` mark was first drawn (ms). Such a region new on the page (the match
    screen's news as that screen takes the lobby's place, a reloaded page's, a guest's farewell) is drawn empty
    and visually hidden, as a region with nothing to say is (``region``), until it has been there
    ``SETTLE_MS``; then its words go into
    the region a screen reader knows, and are announced. A new region is noted at ``drawn_at`` (``now`` if not
    given): the shell passes as ``now`` the time its task on the page began, and the clock as ``drawn_at``, so
    a region drawn in a task never speaks in that task, however long it runs (on a loaded machine the browser
    step saw the region reach the page with its words: two drawings of one task can be more than ``SETTLE_MS``
    apart). A region first drawn empty is known at once: words put into it later are said as they come.
    Returns the tree, the times of the regions it holds (one gone from the page is new again when it
    comes back), and when to draw again (``None``: nothing held back). A region is known by its id: one with none
    cannot be told from a new one, and is left as drawn."""
    times: dict[str, int] = {}
    wake: list[int] = []
    drawn = now if drawn_at is None else drawn_at

    # Run at every drawing over the whole page, so kept cheap: one loop over each element's attributes and
    # children, and new elements only on the path to a region held back (most drawings hold none and return
    # ``tree`` itself). Asking ``attr`` of each element, then rebuilding and comparing each one's children,
    # took three to four times as long (a four-player Raythread match screen, in CPython).
    def shown(node: Element) -> Element:
        for key, value in node.attrs:
            if key != SETTLE:
                continue
            name = node.attr("id")
            if value and name and _speaks(node):
                said = bool(text_of(node).strip())
                # A region first drawn empty is one the reader knows: its first words are said at once (a
                # refusal put into a region drawn since its screen came: held back, it was hidden when the page
                # scrolled it into the window). Not "once its task is over": the page takes a tap before the
                # zero timeout that ends the shell's task (``ui.dom``), so a tap's drawing could read the task
                # time of the drawing before.
                first = times[str(name)] = since.get(str(name), drawn if said else KNOWN)
                if now - first < SETTLE_MS and said:
                    wake.append(first + SETTLE_MS)
                    attrs = tuple((k, v) for k, v in node.attrs if k != "class")
                    return Element(node.tag, (("class", _HIDDEN), *attrs))
            break  # the mark's first value counts, as ``attr`` reads it
        children: list[Element | str] | None = None
        for i, child in enumerate(node.children):
            # Not into a memo (a board's cells: the same object each frame, which the page keeps) nor an SVG.
            if isinstance(child, (str, Memo)) or child.tag == "svg":
                continue
            new = shown(child)
            if new is not child:
                if children is None:
                    children = list(node.children)
                children[i] = new
        return node if children is None else Element(node.tag, node.attrs, tuple(children))

    page = tree if isinstance(tree, Memo) or tree.tag == "svg" else shown(tree)
    return page, times, min(wake, default=None)


def _speaks(node: Element) -> bool:
    """Whether ``node`` is a live region: a status, an alert, a log, or ``aria-live`` other than "off"."""
    live = node.attr("aria-live")
    return node.attr("role") in ("status", "alert", "log") or (live is not None and live != "off")
