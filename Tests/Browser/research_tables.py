"""Reading an export back with pandas, typed by its own datapackage.json, and the same fields
computed independently from the SQLite rows, for comparing the two."""

import json
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd


def package(out: Path):
    return json.loads((out / "datapackage.json").read_text())


def read_table(out: Path, name: str) -> pd.DataFrame:
    """A table as pandas reads it with the types its Table Schema declares."""
    resource = next(r for r in package(out)["resources"] if r["path"].split(".")[0] == name)
    fields = resource["schema"]["fields"]
    types = {"integer": "Int64", "number": "float64", "string": "string", "boolean": "boolean",
             "date": "string", "datetime": "string"}
    dtype = {f["name"]: types[f["type"]] for f in fields}
    path = out / resource["path"]
    if resource["format"] == "jsonl":
        frame = pd.read_json(path, lines=True, dtype=False, precise_float=True) if path.stat().st_size \
            else pd.DataFrame(columns=[f["name"] for f in fields])
        frame = frame.astype({k: v for k, v in dtype.items() if v != "boolean"})
        for f in fields:
            if f["type"] == "boolean":
                frame[f["name"]] = frame[f["name"]].astype("boolean")
    else:
        frame = pd.read_csv(path, sep=resource["dialect"]["delimiter"], dtype=dtype, keep_default_na=False,
                            na_values=[""], true_values=["true"], false_values=["false"],
                            encoding="utf-8")
    for f in fields:
        if f["type"] == "datetime":
            frame[f["name"]] = pd.to_datetime(frame[f["name"]], format="ISO8601", utc=True)
    assert list(frame.columns) == [f["name"] for f in fields]
    return frame


def sqlite_time(text):
    """GRDB stores dates as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC."""
    if text is None:
        return None
    return pd.Timestamp(datetime.fromisoformat(text).replace(tzinfo=timezone.utc))


def dig(obj, *path):
    for key in path:
        if obj is None:
            return None
        obj = obj.get(key) if isinstance(obj, dict) else None
    return obj


def session_numbers(rows):
    """The child's n-th lesson by the lesson's first start (ties by lesson id)."""
    starts = {}
    for r in rows:
        key = r["lessonID"]
        starts[key] = min(starts.get(key, (r["startedAt"], r["childID"])), (r["startedAt"], r["childID"]))
    by_child = {}
    for lesson, (start, child) in starts.items():
        by_child.setdefault(child, []).append((start, lesson))
    return {lesson: n + 1 for lessons in by_child.values() for n, (_, lesson) in enumerate(sorted(lessons))}


def expected_attempt(r, sessions):
    """Every column of the attempts table, computed from the stored row and its JSON."""
    rec = json.loads(r["record"]) if r["record"] else None
    ink = json.loads(r["ink"]) if r["ink"] else {"strokes": []}
    a = dig(rec, "assessment")
    g, m, k, c = dig(a, "guided"), dig(a, "motor"), dig(a, "kinematics"), dig(a, "clarity")
    plan = dig(rec, "plan")
    taps = dig(rec, "direct", "taps")
    first_input = None if rec is None or rec.get("firstInputAt") is None else rec["firstInputAt"] - rec["startedAt"]
    return {
        "attemptID": r["id"], "lessonID": r["lessonID"], "childID": r["childID"], "enrolled": bool(r["enrolled"]),
        "condition": r["condition"], "sessionNumber": sessions[r["lessonID"]], "script": r["script"], "glyph": r["glyph"],
        "variant": r["variant"], "phase": r["phase"], "attempt": r["attempt"], "outcome": r["outcome"],
        "completed": bool(r["completed"]), "recovered": bool(r["recovered"]), "pointer": r["pointer"], "startedAt": sqlite_time(r["startedAt"]),
        "endedAt": sqlite_time(r["endedAt"]), "activeSeconds": r["activeSeconds"], "firstInputSeconds": first_input,
        "score": r["score"], "quality": dig(a, "quality"), "stars": r["stars"],
        "errorCount": None if rec is None else len(rec["errors"]),
        "guidedCoverage": dig(g, "coverage"), "guidedMeanDeviation": dig(g, "meanDeviation"),
        "guidedAccuracy": dig(g, "accuracy"), "guidedProcedure": dig(g, "procedure"), "guidedSpeed": dig(g, "speed"),
        "guidedPace": dig(g, "pace"), "form": dig(m, "form"), "formDistance": dig(m, "formDistance"),
        "tempo": dig(m, "tempo"), "druck": dig(m, "druck"), "druckStatus": dig(m, "druckStatus"),
        "rhythmus": dig(m, "rhythmus"), "motorOverall": dig(m, "overall"), "strokeScore": dig(a, "strokeScore"),
        "kinStrokes": dig(k, "strokes"), "kinPenLifts": dig(k, "penLifts"), "kinPenDownTime": dig(k, "penDownTime"),
        "kinInAirTime": dig(k, "inAirTime"), "kinInAirRatio": dig(k, "inAirRatio"), "kinDuration": dig(k, "duration"),
        "kinStartLatency": dig(k, "startLatency"), "kinMeanSpeed": dig(k, "meanSpeed"), "kinNIV": dig(k, "niv"),
        "kinFrequency": dig(k, "frequency"), "kinHeight": dig(k, "height"), "kinSizeRatio": dig(k, "sizeRatio"),
        "kinSlant": dig(k, "slant"), "kinSlantDeviation": dig(k, "slantDeviation"),
        "recognizedLabel": dig(c, "recognized"), "recognitionConfidence": dig(c, "confidence"),
        "clarity": dig(c, "probability"), "clarityIsExpected": dig(c, "isExpected"),
        "observeCycles": dig(rec, "observe", "cycles"), "observeSkipped": dig(rec, "observe", "skipped"),
        "directTaps": None if taps is None else len(taps),
        "directWrongTaps": None if taps is None else sum(1 for t in taps if not t["correct"] and t.get("dot") is not None),
        "tier": dig(plan, "tier"), "toleranceRadius": dig(plan, "tolerance", "radius"),
        "toleranceNearBand": dig(plan, "tolerance", "nearBand"), "letterScale": dig(plan, "letterScale"),
        "errorless": dig(plan, "errorless"), "mastery": dig(plan, "mastery"),
        "schedulerPriority": dig(rec, "pick", "priority"), "pickKind": dig(rec, "pick", "kind"),
        "pickExtra": dig(rec, "pick", "extra"),
        "inkStrokes": len(ink["strokes"]), "inkSamples": sum(len(s) for s in ink["strokes"]),
        "recordVersion": r["recordVersion"] if rec is not None else 0, "inkVersion": r["inkVersion"],
    }


def same(exported, expected):
    """A pandas cell equals a value from SQLite/JSON: missing equals None, numbers exactly."""
    if expected is None:
        return pd.isna(exported)
    if pd.isna(exported):
        return False
    if isinstance(expected, bool):
        return bool(exported) == expected
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return float(exported) == float(expected)
    return exported == expected
