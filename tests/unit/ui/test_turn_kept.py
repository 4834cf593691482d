"""A partly built turn survives a page reload: a Raythread tile chosen (its orientation, the cell a tap
previewed, or a tile chosen to turn), a Light Seeker turn's actions made and not confirmed. The match screen
keeps the board's ``kept_turn`` in local storage (``match.TURNS_KEY``) as it changes, and a page that starts
again builds it on its board again (``resume``) only for the same game, position, move count and seat, that
seat this page's and to play; anything else kept is left alone, and a value that cannot be read (edited
storage, an older page's format) changes nothing and never raises."""

import json
from dataclasses import replace

import pytest

from gamenight import games
from gamenight.lightseeker import GAME as LS
from gamenight.lightseeker import rules as ls_rules
from gamenight.raythread import GAME as RT
from gamenight.raythread import rules as rt_rules
from gamenight.ui import app, match
from gamenight.ui.program import Env, Store, Stored, StoreEntries, UiEvent, keep_written
from gamenight.ui.svg import find_all, text_of
from tests.unit.ui.peers import Browser, FakeRtc, Page, match_with_bea
from tests.unit.ui.test_lobby_bots import click_place, first_place
from tests.unit.ui.test_lobby_screens import bea_answered

KEY = match.TURNS_KEY


def kept(storage: dict, effects) -> dict:
    """``storage`` after the page carried out ``effects`` (its writes), as the shell does."""
    for effect in effects:
        if isinstance(effect, Store | StoreEntries):
            keep_written(storage, effect)
    return storage


class Table:
    """A table on this device driven through the app, with its local storage."""

    def __init__(self, game: str, stored: dict | None = None, vs: bool = False) -> None:
        self.game = game
        self.storage: dict = dict(stored or {})
        route = f"#/{game}/table" + ("?vs=normal" if vs else "")
        self.model, effects = app.init(route, Env(stored=dict(self.storage), now_ms=1_000))
        kept(self.storage, effects)
        if not vs and self.model.inner.phase == "setup":
            self.send(UiEvent("submit", "table-setup", form={"name0": "Ann", "name1": "Bea"}, now_ms=2_000))

    def send(self, event: UiEvent) -> list:
        self.model, effects = app.update(self.model, event, Env(now_ms=2_000))
        kept(self.storage, effects)
        return effects

    def click(self, action: str, pointer: str = "", **data) -> list:
        return self.send(UiEvent("click", action, {k: str(v) for k, v in data.items()}, now_ms=2_000, pointer=pointer))

    def reload(self) -> "Table":
        return Table(self.game, self.storage)

    @property
    def ui(self) -> match.MatchUi:
        return self.model.inner.ui

    @property
    def local(self):
        return self.ui.local

    @property
    def entries(self) -> dict:
        return json.loads(self.storage.get(KEY, "{}"))


def rt_place(table: Table) -> dict:
    """A placement the seat to play may make now."""
    state = table.model.inner.played.state
    return [m for m in rt_rules.legal(state, state.seats[state.turn]) if m["type"] == "place"][3]


def rt_tapped(table: Table) -> dict:
    """A tile chosen (unless one is), turned to backslash, and previewed by a tap on a cell it may go to:
    placed on a touch screen but not confirmed (the second tap places). Returns the move it would make."""
    move = {**rt_place(table), "orient": "\\"}
    if table.local.chosen != move["tile"]:
        table.click("rt-hand", kind=move["tile"])
    table.click("rt-orient", orient="\\")
    r, c = move["cell"]
    table.click("rt-cell", pointer="touch", r=r, c=c)
    assert table.local.aim == (r, c) and table.ui.moves == len(table.model.inner.played.record.log)
    return move


