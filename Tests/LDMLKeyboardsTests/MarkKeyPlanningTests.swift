import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// Keys that type combining marks alone (pcm's acute and grave, bn's vowel signs) add them
/// to the letter before: the planner types `í` as `i` and the acute key, and the plan,
/// replayed through the keyboard's own session, types it.
@Suite("planning with keys that type combining marks")
struct MarkKeyPlanningTests {
    /// The layouts of pcm and bn with their planners, made once (bn's planner, with its
    /// syllables and conjuncts, takes seconds in a debug build).
    static let planners: [String: (layout: Layout, planner: KeystrokePlanner)] = ["pcm", "bn"].reduce(into: [:]) {
        guard let layout = try? LDMLLoader.shipped($1).layout(id: "cldr:" + $1) else { return }
        $0[$1] = (layout, KeystrokePlanner(layout: layout))
    }

    @Test(
        "a letter with marks, bn's আ (two marker keys) and a conjunct of two consonants are planned as their keys",
        arguments: [
            ("pcm", "Naijíriá Píjin", 0), ("pcm", "ẹ́ ọ̀ Ẹ̀", 0), ("bn", "মি বাংলায় গান ইতি", 0), ("bn", "আমি আপনি", 0),
            ("bn", "প্রাণ বন্ধু স্কুল", 0), ("bn", "লক্ষ্মী", 1),
        ])
    func planned(_ id: String, _ text: String, _ untypeable: Int) throws {
        let (layout, planner) = try #require(Self.planners[id])
        let (plan, typed) = roundTrip(text, on: layout, planner: planner)
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
        #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable), "\(plan.description)")
    }

    @Test("every letter key followed by every mark key, where the two make one character", arguments: ["pcm", "bn"])
    func everyPair(_ id: String) throws {
        let (layout, planner) = try #require(Self.planners[id])
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
        for letter in letters {
            for mark in marks where (letter + mark).count == 1 {
                let (plan, typed) = roundTrip(letter + mark, on: layout, planner: planner)
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
        let (plan, typed) = roundTrip("\u{301}", on: layout)
        #expect(plan.untypeable.isEmpty && typed == "\u{301}")
    }

    @Test(
        "bn's reorders put a nukta before a vowel sign typed first: a vowel sign then a nukta is not planned as those keys",
        arguments: ["\u{0995}\u{09BF}\u{09BC}", "\u{0995}\u{09C2}\u{09BC}", " \u{09C2}\u{09BC}"])
    func reorderedMarks(_ text: String) throws {
        // The typing layout: its keys go to the keyboard itself (its peer), reorders and all.
        let typing = try LDMLLoader.shipped("bn").typingLayout(id: "cldr:bn")
        let (plan, typed) = roundTrip(text, on: typing, planner: KeystrokePlanner(layout: typing, forTexts: [text]))
        // The keyboard types the nukta first whatever the order of the keys: the text is
        // untypeable as it is, and what the plan types is the text without it.
        #expect(plan.untypeable.count == 1, "\(plan.description)")
        #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable), "\(plan.description)")
    }
}
