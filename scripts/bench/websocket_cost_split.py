"""Reads the runs of websocket_cost_split.sh and prints what one pen message, one pen sample and
one letter cost the server, per build.

    python3 scripts/bench/websocket_cost_split.py RUNS_FILE SECONDS

Each line of RUNS_FILE: LABEL REPEAT RATE FRAMES_PER_MOVE LETTER_PAUSE, then the line of
`feder bench websocket`.
"""
import re
import statistics
import sys


def read_runs(path, seconds):
    runs = {}
    for line in open(path):
        label, repeat, rate, frames, pause = line.split()[:5]
        runs[(label, int(repeat), int(rate), int(frames), float(pause))] = dict(
            messages=int(re.search(r"round trip n=(\d+)", line).group(1)),
            samples=float(re.search(r"samples/s=(\d+)", line).group(1)) * seconds,
            letters=int(re.search(r"letter start n=(\d+)", line).group(1)),
            cpu=float(re.search(r"server CPU ([\d.]+) s", line).group(1)),
            p99=float(re.search(r"round trip n=\d+ .*?p99=([\d.]+) ms", line).group(1)),
            errors=int(re.search(r"errors=(\d+)", line).group(1)))
    return runs


def paired(runs, label, configs, setting, unit):
    """CPU per unit from configurations that differ in `setting` (index into the config) only,
    within each repeat."""
    estimates = []
    repeats = sorted({k[1] for k in runs if k[0] == label})
    for a in configs:
        for b in configs:
            if [i for i in range(3) if a[i] != b[i]] != [setting] or a[setting] >= b[setting]:
                continue
            for r in repeats:
                x, y = runs.get((label, r) + a), runs.get((label, r) + b)
                if x and y and x[unit] != y[unit]:
                    estimates.append((x["cpu"] - y["cpu"]) / (x[unit] - y[unit]))
    return estimates


def fit(rows, seconds):
    """Least squares: cpu = a·messages + b·samples + c·letters + d·seconds (normal equations)."""
    xs = [[r["messages"], r["samples"], r["letters"], seconds] for r in rows]
    ys = [r["cpu"] for r in rows]
    n = 4
    ata = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    aty = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)]
    # Gaussian elimination with partial pivoting.
    m = [row[:] + [v] for row, v in zip(ata, aty)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if m[c][c] == 0:
            return None
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    seconds = float(sys.argv[2])
    runs = read_runs(sys.argv[1], seconds)
    labels = list(dict.fromkeys(k[0] for k in runs))
    configs = sorted({k[2:] for k in runs})
    for label in labels:
        mine = {k: v for k, v in runs.items() if k[0] == label}
        print(f"{label}: {len(mine)} runs, errors {sum(v['errors'] for v in mine.values())}")
        for config in configs:
            cell = [v for k, v in mine.items() if k[2:] == config]
            if not cell:
                continue
            cpu = statistics.median(v["cpu"] for v in cell)
            samples = statistics.median(v["samples"] for v in cell)
            cpus = " · ".join(f"{v['cpu']:.2f}" for v in cell)
            p99s = " · ".join(f"{v['p99']:.2f}" for v in cell)
            print(f"  {config[0]} Hz, a move every {config[1]} frame(s), {config[2]:g} s between letters: "
                  f"server CPU {cpus} s of {seconds:g} s, {samples / cpu:,.0f} samples per CPU-second (medians), "
                  f"p99 {p99s} ms")
        for what, unit, setting in (("pen message", "messages", 1), ("pen sample", "samples", 0)):
            estimates = paired(runs, label, configs, setting, unit)
            if estimates:
                print(f"  one more {what}: median {statistics.median(estimates) * 1e6:.1f} µs of server CPU "
                      f"(per repeat: {', '.join(f'{e * 1e6:.1f}' for e in estimates)})")
        # Four unknowns need at least four different configurations.
        coefficients = fit(list(mine.values()), seconds) if len({k[2:] for k in mine}) >= 4 else None
        if coefficients:
            a, b, c, d = coefficients
            print(f"  fit over all runs: {a * 1e6:.1f} µs per message, {b * 1e6:.1f} µs per sample, "
                  f"{c * 1e3:.2f} ms per letter, {d * 1e3:.0f} ms per second")


if __name__ == "__main__":
    main()