def test_a_raythread_tile_chosen_and_tapped_on_a_cell_comes_back_after_a_reload_and_is_placed():
    table = Table("raythread")
    table.click("rt-hand", kind=rt_place(table)["tile"])
    # A tile chosen is a turn begun: kept at once, named by the game, the seat and the position.
    (name,) = table.entries
    assert name == match.turn_name("raythread", "A", table.ui.view)
    assert table.entries[name] == {
        "moves": 0,
        "turn": {"tile": table.local.chosen, "orient": "/", "turning": None, "aim": None, "keyed": False},
    }
    move = rt_tapped(table)
    again = table.reload()
    assert "Welcome back" in text_of(app.view(again.model))
    assert (again.local.chosen, again.local.orient, again.local.aim) == (move["tile"], "\\", tuple(move["cell"]))
    assert again.local.cursor == tuple(move["cell"]), "Enter at the cursor places it too"
    assert again.local.places == table.local.places  # its cells offered again
    # The second tap places it, as before the reload; the turn is done, and so is its entry.
    r, c = move["cell"]
    again.click("rt-cell", pointer="touch", r=r, c=c)
    assert again.model.inner.played.record.log[-1].move == move
    assert again.entries == {}


def test_a_raythread_tile_chosen_to_turn_comes_back_after_a_reload():
    table = Table("raythread")
    for _ in range(2):  # A places a tile, B places one: A's tile may turn now
        move = rt_place(table)
        table.click("rt-hand", kind=move["tile"])
        table.click("rt-cell", r=move["cell"][0], c=move["cell"][1])
    state = table.model.inner.played.state
    mine = next(t for t in state.tiles if t.owner == "A")
    table.click("rt-cell", r=mine.cell[0], c=mine.cell[1])  # the first click previews the turn
    assert table.local.turning == mine.cell
    again = table.reload()
    assert again.local.turning == mine.cell and again.local.chosen is None
    assert again.local.cursor == mine.cell, "R at the cursor turns it too"
    again.click("rt-cell", r=mine.cell[0], c=mine.cell[1])  # the second turns it
    assert again.model.inner.played.record.log[-1].move == {"type": "rotate", "cell": list(mine.cell)}
    assert again.entries == {}


def test_escape_forgets_the_kept_turn_and_a_reload_then_starts_afresh():
    table = Table("raythread")
    rt_tapped(table)
    assert table.entries
    table.send(UiEvent("keydown", "board", key="Escape", now_ms=2_000))
    assert table.entries == {}
    assert table.reload().local.chosen is None


def test_a_turn_kept_for_another_position_is_not_built_again():
    table = Table("raythread")
    rt_tapped(table)
    turns = table.storage[KEY]
    # The match moved on in another tab (the tile placed there): this page's entry is for the position before.
    move = rt_place(table)
    table.click("rt-cell", r=move["cell"][0], c=move["cell"][1])
    assert table.ui.moves == 1
    again = Table("raythread", {**table.storage, KEY: turns})
    assert again.local.chosen is None and again.local.aim is None and again.storage[KEY] == turns


def ls_half_turn(table: Table) -> tuple[dict, dict]:
    """Light Seeker's first turn (one action) played, then one action of the second turn's two made: the
    turn half built. Returns the second turn, whole, and its first action."""
    state = table.model.inner.played.state
    first = next(iter(LS.legal(state, state.to_move)))
    act(table, first["actions"][0])
    r, c = table.local.board().cells[first["buh"]]
    table.click("ls-cell", r=r, c=c)
    table.click("ls-confirm")
    state = table.model.inner.played.state
    second = next(iter(LS.legal(state, state.to_move)))
    act(table, second["actions"][0])
    return second, second["actions"][0]


def act(table: Table, action: dict) -> None:
    """One action as a player makes it: its cube, then its arrow."""
    if table.local.selected != action["cube"]:
        r, c = table.local.board().cells[action["cube"]]
        table.click("ls-cell", r=r, c=c)
    table.click("ls-act", cube=action["cube"], kind=action["kind"], dir=action["dir"])


