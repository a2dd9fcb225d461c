import Foundation
import TestSupport

@testable import LayoutEngine

/// The golden files in `Golden/`.
let goldenFiles = GoldenFiles(beside: #filePath)

/// `text` without the graphemes a plan left out.
func removing(_ untypeable: [UntypeableGrapheme], from text: String) -> String {
    UntypeableGrapheme.text(text, without: untypeable) ?? "untypeable offsets out of order"
}

/// The letters, digits and punctuation a layout for this language must type.
enum Repertoire {
    static func letters(_ locale: String) -> String {
        let base = "abcdefghijklmnopqrstuvwxyz"
        let accented =
            switch locale {
            case "hu": "áéíóöőúüű"
            case "cs": "áčďéěíňóřšťúůýž"
            case "da": "æøå"
            default: ""
            }
        return base + accented + (base + accented).uppercased()
    }

    static let digitsAndPunctuation = "0123456789.,!?-:;'\"()/%+=&@ "

    static func quotes(_ locale: String) -> String {
        switch locale {
        case "hu": "„”«»"
        case "cs": "„“‚‘"
        case "da": "»«„“"
        default: ""
        }
    }

    static func all(_ locale: String) -> String { letters(locale) + digitsAndPunctuation + quotes(locale) }
}
