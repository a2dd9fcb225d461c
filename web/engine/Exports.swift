/// The functions the `.wasm` exports, for `web/src/engine.js`.
///
/// Strings go in through linear memory: the caller allocates with `pk_alloc`, writes UTF-8
/// there, passes pointer and length, and frees with `pk_free`. Every answer is JSON text
/// that stays in the engine's result buffer until the next call: `pk_result_pointer` and
/// `pk_result_length` say where it is. Key ids are `KeyID.rawValue`s from `pk_view`.

/// The one engine of the page (the page is single-threaded).
nonisolated(unsafe) private var engine = WebEngine()
/// The last answer, UTF-8, owned here.
nonisolated(unsafe) private var result: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var resultLength: Int32 = 0

/// Keeps `text` as the answer for `pk_result_pointer` / `pk_result_length`.
private func answer(_ text: String) {
    result?.deallocate()
    var utf8 = Array(text.utf8)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(utf8.count, 1))
    utf8.withUnsafeMutableBufferPointer { bytes in
        if let base = bytes.baseAddress { buffer.update(from: base, count: bytes.count) }
    }
    result = buffer
    resultLength = Int32(utf8.count)
}

/// The bytes at `pointer`, `length` of them.
private func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> [UInt8] {
    guard let pointer, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
}

/// The UTF-8 text at `pointer` (invalid bytes become U+FFFD).
private func text(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> String {
    String(decoding: bytes(pointer, length), as: UTF8.self)
}

/// Allocates `size` bytes of linear memory for the caller (free them with `pk_free`).
@_expose(wasm, "pk_alloc") @_cdecl("pk_alloc")
public func pkAlloc(_ size: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 8)
}

/// Frees memory from `pk_alloc`.
@_expose(wasm, "pk_free") @_cdecl("pk_free")
public func pkFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Where the last answer's UTF-8 starts.
@_expose(wasm, "pk_result_pointer") @_cdecl("pk_result_pointer")
public func pkResultPointer() -> UnsafeMutablePointer<UInt8>? { result }

/// How many bytes the last answer has.
@_expose(wasm, "pk_result_length") @_cdecl("pk_result_length")
public func pkResultLength() -> Int32 { resultLength }

/// Answers that no layout file has `id` (`WebEngine.unknownLayout`); `known` holds the ids
/// the page has, one per line.
@_expose(wasm, "pk_unknown_layout") @_cdecl("pk_unknown_layout")
public func pkUnknownLayout(
    _ id: UnsafePointer<UInt8>?, _ idLength: Int32, _ known: UnsafePointer<UInt8>?, _ knownLength: Int32
) {
    let ids = text(known, knownLength).split(separator: "\n").map(String.init)
    answer(engine.unknownLayout(text(id, idLength), known: ids))
}

/// Opens a layout file's bytes (`WebEngine.openJSON`).
@_expose(wasm, "pk_open_json") @_cdecl("pk_open_json")
public func pkOpenJSON(
    _ file: UnsafePointer<UInt8>?, _ fileLength: Int32, _ name: UnsafePointer<UInt8>?, _ nameLength: Int32
) {
    answer(engine.openJSON(bytes(file, fileLength), fileName: text(name, nameLength)))
}

/// Answers the open layout (`WebEngine.layout`).
@_expose(wasm, "pk_layout") @_cdecl("pk_layout")
public func pkLayout() { answer(engine.layout()) }

/// Answers the keys shown now (`WebEngine.view`).
@_expose(wasm, "pk_view") @_cdecl("pk_view")
public func pkView() { answer(engine.view()) }

/// Replaces the text before the caret (`TypingSession.setContext`).
@_expose(wasm, "pk_set_context") @_cdecl("pk_set_context")
public func pkSetContext(_ context: UnsafePointer<UInt8>?, _ length: Int32) {
    engine.setContext(text(context, length))
}

/// Sets the backspace choice by name; returns 1 when the name is `accent` or `grapheme`.
@_expose(wasm, "pk_set_backspace") @_cdecl("pk_set_backspace")
public func pkSetBackspace(_ name: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
    engine.setBackspace(text(name, length)) ? 1 : 0
}

/// Taps a key; answers the edit.
@_expose(wasm, "pk_tap") @_cdecl("pk_tap")
public func pkTap(_ key: Int32) { answer(engine.handle(.tap(KeyID(Int(key))))) }

/// Long-presses a key and picks alternate `choice` (-1: the key's default); answers the edit.
@_expose(wasm, "pk_long_press") @_cdecl("pk_long_press")
public func pkLongPress(_ key: Int32, _ choice: Int32) {
    answer(engine.handle(.longPress(KeyID(Int(key)), alternate: choice < 0 ? nil : Int(choice))))
}

/// Taps a key `count` times quickly (a multi-tap, count from 2); answers the edit.
@_expose(wasm, "pk_multi_tap") @_cdecl("pk_multi_tap")
public func pkMultiTap(_ key: Int32, _ count: Int32) {
    let count = min(max(Int(count), 1), KeyEvent.multiTapLimit)
    answer(engine.handle(count < 2 ? .tap(KeyID(Int(key))) : .multiTap(KeyID(Int(key)), count: count)))
}

/// Flicks a key along directions written `n,e`; answers the edit, or `{"error": …}` when
/// the directions are not compass names.
@_expose(wasm, "pk_flick") @_cdecl("pk_flick")
public func pkFlick(_ key: Int32, _ directions: UnsafePointer<UInt8>?, _ length: Int32) {
    let parts = text(directions, length).split(separator: ",", omittingEmptySubsequences: false)
    let parsed = parts.compactMap { FlickDirection(name: String($0)) }
    guard !parts.isEmpty, parsed.count == parts.count, parsed.count <= KeyEvent.flickLimit else {
        var json = JSONWriter()
        json.beginObject()
        json.field("error", "\"\(text(directions, length))\" is not a list of flick directions (n ne e se s sw w nw)")
        json.endObject()
        return answer(json.text)
    }
    answer(engine.handle(.flick(KeyID(Int(key)), parsed)))
}

/// Presses a key by its trace name (`KeyNames.events`); answers `{ok, edits}` or `{ok, message}`.
@_expose(wasm, "pk_press") @_cdecl("pk_press")
public func pkPress(_ name: UnsafePointer<UInt8>?, _ length: Int32) {
    answer(engine.press(text(name, length)))
}

/// The benchmark: taps the `count` keys at `keys`, `rounds` times over, each round from an
/// empty text, without writing answers; returns a checksum of the edits (so that nothing is
/// optimized away).
@_expose(wasm, "pk_bench_taps") @_cdecl("pk_bench_taps")
public func pkBenchTaps(_ keys: UnsafePointer<Int32>?, _ count: Int32, _ rounds: Int32) -> Int32 {
    guard let keys, count > 0 else { return 0 }
    var checksum = 0
    for _ in 0..<max(rounds, 0) {
        engine.setContext("")
        for index in 0..<Int(count) {
            checksum &+= engine.handleQuietly(.tap(KeyID(Int(keys[index]))))
        }
    }
    return Int32(truncatingIfNeeded: checksum)
}
