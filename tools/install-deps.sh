#!/usr/bin/env bash
# Installs the Debian packages the project builds, runs and tests with (run as root, or with
# sudo). Nothing is installed when all of them are present already.
#   libxkbcommon-dev, libx11-data   XKB layouts and their Compose tables
#   tmux, time                      the simulator's terminal tests, peak-memory checks
#   ibus, libibus-1.0-dev, gir1.2-ibus-1.0, python3-gi, dbus, dbus-x11
#                                   the IBus engine, tested against a real ibus-daemon
#   xvfb, xdotool, libgtk-3-0, gir1.2-gtk-3.0, gir1.2-vte-2.91 (a VTE terminal), ibus-gtk3
#                                   the end-to-end run in a real GTK text field
#   libkmnkbp-dev, libm17n-dev, m17n-db, kmflcomp, libkmfl-dev
#                                   Keyman Core and m17n as peer engines, the Keyman export
#   python3-jsonschema, libxml2-utils
#                                   validating exported touch layouts and keyboard3 XML
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages=(
    libxkbcommon-dev libx11-data tmux time
    ibus libibus-1.0-dev gir1.2-ibus-1.0 python3-gi dbus dbus-x11
    xvfb xdotool libgtk-3-0 gir1.2-gtk-3.0 gir1.2-vte-2.91 ibus-gtk3
    libkmnkbp-dev libm17n-dev m17n-db kmflcomp libkmfl-dev
    python3-jsonschema libxml2-utils
)
if dpkg -s "${packages[@]}" >/dev/null 2>&1; then exit 0; fi
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
