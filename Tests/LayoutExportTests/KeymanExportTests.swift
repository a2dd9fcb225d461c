import Foundation
import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

@testable import LayoutExport

/// The Keyman export: files, schema, KMFL compiling it and typing it as our engine does.
struct KeymanExportTests {
    static let layouts = ["hu-touch", "cs-touch", "da-touch", "hu-ios", "hu-extended"]

    @Test("the .kmn starts with a UTF-8 BOM and names the layout; the .kps names it too", arguments: layouts)
    func files(id: String) throws {
        let layout = try LayoutCatalog.load(id)
        let files = LayoutExport.keyman(layout)
        let keyboard = KeymanNames.keyboardID(id)
        #expect(files.map(\.name) == ["\(keyboard).kmn", "\(keyboard).keyman-touch-layout", "\(keyboard).kps"])
        #expect(files[0].bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(files[0].text.contains("store(&NAME) '\(layout.name)'"))
        #expect(
            files[2].text.contains("<ID>\(keyboard)</ID>")
                && files[2].text.contains("<Language ID=\"\(layout.locale)\">"))
    }

    @Test(
        "the touch layout validates against Keyman's schema",
        .enabled(
            if: PackagePaths.sharedKeymanPresent && jsonSchemaPresent, "needs ../shared/keyman and python3-jsonschema"),
        arguments: layouts)
    func schema(id: String) throws {
        let folder = try writeExport(LayoutExport.keyman(try LayoutCatalog.load(id)))
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            jsonschema.validate(json.load(open(sys.argv[2], encoding="utf-8")), schema)
            """
        let result = run(
            ToolRun.path(of: "python3")!,
            [
                "-c", script, PackagePaths.shared.appendingPathComponent("keyman/keyman-touch-layout.spec.json").path,
                folder.appendingPathComponent(KeymanNames.keyboardID(id) + ".keyman-touch-layout").path,
            ])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test(
        "the .kps is well-formed XML", .enabled(if: ToolRun.path(of: "xmllint") != nil, "needs xmllint"),
        arguments: layouts)
    func package(id: String) throws {
        let folder = try writeExport(LayoutExport.keyman(try LayoutCatalog.load(id)))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = run(
            ToolRun.path(of: "xmllint")!,
            ["--noout", folder.appendingPathComponent(KeymanNames.keyboardID(id) + ".kps").path])
        #expect(result.status == 0, "\(result.error)")
    }

    /// Key sequences on the physical keys (US characters; `A` is Shift+a, `⌫` backspace),
    /// with what our engine types.
    static let sequences: [(layout: String, keys: String, text: String)] = [
        ("hu-touch", "a ;", "á"), ("hu-touch", "o ' [", "ő"), ("hu-touch", "o ' ⌫", "o"), ("hu-touch", "A ;", "Á"),
        ("hu-touch", "b ;", "b´"), ("hu-touch", ";", "´"), ("hu-touch", "u [ ;", "ú"), ("hu-touch", "a ; ;", "á´"),
        ("hu-touch", "e ; ⌫ ⌫", ""), ("hu-touch", "G y o ' [ r", "Győr"),
        ("cs-touch", "c '", "č"), ("cs-touch", "u '", "ů"), ("cs-touch", "e ; '", "ě"), ("cs-touch", "U '", "Ů"),
        ("cs-touch", "t ' ⌫", "t"), ("cs-touch", "x '", "xˇ"),
        ("da-touch", "[ ; '", "åæø"), ("da-touch", "{ : \"", "ÅÆØ"),
    ]

    @Test(
        "KMFL compiles the .kmn and types the key sequences as our engine does",
        .enabled(if: kmflPresent, "needs kmflcomp, libkmfl-dev and cc"), arguments: sequences)
    func kmflSequences(layout id: String, keys: String, text: String) throws {
        let layout = try LayoutCatalog.load(id)
        #expect(try Self.ourEngine(layout, keys) == text)
        #expect(try KMFLKeyboard(layout).type([Self.keysyms(keys)]) == [text])
    }

    /// Types physical keys on our engine, as the simulator maps them.
    static func ourEngine(_ layout: Layout, _ keys: String) throws -> String {
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for token in keys.split(separator: " ") {
            let map = PhysicalKeyMap(layout: layout, layer: session.visibleLayer)
            let character = token.first!
            if token == "⌫" {
                buffer.apply(session.handle(.tap(try #require(map.backspace))))
            } else if character.isUppercase || "{:\"".contains(character) {
                buffer.apply(session.handle(.tap(try #require(map.shift))))
                let shifted = PhysicalKeyMap(layout: layout, layer: session.visibleLayer)
                let plain =
                    character.isLetter
                    ? Character(character.lowercased()) : XKBExport.usShifted.first { $0.value == character }!.key
                let id = try #require(shifted.key(for: character) ?? shifted.key(for: plain))
                buffer.apply(session.handle(.tap(id)))
            } else {
                buffer.apply(session.handle(.tap(try #require(map.key(for: character)))))
            }
        }
        return buffer.text
    }

    /// X keysyms and Shift states for physical key tokens.
    static func keysyms(_ keys: String) -> String {
        keys.split(separator: " ").map { token -> String in
            if token == "⌫" { return "ff08" }
            let character = token.first!
            let shifted = character.isUppercase || "{:\"".contains(character)
            return String(character.unicodeScalars.first!.value, radix: 16) + (shifted ? ":1" : "")
        }.joined(separator: " ")
    }
}

/// An exported layout compiled by kmflcomp and run by libkmfl (`Fixtures/kmfl_run.c`).
struct KMFLKeyboard {
    let compiled: String
    let folder: URL

    init(_ layout: Layout) throws {
        folder = try writeExport(LayoutExport.keyman(layout))
        let source = folder.appendingPathComponent(KeymanNames.keyboardID(layout.id) + ".kmn").path
        let result = run(ToolRun.path(of: "kmflcomp")!, [source])
        #expect(result.status == 0, "kmflcomp: \(result.output) \(result.error)")
        #expect(!result.output.contains("Warning") && !result.error.contains("Warning"), "\(result.error)")
        compiled = String(source.dropLast(4)) + ".kmfl"
    }

    /// Types each sequence (a line of `KEYSYM[:STATE]` in hex) from an empty text.
    func type(_ sequences: [String]) throws -> [String] {
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try #require(kmflRunner)
        let result = run(runner, [compiled], input: sequences.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
