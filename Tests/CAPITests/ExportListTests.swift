import Foundation
import Testing

/// The header and the exports agree: every function `postfix_keyboard.h` declares is defined
/// once, by a `public` `@_cdecl` function of `KeyboardEngineC` or in `CPostfixKeyboard`'s C.
///
/// `public` matters: a debug build exports internal functions too, but a release build
/// (`swift build -c release --product postfix-keyboard`) leaves them out of the library.
@Suite struct ExportListTests {
    static let sources = CAPITests.root.appendingPathComponent("Sources")

    /// The `pk_` functions the header declares.
    static func declared() throws -> Set<String> {
        let header = try String(
            contentsOf: sources.appendingPathComponent("CPostfixKeyboard/include/postfix_keyboard.h"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"^(?:const )?[a-z_0-9]+ \*?(pk_[a-z_0-9]+)\("#, options: .anchorsMatchLines)
        return Set(matches(of: pattern, in: header))
    }

    /// The `(name, line)` of every `@_cdecl` in KeyboardEngineC, with the line that follows it.
    static func cdecls() throws -> [(name: String, declaration: String)] {
        let folder = sources.appendingPathComponent("KeyboardEngineC")
        var found: [(String, String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.hasPrefix("@_cdecl(\"") {
                let name = line.dropFirst("@_cdecl(\"".count).prefix { $0 != "\"" }
                found.append((String(name), index + 1 < lines.count ? String(lines[index + 1]) : ""))
            }
        }
        return found
    }

    /// The functions CPostfixKeyboard's C files define.
    static func definedInC() throws -> Set<String> {
        let folder = sources.appendingPathComponent("CPostfixKeyboard")
        let pattern = try NSRegularExpression(
            pattern: #"^(?:const )?[a-z_0-9]+ \*?(pk_[a-z_0-9]+)\([^;]*\{"#, options: .anchorsMatchLines)
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".c") {
            names.formUnion(
                matches(of: pattern, in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }
        return names
    }

    static func matches(of pattern: NSRegularExpression, in text: String) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("every function of the header is defined once, and every @_cdecl function is public")
    func headerMatchesExports() throws {
        let declared = try Self.declared()
        let cdecls = try Self.cdecls()
        let inC = try Self.definedInC()
        let defined = cdecls.map(\.name) + inC
        #expect(declared.count >= 25)
        #expect(
            Set(defined) == declared,
            "declared, not defined: \(declared.subtracting(defined)); defined, not declared: \(Set(defined).subtracting(declared))"
        )
        #expect(defined.count == Set(defined).count, "defined twice: \(defined)")
        for (name, declaration) in cdecls {
            #expect(declaration.hasPrefix("public func "), "\(name): \(declaration)")
        }
    }
}
