"""Phones: at 390×844 and 320×640 with touch, no route scrolls sideways and every control is at least
44 × 44 px (links inside running text aside)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import PageWatch, open_app
from tests.e2e.test_accessibility import ROUTES

pytestmark = pytest.mark.e2e
SMALL = """() => {
    const controls = document.querySelectorAll('button, a.button, input:not([type=hidden]), select, summary');
    const small = [];
    for (const control of controls) {
        // A checkbox or radio button is tapped through its label.
        const el = control.matches('input[type=checkbox], input[type=radio]') && control.closest('label') || control;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;  // not shown
        if (box.width < 44 || box.height < 44) {
            const name = (el.textContent || el.value || el.name || '').trim().slice(0, 20);
            const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
            small.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} "${name}" ${size}`);
        }
    }
    return small;
}"""


def phone_problems(page: Page, width: int) -> list[str]:
    problems = page.evaluate(SMALL)
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    if wide > 0:
        problems.append(f"the page scrolls sideways by {wide} px")
    shown = page.evaluate("window.innerWidth")
    if shown > width:  # a phone shows a page wider than its screen zoomed out, with tiny text
        problems.append(f"the page is {shown} px wide on a {width} px screen")
    return problems


@pytest.mark.parametrize("size", [(390, 844), (320, 640)], ids=["390x844", "320x640"])
def test_routes_fit_a_phone_and_controls_are_finger_sized(browser: Browser, site_url: str, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    watch = PageWatch(origin=site_url)
    page = watch.attach(context.new_page())
    found = {}
    try:
        open_app(page, site_url, "#/")
        for route, then in ROUTES:
            page.evaluate("(route) => { location.hash = route; }", route)
            page.wait_for_function("(route) => location.hash === route", arg=route)
            page.wait_for_timeout(300)
            if then:
                then(page)
            problems = phone_problems(page, size[0])
            if problems:
                found[f"{route}{' (then ' + then.__name__ + ')' if then else ''}"] = problems
        assert not found, "\n".join(f"{route}: {problems}" for route, problems in found.items())
        watch.check()
    finally:
        context.close()
