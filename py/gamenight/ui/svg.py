"""A tiny immutable element tree for SVG and HTML, serialised to markup in one pass.

Scenes and screens are pure functions that return these trees; ``ui/dom.py`` puts the markup on the
page in a single call, because every Python→JavaScript call through Pyodide costs far more than a
Python call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

AttrValue = str | int | float | bool | None
Child = "Element | str"

# One C-level pass per string (``str.translate``) instead of html.escape's chain of replaces: the
# renderer escapes thousands of short strings per frame.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})

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


class Memo(Element):
    """An element whose markup is made once, on its first render, and reused while the object lives.

    A scene keeps the parts that do not change between frames (a board's cells for one position) as
    one ``Memo`` and puts the same object into every frame's tree, so only what changed is serialised.
    The markup carries ``data-memo``, a key of its content: the page's morphing step leaves an element
    whose key has not changed as it is, without comparing its children (index.html, ``gncRender``).
    """

    __slots__ = ("markup",)

    def __init__(self, element: Element) -> None:
        super().__init__(element.tag, element.attrs, element.children)
        object.__setattr__(self, "markup", None)


def h(tag: str, attrs: Mapping[str, AttrValue] | None = None, *children: Element | str | Iterable) -> Element:
    """Build an element. Children may be elements, text, or iterables of them (flattened); ``None`` is skipped."""
    return Element(tag, tuple((attrs or {}).items()), tuple(_flatten(children)))


def _flatten(children: Iterable) -> Iterable[Element | str]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Element | str):
            yield child
        else:
            yield from _flatten(child)


def render(node: Element | str) -> str:
    """Markup for ``node``: text and attribute values are escaped, ``None``/``False`` attributes omitted."""
    parts: list[str] = []
    _render_into(node, parts)
    return "".join(parts)


def _render_into(node: Element | str, out: list[str]) -> None:
    if isinstance(node, str):
        out.append(node.translate(_TEXT_ESCAPES))
        return
    if type(node) is Memo:
        if node.markup is None:
            parts: list[str] = []
            _render_into(Element(node.tag, node.attrs, node.children), parts)
            markup = "".join(parts)
            key = f"{hash(markup) & 0xFFFFFFFFFFFF:x}"
            object.__setattr__(node, "markup", f'<{node.tag} data-memo="{key}"' + markup[len(node.tag) + 1 :])
        out.append(node.markup)
        return
    out.append("<" + node.tag)
    for name, value in node.attrs:
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + name)
        elif isinstance(value, str):
            out.append(f' {name}="{value.translate(_ATTR_ESCAPES)}"')
        else:
            out.append(f' {name}="{_format(value)}"')
    out.append(">")
    if node.tag in _VOID:
        return
    for child in node.children:
        _render_into(child, out)
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


def text_of(node: Element | str) -> str:
    """The concatenated text content of ``node``."""
    if isinstance(node, str):
        return node
    return "".join(text_of(child) for child in node.children)
