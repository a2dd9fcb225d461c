import Foundation
import KeyboardSimulator
import LayoutEngine
import LayoutSources
import PeerLayouts
import Synchronization

/// `kbdsim [--layout ID] …`: parses the options, loads the layout, and runs the simulator
/// interactively on the terminal or, with `--keys`, `--text` or keys on standard input,
/// as a script.
enum SimulatorCommand {
    /// Runs the command; 74 when it would have succeeded but its output could not be written
    /// (standard output closed, or a broken pipe with SIGPIPE ignored).
    static func run(_ arguments: [String]) -> Int32 {
        let status = execute(arguments)
        let error = outputError.load(ordering: .relaxed)
        guard status == 0, error != 0 else { return status }
        printError("kbdsim: error: cannot write standard output: \(String(cString: strerror(error)))\n")
        return 74
    }

    private static func execute(_ arguments: [String]) -> Int32 {
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
            layout = try LayoutResolver.resolve(options.layout).with(options.geometry)
        } catch {
            printError(error.description + "\n")
            let unknownID = error.diagnostics.contains { $0.code == .unknownLayout }
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

    /// The layouts with ids of their own, names aligned, then the kinds of id that name any
    /// number of layouts (every XKB layout, every installed m17n input method, files).
    private static func listLayouts() -> Int32 {
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
        return 0
    }
}

/// The errno of the first write to standard output that failed, 0 while none has.
private let outputError = Atomic<Int32>(0)

/// Writes to standard output, unbuffered (a pipe would buffer it). A failed write is
/// remembered, not fatal: `SimulatorCommand.run` then exits 74. (A closed pipe with SIGPIPE at
/// its default action ends the process silently, as it does `cat`.)
func printOutput(_ text: String) {
    let error = writeAll(STDOUT_FILENO, text)
    if error != 0 { _ = outputError.compareExchange(expected: 0, desired: error, ordering: .relaxed) }
}

/// Writes to standard error; nothing to be done if that fails.
func printError(_ text: String) {
    _ = writeAll(STDERR_FILENO, text)
}

/// Writes all of `text` to `fd`, retrying after signals; returns 0, or the errno that stopped it.
private func writeAll(_ fd: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1000)
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return 0
    }
}