def test_a_light_seeker_turn_half_built_comes_back_after_a_reload_and_is_confirmed():
    table = Table("lightseeker")
    turn, first = ls_half_turn(table)
    (entry,) = table.entries.values()
    assert entry["moves"] == 1 and entry["turn"]["actions"] == [first] and entry["turn"]["buh"] is None
    again = table.reload()
    assert [a.to_json() for a in again.local.actions] == [first]
    assert again.local.board() == table.local.board() and again.local.selected == table.local.selected
    assert again.local.rolls == {}, "a reload tells what was done; it does not roll the cube again"
    act(again, turn["actions"][1])
    r, c = again.local.board().cells[turn["buh"]]
    again.click("ls-cell", r=r, c=c)
    assert [e["turn"]["buh"] for e in again.entries.values()] == [turn["buh"]]  # Buh's cube is kept too
    assert again.reload().local.buh == turn["buh"]
    again.click("ls-confirm")
    assert again.model.inner.played.record.log[-1].move == turn
    assert again.entries == {}


def test_undoing_every_action_forgets_the_kept_turn():
    table = Table("lightseeker")
    ls_half_turn(table)
    assert table.entries
    table.click("ls-undo")
    assert table.entries == {} and table.reload().local.actions == ()


def test_a_turn_against_the_computer_comes_back_after_a_reload():
    table = Table("raythread", vs=True)
    assert table.model.inner.bots == {"C": "normal"}  # the person plays A, first
    move = rt_tapped(table)
    again = table.reload()
    assert (again.local.chosen, again.local.aim) == (move["tile"], tuple(move["cell"]))


def turn_writes(effects: list) -> int:
    """How many of ``effects`` write the kept turns (``KEY``)."""
    return sum(isinstance(e, StoreEntries) and e.key == KEY for e in effects)


def key(table: Table, name: str) -> list:
    return table.send(UiEvent("keydown", "board", key=name, now_ms=2_000))


ROUND = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp")


def assert_arrows_write_nothing(table: Table) -> None:
    """Two rounds of arrow keys move the cursor (it stands on more than one cell) and leave the kept turn as
    it was: no press writes it, and its entry is the same text after them."""
    kept = table.storage[KEY]
    cursors = set()
    for name in ROUND * 2:
        assert turn_writes(key(table, name)) == 0, name
        cursors.add(table.local.cursor)
    assert len(cursors) > 1 and table.storage[KEY] == kept


def test_arrow_keys_that_only_move_the_raythread_cursor_write_nothing():
    """The cursor is no part of the kept turn (where the player looked, not what they chose): an arrow key
    moves it, and the keyboard's preview with it, and writes nothing; a key that changes the turn writes."""
    table = Table("raythread")
    table.click("rt-hand", kind=rt_place(table)["tile"])
    assert_arrows_write_nothing(table)
    assert turn_writes(key(table, "o")) == 1  # the orientation is the turn's


def test_an_arrow_key_that_moves_off_a_tap_s_preview_writes_once():
    """A tap's preview is kept (the second tap places); an arrow key moves the preview away from it: the
    entry changes once, and the next arrow keys write nothing."""
    table = Table("raythread")
    _r, c = rt_tapped(table)["cell"]
    # Away from the tapped cell: on column 0 (where the deal's fourth placement is when the hand holds both
    # kinds of tile) ArrowLeft moves nothing.
    assert turn_writes(key(table, "ArrowLeft" if c > 0 else "ArrowRight")) == 1
    assert [e["turn"]["aim"] for e in table.entries.values()] == [None]
    assert sum(turn_writes(key(table, name)) for name in ROUND) == 0


def test_arrow_keys_that_only_move_the_light_seeker_cursor_write_nothing():
    """Light Seeker's turn with its actions made, Buh's cube still to choose: an arrow key only moves the
    cursor, and writes nothing."""
    table = Table("lightseeker")
    turn, _first = ls_half_turn(table)
    act(table, turn["actions"][1])
    assert not table.local.acting and table.local.buh is None
    assert_arrows_write_nothing(table)


# --- what is restored, straight from the match screen ---------------------------------------------


def rt_start(stored: dict, table: match.Table, moves: int = 0, view: dict | None = None) -> match.MatchUi:
    board = games.board("raythread")
    view = view or rt_view()
    return match.start("raythread", board, view, table, stored, moves=moves)


def rt_view() -> dict:
    return RT.view(RT.setup(RT.options(None), ["A", "C"], 7), "A")


