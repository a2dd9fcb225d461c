/// The `to=` of a transform, parsed: literal elements, captured groups and mapped sets.
struct Replacement: Sendable {
    enum Part: Sendable {
        case elements([UInt32])
        /// `$0` … `$9`.
        case capture(Int)
        /// `$[n:target]`: the item of `target` at the index the captured text has in `source`.
        case mapped(group: Int, source: [[UInt32]], target: [[UInt32]])
    }

    var parts: [Part]
    /// For a replacement that is one mapped set whose source items are single elements:
    /// those elements, so the item is found by one scan of a flat array.
    private let singleSource: [UInt32]?

    init(parts: [Part]) {
        self.parts = parts
        if parts.count == 1, case .mapped(_, let source, _) = parts[0], source.allSatisfy({ $0.count == 1 }) {
            singleSource = source.map { $0[0] }
        } else {
            singleSource = nil
        }
    }

    /// Builds the output for a match with capture `slots` in `text`; slots are offsets
    /// from `base` (−1 for a group that took no part).
    func output(_ text: [UInt32], slots: [Int], base: Int = 0) -> [UInt32] {
        if parts.count == 1 {
            switch parts[0] {
            case .elements(let elements): return elements
            case .mapped(let group, _, let target) where singleSource != nil:
                guard let keys = singleSource, slots[2 * group] >= 0, slots[2 * group + 1] == slots[2 * group] + 1,
                    let position = keys.firstIndex(of: text[base + slots[2 * group]]), position < target.count
                else { return [] }
                return target[position]
            default: break
            }
        }
        var result: [UInt32] = []
        for part in parts {
            switch part {
            case .elements(let elements): result += elements
            case .capture(let group):
                guard slots[2 * group] >= 0 else { continue }
                let start = base + slots[2 * group]
                let end = base + slots[2 * group + 1]
                if end >= start { result += text[start..<end] }
            case .mapped(let group, let source, let target):
                guard slots[2 * group] >= 0 else { continue }
                let start = base + slots[2 * group]
                let end = base + slots[2 * group + 1]
                guard end >= start else { continue }
                var position = 0
                while position < source.count {
                    let item = source[position]
                    if item.count == end - start, item.indices.allSatisfy({ item[$0] == text[start + $0] }) { break }
                    position += 1
                }
                if position < source.count, position < target.count { result += target[position] }
            }
        }
        return result
    }

    /// Parses `to` (UTS #35 Part 7, "Replacement syntax") against its pattern.
    static func parse(
        _ text: String, pattern: ParsedPattern, variables: PatternVariables, markers: inout MarkerTable,
        normalize: Bool
    ) throws(TextProblem) -> Replacement {
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var literal: [UInt32] = []
        func flush() {
            guard !literal.isEmpty else { return }
            parts.append(.elements(normalize ? Normalization.nfd(literal) : literal))
            literal.removeAll()
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "$", let next {
                if next == "$" {
                    literal.append(0x24)
                    index += 2
                } else if let digit = Int(String(next)), next.isASCII {
                    guard digit <= pattern.captureCount else {
                        throw TextProblem(
                            code: "unknown-group", message: "$\(digit) names a group the pattern does not have",
                            fix: "the from= pattern has \(pattern.captureCount) capture group(s)")
                    }
                    flush()
                    parts.append(.capture(digit))
                    index += 2
                } else if next == "{" || next == "[" {
                    let closer: Unicode.Scalar = next == "{" ? "}" : "]"
                    guard let close = scalars[(index + 2)...].firstIndex(of: closer) else {
                        throw TextProblem(
                            code: "bad-replacement", message: "unclosed $\(next) in \"\(text)\"", fix: "close it")
                    }
                    let body = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                    index = close + 1
                    if next == "{" {
                        guard let value = variables.strings[body] else {
                            throw TextProblem(
                                code: "unknown-variable", message: "no string variable \"\(body)\"",
                                fix: "define <string id=\"\(body)\"/> in <variables>")
                        }
                        literal += value
                    } else {
                        flush()
                        parts.append(try mapped(body, pattern: pattern, variables: variables))
                    }
                } else {
                    throw TextProblem(
                        code: "bad-replacement", message: "a lone $ in \"\(text)\"",
                        fix: "write $$ or \\$ for a dollar sign")
                }
            } else if scalar == "\\", let next {
                if next == "u" || next == "m" {
                    guard index + 2 < scalars.count, scalars[index + 2] == "{",
                        let close = scalars[(index + 3)...].firstIndex(of: "}")
                    else {
                        throw TextProblem(code: "bad-escape", message: "\\\(next) without {…}", fix: "write \\u{…}")
                    }
                    let body = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
                    if next == "u" {
                        literal += try EscapedText.codePoints(body, in: text)
                    } else {
                        guard EscapedText.isMarkerName(body) else {
                            throw TextProblem(
                                code: "bad-marker", message: "bad marker \\m{\(body)}", fix: "use an NMTOKEN")
                        }
                        literal.append(markers.element(for: body))
                    }
                    index = close + 1
                } else {
                    literal.append(next.value)
                    index += 2
                }
            } else {
                try EscapedText.checkCharacter(scalar.value, in: text)
                literal.append(scalar.value)
                index += 1
            }
        }
        flush()
        return Replacement(parts: parts)
    }

