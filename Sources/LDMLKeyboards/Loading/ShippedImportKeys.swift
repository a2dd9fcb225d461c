import Foundation

/// The keys of the shipped CLDR key imports (`keys-Latn-implied.xml`, which every keyboard
/// with `<keys>` imports, and the Zyyy ones), each read once a process for either setting
/// of normalization: a load takes the key read already instead of reading its output again.
///
/// Only keys whose reading depends on nothing but their own attributes are kept: no key
/// lists (`longPressKeyIds`, `multiTapKeyIds`, `longPressDefaultKeyId` name other keys by
/// the importing keyboard's ids), no `${…}` variables or `\m{…}` markers in the output (the
/// importing keyboard's), and no diagnostic when read. A key is found by its file and place
/// and taken only when its attributes are the ones read.
enum ShippedImportKeys {
    private struct Place: Hashable {
        var file: String
        var line: Int
        var column: Int
    }

    private struct Entry {
        var attributes: [String: String]
        var normalized: LDMLKey
        var unnormalized: LDMLKey
    }

    private static let table: [Place: Entry] = {
        let resolver = LDMLImportResolver()
        var table: [Place: Entry] = [:]
        for path in ShippedCLDRFiles.files.keys where path.hasPrefix("import/keys-") {
            guard let (data, name) = resolver.cldrFile("45/" + path.dropFirst("import/".count)),
                case .success(let root) = resolver.parse(data, name: name)
            else { continue }
            for node in root.children where node.name == "key" && readsAlone(node) {
                let place = SourcePlace(file: name, node: node, path: "keys/key")
                var normalizing = LDMLLoading(file: name, resolver: resolver)
                var plain = LDMLLoading(file: name, resolver: resolver)
                plain.normalize = false
                let normalized = normalizing.readKeyAttributes(node, place: place, ids: [:])
                let unnormalized = plain.readKeyAttributes(node, place: place, ids: [:])
                guard normalizing.sink.diagnostics.isEmpty, plain.sink.diagnostics.isEmpty else { continue }
                table[Place(file: name, line: node.line, column: node.column)] = Entry(
                    attributes: node.attributes, normalized: normalized, unnormalized: unnormalized)
            }
        }
        return table
    }()

    /// Whether reading `node` as a key depends on its attributes alone.
    private static func readsAlone(_ node: XMLNode) -> Bool {
        let output = node["output"] ?? ""
        return node["longPressKeyIds"] == nil && node["multiTapKeyIds"] == nil
            && node["longPressDefaultKeyId"] == nil && !output.contains("${") && !output.contains("\\m{")
    }

    /// The key `node` reads as (with `normalize` as the keyboard sets it) when it is one of
    /// the shipped imports' keys read once a process, else `nil`.
    static func key(_ node: XMLNode, normalize: Bool) -> LDMLKey? {
        guard node.file.hasPrefix("cldr:import/"),
            let entry = table[Place(file: node.file, line: node.line, column: node.column)],
            entry.attributes == node.attributes
        else { return nil }
        return normalize ? entry.normalized : entry.unnormalized
    }
}
