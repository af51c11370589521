"""`feder recognize` and `feder assess` as a reviewer runs them on handwriting converted from another
source: gzip however it is named or piped, digit labels written as numbers, skipped lines told, and
answers that name their input line. The ink is Feder's own glyph centerlines (`feder glyphs export`)."""

import gzip
import json
import math
import subprocess

import pytest

from conftest import feder_binary


@pytest.fixture(scope="module")
def letters():
    out = subprocess.run([str(feder_binary()), "glyphs", "export"], capture_output=True, text=True, check=True).stdout
    glyphs = json.loads(out)["glyphs"]
    return {char: g["strokes"] for char, g in glyphs.items() if char in "AMbe37"}


def run(args, data: bytes):
    return subprocess.run([str(feder_binary()), *args], input=data, capture_output=True)


def lines(letters, numeric_digits=False):
    return [json.dumps({"label": int(c) if numeric_digits and c.isdigit() else c, "strokes": s}) for c, s in letters.items()]


def test_gzip_is_read_whatever_the_file_is_called_and_from_a_pipe(letters, tmp_path):
    packed = gzip.compress(("\n".join(lines(letters)) + "\n").encode())
    misnamed = tmp_path / "letters.ndjson"
    misnamed.write_bytes(packed)
    from_file = run(["recognize", "--summary", str(misnamed)], b"")
    piped = run(["recognize", "--summary", "-"], packed)
    for result in (from_file, piped):
        assert result.returncode == 0, result.stderr
        summary = json.loads(result.stdout)
        assert summary["skipped"] == 0
        assert summary["letters"]["samples"] + summary["digits"]["samples"] == len(letters)
    batch = [json.dumps({"id": c, "glyph": c, "strokes": s}) for c, s in letters.items()]
    assessed = run(["assess", "--batch", "-"], gzip.compress("\n".join(batch).encode()))
    answers = [json.loads(line) for line in assessed.stdout.decode().splitlines()]
    assert [a["id"] for a in answers] == list(letters) and all("stars" in a for a in answers), answers[:1]


def test_a_digit_label_may_be_a_number_and_skipped_lines_are_told(letters):
    numeric = run(["recognize", "--summary", "-"], ("\n".join(lines(letters, numeric_digits=True))).encode())
    summary = json.loads(numeric.stdout)
    assert summary["digits"]["samples"] == sum(c.isdigit() for c in letters), "digits written as numbers are scored"
    unlabelled = [json.dumps({"glyph": c, "strokes": s}) for c, s in letters.items()]
    nothing = run(["recognize", "--summary", "-"], "\n".join(unlabelled).encode())
    assert nothing.returncode != 0, "no line could be scored: the command fails"
    assert nothing.stdout == b"", "and prints no empty figures"
    assert f"{len(letters)} no \"label\"" in nothing.stderr.decode()
    huge = json.dumps({"label": "a", "strokes": [[[0, 0], [5, 5], [9, 1]]]}).replace("[5, 5]", "[1e400, 5]")
    told = run(["recognize", "--summary", "-"], ("\n".join(lines(letters)[:3] + [huge])).encode())
    assert "1 a number too large to read" in told.stderr.decode(), "a number beyond a Double is named, not 'no JSON'"
    answer = json.loads(run(["recognize", "-"], huge.encode()).stdout)
    assert answer["line"] == 1 and "1e400 is too large" in answer["error"], answer


def test_every_answer_names_its_input_line(letters):
    text = "\n".join(lines(letters)[:2]) + "\n\n" + "\n".join(lines(letters)[2:4]) + "\n"
    answers = [json.loads(line) for line in run(["recognize", "-"], text.encode()).stdout.decode().splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 4, 5], "the blank third line has no answer; the rest keep their numbers"
    batch = [json.dumps({"glyph": c, "strokes": s}) for c, s in list(letters.items())[:3]]
    text = batch[0] + "\n\nnot json\n" + "\n".join(batch[1:]) + "\n"
    assessed = [json.loads(line) for line in run(["assess", "--batch", "-"], text.encode()).stdout.decode().splitlines()]
    assert [a["line"] for a in assessed] == [1, 3, 4, 5], assessed
    assert "error" in assessed[1] and all("stars" in a for a in assessed[:1] + assessed[2:]), "a bad line without an id is named by its number"


