import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// A planner made for some texts (`KeystrokePlanner.init(layout:costModel:forTexts:)`, as the
/// LDML loader's fuzz check makes it) plans them as the planner of the whole layout does:
/// the same events, cost, end state and untypeable graphemes, on every shipped layout and
/// both forms of every CLDR keyboard (their typing layouts, with text compositions).
@Suite("a planner for some texts")
struct PlannerForTextsTests {
    /// The shipped layouts and the CLDR keyboards' typing layouts, both forms.
    static let layouts: [(name: String, layout: Layout)] = {
        var layouts = Shipped.ids.map { ($0, Shipped.layout($0)) }
        let keyboards = [
            "bn", "fr", "fr-t-k0-test", "ja-Hira-t-k0-flicks", "ja-Latn", "mt", "mt-t-k0-47key", "pcm", "pt-t-k0-abnt2",
        ]
        for id in keyboards {
            guard let keyboard = try? LDMLLoader.shipped(id) else { continue }
            for hardware in [false, true] {
                if let layout = try? keyboard.typingLayout(id: "cldr:" + id, hardware: hardware) {
                    layouts.append(("cldr:\(id)\(hardware ? " (hardware)" : "")", layout))
                }
            }
        }
        return layouts
    }()

    /// Texts to plan on a layout: the check's (a text composition's two texts together, and
    /// what they make), runs of three graphemes the whole planner knows (a sample of them),
    /// and some it does not.
    static func texts(_ layout: Layout, _ planner: KeystrokePlanner) -> [String] {
        var texts: [String] = []
        for (before, pairs) in layout.textCompositions.sorted(by: { $0.key < $1.key }).prefix(6) {
            for (typed, result) in pairs.sorted(by: { $0.key < $1.key }).prefix(6) {
                texts += [before + typed, result]
            }
        }
        let step = max(1, planner.graphemeCount / 40)
        for id in stride(from: 0, to: planner.graphemeCount, by: step) {
            texts.append((0..<3).map { planner.grapheme((id + $0 * 7) % planner.graphemeCount) }.joined())
        }
        return texts + ["Győr ÁLLAMI 50%", "e\u{301}\u{323} \u{1F600}", "প্রাণ লক্ষ্মী", "かな"]
    }

    @Test("the same plans as the whole layout's planner", arguments: layouts.indices)
    func samePlans(_ index: Int) {
        let (name, layout) = Self.layouts[index]
        let whole = KeystrokePlanner(layout: layout)
        let texts = Self.texts(layout, whole)
        // One planner for all the texts, and one for some of them each (each still makes the
        // layout's productions, seconds for bn in a debug build).
        let forAll = KeystrokePlanner(layout: layout, forTexts: texts)
        for (number, text) in texts.enumerated() {
            let expected = whole.plan(text)
            let alone = number % 16 == 0 ? [KeystrokePlanner(layout: layout, forTexts: [text])] : []
            for planner in [forAll] + alone {
                let plan = planner.plan(text)
                #expect(plan.events == expected.events, "\(name): \(text.debugDescription)")
                #expect(plan.untypeable == expected.untypeable, "\(name): \(text.debugDescription)")
                #expect(plan.endState == expected.endState && plan.cost == expected.cost, "\(name): \(text)")
            }
        }
    }

    @Test("a grapheme with a scalar of none of the texts is untypeable")
    func otherTexts() {
        let planner = KeystrokePlanner(layout: Shipped.huTouch, forTexts: ["o", "\u{30B}"])
        #expect(planner.plan("ő").untypeable.isEmpty)
        #expect(planner.plan("ab").untypeable.map(\.grapheme) == ["a", "b"])
        #expect(planner.graphemeCount < KeystrokePlanner(layout: Shipped.huTouch).graphemeCount)
    }
}
