import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// The layout loader's libFuzzer dictionary (Fuzz/Dictionaries/FuzzLayoutLoader.dict, passed
/// by Fuzz/run.sh with -dict): well formed, and holding every name of the format and the
/// numbers at the edges, so that a field added to the format is fuzzed with its name.
@Suite("Fuzz dictionary of the layout loader")
struct FuzzDictionaryTests {
    static let path = PackagePaths.root.appendingPathComponent("Fuzz/Dictionaries/FuzzLayoutLoader.dict").path

    /// The entries' values, unescaped as libFuzzer reads them (`\\`, `\"`, `\xNN`); a
    /// malformed line is recorded as an issue with its number.
    static func values() throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var values: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "="), trimmed.hasSuffix("\""), trimmed.count >= 3,
                trimmed[trimmed.index(after: equals)] == "\"",
                trimmed[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                Issue.record("line \(number + 1) is not name=\"value\": \(trimmed)")
                continue
            }
            var value = ""
            var scalars = Array(trimmed[trimmed.index(equals, offsetBy: 2)...].dropLast().unicodeScalars)
            while !scalars.isEmpty {
                let scalar = scalars.removeFirst()
                if scalar == "\"" { Issue.record("line \(number + 1): an unescaped quote") }
                guard scalar == "\\" else {
                    value.unicodeScalars.append(scalar)
                    continue
                }
                guard let next = scalars.first else {
                    Issue.record("line \(number + 1): a backslash at the end")
                    break
                }
                scalars.removeFirst()
                if next == "\\" || next == "\"" {
                    value.unicodeScalars.append(next)
                } else if next == "x", scalars.count >= 2,
                    let byte = UInt8(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16)
                {
                    value.unicodeScalars.append(Unicode.Scalar(byte))
                    scalars.removeFirst(2)
                } else {
                    Issue.record("line \(number + 1): an escape libFuzzer does not read: \\\(next)")
                }
            }
            values.append(value)
        }
        return values
    }

    @Test("every field name of the format is an entry, as \"name\":")
    func fieldNames() throws {
        let values = Set(try Self.values())
        for field in LayoutFields.all {
            #expect(values.contains("\"\(field)\":"), "no entry \"\\\"\(field)\\\":\"")
        }
    }

    @Test("every named value of the format is an entry, quoted")
    func namedValues() throws {
        let values = Set(try Self.values())
        let names =
            AccentName.allCases.map(\.rawValue) + LayoutDecoder.actionNames + Platform.allCases.map(\.rawValue)
            + BackspacePolicy.allCases.map(\.rawValue) + SecondAccentPolicy.allCases.map(\.rawValue)
            + KeyShape.allCases.map(\.rawValue)
        for name in names {
            #expect(values.contains("\"\(name)\""), "no entry \"\\\"\(name)\\\"\"")
        }
    }

    @Test("numbers at the edges: past Int and Double, tiny, negative, not finite, 68 digits")
    func edgeNumbers() throws {
        let numbers = try Self.values().filter {
            $0.first.map { $0.isNumber || $0 == "-" || $0 == "N" || $0 == "I" } == true
        }
        let doubles = numbers.compactMap(Double.init)
        #expect(doubles.contains { $0.isFinite && $0 > Double(Int.max) })
        #expect(doubles.contains { $0.isInfinite })  // 1e400: beyond what a double holds
        #expect(doubles.contains { $0 > 0 && $0 < 1e-300 })
        #expect(doubles.contains { $0 < 0 })
        #expect(doubles.contains { $0 == 0 && $0.sign == .minus })
        #expect(numbers.contains("NaN") && numbers.contains("Infinity"))
        #expect(numbers.contains { $0.count >= 68 && $0.allSatisfy(\.isNumber) })
    }
}
