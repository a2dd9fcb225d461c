/// A parsed `from=` pattern with what the replacement needs to know about its groups.
struct ParsedPattern: Sendable {
    var root: PatternNode
    /// How many capture groups there are (≤ 9).
    var captureCount: Int
    /// For each capture group that holds exactly one `$[set]`, the set's name.
    var captureSets: [Int: String]
}

/// Parses a transform's `from=` (UTS #35 Part 7, "Regex-like Syntax") into a `PatternNode`
/// tree. Literal runs are normalized to NFD with their markers, as the context is.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let variables: PatternVariables
    private var markers: MarkerTable
    private let normalize: Bool
    private var captureCount = 0
    private var captureSets: [Int: String] = [:]
    private var insideCapture: Int?
    private var setsInCapture: [String] = []

    /// Parses `pattern`; new marker names are added to `markers`.
    static func parse(
        _ pattern: String, variables: PatternVariables, markers: inout MarkerTable, normalize: Bool
    ) throws(TextProblem) -> ParsedPattern {
        var parser = PatternParser(
            scalars: Array(pattern.unicodeScalars), variables: variables, markers: markers, normalize: normalize)
        var nodes: [PatternNode] = []
        if parser.peek == "^" {
            parser.index += 1
            nodes.append(.startAnchor)
        }
        nodes.append(try parser.parseAlternation())
        if parser.index < parser.scalars.count {
            throw parser.problem("unexpected \"\(parser.scalars[parser.index])\"")
        }
        markers = parser.markers
        let root = PatternNode.sequence(nodes)
        if root.lengthBounds.min == 0 {
            throw TextProblem(
                code: "empty-match", message: "the pattern \"\(pattern)\" can match an empty string",
                fix: "make at least one element required (no pattern made only of ?/{0,n} parts)")
        }
        return ParsedPattern(root: root, captureCount: parser.captureCount, captureSets: parser.captureSets)
    }

    private init(scalars: [Unicode.Scalar], variables: PatternVariables, markers: MarkerTable, normalize: Bool) {
        self.scalars = scalars
        self.variables = variables
        self.markers = markers
        self.normalize = normalize
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func problem(_ message: String, fix: String? = nil) -> TextProblem {
        TextProblem(
            code: "bad-pattern",
            message: "\(message) at offset \(index) in \"\(String(String.UnicodeScalarView(scalars)))\"",
            fix: fix ?? "use the transform syntax of UTS #35 Part 7 (escape syntax characters with \\)")
    }

    private mutating func parseAlternation() throws(TextProblem) -> PatternNode {
        var branches = [try parseSequence()]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(TextProblem) -> PatternNode {
        var atoms: [PatternNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            var atom = try parseAtom()
            if let (low, high) = try parseQuantifier() {
                if case .sequence(let parts) = atom, parts.count == 1 { atom = parts[0] }
                atom = .repeated(normalizedGroup(atom), min: low, max: high)
            }
            atoms.append(atom)
        }
        return .sequence(normalizedRuns(atoms))
    }

    /// Joins consecutive literals into NFD runs of single elements.
    private func normalizedRuns(_ atoms: [PatternNode]) -> [PatternNode] {
        var result: [PatternNode] = []
        var run: [UInt32] = []
        func flush(into result: inout [PatternNode]) {
            guard !run.isEmpty else { return }
            let normalized = normalize ? Normalization.nfd(run) : run
            result += normalized.map { PatternNode.element(.scalars([$0])) }
            run.removeAll()
        }
        for atom in atoms {
            switch atom {
            case .literal(let value): run.append(value)
            case .sequence(let parts) where parts.allSatisfy({ if case .literal = $0 { true } else { false } }):
                for case .literal(let value) in parts { run.append(value) }
            default:
                flush(into: &result)
                result.append(atom)
            }
        }
        flush(into: &result)
        return result
    }

    private func normalizedGroup(_ atom: PatternNode) -> PatternNode {
        if case .literal = atom { return .sequence(normalizedRuns([atom])) }
        return atom
    }

    private mutating func parseQuantifier() throws(TextProblem) -> (Int, Int)? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "?":
            index += 1
            if peek == "?" { throw problem("lazy quantifiers are not allowed") }
            return (0, 1)
        case "*", "+":
            throw problem("unbounded quantifier \(scalar)", fix: "use a bounded quantifier such as {1,9}")
        case "{":
            let body = scalars[index...].prefix(5)
            guard body.count == 5, body[index + 2] == ",", body[index + 4] == "}",
                let low = Int(String(body[index + 1])), let high = Int(String(body[index + 3]))
            else { throw problem("a quantifier must be {x,y} with single digits", fix: "write e.g. {1,3}") }
            guard high >= low, high >= 1 else { throw problem("quantifier {\(low),\(high)} is empty or reversed") }
            index += 5
            return (low, high)
        default: return nil
        }
    }

    private mutating func parseAtom() throws(TextProblem) -> PatternNode {
        let scalar = scalars[index]
        switch scalar {
        case "(": return try parseGroup()
        case "[":
            index += 1
            return .element(try parseClass())
        case ".":
            index += 1
            return .element(.anyScalar)
        case "^": throw problem("^ is only allowed at the start")
        case "*", "+", "?", "{": throw problem("quantifier \(scalar) without anything to repeat")
        case "\\": return try parseEscape()
        case "$": return try parseVariable()
        default:
            index += 1
            return .literal(scalar.value)
        }
    }

    private mutating func parseGroup() throws(TextProblem) -> PatternNode {
        index += 1
        var capture: Int?
        if peek == "?" {
            guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                throw problem("only (?:…) groups are allowed (no lookaround, no named groups)")
            }
            index += 2
        } else {
            guard insideCapture == nil else {
                throw problem("capture groups cannot be nested", fix: "make the outer group (?:…)")
            }
            captureCount += 1
            guard captureCount <= 9 else { throw problem("more than 9 capture groups") }
            capture = captureCount
            insideCapture = captureCount
            setsInCapture = []
        }
        let inner = try parseAlternation()
        guard peek == ")" else { throw problem("missing )") }
        index += 1
        if let capture {
            if setsInCapture.count == 1 { captureSets[capture] = setsInCapture[0] }
            insideCapture = nil
        }
        return .group(.sequence(normalizedRuns([inner])), capture: capture)
    }

    private mutating func parseVariable() throws(TextProblem) -> PatternNode {
        guard index + 1 < scalars.count, scalars[index + 1] == "{" || scalars[index + 1] == "[" else {
            throw problem("$ must start ${string} or $[set] (the end is always matched)")
        }
        let isSet = scalars[index + 1] == "["
        guard let close = scalars[(index + 2)...].firstIndex(of: isSet ? "]" : "}") else {
            throw problem("unclosed variable reference")
        }
        let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
        index = close + 1
        if !isSet {
            guard let value = variables.strings[name] else { throw unknown(name, kind: "string") }
            return .sequence(value.map { .literal($0) })
        }
        if let items = variables.sets[name] {
            if insideCapture != nil { setsInCapture.append(name) }
            let branches = items.map { item in PatternNode.sequence(item.map { .element(.scalars([$0])) }) }
            return .group(.alternation(branches), capture: nil)
        }
        if let ranges = variables.usets[name] {
            var set = ElementSet()
            for range in ranges.ranges { set.insert(range) }
            return .element(set)
        }
        throw unknown(name, kind: "set or uset")
    }

    private func unknown(_ name: String, kind: String) -> TextProblem {
        TextProblem(
            code: "unknown-variable", message: "no \(kind) variable \"\(name)\"",
            fix: "define it in <variables> (ids are case-sensitive)")
    }

    private mutating func parseEscape() throws(TextProblem) -> PatternNode {
        guard index + 1 < scalars.count else { throw problem("\\ at the end") }
        let escaped = scalars[index + 1]
        index += 2
        switch escaped {
        case "u", "m":
            guard peek == "{", let close = scalars[index...].firstIndex(of: "}") else {
                throw problem("\\\(escaped) needs {…}")
            }
            let body = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
            if escaped == "u" { return .sequence(try EscapedText.codePoints(body, in: body).map { .literal($0) }) }
            if body == "." {
                var set = ElementSet()
                set.anyMarker = true
                return .element(set)
            }
            guard EscapedText.isMarkerName(body) else { throw problem("bad marker name \"\(body)\"") }
            return .literal(markers.element(for: body))
        case "s", "S", "d", "D", "w", "W":
            var set = Self.fixedClass(escaped)
            if escaped == "S" || escaped == "D" || escaped == "W" { set.inverted = true }
            return .element(set)
        case "t": return .literal(0x09)
        case "r": return .literal(0x0D)
        case "n": return .literal(0x0A)
        case "f": return .literal(0x0C)
        case "v": return .literal(0x0B)
        case ".", "(", ")", "?", "[", "\\", "]", "{", "}", "*", "/", "^", "+", "|", "$", "-", ":":
            return .literal(escaped.value)
        default: throw problem("\\\(escaped) is not an allowed escape")
        }
    }

    /// `\s`, `\d`, `\w` (and the scalars of their negations), as the spec fixes them.
    static func fixedClass(_ name: Unicode.Scalar) -> ElementSet {
        var set = ElementSet()
        switch name {
        case "s", "S":
            for value: UInt32 in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F] {
                set.insert(value)
            }
            set.insert(0x3000)
            set.insert(0xFEFF)
            set.insert(0x2000...0x200A)
        case "d", "D": set.insert(0x30...0x39)
        default:
            set.insert(0x30...0x39)
            set.insert(0x41...0x5A)
            set.insert(0x61...0x7A)
            set.insert(0x5F)
        }
        return set
    }

    private mutating func parseClass() throws(TextProblem) -> ElementSet {
        var set = ElementSet()
        if peek == "^" {
            set.inverted = true
            index += 1
        }
        var members = 0
        while true {
            guard let scalar = peek else { throw problem("missing ]") }
            if scalar == "]", members > 0 {
                index += 1
                break
            }
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "m" {
                switch try parseEscape() {
                case .element(let marker): set.formUnion(marker)
                case .literal(let marker): set.insert(marker)
                default: throw problem("bad marker in a class")
                }
                members += 1
                continue
            }
            let first = try classCharacter()
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                let last = try classCharacter()
                guard first <= last else { throw problem("range out of order") }
                set.insert(first...last)
            } else {
                set.insert(first)
            }
            members += 1
        }
        return set
    }

    private mutating func classCharacter() throws(TextProblem) -> UInt32 {
        let scalar = scalars[index]
        var value = scalar.value
        if scalar == "\\" {
            guard index + 1 < scalars.count else { throw problem("\\ at the end") }
            let escaped = scalars[index + 1]
            if escaped == "u" {
                index += 2
                guard peek == "{", let close = scalars[index...].firstIndex(of: "}") else {
                    throw problem("\\u needs {…}")
                }
                let body = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                index = close + 1
                let values = try EscapedText.codePoints(body, in: body)
                guard values.count == 1 else { throw problem("one code point per \\u{…} in a class") }
                value = values[0]
            } else {
                index += 2
                switch escaped {
                case "t": value = 0x09
                case "r": value = 0x0D
                case "n": value = 0x0A
                case "f": value = 0x0C
                case "v": value = 0x0B
                case ".", "(", ")", "?", "[", "\\", "]", "{", "}", "*", "/", "^", "+", "|", "$", "-":
                    value = escaped.value
                default: throw problem("\\\(escaped) is not allowed in a class")
                }
            }
        } else {
            if scalar == "[" { throw problem("nested classes are not allowed; use a uset variable") }
            index += 1
        }
        if normalize, Normalization.decompose(value) != [value] {
            throw TextProblem(
                code: "non-nfd-class",
                message: "the class holds U+\(String(value, radix: 16, uppercase: true)), which is not NFD",
                fix: "write the alternatives out, (?:é|è), or use a set variable; classes match NFD text")
        }
        return value
    }
}
