import Foundation

// kbdsim: the terminal on-screen keyboard simulator (`kbdsim --layout hu-touch`) and the
// typing-efficiency comparison (`kbdsim compare …`). The work is in the libraries; this
// executable parses options and talks to the terminal.

let arguments: [String]
do {
    arguments = try LayoutsDirectoryOption.apply(to: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("kbdsim: error: \(error.message)\n".utf8))
    exit(64)
}
if arguments.first == "optimize" {
    exit(OptimizeCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == "compare" {
    exit(CompareCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == "export" { exit(ExportCommand.run(Array(arguments.dropFirst()))) }
if arguments.first == "ibus" { exit(IBusCommand.run(Array(arguments.dropFirst()))) }
exit(SimulatorCommand.run(arguments))