def test_a_sample_without_x_and_y_or_an_unknown_expected_letter_is_named_not_read(letters):
    """Until 2026-11-29 `recognize` left such samples out unsaid and read a line of them as an l; an
    unknown "expected" got probability 0 as if it were a real answer."""
    good = letters["A"]
    broken = [
        {"strokes": [[[None, 2], [3, 4]]]},
        {"strokes": [[[1], [3, 4]]]},
        {"strokes": [[{"x": 3}, {"x": 4, "y": 5}]]},
        {"strokes": good, "expected": "€"},
        {"strokes": good, "expected": 7},
    ]
    text = "\n".join(json.dumps(line) for line in broken) + "\n"
    answers = [json.loads(line) for line in run(["recognize", "-"], text.encode()).stdout.decode().splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5]
    assert answers[0]["error"] == "stroke 1, sample 1: a sample needs x and y (numbers)"
    assert answers[1]["error"] == "stroke 1, sample 1: a sample needs x and y (numbers)"
    assert answers[2]["error"] == "stroke 1, sample 1: a sample needs x and y (numbers)"
    assert "is no character the reader knows" in answers[3]["error"]
    assert answers[4]["expected"]["letter"] == "7" and "label" in answers[4], "a digit expected as a number is read"
    summary = run(["recognize", "--summary", "-"], ("\n".join(lines(letters) + [json.dumps({"label": "a", **broken[0]})])).encode())
    assert "1 a sample without x and y" in summary.stderr.decode()
    assert json.loads(summary.stdout)["skipped"] == 1


def test_eval_templates_reads_lines_as_recognize_does_and_goes_on_past_a_bad_one(letters, tmp_path):
    """y up said by the line, object samples, a broken line in the middle: the run reads what it can
    and names what it skipped (it stopped at the first bad line, read no "yAxis" and refused objects)."""
    upright = [{"label": c, "strokes": s} for c, s in letters.items() if c.isalpha()]
    flipped = [{"label": l["label"], "yAxis": "up", "strokes": [[[x, -y] for x, y, *_ in st] for st in l["strokes"]]} for l in upright]
    objects = [{"label": l["label"], "strokes": [[{"x": x, "y": y} for x, y, *_ in st] for st in l["strokes"]]} for l in upright]
    def report(lines, *extra):
        path = tmp_path / f"eval-{len(extra)}-{len(lines)}.ndjson"
        path.write_text("\n".join(lines) + "\n")
        result = run(["eval", "templates", "--data", str(path), "--json", *extra], b"")
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout), result.stderr.decode()
    plain, _ = report([json.dumps(l) for l in upright])
    said, _ = report([json.dumps(l) for l in flipped])
    as_objects, _ = report([json.dumps(l) for l in objects])
    assert plain["samples"] == len(upright)
    assert said == plain and as_objects == plain, "the same ink however it is written down"
    told, _ = report([json.dumps({k: v for k, v in l.items() if k != "yAxis"}) for l in flipped], "--y-up")
    assert told == plain
    mixed, skipped = report([json.dumps(upright[0]), "not json", json.dumps({"label": "a", "strokes": [[[None, 1]]]})]
                            + [json.dumps(l) for l in upright[1:]])
    assert mixed["samples"] == len(upright)
    assert "2 lines skipped: line 2 (not {\"label\", \"strokes\"} JSON), line 3 (a sample without x and y)" in skipped


def test_the_childrens_data_is_readable_by_its_owner_only(tmp_path):
    """`feder serve` makes its data folder and database its user's alone, whatever the umask (022
    left them readable by every account on the laptop); so does `feder export` with its files."""
    from conftest import FederServer
    data = tmp_path / "feder-data"
    server = FederServer(data).start()
    try:
        assert oct(data.stat().st_mode & 0o777) == oct(0o700)
        for name in ("feder.sqlite", "feder.sqlite-wal"):
            assert oct((data / name).stat().st_mode & 0o777) == oct(0o600), name
    finally:
        server.stop()
    out = tmp_path / "export"
    subprocess.run([str(feder_binary()), "export", "--data", str(data), "--out", str(out)], check=True,
                   capture_output=True, umask=0o022)
    files = [p for p in out.rglob("*") if p.is_file()]
    assert files and all(p.stat().st_mode & 0o077 == 0 for p in files), [oct(p.stat().st_mode) for p in files]


