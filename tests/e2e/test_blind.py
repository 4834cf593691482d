"""Played as a blind player would: the keyboard for input, and for output only what assistive technology
gets from the page — Chromium's accessibility tree (read over CDP, ``Accessibility.getFullAXTree``: roles,
accessible names, focus, pressed states, key shortcuts) and the text of its live regions. Never the DOM's
classes, ids or data attributes.

No screen reader runs here, so this is the closest honest stand-in: a screen reader reads the same tree,
but how it words, orders and interrupts announcements is not tested (docs/accessibility.md).

- Reflection: a whole puzzle. The clues are read from the clue cells' names and checked against the
  puzzle the link makes (computed by CPython from the link's seed, which also gives the solution); the
  keys for the tiles come from the help overlay's table; every placement is confirmed by the announcement
  and by the cell's new name, and the last one by "Solved".
- Raythread Rally: a move. A cell the player may use is found by its name, the preview of a move there is
  heard before it is made, and the announcement of the move, its claim and whose turn it is follows.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from gamenight.lobby.record import Record
from gamenight.raythread import GAME, rules
from gamenight.raythread import scene as rt_scene
from gamenight.reflection import scene as rf_scene
from gamenight.reflection.laser import edge_names
from tests.e2e.conftest import count_pointer_events, open_app, pointer_events
from tests.e2e.test_reflection_solo_play import LINK, PUZZLE, SOLUTION

pytestmark = pytest.mark.e2e
SIDES = {"T": "top", "R": "right", "B": "bottom", "L": "left"}


class Listener:
    """What a screen reader could know of the page: its accessibility tree, read afresh on every call."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")

    def nodes(self) -> list[dict[str, Any]]:
        """Every node the tree exposes (not ignored), in document order, each with its ``props``."""
        raw = self.cdp.send("Accessibility.getFullAXTree")["nodes"]
        by_id = {n["nodeId"]: n for n in raw}
        kept: list[dict[str, Any]] = []

        def walk(node: dict[str, Any], parent: dict[str, Any] | None) -> None:
            here = parent
            if not node.get("ignored"):
                here = {
                    "role": node.get("role", {}).get("value", ""),
                    "name": node.get("name", {}).get("value", ""),
                    "props": {p["name"]: p["value"] for p in node.get("properties", [])},
                    "dom": node.get("backendDOMNodeId"),
                    "parent": parent,
                }
                kept.append(here)
            for child in node.get("childIds", []):
                if child in by_id:
                    walk(by_id[child], here)

        walk(raw[0], None)
        return kept

    @staticmethod
    def value(node: dict[str, Any], prop: str) -> Any:
        return node["props"].get(prop, {}).get("value")

    def focused(self, nodes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The node a screen reader says has focus: the focused one, or its active descendant."""
        nodes = nodes if nodes is not None else self.nodes()
        found = [n for n in nodes if self.value(n, "focused") and n["role"] != "RootWebArea"]
        assert found, "nothing has focus"
        node = found[-1]
        related = node["props"].get("activedescendant", {}).get("relatedNodes") or []
        if related:
            dom = related[0]["backendDOMNodeId"]
            return next(n for n in nodes if n["dom"] == dom)
        return node

    def grid(self, name: str, nodes: list[dict[str, Any]] | None = None) -> list[str]:
        """The names of the cells of the grid whose name starts with ``name``, in reading order."""
        nodes = nodes if nodes is not None else self.nodes()

        def inside(node: dict[str, Any]) -> bool:
            up = node["parent"]
            while up is not None:
                if up["role"] == "grid" and up["name"].startswith(name):
                    return True
                up = up["parent"]
            return False

        return [n["name"] for n in nodes if n["role"] == "gridcell" and inside(n)]

    def live(self, nodes: list[dict[str, Any]] | None = None) -> list[str]:
        """The text of each live region (polite or assertive), as a screen reader would be handed it."""
        return [text for _region, text in self.regions(nodes)]

    def regions(self, nodes: list[dict[str, Any]] | None = None) -> list[tuple[dict[str, Any], str]]:
        """Each live region (polite or assertive) holding text: its node and its text."""
        nodes = nodes if nodes is not None else self.nodes()
        regions: dict[int, tuple[dict[str, Any], list[str]]] = {}
        for node in nodes:
            up, region = node, None
            while up is not None:
                if self.value(up, "live") in ("polite", "assertive") and (
                    up["parent"] is None or self.value(up["parent"], "live") not in ("polite", "assertive")
                ):
                    region = up
                up = up["parent"]
            if region is not None and node["role"] == "StaticText":
                regions.setdefault(id(region), (region, []))[1].append(node["name"])
        # Runs of the page's white space fold to one space, as a reader's speech does; a no-break space
        # (U+00A0) or a word joiner (U+2060) stays, as the tree hands it over (``marked``).
        return [(region, re.sub(r"[ \t\n\r\f]+", " ", "".join(parts)).strip()) for region, parts in regions.values()]

    def whole(self, pattern: str) -> list[bool]:
        """For each live region saying something that matches ``pattern``, whether a screen reader is handed
        all of it when it changes (the tree's ``atomic``: ``aria-atomic``, or a role's own, as ``status``
        has), not only the text node that changed: a line of no-break spans changes a span at a time."""
        return [bool(self.value(region, "atomic")) for region, text in self.regions() if re.search(pattern, text)]

    @staticmethod
    def marked(nodes: list[dict[str, Any]]) -> list[str]:
        """The names and texts in the tree that hold a no-break space or a word joiner: marks the page sets
        for the eye's line breaking only, which a reader should never be handed (a braille display may show
        a U+00A0 as a mark of its own, a speech engine spell out a U+2060)."""
        return [n["name"] for n in nodes if "\u00a0" in n["name"] or "\u2060" in n["name"]]

    def heard(self, pattern: str) -> str:
        """Wait until a live region says something matching ``pattern``; what it says."""
        return self.until(lambda nodes: next((t for t in self.live(nodes) if re.search(pattern, t)), None), pattern)

    def until(self, check: Callable[[list[dict[str, Any]]], Any], what: str, timeout_s: float = 20) -> Any:
        """Read the tree until ``check`` returns something truthy (the page answers a key press soon, but on
        a loaded machine not at once); that value."""
        deadline = time.monotonic() + timeout_s
        while True:
            nodes = self.nodes()
            found = check(nodes)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"never heard {what!r}; live regions: {self.live(nodes)}")
            self.page.wait_for_timeout(40)  # polling the tree, not a fixed wait for a state


def press(page: Page, ear: Listener, key: str, then: Callable[[list[dict[str, Any]]], Any], what: str) -> Any:
    page.keyboard.press(key)
    return ear.until(then, what)


def focus_name(ear: Listener, nodes: list[dict[str, Any]]) -> str:
    try:
        return ear.focused(nodes)["name"]
    except AssertionError:
        return ""


def tab_to(page: Page, ear: Listener, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """Press Tab until the focused node is ``wanted``; it."""
    for _ in range(60):
        page.keyboard.press("Tab")
        node = ear.until(lambda nodes: _focused_or_none(ear, nodes), "focus")
        if wanted(node):
            return node
    raise AssertionError(f"Tab never reached {what}")


def _focused_or_none(ear: Listener, nodes: list[dict[str, Any]]) -> dict[str, Any] | None:
    try:
        return ear.focused(nodes)
    except (AssertionError, StopIteration):
        return None


WHERE = re.compile(r"^row (\d+), column (\d+): (.*)$")


def where(name: str) -> tuple[int, int]:
    """The (row, column) from 0 of a cell's name "row 3, column 4: …"."""
    found = WHERE.match(name)
    assert found, f"not a board cell: {name!r}"
    return int(found[1]) - 1, int(found[2]) - 1


