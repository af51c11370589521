"""The adult dashboard shows exactly what is stored. A child practises through the real WebSocket
protocol on two days (by finger on the first, by pen on the second, with letters written the wrong
way round, one letter left unfinished), then the dashboard in the browser is read like a person reads it and every number,
rate, error, tip and ink is compared with the SQLite rows. Screenshots at iPad and phone size."""

import json
import math
import sqlite3
from collections import Counter, defaultdict
from datetime import date, datetime, timezone

import pytest

from adult_gate import create_profile, solve_gate_in_page
from conftest import FederServer, artifact
from socket_child import SocketChild, glyph

DAY1, DAY2 = "2026-11-20T09:00:00Z", "2026-11-21T09:00:00Z"
ERROR_ORDER = ["mirrored", "wrongStart", "reversed", "strokeOrder", "joinedStrokes", "missingStroke", "missingJoin",
               "liftedTooEarly", "joinHeight", "notCovered", "leftCorridor", "cornerCut", "overshoot", "tooBig",
               "tooSmall", "offLines", "extraStroke", "wrongDot", "anotherLetter"]
ERROR_NAMES_DE = {"reversed": "falsche Richtung", "anotherLetter": "anderer Buchstabe", "notCovered": "nicht ganz nachgefahren",
                  "leftCorridor": "von der Linie abgekommen", "cornerCut": "Ecke abgerundet", "overshoot": "über das Ende hinaus",
                  "wrongStart": "falscher Anfang", "strokeOrder": "falsche Reihenfolge", "extraStroke": "zusätzlicher Strich",
                  "missingStroke": "Strich fehlt", "tooSmall": "zu klein", "tooBig": "zu groß", "offLines": "nicht auf den Linien",
                  "mirrored": "gespiegelt", "joinedStrokes": "Striche verbunden"}
PHASES = {"observe": "Anschauen", "direct": "Richtung lernen", "guided": "Nachspuren", "freeWrite": "Selbst schreiben"}


def pct(v):
    return "–" if v is None else f"{math.floor(v * 100 + 0.5)} %"


def minutes(seconds):
    return f"{seconds / 60:.1f} min".replace(".", ",")


def local_day(stored: str) -> date:
    """The calendar day of a stored UTC time in this machine's time zone (the server's, too)."""
    return datetime.fromisoformat(stored).replace(tzinfo=timezone.utc).astimezone().date()


def day_label(d: date) -> str:
    return f"{d.day}.{d.month}."


