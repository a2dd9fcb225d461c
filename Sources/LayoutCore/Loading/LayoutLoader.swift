/// Reads layout files: bytes → JSON → checked `LayoutDefinition` → `Layout`, reporting
/// every problem at once as `LayoutDiagnostic`s.
///
/// This part reads bytes the caller has; `LayoutEngine` adds reading a file by its path.
public enum LayoutLoader {
    /// The result of reading one file: the layout when it has no errors, and all diagnostics.
    public struct Result: Sendable {
        /// The layout, or `nil` when any diagnostic is an error.
        public let layout: Layout?
        /// Errors and warnings, in file order.
        public let diagnostics: [LayoutDiagnostic]

        /// Creates a result.
        package init(layout: Layout?, diagnostics: [LayoutDiagnostic]) {
            self.layout = layout
            self.diagnostics = diagnostics
        }
    }

    /// Reads a layout from bytes; `file` names it in diagnostics, `expectedID` (when given)
    /// is the id the layout must have.
    public static func read(bytes: [UInt8], file: String, expectedID: String? = nil) -> Result {
        if let offset = firstInvalidUTF8Offset(bytes) {
            return Result(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(
                        .error, .invalidUTF8, file: file, location: position(ofByte: offset, in: bytes), path: "",
                        message: "byte \(offset) is not valid UTF-8; save the file as UTF-8")
                ])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return Result(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(
                        .error, .invalidJSON, file: file, location: error.location, path: "", message: error.message)
                ])
        }
        var decoder = LayoutDecoder(file: file)
        let definition = decoder.decode(root, expectedID: expectedID)
        guard let definition else { return Result(layout: nil, diagnostics: decoder.diagnostics) }
        do {
            return Result(layout: try Layout(definition), diagnostics: decoder.diagnostics)
        } catch {
            decoder.report(.outOfRange, root, "", error.message)
            return Result(layout: nil, diagnostics: decoder.diagnostics)
        }
    }

    /// Line and column (in bytes, 1-based) of a byte offset.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return SourcePosition(line: line, column: offset - lineStart + 1, offset: offset)
    }

    /// The byte offset of the first byte that is not valid UTF-8, or `nil`.
    package static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
