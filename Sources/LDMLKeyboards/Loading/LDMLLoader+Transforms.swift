extension LDMLLoading {
    /// The groups of one `<transforms>` element.
    mutating func readTransforms(_ node: XMLNode, place: SourcePlace) -> [TransformGroup] {
        var groups: [TransformGroup] = []
        for (number, groupNode) in node.children(named: "transformGroup").enumerated() {
            let groupPlace = place.child(groupNode, index: number)
            let transforms = groupNode.children(named: "transform")
            let reorders = groupNode.children(named: "reorder")
            if !transforms.isEmpty, !reorders.isEmpty {
                sink.error(
                    groupPlace, "mixed-group", "a transformGroup holds both <transform> and <reorder>",
                    fix: "put the reorders in a transformGroup of their own")
                continue
            }
            if transforms.isEmpty, reorders.isEmpty {
                sink.error(
                    groupPlace, "empty-group", "an empty transformGroup",
                    fix: "add <transform> or <reorder> elements, or remove it")
                continue
            }
            if reorders.isEmpty {
                var rules: [TransformRule] = []
                for (ruleNumber, rule) in transforms.enumerated() {
                    if let compiled = readTransform(rule, place: groupPlace.child(rule, index: ruleNumber)) {
                        rules.append(compiled)
                    }
                }
                groups.append(.rules(RuleGroup(rules: rules)))
            } else {
                var rules: [ReorderRule] = []
                for (ruleNumber, rule) in reorders.enumerated() {
                    if let parsed = readReorder(rule, place: groupPlace.child(rule, index: ruleNumber)) {
                        rules.append(parsed)
                    }
                }
                groups.append(.reorder(ReorderGroup(rules: rules)))
            }
        }
        return groups
    }

    private mutating func readTransform(_ node: XMLNode, place: SourcePlace) -> TransformRule? {
        guard let from = require("from", of: node, place: place, example: "`e") else { return nil }
        do {
            // A pattern written again (a backspace transform's `from` as a simple one's) parses
            // and compiles as it did: the variables are read before the transforms, and its
            // markers are numbered already.
            let pattern: ParsedPattern
            let program: PatternProgram
            if let compiled = compiledPatterns[from] {
                (pattern, program) = compiled
            } else {
                pattern = try PatternParser.parse(from, variables: variables, markers: &markers, normalize: normalize)
                program = try PatternProgram(pattern)
                compiledPatterns[from] = (pattern, program)
            }
            let replacement = try Replacement.parse(
                node["to"] ?? "", pattern: pattern, variables: variables, markers: &markers, normalize: normalize)
            return TransformRule(program: program, replacement: replacement)
        } catch {
            sink.error(place, error.code, error.message, fix: error.fix)
            return nil
        }
    }

    private mutating func readReorder(_ node: XMLNode, place: SourcePlace) -> ReorderRule? {
        guard let fromText = require("from", of: node, place: place, example: "\\u{1A60}") else { return nil }
        do {
            let from = try Self.reorderElements(fromText)
            let before = try node["before"].map(Self.reorderElements) ?? []
            guard !from.isEmpty else {
                sink.error(place, "bad-value", "from=\"\" matches nothing", fix: "give the characters to reorder")
                return nil
            }
            func integers(_ name: String) -> [Int]? {
                guard let value = node[name] else { return [] }
                let numbers = value.split(whereSeparator: \.isListSeparator).map { Int($0) }
                guard numbers.allSatisfy({ $0.map { (-128...127).contains($0) } == true }), numbers.count <= from.count
                else {
                    sink.error(
                        place, "bad-value",
                        "\(name)=\"\(value)\" must be up to \(from.count) integers from -128 to 127",
                        fix: "give one weight, or one per character of from")
                    return nil
                }
                return numbers.compactMap { $0 }
            }
            func flags(_ name: String) -> [Bool]? {
                guard let value = node[name] else { return [] }
                let words = value.split(whereSeparator: \.isListSeparator)
                let result = words.map {
                    ["true", "1"].contains($0) ? true : (["false", "0"].contains($0) ? false : nil)
                }
                guard result.allSatisfy({ $0 != nil }), result.count <= from.count else {
                    sink.error(
                        place, "bad-value", "\(name)=\"\(value)\" must be true/false values",
                        fix: "write e.g. \(name)=\"true\"")
                    return nil
                }
                return result.compactMap { $0 }
            }
            guard let order = integers("order"), let tertiary = integers("tertiary"),
                let tertiaryBase = flags("tertiaryBase"), let preBase = flags("preBase")
            else { return nil }
            for index in from.indices {
                let t = tertiary.isEmpty ? 0 : tertiary[min(index, tertiary.count - 1)]
                let o = order.isEmpty ? 0 : order[min(index, order.count - 1)]
                if t != 0, o != 0 {
                    sink.error(
                        place, "bad-value", "a character has both an order and a tertiary weight",
                        fix: "give tertiary characters order 0")
                    return nil
                }
            }
            return ReorderRule(
                from: from, before: before, order: order, tertiary: tertiary, tertiaryBase: tertiaryBase,
                preBase: preBase)
        } catch {
            sink.error(place, error.code, error.message, fix: error.fix)
            return nil
        }
    }

    /// A reorder `from`/`before`: each element one code point or a UnicodeSet.
    static func reorderElements(_ text: String) throws(TextProblem) -> [ScalarRanges] {
        let scalars = Array(text.unicodeScalars)
        var result: [ScalarRanges] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "[" {
                let (set, next) = try UnicodeSetParser.parse(scalars, at: index)
                result.append(set)
                index = next
            } else if scalars[index] == "\\", index + 2 < scalars.count, scalars[index + 1] == "u",
                scalars[index + 2] == "{",
                let close = scalars[index...].firstIndex(of: "}")
            {
                let body = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
                for value in try EscapedText.codePoints(body, in: text) { result.append(ScalarRanges([value...value])) }
                index = close + 1
            } else if scalars[index].properties.isWhitespace {
                index += 1
            } else {
                result.append(ScalarRanges([scalars[index].value...scalars[index].value]))
                index += 1
            }
        }
        return result
    }
}
