import CPostfixKeyboard
import LayoutEngine

// The pk_layout_* functions of postfix_keyboard.h; each doc comment there is the contract.

/// `pk_layout_open_id`: a shipped layout by id.
@_cdecl("pk_layout_open_id")
public func pkLayoutOpenID(
    _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ diagnostics: UnsafeMutablePointer<CChar>?, _ size: Int, _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    length?.pointee = 0
    guard let out else { return PK_ERROR_NULL }
    out.pointee = nil
    guard let id else { return PK_ERROR_NULL }
    guard let text = CText.string(cString: id) else { return PK_ERROR_INVALID_UTF8 }
    if LayoutCatalog.overrideDirectory == nil, let cached = BuiltInLayoutCache.open(text) {
        return LayoutOpening.finish(
            cached.result, unknownID: false, out: out, diagnostics: diagnostics, size: size, length: length,
            made: cached.handle)
    }
    // Only ids: a path would read files, which the interface leaves to the host
    // (pk_layout_open_json takes a file's text).
    var result =
        LayoutCatalog.isPath(text) ? LayoutLoader.Result(layout: nil, diagnostics: []) : LayoutCatalog.read(text)
    let unknown = result.layout == nil && result.diagnostics.allSatisfy { $0.code == .unknownLayout }
    if unknown { result = LayoutLoader.Result(layout: nil, diagnostics: [unknownLayout(text)]) }
    return LayoutOpening.finish(
        result, unknownID: unknown, out: out, diagnostics: diagnostics, size: size, length: length)
}

/// `pk_layout_open_json`: a layout from the text of a layout file.
@_cdecl("pk_layout_open_json")
public func pkLayoutOpenJSON(
    _ json: UnsafePointer<CChar>?, _ count: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ diagnostics: UnsafeMutablePointer<CChar>?, _ size: Int, _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    length?.pointee = 0
    guard let out else { return PK_ERROR_NULL }
    out.pointee = nil
    guard count >= 0 else { return PK_ERROR_OUT_OF_RANGE }  // a size_t past Int.max
    guard let json else { return PK_ERROR_NULL }
    guard CText.string(json, length: count) != nil else { return PK_ERROR_INVALID_UTF8 }
    let bytes = Array(UnsafeRawBufferPointer(start: json, count: count))
    let result = LayoutLoader.read(bytes: bytes, file: "<json>")
    return LayoutOpening.finish(
        result, unknownID: false, out: out, diagnostics: diagnostics, size: size, length: length)
}

/// `pk_layout_free`.
@_cdecl("pk_layout_free")
public func pkLayoutFree(_ layout: OpaquePointer?) -> pk_status {
    LayoutHandle.registry.remove(layout) == nil ? PK_ERROR_INVALID_HANDLE : PK_OK
}

/// `pk_layout_id`.
@_cdecl("pk_layout_id")
public func pkLayoutID(
    _ layout: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    return CText.copy(handle.layout.id, to: buffer, size: size, length: length)
}

/// `pk_layout_key_count`.
@_cdecl("pk_layout_key_count")
public func pkLayoutKeyCount(_ layout: OpaquePointer?, _ count: UnsafeMutablePointer<UInt32>?) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let count else { return PK_ERROR_NULL }
    count.pointee = UInt32(handle.layout.keys.count)
    return PK_OK
}

/// `pk_layout_layer_count`.
@_cdecl("pk_layout_layer_count")
public func pkLayoutLayerCount(_ layout: OpaquePointer?, _ count: UnsafeMutablePointer<UInt32>?) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let count else { return PK_ERROR_NULL }
    count.pointee = UInt32(handle.layout.layers.count)
    return PK_OK
}

/// `pk_layout_key_name`: the name `kbdsim --trace` prints.
@_cdecl("pk_layout_key_name")
public func pkLayoutKeyName(
    _ layout: OpaquePointer?, _ key: UInt32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard handle.key(key) != nil else { return PK_ERROR_UNKNOWN_KEY }
    let name = handle.names.names[Int(key)]
    return CText.copy(name, to: buffer, size: size, length: length)
}

/// `pk_layout_alternate_count`.
@_cdecl("pk_layout_alternate_count")
public func pkLayoutAlternateCount(_ layout: OpaquePointer?, _ key: UInt32, _ count: UnsafeMutablePointer<UInt32>?)
    -> pk_status
{
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let found = handle.key(key) else { return PK_ERROR_UNKNOWN_KEY }
    guard let count else { return PK_ERROR_NULL }
    count.pointee = UInt32(found.longPress.count)
    return PK_OK
}

/// `pk_layout_alternate`.
@_cdecl("pk_layout_alternate")
public func pkLayoutAlternate(
    _ layout: OpaquePointer?, _ key: UInt32, _ index: UInt32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let found = handle.key(key) else { return PK_ERROR_UNKNOWN_KEY }
    guard let index = Int(exactly: index), index < found.longPress.count else { return PK_ERROR_OUT_OF_RANGE }
    return CText.copy(found.longPress[index], to: buffer, size: size, length: length)
}

/// `pk_layout_key_named`: a key's index by its name on a layer.
@_cdecl("pk_layout_key_named")
public func pkLayoutKeyNamed(
    _ layout: OpaquePointer?, _ layer: UInt32, _ name: UnsafePointer<CChar>?, _ key: UnsafeMutablePointer<UInt32>?
) -> pk_status {
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let name, let key else { return PK_ERROR_NULL }
    guard let layer = Int(exactly: layer), layer < handle.layout.layers.count else { return PK_ERROR_OUT_OF_RANGE }
    guard let text = CText.string(cString: name) else { return PK_ERROR_INVALID_UTF8 }
    guard let found = handle.names.key(named: text, on: layer) else { return PK_ERROR_UNKNOWN_KEY }
    key.pointee = UInt32(clamping: found.rawValue)
    return PK_OK
}

/// The diagnostic for an id that names no shipped layout, saying what a C host can do instead.
private func unknownLayout(_ id: String) -> LayoutDiagnostic {
    let catalog = LayoutCatalog.unknownLayout(id, known: LayoutCatalog.shippedIDs())
    let pathAdvice = "; or give the path of a .json file)"
    let message =
        catalog.message.hasSuffix(pathAdvice)
        ? String(catalog.message.dropLast(pathAdvice.count))
            + "; or open a layout file's text with pk_layout_open_json)"
        : catalog.message
    return LayoutDiagnostic(.error, .unknownLayout, file: "", location: nil, path: "", message: message)
}
