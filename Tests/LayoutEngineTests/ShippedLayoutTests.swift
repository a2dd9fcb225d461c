import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Every file in `Layouts/`.
struct ShippedLayoutTests {
    @Test("the five layouts of the proposal and its baselines are shipped")
    func shippedSet() {
        #expect(Set(Shipped.ids).isSuperset(of: ["cs-touch", "da-touch", "hu-touch", "hu-ios", "hu-extended"]))
    }

    @Test("loads with no diagnostic, id = file name", arguments: Shipped.ids)
    func loadsCleanly(_ id: String) throws {
        let result = LayoutLoader.read(path: Shipped.sourcePath(id))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let layout = try #require(result.layout)
        #expect(layout.id == id)
        #expect(layout.layers[layout.baseLayer].id == "base")
        for layerID in ["numbers", "symbols"] {
            #expect(layout.layerIndex(layerID) != nil, "\(id) has a \(layerID) layer")
        }
    }

    @Test("rows fit the keyboard and keys do not overlap", arguments: Shipped.ids)
    func geometry(_ id: String) {
        let layout = Shipped.layout(id)
        for layer in layout.layers {
            for row in layer.rows {
                var right = 0.0
                for keyID in row {
                    let key = layout.keys[keyID.rawValue]
                    #expect(key.x >= right - 1e-9, "\(id) \(layer.id): \(key.id) overlaps the key before it")
                    right = key.x + key.width
                }
                #expect(right <= layout.geometry.unitsPerRow + 1e-9)
            }
        }
    }

    @Test("its language's letters, digits and punctuation are plannable and replay", arguments: Shipped.ids)
    func repertoire(_ id: String) {
        let layout = Shipped.layout(id)
        let text = Repertoire.all(layout.locale)
        let plan = KeystrokePlanner(layout: layout).plan(text)
        #expect(plan.untypeable.isEmpty, "\(id) cannot type \(plan.untypeable.map(\.grapheme))")
        #expect(replay(plan.events, on: layout) == text)
    }

    @Test("11-key rows are narrower than 10-key rows, as on the phone")
    func keyPitch() {
        let touch = Shipped.layout("hu-touch").geometry.keyUnitMm
        let ios = Shipped.layout("hu-ios").geometry.keyUnitMm
        #expect(abs(touch - 64.6 / 11) < 1e-9)
        #expect(abs(ios - 6.46) < 1e-9)
    }

    @Test("the derived shift layer has capitals and capital long-press lists")
    func derivedShift() {
        let layout = Shipped.layout("hu-ios")
        let shift = layout.layers[layout.shiftLayer]
        let labels = shift.rows.joined().map { layout.keys[$0.rawValue].label }
        #expect(labels.contains("Q") && labels.contains("M") && !labels.contains("q"))
        let o = KeyNames.key(named: "O", on: layout.shiftLayer, in: layout)!
        #expect(layout.keys[o.rawValue].longPress.prefix(3) == ["Ó", "Ö", "Ő"])
    }
}
