"""Game Night Central: light-themed board games that run in the browser."""
