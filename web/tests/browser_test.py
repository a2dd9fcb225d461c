#!/usr/bin/python3
"""The web page in a real browser: headless Chromium with a phone's screen and touch.

Builds the site (web/build.sh) into a temporary folder, serves it on 127.0.0.1 (a free
port, stopped at the end), and drives the page through the DevTools protocol: touches
are `Input.dispatchTouchEvent` at the centres of the drawn keys (their
getBoundingClientRect), never JavaScript calls into the page, and the text is read back
from the <textarea>. In a phone's portrait (390 x 844) and landscape (844 x 390) screens
it checks:

- sentences with postfix accents on hu-touch and cs-touch, Danish with its own letters
  and a long-press on da-touch, capitals through shift;
- a long-press on hu-ios with a slide onto an alternate of the popup (data-key KEY:CHOICE);
- backspace taking only an accent off, and a held backspace repeating;
- an accent and a backspace on pasted NFD text, with the caret put inside the text;
- the drawn keys' left edges and widths against the layout file's key units (within 1 px);
- that the keyboard never takes focus from the text field;
and, once: no horizontal scroll at 360 px for every shipped layout, a broken layout file
showing its diagnostics (line, column, code, fix) while the layout stays, a good file opening
from the file picker and from a drop, an unknown `?layout=` offering the nearest ids first,
a mouse and Enter/Space on focused keys, typing over a selection, the backspace choice, the
device's own keyboard toggle, the message without WebAssembly, and multi-taps and flicks on
gestures-harness.html (no shipped layout has them). It saves a screenshot of the phone in
portrait.

    web/tests/browser_test.py [--screenshot PATH] [--keep DIR] [--bench]

`--bench` measures instead (nothing asserted): the median time from navigation to a ready
keyboard, and from a key's touch to its text in the field.

Needs Debian's chromium, chromium-driver and python3-selenium; without them it fails and
says so.
"""

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.dirname(HERE)
ROOT = os.path.dirname(WEB)
LAYOUTS = os.path.join(ROOT, "Layouts")
PACKAGES = "chromium chromium-driver python3-selenium"

PORTRAIT = (390, 844)
LANDSCAPE = (844, 390)
NARROW = (360, 740)


