import CXKBCommon

/// Every call into libxkbcommon, and nothing else: the rest of the module goes through
/// these. Each wrapper names the `xkb_*` function it wraps; pointers are the library's
/// opaque objects, owned by the wrapper classes (`XKBContext`, `XKBKeymap`, `XKBState`,
/// `XKBComposeTable`, `XKBComposeState`), which unref them in `deinit`.
enum XKBCalls {
    // MARK: Context

    /// Wraps `xkb_context_new` with `XKB_CONTEXT_NO_ENVIRONMENT_NAMES` (keymap names are
    /// always given, never taken from `XKB_DEFAULT_*`); the default include paths
    /// (`XKB_CONFIG_ROOT`, else xkeyboard-config's folder) stay.
    static func contextNew() -> OpaquePointer? {
        xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES)
    }

    /// Wraps `xkb_context_new` with `XKB_CONTEXT_NO_DEFAULT_INCLUDES` and
    /// `XKB_CONTEXT_NO_ENVIRONMENT_NAMES`: a context that searches only the folders appended.
    static func contextNewWithoutDefaultIncludes() -> OpaquePointer? {
        xkb_context_new(
            xkb_context_flags(XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue | XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue))
    }

    /// Wraps `xkb_context_include_path_append`; `false` when the folder is not there.
    static func contextIncludePathAppend(_ context: OpaquePointer, _ path: String) -> Bool {
        xkb_context_include_path_append(context, path) == 1
    }

    /// Wraps `xkb_context_unref`.
    static func contextUnref(_ context: OpaquePointer) {
        xkb_context_unref(context)
    }

    /// Wraps `xkb_context_set_log_level` with `XKB_LOG_LEVEL_CRITICAL`: failures come back
    /// as typed errors, not as lines on standard error.
    static func contextSilenceLog(_ context: OpaquePointer) {
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
    }

    /// Wraps `xkb_context_num_include_paths` and `xkb_context_include_path_get`: the folders
    /// the context searches for keymap files.
    static func contextIncludePaths(_ context: OpaquePointer) -> [String] {
        (0..<xkb_context_num_include_paths(context)).compactMap { index in
            xkb_context_include_path_get(context, index).map { String(cString: $0) }
        }
    }

    // MARK: Keymap

    /// Wraps `xkb_keymap_new_from_names`: compiles the keymap of RMLVO names.
    static func keymapNewFromNames(
        _ context: OpaquePointer, rules: String, model: String, layout: String, variant: String, options: String
    ) -> OpaquePointer? {
        rules.withCString { rules in
            model.withCString { model in
                layout.withCString { layout in
                    variant.withCString { variant in
                        options.withCString { options in
                            var names = xkb_rule_names(
                                rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
    }

    /// Wraps `xkb_keymap_new_from_string` (`XKB_KEYMAP_FORMAT_TEXT_V1`).
    static func keymapNewFromString(_ context: OpaquePointer, _ text: String) -> OpaquePointer? {
        xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }

    /// Wraps `xkb_keymap_unref`.
    static func keymapUnref(_ keymap: OpaquePointer) {
        xkb_keymap_unref(keymap)
    }

    /// Wraps `xkb_keymap_key_by_name`: the keycode of a key name such as `AC01`, or `nil`.
    static func keymapKeyByName(_ keymap: OpaquePointer, _ name: String) -> UInt32? {
        let keycode = xkb_keymap_key_by_name(keymap, name)
        return keycode == XKB_KEYCODE_INVALID ? nil : keycode
    }

    /// Wraps `xkb_keymap_layout_get_name` for the first layout (group): `Hungarian`.
    static func keymapLayoutName(_ keymap: OpaquePointer) -> String? {
        xkb_keymap_layout_get_name(keymap, 0).map { String(cString: $0) }
    }

    // MARK: State

    /// Wraps `xkb_state_new`.
    static func stateNew(_ keymap: OpaquePointer) -> OpaquePointer? {
        xkb_state_new(keymap)
    }

    /// Wraps `xkb_state_unref`.
    static func stateUnref(_ state: OpaquePointer) {
        xkb_state_unref(state)
    }

    /// Wraps `xkb_state_update_key`: a key goes down (`true`) or up.
    @inline(__always)
    static func stateUpdateKey(_ state: OpaquePointer, _ keycode: UInt32, down: Bool) {
        _ = xkb_state_update_key(state, keycode, down ? XKB_KEY_DOWN : XKB_KEY_UP)
    }

    /// Wraps `xkb_state_key_get_one_sym`: the keysym a key gives now (0, `NoSymbol`, for none).
    @inline(__always)
    static func stateKeyGetOneSym(_ state: OpaquePointer, _ keycode: UInt32) -> UInt32 {
        xkb_state_key_get_one_sym(state, keycode)
    }

    /// Wraps `xkb_state_key_get_utf8`: writes the key's text into `buffer` (NUL-terminated)
    /// and returns the length in bytes written, at most `size` − 1 (libxkbcommon returns the
    /// length the whole text needs, like `snprintf`, and cuts it to fit the buffer).
    @inline(__always)
    static func stateKeyGetUTF8(
        _ state: OpaquePointer, _ keycode: UInt32, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int
    )
        -> Int
    {
        written(Int(xkb_state_key_get_utf8(state, keycode, buffer, size)), size)
    }

    /// The bytes an `snprintf`-like call wrote into a buffer of `size`, given the length it
    /// returned (the whole text's, or negative for an error).
    @inline(__always)
    static func written(_ length: Int, _ size: Int) -> Int {
        max(0, min(length, size - 1))
    }

    // MARK: Keysyms

    /// Wraps `xkb_keysym_get_name`: `dead_acute`, `odoubleacute`, `space`.
    static func keysymName(_ keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Wraps `xkb_keysym_from_name` (exact case).
    static func keysymFromName(_ name: String) -> UInt32 {
        xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
    }

    /// Wraps `xkb_keysym_to_utf8`: the keysym's text, empty for none (dead keys, modifiers).
    static func keysymToUTF8(_ keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = xkb_keysym_to_utf8(keysym, &buffer, buffer.count)
        guard length > 1 else { return "" }
        return String(decoding: buffer.prefix(Int(length) - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Compose

    /// Wraps `xkb_compose_table_new_from_locale`: the Compose table libX11 would use for
    /// `locale` (honouring `XCOMPOSEFILE` and `~/.XCompose`), or `nil` when it finds none.
    static func composeTableNewFromLocale(_ context: OpaquePointer, locale: String) -> OpaquePointer? {
        xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
    }

    /// Wraps `xkb_compose_table_new_from_buffer`: a table from Compose-file text.
    static func composeTableNewFromBuffer(_ context: OpaquePointer, _ text: String, locale: String) -> OpaquePointer? {
        var bytes = Array(text.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            xkb_compose_table_new_from_buffer(
                context, buffer.baseAddress, buffer.count - 1, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
                XKB_COMPOSE_COMPILE_NO_FLAGS)
        }
    }

    /// Wraps `xkb_compose_table_unref`.
    static func composeTableUnref(_ table: OpaquePointer) {
        xkb_compose_table_unref(table)
    }

    /// Wraps `xkb_compose_state_new`.
    static func composeStateNew(_ table: OpaquePointer) -> OpaquePointer? {
        xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
    }

    /// Wraps `xkb_compose_state_unref`.
    static func composeStateUnref(_ state: OpaquePointer) {
        xkb_compose_state_unref(state)
    }

    /// Wraps `xkb_compose_state_feed`; `true` when the keysym was accepted (not ignored as a modifier).
    @inline(__always)
    static func composeStateFeed(_ state: OpaquePointer, _ keysym: UInt32) -> Bool {
        xkb_compose_state_feed(state, keysym) == XKB_COMPOSE_FEED_ACCEPTED
    }

    /// Wraps `xkb_compose_state_reset`.
    @inline(__always)
    static func composeStateReset(_ state: OpaquePointer) {
        xkb_compose_state_reset(state)
    }

    /// Wraps `xkb_compose_state_get_status`.
    @inline(__always)
    static func composeStateStatus(_ state: OpaquePointer) -> XKBComposeStatus {
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING: .composing
        case XKB_COMPOSE_COMPOSED: .composed
        case XKB_COMPOSE_CANCELLED: .cancelled
        default: .nothing
        }
    }

    /// Wraps `xkb_compose_state_get_utf8`: the composed text, when the status is composed,
    /// whole (a Compose file's result may be up to 255 bytes): the first call asks its length.
    static func composeStateUTF8(_ state: OpaquePointer) -> String {
        let length = Int(xkb_compose_state_get_utf8(state, nil, 0))
        guard length > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: length + 1)
        let got = written(Int(xkb_compose_state_get_utf8(state, &buffer, buffer.count)), buffer.count)
        return String(decoding: buffer.prefix(got).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Wraps `xkb_compose_state_get_utf8` into a caller's buffer, for the hot loop of a benchmark:
    /// the length in bytes written, at most `size` − 1 (a longer text is cut to fit).
    @inline(__always)
    static func composeStateUTF8(_ state: OpaquePointer, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
        written(Int(xkb_compose_state_get_utf8(state, buffer, size)), size)
    }
}
