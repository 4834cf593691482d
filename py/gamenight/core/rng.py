"""Seeded randomness. Every random choice of a match comes from its seed, so a match replays exactly."""

from __future__ import annotations

import hashlib
import random

MAX_SEED = 2**53 - 1  # the largest integer a JavaScript number holds exactly, so seeds survive JSON


def derive(seed: int, *labels: str | int) -> int:
    """A sub-seed for one purpose (``derive(seed, "deck")``), stable across Python versions."""
    text = ":".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def rng(seed: int, *labels: str | int) -> random.Random:
    """A ``random.Random`` for one purpose of one match; the same labels give the same stream."""
    return random.Random(derive(seed, *labels))


def fresh_seed(source: random.Random | None = None) -> int:
    """A new match seed (from ``source`` when given, so tests stay deterministic)."""
    return (source or random.SystemRandom()).randrange(MAX_SEED + 1)
