#!/usr/bin/env bash
# Runs the libFuzzer targets for a bounded time each and keeps what they find.
#
#   Fuzz/run.sh [SECONDS] [TARGET ...]     (default: 60 s each, all targets)
#   FUZZ_JOBS=N Fuzz/run.sh …              (N forked processes per target, default the cores;
#                                           0: one process, which stops at the first failure)
#   FUZZ_RUNS=N                            (with FUZZ_JOBS=0: stop after N runs, or SECONDS)
#   FUZZ_SCALE_BY_TIME=0|1                 (libFuzzer's -entropic_scale_per_exec_time for every
#                                           target; default: on for FuzzLDMLSession alone)
#
# Targets: FuzzLayoutLoader, FuzzTypingSession, FuzzLDMLSession, FuzzPlanner, FuzzCorpusReader,
# FuzzLDMLLoader, FuzzLDMLTransforms, FuzzInputDecoder, FuzzKeyboardTestFile, FuzzLDMLExport,
# FuzzCInterface, FuzzTypingLog (checks in
# Sources/FuzzChecks). Each target runs in a working corpus, Fuzz/corpus-work/<target>/ (not
# in git), seeded from the kept corpus Fuzz/Corpus/<target>/ (in git), the shipped layouts,
# handmade inputs and the test fixtures; after the run libFuzzer's -merge=1 keeps the inputs of
# both that add coverage, in a fresh folder that replaces Fuzz/Corpus/<target>/. The kept
# corpora together should stay under 5 MB (corpus_limit_kb): past it, run.sh warns. An input
# that fails is copied to Tests/LayoutEngineTests/Fixtures/fuzz/, where FuzzRegressionTests
# replays it from then on.
# A target with a dictionary in Fuzz/Dictionaries/<target>.dict gets it (-dict): the layout
# loader's has the format's field names and numbers at the edges of Int and Double.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzLayoutLoader FuzzTypingSession FuzzLDMLSession FuzzPlanner FuzzCorpusReader FuzzLDMLLoader
    FuzzLDMLTransforms FuzzInputDecoder FuzzKeyboardTestFile FuzzLDMLExport FuzzCInterface
    FuzzTypingLog)
jobs=${FUZZ_JOBS:-$(nproc)}  # processes per target; 0 runs one process without forking
corpus_limit_kb=5120          # all kept corpora together (Fuzz/Corpus), in git

# Handmade corpora for FuzzCorpusReader: a byte for the chunk size (16 + it), a byte for the
# layout and model, then the text.
seed_reader() {
    printf '\x00\x00Első sor\r\nMásodik sor\r\n\r\nharmadik\r\n' >"$1/seed-crlf"
    printf '\x20\x01nincs sortörés a végén\nutolsó sor' >"$1/seed-no-final-newline"
    printf '\x10\x02%s\n' "$(printf 'árvíztűrő tükörfúrógép %.0s' {1..12})" >"$1/seed-long-line"
    printf '\x00\x03%s' "$(printf 'őű%.0s' {1..60})" >"$1/seed-long-line-no-space"
    printf '\x01\x04a\xffb\n\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xe2\x82\nok\xc3' >"$1/seed-invalid"
    printf '\x02\x05a\x00b\n\x00\x00c\n' >"$1/seed-nul"
    printf '\x30\x06Őszi éjjel izzik a galagonya ruhája.\nÁrvíztűrő tükörfúrógép, ÉKEZETES betűk: öüóőúéáűí\n' \
        >"$1/seed-hungarian"
    printf '\x00\x07%s' "$(printf '🇭🇺👩‍👩‍👧e\xcc\x81\xcc\x8b %.0s' {1..8})" >"$1/seed-graphemes"
}

# Handmade terminal input for FuzzInputDecoder: a byte that picks the reads, then what a
# terminal sends: keys, UTF-8, CSI and SS3 sequences, SGR mouse reports, a bracketed paste.
seed_decoder() {
    printf '\x05Győr\x7f\x1b[D\x1bOA\r\x1b[3~\x1b[Z\x03' >"$1/seed-keys"
    printf '\x11\x1b[<0;10;5M\x1b[<32;11;5M\x1b[<0;11;5m\x1b[<64;1;1M' >"$1/seed-mouse"
    printf '\x2a\x1b[200~első\r\nmásodik\x1b[201~ő\x1b\x1b[A' >"$1/seed-paste"
    printf '\x07a\xc3\x1b[Bb\xe2\x82\x1bx\xff\x1b[1;5P\x1a\x0c' >"$1/seed-broken"
}

