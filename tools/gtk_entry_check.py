#!/usr/bin/python3
"""Types into a real GtkEntry through IBus and kbdsim's engine, under Xvfb, with xdotool.

    /usr/bin/python3 tools/gtk_entry_check.py --kbdsim .build/debug/kbdsim [--engine kbdsim:hu-touch]
        [--keys "shift+g y o apostrophe bracketleft r hold:o 3"] [--expect Győrő]

Starts Xvfb on a free display, a private ibus-daemon reading only the component that
`kbdsim ibus install --component-dir` writes, and a GTK 3 window holding one GtkEntry
(GTK_IM_MODULE=ibus); selects the engine, sends the keys with xdotool (XTEST, as a real
keyboard) and reads the entry's text back. Prints one JSON object {"ok", "text", "expected"};
exit status 0 when the entry holds the expected text, 1 when not, 77 when a needed program
(Xvfb, xdotool, GTK's IBus module) is missing. Every process started here is killed on exit.
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


def missing_programs():
    missing = [name for name in ("Xvfb", "xdotool", "ibus-daemon") if shutil.which(name) is None]
    modules = [
        "/usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules/im-ibus.so",
        "/usr/lib/aarch64-linux-gnu/gtk-3.0/3.0.0/immodules/im-ibus.so",
    ]
    if not any(os.path.exists(path) for path in modules):
        missing.append("GTK 3's IBus module (ibus-gtk3)")
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kbdsim", required=True)
    parser.add_argument("--engine", default="kbdsim:hu-touch")
    # Győr from the physical keys; á ⌫ takes the accent off; after ← → only surrounding text
    # tells the engine that `a` is before the caret; holding o opens its alternates, 3 picks ő.
    parser.add_argument(
        "--keys",
        default="shift+g y o apostrophe bracketleft r space a semicolon BackSpace Left Right semicolon space hold:o 3",
    )
    parser.add_argument("--expect", default="Győr á ő")
    args = parser.parse_args()
    missing = missing_programs()
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
        # The entry's input context has focus; make kbdsim's engine the one it uses.
        def engine_set():
            daemon.bus.set_global_engine(args.engine)
            engine = daemon.bus.get_global_engine()
            return engine is not None and engine.get_name() == args.engine

        wait_for(engine_set, 15, "the engine")
        time.sleep(0.5)
        for name in args.keys.split():
            if name.startswith("hold:"):
                # Held down long enough for the X server's auto-repeat: a long-press.
                subprocess.run(["xdotool", "keydown", name[5:]], env=env, timeout=15, check=True)
                time.sleep(1.0)
                subprocess.run(["xdotool", "keyup", name[5:]], env=env, timeout=15, check=True)
            else:
                subprocess.run(["xdotool", "key", "--delay", "60", name], env=env, timeout=15, check=True)
            time.sleep(0.05)

        def entry_text():
            try:
                with open(out, encoding="utf-8") as f:
                    return f.read()
            except OSError:
                return ""

        try:
            wait_for(lambda: entry_text() == args.expect, 10, "the expected text")
        except TimeoutError:
            pass
        text = entry_text()
        ok = text == args.expect
        print(json.dumps({"ok": ok, "text": text, "expected": args.expect}))
        return 0 if ok else 1
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
