import LayoutEngine
import Testing
import XKBLayouts

/// Texts longer than the input method's old 64-byte buffer: a Compose result may be up to
/// 255 bytes (libxkbcommon's limit), a key level may hold several keysyms.
struct LongTextTests {
    /// 100 bytes: `é` × 50.
    static let long = String(repeating: "é", count: 50)

    static func inputMethod(compose composeText: String) throws -> (XKBInputMethod, XKBKeymap, XKBComposeTable) {
        let context = try XKBContext(includePaths: [])
        let keymap = try XKBKeymap(string: Fixtures.text("mini-hu.xkb"), source: "mini-hu.xkb", context: context)
        let table = try XKBComposeTable(buffer: composeText, source: "long.Compose", context: context)
        return (try XKBInputMethod(keymap: keymap, compose: table), keymap, table)
    }

    @Test("a Compose result of 100 bytes is typed whole (it read past the 64-byte buffer)")
    func longComposeResult() throws {
        let (method, keymap, _) = try Self.inputMethod(compose: "<dead_acute> <a> : \"\(Self.long)\"\n")
        let deadAcute = try #require(keymap.keycode(named: "AD12"))
        let a = try #require(keymap.keycode(named: "AC01"))
        let text = method.text(of: [
            XKBKeyAction(keycode: deadAcute, kind: .type), XKBKeyAction(keycode: a, kind: .type),
        ])
        #expect(text == Self.long)
    }

    @Test("perform into a 64-byte buffer says 63 bytes for a 100-byte result, not 100")
    func cutToTheBuffer() throws {
        let (method, keymap, _) = try Self.inputMethod(compose: "<dead_acute> <a> : \"\(Self.long)\"\n")
        let deadAcute = try #require(keymap.keycode(named: "AD12"))
        let a = try #require(keymap.keycode(named: "AC01"))
        var buffer = [CChar](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { buffer in
            _ = method.perform(XKBKeyAction(keycode: deadAcute, kind: .type), into: buffer.baseAddress!)
            return method.perform(XKBKeyAction(keycode: a, kind: .type), into: buffer.baseAddress!)
        }
        #expect(length == 63)
    }

    @Test("a dead key's composition of 100 bytes is imported whole, not cut at 63 bytes")
    func longImportedComposition() throws {
        let (_, keymap, table) = try Self.inputMethod(compose: "<dead_acute> <a> : \"\(Self.long)\"\n")
        let imported = try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: table, id: "xkb:mini", name: "mini", locale: "hu", description: "")
        let acute = try #require(imported.layout.deadKeys.first { $0.name == "dead_acute" })
        #expect(acute.compositions["a"] == Self.long)
    }
}
