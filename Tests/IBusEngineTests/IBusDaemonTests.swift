import Foundation
import TestSupport
import Testing

/// Whether a file of a Debian package is there, in any multiarch library folder.
func libraryFilePresent(_ relative: String) -> Bool {
    ["/usr/lib/x86_64-linux-gnu/", "/usr/lib/aarch64-linux-gnu/", "/usr/lib/"].contains {
        FileManager.default.fileExists(atPath: $0 + relative)
    }
}

/// Whether this machine can run a private ibus-daemon driven from Python (Debian: ibus,
/// python3-gi, gir1.2-ibus-1.0; `.ci/run` installs them).
let ibusPresent =
    ToolRun.available("ibus-daemon") && ToolRun.available("/usr/bin/python3")
    && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi/__init__.py")
    && libraryFilePresent("girepository-1.0/IBus-1.0.typelib")

/// Whether a GTK 3 application can run under Xvfb with IBus's input module and take keys
/// from xdotool (Debian: xvfb, xdotool, gir1.2-gtk-3.0, ibus-gtk3).
let gtkPresent =
    ibusPresent && ToolRun.available("Xvfb") && ToolRun.available("xdotool")
    && libraryFilePresent("girepository-1.0/Gtk-3.0.typelib")
    && libraryFilePresent("gtk-3.0/3.0.0/immodules/im-ibus.so")

/// Whether a VTE terminal can run there too (Debian: gir1.2-vte-2.91).
let vtePresent = gtkPresent && libraryFilePresent("girepository-1.0/Vte-2.91.typelib")

/// The engines against a real ibus-daemon: tools/ibus_client.py starts its own daemon with the
/// component from `kbdsim ibus install --component-dir`, drives an input context as an
/// application does, and reports each case.
@Suite(.serialized)
struct IBusDaemonTests {
    static let tools = PackagePaths.root.appendingPathComponent("tools").path

    /// The cases of tools/ibus_client.py, one line of JSON each.
    static let cases = [
        "gyor", "accent-backspace", "pasted-nfc-backspace", "pasted-nfd-backspace", "nfd-accent", "plain-backspace",
        "cs-caron", "cldr-transform", "selection", "no-surrounding", "no-surrounding-backspace",
        "terminal-keys-after-text",
        "shortcuts-reach-app", "engine-switch",
        "focus-out-in", "long-press", "megabyte-surrounding", "bad-surrounding", "engine-exit", "daemon-killed",
    ]

    /// Runs the Python client under its own session bus when `dbus-run-session` exists, with a
    /// home folder of its own (the bus starts IBus's portal, which makes folders there).
    static func client(_ arguments: [String], timeout: Double) -> ToolRun.Result {
        let python = ["/usr/bin/python3", tools + "/ibus_client.py", "--kbdsim", kbdsim] + arguments
        let command = ToolRun.available("dbus-run-session") ? ["dbus-run-session", "--"] + python : python
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kbdsim-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "PYTHONDONTWRITEBYTECODE": "1", "HOME": home.path, "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": "",
            "XDG_DATA_HOME": "",
        ]
        return ToolRun.run(command, environment: environment, timeout: timeout)
    }

    /// The driver ran to its end, exited 0 and printed `line`; else what it printed.
    static func expectPassed(
        _ result: ToolRun.Result, printing line: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!result.timedOut, sourceLocation: sourceLocation)
        #expect(
            result.status == 0, "\(result.output)\(result.error.suffix(2000))", sourceLocation: sourceLocation)
        #expect(result.output.contains(line), sourceLocation: sourceLocation)
    }

    @Test(
        .enabled(
            if: ibusPresent, "needs ibus-daemon, /usr/bin/python3 with gi and IBus typelib (.ci/run installs them)"))
    func everyCaseThroughTheDaemon() throws {
        let result = Self.client(["--cases", Self.cases.joined(separator: ",")], timeout: 150)
        #expect(!result.timedOut, "the client did not finish: \(result.output)\n\(result.error)")
        var seen: Set<String> = []
        for line in result.output.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let name = object["case"] as? String
            else { continue }
            seen.insert(name)
            #expect(object["ok"] as? Bool == true, "\(name): \(line)")
        }
        #expect(seen == Set(Self.cases), "cases reported: \(seen.sorted()); stderr: \(result.error.suffix(2000))")
        #expect(result.status == 0)
    }

    @Test(.enabled(if: ibusPresent, "needs ibus-daemon, /usr/bin/python3 with gi and IBus typelib"))
    func theDefaultPerUserInstallIsFoundByTheDaemon() throws {
        let result = Self.client(["--default-install", "--cases", "gyor"], timeout: 90)
        Self.expectPassed(result, printing: "\"case\": \"gyor\", \"ok\": true")
    }

    @Test(.enabled(if: gtkPresent, "needs Xvfb, xdotool, ibus-gtk3 and python3-gi with GTK 3 (.ci/run installs them)"))
    func aRealGtkEntry() throws {
        let result = ToolRun.run(
            ["/usr/bin/python3", Self.tools + "/gtk_entry_check.py", "--kbdsim", kbdsim],
            environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: 120)
        Self.expectPassed(result, printing: "\"ok\": true")
    }

    /// A terminal reports no surrounding text and ignores deletions: the letter an accent may
    /// change waits as preedit, and Return reaches the terminal after it.
    @Test(.enabled(if: vtePresent, "needs Xvfb, xdotool, ibus-gtk3 and VTE's typelib (.ci/run installs them)"))
    func aRealTerminal() throws {
        let result = ToolRun.run(
            [
                "/usr/bin/python3", Self.tools + "/gtk_entry_check.py", "--kbdsim", kbdsim, "--widget",
                "terminal",
            ],
            environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: 120)
        Self.expectPassed(result, printing: "\"ok\": true")
    }
}