# Handmade programs for FuzzCInterface (operations in CInterfaceProgram.run): open hu-touch,
# make a session, type a ´ ⌫ by index and by name, read back; free twice; forged handles.
seed_c_interface() {
    printf '\x00\x00\x10\x03\x00\x06\x00\x06\x00\x0c\x00\x20\x07\x00\x02\xc2\xb4\x0c\x00\x30' >"$1/seed-type"
    printf '\x00\x01\x00\x03\x00\x00\x04\x00\x04\x00\x05\x00\x03\xffab\x02\x00\x02\x00' >"$1/seed-free-twice"
    printf '\x00\x00\x00\x03\x00\x00\x05\x00\x04a\xcc\x81b\x08\x00\x00\x08\x08\x00\x01\x08\x0d\x09\x00\x2f\x00' >"$1/seed-nfd"
    printf '\x06\xc9\x01\x02\x03\x04\x05\x0d\xc9\x10\x20\x30\x40\x0e\xc9\x00\x00\x00\x01\x0f\xc8' >"$1/seed-forged"
}

# The size of a corpus: its inputs' bytes, in KB (not the folders' own entries).
corpus_kb() { find "$1" -type f -printf '%s\n' | awk '{ total += $1 } END { print int((total + 1023) / 1024) }'; }

# --disable-build-manifest-caching: with the cached build manifest, a source file added to the
# main package's targets (a path dependency here) is not seen until its manifest changes.
swift build --sanitize=fuzzer -c release --scratch-path .build-fuzz --disable-build-manifest-caching >&2
bin=$(swift build --sanitize=fuzzer -c release --scratch-path .build-fuzz --show-bin-path)
fixtures=../Tests/LayoutEngineTests/Fixtures/fuzz
ldml_fixtures=../Tests/LDMLKeyboardsTests/Fixtures/fuzz
mkdir -p "$fixtures" Crashes

