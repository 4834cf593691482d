"""Figures the benchmarks print: the median time of a call, median and p95 (nearest rank) of a list of
timings, a confidence interval for a median, and the table of a board's inputs measured side by side in
several builds."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable


def median_ms(work: Callable[[], object], runs: int) -> float:
    """The median of ``runs`` calls of ``work``, in milliseconds: one slow call (a collection, another
    process) moves it less than a mean."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


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


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median of what ``values`` sample: the k-th smallest and the
    k-th largest value, k the largest rank with P(Binomial(n, ½) < k) ≤ (1 − confidence) / 2 (so it
    covers at least ``confidence``). With 15 values that is the 4th and the 12th (96.5%); with fewer than
    6 no interval reaches 95%, and the lowest and highest are returned."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        raise ValueError("no values")
    tail, below, k = (1 - confidence) / 2, 0.0, 0
    while k < n // 2 and below + math.comb(n, k) / 2**n <= tail:
        below += math.comb(n, k) / 2**n
        k += 1
    k = max(k, 1)
    return ordered[k - 1], ordered[n - k]