def need_packages(reason):
    print(f"browser_test: {reason}; install Debian's {PACKAGES} "
          f"(apt-get install {PACKAGES}, or tools/install-deps.sh)", file=sys.stderr)
    sys.exit(1)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    # Debian's selenium is for Debian's python3: run there when started by another one.
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") \
            and not os.environ.get("BROWSER_TEST_REEXEC"):
        os.environ["BROWSER_TEST_REEXEC"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
    need_packages("Python's selenium module is missing")


def find_program(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


# ----------------------------------------------------------------------------------------
# The site and its server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that keeps quiet and names .wasm and .js as browsers want."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, *args):
        pass


class Site:
    """The built site served on 127.0.0.1 at a free port, until `stop()`."""

    def __init__(self, folder):
        handler = functools.partial(QuietHandler, directory=folder)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, query=""):
        return f"http://127.0.0.1:{self.port}/index.html{query}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def build_site(folder):
    result = subprocess.run([os.path.join(WEB, "build.sh"), folder], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("browser_test: web/build.sh failed")
    # The gesture harness is the test's, not the site's.
    shutil.copy(os.path.join(HERE, "gestures-harness.html"), folder)


# ----------------------------------------------------------------------------------------
# The browser


class Phone:
    """Headless Chromium emulating a phone: a screen size, touch, and the page's keys."""

    def __init__(self, network_log=False):
        chromium = find_program("chromium", "chromium-browser")
        driver = find_program("chromedriver")
        if not chromium or not driver:
            need_packages("chromium or chromedriver is missing")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--disable-extensions", "--no-first-run", "--lang=en"]:
            options.add_argument(argument)
        # network_log: the DevTools Network events too (driver.get_log("performance")).
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if network_log else {})})
        self.driver = webdriver.Chrome(service=Service(driver), options=options)
        # The phone is emulated through the DevTools protocol, not chromedriver's
        # mobileEmulation option: that one puts its own screen back at every navigation,
        # which would turn a landscape screen back to portrait.
        self.cdp("Emulation.setUserAgentOverride", {
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/126.0 Mobile Safari/537.36",
            "platform": "Android",
        })
        self.set_screen(PORTRAIT)

    def quit(self):
        self.driver.quit()

    def cdp(self, command, params=None):
        return self.driver.execute_cdp_cmd(command, params or {})

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def set_screen(self, size):
        width, height = size
        self.cdp("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 3, "mobile": True,
            "screenOrientation": {"type": "portraitPrimary" if height >= width else "landscapePrimary",
                                  "angle": 0 if height >= width else 90},
        })
        self.cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.screen = size

    def open(self, query="", site=None):
        self.driver.get(site.url(query))
        self.wait_ready()
        width, height = self.screen
        shown = self.js("return [innerWidth, innerHeight]")
        if shown != [width, height]:
            raise AssertionError(f"the page has a {shown[0]} x {shown[1]} screen, not the {width} x {height} asked for")

    def wait_ready(self, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            state = self.js("return document.documentElement.dataset.ready || ''")
            if state == "true":
                return
            if state == "failed":
                raise AssertionError("the page failed: " + self.js("return document.getElementById('keyboard').textContent"))
            time.sleep(0.02)
        raise AssertionError("the page was not ready after %d s; console: %s" % (timeout, self.console()))

    def console(self):
        try:
            return [f'{entry["level"]} {entry["message"]}' for entry in self.driver.get_log("browser")]
        except Exception:  # noqa: BLE001 - a driver without logs
            return []

    # The text field, set up as a paste would, and read back.

    def text(self):
        return self.js("return document.getElementById('text').value")

    def set_text(self, value, caret=None):
        """Puts `value` in the field as a paste would, the caret at `caret` (UTF-16 units)."""
        self.js("""
            const field = document.getElementById('text');
            field.focus();
            field.value = arguments[0];
            const caret = arguments[1] === null ? field.value.length : arguments[1];
            field.setSelectionRange(caret, caret);
            field.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
        """, value, caret)

    # Touches at the centres of drawn elements.

    def centre(self, selector):
        rect = self.js("""
            const element = document.querySelector(arguments[0]);
            if (!element) return null;
            const r = element.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
        """, selector)
        return rect

    def key_selector(self, name):
        return '.keyboard .key[data-key="%s"]' % name.replace("\\", "\\\\").replace('"', '\\"')

    def key_centre(self, name):
        rect = self.centre(self.key_selector(name))
        if rect is None:
            shown = self.js("return [...document.querySelectorAll('.keyboard .key')].map(k => k.dataset.key)")
            raise AssertionError(f"no key data-key={name!r} on the keyboard; keys shown: {' '.join(shown)}")
        return rect[0], rect[1]

    def touch(self, kind, x=None, y=None):
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4}]
        self.cdp("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, name):
        x, y = self.key_centre(name)
        self.touch("touchStart", x, y)
        self.touch("touchEnd")

    def type(self, names):
        for name in names.split():
            self.tap(name)

    def hold(self, name, seconds):
        x, y = self.key_centre(name)
        self.touch("touchStart", x, y)
        time.sleep(seconds)
        return x, y

    def next_frame(self):
        """Waits until the page has drawn a frame (pointer moves are delivered per frame)."""
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")

    def long_press(self, name, choice):
        """Holds key `name`, slides onto the popup's alternate `choice` (KEY:CHOICE) and lifts."""
        x, y = self.hold(name, 0.6)
        selector = '.longpress-popup [data-key="%s"]' % choice
        target = self.centre(selector)
        if target is None:
            shown = self.js("return [...document.querySelectorAll('.longpress-popup [data-key]')].map(k => k.dataset.key)")
            self.touch("touchEnd")
            raise AssertionError(f"no alternate {choice!r} in the popup of {name!r}; shown: {shown}")
        steps = 5
        for step in range(1, steps + 1):
            self.touch("touchMove", x + (target[0] - x) * step / steps, y + (target[1] - y) * step / steps)
        self.next_frame()
        selected = self.js("const s = document.querySelector('.longpress-popup .selected'); return s && s.dataset.key")
        self.touch("touchEnd")
        return selected


# ----------------------------------------------------------------------------------------
# What the layout files say


def load_layout(layout_id):
    with open(os.path.join(LAYOUTS, layout_id + ".json"), encoding="utf-8") as file:
        return json.load(file)


def expected_rows(layout, layer="base"):
    """Per row of the layer: each key's left edge and width in key units, the row centred."""
    units = layout["geometry"]["unitsPerRow"]
    rows = []
    for row in next(item for item in layout["layers"] if item["id"] == layer)["rows"]:
        x = 0.0
        keys = []
        for key in row["keys"]:
            if "gap" in key:
                x += key["gap"]
                continue
            width = key.get("width", 1.0)
            keys.append((x, width))
            x += width
        offset = (units - x) / 2 if x < units else 0.0
        rows.append([(left + offset, width) for left, width in keys])
    return rows


# ----------------------------------------------------------------------------------------
# The checks


class Checks:
    def __init__(self, phone, site):
        self.phone = phone
        self.site = site
        self.passed = 0
        self.failures = []

    def check(self, label, actual, expected):
        if actual == expected:
            self.passed += 1
            print(f"  ok    {label}")
        else:
            self.failures.append(label)
            print(f"  FAIL  {label}: got {actual!r}, expected {expected!r}")

    def check_true(self, label, condition, detail=""):
        self.check(label + (f" ({detail})" if detail and not condition else ""), bool(condition), True)

    def run(self, label, function, *args):
        try:
            function(*args)
        except AssertionError as error:
            self.failures.append(label)
            print(f"  FAIL  {label}: {error}")

    def typed(self, label, layout, names, expected, start="", caret=None):
        phone = self.phone
        phone.open(f"?layout={layout}", self.site)
        phone.set_text(start, caret)
        phone.type(names)
        self.check(f"{label}: {names} → {expected!r}", phone.text(), expected)

    # In one screen size.

    def sentences(self, screen):
        tag = f"{screen[0]}x{screen[1]}"
        self.typed(f"{tag} hu-touch sentence", "hu-touch",
                   "⇧ A ´ r v i ´ z t u ˝ r o ˝ ␣ t u ¨ k o ¨ r f u ´ r o ´ g e ´ p",
                   "Árvíztűrő tükörfúrógép")
        self.typed(f"{tag} hu-touch second accent replaces", "hu-touch", "o ¨ ˝ ␣ u ¨ ˝ ␣ e ´ ⌫", "ő ű e")
        self.typed(f"{tag} hu-touch ⌫ takes the accent only", "hu-touch", "s z o ˝ ⌫", "szo")
        self.typed(f"{tag} cs-touch sentence", "cs-touch",
                   "⇧ P r ˇ i ´ l i s ˇ ␣ z ˇ l u t ˇ o u c ˇ k y ´ ␣ k u ˇ n ˇ",
                   "Příliš žluťoučký kůň")
        self.typed(f"{tag} cs-touch ⌫ takes the caron only", "cs-touch", "c ˇ ⌫", "c")
        phone = self.phone
        phone.open("?layout=da-touch", self.site)
        phone.set_text("")
        phone.type("⇧ R ø d g r ø d ␣ m e d ␣ f l ø d e ␣ p å ␣ c a f")
        chosen = phone.long_press("e", "e:é")
        self.check(f"{tag} da-touch sentence with a long-press (e:é)", phone.text(), "Rødgrød med fløde på café")
        self.check(f"{tag} da-touch popup selection under the finger", chosen, "e:é")

        phone.open("?layout=hu-ios", self.site)
        phone.set_text("")
        phone.type("⇧ T")
        chosen = phone.long_press("u", "u:ü")
        phone.type("k")
        chosen2 = phone.long_press("o", "o:ö")
        phone.type("r")
        self.check(f"{tag} hu-ios long-press with a slide: T u:ü k o:ö r", phone.text(), "Tükör")
        self.check(f"{tag} hu-ios the slid-onto alternates", [chosen, chosen2], ["u:ü", "o:ö"])
        phone.long_press("o", "o:ő")
        phone.tap("⌫")
        # hu-ios has no accent keys, so no accent of its own to take off: ⌫ deletes the letter.
        self.check(f"{tag} hu-ios ⌫ after o:ő deletes the letter (no accents on hu-ios)", phone.text(), "Tükör")
        phone.open("?layout=hu-touch", self.site)
        phone.set_text("")
        phone.type("⇧ T")
        phone.long_press("o", "o:ő")
        phone.tap("⌫")
        self.check(f"{tag} hu-touch ⌫ after a long-pressed o:ő takes the accent only", phone.text(), "To")
        self.check(f"{tag} the keyboard kept the focus off itself",
                   phone.js("return document.activeElement && document.activeElement.id"), "text")

        # Pasted NFD text: the caret put after it, or inside it.
        self.typed(f"{tag} hu-touch ˝ on pasted NFD ü", "hu-touch", "˝", "fű", start="fu\u0308")
        self.typed(f"{tag} hu-touch ⌫ on pasted NFD ú", "hu-touch", "⌫", "tu", start="tu\u0301")
        self.typed(f"{tag} hu-touch ⌫ with the caret inside NFD text", "hu-touch", "⌫", "alom",
                   start="a\u0301lom", caret=2)
        self.typed(f"{tag} hu-touch ´ with the caret inside pasted text", "hu-touch", "´", "kész",
                   start="kesz", caret=2)
        phone.set_text("e\u0301e\u0301 vége", caret=4)
        phone.tap("⌫")
        self.check(f"{tag} hu-touch ⌫ inside NFD éé keeps the rest as it was", phone.text(), "e\u0301e vége")

        # A held backspace repeats.
        phone.set_text("abcdefghijklmnopqrstuvwxyz")
        phone.hold("⌫", 1.2)
        phone.touch("touchEnd")
        left = len(phone.text())
        self.check_true(f"{tag} a held ⌫ repeats", left <= 26 - 4, f"{26 - left} deleted")

        self.widths(tag, ["hu-touch", "hu-ios", "cs-touch", "da-touch", "hu-extended", "hu-squeezed"])

    def widths(self, tag, layouts):
        phone = self.phone
        for layout_id in layouts:
            phone.open(f"?layout={layout_id}", self.site)
            layout = load_layout(layout_id)
            drawn = phone.js("""
                const board = document.getElementById('keyboard');
                const box = board.getBoundingClientRect();
                const rows = [...board.querySelectorAll('.key-row')].map(row =>
                    [...row.querySelectorAll('.key')].map(key => {
                        const r = key.getBoundingClientRect();
                        return [r.left - box.left, r.width, key.dataset.key, key.getAttribute('aria-label')];
                    }));
                return {width: box.width, gap: Number(board.dataset.gapPx), rows,
                        scroll: document.documentElement.scrollWidth, inner: innerWidth};
            """)
            units = layout["geometry"]["unitsPerRow"]
            unit = drawn["width"] / units
            gap = drawn["gap"]
            worst = 0.0
            problems = []
            expected = expected_rows(layout)
            if [len(row) for row in expected] != [len(row) for row in drawn["rows"]]:
                problems.append(f"rows of {[len(r) for r in drawn['rows']]} keys, the file has {[len(r) for r in expected]}")
            else:
                for row_index, (want_row, got_row) in enumerate(zip(expected, drawn["rows"])):
                    for (left, width), (got_left, got_width, name, label) in zip(want_row, got_row):
                        errors = (abs(got_left - (left * unit + gap / 2)), abs(got_width - (width * unit - gap)))
                        worst = max(worst, *errors)
                        if max(errors) > 1.0:
                            problems.append(f"row {row_index} {name}: left {got_left:.1f} width {got_width:.1f}, "
                                            f"the file gives {left * unit + gap / 2:.1f} and {width * unit - gap:.1f}")
                        if not name or not label:
                            problems.append(f"row {row_index}: a key without data-key or aria-label")
            self.check_true(f"{tag} {layout_id}: drawn keys match the file's key units within 1 px "
                            f"(worst {worst:.2f} px)", not problems, "; ".join(problems[:4]))
            self.check_true(f"{tag} {layout_id}: no horizontal scroll", drawn["scroll"] <= drawn["inner"],
                            f"scrollWidth {drawn['scroll']} > {drawn['inner']}")

    # Once.

    def narrow_screen(self):
        self.phone.set_screen(NARROW)
        self.phone.open("", self.site)
        end = time.time() + 5
        while time.time() < end and not self.phone.js("return document.getElementById('layout-picker').dataset.filled"):
            time.sleep(0.02)
        ids = self.phone.js("return [...document.querySelectorAll('#layout-picker option')].map(o => o.value).filter(v => !v.startsWith('file:'))")
        shipped = sorted(name[:-5] for name in os.listdir(LAYOUTS) if name.endswith(".json"))
        self.check("the picker lists every shipped layout", sorted(ids), shipped)
        self.widths("360x740", ids)

    def unknown_layout(self):
        phone = self.phone
        phone.open("?layout=hu-tuch", self.site)
        shown = phone.js("return [...document.querySelectorAll('#messages .suggestion')].map(b => b.dataset.layout)")
        self.check_true("?layout=hu-tuch offers hu-touch first", shown[:1] == ["hu-touch"], f"offered {shown}")
        self.check("?layout=hu-tuch still opens a keyboard",
                   phone.js("return document.getElementById('keyboard').dataset.layout"), "hu-touch")
        x, y, _, _ = phone.centre('#messages .suggestion[data-layout="hu-touch"]')
        phone.touch("touchStart", x, y)
        phone.touch("touchEnd")
        time.sleep(0.1)
        self.check("a suggestion opens its layout and clears the message",
                   [phone.js("return location.search"), phone.js("return document.querySelectorAll('#messages *').length")],
                   ["?layout=hu-touch", 0])

    def broken_file(self, folder):
        phone = self.phone
        phone.open("?layout=cs-touch", self.site)
        layout = load_layout("hu-touch")
        text = json.dumps(layout, ensure_ascii=False, indent=1).replace('"accent": "acute"', '"accent": "acutee"', 1)
        # The file's name must be its id (as for kbdsim --layout FILE): only the accent is wrong.
        os.makedirs(os.path.join(folder, "broken"), exist_ok=True)
        path = os.path.join(folder, "broken", "hu-touch.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        line = next(number for number, content in enumerate(text.splitlines(), 1) if "acutee" in content)
        document = phone.cdp("DOM.getDocument", {"depth": 0})
        node = phone.cdp("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": "#layout-file"})
        phone.cdp("DOM.setFileInputFiles", {"nodeId": node["nodeId"], "files": [path]})
        end = time.time() + 5
        items = []
        while time.time() < end and not items:
            items = phone.js("""return [...document.querySelectorAll('#messages .diagnostic')].map(item =>
                ({code: item.dataset.code, line: Number(item.dataset.line), column: Number(item.dataset.column),
                  text: item.textContent}))""")
            time.sleep(0.05)
        codes = [item["code"] for item in items]
        self.check_true("a broken layout file shows KBD-E205", "KBD-E205" in codes, f"shown: {items}")
        found = next((item for item in items if item["code"] == "KBD-E205"), None)
        if found:
            self.check("the diagnostic's line", found["line"], line)
            self.check_true("the diagnostic says where, the code and the fix",
                            f"hu-touch.json:{line}:" in found["text"] and "[KBD-E205]" in found["text"]
                            and "acute" in found["text"] and "Fix" in found["text"], found["text"])
        self.check("the layout stays after a broken file",
                   phone.js("return document.getElementById('keyboard').dataset.layout"), "cs-touch")
        phone.set_text("")
        phone.type("c ˇ")
        self.check("the kept layout still types", phone.text(), "č")

        # A good file opens.
        os.makedirs(os.path.join(folder, "good"), exist_ok=True)
        good = os.path.join(folder, "good", "hu-touch.json")
        shutil.copy(os.path.join(LAYOUTS, "hu-touch.json"), good)
        phone.cdp("DOM.setFileInputFiles", {"nodeId": node["nodeId"], "files": [good]})
        time.sleep(0.3)
        self.check("a good layout file opens",
                   phone.js("return document.getElementById('keyboard').dataset.layout"), "hu-touch")

    def mouse_and_keys(self):
        """A mouse click types and leaves the focus in the field; Tab to a key and Enter types it."""
        phone = self.phone
        phone.open("?layout=hu-touch", self.site)
        phone.set_text("")
        for name in ["e", "´"]:
            x, y = phone.key_centre(name)
            for kind in ("mousePressed", "mouseReleased"):
                phone.cdp("Input.dispatchMouseEvent",
                          {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0,
                           "clickCount": 1, "pointerType": "mouse"})
        self.check("a mouse types e ´ → é", phone.text(), "é")
        self.check("a mouse click leaves the focus in the field",
                   phone.js("return document.activeElement && document.activeElement.id"), "text")
        phone.js("document.querySelector(arguments[0]).focus()", phone.key_selector("o"))
        for key, code in [("Enter", 13)]:
            for kind in ("keyDown", "keyUp"):
                phone.cdp("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key, "text": "\r" if kind == "keyDown" else "",
                                                     "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code})
        phone.js("document.querySelector(arguments[0]).focus()", phone.key_selector("˝"))
        for kind in ("keyDown", "keyUp"):
            phone.cdp("Input.dispatchKeyEvent", {"type": kind, "key": " ", "code": "Space",
                                                 "windowsVirtualKeyCode": 32, "nativeVirtualKeyCode": 32})
        self.check("a focused key typed with Enter and Space: o ˝", phone.text(), "éő")

    def selection_toggle_and_drop(self):
        """Typing over a selection, ⌫ on a selection, the device's own keyboard toggle, a dropped file."""
        phone = self.phone
        phone.open("?layout=hu-touch", self.site)
        phone.set_text("abc")
        phone.js("document.getElementById('text').setSelectionRange(1, 2)")
        phone.tap("x")
        self.check("a key replaces the selection", phone.text(), "axc")
        phone.js("document.getElementById('text').setSelectionRange(0, 2)")
        phone.tap("⌫")
        self.check("⌫ on a selection deletes just the selection", phone.text(), "c")
        # The backspace choice (a native <select>, set as the user's choice would set it).
        choose = "const s = document.getElementById('backspace-mode'); s.value = arguments[0]; " \
                 "s.dispatchEvent(new Event('change', {bubbles: true}))"
        phone.js(choose, "grapheme")
        phone.set_text("")
        phone.type("s a ´ ⌫")
        self.check("⌫ set to whole letters: s a ´ ⌫ → s", phone.text(), "s")
        phone.open("?layout=cs-touch", self.site)
        phone.set_text("")
        phone.type("c ˇ ⌫")
        self.check("the backspace choice stays for the next layout", [phone.js(
            "return document.getElementById('backspace-mode').value"), phone.text()], ["grapheme", ""])
        phone.js(choose, "accent")
        phone.type("c ˇ ⌫")
        self.check("⌫ set back to accents: c ˇ ⌫ → c", phone.text(), "c")
        x, y, _, _ = phone.centre("#system-keyboard")
        phone.touch("touchStart", x, y)
        phone.touch("touchEnd")
        time.sleep(0.1)
        self.check("the own-keyboard toggle gives the field the device's keyboard and hides ours",
                   phone.js("""return [document.getElementById('text').inputMode,
                                       getComputedStyle(document.getElementById('keyboard')).display,
                                       document.activeElement.id]"""), ["text", "none", "text"])
        phone.touch("touchStart", x, y)
        phone.touch("touchEnd")
        time.sleep(0.1)
        self.check("toggled back, our keys are back",
                   phone.js("""return [document.getElementById('text').inputMode,
                                       getComputedStyle(document.getElementById('keyboard')).display]"""),
                   ["none", "block"])
        with open(os.path.join(LAYOUTS, "cs-touch.json"), encoding="utf-8") as file:
            text = file.read()
        # A drop as the browser delivers it (a DataTransfer with the file); the page reads it.
        phone.js("""
            const transfer = new DataTransfer();
            transfer.items.add(new File([arguments[0]], 'cs-touch.json', {type: 'application/json'}));
            for (const type of ['dragover', 'drop']) {
                document.body.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true}));
            }
        """, text)
        time.sleep(0.3)
        self.check("a dropped layout file opens",
                   phone.js("return document.getElementById('keyboard').dataset.layout"), "cs-touch")

    def no_webassembly(self):
        phone = self.phone
        script = phone.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": "delete globalThis.WebAssembly;"})
        try:
            phone.driver.get(self.site.url())
            end = time.time() + 5
            while time.time() < end and phone.js("return document.documentElement.dataset.ready || ''") != "failed":
                time.sleep(0.02)
            message = phone.js("const f = document.querySelector('.fatal'); return f ? f.textContent : ''")
            self.check_true("without WebAssembly the page says so", "WebAssembly" in message, repr(message))
        finally:
            phone.cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})

    def multi_tap_and_flicks(self):
        """The gesture code on a made-up view (gestures-harness.html): no shipped layout has
        multi-taps or flicks, so this checks what touches make of them, without the engine."""
        phone = self.phone
        phone.driver.get(f"http://127.0.0.1:{self.site.port}/gestures-harness.html")
        phone.wait_ready()
        calls = lambda: phone.js("const c = calls.slice(); calls.length = 0; return c")
        for _ in range(3):
            phone.tap("2")
        self.check("three quick taps on a multi-tap key: a tap, then multi-taps 2 and 3",
                   calls(), [["tap", 0], ["multiTap", 0, 2, "before 0"], ["multiTap", 0, 3, "before 0"]])
        time.sleep(0.7)
        phone.tap("2")
        time.sleep(0.7)
        phone.tap("2")
        self.check("taps 0.7 s apart are two taps", calls(), [["tap", 0], ["tap", 0]])
        time.sleep(0.7)
        phone.tap("2")
        phone.tap("0")
        phone.tap("2")
        self.check("another key between ends the multi-tap", calls(), [["tap", 0], ["tap", 2], ["tap", 0]])
        x, y = phone.key_centre("5")
        phone.touch("touchStart", x, y)
        for step in range(1, 6):
            phone.touch("touchMove", x, y - 8 * step)
        phone.touch("touchEnd")
        phone.touch("touchStart", x, y)
        for step in range(1, 6):
            phone.touch("touchMove", x + 8 * step, y)
        for step in range(1, 6):
            phone.touch("touchMove", x + 40, y + 8 * step)
        phone.touch("touchEnd")
        phone.tap("5")
        self.check("a slide up is the flick n, right then down e,s, no slide a tap",
                   calls(), [["flick", 1, "n"], ["flick", 1, "e,s"], ["tap", 1]])

    def screenshot(self, path):
        phone = self.phone
        phone.set_screen(PORTRAIT)
        phone.open("?layout=hu-touch", self.site)
        phone.set_text("")
        phone.type("⇧ A ´ r v i ´ z t u ˝ r o ˝ ␣ t u ¨ k o ¨ r f u ´ r o ´ g e ´ p")
        phone.js("document.getElementById('text').blur(); document.getElementById('text').focus()")
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        phone.driver.save_screenshot(path)
        self.check_true(f"a screenshot of the phone in portrait: {path}", os.path.getsize(path) > 10000)


