/// A libxkbcommon context: where keymap files are looked for. Unref'd in `deinit`.
public final class XKBContext {
    let pointer: OpaquePointer
    /// The folders asked for (`nil`: libxkbcommon's defaults), for messages.
    let requestedPaths: [String]?

    /// A context with the default include paths (`XKB_CONFIG_ROOT`, else xkeyboard-config's
    /// folder), quiet: failures come back as `XKBError`s. Wraps `xkb_context_new`.
    public init() throws(XKBError) {
        guard let pointer = XKBCalls.contextNew() else { throw .libraryFailure("xkb_context_new failed") }
        XKBCalls.contextSilenceLog(pointer)
        self.pointer = pointer
        self.requestedPaths = nil
    }

    /// A context that looks for keymap files only in these folders (tests, or a private
    /// copy of xkeyboard-config). Wraps `xkb_context_new` and `xkb_context_include_path_append`.
    public init(includePaths: [String]) throws(XKBError) {
        guard let pointer = XKBCalls.contextNewWithoutDefaultIncludes() else {
            throw .libraryFailure("xkb_context_new failed")
        }
        XKBCalls.contextSilenceLog(pointer)
        for path in includePaths { _ = XKBCalls.contextIncludePathAppend(pointer, path) }
        self.pointer = pointer
        self.requestedPaths = includePaths
    }

    deinit { XKBCalls.contextUnref(pointer) }

    /// The folders searched for keymap files (only those that exist). Wraps
    /// `xkb_context_include_path_get`.
    public var includePaths: [String] { XKBCalls.contextIncludePaths(pointer) }

    /// The folders a failed look-up names: those asked for, else those searched, else the default.
    var searchedPaths: [String] {
        if let requestedPaths { return requestedPaths }
        let paths = includePaths
        return paths.isEmpty ? [XKBConfigFiles.defaultRoot] : paths
    }
}

/// A compiled keymap. Unref'd in `deinit`.
public final class XKBKeymap {
    let pointer: OpaquePointer
    /// The context it was compiled in, kept alive with it.
    public let context: XKBContext

    /// Compiles the keymap of RMLVO names. Wraps `xkb_keymap_new_from_names`.
    /// - Throws: `XKBError.missingKeyboardConfig` when xkeyboard-config is not installed,
    ///   `.unknownLayout` when the layout or variant does not exist.
    public init(names: XKBLayoutName, context: XKBContext) throws(XKBError) {
        self.context = context
        let rules = "evdev"
        let model = "pc105"
        guard
            let pointer = XKBCalls.keymapNewFromNames(
                context.pointer, rules: rules, model: model, layout: names.layout, variant: names.variant ?? "",
                options: "")
        else {
            throw XKBConfigFiles.explainFailure(names, rules: rules, model: model, folders: context.searchedPaths)
        }
        self.pointer = pointer
    }

    /// Compiles a keymap from its text (`xkb_keymap { … };`), as tests keep them. Wraps
    /// `xkb_keymap_new_from_string`.
    public init(string: String, source: String, context: XKBContext) throws(XKBError) {
        self.context = context
        guard let pointer = XKBCalls.keymapNewFromString(context.pointer, string) else {
            throw .invalidKeymap(source: source)
        }
        self.pointer = pointer
    }

    deinit { XKBCalls.keymapUnref(pointer) }

    /// The keycode of a key name (`AC01`), or `nil`. Wraps `xkb_keymap_key_by_name`.
    public func keycode(named name: String) -> UInt32? { XKBCalls.keymapKeyByName(pointer, name) }

    /// The name of the first layout (`Hungarian`). Wraps `xkb_keymap_layout_get_name`.
    public var layoutName: String? { XKBCalls.keymapLayoutName(pointer) }
}

/// The state of a keyboard on a keymap: which keys and modifiers are down. Unref'd in `deinit`.
public final class XKBState {
    let pointer: OpaquePointer
    /// The keymap, kept alive with the state.
    public let keymap: XKBKeymap

    /// A state with no key down. Wraps `xkb_state_new`.
    public init(keymap: XKBKeymap) throws(XKBError) {
        guard let pointer = XKBCalls.stateNew(keymap.pointer) else { throw .libraryFailure("xkb_state_new failed") }
        self.pointer = pointer
        self.keymap = keymap
    }

    deinit { XKBCalls.stateUnref(pointer) }

    /// A key goes down or up. Wraps `xkb_state_update_key`.
    @inline(__always)
    public func updateKey(_ keycode: UInt32, down: Bool) { XKBCalls.stateUpdateKey(pointer, keycode, down: down) }

    /// The keysym the key gives now (0 for none). Wraps `xkb_state_key_get_one_sym`.
    @inline(__always)
    public func keysym(_ keycode: UInt32) -> UInt32 { XKBCalls.stateKeyGetOneSym(pointer, keycode) }

