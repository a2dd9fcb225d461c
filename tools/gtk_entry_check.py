#!/usr/bin/python3
"""Types into a real GtkEntry or VTE terminal through IBus and kbdsim's engine, under Xvfb, with xdotool.

    /usr/bin/python3 tools/gtk_entry_check.py --kbdsim .build/debug/kbdsim [--engine kbdsim:hu-touch]
        [--widget entry|terminal] [--keys "shift+g y o apostrophe bracketleft r hold:o 3"] [--expect Győrő]

Starts Xvfb on a free display, a private ibus-daemon reading only the component that
`kbdsim ibus install --component-dir` writes, and a GTK 3 window (GTK_IM_MODULE=ibus) holding
one GtkEntry, or with `--widget terminal` a VTE terminal running `cat` (a terminal reports no
surrounding text and ignores deletions: the engine works with preedit there); selects the
engine, sends the keys with xdotool (XTEST, as a real keyboard) and reads the text back (the
terminal's first line). Prints one JSON object {"ok", "text", "expected"}; exit status 0 when
the text is the expected one, 1 when not, 77 when a needed program (Xvfb, xdotool, GTK's IBus
module, VTE for a terminal) is missing. Every process started here is killed on exit.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

APP = r"""
import sys
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk

out = sys.argv[1]
window = Gtk.Window(title="kbdsim-entry-check")
entry = Gtk.Entry()
window.add(entry)

def changed(widget):
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write(widget.get_text())
    import os
    os.replace(out + ".tmp", out)

entry.connect("changed", changed)
window.connect("destroy", Gtk.main_quit)
window.show_all()
window.present()
entry.grab_focus()
with open(out + ".ready", "w") as f:
    f.write("ready")
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
"""


TERMINAL_APP = r"""
import os
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Vte", "2.91")
from gi.repository import GLib, Gtk, Vte

out = sys.argv[1]
window = Gtk.Window(title="kbdsim-entry-check")
terminal = Vte.Terminal()
window.add(terminal)
terminal.spawn_async(Vte.PtyFlags.DEFAULT, None, ["/bin/cat"], None, GLib.SpawnFlags.DEFAULT,
                     None, None, -1, None, None, None)

def save():
    text = terminal.get_text(None, None)
    text = text[0] if isinstance(text, tuple) else text
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write((text or "").split("\n")[0].rstrip())
    os.replace(out + ".tmp", out)
    return True