def seats(mine: frozenset = frozenset({"A", "C"})) -> match.Table:
    return match.Table("raythread", (match.SeatAt("A", "Ann", "c1"), match.SeatAt("C", "Bea", "c2")), mine)


def entry(turn: dict, moves: int = 0, seat: str = "A", view: dict | None = None) -> dict:
    return {KEY: json.dumps({match.turn_name("raythread", seat, view or rt_view()): {"moves": moves, "turn": turn}})}


CHOSEN = {"tile": "prism", "orient": "\\", "turning": None, "aim": None}


def test_the_kept_turn_is_built_again_for_the_same_position_move_count_and_seat_to_play_only():
    fresh = rt_start({}, seats())
    ui = rt_start(entry(CHOSEN), seats())
    assert (ui.local.chosen, ui.local.orient, ui.local.cursor) == ("prism", "\\", fresh.local.cursor) and not ui.outbox
    # An older page's entry kept the cursor as well: read as before, its cursor left out.
    older = rt_start(entry({**CHOSEN, "cursor": [3, 4]}), seats())
    assert (older.local.chosen, older.local.cursor) == ("prism", fresh.local.cursor)
    assert rt_start(entry(CHOSEN, moves=1), seats()).local == fresh.local  # kept at another move count
    assert rt_start(entry(CHOSEN, moves=1), seats(), moves=1).local.chosen == "prism"
    # Another seat's turn (not to play), or the seat not this page's any more (a guest's seat taken over).
    assert rt_start(entry(CHOSEN, seat="C"), seats()).local == fresh.local
    assert rt_start(entry(CHOSEN), seats(frozenset({"C"}))).local == fresh.local
    # Another match's position (another seed): its name differs.
    other = RT.view(RT.setup(RT.options(None), ["A", "C"], 8), "A")
    assert rt_start(entry(CHOSEN, view=other), seats()).local == fresh.local
    # A page that only watches, or whose match no seat moves on any more (ended by the host, host lost).
    assert rt_start(entry(CHOSEN), seats(frozenset())).local == fresh.local
    halted = replace(rt_start({}, seats()), halted="The host ended the match.", stored=entry(CHOSEN))
    assert match.resumed(halted, seats()) is halted


BAD_TEXTS = [
    "not json",
    "[]",
    "null",
    '"text"',
    "{" * 200 + "}" * 200,
    json.dumps({"x": 1}) + "garbage",
    "x" * (70 * 1024),
]


def bad_turns() -> list:
    good = dict(CHOSEN)
    return [
        None,
        [],
        "prism",
        3,
        {},
        {**good, "tile": "rock"},
        {**good, "tile": ["prism"]},
        {**good, "orient": "|"},
        {**good, "orient": None},
        {**good, "aim": rt_view()["beacons"][0]["cell"]},  # not a cell a tile may go to
        {**good, "aim": "3,4"},
        {**good, "turning": [3, 4]},  # both a tile chosen and a tile to turn
        {**good, "tile": None},  # neither
        {**good, "tile": None, "turning": [3, 4]},  # no tile of this seat there
        {k: v for k, v in good.items() if k != "orient"},
    ]


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_stored_text_that_is_no_kept_turns_changes_nothing_and_never_raises(text):
    fresh = rt_start({}, seats())
    ui = rt_start({KEY: text}, seats())
    assert ui.local == fresh.local and not ui.outbox and ui.stored == {KEY: text}


@pytest.mark.parametrize("turn", bad_turns())
def test_a_kept_turn_of_another_shape_or_that_does_not_fit_changes_nothing_and_never_raises(turn):
    fresh = rt_start({}, seats())
    stored = entry(turn)
    ui = rt_start(stored, seats())
    assert ui.local == fresh.local and not ui.outbox and ui.stored == stored


@pytest.mark.parametrize("moves", [None, "0", -1, 0.0, True, [0]])
def test_a_kept_turn_with_a_move_count_of_another_shape_changes_nothing(moves):
    fresh = rt_start({}, seats())
    name = match.turn_name("raythread", "A", rt_view())
    ui = rt_start({KEY: json.dumps({name: {"moves": moves, "turn": CHOSEN}})}, seats())
    assert ui.local == fresh.local and not ui.outbox