# ----------------------------------------------------------------------------------------
# Benchmarks (reported, not asserted)


def bench(phone, site, runs):
    phone.set_screen(PORTRAIT)
    phone.open("?layout=hu-touch", site)
    ready = []
    for _ in range(runs):
        phone.driver.get(site.url("?layout=hu-touch"))
        phone.wait_ready()
        ready.append(phone.js("return keyboardApp.readyAt"))
    phone.set_text("")
    phone.js("keyboardApp.keyTimes.length = 0; keyboardApp.eventTimes.length = 0")
    for _ in range(10):
        phone.type("s z e ´ p ␣ o ¨ ˝ ⌫ ⌫ ⌫ ⌫ ⌫")
    taps = phone.js("return keyboardApp.keyTimes")
    stamped = phone.js("return keyboardApp.eventTimes")
    return ready, taps, stamped


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screenshot", help="where to save the portrait screenshot (default: in the temporary folder)")
    parser.add_argument("--keep", help="build the site into this folder and keep it")
    parser.add_argument("--bench", action="store_true", help="measure load and tap times instead of testing")
    parser.add_argument("--runs", type=int, default=30, help="page loads for --bench")
    arguments = parser.parse_args()

    temporary = tempfile.mkdtemp(prefix="web-page-test-")
    folder = arguments.keep or os.path.join(temporary, "site")
    try:
        build_site(folder)
        site = Site(folder)
        phone = None
        try:
            phone = Phone()
            if arguments.bench:
                ready, taps, stamped = bench(phone, site, arguments.runs)
                print(f"navigation → ready keyboard: median {statistics.median(ready):.1f} ms "
                      f"(min {min(ready):.1f}, max {max(ready):.1f}, {len(ready)} loads)")
                print(f"touch event in the page → text in the field: median {statistics.median(taps):.3f} ms "
                      f"(min {min(taps):.3f}, max {max(taps):.3f}, {len(taps)} keys)")
                print(f"touch event's time stamp → text in the field: median {statistics.median(stamped):.3f} ms "
                      f"(min {min(stamped):.3f}, max {max(stamped):.3f}; with the browser's delivery of the input)")
                wasm = os.path.join(folder, "engine.wasm")
                size = os.path.getsize(wasm)
                import gzip
                with open(wasm, "rb") as file:
                    packed = len(gzip.compress(file.read(), 9))
                print(f"engine.wasm: {size / 1024:.1f} KB, gzip -9 {packed / 1024:.1f} KB")
                return 0
            checks = Checks(phone, site)
            for screen in (PORTRAIT, LANDSCAPE):
                print(f"screen {screen[0]} x {screen[1]}")
                phone.set_screen(screen)
                checks.run(f"{screen} sentences", checks.sentences, screen)
            print("once")
            phone.set_screen(PORTRAIT)
            checks.run("unknown layout", checks.unknown_layout)
            checks.run("broken file", checks.broken_file, temporary)
            checks.run("mouse and keys", checks.mouse_and_keys)
            checks.run("selection, toggle and drop", checks.selection_toggle_and_drop)
            checks.run("no WebAssembly", checks.no_webassembly)
            checks.run("multi-tap and flicks", checks.multi_tap_and_flicks)
            checks.run("narrow screen", checks.narrow_screen)
            checks.run("screenshot", checks.screenshot,
                       arguments.screenshot or os.path.join(temporary, "web-hu-touch-phone.png"))
            errors = [line for line in phone.console() if "SEVERE" in line or "Uncaught" in line]
            errors = [line for line in errors if "favicon.ico" not in line]
            checks.check_true("no errors in the browser's console", not errors, "; ".join(errors[:3]))
            print(f"{checks.passed} passed, {len(checks.failures)} failed")
            return 1 if checks.failures else 0
        finally:
            if phone:
                phone.quit()
            site.stop()
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
