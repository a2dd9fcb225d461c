#!/bin/sh
# Builds the web page into OUT_DIR (default web/dist): the engine as WebAssembly
# (build-wasm.sh), then the page's HTML, CSS and JavaScript modules and the shipped layouts
# (layouts.json) beside it. The result is a folder of static files with relative links only:
# any static host serves it, and it works offline. Serve it locally with web/serve.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/dist"}
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ ! -x "$here/build-wasm.sh" ]; then
    echo "build.sh: $here/build-wasm.sh is missing: it builds engine.wasm (the engine for the browser)" >&2
    exit 1
fi
"$here/build-wasm.sh" "$out"

for file in "$here"/src/*.html "$here"/src/*.css "$here"/src/*.js; do
    [ -e "$file" ] || continue
    cp "$file" "$out/"
done
# The typing test's modules, phrases and plans (web/src/typing-test/), loaded only in a test.
rm -rf "$out/typing-test"
cp -R "$here/src/typing-test" "$out/typing-test"
# The shipped layouts, one JSON object of layout id → the layout file's document, which the
# page loads (the .wasm holds none): each file of Layouts/ is one JSON object, so they are
# written into it as they are.
{
    printf '{'
    separator=''
    for file in "$here"/../Layouts/*.json; do
        printf '%s\n"%s": ' "$separator" "$(basename "$file" .json)"
        cat "$file"
        separator=','
    done
    printf '}\n'
} >"$out/layouts.json"
[ -f "$out/engine.wasm" ] || { echo "build.sh: $out/engine.wasm was not built" >&2; exit 1; }
echo "built the page in $out"
