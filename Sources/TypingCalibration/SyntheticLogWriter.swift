import LayoutEngine

/// Writes a `SyntheticParticipant`'s session as a version 1 typing-test log, as the web page
/// would: the layout's every key with its rectangles, then the phrases and their touches.
struct SyntheticLogWriter {
    let participant: SyntheticParticipant
    var phrases: [String] = []

    init(participant: SyntheticParticipant) { self.participant = participant }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
    }

    static func role(_ action: KeyAction) -> String {
        switch action {
        case .text(let text): text.unicodeScalars.allSatisfy(\.properties.isAlphabetic) ? "letter" : "other"
        case .accent: "accent"
        case .backspace: "backspace"
        case .shift, .capsLock: "shift"
        case .layer, .latch: "layer"
        case .space: "space"
        case .returnKey: "return"
        case .deadKey: "other"
        }
    }

    func rect(_ key: Int, scale: Double) -> String {
        let geometry = participant.geometry
        let (x, y) = (geometry.centerX[key] - geometry.width[key] / 2, geometry.centerY[key] - geometry.height[key] / 2)
        return "{\"x\": \(Self.number(x * scale)), \"y\": \(Self.number(y * scale)), "
            + "\"width\": \(Self.number(geometry.width[key] * scale)), "
            + "\"height\": \(Self.number(geometry.height[key] * scale))}"
    }

    var layoutJSON: String {
        let layout = participant.layout
        let keys = layout.keys.enumerated().map { index, key in
            var item =
                "{\"key\": \(index), \"layer\": \(Escaping.jsonString(layout.layers[key.layer].id)), "
                + "\"name\": \(Escaping.jsonString(key.id)), \"label\": \(Escaping.jsonString(key.label)), "
                + "\"role\": \"\(Self.role(key.action))\", "
            if !key.longPress.isEmpty {
                item += "\"longPressCount\": \(key.longPress.count), \"longPressDefault\": \(key.longPressDefault), "
            }
            return item
                + "\"rectPx\": \(rect(index, scale: participant.pxPerMm)), \"rectMm\": \(rect(index, scale: 1))}"
        }
        let geometry = participant.geometry
        let height = (geometry.centerY.max() ?? 0) * 2
        return "{\"id\": \(Escaping.jsonString(layout.id)), \"name\": \(Escaping.jsonString(layout.name)), "
            + "\"language\": \(Escaping.jsonString(layout.locale)), \"keyboardPx\": {\"width\": "
            + "\(Self.number(geometry.keyboardWidth * participant.pxPerMm)), \"height\": "
            + "\(Self.number(height * participant.pxPerMm))},\n   \"keys\": [\n    "
            + keys.joined(separator: ",\n    ") + "]}"
    }

    mutating func phrase(_ text: String, block: String, index: Int, touches: [SyntheticParticipant.Touch]) {
        let items = touches.map { touch in
            var item =
                "{\"down\": {\"t\": \(Self.number(touch.downT)), \"x\": \(Self.number(touch.downX)), "
                + "\"y\": \(Self.number(touch.downY))}, \"up\": {\"t\": \(Self.number(touch.upT)), "
                + "\"x\": \(Self.number(touch.downX)), \"y\": \(Self.number(touch.downY))}, "
                + "\"key\": \(touch.key.map(String.init) ?? "null"), \"intended\": \(touch.intended), "
                + "\"gesture\": \"\(touch.longPress == nil ? "tap" : "long-press")\", "
            if let longPress = touch.longPress {
                item +=
                    "\"longPress\": {\"openedAt\": \(Self.number(longPress.opened)), \"choice\": \(longPress.choice)}, "
            }
            return item + "\"textBefore\": \"\", \"textAfter\": \"\"}"
        }
        let seconds = touches.count > 1 ? (touches.last!.upT - touches.first!.upT) / 1000 : 0
        let characters = text.count
        let wpm = characters > 1 && seconds > 0 ? Self.number(Double(characters - 1) / seconds * 12) : "null"
        let fixes = touches.filter { touch in
            if case .backspace = participant.layout.keys[touch.intended].action { return true }
            return false
        }.count
        phrases.append(
            "{\"layout\": \(Escaping.jsonString(participant.layout.id)), \"block\": \"\(block)\", \"index\": \(index), "
                + "\"target\": \(Escaping.jsonString(text)), \"result\": \(Escaping.jsonString(text)), "
                + "\"orientation\": \"portrait\",\n   \"touches\": [\n    " + items.joined(separator: ",\n    ")
                + "],\n   \"measures\": {\"wpm\": \(wpm), \"kspc\": "
                + "\(Self.number(Double(touches.count) / Double(max(1, characters)))), \"msdErrorRate\": 0, "
                + "\"correctedErrorRate\": null, \"uncorrectedErrorRate\": 0, \"totalErrorRate\": null, "
                + "\"seconds\": \(Self.number(seconds)), \"keystrokes\": \(touches.count), \"correct\": \(characters), "
                + "\"incorrectNotFixed\": 0, \"incorrectFixed\": \(fixes), \"fixes\": \(fixes)}}")
    }

    func finish() -> String {
        let p = participant
        return "{\"format\": \"kbdsim-typing-log\", \"version\": 1, \"createdAt\": \"2026-05-01T09:30:00Z\",\n"
            + " \"page\": {\"engine\": \"synthetic\"},\n"
            + " \"participant\": {\"id\": \(Escaping.jsonString(p.participant)), \"posture\": \"\(p.posture.rawValue)\"},\n"
            + " \"device\": {\"userAgent\": \"synthetic\", \"screenPx\": {\"width\": 390, \"height\": 844}, "
            + "\"viewportPx\": {\"width\": 390, \"height\": 844}, \"devicePixelRatio\": 3, "
            + "\"pxPerMm\": \(Self.number(p.pxPerMm)), \"pxPerMmSource\": \"\(p.measured ? "card" : "assumed")\", "
            + "\"orientation\": \"portrait\"},\n"
            + " \"settings\": {\"layoutOrder\": [\(Escaping.jsonString(p.layout.id))], \"practicePhrases\": 0, "
            + "\"testPhrases\": 1, \"longPressMs\": 500, \"seed\": 1},\n"
            + " \"layouts\": [\n  \(layoutJSON)],\n"
            + " \"phrases\": [\n  " + phrases.joined(separator: ",\n  ") + "]\n}\n"
    }
}