    private static func mapped(
        _ body: String, pattern: ParsedPattern, variables: PatternVariables
    ) throws(TextProblem) -> Part {
        let pieces = body.split(separator: ":", maxSplits: 1).map(String.init)
        guard pieces.count == 2, let group = Int(pieces[0]), (1...9).contains(group) else {
            throw TextProblem(
                code: "bad-replacement", message: "$[\(body)] is not a mapped set", fix: "write $[1:setName]")
        }
        guard let sourceName = pattern.captureSets[group], let source = variables.sets[sourceName] else {
            throw TextProblem(
                code: "unmapped-group", message: "group \(group) of the pattern does not hold exactly one $[set]",
                fix: "capture exactly one set variable: from=\"($[upper])\"")
        }
        guard let target = variables.sets[pieces[1]] else {
            throw TextProblem(
                code: "unknown-variable", message: "no set variable \"\(pieces[1])\"",
                fix: "define <set id=\"\(pieces[1])\" value=\"…\"/> (uset cannot be mapped)")
        }
        guard target.count == source.count else {
            throw TextProblem(
                code: "set-size-mismatch",
                message: "set \"\(sourceName)\" has \(source.count) items but \"\(pieces[1])\" has \(target.count)",
                fix: "give both sets the same number of space-separated items")
        }
        return .mapped(group: group, source: source, target: target)
    }
}

/// One `<transform>`: a compiled pattern and its replacement.
final class TransformRule: Sendable {
    let program: PatternProgram
    let replacement: Replacement

    init(program: PatternProgram, replacement: Replacement) {
        self.program = program
        self.replacement = replacement
    }
}

/// A `<transformGroup>` of transforms, with a table that says, for the last element of
/// the context, which rules can match at all (most keys rule every transform out with one
/// array look-up).
final class RuleGroup: Sendable {
    let rules: [TransformRule]
    /// For each scalar below 0x800, a bit per rule (the first 64) that may end with it.
    private let lowMasks: [UInt64]
    /// The rules that may end with a scalar from 0x800 or a marker.
    private let otherMask: UInt64
    /// For each scalar below 0x800, a bit per rule that may match with it just before the
    /// last element (rules of two elements check their first; others always may).
    private let previousMasks: [UInt64]
    /// The same for scalars from 0x800 (a dead key's rules are ruled out after `€`).
    private let previousHigh: UInt64
    /// The same for markers, by number (those past the table: `previousOther`): the rules
    /// of a marker (`\m{caret}e`) are ruled out after another marker (a dead key's pairs).
    private let previousMarkerMasks: [UInt64]
    private let previousOther: UInt64
    /// For a context of `n` elements (`n` below 32; the last for 32 and more), a bit per rule
    /// whose shortest match fits in it: a short context (a session's first keys, the pairs
    /// `textCompositions` types) rules out the longer rules without trying each.
    private let fittingMasks: [UInt64]
    /// The rules after the 64th that may end with a given element.
    let later: LaterRuleIndex
    /// The shortest match of the rules after the 64th (`Int.max` when there are none).
    let laterMinLength: Int

