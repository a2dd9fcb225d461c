"""A private IBus daemon with kbdsim's component, and an application-like input context.

Used by tools/ibus_client.py (the cases of the IBus tests) and tools/gtk_entry_check.py.
Run with the system Python (/usr/bin/python3: Debian's python3-gi and gir1.2-ibus-1.0).
Every process started here runs in its own process group and is killed on exit.
"""

import os
import signal
import subprocess
import time

import gi

gi.require_version("IBus", "1.0")
from gi.repository import GLib, IBus  # noqa: E402

# evdev codes of the US keys (X keycode - 8), sent with the keyvals as a real keyboard does.
KEYCODES = {c: code for code, c in enumerate("1234567890-=", start=2)}
KEYCODES.update({c: code for code, c in enumerate("qwertyuiop[]", start=16)})
KEYCODES.update({c: code for code, c in enumerate("asdfghjkl;'`", start=30)})
KEYCODES.update({c: code for code, c in enumerate("zxcvbnm,./", start=44)})
KEYCODES.update({"\\": 43, " ": 57})
SHIFTED = dict(zip('!@#$%^&*()_+{}:"~|<>?', "1234567890-=[];'`\\,./"))

NAMED = {
    "BackSpace": (IBus.KEY_BackSpace, 14),
    "Return": (IBus.KEY_Return, 28),
    "Tab": (IBus.KEY_Tab, 15),
    "Escape": (IBus.KEY_Escape, 1),
    "Left": (IBus.KEY_Left, 105),
    "Right": (IBus.KEY_Right, 106),
    "Up": (IBus.KEY_Up, 103),
    "Down": (IBus.KEY_Down, 108),
    "F5": (IBus.KEY_F5, 63),
    "Shift_L": (IBus.KEY_Shift_L, 42),
}


def key(name):
    """(keyval, keycode, state) of a key name: one character, or a name from NAMED."""
    if name in NAMED:
        keyval, keycode = NAMED[name]
        return keyval, keycode, 0
    if len(name) == 1:
        lower = name.lower() if name.isalpha() else SHIFTED.get(name, name)
        shifted = name != lower
        keyval = IBus.unicode_to_keyval(name)
        return keyval, KEYCODES.get(lower, 0), IBus.ModifierType.SHIFT_MASK if shifted else 0
    raise ValueError("unknown key name " + name)


def isolate(workdir):
    """Points this process's home and XDG folders into `workdir` (IBus makes folders there),
    so that a run leaves nothing behind; call it before any IBus call."""
    home = os.path.join(workdir, "home")
    os.makedirs(home, exist_ok=True)
    os.environ.update(
        {
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "XDG_DATA_HOME": os.path.join(home, ".local/share"),
        }
    )


