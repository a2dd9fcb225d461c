import LayoutEngine

extension LDMLKeyboard {
    /// The most key pairs `markerDeadKeys` types (fr, with 23 marker keys and 153 text keys,
    /// types 3,542).
    static let markerPairLimit = 100_000

    /// The keys of `set` whose output is only markers and that act as dead keys: a text key
    /// typed after one makes one other character (`\m{caret}` then `e` is `ê` on `fr`).
    /// Found by typing each such pair in an `LDMLSession`, so whatever transforms make it
    /// count. By key index; the dead key's compositions are those pairs, its symbol what the
    /// key pressed twice types when that is one character (else none: the planner then
    /// never types the key twice for a symbol).
    ///
    /// The session still types these keys (`LDMLPeerEngine`); the dead key tells the planner
    /// what the pairs give and the simulator that the key is there to press. At most
    /// `pairLimit` pairs are typed (a few thousand on CLDR's keyboards): marker keys past it
    /// stay gaps, so that no keyboard makes the conversion take long.
    func markerDeadKeys(
        _ set: LDMLLayerSet, hardware: Bool, pairLimit: Int = markerPairLimit
    ) -> [Int: DeadKey] {
        let placed = Set(set.layers.flatMap { $0.rows.joined() }).sorted()
        let markerKeys = placed.filter { index in
            let key = keys[index]
            return !key.isGap && key.layerID == nil && key.outputText.isEmpty && !key.outputMarkers.isEmpty
        }
        guard !markerKeys.isEmpty else { return [:] }
        let textKeys = placed.filter { index in
            let key = keys[index]
            return !key.isGap && key.layerID == nil && key.outputText.count == 1 && key.outputMarkers.isEmpty
        }
        let fresh = LDMLSession(keyboard: self, hardware: hardware)
        var deadKeys: [Int: DeadKey] = [:]
        var pairs = 0
        for markerKey in markerKeys {
            pairs += textKeys.count + 1
            guard pairs <= pairLimit else { break }
            var afterMarker = fresh
            _ = afterMarker.press(markerKey)
            var compositions: [String: String] = [:]
            for textKey in textKeys {
                let following = keys[textKey].outputText.precomposed
                guard compositions[following] == nil else { continue }
                var session = afterMarker
                _ = session.press(textKey)
                let result = session.text
                guard result.count == 1, result != following else { continue }
                compositions[following] = result.precomposed
            }
            guard !compositions.isEmpty else { continue }
            var twice = afterMarker
            _ = twice.press(markerKey)
            let symbol = twice.text.count == 1 ? twice.text.precomposed : ""
            deadKeys[markerKey] = DeadKey(
                name: "ldml." + keys[markerKey].id, symbol: symbol, compositions: compositions)
        }
        return deadKeys
    }
}
