"""Round trip of the research export: a class of 30 simulated children practises through the real
WebSocket, consent and an arm override go through the JSON API, `feder export` writes the tables,
frictionless validates them against datapackage.json, and pandas reads back counts, means and
every field of sampled rows equal to what SQLite holds."""

import io
import json
import random
import sqlite3
import re
import subprocess
import sys
import tarfile
import threading
import urllib.request
import uuid
from pathlib import Path

import pandas as pd
import pytest

from adult_gate import adult_cookie, request, sign_in, solve_gate_in_page
from conftest import artifact, feder_binary
from research_tables import dig, expected_attempt, read_table, same, session_numbers, sqlite_time
from socket_child import SocketChild

CHILDREN = 30
NOT_ENROLLED = 3
PIN = "2468"
LETTERS = ["i", "l", "a", "o"]
TRICKY = 'Formular 7, "Elternbrief"\nzweite Zeile, mit Komma'


_pin_sessions = {}


def pin_cookie(server):
    """A session signed in with the parent PIN (research data needs one), made once per server."""
    key = (server.url, server.process.pid if server.process else None)
    if key not in _pin_sessions:
        _pin_sessions[key] = sign_in(server, pin=PIN)
    return _pin_sessions[key]


def api(server, method, path, body=None, cookie=None):
    request = urllib.request.Request(f"{server.url}/api/v1/research{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Cookie": cookie or pin_cookie(server)})
    with urllib.request.urlopen(request) as r:
        raw = r.read()
        return raw if r.headers.get("Content-Type", "").startswith("application/x-tar") else json.loads(raw)


