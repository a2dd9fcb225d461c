import Foundation

/// Where `<import>` files come from: `base="cldr"` paths (`45/keys-Zyyy-punctuation.xml`)
/// from a CLDR `import/` folder or the copies the project ships, other paths relative to
/// the importing file.
public struct LDMLImportResolver: Sendable {
    /// A folder holding CLDR's import files; `nil` uses the shipped copies (CLDR 46).
    public var cldrDirectory: String?

    /// A resolver; without a folder it uses the shipped CLDR import files.
    public init(cldrDirectory: String? = nil) { self.cldrDirectory = cldrDirectory }

    /// The bytes and display name of a CLDR import, `path` being e.g. `45/keys-Latn-implied.xml`.
    func cldrFile(_ path: String) -> (Data, String)? {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, Int(parts[0]).map({ $0 >= 45 }) == true, !parts[1].contains("..") else { return nil }
        if let cldrDirectory {
            let file = (cldrDirectory as NSString).appendingPathComponent(parts[1])
            if let data = FileManager.default.contents(atPath: file) { return (data, file) }
        }
        guard let text = ShippedCLDRFiles.files["import/" + parts[1]] else { return nil }
        return (Data(text.utf8), "cldr:import/" + parts[1])
    }

    /// `data` (the file `name` from `cldrFile` or `localFile`) parsed: the shipped CLDR copies
    /// once per process (every keyboard imports the same few), other files each time.
    func parse(_ data: Data, name: String) -> Result<XMLNode, XMLSyntaxError> {
        guard name.hasPrefix("cldr:") else { return XMLTreeReader.parse(data, file: name) }
        return ParsedShippedImports.shared.tree(name) { XMLTreeReader.parse(data, file: name) }
    }

    /// The bytes and display name of a local import relative to `directory`.
    func localFile(_ path: String, relativeTo directory: String?) -> (Data, String)? {
        let full = path.hasPrefix("/") ? path : ((directory ?? ".") as NSString).appendingPathComponent(path)
        return FileManager.default.contents(atPath: full).map { ($0, full) }
    }
}

extension LDMLLoading {
    /// `node` with its `<import>` children replaced by the imported elements (recursively,
    /// each file once), plus the implied imports: CLDR's implied keys first in `<keys>`.
    mutating func expandImports(_ node: XMLNode, place: SourcePlace) -> XMLNode {
        var result = node
        result.children = []
        if node.name == "keys", !node.children.contains(where: { isImplied($0) }) {
            result.children += importedChildren(
                of: XMLNode(
                    name: "import", attributes: ["base": "cldr", "path": "45/keys-Latn-implied.xml"], children: [],
                    line: node.line, column: node.column, file: node.file),
                parentName: "keys", place: place)
        }
        var counts: [String: Int] = [:]
        for child in node.children {
            let number = counts[child.name, default: 0]
            counts[child.name] = number + 1
            if child.name != "import", Self.expandsToItself(child) {
                result.children.append(child)
                continue
            }
            let childPlace = place.child(child, index: number)
            if child.name == "import" {
                result.children += importedChildren(of: child, parentName: node.name, place: childPlace)
            } else {
                result.children.append(expandImports(child, place: childPlace))
            }
        }
        return result
    }

    /// The name of CLDR's implied keys when read from the shipped copy.
    private static let impliedKeysName = "cldr:import/keys-Latn-implied.xml"

    /// Whether `node` expands to itself: neither it nor any element in it is `<keys>` (which
    /// gets the implied import) or has an `<import>` child.
    private static func expandsToItself(_ node: XMLNode) -> Bool {
        node.name != "keys" && node.children.allSatisfy { $0.name != "import" && expandsToItself($0) }
    }

    private func isImplied(_ child: XMLNode) -> Bool {
        child.name == "import" && child["base"] == "cldr" && child["path"]?.hasSuffix("/keys-Latn-implied.xml") == true
    }

    private mutating func importedChildren(of node: XMLNode, parentName: String, place: SourcePlace) -> [XMLNode] {
        guard let path = node["path"], !path.isEmpty else {
            sink.error(
                place, "missing-attribute", "<import> needs a path", fix: "add path=\"45/keys-Zyyy-punctuation.xml\"")
            return []
        }
        let base = node["base"]
        if let base, base != "cldr" {
            sink.error(place, "bad-import", "base=\"\(base)\" is not known", fix: "use base=\"cldr\" or leave base out")
            return []
        }
        let found =
            base == "cldr"
            ? resolver.cldrFile(path)
            : resolver.localFile(
                path, relativeTo: node.file.isEmpty ? nil : (node.file as NSString).deletingLastPathComponent)
        guard let (data, name) = found else {
            sink.error(
                place, "import-not-found", "cannot find the import \"\(path)\"",
                fix: base == "cldr"
                    ? "name a CLDR import such as 45/keys-Zyyy-punctuation.xml"
                    : "give a path relative to the keyboard file")
            return []
        }
        guard !importedFiles.contains(name) else { return [] }
        importedFiles.insert(name)
        switch resolver.parse(data, name: name) {
        case .failure(let error):
            sink.error(
                SourcePlace(file: name, line: error.line, column: error.column, path: parentName),
                "xml-syntax", error.message, fix: "make the imported file well-formed XML")
            return []
        case .success(let root):
            guard root.name == parentName else {
                sink.error(
                    place, "import-root-mismatch",
                    "the import's root is <\(root.name)> but it is imported into <\(parentName)>",
                    fix: "import a file whose root element is <\(parentName)>")
                return []
            }
            // A shipped file that imports nothing is its own expansion: its elements as parsed.
            if resolver.cldrDirectory == nil, name.hasPrefix("cldr:"),
                ParsedShippedImports.shared.importsNothing(name, root),
                root.name != "keys" || importedFiles.contains(Self.impliedKeysName)
            {
                return root.children
            }
            let rootPlace = SourcePlace(file: name, node: root, path: root.name)
            return expandImports(root, place: rootPlace).children
        }
    }
}

/// The shipped CLDR imports, each parsed once per process.
private final class ParsedShippedImports: @unchecked Sendable {
    static let shared = ParsedShippedImports()
    private let lock = NSLock()
    private var trees: [String: Result<XMLNode, XMLSyntaxError>] = [:]
    private var selfExpanding: [String: Bool] = [:]

    /// Whether the shipped file `name`, whose tree is `root`, expands to itself: no element
    /// in it is an `<import>` or a `<keys>` below the root (whose implied import `expandImports`
    /// adds). Its root, when `<keys>`, still gets the implied import unless that is imported
    /// already. Worked out once per file.
    func importsNothing(_ name: String, _ root: XMLNode) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = selfExpanding[name] { return known }
        func plain(_ node: XMLNode) -> Bool {
            node.children.allSatisfy { $0.name != "import" && $0.name != "keys" && plain($0) }
        }
        let result = plain(root)
        selfExpanding[name] = result
        return result
    }

    /// The tree of the shipped file `name`, parsed by `parse` the first time.
    func tree(_ name: String, parse: () -> Result<XMLNode, XMLSyntaxError>) -> Result<XMLNode, XMLSyntaxError> {
        lock.lock()
        if let tree = trees[name] {
            lock.unlock()
            return tree
        }
        lock.unlock()
        let tree = parse()
        lock.lock()
        trees[name] = tree
        lock.unlock()
        return tree
    }
}
