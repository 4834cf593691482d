"""Forms shared by screens: a game's options as fields, read back into the raw options the game validates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.core.errors import BadOptions
from gamenight.core.game import OptionField, counting, form_number
from gamenight.i18n import N_, _, reasons, terms
from gamenight.ui.svg import Element, h

reasons({"option-number": N_("{label} must be a whole number from {lo} to {hi}.")})


def options_box(fields: Sequence[OptionField], values: Mapping[str, Any], follow: str = "") -> Element | None:
    """A game's options folded under "Options" (a table's setup, a lobby's game form), showing ``values``
    (or the defaults); ``None`` for a game with none. ``follow``: see ``option_fields``."""
    if not fields:
        return None
    return h(
        "details", {"class": "table-options"}, h("summary", {}, _("Options")), option_fields(fields, values, follow)
    )


def option_fields(fields: Sequence[OptionField], values: Mapping[str, Any], follow: str = "") -> list[Element]:
    """One labelled field per option, showing ``values`` (or the defaults).

    With ``follow`` (an action), a form that follows its own values (the lobby host's): only the fields that
    count with ``values`` (``counting``), each control sending its changes as ``follow`` with its option's
    name in ``data-field``, so the screen keeps the values shown (``drafted``) and draws the fields again."""
    shown = counting(fields, values) if follow else fields
    rows = []
    for f in shown:
        value = values.get(f.name, f.default)
        named = {"name": f.name, "data-action": follow or None, "data-field": f.name if follow else None}
        if f.kind == "choice":
            control = h(
                "select",
                named,
                [h("option", {"value": v, "selected": v == value}, _(label)) for v, label in f.choices],
            )
        elif f.kind == "bool":
            control = h("input", {"type": "checkbox", **named, "value": "1", "checked": bool(value)})
        else:
            control = h(
                "input",
                {"type": "number", **named, "value": value, "min": f.lo, "max": f.hi, "inputmode": "numeric"},
            )
        rows.append(h("label", {"class": f"option option-{f.kind}"}, h("span", {}, _(f.label)), control))
    return rows


# The most of a typed number a draft keeps (``core.game.MAX_DIGITS`` is far less: what it refuses is said on Apply).
MAX_TEXT = 200


def drafted(field: OptionField, text: str) -> Any:
    """What a changed control shows (untrusted text, from the page's own form): a choice's value, a number as
    typed (``options()`` judges it when the form is applied), a box's tick ("1"). A choice the field does not
    offer is its default."""
    if field.kind == "bool":
        return text == "1"
    if field.kind == "choice":
        return next((v for v, _label in field.choices if str(v) == text), field.default)
    number = form_number(text)
    return text[:MAX_TEXT] if number is None else number


def read_shown(fields: Sequence[OptionField], form: Mapping[str, str]) -> dict[str, Any]:
    """The raw options of a form that shows only the fields that count (``option_fields``'s ``follow``): those
    fields' values, as ``read_options`` reads them. A field the form does not show is not sent (a stale value
    in it could refuse a form for a field the host cannot see); the game takes its default, and ignores it."""
    raw = read_options(fields, form)
    shown = {f.name for f in counting(fields, raw)}
    return {name: value for name, value in raw.items() if name in shown}


def read_options(fields: Sequence[OptionField], form: Mapping[str, str]) -> dict[str, Any]:
    """The raw options a submitted form names (untrusted text → JSON values); the game validates them.

    Raises ``BadOptions`` naming the field as the form labels it.
    """
    raw: dict[str, Any] = {}
    terms({f.label: f.label for f in fields})  # a refusal names the field as the form shows it
    for f in fields:
        text = form.get(f.name)
        if f.kind == "bool":
            raw[f.name] = text == "1"
            continue
        if text is None or text == "":
            continue
        if f.kind == "choice":
            choice = next((v for v, _label in f.choices if str(v) == text), None)
            if choice is None:
                raise BadOptions("option-number", label=f.label, lo=f.choices[0][0], hi=f.choices[-1][0])
            raw[f.name] = choice
            continue
        number = form_number(text)
        if number is None:
            raise BadOptions("option-number", label=f.label, lo=f.lo, hi=f.hi)
        raw[f.name] = number
    return raw