    /// The key's text now, into `buffer`; returns its length in bytes. Wraps `xkb_state_key_get_utf8`.
    @inline(__always)
    public func utf8(_ keycode: UInt32, into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int {
        XKBCalls.stateKeyGetUTF8(pointer, keycode, buffer, size)
    }
}

/// The status of a compose state, as libxkbcommon's `xkb_compose_status`.
public enum XKBComposeStatus: Hashable, Sendable {
    /// No sequence in progress.
    case nothing
    /// A sequence has started (a dead key was fed) and waits for more.
    case composing
    /// A sequence completed; its text is ready.
    case composed
    /// The keysym fed does not continue the sequence: libxkbcommon drops the whole sequence.
    case cancelled
}

/// A Compose table (the locale's Compose file, or a buffer). Unref'd in `deinit`.
public final class XKBComposeTable {
    let pointer: OpaquePointer
    /// Where the table came from, for messages and descriptions.
    public let source: String

    /// The table of a Compose file's text. Wraps `xkb_compose_table_new_from_buffer`.
    public init(buffer: String, source: String, locale: String = "C", context: XKBContext) throws(XKBError) {
        guard let pointer = XKBCalls.composeTableNewFromBuffer(context.pointer, buffer, locale: locale) else {
            throw .invalidComposeTable(source: source)
        }
        self.pointer = pointer
        self.source = source
    }

    /// The table libX11 would use for `locale` (`hu_HU.UTF-8`); when the locale has none,
    /// `fallback`'s (en_US.UTF-8, which libX11 maps most UTF-8 locales to).
    /// Wraps `xkb_compose_table_new_from_locale`.
    /// - Throws: `XKBError.missingComposeFile`, naming the locale and the files looked for.
    public init(locale: String, fallback: String? = "en_US.UTF-8", context: XKBContext) throws(XKBError) {
        var looked: [String] = []
        for candidate in [locale] + (fallback.map { [$0] } ?? []) where !looked.contains(candidate) {
            looked.append(candidate)
            if let pointer = XKBCalls.composeTableNewFromLocale(context.pointer, locale: candidate) {
                self.pointer = pointer
                self.source = ComposeFiles.describe(locale: candidate, requested: locale)
                return
            }
        }
        throw .missingComposeFile(locale: locale, lookedFor: looked.flatMap(ComposeFiles.paths(for:)))
    }

    deinit { XKBCalls.composeTableUnref(pointer) }
}

/// Feeding keysyms through a Compose table. Unref'd in `deinit`.
public final class XKBComposeState {
    let pointer: OpaquePointer
    /// The table, kept alive with the state.
    public let table: XKBComposeTable

    /// A state with no sequence in progress. Wraps `xkb_compose_state_new`.
    public init(table: XKBComposeTable) throws(XKBError) {
        guard let pointer = XKBCalls.composeStateNew(table.pointer) else {
            throw .libraryFailure("xkb_compose_state_new failed")
        }
        self.pointer = pointer
        self.table = table
    }

    deinit { XKBCalls.composeStateUnref(pointer) }

    /// Feeds one keysym; `false` when it was ignored (a modifier). Wraps `xkb_compose_state_feed`.
    @inline(__always)
    @discardableResult
    public func feed(_ keysym: UInt32) -> Bool { XKBCalls.composeStateFeed(pointer, keysym) }

    /// Forgets the sequence in progress. Wraps `xkb_compose_state_reset`.
    @inline(__always)
    public func reset() { XKBCalls.composeStateReset(pointer) }

    /// Wraps `xkb_compose_state_get_status`.
    @inline(__always)
    public var status: XKBComposeStatus { XKBCalls.composeStateStatus(pointer) }

    /// The composed text (when `status` is `.composed`). Wraps `xkb_compose_state_get_utf8`.
    public var text: String { XKBCalls.composeStateUTF8(pointer) }

    /// The composed text into `buffer`; returns its length in bytes. Wraps `xkb_compose_state_get_utf8`.
    @inline(__always)
    public func utf8(into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int {
        XKBCalls.composeStateUTF8(pointer, buffer, size)
    }
}

/// Keysyms by name and as text.
public enum XKBKeysym {
    /// The keysym's name (`dead_acute`). Wraps `xkb_keysym_get_name`.
    public static func name(_ keysym: UInt32) -> String { XKBCalls.keysymName(keysym) }
    /// The keysym with this name, 0 when there is none. Wraps `xkb_keysym_from_name`.
    public static func named(_ name: String) -> UInt32 { XKBCalls.keysymFromName(name) }
    /// The keysym's text, empty for none. Wraps `xkb_keysym_to_utf8`.
    public static func text(_ keysym: UInt32) -> String { XKBCalls.keysymToUTF8(keysym) }
}