GLib.timeout_add(100, save)
window.connect("destroy", Gtk.main_quit)
window.show_all()
window.present()
terminal.grab_focus()
with open(out + ".ready", "w") as f:
    f.write("ready")
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
"""

# Győr; á ⌫ takes the accent off the held letter; é, then Return reaches cat after it.
TERMINAL_KEYS = "shift+g y o apostrophe bracketleft r space a semicolon BackSpace space e semicolon Return"


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError("%s: not within %d s" % (what, timeout))


def start(arguments, env, log, **options):
    return subprocess.Popen(arguments, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **options)


def stop(process):
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def type_and_read_back(keys, expect, out, env):
    """Types `keys` (xdotool key names; `hold:NAME` holds one past the X server's auto-repeat
    delay, a long-press) into the focused window, then `read_back`."""
    for name in keys.split():
        if name.startswith("hold:"):
            subprocess.run(["xdotool", "keydown", name[5:]], env=env, timeout=15, check=True)
            time.sleep(1.0)
            subprocess.run(["xdotool", "keyup", name[5:]], env=env, timeout=15, check=True)
        else:
            subprocess.run(["xdotool", "key", "--delay", "60", name], env=env, timeout=15, check=True)
        time.sleep(0.05)
    return read_back(expect, out)


def read_back(expect, out):
    """Waits up to 10 s for the widget's text, saved to `out` on every change, to be `expect`,
    prints the outcome as JSON; exit status 0 or 1."""

    def widget_text():
        try:
            with open(out, encoding="utf-8") as f:
                return f.read()
        except OSError:
            return ""

    try:
        wait_for(lambda: widget_text() == expect, 10, "the expected text")
    except TimeoutError:
        pass
    text = widget_text()
    ok = text == expect
    print(json.dumps({"ok": ok, "text": text, "expected": expect}))
    return 0 if ok else 1


def vte_present():
    import importlib.util

    if importlib.util.find_spec("gi") is None:
        return False
    folders = ["/usr/lib/x86_64-linux-gnu/girepository-1.0", "/usr/lib/aarch64-linux-gnu/girepository-1.0"]
    return any(os.path.exists(os.path.join(folder, "Vte-2.91.typelib")) for folder in folders)


def missing_for_gtk(programs, module, package):
    """The programs not on PATH, and GTK 3's input-method module `module` (im-MODULE.so) named
    by its Debian package when it is not installed."""
    missing = [name for name in ("Xvfb", "xdotool") + tuple(programs) if shutil.which(name) is None]
    modules = [
        f"/usr/lib/{arch}-linux-gnu/gtk-3.0/3.0.0/immodules/im-{module}.so" for arch in ("x86_64", "aarch64")
    ]
    if not any(os.path.exists(path) for path in modules):
        missing.append(f"GTK 3's {module} module ({package})")
    return missing


def missing_programs(widget):
    missing = missing_for_gtk(["ibus-daemon"], "ibus", "ibus-gtk3")
    if widget == "terminal" and not vte_present():
        missing.append("VTE's typelib (gir1.2-vte-2.91)")
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kbdsim", required=True)
    parser.add_argument("--engine", default="kbdsim:hu-touch")
    # Győr from the physical keys; á ⌫ takes the accent off; after ← → only surrounding text
    # tells the engine that `a` is before the caret; holding o opens its alternates, 3 picks ő.
    parser.add_argument("--widget", choices=["entry", "terminal"], default="entry")
    parser.add_argument(
        "--keys",
        help="xdotool key names (default: for the entry, Győr, an accent after ← →, a long-press; for the "
        "terminal: %s)" % TERMINAL_KEYS,
    )
    parser.add_argument("--expect", help="the text (default: Győr á ő in the entry, Győr a é in the terminal)")
    args = parser.parse_args()
    if args.keys is None:
        args.keys = (
            TERMINAL_KEYS
            if args.widget == "terminal"
            else "shift+g y o apostrophe bracketleft r space a semicolon BackSpace Left Right semicolon space hold:o 3"
        )
    if args.expect is None:
        args.expect = "Győr a é" if args.widget == "terminal" else "Győr á ő"
    missing = missing_programs(args.widget)
    if missing:
        print(json.dumps({"ok": False, "skipped": "missing: " + ", ".join(missing)}))
        return 77

    workdir = tempfile.mkdtemp(prefix="kbdsim-gtk-")
    sys.path.insert(0, HERE)
    import ibus_harness as harness

    harness.isolate(workdir)
    log = open(os.path.join(workdir, "log"), "w")
    processes = []
    daemon = None
    try:
        components = os.path.join(workdir, "component")
        subprocess.run(
            [args.kbdsim, "ibus", "install", "--component-dir", components],
            check=True,
            stdout=subprocess.DEVNULL,
            timeout=60,
        )
        # Xvfb writes its display number to the pipe once it accepts clients.
        read_end, write_end = os.pipe()
        xvfb = start(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
            dict(os.environ),
            log,
            pass_fds=(write_end,),
        )
        processes.append(xvfb)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = wait_for(lambda: pipe.readline().strip(), 15, "Xvfb display number")
        display = ":" + number

        daemon = harness.Daemon(workdir, components)
        env = dict(os.environ)
        env.update(
            {
                "DISPLAY": display,
                "GTK_IM_MODULE": "ibus",
                "IBUS_ADDRESS": daemon.address,
                "NO_AT_BRIDGE": "1",
                "GSETTINGS_BACKEND": "memory",
                "HOME": os.path.join(workdir, "home"),
                "XDG_RUNTIME_DIR": workdir,
            }
        )
        out = os.path.join(workdir, "entry.txt")
        app = start([sys.executable, "-c", TERMINAL_APP if args.widget == "terminal" else APP, out], env, log)
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
        # The entry's input context has focus; make kbdsim's engine the one it uses.
        def engine_set():
            daemon.bus.set_global_engine(args.engine)
            engine = daemon.bus.get_global_engine()
            return engine is not None and engine.get_name() == args.engine

        wait_for(engine_set, 15, "the engine")
        time.sleep(0.5)
        return type_and_read_back(args.keys, args.expect, out, env)
    finally:
        for process in reversed(processes):
            stop(process)
        if daemon is not None:
            daemon.stop()
        log.close()
        if os.environ.get("KBDSIM_KEEP_LOG"):
            print(open(os.path.join(workdir, "log")).read(), file=sys.stderr)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
