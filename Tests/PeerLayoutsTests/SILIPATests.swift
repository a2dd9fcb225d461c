import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

/// SIL IPA's postfix rules, read from its `.kmn` source, run through Keyman Core on text the
/// host already holds: a third engine where a key after the letter changes the letter
/// before the caret (`n >` → ŋ), as our accent keys do (and latn-post does not).
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent, "needs ../shared/keyman/kmx/sil_ipa.kmx and .kmn"))
struct SILIPATests {
    /// The items of `store(NAME)` in a `.kmn` file: quoted strings give one item per
    /// character, `U+XXXX` one item; `c` starts a comment; `\` continues the line.
    static func store(_ name: String, in source: String) -> [String] {
        var items: [String] = []
        var inStore = false
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine.trimmingCharacters(in: .whitespaces))
            if !inStore {
                guard line.hasPrefix("store(\(name))") else { continue }
                line = line.dropFirst("store(\(name))".count)
                inStore = true
            }
            var continues = false
            var rest = line
            while let first = rest.first {
                if first == " " || first == "\t" {
                    rest = rest.dropFirst()
                } else if first == "\"" {
                    let body = rest.dropFirst().prefix { $0 != "\"" }
                    items += body.map(String.init)
                    rest = rest.dropFirst(body.count + 2)
                } else if rest.hasPrefix("U+") {
                    let hex = rest.dropFirst(2).prefix { $0.isHexDigit }
                    items.append(String(Unicode.Scalar(UInt32(hex, radix: 16)!)!))
                    rest = rest.dropFirst(2 + hex.count)
                } else if first == "\\" {
                    continues = true
                    rest = rest.dropFirst()
                } else {
                    break  // a comment (`c …`) or the end
                }
            }
            if !continues { break }
        }
        return items
    }

    @Test("sil_ipa.kmn's = > < rules change the committed letter before the caret", arguments: ["=", ">", "<"])
    func postfixOnCommittedText(key: String) throws {
        let layout = try #require(Peers.silIPA)
        let source = try String(
            contentsOf: PackagePaths.shared.appendingPathComponent("keyman/kmx/sil_ipa.kmn"), encoding: .utf8)
        let name = ["=": "equal", ">": "great", "<": "less"][key]!
        let before = Self.store(name + "D", in: source)
        let after = Self.store(name + "U", in: source)
        #expect(before.count == after.count && before.count > 20)
        for (letter, result) in zip(before, after) {
            #expect(typeLabels(layout, [key], context: "x" + letter) == "x" + result, "\(letter) \(key)")
        }
    }
}
