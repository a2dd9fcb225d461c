import LayoutEngine
import Synchronization

/// The built-in layouts as `pk_layout_open_id` opens them, made once a process.
///
/// A layout, its host keys and its key names are immutable, and making them is most of what
/// opening costs (parsing the file, checking it, mapping it to a US keyboard): a host that
/// opens a layout for every input context, or a program that opens and frees in a loop, pays
/// it once per id. Each open still gets a handle of its own, freed on its own; only what the
/// handles hold is shared. Not used while `KBD_LAYOUTS_DIR` is set, whose files can change.
enum BuiltInLayoutCache {
    private static let opened = Mutex<[String: (result: LayoutLoader.Result, handle: LayoutHandle)]>([:])

    /// The loader's result for built-in layout `id` and the handle contents made from it, or
    /// `nil` when no built-in layout has that id or it does not load.
    static func open(_ id: String) -> (result: LayoutLoader.Result, handle: LayoutHandle)? {
        if let found = opened.withLock({ $0[id] }) { return found }
        guard let result = LayoutCatalog.readBuiltIn(id), let layout = result.layout else { return nil }
        let made = (result: result, handle: LayoutHandle(layout: layout))
        // Two threads may make the same layout at once; the first one stored is kept.
        return opened.withLock { table in
            if let first = table[id] { return first }
            table[id] = made
            return made
        }
    }
}
