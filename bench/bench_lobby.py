"""The lobby's cost per move: a Raythread Rally match with 4 players and 2 spectators (6 pages).

Run ``python bench/bench_lobby.py``. The same recorded match (moves chosen from ``legal`` by a seeded
random player) is replayed through each stage, side by side, in several rounds:

- core:     ``game.play`` plus one ``game.view`` per page — the game's own work for one move;
- session:  ``Session.handle`` on the move's wire text: parse, checks, play, record, six updates;
- wire:     the session plus ``encode`` of each update (the text the host sends);
- mirrors:  the wire plus each page's ``Client.receive`` (parse and apply) — host to every screen;
- loopback: the whole path through ``HostLink``/``GuestLink`` over the in-memory network, the mover's
            page sending the move included.

Figures are medians over rounds of the mean time per move. The budget (DESIGN.md) is move → remote
board updated ≤ 50 ms over WebRTC in the browser; CPython figures show the lobby's share of it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from gamenight import games  # noqa: E402
from gamenight.core.game import seat_ids  # noqa: E402
from gamenight.lobby import protocol as p  # noqa: E402
from gamenight.lobby.client import Client  # noqa: E402
from gamenight.lobby.session import HOST_PEER, Session  # noqa: E402
from gamenight.net.link import GuestLink, HostLink  # noqa: E402
from gamenight.net.loopback import Loopback  # noqa: E402

ROUNDS = 21
SEED = 77
GUESTS = ("Bea", "Cal", "Dot", "Eve", "Fay")  # the first three sit in B, C, D; two watch
GAME = games.rules("raythread")


def recorded_moves() -> list[tuple[str, dict]]:
    """A whole match's moves as (seat, move), chosen at random among the legal ones."""
    brain = random.Random(5)
    state = GAME.setup(GAME.options(None), seat_ids(GAME, 4), SEED)
    moves = []
    while GAME.result(state) is None:
        seat = sorted(GAME.active(state))[0]
        move = brain.choice(GAME.legal(state, seat))
        state, _ = GAME.play(state, seat, move, 0)
        moves.append((seat, move))
    return moves


def seated_session() -> tuple[Session, dict[str, str]]:
    """A started session with every page connected; returns it and the peer of each seat."""
    session = Session("raythread", "Ann", players=4, random=random.Random(1))
    peers = {"A": HOST_PEER}
    for n, name in enumerate(GUESTS, 1):
        session.handle(f"g{n}", p.encode(p.Hello(name)), 0)
        if n <= 3:
            seat = "BCD"[n - 1]
            session.handle(f"g{n}", p.encode(p.Sit(seat)), 0)
            peers[seat] = f"g{n}"
    session.handle(HOST_PEER, p.encode(p.Start(SEED)), 0)
    return session, peers


def per_move(prepare, moves) -> float:
    """Mean time per move of what ``prepare(moves)`` returns (set-up outside the timing)."""
    run = prepare(moves)
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / len(moves)


def core(moves):
    def run():
        state = GAME.setup(GAME.options(None), seat_ids(GAME, 4), SEED)
        for seat, move in moves:
            state, _ = GAME.play(state, seat, move, 0)
            for viewer in ("A", "B", "C", "D", None, None):
                GAME.view(state, viewer)

    return run


def session_stage(encode: bool, mirror: bool):
    def prepare(moves):
        session, peers = seated_session()
        clients = {}
        for peer, member in session.peers.items():
            clients[peer] = Client("x")
            clients[peer].receive(p.encode(session.snapshot(member)))
        texts = [(peers[seat], p.encode(p.Move(seat, move))) for seat, move in moves]

        def run():
            for now, (peer, text) in enumerate(texts, 1):
                out = session.handle(peer, text, now * 1000)
                if encode:
                    for to, message in out:
                        wire = p.encode(message)
                        if mirror:
                            clients[to].receive(wire)

        return run

    return prepare


def loopback(moves):
    net = Loopback()
    session, peers = seated_session()
    HostLink(session, net.host, net.clock)
    # Every page has joined already (``seated_session``): each starts mirroring with a resync.
    links = {peer: GuestLink(Client("x"), net.connect(peer), host_page=True) for peer in list(session.peers)}
    net.pump()

    def run():
        for seat, move in moves:
            net.now_ms += 1000
            links[peers[seat]].send(p.Move(seat, move).to_json())
            net.pump()

    return run


def main() -> None:
    moves = recorded_moves()
    stages = {
        "core": core,
        "session": session_stage(encode=False, mirror=False),
        "wire": session_stage(encode=True, mirror=False),
        "mirrors": session_stage(encode=True, mirror=True),
        "loopback": loopback,
    }
    times: dict[str, list[float]] = {name: [] for name in stages}
    for _ in range(ROUNDS):
        for name, prepare in stages.items():
            times[name].append(per_move(prepare, moves))
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    print(f"Raythread Rally, 4 players + 2 spectators, {len(moves)} moves, medians of {ROUNDS} rounds")
    print(f"{'stage':<10} {'per move':>10} {'× core':>8}")
    for name, median in medians.items():
        print(f"{name:<10} {median * 1e3:>8.2f} ms {median / medians['core']:>7.2f}×")
    session, peers = seated_session()
    seat, move = moves[0]
    out = session.handle(peers[seat], p.encode(p.Move(seat, move)), 1)
    sizes = sorted(len(p.encode(m).encode()) for _, m in out)
    print(f"update size per page: {sizes[0]}–{sizes[-1]} bytes")


if __name__ == "__main__":
    main()
