import LayoutEngine

/// The physical shape of a CLDR hardware form (`us`, `iso`, `abnt2`, `jis`, `ks`): the
/// frame keys around each row of the form's keys, in key units on a keyboard 15 units wide,
/// so a hardware layout is drawn as the keyboard it names.
///
/// The widths are those of the common physical boards (ISO/IEC 9995 and the usual ANSI,
/// ABNT2, JIS and KS boards): ANSI's 2-unit Backspace, 1.5-unit Tab and `\`, 1.75-unit Caps
/// Lock, 2.25-unit Enter and left Shift; ISO's tall Enter (1.5 units over 1.25), its short
/// left Shift and the extra key left of Z; ABNT2's extra key right of `/`; JIS's and KS's
/// extra key before a 1-unit Backspace (JIS: ¥; KS: ₩) and JIS's extra key right of `/`.
/// The space row is the space bar of 6.25 units after 3.75 units of frame keys.
/// Frame keys are drawn as what the layout can do with them: Backspace, Enter, Shift (with
/// a `shift` layer), Caps Lock (with a `caps` layer) and AltGr right of the space bar (with
/// an `altR` or `alt-ctrl` layer: a latch, as on XKB layouts) as keys, the others as space.
///
/// The AltGr layer's shifted layer is the one with shift added (`shift-altR`).
struct LDMLHardwareForm {
    /// A frame key: what it does (`nil`: drawn as space), its width and label.
    struct Frame {
        let action: KeyDefinition.Action?
        let width: Double
        var label: String?
    }

    /// The layer AltGr reaches among `layerIDs`, if any.
    static func altGrLayer(_ layerIDs: [String]) -> String? {
        ["altR", "alt-ctrl"].first { layerIDs.contains($0) }
    }

    /// One row: the frame keys before and after the form's keys, and the width of its last
    /// key when that is not 1 (ANSI's `\`).
    struct Row {
        var leading: [Frame] = []
        var trailing: [Frame] = []
        var lastKeyWidth: Double = 1
        var keyWidth: Double = 1
    }

    let rows: [Row]
    /// Keys per row of the form (its scan codes).
    let keyCounts: [Int]

    /// The board width in key units.
    static let width = 15.0

    /// The shape of `formID`, or `nil` for a form of the keyboard's own.
    static func named(_ formID: String, layerIDs: [String]) -> LDMLHardwareForm? {
        let shift: KeyDefinition.Action? = layerIDs.contains("shift") ? .shift : nil
        func space(_ width: Double) -> Frame { Frame(action: nil, width: width) }
        let backspace2 = Frame(action: .backspace, width: 2)
        let backspace1 = Frame(action: .backspace, width: 1)
        let caps = Frame(action: layerIDs.contains("caps") ? .capsLock : nil, width: 1.75)
        let spaceRow = Row(
            leading: [space(3.75)],
            trailing: altGrLayer(layerIDs).map {
                [Frame(action: .latch($0), width: 1.25, label: "AltGr"), space(3.75)]
            }
                ?? [space(5)],
            keyWidth: 6.25)
        switch formID {
        case "us":
            return LDMLHardwareForm(
                rows: [
                    Row(trailing: [backspace2]), Row(leading: [space(1.5)], lastKeyWidth: 1.5),
                    Row(leading: [caps], trailing: [Frame(action: .returnKey, width: 2.25)]),
                    Row(leading: [Frame(action: shift, width: 2.25)], trailing: [Frame(action: shift, width: 2.75)]),
                    spaceRow,
                ], keyCounts: [13, 13, 11, 10, 1])
        case "iso", "abnt2":
            return LDMLHardwareForm(
                rows: [
                    Row(trailing: [backspace2]),
                    Row(leading: [space(1.5)], trailing: [Frame(action: .returnKey, width: 1.5)]),
                    Row(leading: [caps], trailing: [Frame(action: .returnKey, width: 1.25)]),
                    Row(
                        leading: [Frame(action: shift, width: 1.25)],
                        trailing: [Frame(action: shift, width: formID == "iso" ? 2.75 : 1.75)]),
                    spaceRow,
                ], keyCounts: formID == "iso" ? [13, 12, 12, 11, 1] : [13, 12, 12, 12, 1])
        case "jis":
            return LDMLHardwareForm(
                rows: [
                    Row(trailing: [backspace1]),
                    Row(leading: [space(1.5)], trailing: [Frame(action: .returnKey, width: 1.5)]),
                    Row(leading: [caps], trailing: [Frame(action: .returnKey, width: 1.25)]),
                    Row(leading: [Frame(action: shift, width: 2.25)], trailing: [Frame(action: shift, width: 1.75)]),
                    spaceRow,
                ], keyCounts: [14, 12, 12, 11, 1])
        case "ks":
            return LDMLHardwareForm(
                rows: [
                    Row(trailing: [backspace1]), Row(leading: [space(1.5)], trailing: [space(1.5)]),
                    Row(leading: [caps], trailing: [Frame(action: .returnKey, width: 2.25)]),
                    Row(leading: [Frame(action: shift, width: 2.25)], trailing: [Frame(action: shift, width: 2.75)]),
                    spaceRow,
                ], keyCounts: [14, 12, 11, 10, 1])
        default:
            return nil
        }
    }

    /// Puts `keys` (the converted keys of row `row`, which held `count` places of the form,
    /// gaps included in `leadingGap`/`trailingGap`) in the row's frame.
    func frame(_ keys: [KeyDefinition], row: Int, places: Int, trailingGap: Double) -> RowDefinition {
        guard row < rows.count else { return RowDefinition(keys: keys, trailingGap: trailingGap) }
        let shape = rows[row]
        var framed: [KeyDefinition] = []
        var pendingGap = 0.0
        for frame in shape.leading {
            if let action = frame.action {
                framed.append(KeyDefinition(action, label: frame.label, width: frame.width, gapBefore: pendingGap))
                pendingGap = 0
            } else {
                pendingGap += frame.width
            }
        }
        for (index, var key) in keys.enumerated() {
            key.gapBefore += index == 0 ? pendingGap : 0
            if shape.keyWidth != 1, key.width == 1 { key.width = shape.keyWidth }
            if index == keys.count - 1, places == keyCounts[row], trailingGap == 0, shape.lastKeyWidth != 1 {
                key.width = shape.lastKeyWidth
            }
            framed.append(key)
        }
        if !keys.isEmpty { pendingGap = 0 }
        pendingGap += trailingGap
        for frame in shape.trailing {
            if let action = frame.action {
                framed.append(
                    KeyDefinition(
                        action, id: Self.frameID(action, framed), label: frame.label, width: frame.width,
                        gapBefore: pendingGap))
                pendingGap = 0
            } else {
                pendingGap += frame.width
            }
        }
        var result = RowDefinition(keys: framed, trailingGap: pendingGap)
        // Fill the row out to the board's width, so rows are not centred.
        if result.width < Self.width { result.trailingGap += Self.width - result.width }
        return result
    }

    /// The id of a frame key: its default, with `'` added while a key of the row has it.
    private static func frameID(_ action: KeyDefinition.Action, _ row: [KeyDefinition]) -> String {
        var id = KeyDefinition(action).defaultID
        while row.contains(where: { ($0.id ?? $0.defaultID) == id }) { id += "'" }
        return id
    }
}
