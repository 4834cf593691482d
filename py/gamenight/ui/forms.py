"""Forms shared by screens: a game's options as fields, read back into the raw options the game validates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.core.errors import BadOptions
from gamenight.core.game import OptionField, form_number
from gamenight.i18n import N_, _, reasons, terms
from gamenight.ui.svg import Element, h

reasons({"option-number": N_("{label} must be a whole number from {lo} to {hi}.")})


def options_box(fields: Sequence[OptionField], values: Mapping[str, Any]) -> Element | None:
    """A game's options folded under "Options" (a table's setup, a lobby's game form), showing ``values``
    (or the defaults); ``None`` for a game with none."""
    if not fields:
        return None
    return h("details", {"class": "table-options"}, h("summary", {}, _("Options")), option_fields(fields, values))


def option_fields(fields: Sequence[OptionField], values: Mapping[str, Any]) -> list[Element]:
    """One labelled field per option, showing ``values`` (or the defaults)."""
    shown = []
    for f in fields:
        value = values.get(f.name, f.default)
        if f.kind == "choice":
            control = h(
                "select",
                {"name": f.name},
                [h("option", {"value": v, "selected": v == value}, _(label)) for v, label in f.choices],
            )
        elif f.kind == "bool":
            control = h("input", {"type": "checkbox", "name": f.name, "value": "1", "checked": bool(value)})
        else:
            control = h(
                "input",
                {"type": "number", "name": f.name, "value": value, "min": f.lo, "max": f.hi, "inputmode": "numeric"},
            )
        shown.append(h("label", {"class": f"option option-{f.kind}"}, h("span", {}, _(f.label)), control))
    return shown


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
