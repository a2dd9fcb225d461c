import Foundation
import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

/// The layouts of the installed xkeyboard-config and Compose tables (`xkb-data`,
/// `libx11-data`, which `.ci/run` installs); skipped, with the reason, when they are absent.
@Suite(.enabled(if: Installed.hasKeyboardConfig, "\(Installed.absentMessage)"))
struct InstalledLayoutTests {
    static func load(_ id: String) throws -> Layout {
        try XKBLayouts.load(id).layout
    }

    @Test("xkb:hu: all 18 accented letters are keys of their own, at base or Shift level")
    func hungarianLetters() throws {
        let layout = try Self.load("xkb:hu")
        #expect(layout.id == "xkb:hu" && layout.locale == "hu" && layout.platform == .hardware)
        let plan = KeystrokePlanner(layout: layout)
        for letter in "áéíóöőúüű" {
            #expect(plan.plan(String(letter)).keystrokes == 1, "\(letter)")
            #expect(plan.plan(letter.uppercased()).keystrokes == 2, "\(letter.uppercased())")
        }
        #expect(layout.layers.map(\.id) == ["base", "shift", "caps", "altgr", "altgr-shift", "altgr-caps"])
    }

    typealias Case = KeysCase

    static let cases = [
        Case(layout: "xkb:cz", keys: "´ o", expected: "ó"),
        Case(layout: "xkb:cz", keys: "´ O", expected: "Ó"),
        Case(layout: "xkb:cz", keys: "⇧ ˇ d", expected: "ď"),
        Case(layout: "xkb:cz", keys: "⇧ ˇ u", expected: "ů"),  // cs_CZ.UTF-8's Compose override
        Case(layout: "xkb:cz", keys: "⇧ ˇ n", expected: "ň"),
        Case(layout: "xkb:cz", keys: "´ ⌫ t", expected: "t"),
        Case(layout: "xkb:cz", keys: "ě š č ř ž ý á í é", expected: "ěščřžýáíé"),
        Case(layout: "xkb:cz", keys: "⇪ ě š ⇪ ě", expected: "ĚŠě"),  // Caps Lock through the full key state
        Case(layout: "xkb:hu", keys: "⇪ 1 ö ⇪", expected: "1Ö"),
        Case(layout: "xkb:hu", keys: "ő ű ö ü ó", expected: "őűöüó"),
        Case(layout: "xkb:hu", keys: "AltGr @", expected: "@"),
        Case(layout: "xkb:hu", keys: "AltGr €", expected: "€"),
        Case(layout: "xkb:dk", keys: "æ ø å", expected: "æøå"),
        Case(layout: "xkb:dk", keys: "´ e", expected: "é"),
        Case(layout: "xkb:dk", keys: "¨ u", expected: "ü"),
        Case(layout: "xkb:dk", keys: "⇧ ^ u", expected: "û"),
    ]

    @Test(arguments: cases)
    func keySequence(_ testCase: Case) throws {
        let layout = try Self.load(testCase.layout)
        #expect(type(testCase.keys, on: layout) == testCase.expected)
    }

    @Test("xkb:cz: ď ň ó ť and capitals with accents come from dead keys, and the planner finds them")
    func czechDeadKeys() throws {
        let layout = try Self.load("xkb:cz")
        let planner = KeystrokePlanner(layout: layout)
        for text in ["ď", "ň", "ó", "ť", "Ď", "Ó", "Ů", "Ř", "Žluťoučký kůň úpěl ďábelské ódy"] {
            let plan = planner.plan(text)
            #expect(plan.untypeable.isEmpty, "\(text)")
            #expect(replay(plan.events, on: layout) == text)
        }
        #expect(planner.plan("ó").keystrokes == 2)
        #expect(planner.plan("ď").keystrokes == 3)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let id: String
        let mentions: [String]
        var testDescription: String { "\(id) → error naming \(mentions.joined(separator: ", "))" }
    }

    static let errorCases = [
        ErrorCase(
            id: "xkb:hux", mentions: ["no XKB layout \"hux\"", "rules evdev", "model pc105", "symbols/hux", "xkb:hu"]),
        ErrorCase(id: "xkb:hu(nosuch)", mentions: ["no variant \"nosuch\"", "layout hu", "qwerty", "symbols/hu"]),
        ErrorCase(id: "xkb:", mentions: ["not an XKB layout id", "xkb:LAYOUT(VARIANT)"]),
        ErrorCase(id: "xkb:hu(", mentions: ["not an XKB layout id"]),
        ErrorCase(id: "xkb:../hu", mentions: ["not an XKB layout id"]),
    ]

    @Test("a missing layout or variant is a clear error, never a crash", arguments: errorCases)
    func errors(_ testCase: ErrorCase) throws {
        do {
            _ = try XKBLayouts.load(testCase.id)
            Issue.record("\(testCase.id) loaded")
        } catch {
            for mention in testCase.mentions {
                #expect(error.description.contains(mention), "\(error.description) lacks \(mention)")
            }
        }
    }

    /// Whether libxkbcommon looks up Compose tables by locale here (no user override).
    static let composeByLocale: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["XCOMPOSEFILE"] == nil && environment["XLOCALEDIR"] == nil
            && !FileManager.default.fileExists(atPath: (environment["HOME"] ?? "/nonexistent") + "/.XCompose")
    }()

    @Test(
        "a locale without a Compose table (and no fallback) is an error naming the file looked for",
        .enabled(
            if: composeByLocale, "XCOMPOSEFILE, XLOCALEDIR or ~/.XCompose is set, which libxkbcommon would use instead")
    )
    func missingCompose() throws {
        let context = try XKBContext()
        do {
            _ = try XKBComposeTable(locale: "xx_XX.UTF-8", fallback: nil, context: context)
            Issue.record("a Compose table for xx_XX.UTF-8")
        } catch {
            #expect(
                error
                    == .missingComposeFile(
                        locale: "xx_XX.UTF-8", lookedFor: ["/usr/share/X11/locale/xx_XX.UTF-8/Compose"]))
        }
    }

    @Test("hu_HU and da_DK use en_US.UTF-8's Compose table, cs_CZ its own")
    func composeSources() throws {
        let context = try XKBContext()
        for (locale, file) in [
            ("hu_HU.UTF-8", "en_US.UTF-8/Compose"), ("da_DK.UTF-8", "en_US.UTF-8/Compose"),
            ("cs_CZ.UTF-8", "cs_CZ.UTF-8/Compose"),
        ] {
            let table = try XKBComposeTable(locale: locale, context: context)
            #expect(table.source.contains(file) || table.source.contains("XCompose"), "\(table.source)")
        }
    }
}