@pytest.fixture(scope="module")
def practised(tmp_path_factory):
    """A child with two days of practice; yields (server, child id)."""
    data = tmp_path_factory.mktemp("dashboard")
    server = FederServer(data, clock_start=DAY1).start()
    child = create_profile(server, "katze", "lila", name="Mia")
    kid = SocketChild(server, child, seed=3)
    kid.lesson("M", pointer="touch")
    kid.lesson("m", pointer="touch", free_instead="l")  # another letter where m belongs: no star
    kid.close()
    server.stop()
    server = FederServer(data, clock_start=DAY2).start()
    kid = SocketChild(server, child, seed=4)
    for char in ["M", "A", "M"]:
        kid.lesson(char)
    # A letter begun and left for another: its observe attempt is stored as abandoned.
    mark = len(kid.replies)
    kid.send({"type": "start", "glyph": "i"})
    kid.wait(lambda m: m["type"] == "started", since=mark)
    # Half a stroke of L traced, then "Nochmal": stored as restarted, with 0 stars by rule although
    # it was never finished; it is not a failed attempt on the dashboard.
    mark = len(kid.replies)
    kid.send({"type": "start", "glyph": "L"})
    kid.wait(lambda m: m["type"] == "started", since=mark)
    kid.send({"type": "tap", "point": [0, 0]})
    kid.wait(kid.phase_started("direct"), since=mark)
    kid.send({"type": "tap", "dot": 0})
    kid.wait(kid.phase_started("guided"), since=mark)
    first = glyph(server, "L")["strokes"][0]["checkpoints"]
    kid.write({"strokes": [{"checkpoints": first[: max(2, len(first) // 2)]}]})
    kid.send({"type": "restart"})
    kid.wait(lambda m: m["type"] == "stored" and m["phase"] == "guided", since=mark)
    # Written the wrong way round three times: a habit across letters that still earn stars.
    for char in ["a", "A", "M"]:
        kid.lesson(char, free_reverse=True)
    kid.close()
    yield server, child
    server.stop()


# A judged attempt (docs/ADULT.md): guided or free writing, finished (passed or repeated), with stars.
JUDGED_SQL = "phase IN ('guided', 'freeWrite') AND outcome IN ('passed', 'repeated') AND stars IS NOT NULL"


def is_judged(r):
    return r["phase"] in ("guided", "freeWrite") and r["outcome"] in ("passed", "repeated") and r["stars"] is not None


def rows(server, sql, *args):
    with server.db() as con:
        con.row_factory = sqlite3.Row
        return [dict(r) for r in con.execute(sql, args)]


def table(page, selector):
    return page.evaluate(f"""[...document.querySelectorAll('{selector} tbody tr')]
        .map(tr => [...tr.children].map(c => c.textContent))""")


@pytest.fixture(scope="module")
def dashboard(browser, practised):
    server, child = practised
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    page.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    yield page
    context.close()


def test_the_days_practice_time_and_accuracy_equal_the_stored_attempts(practised, dashboard):
    server, child = practised
    records = rows(server, "SELECT * FROM phaseRecord WHERE childID = ?", child)
    by_day = defaultdict(list)
    for r in records:
        by_day[local_day(r["startedAt"])].append(r)
    assert len(by_day) == 2
    practice = {row[0]: row[1] for row in table(dashboard, "#practice-table")}
    accuracy = {row[0]: row[1:] for row in table(dashboard, "#accuracy-table")}
    assert len(practice) == 30 and len(accuracy) == 30
    for day, rs in by_day.items():
        judged = [r for r in rs if is_judged(r)]
        ok = sum(1 for r in judged if r["stars"] >= 1)
        assert practice[day_label(day)] == minutes(sum(r["activeSeconds"] for r in rs))
        assert accuracy[day_label(day)] == [str(len(judged)), str(ok), pct(ok / len(judged))]
    quiet = [label for label, cells in accuracy.items() if cells == ["0", "0", "–"]]
    assert len(quiet) == 28, "every other day shows no practice"
    assert any(r["outcome"] == "restarted" and r["stars"] == 0 for r in records), "the fixture has a left attempt"
    all_judged = [r for r in records if is_judged(r)]
    ok = sum(1 for r in all_judged if r["stars"] >= 1)
    assert dashboard.inner_text("#fig-accuracy") == f"{pct(ok / len(all_judged))} ({ok} von {len(all_judged)})"
    assert dashboard.inner_text("#fig-practice") == minutes(sum(r["activeSeconds"] for r in records))
    assert dashboard.inner_text("#fig-streak") == "2", "practised yesterday and today"
    # "Heute": the letters finished today as the child's jar counts them, and today's time on the screen.
    today = max(by_day)
    [finished] = rows(server, "SELECT COUNT(*) AS n FROM letterSession WHERE childID = ? AND day = ? AND completed = 1"
                      " AND world = 'schule'", child, today.isoformat())
    assert finished["n"] >= 2, "the fixture finishes several letters on its second day"
    today_seconds = sum(r["activeSeconds"] for r in by_day[today])
    assert dashboard.inner_text("#fig-today") == f"{finished['n']} Buchstaben fertig, {minutes(today_seconds)}"
    # The practice chart's axis reads as it is drawn: five evenly spaced ticks, each a whole or half
    # minute (German decimal comma) that matches its height (a maximum of five once labelled 1.25
    # minutes "1"), and it is not taller than the longest day needs (it once started at 8 minutes,
    # so a short day was a sliver).
    ticks = dashboard.evaluate("""() => [...document.querySelectorAll('#practice-chart svg text')]
        .filter((t) => t.textContent.endsWith(' min')).map((t) => [t.textContent, Number(t.getAttribute('y'))])""")
    values = [float(label.split()[0].replace(",", ".")) for label, _ in ticks]
    assert len(values) == 5 and values[0] == 0, ticks
    assert all(v * 2 == int(v * 2) for v in values), ticks
    assert all(b - a == values[1] for a, b in zip(values, values[1:])), ticks
    longest = max(sum(r["activeSeconds"] for r in rs) for rs in by_day.values()) / 60
    assert longest <= values[-1] and (values[-1] == 2 or values[-1] < longest + 4), (longest, ticks)
    ys = [y for _, y in ticks]
    assert max(abs((ys[k] - ys[0]) - k * (ys[1] - ys[0])) for k in range(5)) < 0.5, ticks
    # Every label of both day charts is seen whole: none begins left of the chart ("1,5 min" once
    # read "l,5 min", its 1 cut off by the chart's edge).
    cut = dashboard.evaluate("""() => [...document.querySelectorAll('#practice-chart svg text, #accuracy-chart svg text')]
        .filter((t) => t.getBBox().x < 0 || t.getBBox().x + t.getBBox().width > t.ownerSVGElement.viewBox.baseVal.width)
        .map((t) => t.textContent)""")
    assert cut == [], cut


def test_phase_completion_rates_count_every_attempt_begun(practised, dashboard):
    server, child = practised
    shown = {row[0]: row[1:] for row in table(dashboard, "#phase-table")}
    for phase, name in PHASES.items():
        rs = rows(server, "SELECT outcome FROM phaseRecord WHERE childID = ? AND phase = ?", child, phase)
        passed = sum(1 for r in rs if r["outcome"] == "passed")
        assert shown[name] == [str(len(rs)), str(passed), pct(passed / len(rs) if rs else None)]
    left = rows(server, "SELECT outcome FROM phaseRecord WHERE childID = ? AND glyph = 'i'", child)
    assert left == [{"outcome": "abandoned"}], "the letter left behind is begun, not passed"
    assert shown["Anschauen"][2] != "100 %"


def test_letters_needing_practice_show_their_most_frequent_error_and_its_tip(practised, dashboard):
    server, child = practised
    judged = rows(server, f"""SELECT glyph, stars, record FROM phaseRecord WHERE childID = ? AND script = 'druck'
                              AND {JUDGED_SQL} ORDER BY startedAt, id""", child)
    letters = defaultdict(list)
    for r in judged:
        letters[r["glyph"]].append(r)
    expected = {}
    for char, rs in letters.items():
        ok = sum(1 for r in rs if r["stars"] >= 1)
        if ok / len(rs) < 2 / 3:
            errors = [e for r in rs for e in json.loads(r["record"])["errors"]]
            counts = Counter(e["code"] for e in errors)
            top = min(counts, key=lambda c: (-counts[c], ERROR_ORDER.index(c))) if counts else None
            tip = next((e["tip"]["text"] for e in reversed(errors) if e["code"] == top), "–")
            expected[char] = (str(len(rs)), str(ok), top, counts.get(top, 0), tip)
    assert "m" in expected, "an m written as another letter needs practice"
    shown = dashboard.evaluate("""[...document.querySelectorAll('#needs-table tbody tr')]
        .map(tr => [tr.dataset.char, tr.dataset.error || null, [...tr.children].map(c => c.textContent)])""")
    assert {char for char, _, _ in shown} == set(expected)
    for char, error, cells in shown:
        judged_n, ok, top, count, tip = expected[char]
        assert cells[1:3] == [judged_n, ok]
        assert error == top and cells[3].endswith(f"({count}×)") and cells[4] == tip
    reversed_a = rows(server, "SELECT record FROM phaseRecord WHERE childID = ? AND glyph = 'a' AND phase = 'freeWrite'", child)
    assert all("reversed" in [e["code"] for e in json.loads(r["record"])["errors"]] for r in reversed_a), \
        "written the wrong way round: the stored errors say so"


def test_an_error_that_comes_back_across_letters_is_shown_though_the_letters_earned_stars(practised, dashboard):
    """A child who writes letter after letter the wrong way round gets two stars for each and no
    letter "needs practice"; the parent still learns of the habit (a review of a simulated week found
    it nowhere on the page)."""
    server, child = practised
    judged = rows(server, f"""SELECT glyph, startedAt, record FROM phaseRecord WHERE childID = ? AND {JUDGED_SQL}
                              ORDER BY startedAt, id""", child)
    today = max(local_day(r["startedAt"]) for r in judged)
    window = [r for r in judged if (today - local_day(r["startedAt"])).days < 14]
    attempts = defaultdict(list)
    for r in window:
        for code in {e["code"] for e in json.loads(r["record"])["errors"]}:
            attempts[code].append(r)
    needed = max(3, 0.1 * len(window))
    recurring = sorted((c for c in attempts if len(attempts[c]) >= needed), key=lambda c: (-len(attempts[c]), ERROR_ORDER.index(c)))[:4]
    assert "reversed" in recurring, "three letters written the wrong way round"
    shown = dashboard.evaluate("""[...document.querySelectorAll('#recurring-table tbody tr')]
        .map(tr => [tr.dataset.error, [...tr.children].map(c => c.textContent)])""")
    assert [error for error, _ in shown] == recurring
    for error, cells in shown:
        rs = attempts[error]
        letters = []
        for r in reversed(rs):
            if r["glyph"] not in letters:
                letters.append(r["glyph"])
        tip = next(e["tip"]["text"] for e in reversed(json.loads(rs[-1]["record"])["errors"]) if e["code"] == error)
        assert cells == [ERROR_NAMES_DE[error], f"{len(rs)} von {len(window)}", " ".join(letters[:6]), tip]
    assert dashboard.evaluate("document.getElementById('recurring-none').hidden")


def test_schreibmotorik_shows_pressure_only_where_a_pen_measured_it(practised, dashboard):
    server, child = practised
    judged = rows(server, f"""SELECT startedAt, pointer, record FROM phaseRecord WHERE childID = ?
                              AND {JUDGED_SQL}""", child)
    by_day = defaultdict(list)
    for r in judged:
        motor = (json.loads(r["record"]).get("assessment") or {}).get("motor")
        if motor:
            by_day[local_day(r["startedAt"])].append(motor)
    shown = {row[0]: row[1:] for row in table(dashboard, "#motor-table")}
    assert len(shown) == len(by_day) == 2
    for day, dims in by_day.items():
        mean = lambda xs: sum(xs) / len(xs) if xs else None
        druck = [d["druck"] for d in dims if d["druckStatus"] == "measured" and d.get("druck") is not None]
        assert shown[day_label(day)] == [
            str(len(dims)), pct(mean([d["form"] for d in dims])),
            pct(mean([d["tempo"] for d in dims if d.get("tempo") is not None])),
            pct(mean([d["rhythmus"] for d in dims if d.get("rhythmus") is not None])),
            "nicht gemessen" if not druck else pct(mean(druck))]
    finger_day, pen_day = sorted(by_day)
    assert shown[day_label(finger_day)][-1] == "nicht gemessen", "a finger has no pressure: not 100 %"
    assert shown[day_label(pen_day)][-1].endswith("%"), "the pen measured pressure"
    # The legend's row stands above the chart's highest line, where points at 100 % are drawn (they
    # ran through the names).
    legend_bottom, top_line, highest_point = dashboard.evaluate('''() => {
        const svg = document.querySelector('#motor-chart svg');
        const legend = [...svg.querySelectorAll(':scope > rect, :scope > text')].filter((e) => e.getBBox().y < 20);
        const lines = [...svg.querySelectorAll('line.grid')].map((l) => Number(l.getAttribute('y1')));
        const points = [...svg.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cy')) - Number(c.getAttribute('r')));
        return [Math.max(...legend.map((e) => e.getBBox().y + e.getBBox().height)), Math.min(...lines), Math.min(...points)];
    }''')
    assert legend_bottom < top_line - 4 and legend_bottom < highest_point, (legend_bottom, top_line, highest_point)


def test_the_alphabet_and_the_latest_free_writing_come_from_the_stored_ink(practised, dashboard):
    server, child = practised
    learner = json.loads(rows(server, "SELECT learner FROM child WHERE id = ?", child)[0]["learner"])
    grid = dashboard.evaluate("""[...document.querySelectorAll('#letters-grid li')].map(li => [li.dataset.char, li.dataset.stars])""")
    for char, stars in grid:
        assert int(stars) == (learner["letters"].get(f"druck/{char}", {}).get("bestStars", 0)), char
    assert {c for c, s in grid if int(s) > 0} >= {"M", "A"}
    # Every letter says how far it has grown, in words: a letter never practised "noch nicht geübt",
    # one finished with a star at least "mit Stern geschafft" (it was blank for every letter).
    levels = dict(dashboard.evaluate("""[...document.querySelectorAll('#letters-grid li')].map(li =>
        [li.dataset.char, li.querySelector('.level').textContent])"""))
    starred = ("mit Stern geschafft", "gelernt", "sicher")
    # Per-letter accuracy: the judged attempts of the letter (as the day chart counts them) and those
    # that earned a star, in words on its tile.
    accuracy = dict(dashboard.evaluate("""[...document.querySelectorAll('#letters-grid li')].map(li =>
        [li.dataset.char, li.querySelector('.accuracy').textContent])"""))
    records = rows(server, "SELECT * FROM phaseRecord WHERE childID = ? AND script = 'druck'", child)
    for char, _ in grid:
        judged = [r for r in records if r["glyph"] == char and is_judged(r)]
        ok = sum(1 for r in judged if r["stars"] >= 1)
        assert accuracy[char] == (f"{ok} von {len(judged)} gelungen" if judged else ""), (char, accuracy[char])
    assert any(accuracy.values()), "the fixture's letters show their accuracy"
    for char, stars in grid:
        practised = learner["letters"].get(f"druck/{char}")
        if practised is None:
            assert levels[char] == "noch nicht geübt", (char, levels[char])
        elif int(stars) > 0:
            assert levels[char] in starred, (char, levels[char])
        else:
            assert levels[char] == "begonnen", (char, levels[char])
    free = rows(server, """SELECT id, glyph, ink FROM phaseRecord WHERE childID = ? AND phase = 'freeWrite' AND ink IS NOT NULL
                           ORDER BY startedAt DESC, id DESC LIMIT 6""", child)
    shown = dashboard.evaluate("""[...document.querySelectorAll('#latest-free li')].map(li => ({
        id: Number(li.dataset.record), char: li.dataset.char, strokes: li.querySelectorAll('svg .ink').length,
        model: li.querySelectorAll('svg .model').length,
        points: [...li.querySelectorAll('svg polyline.ink')].map(p => p.points.numberOfItems) }))""")
    assert [s["id"] for s in shown] == [r["id"] for r in free]
    for s, r in zip(shown, free):
        ink = json.loads(r["ink"])
        assert s["char"] == r["glyph"] and s["strokes"] == len(ink["strokes"]) and s["model"] >= 1
        assert s["points"] == [len(stroke) for stroke in ink["strokes"] if len(stroke) > 1], "every sample drawn"


def test_paper_transfer_is_asked_for_learnt_letters_and_stored(practised, dashboard):
    server, child = practised
    learnt = dashboard.evaluate("[...document.querySelectorAll('#paper-list li')].map(li => li.dataset.char)")
    assert learnt, "the practice (M three times) makes M learnt"
    char = learnt[0]
    # Each letter's three faces lie inside its own tile: wider than the tile, a face was covered by
    # the next letter's tile, and a click on M's face rated A (a real mouse click, at its middle).
    outside = dashboard.evaluate("""() => [...document.querySelectorAll('#paper-list li')].flatMap((li) => {
        const tile = li.getBoundingClientRect();
        return [...li.querySelectorAll('button')].filter((b) => {
            const r = b.getBoundingClientRect();
            return r.left < tile.left || r.right > tile.right || r.top < tile.top || r.bottom > tile.bottom;
        }).map((b) => li.dataset.char + b.dataset.face);
    })""")
    assert outside == [], outside
    face = dashboard.locator(f"#paper-list li[data-char='{char}'] button[data-face='3']")
    face.scroll_into_view_if_needed()
    box = face.bounding_box()
    dashboard.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    dashboard.wait_for_function(f"document.querySelector(\"#paper-list li[data-char='{char}']\").dataset.paper === '3'")
    stored = rows(server, "SELECT glyph, face, ratedBy FROM researchPaperRating WHERE childID = ?", child)
    assert stored == [{"glyph": char, "face": 3, "ratedBy": "adult"}]
    assert dashboard.inner_text(f"#paper-list li[data-char='{char}'] .level") == "sicher"


@pytest.mark.parametrize("size", [("ipad", 1180, 820), ("phone", 390, 844)], ids=["ipad", "phone"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dashboard_screenshots(browser, practised, size, scheme):
    server, child = practised
    name, width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    wide = page.evaluate("""[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right
        > document.documentElement.clientWidth + 1 && !e.closest('.table-scroll')).slice(0, 5)
        .map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert overflow <= 1, f"the page scrolls sideways at {width} px: {wide}"
    page.screenshot(path=str(artifact(f"adult-dashboard-{name}-{scheme}.png")), full_page=True)
    page.goto(f"{server.url}/adult/")
    page.wait_for_selector("body[data-loaded=true]")
    page.screenshot(path=str(artifact(f"adult-class-{name}-{scheme}.png")), full_page=True)
    context.close()


def test_the_class_list_shows_the_stored_practice_day_in_any_time_zone(browser, practised):
    """"Zuletzt geübt" is a calendar day as stored, not an instant: a browser west of UTC showed the
    day before."""
    server, child = practised
    [stored] = rows(server, "SELECT MAX(day) AS day FROM letterSession WHERE childID = ?", child)
    year, month, day = stored["day"].split("-")
    context = browser.new_context(viewport={"width": 1180, "height": 820}, timezone_id="America/New_York")
    page = context.new_page()
    page.goto(f"{server.url}/adult/")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    shown = page.evaluate("[...document.querySelectorAll('.card .last')].map(p => p.textContent)")
    assert f"Zuletzt geübt: {day}.{month}.{year}" in shown, shown
    context.close()


def test_a_child_who_only_traces_is_not_shown_waiting_for_phases_it_never_meets(browser, practised):
    """In the study's tracing-only arms (guidedOnly, control) a letter has no watching, no dots and
    no writing alone: the parents see the tracing row and why the rest is not there, not
    "0 begonnen" and "Noch nichts selbst geschrieben" for ever."""
    server, _ = practised
    child = create_profile(server, "hase", "gelb", name="Ben")
    with server.db() as con:
        con.execute("UPDATE child SET condition = 'guidedOnly' WHERE id = ?", (child,))
    kid = SocketChild(server, child, seed=5)
    assert kid.condition == "guidedOnly"
    kid.lesson("M")
    kid.close()
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    try:
        page.goto(f"{server.url}/adult/child.html?id={child}")
        solve_gate_in_page(page)
        page.wait_for_selector("body[data-loaded=true]")
        phases = table(page, "#phase-table")
        assert [r[0] for r in phases] == ["Nachspuren"], phases
        guided = rows(server, "SELECT COUNT(*) AS n FROM phaseRecord WHERE childID = ? AND phase = 'guided'", child)[0]["n"]
        assert phases[0][1] == str(guided)
        assert page.is_visible("#phases-study-note")
        assert "spurt das Kind nur nach" in page.inner_text("#motor-chart")
        assert "spurt das Kind nur nach" in page.inner_text("#latest-free")
    finally:
        context.close()


def test_today_says_what_the_child_did_today_or_that_it_has_not_practised(browser, practised):
    """"Heute" on the overview: nothing yet for a new child; a letter written in the Werkstatt; then
    a letter finished in Schule and the time on the screen, as stored (the singular as a parent
    reads it)."""
    server, _ = practised
    child = create_profile(server, "fuchs", "orange", name="Lea")
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    try:
        page.goto(f"{server.url}/adult/child.html?id={child}")
        solve_gate_in_page(page)
        page.wait_for_selector("body[data-loaded=true]")
        assert page.inner_text("#fig-today") == "noch nicht geübt"
        kid = SocketChild(server, child, seed=6)
        # A day of Werkstatt alone is a day of practice: an a written there, read by the server.
        a = glyph(server, "a")
        strokes = [[[x, y, round(0.02 * i, 3)] for i, (x, y) in enumerate(st["checkpoints"])] for st in a["strokes"]]
        mark = len(kid.replies)
        kid.send({"type": "read", "ink": {"pointer": "pen", "strokes": strokes}, "expected": "a"})
        kid.wait(lambda m: m["type"] == "read", since=mark)
        page.reload()
        page.wait_for_selector("body[data-loaded=true]")
        werkstatt = rows(server, "SELECT COUNT(*) AS n FROM letterSession WHERE childID = ? AND world = 'werkstatt'", child)[0]["n"]
        assert werkstatt == 1
        assert page.inner_text("#fig-today") == "Werkstatt: 1 Buchstabe"
        kid.lesson("M")
        kid.close()
        page.reload()
        page.wait_for_selector("body[data-loaded=true]")
        [finished] = rows(server, "SELECT COUNT(*) AS n FROM letterSession WHERE childID = ? AND completed = 1 AND world = 'schule'", child)
        assert finished["n"] == 1
        seconds = sum(r["activeSeconds"] for r in rows(server, "SELECT activeSeconds FROM phaseRecord WHERE childID = ?", child))
        assert seconds > 0
        assert page.inner_text("#fig-today") == f"1 Buchstabe fertig, {minutes(seconds)}, Werkstatt: 1 Buchstabe"
    finally:
        context.close()


def test_today_names_a_day_with_a_letter_begun_and_none_finished(browser, practised):
    """A child who has watched a letter and finished none has practised today: "noch kein Buchstabe
    fertig" and the stored time, not "0 Buchstaben fertig" nor "noch nicht geübt"."""
    server, _ = practised
    child = create_profile(server, "maus", "blau", name="Tim")
    kid = SocketChild(server, child, seed=7)
    mark = len(kid.replies)
    kid.send({"type": "start", "glyph": "i"})
    kid.wait(lambda m: m["type"] == "started", since=mark)
    kid.send({"type": "tap", "point": [0, 0]})
    kid.wait(kid.stored("observe"), since=mark)
    kid.wait(kid.phase_started("direct"), since=mark)
    # The child stays on the letter while the parent looks (leaving would store the open phase too).
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    try:
        records = rows(server, "SELECT activeSeconds FROM phaseRecord WHERE childID = ?", child)
        assert len(records) == 1, records
        assert rows(server, "SELECT COUNT(*) AS n FROM letterSession WHERE childID = ?", child)[0]["n"] == 0
        page.goto(f"{server.url}/adult/child.html?id={child}")
        solve_gate_in_page(page)
        page.wait_for_selector("body[data-loaded=true]")
        assert page.inner_text("#fig-today") == f"noch kein Buchstabe fertig, {minutes(records[0]['activeSeconds'])}"
    finally:
        context.close()
        kid.close()
