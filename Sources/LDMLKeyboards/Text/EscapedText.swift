/// A problem in an attribute's text (an escape, a variable, a marker), with a fix.
struct TextProblem: Error, Sendable {
    var code: String
    var message: String
    var fix: String
}

/// Reads the text of attributes such as `output=`, `value=` and `display=`: `\u{…}`
/// escapes (several code points separated by spaces), `\m{name}` markers and `${name}`
/// string variables.
enum EscapedText {
    /// The elements of `text`. `strings` resolves `${id}`; markers are numbered in `markers`.
    static func parse(
        _ text: String, strings: [String: [UInt32]], markers: inout MarkerTable, allowMarkers: Bool = true
    ) throws(TextProblem) -> [UInt32] {
        let scalars = Array(text.unicodeScalars)
        var result: [UInt32] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 2 < scalars.count, scalars[index + 2] == "{",
                scalars[index + 1] == "u" || scalars[index + 1] == "m"
            {
                guard let close = scalars[(index + 3)...].firstIndex(of: "}") else {
                    throw TextProblem(
                        code: "unclosed-escape", message: "escape without a closing brace in \"\(text)\"",
                        fix: "close it: \\u{…} or \\m{…}")
                }
                let body = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
                if scalars[index + 1] == "u" {
                    result += try codePoints(body, in: text)
                } else {
                    guard allowMarkers else {
                        throw TextProblem(
                            code: "marker-not-allowed", message: "a marker \\m{\(body)} cannot be used here",
                            fix: "remove the marker")
                    }
                    guard isMarkerName(body) else {
                        throw TextProblem(
                            code: "bad-marker", message: "\"\(body)\" is not a valid marker name",
                            fix: "use letters, digits, '_', '-', '.' (an NMTOKEN), e.g. \\m{acute}")
                    }
                    result.append(markers.element(for: body))
                }
                index = close + 1
            } else if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" {
                guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                    throw TextProblem(
                        code: "unclosed-variable", message: "${ without a closing brace in \"\(text)\"",
                        fix: "write ${name}")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                guard let value = strings[name] else {
                    throw TextProblem(
                        code: "unknown-variable", message: "no string variable \"\(name)\"",
                        fix: "define <string id=\"\(name)\" value=\"…\"/> in <variables> before its use")
                }
                result += value
                index = close + 1
            } else {
                try checkCharacter(scalar.value, in: text)
                result.append(scalar.value)
                index += 1
            }
        }
        return result
    }

    /// The code points of the body of a `\u{…}` escape: hex numbers separated by spaces.
    static func codePoints(_ body: String, in text: String) throws(TextProblem) -> [UInt32] {
        var values: [UInt32] = []
        for part in body.split(separator: " ", omittingEmptySubsequences: true) {
            guard part.count <= 6, let value = UInt32(part, radix: 16) else {
                throw TextProblem(
                    code: "bad-escape", message: "\\u{\(body)} is not a list of hexadecimal code points",
                    fix: "write one to six hex digits per code point, e.g. \\u{1A60} or \\u{61 301}")
            }
            try checkCharacter(value, in: text)
            values.append(value)
        }
        if values.isEmpty {
            throw TextProblem(
                code: "bad-escape", message: "empty \\u{} escape", fix: "write a code point, e.g. \\u{301}")
        }
        return values
    }

    /// Rejects surrogates, noncharacters and values beyond Unicode.
    static func checkCharacter(_ value: UInt32, in text: String) throws(TextProblem) {
        let isSurrogate = (0xD800...0xDFFF).contains(value)
        let isNoncharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
        if value > 0x10_FFFF || isSurrogate || isNoncharacter {
            let hex = String(value, radix: 16, uppercase: true)
            throw TextProblem(
                code: "invalid-character", message: "U+\(hex) is not a character that text can hold",
                fix: "use an assigned character (not a surrogate or noncharacter)")
        }
    }

    /// Whether `name` is an NMTOKEN fit for a marker.
    static func isMarkerName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "."
                    || $0 == ":" || $0.value > 0x7F
            }
    }

    /// Unescapes test-file text: `\u{…}` (several code points) and `\uXXXX` (UTF-16 units,
    /// surrogate pairs joined). Other text is kept as is.
    static func unescapeTestText(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var units: [UInt16] = []
        var index = 0
        func appendScalar(_ value: UInt32) {
            if let scalar = Unicode.Scalar(value) { units += Array(String(Character(scalar)).utf16) }
        }
        while index < scalars.count {
            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" {
                if index + 2 < scalars.count, scalars[index + 2] == "{",
                    let close = scalars[(index + 3)...].firstIndex(of: "}")
                {
                    let body = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
                    let values = body.split(separator: " ").compactMap { UInt32($0, radix: 16) }
                    if !values.isEmpty {
                        values.forEach(appendScalar)
                        index = close + 1
                        continue
                    }
                } else if index + 6 <= scalars.count {
                    let hex = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)]))
                    if let unit = UInt16(hex, radix: 16) {
                        units.append(unit)
                        index += 6
                        continue
                    }
                }
            }
            appendScalar(scalars[index].value)
            index += 1
        }
        return String(decoding: units, as: UTF16.self)
    }
}
