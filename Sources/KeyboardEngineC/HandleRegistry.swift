import Synchronization

/// The live handles of one kind (layouts or sessions) that the C interface has given out.
///
/// A handle is a token, never the address of memory: 16 bits of magic naming the kind, 24
/// bits of the slot's generation and 24 bits of slot index + 1, packed into a pointer-sized
/// value. `object(for:)` decodes it and checks all three against the table, so a NULL, freed
/// (the slot's generation moved on) or foreign handle (a real pointer: its high bits are not
/// the magic) gives `nil`, and nothing a caller passes is ever dereferenced.
///
/// - Complexity: O(1) for every operation, under one lock.
final class HandleRegistry<Object: AnyObject & Sendable>: Sendable {
    /// One slot of the table: the object held, and how often the slot was used.
    private struct Slot {
        var generation: UInt64
        var object: Object?
    }

    /// The table and its free slots.
    private struct Table {
        var slots: [Slot] = []
        var free: [Int] = []
    }

    private static var indexBits: UInt64 { 24 }
    private static var generationBits: UInt64 { 24 }
    private static var fieldMask: UInt64 { (1 << 24) - 1 }

    /// The 16-bit magic of this kind's handles.
    private let magic: UInt64
    private let table = Mutex(Table())

    /// A registry whose handles carry `magic` (distinct per kind) in their top 16 bits.
    init(magic: UInt16) { self.magic = UInt64(magic) }

    /// Registers `object` and returns its new handle, or `nil` when the table is full
    /// (16,777,215 live handles).
    func insert(_ object: Object) -> OpaquePointer? {
        table.withLock { table -> OpaquePointer? in
            let index: Int
            if let reused = table.free.popLast() {
                index = reused
            } else {
                guard UInt64(table.slots.count) < Self.fieldMask else { return nil }
                table.slots.append(Slot(generation: 0, object: nil))
                index = table.slots.count - 1
            }
            table.slots[index].object = object
            return token(index: index, generation: table.slots[index].generation)
        }
    }

    /// The live object of `handle`, or `nil` for NULL, freed and foreign handles.
    func object(for handle: OpaquePointer?) -> Object? {
        guard let index = index(of: handle) else { return nil }
        return table.withLock { table in
            guard index.slot < table.slots.count, table.slots[index.slot].generation == index.generation else {
                return nil
            }
            return table.slots[index.slot].object
        }
    }

    /// Unregisters `handle`'s object and returns it, or `nil` when the handle is not live.
    /// The slot's generation moves on, so the handle never names an object again (until the
    /// generation wraps, after 16,777,216 uses of the same slot).
    func remove(_ handle: OpaquePointer?) -> Object? {
        guard let index = index(of: handle) else { return nil }
        return table.withLock { table -> Object? in
            guard index.slot < table.slots.count, table.slots[index.slot].generation == index.generation,
                let object = table.slots[index.slot].object
            else { return nil }
            table.slots[index.slot].object = nil
            table.slots[index.slot].generation = (index.generation + 1) & Self.fieldMask
            table.free.append(index.slot)
            return object
        }
    }

    /// The handle of slot `index` in `generation`.
    private func token(index: Int, generation: UInt64) -> OpaquePointer? {
        let bits = magic << (Self.indexBits + Self.generationBits) | generation << Self.indexBits | UInt64(index + 1)
        return OpaquePointer(bitPattern: UInt(truncatingIfNeeded: bits))
    }

    /// The slot and generation a handle names, when it carries this kind's magic.
    private func index(of handle: OpaquePointer?) -> (slot: Int, generation: UInt64)? {
        guard let handle else { return nil }
        let bits = UInt64(UInt(bitPattern: handle))
        guard bits >> (Self.indexBits + Self.generationBits) == magic else { return nil }
        let slot = bits & Self.fieldMask
        guard slot != 0 else { return nil }
        return (Int(slot - 1), (bits >> Self.indexBits) & Self.fieldMask)
    }
}