def walk(page: Page, ear: Listener, target: tuple[int, int]) -> None:
    """Move the board's cursor to ``target`` with the arrows, hearing the cell's name after each step (the
    tree is read once to start: after a step, the cell heard is where the cursor is)."""
    r, c = where(focus_name(ear, ear.nodes()))
    for _ in range(60):
        if (r, c) == target:
            return
        if r != target[0]:
            key, step = ("ArrowDown", (r + 1, c)) if target[0] > r else ("ArrowUp", (r - 1, c))
        else:
            key, step = ("ArrowRight", (r, c + 1)) if target[1] > c else ("ArrowLeft", (r, c - 1))
        press(
            page,
            ear,
            key,
            lambda nodes, step=step: (
                WHERE.match(focus_name(ear, nodes) or "") and where(focus_name(ear, nodes)) == step
            ),
            f"row {step[0] + 1}, column {step[1] + 1}",
        )
        r, c = step
    raise AssertionError(f"the cursor never reached {target}")


# --- Reflection ------------------------------------------------------------------------------------------


def test_a_reflection_puzzle_solved_by_ear(app: Page, site_url: str):
    ear = Listener(app)
    open_app(app, site_url, LINK)
    count_pointer_events(app)
    board = "Board, "
    cells = ear.until(lambda nodes: ear.grid(board, nodes), "the board")
    n = PUZZLE.size
    # Every clue is a named cell with its colour and number; every square says what is on it.
    clues = {}
    for name in cells:
        found = re.match(
            r"^The (top|right|bottom|left) clue in (?:row|column) (\d+): (green|yellow|black) (\d+), "
            r"(matched|not matched yet)",
            name,
        )
        if found:
            clues[found[1], int(found[2])] = (found[3], int(found[4]))
    expected = {(SIDES[e[0]], int(e[1:])): (PUZZLE.clue(e).colour, PUZZLE.clue(e).number) for e in edge_names(n)}
    assert clues == expected, "the clues heard are the puzzle's"
    squares = [name for name in cells if WHERE.match(name)]
    assert len(squares) == n * n
    assert all(WHERE.match(s)[3] in ("empty", "light warp") for s in squares), "a fresh puzzle has no tiles"

    # The keys: from the help overlay (Tab to its button in the header, Enter, read its table, Escape).
    tab_to(app, ear, lambda node: node["role"] == "button" and "keyboard shortcuts" in node["name"], "the help")
    app.keyboard.press("Enter")
    rows = ear.until(lambda nodes: help_rows(nodes), "the help's table of keys")
    placing = [(keys, what) for keys, what in rows if what.startswith("Reflection: place")]
    app.keyboard.press("Escape")
    ear.until(lambda nodes: not help_rows(nodes), "the help closing")

    # Into the board: its first square.
    tab_to(app, ear, lambda node: node["role"] == "gridcell", "the board")
    assert where(focus_name(ear, ear.nodes())) == (0, 0)
    tiles = sorted(SOLUTION.tiles().items())
    for i, ((r, c), tile) in enumerate(tiles):
        walk(app, ear, (r, c))
        name = rf_scene.TILE_NAMES[tile]
        key = key_for(placing, name)
        app.keyboard.type(key)  # one character ("|" is Shift and a key: typing it presses both)
        said = f"Row {r + 1}, column {c + 1}: {name}."
        if i < len(tiles) - 1:
            ear.heard(re.escape(said))
            ear.until(
                lambda nodes, r=r, c=c, name=name: focus_name(ear, nodes) == f"row {r + 1}, column {c + 1}: {name}",
                f"the cell named {name}",
            )
    solved = ear.heard(r"Solved in \d+:\d\d")
    assert "Solved" in solved
    assert pointer_events(app) == 0, "a puzzle solved with no pointer at all"


