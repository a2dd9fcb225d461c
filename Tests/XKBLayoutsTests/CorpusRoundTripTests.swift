import Foundation
import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

/// Plan every sentence of the shared corpora on the hardware layouts and replay the plan:
/// the sentence comes back, less what the layout reports it cannot type, which never
/// includes the language's letters.
struct XKBCorpusRoundTripTests {
    typealias Case = CorpusCase

    static let cases = [
        Case(corpus: "hu.txt", layout: "xkb:hu", letters: "aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyz"),
        Case(corpus: "cs.txt", layout: "xkb:cz", letters: "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž"),
        Case(corpus: "da.txt", layout: "xkb:dk", letters: "abcdefghijklmnopqrstuvwxyzæøå"),
    ]

    @Test(
        .enabled(if: Installed.corporaPresent, "\(Installed.corporaAbsent)"),
        .enabled(if: Installed.hasKeyboardConfig, "\(Installed.absentMessage)"), arguments: cases)
    func roundTrip(_ testCase: Case) throws {
        let path = try #require(SharedCorpora.path(testCase.corpus), "\(testCase.corpus) is not in ../shared/corpora")
        let layout = try XKBLayouts.load(testCase.layout).layout
        let planner = KeystrokePlanner(layout: layout)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var leftOut: [String: Int] = [:]
        var mismatches: [String] = []
        var sentences = 0
        var keystrokes = 0
        var characters = 0
        for line in text.split(separator: "\n") where !line.isEmpty {
            let sentence = String(line)
            let plan = planner.plan(sentence)
            for item in plan.untypeable { leftOut[item.grapheme, default: 0] += 1 }
            var expected = String.UnicodeScalarView()
            var skipped = Set(plan.untypeable.map(\.scalarOffset))
            var offset = 0
            for character in sentence {
                let count = character.unicodeScalars.count
                if skipped.remove(offset) == nil { expected.append(contentsOf: character.unicodeScalars) }
                offset += count
            }
            let replayed = replay(plan.events, on: layout)
            if replayed != String(expected), mismatches.count < 5 { mismatches.append("\(sentence) → \(replayed)") }
            sentences += 1
            keystrokes += plan.keystrokes
            characters += sentence.count
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        let letters = Set(testCase.letters.map(String.init) + testCase.letters.uppercased().map(String.init))
        let forbidden = leftOut.keys.filter { letters.contains($0) }
        #expect(forbidden.isEmpty, "\(testCase.layout) cannot type \(forbidden.sorted())")
        let summary = leftOut.sorted { $0.value > $1.value }.prefix(10).map { "\($0.key.debugDescription)×\($0.value)" }
        let kspc = Double(keystrokes) / Double(max(1, characters))
        print(
            "\(testCase.testDescription): \(sentences) sentences, KSPC \(String(format: "%.4f", kspc)); "
                + "left out: \(summary.joined(separator: " "))")
    }
}

/// The oracle for the whole pipeline: plan a corpus on an `xkb:` layout, press the same
/// physical keys through libxkbcommon's key state and compose state, and get the same text
/// as our session types (dead keys included, on xkb:cz and xkb:dk).
struct XKBLibraryAgreementTests {
    @Test(
        "libxkbcommon types what the session types, key for key",
        .enabled(if: Installed.corporaPresent, "\(Installed.corporaAbsent)"),
        .enabled(if: Installed.hasKeyboardConfig, "\(Installed.absentMessage)"),
        arguments: [("hu.txt", "xkb:hu"), ("cs.txt", "xkb:cz"), ("da.txt", "xkb:dk")])
    func agreement(_ corpus: String, _ id: String) throws {
        let path = try #require(SharedCorpora.path(corpus), "\(corpus) is not in ../shared/corpora")
        let names = try #require(XKBLayoutName(id: id))
        let text = String(try String(contentsOfFile: path, encoding: .utf8).prefix(150_000))
        let imported = try XKBLayouts.load(id)
        let plan = KeystrokePlanner(layout: imported.layout).plan(text)
        let context = try XKBContext()
        let inputMethod = try XKBInputMethod(
            keymap: try XKBKeymap(names: names, context: context),
            compose: try XKBComposeTable(locale: names.composeLocale, context: context))
        let theirs = inputMethod.text(of: XKBKeyAction.actions(for: plan.events, on: imported))
        let ours = replay(plan.events, on: imported.layout)
        let same = zip(ours, theirs).prefix { $0 == $1 }.count
        #expect(
            ours == theirs,
            "differ after \(same): \(String(ours.dropFirst(same).prefix(20)).debugDescription) vs \(String(theirs.dropFirst(same).prefix(20)).debugDescription)"
        )
        let deadKeyPresses = plan.events.filter {
            if case .deadKey = imported.layout.keys[$0.key.rawValue].action { return true }
            return false
        }.count
        print("\(corpus) on \(id): \(plan.events.count) key presses, \(deadKeyPresses) dead keys; libxkbcommon agrees")
    }
}
