import Testing

@testable import LayoutEngine

/// The fast lane's branch-free look-up (`LaneTable`) against the planner's checked one
/// (`PlanSearch.simpleGrapheme`), which the lane uses near the end of a text.
struct LaneTableTests {
    /// Every scalar below U+0800 and a few longer ones, each encoded.
    static let scalars: [[UInt8]] =
        (0..<0x800).compactMap { Unicode.Scalar($0).map { Array(String($0).utf8) } }
        + [0x0800, 0x0981, 0x2013, 0x201E, 0xFEFF, 0x1F1E6, 0x1F469, 0x10FFFF].map {
            Array(String(Unicode.Scalar($0)!).utf8)
        }

    /// What may follow: letters, CR, LF, a combining acute (lead 0xCC), U+02FF (lead 0xCB,
    /// the last lane lead), U+0370 (lead 0xCD, no mark), a quotation mark, an emoji.
    static let followers: [[UInt8]] = ["a", "\r", "\n", "\u{301}", "\u{2FF}", "\u{370}", "„", "👩", " "].map {
        Array($0.utf8)
    }

    /// `text`'s first grapheme by both look-ups, and the lane's step at its second byte when
    /// that continues a lane scalar; its number of typeable scalars in `typeable`.
    static func compare(
        _ text: [UInt8], lane: LaneTable, continuationID: Int, idByScalar: UnsafePointer<Int32>, typeable: inout Int
    ) {
        text.withUnsafeBufferPointer { bytes in
            let checked = PlanSearch.simpleGrapheme(bytes, at: 0, idByScalar)
            let found = lane.step(at: bytes.baseAddress!)
            if checked.id >= 0 {
                typeable += 1
                #expect(found.id == checked.id && found.length == checked.end, "\(text)")
            } else {
                #expect(found.id == lane.noneID, "\(text): lane \(found), checked \(checked)")
            }
            // The continuation byte of a scalar the lane takes: a step that adds nothing.
            if found.length == 2 {
                let continued = lane.step(at: bytes.baseAddress! + 1)
                #expect(continued.id == continuationID && continued.length == 0, "\(text): \(continued)")
            }
        }
    }

    @Test(
        "the same grapheme ids and ends as the checked look-up",
        arguments: ["hu-touch", "hu-extended", "cs-touch", "da-touch"])
    func agreesWithCheckedLookUp(_ id: String) throws {
        let tables = KeystrokePlanner(layout: try LayoutCatalog.load(id)).tables
        var typeable = 0
        for scalar in Self.scalars {
            for follower in Self.followers {
                Self.compare(
                    scalar + follower, lane: tables.lane, continuationID: tables.graphemes.count,
                    idByScalar: tables.graphemeIDByScalar.baseAddress!, typeable: &typeable)
            }
        }
        // The layout types its letters: the comparison is not vacuous.
        #expect(typeable > 300)
    }

    /// A table where every scalar has an id (its value), CR and the edges of the lane's
    /// range included, which no shipped layout types.
    @Test("every scalar with an id: the same as the checked look-up")
    func everyScalarTypeable() {
        let limit = Int32(PlannerTables.scalarLookupLimit)
        let ids = (0..<limit).map { $0 }
        ids.withUnsafeBufferPointer { idByScalar in
            let lane = LaneTable(idByScalar: idByScalar, continuationID: limit, noneID: limit + 1)
            defer { lane.deallocate() }
            var typeable = 0
            for scalar in Self.scalars {
                for follower in Self.followers {
                    Self.compare(
                        scalar + follower, lane: lane, continuationID: Int(limit),
                        idByScalar: idByScalar.baseAddress!, typeable: &typeable)
                }
            }
            // Every scalar below U+0300 but CR, before the five followers that are no mark.
            #expect(typeable == (0x300 - 1) * 5)
        }
    }

    @Test("any two bytes give a key inside the table")
    func keysStayInside() throws {
        let tables = KeystrokePlanner(layout: try LayoutCatalog.load("hu-touch")).tables
        var outside = 0
        for lead in 0..<256 {
            for second in 0..<256 {
                let key = tables.lane.key(lead, second)
                if key < 0 || key >= LaneTable.keyCount { outside += 1 }
            }
        }
        #expect(outside == 0)
    }
}
