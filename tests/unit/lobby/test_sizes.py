"""No message the host sends exceeds what a guest accepts, whatever the chat and the moves, with every
game's largest options (docs/protocol.md, "Sizes"): long messages travel in parts of at most 64 KiB
and are joined intact, and no whole message comes near the 1 MiB a guest joins."""

import random
from dataclasses import asdict, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight import games
from gamenight.core.jsonutil import dumps
from gamenight.lobby import protocol as p
from gamenight.reflection import match as reflection
from tests.unit.lobby.helpers import Party, seat_everyone

EMOJI_LINE = "😀" * p.MAX_CHAT  # the most bytes a chat line can hold: 500 four-byte characters
# Each game with the options that make its views largest, and its largest seating.
LARGEST = {
    "raythread": ({"size": 15, "mirrors": 99, "prisms": 99, "hand": 6, "target": 28}, {"A": 0, "B": 1, "C": 2, "D": 3}),
    "lightseeker": ({"no_legal_turn": "draw"}, {"1": 0, "2": 1}),
    "reflection": (
        {"mode": "random", "rounds": 5, "teams": 3, "preset": "easy"},  # sizes: see the training test
        {str(n): n - 1 for n in range(1, 7)},
    ),
}
BUDGET = 600 * 1024  # the bound docs/protocol.md proves (well under MAX_MESSAGE_BYTES)
LOG_BUDGET = 8 * 1024  # a snapshot's log: LOG_KEPT events of about 100 bytes, and a result's
seen_max: dict[str, int] = {}


def run(game: str, chats: list[int], brain: random.Random, moves: int) -> None:
    options, seating = LARGEST[game]
    party = Party(game, len(seating), options)
    names = ["Host", *(f"P{k}" for k in range(1, len(seating)))]
    seat_everyone(party, {names[n]: seat for seat, n in seating.items()})
    party.send("Host", p.Start(brain.randrange(2**32)))
    for k, who in enumerate(chats):  # a flood of the fattest chat lines, 5 per member per 5 s allowed
        party.net.now_ms += 1100
        party.send(names[who % len(names)], p.Chat(f"{k}{EMOJI_LINE}"[: p.MAX_CHAT]))
    rules = games.rules(game)
    for _ in range(moves):
        if party.session.match is None or not party.session.match.running:
            break
        name, seat = party.mover()
        legal = rules.legal(party.session.match.state, seat)
        if not legal:
            break
        party.send(name, party.clients[name].move(brain.choice(legal)))
    # A late joiner gets the whole snapshot, the largest message: lobby, full chat, the match as the
    # moves left it, and its log (joining after them, it is sent the fullest board, in parts).
    newcomer = party.join("Late")
    party.in_step()  # every mirror, the late joiner's too, holds exactly what the host would show
    assert newcomer.lobby is not None and len(newcomer.chat) == min(len(chats), 50)
    texts = [text for _peer, text in party.net.delivered]
    assert all(len(t.encode()) <= p.MAX_BYTES for t in texts)
    whole = [m for c in party.clients.values() for m in c.problems]
    assert whole == []
    biggest = max(len(p.encode(party.session.snapshot(m).to_json()).encode()) for m in party.session.members)
    seen_max[game] = max(seen_max.get(game, 0), biggest)
    assert biggest <= BUDGET
    # The snapshot's log: at most LOG_KEPT events, whatever the game (docs/protocol.md, "Sizes").
    log = len(dumps(asdict(party.session.match_log())).encode())
    seen_max[f"{game} log"] = max(seen_max.get(f"{game} log", 0), log)
    assert log <= LOG_BUDGET


# One random match a run: each plays 120 moves on the largest board past six mirrors, about a second of
# CPU, which a loaded machine (load 20-30 on 2 cores) stretched to pytest-timeout's 60 s with three.
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chats=st.lists(st.integers(0, 5), min_size=40, max_size=60), seed=st.integers(0, 2**32))
def test_raythread_with_the_largest_options_and_a_full_chat(chats, seed):
    run("raythread", chats, random.Random(seed), 120)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chats=st.lists(st.integers(0, 5), min_size=50, max_size=55), seed=st.integers(0, 2**32))
def test_lightseeker_with_a_full_chat(chats, seed):
    run("lightseeker", chats, random.Random(seed), 6)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chats=st.lists(st.integers(0, 5), min_size=50, max_size=52), seed=st.integers(0, 2**32))
def test_reflection_with_the_largest_options_and_a_full_chat(chats, seed):
    run("reflection", chats, random.Random(seed), 40)


def test_a_training_match_stops_at_its_puzzle_limit_and_its_largest_view_fits():
    """A training match could go on for ever; it stops at ``MAX_TRAINING_PUZZLES`` puzzles, and a view
    of that many of the largest puzzles (12×12, every field filled) stays under the budget."""
    options = reflection.parse_options({"mode": "training", "preset": "easy"})
    state = reflection.setup(options, ("1",), 7)
    sheet = replace(
        state.sheets[0],
        puzzle=replace(state.sheets[0].puzzle, size=12, clues=state.sheets[0].puzzle.clues * 2),
        commitment="f" * 64,
    )
    state = replace(state, sheets=(sheet,) * reflection.MAX_TRAINING_PUZZLES, phase="pause")
    view = games.rules("reflection").view(state, "1")
    size = len(p.encode({"v": 6, "type": "update", "view": view}).encode())
    assert size < 300 * 1024, size
    game = games.rules("reflection")
    try:
        game.play(state, "1", {"type": "continue"}, 0)
    except Exception as err:  # the limit: no 201st puzzle
        assert getattr(err, "code", "") == "reflection-training-limit"
    else:
        raise AssertionError("a training match went past its puzzle limit")
