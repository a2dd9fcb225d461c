import Foundation
import KeyboardSimulator
import LayoutEngine

/// `kbdsim [--layout ID] …`: parses the options, loads the layout, and runs the simulator
/// interactively on the terminal or, with `--keys`, `--text` or keys on standard input,
/// as a script.
enum SimulatorCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: SimulatorOptions
        do {
            options = try SimulatorOptions.parse(arguments)
        } catch {
            printError("kbdsim: error: \(error.message)\n\(SimulatorOptions.usage)\n")
            return 64
        }
        if options.help {
            printOutput(SimulatorHelp.text + "\n")
            return 0
        }
        if options.listLayouts { return listLayouts() }
        let layout: Layout
        do {
            layout = try LayoutResolver.resolve(options.layout)
        } catch {
            printError(error.description + "\n")
            let isPath = options.layout.contains("/") || options.layout.hasSuffix(".json")
            let unknownID = !isPath && error.diagnostics.allSatisfy { $0.code == .unreadableFile }
            if unknownID { printError(SimulatorOptions.usage + "\n") }
            return unknownID ? 64 : 1
        }
        let interactive = options.keys == nil && options.text == nil && isatty(STDIN_FILENO) == 1
        guard interactive else { return SimulatorBatch.run(layout, options) }
        if options.trace {
            printError(
                "kbdsim: error: '--trace' needs --keys, --text or keys on standard input\n\(SimulatorOptions.usage)\n")
            return 64
        }
        let environment = ProcessInfo.processInfo.environment
        let color = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        return SimulatorInteractive.run(layout, backspace: options.backspace, color: color)
    }

    private static func listLayouts() -> Int32 {
        var lines: [String] = []
        for id in LayoutResolver.availableIDs() {
            let name = (try? LayoutResolver.resolve(id))?.name ?? "(does not load)"
            lines.append(id.padding(toLength: max(14, id.count + 2), withPad: " ", startingAt: 0) + name)
        }
        printOutput(lines.joined(separator: "\n") + "\n")
        return 0
    }
}

/// Writes to standard output and flushes (a pipe would buffer it).
func printOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
