"""Verified puzzle banks, written by ``tools/build_bank.py``: do not edit by hand.

Each bank: board size, tile counts (diagonal, flat, block, hole) and its entries as base64 text.
"""

BANKS: tuple[tuple[int, tuple[int, int, int, int], tuple[str, ...]], ...] = ()
