import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport

extension FuzzChecks {
    /// A layout, its keyboard3 export and the export loaded back.
    struct ExportedLayout {
        let layout: Layout
        let export: LDMLExporter.Export
        let keyboard: LDMLKeyboard
    }

    /// The shipped layouts exported and loaded back, once a process.
    static let shippedExports: [Result<ExportedLayout, LDMLLoadError>] = layouts.map { exportAndLoad($0) }

    static func exportAndLoad(_ layout: Layout) -> Result<ExportedLayout, LDMLLoadError> {
        let export = LDMLExporter.export(layout)
        let result = LDMLLoader.read(data: Data(export.xml.utf8), file: "\(layout.id).xml")
        guard let keyboard = result.keyboard else { return .failure(LDMLLoadError(diagnostics: result.diagnostics)) }
        return .success(ExportedLayout(layout: layout, export: export, keyboard: keyboard))
    }

    /// A layout exported as keyboard3 (`LDMLExporter`), loaded back (`LDMLLoader`), and typed
    /// on both forms: the same text. The first byte below 0x80 picks a shipped layout (its
    /// export made once a process); otherwise the bytes up to the first NUL are a layout
    /// file, which, when it loads, is exported and must load back. The rest are key events,
    /// two bytes each: a key (its index), and a tap or a long press with an alternate.
    public static func ldmlExport(_ input: [UInt8]) -> [String] {
        guard let first = input.first, !layouts.isEmpty else { return [] }
        var events = input.dropFirst()
        let exported: ExportedLayout
        if first < 0x80 {
            switch shippedExports[Int(first) % shippedExports.count] {
            case .success(let shipped): exported = shipped
            case .failure(let error): return ["a shipped layout's export does not load: \(error.diagnostics)"]
            }
        } else {
            let file = events.prefix { $0 != 0 }
            events = events.dropFirst(file.count + 1)
            guard let layout = LayoutLoader.read(bytes: Array(file), file: "fuzz.json", expectedID: nil).layout else {
                return []
            }
            switch exportAndLoad(layout) {
            case .success(let made): exported = made
            case .failure(let error): return ["the export of a layout that loads does not load: \(error.diagnostics)"]
            }
        }
        let layout = exported.layout
        guard !layout.keys.isEmpty else { return [] }
        var own = TypingSession(layout: layout)
        var ldml = LDMLSession(keyboard: exported.keyboard)
        var ownHost = TextBuffer()
        var ldmlHost = TextBuffer()
        var typed: [(key: Key, alternate: Int?)] = []
        // Both hosts' first `agreed` scalars are known equal: an edit changes only a text's
        // end, so each event compares only from there on.
        var agreed = 0
        while let byte = events.popFirst() {
            let gesture = events.popFirst() ?? 0
            let keyID = KeyID(Int(byte) % layout.keys.count)
            let key = layout.keys[keyID.rawValue]
            let alternate = gesture < 0xC0 || key.longPress.isEmpty ? nil : Int(gesture) % key.longPress.count
            let event: KeyEvent = alternate.map { .longPress(keyID, alternate: $0) } ?? .tap(keyID)
            typed.append((key, alternate))
            let ownEdit = own.handle(event)
            agreed = min(agreed, ownHost.scalars.count - min(ownEdit.deleteCount, ownHost.scalars.count))
            ownHost.apply(ownEdit)
            let ldmlEdit: Edit? =
                if key.action == .backspace {
                    ldml.backspace()
                } else if let id = exported.export.keyIDs[keyID.rawValue] {
                    ldml.press(id: id, gesture: alternate.map { .longPress($0 + 1) } ?? .tap)
                } else {
                    nil
                }
            if let ldmlEdit {
                agreed = min(agreed, ldmlHost.scalars.count - min(ldmlEdit.deleteCount, ldmlHost.scalars.count))
                ldmlHost.apply(ldmlEdit)
            }
            let ownScalars = ownHost.scalars
            let ldmlScalars = ldmlHost.scalars
            while agreed < ownScalars.count, agreed < ldmlScalars.count, ownScalars[agreed] == ldmlScalars[agreed] {
                agreed += 1
            }
            // Equal scalars are equal texts; only unequal ones need the (canonical) comparison
            // of the texts, which rebuilds both strings.
            let same = agreed == ownScalars.count && agreed == ldmlScalars.count
            if !same && ownHost.text != ldmlHost.text {
                let keys = typed.map { $0.key.label + ($0.alternate.map { " (\($0))" } ?? "") }
                return [
                    "\(layout.id): after \(keys) the layout typed \(ownHost.text.debugDescription), "
                        + "its export \(ldmlHost.text.debugDescription)"
                ]
            }
        }
        return []
    }
}
