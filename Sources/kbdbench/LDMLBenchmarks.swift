import Foundation
import LDMLKeyboards
import LayoutEngine

/// LDML keyboards: typing French on `fr-t-k0-test` through its transforms (dead accents
/// as spacing characters followed by a vowel, and its reorder group), starting a session
/// on it, making layouts of CLDR keyboards, and loading them with their imports.
func ldmlBenchmarks() -> [Benchmark] {
    guard let keyboard = try? LDMLLoader.shipped("fr-t-k0-test") else { return [] }
    let text = String(
        repeating: "Le cœur de l'élève était à côté de la fenêtre où Noël lisait « Être ou ne pas être » "
            + "près du château; il a dû naître à Besançon, sûr et âgé, ça dépend. ", count: 40)
    var stream: [Int] = []
    func key(_ id: String) -> Int? { keyboard.keyIndex[id] }
    let accents: [Character: (String, String)] = [
        "è": ("grave", "e"), "à": ("grave", "a"), "ù": ("grave", "u"), "ê": ("caret", "e"), "â": ("caret", "a"),
        "ô": ("caret", "o"), "î": ("caret", "i"), "û": ("caret", "u"), "ë": ("umlaut", "e"), "ï": ("umlaut", "i"),
    ]
    for character in text {
        if let (accent, vowel) = accents[character], let first = key(accent), let second = key(vowel) {
            stream += [first, second]
        } else if character == "é", let index = key("e-grave") {
            stream.append(index)
        } else if character == "ç", let index = key("c-cedilla") {
            stream.append(index)
        } else if character == " ", let index = key("space") {
            stream.append(index)
        } else if let index = key(String(character)) {
            stream.append(index)
        }
    }
    var benchmarks = [
        sessionBenchmark("ldml/fr-t-k0-test key events", keyboard, stream) { $0.press($1) }
    ]
    // Bengali through the bn keyboard's reorder groups (vowel signs and virama sorted after
    // their consonant), one character at a time as a key would emit it.
    if let bengali = try? LDMLLoader.shipped("bn") {
        let characters = Array(
            String(repeating: "আমি বাংলায় গান গাই। তোমার কোনো কথা নেই কেন? শ্রী ক্ষেত্রে যুক্তাক্ষর লেখো। ", count: 20)
        ).map(String.init)
        benchmarks.append(sessionBenchmark("ldml/bn characters emitted", bengali, characters) { $0.emit($1) })
        if let peered = peeredSessionBenchmark(bengali, characters) { benchmarks.append(peered) }
    }
    // A session's start works out its key plan (which keys may skip the transforms).
    benchmarks.append(
        Benchmark(name: "ldml/fr-t-k0-test session start", unit: "session") { iterations in
            for _ in 0..<iterations { blackHole(LDMLSession(keyboard: keyboard)) }
            return iterations
        })
    // The keyboard as a Layout: its marker keys' pairs and its pairs of texts are typed in
    // sessions to find what transforms make of them (`markerDeadKeys`, `textCompositions`).
    for id in ["fr-t-k0-test", "fr", "pcm"] {
        guard let shipped = try? LDMLLoader.shipped(id) else { continue }
        benchmarks.append(
            Benchmark(name: "ldml/\(id) as a layout", unit: "layout") { iterations in
                for _ in 0..<iterations { blackHole(try? shipped.layout(id: "cldr:" + id)) }
                return iterations
            })
    }
    // A planner on a CLDR keyboard's layout: bn's letters with vowel signs and conjuncts give
    // it thousands of graphemes, fr's and pcm's transforms text compositions.
    for id in ["bn", "fr", "pcm"] {
        guard let layout = try? LDMLLoader.shipped(id).layout(id: "cldr:" + id) else { continue }
        benchmarks.append(
            Benchmark(name: "planner/make tables cldr:\(id)", unit: "planner") { iterations in
                for _ in 0..<iterations { blackHole(KeystrokePlanner(layout: layout)) }
                return iterations
            })
        // A planner for a few texts, as FuzzLDMLLoader makes one to plan a layout's compositions.
        let texts = ["প্রাণ", "আমি", "être", "ọ̀"]
        benchmarks.append(
            Benchmark(name: "planner/make tables cldr:\(id) for four words", unit: "planner") { iterations in
                for _ in 0..<iterations { blackHole(KeystrokePlanner(layout: layout, forTexts: texts)) }
                return iterations
            })
    }
    // The typing layout (what `cldr:bn` resolves to): its keys go to the keyboard, which the
    // planner asks about the chains of mark keys it plans (`PeerWayCheck`).
    if let typing = try? LDMLLoader.shipped("bn").typingLayout(id: "cldr:bn") {
        benchmarks.append(
            Benchmark(name: "planner/make tables cldr:bn typing layout", unit: "planner") { iterations in
                for _ in 0..<iterations { blackHole(KeystrokePlanner(layout: typing)) }
                return iterations
            })
    }
    for id in ["fr-t-k0-test", "mt", "ja-Hira-t-k0-flicks"] {
        benchmarks.append(
            Benchmark(name: "ldml/load \(id) with imports", unit: "keyboard") { iterations in
                for _ in 0..<iterations { blackHole(try? LDMLLoader.shipped(id)) }
                return iterations
            })
    }
    return benchmarks + markRunBenchmarks()
}

