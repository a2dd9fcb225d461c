import LayoutEngine

extension LDMLKeyboard {
    /// The most key pairs `markerDeadKeys` types (fr, with 23 marker keys and 153 text keys,
    /// types 3,542).
    static let markerPairLimit = 100_000

    /// The keys of `set` whose output is only markers, as dead keys: a text key typed after
    /// one may make one other character (`\m{caret}` then `e` is `ê` on `fr`), and so may
    /// another such key (`bn`'s "more" key then its au-lengthener is আ). Found by typing each
    /// such pair in an `LDMLSession`, so whatever transforms make it count. By key index; the
    /// dead key's compositions are those pairs, its symbol what the key pressed twice types
    /// when that is one character (else none: the planner then never types the key twice
    /// for a symbol).
    ///
    /// The session still types these keys (`LDMLPeerEngine`, which also runs what they do
    /// after text, such as bn's au-lengthener after ে); the dead key tells the planner what
    /// the pairs give and the simulator that the key is there to press. At most `pairLimit`
    /// pairs are typed (a few thousand on CLDR's keyboards): marker keys past it are dead
    /// keys that compose nothing, so that no keyboard makes the conversion take long.
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
        func name(_ key: Int) -> String { "ldml." + keys[key].id }
        /// The one character `session` holds with no marker left, if that is what it holds.
        func character(_ session: LDMLSession) -> String? {
            guard !session.hasMarkers else { return nil }
            let text = session.text
            return text.count == 1 ? text.precomposed : nil
        }
        // One session types every pair, resumed from the marker key's: no copy per pair.
        var session = fresh
        session.scratch.keyEdits = false
        var deadKeys: [Int: DeadKey] = [:]
        var pairs = 0
        for markerKey in markerKeys {
            pairs += textKeys.count + markerKeys.count
            guard pairs <= pairLimit else {
                deadKeys[markerKey] = DeadKey(name: name(markerKey), symbol: "", compositions: [:])
                continue
            }
            var afterMarker = fresh
            _ = afterMarker.press(markerKey)
            var compositions: [String: String] = [:]
            for textKey in textKeys {
                let following = keys[textKey].outputText.precomposed
                guard compositions[following] == nil else { continue }
                session.resume(from: afterMarker)
                _ = session.press(textKey)
                guard let result = character(session), result != following else { continue }
                compositions[following] = result
            }
            var afterDeadKeys: [String: String] = [:]
            for other in markerKeys where other != markerKey {
                session.resume(from: afterMarker)
                _ = session.press(other)
                if let result = character(session) { afterDeadKeys[name(other)] = result }
            }
            session.resume(from: afterMarker)
            _ = session.press(markerKey)
            deadKeys[markerKey] = DeadKey(
                name: name(markerKey), symbol: character(session) ?? "", compositions: compositions,
                afterDeadKeys: afterDeadKeys)
        }
        return deadKeys
    }
}
