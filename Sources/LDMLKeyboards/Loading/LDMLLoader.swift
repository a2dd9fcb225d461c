import Foundation
import LayoutEngine

/// Reads CLDR keyboard3 XML files (UTS #35 Part 7) into `LDMLKeyboard`s, reporting every
/// problem with its file, line, column, element path, code and fix.
public enum LDMLLoader {
    /// The outcome of reading one file: the keyboard when there was no error, and every
    /// diagnostic (errors and warnings).
    public struct Result: Sendable {
        public let keyboard: LDMLKeyboard?
        public let diagnostics: [LDMLDiagnostic]
    }

    /// Reads the keyboard at `path`.
    public static func load(
        contentsOf path: String, resolver: LDMLImportResolver = LDMLImportResolver()
    ) throws(LDMLLoadError) -> LDMLKeyboard {
        let result = read(path: path, resolver: resolver)
        guard let keyboard = result.keyboard else { throw LDMLLoadError(diagnostics: result.diagnostics) }
        return keyboard
    }

    /// Reads the keyboard at `path`, never throwing.
    public static func read(path: String, resolver: LDMLImportResolver = LDMLImportResolver()) -> Result {
        switch FileReading.contents(of: path) {
        case .success(let bytes): return read(data: Data(bytes), file: path, resolver: resolver)
        case .failure(let failure):
            return Result(
                keyboard: nil,
                diagnostics: [
                    LDMLDiagnostic(
                        file: path, line: 0, column: 0, path: "", code: "ldml.file-not-found", message: failure.reason,
                        fix: failure.fix)
                ])
        }
    }

    /// Reads a keyboard from `data`; `file` names it in diagnostics and anchors local imports.
    public static func read(data: Data, file: String, resolver: LDMLImportResolver = LDMLImportResolver()) -> Result {
        var loading = LDMLLoading(file: file, resolver: resolver)
        let keyboard = loading.load(data)
        let diagnostics = loading.sink.diagnostics
        return Result(keyboard: loading.sink.hasErrors ? nil : keyboard, diagnostics: diagnostics)
    }

    /// Reads a keyboard from an XML tree already parsed (`XMLTreeReader.parse`): a fuzzer
    /// parses a template once and changes its attributes for each input.
    package static func read(root: XMLNode, file: String) -> Result {
        var loading = LDMLLoading(file: file, resolver: LDMLImportResolver())
        let keyboard = loading.load(root: root)
        return Result(keyboard: loading.sink.hasErrors ? nil : keyboard, diagnostics: loading.sink.diagnostics)
    }

    /// The ids of the CLDR keyboards the project ships (`cldr:ID`).
    public static var shippedIDs: [String] {
        ShippedCLDRFiles.files.keys.filter { $0.hasPrefix("3.0/") }.map {
            String($0.dropFirst(4).dropLast(4))
        }.sorted()
    }

    /// Reads a shipped CLDR keyboard by id (`fr-t-k0-test`).
    public static func shipped(_ id: String) throws(LDMLLoadError) -> LDMLKeyboard {
        guard let text = ShippedCLDRFiles.files["3.0/\(id).xml"] else {
            let known = shippedIDs.joined(separator: ", ")
            throw LDMLLoadError(diagnostics: [
                LDMLDiagnostic(
                    file: "cldr:\(id)", line: 0, column: 0, path: "", code: "ldml.unknown-keyboard",
                    message: "no shipped CLDR keyboard \"\(id)\"", fix: "use one of: \(known)")
            ])
        }
        let result = read(data: Data(text.utf8), file: "cldr:\(id)")
        guard let keyboard = result.keyboard else { throw LDMLLoadError(diagnostics: result.diagnostics) }
        return keyboard
    }
}

/// The state of one load: diagnostics, markers, variables.
struct LDMLLoading {
    let file: String
    let resolver: LDMLImportResolver
    var sink = DiagnosticSink()
    var markers = MarkerTable()
    var variables = PatternVariables()
    var normalize = true
    var importedFiles: Set<String> = []
    /// The transform patterns compiled so far, by their `from` text.
    var compiledPatterns: [String: (ParsedPattern, PatternProgram)] = [:]

    init(file: String, resolver: LDMLImportResolver) {
        self.file = file
        self.resolver = resolver
    }

    mutating func load(_ data: Data) -> LDMLKeyboard? {
        switch XMLTreeReader.parse(data, file: file) {
        case .failure(let error):
            sink.error(
                SourcePlace(file: file, line: error.line, column: error.column, path: ""), "xml-syntax", error.message,
                fix: error.fix)
            return nil
        case .success(let root): return load(root: root)
        }
    }

    mutating func load(root parsed: XMLNode) -> LDMLKeyboard? {
        let rootPlace = SourcePlace(file: file, node: parsed, path: parsed.name)
        guard parsed.name == "keyboard3" else {
            sink.error(
                rootPlace, "not-keyboard3", "the root element is <\(parsed.name)>, not <keyboard3>",
                fix: parsed.name == "keyboard"
                    ? "this is a pre-3.0 CLDR keyboard; rewrite it in the keyboard3 format (CLDR 45 or later)"
                    : "give a CLDR keyboard3 file")
            return nil
        }
        let root = expandImports(parsed, place: rootPlace)
        return readKeyboard(root, place: rootPlace)
    }

