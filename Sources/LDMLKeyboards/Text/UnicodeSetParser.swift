/// A set of code points as sorted, disjoint, non-adjacent closed ranges.
struct ScalarRanges: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<UInt32>] = []

    init() {}

    init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
        normalize()
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        ranges.append(range)
        normalize()
    }

    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle - 1
            } else {
                return true
            }
        }
        return false
    }

    func union(_ other: ScalarRanges) -> ScalarRanges { ScalarRanges(ranges + other.ranges) }

    func complement() -> ScalarRanges {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= 0x10_FFFF { result.append(next...0x10_FFFF) }
        return ScalarRanges(result)
    }

    func subtracting(_ other: ScalarRanges) -> ScalarRanges { intersection(other.complement()) }

    func intersection(_ other: ScalarRanges) -> ScalarRanges {
        var result: [ClosedRange<UInt32>] = []
        var left = 0
        var right = 0
        while left < ranges.count, right < other.ranges.count {
            let low = max(ranges[left].lowerBound, other.ranges[right].lowerBound)
            let high = min(ranges[left].upperBound, other.ranges[right].upperBound)
            if low <= high { result.append(low...high) }
            if ranges[left].upperBound < other.ranges[right].upperBound { left += 1 } else { right += 1 }
        }
        return ScalarRanges(result)
    }

    /// How many code points the set holds.
    var count: Int { ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 } }

    private mutating func normalize() {
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }
}

/// Parses the UnicodeSet subset the keyboard spec allows (`uset` values, `reorder`
/// elements, test repertoires): `[a-z à \u{300}-\u{36F} [set] $[uset] ]`, `^` negation,
/// `-` difference and `&` intersection of nested sets. No properties, no strings.
struct UnicodeSetParser {
    private let scalars: [Unicode.Scalar]
    private var index: Int
    private let variables: [String: ScalarRanges]

    /// Parses a whole set expression; `variables` resolves `$[id]`.
    static func parse(_ text: String, variables: [String: ScalarRanges] = [:]) throws(TextProblem) -> ScalarRanges {
        var parser = UnicodeSetParser(scalars: Array(text.unicodeScalars), index: 0, variables: variables)
        parser.skipSpaces()
        let set = try parser.parseSet()
        parser.skipSpaces()
        guard parser.index == parser.scalars.count else {
            throw parser.problem("text after the set's closing ]")
        }
        return set
    }

    /// Parses one set starting at `start` in `scalars`; returns it and the index after it.
    static func parse(
        _ scalars: [Unicode.Scalar], at start: Int, variables: [String: ScalarRanges] = [:]
    ) throws(TextProblem) -> (ScalarRanges, Int) {
        var parser = UnicodeSetParser(scalars: scalars, index: start, variables: variables)
        let set = try parser.parseSet()
        return (set, parser.index)
    }

    private func problem(_ message: String) -> TextProblem {
        TextProblem(
            code: "bad-unicodeset", message: "\(message) in \"\(String(String.UnicodeScalarView(scalars)))\"",
            fix: "write a UnicodeSet such as [a-z \\u{300}-\\u{36F}] (no \\p{…}, no {strings})")
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    private mutating func parseSet() throws(TextProblem) -> ScalarRanges {
        if index + 1 < scalars.count, scalars[index] == "$", scalars[index + 1] == "[" {
            return try parseVariable()
        }
        guard index < scalars.count, scalars[index] == "[" else { throw problem("expected [") }
        index += 1
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var result = ScalarRanges()
        var lastWasSet = false
        while true {
            skipSpaces()
            guard index < scalars.count else { throw problem("missing ]") }
            let scalar = scalars[index]
            if scalar == "]" {
                index += 1
                break
            }
            if scalar == "-" || scalar == "&", lastWasSet, index + 1 < scalars.count {
                var look = index + 1
                while look < scalars.count, scalars[look].properties.isWhitespace { look += 1 }
                if look < scalars.count, scalars[look] == "[" || scalars[look] == "$" {
                    index = look
                    let other = try parseSet()
                    result = scalar == "-" ? result.subtracting(other) : result.intersection(other)
                    continue
                }
            }
            if scalar == "[" || (scalar == "$" && index + 1 < scalars.count && scalars[index + 1] == "[") {
                result = result.union(try parseSet())
                lastWasSet = true
                continue
            }
            if scalar == "{" { throw problem("strings ({…}) are not supported") }
            let first = try parseCharacter()
            skipSpaces()
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                index += 1
                skipSpaces()
                let last = try parseCharacter()
                guard first <= last else { throw problem("range out of order") }
                result.insert(first...last)
            } else {
                result.insert(first...first)
            }
            lastWasSet = false
        }
        return negated ? result.complement() : result
    }

    private mutating func parseVariable() throws(TextProblem) -> ScalarRanges {
        index += 2
        guard let close = scalars[index...].firstIndex(of: "]") else { throw problem("$[ without ]") }
        let name = String(String.UnicodeScalarView(scalars[index..<close]))
        index = close + 1
        guard let value = variables[name] else {
            throw TextProblem(
                code: "unknown-variable", message: "no uset variable \"\(name)\"",
                fix: "define <uset id=\"\(name)\" value=\"[…]\"/> before its use")
        }
        return value
    }

    private mutating func parseCharacter() throws(TextProblem) -> UInt32 {
        // A range's end may be missing: `[a- ` ends after the dash and its spaces.
        guard index < scalars.count else { throw problem("missing ]") }
        let scalar = scalars[index]
        index += 1
        guard scalar == "\\" else {
            if scalar == "[" || scalar == "]" { throw problem("unexpected \(scalar)") }
            return scalar.value
        }
        guard index < scalars.count else { throw problem("\\ at the end") }
        let escaped = scalars[index]
        index += 1
        if escaped == "p" || escaped == "P" || escaped == "N" { throw problem("properties (\\p{…}) are not allowed") }
        if escaped == "u" || escaped == "x" {
            if index < scalars.count, scalars[index] == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else { throw problem("\\u{ without }") }
                let body = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                index = close + 1
                let values = try EscapedText.codePoints(body, in: body)
                guard values.count == 1 else { throw problem("one code point per \\u{…} in a set") }
                return values[0]
            }
            let digits = escaped == "u" ? 4 : 2
            guard index + digits <= scalars.count,
                let value = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + digits)])), radix: 16)
            else { throw problem("bad \\\(escaped) escape") }
            index += digits
            return value
        }
        switch escaped {
        case "n": return 0x0A
        case "t": return 0x09
        case "r": return 0x0D
        default: return escaped.value
        }
    }
}
