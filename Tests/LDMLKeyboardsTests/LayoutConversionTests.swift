import LDMLKeyboards
import LayoutEngine
import LayoutSources
import TestSupport
import Testing

/// LDML keyboards as the project's layouts: through `LayoutResolver`, with their geometry.
@Suite("LDML keyboards as layouts")
struct LayoutConversionTests {
    @Test("cldr:ID resolves for every shipped CLDR keyboard and is listed")
    func shippedIDs() throws {
        for id in LDMLLoader.shippedIDs {
            let layout = try LayoutResolver.resolve("cldr:" + id)
            #expect(layout.id == "cldr:" + id)
            #expect(!layout.keys.isEmpty)
            #expect(LayoutResolver.availableIDs().contains("cldr:" + id))
        }
    }

    @Test("a keyboard3 file resolves by path; its touch rows keep widths, gaps, layer keys and long-press")
    func touchForm() throws {
        let layout = try LayoutResolver.resolve(TestFiles.fixtures + "/spec-touch.xml")
        #expect(layout.id == "spec-touch")
        let base = layout.layers[layout.baseLayer]
        let keys = base.rows[0].map { layout.keys[$0.rawValue] }
        let o = try #require(keys.first { $0.id == "o" })
        #expect(o.longPress == ["ó"])
        let wide = try #require(keys.first { $0.id == "wide" })
        #expect(wide.width == 2.5)
        let flick = try #require(keys.first { $0.id == "something" })
        #expect(wide.x - (flick.x + flick.width) == 0.5)
        let numeric = try #require(base.rows[1].map { layout.keys[$0.rawValue] }.first { $0.id == "numeric" })
        guard case .layer(let target) = numeric.action else {
            Issue.record("numeric is not a layer key")
            return
        }
        #expect(layout.layers[target].id == "numeric")
        #expect(layout.keys.contains { $0.action == .backspace })
    }

    @Test("a broken keyboard3 file gives the keyboard's own diagnostic: code, place and fix")
    func diagnostics() {
        do {
            _ = try LayoutResolver.resolve(TestFiles.fixtures + "/missing.xml")
            Issue.record("resolved a missing file")
        } catch {
            #expect(error.diagnostics.first?.code == "ldml.file-not-found")
            #expect(error.diagnostics.first?.fix?.isEmpty == false)
            #expect(error.description.hasPrefix(TestFiles.fixtures + "/missing.xml: error: "))
        }
        do {
            _ = try LayoutResolver.resolve("cldr:fr-t-k0-nope")
            Issue.record("resolved an unknown CLDR id")
        } catch {
            #expect(error.description.contains("fr-t-k0-test"))
        }
    }

    @Test("the hardware form: modifier layers become layers, shift the shift layer")
    func hardwareForm() throws {
        let keyboard = try LDMLLoader.shipped("pt-t-k0-abnt2")
        let layout = try keyboard.layout(id: "pt", hardware: true)
        #expect(layout.layers.map(\.id).contains("shift"))
        #expect(layout.layers.map(\.id).contains("altR"))
        #expect(layout.layers[layout.baseLayer].rows.count == 5)
    }

    @Test("a touch form without a shift layer: the layout's shift layer is its base as it is, which the keyboard types")
    func noShiftLayer() throws {
        let keyboard = try TestFiles.keyboard(
            """
            <keyboard3 locale="fr" conformsTo="45"><info name="no shift"/>
            <keys><key id="a" output="a" longPressKeyIds="a-tilde"/><key id="a-tilde" output="ã"/>
            <key id="A" output="A" longPressKeyIds="a-tilde"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a"/></layer><layer id="caps"><row keys="A"/></layer></layers>
            </keyboard3>
            """)
        let typing = try keyboard.typingLayout(id: "cldr:test")
        let shift = try #require(typing.layers.firstIndex { $0.id == "shift" })
        let keys = typing.keys.filter { $0.layer == shift }
        // Not the base upper-cased (an `A` whose long-press gives `Ã`, which the keyboard's
        // `A` does not have).
        #expect(keys.map(\.action) == [.text("a"), .backspace])
        #expect(keys.first?.longPress == ["ã"])
        let key = try #require(
            typing.keys.indices.first { typing.keys[$0].layer == shift && typing.keys[$0].action == .text("a") })
        #expect(replay([.longPress(KeyID(key), alternate: 0)], on: typing) == "ã")
    }
}
