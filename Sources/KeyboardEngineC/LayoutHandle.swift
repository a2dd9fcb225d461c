import CPostfixKeyboard
import KeyboardHost
import LayoutEngine
import Synchronization

/// What a `pk_layout` handle holds: an immutable layout and its host keys, shared by every
/// session made on it.
final class LayoutHandle: Sendable {
    /// The layout.
    let layout: Layout
    /// The layout's keys as a US keyboard reaches them (`PhysicalKeyMap`, as kbdsim and IBus).
    let hostKeys: HostKeys
    /// Every key's name and every layer's names, aliases, ids and labels: a host asks a key by
    /// name at every keystroke (the fcitx5 add-on, for the alternates of the key it typed).
    let names: KeyNameTable

    /// The planner that finds the keys of a character the shown layer has no key for, made at
    /// the first such keysym on any session of the layout; sessions copy it (its tables are
    /// shared and immutable).
    private let planner = Mutex<KeystrokePlanner?>(nil)

    /// Holds `layout`, computing its host keys and key names once.
    init(layout: Layout) {
        self.layout = layout
        self.hostKeys = HostKeys(layout: layout)
        self.names = KeyNameTable(layout: layout)
    }

    /// The live layouts the C interface gave out ("PL" in their top bits).
    static let registry = HandleRegistry<LayoutHandle>(magic: 0x504C)

    /// The layout's planner, made once.
    func sharedPlanner() -> KeystrokePlanner {
        planner.withLock { planner in
            if let planner { return planner }
            let made = KeystrokePlanner(layout: layout)
            planner = made
            return made
        }
    }

    /// The key with index `key`, when the layout has it.
    func key(_ key: UInt32) -> Key? {
        Int(exactly: key).flatMap { $0 < layout.keys.count ? layout.keys[$0] : nil }
    }
}

/// Opening layouts: the result of a load as a status, a handle and the diagnostics text.
enum LayoutOpening {
    /// Turns a loader result into a handle (stored in `out`) or an error status; writes the
    /// diagnostics, one per line, to the caller's buffer. `made` is what the handle holds when
    /// it was made before (`BuiltInLayoutCache`); else it is made from the result's layout.
    static func finish(
        _ result: LayoutLoader.Result, unknownID: Bool, out: UnsafeMutablePointer<OpaquePointer?>,
        diagnostics: UnsafeMutablePointer<CChar>?, size: Int, length: UnsafeMutablePointer<Int>?,
        made: LayoutHandle? = nil
    ) -> pk_status {
        out.pointee = nil
        let text = result.diagnostics.map { $0.description }.joined(separator: "\n")
        CText.copyDiagnostics(text, to: diagnostics, size: size, length: length)
        guard let layout = result.layout else {
            return unknownID ? PK_ERROR_UNKNOWN_LAYOUT : PK_ERROR_LAYOUT_INVALID
        }
        guard let handle = LayoutHandle.registry.insert(made ?? LayoutHandle(layout: layout)) else {
            return PK_ERROR_OUT_OF_RANGE
        }
        out.pointee = handle
        return PK_OK
    }
}
