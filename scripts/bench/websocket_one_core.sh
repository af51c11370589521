#!/bin/bash
# One row of docs/PERFORMANCE.md's one-core tables: a fresh `feder serve` pinned to core 0, the load
# generator (`feder bench websocket`) pinned to core 1, both with the same --concurrency.
#   scripts/bench/websocket_one_core.sh CHILDREN RATE [event-loops|swift|floor|floor-hummingbird] [SECONDS]
# `floor`: the server is `feder bench echo-server` (the server's own WebSocket handlers answering at
# once, no Feder work) — what the same traffic costs before Feder does anything; `floor-hummingbird`:
# the same over Hummingbird's WebSocket path, which the server used until 2026-11-25.
# FRAMES_PER_MOVE (default 2, as the page sends guided tracing) sets the frames per move message.
# Needs a release build (swift build -c release --product feder) and two cores.
set -euo pipefail
children=$1; rate=$2; mode=${3:-event-loops}; seconds=${4:-10}
feder=${FEDER_BIN:-"$(dirname "$0")/../../.build/release/feder"}
data=$(mktemp -d); port=$((8400 + RANDOM % 500))
if [ "$mode" = floor ] || [ "$mode" = floor-hummingbird ]; then
    transport=feder; [ "$mode" = floor-hummingbird ] && transport=hummingbird
    taskset -c 0 "$feder" bench echo-server --port "$port" --transport "$transport" > /dev/null 2>&1 &
    client_mode=swift
else
    taskset -c 0 "$feder" serve --port "$port" --data "$data" --concurrency "$mode" > /dev/null 2>&1 &
    client_mode=$mode
fi
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
sleep 1.5
taskset -c 1 "$feder" bench websocket --children "$children" --rate "$rate" --seconds "$seconds" \
    --frames-per-move "${FRAMES_PER_MOVE:-2}" \
    --concurrency "$client_mode" --url "ws://127.0.0.1:$port/v1/session" --data "$data" --server-pid "$server" \
    | grep '^websocket' | sed "s/^/[$mode] /"
