import Foundation
import LayoutEngine
import Testing

@testable import LDMLKeyboards

/// `textCompositions` and `markerDeadKeys` type thousands of key pairs with one session,
/// resumed from the first key's state for each pair and without working out edits. Over
/// every shipped CLDR keyboard, both forms: each pair typed that way leaves the context
/// (scalars and markers) and the layer a copy of the first key's session has after the
/// second key.
@Suite("typing key pairs with one resumed session")
struct PairTypingTests {
    @Test("a resumed session without edits types each pair as a copy does", arguments: LDMLLoader.shippedIDs)
    func resumedAsCopied(_ id: String) throws {
        let keyboard = try LDMLLoader.shipped(id)
        for hardware in [false, true] {
            let fresh = LDMLSession(keyboard: keyboard, hardware: hardware)
            guard let set = fresh.layerSet else { continue }
            let placed = Array(Set(set.layers.flatMap { $0.rows.joined() })).sorted()
            // Every placed key second; a spread of them first (each keyboard's marker keys among them).
            let markers = placed.filter { !keyboard.keys[$0].outputMarkers.isEmpty }
            let firsts = Array(Set(markers.prefix(8) + stride(from: 0, to: placed.count, by: 7).map { placed[$0] }))
            var resumed = fresh
            resumed.scratch.keyEdits = false
            var differences: [String] = []
            for first in firsts.sorted() {
                var afterFirst = fresh
                _ = afterFirst.press(first)
                for second in placed {
                    var copied = afterFirst
                    _ = copied.press(second)
                    resumed.resume(from: afterFirst)
                    _ = resumed.press(second)
                    if resumed.context != copied.context || resumed.layer != copied.layer {
                        differences.append("\(keyboard.keys[first].id) then \(keyboard.keys[second].id)")
                    }
                }
            }
            #expect(differences.isEmpty, "\(id) (hardware: \(hardware)): \(differences.prefix(5))")
        }
    }

    /// A keyboard read from `xml`, as a function from key ids (one character each) to the
    /// text they type from the start.
    static func typist(_ xml: String) throws -> (String) -> String {
        let keyboard = try #require(LDMLLoader.read(data: Data(xml.utf8), file: "pairs.xml").keyboard)
        return { keys in
            var session = LDMLSession(keyboard: keyboard)
            for key in keys { _ = session.press(id: String(key)) }
            return session.text
        }
    }

    @Test("a rule longer than the context is not tried, one that fits is")
    func shortContexts() throws {
        let xml = """
            <keyboard3 locale="und" conformsTo="45"><info name="pairs"/>
            <keys><key id="a" output="a"/><key id="b" output="b"/><key id="c" output="c"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a b c"/></layer></layers>
            <transforms type="simple"><transformGroup>
            <transform from="abc" to="X"/><transform from="bc" to="Y"/><transform from="(a|bb)c" to="Z"/>
            </transformGroup></transforms></keyboard3>
            """
        let typed = try Self.typist(xml)
        #expect(typed("c") == "c")
        #expect(typed("bc") == "Y")
        #expect(typed("ac") == "Z")
        #expect(typed("abc") == "X")
        #expect(typed("bbc") == "bY")
    }

    @Test("after a marker, that marker's rules are tried, and those of any marker; after € those of €")
    func afterMarkers() throws {
        let xml = """
            <keyboard3 locale="und" conformsTo="45"><info name="markers"/>
            <keys><key id="p" output="\\m{p}"/><key id="q" output="\\m{q}"/><key id="r" output="\\m{r}"/>
            <key id="x" output="x"/><key id="y" output="y"/><key id="s" output="€"/><key id="t" output="™"/></keys>
            <layers formId="touch"><layer id="base"><row keys="p q r x y s t"/></layer></layers>
            <transforms type="simple"><transformGroup>
            <transform from="\\m{p}x" to="P"/><transform from="\\m{q}x" to="Q"/><transform from="\\m{.}y" to="Y"/>
            <transform from="[€£]x" to="S"/><transform from="[^a]x" to="N"/>
            </transformGroup></transforms></keyboard3>
            """
        let typed = try Self.typist(xml)
        #expect(typed("px") == "P")
        #expect(typed("qx") == "Q")
        #expect(typed("rx") == "x")
        #expect(typed("py") == "Y")
        #expect(typed("ry") == "Y")
        #expect(typed("yx") == "N")
        #expect(typed("sx") == "S")
        #expect(typed("tx") == "N")
        #expect(typed("sy") == "€y")
    }
}
