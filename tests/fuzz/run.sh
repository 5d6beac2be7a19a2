#!/bin/sh
# Runs each libFuzzer target of a build made with --enable-fuzzing for a
# while on a scratch copy of its committed corpus; stops at the first
# finding (the input is left in the scratch folder's crashes/).
# Usage: tests/fuzz/run.sh BUILDDIR [SECONDS] [TARGET...]
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: run.sh BUILDDIR [SECONDS] [TARGET...]}
secs=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
targets=${*:-fen move pgn autosave config commands xboard protocol client}
work=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-fuzzrun.XXXXXX")
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for t in $targets; do
    mkdir -p "$work/$t/corpus" "$work/$t/crashes"
    cp "$src/tests/fuzz/corpus/$t/"* "$work/$t/corpus/"
    echo "== fuzz_$t for ${secs}s"
    if ! "$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=4096 -timeout=20 \
            -rss_limit_mb=2048 -print_final_stats=1 -dict="$src/tests/fuzz/$t.dict" \
            -artifact_prefix="$work/$t/crashes/" "$work/$t/corpus" 2>"$work/$t/log"; then
        tail -n 60 "$work/$t/log"
        echo "fuzz_$t found a problem: see $work/$t/crashes/ and $work/$t/log" >&2
        exit 1
    fi
    grep -E '^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec' \
        "$work/$t/log" || true
done
rm -rf "$work"
