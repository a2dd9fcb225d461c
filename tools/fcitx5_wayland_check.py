#!/usr/bin/python3
"""Types into a real GtkEntry on Wayland through fcitx5 and kbdsim's add-on, in a headless sway.

    /usr/bin/python3 tools/fcitx5_wayland_check.py --kbdsim .build/debug/kbdsim [--im kbdsim-hu-touch]
        [--keys "shift+g y o apostrophe bracketleft r"] [--expect Győr]

Starts sway with wlroots' headless backend (no GPU, no input devices, a private
XDG_RUNTIME_DIR; sway refuses to run as root, so as root it runs as nobody), fcitx5 inside it
as the Wayland input method (its `wayland` and `waylandim` add-ons: zwp_input_method_v2) in a
private home where `kbdsim fcitx5 install` put the add-on and a profile whose only input
method is --im, and a GTK 3 window on Wayland (GDK_BACKEND=wayland, GTK's own `wayland` input
method module: zwp_text_input_v3) holding one GtkEntry, the same as tools/gtk_entry_check.py
shows. The keys go through a virtual keyboard (zwp_virtual_keyboard_v1) this script speaks
itself with a US keymap, so fcitx5 sees the keycodes of a real US keyboard (wtype uploads a
keymap of its own whose keycodes are 1, 2, 3… in the order of the text's characters, and the
add-on goes by keycode). Prints one JSON object {"ok", "text", "expected"}; exit status 0 when
the text is the expected one, 1 when not, 77 when a needed program (sway, fcitx5's Wayland
add-ons, GTK 3 for Python, libxkbcommon) is missing. Every process started here is killed on
exit.
"""

import array
import ctypes
import ctypes.util
import importlib.util
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from fcitx5_gtk_check import PROFILE, parse_arguments  # noqa: E402
from gtk_entry_check import APP, read_back, start, stop, wait_for  # noqa: E402

NOBODY = 65534
FCITX5_ADDON_FOLDERS = ["/usr/lib/x86_64-linux-gnu/fcitx5", "/usr/lib/aarch64-linux-gnu/fcitx5"]


def missing_programs():
    missing = ["%s (%s)" % (name, package) for name, package in (("sway", "sway"), ("fcitx5", "fcitx5"))
               if shutil.which(name) is None]
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        missing.append("setpriv (util-linux), to run sway as nobody")
    if not any(os.path.exists(os.path.join(folder, "libwaylandim.so")) for folder in FCITX5_ADDON_FOLDERS):
        missing.append("fcitx5's Wayland input-method add-on (fcitx5-modules)")
    if importlib.util.find_spec("gi") is None:
        missing.append("PyGObject (python3-gi)")
    typelibs = ["/usr/lib/x86_64-linux-gnu/girepository-1.0", "/usr/lib/aarch64-linux-gnu/girepository-1.0"]
    if not any(os.path.exists(os.path.join(folder, "Gtk-3.0.typelib")) for folder in typelibs):
        missing.append("GTK 3's typelib (gir1.2-gtk-3.0)")
    if ctypes.util.find_library("xkbcommon") is None:
        missing.append("libxkbcommon (libxkbcommon0)")
    return missing


class UsKeymap:
    """The US keymap from libxkbcommon: its text, and the evdev code of a key by keysym name."""

    def __init__(self):
        class RuleNames(ctypes.Structure):
            _fields_ = [(name, ctypes.c_char_p) for name in ("rules", "model", "layout", "variant", "options")]

        xkb = ctypes.CDLL(ctypes.util.find_library("xkbcommon"))
        xkb.xkb_context_new.restype = ctypes.c_void_p
        xkb.xkb_keymap_new_from_names.restype = ctypes.c_void_p
        xkb.xkb_keymap_new_from_names.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
        xkb.xkb_keymap_get_as_string.restype = ctypes.c_char_p
        xkb.xkb_keymap_get_as_string.argtypes = [ctypes.c_void_p, ctypes.c_int]
        xkb.xkb_keymap_key_get_syms_by_level.argtypes = [
            ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
            ctypes.POINTER(ctypes.POINTER(ctypes.c_uint32))]
        xkb.xkb_keysym_from_name.restype = ctypes.c_uint32
        xkb.xkb_keysym_from_name.argtypes = [ctypes.c_char_p, ctypes.c_int]
        xkb.xkb_keymap_mod_get_index.restype = ctypes.c_uint32
        xkb.xkb_keymap_mod_get_index.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.xkb = xkb
        context = xkb.xkb_context_new(0)
        names = RuleNames(b"evdev", b"pc105", b"us", b"", b"")
        self.keymap = xkb.xkb_keymap_new_from_names(context, ctypes.byref(names), 0)
        if not self.keymap:
            raise RuntimeError("libxkbcommon made no US keymap")
        self.text = xkb.xkb_keymap_get_as_string(self.keymap, 1)
        self.shift = 1 << xkb.xkb_keymap_mod_get_index(self.keymap, b"Shift")

    def code(self, name):
        """The evdev code of the key whose first level is the keysym `name` (Left, a, apostrophe)."""
        sym = self.xkb.xkb_keysym_from_name(name.encode(), 0)
        if sym == 0:
            raise ValueError("no keysym named %r" % name)
        syms = ctypes.POINTER(ctypes.c_uint32)()
        for keycode in range(8, 256):
            count = self.xkb.xkb_keymap_key_get_syms_by_level(self.keymap, keycode, 0, 0, ctypes.byref(syms))
            if count > 0 and syms[0] == sym:
                return keycode - 8
        raise ValueError("no key types %r on a US keyboard" % name)