def test_ink_with_y_up_is_read_when_the_command_or_the_line_says_so(letters):
    """Ink from a source whose y grows upwards (`--y-up`, or `"yAxis": "up"` on a line) reads as the
    same letters; without it the b is upside down and no longer read as a b."""
    flipped = {c: [[[x, -y, *rest] for x, y, *rest in stroke] for stroke in s] for c, s in letters.items()}
    upright = [json.loads(l)["label"] for l in run(["recognize", "-"], "\n".join(lines(letters)).encode()).stdout.decode().splitlines()]
    told = [json.loads(l)["label"] for l in run(["recognize", "--y-up", "-"], "\n".join(lines(flipped)).encode()).stdout.decode().splitlines()]
    said = [json.dumps({"strokes": s, "yAxis": "up"}) for s in flipped.values()]
    per_line = [json.loads(l)["label"] for l in run(["recognize", "-"], "\n".join(said).encode()).stdout.decode().splitlines()]
    assert told == upright == per_line
    unsaid = run(["recognize", "-"], json.dumps({"strokes": flipped["b"]}).encode()).stdout.decode()
    assert json.loads(unsaid)["label"] not in ("b", "B"), "read as y down, the flipped b is another letter"
    batch = "\n".join(json.dumps({"id": c, "glyph": c, "strokes": s}) for c, s in flipped.items())
    stars = [json.loads(l)["stars"] for l in run(["assess", "--batch", "--y-up", "-"], batch.encode()).stdout.decode().splitlines()]
    assert stars == [3] * len(letters), stars


def test_a_data_set_that_looks_upside_down_is_said_to():
    """Read with y down when its y grows upwards, a data set gave a reader's figures for letters turned
    over, without a word. Over its first letters with their labels it shows (turned over, most are
    their letter), and both commands say so on standard error, with the flag that helps; the figures
    themselves are still those of the ink as given."""
    out = subprocess.run([str(feder_binary()), "glyphs", "export"], capture_output=True, text=True, check=True).stdout
    glyphs = {c: g["strokes"] for c, g in json.loads(out)["glyphs"].items() if c in "abdeghkmnpqrtyABCDEFGJKLMPRTY"}
    flipped = {c: [[[x, -y, *rest] for x, y, *rest in stroke] for stroke in s] for c, s in glyphs.items()}

    def said(args, letters, key, **extra):
        data = "\n".join(json.dumps({key: c, "strokes": s, **extra}) for c, s in letters.items()).encode()
        result = run(args, data)
        assert result.returncode == 0, result.stderr
        return result.stderr.decode(), result.stdout.decode()

    for args, key in ((["recognize", "--summary", "-"], "label"), (["assess", "--batch", "-"], "glyph")):
        warning, turned = said(args, flipped, key)
        assert "the ink looks upside down" in warning and "give --y-up" in warning, (args, warning)
        assert f"of the first {len(glyphs)} letters" in warning
        quiet, upright = said(args, glyphs, key)
        assert quiet == "", "letters as written say nothing"
        assert said(args[:-1] + ["--y-up", "-"], flipped, key)[0] == "", "nor once --y-up is given"
        told_wrongly = said(args[:-1] + ["--y-up", "-"], glyphs, key)[0]
        assert "leave out --y-up" in told_wrongly, told_wrongly
        # Lines that say their own direction wrongly: the flag would not help; the lines are named.
        own = said(args, glyphs, key, yAxis="up")[0]
        assert "The lines say their own \"yAxis\"" in own and "--y-up" not in own, own
        # What is printed is the ink as given: nothing turned it.
        if key == "label":
            assert json.loads(turned)["letters"]["exact"] < json.loads(upright)["letters"]["exact"] / 2, (turned, upright)
        else:
            stars = lambda text: sum(json.loads(line)["stars"] for line in text.splitlines())
            assert stars(turned) < stars(upright) / 2


