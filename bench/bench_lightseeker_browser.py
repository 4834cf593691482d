"""Light Seeker's board in the browser (Pyodide): input → board repainted, with DOM morphing and without
it, side by side in one run.

The page is a table on this device restored from a saved mid-game match (turn 7, light 11, cubes
spread over 5 × 5 cells). Measured per input, inside the page: ``handler`` is the synchronous work of
the event's dispatch (the Python update, the view, its markup and putting it on the page), ``frame``
is from the dispatch until the next frame has been produced (a ``requestAnimationFrame`` callback
followed by a task, so style, layout and paint are included; CSS transitions run on after it).
Inputs: selecting a cube (a click on its cell; every other one deselects), applying an action (a
click on an arrow: the intermediate position with its light, areas and reframe), "Undo action", and —
not in the budget — confirming a whole turn (the rules, the new position, the log, and the plan of
what the next player may do, worked out once per position) followed by the table's Undo. Each kind
of input runs under the morphing shell (idiomorph, what ships) and under plain ``innerHTML``
replacement, alternating in rounds. Budget (issue 13): selecting a cube / applying an action →
repainted p95 ≤ 16 ms.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.stats import median_p95  # noqa: E402
from gamenight.core.grid import Direction  # noqa: E402
from gamenight.lightseeker import GAME, rules  # noqa: E402
from gamenight.lightseeker.controls import plan  # noqa: E402
from gamenight.lobby.record import Entry, Record  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

ROUNDS = 4
SEED, TURNS = 7, 6

TIMED = """async (selector) => {
    const target = document.querySelector(selector);
    const start = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const handler = performance.now() - start;
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return [handler, performance.now() - start];
}"""
PLAIN = """() => {
    window.__morph = window.__morph || Idiomorph.morph;
    Idiomorph.morph = (root, html) => { root.innerHTML = html; };
}"""
MORPH = "() => { if (window.__morph) Idiomorph.morph = window.__morph; }"
CLICK = "(selector) => document.querySelector(selector).dispatchEvent(new MouseEvent('click', {bubbles: true}))"


def saved_match() -> tuple[str, rules.State]:
    """A match after ``TURNS`` random legal turns, as the table stores it, and its state."""
    state = GAME.setup(GAME.options(None), ("1", "2"), SEED)
    chooser = random.Random(SEED)
    log = []
    for _ in range(TURNS):
        move = chooser.choice(GAME.legal(state, state.to_move))
        log.append(Entry(0, state.to_move, move))
        state, _ = GAME.play(state, state.to_move, move, 0)
    assert state.outcome is None
    record = Record("lightseeker", None, ("1", "2"), {"1": "Ann", "2": "Bea"}, SEED, tuple(log))
    return json.dumps({"v": 1, "record": record.to_json()}), state


def cell(board: rules.Board, cube: int) -> str:
    r, c = board.cells[cube]
    return f"#ls-c{r}_{c}"


def measure(page, state: rules.State, plain: bool) -> dict[str, list[tuple[float, float]]]:
    page.evaluate(PLAIN if plain else MORPH)
    out: dict[str, list[tuple[float, float]]] = {
        "select": [],
        "act": [],
        "undo action": [],
        "turn": [],
        "undo turn": [],
    }
    board = state.board
    options = plan(board, state.actions_due)
    movers = sorted({a.cube for a in options})
    moves = GAME.legal(state, state.to_move)
    for i in range(12):
        cube = movers[i % len(movers)]
        out["select"].append(page.evaluate(TIMED, cell(board, cube)))
        arrows = page.eval_on_selector_all(
            ".ls-arrow", "els => els.map(e => `.ls-arrow[data-kind=${e.dataset.kind}][data-dir=${e.dataset.dir}]`)"
        )
        out["act"].append(page.evaluate(TIMED, arrows[i % len(arrows)]))
        out["undo action"].append(page.evaluate(TIMED, "button[data-action=ls-undo]"))
        out["select"].append(page.evaluate(TIMED, cell(board, cube)))  # the same cube again: deselected
        if i % 3 == 0:  # a whole turn, clicked without timing, then its confirmation and the table's undo
            move = moves[(i * 37) % len(moves)]
            now = board
            for a in move["actions"]:
                page.evaluate(CLICK, cell(now, a["cube"]))
                if page.locator(f"#ls-cube-{a['cube']}.ls-selected").count() == 0:
                    page.evaluate(CLICK, cell(now, a["cube"]))
                page.evaluate(CLICK, f".ls-arrow[data-kind={a['kind']}][data-dir={a['dir']}]")
                now = rules.act(now, rules.Action(a["cube"], a["kind"], Direction(a["dir"])))
            page.evaluate(CLICK, cell(now, move["buh"]))
            out["turn"].append(page.evaluate(TIMED, "button[data-action=ls-confirm]"))
            out["undo turn"].append(page.evaluate(TIMED, "button[data-action=table-undo]"))
    return out


def summary(samples: list[tuple[float, float]], which: int) -> str:
    return median_p95([s[which] for s in samples])


def main() -> None:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("_site/ is not built: run `make site`")
    text, state = saved_match()
    url, server = serve_in_thread(site)
    load = os.getloadavg()
    results: dict[bool, dict[str, list]] = {False: {}, True: {}}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{url}/#/")
            page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["gnc:table.lightseeker", text])
            page.evaluate("location.hash = '#/lightseeker/table'")
            page.wait_for_selector(".ls-board")
            assert page.locator(".ls-light").get_attribute("data-light") == str(rules.total_light(state.board))
            for _ in range(ROUNDS):
                for plain in (False, True):
                    for name, samples in measure(page, state, plain).items():
                        results[plain].setdefault(name, []).extend(samples)
            assert page.locator(".match-log li").count() == TURNS, "every turn was taken back"
            browser.close()
    finally:
        server.shutdown()
    print(f"Light Seeker board, turn {TURNS + 1}, light {rules.total_light(state.board)}, headless Chromium")
    print(f"load average before: {load[0]:.2f}")
    head = f"  {'input':11} {'n':>4}  {'morph: handler med/p95':>24}  {'frame med/p95':>14}"
    print(head + f"   {'innerHTML: handler':>20}  {'frame':>14}")
    for name in results[False]:
        morph, plain = results[False][name], results[True][name]
        print(
            f"  {name:11} {len(morph):4}  {summary(morph, 0):>24}  {summary(morph, 1):>14}"
            f"   {summary(plain, 0):>20}  {summary(plain, 1):>14}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f} (ms; budget: select and act p95 ≤ 16 ms)")


if __name__ == "__main__":
    main()
