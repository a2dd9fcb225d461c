import Foundation

// kbdsim: the terminal on-screen keyboard simulator (`kbdsim --layout hu-touch`), the
// typing-efficiency comparison (`kbdsim compare …`) and its optimizer, exports, the IBus
// engine and the CLDR test runner. The work is in the libraries; this executable parses
// options and talks to the terminal.

StandardOutput.reserveClosedStreams()
if let (index, offset, byte) = UTF8Check.firstInvalidArgument() {
    printError(
        "kbdsim: error: argument \(index) is not UTF-8 (byte \(offset + 1) is "
            + String(format: "0x%02X", byte) + "); kbdsim takes UTF-8 text and paths\n")
    exit(64)
}
let arguments: [String]
do {
    arguments = try LayoutsDirectoryOption.apply(to: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("kbdsim: error: \(error.message)\n")
    exit(64)
}
// The subcommands; anything else is the simulator's own options.
let subcommands: [String: ([String]) -> Int32] = [
    "compare": CompareCommand.run,
    "export": ExportCommand.run,
    "ibus": IBusCommand.run,
    "optimize": OptimizeCommand.run,
    "test-keyboard": TestKeyboardCommand.run,
]
if let first = arguments.first, let run = subcommands[first] {
    exit(StandardOutput.status(run(Array(arguments.dropFirst())), command: "kbdsim \(first)"))
}
exit(SimulatorCommand.run(arguments))
