import Foundation
import KeyboardSimulator
import LayoutEngine

/// The non-interactive simulator: `--keys`, `--text`, or key names on standard input.
/// Prints the trace (with `--trace`) and then the text.
enum SimulatorBatch {
    static func run(_ layout: Layout, _ options: SimulatorOptions) -> ExitStatus {
        var script = KeyScript(layout: layout, backspacePolicy: options.backspace)
        var trace: [String] = []
        if let text = options.text {
            let result = script.type(text: text)
            trace = result.trace
            for (index, grapheme) in result.untypeable.enumerated() {
                printError(
                    "kbdsim: warning: \(layout.id) cannot type \(grapheme.grapheme.debugDescription) "
                        + "(at scalar \(grapheme.scalarOffset))"
                        + composingReason(layout, text, result.untypeable, index) + "; left out\n")
            }
            if let expected = UntypeableGrapheme.text(text, without: result.untypeable), script.text != expected {
                printError(Self.mismatchWarning(layout, typed: script.text, expected: expected))
            }
        } else {
            let names: String
            if let keys = options.keys {
                names = keys
            } else {
                let (bytes, error) = readStandardInput()
                guard error == 0 else {
                    printError("kbdsim: error: cannot read standard input: \(String(cString: strerror(error)))\n")
                    return .outputNotWritten
                }
                if let offset = LayoutLoader.firstInvalidUTF8Offset(bytes) {
                    let line = 1 + bytes[..<offset].lazy.filter { $0 == 0x0A }.count
                    let start = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    printError(
                        "kbdsim: error: standard input, line \(line), byte \(offset - start + 1): "
                            + String(format: "0x%02X", bytes[offset])
                            + " is not UTF-8; key names are UTF-8 text (save the file as UTF-8)\n")
                    return .usage
                }
                names = String(decoding: bytes, as: UTF8.self)
            }
            for name in KeyNames.split(names) {
                do {
                    trace += try script.press(name)
                } catch {
                    if options.trace { printOutput(trace.joined(separator: "\n") + (trace.isEmpty ? "" : "\n")) }
                    printError(
                        "kbdsim: error: unknown key \(error.name.debugDescription): \(error.reason)"
                            + (error.suggestion.map { "; did you mean \($0.debugDescription)?" } ?? "") + "\n"
                            + "valid key names here: \(error.validNames.joined(separator: " "))\n"
                            + "also: a capital letter (shift + letter), shift bksp space return, KEY:CHOICE for a long-press, "
                            + "KEY*N for N quick taps (N from 2 to \(KeyEvent.multiTapLimit)), KEY~D,D for a flick (D: n ne e se s sw w nw)\n"
                    )
                    return .usage
                }
            }
        }
        var output = ""
        if options.trace { output += trace.map { $0 + "\n" }.joined() }
        output += script.text + "\n"
        printOutput(output)
        return .success
    }

    /// Why the `index`th untypeable grapheme of `text` is, when it is the text compositions:
    /// it would make something else with the grapheme typed before it (` after "^" (the two
    /// would make "ê")`); else nothing.
    static func composingReason(
        _ layout: Layout, _ text: String, _ untypeable: [UntypeableGrapheme], _ index: Int
    ) -> String {
        let item = untypeable[index]
        guard !layout.textCompositions.isEmpty,
            let before = UntypeableGrapheme.text(
                String(String.UnicodeScalarView(text.unicodeScalars.prefix(item.scalarOffset))),
                without: Array(untypeable[..<index])),
            let previous = before.last,
            let result = layout.textCompositions[String(previous)]?[item.grapheme]
        else { return "" }
        return " after \(String(previous).debugDescription) (the two would make \(result.debugDescription))"
    }

    /// Says where the text typed differs from the text planned. Only a layout typed by
    /// another engine can do this (a peer's model is what the planner knows of it, and the
    /// peer may combine keys the model keeps apart: latn-post's `a` `e` waits for `ae/`, so
    /// the `'` after it is no accent).
    static func mismatchWarning(_ layout: Layout, typed: String, expected: String) -> String {
        let first = zip(typed, expected).prefix { $0 == $1 }.count
        func around(_ text: String) -> String {
            String(Array(text)[max(0, first - 8)..<min(text.count, first + 8)])
        }
        return "kbdsim: warning: \(layout.id) typed another text than the one planned, from character "
            + "\(first + 1): \(around(typed).debugDescription) where the text has "
            + "\(around(expected).debugDescription) (the engine that types the layout combined keys "
            + "its model keeps apart)\n"
    }

    /// All of standard input, and 0 or the errno that stopped reading it (closed, a directory).
    private static func readStandardInput() -> (bytes: [UInt8], error: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 {
                return (bytes, 0)
            } else if errno == EAGAIN {
                var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 1000)
            } else if errno != EINTR {
                return (bytes, errno)
            }
        }
    }
}
