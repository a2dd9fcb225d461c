import CPostfixKeyboard
import KeyboardEngineC

/// What `CInterfaceProgram` checks after its calls: statuses, the buffers readers fill, and the
/// host's text kept from every edit.
extension CInterfaceProgram {
    /// Records a problem when `call` answered `status`, not one of `allowed`.
    mutating func expect(_ status: pk_status, _ allowed: [pk_status], _ call: String) {
        guard !allowed.contains(status) else { return }
        let known = Self.statuses.contains(status.rawValue)
        problems.append(
            "\(call): status \(status.rawValue)\(known ? "" : " (not in the header)"), expected one of "
                + allowed.map { String($0.rawValue) }.joined(separator: ", "))
    }

    /// What a buffer holds before a reader writes into it: 0xFF, which UTF-8 never has.
    static let unwritten = CChar(bitPattern: 0xFF)

    /// A buffer a reader filled (it held `unwritten` before): NUL-terminated, valid UTF-8, the
    /// whole text when `PK_OK` (its length the one reported), a prefix cut at a scalar when
    /// too small. The text may hold U+0000 (a context is counted bytes), so the terminating NUL
    /// is the last byte written, not the first NUL.
    mutating func checkCut(_ buffer: [CChar], length: Int, status: pk_status, what: String) {
        let end = buffer.firstIndex(of: Self.unwritten) ?? buffer.count
        guard end > 0, buffer[end - 1] == 0 else {
            if !buffer.isEmpty { problems.append("\(what): not NUL-terminated within the \(buffer.count) bytes given") }
            return
        }
        let written = buffer[..<(end - 1)].map { UInt8(bitPattern: $0) }
        if String(validating: written, as: UTF8.self) == nil { problems.append("\(what): cut inside a scalar") }
        if status == PK_OK, written.count != length {
            problems.append("\(what): \(written.count) bytes written, \(length) reported")
        }
        if written.count > length { problems.append("\(what): more written than its length \(length)") }
    }

    /// Applies the session's last edit to the host's text kept for it, checking its counts.
    mutating func applyLastEdit(_ index: Int, after call: String) {
        let handle = sessions[index].handle
        var edit = pk_edit()
        expect(pkSessionLastEdit(handle, &edit), [PK_OK], "last_edit after \(call)")
        var inserted = [CChar](repeating: 0, count: Int(edit.insert_length) + 1)
        var length = 0
        expect(pkSessionEditText(handle, &inserted, inserted.count, &length), [PK_OK], "edit_text after \(call)")
        var host = sessions[index].host
        let count = Int(edit.delete_scalars)
        guard count <= host.count else {
            problems.append("\(call): deletes \(count) scalars of a text of \(host.count)")
            return
        }
        let deleted = host.suffix(count)
        let utf8 = deleted.reduce(0) { $0 + UTF8.width($1) }
        let utf16 = deleted.reduce(0) { $0 + UTF16.width($1) }
        if utf8 != Int(edit.delete_utf8) || utf16 != Int(edit.delete_utf16) {
            problems.append(
                "\(call): deletes \(count) scalars, \(utf8) UTF-8 bytes and \(utf16) UTF-16 units, "
                    + "reported \(edit.delete_utf8) and \(edit.delete_utf16)")
        }
        host.removeLast(count)
        let text = String(decoding: inserted[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        host.append(contentsOf: text.unicodeScalars)
        sessions[index].host = host
    }

    /// The session's text against the host's text kept for it.
    mutating func checkText(_ index: Int) {
        var buffer = [CChar](repeating: 0, count: 4096)
        var length = 0
        guard pkSessionText(sessions[index].handle, &buffer, buffer.count, &length) == PK_OK else { return }
        let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let host = String(String.UnicodeScalarView(sessions[index].host))
        if text.unicodeScalars.elementsEqual(host.unicodeScalars) == false {
            problems.append("session text \(text.debugDescription), host's text \(host.debugDescription)")
        }
    }
}
