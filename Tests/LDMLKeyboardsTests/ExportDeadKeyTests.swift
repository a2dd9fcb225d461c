import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import TestSupport
import Testing

/// Hardware layouts with dead keys written as keyboard3 XML: each dead key a marker key,
/// transforms for its compositions, its symbol and another dead key after it, a backspace
/// transform that cancels it; typing exactly like the layout's own session.
@Suite("LDML export of dead keys")
struct ExportDeadKeyTests {
    @Test("valid against CLDR's DTD, with a marker key and transforms per dead key", arguments: ["xkb:cz", "xkb:dk"])
    func valid(_ id: String) throws {
        let (layout, export, _) = try ExportTests.exported(id)
        #expect(!layout.deadKeys.isEmpty)
        for index in layout.deadKeys.indices {
            #expect(export.xml.contains("output=\"\\m{dead\(index)}\""), "\(id): dead key \(index)")
        }
        #expect(export.xml.contains("<transforms type=\"backspace\">"))
        guard let (status, message) = try ExportTests.dtdCheck(export.xml, name: "dead") else { return }
        #expect(status == 0, "\(id): \(message)")
    }

    @Test(
        "every sequence of three presses over dead keys, letters, space and backspace types the same",
        arguments: ["xkb:cz", "xkb:dk"])
    func keySequenceTable(_ id: String) throws {
        let (layout, export, keyboard) = try ExportTests.exported(id)
        let base = layout.layers[layout.baseLayer].rows.flatMap { $0 }
        let letters: Set<String> = ["a", "e", "o", "u", "n", "d", "x"]
        let keys = base.filter { key in
            switch layout.keys[key.rawValue].action {
            case .deadKey, .space, .backspace: true
            case .text(let text): letters.contains(text)
            default: false
            }
        }
        #expect(keys.filter { if case .deadKey = layout.keys[$0.rawValue].action { true } else { false } }.count >= 2)
        ExportTests.checkEverySequence(of: keys, id, (layout, export, keyboard))
    }

    @Test("cldr:bn's marker keys, exported as dead keys, make their pairs (more, then au-lengthener: আ) the same")
    func markerPairs() throws {
        let layout = try LDMLLoader.shipped("bn").layout(id: "cldr:bn", hardware: true)
        let export = LDMLExporter.export(layout)
        let result = LDMLLoader.read(data: Data(export.xml.utf8), file: "bn.xml")
        let keyboard = try #require(result.keyboard, "\(result.diagnostics)")
        let more = try #require(layout.deadKeys.first { $0.name == "ldml.more" })
        #expect(more.afterDeadKeys["ldml.au-lengthener"] == "আ")
        let wanted: Set<String> = ["more", "au-lengthener", "vis-hasant", "ā", "e", "ka"]
        let keys = layout.keys.indices.filter { wanted.contains(layout.keys[$0].id) }.map(KeyID.init)
        #expect(keys.count == wanted.count, "\(keys.map { layout.keys[$0.rawValue].id })")
        ExportTests.checkEverySequence(of: keys, "cldr:bn", (layout, export, keyboard))
        let pair = try ["more", "au-lengthener"].map { id in
            KeyEvent.tap(KeyID(try #require(layout.keys.firstIndex { $0.id == id })))
        }
        #expect(ExportTests.replay(pair, layout: layout, export: export, keyboard: keyboard) == ("আ", "আ"))
        guard let (status, message) = try ExportTests.dtdCheck(export.xml, name: "bn") else { return }
        #expect(status == 0, "cldr:bn: \(message)")
    }

    @Test(
        "planned Czech sentences type the same on the export of xkb:cz (60 spread lines)",
        .enabled(
            if: SharedCorpora.path("cs.txt") != nil,
            "needs ../shared/corpora"))
    func corpus() throws {
        let (layout, export, keyboard) = try ExportTests.exported("xkb:cz")
        let corpus = SharedCorpora.directory + "/cs.txt"
        let lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")
        let planner = KeystrokePlanner(layout: layout)
        var checked = 0
        var deadKeyPresses = 0
        for (number, line) in lines.enumerated() where number % max(1, lines.count / 60) == 0 {
            let plan = planner.plan(String(line))
            deadKeyPresses +=
                plan.events.filter {
                    if case .deadKey = layout.keys[$0.key.rawValue].action { true } else { false }
                }.count
            let (own, ldml) = ExportTests.replay(plan.events, layout: layout, export: export, keyboard: keyboard)
            #expect(own == ldml, "line \(number + 1): \(line)")
            if own != ldml { break }
            checked += 1
        }
        #expect(checked > 30 && deadKeyPresses > 10, "\(checked) lines, \(deadKeyPresses) dead keys")
    }
}
