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

    /// The composed text into `buffer` of `size` bytes; returns the length in bytes written,
    /// at most `size` − 1 (a longer text is cut). Wraps `xkb_compose_state_get_utf8`.
    @inline(__always)
    public func utf8(into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int {
        XKBCalls.composeStateUTF8(pointer, buffer, size)
    }
}
