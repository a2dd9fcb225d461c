import Foundation
import IBusEngine
import LayoutEngine
import TestSupport
import Testing

/// `kbdsim ibus install|uninstall` and the component file.
struct IBusInstallTests {
    @Test func theComponentNamesAnEnginePerShippedLayout() throws {
        let layouts = try LayoutCatalog.shippedIDs().map { try LayoutCatalog.load($0) }
        let xml = IBusComponent.xml(layouts: layouts, exec: "/opt/k & b/kbdsim ibus --engine")
        for id in ["hu-touch", "cs-touch", "da-touch", "hu-extended", "hu-ios"] {
            #expect(xml.contains("<name>kbdsim:\(id)</name>"), "engine for \(id)")
        }
        #expect(xml.contains("<exec>/opt/k &amp; b/kbdsim ibus --engine</exec>"))
        #expect(xml.contains("<language>hu</language>"))
        #expect(xml.contains("<layout>us</layout>"))
        #expect(IBusComponent.layoutID(ofEngine: "kbdsim:hu-touch") == "hu-touch")
        #expect(IBusComponent.layoutID(ofEngine: "xkb:us::eng") == nil)
    }

    @Test("a layout file that no longer loads leaves its engine out; the engines start with the others")
    func engineWithABrokenLayout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kbdsim-layouts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"formatVersion": 1, "id": "mine""#.utf8).write(to: folder.appendingPathComponent("mine.json"))
        // No daemon to reach: the engines get as far as connecting, past the broken layout.
        let environment = [
            "IBUS_ADDRESS": "unix:path=/nonexistent/ibus", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        let run = ToolRun.run(
            [kbdsim, "--layouts-dir", folder.path, "ibus", "--engine"], environment: environment, timeout: 30
        )
        #expect(run.status == 1)
        #expect(run.error.contains("warning: an engine left out, its layout does not load: \(folder.path)/mine.json"))
        #expect(run.error.contains("no IBus daemon to connect to"), "\(run.error)")
    }

