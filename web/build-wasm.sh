#!/bin/sh
# Builds the engine for the web page: Sources/LayoutCore and web/engine/*.swift compiled
# with Embedded Swift for wasm32-unknown-none-wasm into OUT_DIR/engine.wasm (default
# web/dist). Needs only the Swift toolchain (its embedded standard library, Unicode data
# tables, clang and wasm-ld) and Debian's wasi-libc for malloc, memcpy and strtod; binaryen's wasm-opt,
# when installed, makes the file smaller.
#
#     web/build-wasm.sh [OUT_DIR]
#
# SWIFTC, WASM_LD, WASI_LIBC and WASM_OPT override the tools found on this machine.
#
# A build is kept in .build/wasm-cache/, named by a hash of everything it is made from (this
# script, the sources, Shims.c and the tools' versions), and copied from there while nothing
# changed: the tests that run the engine in Node and in Chromium build it once between them.
# WASM_CACHE=0 builds anew; WASM_CACHE=DIR keeps the builds in DIR.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/web/dist"}
mkdir -p "$out"
out=$(cd "$out" && pwd)

swiftc=${SWIFTC:-$(command -v swiftc)}
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
wasm_ld=${WASM_LD:-"$toolchain/bin/wasm-ld"}
tables="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
libc=${WASI_LIBC:-/usr/lib/wasm32-wasi/libc.a}
for needed in "$wasm_ld" "$tables" "$libc"; do
    if [ ! -e "$needed" ]; then
        echo "build-wasm.sh: $needed is missing (wasi-libc: apt-get install wasi-libc)" >&2
        exit 1
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

find "$root/Sources/LayoutCore" "$root/web/engine" -name '*.swift' | LC_ALL=C sort >"$work/sources"
wasm_opt=${WASM_OPT:-$(command -v wasm-opt || true)}

cache=${WASM_CACHE:-"$root/.build/wasm-cache"}
if [ "$cache" != 0 ]; then
    key=$(
        {
            cat "$0" "$root/web/engine/Shims.c"
            # shellcheck disable=SC2046
            sha256sum $(cat "$work/sources") | sed "s|$root/||"
            "$swiftc" --version 2>&1
            if [ -n "$wasm_opt" ]; then "$wasm_opt" --version; fi
            ls -l "$libc" "$tables"
        } | sha256sum | cut -c1-32
    )
    mkdir -p "$cache"
    cached="$cache/engine-$key.wasm"
    # One build at a time: a second build of the same sources waits for the first, then copies it.
    exec 9>"$cache/lock"
    flock 9
    if [ -f "$cached" ]; then
        cp "$cached" "$out/engine.wasm"
        echo "build-wasm.sh: $out/engine.wasm ($(wc -c <"$out/engine.wasm") bytes, unchanged sources: from $cached)"
        exit 0
    fi
fi
# The planner (Sources/LayoutPlanner) stays out: the page never plans.
# LAYOUTCORE_WITHOUT_SHIPPED_LAYOUTS: the page reads the shipped layouts from layouts.json
# beside it (web/build.sh), so the .wasm holds no second copy of them (28 KB).
# shellcheck disable=SC2046
"$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library \
    -Osize -D LAYOUTCORE_WITHOUT_SHIPPED_LAYOUTS -Xfrontend -disable-stack-protector -package-name PostfixAccentKeyboard -module-name LayoutCore \
    -c $(cat "$work/sources") -o "$work/engine.o"

"$toolchain/bin/clang" --target=wasm32-unknown-wasi -Os -ffreestanding -isystem /usr/include/wasm32-wasi \
    -c "$root/web/engine/Shims.c" -o "$work/shims.o"

exports=""
for name in pk_alloc pk_free pk_result_pointer pk_result_length pk_unknown_layout pk_open_json \
    pk_layout pk_view pk_set_context pk_set_backspace pk_tap pk_long_press pk_multi_tap pk_flick pk_press \
    pk_bench_taps; do
    exports="$exports --export=$name"
done
# shellcheck disable=SC2086
"$wasm_ld" --no-entry --global-base=1024 $exports --gc-sections --strip-all -o "$work/engine.wasm" "$work/engine.o" "$work/shims.o" \
    "$tables" "$libc"

if [ -n "$wasm_opt" ]; then
    # --low-memory-unused: wasm-ld puts the data at --global-base=1024 and the stack and heap
    # after it, so nothing lives in the first 1 KB and wasm-opt may fold offsets into loads.
    # --flatten --rereloop -Oz: the control flow rebuilt and shrunk again, 15 KB less, the key
    # events as fast (web/bench/keys.mjs).
    "$wasm_opt" -Oz --low-memory-unused --converge --flatten --rereloop -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
        "$work/engine.wasm" -o "$out/engine.wasm"
else
    cp "$work/engine.wasm" "$out/engine.wasm"
fi
if [ "$cache" != 0 ]; then
    # Older builds go; the new one is written under another name first, so no reader sees half.
    rm -f "$cache"/engine-*.wasm
    cp "$out/engine.wasm" "$cached.part" && mv "$cached.part" "$cached"
fi
echo "build-wasm.sh: $out/engine.wasm ($(wc -c <"$out/engine.wasm") bytes)"
