import LayoutEngine

/// The keys bag while it loads: keys by index and id.
struct KeyBag {
    var list: [LDMLKey] = []
    var index: [String: Int] = [:]
}

extension LDMLLoading {
    /// `<keys>` (implied and imported keys first; a later key with the same id wins).
    mutating func readKeys(_ keys: (XMLNode, SourcePlace)?, rootPlace: SourcePlace) -> KeyBag {
        var raw: [(XMLNode, SourcePlace)] = []
        var rawIndex: [String: Int] = [:]
        let node =
            keys?.0
            ?? expandImports(
                XMLNode(name: "keys", attributes: [:], children: [], line: 0, column: 0, file: file), place: rootPlace)
        let place = keys?.1 ?? rootPlace.child(node)
        raw.reserveCapacity(node.children.count + 2)
        rawIndex.reserveCapacity(node.children.count + 2)
        var number = 0
        for child in node.children {
            guard child.name == "key" else {
                if child.name != "special" {
                    sink.error(
                        place.child(child), "unknown-element", "<\(child.name)> is not allowed in <keys>",
                        fix: "use <key>")
                }
                continue
            }
            let keyPlace =
                child.file == file
                ? place.child(child, index: number) : SourcePlace(file: child.file, node: child, path: "keys/key")
            if child.file == file { number += 1 }
            guard let id = require("id", of: child, place: keyPlace, example: "a-acute") else { continue }
            // One look-up for a new id (most are): a repeated one keeps its first place.
            if let existing = rawIndex.updateValue(raw.count, forKey: id) {
                rawIndex[id] = existing
                raw[existing] = (child, keyPlace)
            } else {
                raw.append((child, keyPlace))
            }
        }
        for implied in [("gap", ["gap": "true"]), ("space", ["output": " ", "stretch": "true"])]
        where rawIndex[implied.0] == nil {
            rawIndex[implied.0] = raw.count
            var attributes = implied.1
            attributes["id"] = implied.0
            raw.append(
                (XMLNode(name: "key", attributes: attributes, children: [], line: 0, column: 0, file: file), place))
        }
        var bag = KeyBag()
        bag.index = rawIndex
        bag.list.reserveCapacity(raw.count)
        for (child, keyPlace) in raw { bag.list.append(readKey(child, place: keyPlace, ids: rawIndex)) }
        return bag
    }

    /// One `<key>`: a key of the shipped imports is read once a process (`ShippedImportKeys`).
    private mutating func readKey(_ node: XMLNode, place: SourcePlace, ids: [String: Int]) -> LDMLKey {
        ShippedImportKeys.key(node, normalize: normalize) ?? readKeyAttributes(node, place: place, ids: ids)
    }