def export(server, out, *options):
    result = subprocess.run([str(feder_binary()), "export", "--data", str(server.data_dir), "--out", str(out), *options],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """The class, practised and exported once for every test of this module."""
    from conftest import FederServer
    data = tmp_path_factory.mktemp("research-data")
    server = FederServer(data).start()
    rng = random.Random(14)
    ids = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(CHILDREN)]
    for child in ids:  # hello registers each child
        SocketChild(server, child).close()
    # Research data needs a session signed in with the parent PIN: refused until one is set, and
    # still refused to the session of the number task alone that set it.
    def refused():
        try:
            api(server, "GET", "/study", cookie=adult_cookie(server))
            return False
        except urllib.error.HTTPError as e:
            return e.code == 403 and json.loads(e.read())["error"]["code"] == "pin_required"
    assert refused(), "research data without a PIN"
    status, _, _ = request(server, "PUT", "/api/v1/adult/pin", {"pin": PIN}, cookie=adult_cookie(server))
    assert status == 200
    assert refused(), "research data to a session that never entered the PIN"
    api(server, "PUT", "/study", {"active": True})
    for i, child in enumerate(ids[NOT_ENROLLED:]):
        api(server, "POST", "/enrolments", {"childID": child, "consentDate": "2026-09-01", "consentBy": "parent",
                                            "consentReference": f"{TRICKY} {i}"})
    overridden = ids[NOT_ENROLLED]
    before = next(c for c in api(server, "GET", "/children") if c["childID"] == overridden)["condition"]
    target = "control" if before != "control" else "guidedOnly"
    api(server, "POST", "/overrides", {"childID": overridden, "arm": target, "changedBy": "R-01", "reason": TRICKY})

    stored, failures = {}, []

    def practise(k, child):
        try:
            c = SocketChild(server, child, seed=k)
            stored[child] = {"condition": c.condition, "records": []}
            for n in range(2):
                # Every third child writes its second letter far too big: free writing then names errors.
                scale = 1.6 if k % 3 == 0 and n == 1 else 1.0
                # Every fourth child practises its letter twice (the dashboard's change since the last lesson).
                letter = LETTERS[k % len(LETTERS)] if k % 4 == 0 else LETTERS[(k + n) % len(LETTERS)]
                # Every fifth child writes another letter where its first letter is asked for alone:
                # the recognizer's reading is then not the expected letter.
                instead = ("M" if letter != "M" else "o") if k % 5 == 1 and n == 0 else None
                # Every third child (another third) presses "Nochmal" halfway through its first trace.
                restart = k % 3 == 1 and n == 0
                stored[child]["records"] += c.lesson(letter, free_scale=scale, free_instead=instead, restart_guided=restart)
            stored[child]["records"] += c.lesson(None)  # then the scheduler's letter, as "Weiter" asks for it
            c.close()
        except Exception as e:  # reported below, with the child
            failures.append(f"{child}: {e!r}")

    threads = [threading.Thread(target=practise, args=(k, child)) for k, child in enumerate(ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not failures, failures
    lesson = next(r for r in server.records() if r["childID"] == ids[5])["lessonID"]
    api(server, "POST", "/paper-ratings", {"childID": ids[5], "lessonID": lesson, "glyph": "i", "face": 3,
                                           "ratedBy": "adult", "note": TRICKY})
    out = tmp_path_factory.mktemp("research-export")
    export(server, out / "csv", "--samples")
    yield {"server": server, "ids": ids, "stored": stored, "out": out / "csv", "overridden": overridden,
           "from": before, "to": target}
    server.stop()


def sql(server, query, *args):
    with sqlite3.connect(server.data_dir / "feder.sqlite") as con:
        con.row_factory = sqlite3.Row
        return [dict(r) for r in con.execute(query, args)]


def test_frictionless_validates_the_export_against_its_datapackage(study):
    frictionless = Path(sys.executable).parent / "frictionless"
    result = subprocess.run([str(frictionless), "validate", "--json", "datapackage.json"], cwd=study["out"],
                            capture_output=True, text=True, timeout=300)
    report = json.loads(result.stdout)
    artifact("research-frictionless-report.json").write_text(result.stdout)
    assert report["valid"], [e["message"] for t in report["tasks"] for e in t["errors"]][:10]
    assert result.returncode == 0
    assert {t["name"] for t in report["tasks"]} == {"children", "consents", "armchanges", "lessons", "attempts", "errors", "samples",
                                                    "paperratings"}


def test_frictionless_validates_the_study_only_export_too(study, tmp_path):
    """Leaving children and rows out must leave no key pointing at nothing (the two a review found
    need a mid-letter consent or a withdrawn child with an arm change: ResearchExportTests builds them)."""
    out = export(study["server"], tmp_path / "study", "--study-only", "--samples")
    frictionless = Path(sys.executable).parent / "frictionless"
    result = subprocess.run([str(frictionless), "validate", "--json", "datapackage.json"], cwd=out,
                            capture_output=True, text=True, timeout=300)
    report = json.loads(result.stdout)
    assert report["valid"], [e["message"] for t in report["tasks"] for e in t["errors"]][:10]
    children = read_table(out, "children")
    assert len(children) == CHILDREN - NOT_ENROLLED and not set(children["childID"]) & set(study["ids"][:NOT_ENROLLED])
    assert read_table(out, "attempts")["enrolled"].all()


def test_frictionless_rejects_an_export_whose_rows_break_the_schema(study, tmp_path):
    """The validation above can fail: a dangling lesson id and an unknown phase are caught."""
    import shutil
    bad = tmp_path / "bad"
    shutil.copytree(study["out"], bad)
    lines = (bad / "attempts.csv").read_bytes().decode().split("\r\n")
    header = lines[0].split(",")
    first, second = lines[1].split(","), lines[2].split(",")
    first[header.index("lessonID")] = "no-such-lesson"
    second[header.index("phase")] = "sleeping"
    lines[1], lines[2] = ",".join(first), ",".join(second)
    (bad / "attempts.csv").write_bytes("\r\n".join(lines).encode())
    frictionless = Path(sys.executable).parent / "frictionless"
    result = subprocess.run([str(frictionless), "validate", "--json", "datapackage.json"], cwd=bad,
                            capture_output=True, text=True, timeout=300)
    report = json.loads(result.stdout)
    assert not report["valid"] and result.returncode != 0
    errors = {e["type"] for t in report["tasks"] for e in t["errors"]}
    assert errors == {"foreign-key", "constraint-error"}


def test_counts_and_stored_ids_equal_sqlite_and_the_socket_replies(study):
    server, out = study["server"], study["out"]
    attempts = read_table(out, "attempts")
    socket_ids = {i for s in study["stored"].values() for i in s["records"]}
    assert set(attempts["attemptID"]) == socket_ids == {r["id"] for r in sql(server, "SELECT id FROM phaseRecord")}
    assert len(attempts) == len(socket_ids)
    assert len(read_table(out, "children")) == CHILDREN
    assert len(read_table(out, "lessons")) == sql(server, "SELECT COUNT(DISTINCT lessonID) n FROM phaseRecord")[0]["n"] \
        == CHILDREN * 3  # two letters asked for, one the scheduler chose
    records = sql(server, "SELECT record, ink FROM phaseRecord")
    assert len(read_table(out, "errors")) == sum(len(json.loads(r["record"])["errors"]) for r in records if r["record"])
    samples = read_table(out, "samples")
    assert len(samples) == sum(len(s) for r in records if r["ink"] for s in json.loads(r["ink"])["strokes"]) > 5_000
    # Every child's arm is the one it practised in, and the non-enrolled ones are marked on every row.
    for child, s in study["stored"].items():
        rows = attempts[attempts["childID"] == child]
        assert set(rows["condition"]) == {s["condition"]}
        assert set(rows["enrolled"]) == {child not in study["ids"][:NOT_ENROLLED]}
    enrolled_ids = set(attempts.loc[attempts["enrolled"], "attemptID"])
    assert set(samples.loc[samples["enrolled"], "attemptID"]) <= enrolled_ids


def test_means_equal_sqlite(study):
    server, attempts = study["server"], read_table(study["out"], "attempts")
    rows = sql(server, "SELECT phase, score, record FROM phaseRecord")
    assert attempts["score"].mean() == pytest.approx(
        sum(r["score"] for r in rows if r["score"] is not None) / sum(r["score"] is not None for r in rows), rel=1e-12)
    free = [json.loads(r["record"]) for r in rows if r["phase"] == "freeWrite"]
    assert len(free) >= 20
    for column, key in [("form", "form"), ("tempo", "tempo"), ("druck", "druck"), ("rhythmus", "rhythmus")]:
        values = [dig(f, "assessment", "motor", key) for f in free if dig(f, "assessment", "motor", key) is not None]
        assert attempts.loc[attempts["phase"] == "freeWrite", column].mean() == pytest.approx(sum(values) / len(values), rel=1e-12)


def test_every_field_of_sampled_rows_equals_the_stored_row(study):
    server, out = study["server"], study["out"]
    rows = sql(server, "SELECT * FROM phaseRecord ORDER BY id")
    sessions = session_numbers(rows)
    attempts = read_table(out, "attempts").set_index("attemptID", drop=False)
    # A random sample, and the first rows of every phase so that each phase is compared whatever the
    # children's arms (from their random ids) made of the class.
    by_phase = [r for phase in ("observe", "direct", "guided") for r in [x for x in rows if x["phase"] == phase][:1]]
    picked = random.Random(3).sample(rows, 25) + by_phase + [r for r in rows if r["phase"] == "freeWrite"][:3]
    assert {r["phase"] for r in picked} == {"observe", "direct", "guided", "freeWrite"}
    for r in picked:
        expected = expected_attempt(r, sessions)
        assert list(expected) == list(attempts.columns), "the comparison covers every column"
        got = attempts.loc[r["id"]]
        for column, value in expected.items():
            assert same(got[column], value), (r["id"], column, got[column], value)

    samples = read_table(out, "samples").set_index(["attemptID", "strokeIndex", "sampleIndex"])
    inked = [r for r in rows if r["ink"]]
    for r in random.Random(4).sample(inked, 5):
        strokes = json.loads(r["ink"])["strokes"]
        for s, stroke in enumerate(strokes):
            for i in (0, len(stroke) // 2, len(stroke) - 1):
                x, y, t, *rest = stroke[i] + [None] * 3
                got = samples.loc[(r["id"], s, i)]
                assert [got["x"], got["y"], got["t"]] == [x, y, t]
                for column, value in zip(["pressure", "tiltX", "tiltY"], rest[:3]):
                    assert same(got[column], value), (column, got[column], value)

    errors = read_table(out, "errors")
    with_errors = [r for r in rows if r["record"] and json.loads(r["record"])["errors"]]
    assert len(with_errors) >= 3
    for r in with_errors[:5]:
        stored = json.loads(r["record"])["errors"]
        got = errors[errors["attemptID"] == r["id"]].sort_values("errorIndex")
        assert list(got["code"]) == [e["code"] for e in stored]
        assert list(got["tipText"]) == [e["tip"]["text"] for e in stored]
        assert [same(a, e.get("amount")) for a, e in zip(got["amount"], stored)] == [True] * len(stored)

    children = read_table(out, "children").set_index("childID")
    enrolments = {e["childID"]: e for e in sql(server, "SELECT * FROM researchEnrolment")}
    for child in sql(server, "SELECT * FROM child"):
        got, e = children.loc[child["id"]], enrolments.get(child["id"])
        assert got["condition"] == child["condition"]
        assert same(got["createdAt"], sqlite_time(child["createdAt"]))
        assert got["enrolled"] == (e is not None)
        if e:
            assert (got["consentDate"], got["consentBy"], got["consentReference"]) == \
                (e["consentDate"], e["consentBy"], e["consentReference"])
            assert same(got["enrolledAt"], sqlite_time(e["enrolledAt"]))


def test_free_text_with_commas_quotes_and_newlines_survives_and_the_override_is_exported(study):
    out = study["out"]
    changes = read_table(out, "armChanges")
    assert len(changes) == 1
    change = changes.iloc[0]
    assert (change["childID"], change["fromArm"], change["toArm"], change["changedBy"], change["reason"]) == \
        (study["overridden"], study["from"], study["to"], "R-01", TRICKY)
    children = read_table(out, "children").set_index("childID")
    assert children.loc[study["overridden"], "armSource"] == "override"
    assert children.loc[study["overridden"], "condition"] == study["to"]
    assert children.loc[study["ids"][NOT_ENROLLED + 1], "consentReference"] == f"{TRICKY} 1"
    assert read_table(out, "paperRatings").iloc[0]["note"] == TRICKY
    assert TRICKY.replace('"', '""') in (out / "armChanges.csv").read_text()


def test_tsv_and_json_lines_hold_the_same_values_as_csv(study, tmp_path):
    server, out = study["server"], study["out"]
    for fmt in ["tsv", "json"]:
        other = export(server, tmp_path / fmt, "--format", fmt)
        for table in ["children", "consents", "armChanges", "lessons", "attempts", "errors", "paperRatings"]:
            pd.testing.assert_frame_equal(read_table(other, table), read_table(out, table), check_exact=True)


def test_filters_and_the_download_write_what_the_command_writes(study, tmp_path):
    server, out = study["server"], study["out"]
    child = study["ids"][7]
    filtered = export(server, tmp_path / "child", "--child", child)
    attempts = read_table(filtered, "attempts")
    assert set(attempts["childID"]) == {child}
    full = read_table(out, "attempts")
    pd.testing.assert_frame_equal(attempts.reset_index(drop=True),
                                  full[full["childID"] == child].reset_index(drop=True), check_exact=True)

    archive = tarfile.open(fileobj=io.BytesIO(api(server, "GET", "/export.tar?format=csv&samples=true")))
    names = sorted(m.name for m in archive.getmembers())
    assert names == sorted(f"feder-export/{p.name}" for p in out.iterdir())
    for name in ["attempts.csv", "samples.csv", "children.csv", "CODEBOOK.md"]:
        assert archive.extractfile(f"feder-export/{name}").read() == (out / name).read_bytes(), name


def test_the_research_pages_download_holds_study_data_only_unless_the_adult_says_otherwise(study, page, tmp_path):
    """A child who never consented is not in what a researcher downloads from the page by default;
    clearing the box gives every child, the study rows marked (as the command without the flag)."""
    server = study["server"]
    page.goto(f"{server.url}/adult/research.html")
    solve_gate_in_page(page, pin=PIN)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=15000)
    href = page.get_attribute("#export-link", "href")
    assert "studyOnly=true" in href, href
    archive = tarfile.open(fileobj=io.BytesIO(api(server, "GET", href.split("/api/v1/research", 1)[1])))
    children = pd.read_csv(archive.extractfile("feder-export/children.csv"))
    not_enrolled = set(study["ids"][:NOT_ENROLLED])
    assert len(children) == CHILDREN - NOT_ENROLLED and not (set(children["childID"]) & not_enrolled)
    attempts = pd.read_csv(archive.extractfile("feder-export/attempts.csv"))
    assert len(attempts) > 0 and attempts["enrolled"].all() and not (set(attempts["childID"]) & not_enrolled)
    command = export(server, tmp_path / "study", "--study-only")
    for name in ["children.csv", "lessons.csv", "attempts.csv", "paperRatings.csv"]:
        assert archive.extractfile(f"feder-export/{name}").read() == (command / name).read_bytes(), name
    page.uncheck("#export-form [name=studyOnly]")
    assert "studyOnly" not in page.get_attribute("#export-link", "href")
    full = pd.read_csv(tarfile.open(fileobj=io.BytesIO(api(server, "GET", "/export.tar?format=csv"))).extractfile("feder-export/children.csv"))
    assert len(full) == CHILDREN and not_enrolled <= set(full["childID"])


def test_the_research_child_list_takes_the_exports_filter(study, tmp_path):
    """`studyOnly` names the children the study-only export holds; a bad `since` is refused (both
    were ignored by the list until 2026-11-28)."""
    server = study["server"]
    out = export(server, tmp_path / "study", "--study-only")
    listed = {c["childID"] for c in api(server, "GET", "/children?studyOnly=true")}
    assert listed == set(read_table(out, "children")["childID"]) and len(listed) < CHILDREN
    assert len(api(server, "GET", "/children")) == CHILDREN
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(server, "GET", "/children?since=gestern")
    assert refused.value.code == 400


def judged(attempts):
    """The attempts the dashboard's figures describe: passed or judged and repeated (a restarted or
    abandoned attempt's readings are of the part written before it ended)."""
    return attempts[attempts["outcome"].isin(["passed", "repeated"])]


def test_the_dashboard_counts_and_means_equal_the_export(study):
    dashboard = api(study["server"], "GET", "/dashboard")
    attempts = read_table(study["out"], "attempts")
    attempts["arm"] = attempts["condition"].where(attempts["enrolled"], "notEnrolled")
    arms = {a["arm"]: a for a in dashboard["arms"]}
    assert set(arms) == set(attempts["arm"])
    for arm, rows in attempts.groupby("arm"):
        assert arms[arm]["attempts"] == len(rows)
        assert arms[arm]["children"] == rows["childID"].nunique()
        free = judged(rows)[judged(rows)["phase"] == "freeWrite"]
        assert arms[arm]["form"]["n"] == free["form"].notna().sum()
        if len(free):
            assert arms[arm]["form"]["mean"] == pytest.approx(free["form"].mean(), rel=1e-12)
    # Learning curves: each arm's mean judged score per session number; a restarted trace is in the
    # export and in no curve.
    for phase, key in (("guided", "guidedCurve"), ("freeWrite", "freeWriteCurve")):
        scored = judged(attempts)[(judged(attempts)["phase"] == phase) & judged(attempts)["score"].notna()]
        for arm in arms:
            rows = scored[scored["arm"] == arm]
            expected = {int(n): (len(r), r["score"].mean()) for n, r in rows.groupby("sessionNumber")}
            shown = {p["session"]: (p["score"]["n"], p["score"]["mean"]) for p in arms[arm][key]}
            assert set(shown) == set(expected), (arm, key)
            for n, (count, mean) in expected.items():
                assert shown[n][0] == count and shown[n][1] == pytest.approx(mean, rel=1e-12), (arm, key, n)
    restarted = attempts[(attempts["outcome"] == "restarted") & (attempts["phase"] == "guided")]
    assert restarted["score"].notna().any(), "the fixture has restarted traces with the score of their part"
    assert [r["attemptID"] for r in dashboard["recent"]] == list(attempts["attemptID"].sort_values(ascending=False)[:20])
    # Each begins when the export says, to the millisecond and in its spelling (it was cut to seconds).
    began = dict(zip(attempts["attemptID"], attempts["startedAt"]))
    assert [pd.Timestamp(r["startedAt"]) for r in dashboard["recent"]] == [began[r["attemptID"]] for r in dashboard["recent"]]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", r["startedAt"]) for r in dashboard["recent"])
    # Recognition against the expected letter, per arm and letter: Klarheit's mean and the share of
    # readings that were the expected letter.
    read = judged(attempts)[judged(attempts)["clarity"].notna()]
    assert len(read) > 0
    for (arm, glyph), rows in read.groupby(["arm", "glyph"]):
        shown = {c["glyph"]: c for c in arms[arm]["clarity"]}[glyph]
        assert shown["clarity"]["n"] == len(rows)
        assert shown["clarity"]["mean"] == pytest.approx(rows["clarity"].mean(), rel=1e-12)
        assert shown["recognizedAsExpected"] == pytest.approx(rows["clarityIsExpected"].astype(bool).mean(), rel=1e-12)
    assert sum(len(a["clarity"]) for a in dashboard["arms"]) == read.groupby(["arm", "glyph"]).ngroups
    # The fixture has letters read as another one (every fifth child wrote another letter once).
    assert not read["clarityIsExpected"].astype(bool).all()
    assert any(c["recognizedAsExpected"] < 1 for a in dashboard["arms"] for c in a["clarity"])


def scheduler_figures(attempts):
    """The dashboard's scheduler effectiveness computed here from the exported attempts: each lesson's
    first judged guided attempt, by pick kind ("chosen" without one), with its change since the same
    child's previous lesson of the letter, and r of priority against score for scheduled lessons."""
    first = (judged(attempts)[(judged(attempts)["phase"] == "guided") & judged(attempts)["score"].notna()]
             .sort_values("attemptID").drop_duplicates("lessonID").copy())
    first["kind"] = first["pickKind"].fillna("chosen")
    first["previous"] = first.groupby(["childID", "script", "glyph"])["score"].shift()
    first["change"] = first["score"] - first["previous"]
    figures = {}
    for arm, rows in first.groupby("arm"):
        kinds = {kind: (len(k), k["score"].mean(), k["change"].count(), k["change"].mean()) for kind, k in rows.groupby("kind")}
        scheduled = rows[rows["pickKind"].isin(["newOrWeak", "review"])]  # a word carries its letter's priority
        # No r where the priorities do not vary (every child's first scheduled letter has the same).
        varies = len(scheduled) > 2 and scheduled["schedulerPriority"].nunique() > 1
        r = scheduled["schedulerPriority"].corr(scheduled["score"]) if varies else None
        figures[arm] = (kinds, len(scheduled), r)
    return figures


def test_the_schedulers_effectiveness_equals_the_export(study):
    dashboard = api(study["server"], "GET", "/dashboard")
    attempts = read_table(study["out"], "attempts")
    attempts["arm"] = attempts["condition"].where(attempts["enrolled"], "notEnrolled")
    expected = scheduler_figures(attempts)
    arms = {a["arm"]: a["scheduler"] for a in dashboard["arms"]}
    assert set(arms) == set(expected)
    for arm, (kinds, scheduled, r) in expected.items():
        shown = {k["kind"]: k for k in arms[arm]["kinds"]}
        assert set(shown) == set(kinds), arm
        for kind, (lessons, score, changes, change) in kinds.items():
            assert shown[kind]["lessons"] == lessons and shown[kind]["score"]["mean"] == pytest.approx(score, rel=1e-12)
            assert shown[kind]["change"]["n"] == changes
            if changes:
                assert shown[kind]["change"]["mean"] == pytest.approx(change, rel=1e-9, abs=1e-12)
        assert arms[arm]["priorityVsScore"]["pairs"] == scheduled
        if r is None:
            assert arms[arm]["priorityVsScore"].get("r") is None
        else:
            assert arms[arm]["priorityVsScore"]["r"] == pytest.approx(r, rel=1e-9)
    # The fixture has both: letters the scheduler chose, and letters practised again.
    assert any(k["kind"] == "newOrWeak" for a in arms.values() for k in a["kinds"])
    assert any(k["change"]["n"] > 0 for a in arms.values() for k in a["kinds"])


def test_the_research_page_shows_the_dashboards_numbers_with_a_table_for_every_chart(study, page):
    server = study["server"]
    dashboard = api(server, "GET", "/dashboard")
    page.goto(f"{server.url}/adult/research.html")
    solve_gate_in_page(page, pin=PIN)  # adults only: the page asks first (the PIN too)
    assert all("401" in m for m in page.messages), page.messages  # the refusals that opened the gate
    page.messages.clear()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=15000)
    page.screenshot(path=str(artifact("research-dashboard.png")), full_page=True)
    rows = page.eval_on_selector_all("#arms tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    names = {"threePhase": "vier Phasen", "guidedOnly": "nur Nachspuren", "control": "Kontrolle", "notEnrolled": "nicht aufgenommen"}
    assert [(r[0], int(r[1]), int(r[2])) for r in rows] == [(f"{names[a['arm']]} ({a['arm']})", a["children"], a["attempts"])
                                                          for a in dashboard["arms"]], "German, with the export's code"
    german = lambda v: f"{v:.3f}".replace(".", ",")
    for arm, row in zip(dashboard["arms"], rows):
        if arm["form"]["n"]:
            assert row[3].startswith(f"{german(arm['form']['mean'])} [{german(arm['form']['low'])}; {german(arm['form']['high'])}]")
    colours = {"threePhase": "#2f6fb5", "guidedOnly": "#d08a18", "control": "#7a7a7a", "notEnrolled": "#b9b9b9"}
    for chart in ["motor-chart", "curve-chart", "free-curve-chart", "pairs-chart", "clarity-chart", "recognized-chart",
                  "scheduler-chart"]:
        assert page.locator(f"#{chart} svg").count() == 1, chart
        assert page.locator(f"#{chart} table tbody tr").count() >= 1, chart
        # Each arm in its own colour, named in the key under the chart (all were grey: the colours
        # were looked up by the German names).
        fills = set(page.eval_on_selector_all(f"#{chart} svg rect, #{chart} svg polyline",
                                              "els => els.map(e => e.getAttribute('fill') === 'none' ? e.getAttribute('stroke') : e.getAttribute('fill'))"))
        assert fills and fills <= set(colours.values()), (chart, fills)
        key = page.eval_on_selector_all(f"#{chart} .legend li", "items => items.map(i => i.textContent)")
        assert key == [f"{names[a['arm']]} ({a['arm']})" for a in dashboard["arms"]], (chart, key)
    # Recognition against the expected letter: each share in the chart's table as the dashboard has it.
    shares = page.eval_on_selector_all("#recognized-chart tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [(r[0], r[2], r[3]) for r in shares] == [
        (c["glyph"], str(c["clarity"]["n"]), german(c["recognizedAsExpected"])) for a in dashboard["arms"] for c in a["clarity"]]
    # Scheduler effectiveness: a row per arm and kind of pick, its numbers as the dashboard has them.
    shown = page.eval_on_selector_all("#scheduler tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    kinds = {"newOrWeak": "neu oder schwach", "review": "Wiederholung", "word": "Wort", "chosen": "selbst gewählt"}
    assert [(r[0], r[1], int(r[2])) for r in shown] == [
        (f"{names[a['arm']]} ({a['arm']})", f"{kinds[k['kind']]} ({k['kind']})", k["lessons"])
        for a in dashboard["arms"] for k in a["scheduler"]["kinds"]]
    for r, k in zip(shown, [k for a in dashboard["arms"] for k in a["scheduler"]["kinds"]]):
        assert r[3].startswith(german(k["score"]["mean"])), (r, k)
    recent = page.eval_on_selector_all("#recent tbody tr", "rows => rows.map(r => Number(r.cells[0].textContent))")
    assert recent == [r["attemptID"] for r in dashboard["recent"]]
    # The begin of each recent attempt in the reader's local time (the browser's zone), to the second.
    shown = page.eval_on_selector_all("#recent tbody tr", "rows => rows.map(r => r.cells[6].textContent)")
    local = page.evaluate("""(times) => times.map((iso) => new Date(iso).toLocaleString('de-AT',
        { dateStyle: 'short', timeStyle: 'medium' }))""", [r["startedAt"] for r in dashboard["recent"]])
    assert shown == local and not any("Z" in t or "T" in t for t in shown), shown[:3]
    assert page.locator("#study-active").is_checked()
    assert page.locator("#children-table tbody tr").count() == CHILDREN
    # Whoever records a consent form finds the child by its name or picture, as the class page shows
    # it, with the id of the files beside it (these children have no nickname: their picture's name,
    # each its own — a child made by its first hello gets a picture no other child has).
    named = page.eval_on_selector_all("#children-table tbody tr", "rows => rows.map(r => [r.dataset.child, r.cells[0].textContent])")
    assert all(re.fullmatch(r"[A-ZÄÖÜ][a-zäöüß]+, [a-zäöüß]+ · " + child, text) for child, text in named), named[:3]
    assert len({text.split(" · ")[0] for _, text in named}) == CHILDREN, "every child its own picture"
    options = page.eval_on_selector_all("select[name=childID] option", "os => os.map(o => [o.value, o.textContent])")
    assert options and all(text.endswith(f" · {value}") and not text.startswith(value) for value, text in options), options[:3]
    assert not [m for m in page.messages if m.startswith("error")], page.messages


def test_a_paper_rating_names_a_letter_feder_teaches(server):
    """A rating of no letter (an empty glyph, an unknown script) would be exported as data: 400."""
    from adult_gate import create_profile
    child = create_profile(server, "fuchs", "rot")
    for body in ({"glyph": "", "script": "druck"}, {"glyph": "a", "script": "klingon"}, {"glyph": "ab"}):
        body |= {"childID": child, "face": 2, "ratedBy": "adult"}
        try:
            api(server, "POST", "/paper-ratings", body)
            raise AssertionError(f"accepted: {body}")
        except urllib.error.HTTPError as e:
            assert e.code == 400, (body, e.code)
    assert sql(server, "SELECT COUNT(*) AS n FROM researchPaperRating")[0]["n"] == 0
