"""The round secondary buttons (hear again, go on) must stand out from the paper they sit on and
carry an icon a child can see, in light and in dark: in dark they once were dark on dark."""

import re

import pytest

from child_steps import wait_screen
from test_screens import onboarded_profile


def rgb(css):
    """"rgb(r, g, b)" or "rgba(r, g, b, a)" → ((r, g, b), alpha)."""
    parts = [float(p) for p in re.findall(r"[\d.]+", css)]
    return tuple(parts[:3]), (parts[3] if len(parts) > 3 else 1.0)


def luminance(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(channel, colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def child_in_schule(browser, server, scheme):
    """A child's tablet in `scheme`, in Schule: the context and its page."""
    child = onboarded_profile(server, "igel", "gelb")
    context = browser.new_context(viewport={"width": 1180, "height": 820}, color_scheme=scheme)
    context.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page = context.new_page()
    page.goto(server.url)
    wait_screen(page, "home")
    page.click("[data-world-button=schule]")
    wait_screen(page, "schule")
    return context, page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_secondary_buttons_stand_out_and_show_their_icon(browser, server, scheme):
    context, page = child_in_schule(browser, server, scheme)
    styles = page.evaluate("""() => [...document.querySelectorAll('.sticker.secondary, #paper-skip')].map((b) => {
        const s = getComputedStyle(b);
        return { id: b.id || b.className, background: s.backgroundColor, color: s.color, shadow: s.boxShadow };
    })""")
    paper = page.evaluate("getComputedStyle(document.querySelector('.paper')).backgroundColor")
    assert len(styles) >= 3, styles
    for button in styles:
        surface, alpha = rgb(button["background"])
        assert alpha == 1, button
        icon, _ = rgb(button["color"])
        # WCAG's contrast for graphics and controls (1.4.11): at least 3:1.
        assert contrast(icon, surface) >= 3, (scheme, button)
        # A visible ring around it in either appearance (the buttons sit on paper-coloured panels too).
        ring = re.match(r"(rgba?\([^)]*\)) 0px 0px 0px 2px", button["shadow"])
        assert ring and rgb(ring.group(1))[1] >= 0.4, button
        if scheme == "dark":
            # Off the dark paper: a lighter surface.
            assert contrast(surface, rgb(paper)[0]) >= 1.2, (button, paper)
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_places_still_to_fill_and_the_werkstatt_buttons_are_seen(browser, server, scheme):
    """Empty stars, phase dots and the progress track stand out from the paper (they were 1.2:1);
    every Werkstatt button drawn in one colour (home, hear again, the ear, the pencil) shows its
    icon at 3:1 on its surface — the picture modes carry their pictures' own colours —, and the mode
    the child chose is told apart from the others by its surface."""
    context, page = child_in_schule(browser, server, scheme)
    page.wait_for_selector("#stars-pill .icon.empty")
    # The phase dots are drawn when the lesson's first phase arrives, which may come a moment later.
    page.wait_for_selector("#phase-dots span:not(.current):not(.done)")
    paper = rgb(page.evaluate("getComputedStyle(document.querySelector('.paper')).backgroundColor"))[0]
    slots = page.evaluate("""() => [
        getComputedStyle(document.querySelector('#stars-pill .icon.empty')).color,
        getComputedStyle(document.querySelector('#phase-dots span:not(.current):not(.done)')).backgroundColor,
        getComputedStyle(document.querySelector('#screen-schule .progress')).backgroundColor]""")
    for slot in slots:
        assert contrast(rgb(slot)[0], paper) >= 3, (scheme, slot, paper)
    # The celebration's empty stars on its blue panel (built as the celebration builds its row).
    star, panel = page.evaluate("""async () => {
        const { stars } = await import('/js/pictures.js');
        const row = document.querySelector('#celebration .star-row');
        row.innerHTML = stars(1);
        const empty = row.querySelector('.icon.empty');
        const s = getComputedStyle(empty);
        return [[s.color, Number(s.opacity)], getComputedStyle(row.closest('.panel')).backgroundColor]; }""")
    (colour, alpha), under = rgb(star[0]), rgb(panel)[0]
    seen = tuple(alpha * star[1] * c + (1 - alpha * star[1]) * u for c, u in zip(colour, under))  # as blended on the panel
    assert contrast(seen, under) >= 3, (scheme, star, panel)

    page.click("#screen-schule .bar .home-button")
    page.click("[data-world-button=werkstatt]")
    wait_screen(page, "werkstatt")
    page.wait_for_selector("#werkstatt-modes [aria-pressed=true]")
    page.click("#werkstatt-modes [data-mode=picture]")
    page.wait_for_function("document.body.dataset.werkstattMode === 'picture'")
    buttons = page.evaluate("""() => [...document.querySelectorAll('#screen-werkstatt button.sticker')].map((b) => {
        const s = getComputedStyle(b);
        return { label: b.getAttribute('aria-label'), pressed: b.getAttribute('aria-pressed'),
                 background: s.backgroundColor, color: s.color,
                 oneColour: b.querySelector('[stroke=currentColor], [fill=currentColor]') !== null };
    })""")
    assert sum(1 for b in buttons if b["oneColour"]) >= 4, buttons
    assert [b["label"] for b in buttons if b["pressed"] == "true"] == ["Bild"], buttons
    for button in (b for b in buttons if b["oneColour"]):
        assert contrast(rgb(button["color"])[0], rgb(button["background"])[0]) >= 3, (scheme, button)
    pressed = next(b for b in buttons if b["pressed"] == "true")
    assert all(b["background"] != pressed["background"] for b in buttons if b["pressed"] == "false"), buttons
    context.close()
