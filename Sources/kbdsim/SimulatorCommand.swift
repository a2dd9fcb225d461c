import Foundation
import KeyboardSimulator
import LayoutEngine
import LayoutSources
import PeerLayouts
import Synchronization
import XKBLayouts

/// `kbdsim [--layout ID] …`: parses the options, loads the layout, and runs the simulator
/// interactively on the terminal or, with `--keys`, `--text` or keys on standard input,
/// as a script.
enum SimulatorCommand: ParsableCommand {
    /// Runs the simulator with `options`.
    static func run(_ options: SimulatorOptions) -> ExitStatus {
        if options.listLayouts { return listLayouts() }
        let layout: Layout
        do {
            layout = try LayoutResolver.resolve(options.layout).with(options.geometry)
        } catch {
            printError(error.description + "\n")
            let unknownID = error.diagnostics.contains { $0.code == .unknownLayout }
            if unknownID { printError(usage + "\n") }
            return unknownID ? .usage : .failure
        }
        if options.backspace != nil, let peer = layout.peer {
            printError(
                "kbdsim: warning: \(layout.id) is typed by \(peer.engineName), which deletes as the keyboard says; "
                    + "--backspace is not used\n")
        }
        var physical = PhysicalLayout.us
        if let id = options.physical {
            do {
                physical = PhysicalLayout(id: id, hardware: try XKBLayouts.load(id).layout)
            } catch {
                return usageFailure("--physical \(id): \(error.description)")
            }
        }
        let interactive = options.keys == nil && options.text == nil && isatty(STDIN_FILENO) == 1
        guard interactive else { return SimulatorBatch.run(layout, options) }
        if options.trace {
            return usageFailure("'--trace' needs --keys, --text or keys on standard input")
        }
        let environment = ProcessInfo.processInfo.environment
        let color = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        return SimulatorInteractive.run(layout, backspace: options.backspace, color: color, physical: physical)
    }

    /// The layouts with ids of their own, names aligned, then the kinds of id that name any
    /// number of layouts (every XKB layout, every installed m17n input method, files).
    private static func listLayouts() -> ExitStatus {
        let ids = LayoutResolver.availableIDs()
        let width = (ids.map(\.count).max() ?? 0) + 2
        var lines: [String] = []
        for id in ids {
            let name = (try? LayoutResolver.resolve(id))?.name ?? "(does not load)"
            lines.append(id.padding(toLength: max(14, width), withPad: " ", startingAt: 0) + name)
        }
        let m17n = PeerLayouts.availableIDs()
        lines += [
            "",
            "Also:",
            "  xkb:LAYOUT(VARIANT)  any XKB layout of xkeyboard-config (xkb:de, xkb:us(intl))",
            m17n.isEmpty
                ? "  m17n:NAME            an m17n input method (none installed: Debian m17n-db)"
                : "  m17n:NAME            any of the \(m17n.count) installed m17n input methods ("
                    + m17n.filter { ["m17n:latn-post", "m17n:cs-kbd", "m17n:hu-rfc1345"].contains($0) }
                    .joined(separator: ", ") + ", …)",
            "  kmx:FILE.kmx         a compiled Keyman keyboard",
            "  FILE.json, FILE.xml  a layout file, or a CLDR keyboard3 file",
        ]
        printOutput(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
