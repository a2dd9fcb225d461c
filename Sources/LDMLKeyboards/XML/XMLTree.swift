import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML file, with where it starts (for diagnostics).
struct XMLNode: Sendable {
    /// The element's name without a namespace prefix.
    var name: String
    /// Its attributes, entity references resolved.
    var attributes: [String: String]
    /// Its child elements in document order (text and comments are dropped).
    var children: [XMLNode]
    /// The 1-based line and column where the element starts.
    var line: Int
    var column: Int
    /// The file the element was read from (imports keep their own file).
    var file: String = ""

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The child elements called `name`.
    func children(named name: String) -> [XMLNode] { children.filter { $0.name == name } }
}

/// Why an XML file could not be read as a tree.
struct XMLSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

/// Reads an XML document into `XMLNode`s with FoundationXML's streaming parser.
enum XMLTreeReader {
    /// Parses `data`; external entities and DTDs are not fetched.
    static func parse(_ data: Data, file: String) -> Result<XMLNode, XMLSyntaxError> {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        builder.file = file
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if let failure = builder.failure { return .failure(failure) }
        guard ok, let root = builder.root else {
            let message = parser.parserError.map { describe($0) } ?? "not well-formed XML"
            return .failure(
                XMLSyntaxError(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), message: message))
        }
        return .success(root)
    }

    private static func describe(_ error: Error) -> String {
        let text = (error as NSError).localizedDescription
        if text.isEmpty || text.contains("The operation could not be completed") {
            return "not well-formed XML (parser error \((error as NSError).code))"
        }
        return text
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?
    var failure: XMLSyntaxError?
    var file = ""
    /// Deeper than this is surely not a keyboard; it stops runaway recursion in bad input.
    let maximumDepth = 64

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        if stack.count >= maximumDepth {
            failure = XMLSyntaxError(
                line: parser.lineNumber, column: parser.columnNumber, message: "elements nested too deeply")
            parser.abortParsing()
            return
        }
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        stack.append(
            XMLNode(
                name: local, attributes: attributeDict, children: [], line: max(parser.lineNumber, 1),
                column: max(parser.columnNumber, 1), file: file))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }
}
