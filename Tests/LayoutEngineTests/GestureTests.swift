import TestSupport
import Testing

@testable import LayoutEngine

/// Multi-tap and flick: the events, the session, key names and the planner, on a small
/// layout whose `2` key cycles ² ₂ and whose `a` key flicks.
@Suite("Gestures: multi-tap and flick")
struct GestureTests {
    static let layout = TestLayouts.gestures(
        longPress: ["à"],
        flicks: [
            Flick(directions: [.nw], text: "à"), Flick(directions: [.nw, .se], text: "á"),
            Flick(directions: [.e], text: "ǎ"),
        ])

    static func key(_ id: String, layer: Int = 0) -> KeyID {
        KeyID(layout.keys.firstIndex { $0.id == id && $0.layer == layer }!)
    }

    @Test("events stay eight bytes and give back their gesture")
    func encoding() {
        #expect(MemoryLayout<KeyEvent>.size == 8)
        let key = KeyID(3)
        #expect(KeyEvent.multiTap(key, count: 1) == .tap(key))
        #expect(KeyEvent.multiTap(key, count: 2).tapCount == 2)
        #expect(KeyEvent.multiTap(key, count: 2).isMultiTap && !KeyEvent.multiTap(key, count: 2).isLongPress)
        #expect(KeyEvent.multiTap(key, count: 1 << 30).tapCount == KeyEvent.multiTapLimit)
        for directions in [[FlickDirection.n], [.nw, .se], FlickDirection.allCases.prefix(7).map { $0 }] {
            let flick = KeyEvent.flick(key, directions)
            #expect(flick.isFlick && !flick.isTap && !flick.isLongPress && !flick.isMultiTap)
            #expect(flick.flickDirections == directions)
            #expect(flick.key == key)
            #expect(flick.keystrokes == 1 + directions.count)
        }
        #expect(KeyEvent.flick(key, []) == .tap(key))
        #expect(KeyEvent.longPress(key).isLongPress && KeyEvent.longPress(key, alternate: 3).alternate == 3)
        #expect(Set([KeyEvent.tap(key), .multiTap(key, count: 2), .flick(key, [.n]), .longPress(key)]).count == 4)
        #expect(KeyEvent.multiTap(key, count: 3).description == "multiTap(3, 3)")
        #expect(KeyEvent.flick(key, [.nw, .se]).description == "flick(3, nw,se)")
    }

    @Test(
        "an alternate index no list has stays a long-press that types nothing, never another gesture",
        arguments: [-1, -2, -5, -1_048_577, Int.min, Int(Int32.max) + 1, Int.max])
    func longPressWithAnIndexNoListHas(_ alternate: Int) {
        let a = Self.key("a")
        let event = KeyEvent.longPress(a, alternate: alternate)
        #expect(event.isLongPress && !event.isTap && !event.isMultiTap && !event.isFlick)
        #expect(event.key == a)
        var session = TypingSession(layout: Self.layout)
        #expect(session.handle(event) == .none)
        #expect(session.text.isEmpty)
    }

    @Test(
        "a key id no UInt32 holds is a key no layout has, not one cut down to a key that exists",
        arguments: [-1, Int(UInt32.max) + 1, Int(UInt32.max) + 2, Int.min, Int.max])
    func keyIDsPastUInt32(_ id: Int) {
        var session = TypingSession(layout: Self.layout)
        for event in [KeyEvent.tap(KeyID(id)), .longPress(KeyID(id)), .multiTap(KeyID(id), count: 2)] {
            #expect(event.key == KeyID(Int(UInt32.max)))
            #expect(session.handle(event) == .none)
        }
        #expect(session.text.isEmpty)
    }

    @Test("a drag's direction is the nearest of eight, each sector 45° wide")
    func directions() {
        #expect(FlickDirection(dx: 1, dy: 0) == .e)
        #expect(FlickDirection(dx: 1, dy: -0.4) == .e)
        #expect(FlickDirection(dx: 1, dy: -0.5) == .ne)
        #expect(FlickDirection(dx: 0, dy: -3) == .n)
        #expect(FlickDirection(dx: -2, dy: 2) == .sw)
        #expect(FlickDirection(dx: -1, dy: -1) == .nw)
        #expect(FlickDirection(dx: 0.3, dy: 1) == .s)
        #expect(FlickDirection(dx: 0, dy: 0) == nil)
        for direction in FlickDirection.allCases {
            #expect(FlickDirection(name: direction.name) == direction)
            #expect(FlickDirection(dx: direction.offset.x, dy: direction.offset.y) == direction)
        }
    }