    /// One `<key>` read from its attributes.
    mutating func readKeyAttributes(_ node: XMLNode, place: SourcePlace, ids: [String: Int]) -> LDMLKey {
        let id = node["id"] ?? ""
        let isGap = node["gap"] == "true"
        var output: [UInt32] = []
        if let value = node["output"] { output = text(value, place: place, attribute: "output") ?? [] }
        var width = 1.0
        if let value = node["width"] {
            // The DTD's range (ldmlKeyboard3.dtd: @MATCH:range/0.01~100.0).
            if let number = Double(value), number.isFinite, (0.01...100).contains(number) {
                width = number
            } else {
                sink.error(
                    place, "bad-value", "width=\"\(value)\" must be a number of key widths from 0.01 to 100",
                    fix: "write e.g. width=\"1.5\"")
            }
        }
        func keyList(_ attribute: String) -> [Int] {
            guard let value = node[attribute] else { return [] }
            return value.split(whereSeparator: \.isListSeparator).compactMap { name in
                guard let index = ids[String(name)] else {
                    sink.error(
                        place, "unknown-key", "\(attribute) names the key \"\(name)\", which is not defined",
                        fix:
                            "define <key id=\"\(name)\" …/> or correct the id\(Self.suggestion(String(name), among: ids.keys))"
                    )
                    return nil
                }
                return index
            }
        }
        /// `keyList`, or none after an error when it lists more keys than a key may have.
        func limitedKeyList(_ attribute: String) -> [Int] {
            let keys = keyList(attribute)
            guard keys.count > LayoutLimits.alternates else { return keys }
            sink.error(
                place, "bad-value",
                "\(attribute) lists \(keys.count) keys; a key has at most \(LayoutLimits.alternates)",
                fix: "keep the \(LayoutLimits.alternates) most used")
            return []
        }
        let longPress = limitedKeyList("longPressKeyIds")
        let multiTap = limitedKeyList("multiTapKeyIds")
        if multiTap.contains(where: { ids[id] == $0 }) {
            sink.error(
                place, "self-reference", "the key \"\(id)\" lists itself in multiTapKeyIds",
                fix: "remove \"\(id)\" from the list")
        }
        var longPressDefault: Int?
        if let value = node["longPressDefaultKeyId"] {
            if let index = ids[value], longPress.contains(index) {
                longPressDefault = index
            } else {
                sink.error(
                    place, "bad-default", "longPressDefaultKeyId \"\(value)\" is not one of the longPressKeyIds",
                    fix: "add \"\(value)\" to longPressKeyIds or pick one of them")
            }
        }
        if isGap,
            ["output", "layerId", "flickId", "longPressKeyIds", "longPressDefaultKeyId", "multiTapKeyIds"].contains(
                where: { node[$0] != nil })
        {
            sink.error(
                place, "gap-with-output", "the gap key \"\(id)\" also has output or gestures",
                fix: "a gap key has only id, gap and width")
        }
        if !isGap, node["output"] == nil, node["layerId"] == nil {
            sink.warning(
                place, "key-does-nothing", "the key \"\(id)\" has no output, layerId or gap", fix: "add output=\"…\"")
        }
        return LDMLKey(
            id: id, output: output, outputText: TextElement.plainString(output),
            outputMarkers: output.compactMap { markers.name(of: $0) }, isGap: isGap, width: width,
            stretch: node["stretch"] == "true", layerID: node["layerId"], longPress: longPress,
            longPressDefault: longPressDefault, multiTap: multiTap, flickID: node["flickId"])
    }

    /// ", did you mean "x"?" for the closest id (fewest edits, ignoring case; the first in
    /// sorted order among equals), or "" when none is within a third of the name's length.
    /// A file naming many unknown keys among many defined ones stays fast: a candidate whose
    /// length alone puts it out of reach is skipped, and a distance stops once it is too far.
    static func suggestion<S: Sequence>(_ name: String, among candidates: S) -> String where S.Element == String {
        suggestion(name, among: lowercased(candidates))
    }

    /// Each name with its lowercase scalars, for `suggestion(_:among:)` asked many times of
    /// the same names (a row naming many unknown keys).
    static func lowercased<S: Sequence>(_ names: S) -> [(name: String, scalars: [Unicode.Scalar])]
    where S.Element == String {
        names.map { ($0, Array($0.lowercased().unicodeScalars)) }
    }