def ls_start(stored: dict, moves: int = 1):
    state = LS.setup(LS.options(None), ["1", "2"], 5)
    first = next(iter(LS.legal(state, "1")))
    state, _ = LS.play(state, "1", first, 0)
    view = LS.view(state, "2")
    table = match.Table("lightseeker", (match.SeatAt("1", "Ann", "c1"), match.SeatAt("2", "Bea", "c2")), {"2"})
    return match.start("lightseeker", games.board("lightseeker"), view, table, stored, moves=moves), state


def ls_entry(turn, moves: int = 1) -> dict:
    _ui, state = ls_start({})
    view = LS.view(state, "2")
    return {KEY: json.dumps({match.turn_name("lightseeker", "2", view): {"moves": moves, "turn": turn}})}


def test_light_seeker_builds_a_kept_turn_again_as_a_player_makes_it_and_refuses_what_does_not_fit():
    fresh, state = ls_start({})
    turn = next(iter(LS.legal(state, "2")))
    # An older page's entry: it kept the cursor too, which is not read any more.
    whole = {"actions": turn["actions"], "buh": turn["buh"], "selected": None, "kind": None, "cursor": [1, 1]}
    ui, _ = ls_start(ls_entry(whole))
    assert [a.to_json() for a in ui.local.actions] == turn["actions"] and ui.local.buh == turn["buh"]
    half = {**whole, "actions": turn["actions"][:1], "buh": None, "selected": turn["actions"][1]["cube"]}
    ui, _ = ls_start(ls_entry(half))
    assert len(ui.local.actions) == 1 and ui.local.selected == half["selected"] and ui.local.buh is None
    assert ui.local.cursor == ui.local.board().cells[half["selected"]], "the cursor on the cube chosen next"
    assert ls_start(ls_entry(half, moves=2))[0].local == fresh.local
    buh_now = state.board.buh
    blocked = next(
        {"cube": i, "kind": "slide", "dir": d}
        for i, (r, c) in enumerate(state.board.cells)
        for d, (dr, dc) in (("N", (-1, 0)), ("E", (0, 1)), ("S", (1, 0)), ("W", (0, -1)))
        if i != buh_now and (r + dr, c + dc) in state.board.cells
    )
    misfits = [
        {**whole, "actions": []},  # no action: no turn begun
        {**whole, "actions": [*turn["actions"], turn["actions"][0]]},  # more than the turn's two
        {**whole, "actions": [{"cube": buh_now, "kind": "slide", "dir": "N"}]},  # Buh's cube acts
        {**whole, "actions": [blocked]},  # into another cube
        {**whole, "buh": buh_now},  # Buh stays
        {**half, "buh": turn["buh"]},  # Buh chosen with an action still to make
        {**half, "selected": buh_now},
        {**half, "actions": [{"cube": 0, "kind": "roll", "dir": "N"}]},
        {**half, "actions": [{"cube": 0, "kind": "slide", "dir": "Q"}]},
        {**half, "actions": [{"cube": 9, "kind": "slide", "dir": "N"}]},
        {**half, "actions": "N"},
        {**half, "kind": "jump"},
        {**whole, "selected": None, "kind": "tilt"},  # a key armed with no cube chosen
        [],
        None,
    ]
    for turn_kept in misfits:
        stored = ls_entry(turn_kept)
        ui, _ = ls_start(stored)
        assert ui.local == fresh.local and not ui.outbox and ui.stored == stored, turn_kept


# --- in a lobby -------------------------------------------------------------------------------------


