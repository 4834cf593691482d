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
what the next player may do, worked out once per position) followed by the table's Undo. Budget
(issue 13): selecting a cube / applying an action → repainted p95 ≤ 16 ms.

``--against REF`` (e.g. ``main``) builds that git ref's site (bench/baseline.py) and alternates
rounds between the two builds, one page each in the same browser; ``--rounds N`` (default 4).
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

from bench.baseline import sites_to_compare  # noqa: E402
from bench.stats import input_table  # noqa: E402
from gamenight.core.grid import Direction  # noqa: E402
from gamenight.lightseeker import GAME, rules  # noqa: E402
from gamenight.lightseeker.controls import plan  # noqa: E402
from gamenight.lobby.record import Entry, Record  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

SEED, TURNS = 7, 6

TIMED = """async (selector) => {
    const target = document.querySelector(selector);
    const start = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const handler = performance.now() - start;
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return [handler, performance.now() - start];
}"""
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


def measure(page, state: rules.State) -> dict[str, list[tuple[float, float]]]:
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


def open_table(browser, url: str, text: str, state: rules.State):
    """A page of the site at ``url`` showing the saved match ``text``."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block").new_page()
    page.goto(f"{url}/#/")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["gnc:table.lightseeker", text])
    page.evaluate("location.hash = '#/lightseeker/table'")
    page.wait_for_selector(".ls-board")
    assert page.locator(".ls-light").get_attribute("data-light") == str(rules.total_light(state.board))
    return page


def main() -> None:
    args, sites = sites_to_compare(__doc__.split("\n\n")[0])
    text, state = saved_match()
    servers = {name: serve_in_thread(site) for name, site in sites.items()}
    load = os.getloadavg()
    results: dict[str, dict[str, list]] = {name: {} for name in sites}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            pages = {name: open_table(browser, url, text, state) for name, (url, _server) in servers.items()}
            for _ in range(args.rounds):
                for name, page in pages.items():
                    for kind, samples in measure(page, state).items():
                        results[name].setdefault(kind, []).extend(samples)
            for page in pages.values():
                assert page.locator(".match-log li").count() == TURNS, "every turn was taken back"
            browser.close()
    finally:
        for _url, server in servers.values():
            server.shutdown()
    print(f"Light Seeker board, turn {TURNS + 1}, light {rules.total_light(state.board)}, headless Chromium")
    print(f"load average before: {load[0]:.2f}")
    print("\n".join(input_table(results, 11)))
    print(f"load average after: {os.getloadavg()[0]:.2f} (ms; budget: select and act p95 ≤ 16 ms)")


if __name__ == "__main__":
    main()
