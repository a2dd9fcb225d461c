import CPostfixKeyboard

/// Text across the C boundary: UTF-8 in, checked; UTF-8 out, copied into the caller's buffer.
enum CText {
    /// The string of `length` bytes at `bytes`, or `nil` when they are not valid UTF-8.
    /// NULL with length 0 is the empty string; NULL with a length is `nil` (the caller checks).
    static func string(_ bytes: UnsafePointer<CChar>?, length: Int) -> String? {
        guard length > 0 else { return "" }
        guard let bytes else { return nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: length).bindMemory(to: UInt8.self)
        return String(validating: buffer, as: UTF8.self)
    }

    /// The NUL-terminated string at `text`, or `nil` when it is not valid UTF-8.
    static func string(cString text: UnsafePointer<CChar>) -> String? {
        String(validatingCString: text)
    }

    /// Copies `text` into `buffer` as the header's buffer rule says: at most `size` bytes,
    /// NUL-terminated, cut at a scalar boundary; the full length (bytes, without the NUL) goes
    /// to `length` when it is not NULL.
    /// - Returns: `PK_OK` when all of it fit, `PK_ERROR_BUFFER_TOO_SMALL` when not, `PK_ERROR_NULL`
    ///   for a NULL buffer with a size.
    static func copy(
        _ text: String, to buffer: UnsafeMutablePointer<CChar>?, size: Int, length: UnsafeMutablePointer<Int>?
    )
        -> pk_status
    {
        let utf8 = text.utf8
        length?.pointee = utf8.count
        guard size > 0 else { return PK_ERROR_BUFFER_TOO_SMALL }
        guard let buffer else { return PK_ERROR_NULL }
        var written = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            guard written + width < size else { break }
            UTF8.encode(scalar) { byte in
                buffer[written] = CChar(bitPattern: byte)
                written += 1
            }
        }
        buffer[written] = 0
        return written == utf8.count ? PK_OK : PK_ERROR_BUFFER_TOO_SMALL
    }

    /// Copies `text` into an optional diagnostics buffer: as `copy`, but a cut is no error and
    /// a NULL buffer writes nothing.
    static func copyDiagnostics(
        _ text: String, to buffer: UnsafeMutablePointer<CChar>?, size: Int, length: UnsafeMutablePointer<Int>?
    ) {
        length?.pointee = text.utf8.count
        guard buffer != nil, size > 0 else { return }
        _ = copy(text, to: buffer, size: size, length: nil)
    }
}
