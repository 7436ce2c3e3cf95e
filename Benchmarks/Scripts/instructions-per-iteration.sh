#!/usr/bin/env bash
# Instructions ViperNest executes per iteration of a scenario, counted by callgrind: the difference
# between a run of 2N and a run of N iterations, divided by N (start-up and set-up cancel out).
# Repeatable whatever else the machine is doing.
#
#   Benchmarks/Scripts/instructions-per-iteration.sh SCENARIO [N] [CONTENDER]
#
# CONTENDER is ours (default), handwired, swinject, swift-dependencies (app-hit, transient-leaf,
# story-cycle) or any other contender label of the scenario
# (ours-main, ours-plain, swinject-plain, ours-off, detector-hook, ...). A contender's untimed
# preparation (validate-1k's fresh registries, register-10k's set-up) is counted too: those two
# scenarios' counts are not per-iteration figures.
#
# Build first: swift build -c release --package-path Benchmarks
set -euo pipefail
scenario=${1:?usage: $0 SCENARIO [N]}
n=${2:-20000}
contender=${3:-ours}
here=$(cd "$(dirname "$0")/.." && pwd)
built="$here/.build/release/vipernest-bench"
# Valgrind 3.19's debug-info reader gives up on the binary's DWARF (its thread-local variable):
# profile a copy without debug info (the symbol table, which callgrind needs, stays).
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
objcopy --strip-debug "$built" "$binary"
count() {
  local out
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" --only "$scenario" --profile "$1" \
    --contender "$contender" \
    >/dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$out"
  rm -f "$out"
}
one=$(count "$n")
two=$(count $((2 * n)))
echo "$scenario ($contender): $(( (two - one) / n )) instructions per iteration (N=$n)"
