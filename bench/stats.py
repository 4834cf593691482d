"""Figures the browser benchmarks print: median and p95 (nearest rank) of a list of timings."""

from __future__ import annotations

import statistics


def median_p95(values: list[float]) -> str:
    """``median p95`` of ``values``, each in a 6-wide column with one decimal."""
    ordered = sorted(values)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"{statistics.median(ordered):6.1f} {p95:6.1f}"
