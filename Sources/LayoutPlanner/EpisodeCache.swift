import LayoutCore

/// Remembers the search's short detours: from a state where one state survives, two to
/// four graphemes after which again one survives (a capital and the letter after it; a
/// comma, a space and a letter; a full stop, a space, a capital and a letter), or one
/// grapheme that ends the text, with the ways chosen and the end state.
///
/// Such an episode is decided by its start state and its graphemes alone (the costs start
/// at zero there, and graphemes that depend on the one before are never kept), so a
/// remembered answer is the search's own, and the planner can skip the search when the
/// same graphemes come again. A fixed table, each key in one slot: a newer episode
/// replaces an older one in the same slot.
final class EpisodeCache {
    /// An episode's start state and graphemes, packed: 16 bits each.
    struct Key: Equatable {
        fileprivate let value: UInt64
        fileprivate let fourth: UInt32

        /// Marks the end of the text in place of a grapheme id.
        static let endOfText = 0xFFFE
        private static let none: UInt64 = 0xFFFF

        /// The episode from `state` through `first`, `second` and, if not -1, `third` and
        /// then `fourth`.
        @inline(__always)
        init(state: Int, _ first: Int, _ second: Int, _ third: Int = -1, _ fourth: Int = -1) {
            let last = third < 0 ? Self.none : UInt64(truncatingIfNeeded: third)
            value =
                UInt64(truncatingIfNeeded: state) << 48 | UInt64(truncatingIfNeeded: first) << 32
                | UInt64(truncatingIfNeeded: second) << 16 | last
            self.fourth = fourth < 0 ? UInt32(Self.none) : UInt32(truncatingIfNeeded: fourth)
        }
    }

    /// An episode's ways, in text order (those past its graphemes unused), and its end state.
    struct Entry {
        var key: UInt64
        var ways: (Int32, Int32, Int32, Int32)
        /// The end state's dense index, -1 for an empty slot.
        var end: Int32
        var fourth: UInt32
    }

    private static let slotBits = 13
    /// The slots, looked up through a value that holds no reference (the cache owns them):
    /// binding the cache itself would retain and release it, atomically, around every step.
    let slots: Slots

    init() {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: 1 << Self.slotBits)
        entries.initialize(repeating: Entry(key: 0, ways: (0, 0, 0, 0), end: -1, fourth: 0), count: 1 << Self.slotBits)
        slots = Slots(entries: entries)
    }

    deinit { slots.entries.deallocate() }

    /// Whether keys can hold a planner's states and grapheme ids (below 2¹⁶ and 0xFFFE).
    static func fits(stateCount: Int, graphemeCount: Int) -> Bool {
        stateCount < 1 << 16 && graphemeCount < Key.endOfText
    }

    /// The cache's slots, valid while the cache exists.
    struct Slots {
        fileprivate let entries: UnsafeMutablePointer<Entry>

        @inline(__always)
        private func slot(_ key: Key) -> UnsafeMutablePointer<Entry> {
            entries
                + Int(
                    truncatingIfNeeded: ((key.value ^ UInt64(key.fourth) << 5) &* 0x9E37_79B9_7F4A_7C15)
                        >> UInt64(64 - EpisodeCache.slotBits))
        }

        /// The remembered episode with `key`, if any.
        @inline(__always)
        func entry(_ key: Key) -> Entry? {
            let entry = slot(key).pointee
            return entry.end >= 0 && entry.key == key.value && entry.fourth == key.fourth ? entry : nil
        }

        /// Remembers an episode.
        func remember(_ key: Key, ways: (Int32, Int32, Int32, Int32), end: Int) {
            slot(key).pointee = Entry(
                key: key.value, ways: ways, end: Int32(truncatingIfNeeded: end), fourth: key.fourth)
        }
    }
}
