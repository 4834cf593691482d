"""CSS selectors over ``svg.Element`` trees, as far as the screens' ``Focus`` requests write them: a list of
alternatives (``a, b``), each compound selectors joined by descendant (space) or child (``>``)
combinators; a compound is a tag or ``*``, ``#id``, ``.class``, ``[attr]`` and ``[attr=value]`` (value
bare or quoted). Anything else raises ``ValueError``, so a test never passes on a selector it misread.

``first(root, selector)`` is ``querySelector``: the first match in document order, as the path from
``root`` down to it; ``closest(path, selector)`` is ``Element.closest``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamenight.ui.svg import Element, _format

Path = tuple[Element, ...]

_PART = re.compile(r"""#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([\w-]+)))?\]""")
_TAG = re.compile(r"\*|[a-zA-Z][\w-]*")


@dataclass(frozen=True)
class Compound:
    tag: str = ""
    id: str = ""
    classes: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str | None], ...] = ()

    def matches(self, e: Element) -> bool:
        if self.tag and self.tag != "*" and e.tag != self.tag:
            return False
        if self.id and value(e, "id") != self.id:
            return False
        if any(c not in (value(e, "class") or "").split() for c in self.classes):
            return False
        return all(value(e, name) is not None and want in (None, value(e, name)) for name, want in self.attrs)


def value(e: Element, name: str) -> str | None:
    """The attribute as the page has it (``svg`` renders ``True`` bare and leaves out ``None``/``False``)."""
    v = e.attr(name)
    if v is None or v is False:
        return None
    if v is True:
        return ""
    return v if isinstance(v, str) else _format(v)


def compound(text: str) -> Compound:
    tag = _TAG.match(text)
    at = tag.end() if tag else 0
    id_, classes, attrs = "", [], []
    while at < len(text):
        part = _PART.match(text, at)
        if part is None:
            raise ValueError(f"selector part not understood: {text[at:]!r} in {text!r}")
        hid, cls, name, dq, sq, bare = part.groups()
        if hid:
            id_ = hid
        elif cls:
            classes.append(cls)
        else:
            attrs.append((name, next((v for v in (dq, sq, bare) if v is not None), None)))
        at = part.end()
    return Compound(tag.group() if tag else "", id_, tuple(classes), tuple(attrs))


def parse(selector: str) -> list[list[tuple[str, Compound]]]:
    """Each alternative as ``(combinator, compound)`` pairs, the first combinator empty."""
    alternatives = []
    for alternative in _split(selector, ","):
        steps, combinator = [], ""
        for token in re.sub(r"\s*>\s*", " > ", alternative.strip()).split():
            if token == ">":
                combinator = ">"
                continue
            steps.append((combinator or (" " if steps else ""), compound(token)))
            combinator = ""
        if not steps:
            raise ValueError(f"empty selector in {selector!r}")
        alternatives.append(steps)
    return alternatives


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and quotes."""
    out, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


def _match(path: Path, steps: list[tuple[str, Compound]]) -> bool:
    """Whether the last element of ``path`` matches ``steps`` (its ancestors the steps before)."""
    combinator, last = steps[-1]
    if not path or not last.matches(path[-1]):
        return False
    if len(steps) == 1:
        return True
    if combinator == ">":
        return _match(path[:-1], steps[:-1])
    return any(_match(path[:k], steps[:-1]) for k in range(len(path) - 1, 0, -1))


def matches(path: Path, selector: str) -> bool:
    return any(_match(path, steps) for steps in parse(selector))


def walk(root: Element, above: Path = ()) -> list[Path]:
    """Every element under (and including) ``root``, as its path, in document order."""
    path = (*above, root)
    found = [path]
    for child in root.children:
        if not isinstance(child, str):
            found += walk(child, path)
    return found


def first(root: Element, selector: str) -> Path | None:
    alternatives = parse(selector)
    return next((p for p in walk(root) if any(_match(p, steps) for steps in alternatives)), None)


def closest(path: Path, selector: str) -> Path | None:
    alternatives = parse(selector)
    for k in range(len(path), 0, -1):
        if any(_match(path[:k], steps) for steps in alternatives):
            return path[:k]
    return None