    init(rules: [TransformRule]) {
        self.rules = rules
        later = LaterRuleIndex(rules)
        // A word of a set holding all (none) of its 64 scalars sets (clears) the rule's bit
        // in the 64 masks at once, in one pass at the end: a rule after any scalar, or after
        // a marker alone, touches its bit in 2,048 masks one by one no more.
        var lowWhole = [UInt64](repeating: 0, count: 32)
        var low = [UInt64](repeating: 0, count: 0x800)
        var other: UInt64 = 0
        for (index, rule) in rules.prefix(64).enumerated() {
            let bit: UInt64 = 1 << UInt64(index)
            guard let last = rule.program.lastSet else {
                for word in lowWhole.indices { lowWhole[word] |= bit }
                other |= bit
                continue
            }
            for (word, bits) in last.lowWords.enumerated() where bits != 0 {
                if bits == ~0 {
                    lowWhole[word] |= bit
                    continue
                }
                var remaining = bits
                while remaining != 0 {
                    low[word * 64 + remaining.trailingZeroBitCount] |= bit
                    remaining &= remaining - 1
                }
            }
            if last.mayHoldHigh { other |= bit }
        }
        var previousWhole = [UInt64](repeating: 0, count: 32)
        var previous = [UInt64](repeating: ~0, count: 0x800)
        var previousHigh: UInt64 = ~0
        var previousOther: UInt64 = ~0
        for (index, rule) in rules.prefix(64).enumerated() {
            guard let first = rule.program.firstOfTwo else { continue }
            let bit: UInt64 = 1 << UInt64(index)
            for (word, bits) in first.lowWords.enumerated() where bits != ~0 {
                if bits == 0 {
                    previousWhole[word] |= bit
                    continue
                }
                var missing = ~bits
                while missing != 0 {
                    previous[word * 64 + missing.trailingZeroBitCount] &= ~bit
                    missing &= missing - 1
                }
            }
            if !first.inverted, first.ranges.isEmpty { previousHigh &= ~bit }
            if first.inverted || (!first.anyMarker && first.markers.isEmpty) { previousOther &= ~bit }
        }
        for value in 0..<0x800 {
            low[value] |= lowWhole[value >> 6]
            previous[value] &= ~previousWhole[value >> 6]
        }
        lowMasks = low
        otherMask = other
        previousMasks = previous
        self.previousHigh = previousHigh
        self.previousOther = previousOther
        previousMarkerMasks = Self.previousMarkerMasks(rules.prefix(64), other: previousOther)
        var fitting = [UInt64](repeating: 0, count: 33)
        for (index, rule) in rules.prefix(64).enumerated() {
            for count in min(rule.program.minLength, 32)...32 { fitting[count] |= 1 << UInt64(index) }
        }
        fittingMasks = fitting
        laterMinLength = rules.dropFirst(64).map(\.program.minLength).min() ?? .max
    }

    /// The rules (of the first 64) whose shortest match fits in a context of `count` elements.
    @inline(__always) func fitting(_ count: Int) -> UInt64 {
        fittingMasks[min(count, 32)]
    }

    /// Bitmap words (32, a bit per scalar below 0x800) of the scalars after which some rule
    /// may match a context ending with `last`: what `candidates(endingWith:after:)` says
    /// for each, worked out a word at a time.
    func previousWords(endingWith last: UInt32) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 32)
        var mask = candidates(endingWith: last)
        while mask != 0 {
            let program = rules[mask.trailingZeroBitCount].program
            mask &= mask - 1
            guard let first = program.firstOfTwo else { return [UInt64](repeating: ~0, count: 32) }
            for (word, bits) in first.lowWords.enumerated() { words[word] |= bits }
        }
        return words
    }

    /// The rules worth trying when the context ends with `previous` then `last`.
    @inline(__always) func candidates(endingWith last: UInt32, after previous: UInt32) -> UInt64 {
        if previous < 0x800 { return candidates(endingWith: last) & previousMasks[Int(previous)] }
        if !TextElement.isMarker(previous) { return candidates(endingWith: last) & previousHigh }
        let marker = Int(truncatingIfNeeded: previous &- TextElement.markerBase)
        let mask = marker < previousMarkerMasks.count ? previousMarkerMasks[marker] : previousOther
        return candidates(endingWith: last) & mask
    }

    /// `previousMarkerMasks`: for each marker up to the highest a two-element rule's first
    /// element names (at most 4,096), the rules that may match with it just before the last.
    private static func previousMarkerMasks(_ rules: ArraySlice<TransformRule>, other: UInt64) -> [UInt64] {
        let firsts = rules.enumerated().compactMap { index, rule -> (bit: UInt64, first: ElementSet)? in
            rule.program.firstOfTwo.map { (1 << UInt64(index), $0) }
        }
        let named = firsts.flatMap(\.first.markers).map { Int($0 - TextElement.markerBase) }
        guard let highest = named.max(), highest < 4096 else { return [] }
        var masks = [UInt64](repeating: other, count: highest + 1)
        for (bit, first) in firsts where !first.anyMarker || first.inverted {
            for marker in masks.indices where !first.contains(TextElement.marker(marker)) { masks[marker] &= ~bit }
        }
        return masks
    }

    /// The rules worth trying when the context ends with `last` (a bit per rule of the first
    /// 64; `later` says which of the rest).
    @inline(__always) func candidates(endingWith last: UInt32) -> UInt64 {
        last < 0x800 ? lowMasks[Int(last)] : otherMask
    }
}
