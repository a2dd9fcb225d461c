import Foundation
import KeyboardSimulator
import LayoutEngine

/// The non-interactive simulator: `--keys`, `--text`, or key names on standard input.
/// Prints the trace (with `--trace`) and then the text.
enum SimulatorBatch {
    static func run(_ layout: Layout, _ options: SimulatorOptions) -> Int32 {
        var script = KeyScript(layout: layout, backspacePolicy: options.backspace)
        var trace: [String] = []
        if let text = options.text {
            let result = script.type(text: text)
            trace = result.trace
            for grapheme in result.untypeable {
                printError(
                    "kbdsim: warning: \(layout.id) cannot type \(grapheme.grapheme.debugDescription) "
                        + "(at scalar \(grapheme.scalarOffset)); left out\n")
            }
        } else {
            let names: String
            if let keys = options.keys {
                names = keys
            } else {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                names = String(decoding: data, as: UTF8.self)
            }
            for name in names.split(whereSeparator: \.isWhitespace) {
                do {
                    trace += try script.press(String(name))
                } catch {
                    if options.trace { printOutput(trace.joined(separator: "\n") + (trace.isEmpty ? "" : "\n")) }
                    printError(
                        "kbdsim: error: unknown key \(error.name.debugDescription): \(error.reason)\n"
                            + "valid key names here: \(error.validNames.joined(separator: " "))\n"
                            + "also: a capital letter (shift + letter), shift bksp space return, KEY:CHOICE for a long-press\n"
                    )
                    return 64
                }
            }
        }
        var output = ""
        if options.trace { output += trace.map { $0 + "\n" }.joined() }
        output += script.text + "\n"
        printOutput(output)
        return 0
    }
}
