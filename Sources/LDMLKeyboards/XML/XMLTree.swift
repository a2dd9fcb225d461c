import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML file, with where it starts (for diagnostics).
package struct XMLNode: Sendable {
    /// The element's name without a namespace prefix.
    package var name: String
    /// Its attributes, entity references resolved.
    package var attributes: [String: String]
    /// Its child elements in document order (text and comments are dropped).
    package var children: [XMLNode]
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
package struct XMLSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
    /// How to mend it.
    var fix = "make the file well-formed XML"
}

/// Reads an XML document into `XMLNode`s with FoundationXML's streaming parser.
package enum XMLTreeReader {
    /// Parses `data`; external entities and DTDs are not fetched.
    package static func parse(_ data: Data, file: String) -> Result<XMLNode, XMLSyntaxError> {
        // Keyboard files are UTF-8; FoundationXML traps on some invalid UTF-8 (in comments),
        // so the bytes are checked first.
        if let (line, column) = firstInvalidUTF8(data) {
            return .failure(
                XMLSyntaxError(line: line, column: column, message: "the file is not valid UTF-8 here"))
        }
        if let (line, column) = brokenDeclaration(data) {
            return .failure(
                XMLSyntaxError(
                    line: line, column: column,
                    message: "the XML declaration is not closed here: end it with ?> before the first tag"))
        }
        if let first = data.first(where: { !(" \t\r\n".utf8.contains($0)) }), first == UInt8(ascii: "{") {
            return .failure(
                XMLSyntaxError(
                    line: 1, column: 1, message: "the file is JSON (a layout file?), not XML",
                    fix: "give a CLDR keyboard file (XML); a layout .json file is read by --layout"))
        }
        let parser = XMLParser(data: blankingProcessingInstructions(data))
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

    /// The line and column of the first byte that is not valid UTF-8, if any. Valid bytes,
    /// nearly every file, are told by the standard library's decoder (which the fuzzers'
    /// coverage hooks do not slow down: they took a byte loop to 6% of `FuzzLDMLLoader`).
    static func firstInvalidUTF8(_ data: Data) -> (Int, Int)? {
        if isValidUTF8(data) { return nil }
        let bytes = [UInt8](data)
        var index = 0
        var line = 1
        var column = 1
        while index < bytes.count {
            let byte = bytes[index]
            var length = 0
            var minimum: UInt32 = 0
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x1_0000)
            default: return (line, column)
            }
            guard index + length <= bytes.count else { return (line, column) }
            var value = UInt32(byte) & (length == 1 ? 0x7F : (0xFF >> (length + 1)))
            for offset in 1..<max(length, 1) {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return (line, column) }
                value = value << 6 | UInt32(next & 0x3F)
            }
            if length > 1, value < minimum || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value) {
                return (line, column)
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// Whether `data` is valid UTF-8: decoding replaces every ill-formed sequence with
    /// U+FFFD, so the bytes come back unchanged exactly when there is none.
    static func isValidUTF8(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        guard text.utf8.count == data.count else { return false }
        return data.withUnsafeBytes { bytes in
            text.utf8.withContiguousStorageIfAvailable { decoded in
                bytes.count == 0 || memcmp(bytes.baseAddress!, decoded.baseAddress!, bytes.count) == 0
            } ?? false
        }
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
