import Foundation
import LDMLKeyboards

extension FuzzChecks {
    /// The shipped CLDR keyboards by id, loaded once a process.
    static let shippedKeyboards: [String: LDMLKeyboard] = Dictionary(
        uniqueKeysWithValues: LDMLLoader.shippedIDs.compactMap { id in (try? LDMLLoader.shipped(id)).map { (id, $0) } })

    /// Arbitrary bytes as a keyboardTest3 file (all but the first byte), run against the
    /// shipped CLDR keyboard it names (`<info keyboard="fr-t-k0-test.xml">`), or else the one
    /// the first byte picks. A rejection carries diagnostics with a file, an `ldml.` code and a
    /// fix; a file that loads runs to the end, with an outcome for every repertoire and test.
    public static func keyboardTestFile(_ input: [UInt8]) -> [String] {
        guard let first = input.first, !LDMLLoader.shippedIDs.isEmpty else { return [] }
        let file: KeyboardTestFile
        do {
            file = try KeyboardTestFile.read(data: Data(input.dropFirst()), file: "fuzz-test.xml")
        } catch {
            if error.diagnostics.isEmpty { return ["rejected without a diagnostic"] }
            return error.diagnostics.filter {
                $0.file.isEmpty || !$0.code.rawValue.hasPrefix("ldml.") || ($0.fix ?? "").isEmpty || $0.message.isEmpty
            }.map { "diagnostic without a place, code or fix: \($0)" }
        }
        let ids = LDMLLoader.shippedIDs
        let named = String(file.keyboardFile.split(separator: "/").last ?? "").replacingOccurrences(
            of: ".xml", with: "")
        let id = ids.contains(named) ? named : ids[Int(first) % ids.count]
        guard let keyboard = shippedKeyboards[id] else { return ["the shipped keyboard \(id) does not load"] }
        let outcomes = KeyboardTestRunner.run(file, keyboard: keyboard)
        let expected = file.repertoires.count + file.tests.count
        return outcomes.count == expected ? [] : ["\(outcomes.count) outcomes for \(expected) repertoires and tests"]
    }
}
