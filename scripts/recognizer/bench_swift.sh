#!/usr/bin/env bash
# Latency benchmark of the Swift letter recognizer: release build (swiftc -O), single thread.
#   scripts/recognizer/bench_swift.sh [ITERATIONS]
# Compiles Sources/FederCore/Recognition (without the Bundle.module file) + Geometry/Point.swift +
# scripts/recognizer/bench/BenchMain.swift into a temporary binary, runs it on the shipped weights
# and the hand-drawn letters of the agreement fixture.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
sources=()
for f in "$root"/Sources/FederCore/Recognition/*.swift; do
  case "$f" in *+Bundle.swift) ;; *) sources+=("$f") ;; esac
done
swiftc -O -parse-as-library -module-name FederCore \
  "${sources[@]}" "$root/Sources/FederCore/Geometry/Point.swift" "$root/scripts/recognizer/bench/BenchMain.swift" \
  -o "$out/bench-recognizer"
"$out/bench-recognizer" \
  "$root/Sources/FederCore/Resources/Recognizer/letters.fdrw" \
  "$root/Tests/FederCoreTests/Recognition/Fixtures/recognizer-agreement.json" \
  "${1:-20000}"
