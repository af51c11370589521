"""The printable worksheet, as an adult meets it: from a child's dashboard, the letters that need
practice lead to a sheet of exactly those letters; the adult adds and removes letters, changes the
rows, and the preview shows every page the server draws (loaded images, in order); printed, only the
A4 pages remain, each the width of the paper. Screenshots light and dark at iPad size."""

from urllib.parse import quote

import pytest

from adult_gate import adult_cookie, create_profile, request, solve_gate_in_page
from conftest import FederServer, artifact
from socket_child import SocketChild


@pytest.fixture(scope="module")
def practised(tmp_path_factory):
    """A child whose small m was written as another letter (no star): it needs practice."""
    server = FederServer(tmp_path_factory.mktemp("worksheet"), clock_start="2026-11-20T09:00:00Z").start()
    child = create_profile(server, "igel", "blau", name="Lea")
    kid = SocketChild(server, child, seed=5)
    kid.lesson("M")
    kid.lesson("m", free_instead="l")
    kid.close()
    yield server, child
    server.stop()


def pages_shown(page):
    """Each preview page as the adult sees it: loaded or not, its pixel size, its description."""
    return page.evaluate("""[...document.querySelectorAll('#pages img')].map(i => ({
        loaded: i.complete && i.naturalWidth > 0, width: i.getBoundingClientRect().width,
        height: i.getBoundingClientRect().height, alt: i.alt, src: i.getAttribute('src') }))""")


def wait_pages(page, count):
    page.wait_for_function(f"""(() => {{ const imgs = [...document.querySelectorAll('#pages img')];
        return imgs.length === {count} && imgs.every(i => i.complete && i.naturalWidth > 0); }})()""")
    return pages_shown(page)


def layout(server, script, letters, rows):
    query = f"script={script}&letters={quote(letters)}&rows={rows}"
    status, body, _ = request(server, "GET", f"/api/v1/worksheet?{query}", cookie=adult_cookie(server))
    assert status == 200, body
    return body


def test_the_letters_that_need_practice_become_a_printable_sheet(browser, practised):
    server, child = practised
    context = browser.new_context(viewport={"width": 820, "height": 1180})
    page = context.new_page()
    page.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    needs = page.eval_on_selector_all("#needs-table tbody tr", "rows => rows.map(r => r.dataset.char)")
    assert "m" in needs, needs
    page.click("#needs-worksheet")
    page.wait_for_selector("body[data-loaded=true]")
    pressed = page.eval_on_selector_all("#letter-buttons button[aria-pressed=true]", "bs => bs.map(b => b.dataset.char)")
    assert pressed == needs
    shown = wait_pages(page, 1)
    assert shown[0]["alt"] == "Seite 1: " + ", ".join(needs)

    # Four more letters: at two rows each, four letters a page, so a second page; the preview shows
    # what the server lays out, page by page.
    for char in ["A", "a", "O", "o"]:
        page.click(f"#letter-buttons button[data-char='{char}']")
    letters = needs + ["A", "a", "O", "o"]
    expected = layout(server, "druck", "".join(letters), 2)
    assert len(expected["pages"]) == (len(letters) + 3) // 4 >= 2
    shown = wait_pages(page, len(expected["pages"]))
    assert [s["alt"] for s in shown] == [f"Seite {n + 1}: " + ", ".join(p) for n, p in enumerate(expected["pages"])]
    assert page.inner_text("#worksheet-status") == f"{len(expected['pages'])} Seiten."
    page.screenshot(path=str(artifact("adult-worksheet-ipad-light.png")), full_page=False)

    # Taking a letter away and one page per letter.
    page.click("#letter-buttons button[data-char='o']")
    page.select_option("#worksheet-form [name=rows]", "8")
    shown = wait_pages(page, len(letters) - 1)
    assert [s["alt"] for s in shown] == [f"Seite {n + 1}: {c}" for n, c in enumerate(letters[:-1])]
    assert all(abs(s["height"] / s["width"] - 297 / 210) < 0.01 for s in shown), shown

    # All capitals of the school print: A–Z and the three umlauts.
    page.click("[data-pick=capitals]")
    page.select_option("#worksheet-form [name=rows]", "2")
    pressed = page.eval_on_selector_all("#letter-buttons button[aria-pressed=true]", "bs => bs.map(b => b.dataset.char)")
    assert sorted(pressed) == sorted("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")
    capitals = layout(server, "druck", "".join(pressed), 2)
    shown = wait_pages(page, len(capitals["pages"]))
    assert len(shown) == 8 and shown[-1]["alt"] == "Seite 8: " + ", ".join(capitals["pages"][-1])

    # Printed: only the pages, each as wide as A4 (210 mm at 96 px per inch).
    page.emulate_media(media="print")
    assert not page.is_visible("header.top") and not page.is_visible("#worksheet-form")
    widths = [s["width"] for s in pages_shown(page)]
    assert all(abs(w - 210 / 25.4 * 96) < 1 for w in widths), widths
    page.emulate_media(media="screen")

    # Nothing chosen: no pages, a word why, and nothing to print.
    page.click("[data-pick=none]")
    page.wait_for_function("document.querySelectorAll('#pages img').length === 0")
    assert page.inner_text("#worksheet-status") == "Bitte Buchstaben wählen."
    assert page.is_disabled("#print")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_worksheet_screens(browser, practised, scheme):
    server, _ = practised
    context = browser.new_context(viewport={"width": 1180, "height": 820}, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{server.url}/adult/worksheet.html?script=schul&letters=MmAa&rows=4")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    shown = wait_pages(page, 2)
    assert page.eval_on_selector("[name=script]", "s => s.value") == "schul"
    assert [s["alt"] for s in shown] == ["Seite 1: M, m", "Seite 2: A, a"]
    page.screenshot(path=str(artifact(f"adult-worksheet-schul-{scheme}.png")), full_page=False)
    context.close()
