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
