import CPostfixKeyboard
import KeyboardEngineC

extension FuzzChecks {
    /// Arbitrary bytes as a program of calls to the C interface (`postfix_keyboard.h`), in any
    /// order: layouts opened by id or from JSON text, sessions made and freed, contexts set,
    /// keys pressed by index, name, keysym and keycode, long-presses, and every reader, with
    /// handles that are live, freed, NULL or forged, text that is not UTF-8, and buffers of any
    /// size. Checked: every call answers a status of the header; a handle that is not live
    /// answers `PK_ERROR_INVALID_HANDLE` and a live one never does; text given that is not UTF-8
    /// answers `PK_ERROR_INVALID_UTF8`; a reader writes nothing past the size it was given,
    /// NUL-terminates, cuts at a scalar and reports the full length; and the host's text kept
    /// by applying every press's edit (its three delete counts agreeing) is the session's text.
    public static func cInterface(_ input: [UInt8]) -> [String] {
        var program = CInterfaceProgram(input)
        program.run()
        program.freeEverything()
        return program.problems
    }
}

/// The state of one `cInterface` run: the handles made so far and the host's text of each
/// live session.
struct CInterfaceProgram {
    private var bytes: [UInt8]
    private var position = 0
    var problems: [String] = []
    /// Every layout handle ever made (freed ones stay, to be used again), and whether it is live.
    var layouts: [(handle: OpaquePointer, live: Bool)] = []
    /// Every session handle ever made, whether it is live, and the host's text it should have.
    var sessions: [(handle: OpaquePointer, live: Bool, host: [Unicode.Scalar])] = []

    /// The shipped layouts a program opens by id, then ids that are not.
    static let ids = ["hu-touch", "cs-touch", "da-touch", "hu-ios", "hu-extended", "hu-squeezed", "xx", ""]
    static let statuses: Set<UInt32> = Set((0...9).map(UInt32.init))

    init(_ input: [UInt8]) { bytes = input }

    mutating func run() {
        var calls = 0
        while position < bytes.count, calls < 200 {
            calls += 1
            let operation = byte() % 16
            switch operation {
            case 0: openID()
            case 1: openJSON()
            case 2: freeLayout()
            case 3: newSession()
            case 4: freeSession()
            case 5: setContext()
            case 6:
                let key = UInt32(byte())
                press("press_key(\(key))") { pkSessionPressKey($0, key) }
            case 7: pressName()
            case 8:
                let keysym = keysym()
                press("press_keysym(\(keysym))") { pkSessionPressKeysym($0, keysym) }
            case 9:
                let (keycode, shifted) = (UInt32(byte()), Int32(byte() % 2))
                press("press_keycode(\(keycode), \(shifted))") { pkSessionPressKeycode($0, keycode, shifted) }
            case 10:
                let (key, alternate) = (UInt32(byte()), UInt32(byte() % 12))
                press("long_press(\(key), \(alternate))") { pkSessionLongPress($0, key, alternate) }
            case 11: setBackspace()
            case 12: readText()
            case 13: readState()
            case 14: readLayout()
            default: readKeyName()
            }
        }
    }

    /// Frees every live handle, so that a run leaks nothing into the next.
    mutating func freeEverything() {
        for index in sessions.indices where sessions[index].live {
            expect(pkSessionFree(sessions[index].handle), [PK_OK], "session_free at the end")
            sessions[index].live = false
        }
        for index in layouts.indices where layouts[index].live {
            expect(pkLayoutFree(layouts[index].handle), [PK_OK], "layout_free at the end")
            layouts[index].live = false
        }
    }

    // MARK: Reading the program

