// libxkbcommon (Debian: libxkbcommon-dev, pkg-config "xkbcommon"): keymaps, key state and
// Compose, for Sources/XKBLayouts. Only Sources/XKBLayouts/XKBCalls.swift calls these.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
