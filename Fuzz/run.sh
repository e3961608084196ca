#!/bin/sh
# Builds every libFuzzer target of Fuzz/Package.swift and runs each for SECONDS (default 20), JOBS targets at a time
# (default: the number of processors), so the pass costs targets × SECONDS / JOBS of wall time.
# Usage: sh Fuzz/run.sh [SECONDS [JOBS]]. Corpora live in Fuzz/.build/corpus/<target> (not committed).
set -eu
seconds=${1:-20}
jobs=${2:-$(nproc 2>/dev/null || echo 1)}
# Swift's own backtracer would catch a trap first and libFuzzer would not save the crashing input.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")"
swift build -c release --sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path .build/fuzzer
bin=$(swift build -c release --sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path .build/fuzzer --show-bin-path)
export bin seconds
# One target: its corpus, its log, its last line; on a crash the log's tail and exit 255 (which stops xargs).
run_one='
    target=$1
    corpus=.build/corpus/$target
    mkdir -p "$corpus"
    "$bin/$target" -max_total_time="$seconds" -print_final_stats=0 "$corpus" 2>.build/$target.log || {
        tail -40 ".build/$target.log" >&2
        echo "fuzz: $target found a crash (log: Fuzz/.build/$target.log)" >&2
        exit 255
    }
    printf "fuzz: %s for %ss: %s\n" "$target" "$seconds" "$(grep -E "^(Done|#[0-9]+ *DONE)" ".build/$target.log" || tail -1 ".build/$target.log")" >&2
'
ls Sources | xargs -P "$jobs" -n 1 sh -c "$run_one" fuzz-target
echo "fuzz: all targets ran clean" >&2
