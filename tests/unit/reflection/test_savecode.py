"""Saved-game codes: a game in progress survives the trip, and a bad code is refused with a reason."""

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.errors import BadMessage
from gamenight.reflection import savecode, training
from gamenight.reflection.generate import generate_with
from gamenight.reflection.history import DOT, RING, Notes
from gamenight.reflection.laser import Layout
from gamenight.reflection.training import Progress


def progress_for(params, tiles=3, notes=True):
    s = training.parse_settings(params, 0)
    g = generate_with(s.size, s.tiles, s.warp, s.seed)
    layout = Layout.of(s.size, dict(sorted(g.layout.tiles().items())[:tiles]))
    free = [
        (r, c)
        for r in range(s.size)
        for c in range(s.size)
        if layout.at((r, c)) == "." and (r, c) not in g.puzzle.warps
    ]
    marks = Notes.empty(s.size)
    if notes:
        marks = marks.place(free[0], DOT).place(free[-1], RING)
    return Progress(s, g.puzzle, g.layout, layout, 83_456, 2, marks)


EASY = progress_for({"preset": "easy", "seed": "1234"})
CUSTOM = progress_for(
    {"preset": "custom", "size": "6", "diagonal": "4", "flat": "1", "block": "1", "hole": "1", "warp": "1", "seed": "8"}
)
DAILY = progress_for({"preset": "easy", "daily": "2026-12-01"}, tiles=0, notes=False)
UPRIGHT = progress_for({"preset": "easy", "seed": "2024"}, tiles=6)  # its solution holds every tile kind


def pack(line: str) -> str:
    return savecode.PREFIX + base64.urlsafe_b64encode(zlib.compress(line.encode())).decode().rstrip("=")


def line_of(code: str) -> str:
    body = code[len(savecode.PREFIX) :]
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode()


def test_every_tile_and_note_travels():
    assert set("".join(UPRIGHT.solution.rows)) == {".", "/", "\\", "|", "#"}
    assert UPRIGHT.layout == UPRIGHT.solution


@pytest.mark.parametrize("progress", [EASY, CUSTOM, DAILY, UPRIGHT])
def test_a_game_in_progress_survives_the_trip(progress):
    code = savecode.export(progress)
    assert code.startswith("REFL1.") and len(code) < 300
    back = savecode.parse_code(code)
    assert back.settings == progress.settings and back.puzzle == progress.puzzle
    assert back.solution == progress.solution and back.layout == progress.layout and back.notes == progress.notes
    assert back.elapsed_ms == 83_000 and back.hints == 2  # whole seconds travel
    # A chat app's line breaks and spaces do not matter.
    assert savecode.parse_code("  " + "\n".join(code[i : i + 40] for i in range(0, len(code), 40)) + "\n") == back


def test_the_prefix_is_read_in_any_case():
    code = savecode.export(EASY)
    assert savecode.parse_code("refl1." + code[len(savecode.PREFIX) :]).puzzle == EASY.puzzle


def test_file_names_say_what_the_game_is():
    assert savecode.filename(EASY.settings) == "reflection-easy-1234.txt"
    assert savecode.filename(DAILY.settings) == "reflection-daily-2026-12-01-easy.txt"


def field_changed(index: int, value: str) -> str:
    fields = line_of(savecode.export(EASY)).split("~")
    fields[index] = value
    return pack("~".join(fields))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "rf-code-empty"),
        ("   \n ", "rf-code-empty"),
        ("hello there", "rf-code-foreign"),
        ("#join=abcdef", "rf-code-foreign"),
        ("REFL2.abcd", "rf-code-version"),
        ("refl2.abcd", "rf-code-version"),
        # Its letters' case changed (the prefix read, the body damaged): not "another format (1)".
        (savecode.export(EASY).lower(), "rf-code-damaged"),
        ("REFL1.", "rf-code-damaged"),
        ("REFL1.@@@@", "rf-code-damaged"),
        ("REFL1.abcde", "rf-code-damaged"),
        ("REFL1." + "A" * 7000, "rf-code-too-long"),
        (savecode.export(EASY)[:-6], "rf-code-damaged"),
        (pack("a~b"), "rf-code-damaged"),
        (pack("x" * 9000), "rf-code-too-long"),  # inflates past the limit
        (field_changed(0, "preset=nightmare&seed=1"), "rf-code-part"),
        (field_changed(0, "preset=hard&seed=1"), "rf-code-part"),  # settings and puzzle disagree
        (field_changed(1, "7"), "rf-code-part"),
        (field_changed(1, "x"), "rf-code-damaged"),
        (field_changed(4, "g1" * 24), "rf-code-part"),  # green numbers must pair up … and solve
        (field_changed(5, "." * 36), "rf-code-part"),  # the solution does not solve the clues
        (field_changed(5, "?" * 36), "rf-code-part"),
        (field_changed(6, "/" * 36), "rf-code-part"),  # more tiles than the tray holds
        (field_changed(6, "." * 35), "rf-code-part"),
        (field_changed(7, "-5"), "rf-code-damaged"),
        (field_changed(8, "1e3"), "rf-code-damaged"),
    ],
)
def test_a_bad_code_is_refused_with_a_reason(text, code):
    with pytest.raises(BadMessage) as caught:
        savecode.parse_code(text)
    assert caught.value.code == code
    assert str(caught.value) and "{" not in str(caught.value)


