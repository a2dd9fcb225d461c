/// One file an export writes: its name inside the output folder and its bytes.
public struct ExportedFile: Hashable, Sendable {
    /// The file name, without folders (`hu_touch.kmn`).
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]

    /// A file of UTF-8 text; with `byteOrderMark`, the UTF-8 BOM (EF BB BF) first, as
    /// Keyman and KMFL want for `.kmn` source.
    public init(name: String, text: String, byteOrderMark: Bool = false) {
        self.name = name
        self.bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }

    /// The text (after a BOM, if there is one).
    public var text: String {
        String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    }
}

/// The copyright line exports carry.
enum ExportCopyright {
    static let line = "Copyright (c) 2026 The postfix-accent keyboard engine contributors (MIT License)"
}
