import Foundation

extension LDMLLoading {
    /// `<variables>`: `string`, `set` and `uset` in order (a variable may use earlier ones).
    mutating func readVariables(_ node: XMLNode, place: SourcePlace) {
        // Variables may name ones defined later in the file (as other implementations
        // allow): read in passes until nothing more resolves, reporting only the last pass.
        var done: Set<Int> = []
        while true {
            let saved = sink
            sink = DiagnosticSink()
            let before = done.count
            readVariablePass(node, place: place, done: &done)
            let failures = sink
            sink = saved
            if !failures.hasErrors || done.count == before {
                sink.diagnostics += failures.diagnostics
                return
            }
        }
    }

    private mutating func readVariablePass(_ node: XMLNode, place: SourcePlace, done: inout Set<Int>) {
        var seen: Set<String> = []
        var counts: [String: Int] = [:]
        for (position, child) in node.children.enumerated() {
            let number = counts[child.name, default: 0]
            counts[child.name] = number + 1
            if done.contains(position) {
                if let id = child["id"] { seen.insert(id) }
                continue
            }
            let childPlace = place.child(child, index: number)
            guard ["string", "set", "uset"].contains(child.name) else {
                if child.name != "special" {
                    sink.error(
                        childPlace, "unknown-element", "<\(child.name)> is not allowed in <variables>",
                        fix: "use <string>, <set> or <uset>")
                }
                continue
            }
            guard let id = require("id", of: child, place: childPlace, example: "vowels"),
                let value = require("value", of: child, place: childPlace, example: "a e i o u")
            else { continue }
            guard id.count <= 32,
                id.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }), !id.isEmpty
            else {
                sink.error(
                    childPlace, "bad-id", "variable id \"\(id)\" is not 1–32 of [0-9A-Za-z_]",
                    fix: "rename it, e.g. \"acute_vowels\"")
                continue
            }
            guard seen.insert(id).inserted else {
                sink.error(
                    childPlace, "duplicate-id", "a second variable \"\(id)\"",
                    fix: "ids are unique across string, set and uset; rename one")
                continue
            }
            switch child.name {
            case "string":
                if let elements = text(value, place: childPlace, attribute: "value") {
                    variables.strings[id] = elements
                    done.insert(position)
                }
            case "set":
                if let items = setItems(value, place: childPlace) {
                    variables.sets[id] = items
                    done.insert(position)
                }
            default:
                do {
                    var unescaped = value
                    for (name, elements) in variables.strings {
                        unescaped = unescaped.replacingOccurrences(
                            of: "${\(name)}", with: TextElement.plainString(elements))
                    }
                    variables.usets[id] = try UnicodeSetParser.parse(
                        unescaped.trimmingCharacters(in: .whitespaces), variables: variables.usets)
                    done.insert(position)
                } catch {
                    sink.error(childPlace, error.code, "value: \(error.message)", fix: error.fix)
                }
            }
        }
    }

    /// The most items a `set` may hold, its earlier sets expanded: sets that repeat earlier
    /// sets (`$[s] $[s]`) double at each step, 24 steps were 551 MB.
    static let maximumSetItems = 10_000

    /// The items of a `set` value: whitespace-separated strings, `$[set]` expanding to an
    /// earlier set's items.
    private mutating func setItems(_ value: String, place: SourcePlace) -> [[UInt32]]? {
        var items: [[UInt32]] = []
        for token in Self.tokens(value) {
            guard items.count <= Self.maximumSetItems else { break }
            if token.hasPrefix("$["), token.hasSuffix("]") {
                let name = String(token.dropFirst(2).dropLast())
                guard let other = variables.sets[name] else {
                    sink.error(
                        place, "unknown-variable", "no set variable \"\(name)\"",
                        fix: "define <set id=\"\(name)\"/> before this one")
                    return nil
                }
                items += other
            } else {
                guard let elements = text(token, place: place, attribute: "value") else { return nil }
                items.append(elements)
            }
        }
        guard items.count <= Self.maximumSetItems else {
            sink.error(
                place, "too-long", "value holds more than \(Self.maximumSetItems) items, earlier sets expanded",
                fix: "use fewer or smaller $[…] sets")
            return nil
        }
        return items
    }

    /// Splits on whitespace outside `{…}` (so `\u{61 301}` stays one token).
    static func tokens(_ value: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var depth = 0
        for character in value {
            if character == "{" { depth += 1 }
            if character == "}" { depth = max(0, depth - 1) }
            if character.isListSeparator, depth == 0 {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