class VirtualKeyboard:
    """A Wayland client holding one zwp_virtual_keyboard_v1 with the US keymap: it presses keys
    by evdev code as a real keyboard would, so the input method's keyboard grab sees them."""

    def __init__(self, path, keymap):
        self.keymap = keymap
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 2
        self.globals = {}
        self.registry = self.new_id()
        self.send(1, 1, struct.pack("=I", self.registry))  # wl_display.get_registry
        self.roundtrip()
        seat = self.bind("wl_seat", 1)
        manager = self.bind("zwp_virtual_keyboard_manager_v1", 1)
        self.keyboard = self.new_id()
        self.send(manager, 0, struct.pack("=II", seat, self.keyboard))  # create_virtual_keyboard
        text = keymap.text + b"\0"
        fd = os.memfd_create("kbdsim-us-keymap")
        os.write(fd, text)
        self.send(self.keyboard, 0, struct.pack("=II", 1, len(text)), fds=[fd])  # keymap(xkb_v1)
        os.close(fd)
        self.roundtrip()

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, obj, opcode, payload, fds=()):
        message = struct.pack("=II", obj, (8 + len(payload)) << 16 | opcode) + payload
        ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
        self.sock.sendmsg([message], ancillary)

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        return struct.pack("=I", len(data)) + data + b"\0" * (-len(data) % 4)

    def bind(self, interface, version):
        if interface not in self.globals:
            raise RuntimeError("the compositor offers no %s" % interface)
        new = self.new_id()
        payload = struct.pack("=I", self.globals[interface]) + self.string(interface) + struct.pack("=II", version, new)
        self.send(self.registry, 0, payload)
        return new

    def roundtrip(self):
        """wl_display.sync, reading events (registry globals, errors) until its callback is done."""
        callback = self.new_id()
        self.send(1, 0, struct.pack("=I", callback))
        while True:
            while len(self.buffer) < 8:
                self.receive()
            obj, word = struct.unpack("=II", self.buffer[:8])
            size, opcode = word >> 16, word & 0xFFFF
            while len(self.buffer) < size:
                self.receive()
            body, self.buffer = self.buffer[8:size], self.buffer[size:]
            if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
                _, code, length = struct.unpack("=III", body[:12])
                raise RuntimeError("Wayland error %d: %s" % (code, body[12:12 + length - 1].decode()))
            if obj == self.registry and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack("=II", body[:8])
                self.globals.setdefault(body[8:8 + length - 1].decode(), name)
            if obj == callback and opcode == 0:
                return

    def receive(self):
        data, ancillary, _, _ = self.sock.recvmsg(65536, socket.CMSG_SPACE(16 * 4))
        for level, kind, fds in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                for fd in array.array("i", fds[: len(fds) - len(fds) % 4]):
                    os.close(fd)
        if not data:
            raise RuntimeError("the compositor closed the connection")
        self.buffer += data

    def key(self, code, pressed):
        millis = int(time.monotonic() * 1000) & 0xFFFFFFFF
        self.send(self.keyboard, 1, struct.pack("=III", millis, code, 1 if pressed else 0))
        self.roundtrip()

    def modifiers(self, depressed):
        self.send(self.keyboard, 2, struct.pack("=IIII", depressed, 0, 0, 0))
        self.roundtrip()

    def type(self, keys):
        """xdotool-like key names: `shift+g`, `apostrophe`, `BackSpace`; `hold:o` holds the key a
        second (fcitx5 repeats it, as a key held on a real keyboard)."""
        shift = self.keymap.code("Shift_L")
        for name in keys.split():
            hold = name.startswith("hold:")
            name = name[5:] if hold else name
            shifted = name.startswith("shift+")
            code = self.keymap.code(name[6:] if shifted else name)
            if shifted:
                self.key(shift, True)
                self.modifiers(self.keymap.shift)
            self.key(code, True)
            time.sleep(1.0 if hold else 0.03)
            self.key(code, False)
            if shifted:
                self.key(shift, False)
                self.modifiers(0)
            time.sleep(0.05)

    def close(self):
        self.sock.close()


