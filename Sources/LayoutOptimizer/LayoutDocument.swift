import LayoutEngine

/// A layout file held as its JSON, with the base layer's movable keys (letters and accent
/// keys) found, so that a placement can be written back as a file that loads and types.
///
/// A *slot* is a place in a base-layer row that holds a movable key; its width stays with
/// the slot, so rows keep their shape. Action keys (shift, space, layer keys…) and gaps never
/// move. A layout file with its own `shift` layer of the same shape has it moved alike.
public struct LayoutDocument: Sendable {
    /// One movable key as the file gives it.
    public struct Content: Sendable {
        /// What the report calls it: its text, or the accent's mark.
        public let label: String
        /// Whether it is an accent key.
        public let isAccent: Bool
        /// Whether it types a letter.
        public let isLetter: Bool
        /// Its long-press alternates, in file order.
        public let longPress: [String]
        /// The members of its JSON object, width left out (the width belongs to the slot).
        let members: [JSONMember]
    }

    /// A place of a movable key: the row and the position among the row's JSON entries.
    public struct Slot: Hashable, Sendable {
        /// The base layer's row, from the top.
        public let row: Int
        /// The entry's index in the row's `keys` array.
        public let entry: Int
        /// The key's index among the row's keys (gaps left out), as `Layout.keys` orders them.
        public let column: Int
    }

    /// The parsed file.
    let root: [JSONMember]
    /// The layers moved alike: indices into the file's `layers` array (base, then an
    /// explicit shift layer of the same shape).
    let movedLayers: [Int]
    /// The movable places of the base layer, in reading order.
    public let slots: [Slot]
    /// Per moved layer, per slot: the key the file puts there.
    public let contents: [[Content]]
    /// The layout's id.
    public let id: String

    /// Reads a layout file's bytes.
    /// - Throws: `OptimizerError` when the bytes are not a layout file with a base layer.
    public init(bytes: [UInt8], file: String) throws(OptimizerError) {
        let parsed: JSONNode
        do {
            parsed = try JSONParser.parse(bytes)
        } catch {
            throw OptimizerError("\(file): \(error.description): not JSON; check the layout with `kbdsim --layout`")
        }
        guard case .object(let root) = parsed.value, case .array(let layers)? = root["layers"]?.value else {
            throw OptimizerError("\(file): no \"layers\" array; give a layout file that `kbdsim --layout` loads")
        }
        self.root = root
        if case .string(let id)? = root["id"]?.value { self.id = id } else { self.id = "layout" }
        let layerIDs = layers.map { layer -> String? in
            if case .string(let id)? = layer.value["id"]?.value { return id }
            return nil
        }
        let base = layerIDs.firstIndex(of: "base") ?? 0
        guard layers.indices.contains(base) else {
            throw OptimizerError("\(file): the layout has no layers; add a \"base\" layer")
        }
        let baseSlots = Self.slots(of: layers[base].value)
        var moved = [base]
        var contents = [baseSlots.map(\.content)]
        if let shift = layerIDs.firstIndex(of: "shift") {
            let shiftSlots = Self.slots(of: layers[shift].value)
            guard shiftSlots.map(\.slot) == baseSlots.map(\.slot) else {
                throw OptimizerError(
                    "\(file): the \"shift\" layer's letters and accent keys are not where the base layer has them; "
                        + "give both layers the same shape, or leave shift out (it is made from base)")
            }
            moved.append(shift)
            contents.append(shiftSlots.map(\.content))
        }
        movedLayers = moved
        slots = baseSlots.map(\.slot)
        self.contents = contents
    }

    /// The movable keys of a layer object, in reading order.
    private static func slots(of layer: JSONValue) -> [(slot: Slot, content: Content)] {
        guard case .array(let rows)? = layer["rows"]?.value else { return [] }
        var found: [(Slot, Content)] = []
        for (rowIndex, row) in rows.enumerated() {
            guard case .array(let keys)? = row.value["keys"]?.value else { continue }
            var column = 0
            for (entry, key) in keys.enumerated() {
                guard case .object(let members) = key.value else { continue }
                if members["gap"] != nil { continue }
                defer { column += 1 }
                let text: String? = if case .string(let text)? = members["text"]?.value { text } else { nil }
                let accent: String? = if case .string(let name)? = members["accent"]?.value { name } else { nil }
                guard text != nil || accent != nil else { continue }
                var longPress: [String] = []
                if case .array(let items)? = members["longPress"]?.value {
                    longPress = items.compactMap { if case .string(let item) = $0.value { item } else { nil } }
                }
                let label = text ?? AccentName(rawValue: accent ?? "")?.symbol ?? (accent ?? "")
                let content = Content(
                    label: label, isAccent: accent != nil,
                    isLetter: text.map { $0.unicodeScalars.first?.properties.isAlphabetic ?? false } ?? false,
                    longPress: longPress, members: members.filter { $0.key != "width" })
                found.append((Slot(row: rowIndex, entry: entry, column: column), content))
            }
        }
        return found
    }

    /// The file for `placement`, with a new id and name when given.
    public func json(
        for placement: Placement, id newID: String? = nil, name: String? = nil, note: String? = nil
    ) -> String {
        var root = self.root
        guard case .array(var layers)? = root["layers"]?.value else { return JSONWriter.write(.object(root)) }
        for (variant, layerIndex) in movedLayers.enumerated() {
            layers[layerIndex].value = placed(layers[layerIndex].value, variant: variant, placement)
        }
        root.set("layers", .array(layers))
        if let newID { root.set("id", .string(newID)) }
        if let name { root.set("name", .string(name)) }
        if let note {
            let description: String = if case .string(let text)? = root["description"]?.value { text + " " } else { "" }
            root.set("description", .string(description + note))
        }
        return JSONWriter.write(.object(root))
    }

    private func placed(_ layer: JSONValue, variant: Int, _ placement: Placement) -> JSONValue {
        guard case .object(var members) = layer, case .array(var rows)? = members["rows"]?.value else { return layer }
        for (slotIndex, slot) in slots.enumerated() {
            guard case .object(var row) = rows[slot.row].value, case .array(var keys)? = row["keys"]?.value,
                case .object(let old) = keys[slot.entry].value
            else { continue }
            let contentIndex = placement.slots[slotIndex]
            let content = contents[variant][contentIndex]
            var new = content.members
            if let width = old.first(where: { $0.key == "width" }) { new.append(width) }
            let order = placement.orders[contentIndex]
            if !order.isEmpty, content.longPress.count == order.count {
                let items = order.map {
                    JSONNode(value: .string(content.longPress[$0]), location: keys[slot.entry].location)
                }
                new.set("longPress", .array(items))
            }
            keys[slot.entry].value = .object(new)
            row.set("keys", .array(keys))
            rows[slot.row].value = .object(row)
        }
        members.set("rows", .array(rows))
        return .object(members)
    }
}

extension [JSONMember] {
    /// The value of the first member named `key`.
    subscript(key: String) -> JSONNode? { first { $0.key == key }?.value }

    /// Replaces the first member named `key`, or adds one.
    mutating func set(_ key: String, _ value: JSONValue) {
        let location = SourcePosition(line: 0, column: 0, offset: 0)
        if let index = firstIndex(where: { $0.key == key }) {
            self[index].value = JSONNode(value: value, location: self[index].value.location)
        } else {
            append(JSONMember(key: key, keyLocation: location, value: JSONNode(value: value, location: location)))
        }
    }
}

extension JSONValue {
    subscript(key: String) -> JSONNode? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