    @Test func installAndUninstallForThisUser() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kbdsim-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""]
        let installed = ToolRun.run([kbdsim, "ibus", "install"], environment: environment, timeout: 60)
        #expect(installed.status == 0, "\(installed.error)")
        let component = home.path + "/.local/share/kbdsim/ibus/component/kbdsim.xml"
        let environmentFile = home.path + "/.config/environment.d/60-kbdsim-ibus.conf"
        let copy = home.path + "/.local/share/kbdsim/bin/kbdsim"
        let xml = try String(contentsOfFile: component, encoding: .utf8)
        #expect(xml.contains("<name>kbdsim:hu-touch</name>"))
        #expect(xml.contains("<exec>\(copy) ibus --engine</exec>"), "the copy, not the clone's .build: \(xml)")
        #expect(!xml.contains("/.build/"))
        #expect(FileManager.default.isExecutableFile(atPath: copy))
        #expect(installed.output.hasPrefix("wrote \(copy) (the engines run this copy"))
        let typed = ToolRun.run([copy, "--keys", "a ´"], timeout: 60)
        #expect(typed.status == 0 && typed.output == "á\n", "the copy runs on its own: \(typed.error)")
        let settings = try String(contentsOfFile: environmentFile, encoding: .utf8)
        #expect(
            settings.contains(
                "IBUS_COMPONENT_PATH=\(IBusComponent.systemDirectory):")
                && settings.contains(home.path + "/.local/share/kbdsim/ibus/component"))
        #expect(installed.output.contains("ibus write-cache"), "the next steps are printed")
        #expect(installed.output.contains("ibus engine kbdsim:hu-touch"))

        let removed = ToolRun.run([kbdsim, "ibus", "uninstall"], environment: environment, timeout: 60)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(!FileManager.default.fileExists(atPath: component))
        #expect(!FileManager.default.fileExists(atPath: environmentFile))
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(removed.output.contains("removed \(copy)\n"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/share/kbdsim"), "kbdsim's folders go")
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/environment.d"), "not kbdsim's folder")
        #expect(removed.output.contains("removed \(home.path)/.local/share/kbdsim/\n"))
        let again = ToolRun.run([kbdsim, "ibus", "uninstall"], environment: environment, timeout: 60)
        #expect(again.status == 0 && again.output.contains("nothing to remove"))
    }

    @Test(
        "the next steps by desktop: GNOME's own daemon is never replaced, its Settings add the input source",
        arguments: [
            ("", [], false), ("GNOME", [], true), ("ubuntu:GNOME", [], true), ("KDE", [], false),
            ("", ["--component-dir", "DIR"], false), ("GNOME", ["--component-dir", "DIR"], true),
        ] as [(String, [String], Bool)])
    func nextSteps(desktop: String, options: [String], gnome: Bool) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kbdsim-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_CURRENT_DESKTOP": desktop,
        ]
        let arguments = options.map { $0 == "DIR" ? home.path + "/component" : $0 }
        let run = ToolRun.run(
            [kbdsim, "ibus", "install"] + arguments, environment: environment, timeout: 60)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("ibus-daemon --daemonize --replace") == !gnome, "\(run.output)")
        #expect(run.output.contains("in Settings → Keyboard → Input Sources, add \"") == gnome, "\(run.output)")
        #expect(run.output.contains("do not replace its daemon") == gnome)
        // Everything said is inside the steps: the last line is a step, not a remark after them.
        let lines = run.output.split(separator: "\n")
        #expect(lines.last.map { $0.hasPrefix("  ") } == true, "\(run.output)")
        if options.isEmpty {
            #expect(!run.output.contains("/.build/"), "a user's install runs its copy")
        } else if kbdsim.contains("/.build/") {
            #expect(run.output.contains(": keep it there (swift package clean removes it"), "\(run.output)")
        }
    }

    @Test("--layout adds an engine for any layout id, named in the exec; one that does not load is an error")
    func extraLayouts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kbdsim-ibus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let installed = ToolRun.run(
            [
                kbdsim, "ibus", "install", "--layout", "cldr:fr-t-k0-test", "--layout", "hu-touch",
                "--component-dir", folder.path,
            ], timeout: 60)
        #expect(installed.status == 0, "\(installed.error)")
        let xml = try String(contentsOfFile: folder.path + "/kbdsim.xml", encoding: .utf8)
        #expect(xml.contains("<name>kbdsim:cldr:fr-t-k0-test</name>"))
        #expect(xml.components(separatedBy: "<name>kbdsim:hu-touch</name>").count == 2, "one engine per id")
        #expect(xml.contains(" ibus --engine --layout 'cldr:fr-t-k0-test' --layout hu-touch</exec>"))

        let missing = ToolRun.run(
            [kbdsim, "ibus", "install", "--layout", "cldr:nonesuch", "--component-dir", folder.path],
            timeout: 60)
        #expect(missing.status == 1)
        #expect(missing.error.contains("kbdsim ibus install: error: --layout cldr:nonesuch: "), "\(missing.error)")
    }

    @Test func wrongArgumentsExit64() {
        for arguments in [
            ["ibus"], ["ibus", "frobnicate"], ["ibus", "install", "--component-dir"], ["ibus", "--engine", "x"],
            ["ibus", "install", "--layout"], ["ibus", "uninstall", "--layout", "hu-touch"],
        ] {
            let result = ToolRun.run([kbdsim] + arguments, timeout: 60)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.error.contains("usage: kbdsim ibus"), "\(arguments)")
        }
    }

    @Test func anUnwritableFolderIsAClearError() {
        let result = ToolRun.run(
            [kbdsim, "ibus", "install", "--component-dir", "/proc/kbdsim-not-here"], timeout: 60)
        #expect(result.status == 1)
        #expect(result.error.contains("/proc/kbdsim-not-here: it cannot be written ("))
        #expect(result.error.contains("; choose another --component-dir"))
    }

    @Test func theEngineWithoutADaemonSaysSoAndExits() throws {
        // IBus makes folders under HOME: give it a temporary one.
        let home = try TemporaryFolder.make("kbdsim-home")
        defer { TemporaryFolder.remove(home) }
        let result = ToolRun.run(
            [kbdsim, "ibus", "--engine"],
            environment: [
                "IBUS_ADDRESS": "unix:path=\(home.path)/no-daemon-here", "HOME": home.path, "XDG_CONFIG_HOME": "",
                "XDG_CACHE_HOME": "",
            ], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.error.contains("no IBus daemon"))
    }
}
