import Foundation
import LDMLKeyboards
import LayoutEngine
import Testing

/// Keyman's keyboards carry hardware key tests in a comment (`@@keys: [SHIFT K_B][K_O]…`,
/// `@@expected: …`); these run them on the hardware layers: scan codes from the form,
/// layers chosen by exact modifier matching, a key off the layer doing nothing, and a
/// frame key (Enter) resetting the context and the text.
@Suite("Keyman's embedded hardware key tests")
struct KeymanEmbeddedTests {
    /// Scan codes (set 1) of Windows virtual key names on a US keyboard.
    static let scanCodes: [String: UInt8] = {
        var codes: [String: UInt8] = [
            "K_BKQUOTE": 0x29, "K_HYPHEN": 0x0C, "K_EQUAL": 0x0D, "K_LBRKT": 0x1A, "K_RBRKT": 0x1B,
            "K_BKSLASH": 0x2B, "K_COLON": 0x27, "K_QUOTE": 0x28, "K_COMMA": 0x33, "K_PERIOD": 0x34,
            "K_SLASH": 0x35, "K_SPACE": 0x39, "K_oE2": 0x56,
        ]
        for (offset, digit) in "1234567890".enumerated() { codes["K_\(digit)"] = UInt8(0x02 + offset) }
        for (row, start) in [("QWERTYUIOP", 0x10), ("ASDFGHJKL", 0x1E), ("ZXCVBNM", 0x2C)] {
            for (offset, letter) in row.enumerated() { codes["K_\(letter)"] = UInt8(start + offset) }
        }
        return codes
    }()

    static let modifiers: [String: LDMLModifiers] = [
        "SHIFT": .shift, "CAPS": .caps, "LALT": .altL, "RALT": .altR, "LCTRL": .ctrlL, "RCTRL": .ctrlR,
    ]

    /// The `(keys, expected)` pairs of a keyboard file.
    static func cases(in path: String) throws -> [(keys: String, expected: String)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var result: [(String, String)] = []
        var keys: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@@keys:") { keys = String(trimmed.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
            if trimmed.hasPrefix("@@expected:"), let pending = keys {
                let expected = String(trimmed.dropFirst(11)).trimmingCharacters(in: .whitespaces)
                result.append((pending, expected))
                keys = nil
            }
        }
        return result
    }

    @Test(
        "every @@keys test of Keyman's keyboards types its expected text",
        .enabled(if: TestFiles.sharedDataPresent, Comment(rawValue: TestFiles.sharedAbsent)))
    func embeddedKeyTests() throws {
        let folder = TestFiles.shared + "/keyman-tests/keyboards"
        var count = 0
        for path in TestFiles.files(in: folder) where !path.hasSuffix("-test.xml") {
            let tests = try Self.cases(in: path)
            guard !tests.isEmpty else { continue }
            let keyboard = try LDMLLoader.load(contentsOf: path)
            var session = LDMLSession(keyboard: keyboard, hardware: true)
            var host = TextBuffer()
            for (keys, expected) in tests {
                count += 1
                for stroke in keys.split(separator: "]").map({
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "[ "))
                })
                where !stroke.isEmpty {
                    let words = stroke.split(separator: " ").map(String.init)
                    let held = words.dropLast().reduce(into: LDMLModifiers()) { $0.formUnion(Self.modifiers[$1] ?? []) }
                    switch words.last {
                    case "K_BKSP": host.apply(session.backspace())
                    case "K_ENTER":
                        session.setContext("")
                        host = TextBuffer()
                    case let name?:
                        let code = try #require(Self.scanCodes[name], "\(path): unknown key \(name)")
                        host.apply(session.pressHardware(scanCode: code, modifiers: held))
                    case nil: break
                    }
                }
                let wanted = KeyboardTestFile.unescape(expected).precomposedStringWithCanonicalMapping
                #expect(host.text == wanted, "\(path): \(keys)")
                #expect(
                    host.scalars.elementsEqual(session.text.unicodeScalars),
                    "\(path): the host's text differs from the session's")
            }
        }
        #expect(count >= 17)
    }
}
