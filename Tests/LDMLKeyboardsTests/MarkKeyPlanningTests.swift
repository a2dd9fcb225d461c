import LDMLKeyboards
import LayoutEngine
import Testing

/// Keys that type combining marks alone (pcm's acute and grave, bn's vowel signs) add them
/// to the letter before: the planner types `í` as `i` and the acute key, and the plan,
/// replayed through the keyboard's own session, types it.
@Suite("planning with keys that type combining marks")
struct MarkKeyPlanningTests {
    /// Plans `text` on `layout` (with `planner`, if made already) and replays the plan;
    /// returns the plan and what it typed.
    static func replay(
        _ text: String, on layout: Layout, planner: KeystrokePlanner? = nil
    ) -> (plan: KeystrokePlan, typed: String) {
        let plan = (planner ?? KeystrokePlanner(layout: layout)).plan(text)
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for event in plan.events { buffer.apply(session.handle(event)) }
        return (plan, buffer.text)
    }

    @Test(
        "a letter with marks from mark keys is planned as the letter, then the keys; bn's আ as two marker keys",
        arguments: [
            ("pcm", "Naijíriá Píjin", 0), ("pcm", "ẹ́ ọ̀ Ẹ̀", 0), ("bn", "মি বাংলায় গান ইতি", 0), ("bn", "আমি আপনি", 0),
        ])
    func planned(_ id: String, _ text: String, _ untypeable: Int) throws {
        let layout = try LDMLLoader.shipped(id).layout(id: "cldr:" + id)
        let (plan, typed) = Self.replay(text, on: layout)
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
        #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable), "\(plan.description)")
    }

    @Test("every letter key followed by every mark key, where the two make one character", arguments: ["pcm", "bn"])
    func everyPair(_ id: String) throws {
        let layout = try LDMLLoader.shipped(id).layout(id: "cldr:" + id)
        let layer = layout.baseLayer
        var letters: [String] = []
        var marks: [String] = []
        for key in layout.keys where key.layer == layer {
            guard case .text(let text) = key.action, let first = text.unicodeScalars.first else { continue }
            switch first.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: marks.append(text)
            default: if first.properties.isAlphabetic, text.count == 1 { letters.append(text) }
            }
        }
        #expect(!letters.isEmpty && !marks.isEmpty)
        var checked = 0
        let planner = KeystrokePlanner(layout: layout)
        for letter in letters {
            for mark in marks where (letter + mark).count == 1 {
                let (plan, typed) = Self.replay(letter + mark, on: layout, planner: planner)
                #expect(plan.untypeable.isEmpty && typed == letter + mark, "\(id): \(plan.description)")
                #expect(plan.events.count <= 4, "\(id): \(plan.description)")
                checked += 1
            }
        }
        #expect(checked >= 20, "\(id): \(checked) pairs")
    }

    @Test("a mark key alone still types its mark")
    func alone() throws {
        let layout = try LDMLLoader.shipped("pcm").layout(id: "cldr:pcm")
        let (plan, typed) = Self.replay("\u{301}", on: layout)
        #expect(plan.untypeable.isEmpty && typed == "\u{301}")
    }
}
