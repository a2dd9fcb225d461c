import TestSupport
import Testing

@testable import LayoutEngine

/// `TypingSession.applyWithoutComposing`, the quick way a peer's edit at the end of a run of marks
/// is applied to the context, against the general way that composes the grapheme
/// (`applyByComposing`): the same context and the same edit for the host, wherever it applies.
struct MarkRunEditTests {
    /// Starters that compose with marks after them (a, e, b, U+09C7, a Hangul syllable) and
    /// ones that do not (x, ক, space, U+09BE, which composes with the one before it); marks
    /// that compose (U+0301, U+0323, U+0327, U+0308) and ones that do not (virama, nukta, a
    /// Hebrew point, U+0F71, U+0F72, U+0F80).
    static let starters: [UInt32] = [0x61, 0x65, 0x62, 0x78, 0x995, 0x20, 0x9C7, 0x9BE, 0xAC00, 0x1100]
    static let marks: [UInt32] = [0x301, 0x323, 0x327, 0x308, 0x9CD, 0x9BC, 0x5B0, 0xF71, 0xF72, 0xF80, 0x1D165]

    static func nfd(_ values: [UInt32]) -> [Unicode.Scalar] {
        ScalarNormalization.nfd(values.map { Unicode.Scalar($0)! })
    }

    @Test("random runs of marks, deletions and insertions: the same as composing")
    func sameAsComposing() {
        var random = SplitMix64(seed: 0x3A4C_0E17)
        var session = TypingSession(layout: Shipped.layout("hu-touch"))
        var applied = 0
        var wrong: [String] = []
        for _ in 0..<4000 {
            var values = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Self.starters.randomElement(using: &random)!
            }
            values += (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Self.marks.randomElement(using: &random)!
            }
            // Sometimes the host gave the first scalars (`setContext`), the session typed the rest.
            let given =
                Int.random(in: 0...2, using: &random) == 0 ? Int.random(in: 0...values.count, using: &random) : 0
            var view = String.UnicodeScalarView()
            view.append(contentsOf: Self.nfd(Array(values[..<given])))
            session.setContext(String(view))
            session.context += Self.nfd(Array(values[given...]))
            let deleted = Int.random(in: 0...3, using: &random)
            let pool = Int.random(in: 0..<4, using: &random) == 0 ? Self.starters + Self.marks : Self.marks
            let insert = (0..<Int.random(in: 0...3, using: &random)).map { _ in pool.randomElement(using: &random)! }
            var insertView = String.UnicodeScalarView()
            insertView.append(contentsOf: insert.map { Unicode.Scalar($0)! })
            let edit = Edit(deleteCount: deleted, insert: String(insertView), effect: .typed)
            var quick = session
            var general = session
            guard quick.applyWithoutComposing(edit) else { continue }
            applied += 1
            let generalEdit = general.applyByComposing(edit)
            if quick.context != general.context || generalEdit != edit
                || quick.hostText.contextCount != general.hostText.contextCount
            {
                wrong.append(
                    "\(values.map { String($0, radix: 16) }) given \(given) −\(deleted) +\(insert.map { String($0, radix: 16) })"
                )
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
        #expect(applied > 1000, "the quick way applied to \(applied) edits only")
    }

    @Test("it leaves to the general way what it cannot tell without composing")
    func declines() {
        var session = TypingSession(layout: Shipped.layout("hu-touch"))
        func applies(_ context: [UInt32], deleting deleted: Int, _ insert: String, host: Bool = false) -> Bool {
            if host {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: context.map { Unicode.Scalar($0)! })
                session.setContext(String(view))
            } else {
                session.context = context.map { Unicode.Scalar($0)! }
                session.hostText = HostText()
            }
            return session.applyWithoutComposing(Edit(deleteCount: deleted, insert: insert, effect: .typed))
        }
        #expect(applies([0x995, 0x9CD, 0x9CD], deleting: 1, "\u{9CD}"))
        #expect(applies([0x9CD, 0x301], deleting: 1, "\u{9CD}\u{301}"), "a run from the context's start")
        #expect(!applies([0x61, 0x301], deleting: 1, "\u{300}"), "á: the acute is part of a composite")
        #expect(applies([0x61, 0x301], deleting: 0, "\u{323}"), "nothing deleted: the marks are only sorted")
        #expect(applies([0x995, 0x9CD], deleting: 2, "\u{9CD}"), "past the run, where nothing composes either")
        #expect(!applies([0x9C7, 0x9BE], deleting: 1, ""), "U+09BE is part of U+09CB")
        #expect(!applies([0x995, 0x301, 0x9CD], deleting: 1, ""), "a run out of canonical order")
        #expect(!applies([0x995, 0x9CD], deleting: 1, "\u{E9}"), "é is not its own decomposition")
        #expect(!applies([0x995, 0x9CD], deleting: 1, "\u{9CD}", host: true), "the host gave the text")
        session.setContext("ক ")
        session.context += [Unicode.Scalar(0x995)!, Unicode.Scalar(0x9CD)!]
        let applied = session.applyWithoutComposing(Edit(deleteCount: 1, insert: "\u{9BF}", effect: .typed))
        #expect(applied, "the host gave text before the grapheme the edit reaches")
    }
}