for target in "${targets[@]}"; do
    kept_corpus=Corpus/$target
    corpus=corpus-work/$target
    rm -rf "$corpus"
    mkdir -p "$corpus" "$kept_corpus"
    cp -R "$kept_corpus"/. "$corpus"/
    max_len=4096
    # FuzzLDMLSession's slow inputs (runs of hundreds of marks, 7 % of its corpus) took three
    # quarters of its time: libFuzzer gives it mutation energy in proportion to an input's
    # speed too (-entropic_scale_per_exec_time), so the fast ones run more. Over 300 s from the
    # kept corpus it found as many new features so (544 against 524) in 3.4 times the runs.
    # Elsewhere it found fewer (FuzzCorpusReader 245 against 448, FuzzLDMLLoader a fifth
    # fewer in 60 s and a tenth fewer in 300 s): docs/fuzzing.md.
    scale_by_time=0
    if [ "$target" = FuzzLDMLSession ]; then scale_by_time=1; fi
    scale_by_time=${FUZZ_SCALE_BY_TIME:-$scale_by_time}
    case $target in
        FuzzLayoutLoader) prefix=loader; cp -n ../Layouts/*.json ../Tests/LayoutEngineTests/Fixtures/invalid/*.json "$corpus"/ ;;
        # Every failing input kept so far is under 320 bytes: 1 KB inputs check as much, faster.
        FuzzTypingSession) prefix=session; max_len=1024 ;;
        FuzzLDMLSession) prefix=ldml-session; max_len=1024 ;;  # kept in LayoutEngineTests like session-
        FuzzPlanner) prefix=planner; max_len=1024 ;;
        # A byte that picks a keyboard, then a keyboardTest3 file: the CLDR tests and the fixtures.
        FuzzKeyboardTestFile) prefix=ldml-test-file; max_len=16384
            # It reads XML through FoundationXML too: one process grew 0.5 KB a run and passed
            # -rss_limit_mb after 3.9 million runs (an "oom" that is the leak, not its input).
            [ "$jobs" -eq 0 ] && echo "warning: $target in one process grows about 0.5 KB a run" \
                "(FoundationXML's XML errors leak); it stops near 3.9 million runs: fork it instead" >&2
            for test in ../Layouts/cldr/test/*.xml ../Tests/LDMLKeyboardsTests/Fixtures/*-test.xml; do
                { printf '\x00'; cat "$test"; } >"$corpus/seed-$(basename "$test")"
            done ;;
        # A byte below 0x80 that picks a shipped layout, or 0x80 and a layout file then NUL;
        # then key events, two bytes each.
        FuzzLDMLExport) prefix=ldml-export; max_len=8192
            printf '\x00\x01\x00\x02\xc0\x03\x00\x04\xc1' >"$corpus/seed-shipped"
            for layout in ../Layouts/*.json; do
                { printf '\x80'; cat "$layout"; printf '\x00\x05\x00\x06\xc2\x07\x00'; } >"$corpus/seed-$(basename "$layout")"
            done ;;
        FuzzCorpusReader) prefix=reader; max_len=512; seed_reader "$corpus" ;;  # chunks are 16 to 271 bytes
        FuzzInputDecoder) prefix=decoder; max_len=512; seed_decoder "$corpus" ;;
        # A typing-test log: the kept corpus holds small synthetic and hand-made ones.
        FuzzTypingLog) prefix=typing-log; max_len=4096 ;;
        FuzzLDMLLoader) prefix=ldml-loader; max_len=16384
            # FoundationXML leaks the error object of each XML error (about 0.7 KB a run), so
            # one process passes -rss_limit_mb after about 2.9 million runs; forked jobs restart.
            [ "$jobs" -eq 0 ] && echo "warning: $target in one process grows about 0.7 KB a run" \
                "(FoundationXML's XML errors leak); it stops near 2.9 million runs: fork it instead" >&2
            cp -n ../Layouts/cldr/3.0/*.xml ../Tests/LDMLKeyboardsTests/Fixtures/*.xml "$corpus"/ ;;
        FuzzLDMLTransforms) prefix=ldml-transforms
            printf '([abc])`([def])\0$2`$1\0a`e\bx' >"$corpus/seed-groups"
            printf '($[s])(?:x|y){1,3}\0$[1:t]\0ccxyx\a' >"$corpus/seed-mapped"
            printf '\\m{m}\\u{300}?[^a-c].\0\\m{n}$0\0\ae\xcc\x81q' >"$corpus/seed-markers" ;;
        # Programs of calls to the C interface: an operation byte, then its arguments.
        FuzzCInterface) prefix=capi; max_len=2048; seed_c_interface "$corpus" ;;
        *) echo "unknown target $target" >&2; exit 64 ;;
    esac
    keep=$fixtures
    case $target in FuzzLDMLSession) ;; FuzzLDML* | FuzzKeyboardTestFile) keep=$ldml_fixtures; mkdir -p "$keep" ;; esac
    for kept in "$keep"/$prefix-*; do [ -e "$kept" ] && cp -n "$kept" "$corpus"/; done
    dict=()
    [ -f "Dictionaries/$target.dict" ] && dict=(-dict="Dictionaries/$target.dict")
    log=Crashes/$target.log
    rm -f Crashes/"$target"-crash-* Crashes/"$target"-timeout-* Crashes/"$target"-oom-*
    fork=()
    [ "$jobs" -gt 0 ] && fork=(-fork="$jobs")
    [ "$jobs" -eq 0 ] && [ -n "${FUZZ_RUNS:-}" ] && fork=(-runs="$FUZZ_RUNS")
    echo "== $target: $seconds s on $([ "$jobs" -gt 0 ] && echo "$jobs forked processes" || echo "one process")" \
        "$([ "$scale_by_time" = 1 ] && echo "(energy scaled by speed)")" >&2
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$bin/$target" "$corpus" "${dict[@]}" "${fork[@]}" \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -entropic_scale_per_exec_time="$scale_by_time" -artifact_prefix="Crashes/$target-" -print_final_stats=1 \
        >"$log" 2>&1 || true
    # Runs: the last status line's count (forked: "#N:", one process: "#N<tab>").
    runs=$(grep -aoE '^#[0-9]+[:[:space:]]' "$log" | tail -1 | tr -dc '0-9')
    # The kept corpus: the inputs of the working and the kept corpus that add coverage.
    merged=corpus-work/$target.merged
    rm -rf "$merged"
    mkdir -p "$merged"
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$bin/$target" -merge=1 "$merged" "$corpus" "$kept_corpus" \
        "${dict[@]}" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 >"Crashes/$target.merge.log" 2>&1; then
        rm -rf "$kept_corpus"
        mv "$merged" "$kept_corpus"
    else
        echo "warning: merging $target's corpus failed (Crashes/$target.merge.log); $kept_corpus unchanged" >&2
    fi
    echo "$target: ${runs:-0} runs; kept corpus $(ls "$kept_corpus" | wc -l) inputs," \
        "$(corpus_kb "$kept_corpus") KB; log $log" >&2
    for crash in Crashes/"$target"-crash-* Crashes/"$target"-timeout-* Crashes/"$target"-oom-*; do
        [ -e "$crash" ] || continue
        name=$prefix-$(basename "$crash" | sed "s/^$target-//")
        cp "$crash" "$keep/$name"
        echo "FOUND: $crash → $keep/$name (add it to git; FuzzRegressionTests replays it)" >&2
    done
done

total_kb=$(corpus_kb Corpus)
if [ "$total_kb" -gt "$corpus_limit_kb" ]; then
    echo "warning: the kept corpora (Fuzz/Corpus) hold $total_kb KB, past the bound of $corpus_limit_kb KB:" \
        "lower the targets' max_len or leave the largest seeds out of the kept corpus" >&2
fi
