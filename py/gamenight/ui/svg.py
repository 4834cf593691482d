"""A tiny immutable element tree for SVG and HTML, serialised to markup in one pass.

Scenes and screens are pure functions that return these trees; ``ui/dom.py`` puts the markup on the
page in a single call, because every Python→JavaScript call through Pyodide costs far more than a
Python call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from string import Formatter
from typing import Any, Literal

from gamenight.i18n import BREAK, HELD, JOINER, NO_BREAK

AttrValue = str | int | float | bool | None

# One C-level pass per string (``str.translate``) instead of html.escape's chain of replaces: the
# renderer escapes thousands of short strings per frame.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\u2060": None, "\u200b": None})

# A catalogue marks the characters a line must never break between with a word joiner (U+2060,
# ``i18n.JOINER``) where the browser's phrase model breaks a word (Japanese "明る" / "い面", "値" / "7"),
# and the words it must never part with a no-break space (U+00A0, ``i18n.NO_BREAK``: "Bot\u00a0A\u00a0(Hard)",
# "{n}\u00a0MB"). Both marks are for the eye's line breaking only. On the page each joined run is a no-break
# span holding the plain text (no joiner, a plain space): a screen reader and copy-paste get the plain words
# (Chromium puts a U+00A0 in the accessibility tree as it is, which a braille display may show as a mark of
# its own; a pasted "明る\u2060い面" is not the word "明るい面" to a search). An attribute a reader speaks
# (an aria-label, a title: ``_SPOKEN``) is never wrapped on screen: its joiners are dropped, its no-break
# spaces are plain ones (other attributes keep a no-break space: a field's value is what was typed).
# A joined run: characters (a number or a Latin word counts as one, as a placeholder fills it: "値⁠{n}" is
# "値12" whole) with a joiner or a no-break space between each two. A long word counts by its last ``_HELD``
# characters only (``i18n.HELD``, as ``i18n.held`` joins a name's last word for ``named_seat``): a no-break
# span cannot break even where it cannot fit, and a name of one long word joined to its seat's tag
# ("WWWW…W（A）", ``core.game.named_seat``) widened a phone's page by 149 px; the rest of the word breaks as
# the page lets any word too long for its line break (``overflow-wrap``).
_HELD = HELD
_TOKEN = f"(?:[0-9A-Za-z]{{1,{_HELD}}}|[^\u2060\\s0-9A-Za-z])"
_GLUE = "[\u2060\u00a0]"
# A text node may start or end with a no-break space where an element stands beside it (a seat card's name,
# then its tag "\u00a0(A)"): the space is held with the run or the token on its side.
_JOINED = re.compile(
    f"^\u00a0{_TOKEN}(?:{_GLUE}{_TOKEN})*(?:\u00a0$)?|{_TOKEN}(?:{_GLUE}{_TOKEN})+(?:\u00a0$)?|{_TOKEN}\u00a0$"
)
# A joined run keeps what follows it without a space, so no line breaks inside "name (seat)…": the rest of a
# bracket it opened ("Player 1 (" then "A)", "ボット⁠B⁠（⁠ふ" then "つう）"), then a possessive ("'s") and a few
# marks that end a phrase (":", ",", "、", "。", "）"), never a letter or an opening bracket. The page draws a
# run as a box where it is narrow (css/app.css, ``.nobr``), and a line may break right after a box: "Player
# 1 (" / "A)", "Bot B (" / "Normal)'s". What follows those marks (a Japanese sentence, the next name) wraps
# as before: "ボットB（ふつう）、" / "次は…".
_CLOSE = re.compile("[^\\s()（）]{0,24}[)）]")
_TAIL = re.compile("(?:['’][A-Za-z]{1,2}(?![0-9A-Za-z]))?[^\\w\\s\u2060\u00a0(（「『\\[]{0,4}")
_MARKS = str.maketrans({"\u2060": None, "\u00a0": " ", "\u200b": None})  # a joined run as a reader gets it
# A break mark (``i18n.BREAK``, a compound's word boundary) outside a joined run: a line may break there.
_BREAK_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\u200b": "<wbr>"})
_SPOKEN = frozenset(
    {
        "aria-label",
        "aria-description",
        "aria-valuetext",
        "aria-roledescription",
        "aria-placeholder",
        "title",
        "alt",
        "placeholder",
    }
)
_SPOKEN_ESCAPES = str.maketrans({**_ATTR_ESCAPES, ord("\u00a0"): " "})


# Elements whose text may hold no span: in an SVG text an HTML tag ends the SVG for the browser's parser;
# an option or a text area holds text only. None of them wraps its line: their joined runs lose the joiners,
# their no-break spaces are plain ones (an SVG ``title`` is its picture's accessible name).
_TEXT_ONLY = frozenset({"text", "tspan", "title", "desc", "option", "textarea"})
_HIDDEN = "visually-hidden"  # the class of what only assistive technology gets (css/app.css)


def _opened(run: str) -> bool:
    """Whether ``run`` opens a bracket it does not close ("Player 1 (")."""
    return run.count("(") + run.count("（") > run.count(")") + run.count("）")


def _text(text: str, spans: bool = True) -> str:
    """Escaped markup for a text node; joined runs as no-break spans (``spans``), else as plain text."""
    if not spans:
        return text.translate(_MARKS).translate(_TEXT_ESCAPES)
    parts, at = [], 0
    while run := _JOINED.search(text, at):
        end = run.end()
        if _opened(run[0]) and (close := _CLOSE.match(text, end)):
            end = close.end()
        end = _TAIL.match(text, end).end()  # type: ignore[union-attr]  # it matches "" at worst
        word = text[run.start() : end].translate(_MARKS).translate(_TEXT_ESCAPES)
        parts += [text[at : run.start()].translate(_BREAK_ESCAPES), f'<span class="nobr">{word}</span>']
        at = end
    parts.append(text[at:].translate(_BREAK_ESCAPES))
    return "".join(parts).replace(JOINER, "")


# HTML elements that have no closing tag.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


@dataclass(frozen=True, slots=True)
class Element:
    """One element: a tag, its attributes in order, and its children (elements or text)."""

    tag: str
    attrs: tuple[tuple[str, AttrValue], ...] = ()
    children: tuple[Element | str, ...] = ()

    def attr(self, name: str) -> AttrValue:
        """The value of attribute ``name`` (``None`` when absent)."""
        return next((v for k, v in self.attrs if k == name), None)


# What ``h`` takes as a child: an element, text, nothing (``None`` or ``False``, so ``cond and h(...)``
# reads well), or an iterable of children, flattened.
Child = Element | str | None | Literal[False] | Iterable["Child"]


class Memo(Element):
    """An element whose markup is made once, on its first render, and reused while the object lives.

    A scene keeps the parts that do not change between frames (a board's cells for one position) as
    one ``Memo`` and puts the same object into every frame's tree, so only what changed is serialised.
    The markup carries ``data-memo``, a key of its content (of its markup, nested memos included): the
    page's morphing step leaves an element whose key has not changed as it is, without comparing its
    children (index.html, ``gncRender``), and ``render_page`` sends only a stub for it.
    """

    __slots__ = ("key", "keys", "markup", "parts", "stub")
    # Set by ``_compile`` on the first render; until then ``markup`` is empty and the others unset.
    markup: str
    key: str
    parts: tuple[str | Memo, ...]
    keys: frozenset[str]
    stub: str | None

    def __init__(self, element: Element) -> None:
        super().__init__(element.tag, element.attrs, element.children)
        object.__setattr__(self, "markup", "")


def _compile(memo: Memo) -> None:
    """Make ``memo``'s markup once: its key, its parts (text and nested memos, after ``<tag``), the
    keys of every memo in it (its own included) and its stub (an empty element with its key and id,
    marked ``data-kept``)."""
    parts: list[str | Memo] = []
    _emit(Element(memo.tag, memo.attrs, memo.children), parts)
    body = parts[1:]  # parts[0] is "<" + tag
    try:
        # Most memos hold no other: one C-level join (a memo in ``body`` raises TypeError, handled below).
        inner = "".join(body)  # type: ignore[arg-type]
        nested: list[Memo] = []
    except TypeError:
        nested = [p for p in body if not isinstance(p, str)]
        inner = "".join(p if isinstance(p, str) else p.markup for p in body)
    key = f"{hash((memo.tag, inner)) & 0xFFFFFFFFFFFF:x}"
    head = f'<{memo.tag} data-memo="{key}"'
    keys = frozenset((key,)).union(*(p.keys for p in nested))
    # The page keeps its element whole: the stub needs only what the morph matches it by (its id).
    ident = memo.attr("id")
    ident = "" if ident is None else f' id="{str(ident).translate(_ATTR_ESCAPES)}"'
    stub = None if memo.tag in _VOID else f"{head} data-kept{ident}></{memo.tag}>"
    for name, value in (
        ("markup", head + inner),
        ("key", key),
        ("parts", (head, *body)),
        ("keys", keys),
        ("stub", stub),
    ):
        object.__setattr__(memo, name, value)


# Entries a ``remember``/``keep`` cache holds before it starts afresh: a few positions' worth.
KEPT_LIMIT = 64


def remember(
    cache: dict[Hashable, tuple[tuple, Any]],
    key: Hashable,
    build: Callable[[], Any],
    pins: tuple = (),
    limit: int = KEPT_LIMIT,
) -> Any:
    """``build()``, made again only when what it is made from changes (a small cache of a few entries).

    ``key`` holds the hashable values the result depends on, ``pins`` the unhashable ones that are never
    changed in place (a state, a view's JSON, a log tuple of event dicts): those are told apart by
    identity. The cache holds the pinned objects, so their ids cannot be reused by others while an entry
    lives; past ``limit`` entries (``KEPT_LIMIT``) it starts afresh.
    """
    full = (key, tuple(map(id, pins)))
    found = cache.get(full)
    if found is not None:
        return found[1]
    if len(cache) >= limit:
        cache.clear()
    value = build()
    cache[full] = (pins, value)
    return value


def keep(
    cache: dict[Hashable, tuple[tuple, Memo]], key: Hashable, build: Callable[[], Element], pins: tuple = ()
) -> Memo:
    """``build()`` as a ``Memo``, made again only when what it is drawn from changes (``remember``:
    ``key`` e.g. a seat, the chosen tile, the language's ``i18n.generation()``; ``pins`` e.g. a view's
    JSON). While the same Memo comes back its markup is not made again, and the page's morphing step
    skips it."""
    return remember(cache, key, lambda: Memo(build()), pins)


def h(tag: str, attrs: Mapping[str, AttrValue] | None = None, *children: Child) -> Element:
    """Build an element. Children may be elements, text, or iterables of them (flattened); ``None`` is skipped."""
    return Element(tag, tuple((attrs or {}).items()), tuple(_flatten(children)))


def _flatten(children: Iterable[Child]) -> Iterable[Element | str]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Element | str):
            yield child
        else:
            yield from _flatten(child)


def render(node: Element | str) -> str:
    """Markup for ``node``: text and attribute values are escaped, ``None``/``False`` attributes omitted."""
    parts: list[str | Memo] = []
    _emit(node, parts)
    return "".join(p if isinstance(p, str) else p.markup for p in parts)


def render_page(node: Element, shown: frozenset[str]) -> tuple[str, str, frozenset[str]]:
    """Markup for the page, which holds the memos whose keys are ``shown`` (from the last render).

    Returns ``(same, markup, keys)``: ``same`` is a short form of the whole markup with a stub for every
    memo (equal strings mean equal markup, to leave an unchanged page alone); ``markup`` sends a memo
    that is on the page already as its stub — the page keeps the element it has, so it parses only what
    is new (``gncRender`` reports a stub it could not match, and the shell sends the whole markup);
    ``keys`` are the keys of the memos the page holds after this markup.
    """
    parts: list[str | Memo] = []
    _emit(node, parts)
    memos = [p for p in parts if not isinstance(p, str)]
    same = "".join(p if isinstance(p, str) else (p.stub or p.markup) for p in parts)
    if all(m.key in shown and m.stub for m in memos):
        markup = same
    else:
        out: list[str] = []
        _page_into(parts, shown, out)
        markup = "".join(out)
    return same, markup, frozenset().union(*(m.keys for m in memos))


def _page_into(parts: Iterable[str | Memo], shown: frozenset[str], out: list[str]) -> None:
    """``parts`` as the page needs them: text as it is, a memo the page holds as its stub, one that
    holds nothing the page has as its markup, and the others part by part."""
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif part.stub and part.key in shown:
            out.append(part.stub)
        elif part.keys.isdisjoint(shown):
            out.append(part.markup)
        else:
            _page_into(part.parts, shown, out)


def _emit(node: Element | str, out: list[str | Memo], seen: bool = True) -> None:
    """Append ``node``'s markup to ``out``: text, and every memo in it as the ``Memo`` itself (compiled).
    Text no eye sees (``seen`` false: inside a ``visually-hidden`` element) has no line to keep whole: its
    joined runs are plain text, no span (a live region's line stays one text node, which a reader is
    handed whole when the page's morph rewrites it; a span in it made the morph change "A) places …"
    alone, and that part was what a reader got)."""
    if isinstance(node, str):
        out.append(_text(node, seen))
        return
    if type(node) is Memo:
        if not node.markup:
            _compile(node)
        out.append(node)
        return
    out.append("<" + node.tag)
    for name, value in node.attrs:
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + name)
        elif isinstance(value, str):
            out.append(f' {name}="{value.translate(_SPOKEN_ESCAPES if name in _SPOKEN else _ATTR_ESCAPES)}"')
            if name == "class" and _HIDDEN in value:
                seen = False
        else:
            out.append(f' {name}="{_format(value)}"')
    out.append(">")
    if node.tag in _VOID:
        return
    spans = seen and node.tag not in _TEXT_ONLY
    for child in node.children:
        if type(child) is str:  # most children are text or elements: no call for plain text
            out.append(
                child.translate(_TEXT_ESCAPES)
                if JOINER not in child and NO_BREAK not in child and BREAK not in child
                else _text(child, spans)
            )
        else:
            _emit(child, out, seen)
    out.append(f"</{node.tag}>")


def _format(value: int | float) -> str:
    if isinstance(value, float):
        # Short, stable numbers keep SVG markup small and diffs readable.
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)


def find_all(node: Element | str, predicate) -> list[Element]:
    """Every element under (and including) ``node`` for which ``predicate(element)`` is true."""
    if isinstance(node, str):
        return []
    found = [node] if predicate(node) else []
    for child in node.children:
        found.extend(find_all(child, predicate))
    return found


def filled(template: str, **children: Child) -> list[Child]:
    """A translated template ("{name} · {time}") with elements in its placeholders: its text around them as
    the language's catalogue writes it (Japanese joins "Ann（1）・0:01" with no half-width space)."""
    out: list[Child] = []
    for text, name, _spec, _conversion in Formatter().parse(template):
        out.append(text)
        if name is not None:
            out.append(children[name])
    return out


def text_of(node: Element | str) -> str:
    """The concatenated text content of ``node``."""
    if isinstance(node, str):
        return node
    return "".join(text_of(child) for child in node.children)


# What makes a drawn board a control: a grid to explore, focus stops, inputs (and ``aria-*``: names and
# states for a reader).
_CONTROL = frozenset({"role", "tabindex", "data-action"})


def picture(board: Element, scope: str) -> Element:
    """``board`` (a game's board) as a picture on a page: no roles, focus stops, inputs or ARIA names
    anywhere in it, hidden from assistive technology (its figure's caption says what it shows), and each
    of its ids prefixed with ``scope`` (its ``url(#…)`` references too), so that a page may show several
    boards, and the game's own board under them, with no id twice."""
    ids = frozenset(str(e.attr("id")) for e in find_all(board, lambda e: e.attr("id") is not None))
    drawn = _pictured(board, f"{scope}-", ids)
    return Element(drawn.tag, (*drawn.attrs, ("aria-hidden", "true")), drawn.children)


def _pictured(node: Element, prefix: str, ids: frozenset[str]) -> Element:
    attrs = []
    for name, value in node.attrs:
        if name in _CONTROL or name.startswith("aria-"):
            continue
        if name == "id":
            value = f"{prefix}{value}"
        elif isinstance(value, str) and value.startswith("url(#") and value[5:-1] in ids:
            value = f"url(#{prefix}{value[5:-1]})"
        attrs.append((name, value))
    children = tuple(c if isinstance(c, str) else _pictured(c, prefix, ids) for c in node.children)
    return Element(node.tag, tuple(attrs), children)
