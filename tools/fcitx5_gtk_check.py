#!/usr/bin/python3
"""Types into a real GtkEntry through fcitx5 and kbdsim's add-on, under Xvfb, with xdotool.

    /usr/bin/python3 tools/fcitx5_gtk_check.py --kbdsim .build/debug/kbdsim [--im kbdsim-hu-touch]
        [--keys "shift+g y o apostrophe bracketleft r hold:o 3"] [--expect Győrő]

Starts Xvfb on a free display, a private D-Bus session bus, and fcitx5 (only its keyboard,
D-Bus and D-Bus frontend add-ons, and kbdsim's) in a private home where `kbdsim fcitx5 install` put the add-on and a
profile whose only input method is --im; then a GTK 3 window (GTK_IM_MODULE=fcitx) holding one
GtkEntry, the same as tools/gtk_entry_check.py shows; sends the keys with xdotool (XTEST, as a
real keyboard) and reads the text back. Prints one JSON object {"ok", "text", "expected"};
exit status 0 when the text is the expected one, 1 when not, 77 when a needed program (Xvfb,
xdotool, dbus-daemon, fcitx5, GTK's fcitx5 module) is missing. Every process started here is
killed on exit.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gtk_entry_check import APP, missing_for_gtk, start, stop, type_and_read_back, wait_for  # noqa: E402

PROFILE = """[Groups/0]
Name=Default
Default Layout=us
DefaultIM={im}

[Groups/0/Items/0]
Name={im}
Layout=

[GroupOrder]
0=Default
"""


def missing_programs():
    return missing_for_gtk(["dbus-daemon", "fcitx5"], "fcitx5", "fcitx5-frontend-gtk3")


def parse_arguments(description, missing):
    """The options of an fcitx5 end-to-end check (--kbdsim, --im, --keys, --expect), or `None`
    after printing what is `missing` (exit status 77)."""
    parser = argparse.ArgumentParser(description=description.split("\n")[0])
    parser.add_argument("--kbdsim", required=True)
    parser.add_argument("--im", default="kbdsim-hu-touch")
    # Győr from the physical keys; á ⌫ takes the accent off; after ← → only surrounding text
    # tells the add-on that `a` is before the caret; holding o opens its alternates, 3 picks ő.
    parser.add_argument(
        "--keys",
        default="shift+g y o apostrophe bracketleft r space a semicolon BackSpace Left Right semicolon space hold:o 3",
    )
    parser.add_argument("--expect", default="Győr á ő")
    args = parser.parse_args()
    if missing:
        print(json.dumps({"ok": False, "skipped": "missing: " + ", ".join(missing)}))
        return None
    return args


def main():
    args = parse_arguments(__doc__, missing_programs())
    if args is None:
        return 77

    workdir = tempfile.mkdtemp(prefix="kbdsim-fcitx5-gtk-")
    log = open(os.path.join(workdir, "log"), "w")
    processes = []
    try:
        home = os.path.join(workdir, "home")
        env = dict(os.environ)
        env.update(
            {
                "HOME": home,
                "XDG_DATA_HOME": os.path.join(home, ".local/share"),
                "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "XDG_RUNTIME_DIR": workdir,
                "NO_AT_BRIDGE": "1",
                "GSETTINGS_BACKEND": "memory",
                "GTK_IM_MODULE": "fcitx",
            }
        )
        for name in ("FCITX_DATA_HOME", "FCITX_CONFIG_HOME", "FCITX_ADDON_DIRS", "FCITX_DATA_DIRS"):
            env.pop(name, None)
        # The add-on as a user installs it, and a profile whose only input method is ours.
        subprocess.run([args.kbdsim, "fcitx5", "install"], env=env, check=True, stdout=log, timeout=60)
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "fcitx5"))
        with open(os.path.join(env["XDG_CONFIG_HOME"], "fcitx5", "profile"), "w") as f:
            f.write(PROFILE.format(im=args.im))

        read_end, write_end = os.pipe()
        xvfb = start(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
            env,
            log,
            pass_fds=(write_end,),
        )
        processes.append(xvfb)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            env["DISPLAY"] = ":" + wait_for(lambda: pipe.readline().strip(), 15, "Xvfb display number")

        bus = start(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env, subprocess.PIPE, text=True)
        processes.append(bus)
        env["DBUS_SESSION_BUS_ADDRESS"] = wait_for(lambda: bus.stdout.readline().strip(), 15, "the D-Bus address")

        fcitx = start(["fcitx5", "--disable=all", "--enable=keyboard,dbus,dbusfrontend,kbdsim", "--verbose=*=5"], env, log)
        processes.append(fcitx)

        def fcitx_ready():
            result = subprocess.run(
                ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                 "org.freedesktop.DBus.NameHasOwner", "string:org.fcitx.Fcitx5"],
                env=env, capture_output=True, text=True, timeout=5)
            return "boolean true" in result.stdout

        wait_for(fcitx_ready, 20, "fcitx5 on the session bus")

        out = os.path.join(workdir, "entry.txt")
        app = start([sys.executable, "-c", APP, out], env, log)
        processes.append(app)
        wait_for(lambda: os.path.exists(out + ".ready"), 30, "the GTK window")
        window = wait_for(
            lambda: subprocess.run(
                ["xdotool", "search", "--name", "kbdsim-entry-check"], env=env, capture_output=True, text=True
            ).stdout.split(),
            15,
            "the window on the display",
        )[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=15, check=False)
        time.sleep(1.0)
        return type_and_read_back(args.keys, args.expect, out, env)
    finally:
        for process in reversed(processes):
            stop(process)
        log.close()
        if os.environ.get("KBDSIM_KEEP_LOG"):
            print(open(os.path.join(workdir, "log")).read(), file=sys.stderr)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
