#!/usr/bin/env bash
# Installs the Debian packages the project builds, runs and tests with. Run it as root or as a
# user: as a user it asks sudo for the apt-get steps only; as root (most containers, where sudo
# is absent) it runs apt-get itself. Nothing is installed when all of them are present already.
#   libxkbcommon-dev, libx11-data   XKB layouts and their Compose tables
#   tmux, time                      the simulator's terminal tests, peak-memory checks
#   ibus, libibus-1.0-dev, gir1.2-ibus-1.0, python3-gi, dbus, dbus-x11
#                                   the IBus engine, tested against a real ibus-daemon
#   fcitx5, libfcitx5core-dev, libfcitx5utils-dev, libfcitx5config-dev, fcitx5-modules-dev
#                                   the fcitx5 add-on, built against fcitx5's headers and tested
#                                   in process with its test frontend (fcitx5-modules)
#   fcitx5-frontend-gtk3            the add-on's end-to-end run in a real GtkEntry
#   sway                            the add-on's end-to-end run on Wayland: a headless sway, fcitx5 as
#                                   its input method (fcitx5-modules), a GtkEntry on Wayland
#   xvfb, xdotool, libgtk-3-0, gir1.2-gtk-3.0, gir1.2-vte-2.91 (a VTE terminal), ibus-gtk3
#                                   the end-to-end run in a real GTK text field
#   libkmnkbp-dev, libm17n-dev, m17n-db, kmflcomp, libkmfl-dev
#                                   Keyman Core and m17n as peer engines, the Keyman export
#   python3-jsonschema, libxml2-utils
#                                   validating exported touch layouts, keyboard3 XML and typing-test logs
#   wasi-libc, binaryen, nodejs     the engine built to WebAssembly (malloc and memcpy from
#                                   wasi-libc, wasm-opt) and run in Node against the native one
#   chromium, chromium-driver, python3-selenium
#                                   the web keyboard tested in a real headless browser
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages=(
    libxkbcommon-dev libx11-data tmux time
    ibus libibus-1.0-dev gir1.2-ibus-1.0 python3-gi dbus dbus-x11
    fcitx5 libfcitx5core-dev libfcitx5utils-dev libfcitx5config-dev fcitx5-modules-dev fcitx5-frontend-gtk3 sway
    xvfb xdotool libgtk-3-0 gir1.2-gtk-3.0 gir1.2-vte-2.91 ibus-gtk3
    libkmnkbp-dev libm17n-dev m17n-db kmflcomp libkmfl-dev
    python3-jsonschema libxml2-utils
    wasi-libc binaryen
    chromium chromium-driver python3-selenium
)
# Node 20 is on some machine images without Debian's package; Debian's nodejs is needed only
# where no node is found.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
if dpkg -s "${packages[@]}" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "tools/install-deps.sh: installing Debian packages needs root; run it as root or install sudo" >&2
    exit 1
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
