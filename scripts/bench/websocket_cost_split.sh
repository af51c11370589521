#!/bin/bash
# What the live server's CPU goes to: per pen message, per pen sample and per letter, for one or
# more builds (docs/PERFORMANCE.md, "Per letter and per message: where the rest of the cost is").
#   scripts/bench/websocket_cost_split.sh LABEL=FEDER_BINARY[@DATA_TEMPLATE] ...
# Each build's server runs alone on core 0, the load generator (this tree's release `feder`, or
# $GENERATOR) on core 1, CHILDREN children (300), SECONDS_MEASURED seconds (10) after 4 s warm-up,
# a fresh server and data directory per run, the builds alternating, every configuration REPEATS
# times (2). CONFIGS lists the configurations as "RATE FRAMES_PER_MOVE LETTER_PAUSE", separated by
# commas; the default:
#   120 1 1   120 Hz, a move every frame, 1 s between letters   (the issue's load)
#   120 2 1   a move every two frames: the same samples and letters in half the messages
#   240 1 1   240 Hz: the same messages and letters carrying twice the samples
#   120 1 6   6 s between letters: fewer letters (and less of everything else)
# Printed per build: the server CPU of every run, and, from each pair of configurations that differ
# in the frames per move only (or the rate only), the CPU one more pen message (or pen sample) costs,
# within the same repeat, and its median over repeats; and a least-squares fit over all runs,
#   CPU seconds = a·messages + b·samples + c·letters + d·seconds.
# @DATA_TEMPLATE: a data directory copied for each run of that build, for a build whose schema the
# generator cannot prepare (its simulated children must already be set to guided tracing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
generator=${GENERATOR:-"$here/../../.build/release/feder"}
children=${CHILDREN:-300}; repeats=${REPEATS:-2}; seconds=${SECONDS_MEASURED:-10}
IFS=, read -r -a configs <<< "${CONFIGS:-120 1 1,120 2 1,240 1 1,120 1 6}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

run_one() {  # label repeat binary template rate frames letterPause
    local label=$1 repeat=$2 bin=$3 template=$4 rate=$5 frames=$6 pause=$7
    local data scratch port server line
    data=$(mktemp -d); scratch=$(mktemp -d); port=$((8400 + RANDOM % 500))
    [ -n "$template" ] && cp -a "$template"/. "$data"/
    taskset -c 0 "$bin" serve --port "$port" --data "$data" > /dev/null 2>&1 &
    server=$!
    sleep 1.5
    # With a template the generator prepares its children in a scratch database instead.
    line=$(taskset -c 1 "$generator" bench websocket --children "$children" --rate "$rate" --seconds "$seconds" \
        --frames-per-move "$frames" --letter-pause "$pause" --url "ws://127.0.0.1:$port/v1/session" \
        --data "$([ -n "$template" ] && echo "$scratch" || echo "$data")" --server-pid "$server" | grep '^websocket')
    kill "$server"; wait "$server" 2>/dev/null || true
    rm -rf "$data" "$scratch"
    echo "$label $repeat $rate $frames $pause $line" | tee -a "$out"
}

for ((r = 0; r < repeats; r++)); do
    for config in "${configs[@]}"; do
        for build in "$@"; do
            label=${build%%=*}; rest=${build#*=}; bin=${rest%%@*}; template=""
            [ "$rest" != "$bin" ] && template=${rest#*@}
            # shellcheck disable=SC2086
            run_one "$label" "$r" "$bin" "$template" $config
        done
    done
done

python3 "$here/websocket_cost_split.py" "$out" "$seconds"
