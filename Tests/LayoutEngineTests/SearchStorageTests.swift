import Testing

@testable import LayoutEngine

/// The search's held choices (`SearchStorage`): written in place row by row, kept across the
/// storage's growth, and walked back from any end state.
struct SearchStorageTests {
    @Test("choices held over many steps, past every growth, walk back to the ones written")
    func heldAcrossGrowth() {
        let stateCount = 5
        let storage = SearchStorage(stateCount: stateCount)
        let steps = 300  // the storage starts with room for 64 and doubles
        for step in 0..<steps {
            let row = storage.nextChoiceRow()
            // From state s the step before, every state reaches (s + step) % 5 by option step·10 + s.
            for from in 0..<stateCount {
                let end = (from + step) % stateCount
                row[end] = SearchStorage.Choice(from: Int32(from), option: Int32(step * 10 + from))
            }
            storage.pushSegmentStep(1000 + step)
        }
        #expect(storage.segmentCount == steps)
        #expect((0..<steps).allSatisfy { storage.segmentIDs[$0] == Int32(1000 + $0) })
        for end in 0..<stateCount {
            let chosen = storage.chosen(ending: end)
            var state = end
            var walkedBack = 0
            for step in stride(from: steps - 1, through: 0, by: -1) {
                let from = (state - step % stateCount + stateCount * 2) % stateCount
                if chosen[step].from == Int32(from), chosen[step].option == Int32(step * 10 + from) { walkedBack += 1 }
                state = from
            }
            #expect(walkedBack == steps, "end state \(end)")
        }
    }
}
