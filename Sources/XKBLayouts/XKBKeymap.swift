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