@pytest.mark.parametrize("args, says", [
    (["assess", "--glyph", "l", "{dir}"], "is a folder, not a file"),
    (["recognize", "{dir}"], "is a folder, not a file"),
    (["eval", "templates", "--data", "{dir}"], "is a folder, not a file"),
    (["bench", "tracker", "--seconds", "nan"], "--seconds must be a positive number"),
    (["bench", "websocket", "--seconds", "inf"], "--seconds must be a positive number"),
    (["bench", "websocket", "--stroke-pause=-1"], "--stroke-pause must be"),
    (["bench", "recognizer", "--count=-1"], "--count must be at least 1"),
    (["bench", "export", "--children=-1"], "--children and --days must be at least 1"),
    (["eval", "templates", "--data", "x", "--worst=-1"], "--worst must be 0 or more"),
    (["serve", "--port", "99999"], "--port must be 0 to 65535"),
    (["serve", "--port=-1"], "--port must be 0 to 65535"),
    (["glyphs", "lint", "--script", "nope"], "--script nope: no such script"),
    (["recognize", "--words", "--x-height=-5", "{dir}"], "--x-height must be a positive number"),
    # Options that would change nothing are refused, not ignored (2026-11-29: each was ignored unsaid).
    (["recognize", "--x-height", "40", "{dir}"], "--x-height tells capitals from small letters in a word"),
    (["assess", "--batch", "--glyph", "a", "{dir}"], "--batch reads each line's own \"glyph\""),
    (["assess", "--batch", "--variant", "standard", "{dir}"], "--batch reads each line's own \"variant\""),
    (["assess", "--word", "Oma", "--variant", "standard", "{dir}"], "a word (--word) is built in its script's own forms"),
    (["assess", "--glyph", "a", "--tier", "easy", "{dir}"], "--tier sets guided tracing's radius"),
    (["assess", "--batch", "--phase", "observe", "{dir}"], "--phase: only guided and freeWrite have ink to assess"),
    (["recognize", "--words", "--letters-only", "{dir}"], "--words reads letters only already"),
])
def test_a_bad_argument_is_refused_with_a_sentence_not_a_crash(tmp_path, args, says):
    result = run([a.replace("{dir}", str(tmp_path)) for a in args], b"")
    err = result.stderr.decode()
    assert result.returncode not in (0, 132, 134, -4, -6), (result.returncode, err)
    assert says in err, err
    assert "Fatal error" not in err and "Backtrac" not in err, err


def test_an_export_names_a_real_child_and_a_real_day_and_bench_export_keeps_off_real_data(tmp_path):
    data = tmp_path / "data"
    made = run(["bench", "export", "--children", "1", "--days", "1", "--attempts", "6", "--formats", "csv", "--keep", str(data)], b"")
    assert made.returncode == 0, made.stderr.decode()
    before = (data / "feder.sqlite").read_bytes()
    again = run(["bench", "export", "--children", "1", "--days", "1", "--attempts", "6", "--keep", str(data)], b"")
    assert again.returncode != 0 and "already holds a Feder database" in again.stderr.decode()
    assert (data / "feder.sqlite").read_bytes() == before
    out = tmp_path / "out"
    for args, says in [(["--child", "5b1f0a52-3c4e-4d7a-9a51-0c6f1f2b9e11"], "no child of this id"),
                       (["--since", "2026-11-31"], "--since 2026-11-31")]:
        refused = run(["export", "--data", str(data), "--out", str(out), *args], b"")
        assert refused.returncode != 0 and says in refused.stderr.decode(), refused.stderr.decode()
    assert run(["export", "--data", str(data), "--out", str(out), "--since", "2026-02-28"], b"").returncode == 0
    # The simulated child's id, copied in capitals, names the same child.
    child = (out / "children.csv").read_text().splitlines()[1].split(",")[0]
    upper = run(["export", "--data", str(data), "--out", str(tmp_path / "upper"), "--child", child.upper()], b"")
    assert upper.returncode == 0, upper.stderr.decode()
    assert (tmp_path / "upper" / "children.csv").read_text().splitlines()[1].startswith(child + ",")