def main():
    args = parse_arguments(__doc__, missing_programs())
    if args is None:
        return 77

    workdir = tempfile.mkdtemp(prefix="kbdsim-fcitx5-wayland-")
    log = open(os.path.join(workdir, "log"), "w")
    processes = []
    keyboard = None
    try:
        home = os.path.join(workdir, "home")
        runtime = os.path.join(workdir, "runtime")
        os.mkdir(runtime, 0o700)
        sway_prefix = []
        if os.geteuid() == 0:
            # sway will not run as root; the clients here (root) can still reach its socket.
            os.chmod(workdir, 0o755)
            os.chown(runtime, NOBODY, NOBODY)
            sway_prefix = ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups"]
        env = dict(os.environ)
        env.update(
            {
                "HOME": home,
                "XDG_DATA_HOME": os.path.join(home, ".local/share"),
                "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "XDG_RUNTIME_DIR": runtime,
                "NO_AT_BRIDGE": "1",
                "GSETTINGS_BACKEND": "memory",
            }
        )
        for name in ("FCITX_DATA_HOME", "FCITX_CONFIG_HOME", "FCITX_ADDON_DIRS", "FCITX_DATA_DIRS", "DISPLAY",
                     "WAYLAND_DISPLAY", "GTK_IM_MODULE", "QT_IM_MODULE", "XMODIFIERS", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(name, None)
        subprocess.run([args.kbdsim, "fcitx5", "install"], env=env, check=True, stdout=log, timeout=60)
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "fcitx5"))
        with open(os.path.join(env["XDG_CONFIG_HOME"], "fcitx5", "profile"), "w") as f:
            f.write(PROFILE.format(im=args.im))

        config = os.path.join(workdir, "sway.config")
        with open(config, "w") as f:
            f.write("output HEADLESS-1 resolution 800x600\ndefault_border none\nxwayland disable\n")
        sway_env = dict(env, HOME=runtime, WLR_BACKENDS="headless", WLR_LIBINPUT_NO_DEVICES="1",
                        WLR_RENDERER="pixman", WLR_HEADLESS_OUTPUTS="1")
        processes.append(start(sway_prefix + ["sway", "--config", config], sway_env, log))
        socket_name = wait_for(
            lambda: next((name for name in os.listdir(runtime) if name.startswith("wayland-")
                          and not name.endswith(".lock")), None),
            20,
            "sway's Wayland socket",
        )
        env["WAYLAND_DISPLAY"] = socket_name

        fcitx_log = os.path.join(workdir, "fcitx5.log")
        processes.append(start(["fcitx5", "--disable=all", "--enable=wayland,waylandim,keyboard,kbdsim"], env,
                               open(fcitx_log, "w")))
        wait_for(lambda: "Loaded addon waylandim" in open(fcitx_log).read(), 20, "fcitx5's Wayland input method")

        out = os.path.join(workdir, "entry.txt")
        app_env = dict(env, GDK_BACKEND="wayland", GTK_IM_MODULE="wayland")
        processes.append(start([sys.executable, "-c", APP, out], app_env, log))
        wait_for(lambda: os.path.exists(out + ".ready"), 30, "the GTK window")
        time.sleep(1.0)
        keyboard = VirtualKeyboard(os.path.join(runtime, socket_name), UsKeymap())
        # A new keyboard makes sway focus the text field again, and fcitx5 takes a new keyboard
        # grab: the first key can be lost in between. Shift alone types nothing.
        time.sleep(0.5)
        keyboard.type("Shift_L")
        time.sleep(0.5)
        keyboard.type(args.keys)
        return read_back(args.expect, out)
    finally:
        if keyboard is not None:
            keyboard.close()
        for process in reversed(processes):
            stop(process)
        log.close()
        if os.environ.get("KBDSIM_KEEP_LOG"):
            for name in ("log", "fcitx5.log"):
                path = os.path.join(workdir, name)
                if os.path.exists(path):
                    print(open(path).read(), file=sys.stderr)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
