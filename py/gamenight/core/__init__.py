"""Shared vocabulary of every game: grid and directions, seeded randomness, errors, JSON helpers."""