class Daemon:
    """ibus-daemon (no panel, no config, no XIM) on its own socket, reading only `components`."""

    def __init__(self, workdir, components):
        self.workdir = workdir
        self.address = "unix:path=" + os.path.join(workdir, "ibus.socket")
        home = os.path.join(workdir, "home")
        os.makedirs(home, exist_ok=True)
        env = dict(os.environ)
        env.update(
            {
                "IBUS_COMPONENT_PATH": components,
                "IBUS_ADDRESS": self.address,
                "HOME": home,
                "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "GSETTINGS_BACKEND": "memory",
            }
        )
        env.pop("DISPLAY", None)
        self.log = open(os.path.join(workdir, "ibus-daemon.log"), "w")
        self.process = subprocess.Popen(
            [
                "ibus-daemon",
                "--panel=disable",
                "--config=disable",
                "--emoji-extension=disable",
                "--cache=none",
                "--address=" + self.address,
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        os.environ["IBUS_ADDRESS"] = self.address
        IBus.init()
        # IBus.Bus is one object per process: create it once the daemon listens.
        socket = os.path.join(workdir, "ibus.socket")
        deadline = time.monotonic() + 15
        while not os.path.exists(socket):
            if self.process.poll() is not None:
                raise RuntimeError("ibus-daemon exited with status %s" % self.process.returncode)
            if time.monotonic() > deadline:
                raise RuntimeError("ibus-daemon did not listen within 15 s")
            time.sleep(0.02)
        self.bus = IBus.Bus.new()
        while not self.bus.is_connected():
            if time.monotonic() > deadline:
                raise RuntimeError("ibus-daemon did not answer within 15 s")
            drain()
            time.sleep(0.02)

    def engine_pids(self):
        """Processes whose parent is the daemon (the engines it started)."""
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % entry) as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == self.process.pid:
                    pids.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
        return pids

    def stop(self):
        for pid in self.engine_pids():
            try:
                os.killpg(os.getpgid(pid), signal.SIGKILL) if os.getpgid(pid) != os.getpgid(0) else None
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.log.close()


def drain(rounds=3):
    context = GLib.MainContext.default()
    for _ in range(rounds):
        while context.iteration(False):
            pass


class Application:
    """A text field with an input context: applies what the engine sends, answers surrounding
    text (when `surrounding`), and handles the keys the engine leaves to it. Without
    `surrounding` it is a terminal: it ignores delete-surrounding-text and shows the preedit
    after its text."""

    # One input context serves every Application in turn, as one text field of a program
    # would: with IBus's global engine, several contexts would pass the engine between them.
    shared = None
    handlers = []
    current = None

    def __init__(self, bus, surrounding=True, text=""):
        Application.close_all()
        self.bus = bus
        self.text = text
        self.cursor = len(text)
        self.preedit = ""
        self.surrounding = surrounding
        self.app_keys = []
        self.candidates = None
        self.events = []
        self.properties = []
        if Application.shared is None:
            Application.shared = bus.create_input_context("kbdsim-test")
        self.context = Application.shared
        caps = IBus.Capabilite.PREEDIT_TEXT | IBus.Capabilite.FOCUS | IBus.Capabilite.LOOKUP_TABLE
        caps |= IBus.Capabilite.AUXILIARY_TEXT | IBus.Capabilite.PROPERTY
        if surrounding:
            caps |= IBus.Capabilite.SURROUNDING_TEXT
        self.context.set_capabilities(caps)
        Application.handlers = [
            self.context.connect(signal, handler)
            for signal, handler in (
                ("commit-text", self.on_commit),
                ("delete-surrounding-text", self.on_delete),
                ("forward-key-event", self.on_forward),
                ("update-lookup-table", self.on_table),
                ("hide-lookup-table", self.on_hide_table),
                ("register-properties", self.on_properties),
                ("update-preedit-text", self.on_preedit),
                ("hide-preedit-text", self.on_hide_preedit),
            )
        ]
        Application.current = self
        # A new field gets the focus: the engine forgets what it typed in the last one.
        self.context.focus_in()
        drain()

    def wait_for(self, condition, timeout=2):
        """Runs the main loop until `condition(self)` holds (signals on their way arrive), or
        `timeout` seconds pass; returns whether it held."""
        deadline = time.monotonic() + timeout
        while True:
            drain()
            if condition(self):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)

    def settle_focus_out(self, timeout=15):
        """After focus-out: waits until the preedit shown is gone and, when there was one, its
        text has been committed, so no signal of this field reaches the next one. (Waiting for
        the preedit alone is not enough on a loaded machine: its commit may come later.)"""
        held = self.preedit
        commits_before = sum(1 for event in self.events if event[0] == "commit")

        def settled(app):
            if app.preedit:
                return False
            if not held:
                return True
            commits = [event for event in app.events if event[0] == "commit"]
            return any(value == held for _, value in commits[commits_before:])

        return self.wait_for(settled, timeout)

    @classmethod
    def close_all(cls):
        """The field loses focus (the daemon commits a preedit shown); its handlers go."""
        if cls.shared is not None:
            cls.shared.focus_out()
            if cls.current is not None:
                cls.current.settle_focus_out()
            for handler in cls.handlers:
                cls.shared.disconnect(handler)
            cls.handlers = []
            drain()

    def set_engine(self, name, timeout=15):
        """Selects an engine (unless it is the one running) and waits until it runs on this
        context (its process may be starting): kbdsim's engines register their layout
        property when enabled."""
        current = self.context.get_engine()
        if current is not None and current.get_name() == name:
            return
        self.properties = []
        self.context.set_engine(name)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            drain()
            if any(name[len("kbdsim:") :] in label for label in self.properties):
                return
            time.sleep(0.01)
        raise RuntimeError("engine %s did not start within %d s" % (name, timeout))

    def on_commit(self, _context, text):
        value = text.get_text()
        self.events.append(("commit", value))
        self.text = self.text[: self.cursor] + value + self.text[self.cursor :]
        self.cursor += len(value)

    def on_delete(self, _context, offset, count):
        self.events.append(("delete", offset, count))
        if not self.surrounding:
            return  # a terminal takes no deletions
        start = max(0, self.cursor + offset)
        end = min(len(self.text), start + count)
        self.text = self.text[:start] + self.text[end:]
        self.cursor = start if start < self.cursor else self.cursor

    def on_forward(self, _context, keyval, keycode, state):
        self.events.append(("forward", keyval))
        if not state & IBus.ModifierType.RELEASE_MASK:
            self.application_key(keyval, state)

    def on_table(self, _context, table, visible):
        self.candidates = [table.get_candidate(i).get_text() for i in range(table.get_number_of_candidates())]

    def on_preedit(self, _context, text, cursor, visible):
        self.events.append(("preedit", text.get_text(), visible))
        self.preedit = text.get_text() if visible else ""

    def on_hide_preedit(self, _context):
        self.events.append(("hide-preedit",))
        self.preedit = ""

    @property
    def shown(self):
        """What the field shows: its text with the preedit at the caret."""
        return self.text[: self.cursor] + self.preedit + self.text[self.cursor :]

    def on_properties(self, _context, properties):
        index = 0
        while properties.get(index) is not None:
            self.properties.append(properties.get(index).get_label().get_text())
            index += 1

    def on_hide_table(self, _context):
        self.candidates = None

    def application_key(self, keyval, state):
        """What a plain text field does with a key no input method took."""
        self.app_keys.append((keyval, state))
        if state & (IBus.ModifierType.CONTROL_MASK | IBus.ModifierType.MOD1_MASK):
            return
        if keyval == IBus.KEY_BackSpace and self.cursor > 0:
            start = self.cursor - 1
            while start > 0 and is_mark(self.text[start]):
                start -= 1
            self.text = self.text[:start] + self.text[self.cursor :]
            self.cursor = start
        elif keyval == IBus.KEY_Left:
            self.cursor = max(0, self.cursor - 1)
        elif keyval == IBus.KEY_Right:
            self.cursor = min(len(self.text), self.cursor + 1)
        else:
            char = IBus.keyval_to_unicode(keyval)  # a one-character str; "\0" for none
            if char and char.isprintable():
                self.on_commit(None, IBus.Text.new_from_string(char))

    def report_surrounding(self):
        if self.surrounding:
            self.context.set_surrounding_text(IBus.Text.new_from_string(self.text), self.cursor, self.cursor)

    def send(self, keyval, keycode=0, state=0, release=True):
        """One key: press (and release), as a toolkit sends it; returns whether the engine took the press."""
        self.report_surrounding()
        handled = self.context.process_key_event(keyval, keycode, state)
        if not handled and not state & IBus.ModifierType.RELEASE_MASK:
            self.application_key(keyval, state)
        if release:
            self.context.process_key_event(keyval, keycode, state | IBus.ModifierType.RELEASE_MASK)
        self.context.get_engine()
        drain()
        return handled

    def type(self, *names):
        return [self.send(*key(name)) for name in names]


def is_mark(char):
    import unicodedata

    return unicodedata.combining(char) != 0