def test_a_lobby_host_page_reloaded_mid_turn_builds_its_turn_again_and_a_guest_s_is_its_own():
    rtc = FakeRtc()
    host_browser = Browser()
    host, bea = match_with_bea(rtc, host_browser, game="lightseeker")

    def make(page, action):
        local = page.inner.board.local
        if local.selected != action["cube"]:
            r, c = local.board().cells[action["cube"]]
            page.click("ls-cell", r=str(r), c=str(c))
        page.click("ls-act", cube=str(action["cube"]), kind=action["kind"], dir=action["dir"])

    def whole(page, turn):
        for action in turn["actions"]:
            make(page, action)
        r, c = page.inner.board.local.board().cells[turn["buh"]]
        page.click("ls-cell", r=str(r), c=str(c))
        page.click("ls-confirm")

    def legal(page):
        board = page.inner.board
        return next(iter(LS.legal(ls_rules.from_view(board.view), board.view["to_move"])))

    def skip(page):  # the other page's turn is played back: a key skips it
        page.send(match.UiEvent("keydown", "board", key="ArrowLeft", now_ms=rtc.now))

    whole(host, legal(host))
    skip(bea)
    whole(bea, legal(bea))
    skip(host)
    turn = legal(host)
    make(host, turn["actions"][0])
    # Kept in the host's browser, named by its seat; the guest's browser keeps nothing of it.
    (name,) = json.loads(host_browser.storage[KEY])
    assert name.startswith("lightseeker/1/") and KEY not in bea.browser.storage
    host.close()
    reloaded = rtc.page(host_browser, "#/host?game=lightseeker")
    assert [a.to_json() for a in reloaded.inner.board.local.actions] == turn["actions"][:1]
    make(reloaded, turn["actions"][1])
    r, c = reloaded.inner.board.local.board().cells[turn["buh"]]
    reloaded.click("ls-cell", r=str(r), c=str(c))
    reloaded.click("ls-confirm")
    assert reloaded.inner.live.session.match.record.log[-1].move == turn
    assert json.loads(host_browser.storage.get(KEY, "{}")) == {}


def bea_to_play(rtc: FakeRtc) -> tuple[Page, Browser, str, Page]:
    """A lobby's Raythread match, Ann (the host, A) against Bea (B, her answered invitation ``link`` in
    ``bea_browser``), Ann's first tile placed: the host's page, Bea's browser, her link and her page."""
    host, bea_browser, link, bea = bea_answered(rtc)
    bea.click("sit", seat="C")
    host.click("start")
    click_place(host, first_place(host, "A"))
    return host, bea_browser, link, bea


def test_a_guest_page_reloaded_with_a_tile_chosen_finds_it_chosen_once_back_in_the_lobby():
    rtc = FakeRtc()
    host, bea_browser, link, bea = bea_to_play(rtc)
    move = {**first_place(host, "C"), "orient": "\\"}
    bea.click("rt-hand", kind=move["tile"])
    bea.click("rt-orient", orient="\\")
    tap(bea, move["cell"])
    (name,) = json.loads(bea_browser.storage[KEY])
    assert name.startswith("raythread/C/")
    # The page reloads; the host invites Bea back, and her page takes the match at the same position.
    bea.close()
    again = rtc.visit(bea_browser, link)
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    again.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=again.value_of("reply-code"))
    local = again.inner.board.local
    assert (local.chosen, local.orient, local.aim) == (move["tile"], "\\", tuple(move["cell"]))
    tap(again, move["cell"])  # the second tap places it
    assert host.inner.live.session.match.record.log[-1].move == move
    assert json.loads(bea_browser.storage.get(KEY, "{}")) == {}


def tap(page, cell) -> None:
    """A tap on a board cell (a touch screen's: the first previews, the second places)."""
    r, c = cell
    page.send(UiEvent("click", "rt-cell", {"r": str(r), "c": str(c)}, now_ms=page.rtc.now, pointer="touch"))
    page.rtc.pump()


# --- a position left without its turn played takes its entry with it (a player's pass) ---------------------


def rt_b_tapped() -> Table:
    """A table where Ann (A) placed a tile and Bea (B) has chosen one and previewed it on a cell."""
    table = Table("raythread")
    move = rt_place(table)
    table.click("rt-hand", kind=move["tile"])
    table.click("rt-cell", r=move["cell"][0], c=move["cell"][1])
    rt_tapped(table)
    (name,) = table.entries
    assert name.startswith("raythread/C/")
    return table