def help_rows(nodes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The help table's rows as (keys, what they do), from its row headers and cells."""
    parts: dict[int, list[str]] = {}
    for node in nodes:
        parent = node["parent"]
        if parent is not None and parent["role"] == "row" and node["role"].lower() in ("rowheader", "cell"):
            parts.setdefault(id(parent), []).append(node["name"])
    return [(p[0], p[1]) for p in parts.values() if len(p) == 2]


def key_for(placing: list[tuple[str, str]], name: str) -> str:
    """The key the help gives for the tile a screen reader names ``name``: "diagonal mirror, slash" is the
    first key of the row "place a diagonal mirror, slash or backslash, …"; "block" the key of "place a block"."""
    kind, _, way = name.partition(", ")
    for keys, what in placing:
        if f"place a {kind}" not in what:
            continue
        if not way:
            return keys
        ways = re.search(rf"{re.escape(kind)}, (\w+) or (\w+)", what)
        assert ways and way in ways.groups(), f"the help does not say which key places {name}: {what!r}"
        return keys.split(", ")[ways.groups().index(way)]  # "/, \\": the keys listed in English
    raise AssertionError(f"the help does not say how to place a {name}: {placing}")


# --- Raythread Rally -------------------------------------------------------------------------------------


def claiming_seed() -> int:
    """A match whose first player can claim a beacon at once with the first tile of the hand on a cell the
    player's beam crosses (what the test tries), so a claim is there to be heard."""
    for seed in range(1, 500):
        state = GAME.setup(GAME.options({}), GAME.seat_ids(2), seed)
        seat = state.seats[state.turn]
        view = rules.view(state, seat)
        first = next(kind for kind, n in zip(rules.KINDS, state.hands[state.turn], strict=True) if n)
        lit = {cell for cell, seats in rt_scene.lit_cells(view).items() if seat in seats}
        for move in rules.legal(state, seat):
            if move["type"] == "place" and move["tile"] == first and tuple(move["cell"]) in lit:
                _, events = rules.play(state, seat, move)
                if any(e["type"] == "claimed" for e in events):
                    return seed
    raise AssertionError("no seed lets the first move claim")


def test_a_raythread_move_made_by_ear(app: Page, site_url: str):
    seed = claiming_seed()
    seats = GAME.seat_ids(2)
    record = Record("raythread", {}, seats, dict(zip(seats, ("Ann", "Bea"), strict=True)), seed)
    saved = json.dumps({"v": 1, "record": record.to_json()})
    # A match on this device to come back to (its board depends on the seed, so the test knows a claim exists).
    app.add_init_script(f"localStorage.setItem('gnc:table.raythread', {json.dumps(saved)})")
    ear = Listener(app)
    open_app(app, site_url, "#/raythread/table")
    count_pointer_events(app)
    board = "Raythread Rally board"
    ear.until(lambda nodes: ear.grid(board, nodes), "the board")
    ear.until(lambda nodes: any("Ann (A) to play" in t for t in ear.live(nodes)) or None, "whose turn")

    # Tab to the board: the grid has focus and names its cursor's cell.
    tab_to(app, ear, lambda node: bool(WHERE.match(node["name"])), "the board")
    # The hand: buttons with their key shortcuts.
    nodes = ear.nodes()
    hand = [n for n in nodes if n["role"] == "button" and ear.value(n, "keyshortcuts") in ("1", "2")]
    usable = [n for n in hand if not ear.value(n, "disabled")]
    assert usable, f"no tile to choose: {[n['name'] for n in hand]}"
    tile = usable[0]
    kind = "mirror" if "mirror" in tile["name"].lower() else "prism"
    app.keyboard.press(ear.value(tile, "keyshortcuts"))
    ear.until(
        lambda nodes: any(n["name"] == tile["name"] and ear.value(n, "pressed") == "true" for n in nodes),
        "the tile chosen (pressed)",
    )
    # Chosen by key: the tile is named, and the way on names the keys to place it with, not a pointer (it
    # said "Point at or tap"; the tile chosen was not said).
    ear.heard(
        re.escape(f"{kind.capitalize()}, slash /, chosen. Move the cursor with the arrow keys to a highlighted cell, ")
    )
    # The cells Ann's beam crosses where a tile may go: try each, both ways, until the preview says it claims.
    cells = ear.grid(board, ear.nodes())
    lit = [where(name) for name in cells if "lit by Ann (A)" in name and "you may place here" in name]
    assert lit, "the names say where Ann's beam runs and where a tile may go"
    claim = None
    previews = 0
    for cell in sorted(lit, key=lambda rc: abs(rc[0] - 5) + abs(rc[1] - 5)):
        walk(app, ear, cell)
        for orient, words in (("Slash", "slash /"), ("Backslash", "backslash \\")):
            app.keyboard.press(orient)
            said = f"A {kind}, {words}, at row {cell[0] + 1}, column {cell[1] + 1}: claims "
            outcome = ear.heard(re.escape(said))
            # Each line is read whole, not a changed span at a time; the way to place the tile is said once, at
            # the first preview, not again at each cell (it was, the hint being the live region).
            assert ear.whole(re.escape(said)) == [True]
            assert not previews or "Enter" not in outcome, outcome
            previews += 1
            found = re.search(r"claims the (\d+) at (row \d+, column \d+) for Ann \(A\)", outcome)
            if found:
                claim = (cell, orient, found)
                break
            assert said + "no beacon." in outcome, outcome
        if claim:
            break
    assert claim, "no preview along Ann's beam says it claims"
    (r, c), orient, found = claim
    value, at = found[1], found[2]
    app.keyboard.press("Enter")
    slash = "slash /" if orient == "Slash" else "backslash \\"
    news = ear.heard(re.escape(f"Ann (A) places a {kind} {slash} at row {r + 1}, column {c + 1}."))
    assert f"claims the {value} at {at}" in news and f"+{value}" in news, news
    assert news.endswith("Bea (B) to play") or "Bea (B) to play" in news, news
    cell_now = ear.until(
        lambda nodes: next((n for n in ear.grid(board, nodes) if n.startswith(f"row {r + 1}, column {c + 1}:")), None),
        "the cell",
    )
    assert f"{kind}, {slash}, placed by Ann (A)" in cell_now
    beacon = next(n for n in ear.grid(board, ear.nodes()) if n.startswith(at + ":"))
    assert f"beacon worth {value}, claimed by Ann (A)" in beacon
    # Every name and live text read "Ann (A)" with a plain space: the no-break marks are the eye's only.
    assert not ear.marked(ear.nodes()), ear.marked(ear.nodes())
    assert pointer_events(app) == 0, "a move made with no pointer at all"