    /// `suggestion(_:among:)` among names already lowercased.
    static func suggestion(_ name: String, among candidates: [(name: String, scalars: [Unicode.Scalar])]) -> String {
        let wanted = Array(name.lowercased().unicodeScalars)
        var limit = max(1, name.count / 3)
        var best: String?
        var row: [Int] = []
        for (candidate, other) in candidates {
            guard abs(other.count - wanted.count) <= limit,
                let found = distance(wanted, other, atMost: limit, row: &row)
            else { continue }
            if best == nil || found < limit || candidate < best! {
                best = candidate
                limit = found
            }
        }
        return best.map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The edit distance between two scalar strings, or nil when it exceeds `limit` (the row
    /// is the caller's buffer, reused across calls).
    private static func distance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int, row: inout [Int]
    ) -> Int? {
        row.removeAll(keepingCapacity: true)
        row.append(contentsOf: 0...b.count)
        for i in a.indices {
            var diagonal = row[0]
            row[0] = i + 1
            var smallest = row[0]
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (a[i] == b[j] ? 0 : 1))
                diagonal = above
                smallest = min(smallest, row[j + 1])
            }
            if smallest > limit { return nil }
        }
        return row[b.count] <= limit ? row[b.count] : nil
    }

    /// `<flicks>`.
    mutating func readFlicks(_ flicks: (XMLNode, SourcePlace)?, keys: KeyBag) -> [String: [LDMLFlickSegment]] {
        var result: [String: [LDMLFlickSegment]] = [:]
        if let (node, place) = flicks {
            for (number, flick) in node.children(named: "flick").enumerated() {
                let flickPlace = place.child(flick, index: number)
                guard let id = require("id", of: flick, place: flickPlace, example: "a-flicks") else { continue }
                var segments: [LDMLFlickSegment] = []
                for (segmentNumber, segment) in flick.children(named: "flickSegment").enumerated() {
                    let segmentPlace = flickPlace.child(segment, index: segmentNumber)
                    guard let directions = require("directions", of: segment, place: segmentPlace, example: "nw se"),
                        let keyID = require("keyId", of: segment, place: segmentPlace, example: "a-grave")
                    else { continue }
                    let path = LDMLFlickDirection.list(directions) { word in
                        sink.error(
                            segmentPlace, "bad-direction", "\"\(word)\" is not a flick direction",
                            fix: "use n ne e se s sw w nw")
                    }
                    guard let key = keys.index[keyID] else {
                        sink.error(
                            segmentPlace, "unknown-key", "keyId \"\(keyID)\" is not defined",
                            fix: "define <key id=\"\(keyID)\"/>\(Self.suggestion(keyID, among: keys.index.keys))")
                        continue
                    }
                    if path.isEmpty {
                        sink.error(
                            segmentPlace, "bad-direction", "a flick segment without directions",
                            fix: "write e.g. directions=\"ne\"")
                    }
                    segments.append(LDMLFlickSegment(directions: path, key: key))
                }
                result[id] = segments
            }
        }
        for key in keys.list {
            if let flickID = key.flickID, result[flickID] == nil {
                sink.error(
                    SourcePlace(file: file, line: 0, column: 0, path: "keyboard3/keys/key[@id=\(key.id)]"),
                    "unknown-flick",
                    "the key \"\(key.id)\" names the flick \"\(flickID)\", which is not defined",
                    fix: "add <flick id=\"\(flickID)\"> to <flicks>")
            }
        }
        return result
    }

    /// `<displays>`.
    mutating func readDisplays(_ displays: (XMLNode, SourcePlace)?) -> (list: [LDMLDisplay], base: String?) {
        guard let (node, place) = displays else { return ([], nil) }
        var list: [LDMLDisplay] = []
        for (number, display) in node.children(named: "display").enumerated() {
            let displayPlace = place.child(display, index: number)
            guard let shown = require("display", of: display, place: displayPlace, example: "´") else { continue }
            let output = display["output"].flatMap { text($0, place: displayPlace, attribute: "output") }
            if output == nil, display["keyId"] == nil {
                sink.error(
                    displayPlace, "missing-attribute", "<display> needs output or keyId",
                    fix: "add output=\"…\" or keyId=\"…\"")
            }
            let shownText =
                text(shown, place: displayPlace, attribute: "display", allowMarkers: false).map(TextElement.plainString)
                ?? shown
            list.append(LDMLDisplay(output: output, keyID: display["keyId"], display: shownText))
        }
        let base = node.children(named: "displayOptions").first?["baseCharacter"]
        return (list, base.map(EscapedText.unescapeTestText))
    }
}
