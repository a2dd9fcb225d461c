import Foundation
import LDMLKeyboards
import LayoutEngine

/// LDML keyboards: typing French on `fr-t-k0-test` through its transforms (dead accents
/// as spacing characters followed by a vowel, and its reorder group), starting a session
/// on it, and loading CLDR keyboards with their imports.
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
    }
    // A session's start works out its key plan (which keys may skip the transforms).
    benchmarks.append(
        Benchmark(name: "ldml/fr-t-k0-test session start", unit: "session") { iterations in
            for _ in 0..<iterations { blackHole(LDMLSession(keyboard: keyboard)) }
            return iterations
        })
    for id in ["fr-t-k0-test", "mt", "ja-Hira-t-k0-flicks"] {
        benchmarks.append(
            Benchmark(name: "ldml/load \(id) with imports", unit: "keyboard") { iterations in
                for _ in 0..<iterations { blackHole(try? LDMLLoader.shipped(id)) }
                return iterations
            })
    }
    return benchmarks
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