def test_undo_takes_out_the_turn_being_built_on_the_position_it_leaves():
    table = rt_b_tapped()
    table.click("table-undo")
    assert table.ui.moves == 0 and table.local.chosen is None
    assert table.entries == {}
    # Nothing is written for the position Undo went back to: nothing of its turn is chosen.
    assert table.reload().local.chosen is None


def test_a_new_match_takes_out_the_turn_being_built_on_the_match_it_replaces():
    table = rt_b_tapped()
    table.click("table-new")  # a match with moves in it: asked first
    table.click("table-new")
    assert table.ui.moves == 0 and table.entries == {}


def test_a_match_taken_from_another_tab_or_cleared_there_takes_out_this_tab_s_turn():
    table = rt_b_tapped()
    other = Table("raythread", {k: v for k, v in table.storage.items() if k != KEY})
    other.click("table-undo")
    theirs = other.storage["table.raythread"]
    table.send(Stored("table.raythread", theirs))
    assert table.ui.moves == 0 and table.entries == {}
    again = rt_b_tapped()
    again.send(Stored("table.raythread", None))
    assert again.model.inner.phase == "setup" and again.entries == {}


def test_a_lobby_match_the_host_ends_takes_out_a_guest_s_turn_being_built():
    rtc = FakeRtc()
    host, bea_browser, _link, bea = bea_to_play(rtc)
    bea.click("rt-hand", kind=first_place(host, "C")["tile"])
    assert json.loads(bea_browser.storage[KEY])
    host.click("end")
    host.click("end")
    assert json.loads(bea_browser.storage.get(KEY, "{}")) == {}


def test_a_lobby_rematch_takes_out_the_turn_being_built_on_the_match_it_replaces():
    rtc = FakeRtc()
    host_browser = Browser()
    host, _bea = match_with_bea(rtc, host_browser)
    host.click("rt-hand", kind=first_place(host, "A")["tile"])
    (name,) = json.loads(host_browser.storage[KEY])
    host.click("end")
    host.click("end")
    assert json.loads(host_browser.storage.get(KEY, "{}")) == {}
    host.click("start")  # the rematch
    assert name not in json.loads(host_browser.storage.get(KEY, "{}"))


# --- a page that stops showing the match takes its entry out (a player's pass) ------------------------------


def bea_building(rtc: FakeRtc) -> tuple[Page, Browser, Page]:
    """``bea_to_play`` with Bea's tile chosen: her browser keeps the turn (one entry)."""
    host, bea_browser, _link, bea = bea_to_play(rtc)
    bea.click("rt-hand", kind=first_place(host, "C")["tile"])
    assert json.loads(bea_browser.storage[KEY])
    return host, bea_browser, bea


def test_a_guest_back_to_a_lobby_that_set_up_another_game_takes_out_the_turn_it_was_building():
    """Bea's page lost the host mid-turn, and kept her turn (she may rejoin the match). Meanwhile the host
    ended the match and set up another game: rejoined, her page shows no board, and the turn it was building
    is taken out. Before, the board went with the entry still asked for nowhere (``sync_board`` returned no
    board, and the old board's outbox went with it)."""
    rtc = FakeRtc()
    host, bea_browser, bea = bea_building(rtc)
    rtc._drop(rtc._end(bea, "host"), notify_self=True)  # the connection breaks off
    rtc.pump()
    assert bea.inner.stage == "lost"
    assert json.loads(bea_browser.storage[KEY]), "a page that lost the host keeps its turn"
    host.click("end")
    host.click("end")
    host.submit("choose", game="lightseeker", players="2")
    bea_id = next(m for m, info in host.inner.live.session.members.items() if info.name == "Bea")
    host.click("invite", member=bea_id)
    bea.submit("rejoin", invitation=str(host.by_class("invite-link")[0].attr("value")))
    host.submit("reply", reply=bea.value_of("reply-code"))
    assert bea.inner.stage == "lobby" and bea.inner.board is None
    assert json.loads(bea_browser.storage.get(KEY, "{}")) == {}


