#!/usr/bin/env bash
# Runs the libFuzzer targets for a bounded time each and keeps what they find.
#
#   Fuzz/run.sh [SECONDS] [TARGET ...]     (default: 60 s each, all targets)
#
# Targets: FuzzLayoutLoader, FuzzTypingSession, FuzzPlanner (checks in Sources/FuzzChecks).
# The corpus of each target grows in Fuzz/Corpus/<target>/ (seeded with the shipped
# layouts and the test fixtures); an input that fails is copied to
# Tests/LayoutEngineTests/Fixtures/fuzz/, where FuzzRegressionTests replays it from then on.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzLayoutLoader FuzzTypingSession FuzzPlanner)
jobs=${FUZZ_JOBS:-$(nproc)}  # processes per target

swift build --sanitize=fuzzer -c release --scratch-path .build-fuzz >&2
bin=$(swift build --sanitize=fuzzer -c release --scratch-path .build-fuzz --show-bin-path)
fixtures=../Tests/LayoutEngineTests/Fixtures/fuzz
mkdir -p "$fixtures" Crashes

for target in "${targets[@]}"; do
    corpus=Corpus/$target
    mkdir -p "$corpus"
    case $target in
        FuzzLayoutLoader) prefix=loader; cp -n ../Layouts/*.json ../Tests/LayoutEngineTests/Fixtures/invalid/*.json "$corpus"/ ;;
        FuzzTypingSession) prefix=session ;;
        FuzzPlanner) prefix=planner ;;
        *) echo "unknown target $target" >&2; exit 64 ;;
    esac
    for kept in "$fixtures"/$prefix-*; do [ -e "$kept" ] && cp -n "$kept" "$corpus"/; done
    log=Crashes/$target.log
    rm -f Crashes/"$target"-crash-* Crashes/"$target"-timeout-* Crashes/"$target"-oom-*
    echo "== $target: $seconds s on $jobs processes" >&2
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$bin/$target" "$corpus" \
        -fork="$jobs" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Crashes/$target-" -print_final_stats=1 >"$log" 2>&1 || true
    runs=$(grep -o 'exec/s' "$log" >/dev/null && grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#')
    echo "$target: ${runs:-0} runs; corpus $(ls "$corpus" | wc -l) inputs; log $log" >&2
    for crash in Crashes/"$target"-crash-* Crashes/"$target"-timeout-* Crashes/"$target"-oom-*; do
        [ -e "$crash" ] || continue
        name=$prefix-$(basename "$crash" | sed "s/^$target-//")
        cp "$crash" "$fixtures/$name"
        echo "FOUND: $crash → $fixtures/$name (add it to git; FuzzRegressionTests replays it)" >&2
    done
done