    private mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A run of bytes: a length byte (up to 63), then that many bytes of the input.
    private mutating func blob() -> [UInt8] {
        let count = min(Int(byte() % 64), bytes.count - position)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    private mutating func keysym() -> UInt32 {
        switch byte() % 4 {
        case 0: UInt32(byte())
        case 1: 0xff00 | UInt32(byte())
        case 2: 0x100_0000 | UInt32(byte()) << 8 | UInt32(byte())
        default: UInt32(byte()) << 24 | UInt32(byte())
        }
    }

    /// A layout handle: a live or freed one, NULL, or a forged one.
    private mutating func layoutHandle() -> (handle: OpaquePointer?, live: Bool) {
        let pick = Int(byte())
        if pick < 200, !layouts.isEmpty { return layouts[pick % layouts.count] }
        return pick % 2 == 0 ? (nil, false) : (forged(), false)
    }

    /// A session handle: a live or freed one (with its index), NULL, or a forged one.
    private mutating func sessionHandle() -> (handle: OpaquePointer?, index: Int?) {
        let pick = Int(byte())
        if pick < 200, !sessions.isEmpty { return (sessions[pick % sessions.count].handle, pick % sessions.count) }
        return pick % 2 == 0 ? (nil, nil) : (forged(), nil)
    }

    private mutating func forged() -> OpaquePointer? {
        let value = UInt(byte()) << 24 | UInt(byte()) << 16 | UInt(byte()) << 8 | UInt(byte()) | 1
        return OpaquePointer(bitPattern: value)
    }

    // MARK: Calls

    private mutating func openID() {
        let id = Self.ids[Int(byte()) % Self.ids.count]
        var layout: OpaquePointer?
        var diagnostics = [CChar](repeating: Self.unwritten, count: Int(byte() % 80))
        var length = 0
        let status = id.withCString { name in
            pkLayoutOpenID(name, &layout, &diagnostics, diagnostics.count, &length)
        }
        expect(status, [PK_OK, PK_ERROR_UNKNOWN_LAYOUT], "layout_open_id(\(id))")
        // A cut never changes the call's status: whether the diagnostics fit is their length's.
        let fitted = length < diagnostics.count ? PK_OK : PK_ERROR_BUFFER_TOO_SMALL
        checkCut(diagnostics, length: length, status: fitted, what: "layout_open_id's diagnostics")
        if status == PK_OK, let layout { layouts.append((layout, true)) }
    }

    private mutating func openJSON() {
        let json = blob()
        var layout: OpaquePointer?
        var length = 0
        let status = json.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                pkLayoutOpenJSON(text.baseAddress, text.count, &layout, nil, 0, &length)
            }
        }
        expect(status, [PK_OK, PK_ERROR_LAYOUT_INVALID, PK_ERROR_INVALID_UTF8, PK_ERROR_NULL], "layout_open_json")
        if status == PK_OK, let layout { layouts.append((layout, true)) }
    }

    private mutating func freeLayout() {
        let (handle, live) = layoutHandle()
        let status = pkLayoutFree(handle)
        expect(status, live ? [PK_OK] : [PK_ERROR_INVALID_HANDLE], "layout_free")
        if live, let index = layouts.firstIndex(where: { $0.handle == handle }) { layouts[index].live = false }
    }

    private mutating func newSession() {
        let (handle, live) = layoutHandle()
        var session: OpaquePointer?
        let status = pkSessionNew(handle, &session)
        expect(status, live ? [PK_OK] : [PK_ERROR_INVALID_HANDLE], "session_new")
        if status == PK_OK, let session { sessions.append((session, true, [])) }
    }

    private mutating func freeSession() {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        expect(pkSessionFree(handle), live ? [PK_OK] : [PK_ERROR_INVALID_HANDLE], "session_free")
        if live, let index { sessions[index].live = false }
    }

    private mutating func setContext() {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        let text = blob()
        let valid = String(validating: text, as: UTF8.self)
        let status = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pkSessionSetContext(handle, $0.baseAddress, $0.count) }
        }
        if !live {
            expect(status, [PK_ERROR_INVALID_HANDLE], "set_context on a handle that is not live")
        } else if let valid {
            expect(status, [PK_OK], "set_context(\(valid.debugDescription))")
            if status == PK_OK, let index { sessions[index].host = Array(valid.unicodeScalars) }
        } else {
            expect(status, [PK_ERROR_INVALID_UTF8], "set_context with invalid UTF-8 \(text)")
        }
        if live, let index { checkText(index) }
    }

    private mutating func pressName() {
        let name = blob()
        press("press_name(\(name))") { session in
            (name + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { pkSessionPressName(session, $0.baseAddress) }
            }
        }
    }

    /// A press by `call` on a session handle; on a live session, the host's text is then
    /// updated with the last edit and compared with the session's.
    private mutating func press(_ name: String, _ call: (OpaquePointer?) -> pk_status) {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        let status = call(handle)
        guard live, let index else {
            expect(status, [PK_ERROR_INVALID_HANDLE], "\(name) on a handle that is not live")
            return
        }
        expect(
            status, [PK_OK, PK_ERROR_UNKNOWN_KEY, PK_ERROR_INVALID_UTF8, PK_ERROR_OUT_OF_RANGE, PK_ERROR_UNMAPPED_KEY],
            name)
        if status == PK_OK { applyLastEdit(index, after: name) }
        checkText(index)
    }

    private mutating func setBackspace() {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        let value = Int32(Int8(bitPattern: byte()))
        let status = pkSessionSetBackspace(handle, value)
        if !live {
            expect(status, [PK_ERROR_INVALID_HANDLE], "set_backspace on a handle that is not live")
        } else {
            expect(status, value == 0 || value == 1 ? [PK_OK] : [PK_ERROR_OUT_OF_RANGE], "set_backspace(\(value))")
        }
    }

    private mutating func readText() {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        let size = Int(byte() % 48)
        var buffer = [CChar](repeating: Self.unwritten, count: size + 8)
        var length = -1
        let status = pkSessionText(handle, &buffer, size, &length)
        guard live else {
            expect(status, [PK_ERROR_INVALID_HANDLE], "session_text on a handle that is not live")
            return
        }
        expect(status, [PK_OK, PK_ERROR_BUFFER_TOO_SMALL], "session_text into \(size) bytes")
        if buffer[size...].contains(where: { $0 != Self.unwritten }) {
            problems.append("session_text wrote past \(size) bytes")
        }
        checkCut(Array(buffer[..<size]), length: length, status: status, what: "session_text")
    }

    private mutating func readState() {
        let (handle, index) = sessionHandle()
        let live = index.map { sessions[$0].live } ?? false
        var layer: UInt32 = 0
        var shift = PK_SHIFT_OFF
        var backspace = PK_BACKSPACE_ACCENT
        var edit = pk_edit()
        let expected = live ? [PK_OK] : [PK_ERROR_INVALID_HANDLE]
        expect(pkSessionLayer(handle, &layer), expected, "session_layer")
        expect(pkSessionShift(handle, &shift), expected, "session_shift")
        expect(pkSessionBackspace(handle, &backspace), expected, "session_backspace")
        expect(pkSessionLastEdit(handle, &edit), expected, "session_last_edit")
        expect(pkSessionLayer(handle, nil), live ? [PK_ERROR_NULL] : [PK_ERROR_INVALID_HANDLE], "session_layer(NULL)")
        if live, shift.rawValue > 2 || backspace.rawValue > 1 || edit.effect < 0 || edit.effect > 6 {
            problems.append(
                "state out of its enums: shift \(shift.rawValue), backspace \(backspace.rawValue), "
                    + "effect \(edit.effect)")
        }
    }

    private mutating func readLayout() {
        let (handle, live) = layoutHandle()
        var count: UInt32 = 0
        var layers: UInt32 = 0
        var buffer = [CChar](repeating: Self.unwritten, count: 40)
        let size = Int(byte() % 32)
        var length = -1
        let expected = live ? [PK_OK] : [PK_ERROR_INVALID_HANDLE]
        expect(pkLayoutKeyCount(handle, &count), expected, "layout_key_count")
        expect(pkLayoutLayerCount(handle, &layers), expected, "layout_layer_count")
        let status = pkLayoutID(handle, &buffer, size, &length)
        guard live else {
            expect(status, [PK_ERROR_INVALID_HANDLE], "layout_id on a handle that is not live")
            return
        }
        expect(status, [PK_OK, PK_ERROR_BUFFER_TOO_SMALL], "layout_id into \(size) bytes")
        if buffer[size...].contains(where: { $0 != Self.unwritten }) {
            problems.append("layout_id wrote past \(size) bytes")
        }
        checkCut(Array(buffer[..<size]), length: length, status: status, what: "layout_id")
        let name = blob() + [0]
        let layer = UInt32(byte() % 4)
        var key: UInt32 = 0
        let named = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pkLayoutKeyNamed(handle, layer, $0.baseAddress, &key) }
        }
        expect(named, [PK_OK, PK_ERROR_UNKNOWN_KEY, PK_ERROR_INVALID_UTF8, PK_ERROR_OUT_OF_RANGE], "layout_key_named")
        if named == PK_OK, key >= count { problems.append("layout_key_named answered key \(key) of \(count)") }
    }

    private mutating func readKeyName() {
        let (handle, live) = layoutHandle()
        let key = UInt32(byte())
        var buffer = [CChar](repeating: Self.unwritten, count: 72)
        let size = Int(byte() % 64)
        var length = -1
        let status = pkLayoutKeyName(handle, key, &buffer, size, &length)
        var alternates: UInt32 = 0
        let counted = pkLayoutAlternateCount(handle, key, &alternates)
        guard live else {
            expect(status, [PK_ERROR_INVALID_HANDLE], "layout_key_name on a handle that is not live")
            expect(counted, [PK_ERROR_INVALID_HANDLE], "layout_alternate_count on a handle that is not live")
            return
        }
        expect(status, [PK_OK, PK_ERROR_BUFFER_TOO_SMALL, PK_ERROR_UNKNOWN_KEY], "layout_key_name(\(key))")
        expect(counted, [PK_OK, PK_ERROR_UNKNOWN_KEY], "layout_alternate_count(\(key))")
        if buffer[size...].contains(where: { $0 != Self.unwritten }) {
            problems.append("layout_key_name wrote past \(size)")
        }
        if status != PK_ERROR_UNKNOWN_KEY {
            checkCut(Array(buffer[..<size]), length: length, status: status, what: "layout_key_name")
        }
        if counted == PK_OK {
            let index = UInt32(byte() % 12)
            var alternate = [CChar](repeating: 0, count: 16)
            let answered = pkLayoutAlternate(handle, key, index, &alternate, alternate.count, nil)
            let expected = index < alternates ? [PK_OK, PK_ERROR_BUFFER_TOO_SMALL] : [PK_ERROR_OUT_OF_RANGE]
            expect(answered, expected, "layout_alternate(\(key), \(index)) of \(alternates)")
        }
    }
}