# --- a screen left by a link keeps its turn, as a reload does -----------------------------------


def test_a_guest_who_leaves_the_lobby_by_a_link_keeps_the_turn_she_was_building():
    """Bea chose a tile, then followed the header's link home: going elsewhere a moment is not giving the turn
    up, so her browser keeps it as after a reload (the test above builds it again when she is back), while her
    page ends its connection to the host (``JoinScreen.leave``; test_lobby_screens.py)."""
    rtc = FakeRtc()
    _host, bea_browser, bea = bea_building(rtc)
    kept = json.loads(bea_browser.storage[KEY])
    bea.send(app.RouteChanged("#/"))
    bea.click("leave-go")  # asked first (test_lobby_screens.py)
    bea.send(app.RouteChanged(bea.address))
    assert bea.tree.attr("data-page") == "home"
    assert json.loads(bea_browser.storage[KEY]) == kept


def test_a_host_who_leaves_the_lobby_by_a_link_keeps_the_turn_she_was_building():
    rtc = FakeRtc()
    host_browser = Browser()
    host, _bea = match_with_bea(rtc, host_browser)
    host.click("rt-hand", kind=first_place(host, "A")["tile"])
    kept = json.loads(host_browser.storage[KEY])
    host.send(app.RouteChanged("#/raythread"))
    host.click("leave-go")  # asked first, with Bea connected (test_lobby_screens.py)
    host.send(app.RouteChanged(host.address))
    assert host.tree.attr("data-page") == "game"
    assert json.loads(host_browser.storage[KEY]) == kept


def test_a_player_who_leaves_a_table_by_a_link_finds_the_turn_being_built_when_she_comes_back():
    table = rt_b_tapped()
    chosen, aim = table.local.chosen, table.local.aim
    table.send(app.RouteChanged("#/settings"))
    assert table.entries
    # Back at the table (the page reads its storage afresh, as a reload): the tile and the cell she chose.
    again = table.reload()
    assert again.ui.moves == 1 and (again.local.chosen, again.local.aim) == (chosen, aim)


def test_a_raythread_tile_chosen_by_key_keeps_the_keyboard_s_hint_after_a_reload():
    """After a reload, a tile chosen by a key (to place, or to turn) got the pointer's hint ("Point at or tap a
    highlighted cell …", "Tap or click the tile again to turn it."): the page forgot how it was chosen. The kept
    turn says it, and the hint after the reload follows it; a tile chosen by a click keeps the pointer's words."""

    def hint(table: Table) -> str:
        tree = app.view(table.model)
        (p,) = find_all(tree, lambda e: e.attr("class") == "rt-hint")
        return text_of(p)

    table = Table("raythread")
    key(table, "1" if rt_place(table)["tile"] == "mirror" else "2")
    assert table.local.chosen is not None and hint(table).startswith("Move the cursor with the arrow keys")
    again = table.reload()
    assert again.local.chosen == table.local.chosen
    assert hint(again).startswith("Move the cursor with the arrow keys"), hint(again)
    key(again, "Escape")
    again.click("rt-hand", pointer="mouse", kind=rt_place(again)["tile"])
    assert hint(again.reload()).startswith("Point at or tap a highlighted cell")
    table = Table("raythread")
    for _ in range(2):  # A places a tile, B places one: A's tile may turn now
        move = rt_place(table)
        table.click("rt-hand", kind=move["tile"])
        table.click("rt-cell", r=move["cell"][0], c=move["cell"][1])
    mine = next(t for t in table.model.inner.played.state.tiles if t.owner == "A")
    r, c = table.local.cursor
    for name, steps in (("ArrowDown", mine.cell[0] - r), ("ArrowRight", mine.cell[1] - c)):
        for _ in range(abs(steps)):
            key(table, name if steps > 0 else {"ArrowDown": "ArrowUp", "ArrowRight": "ArrowLeft"}[name])
    key(table, "r")
    assert table.local.turning == mine.cell
    turned = table.reload()
    assert turned.local.turning == mine.cell and hint(turned).startswith("Press Enter to turn it"), hint(turned)