def as_code(data: bytes) -> str:
    return savecode.PREFIX + base64.urlsafe_b64encode(data).decode()


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=200).map(as_code),
        st.binary(max_size=200).map(zlib.compress).map(as_code),
    )
)
def test_nothing_but_a_reasoned_refusal_comes_out_of_garbage(text):
    try:
        savecode.parse_code(text)
    except BadMessage as err:
        assert err.code.startswith("rf-code-")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 7))
def test_a_flipped_bit_never_opens_a_different_game(position, bit):
    code = savecode.export(CUSTOM)
    body = bytearray(base64.urlsafe_b64decode(code[6:] + "=" * (-len(code[6:]) % 4)))
    body[position % len(body)] ^= 1 << bit
    with pytest.raises(BadMessage):
        savecode.parse_code(as_code(bytes(body)))


TRIANGLES = progress_for(
    {"preset": "custom", "size": "6", "diagonal": "2", "block": "1", "triangle": "3", "seed": "4"}, tiles=5
)


def test_triangle_mirrors_travel_as_keypad_digits_in_an_ascii_line():
    assert any(t in "".join(TRIANGLES.layout.rows) for t in "◤◥◢◣")
    code = savecode.export(TRIANGLES)
    fields = line_of(code).split("~")
    assert line_of(code).isascii() and fields[3] == "2,0,1,0,3"
    assert set(fields[5]) & set("7931") and not set(fields[5]) & set("◤◥◢◣")
    back = savecode.parse_code(code)
    assert (back.puzzle, back.solution, back.layout, back.notes) == (
        TRIANGLES.puzzle,
        TRIANGLES.solution,
        TRIANGLES.layout,
        TRIANGLES.notes,
    )


def test_a_code_without_triangle_mirrors_keeps_four_counts():
    assert line_of(savecode.export(EASY)).split("~")[3].count(",") == 3


def chat_broken(code: str, width: int = 40) -> str:
    return "\n".join(code[i : i + width] for i in range(0, len(code), width))


@pytest.mark.parametrize(
    "wrap",
    [
        "Here is my code: {code} see you",
        "Here is my code:\n{code}\nsee you tomorrow!",
        'code "{code}".',
        "«{code}»",
        "({code}), then lunch",
        "my save → {code}. Good luck",
        "`{code}`",
        "{code} and again: {code}",  # the same code twice is one game
    ],
)
def test_a_code_is_picked_out_of_a_message(wrap):
    """A player's pass: a code pasted with the words of the message it came in was refused as "not a saved
    Reflection game". It is picked out of the words, line breaks, quotes and punctuation around it, as an
    invitation's link is (``net.invite.code_of``)."""
    code = savecode.export(EASY)
    back = savecode.parse_code(code)
    assert savecode.parse_code(wrap.format(code=code)) == back
    # Broken across lines by a chat app, inside the message.
    assert savecode.parse_code(wrap.format(code=chat_broken(code))) == back


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f"mine: {savecode.export(EASY)} and hers: {savecode.export(CUSTOM)}", "rf-code-two"),
        (f"{savecode.export(EASY)}\n{savecode.export(DAILY)}", "rf-code-two"),
        (f"{savecode.export(EASY)} or {savecode.export(EASY)[:-6]}", "rf-code-two"),  # one of them broken
        (f"Here is my code: {savecode.export(EASY)[:-6]} see you", "rf-code-damaged"),
        ("Here is my code: REFL2.abcdef see you", "rf-code-version"),
        ("I love Reflection. Here is no code", "rf-code-foreign"),
    ],
)
def test_a_message_with_two_codes_or_a_broken_one_is_refused_with_a_reason(text, reason):
    with pytest.raises(BadMessage) as caught:
        savecode.parse_code(text)
    assert caught.value.code == reason
    assert str(caught.value) and "{" not in str(caught.value)
