"""Figures the browser benchmarks print: median and p95 (nearest rank) of a list of timings, and the
table of a board's inputs measured side by side in several builds."""

from __future__ import annotations

import statistics


def median_p95(values: list[float]) -> str:
    """``median p95`` of ``values``, each in a 6-wide column with one decimal."""
    ordered = sorted(values)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"{statistics.median(ordered):6.1f} {p95:6.1f}"


def input_table(results: dict[str, dict[str, list[tuple[float, float]]]], width: int) -> list[str]:
    """One line per kind of input: for each build (``results``' keys), the handler's and the frame's
    median and p95 (each sample is ``(handler ms, frame ms)``); ``width``: the input column's."""
    names = list(results)
    head = "   ".join(f"{name + ': handler med/p95':>28}  {'frame med/p95':>14}" for name in names)
    lines = [f"  {'input':{width}} {'n':>4}  " + head]
    for kind, first in results[names[0]].items():
        cells = [
            f"{median_p95([s[0] for s in results[n][kind]]):>28}  {median_p95([s[1] for s in results[n][kind]]):>14}"
            for n in names
        ]
        lines.append(f"  {kind:{width}} {len(first):4}  " + "   ".join(cells))
    return lines
