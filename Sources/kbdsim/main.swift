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
    exit(ExitStatus.usage.code)
}
let arguments: [String]
do {
    arguments = try LayoutsDirectoryOption.apply(to: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("kbdsim: error: \(error.message)\n")
    exit(ExitStatus.usage.code)
}
// The subcommands; anything else is the simulator's own options.
let subcommands: [any ParsableCommand.Type] = [
    CalibrateCommand.self, CompareCommand.self, ExportCommand.self, Fcitx5Command.self, IBusCommand.self,
    OptimizeCommand.self,
    TestKeyboardCommand.self,
]
if let first = arguments.first, let command = subcommands.first(where: { $0.configuration.commandName == first }) {
    exit(command.main(Array(arguments.dropFirst())).code)
}
exit(SimulatorCommand.main(arguments).code)
