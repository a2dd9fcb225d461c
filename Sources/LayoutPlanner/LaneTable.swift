import LayoutCore

/// The fast lane's look-up of the text at one byte of UTF-8, with no branch on the length
/// of a scalar (in running text, which letters have two bytes follows no pattern a branch
/// predictor learns).
///
/// The lane steps one byte at a time, so that the next byte's address never waits for a
/// load (stepping a scalar at a time made each grapheme wait for its lead byte, about
/// seven cycles). The continuation byte of a two-byte scalar is a step of its own that
/// types nothing: it gives `continuationID`, which the lane's tables type from every state
/// in no way at all, and a length of 0. Everything the lane does not take gives `noneID`,
/// which the lane's tables type in no single way, so that one test stops the lane for it
/// and for a grapheme with several ways.
///
/// One block of `Int32`s, read at three places per step:
/// - per byte `b`, at `2b` and `2b + 1`: the base of the key, and the rule: the mask of the
///   next byte that is added to the base, and above it (from bit 8) the length, which is
///   also the offset of the byte that must not start a combining mark. ASCII: the byte
///   itself, mask 0, length 1. A lead 0xC2–0xCB (scalars U+0080–U+02FF): its five bits
///   shifted by six, less 0x80, mask 0xFF and length 2, so that base plus continuation
///   byte is the scalar's value. A continuation byte: `continuationKey`, mask 0, length 0.
///   Every other byte: `notSimple`, mask 0, length 0;
/// - from `idsOffset`, per key: the grapheme id of the scalar with that value if it is
///   below U+0300, not CR (which may join the LF after it) and typed by the layout, else
///   `noneID`; and `continuationID` at `continuationKey`.
///
/// Over valid UTF-8 a key is a scalar's value; over any bytes it stays below `keyCount`.
package struct LaneTable {
    private let storage: UnsafeMutablePointer<Int32>
    /// The id of every grapheme the lane does not take.
    package let noneID: Int

    private static let idsOffset = 512
    /// The key of every lead that does not start a lane grapheme.
    private static let notSimple: Int32 = 0x300
    /// The key of a continuation byte (0x80–0xBF).
    private static let continuationKey: Int32 = 0x340
    /// Above the largest key any two bytes give: the continuation key, and
    /// (0xCB & 0x1F) << 6 - 0x80 + 0xFF below it.
    package static let keyCount = 0x341

    /// The table for grapheme ids by scalar value (`idByScalar[value]`, -1 for none; it
    /// must cover U+0000–U+02FF), giving `continuationID` for continuation bytes and
    /// `noneID` for what the lane does not take (both above every grapheme id).
    package init(idByScalar: UnsafeBufferPointer<Int32>, continuationID: Int32, noneID: Int32) {
        precondition(idByScalar.count >= Int(Self.notSimple))
        self.noneID = Int(noneID)
        let count = Self.idsOffset + Self.keyCount
        storage = .allocate(capacity: count)
        storage.initialize(repeating: noneID, count: count)
        for byte in 0..<256 {
            let (base, mask, length): (Int32, Int32, Int32) =
                switch byte {
                case 0..<0x80: (Int32(byte), 0, 1)
                case 0x80..<0xC0: (Self.continuationKey, 0, 0)
                case 0xC2..<0xCC: (Int32(byte & 0x1F) << 6 - 0x80, 0xFF, 2)
                default: (Self.notSimple, 0, 0)
                }
            storage[2 * byte] = base
            storage[2 * byte + 1] = mask | length << 8
        }
        for value in 0..<Int(Self.notSimple) where value != 0x0D && idByScalar[value] >= 0 {
            storage[Self.idsOffset + value] = idByScalar[value]
        }
        storage[Self.idsOffset + Int(Self.continuationKey)] = continuationID
    }

    /// Frees the storage; the table is not used after.
    package func deallocate() { storage.deallocate() }

    /// At a grapheme's start: when it is one scalar below U+0300, not CR, and the byte after
    /// it is below 0xCC (no combining mark follows), its id (`noneID` when the layout has
    /// none) and its length in bytes; `noneID` otherwise. At the continuation byte of a
    /// two-byte scalar: `continuationID` and 0.
    /// - Precondition: the two bytes after `start` are in the text (the scalar's second
    ///   byte, if any, and the one after the scalar).
    @inline(__always)
    package func step(at start: UnsafePointer<UInt8>) -> (id: Int, length: Int) {
        let byte = Int(start[0])
        let rule = Int(storage[byte &<< 1 &+ 1])
        let length = rule &>> 8
        guard start[length] < 0xCC else { return (noneID, length) }
        return (Int(storage[Self.idsOffset &+ key(byte, Int(start[1]))]), length)
    }

    /// The key of the bytes `lead` and `second` (the rule's length, above bit 8, is masked
    /// off by the byte).
    @inline(__always)
    package func key(_ lead: Int, _ second: Int) -> Int {
        Int(storage[lead &<< 1]) &+ (second & Int(storage[lead &<< 1 &+ 1]))
    }
}