    /// The single child called `name`, reporting duplicates.
    mutating func single(_ name: String, in node: XMLNode, place: SourcePlace) -> (XMLNode, SourcePlace)? {
        let matches = node.children(named: name)
        if matches.count > 1 {
            sink.error(
                place.child(matches[1], index: 1), "duplicate-element", "more than one <\(name)>",
                fix: "merge them into one <\(name)>")
        }
        return matches.first.map { ($0, place.child($0)) }
    }

    mutating func require(_ attribute: String, of node: XMLNode, place: SourcePlace, example: String) -> String? {
        guard let value = node[attribute] else {
            sink.error(
                place, "missing-attribute", "<\(node.name)> needs the attribute \(attribute)",
                fix: "add \(attribute)=\"\(example)\"")
            return nil
        }
        return value
    }

    private mutating func readKeyboard(_ root: XMLNode, place: SourcePlace) -> LDMLKeyboard? {
        let locale = require("locale", of: root, place: place, example: "fr-t-k0-azerty") ?? ""
        var conformsTo = 0
        if let value = require("conformsTo", of: root, place: place, example: "45") {
            if let number = Int(value), number >= 45 {
                conformsTo = number
            } else {
                sink.error(
                    place, "bad-conformsTo", "conformsTo=\"\(value)\" is not a CLDR version of 45 or later",
                    fix: "write conformsTo=\"45\" (or the CLDR version the keyboard needs)")
            }
        }
        var info = LDMLInfo(name: "")
        if let (node, infoPlace) = single("info", in: root, place: place) {
            info = LDMLInfo(
                name: require("name", of: node, place: infoPlace, example: "French (AZERTY)") ?? "",
                author: node["author"], layout: node["layout"], indicator: node["indicator"],
                attribution: node["attribution"])
        } else {
            sink.error(place, "missing-element", "the keyboard has no <info>", fix: "add <info name=\"…\"/>")
        }
        if let (node, settingsPlace) = single("settings", in: root, place: place), let value = node["normalization"] {
            if value == "disabled" {
                normalize = false
            } else {
                sink.error(
                    settingsPlace, "bad-value", "normalization=\"\(value)\" is not allowed",
                    fix: "write normalization=\"disabled\" or leave it out")
            }
        }
        let version = single("version", in: root, place: place)?.0["number"]
        let locales =
            single("locales", in: root, place: place)?.0.children(named: "locale").compactMap { $0["id"] } ?? []
        if let (node, variablesPlace) = single("variables", in: root, place: place) {
            readVariables(node, place: variablesPlace)
        }
        let keys = readKeys(single("keys", in: root, place: place), rootPlace: place)
        let flicks = readFlicks(single("flicks", in: root, place: place), keys: keys)
        let displays = readDisplays(single("displays", in: root, place: place))
        let forms = readForms(single("forms", in: root, place: place))
        let layerSets = readLayers(root, place: place, keys: keys, forms: forms)
        var simple: [TransformGroup] = []
        var backspace: [TransformGroup] = []
        var seenTypes: Set<String> = []
        for (number, node) in root.children(named: "transforms").enumerated() {
            let transformsPlace = place.child(node, index: number)
            guard let type = require("type", of: node, place: transformsPlace, example: "simple") else { continue }
            guard type == "simple" || type == "backspace" else {
                sink.error(
                    transformsPlace, "bad-value", "transforms type=\"\(type)\" is not known",
                    fix: "use type=\"simple\" or type=\"backspace\"")
                continue
            }
            guard seenTypes.insert(type).inserted else {
                sink.error(
                    transformsPlace, "duplicate-element", "a second <transforms type=\"\(type)\">",
                    fix: "put all \(type) transform groups in one <transforms>")
                continue
            }
            let groups = readTransforms(node, place: transformsPlace)
            if type == "simple" { simple = groups } else { backspace = groups }
        }
        guard !sink.hasErrors else { return nil }
        return LDMLKeyboard(
            locale: locale, conformsTo: conformsTo, locales: locales, info: info, version: version,
            normalizationDisabled: !normalize, keys: keys.list, keyIndex: keys.index, flicks: flicks,
            layerSets: layerSets, forms: forms, displays: displays.list, displayBaseCharacter: displays.base,
            simpleGroups: simple, backspaceGroups: backspace, markers: markers)
    }

    /// The most characters an attribute's text may expand to: strings that repeat earlier
    /// strings (`${s}${s}`) double at each step, 24 steps were 16 million characters.
    static let maximumTextLength = 65_536

    /// The elements of an attribute's text, or `nil` after reporting the problem.
    mutating func text(
        _ value: String, place: SourcePlace, attribute: String, allowMarkers: Bool = true
    ) -> [UInt32]? {
        do {
            let elements = try EscapedText.parse(
                value, strings: variables.strings, markers: &markers, allowMarkers: allowMarkers)
            guard elements.count <= Self.maximumTextLength else {
                sink.error(
                    place, "too-long",
                    "\(attribute) expands to \(elements.count) characters; at most \(Self.maximumTextLength)",
                    fix: "use fewer or shorter ${…} variables")
                return nil
            }
            return normalize ? Normalization.nfd(elements) : elements
        } catch {
            sink.error(place, error.code, "\(attribute): \(error.message)", fix: error.fix)
            return nil
        }
    }
}
