"""Saved games: a solo puzzle in progress as a short code (or a small text file holding it), and back.

A code is ``REFL1.`` followed by base64url of a zlib-packed line (deflate with a checksum, so a
damaged code is refused rather than misread) of ``~``-separated fields (``~`` is in no field: the
tiles include ``|``):

    settings (URL parameters) ~ board size ~ warp cells "r,c;r,c" ~ tile counts "d,f,b,h" (",t" when
    the puzzle has triangle mirrors) ~ clues "g5y3b7…" ~ solution (one character per cell) ~ desk
    (tiles, and "d"/"r" for notes) ~ seconds played ~ hints taken

The line is ASCII: a triangle mirror is written as the digit of its corner on a numeric keypad
(◤ 7, ◥ 9, ◢ 3, ◣ 1).

The clues travel with the code, so a code opens the same puzzle on any version of the generator. The
solution travels too, packed like the rest (the way Simon Tatham's puzzles obscure a game's
description), so hints, the check and giving up work offline on the other device; it is checked
against the clues when the code is read. The undo history does not travel. Reading is strict: every
field is checked, the parts must agree, and a bad code raises ``BadMessage`` with a reason a player
can read. Whitespace inside a code (a chat app's line breaks) is ignored, and so are the words, quotes and
punctuation of a message the code was pasted with (``line_in``).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from urllib.parse import parse_qsl, urlencode

from gamenight.core.errors import BadMessage, BadOptions
from gamenight.i18n import N_, reasons, terms
from gamenight.reflection.history import MARKS, NOTE, TILE, Desk
from gamenight.reflection.laser import EMPTY, TILES, Layout
from gamenight.reflection.puzzle import KINDS, check, parse_layout, parse_puzzle
from gamenight.reflection.training import Progress, Settings, desk_fits, parse_settings

MAGIC = "REFL"
VERSION = "1"
PREFIX = f"{MAGIC}{VERSION}."
MAX_CODE = 6000  # characters; a 12×12 puzzle's code is well under 1000
MAX_LINE = 8192  # bytes once inflated (a deflate bomb stops here)
FIELDS = 9
SEPARATOR = "~"
CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")
# A run of a code's characters in a message's word, with the base64 padding no code is written with: a code
# padded so is refused as damaged, not read without it.
CODE_RUN = re.compile(r"[A-Za-z0-9_-]+=*")
# Where a code starts in a message: its prefix, in any case, not inside a word ("Reflection." is none: a format
# is a number, read to name another one, "REFL2.").
CODE_START = re.compile(rf"(?<![A-Za-z0-9_-]){MAGIC}([0-9]{{0,8}})\.", re.IGNORECASE)
CLUES = re.compile(r"(?:[gyb][1-9][0-9]{0,3})+")
CLUE = re.compile(r"[gyb][0-9]+")
WARPS = re.compile(r"(?:\d{1,2},\d{1,2};\d{1,2},\d{1,2})?")
COUNTS = re.compile(r"\d{1,3}(?:,\d{1,3}){3,4}")  # a fifth count: triangle mirrors
# Triangle mirrors in the ASCII line: the keypad digit of the corner they fill.
TO_ASCII = str.maketrans({"◤": "7", "◥": "9", "◢": "3", "◣": "1"})
FROM_ASCII = str.maketrans({"7": "◤", "9": "◥", "3": "◢", "1": "◣"})
NUMBER = re.compile(r"\d{1,8}")

terms(
    {
        "rf-part-settings": N_("settings"),
        "rf-part-clues": N_("clues"),
        "rf-part-solution": N_("solution"),
        "rf-part-desk": N_("tiles and notes"),
    }
)
reasons(
    {
        "rf-code-empty": N_("Paste the code of a saved game first."),
        "rf-code-too-long": N_("That is too long to be the code of a saved game."),
        "rf-code-foreign": N_("That is not a saved Reflection game: its code starts with REFL1."),
        "rf-code-version": N_("That code was saved in another format ({version}); this app reads format 1."),
        "rf-code-damaged": N_("That code is damaged: part of it is missing or was changed."),
        "rf-code-two": N_("That text holds two different codes: paste the code of one saved game."),
        "rf-code-part": N_("That code is damaged: its {part} do not fit the puzzle."),
    }
)


def export(progress: Progress) -> str:
    """The code of ``progress`` (without its undo history)."""
    puzzle, desk = progress.puzzle, progress.desk
    n = puzzle.size
    cells = [(r, c) for r in range(n) for c in range(n)]
    fields = [
        urlencode(progress.settings.params()),
        str(n),
        ";".join(f"{r},{c}" for r, c in puzzle.warps),
        ",".join(map(str, puzzle.tiles.to_json().values())),  # no triangle count when there are none
        "".join(str(clue) for clue in puzzle.clues),
        "".join(progress.solution.rows).translate(TO_ASCII),
        "".join(
            desk.layout.at(cell) if desk.layout.at(cell) != EMPTY else desk.notes.at(cell) for cell in cells
        ).translate(TO_ASCII),
        str(progress.elapsed_ms // 1000),
        str(progress.hints),
    ]
    packed = zlib.compress(SEPARATOR.join(fields).encode("ascii"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def filename(settings: Settings) -> str:
    """The name a downloaded save file gets."""
    if settings.daily:
        return f"reflection-daily-{settings.daily}-{settings.preset}.txt"
    return f"reflection-{settings.preset}-{settings.seed}.txt"


def parse_code(text: str) -> Progress:
    """The game saved in ``text`` (a code, a save file's contents, or a message holding a code: ``line_in``);
    raises ``BadMessage``."""
    if not isinstance(text, str):
        raise BadMessage("rf-code-damaged")
    if len(text) > 4 * MAX_CODE:
        raise BadMessage("rf-code-too-long")
    if not text.split():
        raise BadMessage("rf-code-empty")
    fields = line_in(text).split(SEPARATOR)
    if len(fields) != FIELDS:
        raise BadMessage("rf-code-damaged")
    query, size_text, warps_text, counts_text, clues_text, solution_text, desk_text, seconds, hints = fields
    if not all(
        pattern.fullmatch(value)
        for pattern, value in (
            (NUMBER, size_text),
            (WARPS, warps_text),
            (COUNTS, counts_text),
            (CLUES, clues_text),
            (NUMBER, seconds),
            (NUMBER, hints),
        )
    ):
        raise BadMessage("rf-code-damaged")
    try:
        settings = parse_settings(dict(parse_qsl(query, keep_blank_values=True, strict_parsing=True)), 0)
    except (BadOptions, ValueError):
        raise BadMessage("rf-code-part", part="rf-part-settings") from None
    size = int(size_text)
    try:
        puzzle = parse_puzzle(
            {
                "size": size,
                "warps": [[int(x) for x in w.split(",")] for w in warps_text.split(";")] if warps_text else [],
                "tiles": dict(zip(KINDS, (int(x) for x in counts_text.split(",")), strict=False)),
                "clues": CLUE.findall(clues_text),
            }
        )
    except BadMessage:
        raise BadMessage("rf-code-part", part="rf-part-clues") from None
    if puzzle.size != settings.size or puzzle.tiles != settings.tiles or bool(puzzle.warps) != settings.warp:
        raise BadMessage("rf-code-part", part="rf-part-settings")
    solution = _layout(solution_text.translate(FROM_ASCII), size, "rf-part-solution")
    if not check(puzzle, solution):
        raise BadMessage("rf-code-part", part="rf-part-solution")
    desk = _desk(desk_text.translate(FROM_ASCII), size)
    if not desk_fits(puzzle, desk):
        raise BadMessage("rf-code-part", part="rf-part-desk")
    return Progress(settings, puzzle, solution, desk.layout, int(seconds) * 1000, int(hints), desk.notes)


def line_in(text: str) -> str:
    """The line of the one code in ``text``: a bare code, or one pasted with the message it came in ("Here is my
    code: REFL1.… see you"), among words, quotes and punctuation, and broken across lines by a chat app. As an
    invitation's link is read (``net.invite.code_of``: whitespace inside a code is dropped, the punctuation at
    its ends too), but a code here ends where its packed line ends: after the prefix, the runs of code
    characters that follow, each up to the first space or other character (a quote, a full stop), are
    joined, and the longest join whose line unpacks whole (deflate's end and checksum: ``_unpack``) is the
    code, so the words after it ("see you") are not read as its part. Two different codes, or a code and
    a broken one, are refused ("rf-code-two"); the same code twice is one."""
    found: dict[str, str | BadMessage] = {}
    for start in CODE_START.finditer(text):
        runs = _runs(text[start.end() :])
        whole = f"{start.group(1)}~{''.join(runs)}"
        if whole not in found:
            found[whole] = _line(start.group(1), runs)
    if not found:
        raise BadMessage("rf-code-foreign")
    lines = set(found.values())
    if len(lines) > 1:
        raise BadMessage("rf-code-two")
    (line,) = lines
    if isinstance(line, BadMessage):
        raise line
    return line


def _runs(rest: str) -> list[str]:
    """The runs of code characters after a code's prefix: one for each word, up to the first word that holds
    anything else (the code's last), another code's prefix, or more than a code's length."""
    runs: list[str] = []
    for word in rest.split():
        if CODE_START.search(word) and runs:
            break
        run = CODE_RUN.match(word)
        runs.append(run.group() if run else "")
        if not run or run.end() < len(word) or sum(map(len, runs)) > MAX_CODE:
            break
    return runs or [""]


def _line(version: str, runs: list[str]) -> str | BadMessage:
    """The line of the code ``REFL{version}.`` with the longest join of ``runs`` that unpacks, else why not
    (for the join of them all: the code with as much of it as the text holds)."""
    # The prefix is read in any case (its letters' case changed on the way); the body is not.
    if version != VERSION:
        return BadMessage("rf-code-version", version=version or "?")
    why = None
    for k in range(len(runs), 0, -1):
        body = "".join(runs[:k])
        try:
            if len(body) > MAX_CODE - len(PREFIX):
                raise BadMessage("rf-code-too-long")
            return _unpack(body)
        except BadMessage as error:
            why = why or error
    assert why is not None
    return why


def _unpack(body: str) -> str:
    if not CODE_CHARS.fullmatch(body) or len(body) % 4 == 1:
        raise BadMessage("rf-code-damaged")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        line = inflater.decompress(packed, MAX_LINE)
        if inflater.unconsumed_tail:
            raise BadMessage("rf-code-too-long")
        if not inflater.eof or inflater.unused_data:
            raise BadMessage("rf-code-damaged")
        return line.decode("ascii")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise BadMessage("rf-code-damaged") from None


def _layout(text: str, size: int, part: str) -> Layout:
    if len(text) != size * size:
        raise BadMessage("rf-code-part", part=part)
    try:
        return parse_layout({"rows": [text[i : i + size] for i in range(0, len(text), size)]}, size)
    except BadMessage:
        raise BadMessage("rf-code-part", part=part) from None


def _desk(text: str, size: int) -> Desk:
    if len(text) != size * size or not set(text) <= {EMPTY, *TILES, *MARKS}:
        raise BadMessage("rf-code-part", part="rf-part-desk")
    desk = Desk.empty(size)
    for i, ch in enumerate(text):
        if ch != EMPTY:
            desk = desk.put(divmod(i, size), NOTE if ch in MARKS else TILE, ch)
    return desk
