#!/bin/sh
# Builds the page (unless --no-build) and serves it on http://127.0.0.1:PORT/ (default
# 8000) with Python's static file server; Ctrl-C stops it.
#   web/serve.sh [--no-build] [PORT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=yes
if [ "${1:-}" = "--no-build" ]; then build=no; shift; fi
port=${1:-8000}
[ "$build" = yes ] && "$here/build.sh" "$here/dist"
echo "serving $here/dist on http://127.0.0.1:$port/"
exec python3 -m http.server --directory "$here/dist" --bind 127.0.0.1 "$port"
