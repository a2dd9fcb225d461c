#!/usr/bin/python3
"""Types with kbdsim's IBus engines through a real ibus-daemon, as an application does.

    /usr/bin/python3 tools/ibus_client.py --kbdsim .build/debug/kbdsim [--cases NAME,...] [--latency N]
        [--default-install]

Installs the component with `kbdsim ibus install --component-dir` (and `--layout
cldr:fr-t-k0-test`, a CLDR keyboard with transforms) into a temporary folder,
starts a private ibus-daemon (no panel, no config, no XIM) reading only that folder, and runs
each case on a fresh input context whose commit-text, delete-surrounding-text and
forward-key-event are applied to a text buffer that also reports surrounding text. Prints one
JSON object per case: {"case", "ok", "text", "expected", "detail"}; `--latency N` adds the
median time from sending a key to receiving its commit. Exit status 0 when every case passed.
Run it under `dbus-run-session` (or without any session bus); it starts and stops all it needs.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ibus_harness as harness  # noqa: E402
from ibus_harness import IBus  # noqa: E402

HU = "kbdsim:hu-touch"
CS = "kbdsim:cs-touch"
FR = "kbdsim:cldr:fr-t-k0-test"


def case_gyor(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    used = app.type("G", "y", "o", "'", "[", "r")
    return app.text, "Győr", "keys taken: %s; events: %s" % (used, app.events)


def case_accent_backspace(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    app.type("a", ";", "BackSpace")
    return app.text, "a", str(app.events)


def case_pasted_nfc_backspace(daemon):
    app = harness.Application(daemon.bus, text="x\u00e1")
    app.set_engine(HU)
    app.type("BackSpace")
    return app.text, "xa", str(app.events)


def case_pasted_nfd_backspace(daemon):
    app = harness.Application(daemon.bus, text="xa\u0301")
    app.set_engine(HU)
    app.type("BackSpace")
    return app.text, "xa", str(app.events)


def case_nfd_accent(daemon):
    # Decomposed ö from elsewhere, then ˝: both of its scalars go, ő comes.
    app = harness.Application(daemon.bus, text="xo\u0308")
    app.set_engine(HU)
    app.type("[")
    return app.text, "x\u0151", str(app.events)


def case_plain_backspace(daemon):
    app = harness.Application(daemon.bus, text="ab")
    app.set_engine(HU)
    used = app.type("BackSpace")
    return app.text, "a", "BackSpace taken by the engine: %s (should be False)" % used


def case_cs_caron(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(CS)
    app.type("r")
    app.send(0x1B7, 0)  # the keysym `caron`, as a layout with a ˇ key sends it
    return app.text, "\u0159", str(app.events)


def case_cldr_transform(daemon):
    """A CLDR keyboard installed with --layout: its own transforms run (`^` then `e` is `ê`),
    and backspace deletes as the keyboard says (one code point of `â` leaves `a`)."""
    app = harness.Application(daemon.bus)
    app.set_engine(FR)
    app.type("f", "^", "e", "t", "e", "s", "BackSpace", "^", "a", "BackSpace")
    return app.text, "f\u00eatea", str(app.events)


def case_selection(daemon):
    # With "bc" selected after "xa", ´ has no letter before it: its symbol replaces the selection.
    app = harness.Application(daemon.bus, text="xabc")
    app.set_engine(HU)
    app.type("a")
    app.text, app.cursor = "xabc", 4
    app.context.set_surrounding_text(IBus.Text.new_from_string(app.text), 4, 2)
    taken = app.context.process_key_event(IBus.KEY_semicolon, 39, 0)
    harness.drain()
    deletions = [event for event in app.events if event[0] == "delete"]
    return ("nothing deleted" if taken and not deletions else str(app.events)), "nothing deleted", str(app.events)


def case_no_surrounding(daemon):
    # A terminal: no surrounding text, no deletions; the last letter waits as preedit.
    app = harness.Application(daemon.bus, surrounding=False)
    app.set_engine(HU)
    app.type("G", "y", "o", "'", "[", "r")
    deletions = [event for event in app.events if event[0] == "delete"]
    shown = app.shown if not deletions else "deletions asked: %s" % deletions
    return shown + "|" + app.preedit, "Győr|r", str(app.events)


def case_no_surrounding_backspace(daemon):
    app = harness.Application(daemon.bus, surrounding=False)
    app.set_engine(HU)
    app.type("e", ";", "BackSpace", "BackSpace", "z")
    return app.shown, "z", str(app.events)


def case_terminal_keys_after_text(daemon):
    # Enter reaches the terminal after the held letter; focus-out commits what is held.
    app = harness.Application(daemon.bus, surrounding=False)
    app.set_engine(HU)
    app.type("a", ";", "Return", "o", "'", "[")
    before_focus_out = app.text + "|" + app.preedit
    app.context.focus_out()
    app.settle_focus_out()
    got = "%s / %s|%s / Return reached: %s" % (
        before_focus_out, app.text, app.preedit, any(keyval == IBus.KEY_Return for keyval, _ in app.app_keys))
    return got, "á|ő / áő| / Return reached: True", str(app.events)


def case_shortcuts_reach_app(daemon):
    app = harness.Application(daemon.bus, text="ab")
    app.set_engine(HU)
    ctrl = IBus.ModifierType.CONTROL_MASK
    taken = [
        app.send(IBus.KEY_c, 46, ctrl),
        app.send(IBus.KEY_Left, 105),
        app.send(IBus.KEY_Right, 106),
        app.send(IBus.KEY_F5, 63),
        app.send(IBus.KEY_Return, 28),
        app.send(IBus.KEY_Tab, 15),
    ]
    got = [keyval for keyval, _ in app.app_keys]
    wanted = [IBus.KEY_c, IBus.KEY_Left, IBus.KEY_Right, IBus.KEY_F5, IBus.KEY_Return, IBus.KEY_Tab]
    ok = not any(taken) and got == wanted
    return ("reached" if ok else "taken"), "reached", "taken: %s; application got: %s" % (taken, got)


def case_engine_switch(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    app.type("G", "y", "o", "'", "[")
    app.set_engine(CS)
    app.type("r", "e", ";")
    return app.text, "Győré", str(app.events)


def case_focus_out_in(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    app.type("G", "y", "o")
    app.context.focus_out()
    harness.drain()
    app.context.focus_in()
    app.type("'", "[", "r")
    return app.text, "Győr", str(app.events)


def case_long_press(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    keyval, keycode, state = harness.key("o")
    app.send(keyval, keycode, state, release=False)
    app.send(keyval, keycode, state, release=False)  # auto-repeat: the key is held
    app.send(keyval, keycode, state | IBus.ModifierType.RELEASE_MASK, release=False)
    shown = app.candidates
    app.type("3")
    return app.text, "\u0151", "alternates shown: %s; events: %s" % (shown, app.events)


def case_megabyte(daemon):
    # A megabyte before the caret, ending in a pasted accented letter.
    text = ("árvíztűrő tükörfúrógép " * 45000)[:999_999] + "\u00e1"
    app = harness.Application(daemon.bus, text=text)
    app.set_engine(HU)
    app.type("BackSpace", "o", "'", "[", "BackSpace")
    expected = text[:-1] + "ao"  # á ⌫ → a; o ¨ ˝ → ő; ⌫ takes the accent: o
    return ("same" if app.text == expected else app.text[-20:]), "same", str(app.events[-4:])


def case_bad_surrounding(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    results = []
    # A NUL in the text, and carets past its end: the engine keeps its own record.
    for text, cursor in (("ab\0cd", 4), ("abc", 99), ("", 5), ("a\u0301", 2)):
        app.context.set_surrounding_text(IBus.Text.new_from_string(text), cursor, cursor)
        results.append(app.context.process_key_event(IBus.KEY_semicolon, 39, 0))
        harness.drain()
    # Unknown and odd keyvals go to the application.
    odd = [app.context.process_key_event(keyval, 0, 0) for keyval in (0, 0xFFFFFF, 0x12345678, 0x10FFFFF, 0xD800)]
    app.surrounding = True
    app.text, app.cursor, app.events = "", 0, []
    app.type("a", ";")
    alive = daemon.bus.name_has_owner("org.freedesktop.IBus.Kbdsim")
    detail = "accent keys taken: %s; odd keyvals taken: %s; engine alive: %s" % (results, odd, alive)
    return (app.text if alive and not any(odd) else "engine lost"), "\u00e1", detail


def case_daemon_killed(daemon):
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    app.type("a", ";")
    committed = app.text
    engines = daemon.engine_pids()
    if not engines:
        return "no engine", "exited", "no engine process found"
    os.killpg(daemon.process.pid, signal.SIGKILL)
    daemon.process.wait(timeout=5)
    deadline = time.monotonic() + 10
    alive = list(engines)
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in alive if os.path.exists("/proc/%d" % pid) and not is_zombie(pid)]
        time.sleep(0.05)
    cpu = {pid: cpu_seconds(pid) for pid in alive}
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    ok = not alive and committed == "\u00e1"
    return ("exited" if ok else "still running"), "exited", "engines %s; alive after 10 s: %s (cpu s %s)" % (
        engines,
        alive,
        cpu,
    )


def case_engine_exit(daemon):
    """The engine run by hand against a daemon of its own: when that daemon dies, the engine
    exits with status 0 and prints nothing."""
    workdir = tempfile.mkdtemp(prefix="kbdsim-ibus-alone-")
    address = "unix:path=" + os.path.join(workdir, "socket")
    env = dict(os.environ, IBUS_ADDRESS=address, HOME=workdir, IBUS_COMPONENT_PATH=workdir)
    env["XDG_CACHE_HOME"] = env["XDG_CONFIG_HOME"] = workdir
    other = subprocess.Popen(
        ["ibus-daemon", "--panel=disable", "--config=disable", "--emoji-extension=disable", "--address=" + address],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    engine = None
    try:
        deadline = time.monotonic() + 15
        while not os.path.exists(os.path.join(workdir, "socket")) and time.monotonic() < deadline:
            time.sleep(0.02)
        engine = subprocess.Popen(
            [daemon.kbdsim, "ibus", "--engine"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        time.sleep(1)
        running = engine.poll() is None
        os.killpg(other.pid, signal.SIGKILL)
        other.wait(timeout=5)
        out, err = engine.communicate(timeout=10)
        ok = running and engine.returncode == 0 and not out and not err
        detail = "running before: %s; exit status %s; output %r %r" % (running, engine.returncode, out, err)
        return ("exited cleanly" if ok else "not clean"), "exited cleanly", detail
    finally:
        for process in (engine, other):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        shutil.rmtree(workdir, ignore_errors=True)


def is_zombie(pid):
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def cpu_seconds(pid):
    try:
        with open("/proc/%d/stat" % pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def latency(daemon, count):
    """Median seconds from sending a key press to receiving its commit."""
    app = harness.Application(daemon.bus)
    app.set_engine(HU)
    samples = []
    for index in range(count):
        name = "aeiou"[index % 5]
        keyval, keycode, state = harness.key(name)
        before = len(app.events)
        app.report_surrounding()
        start = time.perf_counter()
        app.context.process_key_event(keyval, keycode, state)
        while len(app.events) == before and time.perf_counter() - start < 2:
            harness.GLib.MainContext.default().iteration(False)
        samples.append(time.perf_counter() - start)
        app.context.process_key_event(keyval, keycode, state | IBus.ModifierType.RELEASE_MASK)
        if index % 50 == 49:
            app.text, app.cursor = "", 0
    samples.sort()
    return samples[len(samples) // 2], samples[len(samples) * 9 // 10]


def install_for_user(kbdsim, home):
    """`kbdsim ibus install` with no options for a user whose home is `home`; returns the
    IBUS_COMPONENT_PATH its environment.d file sets for the next login."""
    env = dict(os.environ, HOME=home)
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_CONFIG_HOME", None)
    subprocess.run([kbdsim, "ibus", "install"], check=True, stdout=subprocess.DEVNULL, env=env, timeout=60)
    with open(os.path.join(home, ".config/environment.d/60-kbdsim-ibus.conf")) as settings:
        for line in settings:
            if line.startswith("IBUS_COMPONENT_PATH="):
                return line.strip().split("=", 1)[1]
    raise RuntimeError("the environment.d file sets no IBUS_COMPONENT_PATH")


CASES = {
    "gyor": case_gyor,
    "accent-backspace": case_accent_backspace,
    "pasted-nfc-backspace": case_pasted_nfc_backspace,
    "pasted-nfd-backspace": case_pasted_nfd_backspace,
    "nfd-accent": case_nfd_accent,
    "plain-backspace": case_plain_backspace,
    "cs-caron": case_cs_caron,
    "cldr-transform": case_cldr_transform,
    "selection": case_selection,
    "no-surrounding": case_no_surrounding,
    "no-surrounding-backspace": case_no_surrounding_backspace,
    "terminal-keys-after-text": case_terminal_keys_after_text,
    "shortcuts-reach-app": case_shortcuts_reach_app,
    "engine-switch": case_engine_switch,
    "focus-out-in": case_focus_out_in,
    "long-press": case_long_press,
    "megabyte-surrounding": case_megabyte,
    "bad-surrounding": case_bad_surrounding,
    "daemon-killed": case_daemon_killed,
    "engine-exit": case_engine_exit,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kbdsim", required=True, help="the built kbdsim binary")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated case names")
    parser.add_argument("--latency", type=int, default=0, help="also measure N keys end to end")
    parser.add_argument(
        "--default-install",
        action="store_true",
        help="install as a user does (kbdsim ibus install, HOME in the temporary folder) and start the daemon "
        "with the IBUS_COMPONENT_PATH the install wrote for the login",
    )
    args = parser.parse_args()
    names = [name for name in args.cases.split(",") if name]
    unknown = [name for name in names if name not in CASES]
    if unknown:
        parser.error("unknown cases %s (known: %s)" % (unknown, ", ".join(CASES)))
    workdir = tempfile.mkdtemp(prefix="kbdsim-ibus-")
    harness.isolate(workdir)
    daemon = None
    failed = 0
    try:
        if args.default_install:
            components = install_for_user(args.kbdsim, os.path.join(workdir, "home"))
        else:
            components = os.path.join(workdir, "component")
            subprocess.run(
                [args.kbdsim, "ibus", "install", "--layout", "cldr:fr-t-k0-test", "--component-dir", components],
                check=True,
                stdout=subprocess.DEVNULL,
                timeout=60,
            )
        daemon = harness.Daemon(workdir, components)
        daemon.kbdsim = args.kbdsim
        if args.latency:
            median, p90 = latency(daemon, args.latency)
            print(json.dumps({"latency": {"keys": args.latency, "median_ms": median * 1e3, "p90_ms": p90 * 1e3}}))
        # The daemon-killed case ends the daemon, so it runs last.
        for name in sorted(names, key=lambda name: name == "daemon-killed"):
            try:
                text, expected, detail = CASES[name](daemon)
            except Exception as error:  # a case that breaks reports it and the others still run
                text, expected, detail = None, "no exception", "%s: %s" % (type(error).__name__, error)
            harness.Application.close_all()
            ok = text == expected
            failed += not ok
            print(json.dumps({"case": name, "ok": ok, "text": text, "expected": expected, "detail": detail}))
            sys.stdout.flush()
    finally:
        if daemon is not None:
            daemon.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
