#!/bin/sh
# Builds every libFuzzer target of Fuzz/Package.swift and runs each for SECONDS (default 20).
# Usage: sh Fuzz/run.sh [SECONDS]. Corpora live in Fuzz/.build/corpus/<target> (not committed).
set -eu
seconds=${1:-20}
# Swift's own backtracer would catch a trap first and libFuzzer would not save the crashing input.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")"
swift build -c release --sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path .build/fuzzer
bin=$(swift build -c release --sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path .build/fuzzer --show-bin-path)
for target in $(ls Sources); do
    corpus=.build/corpus/$target
    mkdir -p "$corpus"
    printf 'fuzz: %s for %ss\n' "$target" "$seconds" >&2
    "$bin/$target" -max_total_time="$seconds" -print_final_stats=0 "$corpus" 2>.build/$target.log || {
        tail -40 ".build/$target.log" >&2
        echo "fuzz: $target found a crash (log: Fuzz/.build/$target.log)" >&2
        exit 1
    }
    grep -E '^(Done|#[0-9]+ *DONE)' ".build/$target.log" >&2 || tail -1 ".build/$target.log" >&2
done
echo "fuzz: all targets ran clean" >&2
