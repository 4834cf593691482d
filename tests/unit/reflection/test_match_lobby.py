"""A player-built Reflection match through the real lobby over the loopback network.

Each page acts only on what its own mirror shows: builders keep their layouts and salts on the
device, solvers solve with the engine from the clues in their view. Every message the host sends is
checked: no layout, no salt, and no clues of a puzzle a member has not been given yet.
"""

from __future__ import annotations

from gamenight.core.game import seat_ids
from gamenight.core.jsonutil import dumps, loads
from gamenight.lobby import protocol as p
from gamenight.lobby.record import MAX_RECORD_BYTES, parse_record, replay
from gamenight.reflection import GAME
from gamenight.reflection.laser import Layout
from gamenight.reflection.match import submission
from gamenight.reflection.puzzle import TileSet, clues, parse_puzzle
from gamenight.reflection.solve import solve
from tests.unit.lobby.helpers import Party, seat_everyone
from tests.unit.reflection.match_helpers import layout_for, salt

PLAYERS = {"Host": "1", "Bea": "2", "Cal": "3"}


def _view(party: Party, name: str) -> dict:
    return party.clients[name].match.view


def _secrets(layout: Layout) -> list[str]:
    return [dumps(layout.to_json()), *(dumps(row) for row in layout.rows if row.strip("."))]


def test_three_players_build_solve_and_reveal_through_the_lobby_without_leaking_a_layout():
    party = Party("reflection", 3, {"mode": "built", "preset": "custom", "size": 5, "tiles": 4, "warp": True})
    seat_everyone(party, PLAYERS)
    party.join("Eve")  # a spectator
    party.send("Host", p.Start(2024))
    party.in_step()
    assert seat_ids(GAME, 3) == ("1", "2", "3")

    # Build: each device makes its layout from what its view says, keeps it and its salt, sends clues.
    kept: dict[str, tuple[Layout, str]] = {}
    for k, (name, seat) in enumerate(PLAYERS.items()):
        shape = _view(party, name)["puzzles"][k]
        warps = [tuple(w) for w in shape["warps"]]
        layout = layout_for(shape["size"], TileSet(**shape["tiles"]), warps, k + 10)
        kept[seat] = (layout, salt(k + 10))
        party.send(name, party.clients[name].move(submission(layout, tuple(warps), salt(k + 10))))
    party.in_step()
    assert _view(party, "Eve")["phase"] == "solve"

    # Solve: two rounds; each solver reads its puzzle's clues from its own view and asks the engine.
    for order in (("Cal", "Host", "Bea"), ("Bea", "Cal", "Host")):
        for name in order:
            view = _view(party, name)
            sheet = view["puzzles"][view["solving"][PLAYERS[name]] - 1]
            puzzle = parse_puzzle({k: sheet[k] for k in ("size", "warps", "tiles", "clues")})
            found = solve(puzzle, 1).layout
            party.send(name, party.clients[name].move({"type": "solve", "layout": found.to_json()}))
            assert not party.clients[name].errors
        party.in_step()
    assert _view(party, "Eve")["phase"] == "reveal"
    before_reveal = len(party.net.delivered)

    for name, seat in PLAYERS.items():
        layout, used = kept[seat]
        party.send(name, party.clients[name].move({"type": "reveal", "layout": layout.to_json(), "salt": used}))
    party.in_step()

    final = party.clients["Eve"].match
    assert final.ended == "over" and final.result is not None
    # n = 3, R = 2: 60, 40, 20 by place in each round.
    assert final.result["scores"] == {"1": 40 + 20, "2": 20 + 60, "3": 60 + 40}
    assert final.result["winners"] == ["3"] and final.result["notes"] == {}
    assert [p_["reveal"] for p_ in final.view["puzzles"]] == ["done", "done", "done"]
    assert [p_["solution"] for p_ in final.view["puzzles"]] == [list(kept[s][0].rows) for s in ("1", "2", "3")]

    # Nothing any member received carried a layout before the reveals, or any salt at all.
    salts = [used for _, used in kept.values()]
    for index, (peer, text) in enumerate(party.net.delivered):
        assert not any(s in text for s in salts), peer
        if index < before_reveal:
            assert not any(secret in text for layout, _ in kept.values() for secret in _secrets(layout)), peer
    # In round 1 of variant A, Host (seat 1) is given seat 2's puzzle: seat 3's clues must not reach it.
    warps = tuple(tuple(w) for w in final.view["puzzles"][0]["warps"])
    assert len(warps) == 2
    clue_lists = {seat: dumps([str(c) for c in clues(layout, warps)]) for seat, (layout, _) in kept.items()}
    host_peer = party.ends["Host"].peer
    to_host = [loads(text) for peer, text in party.net.delivered if peer == host_peer]
    round_one = [m for m in to_host if (m.get("match") or {}).get("view", {}).get("round") == 1]
    assert round_one and not any(clue_lists["3"] in dumps(m) for m in round_one)
    assert any(clue_lists["2"] in dumps(m) for m in round_one)

    assert (
        replay(parse_record(loads(dumps(party.session.match.record.to_json()), MAX_RECORD_BYTES)))[-1]
        == party.session.match.state
    )