/// FuzzLDMLTransforms' slow inputs: a transform that turns every character into a run of
/// 24 combining marks, through a reorder group over U+0300–U+036F (each key reorders a
/// window of marks, puts them in canonical order and composes the edit), on a keyboard of
/// its template loaded from its parsed tree, as the fuzzer loads one for every input.
private func markRunBenchmarks() -> [Benchmark] {
    let marks = (0..<24).map { String(format: "\\u{%X}", 0x300 + ($0 * 37) % 0x70) }.joined()
    let xml = """
        <keyboard3 locale="und" conformsTo="45"><info name="marks"/>
        <keys><key id="m" output="\\m{m}"/></keys>
        <layers formId="touch"><layer id="base"><row keys="a m"/></layer></layers>
        <transforms type="simple"><transformGroup><transform from="." to="\(marks)"/></transformGroup>
        <transformGroup><reorder from="[\\u{300}-\\u{36F}]" order="10"/><reorder before="b" from="c" order="-1"/></transformGroup></transforms>
        <transforms type="backspace"><transformGroup><transform from="."/></transformGroup></transforms>
        </keyboard3>
        """
    guard case .success(let root) = XMLTreeReader.parse(Data(xml.utf8), file: "marks.xml"),
        let keyboard = LDMLLoader.read(root: root, file: "marks.xml").keyboard
    else { return [] }
    let characters = Array("The quick brown fox jumps over the lazy dog, ça va? ").map(String.init)
    return [
        Benchmark(name: "ldml/marks through a reorder group", unit: "character") { iterations in
            var deleted = 0
            for _ in 0..<iterations {
                var session = LDMLSession(keyboard: keyboard)
                for character in characters { deleted &+= session.emit(character).deleteCount }
            }
            blackHole(deleted)
            return iterations * characters.count
        },
        Benchmark(name: "ldml/load the FuzzLDMLTransforms template from its tree", unit: "keyboard") { iterations in
            for _ in 0..<iterations { blackHole(LDMLLoader.read(root: root, file: "marks.xml").keyboard) }
            return iterations
        },
    ]
}

/// Events on one session, one after another: `event` applies one of `events`.
private func sessionBenchmark<Event>(
    _ name: String, _ keyboard: LDMLKeyboard, _ events: [Event], event: @escaping (inout LDMLSession, Event) -> Edit
) -> Benchmark {
    Benchmark(name: name, unit: "event") { iterations in
        var session = LDMLSession(keyboard: keyboard)
        var deleted = 0
        for _ in 0..<iterations {
            for item in events { deleted &+= event(&session, item).deleteCount }
        }
        blackHole(deleted)
        return iterations * events.count
    }
}

/// The same Bengali typed as an input method or `kbdsim` types it: taps on the keys of
/// `cldr:bn`'s typing layout in a `TypingSession`, which hands them to the keyboard (its
/// peer) and keeps the host's text (NFC) beside the keyboard's context. A key per scalar;
/// scalars without a key of their own on the first layer are left out; each pass starts on
/// an empty text.
private func peeredSessionBenchmark(_ keyboard: LDMLKeyboard, _ characters: [String]) -> Benchmark? {
    guard let layout = try? keyboard.typingLayout(id: "cldr:bn", hardware: true) else { return nil }
    var keyOf: [String: KeyID] = [:]
    for id in layout.layers[0].rows.joined() {
        switch layout.keys[id.rawValue].action {
        case .text(let text): keyOf[text] = keyOf[text] ?? id
        case .space: keyOf[" "] = keyOf[" "] ?? id
        default: break
        }
    }
    let scalars = characters.joined().unicodeScalars.map { String($0) }
    let taps = scalars.compactMap { keyOf[$0] }
    guard taps.count > scalars.count / 2 else { return nil }
    return Benchmark(name: "ldml/bn keys through a TypingSession", unit: "event") { iterations in
        var session = TypingSession(layout: layout)
        var deleted = 0
        for _ in 0..<iterations {
            session.setContext("")
            for key in taps { deleted &+= session.handle(.tap(key)).deleteCount }
        }
        blackHole(deleted)
        return iterations * taps.count
    }
}
