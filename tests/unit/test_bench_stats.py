"""The benchmarks' statistics: what the performance notes quote must be computed right."""

import math
import random

import pytest

from bench.stats import median_interval


def coverage(n: int, k: int) -> float:
    """How often the k-th smallest and k-th largest of n draws enclose the median: 1 − 2 P(Bin(n, ½) < k)."""
    return 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2**n


@pytest.mark.parametrize(("n", "low", "high"), [(15, 4, 12), (10, 2, 9), (100, 40, 61), (6, 1, 6), (3, 1, 3)])
def test_the_median_interval_takes_the_order_statistics_of_the_binomial_table(n, low, high):
    values = [float(v) for v in range(1, n + 1)]
    random.Random(n).shuffle(values)  # the order of the runs does not matter
    assert median_interval(values) == (low, high)
    assert n < 6 or coverage(n, low) >= 0.95 > coverage(n, low + 1), "the narrowest interval that covers 95%"


def test_the_median_interval_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        median_interval([])