def test_a_file_that_cannot_be_written_is_named_with_the_reason(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    for args in (["glyphs", "sheet", "--out", str(blocked / "sheet.svg")],
                 ["glyphs", "sheet", "--out", str(tmp_path / "sheet.txt")]):
        result = run(args, b"")
        err = result.stderr.decode()
        assert result.returncode != 0 and "Fatal error" not in err and "NSCocoaErrorDomain" not in err, err
        assert str(tmp_path) in err, err


def test_a_key_spelt_in_other_case_is_named_not_ignored(letters):
    """A "Frame" (or "yaxis", "Label", "Phase") was ignored unsaid: the letter judged without its
    ruling, y read the wrong way, a line counted as unlabelled. Keys of a reader's own stay allowed."""
    strokes = letters["b"]
    framed = {"strokes": strokes, "Frame": {"middle": 0, "base": 1}}
    single = run(["assess", "--glyph", "b", "-"], json.dumps(framed).encode())
    assert single.returncode == 1 and 'Frame" is not read; the key is "frame"' in single.stderr.decode(), single.stderr
    inner = run(["assess", "--glyph", "b", "-"], json.dumps({"strokes": strokes, "frame": {"Middle": 0, "base": 1}}).encode())
    assert 'frame: "Middle" is not read; the key is "middle"' in inner.stderr.decode(), inner.stderr
    batch = run(["assess", "--batch", "-"], "\n".join([
        json.dumps({"glyph": "b", "strokes": strokes, "writer": "w7", "session": 3, "ID": 17}),
        json.dumps({"glyph": "b", "strokes": strokes, "Phase": "guided"}),
    ]).encode()).stdout.decode().splitlines()
    first, second = (json.loads(l) for l in batch)
    assert "error" not in first and first["glyph"]["char"] == "b"
    assert second == {"line": 2, "error": '"Phase" is not read; the key is "phase" (keys are case-sensitive)'}
    answers = run(["recognize", "-"], "\n".join([
        json.dumps({"strokes": strokes, "yaxis": "up"}), json.dumps({"strokes": strokes, "label": "b", "note": "x"}),
    ]).encode()).stdout.decode().splitlines()
    assert json.loads(answers[0]) == {"line": 1, "error": '"yaxis" is not read; the key is "yAxis" (keys are case-sensitive)'}
    assert json.loads(answers[1])["label"] == "b"
    summary = run(["recognize", "--summary", "-"], "\n".join([
        json.dumps({"strokes": strokes, "label": "b"}), json.dumps({"strokes": strokes, "Label": "b"}),
    ]).encode())
    assert "1 lines skipped: 1 a key spelt in other case (Label for label)" in summary.stderr.decode(), summary.stderr


def test_batch_lines_take_the_commands_phase_and_tier(letters):
    """`--phase` and `--tier` were ignored with `--batch` (every line without its own phase was free
    writing, guided lines always the standard tier); they are the lines' defaults now."""
    def dense(stroke):  # a sample every 3 glyph units or so, as a pen gives them
        out = []
        for (x0, y0), (x1, y1) in zip(stroke, stroke[1:]):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / 3))
            out += [(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n)]
        return out + [tuple(stroke[-1])]
    # Traced with a wobble of 0.15 x-heights: within the standard tier's radius, not the strict one's.
    timed = [[[x + 15 * math.sin(i / 4), y, round(0.01 * i, 3)] for i, (x, y) in enumerate(dense(stroke))]
             for stroke in letters["b"]]
    ruling = {"top": 0, "middle": 100, "base": 200}
    line = json.dumps({"glyph": "b", "strokes": timed, "frame": ruling}).encode()
    def phase(*args):
        return json.loads(run(["assess", "--batch", *args, "-"], line).stdout)["phase"]
    assert phase() == "freeWrite"
    assert phase("--phase", "guided") == "guided"
    own = json.dumps({"glyph": "b", "strokes": timed, "phase": "freeWrite"}).encode()
    assert json.loads(run(["assess", "--batch", "--phase", "guided", "-"], own).stdout)["phase"] == "freeWrite"
    single_strict = json.loads(run(["assess", "--glyph", "b", "--phase", "guided", "--tier", "strict", "-"],
                                   json.dumps({"strokes": timed, "frame": ruling}).encode()).stdout)
    batch_strict = json.loads(run(["assess", "--batch", "--phase", "guided", "--tier", "strict", "-"], line).stdout)
    batch_standard = json.loads(run(["assess", "--batch", "--phase", "guided", "-"], line).stdout)
    assert batch_strict["guided"]["accuracy"] < batch_standard["guided"]["accuracy"]
    assert (batch_strict["guided"], batch_strict["stars"]) == (single_strict["guided"], single_strict["stars"])