    @Test("multi-tap: 2*2 → ², 2*3 → ₂, 2*4 comes round to 2; a key with no list types its own")
    func multiTap() {
        let two = Self.key("2")
        for (count, expected) in [(2, "²"), (3, "₂"), (4, "2"), (5, "²")] {
            var session = TypingSession(layout: Self.layout)
            var buffer = TextBuffer()
            buffer.apply(session.handle(.multiTap(two, count: count)))
            #expect(buffer.text == expected, "2*\(count)")
        }
        var session = TypingSession(layout: Self.layout)
        #expect(session.handle(.multiTap(Self.key("b"), count: 3)).insert == "b")
    }

    @Test("flick: a~nw → à, a~nw,se → á, a~e → ǎ; one it does not have types nothing; shift upper-cases")
    func flick() {
        let a = Self.key("a")
        var session = TypingSession(layout: Self.layout)
        #expect(session.handle(.flick(a, [.nw])).insert == "à")
        #expect(session.handle(.flick(a, [.nw, .se])).insert == "á")
        #expect(session.handle(.flick(a, [.e])).insert == "ǎ")
        #expect(session.handle(.flick(a, [.s])) == .none)
        #expect(session.handle(.flick(Self.key("b"), [.n])) == .none)
        #expect(session.text == "àáǎ")
        let capitalA = Self.layout.keys.first { $0.id == "A" }
        #expect(capitalA?.flicks.map(\.text) == ["À", "Á", "Ǎ"])
    }

    @Test("key names: KEY*N and KEY~D,D resolve, print and replay; bad ones name the token and the fix")
    func names() throws {
        var session = TypingSession(layout: Self.layout)
        #expect(try KeyNames.events(for: "2*3", in: session) == [.multiTap(Self.key("2"), count: 3)])
        #expect(try KeyNames.events(for: "a~nw,se", in: session) == [.flick(Self.key("a"), [.nw, .se])])
        #expect(
            try KeyNames.events(for: "A~e", in: session) == [
                .tap(Self.key("shift")), .flick(Self.key("A", layer: 1), [.e]),
            ])
        #expect(KeyNames.name(of: .flick(Self.key("a"), [.nw, .se]), in: Self.layout) == "a~nw,se")
        #expect(KeyNames.name(of: .multiTap(Self.key("2"), count: 2), in: Self.layout) == "2*2")
        for (name, words) in [
            ("2*1", "N from 2"), ("2*1048577", "N from 2 to 1048576"), ("2*99999999999999999999", "to 1048576"),
            ("2*x", "2*2"), ("a~up", "n ne e se s sw w nw"), ("a~s", "a flicks nw nw,se e"),
            ("b~n", "b has no flicks"), ("q~n", "no key \"q\""), ("a~", "D one of"),
        ] {
            #expect(throws: KeyNames.UnknownKeyName.self, "\(name)") { try KeyNames.events(for: name, in: session) }
            do {
                _ = try KeyNames.events(for: name, in: session)
            } catch {
                #expect(error.name == name)
                #expect(error.description.contains(words), "\(name): \(error.description)")
            }
        }
        _ = session.handle(.tap(Self.key("b")))
    }

    @Test("the planner types ² and ₂ by multi-tap and á by flick, and the plan replays")
    func planner() {
        let planner = KeystrokePlanner(layout: Self.layout)
        let plan = planner.plan("²₂á ǎ")
        #expect(plan.untypeable.isEmpty)
        #expect(plan.description == "2*2 2*3 a~nw,se ␣ a~e")
        #expect(plan.keystrokes == 2 + 3 + 3 + 1 + 2)
        let replayed = replay(plan.events, on: Self.layout)
        #expect(replayed == "²₂á ǎ")
        // à: a long-press (2 keystrokes) and a one-direction flick (2) tie; either replays.
        let grave = planner.plan("à")
        #expect(grave.keystrokes == 2)
    }

    @Test("a layout refuses a flick with no direction, too many, twice the same, or one that types nothing")
    func badFlicks() {
        func layout(_ flicks: [Flick], multiTap: [String] = []) -> LayoutError? {
            let definition = LayoutDefinition(
                id: "bad", name: "Bad", locale: "und",
                geometry: Geometry(widthMm: 64.6, unitsPerRow: 1, rowPitchMm: 10.8),
                layers: [
                    LayerDefinition(
                        id: "base",
                        rows: [RowDefinition(keys: [KeyDefinition(.text("a"), multiTap: multiTap, flicks: flicks)])])
                ])
            do throws(LayoutError) {
                _ = try Layout(definition)
                return nil
            } catch {
                return error
            }
        }
        #expect(layout([Flick(directions: [], text: "x")]) != nil)
        #expect(layout([Flick(directions: Array(repeating: .n, count: 8), text: "x")]) != nil)
        #expect(layout([Flick(directions: [.n], text: "x"), Flick(directions: [.n], text: "y")]) != nil)
        #expect(layout([Flick(directions: [.n], text: "")]) != nil)
        #expect(layout([], multiTap: [""]) != nil)
        #expect(layout([Flick(directions: [.n], text: "x")], multiTap: ["y"]) == nil)
    }
}
