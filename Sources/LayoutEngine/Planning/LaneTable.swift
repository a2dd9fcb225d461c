/// The fast lane's look-up of the grapheme at a place in UTF-8 text, with no branch on the
/// length of its first scalar (in running text, which letters have two bytes follows no
/// pattern a branch predictor learns).
///
/// One block of `Int32`s, read at three places per grapheme:
/// - per lead byte `b`, at `2b` and `2b + 1`: the base of the key and the mask of the next
///   byte that is added to it. ASCII: the byte itself and 0. A lead 0xC2–0xCB (scalars
///   U+0080–U+02FF): its five bits shifted by six, less 0x80, and 0xFF, so that base plus
///   continuation byte is the scalar's value. Every other byte: `notSimple` and 0;
/// - from `idsOffset`, per key: the grapheme id of the scalar with that value if it is
///   below U+0300 and not CR (which may join the LF after it), else -1.
///
/// Over valid UTF-8 a key is a scalar's value; over any bytes it stays below `keyCount`.
struct LaneTable {
    private let storage: UnsafeMutablePointer<Int32>

    private static let idsOffset = 512
    /// The key of every lead that does not start a lane grapheme.
    private static let notSimple: Int32 = 0x300
    /// Above the largest key any two bytes give: (0xCB & 0x1F) << 6 - 0x80 + 0xFF.
    static let keyCount = 0x340

    /// The table for grapheme ids by scalar value (`idByScalar[value]`, -1 for none; it
    /// must cover U+0000–U+02FF).
    init(idByScalar: UnsafeBufferPointer<Int32>) {
        precondition(idByScalar.count >= Int(Self.notSimple))
        let count = Self.idsOffset + Self.keyCount
        storage = .allocate(capacity: count)
        storage.initialize(repeating: -1, count: count)
        for lead in 0..<256 {
            let (base, mask): (Int32, Int32) =
                switch lead {
                case 0..<0x80: (Int32(lead), 0)
                case 0xC2..<0xCC: (Int32(lead & 0x1F) << 6 - 0x80, 0xFF)
                default: (Self.notSimple, 0)
                }
            storage[2 * lead] = base
            storage[2 * lead + 1] = mask
        }
        for value in 0..<Int(Self.notSimple) where value != 0x0D {
            storage[Self.idsOffset + value] = idByScalar[value]
        }
    }

    /// Frees the storage; the table is not used after.
    func deallocate() { storage.deallocate() }

    /// The grapheme at `start` when it is one scalar below U+0300, not CR, and the byte
    /// after it is below 0xCC (no combining mark follows): its id (-1 when the layout has
    /// none) and its length in bytes. The id -1 otherwise.
    /// - Precondition: the two bytes after `start` are in the text (the scalar's second
    ///   byte, if any, and the one after the scalar).
    @inline(__always)
    func grapheme(at start: UnsafePointer<UInt8>) -> (id: Int, length: Int) {
        let lead = Int(start[0])
        // The length from the lead alone (1 or 2 for a lane scalar), not from the table: the
        // next grapheme's address then waits for one load, not two.
        let length = 1 &+ lead &>> 7
        guard start[length] < 0xCC else { return (-1, length) }
        return (Int(storage[Self.idsOffset &+ key(lead, Int(start[1]))]), length)
    }

    /// The key of a grapheme whose first two bytes are `lead` and `second`.
    @inline(__always)
    func key(_ lead: Int, _ second: Int) -> Int {
        Int(storage[lead &<< 1]) &+ (second & Int(storage[lead &<< 1 &+ 1]))
    }
}
