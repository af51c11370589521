#!/bin/bash
# What the live server's CPU goes to: per pen message, per pen sample and per letter, for one or
# more builds (docs/PERFORMANCE.md, "Cost per pen sample and per letter").
#   scripts/bench/websocket_cost_split.sh LABEL=FEDER_BINARY[@DATA_TEMPLATE] ... 
# Each build's server runs alone on core 0, the load generator (this tree's release `feder`, or
# $GENERATOR) on core 1, 300 children (CHILDREN), 10 s after 4 s warm-up, a fresh server and data
# directory per run, builds alternating, every configuration REPEATS times (default 2):
#   120 Hz, a move every frame, 1 s between letters   (the issue's load)
#   120 Hz, a move every two frames                   (half the messages, the same samples)
#   240 Hz, a move every frame                        (twice the samples, the same messages)
#   120 Hz, a move every frame, 6 s between letters   (fewer letters)
# and a least-squares fit  CPU seconds = a·messages + b·samples + c·letters + d·seconds  per build.
# @DATA_TEMPLATE: a data directory copied for each run of that build, for a build whose schema the
# generator cannot prepare (its simulated children must already be set to guided tracing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
generator=${GENERATOR:-"$here/../../.build/release/feder"}
children=${CHILDREN:-300}; repeats=${REPEATS:-2}
configs=("120 1 1" "120 2 1" "240 1 1" "120 1 6")
out=$(mktemp)
trap 'rm -f "$out"' EXIT

run_one() {  # label binary template rate frames letterPause
    local label=$1 bin=$2 template=$3 rate=$4 frames=$5 pause=$6
    local data scratch port server line
    data=$(mktemp -d); scratch=$(mktemp -d); port=$((8400 + RANDOM % 500))
    [ -n "$template" ] && cp -a "$template"/. "$data"/
    taskset -c 0 "$bin" serve --port "$port" --data "$data" > /dev/null 2>&1 &
    server=$!
    sleep 1.5
    # With a template the generator prepares its children in a scratch database instead.
    line=$(taskset -c 1 "$generator" bench websocket --children "$children" --rate "$rate" --seconds 10 \
        --frames-per-move "$frames" --letter-pause "$pause" --url "ws://127.0.0.1:$port/v1/session" \
        --data "$([ -n "$template" ] && echo "$scratch" || echo "$data")" --server-pid "$server" | grep '^websocket')
    kill "$server"; wait "$server" 2>/dev/null || true
    rm -rf "$data" "$scratch"
    echo "$label $rate $frames $pause $line" | tee -a "$out"
}

for ((r = 0; r < repeats; r++)); do
    for config in "${configs[@]}"; do
        for build in "$@"; do
            label=${build%%=*}; rest=${build#*=}; bin=${rest%%@*}; template=""
            [ "$rest" != "$bin" ] && template=${rest#*@}
            run_one "$label" "$bin" "$template" $config
        done
    done
done

python3 - "$out" <<'EOF'
import re, sys
import numpy as np
rows = {}
for line in open(sys.argv[1]):
    label = line.split()[0]
    rate, frames = int(line.split()[1]), int(line.split()[2])
    messages = int(re.search(r"round trip n=(\d+)", line).group(1))
    samples = float(re.search(r"samples/s=(\d+)", line).group(1)) * 10
    letters = int(re.search(r"letter start n=(\d+)", line).group(1))
    cpu = float(re.search(r"server CPU ([\d.]+) s", line).group(1))
    errors = int(re.search(r"errors=(\d+)", line).group(1))
    rows.setdefault(label, []).append((messages, samples, letters, 10.0, cpu, errors, rate, frames))
for label, data in rows.items():
    a = np.array([r[:4] for r in data], dtype=float)
    y = np.array([r[4] for r in data])
    (per_message, per_sample, per_letter, per_second), *_ = np.linalg.lstsq(a, y, rcond=None)
    fitted = a @ np.array([per_message, per_sample, per_letter, per_second])
    worst = max(abs(fitted - y) / y)
    print(f"{label}: per message {per_message * 1e6:.1f} µs, per sample {per_sample * 1e6:.1f} µs, "
          f"per letter {per_letter * 1e6:.0f} µs, per second {per_second * 1e3:.0f} ms "
          f"(runs {len(data)}, worst misfit {worst * 100:.1f} %, errors {sum(r[5] for r in data)})")
    for rate, frames in ((120, 1), (120, 2), (240, 1)):
        per_pen_sample = per_message * 60 / (rate * frames) + per_sample  # a message holds rate/60·frames samples
        print(f"  {rate} Hz, a move every {frames} frame(s): {per_pen_sample * 1e6:.1f} µs per pen sample "
              f"(messages and samples only), {1 / per_pen_sample:,.0f} pen samples per CPU-second")
EOF
